//! Nimbers: the minimum excludant (mex) and the nim-sum.
//!
//! The Grundy value of a position is the mex of its options' values, and the value of a sum of
//! games is the nim-sum (bitwise XOR) of the parts' values. Both are computed here without
//! sorting: the mex marks values in a bitmask (one-off) or a stamped array (repeated use).

use num_bigint::BigUint;
use num_traits::Zero;

/// The smallest non-negative integer not among `values`.
///
/// Runs in time linear in the number of values, whatever their order: the mex of `k` values is
/// at most `k`, so only values below `k` are marked, in a bitmask.
///
/// ```
/// assert_eq!(grundy::nimber::mex([0, 1, 2]), 3);
/// assert_eq!(grundy::nimber::mex([1, 2]), 0);
/// assert_eq!(grundy::nimber::mex([2, 3, 0]), 1);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values = values.into_iter();
    // Fast path: most options sets in practice hold values below 64.
    let mut low: u64 = 0;
    let mut high: Vec<u64> = Vec::new();
    let mut n_values: usize = 0;
    for value in values {
        n_values += 1;
        if value < 64 {
            low |= 1 << value;
        } else {
            high.push(value);
        }
    }
    if low != u64::MAX {
        return u64::from((!low).trailing_zeros());
    }
    // All of 0..64 are present: mark the rest in a bitmask sized by the count.
    let bound = n_values as u64 + 1;
    let mut words = vec![0u64; (bound as usize).div_ceil(64)];
    words[0] = u64::MAX;
    for value in high {
        if value < bound {
            words[(value / 64) as usize] |= 1 << (value % 64);
        }
    }
    for (word_idx, word) in words.iter().enumerate() {
        if *word != u64::MAX {
            return word_idx as u64 * 64 + u64::from((!word).trailing_zeros());
        }
    }
    words.len() as u64 * 64
}

/// A reusable mex computer for hot loops: a stamped array, so that each mex costs only the
/// values it is given (no clearing between calls).
///
/// ```
/// let mut scratch = grundy::nimber::MexScratch::new();
/// assert_eq!(scratch.mex([0, 1, 3]), 2);
/// assert_eq!(scratch.mex([5]), 0);
/// ```
#[derive(Debug, Default, Clone)]
pub struct MexScratch {
    stamps: Vec<u32>,
    current: u32,
}

impl MexScratch {
    /// An empty scratch area; it grows to the largest mex seen.
    pub fn new() -> Self {
        Self::default()
    }

    /// The mex of `values`, reusing this scratch area.
    pub fn mex<I: IntoIterator<Item = u64>>(&mut self, values: I) -> u64 {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            // The stamp wrapped round: old stamps could be mistaken for new ones.
            self.stamps.iter_mut().for_each(|stamp| *stamp = 0);
            self.current = 1;
        }
        for value in values {
            let idx = value as usize;
            if value >= (1 << 31) {
                continue; // more options than memory could hold never reach such a mex
            }
            if idx >= self.stamps.len() {
                self.stamps.resize((idx + 1).next_power_of_two(), 0);
            }
            self.stamps[idx] = self.current;
        }
        let mut candidate = 0usize;
        while candidate < self.stamps.len() && self.stamps[candidate] == self.current {
            candidate += 1;
        }
        candidate as u64
    }
}

/// The nim-sum (XOR) of machine-word nimbers.
///
/// ```
/// assert_eq!(grundy::nimber::nim_sum([3, 4, 5]), 2);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |acc, value| acc ^ value)
}

/// An unsigned integer that Nim-like closed forms can work on: machine words for speed, and
/// [`BigUint`] where a heap has a hundred digits.
pub trait NimInt: Clone + Ord + std::fmt::Debug + std::fmt::Display {
    /// The additive identity, 0.
    fn zero() -> Self;
    /// `self XOR other`.
    fn xor(&self, other: &Self) -> Self;
    /// `self - other`; callers guarantee `other <= self`.
    fn minus(&self, other: &Self) -> Self;
    /// Whether the value is 0.
    fn is_zero(&self) -> bool;
    /// The number of significant bits (0 for 0).
    fn bit_length(&self) -> u64;
    /// Whether bit `bit` (0 = least significant) is set.
    fn bit(&self, bit: u64) -> bool;
    /// Converts from a small integer.
    fn from_u64(value: u64) -> Self;
    /// The value as a big integer.
    fn to_biguint(&self) -> BigUint;
}

