//! One run for every nim-sequence engine: it owns the period-check schedule and pushes values
//! into a [`Sink`], so that the command line writing a file, the server streaming a response and
//! Python filling an array all drive the engines the same way (ripgrep's push-model `Sink`).
//!
//! The run picks an engine ([`SequenceEngine`]: the sparse engine, the three-heap engine or the
//! straightforward one), extends it in steps, and after each step hands the new values to the
//! sink. Each time the sequence has grown by an eighth it looks for a proof of periodicity
//! (Guy–Smith, the window argument, arithmetic periodicity for three-heap codes); once proven,
//! the remaining values follow from the period and the engines stop. Only the sparse engine
//! uses more than one thread.

use super::arithmetic;
use super::cost;
use super::dense::DenseEngine;
use super::period::{
    self, find_long_period, find_period, proof_bound, LongPeriod, Period, ProofBound,
};
use super::sparse::{self, Archive, Blocked, Cell, EngineState, SparseEngine};
use super::triple::{three_heap_code, TripleEngine};
use super::{closed_form, Computed, Engine};
use crate::error::{Error, Result};
use crate::limits::{Limit, Limits};
use crate::rules::heap::{HeapGame, OctalCode};
use std::time::{Duration, Instant};

/// A run of values as an engine stores them: one or two bytes each where they fit, four
/// otherwise.
#[derive(Debug, Clone, Copy)]
pub enum Chunk<'a> {
    /// Values below 2^8.
    Bytes(&'a [u8]),
    /// Values below 2^16.
    Narrow(&'a [u16]),
    /// Values below 2^32.
    Wide(&'a [u32]),
    /// Values from a period with a saltus, which can pass 2^32 far out.
    Long(&'a [u64]),
    /// Values below 2^9 as folded bytes (the fast engine's one byte a value past 255).
    Folded(sparse::Folded<'a>),
}

impl<'a> Chunk<'a> {
    /// The number of values.
    pub fn len(&self) -> usize {
        match self {
            Chunk::Bytes(values) => values.len(),
            Chunk::Narrow(values) => values.len(),
            Chunk::Wide(values) => values.len(),
            Chunk::Long(values) => values.len(),
            Chunk::Folded(values) => values.len(),
        }
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Value `idx`.
    pub fn get(&self, idx: usize) -> u64 {
        match self {
            Chunk::Bytes(values) => u64::from(values[idx]),
            Chunk::Narrow(values) => u64::from(values[idx]),
            Chunk::Wide(values) => u64::from(values[idx]),
            Chunk::Long(values) => values[idx],
            Chunk::Folded(values) => u64::from(values.get(idx)),
        }
    }

    /// The values `range`.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Chunk<'a> {
        match self {
            Chunk::Bytes(values) => Chunk::Bytes(&values[range]),
            Chunk::Narrow(values) => Chunk::Narrow(&values[range]),
            Chunk::Wide(values) => Chunk::Wide(&values[range]),
            Chunk::Long(values) => Chunk::Long(&values[range]),
            Chunk::Folded(values) => Chunk::Folded(values.slice(range)),
        }
    }

    /// The largest value (0 when empty).
    pub fn max(&self) -> u64 {
        match self {
            Chunk::Bytes(values) => values.iter().copied().max().map_or(0, u64::from),
            Chunk::Narrow(values) => values.iter().copied().max().map_or(0, u64::from),
            Chunk::Wide(values) => values.iter().copied().max().map_or(0, u64::from),
            Chunk::Long(values) => values.iter().copied().max().unwrap_or(0),
            Chunk::Folded(values) => {
                (0..values.len()).map(|idx| values.get(idx)).max().map_or(0, u64::from)
            }
        }
    }

    /// The values as four-byte integers (saturated: callers check [`Chunk::max`] first).
    pub fn to_vec(&self) -> Vec<u32> {
        match self {
            Chunk::Bytes(values) => values.iter().map(|&v| u32::from(v)).collect(),
            Chunk::Narrow(values) => values.iter().map(|&v| u32::from(v)).collect(),
            Chunk::Wide(values) => values.to_vec(),
            Chunk::Long(values) => {
                values.iter().map(|&v| v.min(u64::from(u32::MAX)) as u32).collect()
            }
            Chunk::Folded(values) => (0..values.len()).map(|idx| values.get(idx)).collect(),
        }
    }
}

/// Where a run's values go, in order, as they are computed.
pub trait Sink {
    /// Whether the sink takes values at all (a sink that only shows progress does not: then
    /// a proven period is not expanded into values).
    fn wants_values(&self) -> bool {
        true
    }

    /// The values of heaps `first..first + values.len()`. An error stops the run.
    fn values(&mut self, first: u64, values: Chunk<'_>) -> Result<()>;

    /// Every value computed so far has been delivered: a good moment for a checkpoint.
    fn step_done(&mut self) -> Result<()> {
        Ok(())
    }

    /// How far the run has got (the largest heap known), with a note on the engine's state.
    fn progress(&mut self, _heap: u64, _note: &str) {}

    /// The period was proven at `period.proven_at`: the values from `first` on follow from it.
    fn period_proven(&mut self, _period: &Period, _first: u64) {}

    /// Whether this leg of the run should end now (asked after each step): the run then
    /// returns what it has, with the engine's state when it keeps a prefix and a tail
    /// ([`RunReport::state`]), so that a later run goes on from it.
    fn leg_over(&mut self) -> bool {
        false
    }
}

/// A sink that keeps nothing: the run's report and the engine's own values are the result.
#[derive(Debug, Default)]
pub struct NoSink;

impl Sink for NoSink {
    fn values(&mut self, _first: u64, _values: Chunk<'_>) -> Result<()> {
        Ok(())
    }
}

/// A nim-sequence engine: values of heaps 0, 1, 2, … in order.
pub trait SequenceEngine: Send {
    /// The engine's name, as `--engine` and the docs say it.
    fn name(&self) -> &'static str;

    /// Whether `--threads` above 1 makes it faster.
    fn uses_threads(&self) -> bool {
        false
    }

    /// The values computed so far.
    fn values(&self) -> Chunk<'_>;

    /// Computes values up to heap `target` inclusive; `false` if a value does not fit the
    /// engine's storage (then nothing past it was stored).
    fn extend_to(&mut self, target: usize, n_threads: usize) -> bool;

    /// The rare values of the sparse-space method, if the engine uses it: the mask and every
    /// position (0 included) whose value is rare under it, with that value.
    fn rare_values(&self) -> Option<RareValues> {
        None
    }

    /// A note on the engine's state for progress lines.
    fn note(&self) -> String {
        String::new()
    }

    /// Gives up the values.
    fn into_computed(self: Box<Self>) -> Computed;

    /// The number of heaps whose values are known.
    fn len(&self) -> usize {
        self.values().len()
    }

    /// Whether no value is known yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values of heaps `from..len()` (kept: at least the last step's).
    fn values_from(&self, from: usize) -> Chunk<'_> {
        let values = self.values();
        values.slice(from..values.len())
    }

    /// From now on keeps only what `keep` says, where the engine can (false: it keeps every
    /// value).
    fn keep_tail(&mut self, _keep: &Keep) -> bool {
        false
    }

    /// The first heap past the prefix whose value is still kept (0: every value is).
    fn first_kept(&self) -> usize {
        0
    }

    /// The heaps kept from 0, when the engine keeps a prefix and a tail.
    fn kept_prefix(&self) -> usize {
        usize::MAX
    }

    /// The most values the engine keeps, when it keeps only a prefix and a tail.
    fn kept_at_most(&self) -> Option<usize> {
        None
    }

    /// Lets the engine drop kept values below `before` (the run has taken them).
    fn release(&mut self, _before: usize) {}

    /// Why the engine stopped short, when a heap needed a value it no longer has.
    fn blocked(&self) -> Option<Blocked> {
        None
    }

    /// Where the engine is, when it keeps a prefix and a tail ([`SparseEngine::take_state`]):
    /// its kept values move into the state.
    fn take_state(&mut self) -> Option<EngineState> {
        None
    }

    /// Whether [`SequenceEngine::take_state`] gives a state (without making it).
    fn has_state(&self) -> bool {
        false
    }

    /// The same engine on wider cells, its kept values and state carried over, when it keeps
    /// only a prefix and a tail (the others are rebuilt from their values).
    fn widen(
        self: Box<Self>,
    ) -> std::result::Result<Box<dyn SequenceEngine>, Box<dyn SequenceEngine>>;
}

impl<V: Cell> SequenceEngine for SparseEngine<V> {
    fn name(&self) -> &'static str {
        "sparse"
    }
    fn uses_threads(&self) -> bool {
        true
    }
    fn values(&self) -> Chunk<'_> {
        self.chunk()
    }
    fn extend_to(&mut self, target: usize, n_threads: usize) -> bool {
        self.extend_parallel(target, n_threads)
    }
    fn note(&self) -> String {
        let stats = self.stats();
        format!("rare {} max {}", stats.n_rare, stats.max_value)
    }
    fn rare_values(&self) -> Option<RareValues> {
        let (mask, positions) = SparseEngine::rare_values(self)?;
        Some(RareValues { mask, positions })
    }
    fn into_computed(self: Box<Self>) -> Computed {
        SparseEngine::into_computed(*self)
    }
    fn len(&self) -> usize {
        SparseEngine::len(self)
    }
    fn values_from(&self, from: usize) -> Chunk<'_> {
        self.chunk_from(from)
    }
    fn keep_tail(&mut self, keep: &Keep) -> bool {
        if self.is_folded() {
            return false;
        }
        SparseEngine::keep_tail(self, keep.prefix, keep.tail, keep.archive.clone());
        true
    }
    fn first_kept(&self) -> usize {
        SparseEngine::first_kept(self)
    }
    fn kept_prefix(&self) -> usize {
        SparseEngine::kept_prefix(self)
    }
    fn kept_at_most(&self) -> Option<usize> {
        self.tail_capacity()
    }
    fn release(&mut self, before: usize) {
        SparseEngine::release(self, before);
    }
    fn blocked(&self) -> Option<Blocked> {
        SparseEngine::blocked(self).cloned()
    }
    fn take_state(&mut self) -> Option<EngineState> {
        SparseEngine::take_state(self)
    }
    fn has_state(&self) -> bool {
        self.keeps_tail()
    }
    fn widen(
        self: Box<Self>,
    ) -> std::result::Result<Box<dyn SequenceEngine>, Box<dyn SequenceEngine>> {
        if V::BYTES == 1 && self.keeps_tail() {
            Ok(Box::new(self.into_cells::<u16>()))
        } else {
            Err(self)
        }
    }
}

impl SequenceEngine for TripleEngine {
    fn name(&self) -> &'static str {
        "three-heap"
    }
    fn values(&self) -> Chunk<'_> {
        Chunk::Wide(TripleEngine::values(self))
    }
    fn extend_to(&mut self, target: usize, _n_threads: usize) -> bool {
        TripleEngine::extend_to(self, target);
        true
    }
    fn into_computed(self: Box<Self>) -> Computed {
        Computed::Wide(self.into_values())
    }
    fn widen(
        self: Box<Self>,
    ) -> std::result::Result<Box<dyn SequenceEngine>, Box<dyn SequenceEngine>> {
        Err(self)
    }
}

