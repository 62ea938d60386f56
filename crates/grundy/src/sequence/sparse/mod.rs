//! The fast nim-sequence engine: the rare/common ("sparse space") method where a game has it,
//! and a tight dense pair loop where it does not.
//!
//! **Sparse space** (Winning Ways ch. 4, "Sparse Space Spells Speed"; Gangolli & Plambeck 1989;
//! Flammenkamp). Fix a bit mask `m` and call a value *rare* when `popcount(v & m)` is even,
//! *common* otherwise. Then common ⊕ common and rare ⊕ rare are rare, and rare ⊕ common is common.
//! In many games almost every position has a common value, so the positions with rare values (the
//! *rare positions*) are few. For a heap `n`, the options that split into `(a, R − a)` have a
//! common value only if one part is a rare position, so the common values among the options are
//! known exactly after visiting the rare positions alone. Rare values among the options come from
//! the many (common, common) pairs; the engine collects those of a small window of pairs
//! (`a ≤ W`, reads that stay in cache), takes the mex of everything found, and:
//!
//! - if that mex is common, it is the answer (all smaller values are present, and a common value
//!   missing from the exact common set is missing from the options);
//! - if it is rare, the full enumeration runs for that one value: a pair with that XOR either
//!   exists (mark it and look again) or does not (the answer is that rare value).
//!
//! So the answer is always exact, and the full enumeration runs only when it must. The mask is
//! chosen from the histogram of values: the number of rare positions under mask `m` is
//! `(N + Ĥ(m)) / 2` with `Ĥ` the Walsh–Hadamard transform of the histogram, so one transform
//! rates every mask at once. It is chosen again as the sequence grows.
//!
//! **Dense path.** Without a sparse space (0.007, 0.04) every pair is visited: both halves of
//! the pair loop are contiguous slices, the loop has no bounds checks, and four independent
//! bitsets keep the marking out of one dependency chain.
//!
//! Codes with a repeating digit or splits into three heaps are not handled here
//! ([`SparseEngine::supports`]): three-heap splits go to [`super::triple`] (the rare/common
//! argument fails for three parts), repeating digits to the straightforward engine.

mod cell;
mod cpu;
mod fold;
mod marking;
mod record;
mod stream;
mod tail;

pub use cell::Cell;
pub use fold::{Folded, FoldedValues};
pub use tail::{state_from_ends, Archive, Blocked};
use tail::{Layout, Reader};

use crate::rules::heap::{HeapGame, HeapRules};
use crate::sequence::{Chunk, Computed};
use marking::{pair_with_xor, speculate, speculate_block, LANES, LANES_FROM};
use record::{RecordScratch, GROUP};

/// Counters that describe the work done, for progress displays and benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SparseStats {
    /// Positions whose value is rare under the current mask (0 in dense mode).
    pub n_rare: usize,
    /// The current mask (0: dense mode).
    pub mask: u32,
    /// Full enumerations run for a rare candidate.
    pub n_full_checks: u64,
    /// Of those, the ones that found the candidate present (work the window could have saved).
    pub n_wasted_checks: u64,
    /// The largest value so far.
    pub max_value: u32,
    /// The current window of pairs visited in full for every heap.
    pub window: usize,
    /// Heaps that phase 2 had to compute again (on one thread too: its blocks of heaps leave
    /// pairs out).
    pub n_fallbacks: u64,
    /// Heaps whose value phase 2 found past the stops phase 1 offered (their stops all
    /// options after all), without computing them again.
    pub n_gone_on: u64,
    /// Windows marked in pieces spread below their top ([`SpreadChoice`]), one a split of a
    /// heap.
    pub n_spread_windows: u64,
    /// Parallel path: the current block size.
    pub block: usize,
}

/// The fast engine for one heap game.
#[derive(Debug, Clone)]
pub struct SparseEngine<V: Cell = u16> {
    /// `k` such that a heap of exactly `k` may be taken whole.
    take_all: Vec<usize>,
    /// `k ≥ 1` such that removing `k` may leave one heap.
    leave_one: Vec<usize>,
    /// `k ≥ 0` such that removing `k` may leave two heaps.
    split_after: Vec<usize>,
    /// Grundy's game: the two heaps must differ.
    unequal: bool,
    values: Vec<V>,
    histogram: Vec<u64>,
    mask: u32,
    rare: Vec<usize>,
    /// The values at the rare positions, beside them, so the hot loop reads one array less.
    rare_values: Vec<V>,
    window: usize,
    /// Pairs walked by full enumerations that found their candidate, since the window was
    /// last tuned, and the heaps computed since then.
    wasted_pairs: u64,
    heaps_since_tuning: u64,
    /// Whether the window is spread, and the trials that choose it.
    spread: SpreadChoice,
    next_mask_review: usize,
    /// Rare positions when the mask was last chosen: when they grow by a quarter, the mask is
    /// chosen again soon (new values can make another mask far better).
    rare_at_review: usize,
    stats: SparseStats,
    /// The sequential path's working memory.
    sequential: Workspace,
    /// Heaps per block of the parallel path, and each thread's scratch area.
    block: usize,
    scratches: Vec<Workspace>,
    parallel_from: usize,
    /// Heaps with fewer pairs than this (rare positions plus window) are not shared.
    min_shared_work: usize,
    /// The record path takes heaps from here on (`None`: never).
    record_from: Option<usize>,
    dense_full_pairs: usize,
    tune: bool,
    /// Folded bytes ([`fold`]): the values are stored with the mask's lowest bit dropped, and
    /// `rare_bits` marks the rare positions (0 included when its value is rare). Only on
    /// bytes; the record path then takes every heap.
    folded: bool,
    rare_bits: Vec<u64>,
    /// Fold as soon as the mask allows, not only when a value passes 255 (for tests).
    fold_early: bool,
    /// Where the kept values are ([`tail`]): every heap unless the run keeps only a prefix
    /// and a tail.
    layout: Layout,
    tail: Option<TailMode>,
    /// Set when a heap needed a value neither kept nor readable: the run stops there.
    blocked: Option<Blocked>,
}

/// Where a run that keeps a prefix and a tail stopped ([`SparseEngine::take_state`]): its kept
/// values and everything else it needs to go on exactly as if it had not stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineState {
    /// Heaps known: `0..n`.
    pub n: u64,
    /// Whether the engine was on one byte a value (else two).
    pub bytes: bool,
    /// The kept values: heaps below `prefix`, then from `prefix + shift` to `n`.
    pub values: Vec<u16>,
    /// Heaps kept from 0.
    pub prefix: u64,
    /// How far the tail is shifted (heaps dropped between the prefix and the tail).
    pub shift: u64,
    /// Heaps kept at the end, at least.
    pub keep: u64,
    /// The sparse-space mask.
    pub mask: u32,
    /// Every rare position (heap 0 aside) with its value.
    pub rare: Vec<(u64, u16)>,
    /// How many heaps have each value.
    pub histogram: Vec<u64>,
    /// The window of pairs (speed only).
    pub window: u64,
    /// The heap at which the mask is next chosen again (speed only).
    pub next_mask_review: u64,
    /// Rare positions when the mask was last chosen (speed only).
    pub rare_at_review: u64,
    /// The largest value so far.
    pub max_value: u32,
}

/// A run that keeps only a prefix and a tail ([`tail`]).
#[derive(Clone)]
struct TailMode {
    /// Heaps kept at the end (at least; up to twice as many between drops).
    keep: usize,
    archive: Option<std::sync::Arc<dyn Archive>>,
    /// The archive's first error, from whichever thread met it.
    error: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

impl std::fmt::Debug for TailMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TailMode")
            .field("keep", &self.keep)
            .field("archive", &self.archive.is_some())
            .finish()
    }
}

/// A mask is used while its rare positions are at most this fraction of all positions.
const SPARSE_RATIO: usize = 16;

/// The window a new engine starts with (it is tuned as the run goes).
const FIRST_WINDOW: usize = 256;

