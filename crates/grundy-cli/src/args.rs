//! The command line as clap sees it: plain arguments per subcommand. Numeric options are
//! checked where clap parses them (the value parsers at the end: finite, in a stated range), so
//! no command ever sees an unusable number; turning the rest into checked values is the job of
//! each command's module.

use clap::{Args, CommandFactory, Parser, Subcommand};
use std::time::Duration;

/// The command line with the game catalogue in its help, from the library's registry (so the
/// help cannot drift from what the GAME parser accepts).
pub fn command() -> clap::Command {
    let catalogue = hanging(&grundy::games::Registry::builtin().help(), HELP_WIDTH);
    let with_catalogue = |sub: clap::Command| {
        let examples = sub.get_after_help().map(ToString::to_string).unwrap_or_default();
        let text = if examples.is_empty() {
            catalogue.clone()
        } else {
            format!("{examples}\n\n{catalogue}")
        };
        sub.after_help(text)
    };
    let mut command = Cli::command().after_help(catalogue.clone());
    for name in ["solve", "table", "pattern", "play"] {
        command = command.mut_subcommand(name, with_catalogue);
    }
    // The topics come from the library's one list, as the catalogue does: names only, since
    // their titles would load every language's messages on every run.
    command.mut_subcommand("lesson", |sub| {
        let names: Vec<&str> = grundy::lesson::topics().iter().map(|topic| topic.name()).collect();
        let examples = sub.get_after_help().map(ToString::to_string).unwrap_or_default();
        sub.after_help(format!("Topics: {}.\n{examples}", names.join(", ")))
    })
}

/// The width of the help (clap's `max_term_width`).
const HELP_WIDTH: usize = 100;

/// The catalogue's lines (`  name   about`) filled to `width` columns with a hanging indent
/// under the description, so that clap, which would wrap them to the left edge, leaves them
/// as they are.
fn hanging(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        // The description starts after the run of spaces that follows the name.
        let indent = line
            .char_indices()
            .skip(2)
            .find(|&(at, c)| c != ' ' && line[..at].ends_with("  ") && at > 2)
            .map(|(at, _)| at);
        let (Some(indent), true) = (indent, line.chars().count() > width) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let mut current = line[..indent].to_string();
        let mut length = indent;
        for word in line[indent..].split(' ') {
            let word_length = word.chars().count();
            if length + 1 + word_length > width && length > indent {
                out.push_str(current.trim_end());
                out.push('\n');
                current = " ".repeat(indent);
                length = indent;
            } else if length > indent {
                current.push(' ');
                length += 1;
            }
            current.push_str(word);
            length += word_length;
        }
        out.push_str(&current);
        out.push('\n');
    }
    out
}

/// Solve impartial games: Grundy values, outcomes and every winning move.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, propagate_version = true, max_term_width = HELP_WIDTH)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,

    /// Worker threads for commands that compute, 1 to 1024, at most one a core (default: all
    /// cores). Only the sparse engine (codes that leave at most two heaps, Grundy's game) uses
    /// more than one.
    #[arg(long, global = true, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,

    /// Show progress on stderr even when stderr is not a terminal.
    #[arg(long, global = true)]
    pub progress: bool,

    /// The most distinct positions a search may store (default 10,000,000).
    #[arg(long, global = true, value_name = "N")]
    pub max_positions: Option<String>,

    /// The most operations one call of a script function may take (default 1,000,000).
    #[arg(long, global = true, value_name = "N")]
    pub max_operations: Option<String>,

    /// The largest heap whose value is computed one by one when no period can be proven
    /// (default 4,194,304); games whose heaps cost more than a simple game's (long codes,
    /// repeating digits) get proportionally fewer.
    #[arg(long = "max-heap", global = true, value_name = "N")]
    pub heap_limit: Option<String>,

    /// The most significant digits a number of the input may have (default 100,000): reading
    /// and printing decimal numbers takes time that grows with the square of their length.
    #[arg(long, global = true, value_name = "N")]
    pub max_digits: Option<String>,

    /// The largest graph or script file read, in bytes (default 1 GiB; 10^9 and 1e9 are
    /// understood).
    #[arg(long, global = true, value_name = "BYTES")]
    pub max_file_bytes: Option<String>,

    /// The language of text for people (explanations, lessons, play): en, ru, zh or mk
    /// (default: from LC_ALL, LC_MESSAGES or LANG; English when unknown). JSON, `--batch`
    /// lines and the `position:`/`winner:` lines of play never change.
    #[arg(long, global = true, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<grundy::i18n::Lang>,
}

