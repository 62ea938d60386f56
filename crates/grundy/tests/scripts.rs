//! Scripted games against the built-in ones they restate, hostile scripts against the sandbox,
//! and the pattern finder against sequences made from known formulas.

use grundy::analysis::Convention;
use grundy::games::graph::GraphFile;
use grundy::games::script::ScriptGame;
use grundy::games::{FileSource, Game, NoFiles};
use grundy::{Limits, Outcome};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("the example exists")
}

fn script(text: &str) -> ScriptGame {
    ScriptGame::compile("script:test.rhai", text, &NoFiles, &Limits::default()).unwrap()
}

fn script_error(text: &str, limits: &Limits) -> grundy::Error {
    match ScriptGame::compile("script:test.rhai", text, &NoFiles, limits) {
        Err(error) => error,
        Ok(game) => game.solve(&["3"], Convention::Normal, limits).unwrap_err(),
    }
}

fn family(game: &dyn Game, up_to: u64) -> Vec<u64> {
    let mut values = Vec::new();
    game.family_values(up_to, &Limits::default(), &mut |_, v| {
        values.push(v.finite().unwrap());
        Ok(())
    })
    .unwrap()
    .unwrap();
    values
}

fn builtin_sequence(name: &str, up_to: u64) -> Vec<u64> {
    let game = grundy::game(name).unwrap().heap_game().unwrap();
    let values = grundy::sequence::HeapValues::compute(&game, up_to as usize, &mut |_| {});
    (0..=up_to).map(|n| values.value(n).unwrap()).collect()
}

/// The whole positions after the winning moves, with a split's empty parts dropped (a script's
/// `sum([0, 5])` writes its `0`; the built-in game writes the one heap left).
fn afters(game: &dyn Game, components: &[&str]) -> (Outcome, BTreeSet<Vec<String>>) {
    let answer = game.solve(components, Convention::Normal, &Limits::default()).unwrap();
    let moves = answer
        .winning_moves
        .iter()
        .map(|m| {
            let mut after: Vec<String> = m.after.iter().filter(|c| *c != "0").cloned().collect();
            after.sort();
            after
        })
        .collect();
    (answer.outcome, moves)
}

#[test]
fn scripted_kayles_is_kayles() {
    let scripted = script(&example("kayles.rhai"));
    assert_eq!(family(&scripted, 150), builtin_sequence("kayles", 150));
    let builtin = grundy::game("kayles").unwrap();
    for position in [&["5", "7"][..], &["1", "2", "3"], &["12"], &["4", "4"], &["6", "9", "11"]] {
        let a = scripted.solve(position, Convention::Normal, &Limits::default()).unwrap();
        let b = builtin.solve(position, Convention::Normal, &Limits::default()).unwrap();
        assert_eq!(a.value, b.value, "{position:?}");
        assert_eq!(afters(&scripted, position), afters(&*builtin, position), "{position:?}");
    }
    // Misère play through the whole-position search, for both.
    for position in [&["4"][..], &["2", "3"], &["5"]] {
        let a = scripted.solve(position, Convention::Misere, &Limits::default()).unwrap();
        let b = builtin.solve(position, Convention::Misere, &Limits::default()).unwrap();
        assert_eq!(a.outcome, b.outcome, "misère {position:?}");
    }
}

#[test]
fn the_queen_script_is_wythoffs_table() {
    let queen = script(&example("queen.rhai"));
    let by_script = queen.pair_table(16, &Limits::default()).unwrap().unwrap();
    let wythoff = grundy::games::pair_table(&*grundy::game("wythoff").unwrap(), 16).unwrap();
    assert_eq!(by_script.rows, wythoff.rows);
}

#[test]
fn the_seeds_subtraction_script_is_sub_1_3_4() {
    let scripted = script(&example("subtraction.rhai"));
    assert_eq!(family(&scripted, 100), builtin_sequence("sub:1,3,4", 100));
}

