//! Win, loss or draw with remoteness, by retrograde analysis in one FIFO pass.
//!
//! Terminal nodes are decided first (a loss under normal play, a win under misère play). The
//! queue then holds decided nodes in order of remoteness: when a loss is taken from it, every
//! undecided predecessor becomes a win with remoteness one more (its least losing option, since
//! smaller remoteness came out of the queue first); when a win is taken, each predecessor's count
//! of undecided options drops, and at zero that predecessor is a loss with remoteness one more
//! (its largest option, the last to be decided). Whatever stays undecided is a draw.

use crate::game_graph::GameGraph;
use crate::outcome::Outcome;
use std::collections::VecDeque;

/// Which player wins at a node with no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerminalRule {
    /// Normal play: the player who cannot move loses.
    MoverLoses,
    /// Misère play: the player who cannot move wins.
    MoverWins,
}

/// Outcome and remoteness of every node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retrograde {
    outcomes: Vec<Outcome>,
    remoteness: Vec<u32>,
}

impl Retrograde {
    /// Who wins at `node` (the player to move wins at `N`).
    pub fn outcome(&self, node: u32) -> Outcome {
        self.outcomes[node as usize]
    }

    /// How many moves the game lasts from `node` when the winner hurries and the loser delays;
    /// `None` for a draw.
    pub fn remoteness(&self, node: u32) -> Option<u32> {
        (self.outcomes[node as usize] != Outcome::D).then(|| self.remoteness[node as usize])
    }
}

/// Solves every node of `graph` (with `predecessors` its reverse) under `rule`.
///
/// ```
/// use grundy::{solve::GameGraph, solve::retrograde::{retrograde, TerminalRule}, Outcome};
/// // 0 -> 1 -> 2 (terminal); 3 <-> 4 is a cycle with no exit.
/// let graph = GameGraph::from_successors(&[vec![1], vec![2], vec![], vec![4], vec![3]]);
/// let solved = retrograde(&graph, &graph.predecessors(), TerminalRule::MoverLoses);
/// assert_eq!((solved.outcome(0), solved.remoteness(0)), (Outcome::P, Some(2)));
/// assert_eq!((solved.outcome(1), solved.remoteness(1)), (Outcome::N, Some(1)));
/// assert_eq!((solved.outcome(3), solved.remoteness(3)), (Outcome::D, None));
/// ```
pub fn retrograde(graph: &GameGraph, predecessors: &GameGraph, rule: TerminalRule) -> Retrograde {
    let n_nodes = graph.n_nodes();
    let mut outcomes = vec![Outcome::D; n_nodes];
    let mut remoteness = vec![0u32; n_nodes];
    let mut undecided_options: Vec<u32> =
        (0..n_nodes as u32).map(|node| graph.successors(node).len() as u32).collect();
    let mut queue: VecDeque<u32> = VecDeque::new();
    let terminal_outcome = match rule {
        TerminalRule::MoverLoses => Outcome::P,
        TerminalRule::MoverWins => Outcome::N,
    };
    for node in 0..n_nodes as u32 {
        if undecided_options[node as usize] == 0 {
            outcomes[node as usize] = terminal_outcome;
            queue.push_back(node);
        }
    }
    while let Some(node) = queue.pop_front() {
        let node_outcome = outcomes[node as usize];
        let next_remoteness = remoteness[node as usize] + 1;
        for &pred in predecessors.successors(node) {
            let pred_idx = pred as usize;
            if outcomes[pred_idx] != Outcome::D {
                continue;
            }
            match node_outcome {
                Outcome::P => {
                    outcomes[pred_idx] = Outcome::N;
                    remoteness[pred_idx] = next_remoteness;
                    queue.push_back(pred);
                }
                _ => {
                    undecided_options[pred_idx] -= 1;
                    if undecided_options[pred_idx] == 0 {
                        outcomes[pred_idx] = Outcome::P;
                        remoteness[pred_idx] = next_remoteness;
                        queue.push_back(pred);
                    }
                }
            }
        }
    }
    Retrograde { outcomes, remoteness }
}

/// The reference: outcomes and remoteness by iterating the definitions to a fixed point.
/// For tests only (quadratic).
pub fn retrograde_naive(graph: &GameGraph, rule: TerminalRule) -> Vec<(Outcome, Option<u32>)> {
    let n_nodes = graph.n_nodes();
    let mut state: Vec<Option<(Outcome, u32)>> = vec![None; n_nodes];
    // Decide nodes in rounds of increasing remoteness r: a node is decided at round r when its
    // definition is satisfied by nodes decided at rounds < r.
    for round in 0..=(2 * n_nodes as u32 + 1) {
        let mut decided_now = Vec::new();
        for node in 0..n_nodes {
            if state[node].is_some() {
                continue;
            }
            let succs = graph.successors(node as u32);
            if succs.is_empty() {
                if round == 0 {
                    let outcome = match rule {
                        TerminalRule::MoverLoses => Outcome::P,
                        TerminalRule::MoverWins => Outcome::N,
                    };
                    decided_now.push((node, (outcome, 0)));
                }
                continue;
            }
            let losing_option = succs
                .iter()
                .filter_map(|&s| state[s as usize])
                .filter(|(o, _)| *o == Outcome::P)
                .map(|(_, r)| r)
                .min();
            if let Some(r) = losing_option {
                if r + 1 == round {
                    decided_now.push((node, (Outcome::N, round)));
                }
                continue;
            }
            let all_wins =
                succs.iter().all(|&s| matches!(state[s as usize], Some((Outcome::N, _))));
            if all_wins {
                let max = succs.iter().filter_map(|&s| state[s as usize]).map(|(_, r)| r).max();
                if max.map(|m| m + 1) == Some(round) {
                    decided_now.push((node, (Outcome::P, round)));
                }
            }
        }
        for (node, decided) in decided_now {
            state[node] = Some(decided);
        }
    }
    state
        .into_iter()
        .map(|s| match s {
            Some((outcome, r)) => (outcome, Some(r)),
            None => (Outcome::D, None),
        })
        .collect()
}
