//! One validated request per question, answered with the contract's documents: the one door
//! every front end goes through, so that the command line's `--json`, the web API and the
//! Python package can never answer differently.
//!
//! A front end turns its own input into the low form, a JSON object with the web API's field
//! names (`{"game": "nim", "components": ["3", "4", "5"], "misere": false}`), and names the
//! question ([`Kind`]); [`Request::from_json`] validates it once, fills in the defaults (they
//! live here, in [`defaults`], and nowhere else) and loads the game; [`Request::answer`] answers
//! it with an [`Answer`], whose [`Answer::document`] is the contract's JSON document and whose
//! parts a front end may print as text. Sequences and graphs, which can be far larger than
//! memory should hold at once, are written as they are computed ([`Request::write_document`]).
//!
//! ```
//! use grundy::request::{Door, Kind, Request};
//! use grundy::Limits;
//! let low = serde_json::json!({"game": "nim", "components": ["3", "4", "5"]});
//! let request = Request::from_json(Kind::Solve, &low, &Door::server(None), &Limits::default())?;
//! let doc = request.answer(&Limits::default(), 1, &mut |_, _| {})?.document();
//! assert_eq!(doc["value"], 2);
//! assert_eq!(doc["winning_moves"][0]["after"], serde_json::json!(["1", "4", "5"]));
//! # Ok::<(), grundy::Error>(())
//! ```

use crate::analysis::{Analysis, Convention, MoveReport};
use crate::contract;
use crate::error::{Error, Result};
use crate::games::graph::{GraphFile, GraphGame};
use crate::games::{FileSource, Game, NoFiles, Registry};
use crate::i18n::Lang;
use crate::limits::Limits;
use crate::misere::genus::GenusList;
use crate::misere::MisereQuotient;
use crate::pattern::PatternReport;
use crate::sequence::{cost, PeriodReport, RunOptions};
use crate::table::PairTable;
use serde_json::{json, Value as Json};
use std::sync::Arc;

/// The defaults of every question, in one place: front ends leave a field out, never fill it.
pub mod defaults {
    /// `seq`: heaps `0..=N` when no `n` is given (the command line always gives one).
    pub const SEQ_N: u64 = 100;
    /// `period` of a heap game: heaps checked before giving up.
    pub const PERIOD_MAX_HEAP_GAME: u64 = 1_000_000;
    /// `period` of another one-parameter family (a script's `heap(n)`), which has no theorem.
    pub const PERIOD_MAX_OTHER: u64 = 10_000;
    /// `table`: the side of the table.
    pub const TABLE_SIZE: usize = 20;
    /// `pattern --table`: the largest side looked at.
    pub const PATTERN_TABLE_MAX: u64 = 256;
    /// `misere`: heaps.
    pub const MISERE_MAX: u64 = 300;
    /// `misere`: elements of the quotient before it stops with a partial one.
    pub const MISERE_MAX_ORDER: usize = 100_000;
    /// `misere --genus`: heaps.
    pub const GENUS_MAX: u64 = 30;
    /// `explore`: positions each process may hold when `max_positions` is not given (memory,
    /// `Limits::max_bytes`, bounds a run long before this).
    pub const EXPLORE_MAX_POSITIONS: u64 = 1 << 32;
}

/// The questions, by the name front ends give them (the subcommand, the endpoint, the corpus's
/// `kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A position's value, outcome and winning moves (`solve`).
    Solve,
    /// A heap family's values (`seq`).
    Seq,
    /// A proven period (`period`).
    Period,
    /// The simplest formula the values follow (`pattern`).
    Pattern,
    /// The table of pairs (`table`).
    Table,
    /// Every node of a graph (`graph`).
    Graph,
    /// The misère quotient (`misere`).
    Misere,
    /// The genus of each heap (`misere --genus`).
    Genus,
    /// The computer's move (`play`, the web's `/api/play`).
    Play,
    /// A move typed by a player, checked (the web's `/api/move`).
    Move,
    /// A lesson, or the list of topics (`lesson`).
    Lesson,
    /// Every position reachable from some positions, labelled (`explore`).
    Explore,
    /// Nimber arithmetic (`nimber`).
    Nimber,
}

impl Kind {
    /// Every question.
    pub const ALL: [Kind; 13] = [
        Kind::Solve,
        Kind::Seq,
        Kind::Period,
        Kind::Pattern,
        Kind::Table,
        Kind::Graph,
        Kind::Misere,
        Kind::Genus,
        Kind::Play,
        Kind::Move,
        Kind::Lesson,
        Kind::Explore,
        Kind::Nimber,
    ];

