//! Pieces on a line (POJ 1704, "Georgia and Bob"): pieces on cells 1, 2, 3, …; a move takes one
//! piece to a smaller-numbered cell, not onto or across another piece and not below cell 1.
//!
//! Sort the pieces; the gaps (free cells before the first piece, between neighbours) form a
//! staircase read from the right. Moving piece `i` left by `d` shrinks its gap by `d` and widens
//! the next gap by `d`: coins going down one step, with the last gap draining to the ground. The
//! gaps on odd steps are the last gap, the third from last, and so on (the lesson's "pair the
//! pieces from the right; with an odd count, the first piece pairs with the wall"), so the value
//! is the nim-sum of those gaps ([`super::staircase`]).

use super::staircase::{moves_to_value, nim_like_answer, value};
use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, MoveReport};
use crate::error::Result;
use crate::limits::Limits;
use crate::ruleset::{Options, Ruleset};
use std::sync::Arc;

/// The gaps of a line of pieces as a staircase: step 0 is the ground (0 coins), step 1 the gap
/// before the last piece, step 2 the gap before the one before, and so on. `cells` must be
/// sorted, distinct and at least 1.
///
/// ```
/// use grundy::games::georgia_bob::pieces_to_staircase;
/// // Pieces on 1, 5, 6: gaps 0 (before 1), 3 (between 1 and 5), 0 (between 5 and 6).
/// assert_eq!(pieces_to_staircase(&[1, 5, 6]), [0, 0, 3, 0]);
/// ```
pub fn pieces_to_staircase(cells: &[u64]) -> Vec<u64> {
    let mut steps = vec![0u64];
    for idx in (0..cells.len()).rev() {
        let left_wall = if idx == 0 { 0 } else { cells[idx - 1] };
        steps.push(cells[idx] - left_wall - 1);
    }
    steps
}

/// A move of the pieces game: the piece on `from` goes to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceMove {
    /// The cell the piece leaves.
    pub from: u64,
    /// The cell it goes to (smaller).
    pub to: u64,
}

/// Every move of the pieces game whose result has Grundy value `target`.
pub fn piece_moves_to_value(cells: &[u64], target: u64) -> Vec<PieceMove> {
    let steps = pieces_to_staircase(cells);
    let n = cells.len();
    let mut moves: Vec<PieceMove> = moves_to_value(&steps, target)
        .into_iter()
        .map(|m| {
            // Step s is the gap before piece n − s (0-based); moving d coins down from it moves
            // that piece d cells left.
            let piece = n - m.step;
            PieceMove { from: cells[piece], to: cells[piece] - m.coins }
        })
        .collect();
    moves.sort();
    moves
}

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
    fn parse_component(&self, text: &str) -> std::result::Result<Vec<u64>, String> {
        let mut cells = super::parse_word_list(text, "cell number")?;
        if cells.contains(&0) {
            return Err("cells are numbered from 1".into());
        }
        cells.sort_unstable();
        if let Some(pair) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("two pieces on cell {}: cells must be distinct", pair[0]));
        }
        Ok(cells)
    }
    fn show_component(&self, cells: &Vec<u64>) -> String {
        super::join(cells)
    }
    fn draw_component(&self, cells: &Vec<u64>, lang: crate::i18n::Lang) -> String {
        let last = cells.last().copied().unwrap_or(0);
        let words = lang.tr("play-board-pieces", &crate::args![("cells", super::join(cells))]);
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
                    MoveReport::new(&texts, idx, vec![super::join(&after_cells)])
                        .described(format!("move the piece on cell {} to cell {}", m.from, m.to)),
                );
            }
        }
        Some(Ok(nim_like_answer("georgia-bob", texts, &values, winning_moves)))
    }
}
