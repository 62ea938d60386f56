//! The general phase 1: marking in tables of values seen. It serves every game the engine
//! supports (dense mode without a mask, small heaps, heaps phase 2 starts over), on any
//! processor: the rare pass eight heaps at a time, a window of pairs in the middle of the
//! heap, and full enumerations for rare candidates.

use super::{fold, last_pair, Cell, Shared, Speculation};

/// Marks `G(a) ⊕ G(rest − a)` for `a` in `first..=last`: both halves are contiguous slices
/// walked in opposite directions. `seen.len()` is a power of two above every XOR, so the mask
/// on the index never changes it and spares the bounds check.
#[inline(always)]
fn mark_pair_range_generic<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    seen: &mut [u8],
    stamp: u8,
) {
    if first > last {
        return;
    }
    let lows = &values[first..=last];
    let highs = &values[rest - last..=rest - first];
    let index_mask = seen.len() - 1;
    // XORs are formed eight at a time (the compiler keeps them in vector registers, reversing
    // one half with a shuffle), then stored one by one: the stores are the only scalar part.
    let mut low_chunks = lows.chunks_exact(8);
    let mut high_chunks = highs.rchunks_exact(8);
    for (low, high) in (&mut low_chunks).zip(&mut high_chunks) {
        let mut xors = [V::default(); 8];
        for lane in 0..8 {
            xors[lane] = low[lane] ^ high[7 - lane];
        }
        for xor in xors {
            seen[xor.index() & index_mask] = stamp;
        }
    }
    let (low_rest, high_rest) = (low_chunks.remainder(), high_chunks.remainder());
    for (&low, &high) in low_rest.iter().zip(high_rest.iter().rev()) {
        seen[(low ^ high).index() & index_mask] = stamp;
    }
}

/// Marks `G(a) ⊕ G(rest − a)` for every rare position `a < rest` (the pairs with a rare part),
/// the partner `rest − a` stored at `rest − a − shift`.
#[allow(clippy::too_many_arguments)]
fn mark_rare_pairs<V: Cell>(
    values: &[V],
    rest: usize,
    shift: usize,
    rare: &[usize],
    rare_values: &[V],
    unequal: bool,
    seen: &mut [u8],
    stamp: u8,
) {
    let count = rare.partition_point(|&a| a < rest);
    let (rare, rare_values) = (&rare[..count], &rare_values[..count]);
    // Callers pass only rare positions whose partner `rest - a` is below `values.len()`;
    // indexing with `min(len - 1)` then changes nothing and lets the compiler drop the bounds
    // checks.
    let window = values;
    let last_index = values.len().saturating_sub(1);
    debug_assert!(rare.first().is_none_or(|&a| rest - a - shift < values.len().max(1)));
    let index_mask = seen.len() - 1;
    // Grundy's game: the equal split (a = rest − a) is not a move, so that rare position, if
    // it is one, is left out.
    let equal_split =
        if unequal && rest.is_multiple_of(2) { rare.binary_search(&(rest / 2)).ok() } else { None };
    let parts: [(&[usize], &[V]); 2] = match equal_split {
        Some(idx) => {
            [(&rare[..idx], &rare_values[..idx]), (&rare[idx + 1..], &rare_values[idx + 1..])]
        }
        None => [(rare, rare_values), (&[], &[])],
    };
    for (rare, rare_values) in parts {
        for (&a, &value) in rare.iter().zip(rare_values) {
            let b = (rest - a - shift).min(last_index);
            seen[(value ^ window[b]).index() & index_mask] = stamp;
        }
    }
}

/// The offset from `first` of the first `a` in `first..=last` with
/// `G(a) ⊕ G(rest − a) = target`, if any. Compared in blocks that the compiler turns into
/// vector instructions; only a block with a hit is searched one pair at a time.
#[inline(always)]
fn pair_with_xor_generic<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    target: V,
) -> Option<usize> {
    if first > last {
        return None;
    }
    const BLOCK: usize = 64;
    let lows = &values[first..=last];
    let highs = &values[rest - last..=rest - first];
    let len = lows.len();
    let mut start = 0;
    while start + BLOCK <= len {
        let low_block = &lows[start..start + BLOCK];
        let high_block = &highs[len - start - BLOCK..len - start];
        let any_hit = low_block
            .iter()
            .zip(high_block.iter().rev())
            .fold(false, |hit, (&low, &high)| hit | (low ^ high == target));
        if any_hit {
            let offset = low_block
                .iter()
                .zip(high_block.iter().rev())
                .position(|(&low, &high)| low ^ high == target)?;
            return Some(start + offset);
        }
        start += BLOCK;
    }
    lows[start..]
        .iter()
        .zip(highs[..len - start].iter().rev())
        .position(|(&low, &high)| low ^ high == target)
        .map(|offset| start + offset)
}

/// A thread's table of values seen: `seen[v] == stamp` when value `v` is among the options of
/// the heap being computed. A plain store per option (no read-modify-write chains), and no
/// clearing between heaps. Byte stamps (cleared once every 255 heaps) keep the eight lanes'
/// tables a quarter of the size of 32-bit ones, in the first-level cache: measured 3–12%
/// faster than 32-bit stamps (medians of 6–8 whole runs of `grundy seq 0.6 1048575 --out F
/// --threads 1` and `grundy seq grundy 1048575` / `2097151`, each beside the previous commit).
#[derive(Debug, Clone, Default)]
pub(super) struct Scratch {
    seen: Vec<u8>,
    stamp: u8,
    /// The splits of the heap being computed; kept to save an allocation per heap.
    splits: Vec<Split>,
}

