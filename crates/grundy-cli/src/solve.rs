//! `grundy solve`: one position from the command line, or many from stdin with `--batch`.

use crate::args::SolveArgs;
use crate::{batch, library_error, parse_game, BadInput};
use anyhow::Result;
use grundy::analysis::Convention;
use grundy::request::{Answer, Door, Kind, Request};
use grundy::Limits;
use std::io::Write;

/// Runs `grundy solve`; returns whether every input was good.
pub fn run(
    args: &SolveArgs,
    lang: grundy::i18n::Lang,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    if args.batch {
        if let Some(first) = args.components.first() {
            return Err(BadInput::msg(format!(
                "unexpected component '{first}': with --batch the positions are read from stdin"
            ))
            .into());
        }
        let game = parse_game(&args.game, limits)?;
        let convention = if args.misere { Convention::Misere } else { Convention::Normal };
        let stdin = std::io::stdin().lock();
        let mut stderr = std::io::stderr().lock();
        let max_line_bytes = match &args.max_line_bytes {
            Some(text) => match crate::parse_count(text, "--max-line-bytes")? {
                0 => return Err(BadInput::msg("--max-line-bytes: must be at least 1").into()),
                n => usize::try_from(n).unwrap_or(usize::MAX),
            },
            None => batch::DEFAULT_MAX_LINE_BYTES,
        };
        let options = batch::BatchOptions { convention, json: args.json, max_line_bytes };
        let report = batch::run(&*game, options, limits, stdin, stdout, &mut stderr)?;
        return Ok(report.n_bad_lines == 0);
    }
    if args.components.is_empty() {
        return Err(BadInput::msg(format!(
            "no position given: list its components after the game, e.g. `grundy solve {} 3 4 5`",
            args.game
        ))
        .into());
    }
    let mut low = serde_json::json!({
        "game": args.game,
        "components": args.components,
        "misere": args.misere,
        "explain": args.explain,
        "lang": lang.code(),
    });
    if !args.explain {
        low["lang"] = serde_json::Value::Null;
    }
    let request = Request::from_json(Kind::Solve, &low, &Door::local(&crate::Files), limits)
        .map_err(library_error)?;
    let answer = request.answer(limits, 1, &mut |_, _| {}).map_err(library_error)?;
    if args.json {
        serde_json::to_writer(&mut *stdout, &answer.document())?;
        writeln!(stdout)?;
    } else if let Answer::Solve { analysis, explanation } = &answer {
        if let Some(text) = explanation {
            writeln!(stdout, "{text}")?;
        }
        write!(stdout, "{}", analysis.text(lang))?;
    }
    Ok(true)
}
