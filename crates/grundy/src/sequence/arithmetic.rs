//! Arithmetic periodicity (`G(n + p) = G(n) + s`) of finite octal and hexadecimal codes,
//! proven by a theorem whose hypotheses are checked mechanically, or not claimed at all.
//!
//! The statement and its proof are written out in `docs/arithmetic-periodicity.md`; in short:
//!
//! **Theorem** (binary separation). Let a finite code remove at most `t` tokens. Let `s = 2^m`,
//! `p ≥ 1`, `e ≥ 0`, and suppose every value `G(x)` with `x < e + p` is below `s`. Write, for
//! `x ≥ e`, `x = e + c + p·L` with `0 ≤ c < p`, and call `L(x) = L` the *level* and
//! `r(x) = G(e + c)` the *residue*; for `x < e`, `L(x) = 0` and `r(x) = G(x)`. The claim is
//! `G(x) = s·L(x) + r(x)` for every `x`. Because every residue is below `s`, the nim-sum of such
//! values splits: its low `m` bits are the nim-sum of the residues and its high bits the
//! nim-sum of the levels. An option of a heap `n` is then described by a *shape* (how many
//! tokens it removes, which small heaps `< e` it leaves, the classes `c` of its other heaps)
//! and by the levels of those other heaps, which range over all tuples with a fixed sum
//! `L(n) + d`, `d` depending only on the shape. So the option values of `n` form the union, over
//! shapes, of `{s·y + ρ : y ∈ X_b(L(n) + d)}`, where `ρ` is the shape's residue and `X_b(S)` the
//! set of nim-sums of `b` numbers summing to `S` (each at least 1 where a level 0 would be an
//! empty heap). The module uses only members of `X_b(S)` that are there whatever the binary
//! digits of `S` (for `S ≥ 6`): `S` for one part; `S` for two parts if one may have level 0, and
//! `0` for even `S`; every `y ≡ S (mod 2)` with `1 ≤ y ≤ S − 2` for three parts (`0` too if one
//! may have level 0, `S` if two may); and it uses that every member of `X_b(S)` is at most `S`
//! with the parity of `S`.
//! The mex of the options of `n` is `s·L(n) + r(n)` exactly when every value below it is
//! present and it is not, and these facts settle both for every large `L(n)` at once, from
//! finitely many conditions on the shapes ([`conditions_hold`]). When they hold, the claim
//! follows by induction from a finite range of computed values.
//!
//! The conditions are sufficient, not necessary: a game they do not cover is reported as
//! observed, not proven. They never cover a finite octal game with a saltus (Horrocks &
//! Nowakowski 2003 show none exists); Howse & Nowakowski (2004) prove a related
//! arithmetic-periodicity theorem for hexadecimal games, whose text was not at hand here.

use super::period::{Period, Proof};
use crate::rules::heap::OctalCode;
use std::collections::{HashMap, HashSet};

/// The result of an attempt to prove `G(n + p) = G(n) + s` from heap `e` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// Proven; the period's `proven_at` is the last heap whose value the proof read.
    Proven(Period),
    /// The theorem applies, and needs the values of heaps up to this one.
    NeedsValues(usize),
    /// The theorem does not cover this game with these parameters (the reason, for people).
    NotCovered(&'static str),
}

/// Shape counts above this are not enumerated (three-heap shapes grow as the cube of the
/// preperiod plus the period).
const MAX_SHAPES: u64 = 40_000_000;

/// One shape's contribution to the options of the heaps of one class (see the module text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Fact {
    /// Heaps of the option that vary with `n` (at or above `e`): 1, 2 or 3.
    big: u8,
    /// How many of those may have level 0 (all of them unless `e = 0`, where a heap of class 0
    /// and level 0 would be empty, so its level is at least 1).
    free: u8,
    /// Their levels sum to `L(n) + d`.
    d: i64,
}

