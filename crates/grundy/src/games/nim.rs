//! Nim and misère Nim, by their closed forms.
//!
//! Normal play (Bouton): the player to move loses exactly when the nim-sum of the heaps is 0,
//! and the winning moves reduce a heap `h` to `h XOR x` wherever that is smaller (`x` the
//! nim-sum), which is exactly the heaps that have the nim-sum's highest set bit.
//!
//! Misère play (the player who cannot move wins): the player to move wins exactly when
//! (some heap is at least 2 and the nim-sum is not 0) or (every heap is at most 1 and the
//! nim-sum is 0). Every function here is generic over [`NimInt`], so machine words run fast and
//! heaps of any size are answered exactly.

use super::heap::HeapGame;
use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveBudget, MoveReport, Value};
use crate::error::Result;
use crate::limits::Limits;
use crate::nimber::NimInt;
pub use crate::rules::nim::*;
use crate::ruleset::{Options, Ruleset};
use crate::table::{PairTable, Verification};
use num_bigint::BigUint;
use std::sync::Arc;

/// `nim` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct NimFamily;

impl Family for NimFamily {
    fn syntax(&self) -> &'static str {
        "nim"
    }
    fn about(&self) -> &'static str {
        "Nim: take any positive number of tokens from one heap"
    }
    fn component(&self) -> &'static str {
        "a heap size: 7"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "nim").then(|| Ok(Arc::new(Nim) as Arc<dyn Game>))
    }
}

/// Nim as a game: heaps of any size, answered by the closed forms above.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

impl Ruleset for Nim {
    type Position = BigUint;

    /// Every smaller heap (read literally: for searches and tests; answers use the closed form).
    fn options(&self, heap: &BigUint, options: &mut Options<BigUint>) -> Result<()> {
        let n = u64::try_from(heap).unwrap_or(u64::MAX);
        for to in 0..n {
            if options.is_full() {
                options.push_one(BigUint::from(to));
                break;
            }
            if to == 0 {
                options.push([]);
            } else {
                options.push_one(BigUint::from(to));
            }
        }
        Ok(())
    }
}

impl Rules for Nim {
    fn name(&self) -> String {
        "nim".into()
    }
    /// Nim and misère Nim by their formulas.
    fn answers_at_once(&self, _convention: Convention) -> bool {
        true
    }
    fn parse_component(&self, text: &str) -> crate::error::Result<BigUint> {
        super::parse_heap(text)
    }
    fn show_component(&self, heap: &BigUint) -> String {
        heap.to_string()
    }
    fn empty_component(&self) -> Option<BigUint> {
        Some(BigUint::ZERO)
    }
    fn normal_play(&self, heaps: &[BigUint], limits: &Limits) -> Option<Result<Analysis>> {
        Some(solve_nim(heaps, Convention::Normal, limits))
    }
    fn misere_play(&self, heaps: &[BigUint], limits: &Limits) -> Option<Result<Analysis>> {
        Some(solve_nim(heaps, Convention::Misere, limits))
    }
    fn explain(
        &self,
        heaps: &[BigUint],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        _limits: &Limits,
    ) -> Option<String> {
        Some(match analysis.convention {
            Convention::Normal => crate::explain::nim(heaps, lang),
            Convention::Misere => crate::explain::misere_nim(heaps, lang),
        })
    }
    fn heap_game(&self) -> Option<HeapGame> {
        Some(HeapGame::nim())
    }
    fn draw_component(&self, heap: &BigUint, lang: crate::i18n::Lang) -> String {
        super::heap::draw_heap(heap, lang)
    }
    fn component_tokens(&self, heap: &BigUint) -> Option<u128> {
        u128::try_from(heap).ok()
    }
    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        Some(crate::table::checked_size(size, limits).and_then(|size| {
            let table = crate::games::wythoff::GrundyTable::within(size, false, limits)?;
            Ok(PairTable::from_grundy_table("nim", &table))
        }))
    }
    fn batch_line(
        &self,
        line: &[u8],
        convention: Convention,
        scratch: &mut Vec<u64>,
        out: &mut Vec<u8>,
    ) -> bool {
        batch_line(line, convention, scratch, out)
    }
    fn table_formula(&self) -> Option<(&'static str, &'static str)> {
        Some(("x XOR y", "Bouton: the value of two Nim heaps is their nim-sum"))
    }
    fn verify_table(&self, table: &PairTable) -> Option<Verification> {
        Some(Verification::check(
            "the mex of each cell's row and column equals x XOR y",
            table,
            |x, y| (x ^ y) as u64,
        ))
    }
}

/// Nim by its closed forms: machine words when every heap fits, big integers otherwise.
///
/// An error only when the list of winning moves would pass `limits`' memory.
pub fn solve_nim(heaps: &[BigUint], convention: Convention, limits: &Limits) -> Result<Analysis> {
    let words: Option<Vec<u64>> = heaps.iter().map(|heap| u64::try_from(heap).ok()).collect();
    match words {
        Some(words) => nim_analysis(&words, convention, limits),
        None => nim_analysis(heaps, convention, limits),
    }
}

