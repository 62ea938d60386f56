//! Runs the fast nim-sequence engine on one game and prints its work counters as it goes:
//! mask, rare positions, window, full enumerations. For tuning and for understanding a game.
//!
//! Run: `cargo run --release -p grundy --example sparse_stats -- GAME N [THREADS [WINDOW]]`

use grundy::sequence::sparse::SparseEngine;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("0.6", String::as_str);
    let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let n_threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let game = grundy::game(name).ok().and_then(|g| g.heap_game()).expect("a heap game");
    let mut engine = SparseEngine::new(&game).expect("a game the fast engine supports");
    if let Some(window) = args.get(4).and_then(|a| a.parse().ok()) {
        engine = engine.with_fixed_window(window);
    }
    let started = Instant::now();
    let mut report_at = 1024;
    while engine.values().len() <= n {
        let step_to = (engine.values().len() + 1023).min(n);
        if !engine.extend_parallel(step_to, n_threads) {
            println!("a value outgrew 16 bits");
            return;
        }
        let len = engine.values().len();
        if len >= report_at && len != n + 1 {
            report_at = len;
        }
        if len == report_at || len == n + 1 {
            let s = engine.stats();
            println!(
                "n {len:>11}  {:>8.2?}  mask {:#06x}  rare {:>7}  max {:>5}  window {:>6}  full checks {:>9} (wasted {:>9})  block {} fallbacks {}",
                started.elapsed(),
                s.mask,
                s.n_rare,
                s.max_value,
                s.window,
                s.n_full_checks,
                s.n_wasted_checks,
                s.block,
                s.n_fallbacks
            );
            report_at *= 2;
        }
    }
    let checksum = engine
        .values()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &v| (h ^ u64::from(v)).wrapping_mul(0x0100_0000_01b3));
    println!("checksum {checksum:016x}");
}
