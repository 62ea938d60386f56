//! Scripted games against the same rules built in: positions and options per second of the
//! generic value solver, for Kayles (a heap that splits) and a game whose positions are arrays
//! (a pile where no amount may be taken twice). Run with
//! `cargo bench -p grundy --bench scripts -- --warm-up-time 1 --measurement-time 3`; the ratio
//! of the two times in one run is the figure the README quotes.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::games::script::{ScriptGame, ScriptValue};
use grundy::games::NoFiles;
use grundy::ruleset::{Options, Ruleset};
use grundy::solve::values::ValueSolver;
use grundy::Limits;

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR")))
        .expect("the example exists")
}

/// The no-repeat pile built in: [tokens left, amounts taken (sorted)...].
struct NoRepeat;

impl Ruleset for NoRepeat {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, options: &mut Options<Vec<u64>>) -> grundy::Result<()> {
        for take in 1..=p[0] {
            if p[1..].contains(&take) {
                continue;
            }
            let mut next = vec![p[0] - take];
            let mut taken: Vec<u64> = p[1..].to_vec();
            taken.push(take);
            taken.sort_unstable();
            next.extend(taken);
            options.push_one(next);
        }
        Ok(())
    }
}

fn count_options<R: Ruleset>(rules: &R, positions: impl Iterator<Item = R::Position>) -> u64 {
    let mut options = Options::new();
    positions
        .map(|p| {
            options.clear();
            rules.options(&p, &mut options).unwrap();
            options.len() as u64
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let kayles_script = ScriptGame::compile(
        "script:kayles.rhai",
        &example("kayles.rhai"),
        &NoFiles,
        &Limits::default(),
    )
    .unwrap();
    let kayles = grundy::game("kayles").unwrap().heap_game().unwrap();
    let n = 600u64;
    let n_options = count_options(&kayles, 0..=n);
    let mut group = c.benchmark_group("kayles_values");
    group.throughput(Throughput::Elements(n_options));
    group.bench_function("builtin", |b| {
        b.iter(|| {
            let mut solver = ValueSolver::new(&kayles, Limits::default());
            (0..=n).map(|h| solver.value(&h).unwrap().finite().unwrap()).sum::<u64>()
        })
    });
    group.bench_function("script", |b| {
        b.iter(|| {
            let mut solver = ValueSolver::new(&kayles_script, Limits::default());
            (0..=n as i64)
                .map(|h| solver.value(&ScriptValue::Int(h)).unwrap().finite().unwrap())
                .sum::<u64>()
        })
    });
    group.finish();

    let no_repeat_script = ScriptGame::compile(
        "script:no_repeat.rhai",
        &example("no_repeat.rhai"),
        &NoFiles,
        &Limits::default(),
    )
    .unwrap();
    let pile = 24u64;
    let mut group = c.benchmark_group("no_repeat_values");
    group.bench_function("builtin", |b| {
        b.iter(|| {
            let mut solver = ValueSolver::new(&NoRepeat, Limits::default());
            solver.value(&vec![pile]).unwrap();
            solver.n_positions()
        })
    });
    let start = ScriptValue::Array(vec![ScriptValue::Int(pile as i64)]);
    group.bench_function("script", |b| {
        b.iter(|| {
            let mut solver = ValueSolver::new(&no_repeat_script, Limits::default());
            solver.value(&start).unwrap();
            solver.n_positions()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
