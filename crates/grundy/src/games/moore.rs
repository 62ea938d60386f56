//! Moore's Nim_K: heaps; a move takes tokens (any positive numbers) from at least one and at
//! most `K` heaps. The whole list of heaps is one game.
//!
//! Moore's theorem (1910): a position is a P-position exactly when, writing every heap in binary,
//! each column's count of 1s is a multiple of `K + 1`. For `K = 1` that is Bouton's nim-sum.

use super::{Family, Game, Spec};
use crate::analysis::{
    Analysis, Change, ComponentReport, Convention, MoveReport, RankedMove, Value,
};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::ruleset::{Options, Ruleset};
use crate::solve::acyclic::Memo;
use crate::solve::retrograde::TerminalRule;
use crate::solve::whole::solve_whole;
use num_bigint::BigUint;
use std::sync::Arc;

/// Whether the heaps form a P-position of Nim_K.
///
/// ```
/// use grundy::games::moore::is_p_position;
/// let heaps = |v: &[u32]| v.iter().map(|&h| h.into()).collect::<Vec<_>>();
/// assert!(is_p_position(&heaps(&[1, 1, 1]), 2));   // one column, three 1s
/// assert!(!is_p_position(&heaps(&[1, 1]), 2));     // take both at once
/// assert!(is_p_position(&heaps(&[3, 5, 6]), 1));   // Nim: 3 ^ 5 ^ 6 = 0
/// ```
pub fn is_p_position(heaps: &[BigUint], max_heaps_per_move: u64) -> bool {
    let n_bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    (0..n_bits).all(|bit| {
        (heaps.iter().filter(|h| h.bit(bit)).count() as u64).is_multiple_of(max_heaps_per_move + 1)
    })
}

/// One winning move by the constructive proof of Moore's theorem, as the heaps after it.
///
/// From the top bit down, heaps already reduced ("free") may take any lower bits. At each bit,
/// with `r` the column's count of 1s among heaps not yet reduced, taken mod `K + 1`: if the free
/// heaps can top the count up to `K + 1`, some of them get a 1; otherwise `r` heaps with a 1 in
/// this column are reduced (their 1 becomes 0) and join the free ones, which get 0. At most `K`
/// heaps are ever reduced.
pub fn constructive_move(heaps: &[BigUint], max_heaps_per_move: u64) -> Option<Vec<BigUint>> {
    if is_p_position(heaps, max_heaps_per_move) {
        return None;
    }
    let modulus = max_heaps_per_move + 1;
    let n_bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    let mut after: Vec<BigUint> = heaps.to_vec();
    let mut free = vec![false; heaps.len()];
    for bit in (0..n_bits).rev() {
        let residue =
            (0..heaps.len()).filter(|&i| !free[i] && heaps[i].bit(bit)).count() as u64 % modulus;
        let free_heaps: Vec<usize> = (0..heaps.len()).filter(|&i| free[i]).collect();
        if residue == 0 {
            free_heaps.iter().for_each(|&i| after[i].set_bit(bit, false));
        } else if residue + free_heaps.len() as u64 >= modulus {
            let ones_needed = (modulus - residue) as usize;
            for (rank, &i) in free_heaps.iter().enumerate() {
                after[i].set_bit(bit, rank < ones_needed);
            }
        } else {
            free_heaps.iter().for_each(|&i| after[i].set_bit(bit, false));
            let reduce: Vec<usize> = (0..heaps.len())
                .filter(|&i| !free[i] && heaps[i].bit(bit))
                .take(residue as usize)
                .collect();
            for i in reduce {
                after[i].set_bit(bit, false);
                free[i] = true;
            }
        }
    }
    Some(after)
}

/// Every winning move, by enumerating the moves, when there are at most `limit` of them;
/// `None` when there are more.
pub fn winning_moves_enumerated(
    heaps: &[u64],
    max_heaps_per_move: u64,
    limit: u64,
) -> Option<Vec<Vec<u64>>> {
    let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
    if is_p_position(&big, max_heaps_per_move) {
        return Some(Vec::new());
    }
    let mut found = Vec::new();
    let mut count: u64 = 0;
    let complete = for_each_move(heaps, max_heaps_per_move, &mut |after| {
        count += 1;
        if count > limit {
            return false;
        }
        let big: Vec<BigUint> = after.iter().map(|&h| BigUint::from(h)).collect();
        if is_p_position(&big, max_heaps_per_move) {
            found.push(after.to_vec());
        }
        true
    });
    complete.then_some(found)
}