/// Pairs compared in an enumeration for the cost of one pair marked in the window (measured:
/// a marked pair costs about 1 ns here, a compared one about 0.3 ns).
const PAIRS_PER_MARK: u64 = 3;

/// Without a mask, heaps with at most this many pairs are marked in full.
const DENSE_FULL_PAIRS: usize = 4096;

/// The parallel path starts at this heap size: below it a heap is too little work to share.
const PARALLEL_FROM: usize = 1 << 15;

/// Below this many pairs a heap (rare positions plus window), the parallel path computes
/// heaps on one thread: handing them over would cost more than it saves. (Measured at 2^24 on
/// two threads of the EPYC without AVX-512, `bench/threads.sh`: 0.167, 59 rare positions and a
/// window of 32, 1.17 times one thread's speed shared in one round and 1.41 in the median of
/// three that night, now that phase 2 goes on past the stops phase 1 offered; before, a third
/// of its heaps were worked out again and sharing lost (0.68 at 2^23). 0.161, 489 rare
/// positions, 1.77–1.79 times; 0.034 and 0.014, over a thousand, shared either way. Not
/// measured where the record path takes 0.167's heaps.)
const MIN_SHARED_WORK: usize = 64;

/// Left-out ranges of phase 2 from this many pairs are searched for a common value by their
/// rare positions, shorter ones compared in full, 16 or 32 pairs a step.
const WALK_RARE_FROM: usize = 1024;

/// Phase 1 offers up to this many candidate values per heap when they cost nothing to find
/// (common values under a mask); without a mask each costs a full scan, so it offers one.
const MAX_STOPS: usize = 2;

/// The most heaps a run keeps at either end (2^40: far past any memory).
pub const MAX_KEPT: usize = 1 << 40;

/// Spare room past twice the tail, for the values added between drops.
const MAX_STEP_HINT: usize = 1 << 16;

/// The window is tuned once per this many heaps.
const WINDOW_EPOCH: u64 = 4096;

/// Whether the fast engine handles the game (codes without a repeating digit or three-heap
/// splits, and Grundy's game).
pub fn supports(game: &HeapGame) -> bool {
    match &game.rules {
        HeapRules::Grundy => true,
        HeapRules::Code(code) => code.max_removal().is_some() && code.max_parts() <= 2,
    }
}

/// Whether this processor runs the record path (AVX-512 with VBMI, VBMI2 and BITALG), and so
/// folded bytes.
pub fn record_path_available() -> bool {
    record::available()
}

/// The values of heaps `0..=last` of `game` by the fast engine with `n_threads` threads, as a
/// run computes them: on bytes while every value fits one, then on two bytes. `None` if the
/// engine does not handle the game or a value passes 16 bits.
///
/// ```
/// let officers = grundy::game("0.6")?.heap_game().unwrap();
/// let values = grundy::sequence::sparse::compute(&officers, 1000, 1).unwrap();
/// assert_eq!(values.len(), 1001);
/// assert_eq!(values.get(1000), grundy::sequence::HeapValues::compute(&officers, 1000, &mut |_| {}).value(1000).map(|v| v as u32));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn compute(game: &HeapGame, last: usize, n_threads: usize) -> Option<Computed> {
    let mut bytes = SparseEngine::<u8>::new(game)?;
    if bytes.extend_parallel(last, n_threads) {
        return Some(bytes.into_computed());
    }
    let mut narrow = SparseEngine::<u16>::with_values(game, bytes.narrow_values())?;
    narrow.extend_parallel(last, n_threads).then(|| narrow.into_computed())
}

impl SparseEngine<u8> {
    /// Starts from values already computed (a resumed run) on folded bytes, as if they had
    /// been computed here, where the run that computed them would have folded them ([`fold`]):
    /// every value below 512, and at the first value past 255 a mask already in use (one that
    /// makes rare positions few among the values before it) that allows folding, with the
    /// record path running. `None` otherwise (two bytes, then: Officers, whose values pass 255
    /// before its mask is chosen, runs faster on them).
    pub fn folded_with_values(game: &HeapGame, values: &[u16]) -> Option<Self> {
        let mut engine = Self::new(game)?;
        if values.iter().any(|&value| value >= 512) {
            return None;
        }
        let first_wide = values.iter().position(|&value| value > 255).unwrap_or(values.len());
        for &value in &values[..first_wide] {
            engine.record(u32::from(value));
        }
        let (before, n_rare_before) = best_mask(&engine.histogram);
        let record_then = engine.record_from.is_some_and(|from| first_wide >= from)
            && record::applies(before, &engine.split_after, first_wide);
        if n_rare_before * SPARSE_RATIO > first_wide || before.trailing_zeros() >= 6 || !record_then
        {
            return None;
        }
        for &value in &values[first_wide..] {
            engine.record(u32::from(value));
        }
        let (mask, n_rare) = best_mask(&engine.histogram);
        let n = values.len();
        // As the mask review would: only a mask that makes rare positions few.
        if n_rare * SPARSE_RATIO > n {
            return None;
        }
        engine.mask = mask;
        engine.next_mask_review = (n + n / 4).max(1024);
        engine.values = vec![0; n];
        if !engine.can_fold() {
            return None;
        }
        engine.store_folded(|_, n| u32::from(values[n]));
        engine.rare_at_review = engine.rare.len();
        Some(engine)
    }
}

impl<V: Cell> SparseEngine<V> {
    /// An engine for `game`, or `None` if [`SparseEngine::supports`] says no.
    pub fn new(game: &HeapGame) -> Option<Self> {
        if !supports(game) {
            return None;
        }
        let (mut take_all, mut leave_one, mut split_after, mut unequal) =
            (Vec::new(), Vec::new(), Vec::new(), false);
        match &game.rules {
            HeapRules::Grundy => {
                split_after.push(0);
                unequal = true;
            }
            HeapRules::Code(code) => {
                for k in 0..=code.max_removal().unwrap_or(0) {
                    let digit = code.digit(k);
                    if k > 0 && digit & 1 != 0 {
                        take_all.push(k);
                    }
                    if k > 0 && digit & 2 != 0 {
                        leave_one.push(k);
                    }
                    if digit & 4 != 0 {
                        split_after.push(k);
                    }
                }
            }
        }
        Some(SparseEngine {
            take_all,
            leave_one,
            split_after,
            unequal,
            values: Vec::new(),
            histogram: vec![0; 2],
            mask: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            window: FIRST_WINDOW,
            wasted_pairs: 0,
            heaps_since_tuning: 0,
            spread: SpreadChoice::default(),
            next_mask_review: 1024,
            rare_at_review: 0,
            stats: SparseStats::default(),
            sequential: Workspace::default(),
            block: 128,
            scratches: Vec::new(),
            parallel_from: PARALLEL_FROM,
            min_shared_work: MIN_SHARED_WORK,
            record_from: Some(record::RECORD_FROM),
            dense_full_pairs: DENSE_FULL_PAIRS,
            tune: true,
            folded: false,
            rare_bits: Vec::new(),
            fold_early: false,
            layout: Layout::default(),
            tail: None,
            blocked: None,
        })
    }

    /// An engine that uses `mask` from the start and never changes it (0: no mask). The
    /// answers are exact whatever the mask; only the speed depends on it. For tests and
    /// experiments.
    pub fn with_fixed_mask(game: &HeapGame, mask: u32) -> Option<Self> {
        let mut engine = Self::new(game)?;
        engine.mask = mask;
        engine.next_mask_review = usize::MAX;
        Some(engine)
    }

    /// Fixes the window at `window` pairs, turns off its tuning and marks small heaps in full
    /// only below `window` pairs too, so that even short sequences go through the window and
    /// the checks outside it. For tests of those paths.
    pub fn with_fixed_window(mut self, window: usize) -> Self {
        self.window = window.max(1);
        self.dense_full_pairs = window.max(1);
        self.tune = false;
        self
    }

