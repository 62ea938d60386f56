//! The library's one error type. Every parser and solver returns it; every message names the
//! input that was wrong and where.
//!
//! Front ends do not match on messages: they ask [`Error::is_bad_input`], [`Error::is_limit`] or
//! [`Error::is_cancelled`] and map the answer to an exit status or an HTTP status in one place.

use crate::limits::Limit;

/// What went wrong, with the offending input quoted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The GAME argument names no ruleset in the catalogue.
    #[error("unknown game '{name}' (known games: {known})")]
    UnknownGame {
        /// The name as given.
        name: String,
        /// The registry's spellings, for the message.
        known: String,
    },
    /// The GAME argument names a family but its parameters are wrong (a bad code or set).
    #[error("game '{name}': {problem}")]
    BadGame {
        /// The game as given.
        name: String,
        /// What is wrong with it, and where.
        problem: String,
    },
    /// An argument other than the game or a component is out of range.
    #[error("{argument}: {problem}")]
    BadArgument {
        /// The argument's name.
        argument: String,
        /// What is wrong with it.
        problem: String,
    },
    /// One component of a position could not be read in the game's syntax, or the game cannot
    /// answer for it.
    #[error("component {number} of the position, '{text}': {problem}")]
    BadComponent {
        /// 1-based position of the component in the input.
        number: usize,
        /// The component as given.
        text: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A game file could not be read.
    #[error("cannot read '{path}': {reason}")]
    Unreadable {
        /// The path as given.
        path: String,
        /// Why (from the operating system).
        reason: String,
    },
    /// A graph file is malformed.
    #[error("graph file '{path}', line {line}: {problem}")]
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
    #[error("{game}: {problem}")]
    Rules {
        /// The game, as its name is printed.
        game: String,
        /// What went wrong, and where.
        problem: String,
    },
    /// A solver for games that always end met a position again.
    #[error("the game has a cycle through position {position}: it needs the loopy solver")]
    Cycle {
        /// The position met again, in debug form.
        position: String,
    },
    /// The rules need something no solver here does exactly (a split inside a cycle); refused
    /// rather than answered wrongly.
    #[error("{0}")]
    Unsupported(String),
    /// A limit of [`crate::Limits`] was reached: the answer is not known, and is never guessed.
    #[error("{}", limit_message(*limit, *bound, what))]
    Limit {
        /// Which limit.
        limit: Limit,
        /// Its value.
        bound: u64,
        /// What needed more, in words.
        what: String,
    },
    /// The computation was cancelled (Ctrl-C, a closed connection) or ran past its deadline.
    #[error("{0}")]
    Cancelled(String),
}

impl Error {
    /// Whether the error is the user's input (exit status 2, HTTP 400): a bad game, argument,
    /// component, file or script. Limits count as bad input too for the command line (the
    /// contract: "a script error or one that runs over its limits ... exit status 2").
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, Error::Cancelled(_))
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

    /// The same error about component `number` (1-based) written `text`, where the error was
    /// found without knowing which component it concerned.
    pub fn at_component(self, number: usize, text: &str) -> Error {
        match self {
            Error::BadComponent { problem, .. } => {
                Error::BadComponent { number, text: text.to_string(), problem }
            }
            other => other,
        }
    }
}

fn limit_message(limit: Limit, bound: u64, what: &str) -> String {
    match limit {
        // A script that runs away is stopped; the position is not what was too large.
        Limit::Operations => format!("{what} (the limit on {limit} is {bound})"),
        _ => format!("too large to decide: {what} (the limit on {limit} is {bound})"),
    }
}

/// Shorthand for results whose error is [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// A component error whose place is filled in by the caller ([`Error::at_component`]).
pub fn bad_component(text: &str, problem: impl Into<String>) -> Error {
    Error::BadComponent { number: 0, text: text.to_string(), problem: problem.into() }
}
