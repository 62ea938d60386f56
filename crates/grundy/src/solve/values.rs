//! The one value solver for any ruleset: memoized Grundy values, and Smith's values where the
//! game has cycles, without the rules having to say which.
//!
//! A value is first sought depth-first with an explicit stack, as for a game that always ends.
//! When the search meets a position already on its path (a cycle) or an option already known to
//! be infinite, every position reachable from the root that is not yet known is explored into a
//! [`GameGraph`] and labelled by Smith's generalized values ([`loopy_values`]).
//!
//! Splits inside such a region are exact too, as long as the parts cannot lead back into it:
//! each part's value is found first (recursively, the same way), and the option becomes a
//! small *gadget* in the graph, a node whose generalized value is the sum's value. A finite
//! value `v` is the node with options of every value below it (a Nim heap); ∞(K) is the node
//! with options of the values in K and one to a node that loops on itself. Smith's conditions
//! only look at the values of options and at the finite values among *their* options, which the
//! gadget has exactly, so the labels of the region's own positions are those of the real game.
//! A part that leads back into the region under exploration is refused
//! ([`Error::Unsupported`]): that is a system of equations no labelling solves, and it is never
//! answered wrongly.
//!
//! Every region gets counters after the regions before it, so a move to a value-0 position with
//! the smallest counter always makes progress: earlier regions cannot reach later ones.

use super::loopy::{loopy_values, LoopyValue};
use super::sum::sum_value;
use crate::error::{Error, Result};
use crate::game_graph::GameGraph;
use crate::limits::Limits;
use crate::nimber::MexScratch;
use crate::ruleset::{options_within, Options, Ruleset};
use std::collections::{HashMap, HashSet};

#[derive(Debug, Clone)]
struct Known {
    value: LoopyValue,
    /// Smith's counter for positions of a loopy region; `None` for positions found by the
    /// acyclic search (play from them always ends).
    counter: Option<u64>,
}

/// Memoized values of one ruleset's positions, finite or Smith's ∞(K).
///
/// ```
/// use grundy::ruleset::{Options, Ruleset};
/// use grundy::solve::{loopy::LoopyValue, values::ValueSolver};
/// /// 0 <-> 1 -> 2 (2 has no move): a cycle with an exit.
/// struct Ring;
/// impl Ruleset for Ring {
///     type Position = u8;
///     fn options(&self, p: &u8, options: &mut Options<u8>) -> grundy::Result<()> {
///         match p { 0 => options.push_one(1), 1 => { options.push_one(0); options.push_one(2) } _ => {} }
///         Ok(())
///     }
/// }
/// let mut solver = ValueSolver::new(&Ring, grundy::Limits::default());
/// assert_eq!(solver.value(&0)?, LoopyValue::Finite(0));
/// assert_eq!(solver.value(&1)?, LoopyValue::Finite(1));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug)]
pub struct ValueSolver<'r, R: Ruleset + ?Sized> {
    ruleset: &'r R,
    limits: Limits,
    known: HashMap<R::Position, Known>,
    /// Positions of regions being explored: a split part that reaches one is refused.
    exploring: HashSet<R::Position>,
    options: Options<R::Position>,
    mex: MexScratch,
    next_counter: u64,
}

/// What the depth-first search found.
enum Search {
    Done,
    /// A cycle or an infinite option: the root needs the loopy labelling.
    Loopy,
}