impl Cli {
    /// The language asked for, else the locale's.
    pub fn language(&self) -> grundy::i18n::Lang {
        self.lang.unwrap_or_else(|| {
            let var = |name: &str| std::env::var(name).ok();
            grundy::i18n::Lang::from_locale(
                var("LC_ALL").as_deref(),
                var("LC_MESSAGES").as_deref(),
                var("LANG").as_deref(),
            )
        })
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Value, outcome and every winning move of a position (a sum of components).
    Solve(SolveArgs),
    /// Grundy values of single heaps 0..N of a heap game (the nim-sequence).
    Seq(SeqArgs),
    /// Preperiod and period of a heap game's nim-sequence, reported only with a proof.
    Period(PeriodArgs),
    /// The N×N table of values of pair positions (x, y), as text, JSON, CSV or a picture.
    Table(TableArgs),
    /// Every node of a game graph file with its value, outcome and remoteness.
    Graph(GraphArgs),
    /// Every position reachable from some positions, labelled, on threads or processes.
    Explore(ExploreArgs),
    /// Nimber arithmetic: sum, product, power, inverse and square root in Conway's field.
    Nimber(NimberArgs),
    /// The simplest formula a family's values follow, with its proof or how far it was checked.
    Pattern(PatternArgs),
    /// Play a position against the perfect strategy (moves typed or piped in).
    Play(PlayArgs),
    /// Serve the local web page (analyse, play, sequences, tables) and its JSON API.
    Serve(ServeArgs),
    /// The misère quotient of a heap game (Plambeck and Siegel), heap by heap, with its proof.
    Misere(MisereArgs),
    /// Short lessons computed live, ending with exercises that `grundy solve` answers.
    Lesson(LessonArgs),
}

/// `grundy misere GAME`
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  grundy misere 0.75            (order 8, proven periodic)\n  \
                  grundy misere kayles          (order 40, the final quotient)\n  \
                  grundy misere 0.07 --max 20   (Dawson's Kayles: a partial quotient)\n  \
                  grundy misere kayles --genus  (the genus of each heap, 4^146 at 5)")]
pub struct MisereArgs {
    /// The heap game (a code, `sub:...`, `kayles`, `dawson`, ...).
    pub game: String,

    /// The largest heap added (default 300).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,

    /// Stop with the partial quotient when the order would pass this (default 100,000).
    #[arg(long, value_name = "N")]
    pub max_order: Option<String>,

    /// Instead of the quotient: the genus of every heap up to --max (default 30), and
    /// whether it is tame (Conway's genus theory).
    #[arg(long)]
    pub genus: bool,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,
}

/// `grundy lesson [TOPIC]`
#[derive(Debug, Args)]
#[command(after_help = "Without a topic, the list of topics. Examples:\n  grundy lesson\n  \
                  grundy lesson nim --lang ru\n  grundy lesson misere --answers")]
pub struct LessonArgs {
    /// The topic, by its name (the same in every language; the list is below).
    pub topic: Option<String>,

    /// Print the answer to each exercise under its command, computed.
    #[arg(long)]
    pub answers: bool,
}

/// `grundy serve`
#[derive(Debug, Args)]
#[command(
    after_help = "The page and the API are served on loopback by default; open the address in a browser.\n\
                  API: POST /api/solve, /api/seq, /api/period, /api/pattern, /api/table, /api/play, /api/move\n\
                  (JSON bodies, the same documents as --json); graphs and scripts come as text, never as paths."
)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8000")]
    pub addr: String,
}

/// `grundy play GAME COMPONENT...`
#[derive(Debug, Args)]
#[command(
    after_help = "Moves: the component's number and what it becomes (`1 1` takes heap 1 to 1, `2 1 3` splits\n\
                  component 2 into 1 and 3, `2 0` empties a heap), or `= ` and the whole position after the\n\
                  move (`= 1 4 5`; the way to type a Moore move that changes several heaps). `hint`, `undo`,\n\
                  `quit`. After every move a line `position: ...`; at the end `winner: you`, `winner: computer`\n\
                  or `draw`. Works with moves piped into stdin, one per line."
)]
pub struct PlayArgs {
    /// The game.
    pub game: String,

    /// The components of the starting position, in the game's syntax.
    #[arg(allow_negative_numbers = true, value_name = "COMPONENT")]
    pub components: Vec<String>,

    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    pub misere: bool,

    /// You move first (the default).
    #[arg(long, conflicts_with = "computer_first")]
    pub human_first: bool,

    /// The computer moves first.
    #[arg(long)]
    pub computer_first: bool,
}

/// `grundy pattern GAME`
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  grundy pattern bounded:3            (n mod 4, proven)\n  \
                  grundy pattern script:game.rhai     (a script with heap(n): checked, never proven)\n  \
                  grundy pattern nim --table          (x XOR y, proven)")]
