//! The record path's vector kernels: the rare pass of a group (`rare_commons`), the proof
//! scans over pairs (`prove`, `scan*`) and their portable references, which the tests compare
//! with the AVX-512 versions on random inputs. The strategy that calls them (which heaps, which
//! candidate, when a scan must go over every pair) is `record/mod.rs`; the processor check is
//! `cpu.rs`.

use super::*;

/// The rare pass of a group over `rare` (whose partners are common for every lane): sets, in
/// each lane's bits, the compressed values `G(a) ⊕ G(r0 + lane − a)` in `band`. On folded
/// bytes (`folded`) the XOR of the stored values is that number already.
#[allow(clippy::too_many_arguments)]
pub(super) fn rare_commons<V: Cell>(
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
pub(super) fn rare_commons_portable<V: Cell>(
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
pub(super) unsafe fn rare_commons_avx512<V: Cell, const WORDS: usize, const FOLDED: bool>(
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
pub(super) fn prove<V: Cell>(
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
pub(super) fn prove_portable<V: Cell>(old: &[V], spans: &[Span], missing: &mut [u64; 8]) -> bool {
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
pub(super) enum Order {
    /// Consecutive chunks from the small end alternating with chunks at pseudo-random places,
    /// up to [`BUDGET_CHUNKS`].
    Alternating,
    /// Every chunk in order, then the pairs after the last whole chunk.
    Every,
}

/// The starts of the chunks of `width` pairs that `order` visits in `span`.
pub(super) fn chunk_starts(span: Span, width: usize, order: Order) -> impl Iterator<Item = usize> {
    chunk_starts_from(span, width, order, 0)
}

/// [`chunk_starts`] from its chunk number `from` on.
pub(super) fn chunk_starts_from(
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
pub(super) fn scan_tail<V: Cell>(
    old: &[V],
    span: Span,
    width: usize,
    missing: &mut [u64; 8],
) -> bool {
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
pub(super) const INDEXED_HIGH: u32 = 128;

/// One proof scan of `span` in `order` (the processor has the record path's instructions):
/// the indexed scan when at most 128 values are missing, all below 256 or (two-byte values,
/// a mask whose lowest bit is among the low six) all rare and below 512; the round-based one
/// otherwise. The indexed scan with two sets hands over to the one with one set as soon as
/// at most 64 values are left (one set costs less a chunk), from the chunk it reached.
#[cfg(target_arch = "x86_64")]
pub(super) unsafe fn scan<V: Cell>(
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
pub(super) unsafe fn scan_from<V: Cell>(
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
pub(super) unsafe fn scan_indexed<const WORDS: bool, const HIGH: bool>(
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
pub(super) unsafe fn scan_bytes(
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
pub(super) unsafe fn scan_words(
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
pub(super) fn strike_off<T: Copy + Into<u32>>(
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
