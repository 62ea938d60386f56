//! The explore engine against the definitions: the value solver (`solve`'s answers) on random
//! games with splits and cycles, and the retrograde analysis (`graph`'s answers) on random
//! graphs, for any number of shards.

use grundy::error::Result;
use grundy::explore::sequential::explore;
use grundy::explore::{value_text, Job, Label};
use grundy::solve::retrograde::{retrograde, TerminalRule};
use grundy::solve::values::ValueSolver;
use grundy::solve::GameGraph;
use grundy::Limits;
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

use grundy::games::listed::ListedGame as Listed;

/// Every reachable position's label by `explore` with `workers` shards.
fn explored(game: &Listed, starts: &[u32], workers: u32) -> Result<HashMap<u32, Label>> {
    let texts: Vec<String> = starts.iter().map(u32::to_string).collect();
    let job = Job::new(Arc::new(game.clone()), &texts, u64::MAX)?;
    let (summary, driver) = explore(&job, &Limits::default(), workers)?;
    let mut labels = HashMap::new();
    for shard in driver.shards() {
        for (bytes, label) in shard.labels() {
            let node: u32 = grundy::codec::Codec::decode(bytes).expect("a node");
            assert!(labels.insert(node, label).is_none(), "node {node} labelled twice");
        }
    }
    assert_eq!(summary.tally.positions as usize, labels.len());
    for (idx, label) in &summary.tally.starts {
        assert_eq!(&labels[&starts[*idx as usize]], label);
    }
    Ok(labels)
}

/// Layered games: a single-part move stays in its layer or goes down (cycles inside a
/// layer); a split goes strictly down, so no split is inside a cycle.
fn layered_game() -> impl Strategy<Value = Listed> {
    (2usize..5, 1usize..6).prop_flat_map(|(layers, width)| {
        let n = layers * width;
        let moves = (0..n)
            .map(move |node| {
                let layer = node / width;
                let same_or_lower = 0..((layer + 1) * width) as u32;
                let lower = 0..(layer * width).max(1) as u32;
                let single = prop::collection::vec(same_or_lower.prop_map(|t| vec![t]), 0..3);
                let split = if layer == 0 {
                    Just(Vec::new()).boxed()
                } else {
                    prop::collection::vec(prop::collection::vec(lower, 2..4), 0..2).boxed()
                };
                let vanish = prop::bool::weighted(0.15);
                (single, split, vanish).prop_map(|(mut single, split, vanish)| {
                    single.extend(split);
                    if vanish {
                        single.push(Vec::new());
                    }
                    single
                })
            })
            .collect::<Vec<_>>();
        moves.prop_map(|moves| Listed { moves })
    })
}