fn nim_analysis<T: NimInt>(
    heaps: &[T],
    convention: Convention,
    limits: &Limits,
) -> Result<Analysis> {
    let (outcome, moves) = match convention {
        Convention::Normal => (self::outcome(heaps), self::winning_moves(heaps)),
        Convention::Misere => (misere::outcome(heaps), misere::winning_moves(heaps)),
    };
    let normal_play = convention == Convention::Normal;
    let texts: Vec<String> = heaps.iter().map(ToString::to_string).collect();
    let components = heaps
        .iter()
        .zip(&texts)
        .map(|(heap, text)| ComponentReport {
            position: text.clone(),
            value: normal_play.then(|| Value::Nimber(heap.to_biguint())),
            // A heap *n is tame: 0^120, 1^031, and n^(n, n XOR 2) from 2 on.
            genus: (!normal_play)
                .then(|| u64::try_from(heap.to_biguint()).ok())
                .flatten()
                .map(|n| crate::misere::genus::Genus::tame(n, n <= 1).to_string()),
        })
        .collect();
    MoveBudget::new(&texts).charge_many(moves.len() as u64, limits)?;
    let winning_moves =
        moves.iter().map(|m| MoveReport::new(&texts, m.heap_idx, vec![m.to.to_string()])).collect();
    Ok(Analysis {
        game: "nim".into(),
        convention,
        components,
        value: normal_play.then(|| Value::Nimber(self::value(heaps).to_biguint())),
        outcome,
        winning_moves,
        winning_moves_complete: true,
    })
}

/// The `--batch` answer of one line of heaps that fit machine words, straight from the bytes:
/// `P`, or `N` and the heaps after the first winning move, as [`Analysis::short_answer`]
/// writes the general answer. `false` (and nothing written) when the line is anything else, for
/// the general path to answer or report.
pub fn batch_line(
    line: &[u8],
    convention: Convention,
    heaps: &mut Vec<u64>,
    out: &mut Vec<u8>,
) -> bool {
    if !parse_word_heaps(line, heaps) {
        return false;
    }
    let (outcome, first) = match convention {
        Convention::Normal => (self::outcome(heaps), first_winning_move(heaps)),
        // Misère N-positions need not have a move: the empty position is won.
        Convention::Misere => {
            (misere::outcome(heaps), misere::winning_moves(heaps).into_iter().next())
        }
    };
    out.extend_from_slice(outcome.letter().as_bytes());
    if let Some(first) = first {
        let mut digits = itoa::Buffer::new();
        for (heap_idx, &heap) in heaps.iter().enumerate() {
            let heap = if heap_idx == first.heap_idx { first.to } else { heap };
            out.push(b' ');
            out.extend_from_slice(digits.format(heap).as_bytes());
        }
    }
    out.push(b'\n');
    true
}

