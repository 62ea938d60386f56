//! The fast path of `moves` against Rhai itself: the same options for the examples and for
//! random scripts, never fewer operations counted, and the cases it must leave to Rhai.

use super::fast::{Bail, Choice};
use super::{ScriptGame, ScriptValue};
use crate::games::NoFiles;
use crate::limits::Limits;
use crate::ruleset::Options;
use proptest::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR")))
        .expect("the example exists")
}

fn game(text: &str) -> ScriptGame {
    ScriptGame::compile("script:test.rhai", text, &NoFiles, &Limits::default()).expect("compiles")
}

/// The options of the fast path, or `Bail`.
fn fast(game: &ScriptGame, position: &ScriptValue) -> Result<Vec<Choice>, Bail> {
    let program = game.fast.as_ref().expect("the script has a fast path");
    program.moves(position, game.max_operations.load(Ordering::Relaxed), &|| false)
}

/// The options Rhai gives, as the fast path writes them (or Rhai's error).
fn rhai(game: &ScriptGame, position: &ScriptValue) -> Result<Vec<Vec<ScriptValue>>, String> {
    let mut options = Options::new();
    game.rhai_options(position, &mut options).map_err(|e| e.to_string())?;
    Ok(options.iter().map(|option| option.to_vec()).collect())
}

fn flatten(choices: Vec<Choice>) -> Vec<Vec<ScriptValue>> {
    choices
        .into_iter()
        .map(|choice| match choice {
            Choice::One(p) => vec![p],
            Choice::Sum(parts) => parts,
        })
        .collect()
}

fn int(v: i64) -> ScriptValue {
    ScriptValue::Int(v)
}

fn ints(values: &[i64]) -> ScriptValue {
    ScriptValue::Array(values.iter().copied().map(int).collect())
}

/// Positions each example is asked about.
fn positions(name: &str) -> Vec<ScriptValue> {
    match name {
        "queen.rhai" => (0..8).flat_map(|x| (0..8).map(move |y| ints(&[x, y]))).collect(),
        "no_repeat.rhai" => vec![
            ints(&[0]),
            ints(&[7]),
            ints(&[12]),
            ints(&[5, 1, 3]),
            ints(&[9, 2]),
            ints(&[20, 1, 2, 4]),
        ],
        _ => (0..60).map(int).collect(),
    }
}

#[test]
fn the_examples_take_the_fast_path_and_agree_with_rhai() {
    for name in ["kayles.rhai", "subtraction.rhai", "queen.rhai", "split.rhai", "no_repeat.rhai"] {
        let game = game(&example(name));
        for position in positions(name) {
            let quick = fast(&game, &position)
                .unwrap_or_else(|_| panic!("{name}: moves({position}) left the fast path"));
            assert_eq!(Ok(flatten(quick)), rhai(&game, &position), "{name}: moves({position})");
        }
    }
}

#[test]
fn strings_are_left_to_rhai() {
    let game = game(&example("word_chain.rhai"));
    let word = ScriptValue::Str("apple".into());
    assert_eq!(fast(&game, &word), Err(Bail));
    // And the game still answers, through Rhai.
    assert_eq!(rhai(&game, &word).unwrap().len(), 2);
    let mut options = Options::new();
    crate::ruleset::Ruleset::options(&game, &word, &mut options).unwrap();
    assert_eq!(options.len(), 2);
}

/// The operations Rhai counts for one call of `moves`.
fn rhai_operations(text: &str, position: &ScriptValue) -> u64 {
    let mut engine = rhai::Engine::new();
    engine.set_max_expr_depths(128, 128);
    engine.register_type_with_name::<super::Split>("sum");
    engine.register_fn("sum", |parts: rhai::Array| super::Split(Arc::new(parts)));
    let seen = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&seen);
    engine.on_progress(move |ops| {
        counter.fetch_max(ops, Ordering::Relaxed);
        None
    });
    let ast = engine.compile(text).unwrap();
    let mut scope = rhai::Scope::new();
    engine.run_ast_with_scope(&mut scope, &ast).unwrap();
    seen.store(0, Ordering::Relaxed);
    let options = rhai::CallFnOptions::new().eval_ast(false).rewind_scope(true);
    let _: rhai::Dynamic = engine
        .call_fn_with_options(options, &mut scope, &ast, "moves", (position.to_dynamic(),))
        .unwrap();
    seen.load(Ordering::Relaxed)
}

#[test]
fn operations_are_never_counted_below_rhai() {
    for name in ["kayles.rhai", "subtraction.rhai", "queen.rhai", "split.rhai", "no_repeat.rhai"] {
        let text = example(name);
        let game = game(&text);
        let program = game.fast.as_ref().unwrap();
        for position in positions(name) {
            let ours = program.count_operations(&position).unwrap();
            let theirs = rhai_operations(&text, &position);
            assert!(ours >= theirs, "{name}: moves({position}): {ours} < Rhai's {theirs}");
        }
    }
    let text = KITCHEN_SINK;
    let game = game(text);
    for a in -3..6 {
        for b in -2..4 {
            let position = ints(&[a, b]);
            if let Some(ours) = game.fast.as_ref().unwrap().count_operations(&position) {
                let theirs = rhai_operations(text, &position);
                assert!(ours >= theirs, "moves({position}): {ours} < Rhai's {theirs}");
            }
        }
    }
}

