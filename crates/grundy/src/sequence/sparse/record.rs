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

use super::fold::{self, compress};
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

/// The common value numbered `z` (see [`compress`]).
fn common_numbered(z: u32, b: u32, mask: u32) -> u32 {
    let value = ((z >> b) << (b + 1)) | (z & ((1 << b) - 1));
    if (value & mask).count_ones() % 2 == 1 {
        value
    } else {
        value | (1 << b)
    }
}

fn is_rare(value: u32, mask: u32) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// The rare values below 512 as a 512-bit set. Within a word of 64 values the pattern
/// depends only on the mask's low six bits (each flips the bits whose index has it), and the
/// word's own bits above flip the whole word.
fn rare_pattern(mask: u32) -> [u64; 8] {
    const HAS_BIT: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    let low = (0..6).filter(|&j| mask >> j & 1 == 1).fold(u64::MAX, |p, j| p ^ HAS_BIT[j]);
    std::array::from_fn(|w| {
        if ((64 * w as u32) & mask).count_ones().is_multiple_of(2) {
            low
        } else {
            !low
        }
    })
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
        let candidate = common_numbered(commons.trailing_ones(), b, mask);
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
        let candidate = common_numbered(commons.trailing_ones(), b, mask);
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
        let c = common_numbered(number, b, mask);
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

/// The rare pass of a group over `rare` (whose partners are common for every lane): sets, in
/// each lane's bits, the compressed values `G(a) ⊕ G(r0 + lane − a)` in `band`. On folded
/// bytes (`folded`) the XOR of the stored values is that number already.
#[allow(clippy::too_many_arguments)]
fn rare_commons<V: Cell>(
    old: &[V],
    r0: usize,
    rare: &[usize],
    rare_values: &[V],
    b: u32,
    band: Band,
    commons: &mut [u128; GROUP],
    folded: bool,
) {
    if rare.is_empty() {
        return;
    }
    // Every partner read lies in 1..old.len().
    let (first, last) = (rare[0], rare[rare.len() - 1]);
    assert!(r0 > last && r0 + GROUP - 1 - first < old.len() && first >= 1);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `available()` was asked by `applies` before any group got here, and the reads
    // are in bounds (the assertion above).
    unsafe {
        let offset = band.offset;
        match (band.width, folded) {
            (128, false) => {
                rare_commons_avx512::<V, 8, false>(old, r0, rare, rare_values, b, offset, commons)
            }
            (64, false) => {
                rare_commons_avx512::<V, 4, false>(old, r0, rare, rare_values, b, offset, commons)
            }
            (128, true) => {
                rare_commons_avx512::<V, 8, true>(old, r0, rare, rare_values, b, offset, commons)
            }
            (64, true) => {
                rare_commons_avx512::<V, 4, true>(old, r0, rare, rare_values, b, offset, commons)
            }
            _ => unreachable!("a band of 64 or 128 numbers"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    rare_commons_portable(old, r0, rare, rare_values, b, band, commons, folded)
}

/// [`rare_commons`] one pair at a time: the reference the vector kernel is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[allow(clippy::too_many_arguments)]
fn rare_commons_portable<V: Cell>(
    old: &[V],
    r0: usize,
    rare: &[usize],
    rare_values: &[V],
    b: u32,
    band: Band,
    commons: &mut [u128; GROUP],
    folded: bool,
) {
    for (&a, &value) in rare.iter().zip(rare_values) {
        for (lane, set) in commons.iter_mut().enumerate() {
            let x: u32 = (value ^ old[r0 + lane - a]).into();
            add_common_in(set, if folded { x } else { compress(x, b) }, band);
        }
    }
}

/// [`rare_commons`] in AVX-512: 32 partners in one load (bytes widened to words), one XOR,
/// the compression in a shift and a bit select, then `WORDS` variable shifts and ORs into as
/// many registers of 32 words: word `j` of lane `h` holds bits `16j..16j + 16` of heap `h`'s
/// set, numbers from `offset`. `FOLDED`: the XOR is the number already (folded bytes).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn rare_commons_avx512<V: Cell, const WORDS: usize, const FOLDED: bool>(
    old: &[V],
    r0: usize,
    rare: &[usize],
    rare_values: &[V],
    b: u32,
    offset: u32,
    commons: &mut [u128; GROUP],
) {
    use std::arch::x86_64::*;
    let one = _mm512_set1_epi16(1);
    let select = _mm512_set1_epi16(!((1u16 << b) - 1) as i16);
    let offsets: [__m512i; WORDS] =
        std::array::from_fn(|j| _mm512_set1_epi16((offset + 16 * j as u32) as i16));
    let mut acc = [_mm512_setzero_si512(); WORDS];
    let base = old.as_ptr();
    for (&a, &value) in rare.iter().zip(rare_values) {
        let at = r0 - a;
        // SAFETY: `at + 31 < old.len()` (the caller's assertion: `a ≥ rare[0]`).
        let partners = unsafe {
            if V::BYTES == 1 {
                _mm512_cvtepu8_epi16(_mm256_loadu_si256(base.add(at).cast::<__m256i>()))
            } else {
                _mm512_loadu_si512(base.add(at).cast::<__m512i>())
            }
        };
        let x = _mm512_xor_si512(partners, _mm512_set1_epi16(value.index() as i16));
        // Bits at and above `b` from x >> 1, below `b` from x.
        let z = if FOLDED {
            x
        } else {
            _mm512_ternarylogic_epi32(_mm512_srli_epi16(x, 1), x, select, 0xE4)
        };
        // Word j gets bit z − offset − 16·j: a shift by 16 or more (or a negative one, which
        // is one as an unsigned count) gives 0.
        for (word, offset) in acc.iter_mut().zip(&offsets) {
            *word = _mm512_or_si512(*word, _mm512_sllv_epi16(one, _mm512_sub_epi16(z, *offset)));
        }
    }
    let mut words = [[0u16; GROUP]; WORDS];
    for (out, word) in words.iter_mut().zip(&acc) {
        // SAFETY: 64 bytes into a [u16; 32].
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast::<__m512i>(), *word) };
    }
    for (lane, set) in commons.iter_mut().enumerate() {
        for (j, out) in words.iter().enumerate() {
            *set |= u128::from(out[lane]) << (16 * j);
        }
    }
}

/// Looks for every value of `missing` (a 512-bit set) among the pairs of `spans`, striking off
/// what it finds; `true` once nothing is missing. `exhaustive`: after the budget of the
/// alternating order, every pair (then `false` means the values left in `missing` are
/// absent); otherwise the budget only. `folded`: the values are folded bytes with this bitmap
/// of rare positions; only (common, common) pairs are scanned then (the others give common
/// values, or are (rare, rare) pairs the caller sees to), and `missing` holds rare values only.
fn prove<V: Cell>(
    old: &[V],
    spans: &[Span],
    missing: &mut [u64; 8],
    exhaustive: bool,
    mask: u32,
    folded: Option<&[u64]>,
    scratch: &mut RecordScratch,
) -> bool {
    if missing.iter().all(|&w| w == 0) {
        return true;
    }
    let orders: &[Order] =
        if exhaustive { &[Order::Alternating, Order::Every] } else { &[Order::Alternating] };
    #[cfg(target_arch = "x86_64")]
    if available() {
        for &order in orders {
            for span in spans {
                // SAFETY: `available()` said yes; the spans' pairs lie in `old` (checked inside).
                let done = unsafe { scan(old, *span, order, missing, mask, folded, scratch) };
                if done {
                    return true;
                }
            }
        }
        return false;
    }
    assert!(folded.is_none(), "values are folded only where the record path runs");
    if exhaustive {
        prove_portable(old, spans, missing)
    } else {
        false
    }
}

/// [`prove`] one pair at a time, every pair in order: the reference.
fn prove_portable<V: Cell>(old: &[V], spans: &[Span], missing: &mut [u64; 8]) -> bool {
    for span in spans {
        for a in span.lo..=span.last {
            let x: u32 = (old[a] ^ old[span.rest - a]).into();
            if x < 512 {
                missing[(x / 64) as usize] &= !(1 << (x % 64));
                if missing.iter().all(|&w| w == 0) {
                    return true;
                }
            }
        }
    }
    false
}

/// The order of a proof scan's chunks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Consecutive chunks from the small end alternating with chunks at pseudo-random places,
    /// up to [`BUDGET_CHUNKS`].
    Alternating,
    /// Every chunk in order, then the pairs after the last whole chunk.
    Every,
}

