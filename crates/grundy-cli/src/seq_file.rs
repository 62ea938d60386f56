//! `grundy seq GAME N --out FILE`: long runs to a file, with progress, checkpoints and resume.
//!
//! Values are appended to `FILE.partial` as they are computed. Every `--checkpoint-secs` the
//! file is flushed to disk and `FILE.checkpoint` (a small JSON document: game, count, checksum)
//! is replaced atomically; `--resume` reloads exactly that many values, checks their checksum
//! and goes on. Only when every value is written does the final header (with `complete = 1`) go
//! in and `FILE.partial` become `FILE`. The file format is `grundy::sequence::store`. The
//! partial file holds 2-byte values for the fast engine and 4-byte values for codes with
//! three-heap moves (a saltus can pass 65535); the finished file takes the narrowest width that
//! holds every value, rewritten at the end if that is narrower. Codes with a repeating digit
//! (closed forms) are computed in memory and written at the narrowest width from the start.

use crate::args::SeqArgs;
use crate::output::write_atomically;
use crate::progress::Progress;
use crate::BadInput;
use anyhow::{Context, Result};
use grundy::games::heap::HeapGame;
use grundy::sequence::period::Period;
use grundy::sequence::sparse::SparseEngine;
use grundy::sequence::store::{
    checksum, value_bytes, values_from_bytes, width_for, Header, CHECKSUM_START,
};
use grundy::sequence::{FastRun, HeapValues, StepRun};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// Runs `grundy seq GAME N --out FILE`.
pub fn run(
    game: &HeapGame,
    max_heap: u64,
    path: &Path,
    args: &SeqArgs,
    n_threads: usize,
    show_progress: bool,
) -> Result<bool> {
    let up_to = usize::try_from(max_heap)
        .map_err(|_| BadInput::msg("heap size too large for this machine"))?;
    if StepRun::supports(game) {
        return run_three_heap_code(game, max_heap, up_to, path, args, show_progress);
    }
    if !SparseEngine::supports(game) {
        // Codes with a repeating digit (closed forms): computed in memory, then written.
        let mut bar = Progress::heaps(max_heap, show_progress);
        let values = HeapValues::compute(game, up_to, &mut |n| bar.set_position(n as u64));
        bar.finish();
        let value = |n: u64| values.value(n).unwrap_or(0);
        let max_value = (0..=max_heap).map(value).max().unwrap_or(0);
        let max_value = u32::try_from(max_value).map_err(|_| {
            BadInput::msg("values above 2^32 - 1 do not fit the file format's 4-byte values")
        })?;
        let (mut output, _) = open_output(game, path, false, width_for(max_value))?;
        let mut chunk: Vec<u32> = Vec::with_capacity(1 << 16);
        for n in 0..=max_heap {
            chunk.push(value(n) as u32);
            if chunk.len() == chunk.capacity() {
                output.append(&chunk)?;
                chunk.clear();
            }
        }
        output.append(&chunk)?;
        output.finish(path)?;
        return Ok(true);
    }
    let (mut output, earlier) = open_output(game, path, args.resume, 2)?;
    let resumed_from = earlier.len();
    // A fast-engine run writes 2-byte values, so every resumed value fits.
    let earlier: Vec<u16> = earlier.iter().map(|&v| v as u16).collect();
    let engine = SparseEngine::with_values(game, earlier)
        .ok_or_else(|| BadInput::msg("unsupported game"))?;
    let mut run = FastRun::new(game, engine).with_threads(n_threads);
    // Messages go to stderr only where the contract allows chatter.
    let chatty = show_progress || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut bar = Progress::heaps(max_heap, show_progress);
    bar.set_position(resumed_from as u64);
    let interval = args.checkpoint_secs;
    let mut last_checkpoint = Instant::now();
    let mut period: Option<Period> = None;
    while run.engine().values().len() <= up_to {
        let target = (run.engine().values().len() + 65535).min(up_to);
        let proven = run.advance(target).ok_or_else(|| {
            anyhow::anyhow!("a value outgrew 16 bits: this game needs the in-memory engine")
        })?;
        let done = run.engine().values().len();
        output.append(&run.engine().values()[output.n_written as usize..done])?;
        let stats = run.engine().stats();
        bar.set_position(done as u64);
        bar.set_message(format!("rare {} max {}", stats.n_rare, stats.max_value));
        if last_checkpoint.elapsed() >= interval {
            output.checkpoint(path)?;
            last_checkpoint = Instant::now();
        }
        if proven.is_some() {
            period = proven;
            break;
        }
    }
    bar.finish();
    if let Some(period) = &period {
        write_from_period(&mut output, period, run.engine().values(), max_heap, game, chatty)?;
    }
    finish_and_report(output, path, game, chatty)
}