/// Calls `visit` with the heaps after every move (a new size, smaller, for 1 to `K` heaps), in
/// order, until it returns false; returns whether every move was visited.
fn for_each_move(
    heaps: &[u64],
    max_heaps_per_move: u64,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    fn walk(
        heaps: &[u64],
        idx: usize,
        changed: u64,
        max_changed: u64,
        after: &mut Vec<u64>,
        visit: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if idx == heaps.len() {
            return changed == 0 || visit(after);
        }
        if !walk(heaps, idx + 1, changed, max_changed, after, visit) {
            return false;
        }
        if changed < max_changed {
            for to in 0..heaps[idx] {
                after[idx] = to;
                if !walk(heaps, idx + 1, changed + 1, max_changed, after, visit) {
                    after[idx] = heaps[idx];
                    return false;
                }
            }
            after[idx] = heaps[idx];
        }
        true
    }
    let mut after = heaps.to_vec();
    walk(heaps, 0, 0, max_heaps_per_move, &mut after, visit)
}

/// Nim_K as a ruleset on the whole list of heaps (one position; for search and tests).
#[derive(Debug, Clone, Copy)]
pub struct Moore {
    /// The most heaps one move may take from.
    pub max_heaps_per_move: u64,
}

impl Ruleset for Moore {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, options: &mut Options<Vec<u64>>) -> Result<()> {
        for_each_move(heaps, self.max_heaps_per_move, &mut |after| {
            options.push_one(after.to_vec());
            !options.overflowed()
        });
        Ok(())
    }
}

/// `moore:K` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct MooreFamily;

impl Family for MooreFamily {
    fn syntax(&self) -> &'static str {
        "moore:K"
    }
    fn about(&self) -> &'static str {
        "Moore's Nim_K: take from 1 to K heaps at once (the whole list of heaps is one game)"
    }
    fn component(&self) -> &'static str {
        "a heap size"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let k = spec.lower.strip_prefix("moore:")?;
        Some(match super::parse_count(k).ok().filter(|&k| k >= 1) {
            Some(max_heaps_per_move) => {
                Ok(Arc::new(Moore { max_heaps_per_move }) as Arc<dyn Game>)
            }
            None => Err(spec.bad(format!(
                "'{k}' is not a valid K: moore:K takes from 1 to K heaps a move, K a whole number ≥ 1"
            ))),
        })
    }
}

impl Moore {
    fn name(&self) -> String {
        format!("moore:{}", self.max_heaps_per_move)
    }

    /// The report of the move from `before` to `after`: every heap it changes.
    fn report<T: PartialEq + ToString + Clone + std::ops::Sub<Output = T>>(
        &self,
        before: &[T],
        after: &[T],
    ) -> MoveReport {
        let texts: Vec<String> = before.iter().map(ToString::to_string).collect();
        let changed: Vec<usize> = (0..before.len()).filter(|&i| after[i] != before[i]).collect();
        let first = changed.first().copied().unwrap_or(0);
        let changes: Vec<Change> = changed
            .iter()
            .map(|&i| Change { component: i, from: texts[i].clone(), to: after[i].to_string() })
            .collect();
        use crate::analysis::{WordArg, Words};
        let parts: Vec<Words> = changed
            .iter()
            .map(|&i| {
                Words::new(
                    "move-take-from",
                    [
                        (
                            "count",
                            WordArg::Text((before[i].clone() - after[i].clone()).to_string()),
                        ),
                        ("heap", WordArg::Number(i as u64 + 1)),
                    ],
                )
            })
            .collect();
        let words = Words::new("move-take-heaps", [("parts", WordArg::Phrases(parts))]);
        MoveReport {
            component: first,
            from: texts[first].clone(),
            to: vec![after[first].to_string()],
            after: after.iter().map(ToString::to_string).collect(),
            description: Some(words.render(crate::i18n::Lang::En)),
            words: Some(words),
            changes,
        }
    }

    /// Moore positions are searched for their Grundy value when they have at most
    /// `Limits::max_value_search` sub-positions, and their winning moves enumerated when there
    /// are at most `Limits::max_moves_listed`.
    fn normal_play(&self, heaps: &[BigUint], limits: &Limits) -> Analysis {
        let k = self.max_heaps_per_move;
        let texts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
        let word_heaps: Option<Vec<u64>> = heaps.iter().map(|h| u64::try_from(h).ok()).collect();
        let is_p = is_p_position(heaps, k);
        let mut complete = true;
        let winning_moves: Vec<MoveReport> = match &word_heaps {
            _ if is_p => Vec::new(),
            Some(words) => match winning_moves_enumerated(words, k, limits.max_moves_listed) {
                Some(found) => found.iter().map(|after| self.report(words, after)).collect(),
                None => {
                    complete = false;
                    let after = constructive_move(heaps, k).unwrap_or_default();
                    vec![self.report(heaps, &after)]
                }
            },
            None => {
                complete = false;
                let after = constructive_move(heaps, k).unwrap_or_default();
                vec![self.report(heaps, &after)]
            }
        };
        let n_positions: Option<u64> = word_heaps
            .as_ref()
            .and_then(|w| w.iter().try_fold(1u64, |acc, &h| acc.checked_mul(h.checked_add(1)?)));
        let value = match (&word_heaps, n_positions) {
            (Some(words), Some(n)) if n <= limits.max_value_search => {
                let mut sorted = words.clone();
                sorted.sort_unstable();
                Memo::new(self).grundy_value(&sorted).ok().map(|v| Value::Nimber(v.into()))
            }
            _ => None,
        };
        Analysis {
            game: self.name(),
            convention: Convention::Normal,
            components: ComponentReport::without_values(texts),
            value,
            outcome: if is_p { Outcome::P } else { Outcome::N },
            winning_moves,
            winning_moves_complete: complete,
        }
    }

