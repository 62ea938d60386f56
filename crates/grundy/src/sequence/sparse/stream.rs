//! Several threads on one sequence: a stream of groups of heaps.
//!
//! A heap's value needs the values below it, so heaps cannot simply be shared out. Phase 1
//! (the rare pairs and the proof: nearly all the work) needs only the values known when it
//! starts; phase 2 adds, in order, the few pairs that reach past them. So the heaps are cut
//! into groups of [`GROUP`]; every thread claims the next group (a shared counter), works out
//! its phase 1 from the values settled so far, and leaves the result in a slot; the main thread
//! settles the groups in order (phase 2), publishing each value as it goes, and between two
//! groups claims one itself when the next to settle is not ready. Helpers run at most
//! [`AHEAD`] groups ahead of the main thread, so that the pairs phase 2 adds stay few.
//!
//! Nothing waits long on a thread that is not running (a machine busy with other work): when
//! the group the main thread needs has been claimed by a helper and is still not ready after a
//! short wait, the main thread works it out itself and the helper's result, when it comes, is
//! dropped. Two threads are then never much slower than one.
//!
//! The values are shared without copying: the engine reserves room for every value of the run
//! first, so the buffer never moves; helpers read only values the main thread has published
//! (an `Acquire` load of their count after its `Release` store), and the main thread only
//! writes past them. The rare positions are a snapshot that the main thread replaces, before
//! publishing any value past it, when a new one turns up.

use super::marking::{speculate, speculate_block, LANES};
use super::record::{self, GROUP};
use super::{Cell, Shared, SparseEngine, Speculation, Workspace, MAX_STOPS};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Groups a helper may claim beyond the last one settled. The further ahead phase 1 runs, the
/// more pairs phase 2 adds on the main thread (for a common candidate one for each rare
/// position below the distance, for a rare one every pair left out). Four against eight, on
/// the EPYC without AVX-512: 0.167 to 2^24 on two threads took 0.90 of the time (medians of
/// five and of seven pairs side by side; single pairs 0.65 to 1.27, a noisy machine), 0.161
/// 1.02 (three pairs); other games not measured.
const AHEAD: usize = 4;

/// How long the main thread waits for a group a helper has claimed before working it out
/// itself (a group is tens of microseconds of work; a helper not running is descheduled for
/// milliseconds).
const PATIENCE: Duration = Duration::from_micros(50);

/// How long a helper that is too far ahead sleeps before it looks again.
const HELPER_NAP: Duration = Duration::from_micros(20);

/// The rare positions and their values as of some heap.
struct Rare<V> {
    positions: Vec<usize>,
    values: Vec<V>,
    /// On folded bytes, the bitmap of rare positions (empty otherwise).
    bits: Vec<u64>,
}

/// The values of a run, lent to the helpers while the main thread appends to them: a pointer
/// into the engine's buffer (which has room for the whole run, so it does not move) and the
/// number of values published so far.
struct Values<V> {
    start: *const V,
    capacity: usize,
    published: AtomicUsize,
}

// SAFETY: the pointer is only read, from any thread, below `published`, which the main thread
// raises (Release) only after writing those values, and below which it never writes again.
unsafe impl<V: Sync> Send for Values<V> {}
unsafe impl<V: Sync> Sync for Values<V> {}

impl<V> Values<V> {
    /// The values published so far (`Acquire`: they are all written).
    fn known(&self) -> &[V] {
        let len = self.published.load(Ordering::Acquire);
        debug_assert!(len <= self.capacity);
        // SAFETY: see the `Send`/`Sync` impls: these values are written and never written
        // again, and the buffer does not move while `self` lives.
        unsafe { std::slice::from_raw_parts(self.start, len) }
    }
}

/// A group's phase 1 in its slot: the group's number and one speculation per heap.
type Deposit = (usize, Vec<Speculation>);

