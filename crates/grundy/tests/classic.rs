//! Closed forms of the classic games against exhaustive search on all small positions.

use grundy::analysis::{Convention, Value};
use grundy::games::georgia_bob::{self, Pieces};
use grundy::games::moore::{self, Moore};
use grundy::games::solve;
use grundy::games::staircase::{self, Staircase};
use grundy::games::wythoff::{self, GrundyTable, Wythoff};
use grundy::ruleset::{Options, Ruleset};
use grundy::solve::acyclic::Memo;
use grundy::Outcome;
use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// The options of `position` whose value (by the memo solver) is 0.
fn moves_to_zero<R: Ruleset>(
    ruleset: &R,
    memo: &mut Memo<'_, R>,
    position: &R::Position,
) -> BTreeSet<R::Position> {
    let mut options = Options::new();
    ruleset.options(position, &mut options).unwrap();
    options
        .iter()
        .filter(|parts| parts.iter().fold(0, |acc, p| acc ^ memo.grundy_value(p).unwrap()) == 0)
        .map(|parts| parts[0].clone())
        .collect()
}

#[test]
fn wythoff_closed_form_matches_search_on_all_small_pairs() {
    let mut memo = Memo::new(&Wythoff);
    let table = GrundyTable::new(40);
    for a in 0..40u64 {
        for b in 0..40u64 {
            let value = memo.grundy_value(&(big(a), big(b))).unwrap();
            assert_eq!(table.value(a, b), Some(value as u32), "table ({a}, {b})");
            assert_eq!(wythoff::is_p_position(&big(a), &big(b)), value == 0, "({a}, {b})");
            let by_search = moves_to_zero(&Wythoff, &mut memo, &(big(a), big(b)));
            let by_formula: BTreeSet<(BigUint, BigUint)> =
                wythoff::winning_moves(&big(a), &big(b)).into_iter().collect();
            assert_eq!(by_formula, by_search, "moves from ({a}, {b})");
        }
    }
}

#[test]
fn moore_theorem_matches_search() {
    for k in 1..=3u64 {
        let ruleset = Moore { max_heaps_per_move: k };
        let mut memo = Memo::new(&ruleset);
        for heaps in small_heap_lists(4, 5) {
            let value = memo.grundy_value(&heaps).unwrap();
            let as_big: Vec<BigUint> = heaps.iter().map(|&h| big(h)).collect();
            assert_eq!(moore::is_p_position(&as_big, k), value == 0, "K={k} {heaps:?}");
            let by_search = moves_to_zero(&ruleset, &mut memo, &heaps);
            let enumerated: BTreeSet<Vec<u64>> =
                moore::winning_moves_enumerated(&heaps, k, 1_000_000)
                    .unwrap()
                    .into_iter()
                    .collect();
            assert_eq!(enumerated, by_search, "K={k} {heaps:?}");
            if let Some(after) = moore::constructive_move(&as_big, k) {
                let after: Vec<u64> = after.iter().map(|h| u64::try_from(h).unwrap()).collect();
                assert!(
                    by_search.contains(&after),
                    "constructive move K={k} {heaps:?} -> {after:?}"
                );
            }
        }
    }
}

fn small_heap_lists(max_len: usize, max_heap: u64) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    for _ in 0..max_len {
        let longer: Vec<Vec<u64>> = all
            .iter()
            .filter(|l| l.len() < max_len)
            .flat_map(|l| (0..=max_heap).map(move |h| [l.clone(), vec![h]].concat()))
            .collect();
        all.extend(longer);
        all.sort();
        all.dedup();
    }
    all.into_iter().filter(|l| !l.is_empty()).collect()
}

#[test]
fn staircase_is_nim_on_odd_steps() {
    let mut memo = Memo::new(&Staircase);
    for steps in small_heap_lists(4, 3) {
        let value = memo.grundy_value(&steps).unwrap();
        assert_eq!(staircase::value(&steps), value, "{steps:?}");
        let by_search = moves_to_zero(&Staircase, &mut memo, &steps);
        let by_formula: BTreeSet<Vec<u64>> =
            staircase::moves_to_value(&steps, 0).iter().map(|m| m.apply(&steps)).collect();
        assert_eq!(by_formula, by_search, "{steps:?}");
    }
}

