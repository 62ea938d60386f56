//! The positions corpus (testdata/positions.toml) against every answerer: the game's own answer
//! (closed forms where it has them), the generic path on the same rules read literally, the
//! whole-position search, and the batch fast path. Then Fibonacci Nim and the value solver
//! against exhaustive search.

use grundy::analysis::{Analysis, Convention, Value};
use grundy::games::fibonacci::{self, FibHeap, FibonacciNim};
use grundy::games::generic::by_rules;
use grundy::games::georgia_bob::Pieces;
use grundy::games::graph::{GraphFile, GraphGame};
use grundy::games::nim::Nim;
use grundy::games::staircase::Staircase;
use grundy::games::wythoff::Wythoff;
use grundy::games::{Game, Rules};
use grundy::ruleset::{Options, Ruleset};
use grundy::solve::loopy::loopy_values_naive;
use grundy::solve::retrograde::TerminalRule;
use grundy::solve::values::ValueSolver;
use grundy::solve::whole::solve_whole;
use grundy::{Limits, Outcome};
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};

#[derive(Deserialize)]
struct Corpus {
    position: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    game: String,
    #[serde(default)]
    graph: Option<String>,
    components: Vec<String>,
    #[serde(default)]
    convention: Option<String>,
    #[serde(default)]
    value: Option<toml::Value>,
    outcome: String,
    #[serde(default)]
    winning_moves: Option<Vec<Vec<String>>>,
    source: String,
}

impl Case {
    fn convention(&self) -> Convention {
        match self.convention.as_deref() {
            Some("misere") => Convention::Misere,
            _ => Convention::Normal,
        }
    }

    fn value(&self) -> Option<Value> {
        self.value.as_ref().map(|value| match value {
            toml::Value::Integer(v) => Value::Nimber((*v as u64).into()),
            toml::Value::Table(t) => Value::Infinite(
                t["infinite"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_integer().unwrap() as u64)
                    .collect(),
            ),
            other => panic!("bad value {other}"),
        })
    }

    fn label(&self) -> String {
        format!("{} {:?} ({})", self.game, self.components, self.source)
    }

    /// Checks an answer against the case; `with_value` when the answerer gives values.
    fn check(&self, answerer: &str, answer: &Analysis, with_value: bool) {
        let label = format!("{answerer}: {}", self.label());
        assert_eq!(answer.outcome.letter(), self.outcome, "{label}");
        if with_value && answer.convention == Convention::Normal {
            if let (Some(expected), Some(got)) = (self.value(), &answer.value) {
                assert_eq!(got, &expected, "{label}");
            }
        }
        if let Some(expected) = &self.winning_moves {
            let expected: BTreeSet<Vec<String>> = expected.iter().cloned().collect();
            let got: BTreeSet<Vec<String>> =
                answer.winning_moves.iter().map(|m| m.after.clone()).collect();
            assert_eq!(got, expected, "{label}");
        }
    }
}

fn corpus() -> Corpus {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/positions.toml");
    toml::from_str(&std::fs::read_to_string(path).expect("the corpus is readable"))
        .expect("valid TOML")
}

fn loaded(case: &Case) -> std::sync::Arc<dyn Game> {
    match &case.graph {
        Some(text) => std::sync::Arc::new(GraphFile::from_text("corpus", text).unwrap()),
        None => grundy::game(&case.game).unwrap(),
    }
}

/// The generic path and the whole-position search on typed rules.
fn check_by_rules<R: Rules>(case: &Case, rules: &R) {
    let texts: Vec<&str> = case.components.iter().map(String::as_str).collect();
    let position = rules.parse_position(&texts).unwrap();
    let limits = Limits::default();
    let generic = by_rules(rules, &position, case.convention(), &limits).unwrap();
    case.check("generic path", &generic, true);
    // The whole position as one game: its outcome, and its winning moves by retrograde search.
    let rule = match case.convention() {
        Convention::Normal => TerminalRule::MoverLoses,
        Convention::Misere => TerminalRule::MoverWins,
    };
    let whole = solve_whole(rules, &position, rule, &limits).unwrap();
    assert_eq!(whole.outcome.letter(), case.outcome, "whole search: {}", case.label());
    if let Some(expected) = &case.winning_moves {
        let shown: Vec<String> = position.iter().map(|p| rules.show_component(p)).collect();
        let empty = rules.empty_component().map(|p| rules.show_component(&p));
        let got: BTreeSet<Vec<String>> = whole
            .winning_moves
            .iter()
            .map(|m| {
                let to: Vec<String> = if m.to.is_empty() {
                    empty.iter().cloned().collect()
                } else {
                    m.to.iter().map(|p| rules.show_component(p)).collect()
                };
                grundy::analysis::replace_component(&shown, m.component, &to)
            })
            .collect();
        let expected: BTreeSet<Vec<String>> = expected.iter().cloned().collect();
        assert_eq!(got, expected, "whole search: {}", case.label());
    }
}