impl Scratch {
    /// A fresh stamp for a table of `size` entries (grown, and cleared when stamps wrap).
    pub(super) fn next_stamp(&mut self, size: usize) -> u8 {
        if self.seen.len() < size {
            self.seen.resize(size, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }
}

/// Marks in the scratch table every option of heap `n` that is a single heap or a pair with a
/// rare part (partners below the block only, as in [`speculate`]), and returns the table and
/// its stamp; `None` without a mask.
pub(super) fn mark_rare_options<'s, V: Cell>(
    shared: &Shared<'_, V>,
    n: usize,
    scratch: &'s mut Scratch,
) -> Option<(&'s [u8], u8)> {
    if shared.mask == 0 {
        return None;
    }
    let stamp = scratch.next_stamp(shared.size);
    let seen = &mut scratch.seen[..shared.size];
    if shared.folded {
        mark_rare_options_folded(shared, n, seen, stamp);
        return Some((&scratch.seen[..shared.size], stamp));
    }
    // The record path's: it runs only where every value is kept.
    debug_assert!(shared.layout.keeps_all());
    let old = shared.old;
    for &k in shared.take_all {
        if n == k {
            seen[0] = stamp;
        }
    }
    for &k in shared.leave_one {
        if n > k && n - k < old.len() {
            seen[old[n - k].index()] = stamp;
        }
    }
    for &k in shared.split_after {
        if n < k + 2 {
            continue;
        }
        let rest = n - k;
        let new_limit = rest.saturating_sub(old.len());
        let from = shared.rare.partition_point(|&a| a <= new_limit);
        let to = shared.rare.partition_point(|&a| a < rest).max(from);
        mark_rare_pairs(
            old,
            rest,
            0,
            &shared.rare[from..to],
            &shared.rare_values[from..to],
            shared.unequal,
            seen,
            stamp,
        );
    }
    Some((&scratch.seen[..shared.size], stamp))
}

/// [`mark_rare_options`] on folded bytes, one decoded pair at a time (heaps that start over,
/// a few in a hundred).
fn mark_rare_options_folded<V: Cell>(shared: &Shared<'_, V>, n: usize, seen: &mut [u8], stamp: u8) {
    let known = shared.old.len();
    for &k in shared.take_all {
        if n == k {
            seen[0] = stamp;
        }
    }
    for &k in shared.leave_one {
        if n > k && n - k < known {
            seen[shared.value(n - k) as usize] = stamp;
        }
    }
    for &k in shared.split_after {
        if n < k + 2 {
            continue;
        }
        let rest = n - k;
        let new_limit = rest.saturating_sub(known);
        let from = shared.rare.partition_point(|&a| a <= new_limit);
        let to = shared.rare.partition_point(|&a| a < rest).max(from);
        for i in from..to {
            let a = shared.rare[i];
            // Grundy's game: the equal split is not a move.
            if shared.unequal && 2 * a == rest {
                continue;
            }
            seen[(shared.rare_value(i) ^ shared.value(rest - a)) as usize] = stamp;
        }
    }
}

/// Phase 1 for heap `n`: everything that the values below the block (`shared.old`) can tell,
/// offering at most `max_stops` candidates.
pub(super) fn speculate<V: Cell>(
    shared: &Shared<'_, V>,
    n: usize,
    scratch: &mut Scratch,
    max_stops: usize,
) -> Speculation {
    let stamp = scratch.next_stamp(shared.size);
    let mut splits = std::mem::take(&mut scratch.splits);
    let mut speculation = Speculation::default();
    speculate_marked::<V, false>(
        shared,
        n,
        &mut scratch.seen[..shared.size],
        stamp,
        &mut splits,
        max_stops,
        &mut speculation,
    );
    scratch.splits = splits;
    speculation
}

/// [`speculate`] on a table and stamp prepared by the caller; `RARE_MARKED`: the pairs with a
/// rare part are marked already ([`speculate_block`]).
fn speculate_marked<V: Cell, const RARE_MARKED: bool>(
    shared: &Shared<'_, V>,
    n: usize,
    seen: &mut [u8],
    stamp: u8,
    splits: &mut Vec<Split>,
    max_stops: usize,
    speculation: &mut Speculation,
) {
    *speculation = Speculation { known: shared.known, ..Speculation::default() };
    let old_len = shared.known;
    let size = shared.size;
    let old = shared.old;
    let layout = shared.layout;
    for &k in shared.take_all {
        if n == k {
            seen[0] = stamp;
        }
    }
    for &k in shared.leave_one {
        if n > k && n - k < old_len {
            seen[shared.cell(n - k).index()] = stamp;
        }
    }
    let sparse = shared.mask != 0;
    splits.clear();
    for &k in shared.split_after {
        if n < k + 2 {
            continue;
        }
        let rest = n - k;
        let new_limit = rest.saturating_sub(old_len);
        let last = last_pair(rest, shared.unequal);
        if sparse && !RARE_MARKED {
            let from = shared.rare.partition_point(|&a| a <= new_limit);
            let to = shared.rare.partition_point(|&a| a < rest).max(from);
            if let Err(needed) = mark_rare_kept(shared, rest, from, to, seen, stamp) {
                speculation.blocked = Some(needed);
                return;
            }
        }
        let window = shared.window;
        // The window: in the middle of the heap (its pairs' values are as varied as any, and
        // its two halves near each other), or where only a prefix and a tail are kept, at the
        // top of the prefix (its partners in the tail): pairs at the small end give far fewer
        // values (measured: runs 1.5 times as long on Grundy's game).
        let window_last = last.min(layout.near_last(rest));
        let first = window_last.saturating_sub(window - 1).max(new_limit + 1).max(1);
        splits.push(Split {
            rest,
            new_limit,
            window_first: first.min(window_last + 1),
            window_last: window_last.max(first - 1),
            last,
        });
    }
    // Marks only ever add, so each search for the next unmarked value starts where the last
    // one stopped.
    let mut searched_to = 0;
    // The windows, from the top down in chunks under a mask: once the least unmarked value is
    // common, it is the first candidate and needs no check (every pair with a rare part is
    // marked), so the rest of the windows is left unmarked (their pairs count as outside the
    // window: see `window_first`).
    let mut answered = false;
    for split in splits.iter_mut() {
        let (first, window_last) = (split.window_first, split.window_last);
        if first <= split.new_limit {
            // No window: its pairs all reach into the block (`first` > `new_limit` for any
            // window marked above; here the split's window stands for the pairs phase 2 adds,
            // so that the checks leave only those out).
            continue;
        }
        let rest = split.rest;
        // (Not once a split before has answered: the contiguous window marks nothing then.)
        if sparse && shared.spread && !answered && window_last + 1 >= first + 2 * WINDOW_PIECE {
            if let Some(found) = mark_spread_window(shared, split, seen, stamp, searched_to) {
                let pairs;
                (searched_to, answered, pairs) = found;
                speculation.window_pairs += pairs;
                speculation.spread_windows += 1;
                continue;
            }
        }
        // Every part of the window's pairs common: their XORs are rare, and can be gathered
        // by number.
        let commons_only = shared.by_number
            && window_last + 1 >= first + WINDOW_BY_NUMBER_FROM
            && !any_rare_in(shared.rare, first, window_last)
            && !any_rare_in(shared.rare, rest - window_last, rest - first);
        let mut marked_from = window_last + 1;
        while !answered && marked_from > first {
            let lo =
                if sparse { marked_from.saturating_sub(WINDOW_CHUNK).max(first) } else { first };
            let hi = marked_from - 1;
            let by_number = commons_only
                && mark_window_by_number(
                    old,
                    rest - layout.shift,
                    &[(lo, hi)],
                    shared.mask,
                    seen,
                    stamp,
                );
            if !by_number {
                mark_pair_range(old, rest - layout.shift, lo, hi, seen, stamp);
            }
            speculation.window_pairs += (hi + 1 - lo) as u64;
            marked_from = lo;
            if sparse {
                searched_to = first_unmarked(seen, searched_to, stamp);
                answered = searched_to < size && fold::odd(searched_to as u32 & shared.mask);
            }
        }
        split.window_first = marked_from;
    }
    let max_stops = if sparse { max_stops } else { 1 };
    while (speculation.n_stops as usize) < max_stops {
        let candidate = first_unmarked(seen, searched_to, stamp);
        searched_to = candidate.min(size);
        if candidate as u32 > V::MAX {
            break;
        }
        let common = sparse && fold::odd(candidate as u32 & shared.mask);
        // Further stops are offered only when they cost nothing.
        if !common && speculation.n_stops > 0 {
            break;
        }
        let mut present = false;
        if !common {
            speculation.full_checks += 1;
            'splits: for split in splits.iter() {
                // The pairs outside the window: below it, and above it.
                let ranges = [
                    (split.new_limit + 1, split.window_first.saturating_sub(1)),
                    (split.window_last + 1, split.last),
                ];
                let mut walked = 0;
                for (lo, hi) in ranges {
                    match find_pair(shared, split.rest, lo, hi, V::from_u32(candidate as u32)) {
                        Ok(Some(offset)) => {
                            present = true;
                            speculation.wasted_checks += 1;
                            speculation.wasted_pairs += (walked + offset) as u64 + 1;
                            break 'splits;
                        }
                        Ok(None) => walked += (hi + 1).saturating_sub(lo),
                        Err(needed) => {
                            speculation.blocked = Some(needed);
                            return;
                        }
                    }
                }
            }
        }
        if !present {
            speculation.stops[speculation.n_stops as usize] = candidate as u32;
            speculation.n_stops += 1;
        }
        seen[candidate] = stamp;
    }
    if let Some(&last_stop) = speculation.stops[..speculation.n_stops as usize].last() {
        let from = (last_stop as usize + 1).min(size);
        speculation.marked_after = Some(marked_bits(&seen[from..(from + 64).min(size)], stamp));
    }
}

/// Marks split `split`'s window in pieces of [`WINDOW_PIECE`] consecutive pairs spread over
/// the [`WINDOW_SPREAD`] pairs below its top, rather than in one run: pairs of neighbouring
/// heaps give fewer distinct values than pairs far apart. Only where the heap has room for
/// twice the window there and no rare position lies among those pairs (so that they are
/// gathered by number where the processor allows); `None` (nothing marked) otherwise. Looks
/// for the least unmarked value from `searched_to` after each [`WINDOW_CHUNK`] pairs and stops
/// once it is common: the search's place, whether it stopped so, and the pairs marked. The window then counts as
/// empty (`window_first` past `window_last`): the pieces are not one range, so the checks go
/// over every pair (a pair already marked is never the one they look for). Kept out of line:
/// inlined, it made the compiler stop inlining the checks' search on every game.
#[inline(never)]
fn mark_spread_window<V: Cell>(
    shared: &Shared<'_, V>,
    split: &mut Split,
    seen: &mut [u8],
    stamp: u8,
    mut searched_to: usize,
) -> Option<(usize, bool, u64)> {
    let (first, window_last, rest) = (split.window_first, split.window_last, split.rest);
    let spread_first =
        window_last.saturating_sub(WINDOW_SPREAD - 1).max(split.new_limit + 1).max(1);
    let pieces = (window_last + 1 - first) / WINDOW_PIECE;
    if pieces < 2
        || window_last + 1 - spread_first < 2 * (window_last + 1 - first)
        || any_rare_in(shared.rare, spread_first, window_last)
        || any_rare_in(shared.rare, rest - window_last, rest - spread_first)
    {
        return None;
    }
    let stride = (window_last + 1 - spread_first) / pieces;
    let stored_rest = rest - shared.layout.shift;
    let mut ranges = [(0, 0); WINDOW_CHUNK / WINDOW_PIECE];
    let (mut piece, mut answered, mut pairs) = (0, false, 0);
    while !answered && piece < pieces {
        let step = (pieces - piece).min(ranges.len());
        for (j, range) in ranges[..step].iter_mut().enumerate() {
            let hi = window_last - (piece + j) * stride;
            *range = (hi + 1 - WINDOW_PIECE, hi);
        }
        let ranges = &ranges[..step];
        if !(shared.by_number
            && mark_window_by_number(shared.old, stored_rest, ranges, shared.mask, seen, stamp))
        {
            for &(lo, hi) in ranges {
                mark_pair_range(shared.old, stored_rest, lo, hi, seen, stamp);
            }
        }
        pairs += (step * WINDOW_PIECE) as u64;
        piece += step;
        searched_to = first_unmarked(seen, searched_to, stamp);
        answered = searched_to < shared.size && fold::odd(searched_to as u32 & shared.mask);
    }
    split.window_first = window_last + 1;
    Some((searched_to, answered, pairs))
}

