//! Runs whose memory does not grow with N: the engine keeps the values of the heaps below a
//! *prefix* and of the last heaps (the *tail*), and reads any other value it needs from an
//! [`Archive`] (the values already written), or, without one, stops and says which heap it
//! needed. It never guesses a value it does not have.
//!
//! What the sparse-space method reads for heap `n` (rest `r = n − k` after a removal `k`):
//!
//! - the single-heap options `G(n − k)`: the tail;
//! - the pairs with a rare part `(a, r − a)`: the rare position's value is kept in the rare
//!   list, its partner is in the tail while `a` is below the tail's length (Grundy's game: the
//!   last rare position below 2^32 is 48,399,022), in the prefix when `a` is near `r`, and in
//!   neither otherwise (read from the archive);
//! - the window of pairs and the proof scans: pairs `(a, r − a)` from the small end, `a` in the
//!   prefix and `r − a` in the tail, nearly always within a few thousand pairs;
//! - a full enumeration when a rare value below the candidate is truly absent: every pair, so
//!   the middle too (from the archive).
//!
//! The values are stored as the prefix followed by the tail in one vector: heap `i` is at `i`
//! below the prefix and at `i − shift` from the tail's first heap `prefix + shift` on. Before
//! anything is dropped `shift` is 0 and every value is where it always was, so the vector
//! kernels, given `r − shift` for `r`, read pairs of a prefix part and a tail part unchanged.

use super::{best_mask, Cell, EngineState, FIRST_WINDOW, SPARSE_RATIO};
use std::sync::Mutex;

/// The state of a run that computed heaps `0..n`, kept only heaps below `prefix` and the last
/// `keep` (`values`: those of the prefix, then those of the tail), and has every value in
/// `archive`: a resumed `--out` run that should not load all it wrote. `histogram` counts the
/// heaps of each value. The mask is chosen from the histogram (any mask gives the same
/// answers) and the rare positions under it are read from the archive in blocks, so memory
/// holds the two ends and the rare list only. `Ok(None)` when no mask makes rare positions few
/// (the run then needs every value: a dense run reads pairs anywhere).
pub fn state_from_ends(
    n: u64,
    values: Vec<u16>,
    prefix: u64,
    keep: u64,
    histogram: Vec<u64>,
    bytes: bool,
    archive: &dyn Archive,
) -> std::io::Result<Option<EngineState>> {
    let invalid =
        |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let shift = n
        .checked_sub(prefix.saturating_add(keep))
        .filter(|_| values.len() as u64 == prefix.saturating_add(keep))
        .ok_or_else(|| invalid("the kept values are not a prefix and a tail of the heaps"))?;
    let (mask, n_rare) = best_mask(&histogram);
    if n < 1024 || (n_rare as u64).saturating_mul(SPARSE_RATIO as u64) > n {
        return Ok(None);
    }
    let is_rare = |value: u32| (value & mask).count_ones().is_multiple_of(2);
    let mut rare = Vec::new();
    let mut block = vec![0u32; 1 << 20];
    let mut first = 1;
    while first < n {
        let len = (n - first).min(block.len() as u64) as usize;
        archive.read(first, &mut block[..len])?;
        for (offset, &value) in block[..len].iter().enumerate() {
            if is_rare(value) {
                let value = u16::try_from(value).map_err(|_| invalid("a value past 16 bits"))?;
                rare.push((first + offset as u64, value));
            }
        }
        first += len as u64;
    }
    let max_value = histogram.iter().rposition(|&count| count > 0).unwrap_or(0) as u32;
    Ok(Some(EngineState {
        n,
        bytes,
        values,
        prefix,
        shift,
        keep,
        mask,
        rare_at_review: rare.len() as u64,
        rare,
        histogram,
        window: FIRST_WINDOW as u64,
        // Once values are dropped the mask is kept (the rare positions under another are
        // among values no longer kept).
        next_mask_review: u64::MAX,
        max_value,
    }))
}