#[test]
fn every_answerer_passes_the_positions_corpus() {
    let corpus = corpus();
    assert!(corpus.position.len() >= 30);
    for case in &corpus.position {
        let game = loaded(case);
        let texts: Vec<&str> = case.components.iter().map(String::as_str).collect();
        let answer = game.solve(&texts, case.convention(), &Limits::default()).unwrap();
        case.check("the game's answer", &answer, true);
        // The explanation is chosen by the game and never shows unknown values.
        let explanation =
            game.explain(&answer, grundy::i18n::Lang::En, &Limits::default()).unwrap();
        assert!(!explanation.contains(" value ?"), "{}: {explanation}", case.label());
        match case.game.as_str() {
            "nim" => check_by_rules(case, &Nim),
            "wythoff" => check_by_rules(case, &Wythoff),
            "staircase" => check_by_rules(case, &Staircase),
            "georgia-bob" => check_by_rules(case, &Pieces),
            "fibonacci-nim" => check_by_rules(case, &FibonacciNim),
            "northcott" => check_by_rules(case, &grundy::games::northcott::Northcott),
            "graph" => {
                let rules = GraphFile::from_text("corpus", case.graph.as_deref().unwrap()).unwrap();
                check_by_rules(case, &rules);
            }
            // Moore's Nim_K is one game, not a sum; its theorem is checked against search in
            // tests/classic.rs.
            name if name.starts_with("moore:") => {}
            _ => check_by_rules(case, &game.heap_game().expect("a heap game")),
        }
        // The batch fast path gives the line the general path gives.
        let mut fast = Vec::new();
        let line = case.components.join(" ");
        if game.batch_line(line.as_bytes(), case.convention(), &mut Vec::new(), &mut fast) {
            let mut general = Vec::new();
            answer.short_answer(&mut general);
            assert_eq!(fast, general, "batch: {}", case.label());
        }
    }
}

/// Exhaustive search of one Fibonacci Nim heap: whether the player to move wins.
fn fib_wins(tokens: u64, max_take: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if let Some(&known) = memo.get(&(tokens, max_take)) {
        return known;
    }
    let wins =
        (1..=max_take.min(tokens)).any(|k| !fib_wins(tokens - k, (2 * k).min(tokens - k), memo));
    memo.insert((tokens, max_take), wins);
    wins
}

#[test]
fn fibonacci_nim_theory_matches_exhaustive_search() {
    let mut memo = HashMap::new();
    for tokens in 0..=80u64 {
        for max_take in 0..=tokens {
            let heap = FibHeap::limited(tokens, max_take);
            let wins = fib_wins(tokens, max_take, &mut memo);
            assert_eq!(fibonacci::is_p_position(&heap), !wins, "({tokens}, {max_take})");
            let by_search: Vec<u64> = (1..=max_take.min(tokens))
                .filter(|&k| !fib_wins(tokens - k, (2 * k).min(tokens - k), &mut memo))
                .collect();
            assert_eq!(fibonacci::winning_takes(&heap), by_search, "({tokens}, {max_take})");
        }
        // A fresh heap is lost exactly when its size is a Fibonacci number.
        let fresh = FibHeap::fresh(tokens);
        let is_fibonacci = tokens > 0 && fibonacci::zeckendorf(tokens).len() == 1;
        assert_eq!(fibonacci::is_p_position(&fresh), tokens == 0 || is_fibonacci, "{tokens}");
    }
}

