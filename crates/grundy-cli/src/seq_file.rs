//! `grundy seq GAME N --out FILE`: long runs to a file, with progress, checkpoints and resume.
//!
//! What stands at FILE decides the route ([`crate::output::destination`]).
//!
//! A regular file (or nothing yet; symbolic links followed to their target): values are appended
//! to `FILE.partial` beside the target as they are computed. Right after the header, every
//! `--checkpoint-secs`, and on SIGINT or SIGTERM, the file is flushed to disk and
//! `FILE.checkpoint` (a small JSON document: game, N, count, checksum, and how many of the values
//! the engine computed rather than took from a proven period) is replaced atomically.
//! `--resume` checks every field of the checkpoint against the partial file before it allocates
//! or cuts anything, reloads the computed values and goes on; a larger N extends the run. Only
//! when every value is written does the final header (with `complete = 1`) go in and
//! `FILE.partial` become FILE. The file format is `grundy::sequence::store`. The partial file
//! holds 1-byte values for the fast engine (rewritten at 2 bytes, then 4, the first time a value
//! does not fit, as the engine widens its own storage) and 4-byte values for the other engines
//! (a saltus can pass 65535); the finished file takes the narrowest width that holds every
//! value, rewritten at the end if that is narrower. Games a theorem gives outright (Nim, Lasker's Nim,
//! bounded Nim) are written at the narrowest width from the start. The computing is the
//! library's one run (`grundy::sequence::run`), whatever the engine: this module is its sink.
//!
//! A character device or a FIFO (`/dev/stdout`, a pipe): the values are computed, then the file
//! is streamed in, header first; no partial file, no checkpoint, nothing to resume.