pub struct PatternArgs {
    /// The game: a heap game, or a script with heap(n) (with --table: pairs, or a script with
    /// pair(x, y)).
    pub game: String,

    /// How far to compute: the largest heap (default 10000), or with --table the side (default
    /// 64).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,

    /// Look at the two-parameter family (the table of pairs) instead.
    #[arg(long)]
    pub table: bool,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,
}

/// `grundy table GAME --size N`
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  grundy table nim --size 60 --verify   (the seeds' check: mex of row and column = x XOR y)\n  \
                        grundy table wythoff --size 100 --png wythoff.png\n  grundy table kayles --size 20 --csv"
)]
pub struct TableArgs {
    /// The game: nim (x XOR y, computed from the definition), wythoff, or a heap game
    /// (G(x) XOR G(y)).
    pub game: String,

    /// The side of the table.
    #[arg(long, value_name = "N")]
    pub size: String,

    /// Print one JSON document.
    #[arg(long, conflicts_with_all = ["csv"])]
    pub json: bool,

    /// Print comma-separated rows.
    #[arg(long)]
    pub csv: bool,

    /// Write the table as a PNG heatmap with a legend.
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,

    /// Write the table as an SVG heatmap with a legend.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,

    /// Check the table against the closed form (nim: x XOR y; wythoff: the Wythoff pairs).
    #[arg(long)]
    pub verify: bool,
}

/// `grundy seq GAME N`
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("legs").args(["out", "summary"]).multiple(true)))]
#[command(after_help = "Examples:\n  grundy seq kayles 20\n  grundy seq 0.07 10^9 > dawson.txt   \
                        (periodic: costs the proof plus the writing)\n  grundy seq grundy 1000 --json")]
pub struct SeqArgs {
    /// The heap game: nim, sub:S, bounded:M, a code such as 0.07, kayles, dawson, treblecross,
    /// lasker, grundy.
    pub game: String,

    /// The largest heap size (inclusive); 10^9 and 1e9 are understood.
    #[arg(value_name = "N")]
    pub max_heap: String,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,

    /// Write the sequence as a PNG plot (value against heap size) instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub png: Option<std::path::PathBuf>,

    /// Write the sequence as an SVG plot instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,

    /// Write the values to FILE in grundy's binary format (see ARCHITECTURE.md), with
    /// checkpoints, instead of printing them. A device or FIFO (/dev/stdout, a pipe) is written
    /// straight in, without checkpoints.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "png", "svg"])]
    pub out: Option<std::path::PathBuf>,

    /// The engine: `fastest` (sparse space where it applies) or `straightforward` (every option
    /// of every heap; the reference, for cross-checks).
    #[arg(long, value_enum, default_value = "fastest")]
    pub engine: EngineChoice,

    /// At every power of two N reached, write DIR/N, the histogram of the values of heaps
    /// 1 to N as `value count` lines (Rogalski's shape), and DIR/N.about (the largest value,
    /// its first heap, the CRC). Without --out the values themselves are not printed, and the
    /// run keeps only 2^27 values from heap 0 and the last 2^27 or more in memory, whatever N
    /// (with --until and --resume, its legs keep their state in DIR/state).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["json", "png", "svg"])]
    pub summary: Option<std::path::PathBuf>,

    /// Values kept in memory from heap 0, and at the end, by a --summary run without --out
    /// or an --out run longer than three times as many (default 2^27, at least 2^16; 10^8 and
    /// 1e8 are understood): older values are read back from the --out file, and a --summary
    /// run that would need one stops and names it.
    #[arg(long, value_name = "N", requires = "legs")]
    pub keep: Option<String>,

    /// Continue an interrupted --out run from its last checkpoint, or a --summary run without
    /// --out from its state (same game, N at least the interrupted run's).
    #[arg(long, requires = "legs")]
    pub resume: bool,

    /// Seconds between checkpoints of an --out run (0.01 to a year).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "30",
        requires = "out",
        allow_negative_numbers = true,
        value_parser = parse_checkpoint_secs
    )]
    pub checkpoint_secs: Duration,

    /// End this leg of an --out run (or a --summary run without --out) after SECONDS (0.01 to
    /// a year): checkpoint, say how far it got, and exit with status 75; the same command with
    /// --resume runs the next leg.
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "legs",
        allow_negative_numbers = true,
        value_parser = parse_checkpoint_secs
    )]
    pub until: Option<Duration>,
}

/// Which nim-sequence engine `seq` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The fastest available.
    Fastest,
    /// The straightforward reference engine.
    Straightforward,
}

