//! The answer contract: the JSON documents every front end returns (the command line's
//! `--json`, the server's API, the Python package), built in one place from the library's plain
//! answers. Field names are fixed by the contract; integers of any size stay JSON integers
//! (serde_json's arbitrary-precision numbers).
//!
//! ```
//! let game = grundy::game("nim")?;
//! let answer = grundy::games::solve(&*game, &["3", "4", "5"], grundy::analysis::Convention::Normal)?;
//! let doc = grundy::contract::analysis(&answer, None);
//! assert_eq!(doc["winning_moves"][0]["after"], serde_json::json!(["1", "4", "5"]));
//! # Ok::<(), grundy::Error>(())
//! ```

use crate::analysis::{Analysis, Value};
use crate::sequence::PeriodReport;
use crate::table::PairTable;
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
            if let Some(genus) = &component.genus {
                entry.insert("genus".into(), json!(genus));
            }
            Json::Object(entry)
        })
        .collect();
    doc.insert("components".into(), Json::Array(components));
    if let Some(v) = &answer.value {
        doc.insert("value".into(), value(v));
    }
    doc.insert("outcome".into(), json!(answer.outcome.letter()));
    let moves: Vec<Json> = answer.winning_moves.iter().map(move_doc).collect();
    doc.insert("winning_moves".into(), Json::Array(moves));
    if !answer.winning_moves_complete {
        doc.insert("winning_moves_complete".into(), json!(false));
    }
    if let Some(text) = explanation {
        doc.insert("explanation".into(), json!(text));
    }
    Json::Object(doc)
}

/// One move: `component`, `from`, `to`, `after`, and `changes` for moves that change several
/// components, `description` where the game says it in its own words.
pub fn move_doc(m: &crate::analysis::MoveReport) -> Json {
    let mut entry = json!({"component": m.component, "from": m.from, "to": m.to, "after": m.after});
    if !m.changes.is_empty() {
        entry["changes"] = m
            .changes
            .iter()
            .map(|c| json!({"component": c.component, "from": c.from, "to": c.to}))
            .collect();
    }
    if let Some(words) = &m.description {
        entry["description"] = json!(words);
    }
    entry
}

/// The `period` answer.
pub fn period(report: &PeriodReport) -> Json {
    match report {
        PeriodReport::Proven { game, period, values } => json!({
            "game": game, "periodic": true, "preperiod": period.preperiod,
            "period": period.period, "saltus": period.saltus, "proven_at": period.proven_at,
            "proof": period.proof.describe(), "values": values,
        }),
        PeriodReport::NotProven { game, checked_to, observed } => {
            let mut doc = json!({"game": game, "periodic": false, "checked_to": checked_to});
            if let Some(candidate) = observed {
                doc["observed"] = json!({"preperiod": candidate.preperiod, "period": candidate.period,
                    "saltus": candidate.saltus, "proven": false});
            }
            doc
        }
    }
}

/// The `misere --genus` document: `{"game", "genus": [{"heap", "genus", "tame"}...],
/// "max_heap"}`, with `"stopped"` when a limit ended the list.
pub fn genera(list: &crate::misere::genus::GenusList) -> Json {
    let rows: Vec<Json> = list
        .heaps
        .iter()
        .enumerate()
        .map(|(n, entry)| json!({"heap": n, "genus": entry.genus.to_string(), "tame": entry.tame}))
        .collect();
    let mut doc = json!({"game": list.game, "genus": rows, "max_heap": list.max_heap});
    if let Some(why) = &list.stopped {
        doc["stopped"] = json!(why);
    }
    doc
}

/// The `misere` answer.
pub fn misere(q: &crate::misere::MisereQuotient) -> Json {
    let mut doc = json!({
        "game": q.game, "order": q.order(), "p_portion": q.p_portion(),
        "presentation": q.presentation.text(), "pretending": q.pretending_words(),
        "generators": q.presentation.generators.iter()
            .map(|(name, heap, _)| json!({"name": name, "heap": heap})).collect::<Vec<_>>(),
        "grew_at": q.grew_at, "tame": q.is_tame(), "max_heap": q.max_heap,
    });
    match &q.periodic {
        Some(p) => {
            doc["periodic"] = json!(true);
            doc["preperiod"] = json!(p.preperiod);
            doc["period"] = json!(p.period);
            doc["proven_at"] = json!(p.proven_at);
        }
        None => doc["periodic"] = json!(false),
    }
    if let Some(reason) = &q.stopped {
        doc["stopped"] = json!(reason);
    }
    doc
}

/// The `table` answer.
pub fn table(table: &PairTable) -> Json {
    json!({"game": table.game, "size": table.size, "rows": table.rows})
}

/// One node of the `graph` answer.
pub fn graph_node(
    name: &str,
    node_value: &Value,
    outcome: crate::outcome::Outcome,
    remoteness: Option<u32>,
) -> Json {
    let mut entry = Map::new();
    entry.insert("node".into(), name.into());
    entry.insert("value".into(), value(node_value));
    entry.insert("outcome".into(), outcome.letter().into());
    if let Some(remoteness) = remoteness {
        entry.insert("remoteness".into(), remoteness.into());
    }
    Json::Object(entry)
}

/// The `explore` answer.
pub fn explore(summary: &crate::explore::Summary) -> Json {
    let tally = &summary.tally;
    let start: Vec<Json> = tally
        .starts
        .iter()
        .map(|(idx, label)| {
            let mut entry = Map::new();
            entry.insert("position".into(), summary.positions[*idx as usize].clone().into());
            entry.insert("value".into(), value(&Value::from(&label.value)));
            entry.insert("outcome".into(), label.outcome.letter().into());
            if let Some(remoteness) = label.remoteness {
                entry.insert("remoteness".into(), remoteness.into());
            }
            Json::Object(entry)
        })
        .collect();
    let mut by_value = Map::new();
    for (v, count) in &tally.by_value {
        by_value.insert(v.to_string(), (*count).into());
    }
    if tally.infinite > 0 {
        by_value.insert("∞".into(), tally.infinite.into());
    }
    let [p, n, d] = tally.by_outcome;
    json!({
        "game": summary.game, "positions": tally.positions, "edges": tally.edges,
        "start": start, "by_outcome": {"P": p, "N": n, "D": d}, "by_value": by_value,
        "processes": summary.processes, "threads": summary.threads,
    })
}

/// The `pattern` answer.
pub fn pattern(report: &crate::pattern::PatternReport) -> Json {
    use crate::pattern::Counterexample;
    let rejected: Vec<Json> = report
        .rejected
        .iter()
        .map(|r| {
            let at = match r.counterexample {
                Counterexample::Heap(n) => json!(n),
                Counterexample::Cell(x, y) => json!([x, y]),
            };
            json!({"formula": r.formula, "counterexample": at})
        })
        .collect();
    let mut doc = json!({
        "game": report.game, "formula": report.formula, "proven": report.proven,
        "checked_to": report.checked_to, "rejected": rejected,
    });
    if let Some(proof) = &report.proof {
        doc["proof"] = json!(proof);
    }
    if let Some((preperiod, period, saltus)) = report.period {
        doc["preperiod"] = json!(preperiod);
        doc["period"] = json!(period);
        doc["saltus"] = json!(saltus);
    }
    if report.formula == "periodic" {
        doc["period_values"] = json!(report.period_values);
    }
    doc
}
