//! The one answer path for any ruleset.
//!
//! Normal play by the component theory: each component's value from the [`ValueSolver`]
//! (memoized; Smith's values where a cycle is met), the value of the sum, and every move to an
//! option of the value that makes the sum 0, listed so that the first one makes progress in a
//! loopy game. Misère play by the whole-position search. A family with closed forms overrides
//! only what it knows better ([`crate::games::Rules`]) and calls the pieces here for the rest.

use super::Rules;
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::Result;
use crate::limits::Limits;
use crate::ruleset::{options_within, Options, Ruleset};
use crate::solve::loopy::LoopyValue;
use crate::solve::retrograde::TerminalRule;
use crate::solve::sum::{outcome_of, sum_value, winning_target};
use crate::solve::values::ValueSolver;
use crate::solve::whole::solve_whole;

/// How the parts of an option are written: each part by `format`, and an option that leaves
/// nothing as `empty` (a heap `0`) where the game writes an emptied component.
pub struct Writer<'a, P> {
    /// One component as text.
    pub format: &'a dyn Fn(&P) -> String,
    /// What an emptied component is written as, if the game keeps its place.
    pub empty: Option<String>,
}

impl<P> Writer<'_, P> {
    /// The texts of an option's parts.
    pub fn parts(&self, parts: &[P]) -> Vec<String> {
        if parts.is_empty() {
            return self.empty.iter().cloned().collect();
        }
        parts.iter().map(self.format).collect()
    }
}

/// Normal play of a sum by the component theory: each component's value (finite or Smith's
/// ∞), the value of the sum, and every move to an option of the value that makes the sum 0.
pub fn analyze_sum<R: Ruleset + ?Sized>(
    game: String,
    ruleset: &R,
    components: &[R::Position],
    value: &mut dyn FnMut(&R::Position) -> Result<LoopyValue>,
    writer: &Writer<'_, R::Position>,
    limits: &Limits,
) -> Result<Analysis> {
    let values: Vec<LoopyValue> = components.iter().map(&mut *value).collect::<Result<_>>()?;
    let total = sum_value(&values);
    let texts: Vec<String> = components.iter().map(writer.format).collect();
    let mut winning_moves = Vec::new();
    let mut budget = crate::analysis::MoveBudget::new(&texts);
    let mut options = Options::new();
    for (component_idx, component) in components.iter().enumerate() {
        let Some(target) = winning_target(&values, component_idx) else { continue };
        options_within(ruleset, component, &mut options, limits)?;
        for parts in options.iter() {
            let part_values: Vec<LoopyValue> =
                parts.iter().map(&mut *value).collect::<Result<_>>()?;
            if sum_value(&part_values) == LoopyValue::Finite(target) {
                budget.charge(limits)?;
                winning_moves.push(MoveReport::new(&texts, component_idx, writer.parts(parts)));
            }
        }
    }
    Ok(Analysis {
        game,
        convention: Convention::Normal,
        components: texts
            .iter()
            .zip(&values)
            .map(|(text, v)| ComponentReport {
                position: text.clone(),
                value: Some(v.into()),
                genus: None,
            })
            .collect(),
        value: Some(Value::from(&total)),
        outcome: outcome_of(&total),
        winning_moves,
        winning_moves_complete: true,
    })
}

/// Misère play (or any question the component theory does not answer) by searching the whole
/// position: no values, since misère sums do not add by XOR.
pub fn analyze_whole<R: Ruleset + ?Sized>(
    game: String,
    ruleset: &R,
    components: &[R::Position],
    writer: &Writer<'_, R::Position>,
    limits: &Limits,
) -> Result<Analysis> {
    let answer = solve_whole(ruleset, components, TerminalRule::MoverWins, limits)?;
    let texts: Vec<String> = components.iter().map(writer.format).collect();
    crate::analysis::MoveBudget::new(&texts)
        .charge_many(answer.winning_moves.len() as u64, limits)?;
    let winning_moves = answer
        .winning_moves
        .iter()
        .map(|m| MoveReport::new(&texts, m.component, writer.parts(&m.to)))
        .collect();
    Ok(Analysis {
        game,
        convention: Convention::Misere,
        components: ComponentReport::without_values(texts),
        value: None,
        outcome: answer.outcome,
        winning_moves,
        winning_moves_complete: true,
    })
}

