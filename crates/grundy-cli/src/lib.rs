//! The `grundy` command line: parse the arguments, validate them, call the library, print.
//!
//! No game logic lives here: every answer comes from the `grundy` library crate. This crate
//! knows about clap, JSON and terminals, and decides exit codes (see `main.rs`).

pub mod args;
pub mod batch;
pub mod graph;
pub mod output;
pub mod period;
pub mod progress;
pub mod seq;
pub mod seq_file;
pub mod solve;
pub mod table;

use std::io::Write;

/// Bad input from the user: reported as one line on stderr with exit status 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl BadInput {
    /// A bad-input error with this message.
    pub fn msg(message: impl Into<String>) -> Self {
        BadInput(message.into())
    }
}

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

impl From<grundy::Error> for BadInput {
    fn from(error: grundy::Error) -> Self {
        BadInput(error.to_string())
    }
}

/// A library error as the command line reports it: bad input and limits exit with status 2
/// (the error's own predicate decides), anything else with 1.
pub fn library_error(error: grundy::Error) -> anyhow::Error {
    if error.is_bad_input() {
        BadInput::from(error).into()
    } else {
        anyhow::Error::new(error)
    }
}

/// Runs the parsed command line, writing answers to `stdout`. `Ok(false)` means the command
/// finished but some input was bad (batch mode), which exits with status 2.
pub fn run(cli: &args::Cli, stdout: &mut dyn Write) -> anyhow::Result<bool> {
    let limits = grundy::Limits::default();
    match &cli.command {
        args::Command::Solve(solve_args) => solve::run(solve_args, &limits, stdout),
        args::Command::Graph(graph_args) => graph::run(graph_args, stdout),
        args::Command::Seq(seq_args) => {
            seq::run(seq_args, n_threads(cli), cli.progress, &limits, stdout)
        }
        args::Command::Table(table_args) => table::run(table_args, &limits, stdout),
        args::Command::Period(period_args) => {
            period::run(period_args, n_threads(cli), cli.progress, &limits, stdout)
        }
    }
}

/// `--threads`, or every core.
fn n_threads(cli: &args::Cli) -> usize {
    cli.threads.map(std::num::NonZeroUsize::get).unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Reads a count such as a heap size bound: digits, `10^9` or `1e9`.
pub fn parse_count(text: &str, what: &str) -> Result<u64, BadInput> {
    grundy::games::parse_count(text)
        .map_err(|problem| BadInput::msg(format!("{what} '{text}': {problem}")))
}

/// Reads the GAME argument, with files read from the file system.
pub fn parse_game(text: &str) -> Result<std::sync::Arc<dyn grundy::Game>, BadInput> {
    Ok(grundy::games::Registry::builtin().parse(text, &Files)?)
}

/// Reads the GAME argument of a heap-game command (`seq`, `period`).
pub fn parse_heap_game(text: &str) -> Result<grundy::games::heap::HeapGame, BadInput> {
    let game = parse_game(text)?;
    game.heap_game().ok_or_else(|| {
        BadInput::msg(format!(
            "game '{text}' is not a heap game: this command needs one whose components are heap sizes"
        ))
    })
}

/// The file system, for games that live in files (`graph:PATH`).
pub struct Files;

impl grundy::games::FileSource for Files {
    fn read_to_string(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|error| error.to_string())
    }
}
