//! One-heap families: nim-sequences far out, and the periods that make them known for ever.
//!
//! - [`dense`]: the straightforward engine, every option of every heap, values in an array.
//! - [`period`]: periodicity found and proven (Guy–Smith for codes that split, the window
//!   argument for codes that do not), never guessed.

pub mod dense;
pub mod period;

use crate::games::heap::{HeapGame, HeapRules};
use dense::DenseEngine;
use period::{proof_bound, Period, PeriodTracker, Proof};

/// The values of a heap game as far as they are known: computed ones, and beyond them the
/// proven period if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapValues {
    computed: Vec<u32>,
    period: Option<Period>,
}

impl HeapValues {
    /// Computes values of heaps `0..=up_to`, stopping early once a period is proven (the rest
    /// then follows from it). `progress` is called now and then with the heap size reached.
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
        if let Some((period, first_values)) = closed_form(game) {
            return HeapValues { computed: first_values.to_vec(), period: Some(period) };
        }
        let mut engine = DenseEngine::new(game);
        let mut tracker = proof_bound(game).map(PeriodTracker::new);
        let mut period = None;
        while engine.values().len() <= up_to {
            engine.push_next();
            let n = engine.values().len() - 1;
            if n % 4096 == 0 {
                progress(n);
            }
            if let Some(tracker) = tracker.as_mut() {
                if let Some(found) = tracker.observe(engine.values()) {
                    period = Some(found);
                    break;
                }
            }
        }
        HeapValues { computed: engine.into_values(), period }
    }

    /// The value of heap `n`, if computed or given by the period.
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.period {
            Some(period) => Some(period.value_at(&self.computed, n)),
            None => self.computed.get(usize::try_from(n).ok()?).map(|&v| u64::from(v)),
        }
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// The values actually computed (heaps `0..computed().len()`).
    pub fn computed(&self) -> &[u32] {
        &self.computed
    }
}

/// Games whose sequence a classical theorem gives outright.
///
/// - Nim (`0.[3]`): G(n) = n (Bouton; the options of n are all smaller heaps, so the mex is n).
/// - Lasker's Nim (`4.[3]`): G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
///   (Lasker 1931; Winning Ways ch. 4), arithmetic-periodic with period 4 and saltus 4.
fn closed_form(game: &HeapGame) -> Option<(Period, &'static [u32])> {
    let HeapRules::Code(code) = &game.rules else { return None };
    match code.to_string().as_str() {
        "0.[3]" => Some((
            Period {
                preperiod: 0,
                period: 1,
                saltus: 1,
                proven_at: 0,
                proof: Proof::ClosedForm("Nim, G(n) = n (Bouton)"),
            },
            &[0],
        )),
        "4.[3]" => Some((
            Period {
                preperiod: 1,
                period: 4,
                saltus: 4,
                proven_at: 4,
                proof: Proof::ClosedForm(
                    "Lasker's Nim, G(4k+3) = 4k+4, G(4k+4) = 4k+3, else n (Lasker)",
                ),
            },
            &[0, 1, 2, 4, 3],
        )),
        _ => None,
    }
}
