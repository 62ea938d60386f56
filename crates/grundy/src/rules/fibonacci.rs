//! Fibonacci Nim: one heap; the first move takes 1 to n − 1 tokens, and afterwards a move takes
//! 1 to twice what the previous move took. A component is `n` (a fresh heap) or `n,m` (n tokens
//! left, at most m may be taken now); sums of heaps are allowed, each heap keeping its limit.
//!
//! **Theory** (Whinihan 1963). Write n ≥ 1 in Zeckendorf form, a sum of non-consecutive
//! Fibonacci numbers 1, 2, 3, 5, 8, …, and let q(n) be its smallest term. The position `(n, m)` is
//! an N-position exactly when q(n) ≤ m; so a fresh heap (m = n − 1) is lost for the player to move
//! exactly when n is a Fibonacci number.
//!
//! **Every winning move.** Taking k leaves r = n − k with limit min(2k, r), a P-position exactly
//! when r = 0 or q(r) > 2k. Then every term of r is above 2k > k, and the largest term F_a of k's
//! Zeckendorf form satisfies F_a ≤ k < q(r)/2 < F_{b−1} where q(r) = F_b, so the terms of k and of
//! r together are non-consecutive: by uniqueness they are the Zeckendorf form of n. So the
//! winning takes are exactly the sums of the j smallest terms of n (j ≥ 1) that are at most m and
//! leave r = 0 or q(r) > 2k; the list below is complete for heaps of any size.
//!
//! Grundy values (for sums of heaps) are not known in closed form: they come from the generic
//! answer path, memoized over the positions `(n, m)`.

/// One heap of Fibonacci Nim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FibHeap {
    /// Tokens left.
    pub tokens: u64,
    /// The most the next move may take (at most `tokens`).
    pub max_take: u64,
    /// A heap no move has been made in (written `n`; its limit is n − 1).
    pub fresh: bool,
}

use crate::codec::Codec;

impl Codec for FibHeap {
    fn encode(&self, out: &mut Vec<u8>) {
        (self.tokens, self.max_take).encode(out);
        self.fresh.encode(out);
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let (tokens, max_take) = <(u64, u64)>::decode_from(input)?;
        let fresh = bool::decode_from(input)?;
        Some(FibHeap { tokens, max_take, fresh })
    }
}

impl FibHeap {
    /// A fresh heap of `tokens`.
    pub fn fresh(tokens: u64) -> FibHeap {
        FibHeap { tokens, max_take: tokens.saturating_sub(1), fresh: tokens > 0 }
    }

    /// `tokens` left, at most `max_take` of them to be taken now.
    pub fn limited(tokens: u64, max_take: u64) -> FibHeap {
        FibHeap { tokens, max_take: max_take.min(tokens), fresh: false }
    }

    /// The heap after taking `k` tokens.
    pub fn take(&self, k: u64) -> FibHeap {
        let left = self.tokens - k;
        FibHeap::limited(left, k.saturating_mul(2))
    }
}

/// The Zeckendorf terms of `n`, smallest first (non-consecutive Fibonacci numbers 1, 2, 3, 5, …).
///
/// ```
/// use grundy::games::fibonacci::zeckendorf;
/// assert_eq!(zeckendorf(100), [3, 8, 89]);
/// assert_eq!(zeckendorf(0), Vec::<u64>::new());
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibonacci = vec![1u64, 2];
    while let Some(next) =
        fibonacci[fibonacci.len() - 1].checked_add(fibonacci[fibonacci.len() - 2])
    {
        fibonacci.push(next);
    }
    let mut terms = Vec::new();
    for &f in fibonacci.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms.reverse();
    terms
}

/// Whether the heap is a P-position (the player to move loses): no token left, or the smallest
/// Zeckendorf term of its size is more than may be taken.
///
/// ```
/// use grundy::games::fibonacci::{is_p_position, FibHeap};
/// assert!(is_p_position(&FibHeap::fresh(13)));   // 13 is a Fibonacci number
/// assert!(!is_p_position(&FibHeap::fresh(10)));  // 10 = 8 + 2: take 2
/// assert!(is_p_position(&FibHeap::limited(10, 1)));
/// ```
pub fn is_p_position(heap: &FibHeap) -> bool {
    zeckendorf(heap.tokens).first().is_none_or(|&smallest| smallest > heap.max_take)
}

/// Every winning take from `heap`, smallest first (complete for heaps of any size; see the
/// module's proof).
///
/// ```
/// use grundy::games::fibonacci::{winning_takes, FibHeap};
/// assert_eq!(winning_takes(&FibHeap::fresh(100)), [3, 11]); // 100 = 89 + 8 + 3
/// assert_eq!(winning_takes(&FibHeap::limited(4, 4)), [1, 4]);
/// ```
pub fn winning_takes(heap: &FibHeap) -> Vec<u64> {
    let terms = zeckendorf(heap.tokens);
    let mut takes = Vec::new();
    let mut k = 0u64;
    for (idx, term) in terms.iter().enumerate() {
        k += term;
        if k > heap.max_take {
            break;
        }
        let rest_smallest = terms.get(idx + 1);
        if rest_smallest.is_none_or(|&q| q > 2 * k) {
            takes.push(k);
        }
    }
    takes
}
