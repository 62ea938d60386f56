//! The `grundy` command line: parse the arguments, validate them, call the library, print.
//!
//! No game logic lives here: every answer comes from the `grundy` library crate. This crate
//! knows about clap, JSON and terminals, and decides exit codes (see `main.rs`).

pub mod args;
pub mod batch;
pub mod explore;
pub mod graph;
pub mod heap_values;
pub mod legs;
pub mod lesson;
pub mod misere;
pub mod nimber;
pub mod output;
pub mod pattern;
pub mod period;
pub mod play;
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

/// A run stopped by SIGINT or SIGTERM after saving what it had: exit status 130 or 143 (the
/// shell's 128 + the signal's number), and the message says how to go on.
#[derive(Debug)]
pub struct Interrupted {
    /// The exit status.
    pub status: u8,
    /// What was saved, and how to go on.
    pub message: String,
}

impl Interrupted {
    /// A run stopped with exit status `status`.
    pub fn with_status(status: u8, message: String) -> Interrupted {
        Interrupted { status, message }
    }
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Interrupted {}

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
    let limits = limits(cli)?;
    match &cli.command {
        args::Command::Solve(solve_args) => solve::run(solve_args, cli.language(), &limits, stdout),
        args::Command::Graph(graph_args) => graph::run(graph_args, &limits, stdout),
        args::Command::Explore(explore_args) => explore::run(
            explore_args,
            cli.threads.unwrap_or(1),
            cli.max_positions.is_some(),
            cli.progress,
            &limits,
            stdout,
        ),
        args::Command::Nimber(nimber_args) => {
            nimber::run(nimber_args, cli.language(), &limits, stdout)
        }
        args::Command::Seq(seq_args) => {
            seq::run(seq_args, n_threads(cli)?, cli.progress, &limits, stdout)
        }
        args::Command::Table(table_args) => table::run(table_args, &limits, stdout),
        args::Command::Period(period_args) => {
            period::run(period_args, n_threads(cli)?, cli.progress, &limits, stdout)
        }
        args::Command::Pattern(pattern_args) => {
            pattern::run(pattern_args, cli.progress, &limits, stdout)
        }
        args::Command::Play(play_args) => play::run(play_args, cli.language(), &limits, stdout),
        args::Command::Serve(serve_args) => serve(serve_args),
        args::Command::Misere(misere_args) => {
            misere::run(misere_args, cli.progress, &limits, stdout)
        }
        args::Command::Lesson(lesson_args) => lesson::run(lesson_args, cli.language(), stdout),
    }
}

