//! One worker's part of an explored game graph, and the steps that label it.
//!
//! A [`Shard`] holds the positions whose encoding hashes to its worker, and changes only by
//! [`Shard::begin`], [`Shard::receive`] and [`Shard::end`] of the phases of
//! [`super::label_all`]; every step writes the messages it sends into an outbox, addressed by
//! [`Msg::destination`]. Drivers only carry messages between shards and tell when a phase has
//! no message left anywhere: the sequential driver in one thread, the timely dataflow across
//! threads and processes.
//!
//! State, per position: its encoding in one arena, found again by a hash table of indices
//! while exploring; its options, one word each (the XOR of the parts' values known so far, the
//! number of parts not yet known, flags for a split and for a move that empties the
//! component); the option slots of the positions that can move to it (predecessors, as worker
//! and option index); and, once exploring ends, its value and the number of its options not
//! yet known. The lists (encodings, options, predecessors) are cut by [`Ends`], four bytes a
//! position, and grow by a quarter at a time ([`push_lean`]).

use super::ends::{extend_lean, push_lean, Ends};
use super::{EncodedOptions, EncodedRules, Encoding, Label, Msg, Origin, Phase, Tally};
use crate::error::{Error, Limit};
use crate::limits::Limits;
use crate::nimber::MexScratch;
use crate::outcome::Outcome;
use crate::solve::loopy::LoopyValue;
use hashbrown::HashTable;
use std::collections::HashMap;
use std::sync::Arc;

/// A global option slot is `worker | position | rank`: the worker that holds the position,
/// the position's number there, and the option's rank among the position's options, so that
/// a message finds its option without a search.
const RANK_BITS: u32 = 20;
const POSITION_BITS: u32 = 32;
const WORKER_SHIFT: u32 = RANK_BITS + POSITION_BITS;
/// The most workers a run can have (the bits left for the worker in a slot).
pub const MAX_WORKERS: u32 = 1 << (64 - WORKER_SHIFT);
/// The most options a position can have in `explore`.
pub const MAX_OPTIONS: usize = 1 << RANK_BITS;
/// The value of a position not yet known. (A finite value is at most the number of a
/// position's options, at most [`MAX_OPTIONS`], and the XOR of such values is below
/// 2^(RANK_BITS + 1): [`VALUE`]'s bits hold them.)
const UNKNOWN: u32 = u32::MAX;
/// The value of a position that is ∞(K) (its K in `infinite`).
const INFINITE: u32 = u32::MAX - 1;

// An option's word: the XOR of its parts' values known so far, the parts not yet known, and
// two flags. An option with more parts than [`LEFT_MAX`] keeps the rest in `many_parts`.
/// The bits of an option's word that hold the XOR of its parts' values.
const VALUE: u32 = (1 << (RANK_BITS + 1)) - 1;
/// Where the count of parts not yet known starts.
const LEFT_SHIFT: u32 = RANK_BITS + 1;
/// The most parts the word counts itself.
const LEFT_MAX: u32 = 0xFF;
/// The bits that count the parts not yet known.
const LEFT: u32 = LEFT_MAX << LEFT_SHIFT;
/// One part not yet known.
const ONE_LEFT: u32 = 1 << LEFT_SHIFT;
/// The option splits into two parts or more.
const SPLIT: u32 = 1 << (LEFT_SHIFT + 8);
/// The option has no part (the move empties the component).
const EMPTY: u32 = SPLIT << 1;

// Flags of a position during the loopy stages.
const TAINTED: u8 = 1;
const FREE: u8 = 2;
const ELIGIBLE: u8 = 4;
const KILLED: u8 = 8;

// Outcomes while they are decided (the last phase of games without splits).
const UNDECIDED: u8 = 0;
const LOSS: u8 = 1;
const WIN: u8 = 2;

/// The global name of option number `rank` of position `idx` of worker `worker`.
pub fn slot(worker: u32, idx: u32, rank: u64) -> u64 {
    (u64::from(worker) << WORKER_SHIFT) | (u64::from(idx) << RANK_BITS) | rank
}

/// The worker that holds option slot `slot`.
pub fn slot_worker(slot: u64) -> u32 {
    (slot >> WORKER_SHIFT) as u32
}

