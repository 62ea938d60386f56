//! The record path: phase 1 for sparse games far out (Officers, Grundy's game, every code whose
//! values live in a sparse space), 32 heaps at a time, on processors with AVX-512.
//!
//! For heap `n` (rest `r` after the split's removal), let `c` be the least common value that
//! no option has (the *candidate*). The common values among the options come only from pairs
//! with a rare part, so `c` is exact after the rare pass. The answer is `c` exactly when every
//! rare value below `c` is an option; those come from (common, common) pairs, of which there
//! are very many, so a witness for each turns up after a few thousand pairs at most.
//!
//! 1. **Rare pass, 32 heaps at once.** For a rare position `a`, the partners of heaps
//!    `n0..n0 + 32` are 32 consecutive values, one load; XORed with `G(a)` they are common
//!    values. A common value below 256 is one of 128, numbered by dropping the lowest bit of
//!    the mask (the parity fixes that bit, and the numbering keeps the order). Each lane keeps
//!    its 128 bits as eight 16-bit words in eight registers, set by variable shifts: no store
//!    per pair, where marking a table costs one (measured here: 0.23 ns a pair against about
//!    0.5).
//! 2. **Candidate.** The first zero of a lane's 128 bits gives `c`. When a lane has all 128
//!    set (its value is 256 or more: Officers, one heap in twelve), the group takes a second
//!    pass for the next 64 common numbers (values below 384), with four shifts instead of
//!    eight; a lane with all of those too takes the single-heap path below.
//! 3. **Proof, one heap at a time.** The rare values below `c` that no single-heap option gives
//!    form a set of at most 512 bits in a register. Pairs are XORed 64 at a time (two-byte
//!    values in two halves of 32, their keys packed into one vector of bytes) and looked up in
//!    it, in chunks that alternate between consecutive pairs from the small end and pairs at
//!    fixed pseudo-random places (measured on Grundy's game at 2^21: 1,600 pairs a heap where a
//!    plain scan from the small end needs 3,800). Values found are packed into a buffer
//!    without a branch and struck off after each round of chunks; once none is left, `c` is
//!    the answer. After a budget of chunks the scan goes over every
//!    pair; what is still missing then is absent, and the least of it is the answer.
//!
//! The **single-heap path** marks the pairs with a rare part in a table of values seen (as the
//! general path does), takes the least unmarked common value, and proves it the same way; it
//! serves lanes whose value passes 383, and heaps that phase 2 computes again.
//!
//! Pairs whose partner reaches into the block (phase 2 adds them) are left out throughout; so
//! are (rare, rare) pairs in the rare pass (their value is rare: the proof scan sees them).
//! Whatever the pseudo-random order does, a value counts as present only when a pair with that
//! XOR was seen, and as absent only after every pair was scanned: every answer is exact.

use super::fold::{self, compress, is_rare, rare_pattern};
use super::{last_pair, Cell, Shared, Speculation};

/// Heaps taken together by the rare pass.
pub(super) const GROUP: usize = 32;

/// The record path takes groups from this heap on (below it heaps are cheap anyway).
pub(super) const RECORD_FROM: usize = 1 << 12;

/// Chunks scanned in the alternating order before the scan goes over every pair.
const BUDGET_CHUNKS: usize = 256;

/// Pseudo-random chunks start within this many pairs of the scan's first pair (so that their
/// reads stay within the second-level cache).
const RANDOM_SPAN: usize = 1 << 18;

pub(super) use super::cpu::available;

mod kernels;
use kernels::*;

/// A thread's working memory for the record path.
#[derive(Debug, Clone, Default)]
pub(super) struct RecordScratch {
    /// (index in the rare list, lanes) of the (rare, rare) pairs of the group being computed.
    bad: Vec<(usize, u32)>,
    /// Values found by a round of the proof scan, packed (with room for a whole vector past
    /// the last one written).
    found: Vec<u16>,
    found_bytes: Vec<u8>,
    /// Each split's pair scans for the lanes of a group, and one lane's (kept to spare an
    /// allocation per group and per heap).
    spans: Vec<[Span; GROUP]>,
    lane_spans: Vec<Span>,
    /// Set by [`settle`] when the pairs phase 2 adds ruled out the candidate or it had to
    /// search every pair (its work then counts against the block's size).
    pub(super) slow: bool,
    /// Values struck off, as stamps (`struck[v] == stamp`).
    struck: Vec<u8>,
    stamp: u8,
}

