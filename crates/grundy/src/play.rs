//! Playing against the perfect strategy: the computer's choice of move, and a typed move read
//! against the legal moves. Front ends (the terminal, the web page) only show and ask.
//!
//! The computer wins whenever it can, and then hurries (the winning move of smallest
//! remoteness, so in a loopy game it never walks round a cycle while a win is there); when it
//! cannot win it keeps a draw if there is one, and otherwise plays the move of largest
//! remoteness, the one that makes the game last. Remoteness comes from searching the whole
//! position; past the search's limit, a winning move from the game's own answer (progress
//! first), a move to a drawn position, or else the move that leaves the most tokens in play.

use crate::analysis::{Convention, MoveReport};
use crate::error::Result;
use crate::games::Game;
use crate::i18n::Lang;
use crate::limits::Limits;
use crate::{i18n::args, outcome::Outcome};

/// The computer's move and why it was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub report: MoveReport,
    /// The outcome of the position before the move, for the computer (N: it wins).
    pub outcome: Outcome,
    /// How it was chosen, in a few words (English; [`Choice::reason`] in any language).
    pub why: String,
    /// How it was chosen.
    pub chosen_by: Reason,
}

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A winning move, the fastest.
    WinsFast,
    /// A winning move (past the search's limit, the game's own answer).
    Wins,
    /// A move that keeps a draw.
    KeepsDraw,
    /// Every move loses: the one that makes the game last longest.
    LastsLongest,
    /// Every move loses: past the search's limit, the one that leaves the most tokens.
    MostTokens,
}

impl Reason {
    /// The reason in `lang`.
    pub fn words(self, lang: Lang) -> String {
        lang.tr0(match self {
            Reason::WinsFast => "play-why-wins-fast",
            Reason::Wins => "play-why-wins",
            Reason::KeepsDraw => "play-why-keeps-draw",
            Reason::LastsLongest => "play-why-lasts-longest",
            Reason::MostTokens => "play-why-most-tokens",
        })
    }
}

impl Choice {
    fn new(report: MoveReport, outcome: Outcome, chosen_by: Reason) -> Choice {
        Choice { report, outcome, why: chosen_by.words(Lang::En), chosen_by }
    }

    /// How the move was chosen, in `lang`.
    ///
    /// ```
    /// use grundy::{analysis::Convention, i18n::Lang, play::computer_move, Limits};
    /// let nim = grundy::game("nim")?;
    /// let choice = computer_move(&*nim, &["3", "4", "5"], Convention::Normal, &Limits::default())?.unwrap();
    /// assert_eq!(choice.reason(Lang::En), choice.why);
    /// assert_ne!(choice.reason(Lang::Ru), choice.why);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn reason(&self, lang: Lang) -> String {
        self.chosen_by.words(lang)
    }
}

/// Positions searched to rank moves by remoteness before play falls back on the game's answer.
const RANKING_POSITIONS: usize = 200_000;

/// Positions after a move solved to look for a draw when the search is too large.
const DRAW_PROBES: usize = 200;

/// The computer's move in the position `components`, or `None` when no move is left.
///
/// ```
/// use grundy::{analysis::Convention, play::computer_move, Limits, Outcome};
/// let nim = grundy::game("nim")?;
/// let choice = computer_move(&*nim, &["3", "4", "5"], Convention::Normal, &Limits::default())?.unwrap();
/// assert_eq!((choice.outcome, choice.report.after.clone()), (Outcome::N, vec!["1".into(), "4".into(), "5".into()]));
/// // Lost: it takes one token at a time, the longest game.
/// let choice = computer_move(&*nim, &["2", "2"], Convention::Normal, &Limits::default())?.unwrap();
/// assert_eq!(choice.outcome, Outcome::P);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn computer_move(
    game: &dyn Game,
    components: &[&str],
    convention: Convention,
    limits: &Limits,
) -> Result<Option<Choice>> {
    let search = Limits {
        max_whole_positions: limits.max_whole_positions.min(RANKING_POSITIONS),
        ..limits.clone()
    };
    match game.ranked_moves(components, convention, &search) {
        Ok(ranked) => {
            if ranked.is_empty() {
                return Ok(None);
            }
            // A move to P wins: the fastest. A move to D keeps the draw. Else the slowest loss.
            let win = ranked
                .iter()
                .filter(|m| m.outcome == Outcome::P)
                .min_by_key(|m| m.remoteness.unwrap_or(u32::MAX));
            if let Some(m) = win {
                return Ok(Some(Choice::new(m.report.clone(), Outcome::N, Reason::WinsFast)));
            }
            if let Some(m) = ranked.iter().find(|m| m.outcome == Outcome::D) {
                return Ok(Some(Choice::new(m.report.clone(), Outcome::D, Reason::KeepsDraw)));
            }
            let longest =
                ranked.iter().max_by_key(|m| m.remoteness.unwrap_or(0)).expect("not empty");
            Ok(Some(Choice::new(longest.report.clone(), Outcome::P, Reason::LastsLongest)))
        }
        Err(error) if error.is_limit() => fallback(game, components, convention, limits),
        Err(error) => Err(error),
    }
}