    /// Spreads the window over the pairs below its top, or keeps it in one run, for good
    /// (without the trials that otherwise choose; see [`SpreadChoice`]). For tests: any layout
    /// gives the same answers.
    pub fn with_spread_window(mut self, spread: bool) -> Self {
        self.spread = SpreadChoice { on: spread, fixed: true, ..SpreadChoice::default() };
        self
    }

    /// Lets the parallel path start at heap `from` instead of the default (2^15), where a heap
    /// is enough work to share. For tests of the parallel path on small sequences.
    pub fn with_parallel_from(mut self, from: usize) -> Self {
        self.parallel_from = from.max(1);
        self
    }

    /// Shares every heap of the parallel path between the threads, however little work it is
    /// (by default, under a mask, heaps of fewer than 64 pairs, rare positions plus window, stay
    /// on one thread). For tests of the parallel path on games with few rare positions.
    pub fn sharing_every_heap(mut self) -> Self {
        self.min_shared_work = 0;
        self
    }

    /// Lets the record path (AVX-512, where the processor has it) take heaps from `from` on
    /// instead of the default (2^12), or never (`None`): for tests of both paths on short
    /// sequences. The answers are the same either way.
    pub fn with_record_from(mut self, from: Option<usize>) -> Self {
        self.record_from = from;
        self
    }

    /// Folds the values ([`fold`]) as soon as the mask allows it, not only when a value passes
    /// 255, so that short sequences run on folded bytes too. For tests of that path.
    pub fn folding_early(mut self) -> Self {
        self.fold_early = true;
        self
    }

    /// Whether the values are kept as folded bytes (one byte each for values below 512).
    pub fn is_folded(&self) -> bool {
        self.folded
    }

    /// The number of heaps whose values are known (`0..len`), kept or not.
    pub fn len(&self) -> usize {
        self.values.len() + self.layout.shift
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// From now on, keeps only the values of heaps below `prefix` and of the last `keep` heaps
    /// at least (up to twice as many between drops; see [`SparseEngine::release`]), reading
    /// any other value it needs from `archive`, or, without one, stopping at the heap that
    /// needs it ([`SparseEngine::blocked`]). The answers are those of a run that keeps every
    /// value; the record path and folded bytes are not used (they read every value), and the
    /// mask is no longer chosen again once values are dropped. `keep` must be larger than any
    /// removal and any block of heaps (at least 2^16).
    pub fn keep_tail(
        &mut self,
        prefix: usize,
        keep: usize,
        archive: Option<std::sync::Arc<dyn Archive>>,
    ) {
        assert!(!self.folded, "folded values are not kept by halves");
        assert!(self.layout.keeps_all() && prefix >= 1 && keep >= 1);
        // The tail holds every single-heap option and a block of heaps at least.
        let removals = self.take_all.iter().chain(&self.leave_one).chain(&self.split_after);
        let keep = keep.max(removals.max().copied().unwrap_or(0) + (1 << 12)).min(MAX_KEPT);
        let prefix = prefix.min(MAX_KEPT);
        self.layout = Layout { prefix, shift: 0 };
        self.record_from = None;
        self.tail = Some(TailMode { keep, archive, error: Default::default() });
    }

    /// Drops the kept values of heaps from the prefix up to below `before`, as far as the tail
    /// keeps its `keep` heaps (under a mask: without one every value is read); only once at
    /// least `keep` can go (a move of the tail costs one
    /// pass over it, so once per `keep` heaps). Nothing without [`SparseEngine::keep_tail`].
    /// The caller must have taken every value it needs below `before`.
    pub fn release(&mut self, before: usize) {
        let Some(tail) = &self.tail else {
            return;
        };
        if self.mask == 0 {
            // Without a sparse space every pair of every heap is read: nothing can go.
            return;
        }
        let len = self.len();
        let new_base = before.min(len.saturating_sub(tail.keep));
        let prefix = self.layout.prefix;
        let base = prefix + self.layout.shift;
        if new_base < prefix || new_base < base + tail.keep {
            return;
        }
        let drop = new_base - base;
        self.values.drain(prefix..prefix + drop);
        self.layout.shift += drop;
        // The tail grows back to twice `keep` before the next drop.
        self.values.shrink_to(prefix + 2 * tail.keep + MAX_STEP_HINT);
    }

    /// The heaps kept from 0 (`usize::MAX` when every value is kept).
    pub fn kept_prefix(&self) -> usize {
        self.layout.prefix
    }

    /// The first heap whose value is kept past the prefix (0 when every value is kept).
    pub fn first_kept(&self) -> usize {
        self.layout.base()
    }

    /// The values of heaps `from..len()`, which must all be kept.
    pub fn chunk_from(&self, from: usize) -> Chunk<'_> {
        assert!(!self.folded || self.layout.keeps_all());
        let slot = self.layout.slot(from).expect("kept values");
        if self.folded {
            // Folded values decode with their heap's bit: only whole runs are folded.
            return V::folded(&self.values, self.mask, &self.rare_bits).slice(from..self.len());
        }
        V::chunk(&self.values[slot..])
    }

    /// Whether the engine was told to keep a prefix and a tail ([`SparseEngine::keep_tail`]):
    /// then it has a state of its own ([`SparseEngine::take_state`]).
    pub fn keeps_tail(&self) -> bool {
        self.tail.is_some() && !self.folded
    }

    /// The values the engine has room for now (what its buffer takes, used or not).
    pub fn room(&self) -> usize {
        self.values.capacity()
    }

    /// The most values kept at once, when the engine keeps only a prefix and a tail.
    pub fn tail_capacity(&self) -> Option<usize> {
        let tail = self.tail.as_ref()?;
        if self.mask == 0 && self.layout.keeps_all() {
            // Nothing is dropped without a mask (see `release`).
            return None;
        }
        Some(self.layout.prefix.saturating_add(2 * tail.keep + MAX_STEP_HINT))
    }

    /// The same engine on other cells (every value must fit them), its state carried over:
    /// how a run that keeps a prefix and a tail goes on to two bytes a value.
    pub fn into_cells<W: Cell>(self) -> SparseEngine<W> {
        assert!(!self.folded, "folded values are widened from the whole run");
        let convert = |cells: Vec<V>| -> Vec<W> {
            cells.into_iter().map(|cell| W::from_u32(cell.into())).collect()
        };
        SparseEngine {
            take_all: self.take_all,
            leave_one: self.leave_one,
            split_after: self.split_after,
            unequal: self.unequal,
            values: convert(self.values),
            histogram: self.histogram,
            mask: self.mask,
            rare: self.rare,
            rare_values: convert(self.rare_values),
            window: self.window,
            wasted_pairs: self.wasted_pairs,
            heaps_since_tuning: self.heaps_since_tuning,
            spread: self.spread,
            next_mask_review: self.next_mask_review,
            rare_at_review: self.rare_at_review,
            stats: self.stats,
            sequential: Workspace::default(),
            block: self.block,
            scratches: Vec::new(),
            parallel_from: self.parallel_from,
            min_shared_work: self.min_shared_work,
            record_from: self.record_from,
            dense_full_pairs: self.dense_full_pairs,
            tune: self.tune,
            folded: false,
            rare_bits: self.rare_bits,
            fold_early: self.fold_early,
            layout: self.layout,
            tail: self.tail,
            blocked: self.blocked,
        }
    }

    /// What a run that keeps a prefix and a tail needs to go on later from heap
    /// [`SparseEngine::len`], on this machine or another ([`EngineState`]); `None` for a run
    /// that keeps every value (its values are its state) or on folded bytes.
    /// The kept values move into the state (on two-byte cells without a copy: a leg's end
    /// needs no room for its values twice), so the engine has none left afterwards.
    pub fn take_state(&mut self) -> Option<EngineState> {
        let tail = self.tail.as_ref()?;
        if self.folded {
            return None;
        }
        let n = self.len() as u64;
        let values = std::mem::take(&mut self.values);
        Some(EngineState {
            n,
            bytes: V::BYTES == 1,
            values: values.into_iter().map(|cell| Into::<u32>::into(cell) as u16).collect(),
            prefix: self.layout.prefix as u64,
            shift: self.layout.shift as u64,
            keep: tail.keep as u64,
            mask: self.mask,
            rare: self
                .rare
                .iter()
                .zip(&self.rare_values)
                .map(|(&n, &v)| (n as u64, Into::<u32>::into(v) as u16))
                .collect(),
            histogram: self.histogram.clone(),
            window: self.window as u64,
            next_mask_review: self.next_mask_review as u64,
            rare_at_review: self.rare_at_review as u64,
            max_value: self.stats.max_value,
        })
    }