impl NimInt for u64 {
    fn zero() -> Self {
        0
    }
    fn xor(&self, other: &Self) -> Self {
        self ^ other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn bit_length(&self) -> u64 {
        u64::from(64 - self.leading_zeros())
    }
    fn bit(&self, bit: u64) -> bool {
        bit < 64 && (self >> bit) & 1 == 1
    }
    fn from_u64(value: u64) -> Self {
        value
    }
    fn to_biguint(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl NimInt for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn xor(&self, other: &Self) -> Self {
        self ^ other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn bit_length(&self) -> u64 {
        self.bits()
    }
    fn bit(&self, bit: u64) -> bool {
        BigUint::bit(self, bit)
    }
    fn from_u64(value: u64) -> Self {
        BigUint::from(value)
    }
    fn to_biguint(&self) -> BigUint {
        self.clone()
    }
}

/// The nim-sum of any [`NimInt`] values.
///
/// ```
/// use num_bigint::BigUint;
/// let heaps: Vec<BigUint> = vec![8u32.into(), 13u32.into(), 15u32.into()];
/// assert_eq!(grundy::nimber::nim_sum_of(&heaps), BigUint::from(10u32));
/// ```
pub fn nim_sum_of<T: NimInt>(values: &[T]) -> T {
    values.iter().fold(T::zero(), |acc, value| acc.xor(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, by search: the first integer not in the list.
    fn mex_by_definition(values: &[u64]) -> u64 {
        (0..).find(|candidate| !values.contains(candidate)).unwrap()
    }

    proptest! {
        #[test]
        fn mex_matches_definition(values in proptest::collection::vec(0u64..200, 0..300)) {
            prop_assert_eq!(mex(values.iter().copied()), mex_by_definition(&values));
        }

        #[test]
        fn mex_of_a_full_prefix(len in 0u64..400, extra in proptest::collection::vec(0u64..1000, 0..20)) {
            // 0..len all present, plus noise above: mex is the first gap.
            let mut values: Vec<u64> = (0..len).collect();
            values.extend(extra.iter().copied());
            prop_assert_eq!(mex(values.iter().copied()), mex_by_definition(&values));
        }

        #[test]
        fn scratch_mex_matches_definition(sets in proptest::collection::vec(proptest::collection::vec(0u64..100, 0..50), 1..20)) {
            let mut scratch = MexScratch::new();
            for values in &sets {
                prop_assert_eq!(scratch.mex(values.iter().copied()), mex_by_definition(values));
            }
        }

        #[test]
        fn nim_sum_is_a_group(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            prop_assert_eq!(nim_sum([a, b]), nim_sum([b, a]));
            prop_assert_eq!(nim_sum([nim_sum([a, b]), c]), nim_sum([a, nim_sum([b, c])]));
            prop_assert_eq!(nim_sum([a, 0]), a);
            prop_assert_eq!(nim_sum([a, a]), 0);
        }

        #[test]
        fn big_and_word_agree(values in proptest::collection::vec(any::<u64>(), 0..10)) {
            let big: Vec<BigUint> = values.iter().map(|v| BigUint::from(*v)).collect();
            prop_assert_eq!(nim_sum_of(&big), BigUint::from(nim_sum_of(&values)));
            for v in &values {
                prop_assert_eq!(NimInt::bit_length(v), BigUint::from(*v).bits());
            }
        }
    }

    #[test]
    fn scratch_survives_stamp_wraparound() {
        let mut scratch = MexScratch { stamps: vec![0; 8], current: u32::MAX - 1 };
        assert_eq!(scratch.mex([0, 1]), 2);
        assert_eq!(scratch.mex([0]), 1); // stamp wrapped here
        assert_eq!(scratch.mex([1]), 0);
    }
}

pub mod field;