/// The whole answer from the rules alone: values by the [`ValueSolver`] under normal play
/// (winning moves in a loopy region ordered by Smith's counter, so the first one never walks
/// round a cycle), the whole-position search under misère play.
pub fn by_rules<R: Rules + ?Sized>(
    rules: &R,
    position: &[R::Position],
    convention: Convention,
    limits: &Limits,
) -> Result<Analysis> {
    let format = |p: &R::Position| rules.show_component(p);
    let writer = Writer { format: &format, empty: rules.empty_component().map(|p| format(&p)) };
    match convention {
        Convention::Misere => analyze_whole(rules.name(), rules, position, &writer, limits),
        Convention::Normal => {
            let mut solver = ValueSolver::new(rules, limits.clone());
            let mut answer = {
                let mut value = |p: &R::Position| solver.value(p);
                analyze_sum(rules.name(), rules, position, &mut value, &writer, limits)?
            };
            order_by_counter(rules, position, &mut answer, &mut solver, limits)?;
            Ok(answer)
        }
    }
}

/// Puts the winning moves that make the most progress first (the smallest Smith counter of the
/// component moved to): playing the first listed move never circles while a win is there.
fn order_by_counter<R: Rules + ?Sized>(
    rules: &R,
    position: &[R::Position],
    answer: &mut Analysis,
    solver: &mut ValueSolver<'_, R>,
    limits: &Limits,
) -> Result<()> {
    if answer.winning_moves.len() < 2 {
        return Ok(());
    }
    let mut keys = Vec::with_capacity(answer.winning_moves.len());
    let mut options = Options::new();
    for (component_idx, component) in position.iter().enumerate() {
        if !answer.winning_moves.iter().any(|m| m.component == component_idx) {
            continue;
        }
        options_within(rules, component, &mut options, limits)?;
        for parts in options.iter() {
            let key = parts.iter().filter_map(|p| solver.counter(p)).max().unwrap_or(0);
            let texts: Vec<String> = if parts.is_empty() {
                rules.empty_component().map(|p| rules.show_component(&p)).into_iter().collect()
            } else {
                parts.iter().map(|p| rules.show_component(p)).collect()
            };
            keys.push((component_idx, texts, key));
        }
    }
    answer.winning_moves.sort_by_key(|m| {
        keys.iter()
            .find(|(idx, texts, _)| *idx == m.component && *texts == m.to)
            .map_or(u64::MAX, |(_, _, key)| *key)
    });
    Ok(())
}

/// Every legal move of `position` with the outcome and remoteness of what it leaves, by the
/// whole-position search.
pub fn ranked_moves<R: Rules + ?Sized>(
    rules: &R,
    position: &[R::Position],
    convention: Convention,
    limits: &Limits,
) -> Result<Vec<crate::analysis::RankedMove>> {
    let rule = match convention {
        Convention::Normal => TerminalRule::MoverLoses,
        Convention::Misere => TerminalRule::MoverWins,
    };
    let answer = solve_whole(rules, position, rule, limits)?;
    let format = |p: &R::Position| rules.show_component(p);
    let writer = Writer { format: &format, empty: rules.empty_component().map(|p| format(&p)) };
    let texts: Vec<String> = position.iter().map(writer.format).collect();
    crate::analysis::MoveBudget::new(&texts).charge_many(answer.moves.len() as u64, limits)?;
    Ok(answer
        .moves
        .into_iter()
        .map(|(m, outcome, remoteness)| crate::analysis::RankedMove {
            report: MoveReport::new(&texts, m.component, writer.parts(&m.to)),
            outcome,
            remoteness,
        })
        .collect())
}
