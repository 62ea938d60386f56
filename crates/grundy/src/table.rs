//! Tables of two-component positions: the value of `(x, y)` for `x, y < size`.
//!
//! For Nim the table is computed by its definition (the mex over the row and the column, the
//! seeds' "smallest number missing from its row and column"), so that checking it against
//! `x XOR y` is a real check; for Wythoff it is the Grundy table; for a heap game it is
//! `G(x) XOR G(y)` by the Sprague–Grundy theorem.

use crate::error::{Error, Result};
use crate::games::wythoff::{self, GrundyTable};
use crate::games::Game;
use crate::sequence::HeapValues;
use num_bigint::BigUint;

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

/// Computes the `size × size` table of a game with pair positions.
///
/// ```
/// let table = grundy::table::pair_table(&"nim".parse()?, 4)?;
/// assert_eq!(table.rows[2], [2, 3, 0, 1]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn pair_table(game: &Game, size: usize) -> Result<PairTable> {
    if size == 0 || size > MAX_TABLE_SIZE {
        return Err(Error::BadArgument {
            argument: "--size".into(),
            problem: format!("{size} is not a table size from 1 to {MAX_TABLE_SIZE}"),
        });
    }
    let from_grundy_table = |table: GrundyTable| -> Vec<Vec<u64>> {
        (0..size).map(|x| table.row(x).iter().map(|&v| u64::from(v)).collect()).collect()
    };
    let rows = match game {
        Game::Nim => from_grundy_table(GrundyTable::rook(size)),
        Game::Wythoff => from_grundy_table(GrundyTable::new(size)),
        Game::Heap(heap_game) => {
            let values = HeapValues::compute(heap_game, size - 1, &mut |_| {});
            let g = |n: usize| values.value(n as u64).unwrap_or(0);
            (0..size).map(|x| (0..size).map(|y| g(x) ^ g(y)).collect()).collect()
        }
        _ => {
            return Err(Error::BadArgument {
                argument: "GAME".into(),
                problem: format!(
                    "{} has no table of pairs: use nim, wythoff or a heap game",
                    game.name()
                ),
            })
        }
    };
    Ok(PairTable { game: game.name(), size, rows })
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

/// Checks a table against the theory: for Nim every cell is `x XOR y`; for Wythoff the zeros are
/// exactly the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` and their mirror images.
pub fn verify(game: &Game, table: &PairTable) -> Result<Verification> {
    let size = table.size;
    let (statement, expected): (String, Box<dyn Fn(usize, usize) -> bool>) = match game {
        Game::Nim => (
            "the mex of each cell's row and column equals x XOR y".into(),
            Box::new(|x, y| table.rows[x][y] == (x ^ y) as u64),
        ),
        Game::Wythoff => (
            "the zeros of the Grundy table are exactly the Wythoff pairs (floor(k phi), floor(k phi) + k)"
                .into(),
            Box::new(|x, y| {
                (table.rows[x][y] == 0)
                    == wythoff::is_p_position(&BigUint::from(x), &BigUint::from(y))
            }),
        ),
        _ => {
            return Err(Error::BadArgument {
                argument: "--verify".into(),
                problem: format!("there is no closed form to check {} against", game.name()),
            })
        }
    };
    let mismatches: Vec<(usize, usize)> = (0..size)
        .flat_map(|x| (0..size).map(move |y| (x, y)))
        .filter(|&(x, y)| !expected(x, y))
        .collect();
    Ok(Verification { statement, n_cells: size * size, mismatches })
}
