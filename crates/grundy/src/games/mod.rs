//! The catalogue of rulesets, one module per family, and the parser for the GAME argument.

pub mod graph;
pub mod heap;
pub mod moore;
pub mod nim;
pub mod staircase;
pub mod wythoff;

use crate::error::{Error, Result};
use graph::GraphGame;
use heap::{HeapGame, HeapRules, OctalCode};

/// The largest element of a subtraction set: a code has one digit per removable amount.
const MAX_SET_ELEMENT: usize = 1 << 20;

/// Reads a subtraction set: positive whole numbers separated by commas, or ranges `a..b`.
///
/// ```
/// use grundy::games::parse_subtraction_set;
/// assert_eq!(parse_subtraction_set("4,1,3").unwrap(), [1, 3, 4]);
/// assert_eq!(parse_subtraction_set("1..3,7").unwrap(), [1, 2, 3, 7]);
/// assert!(parse_subtraction_set("1,0").unwrap_err().contains("'0'"));
/// assert!(parse_subtraction_set("").unwrap_err().contains("empty"));
/// ```
pub fn parse_subtraction_set(text: &str) -> std::result::Result<Vec<usize>, String> {
    if text.trim().is_empty() {
        return Err(
            "the subtraction set is empty: list the amounts a move may take, like sub:1,3,4".into(),
        );
    }
    let element = |item: &str| -> std::result::Result<usize, String> {
        let item = item.trim();
        match item.parse::<usize>() {
            Ok(0) => {
                Err(format!("'{item}' in the subtraction set: a move must take at least 1 token"))
            }
            Ok(value) if value > MAX_SET_ELEMENT => {
                Err(format!("'{item}' in the subtraction set is larger than {MAX_SET_ELEMENT}"))
            }
            Ok(value) => Ok(value),
            Err(_) if item.starts_with('-') => {
                Err(format!("'{item}' in the subtraction set is negative: amounts are positive"))
            }
            Err(_) => {
                Err(format!("'{item}' in the subtraction set is not a positive whole number"))
            }
        }
    };
    let mut set = Vec::new();
    for (idx, item) in text.split(',').enumerate() {
        if item.trim().is_empty() {
            return Err(format!("element {} of the subtraction set '{text}' is empty", idx + 1));
        }
        if let Some((low, high)) = item.split_once("..") {
            let (low, high) = (element(low)?, element(high)?);
            if low > high {
                return Err(format!("the range '{item}' in the subtraction set is empty"));
            }
            set.extend(low..=high);
        } else {
            set.push(element(item)?);
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}
use num_bigint::BigUint;
use std::sync::Arc;

/// A ruleset named by the GAME argument (spellings are case-insensitive), loaded and ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Game {
    /// Nim: take any positive number of tokens from one heap.
    Nim,
    /// A heap game: an octal or hexadecimal code (subtraction games, Lasker's Nim, the named
    /// Kayles family) or Grundy's game.
    Heap(heap::HeapGame),
    /// Wythoff's game; a component is a pair of heaps.
    Wythoff,
    /// Moore's Nim_K: the whole list of heaps is one game; a move takes from 1 to K heaps.
    Moore {
        /// K, the most heaps one move may take from.
        max_heaps_per_move: u64,
    },
    /// Staircase Nim; a component lists the coins on steps 0, 1, 2, … (0 is the ground).
    Staircase,
    /// Pieces on a line moving left (POJ 1704); a component lists the occupied cells.
    GeorgiaBob,
    /// An explicit game graph read from a file; a component is a token on a node.
    Graph {
        /// The path as the user gave it.
        path: String,
        /// The parsed graph.
        game: Arc<GraphGame>,
    },
}

/// The spellings the parser accepts, for error messages.
const KNOWN_GAMES: &str =
    "nim, sub:S, bounded:M, octal or hexadecimal codes such as 0.07 or 4.[3], \
                           kayles, dawson, treblecross, lasker, grundy, graph:PATH";

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
        let bad_game = |problem: String| Error::BadGame { name: text.to_string(), problem };
        if let Some(set) = lower.strip_prefix("sub:") {
            let set = parse_subtraction_set(set).map_err(bad_game)?;
            let name =
                format!("sub:{}", set.iter().map(usize::to_string).collect::<Vec<_>>().join(","));
            return Ok(Game::Heap(HeapGame {
                name,
                rules: HeapRules::Code(OctalCode::subtraction(&set)),
            }));
        }
        if let Some(bound) = lower.strip_prefix("bounded:") {
            let max_take: usize = bound.parse().ok().filter(|m| (1..=MAX_SET_ELEMENT).contains(m)).ok_or_else(|| {
                bad_game(format!(
                    "'{bound}' is not a bound: bounded:M takes 1 to M tokens, M a whole number from 1 to {MAX_SET_ELEMENT}"
                ))
            })?;
            let set: Vec<usize> = (1..=max_take).collect();
            let name = format!("bounded:{max_take}");
            return Ok(Game::Heap(HeapGame {
                name,
                rules: HeapRules::Code(OctalCode::subtraction(&set)),
            }));
        }
        if let Some(k) = lower.strip_prefix("moore:") {
            let max_heaps_per_move: u64 = k.parse().ok().filter(|&k| k >= 1).ok_or_else(|| {
                bad_game(format!(
                    "'{k}' is not a valid K: moore:K takes from 1 to K heaps a move, K a whole number ≥ 1"
                ))
            })?;
            return Ok(Game::Moore { max_heaps_per_move });
        }
        let named_code = match lower.as_str() {
            "nim" => return Ok(Game::Nim),
            "wythoff" => return Ok(Game::Wythoff),
            "staircase" => return Ok(Game::Staircase),
            "georgia-bob" => return Ok(Game::GeorgiaBob),
            "grundy" => {
                return Ok(Game::Heap(HeapGame { name: "grundy".into(), rules: HeapRules::Grundy }))
            }
            "kayles" => Some(("kayles", "0.77")),
            "dawson" => Some(("dawson", "0.07")),
            "treblecross" => Some(("treblecross", "0.007")),
            "lasker" => Some(("lasker", "4.[3]")),
            _ => None,
        };
        if let Some((name, code)) = named_code {
            let code: OctalCode = code.parse().map_err(bad_game)?;
            return Ok(Game::Heap(HeapGame { name: name.into(), rules: HeapRules::Code(code) }));
        }
        if lower.contains('.') && lower.starts_with(|c: char| c.is_ascii_hexdigit()) {
            let code: OctalCode = lower.parse().map_err(bad_game)?;
            if code.to_string() == "0.[3]" {
                return Ok(Game::Nim);
            }
            return Ok(Game::Heap(HeapGame {
                name: code.to_string(),
                rules: HeapRules::Code(code),
            }));
        }
        Err(Error::UnknownGame { name: text.to_string(), known: KNOWN_GAMES })
    }

    /// The game as a heap game, for games whose components are heaps (Nim is `0.[3]`).
    pub fn heap_game(&self) -> Option<HeapGame> {
        match self {
            Game::Nim => Some(HeapGame {
                name: "nim".into(),
                rules: HeapRules::Code("0.[3]".parse().expect("a valid code")),
            }),
            Game::Heap(game) => Some(game.clone()),
            _ => None,
        }
    }

    /// The canonical name, as answers print it.
    pub fn name(&self) -> String {
        match self {
            Game::Nim => "nim".to_string(),
            Game::Heap(game) => game.name.clone(),
            Game::Wythoff => "wythoff".to_string(),
            Game::Moore { max_heaps_per_move } => format!("moore:{max_heaps_per_move}"),
            Game::Staircase => "staircase".to_string(),
            Game::GeorgiaBob => "georgia-bob".to_string(),
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

/// Reads a comma-separated list of whole numbers (a Wythoff pair, a staircase, piece cells),
/// naming the bad element.
///
/// ```
/// use grundy::games::parse_number_list;
/// assert_eq!(parse_number_list("3,5").unwrap(), [3u32.into(), 5u32.into()]);
/// assert!(parse_number_list("3,,5").unwrap_err().contains("element 2"));
/// ```
pub fn parse_number_list(text: &str) -> std::result::Result<Vec<BigUint>, String> {
    text.split(',')
        .enumerate()
        .map(|(idx, item)| {
            parse_heap(item.trim())
                .map_err(|problem| format!("element {} ('{item}'): {problem}", idx + 1))
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
