//! Grundy values of games that always end.
//!
//! [`Memo`] evaluates any [`Ruleset`] on demand with a hash table and an explicit stack; a
//! position that is met again while it is still being evaluated proves a cycle, which is
//! reported (use the loopy solver) rather than looped on. [`dense_values`] fills a plain array
//! for an [`IndexedRuleset`], the fastest path when positions are numbered.

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::nimber::MexScratch;
use crate::ruleset::{options_within, IndexedRuleset, Options, Ruleset};
use std::collections::{HashMap, HashSet};

/// A memo table of Grundy values for one ruleset.
///
/// ```
/// use grundy::ruleset::{Options, Ruleset};
/// use grundy::solve::acyclic::Memo;
///
/// /// Take 1 or 2 from a heap.
/// struct TakeOneOrTwo;
/// impl Ruleset for TakeOneOrTwo {
///     type Position = u64;
///     fn options(&self, heap: &u64, options: &mut Options<u64>) -> grundy::Result<()> {
///         for take in 1..=2.min(*heap) {
///             options.push_one(heap - take);
///         }
///         Ok(())
///     }
/// }
/// let mut memo = Memo::new(&TakeOneOrTwo);
/// assert_eq!(memo.grundy_value(&1_000_000).unwrap(), 1_000_000 % 3);
/// ```
#[derive(Debug)]
pub struct Memo<'r, R: Ruleset> {
    ruleset: &'r R,
    values: HashMap<R::Position, u64>,
    limits: Limits,
    options: Options<R::Position>,
    mex: MexScratch,
}

impl<'r, R: Ruleset> Memo<'r, R> {
    /// An empty table with no limit on its size.
    pub fn new(ruleset: &'r R) -> Self {
        Self::with_limit(ruleset, usize::MAX)
    }

    /// An empty table that refuses to hold more than `limit` positions.
    pub fn with_limit(ruleset: &'r R, limit: usize) -> Self {
        Self::with_limits(ruleset, Limits { max_positions: limit, ..Limits::default() })
    }

    /// An empty table within `limits` (positions stored, options per position, cancellation).
    pub fn with_limits(ruleset: &'r R, limits: Limits) -> Self {
        Memo {
            ruleset,
            values: HashMap::new(),
            limits,
            options: Options::new(),
            mex: MexScratch::new(),
        }
    }

    /// The number of positions evaluated so far.
    pub fn n_positions(&self) -> usize {
        self.values.len()
    }

    /// The value of a position already evaluated.
    pub fn known_value(&self, position: &R::Position) -> Option<u64> {
        self.values.get(position).copied()
    }

    /// The Grundy value of `position`, evaluating whatever it needs.
    pub fn grundy_value(&mut self, position: &R::Position) -> Result<u64> {
        if let Some(&value) = self.values.get(position) {
            return Ok(value);
        }
        // Positions whose options are being evaluated: the current path of the search.
        let mut on_path: HashSet<R::Position> = HashSet::new();
        let mut stack: Vec<R::Position> = vec![position.clone()];
        while let Some(top) = stack.last() {
            if self.values.contains_key(top) {
                stack.pop();
                continue;
            }
            let top = top.clone();
            options_within(self.ruleset, &top, &mut self.options, &self.limits)?;
            let mut pushed = false;
            for component in self.options.all_components() {
                if self.values.contains_key(component) {
                    continue;
                }
                if on_path.contains(component) || *component == top {
                    return Err(Error::Cycle { position: format!("{component:?}") });
                }
                stack.push(component.clone());
                pushed = true;
            }
            if pushed {
                on_path.insert(top);
                // Positions on the path count too: a chain that never ends stops at the limit.
                self.limits.count_positions(self.values.len() + on_path.len())?;
                continue;
            }
            let values = &self.values;
            let option_values = self
                .options
                .iter()
                .map(|parts| parts.iter().fold(0, |acc, part| acc ^ values[part]));
            let value = self.mex.mex(option_values);
            self.limits.count_positions(self.values.len() + 1)?;
            if self.values.len().is_multiple_of(4096) {
                self.limits.check()?;
            }
            on_path.remove(&top);
            self.values.insert(top, value);
            stack.pop();
        }
        Ok(self.values[position])
    }
}

/// The Grundy values of positions `0..n_positions` of an indexed ruleset, in one pass.
///
/// ```
/// # use grundy::ruleset::{IndexedRuleset, Options, Ruleset};
/// # struct TakeOneOrTwo;
/// # impl Ruleset for TakeOneOrTwo {
/// #     type Position = u64;
/// #     fn options(&self, heap: &u64, options: &mut Options<u64>) -> grundy::Result<()> {
/// #         for take in 1..=2.min(*heap) { options.push_one(heap - take); }
/// #         Ok(())
/// #     }
/// # }
/// # impl IndexedRuleset for TakeOneOrTwo {
/// #     fn index_of(&self, heap: &u64) -> usize { *heap as usize }
/// #     fn position_at(&self, idx: usize) -> u64 { idx as u64 }
/// # }
/// let values = grundy::solve::acyclic::dense_values(&TakeOneOrTwo, 7).unwrap();
/// assert_eq!(values, [0, 1, 2, 0, 1, 2, 0]);
/// ```
pub fn dense_values<R: IndexedRuleset>(ruleset: &R, n_positions: usize) -> Result<Vec<u64>> {
    let mut values: Vec<u64> = Vec::with_capacity(n_positions);
    let mut options = Options::new();
    let mut mex = MexScratch::new();
    for pos_idx in 0..n_positions {
        options.clear();
        ruleset.options(&ruleset.position_at(pos_idx), &mut options)?;
        for component in options.all_components() {
            let option_idx = ruleset.index_of(component);
            if option_idx >= pos_idx {
                return Err(Error::Unsupported(format!(
                    "position {pos_idx} has an option numbered {option_idx}, not below it"
                )));
            }
        }
        let value =
            mex.mex(options.iter().map(|parts| {
                parts.iter().fold(0, |acc, part| acc ^ values[ruleset.index_of(part)])
            }));
        values.push(value);
    }
    Ok(values)
}
