//! The coin-turning families' doors ([`crate::rules::coins`]): `turning-turtles`,
//! `mock-turtles`, `ruler`, `twins` (a component is the place of one head) and
//! `turning-corners` (a head at `x,y`). Values by the theorems (odious numbers, the ruler
//! function, the nim-product by the Tartan theorem); every winning move found among the head's
//! moves, said as the coins it turns; `after` is the position with the moved head replaced by
//! the coins turned (a sum of heads, where two on one place cancel), as for every game. Misère
//! play and play's ranked moves search the board itself ([`crate::rules::coin_board`], heads
//! settled: two on one place cancelled), because there the heads are not independent games;
//! misère Mock Turtles has a theorem instead (a board is lost exactly when its normal-play
//! value is 1, checked against the search). Moves found on the board are written against the
//! position as typed.

use super::{Family, Game, Rules, Spec};
use crate::analysis::{
    Analysis, ComponentReport, Convention, MoveReport, RankedMove, Value, WordArg, Words,
};
use crate::error::Result;
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::rules::coin_board::{settle, turn, Board};
pub use crate::rules::coin_sets::*;
pub use crate::rules::coins::*;
use crate::ruleset::{options_within, Options};
use crate::solve::retrograde::TerminalRule;
use crate::solve::whole::solve_whole;
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

/// `tartan:A,B` in the registry: the Tartan product of two row games.
#[derive(Debug, Clone, Copy)]
pub struct TartanFamily;

impl Family for TartanFamily {
    fn syntax(&self) -> &'static str {
        "tartan:A,B"
    }
    fn about(&self) -> &'static str {
        "the product of two row games on a grid, e.g. tartan:ruler,mock-turtles; G = G1(x) ⊗ G2(y)"
    }
    fn component(&self) -> &'static str {
        "the place x,y of one head, each numbered as its row game numbers places: 3,5"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let rest = spec.after_prefix("tartan:")?;
        Some((|| {
            let rule = |name: &str| {
                CoinRule::ALL.into_iter().find(|r| r.name() == name.trim()).ok_or_else(|| {
                    let names: Vec<&str> = CoinRule::ALL.iter().map(|r| r.name()).collect();
                    spec.bad(format!(
                        "'{}' is not a row game: the factors are two of {}",
                        name.trim(),
                        names.join(", ")
                    ))
                })
            };
            let (first, second) = rest
                .split_once(',')
                .ok_or_else(|| spec.bad("give two row games, like tartan:ruler,mock-turtles"))?;
            let game = Tartan { first: rule(first)?, second: rule(second)? };
            Ok(Arc::new(game) as Arc<dyn Game>)
        })())
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
            let counts = super::parse_word_list(rest, "number of coins")
                .map_err(|e| e.in_game(spec.text))?;
            let counts: Vec<u32> =
                counts.into_iter().map(|k| u32::try_from(k).unwrap_or(u32::MAX)).collect();
            let game = CoinSet::new(counts).map_err(|e| e.in_game(spec.text))?;
            Ok(Arc::new(game) as Arc<dyn Game>)
        })())
    }
}

impl Rules for CoinSet {
    fn name(&self) -> String {
        CoinSet::name(self)
    }

    fn parse_position(&self, components: &[&str]) -> Result<Vec<u64>> {
        parse_row(self, 0, components)
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<u64> {
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
            Convention::Normal,
            |place| known.get(place).copied().unwrap_or(0),
            describe_row,
            limits,
        ))
    }

    fn misere_play(&self, heads: &[u64], limits: &Limits) -> Option<Result<Analysis>> {
        Some(board_answer(self, heads, Convention::Misere, describe_row, limits))
    }

    fn whole_moves(
        &self,
        heads: &[u64],
        convention: Convention,
        limits: &Limits,
    ) -> Option<Result<Vec<RankedMove>>> {
        Some(board_moves(self, heads, convention, describe_row, limits))
    }

    fn draw_position(&self, heads: &[u64], _lang: crate::i18n::Lang) -> Option<String> {
        Some(draw_row(0, &settle(heads.to_vec())))
    }
}