use crate::args::SeqArgs;
use crate::heap_values::Sequence;
use crate::legs::{catch_interrupts, interrupt_flags, LEG_ENDED};
use crate::output::{destination, with_suffix, write_file, Destination};
use crate::progress::Progress;
use crate::{library_error, BadInput, Interrupted};
use anyhow::{Context, Result};
use grundy::games::heap::HeapGame;
use grundy::sequence::period::Period;
use grundy::sequence::run::{
    run as run_sequence, Chunk, Keep, RareValues, Resume, RunOptions, Sink,
};
use grundy::sequence::sparse;
use grundy::sequence::store::{
    self, checksum, value_bytes, values_from_bytes, width_for, Checkpoint, Header, ResumeRun,
    CHECKSUM_START, MAX_CHECKPOINT_BYTES,
};
use grundy::sequence::{Computed, Engine, HeapValues};
use grundy::Limits;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a run takes back from its partial file: the values its engine computed (all, or those
/// of a prefix and then of a tail, `shift` heaps apart), and then the histogram of all.
struct Taken {
    computed: Computed,
    shift: u64,
    histogram: Vec<u64>,
}

/// The values already written to a sequence file (the partial file of a run in progress),
/// read back for a run that keeps only a prefix and a tail in memory
/// ([`grundy::sequence::sparse::Archive`]). The file stays open between reads. A run that
/// widens its partial file writes a new one and renames it over the old: the open one still
/// holds, at its own width, every value it held, and a read past its end opens the file
/// afresh and tries once more (values never change once written).
#[derive(Debug)]
struct FileArchive {
    path: std::path::PathBuf,
    /// The open file, its header's length and its width.
    open: std::sync::Mutex<Option<(File, u64, u32)>>,
}

impl FileArchive {
    /// Reads from the sequence file at `path`.
    fn new(path: impl Into<std::path::PathBuf>) -> FileArchive {
        FileArchive { path: path.into(), open: std::sync::Mutex::new(None) }
    }

    fn open(&self) -> std::io::Result<(File, u64, u32)> {
        let named =
            |error: String| std::io::Error::other(format!("{}: {error}", self.path.display()));
        let mut file = File::open(&self.path).map_err(|error| named(error.to_string()))?;
        let header = store::read_header(&mut file).map_err(|error| named(error.to_string()))?;
        Ok((file, header.len() as u64, header.value_width))
    }
}

impl grundy::sequence::sparse::Archive for FileArchive {
    fn read(&self, first: u64, out: &mut [u32]) -> std::io::Result<()> {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut attempt = 0;
        loop {
            if open.is_none() || attempt > 0 {
                *open = Some(self.open()?);
            }
            let (file, header_len, width) = open.as_mut().expect("opened above");
            let mut bytes = vec![0u8; out.len() * *width as usize];
            let read = file
                .seek(SeekFrom::Start(*header_len + first * u64::from(*width)))
                .and_then(|_| file.read_exact(&mut bytes));
            match read {
                Ok(()) => {
                    out.copy_from_slice(&values_from_bytes(&bytes, *width));
                    return Ok(());
                }
                Err(_) if attempt == 0 => attempt += 1,
                Err(error) => {
                    return Err(std::io::Error::new(
                        error.kind(),
                        format!(
                            "{}: heaps {first} to {}: {error}",
                            self.path.display(),
                            first + out.len() as u64 - 1
                        ),
                    ))
                }
            }
        }
    }
}

/// The partial file being written and its running checksum.
struct Output {
    file: File,
    /// FILE, symbolic links followed: the partial file and the checkpoint lie beside it.
    target: PathBuf,
    header: Header,
    max_heap: u64,
    n_written: u64,
    /// How many of the values written the engine computed (it needs them back on a resume);
    /// values past them came from a proven period.
    n_computed: u64,
    checksum: u64,
    max_value: u32,
}

impl Output {
    /// `FILE.partial`, where the values are written.
    fn partial_path(&self) -> PathBuf {
        with_suffix(&self.target, ".partial")
    }

    fn append<T: Copy + Into<u32>>(&mut self, values: &[T]) -> Result<()> {
        let max = values.iter().fold(0u32, |max, &v| max.max(v.into()));
        if width_for(max) > self.header.value_width {
            self.widen(width_for(max))?;
        }
        let bytes = value_bytes(values, self.header.value_width);
        self.file.write_all(&bytes).with_context(|| cannot_write(&self.partial_path()))?;
        self.checksum = checksum(self.checksum, &bytes);
        self.n_written += values.len() as u64;
        self.max_value = values.iter().fold(self.max_value, |max, &v| max.max(v.into()));
        Ok(())
    }

    /// Rewrites the values at a narrower width into `FILE.narrowing` (complete header and all),
    /// and returns that file's path; the caller renames it into place.
    fn narrowed(&mut self, width: u32) -> Result<PathBuf> {
        let target = with_suffix(&self.target, ".narrowing");
        self.checksum = self.copy_at_width(width, &target, true)?;
        Ok(target)
    }

    /// Rewrites the partial file at a wider `width` (a value did not fit), in `FILE.widening`
    /// renamed over `FILE.partial`, then checkpoints. A crash between the rename and the
    /// checkpoint leaves a wider partial file beside a narrower checkpoint, which `--resume`
    /// accepts after checking the values against it.
    fn widen(&mut self, width: u32) -> Result<()> {
        let partial = self.partial_path();
        let target = with_suffix(&self.target, ".widening");
        let result = self.copy_at_width(width, &target, false);
        let sum = match result {
            Ok(sum) => sum,
            Err(error) => {
                let _ = std::fs::remove_file(&target);
                // The copy is the partial file's new form: its failure is the partial file's.
                let cause = error.root_cause().to_string();
                return Err(anyhow::anyhow!("{}: {cause}", cannot_write(&partial)));
            }
        };
        std::fs::rename(&target, &partial).with_context(|| cannot_write(&partial))?;
        self.file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&partial)
            .with_context(|| cannot_write(&partial))?;
        self.file.seek(SeekFrom::End(0)).with_context(|| cannot_write(&partial))?;
        self.header.value_width = width;
        self.checksum = sum;
        self.checkpoint()
    }

    /// Writes the values so far at `width` into `target`, header first (`complete` as given,
    /// the count and checksum of what is written), synced; returns the checksum.
    fn copy_at_width(&mut self, width: u32, target: &Path, complete: bool) -> Result<u64> {
        let mut out =
            File::create(target).with_context(|| format!("cannot write '{}'", target.display()))?;
        let mut header = self.header.clone();
        header.value_width = width;
        header.n_values = self.n_written;
        header.complete = false;
        let written = || cannot_write(target);
        let partial = self.partial_path();
        let read = || format!("cannot read '{}'", partial.display());
        out.write_all(&header.encode()).with_context(written)?;
        self.file.seek(SeekFrom::Start(self.header.len() as u64)).with_context(read)?;
        let old_width = self.header.value_width as usize;
        let mut sum = CHECKSUM_START;
        let mut chunk = vec![0u8; old_width << 20];
        let mut left = self.n_written as usize * old_width;
        while left > 0 {
            let take = left.min(chunk.len());
            self.file.read_exact(&mut chunk[..take]).with_context(read)?;
            let bytes =
                value_bytes(&values_from_bytes(&chunk[..take], self.header.value_width), width);
            out.write_all(&bytes).with_context(written)?;
            sum = checksum(sum, &bytes);
            left -= take;
        }
        header.checksum = sum;
        header.complete = complete;
        out.seek(SeekFrom::Start(0))
            .and_then(|_| out.write_all(&header.encode()))
            .and_then(|()| out.sync_all())
            .with_context(written)?;
        Ok(sum)
    }

    fn checkpoint(&mut self) -> Result<()> {
        self.file.sync_data().with_context(|| cannot_write(&self.partial_path()))?;
        let record = Checkpoint {
            game: self.header.game.clone(),
            value_width: self.header.value_width,
            n_values: self.n_written,
            checksum: self.checksum,
            max_heap: Some(self.max_heap),
            n_computed: Some(self.n_computed),
        };
        write_file(&with_suffix(&self.target, ".checkpoint"), record.to_json().as_bytes())
    }

    /// Completes the file: the final header, then the rename (from a narrowed copy when every
    /// value fits a narrower width). Returns the checksum of the values as stored.
    fn finish(mut self) -> Result<u64> {
        let partial = with_suffix(&self.target, ".partial");
        let width = width_for(self.max_value);
        let ready = if width < self.header.value_width {
            match self.narrowed(width) {
                Ok(narrowed) => narrowed,
                Err(error) => {
                    let _ = std::fs::remove_file(with_suffix(&self.target, ".narrowing"));
                    return Err(error);
                }
            }
        } else {
            self.header.n_values = self.n_written;
            self.header.checksum = self.checksum;
            self.header.complete = true;
            let header = self.header.encode();
            self.file
                .seek(SeekFrom::Start(0))
                .and_then(|_| self.file.write_all(&header))
                .and_then(|()| self.file.sync_all())
                .with_context(|| cannot_write(&partial))?;
            partial.clone()
        };
        drop(self.file);
        std::fs::rename(&ready, &self.target)
            .with_context(|| format!("cannot write '{}'", self.target.display()))?;
        // Only now that the complete file is in place do the partial one and its checkpoint go.
        if ready != partial {
            let _ = std::fs::remove_file(&partial);
        }
        let _ = std::fs::remove_file(with_suffix(&self.target, ".checkpoint"));
        Ok(self.checksum)
    }
}

