//! The seeds' recipe as one step: compute the values of a family, find the simplest formula
//! they follow, and say what proves it or how far it was checked.
//!
//! Formulas are tried from the simplest, in a fixed order, and the first that fits every value
//! computed is reported; each one tried before it is listed with its first counterexample, so a
//! learner sees why it was rejected. A formula is called proven only when a theorem covers every
//! n: the family's proven period (Guy–Smith, the window argument, arithmetic periodicity, a
//! classical closed form) together with a check that the formula has the same period and saltus
//! and agrees over the preperiod and one period; for tables, a built-in game's closed form.
//! Otherwise it holds as far as it was checked, and says so.

use crate::error::{Error, Result};
use crate::games::Game;
use crate::limits::Limits;
use crate::sequence::period::{self, Period, Proof};
use crate::sequence::HeapValues;

/// One formula tried and rejected, with where it first fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// The formula, as printed (`n mod 3`).
    pub formula: String,
    /// Its first counterexample: a heap `n`, or a cell `(x, y)`.
    pub counterexample: Counterexample,
}

/// Where a formula first fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counterexample {
    /// A heap size.
    Heap(u64),
    /// A cell of a table.
    Cell(u64, u64),
}

/// What `pattern` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternReport {
    /// The game's name.
    pub game: String,
    /// The formula that fits (`n mod 4`, `periodic`, `x XOR y`, `none`).
    pub formula: String,
    /// Whether a theorem proves it for every n.
    pub proven: bool,
    /// The theorem, when proven.
    pub proof: Option<String>,
    /// The largest heap (or table side − 1) checked.
    pub checked_to: u64,
    /// For periodic formulas: the preperiod, period and saltus.
    pub period: Option<(usize, usize, u64)>,
    /// For `periodic`: the values of one period.
    pub period_values: Vec<u64>,
    /// Every formula tried before the one reported.
    pub rejected: Vec<Rejected>,
    /// The values the formulas were tried on (`None` for a loopy ∞), first few dozen.
    pub values: Vec<Option<u64>>,
}

/// How a one-parameter family's values are known.
#[derive(Debug, Clone)]
pub struct Sequence {
    /// The game's name.
    pub game: String,
    /// Values of n = 0..values.len(); `None` for a loopy ∞.
    pub values: Vec<Option<u64>>,
    /// A proven period of the whole sequence, if a theorem gives one.
    pub period: Option<Period>,
}

/// A formula of one parameter, named as printed.
type Formula = (String, Box<dyn Fn(u64) -> u64>);

/// A formula of two parameters, named as printed.
type TableFormula = (String, Box<dyn Fn(u64, u64) -> u64>);

/// The formulas of one parameter, in the order they are tried, up to the periodic ones.
fn simple_formulas(values: &[Option<u64>]) -> Vec<Formula> {
    let mut formulas: Vec<Formula> = Vec::new();
    let first = values.first().copied().flatten().unwrap_or(0);
    formulas.push((first.to_string(), Box::new(move |_| first)));
    formulas.push(("n".into(), Box::new(|n| n)));
    let largest = values.iter().flatten().copied().max().unwrap_or(0);
    let mut moduli: Vec<u64> = (2..=16u64.min(largest + 1)).collect();
    if largest + 1 > 16 && largest < 10_000 {
        moduli.push(largest + 1);
    }
    if moduli.is_empty() {
        moduli.push(2);
    }
    for k in moduli {
        formulas.push((format!("n mod {k}"), Box::new(move |n| n % k)));
    }
    let first_one = values.iter().position(|v| *v == Some(1)).map(|n| n as u64);
    let mut divisors: Vec<u64> = (2..=16u64.min(first_one.unwrap_or(2).max(2))).collect();
    if let Some(k) = first_one.filter(|&k| k > 16 && k < 10_000) {
        divisors.push(k);
    }
    for k in divisors {
        formulas.push((format!("floor(n/{k})"), Box::new(move |n| n / k)));
    }
    formulas.push(("popcount(n)".into(), Box::new(|n| u64::from(n.count_ones()))));
    formulas.push(("popcount(n) mod 2".into(), Box::new(|n| u64::from(n.count_ones() % 2))));
    formulas
}

/// Whether `formula` satisfies `f(n + p) = f(n) + s` for every n ≥ e, so that agreeing with a
/// proven period over its preperiod and one period proves it.
fn shares_period(formula: &str, period: &Period) -> bool {
    let (p, s) = (period.period as u64, u64::from(period.saltus));
    if formula == "n" {
        return s == p;
    }
    if let Some(k) = formula.strip_prefix("n mod ").and_then(|k| k.parse::<u64>().ok()) {
        return s == 0 && p % k == 0;
    }
    if let Some(k) = formula
        .strip_prefix("floor(n/")
        .and_then(|k| k.strip_suffix(')'))
        .and_then(|k| k.parse::<u64>().ok())
    {
        return p % k == 0 && s == p / k;
    }
    if formula.parse::<u64>().is_ok() {
        return s == 0;
    }
    false
}

