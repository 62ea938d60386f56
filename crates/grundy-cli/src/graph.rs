//! `grundy graph PATH`: every node of a game graph with its value, outcome and remoteness.
//!
//! Output is streamed node by node, so a graph of 10^7 nodes never builds a document in memory.

use crate::args::GraphArgs;
use crate::{library_error, Files};
use anyhow::Result;
use grundy::analysis::Value;
use grundy::games::graph::load_graph;
use std::io::Write;

/// Runs `grundy graph`.
pub fn run(args: &GraphArgs, stdout: &mut dyn Write) -> Result<bool> {
    let game = load_graph(&args.path, &Files).map_err(library_error)?;
    let values = game.loopy_values();
    let outcomes = game.outcomes();
    if args.json {
        stdout.write_all(b"{\"nodes\":[")?;
        for node in 0..game.n_nodes() as u32 {
            if node > 0 {
                stdout.write_all(b",")?;
            }
            let entry = grundy::contract::graph_node(
                game.name(node),
                &Value::from(values.value(node)),
                outcomes.outcome(node),
                outcomes.remoteness(node),
            );
            serde_json::to_writer(&mut *stdout, &entry)?;
        }
        stdout.write_all(b"]}\n")?;
        return Ok(true);
    }
    let name_width =
        (0..game.n_nodes() as u32).map(|n| game.name(n).len()).max().unwrap_or(4).max(4);
    writeln!(stdout, "{:<name_width$}  {:<10}  outcome  remoteness", "node", "value")?;
    for node in 0..game.n_nodes() as u32 {
        let value = Value::from(values.value(node)).to_string();
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
