//! `--batch`: positions from a reader, one per line, answers to a writer, one per line.
//!
//! Every line gets exactly one answer line, in order: `P`, `D`, or `N` followed by the position
//! after one winning move (the first that `grundy solve` lists). A bad line gets an error line
//! on the error writer naming its line number, and the other lines are still answered.
//!
//! A bad line gets `E` on stdout (`{"error": ...}` with `--json`), so answers stay line for line
//! with the input.
//!
//! Throughput matters here (contest-style bulk work), so a game may answer a line by a fast path
//! of its own ([`Game::batch_line`]: Nim lines whose heaps fit in machine words, parsed straight
//! from the bytes). Anything else goes through [`Game::solve`] and the library's
//! [`grundy::analysis::Analysis::short_answer`], which give the same line or the precise error.
//! This module only reads, splits and writes.

use anyhow::Result;
use grundy::analysis::Convention;
use grundy::{Game, Limits};
use std::io::{Read, Write};

/// How to answer each line.
#[derive(Debug, Clone, Copy)]
pub struct BatchOptions {
    /// Normal or misère play.
    pub convention: Convention,
    /// One JSON document per line instead of the short form.
    pub json: bool,
    /// The longest line read, in bytes ([`DEFAULT_MAX_LINE_BYTES`] from the command line): a
    /// longer line is a bad line, and the rest of it is skipped without being held in memory.
    pub max_line_bytes: usize,
}

/// The longest `--batch` line read unless `--max-line-bytes` says otherwise: 16 MiB, a
/// million heaps of sixteen digits.
pub const DEFAULT_MAX_LINE_BYTES: usize = 16 << 20;

/// What a batch run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BatchReport {
    /// Lines answered.
    pub n_positions: u64,
    /// Lines that could not be read as positions.
    pub n_bad_lines: u64,
}

/// Input is read in blocks of this size; answers are flushed once per block.
const BLOCK_SIZE: usize = 1 << 20;

/// Answers every line of `input`, writing answers to `output` and error lines to `errors`.
pub fn run<R: Read, W: Write + ?Sized, E: Write + ?Sized>(
    game: &dyn Game,
    options: BatchOptions,
    limits: &Limits,
    mut input: R,
    output: &mut W,
    errors: &mut E,
) -> Result<BatchReport> {
    let mut answerer =
        LineAnswerer { game, options, limits, heaps: Vec::new(), report: BatchReport::default() };
    let mut buffer: Vec<u8> = Vec::with_capacity(BLOCK_SIZE * 2);
    let mut answers: Vec<u8> = Vec::with_capacity(BLOCK_SIZE * 2);
    let mut error_lines: Vec<u8> = Vec::new();
    let mut line_number: u64 = 0;
    let max_line_bytes = options.max_line_bytes.max(1);
    // Inside a line longer than the limit, already answered: its bytes are dropped as they
    // come, up to its newline, so memory stays at the limit and a block whatever the input.
    let mut skipping = false;
    loop {
        let filled = buffer.len();
        buffer.resize(filled + BLOCK_SIZE, 0);
        let n_read = loop {
            match input.read(&mut buffer[filled..]) {
                Ok(n) => break n,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error.into()),
            }
        };
        buffer.truncate(filled + n_read);
        let at_end = n_read == 0;
        if skipping {
            match buffer.iter().position(|&byte| byte == b'\n') {
                Some(newline) => {
                    buffer.drain(..=newline);
                    skipping = false;
                }
                None => buffer.clear(),
            }
        }
        // Answer every complete line; keep a partial last line for the next block, unless it
        // is already too long.
        let complete = if at_end {
            buffer.len()
        } else {
            match buffer.iter().rposition(|&byte| byte == b'\n') {
                Some(newline) => newline + 1,
                None if buffer.len() > max_line_bytes && !skipping => {
                    line_number += 1;
                    answerer.too_long(line_number, max_line_bytes, &mut answers, &mut error_lines);
                    buffer.clear();
                    skipping = true;
                    0
                }
                None => 0,
            }
        };
        for line in buffer[..complete].split_inclusive(|&byte| byte == b'\n') {
            line_number += 1;
            let line = line.strip_suffix(b"\n").unwrap_or(line);
            if line.len() > max_line_bytes {
                answerer.too_long(line_number, max_line_bytes, &mut answers, &mut error_lines);
            } else {
                answerer.answer(line, line_number, &mut answers, &mut error_lines);
            }
        }
        buffer.drain(..complete);
        output.write_all(&answers)?;
        answers.clear();
        if !error_lines.is_empty() {
            errors.write_all(&error_lines)?;
            error_lines.clear();
        }
        if at_end {
            break;
        }
    }
    output.flush()?;
    Ok(answerer.report)
}