/// The starts of the chunks of `width` pairs that `order` visits in `span`.
fn chunk_starts(span: Span, width: usize, order: Order) -> impl Iterator<Item = usize> {
    chunk_starts_from(span, width, order, 0)
}

/// [`chunk_starts`] from its chunk number `from` on.
fn chunk_starts_from(
    span: Span,
    width: usize,
    order: Order,
    from: usize,
) -> impl Iterator<Item = usize> {
    let Span { lo, last, .. } = span;
    let n_whole = if last + 1 >= lo + width { (last + 1 - lo) / width } else { 0 };
    let random_top = last.min(lo + RANDOM_SPAN);
    let random_room = if random_top + 1 >= lo + width { random_top + 2 - lo - width } else { 0 };
    let alternating = order == Order::Alternating;
    let total = if alternating { BUDGET_CHUNKS.min(2 * n_whole) } else { n_whole };
    (from.min(total)..total).map(move |i| {
        if !alternating {
            lo + i * width
        } else if i % 2 == 0 || random_room == 0 {
            lo + (i / 2) * width
        } else {
            lo + ((u64::from(RANDOM[(i / 2) % RANDOM.len()]) * random_room as u64) >> 32) as usize
        }
    })
}

/// Fixed pseudo-random fractions (of 2^32) for the chunks of the alternating order.
static RANDOM: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut i = 0;
    while i < table.len() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        table[i] = (state >> 32) as u32;
        i += 1;
    }
    table
};

