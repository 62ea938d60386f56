//! A position in, an answer out: the one entry point that every front end calls.
//!
//! [`solve`] takes a game, the components of a position in the game's own syntax and a play
//! convention, and returns an [`Analysis`]: each component's value, the value and outcome of the
//! sum, and every winning move written back in the input syntax. Front ends only print it.

mod classic;

use crate::error::{Error, Result};
use crate::games::graph::GraphGame;
use crate::games::{self, nim, Game};
use crate::nimber::NimInt;
use crate::ruleset::{Options, Ruleset};
use crate::solve::loopy::LoopyValue;
use crate::solve::retrograde::TerminalRule;
use crate::solve::sum::{outcome_of, sum_value, winning_target};
use crate::solve::whole::solve_whole;
use crate::Outcome;
use num_bigint::BigUint;

/// The most positions a whole-position search (misère play of a general game) may visit before
/// it answers "too large to decide".
pub const WHOLE_SEARCH_LIMIT: usize = 2_000_000;

/// Which player wins when no move is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Convention {
    /// `"normal"` or `"misere"`, as answers print it.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }
}

/// The value of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A Grundy value (nimber) of any size.
    Nimber(BigUint),
    /// Smith's ∞(K) for a loopy position: `K` lists the finite values it can move to.
    Infinite(Vec<u64>),
}

/// One component of the analysed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentReport {
    /// The component in the game's input syntax, canonicalised (`007` becomes `7`).
    pub position: String,
    /// Its value, where the convention gives one a meaning.
    pub value: Option<Value>,
}

impl ComponentReport {
    /// Reports for components that have no value of their own (misère play, whole-position
    /// answers).
    pub fn without_values(positions: Vec<String>) -> Vec<ComponentReport> {
        positions.into_iter().map(|position| ComponentReport { position, value: None }).collect()
    }
}

/// One winning move of the whole position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// 0-based index of the component moved in.
    pub component: usize,
    /// That component before the move.
    pub from: String,
    /// What it becomes: empty when it vanishes, several entries when it splits.
    pub to: Vec<String>,
    /// The whole position after the move.
    pub after: Vec<String>,
    /// The move in the game's own words, where its notation hides them (which step, how many
    /// coins; which piece, to which cell).
    pub description: Option<String>,
}

/// The complete answer for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The game's canonical name.
    pub game: String,
    /// Normal or misère play.
    pub convention: Convention,
    /// The components, in input order.
    pub components: Vec<ComponentReport>,
    /// The value of the whole position, where the convention gives one a meaning.
    pub value: Option<Value>,
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move (none for P and D positions).
    pub winning_moves: Vec<MoveReport>,
    /// False when the list of winning moves was cut short (splits of astronomically large
    /// heaps are not enumerated).
    pub winning_moves_complete: bool,
}

/// Solves the position made of `components` (in the game's syntax) under `convention`.
///
/// ```
/// use grundy::analysis::{solve, Convention};
/// let answer = solve(&"nim".parse()?, &["1", "1"], Convention::Misere)?;
/// assert_eq!(answer.outcome, grundy::Outcome::N);
/// assert_eq!(answer.winning_moves.len(), 2); // take either heap whole
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn solve<S: AsRef<str>>(
    game: &Game,
    components: &[S],
    convention: Convention,
) -> Result<Analysis> {
    match game {
        Game::Nim => {
            let heaps = games::parse_heaps(components)?;
            Ok(solve_nim(&heaps, convention))
        }
        Game::Heap(heap_game) => {
            let heaps = parse_word_heaps(components)?;
            solve_heaps(heap_game, &heaps, convention)
        }
        Game::Wythoff => classic::solve_wythoff(components, convention),
        Game::Moore { max_heaps_per_move } => {
            classic::solve_moore(*max_heaps_per_move, components, convention)
        }
        Game::Staircase => classic::solve_staircase(components, convention),
        Game::GeorgiaBob => classic::solve_pieces(components, convention),
        Game::Graph { game: graph, .. } => {
            let nodes = parse_nodes(graph, components)?;
            let format = |node: &u32| graph.name(*node).to_string();
            match convention {
                Convention::Normal => {
                    let values = graph.loopy_values();
                    let mut answer = analyze_sum(
                        game.name(),
                        &**graph,
                        &nodes,
                        &mut |n| Ok(values.value(*n)),
                        &format,
                    )?;
                    // Moves to nodes labelled earlier first: the smallest counter is the move
                    // that makes progress (Smith's strategy), so whoever plays the first listed
                    // move never walks round a cycle while a win is there.
                    answer.winning_moves.sort_by_key(|m| {
                        m.to.first()
                            .and_then(|name| graph.node_named(name))
                            .and_then(|n| values.counter(n))
                    });
                    Ok(answer)
                }
                Convention::Misere => analyze_whole(game.name(), &**graph, &nodes, &format),
            }
        }
    }
}