impl SequenceEngine for DenseEngine {
    fn name(&self) -> &'static str {
        "straightforward"
    }
    fn values(&self) -> Chunk<'_> {
        Chunk::Wide(DenseEngine::values(self))
    }
    fn extend_to(&mut self, target: usize, _n_threads: usize) -> bool {
        DenseEngine::extend_to(self, target);
        true
    }
    fn into_computed(self: Box<Self>) -> Computed {
        Computed::Wide(self.into_values())
    }
    fn widen(
        self: Box<Self>,
    ) -> std::result::Result<Box<dyn SequenceEngine>, Box<dyn SequenceEngine>> {
        Err(self)
    }
}

/// How a run is made.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Which engine.
    pub engine: Engine,
    /// Threads for the engines that use them.
    pub n_threads: usize,
    /// Values already computed (a resumed run): the engine starts after them.
    pub earlier: Computed,
    /// The first heap whose value the sink still needs (at least `earlier.len()`; more when a
    /// resumed sink already holds values from a proven period, which the run proves again).
    pub deliver_from: u64,
    /// Keep only a prefix and a tail of the values in memory (the fast engine; the others keep
    /// every value): memory that does not grow with N.
    pub keep: Option<Keep>,
    /// Go on from where an earlier leg stopped ([`RunReport::state`]; with `keep`'s archive,
    /// if any): the run starts at its heap.
    pub resume: Option<std::sync::Arc<Resume>>,
}

