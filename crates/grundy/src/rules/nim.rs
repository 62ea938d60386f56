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

use crate::nimber::{nim_sum_of, NimInt};
use crate::outcome::Outcome;

/// One move of Nim: heap `heap_idx` goes from `from` tokens to `to` tokens (`to < from`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimMove<T> {
    /// Index of the heap moved in (0-based).
    pub heap_idx: usize,
    /// Tokens in that heap before the move.
    pub from: T,
    /// Tokens left after the move (`0` when the heap is taken whole).
    pub to: T,
}

impl<T: NimInt> NimMove<T> {
    /// How many tokens the move takes.
    pub fn taken(&self) -> T {
        self.from.minus(&self.to)
    }
}

/// The Grundy value of a Nim position: the nim-sum of its heaps.
///
/// ```
/// assert_eq!(grundy::games::nim::value(&[3u64, 4, 5]), 2);
/// ```
pub fn value<T: NimInt>(heaps: &[T]) -> T {
    nim_sum_of(heaps)
}

/// The outcome of a Nim position under normal play.
pub fn outcome<T: NimInt>(heaps: &[T]) -> Outcome {
    if value(heaps).is_zero() {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// Every winning move under normal play, in heap order (empty for a P-position).
///
/// ```
/// let moves = grundy::games::nim::winning_moves(&[8u64, 13, 15]);
/// let targets: Vec<(u64, u64)> = moves.iter().map(|m| (m.from, m.to)).collect();
/// assert_eq!(targets, [(8, 2), (13, 7), (15, 5)]);
/// ```
pub fn winning_moves<T: NimInt>(heaps: &[T]) -> Vec<NimMove<T>> {
    let nim_sum = value(heaps);
    if nim_sum.is_zero() {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter_map(|(heap_idx, heap)| {
            let target = heap.xor(&nim_sum);
            (target < *heap).then(|| NimMove { heap_idx, from: heap.clone(), to: target })
        })
        .collect()
}

/// The first winning move under normal play, found without collecting the others.
pub fn first_winning_move<T: NimInt>(heaps: &[T]) -> Option<NimMove<T>> {
    let nim_sum = value(heaps);
    if nim_sum.is_zero() {
        return None;
    }
    heaps.iter().enumerate().find_map(|(heap_idx, heap)| {
        let target = heap.xor(&nim_sum);
        (target < *heap).then(|| NimMove { heap_idx, from: heap.clone(), to: target })
    })
}

/// Misère Nim: the player who cannot move wins.
pub mod misere {
    use super::*;

    /// Whether some heap has at least two tokens (the position is "fat").
    fn has_big_heap<T: NimInt>(heaps: &[T]) -> bool {
        heaps.iter().any(|heap| heap.bit_length() >= 2)
    }

    /// The misère outcome: N iff (some heap ≥ 2 and nim-sum ≠ 0) or (all heaps ≤ 1 and
    /// nim-sum = 0).
    ///
    /// ```
    /// use grundy::{games::nim::misere, Outcome};
    /// assert_eq!(misere::outcome(&[1u64, 1]), Outcome::N); // take one, opponent takes the last
    /// assert_eq!(misere::outcome(&[1u64]), Outcome::P);
    /// assert_eq!(misere::outcome(&[2u64, 2]), Outcome::P);
    /// ```
    pub fn outcome<T: NimInt>(heaps: &[T]) -> Outcome {
        let nim_zero = value(heaps).is_zero();
        let wins = if has_big_heap(heaps) { !nim_zero } else { nim_zero };
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Every winning move under misère play, in heap order, each listed once.
    ///
    /// A move to `t` in heap `i` wins exactly when it reaches a misère P-position: either the
    /// result keeps a heap ≥ 2 and has nim-sum 0 (so `t = h_i XOR x`), or every heap of the
    /// result is at most 1 and their nim-sum is 1 (so `t` is the bit that makes the count of
    /// ones odd). Both candidates are tried; nothing else can win.
    pub fn winning_moves<T: NimInt>(heaps: &[T]) -> Vec<NimMove<T>> {
        if outcome(heaps) == Outcome::P {
            return Vec::new();
        }
        let nim_sum = value(heaps);
        let n_big = heaps.iter().filter(|heap| heap.bit_length() >= 2).count();
        let mut moves = Vec::new();
        for (heap_idx, heap) in heaps.iter().enumerate() {
            let is_big = heap.bit_length() >= 2;
            let others_big = n_big - usize::from(is_big);
            let rest_sum = nim_sum.xor(heap);
            let mut targets: Vec<T> = Vec::with_capacity(2);
            // Candidate 1: a fat result with nim-sum 0.
            let target = rest_sum.clone();
            if target < *heap && (others_big > 0 || target.bit_length() >= 2) {
                targets.push(target);
            }
            // Candidate 2: a thin result (all heaps ≤ 1) with an odd number of ones.
            if others_big == 0 {
                // rest_sum is 0 or 1 here, since every other heap is at most 1.
                let target = T::from_u64(1).xor(&rest_sum);
                if target < *heap && !targets.contains(&target) {
                    targets.push(target);
                }
            }
            targets.sort();
            for to in targets {
                moves.push(NimMove { heap_idx, from: heap.clone(), to });
            }
        }
        moves
    }
}
