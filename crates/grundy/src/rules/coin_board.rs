//! A whole board of coins as one game: a position is the set of its heads, and a move turns the
//! coins one head's rule says (that head to tails, the others over), so a coin turned that was a
//! head becomes a tail. Under normal play a board is the sum of its heads (two heads on one
//! place cancel, as `G ⊕ G = 0`); under misère play it is not, and the board is the game that
//! must be searched: misère Mock Turtles' `1 2 3` is lost for the player to move, while the sum
//! of its three heads is won.

use crate::error::Result;
use crate::ruleset::{Options, Ruleset};

/// The board game of a coin game `R` whose positions are single heads.
#[derive(Debug, Clone, Copy)]
pub struct Board<'a, R: ?Sized>(pub &'a R);

/// A list of heads in its canonical form: increasing, two heads on one place cancelled.
pub fn settle<P: Ord>(mut heads: Vec<P>) -> Vec<P> {
    heads.sort();
    let mut out: Vec<P> = Vec::with_capacity(heads.len());
    for head in heads {
        if out.last() == Some(&head) {
            out.pop();
        } else {
            out.push(head);
        }
    }
    out
}

/// `board` (canonical) with the coins `turned` turned over.
pub fn turn<P: Ord + Clone>(board: &[P], turned: impl IntoIterator<Item = P>) -> Vec<P> {
    let mut all = board.to_vec();
    all.extend(turned);
    settle(all)
}

impl<R: Ruleset + ?Sized> Ruleset for Board<'_, R> {
    type Position = Vec<R::Position>;

    fn options(&self, board: &Self::Position, options: &mut Options<Self::Position>) -> Result<()> {
        let mut moves = Options::new();
        for head in board {
            moves.clear();
            self.0.options(head, &mut moves)?;
            for parts in moves.iter() {
                if options.is_full() {
                    return Ok(());
                }
                let rest = board.iter().filter(|&h| h != head).cloned();
                options.push_one(settle(rest.chain(parts.iter().cloned()).collect()));
            }
        }
        Ok(())
    }

    fn position_bytes(&self, board: &Self::Position) -> usize {
        std::mem::size_of::<Self::Position>() + std::mem::size_of_val(board.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::coins::{CoinRow, CoinRule};

    /// Every move of a board by the rules read literally: choose the coins, check the rightmost
    /// is a head, turn them.
    fn literal_moves(rule: CoinRule, board: u32, width: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for turned in 1u32..(1 << width) {
            let right = 31 - turned.leading_zeros();
            if board >> right & 1 == 0 || turned & ((1 << rule.first_place()) - 1) != 0 {
                continue;
            }
            let n = turned.count_ones();
            let legal = match rule {
                CoinRule::TurningTurtles => n <= 2,
                CoinRule::MockTurtles => n <= 3,
                CoinRule::Twins => n == 2,
                // A run of consecutive coins ending at the head.
                CoinRule::Ruler => turned >> (right + 1 - n) == (1 << n) - 1,
            };
            if legal {
                out.push(board ^ turned);
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn a_board_s_moves_are_the_rules_read_literally() {
        let width = 7;
        for rule in CoinRule::ALL {
            let row = CoinRow { rule };
            for board in 0u32..(1 << width) {
                if board & ((1 << rule.first_place()) - 1) != 0 {
                    continue;
                }
                let heads: Vec<u64> = (0..width as u64).filter(|n| board >> n & 1 == 1).collect();
                let mut options = Options::new();
                Board(&row).options(&heads, &mut options).unwrap();
                let mut ours: Vec<u32> = options
                    .iter()
                    .map(|parts| parts[0].iter().fold(0, |acc, &n| acc | 1 << n))
                    .collect();
                ours.sort_unstable();
                assert_eq!(ours, literal_moves(rule, board, width), "{} {board:b}", rule.name());
            }
        }
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::rules::coin_board::settle;
        assert_eq!(settle(vec![3u64, 1, 2, 1, 2, 2]), [2, 3]);
        Ok(())
    }

    #[test]
    fn example_2() -> crate::Result<()> {
        use crate::rules::coin_board::turn;
        assert_eq!(turn(&[1u64, 2, 3], [3, 2, 0]), [0, 1]);
        Ok(())
    }
}