/// The first `i ≥ from` with `seen[i] != stamp` (`seen.len()` if none): the least value not
/// among the options marked so far.
#[inline]
fn first_unmarked(seen: &[u8], from: usize, stamp: u8) -> usize {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor was asked, and has AVX2.
        return unsafe { first_unmarked_avx2(seen, from, stamp) };
    }
    first_unmarked_generic(seen, from, stamp)
}

/// [`first_unmarked`] one entry at a time: the reference.
fn first_unmarked_generic(seen: &[u8], from: usize, stamp: u8) -> usize {
    seen[from..].iter().position(|&s| s != stamp).map_or(seen.len(), |at| from + at)
}

/// [`first_unmarked`] 32 entries a step with AVX2: the search ends on a mask's lowest bit,
/// not on a branch taken at an unpredictable byte (4% of a far-out run of Grundy's game went
/// to the byte loop's exits).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn first_unmarked_avx2(seen: &[u8], from: usize, stamp: u8) -> usize {
    use std::arch::x86_64::*;
    let len = seen.len();
    if len < 32 || from >= len {
        return first_unmarked_generic(seen, from.min(len), stamp);
    }
    let want = _mm256_set1_epi8(stamp as i8);
    // Bit `i`: entry `at + i` is stamped.
    let marked_at = |at: usize| -> u32 {
        debug_assert!(at + 32 <= len);
        // SAFETY: `at + 32 ≤ len`; an unaligned load.
        let block = unsafe { _mm256_loadu_si256(seen.as_ptr().add(at).cast()) };
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(block, want)) as u32
    };
    let mut at = from;
    while at + 32 <= len {
        let marked = marked_at(at);
        if marked != u32::MAX {
            return at + (!marked).trailing_zeros() as usize;
        }
        at += 32;
    }
    if at < len {
        // The last entries in one load ending at the table's end, those before `at` counted
        // as stamped (seen above, or before `from`).
        let base = len - 32;
        let marked = marked_at(base) | ((1u32 << (at - base)) - 1);
        if marked != u32::MAX {
            return base + (!marked).trailing_zeros() as usize;
        }
    }
    len
}

/// Bit `i` set when `seen[i] == stamp`, for the first 64 entries of `seen` at most.
#[inline]
fn marked_bits(seen: &[u8], stamp: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if seen.len() == 64 && has_avx2() {
        // SAFETY: the processor was asked, and has AVX2.
        return unsafe { marked_bits_avx2(seen, stamp) };
    }
    marked_bits_generic(seen, stamp)
}

/// [`marked_bits`] one entry at a time: the reference.
fn marked_bits_generic(seen: &[u8], stamp: u8) -> u64 {
    seen.iter().take(64).enumerate().fold(0, |bits, (i, &s)| bits | (u64::from(s == stamp) << i))
}

/// [`marked_bits`] on 64 entries with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn marked_bits_avx2(seen: &[u8], stamp: u8) -> u64 {
    use std::arch::x86_64::*;
    assert_eq!(seen.len(), 64);
    let want = _mm256_set1_epi8(stamp as i8);
    // SAFETY: `seen` holds 64 bytes; the loads are unaligned ones.
    let (low, high) = unsafe {
        (_mm256_loadu_si256(seen.as_ptr().cast()), _mm256_loadu_si256(seen.as_ptr().add(32).cast()))
    };
    let low = _mm256_movemask_epi8(_mm256_cmpeq_epi8(low, want)) as u32;
    let high = _mm256_movemask_epi8(_mm256_cmpeq_epi8(high, want)) as u32;
    u64::from(low) | (u64::from(high) << 32)
}

/// A split of the heap being computed, as phase 1 saw it: pairs `(a, rest − a)` for `a` up to
/// `last`; those up to `new_limit` reach into the block; the window marked
/// `window_first..=window_last` (empty when `window_first > window_last`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Split {
    rest: usize,
    new_limit: usize,
    window_first: usize,
    window_last: usize,
    last: usize,
}

/// The offset from `first` of the first `a` in `first..=last` with
/// `G(a) ⊕ G(rest − a) = target`: [`pair_with_xor`] on the kept values, the rest read from the
/// archive. `Err(heap)`: a value neither kept nor readable.
#[inline(always)]
fn find_pair<V: Cell>(
    shared: &Shared<'_, V>,
    rest: usize,
    first: usize,
    last: usize,
    target: V,
) -> Result<Option<usize>, usize> {
    if first > last {
        return Ok(None);
    }
    let layout = shared.layout;
    let near = last.min(layout.near_last(rest));
    if first <= near {
        if let Some(offset) = pair_with_xor(shared.old, rest - layout.shift, first, near, target) {
            return Ok(Some(offset));
        }
    }
    let far_first = first.max(near.saturating_add(1));
    let mut found = None;
    shared.reader.pairs(shared.old, &layout, rest, far_first, last, |buffer, a0| {
        let pairs = buffer.len() / 2;
        found = pair_with_xor(buffer, buffer.len() - 1, 0, pairs - 1, target)
            .map(|offset| a0 + offset - first);
        found.is_some()
    })?;
    Ok(found)
}

/// Marks the pairs `(a, rest − a)` for the rare positions `rare[from..to]`: partners in the
/// tail or the prefix from the kept values, others read from the archive one at a time (a rare
/// position far out). `Err(heap)`: a value neither kept nor readable.
fn mark_rare_kept<V: Cell>(
    shared: &Shared<'_, V>,
    rest: usize,
    from: usize,
    to: usize,
    seen: &mut [u8],
    stamp: u8,
) -> Result<(), usize> {
    let (rare, rare_values) = (&shared.rare[..to], &shared.rare_values[..to]);
    let layout = shared.layout;
    if layout.keeps_all() {
        mark_rare_pairs(
            shared.old,
            rest,
            0,
            &rare[from..],
            &rare_values[from..],
            shared.unequal,
            seen,
            stamp,
        );
        return Ok(());
    }
    // Partners in the tail (`a ≤ rest − base`), in neither, and in the prefix
    // (`rest − a < prefix`).
    let tail_to = rare.partition_point(|&a| a + layout.base() <= rest).clamp(from, to);
    let prefix_from = rare.partition_point(|&a| a + layout.prefix <= rest).clamp(tail_to, to);
    mark_rare_pairs(
        shared.old,
        rest,
        layout.shift,
        &rare[from..tail_to],
        &rare_values[from..tail_to],
        shared.unequal,
        seen,
        stamp,
    );
    mark_rare_pairs(
        shared.old,
        rest,
        0,
        &rare[prefix_from..],
        &rare_values[prefix_from..],
        shared.unequal,
        seen,
        stamp,
    );
    let index_mask = seen.len() - 1;
    for (&a, &value) in rare[tail_to..prefix_from].iter().zip(&rare_values[tail_to..prefix_from]) {
        if a >= rest || (shared.unequal && 2 * a == rest) {
            continue;
        }
        let partner = shared.reader.read(shared.old, &layout, rest - a, 1)?[0];
        seen[(value ^ partner).index() & index_mask] = stamp;
    }
    Ok(())
}

/// Windows of fewer pairs are marked pair by pair (the gathering by number has a set-up and a
/// sweep of its own: on 0.167, whose window is some 32 pairs, it cost more than it saved).
const WINDOW_BY_NUMBER_FROM: usize = 256;

/// Pairs of a window marked between two looks at the least unmarked value (under a mask).
const WINDOW_CHUNK: usize = 256;

/// The consecutive pairs of one piece of a spread window.
const WINDOW_PIECE: usize = 128;

/// The pairs below its top over which a window's pieces are spread, where the heap has that
/// many (and at least twice the window). Pairs of neighbouring heaps give fewer distinct values
/// than pairs far apart: on Grundy's game near 2^22, a window of 1,024 pairs in one run left on
/// average 4.6 rare values below the candidate unseen, each an enumeration of every pair until
/// it turns up; in 16 pieces of 64 over 2^14 pairs, 2.0, in 8 of [`WINDOW_PIECE`] (128) 2.2
/// (over 2^13 pairs 2.3, over 2^15 1.8: 2^14 pairs of two-byte values and their partners stay
/// within the second-level cache).
const WINDOW_SPREAD: usize = 1 << 14;

/// Heaps taken together by [`speculate_block`].
pub(super) const LANES: usize = 8;