/// Tries to prove that `G(n + period) = G(n) + saltus` for every `n ≥ preperiod`, for the game
/// with this code, from its values `values` (heaps `0..values.len()`).
///
/// The theorem needs a saltus that is a power of two over a period whose values (and those
/// before it) lie below it; a candidate that misses this may still be covered after doubling the
/// period and the saltus (up to 2^6 times), which is tried too.
pub fn prove(
    code: &OctalCode,
    values: &[u32],
    preperiod: usize,
    period: usize,
    saltus: u32,
) -> Attempt {
    let Some(max_removal) = code.max_removal() else {
        return Attempt::NotCovered("the code has a repeating digit");
    };
    if period == 0 || saltus == 0 {
        return Attempt::NotCovered("no saltus");
    }
    let mut reason = "the values of the first period are not below a power-of-two saltus";
    for doubling in 0..=6u32 {
        let (p, s) = (period << doubling, u64::from(saltus) << doubling);
        if !s.is_power_of_two() || s > u64::from(u32::MAX) {
            continue;
        }
        let s = s as u32;
        let e = preperiod;
        if values.len() < e + p {
            // Longer doublings are tried again once more values are known.
            break;
        }
        if values[..e + p].iter().any(|&v| v >= s) {
            continue;
        }
        let facts = match shapes(code, max_removal, values, e, p) {
            Ok(facts) => facts,
            Err(why) => return Attempt::NotCovered(why),
        };
        let Some(min_level) = conditions_hold(&facts, values, e, p, s) else {
            reason = "the conditions of the theorem fail for these values";
            continue;
        };
        // The induction covers heaps of level ≥ min_level past every move that leaves only
        // small heaps; below that every value is checked directly.
        let needed = (e + p * min_level).max(max_removal + 3 * e + 1);
        // The given (smallest) period is read off the proven one over one of its periods.
        let last_read = (needed - 1).max(e + p + period - 1);
        if values.len() <= last_read {
            return Attempt::NeedsValues(last_read);
        }
        let formula = |x: usize| -> u64 {
            if x < e {
                u64::from(values[x])
            } else {
                let (level, class) = ((x - e) / p, (x - e) % p);
                level as u64 * u64::from(s) + u64::from(values[e + class])
            }
        };
        if (0..needed).any(|x| u64::from(values[x]) != formula(x)) {
            return Attempt::NotCovered("the values do not follow the candidate");
        }
        if (e..e + p).any(|n| values[n + period] != values[n] + saltus) {
            return Attempt::NotCovered("the values do not follow the candidate");
        }
        return Attempt::Proven(Period {
            preperiod,
            period,
            saltus,
            proven_at: last_read,
            proof: Proof::Arithmetic { doubled_period: p, doubled_saltus: s, min_level },
        });
    }
    Attempt::NotCovered(reason)
}

/// Every shape of option, grouped by the class of the heap it is an option of and by its
/// residue.
type Facts = HashMap<(usize, u32), HashSet<Fact>>;

