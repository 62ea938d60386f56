//! The values of heaps `0..=N` of a heap game, handed out in chunks: the computed ones, then
//! the ones a proven period gives. Past the computed values the period is walked residue by
//! residue (no division per heap), so writing or plotting 10^10 values of a periodic game costs
//! a pass over them and memory for one chunk.

use anyhow::Result;
use grundy::sequence::period::Period;
use grundy::sequence::{Chunk, HeapValues};

/// Values handed to the callback at a time.
const CHUNK: usize = 1 << 16;

/// A nim-sequence as far as it is known: computed values (at the width the engine keeps them),
/// and beyond them a proven period.
#[derive(Debug, Clone, Copy)]
pub struct Sequence<'a> {
    computed: Chunk<'a>,
    period: Option<&'a Period>,
}

impl<'a> Sequence<'a> {
    /// The values of a [`HeapValues`].
    pub fn of(values: &'a HeapValues) -> Self {
        Sequence { computed: values.computed().as_chunk(), period: values.period() }
    }

    /// How many values were computed (heaps `0..n_computed()`).
    pub fn n_computed(&self) -> usize {
        self.computed.len()
    }

    fn computed(&self, heap: usize) -> Option<u64> {
        (heap < self.computed.len()).then(|| self.computed.get(heap))
    }

    /// `Some((preperiod, period))` where the values repeat exactly (a period with no saltus).
    pub fn repeats(&self) -> Option<(u64, u64)> {
        self.period
            .filter(|period| period.saltus == 0)
            .map(|period| (period.preperiod as u64, period.period as u64))
    }

    /// Calls `each` with the values of heaps `first..=last` in order, a chunk at a time, with
    /// the heap of the chunk's first value. An error where a value is neither computed nor
    /// given by a period, or passes 2^64 - 1.
    pub fn for_each_chunk(
        &self,
        first: u64,
        last: u64,
        mut each: impl FnMut(u64, &[u64]) -> Result<()>,
    ) -> Result<()> {
        if first > last {
            return Ok(());
        }
        let mut chunk: Vec<u64> = Vec::with_capacity(CHUNK);
        let mut chunk_start = first;
        let n_computed = self.n_computed() as u64;
        let computed_last = last.min(n_computed.saturating_sub(1));
        if first < n_computed {
            for heap in first..=computed_last {
                chunk.push(self.computed(heap as usize).unwrap_or(0));
                if chunk.len() == CHUNK {
                    each(chunk_start, &chunk)?;
                    chunk_start += CHUNK as u64;
                    chunk.clear();
                }
            }
            if computed_last == last {
                return if chunk.is_empty() { Ok(()) } else { each(chunk_start, &chunk) };
            }
        }
        let from = first.max(n_computed);
        let period = self.period.filter(|period| {
            period.period > 0 && (period.preperiod + period.period) as u64 <= n_computed
        });
        let Some(period) = period else {
            anyhow::bail!("the value of heap {from} was not computed");
        };
        let (preperiod, length) = (period.preperiod as u64, period.period as u64);
        let offset = from - preperiod;
        let (mut cycles, mut residue) = (offset / length, offset % length);
        for heap in from..=last {
            let base = self.computed((preperiod + residue) as usize).unwrap_or(0);
            let value =
                cycles.checked_mul(u64::from(period.saltus)).and_then(|v| v.checked_add(base));
            let Some(value) = value else {
                anyhow::bail!("the value of heap {heap} passes 2^64 - 1");
            };
            chunk.push(value);
            if chunk.len() == CHUNK {
                each(chunk_start, &chunk)?;
                chunk_start += CHUNK as u64;
                chunk.clear();
            }
            residue += 1;
            if residue == length {
                residue = 0;
                // Saturates only past the last heap there can be.
                cycles = cycles.saturating_add(1);
            }
        }
        if chunk.is_empty() {
            Ok(())
        } else {
            each(chunk_start, &chunk)
        }
    }

    /// The largest value of heaps `0..=last`, without a pass over them: past the computed
    /// values a plain period only repeats them, and with a saltus the largest values are in the
    /// last period (each value there is its residue's largest).
    pub fn max_value(&self, last: u64) -> Result<u64> {
        let n_computed = self.n_computed() as u64;
        let prefix_end = last.saturating_add(1).min(n_computed);
        let mut max = (0..prefix_end).filter_map(|heap| self.computed(heap as usize)).max();
        if last >= n_computed {
            let tail_from = match self.period {
                Some(period) if period.saltus > 0 => {
                    last.saturating_sub(period.period as u64 - 1).max(n_computed)
                }
                _ => last,
            };
            self.for_each_chunk(tail_from, last, |_, chunk| {
                max = max.max(chunk.iter().copied().max());
                Ok(())
            })?;
        }
        Ok(max.unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::heap::HeapGame;

    fn game(name: &str) -> HeapGame {
        grundy::game(name).unwrap().heap_game().unwrap()
    }

    /// The walk through the period gives what `HeapValues::value` gives, chunk borders and all.
    #[test]
    fn chunks_agree_with_the_library_value_of_each_heap() {
        for name in ["kayles", "0.07", "0.28", "nim", "lasker", "sub:1,3,4"] {
            let values = HeapValues::compute(&game(name), 2000, &mut |_| {});
            let sequence = Sequence::of(&values);
            for (first, last) in [(0, 300), (5, 5), (17, 200_000), (1 << 40, (1 << 40) + 70_000)] {
                let mut next = first;
                sequence
                    .for_each_chunk(first, last, |start, chunk| {
                        assert_eq!(start, next, "{name}");
                        for (offset, &value) in chunk.iter().enumerate() {
                            let heap = start + offset as u64;
                            assert_eq!(Some(value), values.value(heap), "{name} heap {heap}");
                        }
                        next += chunk.len() as u64;
                        Ok(())
                    })
                    .unwrap();
                assert_eq!(next, last + 1, "{name}");
            }
            let brute = (0..=300).filter_map(|heap| values.value(heap)).max();
            assert_eq!(Some(sequence.max_value(300).unwrap()), brute, "{name}");
        }
    }

    #[test]
    fn the_largest_value_with_a_saltus_is_in_the_last_period() {
        let values = HeapValues::compute(&game("0.28"), 2000, &mut |_| {});
        let sequence = Sequence::of(&values);
        let last = 10u64.pow(12);
        let brute = (last - 1000..=last).filter_map(|heap| values.value(heap)).max();
        assert_eq!(Some(sequence.max_value(last).unwrap()), brute);
        let nim = HeapValues::compute(&game("nim"), 10, &mut |_| {});
        assert_eq!(Sequence::of(&nim).max_value(u64::MAX).unwrap(), u64::MAX);
    }

    #[test]
    fn values_past_u64_are_an_error_not_a_wrap() {
        // Lasker's Nim: G(4k + 3) = 4k + 4, and 2^64 - 1 is 4k + 3.
        let values = HeapValues::compute(&game("lasker"), 100, &mut |_| {});
        let error = Sequence::of(&values).max_value(u64::MAX).unwrap_err();
        assert!(error.to_string().contains("passes 2^64 - 1"), "{error}");
    }
}
