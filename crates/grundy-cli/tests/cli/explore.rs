//! `grundy explore` with real processes on loopback: three processes and a host file against
//! one process, against `solve` and `graph`; a peer that cannot be reached, and one killed
//! during the run.

use super::{grundy, stderr, stdout};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-explore-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A host file of `n` free loopback ports.
fn host_file(dir: &Path, n: usize) -> PathBuf {
    let listeners: Vec<_> =
        (0..n).map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap()).collect();
    let text: String = listeners
        .iter()
        .map(|listener| format!("127.0.0.1:{}\n", listener.local_addr().unwrap().port()))
        .collect();
    let path = dir.join("hosts");
    std::fs::write(&path, text).unwrap();
    path
}

fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Waits for `child`, killing it after `timeout` (a hang is a failure).
fn wait(child: Child, timeout: Duration) -> Output {
    let id = child.id();
    let start = Instant::now();
    let watchdog = std::thread::spawn(move || {
        while start.elapsed() < timeout {
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
    });
    let output = child.wait_with_output().unwrap();
    assert!(start.elapsed() < timeout, "process {id} hung");
    drop(watchdog);
    output
}

/// Runs `args` as `n` processes with `--out dir`; their outputs, in process order.
fn run_processes(dir: &Path, n: usize, args: &[&str]) -> Vec<Output> {
    let hosts = host_file(dir, n);
    let children: Vec<Child> = (0..n)
        .map(|me| {
            let mut all: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            all.extend([
                "--processes".into(),
                n.to_string(),
                "--process".into(),
                me.to_string(),
                "--hosts".into(),
                hosts.display().to_string(),
                "--out".into(),
                dir.join("out").display().to_string(),
            ]);
            spawn(&all)
        })
        .collect();
    children.into_iter().map(|child| wait(child, Duration::from_secs(120))).collect()
}

/// Every line of every `part-I` in `dir`, by position.
fn labels(dir: &Path) -> BTreeMap<String, Vec<String>> {
    let mut labels = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(name.starts_with("part-") && !name.ends_with(".partial"), "{name}");
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let fields: Vec<String> = line.split('\t').map(str::to_string).collect();
            assert_eq!(fields.len(), 4, "{line}");
            let previous = labels.insert(fields[0].clone(), fields[1..].to_vec());
            assert!(previous.is_none(), "{} written twice", fields[0]);
        }
    }
    labels
}

/// A random game on `n` positions as a script: single moves anywhere when `loopy` (else only
/// down), splits only down (or anywhere when `loopy` and `wild`), moves that empty it.
fn random_script(rng: &mut StdRng, n: u32, loopy: bool, wild: bool) -> String {
    let mut table = Vec::new();
    for p in 0..n {
        let mut options = Vec::new();
        for _ in 0..rng.gen_range(0..4) {
            let below = |rng: &mut StdRng| if p == 0 { None } else { Some(rng.gen_range(0..p)) };
            let kind = rng.gen_range(0..10);
            if kind < 6 {
                let target = if loopy { Some(rng.gen_range(0..n)) } else { below(rng) };
                if let Some(t) = target {
                    options.push(format!("[{t}]"));
                }
            } else if kind < 9 {
                let parts: Vec<String> = (0..rng.gen_range(2..4))
                    .filter_map(|_| if wild { Some(rng.gen_range(0..n)) } else { below(rng) })
                    .map(|t| t.to_string())
                    .collect();
                if parts.len() >= 2 {
                    options.push(format!("[{}]", parts.join(",")));
                }
            } else {
                options.push("[]".into());
            }
        }
        table.push(format!("[{}]", options.join(",")));
    }
    format!(
        "fn heap(n) {{ n }}\nfn moves(p) {{\n  let t = [{}];\n  let out = [];\n  \
         for o in t[p] {{ if o.len() == 1 {{ out.push(o[0]); }} else {{ out.push(sum(o)); }} }}\n  out\n}}\n",
        table.join(",")
    )
}

/// A JSON value as `--out` writes it: `3`, `∞(0,2)`.
fn value_text(value: &serde_json::Value) -> String {
    match value.get("infinite") {
        Some(set) => {
            let set: Vec<String> = set.as_array().unwrap().iter().map(|k| k.to_string()).collect();
            format!("∞({})", set.join(","))
        }
        None => value.to_string(),
    }
}

