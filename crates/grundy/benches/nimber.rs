//! Nim-products a second: 64-bit products in machine words (the 8-bit table and three
//! half-size products a level), the `--batch` line path (parse, multiply, print), and 128- and
//! 256-bit products on limbs, side by side in one run.
//!
//! Run: `cargo bench -p grundy --bench nimber`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy::nimber::field::{mul, mul_big, Op};
use num_bigint::BigUint;

/// A fixed stream of pseudo-random 64-bit words (splitmix64).
fn words(n: usize) -> Vec<u64> {
    let mut state = 0x1234_5678_9abc_def0u64;
    (0..n)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

fn products(c: &mut Criterion) {
    let n = 1 << 16;
    let w = words(2 * n);
    let mut group = c.benchmark_group("nim_product");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function("64-bit", |b| {
        b.iter(|| w.chunks_exact(2).fold(0u64, |acc, p| acc ^ mul(black_box(p[0]), p[1])))
    });
    let lines: Vec<String> = w.chunks_exact(2).map(|p| format!("{} {}", p[0], p[1])).collect();
    group.bench_function("64-bit batch lines", |b| {
        let mut out = Vec::with_capacity(32 * n);
        b.iter(|| {
            out.clear();
            for line in &lines {
                Op::Mul.answer_line(line.as_bytes(), &mut out).expect("a good line");
            }
            out.len()
        })
    });
    for limbs in [2usize, 4] {
        let numbers: Vec<BigUint> = w
            .chunks_exact(limbs)
            .take(1024)
            .map(|chunk| {
                BigUint::from_slice(
                    &chunk.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect::<Vec<_>>(),
                )
            })
            .collect();
        group.throughput(Throughput::Elements(numbers.len() as u64 / 2));
        group.bench_function(format!("{}-bit", 64 * limbs), |b| {
            b.iter(|| numbers.chunks_exact(2).map(|p| mul_big(&p[0], &p[1]).bits()).sum::<u64>())
        });
    }
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