/// The state a run goes on from ([`RunOptions::resume`]), handed over once: the run takes its
/// values rather than copying them.
#[derive(Debug)]
pub struct Resume {
    n: u64,
    state: std::sync::Mutex<Option<EngineState>>,
}

impl Resume {
    /// A run goes on from `state`.
    pub fn new(state: EngineState) -> Resume {
        Resume { n: state.n, state: std::sync::Mutex::new(Some(state)) }
    }

    /// The heap the run goes on from.
    pub fn heap(&self) -> u64 {
        self.n
    }

    fn take(&self) -> Option<EngineState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// What a run whose memory does not grow with N keeps: the values of heaps below `prefix`, of
/// the last `tail` heaps at least (up to twice as many between drops), and the rare positions;
/// any other value it needs is read from `archive` (the values written so far), or, without
/// one, the run stops with an error naming the heap. Nothing is ever guessed.
#[derive(Clone)]
pub struct Keep {
    /// Heaps kept from 0.
    pub prefix: usize,
    /// Heaps kept at the end (larger than any removal and any block; the sparse-space method
    /// reads the partners of the rare positions there).
    pub tail: usize,
    /// Where older values are read back.
    pub archive: Option<std::sync::Arc<dyn Archive>>,
}

impl Keep {
    /// What a run keeps when asked for no values, only summaries: 2^27 heaps from 0 and the
    /// last 2^27 (Grundy's game: the last rare position below 2^32 is at 48,399,022), so
    /// between 256 MiB and 768 MiB at two bytes a value, whatever N.
    pub fn summaries() -> Keep {
        Keep::values(Keep::DEFAULT)
    }

