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
}

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
        // Answer every complete line; keep a partial last line for the next block.
        let complete = if at_end {
            buffer.len()
        } else {
            match buffer.iter().rposition(|&byte| byte == b'\n') {
                Some(newline) => newline + 1,
                None => continue,
            }
        };
        for line in buffer[..complete].split_inclusive(|&byte| byte == b'\n') {
            line_number += 1;
            let line = line.strip_suffix(b"\n").unwrap_or(line);
            answerer.answer(line, line_number, &mut answers, &mut error_lines);
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
            BatchOptions { convention, json },
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
            let mut answerer = LineAnswerer { game: &*nim, options: BatchOptions { convention, json: false }, limits: &limits, heaps: Vec::new(), report: BatchReport::default() };
            for (idx, line) in input.lines().enumerate() {
                answerer.answer_general(line.as_bytes(), idx as u64 + 1, &mut general, &mut Vec::new());
            }
            prop_assert_eq!(fast, String::from_utf8(general).unwrap());
        }
    }
}
