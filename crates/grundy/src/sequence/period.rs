//! Periods of nim-sequences, reported only with a proof.
//!
//! **The periodicity theorem** (Guy & Smith 1956; Winning Ways ch. 4; Siegel, *Combinatorial
//! Game Theory* (2013), ch. IV). Let a finite octal or hexadecimal code remove at most `t` tokens
//! and leave at most `m` heaps. If `G(n + p) = G(n)` for all `e ≤ n < m·e + (m−1)·p + t`, with
//! `e ≥ 1`, then `G(n + p) = G(n)` for all `n ≥ e`.
//!
//! Why: by induction on `n` past that range. An option of `n + p` leaves parts summing to
//! `n + p − k ≥ m·e + m·p` (as `k ≤ t`), so its largest part is at least `e + p`; taking `p` from
//! that part gives an option of `n` with the same value, and every option of `n` maps back the
//! same way. Taking `p` must leave the part non-empty, which is why `e` is at least 1: with
//! `e = 0` a two-heap option could map to a heap of 0, which is not a legal two-heap move, and
//! the proof fails (solvers that use the raw `e = 0` certify false periods for small codes).
//! For `m = 1` (no splitting: subtraction games) the range is `t` consecutive matches, the
//! classical window argument.
//!
//! This engine checks the range inclusively (`n ≤ m·e + (m−1)·p + t`), one step more than the
//! theorem needs, and `proven_at` is the last heap size whose value the check read:
//! `m·e + m·p + t`. The theorem says nothing about Grundy's game (its splits must be unequal,
//! which taking `p` from one part can break) or about codes with a repeating digit (no finite
//! `t`): for those no period is ever claimed.

use crate::rules::heap::{HeapGame, HeapRules};

/// A proven (ultimately) periodic sequence: `values[n + period] = values[n] + saltus` for every
/// `n ≥ preperiod`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// The first heap size from which the period holds.
    pub preperiod: usize,
    /// The smallest period.
    pub period: usize,
    /// The amount added each period (0 for plain periodicity).
    pub saltus: u32,
    /// The last heap size whose value the proof needed.
    pub proven_at: usize,
    /// The theorem that proves it.
    pub proof: Proof,
}

/// What a period's proof rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The periodicity theorem for codes that may split (Guy–Smith), with its parameters.
    GuySmith(ProofBound),
    /// No move splits a heap: `t` consecutive matches carry on for ever.
    Window(ProofBound),
    /// Arithmetic periodicity by binary separation ([`crate::sequence::arithmetic`]): the
    /// period and saltus the theorem was applied to (the reported ones, or a power-of-two
    /// multiple), and the level from which its induction runs.
    Arithmetic {
        /// The period the theorem was applied to.
        doubled_period: usize,
        /// The saltus the theorem was applied to (a power of two).
        doubled_saltus: u32,
        /// The level from which the induction runs.
        min_level: usize,
    },
    /// A classical closed form, named.
    ClosedForm(&'static str),
    /// Not proven: an observation only.
    Observed,
}

impl Proof {
    /// One line for people.
    pub fn describe(&self) -> String {
        match self {
            Proof::GuySmith(ProofBound { max_removal, max_parts }) => format!(
                "Guy–Smith periodicity theorem, at most {max_removal} tokens removed and {max_parts} heaps left"
            ),
            Proof::Window(ProofBound { max_removal, .. }) => format!(
                "no move splits a heap, so a run of {max_removal} matches repeats for ever"
            ),
            Proof::Arithmetic { doubled_period, doubled_saltus, .. } => format!(
                "arithmetic periodicity by binary separation (period {doubled_period}, saltus {doubled_saltus}; docs/arithmetic-periodicity.md)"
            ),
            Proof::ClosedForm(name) => format!("closed form: {name}"),
            Proof::Observed => "observed only, not proven".to_string(),
        }
    }
}

/// `periodic from heap 53 with period 34 (proven at heap 176: Guy–Smith …)`.
impl std::fmt::Display for Period {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "periodic from heap {} with period {}", self.preperiod, self.period)?;
        if self.saltus != 0 {
            write!(f, " and saltus {}", self.saltus)?;
        }
        write!(f, " (proven at heap {}: {})", self.proven_at, self.proof.describe())
    }
}