/// Reads a line of heaps that all fit in 19 decimal digits; false if anything is unusual.
fn parse_word_heaps(line: &[u8], heaps: &mut Vec<u64>) -> bool {
    heaps.clear();
    let mut idx = 0;
    let len = line.len();
    while idx < len {
        let byte = line[idx];
        if byte == b' ' || byte == b'\t' || byte == b'\r' {
            idx += 1;
            continue;
        }
        let start = idx;
        let mut heap: u64 = 0;
        while idx < len && line[idx].is_ascii_digit() {
            // At most 19 digits are accepted below, so this cannot overflow before the check.
            heap = heap.wrapping_mul(10).wrapping_add(u64::from(line[idx] - b'0'));
            idx += 1;
        }
        let n_digits = idx - start;
        if n_digits == 0 || n_digits > 19 {
            return false;
        }
        if idx < len && !matches!(line[idx], b' ' | b'\t' | b'\r') {
            return false;
        }
        heaps.push(heap);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;
    use num_bigint::BigUint;
    use proptest::prelude::*;
    use std::collections::{BTreeSet, HashMap};

    /// Exhaustive game-tree search on sorted heap multisets: the definition of P and N, with no
    /// theory at all. `misere` says whether the player unable to move wins.
    fn to_move_wins(
        heaps: &[u64],
        misere: bool,
        memo: &mut HashMap<(Vec<u64>, bool), bool>,
    ) -> bool {
        let mut key: Vec<u64> = heaps.to_vec();
        key.sort_unstable();
        if let Some(&known) = memo.get(&(key.clone(), misere)) {
            return known;
        }
        let mut any_move = false;
        let mut wins = false;
        'search: for heap_idx in 0..heaps.len() {
            for to in 0..heaps[heap_idx] {
                any_move = true;
                let mut next = heaps.to_vec();
                next[heap_idx] = to;
                if !to_move_wins(&next, misere, memo) {
                    wins = true;
                    break 'search;
                }
            }
        }
        let result = if any_move { wins } else { misere };
        memo.insert((key, misere), result);
        result
    }

    fn winning_moves_by_search(heaps: &[u64], misere: bool) -> BTreeSet<(usize, u64)> {
        let mut memo = HashMap::new();
        let mut found = BTreeSet::new();
        for heap_idx in 0..heaps.len() {
            for to in 0..heaps[heap_idx] {
                let mut next = heaps.to_vec();
                next[heap_idx] = to;
                if !to_move_wins(&next, misere, &mut memo) {
                    found.insert((heap_idx, to));
                }
            }
        }
        found
    }

    fn as_set(moves: &[NimMove<u64>]) -> BTreeSet<(usize, u64)> {
        moves.iter().map(|m| (m.heap_idx, m.to)).collect()
    }

    proptest! {
        #[test]
        fn normal_play_matches_search(heaps in proptest::collection::vec(0u64..8, 0..5)) {
            let mut memo = HashMap::new();
            let wins = to_move_wins(&heaps, false, &mut memo);
            prop_assert_eq!(outcome(&heaps) == Outcome::N, wins);
            let listed = winning_moves(&heaps);
            prop_assert_eq!(as_set(&listed), winning_moves_by_search(&heaps, false));
            prop_assert_eq!(as_set(&listed).len(), listed.len(), "each move once");
            prop_assert_eq!(first_winning_move(&heaps), listed.first().cloned());
        }

        #[test]
        fn misere_play_matches_search(heaps in proptest::collection::vec(0u64..8, 0..5)) {
            let mut memo = HashMap::new();
            let wins = to_move_wins(&heaps, true, &mut memo);
            prop_assert_eq!(misere::outcome(&heaps) == Outcome::N, wins);
            let listed = misere::winning_moves(&heaps);
            prop_assert_eq!(as_set(&listed), winning_moves_by_search(&heaps, true));
            prop_assert_eq!(as_set(&listed).len(), listed.len(), "each move once");
        }

        #[test]
        fn large_positions_moves_are_exactly_the_zeroing_ones(heaps in proptest::collection::vec(any::<u64>(), 1..12)) {
            let listed = winning_moves(&heaps);
            let x = value(&heaps);
            for m in &listed {
                let mut after = heaps.clone();
                after[m.heap_idx] = m.to;
                prop_assert_eq!(value(&after), 0);
                prop_assert!(m.to < m.from);
            }
            // No other heap has a move to nim-sum 0: the only candidate target is h ^ x.
            let movers: BTreeSet<usize> = listed.iter().map(|m| m.heap_idx).collect();
            for (i, h) in heaps.iter().enumerate() {
                let can = x != 0 && (h ^ x) < *h;
                prop_assert_eq!(can, movers.contains(&i));
            }
            prop_assert_eq!(listed.is_empty(), x == 0);
        }

        #[test]
        fn big_integers_agree_with_words(heaps in proptest::collection::vec(any::<u64>(), 0..8), misere_play in any::<bool>()) {
            let big: Vec<BigUint> = heaps.iter().map(|h| BigUint::from(*h)).collect();
            let (small_moves, big_moves) = if misere_play {
                (misere::winning_moves(&heaps), misere::winning_moves(&big))
            } else {
                (winning_moves(&heaps), winning_moves(&big))
            };
            let small: Vec<(usize, BigUint)> = small_moves.iter().map(|m| (m.heap_idx, BigUint::from(m.to))).collect();
            let big: Vec<(usize, BigUint)> = big_moves.iter().map(|m| (m.heap_idx, m.to.clone())).collect();
            prop_assert_eq!(small, big);
        }

        #[test]
        fn large_misere_moves_reach_p_positions(heaps in proptest::collection::vec(0u64..1_000_000, 1..10)) {
            for m in misere::winning_moves(&heaps) {
                let mut after = heaps.clone();
                after[m.heap_idx] = m.to;
                prop_assert_eq!(misere::outcome(&after), Outcome::P);
            }
        }
    }

    #[test]
    fn seed_examples() {
        let moves = winning_moves(&[3u64, 4, 5]);
        assert_eq!(moves.len(), 1);
        assert_eq!((moves[0].heap_idx, moves[0].taken()), (0, 2));
        // The Macedonian lesson says 7 from the 13-heap; it is 6 (13 -> 7).
        let moves = winning_moves(&[8u64, 13, 15]);
        let taken: Vec<u64> = moves.iter().map(NimMove::taken).collect();
        assert_eq!(taken, [6, 6, 10]);
        let moves = winning_moves(&[4u64, 7]);
        assert_eq!((moves.len(), moves[0].from, moves[0].to), (1, 7, 4));
    }

    #[test]
    fn hundred_digit_heaps_are_exact() {
        let a: BigUint = "1".repeat(100).parse().unwrap();
        let b: BigUint = "2".repeat(100).parse().unwrap();
        let moves = winning_moves(&[a.clone(), b.clone()]);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].to, a.min(b));
    }
}
