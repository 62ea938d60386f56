//! `grundy seq GAME N --out FILE`: long runs to a file, with progress, checkpoints and resume.
//!
//! Values are appended to `FILE.partial` as they are computed. Every `--checkpoint-secs` the
//! file is flushed to disk and `FILE.checkpoint` (a small JSON document: game, count, checksum)
//! is replaced atomically; `--resume` reloads exactly that many values, checks their checksum
//! and goes on. Only when every value is written does the final header (with `complete = 1`) go
//! in and `FILE.partial` become `FILE`. The file format is `grundy::sequence::store`. The
//! partial file holds 2-byte values for the fast engine and 4-byte values for the others (a
//! saltus can pass 65535); the finished file takes the narrowest width that holds every value,
//! rewritten at the end if that is narrower. The computing is the library's run
//! (`grundy::sequence::run`), the same for every engine; this module is its file sink.

use crate::args::SeqArgs;
use crate::output::write_atomically;
use crate::{library_error, progress, BadInput};
use anyhow::{Context, Result};
use grundy::games::heap::HeapGame;
use grundy::sequence::period::Period;
use grundy::sequence::run::{run as run_sequence, Chunk, RunOptions, Sink};
use grundy::sequence::sparse::SparseEngine;
use grundy::sequence::store::{
    checksum, value_bytes, values_from_bytes, width_for, Header, CHECKSUM_START,
};
use grundy::sequence::{Engine, HeapValues};
use grundy::Limits;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// What a checkpoint records: how many values of the partial file are durable.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Checkpoint {
    game: String,
    value_width: u32,
    n_values: u64,
    checksum: u64,
}

/// The file being written and its running checksum.
struct Output {
    file: File,
    header: Header,
    n_written: u64,
    checksum: u64,
    max_value: u32,
}

impl Output {
    fn append<T: Copy + Into<u32>>(&mut self, values: &[T]) -> Result<()> {
        let bytes = value_bytes(values, self.header.value_width);
        self.file.write_all(&bytes)?;
        self.checksum = checksum(self.checksum, &bytes);
        self.n_written += values.len() as u64;
        self.max_value = values.iter().fold(self.max_value, |max, &v| max.max(v.into()));
        Ok(())
    }

    /// Rewrites the values at a narrower width into `FILE.narrowing` (complete header and all),
    /// and returns that file's path; the caller renames it into place.
    fn narrowed(&mut self, path: &Path, width: u32) -> Result<PathBuf> {
        let target = with_suffix(path, ".narrowing");
        let mut out = File::create(&target)
            .with_context(|| format!("cannot write '{}'", target.display()))?;
        let mut header = self.header.clone();
        header.value_width = width;
        header.n_values = self.n_written;
        out.write_all(&header.encode())?;
        self.file.seek(SeekFrom::Start(self.header.len() as u64))?;
        let old_width = self.header.value_width as usize;
        let mut sum = CHECKSUM_START;
        let mut chunk = vec![0u8; old_width << 20];
        let mut left = self.n_written as usize * old_width;
        while left > 0 {
            let take = left.min(chunk.len());
            self.file.read_exact(&mut chunk[..take])?;
            let bytes =
                value_bytes(&values_from_bytes(&chunk[..take], self.header.value_width), width);
            out.write_all(&bytes)?;
            sum = checksum(sum, &bytes);
            left -= take;
        }
        header.checksum = sum;
        header.complete = true;
        out.seek(SeekFrom::Start(0))?;
        out.write_all(&header.encode())?;
        out.sync_all()?;
        self.checksum = sum;
        Ok(target)
    }

    fn checkpoint(&mut self, path: &Path) -> Result<()> {
        self.file.sync_data()?;
        let record = Checkpoint {
            game: self.header.game.clone(),
            value_width: self.header.value_width,
            n_values: self.n_written,
            checksum: self.checksum,
        };
        write_atomically(
            &with_suffix(path, ".checkpoint"),
            serde_json::to_string(&record)?.as_bytes(),
        )
    }

