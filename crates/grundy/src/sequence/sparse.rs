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

use crate::games::heap::{HeapGame, HeapRules};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};

/// The largest value the engine stores (values are `u16`).
pub const MAX_VALUE: u32 = u16::MAX as u32 - 1;

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
    /// Parallel path: heaps that phase 2 had to compute again.
    pub n_fallbacks: u64,
    /// Parallel path: the current block size.
    pub block: usize,
}

/// The fast engine for one heap game.
#[derive(Debug, Clone)]
pub struct SparseEngine {
    /// `k` such that a heap of exactly `k` may be taken whole.
    take_all: Vec<usize>,
    /// `k ≥ 1` such that removing `k` may leave one heap.
    leave_one: Vec<usize>,
    /// `k ≥ 0` such that removing `k` may leave two heaps.
    split_after: Vec<usize>,
    /// Grundy's game: the two heaps must differ.
    unequal: bool,
    values: Vec<u16>,
    histogram: Vec<u64>,
    mask: u32,
    rare: Vec<u32>,
    /// The values at the rare positions, beside them, so the hot loop reads one array less.
    rare_values: Vec<u16>,
    window: usize,
    /// Pairs walked by full enumerations that found their candidate, since the window was
    /// last tuned, and the heaps computed since then.
    wasted_pairs: u64,
    heaps_since_tuning: u64,
    next_mask_review: usize,
    stats: SparseStats,
    /// The sequential path's table of values seen (see [`Scratch`]).
    sequential: Scratch,
    /// Heaps per block of the parallel path, and each thread's scratch area.
    block: usize,
    scratches: Vec<Scratch>,
    parallel_from: usize,
    dense_full_pairs: usize,
    tune: bool,
}

/// A mask is used while its rare positions are at most this fraction of all positions.
const SPARSE_RATIO: usize = 16;

/// Pairs compared in an enumeration for the cost of one pair marked in the window (measured:
/// a marked pair costs about 1 ns here, a compared one about 0.3 ns).
const PAIRS_PER_MARK: u64 = 3;

/// Without a mask, heaps with at most this many pairs are marked in full.
const DENSE_FULL_PAIRS: usize = 4096;

/// The parallel path starts at this heap size: below it a heap is too little work to share.
const PARALLEL_FROM: usize = 1 << 15;

/// Below this many pairs a heap (rare positions plus window), the parallel path computes
/// heaps on one thread: handing them over would cost more than it saves.
const MIN_SHARED_WORK: usize = 1024;

/// Phase 1 offers up to this many candidate values per heap when they cost nothing to find
/// (common values under a mask); without a mask each costs a full scan, so it offers one.
const MAX_STOPS: usize = 2;

/// The window is tuned once per this many heaps.
const WINDOW_EPOCH: u64 = 4096;

impl SparseEngine {
    /// Whether this engine handles the game (codes without a repeating digit or three-heap
    /// splits, and Grundy's game).
    pub fn supports(game: &HeapGame) -> bool {
        match &game.rules {
            HeapRules::Grundy => true,
            HeapRules::Code(code) => code.max_removal().is_some() && code.max_parts() <= 2,
        }
    }

