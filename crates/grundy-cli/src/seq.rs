//! `grundy seq GAME N`: the nim-sequence of a heap game, streamed as the library's run pushes
//! the values (computed, then from the proven period).

use crate::args::SeqArgs;
use crate::heap_values::Sequence;
use crate::legs::{keep_values, Summarize};
use crate::output::write_picture;
use crate::progress::Progress;
use crate::{library_error, parse_count, parse_family, write_document, BadInput, Family, Files};
use anyhow::Result;
use grundy::request::{Door, Kind, Request};
use grundy::sequence::run::{run as run_sequence, Chunk, Keep, Resume, RunOptions, Sink};
use grundy::sequence::store::LegState;
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
    if let (Some(_), Some(_), true) = (&args.out, &args.summary, args.resume) {
        return Err(BadInput::msg(
            "--resume with --out and --summary: the summaries need every value from heap 0; \
             resume the --out run without --summary (or run --summary alone, in legs)",
        )
        .into());
    }
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
        return summaries_only(&game, max_heap, dir, args, options, &mut bar, limits, stdout);
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

/// `--summary DIR` without `--out`: summaries only, in memory that does not grow with N, in
/// legs whose state is `DIR/state`.
#[allow(clippy::too_many_arguments)]
fn summaries_only(
    game: &grundy::games::heap::HeapGame,
    max_heap: u64,
    dir: &std::path::Path,
    args: &SeqArgs,
    options: RunOptions,
    bar: &mut Progress,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    // Legs from a state of their own: the fast engine's games only (the others keep every
    // value; their legs are an --out file's).
    let legs = options.engine == grundy::sequence::Engine::Fastest
        && grundy::sequence::sparse::supports(game);
    if !legs && (args.until.is_some() || args.resume) {
        return Err(BadInput::msg(format!(
            "--until and --resume with --summary alone need the fast engine on one of its \
             games; {} (with --engine {}) keeps every value: use --out FILE for its legs",
            game.name,
            if options.engine == grundy::sequence::Engine::Fastest {
                "fastest"
            } else {
                "straightforward"
            }
        ))
        .into());
    }
    let state_path = dir.join("state");
    let resumed = if args.resume {
        let mut file = std::fs::File::open(&state_path).map_err(|error| {
            BadInput::msg(format!(
                "--resume: nothing to resume in '{}' ({error}); run without --resume to start",
                dir.display()
            ))
        })?;
        let state =
            LegState::read_from(&mut std::io::BufReader::new(&mut file)).map_err(|error| {
                BadInput::msg(format!("--resume: '{}': {error}", state_path.display()))
            })?;
        if state.game != game.name {
            return Err(BadInput::msg(format!(
                "--resume: '{}' is a run of {}, not {}",
                state_path.display(),
                state.game,
                game.name
            ))
            .into());
        }
        if state.engine.n > max_heap + 1 {
            return Err(BadInput::msg(format!(
                "--resume: '{}' is past heap {max_heap} already (at {})",
                state_path.display(),
                state.engine.n - 1
            ))
            .into());
        }
        Some(state)
    } else {
        None
    };
    if legs {
        crate::legs::catch_interrupts();
    }
    let mut inner = BarOnly { bar, until: args.until, started: std::time::Instant::now() };
    let mut sink = match &resumed {
        Some(state) => Summarize::resumed(&mut inner, dir, &game.name, state.summaries.clone()),
        None => Summarize::new(&mut inner, dir, &game.name)?,
    };
    // No values are kept for anyone: memory that does not grow with N.
    let options = RunOptions {
        keep: Some(Keep::values(keep_values(args)?)),
        resume: resumed.map(|state| std::sync::Arc::new(Resume::new(state.engine))),
        ..options
    };
    let result = run_sequence(game, max_heap, &options, Some(&mut sink), limits);
    let error = sink.error.take();
    let powers = sink.powers.clone();
    drop(sink);
    inner.bar.finish();
    if let Some(error) = error {
        return Err(error);
    }
    let report = result.map_err(library_error)?;
    if let Some(engine) = report.state {
        let at = engine.n;
        let state = LegState { game: game.name.clone(), engine, summaries: powers };
        write_state(&state_path, &state)?;
        let (interrupted, terminated) = crate::legs::interrupt_flags();
        let status = if !interrupted.load(std::sync::atomic::Ordering::SeqCst) {
            crate::legs::LEG_ENDED
        } else if terminated.load(std::sync::atomic::Ordering::SeqCst) {
            143
        } else {
            130
        };
        return Err(crate::Interrupted::with_status(
            status,
            format!(
                "stopped at heap {at}: the state is saved in '{}'; run the same command with \
                 --resume to go on",
                state_path.display()
            ),
        )
        .into());
    }
    if state_path.is_file() {
        // The run is whole: its state is no longer needed.
        let _ = std::fs::remove_file(&state_path);
    }
    writeln!(
        stdout,
        "{} values of {} ({} engine): summaries at every power of two in {}",
        max_heap + 1,
        game.name,
        report.engine,
        dir.display()
    )?;
    if let Some((prefix, tail)) = report.dropped {
        writeln!(
            stdout,
            "kept in memory: heaps below {prefix} and the last {tail}, with the rare \
             positions; no older value was needed"
        )?;
    }
    Ok(true)
}

/// Writes a leg's state whole or not at all: `PATH.partial`, synced, renamed over `PATH`.
fn write_state(path: &std::path::Path, state: &LegState) -> Result<()> {
    let partial = path.with_extension("partial");
    let written = (|| -> std::io::Result<()> {
        let file = std::fs::File::create(&partial)?;
        let mut out = std::io::BufWriter::new(file);
        state.write_to(&mut out)?;
        let file = out.into_inner().map_err(|error| error.into_error())?;
        file.sync_all()?;
        std::fs::rename(&partial, path)
    })();
    written.map_err(|error| anyhow::anyhow!("cannot write '{}': {error}", path.display()))
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

/// A sink that only moves the progress bar, and ends the leg at `until` or an interrupt.
struct BarOnly<'b> {
    bar: &'b mut Progress,
    until: Option<std::time::Duration>,
    started: std::time::Instant,
}

impl Sink for BarOnly<'_> {
    fn values(&mut self, _first: u64, _values: Chunk<'_>) -> grundy::Result<()> {
        Ok(())
    }

    fn leg_over(&mut self) -> bool {
        let (interrupted, _) = crate::legs::interrupt_flags();
        interrupted.load(std::sync::atomic::Ordering::SeqCst)
            || self.until.is_some_and(|until| self.started.elapsed() >= until)
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
