//! `grundy solve`: one position from the command line, or many from stdin with `--batch`.

use crate::args::SolveArgs;
use crate::{batch, json, BadInput};
use anyhow::Result;
use grundy::analysis::{self, Analysis, Convention, Value};
use grundy::{explain, games, Game};
use std::io::Write;

/// The validated form of [`SolveArgs`].
struct SolveRequest {
    game: Game,
    convention: Convention,
}

fn validate(args: &SolveArgs) -> Result<SolveRequest> {
    let game = Game::parse(&args.game, &crate::Files).map_err(BadInput::from)?;
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
pub fn run(args: &SolveArgs, stdout: &mut dyn Write) -> Result<bool> {
    let request = validate(args)?;
    if args.batch {
        let stdin = std::io::stdin().lock();
        let mut stderr = std::io::stderr().lock();
        let options = batch::BatchOptions { convention: request.convention, json: args.json };
        let report = batch::run(&request.game, options, stdin, stdout, &mut stderr)?;
        return Ok(report.n_bad_lines == 0);
    }
    let answer = analysis::solve(&request.game, &args.components, request.convention)
        .map_err(BadInput::from)?;
    let explanation =
        args.explain.then(|| explanation(&request.game, &answer, request.convention)).flatten();
    if args.json {
        let doc = json::analysis(&answer, explanation.as_deref());
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

/// The walk-through for games that have one.
fn explanation(game: &Game, answer: &Analysis, convention: Convention) -> Option<String> {
    match game {
        Game::Nim => {
            let heaps = games::parse_heaps(
                &answer.components.iter().map(|c| c.position.as_str()).collect::<Vec<_>>(),
            )
            .ok()?;
            Some(match convention {
                Convention::Normal => explain::nim(&heaps),
                Convention::Misere => explain::misere_nim(&heaps),
            })
        }
        _ => Some(explain::sum(answer)),
    }
}

fn outcome_words(answer: &Analysis) -> &'static str {
    match answer.outcome {
        grundy::Outcome::P => "P (the player to move loses)",
        grundy::Outcome::N => "N (the player to move wins)",
        grundy::Outcome::D => "D (a draw: play goes on for ever)",
    }
}

fn value_text(value: &Value) -> String {
    match value {
        Value::Nimber(nimber) => nimber.to_string(),
        Value::Infinite(options) => {
            let listed: Vec<String> = options.iter().map(u64::to_string).collect();
            format!("∞({})", listed.join(","))
        }
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
        writeln!(out, "value:    {}", value_text(value))?;
    }
    writeln!(out, "outcome:  {}", outcome_words(answer))?;
    if answer.winning_moves.is_empty() {
        return Ok(());
    }
    writeln!(out, "winning moves:")?;
    for m in &answer.winning_moves {
        let to = if m.to.is_empty() { "nothing".to_string() } else { m.to.join(" + ") };
        let after = if m.after.is_empty() { "nothing".to_string() } else { m.after.join(" ") };
        match &m.description {
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
    Ok(())
}