#[test]
fn pieces_on_a_line_reduce_to_staircase() {
    let mut memo = Memo::new(&Pieces);
    for n_pieces in 1..=4usize {
        for cells in increasing_cells(n_pieces, 9) {
            let value = memo.grundy_value(&cells).unwrap();
            let by_formula = staircase::value(&georgia_bob::pieces_to_staircase(&cells));
            assert_eq!(by_formula, value, "{cells:?}");
            let by_search = moves_to_zero(&Pieces, &mut memo, &cells);
            let moves: BTreeSet<Vec<u64>> = georgia_bob::piece_moves_to_value(&cells, 0)
                .iter()
                .map(|m| {
                    let mut after = cells.clone();
                    *after.iter_mut().find(|c| **c == m.from).unwrap() = m.to;
                    after
                })
                .collect();
            assert_eq!(moves, by_search, "{cells:?}");
        }
    }
}

fn increasing_cells(n: usize, max_cell: u64) -> Vec<Vec<u64>> {
    if n == 0 {
        return vec![vec![]];
    }
    increasing_cells(n - 1, max_cell)
        .into_iter()
        .flat_map(|prefix| {
            let start = prefix.last().map_or(1, |&c| c + 1);
            (start..=max_cell).map(move |c| [prefix.clone(), vec![c]].concat())
        })
        .collect()
}

proptest! {
    /// Heaps of 30 digits: every listed move is legal and lands on a P-position.
    #[test]
    fn wythoff_huge_pairs(a in "[1-9][0-9]{0,29}", b in "[1-9][0-9]{0,29}") {
        let (a, b): (BigUint, BigUint) = (a.parse().unwrap(), b.parse().unwrap());
        let moves = wythoff::winning_moves(&a, &b);
        prop_assert_eq!(moves.is_empty(), wythoff::is_p_position(&a, &b));
        for (a2, b2) in &moves {
            prop_assert!(wythoff::is_p_position(a2, b2));
            let legal = (a2 < &a && b2 == &b) || (a2 == &a && b2 < &b) || (a2 < &a && &a - a2 == &b - b2);
            prop_assert!(legal, "({}, {}) -> ({}, {})", a, b, a2, b2);
        }
        let p = wythoff::partner(&a);
        prop_assert!(wythoff::is_p_position(&a, &p));
    }

    /// Sums of Wythoff pairs: every winning move leads to value 0 by the table.
    #[test]
    fn wythoff_sums(pairs in proptest::collection::vec((0u64..30, 0u64..30), 2..4)) {
        let texts: Vec<String> = pairs.iter().map(|(a, b)| format!("{a},{b}")).collect();
        let answer = solve(&*grundy::game("wythoff").unwrap(), &texts, Convention::Normal).unwrap();
        let table = GrundyTable::new(30);
        let total = pairs.iter().fold(0, |acc, &(a, b)| acc ^ table.value(a, b).unwrap());
        prop_assert_eq!(answer.value, Some(Value::Nimber(total.into())));
        prop_assert_eq!(answer.outcome == Outcome::P, total == 0);
        for m in &answer.winning_moves {
            let after = m.after.iter().fold(0, |acc, p| {
                let (a, b) = p.split_once(',').unwrap();
                acc ^ table.value(a.parse().unwrap(), b.parse().unwrap()).unwrap()
            });
            prop_assert_eq!(after, 0);
        }
    }

    /// Moore: the constructive move on large heaps changes at most K heaps, each downwards, and
    /// lands on a P-position.
    #[test]
    fn moore_constructive_move_on_large_heaps(heaps in proptest::collection::vec(any::<u64>(), 1..8), k in 1u64..5) {
        let as_big: Vec<BigUint> = heaps.iter().map(|&h| big(h)).collect();
        match moore::constructive_move(&as_big, k) {
            None => prop_assert!(moore::is_p_position(&as_big, k)),
            Some(after) => {
                prop_assert!(moore::is_p_position(&after, k));
                let changed: Vec<usize> = (0..heaps.len()).filter(|&i| after[i] != as_big[i]).collect();
                prop_assert!(!changed.is_empty() && changed.len() as u64 <= k);
                prop_assert!(changed.iter().all(|&i| after[i] < as_big[i]));
            }
        }
    }
}
