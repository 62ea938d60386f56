//! Nim (Bouton), misère Nim, Moore's Nim_K and sums of heaps of any heap game: binary columns,
//! their XOR (or counts modulo K + 1), and the heap that must change.

use super::{heap_labels, join_list, plural_of, tr, write_binary_table, MOVES_SHOWN};
use crate::analysis::Analysis;
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::nimber::NimInt;
use crate::outcome::Outcome;
use crate::rules::nim::{self, NimMove};
use std::fmt::Write;

fn listed<T: ToString>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// Explains a Nim position under normal play.
pub fn nim<T: NimInt>(heaps: &[T], lang: Lang) -> String {
    let mut out = String::new();
    let nim_sum = nim::value(heaps);
    let _ =
        writeln!(out, "{}\n", tr(lang, "explain-nim-header", &args![("position", listed(heaps))]));
    write_binary_table(&mut out, lang, false, &heap_labels(lang, heaps.len()), heaps, &nim_sum);
    if nim_sum.is_zero() {
        let key =
            if heaps.iter().all(NimInt::is_zero) { "explain-nim-empty" } else { "explain-nim-p" };
        let _ = writeln!(out, "{}", tr(lang, key, &Args::new()));
        return out;
    }
    let moves = nim::winning_moves(heaps);
    write_zeroing_moves(&mut out, lang, heaps, &nim_sum, &moves);
    out
}

/// Explains a Nim position under misère play.
pub fn misere_nim<T: NimInt>(heaps: &[T], lang: Lang) -> String {
    let mut out = String::new();
    let nim_sum = nim::value(heaps);
    let _ = writeln!(
        out,
        "{}\n",
        tr(lang, "explain-misere-header", &args![("position", listed(heaps))])
    );
    let _ = writeln!(out, "{}\n", tr(lang, "explain-misere-rule", &Args::new()));
    write_binary_table(&mut out, lang, false, &heap_labels(lang, heaps.len()), heaps, &nim_sum);
    let n_big = heaps.iter().filter(|h| h.bit_length() >= 2).count();
    let moves = nim::misere::winning_moves(heaps);
    let outcome = nim::misere::outcome(heaps);
    if n_big == 0 {
        let n_ones = heaps.iter().filter(|h| !h.is_zero()).count();
        let _ = writeln!(out, "{}", tr(lang, "explain-misere-thin", &args![("n", n_ones)]));
        if outcome == Outcome::P {
            let _ = writeln!(
                out,
                "{}",
                tr(lang, "explain-misere-thin-p", &args![("sum", nim_sum.to_string())])
            );
        } else if n_ones == 0 {
            let _ = writeln!(out, "{}", tr(lang, "explain-misere-thin-none", &Args::new()));
        } else {
            let _ = writeln!(
                out,
                "{}",
                tr(lang, "explain-misere-thin-n", &args![("sum", nim_sum.to_string())])
            );
            write_take_lines(&mut out, lang, &moves);
            write_misere_check(&mut out, lang, heaps, &moves);
        }
        return out;
    }
    if nim_sum.is_zero() {
        let _ = writeln!(out, "{}", tr(lang, "explain-misere-fat-p", &Args::new()));
        return out;
    }
    let _ =
        writeln!(out, "{}", tr(lang, "explain-misere-fat-n", &args![("sum", nim_sum.to_string())]));
    if n_big == 1 {
        let heap_idx = heaps.iter().position(|h| h.bit_length() >= 2).unwrap_or(0);
        let ones = heaps.iter().enumerate().filter(|(i, h)| *i != heap_idx && !h.is_zero()).count();
        let _ = writeln!(
            out,
            "{}",
            tr(
                lang,
                "explain-misere-one-big",
                &args![
                    ("i", heap_idx + 1),
                    ("ones", ones),
                    ("target", if ones % 2 == 0 { 1 } else { 0 })
                ]
            )
        );
    }
    write_take_lines(&mut out, lang, &moves);
    write_misere_check(&mut out, lang, heaps, &moves);
    out
}

