//! The game-graph engine at full scale: writes a random graph file, then reads, parses and solves
//! it, printing edges per second for each step and the peak memory per edge.
//!
//! Run: `cargo run --release -p grundy --example graph_scale -- [NODES] [EDGES] [cyclic|acyclic]`
//! (default 10000000 50000000 cyclic). The README quotes its output.

use grundy::games::graph::GraphGame;
use grundy::solve::retrograde::{retrograde, TerminalRule};
use std::io::Write;
use std::time::Instant;

/// A small xorshift generator: the example needs no dependency for its random graph.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let n_nodes: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000_000);
    let n_edges: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(50_000_000);
    let cyclic = args.get(3).is_none_or(|a| a != "acyclic");
    let path = std::env::temp_dir().join(format!("grundy-graph-{n_nodes}-{n_edges}-{cyclic}.txt"));

    let started = Instant::now();
    {
        let mut file = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut written = 0u64;
        let n_movers = n_nodes - n_nodes.div_ceil(5);
        let edges_up_to = |node: u64| n_edges * (node - node.div_ceil(5)) / n_movers.max(1);
        for node in 0..n_nodes {
            // Spread the edges evenly: node i gets its share of the remaining edges.
            // Every fifth node is terminal, so that the games end somewhere and have values.
            let quota = if node % 5 == 0 { 0 } else { edges_up_to(node + 1) - written };
            write!(file, "n{node}:")?;
            for _ in 0..quota {
                let target = match (cyclic, node) {
                    (true, _) => rng.below(n_nodes),
                    (false, 0) => break,
                    (false, _) => rng.below(node),
                };
                write!(file, " n{target}")?;
                written += 1;
            }
            writeln!(file)?;
        }
        file.flush()?;
    }
    eprintln!("wrote {} in {:.1?}", path.display(), started.elapsed());

    let started = Instant::now();
    let text = std::fs::read_to_string(&path)?;
    let read_time = started.elapsed();
    let started = Instant::now();
    let game = GraphGame::parse(&text).expect("the generated file is well formed");
    let parse_time = started.elapsed();
    let n_edges = game.graph().n_edges() as f64;
    drop(text);
    let _ = std::fs::remove_file(&path);

    let started = Instant::now();
    let preds = game.predecessors();
    let reverse_time = started.elapsed();
    let started = Instant::now();
    let values = game.loopy_values();
    let loopy_time = started.elapsed();
    let started = Instant::now();
    let outcomes = retrograde(game.graph(), preds, TerminalRule::MoverLoses);
    let retro_time = started.elapsed();

    let n_infinite =
        (0..game.n_nodes() as u32).filter(|&n| values.finite_value(n).is_none()).count();
    let n_draws =
        (0..game.n_nodes() as u32).filter(|&n| outcomes.outcome(n) == grundy::Outcome::D).count();
    let rate = |secs: f64| n_edges / secs / 1e6;
    println!(
        "{} nodes, {} edges, {}",
        game.n_nodes(),
        n_edges as u64,
        if cyclic { "cyclic" } else { "acyclic" }
    );
    println!(
        "read file      {:>8.2?}  {:>7.1} M edges/s",
        read_time,
        rate(read_time.as_secs_f64())
    );
    println!(
        "parse          {:>8.2?}  {:>7.1} M edges/s",
        parse_time,
        rate(parse_time.as_secs_f64())
    );
    println!(
        "reverse edges  {:>8.2?}  {:>7.1} M edges/s",
        reverse_time,
        rate(reverse_time.as_secs_f64())
    );
    println!(
        "loopy values   {:>8.2?}  {:>7.1} M edges/s",
        loopy_time,
        rate(loopy_time.as_secs_f64())
    );
    println!(
        "retrograde     {:>8.2?}  {:>7.1} M edges/s",
        retro_time,
        rate(retro_time.as_secs_f64())
    );
    println!("∞ nodes {n_infinite}, draws {n_draws}");
    println!("graph + reverse + names: {:.1} bytes/edge", game.heap_bytes() as f64 / n_edges);
    if let Some(peak) = peak_memory_bytes() {
        println!(
            "peak memory (file text included): {:.2} GiB, {:.1} bytes/edge",
            peak as f64 / (1u64 << 30) as f64,
            peak as f64 / n_edges
        );
    }
    Ok(())
}
