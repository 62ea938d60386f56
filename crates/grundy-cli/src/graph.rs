//! `grundy graph PATH`: every node of a game graph with its value, outcome and remoteness.
//!
//! Output is streamed node by node, so a graph of 10^7 nodes never builds a document in memory.

use crate::args::GraphArgs;
use crate::{json, BadInput, Files};
use anyhow::Result;
use grundy::analysis::Value;
use grundy::games::load_graph;
use grundy::solve::loopy::LoopyValue;
use std::io::Write;

/// Runs `grundy graph`.
pub fn run(args: &GraphArgs, stdout: &mut dyn Write) -> Result<bool> {
    let game = load_graph(&args.path, &Files).map_err(BadInput::from)?;
    let values = game.loopy_values();
    let outcomes = game.outcomes();
    if args.json {
        stdout.write_all(b"{\"nodes\":[")?;
        for node in 0..game.n_nodes() as u32 {
            if node > 0 {
                stdout.write_all(b",")?;
            }
            let mut entry = serde_json::Map::new();
            entry.insert("node".into(), game.name(node).into());
            entry.insert("value".into(), json::value(&to_value(values.value(node))));
            entry.insert("outcome".into(), outcomes.outcome(node).letter().into());
            if let Some(remoteness) = outcomes.remoteness(node) {
                entry.insert("remoteness".into(), remoteness.into());
            }
            serde_json::to_writer(&mut *stdout, &entry)?;
        }
        stdout.write_all(b"]}\n")?;
        return Ok(true);
    }
    let name_width =
        (0..game.n_nodes() as u32).map(|n| game.name(n).len()).max().unwrap_or(4).max(4);
    writeln!(stdout, "{:<name_width$}  {:<10}  outcome  remoteness", "node", "value")?;
    for node in 0..game.n_nodes() as u32 {
        let value = match values.value(node) {
            LoopyValue::Finite(v) => v.to_string(),
            LoopyValue::Infinite(set) => {
                format!("∞({})", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
            }
        };
        let remoteness = outcomes.remoteness(node).map_or("-".to_string(), |r| r.to_string());
        writeln!(
            stdout,
            "{:<name_width$}  {value:<10}  {:<7}  {remoteness}",
            game.name(node),
            outcomes.outcome(node).letter()
        )?;
    }
    Ok(true)
}

fn to_value(value: LoopyValue) -> Value {
    match value {
        LoopyValue::Finite(v) => Value::Nimber(v.into()),
        LoopyValue::Infinite(set) => Value::Infinite(set),
    }
}
