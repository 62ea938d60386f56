//! Pieces on a line (POJ 1704, "Georgia and Bob"): pieces on cells 1, 2, 3, …; a move takes one
//! piece to a smaller-numbered cell, not onto or across another piece and not below cell 1.
//!
//! Sort the pieces; the gaps (free cells before the first piece, between neighbours) form a
//! staircase read from the right. Moving piece `i` left by `d` shrinks its gap by `d` and widens
//! the next gap by `d`: coins going down one step, with the last gap draining to the ground. The
//! gaps on odd steps are the last gap, the third from last, and so on (the lesson's "pair the
//! pieces from the right; with an odd count, the first piece pairs with the wall"), so the value
//! is the nim-sum of those gaps ([`super::staircase`]).

use super::staircase::{nim_like_answer, value};
use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, MoveReport};
use crate::error::Result;
use crate::limits::Limits;
pub use crate::rules::georgia_bob::*;
use crate::ruleset::{Options, Ruleset};
use std::sync::Arc;
/// `georgia-bob` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct GeorgiaBobFamily;

impl Family for GeorgiaBobFamily {
    fn syntax(&self) -> &'static str {
        "georgia-bob"
    }
    fn about(&self) -> &'static str {
        "pieces on a line moving left, not onto or across another (POJ 1704)"
    }
    fn component(&self) -> &'static str {
        "the cells of the pieces: 1,5,6"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "georgia-bob").then(|| Ok(Arc::new(Pieces) as Arc<dyn Game>))
    }
}

/// The pieces game: a component is the sorted, distinct cells (from 1) of its pieces.
#[derive(Debug, Clone, Copy, Default)]
pub struct Pieces;

impl Ruleset for Pieces {
    type Position = Vec<u64>;

    fn options(&self, cells: &Vec<u64>, options: &mut Options<Vec<u64>>) -> Result<()> {
        for idx in 0..cells.len() {
            let lowest = if idx == 0 { 1 } else { cells[idx - 1] + 1 };
            for to in lowest..cells[idx] {
                let mut after = cells.clone();
                after[idx] = to;
                options.push_one(after);
                if options.overflowed() {
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}

impl Rules for Pieces {
    fn name(&self) -> String {
        "georgia-bob".into()
    }
    /// Normal play by the staircase's Nim; misère play is searched.
    fn answers_at_once(&self, convention: crate::analysis::Convention) -> bool {
        convention == crate::analysis::Convention::Normal
    }
    fn parse_component(&self, text: &str) -> crate::error::Result<Vec<u64>> {
        let mut cells = super::parse_word_list(text, "cell number")?;
        if cells.contains(&0) {
            return Err(crate::error::Error::invalid("cells are numbered from 1"));
        }
        cells.sort_unstable();
        if let Some(pair) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(crate::error::Error::invalid(format!(
                "two pieces on cell {}: cells must be distinct",
                pair[0]
            )));
        }
        Ok(cells)
    }
    fn show_component(&self, cells: &Vec<u64>) -> String {
        super::join(cells)
    }
    fn draw_component(&self, cells: &Vec<u64>, lang: crate::i18n::Lang) -> String {
        let last = cells.last().copied().unwrap_or(0);
        let words =
            lang.tr("play-board-pieces", &crate::i18n::args![("cells", super::join(cells))]);
        if last > 80 {
            return words;
        }
        let line: String =
            (1..=last).map(|cell| if cells.contains(&cell) { '●' } else { '·' }).collect();
        format!("|{line}   ({words})")
    }
    fn component_tokens(&self, cells: &Vec<u64>) -> Option<u128> {
        // The free cells the pieces can still move through.
        let steps = pieces_to_staircase(cells);
        Some(steps.iter().map(|&gap| u128::from(gap)).sum())
    }
    fn explain(
        &self,
        lines: &[Vec<u64>],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        _limits: &Limits,
    ) -> Option<String> {
        (analysis.convention == crate::analysis::Convention::Normal)
            .then(|| crate::explain::georgia_bob(lines, analysis, lang))
    }
    fn normal_play(&self, lines: &[Vec<u64>], _limits: &Limits) -> Option<Result<Analysis>> {
        let values: Vec<u64> =
            lines.iter().map(|cells| value(&pieces_to_staircase(cells))).collect();
        let total = values.iter().fold(0, |acc, v| acc ^ v);
        let texts: Vec<String> = lines.iter().map(|c| super::join(c)).collect();
        let mut winning_moves = Vec::new();
        for (idx, cells) in lines.iter().enumerate() {
            for m in piece_moves_to_value(cells, total ^ values[idx]) {
                let mut after_cells = cells.clone();
                if let Some(slot) = after_cells.iter_mut().find(|c| **c == m.from) {
                    *slot = m.to;
                }
                winning_moves.push(
                    MoveReport::new(&texts, idx, vec![super::join(&after_cells)]).described(
                        crate::analysis::Words::new(
                            "move-piece",
                            [
                                ("from", crate::analysis::WordArg::Text(m.from.to_string())),
                                ("to", crate::analysis::WordArg::Text(m.to.to_string())),
                            ],
                        ),
                    ),
                );
            }
        }
        Some(Ok(nim_like_answer("georgia-bob", texts, &values, winning_moves)))
    }
}