/// `grundy period GAME`
#[derive(Debug, Args)]
#[command(
    after_help = "A period is reported only when a theorem proves it (Guy–Smith for codes, the \
                        window argument for subtraction games); otherwise the answer says how far \
                        the sequence was checked."
)]
pub struct PeriodArgs {
    /// The heap game.
    pub game: String,

    /// Give up after this heap size (10^6 and 1e6 are understood; default 10^6, 10^4 for
    /// scripts).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,
}

/// `grundy explore GAME POSITION...`
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  grundy explore kayles 30\n  \
                        grundy explore script:examples/chomp.rhai 4,4,4 --json --out labels\n  \
                        grundy explore kayles 60 --processes 3 --process 0 --hosts hosts.txt   (and 1, 2 elsewhere)\n\
                        Every process is given the same command but --process; process 0 prints the answer.")]
pub struct ExploreArgs {
    /// The game (a sum of components: any family but moore:K).
    pub game: String,

    /// The positions to explore from, each one component in the game's syntax.
    #[arg(required = true, allow_negative_numbers = true, value_name = "POSITION")]
    pub positions: Vec<String>,

    /// Write every labelled position to DIR/part-I (I: this process's number), one a line:
    /// position, value, outcome, remoteness (`-` where absent), separated by tabs.
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,

    /// The number of processes of the run (each started with this same command).
    #[arg(long, value_name = "N", requires_all = ["process", "hosts"])]
    pub processes: Option<usize>,

    /// This process's number, from 0.
    #[arg(long, value_name = "I", requires_all = ["processes", "hosts"])]
    pub process: Option<usize>,

    /// The host file: one host:port a line, the address each process listens on, in order.
    #[arg(long, value_name = "FILE", requires_all = ["processes", "process"])]
    pub hosts: Option<String>,

    /// How long to wait for the other processes at the start, in seconds.
    #[arg(long, value_name = "SECS", default_value = "60")]
    pub connect_timeout: u64,

    /// Run the reference driver instead (one thread, messages round by round, no timely): the
    /// same answer, for checks and benchmarks.
    #[arg(long, conflicts_with_all = ["processes", "process", "hosts"])]
    pub reference: bool,
}

/// `grundy nimber OP A [B]`
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  grundy nimber mul 2 3            (1)\n  \
                        grundy nimber mul 16 16 --explain\n  grundy nimber inv 5\n  \
                        printf '2 3\\n4 4\\n' | grundy nimber mul --batch")]
pub struct NimberArgs {
    /// add, mul, pow (B an ordinary exponent), inv or sqrt.
    pub op: String,

    /// The numbers: A and B (A alone for inv and sqrt), whole numbers of any size.
    #[arg(value_name = "NUMBER")]
    pub numbers: Vec<String>,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,

    /// Explain the answer by the Fermat 2-power rules.
    #[arg(long)]
    pub explain: bool,

    /// Read one line a question from stdin (`a b`, or `a`), print one answer a line (`E` for a
    /// bad line, named on stderr; status 2 at the end).
    #[arg(long, conflicts_with_all = ["numbers", "json", "explain"])]
    pub batch: bool,
}

/// `grundy graph PATH`
#[derive(Debug, Args)]
#[command(
    after_help = "The file has one node per line, `name: succ1 succ2 ...`; `#` starts a comment.\n\
                        Cycles are allowed: values are Smith's generalized values, ∞(K) where play can go on for ever."
)]
pub struct GraphArgs {
    /// The game graph file.
    pub path: String,

    /// Print one JSON document.
    #[arg(long)]
    pub json: bool,
}

/// `grundy solve GAME COMPONENT...`
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  grundy solve nim 3 4 5\n  grundy solve nim 8 13 15 --explain\n  \
                        grundy solve nim 1 1 2 --misere --json\n  printf '3 4 5\\n1 2 3\\n' | grundy solve nim --batch"
)]
pub struct SolveArgs {
    /// The game, e.g. nim (spellings are case-insensitive).
    pub game: String,

    /// The components of the position, in the game's syntax (for nim: heap sizes).
    #[arg(allow_negative_numbers = true, value_name = "COMPONENT")]
    pub components: Vec<String>,

    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    pub misere: bool,

    /// Print one JSON document (with --batch: one per line).
    #[arg(long)]
    pub json: bool,

    /// Walk through the reasoning the way a lesson would.
    #[arg(long, conflicts_with = "batch")]
    pub explain: bool,

    /// Read positions from stdin, one per line, and answer each on its own line.
    #[arg(long)]
    pub batch: bool,

