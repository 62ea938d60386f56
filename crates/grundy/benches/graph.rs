//! Edges per second of each graph step on a random graph of 10^6 nodes and 5·10^6 edges
//! (cyclic and acyclic): parsing the file text, Smith's loopy values, retrograde analysis.
//!
//! Run: `cargo bench -p grundy --bench graph`. The full-scale run (10^7 nodes, 5·10^7 edges,
//! with memory) is the example `graph_scale`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::games::graph::GraphGame;
use grundy::solve::loopy::loopy_values;
use grundy::solve::retrograde::{retrograde, TerminalRule};
use std::fmt::Write;

const N_NODES: u64 = 1_000_000;
const N_EDGES: u64 = 5_000_000;

fn graph_text(cyclic: bool) -> String {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut below = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    let mut text = String::with_capacity((N_EDGES * 10) as usize);
    let mut written = 0;
    // Every fifth node is terminal, so that the games end somewhere and have values.
    let n_movers = N_NODES - N_NODES.div_ceil(5);
    let edges_up_to = |node: u64| N_EDGES * (node - node.div_ceil(5)) / n_movers;
    for node in 0..N_NODES {
        let quota = if node % 5 == 0 { 0 } else { edges_up_to(node + 1) - written };
        let _ = write!(text, "n{node}:");
        for _ in 0..quota {
            let target = match (cyclic, node) {
                (true, _) => below(N_NODES),
                (false, 0) => break,
                (false, _) => below(node),
            };
            let _ = write!(text, " n{target}");
            written += 1;
        }
        text.push('\n');
    }
    text
}

fn bench_graph(c: &mut Criterion) {
    for cyclic in [true, false] {
        let text = graph_text(cyclic);
        let game = GraphGame::parse(&text).unwrap();
        let preds = game.predecessors();
        let kind = if cyclic { "cyclic" } else { "acyclic" };
        let mut group = c.benchmark_group(format!("graph_{kind}"));
        group.throughput(Throughput::Elements(game.graph().n_edges() as u64));
        group.sample_size(10);
        group.bench_function("parse", |b| b.iter(|| GraphGame::parse(&text).unwrap()));
        group.bench_function("loopy_values", |b| b.iter(|| loopy_values(game.graph(), preds)));
        group.bench_function("retrograde", |b| {
            b.iter(|| retrograde(game.graph(), preds, TerminalRule::MoverLoses))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_graph);
criterion_main!(benches);
