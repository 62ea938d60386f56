//! `grundy misere GAME`: the misère quotient of a heap game, heap by heap.

use crate::args::MisereArgs;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, BadInput, Family};
use anyhow::Result;
use grundy::misere::{quotient, QuotientOptions};
use grundy::Limits;
use std::io::Write;

/// Runs `grundy misere`.
pub fn run(
    args: &MisereArgs,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let Family::Heap(game) = parse_family(&args.game, limits)? else {
        return Err(BadInput::msg(format!(
            "'{}' is not a heap game: misère quotients are computed for heap games",
            args.game
        ))
        .into());
    };
    if args.genus {
        return genera(&game, args, show_progress, limits, stdout);
    }
    let mut options = QuotientOptions::default();
    if let Some(text) = &args.max {
        options.max_heap = parse_count(text, "--max")?;
    }
    if let Some(text) = &args.max_order {
        let order = parse_count(text, "--max-order")?;
        options.max_order = usize::try_from(order).unwrap_or(usize::MAX).max(1);
    }
    let mut bar = Progress::heaps(options.max_heap, show_progress);
    let q = quotient(&game, &options, limits, &mut |heap, order| {
        bar.set_position(heap);
        bar.set_message(format!("order {order}"));
    })
    .map_err(library_error)?;
    bar.finish();
    if args.json {
        serde_json::to_writer(&mut *stdout, &grundy::contract::misere(&q))?;
    } else {
        write!(stdout, "{q}")?;
    }
    writeln!(stdout)?;
    Ok(true)
}

/// `grundy misere GAME --genus`: the genus of each heap up to `--max` (default 30), each line
/// as soon as it is known; past the search's limit, the heaps found and a line saying where
/// it stopped.
fn genera(
    game: &grundy::games::heap::HeapGame,
    args: &MisereArgs,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let max = match &args.max {
        Some(text) => parse_count(text, "--max")?,
        None => 30,
    };
    let mut bar = Progress::heaps(max, show_progress);
    let mut io_error = None;
    let list = grundy::misere::genus::heap_genera_to(game, max, limits, &mut |n, entry| {
        bar.set_position(n);
        if !args.json && io_error.is_none() {
            let tame = if entry.tame { "tame" } else { "wild" };
            if let Err(error) = writeln!(stdout, "{n:>5}  {:<12} {tame}", entry.genus.to_string()) {
                io_error = Some(error);
            }
        }
    })
    .map_err(library_error)?;
    bar.finish();
    if let Some(error) = io_error {
        return Err(error.into());
    }
    if args.json {
        serde_json::to_writer(&mut *stdout, &grundy::contract::genera(&list))?;
        writeln!(stdout)?;
    } else if let Some(why) = &list.stopped {
        writeln!(stdout, "stopped: {why}")?;
    }
    Ok(true)
}
