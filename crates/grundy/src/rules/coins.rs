//! Coin-turning games (Winning Ways, ch. 14): a row of coins, heads or tails; a move turns a set
//! of coins whose rightmost coin goes from heads to tails. A position is a sum of its heads (the
//! value of a row is the XOR of the values of single heads, and two heads on one place cancel),
//! so a component is the place of one head, and a move on it turns that coin and some coins to
//! its left: the coins to its left are the option's parts (each a head now, or, if it was a
//! head already, a second head on that place, which cancels it in the sum).
//!
//! - Turning Turtles: one coin, and at most one to its left; places from 1; G(n) = n.
//! - Mock Turtles: one, two or three coins; places from 0; G(n) = the n-th odious number.
//! - Ruler: any run of consecutive coins ending at the head; places from 1; G(n) = the largest
//!   power of 2 dividing n.
//! - Twins: exactly two coins; places from 0; G(n) = n.
//!
//! The rules below are the moves read literally (the generic solver's input, and the tests'
//! brute force); the closed forms are the theorems, checked against them.

use crate::error::Result;
use crate::ruleset::{Options, Ruleset};

/// Which coin-turning game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoinRule {
    /// Turn one coin, and at most one to its left.
    TurningTurtles,
    /// Turn one, two or three coins.
    MockTurtles,
    /// Turn a run of consecutive coins ending at the head.
    Ruler,
    /// Turn exactly two coins.
    Twins,
}

impl CoinRule {
    /// Every rule.
    pub const ALL: [CoinRule; 4] =
        [CoinRule::TurningTurtles, CoinRule::MockTurtles, CoinRule::Ruler, CoinRule::Twins];

    /// The game's name.
    pub fn name(self) -> &'static str {
        match self {
            CoinRule::TurningTurtles => "turning-turtles",
            CoinRule::MockTurtles => "mock-turtles",
            CoinRule::Ruler => "ruler",
            CoinRule::Twins => "twins",
        }
    }

    /// The first place of the row (0 or 1).
    pub fn first_place(self) -> u64 {
        match self {
            CoinRule::TurningTurtles | CoinRule::Ruler => 1,
            CoinRule::MockTurtles | CoinRule::Twins => 0,
        }
    }

    /// The value of one head at `place`, by the game's theorem.
    ///
    /// ```
    /// use grundy::rules::coins::CoinRule;
    /// let mock: Vec<u64> = (0..8).map(|n| CoinRule::MockTurtles.value(n)).collect();
    /// assert_eq!(mock, [1, 2, 4, 7, 8, 11, 13, 14]);   // the odious numbers
    /// let ruler: Vec<u64> = (1..9).map(|n| CoinRule::Ruler.value(n)).collect();
    /// assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8]);
    /// ```
    pub fn value(self, place: u64) -> u64 {
        match self {
            CoinRule::TurningTurtles | CoinRule::Twins => place,
            // 2n, plus 1 where n has an even number of ones: the n-th odious number.
            CoinRule::MockTurtles => 2 * place + u64::from(place.count_ones().is_multiple_of(2)),
            CoinRule::Ruler => place & place.wrapping_neg(),
        }
    }

    /// The number of moves from one head at `place` (saturating).
    pub fn n_options(self, place: u64) -> u64 {
        let left = place - self.first_place(); // coins to its left
        match self {
            CoinRule::TurningTurtles => left + 1,
            CoinRule::Twins => left,
            CoinRule::Ruler => left + 1,
            CoinRule::MockTurtles => 1u64
                .saturating_add(left)
                .saturating_add(left.saturating_mul(left.saturating_sub(1)) / 2),
        }
    }
}

/// One row game, by its rule; a position is the place of one head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinRow {
    /// The game.
    pub rule: CoinRule,
}

impl Ruleset for CoinRow {
    type Position = u64;

