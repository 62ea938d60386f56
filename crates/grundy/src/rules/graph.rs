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

use crate::error::Result;
use crate::game_graph::{GameGraph, GameGraphBuilder};
use crate::ruleset::{Options, Ruleset};
use crate::solve::loopy::{loopy_values, LoopyValues};
use crate::solve::retrograde::{retrograde, Retrograde, TerminalRule};
use foldhash::fast::FixedState as NameHasher;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A game graph with its node names, and its solutions once computed.
#[derive(Debug)]
pub struct GraphGame {
    graph: GameGraph,
    names_text: String,
    name_ends: Vec<usize>,
    predecessors: OnceLock<GameGraph>,
    loopy: OnceLock<LoopyValues>,
    outcomes: OnceLock<Retrograde>,
}

impl PartialEq for GraphGame {
    fn eq(&self, other: &Self) -> bool {
        self.graph == other.graph
            && self.name_ends == other.name_ends
            && self.names_text == other.names_text
    }
}

impl Eq for GraphGame {}

impl GraphGame {
    /// Parses a graph file's text.
    ///
    /// ```
    /// use grundy::games::graph::GraphGame;
    /// let game = GraphGame::parse("# a cycle with an exit\na: b\nb: a c\nc:\n").unwrap();
    /// assert_eq!(game.n_nodes(), 3);
    /// assert_eq!(game.node_named("c"), Some(2));
    /// let Err(grundy::Error::GraphFile { line, problem, .. }) = GraphGame::parse("a: b\n") else {
    ///     panic!("a graph file error")
    /// };
    /// assert_eq!((line, problem.as_str()), (1, "successor 'b' is never defined"));
    /// ```
    pub fn parse(text: &str) -> crate::error::Result<GraphGame> {
        // Editors on Windows start UTF-8 files with a byte-order mark; it is not part of a name.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut ids: HashMap<&str, u32, NameHasher> =
            HashMap::with_capacity_and_hasher(estimate_nodes(text), NameHasher::default());
        // Per provisional id: the line that defines it (0 = not yet), the first line naming it.
        let mut defined_on: Vec<usize> = Vec::new();
        let mut first_seen_on: Vec<usize> = Vec::new();
        let mut definition_order: Vec<u32> = Vec::new();
        let mut edge_ends: Vec<usize> = Vec::new();
        let mut targets: Vec<u32> = Vec::new();
        for (line_idx, raw_line) in text.split('\n').enumerate() {
            let line_number = line_idx + 1;
            let line = match raw_line.find('#') {
                Some(hash) => &raw_line[..hash],
                None => raw_line,
            };
            if line.trim_ascii().is_empty() {
                continue;
            }
            let Some(colon) = line.find(':') else {
                return Err(crate::error::Error::GraphFile {
                    path: String::new(),
                    line: line_number,
                    problem: format!(
                        "expected 'name: successors', found no ':' in '{}'",
                        line.trim()
                    ),
                });
            };
            let mut head = line[..colon].split_ascii_whitespace();
            let name = match (head.next(), head.next()) {
                (Some(name), None) => name,
                (None, _) => {
                    return Err(crate::error::Error::GraphFile {
                        path: String::new(),
                        line: line_number,
                        problem: "a node name is missing before ':'".to_string(),
                    })
                }
                (Some(first), Some(second)) => {
                    return Err(crate::error::Error::GraphFile {
                        path: String::new(),
                        line: line_number,
                        problem: format!(
                            "expected one node name before ':', found '{first}' and '{second}'"
                        ),
                    })
                }
            };
            let node =
                intern_name(name, line_number, &mut ids, &mut defined_on, &mut first_seen_on);
            if defined_on[node as usize] != 0 {
                return Err(crate::error::Error::GraphFile {
                    path: String::new(),
                    line: line_number,
                    problem: format!(
                        "node '{name}' is defined twice (first on line {})",
                        defined_on[node as usize]
                    ),
                });
            }
            defined_on[node as usize] = line_number;
            definition_order.push(node);
            for successor in line[colon + 1..].split_ascii_whitespace() {
                if successor.contains(':') {
                    return Err(crate::error::Error::GraphFile {
                        path: String::new(),
                        line: line_number,
                        problem: format!(
                            "'{successor}' is not a node name: names cannot contain ':'"
                        ),
                    });
                }
                let target = intern_name(
                    successor,
                    line_number,
                    &mut ids,
                    &mut defined_on,
                    &mut first_seen_on,
                );
                targets.push(target);
            }
            edge_ends.push(targets.len());
        }
        // Every name mentioned must be defined; report the earliest mention of one that is not.
        if let Some((name, line)) = ids
            .iter()
            .filter(|(_, &id)| defined_on[id as usize] == 0)
            .map(|(name, &id)| (name.to_string(), first_seen_on[id as usize]))
            .min_by(|(name_a, line_a), (name_b, line_b)| (line_a, name_a).cmp(&(line_b, name_b)))
        {
            return Err(crate::error::Error::GraphFile {
                path: String::new(),
                line,
                problem: format!("successor '{name}' is never defined"),
            });
        }
        // Renumber from first mention to definition order.
        let mut number_of = vec![0u32; defined_on.len()];
        for (def_idx, &provisional) in definition_order.iter().enumerate() {
            number_of[provisional as usize] = def_idx as u32;
        }
        let mut names_by_id: Vec<&str> = vec![""; defined_on.len()];
        for (name, &id) in &ids {
            names_by_id[id as usize] = name;
        }
        drop(ids);
        let mut names_text = String::new();
        let mut name_ends = Vec::with_capacity(definition_order.len());
        for &provisional in &definition_order {
            names_text.push_str(names_by_id[provisional as usize]);
            name_ends.push(names_text.len());
        }
        let mut builder = GameGraphBuilder::with_capacity(definition_order.len(), targets.len());
        let mut start = 0;
        for &end in &edge_ends {
            builder.add_node(targets[start..end].iter().map(|&t| number_of[t as usize]));
            start = end;
        }
        Ok(GraphGame {
            graph: builder.finish(),
            names_text,
            name_ends,
            predecessors: OnceLock::new(),
            loopy: OnceLock::new(),
            outcomes: OnceLock::new(),
        })
    }

