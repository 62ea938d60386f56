//! Search of a whole position, when the theory of components does not answer: misère play
//! (where sums do not add by XOR) and exact outcomes of sums with cycles.
//!
//! The position's components are kept as a sorted multiset, so positions that differ only in
//! the order of equal components meet in one table entry. Every position reachable from the
//! start is numbered into an explicit [`GameGraph`], and [`retrograde`] decides them all. Past
//! [`Limits::max_whole_positions`] positions the search stops with a limit error, and a component
//! with more options than that is refused before it is expanded: an answer is never guessed.

use super::retrograde::{retrograde, Retrograde, TerminalRule};
use crate::error::{Error, Result};
use crate::game_graph::GameGraphBuilder;
use crate::limits::{Limit, Limits};
use crate::outcome::Outcome;
use crate::ruleset::{options_within, Options, Ruleset};
use std::collections::HashMap;

/// A move of the starting position: which component, and what it became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WholeMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// The components it became.
    pub to: Vec<P>,
}

/// The decided starting position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WholeAnswer<P> {
    /// Who wins.
    pub outcome: Outcome,
    /// Moves to the end when the winner hurries (`None` for a draw).
    pub remoteness: Option<u32>,
    /// Every winning move, in component order then option order.
    pub winning_moves: Vec<WholeMove<P>>,
    /// Every move of the starting position, with the outcome and remoteness of the position it
    /// leaves (for the player then to move), in component order then option order.
    pub moves: Vec<(WholeMove<P>, Outcome, Option<u32>)>,
    /// The number of positions searched.
    pub n_positions: usize,
}

/// Decides the position made of `components` under `rule`, searching at most
/// [`Limits::max_whole_positions`] positions.
///
/// ```
/// use grundy::ruleset::{Options, Ruleset};
/// use grundy::solve::{retrograde::TerminalRule, whole::solve_whole};
/// struct Nim;
/// impl Ruleset for Nim {
///     type Position = u64;
///     fn options(&self, heap: &u64, options: &mut Options<u64>) -> grundy::Result<()> {
///         for to in 0..*heap { if to == 0 { options.push([]) } else { options.push_one(to) } }
///         Ok(())
///     }
/// }
/// // Misère Nim: 1 1 1 is lost for the player to move.
/// let answer = solve_whole(&Nim, &[1, 1, 1], TerminalRule::MoverWins, &grundy::Limits::default()).unwrap();
/// assert_eq!(answer.outcome, grundy::Outcome::P);
/// ```
pub fn solve_whole<R: Ruleset + ?Sized>(
    ruleset: &R,
    components: &[R::Position],
    rule: TerminalRule,
    limits: &Limits,
) -> Result<WholeAnswer<R::Position>> {
    let limit = limits.max_whole_positions.min(limits.max_positions);
    let too_large = || {
        Error::limit(
            Limit::WholePositions,
            limit as u64,
            format!("the whole position has more than {limit} reachable positions"),
        )
    };
    // Every option of a position is a reachable position: one with more options than the
    // search may visit is refused before it is listed in full.
    let option_limits = Limits { max_options: limits.max_options.min(limit), ..limits.clone() };
    let mut start: Vec<R::Position> = components.to_vec();
    start.sort();
    let mut index: HashMap<Vec<R::Position>, u32> = HashMap::new();
    let mut states: Vec<Vec<R::Position>> = Vec::new();
    index.insert(start.clone(), 0);
    states.push(start);
    let mut successor_lists: Vec<Vec<u32>> = Vec::new();
    let mut options = Options::new();
    let mut state_idx = 0;
    // Moves cost time and memory as positions do: a search may follow a hundred a position.
    let max_edges = (limit as u64).saturating_mul(EDGES_PER_POSITION);
    let mut n_edges_seen = 0u64;
    while state_idx < states.len() {
        // Checked at every position, not every few thousand: one position can have a hundred
        // thousand options (a Nim heap), and a deadline must still stop the search in time.
        limits.check()?;
        let state = states[state_idx].clone();
        let mut successors = Vec::new();
        for component_idx in 0..state.len() {
            // Equal components have the same moves to the same multisets.
            if component_idx > 0 && state[component_idx] == state[component_idx - 1] {
                continue;
            }
            options_within(ruleset, &state[component_idx], &mut options, &option_limits).map_err(
                |error| match error {
                    Error::Limit { limit: Limit::Memory, .. } => error,
                    error if error.is_limit() => too_large(),
                    error => error,
                },
            )?;
            n_edges_seen += options.len() as u64;
            if n_edges_seen > max_edges {
                return Err(Error::limit(
                    Limit::WholePositions,
                    limit as u64,
                    format!(
                        "the whole position has more than {max_edges} moves among its reachable \
                         positions ({EDGES_PER_POSITION} for each of the {limit} positions a \
                         search may visit)"
                    ),
                ));
            }
            for parts in options.iter() {
                let next = replaced(&state, component_idx, parts);
                let next_idx = match index.get(&next) {
                    Some(&idx) => idx,
                    None => {
                        if states.len() >= limit {
                            return Err(too_large());
                        }
                        if states.len() % 8192 == 0 {
                            limits.check()?;
                        }
                        if states.len() >= 1024 && states.len().is_power_of_two() {
                            room_to_double(&mut states, &mut index, &mut successor_lists, limits)?;
                        }
                        let idx = states.len() as u32;
                        index.insert(next.clone(), idx);
                        states.push(next);
                        idx
                    }
                };
                successors.push(next_idx);
            }
        }
        successor_lists.push(successors);
        state_idx += 1;
    }
    // The graph, its reverse and the labels take about this much: asked for once, so that a
    // machine without it gives an error rather than an abort.
    let n_edges: usize = successor_lists.iter().map(Vec::len).sum();
    probe_memory(
        states.len().saturating_mul(48).saturating_add(n_edges.saturating_mul(12)),
        limits,
    )
    .map_err(|_| out_of_memory(states.len(), limits))?;
    let mut builder = GameGraphBuilder::with_capacity(states.len(), 0);
    for list in &successor_lists {
        builder.add_node(list.iter().copied());
    }
    let graph = builder.finish();
    let solved: Retrograde = retrograde(&graph, &graph.predecessors(), rule);
    let mut winning_moves = Vec::new();
    let mut moves = Vec::new();
    for (component_idx, component) in components.iter().enumerate() {
        options_within(ruleset, component, &mut options, &option_limits)?;
        for parts in options.iter() {
            let mut next: Vec<R::Position> = components.to_vec();
            next.splice(component_idx..=component_idx, parts.iter().cloned());
            next.sort();
            let next_idx = index[&next];
            let the_move = WholeMove { component: component_idx, to: parts.to_vec() };
            if solved.outcome(0) == Outcome::N && solved.outcome(next_idx) == Outcome::P {
                winning_moves.push(the_move.clone());
            }
            moves.push((the_move, solved.outcome(next_idx), solved.remoteness(next_idx)));
        }
    }
    Ok(WholeAnswer {
        outcome: solved.outcome(0),
        remoteness: solved.remoteness(0),
        winning_moves,
        moves,
        n_positions: states.len(),
    })
}

