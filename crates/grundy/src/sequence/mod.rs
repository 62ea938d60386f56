//! One-heap families: nim-sequences far out, and the periods that make them known for ever.
//!
//! - [`dense`]: the straightforward engine, every option of every heap, values in an array.
//! - [`period`]: periodicity found and proven (Guy–Smith for codes that split, the window
//!   argument for codes that do not), never guessed; [`arithmetic`]: arithmetic periodicity.
//! - [`sparse`]: the fast engine (rare/common) for codes that leave at most two heaps and for
//!   Grundy's game; [`triple`]: the fast engine for codes that may leave three heaps.

pub mod arithmetic;
pub mod cost;
pub mod dense;
pub mod period;
pub mod run;
pub mod sparse;
pub mod store;
pub mod triple;

#[cfg(test)]
pub(crate) mod test_codes;

use crate::error::Result;
use crate::limits::Limits;
use crate::rules::heap::{HeapGame, HeapRules};
use period::{Period, Proof};
pub use run::{Chunk, RunOptions, Sink};

/// Values as computed: one byte each where every value fits (the fast engine while values stay
/// below 256, or below 512 as folded bytes), two bytes where they fit (the fast engine), four
/// otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Computed {
    /// Values below 2^8.
    Bytes(Vec<u8>),
    /// Values below 2^16.
    Narrow(Vec<u16>),
    /// Any values.
    Wide(Vec<u32>),
    /// Values below 2^9, one byte each with one bit restored from the rare positions
    /// ([`sparse::Folded`]).
    Folded(sparse::FoldedValues),
}

impl Default for Computed {
    fn default() -> Self {
        Computed::Wide(Vec::new())
    }
}

impl Computed {
    /// The number of values.
    pub fn len(&self) -> usize {
        self.as_chunk().len()
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Value `n`.
    pub fn get(&self, n: usize) -> Option<u32> {
        (n < self.len()).then(|| self.as_chunk().get(n) as u32)
    }

    /// All values, widened.
    pub fn to_vec(&self) -> Vec<u32> {
        self.as_chunk().to_vec()
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        match self {
            Computed::Bytes(values) => values.truncate(len),
            Computed::Narrow(values) => values.truncate(len),
            Computed::Wide(values) => values.truncate(len),
            Computed::Folded(values) => values.truncate(len),
        }
    }
}

/// Which engine computes a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The fastest available: the sparse-space engine where it applies (the only one that uses
    /// more than one thread), the three-heap engine for codes that may leave three heaps, the
    /// straightforward one otherwise.
    Fastest,
    /// The straightforward engine (the reference).
    Straightforward,
}

/// The values of a heap game as far as they are known: computed ones, and beyond them the
/// proven period if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapValues {
    computed: Computed,
    period: Option<Period>,
}

impl Computed {
    /// The values as a [`Chunk`].
    pub fn as_chunk(&self) -> Chunk<'_> {
        match self {
            Computed::Bytes(values) => Chunk::Bytes(values),
            Computed::Narrow(values) => Chunk::Narrow(values),
            Computed::Wide(values) => Chunk::Wide(values),
            Computed::Folded(values) => Chunk::Folded(values.as_folded()),
        }
    }
}

impl HeapValues {
    /// Computes values of heaps `0..=up_to` with the fastest engine, stopping early once a
    /// period is proven (the rest then follows from it). `progress` is called now and then with
    /// the heap size reached.
    ///
    /// ```
    /// use grundy::games::heap::{HeapGame, HeapRules};
    /// use grundy::sequence::HeapValues;
    /// let dawson = HeapGame { name: "0.07".into(), rules: HeapRules::Code("0.07".parse().unwrap()) };
    /// let values = HeapValues::compute(&dawson, 1_000, &mut |_| {});
    /// let period = values.period().unwrap();
    /// assert_eq!((period.preperiod, period.period, period.proven_at), (53, 34, 176));
    /// assert_eq!(values.value(10u64.pow(18)), values.value(10u64.pow(18) - 34));
    /// ```
    pub fn compute(game: &HeapGame, up_to: usize, progress: &mut dyn FnMut(usize)) -> HeapValues {
        Self::compute_with(game, up_to, Engine::Fastest, 1, progress)
    }