struct LineAnswerer<'a> {
    game: &'a dyn Game,
    options: BatchOptions,
    limits: &'a Limits,
    heaps: Vec<u64>,
    report: BatchReport,
}

impl LineAnswerer<'_> {
    fn answer(
        &mut self,
        line: &[u8],
        line_number: u64,
        answers: &mut Vec<u8>,
        errors: &mut Vec<u8>,
    ) {
        if !self.options.json
            && self.game.batch_line(line, self.options.convention, &mut self.heaps, answers)
        {
            self.report.n_positions += 1;
            return;
        }
        self.answer_general(line, line_number, answers, errors);
    }

    /// A line longer than `max_line_bytes`: a bad line, answered without reading it.
    fn too_long(
        &mut self,
        line_number: u64,
        max_line_bytes: usize,
        answers: &mut Vec<u8>,
        errors: &mut Vec<u8>,
    ) {
        self.report.n_bad_lines += 1;
        let problem = format!(
            "longer than {max_line_bytes} bytes (--max-line-bytes raises it): skipped unread"
        );
        if self.options.json {
            let _ = serde_json::to_writer(&mut *answers, &serde_json::json!({"error": problem}));
            answers.push(b'\n');
        } else {
            answers.extend_from_slice(b"E\n");
        }
        let _ = writeln!(errors, "error: line {line_number}: {problem}");
    }

    /// The general path: the game's `solve`, then the short form or JSON.
    fn answer_general(
        &mut self,
        line: &[u8],
        line_number: u64,
        answers: &mut Vec<u8>,
        errors: &mut Vec<u8>,
    ) {
        let text = String::from_utf8_lossy(line);
        let components: Vec<&str> = text.split_whitespace().collect();
        match self.game.solve(&components, self.options.convention, self.limits) {
            Ok(answer) => {
                self.report.n_positions += 1;
                if self.options.json {
                    let doc = grundy::contract::analysis(&answer, None);
                    // Writing JSON into a Vec cannot fail.
                    let _ = serde_json::to_writer(&mut *answers, &doc);
                    answers.push(b'\n');
                } else {
                    answer.short_answer(answers);
                }
            }
            Err(error) => {
                self.report.n_bad_lines += 1;
                if self.options.json {
                    let doc = serde_json::json!({"error": error.to_string()});
                    let _ = serde_json::to_writer(&mut *answers, &doc);
                    answers.push(b'\n');
                } else {
                    answers.extend_from_slice(b"E\n");
                }
                let _ = writeln!(errors, "error: line {line_number}: {error}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run_text(input: &str, convention: Convention, json: bool) -> (String, String, BatchReport) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let nim = grundy::game("nim").unwrap();
        let report = run(
            &*nim,
            BatchOptions { convention, json, max_line_bytes: DEFAULT_MAX_LINE_BYTES },
            &Limits::default(),
            input.as_bytes(),
            &mut out,
            &mut err,
        )
        .unwrap();
        (String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap(), report)
    }

    #[test]
    fn answers_each_line_in_order() {
        let (out, err, report) = run_text("3 4 5\n1 2 3\n\n7\n", Convention::Normal, false);
        assert_eq!(out, "N 1 4 5\nP\nP\nN 0\n");
        assert_eq!(err, "");
        assert_eq!(report, BatchReport { n_positions: 4, n_bad_lines: 0 });
    }

    #[test]
    fn bad_lines_are_named_and_the_rest_answered() {
        let (out, err, report) = run_text("3 4 5\n3 x\n1 1\n-2\n", Convention::Normal, false);
        assert_eq!(out, "N 1 4 5\nE\nP\nE\n");
        assert!(err.contains("line 2: component 2 of the position, 'x'"), "{err}");
        assert!(err.contains("line 4:") && err.contains("negative"), "{err}");
        assert_eq!(report, BatchReport { n_positions: 2, n_bad_lines: 2 });
    }

    #[test]
    fn last_line_without_newline_and_crlf() {
        let (out, _, _) = run_text("1 2\r\n2 2", Convention::Normal, false);
        assert_eq!(out, "N 1 1\nP\n");
    }

    #[test]
    fn lines_split_across_blocks_are_joined() {
        let line = "123456789 987654321 5\n";
        let input = line.repeat(BLOCK_SIZE / line.len() * 3);
        let (out, _, report) = run_text(&input, Convention::Normal, false);
        assert_eq!(report.n_positions as usize, BLOCK_SIZE / line.len() * 3);
        assert!(out.lines().all(|answer| answer == out.lines().next().unwrap()));
    }

    /// `n_digits` digits without a newline, then `rest`, made as they are read.
    struct LongLine {
        n_digits: usize,
        rest: &'static [u8],
    }

    impl Read for LongLine {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.n_digits > 0 {
                let n = buf.len().min(self.n_digits);
                buf[..n].fill(b'7');
                self.n_digits -= n;
                return Ok(n);
            }
            let n = buf.len().min(self.rest.len());
            buf[..n].copy_from_slice(&self.rest[..n]);
            self.rest = &self.rest[n..];
            Ok(n)
        }
    }

    fn run_reader(input: impl Read, max_line_bytes: usize, json: bool) -> (String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let nim = grundy::game("nim").unwrap();
        let options = BatchOptions { convention: Convention::Normal, json, max_line_bytes };
        run(&*nim, options, &Limits::default(), input, &mut out, &mut err).unwrap();
        (String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn a_100_megabyte_line_is_a_bad_line_skipped_unread_and_the_rest_answered() {
        let input = LongLine { n_digits: 100 << 20, rest: b"\n1 2 3\n3 4 5\n" };
        let (out, err) = run_reader(input, DEFAULT_MAX_LINE_BYTES, false);
        assert_eq!(out, "E\nP\nN 1 4 5\n");
        assert_eq!(
            err,
            "error: line 1: longer than 16777216 bytes (--max-line-bytes raises it): skipped unread\n"
        );
    }

    #[test]
    fn lines_over_a_small_limit_are_bad_wherever_they_end() {
        // Complete lines over the limit, a long last line without a newline, and JSON.
        let (out, err) = run_reader(&b"1 2\n12345678901\n3 4 5\n99999999999"[..], 10, false);
        assert_eq!(out, "N 1 1\nE\nN 1 4 5\nE\n");
        assert!(err.contains("line 2: longer than 10 bytes") && err.contains("line 4:"), "{err}");
        let input = LongLine { n_digits: 3 * BLOCK_SIZE + 5, rest: b"\n2 2" };
        let (out, _) = run_reader(input, 100, true);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].starts_with("{\"error\":\"longer than 100 bytes"), "{out}");
        assert!(lines[1].contains("\"outcome\":\"P\""), "{out}");
    }

    proptest! {
        /// The fast path and the general path give the same line for every position.
        #[test]
        fn fast_path_matches_general_path(
            positions in proptest::collection::vec(proptest::collection::vec(0u64..40, 0..6), 1..20),
            misere in any::<bool>(),
        ) {
            let convention = if misere { Convention::Misere } else { Convention::Normal };
            let input: String = positions.iter().map(|heaps| {
                heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n"
            }).collect();
            let (fast, _, _) = run_text(&input, convention, false);
            let mut general = Vec::new();
            let nim = grundy::game("nim").unwrap();
            let limits = Limits::default();
            let mut answerer = LineAnswerer { game: &*nim, options: BatchOptions { convention, json: false, max_line_bytes: DEFAULT_MAX_LINE_BYTES }, limits: &limits, heaps: Vec::new(), report: BatchReport::default() };
            for (idx, line) in input.lines().enumerate() {
                answerer.answer_general(line.as_bytes(), idx as u64 + 1, &mut general, &mut Vec::new());
            }
            prop_assert_eq!(fast, String::from_utf8(general).unwrap());
        }
    }
}