/// A row game's move in words: the head, then the other coins turned, right to left.
fn describe_row(&n: &u64, parts: &[u64]) -> Words {
    let mut places = vec![n.to_string()];
    places.extend(parts.iter().rev().map(u64::to_string));
    turned(&places)
}

/// A position of a row game: each component the place of a head (`5`), or a row of coins
/// written `H`/`T` from the first place (`THTH`: heads at places 1 and 3 when places start
/// at 0); `t` and `h` too, as play draws rows.
fn parse_row<R: Rules<Position = u64>>(
    rules: &R,
    first: u64,
    components: &[&str],
) -> Result<Vec<u64>> {
    let mut heads = Vec::with_capacity(components.len());
    for (idx, text) in components.iter().enumerate() {
        let letters = !text.is_empty() && text.chars().all(|c| matches!(c, 'H' | 'T' | 'h' | 't'));
        if letters {
            let row = text.chars().zip(first..).filter(|(c, _)| matches!(c, 'H' | 'h'));
            heads.extend(row.map(|(_, place)| place));
            continue;
        }
        heads.push(rules.parse_component(text).map_err(|error| error.at_component(idx + 1, text))?);
    }
    Ok(heads)
}

/// "turn coins 7, 3 and 1" (places in decreasing order).
fn turned(places: &[String]) -> Words {
    Words::new("move-turn", [("coins", WordArg::List(places.to_vec()))])
}

/// The answer of the heads `heads` (as typed: a head listed twice cancels) whose values
/// `value` gives: under normal play the XOR of the heads' values, with every winning move of
/// every component (the sum's moves); under misère play (Mock Turtles' theorem) a board is
/// lost exactly when that XOR is 1, except the empty board, which the player to move wins by
/// having no move, and only the board's own heads move. Each head's winning moves are found
/// among its moves (all of them, unless a head has more than the options limit).
fn heads_answer<R: Rules>(
    rules: &R,
    heads: &[R::Position],
    convention: Convention,
    value: impl Fn(&R::Position) -> u64,
    describe: impl Fn(&R::Position, &[R::Position]) -> Words,
    limits: &Limits,
) -> Result<Analysis> {
    let values: Vec<u64> = heads.iter().map(&value).collect();
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    // The board itself (heads listed twice cancelled) matters under misère play only.
    let board = match convention {
        Convention::Normal => Vec::new(),
        Convention::Misere => settle(heads.to_vec()),
    };
    let (goal, lost) = match convention {
        Convention::Normal => (0, total == 0),
        Convention::Misere => (1, total == 1 && !board.is_empty()),
    };
    let texts: Vec<String> = heads.iter().map(|h| rules.show_component(h)).collect();
    let mut winning_moves = Vec::new();
    let mut complete = true;
    let mut budget = crate::analysis::MoveBudget::new(&texts);
    let mut options = Options::new();
    if !lost {
        for (idx, head) in heads.iter().enumerate() {
            // Under misère play only a coin that shows heads moves: once per place, and not a
            // place listed twice.
            if convention == Convention::Misere {
                let on_board = board.binary_search(head).is_ok() && !heads[..idx].contains(head);
                if !on_board {
                    continue;
                }
            }
            // An option may be worth more than its position (a mex leaves larger values free),
            // so every head's moves are looked at, not only those of heads worth more.
            let target = total ^ values[idx] ^ goal;
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
                winning_moves.push(head_move(rules, heads, idx, parts, &describe));
            }
        }
    }
    let components = match convention {
        Convention::Normal => texts
            .iter()
            .zip(&values)
            .map(|(text, v)| ComponentReport {
                position: text.clone(),
                value: Some(Value::Nimber((*v).into())),
                genus: None,
            })
            .collect(),
        Convention::Misere => ComponentReport::without_values(texts),
    };
    Ok(Analysis {
        game: rules.name(),
        convention,
        components,
        value: (convention == Convention::Normal).then(|| Value::Nimber(total.into())),
        outcome: if lost { Outcome::P } else { Outcome::N },
        winning_moves,
        winning_moves_complete: complete,
    })
}

