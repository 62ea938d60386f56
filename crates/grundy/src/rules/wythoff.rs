//! Wythoff's game: two heaps; take any positive number from one heap, or the same positive
//! number from both.
//!
//! The P-positions are `(0, 0)` and the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` for `k ≥ 1` (Wythoff 1907), and
//! every positive integer lies in exactly one of them. `⌊kφ⌋` is computed exactly as
//! `(k + ⌊√(5k²)⌋) / 2` (√(5k²) is irrational for `k > 0`, so the floor can be taken inside), so
//! positions with heaps of any size are decided at once. Grundy values of pairs, needed for sums,
//! come from [`GrundyTable`], built with per-row, per-column and per-diagonal bitsets.

use crate::error::Result;
use crate::limits::Limits;
use num_bigint::BigUint;
use num_traits::Zero;

/// ⌊kφ⌋ exactly, for `k` of any size.
///
/// ```
/// use grundy::games::wythoff::floor_k_phi;
/// let firsts: Vec<u32> = (0u32..8).map(|k| floor_k_phi(&k.into()).try_into().unwrap()).collect();
/// assert_eq!(firsts, [0, 1, 3, 4, 6, 8, 9, 11]);
/// ```
pub fn floor_k_phi(k: &BigUint) -> BigUint {
    let five_k_squared = k * k * 5u32;
    (k + five_k_squared.sqrt()) >> 1
}

/// Whether `(a, b)` is a P-position (the player to move loses).
///
/// ```
/// use grundy::games::wythoff::is_p_position;
/// assert!(is_p_position(&3u32.into(), &5u32.into()));
/// assert!(is_p_position(&5u32.into(), &3u32.into()));
/// assert!(!is_p_position(&3u32.into(), &4u32.into()));
/// ```
pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    floor_k_phi(&(large - small)) == *small
}

/// The other member of the P-position that contains `n` (0 for 0).
///
/// ```
/// use grundy::games::wythoff::partner;
/// assert_eq!(partner(&3u32.into()), 5u32.into());
/// assert_eq!(partner(&5u32.into()), 3u32.into());
/// assert_eq!(partner(&7u32.into()), 4u32.into());
/// ```
pub fn partner(n: &BigUint) -> BigUint {
    if n.is_zero() {
        return BigUint::zero();
    }
    // n = ⌊kφ⌋ for k near n/φ = n(√5 − 1)/2, or n = ⌊kφ⌋ + k for k near n/φ² = n(3 − √5)/2.
    let root = (n * n * 5u32).sqrt();
    let lower_guess: BigUint = (&root - n) >> 1;
    let upper_guess: BigUint = ((n * 3u32) - &root) >> 1;
    for guess in [lower_guess, upper_guess] {
        let start = if guess.is_zero() { BigUint::zero() } else { &guess - 1u32 };
        for offset in 0u32..4 {
            let k = &start + offset;
            if k.is_zero() {
                continue;
            }
            let first = floor_k_phi(&k);
            if first == *n {
                return &first + &k;
            }
            if &first + &k == *n {
                return first;
            }
        }
    }
    unreachable!("every positive integer is in exactly one Wythoff pair")
}

/// Every move from `(a, b)` to a P-position, as the pair it leaves.
///
/// ```
/// use grundy::games::wythoff::winning_moves;
/// let moves = winning_moves(&4u32.into(), &4u32.into());
/// assert_eq!(moves, [(0u32.into(), 0u32.into())]);
/// ```
pub fn winning_moves(a: &BigUint, b: &BigUint) -> Vec<(BigUint, BigUint)> {
    if is_p_position(a, b) {
        return Vec::new();
    }
    let mut moves: Vec<(BigUint, BigUint)> = Vec::new();
    // Change b, keeping a: b goes to a's partner.
    let target_b = partner(a);
    if target_b < *b {
        moves.push((a.clone(), target_b));
    }
    // Change a, keeping b.
    let target_a = partner(b);
    if target_a < *a {
        moves.push((target_a, b.clone()));
    }
    // Take the same from both: the difference is kept, so the target is the pair with it.
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    let difference = large - small;
    let target_small = floor_k_phi(&difference);
    if target_small < *small {
        let taken = small - &target_small;
        moves.push((a - &taken, b - &taken));
    }
    moves.sort();
    moves.dedup();
    moves
}