    /// As [`HeapValues::compute`], with the engine and the number of threads chosen.
    ///
    /// # Panics
    ///
    /// Past the default [`Limits`] (memory for the values); front ends call
    /// [`HeapValues::compute_within`].
    pub fn compute_with(
        game: &HeapGame,
        up_to: usize,
        engine: Engine,
        n_threads: usize,
        progress: &mut dyn FnMut(usize),
    ) -> HeapValues {
        let options = RunOptions { engine, n_threads, ..RunOptions::default() };
        Self::compute_run(game, up_to, &options, &Limits::default(), progress)
            .expect("within the default limits")
    }

    /// As [`HeapValues::compute`], within `limits` (memory, cancellation).
    pub fn compute_within(
        game: &HeapGame,
        up_to: usize,
        limits: &Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<HeapValues> {
        Self::compute_run(game, up_to, &RunOptions::default(), limits, progress)
    }

    /// As [`HeapValues::compute`], with every option of the run.
    pub fn compute_run(
        game: &HeapGame,
        up_to: usize,
        options: &RunOptions,
        limits: &Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<HeapValues> {
        struct Progress<'p>(&'p mut dyn FnMut(usize));
        impl Sink for Progress<'_> {
            fn wants_values(&self) -> bool {
                false
            }
            fn values(&mut self, _first: u64, _values: Chunk<'_>) -> Result<()> {
                Ok(())
            }
            fn progress(&mut self, heap: u64, _note: &str) {
                (self.0)(heap as usize);
            }
        }
        // The sink only reports progress: values stay in the engine, and the period is not
        // expanded (`up_to` may be far past anything worth storing).
        let mut sink = Progress(progress);
        let report = run::run(game, up_to as u64, options, Some(&mut sink), limits)?;
        let mut computed = report.computed;
        if let Some(period) = &report.period {
            computed.truncate(computed.len().min(period.proven_at + 1));
        }
        Ok(HeapValues { computed, period: report.period })
    }

    /// The value of heap `n`, if computed or given by the period.
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.period {
            Some(period) => match &self.computed {
                Computed::Bytes(values) => period.value_at(values, n),
                Computed::Narrow(values) => period.value_at(values, n),
                Computed::Wide(values) => period.value_at(values, n),
                Computed::Folded(values) => {
                    let folded = values.as_folded();
                    period.value_from(n, |idx| u64::from(folded.get(idx)))
                }
            },
            None => self.computed.get(usize::try_from(n).ok()?).map(u64::from),
        }
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// The values actually computed (heaps `0..computed().len()`).
    pub fn computed(&self) -> &Computed {
        &self.computed
    }
}

/// What `period` answers: a period with its proof, or how far the sequence was checked (with an
/// observed arithmetic pattern, never called proven).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeriodReport {
    /// A period, proven.
    Proven {
        /// The game's name.
        game: String,
        /// The period and its proof.
        period: Period,
        /// The first `preperiod + period` values.
        values: Vec<u64>,
    },
    /// No proof within the heaps computed.
    NotProven {
        /// The game's name.
        game: String,
        /// The largest heap computed.
        checked_to: u64,
        /// An arithmetic-periodic pattern that the values show, not proven.
        observed: Option<Period>,
    },
}

