//! The `grundy` binary: decides exit codes in one place.
//!
//! 0: success. 2: bad input (one line on stderr naming it). 1: anything else that failed, such
//! as a file that could not be written. 130 (SIGINT) or 143 (SIGTERM): a long run stopped by a
//! signal after a checkpoint; 75: a leg of a long run ended by `--until` after a checkpoint. A
//! closed stdout (`grundy ... | head`) is success.

use clap::FromArgMatches;
use grundy_cli::{args::Cli, BadInput, Interrupted};
use std::io::{BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match grundy_cli::args::command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => return clap_error(error),
    };
    let stdout = NamedStdout(std::io::stdout().lock());
    let mut stdout = BufWriter::with_capacity(1 << 16, stdout);
    let result = grundy_cli::run(&cli, &mut stdout).and_then(|all_good| {
        stdout.flush()?;
        Ok(all_good)
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(2),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) if error.downcast_ref::<Interrupted>().is_some() => {
            drop(stdout);
            eprintln!("{}", one_line(&format!("{error:#}")));
            ExitCode::from(
                error.downcast_ref::<Interrupted>().map_or(130, |stopped| stopped.status),
            )
        }
        Err(error) => {
            // The answer may be half-written: it must not look complete.
            drop(stdout);
            eprintln!("error: {}", one_line(&format!("{error:#}")));
            if error.downcast_ref::<BadInput>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// Standard output whose errors say so (`cannot write to stdout: No space left on device`),
/// keeping their kind, so that a closed pipe is still recognised.
struct NamedStdout<W>(W);

impl<W: Write> NamedStdout<W> {
    fn named(error: std::io::Error) -> std::io::Error {
        std::io::Error::new(error.kind(), format!("cannot write to stdout: {error}"))
    }
}

impl<W: Write> Write for NamedStdout<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes).map_err(Self::named)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(Self::named)
    }
}

/// Help and version go to stdout with status 0; every usage error is one line with status 2.
fn clap_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(2)
        }
        _ => {
            eprintln!("error: {}", fold_clap_message(&error.render().to_string()));
            ExitCode::from(2)
        }
    }
}

/// Clap's message on one line, keeping what matters: the problem with the arguments it names
/// (`missing <N>`), its tips and the usage: `missing <N> (usage: grundy seq <GAME> <N>; see
/// --help)`.
fn fold_clap_message(rendered: &str) -> String {
    let mut problem = String::new();
    let (mut named, mut tips, mut usage) = (Vec::new(), Vec::new(), Vec::new());
    let mut in_usage = false;
    for line in rendered.lines().map(str::trim) {
        if line.is_empty() {
            in_usage = false;
        } else if problem.is_empty() {
            problem = line.strip_prefix("error: ").unwrap_or(line).to_string();
        } else if let Some(tip) = line.strip_prefix("tip: ") {
            tips.push(tip);
        } else if let Some(first) = line.strip_prefix("Usage: ") {
            usage.push(first);
            in_usage = true;
        } else if in_usage {
            usage.push(line);
        } else if !line.starts_with("For more information") {
            // The arguments a message lists on lines of their own (`  <N>`).
            named.push(line);
        }
    }
    if problem.is_empty() {
        problem = "bad arguments".into();
    }
    if !named.is_empty() {
        problem = match problem.strip_prefix("the following required arguments were not provided") {
            Some(_) => format!("missing {}", named.join(", ")),
            None => format!("{} {}", problem.trim_end_matches(':'), named.join(", ")),
        };
    }
    let mut notes: Vec<String> = tips.iter().map(|tip| format!("tip: {tip}")).collect();
    if !usage.is_empty() {
        notes.push(format!("usage: {}", usage.join(" | ")));
    }
    notes.push("see --help".into());
    one_line(&format!("{problem} ({})", notes.join("; ")))
}

/// The message on one line, with any long run of input in it cut to a readable length (the
/// library's rule, so the command line's own messages quote input the same way).
fn one_line(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // Control characters of the input (an escape sequence in a typed name) are shown, never
    // sent to the terminal.
    let shown: String = joined
        .chars()
        .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
        .collect();
    grundy::error::readable(&shown).into_owned()
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let io_kind =
            cause.downcast_ref::<std::io::Error>().map(std::io::Error::kind).or_else(|| {
                cause.downcast_ref::<serde_json::Error>().and_then(serde_json::Error::io_error_kind)
            });
        io_kind == Some(std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::fold_clap_message;

    #[test]
    fn control_characters_of_the_input_are_shown_escaped() {
        let line = super::one_line("unknown lesson 'foo\u{1b}[31m'");
        assert_eq!(line, "unknown lesson 'foo\\u{1b}[31m'");
    }

    #[test]
    fn missing_arguments_are_named_with_the_usage() {
        let rendered = "error: the following required arguments were not provided:\n  <N>\n\n\
                        Usage: grundy seq <GAME> <N>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            fold_clap_message(rendered),
            "missing <N> (usage: grundy seq <GAME> <N>; see --help)"
        );
    }

    #[test]
    fn tips_are_kept() {
        let rendered = "error: unexpected argument '--frobnicate' found\n\n  tip: to pass \
                        '--frobnicate' as a value, use '-- --frobnicate'\n\nUsage: grundy solve \
                        <GAME> [COMPONENT]...\n\nFor more information, try '--help'.\n";
        assert_eq!(
            fold_clap_message(rendered),
            "unexpected argument '--frobnicate' found (tip: to pass '--frobnicate' as a value, use \
             '-- --frobnicate'; usage: grundy solve <GAME> [COMPONENT]...; see --help)"
        );
    }
}
