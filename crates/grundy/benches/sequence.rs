//! Nim-sequence engines side by side: the sparse-space engine against the straightforward
//! reference, and one thread against two, on Officers (0.6), Grundy's game and Treblecross
//! (0.007, no sparse space).
//!
//! Run: `cargo bench -p grundy --bench sequence`. Criterion reports values per second; the
//! comparison with ogsolve is `bench/compare-ogsolve.sh`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::sequence::dense::DenseEngine;
use grundy::sequence::sparse;

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
            b.iter(|| sparse::compute(&game, small, 1).unwrap())
        });
        group.throughput(Throughput::Elements(large as u64 + 1));
        for n_threads in [1, 2] {
            group.bench_function(format!("fast_{large}_threads_{n_threads}"), |b| {
                b.iter(|| sparse::compute(&game, large, n_threads).unwrap())
            });
        }
        group.finish();
    }
}

/// One and two threads beside a CPU hog (a thread spinning for the whole group): on a busy
/// machine two threads must not be much slower than one. The ratio of the two medians, in one
/// run, is the figure to read.
fn bench_under_load(c: &mut Criterion) {
    let game = grundy::game("0.6").unwrap().heap_game().unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let hog = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut x = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        })
    };
    let large = 1 << 17;
    let mut group = c.benchmark_group("seq_0.6_beside_a_cpu_hog");
    group.sample_size(10);
    group.throughput(Throughput::Elements(large as u64 + 1));
    for n_threads in [1, 2] {
        group.bench_function(format!("threads_{n_threads}"), |b| {
            b.iter(|| sparse::compute(&game, large, n_threads).unwrap())
        });
    }
    group.finish();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = hog.join();
}

criterion_group!(benches, bench_sequences, bench_under_load);
criterion_main!(benches);
