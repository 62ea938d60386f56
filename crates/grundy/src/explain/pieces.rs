//! Staircase Nim and pieces on a line (POJ 1704): the reduction to Nim on the odd steps, or on
//! the gaps of the pieces paired from the right, why a move that widens a heap does not help
//! (it can be undone), and each Nim move translated back into the game's own move.

use super::{tr, write_binary_table, write_more_moves, MOVES_SHOWN};
use crate::analysis::Analysis;
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::rules::georgia_bob::{piece_moves_to_value, pieces_to_staircase};
use crate::rules::staircase::{moves_to_value, value};
use std::fmt::Write;

fn joined(numbers: &[u64]) -> String {
    numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

fn parse_list(text: &str) -> Vec<u64> {
    text.split(',').filter_map(|t| t.trim().parse().ok()).collect()
}

/// Explains a position of Staircase Nim (each component the coins on steps 0, 1, 2, …).
pub fn staircase(stairs: &[Vec<u64>], answer: &Analysis, lang: Lang) -> String {
    let mut out = String::new();
    let listed: Vec<String> = stairs.iter().map(|s| joined(s)).collect();
    let _ = writeln!(
        out,
        "{}\n",
        tr(lang, "explain-stair-header", &args![("position", listed.join(" + "))])
    );
    let _ = writeln!(out, "{}\n", tr(lang, "explain-stair-rule", &Args::new()));
    let mut labels = Vec::new();
    let mut heaps = Vec::new();
    for (idx, steps) in stairs.iter().enumerate() {
        let odd: Vec<String> = steps
            .iter()
            .enumerate()
            .skip(1)
            .step_by(2)
            .map(|(step, coins)| {
                tr(lang, "explain-stair-odd-step", &args![("step", step), ("coins", *coins)])
            })
            .collect();
        let odd = if odd.is_empty() {
            tr(lang, "explain-stair-no-odd", &Args::new())
        } else {
            super::join_list(lang, &odd)
        };
        let arguments = args![
            ("i", idx + 1),
            ("position", joined(steps)),
            ("odd", odd),
            ("value", value(steps))
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-stair-component", &arguments));
        for (step, coins) in steps.iter().enumerate().skip(1).step_by(2) {
            labels.push(if stairs.len() == 1 {
                tr(lang, "explain-step-label", &args![("step", step)])
            } else {
                tr(lang, "explain-stair-step-label", &args![("i", idx + 1), ("step", step)])
            });
            heaps.push(*coins);
        }
    }
    let _ = writeln!(out);
    let total = heaps.iter().fold(0, |acc, h| acc ^ h);
    write_binary_table(&mut out, lang, false, &labels, &heaps, &total);
    if total == 0 {
        let _ = writeln!(out, "{}", tr(lang, "explain-stair-p", &Args::new()));
        return out;
    }
    let _ = writeln!(out, "{}", tr(lang, "explain-stair-n", &args![("total", total)]));
    let values: Vec<u64> = stairs.iter().map(|s| value(s)).collect();
    let mut n_moves = 0;
    for (idx, steps) in stairs.iter().enumerate() {
        for m in moves_to_value(steps, total ^ values[idx]) {
            n_moves += 1;
            if n_moves > MOVES_SHOWN {
                continue;
            }
            let after = m.apply(steps);
            let heap_step = if m.step % 2 == 1 { m.step } else { m.step - 1 };
            let key =
                if m.step % 2 == 1 { "explain-stair-move-odd" } else { "explain-stair-move-even" };
            let arguments = args![
                ("i", idx + 1),
                ("coins", m.coins),
                ("step", m.step),
                ("below", m.step - 1),
                ("heap", heap_step),
                ("from", steps[heap_step]),
                ("to", after[heap_step]),
                ("after", joined(&after))
            ];
            let _ = writeln!(out, "  {}", tr(lang, key, &arguments));
        }
    }
    write_more_moves(&mut out, lang, n_moves);
    if let Some(first) = answer.winning_moves.first() {
        let after: Vec<Vec<u64>> = first.after.iter().map(|t| parse_list(t)).collect();
        let after_heaps: Vec<String> = after
            .iter()
            .flat_map(|s| s.iter().skip(1).step_by(2).map(u64::to_string).collect::<Vec<_>>())
            .collect();
        let after_total = after.iter().fold(0, |acc, s| acc ^ value(s));
        let arguments = args![
            ("after", first.after.join(" ")),
            ("heaps", after_heaps.join(" XOR ")),
            ("total", after_total)
        ];
        let _ = writeln!(out, "\n{}", tr(lang, "explain-stair-check", &arguments));
    }
    out
}

/// The pairs of a line of pieces, from the right: (left piece or the wall, right piece, gap).
fn pairs_of(cells: &[u64]) -> Vec<(Option<u64>, u64, u64)> {
    let mut pairs = Vec::new();
    let mut idx = cells.len();
    while idx >= 2 {
        let (left, right) = (cells[idx - 2], cells[idx - 1]);
        pairs.push((Some(left), right, right - left - 1));
        idx -= 2;
    }
    if idx == 1 {
        pairs.push((None, cells[0], cells[0] - 1));
    }
    pairs.reverse();
    pairs
}

fn pair_name(lang: Lang, (left, right, _): &(Option<u64>, u64, u64)) -> String {
    match left {
        Some(left) => format!("({left}, {right})"),
        None => tr(lang, "explain-pieces-wall-name", &args![("right", *right)]),
    }
}

fn pair_words(lang: Lang, (left, right, gap): &(Option<u64>, u64, u64)) -> String {
    match left {
        Some(left) => tr(
            lang,
            "explain-pieces-pair",
            &args![("left", *left), ("right", *right), ("gap", *gap)],
        ),
        None => tr(lang, "explain-pieces-wall-pair", &args![("right", *right), ("gap", *gap)]),
    }
}

/// Explains a position of the pieces game (POJ 1704, "Georgia and Bob") the way the seed
/// lesson does: sort, pair the pieces from the right, the gaps are Nim heaps.
pub fn georgia_bob(lines: &[Vec<u64>], answer: &Analysis, lang: Lang) -> String {
    let mut out = String::new();
    let listed: Vec<String> = lines.iter().map(|c| joined(c)).collect();
    let _ = writeln!(
        out,
        "{}\n",
        tr(lang, "explain-pieces-header", &args![("position", listed.join(" + "))])
    );
    let _ = writeln!(out, "{}\n", tr(lang, "explain-pieces-rule", &Args::new()));
    let mut labels = Vec::new();
    let mut gaps = Vec::new();
    for (idx, cells) in lines.iter().enumerate() {
        let pairs = pairs_of(cells);
        let words: Vec<String> = pairs.iter().map(|p| pair_words(lang, p)).collect();
        let arguments = args![
            ("i", idx + 1),
            ("position", joined(cells)),
            ("count", cells.len()),
            ("pairs", super::join_list(lang, &words))
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-pieces-component", &arguments));
        for (pair_idx, pair) in pairs.iter().enumerate() {
            labels.push(if lines.len() == 1 {
                tr(lang, "explain-pair-label", &args![("j", pair_idx + 1)])
            } else {
                tr(lang, "explain-line-pair-label", &args![("i", idx + 1), ("j", pair_idx + 1)])
            });
            gaps.push(pair.2);
        }
    }
    let _ = writeln!(out);
    let total = gaps.iter().fold(0, |acc, g| acc ^ g);
    write_binary_table(&mut out, lang, false, &labels, &gaps, &total);
    if total == 0 {
        let _ = writeln!(out, "{}", tr(lang, "explain-pieces-p", &Args::new()));
        return out;
    }
    let _ = writeln!(out, "{}", tr(lang, "explain-pieces-n", &args![("total", total)]));
    let values: Vec<u64> = lines.iter().map(|c| value(&pieces_to_staircase(c))).collect();
    let mut n_moves = 0;
    for (idx, cells) in lines.iter().enumerate() {
        let pairs = pairs_of(cells);
        for m in piece_moves_to_value(cells, total ^ values[idx]) {
            n_moves += 1;
            if n_moves > MOVES_SHOWN {
                continue;
            }
            let mut after = cells.clone();
            if let Some(slot) = after.iter_mut().find(|c| **c == m.from) {
                *slot = m.to;
            }
            let after_pairs = pairs_of(&after);
            // The piece moved is the right piece of its pair (its gap shrinks) or the left one
            // (the gap after it widens).
            let pair_idx = pairs
                .iter()
                .position(|(left, right, _)| *right == m.from || *left == Some(m.from))
                .unwrap_or(0);
            let shrinks = pairs[pair_idx].1 == m.from;
            let key =
                if shrinks { "explain-pieces-move-shrink" } else { "explain-pieces-move-widen" };
            let arguments = args![
                ("i", idx + 1),
                ("from", m.from),
                ("to", m.to),
                ("pair", pair_name(lang, &pairs[pair_idx])),
                ("gap", pairs[pair_idx].2),
                ("new", after_pairs.get(pair_idx).map_or(0, |p| p.2)),
                ("after", joined(&after))
            ];
            let _ = writeln!(out, "  {}", tr(lang, key, &arguments));
        }
    }
    write_more_moves(&mut out, lang, n_moves);
    if let Some(first) = answer.winning_moves.first() {
        let after: Vec<Vec<u64>> = first.after.iter().map(|t| parse_list(t)).collect();
        let after_gaps: Vec<String> =
            after.iter().flat_map(|c| pairs_of(c).into_iter().map(|p| p.2.to_string())).collect();
        let after_total = after.iter().fold(0, |acc, c| acc ^ value(&pieces_to_staircase(c)));
        let arguments = args![
            ("after", first.after.join(" ")),
            ("gaps", after_gaps.join(" XOR ")),
            ("total", after_total)
        ];
        let _ = writeln!(out, "\n{}", tr(lang, "explain-pieces-check", &arguments));
    }
    out
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
        let game = crate::game("staircase")?;
        let answer = solve(&*game, &["0,3,1,4"], Convention::Normal)?;
        let text = crate::explain::staircase(&[vec![0, 3, 1, 4]], &answer, Lang::En);
        assert!(text.contains("step 1: 3") && text.contains("step 3: 4"));
        Ok(())
    }

    #[test]
    fn example_2() -> crate::Result<()> {
        use crate::{
            i18n::Lang,
            {analysis::Convention, games::solve},
        };
        let game = crate::game("georgia-bob")?;
        let answer = solve(&*game, &["1,2,3"], Convention::Normal)?;
        let text = crate::explain::georgia_bob(&[vec![1, 2, 3]], &answer, Lang::En);
        assert!(text.contains("Bob wins"));
        Ok(())
    }
}
