//! `period` for any game: the door's side of [`PeriodReport`], which knows games (a heap game
//! goes to its engines and theorems, any other one-parameter family is looked at as far as it
//! was checked). The sequence engines below know heap games only.

use super::Game;
use crate::error::Result;
use crate::limits::Limits;
use crate::sequence::{PeriodReport, RunOptions};

impl PeriodReport {
    /// `period` for any game: a heap game by its engines and theorems, any other one-parameter
    /// family ([`PeriodReport::observe`]) as far as it was checked.
    pub fn for_game(
        game: &dyn Game,
        max: u64,
        options: &RunOptions,
        limits: &Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<PeriodReport> {
        match game.heap_game() {
            Some(heap_game) => PeriodReport::compute(&heap_game, max, options, limits, progress),
            None => Self::observe(game, max, limits, progress),
        }
    }

    /// What can be said of a family no periodicity theorem covers (a script's `heap(n)`): how
    /// far it was checked, and an ultimately periodic or arithmetic-periodic pattern the values
    /// show, never called proven.
    pub fn observe(
        game: &dyn Game,
        max: u64,
        limits: &Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<PeriodReport> {
        let mut values: Vec<u32> = Vec::new();
        let mut visit = |n: u64, value: &crate::solve::loopy::LoopyValue| {
            progress(n as usize);
            values.push(value.finite().map_or(u32::MAX, |v| v.min(u64::from(u32::MAX - 1)) as u32));
            Ok(())
        };
        match game.family_values(max, limits, &mut visit) {
            Some(result) => result?,
            None => {
                return Err(crate::error::Error::BadArgument {
                    argument: "GAME".into(),
                    problem: format!("{} has no one-parameter family", game.name()),
                })
            }
        }
        let observed = crate::sequence::period::periodic_candidate(&values)
            .or_else(|| crate::sequence::period::arithmetic_candidate(&values));
        Ok(PeriodReport::NotProven {
            game: game.name(),
            checked_to: values.len().saturating_sub(1) as u64,
            observed,
        })
    }
}