    /// Heaps kept from 0 and at the end by default: 2^27.
    pub const DEFAULT: usize = 1 << 27;

    /// The least a run may keep at each end: more than any block of heaps and any removal.
    pub const LEAST: usize = 1 << 16;

    /// `values` heaps kept from 0 and `values` at the end or more (at least [`Keep::LEAST`], at
    /// most [`sparse::MAX_KEPT`]).
    pub fn values(values: usize) -> Keep {
        let values = values.clamp(Keep::LEAST, sparse::MAX_KEPT);
        Keep { prefix: values, tail: values, archive: None }
    }
}

impl Keep {
    /// What a run to heap `up_to` that writes its values to a file keeps: as
    /// [`Keep::values`], reading older values back through `archive` (the file), when the
    /// run is long enough to drop any; `None` otherwise (every value is kept, as before).
    pub fn for_file(
        up_to: u64,
        values: usize,
        archive: std::sync::Arc<dyn Archive>,
    ) -> Option<Keep> {
        let keep = Keep { archive: Some(archive), ..Keep::values(values) };
        let dropping_from = keep.prefix.saturating_add(keep.tail.saturating_mul(2));
        (up_to >= dropping_from as u64).then_some(keep)
    }
}

impl std::fmt::Debug for Keep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keep")
            .field("prefix", &self.prefix)
            .field("tail", &self.tail)
            .field("archive", &self.archive.is_some())
            .finish()
    }
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            engine: Engine::Fastest,
            n_threads: 1,
            earlier: Computed::default(),
            deliver_from: 0,
            keep: None,
            resume: None,
        }
    }
}

/// The rare values of a nim-sequence under the sparse-space mask that the fast engine chose: a
/// value `v` is rare when `v AND mask` has an even number of bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RareValues {
    /// The mask.
    pub mask: u32,
    /// Every position (heap) with a rare value, in order, with its value.
    pub positions: Vec<(u64, u32)>,
}

impl RareValues {
    /// The rare values as `position:value`, wrapped, after a line that says what they are.
    pub fn report(&self) -> String {
        let mut text = format!(
            "rare values (mask {:#x}: a value is rare when value AND mask has an even number of \
             bits), {} positions, as position:value:",
            self.mask,
            self.positions.len()
        );
        let mut line = String::new();
        for (position, value) in &self.positions {
            let entry = format!("{position}:{value}");
            if !line.is_empty() && line.len() + 1 + entry.len() > 96 {
                text.push_str("\n  ");
                text.push_str(&line);
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&entry);
        }
        if !line.is_empty() {
            text.push_str("\n  ");
            text.push_str(&line);
        }
        text
    }
}

/// What a run found.
#[derive(Debug)]
pub struct RunReport {
    /// The proven period, if any.
    pub period: Option<Period>,
    /// The values the engine computed (heaps `0..computed.len()`), earlier ones included.
    pub computed: Computed,
    /// The engine that ran (`closed form` for the games a theorem gives outright).
    pub engine: &'static str,
    /// The largest heap whose value was delivered.
    pub delivered_to: Option<u64>,
    /// The rare values, where the fast engine ran under a mask.
    pub rare: Option<RareValues>,
    /// A run that kept only a prefix and a tail ([`RunOptions::keep`]) and dropped values:
    /// the heaps kept from 0 and from the end when it finished. `computed` is then empty.
    pub dropped: Option<(u64, u64)>,
    /// A leg that ended before `up_to` ([`Sink::leg_over`]) with an engine that keeps a prefix
    /// and a tail: its state, from which [`RunOptions::resume`] goes on. `computed` is then
    /// empty and `delivered_to` the last heap handed to the sink.
    pub state: Option<EngineState>,
}

