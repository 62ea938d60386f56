//! The library's one error type. Every parser and solver returns it; every message names the
//! input that was wrong and where.
//!
//! Front ends do not match on messages: they ask [`Error::is_bad_input`], [`Error::is_limit`] or
//! [`Error::is_cancelled`] and map the answer to an exit status or an HTTP status in one place.

/// What went wrong, with the offending input quoted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The GAME argument names no ruleset in the catalogue.
    UnknownGame {
        /// The name as given.
        name: String,
        /// The registry's spellings, for the message.
        known: String,
        /// The spelling nearest to the name, when one is near (a typo: `nmi` for `nim`).
        suggestion: Option<String>,
    },
    /// The GAME argument names a family but its parameters are wrong (a bad code or set).
    BadGame {
        /// The game as given.
        name: String,
        /// What is wrong with it, and where.
        problem: String,
    },
    /// An argument other than the game or a component is out of range.
    BadArgument {
        /// The argument's name.
        argument: String,
        /// What is wrong with it.
        problem: String,
    },
    /// One component of a position could not be read in the game's syntax, or the game cannot
    /// answer for it.
    BadComponent {
        /// 1-based position of the component in the input.
        number: usize,
        /// The component as given.
        text: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A game file could not be read.
    Unreadable {
        /// The path as given.
        path: String,
        /// Why (from the operating system).
        reason: String,
    },
    /// A value that could not be read (a number, a code, a list), before it is known where it
    /// came from: the caller names the place with [`Error::at_component`],
    /// [`Error::for_argument`] or [`Error::in_game`]. Its message is the problem alone.
    Invalid(String),
    /// A graph file is malformed.
    GraphFile {
        /// The path as given.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong there.
        problem: String,
    },
    /// The rules of a game failed while listing the options of a position (a user's script
    /// threw, or returned something that is not a position).
    Rules {
        /// The game, as its name is printed.
        game: String,
        /// What went wrong, and where.
        problem: String,
    },
    /// A solver for games that always end met a position again.
    Cycle {
        /// The position met again, in debug form.
        position: String,
    },
    /// The rules need something no solver here does exactly (a split inside a cycle); refused
    /// rather than answered wrongly.
    Unsupported(String),
    /// A limit of [`crate::limits::Limits`] was reached: the answer is not known, and is never guessed.
    Limit {
        /// Which limit.
        limit: Limit,
        /// Its value.
        bound: u64,
        /// What needed more, in words.
        what: String,
    },
    /// The computation was cancelled (Ctrl-C, a closed connection) or ran past its deadline.
    Cancelled(String),
    /// Where the answer was going could not take it (a full disk, a closed pipe): the
    /// front end's own failure, reported by its sink, never a cancellation.
    Write {
        /// What could not be written, and why.
        what: String,
        /// The kind of the I/O error, where there was one (a broken pipe is not a failure to a
        /// command line).
        kind: Option<std::io::ErrorKind>,
    },
}

impl Error {
    /// Whether the error is the user's input (exit status 2, HTTP 400): a bad game, argument,
    /// component, file or script. Limits count as bad input too for the command line (the
    /// contract: "a script error or one that runs over its limits ... exit status 2").
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, Error::Cancelled(_) | Error::Write { .. })
    }

    /// Whether the answer's destination failed (a sink's write error).
    pub fn is_write(&self) -> bool {
        matches!(self, Error::Write { .. })
    }

    /// A sink's write error, from the I/O error that caused it.
    pub fn write(error: &std::io::Error) -> Error {
        Error::Write { what: error.to_string(), kind: Some(error.kind()) }
    }

    /// Whether a limit was reached (the answer is unknown rather than the input wrong).
    pub fn is_limit(&self) -> bool {
        matches!(self, Error::Limit { .. })
    }

    /// Whether the computation was cancelled or ran out of time.
    pub fn is_cancelled(&self) -> bool {
        matches!(self, Error::Cancelled(_))
    }

    /// A limit error.
    pub fn limit(limit: Limit, bound: u64, what: impl Into<String>) -> Error {
        Error::Limit { limit, bound, what: what.into() }
    }

    /// An error of the rules of `game`.
    pub fn rules(game: impl Into<String>, problem: impl Into<String>) -> Error {
        Error::Rules { game: game.into(), problem: problem.into() }
    }

    /// A value that could not be read, with what is wrong with it ([`Error::Invalid`]).
    pub fn invalid(problem: impl Into<String>) -> Error {
        Error::Invalid(problem.into())
    }

    /// The same error about component `number` (1-based) written `text`, where the error was
    /// found without knowing which component it concerned.
    pub fn at_component(self, number: usize, text: &str) -> Error {
        match self {
            Error::BadComponent { problem, .. } | Error::Invalid(problem) => {
                Error::BadComponent { number, text: text.to_string(), problem }
            }
            other => other,
        }
    }

    /// The same error about the argument `argument`, where it was found without knowing which
    /// argument was read.
    pub fn for_argument(self, argument: &str) -> Error {
        match self {
            Error::Invalid(problem) | Error::BadArgument { problem, .. } => {
                Error::BadArgument { argument: argument.to_string(), problem }
            }
            other => other,
        }
    }

    /// The same error about the game `name` (a bad code or set in a GAME string).
    pub fn in_game(self, name: &str) -> Error {
        match self {
            Error::Invalid(problem) | Error::BadGame { problem, .. } => {
                Error::BadGame { name: name.to_string(), problem }
            }
            other => other,
        }
    }

    /// The same error about the graph file `path` (a graph read from text knows its lines,
    /// not its file).
    pub fn in_file(self, path: &str) -> Error {
        match self {
            Error::GraphFile { line, problem, .. } => {
                Error::GraphFile { path: path.to_string(), line, problem }
            }
            other => other,
        }
    }

    /// What is wrong, without where: the problem of an error about one value, else the whole
    /// message.
    pub fn problem(&self) -> String {
        match self {
            Error::Invalid(problem)
            | Error::BadComponent { problem, .. }
            | Error::BadArgument { problem, .. }
            | Error::BadGame { problem, .. } => problem.clone(),
            other => other.to_string(),
        }
    }
}

