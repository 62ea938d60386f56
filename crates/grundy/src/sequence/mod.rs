//! One-heap families: nim-sequences far out, and the periods that make them known for ever.
//!
//! - [`dense`]: the straightforward engine, every option of every heap, values in an array.
//! - [`period`]: periodicity found and proven (Guy–Smith for codes that split, the window
//!   argument for codes that do not), never guessed; [`arithmetic`]: arithmetic periodicity.
//! - [`sparse`]: the fast engine (rare/common) for codes that leave at most two heaps and for
//!   Grundy's game; [`triple`]: the fast engine for codes that may leave three heaps.

pub mod arithmetic;
pub mod dense;
pub mod period;
pub mod sparse;
pub mod store;
pub mod triple;

#[cfg(test)]
pub(crate) mod test_codes;

use crate::games::heap::{HeapGame, HeapRules, OctalCode};
use dense::DenseEngine;
use period::{find_period, proof_bound, Period, PeriodTracker, Proof};
use sparse::SparseEngine;
use triple::TripleEngine;

/// Values as computed: two bytes each where they fit (the fast engine), four otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Computed {
    /// Values below 2^16.
    Narrow(Vec<u16>),
    /// Any values.
    Wide(Vec<u32>),
}

impl Computed {
    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            Computed::Narrow(values) => values.len(),
            Computed::Wide(values) => values.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Value `n`.
    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            Computed::Narrow(values) => values.get(n).map(|&v| u32::from(v)),
            Computed::Wide(values) => values.get(n).copied(),
        }
    }

    /// All values, widened.
    pub fn to_vec(&self) -> Vec<u32> {
        match self {
            Computed::Narrow(values) => values.iter().map(|&v| u32::from(v)).collect(),
            Computed::Wide(values) => values.clone(),
        }
    }

    fn truncate(&mut self, len: usize) {
        match self {
            Computed::Narrow(values) => values.truncate(len),
            Computed::Wide(values) => values.truncate(len),
        }
    }
}

/// Which engine computes a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The fastest available: the sparse-space engine where it applies.
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

