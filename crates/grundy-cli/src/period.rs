//! `grundy period GAME`: preperiod and period, only with a proof.

use crate::args::PeriodArgs;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, Files};
use anyhow::Result;
use grundy::request::{Answer, Door, Kind, Question, Request};
use grundy::Limits;
use std::io::Write;

/// Runs `grundy period`.
pub fn run(
    args: &PeriodArgs,
    n_threads: usize,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    // A game with no one-parameter family is refused with the command line's own words.
    parse_family(&args.game, limits)?;
    let max = args.max.as_deref().map(|text| parse_count(text, "--max")).transpose()?;
    let low = serde_json::json!({"game": args.game, "max": max});
    let request = Request::from_json(Kind::Period, &low, &Door::local(&Files), limits)
        .map_err(library_error)?;
    let Question::Period { max: max_heap, .. } = request.question else {
        unreachable!("a period request")
    };
    let mut bar = Progress::heaps(max_heap, show_progress);
    let answer = request
        .answer(limits, n_threads, &mut |n, note| bar.update(n, note))
        .map_err(library_error)?;
    bar.finish();
    let Answer::Period { report, note } = &answer else { unreachable!("a period answer") };
    if args.json {
        serde_json::to_writer(&mut *stdout, &answer.document())?;
    } else {
        write!(stdout, "{report}")?;
        if let Some(note) = note {
            write!(stdout, "\n{note}")?;
        }
    }
    writeln!(stdout)?;
    Ok(true)
}