impl std::fmt::Display for Error {
    /// The message, with any run of input too long to read cut short ([`readable`]): a 10 MB
    /// token quoted in full helps nobody, and every front end prints this.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let message = match self {
            Error::UnknownGame { name, known, suggestion: Some(near) } => {
                format!("unknown game '{name}': did you mean '{near}'? (known games: {known})")
            }
            Error::UnknownGame { name, known, suggestion: None } => {
                format!("unknown game '{name}' (known games: {known})")
            }
            Error::BadGame { name, problem } => format!("game '{name}': {problem}"),
            Error::BadArgument { argument, problem } => format!("{argument}: {problem}"),
            Error::BadComponent { number, text, problem } => {
                format!("component {number} of the position, '{text}': {problem}")
            }
            Error::Unreadable { path, reason } => format!("cannot read '{path}': {reason}"),
            Error::GraphFile { path, line, problem } => {
                format!("graph file '{path}', line {line}: {problem}")
            }
            Error::Rules { game, problem } => format!("{game}: {problem}"),
            Error::Cycle { position } => format!(
                "the game has a cycle through position {position}: it needs the loopy solver"
            ),
            Error::Unsupported(message) | Error::Cancelled(message) | Error::Invalid(message) => {
                message.clone()
            }
            Error::Write { what, .. } => format!("cannot write the answer: {what}"),
            Error::Limit { limit, bound, what } => limit_message(*limit, *bound, what),
        };
        f.write_str(&readable(&message))
    }
}

/// Runs of input quoted in a message are shown up to this many characters ...
pub const QUOTE_SHOWN_CHARS: usize = 60;

/// ... when they are longer than this.
pub const QUOTE_MAX_CHARS: usize = 100;

/// `message` with every run of non-blank characters longer than [`QUOTE_MAX_CHARS`] cut to its
/// first [`QUOTE_SHOWN_CHARS`], then `…` and its length. Quoted input (a heap, a code, a graph
/// line, a path) is such a run; words of prose never are, so the sentence around it stays whole.
///
/// ```
/// use grundy::error::readable;
/// let message = format!("component 1 of the position, '{}': not a number", "7".repeat(1000) + "x");
/// let shown = readable(&message);
/// assert!(shown.starts_with(&format!("component 1 of the position, '{}…' (1001 characters): not", "7".repeat(60))));
/// assert_eq!(readable("short 'input': kept"), "short 'input': kept");
/// ```
pub fn readable(message: &str) -> std::borrow::Cow<'_, str> {
    let too_long = |run: &str| run.len() > QUOTE_MAX_CHARS && run.chars().count() > QUOTE_MAX_CHARS;
    if !message.split_whitespace().any(too_long) {
        return std::borrow::Cow::Borrowed(message);
    }
    let mut shown = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    while !rest.is_empty() {
        let blank_len = rest.find(|c: char| !c.is_whitespace()).unwrap_or(rest.len());
        shown.push_str(&rest[..blank_len]);
        rest = &rest[blank_len..];
        let run_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let run = &rest[..run_len];
        rest = &rest[run_len..];
        if !too_long(run) {
            shown.push_str(run);
            continue;
        }
        // Quotes around the input stay; punctuation after it follows the length.
        let inner = run.trim_start_matches(['\'', '"', '(']);
        let (mut opening, mut core) = (&run[..run.len() - inner.len()], inner);
        let without_punctuation = core.trim_end_matches([',', ':', ';', '.']);
        let mut punctuation = &core[without_punctuation.len()..];
        core = without_punctuation.trim_end_matches(['\'', '"', ')']);
        let mut closing = &without_punctuation[core.len()..];
        if !too_long(core) || opening.len() + closing.len() + punctuation.len() > 4 {
            // The length was in the quotes or the punctuation themselves: cut the run as is.
            (opening, core, closing, punctuation) = ("", run, "", "");
        }
        shown.push_str(opening);
        shown.extend(core.chars().take(QUOTE_SHOWN_CHARS));
        shown.push('…');
        shown.push_str(closing);
        shown.push_str(&format!(" ({} characters)", core.chars().count()));
        shown.push_str(punctuation);
    }
    std::borrow::Cow::Owned(shown)
}

