//! Wythoff's game: two heaps; take any positive number from one heap, or the same positive
//! number from both.
//!
//! The P-positions are `(0, 0)` and the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` for `k ≥ 1` (Wythoff 1907), and
//! every positive integer lies in exactly one of them. `⌊kφ⌋` is computed exactly as
//! `(k + ⌊√(5k²)⌋) / 2` (√(5k²) is irrational for `k > 0`, so the floor can be taken inside), so
//! positions with heaps of any size are decided at once. Grundy values of pairs, needed for sums,
//! come from [`GrundyTable`], built with per-row, per-column and per-diagonal bitsets.

use super::{Family, Game, Rules, Spec};
use crate::analysis::generic::{analyze_sum, Writer};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::ruleset::{Options, Ruleset};
use crate::solve::loopy::LoopyValue;
use crate::table::{PairTable, Verification};
use crate::Outcome;
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::Arc;

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

/// `wythoff` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct WythoffFamily;

impl Family for WythoffFamily {
    fn syntax(&self) -> &'static str {
        "wythoff"
    }
    fn about(&self) -> &'static str {
        "Wythoff's game: take from one heap of a pair, or the same number from both"
    }
    fn component(&self) -> &'static str {
        "a pair: 3,5"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "wythoff").then(|| Ok(Arc::new(Wythoff) as Arc<dyn Game>))
    }
}

/// Wythoff's game: a component is a pair of heaps of any size.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

/// A Wythoff pair.
pub type Pair = (BigUint, BigUint);

impl Ruleset for Wythoff {
    type Position = Pair;

    fn options(&self, (a, b): &Pair, options: &mut Options<Pair>) -> Result<()> {
        // Heaps past 2^64 have more options than any limit: the buffer overflows first.
        let (a, b) = (u64::try_from(a).unwrap_or(u64::MAX), u64::try_from(b).unwrap_or(u64::MAX));
        let pair = |x: u64, y: u64| (BigUint::from(x), BigUint::from(y));
        for to in 0..a {
            options.push_one(pair(to, b));
            if options.overflowed() {
                return Ok(());
            }
        }
        for to in 0..b {
            options.push_one(pair(a, to));
            if options.overflowed() {
                return Ok(());
            }
        }
        for taken in 1..=a.min(b) {
            options.push_one(pair(a - taken, b - taken));
            if options.overflowed() {
                return Ok(());
            }
        }
        Ok(())
    }
}

impl Rules for Wythoff {
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn parse_component(&self, text: &str) -> std::result::Result<Pair, String> {
        let list = super::parse_number_list(text)?;
        match <[BigUint; 2]>::try_from(list) {
            Ok([a, b]) => Ok((a, b)),
            Err(_) => Err("a Wythoff position is a pair of heaps, like 3,5".into()),
        }
    }
    fn show_component(&self, (a, b): &Pair) -> String {
        format!("{a},{b}")
    }
    fn empty_component(&self) -> Option<Pair> {
        Some((BigUint::ZERO, BigUint::ZERO))
    }
    fn draw_component(&self, (a, b): &Pair, lang: crate::i18n::Lang) -> String {
        format!("{}   |   {}", super::heap::draw_heap(a, lang), super::heap::draw_heap(b, lang))
    }
    fn component_tokens(&self, (a, b): &Pair) -> Option<u128> {
        Some(u128::try_from(a).ok()? + u128::try_from(b).ok()?)
    }
    fn normal_play(&self, pairs: &[Pair], limits: &Limits) -> Option<Result<Analysis>> {
        Some(solve_wythoff(pairs, limits))
    }
    fn explain(
        &self,
        pairs: &[Pair],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        _limits: &Limits,
    ) -> Option<String> {
        (analysis.convention == Convention::Normal)
            .then(|| crate::explain::wythoff(pairs, analysis, lang))
    }
    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        Some(crate::table::checked_size(size, limits).and_then(|size| {
            Ok(PairTable::from_grundy_table("wythoff", &GrundyTable::within(size, true, limits)?))
        }))
    }
    fn verify_table(&self, table: &PairTable) -> Option<Verification> {
        Some(Verification::check_cells(
            "the zeros of the Grundy table are exactly the Wythoff pairs (floor(k phi), floor(k phi) + k)",
            table,
            |x, y, value| (value == 0) == is_p_position(&BigUint::from(x), &BigUint::from(y)),
        ))
    }
}

fn small_enough((a, b): &Pair) -> bool {
    let limit = BigUint::from(WYTHOFF_TABLE_LIMIT);
    a < &limit && b < &limit
}

/// Wythoff's game: outcome and winning moves of a single pair from the closed form (any size);
/// sums of pairs by Grundy values from the table.
fn solve_wythoff(pairs: &[Pair], limits: &Limits) -> Result<Analysis> {
    let format = |p: &Pair| Wythoff.show_component(p);
    if let [pair] = pairs {
        let from = format(pair);
        let value = small_enough(pair).then(|| {
            let (a, b) = (u64::try_from(&pair.0).unwrap_or(0), u64::try_from(&pair.1).unwrap_or(0));
            let table = GrundyTable::new(a.max(b) as usize + 1);
            Value::Nimber(table.value(a, b).unwrap_or(0).into())
        });
        let texts = vec![from.clone()];
        let winning_moves: Vec<MoveReport> = winning_moves(&pair.0, &pair.1)
            .into_iter()
            .map(|to| MoveReport::new(&texts, 0, vec![format(&to)]))
            .collect();
        let outcome = if winning_moves.is_empty() { Outcome::P } else { Outcome::N };
        return Ok(Analysis {
            game: "wythoff".into(),
            convention: Convention::Normal,
            components: vec![ComponentReport { position: from, value: value.clone(), genus: None }],
            value,
            outcome,
            winning_moves,
            winning_moves_complete: true,
        });
    }
    if let Some(idx) = pairs.iter().position(|p| !small_enough(p)) {
        return Err(Error::BadComponent {
            number: idx + 1,
            text: format(&pairs[idx]),
            problem: format!(
                "a sum of Wythoff pairs needs their Grundy values, tabled for heaps below {WYTHOFF_TABLE_LIMIT} (a single pair of any size is decided by the closed form)"
            ),
        });
    }
    let word = |n: &BigUint| u64::try_from(n).unwrap_or(0);
    let largest = pairs.iter().map(|(a, b)| word(a).max(word(b))).max().unwrap_or(0);
    let table = GrundyTable::new(largest as usize + 1);
    let writer = Writer { format: &format, empty: Some("0,0".into()) };
    analyze_sum(
        "wythoff".into(),
        &Wythoff,
        pairs,
        &mut |(a, b)| Ok(LoopyValue::Finite(u64::from(table.value(word(a), word(b)).unwrap_or(0)))),
        &writer,
        limits,
    )
}