/// Heaps are taken [`LANES`] at a time from this size on (plus the largest split's removal),
/// so that every lane's partners are known values.
pub(super) const LANES_FROM: usize = 64;

/// Phase 1 for the heaps `start..start + LANES` at once, under a mask. For a rare position `a`,
/// the partners of the eight heaps are the eight consecutive values from `rest − a`, read in
/// one load and XORed in one instruction; each lane then marks its own table. The rare
/// positions whose partners would fall outside the known values (the first few, and those
/// near `rest`), and for Grundy's game those that would make an equal split in some lane, are
/// marked one heap at a time as before. The window and the checks are per heap.
pub(super) fn speculate_block<V: Cell>(
    shared: &Shared<'_, V>,
    start: usize,
    scratch: &mut Scratch,
    max_stops: usize,
    out: &mut [Speculation],
) {
    assert_eq!(out.len(), LANES);
    let size = shared.size;
    let stamp = scratch.next_stamp(size * LANES);
    let old = shared.old;
    let old_len = shared.known;
    let layout = shared.layout;
    let (rare, rare_values) = (shared.rare, shared.rare_values);
    let mut blocked = None;
    let mut splits = std::mem::take(&mut scratch.splits);
    let seen = &mut scratch.seen[..size * LANES];
    for &k in shared.split_after {
        let rest0 = start - k;
        // Lane h (heap start + h) pairs a with rest0 + h − a, a known value (below `old_len`,
        // which may be below `start` in the parallel path) for every lane when
        // rest0 + LANES − old_len ≤ a ≤ rest0 − 1.
        // Where only a prefix and a tail are kept, partners in the tail only:
        // rest0 − a ≥ base.
        let high = if layout.keeps_all() { rest0 - 1 } else { rest0.saturating_sub(layout.base()) };
        let low = (rest0 + LANES).saturating_sub(old_len).max(1);
        let i1 = rare.partition_point(|&a| a < low);
        let i4 = rare.partition_point(|&a| a <= high).max(i1);
        let (i2, i3) = if shared.unequal {
            let (equal_low, equal_high) = (rest0.div_ceil(2), (rest0 + LANES - 1) / 2);
            (
                rare.partition_point(|&a| a < equal_low).clamp(i1, i4),
                rare.partition_point(|&a| a <= equal_high).clamp(i1, i4),
            )
        } else {
            (i4, i4)
        };
        let stored_rest0 = rest0 - layout.shift;
        for (x, y) in [(i1, i2), (i3, i4)] {
            let lanes = Lanes { values: old, stored_rest0, rest0, size };
            let (all, mask) = (shared.rare, shared.mask);
            lanes.mark(all, mask, shared.by_number, &rare[x..y], &rare_values[x..y], seen, stamp);
        }
        // Usually every rare position lies below rest0 and above each lane's new_limit (a few
        // heaps at most): then the leftover ranges are empty and no search is needed.
        let all_below = rare.last().is_none_or(|&a| a < rest0);
        for lane in 0..LANES {
            let rest = rest0 + lane;
            let new_limit = rest.saturating_sub(old_len);
            let from = rare.iter().take_while(|&&a| a <= new_limit).count();
            let to = if all_below { rare.len() } else { rare.partition_point(|&a| a < rest) };
            let table = &mut seen[lane * size..(lane + 1) * size];
            for (x, y) in [(from, i1), (i2, i3), (i4, to)] {
                let (x, y) = (x.max(from), y.min(to));
                if x < y {
                    if let Err(needed) = mark_rare_kept(shared, rest, x, y, table, stamp) {
                        blocked = Some(needed);
                    }
                }
            }
        }
    }
    // Written in place: a speculation is some 170 bytes, and arrays of them returned by value
    // were copied a few times over (4% of the time on 0.167).
    for (lane, speculation) in out.iter_mut().enumerate() {
        let table = &mut seen[lane * size..(lane + 1) * size];
        let n = start + lane;
        speculate_marked::<V, true>(shared, n, table, stamp, &mut splits, max_stops, speculation);
        // A rare pair not read leaves the whole group unknown.
        speculation.blocked = speculation.blocked.or(blocked);
    }
    scratch.splits = splits;
}

/// Marks, for each rare position `a`, `G(a) ⊕ G(rest0 + h − a)` in lane `h`'s table
/// (`seen[h·size..]`), for the eight lanes at once. Every partner must be a known value.
#[inline(always)]
fn mark_rare_lanes_generic<V: Cell>(
    values: &[V],
    rest0: usize,
    rare: &[usize],
    rare_values: &[V],
    seen: &mut [u8],
    size: usize,
    stamp: u8,
) {
    let index_mask = (size - 1) as u32;
    let all_mask = seen.len() - 1;
    let offsets: [u32; LANES] = std::array::from_fn(|lane| (lane * size) as u32);
    for (&a, &value) in rare.iter().zip(rare_values) {
        let first = rest0 - a;
        let partners: &[V; LANES] =
            values[first..first + LANES].try_into().expect("eight partners");
        let mut index = [0u32; LANES];
        for lane in 0..LANES {
            index[lane] = (Into::<u32>::into(partners[lane] ^ value) & index_mask) + offsets[lane];
        }
        for lane_index in index {
            seen[lane_index as usize & all_mask] = stamp;
        }
    }
}

/// [`mark_rare_lanes_generic`] in AVX2 instructions: one 128-bit load of the eight partners,
/// one XOR, a widening to 32-bit table indices with each lane's offset added, and eight plain
/// stores (the compiler would otherwise load and XOR each partner on its own).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_rare_lanes_avx2<V: Cell>(
    values: &[V],
    rest0: usize,
    rare: &[usize],
    rare_values: &[V],
    seen: &mut [u8],
    size: usize,
    stamp: u8,
) {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_cvtepu16_epi32,
        _mm256_cvtepu8_epi32, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_storeu_si256,
        _mm256_xor_si256, _mm_loadl_epi64, _mm_loadu_si128,
    };
    assert!(size.is_power_of_two() && seen.len() >= size * LANES && size * LANES < 1 << 31);
    let index_mask = _mm256_set1_epi32((size - 1) as i32);
    let lane = size as i32;
    let offsets =
        _mm256_setr_epi32(0, lane, 2 * lane, 3 * lane, 4 * lane, 5 * lane, 6 * lane, 7 * lane);
    let seen = seen.as_mut_ptr();
    let mut index = [0u32; LANES];
    for (&a, &value) in rare.iter().zip(rare_values) {
        let first = rest0 - a;
        let partners = &values[first..first + LANES];
        // SAFETY: `partners` holds eight u16 (16 bytes), read unaligned. Every index is below
        // `size` plus an offset of at most `7·size`, so below `seen.len()`.
        unsafe {
            // Eight partners widened to 32 bits (a constant test: one arm per cell type).
            let wide = if V::BYTES == 1 {
                _mm256_cvtepu8_epi32(_mm_loadl_epi64(partners.as_ptr().cast::<__m128i>()))
            } else {
                _mm256_cvtepu16_epi32(_mm_loadu_si128(partners.as_ptr().cast::<__m128i>()))
            };
            let wide = _mm256_xor_si256(wide, _mm256_set1_epi32(value.index() as i32));
            let lanes = _mm256_add_epi32(_mm256_and_si256(wide, index_mask), offsets);
            _mm256_storeu_si256(index.as_mut_ptr().cast::<__m256i>(), lanes);
            for &at in &index {
                *seen.add(at as usize) = stamp;
            }
        }
    }
}

/// See [`mark_rare_lanes_generic`].
fn mark_rare_lanes<V: Cell>(
    values: &[V],
    rest0: usize,
    rare: &[usize],
    rare_values: &[V],
    seen: &mut [u8],
    size: usize,
    stamp: u8,
) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor was asked, and has AVX2.
        return unsafe {
            mark_rare_lanes_avx2(values, rest0, rare, rare_values, seen, size, stamp)
        };
    }
    mark_rare_lanes_generic(values, rest0, rare, rare_values, seen, size, stamp)
}

/// The eight heaps of a block under one split: lane `h` pairs rare position `a` with heap
/// `rest0 + h − a`, stored at `stored_rest0 + h − a` in `values`; each lane's table has `size`
/// entries.
struct Lanes<'v, V> {
    values: &'v [V],
    stored_rest0: usize,
    rest0: usize,
    size: usize,
}

