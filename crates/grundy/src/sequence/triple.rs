//! The fast engine for codes whose moves may leave three heaps (hexadecimal digits 8–f):
//! quadratic where the straightforward engine is cubic.
//!
//! The rare/common method does not carry over to three parts: a nim-sum of three common values
//! is common, so the common values among the options come from the many all-common triples, not
//! from a few rare ones. Instead, for every heap size `m` the engine keeps the set `P(m)` of the
//! values of its two-heap splits, `{G(b) ⊕ G(m − b) : 1 ≤ b < m}`, as a bitset. A value `x` is
//! the value of a three-heap split of `r` exactly when `x ⊕ G(a) ∈ P(r − a)` for some
//! `1 ≤ a ≤ r − 2` (the triple `a, b, r − a − b`, in any order). So the mex needs, per candidate,
//! one pass over `a` with one bit test each, stopping at the first hit: values that are present
//! are usually found at once, and only the answer costs a full pass. Two-heap moves take `P`
//! whole (a bitwise OR), one-heap moves a single value. Building `P(n)` costs one pass over the
//! splits of `n`. Each heap therefore costs `O(n)` plus the candidates' early-exiting passes,
//! against `O(n²)` triples for the straightforward engine.

use crate::rules::heap::{HeapGame, OctalCode};
use crate::sequence::dense::mark_code_options;

/// Computes the nim-sequence of a finite code with three-heap moves, one heap after another.
///
/// ```
/// use grundy::sequence::triple::TripleEngine;
/// // 0.8: remove one token and leave exactly three heaps; G(n) = ⌊(n − 1)/3⌋ for n ≥ 1.
/// let mut engine = TripleEngine::new(&"0.8".parse().unwrap()).unwrap();
/// engine.extend_to(12);
/// assert_eq!(engine.values(), [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
/// ```
#[derive(Debug, Clone)]
pub struct TripleEngine {
    code: OctalCode,
    max_removal: usize,
    values: Vec<u32>,
    max_value: u32,
    /// `P(m)` for every `m` computed, `words` 64-bit words each, back to back.
    pairs: Vec<u64>,
    words: usize,
    seen: Vec<u64>,
    /// The sets outgrew [`MAX_SET_BYTES`] (values that grow with the heap make them quadratic):
    /// from then on every option is enumerated, as the straightforward engine does.
    direct: bool,
    budget: usize,
}

/// The most memory the two-heap sets may take (2 GiB); past it the engine enumerates options.
const MAX_SET_BYTES: usize = 1 << 31;

impl TripleEngine {
    /// An engine for `code`, or `None` if the code has a repeating digit (no largest removal).
    pub fn new(code: &OctalCode) -> Option<Self> {
        Some(TripleEngine {
            code: code.clone(),
            max_removal: code.max_removal()?,
            values: Vec::new(),
            max_value: 0,
            pairs: Vec::new(),
            words: 1,
            seen: Vec::new(),
            direct: false,
            budget: MAX_SET_BYTES,
        })
    }

    /// The values computed so far.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Gives up the values.
    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    /// Computes values up to heap `n` inclusive.
    pub fn extend_to(&mut self, n: usize) {
        while self.values.len() <= n {
            self.push_next();
        }
    }

    /// The set `P(m)`.
    fn pair_set(&self, m: usize) -> &[u64] {
        &self.pairs[m * self.words..(m + 1) * self.words]
    }

    /// Whether some three-heap split of `rest` has value `x`.
    fn triple_with(&self, rest: usize, x: u32) -> bool {
        let bits = self.words as u32 * 64;
        (1..rest.saturating_sub(1)).any(|a| {
            let want = x ^ self.values[a];
            // A nim-sum of values below 2^b stays below 2^b: beyond the sets' width, absent.
            want < bits && {
                let set = self.pair_set(rest - a);
                set[(want / 64) as usize] >> (want % 64) & 1 == 1
            }
        })
    }

    /// Computes the value of the next heap size and returns it.
    pub fn push_next(&mut self) -> u32 {
        let n = self.values.len();
        if !self.prepare_next() {
            return self.push_direct();
        }
        let words = self.words;
        self.seen.clear();
        self.seen.resize(words, 0);
        let mut seen = std::mem::take(&mut self.seen);
        let mark = |seen: &mut [u64], value: u32| {
            if let Some(word) = seen.get_mut((value / 64) as usize) {
                *word |= 1 << (value % 64);
            }
        };
        let mut triples = Vec::new();
        for k in 0..=self.max_removal.min(n) {
            let digit = self.code.digit(k);
            let rest = n - k;
            if k > 0 && digit & 1 != 0 && rest == 0 {
                mark(&mut seen, 0);
            }
            if k > 0 && digit & 2 != 0 && rest >= 1 {
                mark(&mut seen, self.values[rest]);
            }
            if digit & 4 != 0 && rest >= 2 {
                for (word, pair) in seen.iter_mut().zip(self.pair_set(rest)) {
                    *word |= pair;
                }
            }
            if digit & 8 != 0 && rest >= 3 {
                triples.push(rest);
            }
        }
        // The mex: the first value not seen, unless some three-heap split makes it.
        let bits = words as u32 * 64;
        let mut candidate = 0u32;
        let value = loop {
            while candidate < bits && seen[(candidate / 64) as usize] >> (candidate % 64) & 1 == 1 {
                candidate += 1;
            }
            if !triples.iter().any(|&rest| self.triple_with(rest, candidate)) {
                break candidate;
            }
            candidate += 1;
        };
        self.seen = seen;
        self.record(value);
        value
    }

