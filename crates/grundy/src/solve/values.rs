//! The one value solver for any ruleset: memoized Grundy values, and Smith's values where the
//! game has cycles, without the rules having to say which.
//!
//! A value is first sought depth-first with an explicit stack, as for a game that always ends.
//! When the search meets a position already on its path (a cycle) or an option already known to
//! be infinite, every position reachable from the root that is not yet known is explored into a
//! [`GameGraph`] and labelled by Smith's generalized values ([`loopy_values`]).
//!
//! The region is split into strongly connected components (every part of every option counts
//! as an edge), labelled sinks first. Within a component, an option that leaves it is a small
//! *gadget* standing for its value, known by then: a finite value `v` is a node with options of
//! every value below it (a Nim heap); ∞(K) is a node with options of the values in K and one to
//! a node that loops on itself. Smith's conditions only look at the values of options and at
//! the finite values among *their* options, which the gadget has exactly, and the generalized
//! values are unique, so the labels of the component's positions are those of the real game.
//! This makes splits exact wherever their parts cannot lead back to the position split; a split
//! with a part in its own component (a sum inside a cycle) is refused ([`Error::Unsupported`]):
//! that is a system of equations no labelling solves, and it is never answered wrongly.
//!
//! Every component gets counters after the components before it, so a move to a value-0
//! position with the smallest counter always makes progress: earlier components cannot reach
//! later ones.

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
    options: Options<R::Position>,
    mex: MexScratch,
    next_counter: u64,
    /// Bytes of the positions in `known` (as the rules count them), charged against
    /// [`Limits::max_bytes`].
    known_bytes: u64,
}

/// An option of an explored position: its parts, each a position of the region or one whose
/// value was known before.
struct Choice {
    targets: Vec<Target>,
}

enum Target {
    Node(u32),
    Known(LoopyValue),
}

/// Nodes standing for known values in a labelling: a finite value `v` is a node with options of
/// every value below it (a Nim heap); ∞(K) is a node with options of the values in K and one to
/// a node that loops on itself.
#[derive(Default)]
struct Gadgets {
    finite: Vec<u32>,
    infinite: HashMap<Vec<u64>, u32>,
    looping: Option<u32>,
}

/// Gadgets are built for values up to this; larger values in a cycle's options are refused.
const MAX_GADGET_VALUE: u64 = 1 << 16;

impl Gadgets {
    fn finite_node(&mut self, value: u64, lists: &mut Vec<Vec<u32>>) -> Result<u32> {
        if value > MAX_GADGET_VALUE {
            return Err(Error::Unsupported(format!(
                "an option of a position in a cycle has value {value}, too large to stand for in \
                 the loopy labelling"
            )));
        }
        while self.finite.len() as u64 <= value {
            let node = lists.len() as u32;
            lists.push(self.finite.clone());
            self.finite.push(node);
        }
        Ok(self.finite[value as usize])
    }

    fn node(&mut self, value: &LoopyValue, lists: &mut Vec<Vec<u32>>) -> Result<u32> {
        match value {
            LoopyValue::Finite(v) => self.finite_node(*v, lists),
            LoopyValue::Infinite(set) => {
                if let Some(&node) = self.infinite.get(set) {
                    return Ok(node);
                }
                let mut successors = Vec::with_capacity(set.len() + 1);
                for &v in set {
                    successors.push(self.finite_node(v, lists)?);
                }
                let looping = *self.looping.get_or_insert_with(|| {
                    let node = lists.len() as u32;
                    lists.push(vec![node]);
                    node
                });
                successors.push(looping);
                let node = lists.len() as u32;
                lists.push(successors);
                self.infinite.insert(set.clone(), node);
                Ok(node)
            }
        }
    }
}

