//! Moore's Nim_K: heaps; a move takes tokens (any positive numbers) from at least one and at
//! most `K` heaps. The whole list of heaps is one game.
//!
//! Moore's theorem (1910): a position is a P-position exactly when, writing every heap in binary,
//! each column's count of 1s is a multiple of `K + 1`. For `K = 1` that is Bouton's nim-sum.

use crate::ruleset::{Options, Ruleset};
use num_bigint::BigUint;

/// Whether the heaps form a P-position of Nim_K.
///
/// ```
/// use grundy::games::moore::is_p_position;
/// let heaps = |v: &[u32]| v.iter().map(|&h| h.into()).collect::<Vec<_>>();
/// assert!(is_p_position(&heaps(&[1, 1, 1]), 2));   // one column, three 1s
/// assert!(!is_p_position(&heaps(&[1, 1]), 2));     // take both at once
/// assert!(is_p_position(&heaps(&[3, 5, 6]), 1));   // Nim: 3 ^ 5 ^ 6 = 0
/// ```
pub fn is_p_position(heaps: &[BigUint], max_heaps_per_move: u64) -> bool {
    let n_bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    (0..n_bits).all(|bit| {
        heaps.iter().filter(|h| h.bit(bit)).count() as u64 % (max_heaps_per_move + 1) == 0
    })
}

/// One winning move by the constructive proof of Moore's theorem, as the heaps after it.
///
/// From the top bit down, heaps already reduced ("free") may take any lower bits. At each bit,
/// with `r` the column's count of 1s among heaps not yet reduced, taken mod `K + 1`: if the free
/// heaps can top the count up to `K + 1`, some of them get a 1; otherwise `r` heaps with a 1 in
/// this column are reduced (their 1 becomes 0) and join the free ones, which get 0. At most `K`
/// heaps are ever reduced.
pub fn constructive_move(heaps: &[BigUint], max_heaps_per_move: u64) -> Option<Vec<BigUint>> {
    if is_p_position(heaps, max_heaps_per_move) {
        return None;
    }
    let modulus = max_heaps_per_move + 1;
    let n_bits = heaps.iter().map(BigUint::bits).max().unwrap_or(0);
    let mut after: Vec<BigUint> = heaps.to_vec();
    let mut free = vec![false; heaps.len()];
    for bit in (0..n_bits).rev() {
        let residue =
            (0..heaps.len()).filter(|&i| !free[i] && heaps[i].bit(bit)).count() as u64 % modulus;
        let free_heaps: Vec<usize> = (0..heaps.len()).filter(|&i| free[i]).collect();
        if residue == 0 {
            free_heaps.iter().for_each(|&i| after[i].set_bit(bit, false));
        } else if residue + free_heaps.len() as u64 >= modulus {
            let ones_needed = (modulus - residue) as usize;
            for (rank, &i) in free_heaps.iter().enumerate() {
                after[i].set_bit(bit, rank < ones_needed);
            }
        } else {
            free_heaps.iter().for_each(|&i| after[i].set_bit(bit, false));
            let reduce: Vec<usize> = (0..heaps.len())
                .filter(|&i| !free[i] && heaps[i].bit(bit))
                .take(residue as usize)
                .collect();
            for i in reduce {
                after[i].set_bit(bit, false);
                free[i] = true;
            }
        }
    }
    Some(after)
}

/// Every winning move, by enumerating the moves, when there are at most `limit` of them;
/// `None` when there are more.
pub fn winning_moves_enumerated(
    heaps: &[u64],
    max_heaps_per_move: u64,
    limit: u64,
) -> Option<Vec<Vec<u64>>> {
    let big: Vec<BigUint> = heaps.iter().map(|&h| BigUint::from(h)).collect();
    if is_p_position(&big, max_heaps_per_move) {
        return Some(Vec::new());
    }
    let mut found = Vec::new();
    let mut count: u64 = 0;
    let complete = for_each_move(heaps, max_heaps_per_move, &mut |after| {
        count += 1;
        if count > limit {
            return false;
        }
        let big: Vec<BigUint> = after.iter().map(|&h| BigUint::from(h)).collect();
        if is_p_position(&big, max_heaps_per_move) {
            found.push(after.to_vec());
        }
        true
    });
    complete.then_some(found)
}

/// Calls `visit` with the heaps after every move (a new size, smaller, for 1 to `K` heaps), in
/// order, until it returns false; returns whether every move was visited.
fn for_each_move(
    heaps: &[u64],
    max_heaps_per_move: u64,
    visit: &mut dyn FnMut(&[u64]) -> bool,
) -> bool {
    fn walk(
        heaps: &[u64],
        idx: usize,
        changed: u64,
        max_changed: u64,
        after: &mut Vec<u64>,
        visit: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if idx == heaps.len() {
            return changed == 0 || visit(after);
        }
        if !walk(heaps, idx + 1, changed, max_changed, after, visit) {
            return false;
        }
        if changed < max_changed {
            for to in 0..heaps[idx] {
                after[idx] = to;
                if !walk(heaps, idx + 1, changed + 1, max_changed, after, visit) {
                    after[idx] = heaps[idx];
                    return false;
                }
            }
            after[idx] = heaps[idx];
        }
        true
    }
    let mut after = heaps.to_vec();
    walk(heaps, 0, 0, max_heaps_per_move, &mut after, visit)
}

/// Nim_K as a ruleset on the whole list of heaps (one position; for search and tests).
#[derive(Debug, Clone, Copy)]
pub struct Moore {
    /// The most heaps one move may take from.
    pub max_heaps_per_move: u64,
}

impl Ruleset for Moore {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, options: &mut Options<Vec<u64>>) {
        for_each_move(heaps, self.max_heaps_per_move, &mut |after| {
            options.push_one(after.to_vec());
            true
        });
    }
}