impl<V: Cell> Lanes<'_, V> {
    /// Whether no rare position is a partner `rest0 + h − a` of a rare position `a` in
    /// `rare` (which runs from `first` to `last`), looked up from each of the few rare
    /// positions the partners could reach (at most [`LANES_BY_NUMBER`] of them).
    fn partners_common(
        &self,
        all_rare: &[usize],
        rare: &[usize],
        first: usize,
        last: usize,
    ) -> bool {
        let rest0 = self.rest0;
        let (lo, hi) = (rest0 - last, rest0 + LANES - 1 - first);
        let from = all_rare.partition_point(|&r| r < lo);
        let reached = &all_rare[from..all_rare.partition_point(|&r| r <= hi).max(from)];
        reached.len() <= LANES_BY_NUMBER
            && reached.iter().all(|&r| {
                // Rare positions a with rest0 ≤ a + r ≤ rest0 + 7 would pair with r.
                let at = rare.partition_point(|&a| a + r < rest0);
                rare.get(at).is_none_or(|&a| a + r > rest0 + LANES - 1)
            })
    }

    /// Marks what [`mark_rare_lanes`] marks. Where the partners of `rare` are all common (no
    /// position of `all_rare` among them: every heap far enough out) and the mask's lowest bit
    /// is among the low eight, every XOR is a common value, and those below 256 are gathered
    /// first as bits of their numbers, 128 a lane in four registers of eight lanes (one
    /// variable shift and OR each a pair, no store): each lane then stamps the values it found
    /// in a few vector stores, instead of one store a pair. XORs of 256 and more are marked as
    /// they come. The tables end up the same either way. `allowed`: the run allows it
    /// ([`Shared::by_number`]). `true` when it went by number.
    #[allow(clippy::too_many_arguments)]
    fn mark(
        &self,
        all_rare: &[usize],
        mask: u32,
        allowed: bool,
        rare: &[usize],
        rare_values: &[V],
        seen: &mut [u8],
        stamp: u8,
    ) -> bool {
        let (Some(&first), Some(&last)) = (rare.first(), rare.last()) else {
            return false;
        };
        let by_number = allowed
            && gathers_by_number()
            && mask != 0
            && mask.trailing_zeros() < 8
            && self.size >= 256
            && rare.len() >= LANES_BY_NUMBER
            && self.partners_common(all_rare, rare, first, last);
        let (values, stored_rest0, size) = (self.values, self.stored_rest0, self.size);
        if !by_number {
            mark_rare_lanes(values, stored_rest0, rare, rare_values, seen, size, stamp);
            return false;
        }
        #[cfg(target_arch = "x86_64")]
        {
            let b = mask.trailing_zeros();
            // SAFETY: the processor was asked, and has AVX2 and BMI2.
            unsafe {
                let words = rare_lanes_by_number_avx2(
                    values,
                    stored_rest0,
                    rare,
                    rare_values,
                    b,
                    seen,
                    size,
                    stamp,
                );
                let commons = rare_below_256(mask).map(|rares| !rares);
                for (lane, seen) in seen.chunks_exact_mut(size).take(LANES).enumerate() {
                    let bits = std::array::from_fn(|j| words[j][lane]);
                    stamp_numbers_avx2(&mut seen[..256], bits, &commons, stamp);
                }
            }
        }
        true
    }
}

/// Stamps in `seen` (256 entries) the common values below 256 whose numbers are the bits of
/// `bits` (number `32j + i` is bit `i` of `bits[j]`): the bits deposited into the positions of
/// the common values (`pattern`), then 32 entries a store, each blended from the stamp and
/// what was there.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi2")]
fn stamp_numbers_avx2(seen: &mut [u8], bits: [u32; 4], pattern: &[u64; 4], stamp: u8) {
    use std::arch::x86_64::*;
    assert_eq!(seen.len(), 256);
    let numbers = bits.iter().rev().fold(0u128, |all, &word| all << 32 | u128::from(word));
    // Byte i of a 32-byte vector takes byte i / 8 of the word (each 128-bit half shuffles its
    // own copy of it) and tests bit i mod 8.
    let spread = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let select = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
    let stamps = _mm256_set1_epi8(stamp as i8);
    let mut taken = 0;
    for (q, &commons) in pattern.iter().enumerate() {
        let values = _pdep_u64(numbers.checked_shr(taken).unwrap_or(0) as u64, commons);
        taken += commons.count_ones();
        for half in 0..2 {
            let word = (values >> (32 * half)) as u32;
            if word == 0 {
                continue;
            }
            let at = 64 * q + 32 * half;
            let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(word as i32), spread);
            let set = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, select), select);
            let entries = &mut seen[at..at + 32];
            // SAFETY: 32 bytes read from and written to a slice of 32.
            unsafe {
                let before = _mm256_loadu_si256(entries.as_ptr().cast::<__m256i>());
                let after = _mm256_blendv_epi8(before, stamps, set);
                _mm256_storeu_si256(entries.as_mut_ptr().cast::<__m256i>(), after);
            }
        }
    }
}

/// Whether a rare position lies in `lo..=hi`.
fn any_rare_in(rare: &[usize], lo: usize, hi: usize) -> bool {
    // Far out every rare position lies below the window: no search then.
    if rare.last().is_none_or(|&r| r < lo) {
        return false;
    }
    let at = rare.partition_point(|&r| r < lo);
    rare.get(at).is_some_and(|&r| r <= hi)
}

/// The rare values below 256 under `mask` ([`super::fold::rare_pattern`]'s first four words).
fn rare_below_256(mask: u32) -> [u64; 4] {
    let rare = super::fold::rare_pattern(mask);
    [rare[0], rare[1], rare[2], rare[3]]
}

/// Marks `G(a) ⊕ G(rest − a)` for `a` in each range `first..=last` of `ranges` as
/// [`mark_pair_range`] does, where every part of those pairs is common (the caller checked that
/// no rare position is among them), so that every XOR is rare: those below 256 are gathered as
/// bits of their numbers, eight pairs a step, and stamped once for all the ranges; those of 256
/// and more are marked as they come. `false` (nothing marked) where the processor or the mask
/// does not allow it.
fn mark_window_by_number<V: Cell>(
    values: &[V],
    rest: usize,
    ranges: &[(usize, usize)],
    mask: u32,
    seen: &mut [u8],
    stamp: u8,
) -> bool {
    if !gathers_by_number() || mask == 0 || mask.trailing_zeros() >= 8 || seen.len() < 256 {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let b = mask.trailing_zeros();
        let rares = rare_below_256(mask);
        // SAFETY: the processor was asked, and has AVX2 and BMI2.
        unsafe {
            let bits = window_by_number_avx2(values, rest, ranges, b, seen, stamp);
            stamp_numbers_avx2(&mut seen[..256], bits, &rares, stamp);
        }
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (values, rest, ranges, stamp);
        false
    }
}

/// The gathering of [`mark_window_by_number`]: the numbers of the XORs below 256 as bits
/// (number `32j + i` is bit `i` of word `j`), eight pairs a step in eight lanes of four
/// registers kept from one range to the next, ORed together at the end.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn window_by_number_avx2<V: Cell>(
    values: &[V],
    rest: usize,
    ranges: &[(usize, usize)],
    b: u32,
    seen: &mut [u8],
    stamp: u8,
) -> [u32; 4] {
    use std::arch::x86_64::*;
    let mut out = [0u32; 4];
    let index_mask = seen.len() - 1;
    let one = _mm256_set1_epi32(1);
    let low = _mm256_set1_epi32((1 << b) - 1);
    let high = _mm256_set1_epi32(!((1 << b) - 1));
    let limit = _mm256_set1_epi32(255);
    let reverse = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    // One constant for the four words (number − 32 for each word after the first), not four:
    // with four the compiler ran out of vector registers and loaded constants again in the loop.
    let thirty_two = _mm256_set1_epi32(32);
    let mut acc = [_mm256_setzero_si256(); 4];
    let widen = |cells: &[V]| {
        // SAFETY: eight cells (8 or 16 bytes), read unaligned.
        unsafe {
            if V::BYTES == 1 {
                _mm256_cvtepu8_epi32(_mm_loadl_epi64(cells.as_ptr().cast::<__m128i>()))
            } else {
                _mm256_cvtepu16_epi32(_mm_loadu_si128(cells.as_ptr().cast::<__m128i>()))
            }
        }
    };
    for &(first, last) in ranges {
        if first > last {
            continue;
        }
        let lows = &values[first..=last];
        let highs = &values[rest - last..=rest - first];
        // Pair i is (lows[i], highs[n − 1 − i]): eight lows, and the eight highs from the other
        // end, reversed. (Chunks, not indices: no bounds check, and no call, in the loop.)
        let mut low_chunks = lows.chunks_exact(8);
        let mut high_chunks = highs.rchunks_exact(8);
        for (low8, high8) in (&mut low_chunks).zip(&mut high_chunks) {
            let x =
                _mm256_xor_si256(widen(low8), _mm256_permutevar8x32_epi32(widen(high8), reverse));
            let big = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(x, limit)));
            if big != 0 {
                let mut lanes = [0u32; 8];
                // SAFETY: 32 bytes into a [u32; 8].
                unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), x) };
                for (lane, &xor) in lanes.iter().enumerate() {
                    if big & (1 << lane) != 0 {
                        seen[xor as usize & index_mask] = stamp;
                    }
                }
            }
            let mut z = _mm256_or_si256(
                _mm256_and_si256(_mm256_srli_epi32::<1>(x), high),
                _mm256_and_si256(x, low),
            );
            for word in acc.iter_mut() {
                *word = _mm256_or_si256(*word, _mm256_sllv_epi32(one, z));
                z = _mm256_sub_epi32(z, thirty_two);
            }
        }
        let (low_rest, high_rest) = (low_chunks.remainder(), high_chunks.remainder());
        for (&low, &high) in low_rest.iter().zip(high_rest.iter().rev()) {
            let x: u32 = (low ^ high).into();
            if x < 256 {
                let z = super::fold::compress(x, b);
                out[(z / 32) as usize] |= 1 << (z % 32);
            } else {
                seen[x as usize & index_mask] = stamp;
            }
        }
    }
    for (word, acc) in out.iter_mut().zip(&acc) {
        let mut lanes = [0u32; 8];
        // SAFETY: 32 bytes into a [u32; 8].
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), *acc) };
        *word |= lanes.iter().fold(0, |all, &lane| all | lane);
    }
    out
}

