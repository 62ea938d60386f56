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
    use grundy::misere::genus::GenusTable;
    let max = match &args.max {
        Some(text) => parse_count(text, "--max")?,
        None => 30,
    };
    let mut table = GenusTable::new(game, limits.max_whole_positions);
    let mut bar = Progress::heaps(max, show_progress);
    let mut rows = Vec::new();
    let mut stopped = None;
    for n in 0..=max {
        match table.heap(n, limits) {
            Ok(entry) => {
                if !args.json {
                    let tame = if entry.tame { "tame" } else { "wild" };
                    writeln!(stdout, "{n:>5}  {:<12} {tame}", entry.genus.to_string())?;
                }
                rows.push(serde_json::json!({
                    "heap": n,
                    "genus": entry.genus.to_string(),
                    "tame": entry.tame,
                }));
            }
            Err(error) if error.is_limit() => {
                stopped = Some(error.to_string());
                break;
            }
            Err(error) => return Err(library_error(error)),
        }
        bar.set_position(n);
    }
    bar.finish();
    if args.json {
        let mut doc = serde_json::json!({"game": game.name, "genus": rows, "max_heap": max});
        if let Some(why) = &stopped {
            doc["stopped"] = serde_json::json!(why);
        }
        serde_json::to_writer(&mut *stdout, &doc)?;
        writeln!(stdout)?;
    } else if let Some(why) = &stopped {
        writeln!(stdout, "stopped: {why}")?;
    }
    Ok(true)
}
