//! Answers for the classic games with closed forms: Wythoff, Moore's Nim_K, Staircase Nim and
//! pieces on a line. Each uses its theorem for outcomes and winning moves, and falls back on the
//! general solvers only where no theorem answers (Grundy values of Wythoff sums, misère play).

use super::{
    analyze_sum, analyze_whole, replace_component, Analysis, ComponentReport, Convention,
    MoveReport, Value,
};
use crate::error::{Error, Result};
use crate::games::moore::{self, Moore};
use crate::games::staircase::{self, Pieces, Staircase};
use crate::games::wythoff::{self, GrundyTable, Wythoff};
use crate::games::{parse_heaps, parse_number_list};
use crate::solve::acyclic::Memo;
use crate::solve::loopy::LoopyValue;
use crate::solve::sum::outcome_of;
use crate::Outcome;
use num_bigint::BigUint;

/// Grundy values of Wythoff pairs (needed for sums of pairs) are tabled for heaps below this.
pub const WYTHOFF_TABLE_LIMIT: u64 = 4096;

/// Moore positions are searched for their Grundy value when they have at most this many
/// sub-positions, and their winning moves enumerated when there are at most this many moves.
const MOORE_SEARCH_LIMIT: u64 = 200_000;
const MOORE_MOVE_LIMIT: u64 = 1_000_000;

fn bad_component(idx: usize, text: &str, problem: impl Into<String>) -> Error {
    Error::BadComponent { number: idx + 1, text: text.to_string(), problem: problem.into() }
}

fn to_word(value: &BigUint, idx: usize, text: &str) -> Result<u64> {
    u64::try_from(value).map_err(|_| {
        bad_component(
            idx,
            text,
            format!("too large here: this answer needs numbers below {}", u64::MAX),
        )
    })
}

fn parse_lists<S: AsRef<str>>(components: &[S]) -> Result<Vec<Vec<BigUint>>> {
    components
        .iter()
        .enumerate()
        .map(|(idx, text)| {
            parse_number_list(text.as_ref())
                .map_err(|problem| bad_component(idx, text.as_ref(), problem))
        })
        .collect()
}

fn words<S: AsRef<str>>(components: &[S], lists: &[Vec<BigUint>]) -> Result<Vec<Vec<u64>>> {
    lists
        .iter()
        .enumerate()
        .map(|(idx, list)| list.iter().map(|v| to_word(v, idx, components[idx].as_ref())).collect())
        .collect()
}

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// Wythoff's game: outcome and winning moves of a single pair from the closed form (any size);
/// sums of pairs by Grundy values from the table.
pub fn solve_wythoff<S: AsRef<str>>(components: &[S], convention: Convention) -> Result<Analysis> {
    let lists = parse_lists(components)?;
    for (idx, list) in lists.iter().enumerate() {
        if list.len() != 2 {
            return Err(bad_component(
                idx,
                components[idx].as_ref(),
                "a Wythoff position is a pair of heaps, like 3,5",
            ));
        }
    }
    let game = "wythoff".to_string();
    if convention == Convention::Misere {
        let pairs: Vec<(u64, u64)> =
            words(components, &lists)?.iter().map(|p| (p[0], p[1])).collect();
        return analyze_whole(game, &Wythoff, &pairs, &|&(a, b)| format!("{a},{b}"));
    }
    if lists.len() == 1 {
        let (a, b) = (&lists[0][0], &lists[0][1]);
        let from = format!("{a},{b}");
        let small_enough =
            a < &BigUint::from(WYTHOFF_TABLE_LIMIT) && b < &BigUint::from(WYTHOFF_TABLE_LIMIT);
        let value = small_enough.then(|| {
            let (a, b) = (to_word(a, 0, "").unwrap_or(0), to_word(b, 0, "").unwrap_or(0));
            let table = GrundyTable::new(a.max(b) as usize + 1);
            Value::Nimber(table.value(a, b).unwrap_or(0).into())
        });
        let winning_moves = wythoff::winning_moves(a, b)
            .into_iter()
            .map(|(a2, b2)| {
                let to = if a2 == BigUint::ZERO && b2 == BigUint::ZERO {
                    vec![]
                } else {
                    vec![format!("{a2},{b2}")]
                };
                MoveReport {
                    component: 0,
                    from: from.clone(),
                    after: to.clone(),
                    to,
                    description: None,
                }
            })
            .collect::<Vec<_>>();
        let outcome = if winning_moves.is_empty() { Outcome::P } else { Outcome::N };
        return Ok(Analysis {
            game,
            convention,
            components: vec![ComponentReport { position: from, value: value.clone() }],
            value,
            outcome,
            winning_moves,
            winning_moves_complete: true,
        });
    }
    let pairs: Vec<(u64, u64)> = words(components, &lists)?.iter().map(|p| (p[0], p[1])).collect();
    let largest = pairs.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0);
    if largest >= WYTHOFF_TABLE_LIMIT {
        let idx = pairs.iter().position(|&(a, b)| a.max(b) == largest).unwrap_or(0);
        return Err(bad_component(
            idx,
            components[idx].as_ref(),
            format!(
                "a sum of Wythoff pairs needs their Grundy values, tabled for heaps below {WYTHOFF_TABLE_LIMIT} (a single pair of any size is decided by the closed form)"
            ),
        ));
    }
    let table = GrundyTable::new(largest as usize + 1);
    let mut answer = analyze_sum(
        game,
        &Wythoff,
        &pairs,
        &mut |&(a, b)| Ok(LoopyValue::Finite(u64::from(table.value(a, b).unwrap_or(0)))),
        &|&(a, b)| format!("{a},{b}"),
    )?;
    // A pair taken down to 0,0 has vanished.
    for m in &mut answer.winning_moves {
        if m.to == ["0,0"] {
            m.to.clear();
            m.after = replace_component(
                &answer.components.iter().map(|c| c.position.clone()).collect::<Vec<_>>(),
                m.component,
                &[],
            );
        }
    }
    Ok(answer)
}

