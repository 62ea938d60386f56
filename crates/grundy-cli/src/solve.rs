//! `grundy solve`: one position from the command line, or many from stdin with `--batch`.

use crate::args::SolveArgs;
use crate::{batch, library_error, parse_game, BadInput};
use anyhow::Result;
use grundy::analysis::{Analysis, Convention};
use grundy::{Game, Limits};
use std::io::Write;
use std::sync::Arc;

/// The validated form of [`SolveArgs`].
struct SolveRequest {
    game: Arc<dyn Game>,
    convention: Convention,
}

fn validate(args: &SolveArgs, limits: &Limits) -> Result<SolveRequest> {
    let game = parse_game(&args.game, limits)?;
    if args.batch && !args.components.is_empty() {
        return Err(BadInput::msg(format!(
            "unexpected component '{}': with --batch the positions are read from stdin",
            args.components[0]
        ))
        .into());
    }
    if !args.batch && args.components.is_empty() {
        return Err(BadInput::msg(format!(
            "no position given: list its components after the game, e.g. `grundy solve {} 3 4 5`",
            args.game
        ))
        .into());
    }
    let convention = if args.misere { Convention::Misere } else { Convention::Normal };
    Ok(SolveRequest { game, convention })
}

/// Runs `grundy solve`; returns whether every input was good.
pub fn run(
    args: &SolveArgs,
    lang: grundy::i18n::Lang,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let request = validate(args, limits)?;
    if args.batch {
        let stdin = std::io::stdin().lock();
        let mut stderr = std::io::stderr().lock();
        let max_line_bytes = match &args.max_line_bytes {
            Some(text) => match crate::parse_count(text, "--max-line-bytes")? {
                0 => return Err(BadInput::msg("--max-line-bytes: must be at least 1").into()),
                n => usize::try_from(n).unwrap_or(usize::MAX),
            },
            None => batch::DEFAULT_MAX_LINE_BYTES,
        };
        let options =
            batch::BatchOptions { convention: request.convention, json: args.json, max_line_bytes };
        let report = batch::run(&*request.game, options, limits, stdin, stdout, &mut stderr)?;
        return Ok(report.n_bad_lines == 0);
    }
    let components: Vec<&str> = args.components.iter().map(String::as_str).collect();
    let answer =
        request.game.solve(&components, request.convention, limits).map_err(library_error)?;
    let explanation = if args.explain {
        Some(request.game.explain(&answer, lang, limits).map_err(library_error)?)
    } else {
        None
    };
    if args.json {
        let doc = grundy::contract::analysis(&answer, explanation.as_deref());
        serde_json::to_writer(&mut *stdout, &doc)?;
        writeln!(stdout)?;
    } else {
        if let Some(text) = &explanation {
            writeln!(stdout, "{text}")?;
        }
        write_text(stdout, &answer)?;
    }
    Ok(true)
}

fn outcome_words(answer: &Analysis) -> &'static str {
    match answer.outcome {
        grundy::Outcome::P => "P (the player to move loses)",
        grundy::Outcome::N => "N (the player to move wins)",
        grundy::Outcome::D => "D (a draw: play goes on for ever)",
    }
}

/// The answer for a person: position, value, outcome, then the winning moves.
fn write_text(out: &mut dyn Write, answer: &Analysis) -> std::io::Result<()> {
    let position: Vec<&str> = answer.components.iter().map(|c| c.position.as_str()).collect();
    writeln!(
        out,
        "position: {} ({}, {} play)",
        position.join(" "),
        answer.game,
        answer.convention.name()
    )?;
    if let Some(value) = &answer.value {
        writeln!(out, "value:    {value}")?;
    }
    writeln!(out, "outcome:  {}", outcome_words(answer))?;
    if answer.components.iter().any(|c| c.genus.is_some()) {
        let genera: Vec<&str> =
            answer.components.iter().map(|c| c.genus.as_deref().unwrap_or("?")).collect();
        writeln!(out, "genus:    {}", genera.join(" "))?;
    }
    if answer.winning_moves.is_empty() {
        return Ok(());
    }
    writeln!(out, "winning moves:")?;
    for m in &answer.winning_moves {
        let to = if m.to.is_empty() { "nothing".to_string() } else { m.to.join(" + ") };
        let after = if m.after.is_empty() { "nothing".to_string() } else { m.after.join(" ") };
        match &m.description {
            Some(words) if !m.changes.is_empty() => {
                let heaps: Vec<String> =
                    m.changes.iter().map(|c| (c.component + 1).to_string()).collect();
                let noun = if heaps.len() == 1 { "component" } else { "components" };
                writeln!(out, "  {noun} {}: {words}, leaving {after}", heaps.join(" and "))?
            }
            Some(words) => {
                writeln!(out, "  component {}: {words}, leaving {after}", m.component + 1)?
            }
            None => writeln!(
                out,
                "  component {}: {} -> {}, leaving {}",
                m.component + 1,
                m.from,
                to,
                after
            )?,
        }
    }
    if !answer.winning_moves_complete {
        writeln!(out, "  (and more: the list of winning moves was cut short)")?;
    }
    Ok(())
}