    /// An engine for `game`, or `None` if [`SparseEngine::supports`] says no.
    pub fn new(game: &HeapGame) -> Option<Self> {
        if !Self::supports(game) {
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
            window: 256,
            wasted_pairs: 0,
            heaps_since_tuning: 0,
            next_mask_review: 1024,
            stats: SparseStats::default(),
            sequential: Scratch::default(),
            block: 128,
            scratches: Vec::new(),
            parallel_from: PARALLEL_FROM,
            dense_full_pairs: DENSE_FULL_PAIRS,
            tune: true,
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

    /// Lets the parallel path start at heap `from` instead of the default (2^15), where a heap
    /// is enough work to share. For tests of the parallel path on small sequences.
    pub fn with_parallel_from(mut self, from: usize) -> Self {
        self.parallel_from = from.max(1);
        self
    }

    /// Starts from values already computed (a resumed run), as if they had been computed here.
    pub fn with_values(game: &HeapGame, values: Vec<u16>) -> Option<Self> {
        let mut engine = Self::new(game)?;
        for &value in &values {
            engine.record(value);
        }
        engine.values = values;
        engine.review_mask();
        Some(engine)
    }

    /// The values so far.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Gives up the values.
    pub fn into_values(self) -> Vec<u16> {
        self.values
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
        (value & self.mask).count_ones() % 2 == 0
    }

    fn record(&mut self, value: u16) {
        let value = u32::from(value);
        if value as usize >= self.histogram.len() {
            self.histogram.resize((value as usize + 1).next_power_of_two(), 0);
        }
        self.histogram[value as usize] += 1;
        self.stats.max_value = self.stats.max_value.max(value);
    }

    /// Computes the value of the next heap size and returns it; `None` if it would not fit in
    /// 16 bits.
    pub fn push_next(&mut self) -> Option<u16> {
        let n = self.values.len();
        if n >= self.next_mask_review {
            self.review_mask();
        }
        self.heaps_since_tuning += 1;
        if self.heaps_since_tuning == WINDOW_EPOCH {
            self.tune_window();
        }
        let value = self.compute(n)?;
        self.values.push(value);
        self.record(value);
        if self.mask != 0 && n > 0 && self.is_rare(u32::from(value)) {
            self.rare.push(n as u32);
            self.rare_values.push(value);
        }
        Some(value)
    }

    /// Computes values up to heap `target` inclusive with `n_threads` threads; false if a value
    /// would not fit in 16 bits. The answers are the same as [`SparseEngine::extend_to`]'s.
    ///
    /// Heaps are taken in blocks. Every thread takes some heaps of the block and works out, from
    /// the values below the block alone (all known), the few values each heap's answer can be
    /// (phase 1: the rare pairs, the window and the checks, nearly all the work). Then one
    /// thread walks the block in order and adds the pairs that reach into the block itself,
    /// which are few (phase 2); when they rule out every value phase 1 offered, that heap is
    /// computed again from scratch.
    pub fn extend_parallel(&mut self, target: usize, n_threads: usize) -> bool {
        if n_threads <= 1 {
            return self.extend_to(target);
        }
        if self.values.len() < self.parallel_from && !self.extend_to(target.min(self.parallel_from))
        {
            return false;
        }
        if self.values.len() > target {
            return true;
        }
        // Heaps with a few dozen rare positions are less work than handing them over: no
        // helpers at all (they would only spin beside the one thread doing the work).
        if self.mask != 0 && self.rare.len() + self.window < MIN_SHARED_WORK {
            return self.extend_to(target);
        }
        // The helpers live for the whole call and take one job per block; between blocks the
        // values move into `shared` (read by everyone in phase 1) and back (written in phase 2).
        let shared: RwLock<SharedOwned> = RwLock::new(SharedOwned::default());
        let mut scratches = std::mem::take(&mut self.scratches);
        scratches.resize_with(n_threads, Scratch::default);
        let (mine, others) = scratches.split_first_mut().expect("at least one thread");
        let mut ok = true;
        let handoff = Handoff::new(n_threads - 1);
        std::thread::scope(|scope| {
            let (shared, handoff) = (&shared, &handoff);
            // Whatever happens to this thread, the helpers are told to stop (or the scope would
            // wait for them for ever).
            let _stop = StopOnDrop(handoff);
            for (helper, scratch) in others.iter_mut().enumerate() {
                scope.spawn(move || {
                    handoff.register(std::thread::current());
                    let mut generation = 0;
                    loop {
                        generation = handoff.wait_for_next(generation);
                        if handoff.stop.load(Ordering::Acquire) {
                            break;
                        }
                        // A helper that wakes after the main thread has closed the job (it did
                        // the whole block itself) takes no part in it.
                        if !handoff.join() {
                            continue;
                        }
                        // Leaves the job when it ends, by return or by panic.
                        let _done = DoneOnDrop(handoff);
                        let mut out =
                            handoff.results[helper].lock().unwrap_or_else(|p| p.into_inner());
                        out.clear();
                        {
                            let guard =
                                shared.read().unwrap_or_else(|poisoned| poisoned.into_inner());
                            if let Some(job) = guard.job {
                                let view = guard.view(&job);
                                speculate_share(
                                    &view,
                                    &job,
                                    &guard.next_offset,
                                    scratch,
                                    |o, sp| out.push((o, sp)),
                                );
                            }
                        }
                        drop(out);
                    }
                });
            }
            while self.values.len() <= target {
                let start = self.values.len();
                if start >= self.next_mask_review {
                    self.review_mask();
                }
                let block = self.block.min(target + 1 - start);
                // A heap with a few dozen rare positions is less work than handing it over.
                if self.mask != 0 && self.rare.len() + self.window < MIN_SHARED_WORK {
                    if !self.extend_to(start + block - 1) {
                        ok = false;
                        break;
                    }
                    continue;
                }
                let job = Job {
                    start,
                    block,
                    lanes: self.lanes_from(start),
                    mask: self.mask,
                    window: self.effective_window(),
                    size: self.table_size(),
                };
                {
                    let mut guard = shared.write().unwrap_or_else(|poisoned| poisoned.into_inner());
                    guard.values = std::mem::take(&mut self.values);
                    guard.rare = std::mem::take(&mut self.rare);
                    guard.rare_values = std::mem::take(&mut self.rare_values);
                    guard.take_all.clone_from(&self.take_all);
                    guard.leave_one.clone_from(&self.leave_one);
                    guard.split_after.clone_from(&self.split_after);
                    guard.unequal = self.unequal;
                    guard.job = Some(job);
                    guard.next_offset.store(0, Ordering::Relaxed);
                }
                handoff.start_job();
                let mut ordered: Vec<Speculation> = vec![Speculation::default(); block];
                {
                    let guard = shared.read().unwrap_or_else(|poisoned| poisoned.into_inner());
                    let view = guard.view(&job);
                    speculate_share(&view, &job, &guard.next_offset, mine, |o, sp| ordered[o] = sp);
                }
                // Every heap of the block has been taken (the offsets are handed out one at a
                // time); close the job and wait only for helpers still on a heap they took.
                handoff.close_and_wait();
                assert!(
                    !handoff.failed.load(Ordering::Acquire),
                    "a helper thread of the sequence engine panicked"
                );
                for results in &handoff.results {
                    let results = results.lock().unwrap_or_else(|p| p.into_inner());
                    for &(offset, speculation) in results.iter() {
                        ordered[offset] = speculation;
                    }
                }
                {
                    let mut guard = shared.write().unwrap_or_else(|poisoned| poisoned.into_inner());
                    self.values = std::mem::take(&mut guard.values);
                    self.rare = std::mem::take(&mut guard.rare);
                    self.rare_values = std::mem::take(&mut guard.rare_values);
                    guard.job = None;
                }
                let Some(n_fallbacks) = self.settle_block(start, &ordered) else {
                    ok = false;
                    break;
                };
                // Fewer heaps a block when phase 2 has to start over too often (its own pairs
                // grow with the block too); more when it rarely does, to spread the hand-over
                // between threads.
                if n_fallbacks * 32 > block && self.block > 32 {
                    self.block /= 2;
                } else if n_fallbacks * 128 < block && self.block < 1024 {
                    self.block *= 2;
                }
            }
        });
        self.scratches = scratches;
        ok
    }

    /// Phase 2 for a whole block, in order: the number of heaps computed again, or `None` if a
    /// value outgrew 16 bits.
    fn settle_block(&mut self, start: usize, speculations: &[Speculation]) -> Option<usize> {
        let mut n_fallbacks = 0usize;
        for (offset, speculation) in speculations.iter().enumerate() {
            let n = start + offset;
            self.stats.n_full_checks += speculation.full_checks;
            self.stats.n_wasted_checks += speculation.wasted_checks;
            self.wasted_pairs += speculation.wasted_pairs;
            self.heaps_since_tuning += 1;
            let value = match self.settle(n, start, speculation) {
                Some(value) => value,
                None => {
                    n_fallbacks += 1;
                    self.stats.n_fallbacks += 1;
                    self.compute(n)?
                }
            };
            if u32::from(value) > MAX_VALUE {
                return None;
            }
            self.values.push(value);
            self.record(value);
            if self.mask != 0 && self.is_rare(u32::from(value)) {
                self.rare.push(n as u32);
                self.rare_values.push(value);
            }
        }
        if self.heaps_since_tuning >= WINDOW_EPOCH {
            self.tune_window();
        }
        Some(n_fallbacks)
    }

    /// Phase 2 for heap `n` of a block starting at `start`: the pairs and single heaps that
    /// reach into the block, against the values phase 1 offered. `None`: start over.
    fn settle(&self, n: usize, start: usize, speculation: &Speculation) -> Option<u16> {
        let values = &self.values;
        let produced_here = |target: u16| -> bool {
            let by_single =
                self.leave_one.iter().any(|&k| n > k && n - k >= start && values[n - k] == target);
            by_single
                || self.split_after.iter().any(|&k| {
                    if n < k + 2 {
                        return false;
                    }
                    let rest = n - k;
                    let last = last_pair(rest, self.unequal).min(rest.saturating_sub(start));
                    pair_with_xor(values, rest, 1, last, target).is_some()
                })
        };
        speculation.stops[..speculation.n_stops as usize]
            .iter()
            .copied()
            .find(|&stop| !produced_here(stop))
    }

    /// Computes values up to heap `n` inclusive; false if a value would not fit in 16 bits.
    pub fn extend_to(&mut self, n: usize) -> bool {
        while self.values.len() <= n {
            let start = self.values.len();
            if start >= self.next_mask_review {
                self.review_mask();
            }
            if start + LANES <= n + 1 && self.lanes_from(start) {
                if !self.push_lanes() {
                    return false;
                }
            } else if self.push_next().is_none() {
                return false;
            }
        }
        true
    }

    /// The value of heap `n` from all the values below it: phase 1 of the parallel path with
    /// the block starting at `n` itself, so that nothing reaches into the block.
    fn compute(&mut self, n: usize) -> Option<u16> {
        let window = self.effective_window();
        let shared = Shared {
            old: &self.values[..n],
            rare: &self.rare,
            rare_values: &self.rare_values,
            mask: self.mask,
            window,
            take_all: &self.take_all,
            leave_one: &self.leave_one,
            split_after: &self.split_after,
            unequal: self.unequal,
            size: self.table_size(),
        };
        let speculation = speculate(&shared, n, &mut self.sequential, 1);
        self.stats.n_full_checks += speculation.full_checks;
        self.stats.n_wasted_checks += speculation.wasted_checks;
        self.wasted_pairs += speculation.wasted_pairs;
        (speculation.n_stops > 0).then_some(speculation.stops[0])
    }

    /// Entries in a table of values seen: a power of two above every XOR of values so far.
    fn table_size(&self) -> usize {
        ((self.stats.max_value as usize + 1).next_power_of_two() * 2).max(128)
    }

    /// Whether the heaps from `start` on may be taken [`LANES`] at a time (under a mask, and
    /// far enough out that every lane's partners are known values).
    fn lanes_from(&self, start: usize) -> bool {
        self.mask != 0 && start >= LANES_FROM + self.split_after.iter().max().copied().unwrap_or(0)
    }

    /// Computes the next [`LANES`] heaps together: phase 1 for all of them in one pass over the
    /// rare positions, then phase 2 in order. False if a value outgrew 16 bits.
    fn push_lanes(&mut self) -> bool {
        let start = self.values.len();
        let shared = Shared {
            old: &self.values[..start],
            rare: &self.rare,
            rare_values: &self.rare_values,
            mask: self.mask,
            window: self.effective_window(),
            take_all: &self.take_all,
            leave_one: &self.leave_one,
            split_after: &self.split_after,
            unequal: self.unequal,
            size: self.table_size(),
        };
        let speculations = speculate_block(&shared, start, &mut self.sequential, 1);
        self.settle_block(start, &speculations).is_some()
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
        if !self.tune {
            self.wasted_pairs = 0;
            self.heaps_since_tuning = 0;
            return;
        }
        // A pair in an enumeration is compared in vector lanes, several times cheaper than a
        // pair in the window, which is marked one at a time.
        let wasted_per_heap = self.wasted_pairs / PAIRS_PER_MARK / self.heaps_since_tuning.max(1);
        if wasted_per_heap > self.window as u64 && self.window < (1 << 20) {
            self.window *= 2;
        } else if wasted_per_heap * 4 < self.window as u64 && self.window > 16 {
            self.window /= 2;
        }
        self.wasted_pairs = 0;
        self.heaps_since_tuning = 0;
    }

    /// Chooses the mask again from the histogram (Walsh–Hadamard), rebuilding the rare list when
    /// it changes, or falling back to the dense path when no mask makes rare positions few.
    fn review_mask(&mut self) {
        let n = self.values.len();
        self.next_mask_review = (n + n / 4).max(1024);
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
        self.mask = new_mask;
        self.rare.clear();
        self.rare_values.clear();
        // Exact common values need far fewer pairs in the window: start it small again.
        if self.tune {
            self.window = self.window.min(256);
        }
        if new_mask != 0 {
            for pos in 1..n {
                let value = self.values[pos];
                if self.is_rare(u32::from(value)) {
                    self.rare.push(pos as u32);
                    self.rare_values.push(value);
                }
            }
        }
    }
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

/// Marks `G(a) ⊕ G(rest − a)` for `a` in `first..=last`: both halves are contiguous slices
/// walked in opposite directions. `seen.len()` is a power of two above every XOR, so the mask
/// on the index never changes it and spares the bounds check.
#[inline(always)]
fn mark_pair_range_generic(
    values: &[u16],
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
        let mut xors = [0u16; 8];
        for lane in 0..8 {
            xors[lane] = low[lane] ^ high[7 - lane];
        }
        for xor in xors {
            seen[usize::from(xor) & index_mask] = stamp;
        }
    }
    let (low_rest, high_rest) = (low_chunks.remainder(), high_chunks.remainder());
    for (&low, &high) in low_rest.iter().zip(high_rest.iter().rev()) {
        seen[usize::from(low ^ high) & index_mask] = stamp;
    }
}

/// Marks `G(a) ⊕ G(rest − a)` for every rare position `a < rest` (the pairs with a rare part).
#[allow(clippy::too_many_arguments)]
fn mark_rare_pairs(
    values: &[u16],
    rest: usize,
    rare: &[u32],
    rare_values: &[u16],
    unequal: bool,
    seen: &mut [u8],
    stamp: u8,
) {
    let count = rare.partition_point(|&a| (a as usize) < rest);
    let (rare, rare_values) = (&rare[..count], &rare_values[..count]);
    // Callers pass only rare positions whose partner `rest - a` is below `values.len()`;
    // indexing with `min(len - 1)` then changes nothing and lets the compiler drop the bounds
    // checks.
    let window = values;
    let last_index = values.len().saturating_sub(1);
    debug_assert!(rare.first().is_none_or(|&a| rest - (a as usize) < values.len().max(1)));
    let index_mask = seen.len() - 1;
    // Grundy's game: the equal split (a = rest − a) is not a move, so that rare position, if
    // it is one, is left out.
    let equal_split =
        if unequal && rest % 2 == 0 { rare.binary_search(&((rest / 2) as u32)).ok() } else { None };
    let parts: [(&[u32], &[u16]); 2] = match equal_split {
        Some(idx) => {
            [(&rare[..idx], &rare_values[..idx]), (&rare[idx + 1..], &rare_values[idx + 1..])]
        }
        None => [(rare, rare_values), (&[], &[])],
    };
    for (rare, rare_values) in parts {
        for (&a, &value) in rare.iter().zip(rare_values) {
            let b = (rest - a as usize).min(last_index);
            seen[usize::from(value ^ window[b]) & index_mask] = stamp;
        }
    }
}

/// The offset from `first` of the first `a` in `first..=last` with
/// `G(a) ⊕ G(rest − a) = target`, if any. Compared in blocks that the compiler turns into
/// vector instructions; only a block with a hit is searched one pair at a time.
#[inline(always)]
fn pair_with_xor_generic(
    values: &[u16],
    rest: usize,
    first: usize,
    last: usize,
    target: u16,
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
struct Scratch {
    seen: Vec<u8>,
    stamp: u8,
    /// Per split of the heap being computed: (rest, last pair reaching into the block, window
    /// start); kept to save an allocation per heap.
    splits: Vec<(usize, usize, usize)>,
}

impl Scratch {
    /// A fresh stamp for a table of `size` entries (grown, and cleared when stamps wrap).
    fn next_stamp(&mut self, size: usize) -> u8 {
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

/// How the main thread hands a block to the helpers and learns that they are done.
///
/// The main thread never waits for a helper that has not started: heaps are handed out one at
/// a time from a shared counter, the main thread works through them too, and when they are all
/// taken it *closes* the job and waits only for the helpers that joined it and are still on a
/// heap. A helper that wakes late (descheduled on a busy machine) finds the job closed and takes
/// no part. So two threads are never much slower than one, loaded or not. Idle helpers spin a
/// little, then park; the main thread unparks them with each job.
struct Handoff {
    generation: AtomicU64,
    /// The current job's participants: bit [`CLOSED`] once the main thread has closed it, and
    /// below it the number of helpers working on it.
    state: AtomicUsize,
    stop: AtomicBool,
    /// A helper panicked (its job counts as left, so that nobody waits for ever).
    failed: AtomicBool,
    /// Each helper's answers for the current block, as (offset in the block, speculation).
    results: Vec<Mutex<Vec<(usize, Speculation)>>>,
    /// The helpers' threads, to unpark.
    threads: Mutex<Vec<std::thread::Thread>>,
}

/// The bit of [`Handoff::state`] that says the job is closed.
const CLOSED: usize = 1 << (usize::BITS - 1);

impl Handoff {
    fn new(n_helpers: usize) -> Self {
        Handoff {
            generation: AtomicU64::new(0),
            state: AtomicUsize::new(CLOSED),
            stop: AtomicBool::new(false),
            failed: AtomicBool::new(false),
            results: (0..n_helpers).map(|_| Mutex::new(Vec::new())).collect(),
            threads: Mutex::new(Vec::with_capacity(n_helpers)),
        }
    }

    /// Helper: makes itself known, to be unparked with each job.
    fn register(&self, thread: std::thread::Thread) {
        self.threads.lock().unwrap_or_else(|p| p.into_inner()).push(thread);
    }

    fn wake_helpers(&self) {
        for thread in self.threads.lock().unwrap_or_else(|p| p.into_inner()).iter() {
            thread.unpark();
        }
    }

    /// Main thread: the job is in place; helpers, go. Answers of earlier jobs are cleared, so
    /// that a helper that takes no part in this one leaves nothing behind.
    fn start_job(&self) {
        for results in &self.results {
            results.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
        self.state.store(0, Ordering::Release);
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.wake_helpers();
    }

    /// Helper: joins the current job, unless the main thread has closed it.
    fn join(&self) -> bool {
        self.state
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |state| {
                (state & CLOSED == 0).then_some(state + 1)
            })
            .is_ok()
    }

    /// Main thread: closes the job and waits for the helpers still working on it.
    fn close_and_wait(&self) {
        self.state.fetch_or(CLOSED, Ordering::AcqRel);
        let mut spins = 0u32;
        while self.state.load(Ordering::Acquire) & !CLOSED != 0 {
            if spins < 1 << 12 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// Helper: waits for a generation after `seen`, and returns it; spins a little, then parks.
    fn wait_for_next(&self, seen: u64) -> u64 {
        let mut spins = 0u32;
        loop {
            let generation = self.generation.load(Ordering::Acquire);
            if generation != seen {
                return generation;
            }
            if spins < 1 << 12 {
                spins += 1;
                std::hint::spin_loop();
            } else {
                // Unparked by the next job (or by stop); a spurious wake-up just looks again.
                std::thread::park_timeout(std::time::Duration::from_millis(5));
            }
        }
    }
}

/// A helper leaves its job when this is dropped, normally or while unwinding from a panic.
struct DoneOnDrop<'a>(&'a Handoff);

impl Drop for DoneOnDrop<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.failed.store(true, Ordering::Release);
        }
        self.0.state.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Tells the helpers to stop when dropped.
struct StopOnDrop<'a>(&'a Handoff);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Release);
        self.0.generation.fetch_add(1, Ordering::AcqRel);
        self.0.wake_helpers();
    }
}

/// A block's settings, sent to the helpers.
#[derive(Debug, Clone, Copy)]
struct Job {
    start: usize,
    block: usize,
    /// Whether heaps may be taken [`LANES`] at a time ([`speculate_block`]).
    lanes: bool,
    mask: u32,
    window: usize,
    size: usize,
}

/// The engine's data while a parallel run has lent it to the threads.
#[derive(Debug, Default)]
struct SharedOwned {
    values: Vec<u16>,
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    split_after: Vec<usize>,
    unequal: bool,
    /// The next heap of the block (an offset) that a thread may take.
    next_offset: AtomicUsize,
    /// The block being computed, while there is one.
    job: Option<Job>,
}

impl SharedOwned {
    fn view(&self, job: &Job) -> Shared<'_> {
        Shared {
            old: &self.values[..job.start],
            rare: &self.rare,
            rare_values: &self.rare_values,
            mask: job.mask,
            window: job.window,
            take_all: &self.take_all,
            leave_one: &self.leave_one,
            split_after: &self.split_after,
            unequal: self.unequal,
            size: job.size,
        }
    }
}

