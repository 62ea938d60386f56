//! `explore`: every position reachable from some start positions, labelled with its value
//! (Smith's ∞(K) where play can go on for ever), its outcome and, in games without splitting
//! moves, its remoteness — across any number of workers.
//!
//! Positions are bytes ([`crate::codec`]); each belongs to the worker its hash names and lives
//! in that worker's [`Shard`]. The labelling is a sequence of phases ([`label_all`]), each a
//! wave of messages between shards that ends when none is left anywhere:
//!
//! 1. `Explore`: positions reach their owners, which list their options and reach the parts in
//!    turn; every part records the option slot that reached it (its predecessors).
//! 2. `Propagate`: a position whose options are all known and finite takes their mex and tells
//!    its predecessors; an option that splits waits for all its parts and is worth their XOR.
//!    What is left can reach a cycle.
//! 3. While positions are left: `Taint` marks those that wait on a split option or can reach
//!    one; the rest (*free*) are closed under their unknown options, and Smith's values are
//!    computed on them stage by stage (`Stage(m)`, Fraenkel and Yesha's labelling, with known
//!    options standing for their values as in [`crate::solve::values`]); `Settle` gives the
//!    free positions left unlabelled their ∞(K) and propagates as in 2. When no position is
//!    free, a split waits on a part that leads back to it: refused, as `solve` refuses it.
//! 4. `Outcomes` (games without splitting moves but with cycles): outcomes by counters of
//!    undecided options, one round of messages per move of remoteness, checked against the
//!    values' outcomes. In games without cycles every position was labelled in 2, and its
//!    remoteness was found there too, from its options' (see [`Phase::Finish`]).
//!
//! The drivers: [`sequential`] (one thread, any number of shards, messages round by round: the
//! reference) and the timely dataflow of the `grundy-explore` crate; both run [`label_all`].
//! Their answers are those of `solve` and `graph`, which the tests check.

pub mod ends;
pub mod sequential;
pub mod shard;

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::solve::loopy::LoopyValue;
use std::collections::BTreeMap;
use std::sync::Arc;

pub use shard::Shard;

/// A game's rules over encoded positions: what `explore` needs of a family, object safe.
pub trait EncodedRules: Send + Sync {
    /// The game's name, as answers print it.
    fn name(&self) -> String;
    /// One component in the input syntax, encoded; the error says what is wrong with the text.
    fn encode_component(&self, text: &str) -> Result<Vec<u8>>;
    /// A position in the input syntax.
    fn show(&self, position: &[u8]) -> String;
    /// A position as errors name it (the form `solve`'s errors use).
    fn describe(&self, position: &[u8]) -> String;
    /// Writes the options of `position` into `out` (cleared first), within `limits`.
    fn options(&self, position: &[u8], out: &mut EncodedOptions, limits: &Limits) -> Result<()>;
}

/// The options of one position, each a list of encoded parts.
#[derive(Default)]
pub struct EncodedOptions {
    bytes: Vec<u8>,
    part_ends: Vec<usize>,
    option_ends: Vec<usize>,
    /// A buffer the rules keep between calls (their own `Options`).
    pub scratch: Option<Box<dyn std::any::Any + Send>>,
}

impl EncodedOptions {
    /// Forgets every option.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.part_ends.clear();
        self.option_ends.clear();
    }

    /// Ends the part being written into [`EncodedOptions::part_buffer`].
    pub fn end_part(&mut self) {
        self.part_ends.push(self.bytes.len());
    }

    /// Ends the option whose parts were just written.
    pub fn end_option(&mut self) {
        self.option_ends.push(self.part_ends.len());
    }

    /// Where the next part's encoding is appended.
    pub fn part_buffer(&mut self) -> &mut Vec<u8> {
        &mut self.bytes
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.option_ends.len()
    }

    /// Whether there is no option.
    pub fn is_empty(&self) -> bool {
        self.option_ends.is_empty()
    }

    /// The parts of option `idx`, each encoded.
    pub fn option(&self, idx: usize) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        let first = if idx == 0 { 0 } else { self.option_ends[idx - 1] };
        (first..self.option_ends[idx]).map(move |part| {
            let start = if part == 0 { 0 } else { self.part_ends[part - 1] };
            &self.bytes[start..self.part_ends[part]]
        })
    }
}