/// The preperiod, period and saltus of a simple formula.
fn formula_period(formula: &str) -> Option<(usize, usize, u64)> {
    if formula == "n" {
        return Some((0, 1, 1));
    }
    if formula.parse::<u64>().is_ok() {
        return Some((0, 1, 0));
    }
    if let Some(k) = formula.strip_prefix("n mod ").and_then(|k| k.parse::<usize>().ok()) {
        return Some((0, k, 0));
    }
    formula
        .strip_prefix("floor(n/")
        .and_then(|k| k.strip_suffix(')'))
        .and_then(|k| k.parse::<usize>().ok())
        .map(|k| (0, k, 1))
}

fn proof_words(period: &Period) -> String {
    match period.proof {
        Proof::ClosedForm(name) => format!("closed form: {name}"),
        _ => format!(
            "{} (period {} from heap {}{}, proven at heap {})",
            period.proof.describe(),
            period.period,
            period.preperiod,
            if period.saltus > 0 { format!(", saltus {}", period.saltus) } else { String::new() },
            period.proven_at
        ),
    }
}

/// Finds the simplest formula of a one-parameter family.
pub fn find(sequence: &Sequence) -> PatternReport {
    let values = &sequence.values;
    let checked_to = values.len().saturating_sub(1) as u64;
    let mut report = PatternReport {
        game: sequence.game.clone(),
        formula: "none".into(),
        proven: false,
        proof: None,
        checked_to,
        period: None,
        period_values: Vec::new(),
        rejected: Vec::new(),
        values: values.iter().take(40).copied().collect(),
    };
    for (name, formula) in simple_formulas(values) {
        let counterexample = (0..values.len()).find(|&n| values[n] != Some(formula(n as u64)));
        match counterexample {
            Some(n) => report
                .rejected
                .push(Rejected { formula: name, counterexample: Counterexample::Heap(n as u64) }),
            None => {
                if let Some(period) = sequence.period.as_ref().filter(|p| shares_period(&name, p)) {
                    report.proven = true;
                    report.proof = Some(proof_words(period));
                }
                report.period = formula_period(&name);
                report.formula = name;
                return report;
            }
        }
    }
    // Ultimately periodic or arithmetic-periodic: the proven period, or what the values show.
    let proven = sequence.period.clone();
    let as_u32: Vec<u32> = values
        .iter()
        .map(|v| v.map_or(u32::MAX, |v| v.min(u64::from(u32::MAX - 1)) as u32))
        .collect();
    let found = proven.clone().or_else(|| {
        period::periodic_candidate(&as_u32).or_else(|| period::arithmetic_candidate(&as_u32))
    });
    let periodic_name = "periodic";
    let arithmetic_name = "arithmetic-periodic";
    if let Some(found) = found {
        let name = if found.saltus == 0 { periodic_name } else { arithmetic_name };
        if name == arithmetic_name {
            report.rejected.push(Rejected {
                formula: periodic_name.into(),
                counterexample: Counterexample::Heap(
                    first_non_periodic(&as_u32).unwrap_or(checked_to),
                ),
            });
        }
        report.formula = name.into();
        report.period = Some((found.preperiod, found.period, u64::from(found.saltus)));
        report.period_values = (found.preperiod..found.preperiod + found.period)
            .filter_map(|n| values.get(n).copied().flatten())
            .collect();
        if let Some(period) = &proven {
            report.proven = true;
            report.proof = Some(proof_words(period));
        }
        return report;
    }
    report.rejected.push(Rejected {
        formula: periodic_name.into(),
        counterexample: Counterexample::Heap(first_non_periodic(&as_u32).unwrap_or(checked_to)),
    });
    report.rejected.push(Rejected {
        formula: arithmetic_name.into(),
        counterexample: Counterexample::Heap(checked_to),
    });
    report
}

/// Where the values stop looking periodic: for the best candidate period over the second half,
/// the last n that breaks it.
fn first_non_periodic(values: &[u32]) -> Option<u64> {
    let n = values.len().checked_sub(1)?;
    (1..=n / 3)
        .filter_map(|p| (p..=n).rev().find(|&i| values[i] != values[i - p]))
        .max()
        .map(|i| i as u64)
}