fn limit_message(limit: Limit, bound: u64, what: &str) -> String {
    match limit {
        // A script that runs away is stopped; the position is not what was too large.
        Limit::Operations | Limit::Order | Limit::Candidate => {
            format!("{what} (the limit on {limit} is {bound})")
        }
        _ => format!("too large to decide: {what} (the limit on {limit} is {bound})"),
    }
}

/// Shorthand for results whose error is [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// A component error whose place is filled in by the caller ([`Error::at_component`]).
pub fn bad_component(text: &str, problem: impl Into<String>) -> Error {
    Error::BadComponent { number: 0, text: text.to_string(), problem: problem.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_ten_megabyte_component_is_quoted_in_sixty_characters() {
        let text = "7".repeat(10_000_000);
        let error = bad_component(&text, "not a number").at_component(1, &text);
        let message = error.to_string();
        assert_eq!(
            message,
            format!(
                "component 1 of the position, '{}…' (10000000 characters): not a number",
                "7".repeat(QUOTE_SHOWN_CHARS)
            )
        );
    }

    #[test]
    fn quotes_and_punctuation_alone_are_cut_too() {
        let quotes = "'".repeat(500);
        let shown = readable(&quotes);
        assert!(shown.chars().count() < 100, "{shown}");
        let commas = format!("x {}", ",".repeat(500));
        assert!(readable(&commas).chars().count() < 100);
        let wide = format!("'{}'", "漢".repeat(200));
        assert_eq!(readable(&wide), format!("'{}…' (200 characters)", "漢".repeat(60)));
    }

    proptest! {
        /// Any message: nothing panics, short runs are untouched, and no run stays too long.
        #[test]
        fn readable_never_panics_and_bounds_every_run(
            words in proptest::collection::vec("[a-z'\",:;.()漢]{0,300}", 0..6),
        ) {
            let message = words.join(" ");
            let shown = readable(&message);
            for run in shown.split_whitespace() {
                prop_assert!(run.chars().count() <= QUOTE_MAX_CHARS, "{run}");
            }
            if words.iter().all(|word| word.chars().count() <= QUOTE_MAX_CHARS) {
                prop_assert_eq!(shown.as_ref(), message.as_str());
            }
        }
    }
}

/// Which limit was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Distinct positions a search stores ([`crate::limits::Limits::max_positions`]).
    Positions,
    /// Positions of a whole-position search ([`crate::limits::Limits::max_whole_positions`]).
    WholePositions,
    /// Options of one position ([`crate::limits::Limits::max_options`]).
    Options,
    /// Heap sizes whose values are computed one by one ([`crate::limits::Limits::max_heap`]).
    HeapSize,
    /// Operations of one call of a script function ([`crate::limits::Limits::max_operations`]).
    Operations,
    /// Memory that one answer may take ([`crate::limits::Limits::max_bytes`]).
    Memory,
    /// Elements of a misère quotient (`--max-order` of `grundy misere`).
    Order,
    /// States of a candidate misère quotient before it is reduced (the growth step's cap).
    Candidate,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Limit::Positions => "positions explored (--max-positions)",
            Limit::WholePositions => "positions of a whole-position search",
            Limit::Options => "options of one position",
            Limit::HeapSize => "heap sizes computed one by one",
            Limit::Operations => "operations of one script call (--max-operations)",
            Limit::Memory => "memory for one answer",
            Limit::Order => "elements of a misère quotient (--max-order)",
            Limit::Candidate => "states of a candidate quotient before reduction",
        })
    }
}