/// The move on component `idx` of `heads` that turns that head and the coins `parts`: `to` is
/// the coins turned besides the head, and `after` the position with the head replaced by them
/// in its place (a sum of heads, as for every game).
fn head_move<R: Rules>(
    rules: &R,
    heads: &[R::Position],
    idx: usize,
    parts: &[R::Position],
    describe: &impl Fn(&R::Position, &[R::Position]) -> Words,
) -> MoveReport {
    let texts: Vec<String> = heads.iter().map(|h| rules.show_component(h)).collect();
    let to = parts.iter().map(|p| rules.show_component(p)).collect();
    MoveReport::new(&texts, idx, to).described(describe(&heads[idx], parts))
}

/// The move from the settled `board` to `after` (one move apart), written against the
/// position `heads` as typed.
fn board_step<R: Rules>(
    rules: &R,
    heads: &[R::Position],
    board: &[R::Position],
    after: &[R::Position],
    describe: &impl Fn(&R::Position, &[R::Position]) -> Words,
) -> MoveReport {
    // The coins turned are the places where the boards differ; the last is the head, a head
    // of the board, so a component of the position.
    let mut turned = turn(board, after.iter().cloned());
    let head = turned.pop().expect("a move turns a coin");
    let idx = heads.iter().position(|h| *h == head).expect("a head of the board is typed");
    head_move(rules, heads, idx, &turned, describe)
}

/// The answer of the position `heads` by searching its settled board.
fn board_answer<R: Rules>(
    rules: &R,
    heads: &[R::Position],
    convention: Convention,
    describe: impl Fn(&R::Position, &[R::Position]) -> Words,
    limits: &Limits,
) -> Result<Analysis> {
    let board = settle(heads.to_vec());
    let answer = search_board(rules, &board, convention, limits)?;
    let texts: Vec<String> = heads.iter().map(|h| rules.show_component(h)).collect();
    let mut budget = crate::analysis::MoveBudget::new(&texts);
    let mut winning_moves = Vec::with_capacity(answer.winning_moves.len());
    for m in &answer.winning_moves {
        budget.charge(limits)?;
        winning_moves.push(board_step(rules, heads, &board, &m.to[0], &describe));
    }
    Ok(Analysis {
        game: rules.name(),
        convention,
        components: ComponentReport::without_values(texts),
        value: None,
        outcome: answer.outcome,
        winning_moves,
        winning_moves_complete: true,
    })
}

fn search_board<R: Rules>(
    rules: &R,
    board: &[R::Position],
    convention: Convention,
    limits: &Limits,
) -> Result<crate::solve::whole::WholeAnswer<Vec<R::Position>>> {
    let rule = match convention {
        Convention::Normal => TerminalRule::MoverLoses,
        Convention::Misere => TerminalRule::MoverWins,
    };
    solve_whole(&Board(rules), &[board.to_vec()], rule, limits)
}

/// Every move of the position `heads` with what it leaves, by searching its settled board.
fn board_moves<R: Rules>(
    rules: &R,
    heads: &[R::Position],
    convention: Convention,
    describe: impl Fn(&R::Position, &[R::Position]) -> Words,
    limits: &Limits,
) -> Result<Vec<RankedMove>> {
    let board = settle(heads.to_vec());
    let answer = search_board(rules, &board, convention, limits)?;
    let texts: Vec<String> = heads.iter().map(|h| rules.show_component(h)).collect();
    crate::analysis::MoveBudget::new(&texts).charge_many(answer.moves.len() as u64, limits)?;
    Ok(answer
        .moves
        .iter()
        .map(|(m, outcome, remoteness)| RankedMove {
            report: board_step(rules, heads, &board, &m.to[0], &describe),
            outcome: *outcome,
            remoteness: *remoteness,
        })
        .collect())
}

