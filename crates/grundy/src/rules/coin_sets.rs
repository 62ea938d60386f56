//! `coins:S`: the coin-turning game whose moves turn `k` coins for each `k` in the set `S`: the
//! rightmost one a head going to tails, the others any coins to its left (Winning Ways, ch. 14;
//! Mock Turtles is `coins:1,2,3`, Twins `coins:2`, Turning Turtles `coins:1,2` on places from
//! 1). Places from 0; a component is the place of one head. Values by the definition (the
//! generic solver over these rules): no theorem is claimed.

use crate::error::Result;
use crate::ruleset::{Options, Ruleset};

/// The most coins one move may turn.
pub const MAX_TURNED: u32 = 4;

/// A coin-turning game by the numbers of coins a move turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinSet {
    /// The numbers of coins a move may turn, increasing, each 1..=MAX_TURNED.
    pub counts: Vec<u32>,
}

impl CoinSet {
    /// The game of `counts` (sorted, without repeats); the error says what is wrong.
    pub fn new(mut counts: Vec<u32>) -> crate::error::Result<CoinSet> {
        counts.sort_unstable();
        counts.dedup();
        if counts.is_empty() {
            return Err(crate::error::Error::invalid(
                "give the numbers of coins a move turns, like coins:1,2,3",
            ));
        }
        if let Some(bad) = counts.iter().find(|&&k| k == 0 || k > MAX_TURNED) {
            return Err(crate::error::Error::invalid(format!(
                "a move turns 1 to {MAX_TURNED} coins, not {bad}"
            )));
        }
        Ok(CoinSet { counts })
    }

    /// The game's name: `coins:1,2,3`.
    pub fn name(&self) -> String {
        let counts: Vec<String> = self.counts.iter().map(u32::to_string).collect();
        format!("coins:{}", counts.join(","))
    }
}

impl Ruleset for CoinSet {
    type Position = u64;

    fn options(&self, &n: &u64, options: &mut Options<u64>) -> Result<()> {
        // The coins turned besides the head: `k - 1` distinct places below n, increasing.
        fn choose(below: u64, left: u32, chosen: &mut Vec<u64>, options: &mut Options<u64>) {
            if left == 0 {
                options.push(chosen.iter().copied());
                return;
            }
            let start = chosen.last().map_or(0, |&last| last + 1);
            for place in start..below {
                if options.is_full() {
                    return;
                }
                chosen.push(place);
                choose(below, left - 1, chosen, options);
                chosen.pop();
            }
        }
        let mut chosen = Vec::with_capacity(MAX_TURNED as usize);
        for &k in &self.counts {
            choose(n, k - 1, &mut chosen, options);
        }
        Ok(())
    }
}
