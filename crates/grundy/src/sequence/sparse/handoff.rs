//! How the main thread of a parallel run hands blocks to its helpers.

use super::Speculation;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// How the main thread hands a block to the helpers and learns that they are done.
///
/// The main thread never waits for a helper that has not started: heaps are handed out one at
/// a time from a shared counter, the main thread works through them too, and when they are all
/// taken it *closes* the job and waits only for the helpers that joined it and are still on a
/// heap. A helper that wakes late (descheduled on a busy machine) finds the job closed and takes
/// no part. So two threads are never much slower than one, loaded or not. Idle helpers spin a
/// little, then park; the main thread unparks them with each job.
pub(super) struct Handoff {
    generation: AtomicU64,
    /// The current job's participants: bit [`CLOSED`] once the main thread has closed it, and
    /// below it the number of helpers working on it.
    state: AtomicUsize,
    pub(super) stop: AtomicBool,
    /// A helper panicked (its job counts as left, so that nobody waits for ever).
    pub(super) failed: AtomicBool,
    /// Each helper's answers for the current block, as (offset in the block, speculation).
    pub(super) results: Vec<Mutex<Vec<(usize, Speculation)>>>,
    /// The helpers' threads, to unpark.
    threads: Mutex<Vec<std::thread::Thread>>,
}

/// The bit of [`Handoff::state`] that says the job is closed.
const CLOSED: usize = 1 << (usize::BITS - 1);

impl Handoff {
    pub(super) fn new(n_helpers: usize) -> Self {
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
    pub(super) fn register(&self, thread: std::thread::Thread) {
        self.threads.lock().unwrap_or_else(|p| p.into_inner()).push(thread);
    }

    fn wake_helpers(&self) {
        for thread in self.threads.lock().unwrap_or_else(|p| p.into_inner()).iter() {
            thread.unpark();
        }
    }

    /// Main thread: the job is in place; helpers, go. Answers of earlier jobs are cleared, so
    /// that a helper that takes no part in this one leaves nothing behind.
    pub(super) fn start_job(&self) {
        for results in &self.results {
            results.lock().unwrap_or_else(|p| p.into_inner()).clear();
        }
        self.state.store(0, Ordering::Release);
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.wake_helpers();
    }

    /// Helper: joins the current job, unless the main thread has closed it.
    pub(super) fn join(&self) -> bool {
        self.state
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |state| {
                (state & CLOSED == 0).then_some(state + 1)
            })
            .is_ok()
    }

    /// Main thread: closes the job and waits for the helpers still working on it.
    pub(super) fn close_and_wait(&self) {
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
    pub(super) fn wait_for_next(&self, seen: u64) -> u64 {
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
pub(super) struct DoneOnDrop<'a>(pub(super) &'a Handoff);

impl Drop for DoneOnDrop<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.failed.store(true, Ordering::Release);
        }
        self.0.state.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Tells the helpers to stop when dropped.
pub(super) struct StopOnDrop<'a>(pub(super) &'a Handoff);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Release);
        self.0.generation.fetch_add(1, Ordering::AcqRel);
        self.0.wake_helpers();
    }
}