/// Moves a whole-position search may follow for each position it may visit.
const EDGES_PER_POSITION: u64 = 100;

/// Before the tables of the search double: their new room asked for without aborting, and
/// about as much again for the positions that will fill it (their components, twice: in the
/// list and as keys of the index), so that running out of memory is an error, not an abort.
fn room_to_double<P: Clone + Eq + std::hash::Hash>(
    states: &mut Vec<Vec<P>>,
    index: &mut HashMap<Vec<P>, u32>,
    successor_lists: &mut Vec<Vec<u32>>,
    limits: &Limits,
) -> Result<()> {
    let n_states = states.len();
    let last_len = states.last().map_or(0, Vec::len);
    let per_state = 2 * (last_len * std::mem::size_of::<P>() + 32) + 64;
    limits.count_bytes(
        (2 * n_states as u64).saturating_mul(per_state as u64),
        "the whole-position search",
    )?;
    let fits = states.try_reserve(n_states).is_ok()
        && index.try_reserve(n_states).is_ok()
        && successor_lists.try_reserve(n_states).is_ok()
        && probe_memory(n_states.saturating_mul(per_state), limits).is_ok();
    if fits {
        Ok(())
    } else {
        Err(out_of_memory(n_states, limits))
    }
}

/// Whether `bytes` can be had now (they are given back at once).
fn probe_memory(bytes: usize, limits: &Limits) -> Result<()> {
    limits.count_bytes(bytes as u64, "the whole-position search")?;
    if crate::limits::memory_available(bytes) {
        Ok(())
    } else {
        Err(out_of_memory(0, limits))
    }
}

/// The search ran out of memory with `n_states` positions.
fn out_of_memory(n_states: usize, limits: &Limits) -> Error {
    Error::limit(
        Limit::Memory,
        limits.max_bytes,
        format!(
            "the whole position needs more memory than the machine gives (after {n_states} \
             positions)"
        ),
    )
}

/// The sorted multiset with the component at `idx` replaced by `parts`.
fn replaced<P: Clone + Ord>(state: &[P], idx: usize, parts: &[P]) -> Vec<P> {
    let mut next = Vec::with_capacity(state.len() + parts.len());
    next.extend_from_slice(&state[..idx]);
    next.extend_from_slice(&state[idx + 1..]);
    next.extend_from_slice(parts);
    next.sort();
    next
}