/// One worker's positions and their labels. See the module documentation.
pub struct Shard {
    rules: Arc<dyn EncodedRules>,
    limits: Limits,
    worker: u32,
    workers: u32,
    max_positions: u64,
    table: HashTable<u32>,
    arena: Vec<u8>,
    ends: Ends,
    option_ends: Ends,
    /// Each option's word (see [`VALUE`], [`LEFT`], [`SPLIT`], [`EMPTY`]).
    opt: Vec<u32>,
    /// Parts not yet known of options with more than [`LEFT_MAX`], beyond those the word counts.
    many_parts: HashMap<u64, u64>,
    /// Options with a part of infinite value: how many such parts, and the K of the last.
    opt_infinite: HashMap<u64, (u32, Vec<u64>)>,
    /// Predecessors as found during `Explore`: the position reached, and the option slot.
    found_at: Vec<u32>,
    found_slot: Vec<u64>,
    pred_ends: Ends,
    preds: Vec<u64>,
    value: Vec<u32>,
    infinite: HashMap<u32, Vec<u64>>,
    open: Vec<u32>,
    starts: Vec<(u32, u32)>,
    split: bool,
    flags: Vec<u8>,
    blocking: Vec<u32>,
    stage: u64,
    outcome: Vec<u8>,
    remoteness: Vec<u32>,
    undecided: Vec<u32>,
    /// While values propagate: the most remoteness of a position's options so far; once its
    /// value is known, its remoteness (in games without splits and cycles).
    far: Vec<u32>,
    /// While values propagate: the least remoteness of an option of value 0 so far.
    near: Vec<u32>,
    /// Whether `far` is every position's remoteness ([`Phase::Finish`]).
    remoteness_by_values: bool,
    /// The most bytes kept at once so far ([`Shard::peak_bytes`]).
    peak: u64,
    error: Option<Error>,
    scratch: EncodedOptions,
    mex: MexScratch,
    option_values: Vec<u64>,
    steps: u32,
}

impl Shard {
    /// Worker `worker` of `workers`, holding at most `max_positions` positions.
    pub fn new(
        rules: Arc<dyn EncodedRules>,
        limits: Limits,
        worker: u32,
        workers: u32,
        max_positions: u64,
    ) -> Shard {
        Shard {
            rules,
            limits,
            worker,
            workers,
            // A position's number is 32 bits.
            max_positions: max_positions.min(u64::from(u32::MAX)),
            table: HashTable::new(),
            arena: Vec::new(),
            ends: Ends::default(),
            option_ends: Ends::default(),
            opt: Vec::new(),
            many_parts: HashMap::new(),
            opt_infinite: HashMap::new(),
            found_at: Vec::new(),
            found_slot: Vec::new(),
            pred_ends: Ends::default(),
            preds: Vec::new(),
            value: Vec::new(),
            infinite: HashMap::new(),
            open: Vec::new(),
            starts: Vec::new(),
            split: false,
            flags: Vec::new(),
            blocking: Vec::new(),
            stage: 0,
            outcome: Vec::new(),
            remoteness: Vec::new(),
            undecided: Vec::new(),
            far: Vec::new(),
            near: Vec::new(),
            remoteness_by_values: false,
            peak: 0,
            error: (workers > MAX_WORKERS).then(|| {
                Error::Unsupported(format!(
                    "{workers} workers in all; explore runs at most {MAX_WORKERS} (processes × threads)"
                ))
            }),
            scratch: EncodedOptions::default(),
            mex: MexScratch::default(),
            option_values: Vec::new(),
            steps: 0,
        }
    }

    /// The number of positions held.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether the shard holds no position.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The encoding of position `idx`.
    pub fn position(&self, idx: u32) -> &[u8] {
        slice(&self.arena, &self.ends, idx)
    }

    fn options_of(&self, idx: u32) -> std::ops::Range<u64> {
        self.option_ends.span(idx as usize)
    }

    fn preds_of(&self, idx: u32) -> std::ops::Range<usize> {
        let span = self.pred_ends.span(idx as usize);
        span.start as usize..span.end as usize
    }

    /// The position of option slot `slot` (one of this worker's), and the option's number here.
    fn unslot(&self, slot: u64) -> (u32, u64) {
        let idx = ((slot >> RANK_BITS) & ((1 << POSITION_BITS) - 1)) as u32;
        let rank = slot & ((1 << RANK_BITS) - 1);
        (idx, self.options_of(idx).start + rank)
    }

