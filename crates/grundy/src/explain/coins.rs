//! Misère Mock Turtles' twist (Winning Ways, ch. 14): played like normal-play Mock Turtles,
//! except that the board to leave is the one of value 1, not 0.

use crate::analysis::Analysis;
use crate::i18n::{args, Lang};
use crate::outcome::Outcome;
use crate::rules::coins::CoinRule;

/// Heads listed one by one in the table up to this many.
const MAX_ROWS: usize = 32;

/// The walk-through of a misère Mock Turtles answer.
pub fn misere_mock_turtles(heads: &[u64], analysis: &Analysis, lang: Lang) -> String {
    let places: Vec<String> = heads.iter().map(u64::to_string).collect();
    let mut text = vec![
        lang.tr("coins-misere-mock-title", &args![("heads", places.join(", "))]),
        String::new(),
        lang.tr("coins-misere-mock-twist", &args![]),
        String::new(),
    ];
    let total = heads.iter().fold(0, |acc, &n| acc ^ CoinRule::MockTurtles.value(n));
    let width = places.iter().map(String::len).max().unwrap_or(1);
    for &n in heads.iter().take(MAX_ROWS) {
        let value = CoinRule::MockTurtles.value(n);
        text.push(format!(
            "  {}",
            lang.tr(
                "coins-misere-mock-head",
                &args![("place", format!("{n:>width$}")), ("value", value)]
            )
        ));
    }
    if heads.len() > MAX_ROWS {
        text.push(format!("  … ({})", heads.len() - MAX_ROWS));
    }
    text.push(format!("  {}", lang.tr("coins-misere-mock-sum", &args![("sum", total)])));
    text.push(String::new());
    text.push(lang.tr("coins-misere-mock-why", &args![]));
    text.push(String::new());
    let verdict = if heads.is_empty() {
        lang.tr("coins-misere-mock-empty", &args![])
    } else if analysis.outcome == Outcome::P {
        lang.tr("coins-misere-mock-lost", &args![])
    } else {
        let moves: Vec<String> = analysis
            .winning_moves
            .iter()
            .take(3)
            .map(|m| {
                let mut coins = vec![m.from.clone()];
                coins.extend(m.to.iter().rev().cloned());
                lang.tr("coins-turn", &args![("count", coins.len()), ("coins", coins.join(", "))])
            })
            .collect();
        lang.tr("coins-misere-mock-won", &args![("sum", total), ("moves", moves.join("; "))])
    };
    text.push(verdict);
    text.join("\n")
}
