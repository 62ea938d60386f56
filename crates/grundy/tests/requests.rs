//! The request corpus (`testdata/requests.toml`) through the library's own door: every
//! document contains the fields the corpus derived by hand, and every refusal is of its class.
//! The command line, the web API and Python answer the same corpus in their own tests, each
//! compared with what this door answers.
#![cfg(feature = "json")]

use grundy::request::{Door, Kind, Request};
use grundy::Limits;
use serde_json::Value;

#[derive(serde::Deserialize)]
struct Corpus {
    case: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    about: String,
    kind: String,
    request: String,
    expect: Option<String>,
    refused: Option<String>,
}

fn corpus() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/requests.toml"
    ))
    .unwrap();
    toml::from_str::<Corpus>(&text).unwrap().case
}

/// Whether every field of `expected` is in `actual` with the same value (objects compared
/// field by field, lists and the rest whole).
fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(actual), Value::Object(expected)) => expected
            .iter()
            .all(|(key, value)| actual.get(key).is_some_and(|found| contains(found, value))),
        (Value::Array(actual), Value::Array(expected)) => {
            actual.len() == expected.len()
                && actual.iter().zip(expected).all(|(found, value)| contains(found, value))
        }
        _ => actual == expected,
    }
}

fn answer(case: &Case) -> grundy::Result<Value> {
    let kind = Kind::from_name(&case.kind).expect("a known kind");
    let low: Value = serde_json::from_str(&case.request).expect("the request is JSON");
    let limits = Limits::default();
    let request = Request::from_json(kind, &low, &Door::server(None), &limits)?;
    let mut bytes = Vec::new();
    request.write_document(&limits, 1, &mut |_, _| {}, &mut |chunk| {
        bytes.extend_from_slice(chunk);
        Ok(())
    })?;
    let written: Value = serde_json::from_slice(&bytes).expect("the document is JSON");
    // The document written as computed is the typed answer's document.
    assert_eq!(written, request.answer(&limits, 1, &mut |_, _| {})?.document(), "{}", case.about);
    Ok(written)
}

#[test]
fn every_request_of_the_corpus_is_answered_as_the_theory_says() {
    let cases = corpus();
    assert!(cases.len() >= 20);
    for case in &cases {
        match (&case.expect, &case.refused) {
            (Some(expect), None) => {
                let doc = answer(case).unwrap_or_else(|e| panic!("{}: {e}", case.about));
                let expect: Value = serde_json::from_str(expect).unwrap();
                assert!(contains(&doc, &expect), "{}: {doc} lacks {expect}", case.about);
            }
            (None, Some(class)) => {
                let error = answer(case).expect_err(&case.about);
                match class.as_str() {
                    "bad" => assert!(
                        error.is_bad_input() && !error.is_limit(),
                        "{}: {error}",
                        case.about
                    ),
                    "limit" => assert!(error.is_limit(), "{}: {error}", case.about),
                    other => panic!("unknown class {other}"),
                }
            }
            _ => panic!("{}: a case expects a document or a refusal", case.about),
        }
    }
}

/// Every question has a case, so every door is tried on every question.
#[test]
fn the_corpus_asks_every_question_a_door_answers() {
    let cases = corpus();
    for kind in ["solve", "seq", "period", "pattern", "table", "graph", "misere", "play", "move"] {
        assert!(cases.iter().any(|case| case.kind == kind), "no case of {kind}");
    }
}

/// Defaults live in the request layer: a field left out is the default, written out is the
/// same answer.
#[test]
fn a_default_left_out_is_the_default_written() {
    let limits = Limits::default();
    let ask = |low: Value| {
        let request = Request::from_json(Kind::Table, &low, &Door::server(None), &limits).unwrap();
        request.answer(&limits, 1, &mut |_, _| {}).unwrap().document()
    };
    let size = grundy::request::defaults::TABLE_SIZE;
    assert_eq!(
        ask(serde_json::json!({"game": "nim"})),
        ask(serde_json::json!({"game": "nim", "size": size}))
    );
}

/// The values handed to arrays (Python's `seq`) are the values of the `seq` document.
#[test]
fn values_for_arrays_are_the_document_s_values() {
    let limits = Limits::default();
    let script = "fn moves(n) { let out = []; for take in [1, 2] { if take <= n { out.push(n - take); } } out }\nfn heap(n) { n }\n";
    for low in [
        serde_json::json!({"game": "0.07", "n": 300}),
        serde_json::json!({"game": "grundy", "n": 5000}),
        serde_json::json!({"game": "script", "script": script, "n": 40}),
    ] {
        let request = Request::from_json(Kind::Seq, &low, &Door::server(None), &limits).unwrap();
        let document = request.answer(&limits, 1, &mut |_, _| {}).unwrap().document();
        let mut values = Vec::new();
        request
            .write_values(&limits, 2, &mut |chunk| {
                values.extend_from_slice(chunk);
                Ok(())
            })
            .unwrap();
        let expected: Vec<u64> =
            document["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(values, expected, "{low}");
    }
}

/// Quick answers (what a server keeps a slot free for) are exactly the formulas, lessons and
/// small nimbers: never a search, a sequence, a script or a graph.
#[test]
fn quick_answers_are_the_formulas() {
    let limits = Limits::default();
    let quick = |kind: &str, low: Value| {
        let kind = Kind::from_name(kind).unwrap();
        Request::from_json(kind, &low, &Door::server(None), &limits).unwrap().is_quick()
    };
    let script = "fn moves(n) { if n > 0 { [n - 1] } else { [] } }";
    let big = "1".repeat(60);
    for (kind, low, expected) in [
        ("solve", serde_json::json!({"game": "nim", "components": ["3", "5"]}), true),
        ("solve", serde_json::json!({"game": "nim", "components": ["3"], "misere": true}), true),
        ("solve", serde_json::json!({"game": "staircase", "components": ["3,1"]}), true),
        (
            "solve",
            serde_json::json!({"game": "staircase", "components": ["3,1"], "misere": true}),
            false,
        ),
        ("solve", serde_json::json!({"game": "0.137", "components": ["30"]}), false),
        ("solve", serde_json::json!({"game": "wythoff", "components": ["3,5"]}), false),
        (
            "solve",
            serde_json::json!({"game": "script", "script": script, "components": ["3"]}),
            false,
        ),
        ("play", serde_json::json!({"game": "nim", "components": ["3", "5"]}), true),
        ("move", serde_json::json!({"game": "nim", "components": ["3", "5"], "move": "1 2"}), true),
        ("seq", serde_json::json!({"game": "nim", "n": 10}), false),
        ("table", serde_json::json!({"game": "nim", "size": 4}), false),
        ("lesson", serde_json::json!({"topic": "nim"}), true),
        ("nimber", serde_json::json!({"op": "mul", "a": "3", "b": "5"}), true),
        ("nimber", serde_json::json!({"op": "mul", "a": big, "b": "5"}), false),
    ] {
        assert_eq!(quick(kind, low.clone()), expected, "{kind} {low}");
    }
}
