//! `graph:PATH`: an explicit game graph given as text, cycles allowed.
//!
//! The format (see the command-line contract): one node per line, `name: succ1 succ2 ...`; a node
//! with nothing after the colon is terminal; `#` starts a comment; blank lines are ignored. Names
//! are runs of characters other than white space, `:` and `#`. A successor never defined, a node
//! defined twice or a line without a colon is an error naming the line.
//!
//! Nodes are numbered in the order the file defines them. Parsing is a single pass over the
//! bytes with a hash table of names borrowed from the text, so files of 10^7 nodes and 5·10^7
//! edges are read in seconds.

use super::{Family, FileSource, Game, Rules, Spec};
use crate::analysis::Analysis;
use crate::error::{Error, Result};
use crate::games::generic::{analyze_sum, Writer};
use crate::limits::Limits;
pub use crate::rules::graph::*;
use crate::ruleset::{Options, Ruleset};
use std::sync::Arc;
/// `graph:PATH` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct GraphFamily;

impl Family for GraphFamily {
    fn syntax(&self) -> &'static str {
        "graph:PATH"
    }
    fn about(&self) -> &'static str {
        "the game graph in a file (cycles allowed: Smith's values, draws)"
    }
    fn component(&self) -> &'static str {
        "a node name"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let path = spec.after_prefix("graph:")?;
        Some(
            load_graph(path, spec.files).map(|graph| {
                Arc::new(GraphFile { path: path.to_string(), graph }) as Arc<dyn Game>
            }),
        )
    }
}

/// Reads and parses a graph file, with errors that name the file and the line.
pub fn load_graph(path: &str, files: &dyn FileSource) -> Result<GraphGame> {
    if path.is_empty() {
        return Err(Error::Unreadable {
            path: String::new(),
            reason: "no path after 'graph:'".into(),
        });
    }
    let text = files.read_to_string(path)?;
    check_memory_for(path, &text)?;
    GraphGame::parse(&text).map_err(|error| error.in_file(path))
}

/// A graph game named by its file: `graph:PATH`.
#[derive(Debug)]
pub struct GraphFile {
    /// The path as given.
    pub path: String,
    /// The graph.
    pub graph: GraphGame,
}

impl GraphFile {
    /// A graph game given as text rather than by a file (the server, Python): named `graph`.
    pub fn from_text(name: &str, text: &str) -> Result<GraphFile> {
        check_memory_for(name, text)?;
        let graph = GraphGame::parse(text).map_err(|error| error.in_file(name))?;
        Ok(GraphFile { path: name.to_string(), graph })
    }
}

impl Ruleset for GraphFile {
    type Position = u32;

    fn options(&self, node: &u32, options: &mut Options<u32>) -> Result<()> {
        self.graph.options(node, options)
    }
}

impl Rules for GraphFile {
    fn name(&self) -> String {
        format!("graph:{}", self.path)
    }
    fn parse_component(&self, text: &str) -> crate::error::Result<u32> {
        self.graph
            .node_named(text)
            .ok_or_else(|| Error::invalid("no node of the graph has this name"))
    }
    fn show_component(&self, node: &u32) -> String {
        self.graph.name(*node).to_string()
    }
    fn draw_component(&self, node: &u32, lang: crate::i18n::Lang) -> String {
        let next: Vec<&str> =
            self.graph.graph().successors(*node).iter().map(|&s| self.graph.name(s)).collect();
        let name = self.graph.name(*node).to_string();
        if next.is_empty() {
            lang.tr("play-board-token-stuck", &crate::i18n::args![("node", name)])
        } else {
            lang.tr(
                "play-board-token",
                &crate::i18n::args![("node", name), ("next", next.join(", "))],
            )
        }
    }
    /// The labelling of the nodes the position reaches, then the sum's values and moves.
    fn explain(
        &self,
        nodes: &[u32],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        limits: &Limits,
    ) -> Option<String> {
        if analysis.convention != crate::analysis::Convention::Normal {
            return None;
        }
        let labelling = crate::explain::graph(
            &self.graph,
            &Rules::name(self),
            nodes,
            lang,
            limits.max_region_explained,
        );
        Some(labelling + crate::games::explain_sum(self, analysis, lang, limits, false).as_str())
    }
    /// Values of every node at once (Smith's labelling of the whole file), then the winning
    /// moves ordered by counter: moves to nodes labelled earlier first, the move that makes
    /// progress, so whoever plays the first listed move never walks round a cycle.
    fn normal_play(&self, nodes: &[u32], limits: &Limits) -> Option<Result<Analysis>> {
        let values = self.graph.loopy_values();
        let format = |node: &u32| self.graph.name(*node).to_string();
        let writer = Writer { format: &format, empty: None };
        let answer = analyze_sum(
            Rules::name(self),
            &self.graph,
            nodes,
            &mut |n| Ok(values.value(*n)),
            &writer,
            limits,
        );
        Some(answer.map(|mut answer| {
            answer.winning_moves.sort_by_key(|m| {
                m.to.first()
                    .and_then(|name| self.graph.node_named(name))
                    .and_then(|n| values.counter(n))
            });
            answer
        }))
    }
}

/// Bytes of memory per byte of graph text that reading and solving a graph take, besides the
/// text: a line `n1: n2 n3` becomes a name table entry, a node and two edges of the graph and
/// its reverse, and the labels of the solvers. Measured: 3.5 bytes per byte in all for a file
/// of 10^6 nodes and 5·10^6 edges (`/usr/bin/time -v grundy graph`); 6 leaves a margin.
const MEMORY_PER_TEXT_BYTE: usize = 6;

/// An error, before any table is built, when the machine cannot give the memory that the graph
/// in `text` needs, so that a large file is refused rather than aborting the process.
fn check_memory_for(path: &str, text: &str) -> Result<()> {
    let needed = text.len().saturating_mul(MEMORY_PER_TEXT_BYTE);
    if crate::limits::memory_available(needed) {
        return Ok(());
    }
    Err(Error::limit(
        crate::limits::Limit::Memory,
        Limits::default().max_bytes,
        format!(
            "graph file '{path}' of {} bytes needs about {} MiB, more than the machine gives",
            text.len(),
            needed >> 20
        ),
    ))
}