/// A row of coins drawn for play: `tHtH` from the first place to the last head.
fn draw_row(first: u64, heads: &[u64]) -> String {
    match heads.last() {
        None => "  (every coin tails: no move is left)".into(),
        Some(&last) if last > 60 => {
            let places: Vec<String> = heads.iter().map(u64::to_string).collect();
            format!("  heads at {}", places.join(", "))
        }
        Some(&last) => {
            let row: String =
                (first..=last).map(|p| if heads.contains(&p) { 'H' } else { 't' }).collect();
            let places: Vec<String> = heads.iter().map(u64::to_string).collect();
            format!("  {row}   (heads at {}; places from {first})", places.join(", "))
        }
    }
}

impl Rules for CoinRow {
    fn name(&self) -> String {
        self.rule.name().into()
    }

    fn parse_position(&self, components: &[&str]) -> Result<Vec<u64>> {
        parse_row(self, self.rule.first_place(), components)
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<u64> {
        let place = super::parse_word(text)?;
        let first = self.rule.first_place();
        if place < first {
            return Err(crate::error::Error::invalid(format!(
                "places of {} are numbered from {first}",
                self.rule.name()
            )));
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
        let describe = |n: &u64, parts: &[u64]| self.describe(n, parts);
        Some(heads_answer(self, heads, Convention::Normal, |&n| rule.value(n), describe, limits))
    }

    /// Mock Turtles by its theorem, the others by searching the board.
    fn misere_play(&self, heads: &[u64], limits: &Limits) -> Option<Result<Analysis>> {
        let rule = self.rule;
        let describe = |n: &u64, parts: &[u64]| self.describe(n, parts);
        Some(match rule {
            CoinRule::MockTurtles => {
                heads_answer(self, heads, Convention::Misere, |&n| rule.value(n), describe, limits)
            }
            _ => board_answer(self, heads, Convention::Misere, describe, limits),
        })
    }

    fn whole_moves(
        &self,
        heads: &[u64],
        convention: Convention,
        limits: &Limits,
    ) -> Option<Result<Vec<RankedMove>>> {
        let describe = |n: &u64, parts: &[u64]| self.describe(n, parts);
        Some(board_moves(self, heads, convention, describe, limits))
    }

    fn draw_position(&self, heads: &[u64], _lang: crate::i18n::Lang) -> Option<String> {
        Some(draw_row(self.rule.first_place(), &settle(heads.to_vec())))
    }

    fn explain(
        &self,
        heads: &[u64],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        _limits: &Limits,
    ) -> Option<String> {
        (self.rule == CoinRule::MockTurtles && analysis.convention == Convention::Misere)
            .then(|| crate::explain::misere_mock_turtles(heads, analysis, lang))
    }
}

impl CoinRow {
    /// A move in words: the head, then the other coins turned, right to left (Ruler: the run).
    fn describe(&self, &n: &u64, parts: &[u64]) -> Words {
        if self.rule == CoinRule::Ruler && !parts.is_empty() {
            let (from, to) = (WordArg::Text(parts[0].to_string()), WordArg::Text(n.to_string()));
            return Words::new("move-run", [("from", from), ("to", to)]);
        }
        describe_row(&n, parts)
    }
}

impl Rules for Tartan {
    fn name(&self) -> String {
        Tartan::name(self)
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<(u64, u64)> {
        let (x, y) = match super::parse_word_list(text, "coordinate")?[..] {
            [x, y] => (x, y),
            _ => return Err(crate::error::Error::invalid("a head is its place x,y, like 3,5")),
        };
        for (place, rule) in [(x, self.first), (y, self.second)] {
            if place < rule.first_place() {
                return Err(crate::error::Error::invalid(format!(
                    "places of {} are numbered from {}",
                    rule.name(),
                    rule.first_place()
                )));
            }
        }
        Ok((x, y))
    }

    fn show_component(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x},{y}")
    }

    fn normal_play(&self, heads: &[(u64, u64)], limits: &Limits) -> Option<Result<Analysis>> {
        let value = |&(x, y): &(u64, u64)| self.value(x, y);
        Some(heads_answer(self, heads, Convention::Normal, value, describe_grid, limits))
    }

    fn misere_play(&self, heads: &[(u64, u64)], limits: &Limits) -> Option<Result<Analysis>> {
        Some(board_answer(self, heads, Convention::Misere, describe_grid, limits))
    }

    fn whole_moves(
        &self,
        heads: &[(u64, u64)],
        convention: Convention,
        limits: &Limits,
    ) -> Option<Result<Vec<RankedMove>>> {
        Some(board_moves(self, heads, convention, describe_grid, limits))
    }

    /// The table from place 0 on both sides; places before a factor's first are dead coins
    /// (no move turns them to tails), worth 0.
    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        let name = Tartan::name(self);
        Some(
            crate::table::checked_size(size, limits)
                .map(|size| PairTable::from_fn(&name, size, |x, y| self.value(x as u64, y as u64))),
        )
    }

    fn table_formula(&self) -> Option<(&'static str, &'static str)> {
        Some(("G1(x) ⊗ G2(y)", "the Tartan theorem: a product's value is the nim-product"))
    }
}

/// A move of a product in words: every coin it turns, the head first.
fn describe_grid(&(x, y): &(u64, u64), parts: &[(u64, u64)]) -> Words {
    let mut rest = parts.to_vec();
    rest.sort_unstable_by(|p, q| q.cmp(p));
    let mut places = vec![format!("{x},{y}")];
    places.extend(rest.iter().map(|(a, b)| format!("{a},{b}")));
    turned(&places)
}

/// A Turning Corners move in words: the four corners (the head first).
fn describe_corners(&(x, y): &(u64, u64), parts: &[(u64, u64)]) -> Words {
    let (a, b) = parts[0];
    let corners = [(x, y), (a, y), (x, b), (a, b)].map(|(p, q)| format!("{p},{q}"));
    Words::new("move-corners", [("corners", WordArg::List(corners.to_vec()))])
}

impl Rules for TurningCorners {
    fn name(&self) -> String {
        "turning-corners".into()
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<(u64, u64)> {
        match super::parse_word_list(text, "coordinate")?[..] {
            [x, y] => Ok((x, y)),
            _ => Err(crate::error::Error::invalid("a head is its place x,y, like 3,5")),
        }
    }

    fn show_component(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x},{y}")
    }