#[test]
fn three_processes_label_scripted_games_as_one_process_and_solve_do() {
    let mut rng = StdRng::seed_from_u64(20261203);
    let (mut refused, mut infinite, mut split_answered) = (0, 0, 0);
    for case in 0..8 {
        let dir = temp_dir(&format!("script-{case}"));
        let n = rng.gen_range(5..25);
        let (loopy, wild) = (case % 2 == 1, case % 4 == 3);
        let script = dir.join("game.rhai");
        std::fs::write(&script, random_script(&mut rng, n, loopy, wild)).unwrap();
        let game = format!("script:{}", script.display());
        let starts: Vec<String> = (0..n).step_by(3).map(|p| p.to_string()).collect();
        let mut args: Vec<&str> = vec!["explore", &game];
        args.extend(starts.iter().map(String::as_str));
        let outputs = run_processes(&dir, 3, &args);
        let one = {
            let mut single = args.clone();
            let out = dir.join("one").display().to_string();
            single.extend(["--out", &out]);
            grundy(&single.iter().map(|s| &**s).collect::<Vec<_>>())
        };
        if one.status.code() == Some(2) {
            // Refused (a split inside a cycle): every process refuses it the same way.
            refused += 1;
            for output in &outputs {
                assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
                assert_eq!(stderr(output), stderr(&one));
                assert!(output.stdout.is_empty());
            }
            assert!(stderr(&one).contains("through a cycle"), "{}", stderr(&one));
            continue;
        }
        assert!(one.status.success(), "{}", stderr(&one));
        for (me, output) in outputs.iter().enumerate() {
            assert!(output.status.success(), "process {me}: {}", stderr(output));
            if me > 0 {
                assert!(output.stdout.is_empty(), "process {me} printed {}", stdout(output));
            }
        }
        assert_eq!(stdout(&outputs[0]).replace("threads", ""), stdout(&one).replace("threads", ""));
        let many = labels(&dir.join("out"));
        infinite += many.values().filter(|fields| fields[0].starts_with('∞')).count();
        split_answered += usize::from(many.values().all(|fields| fields[2] == "-"));
        assert_eq!(many, labels(&dir.join("one")));
        // Each position's label is solve's answer for it.
        for (position, fields) in &many {
            let solved = grundy(&["solve", &game, position, "--json"]);
            let doc: serde_json::Value = serde_json::from_slice(&solved.stdout).expect("json");
            let value = value_text(&doc["value"]);
            assert_eq!(fields[0], value, "{game} {position}");
            assert_eq!(fields[1], doc["outcome"].as_str().unwrap(), "{game} {position}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    // The cases cover what they are for: refusals, loopy values, splits answered.
    assert!(
        refused >= 1 && infinite >= 1 && split_answered >= 1,
        "{refused} {infinite} {split_answered}"
    );
}

#[test]
fn three_processes_label_graph_files_as_graph_does() {
    let mut rng = StdRng::seed_from_u64(7);
    for case in 0..4 {
        let dir = temp_dir(&format!("graph-{case}"));
        let n = rng.gen_range(4..40);
        let text: String = (0..n)
            .map(|node| {
                let succ: Vec<String> =
                    (0..rng.gen_range(0..4)).map(|_| format!("v{}", rng.gen_range(0..n))).collect();
                format!("v{node}: {}\n", succ.join(" "))
            })
            .collect();
        let file = dir.join("g.txt");
        std::fs::write(&file, text).unwrap();
        let game = format!("graph:{}", file.display());
        let all: Vec<String> = (0..n).map(|node| format!("v{node}")).collect();
        let mut args: Vec<&str> = vec!["explore", &game];
        args.extend(all.iter().map(String::as_str));
        for output in run_processes(&dir, 3, &args) {
            assert!(output.status.success(), "{}", stderr(&output));
        }
        let labels = labels(&dir.join("out"));
        assert_eq!(labels.len(), n);
        let graph = grundy(&["graph", &file.display().to_string(), "--json"]);
        let doc: serde_json::Value = serde_json::from_slice(&graph.stdout).expect("json");
        for node in doc["nodes"].as_array().unwrap() {
            let name = node["node"].as_str().unwrap();
            let value = value_text(&node["value"]);
            let remoteness = node.get("remoteness").map_or("-".to_string(), |r| r.to_string());
            assert_eq!(
                labels[name],
                vec![value, node["outcome"].as_str().unwrap().to_string(), remoteness],
                "{name}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_peer_that_never_comes_is_named_within_the_timeout() {
    let dir = temp_dir("unreachable");
    let hosts = host_file(&dir, 2);
    let start = Instant::now();
    let output = wait(
        spawn(&[
            "explore".into(),
            "kayles".into(),
            "10".into(),
            "--processes".into(),
            "2".into(),
            "--process".into(),
            "0".into(),
            "--hosts".into(),
            hosts.display().to_string(),
            "--connect-timeout".into(),
            "1".into(),
        ]),
        Duration::from_secs(30),
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("process 1 (127.0.0.1:"), "{err}");
}

#[test]
fn a_killed_peer_ends_every_other_process_with_its_name() {
    let dir = temp_dir("killed");
    let hosts = host_file(&dir, 3);
    let mut children: Vec<Child> = (0..3)
        .map(|me| {
            spawn(&[
                "explore".into(),
                "kayles".into(),
                "20000".into(),
                "--processes".into(),
                "3".into(),
                "--process".into(),
                me.to_string(),
                "--hosts".into(),
                hosts.display().to_string(),
            ])
        })
        .collect();
    std::thread::sleep(Duration::from_millis(2500));
    let mut victim = children.remove(2);
    assert!(victim.try_wait().unwrap().is_none(), "the run must still be going");
    victim.kill().unwrap();
    let _ = victim.wait();
    for (me, child) in children.into_iter().enumerate() {
        let output = wait(child, Duration::from_secs(60));
        assert_eq!(output.status.code(), Some(1), "process {me}: {}", stderr(&output));
        assert!(output.stdout.is_empty(), "process {me} printed an answer");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "process {me}: {err}");
        assert!(err.contains("process 2 (127.0.0.1:"), "process {me}: {err}");
    }
}

#[test]
fn explore_refuses_bad_input_in_one_line() {
    super::assert_bad_input(&["explore", "moore:2", "3"], "one game");
    super::assert_bad_input(&["explore", "kayles", "x"], "component 1");
    super::assert_bad_input(
        &[
            "explore",
            "kayles",
            "1",
            "--processes",
            "2",
            "--process",
            "0",
            "--hosts",
            "/nonexistent",
        ],
        "--hosts",
    );
}