/// Cells ahead of a block's partners that [`rare_lanes_by_number_avx2`] prefetches.
const PREFETCH: usize = 64;

/// Rare positions from which [`Lanes::mark`] gathers bits (fewer: marking each pair costs less
/// than the gathering's set-up and sweep).
const LANES_BY_NUMBER: usize = 64;

/// The gathering of [`Lanes::mark`]: word `j` of lane `h` holds bits `32j..32j + 32` of heap
/// `rest0 + h`'s set of common numbers below 128 (a shift by 32 or more, or by a negative
/// count, gives 0); XORs of 256 and more are marked in `seen` on the spot.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn rare_lanes_by_number_avx2<V: Cell>(
    values: &[V],
    stored_rest0: usize,
    rare: &[usize],
    rare_values: &[V],
    b: u32,
    seen: &mut [u8],
    size: usize,
    stamp: u8,
) -> [[u32; LANES]; 4] {
    use std::arch::x86_64::*;
    assert!(size.is_power_of_two() && seen.len() >= size * LANES);
    let one = _mm256_set1_epi32(1);
    let low = _mm256_set1_epi32((1 << b) - 1);
    let high = _mm256_set1_epi32(!((1 << b) - 1));
    let limit = _mm256_set1_epi32(255);
    let offsets: [__m256i; 4] = std::array::from_fn(|j| _mm256_set1_epi32(32 * j as i32));
    let mut acc = [_mm256_setzero_si256(); 4];
    let index_mask = size - 1;
    for (&a, &value) in rare.iter().zip(rare_values) {
        let first = stored_rest0 - a;
        let partners = &values[first..first + LANES];
        // The partners' line a few blocks on, into the second-level cache: the rare positions'
        // partners are as many lines as rare positions, too many streams for the processor's
        // own prefetching (`wrapping_add`: an address only, never read).
        _mm_prefetch::<_MM_HINT_T1>(partners.as_ptr().wrapping_add(PREFETCH).cast::<i8>());
        // SAFETY: `partners` holds eight cells (8 or 16 bytes), read unaligned.
        let wide = unsafe {
            if V::BYTES == 1 {
                _mm256_cvtepu8_epi32(_mm_loadl_epi64(partners.as_ptr().cast::<__m128i>()))
            } else {
                _mm256_cvtepu16_epi32(_mm_loadu_si128(partners.as_ptr().cast::<__m128i>()))
            }
        };
        let x = _mm256_xor_si256(wide, _mm256_set1_epi32(value.index() as i32));
        let big = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(x, limit)));
        if big != 0 {
            let mut lanes = [0u32; LANES];
            // SAFETY: 32 bytes into a [u32; 8].
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), x) };
            for (lane, &xor) in lanes.iter().enumerate() {
                if big & (1 << lane) != 0 {
                    seen[lane * size + (xor as usize & index_mask)] = stamp;
                }
            }
        }
        // The number: bits at and above `b` from x >> 1, below `b` from x.
        let z = _mm256_or_si256(
            _mm256_and_si256(_mm256_srli_epi32::<1>(x), high),
            _mm256_and_si256(x, low),
        );
        for (word, offset) in acc.iter_mut().zip(&offsets) {
            *word = _mm256_or_si256(*word, _mm256_sllv_epi32(one, _mm256_sub_epi32(z, *offset)));
        }
    }
    let mut words = [[0u32; LANES]; 4];
    for (out, word) in words.iter_mut().zip(&acc) {
        // SAFETY: 32 bytes into a [u32; 8].
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast::<__m256i>(), *word) };
    }
    words
}

/// Whether this processor has AVX2, asked once. (AVX-512 was measured too: no faster here.)
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static HAS_AVX2: OnceLock<bool> = OnceLock::new();
        *HAS_AVX2.get_or_init(|| std::is_x86_feature_detected!("avx2"))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the gathering by number runs here: AVX2, and BMI2 with `pdep` in hardware (where
/// `pdep` is microcode, AMD before Zen 3, marking pair by pair is faster). Asked once.
fn gathers_by_number() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::OnceLock;
        static HAS: OnceLock<bool> = OnceLock::new();
        *HAS.get_or_init(|| {
            has_avx2() && std::is_x86_feature_detected!("bmi2") && super::cpu::fast_pdep()
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// [`pair_with_xor_generic`] with AVX2: 32 pairs of bytes or 16 pairs of two-byte values a
/// step, the highs reversed by a shuffle and a swap of halves; a range that is not a whole
/// number of steps ends with one step of its last pairs, overlapping the step before (no pair
/// there had the XOR, so the first hit is still the first). Ranges shorter than a step go
/// pair by pair. (The loop of [`pair_with_xor_generic`] compiled for AVX2 went pair by pair
/// over the up to 63 pairs past its last block of 64.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pair_with_xor_avx2<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    target: V,
) -> Option<usize> {
    use std::arch::x86_64::*;
    const { assert!(V::BYTES == 1 || V::BYTES == 2) };
    let step = 32 / V::BYTES;
    if first > last || last - first + 1 < step {
        return pair_with_xor_generic(values, rest, first, last, target);
    }
    let lows = &values[first..=last];
    let highs = &values[rest - last..=rest - first];
    let n = lows.len();
    let target: u32 = target.into();
    let (want, reverse) = if V::BYTES == 1 {
        let r = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        (_mm256_set1_epi8(target as i8), r)
    } else {
        let r = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        (_mm256_set1_epi16(target as i16), r)
    };
    // Bit `j·BYTES` of the result: pair `i + j` has the XOR.
    let hits = |i: usize| -> u32 {
        debug_assert!(i + step <= n);
        // SAFETY: `i + step ≤ n` and `n − step − i ≥ 0`: both loads lie inside the slices
        // (32 bytes each, unaligned).
        let (low, high) = unsafe {
            (
                _mm256_loadu_si256(lows.as_ptr().add(i).cast()),
                _mm256_loadu_si256(highs.as_ptr().add(n - step - i).cast()),
            )
        };
        let high = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(high, reverse));
        let x = _mm256_xor_si256(low, high);
        let equal =
            if V::BYTES == 1 { _mm256_cmpeq_epi8(x, want) } else { _mm256_cmpeq_epi16(x, want) };
        _mm256_movemask_epi8(equal) as u32
    };
    let mut i = 0;
    while i + step <= n {
        let found = hits(i);
        if found != 0 {
            return Some(i + found.trailing_zeros() as usize / V::BYTES);
        }
        i += step;
    }
    if i < n {
        let i = n - step;
        let found = hits(i);
        if found != 0 {
            return Some(i + found.trailing_zeros() as usize / V::BYTES);
        }
    }
    None
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_pair_range_avx2<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    seen: &mut [u8],
    stamp: u8,
) {
    mark_pair_range_generic(values, rest, first, last, seen, stamp)
}

/// [`pair_with_xor_generic`] with AVX-512: 64 pairs of bytes or 32 pairs of two-byte values
/// a vector (the partners reversed by one permute), the first hit by the compare's mask. Phase
/// 2 of the record path runs it once a heap on the thread that settles every heap, over the
/// pairs whose partner phase 1 could not see (up to some 300). With `rare` (bytes only), only
/// pairs with exactly one part in that bitmap count ([`pair_with_xor_one_rare`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn pair_with_xor_avx512<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    target: V,
    rare: Option<&[u64]>,
) -> Option<usize> {
    use std::arch::x86_64::*;
    if first > last {
        return None;
    }
    // The slice indexing of the generic version, checked once.
    assert!(rest >= last && rest - first < values.len());
    assert!(rare.is_none() || V::BYTES == 1, "classes of one byte a lane");
    let len = last + 1 - first;
    let lanes = 64 / V::BYTES;
    let mut start = 0;
    let base = values.as_ptr();
    let target = target.into();
    // SAFETY: lows are first + start .. first + start + lanes − 1 ≤ last, highs are
    // rest − first − start − (lanes − 1) ≥ rest − last .. rest − first, all inside `values`
    // (the assertion above); a cell is a u8 or a u16 (`Cell` is sealed). `V::BYTES` is a
    // constant: each build keeps one side of its branches.
    unsafe {
        let (reverse, wanted) = if V::BYTES == 1 {
            let reverse = _mm512_set_epi8(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
                44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
            );
            (reverse, _mm512_set1_epi8(target as u8 as i8))
        } else {
            let reverse = _mm512_set_epi16(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                23, 24, 25, 26, 27, 28, 29, 30, 31,
            );
            (reverse, _mm512_set1_epi16(target as u16 as i16))
        };
        while start + lanes <= len {
            let lows = _mm512_loadu_si512(base.add(first + start).cast());
            let highs = _mm512_loadu_si512(base.add(rest - first - start - (lanes - 1)).cast());
            let mut hits = if V::BYTES == 1 {
                let x = _mm512_xor_si512(lows, _mm512_permutexvar_epi8(reverse, highs));
                _mm512_cmpeq_epi8_mask(x, wanted)
            } else {
                let x = _mm512_xor_si512(lows, _mm512_permutexvar_epi16(reverse, highs));
                u64::from(_mm512_cmpeq_epi16_mask(x, wanted))
            };
            if let Some(rare) = rare {
                // Lane i pairs first + start + i with its partner: one rare part exactly.
                let partners = rest - first - start - (lanes - 1);
                let small = super::fold::bits_at(rare, first + start);
                let partner = if partners < 64 * rare.len() {
                    super::fold::bits_at(rare, partners).reverse_bits()
                } else {
                    0
                };
                hits &= small ^ partner;
            }
            if hits != 0 {
                return Some(start + hits.trailing_zeros() as usize);
            }
            start += lanes;
        }
    }
    (start..len).find(|&i| {
        (values[first + i] ^ values[rest - first - i]).into() == target
            && rare.is_none_or(|rare| one_rare(rare, first + i, rest - first - i))
    })
}

