//! Heaps per second of the misère quotient construction: 0.75 and Kayles to their final
//! quotients (proven periodic at heaps 23 and 169), Dawson's Kayles (0.07) to heap 30 (order 360).
//!
//! Run: `cargo bench -p grundy --bench misere`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::games::heap::HeapGame;
use grundy::misere::{quotient, QuotientOptions};
use grundy::Limits;

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere_quotient");
    group.sample_size(10);
    for (code, max_heap) in [("0.75", 300u64), ("0.77", 300), ("0.07", 30)] {
        let game = HeapGame::of_code(code.parse().expect("a code"));
        let options = QuotientOptions { max_heap, ..QuotientOptions::default() };
        let heaps = quotient(&game, &options, &Limits::default(), &mut |_, _| {})
            .expect("a quotient")
            .max_heap;
        group.throughput(Throughput::Elements(heaps));
        group.bench_function(format!("{code} to heap {heaps}"), |b| {
            b.iter(|| quotient(&game, &options, &Limits::default(), &mut |_, _| {}))
        });
    }
    group.finish();
}

criterion_group!(benches, quotients);
criterion_main!(benches);