    /// The engine `state` describes, for `game`, reading older values from `archive`; `None`
    /// when the state does not fit the game or these cells (a value past them, a prefix
    /// longer than the values, a rare position past the heaps known).
    pub fn from_state(
        game: &HeapGame,
        state: EngineState,
        archive: Option<std::sync::Arc<dyn Archive>>,
    ) -> Option<Self> {
        let mut engine = Self::new(game)?;
        let n = usize::try_from(state.n).ok()?;
        let (prefix, shift, keep) = (
            usize::try_from(state.prefix).ok()?,
            usize::try_from(state.shift).ok()?,
            usize::try_from(state.keep).ok()?,
        );
        // The largest value, as the histogram says it: tables of values seen are sized from it.
        let max_value = state.histogram.iter().rposition(|&count| count > 0).unwrap_or(0);
        let fits = |v: u16| u32::from(v) <= V::MAX && usize::from(v) <= max_value;
        let consistent = state.values.len().checked_add(shift) == Some(n)
            && (shift == 0 || prefix < state.values.len())
            && (1..=MAX_KEPT).contains(&prefix)
            && (1..=MAX_KEPT).contains(&keep)
            && state.max_value as usize == max_value
            && state.values.iter().all(|&v| fits(v))
            && state.rare.iter().all(|&(at, v)| (1..state.n).contains(&at) && fits(v))
            && state.rare.windows(2).all(|pair| pair[0].0 < pair[1].0)
            && state.histogram.iter().try_fold(0u64, |sum, &c| sum.checked_add(c)) == Some(state.n);
        if !consistent {
            return None;
        }
        engine.keep_tail(prefix, keep, archive);
        engine.layout.shift = shift;
        engine.values = state.values.into_iter().map(|v| V::from_u32(u32::from(v))).collect();
        engine.mask = state.mask;
        engine.rare = state.rare.iter().map(|&(at, _)| at as usize).collect();
        engine.rare_values = state.rare.iter().map(|&(_, v)| V::from_u32(u32::from(v))).collect();
        engine.histogram = state.histogram;
        engine.window = usize::try_from(state.window).ok()?.max(1);
        engine.next_mask_review = usize::try_from(state.next_mask_review).unwrap_or(usize::MAX);
        engine.rare_at_review = usize::try_from(state.rare_at_review).ok()?;
        engine.stats.max_value = state.max_value;
        Some(engine)
    }

    /// Why the run stopped, when a heap needed a value neither kept nor readable.
    pub fn blocked(&self) -> Option<&Blocked> {
        self.blocked.as_ref()
    }

