//! `grundy seq GAME N`: the nim-sequence of a heap game, streamed as the library's run pushes
//! the values (computed, then from the proven period).

use crate::args::SeqArgs;
use crate::heap_values::Sequence;
use crate::output::write_picture;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, write_document, BadInput, Family, Files};
use anyhow::Result;
use grundy::request::{Door, Kind, Request};
use grundy::sequence::run::{run as run_sequence, Chunk, RunOptions, Sink};
use grundy::sequence::{Engine, HeapValues};
use grundy::Limits;
use grundy_plot::SequencePlot;
use std::io::Write;

/// The run options the command line asks for.
pub fn run_options(args: &SeqArgs, n_threads: usize) -> RunOptions {
    let engine = match args.engine {
        crate::args::EngineChoice::Fastest => Engine::Fastest,
        crate::args::EngineChoice::Straightforward => Engine::Straightforward,
    };
    RunOptions { engine, n_threads, ..RunOptions::default() }
}

/// Runs `grundy seq`.
pub fn run(
    args: &SeqArgs,
    n_threads: usize,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let max_heap = parse_count(&args.max_heap, "heap size")?;
    let pictures = args.png.is_some() || args.svg.is_some();
    if args.json && args.out.is_none() && !pictures {
        // A game with no one-parameter family is refused with the command line's own words.
        parse_family(&args.game, limits)?;
        let low = serde_json::json!({"game": args.game, "n": max_heap});
        let request = Request::from_json(Kind::Seq, &low, &Door::local(&Files), limits)
            .map_err(library_error)?;
        let mut bar = Progress::heaps(max_heap, show_progress);
        write_document(&request, limits, n_threads, &mut |n, note| bar.update(n, note), stdout)?;
        bar.finish();
        stdout.write_all(b"\n")?;
        return Ok(true);
    }
    let game = match parse_family(&args.game, limits)? {
        Family::Heap(game) => game,
        Family::Other(game) => {
            return run_other(&*game, max_heap, args, show_progress, limits, stdout)
        }
    };
    let options = run_options(args, n_threads);
    if let Some(path) = &args.out {
        return crate::seq_file::run(&game, max_heap, path, args, options, show_progress, limits);
    }
    let mut bar = Progress::heaps(max_heap, show_progress);
    if args.png.is_some() || args.svg.is_some() {
        let compute_to = usize::try_from(max_heap).map_err(|_| {
            BadInput::msg(format!("heap size {max_heap} is too large for this machine"))
        })?;
        let values = HeapValues::compute_run(&game, compute_to, &options, limits, &mut |n| {
            bar.set_position(n as u64)
        })
        .map_err(library_error)?;
        bar.finish();
        let picture = plot(&game.name, &values, max_heap)?.picture();
        write_pictures(args, &picture, show_progress)?;
        return Ok(true);
    }
    if let Some(dir) = &args.summary {
        // Summaries only: the values go nowhere else.
        let mut inner = BarOnly { bar: &mut bar };
        let mut sink = Summarize::new(&mut inner, dir, &game.name)?;
        let result = run_sequence(&game, max_heap, &options, Some(&mut sink), limits);
        let error = sink.error.take();
        bar.finish();
        if let Some(error) = error {
            return Err(error);
        }
        let report = result.map_err(library_error)?;
        writeln!(
            stdout,
            "{} values of {} ({} engine): summaries at every power of two in {}",
            max_heap + 1,
            game.name,
            report.engine,
            dir.display()
        )?;
        return Ok(true);
    }
    let separator: &[u8] = b" ";
    let mut sink = Print {
        out: stdout,
        separator,
        digits: itoa::Buffer::new(),
        io_error: None,
        bar: &mut bar,
    };
    let result = run_sequence(&game, max_heap, &options, Some(&mut sink), limits);
    let io_error = sink.io_error.take();
    bar.finish();
    if let Some(error) = io_error {
        return Err(error.into());
    }
    result.map_err(library_error)?;
    stdout.write_all(b"\n")?;
    Ok(true)
}

fn write_pictures(args: &SeqArgs, picture: &grundy_plot::Picture, chatty: bool) -> Result<()> {
    if let Some(path) = &args.png {
        write_picture(path, &picture.to_png(), chatty)?;
    }
    if let Some(path) = &args.svg {
        write_picture(path, picture.to_svg().as_bytes(), chatty)?;
    }
    Ok(())
}

/// A sink that writes the summary of every power of two reached into a directory
/// (`--summary DIR`: `DIR/N` and `DIR/N.about`, each written whole or not at all), and passes
/// everything on to `inner`.
pub(crate) struct Summarize<'s> {
    inner: &'s mut dyn Sink,
    dir: std::path::PathBuf,
    game: String,
    powers: grundy::sequence::store::PowerSummaries,
    /// A file error stops the run; it is reported as itself.
    pub error: Option<anyhow::Error>,
}

impl<'s> Summarize<'s> {
    /// Summaries into `dir` (created if missing) for `game`'s run.
    pub fn new(inner: &'s mut dyn Sink, dir: &std::path::Path, game: &str) -> Result<Self> {
        std::fs::create_dir_all(dir).map_err(|error| {
            BadInput::msg(format!("--summary: cannot create '{}': {error}", dir.display()))
        })?;
        Ok(Summarize {
            inner,
            dir: dir.to_path_buf(),
            game: game.to_string(),
            powers: grundy::sequence::store::PowerSummaries::new(),
            error: None,
        })
    }

