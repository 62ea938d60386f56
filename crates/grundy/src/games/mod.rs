//! The catalogue of rulesets, one module per family, and the parser for the GAME argument.

pub mod nim;

use crate::error::{Error, Result};
use num_bigint::BigUint;

/// A ruleset named by the GAME argument (spellings are case-insensitive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Game {
    /// Nim: take any positive number of tokens from one heap.
    Nim,
}

/// The spellings the parser accepts, for error messages.
const KNOWN_GAMES: &str = "nim";

impl std::str::FromStr for Game {
    type Err = Error;

    fn from_str(text: &str) -> Result<Game> {
        match text.trim().to_ascii_lowercase().as_str() {
            "nim" | "0.[3]" => Ok(Game::Nim),
            _ => Err(Error::UnknownGame { name: text.to_string(), known: KNOWN_GAMES }),
        }
    }
}

impl Game {
    /// The canonical name, as answers print it.
    pub fn name(&self) -> String {
        match self {
            Game::Nim => "nim".to_string(),
        }
    }
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