/// The pairs of `span` after its last whole chunk of `width`, one at a time (order
/// [`Order::Every`] only).
fn scan_tail<V: Cell>(old: &[V], span: Span, width: usize, missing: &mut [u64; 8]) -> bool {
    let n_whole =
        if span.last + 1 >= span.lo + width { (span.last + 1 - span.lo) / width } else { 0 };
    for a in span.lo + n_whole * width..=span.last {
        let x: u32 = (old[a] ^ old[span.rest - a]).into();
        if x < 512 {
            missing[(x / 64) as usize] &= !(1 << (x % 64));
        }
    }
    missing.iter().all(|&w| w == 0)
}

/// Missing values up to which the indexed scan takes two sets of indices (all it can hold).
/// Measured on Officers far out, where heaps have 57 rare values to prove on average and
/// nearly half of the proof scans start with more than 64: with 64 here the round-based scan
/// took a third of the time; with 128, and the hand-over to one set at 64 values left, 7–8%
/// less time a heap (see DESIGN.md).
const INDEXED_HIGH: u32 = 128;

/// One proof scan of `span` in `order` (the processor has the record path's instructions):
/// the indexed scan when at most 128 values are missing, all below 256 or (two-byte values,
/// a mask whose lowest bit is among the low six) all rare and below 512; the round-based one
/// otherwise. The indexed scan with two sets hands over to the one with one set as soon as
/// at most 64 values are left (one set costs less a chunk), from the chunk it reached.
#[cfg(target_arch = "x86_64")]
unsafe fn scan<V: Cell>(
    old: &[V],
    span: Span,
    order: Order,
    missing: &mut [u64; 8],
    mask: u32,
    folded: Option<&[u64]>,
    scratch: &mut RecordScratch,
) -> bool {
    let count: u32 = missing.iter().map(|w| w.count_ones()).sum();
    if folded.is_some() && count > INDEXED_HIGH {
        // The indexed scan holds 128 values: the first 128, then the others.
        let mut first = [0u64; 8];
        let mut taken = 0;
        for (word, all) in first.iter_mut().zip(missing.iter()) {
            let mut bits = *all;
            while bits != 0 && taken < INDEXED_HIGH {
                *word |= bits & bits.wrapping_neg();
                bits &= bits - 1;
                taken += 1;
            }
        }
        let mut others: [u64; 8] = std::array::from_fn(|w| missing[w] & !first[w]);
        // SAFETY: the caller's.
        let first_done = unsafe { scan(old, span, order, &mut first, mask, folded, scratch) };
        let others_done = unsafe { scan(old, span, order, &mut others, mask, folded, scratch) };
        *missing = std::array::from_fn(|w| first[w] | others[w]);
        return first_done && others_done;
    }
    let mut from = 0;
    loop {
        // SAFETY: the caller's.
        let outcome = unsafe { scan_from(old, span, order, missing, mask, folded, scratch, from) };
        match outcome {
            Ok(done) => return done,
            Err(next) => from = next,
        }
    }
}