/// When checkpoints are due: every interval, and at once when the run is interrupted or its
/// leg's time (`--until`) is up.
struct Checkpoints {
    interval: Duration,
    last: Instant,
    started: Instant,
    until: Option<Duration>,
}

impl Checkpoints {
    fn new(interval: Duration, until: Option<Duration>) -> Self {
        let now = Instant::now();
        Checkpoints { interval, last: now, started: now, until }
    }

    /// Checkpoints if it is time; if the run was interrupted, checkpoints and stops it.
    fn tick(&mut self, output: &mut Output, user_path: &Path) -> Result<()> {
        let (interrupted, terminated) = interrupt_flags();
        if interrupted.load(Ordering::SeqCst) {
            output.checkpoint()?;
            let status = if terminated.load(Ordering::SeqCst) { 143 } else { 130 };
            return Err(Interrupted::with_status(
                status,
                format!(
                    "interrupted: the first {} values are saved beside '{}'; run the same command \
                 with --resume to go on",
                    output.n_written,
                    user_path.display()
                ),
            )
            .into());
        }
        if let Some(until) = self.until.filter(|&until| self.started.elapsed() >= until) {
            output.checkpoint()?;
            return Err(Interrupted::with_status(
                LEG_ENDED,
                format!(
                    "stopped after {} s (--until): the first {} values are saved beside '{}'; \
                     run the same command with --resume for the next leg",
                    until.as_secs_f64(),
                    output.n_written,
                    user_path.display()
                ),
            )
            .into());
        }
        if self.last.elapsed() >= self.interval {
            output.checkpoint()?;
            self.last = Instant::now();
        }
        Ok(())
    }
}