impl Period {
    /// The value of heap `n` of any size, from the first `preperiod + period` values; `None`
    /// when a saltus takes it past `u64`.
    ///
    /// ```
    /// use grundy::sequence::period::Period;
    /// use grundy::sequence::period::Proof;
    /// let bounded_2 = Period { preperiod: 0, period: 3, saltus: 0, proven_at: 5, proof: Proof::Observed };
    /// assert_eq!(bounded_2.value_at(&[0u32, 1, 2], 10u64.pow(18)), Some(10u64.pow(18) % 3));
    /// let nim = Period { preperiod: 0, period: 1, saltus: 2, proven_at: 0, proof: Proof::Observed };
    /// assert_eq!(nim.value_at(&[0u32], u64::MAX), None);
    /// ```
    pub fn value_at<T: Copy + Into<u64>>(&self, values: &[T], n: u64) -> Option<u64> {
        self.value_from(n, |idx| values[idx].into())
    }

    /// [`Period::value_at`] with the values before the period read by `value`.
    pub(crate) fn value_from(&self, n: u64, value: impl Fn(usize) -> u64) -> Option<u64> {
        if (n as u128) < (self.preperiod + self.period) as u128 {
            return Some(value(n as usize));
        }
        let offset = n - self.preperiod as u64;
        let cycles = offset / self.period as u64;
        let residue = (offset % self.period as u64) as usize;
        let base = value(self.preperiod + residue);
        cycles.checked_mul(u64::from(self.saltus))?.checked_add(base)
    }
}

/// How a game's periods can be proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofBound {
    /// The most tokens a move removes (`t`).
    pub max_removal: usize,
    /// The most heaps a move leaves (`m`).
    pub max_parts: usize,
}

/// The theorem's parameters for this game, or `None` where it does not apply.
pub fn proof_bound(game: &HeapGame) -> Option<ProofBound> {
    match &game.rules {
        HeapRules::Grundy => None,
        HeapRules::Code(code) => {
            Some(ProofBound { max_removal: code.max_removal()?, max_parts: code.max_parts() })
        }
    }
}

/// Watches a nim-sequence grow, one value at a time, and reports the period as soon as the
/// theorem proves it.
///
/// For every candidate period `p` it keeps the length of the run of matches
/// `G(j + p) = G(j)` that ends at the newest value, which is all the theorem needs.
#[derive(Debug, Clone)]
pub struct PeriodTracker {
    bound: ProofBound,
    runs: Vec<u32>,
}

impl PeriodTracker {
    /// A tracker for a game with this bound.
    pub fn new(bound: ProofBound) -> Self {
        PeriodTracker { bound, runs: vec![0] }
    }

    /// Takes note of `values[values.len() - 1]`, the newest value; returns the period once it
    /// is proven (and keeps returning it).
    pub fn observe(&mut self, values: &[u32]) -> Option<Period> {
        let n = values.len().checked_sub(1)?;
        let ProofBound { max_removal: t, max_parts: m } = self.bound;
        // The proof for p needs n ≥ m·e + m·p + t with e ≥ 1.
        let max_p = n.saturating_sub(t + m) / m;
        let newest = values[n];
        let tracked = self.runs.len() - 1;
        for p in 1..=tracked.min(max_p) {
            self.runs[p] = if values[n - p] == newest { self.runs[p] + 1 } else { 0 };
        }
        // Periods seen for the first time get their run by looking back.
        for p in tracked + 1..=max_p {
            let run = (p..=n).rev().take_while(|&i| values[i] == values[i - p]).count();
            self.runs.push(run as u32);
        }
        let mut proven = None;
        for p in 1..=max_p {
            let run = self.runs[p] as usize;
            if run == 0 {
                continue;
            }
            // Matches G(j + p) = G(j) hold for j from n − p − run + 1 to n − p.
            let first_match = (n + 1).saturating_sub(p + run);
            let e = first_match.max(1);
            let last_checked = m * e + m * p + t;
            if last_checked <= n {
                proven = Some((p, first_match, last_checked));
                break;
            }
        }
        let (period, first_match, proven_at) = proven?;
        let proof = if m == 1 { Proof::Window(self.bound) } else { Proof::GuySmith(self.bound) };
        Some(smallest_period(values, period, first_match, proven_at, proof))
    }
}

