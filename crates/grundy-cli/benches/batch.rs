//! Throughput of `grundy solve nim --batch`: 10^6 random positions of up to 10 heaps below
//! 2^32, input parsed and every line answered, on one core.
//!
//! Run: `cargo bench -p grundy-cli --bench batch`. Criterion reports elements (positions) per
//! second; the README quotes the figure.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::analysis::Convention;
use grundy_cli::batch::{self, BatchOptions};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::fmt::Write;

const N_POSITIONS: usize = 1_000_000;

fn random_positions() -> String {
    let mut rng = StdRng::seed_from_u64(0x6772_756e_6479);
    let mut input = String::with_capacity(N_POSITIONS * 100);
    for _ in 0..N_POSITIONS {
        let n_heaps = rng.gen_range(1..=10);
        for heap_idx in 0..n_heaps {
            if heap_idx > 0 {
                input.push(' ');
            }
            let _ = write!(input, "{}", rng.gen::<u32>());
        }
        input.push('\n');
    }
    input
}

fn bench_batch(c: &mut Criterion) {
    let input = random_positions();
    let mut group = c.benchmark_group("nim_batch");
    group.throughput(Throughput::Elements(N_POSITIONS as u64));
    group.sample_size(10);
    let mut answers: Vec<u8> = Vec::with_capacity(input.len() + N_POSITIONS * 2);
    for (name, convention) in [("normal", Convention::Normal), ("misere", Convention::Misere)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                answers.clear();
                let options = BatchOptions {
                    convention,
                    json: false,
                    max_line_bytes: batch::DEFAULT_MAX_LINE_BYTES,
                };
                batch::run(
                    &*grundy::game("nim").unwrap(),
                    options,
                    &grundy::Limits::default(),
                    input.as_bytes(),
                    &mut answers,
                    &mut std::io::sink(),
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_batch);
criterion_main!(benches);