/// What every thread of a stream reads.
struct Stream<V> {
    values: Values<V>,
    rare: Mutex<Arc<Rare<V>>>,
    /// The heaps of the stream: `first..=end`, in groups of [`GROUP`] from `first`.
    first: usize,
    end: usize,
    n_groups: usize,
    /// The next group to claim, and the number settled.
    next: AtomicUsize,
    settled: AtomicUsize,
    /// Each group's phase 1, by group number modulo the number of slots.
    slots: Vec<Mutex<Option<Deposit>>>,
    stop: AtomicBool,
    /// The engine's settings for phase 1 (fixed for a stream: the mask is chosen again only
    /// between streams).
    mask: u32,
    /// The window, which the main thread tunes as it settles (phase 1 reads it afresh for
    /// each group: tuning against the work of a window it no longer has would double it
    /// again and again through a long stream). Any window gives the same answers.
    window: AtomicUsize,
    /// Whether the window is spread, as the main thread chooses it (like the window).
    spread: AtomicBool,
    record_from: Option<usize>,
    /// The largest value published so far (stored before the count of values, so that a
    /// thread that sees the values sees a maximum at least as large: tables of values seen
    /// are sized from it).
    max_value: std::sync::atomic::AtomicU32,
    take_all: Vec<usize>,
    leave_one: Vec<usize>,
    split_after: Vec<usize>,
    unequal: bool,
    lanes_from: usize,
    /// Folded bytes: every heap takes the record path (fixed for a stream, like the mask).
    folded: bool,
    limit: u32,
    /// `Shared::by_number`, as the engine said it when the stream started.
    by_number: bool,
    /// Where the kept values are (fixed for a stream: old values are dropped between
    /// streams), and the archive for the others.
    layout: super::tail::Layout,
    archive: Option<Arc<dyn super::Archive>>,
    archive_error: Arc<Mutex<Option<String>>>,
}

impl<V: Cell> Stream<V> {
    fn heaps(&self, group: usize) -> std::ops::Range<usize> {
        let n0 = self.first + group * GROUP;
        n0..(n0 + GROUP).min(self.end + 1)
    }

    /// Claims the next group, unless there is none or it would run too far ahead.
    fn claim(&self) -> Option<usize> {
        let mut next = self.next.load(Ordering::Acquire);
        loop {
            if next >= self.n_groups || next >= self.settled.load(Ordering::Acquire) + AHEAD {
                return None;
            }
            match self.next.compare_exchange_weak(
                next,
                next + 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => return Some(next),
                Err(now) => next = now,
            }
        }
    }

    /// Phase 1 for `group` from the values published now.
    fn speculate(&self, group: usize, work: &mut Workspace) -> Vec<Speculation> {
        let heaps = self.heaps(group);
        let known = self.values.known();
        let size = super::table_size_for(self.max_value.load(Ordering::Acquire));
        // The rare positions after the values: a snapshot at least as new as they are.
        let rare = Arc::clone(&self.rare.lock().unwrap_or_else(|p| p.into_inner()));
        let shift = self.layout.shift;
        let n_known = (known.len() + shift).min(heaps.start);
        let shared = Shared {
            old: &known[..n_known - shift],
            known: n_known,
            layout: self.layout,
            reader: super::tail::Reader {
                archive: self.archive.as_deref(),
                error: &self.archive_error,
            },
            rare: &rare.positions,
            rare_values: &rare.values,
            mask: self.mask,
            window: self.window.load(Ordering::Relaxed),
            spread: self.spread.load(Ordering::Relaxed),
            take_all: &self.take_all,
            leave_one: &self.leave_one,
            split_after: &self.split_after,
            unequal: self.unequal,
            size,
            folded: self.folded,
            rare_bits: &rare.bits,
            limit: self.limit,
            by_number: self.by_number,
        };
        let record_ok = |n: usize| {
            self.record_from.is_some_and(|from| n >= from)
                && record::applies(self.mask, &self.split_after, n)
        };
        let mut out = Vec::with_capacity(heaps.len());
        if heaps.len() == GROUP && record_ok(heaps.start) {
            out.extend(record::speculate_group(
                &shared,
                heaps.start,
                &mut work.record,
                &mut work.general,
            ));
            return out;
        }
        let mut n = heaps.start;
        while n < heaps.end {
            if n + LANES <= heaps.end && self.mask != 0 && !self.folded && n >= self.lanes_from {
                let at = out.len();
                out.resize(at + LANES, Speculation::default());
                speculate_block(&shared, n, &mut work.general, MAX_STOPS, &mut out[at..]);
                n += LANES;
            } else {
                out.push(if record_ok(n) || self.folded {
                    record::speculate_single(&shared, n, &mut work.record, &mut work.general)
                } else {
                    speculate(&shared, n, &mut work.general, MAX_STOPS)
                });
                n += 1;
            }
        }
        out
    }