/// Enumerates the shapes: for each number `k` of tokens removed and each number `j ≥ 1` of
/// heaps left, every multiset of `j` parts, each a small heap `1..e` or a class `0..p` of heaps
/// at or above `e`. Shapes made of small heaps only are left out: they are options only of heaps
/// below `t + 3e`, which are checked directly.
fn shapes(
    code: &OctalCode,
    max_removal: usize,
    values: &[u32],
    e: usize,
    p: usize,
) -> Result<Facts, &'static str> {
    // Parts: small heaps 1..e, then classes 0..p.
    let n_parts = e.saturating_sub(1) + p;
    let cube = (n_parts as u64 + 2).pow(3) / 6;
    let n_three = (0..=max_removal).filter(|&k| code.digit(k) & 8 != 0).count() as u64;
    if n_three * cube > MAX_SHAPES {
        return Err("too many shapes to enumerate for this preperiod and period");
    }
    struct Part {
        big: bool,
        free: bool,
        /// Tokens it takes at level 0: the small heap's size, or `e + c`.
        base: usize,
        residue: u32,
    }
    let parts: Vec<Part> = (1..e)
        .map(|x| Part { big: false, free: true, base: x, residue: values[x] })
        .chain((0..p).map(|c| Part {
            big: true,
            free: !(e == 0 && c == 0),
            base: e + c,
            residue: values[e + c],
        }))
        .collect();
    let mut facts: Facts = HashMap::new();
    let mut add = |k: usize, chosen: &[&Part]| {
        let big = chosen.iter().filter(|part| part.big).count();
        if big == 0 {
            return;
        }
        let free = chosen.iter().filter(|part| part.big && part.free).count();
        let residue = chosen.iter().fold(0, |acc, part| acc ^ part.residue);
        // The parts take k + Σ base + p·(sum of levels) tokens from heap n = e + c + p·L:
        // the levels sum to L + d with d = (e + c − k − Σ base) / p, an integer for one class c.
        let used = (k + chosen.iter().map(|part| part.base).sum::<usize>()) as i64;
        let offset = used - e as i64;
        let class = offset.rem_euclid(p as i64) as usize;
        let d = -offset.div_euclid(p as i64);
        facts.entry((class, residue)).or_default().insert(Fact {
            big: big as u8,
            free: free as u8,
            d,
        });
    };
    for k in 0..=max_removal {
        let digit = code.digit(k);
        if k > 0 && digit & 2 != 0 {
            for a in &parts {
                add(k, &[a]);
            }
        }
        if digit & 4 != 0 {
            for (i, a) in parts.iter().enumerate() {
                for b in &parts[i..] {
                    add(k, &[a, b]);
                }
            }
        }
        if digit & 8 != 0 {
            for (i, a) in parts.iter().enumerate() {
                for (j, b) in parts.iter().enumerate().skip(i) {
                    for c in &parts[j..] {
                        add(k, &[a, b, c]);
                    }
                }
            }
        }
    }
    Ok(facts)
}