    /// Completes the file: the final header, then the rename (from a narrowed copy when every
    /// value fits a narrower width). Returns the checksum of the values as stored.
    fn finish(mut self, path: &Path) -> Result<u64> {
        let partial = with_suffix(path, ".partial");
        let width = width_for(self.max_value);
        let ready = if width < self.header.value_width {
            let narrowed = match self.narrowed(path, width) {
                Ok(narrowed) => narrowed,
                Err(error) => {
                    let _ = std::fs::remove_file(with_suffix(path, ".narrowing"));
                    return Err(error);
                }
            };
            drop(self.file);
            narrowed
        } else {
            self.header.n_values = self.n_written;
            self.header.checksum = self.checksum;
            self.header.complete = true;
            self.file.seek(SeekFrom::Start(0))?;
            self.file.write_all(&self.header.encode())?;
            self.file.sync_all()?;
            drop(self.file);
            partial.clone()
        };
        std::fs::rename(&ready, path)
            .with_context(|| format!("cannot write '{}'", path.display()))?;
        // Only now that the complete file is in place do the partial one and its checkpoint go.
        if ready != partial {
            let _ = std::fs::remove_file(&partial);
        }
        let _ = std::fs::remove_file(with_suffix(path, ".checkpoint"));
        Ok(self.checksum)
    }
}

/// Opens a fresh partial file, or the interrupted one with its checkpointed values.
fn open_output(
    game: &HeapGame,
    path: &Path,
    resume: bool,
    width: u32,
) -> Result<(Output, Vec<u32>)> {
    let partial = with_suffix(path, ".partial");
    let fresh_header = Header {
        value_width: width,
        n_values: 0,
        checksum: CHECKSUM_START,
        complete: false,
        game: game.name.clone(),
    };
    if !resume {
        // Read back too, if the values end up narrowed.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&partial)
            .with_context(|| format!("cannot write '{}'", partial.display()))?;
        file.write_all(&fresh_header.encode())?;
        return Ok((
            Output {
                file,
                header: fresh_header,
                n_written: 0,
                checksum: CHECKSUM_START,
                max_value: 0,
            },
            Vec::new(),
        ));
    }
    let checkpoint_path = with_suffix(path, ".checkpoint");
    let text = std::fs::read_to_string(&checkpoint_path).map_err(|error| {
        BadInput::msg(format!("--resume: cannot read '{}': {error}", checkpoint_path.display()))
    })?;
    let record: Checkpoint = serde_json::from_str(&text).map_err(|error| {
        BadInput::msg(format!(
            "--resume: '{}' is not a checkpoint: {error}",
            checkpoint_path.display()
        ))
    })?;
    if record.game != game.name {
        return Err(BadInput::msg(format!(
            "--resume: the checkpoint is for game '{}', not '{}'",
            record.game, game.name
        ))
        .into());
    }
    let mut file = OpenOptions::new().read(true).write(true).open(&partial).map_err(|error| {
        BadInput::msg(format!("--resume: cannot open '{}': {error}", partial.display()))
    })?;
    let mut head = vec![0u8; 4096];
    let n_head = file.read(&mut head)?;
    let header = Header::decode(&head[..n_head]).map_err(|problem| {
        BadInput::msg(format!("--resume: '{}': {problem}", partial.display()))
    })?;
    if header.game != game.name || header.value_width != record.value_width {
        return Err(BadInput::msg(format!(
            "--resume: '{}' does not match its checkpoint",
            partial.display()
        ))
        .into());
    }
    let data_len = record.n_values * u64::from(record.value_width);
    file.seek(SeekFrom::Start(header.len() as u64))?;
    let mut bytes = vec![0u8; data_len as usize];
    file.read_exact(&mut bytes).map_err(|_| {
        BadInput::msg(format!(
            "--resume: '{}' is shorter than its checkpoint says",
            partial.display()
        ))
    })?;
    let sum = checksum(CHECKSUM_START, &bytes);
    if sum != record.checksum {
        return Err(BadInput::msg(format!(
            "--resume: the values in '{}' fail their checksum",
            partial.display()
        ))
        .into());
    }
    // Anything written after the checkpoint is not trusted: cut it off and carry on from there.
    file.set_len(header.len() as u64 + data_len)?;
    file.seek(SeekFrom::End(0))?;
    let values = values_from_bytes(&bytes, record.value_width);
    let max_value = values.iter().copied().max().unwrap_or(0);
    Ok((Output { file, header, n_written: record.n_values, checksum: sum, max_value }, values))
}