    /// The question's name: `"solve"`, `"seq"`, ...
    pub fn name(self) -> &'static str {
        match self {
            Kind::Solve => "solve",
            Kind::Seq => "seq",
            Kind::Period => "period",
            Kind::Pattern => "pattern",
            Kind::Table => "table",
            Kind::Graph => "graph",
            Kind::Misere => "misere",
            Kind::Genus => "genus",
            Kind::Play => "play",
            Kind::Move => "move",
            Kind::Lesson => "lesson",
            Kind::Explore => "explore",
            Kind::Nimber => "nimber",
        }
    }

    /// The question called `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// What a front end allows a request: where files come from, the largest counts it answers,
/// and a game it already holds.
#[derive(Clone, Copy)]
pub struct Door<'a> {
    /// `graph:PATH` and `script:PATH` are read through this; `None` refuses them (a server
    /// never opens a file a request names: graphs and scripts come as text).
    pub files: Option<&'a dyn FileSource>,
    /// The largest `n` of `seq` and `max` of `period` and `pattern` answered (a server's bound);
    /// past it, a limit error.
    pub max_count: Option<u64>,
    /// A game the caller holds (Python's callables), answered when the request names none.
    pub game: Option<&'a Arc<dyn Game>>,
}

impl<'a> Door<'a> {
    /// A door with files (the command line, Python).
    pub fn local(files: &'a dyn FileSource) -> Door<'a> {
        Door { files: Some(files), max_count: None, game: None }
    }

    /// A door without files, answering counts up to `max_count` (the web server).
    pub fn server(max_count: Option<u64>) -> Door<'a> {
        Door { files: None, max_count, game: None }
    }
}

/// A validated request: the game (none for lessons) and the question with every field set.
#[derive(Clone)]
pub struct Request {
    /// The game asked about.
    pub game: Option<Arc<dyn Game>>,
    /// The question.
    pub question: Question,
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request")
            .field("game", &self.game.as_ref().map(|game| game.name()))
            .field("question", &self.question)
            .finish()
    }
}

/// A question with every field validated and every default filled in.
#[derive(Debug, Clone)]
pub enum Question {
    /// `solve`.
    Solve {
        /// The position's components, as written.
        components: Vec<String>,
        /// Normal or misère play.
        convention: Convention,
        /// The language of an explanation, when one is asked for.
        explain: Option<Lang>,
    },
    /// `seq`: heaps `0..=n`.
    Seq {
        /// The largest heap.
        n: u64,
    },
    /// `period`, checked to heap `max`.
    Period {
        /// The largest heap checked.
        max: u64,
        /// Said beside the answer (a code no theorem covers, checked only so far).
        note: Option<String>,
    },
    /// `pattern`.
    Pattern {
        /// How far to look (the family's own default when absent).
        max: Option<u64>,
        /// The table of pairs rather than the heaps.
        table: bool,
    },
    /// `table`.
    Table {
        /// The side.
        size: usize,
    },
    /// `graph`: every node.
    Graph {
        /// The graph.
        graph: Arc<GraphGame>,
    },
    /// `misere`.
    Misere {
        /// Heaps.
        max: u64,
        /// The largest order before a partial quotient.
        max_order: usize,
    },
    /// `misere --genus`.
    Genus {
        /// Heaps.
        max: u64,
    },
    /// The computer's move.
    Play {
        /// The position.
        components: Vec<String>,
        /// Normal or misère play.
        convention: Convention,
        /// The language of the reason and the board.
        lang: Lang,
    },
    /// A typed move.
    Move {
        /// The position.
        components: Vec<String>,
        /// The move as typed (`1 2`, `= 1 4 5`).
        typed: String,
        /// The language of the refusal and the board.
        lang: Lang,
    },
    /// `explore`: every position reachable from `positions` (one component each).
    Explore {
        /// The start positions, as written.
        positions: Vec<String>,
        /// Positions each process may hold.
        max_positions: u64,
    },
    /// `nimber`: one operation of the field of nimbers.
    Nimber {
        /// The operation.
        op: crate::nimber::field::Op,
        /// Its numbers (one or two).
        args: Vec<num_bigint::BigUint>,
        /// The language of an explanation, when one is asked for.
        explain: Option<Lang>,
    },
    /// A lesson (`None`: the list of topics).
    Lesson {
        /// The topic.
        topic: Option<String>,
        /// The language.
        lang: Lang,
        /// Whether the exercises' answers are shown.
        answers: bool,
    },
}