    /// The archive and its error slot, for the threads' views.
    fn reader(&self) -> Reader<'_> {
        static NO_ERROR: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);
        match &self.tail {
            Some(tail) => Reader { archive: tail.archive.as_deref(), error: &tail.error },
            None => Reader { archive: None, error: &NO_ERROR },
        }
    }

    /// Notes that heap `heap` needed heap `needed`, neither kept nor readable.
    fn block(&mut self, heap: usize, needed: usize) {
        let error = self
            .tail
            .as_ref()
            .and_then(|tail| tail.error.lock().unwrap_or_else(|p| p.into_inner()).clone());
        self.blocked.get_or_insert(Blocked { heap, needed, error });
    }

    /// Starts from values already computed (a resumed run), as if they had been computed here.
    pub fn with_values(game: &HeapGame, values: Vec<V>) -> Option<Self> {
        let mut engine = Self::new(game)?;
        for &value in &values {
            engine.record(value.into());
        }
        engine.values = values;
        engine.review_mask();
        Some(engine)
    }

    /// The values so far as the engine stores them (folded bytes when [`Self::is_folded`]:
    /// [`Self::chunk`] reads them).
    pub fn values(&self) -> &[V] {
        &self.values
    }

    /// The values so far.
    pub fn chunk(&self) -> Chunk<'_> {
        if self.folded {
            V::folded(&self.values, self.mask, &self.rare_bits)
        } else {
            V::chunk(&self.values)
        }
    }

    /// Gives up the values.
    pub fn into_computed(self) -> Computed {
        if self.folded {
            V::computed_folded(self.values, self.mask, self.rare_bits)
        } else {
            V::computed(self.values)
        }
    }

    /// The values as two-byte integers (to carry on with wider cells).
    pub fn narrow_values(&self) -> Vec<u16> {
        (0..self.values.len()).map(|n| self.value(n) as u16).collect()
    }

    /// The value of heap `n` (known).
    fn value(&self, n: usize) -> u32 {
        let stored: u32 = self.values[self.layout.slot(n).expect("a kept heap")].into();
        if self.folded {
            fold::decode(stored, fold::bit(&self.rare_bits, n), self.mask)
        } else {
            stored
        }
    }

    /// How `value` is stored.
    fn encode(&self, value: u32) -> V {
        if self.folded {
            V::from_u32(fold::compress(value, self.mask.trailing_zeros()))
        } else {
            V::from_u32(value)
        }
    }

    /// The largest value the cells hold now.
    fn limit(&self) -> u32 {
        if self.folded {
            511
        } else {
            V::MAX
        }
    }

    /// Whether the values can be folded now: bytes, a mask whose lowest bit is among the low
    /// six, and the record path for every heap from here on.
    fn can_fold(&self) -> bool {
        V::BYTES == 1
            && !self.folded
            && self.mask != 0
            && self.mask.trailing_zeros() < 6
            && self.record_applies(self.len())
    }

    /// Folds the values in place (every value is below 256 on plain bytes).
    fn fold(&mut self) {
        self.store_folded(|stored, _| stored);
    }

    /// Stores every value as a folded byte under the current mask, `value(stored, n)` giving
    /// heap `n`'s value from its cell as it is now, and finds the rare positions again.
    fn store_folded(&mut self, value: impl Fn(u32, usize) -> u32) {
        let b = self.mask.trailing_zeros();
        self.rare.clear();
        self.rare_values.clear();
        self.rare_bits.clear();
        for n in 0..self.values.len() {
            let value = value(self.values[n].into(), n);
            let cell = V::from_u32(fold::compress(value, b));
            self.values[n] = cell;
            if self.is_rare(value) {
                fold::set_bit(&mut self.rare_bits, n);
                if n > 0 {
                    self.rare.push(n);
                    self.rare_values.push(cell);
                }
            }
        }
        self.folded = true;
    }

    /// After a value did not fit: folds the values if they can be, so that the run goes on
    /// on bytes (true), or reports it (false).
    fn fold_after_overflow(&mut self) -> bool {
        let foldable = self.can_fold();
        if foldable {
            self.fold();
        }
        foldable
    }

    /// Folds now if asked to fold early and it can.
    fn fold_if_early(&mut self) {
        if self.fold_early && self.can_fold() {
            self.fold();
        }
    }

    /// The mask and every position (0 included) whose value is rare under it, with that
    /// value; `None` without a mask (the dense mode).
    pub fn rare_values(&self) -> Option<(u32, Vec<(u64, u32)>)> {
        if self.mask == 0 {
            return None;
        }
        let zero = (!self.values.is_empty())
            .then(|| (0u64, self.value(0)))
            .filter(|&(_, v)| self.is_rare(v));
        let rare_value = |cell: V| {
            let stored: u32 = cell.into();
            if self.folded {
                fold::decode(stored, true, self.mask)
            } else {
                stored
            }
        };
        let positions = zero
            .into_iter()
            .chain(
                self.rare.iter().zip(&self.rare_values).map(|(&n, &v)| (n as u64, rare_value(v))),
            )
            .collect();
        Some((self.mask, positions))
    }

    /// The work counters.
    pub fn stats(&self) -> SparseStats {
        SparseStats {
            n_rare: self.rare.len(),
            mask: self.mask,
            window: self.window,
            block: self.block,
            ..self.stats
        }
    }

    fn is_rare(&self, value: u32) -> bool {
        fold::is_rare(value, self.mask)
    }

    /// Whether `value` is common under a mask (without one, no value is).
    fn is_common(&self, value: u32) -> bool {
        self.mask != 0 && !self.is_rare(value)
    }

    fn record(&mut self, value: u32) {
        if value as usize >= self.histogram.len() {
            self.histogram.resize((value as usize + 1).next_power_of_two(), 0);
        }
        self.histogram[value as usize] += 1;
        self.stats.max_value = self.stats.max_value.max(value);
    }

    /// Records heap `n` as a rare position; when they have grown by a quarter since the mask was
    /// chosen, the mask is chosen again at the next chance (unless it is fixed).
    fn push_rare(&mut self, n: usize, value: V) {
        self.rare.push(n);
        self.rare_values.push(value);
        if self.folded {
            fold::set_bit(&mut self.rare_bits, n);
        }
        let grown = self.rare.len() > self.rare_at_review + self.rare_at_review / 4 + 64;
        if grown && self.next_mask_review != usize::MAX {
            self.next_mask_review = self.next_mask_review.min(n + 1);
        }
    }

    /// Computes the value of the next heap size and returns it; `None` if it would not fit in
    /// a cell (then nothing is stored).
    pub fn push_next(&mut self) -> Option<u32> {
        let n = self.len();
        if n >= self.next_mask_review {
            self.review_mask();
        }
        self.heaps_since_tuning += 1;
        if self.heaps_since_tuning == WINDOW_EPOCH {
            self.tune_window();
        }
        let value = self.compute(n).filter(|&value| value <= self.limit())?;
        let cell = self.encode(value);
        self.values.push(cell);
        self.record(value);
        if self.mask != 0 && n > 0 && self.is_rare(value) {
            self.push_rare(n, cell);
        }
        Some(value)
    }

    /// Computes values up to heap `target` inclusive with `n_threads` threads; false if a value
    /// would not fit the cells. The answers are the same as [`SparseEngine::extend_to`]'s.
    ///
    /// The heaps go as a stream of groups (see the `stream` module): every thread works out
    /// phase 1 of the next group from the values settled so far (nearly all the work), and the
    /// main thread settles the groups in order (phase 2: the few pairs that reach past those
    /// values). The mask is chosen again between streams.
    pub fn extend_parallel(&mut self, target: usize, n_threads: usize) -> bool {
        if n_threads <= 1 {
            return self.extend_to(target);
        }
        if self.len() < self.parallel_from && !self.extend_to(target.min(self.parallel_from)) {
            return false;
        }
        while self.len() <= target {
            if self.len() >= self.next_mask_review {
                self.review_mask();
            }
            // Heaps with a few dozen rare positions are less work than handing them over: no
            // helpers at all (they would only spin beside the one thread doing the work).
            if self.mask != 0 && self.rare.len() + self.window < self.min_shared_work {
                return self.extend_to(target);
            }
            self.fold_if_early();
            let mut end = target.min(self.next_mask_review.max(self.len() + 1) - 1);
            if let Some(tail) = &self.tail {
                // The buffer must not move while a stream reads it: a stream adds at most
                // `keep` heaps, and the old ones are dropped between streams.
                end = end.min(self.len().saturating_add(tail.keep) - 1);
            }
            if !self.stream(end, n_threads) && !self.fold_after_overflow() {
                return false;
            }
        }
        true
    }

    /// Phase 2 for a whole block, in order: the number of heaps computed again, or `None` if a
    /// value outgrew 16 bits.
    fn settle_block(&mut self, first: usize, speculations: &[Speculation]) -> Option<usize> {
        let mut work = std::mem::take(&mut self.sequential);
        let settled = self.settle_block_with(first, speculations, &mut work);
        self.sequential = work;
        settled
    }

    /// [`SparseEngine::settle_block`] with a workspace.
    fn settle_block_with(
        &mut self,
        first: usize,
        speculations: &[Speculation],
        work: &mut Workspace,
    ) -> Option<usize> {
        let mut n_fallbacks = 0usize;
        for (offset, speculation) in speculations.iter().enumerate() {
            let n = first + offset;
            // The values phase 1 saw for this heap.
            let start = speculation.known;
            self.stats.n_full_checks += speculation.full_checks;
            self.stats.n_wasted_checks += speculation.wasted_checks;
            self.wasted_pairs += speculation.wasted_pairs;
            self.spread.window_pairs += speculation.window_pairs;
            self.stats.n_spread_windows += speculation.spread_windows;
            self.heaps_since_tuning += 1;
            if let Some(needed) = speculation.blocked {
                self.block(n, needed);
                return None;
            }
            let settled = self.settle(n, start, speculation, work);
            let stops = &speculation.stops[..speculation.n_stops as usize];
            if speculation.marked_after.is_some() && settled.is_some_and(|v| !stops.contains(&v)) {
                self.stats.n_gone_on += 1;
            }
            if std::mem::take(&mut work.record.slow) {
                // Phase 2 worked the heap out again (the record path's second look).
                n_fallbacks += 1;
                self.stats.n_fallbacks += 1;
            }
            let value = match settled {
                Some(value) => value,
                None => {
                    n_fallbacks += 1;
                    self.stats.n_fallbacks += 1;
                    self.compute_with(n, work)?
                }
            };
            if value > self.limit() {
                return None;
            }
            let cell = self.encode(value);
            self.values.push(cell);
            self.record(value);
            if self.mask != 0 && self.is_rare(value) {
                self.push_rare(n, cell);
            }
        }
        if self.heaps_since_tuning >= WINDOW_EPOCH {
            self.tune_window();
        }
        Some(n_fallbacks)
    }

    /// Phase 2 for heap `n` of a block starting at `start`: the pairs and single heaps that
    /// reach into the block, against the values phase 1 offered (its stops), then against the
    /// values past them that phase 1 did not find among the options. `None`: start over.
    fn settle(
        &self,
        n: usize,
        start: usize,
        speculation: &Speculation,
        work: &mut Workspace,
    ) -> Option<u32> {
        let values = &self.values;
        // Phase 1 left out the pairs whose partner reaches past `start` for some heap up to
        // `reach` (its group's last heap, or the heap itself).
        let reach = if speculation.reach == 0 { n } else { speculation.reach };
        if speculation.record {
            let view = self.view(values.len());
            return record::settle(&view, n, start, reach, speculation, &mut work.record);
        }
        if self.folded {
            // Folded values are not read pair by pair here: a heap whose pairs reach past
            // what phase 1 saw starts over (its candidate stands when none do).
            return (start >= n && speculation.n_stops > 0).then_some(speculation.stops[0]);
        }
        let layout = self.layout;
        let cell = |i: usize| values[layout.slot(i).expect("a kept heap")];
        // The pairs left out, `(a, rest − a)` for `a` up to `last`, with both parts kept (their
        // partners are the block's heaps, in the tail; `a` a few thousand at most): else the
        // heap starts over, where values not kept are read.
        let left_out = |k: usize| {
            let rest = n - k;
            (rest, last_pair(rest, self.unequal).min((reach - k).saturating_sub(start)))
        };
        let kept = self.split_after.iter().filter(|&&k| n >= k + 2).all(|&k| {
            let (rest, last) = left_out(k);
            last <= layout.near_last(rest)
        });
        if !kept {
            return None;
        }
        let produced_here = |target: u32| -> bool {
            let by_single = self
                .leave_one
                .iter()
                .any(|&k| n > k && n - k >= start && cell(n - k).into() == target);
            // A common value comes only from pairs with exactly one rare part, so any pair
            // with it has one: short left-out ranges are compared in full, in vector lanes,
            // long ones walked by their rare positions.
            let common = self.is_common(target);
            by_single
                || self.split_after.iter().any(|&k| {
                    if n < k + 2 {
                        return false;
                    }
                    let (rest, last) = left_out(k);
                    if target > V::MAX || last < 1 {
                        return false;
                    }
                    let target = V::from_u32(target);
                    if common && last >= WALK_RARE_FROM {
                        return self.rare_pair_with_xor(rest, last, start, target);
                    }
                    pair_with_xor(values, rest - layout.shift, 1, last, target).is_some()
                })
        };
        let stops = &speculation.stops[..speculation.n_stops as usize];
        if let Some(value) = stops.iter().copied().find(|&stop| !produced_here(stop)) {
            return Some(value);
        }
        // Every stop is an option after all. The next candidates are the values past the last
        // stop that phase 1 did not mark, in order. A common one needs only the left-out pairs
        // with a rare part (phase 1 marked every other pair with a rare part). A rare one
        // phase 1 looked for only in the window and among the pairs with a rare part, so it is
        // looked for among every pair where every value is kept; otherwise the heap starts
        // over.
        // (Starting the heap over costs a microsecond; a third of 0.167's heaps did when
        // phase 1 ran a group ahead.)
        let &last_stop = stops.last()?;
        let mut unmarked = !speculation.marked_after?;
        while unmarked != 0 {
            let candidate = last_stop + 1 + unmarked.trailing_zeros();
            unmarked &= unmarked - 1;
            if candidate > V::MAX {
                return None;
            }
            let found = if self.is_common(candidate) {
                produced_here(candidate)
            } else if layout.keeps_all() {
                self.is_option(n, candidate)
            } else {
                return None;
            };
            if !found {
                return Some(candidate);
            }
        }
        None
    }

    /// Whether `target` is the value of one of heap `n`'s options, every value below `n` kept
    /// (every option looked at, at worst).
    fn is_option(&self, n: usize, target: u32) -> bool {
        let values = &self.values;
        let by_take_all = target == 0 && self.take_all.contains(&n);
        let by_single = self.leave_one.iter().any(|&k| n > k && values[n - k].into() == target);
        by_take_all
            || by_single
            || (target <= V::MAX
                && self.split_after.iter().any(|&k| {
                    if n < k + 2 {
                        return false;
                    }
                    let rest = n - k;
                    let last = last_pair(rest, self.unequal);
                    last >= 1 && pair_with_xor(values, rest, 1, last, V::from_u32(target)).is_some()
                }))
    }

    /// Whether a pair `(a, rest − a)` with `1 ≤ a ≤ last` and `rest − a ≥ start`, one part
    /// of it a rare position, has values XORing to `target` (a few pairs with
    /// `rest − a < start` may be looked at too).
    fn rare_pair_with_xor(&self, rest: usize, last: usize, start: usize, target: V) -> bool {
        let layout = self.layout;
        let cell = |i: usize| self.values[layout.slot(i).expect("a kept heap")];
        let rare = self.rare.iter().zip(&self.rare_values);
        // Walked from either end, not searched: the low parts are usually a few dozen, and the
        // high parts (rare positions found since `start`) almost never there.
        let by_low = || {
            rare.clone()
                .take_while(|&(&a, _)| a <= last)
                .any(|(&a, &value)| a >= 1 && (value ^ cell(rest - a)) == target)
        };
        let by_high = || {
            rare.clone().rev().take_while(|&(&p, _)| p >= start).any(|(&p, &value)| {
                p < rest && rest - p <= last && (value ^ cell(rest - p)) == target
            })
        };
        by_low() || by_high()
    }

    /// Makes room for `count` more values: by doubling, as a vector grows, but never past
    /// [`SparseEngine::tail_capacity`] unless `count` itself needs it, so that a run keeping a
    /// prefix and a tail holds at most that many values' room before its first drop too (once
    /// a mask is chosen: until then nothing is dropped, and the room doubles as it needs).
    pub(super) fn grow_for(&mut self, count: usize) {
        let len = self.values.len();
        let needed = len.saturating_add(count);
        if needed <= self.values.capacity() {
            return;
        }
        let mut target = needed.max(self.values.capacity().saturating_mul(2)).max(8);
        if let Some(cap) = self.tail_capacity() {
            target = target.min(cap.max(needed));
        }
        self.values.reserve_exact(target - len);
    }

    /// Computes values up to heap `n` inclusive; false if a value would not fit the cells.
    pub fn extend_to(&mut self, n: usize) -> bool {
        self.grow_for((n + 1).saturating_sub(self.len()));
        while self.len() <= n {
            let start = self.len();
            if start >= self.next_mask_review {
                self.review_mask();
            }
            self.fold_if_early();
            let ok = if start + GROUP <= n + 1 && self.record_applies(start) {
                self.push_group()
            } else if start + LANES <= n + 1 && self.lanes_from(start) {
                self.push_lanes()
            } else {
                self.push_next().is_some()
            };
            if !ok && !self.fold_after_overflow() {
                return false;
            }
        }
        true
    }

    /// The value of heap `n` from all the values below it: phase 1 of the parallel path with
    /// the block starting at `n` itself, so that nothing reaches into the block (or a value
    /// past what a cell holds, which the caller refuses).
    fn compute(&mut self, n: usize) -> Option<u32> {
        // The workspace is lent out while the values are read (an empty one allocates nothing).
        let mut work = std::mem::take(&mut self.sequential);
        let value = self.compute_with(n, &mut work);
        self.sequential = work;
        value
    }

    /// [`SparseEngine::compute`] with a workspace.
    fn compute_with(&mut self, n: usize, work: &mut Workspace) -> Option<u32> {
        let shared = self.view(n);
        let speculation = if self.folded || self.record_applies(n) {
            record::speculate_single(&shared, n, &mut work.record, &mut work.general)
        } else {
            speculate(&shared, n, &mut work.general, 1)
        };
        self.stats.n_full_checks += speculation.full_checks;
        self.stats.n_wasted_checks += speculation.wasted_checks;
        self.wasted_pairs += speculation.wasted_pairs;
        self.spread.window_pairs += speculation.window_pairs;
        self.stats.n_spread_windows += speculation.spread_windows;
        if let Some(needed) = speculation.blocked {
            self.block(n, needed);
            return None;
        }
        (speculation.n_stops > 0).then_some(speculation.stops[0])
    }

    /// What phase 1 reads for a block starting at `start`: the values below it and the rules.
    fn view(&self, start: usize) -> Shared<'_, V> {
        Shared {
            old: &self.values[..start - self.layout.shift],
            known: start,
            layout: self.layout,
            reader: self.reader(),
            rare: &self.rare,
            rare_values: &self.rare_values,
            mask: self.mask,
            window: self.effective_window(),
            spread: self.spread.on,
            take_all: &self.take_all,
            leave_one: &self.leave_one,
            split_after: &self.split_after,
            unequal: self.unequal,
            size: self.table_size(),
            folded: self.folded,
            rare_bits: &self.rare_bits,
            limit: self.limit(),
            by_number: self.by_number(),
        }
    }

    /// See [`Shared::by_number`]: fewer than one value in 4096 is 256 or more.
    /// (The histogram counts every known value, so its total is `len()`; only its entries from
    /// 256 on are summed, once a block.)
    fn by_number(&self) -> bool {
        let wide: u64 = self.histogram.get(256..).map_or(0, |wide| wide.iter().sum());
        !self.folded && self.mask != 0 && wide.saturating_mul(4096) < self.len() as u64
    }

    /// Whether the heaps from `n0` on may take the record path ([`record::applies`]).
    fn record_applies(&self, n0: usize) -> bool {
        // Never where only a prefix and a tail are kept: the record path reads every value.
        self.tail.is_none()
            && self.record_from.is_some_and(|from| n0 >= from)
            && record::applies(self.mask, &self.split_after, n0)
    }

    /// Computes the next [`GROUP`] heaps by the record path: phase 1 for all of them, then
    /// phase 2 in order. False if a value outgrew the cells.
    fn push_group(&mut self) -> bool {
        let start = self.len();
        let mut work = std::mem::take(&mut self.sequential);
        let speculations =
            record::speculate_group(&self.view(start), start, &mut work.record, &mut work.general);
        self.sequential = work;
        self.settle_block(start, &speculations).is_some()
    }

    /// Entries in a table of values seen: a power of two above every XOR of values so far.
    fn table_size(&self) -> usize {
        table_size_for(self.stats.max_value)
    }

    /// The heap from which heaps may be taken [`LANES`] at a time (under a mask).
    fn lanes_from_heap(&self) -> usize {
        LANES_FROM + self.split_after.iter().max().copied().unwrap_or(0)
    }

    /// Whether the heaps from `start` on may be taken [`LANES`] at a time (under a mask, and
    /// far enough out that every lane's partners are known values).
    fn lanes_from(&self, start: usize) -> bool {
        self.mask != 0
            && !self.folded
            && start >= LANES_FROM + self.split_after.iter().max().copied().unwrap_or(0)
    }

    /// Computes the next [`LANES`] heaps together: phase 1 for all of them in one pass over the
    /// rare positions, then phase 2 in order. False if a value outgrew the cells.
    fn push_lanes(&mut self) -> bool {
        let start = self.len();
        let mut work = std::mem::take(&mut self.sequential);
        let mut speculations = std::mem::take(&mut work.lanes);
        speculations.resize(LANES, Speculation::default());
        speculate_block(&self.view(start), start, &mut work.general, 1, &mut speculations);
        self.sequential = work;
        let settled = self.settle_block(start, &speculations).is_some();
        self.sequential.lanes = speculations;
        settled
    }

    /// The window actually used: without a mask, heaps with few pairs are cheaper marked in
    /// full than checked, so the window is at least `dense_full_pairs` there. Marking and the
    /// checks outside the window must use this same value.
    fn effective_window(&self) -> usize {
        if self.mask != 0 {
            self.window
        } else {
            self.window.max(self.dense_full_pairs)
        }
    }

    /// Balances the window against the full enumerations it could have saved: pairs walked in
    /// wasted enumerations cost as much as pairs in the window, so the window doubles while the
    /// enumerations walk more than it, and halves when they walk much less.
    fn tune_window(&mut self) {
        // A pair in an enumeration is compared in vector lanes, several times cheaper than a
        // pair in the window, which is marked one at a time.
        let heaps = self.heaps_since_tuning.max(1);
        let wasted_per_heap = self.wasted_pairs / PAIRS_PER_MARK / heaps;
        let cost = self.spread.window_pairs / heaps + wasted_per_heap;
        let keep_window = self.spread.end_epoch(cost, self.tune);
        self.wasted_pairs = 0;
        self.heaps_since_tuning = 0;
        if !self.tune || keep_window {
            return;
        }
        if wasted_per_heap > self.window as u64 && self.window < (1 << 20) {
            self.window *= 2;
        } else if wasted_per_heap * 4 < self.window as u64 && self.window > 16 {
            self.window /= 2;
        }
    }

    /// Folded values under a new mask: each value decoded under `old_mask` (and the rare
    /// positions it made), stored again under the new one, and the rare positions found
    /// again.
    fn refold(&mut self, old_mask: u32) {
        let old_bits = std::mem::take(&mut self.rare_bits);
        self.store_folded(|stored, n| fold::decode(stored, fold::bit(&old_bits, n), old_mask));
    }

    /// Chooses the mask again from the histogram (Walsh–Hadamard), rebuilding the rare list when
    /// it changes, or falling back to the dense path when no mask makes rare positions few.
    fn review_mask(&mut self) {
        let n = self.len();
        if !self.layout.keeps_all() {
            // The rare positions under another mask are among values no longer kept: this
            // run keeps its mask (every mask gives the same answers).
            self.next_mask_review = usize::MAX;
            return;
        }
        self.next_mask_review = (n + n / 4).max(1024);
        self.rare_at_review = self.rare.len();
        let (best_mask, n_rare) = best_mask(&self.histogram);
        // The rare positions are visited for every heap: worth it while they are few.
        let worth_it = n >= 1024 && n_rare * SPARSE_RATIO <= n;
        let new_mask = if worth_it { best_mask } else { 0 };
        if new_mask == self.mask {
            return;
        }
        // Keep a working mask unless the new one is clearly better.
        if self.mask != 0 && worth_it && n_rare * 5 >= self.rare.len() * 4 {
            return;
        }
        // Folded values need a mask whose lowest bit is among the low six (every mask gives
        // the same answers; only the speed depends on it).
        if self.folded && (new_mask == 0 || new_mask.trailing_zeros() >= 6) {
            return;
        }
        let old_mask = self.mask;
        self.mask = new_mask;
        self.rare.clear();
        self.rare_values.clear();
        // Exact common values need far fewer pairs in the window: start it small again.
        if self.tune {
            self.window = self.window.min(256);
        }
        if self.folded {
            self.refold(old_mask);
        } else if new_mask != 0 {
            for pos in 1..n {
                let value = self.values[pos];
                if self.is_rare(value.into()) {
                    self.rare.push(pos);
                    self.rare_values.push(value);
                }
            }
        }
    }
}

