//! Smith's generalized Sprague–Grundy values for game graphs with cycles.
//!
//! C. A. B. Smith, "Graphs and composite games" (1966): a position has a finite value `m` when
//! (a) no option has value `m`, (b) every `j < m` is the value of some option, and (c) every
//! option whose value is larger than `m` or infinite has an option of value `m` (the winner can
//! always answer an escape by coming back to `m`). Otherwise its value is ∞(K), with `K` the set of
//! finite values among its options.
//!
//! The values are computed by Fraenkel–Yesha stage labelling ("The generalized Sprague–Grundy
//! function and its invariance under certain mappings", 1986) in its queue form: stage `m`
//! labels `m` on the least fixed point of condition (c), with a per-node count of options that
//! still block it. A node is *eligible* at stage `m` when its options already show `0..m`; after
//! stage `m` the eligible nodes are exactly those that were *killed* (left unlabelled but given
//! an option of value `m`) during it, so each stage only touches the edges of the nodes it
//! concerns.
//!
//! The labelling order is also the *counter function* that makes play terminate: when the
//! opponent escapes from a node `u` of value `m` to an option `v` of larger or infinite value,
//! `v` was killed by some `w` of value `m` labelled before `u`, so answering with the option of
//! value `m` that has the smallest counter always makes progress and never walks round a cycle.

use crate::game_graph::GameGraph;

/// A generalized Sprague–Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoopyValue {
    /// A finite value (a nimber).
    Finite(u64),
    /// ∞(K): `K` is the sorted set of finite values among the options.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// The finite value, if any.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(value) => Some(*value),
            LoopyValue::Infinite(_) => None,
        }
    }
}

const UNLABELLED: u32 = u32::MAX;

/// The loopy values of every node, with each finite node's counter (its labelling order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyValues {
    labels: Vec<u32>,
    counters: Vec<u32>,
    infinite_sets: Vec<(u32, Vec<u64>)>,
}

impl LoopyValues {
    /// The value of `node`.
    pub fn value(&self, node: u32) -> LoopyValue {
        match self.labels[node as usize] {
            UNLABELLED => {
                let idx = self
                    .infinite_sets
                    .binary_search_by_key(&node, |(n, _)| *n)
                    .expect("every unlabelled node has its set");
                LoopyValue::Infinite(self.infinite_sets[idx].1.clone())
            }
            label => LoopyValue::Finite(u64::from(label)),
        }
    }

    /// The finite value of `node`, or `None` for ∞.
    pub fn finite_value(&self, node: u32) -> Option<u64> {
        match self.labels[node as usize] {
            UNLABELLED => None,
            label => Some(u64::from(label)),
        }
    }

    /// The counter of a finite node: nodes of the same value with a smaller counter were
    /// labelled earlier. `None` for ∞ nodes.
    pub fn counter(&self, node: u32) -> Option<u32> {
        (self.labels[node as usize] != UNLABELLED).then(|| self.counters[node as usize])
    }

    /// The number of nodes.
    pub fn n_nodes(&self) -> usize {
        self.labels.len()
    }
}

