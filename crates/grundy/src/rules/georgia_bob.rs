//! Pieces on a line (POJ 1704, "Georgia and Bob"): pieces on cells 1, 2, 3, …; a move takes one
//! piece to a smaller-numbered cell, not onto or across another piece and not below cell 1.
//!
//! Sort the pieces; the gaps (free cells before the first piece, between neighbours) form a
//! staircase read from the right. Moving piece `i` left by `d` shrinks its gap by `d` and widens
//! the next gap by `d`: coins going down one step, with the last gap draining to the ground. The
//! gaps on odd steps are the last gap, the third from last, and so on (the lesson's "pair the
//! pieces from the right; with an odd count, the first piece pairs with the wall"), so the value
//! is the nim-sum of those gaps ([`super::staircase`]).

use super::staircase::moves_to_value;

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