impl RecordScratch {
    /// A fresh stamp for the struck-off table (the buffers sized on first use: an empty
    /// scratch allocates nothing).
    fn next_stamp(&mut self) -> u8 {
        if self.struck.is_empty() {
            self.found = vec![0; MAX_ROUND * 64 + 64];
            self.found_bytes = vec![0; MAX_ROUND * 64 + 64];
            self.struck = vec![0; 512];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.struck.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }
}

/// Chunks per round of the proof scan at most (rounds grow 1, 2, 3, … chunks: values are
/// struck off often while many are found, rarely once few are left).
const MAX_ROUND: usize = 8;

/// Whether heaps from `n0` on can take the record path (the values below `n0`, at least,
/// known): a mask whose lowest bit is among the low eight (so that common values below 256
/// number 128), a split, heaps far enough out for a group's partners, and the processor.
pub(super) fn applies(mask: u32, split_after: &[usize], n0: usize) -> bool {
    mask != 0
        && mask.trailing_zeros() < 8
        && !split_after.is_empty()
        && split_after.iter().all(|&k| n0 >= k + 2 * GROUP)
        && available()
}

/// The common value numbered `z` (see [`compress`]): its stored form, decoded as common.
fn common_numbered(z: u32, mask: u32) -> u32 {
    fold::decode(z, false, mask)
}

/// The values of `set` below `c`.
fn below(set: &[u64; 8], c: u32) -> [u64; 8] {
    std::array::from_fn(|w| {
        let from = 64 * w as u32;
        let keep = if c >= from + 64 {
            u64::MAX
        } else if c <= from {
            0
        } else {
            (1u64 << (c - from)) - 1
        };
        set[w] & keep
    })
}

/// Phase 2 for a heap of the record path's groups: the values are known up to the heap, and
/// phase 1 left out the pairs and single heaps that reach past `start` for heaps up to `reach`.
/// Its candidate `c` stands unless they give `c`, once they give every rare value below `c`
/// that phase 1's budget did not find (`unproven`). When they give `c`, the common values they
/// give join phase 1's (`commons`), the least common value absent from both is the new
/// candidate, and the rare values below it not yet found are looked for among every pair of
/// the heap: what that search does not find is absent, and the least of it is the answer.
/// `None` only when every common value below 256 is an option (start the heap over).
pub(super) fn settle<V: Cell>(
    all: &Shared<'_, V>,
    n: usize,
    start: usize,
    reach: usize,
    speculation: &Speculation,
    scratch: &mut RecordScratch,
) -> Option<u32> {
    if all.folded {
        return settle_folded(all, n, start, reach, speculation, scratch);
    }
    let values = all.old;
    let (mask, b) = (all.mask, all.mask.trailing_zeros());
    let c = speculation.stops[0];
    debug_assert!(c < 512);
    let left_out_last = |k: usize| left_out_last(all.unequal, n, k, start, reach);
    let is_single = |x: u32| {
        all.take_all.iter().any(|&k| n == k && x == 0)
            || all.leave_one.iter().any(|&k| n > k && values[n - k].into() == x)
    };
    // Nearly always: phase 1 proved every rare value below `c`, and no pair left out gives
    // `c` (one vector compare over those pairs).
    if speculation.unproven.iter().all(|&w| w == 0) && c <= V::MAX {
        let target = V::from_u32(c);
        let given = is_single(c)
            || all.split_after.iter().any(|&k| {
                n >= k + 2
                    && super::marking::pair_with_xor(values, n - k, 1, left_out_last(k), target)
                        .is_some()
            });
        if !given {
            return Some(c);
        }
    }
    // Every value below `n` is known here.
    let singles: Vec<u32> = single_heap_values(all, n).collect();
    let spans = |left_out: bool| heap_spans(all, n, left_out.then_some((start, reach)));
    let left_out = spans(true);
    // Is `c` an option among the pairs left out (or a single heap)? Strike off the unproven
    // values on the way.
    let mut wanted = speculation.unproven;
    wanted[(c / 64) as usize] |= 1 << (c % 64);
    for &x in &singles {
        if x < 512 {
            wanted[(x / 64) as usize] &= !(1 << (x % 64));
        }
    }
    let present = |set: &[u64; 8]| set[(c / 64) as usize] >> (c % 64) & 1 == 0;
    let mut c_present = present(&wanted);
    if !c_present {
        prove_every(values, &left_out, &mut wanted, mask, scratch);
        c_present = present(&wanted);
    }
    wanted[(c / 64) as usize] &= !(1 << (c % 64));
    let (candidate, mut missing) = if !c_present {
        (c, wanted)
    } else {
        scratch.slow = true;
        // Every common value among the options: phase 1's, the single heaps', and those of
        // the pairs left out (a rare part there may lie in the block itself).
        let mut commons = speculation.commons;
        for &x in &singles {
            if !is_rare(x, mask) {
                add_common(&mut commons, compress(x, b));
            }
        }
        for span in &left_out {
            for a in span.lo..=span.last {
                let x: u32 = (values[a] ^ values[span.rest - a]).into();
                if !is_rare(x, mask) {
                    add_common(&mut commons, compress(x, b));
                }
            }
        }
        if commons == u128::MAX {
            return None;
        }
        let candidate = common_numbered(commons.trailing_ones(), mask);
        let mut missing = wanted;
        for x in c + 1..candidate {
            if is_rare(x, mask) && !singles.contains(&x) {
                missing[(x / 64) as usize] |= 1 << (x % 64);
            }
        }
        (candidate, missing)
    };
    if missing.iter().all(|&w| w == 0) {
        return Some(candidate);
    }
    // Every pair of the heap, all known now: found, or absent for certain.
    scratch.slow = true;
    if prove(values, &spans(false), &mut missing, true, mask, None, scratch) {
        Some(candidate)
    } else {
        least(&missing).map(|absent| absent.min(candidate))
    }
}

/// The last `a` of the pairs `(a, n − k − a)` that phase 1 left out for heap `n` of a block
/// starting at `start` (pairs reaching past `start` for heaps up to `reach`).
fn left_out_last(unequal: bool, n: usize, k: usize, start: usize, reach: usize) -> usize {
    last_pair(n - k, unequal).min((reach - k).saturating_sub(start))
}

/// The pair scans of heap `n`, split by split: every pair, or with `left_out = Some((start,
/// reach))` the pairs phase 1 left out ([`left_out_last`]).
fn heap_spans<V: Cell>(
    all: &Shared<'_, V>,
    n: usize,
    left_out: Option<(usize, usize)>,
) -> Vec<Span> {
    all.split_after
        .iter()
        .filter(|&&k| n >= k + 2)
        .map(|&k| {
            let last = match left_out {
                Some((start, reach)) => left_out_last(all.unequal, n, k, start, reach),
                None => last_pair(n - k, all.unequal),
            };
            Span { rest: n - k, lo: 1, last }
        })
        .collect()
}

/// [`settle`] on folded bytes, as [`settle`] does on plain ones: the candidate `c` stands
/// unless a single heap or a pair left out gives it, once every rare value below it that phase
/// 1 did not find is found among the pairs left out or, failing that, among every pair of the
/// heap; what that search does not find is absent, and the least of it is the answer. When `c`
/// is given, the least common value absent from phase 1's, the single heaps' and the pairs
/// left out is the candidate instead (`None`, start the heap over, when every common value
/// below 256 is an option). The proof scans read (common, common) pairs only; the pairs with
/// a rare part are read here, decoded.
fn settle_folded<V: Cell>(
    all: &Shared<'_, V>,
    n: usize,
    start: usize,
    reach: usize,
    speculation: &Speculation,
    scratch: &mut RecordScratch,
) -> Option<u32> {
    let (mask, b) = (all.mask, all.mask.trailing_zeros());
    let c = speculation.stops[0];
    if c > all.limit {
        return None;
    }
    let spans = |left_out: bool| heap_spans(all, n, left_out.then_some((start, reach)));
    let mut missing = speculation.unproven;
    for x in single_heap_values(all, n) {
        if x < 512 {
            missing[(x / 64) as usize] &= !(1 << (x % 64));
        }
    }
    // Nearly always: no single heap and no pair left out gives `c`, and phase 1 proved every
    // rare value below it (nothing allocated on this path).
    let c_given = single_heap_values(all, n).any(|x| x == c)
        || all.split_after.iter().filter(|&&k| n >= k + 2).any(|&k| {
            let last = left_out_last(all.unequal, n, k, start, reach);
            folded_pair_gives(all, Span { rest: n - k, lo: 1, last }, c)
        });
    if !c_given && missing.iter().all(|&w| w == 0) {
        return Some(c);
    }
    let left_out = spans(true);
    let singles: Vec<u32> = single_heap_values(all, n).collect();
    let candidate = if c_given {
        scratch.slow = true;
        let mut commons = speculation.commons;
        for &x in &singles {
            if !is_rare(x, mask) {
                add_common(&mut commons, compress(x, b));
            }
        }
        for span in &left_out {
            // Pairs left out with one rare part: the small part, then the partner.
            let from = all.rare.partition_point(|&a| a < span.lo);
            let to = all.rare.partition_point(|&a| a <= span.last);
            for i in from..to {
                let partner = span.rest - all.rare[i];
                if !fold::bit(all.rare_bits, partner) {
                    add_common(&mut commons, compress(all.rare_value(i) ^ all.value(partner), b));
                }
            }
            let from = all.rare.partition_point(|&q| q < span.rest - span.last);
            let to = all.rare.partition_point(|&q| q <= span.rest - span.lo);
            for i in from..to {
                let a = span.rest - all.rare[i];
                if !fold::bit(all.rare_bits, a) {
                    add_common(&mut commons, compress(all.value(a) ^ all.rare_value(i), b));
                }
            }
        }
        if commons == u128::MAX {
            return None;
        }
        let candidate = common_numbered(commons.trailing_ones(), mask);
        for x in c + 1..candidate {
            if is_rare(x, mask) && !singles.contains(&x) {
                missing[(x / 64) as usize] |= 1 << (x % 64);
            }
        }
        candidate
    } else {
        c
    };
    if missing.iter().all(|&w| w == 0) {
        return Some(candidate);
    }
    scratch.slow = true;
    let folded = Some(all.rare_bits);
    for spans in [left_out, spans(false)] {
        strike_rare_pairs(all, &spans, &mut missing);
        if prove(all.old, &spans, &mut missing, true, mask, folded, scratch) {
            return Some(candidate);
        }
    }
    // Every pair of the heap was seen: what is missing is absent.
    least(&missing).map(|absent| absent.min(candidate))
}

/// Whether a pair of `span` gives the common value `c` on folded bytes: a pair with one rare
/// part whose stored XOR is `c`'s stored form.
fn folded_pair_gives<V: Cell>(all: &Shared<'_, V>, span: Span, c: u32) -> bool {
    let target = V::from_u32(compress(c, all.mask.trailing_zeros()));
    let (rest, lo, last) = (span.rest, span.lo, span.last);
    super::marking::pair_with_xor_one_rare(all.old, rest, lo, last, target, all.rare_bits).is_some()
}

/// Strikes off `missing` the values of the (rare, rare) pairs of `spans` (folded bytes).
fn strike_rare_pairs<V: Cell>(all: &Shared<'_, V>, spans: &[Span], missing: &mut [u64; 8]) {
    // A rare partner lies within the bitmap: far out, no pair has one.
    let mapped = 64 * all.rare_bits.len();
    for span in spans {
        let from = all.rare.partition_point(|&a| a < span.lo.max(span.rest.saturating_sub(mapped)));
        let to = all.rare.partition_point(|&a| a <= span.last);
        for i in from..to {
            let partner = span.rest - all.rare[i];
            if fold::bit(all.rare_bits, partner) {
                let x = all.rare_value(i) ^ all.value(partner);
                if x < 512 {
                    missing[(x / 64) as usize] &= !(1 << (x % 64));
                }
            }
        }
    }
}

/// [`prove`] over every pair of `spans`, in order.
fn prove_every<V: Cell>(
    old: &[V],
    spans: &[Span],
    missing: &mut [u64; 8],
    mask: u32,
    scratch: &mut RecordScratch,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if available() {
        for span in spans {
            // SAFETY: as in `prove`.
            let done = unsafe { scan(old, *span, Order::Every, missing, mask, None, scratch) };
            if done {
                return true;
            }
        }
        return false;
    }
    prove_portable(old, spans, missing)
}

/// A pair scan of one split: pairs `(a, rest − a)` for `a` in `lo..=last`.
#[derive(Debug, Clone, Copy)]
struct Span {
    rest: usize,
    lo: usize,
    last: usize,
}

/// Phase 1 for heaps `n0..n0 + GROUP` ([`applies`] said yes; the caller has room for the whole
/// group in the block). Pairs with `a` up to `n0 + GROUP − 1 − k − old.len()` for each split
/// `k` are left to phase 2 ([`Speculation::reach`]).
pub(super) fn speculate_group<V: Cell>(
    shared: &Shared<'_, V>,
    n0: usize,
    scratch: &mut RecordScratch,
    general: &mut super::marking::Scratch,
) -> [Speculation; GROUP] {
    let old = shared.old;
    let s = old.len();
    let mask = shared.mask;
    let b = mask.trailing_zeros();
    let reach = n0 + GROUP - 1;
    // Per lane: the 128 low commons (compressed), and rare values below 512 that single-heap
    // options give.
    let mut commons = [0u128; GROUP];
    let mut rare_found = [[0u64; 8]; GROUP];
    let mut spans = std::mem::take(&mut scratch.spans);
    spans.clear();
    let rare_values_below_512 = rare_pattern(mask);
    common_pass(shared, n0, LOW_BAND, &mut commons, scratch);
    for &k in shared.split_after {
        let r0 = n0 - k;
        let a_lo = (r0 + GROUP).saturating_sub(s).max(1);
        spans.push(std::array::from_fn(|lane| Span {
            rest: r0 + lane,
            lo: a_lo,
            last: last_pair(r0 + lane, shared.unequal),
        }));
    }
    // Single-heap options.
    for (lane, (set, found)) in commons.iter_mut().zip(rare_found.iter_mut()).enumerate() {
        for x in single_heap_values(shared, n0 + lane) {
            if is_rare(x, mask) {
                if x < 512 {
                    found[(x / 64) as usize] |= 1 << (x % 64);
                }
            } else {
                add_common(set, compress(x, b));
            }
        }
    }
    // Lanes with every common value below 256 (Officers: one heap in twelve): the next 64
    // common numbers for the whole group, one more pass with half the shifts.
    let mut high = [0u128; GROUP];
    let high_ran = commons.contains(&u128::MAX);
    if high_ran {
        common_pass(shared, n0, HIGH_BAND, &mut high, scratch);
        for (lane, set) in high.iter_mut().enumerate() {
            for x in single_heap_values(shared, n0 + lane) {
                if !is_rare(x, mask) {
                    add_common_in(set, compress(x, b), HIGH_BAND);
                }
            }
        }
    }
    let all_high = (1u128 << HIGH_BAND.width) - 1;
    let mut lane_spans = std::mem::take(&mut scratch.lane_spans);
    let speculations = std::array::from_fn(|lane| {
        let n = n0 + lane;
        let number = if commons[lane] != u128::MAX {
            commons[lane].trailing_ones()
        } else if high[lane] & all_high != all_high {
            // (All 128 set: the second pass ran.)
            HIGH_BAND.offset + high[lane].trailing_ones()
        } else {
            // Every common value below 384 is an option: the single-heap path, then the
            // general one, take this heap.
            return speculate_single(shared, n, scratch, general);
        };
        let c = common_numbered(number, mask);
        let mut missing = below(&rare_values_below_512, c);
        for (word, found) in missing.iter_mut().zip(&rare_found[lane]) {
            *word &= !found;
        }
        lane_spans.clear();
        lane_spans.extend(spans.iter().map(|spans| spans[lane]));
        // Within the budget nearly always; values still missing are left to phase 2, which
        // has the pairs phase 1 could not see (and starts the heap over if they do not help).
        let folded = shared.folded.then_some(shared.rare_bits);
        prove(old, &lane_spans, &mut missing, false, mask, folded, scratch);
        Speculation {
            stops: [c, 0],
            n_stops: 1,
            known: s,
            record: true,
            commons: commons[lane],
            reach,
            unproven: missing,
            ..Speculation::default()
        }
    });
    scratch.spans = spans;
    scratch.lane_spans = lane_spans;
    speculations
}

/// The values of the single-heap options of heap `n` whose heap is known.
fn single_heap_values<'s, V: Cell>(
    shared: &'s Shared<'_, V>,
    n: usize,
) -> impl Iterator<Item = u32> + 's {
    let take_all = shared.take_all.iter().filter(move |&&k| n == k).map(|_| 0);
    let known = shared.old.len();
    let leave_one = shared
        .leave_one
        .iter()
        .filter(move |&&k| n > k && n - k < known)
        .map(move |&k| shared.value(n - k));
    take_all.chain(leave_one)
}