/// Checks the theorem's conditions on the shapes; returns the level from which the induction
/// runs (`J + 3`, with `J` three more than the largest `|d|`), or `None`.
///
/// For a heap `n` of class `c` and level `L` (large), with `r_c = G(e + c)`, the mex of its
/// options is `s·L + r_c` when:
/// - (low levels) every value `s·(L − j) + ρ`, `1 ≤ j ≤ L`, `ρ < s`, is an option;
/// - (its own level) every `s·L + ρ` with `ρ < r_c` is an option;
/// - (the mex itself) `s·L + r_c` is not.
///
/// A shape with `b` varying heaps whose levels sum to `S = L + d` gives the levels below, all of
/// them exact for every `S ≥ 6`:
/// - `b = 1`: `S`;
/// - `b = 2`: `S` if one heap may have level 0 (the other takes all); `0` if `S` is even
///   (two halves);
/// - `b = 3`: every `y ≡ S (mod 2)` with `1 ≤ y ≤ S − 2` (`y`, and twice `(S − y)/2`), `0` too
///   if a heap may have level 0, and `S` if two heaps may;
///
/// and every level it gives is at most `S` and of the parity of `S` (a nim-sum is at most the
/// sum and has its parity). So `s·L + r_c` is absent when every shape of residue `r_c` has
/// `d < 0`, or odd `d`, or `b = 1` and `d ≠ 0`; since `d ≤ 0` always, that is: no shape of
/// residue `r_c` has `d = 0`. For `j ≥ J` only the parity of `j` matters, and level 0 only
/// depends on the parity of `L`: finitely many cases.
fn conditions_hold(facts: &Facts, values: &[u32], e: usize, p: usize, s: u32) -> Option<usize> {
    let max_abs_d = facts.values().flatten().map(|fact| fact.d.unsigned_abs()).max()? as usize;
    let far = max_abs_d + 3;
    let empty = HashSet::new();
    for class in 0..p {
        let own = values[e + class];
        let of = |residue: u32| facts.get(&(class, residue)).unwrap_or(&empty);
        // The mex itself is absent.
        if of(own).iter().any(|fact| fact.d == 0) {
            return None;
        }
        for residue in 0..s {
            let shapes = of(residue);
            // Its own level, below the residue of the class.
            if residue < own
                && !shapes.iter().any(|f| {
                    f.d == 0
                        && (f.big == 1
                            || (f.big == 2 && f.free >= 1)
                            || (f.big == 3 && f.free >= 2))
                })
            {
                return None;
            }
            // Levels L − j ≥ 1.
            for j in 1..=(far + 2) as i64 {
                let present = shapes.iter().any(|f| match f.big {
                    1 => f.d == -j,
                    2 => f.d == -j && f.free >= 1,
                    _ => ((j - f.d) % 2 == 0 && f.d >= 2 - j) || (f.d == -j && f.free >= 2),
                });
                if !present {
                    return None;
                }
            }
            // Level 0, for either parity of L.
            for parity in 0..2i64 {
                let present = shapes.iter().any(|f| {
                    (parity + f.d) % 2 == 0 && (f.big == 2 || (f.big == 3 && f.free >= 1))
                });
                if !present {
                    return None;
                }
            }
        }
    }
    Some(far + 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::heap::{HeapGame, HeapRules};
    use crate::sequence::dense::DenseEngine;
    use crate::sequence::period::arithmetic_candidate;
    use crate::sequence::test_codes::hex_code;
    use proptest::prelude::*;

    fn values_of(code: &str, n: usize) -> Vec<u32> {
        let game = HeapGame { name: code.into(), rules: HeapRules::Code(code.parse().unwrap()) };
        let mut engine = DenseEngine::new(&game);
        engine.extend_to(n);
        engine.into_values()
    }

    fn attempt(code: &str, n: usize) -> Option<Attempt> {
        let values = values_of(code, n);
        let candidate = arithmetic_candidate(&values)?;
        Some(prove(
            &code.parse().unwrap(),
            &values,
            candidate.preperiod,
            candidate.period,
            candidate.saltus,
        ))
    }

    #[test]
    fn proves_the_classic_hexadecimal_examples() {
        // (code, preperiod, period, saltus), each checked by brute force to far beyond the proof.
        for (code, e, p, s) in [("0.ff", 0, 1, 1), ("0.8", 1, 3, 1), ("0.c", 1, 2, 1)] {
            match attempt(code, 400) {
                Some(Attempt::Proven(period)) => {
                    assert_eq!(
                        (period.preperiod, period.period, period.saltus),
                        (e, p, s),
                        "{code}"
                    );
                    assert!(period.proven_at < 400, "{code}");
                }
                other => panic!("{code}: {other:?}"),
            }
        }
    }

    #[test]
    fn never_claims_a_saltus_for_a_finite_octal_game() {
        for code in ["0.07", "0.77", "0.137", "4.07", "0.6", "0.16", "0.007", "0.51"] {
            let values = values_of(code, 300);
            for (e, p, s) in [(1, 1, 1), (1, 2, 1), (2, 3, 2), (0, 4, 4)] {
                assert!(!matches!(
                    prove(&code.parse().unwrap(), &values, e, p, s),
                    Attempt::Proven(_)
                ));
            }
        }
    }

    #[test]
    fn wrong_candidates_are_not_proven() {
        // Candidates that hold for a while and then fail (found by brute force).
        for (code, e, p, s) in
            [("0.18", 2, 5, 2), ("0.90", 2, 4, 2), ("0.2e", 1, 1, 1), ("0.8b", 1, 2, 1)]
        {
            let values = values_of(code, 600);
            assert!(
                !matches!(prove(&code.parse().unwrap(), &values, e, p, s), Attempt::Proven(_)),
                "{code}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]
        /// Whatever the theorem proves holds, checked by brute force far past the proof.
        #[test]
        fn what_is_proven_holds_far_beyond(code in hex_code(3)) {
            let values = values_of(&code, 240);
            if let Some(candidate) = arithmetic_candidate(&values) {
                let attempt = prove(&code.parse().unwrap(), &values, candidate.preperiod,
                                    candidate.period, candidate.saltus);
                if let Attempt::Proven(period) = attempt {
                    let far = values_of(&code, (3 * period.proven_at).max(600));
                    for n in period.preperiod..far.len() - period.period {
                        prop_assert_eq!(far[n + period.period], far[n] + period.saltus,
                            "{} at {}", code, n);
                    }
                }
            }
        }
    }
}