#[test]
fn fibonacci_nim_answers_match_search_for_single_heaps_and_sums() {
    let game = grundy::game("fibonacci-nim").unwrap();
    let limits = Limits::default();
    for (components, expected_p) in
        [(vec!["21"], true), (vec!["20"], false), (vec!["5", "8"], true), (vec!["4,4", "6"], false)]
    {
        let answer = game.solve(&components, Convention::Normal, &limits).unwrap();
        assert_eq!(answer.outcome == Outcome::P, expected_p, "{components:?}");
        // Every winning move leads to a position the generic path calls P.
        for m in &answer.winning_moves {
            let after: Vec<&str> = m.after.iter().map(String::as_str).collect();
            let next = game.solve(&after, Convention::Normal, &limits).unwrap();
            assert_eq!(next.outcome, Outcome::P, "{components:?} -> {after:?}");
        }
    }
    // A heap far too large to search is answered by the theorem, every winning move listed.
    let huge = game.solve(&["1000000000000000000"], Convention::Normal, &limits).unwrap();
    assert_eq!(huge.outcome, Outcome::N);
    for m in &huge.winning_moves {
        let (left, limit) = m.to[0].split_once(',').unwrap();
        let heap = FibHeap::limited(left.parse().unwrap(), limit.parse().unwrap());
        assert!(fibonacci::is_p_position(&heap), "{}", m.to[0]);
    }
}

/// A game given by an explicit list of successors, as a ruleset the value solver explores
/// (not the graph solver's own path).
struct ListGame(Vec<Vec<u32>>);

impl Ruleset for ListGame {
    type Position = u32;
    fn options(&self, node: &u32, options: &mut Options<u32>) -> grundy::Result<()> {
        for &s in &self.0[*node as usize] {
            options.push_one(s);
        }
        Ok(())
    }
}

fn random_graph(max_nodes: usize, max_degree: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=max_nodes).prop_flat_map(move |n| {
        proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..=max_degree), n)
    })
}

proptest! {
    /// The value solver (memo, then Smith's labelling of the region where a cycle is met)
    /// against Smith's definition applied naively to the whole graph.
    #[test]
    fn value_solver_matches_smiths_definition(lists in random_graph(12, 3), order in proptest::collection::vec(0u32..12, 1..6)) {
        let reference = loopy_values_naive(&GraphGame::parse(&graph_text(&lists)).unwrap().graph().clone());
        let game = ListGame(lists.clone());
        let mut solver = ValueSolver::new(&game, Limits::default());
        // Ask in a random order, so regions are met from different roots.
        for node in order.into_iter().map(|n| n % lists.len() as u32).chain(0..lists.len() as u32) {
            prop_assert_eq!(solver.value(&node).unwrap(), reference[node as usize].clone(), "node {}", node);
        }
    }

    /// The computer's move against the definition: from an N-position it moves to a P-position
    /// of least remoteness, from a D-position to a D-position, from a P-position to the option
    /// of largest remoteness (retrograde analysis of the graph, which knows nothing of play).
    #[test]
    fn the_computer_plays_the_perfect_strategy(lists in random_graph(10, 3), start in 0u32..10) {
        use grundy::solve::retrograde::retrograde_naive;
        let text = graph_text(&lists);
        let game = GraphFile::from_text("g", &text).unwrap();
        let node = start % lists.len() as u32;
        let name = format!("n{node}");
        let reference = retrograde_naive(game.graph.graph(), TerminalRule::MoverLoses);
        let choice = grundy::play::computer_move(&game, &[name.as_str()], Convention::Normal, &Limits::default()).unwrap();
        let Some(choice) = choice else {
            prop_assert!(lists[node as usize].is_empty());
            return Ok(());
        };
        let to: usize = choice.report.after[0][1..].parse().unwrap();
        let (outcome, _) = reference[node as usize];
        prop_assert_eq!(choice.outcome, outcome);
        let options: Vec<usize> = lists[node as usize].iter().map(|&s| s as usize).collect();
        match outcome {
            Outcome::N => {
                prop_assert_eq!(reference[to].0, Outcome::P);
                let fastest = options.iter().filter(|&&o| reference[o].0 == Outcome::P).filter_map(|&o| reference[o].1).min();
                prop_assert_eq!(reference[to].1, fastest);
            }
            Outcome::D => prop_assert_eq!(reference[to].0, Outcome::D),
            Outcome::P => {
                let longest = options.iter().filter_map(|&o| reference[o].1).max();
                prop_assert_eq!(reference[to].1, longest);
            }
        }
    }

    /// Splits into independent parts whose parts lie in cycles: a heap-like game where a
    /// position n ≥ 4 may split into two smaller positions, with back edges (cycles) among the
    /// positions below 4. No split lies inside a cycle, so the value solver must answer every
    /// position, and the outcome of every sum of two positions must match the whole-position
    /// search (retrograde on the multiset graph, which knows nothing of values).
    #[test]
    fn value_solver_with_splits_matches_whole_search(back in proptest::collection::vec((0u32..4, 0u32..4), 0..4), n in 0u32..9, m in 0u32..9) {
        let game = SplitGame { back };
        let mut solver = ValueSolver::new(&game, Limits::default());
        let (a, b) = (solver.value(&n).unwrap(), solver.value(&m).unwrap());
        let sum = grundy::solve::sum::sum_value(&[a, b]);
        let whole = solve_whole(&game, &[n, m], TerminalRule::MoverLoses, &Limits::default()).unwrap();
        prop_assert_eq!(grundy::solve::sum::outcome_of(&sum), whole.outcome, "{} + {}", n, m);
    }
}