/// Whether exactly one of positions `a` and `b` is in the bitmap `rare`.
fn one_rare(rare: &[u64], a: usize, b: usize) -> bool {
    super::fold::bit(rare, a) != super::fold::bit(rare, b)
}

/// The offset from `first` of the first `a` in `first..=last` whose pair has exactly one part
/// in the bitmap `rare` and `G(a) ⊕ G(rest − a) = target` as stored. On folded bytes those are
/// the pairs that give the common value stored as `target` (a (common, common) pair with the
/// same stored XOR gives a rare value).
pub(super) fn pair_with_xor_one_rare<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    target: V,
    rare: &[u64],
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::cpu::available() && V::BYTES == 1 {
        // SAFETY: the processor was asked (the record path's check).
        return unsafe { pair_with_xor_avx512(values, rest, first, last, target, Some(rare)) };
    }
    pair_with_xor_one_rare_portable(values, rest, first, last, target, rare)
}

/// [`pair_with_xor_one_rare`] one pair at a time: the reference.
fn pair_with_xor_one_rare_portable<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    target: V,
    rare: &[u64],
) -> Option<usize> {
    (first..=last)
        .find(|&a| values[a] ^ values[rest - a] == target && one_rare(rare, a, rest - a))
        .map(|a| a - first)
}

/// See [`pair_with_xor_generic`].
pub(super) fn pair_with_xor<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    target: V,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::cpu::available() {
        // SAFETY: the processor was asked (the record path's check: AVX-512 with F, BW and
        // VBMI among the rest).
        return unsafe { pair_with_xor_avx512(values, rest, first, last, target, None) };
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor was asked, and has AVX2.
        return unsafe { pair_with_xor_avx2(values, rest, first, last, target) };
    }
    pair_with_xor_generic(values, rest, first, last, target)
}

