//! The coin-turning families' doors ([`crate::rules::coins`]): `turning-turtles`,
//! `mock-turtles`, `ruler`, `twins` (a component is the place of one head) and
//! `turning-corners` (a head at `x,y`). Values by the theorems (odious numbers, the ruler
//! function, the nim-product by the Tartan theorem); every winning move found among the head's
//! moves, said as the coins it turns. Misère play goes the generic way.

use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::Result;
use crate::limits::Limits;
use crate::outcome::Outcome;
pub use crate::rules::coin_sets::*;
pub use crate::rules::coins::*;
use crate::ruleset::{options_within, Options};
use crate::table::PairTable;
use std::sync::Arc;

/// One of the row games in the registry.
#[derive(Debug, Clone, Copy)]
pub struct CoinFamily {
    /// Which.
    pub rule: CoinRule,
}

impl Family for CoinFamily {
    fn syntax(&self) -> &'static str {
        self.rule.name()
    }
    fn about(&self) -> &'static str {
        match self.rule {
            CoinRule::TurningTurtles => {
                "coins in a row: turn a head, and at most one coin to its left"
            }
            CoinRule::MockTurtles => {
                "coins in a row: turn a head and at most two coins to its left"
            }
            CoinRule::Ruler => "coins in a row: turn a run of coins ending at a head",
            CoinRule::Twins => "coins in a row: turn a head and one coin to its left",
        }
    }
    fn component(&self) -> &'static str {
        match self.rule.first_place() {
            0 => "the place of one head, from 0: 5",
            _ => "the place of one head, from 1: 5",
        }
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == self.rule.name())
            .then(|| Ok(Arc::new(CoinRow { rule: self.rule }) as Arc<dyn Game>))
    }
}

/// `turning-corners` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct CornersFamily;

impl Family for CornersFamily {
    fn syntax(&self) -> &'static str {
        "turning-corners"
    }
    fn about(&self) -> &'static str {
        "coins on a grid: turn the four corners of a rectangle whose far corner is a head"
    }
    fn component(&self) -> &'static str {
        "the place x,y of one head, from 0: 3,5"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "turning-corners").then(|| Ok(Arc::new(TurningCorners) as Arc<dyn Game>))
    }
}

/// `coins:S` in the registry: the coin-turning game of your own move set.
#[derive(Debug, Clone, Copy)]
pub struct CoinSetFamily;

impl Family for CoinSetFamily {
    fn syntax(&self) -> &'static str {
        "coins:S"
    }
    fn about(&self) -> &'static str {
        "coins in a row: turn k coins for k in the set S (the rightmost a head), e.g. coins:1,2,3"
    }
    fn component(&self) -> &'static str {
        "the place of one head, from 0: 5"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let rest = spec.after_prefix("coins:")?;
        Some((|| {
            let counts =
                super::parse_word_list(rest, "number of coins").map_err(|p| spec.bad(p))?;
            let counts: Vec<u32> =
                counts.into_iter().map(|k| u32::try_from(k).unwrap_or(u32::MAX)).collect();
            let game = CoinSet::new(counts).map_err(|p| spec.bad(p))?;
            Ok(Arc::new(game) as Arc<dyn Game>)
        })())
    }
}

impl Rules for CoinSet {
    fn name(&self) -> String {
        CoinSet::name(self)
    }

    fn parse_component(&self, text: &str) -> std::result::Result<u64, String> {
        super::parse_word(text)
    }

    fn show_component(&self, place: &u64) -> String {
        place.to_string()
    }

    /// Values by the definition (the value solver), winning moves said as the coins to turn.
    fn normal_play(&self, heads: &[u64], limits: &Limits) -> Option<Result<Analysis>> {
        let mut solver = crate::solve::values::ValueSolver::new(self, limits.clone());
        let mut known = std::collections::HashMap::new();
        let mut options = Options::new();
        let mut learn =
            |place: u64, known: &mut std::collections::HashMap<u64, u64>| -> Result<()> {
                if known.contains_key(&place) {
                    return Ok(());
                }
                let value = solver.value(&place)?.finite().expect("coin games always end");
                known.insert(place, value);
                Ok(())
            };
        for &head in heads {
            let learned = learn(head, &mut known).and_then(|()| {
                options_within(self, &head, &mut options, limits)?;
                for &part in options.all_components() {
                    learn(part, &mut known)?;
                }
                Ok(())
            });
            if let Err(error) = learned {
                if !error.is_limit() {
                    return Some(Err(error));
                }
            }
        }
        // A head whose value could not be had within the limits leaves no answer.
        if heads.iter().any(|head| !known.contains_key(head)) {
            return Some(Err(crate::error::Error::limit(
                crate::error::Limit::Options,
                limits.max_options as u64,
                format!("a head of {} has too many moves to solve", CoinSet::name(self)),
            )));
        }
        Some(heads_answer(
            self,
            heads,
            |place| known.get(place).copied().unwrap_or(0),
            |&n, parts| {
                let mut places = vec![n.to_string()];
                places.extend(parts.iter().rev().map(u64::to_string));
                turned(&places)
            },
            limits,
        ))
    }
}