/// `grundy serve`: the web page until the process is stopped.
fn serve(args: &args::ServeArgs) -> anyhow::Result<bool> {
    use std::net::ToSocketAddrs;
    let not_an_address = || {
        BadInput::msg(format!(
            "--addr '{}' is not an address such as 127.0.0.1:8000 or localhost:8000",
            args.addr
        ))
    };
    // A name (localhost:8000) is resolved; its first address is the one served on.
    let addr: std::net::SocketAddr = match args.addr.parse() {
        Ok(addr) => addr,
        Err(_) => args
            .addr
            .to_socket_addrs()
            .map_err(|_| not_an_address())?
            .next()
            .ok_or_else(not_an_address)?,
    };
    if !addr.ip().is_loopback() {
        eprintln!(
            "grundy: warning: serving on {addr}, beyond this machine: anyone who can reach it \
             can make it compute (use 127.0.0.1 to keep it to yourself)"
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime
        .block_on(async {
            let listener = grundy_web::bind(addr).await?;
            eprintln!("grundy: serving on http://{addr}/ (Ctrl-C stops)");
            grundy_web::serve_on(listener, grundy_web::Config::default()).await
        })
        .map_err(|error| BadInput::msg(format!("--addr {addr}: {error}")))?;
    Ok(true)
}

/// The limits the command line asks for (`--max-positions`, `--max-operations`, `--max-heap`),
/// and the process-wide bounds on input (`--max-digits`, `--max-file-bytes`).
fn limits(cli: &args::Cli) -> Result<grundy::Limits, BadInput> {
    let mut limits = grundy::Limits::default();
    if let Some(text) = &cli.max_positions {
        let n = parse_count(text, "--max-positions")?;
        if n == 0 {
            return Err(BadInput::msg("--max-positions: must be at least 1"));
        }
        limits.max_positions = usize::try_from(n).unwrap_or(usize::MAX);
        limits.max_whole_positions = limits.max_whole_positions.min(limits.max_positions);
    }
    if let Some(text) = &cli.max_operations {
        let n = parse_count(text, "--max-operations")?;
        if n == 0 {
            return Err(BadInput::msg("--max-operations: must be at least 1"));
        }
        limits.max_operations = n;
    }
    if let Some(text) = &cli.heap_limit {
        limits.max_heap = parse_count(text, "--max-heap")?;
    }
    if let Some(text) = &cli.max_digits {
        let n = parse_count(text, "--max-digits")?;
        if n == 0 {
            return Err(BadInput::msg("--max-digits: must be at least 1"));
        }
        grundy::games::set_max_digits(usize::try_from(n).unwrap_or(usize::MAX));
    }
    if let Some(text) = &cli.max_file_bytes {
        let n = parse_count(text, "--max-file-bytes")?;
        if n == 0 {
            return Err(BadInput::msg("--max-file-bytes: must be at least 1"));
        }
        MAX_FILE_BYTES.store(n, std::sync::atomic::Ordering::Relaxed);
    }
    Ok(limits)
}

/// `--threads` (already in 1..=1024), or every core; checked by starting that many threads,
/// so that a machine that cannot run them gets an error here rather than a panic in the engine.
fn n_threads(cli: &args::Cli) -> Result<usize, BadInput> {
    let n_cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let n_threads = cli.threads.unwrap_or(n_cores);
    can_start_threads(n_threads).map_err(|error| {
        BadInput::msg(format!("--threads {n_threads}: cannot start that many threads: {error}"))
    })?;
    // More threads than cores only take turns (1024 on two cores ran twenty times slower).
    Ok(n_threads.min(n_cores))
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
    grundy::games::parse_count(text)
        .map_err(|problem| BadInput::msg(format!("{what} '{text}': {problem}")))
}

/// Reads the GAME argument, with files read from the file system, for a game that will run
/// within `limits`.
pub fn parse_game(
    text: &str,
    limits: &grundy::Limits,
) -> Result<std::sync::Arc<dyn grundy::Game>, BadInput> {
    Ok(grundy::games::Registry::builtin().parse_within(text, &Files, limits)?)
}

/// A one-parameter family, for `seq`, `period` and `pattern`: a heap game (with its engines and
/// periodicity theorems), or another game's family (a script's `heap(n)`).
pub enum Family {
    /// A heap game.
    Heap(grundy::games::heap::HeapGame),
    /// Any other game with a one-parameter family.
    Other(std::sync::Arc<dyn grundy::Game>),
}

/// Reads the GAME argument of a one-parameter command (`seq`, `period`, `pattern`).
pub fn parse_family(text: &str, limits: &grundy::Limits) -> Result<Family, BadInput> {
    let game = parse_game(text, limits)?;
    if let Some(heap_game) = game.heap_game() {
        return Ok(Family::Heap(heap_game));
    }
    let mut probe = |_: u64, _: &grundy::solve::loopy::LoopyValue| Ok(());
    match game.family_values(0, limits, &mut probe) {
        Some(Err(error)) => Err(error.into()),
        Some(Ok(())) => Ok(Family::Other(game)),
        None => Err(BadInput::msg(format!(
            "game '{text}' is not a heap game: this command needs one whose components are heap sizes (or a script with heap(n))"
        ))),
    }
}

pub use grundy_files::DEFAULT_MAX_FILE_BYTES;

/// `--max-file-bytes`, for the whole process: game files are read while the GAME argument is
/// parsed, where only the [`grundy::Limits`] reach.
static MAX_FILE_BYTES: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(DEFAULT_MAX_FILE_BYTES);

/// The file system, for games that live in files (`graph:PATH`, `script:PATH`): regular files
/// of at most `--max-file-bytes` bytes ([`read_regular_file`]).
pub struct Files;

impl grundy::games::FileSource for Files {
    fn read_to_string(&self, path: &str) -> grundy::Result<String> {
        let max_bytes = MAX_FILE_BYTES.load(std::sync::atomic::Ordering::Relaxed);
        read_regular_file(std::path::Path::new(path), max_bytes)
            .map_err(|reason| grundy::Error::Unreadable { path: path.to_string(), reason })
    }

    /// A script's `print` and `debug` go to stderr, never into an answer.
    fn printer(&self) -> Option<grundy::games::Printer> {
        Some(std::sync::Arc::new(|text: &str| eprintln!("{text}")))
    }
}

/// Writes a request's document to `stdout` as the library computes it; a failed write stops
/// the work and is reported as itself (a closed pipe is then no failure).
pub fn write_document(
    request: &grundy::request::Request,
    limits: &grundy::Limits,
    n_threads: usize,
    progress: &mut dyn FnMut(u64, &str),
    stdout: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    let mut io_error = None;
    let result = request.write_document(limits, n_threads, progress, &mut |chunk| {
        stdout.write_all(chunk).map_err(|error| {
            let failure = grundy::Error::write(&error);
            io_error = Some(error);
            failure
        })
    });
    if let Some(error) = io_error {
        return Err(error.into());
    }
    result.map_err(library_error)?;
    Ok(())
}

/// [`grundy_files::read_regular_file`], with the command line's way to raise the limit.
pub fn read_regular_file(path: &std::path::Path, max_bytes: u64) -> Result<String, String> {
    grundy_files::read_regular_file(path, max_bytes, "--max-file-bytes raises it")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn dev_zero_and_directories_are_refused_before_reading() {
        let error = read_regular_file(std::path::Path::new("/dev/zero"), 1 << 30).unwrap_err();
        assert_eq!(error, "it is a character device, not a regular file");
        let error = read_regular_file(&scratch("dir"), 1 << 30).unwrap_err();
        assert_eq!(error, "it is a directory, not a regular file");
    }

    #[test]
    fn a_file_over_the_size_limit_is_refused_and_one_at_it_is_read() {
        let path = scratch("size").join("graph.txt");
        std::fs::write(&path, "a: b\nb:\n").unwrap();
        assert_eq!(read_regular_file(&path, 8).unwrap(), "a: b\nb:\n");
        let error = read_regular_file(&path, 7).unwrap_err();
        assert!(error.starts_with("it is 8 bytes, more than the 7 allowed"), "{error}");
    }

    #[test]
    fn a_sparse_file_larger_than_memory_is_refused_by_its_size() {
        let path = scratch("sparse").join("huge.txt");
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(1 << 32).unwrap();
        let error = read_regular_file(&path, DEFAULT_MAX_FILE_BYTES).unwrap_err();
        assert!(error.contains("4294967296 bytes, more than the 1073741824 allowed"), "{error}");
    }

    #[test]
    fn text_that_is_not_utf8_names_the_byte() {
        let path = scratch("utf8").join("bad.txt");
        std::fs::write(&path, b"ab\xffcd").unwrap();
        let error = read_regular_file(&path, 100).unwrap_err();
        assert_eq!(error, "it is not UTF-8 text (byte 2 is not valid)");
    }
}
