//! Runs the fast nim-sequence engine on one game and prints its work counters as it goes:
//! mask, rare positions, window, full enumerations. For tuning and for understanding a game.
//! Values are kept in bytes while they fit (folded bytes below 512 where the mask allows), then
//! in two bytes, as a run does.
//!
//! Run: `cargo run --release -p grundy --example sparse_stats -- GAME N [THREADS [WINDOW]]`

use grundy::sequence::sparse::{Cell, SparseEngine};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("0.6", String::as_str);
    let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let n_threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let window: Option<usize> = args.get(4).and_then(|a| a.parse().ok());
    let game = grundy::game(name).ok().and_then(|g| g.heap_game()).expect("a heap game");
    let started = Instant::now();
    let bytes = SparseEngine::<u8>::new(&game).expect("a game the fast engine supports");
    let values = match run(bytes, n, n_threads, window, started) {
        Ok(values) => values,
        Err(engine) => {
            println!("a value outgrew the bytes at heap {}: on to 16 bits", engine.values().len());
            let narrow = engine.narrow_values();
            let engine = SparseEngine::<u16>::with_values(&game, narrow).expect("same game");
            match run(engine, n, n_threads, window, started) {
                Ok(values) => values,
                Err(_) => {
                    println!("a value outgrew 16 bits");
                    return;
                }
            }
        }
    };
    let checksum = values
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &v| (h ^ u64::from(v)).wrapping_mul(0x0100_0000_01b3));
    println!("checksum {checksum:016x}");
}

/// Extends `engine` to heap `n`, printing its counters at powers of two; the engine back if a
/// value does not fit its cells.
fn run<V: Cell>(
    mut engine: SparseEngine<V>,
    n: usize,
    n_threads: usize,
    window: Option<usize>,
    started: Instant,
) -> Result<Vec<u32>, Box<SparseEngine<V>>> {
    if let Some(window) = window {
        engine = engine.with_fixed_window(window);
    }
    let mut report_at = 1024;
    while engine.values().len() <= n {
        // Steps as long as a run's longest (2^16 heaps): the parallel path tunes its window
        // within a stream, and short steps would hide how it does.
        let step_to = (engine.values().len() + (1 << 16) - 1).min(n);
        if !engine.extend_parallel(step_to, n_threads) {
            return Err(Box::new(engine));
        }
        let len = engine.values().len();
        if len >= report_at && len != n + 1 {
            report_at = len;
        }
        if len == report_at || len == n + 1 {
            let s = engine.stats();
            println!(
                "n {len:>11}  {:>8.2?}  mask {:#06x}  rare {:>7}  max {:>5}  window {:>6}  full checks {:>9} (wasted {:>9})  block {} fallbacks {} gone on {} spread {}",
                started.elapsed(),
                s.mask,
                s.n_rare,
                s.max_value,
                s.window,
                s.n_full_checks,
                s.n_wasted_checks,
                s.block,
                s.n_fallbacks,
                s.n_gone_on,
                s.n_spread_windows
            );
            report_at *= 2;
        }
    }
    Ok(engine.chunk().to_vec())
}