/// The Grundy values of all pairs `(x, y)` with `x, y < size`.
///
/// Each cell is the mex of its row to the left, its column above and its diagonal up-left. The
/// values present in each row, column and diagonal are kept in bitsets, so a cell costs a scan
/// of a few words instead of a rescan of up to `3·size` cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    size: usize,
    cells: Vec<u32>,
}

impl GrundyTable {
    /// Computes the table for pairs below `size`.
    ///
    /// ```
    /// use grundy::games::wythoff::GrundyTable;
    /// let table = GrundyTable::new(4);
    /// assert_eq!(table.row(0), [0, 1, 2, 3]);
    /// assert_eq!(table.row(1), [1, 2, 0, 4]);
    /// assert_eq!(table.row(2), [2, 0, 1, 5]);
    /// ```
    pub fn new(size: usize) -> GrundyTable {
        Self::build(size, true)
    }

    /// The table of two Nim heaps (moves along rows and columns only), computed by the same
    /// definition: the seeds' "smallest number missing from its row and column", which is
    /// `x XOR y`.
    ///
    /// ```
    /// use grundy::games::wythoff::GrundyTable;
    /// let table = GrundyTable::rook(8);
    /// assert!((0..8).all(|x| (0..8).all(|y| table.value(x, y) == Some((x ^ y) as u32))));
    /// ```
    pub fn rook(size: usize) -> GrundyTable {
        Self::build(size, false)
    }

    /// [`GrundyTable::new`] (or, without diagonals, [`GrundyTable::rook`]) within `limits`:
    /// stopped by cancellation or the deadline between rows.
    pub fn within(size: usize, with_diagonals: bool, limits: &Limits) -> Result<GrundyTable> {
        Self::build_checked(size, with_diagonals, &|| limits.check())
    }

    fn build(size: usize, with_diagonals: bool) -> GrundyTable {
        match Self::build_checked(size, with_diagonals, &|| Ok(())) {
            Ok(table) => table,
            Err(_) => unreachable!("a table built without limits is never stopped"),
        }
    }

    fn build_checked(
        size: usize,
        with_diagonals: bool,
        check: &dyn Fn() -> Result<()>,
    ) -> Result<GrundyTable> {
        // Values in a row stay below 3·size (a cell's mex is at most its number of options).
        let n_words = (3 * size + 64).div_ceil(64);
        let mut rows = vec![0u64; size * n_words];
        let mut columns = vec![0u64; size * n_words];
        let mut diagonals = vec![0u64; (2 * size).max(1) * n_words];
        let mut cells = vec![0u32; size * size];
        for x in 0..size {
            check()?;
            for y in 0..size {
                let diagonal = x + size - y;
                let row = &rows[x * n_words..(x + 1) * n_words];
                let column = &columns[y * n_words..(y + 1) * n_words];
                let diag = &diagonals[diagonal * n_words..(diagonal + 1) * n_words];
                let mut value = 0u32;
                for word_idx in 0..n_words {
                    let diag_word = if with_diagonals { diag[word_idx] } else { 0 };
                    let taken = row[word_idx] | column[word_idx] | diag_word;
                    if taken != u64::MAX {
                        value = word_idx as u32 * 64 + taken.trailing_ones();
                        break;
                    }
                }
                cells[x * size + y] = value;
                let (word, bit) = ((value / 64) as usize, value % 64);
                rows[x * n_words + word] |= 1 << bit;
                columns[y * n_words + word] |= 1 << bit;
                diagonals[diagonal * n_words + word] |= 1 << bit;
            }
        }
        Ok(GrundyTable { size, cells })
    }

    /// The side of the table.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value of `(x, y)`, if inside the table.
    pub fn value(&self, x: u64, y: u64) -> Option<u32> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.size && y < self.size).then(|| self.cells[x * self.size + y])
    }

    /// Row `x`.
    pub fn row(&self, x: usize) -> &[u32] {
        &self.cells[x * self.size..(x + 1) * self.size]
    }
}

/// Grundy values of Wythoff pairs (needed for sums of pairs) are tabled for heaps below this.
pub const WYTHOFF_TABLE_LIMIT: u64 = 4096;

/// A Wythoff pair.
pub type Pair = (BigUint, BigUint);
