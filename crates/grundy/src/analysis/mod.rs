//! A position in, an answer out: the documents every front end prints.
//!
//! [`solve`] takes a game, the components of a position in the game's own syntax and a play
//! convention, and returns an [`Analysis`]: each component's value, the value and outcome of the
//! sum, and every winning move written back in the input syntax. Front ends only print it
//! (`Display` for values here, the JSON documents in [`crate::contract`]).
//!
//! [`generic`] is the one answer path for any ruleset; families with closed forms answer in
//! their own files (`games/`) and fall back on it for what they do not know better.

use crate::error::Result;
use crate::i18n::Lang;
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::solve::loopy::LoopyValue;
use num_bigint::BigUint;

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
///
/// ```
/// use grundy::analysis::Value;
/// assert_eq!(Value::Nimber(7u32.into()).to_string(), "7");
/// assert_eq!(Value::Infinite(vec![0, 2]).to_string(), "∞(0,2)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A Grundy value (nimber) of any size.
    Nimber(BigUint),
    /// Smith's ∞(K) for a loopy position: `K` lists the finite values it can move to.
    Infinite(Vec<u64>),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Nimber(nimber) => write!(f, "{nimber}"),
            Value::Infinite(set) => {
                f.write_str("∞(")?;
                for (idx, value) in set.iter().enumerate() {
                    if idx > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{value}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl From<LoopyValue> for Value {
    fn from(value: LoopyValue) -> Value {
        match value {
            LoopyValue::Finite(v) => Value::Nimber(BigUint::from(v)),
            LoopyValue::Infinite(set) => Value::Infinite(set),
        }
    }
}

impl From<&LoopyValue> for Value {
    fn from(value: &LoopyValue) -> Value {
        Value::from(value.clone())
    }
}

/// One component of the analysed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentReport {
    /// The component in the game's input syntax, canonicalised (`007` becomes `7`).
    pub position: String,
    /// Its value, where the convention gives one a meaning.
    pub value: Option<Value>,
    /// Its genus under misère play (`4^146`), where it is known.
    pub genus: Option<String>,
}

impl ComponentReport {
    /// Reports for components that have no value of their own (misère play, whole-position
    /// answers).
    pub fn without_values(positions: Vec<String>) -> Vec<ComponentReport> {
        positions
            .into_iter()
            .map(|position| ComponentReport { position, value: None, genus: None })
            .collect()
    }
}

/// One winning move of the whole position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// 0-based index of the component moved in (the first one changed, for games whose whole
    /// list of heaps is one game).
    pub component: usize,
    /// That component before the move.
    pub from: String,
    /// What it becomes: one entry, or several when it splits; an emptied component keeps its
    /// place in its own syntax (a heap becomes `0`); empty only where a component vanishes
    /// outright.
    pub to: Vec<String>,
    /// The whole position after the move.
    pub after: Vec<String>,
    /// The move in the game's own words, where its notation hides them (which step, how many
    /// coins; which piece, to which cell), in English (the JSON's `description`).
    pub description: Option<String>,
    /// The same words as a message, to say them in any language.
    pub words: Option<Words>,
    /// For games whose whole position is one game (`moore:K`): every component the move
    /// changes, in order. Empty otherwise.
    pub changes: Vec<Change>,
}

/// A legal move with what it leaves for the opponent: the outcome for the player then to move,
/// and the remoteness (moves to the end under best play) where the game ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub report: MoveReport,
    /// The outcome of the position it leaves, for the opponent (P: the mover has won).
    pub outcome: Outcome,
    /// The remoteness of the position it leaves (`None` for a draw).
    pub remoteness: Option<u32>,
}

/// One component changed by a move that changes several (Moore's Nim_K).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// 0-based index of the component.
    pub component: usize,
    /// It before the move.
    pub from: String,
    /// It after the move.
    pub to: String,
}

/// The memory a list of moves over one position takes, charged against [`Limits::max_bytes`]
/// before each move is built: every move carries the whole position after it, so a position of
/// many components with many moves costs their product (20,001 Nim heaps of 1 have 20,001
/// winning moves of 20,001 components each: 400 million strings).
#[derive(Debug, Clone)]
pub struct MoveBudget {
    per_move: u64,
    n_moves: u64,
}