/// A band of common numbers: `width` of them from `offset`, bit `z − offset` of a lane's set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Band {
    offset: u32,
    width: u32,
}

/// The common values below 256 (128 numbers), for every group.
const LOW_BAND: Band = Band { offset: 0, width: 128 };

/// The 64 common numbers after those (values below 384), for groups with a lane that has all
/// of the first 128.
const HIGH_BAND: Band = Band { offset: 128, width: 64 };

fn add_common_in(set: &mut u128, z: u32, band: Band) {
    if z >= band.offset && z - band.offset < band.width {
        *set |= 1 << (z - band.offset);
    }
}

/// The rare pass of a group for the common numbers of `band`: every pair with a rare part and a
/// partner below the group's block, split by split, into each lane's set.
fn common_pass<V: Cell>(
    shared: &Shared<'_, V>,
    n0: usize,
    band: Band,
    commons: &mut [u128; GROUP],
    scratch: &mut RecordScratch,
) {
    let old = shared.old;
    let s = old.len();
    let mask = shared.mask;
    let b = mask.trailing_zeros();
    let folded = shared.folded;
    // A pair's common number from its stored parts (on folded bytes the XOR is it already).
    let number = |x: u32| if folded { x } else { compress(x, b) };
    for &k in shared.split_after {
        let r0 = n0 - k;
        // Kernel range: partners in 1..s for every lane.
        let a_lo = (r0 + GROUP).saturating_sub(s).max(1);
        let a_hi = r0 - 1;
        let i_lo = shared.rare.partition_point(|&a| a < a_lo);
        let i_hi = shared.rare.partition_point(|&a| a <= a_hi).max(i_lo);
        find_bad_pairs(shared.rare, r0, i_lo, i_hi, &mut scratch.bad);
        let mut from = i_lo;
        let bad = std::mem::take(&mut scratch.bad);
        for &(index, lanes) in bad.iter().chain(std::iter::once(&(i_hi, 0))) {
            if from < index {
                rare_commons(
                    old,
                    r0,
                    &shared.rare[from..index],
                    &shared.rare_values[from..index],
                    b,
                    band,
                    commons,
                    folded,
                );
            }
            if index < i_hi {
                // Lanes not in `lanes` have a common partner here.
                let (a, value) = (shared.rare[index], shared.rare_values[index]);
                for (lane, set) in commons.iter_mut().enumerate() {
                    if lanes & (1 << lane) == 0 {
                        let x: u32 = (value ^ old[r0 + lane - a]).into();
                        add_common_in(set, number(x), band);
                    }
                }
            }
            from = index + 1;
        }
        scratch.bad = bad;
        // Rare positions just below the group: a partner for some lanes only.
        for (&a, &value) in shared.rare[i_hi..].iter().zip(&shared.rare_values[i_hi..]) {
            let first_lane = (a + 1).saturating_sub(r0);
            for (lane, set) in commons.iter_mut().enumerate().skip(first_lane) {
                let partner = r0 + lane - a;
                if partner >= s || (shared.unequal && partner == a) {
                    continue;
                }
                // A (rare, rare) pair: the proof scan sees it.
                let rare_partner = if folded {
                    fold::bit(shared.rare_bits, partner)
                } else {
                    is_rare((value ^ old[partner]).into(), mask)
                };
                if rare_partner {
                    continue;
                }
                add_common_in(set, number((value ^ old[partner]).into()), band);
            }
        }
    }
}

