//! `grundy period GAME`: preperiod and period, only with a proof.

use crate::args::PeriodArgs;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, Family};
use anyhow::Result;
use grundy::sequence::{cost, PeriodReport, RunOptions};
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
    let family = parse_family(&args.game, limits)?;
    // A code with a repeating digit is looked at only so far: no theorem can prove its period.
    let no_theorem = match &family {
        Family::Heap(game) if cost::has_no_theorem(game) => Some(game),
        _ => None,
    };
    let max_heap = match (&args.max, no_theorem) {
        (Some(text), _) => parse_count(text, "--max")?,
        (None, Some(game)) => cost::default_check_without_theorem(game, limits),
        (None, None) if matches!(family, Family::Heap(_)) => 1_000_000,
        (None, None) => 10_000,
    };
    let note = no_theorem.map(|_| {
        let default =
            if args.max.is_none() { ", the default for this code (--max goes on)" } else { "" };
        format!("{}: checked to heap {max_heap}{default}", cost::NO_THEOREM)
    });
    let mut bar = Progress::heaps(max_heap, show_progress);
    let report = match family {
        Family::Heap(game) => {
            let options = RunOptions { n_threads, ..RunOptions::default() };
            PeriodReport::compute(&game, max_heap, &options, limits, &mut |n| {
                bar.set_position(n as u64)
            })
        }
        // No theorem covers a script: how far it was checked, and what it seems to do.
        Family::Other(game) => {
            PeriodReport::observe(&*game, max_heap, limits, &mut |n| bar.set_position(n as u64))
        }
    }
    .map_err(library_error)?;
    bar.finish();
    if args.json {
        let mut doc = grundy::contract::period(&report);
        if let Some(note) = &note {
            doc["note"] = note.as_str().into();
        }
        serde_json::to_writer(&mut *stdout, &doc)?;
    } else {
        write!(stdout, "{report}")?;
        if let Some(note) = &note {
            write!(stdout, "\n{note}")?;
        }
    }
    writeln!(stdout)?;
    Ok(true)
}