/// An answer: typed, for front ends that print text, and as the contract's document.
#[derive(Debug, Clone)]
pub enum Answer {
    /// `solve`, with its explanation when asked for.
    Solve {
        /// The analysis.
        analysis: Analysis,
        /// The walk-through.
        explanation: Option<String>,
    },
    /// `period`.
    Period {
        /// The report.
        report: PeriodReport,
        /// A note to go with it.
        note: Option<String>,
    },
    /// `pattern`.
    Pattern(PatternReport),
    /// `table`.
    Table(PairTable),
    /// `misere`.
    Misere(MisereQuotient),
    /// `misere --genus`.
    Genus(GenusList),
    /// The computer's move (`None`: no move is left), and the outcome before it.
    Play {
        /// The move.
        played: Option<PlayedMove>,
        /// Who wins the position before it, for the player to move (the computer).
        outcome: crate::outcome::Outcome,
    },
    /// A typed move, legal.
    Move(PlayedMove),
    /// A lesson's text, or the list of topics.
    Lesson {
        /// The topic (`None` for the list).
        topic: Option<String>,
        /// The text.
        text: String,
    },
    /// A document written whole (`seq`, `graph`: see [`Request::write_document`]).
    Document(Json),
    /// `explore`.
    Explore(crate::explore::Summary),
    /// `nimber`.
    Nimber {
        /// The operation.
        op: crate::nimber::field::Op,
        /// Its numbers.
        args: Vec<num_bigint::BigUint>,
        /// The result.
        value: num_bigint::BigUint,
        /// The walk-through.
        explanation: Option<String>,
    },
}

/// A move made in play, with the board after it.
#[derive(Debug, Clone)]
pub struct PlayedMove {
    /// The move.
    pub report: MoveReport,
    /// For the computer's move: why it was chosen, in the request's language.
    pub why: Option<String>,
    /// The board after the move, drawn in the request's language.
    pub board: String,
    /// Whether no move is left after it.
    pub over: bool,
}

impl Answer {
    /// The contract's document.
    pub fn document(&self) -> Json {
        match self {
            Answer::Solve { analysis, explanation } => {
                contract::analysis(analysis, explanation.as_deref())
            }
            Answer::Period { report, note } => {
                let mut doc = contract::period(report);
                if let Some(note) = note {
                    doc["note"] = note.as_str().into();
                }
                doc
            }
            Answer::Pattern(report) => contract::pattern(report),
            Answer::Explore(summary) => contract::explore(summary),
            Answer::Nimber { op, args, value, explanation } => {
                let args: Vec<String> = args.iter().map(ToString::to_string).collect();
                let mut doc = json!({"op": op.name(), "args": args,
                    "value": contract::value(&crate::analysis::Value::Nimber(value.clone()))});
                if let Some(text) = explanation {
                    doc["explanation"] = text.as_str().into();
                }
                doc
            }
            Answer::Table(table) => contract::table(table),
            Answer::Misere(quotient) => contract::misere(quotient),
            Answer::Genus(list) => contract::genera(list),
            Answer::Play { played: None, outcome } => {
                json!({"move": null, "outcome": outcome.letter()})
            }
            Answer::Play { played: Some(played), outcome } => {
                let mut doc = played_doc(played);
                doc["outcome"] = outcome.letter().into();
                doc
            }
            Answer::Move(played) => played_doc(played),
            Answer::Lesson { topic, text } => json!({"topic": topic, "text": text}),
            Answer::Document(doc) => doc.clone(),
        }
    }
}

fn played_doc(played: &PlayedMove) -> Json {
    let mut doc = json!({
        "move": contract::move_doc(&played.report),
        "board": played.board,
        "over": played.over,
    });
    if let Some(why) = &played.why {
        doc["why"] = why.as_str().into();
    }
    doc
}

/// A field of the low form, read.
struct Fields<'j> {
    doc: &'j serde_json::Map<String, Json>,
}

impl Fields<'_> {
    fn bad(field: &str, problem: impl Into<String>) -> Error {
        Error::BadArgument { argument: format!("\"{field}\""), problem: problem.into() }
    }

    fn get(&self, field: &str) -> Option<&Json> {
        self.doc.get(field).filter(|value| !value.is_null())
    }

    fn flag(&self, field: &str) -> Result<bool> {
        match self.get(field) {
            None => Ok(false),
            Some(Json::Bool(value)) => Ok(*value),
            Some(other) => Err(Self::bad(field, format!("must be true or false, not {other}"))),
        }
    }

    fn count(&self, field: &str) -> Result<Option<u64>> {
        match self.get(field) {
            None => Ok(None),
            Some(value) => value.as_u64().map(Some).ok_or_else(|| {
                Self::bad(field, format!("must be a whole number, 0 or more, not {value}"))
            }),
        }
    }

    fn text(&self, field: &str) -> Result<Option<&str>> {
        match self.get(field) {
            None => Ok(None),
            Some(Json::String(text)) => Ok(Some(text)),
            Some(other) => Err(Self::bad(field, format!("must be a string, not {other}"))),
        }
    }

    fn components(&self) -> Result<Vec<String>> {
        self.list("components")
    }

    /// A list of positions or components: strings (numbers are taken as written).
    fn list(&self, field: &str) -> Result<Vec<String>> {
        let list = self.get(field).and_then(Json::as_array).ok_or_else(|| {
            Self::bad(field, "the request needs a list such as [\"3\", \"4\", \"5\"]")
        })?;
        list.iter()
            .map(|c| match c {
                Json::String(text) => Ok(text.clone()),
                Json::Number(number) => Ok(number.to_string()),
                other => Err(Self::bad(field, format!("{other} is not a string"))),
            })
            .collect()
    }

    fn convention(&self) -> Result<Convention> {
        Ok(if self.flag("misere")? { Convention::Misere } else { Convention::Normal })
    }

    fn lang(&self) -> Result<Lang> {
        match self.text("lang")? {
            None => Ok(Lang::En),
            Some(code) => Lang::ALL
                .into_iter()
                .find(|lang| lang.code() == code)
                .ok_or_else(|| Self::bad("lang", format!("'{code}' is not one of en, ru, zh, mk"))),
        }
    }
}

