//! Lists of lists kept as the end of each list, in four bytes an end.
//!
//! A shard's arena of encodings, its options and its predecessors are each one long vector
//! cut into one list a position; the cuts are a non-decreasing sequence of `u64`. [`Ends`]
//! keeps their low 32 bits, and for every multiple of 2^32 the sequence passes, the first
//! entry at or past it: four bytes an end instead of eight, whatever the totals.

/// A non-decreasing sequence of `u64` (the ends of consecutive lists), four bytes an entry.
#[derive(Debug, Default, Clone)]
pub struct Ends {
    low: Vec<u32>,
    /// `steps[k]`: the first entry at or past `(k + 1) · 2^32`.
    steps: Vec<u32>,
}

impl Ends {
    /// An empty sequence with room for `n` entries.
    pub fn with_capacity(n: usize) -> Ends {
        Ends { low: Vec::with_capacity(n), steps: Vec::new() }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.low.len()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.low.is_empty()
    }

    /// The last entry (0 when there is none).
    pub fn last(&self) -> u64 {
        match self.low.len() {
            0 => 0,
            n => self.get(n - 1),
        }
    }

    /// Appends `end`, which is at least the last entry; at most 2^32 entries.
    pub fn push(&mut self, end: u64) {
        debug_assert!(end >= self.last(), "the ends of lists do not decrease");
        let index = u32::try_from(self.low.len()).expect("at most 2^32 lists");
        while (self.steps.len() as u64) < end >> 32 {
            self.steps.push(index);
        }
        push_lean(&mut self.low, end as u32);
    }

    /// Entry `idx`.
    #[inline]
    pub fn get(&self, idx: usize) -> u64 {
        let high = if self.steps.is_empty() {
            0
        } else {
            self.steps.partition_point(|&first| first as usize <= idx) as u64
        };
        (high << 32) | u64::from(self.low[idx])
    }

    /// List `idx`: from the end of the one before it to its own end.
    #[inline]
    pub fn span(&self, idx: usize) -> std::ops::Range<u64> {
        let start = if idx == 0 { 0 } else { self.get(idx - 1) };
        start..self.get(idx)
    }

    /// The bytes held, by capacity.
    pub fn bytes(&self) -> usize {
        4 * (self.low.capacity() + self.steps.capacity())
    }

    /// Gives back the room not used.
    pub fn shrink_to_fit(&mut self) {
        self.low.shrink_to_fit();
        self.steps.shrink_to_fit();
    }
}

/// Pushes `item`, growing a full vector by a quarter rather than doubling it: a shard's
/// vectors are most of its memory, and what doubling leaves unused would be as much again.
#[inline]
pub fn push_lean<T>(vec: &mut Vec<T>, item: T) {
    if vec.len() == vec.capacity() {
        vec.reserve_exact((vec.capacity() / 4).max(1024));
    }
    vec.push(item);
}

/// Appends `items`, growing a vector the same way as [`push_lean`].
pub fn extend_lean<T: Copy>(vec: &mut Vec<T>, items: &[T]) {
    if vec.capacity() - vec.len() < items.len() {
        vec.reserve_exact((vec.capacity() / 4).max(1024).max(items.len()));
    }
    vec.extend_from_slice(items);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn past_four_gibibytes() {
        let mut ends = Ends::default();
        let values = [0, 5, 5, (1 << 32) - 1, 1 << 32, (1 << 32) + 7, 3 << 32, (3 << 32) | 9];
        for v in values {
            ends.push(v);
        }
        for (i, v) in values.iter().enumerate() {
            assert_eq!(ends.get(i), *v, "entry {i}");
        }
        assert_eq!(ends.span(0), 0..0);
        assert_eq!(ends.span(4), (1 << 32) - 1..1 << 32);
        assert_eq!(ends.span(6), (1 << 32) + 7..3 << 32);
        assert_eq!(ends.last(), (3 << 32) | 9);
    }

    proptest! {
        /// Against a plain vector of `u64`, with steps of any size (past 2^32 too).
        #[test]
        fn same_as_a_vector(steps in prop::collection::vec(
            prop_oneof![0u64..4, 0u64..1 << 20, 0u64..1 << 34], 0..200)
        ) {
            let mut ends = Ends::default();
            let mut plain = Vec::new();
            let mut total = 0u64;
            for step in steps {
                total += step;
                ends.push(total);
                plain.push(total);
            }
            prop_assert_eq!(ends.len(), plain.len());
            for (i, v) in plain.iter().enumerate() {
                prop_assert_eq!(ends.get(i), *v);
                let start = if i == 0 { 0 } else { plain[i - 1] };
                prop_assert_eq!(ends.span(i), start..*v);
            }
            prop_assert_eq!(ends.last(), plain.last().copied().unwrap_or(0));
        }

        #[test]
        fn lean_pushes_keep_every_item(items in prop::collection::vec(any::<u16>(), 0..5000)) {
            let mut one = Vec::new();
            let mut many = Vec::new();
            for chunk in items.chunks(7) {
                for &item in chunk {
                    push_lean(&mut one, item);
                }
                extend_lean(&mut many, chunk);
            }
            prop_assert_eq!(&one, &items);
            prop_assert_eq!(&many, &items);
        }
    }
}