impl PeriodReport {
    /// Computes `game`'s values up to heap `max` (or until a period is proven) and reports.
    pub fn compute(
        game: &HeapGame,
        max: u64,
        options: &RunOptions,
        limits: &Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<PeriodReport> {
        let up_to = usize::try_from(max).unwrap_or(usize::MAX);
        let values = HeapValues::compute_run(game, up_to, options, limits, progress)?;
        Ok(match values.period() {
            Some(period) => PeriodReport::Proven {
                game: game.name.clone(),
                period: period.clone(),
                values: (0..(period.preperiod + period.period) as u64)
                    .map(|n| values.value(n).unwrap_or(0))
                    .collect(),
            },
            None => PeriodReport::NotProven {
                game: game.name.clone(),
                checked_to: values.computed().len().saturating_sub(1) as u64,
                observed: period::arithmetic_candidate(&values.computed().to_vec()),
            },
        })
    }
}

/// The report for people: one line, then the first values (proven) or the observation.
///
/// ```
/// use grundy::sequence::{PeriodReport, RunOptions};
/// let game = grundy::game("0.07")?.heap_game().unwrap();
/// let report = PeriodReport::compute(&game, 1000, &RunOptions::default(), &grundy::Limits::default(), &mut |_| {})?;
/// let text = report.to_string();
/// assert!(text.starts_with("0.07: periodic from heap 53 with period 34 (proven at heap 176: Guy–Smith"));
/// # Ok::<(), grundy::Error>(())
/// ```
impl std::fmt::Display for PeriodReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PeriodReport::Proven { game, period, values } => {
                writeln!(f, "{game}: {period}")?;
                // Written value by value: a period of 60 million values (0.1777) must not
                // become 60 million strings first.
                write!(f, "values 0..{}:", values.len().saturating_sub(1))?;
                let mut digits = itoa::Buffer::new();
                for &value in values {
                    f.write_str(" ")?;
                    f.write_str(digits.format(value))?;
                }
                Ok(())
            }
            PeriodReport::NotProven { game, checked_to, observed } => {
                write!(f, "{game}: no period proven; checked to heap {checked_to}")?;
                match observed {
                    Some(observed) if observed.saltus == 0 => write!(
                        f,
                        "\nobserved, not proven: periodic from heap {} with period {} to the end of the check",
                        observed.preperiod, observed.period
                    )?,
                    Some(observed) => write!(
                        f,
                        "\nobserved, not proven: G(n + {}) = G(n) + {} from heap {} to the end of the check",
                        observed.period, observed.saltus, observed.preperiod
                    )?,
                    None => {}
                }
                Ok(())
            }
        }
    }
}

/// Games whose sequence a classical theorem gives outright.
///
/// - Nim (`0.[3]`): G(n) = n (Bouton; the options of n are all smaller heaps, so the mex is n).
/// - Lasker's Nim (`4.[3]`): G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
///   (Lasker 1931; Winning Ways ch. 4), arithmetic-periodic with period 4 and saltus 4.
/// - Bounded Nim (`sub:1..M`, `bounded:M`): G(n) = n mod (M + 1) (the options of n are the
///   M heaps below it, or all of them: by induction their values are the M residues other than
///   n's own).
pub(crate) fn closed_form(game: &HeapGame) -> Option<(Period, Vec<u32>)> {
    let HeapRules::Code(code) = &game.rules else { return None };
    match code.to_string().as_str() {
        "0.[3]" => {
            return Some((
                Period {
                    preperiod: 0,
                    period: 1,
                    saltus: 1,
                    proven_at: 0,
                    proof: Proof::ClosedForm("Nim, G(n) = n (Bouton)"),
                },
                vec![0],
            ))
        }
        "4.[3]" => {
            return Some((
                Period {
                    preperiod: 1,
                    period: 4,
                    saltus: 4,
                    proven_at: 4,
                    proof: Proof::ClosedForm(
                        "Lasker's Nim, G(4k+3) = 4k+4, G(4k+4) = 4k+3, else n (Lasker)",
                    ),
                },
                vec![0, 1, 2, 4, 3],
            ))
        }
        _ => {}
    }
    // Bounded Nim: the code 0.33…3 (M digits 3), no split, no repeat.
    let max_take = code.max_removal()?;
    let bounded = code.digit(0) == 0 && (1..=max_take).all(|k| code.digit(k) == 3);
    bounded.then(|| {
        (
            Period {
                preperiod: 0,
                period: max_take + 1,
                saltus: 0,
                proven_at: max_take,
                proof: Proof::ClosedForm("bounded Nim, G(n) = n mod (M + 1)"),
            },
            (0..=max_take as u32).collect(),
        )
    })
}