/// Entries in a table of values seen when no value passes `max_value`: a power of two above
/// every XOR of two values (so a search for an unmarked entry always finds one inside).
fn table_size_for(max_value: u32) -> usize {
    ((max_value as usize + 1).next_power_of_two() * 2).max(128)
}

/// The mask with the fewest rare positions for this histogram, and that number.
///
/// Under mask `m` a value `v` is rare when `popcount(v & m)` is even, so
/// `n_rare(m) = (N + Ĥ(m)) / 2` where `Ĥ(m) = Σ_v h[v]·(−1)^popcount(v & m)` is the
/// Walsh–Hadamard transform of the histogram `h`.
pub fn best_mask(histogram: &[u64]) -> (u32, usize) {
    let size = histogram.len().next_power_of_two().max(2);
    let mut transform: Vec<i64> = vec![0; size];
    for (value, &count) in histogram.iter().enumerate() {
        transform[value] = count as i64;
    }
    let mut half = 1;
    while half < size {
        for start in (0..size).step_by(half * 2) {
            for idx in start..start + half {
                let (x, y) = (transform[idx], transform[idx + half]);
                transform[idx] = x + y;
                transform[idx + half] = x - y;
            }
        }
        half *= 2;
    }
    let total = transform[0];
    (1..size)
        .map(|mask| (mask as u32, ((total + transform[mask]) / 2) as usize))
        .min_by_key(|&(mask, n_rare)| (n_rare, mask))
        .unwrap_or((0, histogram.iter().sum::<u64>() as usize))
}