/// Any graph: single-part moves anywhere, splits anywhere (some inside cycles).
fn any_game() -> impl Strategy<Value = Listed> {
    (1usize..9).prop_flat_map(|n| {
        let option = prop::collection::vec(0..n as u32, 1..3);
        prop::collection::vec(prop::collection::vec(option, 0..3), n)
            .prop_map(|moves| Listed { moves })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn values_are_the_value_solvers(game in layered_game(), workers in 1u32..5) {
        let starts: Vec<u32> = (0..game.moves.len() as u32).collect();
        let labels = explored(&game, &starts, workers).expect("no split is inside a cycle");
        let mut solver = ValueSolver::new(&game, Limits::default());
        for node in 0..game.moves.len() as u32 {
            let value = solver.value(&node).expect("the solver answers");
            prop_assert_eq!(&labels[&node].value, &value, "node {}", node);
            prop_assert_eq!(labels[&node].outcome, grundy::solve::sum::outcome_of(&value));
        }
    }

    #[test]
    fn a_split_inside_a_cycle_is_refused_as_solve_refuses_it(game in any_game(), workers in 1u32..4) {
        let start = 0u32;
        let mut solver = ValueSolver::new(&game, Limits::default());
        match (solver.value(&start), explored(&game, &[start], workers)) {
            (Ok(value), Ok(labels)) => prop_assert_eq!(&labels[&start].value, &value),
            (Err(a), Err(b)) => {
                prop_assert!(a.to_string().contains("through a cycle"), "{}", a);
                prop_assert!(b.to_string().contains("through a cycle"), "{}", b);
            }
            (a, b) => prop_assert!(false, "solve {:?}, explore {:?}", a, b.map(|_| ())),
        }
    }

    #[test]
    fn outcomes_and_remoteness_are_the_retrograde_analysis(
        lists in (1usize..12).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..4), n)),
        workers in 1u32..5,
    ) {
        let game = Listed { moves: lists.iter().map(|l| l.iter().map(|&t| vec![t]).collect()).collect() };
        let starts: Vec<u32> = (0..lists.len() as u32).collect();
        let labels = explored(&game, &starts, workers).expect("no split at all");
        let graph = GameGraph::from_successors(&lists);
        let solved = retrograde(&graph, &graph.predecessors(), TerminalRule::MoverLoses);
        let values = grundy::solve::loopy::loopy_values_naive(&graph);
        for node in 0..lists.len() as u32 {
            prop_assert_eq!(labels[&node].outcome, solved.outcome(node), "node {}", node);
            prop_assert_eq!(labels[&node].remoteness, solved.remoteness(node), "node {}", node);
            prop_assert_eq!(&labels[&node].value, &values[node as usize], "node {}", node);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Without cycles and splits, remoteness is found while values propagate (no rounds of
    /// outcomes): against retrograde analysis, a move that empties the component included.
    #[test]
    fn remoteness_without_cycles_is_the_retrograde_analysis(
        lists in (1usize..40).prop_flat_map(|n| {
            let option = (0..n as u32 + 1).prop_map(|t| if t == 0 { None } else { Some(t - 1) });
            prop::collection::vec(prop::collection::vec(option, 0..4), n)
        }),
        workers in 1u32..5,
    ) {
        let n = lists.len() as u32;
        // Node i moves to lower nodes only; `None` empties the component (node n, terminal).
        let lists: Vec<Vec<Option<u32>>> = lists
            .iter()
            .enumerate()
            .map(|(i, l)| l.iter().filter(|t| t.is_none_or(|t| t < i as u32)).copied().collect())
            .collect();
        let game = Listed {
            moves: lists.iter().map(|l| l.iter().map(|t| t.map_or_else(Vec::new, |t| vec![t])).collect()).collect(),
        };
        let starts: Vec<u32> = (0..n).collect();
        let labels = explored(&game, &starts, workers).expect("no split at all");
        let mut successors: Vec<Vec<u32>> =
            lists.iter().map(|l| l.iter().map(|t| t.unwrap_or(n)).collect()).collect();
        successors.push(Vec::new());
        let graph = GameGraph::from_successors(&successors);
        let solved = retrograde(&graph, &graph.predecessors(), TerminalRule::MoverLoses);
        for node in 0..n {
            prop_assert_eq!(labels[&node].outcome, solved.outcome(node), "node {}", node);
            prop_assert_eq!(labels[&node].remoteness, solved.remoteness(node), "node {}", node);
        }
    }
}

#[test]
fn kayles_by_explore_is_kayles_by_solve() {
    let game = grundy::game("kayles").expect("kayles");
    let rules = game.clone().encoded_rules().expect("a sum of heaps");
    let texts: Vec<String> = (0..=40).map(|n| n.to_string()).collect();
    let job = Job::new(rules, &texts, u64::MAX).expect("heaps");
    let (summary, _) = explore(&job, &Limits::default(), 3).expect("explored");
    // Splits: no remoteness; every heap up to 40 is reached.
    assert_eq!(summary.tally.positions, 41);
    for (idx, label) in &summary.tally.starts {
        let answer = grundy::games::solve(
            &*game,
            &[texts[*idx as usize].as_str()],
            grundy::analysis::Convention::Normal,
        )
        .expect("solved");
        assert_eq!(value_text(&label.value), answer.value.expect("a value").to_string());
        assert_eq!(label.outcome, answer.outcome);
        assert_eq!(label.remoteness, None);
    }
}

#[test]
fn a_start_position_that_is_not_one_is_named() {
    let game = grundy::game("kayles").expect("kayles");
    let rules = game.encoded_rules().expect("a sum of heaps");
    let error = Job::new(rules, &["3".into(), "x".into()], 10).err().expect("refused");
    assert!(error.to_string().starts_with("component 2 of the position, 'x'"), "{error}");
}

#[test]
fn the_position_limit_is_per_worker_and_named() {
    let game = grundy::game("nim").expect("nim");
    let job = Job::new(game.encoded_rules().expect("heaps"), &["100".into()], 10).expect("a heap");
    let error = explore(&job, &Limits::default(), 2).err().expect("over the limit");
    assert!(error.to_string().contains("--max-positions"), "{error}");
}

/// Options that split into more parts than an option's word counts (255): every part is
/// waited for, the XOR of all of them is the option's value.
#[test]
fn an_option_of_many_parts_waits_for_every_part() {
    for parts in [254usize, 255, 256, 300, 301, 600] {
        // Node 0: a move to `parts` parts, alternately 1 (worth 1) and 3 (worth 2), and a
        // move to 1; node 2 has no move.
        let split: Vec<u32> = (0..parts).map(|i| if i % 2 == 0 { 1 } else { 3 }).collect();
        let moves = vec![vec![split, vec![1]], vec![vec![2]], vec![], vec![vec![2], vec![1]]];
        let game = Listed { moves };
        for workers in 1..4 {
            let labels = explored(&game, &[0], workers).expect("no cycle");
            let mut solver = ValueSolver::new(&game, Limits::default());
            for node in 0..game.moves.len() as u32 {
                let value = solver.value(&node).expect("the solver answers");
                assert_eq!(labels[&node].value, value, "{parts} parts, node {node}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Games of more than 4,096 positions a worker, so that the predecessors are put in lists
    /// block by block first: values against the value solver, remoteness against the
    /// retrograde analysis.
    #[test]
    fn large_games_are_labelled_as_small_ones(
        lists in (9000usize..20000).prop_flat_map(|n| {
            prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 0..4), n)
        }),
        workers in 1u32..3,
    ) {
        // Moves go to lower nodes only (no cycle), most of them near (as in a real game).
        let lists: Vec<Vec<u32>> = lists
            .iter()
            .enumerate()
            .map(|(node, moves)| {
                moves
                    .iter()
                    .filter(|_| node > 0)
                    .map(|pick| {
                        let reach = node.min(if pick.index(4) == 0 { node } else { 50 });
                        (node - 1 - pick.index(reach)) as u32
                    })
                    .collect()
            })
            .collect();
        let n = lists.len() as u32;
        let game = Listed { moves: lists.iter().map(|l| l.iter().map(|&t| vec![t]).collect()).collect() };
        let starts: Vec<u32> = (0..n).rev().collect();
        let labels = explored(&game, &starts, workers).expect("no cycle");
        let graph = GameGraph::from_successors(&lists);
        let solved = retrograde(&graph, &graph.predecessors(), TerminalRule::MoverLoses);
        let mut solver = ValueSolver::new(&game, Limits::default());
        for node in 0..n {
            let value = solver.value(&node).expect("the solver answers");
            prop_assert_eq!(&labels[&node].value, &value, "node {}", node);
            prop_assert_eq!(labels[&node].remoteness, solved.remoteness(node), "node {}", node);
        }
    }
}