/// Writes the values from the first one not yet written up to `max_heap` from a proven period
/// (computing nothing more), and says so where chatter is allowed.
fn write_from_period<T: Copy + Into<u64>>(
    output: &mut Output,
    period: &Period,
    values: &[T],
    max_heap: u64,
    game: &HeapGame,
    chatty: bool,
) -> Result<()> {
    let mut chunk: Vec<u32> = Vec::with_capacity(1 << 16);
    for n in output.n_written..=max_heap {
        let value = period.value_at(values, n).and_then(|v| u32::try_from(v).ok());
        chunk.push(
            value.ok_or_else(|| {
                BadInput::msg(format!("the value of heap {n} does not fit 4 bytes"))
            })?,
        );
        if chunk.len() == chunk.capacity() {
            output.append(&chunk)?;
            chunk.clear();
        }
    }
    output.append(&chunk)?;
    if chatty {
        eprintln!(
            "{}: periodic from heap {} with period {}{} (proven at heap {}); values past heap {} follow from it",
            game.name,
            period.preperiod,
            period.period,
            if period.saltus > 0 { format!(" and saltus {}", period.saltus) } else { String::new() },
            period.proven_at,
            values.len() - 1
        );
    }
    Ok(())
}

/// Completes the file and says what was written, where chatter is allowed.
fn finish_and_report(output: Output, path: &Path, game: &HeapGame, chatty: bool) -> Result<bool> {
    let n_values = output.n_written;
    let sum = output.finish(path)?;
    if chatty {
        eprintln!(
            "wrote {n_values} values of {} to {} (checksum {sum:016x})",
            game.name,
            path.display()
        );
    }
    Ok(true)
}

/// `seq --out` for codes whose moves may leave three heaps ([`StepRun`]): the same file handling
/// as the fast engine's (partial file, checkpoints, `--resume`, period proofs), with 4-byte
/// values in the partial file (a saltus can take values past 65535), narrowed at the end.
fn run_three_heap_code(
    game: &HeapGame,
    max_heap: u64,
    up_to: usize,
    path: &Path,
    args: &SeqArgs,
    show_progress: bool,
) -> Result<bool> {
    let (mut output, earlier) = open_output(game, path, args.resume, 4)?;
    let mut run = StepRun::new(game, &earlier).ok_or_else(|| BadInput::msg("unsupported game"))?;
    let chatty = show_progress || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut bar = Progress::heaps(max_heap, show_progress);
    bar.set_position(earlier.len() as u64);
    let interval = args.checkpoint_secs;
    let mut last_checkpoint = Instant::now();
    let mut period: Option<Period> = None;
    while run.values().len() <= up_to {
        // Heaps cost time linear in their size here: small steps keep the progress moving.
        let target = (run.values().len() + 1023).min(up_to);
        let proven = run.advance(target);
        let done = run.values().len().min(up_to + 1);
        output.append(&run.values()[output.n_written as usize..done])?;
        bar.set_position(done as u64);
        if last_checkpoint.elapsed() >= interval {
            output.checkpoint(path)?;
            last_checkpoint = Instant::now();
        }
        if proven.is_some() {
            period = proven;
            break;
        }
    }
    bar.finish();
    if let Some(period) = &period {
        write_from_period(&mut output, period, run.values(), max_heap, game, chatty)?;
    }
    finish_and_report(output, path, game, chatty)
}