/// What phase 1 reads: the values below the block and the engine's settings, all immutable.
struct Shared<'a> {
    old: &'a [u16],
    rare: &'a [u32],
    rare_values: &'a [u16],
    mask: u32,
    window: usize,
    take_all: &'a [usize],
    leave_one: &'a [usize],
    split_after: &'a [usize],
    unequal: bool,
    size: usize,
}

/// Phase 1's answer for one heap: the values its mex can be, in increasing order. Every value
/// below `stops[0]`, and between consecutive stops, is among its options; each stop is not
/// among the options that phase 1 could see. The first stop that the remaining options (those
/// reaching into the block) do not produce is the answer.
#[derive(Debug, Clone, Copy, Default)]
struct Speculation {
    stops: [u16; MAX_STOPS],
    n_stops: u8,
    full_checks: u64,
    wasted_checks: u64,
    wasted_pairs: u64,
}

/// Phase 1 for heap `n`: everything that the values below the block (`shared.old`) can tell,
/// offering at most `max_stops` candidates.
fn speculate(
    shared: &Shared<'_>,
    n: usize,
    scratch: &mut Scratch,
    max_stops: usize,
) -> Speculation {
    let stamp = scratch.next_stamp(shared.size);
    let mut splits = std::mem::take(&mut scratch.splits);
    let speculation = speculate_marked(
        shared,
        n,
        &mut scratch.seen[..shared.size],
        stamp,
        &mut splits,
        max_stops,
        false,
    );
    scratch.splits = splits;
    speculation
}

