//! `grundy explore GAME POSITION...`: the request layer's explore job, run on timely dataflow
//! by `grundy-explore` (threads in this process, or this process as one of several).

use crate::args::ExploreArgs;
use crate::{library_error, BadInput, Files};
use anyhow::Result;
use grundy::request::{Answer, Door, Kind, Request};
use grundy_explore::{Hosts, RunError, Spread};
use std::io::Write;
use std::time::Duration;

/// Runs `grundy explore`.
pub fn run(
    args: &ExploreArgs,
    threads: usize,
    max_positions_given: bool,
    progress: bool,
    limits: &grundy::Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let mut low = serde_json::json!({"game": args.game, "positions": args.positions});
    if max_positions_given {
        low["max_positions"] = (limits.max_positions as u64).into();
    }
    let request = Request::from_json(Kind::Explore, &low, &Door::local(&Files), limits)
        .map_err(library_error)?;
    let job = request.explore_job().map_err(library_error)?;
    let cluster = match (args.processes, args.process, &args.hosts) {
        (Some(n), Some(me), Some(path)) => {
            let text = grundy_files::read_regular_file(
                std::path::Path::new(path),
                1 << 20,
                "a host file is at most 1 MiB",
            )
            .map_err(|problem| BadInput::msg(format!("--hosts: {problem}")))?;
            let hosts = Hosts::parse(&text, path).map_err(BadInput::msg)?;
            if n == 0 || hosts.addresses.len() != n {
                return Err(BadInput::msg(format!(
                    "--processes {n}: the host file '{path}' lists {} addresses; it needs one a process",
                    hosts.addresses.len()
                ))
                .into());
            }
            if me >= n {
                return Err(BadInput::msg(format!(
                    "--process {me}: processes are numbered 0 to {}",
                    n - 1
                ))
                .into());
            }
            (n > 1).then_some((me, hosts))
        }
        _ => None,
    };
    if args.reference {
        let started = std::time::Instant::now();
        let (summary, driver) =
            grundy::explore::sequential::explore(&job, limits, 1).map_err(library_error)?;
        if progress {
            stats(&summary, driver.messages, started.elapsed());
        }
        return print(Answer::Explore(summary), args.json, stdout);
    }
    let started = std::time::Instant::now();
    let spread =
        Spread { threads, cluster, connect_timeout: Duration::from_secs(args.connect_timeout) };
    let out = args.out.as_deref().map(std::path::Path::new);
    let finished = match grundy_explore::run(job, limits, &spread, out) {
        Ok(finished) => finished,
        Err(RunError::Game(error)) => return Err(library_error(error)),
        Err(error) => return Err(anyhow::Error::new(error)),
    };
    if progress {
        stats(&finished.summary, finished.messages, started.elapsed());
    }
    if spread.process() != 0 {
        return Ok(true);
    }
    print(Answer::Explore(finished.summary), args.json, stdout)
}

fn print(answer: Answer, json: bool, stdout: &mut dyn Write) -> Result<bool> {
    if json {
        writeln!(stdout, "{}", answer.document())?;
    } else if let Answer::Explore(summary) = &answer {
        write!(stdout, "{summary}")?;
    }
    Ok(true)
}

/// The run's figures on stderr (`--progress`): what the benchmark reads.
fn stats(summary: &grundy::explore::Summary, messages: u64, elapsed: Duration) {
    let tally = &summary.tally;
    let per = |n: u64, d: u64| if d == 0 { 0.0 } else { n as f64 / d as f64 };
    eprintln!(
        "explore: {} positions, {} moves in {:.2} s; this process sent {messages} messages \
         ({:.2} a move); {} bytes kept at the largest, in all ({:.1} a position)",
        tally.positions,
        tally.edges,
        elapsed.as_secs_f64(),
        per(messages, tally.edges),
        tally.bytes,
        per(tally.bytes, tally.positions)
    );
}
