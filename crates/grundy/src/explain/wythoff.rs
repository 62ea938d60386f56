//! Wythoff's game: a lone pair by Wythoff's P-positions (⌊kφ⌋, ⌊kφ²⌋) near it and the one the
//! move reaches; sums of pairs by the Grundy table and the XOR of the pairs' values.

use super::{tr, write_binary_table, write_more_moves, MOVES_SHOWN};
use crate::analysis::{Analysis, Value};
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::rules::wythoff::{floor_k_phi, is_p_position, partner, GrundyTable, Pair};
use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt::Write;

/// The Grundy table is printed for sums whose heaps are all below this.
const TABLE_SHOWN: u64 = 12;

fn pair_text((a, b): &Pair) -> String {
    format!("({a}, {b})")
}

/// The k of the P-position that contains `n` (0 for 0): the difference of the pair.
fn k_of(n: &BigUint) -> BigUint {
    let other = partner(n);
    if other >= *n {
        other - n
    } else {
        n - other
    }
}

/// Explains a position of Wythoff's game.
pub fn wythoff(pairs: &[Pair], answer: &Analysis, lang: Lang) -> String {
    let mut out = String::new();
    let listed: Vec<String> = pairs.iter().map(pair_text).collect();
    let _ = writeln!(
        out,
        "{}\n",
        tr(lang, "explain-wythoff-header", &args![("position", listed.join(" + "))])
    );
    let _ = writeln!(out, "{}\n", tr(lang, "explain-wythoff-rule", &Args::new()));
    match pairs {
        [pair] => lone_pair(&mut out, pair, answer, lang),
        _ => sum_of_pairs(&mut out, pairs, answer, lang),
    }
    out
}

fn lone_pair(out: &mut String, (a, b): &Pair, answer: &Analysis, lang: Lang) {
    // The pairs near this one: those holding a, holding b, and with difference |a − b|, and
    // their neighbours.
    let difference = if a >= b { a - b } else { b - a };
    let mut ks: Vec<BigUint> = Vec::new();
    for centre in [k_of(a), k_of(b), difference.clone()] {
        let low = if centre.is_zero() { centre.clone() } else { &centre - 1u32 };
        for offset in 0u32..3 {
            ks.push(&low + offset);
        }
    }
    ks.sort();
    ks.dedup();
    let _ = writeln!(out, "{}", tr(lang, "explain-wythoff-near", &Args::new()));
    for k in &ks {
        let first = floor_k_phi(k);
        let second = &first + k;
        let _ = writeln!(
            out,
            "  k = {k}: ⌊{k}φ⌋ = {first}, ⌊{k}φ²⌋ = {first} + {k} = {second}   ({first}, {second})"
        );
    }
    let _ = writeln!(out);
    if let Some(Value::Nimber(value)) = &answer.value {
        let _ = writeln!(
            out,
            "{}\n",
            tr(
                lang,
                "explain-wythoff-value",
                &args![
                    ("position", pair_text(&(a.clone(), b.clone()))),
                    ("value", value.to_string())
                ]
            )
        );
    }
    if is_p_position(a, b) {
        let key =
            if a.is_zero() && b.is_zero() { "explain-wythoff-empty" } else { "explain-wythoff-p" };
        let arguments =
            args![("position", pair_text(&(a.clone(), b.clone()))), ("k", difference.to_string())];
        let _ = writeln!(out, "{}", tr(lang, key, &arguments));
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        tr(lang, "explain-wythoff-n", &args![("position", pair_text(&(a.clone(), b.clone())))])
    );
    for m in answer.winning_moves.iter().take(MOVES_SHOWN) {
        let Some((x, y)) = parse_pair(m.to.first().map(String::as_str).unwrap_or("")) else {
            continue;
        };
        let k = if x >= y { &x - &y } else { &y - &x };
        let reached = pair_text(&(x.clone(), y.clone()));
        let line = if &x != a && &y != b {
            let taken = a - &x;
            tr(
                lang,
                "explain-wythoff-move-both",
                &args![
                    ("taken", taken.to_string()),
                    ("count", super::plural_of(&taken)),
                    ("pair", reached),
                    ("k", k.to_string())
                ],
            )
        } else {
            let (heap, taken) = if &x != a { (1, a - &x) } else { (2, b - &y) };
            tr(
                lang,
                "explain-wythoff-move-one",
                &args![
                    ("i", heap),
                    ("taken", taken.to_string()),
                    ("count", super::plural_of(&taken)),
                    ("pair", reached),
                    ("k", k.to_string())
                ],
            )
        };
        let _ = writeln!(out, "  {line}");
    }
    write_more_moves(out, lang, answer.winning_moves.len());
    if let Some((x, y)) =
        answer.winning_moves.first().and_then(|m| m.to.first()).and_then(|t| parse_pair(t))
    {
        let (small, large) = if x <= y { (x, y) } else { (y, x) };
        let k = &large - &small;
        let first = floor_k_phi(&k);
        let arguments = args![
            ("pair", pair_text(&(small.clone(), large.clone()))),
            ("k", k.to_string()),
            ("first", first.to_string()),
            ("second", (&first + &k).to_string()),
            ("p", if is_p_position(&small, &large) { "yes" } else { "no" })
        ];
        let _ = writeln!(out, "\n{}", tr(lang, "explain-wythoff-check", &arguments));
    }
}