    fn normal_play(&self, heads: &[(u64, u64)], limits: &Limits) -> Option<Result<Analysis>> {
        let value = |&(x, y): &(u64, u64)| corners_value(x, y);
        Some(heads_answer(self, heads, Convention::Normal, value, describe_corners, limits))
    }

    fn misere_play(&self, heads: &[(u64, u64)], limits: &Limits) -> Option<Result<Analysis>> {
        Some(board_answer(self, heads, Convention::Misere, describe_corners, limits))
    }

    fn whole_moves(
        &self,
        heads: &[(u64, u64)],
        convention: Convention,
        limits: &Limits,
    ) -> Option<Result<Vec<RankedMove>>> {
        Some(board_moves(self, heads, convention, describe_corners, limits))
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

    /// Misère outcomes of whole rows by the rules read literally (a board a bit mask, every set
    /// of coins tried), against the door's answers: the search for every row game, the theorem
    /// for Mock Turtles; and the winning moves leave exactly the lost boards.
    #[test]
    fn misere_rows_are_the_rules_read_literally() {
        fn legal(rule: CoinRule, turned: u32) -> bool {
            let n = turned.count_ones();
            let right = 31 - turned.leading_zeros();
            match rule {
                CoinRule::TurningTurtles => n <= 2,
                CoinRule::MockTurtles => n <= 3,
                CoinRule::Twins => n == 2,
                CoinRule::Ruler => turned >> (right + 1 - n) == (1 << n) - 1,
            }
        }
        // Whether the player to move wins the board under misère play.
        fn wins(rule: CoinRule, board: u32, width: u32, memo: &mut Vec<Option<bool>>) -> bool {
            if let Some(known) = memo[board as usize] {
                return known;
            }
            let first = rule.first_place();
            let mut any_move = false;
            let mut win = false;
            for turned in 1u32..(1 << width) {
                let right = 31 - turned.leading_zeros();
                if board >> right & 1 == 0 || turned & ((1 << first) - 1) != 0 {
                    continue;
                }
                if !legal(rule, turned) {
                    continue;
                }
                any_move = true;
                if !wins(rule, board ^ turned, width, memo) {
                    win = true;
                    break;
                }
            }
            let known = !any_move || win;
            memo[board as usize] = Some(known);
            known
        }
        let limits = Limits::default();
        let width = 8;
        for rule in CoinRule::ALL {
            let row = CoinRow { rule };
            let mut memo = vec![None; 1 << width];
            for board in 0u32..(1 << width) {
                if board & ((1 << rule.first_place()) - 1) != 0 {
                    continue;
                }
                let heads: Vec<u64> = (0..width as u64).filter(|n| board >> n & 1 == 1).collect();
                let answers = [
                    row.misere_play(&heads, &limits).unwrap().unwrap(),
                    board_answer(&row, &heads, Convention::Misere, describe_row, &limits).unwrap(),
                ];
                let expected =
                    if wins(rule, board, width, &mut memo) { Outcome::N } else { Outcome::P };
                for answer in answers {
                    assert_eq!(answer.outcome, expected, "{} {heads:?}", rule.name());
                    let mut ours: Vec<u32> = answer
                        .winning_moves
                        .iter()
                        .map(|m| {
                            m.after.iter().fold(0, |acc, h| acc ^ 1 << h.parse::<u32>().unwrap())
                        })
                        .collect();
                    ours.sort_unstable();
                    let mut theirs: Vec<u32> = (1u32..(1 << width))
                        .filter(|&t| board >> (31 - t.leading_zeros()) & 1 == 1)
                        .filter(|&t| t & ((1 << rule.first_place()) - 1) == 0 && legal(rule, t))
                        .map(|t| board ^ t)
                        .filter(|&after| !wins(rule, after, width, &mut memo))
                        .collect();
                    theirs.sort_unstable();
                    assert_eq!(ours, theirs, "{} {heads:?}", rule.name());
                }
            }
        }
    }

    /// Turning Corners under misère play on every board of a 3 by 3 grid, by the rules read
    /// literally (the four corners of a rectangle, the far one a head).
    #[test]
    fn misere_corners_are_the_rules_read_literally() {
        fn wins(board: u32, memo: &mut Vec<Option<bool>>) -> bool {
            if let Some(known) = memo[board as usize] {
                return known;
            }
            let bit = |x: u32, y: u32| 1u32 << (3 * x + y);
            let mut any_move = false;
            let mut win = false;
            for x in 0..3 {
                for y in 0..3 {
                    if board & bit(x, y) == 0 {
                        continue;
                    }
                    for a in 0..x {
                        for b in 0..y {
                            any_move = true;
                            let turned = bit(x, y) | bit(a, y) | bit(x, b) | bit(a, b);
                            win |= !wins(board ^ turned, memo);
                        }
                    }
                }
            }
            let known = !any_move || win;
            memo[board as usize] = Some(known);
            known
        }
        let limits = Limits::default();
        let mut memo = vec![None; 1 << 9];
        for board in 0u32..(1 << 9) {
            let heads: Vec<(u64, u64)> =
                (0..9u64).filter(|i| board >> i & 1 == 1).map(|i| (i / 3, i % 3)).collect();
            let answer = TurningCorners.misere_play(&heads, &limits).unwrap().unwrap();
            let expected = if wins(board, &mut memo) { Outcome::N } else { Outcome::P };
            assert_eq!(answer.outcome, expected, "{heads:?}");
        }
    }

    /// Through the game's door: a position is a sum of heads as typed (a head listed twice
    /// cancels), its moves' `after` the head replaced in place; misère play and play's moves
    /// work on the board itself.
    #[test]
    fn positions_are_sums_of_heads_and_misere_reads_the_board() {
        let limits = Limits::default();
        let game = crate::game("mock-turtles").unwrap();
        let settled = |after: &[String]| {
            settle(after.iter().map(|h| h.parse::<u64>().unwrap()).collect::<Vec<u64>>())
        };
        let answer = game.solve(&["3", "3", "5", "1"], Convention::Normal, &limits).unwrap();
        assert_eq!(answer.positions(), ["3", "3", "5", "1"]);
        assert_eq!(answer.value, Some(Value::Nimber((11u64 ^ 2).into())));
        // Two heads on one place are no head at all: nothing to move, and under misère play the
        // player to move wins.
        let empty = game.solve(&["3", "3"], Convention::Misere, &limits).unwrap();
        assert_eq!((empty.outcome, empty.winning_moves.len()), (Outcome::N, 0));
        let lost = game.solve(&["1", "2", "3", "3", "3"], Convention::Misere, &limits).unwrap();
        assert_eq!(lost.outcome, Outcome::P);
        let won = game.solve(&["1", "2", "2", "4", "2"], Convention::Misere, &limits).unwrap();
        assert_eq!(won.outcome, Outcome::N);
        for m in &won.winning_moves {
            assert_eq!(settled(&m.after), [1, 2, 3], "{m:?}");
            assert_eq!(m.after.len(), 5 - 1 + m.to.len(), "the head replaced in place");
        }
        for search in [false, true] {
            let answer = if search {
                board_answer(
                    &CoinRow { rule: CoinRule::MockTurtles },
                    &[1, 2, 2, 4, 2],
                    Convention::Misere,
                    describe_row,
                    &limits,
                )
                .unwrap()
            } else {
                won.clone()
            };
            assert_eq!(answer.winning_moves.len(), 1, "{answer:?}");
        }
        // A row of letters is its heads, from the first place.
        let row = game.solve(&["THTtH", "7"], Convention::Normal, &limits).unwrap();
        assert_eq!(row.positions(), ["1", "4", "7"]);
        let ruler = crate::game("ruler").unwrap();
        let row = ruler.solve(&["HTH"], Convention::Normal, &limits).unwrap();
        assert_eq!(row.positions(), ["1", "3"]);
        let moves = game.legal_moves(&["1", "2", "3"], &limits).unwrap();
        assert!(moves.iter().any(|m| settled(&m.after).is_empty()), "3, 2 and 1 turned: empty");
        let ranked = game.ranked_moves(&["1", "2", "3"], Convention::Misere, &limits).unwrap();
        assert_eq!(ranked.len(), moves.len());
        // 1 2 3 is lost under misère play: every move leaves a won board.
        assert!(ranked.iter().all(|m| m.outcome == Outcome::N));
        let empty = ranked.iter().find(|m| settled(&m.report.after).is_empty()).unwrap();
        assert_eq!(empty.remoteness, Some(0));
        let drawn = game.draw(&["1", "2", "2", "4"], crate::i18n::Lang::En).unwrap();
        assert!(drawn.contains("THTTH") || drawn.contains("tHttH"), "{drawn}");
    }
}
