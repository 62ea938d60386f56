//! The `grundy` command line: parse the arguments, validate them, call the library, print.
//!
//! No game logic lives here: every answer comes from the `grundy` library crate. This crate
//! knows about clap, JSON and terminals, and decides exit codes (see `main.rs`).

pub mod args;
pub mod batch;
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
    }
}