/// Phase 1 for heap `n` alone: the pairs with a rare part marked in a table (exact, whatever
/// the value), the least unmarked common value, and the proof. Falls back to the general path
/// where a value could pass 511 (the proof's set) or the cells.
pub(super) fn speculate_single<V: Cell>(
    shared: &Shared<'_, V>,
    n: usize,
    scratch: &mut RecordScratch,
    general: &mut super::marking::Scratch,
) -> Speculation {
    let old = shared.old;
    let mask = shared.mask;
    let mut spans = std::mem::take(&mut scratch.lane_spans);
    spans.clear();
    let Some(seen_and_stamp) = super::marking::mark_rare_options(shared, n, general) else {
        return super::marking::speculate(shared, n, general, super::MAX_STOPS);
    };
    let (seen, stamp) = seen_and_stamp;
    let c = (0..seen.len() as u32).find(|&x| !is_rare(x, mask) && seen[x as usize] != stamp);
    let c = match c {
        Some(c) if c < 512 && c <= shared.limit => c,
        // Folded bytes hold no value of 512 or more: the caller moves on to wider cells.
        _ if shared.folded => {
            return Speculation {
                stops: [c.unwrap_or(shared.size as u32).max(512), 0],
                n_stops: 1,
                known: old.len(),
                reach: n,
                ..Speculation::default()
            }
        }
        _ => return super::marking::speculate(shared, n, general, super::MAX_STOPS),
    };
    let mut missing = below(&rare_pattern(mask), c);
    for value in 0..c {
        if seen[value as usize] == stamp {
            missing[(value / 64) as usize] &= !(1 << (value % 64));
        }
    }
    for &k in shared.split_after {
        if n < k + 2 {
            continue;
        }
        let rest = n - k;
        let lo = rest.saturating_sub(old.len()) + 1;
        spans.push(Span { rest, lo, last: last_pair(rest, shared.unequal) });
    }
    let folded = shared.folded.then_some(shared.rare_bits);
    let stop = if prove(old, &spans, &mut missing, true, mask, folded, scratch) {
        c
    } else {
        least(&missing).map_or(c, |absent| absent.min(c))
    };
    scratch.lane_spans = spans;
    Speculation {
        stops: [stop, 0],
        n_stops: 1,
        known: old.len(),
        reach: n,
        ..Speculation::default()
    }
}