/// The strongly connected components of the graph whose edges are every part of every option,
/// sinks first (Tarjan's algorithm, iterative).
fn strongly_connected(options: &[Vec<Choice>]) -> Vec<Vec<u32>> {
    let n = options.len();
    let successors = |node: usize| {
        options[node].iter().flat_map(|choice| choice.targets.iter()).filter_map(|t| match t {
            Target::Node(idx) => Some(*idx as usize),
            Target::Known(_) => None,
        })
    };
    const UNSEEN: usize = usize::MAX;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut components = Vec::new();
    let mut counter = 0;
    for start in 0..n {
        if order[start] != UNSEEN {
            continue;
        }
        // (node, its successors not yet looked at)
        let mut work: Vec<(usize, Vec<usize>)> = vec![(start, successors(start).collect())];
        order[start] = counter;
        low[start] = counter;
        counter += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some((node, pending)) = work.last_mut() {
            let node = *node;
            if let Some(next) = pending.pop() {
                if order[next] == UNSEEN {
                    order[next] = counter;
                    low[next] = counter;
                    counter += 1;
                    stack.push(next);
                    on_stack[next] = true;
                    work.push((next, successors(next).collect()));
                } else if on_stack[next] {
                    low[node] = low[node].min(order[next]);
                }
                continue;
            }
            work.pop();
            if let Some((parent, _)) = work.last() {
                low[*parent] = low[*parent].min(low[node]);
            }
            if low[node] == order[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member as u32);
                    if member == node {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}

/// The positions of an explored region, and the options of each.
type Region<P> = (Vec<P>, Vec<Vec<Choice>>);

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
            options: Options::new(),
            mex: MexScratch::new(),
            next_counter: 1,
            known_bytes: 0,
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
        match self.search(position)? {
            Search::Done => {}
            Search::Loopy => self.label_region(position)?,
        }
        Ok(self.known[position].value.clone())
    }

    /// The bytes of one stored copy of `position`, with the memo table's own entry.
    fn bytes_of(&self, position: &R::Position) -> u64 {
        (self.ruleset.position_bytes(position) + std::mem::size_of::<Known>()) as u64
    }

    /// An error if the positions stored and `more_bytes` besides pass the memory limit.
    fn count_bytes(&self, more_bytes: u64) -> Result<()> {
        self.limits.count_bytes(self.known_bytes.saturating_add(more_bytes), "the positions stored")
    }

    fn store(&mut self, position: R::Position, known: Known) -> Result<()> {
        self.known_bytes += self.bytes_of(&position);
        self.known.insert(position, known);
        self.limits.count_positions(self.known.len())?;
        self.count_bytes(0)?;
        if self.known.len().is_multiple_of(4096) {
            self.limits.check()?;
        }
        Ok(())
    }

    /// Depth-first evaluation as for a game that always ends; stops at the first sign of a
    /// cycle.
    fn search(&mut self, root: &R::Position) -> Result<Search> {
        let mut on_path: HashSet<R::Position> = HashSet::new();
        let mut stack: Vec<R::Position> = vec![root.clone()];
        // Bytes of the positions on the stack, counted twice: a position on the path is also
        // in `on_path`.
        let mut stack_bytes = 2 * self.bytes_of(root);
        while let Some(top) = stack.last() {
            if self.known.contains_key(top) {
                stack_bytes -= 2 * self.bytes_of(top);
                stack.pop();
                continue;
            }
            let top = top.clone();
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
                stack_bytes += 2 * self.bytes_of(component);
                self.count_bytes(stack_bytes)?;
                stack.push(component.clone());
                pushed = true;
            }
            if pushed {
                on_path.insert(top);
                // Positions on the path count too: a game with infinitely many positions (a
                // chain that never ends) stops at the limit, in bounded memory.
                self.limits.count_positions(self.known.len() + on_path.len())?;
                if on_path.len() % 4096 == 0 {
                    self.limits.check()?;
                }
                continue;
            }
            let known = &self.known;
            let finite = |part: &R::Position| known[part].value.finite().unwrap_or(0);
            let option_values =
                self.options.iter().map(|parts| parts.iter().fold(0, |acc, p| acc ^ finite(p)));
            let value = self.mex.mex(option_values);
            on_path.remove(&top);
            stack_bytes -= 2 * self.bytes_of(&top);
            stack.pop();
            self.store(top, Known { value: LoopyValue::Finite(value), counter: None })?;
        }
        Ok(Search::Done)
    }

    /// Explores every position reachable from `root` that is not yet known (through every
    /// part of every option), splits the region into strongly connected components, and labels
    /// them sinks first: each component by Smith's labelling of its own positions, with every
    /// option that leaves it standing as a gadget of its (by then known) value.
    fn label_region(&mut self, root: &R::Position) -> Result<()> {
        let (nodes, options) = self.explore(root)?;
        let components = strongly_connected(&options);
        for component in components {
            self.label_component(&nodes, &options, &component)?;
        }
        Ok(())
    }

    /// Every unknown position reachable from `root`, numbered, with its options.
    fn explore(&mut self, root: &R::Position) -> Result<Region<R::Position>> {
        let mut index: HashMap<R::Position, u32> = HashMap::new();
        let mut nodes: Vec<R::Position> = vec![root.clone()];
        index.insert(root.clone(), 0);
        let mut all_options: Vec<Vec<Choice>> = Vec::new();
        let mut options = Options::new();
        // Two copies of every node: the list and the index.
        let mut region_bytes = 2 * self.bytes_of(root);
        while all_options.len() < nodes.len() {
            let position = nodes[all_options.len()].clone();
            options_within(self.ruleset, &position, &mut options, &self.limits)?;
            let mut choices = Vec::with_capacity(options.len());
            for parts in options.iter() {
                let mut targets = Vec::with_capacity(parts.len());
                for part in parts {
                    if let Some(known) = self.known.get(part) {
                        targets.push(Target::Known(known.value.clone()));
                        continue;
                    }
                    let idx = match index.get(part) {
                        Some(&idx) => idx,
                        None => {
                            let idx = nodes.len() as u32;
                            region_bytes += 2 * self.bytes_of(part);
                            self.count_bytes(region_bytes)?;
                            index.insert(part.clone(), idx);
                            nodes.push(part.clone());
                            self.limits.count_positions(self.known.len() + nodes.len())?;
                            if nodes.len() % 4096 == 0 {
                                self.limits.check()?;
                            }
                            idx
                        }
                    };
                    targets.push(Target::Node(idx));
                }
                choices.push(Choice { targets });
            }
            all_options.push(choices);
        }
        Ok((nodes, all_options))
    }

    /// The value of a target once every component below has been labelled.
    fn target_value(&self, nodes: &[R::Position], target: &Target) -> LoopyValue {
        match target {
            Target::Known(value) => value.clone(),
            Target::Node(idx) => self.known[&nodes[*idx as usize]].value.clone(),
        }
    }

    fn label_component(
        &mut self,
        nodes: &[R::Position],
        options: &[Vec<Choice>],
        component: &[u32],
    ) -> Result<()> {
        let inside = |target: &Target| match target {
            Target::Node(idx) => component.contains(idx),
            Target::Known(_) => false,
        };
        // An option that stays in the component: a single part (an edge of the graph), or a
        // split with a part inside, which no labelling solves.
        for &node in component {
            for choice in &options[node as usize] {
                if choice.targets.len() > 1 && choice.targets.iter().any(inside) {
                    return Err(Error::Unsupported(format!(
                        "a move of position {:?} splits it into independent parts one of which \
                         leads back to it, through a cycle: sums inside a cycle are not solved here",
                        nodes[node as usize]
                    )));
                }
            }
        }
        let cyclic = component.len() > 1
            || options[component[0] as usize]
                .iter()
                .any(|choice| choice.targets.len() == 1 && inside(&choice.targets[0]));
        // The values of the options that leave the component.
        let outside_value = |solver: &Self, choice: &Choice| -> LoopyValue {
            let values: Vec<LoopyValue> =
                choice.targets.iter().map(|t| solver.target_value(nodes, t)).collect();
            sum_value(&values)
        };
        if !cyclic {
            let node = component[0] as usize;
            let values: Vec<LoopyValue> =
                options[node].iter().map(|choice| outside_value(self, choice)).collect();
            if values.iter().all(|v| v.finite().is_some()) {
                let value = self.mex.mex(values.iter().filter_map(LoopyValue::finite));
                return self.store(
                    nodes[node].clone(),
                    Known { value: LoopyValue::Finite(value), counter: None },
                );
            }
        }
        // Smith's labelling of the component: its positions first, then gadgets.
        let local: HashMap<u32, u32> =
            component.iter().enumerate().map(|(i, &node)| (node, i as u32)).collect();
        let mut gadgets = Gadgets::default();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); component.len()];
        for (local_idx, &node) in component.iter().enumerate() {
            let mut successors = Vec::with_capacity(options[node as usize].len());
            for choice in &options[node as usize] {
                let succ = match choice.targets.as_slice() {
                    [Target::Node(idx)] if local.contains_key(idx) => local[idx],
                    _ => {
                        let value = outside_value(self, choice);
                        gadgets.node(&value, &mut lists)?
                    }
                };
                successors.push(succ);
            }
            lists[local_idx] = successors;
        }
        let graph = GameGraph::from_successors(&lists);
        let labels = loopy_values(&graph, &graph.predecessors());
        let base = self.next_counter;
        for (local_idx, &node) in component.iter().enumerate() {
            let counter = labels.counter(local_idx as u32).map(|c| base + u64::from(c));
            let value = labels.value(local_idx as u32);
            self.store(
                nodes[node as usize].clone(),
                Known { value, counter: counter.or(Some(u64::MAX)) },
            )?;
        }
        self.next_counter = base + lists.len() as u64 + 1;
        Ok(())
    }
}