/// The check after the first winning move of misère Nim: what the rule says of the heaps left.
fn write_misere_check<T: NimInt>(out: &mut String, lang: Lang, heaps: &[T], moves: &[NimMove<T>]) {
    let Some(first) = moves.first() else { return };
    let mut after = heaps.to_vec();
    after[first.heap_idx] = first.to.clone();
    let sum = nim::value(&after);
    let thin = after.iter().all(|h| h.bit_length() < 2);
    let arguments = args![
        ("after", listed(&after)),
        ("sum", sum.to_string()),
        ("ones", after.iter().filter(|h| !h.is_zero()).count())
    ];
    let key = if thin { "explain-misere-check-thin" } else { "explain-misere-check-fat" };
    debug_assert_eq!(nim::misere::outcome(&after), Outcome::P);
    let _ = writeln!(out, "\n{}", tr(lang, key, &arguments));
}

fn write_zeroing_moves<T: NimInt>(
    out: &mut String,
    lang: Lang,
    heaps: &[T],
    nim_sum: &T,
    moves: &[NimMove<T>],
) {
    let top_bit = nim_sum.bit_length() - 1;
    let top_worth = T::from_u64(1).to_biguint() << top_bit;
    let holders: Vec<String> = moves
        .iter()
        .map(|m| {
            tr(
                lang,
                "explain-nim-holder",
                &args![("i", m.heap_idx + 1), ("heap", m.from.to_string())],
            )
        })
        .collect();
    let arguments = args![
        ("sum", nim_sum.to_string()),
        ("worth", top_worth.to_string()),
        ("holders", join_list(lang, &holders)),
        ("count", moves.len())
    ];
    let _ = writeln!(out, "{}\n", tr(lang, "explain-nim-n", &arguments));
    for m in moves {
        let taken = m.taken();
        let arguments = args![
            ("i", m.heap_idx + 1),
            ("from", m.from.to_string()),
            ("sum", nim_sum.to_string()),
            ("to", m.to.to_string()),
            ("taken", taken.to_string()),
            ("count", plural_of(&taken.to_biguint()))
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-nim-move", &arguments));
    }
    if let Some(first) = moves.first() {
        let mut after: Vec<T> = heaps.to_vec();
        after[first.heap_idx] = first.to.clone();
        let arguments = args![("after", listed(&after)), ("value", nim::value(&after).to_string())];
        let _ = writeln!(out, "\n{}", tr(lang, "explain-nim-after", &arguments));
    }
    debug_assert!(heaps.iter().filter(|h| h.bit(top_bit)).count() == moves.len());
}

fn write_take_lines<T: NimInt>(out: &mut String, lang: Lang, moves: &[NimMove<T>]) {
    let _ = writeln!(out, "\n{}", tr(lang, "explain-winning-moves-title", &Args::new()));
    for m in moves {
        let taken = m.taken();
        let arguments = args![
            ("taken", taken.to_string()),
            ("count", plural_of(&taken.to_biguint())),
            ("i", m.heap_idx + 1),
            ("from", m.from.to_string()),
            ("to", m.to.to_string())
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-take-move", &arguments));
    }
}

/// Explains a position of Moore's Nim_K by Moore's theorem: the heaps in binary columns, each
/// column's count of 1s taken modulo K + 1, and the moves that make every count a multiple.
pub fn moore(
    heaps: &[num_bigint::BigUint],
    max_heaps_per_move: u64,
    answer: &Analysis,
    lang: Lang,
) -> String {
    let mut out = String::new();
    let modulus = max_heaps_per_move + 1;
    let k = max_heaps_per_move;
    let listed_heaps = listed(heaps);
    let _ = writeln!(
        out,
        "{}\n",
        tr(lang, "explain-moore-header", &args![("position", listed_heaps), ("k", k)])
    );
    let n_bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0).max(1);
    let labels = heap_labels(lang, heaps.len());
    let count_label = tr(lang, "explain-count-label", &Args::new());
    let label_width = labels
        .iter()
        .chain(std::iter::once(&count_label))
        .map(|l| super::display_width(l))
        .max()
        .unwrap_or(1);
    let texts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let decimal_width = texts.iter().map(String::len).max().unwrap_or(1);
    let _ = writeln!(out, "{}\n", tr(lang, "explain-moore-binary-intro", &Args::new()));
    for (heap_idx, heap) in heaps.iter().enumerate() {
        let bits: String =
            (0..n_bits).rev().map(|bit| if heap.bit(bit) { '1' } else { '0' }).collect();
        let _ = writeln!(
            out,
            "  {}  {} = {bits}",
            super::pad(&labels[heap_idx], label_width),
            super::pad_left(&texts[heap_idx], decimal_width)
        );
    }
    let counts = column_counts(heaps, n_bits, modulus);
    let _ = writeln!(out, "  {}", "-".repeat(label_width + decimal_width + n_bits as usize + 5));
    let _ = writeln!(
        out,
        "  {}  {}   {}",
        super::pad(&count_label, label_width),
        " ".repeat(decimal_width),
        counts_text(&counts)
    );
    let _ = writeln!(
        out,
        "\n{}",
        tr(lang, "explain-moore-theorem", &args![("mod", modulus), ("k", k)])
    );
    if answer.outcome == Outcome::P {
        let _ =
            writeln!(out, "\n{}", tr(lang, "explain-moore-p", &args![("mod", modulus), ("k", k)]));
        return out;
    }
    let _ = writeln!(out, "\n{}", tr(lang, "explain-moore-n", &args![("mod", modulus), ("k", k)]));
    if answer.winning_moves.is_empty() {
        return out;
    }
    let _ = writeln!(out, "\n{}", tr(lang, "explain-winning-moves-title", &Args::new()));
    for m in answer.winning_moves.iter().take(MOVES_SHOWN) {
        let changes: Vec<String> = m
            .changes
            .iter()
            .map(|c| {
                tr(
                    lang,
                    "explain-moore-change",
                    &args![("i", c.component + 1), ("from", c.from.clone()), ("to", c.to.clone())],
                )
            })
            .collect();
        let arguments = args![("changes", join_list(lang, &changes)), ("after", m.after.join(" "))];
        let _ = writeln!(out, "  {}", tr(lang, "explain-moore-move", &arguments));
    }
    super::write_more_moves(&mut out, lang, answer.winning_moves.len());
    if let Some(first) = answer.winning_moves.first() {
        let after: Option<Vec<num_bigint::BigUint>> =
            first.after.iter().map(|t| t.parse().ok()).collect();
        if let Some(after) = after {
            let after_bits = after.iter().map(|h| h.bits()).max().unwrap_or(0).max(1);
            let counts = column_counts(&after, after_bits, modulus);
            let arguments = args![
                ("after", first.after.join(" ")),
                ("counts", counts_text(&counts)),
                ("mod", modulus)
            ];
            let _ = writeln!(out, "\n{}", tr(lang, "explain-moore-check", &arguments));
        }
    }
    out
}

/// Each column's count of 1s modulo `modulus`, highest column first.
fn column_counts(heaps: &[num_bigint::BigUint], n_bits: u64, modulus: u64) -> Vec<u64> {
    (0..n_bits)
        .rev()
        .map(|bit| heaps.iter().filter(|h| h.bit(bit)).count() as u64 % modulus)
        .collect()
}

fn counts_text(counts: &[u64]) -> String {
    counts.iter().map(|c| char::from_digit((*c % 36) as u32, 36).unwrap_or('?')).collect()
}

/// Explains a sum of heaps of a heap game the way the lessons compute it: for bounded Nim the
/// formula n mod (m + 1) and why; the table of g(n) for n up to the largest heap, each value the
/// mex of its options' values (shortened past a few dozen rows, and the proven period named
/// when one is used), then the heaps' values in binary columns and their XOR, then each winning
/// move as "heap i has value v; it must become v XOR x; this option has that value".
pub fn heap_sum(
    game: &crate::rules::heap::HeapGame,
    heaps: &[u64],
    values: &crate::sequence::HeapValues,
    answer: &Analysis,
    lang: Lang,
) -> String {
    use crate::ruleset::{Options, Ruleset};
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}\n",
        tr(
            lang,
            "explain-heap-header",
            &args![("position", listed(heaps)), ("game", game.name.clone())]
        )
    );
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let value = |n: u64| values.value(n).unwrap_or(0);
    if let Some(max_take) = bounded_max_take(game) {
        let modulus = max_take + 1;
        let _ = writeln!(
            out,
            "{}\n",
            tr(lang, "explain-bounded-formula", &args![("m", max_take), ("mod", modulus)])
        );
        let mut distinct: Vec<u64> = heaps.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        for n in distinct {
            let _ = writeln!(out, "  g({n}) = {n} mod {modulus} = {}", n % modulus);
        }
        let _ = writeln!(out, "\n{}\n", tr(lang, "explain-bounded-table", &Args::new()));
    } else {
        let _ = writeln!(out, "{}\n", tr(lang, "explain-heap-mex-intro", &Args::new()));
    }
    const SHOWN: u64 = 30;
    let rows: Vec<u64> = if largest <= SHOWN {
        (0..=largest).collect()
    } else {
        let mut rows: Vec<u64> = (0..20).collect();
        let mut tail: Vec<u64> = heaps.iter().copied().filter(|&h| h >= 20).collect();
        tail.sort_unstable();
        tail.dedup();
        rows.extend(tail);
        rows
    };
    let mut options = Options::new();
    let mut previous: Option<u64> = None;
    for &n in &rows {
        if previous.is_some_and(|p| n > p + 1) {
            out.push_str("  …\n");
        }
        previous = Some(n);
        options.clear();
        let expanded = n <= 4096 && game.options(&n, &mut options).is_ok();
        if expanded {
            let mut seen: Vec<u64> = options
                .iter()
                .map(|parts| parts.iter().fold(0, |acc, &p| acc ^ value(p)))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            let shown: Vec<String> = seen.iter().take(16).map(u64::to_string).collect();
            let more = if seen.len() > 16 { ", …" } else { "" };
            let _ = writeln!(out, "  g({n}) = mex{{{}{more}}} = {}", shown.join(", "), value(n));
        } else {
            let _ = writeln!(out, "  g({n}) = {}", value(n));
        }
    }
    if let Some(period) = values.period().filter(|p| (p.proven_at as u64) < largest) {
        let arguments = args![
            ("proven", period.proven_at),
            ("preperiod", period.preperiod),
            ("period", period.period),
            ("saltus", period.saltus),
            ("proof", proof_words(lang, &period.proof))
        ];
        let _ = writeln!(out, "\n{}", tr(lang, "explain-heap-period", &arguments));
    }
    let component_values: Vec<u64> = heaps.iter().map(|&h| value(h)).collect();
    let total = component_values.iter().fold(0, |acc, v| acc ^ v);
    let _ = writeln!(out, "\n{}\n", tr(lang, "explain-heap-xor-intro", &Args::new()));
    // Each heap's size beside its value: "heap 1: g(5)   4 = 100".
    let labels: Vec<String> = heaps
        .iter()
        .enumerate()
        .map(|(idx, &size)| {
            tr(
                lang,
                "explain-heap-value-label",
                &crate::i18n::args![("i", idx + 1), ("size", size)],
            )
        })
        .collect();
    write_binary_table(&mut out, lang, true, &labels, &component_values, &total);
    if total == 0 {
        let _ = writeln!(out, "{}", tr(lang, "explain-heap-p", &Args::new()));
        return out;
    }
    let _ = writeln!(out, "{}", tr(lang, "explain-heap-n", &args![("total", total)]));
    for m in answer.winning_moves.iter().take(MOVES_SHOWN) {
        let v = component_values[m.component];
        let parts: Vec<u64> = m.to.iter().filter_map(|t| t.parse().ok()).collect();
        let reached = parts.iter().fold(0, |acc, &p| acc ^ value(p));
        let what = if parts.len() > 1 {
            let part_values: Vec<String> = parts.iter().map(|&p| value(p).to_string()).collect();
            tr(
                lang,
                "explain-heap-option-split",
                &args![
                    ("parts", m.to.join(" + ")),
                    ("values", part_values.join(" XOR ")),
                    ("reached", reached)
                ],
            )
        } else {
            tr(
                lang,
                "explain-heap-option",
                &args![("parts", m.to.join(" + ")), ("reached", reached)],
            )
        };
        let arguments = args![
            ("i", m.component + 1),
            ("v", v),
            ("total", total),
            ("target", v ^ total),
            ("what", what)
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-heap-move", &arguments));
    }
    super::write_more_moves(&mut out, lang, answer.winning_moves.len());
    if let Some(first) = answer.winning_moves.first() {
        let after: Vec<u64> = first.after.iter().filter_map(|t| t.parse().ok()).collect();
        let after_values: Vec<String> = after.iter().map(|&h| value(h).to_string()).collect();
        let after_total = after.iter().fold(0, |acc, &h| acc ^ value(h));
        let arguments = args![
            ("after", first.after.join(" ")),
            ("values", after_values.join(" XOR ")),
            ("total", after_total)
        ];
        let _ = writeln!(out, "{}", tr(lang, "explain-heap-after", &arguments));
    }
    out
}