    fn misere_play(&self, heaps: &[BigUint], limits: &Limits) -> Result<Analysis> {
        let texts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
        let words: Vec<u64> = heaps
            .iter()
            .enumerate()
            .map(|(idx, h)| {
                u64::try_from(h).map_err(|_| Error::BadComponent {
                    number: idx + 1,
                    text: texts[idx].clone(),
                    problem: "misère Nim_K is searched, which needs heaps below 2^64".into(),
                })
            })
            .collect::<Result<_>>()?;
        let answer =
            solve_whole(self, std::slice::from_ref(&words), TerminalRule::MoverWins, limits)?;
        Ok(Analysis {
            game: self.name(),
            convention: Convention::Misere,
            components: ComponentReport::without_values(texts),
            value: None,
            outcome: answer.outcome,
            winning_moves: answer
                .winning_moves
                .iter()
                .map(|m| self.report(&words, &m.to[0]))
                .collect(),
            winning_moves_complete: true,
        })
    }
}

/// Nim_K is not a sum: the whole list of heaps is one position, and a move may change several
/// heaps at once, so it answers as a [`Game`] of its own rather than through [`super::Rules`].
impl Game for Moore {
    fn name(&self) -> String {
        Moore::name(self)
    }

    fn solve(
        &self,
        components: &[&str],
        convention: Convention,
        limits: &Limits,
    ) -> Result<Analysis> {
        let heaps = super::parse_heaps(components)?;
        match convention {
            Convention::Normal => Ok(self.normal_play(&heaps, limits)),
            Convention::Misere => self.misere_play(&heaps, limits),
        }
    }

    fn explain(
        &self,
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        limits: &Limits,
    ) -> Result<String> {
        let heaps = super::parse_heaps(&analysis.positions())?;
        if analysis.convention == Convention::Misere {
            return Ok(crate::games::explain_sum(self, analysis, lang, limits, true));
        }
        Ok(crate::explain::moore(&heaps, self.max_heaps_per_move, analysis, lang))
    }

    fn is_one_game(&self) -> bool {
        true
    }

    fn legal_moves(&self, components: &[&str], limits: &Limits) -> Result<Vec<MoveReport>> {
        let words = self.word_heaps(components)?;
        let mut moves = Vec::new();
        let mut count = 0usize;
        for_each_move(&words, self.max_heaps_per_move, &mut |after| {
            count += 1;
            if count > limits.max_options {
                return false;
            }
            moves.push(self.report(&words, after));
            true
        });
        if count > limits.max_options {
            return Err(Error::limit(
                crate::limits::Limit::Options,
                limits.max_options as u64,
                format!("the position has more than {} moves", limits.max_options),
            ));
        }
        Ok(moves)
    }

    fn ranked_moves(
        &self,
        components: &[&str],
        convention: Convention,
        limits: &Limits,
    ) -> Result<Vec<RankedMove>> {
        let words = self.word_heaps(components)?;
        let rule = match convention {
            Convention::Normal => TerminalRule::MoverLoses,
            Convention::Misere => TerminalRule::MoverWins,
        };
        let answer = solve_whole(self, std::slice::from_ref(&words), rule, limits)?;
        Ok(answer
            .moves
            .into_iter()
            .map(|(m, outcome, remoteness)| RankedMove {
                report: self.report(&words, &m.to[0]),
                outcome,
                remoteness,
            })
            .collect())
    }

    fn draw(&self, components: &[&str], lang: crate::i18n::Lang) -> Result<String> {
        let heaps = super::parse_heaps(components)?;
        Ok(heaps
            .iter()
            .enumerate()
            .map(|(idx, heap)| format!("  {}: {}", idx + 1, super::heap::draw_heap(heap, lang)))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    fn canonical(&self, components: &[&str]) -> Result<Vec<String>> {
        Ok(super::parse_heaps(components)?.iter().map(ToString::to_string).collect())
    }

    fn tokens(&self, components: &[&str]) -> Option<u128> {
        let words = self.word_heaps(components).ok()?;
        Some(words.iter().map(|&h| u128::from(h)).sum())
    }
}

impl Moore {
    fn word_heaps(&self, components: &[&str]) -> Result<Vec<u64>> {
        let heaps = super::parse_heaps(components)?;
        heaps
            .iter()
            .enumerate()
            .map(|(idx, h)| {
                u64::try_from(h).map_err(|_| Error::BadComponent {
                    number: idx + 1,
                    text: h.to_string(),
                    problem: "moves of heaps this large are not listed".into(),
                })
            })
            .collect()
    }
}