fn add_common(set: &mut u128, z: u32) {
    add_common_in(set, z, LOW_BAND);
}

fn least(set: &[u64; 8]) -> Option<u32> {
    set.iter()
        .enumerate()
        .find(|(_, &word)| word != 0)
        .map(|(w, word)| 64 * w as u32 + word.trailing_zeros())
}

/// The (rare, rare) pairs among the rare positions `rare[i_lo..i_hi]` as `a` and the group's
/// rests `r0..r0 + GROUP`: `(index of a, lanes)`, sorted by index. Both parts of such a pair
/// are rare, so one of them is at least `r0 / 2`; far out no rare position is, and this costs
/// one binary search.
fn find_bad_pairs(
    rare: &[usize],
    r0: usize,
    i_lo: usize,
    i_hi: usize,
    bad: &mut Vec<(usize, u32)>,
) {
    bad.clear();
    let from = rare.partition_point(|&q| q < r0 / 2);
    for (qi, &q) in rare.iter().enumerate().skip(from) {
        if q > r0 + GROUP - 1 {
            break;
        }
        let p_lo = r0.saturating_sub(q).max(1);
        let p_hi = r0 + GROUP - 1 - q;
        if p_hi < p_lo {
            continue;
        }
        let pi_lo = rare.partition_point(|&p| p < p_lo);
        let pi_hi = rare.partition_point(|&p| p <= p_hi);
        for (pi, &p) in rare.iter().enumerate().take(pi_hi).skip(pi_lo) {
            let lane = p + q - r0;
            for index in [pi, qi] {
                if (i_lo..i_hi).contains(&index) {
                    bad.push((index, 1 << lane));
                }
            }
        }
    }
    bad.sort_unstable();
    bad.dedup_by(|next, kept| {
        if next.0 == kept.0 {
            kept.1 |= next.1;
            true
        } else {
            false
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Values, a sorted set of positions standing for the rare ones, and a heap far enough
    /// out for a group's partners.
    fn kernel_input() -> impl Strategy<Value = (Vec<u16>, Vec<usize>, usize, u32)> {
        (600usize..900, 0u32..4).prop_flat_map(|(len, b)| {
            (
                proptest::collection::vec(0u16..512, len),
                proptest::collection::btree_set(1usize..(len / 2), 0..40),
                Just(len),
                Just(b),
            )
                .prop_map(|(values, rare, len, b)| (values, rare.into_iter().collect(), len, b))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The rare pass's vector kernel against one pair at a time, on bytes and two-byte values.
        #[test]
        fn rare_commons_kernel_matches_the_reference((values, rare, len, b) in kernel_input()) {
            if !available() {
                return Ok(());
            }
            let r0 = len - GROUP;
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            let rare_words: Vec<u16> = rare.iter().map(|&a| values[a]).collect();
            let rare_bytes: Vec<u8> = rare.iter().map(|&a| bytes[a]).collect();
            for band in [LOW_BAND, HIGH_BAND] {
                let (mut fast, mut slow) = ([0u128; GROUP], [0u128; GROUP]);
                rare_commons(&values[..len], r0, &rare, &rare_words, b, band, &mut fast, false);
                rare_commons_portable(&values[..len], r0, &rare, &rare_words, b, band, &mut slow, false);
                prop_assert_eq!(fast, slow, "u16, {:?}", band);
                let (mut fast, mut slow) = ([0u128; GROUP], [0u128; GROUP]);
                rare_commons(&bytes[..len], r0, &rare, &rare_bytes, b, band, &mut fast, false);
                rare_commons_portable(&bytes[..len], r0, &rare, &rare_bytes, b, band, &mut slow, false);
                prop_assert_eq!(fast, slow, "u8, {:?}", band);
                // Folded bytes: the XOR of stored values is the number itself.
                let (mut fast, mut slow) = ([0u128; GROUP], [0u128; GROUP]);
                rare_commons(&bytes[..len], r0, &rare, &rare_bytes, b, band, &mut fast, true);
                rare_commons_portable(&bytes[..len], r0, &rare, &rare_bytes, b, band, &mut slow, true);
                prop_assert_eq!(fast, slow, "folded, {:?}", band);
            }
        }

        /// The proof scan on folded bytes (both orders, up to 128 values and past it) strikes
        /// off exactly the rare values that (common, common) pairs give, against the true
        /// values one pair at a time; pairs with a rare part never count, and the budget alone
        /// never strikes off a value no such pair gives.
        #[test]
        fn folded_proof_scan_matches_the_reference(
            values in proptest::collection::vec(0u32..512, 200..3000),
            wanted in proptest::collection::vec(0u32..512, 1..300),
            lo in 1usize..40,
            mask in prop_oneof![Just(0x1feu32), Just(0x1ee), 1u32..64],
        ) {
            if !available() {
                return Ok(());
            }
            let b = mask.trailing_zeros();
            let rest = values.len() - 1 + lo / 2;
            let span = Span { rest, lo, last: (rest / 2).min(values.len() - 1) };
            if span.rest - span.lo >= values.len() {
                return Ok(());
            }
            let mut bits = Vec::new();
            for (n, &v) in values.iter().enumerate() {
                if is_rare(v, mask) {
                    fold::set_bit(&mut bits, n);
                }
            }
            let stored: Vec<u8> = values.iter().map(|&v| compress(v, b) as u8).collect();
            let mut missing = [0u64; 8];
            for &v in wanted.iter().filter(|&&v| is_rare(v, mask)) {
                missing[(v / 64) as usize] |= 1 << (v % 64);
            }
            let mut expected = missing;
            for a in span.lo..=span.last {
                let (x, y) = (values[a], values[span.rest - a]);
                if !is_rare(x, mask) && !is_rare(y, mask) {
                    let v = x ^ y;
                    expected[(v / 64) as usize] &= !(1 << (v % 64));
                }
            }
            let expected_done = expected.iter().all(|&w| w == 0);
            let mut scratch = RecordScratch::default();
            let mut got = missing;
            let done = prove(&stored, &[span], &mut got, true, mask, Some(&bits), &mut scratch);
            prop_assert_eq!((done, got), (expected_done, expected), "exhaustive");
            let mut got = missing;
            let done = prove(&stored, &[span], &mut got, false, mask, Some(&bits), &mut scratch);
            for (g, (e, m)) in got.iter().zip(expected.iter().zip(&missing)) {
                prop_assert_eq!(g & !m, 0);
                prop_assert_eq!(e & !g, 0, "a value no (common, common) pair gives was struck off");
            }
            prop_assert!(!done || expected_done);
        }

        /// Every proof scan (indexed by value or by rare number, round-based, both orders, both
        /// cells) strikes off exactly what the pairs give, against one pair at a time over
        /// every pair.
        #[test]
        fn proof_scans_match_the_reference(
            values in proptest::collection::vec(0u16..600, 200..3000),
            wanted in proptest::collection::vec(0u16..512, 1..160),
            lo in 1usize..40,
            mask in prop_oneof![Just(0u32), Just(0x1ee), Just(0xfe), 1u32..64],
        ) {
            if !available() {
                return Ok(());
            }
            let rest = values.len() - 1 + lo / 2;
            let span = Span { rest, lo, last: (rest / 2).min(values.len() - 1) };
            if span.rest - span.lo >= values.len() {
                return Ok(());
            }
            let mut missing = [0u64; 8];
            for &v in &wanted {
                // With a mask, only rare values are ever missing (the scans rely on it).
                if mask == 0 || is_rare(u32::from(v), mask) {
                    missing[usize::from(v / 64)] |= 1 << (v % 64);
                }
            }
            if missing.iter().all(|&w| w == 0) {
                return Ok(());
            }
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            let mut byte_missing = missing;
            byte_missing[4..].iter_mut().for_each(|w| *w = 0);
            let mut expected = missing;
            let expected_done = prove_portable(&values, &[span], &mut expected);
            let mut expected_bytes = byte_missing;
            let expected_bytes_done = prove_portable(&bytes, &[span], &mut expected_bytes);
            let mut scratch = RecordScratch::default();
            let mut got = missing;
            let done = prove_every(&values, &[span], &mut got, mask, &mut scratch);
            prop_assert_eq!((done, got), (expected_done, expected), "u16, every pair");
            if byte_missing.iter().any(|&w| w != 0) {
                let mut got = byte_missing;
                let done = prove_every(&bytes, &[span], &mut got, mask, &mut scratch);
                prop_assert_eq!((done, got), (expected_bytes_done, expected_bytes), "u8, every pair");
            }
            // The exhaustive proof (alternating order first) ends where the reference does;
            // the budget alone never strikes off a value that is not there.
            let mut got = missing;
            let done = prove(&values, &[span], &mut got, true, mask, None, &mut scratch);
            prop_assert_eq!((done, got), (expected_done, expected), "u16, exhaustive");
            let mut got = byte_missing;
            let done = prove(&bytes, &[span], &mut got, false, mask, None, &mut scratch);
            for (g, (e, m)) in got.iter().zip(expected_bytes.iter().zip(&byte_missing)) {
                prop_assert_eq!(g & !m, 0);
                prop_assert_eq!(e & !g, 0, "a value absent from every pair was struck off");
            }
            prop_assert!(!done || expected_bytes_done);
        }
    }

    #[test]
    fn rare_pattern_is_the_parity_rule() {
        for mask in [0xfeu32, 0x1ee, 0x3, 0x80, 0x1, 0x6, 0x1ff, 0x40] {
            let pattern = rare_pattern(mask);
            for value in 0..512u32 {
                let bit = pattern[(value / 64) as usize] >> (value % 64) & 1 == 1;
                assert_eq!(bit, is_rare(value, mask), "mask {mask:#x} value {value}");
            }
        }
    }

    #[test]
    fn compression_numbers_common_values_in_order() {
        for mask in [0xfeu32, 0x1ee, 0x3, 0x80, 0x1, 0x6] {
            let b = mask.trailing_zeros();
            let commons: Vec<u32> = (0..256).filter(|&x| !is_rare(x, mask)).collect();
            for (z, &x) in commons.iter().enumerate() {
                assert_eq!(compress(x, b), z as u32, "mask {mask:#x} value {x}");
                assert_eq!(common_numbered(z as u32, mask), x, "mask {mask:#x} number {z}");
            }
            assert_eq!(commons.len(), 128);
        }
    }

    #[test]
    fn chunks_stay_inside_their_span() {
        for (lo, last) in [(1, 100_000), (5, 70), (40, 1000), (1, 64), (300, 2_000_000)] {
            let span = Span { rest: 2 * last + 1, lo, last };
            for width in [32, 64] {
                for order in [Order::Alternating, Order::Every] {
                    let starts: Vec<usize> = chunk_starts(span, width, order).collect();
                    assert!(starts.iter().all(|&a| a >= lo && a + width - 1 <= last));
                    if order == Order::Every {
                        let n_whole = (last + 1 - lo) / width;
                        assert_eq!(
                            starts,
                            (0..n_whole).map(|i| lo + i * width).collect::<Vec<_>>()
                        );
                    }
                }
            }
        }
    }
}
