//! The `grundy` command line: parse the arguments, validate them, call the library, print.
//!
//! No game logic lives here: every answer comes from the `grundy` library crate. This crate
//! knows about clap, JSON and terminals, and decides exit codes (see `main.rs`).

pub mod args;
pub mod batch;
pub mod graph;
pub mod heap_values;
pub mod json;
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

/// A run stopped by SIGINT or SIGTERM after saving what it had: exit status 130, and the message
/// says how to go on.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

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
        args::Command::Seq(seq_args) => seq::run(seq_args, n_threads(cli)?, cli.progress, stdout),
        args::Command::Table(table_args) => table::run(table_args, stdout),
        args::Command::Period(period_args) => {
            period::run(period_args, n_threads(cli)?, cli.progress, stdout)
        }
    }
}

/// `--threads` (already in 1..=1024), or every core; checked by starting that many threads,
/// so that a machine that cannot run them gets an error here rather than a panic in the engine.
fn n_threads(cli: &args::Cli) -> Result<usize, BadInput> {
    let n_threads = cli.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    can_start_threads(n_threads).map_err(|error| {
        BadInput::msg(format!("--threads {n_threads}: cannot start that many threads: {error}"))
    })?;
    Ok(n_threads)
}

/// Starts `n_threads - 1` helper threads that all live at once (the engine's helpers beside
/// the main thread), then lets them go.
fn can_start_threads(n_threads: usize) -> std::io::Result<()> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let release = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let mut helpers = Vec::with_capacity(n_threads.saturating_sub(1));
        let mut result = Ok(());
        for _ in 1..n_threads {
            let spawned = std::thread::Builder::new().spawn_scoped(scope, || {
                while !release.load(Ordering::Acquire) {
                    std::thread::park();
                }
            });
            match spawned {
                Ok(helper) => helpers.push(helper),
                Err(error) => {
                    result = Err(error);
                    break;
                }
            }
        }
        release.store(true, Ordering::Release);
        for helper in &helpers {
            helper.thread().unpark();
        }
        result
    })
}

/// Reads a count such as a heap size bound: digits, `10^9` or `1e9`.
pub fn parse_count(text: &str, what: &str) -> Result<u64, BadInput> {
    let bad = || {
        BadInput::msg(format!(
            "{what} '{text}' is not a whole number (digits, or a power such as 10^9 or 1e9)"
        ))
    };
    let text_trimmed = text.trim();
    if let Ok(value) = text_trimmed.parse::<u64>() {
        return Ok(value);
    }
    let (base, exponent) = if let Some((mantissa, exponent)) = text_trimmed.split_once('^') {
        (mantissa.parse::<u64>().map_err(|_| bad())?, exponent.parse::<u32>().map_err(|_| bad())?)
    } else if let Some((mantissa, exponent)) = text_trimmed.split_once(['e', 'E']) {
        let mantissa = mantissa.parse::<u64>().map_err(|_| bad())?;
        let exponent = exponent.parse::<u32>().map_err(|_| bad())?;
        let power = 10u64.checked_pow(exponent).ok_or_else(bad)?;
        return mantissa.checked_mul(power).ok_or_else(bad);
    } else {
        return Err(bad());
    };
    base.checked_pow(exponent).ok_or_else(bad)
}

/// Reads the GAME argument of a heap-game command (`seq`, `period`).
pub fn parse_heap_game(text: &str) -> Result<grundy::games::heap::HeapGame, BadInput> {
    let game = grundy::Game::parse(text, &Files)?;
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