/// Runs `grundy seq GAME N --out FILE`.
pub fn run(
    game: &HeapGame,
    max_heap: u64,
    path: &Path,
    args: &SeqArgs,
    options: RunOptions,
    show_progress: bool,
    limits: &Limits,
) -> Result<bool> {
    let up_to = usize::try_from(max_heap)
        .ok()
        .filter(|_| max_heap < u64::MAX)
        .ok_or_else(|| BadInput::msg("heap size too large for this machine"))?;
    // Messages go to stderr only where the contract allows chatter.
    let chatty = show_progress || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let job = Job { game, max_heap, up_to, path, args, options, limits, show_progress, chatty };
    match destination(path)? {
        Destination::Stream { path: stream_path, kind } => {
            if args.resume {
                return Err(BadInput::msg(format!(
                    "--resume: '{}' is a {kind}, not a file: there is nothing to resume",
                    path.display()
                ))
                .into());
            }
            if args.until.is_some() {
                return Err(BadInput::msg(format!(
                    "--until: '{}' is a {kind}, not a file: a leg needs a file to resume from",
                    path.display()
                ))
                .into());
            }
            job.to_stream(&stream_path)
        }
        Destination::Replace(target) => job.to_file(&target),
    }
}

/// `FILE.lock`, locked for the whole of a `seq --out FILE` run and removed at its end. Two runs
/// writing one file would otherwise both finish "complete" with each other's values inside.
struct RunLock {
    file: File,
    path: PathBuf,
}

impl RunLock {
    /// Takes the lock beside `target` (FILE as given is `shown`, for the message), or says that
    /// another run holds it.
    fn take(target: &Path, shown: &Path) -> Result<RunLock> {
        let path = with_suffix(target, ".lock");
        // A run that ends removes its lock file; one opened just before that removal is locked
        // in vain, so the lock counts only while the path still names the file locked.
        for _ in 0..16 {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .with_context(|| cannot_write(&path))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(BadInput::msg(format!(
                        "'{}' is being written by another run (its lock '{}' is held): wait \
                         for that run to end, or write to another file",
                        shown.display(),
                        path.display()
                    ))
                    .into())
                }
                Err(std::fs::TryLockError::Error(error)) => {
                    return Err(anyhow::anyhow!("{}: cannot lock it: {error}", cannot_write(&path)))
                }
            }
            if same_file(&file, &path) {
                return Ok(RunLock { file, path });
            }
        }
        Err(anyhow::anyhow!("{}: its lock file keeps being replaced", cannot_write(&path)))
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(held), Ok(named)) => held.dev() == named.dev() && held.ino() == named.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

impl Drop for RunLock {
    fn drop(&mut self) {
        // Removed while still locked (the lock goes with the file handle, after this).
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// One `seq --out` run, as asked.
struct Job<'a> {
    game: &'a HeapGame,
    max_heap: u64,
    up_to: usize,
    /// FILE as given, for messages.
    path: &'a Path,
    args: &'a SeqArgs,
    options: RunOptions,
    limits: &'a Limits,
    show_progress: bool,
    chatty: bool,
}

impl Job<'_> {
    fn progress(&self) -> Progress {
        Progress::heaps(self.max_heap, self.show_progress)
    }

