//! Wythoff's game: two heaps; take any positive number from one heap, or the same positive
//! number from both.
//!
//! The P-positions are `(0, 0)` and the pairs `(⌊kφ⌋, ⌊kφ⌋ + k)` for `k ≥ 1` (Wythoff 1907), and
//! every positive integer lies in exactly one of them. `⌊kφ⌋` is computed exactly as
//! `(k + ⌊√(5k²)⌋) / 2` (√(5k²) is irrational for `k > 0`, so the floor can be taken inside), so
//! positions with heaps of any size are decided at once. Grundy values of pairs, needed for sums,
//! come from [`GrundyTable`], built with per-row, per-column and per-diagonal bitsets.

use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::{Error, Result};
use crate::games::generic::{analyze_sum, Writer};
use crate::limits::Limits;
use crate::outcome::Outcome;
pub use crate::rules::wythoff::*;
use crate::ruleset::{Options, Ruleset};
use crate::solve::loopy::LoopyValue;
use crate::table::{PairTable, Verification};
use num_bigint::BigUint;
use std::sync::Arc;
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
    fn parse_component(&self, text: &str) -> crate::error::Result<Pair> {
        let list = super::parse_number_list(text)?;
        match <[BigUint; 2]>::try_from(list) {
            Ok([a, b]) => Ok((a, b)),
            Err(_) => {
                Err(crate::error::Error::invalid("a Wythoff position is a pair of heaps, like 3,5"))
            }
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
