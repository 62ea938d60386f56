//! Answers as JSON documents. Integers of any size stay JSON integers (serde_json's
//! arbitrary-precision numbers), as the contract requires.

use grundy::analysis::{Analysis, Value};
use serde_json::{json, Map, Number, Value as Json};

/// A JSON integer from its decimal digits.
pub fn integer(digits: &str) -> Json {
    match digits.parse::<Number>() {
        Ok(number) => Json::Number(number),
        // Unreachable for the decimal strings callers pass; a string keeps the digits anyway.
        Err(_) => Json::String(digits.to_string()),
    }
}

/// A game value: an integer, or `{"infinite": [...]}` for Smith's ∞(K).
pub fn value(value: &Value) -> Json {
    match value {
        Value::Nimber(nimber) => integer(&nimber.to_string()),
        Value::Infinite(options) => json!({ "infinite": options }),
    }
}

/// The `solve` answer, with an explanation when one was asked for.
pub fn analysis(answer: &Analysis, explanation: Option<&str>) -> Json {
    let mut doc = Map::new();
    doc.insert("game".into(), json!(answer.game));
    doc.insert("convention".into(), json!(answer.convention.name()));
    let components: Vec<Json> = answer
        .components
        .iter()
        .map(|component| {
            let mut entry = Map::new();
            entry.insert("position".into(), json!(component.position));
            if let Some(v) = &component.value {
                entry.insert("value".into(), value(v));
            }
            Json::Object(entry)
        })
        .collect();
    doc.insert("components".into(), Json::Array(components));
    if let Some(v) = &answer.value {
        doc.insert("value".into(), value(v));
    }
    doc.insert("outcome".into(), json!(answer.outcome.letter()));
    let moves: Vec<Json> = answer
        .winning_moves
        .iter()
        .map(|m| {
            let mut entry =
                json!({"component": m.component, "from": m.from, "to": m.to, "after": m.after});
            if let Some(words) = &m.description {
                entry["description"] = json!(words);
            }
            entry
        })
        .collect();
    doc.insert("winning_moves".into(), Json::Array(moves));
    if !answer.winning_moves_complete {
        doc.insert("winning_moves_complete".into(), json!(false));
    }
    if let Some(text) = explanation {
        doc.insert("explanation".into(), json!(text));
    }
    Json::Object(doc)
}