    /// The bytes this shard keeps, as its vectors hold them (the side tables of rare cases —
    /// options of infinite value or of more than 255 parts — are left out).
    pub fn bytes(&self) -> u64 {
        let vecs = self.arena.capacity()
            + self.ends.bytes()
            + self.option_ends.bytes()
            + self.pred_ends.bytes()
            + 8 * self.preds.capacity()
            + 4 * (self.opt.capacity()
                + self.value.capacity()
                + self.open.capacity()
                + self.blocking.capacity()
                + self.remoteness.capacity()
                + self.undecided.capacity()
                + self.far.capacity()
                + self.near.capacity())
            // The table's buckets (one in eight spare at most), each an index and a tag byte.
            + self.table.capacity() * 8 / 7 * 5
            + 4 * self.found_at.capacity()
            + 8 * self.found_slot.capacity()
            + self.flags.capacity()
            + self.outcome.capacity();
        vecs as u64
    }

    /// The most bytes this shard has kept at once: at the end of every phase, and while the
    /// predecessors are put in lists (the largest moment of all).
    pub fn peak_bytes(&self) -> u64 {
        self.peak.max(self.bytes())
    }

    /// The label of position `idx` once every phase has run.
    pub fn label(&self, idx: u32) -> Label {
        let value = match self.value[idx as usize] {
            INFINITE => LoopyValue::Infinite(self.infinite[&idx].clone()),
            value => LoopyValue::Finite(u64::from(value)),
        };
        let (outcome, remoteness) = match self.outcome.get(idx as usize) {
            Some(&LOSS) => (Outcome::P, Some(self.remoteness[idx as usize])),
            Some(&WIN) => (Outcome::N, Some(self.remoteness[idx as usize])),
            Some(_) => (Outcome::D, None),
            None => {
                let remoteness = self.remoteness_by_values.then(|| self.far[idx as usize]);
                (crate::solve::sum::outcome_of(&value), remoteness)
            }
        };
        Label { value, outcome, remoteness }
    }

    fn fail(&mut self, error: Error) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    /// Polls the cancellation flag and the deadline now and then.
    fn tick(&mut self) {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(4096) {
            if let Err(error) = self.limits.check() {
                self.fail(error);
            }
        }
    }

    fn send_to_preds(&self, idx: u32, out: &mut Vec<Msg>, make: impl Fn(u64) -> Msg) {
        for &pred in &self.preds[self.preds_of(idx)] {
            out.push(make(pred));
        }
    }

