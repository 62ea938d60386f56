//! The general engine against independent references: naive stage labelling, naive retrograde,
//! the product graph of a sum, brute-force game-tree search.

use grundy::games::generic::{analyze_sum, analyze_whole, Writer};
use grundy::games::graph::GraphGame;
use grundy::ruleset::{IndexedRuleset, Options, Ruleset};
use grundy::solve::acyclic::{dense_values, Memo};
use grundy::solve::loopy::{loopy_values, loopy_values_naive, LoopyValue};
use grundy::solve::retrograde::{retrograde, retrograde_naive, TerminalRule};
use grundy::solve::sum::{outcome_of, sum_value};
use grundy::solve::GameGraph;
use grundy::Outcome;
use grundy::{Error, Limits};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

fn random_graph(max_nodes: usize, max_degree: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=max_nodes).prop_flat_map(move |n| {
        proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..=max_degree), n)
    })
}

/// A random graph with edges only to smaller nodes: an acyclic game.
fn random_dag(max_nodes: usize, max_degree: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    random_graph(max_nodes, max_degree).prop_map(|lists| {
        lists
            .into_iter()
            .enumerate()
            .map(|(node, succs)| succs.into_iter().filter(|&s| (s as usize) < node).collect())
            .collect()
    })
}

/// The sum of two graph games as one graph: node (a, b) is numbered a * n2 + b.
fn product(g1: &GameGraph, g2: &GameGraph) -> GameGraph {
    let (n1, n2) = (g1.n_nodes() as u32, g2.n_nodes() as u32);
    let mut lists = Vec::new();
    for a in 0..n1 {
        for b in 0..n2 {
            let mut succ: Vec<u32> = g1.successors(a).iter().map(|&a2| a2 * n2 + b).collect();
            succ.extend(g2.successors(b).iter().map(|&b2| a * n2 + b2));
            lists.push(succ);
        }
    }
    GameGraph::from_successors(&lists)
}

