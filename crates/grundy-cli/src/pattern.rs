//! `grundy pattern GAME [--max N] [--table]`: the seeds' recipe as one command.

use crate::args::PatternArgs;
use crate::{library_error, parse_count, parse_game};
use anyhow::Result;
use grundy::Limits;
use std::io::Write;

/// Runs `grundy pattern`.
pub fn run(
    args: &PatternArgs,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let game = parse_game(&args.game, limits)?;
    let max = args.max.as_deref().map(|text| parse_count(text, "--max")).transpose()?;
    let mut bar = crate::progress::Progress::heaps(max.unwrap_or(10_000), show_progress);
    let report =
        grundy::pattern::for_game(&*game, max, args.table, limits, &mut |n| bar.set_position(n))
            .map_err(library_error)?;
    bar.finish();
    if args.json {
        serde_json::to_writer(&mut *stdout, &grundy::contract::pattern(&report))?;
    } else {
        write!(stdout, "{report}")?;
    }
    writeln!(stdout)?;
    Ok(true)
}