    /// Leaves `group`'s phase 1 in its slot (unless it is settled already: the main thread
    /// did it itself).
    fn deposit(&self, group: usize, speculations: Vec<Speculation>) {
        if group < self.settled.load(Ordering::Acquire) {
            return;
        }
        let mut slot =
            self.slots[group % self.slots.len()].lock().unwrap_or_else(|p| p.into_inner());
        *slot = Some((group, speculations));
    }

    /// Takes `group`'s phase 1 from its slot, if it is there.
    fn take(&self, group: usize) -> Option<Vec<Speculation>> {
        let mut slot =
            self.slots[group % self.slots.len()].lock().unwrap_or_else(|p| p.into_inner());
        match slot.take() {
            Some((g, speculations)) if g == group => Some(speculations),
            other => {
                *slot = other;
                None
            }
        }
    }
}

/// Tells the helpers to stop when dropped (also when the main thread unwinds).
struct StopOnDrop<'a, V>(&'a Stream<V>);

impl<V> Drop for StopOnDrop<'_, V> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Release);
    }
}

impl<V: Cell> SparseEngine<V> {
    /// Computes heaps up to `end` (inclusive) with `n_threads` threads as a stream of groups;
    /// false if a value outgrew the cells. The mask does not change meanwhile.
    pub(super) fn stream(&mut self, end: usize, n_threads: usize) -> bool {
        let first = self.len();
        if first > end {
            return true;
        }
        let count = end + 1 - first;
        // Room for every value of the stream: the buffer does not move while helpers read it.
        self.grow_for(count);
        let stream = Stream {
            values: Values {
                start: self.values.as_ptr(),
                capacity: self.values.capacity(),
                published: AtomicUsize::new(self.values.len()),
            },
            rare: Mutex::new(Arc::new(Rare {
                positions: self.rare.clone(),
                values: self.rare_values.clone(),
                bits: self.rare_bits.clone(),
            })),
            first,
            end,
            n_groups: count.div_ceil(GROUP),
            next: AtomicUsize::new(0),
            settled: AtomicUsize::new(0),
            slots: (0..AHEAD + 1).map(|_| Mutex::new(None)).collect(),
            stop: AtomicBool::new(false),
            mask: self.mask,
            window: AtomicUsize::new(self.effective_window()),
            spread: AtomicBool::new(self.spread.on),
            record_from: self.record_from,
            max_value: std::sync::atomic::AtomicU32::new(self.stats.max_value),
            take_all: self.take_all.clone(),
            leave_one: self.leave_one.clone(),
            split_after: self.split_after.clone(),
            unequal: self.unequal,
            lanes_from: self.lanes_from_heap(),
            folded: self.is_folded(),
            limit: self.limit(),
            by_number: self.by_number(),
            layout: self.layout,
            archive: self.tail.as_ref().and_then(|tail| tail.archive.clone()),
            archive_error: self
                .tail
                .as_ref()
                .map(|tail| Arc::clone(&tail.error))
                .unwrap_or_default(),
        };
        let mut scratches = std::mem::take(&mut self.scratches);
        scratches.resize_with(n_threads, Workspace::default);
        let (mine, others) = scratches.split_first_mut().expect("at least one thread");
        let mut ok = true;
        std::thread::scope(|scope| {
            let stream = &stream;
            let _stop = StopOnDrop(stream);
            for work in others.iter_mut() {
                scope.spawn(move || helper(stream, work));
            }
            for group in 0..stream.n_groups {
                let speculations = self.wait_for(stream, group, mine);
                if !self.settle_group(stream, &speculations) {
                    ok = false;
                    break;
                }
                stream.settled.store(group + 1, Ordering::Release);
            }
        });
        self.scratches = scratches;
        ok
    }