    /// Starts `phase`: the messages every position sends before any arrives.
    pub fn begin(&mut self, phase: Phase, starts: &[Vec<u8>], out: &mut Vec<Msg>) {
        if self.error.is_some() {
            return;
        }
        match phase {
            Phase::Explore => {
                for (idx, position) in starts.iter().enumerate() {
                    let msg = Msg::Reach {
                        position: position.as_slice().into(),
                        from: Origin::Start(idx as u32),
                    };
                    if msg.destination(self.workers) == self.worker {
                        out.push(msg);
                    }
                }
            }
            Phase::Propagate => self.finish_known(out),
            Phase::Taint => {
                self.flags = vec![0; self.len()];
                for idx in 0..self.len() as u32 {
                    if self.value[idx as usize] != UNKNOWN {
                        continue;
                    }
                    if self.is_blocked(idx) {
                        self.flags[idx as usize] |= TAINTED;
                        self.send_to_preds(idx, out, |to| Msg::Taint { to });
                    }
                }
            }
            Phase::Stage(stage) => {
                self.stage = stage;
                // A game with cycles: remoteness comes from the outcomes by counting.
                self.far = Vec::new();
                self.near = Vec::new();
                if self.blocking.len() != self.len() {
                    self.blocking = vec![0; self.len()];
                }
                for idx in 0..self.len() as u32 {
                    let i = idx as usize;
                    if self.flags[i] & FREE == 0 || self.value[i] != UNKNOWN {
                        continue;
                    }
                    let mut killed = false;
                    let mut blocking = 0u32;
                    for o in self.options_of(idx) {
                        match self.option_value(o) {
                            None => blocking += 1,
                            Some(LoopyValue::Finite(v)) => killed |= v == stage,
                            Some(LoopyValue::Infinite(set)) => {
                                blocking += u32::from(!set.contains(&stage));
                            }
                        }
                    }
                    self.blocking[i] = blocking;
                    if killed {
                        self.flags[i] |= KILLED;
                        self.send_to_preds(idx, out, |to| Msg::Killed { to });
                    } else if self.flags[i] & ELIGIBLE != 0 && blocking == 0 {
                        self.label_at_stage(idx, out);
                    }
                }
            }
            Phase::Settle => {
                for idx in 0..self.len() as u32 {
                    let i = idx as usize;
                    if self.flags[i] & FREE == 0 || self.value[i] != UNKNOWN {
                        continue;
                    }
                    let mut set: Vec<u64> = self
                        .options_of(idx)
                        .filter_map(|o| self.option_value(o).and_then(|v| v.finite()))
                        .collect();
                    set.sort_unstable();
                    set.dedup();
                    self.value[i] = INFINITE;
                    self.send_to_preds(idx, out, |to| Msg::Part {
                        to,
                        value: LoopyValue::Infinite(set.clone()),
                        remoteness: 0,
                    });
                    self.infinite.insert(idx, set);
                }
                self.finish_known(out);
            }
            Phase::Outcomes => {
                let n = self.len();
                self.outcome = vec![UNDECIDED; n];
                self.remoteness = vec![0; n];
                self.undecided = vec![0; n];
                for idx in 0..n as u32 {
                    let options = self.options_of(idx);
                    self.undecided[idx as usize] = (options.end - options.start) as u32;
                    if options.is_empty() {
                        self.outcome[idx as usize] = LOSS;
                        self.send_to_preds(idx, out, |to| Msg::OptionLost { to });
                    }
                    let first = options.start;
                    for o in options {
                        // A move that empties the component leaves a lost position.
                        if self.is_empty_option(o) {
                            out.push(Msg::OptionLost { to: slot(self.worker, idx, o - first) });
                        }
                    }
                }
            }
            Phase::Finish(remoteness_by_values) => {
                self.remoteness_by_values = remoteness_by_values;
                if !remoteness_by_values {
                    self.far = Vec::new();
                }
                self.near = Vec::new();
            }
        }
    }

    /// Whether position `i`'s `far` and `near` are kept: while values propagate in a game not
    /// yet known to have cycles (they are freed at the first Smith stage, and `near` at
    /// `Finish`, where nothing finishes a position).
    fn keeps_remoteness(&self, i: usize) -> bool {
        i < self.far.len() && i < self.near.len()
    }

    /// Whether option `o` has no part (the component vanishes).
    fn is_empty_option(&self, o: u64) -> bool {
        self.opt[o as usize] & EMPTY != 0
    }

    /// One message of `phase`, received in round `round` (1 for the messages sent by `begin`).
    pub fn receive(&mut self, phase: Phase, round: u32, msg: Msg, out: &mut Vec<Msg>) {
        if self.error.is_some() {
            return;
        }
        self.tick();
        match msg {
            Msg::Reach { position, from } => self.reach(position, from, out),
            Msg::Part { to, value, remoteness } => {
                let (idx, o) = self.unslot(to);
                let i = idx as usize;
                // A move to one position: its remoteness counts (until the game is found to
                // have cycles: then remoteness comes from counting, and these are gone).
                if self.opt[o as usize] & (SPLIT | EMPTY | LEFT) == ONE_LEFT
                    && self.keeps_remoteness(i)
                {
                    self.far[i] = self.far[i].max(remoteness);
                    if value == LoopyValue::Finite(0) {
                        self.near[i] = self.near[i].min(remoteness);
                    }
                }
                if self.apply(idx, o, &value) {
                    let settling = matches!(phase, Phase::Propagate | Phase::Settle);
                    if settling && self.value[idx as usize] == UNKNOWN {
                        self.finish(idx, out);
                    }
                }
            }
            Msg::Taint { to } => {
                let idx = self.unslot(to).0 as usize;
                if self.value[idx] == UNKNOWN && self.flags[idx] & TAINTED == 0 {
                    self.flags[idx] |= TAINTED;
                    self.send_to_preds(idx as u32, out, |to| Msg::Taint { to });
                }
            }
            Msg::Labelled { to, value } => {
                let (idx, o) = self.unslot(to);
                self.apply(idx, o, &LoopyValue::Finite(value));
                let i = idx as usize;
                if self.flags[i] & (FREE | KILLED) == FREE && self.value[i] == UNKNOWN {
                    self.flags[i] |= KILLED;
                    self.send_to_preds(idx, out, |to| Msg::Killed { to });
                }
            }
            Msg::Killed { to } => {
                let idx = self.unslot(to).0;
                let i = idx as usize;
                if self.flags[i] & (FREE | ELIGIBLE | KILLED) == FREE | ELIGIBLE
                    && self.value[i] == UNKNOWN
                {
                    self.blocking[i] -= 1;
                    if self.blocking[i] == 0 {
                        self.label_at_stage(idx, out);
                    }
                }
            }
            Msg::OptionLost { to } => {
                let idx = self.unslot(to).0;
                if self.outcome[idx as usize] == UNDECIDED {
                    self.outcome[idx as usize] = WIN;
                    self.remoteness[idx as usize] = round;
                    self.send_to_preds(idx, out, |to| Msg::OptionWon { to });
                }
            }
            Msg::OptionWon { to } => {
                let idx = self.unslot(to).0;
                let i = idx as usize;
                if self.outcome[i] == UNDECIDED {
                    self.undecided[i] -= 1;
                    if self.undecided[i] == 0 {
                        self.outcome[i] = LOSS;
                        self.remoteness[i] = round;
                        self.send_to_preds(idx, out, |to| Msg::OptionLost { to });
                    }
                }
            }
        }
    }