/// [`speculate`] on a table and stamp prepared by the caller; `rare_marked`: the pairs with a
/// rare part are marked already ([`speculate_block`]).
fn speculate_marked(
    shared: &Shared<'_>,
    n: usize,
    seen: &mut [u8],
    stamp: u8,
    splits: &mut Vec<(usize, usize, usize)>,
    max_stops: usize,
    rare_marked: bool,
) -> Speculation {
    let mut speculation = Speculation::default();
    let old_len = shared.old.len();
    let size = shared.size;
    let old = shared.old;
    for &k in shared.take_all {
        if n == k {
            seen[0] = stamp;
        }
    }
    for &k in shared.leave_one {
        if n > k && n - k < old_len {
            seen[usize::from(old[n - k])] = stamp;
        }
    }
    let sparse = shared.mask != 0;
    // Per split: (rest, the last `a` whose partner reaches into the block, the window's start).
    splits.clear();
    for &k in shared.split_after {
        if n < k + 2 {
            continue;
        }
        let rest = n - k;
        let new_limit = rest.saturating_sub(old_len);
        let last = last_pair(rest, shared.unequal);
        if sparse && !rare_marked {
            let from = shared.rare.partition_point(|&a| (a as usize) <= new_limit);
            let to = shared.rare.partition_point(|&a| (a as usize) < rest);
            mark_rare_pairs(
                old,
                rest,
                &shared.rare[from..to.max(from)],
                &shared.rare_values[from..to.max(from)],
                shared.unequal,
                seen,
                stamp,
            );
        }
        let window = shared.window;
        let first = last.saturating_sub(window - 1).max(new_limit + 1).max(1);
        if first <= last {
            mark_pair_range(old, rest, first, last, seen, stamp);
        }
        splits.push((rest, new_limit, first.min(last + 1)));
    }
    let max_stops = if sparse { max_stops } else { 1 };
    // Marks only ever add, so each search for the next unmarked value starts where the last
    // one stopped.
    let mut searched_to = 0;
    while (speculation.n_stops as usize) < max_stops {
        let candidate = seen[searched_to..]
            .iter()
            .position(|&s| s != stamp)
            .map_or(size, |at| searched_to + at);
        searched_to = candidate.min(size);
        if candidate as u32 > MAX_VALUE {
            break;
        }
        let common = sparse && (candidate as u32 & shared.mask).count_ones() % 2 == 1;
        // Further stops are offered only when they cost nothing.
        if !common && speculation.n_stops > 0 {
            break;
        }
        let mut present = false;
        if !common {
            speculation.full_checks += 1;
            for &(rest, new_limit, window_first) in splits.iter() {
                let (lo, hi) = (new_limit + 1, window_first.saturating_sub(1));
                if let Some(offset) = pair_with_xor(old, rest, lo, hi, candidate as u16) {
                    present = true;
                    speculation.wasted_checks += 1;
                    speculation.wasted_pairs += offset as u64 + 1;
                    break;
                }
            }
        }
        if !present {
            speculation.stops[speculation.n_stops as usize] = candidate as u16;
            speculation.n_stops += 1;
        }
        seen[candidate] = stamp;
    }
    speculation
}