/// Period checks on the fast path run each time the sequence grows by this fraction (1/8, or up
/// to 1/2 where checks cost too much against cheap heaps), so they cost a constant factor of a
/// linear pass, and stop the run at most that fraction late.
const PERIOD_CHECK_GROWTH: usize = 8;

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
    pub fn compute_with(
        game: &HeapGame,
        up_to: usize,
        engine: Engine,
        n_threads: usize,
        progress: &mut dyn FnMut(usize),
    ) -> HeapValues {
        if let Some((period, first_values)) = closed_form(game) {
            return HeapValues {
                computed: Computed::Wide(first_values.to_vec()),
                period: Some(period),
            };
        }
        if engine == Engine::Fastest {
            if let Some(sparse) = SparseEngine::new(game) {
                if let Some(found) = Self::compute_fast(game, sparse, up_to, n_threads, progress) {
                    return found;
                }
            }
        }
        if engine == Engine::Fastest {
            if let Some(mut run) = StepRun::new(game, &[]) {
                while run.values().len() <= up_to {
                    let proven = run.advance((run.values().len() + 4095).min(up_to));
                    progress(run.values().len() - 1);
                    if proven.is_some() {
                        return HeapValues::with_period(run.engine.into_values(), proven);
                    }
                }
                return HeapValues::with_period(run.engine.into_values(), None);
            }
        }
        Self::compute_straightforward(game, up_to, progress)
    }

    /// Values and their period, cut to what the proof read.
    fn with_period(mut values: Vec<u32>, period: Option<Period>) -> HeapValues {
        if let Some(found) = &period {
            values.truncate(values.len().min(found.proven_at + 1));
        }
        HeapValues { computed: Computed::Wide(values), period }
    }

    /// The fast path: the sparse engine, with period checks at growing intervals. `None` if a
    /// value outgrew 16 bits.
    fn compute_fast(
        game: &HeapGame,
        engine: SparseEngine,
        up_to: usize,
        n_threads: usize,
        progress: &mut dyn FnMut(usize),
    ) -> Option<HeapValues> {
        let mut run = FastRun::new(game, engine).with_threads(n_threads);
        while run.engine().values().len() <= up_to {
            let target = (run.engine().values().len() + 65535).min(up_to);
            let proven = run.advance(target)?;
            progress(run.engine().values().len() - 1);
            if let Some(period) = proven {
                let mut computed = Computed::Narrow(run.into_engine().into_values());
                computed.truncate(period.proven_at + 1);
                return Some(HeapValues { computed, period: Some(period) });
            }
        }
        let period = run.check_now();
        let mut computed = Computed::Narrow(run.into_engine().into_values());
        if let Some(period) = &period {
            computed.truncate(period.proven_at + 1);
        }
        Some(HeapValues { computed, period })
    }

    /// The straightforward engine, watching for a proof of periodicity after every value
    /// (plain), or every eighth (arithmetic, for codes with three-heap moves).
    fn compute_straightforward(
        game: &HeapGame,
        up_to: usize,
        progress: &mut dyn FnMut(usize),
    ) -> HeapValues {
        let mut engine = DenseEngine::new(game);
        let mut tracker = proof_bound(game).map(PeriodTracker::new);
        let ap_code = three_heap_code(game);
        let mut next_ap_check = 64;
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
            if let Some(code) = ap_code.filter(|_| n >= next_ap_check || n == up_to) {
                match arithmetic_check(code, engine.values()) {
                    Ok(found) => {
                        period = Some(found);
                        break;
                    }
                    Err(next) => next_ap_check = next,
                }
            }
        }
        HeapValues::with_period(engine.into_values(), period)
    }

    /// The value of heap `n`, if computed or given by the period.
    pub fn value(&self, n: u64) -> Option<u64> {
        match &self.period {
            Some(period) => match &self.computed {
                Computed::Narrow(values) => period.value_at(values, n),
                Computed::Wide(values) => period.value_at(values, n),
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

/// A long run of [`TripleEngine`] (codes whose moves may leave three heaps): values in steps,
/// with the periodicity proofs (Guy–Smith, and arithmetic periodicity) checked each time the
/// sequence has grown by an eighth, as [`FastRun`] does for the two-part engine. Resumable: it
/// starts from any values already computed.
#[derive(Debug)]
pub struct StepRun {
    engine: TripleEngine,
    code: OctalCode,
    bound: Option<period::ProofBound>,
    next_check: usize,
}

impl StepRun {
    /// A run for `game` from `values` (empty for a fresh run); `None` if the game is not a code
    /// with three-heap moves and no repeating digit.
    pub fn new(game: &HeapGame, values: &[u32]) -> Option<StepRun> {
        let code = three_heap_code(game)?.clone();
        let engine = TripleEngine::with_values(&code, values)?;
        Some(StepRun { engine, code, bound: proof_bound(game), next_check: values.len().max(64) })
    }

    /// Whether `game` is one that [`StepRun`] runs.
    pub fn supports(game: &HeapGame) -> bool {
        three_heap_code(game).is_some()
    }

    /// Computes values up to heap `target` inclusive, or fewer if a period is proven first
    /// (then returned, plain or arithmetic).
    pub fn advance(&mut self, target: usize) -> Option<Period> {
        while self.engine.values().len() <= target {
            let stop = target.min(self.next_check);
            self.engine.extend_to(stop);
            if self.engine.values().len() <= self.next_check {
                continue;
            }
            let values = self.engine.values();
            let n = values.len() - 1;
            self.next_check = n + n / PERIOD_CHECK_GROWTH + 1;
            if let Some(found) = self.bound.and_then(|bound| find_period(values, bound, 1 << 27)) {
                return Some(found);
            }
            match arithmetic_check(&self.code, values) {
                Ok(found) => return Some(found),
                Err(next) => self.next_check = self.next_check.min(next),
            }
        }
        None
    }

    /// The values so far.
    pub fn values(&self) -> &[u32] {
        self.engine.values()
    }
}

/// The finite code of `game` when its moves may leave three heaps: the codes that
/// [`TripleEngine`] and the arithmetic-periodicity theorem are for.
fn three_heap_code(game: &HeapGame) -> Option<&OctalCode> {
    game.code().filter(|code| code.max_parts() == 3 && code.max_removal().is_some())
}

/// Looks for an arithmetic period in `values` and tries to prove it: `Ok` with the period once
/// proven, otherwise `Err` with the heap at which to look again (an eighth further on, or where
/// the proof said it needs values up to).
fn arithmetic_check(code: &OctalCode, values: &[u32]) -> Result<Period, usize> {
    let n = values.len() - 1;
    let mut next = n + n / PERIOD_CHECK_GROWTH + 1;
    if let Some(candidate) = period::arithmetic_candidate(values) {
        match arithmetic::prove(
            code,
            values,
            candidate.preperiod,
            candidate.period,
            candidate.saltus,
        ) {
            arithmetic::Attempt::Proven(found) => return Ok(found),
            arithmetic::Attempt::NeedsValues(at) => next = at.max(n + 1),
            arithmetic::Attempt::NotCovered(_) => {}
        }
    }
    Err(next)
}

/// A long run of the fast engine: values in steps, with the periodicity proof checked each time
/// the sequence has grown by an eighth (a linear pass each time, so a constant factor overall;
/// the run stops at most an eighth past the heap where the proof completed; for very cheap heaps
/// the interval widens up to a half, see `growth`).
#[derive(Debug)]
pub struct FastRun {
    engine: SparseEngine,
    bound: Option<period::ProofBound>,
    next_check: usize,
    n_threads: usize,
    /// Checks run each time the sequence grows by `1/growth`: an eighth, or less often where a
    /// check costs more than a sixteenth of computing the values since the last one (games
    /// whose heaps are very cheap), so that checks never cost much of a run.
    growth: usize,
    /// Time spent computing values since the last check.
    computing: std::time::Duration,
}

impl FastRun {
    /// A run of `engine` (fresh, or resumed with earlier values) for `game`.
    pub fn new(game: &HeapGame, engine: SparseEngine) -> FastRun {
        let next_check = engine.values().len().max(64);
        FastRun {
            engine,
            bound: proof_bound(game),
            next_check,
            n_threads: 1,
            growth: PERIOD_CHECK_GROWTH,
            computing: std::time::Duration::ZERO,
        }
    }

    /// Uses `n_threads` threads ([`SparseEngine::extend_parallel`]).
    pub fn with_threads(mut self, n_threads: usize) -> FastRun {
        self.n_threads = n_threads.max(1);
        self
    }

    /// Computes values up to heap `target` inclusive, or fewer if a period is proven first
    /// (then returned). `None` if a value outgrew 16 bits.
    pub fn advance(&mut self, target: usize) -> Option<Option<Period>> {
        while self.engine.values().len() <= target {
            let stop = target.min(self.next_check);
            let started = std::time::Instant::now();
            if !self.engine.extend_parallel(stop, self.n_threads) {
                return None;
            }
            self.computing += started.elapsed();
            if self.engine.values().len() > self.next_check {
                self.next_check += self.next_check / self.growth + 1;
                if let Some(bound) = self.bound {
                    let started = std::time::Instant::now();
                    let found = find_period(self.engine.values(), bound, 1 << 27);
                    if started.elapsed() * 16 > self.computing && self.growth > 2 {
                        self.growth /= 2;
                    }
                    self.computing = std::time::Duration::ZERO;
                    if let Some(period) = found {
                        return Some(Some(period));
                    }
                }
            }
        }
        Some(None)
    }

    /// Checks for a proven period now, whatever the schedule (at the end of a run).
    pub fn check_now(&self) -> Option<Period> {
        find_period(self.engine.values(), self.bound?, 1 << 27)
    }

    /// The engine and its values.
    pub fn engine(&self) -> &SparseEngine {
        &self.engine
    }

    /// Gives up the engine.
    pub fn into_engine(self) -> SparseEngine {
        self.engine
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