    /// With --batch: the longest line read, in bytes (default 16 MiB); a longer line is a bad
    /// line, skipped without being held in memory.
    #[arg(long, value_name = "BYTES", requires = "batch")]
    pub max_line_bytes: Option<String>,
}

/// The most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// `--lang LANG`: one of the languages, by its code.
pub fn parse_lang(text: &str) -> Result<grundy::i18n::Lang, String> {
    match grundy::i18n::Lang::parse(text) {
        Some(lang) if lang.code() == text.trim().to_ascii_lowercase() => Ok(lang),
        _ => Err(format!("'{text}' is not a language of grundy: en, ru, zh or mk")),
    }
}

/// `--threads N`: a whole number from 1 to [`MAX_THREADS`].
///
/// ```
/// use grundy_cli::args::parse_threads;
/// assert_eq!(parse_threads("4"), Ok(4));
/// assert!(parse_threads("0").is_err() && parse_threads("4294967296").is_err());
/// ```
pub fn parse_threads(text: &str) -> Result<usize, String> {
    let problem = || format!("'{text}' is not a number of threads from 1 to {MAX_THREADS}");
    let n_threads: usize = text.trim().parse().map_err(|_| problem())?;
    if (1..=MAX_THREADS).contains(&n_threads) {
        Ok(n_threads)
    } else {
        Err(problem())
    }
}

/// The shortest time between checkpoints, in seconds.
pub const MIN_CHECKPOINT_SECS: f64 = 0.01;
/// The longest time between checkpoints, in seconds: a year.
pub const MAX_CHECKPOINT_SECS: f64 = 365.0 * 86_400.0;

/// `--checkpoint-secs S`: a finite number of seconds from [`MIN_CHECKPOINT_SECS`] to
/// [`MAX_CHECKPOINT_SECS`] (`inf`, `NaN` and `1e300` are refused).
///
/// ```
/// use grundy_cli::args::parse_checkpoint_secs;
/// assert_eq!(parse_checkpoint_secs("0.5"), Ok(std::time::Duration::from_millis(500)));
/// assert!(["inf", "NaN", "1e300", "0", "-1"].iter().all(|t| parse_checkpoint_secs(t).is_err()));
/// ```
pub fn parse_checkpoint_secs(text: &str) -> Result<Duration, String> {
    let problem = || {
        format!(
            "'{text}' is not a number of seconds from {MIN_CHECKPOINT_SECS} to \
             {MAX_CHECKPOINT_SECS} (a year)"
        )
    };
    let seconds: f64 = text.trim().parse().map_err(|_| problem())?;
    // NaN fails both comparisons, so it is refused with the infinities.
    if (MIN_CHECKPOINT_SECS..=MAX_CHECKPOINT_SECS).contains(&seconds) {
        Duration::try_from_secs_f64(seconds).map_err(|_| problem())
    } else {
        Err(problem())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every numeric option parser on `text`: an error, or a value in the stated range.
    fn check_numeric_parsers(text: &str) -> Result<(), TestCaseError> {
        if let Ok(n_threads) = parse_threads(text) {
            prop_assert!((1..=MAX_THREADS).contains(&n_threads));
        }
        if let Ok(interval) = parse_checkpoint_secs(text) {
            let seconds = interval.as_secs_f64();
            prop_assert!((MIN_CHECKPOINT_SECS..=MAX_CHECKPOINT_SECS).contains(&seconds));
        }
        let _ = crate::parse_count(text, "N");
        Ok(())
    }

    proptest! {
        /// Any text: an error, or a value in the stated range; never a panic.
        #[test]
        fn numeric_option_parsers_never_panic(text in "\\PC{0,24}") {
            check_numeric_parsers(&text)?;
        }

        /// Texts that look like numbers, which reach the range checks.
        #[test]
        fn numeric_texts_are_checked_against_their_range(
            text in "[-+]?[0-9]{0,25}(\\.[0-9]{0,5})?([eE^][-+]?[0-9]{1,4})?|inf|-inf|NaN|nan|infinity"
        ) {
            check_numeric_parsers(&text)?;
        }
    }

    #[test]
    fn the_values_that_crashed_are_refused() {
        for text in ["100000", "4294967296", "0", "-1", ""] {
            assert!(parse_threads(text).is_err(), "{text}");
        }
        for text in ["inf", "1e300", "NaN", "0", "-0.5", "0.001", "31536001"] {
            assert!(parse_checkpoint_secs(text).is_err(), "{text}");
        }
        assert_eq!(parse_threads("1024"), Ok(1024));
        assert_eq!(parse_checkpoint_secs("31536000"), Ok(Duration::from_secs(31_536_000)));
    }
}