/// Phase 1 for a thread's share of a block: it takes heaps (by offset in the block) until none
/// is left, [`LANES`] at a time where it may, one at a time otherwise (their costs vary a lot,
/// so they are not dealt out in advance), and hands each result to `found`.
fn speculate_share(
    shared: &Shared<'_>,
    job: &Job,
    next_offset: &AtomicUsize,
    scratch: &mut Scratch,
    mut found: impl FnMut(usize, Speculation),
) {
    let step = if job.lanes { LANES } else { 1 };
    loop {
        let offset = next_offset.fetch_add(step, Ordering::Relaxed);
        if offset >= job.block {
            return;
        }
        if step == LANES && offset + LANES <= job.block {
            let speculations = speculate_block(shared, job.start + offset, scratch, MAX_STOPS);
            for (lane, speculation) in speculations.into_iter().enumerate() {
                found(offset + lane, speculation);
            }
        } else {
            for offset in offset..(offset + step).min(job.block) {
                found(offset, speculate(shared, job.start + offset, scratch, MAX_STOPS));
            }
        }
    }
}

/// Heaps taken together by [`speculate_block`].
const LANES: usize = 8;

/// Heaps are taken [`LANES`] at a time from this size on (plus the largest split's removal),
/// so that every lane's partners are known values.
const LANES_FROM: usize = 64;