impl MoveBudget {
    /// A budget for moves over the position written `texts`.
    ///
    /// ```
    /// use grundy::analysis::MoveBudget;
    /// use grundy::Limits;
    /// let texts: Vec<String> = vec!["1".into(); 1000];
    /// let mut budget = MoveBudget::new(&texts);
    /// let small = Limits { max_bytes: 1 << 20, ..Limits::default() };
    /// assert!((0..1000).map(|_| budget.charge(&small)).any(|r| r.is_err()));
    /// ```
    pub fn new(texts: &[String]) -> MoveBudget {
        let strings: u64 = texts.iter().map(|text| text.len() as u64 + 32).sum();
        MoveBudget { per_move: strings + 192, n_moves: 0 }
    }

    /// One move more: an error naming the memory limit once the moves would pass it.
    pub fn charge(&mut self, limits: &Limits) -> Result<()> {
        self.charge_many(1, limits)
    }

    /// `n_moves` moves more.
    pub fn charge_many(&mut self, n_moves: u64, limits: &Limits) -> Result<()> {
        self.n_moves = self.n_moves.saturating_add(n_moves);
        limits.count_bytes(
            self.n_moves.saturating_mul(self.per_move),
            &format!("{} moves, each with the whole position after it,", self.n_moves),
        )
    }
}

impl MoveReport {
    /// A move in component `component` of the position written `texts`, to `to`.
    pub fn new(texts: &[String], component: usize, to: Vec<String>) -> MoveReport {
        MoveReport {
            component,
            from: texts[component].clone(),
            after: replace_component(texts, component, &to),
            to,
            description: None,
            words: None,
            changes: Vec::new(),
        }
    }

    /// The same move, said in the game's own words.
    pub fn described(mut self, words: Words) -> MoveReport {
        self.description = Some(words.render(Lang::En));
        self.words = Some(words);
        self
    }

    /// The move in the game's own words in `lang`, where it has them.
    pub fn words_in(&self, lang: Lang) -> Option<String> {
        match &self.words {
            Some(words) => Some(words.render(lang)),
            None => self.description.clone(),
        }
    }
}

/// A move said in a game's own words: a message (`move-*` in the locales) and its arguments,
/// said in any language.
///
/// ```
/// use grundy::analysis::{Words, WordArg};
/// use grundy::i18n::Lang;
/// let words = Words::new("move-turn", [("coins", WordArg::List(vec!["9".into(), "4".into(), "2".into()]))]);
/// assert_eq!(words.render(Lang::En), "turn coins 9, 4 and 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    /// The message key.
    pub key: &'static str,
    /// Its arguments.
    pub args: Vec<(&'static str, WordArg)>,
}

/// One argument of [`Words`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WordArg {
    /// Text said as it is (a place, a cell).
    Text(String),
    /// A number (its plural form chosen by the language).
    Number(u64),
    /// A list, said `a, b and c` in the language (and given its length as `{name}_count`).
    List(Vec<String>),
    /// A list of phrases, each said in the language, then listed as `a, b and c`.
    Phrases(Vec<Words>),
}

impl Words {
    /// The message `key` with `args`.
    pub fn new<const N: usize>(key: &'static str, args: [(&'static str, WordArg); N]) -> Words {
        Words { key, args: args.into() }
    }

    /// The words in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut args = crate::i18n::Args::new();
        let mut counts: Vec<(String, usize)> = Vec::new();
        for (name, arg) in &self.args {
            match arg {
                WordArg::Text(text) => args.set(*name, text.clone()),
                WordArg::Number(n) => args.set(*name, *n),
                WordArg::List(items) => {
                    counts.push((format!("{name}_count"), items.len()));
                    args.set(*name, list_in(items, lang));
                }
                WordArg::Phrases(phrases) => {
                    let said: Vec<String> = phrases.iter().map(|p| p.render(lang)).collect();
                    args.set(*name, list_in(&said, lang));
                }
            }
        }
        for (count, n) in counts {
            args.set(count, n);
        }
        lang.tr(self.key, &args)
    }
}

/// `a, b and c` in `lang`.
fn list_in(items: &[String], lang: Lang) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => lang.tr(
            "list-and",
            &crate::i18n::args![("rest", rest.join(&lang.tr0("list-sep"))), ("last", last.clone())],
        ),
    }
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