/// What `explore` says of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Label {
    /// Its value: a nimber, or ∞(K).
    pub value: LoopyValue,
    /// Its outcome.
    pub outcome: Outcome,
    /// Moves to the end under best play, in games without splitting moves (none for draws).
    pub remoteness: Option<u32>,
}

impl Label {
    /// The line `--out` writes: `position<TAB>value<TAB>outcome<TAB>remoteness`.
    pub fn line(&self, position: &str) -> String {
        let remoteness = self.remoteness.map_or_else(|| "-".to_string(), |r| r.to_string());
        format!("{position}\t{}\t{}\t{remoteness}", value_text(&self.value), self.outcome.letter())
    }
}

/// A value as `solve` prints it (`3`, `∞(0,2)`).
pub fn value_text(value: &LoopyValue) -> String {
    crate::analysis::Value::from(value.clone()).to_string()
}

/// Where a position was reached from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Origin {
    /// It is start position number `n`.
    Start(u32),
    /// It is a part of this option slot.
    Option(u64),
}

/// A position's encoding in a message: kept inline up to 16 bytes (most positions), so that
/// a message reaching a position allocates nothing (when each carried an allocation that
/// another worker's thread freed, malloc and free took 14% of two threads' CPU time, 9% of
/// one's).
pub type Encoding = smallvec::SmallVec<[u8; 16]>;

/// A message between shards.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Msg {
    /// A position, reached from `from`.
    Reach {
        /// Its encoding.
        position: Encoding,
        /// Where from.
        from: Origin,
    },
    /// A part of option `to` is worth `value`.
    Part {
        /// The option slot.
        to: u64,
        /// The part's value.
        value: LoopyValue,
        /// The part's remoteness, where it is known as values propagate (see
        /// [`Phase::Finish`]).
        remoteness: u32,
    },
    /// The position of option `to` can reach a split still waiting.
    Taint {
        /// The option slot.
        to: u64,
    },
    /// The part of option `to` was labelled `value` at this stage.
    Labelled {
        /// The option slot.
        to: u64,
        /// Its value (the stage).
        value: u64,
    },
    /// The part of option `to` was killed at this stage (it has an option of the stage's value).
    Killed {
        /// The option slot.
        to: u64,
    },
    /// The part of option `to` is lost for the player to move there.
    OptionLost {
        /// The option slot.
        to: u64,
    },
    /// The part of option `to` is won for the player to move there.
    OptionWon {
        /// The option slot.
        to: u64,
    },
}

impl Msg {
    /// The worker the message is for, of `workers`.
    pub fn destination(&self, workers: u32) -> u32 {
        match self {
            Msg::Reach { position, .. } => {
                worker_of(crate::codec::position_hash(position), workers)
            }
            Msg::Part { to, .. }
            | Msg::Taint { to }
            | Msg::Labelled { to, .. }
            | Msg::Killed { to }
            | Msg::OptionLost { to }
            | Msg::OptionWon { to } => shard::slot_worker(*to),
        }
    }
}

/// The worker, of `workers`, that holds a position of hash `hash`: bits 32 to 55 of the hash
/// scaled to `workers`. Not the low bits, which the worker's own hash table uses to place the
/// position (taking the hash modulo the workers would leave every worker's positions the same
/// low bits, and its table a fraction of its buckets), nor the top seven, which the table keeps
/// as tags.
pub fn worker_of(hash: u64, workers: u32) -> u32 {
    ((((hash >> 32) & 0xFF_FFFF) * u64::from(workers)) >> 24) as u32
}