fn parse_pair(text: &str) -> Option<(BigUint, BigUint)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

fn sum_of_pairs(out: &mut String, pairs: &[Pair], answer: &Analysis, lang: Lang) {
    let word = |n: &BigUint| u64::try_from(n).unwrap_or(u64::MAX);
    let largest = pairs.iter().map(|(a, b)| word(a).max(word(b))).max().unwrap_or(0);
    let _ = writeln!(out, "{}\n", tr(lang, "explain-wythoff-sum-intro", &Args::new()));
    let size = largest.saturating_add(1).min(crate::rules::wythoff::WYTHOFF_TABLE_LIMIT) as usize;
    let table = GrundyTable::new(size);
    if largest < TABLE_SHOWN {
        let width = (0..size)
            .flat_map(|x| table.row(x).iter())
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
            .max(size.to_string().len());
        let header: Vec<String> = (0..size).map(|y| format!("{y:>width$}")).collect();
        let _ = writeln!(out, "  {:>width$} | {}", "", header.join(" "));
        let _ = writeln!(out, "  {}-+-{}", "-".repeat(width), "-".repeat(size * (width + 1) - 1));
        for x in 0..size {
            let cells: Vec<String> = table.row(x).iter().map(|v| format!("{v:>width$}")).collect();
            let _ = writeln!(out, "  {x:>width$} | {}", cells.join(" "));
        }
        let _ = writeln!(out);
    }
    let values: Vec<u64> =
        pairs.iter().map(|(a, b)| u64::from(table.value(word(a), word(b)).unwrap_or(0))).collect();
    let labels: Vec<String> = pairs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            tr(lang, "explain-wythoff-pair-label", &args![("i", i + 1), ("pair", pair_text(p))])
        })
        .collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    write_binary_table(out, lang, true, &labels, &values, &total);
    if total == 0 {
        let _ = writeln!(out, "{}", tr(lang, "explain-heap-p", &Args::new()));
        return;
    }
    let _ = writeln!(out, "{}", tr(lang, "explain-heap-n", &args![("total", total)]));
    for m in answer.winning_moves.iter().take(MOVES_SHOWN) {
        let Some((x, y)) = parse_pair(m.to.first().map(String::as_str).unwrap_or("")) else {
            continue;
        };
        let v = values[m.component];
        let reached = table.value(word(&x), word(&y)).unwrap_or(0);
        let arguments = args![
            ("i", m.component + 1),
            ("v", v),
            ("total", total),
            ("target", v ^ total),
            ("pair", pair_text(&(x, y))),
            ("reached", reached)
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-wythoff-sum-move", &arguments));
    }
    write_more_moves(out, lang, answer.winning_moves.len());
    if let Some(first) = answer.winning_moves.first() {
        let after: Vec<(BigUint, BigUint)> =
            first.after.iter().filter_map(|t| parse_pair(t)).collect();
        let after_values: Vec<String> = after
            .iter()
            .map(|(a, b)| table.value(word(a), word(b)).unwrap_or(0).to_string())
            .collect();
        let after_total =
            after.iter().fold(0, |acc, (a, b)| acc ^ table.value(word(a), word(b)).unwrap_or(0));
        let arguments = args![
            ("after", first.after.join(" ")),
            ("values", after_values.join(" XOR ")),
            ("total", after_total)
        ];
        let _ = writeln!(out, "{}", tr(lang, "explain-heap-after", &arguments));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::{
            i18n::Lang,
            {analysis::Convention, games::solve},
        };
        let game = crate::game("wythoff")?;
        let answer = solve(&*game, &["4,7"], Convention::Normal)?;
        let pairs = [(4u32.into(), 7u32.into())];
        let text = crate::explain::wythoff(&pairs, &answer, Lang::En);
        assert!(text.contains("(4, 7)") && text.contains("k = 3"));
        Ok(())
    }
}