/// [`scan`] from chunk `from` of the order: `Err(next)` when the indexed scan with two sets
/// stopped at chunk `next` with at most 64 values left.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)]
unsafe fn scan_from<V: Cell>(
    old: &[V],
    span: Span,
    order: Order,
    missing: &mut [u64; 8],
    mask: u32,
    folded: Option<&[u64]>,
    scratch: &mut RecordScratch,
    from: usize,
) -> Result<bool, usize> {
    let count: u32 = missing.iter().map(|w| w.count_ones()).sum();
    let low = missing[4..].iter().all(|&w| w == 0);
    // SAFETY: the caller's; a cell of one byte is a u8, of two a u16 (`Cell` is sealed).
    unsafe {
        if V::BYTES == 1 {
            let bytes = std::slice::from_raw_parts(old.as_ptr().cast::<u8>(), old.len());
            let (base, len) = (bytes.as_ptr(), bytes.len());
            if let Some(rare) = folded {
                // Folded bytes: keys by rare number, pairs with a rare part left out.
                debug_assert!(count <= INDEXED_HIGH && mask.trailing_zeros() < 6);
                debug_assert!({
                    let pattern = rare_pattern(mask);
                    missing.iter().zip(&pattern).all(|(m, r)| m & !r == 0)
                });
                let by_number = Some(mask);
                if count <= 64 {
                    scan_indexed::<false, false>(
                        base, len, span, order, missing, by_number, rare, from,
                    )
                } else {
                    scan_indexed::<false, true>(
                        base, len, span, order, missing, by_number, rare, from,
                    )
                }
            } else if count <= 64 && low {
                scan_indexed::<false, false>(base, len, span, order, missing, None, &[], from)
            } else if count <= INDEXED_HIGH && low {
                scan_indexed::<false, true>(base, len, span, order, missing, None, &[], from)
            } else {
                debug_assert_eq!(from, 0);
                Ok(scan_bytes(bytes, span, order, missing, scratch))
            }
        } else {
            let words = std::slice::from_raw_parts(old.as_ptr().cast::<u16>(), old.len());
            let (base, len) = (words.as_ptr().cast::<u8>(), words.len());
            let rare_only = || {
                let rare = rare_pattern(mask);
                missing.iter().zip(&rare).all(|(m, r)| m & !r == 0)
            };
            let by_number = mask != 0 && mask.trailing_zeros() < 6;
            if count <= 64 && low {
                scan_indexed::<true, false>(base, len, span, order, missing, None, &[], from)
            } else if count <= INDEXED_HIGH && low {
                scan_indexed::<true, true>(base, len, span, order, missing, None, &[], from)
            } else if count <= 64 && by_number && rare_only() {
                scan_indexed::<true, false>(base, len, span, order, missing, Some(mask), &[], from)
            } else if count <= INDEXED_HIGH && by_number && rare_only() {
                scan_indexed::<true, true>(base, len, span, order, missing, Some(mask), &[], from)
            } else {
                debug_assert_eq!(from, 0);
                Ok(scan_words(words, span, order, missing, scratch))
            }
        }
    }
}