/// The largest heap whose values are computed when no period is proven, with the fast engine
/// (a few seconds) ...
pub const MAX_COMPUTED_HEAP: u64 = 1 << 22;

/// ... and with the straightforward engine, for the codes the fast one does not take (repeating
/// digits, three-heap splits), whose work grows with the square or cube of the heap.
pub const MAX_COMPUTED_HEAP_STRAIGHTFORWARD: u64 = 1 << 12;

/// Options with a split part are enumerated only for heaps up to this size; past it the list of
/// winning moves is marked incomplete rather than taking hours.
pub const MAX_SPLIT_ENUMERATION: u64 = 1 << 22;

fn parse_word_heaps<S: AsRef<str>>(components: &[S]) -> Result<Vec<u64>> {
    let heaps = games::parse_heaps(components)?;
    heaps
        .iter()
        .enumerate()
        .map(|(idx, heap)| {
            u64::try_from(heap).map_err(|_| Error::BadComponent {
                number: idx + 1,
                text: components[idx].as_ref().to_string(),
                problem: format!("heaps of this game are limited to {}", u64::MAX),
            })
        })
        .collect()
}

/// A heap game: values from the nim-sequence (or its proven period), options by the rules.
fn solve_heaps(
    game: &crate::games::heap::HeapGame,
    heaps: &[u64],
    convention: Convention,
) -> Result<Analysis> {
    let format = |heap: &u64| heap.to_string();
    if convention == Convention::Misere {
        return analyze_whole(game.name.clone(), game, heaps, &format);
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let limit = if crate::sequence::sparse::SparseEngine::supports(game) {
        MAX_COMPUTED_HEAP
    } else {
        MAX_COMPUTED_HEAP_STRAIGHTFORWARD
    };
    let values =
        crate::sequence::HeapValues::compute(game, largest.min(limit) as usize, &mut |_| {});
    if let Some((idx, heap)) = heaps.iter().enumerate().find(|(_, &h)| values.value(h).is_none()) {
        let problem = if values.period().is_some() {
            format!("the value of this heap in {} passes 2^64 - 1", game.name)
        } else {
            format!(
                "no period of {} is proven within {limit} heap sizes, and values past that are not computed here",
                game.name
            )
        };
        return Err(Error::BadComponent { number: idx + 1, text: heap.to_string(), problem });
    }
    let capped = CappedSplits { game, truncated: std::cell::Cell::new(false) };
    let mut answer = analyze_sum(
        game.name.clone(),
        &capped,
        heaps,
        &mut |heap| {
            values.value(*heap).map(LoopyValue::Finite).ok_or_else(|| Error::BadComponent {
                number: 0,
                text: heap.to_string(),
                problem: "value not known".into(),
            })
        },
        &format,
    )?;
    answer.winning_moves_complete = !capped.truncated.get();
    Ok(answer)
}

/// The rules of a heap game with splits of very large heaps left out (and that noted), so that
/// a heap of 10^18 is answered at once.
struct CappedSplits<'g> {
    game: &'g crate::games::heap::HeapGame,
    truncated: std::cell::Cell<bool>,
}

