//! `grundy table GAME --size N`: pair values as text, JSON, CSV or a heatmap.

use crate::args::TableArgs;
use crate::output::write_picture;
use crate::{library_error, parse_count, Files};
use anyhow::Result;
use grundy::games::verify_table as verify;
use grundy::request::{Answer, Door, Kind, Request};
use grundy::Limits;
use std::io::Write;

/// Runs `grundy table`.
pub fn run(args: &TableArgs, limits: &Limits, stdout: &mut dyn Write) -> Result<bool> {
    let size = parse_count(&args.size, "--size")?;
    // What the picture would cost is known from the size alone: refuse before computing.
    if let Some(problem) = args.svg.as_ref().and_then(|_| grundy_plot::svg_refusal(size)) {
        return Err(crate::BadInput::msg(format!("--svg: {problem}")).into());
    }
    let low = serde_json::json!({"game": args.game, "size": size});
    let request = Request::from_json(Kind::Table, &low, &Door::local(&Files), limits)
        .map_err(library_error)?;
    let answer = request.answer(limits, 1, &mut |_, _| {}).map_err(library_error)?;
    let Answer::Table(table) = &answer else { unreachable!("a table answer") };
    let game = request.game.as_ref().expect("a table request has a game");
    let verification =
        if args.verify { Some(verify(&**game, table).map_err(library_error)?) } else { None };
    let mut pictures_only = false;
    if let Some(path) = &args.png {
        write_picture(path, &grundy_plot::heatmap(&table.game, &table.rows).to_png(), false)?;
        pictures_only = true;
    }
    if let Some(path) = &args.svg {
        let svg = grundy_plot::heatmap(&table.game, &table.rows).to_svg();
        write_picture(path, svg.as_bytes(), false)?;
        pictures_only = true;
    }
    if args.json {
        serde_json::to_writer(&mut *stdout, &answer.document())?;
        writeln!(stdout)?;
    } else if args.csv {
        for row in &table.rows {
            let cells: Vec<String> = row.iter().map(u64::to_string).collect();
            writeln!(stdout, "{}", cells.join(","))?;
        }
    } else if !pictures_only {
        write_grid(stdout, &table.rows)?;
    }
    if let Some(check) = verification {
        if check.mismatches.is_empty() {
            let line =
                format!("verified: {} ({} cells, no exception)", check.statement, check.n_cells);
            if args.json || args.csv {
                eprintln!("{line}");
            } else {
                writeln!(stdout, "{line}")?;
            }
        } else {
            let (x, y) = check.mismatches[0];
            return Err(anyhow::anyhow!(
                "verification failed: {} does not hold at ({x}, {y}) and {} more cells",
                check.statement,
                check.mismatches.len() - 1
            ));
        }
    }
    Ok(true)
}

/// The table with row and column headers, columns aligned.
fn write_grid(out: &mut dyn Write, rows: &[Vec<u64>]) -> std::io::Result<()> {
    let width = rows
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(rows.len().to_string().len());
    write!(out, "{:>width$} |", "x\\y")?;
    for y in 0..rows.len() {
        write!(out, " {y:>width$}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}-+{}", "-".repeat(width.max(3)), "-".repeat((width + 1) * rows.len()))?;
    for (x, row) in rows.iter().enumerate() {
        write!(out, "{x:>w$} |", w = width.max(3))?;
        for value in row {
            write!(out, " {value:>width$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