/// The loopy word chain, as a script and as a graph file: the same values and outcomes.
#[test]
fn a_loopy_script_matches_the_same_game_as_a_graph_file() {
    let text = "const WORDS = [\"ant\", \"tea\", \"apple\", \"eel\", \"lamb\", \"bat\", \"toy\", \"yak\", \"egg\", \"goat\"];\n\
                fn parse(text) { text }\n\
                fn moves(word) { let last = word[word.len() - 1]; let options = []; \
                for w in WORDS { if w[0] == last { options.push(w); } } options }";
    let words = ["ant", "tea", "apple", "eel", "lamb", "bat", "toy", "yak", "egg", "goat"];
    let mut graph = String::new();
    for word in words {
        let last = word.chars().last().unwrap();
        let next: Vec<&str> = words.iter().copied().filter(|w| w.starts_with(last)).collect();
        graph.push_str(&format!("{word}: {}\n", next.join(" ")));
    }
    let scripted = script(text);
    let graph = GraphFile::from_text("words", &graph).unwrap();
    let mut outcomes = BTreeSet::new();
    for word in words {
        let a = scripted.solve(&[word], Convention::Normal, &Limits::default()).unwrap();
        let b = graph.solve(&[word], Convention::Normal, &Limits::default()).unwrap();
        assert_eq!((a.value.clone(), a.outcome), (b.value.clone(), b.outcome), "{word}");
        outcomes.insert(a.outcome.letter());
        let pair = [word, "toy"];
        let a = scripted.solve(&pair, Convention::Normal, &Limits::default()).unwrap();
        let b = graph.solve(&pair, Convention::Normal, &Limits::default()).unwrap();
        assert_eq!((a.value, a.outcome), (b.value, b.outcome), "{pair:?}");
    }
    assert!(outcomes.len() >= 2, "the example should mix outcomes: {outcomes:?}");
}

