//! The learner's walk-through: the reasoning behind an answer, written the way the lessons
//! teach it (heaps in binary columns, the nim-sum, its highest bit, the chosen heap).
//!
//! Heaps are numbered from 1 here, as a person counts them; JSON answers count from 0.

use crate::games::nim::{self, NimMove};
use crate::nimber::NimInt;
use crate::Outcome;
use std::fmt::Write;

/// Explains a Nim position under normal play.
///
/// ```
/// let text = grundy::explain::nim(&[3u64, 4, 5]);
/// assert!(text.contains("take 2 tokens from heap 1 (3 -> 1)"));
/// ```
pub fn nim<T: NimInt>(heaps: &[T]) -> String {
    let mut out = String::new();
    let nim_sum = nim::value(heaps);
    write_header(&mut out, heaps, "Nim (normal play: whoever takes the last token wins)");
    write_binary_table(&mut out, heaps, &nim_sum);
    if nim_sum.is_zero() {
        write_p_position_reason(&mut out, heaps);
        return out;
    }
    let moves = nim::winning_moves(heaps);
    write_zeroing_moves(&mut out, heaps, &nim_sum, &moves);
    out
}

/// Explains a Nim position under misère play.
///
/// ```
/// let text = grundy::explain::misere_nim(&[1u64, 1, 1]);
/// assert!(text.contains("P-position"));
/// ```
pub fn misere_nim<T: NimInt>(heaps: &[T]) -> String {
    let mut out = String::new();
    let nim_sum = nim::value(heaps);
    write_header(&mut out, heaps, "misère Nim (whoever takes the last token loses)");
    out.push_str(
        "Rule: the player to move wins exactly when (some heap has 2 or more tokens and the\n\
         nim-sum is not 0) or (every heap has at most 1 token and the nim-sum is 0).\n\n",
    );
    write_binary_table(&mut out, heaps, &nim_sum);
    let n_big = heaps.iter().filter(|h| h.bit_length() >= 2).count();
    let moves = nim::misere::winning_moves(heaps);
    let outcome = nim::misere::outcome(heaps);
    if n_big == 0 {
        let n_ones = heaps.iter().filter(|h| !h.is_zero()).count();
        let _ = writeln!(
            out,
            "Every heap has at most 1 token, so every move takes one whole heap and the game\n\
             lasts exactly {n_ones} more move{s}; whoever makes the last of them loses.",
            s = plural(n_ones)
        );
        if outcome == Outcome::P {
            out.push_str(
                "That number is odd (the nim-sum is 1): the player to move makes the last move and\n\
                 loses. This is a P-position; no move helps.\n",
            );
        } else if n_ones == 0 {
            out.push_str(
                "There is no move at all: the player to move cannot move, and under misère play\n\
                 that player wins. This is an N-position with no move to make.\n",
            );
        } else {
            out.push_str(
                "That number is even (the nim-sum is 0): the player to move wins (an N-position) by\n\
                 taking any one heap, leaving an odd number of single tokens.\n",
            );
            write_move_lines(&mut out, &moves);
        }
        return out;
    }
    if nim_sum.is_zero() {
        let _ = writeln!(
            out,
            "Some heap has 2 or more tokens and the nim-sum is 0: the player to move loses\n\
             (a P-position). With a nim-sum of 0 at least two heaps have 2 or more tokens (one\n\
             alone would leave its high bits unmatched), so no single move can leave only heaps\n\
             of 0 or 1: every move leaves a heap of 2 or more and a non-zero nim-sum, from which\n\
             the opponent wins."
        );
        return out;
    }
    let _ = writeln!(
        out,
        "Some heap has 2 or more tokens and the nim-sum is {nim_sum}, not 0: the player to move\n\
         wins (an N-position). Play as in ordinary Nim, except when the move would leave only\n\
         heaps of 0 or 1 tokens: then leave an odd number of single tokens instead, so that the\n\
         opponent is forced to take the last one."
    );
    let n_ones_elsewhere = |heap_idx: usize| {
        heaps.iter().enumerate().filter(|(i, h)| *i != heap_idx && !h.is_zero()).count()
    };
    if n_big == 1 {
        let heap_idx = heaps.iter().position(|h| h.bit_length() >= 2).unwrap_or(0);
        let ones = n_ones_elsewhere(heap_idx);
        let _ = writeln!(
            out,
            "Heap {} is the only one with 2 or more tokens; the other heaps hold {ones} single\n\
             token{}. Reduce it to {} so that an odd number of single tokens is left.",
            heap_idx + 1,
            plural(ones),
            if ones % 2 == 0 { "1" } else { "0" }
        );
    }
    write_move_lines(&mut out, &moves);
    out
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

fn write_header<T: NimInt>(out: &mut String, heaps: &[T], title: &str) {
    let listed: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let _ = writeln!(out, "Position: {} in {title}.\n", listed.join(" "));
}

/// The heaps in binary, one bit per column, with the nim-sum below a rule.
fn write_binary_table<T: NimInt>(out: &mut String, heaps: &[T], nim_sum: &T) {
    let n_bits = heaps.iter().map(NimInt::bit_length).max().unwrap_or(0).max(1);
    let label_width = format!("heap {}", heaps.len()).len().max("nim-sum".len());
    let decimal_width = heaps
        .iter()
        .chain(std::iter::once(nim_sum))
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    let bits_of = |value: &T| -> String {
        (0..n_bits).rev().map(|bit| if value.bit(bit) { '1' } else { '0' }).collect::<String>()
    };
    let _ = writeln!(
        out,
        "Each heap in binary, one bit per column (the rightmost column is worth 1, the next 2,\n\
         then 4, 8, ...):\n"
    );
    for (heap_idx, heap) in heaps.iter().enumerate() {
        let label = format!("heap {}", heap_idx + 1);
        let _ =
            writeln!(out, "  {label:<label_width$}  {heap:>decimal_width$} = {}", bits_of(heap));
    }
    let rule_width = label_width + decimal_width + n_bits as usize + 5;
    let _ = writeln!(out, "  {}", "-".repeat(rule_width));
    let _ = writeln!(
        out,
        "  {:<label_width$}  {nim_sum:>decimal_width$} = {}",
        "nim-sum",
        bits_of(nim_sum)
    );
    let _ = writeln!(
        out,
        "\nA column of the nim-sum is 1 exactly when that column holds an odd number of 1s\n\
         (binary addition without carrying, XOR).\n"
    );
}

fn write_p_position_reason<T: NimInt>(out: &mut String, heaps: &[T]) {
    if heaps.iter().all(NimInt::is_zero) {
        out.push_str(
            "There is no token left: the player to move cannot move and loses. This is a\n\
             P-position.\n",
        );
        return;
    }
    out.push_str(
        "The nim-sum is 0: every column holds an even number of 1s. The player to move loses\n\
         (a P-position). Any move changes exactly one heap, so it flips at least one bit in that\n\
         heap's row; that column then holds an odd number of 1s and the nim-sum is no longer 0.\n\
         The opponent can always make it 0 again, and so takes the last token.\n",
    );
}

fn write_zeroing_moves<T: NimInt>(
    out: &mut String,
    heaps: &[T],
    nim_sum: &T,
    moves: &[NimMove<T>],
) {
    let top_bit = nim_sum.bit_length() - 1;
    let top_worth = T::from_u64(1).to_biguint() << top_bit;
    let holders: Vec<String> =
        moves.iter().map(|m| format!("heap {} ({})", m.heap_idx + 1, m.from)).collect();
    let _ = writeln!(
        out,
        "The nim-sum is {nim_sum}, not 0: the player to move wins (an N-position).\n\
         Its highest set bit is the column worth {top_worth}. The heap{s} with a 1 in that column: {list}.\n\
         Replace such a heap h by h XOR {nim_sum}: that clears the 1 in the column worth {top_worth} and\n\
         changes nothing to its left, so the heap gets smaller and the move is legal.\n",
        s = if moves.len() == 1 { "" } else { "s" },
        list = holders.join(", ")
    );
    for m in moves {
        let _ = writeln!(
            out,
            "  heap {}: {} XOR {nim_sum} = {}, so take {} token{} from heap {} ({} -> {})",
            m.heap_idx + 1,
            m.from,
            m.to,
            m.taken(),
            if m.taken() == T::from_u64(1) { "" } else { "s" },
            m.heap_idx + 1,
            m.from,
            m.to
        );
    }
    if let Some(first) = moves.first() {
        let mut after: Vec<T> = heaps.to_vec();
        after[first.heap_idx] = first.to.clone();
        let listed: Vec<String> = after.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            out,
            "\nAfter such a move every column holds an even number of 1s, so the nim-sum is 0: for\n\
             example {} has nim-sum {}. That is a P-position for the opponent: whatever they do\n\
             makes the nim-sum non-zero, you make it 0 again, and you take the last token.",
            listed.join(" "),
            nim::value(&after)
        );
    }
    debug_assert!(heaps.iter().filter(|h| h.bit(top_bit)).count() == moves.len());
}

