//! The record-speed figures: values per second of the fast engine for Officers (0.6) and
//! Grundy's game, at one and two threads, to 2^20 and 2^24 (heaps 0..2^k − 1), side by side in
//! one run. Long: each 2^24 sample is a whole run (seconds to tens of seconds).
//!
//! Run: `cargo bench -p grundy --bench records` (`-- 2^20` for the short sizes only).

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use grundy::sequence::sparse;
use std::time::Duration;

fn bench_records(c: &mut Criterion) {
    for name in ["0.6", "grundy"] {
        let game = grundy::game(name).unwrap().heap_game().unwrap();
        let mut group = c.benchmark_group(format!("record_{name}"));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.warm_up_time(Duration::from_millis(100));
        group.measurement_time(Duration::from_secs(1));
        for log in [20u32, 24] {
            let last = (1usize << log) - 1;
            group.throughput(Throughput::Elements(1 << log));
            for n_threads in [1, 2] {
                group.bench_function(format!("2^{log}_threads_{n_threads}"), |b| {
                    b.iter(|| sparse::compute(&game, last, n_threads).unwrap())
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, bench_records);
criterion_main!(benches);