    /// The partial-file route: checkpoints, `--resume`, the rename at the end.
    fn to_file(&self, target: &Path) -> Result<bool> {
        // Held until the run ends, before the partial file is touched: a second run on the
        // same FILE is refused instead of writing its values into this one's.
        let _lock = RunLock::take(target, self.path)?;
        let checkpoint_path = with_suffix(target, ".checkpoint");
        if self.args.resume && std::fs::symlink_metadata(&checkpoint_path).is_err() {
            return self.nothing_to_resume(target, &checkpoint_path);
        }
        catch_interrupts();
        let game = self.game;
        // Games a theorem gives outright: refuse at once what the format cannot hold, and
        // write at the narrowest width from the start.
        let probe =
            HeapValues::compute_within(game, 0, self.limits, &mut |_| {}).map_err(library_error)?;
        let width = if probe.period().is_some() {
            let sequence = Sequence::of(&probe);
            let max_value = u32::try_from(sequence.max_value(self.max_heap)?).map_err(|_| {
                BadInput::msg(format!(
                    "the values of {} to heap {} pass 2^32 - 1: the file format holds 4-byte values",
                    game.name, self.max_heap
                ))
            })?;
            width_for(max_value)
        } else if self.options.engine == Engine::Fastest && sparse::supports(game) {
            // The fast engine starts on bytes; the file widens with it if a value does not fit.
            1
        } else {
            4
        };
        let mut options = self.options.clone();
        // A long run keeps only a prefix and a tail in memory and reads older values back
        // from its partial file.
        let archive = Arc::new(FileArchive::new(with_suffix(target, ".partial")));
        let values = crate::legs::keep_values(self.args)?;
        options.keep = Keep::for_file(self.max_heap, values, archive.clone());
        // A resumed run of the fast engine that keeps a prefix and a tail takes back only
        // those (and goes on from a state built from the file), not every value it wrote.
        let ends = options
            .keep
            .as_ref()
            .filter(|_| options.engine == Engine::Fastest && sparse::supports(game))
            .map(|keep| (keep.prefix as u64, keep.tail as u64));
        let (output, Taken { computed, shift, histogram }) =
            self.open_output(target, width, ends)?;
        options.deliver_from = output.n_written;
        if let (Some((prefix, tail)), true) = (ends, shift > 0) {
            // Values of one or two bytes (`ends` are taken only for those), consumed here: the
            // run holds them once, in the engine.
            let bytes = matches!(computed, Computed::Bytes(_));
            let kept: Vec<u16> = match computed {
                Computed::Narrow(values) => values,
                Computed::Bytes(values) => values.into_iter().map(u16::from).collect(),
                // check_partial takes back bytes or two bytes from a file, never these.
                other => {
                    let chunk = other.as_chunk();
                    (0..chunk.len()).map(|i| chunk.get(i) as u16).collect()
                }
            };
            let state = sparse::state_from_ends(
                output.n_computed,
                kept,
                prefix,
                tail,
                histogram,
                bytes,
                archive.as_ref(),
            )
            .map_err(|error| {
                BadInput::msg(format!("--resume: cannot read '{}': {error}", self.path.display()))
            })?;
            match state {
                Some(state) => {
                    if self.chatty {
                        eprintln!(
                            "resuming from heaps below {prefix} and the last {tail} of the {} \
                             computed, and the rare positions; older values are read from '{}'",
                            output.n_computed,
                            self.path.display()
                        );
                    }
                    options.resume = Some(Arc::new(Resume::new(state)));
                }
                // No mask makes rare positions few: the engine needs every value back.
                None => options.earlier = self.open_output(target, width, None)?.1.computed,
            }
        } else {
            // The values a resumed engine needs back: those it computed (the rest of what was
            // written came from a proven period, which it proves again from them).
            options.earlier = computed;
        }
        let mut bar = self.progress();
        bar.set_position(output.n_written);
        let mut sink = FileSink {
            output,
            path: self.path,
            bar: &mut bar,
            checkpoints: Checkpoints::new(self.args.checkpoint_secs, self.args.until),
            error: None,
            proven_from: None,
        };
        let (result, summary_error) = match &self.args.summary {
            Some(dir) => {
                let mut summarize = crate::legs::Summarize::new(&mut sink, dir, &game.name)?;
                let result =
                    run_sequence(game, self.max_heap, &options, Some(&mut summarize), self.limits);
                (result, summarize.error.take())
            }
            None => {
                (run_sequence(game, self.max_heap, &options, Some(&mut sink), self.limits), None)
            }
        };
        let FileSink { output, error, proven_from, .. } = sink;
        let error = error.or(summary_error);
        bar.finish();
        if let Some(error) = error {
            return Err(error);
        }
        let report = result.map_err(library_error)?;
        if let (Some(period), Some(first), true) = (&report.period, proven_from, self.chatty) {
            eprintln!(
                "{}: {period}; values past heap {} follow from it",
                game.name,
                first.saturating_sub(1)
            );
        }
        self.finish_and_report(output, report.engine, report.rare.as_ref())
    }

    /// Completes the file and says what was written, where chatter is allowed: the count and
    /// checksum, the largest value and where it first occurs, a CRC-32 others can compare, and
    /// the rare values of the sparse-space method with their positions.
    fn finish_and_report(
        &self,
        output: Output,
        engine: &str,
        rare: Option<&RareValues>,
    ) -> Result<bool> {
        let n_values = output.n_written;
        let target = output.target.clone();
        let sum = output.finish()?;
        if self.chatty {
            eprintln!(
                "wrote {n_values} values of {} to {} ({engine} engine; checksum {sum:016x})",
                self.game.name,
                self.path.display()
            );
            // Read back from the finished file, so a resumed run reports the whole of it.
            match summarize(&target) {
                Ok(summary) => {
                    let crc = summary.crc32_u16().map_or_else(
                        || "none (a value passes 16 bits)".to_string(),
                        |crc| format!("{crc:08x}"),
                    );
                    eprintln!(
                        "largest value {}, first at heap {}; CRC-32 (zlib) of the values as \
                         16-bit little-endian integers: {crc}",
                        summary.max_value, summary.first_max_at
                    );
                }
                Err(error) => eprintln!("cannot read back '{}': {error}", self.path.display()),
            }
            if let Some(rare) = rare {
                eprintln!("{}", rare.report());
            }
        }
        Ok(true)
    }