impl Ruleset for CappedSplits<'_> {
    type Position = u64;

    fn options(&self, heap: &u64, options: &mut Options<u64>) {
        use crate::games::heap::HeapRules;
        let splits = match &self.game.rules {
            HeapRules::Grundy => true,
            HeapRules::Code(code) => code.splits() || code.max_removal().is_none(),
        };
        if *heap <= MAX_SPLIT_ENUMERATION || !splits {
            return self.game.options(heap, options);
        }
        self.truncated.set(true);
        if let HeapRules::Code(code) = &self.game.rules {
            // Single-heap options only: they are few, whatever the heap size.
            for k in 1..=code.max_removal().unwrap_or(0) as u64 {
                if code.digit(k as usize) & 2 != 0 {
                    options.push_one(heap - k);
                }
            }
        }
    }
}

fn parse_nodes<S: AsRef<str>>(graph: &GraphGame, components: &[S]) -> Result<Vec<u32>> {
    components
        .iter()
        .enumerate()
        .map(|(idx, text)| {
            let text = text.as_ref();
            graph.node_named(text).ok_or_else(|| Error::BadComponent {
                number: idx + 1,
                text: text.to_string(),
                problem: "no node of the graph has this name".to_string(),
            })
        })
        .collect()
}

fn value_of(value: &LoopyValue) -> Value {
    match value {
        LoopyValue::Finite(v) => Value::Nimber(BigUint::from(*v)),
        LoopyValue::Infinite(set) => Value::Infinite(set.clone()),
    }
}

/// Normal play of a sum by the component theory: each component's value (finite or Smith's
/// ∞), the value of the sum, and every move to an option of the value that makes the sum 0.
pub fn analyze_sum<R: Ruleset>(
    game: String,
    ruleset: &R,
    components: &[R::Position],
    value: &mut dyn FnMut(&R::Position) -> Result<LoopyValue>,
    format: &dyn Fn(&R::Position) -> String,
) -> Result<Analysis> {
    let values: Vec<LoopyValue> = components.iter().map(&mut *value).collect::<Result<_>>()?;
    let total = sum_value(&values);
    let texts: Vec<String> = components.iter().map(format).collect();
    let mut winning_moves = Vec::new();
    let mut options = Options::new();
    for (component_idx, component) in components.iter().enumerate() {
        let Some(target) = winning_target(&values, component_idx) else { continue };
        options.clear();
        ruleset.options(component, &mut options);
        for parts in options.iter() {
            let part_values: Vec<LoopyValue> =
                parts.iter().map(&mut *value).collect::<Result<_>>()?;
            if sum_value(&part_values) == LoopyValue::Finite(target) {
                let to: Vec<String> = parts.iter().map(format).collect();
                let after = replace_component(&texts, component_idx, &to);
                winning_moves.push(MoveReport {
                    component: component_idx,
                    from: texts[component_idx].clone(),
                    to,
                    after,
                    description: None,
                });
            }
        }
    }
    Ok(Analysis {
        game,
        convention: Convention::Normal,
        components: texts
            .iter()
            .zip(&values)
            .map(|(text, v)| ComponentReport { position: text.clone(), value: Some(value_of(v)) })
            .collect(),
        value: Some(value_of(&total)),
        outcome: outcome_of(&total),
        winning_moves,
        winning_moves_complete: true,
    })
}

