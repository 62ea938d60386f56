//! The command-line contract (../shared/spec/cli.md), tested through the real binary. One
//! integration-test binary for the whole CLI, so the test build links once.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn grundy_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn json(output: &Output) -> Value {
    assert!(output.status.success(), "failed: {}", stderr(output));
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON document")
}

/// Bad input: status 2, exactly one line on stderr naming `needle`, nothing on stdout.
fn assert_bad_input(args: &[&str], needle: &str) {
    let output = grundy(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} should name {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        output.stdout.is_empty(),
        "{args:?}: stdout must stay empty, got {:?}",
        stdout(&output)
    );
}

mod solve_nim {
    use super::*;

    #[test]
    fn json_has_the_contract_fields() {
        let doc = json(&grundy(&["solve", "nim", "3", "4", "5", "--json"]));
        let expected: Value = serde_json::from_str(
            r#"{"game": "nim", "convention": "normal",
                "components": [{"position": "3", "value": 3}, {"position": "4", "value": 4}, {"position": "5", "value": 5}],
                "value": 2, "outcome": "N",
                "winning_moves": [{"component": 0, "from": "3", "to": ["1"], "after": ["1", "4", "5"]}]}"#,
        )
        .unwrap();
        assert_eq!(doc, expected);
    }

    #[test]
    fn p_position_has_no_winning_moves() {
        let doc = json(&grundy(&["solve", "nim", "1", "2", "3", "--json"]));
        assert_eq!(doc["outcome"], "P");
        assert_eq!(doc["value"], 0);
        assert_eq!(doc["winning_moves"], serde_json::json!([]));
    }

    #[test]
    fn every_seed_move_of_8_13_15() {
        let doc = json(&grundy(&["solve", "nim", "8", "13", "15", "--json"]));
        let moves: Vec<(u64, String, String)> = doc["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["component"].as_u64().unwrap(),
                    m["from"].as_str().unwrap().into(),
                    m["to"][0].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(
            moves,
            [
                (0, "8".into(), "2".into()),
                (1, "13".into(), "7".into()),
                (2, "15".into(), "5".into())
            ]
        );
    }

    #[test]
    fn hundred_digit_heaps_are_exact_json_integers() {
        let a = "7".repeat(100);
        let b = "3".repeat(100);
        let output = grundy(&["solve", "nim", &a, &b, "--json"]);
        let text = stdout(&output);
        // The value is printed as a bare integer with every digit, not a float or a string.
        let a_value = format!("\"value\":{a}");
        assert!(text.contains(&a_value), "{text}");
        let doc = json(&output);
        assert_eq!(doc["outcome"], "N");
        let mv = &doc["winning_moves"][0];
        assert_eq!(mv["from"], a.as_str());
        assert_eq!(mv["to"][0], b.as_str());
    }

    #[test]
    fn an_emptied_heap_keeps_its_place_as_zero() {
        let doc = json(&grundy(&["solve", "nim", "5", "--json"]));
        assert_eq!(
            doc["winning_moves"],
            serde_json::json!([{"component": 0, "from": "5", "to": ["0"], "after": ["0"]}])
        );
        let doc = json(&grundy(&["solve", "nim", "3", "3", "4", "--json"]));
        assert_eq!(
            doc["winning_moves"],
            serde_json::json!([{"component": 2, "from": "4", "to": ["0"], "after": ["3", "3", "0"]}])
        );
        let output = grundy_with_stdin(&["solve", "nim", "--batch"], "3 3 4\n");
        assert_eq!(stdout(&output), "N 3 3 0\n");
        let doc = json(&grundy(&["solve", "kayles", "2", "--json"]));
        assert_eq!(doc["winning_moves"][0]["to"], serde_json::json!(["0"]));
    }

    #[test]
    fn misere_json() {
        let doc = json(&grundy(&["solve", "nim", "1", "1", "2", "--misere", "--json"]));
        assert_eq!(doc["convention"], "misere");
        assert_eq!(doc["outcome"], "N");
        assert!(doc.get("value").is_none(), "no normal-play value under misère");
        assert_eq!(
            doc["winning_moves"],
            serde_json::json!([{"component": 2, "from": "2", "to": ["1"], "after": ["1", "1", "1"]}])
        );
        let doc = json(&grundy(&["solve", "nim", "1", "1", "1", "--misere", "--json"]));
        assert_eq!(doc["outcome"], "P");
    }

    #[test]
    fn game_names_are_case_insensitive() {
        let doc = json(&grundy(&["solve", "NIM", "2", "2", "--json"]));
        assert_eq!(doc["outcome"], "P");
    }

    #[test]
    fn text_answer() {
        let output = grundy(&["solve", "nim", "4", "7"]);
        assert!(output.status.success());
        insta::assert_snapshot!(stdout(&output));
    }
}

mod explain {
    use super::*;

    fn explanation(args: &[&str]) -> String {
        let output = grundy(args);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    }

    #[test]
    fn three_four_five_takes_two_from_the_first_heap() {
        let text = explanation(&["solve", "nim", "3", "4", "5", "--explain"]);
        assert!(text.contains("take 2 tokens from heap 1 (3 -> 1)"));
        insta::assert_snapshot!(text);
    }

    #[test]
    fn eight_thirteen_fifteen_lists_all_three_moves() {
        let text = explanation(&["solve", "nim", "8", "13", "15", "--explain"]);
        // One seed says to take 7 from the 13-heap; 13 XOR 10 = 7, so 6 are taken.
        assert!(text.contains("take 6 tokens from heap 2 (13 -> 7)"));
        assert!(text.contains("take 6 tokens from heap 1 (8 -> 2)"));
        assert!(text.contains("take 10 tokens from heap 3 (15 -> 5)"));
        insta::assert_snapshot!(text);
    }

    #[test]
    fn four_seven_evens_the_heaps() {
        let text = explanation(&["solve", "nim", "4", "7", "--explain"]);
        assert!(text.contains("take 3 tokens from heap 2 (7 -> 4)"));
    }

    #[test]
    fn p_position_says_why_every_move_loses() {
        insta::assert_snapshot!(explanation(&["solve", "nim", "1", "2", "3", "--explain"]));
    }

    #[test]
    fn misere_explanations() {
        insta::assert_snapshot!(
            "misere_fat",
            explanation(&["solve", "nim", "1", "1", "5", "--misere", "--explain"])
        );
        insta::assert_snapshot!(
            "misere_thin",
            explanation(&["solve", "nim", "1", "1", "0", "--misere", "--explain"])
        );
    }

    /// The seed lesson's bounded Nim: heaps 7 8 9, at most 3 a move: values 3, 0, 1, XOR 2.
    #[test]
    fn heap_games_explain_their_table_of_values_and_the_xor() {
        let text = explanation(&["solve", "bounded:3", "7", "8", "9", "--explain"]);
        assert!(text.contains("g(7) = mex{0, 1, 2} = 3"), "{text}");
        let rows: Vec<String> =
            text.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
        for row in ["heap 1: g(7) 3 = 11", "heap 3: g(9) 1 = 01", "nim-sum 2 = 10"] {
            assert!(rows.iter().any(|r| r == row), "{row} in {text}");
        }
        insta::assert_snapshot!("bounded_three_seven_eight_nine", text);
        let kayles = explanation(&["solve", "kayles", "5", "7", "--explain"]);
        // Long lines are wrapped at 88 columns: read the words across the break.
        let words = kayles.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("the option 1 + 3 (values 1 XOR 3 = 2) has that value"), "{kayles}");
    }

    #[test]
    fn explanations_in_every_language() {
        for (lang, words) in [
            ("ru", ["ним-сумма", "берём 6 камней из кучи 2 (13 -> 7)"]),
            ("zh", ["异或和", "从第 2 堆取走 6 颗石子（13 -> 7）"]),
            ("mk", ["НИМ сума", "земаме 6 жетони од купчето 2 (13 -> 7)"]),
        ] {
            let text = explanation(&["solve", "nim", "8", "13", "15", "--explain", "--lang", lang]);
            for word in words {
                assert!(text.contains(word), "{word} in {text}");
            }
            // The answer's own lines are for programs too: they do not change; the glosses for
            // people after them are in the language.
            assert!(text.contains("position: 8 13 15 (nim, normal play)"), "{text}");
            assert!(text.contains("\noutcome:  N ("), "{text}");
            for english in ["the player to move", "winning moves:", "leaving"] {
                assert!(!text.contains(english), "{english} in {text}");
            }
            let english =
                explanation(&["solve", "nim", "8", "13", "15", "--explain", "--lang", "en"]);
            assert_ne!(text, english);
        }
        let doc =
            json(&grundy(&["solve", "wythoff", "5,9", "--explain", "--json", "--lang", "zh"]));
        assert!(doc["explanation"].as_str().unwrap().contains("威佐夫"), "{doc}");
        assert_eq!(doc["outcome"], "N");
    }

    #[test]
    fn explanation_travels_in_json_too() {
        let doc = json(&grundy(&["solve", "nim", "3", "4", "5", "--explain", "--json"]));
        assert!(doc["explanation"].as_str().unwrap().contains("nim-sum"));
    }
}

mod batch {
    use super::*;

    #[test]
    fn one_answer_line_per_position() {
        let output = grundy_with_stdin(&["solve", "nim", "--batch"], "3 4 5\n1 2 3\n8 13 15\n0\n");
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stdout(&output), "N 1 4 5\nP\nN 2 13 15\nP\n");
    }

    #[test]
    fn misere_batch() {
        let output =
            grundy_with_stdin(&["solve", "nim", "--batch", "--misere"], "1 1\n1\n2 2\n1 1 2\n");
        assert_eq!(stdout(&output), "N 0 1\nP\nP\nN 1 1 1\n");
    }

    #[test]
    fn json_lines() {
        let output = grundy_with_stdin(&["solve", "nim", "--batch", "--json"], "3 4 5\n2 2\n");
        let docs: Vec<Value> =
            stdout(&output).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[0]["winning_moves"][0]["after"], serde_json::json!(["1", "4", "5"]));
        assert_eq!(docs[1]["outcome"], "P");
    }

    #[test]
    fn huge_heaps_in_batch() {
        let big = "1".repeat(50);
        let output =
            grundy_with_stdin(&["solve", "nim", "--batch"], &format!("{big} 0\n{big} {big}\n"));
        assert_eq!(stdout(&output), "N 0 0\nP\n");
    }

    #[test]
    fn bad_lines_name_their_number_and_the_rest_are_answered() {
        let output = grundy_with_stdin(&["solve", "nim", "--batch"], "3 4 5\nfoo\n1 1\n2.5 1\n");
        assert_eq!(output.status.code(), Some(2));
        // A bad line answers `E`, so the answers stay line for line with the input.
        assert_eq!(stdout(&output), "N 1 4 5\nE\nP\nE\n");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 2, "{err}");
        assert!(err.lines().next().unwrap().contains("line 2"), "{err}");
        assert!(err.lines().nth(1).unwrap().contains("line 4"), "{err}");
    }

    #[test]
    fn components_with_batch_are_an_error() {
        assert_bad_input(&["solve", "nim", "--batch", "3"], "stdin");
    }
}

mod errors {
    use super::*;

    #[test]
    fn negative_heap() {
        assert_bad_input(&["solve", "nim", "3", "-4"], "'-4'");
        assert_bad_input(&["solve", "nim", "3", "-4"], "negative");
    }

    #[test]
    fn fractional_heap() {
        assert_bad_input(&["solve", "nim", "2.5"], "'2.5'");
        assert_bad_input(&["solve", "nim", "-2.5"], "negative");
    }

    #[test]
    fn non_numeric_heap() {
        assert_bad_input(&["solve", "nim", "1", "two"], "'two'");
    }

    #[test]
    fn empty_heap() {
        assert_bad_input(&["solve", "nim", ""], "empty");
    }

    #[test]
    fn unknown_game() {
        assert_bad_input(&["solve", "chess", "1"], "'chess'");
    }

    #[test]
    fn unknown_flag() {
        assert_bad_input(&["solve", "nim", "1", "--frobnicate"], "--frobnicate");
        assert_bad_input(&["--frobnicate"], "--frobnicate");
    }

    #[test]
    fn unknown_subcommand() {
        assert_bad_input(&["conquer"], "conquer");
    }

    #[test]
    fn missing_position() {
        assert_bad_input(&["solve", "nim"], "no position");
    }

    #[test]
    fn help_and_version_succeed() {
        let output = grundy(&["--help"]);
        assert!(output.status.success());
        assert!(stdout(&output).contains("solve"));
        let output = grundy(&["solve", "--help"]);
        assert!(output.status.success());
        assert!(stdout(&output).contains("--misere"));
        let output = grundy(&["--version"]);
        assert!(output.status.success());
        assert!(stdout(&output).starts_with("grundy "));
    }
}

mod graph {
    use super::*;

    fn write_graph(name: &str, text: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-cli-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    const LOOPY: &str = "# a cycle with an exit, a trap, and a self-loop\n\
                         a: b\nb: a c\nc:\nd: d e   # self loop\ne:\nf: g\ng: f\n";

    #[test]
    fn every_node_with_value_outcome_and_remoteness() {
        let path = write_graph("loopy.txt", LOOPY);
        let doc = json(&grundy(&["graph", path.to_str().unwrap(), "--json"]));
        let expected: Value = serde_json::from_str(
            r#"{"nodes": [
                {"node": "a", "value": 0, "outcome": "P", "remoteness": 2},
                {"node": "b", "value": 1, "outcome": "N", "remoteness": 1},
                {"node": "c", "value": 0, "outcome": "P", "remoteness": 0},
                {"node": "d", "value": {"infinite": [0]}, "outcome": "N", "remoteness": 1},
                {"node": "e", "value": 0, "outcome": "P", "remoteness": 0},
                {"node": "f", "value": {"infinite": []}, "outcome": "D"},
                {"node": "g", "value": {"infinite": []}, "outcome": "D"}]}"#,
        )
        .unwrap();
        assert_eq!(doc, expected);
        let output = grundy(&["graph", path.to_str().unwrap()]);
        insta::assert_snapshot!(stdout(&output));
    }

    #[test]
    fn solve_several_tokens_at_once() {
        let path = write_graph("loopy2.txt", LOOPY);
        let game = format!("graph:{}", path.display());
        let doc = json(&grundy(&["solve", &game, "a", "b", "--json"]));
        assert_eq!(doc["value"], 1);
        assert_eq!(doc["outcome"], "N");
        let moves: Vec<(u64, Value)> = doc["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["component"].as_u64().unwrap(), m["to"].clone()))
            .collect();
        // Every winning move, the progress-making one first: c (terminal, labelled first), then
        // a (labelled 0 once b had a move to c), then b.
        assert_eq!(
            moves,
            [
                (1, serde_json::json!(["c"])),
                (1, serde_json::json!(["a"])),
                (0, serde_json::json!(["b"]))
            ]
        );
        // One infinite part ∞(0) and a finite 0: ∞(0), won by moving to the 0.
        let doc = json(&grundy(&["solve", &game, "d", "a", "--json"]));
        assert_eq!(doc["value"], serde_json::json!({"infinite": [0]}));
        assert_eq!(doc["winning_moves"][0]["after"], serde_json::json!(["e", "a"]));
        // Two infinite parts: a draw.
        let doc = json(&grundy(&["solve", &game, "d", "f", "--json"]));
        assert_eq!(
            (doc["outcome"].clone(), doc["value"].clone()),
            ("D".into(), serde_json::json!({"infinite": []}))
        );
        // Misère by whole-position search.
        let doc = json(&grundy(&["solve", &game, "c", "e", "--misere", "--json"]));
        assert_eq!(doc["outcome"], "N");
    }

    #[test]
    fn bad_files_name_the_file_and_line() {
        let cases = [
            ("undefined.txt", "a: b\n", "line 1: successor 'b' is never defined"),
            ("twice.txt", "a:\na:\n", "line 2: node 'a' is defined twice"),
            ("nocolon.txt", "a:\nb c\n", "line 2: expected 'name: successors'"),
        ];
        for (name, text, needle) in cases {
            let path = write_graph(name, text);
            assert_bad_input(&["graph", path.to_str().unwrap()], needle);
            assert_bad_input(&["graph", path.to_str().unwrap()], name);
            let game = format!("graph:{}", path.display());
            assert_bad_input(&["solve", &game, "a"], needle);
        }
        assert_bad_input(
            &["graph", "/nonexistent/graph.txt"],
            "cannot read '/nonexistent/graph.txt'",
        );
        let path = write_graph("ok.txt", "a:\n");
        assert_bad_input(&["solve", &format!("graph:{}", path.display()), "zz"], "'zz'");
    }
}

mod heap_games {
    use super::*;