/// Moore's Nim_K: the whole list of heaps is one position.
pub fn solve_moore<S: AsRef<str>>(
    k: u64,
    components: &[S],
    convention: Convention,
) -> Result<Analysis> {
    let heaps = parse_heaps(components)?;
    let game = format!("moore:{k}");
    let texts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let word_heaps: Option<Vec<u64>> = heaps.iter().map(|h| u64::try_from(h).ok()).collect();
    let describe = |after: &[u64], before: &[u64]| -> (usize, String) {
        let changed: Vec<String> = (0..before.len())
            .filter(|&i| after[i] != before[i])
            .map(|i| format!("{} from heap {}", before[i] - after[i], i + 1))
            .collect();
        let first = (0..before.len()).find(|&i| after[i] != before[i]).unwrap_or(0);
        (first, format!("take {}", changed.join(" and ")))
    };
    let report = |before: &[u64], after: &[u64]| -> MoveReport {
        let (first, description) = describe(after, before);
        MoveReport {
            component: first,
            from: before[first].to_string(),
            to: if after[first] == 0 { vec![] } else { vec![after[first].to_string()] },
            after: after.iter().map(u64::to_string).collect(),
            description: Some(description),
        }
    };
    if convention == Convention::Misere {
        let Some(words) = word_heaps else {
            return Err(bad_component(
                0,
                &texts[0],
                "misère Nim_K is searched, which needs heaps below 2^64",
            ));
        };
        let answer = crate::solve::whole::solve_whole(
            &Moore { max_heaps_per_move: k },
            std::slice::from_ref(&words),
            crate::solve::retrograde::TerminalRule::MoverWins,
            super::WHOLE_SEARCH_LIMIT,
        )?;
        return Ok(Analysis {
            game,
            convention,
            components: ComponentReport::without_values(texts),
            value: None,
            outcome: answer.outcome,
            winning_moves: answer.winning_moves.iter().map(|m| report(&words, &m.to[0])).collect(),
            winning_moves_complete: true,
        });
    }
    let is_p = moore::is_p_position(&heaps, k);
    let mut complete = true;
    let winning_moves: Vec<MoveReport> = match &word_heaps {
        _ if is_p => Vec::new(),
        Some(words) => match moore::winning_moves_enumerated(words, k, MOORE_MOVE_LIMIT) {
            Some(found) => found.iter().map(|after| report(words, after)).collect(),
            None => {
                complete = false;
                let after = moore::constructive_move(&heaps, k).unwrap_or_default();
                let after: Vec<u64> = after.iter().map(|h| u64::try_from(h).unwrap_or(0)).collect();
                vec![report(words, &after)]
            }
        },
        None => {
            complete = false;
            let after = moore::constructive_move(&heaps, k).unwrap_or_default();
            let first = (0..heaps.len()).find(|&i| after[i] != heaps[i]).unwrap_or(0);
            vec![MoveReport {
                component: first,
                from: texts[first].clone(),
                to: if after[first] == BigUint::ZERO {
                    vec![]
                } else {
                    vec![after[first].to_string()]
                },
                after: after.iter().map(ToString::to_string).collect(),
                description: None,
            }]
        }
    };
    let n_positions: Option<u64> = word_heaps
        .as_ref()
        .and_then(|w| w.iter().try_fold(1u64, |acc, &h| acc.checked_mul(h.checked_add(1)?)));
    let value = match (&word_heaps, n_positions) {
        (Some(words), Some(n)) if n <= MOORE_SEARCH_LIMIT => {
            let mut sorted = words.clone();
            sorted.sort_unstable();
            Memo::new(&Moore { max_heaps_per_move: k })
                .grundy_value(&sorted)
                .ok()
                .map(|v| Value::Nimber(v.into()))
        }
        _ => None,
    };
    Ok(Analysis {
        game,
        convention,
        components: ComponentReport::without_values(texts),
        value,
        outcome: if is_p { Outcome::P } else { Outcome::N },
        winning_moves,
        winning_moves_complete: complete,
    })
}