impl Request {
    /// Validates the low form `doc` of question `kind` through `door`, loading its game
    /// within `limits`.
    pub fn from_json(kind: Kind, doc: &Json, door: &Door<'_>, limits: &Limits) -> Result<Request> {
        let Json::Object(map) = doc else {
            return Err(Error::BadArgument {
                argument: "request".into(),
                problem: "the request must be a JSON object".into(),
            });
        };
        let fields = Fields { doc: map };
        let counted = |field: &str, default: u64| -> Result<u64> {
            let n = fields.count(field)?.unwrap_or(default);
            check_count(door, field, n)?;
            Ok(n)
        };
        if kind == Kind::Lesson {
            let question = Question::Lesson {
                topic: fields.text("topic")?.map(str::to_string),
                lang: fields.lang()?,
                answers: fields.flag("answers")?,
            };
            return Ok(Request { game: None, question });
        }
        if kind == Kind::Nimber {
            use crate::nimber::field::Op;
            let name = fields.text("op")?.unwrap_or_default();
            let op = Op::from_name(name).ok_or_else(|| {
                Fields::bad("op", format!("'{name}' is not one of add, mul, pow, inv, sqrt"))
            })?;
            let mut args = Vec::new();
            for field in ["a", "b"].into_iter().take(op.arity()) {
                let text = match fields.get(field) {
                    Some(Json::String(text)) => text.clone(),
                    Some(Json::Number(number)) => number.to_string(),
                    Some(other) => {
                        return Err(Fields::bad(field, format!("{other} is not a number")))
                    }
                    None => {
                        return Err(Fields::bad(
                            field,
                            format!(
                                "{} takes {} number{}",
                                op.name(),
                                op.arity(),
                                if op.arity() == 1 { "" } else { "s" }
                            ),
                        ))
                    }
                };
                args.push(
                    crate::nimber::field::parse_nimber(&text)
                        .map_err(|problem| Fields::bad(field, format!("'{text}': {problem}")))?,
                );
            }
            if op.arity() == 1 && fields.get("b").is_some() {
                return Err(Fields::bad("b", format!("{} takes one number", op.name())));
            }
            let explain = if fields.flag("explain")? { Some(fields.lang()?) } else { None };
            return Ok(Request { game: None, question: Question::Nimber { op, args, explain } });
        }
        if kind == Kind::Graph {
            let graph = load_graph(&fields, door)?;
            return Ok(Request { game: None, question: Question::Graph { graph } });
        }
        let game = load_game(&fields, door, limits)?;
        let question = match kind {
            Kind::Solve => {
                let components = fields.components()?;
                if components.is_empty() {
                    return Err(Fields::bad(
                        "components",
                        "is empty: give the position's components",
                    ));
                }
                let explain = if fields.flag("explain")? { Some(fields.lang()?) } else { None };
                Question::Solve { components, convention: fields.convention()?, explain }
            }
            Kind::Seq => Question::Seq { n: counted("n", defaults::SEQ_N)? },
            Kind::Period => {
                let heap_game = game.heap_game();
                let no_theorem = heap_game.as_ref().filter(|game| cost::has_no_theorem(game));
                let given = fields.count("max")?;
                let max = match (given, no_theorem, &heap_game) {
                    (Some(max), _, _) => max,
                    (None, Some(game), _) => cost::default_check_without_theorem(game, limits),
                    (None, None, Some(_)) => defaults::PERIOD_MAX_HEAP_GAME,
                    (None, None, None) => defaults::PERIOD_MAX_OTHER,
                };
                check_count(door, "max", max)?;
                let note = no_theorem.map(|_| {
                    let default = if given.is_none() {
                        ", the default for this code (--max goes on)"
                    } else {
                        ""
                    };
                    format!("{}: checked to heap {max}{default}", cost::NO_THEOREM)
                });
                Question::Period { max, note }
            }
            Kind::Pattern => {
                let table = fields.flag("table")?;
                let max = fields.count("max")?;
                if let Some(max) = max {
                    if table && max > defaults::PATTERN_TABLE_MAX {
                        return Err(Error::limit(
                            crate::limits::Limit::HeapSize,
                            defaults::PATTERN_TABLE_MAX,
                            format!(
                                "\"max\" is {max}; a table is looked at up to {}",
                                defaults::PATTERN_TABLE_MAX
                            ),
                        ));
                    }
                    check_count(door, "max", max)?;
                }
                Question::Pattern { max, table }
            }
            Kind::Table => {
                let size = fields.count("size")?.map_or(defaults::TABLE_SIZE, |size| {
                    usize::try_from(size).unwrap_or(usize::MAX)
                });
                Question::Table { size: crate::table::checked_size(size, limits)? }
            }
            Kind::Misere => Question::Misere {
                max: fields.count("max")?.unwrap_or(defaults::MISERE_MAX),
                max_order: fields.count("max_order")?.map_or(defaults::MISERE_MAX_ORDER, |n| {
                    usize::try_from(n).unwrap_or(usize::MAX).max(1)
                }),
            },
            Kind::Genus => {
                Question::Genus { max: fields.count("max")?.unwrap_or(defaults::GENUS_MAX) }
            }
            Kind::Play => Question::Play {
                components: fields.components()?,
                convention: fields.convention()?,
                lang: fields.lang()?,
            },
            Kind::Move => Question::Move {
                components: fields.components()?,
                typed: fields
                    .text("move")?
                    .ok_or_else(|| {
                        Fields::bad("move", "the request needs a move like \"1 2\" or \"= 1 4 5\"")
                    })?
                    .to_string(),
                lang: fields.lang()?,
            },
            Kind::Explore => {
                let positions = fields.list("positions")?;
                if positions.is_empty() {
                    return Err(Fields::bad(
                        "positions",
                        "is empty: give the positions to explore from",
                    ));
                }
                let max_positions =
                    fields.count("max_positions")?.unwrap_or(defaults::EXPLORE_MAX_POSITIONS);
                if max_positions == 0 {
                    return Err(Fields::bad("max_positions", "must be at least 1"));
                }
                Question::Explore { positions, max_positions }
            }
            Kind::Lesson | Kind::Graph | Kind::Nimber => unreachable!("answered above"),
        };
        if matches!(question, Question::Misere { .. } | Question::Genus { .. })
            && game.heap_game().is_none()
        {
            return Err(Error::BadArgument {
                argument: "GAME".into(),
                problem: format!(
                    "'{}' is not a heap game: misère quotients and genera are computed for heap games",
                    game.name()
                ),
            });
        }
        Ok(Request { game: Some(game), question })
    }