/// Period checks run each time the sequence grows by this fraction (1/8, or up to 1/2 where
/// checks cost too much against cheap heaps), so they cost a constant factor of a linear pass,
/// and stop the run at most that fraction late.
const PERIOD_CHECK_GROWTH: usize = 8;

/// The last values the Z-function search for a period looks at (four bytes each while it
/// runs); longer periods are found by [`find_long_period`], which needs no memory of its own.
const PERIOD_WINDOW: usize = 1 << 27;

/// Values from which games with splitting moves are searched for periods by
/// [`find_long_period`] alone (below, the window search's memory is a few megabytes).
const LONG_ONLY_FROM: usize = 1 << 20;

/// Values handed to a sink at a time when they come from a period.
const PERIOD_CHUNK: usize = 1 << 16;

/// Engine steps: at most this many heaps (progress, cancellation and checkpoints in between).
const MAX_STEP: usize = 1 << 16;

/// The first step, in heaps; steps double while they take under a quarter of [`STEP_TIME`]
/// and halve when they take longer.
const MIN_STEP: usize = 1 << 10;

/// How long a step should take at most, so progress lines and Ctrl-C are never far apart.
const STEP_TIME: Duration = Duration::from_millis(250);

/// Computes the values of `game` for heaps `0..=up_to` (or until a period is proven), pushing
/// every value from `options.earlier.len()` to `up_to` into `sink` when one is given (from the
/// period once it is proven), and returns the period and the computed values.
///
/// ```
/// use grundy::sequence::run::{run, Chunk, RunOptions, Sink};
/// struct Collect(Vec<u32>);
/// impl Sink for Collect {
///     fn values(&mut self, _first: u64, values: Chunk<'_>) -> grundy::Result<()> {
///         self.0.extend(values.to_vec());
///         Ok(())
///     }
/// }
/// let dawson = grundy::game("dawson")?.heap_game().unwrap();
/// let mut sink = Collect(Vec::new());
/// let report = run(&dawson, 1000, &RunOptions::default(), Some(&mut sink), &grundy::Limits::default())?;
/// assert_eq!(report.period.unwrap().period, 34);
/// assert_eq!(sink.0.len(), 1001); // computed to heap 176, the rest from the period
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn run(
    game: &HeapGame,
    up_to: u64,
    options: &RunOptions,
    mut sink: Option<&mut dyn Sink>,
    limits: &Limits,
) -> Result<RunReport> {
    let resumed_at = options.resume.as_ref().map_or(0, |resume| resume.heap());
    let first = (options.earlier.len() as u64).max(options.deliver_from).max(resumed_at);
    let wants_values = sink.as_ref().is_some_and(|sink| sink.wants_values());
    if let Some((period, first_values)) = closed_form(game) {
        if let Some(sink) = sink.as_deref_mut().filter(|_| wants_values) {
            sink.period_proven(&period, first);
            deliver_from_period(sink, &period, Chunk::Wide(&first_values), first, up_to, limits)?;
        }
        return Ok(RunReport {
            period: Some(period),
            computed: Computed::Wide(first_values),
            engine: "closed form",
            delivered_to: wants_values.then_some(up_to),
            rare: None,
            dropped: None,
            state: None,
        });
    }
    let compute_to = usize::try_from(up_to).map_err(|_| too_long(up_to))?;
    if cost::has_no_theorem(game) {
        // Nothing can stop such a run early, and its heaps cost more the larger they are.
        let limit = cost::computable_heaps(game, options.engine, limits);
        if up_to > limit {
            return Err(Error::limit(
                Limit::HeapSize,
                limit,
                format!(
                    "the values of {} to heap {up_to}: no periodicity theorem covers a code with \
                     a repeating digit, and its heaps cost more the larger they are; --max-heap \
                     raises the limit",
                    game.name
                ),
            ));
        }
    }
    let mut engine = new_engine(game, options)?;
    // The engine's cells: one byte a value on the fast engine while they fit, then two; four
    // on the others.
    let memory_for = |engine: &dyn SequenceEngine, heap: usize| {
        let bytes_per_value = match engine.values() {
            Chunk::Bytes(_) | Chunk::Folded(_) => 1,
            Chunk::Narrow(_) => 2,
            Chunk::Wide(_) | Chunk::Long(_) => 4,
        };
        let kept = engine.kept_at_most().map_or(heap, |most| heap.min(most));
        (kept as u64).saturating_add(1).saturating_mul(bytes_per_value)
    };
    // A game no theorem can stop early must fit whole (unless its engine keeps a prefix and a
    // tail); the others are checked as they grow.
    if proof_bound(game).is_none() && !engine.has_state() {
        limits.count_bytes(
            memory_for(engine.as_ref(), compute_to),
            &format!("the values of {} to heap {up_to}", game.name),
        )?;
    }
    let mut schedule = Schedule::new(game, engine.len());
    let mut delivered = first as usize;
    let mut period = None;
    let mut leg_ended = false;
    // Steps start small and grow while they are quick, so that progress and cancellation come
    // often even where one heap costs a lot (a repeating digit: work grows with the heap).
    let mut step = MIN_STEP;
    while engine.len() <= compute_to {
        limits.check()?;
        let len = engine.len();
        // Once values are dropped no period is looked for (the proof reads them).
        let next_check = if engine.first_kept() == 0 { schedule.next_check } else { usize::MAX };
        let target = compute_to.min(next_check).min(len + step - 1);
        limits.count_bytes(
            memory_for(engine.as_ref(), target),
            &format!("the values of {} to heap {target}", game.name),
        )?;
        let started = Instant::now();
        if !engine.extend_to(target, options.n_threads) {
            if let Some(blocked) = engine.blocked() {
                return Err(blocked_error(game, &blocked, options.keep.as_ref()));
            }
            // A value outgrew the engine's cells: carry on with wider ones (the fast engine on
            // two bytes, then the straightforward engine on four).
            engine = widened(game, engine)?;
            continue;
        }
        let took = started.elapsed();
        schedule.computing += took;
        if took < STEP_TIME / 4 {
            step = (step * 2).min(MAX_STEP);
        } else if took > STEP_TIME {
            step = (step / 2).max(1);
        }
        let len = engine.len();
        if let Some(sink) = sink.as_deref_mut() {
            if len > delivered && wants_values {
                sink.values(delivered as u64, engine.values_from(delivered))?;
                delivered = len;
            }
            sink.progress(len as u64 - 1, &engine.note());
            sink.step_done()?;
            // Only an engine with a state of its own can stop a leg here (the others go on;
            // their legs are an --out file's).
            if len <= compute_to && engine.has_state() && sink.leg_over() {
                leg_ended = true;
            }
        }
        // Values the sink has (or does not want) may be dropped.
        engine.release(if wants_values { delivered } else { len });
        if engine.first_kept() == 0 && (len > schedule.next_check || len > compute_to) {
            if let Some(found) = schedule.check(engine.values(), len > compute_to) {
                period = Some(found);
                break;
            }
        }
        if leg_ended {
            break;
        }
    }
    if let (Some(found), Some(sink)) = (&period, sink.filter(|_| wants_values)) {
        let len = engine.len() as u64;
        if len <= up_to {
            sink.period_proven(found, len.max(first));
            deliver_from_period(sink, found, engine.values(), len.max(first), up_to, limits)?;
            sink.step_done()?;
        }
    }
    let engine_name = engine.name();
    let rare = engine.rare_values();
    let dropped = (engine.first_kept() > 0)
        .then(|| (engine.kept_prefix() as u64, engine.len() as u64 - engine.first_kept() as u64));
    let state = if leg_ended && period.is_none() { engine.take_state() } else { None };
    Ok(RunReport {
        rare,
        period,
        dropped,
        // A run that dropped values gives none back (they went to its sink).
        computed: if dropped.is_some() || state.is_some() {
            Computed::default()
        } else {
            engine.into_computed()
        },
        engine: engine_name,
        delivered_to: wants_values.then(|| if leg_ended { delivered as u64 - 1 } else { up_to }),
        state,
    })
}

