//! The library's one error type. Every message names the input that was wrong and where.

/// What went wrong, with the offending input quoted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The GAME argument names no ruleset in the catalogue.
    #[error("unknown game '{name}' (known games: {known})")]
    UnknownGame {
        /// The name as given.
        name: String,
        /// The catalogue's spellings, for the message.
        known: &'static str,
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
    /// One component of a position could not be read in the game's syntax.
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
    /// A whole-position search needed more positions than allowed.
    #[error("{0}")]
    TooLarge(#[from] crate::solve::whole::TooLarge),
    /// A game that must always end has a cycle.
    #[error("{0}")]
    Acyclic(#[from] crate::solve::acyclic::AcyclicError),
}

/// Shorthand for results whose error is [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