    /// The game and start positions of an `explore` request, encoded for a driver (the
    /// library's sequential one answers [`Request::answer`]; `grundy-explore` runs the same
    /// job on timely dataflow).
    pub fn explore_job(&self) -> Result<crate::explore::Job> {
        let Question::Explore { positions, max_positions } = &self.question else {
            return Err(Error::BadArgument {
                argument: "request".into(),
                problem: "not an explore request".into(),
            });
        };
        let game = self.game();
        let rules = game.clone().encoded_rules().ok_or_else(|| Error::BadArgument {
            argument: "GAME".into(),
            problem: format!(
                "'{}' is one game, not a sum of components: explore takes games whose positions \
                 are sums",
                game.name()
            ),
        })?;
        crate::explore::Job::new(rules, positions, *max_positions)
    }

    fn game(&self) -> &Arc<dyn Game> {
        self.game.as_ref().expect("every question but lessons and graphs has a game")
    }

    /// Answers the request within `limits`, on up to `n_threads` threads where an engine can
    /// use them, with `progress` told how far a long computation has got.
    pub fn answer(
        &self,
        limits: &Limits,
        n_threads: usize,
        progress: &mut dyn FnMut(u64, &str),
    ) -> Result<Answer> {
        Ok(match &self.question {
            Question::Solve { components, convention, explain } => {
                let game = self.game();
                let texts: Vec<&str> = components.iter().map(String::as_str).collect();
                let analysis = game.solve(&texts, *convention, limits)?;
                let explanation = match explain {
                    Some(lang) => {
                        Some(crate::games::explanation(&**game, &analysis, *lang, limits)?)
                    }
                    None => None,
                };
                Answer::Solve { analysis, explanation }
            }
            Question::Period { max, note } => {
                let options = RunOptions { n_threads, ..RunOptions::default() };
                let report =
                    PeriodReport::for_game(&**self.game(), *max, &options, limits, &mut |n| {
                        progress(n as u64, "")
                    })?;
                Answer::Period { report, note: note.clone() }
            }
            Question::Pattern { max, table } => Answer::Pattern(crate::pattern::for_game(
                &**self.game(),
                *max,
                *table,
                limits,
                &mut |n| progress(n, ""),
            )?),
            Question::Table { size } => {
                let game = self.game();
                let table = game
                    .pair_table(*size, limits)
                    .unwrap_or_else(|| crate::games::pair_table(&**game, *size))?;
                Answer::Table(table)
            }
            Question::Misere { max, max_order } => {
                let heap_game = self.game().heap_game().expect("checked when validated");
                let options =
                    crate::misere::QuotientOptions { max_heap: *max, max_order: *max_order };
                Answer::Misere(crate::misere::quotient(&heap_game, &options, limits, progress)?)
            }
            Question::Genus { max } => {
                let heap_game = self.game().heap_game().expect("checked when validated");
                Answer::Genus(crate::misere::genus::heap_genera_to(
                    &heap_game,
                    *max,
                    limits,
                    &mut |n, _| progress(n, ""),
                )?)
            }
            Question::Play { components, convention, lang } => {
                let game = self.game();
                let texts: Vec<&str> = components.iter().map(String::as_str).collect();
                match crate::play::computer_move(&**game, &texts, *convention, limits)? {
                    Some(choice) => {
                        let mut played = played(&**game, choice.report.clone(), *lang, limits)?;
                        played.why = Some(choice.reason(*lang));
                        Answer::Play { played: Some(played), outcome: choice.outcome }
                    }
                    None => {
                        let outcome = game.solve(&texts, *convention, limits)?.outcome;
                        Answer::Play { played: None, outcome }
                    }
                }
            }
            Question::Move { components, typed, lang } => {
                let game = self.game();
                let texts: Vec<&str> = components.iter().map(String::as_str).collect();
                let report = crate::play::read_move_in(&**game, &texts, typed, *lang, limits)
                    .map_err(|error| error.for_argument("\"move\""))?;
                Answer::Move(played(&**game, report, *lang, limits)?)
            }
            Question::Lesson { topic, lang, answers } => {
                let text = match topic {
                    None => crate::lesson::list(*lang),
                    Some(topic) => crate::lesson::render_with(
                        topic,
                        *lang,
                        crate::lesson::Options { answers: *answers },
                    )?,
                };
                Answer::Lesson { topic: topic.clone(), text }
            }
            Question::Nimber { op, args, explain } => {
                let value = op.apply(args).map_err(|error| error.for_argument("A"))?;
                let explanation =
                    explain.map(|lang| crate::explain::nimber(*op, args, &value, lang));
                Answer::Nimber { op: *op, args: args.clone(), value, explanation }
            }
            Question::Explore { .. } => {
                let job = self.explore_job()?;
                Answer::Explore(crate::explore::sequential::explore(&job, limits, 1)?.0)
            }
            Question::Seq { .. } | Question::Graph { .. } => {
                let mut bytes = Vec::new();
                self.write_document(limits, n_threads, progress, &mut |chunk| {
                    bytes.extend_from_slice(chunk);
                    Ok(())
                })?;
                let doc = serde_json::from_slice(&bytes).map_err(|error| Error::Write {
                    what: format!("the document written was not JSON: {error}"),
                    kind: None,
                })?;
                Answer::Document(doc)
            }
        })
    }