fn too_long(up_to: u64) -> Error {
    Error::limit(
        Limit::Memory,
        usize::MAX as u64,
        format!("heap {up_to} is past this machine's address space"),
    )
}

/// The engine `options` ask for, started from the earlier values.
fn new_engine(game: &HeapGame, options: &RunOptions) -> Result<Box<dyn SequenceEngine>> {
    if let Some(resume) = &options.resume {
        let state = resume.take().ok_or_else(|| {
            Error::invalid("the state to resume from was taken by an earlier run of these options")
        })?;
        let archive = options.keep.as_ref().and_then(|keep| keep.archive.clone());
        let engine: Option<Box<dyn SequenceEngine>> = if state.bytes {
            SparseEngine::<u8>::from_state(game, state, archive)
                .map(|engine| Box::new(engine) as Box<dyn SequenceEngine>)
        } else {
            SparseEngine::<u16>::from_state(game, state, archive)
                .map(|engine| Box::new(engine) as Box<dyn SequenceEngine>)
        };
        return engine.ok_or_else(|| {
            Error::invalid(format!(
                "the state to resume from is not one of {}'s runs on the fast engine (its values, \
                 rare positions or histogram do not agree)",
                game.name
            ))
        });
    }
    let mut engine = new_engine_keeping_all(game, options)?;
    if let Some(keep) = &options.keep {
        engine.keep_tail(keep);
    }
    Ok(engine)
}

