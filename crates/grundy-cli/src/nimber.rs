//! `grundy nimber OP A [B]`: the request layer's nimber question, or `--batch` lines answered
//! by the library's `Op::answer_line`.

use crate::args::NimberArgs;
use crate::{library_error, BadInput};
use anyhow::Result;
use grundy::nimber::field::Op;
use grundy::request::{Answer, Door, Kind, Request};
use std::io::{BufRead, Write};

/// Runs `grundy nimber`.
pub fn run(
    args: &NimberArgs,
    lang: grundy::i18n::Lang,
    limits: &grundy::Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    if args.batch {
        let op = Op::from_name(&args.op).ok_or_else(|| {
            BadInput::msg(format!("OP: '{}' is not one of add, mul, pow, inv, sqrt", args.op))
        })?;
        return batch(op, std::io::stdin().lock(), stdout);
    }
    let mut low = serde_json::json!({"op": args.op, "explain": args.explain, "lang": lang.code()});
    for (field, number) in ["a", "b"].iter().zip(&args.numbers) {
        low[*field] = number.as_str().into();
    }
    if args.numbers.len() > 2 {
        return Err(BadInput::msg("NUMBER: at most two numbers, A and B").into());
    }
    let request = Request::from_json(Kind::Nimber, &low, &Door::server(None), limits)
        .map_err(library_error)?;
    let answer = request.answer(limits, 1, &mut |_, _| {}).map_err(library_error)?;
    if args.json {
        writeln!(stdout, "{}", answer.document())?;
    } else if let Answer::Nimber { value, explanation, .. } = &answer {
        writeln!(stdout, "{value}")?;
        if let Some(text) = explanation {
            writeln!(stdout, "{text}")?;
        }
    }
    Ok(true)
}

/// `--batch`: one answer a line, `E` for a bad one (named on stderr), all good or status 2.
fn batch(op: Op, input: impl BufRead, stdout: &mut dyn Write) -> Result<bool> {
    let mut input = std::io::BufReader::with_capacity(1 << 16, input);
    let mut line = Vec::new();
    let mut out = Vec::with_capacity(1 << 16);
    let mut all_good = true;
    let mut number = 0u64;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        while matches!(line.last(), Some(b'\n' | b'\r')) {
            line.pop();
        }
        if let Err(problem) = op.answer_line(&line, &mut out) {
            out.extend_from_slice(b"E\n");
            eprintln!("line {number}: {problem}");
            all_good = false;
        }
        if out.len() >= 1 << 16 {
            stdout.write_all(&out)?;
            out.clear();
        }
    }
    stdout.write_all(&out)?;
    Ok(all_good)
}