    /// Writes the answer's document as it is computed, in chunks of bytes: the values of a
    /// sequence and the nodes of a graph are never all held at once. Every other question is
    /// answered, then written. An error from `out` stops the work and is returned as it is.
    pub fn write_document(
        &self,
        limits: &Limits,
        n_threads: usize,
        progress: &mut dyn FnMut(u64, &str),
        out: &mut dyn FnMut(&[u8]) -> Result<()>,
    ) -> Result<()> {
        match &self.question {
            Question::Seq { n } => write_seq(&**self.game(), *n, limits, n_threads, progress, out),
            Question::Graph { graph } => write_graph(graph, out),
            _ => {
                let doc = self.answer(limits, n_threads, progress)?.document();
                out(doc.to_string().as_bytes())
            }
        }
    }
}

impl Request {
    /// Whether the answer comes at once, by a formula or a short text, never by a search or
    /// a sequence: a lesson, nimber arithmetic on numbers of 128 bits, and a position of a game whose answers are
    /// formulas ([`Game::answers_at_once`]). A server sharing its computation slots keeps
    /// one for such answers, so that long answers never make them wait.
    pub fn is_quick(&self) -> bool {
        let at_once =
            |convention| self.game.as_ref().is_some_and(|game| game.answers_at_once(convention));
        match &self.question {
            Question::Lesson { .. } => true,
            Question::Nimber { args, .. } => args.iter().all(|arg| arg.bits() <= 128),
            Question::Solve { convention, .. } | Question::Play { convention, .. } => {
                at_once(*convention)
            }
            Question::Move { .. } => at_once(Convention::Normal) && at_once(Convention::Misere),
            _ => false,
        }
    }

