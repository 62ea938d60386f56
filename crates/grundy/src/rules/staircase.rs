//! Staircase Nim, by its reduction to Nim (the pieces-on-a-line game of POJ 1704 reduces to it:
//! [`super::georgia_bob`]).
//!
//! Staircase Nim: coins on steps `0..=m` (step 0 is the ground); a move takes coins from step
//! `i ≥ 1` down to step `i − 1`. Coins on even steps are irrelevant: whatever the opponent moves
//! from an even step to an odd one, moving the same coins on down restores the position on odd
//! steps. So the game is Nim on the odd steps, and its Grundy value is their nim-sum.
//!
//! Pieces on a line: sort the pieces; the gaps (free cells before the first piece, between
//! neighbours) form a staircase read from the right. Moving piece `i` left by `d` shrinks its gap
//! by `d` and widens the next gap by `d`: coins going down one step, with the last gap draining to
//! the ground. The gaps on odd steps are the last gap, the third from last, and so on (the
//! lesson's "pair the pieces from the right; with an odd count, the first gap counts too").

/// The Grundy value of a staircase: the nim-sum of the coins on odd steps.
///
/// ```
/// assert_eq!(grundy::games::staircase::value(&[0, 3, 1, 4]), 3 ^ 4);
/// ```
pub fn value(steps: &[u64]) -> u64 {
    steps.iter().skip(1).step_by(2).fold(0, |acc, &coins| acc ^ coins)
}

/// One move of Staircase Nim: `coins` coins from step `step` down to step `step − 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StairMove {
    /// The step the coins leave (≥ 1).
    pub step: usize,
    /// How many coins move.
    pub coins: u64,
}

impl StairMove {
    /// The staircase after the move.
    pub fn apply(&self, steps: &[u64]) -> Vec<u64> {
        let mut after = steps.to_vec();
        after[self.step] -= self.coins;
        after[self.step - 1] += self.coins;
        after
    }
}

/// Every move of a staircase whose result has Grundy value `target` (0 for winning moves).
///
/// A move from an odd step changes that step's coins; a move from an even step `i ≥ 2` adds coins
/// to odd step `i − 1`; each such step has at most one amount that reaches `target`.
///
/// ```
/// use grundy::games::staircase::{moves_to_value, StairMove};
/// // Odd steps hold 3 and 4 (nim-sum 7): step 2 can push 1 coin onto step 1 (3 -> 4), or
/// // step 3 can drop 1 coin (4 -> 3).
/// let moves = moves_to_value(&[0, 3, 1, 4], 0);
/// assert_eq!(moves, [StairMove { step: 2, coins: 1 }, StairMove { step: 3, coins: 1 }]);
/// ```
pub fn moves_to_value(steps: &[u64], target: u64) -> Vec<StairMove> {
    let current = value(steps);
    let change = current ^ target;
    if change == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for step in 1..steps.len() {
        if step % 2 == 1 {
            let wanted = steps[step] ^ change;
            if wanted < steps[step] {
                moves.push(StairMove { step, coins: steps[step] - wanted });
            }
        } else {
            let below = steps[step - 1];
            let wanted = below ^ change;
            if wanted > below && wanted - below <= steps[step] {
                moves.push(StairMove { step, coins: wanted - below });
            }
        }
    }
    moves
}