/// See [`mark_pair_range_generic`].
fn mark_pair_range<V: Cell>(
    values: &[V],
    rest: usize,
    first: usize,
    last: usize,
    seen: &mut [u8],
    stamp: u8,
) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor was asked, and has AVX2.
        return unsafe { mark_pair_range_avx2(values, rest, first, last, seen, stamp) };
    }
    mark_pair_range_generic(values, rest, first, last, seen, stamp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: the first pair, counted from `first`, whose values XOR to `target`.
    fn first_pair<V: Cell>(
        values: &[V],
        rest: usize,
        first: usize,
        last: usize,
        target: V,
    ) -> Option<usize> {
        (first..=last).position(|a| values[a] ^ values[rest - a] == target)
    }

    /// Values from a small or a wide range, and a target that is, half the time, the XOR of
    /// a pair chosen at random among those searched (so that the first hit falls anywhere in
    /// a vector, not only near the start).
    fn pair_input() -> impl Strategy<Value = (Vec<u16>, usize, usize, usize, u16)> {
        (2usize..700, prop_oneof![Just(4u16), Just(24u16), Just(512u16)]).prop_flat_map(
            |(len, range)| {
                (
                    proptest::collection::vec(0..range, len),
                    1..len,
                    any::<prop::sample::Index>(),
                    any::<prop::sample::Index>(),
                    any::<prop::sample::Index>(),
                    any::<bool>(),
                )
                    .prop_map(move |(values, rest, i, j, k, planted)| {
                        // 1 ≤ first, last ≤ rest / 2 (pairs (a, rest − a) with a ≤ rest − a),
                        // and sometimes first > last (no pairs).
                        let half = (rest / 2).max(1);
                        let (first, last) = (1 + i.index(half), j.index(half + 1));
                        let target = if planted && first <= last {
                            let a = first + k.index(last - first + 1);
                            values[a] ^ values[rest - a]
                        } else {
                            k.index(usize::from(range)) as u16
                        };
                        (values, rest, first, last, target)
                    })
            },
        )
    }

    /// A sequence under `mask` whose rare positions are `rare` (the others common), values
    /// below `limit`, and the rare positions' values; drawn from `seed`.
    fn sequence_under(mask: u32, rare: &[usize], len: usize, limit: u32, seed: u64) -> Vec<u16> {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..len)
            .map(|n| {
                let want_rare = rare.binary_search(&n).is_ok();
                loop {
                    let v = (next() % u64::from(limit)) as u32;
                    if (v & mask).count_ones().is_multiple_of(2) == want_rare {
                        return v as u16;
                    }
                }
            })
            .collect()
    }

    /// Each lane's marked entries, `seen[lane·size..]` holding `stamp`.
    fn marked(seen: &[u8], size: usize, stamp: u8) -> Vec<Vec<usize>> {
        seen.chunks_exact(size)
            .map(|table| (0..size).filter(|&v| table[v] == stamp).collect())
            .collect()
    }

    /// [`Lanes::mark`] against marking every pair: on two-byte values below 512 and on bytes,
    /// with partners far enough out to be all common (then it goes by number where the
    /// processor allows) or reaching back among the rare positions (then it may not), over
    /// tables that hold older stamps already.
    fn lanes_mark_what_every_pair_marks<V: Cell>(
        mask: u32,
        rare: &[usize],
        seed: u64,
        reach: usize,
    ) -> Result<(), TestCaseError> {
        let last = *rare.last().unwrap();
        let limit = if V::BYTES == 1 { 256 } else { 512 };
        let size = 512;
        let rest0 = (2 * last + 16).saturating_sub(reach).max(last + 1);
        let len = rest0 + LANES + 64;
        let values: Vec<V> = sequence_under(mask, rare, len, limit, seed)
            .into_iter()
            .map(|v| V::from_u32(u32::from(v)))
            .collect();
        let rare_values: Vec<V> = rare.iter().map(|&a| values[a]).collect();
        let from = rare.partition_point(|&a| a + 1 < LANES);
        let (some, some_values) = (&rare[from..], &rare_values[from..]);
        let lanes = Lanes { values: &values, stored_rest0: rest0, rest0, size };
        let mut fast = vec![0u8; size * LANES];
        let mut slow = vec![0u8; size * LANES];
        // Older stamps left in the tables, which the new marks must keep where they do not
        // mark.
        for (i, (f, s)) in fast.iter_mut().zip(slow.iter_mut()).enumerate() {
            let old = (seed >> (i % 61)) as u8 % 3;
            (*f, *s) = (old, old);
        }
        let by_number = lanes.mark(rare, mask, true, some, some_values, &mut fast, 3);
        mark_rare_lanes_generic(&values, rest0, some, some_values, &mut slow, size, 3);
        prop_assert_eq!(&fast, &slow);
        prop_assert_eq!(marked(&fast, size, 3), marked(&slow, size, 3));
        // By number only when no partner is a rare position (checked one by one), on a
        // processor that allows it (it may also decline where the partners reach many rare
        // positions).
        let rare_partner =
            some.iter().any(|&a| (0..LANES).any(|h| rare.binary_search(&(rest0 + h - a)).is_ok()));
        let allowed = gathers_by_number() && some.len() >= LANES_BY_NUMBER;
        if by_number {
            prop_assert!(allowed && !rare_partner);
        }
        if rest0 - last > last {
            // Every partner past every rare position: none reached, so by number wherever
            // the processor allows.
            prop_assert!(!rare_partner);
            prop_assert_eq!(by_number, allowed);
        }
        Ok(())
    }

    /// [`mark_window_by_number`] against [`mark_pair_range_generic`] on values all common
    /// (their XORs rare), over tables holding older stamps.
    fn window_marks_what_every_pair_marks<V: Cell>(
        mask: u32,
        seed: u64,
        rest: usize,
        ranges: &[(usize, usize)],
    ) -> Result<(), TestCaseError> {
        let limit = if V::BYTES == 1 { 256 } else { 512 };
        let values: Vec<V> = sequence_under(mask, &[], rest + 1, limit, seed)
            .into_iter()
            .map(|v| V::from_u32(u32::from(v)))
            .collect();
        let old: Vec<u8> = (0..512).map(|i| (seed >> (i % 61)) as u8 % 3).collect();
        let (mut fast, mut slow) = (old.clone(), old);
        let by_number = mark_window_by_number(&values, rest, ranges, mask, &mut fast, 3);
        prop_assert_eq!(by_number, gathers_by_number());
        if by_number {
            for &(first, last) in ranges {
                mark_pair_range_generic(&values, rest, first, last, &mut slow, 3);
            }
            prop_assert_eq!(fast, slow);
        }
        Ok(())
    }

    /// A mask whose lowest bit is among the low eight, and 64 to 200 sorted rare positions.
    fn lanes_input() -> impl Strategy<Value = (u32, Vec<usize>, u64, usize)> {
        (
            0u32..8,
            any::<u16>(),
            proptest::collection::btree_set(1usize..3000, 64..200),
            any::<u64>(),
            prop_oneof![Just(0usize), 0usize..4000],
        )
            .prop_map(|(b, high, rare, seed, reach)| {
                let mask = (1 << b) | (u32::from(high) << (b + 1) & 0x1ff);
                (mask, rare.into_iter().collect(), seed, reach)
            })
    }

    proptest! {
        /// The window gathered by number marks what marking every pair marks, on two-byte
        /// cells and on bytes, any length (whole steps of eight and a remainder), in one range
        /// (empty when `first > last`) or in several apart (the pieces of a spread window).
        #[test]
        fn window_by_number_marks_what_every_pair_marks(
            (b, high, seed) in (0u32..8, any::<u16>(), any::<u64>()),
            (rest, i, j) in (2usize..600, any::<prop::sample::Index>(), any::<prop::sample::Index>()),
            cuts in proptest::collection::vec(any::<prop::sample::Index>(), 2..9),
        ) {
            let mask = (1 << b) | (u32::from(high) << (b + 1) & 0x1ff);
            let half = rest / 2;
            let (first, last) = (1 + i.index(half.max(1)), j.index(half + 1));
            window_marks_what_every_pair_marks::<u16>(mask, seed, rest, &[(first, last)])?;
            window_marks_what_every_pair_marks::<u8>(mask, seed, rest, &[(first, last)])?;
            let mut ends: Vec<usize> = cuts.iter().map(|c| 1 + c.index(half.max(1))).collect();
            ends.sort_unstable();
            let ranges: Vec<(usize, usize)> = ends.chunks_exact(2).map(|p| (p[0], p[1])).collect();
            window_marks_what_every_pair_marks::<u16>(mask, seed, rest, &ranges)?;
            window_marks_what_every_pair_marks::<u8>(mask, seed, rest, &ranges)?;
        }

        /// `rare_below_256` is the set of values below 256 with even parity under the mask
        /// (its complement, the common ones, is what the rare pass stamps).
        #[test]
        fn rare_below_256_is_the_rare_values((b, high) in (0u32..8, any::<u16>())) {
            let mask = (1 << b) | (u32::from(high) << (b + 1) & 0x1ff);
            let pattern = rare_below_256(mask);
            for v in 0..256u32 {
                let common = (v & mask).count_ones() % 2 == 1;
                prop_assert_eq!(pattern[(v / 64) as usize] >> (v % 64) & 1 == 0, common, "value {}", v);
            }
        }

        /// The gathering by number marks what marking every pair marks, on two-byte cells
        /// (values below 512) and on bytes.
        #[test]
        fn lanes_by_number_mark_what_every_pair_marks((mask, rare, seed, reach) in lanes_input()) {
            lanes_mark_what_every_pair_marks::<u16>(mask, &rare, seed, reach)?;
            lanes_mark_what_every_pair_marks::<u8>(mask, &rare, seed, reach)?;
        }

        /// `marked_bits` (AVX2 where the processor has it) has bit `i` set exactly when entry
        /// `i` holds the stamp, for the first 64 entries; the one-at-a-time version too.
        #[test]
        fn marked_bits_are_the_stamped_entries(
            seen in proptest::collection::vec(0u8..4, 0..80),
            stamp in 0u8..4,
        ) {
            let definition = |seen: &[u8]| {
                let mut bits = 0u64;
                for (i, &s) in seen.iter().enumerate().take(64) {
                    if s == stamp {
                        bits |= 1 << i;
                    }
                }
                bits
            };
            prop_assert_eq!(marked_bits(&seen, stamp), definition(&seen));
            prop_assert_eq!(marked_bits_generic(&seen, stamp), definition(&seen));
            if seen.len() >= 64 {
                prop_assert_eq!(marked_bits(&seen[..64], stamp), definition(&seen));
            }
        }

        /// The least unmarked entry from any start, against the definition: tables mostly
        /// stamped (the search runs past whole blocks of 32) or not.
        #[test]
        fn first_unmarked_is_the_least_entry_not_stamped(
            (seen, from) in (0usize..200).prop_flat_map(|len| (
                proptest::collection::vec(prop_oneof![9 => Just(1u8), 1 => 0u8..3], len),
                0..=len,
            )),
        ) {
            let stamp = 1;
            let definition = (from..seen.len()).find(|&i| seen[i] != stamp).unwrap_or(seen.len());
            prop_assert_eq!(first_unmarked(&seen, from, stamp), definition);
            prop_assert_eq!(first_unmarked_generic(&seen, from, stamp), definition);
        }

        /// Whatever the processor, `pair_with_xor` finds the first pair with the XOR, on
        /// two-byte values and on bytes, or none when there is none.
        #[test]
        fn pair_with_xor_finds_the_first_pair((values, rest, first, last, target) in pair_input()) {
            prop_assert_eq!(
                pair_with_xor(&values, rest, first, last, target),
                first_pair(&values, rest, first, last, target)
            );
            prop_assert_eq!(
                pair_with_xor_generic(&values, rest, first, last, target),
                first_pair(&values, rest, first, last, target)
            );
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            prop_assert_eq!(
                pair_with_xor(&bytes, rest, first, last, target as u8),
                first_pair(&bytes, rest, first, last, target as u8)
            );
            // The AVX2 kernel itself, also where `pair_with_xor` would take AVX-512.
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: the processor was asked, and has AVX2.
                let (wide, narrow) = unsafe {
                    (
                        pair_with_xor_avx2(&values, rest, first, last, target),
                        pair_with_xor_avx2(&bytes, rest, first, last, target as u8),
                    )
                };
                prop_assert_eq!(wide, first_pair(&values, rest, first, last, target));
                prop_assert_eq!(narrow, first_pair(&bytes, rest, first, last, target as u8));
            }
        }

        /// With classes (folded bytes), only pairs with exactly one part in the bitmap count:
        /// the vector search against the definition, the bitmap dense or sparse, ending
        /// before the partners or past them.
        #[test]
        fn pair_with_one_rare_part_is_found_first(
            (values, rest, first, last, target) in pair_input(),
            seed in any::<u64>(),
            density in 1u64..8,
            mapped in 1usize..12,
        ) {
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            let mut state = seed | 1;
            let rare: Vec<u64> = (0..mapped)
                .map(|_| {
                    let mut word = u64::MAX;
                    for _ in 0..density {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        word &= state;
                    }
                    word
                })
                .collect();
            let expected = (first..=last)
                .position(|a| bytes[a] ^ bytes[rest - a] == target as u8 && one_rare(&rare, a, rest - a));
            prop_assert_eq!(
                pair_with_xor_one_rare(&bytes, rest, first, last, target as u8, &rare),
                expected
            );
            prop_assert_eq!(
                pair_with_xor_one_rare_portable(&bytes, rest, first, last, target as u8, &rare),
                expected
            );
        }
    }
}