    /// The main thread's wait for `group`'s phase 1: claiming and working out groups itself
    /// meanwhile, and working `group` out itself if a helper holds it too long.
    fn wait_for(&self, stream: &Stream<V>, group: usize, work: &mut Workspace) -> Vec<Speculation> {
        let mut waiting_since: Option<Instant> = None;
        let mut spins = 0u32;
        loop {
            if let Some(speculations) = stream.take(group) {
                return speculations;
            }
            if let Some(claimed) = stream.claim() {
                let speculations = stream.speculate(claimed, work);
                if claimed == group {
                    return speculations;
                }
                stream.deposit(claimed, speculations);
                continue;
            }
            let since = *waiting_since.get_or_insert_with(Instant::now);
            if since.elapsed() > PATIENCE {
                // The helper that holds it is not running: do it here.
                return stream.speculate(group, work);
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// Phase 2 for one group, in order, publishing each value; false if a value outgrew the
    /// cells.
    fn settle_group(&mut self, stream: &Stream<V>, speculations: &[Speculation]) -> bool {
        // The workspace is taken once a group, not once a heap (a move of some 200 bytes
        // each way per heap, on the thread everything waits for).
        let mut work = std::mem::take(&mut self.sequential);
        let settled = self.settle_group_with(stream, speculations, &mut work);
        self.sequential = work;
        settled
    }

    /// [`Self::settle_group`] with a workspace.
    fn settle_group_with(
        &mut self,
        stream: &Stream<V>,
        speculations: &[Speculation],
        work: &mut Workspace,
    ) -> bool {
        let n0 = self.len();
        let mut n_rare = self.rare.len();
        for (offset, speculation) in speculations.iter().enumerate() {
            let first = n0 + offset;
            if self.settle_block_with(first, std::slice::from_ref(speculation), work).is_none() {
                return false;
            }
            if self.rare.len() > n_rare {
                // A new rare position: the snapshot first, then the value past it (once per
                // new position: on folded bytes the snapshot holds a bitmap of megabytes).
                n_rare = self.rare.len();
                let mut rare = stream.rare.lock().unwrap_or_else(|p| p.into_inner());
                *rare = Arc::new(Rare {
                    positions: self.rare.clone(),
                    values: self.rare_values.clone(),
                    bits: self.rare_bits.clone(),
                });
            }
            assert_eq!(self.values.as_ptr(), stream.values.start, "the buffer moved");
            stream.max_value.store(self.stats.max_value, Ordering::Release);
            stream.window.store(self.effective_window(), Ordering::Relaxed);
            stream.spread.store(self.spread.on, Ordering::Relaxed);
            stream.values.published.store(self.values.len(), Ordering::Release);
        }
        true
    }
}

/// A helper thread: claims groups and works out their phase 1 until the stream ends.
fn helper<V: Cell>(stream: &Stream<V>, work: &mut Workspace) {
    let mut spins = 0u32;
    while !stream.stop.load(Ordering::Acquire) {
        if let Some(group) = stream.claim() {
            let speculations = stream.speculate(group, work);
            stream.deposit(group, speculations);
            spins = 0;
        } else if stream.next.load(Ordering::Acquire) >= stream.n_groups {
            return;
        } else {
            // Too far ahead of the main thread: wait a little, then sleep. A helper that only
            // yielded would keep taking turns from the main thread on a busy machine (three
            // threads on two cores), where the main thread is the one that must run; [`AHEAD`]
            // groups ahead is usually more of the main thread's work than a short sleep (on
            // 0.167 a little less).
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else if spins < 96 {
                std::thread::yield_now();
            } else {
                std::thread::sleep(HELPER_NAP);
            }
        }
    }
}