    #[test]
    fn seq_text_and_json() {
        let output = grundy(&["seq", "kayles", "12"]);
        assert_eq!(stdout(&output), "0 1 2 3 1 4 3 2 1 4 2 6 4\n");
        let doc = json(&grundy(&["seq", "0.07", "6", "--json"]));
        assert_eq!(doc, serde_json::json!({"game": "0.07", "values": [0, 0, 1, 1, 2, 0, 3]}));
    }

    #[test]
    fn seq_far_out_uses_the_proven_period() {
        // 10^6 values of a periodic game: the proof plus the writing, not a quadratic run.
        let output = grundy(&["seq", "dawson", "10^6"]);
        assert!(output.status.success());
        let text = stdout(&output);
        let values: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(values.len(), 1_000_001);
        assert_eq!(values[1_000_000], values[1_000_000 - 34]);
    }

    #[test]
    fn period_json_for_dawson() {
        let doc = json(&grundy(&["period", "0.07", "--json"]));
        assert_eq!(doc["periodic"], true);
        assert_eq!((doc["preperiod"].clone(), doc["period"].clone()), (53.into(), 34.into()));
        assert_eq!(doc["saltus"], 0);
        assert_eq!(doc["proven_at"], 176);
        assert_eq!(doc["values"].as_array().unwrap().len(), 53 + 34);
    }

    #[test]
    fn period_with_a_saltus_proven_or_only_observed() {
        let doc = json(&grundy(&["period", "0.28", "--json"]));
        assert_eq!(doc["periodic"], true);
        assert_eq!((doc["preperiod"].clone(), doc["period"].clone()), (1.into(), 53.into()));
        assert_eq!(doc["saltus"], 16);
        assert_eq!(doc["values"].as_array().unwrap().len(), 1 + 53);
        // The same pattern shape, outside the theorem: reported, never claimed.
        let doc = json(&grundy(&["period", "0.8b", "--max", "400", "--json"]));
        assert_eq!(doc["periodic"], false);
        assert_eq!(doc["checked_to"], 400);
        assert_eq!(
            doc["observed"],
            serde_json::json!({"preperiod": 7, "period": 7, "saltus": 4, "proven": false})
        );
        // A proven saltus answers any heap: G(10^18) of 0.28 by the formula.
        let doc = json(&grundy(&["solve", "0.28", "1000000000000000000", "--json"]));
        let (level, class) = ((10u64.pow(18) - 1) / 53, (10u64.pow(18) - 1) % 53);
        let first = [
            0u64, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 3, 4, 3, 4, 5, 6, 7, 6, 7, 8, 9, 7, 6,
            7, 8, 9, 8, 9, 10, 11, 10, 11, 12, 10, 11, 10, 11, 12, 13, 14, 15, 14, 15, 13, 14, 15,
            14, 15,
        ];
        assert_eq!(doc["value"], level * 16 + first[class as usize]);
    }

    #[test]
    fn misere_quotient_of_0_75_as_the_contract_writes_it() {
        let doc = json(&grundy(&["misere", "0.75", "--json"]));
        assert_eq!(doc["game"], "0.75");
        assert_eq!(doc["order"], 8);
        assert_eq!(doc["p_portion"], serde_json::json!(["a", "b2"]));
        assert_eq!(doc["presentation"], "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>");
        assert_eq!(doc["periodic"], true);
        assert_eq!((doc["preperiod"].clone(), doc["period"].clone()), (8.into(), 2.into()));
        assert_eq!(doc["proven_at"], 23);
        assert_eq!(doc["tame"], false);
        let pretending = doc["pretending"].as_array().unwrap();
        assert_eq!(pretending[..4], [serde_json::json!("1"), "a".into(), "b".into(), "a".into()]);
        let text = stdout(&grundy(&["misere", "0.75"]));
        assert!(text.contains("order: 8") && text.contains("final quotient"), "{text}");
    }

    #[test]
    fn misere_partial_quotients_say_so() {
        let doc = json(&grundy(&["misere", "nim", "--max", "7", "--json"]));
        assert_eq!((doc["order"].clone(), doc["tame"].clone()), (10.into(), true.into()));
        assert_eq!(doc["periodic"], false);
        assert_eq!(doc["max_heap"], 7);
        let kayles = json(&grundy(&["misere", "kayles", "--json"]));
        assert_eq!(kayles["periodic"], true);
        assert_eq!(kayles["period"], 12);
        let capped = json(&grundy(&["misere", "kayles", "--max-order", "10", "--json"]));
        assert_eq!((capped["periodic"].clone(), capped["order"].clone()), (false.into(), 6.into()));
        assert!(capped["stopped"].as_str().unwrap().contains("--max-order"), "{capped}");
        assert_bad_input(&["misere", "wythoff"], "not a heap game");
        assert_bad_input(&["misere", "0.75", "--max", "x"], "--max");
    }

    #[test]
    fn misere_solve_decides_large_kayles_positions_by_the_quotient() {
        let heaps: Vec<String> = (1..=150).map(|n| n.to_string()).collect();
        let mut args = vec!["solve", "kayles", "--misere", "--json"];
        args.extend(heaps.iter().map(String::as_str));
        let doc = json(&grundy(&args));
        assert!(doc["outcome"] == "N" || doc["outcome"] == "P");
        let single = json(&grundy(&["solve", "kayles", "20", "--misere", "--json"]));
        assert_eq!(single["outcome"], "P");
    }

    #[test]
    fn misere_genus_of_each_heap_and_of_each_component() {
        // Kayles is tame up to 4; its heap of 5 is 4^146 (the contract's example), wild.
        let text = stdout(&grundy(&["misere", "kayles", "--genus", "--max", "9"]));
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 10, "{text}");
        assert!(rows[0].contains("0^120") && rows[0].contains("tame"), "{text}");
        assert!(rows[1].contains("1^031") && rows[4].contains("1^031"), "{text}");
        assert!(rows[5].contains("4^146") && rows[5].contains("wild"), "{text}");
        assert!(rows[9].contains("4^046"), "{text}");
        let doc = json(&grundy(&["misere", "kayles", "--genus", "--max", "5", "--json"]));
        assert_eq!(
            doc["genus"][5],
            serde_json::json!({"heap": 5, "genus": "4^146", "tame": false})
        );
        assert_eq!(doc["max_heap"], 5);
        // A limit stops the list where it is, saying so.
        let output = grundy(&[
            "misere",
            "kayles",
            "--genus",
            "--max",
            "60",
            "--max-positions",
            "500",
            "--json",
        ]);
        let doc = json(&output);
        assert!(doc["stopped"].as_str().unwrap().contains("500"), "{doc}");
        // Under solve --misere each component carries its genus.
        let doc = json(&grundy(&["solve", "kayles", "5", "3", "2", "--misere", "--json"]));
        let genera: Vec<&str> = doc["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["genus"].as_str().unwrap())
            .collect();
        assert_eq!(genera, ["4^146", "3^31", "2^20"]);
        let text = stdout(&grundy(&["solve", "nim", "0", "1", "5", "--misere"]));
        assert!(text.contains("genus:    0^120 1^031 5^57"), "{text}");
    }

