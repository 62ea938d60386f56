//! Nim-sequence engines side by side: the sparse-space engine against the straightforward
//! reference, and one thread against two, on Officers (0.6), Grundy's game and Treblecross
//! (0.007, no sparse space).
//!
//! Run: `cargo bench -p grundy --bench sequence`. Criterion reports values per second; the
//! comparison with ogsolve is `bench/compare-ogsolve.sh`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::sequence::dense::DenseEngine;
use grundy::sequence::sparse::SparseEngine;

fn bench_sequences(c: &mut Criterion) {
    for (name, small, large) in
        [("0.6", 1 << 13, 1 << 17), ("grundy", 1 << 13, 1 << 17), ("0.007", 1 << 12, 1 << 15)]
    {
        let game = grundy::game(name).unwrap().heap_game().unwrap();
        let mut group = c.benchmark_group(format!("seq_{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(small as u64 + 1));
        group.bench_function(format!("straightforward_{small}"), |b| {
            b.iter(|| {
                let mut engine = DenseEngine::new(&game);
                engine.extend_to(small);
                engine.into_values()
            })
        });
        group.bench_function(format!("fast_{small}"), |b| {
            b.iter(|| {
                let mut engine = SparseEngine::new(&game).unwrap();
                engine.extend_to(small);
                engine.into_values()
            })
        });
        group.throughput(Throughput::Elements(large as u64 + 1));
        for n_threads in [1, 2] {
            group.bench_function(format!("fast_{large}_threads_{n_threads}"), |b| {
                b.iter(|| {
                    let mut engine = SparseEngine::new(&game).unwrap();
                    engine.extend_parallel(large, n_threads);
                    engine.into_values()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_sequences);
criterion_main!(benches);