/// The formulas of two parameters, in the order they are tried.
fn table_formulas(largest: u64) -> Vec<TableFormula> {
    let mut formulas: Vec<TableFormula> = vec![
        ("x".into(), Box::new(|x, _| x)),
        ("y".into(), Box::new(|_, y| y)),
        ("x XOR y".into(), Box::new(|x, y| x ^ y)),
        ("x + y".into(), Box::new(|x, y| x + y)),
    ];
    for k in 2..=16u64.min(largest + 1).max(2) {
        formulas.push((format!("(x + y) mod {k}"), Box::new(move |x, y| (x + y) % k)));
    }
    formulas.push(("min(x, y)".into(), Box::new(|x: u64, y: u64| x.min(y))));
    formulas.push(("max(x, y)".into(), Box::new(|x: u64, y: u64| x.max(y))));
    formulas.push(("|x - y|".into(), Box::new(|x: u64, y: u64| x.abs_diff(y))));
    formulas
}

/// Finds the simplest formula of a table of pair values; `closed_form` is the game's own
/// (formula, theorem) when it has one, which proves that formula.
pub fn find_table(
    game: &str,
    rows: &[Vec<u64>],
    closed_form: Option<(&str, &str)>,
) -> PatternReport {
    let size = rows.len();
    let mut report = PatternReport {
        game: game.to_string(),
        formula: "none".into(),
        proven: false,
        proof: None,
        checked_to: size.saturating_sub(1) as u64,
        period: None,
        period_values: Vec::new(),
        rejected: Vec::new(),
        values: Vec::new(),
    };
    let cells = || (0..size).flat_map(move |x| (0..size).map(move |y| (x, y)));
    let first = rows.first().and_then(|row| row.first()).copied().unwrap_or(0);
    let largest = rows.iter().flatten().copied().max().unwrap_or(0);
    let mut formulas: Vec<TableFormula> = vec![(first.to_string(), Box::new(move |_, _| first))];
    formulas.extend(table_formulas(largest));
    for (name, formula) in formulas {
        match cells().find(|&(x, y)| rows[x][y] != formula(x as u64, y as u64)) {
            Some((x, y)) => report.rejected.push(Rejected {
                formula: name,
                counterexample: Counterexample::Cell(x as u64, y as u64),
            }),
            None => {
                if let Some((known, theorem)) = closed_form.filter(|(known, _)| *known == name) {
                    report.proven = true;
                    report.proof = Some(format!("closed form: {theorem}"));
                    report.formula = known.to_string();
                } else {
                    report.formula = name;
                }
                return report;
            }
        }
    }
    report
}

/// The report for people, in the recipe's words.
impl std::fmt::Display for PatternReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let heaps = |c: &Counterexample| match c {
            Counterexample::Heap(n) => format!("n = {n}"),
            Counterexample::Cell(x, y) => format!("(x, y) = ({x}, {y})"),
        };
        writeln!(
            f,
            "{}: the values were computed to {} and tried against formulas, simplest first.",
            self.game, self.checked_to
        )?;
        for rejected in &self.rejected {
            writeln!(
                f,
                "  {:<22} rejected: fails at {}",
                rejected.formula,
                heaps(&rejected.counterexample)
            )?;
        }
        let shape = match (&self.formula[..], self.period) {
            ("periodic", Some((e, p, _))) => {
                let listed: Vec<String> = self.period_values.iter().map(u64::to_string).collect();
                format!("periodic from n = {e} with period {p}: {}", listed.join(" "))
            }
            ("arithmetic-periodic", Some((e, p, s))) => {
                format!("arithmetic-periodic from n = {e}: G(n + {p}) = G(n) + {s}")
            }
            (formula, _) => formula.to_string(),
        };
        if self.formula == "none" {
            return write!(
                f,
                "No formula tried fits: the values are their own description (checked to {}).",
                self.checked_to
            );
        }
        match (&self.proof, self.proven) {
            (Some(proof), true) => write!(f, "fits: {shape}\nproven for every n: {proof}"),
            _ => write!(
                f,
                "fits: {shape}\nnot proven: it holds for every value checked (to {}); no theorem here covers this family",
                self.checked_to
            ),
        }
    }
}

