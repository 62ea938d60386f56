//! The `grundy` binary: decides exit codes in one place.
//!
//! 0: success. 2: bad input (one line on stderr naming it). 1: anything else that failed, such
//! as a file that could not be written. A closed stdout (`grundy ... | head`) is success.

use clap::FromArgMatches;
use grundy_cli::{args::Cli, BadInput};
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
    let stdout = std::io::stdout().lock();
    let mut stdout = BufWriter::with_capacity(1 << 16, stdout);
    let result = grundy_cli::run(&cli, &mut stdout).and_then(|all_good| {
        stdout.flush()?;
        Ok(all_good)
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(2),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
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
            let rendered = error.render().to_string();
            let first =
                rendered.lines().find(|line| !line.trim().is_empty()).unwrap_or("bad arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("error: {} (see --help)", one_line(first));
            ExitCode::from(2)
        }
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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