#[test]
fn every_example_script_compiles_and_answers() {
    for name in ["kayles", "subtraction", "queen", "split", "no_repeat", "word_chain"] {
        let game = script(&example(&format!("{name}.rhai")));
        let component = match name {
            "queen" => "3,5",
            "word_chain" => "apple",
            _ => "6",
        };
        game.solve(&[component], Convention::Normal, &Limits::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// A subtraction game's script text, as a user would write it.
fn subtraction_script(set: &[u64]) -> String {
    let listed: Vec<String> = set.iter().map(u64::to_string).collect();
    format!(
        "const TAKES = [{}];\nfn heap(n) {{ n }}\nfn moves(n) {{ let options = []; for t in TAKES {{ if t <= n {{ options.push(n - t); }} }} options }}\n",
        listed.join(", ")
    )
}

/// An octal game's script text: digit d_k's bits say what removing k tokens may leave.
fn octal_script(digits: &[u8]) -> String {
    let listed: Vec<String> = digits.iter().map(u8::to_string).collect();
    format!(
        "const DIGITS = [{}];\nfn heap(n) {{ n }}\n\
         fn moves(n) {{\n  let options = [];\n  for k in 1..=DIGITS.len() {{\n    if k > n {{ break; }}\n    let d = DIGITS[k - 1];\n    let rest = n - k;\n\
             if (d & 1) != 0 && rest == 0 {{ options.push(sum([])); }}\n\
             if (d & 2) != 0 && rest > 0 {{ options.push(rest); }}\n\
             if (d & 4) != 0 {{ for a in 1..=rest / 2 {{ if a < rest {{ options.push(sum([a, rest - a])); }} }} }}\n\
           }}\n  options\n}}\n",
        listed.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_subtraction_scripts_match_sub(set in proptest::collection::btree_set(1u64..9, 1..4)) {
        let set: Vec<u64> = set.into_iter().collect();
        let scripted = script(&subtraction_script(&set));
        let name = format!("sub:{}", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        prop_assert_eq!(family(&scripted, 80), builtin_sequence(&name, 80));
    }

    #[test]
    fn random_octal_scripts_match_the_code(digits in proptest::collection::vec(0u8..8, 1..4)) {
        prop_assume!(digits.iter().any(|&d| d != 0));
        let code = format!("0.{}", digits.iter().map(u8::to_string).collect::<String>());
        let scripted = script(&octal_script(&digits));
        prop_assert_eq!(family(&scripted, 60), builtin_sequence(&code, 60), "{}", code);
    }

}

/// Each hostile script stops with the right one-line error, within seconds, in bounded memory.
#[test]
fn hostile_scripts_are_stopped_with_the_right_error() {
    let limits = Limits { max_positions: 100_000, max_bytes: 256 << 20, ..Limits::default() };
    let cases: &[(&str, &str)] = &[
        ("fn moves(n) { loop { } }", "operations"),
        // Rhai's `sleep` blocked the thread outside every budget (hardening round three).
        ("fn moves(n) { sleep(1e9); [] }", "cannot sleep"),
        ("fn moves(n) { sleep(1000000000); [] }", "cannot sleep"),
        ("fn moves(n) { let f = Fn(\"sleep\"); f.call(1000); [] }", "cannot sleep"),
        // Positions of 100,000 elements: memoised positions count against the memory limit.
        (
            "fn parse(t){let a=[];a.pad(100000,7);a} fn moves(p){if p.len()>0{let b=p;b.pop();[b]}else{[]}}",
            "memory",
        ),
        ("fn f(n) { f(n + 1) } fn moves(n) { f(n) }", "deep"),
        ("fn moves(n) { let a = [1]; loop { a += a; } }", "array"),
        ("fn moves(n) { let s = \"x\"; loop { s += s; } }", "string"),
        // A map grown for ever: stopped by its bound or by the operation budget, whichever
        // comes first, in bounded memory either way.
        ("fn moves(n) { let m = #{}; let i = 0; loop { m[`k${i}`] = i; i += 1; } }", "moves(3)"),
        ("import \"os\" as os; fn moves(n) { [] }", "cannot load modules"),
        ("fn moves(n) { open_file(\"/etc/passwd\") }", "no function open_file"),
        ("fn moves(n) { eval(\"[1]\") }", "eval"),
        ("fn moves(n) { [n + 1] }", "positions"),
        ("fn moves(n) { [n - ; }", "line 1, column"),
        ("fn moves(n) { throw \"no moves today\"; }", "threw: no moves today"),
        ("fn moves(n) { 3.5 }", "not an array of options"),
        ("fn moves(n) { [3.5] }", "returned 3.5, which is not a position"),
        ("fn heap(n) { n }", "defines no function moves"),
    ];
    // A megabyte of small functions: Rhai's parser is quadratic in them, so it is refused
    // before parsing.
    let many: String = (0..40_000).map(|i| format!("fn f{i}(x) {{ x + {i} }}\n")).collect();
    let many = format!("fn moves(n) {{ [] }}\n{many}");
    for (text, needle) in cases {
        let started = std::time::Instant::now();
        let error = script_error(text, &limits);
        let message = error.to_string();
        assert!(message.contains(needle), "{text}: {message}");
        assert!(!message.contains('\n'), "{text}: one line: {message}");
        assert!(error.is_bad_input(), "{text}");
        assert!(started.elapsed().as_secs() < 20, "{text}: took {:?}", started.elapsed());
    }
    let started = std::time::Instant::now();
    let message = script_error(&many, &limits).to_string();
    assert!(message.contains("40001 functions"), "{message}");
    assert!(started.elapsed().as_secs() < 2, "took {:?}", started.elapsed());
}

#[test]
fn print_and_debug_go_to_the_host_never_into_an_answer() {
    struct Collect(std::sync::Arc<std::sync::Mutex<Vec<String>>>);
    impl FileSource for Collect {
        fn read_to_string(&self, path: &str) -> grundy::Result<String> {
            Err(grundy::Error::Unreadable { path: path.into(), reason: "no files".into() })
        }
        fn printer(&self) -> Option<grundy::games::Printer> {
            let lines = self.0.clone();
            Some(std::sync::Arc::new(move |text: &str| lines.lock().unwrap().push(text.into())))
        }
    }
    let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let text = "fn moves(n) { print(`at ${n}`); debug(n); if n > 0 { [n - 1] } else { [] } }";
    let game =
        ScriptGame::compile("script:p.rhai", text, &Collect(lines.clone()), &Limits::default())
            .unwrap();
    let answer = game.solve(&["3"], Convention::Normal, &Limits::default()).unwrap();
    assert_eq!(answer.winning_moves.len(), 1);
    assert!(answer.winning_moves[0].after == ["2"]);
    let lines = lines.lock().unwrap();
    assert!(
        lines.iter().any(|l| l == "at 3") && lines.iter().any(|l| l.contains("line 1")),
        "{lines:?}"
    );
}
