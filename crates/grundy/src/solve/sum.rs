//! Sums of games: the value of the whole from the values of the parts, and which moves win.
//!
//! Finite parts add by XOR (Sprague–Grundy). With loopy parts (Smith): one infinite part ∞(K)
//! with finite rest `s` gives ∞(K ⊕ s), where K ⊕ s is `{k XOR s : k in K}`; two or more infinite
//! parts give ∞(∅), since every move leaves at least one of them infinite.

use super::loopy::LoopyValue;
use crate::outcome::Outcome;

/// The value of a sum whose parts have these values.
///
/// ```
/// use grundy::solve::{loopy::LoopyValue::*, sum::sum_value};
/// assert_eq!(sum_value(&[Finite(3), Finite(5)]), Finite(6));
/// assert_eq!(sum_value(&[Infinite(vec![0, 2]), Finite(2)]), Infinite(vec![0, 2]));
/// assert_eq!(sum_value(&[Infinite(vec![1]), Infinite(vec![0])]), Infinite(vec![]));
/// ```
pub fn sum_value(values: &[LoopyValue]) -> LoopyValue {
    let mut finite_sum = 0u64;
    let mut infinite: Option<&Vec<u64>> = None;
    let mut n_infinite = 0;
    for value in values {
        match value {
            LoopyValue::Finite(v) => finite_sum ^= v,
            LoopyValue::Infinite(set) => {
                n_infinite += 1;
                infinite = Some(set);
            }
        }
    }
    match (n_infinite, infinite) {
        (0, _) => LoopyValue::Finite(finite_sum),
        (1, Some(set)) => {
            let mut shifted: Vec<u64> = set.iter().map(|k| k ^ finite_sum).collect();
            shifted.sort_unstable();
            LoopyValue::Infinite(shifted)
        }
        _ => LoopyValue::Infinite(Vec::new()),
    }
}

/// The outcome of a position of this value: 0 is P, other finite values are N, ∞(K) is N when
/// 0 is in K (move to a 0) and a draw otherwise.
pub fn outcome_of(value: &LoopyValue) -> Outcome {
    match value {
        LoopyValue::Finite(0) => Outcome::P,
        LoopyValue::Finite(_) => Outcome::N,
        LoopyValue::Infinite(set) if set.contains(&0) => Outcome::N,
        LoopyValue::Infinite(_) => Outcome::D,
    }
}

/// What a move must achieve in one part for the sum to become a P-position (value 0).
///
/// Returns, for part `part_idx`, the finite value its option must have, or `None` if no move in
/// that part can win. Any option of that finite value wins, and nothing else does.
pub fn winning_target(values: &[LoopyValue], part_idx: usize) -> Option<u64> {
    let mut rest = 0u64;
    for (idx, value) in values.iter().enumerate() {
        if idx == part_idx {
            continue;
        }
        match value {
            LoopyValue::Finite(v) => rest ^= v,
            // Another infinite part stays infinite after a move here: the sum cannot be 0.
            LoopyValue::Infinite(_) => return None,
        }
    }
    match &values[part_idx] {
        // A move to the same value would need an option equal to the part's own value, which
        // condition (a) of the definition forbids; such a target is never reached.
        LoopyValue::Finite(v) if *v == rest => None,
        _ => Some(rest),
    }
}