/// Given a period `p` proven from heap `start`, the smallest period (a divisor of `p`) and
/// the smallest preperiod that goes with it.
fn smallest_period<T: Copy + PartialEq>(
    values: &[T],
    p: usize,
    start: usize,
    proven_at: usize,
    proof: Proof,
) -> Period {
    let n = values.len() - 1;
    // Past the computed values the sequence continues p-periodically from `start`.
    let value = |j: usize| if j <= n { values[j] } else { values[start + (j - start) % p] };
    for d in (1..=p).filter(|d| p.is_multiple_of(*d)) {
        // By p-periodicity, d is a period from `start` on iff it holds over one period of p.
        if (start..start + p).all(|j| value(j + d) == value(j)) {
            let preperiod = (0..start).rev().take_while(|&j| value(j + d) == value(j)).count();
            return Period { preperiod: start - preperiod, period: d, saltus: 0, proven_at, proof };
        }
    }
    Period { preperiod: start, period: p, saltus: 0, proven_at, proof }
}

/// Looks for a proven period in `values` all at once: the run of matches `G(j + p) = G(j)`
/// ending at the newest value is `Z[p]` of the Z-function of the reversed sequence, so one
/// linear pass rates every period. Returns the period whose proof needs the fewest values (so
/// the answer is the one [`PeriodTracker`] gives at the first heap where a proof completes),
/// or `None`. Only the last `window` values are examined, which bounds memory at 4 bytes per
/// value of the window.
pub fn find_period<T: Copy + PartialEq>(
    values: &[T],
    bound: ProofBound,
    window: usize,
) -> Option<Period> {
    let n = values.len().checked_sub(1)?;
    let ProofBound { max_removal: t, max_parts: m } = bound;
    let len = values.len().min(window.max(2));
    // reversed[i] = G(n − i)
    let reversed: Vec<T> = values[n + 1 - len..].iter().rev().copied().collect();
    let mut z = vec![0u32; len];
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..len {
        let mut k = if i < right { (z[i - left] as usize).min(right - i) } else { 0 };
        if i + k >= right {
            // Extend the match by comparing slices (no index checks in the loop).
            k += reversed[k..].iter().zip(&reversed[i + k..]).take_while(|(a, b)| a == b).count();
        }
        z[i] = k as u32;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    let mut best: Option<(usize, usize, usize)> = None; // (proven_at, p, first_match)
    for (p, &run) in z.iter().enumerate().skip(1) {
        let run = run as usize;
        if run == 0 {
            continue;
        }
        // A run that reaches the start of the window may go on further back; it is only
        // trusted as far as it was seen.
        let first_match = (n + 1).saturating_sub(p + run);
        let e = first_match.max(1);
        let last_checked = m * e + m * p + t;
        if last_checked <= n && best.is_none_or(|(at, q, _)| (last_checked, p) < (at, q)) {
            best = Some((last_checked, p, first_match));
        }
    }
    let (proven_at, p, first_match) = best?;
    let proof = if m == 1 { Proof::Window(bound) } else { Proof::GuySmith(bound) };
    Some(smallest_period(values, p, first_match, proven_at, proof))
}

/// Values at the end of a sequence that [`find_long_period`] looks for earlier on: every earlier
/// place where they occurred is a candidate period.
pub const LONG_SUFFIX: usize = 1024;

/// What a search for periods of any length found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LongPeriod {
    /// A period the theorem proves with the values computed.
    Proven(Period),
    /// A period whose matches reach the newest value but whose proof needs values up to this
    /// heap: if the matches go on, the proof completes there.
    Pending(usize),
    /// Nothing yet.
    Nothing,
}