    /// `--resume` with no checkpoint: done already, or never started.
    fn nothing_to_resume(&self, target: &Path, checkpoint_path: &Path) -> Result<bool> {
        if let Ok(header) = read_header(target) {
            if header.complete {
                let (game, n_values) = (&self.game.name, self.max_heap + 1);
                if header.game == *game && header.n_values == n_values {
                    eprintln!(
                        "'{}' is already complete: heaps 0..={} of {game}",
                        self.path.display(),
                        self.max_heap
                    );
                    return Ok(true);
                }
                return Err(BadInput::msg(format!(
                    "--resume: '{}' is already complete, with {} values of {}: nothing to \
                     resume (run without --resume to replace it)",
                    self.path.display(),
                    header.n_values,
                    header.game
                ))
                .into());
            }
        }
        let problem = std::fs::metadata(checkpoint_path)
            .err()
            .map_or_else(|| "no such file".to_string(), |error| error.to_string());
        Err(BadInput::msg(format!(
            "--resume: cannot read the checkpoint '{}': {problem}",
            checkpoint_path.display()
        ))
        .into())
    }

    /// Opens a fresh partial file (and checkpoints it at once), or the interrupted one with
    /// the values its engine had computed.
    fn open_output(
        &self,
        target: &Path,
        width: u32,
        ends: Option<(u64, u64)>,
    ) -> Result<(Output, Taken)> {
        if self.args.resume {
            return self.reopen_output(target, width, ends);
        }
        let partial = with_suffix(target, ".partial");
        let header = Header {
            value_width: width,
            n_values: 0,
            checksum: CHECKSUM_START,
            complete: false,
            game: self.game.name.clone(),
        };
        // Read back too, if the values end up narrowed.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&partial)
            .with_context(|| cannot_write(&partial))?;
        file.write_all(&header.encode()).with_context(|| cannot_write(&partial))?;
        let mut output = Output {
            file,
            target: target.to_path_buf(),
            header,
            max_heap: self.max_heap,
            n_written: 0,
            n_computed: 0,
            checksum: CHECKSUM_START,
            max_value: 0,
        };
        // An interrupt from the first second on leaves a run that can be resumed.
        output.checkpoint()?;
        Ok((output, Taken { computed: Computed::default(), shift: 0, histogram: Vec::new() }))
    }

