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
    /// use grundy::games::coins::CoinRule;
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

/// The Tartan product of two row games (Winning Ways, ch. 14): coins on a grid, places
/// `(x, y)` numbered as the factors number theirs; a move chooses a move of the first game
/// turning the set `A` of places (its head `x`) and one of the second turning `B` (its head
/// `y`), and turns every coin of `A × B`: the head at `(x, y)` goes to tails. By the Tartan
/// theorem its value is `G₁(x) ⊗ G₂(y)`; Turning Corners is Twins × Twins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tartan {
    /// The game of the first coordinate.
    pub first: CoinRule,
    /// The game of the second.
    pub second: CoinRule,
}

impl Tartan {
    /// `tartan:ruler,mock-turtles`.
    pub fn name(&self) -> String {
        format!("tartan:{},{}", self.first.name(), self.second.name())
    }

    /// The value of a head at `(x, y)` by the Tartan theorem.
    ///
    /// ```
    /// use grundy::games::coins::{CoinRule, Tartan};
    /// let corners = Tartan { first: CoinRule::Twins, second: CoinRule::Twins };
    /// assert_eq!(corners.value(2, 3), 1);   // 2 ⊗ 3 = 1
    /// ```
    pub fn value(&self, x: u64, y: u64) -> u64 {
        crate::nimber::field::mul(self.first.value(x), self.second.value(y))
    }
}

impl Ruleset for Tartan {
    type Position = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), options: &mut Options<(u64, u64)>) -> Result<()> {
        if x < self.first.first_place() || y < self.second.first_place() {
            return Ok(());
        }
        let mut firsts = Options::new();
        CoinRow { rule: self.first }.options(&x, &mut firsts)?;
        let mut seconds = Options::new();
        CoinRow { rule: self.second }.options(&y, &mut seconds)?;
        for a in firsts.iter() {
            for b in seconds.iter() {
                if options.is_full() {
                    return Ok(());
                }
                // Every coin of A × B but the head itself.
                let rows = std::iter::once(x).chain(a.iter().copied());
                let parts = rows
                    .flat_map(|p| std::iter::once(y).chain(b.iter().copied()).map(move |q| (p, q)));
                options.push(parts.filter(|&place| place != (x, y)));
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

    /// Two Tartan products (Ruler × Mock Turtles, Turning Turtles × Ruler) and Twins × Twins
    /// (Turning Corners): the theorem against the values of whole boards by the rules read
    /// literally (all products of the factors' turned sets), and single heads by the value
    /// solver over the product's own options.
    #[test]
    fn tartan_products_by_brute_force_on_small_boards() {
        use std::collections::HashMap;
        fn turned_sets(rule: CoinRule, width: u64) -> Vec<(u64, Vec<u64>)> {
            // (head, every place turned) for every move of one head, by the rule read anew.
            let mut out = Vec::new();
            let first = rule.first_place();
            for set in 1u32..(1 << width) {
                let places: Vec<u64> = (0..width).filter(|p| set >> p & 1 == 1).collect();
                if places[0] < first {
                    continue;
                }
                let head = *places.last().unwrap();
                let n = places.len() as u64;
                let legal = match rule {
                    CoinRule::TurningTurtles => n <= 2,
                    CoinRule::MockTurtles => n <= 3,
                    CoinRule::Twins => n == 2,
                    CoinRule::Ruler => head + 1 - places[0] == n,
                };
                if legal {
                    out.push((head, places));
                }
            }
            out
        }
        fn grundy(board: u32, moves: &[(usize, u32)], memo: &mut HashMap<u32, u64>) -> u64 {
            if let Some(&v) = memo.get(&board) {
                return v;
            }
            let seen: Vec<u64> = moves
                .iter()
                .filter(|&&(head, _)| board >> head & 1 == 1)
                .map(|&(_, turned)| grundy(board ^ turned, moves, memo))
                .collect();
            let v = crate::nimber::mex(seen);
            memo.insert(board, v);
            v
        }
        let (w, h) = (4u64, 4u64);
        for (first, second) in [
            (CoinRule::Ruler, CoinRule::MockTurtles),
            (CoinRule::TurningTurtles, CoinRule::Ruler),
            (CoinRule::Twins, CoinRule::Twins),
        ] {
            let game = Tartan { first, second };
            let bit = |x: u64, y: u64| 1u32 << (x * h + y);
            let mut moves = Vec::new();
            for (x, a) in turned_sets(first, w) {
                for (y, b) in turned_sets(second, h) {
                    let turned = a.iter().flat_map(|&p| b.iter().map(move |&q| bit(p, q)));
                    moves.push(((x * h + y) as usize, turned.fold(0, |acc, t| acc ^ t)));
                }
            }
            let mut memo = HashMap::new();
            for board in 0u32..(1 << (w * h)) {
                if board % 97 != 0 && board.count_ones() > 2 {
                    continue; // every board of one or two heads, and a sample of the rest
                }
                let theorem = (0..w * h)
                    .filter(|i| board >> i & 1 == 1)
                    .fold(0, |acc, i| acc ^ game.value(i / h, i % h));
                assert_eq!(grundy(board, &moves, &mut memo), theorem, "{} {board:b}", game.name());
            }
            let mut solver = ValueSolver::new(&game, Limits::default());
            for x in 0..9 {
                for y in 0..9 {
                    let expected = if x < first.first_place() || y < second.first_place() {
                        0
                    } else {
                        game.value(x, y)
                    };
                    assert_eq!(solver.value(&(x, y)).unwrap(), LoopyValue::Finite(expected));
                }
            }
        }
    }
}