/// The error of a run that needed a value it had dropped.
fn blocked_error(game: &HeapGame, blocked: &Blocked, keep: Option<&Keep>) -> Error {
    let (prefix, tail) = keep.map_or((0, 0), |keep| (keep.prefix, keep.tail));
    let why = match &blocked.error {
        Some(error) => format!("reading it back failed: {error}"),
        None => "keep the values in a file (--out) so that they can be read back".into(),
    };
    Error::limit(
        Limit::Memory,
        prefix.saturating_add(tail.saturating_mul(2)) as u64,
        format!(
            "the value of heap {} of {} needs that of heap {}, which this run no longer keeps \
             (it keeps heaps below {prefix} and the last {tail} or more); {why}",
            blocked.heap, game.name, blocked.needed
        ),
    )
}

/// [`new_engine`] before it is told what to keep.
fn new_engine_keeping_all(
    game: &HeapGame,
    options: &RunOptions,
) -> Result<Box<dyn SequenceEngine>> {
    let earlier = &options.earlier;
    if options.engine == Engine::Fastest {
        if sparse::supports(game) {
            let max = earlier.as_chunk().max();
            let engine: Option<Box<dyn SequenceEngine>> = if max <= u64::from(u8::MAX) {
                SparseEngine::<u8>::with_values(game, cells(earlier.as_chunk()))
                    .map(|engine| Box::new(engine) as Box<dyn SequenceEngine>)
            } else if max <= u64::from(u16::MAX) {
                // One byte a value below 512 where the mask allows it, two bytes otherwise.
                let narrow: Vec<u16> = cells(earlier.as_chunk());
                match SparseEngine::<u8>::folded_with_values(game, &narrow) {
                    Some(engine) => Some(Box::new(engine) as Box<dyn SequenceEngine>),
                    None => SparseEngine::<u16>::with_values(game, narrow)
                        .map(|engine| Box::new(engine) as Box<dyn SequenceEngine>),
                }
            } else {
                None
            };
            if let Some(engine) = engine {
                return Ok(engine);
            }
        }
        if let Some(code) = three_heap_code(game) {
            if let Some(engine) = TripleEngine::with_values(code, &earlier.to_vec()) {
                return Ok(Box::new(engine));
            }
        }
    }
    Ok(Box::new(DenseEngine::with_values(game, &earlier.to_vec())))
}

/// The values of `chunk` as cells of type `V` (the caller checked that they fit).
fn cells<V: Cell>(chunk: Chunk<'_>) -> Vec<V> {
    (0..chunk.len()).map(|n| V::from_u32(chunk.get(n) as u32)).collect()
}

/// The engine that carries on where `engine` met a value its cells cannot hold: the fast
/// engine on two bytes after one, the straightforward engine on four after that.
fn widened(game: &HeapGame, engine: Box<dyn SequenceEngine>) -> Result<Box<dyn SequenceEngine>> {
    let engine = match engine.widen() {
        Ok(wider) => return Ok(wider),
        Err(engine) => engine,
    };
    if engine.first_kept() > 0 {
        return Err(Error::limit(
            Limit::Memory,
            u64::from(u16::MAX),
            format!(
                "a value of {} past {}: a run that keeps only some of its values goes no \
                 further than two-byte values",
                game.name,
                u16::MAX
            ),
        ));
    }
    let values = engine.values();
    let narrow: Option<Vec<u16>> = match values {
        Chunk::Bytes(bytes) => Some(bytes.iter().map(|&v| u16::from(v)).collect()),
        Chunk::Folded(folded) => Some(folded.to_narrow()),
        _ => None,
    };
    if let Some(narrow) = narrow {
        drop(engine);
        if let Some(engine) = SparseEngine::<u16>::with_values(game, narrow) {
            return Ok(Box::new(engine));
        }
        unreachable!("the fast engine took this game on bytes, so it takes it on two bytes");
    }
    Ok(Box::new(DenseEngine::with_values(game, &values.to_vec())))
}