    /// The number of nodes.
    pub fn n_nodes(&self) -> usize {
        self.graph.n_nodes()
    }

    /// The graph itself.
    pub fn graph(&self) -> &GameGraph {
        &self.graph
    }

    /// The name of node `node`.
    pub fn name(&self, node: u32) -> &str {
        let node = node as usize;
        let start = if node == 0 { 0 } else { self.name_ends[node - 1] };
        &self.names_text[start..self.name_ends[node]]
    }

    /// The node with this name. A linear scan: cheap next to solving, and no second table.
    pub fn node_named(&self, name: &str) -> Option<u32> {
        (0..self.n_nodes() as u32).find(|&node| self.name(node) == name)
    }

    /// The reverse graph, built once.
    pub fn predecessors(&self) -> &GameGraph {
        self.predecessors.get_or_init(|| self.graph.predecessors())
    }

    /// Smith's values of every node, computed once.
    pub fn loopy_values(&self) -> &LoopyValues {
        self.loopy.get_or_init(|| loopy_values(&self.graph, self.predecessors()))
    }

    /// Normal-play outcomes and remoteness of every node, computed once.
    pub fn outcomes(&self) -> &Retrograde {
        self.outcomes
            .get_or_init(|| retrograde(&self.graph, self.predecessors(), TerminalRule::MoverLoses))
    }

    /// Bytes held by the graph, its reverse and the names.
    pub fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes()
            + self.predecessors.get().map_or(0, GameGraph::heap_bytes)
            + self.names_text.capacity()
            + self.name_ends.capacity() * std::mem::size_of::<usize>()
    }
}

impl Ruleset for GraphGame {
    type Position = u32;

    fn options(&self, node: &u32, options: &mut Options<u32>) -> Result<()> {
        for &succ in self.graph.successors(*node) {
            options.push_one(succ);
        }
        Ok(())
    }
}

fn intern_name<'t>(
    name: &'t str,
    line: usize,
    ids: &mut HashMap<&'t str, u32, NameHasher>,
    defined_on: &mut Vec<usize>,
    first_seen_on: &mut Vec<usize>,
) -> u32 {
    *ids.entry(name).or_insert_with(|| {
        defined_on.push(0);
        first_seen_on.push(line);
        (defined_on.len() - 1) as u32
    })
}

/// Room for the name table: one node per non-blank line, as a first guess that saves rehashing.
fn estimate_nodes(text: &str) -> usize {
    text.bytes().filter(|&byte| byte == b'\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_name() {
        let game = GraphGame::parse("\u{feff}a: b\nb:\n").unwrap();
        assert_eq!(game.name(0), "a");
        assert_eq!(game.node_named("a"), Some(0));
        // Only at the start: anywhere else it is a character of a name like any other.
        let game = GraphGame::parse("a: \u{feff}b\n\u{feff}b:\n").unwrap();
        assert_eq!(game.name(1), "\u{feff}b");
    }
}
