//! `grundy period GAME`: preperiod and period, only with a proof.

use crate::args::PeriodArgs;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, Family};
use anyhow::Result;
use grundy::sequence::{PeriodReport, RunOptions};
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
    let default_max = if matches!(family, Family::Heap(_)) { "1000000" } else { "10000" };
    let max_heap = parse_count(args.max.as_deref().unwrap_or(default_max), "--max")?;
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
        serde_json::to_writer(&mut *stdout, &grundy::contract::period(&report))?;
    } else {
        write!(stdout, "{report}")?;
    }
    writeln!(stdout)?;
    Ok(true)
}