/// The largest `a` of a pair `(a, rest − a)` with `a ≤ rest − a` (and `a < rest − a` when the
/// halves must differ).
fn last_pair(rest: usize, unequal: bool) -> usize {
    if unequal {
        (rest - 1) / 2
    } else {
        rest / 2
    }
}

/// What phase 1 reads: the values below the block and the engine's settings, all immutable.
struct Shared<'a, V> {
    /// The values kept below the block, as [`Layout`] places them (every value below the block
    /// when it keeps all: then `old.len() == known`).
    old: &'a [V],
    /// The heaps below the block: their values are known (kept or in the archive).
    known: usize,
    layout: Layout,
    reader: Reader<'a>,
    rare: &'a [usize],
    rare_values: &'a [V],
    mask: u32,
    window: usize,
    /// Whether the window is spread ([`SpreadChoice`]).
    spread: bool,
    take_all: &'a [usize],
    leave_one: &'a [usize],
    split_after: &'a [usize],
    unequal: bool,
    size: usize,
    /// Folded bytes ([`fold`]), and the bitmap of rare positions then.
    folded: bool,
    rare_bits: &'a [u64],
    /// The largest value a cell holds.
    limit: u32,
    /// Whether phase 1 may gather XORs below 256 as bits of their numbers (`marking.rs`):
    /// values unfolded, under a mask, and few of them 256 or more (the XORs from those are
    /// marked one at a time, a branch the processor cannot foresee when they are many:
    /// Officers, 8% of whose values are, ran twice as long).
    by_number: bool,
}