/// Phase 1 for the heaps `start..start + LANES` at once, under a mask. For a rare position `a`,
/// the partners of the eight heaps are the eight consecutive values from `rest − a`, read in
/// one load and XORed in one instruction; each lane then marks its own table. The rare
/// positions whose partners would fall outside the known values (the first few, and those
/// near `rest`), and for Grundy's game those that would make an equal split in some lane, are
/// marked one heap at a time as before. The window and the checks are per heap.
fn speculate_block(
    shared: &Shared<'_>,
    start: usize,
    scratch: &mut Scratch,
    max_stops: usize,
) -> [Speculation; LANES] {
    let size = shared.size;
    let stamp = scratch.next_stamp(size * LANES);
    let old = shared.old;
    let old_len = old.len();
    let (rare, rare_values) = (shared.rare, shared.rare_values);
    let mut splits = std::mem::take(&mut scratch.splits);
    let seen = &mut scratch.seen[..size * LANES];
    for &k in shared.split_after {
        let rest0 = start - k;
        // Lane h (heap start + h) pairs a with rest0 + h − a, a known value (below `old_len`,
        // which may be below `start` in the parallel path) for every lane when
        // rest0 + LANES − old_len ≤ a ≤ rest0 − 1.
        let (low, high) = ((rest0 + LANES).saturating_sub(old_len).max(1), rest0 - 1);
        let i1 = rare.partition_point(|&a| (a as usize) < low);
        let i4 = rare.partition_point(|&a| (a as usize) <= high).max(i1);
        let (i2, i3) = if shared.unequal {
            let (equal_low, equal_high) = (rest0.div_ceil(2), (rest0 + LANES - 1) / 2);
            (
                rare.partition_point(|&a| (a as usize) < equal_low).clamp(i1, i4),
                rare.partition_point(|&a| (a as usize) <= equal_high).clamp(i1, i4),
            )
        } else {
            (i4, i4)
        };
        mark_rare_lanes(old, rest0, &rare[i1..i2], &rare_values[i1..i2], seen, size, stamp);
        mark_rare_lanes(old, rest0, &rare[i3..i4], &rare_values[i3..i4], seen, size, stamp);
        // Usually every rare position lies below rest0 and above each lane's new_limit (a few
        // heaps at most): then the leftover ranges are empty and no search is needed.
        let all_below = rare.last().is_none_or(|&a| (a as usize) < rest0);
        for lane in 0..LANES {
            let rest = rest0 + lane;
            let new_limit = rest.saturating_sub(old_len);
            let from = rare.iter().take_while(|&&a| (a as usize) <= new_limit).count();
            let to =
                if all_below { rare.len() } else { rare.partition_point(|&a| (a as usize) < rest) };
            let table = &mut seen[lane * size..(lane + 1) * size];
            for (x, y) in [(from, i1), (i2, i3), (i4, to)] {
                let (x, y) = (x.max(from), y.min(to));
                if x < y {
                    let (part, part_values) = (&rare[x..y], &rare_values[x..y]);
                    mark_rare_pairs(old, rest, part, part_values, shared.unequal, table, stamp);
                }
            }
        }
    }
    let speculations = std::array::from_fn(|lane| {
        let table = &mut seen[lane * size..(lane + 1) * size];
        speculate_marked(shared, start + lane, table, stamp, &mut splits, max_stops, true)
    });
    scratch.splits = splits;
    speculations
}

