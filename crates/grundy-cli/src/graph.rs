//! `grundy graph PATH`: every node of a game graph with its value, outcome and remoteness.
//!
//! Output is streamed node by node, so a graph of 10^7 nodes never builds a document in memory.

use crate::args::GraphArgs;
use crate::{library_error, write_document, Files};
use anyhow::Result;
use grundy::analysis::Value;
use grundy::games::graph::load_graph;
use grundy::request::{Door, Kind, Request};
use std::io::Write;

/// Runs `grundy graph`.
pub fn run(args: &GraphArgs, limits: &grundy::Limits, stdout: &mut dyn Write) -> Result<bool> {
    if args.json {
        let low = serde_json::json!({"path": args.path});
        let request = Request::from_json(Kind::Graph, &low, &Door::local(&Files), limits)
            .map_err(library_error)?;
        write_document(&request, limits, 1, &mut |_, _| {}, stdout)?;
        stdout.write_all(b"\n")?;
        return Ok(true);
    }
    let game = load_graph(&args.path, &Files).map_err(library_error)?;
    let values = game.loopy_values();
    let outcomes = game.outcomes();
    // Names are shown escaped (no raw control characters reach the terminal) and padded by
    // hand: a format width is limited to 65535, and counts characters, not columns.
    // Two passes, so that no copy of every name is kept.
    let shown = |node: u32| escape_for_terminal(game.name(node));
    let name_width = (0..game.n_nodes() as u32)
        .map(|node| display_width(&shown(node)))
        .max()
        .unwrap_or(4)
        .max(4);
    writeln!(stdout, "{}  {:<10}  outcome  remoteness", padded("node", name_width), "value")?;
    for node in 0..game.n_nodes() as u32 {
        let name = shown(node);
        let value = Value::from(values.value(node)).to_string();
        let remoteness = outcomes.remoteness(node).map_or("-".to_string(), |r| r.to_string());
        writeln!(
            stdout,
            "{}  {}  {:<7}  {remoteness}",
            padded(&name, name_width),
            padded(&value, 10),
            outcomes.outcome(node).letter()
        )?;
    }
    Ok(true)
}

/// `text` followed by spaces up to `width` terminal columns.
fn padded(text: &str, width: usize) -> String {
    let mut cell = String::with_capacity(text.len() + width);
    cell.push_str(text);
    cell.extend(std::iter::repeat_n(' ', width.saturating_sub(display_width(text))));
    cell
}

/// The columns `text` takes on a terminal (wide characters take two).
fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` with the characters a terminal would act on written as escapes: control characters
/// (`\x1b`, `\0`, `\u{85}`) and the invisible ones that reorder or hide text (`\u{202e}`).
/// JSON output needs none of this: serde escapes it.
pub fn escape_for_terminal(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        let invisible = matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}' | '\u{feff}');
        if c == '\0' {
            escaped.push_str("\\0");
        } else if c.is_ascii_control() {
            escaped.push_str(&format!("\\x{:02x}", c as u32));
        } else if c.is_control() || invisible {
            escaped.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_for_terminal("a\u{1b}[2Jb"), "a\\x1b[2Jb");
        assert_eq!(escape_for_terminal("nul\0"), "nul\\0");
        assert_eq!(escape_for_terminal("\u{85}\u{202e}x"), "\\u{85}\\u{202e}x");
        assert_eq!(escape_for_terminal("∞ héllo 漢字"), "∞ héllo 漢字");
    }

    #[test]
    fn padding_counts_columns_not_bytes() {
        assert_eq!(padded("é", 3), "é  ");
        assert_eq!(padded("漢", 3), "漢 ");
        assert_eq!(padded("toolong", 3), "toolong");
        assert_eq!(padded("x", 70_000).len(), 70_000);
    }
}
