//! `grundy pattern GAME [--max N] [--table]`: the seeds' recipe as one command.

use crate::args::PatternArgs;
use crate::{library_error, parse_count, Files};
use anyhow::Result;
use grundy::request::{Answer, Door, Kind, Request};
use grundy::Limits;
use std::io::Write;

/// Runs `grundy pattern`.
pub fn run(
    args: &PatternArgs,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let max = args.max.as_deref().map(|text| parse_count(text, "--max")).transpose()?;
    let low = serde_json::json!({"game": args.game, "max": max, "table": args.table});
    let request = Request::from_json(Kind::Pattern, &low, &Door::local(&Files), limits)
        .map_err(library_error)?;
    let mut bar = crate::progress::Progress::heaps(max.unwrap_or(10_000), show_progress);
    let answer =
        request.answer(limits, 1, &mut |n, note| bar.update(n, note)).map_err(library_error)?;
    bar.finish();
    match &answer {
        _ if args.json => serde_json::to_writer(&mut *stdout, &answer.document())?,
        Answer::Pattern(report) => write!(stdout, "{report}")?,
        _ => unreachable!("a pattern answer"),
    }
    writeln!(stdout)?;
    Ok(true)
}