/// Runs `grundy seq GAME N --out FILE`: the library's run pushes the values into the file
/// sink, which writes bytes and checkpoints and nothing else.
pub fn run(
    game: &HeapGame,
    max_heap: u64,
    path: &Path,
    args: &SeqArgs,
    mut options: RunOptions,
    show_progress: bool,
    limits: &Limits,
) -> Result<bool> {
    // Games a theorem gives outright: refuse at once values the format cannot hold.
    let probe = HeapValues::compute_within(game, 0, limits, &mut |_| {}).map_err(library_error)?;
    if probe.period().is_some() && probe.value(max_heap).is_none_or(|v| v > u64::from(u32::MAX)) {
        return Err(BadInput::msg(format!(
            "the value of heap {max_heap} of {} does not fit the file format's 4-byte values",
            game.name
        ))
        .into());
    }
    // The fast engine stores two bytes a value; the others four (a saltus can pass 65535). The
    // finished file is narrowed to what the values need.
    let width =
        if options.engine == Engine::Fastest && SparseEngine::supports(game) { 2 } else { 4 };
    let (output, earlier) = open_output(game, path, args.resume, width)?;
    let resumed_from = earlier.len() as u64;
    options.earlier = earlier;
    // Messages go to stderr only where the contract allows chatter.
    let chatty = show_progress || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let bar = progress::heap_bar(max_heap, show_progress);
    bar.set_position(resumed_from);
    let interval = Duration::from_secs_f64(args.checkpoint_secs.max(0.01));
    let mut sink = FileSink {
        output,
        path,
        bar: &bar,
        interval,
        last_checkpoint: Instant::now(),
        io_error: None,
        proven: None,
    };
    let result = run_sequence(game, max_heap, &options, Some(&mut sink), limits);
    bar.finish_and_clear();
    if let Some(error) = sink.io_error.take() {
        return Err(error);
    }
    let report = result.map_err(library_error)?;
    if let (Some(period), true) = (&report.period, chatty) {
        if let Some(first) = sink.proven {
            eprintln!(
                "{}: {period}; values past heap {} follow from it",
                game.name,
                first.saturating_sub(1)
            );
        }
    }
    finish_and_report(sink.output, path, game, report.engine, chatty)
}

/// The file as a sink of the library's run.
struct FileSink<'p, 'b> {
    output: Output,
    path: &'p Path,
    bar: &'b indicatif::ProgressBar,
    interval: Duration,
    last_checkpoint: Instant,
    /// A file error stops the run; it is reported as itself (naming the file).
    io_error: Option<anyhow::Error>,
    /// Where the values from a proven period begin.
    proven: Option<u64>,
}

impl FileSink<'_, '_> {
    fn fail(&mut self, error: anyhow::Error) -> grundy::Error {
        let message = format!("{error:#}");
        self.io_error = Some(error);
        grundy::Error::Cancelled(message)
    }
}

impl Sink for FileSink<'_, '_> {
    fn values(&mut self, first: u64, values: Chunk<'_>) -> grundy::Result<()> {
        debug_assert_eq!(first, self.output.n_written);
        let width_max =
            if self.output.header.value_width == 2 { 0xffff } else { u64::from(u32::MAX) };
        if values.max() > width_max {
            let error = BadInput::msg(format!(
                "a value of {} passes {width_max}, more than this run's {}-byte values hold",
                self.output.header.game, self.output.header.value_width
            ));
            return Err(self.fail(error.into()));
        }
        let result = match values {
            Chunk::Narrow(values) => self.output.append(values),
            Chunk::Wide(values) => self.output.append(values),
            Chunk::Long(_) => self.output.append(&values.to_vec()),
        };
        result.map_err(|error| self.fail(error))
    }

    fn step_done(&mut self) -> grundy::Result<()> {
        if self.last_checkpoint.elapsed() >= self.interval {
            let path = self.path;
            if let Err(error) = self.output.checkpoint(path) {
                return Err(self.fail(error));
            }
            self.last_checkpoint = Instant::now();
        }
        Ok(())
    }

    fn progress(&mut self, heap: u64, note: &str) {
        self.bar.set_position(heap);
        self.bar.set_message(note.to_string());
    }

    fn period_proven(&mut self, _period: &Period, first: u64) {
        self.proven = Some(first);
    }
}

/// Completes the file and says what was written, where chatter is allowed.
fn finish_and_report(
    output: Output,
    path: &Path,
    game: &HeapGame,
    engine: &str,
    chatty: bool,
) -> Result<bool> {
    let n_values = output.n_written;
    let sum = output.finish(path)?;
    if chatty {
        eprintln!(
            "wrote {n_values} values of {} to {} ({engine} engine; checksum {sum:016x})",
            game.name,
            path.display()
        );
    }
    Ok(true)
}
