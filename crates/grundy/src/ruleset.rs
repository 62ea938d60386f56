//! What a game is: positions, and the options of each position written into a buffer the
//! caller owns.
//!
//! A move may split one component into several independent components (a Kayles move can leave
//! two rows), so an option is a list of components, possibly empty (the component vanished).
//! Solvers use that structure: by the Sprague–Grundy theorem the value of an option is the XOR
//! of its components' values, so they only ever evaluate single components.

use crate::error::{Error, Result};
use crate::limits::{Limit, Limits};
use std::fmt::Debug;
use std::hash::Hash;

/// The options of one position: a flat list of components with the end of each option.
///
/// Reusing one buffer across calls means generating options allocates nothing in steady state.
///
/// ```
/// use grundy::ruleset::Options;
/// let mut options = Options::new();
/// options.push([3u64, 4]); // a split into two heaps
/// options.push([]);        // the component vanishes
/// assert_eq!(options.len(), 2);
/// assert_eq!(options.get(0), &[3, 4]);
/// assert!(options.get(1).is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct Options<P> {
    components: Vec<P>,
    ends: Vec<usize>,
    max_options: usize,
    overflowed: bool,
    /// The machine gave no more memory for the list (it is then full, and overflowed).
    out_of_memory: bool,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Options {
            components: Vec::new(),
            ends: Vec::new(),
            max_options: usize::MAX,
            overflowed: false,
            out_of_memory: false,
        }
    }
}

impl<P> Options<P> {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty buffer that holds at most `max_options` options: past that, [`Options::push`]
    /// drops the option and [`Options::overflowed`] says so, so that a position with
    /// astronomically many options costs memory by the limit, never by its size.
    ///
    /// ```
    /// use grundy::ruleset::Options;
    /// let mut options = Options::with_limit(2);
    /// for heap in 0..5u64 { options.push_one(heap); }
    /// assert_eq!(options.len(), 2);
    /// assert!(options.overflowed() && options.is_full());
    /// ```
    pub fn with_limit(max_options: usize) -> Self {
        Options { max_options, ..Self::default() }
    }

    /// Forgets every option, keeping the memory and the limit.
    pub fn clear(&mut self) {
        self.components.clear();
        self.ends.clear();
        self.overflowed = false;
        self.out_of_memory = false;
    }

    /// Whether the buffer holds as many options as its limit allows; rules that list very many
    /// options check this in their loops and stop early.
    pub fn is_full(&self) -> bool {
        self.ends.len() >= self.max_options || self.out_of_memory
    }

    /// Whether the list stopped because the machine gave no more memory for it (a position
    /// with very many options under a memory limit): an answer that needs it cannot be had.
    pub fn ran_out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// Room for one more option of up to four parts, asked for without aborting when memory
    /// runs out (lists of millions of options are where it does); `false` marks the list
    /// full instead.
    fn make_room(&mut self) -> bool {
        let grow = |len: usize| len.max(16);
        let ok = (self.ends.len() < self.ends.capacity()
            || self.ends.try_reserve(grow(self.ends.len())).is_ok())
            && (self.components.capacity() - self.components.len() >= 4
                || self.components.try_reserve(grow(self.components.len())).is_ok());
        if !ok {
            self.out_of_memory = true;
            self.overflowed = true;
        }
        ok
    }

    /// Whether an option was dropped because the buffer was full.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Adds one option made of `parts` (empty when the component vanishes).
    pub fn push<I: IntoIterator<Item = P>>(&mut self, parts: I) {
        if self.is_full() {
            self.overflowed = true;
            return;
        }
        if !self.make_room() {
            return;
        }
        self.components.extend(parts);
        self.ends.push(self.components.len());
    }

    /// Adds one option that is a single component.
    pub fn push_one(&mut self, part: P) {
        if self.is_full() {
            self.overflowed = true;
            return;
        }
        if !self.make_room() {
            return;
        }
        self.components.push(part);
        self.ends.push(self.components.len());
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option (a terminal position).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The components of option `option_idx`.
    pub fn get(&self, option_idx: usize) -> &[P] {
        let start = if option_idx == 0 { 0 } else { self.ends[option_idx - 1] };
        &self.components[start..self.ends[option_idx]]
    }

    /// Every option in order.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(move |option_idx| self.get(option_idx))
    }

    /// Every component of every option, flattened.
    pub fn all_components(&self) -> &[P] {
        &self.components
    }
}

/// The rules of a game whose positions are sums of components of type `Position`.
///
/// Only the rules: how components are solved is the business of the solvers in
/// [`crate::solve`], which take any ruleset. Rules can fail (a user's script throws, or lists
/// something that is not a position); a solver passes the error on.
pub trait Ruleset {
    /// One component of a position.
    type Position: Clone + Eq + Hash + Ord + Debug;

    /// Writes every option of `position` into `options` (which the caller has cleared). Rules
    /// that can list very many options stop once [`Options::is_full`].
    fn options(
        &self,
        position: &Self::Position,
        options: &mut Options<Self::Position>,
    ) -> Result<()>;

    /// The bytes one stored copy of `position` takes, counted against [`Limits::max_bytes`] by
    /// the solvers that keep positions. Rules whose positions have a fixed size need not say;
    /// rules whose positions can grow without bound (a script's arrays and strings) must, or
    /// a few hundred bytes of rules could fill the machine's memory.
    fn position_bytes(&self, _position: &Self::Position) -> usize {
        std::mem::size_of::<Self::Position>()
    }
}

/// Lists the options of `position` into `options` (cleared first), with the limit on options
/// applied: an error names the position when it has more options than `limits` allow.
pub fn options_within<R: Ruleset + ?Sized>(
    ruleset: &R,
    position: &R::Position,
    options: &mut Options<R::Position>,
    limits: &Limits,
) -> Result<()> {
    options.clear();
    options.max_options = limits.max_options;
    ruleset.options(position, options)?;
    if options.ran_out_of_memory() {
        return Err(Error::limit(
            Limit::Memory,
            limits.max_bytes,
            format!(
                "position {position:?} has more options than memory can hold (the machine gave \
                 no more after {})",
                options.len()
            ),
        ));
    }
    if options.overflowed() {
        return Err(Error::limit(
            Limit::Options,
            limits.max_options as u64,
            format!("position {position:?} has more than {} options", limits.max_options),
        ));
    }
    Ok(())
}

/// A ruleset whose positions are numbered 0, 1, 2, … such that every component of every
/// option of position `i` has a smaller number: the dense solver fills a plain array in order.
pub trait IndexedRuleset: Ruleset {
    /// The number of a position.
    fn index_of(&self, position: &Self::Position) -> usize;
    /// The position numbered `pos_idx`.
    fn position_at(&self, pos_idx: usize) -> Self::Position;
}
