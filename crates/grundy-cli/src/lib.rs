//! The `grundy` command line: parse the arguments, validate them, call the library, print.
//!
//! No game logic lives here: every answer comes from the `grundy` library crate. This crate
//! knows about clap, JSON and terminals, and decides exit codes (see `main.rs`).

pub mod args;
pub mod batch;
pub mod graph;
pub mod json;
pub mod solve;

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

/// Runs the parsed command line, writing answers to `stdout`. `Ok(false)` means the command
/// finished but some input was bad (batch mode), which exits with status 2.
pub fn run(cli: &args::Cli, stdout: &mut dyn Write) -> anyhow::Result<bool> {
    match &cli.command {
        args::Command::Solve(solve_args) => solve::run(solve_args, stdout),
        args::Command::Graph(graph_args) => graph::run(graph_args, stdout),
    }
}

/// The file system, for games that live in files (`graph:PATH`).
pub struct Files;

impl grundy::games::FileSource for Files {
    fn read_to_string(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|error| error.to_string())
    }
}