/// Most of what the fast path knows, in one script.
const KITCHEN_SINK: &str = r#"
const STEPS = [1, 2, 3];
let scale = 2;
fn twice(x) { x * 2 }
fn fact(n) { if n <= 1 { 1 } else { n * fact(n - 1) } }
fn moves(p) {
    let a = p[0];
    let b = p[-1];
    let out = [];
    for s in STEPS { if s <= a { out.push(a - s); } }
    let i = 0;
    while i < 3 { i += 1; if i == 2 { continue; } out.push(i * scale); }
    let j = 5;
    do { j -= 2; } until j < 0;
    out.push(j);
    loop { j += 1; if j > 2 { break; } }
    out.push(if a > b { a / 2 } else { a % 3 });
    let arr = [a, b, [a, b]];
    arr[2][0] = 9;
    arr[0] += 1;
    out.push(arr);
    let q = [3, 1, 2];
    q.sort();
    q.reverse();
    let top = q.pop();
    out.push(q + [top]);
    out.push(q.extract(1).len());
    out.push(b in q);
    out.push(!(a > 1) || (b < 0 && a != b));
    out.push(twice(fact(3)));
    out.push(sum([a, b, min(a, b), max(a, b), abs(b)]));
    for (x, k) in [7, 8] { out.push(x + k); }
    for x in range(0, 2) { out += x; }
    out += [a << 2, a >> 1, a & 6, a | 1, a ^ 3, 2 ** 3];
    out.push(-a);
    out
}
"#;

#[test]
fn the_kitchen_sink_agrees_with_rhai() {
    let game = game(KITCHEN_SINK);
    let mut answered = 0;
    for a in -3..6 {
        for b in -2..4 {
            let position = ints(&[a, b]);
            if let Ok(quick) = fast(&game, &position) {
                answered += 1;
                assert_eq!(Ok(flatten(quick)), rhai(&game, &position), "moves({position})");
            }
        }
    }
    // Shifts of negative numbers are left to Rhai (a < 0: 18 positions); the rest is answered.
    assert!(answered >= 36, "only {answered} positions took the fast path");
}

#[test]
fn globals_reach_only_the_function_the_host_calls() {
    // Rhai lets `moves` read the top level's variables, but not the functions it calls.
    let game = game("const C = 3; fn g() { C } fn moves(n) { if n > 0 { [g()] } else { [C] } }");
    assert_eq!(fast(&game, &int(0)), Ok(vec![Choice::One(int(3))]));
    assert_eq!(fast(&game, &int(1)), Err(Bail));
    assert!(rhai(&game, &int(1)).unwrap_err().contains("C"));
}

#[test]
fn bounds_are_left_to_rhai_which_names_them() {
    let endless = game("fn moves(n) { loop { } }");
    assert_eq!(fast(&endless, &int(1)), Err(Bail));
    let mut options = Options::new();
    let error = crate::ruleset::Ruleset::options(&endless, &int(1), &mut options).unwrap_err();
    assert!(error.to_string().contains("operations"), "{error}");

    let growing = game("fn moves(n) { let a = [1]; loop { a += a; } }");
    let error = crate::ruleset::Ruleset::options(&growing, &int(1), &mut options).unwrap_err();
    assert!(error.to_string().contains("sandbox's bound"), "{error}");

    let deep = game("fn f(n) { f(n + 1) } fn moves(n) { [f(n)] }");
    let error = crate::ruleset::Ruleset::options(&deep, &int(1), &mut options).unwrap_err();
    assert!(error.to_string().contains("deep"), "{error}");

    let overflow = game("fn moves(n) { [n * 9223372036854775807] }");
    assert_eq!(fast(&overflow, &int(1)), Ok(vec![Choice::One(int(i64::MAX))]));
    assert_eq!(fast(&overflow, &int(2)), Err(Bail));
    assert!(rhai(&overflow, &int(2)).is_err());
}

/// A random integer expression over `a` and `b` in the subset, as script text.
fn int_expr(depth: u32) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        Just("a".to_string()),
        Just("b".to_string()),
        (-4i64..9).prop_map(|v| format!("({v})")),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let x = || int_expr(depth - 1);
    let op = prop_oneof![
        Just("+"),
        Just("-"),
        Just("*"),
        Just("/"),
        Just("%"),
        Just("&"),
        Just("|"),
        Just("^"),
        Just("<<"),
        Just(">>"),
    ];
    prop_oneof![
        leaf,
        (x(), op, x()).prop_map(|(x, op, y)| format!("({x} {op} {y})")),
        x().prop_map(|x| format!("(-{x})")),
        x().prop_map(|x| format!("[{x}, 1][0]")),
        (x(), x()).prop_map(|(x, y)| format!("[{x}, {y}][-1]")),
        (bool_expr(depth - 1), x(), x())
            .prop_map(|(c, x, y)| format!("(if {c} {{ {x} }} else {{ {y} }})")),
        (x(), x()).prop_map(|(x, y)| format!("min({x}, {y})")),
        (x(), x()).prop_map(|(x, y)| format!("max({x}, {y})")),
        x().prop_map(|x| format!("abs({x})")),
        (x(), x()).prop_map(|(x, y)| format!("([{x}] + [{y}, 3]).len()")),
        (x(), x()).prop_map(|(x, y)| format!("[{x}, {y}, 4].extract(1)[0]")),
        x().prop_map(|x| format!("{{ let t = [{x}, a]; t[1] = b; t.push(2); t.sort(); t[0] }}")),
    ]
    .boxed()
}

