//! The catalogue of rulesets, one module per family, and the parser for the GAME argument.

pub mod graph;
pub mod nim;

use crate::error::{Error, Result};
use graph::GraphGame;
use num_bigint::BigUint;
use std::sync::Arc;

/// A ruleset named by the GAME argument (spellings are case-insensitive), loaded and ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Game {
    /// Nim: take any positive number of tokens from one heap.
    Nim,
    /// An explicit game graph read from a file; a component is a token on a node.
    Graph {
        /// The path as the user gave it.
        path: String,
        /// The parsed graph.
        game: Arc<GraphGame>,
    },
}

/// The spellings the parser accepts, for error messages.
const KNOWN_GAMES: &str = "nim, graph:PATH";

/// Where games that live in files (`graph:PATH`) are read from. The library does no I/O: the
/// front end that has a file system passes one in.
pub trait FileSource {
    /// The whole text of the file at `path`, or why it cannot be read.
    fn read_to_string(&self, path: &str) -> std::result::Result<String, String>;
}

/// A [`FileSource`] that refuses every file, for contexts without a file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFiles;

impl FileSource for NoFiles {
    fn read_to_string(&self, _path: &str) -> std::result::Result<String, String> {
        Err("games from files are not available here".to_string())
    }
}

impl std::str::FromStr for Game {
    type Err = Error;

    /// Parses a game that needs no file; `graph:PATH` needs [`Game::parse`].
    fn from_str(text: &str) -> Result<Game> {
        Game::parse(text, &NoFiles)
    }
}

impl Game {
    /// Parses the GAME argument, reading the file of a `graph:PATH` through `files`.
    pub fn parse(text: &str, files: &dyn FileSource) -> Result<Game> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        if lower.starts_with("graph:") {
            let path = &trimmed["graph:".len()..];
            return Ok(Game::Graph {
                path: path.to_string(),
                game: Arc::new(load_graph(path, files)?),
            });
        }
        match lower.as_str() {
            "nim" | "0.[3]" => Ok(Game::Nim),
            _ => Err(Error::UnknownGame { name: text.to_string(), known: KNOWN_GAMES }),
        }
    }

    /// The canonical name, as answers print it.
    pub fn name(&self) -> String {
        match self {
            Game::Nim => "nim".to_string(),
            Game::Graph { path, .. } => format!("graph:{path}"),
        }
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
    let text = files
        .read_to_string(path)
        .map_err(|reason| Error::Unreadable { path: path.to_string(), reason })?;
    GraphGame::parse(&text).map_err(|e| Error::GraphFile {
        path: path.to_string(),
        line: e.line,
        problem: e.problem,
    })
}

/// Reads a heap size: a whole number of tokens, 0 or more, of any size.
///
/// The error says what kind of wrong it is (empty, negative, fractional, not a number), so a
/// user sees at once how to fix the input.
///
/// ```
/// use grundy::games::parse_heap;
/// assert_eq!(parse_heap("42").unwrap(), 42u32.into());
/// assert!(parse_heap("-3").unwrap_err().contains("negative"));
/// assert!(parse_heap("2.5").unwrap_err().contains("fraction"));
/// ```
pub fn parse_heap(text: &str) -> std::result::Result<BigUint, String> {
    if text.is_empty() {
        return Err("empty heap size: a heap is a whole number of tokens, 0 or more".into());
    }
    if text.bytes().all(|byte| byte.is_ascii_digit()) {
        return BigUint::parse_bytes(text.as_bytes(), 10)
            .ok_or_else(|| "not a whole number".to_string());
    }
    let unsigned = text.strip_prefix('-');
    let looks_numeric = |s: &str| {
        !s.is_empty()
            && s.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'e' || b == b'E')
            && s.bytes().any(|b| b.is_ascii_digit())
    };
    if let Some(rest) = unsigned {
        if looks_numeric(rest) {
            return Err("negative heap size: a heap holds 0 or more tokens".into());
        }
    }
    if looks_numeric(text) && text.contains('.') {
        return Err("a heap size cannot be a fraction: it is a whole number of tokens".into());
    }
    Err("not a number: a heap size is a whole number of tokens, 0 or more".into())
}

/// Reads every component of a heap-game position, naming the first bad one.
pub fn parse_heaps<S: AsRef<str>>(components: &[S]) -> Result<Vec<BigUint>> {
    components
        .iter()
        .enumerate()
        .map(|(idx, text)| {
            let text = text.as_ref();
            parse_heap(text).map_err(|problem| Error::BadComponent {
                number: idx + 1,
                text: text.to_string(),
                problem,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn game_names_are_case_insensitive() {
        assert_eq!("NiM".parse::<Game>().unwrap(), Game::Nim);
        let err = "chess".parse::<Game>().unwrap_err().to_string();
        assert!(err.contains("unknown game 'chess'"), "{err}");
    }

    #[test]
    fn heap_errors_say_what_is_wrong() {
        for (text, word) in [
            ("", "empty"),
            ("-3", "negative"),
            ("-0", "negative"),
            ("3.5", "fraction"),
            ("1e3", "not a number"),
            ("abc", "not a number"),
            ("3a", "not a number"),
            ("+3", "not a number"),
        ] {
            let err = parse_heap(text).unwrap_err();
            assert!(err.contains(word), "{text:?}: {err}");
        }
        let err = parse_heaps(&["1", "x"]).unwrap_err().to_string();
        assert_eq!(
            err,
            "component 2 of the position, 'x': not a number: a heap size is a whole number of tokens, 0 or more"
        );
    }

    proptest! {
        #[test]
        fn heap_parse_round_trips(digits in "[0-9]{1,120}") {
            let parsed = parse_heap(&digits).unwrap();
            let canonical = digits.trim_start_matches('0');
            let canonical = if canonical.is_empty() { "0" } else { canonical };
            prop_assert_eq!(parsed.to_string(), canonical);
        }
    }
}