/// Computes the generalized Sprague–Grundy value of every node of `graph`.
///
/// ```
/// use grundy::{solve::GameGraph, solve::loopy::{loopy_values, LoopyValue}};
/// // 0 -> 1 -> 0 is a cycle; 1 -> 2 with 2 terminal.
/// let graph = GameGraph::from_successors(&[vec![1], vec![0, 2], vec![]]);
/// let values = loopy_values(&graph, &graph.predecessors());
/// assert_eq!(values.value(2), LoopyValue::Finite(0));
/// assert_eq!(values.value(1), LoopyValue::Finite(1));
/// assert_eq!(values.value(0), LoopyValue::Finite(0));
/// ```
pub fn loopy_values(graph: &GameGraph, predecessors: &GameGraph) -> LoopyValues {
    let n_nodes = graph.n_nodes();
    let mut labels = vec![UNLABELLED; n_nodes];
    let mut counters = vec![0u32; n_nodes];
    // Per-stage stamps (stage + 1, so 0 means never): eligible at, killed at.
    let mut eligible_at = vec![0u32; n_nodes];
    let mut killed_at = vec![0u32; n_nodes];
    let mut blocking = vec![0u32; n_nodes];
    let mut eligible: Vec<u32> = (0..n_nodes as u32).collect();
    let mut next_eligible: Vec<u32> = Vec::new();
    let mut queue: std::collections::VecDeque<u32> = std::collections::VecDeque::new();
    let mut next_counter: u32 = 0;
    let mut stage: u32 = 0;
    while !eligible.is_empty() {
        let stamp = stage + 1;
        for &node in &eligible {
            eligible_at[node as usize] = stamp;
        }
        for &node in &eligible {
            let n_open = graph
                .successors(node)
                .iter()
                .filter(|&&succ| labels[succ as usize] == UNLABELLED)
                .count() as u32;
            blocking[node as usize] = n_open;
            if n_open == 0 {
                queue.push_back(node);
            }
        }
        while let Some(node) = queue.pop_front() {
            let node_idx = node as usize;
            if labels[node_idx] != UNLABELLED || killed_at[node_idx] == stamp {
                continue;
            }
            labels[node_idx] = stage;
            counters[node_idx] = next_counter;
            next_counter += 1;
            // Every unlabelled node that can move here now has an option of value `stage`.
            for &pred in predecessors.successors(node) {
                let pred_idx = pred as usize;
                if labels[pred_idx] != UNLABELLED || killed_at[pred_idx] == stamp {
                    continue;
                }
                killed_at[pred_idx] = stamp;
                if eligible_at[pred_idx] == stamp {
                    next_eligible.push(pred);
                }
                // A killed node no longer blocks the nodes that can move to it.
                for &grand in predecessors.successors(pred) {
                    let grand_idx = grand as usize;
                    if eligible_at[grand_idx] == stamp
                        && labels[grand_idx] == UNLABELLED
                        && killed_at[grand_idx] != stamp
                    {
                        blocking[grand_idx] -= 1;
                        if blocking[grand_idx] == 0 {
                            queue.push_back(grand);
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut eligible, &mut next_eligible);
        next_eligible.clear();
        stage += 1;
    }
    let mut infinite_sets = Vec::new();
    for node in 0..n_nodes as u32 {
        if labels[node as usize] == UNLABELLED {
            let mut finite: Vec<u64> = graph
                .successors(node)
                .iter()
                .filter_map(|&succ| match labels[succ as usize] {
                    UNLABELLED => None,
                    label => Some(u64::from(label)),
                })
                .collect();
            finite.sort_unstable();
            finite.dedup();
            infinite_sets.push((node, finite));
        }
    }
    LoopyValues { labels, counters, infinite_sets }
}

/// The slow, obviously-correct reference: Smith's definition checked by repeated relabelling
/// until nothing changes, stage by stage, with no queues and no counters. Quadratic or worse;
/// for tests.
pub fn loopy_values_naive(graph: &GameGraph) -> Vec<LoopyValue> {
    let n_nodes = graph.n_nodes();
    let mut label: Vec<Option<u64>> = vec![None; n_nodes];
    let mut stage = 0u64;
    loop {
        // Nodes that can still receive `stage`: unlabelled, options show every j < stage.
        let candidates: Vec<usize> = (0..n_nodes)
            .filter(|&node| {
                label[node].is_none()
                    && (0..stage).all(|j| {
                        graph.successors(node as u32).iter().any(|&s| label[s as usize] == Some(j))
                    })
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        // Least fixed point of condition (c), by plain iteration.
        loop {
            let mut changed = false;
            for &node in &candidates {
                if label[node].is_some() {
                    continue;
                }
                let succs = graph.successors(node as u32);
                let no_option_at_stage = succs.iter().all(|&s| label[s as usize] != Some(stage));
                let escapes_answered = succs.iter().all(|&s| match label[s as usize] {
                    Some(value) => value < stage,
                    None => graph.successors(s).iter().any(|&t| label[t as usize] == Some(stage)),
                });
                if no_option_at_stage && escapes_answered {
                    label[node] = Some(stage);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        stage += 1;
    }
    (0..n_nodes)
        .map(|node| match label[node] {
            Some(value) => LoopyValue::Finite(value),
            None => {
                let mut finite: Vec<u64> = graph
                    .successors(node as u32)
                    .iter()
                    .filter_map(|&s| label[s as usize])
                    .collect();
                finite.sort_unstable();
                finite.dedup();
                LoopyValue::Infinite(finite)
            }
        })
        .collect()
}