/// The proof scan for at most 128 missing values: each gets an index (a 256-byte table of
/// indices, 0xFF for values not wanted, held in four registers); each chunk's XORs are looked
/// up in it, the indices of the hits not yet found packed to the front and turned into bits of
/// two 64-bit sets by variable shifts. No branch depends on which values turn up, nothing is
/// written back per value, and the scan stops within four chunks of the one that completes
/// the set.
///
/// `WORDS`: the values are u16 at `base`, else bytes; a chunk is 64 pairs either way (two
/// halves of 32 two-byte values, whose keys one byte permute packs into one vector: the lookup
/// and the hit handling, most of a chunk's cost, run once per 64 pairs). `rare_mask`:
/// with two-byte values, the missing values are rare ones below 512 under this mask, and the
/// table is indexed by their number among the rare values (the lowest mask bit dropped, as
/// [`compress`] does: 256 numbers); XORs that are common or 512 and more never count.
/// Without it, the missing values are below 256 and the table is indexed by value. On bytes,
/// `rare_mask` means folded bytes (whose XORs are rare numbers already): pairs with a part in
/// the bitmap `rare` (the rare positions) are left out.
#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx512bitalg,popcnt,bmi2"
)]
#[allow(clippy::too_many_arguments)]
unsafe fn scan_indexed<const WORDS: bool, const HIGH: bool>(
    base: *const u8,
    len: usize,
    span: Span,
    order: Order,
    missing: &mut [u64; 8],
    rare_mask: Option<u32>,
    rare: &[u64],
    from: usize,
) -> Result<bool, usize> {
    use std::arch::x86_64::*;
    // 64 pairs a chunk: with two-byte values, two halves of 32 whose keys are packed into
    // one vector of bytes, so the lookup and what follows it run once per 64 pairs.
    const WIDTH: usize = 64;
    if span.lo > span.last {
        return Ok(false);
    }
    assert!(span.lo >= 1 && span.rest - span.lo < len && 2 * span.last <= span.rest);
    // The 256 keys: values below 256, or the numbers of rare values below 512 (each block of
    // 64 values holds 32 rare ones, in order, when the lowest mask bit is below 6).
    let pattern = rare_mask.map(rare_pattern);
    let keys: [u64; 4] = match &pattern {
        None => [missing[0], missing[1], missing[2], missing[3]],
        Some(rare) => std::array::from_fn(|q| {
            _pext_u64(missing[2 * q], rare[2 * q])
                | (_pext_u64(missing[2 * q + 1], rare[2 * q + 1]) << 32)
        }),
    };
    // The index table: key k (in quarter q of 0..256) gets as index the number of missing
    // keys below it, every other key 0xFF: 0, 1, 2, … expanded into the set bits.
    let iota = _mm512_set_epi8(
        63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41,
        40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
        17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    );
    let none = _mm512_set1_epi8(-1);
    let mut count = 0u32;
    let table: [__m512i; 4] = std::array::from_fn(|q| {
        let quarter = _mm512_mask_expand_epi8(
            none,
            keys[q],
            _mm512_add_epi8(iota, _mm512_set1_epi8(count as i8)),
        );
        count += keys[q].count_ones();
        quarter
    });
    if count == 0 {
        return Ok(true);
    }
    debug_assert!(count <= 128);
    let all_low = if count >= 64 { u64::MAX } else { (1u64 << count) - 1 };
    let all_high = if count <= 64 {
        0
    } else if count == 128 {
        u64::MAX
    } else {
        (1u64 << (count - 64)) - 1
    };
    let reverse_bytes = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
    );
    let reverse_words = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    // Byte i of the pair (key0, key1): byte 2i of the 128 (the low byte of word i).
    let low_bytes = _mm512_set_epi8(
        126, 124, 122, 120, 118, 116, 114, 112, 110, 108, 106, 104, 102, 100, 98, 96, 94, 92, 90,
        88, 86, 84, 82, 80, 78, 76, 74, 72, 70, 68, 66, 64, 62, 60, 58, 56, 54, 52, 50, 48, 46, 44,
        42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0,
    );
    let key_limit = _mm512_set1_epi16(if rare_mask.is_some() { 512 } else { 256 });
    let mask_words = _mm512_set1_epi16(rare_mask.unwrap_or(0) as i16);
    let one_word = _mm512_set1_epi16(1);
    let b = rare_mask.map_or(0, u32::trailing_zeros);
    let select = _mm512_set1_epi16(!((1u16 << b) - 1) as i16);
    let sixty_four = _mm512_set1_epi8(64);
    let one_twenty_eight = _mm512_set1_epi8(-128);
    let one = _mm512_set1_epi64(1);
    let high_bit = _mm512_set1_epi64(64);
    // Indices found: `bits_low`/`bits_high` gather them chunk by chunk (eight 64-bit lanes
    // each), `found_low`/`found_high` are their unions, taken every few chunks, and the
    // filters (their broadcasts) keep indices already found from being packed again. Taking
    // the unions only now and then keeps consecutive chunks independent of each other.
    const CHUNKS_PER_UNION: usize = 4;
    let (mut found_low, mut found_high) = (0u64, 0u64);
    let (mut filter_low, mut filter_high) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    let (mut bits_low, mut bits_high) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    let mut starts = chunk_starts_from(span, WIDTH, order, from).peekable();
    let mut done = false;
    // With two sets: the chunk to go on from with one set, once at most 64 values are left.
    let mut narrowed = None;
    let mut chunk = from;
    let mut since_union = 0;
    while let Some(a) = starts.next() {
        chunk += 1;
        debug_assert!(a >= span.lo && a + WIDTH - 1 <= span.last);
        // SAFETY: a + WIDTH − 1 ≤ last < len and rest − a − (WIDTH − 1) ≥ rest − last ≥ 0
        // (the assertion above), in elements of 1 or 2 bytes.
        let (key, in_range) = unsafe {
            if WORDS {
                let words = base.cast::<u16>();
                // Half h holds pairs a + 32h + i (i < 32); their partners are the 32 words
                // from rest − a − 32h − 31, reversed.
                let mut keys = [_mm512_setzero_si512(); 2];
                let mut valid = [0u64; 2];
                for h in 0..2 {
                    let lows = _mm512_loadu_si512(words.add(a + 32 * h).cast());
                    let highs = _mm512_loadu_si512(words.add(span.rest - a - 32 * h - 31).cast());
                    let x = _mm512_xor_si512(lows, _mm512_permutexvar_epi16(reverse_words, highs));
                    let mut small = _mm512_cmplt_epu16_mask(x, key_limit);
                    keys[h] = if rare_mask.is_some() {
                        // Rare XORs only (even parity under the mask), numbered.
                        let parity = _mm512_popcnt_epi16(_mm512_and_si512(x, mask_words));
                        small &= _mm512_testn_epi16_mask(parity, one_word);
                        _mm512_ternarylogic_epi32(_mm512_srli_epi16(x, 1), x, select, 0xE4)
                    } else {
                        x
                    };
                    valid[h] = u64::from(small);
                }
                // The low byte of every word, half 0 then half 1: one byte permute.
                (_mm512_permutex2var_epi8(keys[0], low_bytes, keys[1]), valid[0] | valid[1] << 32)
            } else {
                let lows = _mm512_loadu_si512(base.add(a).cast());
                let partners = span.rest - a - (WIDTH - 1);
                let highs = _mm512_loadu_si512(base.add(partners).cast());
                let x = _mm512_xor_si512(lows, _mm512_permutexvar_epi8(reverse_bytes, highs));
                let valid = if rare_mask.is_some() {
                    // Folded: lane i pairs a + i with rest − a − i; leave out rare parts.
                    let small = fold::bits_at(rare, a);
                    let partner = if partners < 64 * rare.len() {
                        fold::bits_at(rare, partners).reverse_bits()
                    } else {
                        0
                    };
                    !(small | partner)
                } else {
                    u64::MAX
                };
                (x, valid)
            }
        };
        // The index of each key: the low or the high half of the table, by its top bit.
        let low_half = _mm512_permutex2var_epi8(table[0], key, table[1]);
        let high_half = _mm512_permutex2var_epi8(table[2], key, table[3]);
        let index = _mm512_mask_blend_epi8(_mm512_movepi8_mask(key), low_half, high_half);
        // Lanes with a wanted index not known to be found (bit `index mod 64` of the filter
        // for its half, per byte).
        let below_64 = _mm512_cmplt_epu8_mask(index, sixty_four);
        let (known, wanted) = if HIGH {
            (
                (_mm512_bitshuffle_epi64_mask(filter_low, index) & below_64)
                    | (_mm512_bitshuffle_epi64_mask(filter_high, index) & !below_64),
                _mm512_cmplt_epu8_mask(index, one_twenty_eight),
            )
        } else {
            (_mm512_bitshuffle_epi64_mask(filter_low, index), below_64)
        };
        let hits = wanted & in_range & !known;
        // Indices of the hits to the front, 0xFF after them (a shift by 64 or more gives 0);
        // the first sixteen become bits without a branch (after the first chunks there are a
        // few at most), any more in a loop.
        let packed = _mm512_mask_compress_epi8(none, hits, index);
        let first = _mm512_castsi512_si128(packed);
        let eights =
            [_mm512_cvtepu8_epi64(first), _mm512_cvtepu8_epi64(_mm_srli_si128::<8>(first))];
        for eight in eights {
            bits_low = _mm512_or_si512(bits_low, _mm512_sllv_epi64(one, eight));
            if HIGH {
                let high = _mm512_sllv_epi64(one, _mm512_xor_si512(eight, high_bit));
                bits_high = _mm512_or_si512(bits_high, high);
            }
        }
        let n_hits = hits.count_ones() as usize;
        let mut group = 16;
        while group < n_hits {
            let eight = _mm512_cvtepu8_epi64(_mm512_castsi512_si128(_mm512_maskz_compress_epi8(
                0xFF << group,
                packed,
            )));
            bits_low = _mm512_or_si512(bits_low, _mm512_sllv_epi64(one, eight));
            if HIGH {
                let high = _mm512_sllv_epi64(one, _mm512_xor_si512(eight, high_bit));
                bits_high = _mm512_or_si512(bits_high, high);
            }
            group += 8;
        }
        since_union += 1;
        if since_union == CHUNKS_PER_UNION || starts.peek().is_none() {
            since_union = 0;
            found_low = _mm512_reduce_or_epi64(bits_low) as u64;
            if HIGH {
                found_high = _mm512_reduce_or_epi64(bits_high) as u64;
            }
            if found_low == all_low && found_high == all_high {
                done = true;
                break;
            }
            let found = found_low.count_ones() + found_high.count_ones();
            if HIGH && count - found <= 64 && starts.peek().is_some() {
                narrowed = Some(chunk);
                break;
            }
            filter_low = _mm512_set1_epi64(found_low as i64);
            if HIGH {
                filter_high = _mm512_set1_epi64(found_high as i64);
            }
        }
    }
    if !done && narrowed.is_none() && order == Order::Every {
        // The pairs after the last whole chunk, by the index of each key.
        let mut indices = [0u8; 256];
        for (q, quarter) in table.iter().enumerate() {
            // SAFETY: 64 bytes into each quarter of a [u8; 256].
            unsafe { _mm512_storeu_si512(indices.as_mut_ptr().add(64 * q).cast(), *quarter) };
        }
        let n_whole =
            if span.last + 1 >= span.lo + WIDTH { (span.last + 1 - span.lo) / WIDTH } else { 0 };
        for a in span.lo + n_whole * WIDTH..=span.last {
            // SAFETY: lo ≤ a ≤ last, as above.
            let x = unsafe {
                if WORDS {
                    let words = base.cast::<u16>();
                    u32::from(*words.add(a) ^ *words.add(span.rest - a))
                } else {
                    u32::from(*base.add(a) ^ *base.add(span.rest - a))
                }
            };
            let key = match rare_mask {
                Some(_) if !WORDS => {
                    let common_pair = !fold::bit(rare, a) && !fold::bit(rare, span.rest - a);
                    common_pair.then_some(x)
                }
                Some(mask) if x < 512 && is_rare(x, mask) => Some(compress(x, b)),
                Some(_) => None,
                None => (x < 256).then_some(x),
            };
            if let Some(index) = key.map(|k| indices[k as usize]).filter(|&i| i < 128) {
                if index < 64 {
                    found_low |= 1 << index;
                } else {
                    found_high |= 1 << (index - 64);
                }
            }
        }
        done = found_low == all_low && found_high == all_high;
    }
    // What is still missing: the keys whose index was not found. A key's index is its rank
    // among the keys, so the keys left are the indices not found deposited into the keys, a
    // quarter at a time.
    let not_found = !(u128::from(found_high) << 64 | u128::from(found_low));
    let mut rank = 0;
    let left_keys: [u64; 4] = std::array::from_fn(|q| {
        let left = _pdep_u64(not_found.checked_shr(rank).unwrap_or(0) as u64, keys[q]);
        rank += keys[q].count_ones();
        left
    });
    match &pattern {
        None => missing[..4].copy_from_slice(&left_keys),
        Some(rare) => {
            for w in 0..8 {
                missing[w] = _pdep_u64(left_keys[w / 2] >> (32 * (w % 2)) & 0xFFFF_FFFF, rare[w]);
            }
        }
    }
    match narrowed {
        Some(next) if !done => Err(next),
        _ => Ok(done),
    }
}