impl<'r, R: Ruleset + ?Sized> ValueSolver<'r, R> {
    /// A solver with nothing known yet.
    pub fn new(ruleset: &'r R, limits: Limits) -> Self {
        ValueSolver {
            ruleset,
            limits,
            known: HashMap::new(),
            exploring: HashSet::new(),
            options: Options::new(),
            mex: MexScratch::new(),
            next_counter: 1,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &'r R {
        self.ruleset
    }

    /// The limits the solver runs within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The number of positions whose values are stored.
    pub fn n_positions(&self) -> usize {
        self.known.len()
    }

    /// Smith's counter of a position already solved in a loopy region (smaller: labelled
    /// earlier); `Some(0)` for positions from which play always ends.
    pub fn counter(&self, position: &R::Position) -> Option<u64> {
        self.known.get(position).map(|known| known.counter.unwrap_or(0))
    }

    /// The value of an option made of `parts` (the XOR of finite values, Smith's rules for ∞).
    pub fn sum_value(&mut self, parts: &[R::Position]) -> Result<LoopyValue> {
        let values: Vec<LoopyValue> = parts.iter().map(|p| self.value(p)).collect::<Result<_>>()?;
        Ok(sum_value(&values))
    }

    /// The value of `position`, computing whatever it needs.
    pub fn value(&mut self, position: &R::Position) -> Result<LoopyValue> {
        if let Some(known) = self.known.get(position) {
            return Ok(known.value.clone());
        }
        if self.exploring.contains(position) {
            return Err(Error::Unsupported(format!(
                "a move splits a position into independent parts one of which leads back to \
                 {position:?}, through a cycle: sums inside a cycle are not solved here"
            )));
        }
        match self.search(position)? {
            Search::Done => {}
            Search::Loopy => self.label_region(position)?,
        }
        Ok(self.known[position].value.clone())
    }

    fn store(&mut self, position: R::Position, known: Known) -> Result<()> {
        self.known.insert(position, known);
        self.limits.count_positions(self.known.len())?;
        if self.known.len() % 4096 == 0 {
            self.limits.check()?;
        }
        Ok(())
    }

    /// Depth-first evaluation as for a game that always ends; stops at the first sign of a
    /// cycle.
    fn search(&mut self, root: &R::Position) -> Result<Search> {
        let mut on_path: HashSet<R::Position> = HashSet::new();
        let mut stack: Vec<R::Position> = vec![root.clone()];
        while let Some(top) = stack.last() {
            if self.known.contains_key(top) {
                stack.pop();
                continue;
            }
            let top = top.clone();
            if self.exploring.contains(&top) {
                return Err(Error::Unsupported(format!(
                    "a move splits a position into independent parts one of which leads back to \
                     {top:?}, through a cycle: sums inside a cycle are not solved here"
                )));
            }
            options_within(self.ruleset, &top, &mut self.options, &self.limits)?;
            let mut pushed = false;
            for component in self.options.all_components() {
                match self.known.get(component) {
                    Some(Known { value: LoopyValue::Infinite(_), .. }) => return Ok(Search::Loopy),
                    Some(_) => continue,
                    None => {}
                }
                if on_path.contains(component) || *component == top {
                    return Ok(Search::Loopy);
                }
                stack.push(component.clone());
                pushed = true;
            }
            if pushed {
                on_path.insert(top);
                continue;
            }
            let known = &self.known;
            let finite = |part: &R::Position| known[part].value.finite().unwrap_or(0);
            let option_values =
                self.options.iter().map(|parts| parts.iter().fold(0, |acc, p| acc ^ finite(p)));
            let value = self.mex.mex(option_values);
            on_path.remove(&top);
            stack.pop();
            self.store(top, Known { value: LoopyValue::Finite(value), counter: None })?;
        }
        Ok(Search::Done)
    }

    /// Explores every position reachable from `root` that is not yet known, and labels them by
    /// Smith's values (with gadgets for split options and for positions known already).
    fn label_region(&mut self, root: &R::Position) -> Result<()> {
        let mut index: HashMap<R::Position, u32> = HashMap::new();
        let mut region: Vec<R::Position> = Vec::new();
        index.insert(root.clone(), 0);
        region.push(root.clone());
        self.exploring.insert(root.clone());
        let result = self.explore_and_label(&mut index, &mut region);
        for position in &region {
            self.exploring.remove(position);
        }
        result
    }

    fn explore_and_label(
        &mut self,
        index: &mut HashMap<R::Position, u32>,
        region: &mut Vec<R::Position>,
    ) -> Result<()> {
        // Successors of region nodes, as targets: a region node, or a gadget of a known value.
        enum Target {
            Node(u32),
            Gadget(LoopyValue),
        }
        let mut successor_lists: Vec<Vec<Target>> = Vec::new();
        let mut options = Options::new();
        let mut next_idx = 0;
        while next_idx < region.len() {
            let position = region[next_idx].clone();
            options_within(self.ruleset, &position, &mut options, &self.limits)?;
            let mut targets = Vec::with_capacity(options.len());
            for parts in options.iter() {
                if parts.len() == 1 {
                    let part = &parts[0];
                    if let Some(known) = self.known.get(part) {
                        targets.push(Target::Gadget(known.value.clone()));
                        continue;
                    }
                    let idx = match index.get(part) {
                        Some(&idx) => idx,
                        None if self.exploring.contains(part) => {
                            return Err(Error::Unsupported(format!(
                                "a move splits a position into independent parts one of which                                  leads back to {part:?}, through a cycle: sums inside a cycle are                                  not solved here"
                            )));
                        }
                        None => {
                            let idx = region.len() as u32;
                            index.insert(part.clone(), idx);
                            region.push(part.clone());
                            self.exploring.insert(part.clone());
                            self.limits.count_positions(self.known.len() + region.len())?;
                            if region.len() % 4096 == 0 {
                                self.limits.check()?;
                            }
                            idx
                        }
                    };
                    targets.push(Target::Node(idx));
                } else {
                    // The parts of a split: their values first, then a gadget of their sum.
                    let parts = parts.to_vec();
                    let value = self.sum_value(&parts)?;
                    targets.push(Target::Gadget(value));
                }
            }
            successor_lists.push(targets);
            next_idx += 1;
        }
        // Gadgets: finite values 0..=max as a Nim heap each; ∞(K) as K plus a self-loop node.
        let n_region = region.len() as u32;
        let mut lists: Vec<Vec<u32>> = Vec::with_capacity(region.len() + 8);
        lists.resize_with(region.len(), Vec::new);
        let mut finite_gadgets: Vec<u32> = Vec::new();
        let mut infinite_gadgets: HashMap<Vec<u64>, u32> = HashMap::new();
        let mut loop_node: Option<u32> = None;
        fn finite_gadget(value: u64, gadgets: &mut Vec<u32>, lists: &mut Vec<Vec<u32>>) -> u32 {
            while gadgets.len() as u64 <= value {
                let node = lists.len() as u32;
                lists.push(gadgets.clone());
                gadgets.push(node);
            }
            gadgets[value as usize]
        }
        let max_gadget_value = 1u64 << 16;
        for (node_idx, targets) in successor_lists.into_iter().enumerate() {
            let mut successors = Vec::with_capacity(targets.len());
            for target in targets {
                let node = match target {
                    Target::Node(idx) => idx,
                    Target::Gadget(LoopyValue::Finite(value)) => {
                        if value > max_gadget_value {
                            return Err(Error::Unsupported(format!(
                                "an option of a position in a cycle has value {value}, too large \
                                 to stand for in the loopy labelling"
                            )));
                        }
                        finite_gadget(value, &mut finite_gadgets, &mut lists)
                    }
                    Target::Gadget(LoopyValue::Infinite(set)) => {
                        if let Some(&node) = infinite_gadgets.get(&set) {
                            node
                        } else {
                            let mut succ: Vec<u32> = Vec::with_capacity(set.len() + 1);
                            for &value in &set {
                                if value > max_gadget_value {
                                    return Err(Error::Unsupported(format!(
                                        "an option of a position in a cycle has value ∞ with {value} \
                                         among its options, too large to stand for"
                                    )));
                                }
                                succ.push(finite_gadget(value, &mut finite_gadgets, &mut lists));
                            }
                            let looping = *loop_node.get_or_insert_with(|| {
                                let node = lists.len() as u32;
                                lists.push(vec![node]);
                                node
                            });
                            succ.push(looping);
                            let node = lists.len() as u32;
                            lists.push(succ);
                            infinite_gadgets.insert(set, node);
                            node
                        }
                    }
                };
                successors.push(node);
            }
            lists[node_idx] = successors;
        }
        let graph = GameGraph::from_successors(&lists);
        let labels = loopy_values(&graph, &graph.predecessors());
        let base = self.next_counter;
        let mut largest = 0u64;
        for (node, position) in region.iter().enumerate().take(n_region as usize) {
            let counter = labels.counter(node as u32).map(|c| base + u64::from(c));
            largest = largest.max(counter.unwrap_or(0));
            let value = labels.value(node as u32);
            self.store(position.clone(), Known { value, counter: counter.or(Some(u64::MAX)) })?;
        }
        self.next_counter = largest.max(base) + lists.len() as u64 + 1;
        Ok(())
    }
}
