//! `grundy period GAME`: preperiod and period, only with a proof.

use crate::args::PeriodArgs;
use crate::progress::Progress;
use crate::{parse_count, parse_heap_game, BadInput};
use anyhow::Result;
use grundy::sequence::period::arithmetic_candidate;
use grundy::sequence::{Engine, HeapValues};
use serde_json::{json, Map, Value as Json};
use std::io::Write;

/// Runs `grundy period`.
pub fn run(
    args: &PeriodArgs,
    n_threads: usize,
    show_progress: bool,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let game = parse_heap_game(&args.game)?;
    let max_heap = parse_count(&args.max, "--max")?;
    let compute_to = usize::try_from(max_heap)
        .map_err(|_| BadInput::msg(format!("--max {max_heap} is too large for this machine")))?;
    let mut bar = Progress::heaps(max_heap, show_progress);
    let values =
        HeapValues::compute_with(&game, compute_to, Engine::Fastest, n_threads, &mut |n| {
            bar.set_position(n as u64)
        });
    bar.finish();
    let mut doc = Map::new();
    doc.insert("game".into(), json!(game.name));
    match values.period() {
        Some(period) => {
            let first: Vec<u64> = (0..(period.preperiod + period.period) as u64)
                .map(|n| values.value(n).unwrap_or(0))
                .collect();
            doc.insert("periodic".into(), json!(true));
            doc.insert("preperiod".into(), json!(period.preperiod));
            doc.insert("period".into(), json!(period.period));
            doc.insert("saltus".into(), json!(period.saltus));
            doc.insert("proven_at".into(), json!(period.proven_at));
            doc.insert("proof".into(), json!(period.proof.describe()));
            doc.insert("values".into(), json!(first));
        }
        None => {
            let checked_to = values.computed().len().saturating_sub(1);
            doc.insert("periodic".into(), json!(false));
            doc.insert("checked_to".into(), json!(checked_to));
            if let Some(candidate) = arithmetic_candidate(&values.computed().to_vec()) {
                doc.insert(
                    "observed".into(),
                    json!({"preperiod": candidate.preperiod, "period": candidate.period,
                           "saltus": candidate.saltus, "proven": false}),
                );
            }
        }
    }
    if args.json {
        serde_json::to_writer(&mut *stdout, &Json::Object(doc))?;
        writeln!(stdout)?;
        return Ok(true);
    }
    if doc["periodic"] == json!(true) {
        writeln!(
            stdout,
            "{}: periodic from heap {} with period {}{} (proven at heap {}: {})",
            game.name,
            doc["preperiod"],
            doc["period"],
            if doc["saltus"] != json!(0) {
                format!(" and saltus {}", doc["saltus"])
            } else {
                String::new()
            },
            doc["proven_at"],
            doc["proof"].as_str().unwrap_or_default()
        )?;
        let first: Vec<String> = doc["values"]
            .as_array()
            .map(|vs| vs.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        writeln!(stdout, "values 0..{}: {}", first.len().saturating_sub(1), first.join(" "))?;
    } else {
        writeln!(stdout, "{}: no period proven; checked to heap {}", game.name, doc["checked_to"])?;
        if let Some(observed) = doc.get("observed") {
            writeln!(
                stdout,
                "observed, not proven: G(n + {}) = G(n) + {} from heap {} to the end of the check",
                observed["period"], observed["saltus"], observed["preperiod"]
            )?;
        }
    }
    Ok(true)
}
