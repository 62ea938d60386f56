//! The timely driver against the sequential reference driver, on random games with splits and
//! cycles, on one to four worker threads: every label and every count the same.

use grundy::explore::{sequential, Job};
use grundy::games::listed::ListedGame;
use grundy::Limits;
use grundy_explore::{run, Spread};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// Any game on up to 10 positions: single moves anywhere (cycles), splits anywhere (some inside
/// cycles, which both must refuse), moves that empty the component.
fn game() -> impl Strategy<Value = ListedGame> {
    (1usize..10).prop_flat_map(|n| {
        let option = prop_oneof![
            4 => prop::collection::vec(0..n as u32, 1..2),
            1 => prop::collection::vec(0..n as u32, 2..4),
            1 => Just(Vec::new()),
        ];
        prop::collection::vec(prop::collection::vec(option, 0..4), n)
            .prop_map(|moves| ListedGame { moves })
    })
}

/// The tally but the bytes kept (which depend on how the positions were split).
fn without_bytes(tally: &grundy::explore::Tally) -> grundy::explore::Tally {
    grundy::explore::Tally { bytes: 0, ..tally.clone() }
}

fn labels_of_dir(dir: &std::path::Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir.join("part-0")).expect("part-0 written");
    text.lines()
        .map(|line| {
            let (position, rest) = line.split_once('\t').expect("tab-separated");
            (position.to_string(), rest.to_string())
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn timely_on_threads_is_the_reference(game in game(), threads in 1usize..5) {
        let texts: Vec<String> = (0..game.moves.len()).map(|n| n.to_string()).collect();
        let rules = Arc::new(game.clone());
        let job = Job::new(rules.clone(), &texts, u64::MAX).expect("positions");
        let reference = sequential::explore(&job, &Limits::default(), 1);
        let dir = std::env::temp_dir().join(format!("grundy-explore-threads-{}-{threads}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let spread = Spread { threads, cluster: None, connect_timeout: Duration::from_secs(5) };
        let timely = run(Job::new(rules, &texts, u64::MAX).expect("positions"), &Limits::default(), &spread, Some(&dir));
        match (reference, timely) {
            (Ok((summary, driver)), Ok(finished)) => {
                prop_assert_eq!(without_bytes(&summary.tally), without_bytes(&finished.summary.tally));
                let mut expected = BTreeMap::new();
                for shard in driver.shards() {
                    for (bytes, label) in shard.labels() {
                        let line = label.line(&shard.rules().show(bytes));
                        let (position, rest) = line.split_once('\t').expect("tab-separated");
                        expected.insert(position.to_string(), rest.to_string());
                    }
                }
                prop_assert_eq!(expected, labels_of_dir(&dir));
            }
            (Err(a), Err(grundy_explore::RunError::Game(b))) => prop_assert_eq!(a.to_string(), b.to_string()),
            (a, b) => prop_assert!(false, "reference {:?}, timely {:?}", a.map(|_| ()), b.map(|_| ())),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_game_of_many_rounds_and_stages() {
    // A long path with a cycle at its end and a long chain of splits below it.
    let n = 3000u32;
    let mut moves: Vec<Vec<Vec<u32>>> = vec![Vec::new(); n as usize];
    for i in 1..n {
        moves[i as usize].push(vec![i - 1]);
        if i % 7 == 0 {
            moves[i as usize].push(vec![i / 2, i / 3]);
        }
    }
    moves[(n - 1) as usize].push(vec![n - 2]);
    moves[(n - 2) as usize].push(vec![n - 1]);
    let game = Arc::new(ListedGame { moves });
    let texts = vec![(n - 1).to_string()];
    let job = Job::new(game.clone(), &texts, u64::MAX).expect("positions");
    let (summary, _) = sequential::explore(&job, &Limits::default(), 3).expect("explored");
    let spread = Spread { threads: 3, cluster: None, connect_timeout: Duration::from_secs(5) };
    let finished = run(
        Job::new(game, &texts, u64::MAX).expect("positions"),
        &Limits::default(),
        &spread,
        None,
    )
    .expect("explored");
    assert_eq!(without_bytes(&summary.tally), without_bytes(&finished.summary.tally));
    assert_eq!(finished.summary.tally.positions, u64::from(n));
}

#[test]
fn a_game_larger_than_a_workers_turn() {
    // 60,000 positions and about 200,000 moves: each worker takes more messages than one
    // turn's budget and sends batches to the others while it goes on; some moves split.
    let n = 60_000u32;
    let mut moves: Vec<Vec<Vec<u32>>> = vec![Vec::new(); n as usize];
    for i in 1..n {
        let options = &mut moves[i as usize];
        options.push(vec![i - 1]);
        if i >= 2 {
            options.push(vec![i - 2]);
        }
        if i % 5 == 0 {
            options.push(vec![i / 3, i / 7]);
        } else {
            options.push(vec![i / 2]);
        }
    }
    let game = Arc::new(ListedGame { moves });
    let texts = vec![(n - 1).to_string(), (n / 2).to_string()];
    let job = Job::new(game.clone(), &texts, u64::MAX).expect("positions");
    let (summary, _) = sequential::explore(&job, &Limits::default(), 1).expect("explored");
    for threads in [2, 3] {
        let spread = Spread { threads, cluster: None, connect_timeout: Duration::from_secs(5) };
        let finished = run(
            Job::new(game.clone(), &texts, u64::MAX).expect("positions"),
            &Limits::default(),
            &spread,
            None,
        )
        .expect("explored");
        assert_eq!(without_bytes(&summary.tally), without_bytes(&finished.summary.tally));
        assert!(finished.messages > 100_000, "{} messages", finished.messages);
    }
    assert_eq!(summary.tally.positions, u64::from(n));
    assert!(summary.tally.by_value.len() > 3, "{:?}", summary.tally.by_value);
}