fn graph_text(lists: &[Vec<u32>]) -> String {
    lists
        .iter()
        .enumerate()
        .map(|(node, succ)| {
            let succ: Vec<String> = succ.iter().map(|s| format!("n{s}")).collect();
            format!("n{node}: {}\n", succ.join(" "))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn loopy_values_match_the_naive_labelling(lists in random_graph(12, 4)) {
        let graph = GameGraph::from_successors(&lists);
        let fast = loopy_values(&graph, &graph.predecessors());
        let naive = loopy_values_naive(&graph);
        for node in 0..graph.n_nodes() as u32 {
            prop_assert_eq!(fast.value(node), naive[node as usize].clone(), "node {}", node);
        }
    }

    #[test]
    fn loopy_outcomes_match_retrograde(lists in random_graph(14, 4)) {
        let graph = GameGraph::from_successors(&lists);
        let preds = graph.predecessors();
        let values = loopy_values(&graph, &preds);
        let solved = retrograde(&graph, &preds, TerminalRule::MoverLoses);
        for node in 0..graph.n_nodes() as u32 {
            prop_assert_eq!(outcome_of(&values.value(node)), solved.outcome(node), "node {}", node);
        }
    }

    #[test]
    fn counters_make_progress(lists in random_graph(14, 4)) {
        // Condition (c) with the counter: every escape from a node of value m to an option of
        // larger or infinite value can be answered by an option of value m labelled earlier.
        let graph = GameGraph::from_successors(&lists);
        let values = loopy_values(&graph, &graph.predecessors());
        for node in 0..graph.n_nodes() as u32 {
            let Some(m) = values.finite_value(node) else { continue };
            for &escape in graph.successors(node) {
                if values.finite_value(escape).is_some_and(|v| v < m) {
                    continue;
                }
                let answered = graph.successors(escape).iter().any(|&back| {
                    values.finite_value(back) == Some(m) && values.counter(back) < values.counter(node)
                });
                prop_assert!(answered, "escape {} -> {} unanswered", node, escape);
            }
        }
    }

    #[test]
    fn retrograde_matches_the_naive_definition(lists in random_graph(12, 3), misere in any::<bool>()) {
        let graph = GameGraph::from_successors(&lists);
        let rule = if misere { TerminalRule::MoverWins } else { TerminalRule::MoverLoses };
        let solved = retrograde(&graph, &graph.predecessors(), rule);
        let naive = retrograde_naive(&graph, rule);
        for node in 0..graph.n_nodes() as u32 {
            prop_assert_eq!((solved.outcome(node), solved.remoteness(node)), naive[node as usize], "node {}", node);
        }
    }

    #[test]
    fn sum_values_match_the_product_graph(g1 in random_graph(7, 3), g2 in random_graph(7, 3)) {
        let (g1, g2) = (GameGraph::from_successors(&g1), GameGraph::from_successors(&g2));
        let (v1, v2) = (loopy_values(&g1, &g1.predecessors()), loopy_values(&g2, &g2.predecessors()));
        let prod = product(&g1, &g2);
        let prod_preds = prod.predecessors();
        let vp = loopy_values(&prod, &prod_preds);
        let outcomes = retrograde(&prod, &prod_preds, TerminalRule::MoverLoses);
        let n2 = g2.n_nodes() as u32;
        for a in 0..g1.n_nodes() as u32 {
            for b in 0..n2 {
                let by_theory = sum_value(&[v1.value(a), v2.value(b)]);
                prop_assert_eq!(&by_theory, &vp.value(a * n2 + b), "({}, {})", a, b);
                prop_assert_eq!(outcome_of(&by_theory), outcomes.outcome(a * n2 + b));
            }
        }
    }

    #[test]
    fn winning_moves_of_sums_are_exactly_the_moves_to_p(lists in random_graph(8, 3), tokens in proptest::collection::vec(0u32..8, 1..4)) {
        let game = GraphGame::parse(&graph_text(&lists)).unwrap();
        let tokens: Vec<u32> = tokens.into_iter().map(|t| t % game.n_nodes() as u32).collect();
        let values = game.loopy_values();
        let format = |n: &u32| n.to_string();
        let writer = Writer { format: &format, empty: None };
        let answer = analyze_sum("g".into(), &game, &tokens, &mut |n| Ok(values.value(*n)), &writer, &Limits::default()).unwrap();
        // Reference: the whole position searched as one graph, normal play.
        let whole = grundy::solve::whole::solve_whole(&game, &tokens, TerminalRule::MoverLoses, &Limits::default()).unwrap();
        prop_assert_eq!(answer.outcome, whole.outcome);
        let listed: BTreeSet<(usize, Vec<String>)> = answer.winning_moves.iter().map(|m| (m.component, m.to.clone())).collect();
        let reference: BTreeSet<(usize, Vec<String>)> = whole.winning_moves.iter().map(|m| (m.component, m.to.iter().map(|n| n.to_string()).collect())).collect();
        prop_assert_eq!(listed, reference);
    }

    #[test]
    fn misere_search_matches_brute_force(lists in random_dag(9, 3), tokens in proptest::collection::vec(0u32..9, 1..4)) {
        let game = GraphGame::parse(&graph_text(&lists)).unwrap();
        let tokens: Vec<u32> = tokens.into_iter().map(|t| t % game.n_nodes() as u32).collect();
        let format = |n: &u32| n.to_string();
        let writer = Writer { format: &format, empty: None };
        let answer = analyze_whole("g".into(), &game, &tokens, &writer, &Limits::default()).unwrap();
        let mut memo = HashMap::new();
        let wins = brute_force_misere(&lists, &tokens, &mut memo);
        prop_assert_eq!(answer.outcome == Outcome::N, wins);
        for m in &answer.winning_moves {
            let mut after = tokens.clone();
            after[m.component] = m.to[0].parse().unwrap();
            prop_assert!(!brute_force_misere(&lists, &after, &mut memo));
        }
        let n_winning = (0..tokens.len()).flat_map(|i| lists[tokens[i] as usize].iter().map(move |&s| (i, s)))
            .filter(|&(i, s)| { let mut after = tokens.clone(); after[i] = s; !brute_force_misere(&lists, &after, &mut memo) })
            .count();
        prop_assert_eq!(answer.winning_moves.len(), n_winning);
    }

    #[test]
    fn memo_and_dense_match_plain_recursion(lists in random_dag(30, 4)) {
        let game = DagGame(lists.clone());
        let dense = dense_values(&game, lists.len()).unwrap();
        let mut memo = Memo::new(&game);
        for (node, &dense_value) in dense.iter().enumerate() {
            let reference = recursive_value(&lists, node);
            prop_assert_eq!(dense_value, reference);
            prop_assert_eq!(memo.grundy_value(&(node as u32)).unwrap(), reference);
        }
    }
}

/// Misère play by plain recursion over token tuples (acyclic graphs only).
fn brute_force_misere(
    lists: &[Vec<u32>],
    tokens: &[u32],
    memo: &mut HashMap<Vec<u32>, bool>,
) -> bool {
    let mut key = tokens.to_vec();
    key.sort();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    for i in 0..tokens.len() {
        for &s in &lists[tokens[i] as usize] {
            any_move = true;
            let mut after = tokens.to_vec();
            after[i] = s;
            if !brute_force_misere(lists, &after, memo) {
                wins = true;
            }
        }
    }
    let result = if any_move { wins } else { true };
    memo.insert(key, result);
    result
}

fn recursive_value(lists: &[Vec<u32>], node: usize) -> u64 {
    let values: Vec<u64> =
        lists[node].iter().map(|&s| recursive_value(lists, s as usize)).collect();
    (0..).find(|v| !values.contains(v)).unwrap()
}

struct DagGame(Vec<Vec<u32>>);

impl Ruleset for DagGame {
    type Position = u32;
    fn options(&self, node: &u32, options: &mut Options<u32>) -> grundy::Result<()> {
        for &s in &self.0[*node as usize] {
            options.push_one(s);
        }
        Ok(())
    }
}

impl IndexedRuleset for DagGame {
    fn index_of(&self, node: &u32) -> usize {
        *node as usize
    }
    fn position_at(&self, idx: usize) -> u32 {
        idx as u32
    }
}

/// A chain 0 <- 1 <- 2 <- ... : position n moves to n - 1.
struct Chain;

impl Ruleset for Chain {
    type Position = u64;
    fn options(&self, n: &u64, options: &mut Options<u64>) -> grundy::Result<()> {
        if *n > 0 {
            options.push_one(n - 1);
        }
        Ok(())
    }
}

#[test]
fn a_chain_of_a_million_positions_does_not_overflow() {
    let mut memo = Memo::new(&Chain);
    assert_eq!(memo.grundy_value(&1_000_000).unwrap(), 0);
    assert_eq!(memo.grundy_value(&999_999).unwrap(), 1);
    assert_eq!(memo.n_positions(), 1_000_001);
}

#[test]
fn a_million_node_graph_chain_solves() {
    let n = 1_000_000u32;
    let lists: Vec<Vec<u32>> = (0..n).map(|i| if i == 0 { vec![] } else { vec![i - 1] }).collect();
    let graph = GameGraph::from_successors(&lists);
    let preds = graph.predecessors();
    let values = loopy_values(&graph, &preds);
    let solved = retrograde(&graph, &preds, TerminalRule::MoverLoses);
    assert_eq!(values.value(n - 1), LoopyValue::Finite(u64::from((n - 1) % 2)));
    assert_eq!(solved.remoteness(n - 1), Some(n - 1));
}

#[test]
fn cycles_are_reported_by_the_acyclic_solver() {
    struct Loop;
    impl Ruleset for Loop {
        type Position = u8;
        fn options(&self, p: &u8, options: &mut Options<u8>) -> grundy::Result<()> {
            options.push_one((p + 1) % 3);
            Ok(())
        }
    }
    assert!(matches!(Memo::new(&Loop).grundy_value(&0), Err(Error::Cycle { .. })));
}

#[test]
fn limits_are_answered_as_too_large() {
    let mut memo = Memo::with_limit(&Chain, 100);
    assert!(matches!(memo.grundy_value(&1000), Err(Error::Limit { bound: 100, .. })));
    let game = GraphGame::parse("a: b\nb: a c\nc:\n").unwrap();
    assert!(grundy::solve::whole::solve_whole(
        &game,
        &[0, 0, 0, 1, 1],
        TerminalRule::MoverWins,
        &Limits { max_whole_positions: 3, ..Limits::default() }
    )
    .is_err());
}

/// Worked examples whose values follow from Smith's definition (Smith 1966) by hand, each
/// derivation written beside it.
#[test]
fn worked_loopy_examples() {
    let values_of = |text: &str| -> Vec<(String, LoopyValue, Outcome)> {
        let game = GraphGame::parse(text).unwrap();
        (0..game.n_nodes() as u32)
            .map(|n| {
                (game.name(n).to_string(), game.loopy_values().value(n), game.outcomes().outcome(n))
            })
            .collect()
    };
    use LoopyValue::*;
    // A 2-cycle with no exit: both ∞(∅), a draw.
    assert_eq!(
        values_of("a: b\nb: a\n"),
        [("a".into(), Infinite(vec![]), Outcome::D), ("b".into(), Infinite(vec![]), Outcome::D)]
    );
    // A self-loop beside an exit to a terminal: ∞(0), the mover wins by leaving.
    assert_eq!(values_of("a: a z\nz:\n")[0], ("a".into(), Infinite(vec![0]), Outcome::N));
    // The loop a <-> b with an exit from b to a terminal z: b can reach z (value 0), so b is
    // not 0; a's only move goes to b, which has a move to 0, so a is 0 and b is mex{0, 0} = 1.
    let v = values_of("a: b\nb: a z\nz:\n");
    assert_eq!((v[0].1.clone(), v[0].2), (Finite(0), Outcome::P));
    assert_eq!((v[1].1.clone(), v[1].2), (Finite(1), Outcome::N));
    // A 3-cycle, each node with an exit to a terminal: every node can move to 0, so none is 0;
    // value 1 would need each escape round the cycle answered by an earlier-labelled 1, which an
    // odd cycle cannot give: ∞(0) all round, won by moving to z.
    let v = values_of("a: b z\nb: c z\nc: a z\nz:\n");
    for (name, value, outcome) in &v[..3] {
        assert_eq!((value, outcome), (&Infinite(vec![0]), &Outcome::N), "{name}");
    }
    // A 4-cycle with the same exits: labelling a and c with 1 satisfies conditions (a)-(c), but
    // each would answer the other's escape and no counter can order them (a's answer must be
    // labelled before a, c's before c). Smith's value is the least labelling: ∞(0) all round.
    let v = values_of("a: b z\nb: c z\nc: d z\nd: a z\nz:\n");
    for (name, value, outcome) in &v[..4] {
        assert_eq!((value, outcome), (&Infinite(vec![0]), &Outcome::N), "{name}");
    }
    // A path into a 2-cycle: x -> a, a <-> b, b -> z. The values are as above with x = mex{0} = 1.
    let v = values_of("x: a\na: b\nb: a z\nz:\n");
    assert_eq!(v[0].1, Finite(1));
}

#[test]
fn graph_file_errors_name_the_line() {
    let cases = [
        ("a: b\n", 1, "successor 'b' is never defined"),
        ("a:\nb: a\na: b\n", 3, "node 'a' is defined twice (first on line 1)"),
        ("a:\n\nb c\n", 3, "expected 'name: successors', found no ':' in 'b c'"),
        (": a\n", 1, "a node name is missing before ':'"),
        ("a b: c\n", 1, "expected one node name before ':', found 'a' and 'b'"),
        ("a: b:c\n", 1, "'b:c' is not a node name: names cannot contain ':'"),
        ("a: x\nb: y x\n", 1, "successor 'x' is never defined"),
    ];
    for (text, line, problem) in cases {
        let grundy::Error::GraphFile { line: err_line, problem: err_problem, .. } =
            GraphGame::parse(text).unwrap_err()
        else {
            panic!("{text:?}: not a graph file error")
        };
        assert_eq!((err_line, err_problem.as_str()), (line, problem), "{text:?}");
    }
    // Comments and blank lines are ignored; names are any non-space run without ':' or '#'.
    let game = GraphGame::parse("# header\n\n  α-1 : β.2  # to beta\nβ.2:\n").unwrap();
    assert_eq!(game.n_nodes(), 2);
    assert_eq!(game.name(0), "α-1");
    assert_eq!(game.graph().successors(0), &[1]);
}

/// The first listed winning move is the one that makes progress: of two moves to value-0
/// nodes, the one to the node labelled earlier (smaller counter) comes first.
#[test]
fn winning_moves_put_progress_first() {
    use grundy::games::graph::GraphFile;
    use grundy::{analysis::Convention, games::solve};
    // s can move to z (terminal, 0, labelled first) or to q, a 0 that is only reached later
    // (q's single move goes to w, whose value 1 comes from its move to z).
    let text = "s: q z\nq: w\nw: z\nz:\n";
    let game = GraphFile::from_text("t", text).unwrap();
    let answer = solve(&game, &["s"], Convention::Normal).unwrap();
    let targets: Vec<&str> = answer.winning_moves.iter().map(|m| m.to[0].as_str()).collect();
    assert_eq!(targets, ["z", "q"]);
}