    /// Ends `phase` here: this shard's share of the tally every worker then agrees on.
    pub fn end(&mut self, phase: Phase) -> Tally {
        let mut tally =
            Tally { split: self.split, positions: self.len() as u64, ..Tally::default() };
        if phase == Phase::Explore && self.error.is_none() {
            self.peak = self.peak.max(self.bytes());
            // The table finds positions by their encoding: nothing does after exploring.
            self.table = HashTable::new();
            self.shrink();
            self.index_predecessors();
            if self.error.is_none() {
                self.start_values();
            }
        }
        self.peak = self.peak.max(self.bytes());
        if self.error.is_none() {
            if let Err(error) = self.limits.count_bytes(self.bytes(), "the explored positions") {
                self.fail(error);
            }
        }
        if let Some(error) = &self.error {
            tally.error = Some(error.to_string());
            tally.cancelled = error.is_cancelled();
            return tally;
        }
        let unknown = |shard: &Shard, i: usize| shard.value[i] == UNKNOWN;
        match phase {
            Phase::Explore | Phase::Propagate | Phase::Settle => {}
            Phase::Taint => {
                for i in 0..self.len() {
                    if !unknown(self, i) {
                        continue;
                    }
                    tally.unknown += 1;
                    if self.flags[i] & TAINTED == 0 {
                        self.flags[i] |= FREE | ELIGIBLE;
                        tally.free += 1;
                    } else if self.is_blocked(i as u32) {
                        let text = self.rules.describe(self.position(i as u32));
                        if tally.blocked.as_ref().is_none_or(|old| text < *old) {
                            tally.blocked = Some(text);
                        }
                    }
                }
            }
            Phase::Stage(_) => {
                for i in 0..self.len() {
                    let flags = self.flags[i];
                    if flags & FREE != 0
                        && unknown(self, i)
                        && flags & (ELIGIBLE | KILLED) == ELIGIBLE | KILLED
                    {
                        tally.next += 1;
                    } else {
                        self.flags[i] &= !ELIGIBLE;
                    }
                    self.flags[i] &= !KILLED;
                }
            }
            Phase::Outcomes => {
                // The outcomes by counting must be the outcomes of the values.
                for idx in 0..self.len() as u32 {
                    let label = self.label(idx);
                    let by_value = crate::solve::sum::outcome_of(&label.value);
                    if by_value != label.outcome {
                        tally.error = Some(format!(
                            "internal error: position {} has value {:?} but outcome {:?} by \
                             counting its options",
                            self.rules.show(self.position(idx)),
                            label.value,
                            label.outcome
                        ));
                        return tally;
                    }
                }
            }
            Phase::Finish(_) => {
                tally.edges = self.opt.len() as u64;
                tally.bytes = self.peak_bytes();
                for idx in 0..self.len() as u32 {
                    let label = self.label(idx);
                    tally.by_outcome[outcome_index(label.outcome)] += 1;
                    match label.value {
                        LoopyValue::Finite(v) => *tally.by_value.entry(v).or_insert(0) += 1,
                        LoopyValue::Infinite(_) => tally.infinite += 1,
                    }
                }
                for &(start, idx) in &self.starts {
                    tally.starts.push((start, self.label(idx)));
                }
            }
        }
        tally
    }