fn write_move_lines<T: NimInt>(out: &mut String, moves: &[NimMove<T>]) {
    out.push_str("\nWinning moves:\n");
    for m in moves {
        let _ = writeln!(
            out,
            "  take {} from heap {} ({} -> {})",
            m.taken(),
            m.heap_idx + 1,
            m.from,
            m.to
        );
    }
}

/// Explains the answer for a sum of components by the Sprague–Grundy theorem: each part's
/// value, their XOR, and the value each winning move reaches. Works for any game.
pub fn sum(answer: &crate::analysis::Analysis) -> String {
    use crate::analysis::Value;
    let mut out = String::new();
    let show = |value: &Value| match value {
        Value::Nimber(v) => v.to_string(),
        Value::Infinite(set) => {
            format!("∞({})", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
        }
    };
    let _ = writeln!(out, "Position: {} components of {}.\n", answer.components.len(), answer.game);
    if answer.value.is_none() {
        let _ = writeln!(
            out,
            "Under misère play values do not add, so the whole position was searched: every\n\
             position reachable from it was decided, from the ends back (retrograde analysis)."
        );
    } else {
        out.push_str("The value of each component (the mex of the values of its options):\n");
        for (idx, component) in answer.components.iter().enumerate() {
            let value = component.value.as_ref().map_or("?".to_string(), show);
            let _ =
                writeln!(out, "  component {}: {} has value {value}", idx + 1, component.position);
        }
        let total = answer.value.as_ref().map_or("?".to_string(), show);
        let _ = writeln!(
            out,
            "\nBy the Sprague–Grundy theorem the value of the sum is the XOR of these: {total}.\n\
             (With cycles, a part of value ∞(K) makes the sum ∞ with K shifted by the XOR of the\n\
             finite parts; two infinite parts give ∞() — a draw.)"
        );
    }
    let verdict = match answer.outcome {
        Outcome::P => {
            "The player to move loses (P): every move leads to a position the opponent wins."
        }
        Outcome::N => "The player to move wins (N).",
        Outcome::D => {
            "Neither player can force a win: with best play the game goes on for ever (D)."
        }
    };
    let _ = writeln!(out, "\n{verdict}");
    if !answer.winning_moves.is_empty() {
        out.push_str("Winning moves (each leads to a position of value 0, a P-position):\n");
        for m in &answer.winning_moves {
            let to = if m.to.is_empty() { "nothing".to_string() } else { m.to.join(" + ") };
            let _ = writeln!(out, "  component {}: {} -> {to}", m.component + 1, m.from);
        }
    }
    out
}

/// Explains a position of Moore's Nim_K by Moore's theorem: the heaps in binary columns, each
/// column's count of 1s taken modulo K + 1, and the moves that make every count a multiple.
///
/// ```
/// let heaps: Vec<num_bigint::BigUint> = [3u32, 5, 6].iter().map(|&h| h.into()).collect();
/// let game = grundy::game("moore:2")?;
/// let answer = grundy::analysis::solve(&*game, &["3", "5", "6"], grundy::analysis::Convention::Normal)?;
/// let text = grundy::explain::moore(&heaps, 2, &answer);
/// assert!(text.contains("modulo 3") && !text.contains('?'));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn moore(
    heaps: &[num_bigint::BigUint],
    max_heaps_per_move: u64,
    answer: &crate::analysis::Analysis,
) -> String {
    let mut out = String::new();
    let modulus = max_heaps_per_move + 1;
    let listed: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        out,
        "Position: {} in Moore's Nim_{max_heaps_per_move} (a move takes tokens from 1 to \
         {max_heaps_per_move} heaps at once).\n",
        listed.join(" ")
    );
    let n_bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0).max(1);
    let label_width = format!("heap {}", heaps.len()).len().max("count".len());
    let decimal_width = listed.iter().map(String::len).max().unwrap_or(1);
    out.push_str("Each heap in binary, one bit per column:\n\n");
    for (heap_idx, heap) in heaps.iter().enumerate() {
        let bits: String =
            (0..n_bits).rev().map(|bit| if heap.bit(bit) { '1' } else { '0' }).collect();
        let label = format!("heap {}", heap_idx + 1);
        let _ =
            writeln!(out, "  {label:<label_width$}  {:>decimal_width$} = {bits}", listed[heap_idx]);
    }
    let counts: Vec<u64> = (0..n_bits)
        .rev()
        .map(|bit| heaps.iter().filter(|h| h.bit(bit)).count() as u64 % modulus)
        .collect();
    let _ = writeln!(out, "  {}", "-".repeat(label_width + decimal_width + n_bits as usize + 5));
    let counts_text: String =
        counts.iter().map(|c| char::from_digit((*c % 36) as u32, 36).unwrap_or('?')).collect();
    let _ = writeln!(out, "  {:<label_width$}  {:>decimal_width$}   {counts_text}", "count", "");
    let _ = writeln!(
        out,
        "\nThe last row counts the 1s of each column modulo {modulus} (K + 1, with K = \
         {max_heaps_per_move}).\nMoore's theorem: the player to move loses exactly when every \
         column's count of 1s is a\nmultiple of {modulus}."
    );
    if answer.outcome == Outcome::P {
        let _ = writeln!(
            out,
            "\nEvery count is 0 modulo {modulus}: a P-position. A move lowers at most \
             {max_heaps_per_move} heaps; in the\nhighest column where a changed heap changes, \
             the bits only go from 1 to 0, in 1 to {max_heaps_per_move}\nheaps, so that column's \
             count drops by 1 to {max_heaps_per_move} and is no longer a multiple of {modulus}.\n\
             The opponent can always restore every column, and takes the last token."
        );
        return out;
    }
    let _ = writeln!(
        out,
        "\nSome count is not 0 modulo {modulus}: the player to move wins (an N-position) by \
         making every\ncount a multiple of {modulus}, changing at most {max_heaps_per_move} heaps."
    );
    if !answer.winning_moves.is_empty() {
        out.push_str("\nWinning moves:\n");
        for m in &answer.winning_moves {
            let words = m.description.clone().unwrap_or_default();
            let _ = writeln!(out, "  {words}, leaving {}", m.after.join(" "));
        }
    }
    out
}