    /// `--resume`: every field of the checkpoint is checked against the partial file (its real
    /// size first) before anything is allocated or cut; only values that pass the checksum are
    /// kept, and only what follows them is cut.
    fn reopen_output(
        &self,
        target: &Path,
        width: u32,
        ends: Option<(u64, u64)>,
    ) -> Result<(Output, Taken)> {
        let checkpoint_path = with_suffix(target, ".checkpoint");
        let partial = with_suffix(target, ".partial");
        let (checkpoint_name, partial_name) =
            (checkpoint_path.display().to_string(), partial.display().to_string());
        let run = ResumeRun {
            game: &self.game.name,
            max_heap: self.max_heap,
            width,
            checkpoint_name: &checkpoint_name,
            partial_name: &partial_name,
            ends,
        };
        let bad = |problem: String| -> anyhow::Error { BadInput::msg(problem).into() };
        let mut text = String::new();
        File::open(&checkpoint_path)
            .and_then(|file| file.take(MAX_CHECKPOINT_BYTES).read_to_string(&mut text))
            .map_err(|error| {
                bad(format!("--resume: cannot read the checkpoint '{checkpoint_name}': {error}"))
            })?;
        let record = Checkpoint::from_json(&text).map_err(|error| {
            bad(format!("--resume: '{checkpoint_name}' is {}", error.problem()))
        })?;
        // The checkpoint's own fields first: a mismatch is refused before the file is opened.
        run.check_checkpoint(&record).map_err(|error| bad(error.to_string()))?;
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&partial)
            .map_err(|error| bad(format!("--resume: cannot open '{partial_name}': {error}")))?;
        let resumed =
            run.check_partial(&record, &mut file).map_err(|error| bad(error.to_string()))?;
        // Everything is checked. Anything written after the checkpoint is not trusted: cut it
        // off and carry on from there.
        file.set_len(resumed.data_end)
            .and_then(|()| file.seek(SeekFrom::End(0)))
            .with_context(|| cannot_write(&partial))?;
        let output = Output {
            file,
            target: target.to_path_buf(),
            header: resumed.header,
            max_heap: self.max_heap,
            n_written: resumed.n_values,
            n_computed: resumed.n_computed,
            checksum: resumed.stored_checksum,
            max_value: resumed.max_value,
        };
        let taken = Taken {
            computed: resumed.computed,
            shift: resumed.shift,
            histogram: resumed.histogram,
        };
        Ok((output, taken))
    }

    /// The stream route: compute, then write the whole file in place, header first (its count,
    /// width and checksum from a first pass over the values, which costs no memory).
    fn to_stream(&self, stream_path: &Path) -> Result<bool> {
        // Opened first: a FIFO waits here for its reader, and a bad path fails before the work.
        let stream = Destination::open_stream(stream_path)?;
        let mut bar = self.progress();
        let values =
            HeapValues::compute_run(self.game, self.up_to, &self.options, self.limits, &mut |n| {
                bar.set_position(n as u64);
            })
            .map_err(library_error)?;
        bar.finish();
        let sequence = Sequence::of(&values);
        let max_value = u32::try_from(sequence.max_value(self.max_heap)?).map_err(|_| {
            BadInput::msg("values above 2^32 - 1 do not fit the file format's 4-byte values")
        })?;
        let width = width_for(max_value);
        let as_u32 = |chunk: &[u64]| -> Result<Vec<u32>> {
            chunk
                .iter()
                .map(|&value| {
                    u32::try_from(value)
                        .map_err(|_| BadInput::msg("a value does not fit 4 bytes").into())
                })
                .collect()
        };
        let mut sum = CHECKSUM_START;
        sequence.for_each_chunk(0, self.max_heap, |_, chunk| {
            sum = checksum(sum, &value_bytes(&as_u32(chunk)?, width));
            Ok(())
        })?;
        let header = Header {
            value_width: width,
            n_values: self.max_heap + 1,
            checksum: sum,
            complete: true,
            game: self.game.name.clone(),
        };
        let mut writer = BufWriter::with_capacity(1 << 16, stream);
        let context = || format!("cannot write '{}'", self.path.display());
        writer.write_all(&header.encode()).with_context(context)?;
        sequence.for_each_chunk(0, self.max_heap, |_, chunk| {
            writer.write_all(&value_bytes(&as_u32(chunk)?, width)).with_context(context)
        })?;
        writer.flush().with_context(context)?;
        if self.chatty {
            eprintln!(
                "wrote {} values of {} to {} (checksum {sum:016x})",
                header.n_values,
                self.game.name,
                self.path.display()
            );
        }
        Ok(true)
    }
}

/// The message of an error writing `path`: every file error names its file.
fn cannot_write(path: &Path) -> String {
    format!("cannot write '{}'", path.display())
}

/// The header at the start of a sequence file.
/// The summary of a finished file's values, read in blocks of a million.
fn summarize(path: &Path) -> Result<grundy::sequence::store::RunSummary, String> {
    let mut file = File::open(path).map_err(|error| error.to_string())?;
    let header = store::read_header(&mut file).map_err(|error| error.problem())?;
    file.seek(SeekFrom::Start(header.len() as u64)).map_err(|error| error.to_string())?;
    let width = header.value_width as usize;
    let mut summary = grundy::sequence::store::RunSummary::new();
    let mut block = vec![0u8; width << 20];
    let mut left = header.n_values as usize * width;
    while left > 0 {
        let take = left.min(block.len());
        file.read_exact(&mut block[..take]).map_err(|error| error.to_string())?;
        summary.add(&values_from_bytes(&block[..take], header.value_width));
        left -= take;
    }
    Ok(summary)
}

fn read_header(path: &Path) -> Result<Header, String> {
    let mut file = File::open(path).map_err(|error| error.to_string())?;
    store::read_header(&mut file).map_err(|error| error.problem())
}

