//! The straightforward nim-sequence engine: for each heap size in turn, the values of all its
//! options are marked in a bitset and the mex read off. Quadratic for codes that split, but
//! simple enough to be checked by eye, and the reference every faster engine is compared with.

use crate::rules::heap::{HeapGame, HeapRules, OctalCode};

/// Computes the nim-sequence of a heap game, one heap size after another.
///
/// ```
/// use grundy::games::heap::{HeapGame, HeapRules};
/// use grundy::sequence::dense::DenseEngine;
/// let kayles = HeapGame { name: "0.77".into(), rules: HeapRules::Code("0.77".parse().unwrap()) };
/// let mut engine = DenseEngine::new(&kayles);
/// engine.extend_to(10);
/// assert_eq!(engine.values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]);
/// ```
#[derive(Debug, Clone)]
pub struct DenseEngine {
    rules: HeapRules,
    values: Vec<u32>,
    max_value: u32,
    seen: Vec<u64>,
}

impl DenseEngine {
    /// An engine that has computed nothing yet.
    pub fn new(game: &HeapGame) -> Self {
        DenseEngine {
            rules: game.rules.clone(),
            values: Vec::new(),
            max_value: 0,
            seen: vec![0; 1],
        }
    }

    /// An engine that starts from values already computed (a resumed run, or a run another
    /// engine began), as if it had computed them.
    pub fn with_values(game: &HeapGame, values: &[u32]) -> Self {
        let mut engine = Self::new(game);
        engine.values = values.to_vec();
        engine.max_value = values.iter().copied().max().unwrap_or(0);
        engine
    }

    /// The values computed so far: `values()[n]` is the value of a heap of `n`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Gives up the values.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// Computes values up to heap size `n` inclusive.
    pub fn extend_to(&mut self, n: usize) {
        while self.values.len() <= n {
            self.push_next();
        }
    }

    /// Computes the value of the next heap size and returns it.
    pub fn push_next(&mut self) -> u32 {
        let n = self.values.len();
        // XORs of values below 2^b stay below 2^b: size the bitset for the largest value so far.
        let n_words = ((self.max_value as usize + 1).next_power_of_two() * 2).div_ceil(64);
        if self.seen.len() < n_words {
            self.seen.resize(n_words, 0);
        }
        self.seen.iter_mut().for_each(|word| *word = 0);
        let values = &self.values;
        let seen = &mut self.seen;
        let mut mark = |value: u32| seen[(value / 64) as usize] |= 1 << (value % 64);
        match &self.rules {
            HeapRules::Grundy => {
                for small in 1..n.div_ceil(2) {
                    mark(values[small] ^ values[n - small]);
                }
            }
            HeapRules::Code(code) => mark_code_options(code, values, n, &mut mark),
        }
        let value = self
            .seen
            .iter()
            .enumerate()
            .find(|(_, word)| **word != u64::MAX)
            .map(|(idx, word)| idx as u32 * 64 + word.trailing_ones())
            .unwrap_or(self.seen.len() as u32 * 64);
        self.values.push(value);
        self.max_value = self.max_value.max(value);
        value
    }
}

pub(crate) fn mark_code_options(
    code: &OctalCode,
    values: &[u32],
    n: usize,
    mark: &mut impl FnMut(u32),
) {
    let last_k = code.max_removal().map_or(n, |t| t.min(n));
    for k in 0..=last_k {
        let digit = code.digit(k);
        if digit == 0 {
            continue;
        }
        let rest = n - k;
        if k > 0 && digit & 1 != 0 && rest == 0 {
            mark(0);
        }
        if k > 0 && digit & 2 != 0 && rest >= 1 {
            mark(values[rest]);
        }
        if digit & 4 != 0 {
            for a in 1..=rest / 2 {
                mark(values[a] ^ values[rest - a]);
            }
        }
        if digit & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    mark(values[a] ^ values[b] ^ values[rest - a - b]);
                }
            }
        }
    }
}