/// Misère play by searching the whole position (no values: misère sums do not add by XOR).
pub fn analyze_whole<R: Ruleset>(
    game: String,
    ruleset: &R,
    components: &[R::Position],
    format: &dyn Fn(&R::Position) -> String,
) -> Result<Analysis> {
    let answer = solve_whole(ruleset, components, TerminalRule::MoverWins, WHOLE_SEARCH_LIMIT)?;
    let texts: Vec<String> = components.iter().map(format).collect();
    let winning_moves = answer
        .winning_moves
        .iter()
        .map(|m| {
            let to: Vec<String> = m.to.iter().map(format).collect();
            let after = replace_component(&texts, m.component, &to);
            MoveReport {
                component: m.component,
                from: texts[m.component].clone(),
                to,
                after,
                description: None,
            }
        })
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

/// Nim by its closed forms: machine words when every heap fits, big integers otherwise.
fn solve_nim(heaps: &[BigUint], convention: Convention) -> Analysis {
    let words: Option<Vec<u64>> = heaps.iter().map(|heap| u64::try_from(heap).ok()).collect();
    match words {
        Some(words) => nim_analysis(&words, convention),
        None => nim_analysis(heaps, convention),
    }
}

fn nim_analysis<T: NimInt>(heaps: &[T], convention: Convention) -> Analysis {
    let (outcome, moves) = match convention {
        Convention::Normal => (nim::outcome(heaps), nim::winning_moves(heaps)),
        Convention::Misere => (nim::misere::outcome(heaps), nim::misere::winning_moves(heaps)),
    };
    let normal_play = convention == Convention::Normal;
    let texts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let components = heaps
        .iter()
        .zip(&texts)
        .map(|(heap, text)| ComponentReport {
            position: text.clone(),
            value: normal_play.then(|| Value::Nimber(heap.to_biguint())),
        })
        .collect();
    let winning_moves = moves
        .iter()
        .map(|m| {
            let to = heap_left(&m.to);
            let after = replace_component(&texts, m.heap_idx, &to);
            MoveReport {
                component: m.heap_idx,
                from: texts[m.heap_idx].clone(),
                to,
                after,
                description: None,
            }
        })
        .collect();
    Analysis {
        game: Game::Nim.name(),
        convention,
        components,
        value: normal_play.then(|| Value::Nimber(nim::value(heaps).to_biguint())),
        outcome,
        winning_moves,
        winning_moves_complete: true,
    }
}

/// A heap after a move, as components: nothing when it was taken whole.
fn heap_left<T: NimInt>(heap: &T) -> Vec<String> {
    if heap.is_zero() {
        Vec::new()
    } else {
        vec![heap.to_string()]
    }
}

/// The whole position with component `idx` replaced by `with` (which may be empty or several).
pub fn replace_component(components: &[String], idx: usize, with: &[String]) -> Vec<String> {
    let mut after = Vec::with_capacity(components.len() + with.len());
    after.extend_from_slice(&components[..idx]);
    after.extend_from_slice(with);
    after.extend_from_slice(&components[idx + 1..]);
    after
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_example_from_the_contract() {
        let answer = solve(&Game::Nim, &["3", "4", "5"], Convention::Normal).unwrap();
        assert_eq!(answer.value, Some(Value::Nimber(2u32.into())));
        assert_eq!(answer.outcome, Outcome::N);
        assert_eq!(
            answer.winning_moves,
            [MoveReport {
                component: 0,
                from: "3".into(),
                to: vec!["1".into()],
                after: vec!["1".into(), "4".into(), "5".into()],
                description: None,
            }]
        );
    }

    #[test]
    fn a_heap_taken_whole_vanishes() {
        let answer = solve(&Game::Nim, &["0", "5"], Convention::Normal).unwrap();
        assert_eq!(answer.winning_moves.len(), 1);
        assert!(answer.winning_moves[0].to.is_empty());
        assert_eq!(answer.winning_moves[0].after, ["0"]);
    }

    #[test]
    fn misere_reports_no_values() {
        let answer = solve(&Game::Nim, &["2", "2"], Convention::Misere).unwrap();
        assert_eq!(answer.outcome, Outcome::P);
        assert!(answer.value.is_none());
        assert!(answer.components.iter().all(|c| c.value.is_none()));
    }

    #[test]
    fn huge_heaps_use_big_integers() {
        let big = "9".repeat(60);
        let answer = solve(&Game::Nim, &[big.as_str(), "1"], Convention::Normal).unwrap();
        // 99…9 XOR 1 = 99…8 is the nim-sum; the big heap goes to 99…9 XOR 99…8 = 1.
        assert_eq!(
            answer.value,
            Some(Value::Nimber(format!("{}8", "9".repeat(59)).parse().unwrap()))
        );
        assert_eq!(answer.winning_moves.len(), 1);
        assert_eq!(answer.winning_moves[0].to, ["1"]);
    }
}