/// Staircase Nim: Nim on the odd steps.
pub fn solve_staircase<S: AsRef<str>>(
    components: &[S],
    convention: Convention,
) -> Result<Analysis> {
    let lists = parse_lists(components)?;
    let stairs = words(components, &lists)?;
    let game = "staircase".to_string();
    if convention == Convention::Misere {
        return analyze_whole(game, &Staircase, &stairs, &|steps| join(steps));
    }
    let values: Vec<u64> = stairs.iter().map(|s| staircase::value(s)).collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let texts: Vec<String> = stairs.iter().map(|s| join(s)).collect();
    let mut winning_moves = Vec::new();
    for (idx, steps) in stairs.iter().enumerate() {
        for m in staircase::moves_to_value(steps, total ^ values[idx]) {
            let to = vec![join(&m.apply(steps))];
            winning_moves.push(MoveReport {
                component: idx,
                from: texts[idx].clone(),
                after: replace_component(&texts, idx, &to),
                to,
                description: Some(format!(
                    "move {} coin{} from step {} down to step {}",
                    m.coins,
                    if m.coins == 1 { "" } else { "s" },
                    m.step,
                    m.step - 1
                )),
            });
        }
    }
    Ok(sum_answer(game, texts, values, total, winning_moves))
}

/// Pieces on a line (POJ 1704): the gaps form a staircase.
pub fn solve_pieces<S: AsRef<str>>(components: &[S], convention: Convention) -> Result<Analysis> {
    let lists = parse_lists(components)?;
    let mut lines = words(components, &lists)?;
    for (idx, cells) in lines.iter_mut().enumerate() {
        let text = components[idx].as_ref();
        if cells.contains(&0) {
            return Err(bad_component(idx, text, "cells are numbered from 1"));
        }
        cells.sort_unstable();
        if let Some(pair) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(bad_component(
                idx,
                text,
                format!("two pieces on cell {}: cells must be distinct", pair[0]),
            ));
        }
    }
    let game = "georgia-bob".to_string();
    if convention == Convention::Misere {
        return analyze_whole(game, &Pieces, &lines, &|cells| join(cells));
    }
    let values: Vec<u64> = lines
        .iter()
        .map(|cells| staircase::value(&staircase::pieces_to_staircase(cells)))
        .collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let texts: Vec<String> = lines.iter().map(|c| join(c)).collect();
    let mut winning_moves = Vec::new();
    for (idx, cells) in lines.iter().enumerate() {
        for m in staircase::piece_moves_to_value(cells, total ^ values[idx]) {
            let mut after_cells = cells.clone();
            if let Some(slot) = after_cells.iter_mut().find(|c| **c == m.from) {
                *slot = m.to;
            }
            let to = vec![join(&after_cells)];
            winning_moves.push(MoveReport {
                component: idx,
                from: texts[idx].clone(),
                after: replace_component(&texts, idx, &to),
                to,
                description: Some(format!("move the piece on cell {} to cell {}", m.from, m.to)),
            });
        }
    }
    Ok(sum_answer(game, texts, values, total, winning_moves))
}

fn sum_answer(
    game: String,
    texts: Vec<String>,
    values: Vec<u64>,
    total: u64,
    winning_moves: Vec<MoveReport>,
) -> Analysis {
    Analysis {
        game,
        convention: Convention::Normal,
        components: texts
            .into_iter()
            .zip(&values)
            .map(|(position, &v)| ComponentReport {
                position,
                value: Some(Value::Nimber(v.into())),
            })
            .collect(),
        value: Some(Value::Nimber(total.into())),
        outcome: outcome_of(&LoopyValue::Finite(total)),
        winning_moves,
        winning_moves_complete: true,
    }
}