/// Position n ≥ 4 splits into (a, n − 1 − a) for 1 ≤ a, or goes to n − 1; positions below 4
/// move among themselves along `back` (which may make cycles) and down to 0.
struct SplitGame {
    back: Vec<(u32, u32)>,
}

impl Ruleset for SplitGame {
    type Position = u32;
    fn options(&self, n: &u32, options: &mut Options<u32>) -> grundy::Result<()> {
        let n = *n;
        if n >= 4 {
            options.push_one(n - 1);
            for a in 1..=(n - 1) / 2 {
                options.push([a, n - 1 - a]);
            }
        } else if n > 0 {
            options.push_one(n - 1);
        }
        for &(from, to) in &self.back {
            if from == n {
                options.push_one(to);
            }
        }
        Ok(())
    }
}

#[test]
fn a_split_inside_a_cycle_is_refused_never_answered() {
    /// 2 splits into 1 + 1, and 1 moves back to 2.
    struct Back;
    impl Ruleset for Back {
        type Position = u32;
        fn options(&self, n: &u32, options: &mut Options<u32>) -> grundy::Result<()> {
            match n {
                2 => options.push([1, 1]),
                1 => {
                    options.push_one(2);
                    options.push_one(0);
                }
                _ => {}
            }
            Ok(())
        }
    }
    let err = ValueSolver::new(&Back, Limits::default()).value(&2).unwrap_err();
    assert!(matches!(err, grundy::Error::Unsupported(_)), "{err}");
}

fn graph_text(lists: &[Vec<u32>]) -> String {
    lists
        .iter()
        .enumerate()
        .map(|(node, succ)| {
            let names: Vec<String> = succ.iter().map(|s| format!("n{s}")).collect();
            format!("n{node}: {}\n", names.join(" "))
        })
        .collect()
}

#[test]
fn a_misere_component_too_large_to_expand_is_refused_in_bounded_memory() {
    // No quotient or theorem covers misère Dawson's Kayles at this size: the search refuses the
    // component before listing its options (a billion of them), and says which limit.
    let game = grundy::game("dawson").unwrap();
    let err = game.solve(&["1000000000"], Convention::Misere, &Limits::default()).unwrap_err();
    assert!(err.is_limit(), "{err}");
    assert!(err.to_string().starts_with("too large to decide"), "{err}");
    for (name, component) in [
        ("lasker", "1000000000000000000"),
        ("wythoff", "1000000000000000000,1000000000000000000"),
        ("georgia-bob", "1000000000000000000"),
        ("staircase", "0,1000000000000000000"),
    ] {
        let game = grundy::game(name).unwrap();
        let err = game.solve(&[component], Convention::Misere, &Limits::default()).unwrap_err();
        assert!(err.is_limit(), "{name}: {err}");
    }
    let moore = grundy::game("moore:2").unwrap();
    let err = moore
        .solve(
            &["1000000000000000000", "1000000000000000000"],
            Convention::Misere,
            &Limits::default(),
        )
        .unwrap_err();
    assert!(err.is_limit(), "moore: {err}");
}