/// Values already computed, read back by a run that keeps only its prefix and tail in memory:
/// the partial file of an `--out` run, for example. Reads are rare (a full enumeration, a
/// rare position far out), so they may be slow.
pub trait Archive: Send + Sync {
    /// Fills `out` with the values of heaps `first..first + out.len()` (all below the heaps
    /// the engine has handed out so far).
    fn read(&self, first: u64, out: &mut [u32]) -> std::io::Result<()>;
}

/// Why a run that keeps only its prefix and tail stopped: heap `heap` needed the value of heap
/// `needed`, which is neither kept nor readable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    /// The heap being computed.
    pub heap: usize,
    /// The old heap whose value it needed.
    pub needed: usize,
    /// The archive's error, when there was an archive.
    pub error: Option<String>,
}

/// Where the kept values are (see the module's text). The default keeps everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    /// Heaps below this are kept at their own index (`usize::MAX`: every heap is kept).
    pub(super) prefix: usize,
    /// Heaps from `prefix + shift` on are kept at `heap − shift`; 0 until the first drop.
    pub(super) shift: usize,
}

impl Default for Layout {
    fn default() -> Self {
        Layout { prefix: usize::MAX, shift: 0 }
    }
}

impl Layout {
    /// Whether every heap below the known ones is kept.
    #[inline]
    pub(super) fn keeps_all(&self) -> bool {
        self.shift == 0
    }

    /// The first heap of the tail (with [`Layout::keeps_all`], 0).
    #[inline]
    pub(super) fn base(&self) -> usize {
        if self.shift == 0 {
            0
        } else {
            self.prefix + self.shift
        }
    }

    /// Where heap `i` is stored, if it is kept.
    #[inline]
    pub(super) fn slot(&self, i: usize) -> Option<usize> {
        if self.shift == 0 || i < self.prefix {
            Some(i)
        } else if i >= self.prefix + self.shift {
            Some(i - self.shift)
        } else {
            None
        }
    }

    /// The largest `a` whose pair `(a, rest − a)` is kept whole: `a` in the prefix and
    /// `rest − a` in the tail (every `a` when every heap is kept; 0 when none).
    #[inline]
    pub(super) fn near_last(&self, rest: usize) -> usize {
        if self.shift == 0 {
            usize::MAX
        } else {
            rest.checked_sub(self.base()).map_or(0, |d| d.min(self.prefix - 1))
        }
    }
}

/// The archive a run reads from and the first error it met, shared by the threads.
pub(super) struct Reader<'a> {
    pub(super) archive: Option<&'a dyn Archive>,
    pub(super) error: &'a Mutex<Option<String>>,
}

/// Pairs read from outside the kept values at a time.
const FAR_CHUNK: usize = 1 << 16;

