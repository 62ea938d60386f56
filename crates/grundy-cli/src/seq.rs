//! `grundy seq GAME N`: the nim-sequence of a heap game, streamed.

use crate::args::SeqArgs;
use crate::heap_values::Sequence;
use crate::output::write_file;
use crate::progress::Progress;
use crate::{parse_count, parse_heap_game, BadInput};
use anyhow::Result;
use grundy::sequence::{Engine, HeapValues};
use grundy_plot::SequencePlot;
use std::io::Write;

/// Runs `grundy seq`.
pub fn run(
    args: &SeqArgs,
    n_threads: usize,
    show_progress: bool,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let game = parse_heap_game(&args.game)?;
    let max_heap = parse_count(&args.max_heap, "heap size")?;
    let compute_to = usize::try_from(max_heap).map_err(|_| {
        BadInput::msg(format!("heap size {max_heap} is too large for this machine"))
    })?;
    if let Some(path) = &args.out {
        return crate::seq_file::run(&game, max_heap, path, args, n_threads, show_progress);
    }
    let mut bar = Progress::heaps(max_heap, show_progress);
    let engine = match args.engine {
        crate::args::EngineChoice::Fastest => Engine::Fastest,
        crate::args::EngineChoice::Straightforward => Engine::Straightforward,
    };
    let values = HeapValues::compute_with(&game, compute_to, engine, n_threads, &mut |n| {
        bar.set_position(n as u64)
    });
    bar.finish();
    if args.png.is_some() || args.svg.is_some() {
        let picture = plot(&values, max_heap)?.picture();
        if let Some(path) = &args.png {
            write_file(path, &picture.to_png())?;
        }
        if let Some(path) = &args.svg {
            write_file(path, picture.to_svg().as_bytes())?;
        }
        return Ok(true);
    }
    let mut digits = itoa::Buffer::new();
    if args.json {
        write!(stdout, "{{\"game\":{},\"values\":[", serde_json::to_string(&game.name)?)?;
    }
    let separator: &[u8] = if args.json { b"," } else { b" " };
    for n in 0..=max_heap {
        let value = values.value(n).ok_or_else(|| {
            BadInput::msg(format!("the value of heap {n} in {} passes 2^64 - 1", game.name))
        })?;
        if n > 0 {
            stdout.write_all(separator)?;
        }
        stdout.write_all(digits.format(value).as_bytes())?;
    }
    if args.json {
        stdout.write_all(b"]}")?;
    }
    stdout.write_all(b"\n")?;
    Ok(true)
}

/// The plot of heaps `0..=max_heap`, built column by column from a bounded summary: memory for
/// the picture's pixels, whatever N is. Past the preperiod of a plain period, one period of
/// heaps shows every value a column holds, so a column costs at most a period.
fn plot(values: &HeapValues, max_heap: u64) -> Result<SequencePlot> {
    let sequence = Sequence::of(values);
    let n_values = max_heap
        .checked_add(1)
        .ok_or_else(|| BadInput::msg(format!("heap size {max_heap} is too large to plot")))?;
    let mut plot = SequencePlot::new(n_values, sequence.max_value(max_heap)?);
    for column in 0..plot.n_columns() {
        let heaps = plot.heaps_in_column(column);
        if heaps.is_empty() {
            continue;
        }
        let last = match sequence.repeats() {
            Some((preperiod, period)) if heaps.start >= preperiod => {
                (heaps.end - 1).min(heaps.start + period - 1)
            }
            _ => heaps.end - 1,
        };
        sequence.for_each_chunk(heaps.start, last, |_, chunk| {
            for &value in chunk {
                plot.add_to_column(column, value);
            }
            Ok(())
        })?;
    }
    Ok(plot)
}