    fn options(&self, &n: &u64, options: &mut Options<u64>) -> Result<()> {
        let first = self.rule.first_place();
        if n < first {
            return Ok(());
        }
        match self.rule {
            CoinRule::TurningTurtles => {
                options.push([]);
                for m in first..n {
                    if options.is_full() {
                        break;
                    }
                    options.push_one(m);
                }
            }
            CoinRule::Twins => {
                for m in first..n {
                    if options.is_full() {
                        break;
                    }
                    options.push_one(m);
                }
            }
            CoinRule::MockTurtles => {
                options.push([]);
                for b in first..n {
                    if options.is_full() {
                        break;
                    }
                    options.push_one(b);
                    for a in first..b {
                        if options.is_full() {
                            break;
                        }
                        options.push([a, b]);
                    }
                }
            }
            CoinRule::Ruler => {
                // The run of length k ends at n: coins n-k+1 .. n-1 are the parts.
                for start in (first..=n).rev() {
                    if options.is_full() {
                        break;
                    }
                    options.push(start..n);
                }
            }
        }
        Ok(())
    }
}

/// Turning Corners: coins on a grid, places `(x, y)` from 0; a move turns the four corners of a
/// rectangle whose corner farthest from the origin is the head at `(x, y)`: `(a, b)`, `(a, y)`
/// and `(x, b)` with `a < x`, `b < y`. By the Tartan theorem the value is `x ⊗ y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurningCorners;

impl Ruleset for TurningCorners {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), options: &mut Options<(u64, u64)>) -> Result<()> {
        for a in 0..x {
            for b in 0..y {
                if options.is_full() {
                    return Ok(());
                }
                options.push([(a, b), (a, y), (x, b)]);
            }
        }
        Ok(())
    }
}

/// The value of a head at `(x, y)` of Turning Corners: the nim-product (Tartan theorem).
pub fn corners_value(x: u64, y: u64) -> u64 {
    crate::nimber::field::mul(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::solve::loopy::LoopyValue;
    use crate::solve::values::ValueSolver;

    #[test]
    fn every_row_game_is_its_theorem_by_brute_force() {
        for rule in CoinRule::ALL {
            let row = CoinRow { rule };
            let mut solver = ValueSolver::new(&row, Limits::default());
            for n in rule.first_place()..60 {
                assert_eq!(
                    solver.value(&n).unwrap(),
                    LoopyValue::Finite(rule.value(n)),
                    "{} at {n}",
                    rule.name()
                );
                let mut options = Options::new();
                row.options(&n, &mut options).unwrap();
                assert_eq!(options.len() as u64, rule.n_options(n), "{} at {n}", rule.name());
            }
        }
    }

    #[test]
    fn turning_corners_is_the_nim_product_by_brute_force() {
        let mut solver = ValueSolver::new(&TurningCorners, Limits::default());
        for x in 0..12 {
            for y in 0..12 {
                assert_eq!(
                    solver.value(&(x, y)).unwrap(),
                    LoopyValue::Finite(corners_value(x, y)),
                    "({x}, {y})"
                );
            }
        }
    }

    /// A board of heads by brute force over whole boards (sets of heads, each move turning the
    /// coins as the rules say), against the XOR of the heads' values.
    #[test]
    fn whole_rows_by_brute_force_are_the_xor_of_their_heads() {
        use std::collections::HashMap;
        fn grundy(rule: CoinRule, board: u16, memo: &mut HashMap<u16, u64>) -> u64 {
            if let Some(&v) = memo.get(&board) {
                return v;
            }
            let mut seen = Vec::new();
            let row = CoinRow { rule };
            for n in 0..16u64 {
                if board >> n & 1 == 0 {
                    continue;
                }
                let mut options = Options::new();
                row.options(&n, &mut options).unwrap();
                for parts in options.iter() {
                    let mut after = board ^ (1 << n);
                    for &p in parts {
                        after ^= 1 << p;
                    }
                    seen.push(grundy(rule, after, memo));
                }
            }
            let v = crate::nimber::mex(seen);
            memo.insert(board, v);
            v
        }
        for rule in CoinRule::ALL {
            let mut memo = HashMap::new();
            for board in 0u16..(1 << 10) {
                // Heads below the first place never move: leave them out.
                if rule.first_place() == 1 && board & 1 == 1 {
                    continue;
                }
                let xor = (0..10u64)
                    .filter(|n| board >> n & 1 == 1)
                    .fold(0, |acc, n| acc ^ rule.value(n));
                assert_eq!(grundy(rule, board, &mut memo), xor, "{} board {board:b}", rule.name());
            }
        }
    }
}