/// Looks for a proven period of any length in `values`, with no memory beyond the values.
///
/// Every earlier place where the last [`LONG_SUFFIX`] values occurred (found by a rolling hash,
/// then compared value by value) gives a candidate period `p`, whose run of matches
/// `G(j + p) = G(j)` ending at the newest value is then measured by comparing the two stretches
/// of values directly. A period whose run is at least the suffix's length is always among the
/// candidates. The theorem is applied to each exactly as [`find_period`] applies it, smallest
/// `p` first, and the search stops once no larger `p` could need fewer values than the best
/// proof found. When none is proven yet, the heap at which the nearest candidate's proof would
/// complete (if its matches go on) is returned, so that a run can look again exactly there.
/// The work is linear in the values: candidates are measured within a budget of four passes
/// over them.
pub fn find_long_period<T: Copy + PartialEq + Into<u64>>(
    values: &[T],
    bound: ProofBound,
) -> LongPeriod {
    let Some(n) = values.len().checked_sub(1) else { return LongPeriod::Nothing };
    let ProofBound { max_removal: t, max_parts: m } = bound;
    let len = LONG_SUFFIX;
    // A proof for p needs n ≥ m·e + m·p + t with e ≥ 1.
    let max_p = n.saturating_sub(t + m) / m;
    if max_p == 0 || n + 1 < 2 * len {
        return LongPeriod::Nothing;
    }
    const BASE: u64 = 0x9e37_79b9_7f4a_7c15;
    // BASE is odd: its inverse modulo 2^64 by Newton's iteration (each step doubles the bits).
    let inverse = (0..6).fold(BASE, |x, _| x.wrapping_mul(2u64.wrapping_sub(BASE.wrapping_mul(x))));
    let top = (1..len).fold(1u64, |power, _| power.wrapping_mul(BASE)); // BASE^(len − 1)
    let term = |v: T| v.into().wrapping_add(1);
    // hash(q) = Σ_{i < len} term(values[q − i])·BASE^i, for the window ending at q.
    let hash_at = |q: usize| {
        values[q + 1 - len..=q]
            .iter()
            .fold(0u64, |h, &v| h.wrapping_mul(BASE).wrapping_add(term(v)))
    };
    let suffix = &values[n + 1 - len..];
    let target = hash_at(n);
    let lowest = (n - max_p).max(len - 1);
    let mut budget = 4 * (n + 1);
    let mut best: Option<(usize, usize, usize)> = None; // (proven_at, p, first_match)
    let mut pending: Option<usize> = None;
    // Windows ending at q = n − 1, n − 2, …: candidate periods p = n − q from the smallest up.
    let mut q = n - 1;
    let mut h = hash_at(q);
    loop {
        let p = n - q;
        if best.is_some_and(|(at, _, _)| m + m * p + t > at) {
            break;
        }
        if h == target && values[q + 1 - len..=q] == *suffix {
            // The run of matches ending at n, measured backwards a block at a time.
            let mut run = 0usize;
            while run < n + 1 - p {
                let end = n + 1 - run;
                let block = (end - p).min(1 << 16);
                let newer = &values[end - block..end];
                let older = &values[end - p - block..end - p];
                let same =
                    newer.iter().rev().zip(older.iter().rev()).take_while(|(a, b)| a == b).count();
                run += same;
                budget = budget.saturating_sub(same + 1);
                if same < block {
                    break;
                }
            }
            let first_match = n + 1 - p - run;
            let needed = m * first_match.max(1) + m * p + t;
            if needed <= n {
                if best.is_none_or(|(at, bp, _)| (needed, p) < (at, bp)) {
                    best = Some((needed, p, first_match));
                }
            } else {
                pending = Some(pending.map_or(needed, |at: usize| at.min(needed)));
            }
            if budget == 0 {
                break;
            }
        }
        if q == lowest {
            break;
        }
        // From the window ending at q to the one ending at q − 1.
        h = h
            .wrapping_sub(term(values[q]))
            .wrapping_mul(inverse)
            .wrapping_add(term(values[q - len]).wrapping_mul(top));
        q -= 1;
    }
    if let Some((proven_at, p, first_match)) = best {
        let proof = if m == 1 { Proof::Window(bound) } else { Proof::GuySmith(bound) };
        return LongPeriod::Proven(smallest_period(values, p, first_match, proven_at, proof));
    }
    pending.map_or(LongPeriod::Nothing, LongPeriod::Pending)
}

/// The first ultimately periodic description of `values` that looks arithmetic-periodic
/// (`G(n + p) = G(n) + s`, `s ≥ 1`) over at least the last half of the values and three periods.
/// A candidate, not a proof.
pub fn arithmetic_candidate(values: &[u32]) -> Option<Period> {
    let n = values.len().checked_sub(1)?;
    for p in 1..=n / 3 {
        let saltus = match values[n].checked_sub(values[n - p]) {
            Some(saltus) if saltus > 0 => saltus,
            _ => continue,
        };
        let run = (p..=n)
            .rev()
            .take_while(|&i| values[i].checked_sub(values[i - p]) == Some(saltus))
            .count();
        if run >= 3 * p && run * 2 >= n {
            return Some(Period {
                preperiod: n + 1 - p - run,
                period: p,
                saltus,
                proven_at: n,
                proof: Proof::Observed,
            });
        }
    }
    None
}

