//! Tables of two-component positions: the value of `(x, y)` for `x, y < size`.
//!
//! For Nim the table is computed by its definition (the mex over the row and the column, the
//! seeds' "smallest number missing from its row and column"), so that checking it against
//! `x XOR y` is a real check; for Wythoff it is the Grundy table; for a heap game it is
//! `G(x) XOR G(y)` by the Sprague–Grundy theorem.

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::rules::wythoff::GrundyTable;

/// The largest table side computed.
pub const MAX_TABLE_SIZE: usize = 4096;

/// A square table of values: `rows[x][y]` is the value of the pair `(x, y)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairTable {
    /// The game's canonical name.
    pub game: String,
    /// The side of the table.
    pub size: usize,
    /// The values, row by row.
    pub rows: Vec<Vec<u64>>,
}

impl PairTable {
    /// The table of a [`GrundyTable`] (Nim's rook table, Wythoff's table).
    pub fn from_grundy_table(game: &str, table: &GrundyTable) -> PairTable {
        let size = table.size();
        let rows =
            (0..size).map(|x| table.row(x).iter().map(|&v| u64::from(v)).collect()).collect();
        PairTable { game: game.to_string(), size, rows }
    }

    /// The table `value(x, y)` for `x, y < size`.
    pub fn from_fn(game: &str, size: usize, value: impl Fn(usize, usize) -> u64) -> PairTable {
        let rows = (0..size).map(|x| (0..size).map(|y| value(x, y)).collect()).collect();
        PairTable { game: game.to_string(), size, rows }
    }
}

/// What one cell of a table costs by the time it is answered: the table of values, the
/// engine's own cells, and a number of a JSON document (a string of digits and its node).
pub const TABLE_CELL_BYTES: u64 = 96;

/// `size` if it is a table side this library computes within `limits`' memory, else the error
/// that says so.
///
/// ```
/// use grundy::Limits;
/// assert_eq!(grundy::table::checked_size(20, &Limits::default())?, 20);
/// let small = Limits { max_bytes: 1 << 20, ..Limits::default() };
/// assert!(grundy::table::checked_size(4096, &small).unwrap_err().is_limit());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn checked_size(size: usize, limits: &Limits) -> Result<usize> {
    if size == 0 || size > MAX_TABLE_SIZE {
        return Err(Error::BadArgument {
            argument: "--size".into(),
            problem: format!("{size} is not a table size from 1 to {MAX_TABLE_SIZE}"),
        });
    }
    let n_cells = (size * size) as u64;
    limits.count_bytes(
        n_cells.saturating_mul(TABLE_CELL_BYTES),
        &format!("a table of {size} x {size} values"),
    )?;
    Ok(size)
}

/// The table of a game whose pairs are positions of `ruleset`: `pair(x, y)` gives the position,
/// the value solver its value. A loopy pair is refused (a table holds finite values), never
/// written as a number. Every family defined by rules (scripts, Python's games) answers
/// through here, so they cannot differ.
pub fn table_of_positions<R: crate::ruleset::Ruleset + ?Sized>(
    ruleset: &R,
    game: &str,
    size: usize,
    limits: &Limits,
    pair: &mut dyn FnMut(u64, u64) -> Result<R::Position>,
) -> Result<PairTable> {
    use crate::solve::loopy::LoopyValue;
    let size = checked_size(size, limits)?;
    let mut solver = crate::solve::values::ValueSolver::new(ruleset, limits.clone());
    let mut rows = vec![vec![0u64; size]; size];
    for (x, row) in rows.iter_mut().enumerate() {
        limits.check()?;
        for (y, cell) in row.iter_mut().enumerate() {
            let position = pair(x as u64, y as u64)?;
            *cell = match solver.value(&position)? {
                LoopyValue::Finite(value) => value,
                LoopyValue::Infinite(_) => {
                    return Err(Error::Unsupported(format!(
                        "pair({x}, {y}) is loopy (value ∞): a table holds finite values"
                    )))
                }
            };
        }
    }
    Ok(PairTable { game: game.to_string(), size, rows })
}

/// The outcome of checking a table against the closed form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// What was checked, in words.
    pub statement: String,
    /// Cells compared.
    pub n_cells: usize,
    /// Cells where the table and the closed form disagree.
    pub mismatches: Vec<(usize, usize)>,
}

impl Verification {
    /// Checks every cell of `table` against `expected`.
    pub fn check(
        statement: &str,
        table: &PairTable,
        expected: impl Fn(usize, usize) -> u64,
    ) -> Verification {
        Self::check_cells(statement, table, |x, y, value| value == expected(x, y))
    }

    /// Checks every cell of `table` with `holds(x, y, value)`.
    pub fn check_cells(
        statement: &str,
        table: &PairTable,
        holds: impl Fn(usize, usize, u64) -> bool,
    ) -> Verification {
        let size = table.size;
        let mismatches: Vec<(usize, usize)> = (0..size)
            .flat_map(|x| (0..size).map(move |y| (x, y)))
            .filter(|&(x, y)| !holds(x, y, table.rows[x][y]))
            .collect();
        Verification { statement: statement.to_string(), n_cells: size * size, mismatches }
    }
}
