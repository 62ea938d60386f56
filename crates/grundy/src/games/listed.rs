//! A game given by explicit lists: position `i` (a number) has the options `moves[i]`, each a
//! list of parts (several for a move that splits, none for a move that empties the component).
//! Generated games are written this way (the tests of the solvers and of `explore`, which
//! compare engines on random games with splits and cycles); it has no GAME string.

use super::Rules;
use crate::error::{Error, Result};
use crate::ruleset::{Options, Ruleset};

/// Positions `0..moves.len()`, with their options listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedGame {
    /// The options of each position.
    pub moves: Vec<Vec<Vec<u32>>>,
}

impl Ruleset for ListedGame {
    type Position = u32;

    fn options(&self, position: &u32, options: &mut Options<u32>) -> Result<()> {
        let moves = self.moves.get(*position as usize).ok_or_else(|| {
            Error::rules("listed", format!("position {position} is not one of the game's"))
        })?;
        for parts in moves {
            options.push(parts.iter().copied());
        }
        Ok(())
    }
}

impl Rules for ListedGame {
    fn name(&self) -> String {
        "listed".into()
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<u32> {
        match text.parse::<u32>() {
            Ok(n) if (n as usize) < self.moves.len() => Ok(n),
            _ => Err(crate::error::Error::invalid(format!(
                "not a position: positions are 0 to {}",
                self.moves.len().saturating_sub(1)
            ))),
        }
    }

    fn show_component(&self, position: &u32) -> String {
        position.to_string()
    }
}