    fn write(&mut self, values: &[u32]) -> anyhow::Result<()> {
        for summary in self.powers.add(values) {
            let name = summary.n.to_string();
            crate::output::write_file(&self.dir.join(&name), summary.histogram().as_bytes())?;
            crate::output::write_file(
                &self.dir.join(format!("{name}.about")),
                summary.about(&self.game).as_bytes(),
            )?;
        }
        Ok(())
    }
}

impl Sink for Summarize<'_> {
    fn values(&mut self, first: u64, values: Chunk<'_>) -> grundy::Result<()> {
        self.inner.values(first, values)?;
        if values.max() > u64::from(u32::MAX) {
            return Ok(());
        }
        for start in (0..values.len()).step_by(1 << 20) {
            let piece = values.slice(start..(start + (1 << 20)).min(values.len())).to_vec();
            if let Err(error) = self.write(&piece) {
                let failure = grundy::Error::Write { what: format!("{error:#}"), kind: None };
                self.error = Some(error);
                return Err(failure);
            }
        }
        Ok(())
    }

    fn step_done(&mut self) -> grundy::Result<()> {
        self.inner.step_done()
    }

    fn progress(&mut self, heap: u64, note: &str) {
        self.inner.progress(heap, note);
    }

    fn period_proven(&mut self, period: &grundy::sequence::period::Period, first: u64) {
        self.inner.period_proven(period, first);
    }
}

/// A sink that only moves the progress bar.
struct BarOnly<'b> {
    bar: &'b mut Progress,
}

impl Sink for BarOnly<'_> {
    fn values(&mut self, _first: u64, _values: Chunk<'_>) -> grundy::Result<()> {
        Ok(())
    }

    fn progress(&mut self, heap: u64, note: &str) {
        self.bar.set_position(heap);
        self.bar.set_message(note.to_string());
    }
}

/// Writes values as decimal numbers, separated.
struct Print<'w, 'b> {
    out: &'w mut dyn Write,
    separator: &'static [u8],
    digits: itoa::Buffer,
    /// An output error (a closed pipe) stops the run; it is reported as itself.
    io_error: Option<std::io::Error>,
    bar: &'b mut Progress,
}

impl Sink for Print<'_, '_> {
    fn values(&mut self, first: u64, values: Chunk<'_>) -> grundy::Result<()> {
        let mut text = Vec::with_capacity(values.len() * 4);
        for idx in 0..values.len() {
            if first + idx as u64 > 0 {
                text.extend_from_slice(self.separator);
            }
            text.extend_from_slice(self.digits.format(values.get(idx)).as_bytes());
        }
        self.out.write_all(&text).map_err(|error| {
            let failure = grundy::Error::write(&error);
            self.io_error = Some(error);
            failure
        })
    }

    fn progress(&mut self, heap: u64, note: &str) {
        self.bar.set_position(heap);
        self.bar.set_message(note.to_string());
    }
}

/// The plot of heaps `0..=max_heap`, built column by column from a bounded summary: memory for
/// the picture's pixels, whatever N is. Past the preperiod of a plain period, one period of
/// heaps shows every value a column holds, so a column costs at most a period.
fn plot(name: &str, values: &HeapValues, max_heap: u64) -> Result<SequencePlot> {
    let sequence = Sequence::of(values);
    let n_values = max_heap
        .checked_add(1)
        .ok_or_else(|| BadInput::msg(format!("heap size {max_heap} is too large to plot")))?;
    let mut plot = SequencePlot::new(n_values, sequence.max_value(max_heap)?).with_title(name);
    if let Some(period) = values.period() {
        plot = plot.with_period(period.preperiod as u64, period.period as u64);
    }
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

/// `seq` for a family that is not a heap game (a script's `heap(n)`): its values by the generic
/// solver, in order.
fn run_other(
    game: &dyn grundy::Game,
    max_heap: u64,
    args: &SeqArgs,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    if args.out.is_some() {
        return Err(BadInput::msg(format!(
            "seq --out writes the compact file of heap games' engines; print the values of {} instead",
            game.name()
        ))
        .into());
    }
    let mut bar = Progress::heaps(max_heap, show_progress);
    let pictures = args.png.is_some() || args.svg.is_some();
    let mut finite: Vec<u64> = Vec::new();
    let mut text = Vec::new();
    let mut visit = |n: u64, value: &grundy::solve::loopy::LoopyValue| -> grundy::Result<()> {
        bar.set_position(n);
        if pictures {
            finite.push(value.finite().unwrap_or(0));
            return Ok(());
        }
        if n > 0 {
            text.push(b' ');
        }
        text.extend_from_slice(grundy::analysis::Value::from(value).to_string().as_bytes());
        if text.len() >= 1 << 16 {
            let chunk = std::mem::take(&mut text);
            stdout.write_all(&chunk).map_err(|error| grundy::Error::write(&error))?;
        }
        Ok(())
    };
    let result = game.family_values(max_heap, limits, &mut visit);
    bar.finish();
    match result {
        Some(result) => result.map_err(library_error)?,
        None => return Err(BadInput::msg(format!("{} has no heap(n)", game.name())).into()),
    }
    if pictures {
        let mut plot =
            SequencePlot::new(finite.len() as u64, finite.iter().copied().max().unwrap_or(0));
        for (heap, &value) in finite.iter().enumerate() {
            plot.add(heap as u64, value);
        }
        write_pictures(args, &plot.picture(), show_progress)?;
        return Ok(true);
    }
    text.push(b'\n');
    stdout.write_all(&text)?;
    Ok(true)
}