/// The phases of [`label_all`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Reaching every position.
    Explore,
    /// Values of positions whose options are all known and finite.
    Propagate,
    /// Marking what waits on a split.
    Taint,
    /// Smith's stage `m` on the free positions.
    Stage(u64),
    /// ∞(K) for the free positions left, then propagating.
    Settle,
    /// Outcomes and remoteness by counting (games without splits).
    Outcomes,
    /// Counting the labels; `true` when the remoteness found while values propagated is
    /// every position's (a game without splitting moves and without cycles, where `Outcomes`
    /// is not run: a position's remoteness is one more than the most of its options' when
    /// its value is 0, one more than the least of its options of value 0 otherwise).
    Finish(bool),
}

impl Phase {
    /// Whether messages must be received round by round (remoteness is the round).
    pub fn in_rounds(self) -> bool {
        self == Phase::Outcomes
    }

    /// The phase's name, for progress lines.
    pub fn name(self) -> String {
        match self {
            Phase::Explore => "exploring".into(),
            Phase::Propagate => "values".into(),
            Phase::Taint => "cycles".into(),
            Phase::Stage(m) => format!("Smith's stage {m}"),
            Phase::Settle => "∞ values".into(),
            Phase::Outcomes => "outcomes".into(),
            Phase::Finish(_) => "counting".into(),
        }
    }
}

/// What every worker agrees on after a phase: the sum of the shards' tallies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// The first error (as its message), if any shard failed.
    pub error: Option<String>,
    /// Whether that error is a cancellation (Ctrl-C, a deadline) rather than the game's.
    pub cancelled: bool,
    /// Whether a move splits a position.
    pub split: bool,
    /// Positions not yet labelled (after `Taint`).
    pub unknown: u64,
    /// Free positions (after `Taint`).
    pub free: u64,
    /// A position waiting on a split, the least by its description (after `Taint`).
    pub blocked: Option<String>,
    /// Positions still eligible for the next stage (after `Stage`).
    pub next: u64,
    /// Positions (after `Finish`).
    pub positions: u64,
    /// Moves (after `Finish`).
    pub edges: u64,
    /// The most bytes each shard kept at once (at its largest moment), summed (after `Finish`).
    pub bytes: u64,
    /// Positions by outcome: P, N, D.
    pub by_outcome: [u64; 3],
    /// Positions by finite value.
    pub by_value: BTreeMap<u64, u64>,
    /// Positions of infinite value.
    pub infinite: u64,
    /// The start positions' labels, by their number.
    pub starts: Vec<(u32, Label)>,
}

impl Tally {
    /// Adds `other` to this tally.
    pub fn merge(&mut self, other: Tally) {
        if self.error.is_none() {
            self.error = other.error;
            self.cancelled = other.cancelled;
        }
        self.split |= other.split;
        self.unknown += other.unknown;
        self.free += other.free;
        if let Some(text) = other.blocked {
            if self.blocked.as_ref().is_none_or(|old| text < *old) {
                self.blocked = Some(text);
            }
        }
        self.next += other.next;
        self.positions += other.positions;
        self.edges += other.edges;
        self.bytes += other.bytes;
        for (mine, theirs) in self.by_outcome.iter_mut().zip(other.by_outcome) {
            *mine += theirs;
        }
        for (value, count) in other.by_value {
            *self.by_value.entry(value).or_insert(0) += count;
        }
        self.infinite += other.infinite;
        self.starts.extend(other.starts);
        self.starts.sort_by_key(|(idx, _)| *idx);
    }
}

/// What moves messages between shards: runs one phase on every shard to its end and returns
/// the tally every worker agrees on.
pub trait Driver {
    /// Runs `phase` everywhere (`starts`: the encoded start positions, for `Explore`).
    fn run(&mut self, phase: Phase, starts: &[Vec<u8>]) -> Result<Tally>;
}