    /// The values of a `seq` request as numbers, in order, handed to `out` in chunks as they are
    /// computed (a loopy value as `u64::MAX`): what arrays are filled from (Python's `seq`),
    /// without a document in between. The same run as the document's, from the same validated
    /// request.
    pub fn write_values(
        &self,
        limits: &Limits,
        n_threads: usize,
        out: &mut dyn FnMut(&[u64]) -> Result<()>,
    ) -> Result<()> {
        use crate::sequence::run::{Chunk, Sink};
        let Question::Seq { n } = self.question else {
            return Err(Error::BadArgument {
                argument: "request".into(),
                problem: "values are the answer of a seq request".into(),
            });
        };
        let game = self.game();
        if let Some(heap_game) = game.heap_game() {
            struct Values<'o> {
                out: &'o mut dyn FnMut(&[u64]) -> Result<()>,
                buffer: Vec<u64>,
            }
            impl Sink for Values<'_> {
                fn values(&mut self, _first: u64, values: Chunk<'_>) -> Result<()> {
                    self.buffer.clear();
                    self.buffer.extend((0..values.len()).map(|idx| values.get(idx)));
                    (self.out)(&self.buffer)
                }
            }
            let options = RunOptions { n_threads, ..RunOptions::default() };
            let mut sink = Values { out, buffer: Vec::new() };
            crate::sequence::run::run(&heap_game, n, &options, Some(&mut sink), limits)?;
            return Ok(());
        }
        let mut buffer = Vec::new();
        let mut visit = |_: u64, value: &crate::solve::loopy::LoopyValue| -> Result<()> {
            buffer.push(value.finite().unwrap_or(u64::MAX));
            if buffer.len() >= 1 << 16 {
                out(&std::mem::take(&mut buffer))?;
            }
            Ok(())
        };
        match game.family_values(n, limits, &mut visit) {
            Some(result) => result?,
            None => {
                return Err(Error::BadArgument {
                    argument: "GAME".into(),
                    problem: format!(
                        "{} has no one-parameter family (a heap game, or a script with heap(n))",
                        game.name()
                    ),
                })
            }
        }
        out(&buffer)
    }
}

fn check_count(door: &Door<'_>, field: &str, n: u64) -> Result<()> {
    match door.max_count {
        Some(most) if n > most => Err(Error::limit(
            crate::limits::Limit::HeapSize,
            most,
            format!("\"{field}\" is {n}; this server answers up to {most}"),
        )),
        _ => Ok(()),
    }
}

fn played(game: &dyn Game, report: MoveReport, lang: Lang, limits: &Limits) -> Result<PlayedMove> {
    let after: Vec<&str> = report.after.iter().map(String::as_str).collect();
    let board = game.draw(&after, lang)?;
    let over = game.legal_moves(&after, limits)?.is_empty();
    Ok(PlayedMove { report, why: None, board, over })
}

/// The refusal of a path in a request that came through a door without files.
fn no_files() -> Error {
    Error::BadArgument {
        argument: "\"game\"".into(),
        problem: "the server never opens files: send a graph as {\"game\": \"graph\", \"graph\": \"a: b\\nb:\"} or a script as {\"game\": \"script\", \"script\": \"...\"}".into(),
    }
}

/// The game a request names: a catalogue name, a path (through a door with files), a graph or
/// a script given as text, or the game the door holds.
fn load_game(fields: &Fields<'_>, door: &Door<'_>, limits: &Limits) -> Result<Arc<dyn Game>> {
    let Some(name) = fields.text("game")? else {
        return door
            .game
            .cloned()
            .ok_or_else(|| Fields::bad("game", "the request needs a game name such as \"nim\""));
    };
    let lower = name.trim().to_ascii_lowercase();
    let text = |field: &str| -> Result<&str> {
        fields.text(field)?.ok_or_else(|| {
            Fields::bad(field, format!("a \"{lower}\" game comes with its text in \"{field}\""))
        })
    };
    match lower.as_str() {
        "graph" => Ok(Arc::new(GraphFile::from_text("graph", text("graph")?)?)),
        #[cfg(feature = "script")]
        "script" => Ok(Arc::new(crate::games::script::ScriptGame::compile(
            "script",
            text("script")?,
            door.files.unwrap_or(&NoFiles),
            limits,
        )?)),
        _ if door.files.is_none()
            && (lower.starts_with("graph:") || lower.starts_with("script:")) =>
        {
            Err(no_files())
        }
        _ => Registry::builtin().parse_within(name, door.files.unwrap_or(&NoFiles), limits),
    }
}