/// The proof scan over bytes: 64 pairs a chunk, a 256-bit set (values are below 256).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
unsafe fn scan_bytes(
    values: &[u8],
    span: Span,
    order: Order,
    missing: &mut [u64; 8],
    scratch: &mut RecordScratch,
) -> bool {
    use std::arch::x86_64::*;
    const WIDTH: usize = 64;
    if span.lo > span.last {
        return false;
    }
    // Every chunk's reads: lows at a..a + 64 ≤ last + 1, highs from rest − a − 63 ≥ rest − last
    // to rest − a ≤ rest − lo, below values.len().
    assert!(span.lo >= 1 && span.rest - span.lo < values.len() && 2 * span.last <= span.rest);
    let reverse = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
    );
    let bits = _mm512_set4_epi32(0, 0, 0x8040_2010_u32 as i32, 0x0804_0201);
    let low5 = _mm512_set1_epi8(0x1f);
    let low3 = _mm512_set1_epi8(7);
    let table_of = |m: &[u64; 8]| {
        _mm512_zextsi256_si512(_mm256_set_epi64x(
            m[3] as i64,
            m[2] as i64,
            m[1] as i64,
            m[0] as i64,
        ))
    };
    let mut table = table_of(missing);
    let stamp = scratch.next_stamp();
    let base = values.as_ptr();
    let found = scratch.found_bytes.as_mut_ptr();
    let mut starts = chunk_starts(span, WIDTH, order);
    let mut round = 1;
    loop {
        let mut n_found = 0usize;
        let mut exhausted = false;
        for _ in 0..round {
            let Some(a) = starts.next() else {
                exhausted = true;
                break;
            };
            debug_assert!(a >= span.lo && a + WIDTH - 1 <= span.last);
            // SAFETY: a + 63 ≤ last < values.len() and rest − a − 63 ≥ rest − last ≥ 0 (the
            // assertion above); the packed store writes 64 bytes at most 8·64 + 64 into a
            // buffer of that size.
            unsafe {
                let lows = _mm512_loadu_si512(base.add(a).cast::<__m512i>());
                let highs =
                    _mm512_loadu_si512(base.add(span.rest - a - (WIDTH - 1)).cast::<__m512i>());
                let x = _mm512_xor_si512(lows, _mm512_permutexvar_epi8(reverse, highs));
                let index = _mm512_and_si512(_mm512_srli_epi16(x, 3), low5);
                let byte = _mm512_permutexvar_epi8(index, table);
                let bit = _mm512_shuffle_epi8(bits, _mm512_and_si512(x, low3));
                let hits = _mm512_test_epi8_mask(byte, bit);
                _mm512_storeu_si512(
                    found.add(n_found).cast::<__m512i>(),
                    _mm512_maskz_compress_epi8(hits, x),
                );
                n_found += hits.count_ones() as usize;
            }
        }
        if strike_off(&scratch.found_bytes[..n_found], missing, &mut scratch.struck, stamp) {
            return true;
        }
        if exhausted {
            return order == Order::Every && scan_tail(values, span, WIDTH, missing);
        }
        table = table_of(missing);
        round = (round + 1).min(MAX_ROUND);
    }
}

