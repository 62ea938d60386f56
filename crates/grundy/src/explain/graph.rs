//! Game graphs: the mex labelling in order where the graph is acyclic; where it has cycles,
//! Smith's values (what ∞(K) means, why such a position is a draw or a win) and the remoteness.

use super::tr;
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::outcome::Outcome;
use crate::rules::graph::GraphGame;
use crate::solve::loopy::LoopyValue;
use std::collections::VecDeque;
use std::fmt::Write;

/// Nodes reachable from the position that the labelling lists, at most.
const NODES_SHOWN: usize = 40;

fn show(value: &LoopyValue) -> String {
    crate::analysis::Value::from(value).to_string()
}

/// The labelling of the nodes reachable from `nodes` (the position's tokens), and what their
/// values mean. The value of the sum and its moves follow from [`super::sum_checked`].
/// At most `max_region` nodes of the region reachable from the position are explored
/// (`Limits::max_region_explained`).
pub fn graph(
    game: &GraphGame,
    game_name: &str,
    nodes: &[u32],
    lang: Lang,
    max_region: usize,
) -> String {
    let mut out = String::new();
    let tokens: Vec<&str> = nodes.iter().map(|&n| game.name(n)).collect();
    let _ = writeln!(
        out,
        "{}\n",
        tr(
            lang,
            "explain-graph-header",
            &args![("position", tokens.join(" ")), ("game", game_name.to_string())]
        )
    );
    let values = game.loopy_values();
    let graph = game.graph();
    // The region reachable from the position.
    let mut seen = vec![false; graph.n_nodes()];
    let mut region: Vec<u32> = Vec::new();
    let mut queue: VecDeque<u32> = nodes.iter().copied().collect();
    for &n in nodes {
        seen[n as usize] = true;
    }
    while let Some(n) = queue.pop_front() {
        region.push(n);
        if region.len() > max_region {
            break;
        }
        for &s in graph.successors(n) {
            if !seen[s as usize] {
                seen[s as usize] = true;
                queue.push_back(s);
            }
        }
    }
    let complete = queue.is_empty();
    // Sinks first: a node is labelled once all its successors are (Kahn's order, reversed).
    let mut order: Vec<u32> = Vec::new();
    if complete {
        let mut remaining: std::collections::HashMap<u32, usize> =
            region.iter().map(|&n| (n, graph.successors(n).len())).collect();
        let predecessors = game.predecessors();
        let mut ready: VecDeque<u32> =
            region.iter().copied().filter(|n| remaining[n] == 0).collect();
        while let Some(n) = ready.pop_front() {
            order.push(n);
            for &p in predecessors.successors(n) {
                if let Some(count) = remaining.get_mut(&p) {
                    // A node with several edges to `n` counts each.
                    *count -= 1;
                    if *count == 0 {
                        ready.push_back(p);
                    }
                }
            }
        }
    }
    let acyclic = complete && order.len() == region.len();
    let name = |n: u32| game.name(n).to_string();
    if acyclic {
        let _ = writeln!(out, "{}\n", tr(lang, "explain-graph-acyclic", &Args::new()));
        for &n in order.iter().take(NODES_SHOWN) {
            let mut succ_values: Vec<u64> =
                graph.successors(n).iter().filter_map(|&s| values.finite_value(s)).collect();
            succ_values.sort_unstable();
            succ_values.dedup();
            let listed: Vec<String> = succ_values.iter().map(u64::to_string).collect();
            let _ = writeln!(
                out,
                "  {}: mex{{{}}} = {}",
                name(n),
                listed.join(", "),
                show(&values.value(n))
            );
        }
    } else {
        let _ = writeln!(out, "{}\n", tr(lang, "explain-graph-cyclic", &Args::new()));
        let mut listed = region.clone();
        listed.sort_by_key(|&n| match values.value(n) {
            LoopyValue::Finite(v) => (0, v, values.counter(n).unwrap_or(0)),
            LoopyValue::Infinite(_) => (1, 0, n),
        });
        for &n in listed.iter().take(NODES_SHOWN) {
            let succs: Vec<String> = graph.successors(n).iter().map(|&s| name(s)).collect();
            let succs = if succs.is_empty() { "—".to_string() } else { succs.join(" ") };
            let _ = writeln!(out, "  {} → {succs}: {}", name(n), show(&values.value(n)));
        }
    }
    if region.len() > NODES_SHOWN || !complete {
        let _ = writeln!(
            out,
            "  {}",
            tr(
                lang,
                "explain-graph-more-nodes",
                &args![("n", region.len().saturating_sub(NODES_SHOWN))]
            )
        );
    }
    let _ = writeln!(out);
    let outcomes = game.outcomes();
    let mut any_infinite = false;
    for &n in nodes {
        if let LoopyValue::Infinite(set) = values.value(n) {
            any_infinite = true;
            let key = if set.contains(&0) {
                "explain-graph-infinite-win"
            } else {
                "explain-graph-infinite-draw"
            };
            let _ = writeln!(
                out,
                "{}",
                tr(lang, key, &args![("node", name(n)), ("value", show(&values.value(n)))])
            );
        }
    }
    if any_infinite {
        let _ = writeln!(out);
    }
    if let [n] = nodes {
        let key = match outcomes.outcome(*n) {
            Outcome::P => "explain-graph-remoteness-p",
            Outcome::N => "explain-graph-remoteness-n",
            Outcome::D => "explain-graph-remoteness-d",
        };
        let r = outcomes.remoteness(*n).unwrap_or(0);
        let _ = writeln!(out, "{}\n", tr(lang, key, &args![("node", name(*n)), ("r", r)]));
    }
    out
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::i18n::Lang;
        use crate::rules::graph::GraphGame;
        let game = GraphGame::parse("a: b c\nb: c\nc:\n").unwrap();
        let text = crate::explain::graph(&game, "graph:a.txt", &[0], Lang::En, 100_000);
        assert!(text.contains("c: mex{} = 0") && text.contains("a: mex{0, 1} = 2"));
        Ok(())
    }
}