/// Labels every position reachable from `starts` through `driver`; the final tally (counts
/// and the start positions' labels).
pub fn label_all(
    driver: &mut dyn Driver,
    starts: &[Vec<u8>],
    progress: &mut dyn FnMut(Phase, &Tally),
) -> Result<Tally> {
    let mut step = |phase: Phase| -> Result<Tally> {
        let tally = driver.run(phase, starts)?;
        if let Some(message) = tally.error {
            return Err(if tally.cancelled {
                Error::Cancelled(message)
            } else {
                Error::Unsupported(message)
            });
        }
        progress(phase, &tally);
        Ok(tally)
    };
    let explored = step(Phase::Explore)?;
    step(Phase::Propagate)?;
    // Whether positions were left after the values propagated: cycles.
    let mut looped = false;
    loop {
        let tainted = step(Phase::Taint)?;
        if tainted.unknown == 0 {
            break;
        }
        looped = true;
        if tainted.free == 0 {
            let position = tainted.blocked.unwrap_or_default();
            return Err(Error::Unsupported(format!(
                "a move of position {position} splits it into independent parts one of which \
                 leads back to it, through a cycle: sums inside a cycle are not solved here"
            )));
        }
        let mut stage = 0;
        while step(Phase::Stage(stage))?.next > 0 {
            stage += 1;
        }
        step(Phase::Settle)?;
    }
    let outcomes_by_counting = !explored.split && looped;
    if outcomes_by_counting {
        step(Phase::Outcomes)?;
    }
    step(Phase::Finish(!explored.split && !looped))
}

/// An explore request's game and start positions, encoded.
pub struct Job {
    /// The rules.
    pub rules: Arc<dyn EncodedRules>,
    /// The start positions as given.
    pub texts: Vec<String>,
    /// The same, encoded.
    pub starts: Vec<Vec<u8>>,
    /// Positions each process may hold.
    pub max_positions: u64,
}

impl Job {
    /// The job of exploring `texts` (one component each) in `rules`.
    pub fn new(rules: Arc<dyn EncodedRules>, texts: &[String], max_positions: u64) -> Result<Job> {
        if texts.is_empty() {
            return Err(Error::BadArgument {
                argument: "POSITION".into(),
                problem: "give at least one position to explore from".into(),
            });
        }
        let starts = texts
            .iter()
            .enumerate()
            .map(|(idx, text)| {
                rules.encode_component(text).map_err(|error| error.at_component(idx + 1, text))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Job { rules, texts: texts.to_vec(), starts, max_positions })
    }
}

/// The answer of `explore`: the final tally, with how it was run.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The game's name.
    pub game: String,
    /// The start positions as the game writes them.
    pub positions: Vec<String>,
    /// The tally after `Finish`.
    pub tally: Tally,
    /// Processes.
    pub processes: usize,
    /// Threads per process.
    pub threads: usize,
}

impl Summary {
    /// The summary of `job` from the final `tally`, run on `processes` × `threads` workers.
    pub fn new(job: &Job, tally: Tally, processes: usize, threads: usize) -> Summary {
        let positions = job.starts.iter().map(|start| job.rules.show(start)).collect();
        Summary { game: job.rules.name(), positions, tally, processes, threads }
    }
}

impl std::fmt::Display for Summary {
    /// The text answer: the counts, then one line per start position.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = &self.tally;
        writeln!(f, "{}: {} positions, {} moves", self.game, t.positions, t.edges)?;
        writeln!(
            f,
            "outcomes: P {}, N {}, D {}",
            t.by_outcome[0], t.by_outcome[1], t.by_outcome[2]
        )?;
        for (idx, label) in &t.starts {
            let position = &self.positions[*idx as usize];
            write!(
                f,
                "{position}: value {}, {}",
                value_text(&label.value),
                label.outcome.letter()
            )?;
            if let Some(r) = label.remoteness {
                write!(f, ", remoteness {r}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