/// The m of bounded Nim (`sub:1,2,…,m` under any name), where the game is one.
fn bounded_max_take(game: &crate::rules::heap::HeapGame) -> Option<u64> {
    use crate::rules::heap::OctalCode;
    let code = game.code()?;
    let max_take: u64 = game.name.strip_prefix("bounded:")?.parse().ok()?;
    let set: Vec<usize> = (1..=usize::try_from(max_take).ok()?).collect();
    (*code == OctalCode::subtraction(&set)).then_some(max_take)
}

/// The theorem behind a period, in words.
pub(super) fn proof_words(lang: Lang, proof: &crate::sequence::period::Proof) -> String {
    use crate::sequence::period::{Proof, ProofBound};
    match proof {
        Proof::GuySmith(ProofBound { max_removal, max_parts }) => tr(
            lang,
            "explain-proof-guy-smith",
            &args![("removal", *max_removal), ("parts", *max_parts)],
        ),
        Proof::Window(ProofBound { max_removal, .. }) => {
            tr(lang, "explain-proof-window", &args![("removal", *max_removal)])
        }
        Proof::Arithmetic { doubled_period, doubled_saltus, .. } => tr(
            lang,
            "explain-proof-arithmetic",
            &args![("period", *doubled_period), ("saltus", *doubled_saltus)],
        ),
        Proof::ClosedForm(name) => {
            let key = if name.starts_with("bounded") {
                "explain-proof-closed-bounded"
            } else if name.starts_with("Lasker") {
                "explain-proof-closed-lasker"
            } else if name.starts_with("Nim") {
                "explain-proof-closed-nim"
            } else {
                "explain-proof-closed-other"
            };
            tr(lang, key, &Args::new())
        }
        Proof::Observed => tr(lang, "explain-proof-observed", &Args::new()),
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::i18n::Lang;
        let text = crate::explain::nim(&[3u64, 4, 5], Lang::En);
        assert!(text.contains("take 2 tokens from heap 1 (3 -> 1)"));
        let text = crate::explain::nim(&[3u64, 4, 5], Lang::Ru);
        assert!(text.contains("ним-сумма"));
        Ok(())
    }

    #[test]
    fn example_2() -> crate::Result<()> {
        use crate::i18n::Lang;
        let text = crate::explain::misere_nim(&[1u64, 1, 1], Lang::En);
        assert!(text.contains("P-position"));
        Ok(())
    }

    #[test]
    fn example_3() -> crate::Result<()> {
        use crate::i18n::Lang;
        let heaps: Vec<num_bigint::BigUint> = [3u32, 5, 6].iter().map(|&h| h.into()).collect();
        let game = crate::game("moore:2")?;
        let normal = crate::analysis::Convention::Normal;
        let answer =
            crate::Game::solve(&*game, &["3", "5", "6"], normal, &crate::Limits::default())?;
        let text = crate::explain::moore(&heaps, 2, &answer, Lang::En);
        assert!(text.contains("modulo 3") && !text.contains('?'));
        Ok(())
    }
}
