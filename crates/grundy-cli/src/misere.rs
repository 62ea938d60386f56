//! `grundy misere GAME`: the misère quotient of a heap game, heap by heap.

use crate::args::MisereArgs;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, BadInput, Family, Files};
use anyhow::Result;
use grundy::request::{Answer, Door, Kind, Question, Request};
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
    let max = args.max.as_deref().map(|text| parse_count(text, "--max")).transpose()?;
    let max_order =
        args.max_order.as_deref().map(|text| parse_count(text, "--max-order")).transpose()?;
    let low = serde_json::json!({"game": args.game, "max": max, "max_order": max_order});
    let request = Request::from_json(Kind::Misere, &low, &Door::local(&Files), limits)
        .map_err(library_error)?;
    let Question::Misere { max: max_heap, .. } = request.question else {
        unreachable!("a misère request")
    };
    let mut bar = Progress::heaps(max_heap, show_progress);
    let answer = request
        .answer(limits, 1, &mut |heap, note| bar.update(heap, note))
        .map_err(library_error)?;
    bar.finish();
    match &answer {
        _ if args.json => serde_json::to_writer(&mut *stdout, &answer.document())?,
        Answer::Misere(quotient) => write!(stdout, "{quotient}")?,
        _ => unreachable!("a misère answer"),
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
    let max = args.max.as_deref().map(|text| parse_count(text, "--max")).transpose()?;
    let low = serde_json::json!({"game": args.game, "max": max});
    let request = Request::from_json(Kind::Genus, &low, &Door::local(&Files), limits)
        .map_err(library_error)?;
    if args.json {
        let answer = request.answer(limits, 1, &mut |_, _| {}).map_err(library_error)?;
        serde_json::to_writer(&mut *stdout, &answer.document())?;
        writeln!(stdout)?;
        return Ok(true);
    }
    // Text: each heap's line as soon as its genus is known.
    let Question::Genus { max } = request.question else { unreachable!("a genus request") };
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
    if let Some(why) = &list.stopped {
        writeln!(stdout, "stopped: {why}")?;
    }
    Ok(true)
}