/// "turn coins 7, 3 and 1" (places in decreasing order).
fn turned(places: &[String]) -> String {
    match places {
        [one] => format!("turn coin {one}"),
        [rest @ .., last] => format!("turn coins {} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// The answer of a sum of heads whose values `value` gives, each head's winning moves found
/// among its moves (all of them, unless a head has more than the options limit).
fn heads_answer<R: Rules>(
    rules: &R,
    heads: &[R::Position],
    value: impl Fn(&R::Position) -> u64,
    describe: impl Fn(&R::Position, &[R::Position]) -> String,
    limits: &Limits,
) -> Result<Analysis> {
    let values: Vec<u64> = heads.iter().map(&value).collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let texts: Vec<String> = heads.iter().map(|h| rules.show_component(h)).collect();
    let mut winning_moves = Vec::new();
    let mut complete = true;
    let mut budget = crate::analysis::MoveBudget::new(&texts);
    let mut options = Options::new();
    if total != 0 {
        for (idx, head) in heads.iter().enumerate() {
            // An option may be worth more than its position (a mex leaves larger values free),
            // so every head's moves are looked at, not only those of heads worth more.
            let target = total ^ values[idx];
            if let Err(error) = options_within(rules, head, &mut options, limits) {
                if error.is_limit() {
                    complete = false;
                    continue;
                }
                return Err(error);
            }
            for parts in options.iter() {
                if parts.iter().fold(0, |acc, p| acc ^ value(p)) != target {
                    continue;
                }
                budget.charge(limits)?;
                let to: Vec<String> = parts.iter().map(|p| rules.show_component(p)).collect();
                winning_moves
                    .push(MoveReport::new(&texts, idx, to).described(describe(head, parts)));
            }
        }
    }
    let components = heads
        .iter()
        .zip(&texts)
        .zip(&values)
        .map(|((_, text), v)| ComponentReport {
            position: text.clone(),
            value: Some(Value::Nimber((*v).into())),
            genus: None,
        })
        .collect();
    Ok(Analysis {
        game: rules.name(),
        convention: Convention::Normal,
        components,
        value: Some(Value::Nimber(total.into())),
        outcome: if total == 0 { Outcome::P } else { Outcome::N },
        winning_moves,
        winning_moves_complete: complete,
    })
}

impl Rules for CoinRow {
    fn name(&self) -> String {
        self.rule.name().into()
    }

    fn parse_component(&self, text: &str) -> std::result::Result<u64, String> {
        let place = super::parse_word(text)?;
        let first = self.rule.first_place();
        if place < first {
            return Err(format!("places of {} are numbered from {first}", self.rule.name()));
        }
        Ok(place)
    }

    fn show_component(&self, place: &u64) -> String {
        place.to_string()
    }

    fn draw_component(&self, &place: &u64, _lang: crate::i18n::Lang) -> String {
        if place > 60 {
            return format!("a head at {place}");
        }
        let first = self.rule.first_place();
        let row: String = (first..=place).map(|p| if p == place { 'H' } else { 't' }).collect();
        format!("{row}   (head at {place})")
    }

    fn normal_play(&self, heads: &[u64], limits: &Limits) -> Option<Result<Analysis>> {
        let rule = self.rule;
        Some(heads_answer(
            self,
            heads,
            |&n| rule.value(n),
            |&n, parts| {
                if rule == CoinRule::Ruler && parts.len() > 1 {
                    return format!("turn coins {} to {n}", parts[0]);
                }
                let mut places = vec![n.to_string()];
                places.extend(parts.iter().rev().map(u64::to_string));
                turned(&places)
            },
            limits,
        ))
    }
}

impl Rules for TurningCorners {
    fn name(&self) -> String {
        "turning-corners".into()
    }

    fn parse_component(&self, text: &str) -> std::result::Result<(u64, u64), String> {
        match super::parse_word_list(text, "coordinate")?[..] {
            [x, y] => Ok((x, y)),
            _ => Err("a head is its place x,y, like 3,5".into()),
        }
    }

    fn show_component(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x},{y}")
    }

    fn normal_play(&self, heads: &[(u64, u64)], limits: &Limits) -> Option<Result<Analysis>> {
        Some(heads_answer(
            self,
            heads,
            |&(x, y)| corners_value(x, y),
            |&(x, y), parts| {
                let (a, b) = parts[0];
                format!("turn the corners {x},{y}, {a},{y}, {x},{b} and {a},{b}")
            },
            limits,
        ))
    }

    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        Some(crate::table::checked_size(size, limits).map(|size| {
            PairTable::from_fn("turning-corners", size, |x, y| corners_value(x as u64, y as u64))
        }))
    }

    fn table_formula(&self) -> Option<(&'static str, &'static str)> {
        Some(("x ⊗ y", "the Tartan theorem: Turning Corners is the product of Twins with Twins"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::generic::by_rules;

    /// The general family restates the named ones: Mock Turtles is coins:1,2,3, Twins coins:2,
    /// and Turning Turtles coins:1,2 one place further right.
    #[test]
    fn coin_sets_restate_the_named_games() {
        let limits = Limits::default();
        let value = |game: &CoinSet, n: u64| {
            game.normal_play(&[n], &limits).unwrap().unwrap().value.unwrap().to_string()
        };
        let mock = CoinSet::new(vec![3, 1, 2]).unwrap();
        let twins = CoinSet::new(vec![2]).unwrap();
        let turtles = CoinSet::new(vec![1, 2]).unwrap();
        for n in 0..30 {
            assert_eq!(value(&mock, n), CoinRule::MockTurtles.value(n).to_string(), "{n}");
            assert_eq!(value(&twins, n), CoinRule::Twins.value(n).to_string(), "{n}");
            assert_eq!(
                value(&turtles, n),
                CoinRule::TurningTurtles.value(n + 1).to_string(),
                "{n}"
            );
        }
        assert_eq!(mock.name(), "coins:1,2,3");
        assert!(CoinSet::new(vec![0]).is_err() && CoinSet::new(vec![5]).is_err());
        let answer = mock.normal_play(&[3, 5, 9], &limits).unwrap().unwrap();
        let named = CoinRow { rule: CoinRule::MockTurtles }
            .normal_play(&[3, 5, 9], &limits)
            .unwrap()
            .unwrap();
        let sorted = |moves: &[MoveReport]| {
            let mut moves: Vec<Vec<String>> = moves.iter().map(|m| m.after.clone()).collect();
            moves.sort();
            moves
        };
        assert_eq!(sorted(&answer.winning_moves), sorted(&named.winning_moves));
        assert_eq!(answer.winning_moves.len(), 4);
    }

    /// The closed-form answer (value and every winning move) against the generic path's, which
    /// computes values by the definition.
    #[test]
    fn answers_are_the_generic_paths() {
        let limits = Limits::default();
        for rule in CoinRule::ALL {
            let row = CoinRow { rule };
            let first = rule.first_place();
            for a in first..9 {
                for b in first..9 {
                    for c in [first, 5, 11] {
                        let heads = [a, b, c];
                        let ours = row.normal_play(&heads, &limits).unwrap().unwrap();
                        let generic = by_rules(&row, &heads, Convention::Normal, &limits).unwrap();
                        assert_eq!(ours.value, generic.value, "{} {heads:?}", rule.name());
                        let strip = |moves: &[MoveReport]| {
                            let mut m: Vec<Vec<String>> =
                                moves.iter().map(|m| m.after.clone()).collect();
                            m.sort();
                            m
                        };
                        assert_eq!(
                            strip(&ours.winning_moves),
                            strip(&generic.winning_moves),
                            "{} {heads:?}",
                            rule.name()
                        );
                    }
                }
            }
        }
        for heads in [[(1u64, 1u64), (2, 3)], [(3, 3), (2, 2)], [(4, 5), (0, 7)]] {
            let ours = TurningCorners.normal_play(&heads, &limits).unwrap().unwrap();
            let generic = by_rules(&TurningCorners, &heads, Convention::Normal, &limits).unwrap();
            assert_eq!(ours.value, generic.value, "{heads:?}");
            assert_eq!(ours.winning_moves.len(), generic.winning_moves.len(), "{heads:?}");
        }
    }
}
