//! `--batch`: positions from a reader, one per line, answers to a writer, one per line.
//!
//! Every line gets exactly one answer line, in order: `P`, `D`, or `N` followed by the position
//! after one winning move (the first that `grundy solve` lists). A bad line gets an error line
//! on the error writer naming its line number, and the other lines are still answered.
//!
//! Throughput matters here (contest-style bulk work), so Nim lines whose heaps fit in machine
//! words take a fast path: parsed straight from the bytes into a reused buffer, answered by the
//! library's closed form, formatted with `itoa`. Anything unusual (huge heaps, bad bytes) drops
//! to the general path, which goes through `grundy::analysis::solve` and produces the same
//! answer or the precise error.

use crate::json;
use anyhow::Result;
use grundy::analysis::{self, Convention};
use grundy::games::nim;
use grundy::{Game, Outcome};
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
    game: &Game,
    options: BatchOptions,
    mut input: R,
    output: &mut W,
    errors: &mut E,
) -> Result<BatchReport> {
    let mut answerer =
        LineAnswerer { game, options, heaps: Vec::new(), report: BatchReport::default() };
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
    game: &'a Game,
    options: BatchOptions,
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
        let fast = !self.options.json
            && matches!(self.game, Game::Nim)
            && parse_word_heaps(line, &mut self.heaps);
        if fast {
            match self.options.convention {
                Convention::Normal => {
                    let first = nim::first_winning_move(&self.heaps);
                    write_nim_answer(&self.heaps, nim::outcome(&self.heaps), first, answers)
                }
                Convention::Misere => {
                    // Misère N-positions need not have a move: the empty position is won.
                    let outcome = nim::misere::outcome(&self.heaps);
                    let first = nim::misere::winning_moves(&self.heaps).into_iter().next();
                    write_nim_answer(&self.heaps, outcome, first, answers)
                }
            }
            self.report.n_positions += 1;
            return;
        }
        self.answer_general(line, line_number, answers, errors);
    }

    /// The general path: the library's `solve`, then the short form or JSON.
    fn answer_general(
        &mut self,
        line: &[u8],
        line_number: u64,
        answers: &mut Vec<u8>,
        errors: &mut Vec<u8>,
    ) {
        let text = String::from_utf8_lossy(line);
        let components: Vec<&str> = text.split_whitespace().collect();
        match analysis::solve(self.game, &components, self.options.convention) {
            Ok(answer) => {
                self.report.n_positions += 1;
                if self.options.json {
                    let doc = json::analysis(&answer, None);
                    // Writing JSON into a Vec cannot fail.
                    let _ = serde_json::to_writer(&mut *answers, &doc);
                } else {
                    answers.extend_from_slice(answer.outcome.letter().as_bytes());
                    if let (Outcome::N, Some(first)) =
                        (answer.outcome, answer.winning_moves.first())
                    {
                        for component in &first.after {
                            answers.push(b' ');
                            answers.extend_from_slice(component.as_bytes());
                        }
                    }
                }
                answers.push(b'\n');
            }
            Err(error) => {
                self.report.n_bad_lines += 1;
                let _ = writeln!(errors, "error: line {line_number}: {error}");
            }
        }
    }
}

/// Reads a line of heaps that all fit in 19 decimal digits; false if anything is unusual.
fn parse_word_heaps(line: &[u8], heaps: &mut Vec<u64>) -> bool {
    heaps.clear();
    let mut idx = 0;
    let len = line.len();
    while idx < len {
        let byte = line[idx];
        if byte == b' ' || byte == b'\t' || byte == b'\r' {
            idx += 1;
            continue;
        }
        let start = idx;
        let mut heap: u64 = 0;
        while idx < len && line[idx].is_ascii_digit() {
            // At most 19 digits are accepted below, so this cannot overflow before the check.
            heap = heap.wrapping_mul(10).wrapping_add(u64::from(line[idx] - b'0'));
            idx += 1;
        }
        let n_digits = idx - start;
        if n_digits == 0 || n_digits > 19 {
            return false;
        }
        if idx < len && !matches!(line[idx], b' ' | b'\t' | b'\r') {
            return false;
        }
        heaps.push(heap);
    }
    true
}

/// The outcome's letter, then for `N` the heaps after the move (a heap taken whole is left out).
fn write_nim_answer(
    heaps: &[u64],
    outcome: Outcome,
    first: Option<nim::NimMove<u64>>,
    answers: &mut Vec<u8>,
) {
    answers.extend_from_slice(outcome.letter().as_bytes());
    let Some(first) = first else {
        answers.push(b'\n');
        return;
    };
    let mut digits = itoa::Buffer::new();
    for (heap_idx, &heap) in heaps.iter().enumerate() {
        let heap = if heap_idx == first.heap_idx {
            if first.to == 0 {
                continue;
            }
            first.to
        } else {
            heap
        };
        answers.push(b' ');
        answers.extend_from_slice(digits.format(heap).as_bytes());
    }
    answers.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run_text(input: &str, convention: Convention, json: bool) -> (String, String, BatchReport) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let report = run(
            &Game::Nim,
            BatchOptions { convention, json },
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
        assert_eq!(out, "N 1 4 5\nP\nP\nN\n");
        assert_eq!(err, "");
        assert_eq!(report, BatchReport { n_positions: 4, n_bad_lines: 0 });
    }

    #[test]
    fn bad_lines_are_named_and_the_rest_answered() {
        let (out, err, report) = run_text("3 4 5\n3 x\n1 1\n-2\n", Convention::Normal, false);
        assert_eq!(out, "N 1 4 5\nP\n");
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
            let mut answerer = LineAnswerer { game: &Game::Nim, options: BatchOptions { convention, json: false }, heaps: Vec::new(), report: BatchReport::default() };
            for (idx, line) in input.lines().enumerate() {
                answerer.answer_general(line.as_bytes(), idx as u64 + 1, &mut general, &mut Vec::new());
            }
            prop_assert_eq!(fast, String::from_utf8(general).unwrap());
        }
    }
}