    #[test]
    fn misere_tame_sums_are_decided_by_the_rule_past_the_quotient() {
        // Subtraction of 1..70: values n mod 71, tame, with a quotient too large for the quick
        // one; the tame-sum rule decides it, as misère Nim on the values would.
        let set: Vec<String> = (1..=70).map(|s| s.to_string()).collect();
        let game = format!("sub:{}", set.join(","));
        let doc = json(&grundy(&["solve", &game, "100", "90", "3", "--misere", "--json"]));
        assert_eq!(doc["outcome"], "N");
        let moves: Vec<String> = doc["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["after"].to_string())
            .collect();
        assert_eq!(moves, [r#"["87","90","3"]"#, r#"["100","30","3"]"#]);
        assert_eq!(doc["components"][0]["genus"], "29^(29,31)");
        let text = stdout(&grundy(&["solve", &game, "100", "90", "3", "--misere", "--explain"]));
        assert!(text.contains("tame") && text.contains("g = 13"), "{text}");
        let p = json(&grundy(&["solve", &game, "100", "29", "--misere", "--json"]));
        assert_eq!(p["outcome"], "P");
    }

    #[test]
    fn period_never_claimed_for_grundys_game() {
        let doc = json(&grundy(&["period", "grundy", "--max", "2000", "--json"]));
        assert_eq!(doc["periodic"], false);
        assert_eq!(doc["checked_to"], 2000);
    }

    #[test]
    fn period_text() {
        let output = grundy(&["period", "sub:1,3,4"]);
        insta::assert_snapshot!(stdout(&output));
    }

    #[test]
    fn solve_kayles_with_splits() {
        // Kayles: a row of 5 has value 4; taking the middle pin leaves 2 + 2 (value 0).
        let doc = json(&grundy(&["solve", "kayles", "5", "--json"]));
        assert_eq!(doc["value"], 4);
        let moves = doc["winning_moves"].as_array().unwrap();
        assert!(moves.iter().any(|m| m["to"] == serde_json::json!(["2", "2"])), "{moves:?}");
        for m in moves {
            let after: Vec<String> = m["after"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            let mut args = vec!["solve", "kayles"];
            args.extend(after.iter().map(String::as_str));
            if after.is_empty() {
                continue;
            }
            let check = json(&grundy(&[args.as_slice(), &["--json"]].concat()));
            assert_eq!(check["outcome"], "P", "{after:?}");
        }
    }

    #[test]
    fn solve_huge_heap_in_periodic_game() {
        let doc = json(&grundy(&["solve", "bounded:3", "1000000000000000001", "--json"]));
        assert_eq!(doc["value"], 1);
        assert_eq!(doc["winning_moves"][0]["to"], serde_json::json!(["1000000000000000000"]));
    }

    #[test]
    fn misere_heap_game_by_search() {
        // Misère Kayles on a single row of 1: taking it loses.
        let doc = json(&grundy(&["solve", "kayles", "1", "--misere", "--json"]));
        assert_eq!(doc["outcome"], "P");
        let doc = json(&grundy(&["solve", "kayles", "2", "--misere", "--json"]));
        assert_eq!(doc["outcome"], "N");
    }

    #[test]
    fn bad_codes_and_sets() {
        assert_bad_input(&["seq", "0.9z", "10"], "'z'");
        assert_bad_input(&["seq", "0.", "10"], "no move");
        assert_bad_input(&["period", "0.[3]3"], "last");
        assert_bad_input(&["seq", "sub:", "10"], "empty");
        assert_bad_input(&["seq", "sub:0,1", "10"], "'0'");
        assert_bad_input(&["seq", "sub:1,-2", "10"], "negative");
        assert_bad_input(&["seq", "kayles", "ten"], "'ten'");
        assert_bad_input(&["solve", "kayles", "-1"], "negative");
    }
}

mod classic_games {
    use super::*;

    #[test]
    fn wythoff_single_pairs_and_huge_heaps() {
        let doc = json(&grundy(&["solve", "wythoff", "3,5", "--json"]));
        assert_eq!((doc["outcome"].clone(), doc["value"].clone()), ("P".into(), 0.into()));
        let doc = json(&grundy(&["solve", "wythoff", "4,4", "--json"]));
        assert_eq!(
            doc["winning_moves"],
            serde_json::json!([{"component": 0, "from": "4,4", "to": ["0,0"], "after": ["0,0"]}])
        );
        // 30-digit heaps: ⌊kφ⌋ with k = 10^29 is exact; (⌊kφ⌋, ⌊kφ⌋ + k) is a P-position.
        let k = format!("1{}", "0".repeat(29));
        let first = "161803398874989484820458683436"; // ⌊10^29 φ⌋
        let second = "261803398874989484820458683436";
        let doc = json(&grundy(&["solve", "wythoff", &format!("{first},{second}"), "--json"]));
        assert_eq!(doc["outcome"], "P", "{k}");
        let doc = json(&grundy(&["solve", "wythoff", &format!("{first},{second}9"), "--json"]));
        assert_eq!(doc["outcome"], "N");
        assert!(doc["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["to"][0] == format!("{first},{second}")));
    }

    #[test]
    fn wythoff_sum_uses_the_table() {
        let doc = json(&grundy(&["solve", "wythoff", "1,2", "1,1", "--json"]));
        assert_eq!(doc["value"], 2);
        assert_eq!(doc["outcome"], "N");
    }

    #[test]
    fn moore_is_one_game() {
        let doc = json(&grundy(&["solve", "moore:2", "1", "1", "1", "--json"]));
        assert_eq!(doc["outcome"], "P");
        let doc = json(&grundy(&["solve", "moore:2", "1", "1", "--json"]));
        assert_eq!(doc["outcome"], "N");
        assert_eq!(doc["winning_moves"][0]["after"], serde_json::json!(["0", "0"]));
        assert_eq!(doc["winning_moves"][0]["description"], "take 1 from heap 1 and 1 from heap 2");
    }

    #[test]
    fn staircase_moves_say_which_step() {
        let doc = json(&grundy(&["solve", "staircase", "0,3,1,4", "--json"]));
        assert_eq!(doc["value"], 7);
        let described: Vec<&str> = doc["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["description"].as_str().unwrap())
            .collect();
        assert_eq!(
            described,
            ["move 1 coin from step 2 down to step 1", "move 1 coin from step 3 down to step 2"]
        );
    }

    #[test]
    fn georgia_bob_like_the_lesson() {
        // POJ 1704: pieces on 1 2 3 (sorted: gaps 0 0 0) is a loss for the first player.
        let doc = json(&grundy(&["solve", "georgia-bob", "1,2,3", "--json"]));
        assert_eq!(doc["outcome"], "P");
        // Unsorted input is fine; the winner moves a piece to a cell.
        let doc = json(&grundy(&["solve", "georgia-bob", "8,1,5", "--json"]));
        assert_eq!(doc["outcome"], "N");
        for m in doc["winning_moves"].as_array().unwrap() {
            assert!(m["description"].as_str().unwrap().starts_with("move the piece on cell"));
            let check =
                json(&grundy(&["solve", "georgia-bob", m["to"][0].as_str().unwrap(), "--json"]));
            assert_eq!(check["outcome"], "P");
        }
        assert_bad_input(&["solve", "georgia-bob", "1,1"], "two pieces on cell 1");
        assert_bad_input(&["solve", "georgia-bob", "0,2"], "numbered from 1");
        assert_bad_input(&["solve", "wythoff", "1,2,3"], "pair");
    }

    #[test]
    fn table_text_json_csv() {
        insta::assert_snapshot!(stdout(&grundy(&["table", "wythoff", "--size", "8"])));
        let doc = json(&grundy(&["table", "nim", "--size", "3", "--json"]));
        assert_eq!(
            doc,
            serde_json::json!({"game": "nim", "size": 3, "rows": [[0, 1, 2], [1, 0, 3], [2, 3, 0]]})
        );
        assert_eq!(
            stdout(&grundy(&["table", "kayles", "--size", "3", "--csv"])),
            "0,1,2\n1,0,3\n2,3,0\n"
        );
    }

    #[test]
    fn the_seeds_table_check_is_one_command() {
        let output = grundy(&["table", "nim", "--size", "60", "--verify"]);
        assert!(output.status.success());
        assert!(stdout(&output).ends_with("verified: the mex of each cell's row and column equals x XOR y (3600 cells, no exception)\n"));
    }

    #[test]
    fn table_png_decodes_with_known_colours() {
        let dir = std::env::temp_dir().join(format!("grundy-png-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("wythoff.png");
        let output = grundy(&["table", "wythoff", "--size", "10", "--png", path.to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        // The picture is rebuilt in memory to know where each cell lies, then compared.
        let table = grundy::games::pair_table(&*grundy::game("wythoff").unwrap(), 10).unwrap();
        let picture = grundy_plot::heatmap("wythoff", &table.rows);
        assert_eq!(
            (info.width as usize, info.height as usize),
            (picture.width(), picture.height())
        );
        let max = 16; // the largest value of Wythoff's 10×10 table, at (9, 9)
        for (x, y, value) in [(0, 0, 0), (3, 5, 0), (9, 9, 16), (1, 2, 0), (0, 7, 7)] {
            assert_eq!(table.rows[x][y], value);
            let (px, py) = picture.cell_center(x, y);
            let offset = (py * info.width as usize + px) * 3;
            // P-positions (value 0) are marked in black; the rest take the colour scale.
            let expected =
                if value == 0 { grundy_plot::P_POSITION } else { grundy_plot::color(value, max) };
            assert_eq!(&pixels[offset..offset + 3], &expected, "cell ({x}, {y})");
        }
        let svg_path = dir.join("nim.svg");
        assert!(grundy(&["table", "nim", "--size", "5", "--svg", svg_path.to_str().unwrap()])
            .status
            .success());
        assert!(std::fs::read_to_string(&svg_path).unwrap().starts_with("<svg"));
        // An SVG whose cells would fill gigabytes is refused from the size alone, before the
        // table is computed, and no file is written.
        let huge = dir.join("huge.svg");
        let refused =
            grundy(&["table", "kayles", "--size", "4096", "--svg", huge.to_str().unwrap()]);
        assert_eq!(refused.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains("--svg") && stderr.contains("--png"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(refused.stdout.is_empty() && !huge.exists());
        let plot_path = dir.join("grundy.png");
        assert!(grundy(&["seq", "grundy", "300", "--png", plot_path.to_str().unwrap()])
            .status
            .success());
        assert!(std::fs::metadata(&plot_path).unwrap().len() > 100);
        // Nothing half-written is left beside the outputs.
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("partial"))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn table_errors() {
        assert_bad_input(&["table", "staircase", "--size", "5"], "no table");
        assert_bad_input(&["table", "nim", "--size", "0"], "--size");
        assert_bad_input(&["table", "kayles", "--size", "5", "--verify"], "closed form");
    }
}

mod long_runs {
    use super::*;
    use std::path::{Path, PathBuf};

    fn dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn sibling(path: &Path, suffix: &str) -> PathBuf {
        PathBuf::from(format!("{}{suffix}", path.display()))
    }

    /// `--summary DIR` writes the histogram at every power of two in Rogalski's shape; his
    /// published file for 0.161 at 2^16 (testdata/rogalski, an independent solver's) is
    /// matched line for line, with and without `--out`, and the values written are untouched.
    #[test]
    fn summaries_match_rogalskis_histograms_line_for_line() {
        // Two more codes of his, whose values pass 255 before 2^16.
        for game in ["0.034", "0.014"] {
            let reference = std::fs::read_to_string(format!(
                "{}/../../testdata/rogalski/{game}/65536",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap();
            let summaries = dir().join(format!("summary-{game}"));
            let _ = std::fs::remove_dir_all(&summaries);
            let output = grundy(&["seq", game, "65536", "--summary", summaries.to_str().unwrap()]);
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            let written = std::fs::read_to_string(summaries.join("65536")).unwrap();
            assert_eq!(written, reference, "{game}");
        }
        let reference = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/rogalski/0.161/65536"
        ))
        .unwrap();
        for with_out in [false, true] {
            let summaries = dir().join(format!("summary-161-{with_out}"));
            let _ = std::fs::remove_dir_all(&summaries);
            let out = dir().join("summary-161.bin");
            let mut args = vec!["seq", "0.161", "65536", "--summary", summaries.to_str().unwrap()];
            if with_out {
                args.extend(["--out", out.to_str().unwrap()]);
            }
            let output = grundy(&args);
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            let written = std::fs::read_to_string(summaries.join("65536")).unwrap();
            assert_eq!(written, reference, "with --out: {with_out}");
            // Every power of two up to N, each with its histogram over heaps 1 to N.
            for k in 0..=16 {
                let histogram =
                    std::fs::read_to_string(summaries.join((1u64 << k).to_string())).unwrap();
                let total: u64 = histogram
                    .lines()
                    .map(|line| line.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
                    .sum();
                assert_eq!(total, 1 << k);
            }
            let about = std::fs::read_to_string(summaries.join("65536.about")).unwrap();
            assert!(about.contains("largest value 138"), "{about}");
            // His solver reports, while it runs to 2^26, 489 rare positions, the last at heap
            // 23784 with value 115 (`rares=489, latest_rare=115 @ 23784`).
            assert!(about.contains("489 positions, as position:value:"), "{about}");
            assert!(about.trim_end().ends_with(" 23784:115"), "{about}");
            if with_out {
                let plain = grundy(&["seq", "0.161", "65536"]);
                let file = std::fs::read(&out).unwrap();
                let header_len = 40 + "0.161".len();
                let from_file: Vec<String> = file[header_len..].iter().map(u8::to_string).collect();
                assert_eq!(String::from_utf8_lossy(&plain.stdout).trim(), from_file.join(" "));
            } else {
                assert!(String::from_utf8_lossy(&output.stdout)
                    .contains("summaries at every power of two"));
            }
        }
    }

    /// The rare positions in `N.about` (the mask with the fewest, from the histogram) are the
    /// ones the sparse engine found and reports at the end of an `--out` run, where its mask is
    /// the best one: Grundy's game (mask 0xfe, Flammenkamp's list) and Officers.
    #[test]
    fn summary_rare_lists_are_the_engines() {
        for game in ["grundy", "0.6"] {
            let summaries = dir().join(format!("summary-rare-{game}"));
            let _ = std::fs::remove_dir_all(&summaries);
            let out = dir().join(format!("summary-rare-{game}.bin"));
            let _ = std::fs::remove_file(&out);
            let n = "262144";
            let output = grundy(&[
                "seq",
                game,
                n,
                "--summary",
                summaries.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "--progress",
            ]);
            assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
            let stderr = String::from_utf8_lossy(&output.stderr);
            let reported = &stderr[stderr.find("rare values (mask").expect("a rare list")..];
            let about = std::fs::read_to_string(summaries.join(format!("{n}.about"))).unwrap();
            let listed = &about[about.find("rare values").expect("a rare line")..];
            assert_eq!(listed.trim_end(), reported.trim_end(), "{game}");
            let small = std::fs::read_to_string(summaries.join("16.about")).unwrap();
            assert!(small.contains("rare values: none listed"), "{small}");
        }
    }

    /// `--summary DIR` without `--out` in legs: each leg ends after `--until` with status 75
    /// and its state in DIR/state, the next goes on from it alone (`--resume`); the summaries
    /// are those of one run, the state goes when the run is whole, and a state that is not a
    /// leg's, or another game's, is refused with status 2.
    #[test]
    fn summary_legs_resume_from_their_state_alone() {
        let whole = dir().join("legs-whole");
        let legs = dir().join("legs-parts");
        for path in [&whole, &legs] {
            let _ = std::fs::remove_dir_all(path);
        }
        let n = "300000";
        let one = grundy(&["seq", "grundy", n, "--summary", whole.to_str().unwrap()]);
        assert!(one.status.success(), "{}", String::from_utf8_lossy(&one.stderr));
        let dir = legs.to_str().unwrap();
        let mut args = vec!["seq", "grundy", n, "--summary", dir, "--until", "0.2"];
        let mut n_legs = 0;
        let last = loop {
            let output = grundy(&args);
            n_legs += 1;
            if output.status.code() != Some(75) || n_legs > 400 {
                break output;
            }
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains("--resume to go on"), "{stderr}");
            assert!(output.stdout.is_empty());
            assert!(legs.join("state").is_file());
            if n_legs == 1 {
                args.push("--resume");
                // Another game's state, and a state cut short, are refused.
                let other = grundy(&["seq", "0.6", n, "--summary", dir, "--resume"]);
                assert_eq!(other.status.code(), Some(2));
                assert!(String::from_utf8_lossy(&other.stderr).contains("is a run of grundy"));
                let bytes = std::fs::read(legs.join("state")).unwrap();
                std::fs::write(legs.join("state"), &bytes[..bytes.len() / 2]).unwrap();
                let cut = grundy(&args);
                assert_eq!(cut.status.code(), Some(2), "{}", String::from_utf8_lossy(&cut.stderr));
                std::fs::write(legs.join("state"), &bytes).unwrap();
            }
        };
        assert!(last.status.success(), "{}", String::from_utf8_lossy(&last.stderr));
        assert!(n_legs > 2, "{n_legs} legs");
        // The same line, but for the directory's name.
        let said = |output: &Output, path: &Path| {
            String::from_utf8_lossy(&output.stdout).replace(path.to_str().unwrap(), "DIR")
        };
        assert_eq!(said(&last, &legs), said(&one, &whole));
        assert!(!legs.join("state").exists(), "the state of a whole run is removed");
        // A game the fast engine does not take keeps every value: its legs are an --out file's.
        let other = legs.with_file_name("legs-other");
        let refused = grundy(&[
            "seq",
            "0.1[3]",
            "1000",
            "--summary",
            other.to_str().unwrap(),
            "--until",
            "5",
        ]);
        assert_eq!(refused.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&refused.stderr).contains("use --out FILE for its legs"));
        for entry in std::fs::read_dir(&whole).unwrap() {
            let name = entry.unwrap().file_name();
            let a = std::fs::read(whole.join(&name)).unwrap();
            let b = std::fs::read(legs.join(&name)).unwrap();
            assert!(a == b, "{name:?} differs");
        }
    }

    /// `--keep N`: a `--summary` run without `--out` that keeps 2^16 values at each end writes
    /// the summaries of one that keeps them all, and says what it kept; an `--out` run that
    /// keeps as few, reading older values back from its partial file, writes the same file;
    /// fewer than 2^16 is refused. (0.161: its last rare position, 23,784, is within the tail.)
    #[test]
    fn keeping_a_prefix_and_a_tail_changes_no_value() {
        let n = "230000";
        let paths: Vec<PathBuf> = ["keep-all", "keep-some", "keep-all.seq", "keep-some.seq"]
            .iter()
            .map(|name| dir().join(name))
            .collect();
        for path in &paths {
            let _ = std::fs::remove_dir_all(path);
            let _ = std::fs::remove_file(path);
        }
        let text = |path: &PathBuf| path.to_str().unwrap().to_string();
        let all = grundy(&["seq", "0.161", n, "--summary", &text(&paths[0])]);
        assert!(all.status.success());
        let some = grundy(&["seq", "0.161", n, "--summary", &text(&paths[1]), "--keep", "65536"]);
        assert!(some.status.success(), "{}", String::from_utf8_lossy(&some.stderr));
        let said = String::from_utf8_lossy(&some.stdout);
        assert!(said.contains("kept in memory: heaps below 65536 and the last"), "{said}");
        for entry in std::fs::read_dir(&paths[0]).unwrap() {
            let name = entry.unwrap().file_name();
            let a = std::fs::read(paths[0].join(&name)).unwrap();
            assert!(a == std::fs::read(paths[1].join(&name)).unwrap(), "{name:?} differs");
        }
        let plain = grundy(&["seq", "0.161", n, "--out", &text(&paths[2])]);
        assert!(plain.status.success());
        let kept = grundy(&["seq", "0.161", n, "--out", &text(&paths[3]), "--keep", "65536"]);
        assert!(kept.status.success(), "{}", String::from_utf8_lossy(&kept.stderr));
        assert!(std::fs::read(&paths[2]).unwrap() == std::fs::read(&paths[3]).unwrap());
        let few = grundy(&["seq", "0.161", n, "--summary", &text(&paths[1]), "--keep", "1000"]);
        assert_eq!(few.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&few.stderr).contains("--keep 1000: at least 65536"));
    }

    /// A run that keeps a prefix and a tail lives in less address space than its values alone
    /// would fill (`ulimit -v`, one byte a value, the least any run keeps them in). The limit is
    /// the process's own floor (found here: the smallest limit a short kept run lives in, which
    /// depends on the binary and the C library) plus 8 MiB, and the run goes a fifth past as
    /// many heaps as the limit has bytes.
    #[test]
    fn a_kept_run_lives_under_a_ulimit_smaller_than_its_values() {
        let out = dir().join("ulimit");
        let run = |limit_kib: u64, n: u64| {
            let _ = std::fs::remove_dir_all(&out);
            Command::new("sh")
                .arg("-c")
                .arg(format!(
                    "ulimit -v {limit_kib} && exec \"$0\" seq 0.167 {n} --summary \"$1\" --keep 65536 --threads 1"
                ))
                .arg(env!("CARGO_BIN_EXE_grundy"))
                .arg(&out)
                .output()
                .expect("sh runs")
        };
        let floor = (6..64)
            .map(|mib| mib * 4 * 1024)
            .find(|&kib| run(kib, 1 << 20).status.success())
            .expect("a short kept run lives in less than 256 MiB");
        let limit = floor + 8 * 1024;
        let n = limit * 1024 * 6 / 5;
        let kept = run(limit, n);
        assert!(
            kept.status.success(),
            "under ulimit -v {limit} (floor {floor} KiB), to {n}: {}",
            String::from_utf8_lossy(&kept.stderr)
        );
        let said = String::from_utf8_lossy(&kept.stdout);
        assert!(said.contains("kept in memory: heaps below 65536 and the last"), "{said}");
        let top = 1u64 << (63 - n.leading_zeros());
        let about = std::fs::read_to_string(out.join(format!("{top}.about"))).unwrap();
        assert!(about.contains("largest value"), "{about}");
        // More heaps than the limit has bytes: all the values would not fit.
        assert!(n > limit * 1024);
    }

    /// Regression (hardening round three): two runs writing the same `--out` both ended with
    /// status 0 and a file marked complete, with a valid checksum over the wrong bytes. The
    /// second is now refused with one line while the first runs, and the first's file is whole.
    #[test]
    fn a_second_run_on_the_same_file_is_refused() {
        let path = dir().join("same.bin");
        let lock = sibling(&path, ".lock");
        let _ = std::fs::remove_file(&path);
        let mut first = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["seq", "grundy", "30000000", "--threads", "1", "--out", path.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while !lock.exists() {
            assert!(started.elapsed().as_secs() < 30, "the first run never took its lock");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let output = grundy(&["seq", "kayles", "100", "--out", path.to_str().unwrap()]);
        let refused = output.status.code() == Some(2);
        let _ = first.kill();
        let _ = first.wait();
        assert!(refused, "the second run was not refused: {}", stderr(&output));
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("being written by another run"), "{err}");
        // The first run, killed, left no file looking complete; a run after it is free to go.
        assert!(!path.exists(), "a file looks complete");
        let output = grundy(&["seq", "kayles", "100", "--out", path.to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(b"GRUNDYSQ"));
        assert!(!lock.exists(), "the lock is removed at the end of a run");
    }

    /// Each file takes the narrowest width that holds its values: 1 byte (Kayles), 2 bytes
    /// (0.007 passes 255 before heap 16384, through the fast engine), 4 bytes (0.28 has a saltus
    /// and passes 65535, through the in-memory path).
    #[test]
    fn out_file_values_take_the_narrowest_width() {
        for (game, n, width) in [("0.007", "16384", 2), ("0.28", "300000", 4), ("nim", "300", 2)] {
            let path = dir().join(format!("width-{game}.bin"));
            let output = grundy(&["seq", game, n, "--out", path.to_str().unwrap()]);
            assert!(output.status.success(), "{}", stderr(&output));
            let bytes = std::fs::read(&path).unwrap();
            let header = grundy::sequence::store::Header::decode(&bytes).unwrap();
            assert_eq!(header.value_width, width, "{game}");
            let stored = grundy::sequence::store::values_from_bytes(&bytes[header.len()..], width);
            assert_eq!(stored.len() as u64, header.n_values);
            let printed = stdout(&grundy(&["seq", game, n]));
            let expected: Vec<u32> =
                printed.split_whitespace().map(|v| v.parse().unwrap()).collect();
            assert_eq!(stored, expected, "{game}");
            let sum = grundy::sequence::store::checksum(
                grundy::sequence::store::CHECKSUM_START,
                &bytes[header.len()..],
            );
            assert_eq!(sum, header.checksum, "{game}");
            assert!(!sibling(&path, ".partial").exists() && !sibling(&path, ".narrowing").exists());
        }
    }

    #[test]
    fn out_file_has_a_documented_header_and_the_values() {
        let path = dir().join("kayles.bin");
        let output = grundy(&["seq", "kayles", "1000", "--out", path.to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        let bytes = std::fs::read(&path).unwrap();
        let header = grundy::sequence::store::Header::decode(&bytes).unwrap();
        assert_eq!(
            (header.game.as_str(), header.n_values, header.value_width, header.complete),
            ("kayles", 1001, 1, true)
        );
        let values = grundy::sequence::store::values_from_bytes(&bytes[header.len()..], 1);
        let printed = stdout(&grundy(&["seq", "kayles", "1000"]));
        let expected: Vec<u32> = printed.split_whitespace().map(|v| v.parse().unwrap()).collect();
        assert_eq!(values, expected);
        let sum = grundy::sequence::store::checksum(
            grundy::sequence::store::CHECKSUM_START,
            &bytes[header.len()..],
        );
        assert_eq!(sum, header.checksum);
        assert!(!sibling(&path, ".partial").exists() && !sibling(&path, ".checkpoint").exists());
    }

    /// zlib's CRC-32, bit by bit (the reference the run's summary is checked against).
    fn crc32_reference(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    /// The end of a long run says what other programs can compare: the largest value, where
    /// it first occurs, and a CRC-32 of the values as 16-bit little-endian integers.
    #[test]
    fn a_finished_run_reports_its_largest_value_and_crc() {
        for (game, n) in [("grundy", "20000"), ("0.6", "3000"), ("kayles", "500")] {
            let path = dir().join(format!("summary-{game}.bin"));
            let output = grundy(&["seq", game, n, "--out", path.to_str().unwrap(), "--progress"]);
            assert!(output.status.success(), "{}", stderr(&output));
            let printed = stdout(&grundy(&["seq", game, n]));
            let values: Vec<u16> = printed.split_whitespace().map(|v| v.parse().unwrap()).collect();
            let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
            let max = *values.iter().max().unwrap();
            let first = values.iter().position(|&v| v == max).unwrap();
            let expected = format!(
                "largest value {max}, first at heap {first}; CRC-32 (zlib) of the values as \
                 16-bit little-endian integers: {:08x}",
                crc32_reference(&bytes)
            );
            assert!(stderr(&output).contains(&expected), "{game}: {}", stderr(&output));
            let _ = std::fs::remove_file(&path);
        }
    }

    /// A run killed midway leaves no file that looks complete; resumed from its checkpoint it
    /// ends byte for byte like a run that was never interrupted.
    #[test]
    fn a_killed_run_resumes_to_the_same_file() {
        // The fast engine (two-heap splits) and the three-heap engine (0.3F, arithmetic-periodic
        // but not proven, so it runs to the end). Officers is stopped past heap 60,000: past
        // its first values above 255 (the file at two bytes) and the choice of its mask.
        kill_and_resume("0.6", "400000", 60_000);
        kill_and_resume("0.3f", "2500", 1);
    }

    fn kill_and_resume(game: &str, n: &str, kill_from: u64) {
        let dir = dir();
        let whole = dir.join(format!("whole-{game}.bin"));
        let resumed = dir.join(format!("resumed-{game}.bin"));
        assert!(grundy(&["seq", game, n, "--out", whole.to_str().unwrap()]).status.success());
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["seq", game, n, "--out", resumed.to_str().unwrap(), "--checkpoint-secs", "0.05"])
            .spawn()
            .unwrap();
        let checkpoint = sibling(&resumed, ".checkpoint");
        let started = std::time::Instant::now();
        let mut killed_midway = false;
        while started.elapsed() < std::time::Duration::from_secs(120) {
            if let Ok(text) = std::fs::read_to_string(&checkpoint) {
                let n_values = text.split("\"n_values\":").nth(1).and_then(|rest| {
                    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse::<u64>().ok()
                });
                if n_values.is_some_and(|n_values| n_values >= kill_from) {
                    killed_midway = child.try_wait().unwrap().is_none();
                    let _ = child.kill();
                    break;
                }
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let _ = child.wait();
        if killed_midway {
            assert!(!resumed.exists(), "an interrupted run must not leave a complete-looking file");
            assert!(sibling(&resumed, ".partial").exists());
            let output = grundy(&["seq", game, n, "--out", resumed.to_str().unwrap(), "--resume"]);
            assert!(output.status.success(), "{}", stderr(&output));
        }
        assert!(killed_midway, "{game}: the run finished before a checkpoint could be interrupted");
        assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&resumed).unwrap());
    }

    /// Runs `seq GAME N --out PATH` and `extra` in legs of 0.3 s (`--resume` from the second
    /// on) until one finishes: each leg but the last exits 75 with a checkpoint and leaves no
    /// file that looks complete. The standard error of every leg, in order.
    fn out_legs(game: &str, n: &str, path: &Path, extra: &[&str]) -> Vec<String> {
        let mut errors = Vec::new();
        loop {
            assert!(errors.len() < 400, "the legs never finished");
            let mut args = vec!["seq", game, n, "--out", path.to_str().unwrap()];
            args.extend(["--until", "0.3", "--checkpoint-secs", "0.1"]);
            args.extend(extra);
            if !errors.is_empty() {
                args.push("--resume");
            }
            let output = grundy(&args);
            let err = stderr(&output);
            match output.status.code() {
                Some(0) => {
                    errors.push(err);
                    return errors;
                }
                Some(75) => {
                    assert!(err.contains("(--until)") && err.contains("--resume"), "{err}");
                    assert!(stdout(&output).is_empty());
                    assert!(!path.exists(), "a leg must not leave a complete-looking file");
                }
                other => panic!("leg {}: status {other:?}: {err}", errors.len() + 1),
            }
            errors.push(err);
        }
    }

    /// A run in legs (`--until`, then `--resume --until` until it finishes) ends byte for byte
    /// like a run in one go; each leg but the last exits 75 with a checkpoint and leaves no
    /// file that looks complete.
    #[test]
    fn a_run_in_legs_ends_like_a_run_in_one_go() {
        let dir = dir();
        let (game, n) = ("0.6", "400000");
        let whole = dir.join("legs-whole.bin");
        let legs = dir.join("legs.bin");
        assert!(grundy(&["seq", game, n, "--out", whole.to_str().unwrap()]).status.success());
        let n_legs = out_legs(game, n, &legs, &[]).len();
        assert!(n_legs >= 3, "{n_legs} legs: the run was too short to test");
        assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&legs).unwrap());
        // A stream cannot be resumed, so it cannot be run in legs.
        let output = grundy(&["seq", game, "10", "--out", "/dev/null", "--until", "1"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains("--until"), "{}", stderr(&output));
    }

    /// An `--out` run that keeps a prefix and a tail (`--keep`) resumes from those and its
    /// rare positions, not from every value it wrote (the rest is read from the partial file
    /// as needed), and ends byte for byte like a run in one go.
    #[test]
    fn an_out_run_keeping_ends_resumes_from_them_alone() {
        let dir = dir();
        let (game, n) = ("0.6", "420000");
        let whole = dir.join("ends-whole.bin");
        let legs = dir.join("ends-legs.bin");
        let _ = std::fs::remove_file(sibling(&legs, ".partial"));
        let _ = std::fs::remove_file(sibling(&legs, ".checkpoint"));
        assert!(grundy(&["seq", game, n, "--out", whole.to_str().unwrap()]).status.success());
        let errors = out_legs(game, n, &legs, &["--keep", "65536", "--progress"]);
        let n_legs = errors.len();
        let said = "resuming from heaps below 65536 and the last 65536";
        let from_ends = errors.iter().filter(|err| err.contains(said)).count();
        assert!(from_ends >= 1, "no leg resumed from the ends ({n_legs} legs)");
        assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&legs).unwrap());
    }

    /// Grundy's game past its first value above 255 (near heap 7.25 million), where the fast
    /// engine keeps one byte a value below 512 (folded) and the file takes two: values around
    /// that heap and at the end agree with the definition, computed from the file's values.
    #[test]
    fn grundys_game_past_255_is_written_at_two_bytes() {
        let path = dir().join("grundy-7300000.bin");
        let last = 7_300_000usize;
        let output = grundy(&["seq", "grundy", &last.to_string(), "--out", path.to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        let bytes = std::fs::read(&path).unwrap();
        let header = bytes.len() - 2 * (last + 1);
        assert_eq!(header, 40 + "grundy".len(), "a two-byte file");
        let values: Vec<u16> = bytes[header..]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        let first_wide = values.iter().position(|&v| v > 255).expect("a value past 255");
        let mut seen = vec![0u32; 1024];
        let checked = (first_wide - 20..first_wide + 20).chain(last - 20..=last);
        for (stamp, n) in checked.enumerate() {
            let stamp = stamp as u32 + 1;
            for a in 1..n.div_ceil(2) {
                seen[usize::from(values[a] ^ values[n - a])] = stamp;
            }
            let mex = seen.iter().position(|&s| s != stamp).unwrap();
            assert_eq!(usize::from(values[n]), mex, "heap {n}");
        }
    }

    #[test]
    fn out_file_obeys_the_engine_asked_for() {
        let dir = dir();
        let fast = dir.join("fast.bin");
        let slow = dir.join("slow.bin");
        let run = |path: &std::path::Path, engine: &str| {
            let output = grundy(&[
                "seq",
                "0.6",
                "3000",
                "--out",
                path.to_str().unwrap(),
                "--engine",
                engine,
                "--progress",
            ]);
            assert!(output.status.success(), "{}", stderr(&output));
            stderr(&output)
        };
        assert!(run(&fast, "fastest").contains("sparse engine"));
        assert!(run(&slow, "straightforward").contains("straightforward engine"));
        assert_eq!(std::fs::read(&fast).unwrap(), std::fs::read(&slow).unwrap());
    }

    #[test]
    fn resume_without_a_checkpoint_is_bad_input() {
        let path = dir().join("nothing.bin");
        assert_bad_input(
            &["seq", "0.6", "1000", "--out", path.to_str().unwrap(), "--resume"],
            "checkpoint",
        );
    }
}

/// `grundy ... | head`: a closed stdout ends the run quietly and successfully.
#[test]
fn closed_stdout_is_success() {
    for args in [
        &["seq", "kayles", "2000000"][..],
        &["solve", "grundy", "300000", "--json"][..],
        &["table", "nim", "--size", "2000"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        drop(stdout);
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{args:?}: {:?}", output.status);
        assert!(output.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

/// Every `console` block of README.md is run as shown, in a copy of `examples/`, and its output
/// compared with what the README says: the README's outputs are real. A line ending in
/// `... (abbreviated)` matches a line that starts with the text before it; a last line
/// `... (abbreviated)` stands for the rest of the output.
mod readme {
    use super::*;

    fn blocks(readme: &str) -> Vec<String> {
        let mut blocks = Vec::new();
        let mut current: Option<String> = None;
        for line in readme.lines() {
            match (&mut current, line.trim_end()) {
                (None, "```console") => current = Some(String::new()),
                (Some(_), "```") => blocks.push(current.take().unwrap()),
                (Some(block), text) => {
                    block.push_str(text);
                    block.push('\n');
                }
                (None, _) => {}
            }
        }
        blocks
    }

    fn matches(expected: &str, got: &str) -> bool {
        let (mut expected_lines, mut got_lines): (Vec<&str>, Vec<&str>) =
            (expected.lines().collect(), got.lines().collect());
        // A last line `... (abbreviated)` stands for the rest of the output.
        if expected_lines.last() == Some(&"... (abbreviated)") {
            expected_lines.pop();
            got_lines.truncate(expected_lines.len());
        }
        if expected_lines.len() != got_lines.len() {
            return false;
        }
        expected_lines.iter().zip(&got_lines).all(|(e, g)| match e.strip_suffix(" (abbreviated)") {
            Some(head) => g.starts_with(head.trim_end_matches("...").trim_end()),
            None => e == g,
        })
    }

    #[test]
    fn every_console_example_in_the_readme_prints_what_it_shows() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
        let work = std::env::temp_dir().join(format!("grundy-readme-{}", std::process::id()));
        std::fs::create_dir_all(&work).unwrap();
        for entry in std::fs::read_dir(format!("{root}/examples")).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_file() {
                std::fs::copy(entry.path(), work.join(entry.file_name())).unwrap();
            }
        }
        let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
        let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
        let mut n_commands = 0;
        for block in blocks(&readme) {
            let mut commands: Vec<(String, String)> = Vec::new();
            for line in block.lines() {
                if let Some(command) = line.strip_prefix("$ ") {
                    commands.push((command.to_string(), String::new()));
                } else if let Some((_, output)) = commands.last_mut() {
                    output.push_str(line);
                    output.push('\n');
                }
            }
            for (command, expected) in commands {
                let output = Command::new("sh")
                    .arg("-c")
                    .arg(format!("{command} 2>&1"))
                    .current_dir(&work)
                    .env("PATH", &path)
                    .output()
                    .unwrap();
                let got = String::from_utf8_lossy(&output.stdout).to_string();
                assert!(
                    matches(&expected, &got),
                    "README: $ {command}\nexpected:\n{expected}\ngot:\n{got}"
                );
                n_commands += 1;
            }
        }
        assert!(n_commands >= 15, "only {n_commands} README commands found");
        let _ = std::fs::remove_dir_all(&work);
    }
}
/// A fresh directory of its own for one test.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn path_str(path: &std::path::Path) -> &str {
    path.to_str().unwrap()
}

/// Clap's usage errors keep the argument they are about (hardening item 7).
#[test]
fn a_missing_argument_is_named_with_the_usage() {
    assert_bad_input(&["seq", "kayles"], "missing <N>");
    assert_bad_input(&["seq", "kayles"], "usage: grundy seq");
    assert_bad_input(&["table", "nim"], "--size");
    assert_bad_input(&["solve", "nim", "1", "--frobnicate"], "tip:");
}

/// Graph text output: a name of any length padded by hand (a format width panicked at
/// 65,536), widths in characters, control characters escaped (hardening items 2 and 8).
/// `grundy lesson`: the library's lessons, printed as they are; topic names never change.
mod lesson {
    use super::*;
    use grundy::i18n::Lang;

    const TOPICS: [&str; 11] = [
        "grundy",
        "nim",
        "table",
        "bounded",
        "subtraction",
        "recipe",
        "pieces",
        "misere",
        "wythoff",
        "cycles",
        "coins",
    ];

    fn names(list: &str) -> Vec<String> {
        list.lines().map(|line| line.split_whitespace().next().unwrap_or("").to_string()).collect()
    }

    #[test]
    fn without_a_topic_it_lists_the_topics_one_per_line_in_the_language() {
        let english = grundy(&["lesson", "--lang", "en"]);
        assert!(english.status.success(), "{}", stderr(&english));
        assert!(english.stderr.is_empty());
        let russian = grundy(&["lesson", "--lang", "ru"]);
        assert_eq!(names(&stdout(&english)), TOPICS);
        assert_eq!(names(&stdout(&russian)), TOPICS, "topic names are the same in every language");
        assert!(
            stdout(&english).contains("nim          Nim and the nim-sum"),
            "{}",
            stdout(&english)
        );
        assert!(stdout(&russian).contains("nim          Ним и ним-сумма"), "{}", stdout(&russian));
        assert_eq!(stdout(&russian), grundy::lesson::list(Lang::Ru));
    }

    #[test]
    fn nim_in_russian_is_the_librarys_lesson() {
        let output = grundy(&["lesson", "nim", "--lang", "ru"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(output.stderr.is_empty());
        let text = stdout(&output);
        assert_eq!(text, grundy::lesson::render("nim", Lang::Ru).unwrap() + "\n");
        for needle in
            ["ним-сумма", "    S  10 = 1010", "брать надо 6 (13 → 7)", "$ grundy solve nim 8 13 15"]
        {
            assert!(text.contains(needle), "{needle:?} in {text}");
        }
        // The locale chooses the language when --lang is not given.
        let by_locale = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["lesson", "nim"])
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "ru_RU.UTF-8")
            .output()
            .unwrap();
        assert_eq!(stdout(&by_locale), text);
    }

    #[test]
    fn answers_are_printed_under_each_exercise_on_request() {
        let plain = stdout(&grundy(&["lesson", "misere", "--lang", "en"]));
        let output = grundy(&["lesson", "misere", "--lang", "en", "--answers"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(!plain.contains("   → "), "{plain}");
        assert!(text.contains("   $ grundy solve nim 1 1 1 --misere\n   → P: "), "{text}");
        // The printed command gives the answer the lesson states.
        let doc = json(&grundy(&["solve", "nim", "1", "1", "2", "--misere", "--json"]));
        assert_eq!(doc["winning_moves"][0]["after"], serde_json::json!(["1", "1", "1"]));
        assert!(
            text.contains("   $ grundy solve nim 1 1 2 --misere\n   → N: ")
                && text.contains("[1 1 1]")
        );
    }

    #[test]
    fn an_unknown_topic_is_one_line_naming_it_and_the_topics() {
        assert_bad_input(&["lesson", "chess"], "'chess'");
        let err = stderr(&grundy(&["lesson", "chess", "--lang", "zh"]));
        for topic in TOPICS {
            assert!(err.contains(topic), "{err}");
        }
        assert_bad_input(&["lesson", "NIM"], "'NIM'");
    }
}

mod graph_text {
    use super::*;

    #[test]
    fn a_graph_node_name_of_65536_characters_is_printed_padded() {
        let dir = scratch_dir("long-name");
        let name = "n".repeat(70_000);
        let path = dir.join("long.txt");
        std::fs::write(&path, format!("{name}: b\nb:\n")).unwrap();
        let output = grundy(&["graph", path_str(&path)]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with(&format!("{name}  1")), "{}", &lines[1][69_990..]);
        assert!(lines[2].starts_with(&format!("b{}  0", " ".repeat(69_999))));
    }

    #[test]
    fn control_characters_are_escaped_and_columns_align_by_characters() {
        let dir = scratch_dir("graph-text");
        let path = dir.join("names.txt");
        std::fs::write(&path, "é\u{1b}[2J: ñ\nñ: x\u{0}y\nx\u{0}y:\n").unwrap();
        let output = grundy(&["graph", path_str(&path)]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(!text.contains('\u{1b}') && !text.contains('\u{0}'), "{text:?}");
        assert!(text.contains("é\\x1b[2J") && text.contains("x\\0y"), "{text:?}");
        // Columns line up by characters: "é" is two bytes, "ñ" two, "\x1b" four characters.
        assert_eq!(
            text,
            "node      value       outcome  remoteness\n\
             é\\x1b[2J  0           P        2\n\
             ñ         1           N        1\n\
             x\\0y      0           P        0\n"
        );
        // JSON keeps the names exactly (serde escapes them).
        let doc = json(&grundy(&["graph", path_str(&path), "--json"]));
        assert_eq!(doc["nodes"][0]["node"], "é\u{1b}[2J");
    }
}

/// Numeric options that used to panic (hardening item 2).
mod numeric_options {
    use super::*;

    #[test]
    fn checkpoint_secs_inf_nan_and_1e300_are_refused_before_any_file() {
        let dir = scratch_dir("checkpoint-secs");
        let out = dir.join("x.bin");
        for secs in ["inf", "1e300", "NaN", "0", "-1"] {
            assert_bad_input(
                &["seq", "0.6", "100", "--out", path_str(&out), "--checkpoint-secs", secs],
                "--checkpoint-secs",
            );
        }
        assert!(names_in(&dir).is_empty(), "{:?}", names_in(&dir));
    }

    #[test]
    fn threads_100000_and_4294967296_are_refused() {
        for threads in ["100000", "4294967296", "0"] {
            assert_bad_input(&["--threads", threads, "seq", "0.6", "100000"], "--threads");
        }
        assert!(grundy(&["--threads", "64", "seq", "kayles", "10"]).status.success());
    }

    /// Threads that cannot be started (here: their stacks do not fit a 512 MiB address space)
    /// are an error naming --threads, not a panic in the engine.
    #[test]
    fn threads_that_cannot_start_are_an_error() {
        let output = Command::new("sh")
            .args(["-c", "ulimit -v 524288 && exec \"$0\" \"$@\""])
            .arg(env!("CARGO_BIN_EXE_grundy"))
            .args(["--threads", "1024", "seq", "0.6", "300000"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        let err = stderr(&output);
        assert!(
            err.starts_with("error: --threads 1024: cannot start") && err.lines().count() == 1,
            "{err}"
        );
    }
}

/// `--progress` off a terminal: plain lines on stderr (hardening item 6).
#[test]
fn progress_off_a_terminal_prints_plain_lines() {
    let output = grundy(&["seq", "0.6", "20000", "--progress"]);
    assert!(output.status.success());
    let err = stderr(&output);
    assert!(
        err.lines().any(|line| line.starts_with("heap ") && line.contains("/20001")),
        "{err:?}"
    );
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "plain lines: {err:?}");
    assert_eq!(stdout(&output), stdout(&grundy(&["seq", "0.6", "20000"])));
    let quiet = grundy(&["seq", "0.6", "20000"]);
    assert!(quiet.stderr.is_empty());
}

/// `misere --progress` says what the growth step is doing (the candidate and its size), and
/// `--max-order` stops a candidate larger than it, saying so (hardening round three).
#[test]
fn misere_progress_names_the_candidate_and_max_order_stops_it() {
    let output = grundy(&["misere", "0.07", "--max", "30", "--max-order", "500", "--progress"]);
    assert!(output.status.success());
    let out = stdout(&output);
    assert!(out.starts_with("partial misère quotient of 0.07"), "{out}");
    let stopped = out.lines().find(|l| l.starts_with("stopped: heap 30:")).expect(&out);
    assert!(stopped.contains("(--max-order) is 500"), "{stopped}");
    let err = stderr(&output);
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("growing for heap 30: candidate"), "{err}");
    assert!(err.lines().next().is_some_and(|l| l.contains("order 1")), "{err}");
}

/// `seq --png` draws from a summary bounded by the picture's pixels: 10^9 values of Kayles
/// under a 1 GiB address-space limit (8 bytes a value up front used to need 8 GB).
#[test]
fn the_png_of_a_long_run_costs_memory_by_its_pixels() {
    let dir = scratch_dir("long-png");
    let png_path = dir.join("kayles.png");
    let output = Command::new("sh")
        .args(["-c", "ulimit -v 1048576 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["--threads", "1", "seq", "kayles", "10^9", "--png", path_str(&png_path)])
        .output()
        .unwrap();
    assert!(output.status.success(), "{:?}: {}", output.status, stderr(&output));
    let decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png_path).unwrap()));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!((info.width, info.height), (1290, 410));
}

/// Writing output never replaces what stands at the path: devices and FIFOs are streamed into,
/// links are followed to their targets (hardening item 1).
mod output_targets {
    use super::*;
    use std::os::unix::fs::FileTypeExt;
    use std::path::Path;

    /// The three writers that take a path.
    fn writers(path: &str) -> [Vec<&str>; 4] {
        [
            vec!["seq", "kayles", "1000", "--out", path],
            vec!["seq", "kayles", "300", "--png", path],
            vec!["seq", "kayles", "300", "--svg", path],
            vec!["table", "nim", "--size", "5", "--png", path],
        ]
    }

    #[test]
    fn a_character_device_stays_a_device_and_nothing_is_left_beside_it() {
        let dir = scratch_dir("device");
        let device = dir.join("mynull");
        let made = Command::new("mknod").args([path_str(&device), "c", "1", "3"]).status();
        if made.is_ok_and(|status| status.success()) {
            for args in writers(path_str(&device)) {
                let output = grundy(&args);
                assert!(output.status.success(), "{args:?}: {}", stderr(&output));
                let file_type = std::fs::symlink_metadata(&device).unwrap().file_type();
                assert!(file_type.is_char_device(), "{args:?} replaced the device");
            }
            assert_eq!(names_in(&dir), ["mynull"], "no partial or checkpoint beside a device");
        } else {
            // No mknod here: /dev/null through a link in the test's own directory. Nothing may
            // be written into /dev itself.
            let link = dir.join("null-link");
            std::os::unix::fs::symlink("/dev/null", &link).unwrap();
            let dev_before = names_in(Path::new("/dev"));
            for args in writers(path_str(&link)) {
                let output = grundy(&args);
                assert!(output.status.success(), "{args:?}: {}", stderr(&output));
                assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
                assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
            }
            assert_eq!(names_in(Path::new("/dev")), dev_before);
            assert_eq!(names_in(&dir), ["null-link"]);
        }
    }

    #[test]
    fn a_fifo_is_streamed_to_its_reader() {
        let dir = scratch_dir("fifo");
        let regular = dir.join("regular.bin");
        assert!(grundy(&["seq", "0.6", "5000", "--out", path_str(&regular)]).status.success());
        let expected = std::fs::read(&regular).unwrap();
        let fifo = dir.join("fifo");
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        for (args, check) in [
            (vec!["seq", "0.6", "5000", "--out", path_str(&fifo)], Some(&expected)),
            (vec!["seq", "0.6", "5000", "--png", path_str(&fifo)], None),
        ] {
            let reader_path = fifo.clone();
            let reader = std::thread::spawn(move || std::fs::read(reader_path).unwrap());
            let output = grundy(&args);
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
            let received = reader.join().unwrap();
            match check {
                Some(expected) => assert_eq!(&received, expected, "{args:?}"),
                None => assert_eq!(&received[1..4], b"PNG"),
            }
            assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        }
        assert_eq!(names_in(&dir), ["fifo", "regular.bin"]);
    }

    /// `--out /dev/stdout` into a pipe, through a link of the test's own to the same place
    /// (`/dev/stdout` leads to `/proc/self/fd/1`, whose link text for a pipe is no path).
    #[test]
    fn out_to_stdout_streams_into_a_pipe() {
        let dir = scratch_dir("stdout");
        let regular = dir.join("regular.bin");
        assert!(grundy(&["seq", "0.3f", "500", "--out", path_str(&regular)]).status.success());
        let link = dir.join("stdout");
        std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
        let output = grundy(&["seq", "0.3f", "500", "--out", path_str(&link)]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(output.stdout, std::fs::read(&regular).unwrap());
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(names_in(&dir), ["regular.bin", "stdout"]);
    }

    #[test]
    fn a_symlink_stays_a_link_and_its_target_gets_the_content() {
        let dir = scratch_dir("symlink");
        let direct = dir.join("direct");
        let target = dir.join("target");
        let link = dir.join("link");
        std::os::unix::fs::symlink("target", &link).unwrap();
        for args in writers(path_str(&link)) {
            std::fs::write(&target, b"old content").unwrap();
            let output = grundy(&args);
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
            assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
            let direct_args: Vec<&str> = args
                .iter()
                .map(|&a| if a == path_str(&link) { path_str(&direct) } else { a })
                .collect();
            assert!(grundy(&direct_args).status.success());
            assert_eq!(
                std::fs::read(&target).unwrap(),
                std::fs::read(&direct).unwrap(),
                "{args:?}"
            );
        }
        assert_eq!(names_in(&dir), ["direct", "link", "target"]);
    }

    #[test]
    fn a_dangling_symlink_has_its_target_created() {
        let dir = scratch_dir("dangling");
        let link = dir.join("link");
        std::os::unix::fs::symlink(dir.join("made-by-grundy.bin"), &link).unwrap();
        let output = grundy(&["seq", "kayles", "100", "--out", path_str(&link)]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        let bytes = std::fs::read(dir.join("made-by-grundy.bin")).unwrap();
        assert_eq!(grundy::sequence::store::Header::decode(&bytes).unwrap().n_values, 101);
        assert_eq!(names_in(&dir), ["link", "made-by-grundy.bin"]);
    }

    #[test]
    fn resume_to_a_device_is_refused_and_a_directory_is_bad_input() {
        let dir = scratch_dir("resume-device");
        let device = dir.join("device");
        let made = Command::new("mknod").args([path_str(&device), "c", "1", "3"]).status();
        if !made.is_ok_and(|status| status.success()) {
            // Refused before it is opened, so no reader is needed.
            assert!(Command::new("mkfifo").arg(&device).status().unwrap().success());
        }
        assert_bad_input(
            &["seq", "0.6", "1000", "--out", path_str(&device), "--resume"],
            "nothing to resume",
        );
        assert_eq!(names_in(&dir), ["device"]);
        assert_bad_input(&["seq", "0.6", "1000", "--out", path_str(&dir)], "is a directory");
        assert_bad_input(
            &["table", "nim", "--size", "4", "--svg", path_str(&dir)],
            "is a directory",
        );
        assert_eq!(names_in(&dir), ["device"]);
    }
}

/// Partial files and checkpoints made by hand: a run of 0.6 interrupted after 1000 values.
mod resume_checks {
    use super::*;
    use grundy::sequence::store::{checksum, value_bytes, Header, CHECKSUM_START};
    use std::path::{Path, PathBuf};

    struct Interrupted {
        out: PathBuf,
        partial: PathBuf,
        checkpoint: PathBuf,
    }

    /// `out.partial` holding the first `n_values` values of `game` (2 bytes each, as the fast
    /// engine writes them, and `extra` bytes after them), and its checkpoint.
    fn interrupted_run(
        dir: &Path,
        game: &str,
        n_values: u64,
        extra: &[u8],
        record: &str,
    ) -> Interrupted {
        let out = dir.join("run.bin");
        let values: Vec<u16> = stdout(&grundy(&["seq", game, &(n_values - 1).to_string()]))
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let header = Header {
            value_width: 2,
            n_values: 0,
            checksum: CHECKSUM_START,
            complete: false,
            game: game.into(),
        };
        let data = value_bytes(&values, 2);
        let mut bytes = header.encode();
        bytes.extend_from_slice(&data);
        bytes.extend_from_slice(extra);
        let partial = PathBuf::from(format!("{}.partial", out.display()));
        let checkpoint = PathBuf::from(format!("{}.checkpoint", out.display()));
        std::fs::write(&partial, bytes).unwrap();
        let record = record
            .replace("SUM", &checksum(CHECKSUM_START, &data).to_string())
            .replace("COUNT", &n_values.to_string())
            .replace("GAME", game);
        std::fs::write(&checkpoint, record).unwrap();
        Interrupted { out, partial, checkpoint }
    }

    const RECORD: &str = r#"{"game":"GAME","value_width":2,"n_values":COUNT,"checksum":SUM,"max_heap":3000,"n_computed":COUNT}"#;

    fn whole_run(dir: &Path, game: &str, n: &str) -> Vec<u8> {
        let whole = dir.join(format!("whole-{game}-{n}.bin"));
        assert!(grundy(&["seq", game, n, "--out", path_str(&whole)]).status.success());
        std::fs::read(whole).unwrap()
    }

    #[test]
    fn a_checkpoint_made_by_hand_resumes_and_a_larger_n_extends_the_run() {
        let dir = scratch_dir("resume-larger");
        // Bytes written after the checkpoint are not trusted: cut off.
        let run = interrupted_run(&dir, "0.6", 1000, b"garbage", RECORD);
        let output = grundy(&["seq", "0.6", "5000", "--out", path_str(&run.out), "--resume"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(std::fs::read(&run.out).unwrap(), whole_run(&dir, "0.6", "5000"));
        assert!(!run.partial.exists() && !run.checkpoint.exists());
    }

    /// Each tampered checkpoint: exit 2, one line, and the partial file byte for byte as it was.
    #[test]
    fn tampered_checkpoints_are_refused_and_the_partial_file_is_kept() {
        let cases = [
            (
                "n_values 10^12",
                RECORD
                    .replace("\"n_values\":COUNT", "\"n_values\":1000000000000")
                    .replace("\"max_heap\":3000", "\"max_heap\":2000000000000"),
                "shorter than its checkpoint",
            ),
            (
                "n_values 2^63",
                RECORD
                    .replace("\"n_values\":COUNT", "\"n_values\":9223372036854775808")
                    .replace("\"max_heap\":3000", "\"max_heap\":18446744073709551614")
                    .replace("\"checksum\":SUM", "\"checksum\":14695981039346656037"),
                "overflows",
            ),
            ("width", RECORD.replace("\"value_width\":2", "\"value_width\":4"), "does not match"),
            // A checkpoint narrower than its partial file is a run that widened the file and
            // stopped before checkpointing: its values are checked at the checkpoint's width.
            (
                "width 1",
                RECORD.replace("\"value_width\":2", "\"value_width\":1"),
                "fail their checksum",
            ),
            (
                "checksum",
                RECORD.replace("\"checksum\":SUM", "\"checksum\":12345"),
                "fail their checksum",
            ),
            ("computed", RECORD.replace("\"n_computed\":COUNT", "\"n_computed\":5000"), "damaged"),
        ];
        for (what, record, needle) in cases {
            let dir = scratch_dir(&format!("tampered-{}", what.replace(' ', "-")));
            let run = interrupted_run(&dir, "0.6", 1000, b"", &record);
            let before = std::fs::read(&run.partial).unwrap();
            let n = if what.starts_with("n_values") { "18446744073709551614" } else { "3000" };
            assert_bad_input(&["seq", "0.6", n, "--out", path_str(&run.out), "--resume"], needle);
            assert_eq!(
                std::fs::read(&run.partial).unwrap(),
                before,
                "{what}: the partial file changed"
            );
            assert!(!run.out.exists(), "{what}");
        }
    }

    /// A run widens its partial file from 1-byte values to 2-byte ones when a value passes 255,
    /// renames the wider copy into place, then checkpoints. Stopped between the two, it leaves
    /// a 2-byte partial file beside a 1-byte checkpoint: `--resume` checks the values at the
    /// checkpoint's width and goes on, to the same file as a run never stopped.
    #[test]
    fn a_run_stopped_while_widening_its_file_resumes() {
        let dir = scratch_dir("resume-widening");
        let values: Vec<u16> = stdout(&grundy(&["seq", "0.6", "999"]))
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert!(values.iter().all(|&v| v <= 255));
        let narrow_sum = checksum(CHECKSUM_START, &value_bytes(&values, 1));
        let record = RECORD
            .replace("\"value_width\":2", "\"value_width\":1")
            .replace("SUM", &narrow_sum.to_string());
        // `interrupted_run` writes the 2-byte file; SUM is already replaced.
        let run = interrupted_run(&dir, "0.6", 1000, b"", &record);
        let output = grundy(&["seq", "0.6", "3000", "--out", path_str(&run.out), "--resume"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(std::fs::read(&run.out).unwrap(), whole_run(&dir, "0.6", "3000"));
        // Officers passes 255 before heap 30000: a whole run widens on the way and still
        // matches the values printed.
        let out = dir.join("wide.bin");
        let output = grundy(&["seq", "0.6", "30000", "--out", path_str(&out)]);
        assert!(output.status.success(), "{}", stderr(&output));
        let file = std::fs::read(&out).unwrap();
        let header = Header::decode(&file).unwrap();
        assert_eq!(header.value_width, 2);
        let printed: Vec<u32> = stdout(&grundy(&["seq", "0.6", "30000"]))
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(grundy::sequence::store::values_from_bytes(&file[header.len()..], 2), printed);
    }

    #[test]
    fn resume_with_a_smaller_n_or_another_game_is_refused() {
        let dir = scratch_dir("resume-smaller");
        let run = interrupted_run(&dir, "0.6", 1000, b"", RECORD);
        let before = std::fs::read(&run.partial).unwrap();
        assert_bad_input(
            &["seq", "0.6", "2999", "--out", path_str(&run.out), "--resume"],
            "at least 3000",
        );
        assert_bad_input(&["seq", "0.6", "500", "--out", path_str(&run.out), "--resume"], "3000");
        assert_bad_input(
            &["seq", "kayles", "3000", "--out", path_str(&run.out), "--resume"],
            "for game '0.6', not 'kayles'",
        );
        assert_eq!(std::fs::read(&run.partial).unwrap(), before);
        // The same N goes on.
        let output = grundy(&["seq", "0.6", "3000", "--out", path_str(&run.out), "--resume"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(std::fs::read(&run.out).unwrap(), whole_run(&dir, "0.6", "3000"));
    }

    #[test]
    fn resuming_a_finished_file_says_already_complete() {
        let dir = scratch_dir("already-complete");
        let out = dir.join("done.bin");
        assert!(grundy(&["seq", "kayles", "1000", "--out", path_str(&out)]).status.success());
        let before = std::fs::read(&out).unwrap();
        let output = grundy(&["seq", "kayles", "1000", "--out", path_str(&out), "--resume"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stderr(&output).contains("already complete"), "{}", stderr(&output));
        assert_bad_input(
            &["seq", "kayles", "2000", "--out", path_str(&out), "--resume"],
            "already complete",
        );
        assert_eq!(std::fs::read(&out).unwrap(), before);
    }

    /// A run interrupted while it wrote values from a proven period: only the values the
    /// engine computed are loaded again, the period is proven again from them, and the file
    /// comes out as a run never interrupted.
    #[test]
    fn values_written_from_a_proven_period_resume() {
        let dir = scratch_dir("resume-period");
        let record = RECORD
            .replace("\"n_computed\":COUNT", "\"n_computed\":4000")
            .replace("\"max_heap\":3000", "\"max_heap\":100000");
        let run = interrupted_run(&dir, "kayles", 50_000, b"", &record);
        let output = grundy(&["seq", "kayles", "100000", "--out", path_str(&run.out), "--resume"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(std::fs::read(&run.out).unwrap(), whole_run(&dir, "kayles", "100000"));
    }
}

/// SIGTERM: a checkpoint, exit status 143 (the shell's 128 + 15; it was 130, SIGINT's, until
/// hardening round three), and a resume that ends like a run never stopped.
/// The first checkpoint is written right after the header, so even an early signal can be
/// resumed.
#[test]
fn sigterm_checkpoints_and_exits_143() {
    let dir = scratch_dir("sigterm");
    let (game, n) = ("0.3f", "2500");
    let out = dir.join("stopped.bin");
    let checkpoint = dir.join("stopped.bin.checkpoint");
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["seq", game, n, "--out", path_str(&out), "--checkpoint-secs", "1000"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !checkpoint.exists() && started.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(checkpoint.exists(), "no checkpoint right after the header");
    assert!(Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(143), "{}", stderr(&output));
    assert!(stderr(&output).contains("--resume"), "{}", stderr(&output));
    assert!(!out.exists());
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(
        !text.contains("\"n_values\":0,"),
        "the checkpoint on SIGTERM holds the values: {text}"
    );
    let resumed = grundy(&["seq", game, n, "--out", path_str(&out), "--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let whole = dir.join("whole.bin");
    assert!(grundy(&["seq", game, n, "--out", path_str(&whole)]).status.success());
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&whole).unwrap());
}

/// Scripts on every command, through the real binary.
mod scripts {
    use super::*;

    fn examples() -> String {
        format!("{}/../../examples", env!("CARGO_MANIFEST_DIR"))
    }

    fn in_examples(args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .current_dir(examples())
            .output()
            .expect("the binary runs")
    }

    #[test]
    fn seq_solve_and_table_of_scripts() {
        let scripted = in_examples(&["seq", "script:kayles.rhai", "40"]);
        assert!(scripted.status.success(), "{}", stderr(&scripted));
        assert_eq!(stdout(&scripted), stdout(&grundy(&["seq", "kayles", "40"])));
        let doc = json(&in_examples(&["solve", "script:kayles.rhai", "5", "7", "--json"]));
        assert_eq!((doc["value"].clone(), doc["outcome"].clone()), (6.into(), "N".into()));
        assert_eq!(doc["game"], "script:kayles.rhai");
        let table = json(&in_examples(&["table", "script:queen.rhai", "--size", "8", "--json"]));
        let wythoff = json(&grundy(&["table", "wythoff", "--size", "8", "--json"]));
        assert_eq!(table["rows"], wythoff["rows"]);
        let batch = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["solve", "script:subtraction.rhai", "--batch"])
            .current_dir(examples())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(b"2 6\n7\n")?;
                child.wait_with_output()
            })
            .unwrap();
        assert_eq!(stdout(&batch), "N 2 2\nP\n");
    }

    #[test]
    fn pattern_of_a_script_is_checked_never_proven() {
        let doc =
            json(&in_examples(&["pattern", "script:subtraction.rhai", "--max", "500", "--json"]));
        assert_eq!(doc["formula"], "periodic");
        assert_eq!(doc["proven"], false);
        assert_eq!(doc["checked_to"], 500);
        assert_eq!(doc["period"], 7);
        assert_eq!(doc["period_values"], serde_json::json!([0, 1, 0, 1, 2, 3, 2]));
        let period =
            json(&in_examples(&["period", "script:subtraction.rhai", "--max", "300", "--json"]));
        assert_eq!(
            (period["periodic"].clone(), period["checked_to"].clone()),
            (false.into(), 300.into())
        );
    }

    #[test]
    fn pattern_of_builtin_games_is_proven_by_their_theorems() {
        let doc = json(&grundy(&["pattern", "bounded:3", "--json"]));
        assert_eq!(
            (doc["formula"].clone(), doc["proven"].clone()),
            ("n mod 4".into(), true.into())
        );
        assert_eq!((doc["preperiod"].clone(), doc["period"].clone()), (0.into(), 4.into()));
        let rejected = doc["rejected"].as_array().unwrap();
        assert!(rejected.iter().any(|r| r["formula"] == "n" && r["counterexample"] == 4));
        let doc = json(&grundy(&["pattern", "nim", "--table", "--json"]));
        assert_eq!(
            (doc["formula"].clone(), doc["proven"].clone()),
            ("x XOR y".into(), true.into())
        );
        assert_eq!(doc["rejected"][0]["counterexample"], serde_json::json!([0, 1]));
        let doc = json(&grundy(&["pattern", "0.07", "--json"]));
        assert_eq!(
            (doc["formula"].clone(), doc["proven"].clone()),
            ("periodic".into(), true.into())
        );
    }

    #[test]
    fn script_errors_name_the_script_line_and_cause() {
        let dir = scratch_dir("script-errors");
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            format!("script:{}", path.display())
        };
        let bad = write("bad.rhai", "fn moves(n) {\n    [3.5]\n}\n");
        assert_bad_input(
            &["solve", &bad, "3"],
            "line 1, column 1: moves(3) returned 3.5, which is not a position",
        );
        let syntax = write("syntax.rhai", "fn moves(n) { [n - ; }\n");
        assert_bad_input(&["solve", &syntax, "3"], "line 1, column");
        let runaway = write("loop.rhai", "fn moves(n) { loop { } }\n");
        assert_bad_input(&["solve", &runaway, "3", "--max-operations", "5000"], "5000 operations");
        let missing = write("nomoves.rhai", "fn heap(n) { n }\n");
        assert_bad_input(&["seq", &missing, "5"], "defines no function moves");
        let no_heap = write("noheap.rhai", "fn moves(n) { [] }\n");
        assert_bad_input(&["seq", &no_heap, "5"], "has no heap(n)");
        let infinite = write("infinite.rhai", "fn moves(n) { [n + 1] }\n");
        assert_bad_input(&["solve", &infinite, "0", "--max-positions", "20000"], "--max-positions");
        // print goes to stderr, never into the answer.
        let chatty = write("chatty.rhai", "fn moves(n) { print(\"hello\"); [] }\n");
        let output = grundy(&["solve", &chatty, "1", "--json"]);
        assert!(output.status.success());
        assert!(stderr(&output).contains("hello"));
        assert!(!stdout(&output).contains("hello"));
    }
}

/// `grundy play` with moves piped in: the contract's `position:` and `winner:` lines.
mod play {
    use super::*;

    fn play(args: &[&str], moves: &str) -> (String, Output) {
        let mut full = vec!["play"];
        full.extend_from_slice(args);
        let output = grundy_with_stdin(&full, moves);
        (stdout(&output), output)
    }

    fn positions(text: &str) -> Vec<&str> {
        text.lines().filter_map(|l| l.strip_prefix("position: ")).collect()
    }

    /// Regression (hardening round three): a line of invalid UTF-8 ended the game, and a line
    /// without end (`< /dev/zero`) was read into memory whole. Both are skipped, saying which
    /// line, and the game goes on; `help` shows how to type a move.
    #[test]
    fn bad_lines_are_skipped_and_the_game_goes_on() {
        let mut input: Vec<u8> = b"help\n\xff\xfe 1\n".to_vec();
        input.extend(std::iter::repeat_n(b'7', 200_000));
        input.extend_from_slice(b"\n2 1\n");
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["play", "nim", "1", "2"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let output = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        let text = stdout(&output);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(text.contains("line 2 is not UTF-8 text"), "{text}");
        assert!(text.contains("line 3 is longer than"), "{text}");
        assert!(text.contains("Type a move as"), "help: {text}");
        assert!(positions(&text).first() == Some(&"1 1"), "{text}");
    }

    #[test]
    fn a_won_game() {
        // 3 4 5 is N: 3 -> 1 wins; then answer each computer move by restoring nim-sum 0.
        let (text, output) = play(&["nim", "1", "2"], "2 1\n");
        assert!(output.status.success(), "{}", stderr(&output));
        // 1 2 -> 1 1; the computer takes one, we take the last.
        let moves_after_computer = positions(&text);
        assert_eq!(moves_after_computer[0], "1 1");
        let last = moves_after_computer[1];
        let reply = if last == "0 1" { "2 0\n" } else { "1 0\n" };
        let (text, _) = play(&["nim", "1", "2"], &format!("2 1\n{reply}"));
        assert!(text.trim_end().ends_with("winner: you"), "{text}");
    }

    #[test]
    fn a_lost_game_and_the_computer_wins_fast() {
        let (text, output) = play(&["nim", "2", "2"], "1 0\n");
        assert!(output.status.success());
        assert_eq!(positions(&text), ["0 2", "0 0"]);
        assert!(text.trim_end().ends_with("winner: computer"), "{text}");
    }

    #[test]
    fn the_computer_moves_first_when_asked_and_delays_when_lost() {
        let (text, _) = play(&["nim", "1", "2", "3", "--computer-first"], "quit\n");
        let first = positions(&text)[0];
        // Every move from a P-position loses; the computer takes one token (the longest game).
        let total: u32 = first.split(' ').map(|h| h.parse::<u32>().unwrap()).sum();
        assert_eq!(total, 5, "{text}");
    }

    /// `--lang`: prompts, refusals and hints in the language; the lines for programs and the
    /// command words stay as they are.
    #[test]
    fn play_speaks_the_language_asked_for() {
        let (text, output) =
            play(&["nim", "3", "4", "5", "--lang", "ru"], "1 7\nhint\n1 1\nquit\n");
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(text.contains("кто не может сходить, тот проигрывает"), "{text}");
        assert!(text.contains("недопустимый ход: компонента 1 (3) не может стать 7"), "{text}");
        assert!(text.contains("подсказка: компонента 1: 3 -> 1"), "{text}");
        assert!(text.contains("ним-сумма"), "{text}");
        assert!(text.contains("компьютер: "), "{text}");
        assert!(text.contains("вы остановили игру"), "{text}");
        assert_eq!(positions(&text)[0], "1 4 5", "{text}");
        let (text, _) = play(&["nim", "2", "2", "--lang", "zh"], "1 0\n");
        assert!(text.contains("电脑："), "{text}");
        assert!(text.trim_end().ends_with("winner: computer"), "{text}");
    }

    #[test]
    fn illegal_moves_are_refused_and_the_game_goes_on() {
        let (text, output) =
            play(&["nim", "3", "4", "5"], "1 7\n9 1\nfoo\n1\n= 3 3 3\n1 1\nquit\n");
        assert!(output.status.success());
        let refused: Vec<&str> = text.lines().filter(|l| l.starts_with("illegal move:")).collect();
        assert_eq!(refused.len(), 5, "{text}");
        assert!(refused[0].contains("cannot become 7"), "{}", refused[0]);
        assert!(refused[1].contains("no component 9"), "{}", refused[1]);
        assert_eq!(positions(&text)[0], "1 4 5");
    }

    #[test]
    fn hint_and_undo() {
        let (text, _) = play(&["nim", "3", "4", "5"], "hint\n1 2\nundo\nquit\n");
        assert!(text.contains("hint: component 1: 3 -> 1"), "{text}");
        let seen = positions(&text);
        assert_eq!(seen[0], "2 4 5");
        assert_eq!(*seen.last().unwrap(), "3 4 5", "undo goes back: {text}");
    }

    #[test]
    fn a_whole_position_move_changes_several_heaps() {
        let (text, _) = play(&["moore:2", "3", "5", "6"], "= 3 3 3\nquit\n");
        assert_eq!(positions(&text)[0], "3 3 3");
    }

    #[test]
    fn a_loopy_graph_game_ends_and_the_computer_never_circles() {
        let dir = scratch_dir("play-graph");
        let path = dir.join("g.txt");
        // From s the computer (moving second) answers; a <-> b is a cycle with an exit to t.
        std::fs::write(&path, "s: a\na: b t\nb: a\nt:\n").unwrap();
        let game = format!("graph:{}", path.display());
        // s -> a; the computer at a wins by a -> t (not a -> b, which would circle).
        let (text, _) = play(&[&game, "s"], "1 a\n");
        assert_eq!(positions(&text), ["a", "t"], "{text}");
        assert!(text.trim_end().ends_with("winner: computer"), "{text}");
        // A drawn game with no way out ends as a draw.
        std::fs::write(&path, "x: y\ny: x\n").unwrap();
        let (text, _) = play(&[&game, "x"], "");
        assert!(text.trim_end().ends_with("draw"), "{text}");
    }

    #[test]
    fn misere_play_inverts_the_end() {
        // Misère: 1 is lost for the mover, so moving 2 -> 1 wins.
        let (text, _) = play(&["nim", "2", "--misere"], "1 1\n");
        assert_eq!(positions(&text), ["1", "0"]);
        assert!(text.trim_end().ends_with("winner: you"), "{text}");
    }
}

/// Run under an address-space limit of `kib` KiB (`ulimit -v`), with `stdin` fed in.
fn grundy_limited(kib: u64, args: &[&str], stdin: Stdio) -> Output {
    Command::new("sh")
        .args(["-c", &format!("ulimit -v {kib} && exec \"$0\" \"$@\"")])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap()
}

/// A clean error: status 2, one line on stderr that starts with `error: ` and names `needle`,
/// no abort and no panic.
fn assert_clean_error(output: &Output, needle: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{:?}: {err}", output.status);
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.starts_with("error: ") && err.contains(needle), "{err:?} should name {needle:?}");
}

/// Bounds on input: lines of `--batch`, game files, digits (hardening2 items 1 and 2).
mod input_bounds {
    use super::*;

    #[test]
    fn a_batch_line_over_max_line_bytes_is_a_bad_line_and_the_rest_answered() {
        let output = grundy_with_stdin(
            &["solve", "nim", "--batch", "--max-line-bytes", "10"],
            "1 2\n12345678901234\n3 4 5\n",
        );
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stdout(&output), "N 1 1\nE\nN 1 4 5\n");
        assert_eq!(
            stderr(&output),
            "error: line 2: longer than 10 bytes (--max-line-bytes raises it): skipped unread\n"
        );
        assert_bad_input(&["solve", "nim", "--batch", "--max-line-bytes", "0"], "at least 1");
        assert_bad_input(&["solve", "nim", "--max-line-bytes", "10", "3"], "--batch");
    }

    #[test]
    fn a_graph_of_dev_zero_or_a_fifo_is_refused_unread() {
        assert_bad_input(&["graph", "/dev/zero"], "'/dev/zero': it is a character device");
        assert_bad_input(&["solve", "graph:/dev/zero", "a"], "not a regular file");
        let dir = scratch_dir("graph-fifo");
        let fifo = dir.join("fifo");
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        // Nobody writes to it: reading it would wait for ever.
        assert_bad_input(&["graph", path_str(&fifo)], "it is a FIFO, not a regular file");
        assert_bad_input(&["graph", path_str(&dir)], "it is a directory");
    }

    #[test]
    fn a_graph_file_over_max_file_bytes_is_refused() {
        let dir = scratch_dir("graph-size");
        let small = dir.join("small.txt");
        std::fs::write(&small, "a: b\nb:\n").unwrap();
        assert!(grundy(&["graph", path_str(&small), "--max-file-bytes", "8"]).status.success());
        assert_bad_input(
            &["graph", path_str(&small), "--max-file-bytes", "7"],
            "it is 8 bytes, more than the 7 allowed (--max-file-bytes raises it)",
        );
        // 2 GiB of nothing (a sparse file): refused by its size, before a byte is read.
        let huge = dir.join("huge.txt");
        std::fs::File::create(&huge).unwrap().set_len(2 << 30).unwrap();
        assert_bad_input(&["graph", path_str(&huge)], "more than the 1073741824 allowed");
        assert_bad_input(&["solve", &format!("graph:{}", path_str(&huge)), "a"], "2147483648");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_graph_file_with_a_byte_order_mark_names_its_first_node_plainly() {
        let dir = scratch_dir("graph-bom");
        let path = dir.join("bom.txt");
        std::fs::write(&path, "\u{feff}a: b\nb:\n").unwrap();
        let doc = json(&grundy(&["graph", path_str(&path), "--json"]));
        assert_eq!(doc["nodes"][0]["node"], "a");
        let doc = json(&grundy(&["solve", &format!("graph:{}", path_str(&path)), "a", "--json"]));
        assert_eq!(doc["outcome"], "N");
    }

    #[test]
    fn a_heap_of_more_than_max_digits_is_refused_at_once_and_quoted_short() {
        let heap = "7".repeat(120_000);
        let started = std::time::Instant::now();
        let output = grundy(&["solve", "nim", &heap]);
        assert_clean_error(&output, "too large: 120000 digits, more than the 100000 allowed");
        assert!(stderr(&output).len() < 400, "quoted short: {}", stderr(&output));
        assert!(stderr(&output).contains(&format!("'{}…' (120000 characters)", "7".repeat(60))));
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        // Raised, the same heap is answered exactly.
        let output = grundy(&["solve", "nim", &heap, "--max-digits", "200000", "--json"]);
        assert_eq!(json(&output)["value"].to_string(), heap);
        assert_bad_input(&["solve", "nim", "3", "--max-digits", "0"], "--max-digits");
    }

    #[test]
    fn a_ten_megabyte_heap_in_batch_is_refused_fast_with_a_short_message() {
        let input = format!("{}\n1 1\n", "9".repeat(10_000_000));
        let started = std::time::Instant::now();
        let output = grundy_with_stdin(&["solve", "nim", "--batch"], &input);
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stdout(&output), "E\nP\n");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.len() < 300 && err.contains("(10000000 characters)"), "{err}");
    }

    #[test]
    fn every_message_quotes_long_input_short() {
        // A code, a game name, a subtraction set: each quoted in at most 60 characters.
        let long = "7".repeat(5000);
        for args in [
            vec!["solve".to_string(), format!("0.{long}z"), "3".into()],
            vec!["solve".to_string(), format!("chess{long}"), "3".into()],
            vec!["seq".to_string(), format!("sub:1,{long}"), "3".into()],
            vec!["seq".to_string(), "kayles".into(), long.clone()],
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let output = grundy(&args);
            let err = stderr(&output);
            assert_eq!(output.status.code(), Some(2), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(!err.contains(&"7".repeat(61)), "{err}");
            assert!(err.contains("…"), "{err}");
        }
    }
}

/// What messages say (hardening2 item 3).
mod messages {
    use super::*;

    /// Regression (hardening round three): bounded Nim past the heaps computed one by one was
    /// refused as "passes 2^64 - 1"; it is n mod (M + 1) at any size.
    #[test]
    fn bounded_nim_is_answered_at_any_size() {
        let doc = json(&grundy(&["solve", "bounded:100000", "65536", "--json"]));
        assert_eq!(doc["value"], 65536);
        let doc = json(&grundy(&["solve", "bounded:100000", "1000000000000000000", "--json"]));
        assert_eq!(doc["value"], 1_000_000_000_000_000_000u64 % 100_001);
        let output = grundy(&["solve", "sub:1,70000", "1000000"]);
        assert!(!stderr(&output).contains("2^64"), "{}", stderr(&output));
    }

    /// Regression (hardening round three): a script's positions limit and a position its
    /// default reader cannot read were reported without the script's name.
    #[test]
    fn script_errors_name_the_script() {
        let path = std::env::temp_dir().join(format!("grundy-endless-{}.rhai", std::process::id()));
        std::fs::write(&path, "fn moves(n) { [n + 1] }\n").unwrap();
        let game = format!("script:{}", path.display());
        assert_bad_input(&["--max-positions", "1000", "solve", &game, "3"], &game);
        assert_bad_input(&["solve", &game, "abc"], &format!("{game}: not a position"));
    }

    /// A typo of a game's name is answered with the nearest name.
    #[test]
    fn an_unknown_game_suggests_the_nearest_name() {
        assert_bad_input(&["solve", "nmi", "3"], "did you mean 'nim'?");
        assert_bad_input(&["solve", "kayels", "3"], "did you mean 'kayles'?");
        assert_bad_input(&["solve", "mooer:2", "3"], "did you mean 'moore:2'?");
        let output = grundy(&["solve", "chess", "3"]);
        assert!(!stderr(&output).contains("did you mean"), "{}", stderr(&output));
    }

    /// Control characters of the input are shown escaped, never sent to the terminal.
    #[test]
    fn escape_characters_in_the_input_are_shown_escaped() {
        assert_bad_input(&["lesson", "foo\u{1b}[31m"], "foo\\u{1b}[31m");
    }

    /// Regression: `--explain` of a heap of 65,536 digits panicked (a formatting width).
    #[test]
    fn a_heap_of_65536_digits_is_explained() {
        let nines = "9".repeat(65_536);
        let output = grundy(&["solve", "nim", &nines, "1", "--explain"]);
        assert!(output.status.success(), "{}", stderr(&output));
    }

    #[test]
    fn seq_kayles_10_to_the_20_says_too_large() {
        assert_bad_input(&["seq", "kayles", "10^20"], "too large");
    }

    #[test]
    fn solve_nim_minus_zero_is_the_heap_zero() {
        let doc = json(&grundy(&["solve", "nim", "-0", "--json"]));
        assert_eq!(doc["components"][0]["position"], "0");
        assert_eq!(doc["outcome"], "P");
    }

    /// A full disk: every writer names the file it could not write.
    #[test]
    fn writing_to_dev_full_names_the_path() {
        for args in [
            vec!["seq", "kayles", "100", "--out", "/dev/full"],
            vec!["seq", "0.6", "5000", "--out", "/dev/full"],
            vec!["seq", "kayles", "100", "--png", "/dev/full"],
            vec!["seq", "kayles", "100", "--svg", "/dev/full"],
            vec!["table", "nim", "--size", "10", "--png", "/dev/full"],
        ] {
            let output = grundy(&args);
            let err = stderr(&output);
            assert_eq!(output.status.code(), Some(1), "{args:?}: {err}");
            assert_eq!(
                err, "error: cannot write '/dev/full': No space left on device (os error 28)\n",
                "{args:?}"
            );
        }
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["seq", "kayles", "100000"])
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(stderr(&output).starts_with("error: cannot write to stdout: No space left"));
    }

    /// A file that cannot grow (`ulimit -f`, as a full disk): the partial file is named.
    #[test]
    fn a_sequence_file_that_cannot_grow_names_the_partial_file() {
        let dir = scratch_dir("fsize");
        let out = dir.join("o.seq");
        let output = Command::new("sh")
            .args(["-c", "trap '' XFSZ; ulimit -f 20 && exec \"$0\" \"$@\""])
            .arg(env!("CARGO_BIN_EXE_grundy"))
            .args(["seq", "0.6", "100000", "--out", path_str(&out)])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        let err = stderr(&output);
        let partial = format!("{}.partial", out.display());
        assert_eq!(err, format!("error: cannot write '{partial}': File too large (os error 27)\n"),);
    }
}

/// Codes with a repeating digit, which no theorem covers, and very long codes: bounded work
/// that says so (hardening2 item 5).
mod unbounded_work {
    use super::*;

    fn quick(args: &[&str]) -> Output {
        let started = std::time::Instant::now();
        let output = grundy(args);
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "{args:?} took long");
        output
    }

    #[test]
    fn period_of_a_repeating_digit_code_stops_at_a_stated_default() {
        let output = quick(&["period", "0.[2]"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.starts_with("0.[2]: no period proven; checked to heap 10000"), "{text}");
        assert!(
            text.contains(
                "no periodicity theorem covers codes with a repeating digit: checked to heap \
                 10000, the default for this code (--max goes on)"
            ),
            "{text}"
        );
        let doc = json(&quick(&["period", "0.[7]", "--json"]));
        assert_eq!(doc["periodic"], false);
        let checked_to = doc["checked_to"].as_u64().unwrap();
        assert!((500..10_000).contains(&checked_to), "{doc}");
        assert!(doc["note"].as_str().unwrap().starts_with("no periodicity theorem covers"));
        let doc = json(&quick(&["period", "0.[2]", "--max", "300", "--json"]));
        assert_eq!(doc["checked_to"], 300);
    }

    #[test]
    fn a_repeating_digit_code_past_its_heap_limit_is_refused_at_once() {
        let output = quick(&["seq", "0.[2]", "1000000"]);
        assert_clean_error(&output, "no periodicity theorem covers a code with a repeating digit");
        assert!(stderr(&output).contains("(the limit on heap sizes computed one by one is "));
        let output = quick(&["period", "0.[7]", "--max", "100000"]);
        assert_clean_error(&output, "too large to decide");
        let output = quick(&["solve", "0.[2]", "5", "100000"]);
        assert_clean_error(&output, "component 2 of the position, '100000': 0.[2] has a repeating");
        // --max-heap lowers (or raises) the bound.
        assert_clean_error(&quick(&["seq", "0.[2]", "2000", "--max-heap", "1000"]), "is 1000)");
    }

    #[test]
    fn progress_of_a_repeating_digit_code_comes_in_small_steps() {
        let output = quick(&["seq", "0.[2]", "30000", "--progress"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let err = stderr(&output);
        let first = err.lines().next().unwrap_or_default();
        let heap: u64 = first
            .strip_prefix("heap ")
            .and_then(|rest| rest.split('/').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{err}"));
        assert!(heap < 10_000, "the first progress line comes early: {err}");
    }

    #[test]
    fn solve_with_a_code_of_100000_digits_answers_in_seconds() {
        let code = format!("0.{}", "7".repeat(100_000));
        let output = quick(&["solve", &code, "200000"]);
        assert_clean_error(&output, "'200000': no period of 0.7777");
        assert!(stderr(&output).len() < 400, "{}", stderr(&output));
        let output = quick(&["solve", &code, "30", "--json"]);
        assert_eq!(json(&output)["value"], 30);
    }
}

/// Random argument vectors from a small grammar, run through the real binary: status 0 or 2
/// (never 101 or a signal), and on 2 exactly one line on stderr starting with `error: `
/// (hardening2 item 6).
mod random_arguments {
    use super::*;
    use proptest::prelude::*;
    use std::ffi::OsString;
    use std::io::Read;
    use std::os::unix::ffi::OsStringExt;
    use std::time::{Duration, Instant};

    /// Text of an argument: any characters, and now and then bytes that are not UTF-8 (but
    /// never NUL, which no argument can hold).
    fn random_bytes() -> impl Strategy<Value = OsString> + Clone {
        prop_oneof![
            3 => "\\PC{0,12}".prop_map(OsString::from),
            1 => proptest::collection::vec(1u8..=255, 0..12).prop_map(OsString::from_vec),
        ]
    }

    fn text(choices: &'static [&'static str]) -> impl Strategy<Value = OsString> + Clone {
        proptest::sample::select(choices).prop_map(OsString::from)
    }

    /// Numbers and things that look like them. None is a valid number above 10^6, so that no
    /// case asks for a long computation or a large file (21 digits and more pass 2^64).
    fn number() -> impl Strategy<Value = OsString> + Clone {
        prop_oneof![
            4 => (0u64..30).prop_map(|n| OsString::from(n.to_string())),
            1 => (0u64..=1_000_000).prop_map(|n| OsString::from(n.to_string())),
            1 => "[0-9]{21,60}".prop_map(OsString::from),
            1 => (0u32..7).prop_map(|k| OsString::from(format!("10^{k}"))),
            1 => (20u32..40).prop_map(|k| OsString::from(format!("10^{k}"))),
            1 => text(&["-1", "-0", "+3", "2.5", "1e3", "1e400", "0x10", "", " 7", "inf", "NaN",
                        "3,5", "1,2,3", "-", "٣", "18446744073709551616"]),
            1 => random_bytes(),
        ]
    }

    /// Codes, mostly well formed: `0.` then octal digits, sometimes a bracket or a stray
    /// character.
    fn code() -> impl Strategy<Value = OsString> + Clone {
        let zeroth = prop_oneof![6 => Just("0".to_string()), 1 => "[48c]", 1 => "[0-9a-fz]"];
        let rest = prop_oneof![
            6 => "[0-7]{1,5}",
            2 => "[0-7]{0,3}\\[[1-7]\\]",
            1 => "[0-9a-fA-F\\[\\]z.]{0,6}",
        ];
        (zeroth, rest).prop_map(|(zeroth, rest)| OsString::from(format!("{zeroth}.{rest}")))
    }

    fn game() -> impl Strategy<Value = OsString> + Clone {
        prop_oneof![
            5 => text(&["nim", "kayles", "dawson", "treblecross", "lasker", "grundy", "wythoff",
                        "staircase", "georgia-bob", "fibonacci-nim", "moore:2", "moore:0",
                        "moore:x", "sub:1,3,4", "sub:", "sub:0", "sub:1..5", "sub:5..1",
                        "bounded:3", "bounded:0", "graph:g.txt", "graph:missing.txt",
                        "graph:/dev/zero", "graph:.", "graph:", "script:missing.rhai", "chess",
                        "0.[2]", "4.[3]", "0.[3]"]),
            3 => code(),
            1 => random_bytes().prop_map(|bytes| {
                let mut game = OsString::from("sub:");
                game.push(bytes);
                game
            }),
            1 => random_bytes(),
        ]
    }

    fn option() -> impl Strategy<Value = Vec<OsString>> {
        let flag = text(&[
            "--json",
            "--misere",
            "--explain",
            "--csv",
            "--verify",
            "--table",
            "--resume",
            "--batch",
            "--answers",
            "--frobnicate",
            "-x",
            "--",
            "--help",
        ])
        .prop_map(|flag| vec![flag]);
        let with_number = (
            text(&[
                "--max",
                "--size",
                "--threads",
                "--max-positions",
                "--max-operations",
                "--max-digits",
                "--max-file-bytes",
                "--max-heap",
                "--max-line-bytes",
                "--checkpoint-secs",
            ]),
            number(),
        )
            .prop_map(|(option, value)| vec![option, value]);
        let with_word = (
            text(&["--engine", "--out", "--png", "--svg"]),
            prop_oneof![
                text(&["fastest", "straightforward", "out.seq", "pic.png", "/dev/null", "."]),
                random_bytes().prop_map(|bytes| {
                    // A file name in the scratch directory, never a path.
                    let bytes: Vec<u8> =
                        bytes.into_vec().into_iter().filter(|&byte| byte != b'/').collect();
                    OsString::from_vec(bytes)
                })
            ],
        )
            .prop_map(|(option, value)| vec![option, value]);
        prop_oneof![2 => flag, 2 => with_number, 1 => with_word]
    }

    /// Anything: words of the command line in any order.
    fn chaotic() -> impl Strategy<Value = Vec<OsString>> {
        let subcommand = prop_oneof![
            8 => text(&["solve", "seq", "period", "table", "graph", "pattern", "lesson"]),
            1 => text(&["play", "serve", "help", "SOLVE", ""]),
            1 => random_bytes(),
        ];
        let positional = prop_oneof![2 => number(), 1 => game()];
        (
            subcommand,
            game(),
            proptest::collection::vec(positional, 0..4),
            proptest::collection::vec(option(), 0..4),
            any::<bool>(),
        )
            .prop_map(|(subcommand, game, positionals, options, game_first)| {
                let mut args = vec![subcommand];
                if game_first {
                    args.push(game);
                }
                args.extend(positionals);
                args.extend(options.into_iter().flatten());
                args
            })
    }

    /// A component in some game's syntax: a heap, a pair, a list.
    fn component() -> impl Strategy<Value = OsString> + Clone {
        prop_oneof![
            4 => (0u64..25).prop_map(|n| OsString::from(n.to_string())),
            1 => (0u64..25, 0u64..25).prop_map(|(a, b)| OsString::from(format!("{a},{b}"))),
            1 => proptest::collection::vec(0u64..8, 1..4).prop_map(|list| {
                let list: Vec<String> = list.iter().map(u64::to_string).collect();
                OsString::from(list.join(","))
            }),
            1 => text(&["a", "b", "c", "x"]),
            1 => number(),
        ]
    }

    /// Some of `options`, each at most once, each with its value drawn by `value` when it
    /// takes one (written with a trailing `=` here).
    fn some_of(
        options: &'static [&'static str],
        value: impl Strategy<Value = OsString> + Clone,
    ) -> impl Strategy<Value = Vec<OsString>> {
        let n_max = options.len().min(3);
        (proptest::sample::subsequence(options, 0..=n_max), proptest::collection::vec(value, n_max))
            .prop_map(|(chosen, values)| {
                chosen
                    .into_iter()
                    .zip(values)
                    .flat_map(|(option, value)| match option.strip_suffix('=') {
                        Some(name) => vec![OsString::from(name), value],
                        None => vec![OsString::from(option)],
                    })
                    .collect()
            })
    }

    /// A command line shaped like each subcommand's, with values drawn at random.
    fn structured() -> impl Strategy<Value = Vec<OsString>> {
        let small = prop_oneof![
            3 => (0u64..40).prop_map(|n| OsString::from(n.to_string())),
            1 => number(),
        ];
        let files = text(&["out.seq", "pic.png", "pic.svg", "/dev/null", ".", ""]);
        let solve = (
            game(),
            proptest::collection::vec(component(), 1..4),
            some_of(
                &["--json", "--misere", "--explain", "--max-positions=", "--max-digits="],
                small.clone(),
            ),
        )
            .prop_map(|(game, components, options)| {
                let mut args = vec![OsString::from("solve"), game];
                args.extend(components);
                args.extend(options);
                args
            });
        let batch = (game(), some_of(&["--json", "--misere", "--max-line-bytes="], small.clone()))
            .prop_map(|(game, options)| {
                let mut args = vec![OsString::from("solve"), game, OsString::from("--batch")];
                args.extend(options);
                args
            });
        let seq = (
            game(),
            small.clone(),
            some_of(
                &[
                    "--json",
                    "--png=",
                    "--svg=",
                    "--out=",
                    "--engine=",
                    "--resume",
                    "--checkpoint-secs=",
                ],
                prop_oneof![files.clone(), text(&["fastest", "straightforward"]), small.clone()],
            ),
        )
            .prop_map(|(game, n, options)| {
                let mut args = vec![OsString::from("seq"), game, n];
                args.extend(options);
                args
            });
        let period =
            (game(), some_of(&["--json", "--max="], small.clone())).prop_map(|(game, options)| {
                let mut args = vec![OsString::from("period"), game];
                args.extend(options);
                args
            });
        let table = (
            game(),
            small.clone(),
            some_of(&["--json", "--csv", "--verify", "--png=", "--svg="], files.clone()),
        )
            .prop_map(|(game, size, options)| {
                let mut args = vec![OsString::from("table"), game, OsString::from("--size"), size];
                args.extend(options);
                args
            });
        let graph = (
            prop_oneof![
                text(&["g.txt", "bad.txt", "missing.txt", "/dev/zero", "."]),
                random_bytes()
            ],
            some_of(&["--json"], small.clone()),
        )
            .prop_map(|(path, options)| {
                let mut args = vec![OsString::from("graph"), path];
                args.extend(options);
                args
            });
        let pattern = (game(), some_of(&["--json", "--table", "--max="], small.clone())).prop_map(
            |(game, options)| {
                let mut args = vec![OsString::from("pattern"), game];
                args.extend(options);
                args
            },
        );
        let global = some_of(
            &["--threads=", "--max-heap=", "--max-file-bytes=", "--max-operations="],
            small,
        );
        (
            prop_oneof![3 => solve, 1 => batch, 2 => seq, 1 => period, 1 => table, 1 => graph,
                     1 => pattern],
            global,
        )
            .prop_map(|(mut args, global)| {
                args.extend(global);
                args
            })
    }

    fn arguments() -> impl Strategy<Value = Vec<OsString>> {
        prop_oneof![4 => structured(), 1 => chaotic()]
    }

    /// Runs the binary in `dir`, with one line on stdin, stdout read up to 1 MiB (then closed,
    /// which ends any long listing) and a time limit of 20 s; `None` if it ran past it.
    fn run(dir: &std::path::Path, args: &[OsString], stdin_line: &str) -> Option<Output> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut pipe = child.stdin.take().unwrap();
        let line = stdin_line.to_string();
        std::thread::spawn(move || {
            let _ = pipe.write_all(line.as_bytes());
        });
        let mut out = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = (&mut out).take(1 << 20).read_to_end(&mut kept);
            kept
        });
        let mut err = child.stderr.take().unwrap();
        let err_reader = std::thread::spawn(move || {
            let mut kept = Vec::new();
            let _ = err.read_to_end(&mut kept);
            kept
        });
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        Some(Output { status, stdout: reader.join().unwrap(), stderr: err_reader.join().unwrap() })
    }

    #[test]
    fn every_argument_vector_exits_0_or_2_with_one_error_line() {
        use proptest::test_runner::{Config, TestRunner};
        let dir = scratch_dir("random-arguments");
        std::fs::write(dir.join("g.txt"), "a: b\nb: a c\nc:\n").unwrap();
        std::fs::write(dir.join("bad.txt"), "a: b\nb: a c\n").unwrap();
        let config = Config { cases: 300, failure_persistence: None, ..Config::default() };
        let mut runner = TestRunner::new(config);
        let stdin_line = prop_oneof![Just("3 4 5\n".to_string()), "[ -~]{0,20}\n"];
        let (n_answered, n_bad_input) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
        // Some command lines ask for long work that is theirs to ask for (`period treblecross`
        // checks a million heaps of a game without a known period): they are stopped, named
        // and counted, not failed.
        let timed_out = std::cell::RefCell::new(Vec::new());
        let result = runner.run(&(arguments(), stdin_line), |(args, stdin_line)| {
            let Some(output) = run(&dir, &args, &stdin_line) else {
                timed_out.borrow_mut().push(args);
                return Ok(());
            };
            let err = String::from_utf8_lossy(&output.stderr);
            if std::env::var_os("GRUNDY_SHOW_CASES").is_some() {
                eprintln!("{:?} {args:?} {}", output.status.code(), err.trim_end());
            }
            match output.status.code() {
                Some(0) => n_answered.set(n_answered.get() + 1),
                Some(2) => {
                    prop_assert_eq!(err.lines().count(), 1, "{:?}: {}", args, err);
                    prop_assert!(err.starts_with("error: "), "{:?}: {}", args, err);
                    n_bad_input.set(n_bad_input.get() + 1);
                }
                code => {
                    let signal = std::os::unix::process::ExitStatusExt::signal(&output.status);
                    prop_assert!(
                        false,
                        "{:?}: status {:?}, signal {:?} ({})",
                        args,
                        code,
                        signal,
                        err
                    );
                }
            }
            Ok(())
        });
        if let Err(failure) = result {
            panic!("{failure}");
        }
        // The grammar reaches both answers and refusals (a test that cannot fail would not).
        // The cases are drawn afresh each run and about one in ten is answered (28 of 300 in
        // one run, at least 30 in the runs before): the bound is far enough below that a run
        // does not fail by chance.
        let timed_out = timed_out.into_inner();
        assert!(timed_out.len() <= 6, "too many long runs: {timed_out:?}");
        let (n_answered, n_bad_input) = (n_answered.get(), n_bad_input.get());
        assert!(
            n_answered >= 12 && n_bad_input >= 100,
            "{n_answered} answered, {n_bad_input} refused"
        );
    }
}

/// Under an address-space limit the answer is a clean error, never an abort (hardening2
/// item 7).
mod memory_limits {
    use super::*;

    #[test]
    fn misere_dawson_of_a_billion_is_too_large_to_decide_under_a_memory_limit() {
        for kib in [24_576, 49_152, 262_144] {
            for heap in ["1000000000", "1000"] {
                let output =
                    grundy_limited(kib, &["solve", "dawson", heap, "--misere"], Stdio::null());
                assert_clean_error(&output, "error: too large to decide: ");
                assert!(output.stdout.is_empty());
            }
            // A small quotient is still found within the smaller budget.
            let output = grundy_limited(
                kib,
                &["solve", "kayles", "20", "33", "45", "--misere"],
                Stdio::null(),
            );
            assert_eq!(
                output.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(String::from_utf8_lossy(&output.stdout).contains("outcome:  N"));
        }
    }

    #[test]
    fn graph_files_under_a_memory_limit_are_refused_cleanly() {
        let output = grundy_limited(65_536, &["graph", "/dev/zero"], Stdio::null());
        assert_clean_error(&output, "not a regular file");
        let dir = scratch_dir("graph-memory");
        let huge = dir.join("huge.txt");
        std::fs::File::create(&huge).unwrap().set_len(4 << 30).unwrap();
        let output = grundy_limited(65_536, &["graph", path_str(&huge)], Stdio::null());
        assert_clean_error(&output, "more than the 1073741824 allowed");
        // Within the file limit but not within memory: 40 MB of nodes under 100 MB.
        let big = dir.join("big.txt");
        let mut text = String::with_capacity(41 << 20);
        let mut node = 0u64;
        while text.len() < 40 << 20 {
            text.push_str(&format!("n{node}: n{} n{}\n", node + 1, node + 2));
            node += 1;
        }
        text.push_str(&format!("n{node}:\nn{}:\n", node + 1));
        std::fs::write(&big, &text).unwrap();
        let output = grundy_limited(102_400, &["graph", path_str(&big)], Stdio::null());
        let _ = std::fs::remove_dir_all(&dir);
        assert_clean_error(&output, "more than the machine gives");
        assert!(output.stdout.is_empty());
    }

    #[test]
    fn a_100_megabyte_batch_line_under_a_memory_limit_is_one_bad_line() {
        let dir = scratch_dir("batch-memory");
        let input_path = dir.join("input.txt");
        let mut input = "7".repeat(100 << 20);
        input.push_str("\n1 2 3\n3 4 5\n");
        std::fs::write(&input_path, &input).unwrap();
        drop(input);
        let stdin = std::fs::File::open(&input_path).unwrap();
        let output = grundy_limited(98_304, &["solve", "nim", "--batch"], Stdio::from(stdin));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert_eq!(stdout(&output), "E\nP\nN 1 4 5\n");
        assert_eq!(
            stderr(&output),
            "error: line 1: longer than 16777216 bytes (--max-line-bytes raises it): skipped unread\n"
        );
    }
}

/// The request corpus (`testdata/requests.toml`) through the command line's `--json`: every
/// document equal to the library's own answer, every refusal an exit status of 2. Questions the
/// command line has no `--json` for (play, move, lesson) and fields it cannot express (a word
/// where a flag goes) are the other doors' to answer.
mod requests {
    use super::*;
    use grundy::request::{Door, Kind, Request};

    #[derive(serde::Deserialize)]
    struct Corpus {
        case: Vec<Case>,
    }

    #[derive(serde::Deserialize)]
    struct Case {
        about: String,
        kind: String,
        request: String,
        refused: Option<String>,
    }

    fn library(kind: Kind, low: &Value) -> grundy::Result<Value> {
        let limits = grundy::Limits::default();
        let request = Request::from_json(kind, low, &Door::server(None), &limits)?;
        Ok(request.answer(&limits, 1, &mut |_, _| {})?.document())
    }

    /// The command line for a request, or `None` where it has no way to say it.
    fn argv(case: &Case, low: &Value, dir: &std::path::Path) -> Option<Vec<String>> {
        let field = |name: &str| low.get(name);
        let flag = |name: &str| match field(name) {
            None => Some(false),
            Some(Value::Bool(value)) => Some(*value),
            Some(_) => None,
        };
        let count = |name: &str| field(name).map(|n| n.to_string());
        let mut game = field("game").and_then(Value::as_str).unwrap_or_default().to_string();
        if game == "script" {
            let path = dir.join(format!("{}.rhai", case.about.len()));
            std::fs::write(&path, field("script")?.as_str()?).unwrap();
            game = format!("script:{}", path.display());
        }
        let mut args: Vec<String> = vec![case.kind.clone()];
        match case.kind.as_str() {
            "solve" => {
                args.push(game);
                for component in field("components")?.as_array()? {
                    args.push(component.as_str()?.to_string());
                }
                if flag("misere")? {
                    args.push("--misere".into());
                }
            }
            "seq" => args.extend([game, count("n")?]),
            "period" | "pattern" | "misere" => {
                args.push(game);
                if let Some(max) = count("max") {
                    args.extend(["--max".into(), max]);
                }
                if flag("table")? {
                    args.push("--table".into());
                }
            }
            "table" => args.extend([game, "--size".into(), count("size").unwrap_or("20".into())]),
            "graph" => {
                let path = dir.join(format!("{}.txt", case.about.len()));
                std::fs::write(&path, field("graph")?.as_str()?).unwrap();
                args.push(path.display().to_string());
            }
            "explore" => {
                if game == "graph" {
                    let path = dir.join(format!("{}.txt", case.about.len()));
                    std::fs::write(&path, field("graph")?.as_str()?).unwrap();
                    game = format!("graph:{}", path.display());
                }
                args.push(game);
                for position in field("positions")?.as_array()? {
                    args.push(position.as_str()?.to_string());
                }
            }
            _ => return None,
        }
        args.push("--json".into());
        Some(args)
    }

    #[test]
    fn the_corpus_through_the_command_line_is_the_library_s_answer() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/requests.toml"
        ))
        .unwrap();
        let dir = std::env::temp_dir().join(format!("grundy-corpus-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut n_asked = 0;
        for case in toml::from_str::<Corpus>(&text).unwrap().case {
            let low: Value = serde_json::from_str(&case.request).unwrap();
            let Some(args) = argv(&case, &low, &dir) else { continue };
            n_asked += 1;
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let output = grundy(&args);
            let kind = Kind::from_name(&case.kind).unwrap();
            if case.refused.is_some() {
                assert_eq!(output.status.code(), Some(2), "{}: {}", case.about, stderr(&output));
                assert!(library(kind, &low).is_err(), "{}", case.about);
                continue;
            }
            let mut ours = json(&output);
            let mut theirs = library(kind, &low).unwrap();
            // A script or graph read from a file is named by its path.
            if low["game"] == "script" || (case.kind == "explore" && low["game"] == "graph") {
                ours.as_object_mut().unwrap().remove("game");
                theirs.as_object_mut().unwrap().remove("game");
            }
            assert_eq!(ours, theirs, "{}", case.about);
        }
        assert!(n_asked >= 15, "only {n_asked} cases asked");
    }
}

#[path = "cli/explore.rs"]
mod explore;

/// `serve --addr`: a name such as `localhost:PORT` is served on; an address already taken is
/// refused with one line and exit status 2, without "serving on" first; a string that is no
/// address is refused (hardening round three, low findings).
#[test]
fn serve_takes_names_and_refuses_a_taken_address_before_announcing() {
    use std::io::Read;
    use std::net::{TcpListener, TcpStream};
    // Taken: the test holds the port.
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let output = grundy(&["serve", "--addr", &format!("127.0.0.1:{port}")]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(!err.contains("serving on"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&port.to_string()), "{err}");
    drop(taken);
    let output = grundy(&["serve", "--addr", "not an address"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("is not an address"), "{}", stderr(&output));
    // A name: a free port on localhost, served until killed.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--addr", &format!("localhost:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let answer = loop {
        if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) {
            let body = r#"{"game":"nim","components":["3"]}"#;
            let request = format!(
                "POST /api/solve HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: \
                 application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(request.as_bytes()).unwrap();
            let mut text = String::new();
            stream.read_to_string(&mut text).unwrap();
            break text;
        }
        assert!(started.elapsed().as_secs() < 30, "the server never answered on localhost");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"outcome\":\"N\""), "{answer}");
}