/// The values of `game`'s one-parameter family for n = 0..=max, with the proven period when the
/// game is a heap game (its engines and theorems), or as far as computed (a script's `heap`,
/// a Python game's): the input of [`find`] for every front end.
pub fn sequence_of(
    game: &dyn Game,
    max: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Sequence> {
    if let Some(heap_game) = game.heap_game() {
        let up_to = usize::try_from(max).map_err(|_| Error::BadArgument {
            argument: "--max".into(),
            problem: format!("{max} is too large for this machine"),
        })?;
        let values =
            HeapValues::compute_within(&heap_game, up_to, limits, &mut |n| progress(n as u64))?;
        return Ok(Sequence {
            game: heap_game.name.clone(),
            values: (0..=max).map(|n| values.value(n)).collect(),
            period: values.period().cloned(),
        });
    }
    let mut values = Vec::new();
    let mut visit = |n: u64, value: &crate::solve::loopy::LoopyValue| {
        progress(n);
        values.push(value.finite());
        Ok(())
    };
    match game.family_values(max, limits, &mut visit) {
        Some(result) => result?,
        None => {
            return Err(Error::BadArgument {
                argument: "GAME".into(),
                problem: format!(
                    "{} has no one-parameter family (a heap game, or a script with heap(n))",
                    game.name()
                ),
            })
        }
    }
    Ok(Sequence { game: game.name(), values, period: None })
}

/// `pattern` for any game: the one-parameter family to `max` (default 10,000), or with `table`
/// the pairs of side `max` (default 64).
pub fn for_game(
    game: &dyn Game,
    max: Option<u64>,
    table: bool,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<PatternReport> {
    if table {
        let side = usize::try_from(max.unwrap_or(64)).unwrap_or(usize::MAX);
        let pairs = game
            .pair_table(side, limits)
            .unwrap_or_else(|| crate::games::pair_table(game, side))?;
        return Ok(find_table(&game.name(), &pairs.rows, game.table_formula()));
    }
    Ok(find(&sequence_of(game, max.unwrap_or(10_000), limits, progress)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
    /// Sequences made from known formulas are recognised with the right parameters, and never
    /// called proven without a theorem.
    #[test]
    fn the_pattern_finder_recognises_formulas(k in 2u64..12, kind in 0usize..4) {
        let (formula, values): (String, Vec<Option<u64>>) = match kind {
            0 => (format!("n mod {k}"), (0..500).map(|n| Some(n % k)).collect()),
            1 => (format!("floor(n/{k})"), (0..500).map(|n| Some(n / k)).collect()),
            2 => ("popcount(n)".into(), (0..500u64).map(|n| Some(u64::from(n.count_ones()))).collect()),
            _ => (k.to_string(), (0..500).map(|_| Some(k)).collect()),
        };
        let report = find(&Sequence { game: "g".into(), values, period: None });
        prop_assert_eq!(&report.formula, &formula);
        prop_assert!(!report.proven);
        prop_assert_eq!(report.checked_to, 499);
    }

    /// A sequence that follows a formula and breaks it late is never given that formula, and
    /// the rejection names the heap where it breaks.
    #[test]
    fn a_late_break_is_caught(k in 2u64..8, at in 200u64..999) {
        let values: Vec<Option<u64>> =
            (0..1000).map(|n| Some(if n == at { n % k + 1 } else { n % k })).collect();
        let report = find(&Sequence { game: "g".into(), values, period: None });
        prop_assert_ne!(&report.formula, &format!("n mod {k}"));
        prop_assert!(!report.proven);
        let rejected = report.rejected.iter().find(|r| r.formula == format!("n mod {k}")).unwrap();
        prop_assert_eq!(rejected.counterexample, Counterexample::Heap(at));
    }
    }

    #[test]
    fn a_proven_period_proves_the_formula_and_only_then() {
        let game = crate::game("bounded:3").unwrap().heap_game().unwrap();
        let values = crate::sequence::HeapValues::compute(&game, 1000, &mut |_| {});
        let sequence = Sequence {
            game: "bounded:3".into(),
            values: (0..=1000).map(|n| values.value(n)).collect(),
            period: values.period().cloned(),
        };
        let report = find(&sequence);
        assert_eq!((report.formula.as_str(), report.proven), ("n mod 4", true));
        // Dawson's Kayles: periodic (34 from 53) by Guy–Smith.
        let game = crate::game("dawson").unwrap().heap_game().unwrap();
        let values = crate::sequence::HeapValues::compute(&game, 2000, &mut |_| {});
        let sequence = Sequence {
            game: "dawson".into(),
            values: (0..=2000).map(|n| values.value(n)).collect(),
            period: values.period().cloned(),
        };
        let report = find(&sequence);
        assert_eq!(report.formula, "periodic");
        assert!(report.proven && report.proof.unwrap().contains("Guy–Smith"));
        assert_eq!(report.period, Some((53, 34, 0)));
    }
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::pattern::{find, Sequence};
        let values = (0..100u64).map(|n| Some(n % 4)).collect();
        let report = find(&Sequence { game: "g".into(), values, period: None });
        assert_eq!(report.formula, "n mod 4");
        assert!(!report.proven); // no theorem was given: checked to 99
        assert_eq!(report.rejected[0].formula, "0");
        Ok(())
    }

    #[test]
    fn example_2() -> crate::Result<()> {
        use crate::pattern::find_table;
        let rows: Vec<Vec<u64>> = (0..8).map(|x| (0..8).map(|y| x ^ y).collect()).collect();
        let report = find_table("nim", &rows, Some(("x XOR y", "Bouton")));
        assert_eq!((report.formula.as_str(), report.proven), ("x XOR y", true));
        Ok(())
    }
}