/// The proof scan over two-byte values: 32 pairs a chunk, a 512-bit set.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")]
unsafe fn scan_words(
    values: &[u16],
    span: Span,
    order: Order,
    missing: &mut [u64; 8],
    scratch: &mut RecordScratch,
) -> bool {
    use std::arch::x86_64::*;
    const WIDTH: usize = 32;
    if span.lo > span.last {
        return false;
    }
    assert!(span.lo >= 1 && span.rest - span.lo < values.len() && 2 * span.last <= span.rest);
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    let limit = _mm512_set1_epi16(512);
    let low4 = _mm512_set1_epi16(15);
    let one = _mm512_set1_epi16(1);
    let table_of = |m: &[u64; 8]| {
        // SAFETY: 64 bytes from a [u64; 8].
        unsafe { _mm512_loadu_si512(m.as_ptr().cast::<__m512i>()) }
    };
    let mut table = table_of(missing);
    let stamp = scratch.next_stamp();
    let base = values.as_ptr();
    let found = scratch.found.as_mut_ptr();
    let mut starts = chunk_starts(span, WIDTH, order);
    let mut round = 1;
    loop {
        let mut n_found = 0usize;
        let mut exhausted = false;
        for _ in 0..round {
            let Some(a) = starts.next() else {
                exhausted = true;
                break;
            };
            debug_assert!(a >= span.lo && a + WIDTH - 1 <= span.last);
            // SAFETY: as in `scan_bytes`, with 32 two-byte values a chunk.
            unsafe {
                let lows = _mm512_loadu_si512(base.add(a).cast::<__m512i>());
                let highs =
                    _mm512_loadu_si512(base.add(span.rest - a - (WIDTH - 1)).cast::<__m512i>());
                let x = _mm512_xor_si512(lows, _mm512_permutexvar_epi16(reverse, highs));
                let small = _mm512_cmplt_epu16_mask(x, limit);
                let word = _mm512_permutexvar_epi16(_mm512_srli_epi16(x, 4), table);
                let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, low4));
                let hits = _mm512_mask_test_epi16_mask(small, bit, one);
                _mm512_storeu_si512(
                    found.add(n_found).cast::<__m512i>(),
                    _mm512_maskz_compress_epi16(hits, x),
                );
                n_found += hits.count_ones() as usize;
            }
        }
        if strike_off(&scratch.found[..n_found], missing, &mut scratch.struck, stamp) {
            return true;
        }
        if exhausted {
            return order == Order::Every && scan_tail(values, span, WIDTH, missing);
        }
        table = table_of(missing);
        round = (round + 1).min(MAX_ROUND);
    }
}

/// Strikes the values `found` (all below 512) off `missing`: one store each into the stamp
/// table, then each word of the set cleared of the values stamped, 64 at a time by one vector
/// compare (no branch per value: which values turn up is unpredictable). `true` when nothing
/// is missing.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn strike_off<T: Copy + Into<u32>>(
    found: &[T],
    missing: &mut [u64; 8],
    struck: &mut [u8],
    stamp: u8,
) -> bool {
    use std::arch::x86_64::*;
    for &value in found {
        struck[(value.into() & 511) as usize] = stamp;
    }
    assert!(struck.len() >= 512);
    let stamps = _mm512_set1_epi8(stamp as i8);
    let mut left = 0;
    for (w, word) in missing.iter_mut().enumerate() {
        if *word != 0 {
            // SAFETY: 64 bytes at 64·w ≤ 448 in a table of at least 512.
            let table =
                unsafe { _mm512_loadu_si512(struck.as_ptr().add(64 * w).cast::<__m512i>()) };
            *word &= !_mm512_cmpeq_epi8_mask(table, stamps);
        }
        left |= *word;
    }
    left == 0
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
                assert_eq!(common_numbered(z as u32, b, mask), x, "mask {mask:#x} number {z}");
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