/// The partial file as a sink of the library's run: it writes bytes and checkpoints.
struct FileSink<'p, 'b> {
    output: Output,
    /// FILE as given, for messages.
    path: &'p Path,
    bar: &'b mut Progress,
    checkpoints: Checkpoints,
    /// A file error or an interruption stops the run; it is reported as itself.
    error: Option<anyhow::Error>,
    /// Where the values from a proven period begin.
    proven_from: Option<u64>,
}

impl FileSink<'_, '_> {
    fn fail(&mut self, error: anyhow::Error) -> grundy::Error {
        let failure = grundy::Error::Write { what: format!("{error:#}"), kind: None };
        self.error = Some(error);
        failure
    }
}

impl Sink for FileSink<'_, '_> {
    fn values(&mut self, first: u64, values: Chunk<'_>) -> grundy::Result<()> {
        debug_assert_eq!(first, self.output.n_written);
        // Narrower values are widened as they come (`Output::append`); past four bytes the
        // format has no room.
        if values.max() > u64::from(u32::MAX) {
            let error = BadInput::msg(format!(
                "a value of {} passes 2^32 - 1, more than the file format's 4-byte values hold",
                self.output.header.game
            ));
            return Err(self.fail(error.into()));
        }
        let result = match values {
            Chunk::Bytes(values) => self.output.append(values),
            Chunk::Narrow(values) => self.output.append(values),
            Chunk::Wide(values) => self.output.append(values),
            Chunk::Long(_) => self.output.append(&values.to_vec()),
            // Folded bytes (values below 512): decoded a piece at a time.
            Chunk::Folded(folded) => (0..folded.len()).step_by(1 << 20).try_for_each(|start| {
                let piece = folded.slice(start..(start + (1 << 20)).min(folded.len()));
                self.output.append(&piece.to_narrow())
            }),
        };
        if self.proven_from.is_none() {
            self.output.n_computed = self.output.n_written;
        }
        result.map_err(|error| self.fail(error))
    }

    fn step_done(&mut self) -> grundy::Result<()> {
        let path = self.path;
        match self.checkpoints.tick(&mut self.output, path) {
            Ok(()) => Ok(()),
            Err(error) => Err(self.fail(error)),
        }
    }

    fn progress(&mut self, heap: u64, note: &str) {
        self.bar.set_position(heap);
        if !note.is_empty() {
            self.bar.set_message(note.to_string());
        }
    }

    fn period_proven(&mut self, _period: &Period, first: u64) {
        // Values from here on come from the period: a resume needs back only those before.
        self.proven_from = Some(first);
        self.output.n_computed = self.output.n_computed.min(first);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::sequence::sparse::Archive;

    fn write_file(path: &Path, values: &[u32], width: u32) {
        let header = Header {
            value_width: width,
            n_values: values.len() as u64,
            checksum: 0,
            complete: false,
            game: "0.6".into(),
        };
        let mut bytes = header.encode();
        bytes.extend(value_bytes(values, width));
        std::fs::write(path, bytes).unwrap();
    }

    /// The archive keeps its file open, and a file widened and renamed over the old one is
    /// read afresh once a read passes the end of the one it holds.
    #[test]
    fn the_archive_reads_on_through_a_widening() {
        let dir = std::env::temp_dir().join(format!("grundy-archive-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.partial");
        let values: Vec<u32> = (0..3000).map(|n| (n * 7) % 300).collect();
        let narrow: Vec<u32> = values[..1000].iter().map(|v| v % 256).collect();
        write_file(&path, &narrow, 1);
        let archive = FileArchive::new(&path);
        let mut out = vec![0u32; 10];
        archive.read(500, &mut out).unwrap();
        assert_eq!(out, narrow[500..510]);
        // Widened: a new file with more values (its first heaps as before) renamed over it.
        let mut wide = narrow.clone();
        wide.extend_from_slice(&values[1000..]);
        let new = dir.join("f.widening");
        write_file(&new, &wide, 2);
        std::fs::rename(&new, &path).unwrap();
        archive.read(995, &mut out).unwrap();
        assert_eq!(out, wide[995..1005]);
        archive.read(2990, &mut out).unwrap();
        assert_eq!(out, wide[2990..3000]);
        let error = archive.read(2995, &mut out).unwrap_err();
        assert!(error.to_string().contains("heaps 2995 to 3004"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