/// Hands the values of heaps `from..=up_to` to the sink, from the proven period.
fn deliver_from_period(
    sink: &mut dyn Sink,
    period: &Period,
    values: Chunk<'_>,
    from: u64,
    up_to: u64,
    limits: &Limits,
) -> Result<()> {
    let head: Vec<u32> =
        values.slice(0..(period.preperiod + period.period).min(values.len())).to_vec();
    let mut chunk: Vec<u64> = Vec::with_capacity(PERIOD_CHUNK);
    let mut start = from;
    let mut n = from;
    while n <= up_to {
        let value = period.value_at(&head, n).ok_or_else(|| {
            Error::limit(Limit::Memory, u64::MAX, format!("the value of heap {n} passes 2^64 - 1"))
        })?;
        chunk.push(value);
        if chunk.len() == PERIOD_CHUNK {
            limits.check()?;
            sink.values(start, Chunk::Long(&chunk))?;
            sink.progress(n, "from the period");
            start = n + 1;
            chunk.clear();
        }
        if n == u64::MAX {
            break;
        }
        n += 1;
    }
    if !chunk.is_empty() {
        sink.values(start, Chunk::Long(&chunk))?;
    }
    Ok(())
}

/// When to look for a proof, and which proofs apply.
struct Schedule {
    bound: Option<ProofBound>,
    ap_code: Option<OctalCode>,
    next_check: usize,
    /// Checks run each time the sequence grows by `1/growth`: an eighth, or less often where a
    /// check costs more than a sixteenth of computing the values since the last one (games
    /// whose heaps are very cheap), so that checks never cost much of a run.
    growth: usize,
    /// Time spent computing values since the last check.
    computing: Duration,
}

impl Schedule {
    fn new(game: &HeapGame, n_values: usize) -> Schedule {
        Schedule {
            bound: proof_bound(game),
            ap_code: three_heap_code(game).cloned(),
            next_check: n_values.max(64),
            growth: PERIOD_CHECK_GROWTH,
            computing: Duration::ZERO,
        }
    }

    /// Looks for a proven period in `values` now, and sets the next check.
    fn check(&mut self, values: Chunk<'_>, at_end: bool) -> Option<Period> {
        let n = values.len().checked_sub(1)?;
        self.next_check = n + n / self.growth + 1;
        let started = Instant::now();
        // With splitting moves, past a million values, the search for periods of any length
        // finds exactly what the Z-function over every value would (every provable period's run
        // is longer than the suffix it looks for), and needs no memory of its own: the window
        // search's four bytes a value would be most of a long run's memory.
        let long_only =
            self.bound.is_some_and(|bound| bound.max_parts >= 2) && n + 1 > LONG_ONLY_FROM;
        let found = self.bound.filter(|_| !long_only).and_then(|bound| match values {
            Chunk::Bytes(values) => find_period(values, bound, PERIOD_WINDOW),
            Chunk::Narrow(values) => find_period(values, bound, PERIOD_WINDOW),
            Chunk::Wide(values) => find_period(values, bound, PERIOD_WINDOW),
            Chunk::Long(values) => find_period(values, bound, PERIOD_WINDOW),
            // Decoded for the check (two bytes a value while it runs).
            Chunk::Folded(values) => find_period(&values.to_narrow(), bound, PERIOD_WINDOW),
        });
        if found.is_some() {
            return found;
        }
        // Periods the window cannot hold: candidates where the newest values occurred before,
        // each measured over every value, and a look again exactly where a proof would end.
        if let Some(bound) = self.bound.filter(|_| long_only || n + 1 > PERIOD_WINDOW) {
            let long = match values {
                Chunk::Bytes(values) => find_long_period(values, bound),
                Chunk::Narrow(values) => find_long_period(values, bound),
                Chunk::Wide(values) => find_long_period(values, bound),
                Chunk::Long(values) => find_long_period(values, bound),
                Chunk::Folded(values) => find_long_period(&values.to_narrow(), bound),
            };
            match long {
                LongPeriod::Proven(found) => return Some(found),
                LongPeriod::Pending(at) => self.next_check = self.next_check.min(at.max(n + 1)),
                LongPeriod::Nothing => {}
            }
        }
        if let (Some(code), Chunk::Wide(wide)) = (&self.ap_code, values) {
            match arithmetic_check(code, wide) {
                Ok(found) => return Some(found),
                Err(next) => self.next_check = self.next_check.min(next),
            }
        }
        if !at_end && started.elapsed() * 16 > self.computing && self.growth > 2 {
            self.growth /= 2;
        }
        self.computing = Duration::ZERO;
        None
    }
}

/// Looks for an arithmetic period in `values` and tries to prove it: `Ok` with the period once
/// proven, otherwise `Err` with the heap at which to look again (an eighth further on, or where
/// the proof said it needs values up to).
pub(crate) fn arithmetic_check(
    code: &OctalCode,
    values: &[u32],
) -> std::result::Result<Period, usize> {
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
