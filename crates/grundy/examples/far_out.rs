//! Times the fast engine far out: computes a game's values to heap `FROM` once, then, `REPS`
//! times, starts an engine from those values and times the next `COUNT` heaps (so the figure
//! is the cost of heaps far out, without the start-up). Prints each time in ns a heap.
//!
//! Run: `cargo run --release -p grundy --example far_out -- GAME [FROM [COUNT [REPS [THREADS]]]]`
//! (a prefix of two-byte values below 512 runs on folded bytes; `CELLS=u16` keeps two bytes).

use grundy::sequence::sparse::SparseEngine;
use grundy::sequence::Computed;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("grundy", String::as_str);
    let arg =
        |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (from, count, reps, threads) = (arg(2, 1 << 20), arg(3, 1 << 18), arg(4, 5), arg(5, 1));
    let game = grundy::game(name).ok().and_then(|g| g.heap_game()).expect("a heap game");
    // The values before FROM: computed, or read from a sequence file (`PREFIX=FILE`, as
    // `grundy seq --out` writes it, complete or partial).
    let prefix = match std::env::var("PREFIX") {
        Ok(path) => {
            let bytes = std::fs::read(&path).expect("a readable sequence file");
            let header = grundy::sequence::store::Header::decode(&bytes).expect("a sequence file");
            let data = &bytes[header.len()..];
            let width = header.value_width as usize;
            assert!(data.len() >= from * width, "the file holds fewer than FROM values");
            match width {
                1 => Computed::Bytes(data[..from].to_vec()),
                2 => Computed::Narrow(
                    data[..2 * from]
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]]))
                        .collect(),
                ),
                _ => panic!("values of more than two bytes"),
            }
        }
        Err(_) => grundy::sequence::sparse::compute(&game, from - 1, 2).expect("the fast engine"),
    };
    let mut times = Vec::new();
    let mut fallbacks = Vec::new();
    for _ in 0..reps {
        let (started, len) = match &prefix {
            Computed::Bytes(values) => {
                let mut engine = SparseEngine::<u8>::with_values(&game, values.clone()).unwrap();
                let started = Instant::now();
                assert!(engine.extend_parallel(from + count - 1, threads));
                fallbacks.push((engine.stats().n_fallbacks, engine.stats().block));
                (started, engine.values().len())
            }
            Computed::Narrow(values) if std::env::var("CELLS").as_deref() != Ok("u16") => {
                // Folded bytes where the values allow them (`CELLS=u16`: two bytes).
                let mut engine = SparseEngine::<u8>::folded_with_values(&game, values)
                    .expect("values below 512 under a mask that allows folding");
                let started = Instant::now();
                assert!(engine.extend_parallel(from + count - 1, threads));
                fallbacks.push((engine.stats().n_fallbacks, engine.stats().block));
                (started, engine.values().len())
            }
            Computed::Narrow(values) => {
                let mut engine = SparseEngine::<u16>::with_values(&game, values.clone()).unwrap();
                let started = Instant::now();
                assert!(engine.extend_parallel(from + count - 1, threads));
                fallbacks.push((engine.stats().n_fallbacks, engine.stats().block));
                (started, engine.values().len())
            }
            Computed::Wide(_) | Computed::Folded(_) => unreachable!(),
        };
        assert_eq!(len, from + count);
        times.push(started.elapsed().as_secs_f64() * 1e9 / count as f64);
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "{name} heaps {from}..{}: ns a heap min {:.0} median {:.0} (all {:?}); heaps started over {:?}",
        from + count,
        sorted[0],
        sorted[sorted.len() / 2],
        times.iter().map(|t| t.round() as u64).collect::<Vec<_>>(),
        fallbacks
    );
}