/// A random boolean expression over `a` and `b`.
fn bool_expr(depth: u32) -> BoxedStrategy<String> {
    let x = || int_expr(depth.saturating_sub(1));
    let cmp = prop_oneof![Just("=="), Just("!="), Just("<"), Just("<="), Just(">"), Just(">=")];
    let leaf = (x(), cmp, x()).prop_map(|(x, op, y)| format!("({x} {op} {y})"));
    if depth == 0 {
        return prop_oneof![leaf, Just("true".to_string())].boxed();
    }
    let p = || bool_expr(depth - 1);
    prop_oneof![
        leaf,
        p().prop_map(|p| format!("(!{p})")),
        (p(), p()).prop_map(|(p, q)| format!("({p} && {q})")),
        (p(), p()).prop_map(|(p, q)| format!("({p} || {q})")),
        (p(), p()).prop_map(|(p, q)| format!("({p} ^ {q})")),
        x().prop_map(|x| format!("({x} in [1, 2])")),
        (x(), x()).prop_map(|(x, y)| format!("([{x}, 1] == [{y}, 1])")),
    ]
    .boxed()
}

/// Whatever the fast path answers, Rhai answers the same; and it answers often enough for
/// the comparison to mean something.
#[test]
fn random_expressions_agree_with_rhai() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(400));
    let answered = std::cell::Cell::new(0u32);
    let strategy = (int_expr(3), bool_expr(2), -5i64..20, -5i64..20);
    runner
        .run(&strategy, |(e, f, a, b)| {
            let text = format!(
                "fn moves(p) {{ let a = p[0]; let b = p[1]; let out = []; \
                 for k in 0..2 {{ out.push({e}); }} out.push(sum([{f}, a])); out }}"
            );
            // Rhai's compiler refuses some random texts (`if 3 {...}`): nothing to compare.
            let Ok(game) =
                ScriptGame::compile("script:test.rhai", &text, &NoFiles, &Limits::default())
            else {
                return Ok(());
            };
            let position = ints(&[a, b]);
            if let Ok(quick) = fast(&game, &position) {
                answered.set(answered.get() + 1);
                prop_assert_eq!(Ok(flatten(quick)), rhai(&game, &position), "{}", text);
            }
            Ok(())
        })
        .unwrap();
    assert!(answered.get() >= 200, "only {} random scripts took the fast path", answered.get());
}

#[test]
fn the_first_calls_decide_whether_the_fast_path_is_tried() {
    let text = "fn moves(p) { [] }";
    // A script whose positions bail on most of the first calls is left to Rhai for good.
    let mostly = game(text);
    for _ in 0..super::fast::TRIAL_CALLS {
        assert_eq!(fast(&mostly, &ScriptValue::Str("s".into())), Err(Bail));
    }
    for _ in 0..=2 * super::fast::TRIAL_CALLS {
        assert_eq!(fast(&mostly, &int(1)), Err(Bail));
    }
    // One whose first calls mostly take the fast path keeps it, whatever bails later.
    let rarely = game(text);
    for i in 0..super::fast::TRIAL_CALLS {
        let position = if i % 4 == 0 { ScriptValue::Str("s".into()) } else { int(1) };
        let _ = fast(&rarely, &position);
    }
    for _ in 0..2 * super::fast::TRIAL_CALLS {
        assert_eq!(fast(&rarely, &ScriptValue::Str("s".into())), Err(Bail));
    }
    assert_eq!(fast(&rarely, &int(1)), Ok(vec![]));
}

#[test]
fn a_constant_array_changed_in_one_call_is_whole_in_the_next() {
    // Rhai's optimizer folds the literals into constants; the fast path copies a small one for
    // each use and shares a large one (every change goes through a copy on write either way):
    // neither may let one call's change reach the next.
    let game = game(
        "const T = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
         fn moves(n) { let a = [1, 2]; a.push(n); let t = T; t.push(n); [a.len(), t.len()] }",
    );
    for n in 0..3 {
        let expected = vec![Choice::One(int(3)), Choice::One(int(19))];
        assert_eq!(fast(&game, &int(n)), Ok(expected));
        assert_eq!(rhai(&game, &int(n)).unwrap(), vec![vec![int(3)], vec![int(19)]]);
    }
}
