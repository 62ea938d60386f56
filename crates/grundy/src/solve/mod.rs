//! Solvers, kept apart from the rules: each takes any [`Ruleset`](crate::ruleset::Ruleset) or
//! explicit [`GameGraph`](crate::game_graph::GameGraph).
//!
//! - [`values`]: the one value solver every family's generic answers use: memoized values, and
//!   Smith's values of the region explored where a cycle is met (the rules never say).
//! - [`acyclic`]: Grundy values of games that always end, memoized and iterative (no recursion,
//!   so a chain of millions of positions cannot overflow a stack), and a dense-array path for
//!   rulesets whose positions are numbered.
//! - [`loopy`]: Smith's generalized values ∞(K) for graphs with cycles, with counters.
//! - [`retrograde`]: win, loss or draw with remoteness.
//! - [`sum`]: values and winning moves of sums.
//! - [`whole`]: search of a whole position (components kept as a canonical multiset), for misère
//!   play and any question the component theory does not answer, within a limit.

/// The graph the solvers of explicit games read (`graph:PATH`, `explore`'s reference).
pub use crate::game_graph::GameGraph;

pub mod acyclic;
pub mod loopy;
pub mod retrograde;
pub mod sum;
pub mod values;
pub mod whole;
