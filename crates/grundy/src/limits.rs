//! How much work an answer may take: one value that every solver receives, in place of limits
//! scattered as constants.
//!
//! A limit reached is an [`Error::Limit`] that says which limit; the answer is never guessed.
//! Cancellation (a flag a front end sets on Ctrl-C or a closed connection) and a deadline are
//! checked at the same places, often enough that a long computation stops within a fraction of
//! a second.

pub use crate::error::Limit;
use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The limits of one computation. `Limits::default()` is what the command line uses.
///
/// ```
/// use grundy::Limits;
/// let limits = Limits { max_positions: 1000, ..Limits::default() };
/// assert!(limits.count_positions(1000).is_ok());
/// let err = limits.count_positions(1001).unwrap_err();
/// assert!(err.is_limit() && err.to_string().contains("1000"));
/// ```
#[derive(Debug, Clone)]
pub struct Limits {
    /// Distinct positions a memo table or an exploration may store.
    pub max_positions: usize,
    /// Positions (whole multisets of components) a whole-position search may visit: misère
    /// play of games with no closed form.
    pub max_whole_positions: usize,
    /// Options one position may have before it is refused as too large to expand.
    pub max_options: usize,
    /// The largest heap whose value is computed one by one when no period is proven; games
    /// whose heaps cost more than a simple game's get proportionally fewer
    /// ([`crate::sequence::cost`]).
    pub max_heap: u64,
    /// The largest heap whose value is computed one by one by the straightforward engine
    /// (codes the fast engine does not take: repeating digits, three-heap splits), whose work
    /// grows with the square or cube of the heap.
    pub max_heap_straightforward: u64,
    /// Positions a search for one value may visit (Moore's Nim_K), past which the answer gives
    /// the outcome and winning moves by the theorem, without the value.
    pub max_value_search: u64,
    /// Winning moves listed one by one (Moore's Nim_K), past which one is given and the list
    /// marked incomplete.
    pub max_moves_listed: u64,
    /// Nodes of a graph explored to explain a position's labelling.
    pub max_region_explained: usize,
    /// The largest heap whose genus a misère answer looks for (the tame-sum rule and the
    /// genera shown with `solve --misere`).
    pub max_genus_heap: u64,
    /// Whole positions the quick misère quotient of a `solve --misere` answer may search
    /// (small, so that it fails within a second or two where the quotient is large).
    pub quick_quotient_positions: usize,
    /// Operations of one call of a script function.
    pub max_operations: u64,
    /// Bytes one answer may allocate for its tables (sequences, graphs, tables of values).
    pub max_bytes: u64,
    /// Set from outside (Ctrl-C, a closed connection) to stop the computation.
    pub cancel: Option<Arc<AtomicBool>>,
    /// When the computation must stop.
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 10_000_000,
            max_whole_positions: 2_000_000,
            max_options: 10_000_000,
            max_heap: 1 << 22,
            max_heap_straightforward: 1 << 12,
            max_value_search: 200_000,
            max_moves_listed: 1_000_000,
            max_region_explained: 100_000,
            max_genus_heap: 300,
            quick_quotient_positions: 5_000,
            max_operations: 1_000_000,
            max_bytes: 16 << 30,
            cancel: None,
            deadline: None,
        }
    }
}

impl Limits {
    /// An error if the computation was cancelled or is past its deadline.
    pub fn check(&self) -> Result<()> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Err(Error::Cancelled("interrupted".into()));
            }
        }
        if let Some(deadline) = self.deadline {
            if Instant::now() >= deadline {
                return Err(Error::Cancelled("the time limit for this answer ran out".into()));
            }
        }
        Ok(())
    }

    /// Whether [`Limits::check`] would fail, for loops that poll without building an error.
    pub fn is_stopped(&self) -> bool {
        self.check().is_err()
    }

    /// An error if `n_positions` passes [`Limits::max_positions`].
    pub fn count_positions(&self, n_positions: usize) -> Result<()> {
        if n_positions > self.max_positions {
            return Err(Error::limit(
                Limit::Positions,
                self.max_positions as u64,
                format!("more than {} distinct positions are reachable", self.max_positions),
            ));
        }
        Ok(())
    }

    /// An error if one position's `n_options` pass [`Limits::max_options`].
    pub fn count_options(&self, n_options: usize, position: &dyn std::fmt::Display) -> Result<()> {
        if n_options > self.max_options {
            return Err(Error::limit(
                Limit::Options,
                self.max_options as u64,
                format!("position {position} has more than {} options", self.max_options),
            ));
        }
        Ok(())
    }

    /// An error if `bytes` more would pass [`Limits::max_bytes`].
    pub fn count_bytes(&self, bytes: u64, what: &str) -> Result<()> {
        if bytes > self.max_bytes {
            return Err(Error::limit(
                Limit::Memory,
                self.max_bytes,
                format!("{what} would need {} MiB", bytes >> 20),
            ));
        }
        Ok(())
    }
}

/// Whether `bytes` of memory can be had now (they are given back at once): asked before a
/// large computation allocates piece by piece, so that a machine without the memory (or a
/// process under an address-space limit) gets an error rather than an abort.
pub(crate) fn memory_available(bytes: usize) -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).is_ok()
}
