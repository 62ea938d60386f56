//! Explicit game graphs in compressed sparse row form: nodes `0..n_nodes`, each with its list of
//! successors, and the reverse lists that retrograde solvers walk.
//!
//! Node numbers are `u32` and offsets `usize`: 10^7 nodes and 5·10^7 edges take about
//! 8 bytes an edge with both directions stored.

/// A directed graph of game positions: an edge is a move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameGraph {
    succ_offsets: Vec<usize>,
    succ_targets: Vec<u32>,
}

impl GameGraph {
    /// Builds a graph from each node's successor list.
    ///
    /// ```
    /// use grundy::solve::GameGraph;
    /// let graph = GameGraph::from_successors(&[vec![1], vec![]]);
    /// assert_eq!(graph.successors(0), &[1]);
    /// assert_eq!(graph.n_edges(), 1);
    /// ```
    pub fn from_successors(lists: &[Vec<u32>]) -> Self {
        let mut builder = GameGraphBuilder::with_capacity(lists.len(), 0);
        for list in lists {
            builder.add_node(list.iter().copied());
        }
        builder.finish()
    }

    /// The number of nodes.
    pub fn n_nodes(&self) -> usize {
        self.succ_offsets.len().saturating_sub(1)
    }

    /// The number of edges (moves), counting repeated edges.
    pub fn n_edges(&self) -> usize {
        self.succ_targets.len()
    }

    /// The moves from `node`.
    pub fn successors(&self, node: u32) -> &[u32] {
        let node = node as usize;
        &self.succ_targets[self.succ_offsets[node]..self.succ_offsets[node + 1]]
    }

    /// The reverse graph: for each node, the nodes that move to it (with repeats for repeated
    /// edges), in the same form.
    pub fn predecessors(&self) -> GameGraph {
        let n_nodes = self.n_nodes();
        let mut counts = vec![0usize; n_nodes + 1];
        for &target in &self.succ_targets {
            counts[target as usize + 1] += 1;
        }
        for node in 0..n_nodes {
            counts[node + 1] += counts[node];
        }
        let mut fill = counts.clone();
        let mut targets = vec![0u32; self.succ_targets.len()];
        for node in 0..n_nodes {
            for &target in self.successors(node as u32) {
                targets[fill[target as usize]] = node as u32;
                fill[target as usize] += 1;
            }
        }
        GameGraph { succ_offsets: counts, succ_targets: targets }
    }

    /// Bytes held by the graph's arrays.
    pub fn heap_bytes(&self) -> usize {
        self.succ_offsets.capacity() * std::mem::size_of::<usize>()
            + self.succ_targets.capacity() * std::mem::size_of::<u32>()
    }
}

/// Builds a [`GameGraph`] node by node, in node order.
#[derive(Debug, Clone)]
pub struct GameGraphBuilder {
    graph: GameGraph,
}

impl GameGraphBuilder {
    /// A builder with room for `n_nodes` and `n_edges`.
    pub fn with_capacity(n_nodes: usize, n_edges: usize) -> Self {
        let mut succ_offsets = Vec::with_capacity(n_nodes + 1);
        succ_offsets.push(0);
        GameGraphBuilder {
            graph: GameGraph { succ_offsets, succ_targets: Vec::with_capacity(n_edges) },
        }
    }

    /// Adds the next node with these successors; returns its number.
    pub fn add_node<I: IntoIterator<Item = u32>>(&mut self, successors: I) -> u32 {
        let node = self.graph.n_nodes() as u32;
        self.graph.succ_targets.extend(successors);
        self.graph.succ_offsets.push(self.graph.succ_targets.len());
        node
    }

    /// The finished graph. Every successor must be a node that was added.
    pub fn finish(self) -> GameGraph {
        debug_assert!(self.graph.succ_targets.iter().all(|&t| (t as usize) < self.graph.n_nodes()));
        self.graph
    }
}
