//! `grundy pattern GAME [--max N] [--table]`: the seeds' recipe as one command.

use crate::args::PatternArgs;
use crate::{library_error, parse_count, parse_family, parse_game, BadInput, Family};
use anyhow::Result;
use grundy::pattern::{find, find_table, Sequence};
use grundy::sequence::HeapValues;
use grundy::Limits;
use std::io::Write;

/// Runs `grundy pattern`.
pub fn run(
    args: &PatternArgs,
    show_progress: bool,
    limits: &Limits,
    stdout: &mut dyn Write,
) -> Result<bool> {
    let report = if args.table {
        let side = parse_count(args.max.as_deref().unwrap_or("64"), "--max")?;
        let side = usize::try_from(side).unwrap_or(usize::MAX);
        let game = parse_game(&args.game, limits)?;
        let table = game
            .pair_table(side, limits)
            .unwrap_or_else(|| grundy::table::pair_table(&*game, side))
            .map_err(library_error)?;
        find_table(&game.name(), &table.rows, game.table_formula())
    } else {
        let max = parse_count(args.max.as_deref().unwrap_or("10000"), "--max")?;
        let mut bar = crate::progress::Progress::heaps(max, show_progress);
        let sequence = match parse_family(&args.game, limits)? {
            Family::Heap(game) => {
                let up_to = usize::try_from(max)
                    .map_err(|_| BadInput::msg(format!("--max {max} is too large")))?;
                let values = HeapValues::compute_within(&game, up_to, limits, &mut |n| {
                    bar.set_position(n as u64)
                })
                .map_err(library_error)?;
                Sequence {
                    game: game.name.clone(),
                    values: (0..=max).map(|n| values.value(n)).collect(),
                    period: values.period().cloned(),
                }
            }
            Family::Other(game) => {
                let mut values = Vec::new();
                let mut visit = |n: u64, value: &grundy::solve::loopy::LoopyValue| {
                    bar.set_position(n);
                    values.push(value.finite());
                    Ok(())
                };
                if let Some(result) = game.family_values(max, limits, &mut visit) {
                    result.map_err(library_error)?;
                }
                Sequence { game: game.name(), values, period: None }
            }
        };
        bar.finish();
        find(&sequence)
    };
    if args.json {
        serde_json::to_writer(&mut *stdout, &grundy::contract::pattern(&report))?;
    } else {
        write!(stdout, "{report}")?;
    }
    writeln!(stdout)?;
    Ok(true)
}