/// Explains a sum of heaps of a heap game the way the lessons compute it: the table of g(n)
/// for n up to the largest heap, each value the mex of its options' values (shortened past a
/// few dozen rows, and the proven period named when one is used), then the heaps' values in
/// binary columns and their XOR, then each winning move as "heap i has value v; it must become
/// v XOR x; this option has that value".
pub fn heap_sum(
    game: &crate::games::heap::HeapGame,
    heaps: &[u64],
    values: &crate::sequence::HeapValues,
    answer: &crate::analysis::Analysis,
) -> String {
    use crate::ruleset::{Options, Ruleset};
    let mut out = String::new();
    let listed: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let _ = writeln!(out, "Position: {} in {} (normal play).\n", listed.join(" "), game.name);
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let value = |n: u64| values.value(n).unwrap_or(0);
    out.push_str(
        "The Grundy value g(n) of a heap of n is the mex (the smallest non-negative number not\n\
         among them) of the values of its options; an option that splits the heap is worth the\n\
         XOR of its parts' values.\n\n",
    );
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
        let _ = writeln!(
            out,
            "\nPast heap {}, the values come from the proven period: {period}.",
            period.proven_at
        );
    }
    let component_values: Vec<u64> = heaps.iter().map(|&h| value(h)).collect();
    let total = component_values.iter().fold(0, |acc, v| acc ^ v);
    out.push_str(
        "\nBy the Sprague–Grundy theorem the position is worth the XOR of its heaps' values:\n\n",
    );
    write_binary_table(&mut out, &component_values, &total);
    if total == 0 {
        out.push_str(
            "The XOR is 0: the player to move loses (a P-position). A move changes one heap into\n\
             an option, and no option of a heap has the heap's own value (that value is the mex\n\
             of theirs), so after any move the XOR is not 0, and the opponent can make it 0 again.\n",
        );
        return out;
    }
    let _ = writeln!(out, "The XOR is {total}, not 0: the player to move wins (an N-position).");
    for m in &answer.winning_moves {
        let v = component_values[m.component];
        let parts: Vec<u64> = m.to.iter().filter_map(|t| t.parse().ok()).collect();
        let reached = parts.iter().fold(0, |acc, &p| acc ^ value(p));
        let what = if parts.len() > 1 {
            format!(
                "{} (values {} = {reached})",
                m.to.join(" + "),
                parts.iter().map(|&p| value(p).to_string()).collect::<Vec<_>>().join(" XOR ")
            )
        } else {
            format!("{} (value {reached})", m.to.join(" + "))
        };
        let _ = writeln!(
            out,
            "  heap {} has value {v}; it must become {v} XOR {total} = {}; the option {what} has that value",
            m.component + 1,
            v ^ total
        );
    }
    out.push_str("After such a move the XOR is 0: a P-position for the opponent.\n");
    out
}