    /// Whether position `idx` has an option that splits and still waits for a part.
    fn is_blocked(&self, idx: u32) -> bool {
        self.options_of(idx).any(|o| {
            let word = self.opt[o as usize];
            word & SPLIT != 0 && word & LEFT != 0
        })
    }

    /// Position `position` reached from `from`: found or added (its options listed and their
    /// parts reached in turn), and the option that reached it recorded as a predecessor.
    fn reach(&mut self, position: Encoding, from: Origin, out: &mut Vec<Msg>) {
        let hash = crate::codec::position_hash(&position);
        let found = {
            let (arena, ends) = (&self.arena, &self.ends);
            self.table.find(hash, |&idx| slice(arena, ends, idx) == position.as_slice()).copied()
        };
        let idx = match found {
            Some(idx) => idx,
            None => match self.add(position, hash, out) {
                Some(idx) => idx,
                None => return,
            },
        };
        match from {
            Origin::Start(start) => self.starts.push((start, idx)),
            Origin::Option(slot) => {
                push_lean(&mut self.found_at, idx);
                push_lean(&mut self.found_slot, slot);
            }
        }
    }

    fn add(&mut self, position: Encoding, hash: u64, out: &mut Vec<Msg>) -> Option<u32> {
        if self.len() as u64 >= self.max_positions {
            self.fail(Error::limit(
                Limit::Positions,
                self.max_positions,
                format!(
                    "more than {} positions fell to one worker (--max-positions bounds each process)",
                    self.max_positions
                ),
            ));
            return None;
        }
        if self.len() % 65536 == 65535 {
            let bytes = self.bytes();
            self.peak = self.peak.max(bytes);
            if let Err(error) = self.limits.count_bytes(bytes, "the explored positions") {
                self.fail(error);
                return None;
            }
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let listed = self.rules.options(&position, &mut scratch, &self.limits);
        if let Err(error) = listed {
            self.scratch = scratch;
            self.fail(error);
            return None;
        }
        if scratch.len() > MAX_OPTIONS {
            self.scratch = scratch;
            self.fail(Error::Unsupported(format!(
                "position {} has {} options; explore takes at most {MAX_OPTIONS} a position",
                self.rules.describe(&position),
                self.scratch.len()
            )));
            return None;
        }
        let idx = self.len() as u32;
        extend_lean(&mut self.arena, &position);
        self.ends.push(self.arena.len() as u64);
        let (arena, ends) = (&self.arena, &self.ends);
        self.table
            .insert_unique(hash, idx, |&i| crate::codec::position_hash(slice(arena, ends, i)));
        for option in 0..scratch.len() {
            let parts = scratch.option(option);
            let n_parts = parts.len() as u64;
            if n_parts > 1 {
                self.split = true;
            }
            let word = match n_parts {
                0 => EMPTY,
                1 => ONE_LEFT,
                _ => {
                    if n_parts > u64::from(LEFT_MAX) {
                        let o = self.opt.len() as u64;
                        self.many_parts.insert(o, n_parts - u64::from(LEFT_MAX));
                    }
                    (n_parts.min(u64::from(LEFT_MAX)) as u32) << LEFT_SHIFT | SPLIT
                }
            };
            push_lean(&mut self.opt, word);
            for part in parts {
                out.push(Msg::Reach {
                    position: part.into(),
                    from: Origin::Option(slot(self.worker, idx, option as u64)),
                });
            }
        }
        self.option_ends.push(self.opt.len() as u64);
        self.scratch = scratch;
        Some(idx)
    }

    /// Once exploring ends: every position's value unknown, its count of options with a part
    /// to wait for, and the remoteness its options give so far (a move that empties the
    /// component goes to a lost position at once).
    fn start_values(&mut self) {
        let n = self.len();
        self.value = vec![UNKNOWN; n];
        self.open = Vec::with_capacity(n);
        self.far = vec![0; n];
        self.near = Vec::with_capacity(n);
        for idx in 0..n as u32 {
            let options = self.options_of(idx);
            let count = (options.end - options.start) as u32;
            let empties = options.filter(|&o| self.is_empty_option(o)).count() as u32;
            self.open.push(count - empties);
            self.near.push(if empties > 0 { 0 } else { u32::MAX });
        }
    }

    /// Puts the predecessors found into one list per position, in place (an American flag
    /// sort: each predecessor is swapped into its position's list), so that no more memory is
    /// needed than what was found, the lists' ends and a cursor a list (four bytes each).
    fn index_predecessors(&mut self) {
        let mut found_at = std::mem::take(&mut self.found_at);
        let mut found_slot = std::mem::take(&mut self.found_slot);
        // How many predecessors each list has, then how many are in place.
        let mut placed = vec![0u32; self.len()];
        for &idx in &found_at {
            let count = &mut placed[idx as usize];
            match count.checked_add(1) {
                Some(more) => *count = more,
                None => {
                    let text = self.rules.describe(self.position(idx));
                    self.fail(Error::Unsupported(format!(
                        "position {text} can be reached by 2^32 moves or more on one worker; \
                         explore takes fewer (more workers share them)"
                    )));
                    return;
                }
            }
        }
        let mut ends = Ends::with_capacity(placed.len());
        let mut total = 0u64;
        for count in &mut placed {
            total += u64::from(*count);
            ends.push(total);
            *count = 0;
        }
        let found = 4 * found_at.capacity()
            + 8 * found_slot.capacity()
            + 4 * placed.capacity()
            + ends.bytes();
        self.peak = self.peak.max(self.bytes() + found as u64);
        // First by blocks of 2^shift positions, at most 4,096 blocks: each block's next place
        // moves on in order, so the swaps stay among a few thousand cache lines, where one
        // pass by position would jump about the whole list (most of a worker's memory) when
        // the predecessors came in scrambled (from other workers).
        let n = placed.len();
        let mut shift = 0;
        while n.div_ceil(1 << shift) > 4096 {
            shift += 1;
        }
        if shift > 0 {
            let blocks = n.div_ceil(1 << shift);
            let block_end = |block: usize| ends.get(((block + 1) << shift).min(n) - 1);
            let mut next: Vec<u64> = (0..blocks)
                .map(|block| if block == 0 { 0 } else { block_end(block - 1) })
                .collect();
            for block in 0..blocks {
                let end = block_end(block);
                debug_assert!(
                    block == 0 || next[block - 1] == block_end(block - 1),
                    "the blocks before are complete"
                );
                while next[block] < end {
                    let i = next[block] as usize;
                    let owner = found_at[i] as usize >> shift;
                    if owner == block {
                        next[block] += 1;
                    } else {
                        let j = next[owner] as usize;
                        next[owner] += 1;
                        found_at.swap(i, j);
                        found_slot.swap(i, j);
                    }
                }
            }
            debug_assert!(
                (0..found_at.len()).all(|i| {
                    let block = found_at[i] as usize >> shift;
                    let start = if block == 0 { 0 } else { block_end(block - 1) };
                    (start..block_end(block)).contains(&(i as u64))
                }),
                "every predecessor is in its block"
            );
        }
        // Then by position, within each block.
        for list in 0..placed.len() {
            let span = ends.span(list);
            loop {
                let i = span.start + u64::from(placed[list]);
                if i >= span.end {
                    break;
                }
                let i = i as usize;
                let owner = found_at[i] as usize;
                if owner == list {
                    placed[list] += 1;
                } else {
                    let j = (ends.span(owner).start + u64::from(placed[owner])) as usize;
                    placed[owner] += 1;
                    found_at.swap(i, j);
                    found_slot.swap(i, j);
                }
            }
        }
        self.preds = found_slot;
        self.pred_ends = ends;
    }

    /// Gives back the room vectors grew into while exploring.
    fn shrink(&mut self) {
        self.found_at.shrink_to_fit();
        self.found_slot.shrink_to_fit();
        self.arena.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.option_ends.shrink_to_fit();
        self.opt.shrink_to_fit();
        self.preds.shrink_to_fit();
    }

    /// A part of option `o` of position `idx` is worth `value`; whether the option is now
    /// known.
    fn apply(&mut self, idx: u32, o: u64, value: &LoopyValue) -> bool {
        let i = o as usize;
        let word = self.opt[i];
        if word & LEFT == 0 {
            return false;
        }
        match value {
            LoopyValue::Finite(v) => self.opt[i] ^= small(*v),
            LoopyValue::Infinite(set) => {
                let entry = self.opt_infinite.entry(o).or_insert((0, Vec::new()));
                entry.0 += 1;
                entry.1 = set.clone();
            }
        }
        if word & LEFT == LEFT {
            if let Some(more) = self.many_parts.get_mut(&o) {
                // Parts beyond those the word counts are counted off first.
                *more -= 1;
                if *more == 0 {
                    self.many_parts.remove(&o);
                }
                return false;
            }
        }
        self.opt[i] -= ONE_LEFT;
        if self.opt[i] & LEFT != 0 {
            return false;
        }
        self.open[idx as usize] -= 1;
        true
    }

    /// The value of option `o`, once every part is known (the XOR of the parts, Smith's rule
    /// where a part is infinite).
    fn option_value(&self, o: u64) -> Option<LoopyValue> {
        let word = self.opt[o as usize];
        if word & LEFT != 0 {
            return None;
        }
        let xor = u64::from(word & VALUE);
        Some(match self.opt_infinite.get(&o) {
            None => LoopyValue::Finite(xor),
            Some((1, set)) => {
                let mut shifted: Vec<u64> = set.iter().map(|k| k ^ xor).collect();
                shifted.sort_unstable();
                LoopyValue::Infinite(shifted)
            }
            Some(_) => LoopyValue::Infinite(Vec::new()),
        })
    }

    /// Gives every unknown position whose options are all known and finite its mex.
    fn finish_known(&mut self, out: &mut Vec<Msg>) {
        for idx in 0..self.len() as u32 {
            if self.value[idx as usize] == UNKNOWN && self.open[idx as usize] == 0 {
                self.finish(idx, out);
            }
        }
    }

    fn finish(&mut self, idx: u32, out: &mut Vec<Msg>) {
        if self.open[idx as usize] != 0 {
            return;
        }
        let mut values = std::mem::take(&mut self.option_values);
        values.clear();
        for o in self.options_of(idx) {
            if self.opt_infinite.contains_key(&o) {
                self.option_values = values;
                return;
            }
            values.push(u64::from(self.opt[o as usize] & VALUE));
        }
        let value = self.mex.mex(values.iter().copied());
        self.option_values = values;
        self.value[idx as usize] = small(value);
        let i = idx as usize;
        let remoteness = match (value, self.options_of(idx).is_empty()) {
            _ if !self.keeps_remoteness(i) => 0,
            (_, true) => 0,
            (0, false) => self.far[i].saturating_add(1),
            _ => self.near[i].saturating_add(1),
        };
        if let Some(far) = self.far.get_mut(i) {
            *far = remoteness;
        }
        self.send_to_preds(idx, out, |to| Msg::Part {
            to,
            value: LoopyValue::Finite(value),
            remoteness,
        });
    }

    fn label_at_stage(&mut self, idx: u32, out: &mut Vec<Msg>) {
        let stage = self.stage;
        self.value[idx as usize] = small(stage);
        self.send_to_preds(idx, out, |to| Msg::Labelled { to, value: stage });
    }

    /// Every position with its label, in the order held.
    pub fn labels(&self) -> impl Iterator<Item = (&[u8], Label)> + '_ {
        (0..self.len() as u32).map(move |idx| (self.position(idx), self.label(idx)))
    }

    /// The rules this shard explores.
    pub fn rules(&self) -> &Arc<dyn EncodedRules> {
        &self.rules
    }
}

/// A finite value in [`VALUE`]'s bits: a mex is at most the number of a position's options
/// (at most [`MAX_OPTIONS`] = 2^20), and so is a Smith stage's (a position labelled at stage
/// `m` was killed at stages 0 to m − 1 by distinct options); their XORs are below 2^21.
fn small(value: u64) -> u32 {
    debug_assert!(value <= u64::from(VALUE));
    value as u32
}

fn slice<'a>(arena: &'a [u8], ends: &Ends, idx: u32) -> &'a [u8] {
    let span = ends.span(idx as usize);
    &arena[span.start as usize..span.end as usize]
}

/// The place of an outcome in [`Tally::by_outcome`]: P, N, D.
pub fn outcome_index(outcome: Outcome) -> usize {
    match outcome {
        Outcome::P => 0,
        Outcome::N => 1,
        Outcome::D => 2,
    }
}