impl Analysis {
    /// The components as written, in order.
    pub fn positions(&self) -> Vec<String> {
        self.components.iter().map(|c| c.position.clone()).collect()
    }

    /// The `--batch` answer line, newline included: `P`, `D`, or `N` and the whole position
    /// after the first winning move (`N 1 4 5`; `3 3 4` gives `N 3 3 0`).
    ///
    /// ```
    /// let game = grundy::game("nim")?;
    /// let answer = grundy::games::solve(&*game, &["3", "3", "4"], grundy::analysis::Convention::Normal)?;
    /// let mut line = Vec::new();
    /// answer.short_answer(&mut line);
    /// assert_eq!(line, b"N 3 3 0\n");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn short_answer(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.outcome.letter().as_bytes());
        if let (Outcome::N, Some(first)) = (self.outcome, self.winning_moves.first()) {
            for component in &first.after {
                out.push(b' ');
                out.extend_from_slice(component.as_bytes());
            }
        }
        out.push(b'\n');
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

impl std::fmt::Display for Analysis {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        out.write_str(&self.text(Lang::En))
    }
}

impl Analysis {
    /// The answer for a person in `lang` (the command line's text): position, value, outcome,
    /// then the winning moves, each line ended. The lines meant for programs keep their words
    /// in every language (`position:`, and the labels `value:`, `outcome:`, `genus:` with the
    /// outcome's letter); what follows for people is in `lang`.
    ///
    /// ```
    /// let nim = grundy::game("nim")?;
    /// let answer = nim.solve(&["1", "2"], grundy::analysis::Convention::Normal, &grundy::Limits::default())?;
    /// let russian = answer.text(grundy::i18n::Lang::Ru);
    /// assert!(russian.starts_with("position: 1 2 (nim, normal play)\nvalue:    3\noutcome:  N ("));
    /// assert!(!russian.contains("the player to move"));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        use std::fmt::Write;
        let answer = self;
        let mut out = String::new();
        let position: Vec<&str> = answer.components.iter().map(|c| c.position.as_str()).collect();
        let _ = writeln!(
            out,
            "position: {} ({}, {} play)",
            position.join(" "),
            answer.game,
            answer.convention.name()
        );
        if let Some(value) = &answer.value {
            let _ = writeln!(out, "value:    {value}");
        }
        let gloss = match answer.outcome {
            Outcome::P => "answer-outcome-p",
            Outcome::N => "answer-outcome-n",
            Outcome::D => "answer-outcome-d",
        };
        let _ = writeln!(out, "outcome:  {} ({})", answer.outcome.letter(), lang.tr0(gloss));
        if answer.components.iter().any(|c| c.genus.is_some()) {
            let genera: Vec<&str> =
                answer.components.iter().map(|c| c.genus.as_deref().unwrap_or("?")).collect();
            let _ = writeln!(out, "genus:    {}", genera.join(" "));
        }
        if answer.winning_moves.is_empty() {
            return out;
        }
        let _ = writeln!(out, "{}", lang.tr0("answer-winning-moves"));
        let nothing = || lang.tr0("answer-nothing");
        for m in &answer.winning_moves {
            let to = if m.to.is_empty() { nothing() } else { m.to.join(" + ") };
            let after = if m.after.is_empty() { nothing() } else { m.after.join(" ") };
            let line = match m.words_in(lang) {
                Some(words) if !m.changes.is_empty() => {
                    let heaps: Vec<String> =
                        m.changes.iter().map(|c| (c.component + 1).to_string()).collect();
                    lang.tr(
                        "answer-move-words-many",
                        &crate::i18n::args![
                            ("count", heaps.len()),
                            ("components", list_in(&heaps, lang)),
                            ("words", words),
                            ("after", after)
                        ],
                    )
                }
                Some(words) => lang.tr(
                    "answer-move-words",
                    &crate::i18n::args![
                        ("component", m.component + 1),
                        ("words", words),
                        ("after", after)
                    ],
                ),
                None => lang.tr(
                    "answer-move",
                    &crate::i18n::args![
                        ("component", m.component + 1),
                        ("from", m.from.clone()),
                        ("to", to),
                        ("after", after)
                    ],
                ),
            };
            let _ = writeln!(out, "  {line}");
        }
        if !answer.winning_moves_complete {
            let _ = writeln!(out, "  {}", lang.tr0("answer-cut-short"));
        }
        out
    }
}