    /// An engine that starts from values already computed (a resumed run), as if it had
    /// computed them; `None` for a code with a repeating digit.
    pub fn with_values(code: &OctalCode, values: &[u32]) -> Option<Self> {
        let mut engine = Self::new(code)?;
        for &value in values {
            engine.prepare_next();
            engine.record(value);
        }
        Some(engine)
    }

    /// Before the next heap: switches to enumeration if the sets would pass their budget, and
    /// otherwise appends `P(n)` (it needs only the values below `n`, and a split that removes
    /// nothing reads it). Returns whether the sets are in use.
    fn prepare_next(&mut self) -> bool {
        if !self.direct && (self.pairs.len() + self.words) * 8 > self.budget {
            self.direct = true;
            self.pairs = Vec::new();
        }
        if !self.direct {
            self.push_pair_set(self.values.len());
        }
        !self.direct
    }

    /// After the next heap: its value, and the sets widened when values pass their width (a
    /// nim-sum of values below 2^b stays below 2^b).
    fn record(&mut self, value: u32) {
        self.values.push(value);
        self.max_value = self.max_value.max(value);
        let needed = ((self.max_value as usize + 1).next_power_of_two()).div_ceil(64);
        if !self.direct && needed > self.words {
            self.widen(needed.next_power_of_two());
        }
    }

    /// The next value with every option enumerated (after the sets outgrew their budget).
    fn push_direct(&mut self) -> u32 {
        let n = self.values.len();
        let words = (self.max_value as usize + 1).next_power_of_two().div_ceil(64);
        self.seen.clear();
        self.seen.resize(words, 0);
        let seen = &mut self.seen;
        mark_code_options(&self.code, &self.values, n, &mut |value| {
            seen[(value / 64) as usize] |= 1 << (value % 64)
        });
        let value = self
            .seen
            .iter()
            .position(|&word| word != u64::MAX)
            .map_or(words as u32 * 64, |at| at as u32 * 64 + self.seen[at].trailing_ones());
        self.record(value);
        value
    }

    /// The engine with a budget for its sets of `bytes` instead of 2 GiB, for tests of the
    /// switch to enumeration.
    pub fn with_set_budget(mut self, bytes: usize) -> Self {
        self.budget = bytes;
        self
    }

    /// Appends `P(n)`.
    fn push_pair_set(&mut self, n: usize) {
        let start = self.pairs.len();
        self.pairs.resize(start + self.words, 0);
        let (values, set) = (&self.values, &mut self.pairs[start..]);
        for b in 1..=n / 2 {
            let x = values[b] ^ values[n - b];
            set[(x / 64) as usize] |= 1 << (x % 64);
        }
    }

    /// Re-lays every set out at `words` words.
    fn widen(&mut self, words: usize) {
        let count = self.pairs.len() / self.words;
        let mut wider = vec![0u64; count * words];
        for m in 0..count {
            wider[m * words..m * words + self.words].copy_from_slice(self.pair_set(m));
        }
        self.pairs = wider;
        self.words = words;
    }
}

/// The finite code of `game` when its moves may leave three heaps: the codes that
/// the engine of this file and the arithmetic-periodicity theorem are for.
pub(crate) fn three_heap_code(game: &HeapGame) -> Option<&OctalCode> {
    game.code().filter(|code| code.max_parts() == 3 && code.max_removal().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::heap::{HeapGame, HeapRules};
    use crate::sequence::dense::DenseEngine;
    use crate::sequence::test_codes::hex_code;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Against the straightforward engine (every triple enumerated), on random codes with
        /// and without three-heap moves.
        #[test]
        fn matches_the_straightforward_engine(text in hex_code(4)) {
            let code: OctalCode = text.parse().unwrap();
            let game = HeapGame { name: text.clone(), rules: HeapRules::Code(code.clone()) };
            let mut reference = DenseEngine::new(&game);
            reference.extend_to(300);
            let mut fast = TripleEngine::new(&code).unwrap();
            fast.extend_to(300);
            prop_assert_eq!(fast.values(), reference.values(), "{}", text);
            // The same with a budget that runs out midway: sets first, enumeration after.
            let mut switched = TripleEngine::new(&code).unwrap().with_set_budget(8 * 150);
            switched.extend_to(300);
            prop_assert!(switched.direct);
            prop_assert_eq!(switched.values(), reference.values(), "{} (switched)", text);
        }
    }

    #[test]
    fn a_resumed_engine_carries_on_exactly() {
        for text in ["0.98", "0.3f", "c.d7", "0.ff"] {
            let code: OctalCode = text.parse().unwrap();
            let mut whole = TripleEngine::new(&code).unwrap();
            whole.extend_to(400);
            let mut resumed = TripleEngine::with_values(&code, &whole.values()[..173]).unwrap();
            resumed.extend_to(400);
            assert_eq!(resumed.values(), whole.values(), "{text}");
        }
    }

    #[test]
    fn values_past_the_first_width_widen_the_sets() {
        // 0.ff: G(n) = n, so the sets widen several times on the way to 300.
        let mut engine = TripleEngine::new(&"0.ff".parse().unwrap()).unwrap();
        engine.extend_to(300);
        assert!(engine.values().iter().enumerate().all(|(n, &v)| v as usize == n));
    }
}
