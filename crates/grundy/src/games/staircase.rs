//! Staircase Nim, by its reduction to Nim (the pieces-on-a-line game of POJ 1704 reduces to it:
//! [`super::georgia_bob`]).
//!
//! Staircase Nim: coins on steps `0..=m` (step 0 is the ground); a move takes coins from step
//! `i ≥ 1` down to step `i − 1`. Coins on even steps are irrelevant: whatever the opponent moves
//! from an even step to an odd one, moving the same coins on down restores the position on odd
//! steps. So the game is Nim on the odd steps, and its Grundy value is their nim-sum.
//!
//! Pieces on a line: sort the pieces; the gaps (free cells before the first piece, between
//! neighbours) form a staircase read from the right. Moving piece `i` left by `d` shrinks its gap
//! by `d` and widens the next gap by `d`: coins going down one step, with the last gap draining to
//! the ground. The gaps on odd steps are the last gap, the third from last, and so on (the
//! lesson's "pair the pieces from the right; with an odd count, the first gap counts too").

use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::Result;
use crate::limits::Limits;
use crate::outcome::Outcome;
pub use crate::rules::staircase::*;
use crate::ruleset::{Options, Ruleset};
use std::sync::Arc;
/// `staircase` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct StaircaseFamily;

impl Family for StaircaseFamily {
    fn syntax(&self) -> &'static str {
        "staircase"
    }
    fn about(&self) -> &'static str {
        "Staircase Nim: move coins from a step down to the step below; step 0 is the ground"
    }
    fn component(&self) -> &'static str {
        "the coins on each step, ground first: 0,3,1,4"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "staircase").then(|| Ok(Arc::new(Staircase) as Arc<dyn Game>))
    }
}

/// Staircase Nim: a component is the list of coins on steps 0, 1, 2, … (0 is the ground).
#[derive(Debug, Clone, Copy, Default)]
pub struct Staircase;

impl Ruleset for Staircase {
    type Position = Vec<u64>;

    fn options(&self, steps: &Vec<u64>, options: &mut Options<Vec<u64>>) -> Result<()> {
        for step in 1..steps.len() {
            for coins in 1..=steps[step] {
                options.push_one(StairMove { step, coins }.apply(steps));
                if options.overflowed() {
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}

impl Rules for Staircase {
    fn name(&self) -> String {
        "staircase".into()
    }
    /// Normal play by the odd steps' Nim; misère play is searched.
    fn answers_at_once(&self, convention: Convention) -> bool {
        convention == Convention::Normal
    }
    fn parse_component(&self, text: &str) -> crate::error::Result<Vec<u64>> {
        let steps = super::parse_word_list(text, "number of coins")?;
        if steps.iter().try_fold(0u64, |sum, &coins| sum.checked_add(coins)).is_none() {
            return Err(crate::error::Error::invalid(
                "too many coins in all: their total must stay below 2^64",
            ));
        }
        Ok(steps)
    }
    fn show_component(&self, steps: &Vec<u64>) -> String {
        super::join(steps)
    }
    fn draw_component(&self, steps: &Vec<u64>, lang: crate::i18n::Lang) -> String {
        let rows: Vec<String> = steps
            .iter()
            .enumerate()
            .rev()
            .map(|(step, coins)| {
                let name = if step == 0 {
                    lang.tr0("play-board-ground")
                } else {
                    lang.tr("play-board-step", &crate::i18n::args![("step", step)])
                };
                format!("      {name:>7} {}", super::heap::draw_heap(coins, lang))
            })
            .collect();
        format!("{}\n{}", super::join(steps), rows.join("\n"))
    }
    fn component_tokens(&self, steps: &Vec<u64>) -> Option<u128> {
        // Coins on the ground are out of play.
        Some(steps.iter().skip(1).map(|&c| u128::from(c)).sum())
    }
    fn explain(
        &self,
        stairs: &[Vec<u64>],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        _limits: &Limits,
    ) -> Option<String> {
        (analysis.convention == Convention::Normal)
            .then(|| crate::explain::staircase(stairs, analysis, lang))
    }
    fn normal_play(&self, stairs: &[Vec<u64>], _limits: &Limits) -> Option<Result<Analysis>> {
        let values: Vec<u64> = stairs.iter().map(|s| value(s)).collect();
        let total = values.iter().fold(0, |acc, v| acc ^ v);
        let texts: Vec<String> = stairs.iter().map(|s| super::join(s)).collect();
        let mut winning_moves = Vec::new();
        for (idx, steps) in stairs.iter().enumerate() {
            for m in moves_to_value(steps, total ^ values[idx]) {
                use crate::analysis::{WordArg, Words};
                let words = Words::new(
                    "move-stair",
                    [
                        ("coins", WordArg::Number(m.coins)),
                        ("step", WordArg::Number(m.step as u64)),
                        ("below", WordArg::Number(m.step as u64 - 1)),
                    ],
                );
                winning_moves.push(
                    MoveReport::new(&texts, idx, vec![super::join(&m.apply(steps))])
                        .described(words),
                );
            }
        }
        Some(Ok(nim_like_answer("staircase", texts, &values, winning_moves)))
    }
}

/// The answer for a sum whose components' values are known nimbers.
pub(crate) fn nim_like_answer(
    game: &str,
    texts: Vec<String>,
    values: &[u64],
    winning_moves: Vec<MoveReport>,
) -> Analysis {
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    Analysis {
        game: game.into(),
        convention: Convention::Normal,
        components: texts
            .into_iter()
            .zip(values)
            .map(|(position, &v)| ComponentReport {
                position,
                value: Some(Value::Nimber(v.into())),
                genus: None,
            })
            .collect(),
        value: Some(Value::Nimber(total.into())),
        outcome: if total == 0 { Outcome::P } else { Outcome::N },
        winning_moves,
        winning_moves_complete: true,
    }
}