/// The first ultimately periodic description of `values` (`G(n + p) = G(n)`) that holds over at
/// least the last half of the values and three periods. A candidate, not a proof.
///
/// ```
/// use grundy::sequence::period::periodic_candidate;
/// let values = [5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
/// let found = periodic_candidate(&values).unwrap();
/// assert_eq!((found.preperiod, found.period, found.saltus), (1, 3, 0));
/// ```
pub fn periodic_candidate(values: &[u32]) -> Option<Period> {
    let n = values.len().checked_sub(1)?;
    for p in 1..=n / 3 {
        let run = (p..=n).rev().take_while(|&i| values[i] == values[i - p]).count();
        if run >= 3 * p && run * 2 >= n {
            return Some(Period {
                preperiod: n + 1 - p - run,
                period: p,
                saltus: 0,
                proven_at: n,
                proof: Proof::Observed,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A sequence with a preperiod of `pre` random values, then `block` repeated to `len`
    /// values, with the values after `noise_at` (if any) disturbed once.
    fn planted(pre: &[u16], block: &[u16], len: usize, noise_at: Option<usize>) -> Vec<u16> {
        let mut values: Vec<u16> = pre.to_vec();
        while values.len() < len {
            values.push(block[(values.len() - pre.len()) % block.len()]);
        }
        values.truncate(len);
        if let Some(at) = noise_at.filter(|&at| at < len) {
            values[at] = values[at].wrapping_add(1) % 8;
        }
        values
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// With splitting moves (m ≥ 2) every provable period has a run longer than the
        /// suffix, so the search for periods of any length finds exactly what the Z-function
        /// over every value finds.
        #[test]
        fn long_periods_agree_with_the_whole_window(
            pre in prop::collection::vec(0u16..6, 0..3000),
            block in prop::collection::vec(0u16..6, 1..2500),
            extra in 0usize..12_000,
            noise in prop::option::of(0usize..20_000),
            t in 1usize..5,
            m in 2usize..4,
        ) {
            let len = 2 * LONG_SUFFIX + pre.len() + extra;
            let values = planted(&pre, &block, len, noise);
            let bound = ProofBound { max_removal: t, max_parts: m };
            let reference = find_period(&values, bound, usize::MAX);
            match find_long_period(&values, bound) {
                LongPeriod::Proven(period) => prop_assert_eq!(Some(period), reference),
                LongPeriod::Pending(at) => {
                    prop_assert_eq!(reference, None);
                    prop_assert!(at > len - 1);
                }
                LongPeriod::Nothing => prop_assert_eq!(reference, None),
            }
        }

        /// Without splitting (m = 1) a proof may rest on a run shorter than the suffix, which
        /// only the window search sees; what the long search proves is still right.
        #[test]
        fn long_periods_without_splits_are_right_when_proven(
            pre in prop::collection::vec(0u16..6, 0..3000),
            block in prop::collection::vec(0u16..6, 1..2500),
            extra in 0usize..12_000,
            t in 1usize..40,
        ) {
            let len = 2 * LONG_SUFFIX + pre.len() + extra;
            let values = planted(&pre, &block, len, None);
            let bound = ProofBound { max_removal: t, max_parts: 1 };
            if let LongPeriod::Proven(period) = find_long_period(&values, bound) {
                let n = values.len() - 1;
                prop_assert!(period.proven_at <= n);
                for j in period.preperiod..=n - period.period {
                    prop_assert_eq!(values[j + period.period], values[j]);
                }
                prop_assert!(find_period(&values, bound, usize::MAX).is_some());
            }
        }
    }

    /// A period longer than the window a run looks in is still found, with its preperiod,
    /// and the proof is the one the whole sequence gives.
    #[test]
    fn a_period_longer_than_any_window_is_proven() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 200) as u16
        };
        let pre: Vec<u16> = (0..40_000).map(|_| random()).collect();
        let block: Vec<u16> = (0..90_001).map(|_| random()).collect();
        let bound = ProofBound { max_removal: 4, max_parts: 2 };
        // The proof needs 2·(40,000 + 90,001) + 4 = 260,006 values past heap 0.
        let short = planted(&pre, &block, 260_000, None);
        assert_eq!(
            find_long_period(&short, bound),
            LongPeriod::Pending(2 * 40_000 + 2 * 90_001 + 4)
        );
        let values = planted(&pre, &block, 300_000, None);
        let LongPeriod::Proven(period) = find_long_period(&values, bound) else {
            panic!("no period proven")
        };
        assert_eq!((period.preperiod, period.period), (40_000, 90_001));
        assert_eq!(Some(period), find_period(&values, bound, usize::MAX));
        // A window shorter than the period sees nothing.
        assert_eq!(find_period(&values, bound, 1 << 16), None);
    }
}