/// The graph of a `graph` request: `{"graph": "a: b\nb:"}`, or `{"path": "g.txt"}` through a
/// door with files.
fn load_graph(fields: &Fields<'_>, door: &Door<'_>) -> Result<Arc<GraphGame>> {
    if let Some(text) = fields.text("graph")? {
        return Ok(Arc::new(GraphFile::from_text("graph", text)?.graph));
    }
    let path = fields.text("path")?.ok_or_else(|| {
        Fields::bad("graph", "the request needs the graph's text, as \"a: b\\nb:\"")
    })?;
    let files = door.files.ok_or_else(no_files)?;
    Ok(Arc::new(crate::games::graph::load_graph(path, files)?))
}

/// `{"game": ..., "values": [...], "period": {...}}`, the values written as computed.
fn write_seq(
    game: &dyn Game,
    n: u64,
    limits: &Limits,
    n_threads: usize,
    progress: &mut dyn FnMut(u64, &str),
    out: &mut dyn FnMut(&[u8]) -> Result<()>,
) -> Result<()> {
    use crate::sequence::run::{Chunk, Sink};
    let name = match game.heap_game() {
        Some(heap_game) => heap_game.name,
        None => game.name(),
    };
    out(format!("{{\"game\":{},\"values\":[", Json::from(name)).as_bytes())?;
    if let Some(heap_game) = game.heap_game() {
        struct Writer<'o, 'p> {
            out: &'o mut dyn FnMut(&[u8]) -> Result<()>,
            progress: &'p mut dyn FnMut(u64, &str),
            digits: itoa::Buffer,
            text: Vec<u8>,
        }
        impl Sink for Writer<'_, '_> {
            fn values(&mut self, first: u64, values: Chunk<'_>) -> Result<()> {
                self.text.clear();
                for idx in 0..values.len() {
                    if first + idx as u64 > 0 {
                        self.text.push(b',');
                    }
                    self.text.extend_from_slice(self.digits.format(values.get(idx)).as_bytes());
                }
                (self.out)(&self.text)
            }
            fn progress(&mut self, heap: u64, note: &str) {
                (self.progress)(heap, note);
            }
        }
        let options = RunOptions { n_threads, ..RunOptions::default() };
        let mut writer =
            Writer { out: &mut *out, progress, digits: itoa::Buffer::new(), text: Vec::new() };
        let report = crate::sequence::run::run(&heap_game, n, &options, Some(&mut writer), limits)?;
        out(b"]")?;
        if let Some(period) = &report.period {
            let doc = json!({"preperiod": period.preperiod, "period": period.period,
                "saltus": period.saltus, "proven_at": period.proven_at});
            out(format!(",\"period\":{doc}").as_bytes())?;
        }
        return out(b"}");
    }
    let mut text = Vec::new();
    let mut visit = |heap: u64, value: &crate::solve::loopy::LoopyValue| -> Result<()> {
        progress(heap, "");
        if heap > 0 {
            text.push(b',');
        }
        text.extend_from_slice(contract::value(&value.into()).to_string().as_bytes());
        if text.len() >= 1 << 16 {
            out(&std::mem::take(&mut text))?;
        }
        Ok(())
    };
    match game.family_values(n, limits, &mut visit) {
        Some(result) => result?,
        None => {
            return Err(Error::BadArgument {
                argument: "GAME".into(),
                problem: format!(
                    "{} has no one-parameter family (a heap game, or a script with heap(n))",
                    game.name()
                ),
            })
        }
    }
    text.extend_from_slice(b"]}");
    out(&text)
}

/// `{"nodes": [...]}`, node by node.
fn write_graph(graph: &GraphGame, out: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
    let values = graph.loopy_values();
    let outcomes = graph.outcomes();
    out(b"{\"nodes\":[")?;
    let mut text = Vec::new();
    for node in 0..graph.n_nodes() as u32 {
        if node > 0 {
            text.push(b',');
        }
        let entry = contract::graph_node(
            graph.name(node),
            &values.value(node).into(),
            outcomes.outcome(node),
            outcomes.remoteness(node),
        );
        text.extend_from_slice(entry.to_string().as_bytes());
        if text.len() >= 1 << 16 {
            out(&std::mem::take(&mut text))?;
        }
    }
    text.extend_from_slice(b"]}");
    out(&text)
}
