//! Northcott's game, its impartial core: each row holds two pieces on cells `left < right`; a
//! move slides one piece of one row towards the other, any distance, never onto or past it.
//!
//! **Theory.** A row is worth its gap, the number of empty cells between its pieces: sliding
//! either piece towards the other makes the gap any smaller number, exactly as taking from a
//! Nim heap does (in two ways, one for each piece), so the game is Nim on the gaps (Bouton).
//!
//! The contest version (HDU 1730, "Northcott Game") lets each player slide only the pieces of
//! their own colour, backwards too, on a board of fixed width. There a backward move widens a
//! gap, the opponent answers by advancing the same distance, and the board's edge bounds how
//! often that can happen, so the winner of Nim on the gaps still wins: the answer is the same.
//! An impartial game with backward moves for both players would be a different game: the
//! player who is losing could widen a gap every turn and play would go on for ever (a draw),
//! which is why this family has only the moves towards the other piece.

use crate::codec::Codec;
use crate::error::Result;
use crate::ruleset::{Options, Ruleset};

/// One row: the cells of its two pieces, `left < right`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    /// The cell of the left piece.
    pub left: u64,
    /// The cell of the right piece.
    pub right: u64,
}

impl Codec for Row {
    fn encode(&self, out: &mut Vec<u8>) {
        (self.left, self.right).encode(out);
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let (left, right) = <(u64, u64)>::decode_from(input)?;
        Some(Row { left, right })
    }
}

impl Row {
    /// The empty cells between the pieces: the row's Grundy value.
    ///
    /// ```
    /// use grundy::games::northcott::Row;
    /// assert_eq!(Row { left: 2, right: 7 }.gap(), 4);
    /// ```
    pub fn gap(&self) -> u64 {
        self.right - self.left - 1
    }

    /// The two rows one move away whose gap is `target` (smaller than the gap): the left piece
    /// slid right, or the right piece slid left, by the difference.
    ///
    /// ```
    /// use grundy::games::northcott::Row;
    /// let row = Row { left: 2, right: 6 };
    /// assert_eq!(row.moves_to_gap(1), [Row { left: 4, right: 6 }, Row { left: 2, right: 4 }]);
    /// assert!(row.moves_to_gap(3).is_empty());
    /// ```
    pub fn moves_to_gap(&self, target: u64) -> Vec<Row> {
        match self.gap().checked_sub(target) {
            Some(by) if by > 0 => vec![
                Row { left: self.left + by, right: self.right },
                Row { left: self.left, right: self.right - by },
            ],
            _ => Vec::new(),
        }
    }
}

/// Northcott's game, impartial core.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Northcott;

impl Ruleset for Northcott {
    type Position = Row;

    fn options(&self, row: &Row, options: &mut Options<Row>) -> Result<()> {
        for cell in row.left + 1..row.right {
            options.push_one(Row { left: cell, right: row.right });
            options.push_one(Row { left: row.left, right: cell });
            if options.is_full() {
                break;
            }
        }
        Ok(())
    }
}