impl<V: Cell> Shared<'_, V> {
    /// The stored value of heap `n`, which must be kept (the single-heap options and the
    /// block's partners are: the tail is longer than any removal and any block).
    #[inline]
    fn cell(&self, n: usize) -> V {
        let slot = self.layout.slot(n).expect("a kept heap");
        self.old[slot]
    }
    /// The value of heap `n` (below the block).
    #[inline]
    fn value(&self, n: usize) -> u32 {
        let stored: u32 = self.cell(n).into();
        if self.folded {
            fold::decode(stored, fold::bit(self.rare_bits, n), self.mask)
        } else {
            stored
        }
    }

    /// The value of the rare position `rare[i]`.
    #[inline]
    fn rare_value(&self, i: usize) -> u32 {
        let stored: u32 = self.rare_values[i].into();
        if self.folded {
            fold::decode(stored, true, self.mask)
        } else {
            stored
        }
    }
}

/// Phase 1's answer for one heap: the values its mex can be, in increasing order. Every value
/// below `stops[0]`, and between consecutive stops, is among its options; each stop is not
/// among the options that phase 1 could see. The first stop that the remaining options (those
/// reaching into the block) do not produce is the answer.
#[derive(Debug, Clone, Copy, Default)]
struct Speculation {
    stops: [u32; MAX_STOPS],
    n_stops: u8,
    /// The values phase 1 saw: those of heaps below this one.
    known: usize,
    /// The heap whose pairs phase 1 left out for this one: pairs `(a, rest − a)` with
    /// `a ≤ reach − k − start` (0: the heap itself).
    reach: usize,
    /// The record path's groups ([`record::settle`] decides): the one stop is the candidate,
    /// `commons` the common values below 256 phase 1 found (numbered as the record path
    /// numbers them), and `unproven` the rare values below the candidate that phase 1 did not
    /// find among its pairs.
    record: bool,
    commons: u128,
    unproven: [u64; 8],
    /// Which of the 64 values past the last stop phase 1 found among the options (bit `i`:
    /// the value `last stop + 1 + i`), for phase 2 to go on from there; only where phase 1
    /// marked every pair with a rare part and a known partner (the general path's
    /// [`marking::speculate`] and [`marking::speculate_block`]; without a mask every value
    /// counts as rare, and phase 2 looks for each among every pair). `None`: phase 2 does not
    /// go on past the stops.
    marked_after: Option<u64>,
    full_checks: u64,
    wasted_checks: u64,
    wasted_pairs: u64,
    /// Pairs marked in windows, and the windows spread ([`SpreadChoice`]).
    window_pairs: u64,
    spread_windows: u64,
    /// A value phase 1 needed and could not read (a run that keeps a prefix and a tail,
    /// without an archive): the heap it needed. The heap's value is then unknown.
    blocked: Option<usize>,
}

/// Whether phase 1 spreads its window over the pairs below the window's top in pieces, or
/// marks one run of consecutive pairs (`marking::WINDOW_SPREAD`). Which costs less depends on
/// the game: spread always, an earlier build cost 13% fewer instructions than one run on
/// Grundy's game to 2^20, and 3 to 12% more on 0.161, 0.034 and Officers (valgrind's
/// cachegrind, 2026-12-08; that build is not kept). So
/// the engine measures: every [`SPREAD_CYCLE`] epochs of the window's tuning, one epoch with
/// each layout at the same window, and the spread is kept for the rest of the cycle where its
/// heaps cost a tenth fewer pairs (marked in windows, and walked by enumerations that found
/// their candidate, weighed as the tuning weighs them). Printed by a build with a line at each
/// trial (not kept), to 2^22: the spread cost 0.4 to 1.0 of the run's pairs on Grundy's game
/// and 0.3 to 1.1 on 0.172, 0.9 to 1.1 on 0.161, 0.7 to 1.1 on 0.034 and 0.9 to 1.4 on
/// Officers. Either layout gives the same answers.
#[derive(Debug, Clone, Copy, Default)]
struct SpreadChoice {
    /// The layout in use.
    on: bool,
    /// No trials: `on` as set ([`SparseEngine::with_spread_window`]).
    fixed: bool,
    /// Epochs ended since the cycle began.
    epoch: u32,
    /// The cost a heap of the trial of the run of pairs.
    cost_off: u64,
    /// Pairs marked in windows since the last epoch ended.
    window_pairs: u64,
}

/// Epochs of the window's tuning from one trial of [`SpreadChoice`] to the next.
const SPREAD_CYCLE: u32 = 32;

impl SpreadChoice {
    /// Ends an epoch whose heaps cost `cost` pairs each; whether the window must stay as it is
    /// for the next epoch (the second trial, measured at the first's window). No trials
    /// without `tune` (a window fixed for tests or benchmarks).
    fn end_epoch(&mut self, cost: u64, tune: bool) -> bool {
        self.window_pairs = 0;
        if self.fixed || !tune {
            return false;
        }
        let ended = self.epoch;
        self.epoch = (self.epoch + 1) % SPREAD_CYCLE;
        match ended {
            // The next epoch tries the run of pairs, the one after it the spread.
            0 => {
                self.on = false;
                false
            }
            1 => {
                self.cost_off = cost;
                self.on = true;
                true
            }
            // The spread only where it cost a tenth less (its reads jump about: on 0.161 at
            // 2^23 it took 1.02 to 1.06 of the time where its pairs cost as many).
            2 => {
                self.on = cost * 10 < self.cost_off * 9;
                false
            }
            _ => false,
        }
    }
}

/// A thread's working memory: the general path's table, the record path's buffers, and the
/// speculations of a block of lanes (written in place, not returned).
#[derive(Debug, Clone, Default)]
struct Workspace {
    general: marking::Scratch,
    record: RecordScratch,
    lanes: Vec<Speculation>,
}

#[cfg(test)]
mod spread_tests {
    use super::SpreadChoice;

    /// One cycle: the run of pairs tried, then the spread at the same window, and the cheaper
    /// kept to the end of the cycle; the next cycle tries again.
    #[test]
    fn the_cheaper_layout_is_kept_until_the_next_trial() {
        for (off, on, chosen) in [(100, 89, true), (100, 90, false), (90, 100, false)] {
            let mut choice = SpreadChoice::default();
            // Epoch 0 ends: the next one tries the run of pairs (the window may be tuned).
            assert!(!choice.end_epoch(500, true));
            assert!(!choice.on);
            // The run of pairs cost `off`: the spread next, at the same window.
            assert!(choice.end_epoch(off, true));
            assert!(choice.on);
            // The spread cost `on`: kept if a tenth cheaper.
            assert!(!choice.end_epoch(on, true));
            assert_eq!(choice.on, chosen, "{off} against {on}");
            for _ in 3..super::SPREAD_CYCLE {
                assert!(!choice.end_epoch(1, true));
                assert_eq!(choice.on, chosen, "kept to the end of the cycle");
            }
            assert!(!choice.end_epoch(1, true));
            assert!(!choice.on, "the next cycle tries the run of pairs first");
        }
    }

    /// A layout set for good, or a window not tuned, has no trials.
    #[test]
    fn a_fixed_layout_stays() {
        let mut fixed = SpreadChoice { on: true, fixed: true, ..SpreadChoice::default() };
        let mut untuned = SpreadChoice::default();
        for cost in [5, 1, 9, 3, 7] {
            assert!(!fixed.end_epoch(cost, true));
            assert!(fixed.on);
            assert!(!untuned.end_epoch(cost, false));
            assert!(!untuned.on);
        }
    }
}