/// Marks, for each rare position `a`, `G(a) ⊕ G(rest0 + h − a)` in lane `h`'s table
/// (`seen[h·size..]`), for the eight lanes at once. Every partner must be a known value.
#[inline(always)]
fn mark_rare_lanes_generic(
    values: &[u16],
    rest0: usize,
    rare: &[u32],
    rare_values: &[u16],
    seen: &mut [u8],
    size: usize,
    stamp: u8,
) {
    let index_mask = (size - 1) as u32;
    let all_mask = seen.len() - 1;
    let offsets: [u32; LANES] = std::array::from_fn(|lane| (lane * size) as u32);
    for (&a, &value) in rare.iter().zip(rare_values) {
        let first = rest0 - a as usize;
        let partners: &[u16; LANES] =
            values[first..first + LANES].try_into().expect("eight partners");
        let mut index = [0u32; LANES];
        for lane in 0..LANES {
            index[lane] = (u32::from(partners[lane] ^ value) & index_mask) + offsets[lane];
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
fn mark_rare_lanes_avx2(
    values: &[u16],
    rest0: usize,
    rare: &[u32],
    rare_values: &[u16],
    seen: &mut [u8],
    size: usize,
    stamp: u8,
) {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_cvtepu16_epi32,
        _mm256_set1_epi32, _mm256_setr_epi32, _mm256_storeu_si256, _mm_loadu_si128, _mm_set1_epi16,
        _mm_xor_si128,
    };
    assert!(size.is_power_of_two() && seen.len() >= size * LANES && size * LANES < 1 << 31);
    let index_mask = _mm256_set1_epi32((size - 1) as i32);
    let lane = size as i32;
    let offsets =
        _mm256_setr_epi32(0, lane, 2 * lane, 3 * lane, 4 * lane, 5 * lane, 6 * lane, 7 * lane);
    let seen = seen.as_mut_ptr();
    let mut index = [0u32; LANES];
    for (&a, &value) in rare.iter().zip(rare_values) {
        let first = rest0 - a as usize;
        let partners = &values[first..first + LANES];
        // SAFETY: `partners` holds eight u16 (16 bytes), read unaligned. Every index is below
        // `size` plus an offset of at most `7·size`, so below `seen.len()`.
        unsafe {
            let loaded = _mm_loadu_si128(partners.as_ptr().cast::<__m128i>());
            let xors = _mm_xor_si128(loaded, _mm_set1_epi16(value as i16));
            let wide = _mm256_cvtepu16_epi32(xors);
            let lanes = _mm256_add_epi32(_mm256_and_si256(wide, index_mask), offsets);
            _mm256_storeu_si256(index.as_mut_ptr().cast::<__m256i>(), lanes);
            for &at in &index {
                *seen.add(at as usize) = stamp;
            }
        }
    }
}

/// See [`mark_rare_lanes_generic`].
fn mark_rare_lanes(
    values: &[u16],
    rest0: usize,
    rare: &[u32],
    rare_values: &[u16],
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

/// The same loop compiled for AVX2 (16 lanes and a byte shuffle to reverse one half), used when
/// the processor has it; the portable build only assumes SSE2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pair_with_xor_avx2(
    values: &[u16],
    rest: usize,
    first: usize,
    last: usize,
    target: u16,
) -> Option<usize> {
    pair_with_xor_generic(values, rest, first, last, target)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn mark_pair_range_avx2(
    values: &[u16],
    rest: usize,
    first: usize,
    last: usize,
    seen: &mut [u8],
    stamp: u8,
) {
    mark_pair_range_generic(values, rest, first, last, seen, stamp)
}

/// See [`pair_with_xor_generic`].
fn pair_with_xor(
    values: &[u16],
    rest: usize,
    first: usize,
    last: usize,
    target: u16,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor was asked, and has AVX2.
        return unsafe { pair_with_xor_avx2(values, rest, first, last, target) };
    }
    pair_with_xor_generic(values, rest, first, last, target)
}

/// See [`mark_pair_range_generic`].
fn mark_pair_range(
    values: &[u16],
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