/// Past the search's limit: the game's own answer.
fn fallback(
    game: &dyn Game,
    components: &[&str],
    convention: Convention,
    limits: &Limits,
) -> Result<Option<Choice>> {
    let answer = game.solve(components, convention, limits)?;
    if let Some(first) = answer.winning_moves.first() {
        return Ok(Some(Choice::new(first.clone(), Outcome::N, Reason::Wins)));
    }
    let moves = game.legal_moves(components, limits)?;
    if moves.is_empty() {
        return Ok(None);
    }
    if answer.outcome == Outcome::D {
        for m in moves.iter().take(DRAW_PROBES) {
            let after: Vec<&str> = m.after.iter().map(String::as_str).collect();
            if game.solve(&after, convention, limits).is_ok_and(|a| a.outcome == Outcome::D) {
                return Ok(Some(Choice::new(m.clone(), Outcome::D, Reason::KeepsDraw)));
            }
        }
    }
    let most_tokens = moves
        .iter()
        .max_by_key(|m| {
            let after: Vec<&str> = m.after.iter().map(String::as_str).collect();
            game.tokens(&after).unwrap_or(0)
        })
        .expect("not empty");
    Ok(Some(Choice::new(most_tokens.clone(), answer.outcome, Reason::MostTokens)))
}

/// The legal move a person typed: the component's number (1-based) and what it becomes
/// (`1 1`; `2 1 3` for a split; `2 0` to empty a heap), or `= ` and the whole position after the
/// move. The error says why it is not a move, in a line a player can act on.
///
/// ```
/// use grundy::{play::read_move, Limits};
/// let nim = grundy::game("nim")?;
/// let m = read_move(&*nim, &["3", "4", "5"], "1 1", &Limits::default()).unwrap();
/// assert_eq!(m.after, ["1", "4", "5"]);
/// assert!(read_move(&*nim, &["3", "4", "5"], "1 7", &Limits::default()).unwrap_err().to_string().contains("cannot become 7"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn read_move(
    game: &dyn Game,
    components: &[&str],
    typed: &str,
    limits: &Limits,
) -> crate::error::Result<MoveReport> {
    read_move_in(game, components, typed, Lang::En, limits)
}

/// [`read_move`], its refusals in `lang`.
///
/// ```
/// use grundy::{i18n::Lang, play::read_move_in, Limits};
/// let nim = grundy::game("nim")?;
/// let refusal = read_move_in(&*nim, &["3", "4", "5"], "1 7", Lang::Ru, &Limits::default()).unwrap_err().to_string();
/// assert!(refusal.contains("7") && !refusal.contains("cannot"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn read_move_in(
    game: &dyn Game,
    components: &[&str],
    typed: &str,
    lang: Lang,
    limits: &Limits,
) -> crate::error::Result<MoveReport> {
    let moves = game.legal_moves(components, limits)?;
    refusal_or_move(game, components, typed, lang, &moves).map_err(crate::error::Error::Invalid)
}

/// The move typed among `moves`, or why it is none of them (in `lang`).
fn refusal_or_move(
    game: &dyn Game,
    components: &[&str],
    typed: &str,
    lang: Lang,
    moves: &[MoveReport],
) -> std::result::Result<MoveReport, String> {
    let typed = typed.trim();
    if let Some(whole) = typed.strip_prefix('=') {
        let texts: Vec<&str> = whole.split_whitespace().collect();
        let after = game.canonical(&texts).map_err(|e| e.to_string())?;
        let mut sorted_after = after.clone();
        sorted_after.sort();
        let found = moves.iter().find(|m| m.after == after).or_else(|| {
            moves.iter().find(|m| {
                let mut theirs = m.after.clone();
                theirs.sort();
                theirs == sorted_after
            })
        });
        return found.cloned().ok_or_else(|| {
            lang.tr(
                "play-unreachable",
                &args![("after", after.join(" ")), ("position", components.join(" "))],
            )
        });
    }
    let mut words = typed.split_whitespace();
    let usage = lang.tr0("play-usage");
    let Some(number) = words.next() else {
        return Err(lang.tr("play-no-move", &args![("usage", usage)]));
    };
    let number: usize = number.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
        lang.tr("play-not-a-number", &args![("typed", number), ("usage", usage.clone())])
    })?;
    if number > components.len() {
        return Err(
            lang.tr("play-no-such-component", &args![("number", number), ("n", components.len())])
        );
    }
    let rest: Vec<&str> = words.collect();
    if rest.is_empty() {
        return Err(lang.tr("play-what-becomes", &args![("number", number), ("usage", usage)]));
    }
    // A part that does not parse is named as what component `number` was to become (the
    // game's parser numbers the parts from 1, which would blame component 1).
    let to = game.canonical(&rest).map_err(|error| match error {
        crate::error::Error::BadComponent { text, problem, .. } => lang.tr(
            "play-bad-new-component",
            &args![("number", number), ("typed", text), ("problem", problem)],
        ),
        error => error.to_string(),
    })?;
    let mut sorted_to = to.clone();
    sorted_to.sort();
    let idx = number - 1;
    let found = moves.iter().find(|m| {
        let single = m.changes.len() <= 1;
        let mut theirs = m.to.clone();
        theirs.sort();
        m.component == idx && single && (m.to == to || theirs == sorted_to)
    });
    found.cloned().ok_or_else(|| {
        lang.tr(
            "play-cannot-become",
            &args![("number", number), ("from", components[idx]), ("to", to.join(" + "))],
        )
    })
}