impl Reader<'_> {
    /// Values of heaps `first..first + len`: the kept ones from memory, the others (between
    /// the prefix and the tail) from the archive. `Err(heap)`: the first heap that could be read
    /// from neither.
    pub(super) fn read<V: Cell>(
        &self,
        kept: &[V],
        layout: &Layout,
        first: usize,
        len: usize,
    ) -> Result<Vec<V>, usize> {
        let end = first + len;
        if layout.keeps_all() {
            return Ok(kept[first..end].to_vec());
        }
        let (prefix, base) = (layout.prefix, layout.base());
        let mut out = Vec::with_capacity(len);
        // Below the prefix, between the prefix and the tail, in the tail.
        let below = first.min(prefix)..end.min(prefix);
        let between = first.clamp(prefix, base)..end.clamp(prefix, base);
        let tail = first.max(base)..end.max(base);
        out.extend_from_slice(&kept[below]);
        if !between.is_empty() {
            let Some(archive) = self.archive else {
                return Err(between.start);
            };
            let mut wide = vec![0u32; between.len()];
            if let Err(error) = archive.read(between.start as u64, &mut wide) {
                let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
                slot.get_or_insert_with(|| error.to_string());
                return Err(between.start);
            }
            out.extend(wide.into_iter().map(V::from_u32));
        }
        if !tail.is_empty() {
            out.extend_from_slice(&kept[tail.start - layout.shift..tail.end - layout.shift]);
        }
        Ok(out)
    }

    /// Calls `f(lows, highs, a0)` for the pairs `(a, rest − a)`, `a` in `first..=last`, in
    /// chunks: `lows` the values of `a0..`, `highs` those of the partners in increasing order
    /// (so `highs` ends with `rest − a0`), laid out one after the other in `buffer` so that a
    /// kernel given `buffer`, `rest' = buffer.len() − 1`, `0..lows.len()` reads exactly these
    /// pairs. `f` returns true to stop. `Err(heap)`: a value neither kept nor readable.
    pub(super) fn pairs<V: Cell>(
        &self,
        kept: &[V],
        layout: &Layout,
        rest: usize,
        first: usize,
        last: usize,
        mut f: impl FnMut(&[V], usize) -> bool,
    ) -> Result<(), usize> {
        let mut a0 = first;
        // Chunks grow from a few hundred pairs: a search usually ends in the first.
        let mut chunk = 256;
        while a0 <= last {
            let a1 = last.min(a0 + chunk - 1);
            chunk = (chunk * 2).min(FAR_CHUNK);
            let mut buffer = self.read(kept, layout, a0, a1 + 1 - a0)?;
            buffer.extend(self.read(kept, layout, rest - a1, a1 + 1 - a0)?);
            if f(&buffer, a0) {
                return Ok(());
            }
            a0 = a1 + 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_keeps_its_prefix_and_tail_and_nothing_between() {
        let layout = Layout { prefix: 10, shift: 5 };
        assert_eq!(layout.base(), 15);
        assert_eq!(layout.slot(9), Some(9));
        assert_eq!(layout.slot(10), None);
        assert_eq!(layout.slot(14), None);
        assert_eq!(layout.slot(15), Some(10));
        // rest 30: a ≤ 9 (prefix) and 30 − a ≥ 15 (tail): a ≤ 9.
        assert_eq!(layout.near_last(30), 9);
        // rest 20: 20 − a ≥ 15 → a ≤ 5.
        assert_eq!(layout.near_last(20), 5);
        assert_eq!(layout.near_last(12), 0);
        assert!(Layout::default().keeps_all());
        assert_eq!(Layout::default().near_last(7), usize::MAX);
    }

    struct Plain(Vec<u32>);
    impl Archive for Plain {
        fn read(&self, first: u64, out: &mut [u32]) -> std::io::Result<()> {
            let first = first as usize;
            out.copy_from_slice(&self.0[first..first + out.len()]);
            Ok(())
        }
    }

    #[test]
    fn pairs_outside_the_kept_values_come_from_the_archive_or_name_the_heap() {
        let all: Vec<u32> = (0..40).map(|i| (i * 7 + 3) % 11).collect();
        let layout = Layout { prefix: 4, shift: 20 };
        // Kept: heaps 0..4 and 24..40.
        let kept: Vec<u8> = all[..4].iter().chain(&all[24..]).map(|&v| v as u8).collect();
        let error = Mutex::new(None);
        let archive = Plain(all.clone());
        let reader = Reader { archive: Some(&archive), error: &error };
        let mut seen = Vec::new();
        reader
            .pairs(&kept, &layout, 35, 2, 9, |buffer, a0| {
                let n = buffer.len() / 2;
                for i in 0..n {
                    seen.push((
                        a0 + i,
                        u32::from(buffer[i]),
                        u32::from(buffer[buffer.len() - 1 - i]),
                    ));
                }
                false
            })
            .unwrap();
        let expected: Vec<_> = (2..=9).map(|a| (a, all[a], all[35 - a])).collect();
        assert_eq!(seen, expected);
        let blind = Reader { archive: None, error: &error };
        assert_eq!(blind.pairs(&kept, &layout, 35, 2, 9, |_, _| false), Err(4));
        assert_eq!(blind.pairs(&kept, &layout, 35, 1, 3, |_, _| false), Ok(()));
    }
}
