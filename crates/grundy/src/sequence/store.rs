//! The file format for long nim-sequences (`grundy seq GAME N --out FILE`), version 1.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "GRUNDYSQ"
//!      8     4  version (1), little-endian u32
//!     12     4  value width in bytes: 1 (u8), 2 (u16) or 4 (u32): the narrowest that holds
//!               every value of the file
//!     16     8  number of values (heaps 0..count), u64
//!     24     8  checksum: FNV-1a 64 over the value bytes as stored
//!     32     1  complete: 1 once every value is written, 0 while the run is going on
//!     33     3  zero
//!     36     4  length of the game name in bytes, u32
//!     40     L  the game name, UTF-8 (as `grundy` prints it: "0.6", "grundy", "sub:1,3,4")
//!   40+L     …  the values, little-endian, value n at 40 + L + n·width
//! ```
//!
//! A run writes to `FILE.partial` with `complete = 0` and renames it to `FILE` only after the
//! final header (count, checksum, `complete = 1`) is on disk, so a crash never leaves a file
//! that looks complete. Checkpoints are a small sidecar `FILE.checkpoint` naming how many values
//! of `FILE.partial` are durable and their checksum; `--resume` checks both and carries on.
//! This module only encodes and decodes bytes; the command line does the file handling.

/// The first bytes of every sequence file.
pub const MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The format version written.
pub const VERSION: u32 = 1;

/// The header of a sequence file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// Bytes per value: 1, 2 or 4.
    pub value_width: u32,
    /// Number of values stored (heaps `0..n_values`).
    pub n_values: u64,
    /// FNV-1a 64 of the value bytes.
    pub checksum: u64,
    /// Whether the file holds every value of the run.
    pub complete: bool,
    /// The game's canonical name.
    pub game: String,
}

impl Header {
    /// The header's size in bytes.
    pub fn len(&self) -> usize {
        40 + self.game.len()
    }

    /// Whether the header is empty (never: it always has its fixed fields).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The header as bytes.
    ///
    /// ```
    /// use grundy::sequence::store::Header;
    /// let header = Header { value_width: 2, n_values: 3, checksum: 7, complete: true, game: "0.6".into() };
    /// assert_eq!(Header::decode(&header.encode()).unwrap(), header);
    /// ```
    pub fn encode(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&self.value_width.to_le_bytes());
        bytes.extend_from_slice(&self.n_values.to_le_bytes());
        bytes.extend_from_slice(&self.checksum.to_le_bytes());
        bytes.extend_from_slice(&[u8::from(self.complete), 0, 0, 0]);
        bytes.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
        bytes.extend_from_slice(self.game.as_bytes());
        bytes
    }

    /// Reads a header from the start of `bytes`, saying what is wrong if it is not one.
    pub fn decode(bytes: &[u8]) -> crate::error::Result<Header> {
        if bytes.len() < 40 || &bytes[..8] != MAGIC {
            return Err(crate::error::Error::invalid(
                "not a grundy sequence file (no GRUNDYSQ header)",
            ));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let version = u32_at(8);
        if version != VERSION {
            return Err(crate::error::Error::invalid(format!(
                "format version {version}, this program reads version {VERSION}"
            )));
        }
        let value_width = u32_at(12);
        if ![1, 2, 4].contains(&value_width) {
            return Err(crate::error::Error::invalid(format!(
                "value width {value_width} bytes; only 1, 2 and 4 exist"
            )));
        }
        let game_len = u32_at(36) as usize;
        let game = bytes
            .get(40..40 + game_len)
            .and_then(|name| std::str::from_utf8(name).ok())
            .ok_or_else(|| {
                crate::error::Error::invalid(
                    "the game name in the header is cut short or not UTF-8",
                )
            })?
            .to_string();
        Ok(Header {
            value_width,
            n_values: u64_at(16),
            checksum: u64_at(24),
            complete: bytes[32] == 1,
            game,
        })
    }
}

/// FNV-1a 64, continued from `state` over `bytes` (start from [`CHECKSUM_START`]).
///
/// ```
/// use grundy::sequence::store::{checksum, CHECKSUM_START};
/// let whole = checksum(CHECKSUM_START, b"abcdef");
/// assert_eq!(checksum(checksum(CHECKSUM_START, b"abc"), b"def"), whole);
/// ```
pub fn checksum(mut state: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        state ^= u64::from(byte);
        state = state.wrapping_mul(0x0100_0000_01b3);
    }
    state
}

/// The FNV-1a 64 offset basis.
pub const CHECKSUM_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The narrowest value width (1, 2 or 4 bytes) that holds `max_value`.
///
/// ```
/// use grundy::sequence::store::width_for;
/// assert_eq!((width_for(255), width_for(256), width_for(65_535), width_for(65_536)), (1, 2, 2, 4));
/// ```
pub fn width_for(max_value: u32) -> u32 {
    match max_value {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// Values as little-endian bytes of the given width (each value must fit it).
///
/// ```
/// use grundy::sequence::store::{value_bytes, values_from_bytes};
/// for width in [1, 2, 4] {
///     let bytes = value_bytes(&[0u16, 7, 200], width);
///     assert_eq!(bytes.len(), 3 * width as usize);
///     assert_eq!(values_from_bytes(&bytes, width), [0, 7, 200]);
/// }
/// ```
pub fn value_bytes<T: Copy + Into<u32>>(values: &[T], width: u32) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(values.len() * width as usize);
    for &value in values {
        let value: u32 = value.into();
        debug_assert!(width_for(value) <= width, "{value} does not fit {width} bytes");
        bytes.extend_from_slice(&value.to_le_bytes()[..width as usize]);
    }
    bytes
}

/// Values read back from little-endian bytes of the given width.
pub fn values_from_bytes(bytes: &[u8], width: u32) -> Vec<u32> {
    match width {
        1 => bytes.iter().map(|&b| u32::from(b)).collect(),
        2 => bytes.chunks_exact(2).map(|c| u32::from(u16::from_le_bytes([c[0], c[1]]))).collect(),
        _ => bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect(),
    }
}

/// What a finished run is compared by: how many values, the largest and the first heap that
/// has it, and a CRC-32 (zlib's) of the values as 16-bit little-endian integers, the same
/// whatever width a file stores them in, so that other programs can check a run of theirs.
///
/// ```
/// use grundy::sequence::store::RunSummary;
/// let mut summary = RunSummary::new();
/// summary.add(&[0, 0, 0, 1, 0, 2]);
/// summary.add(&[1, 3, 2]);
/// assert_eq!((summary.n_values, summary.max_value, summary.first_max_at), (9, 3, 7));
/// // zlib.crc32(bytes([0,0, 0,0, 0,0, 1,0, 0,0, 2,0, 1,0, 3,0, 2,0]))
/// assert_eq!(summary.crc32_u16(), Some(0x5544_9a96));
/// ```
#[derive(Debug, Clone, Default)]
pub struct RunSummary {
    /// Values seen.
    pub n_values: u64,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub first_max_at: u64,
    crc: crc32fast::Hasher,
    /// False once a value does not fit 16 bits (then no 16-bit CRC is defined).
    wide: bool,
}

impl RunSummary {
    /// Nothing seen yet.
    pub fn new() -> RunSummary {
        RunSummary::default()
    }

    /// The next values, in heap order.
    pub fn add(&mut self, values: &[u32]) {
        let mut bytes = Vec::with_capacity(values.len() * 2);
        for (i, &value) in values.iter().enumerate() {
            if value > self.max_value {
                self.max_value = value;
                self.first_max_at = self.n_values + i as u64;
            }
            match u16::try_from(value) {
                Ok(narrow) => bytes.extend_from_slice(&narrow.to_le_bytes()),
                Err(_) => self.wide = true,
            }
        }
        if !self.wide {
            self.crc.update(&bytes);
        }
        self.n_values += values.len() as u64;
    }

    /// The CRC-32 of the values as 16-bit little-endian integers, where every value fits.
    pub fn crc32_u16(&self) -> Option<u32> {
        (!self.wide).then(|| self.crc.clone().finalize())
    }
}

/// A run's summary at every power of two it reaches, in the shape Marek Rogalski publishes his
/// (`results/GAME/N`: one `value count` line for every value from 0 to the largest, over the
/// values of heaps 1 to N: his files leave heap 0 out and take heap N in), so that a run can be
/// checked against his files line by line; with the largest value, its first heap and the
/// CRC-32 of [`RunSummary`] over heaps 0 to N.
///
/// ```
/// use grundy::sequence::store::PowerSummaries;
/// let mut summaries = PowerSummaries::new();
/// // Heaps 0 to 5; a summary for N = 1, 2 and 4 once heap N is known.
/// let reached = summaries.add(&[0, 0, 0, 1, 0, 2]);
/// assert_eq!(reached.iter().map(|s| s.n).collect::<Vec<_>>(), [1, 2, 4]);
/// assert_eq!(reached[2].histogram(), "0 3\n1 1\n");
/// let reached = summaries.add(&[1, 3, 2]);
/// assert_eq!(reached[0].n, 8);
/// assert_eq!(reached[0].histogram(), "0 3\n1 2\n2 2\n3 1\n");
/// ```
#[derive(Debug, Clone, Default)]
pub struct PowerSummaries {
    counts: Vec<u64>,
    run: RunSummary,
    /// The value of heap 0 (the histogram leaves it out; the rare values count it).
    zero: Option<u32>,
    /// For each value, the heaps that have it, while they are few: a value's list is dropped
    /// for good (`None`) when the lists together pass [`RARE_BUDGET`] and it is the longest.
    heaps: Vec<Option<Vec<u64>>>,
    /// Heaps in all the lists.
    kept: usize,
}

/// The most heaps the rare lists of [`PowerSummaries`] keep: rare positions are few (hundreds
/// to thousands for the codes and Grundy's game far out); values seen more often than the
/// lists can hold are common under any mask worth using.
pub const RARE_BUDGET: usize = 1 << 20;

/// Rare positions are worth listing while at most one heap in this many is rare (the sparse
/// engine's own rule).
const RARE_RATIO: u64 = 16;

/// The rare positions at a power of two, as [`PowerSummary::rare`] says them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RareAtPower {
    /// The mask with the fewest rare positions over heaps 0 to N, and every rare position.
    Listed(crate::sequence::run::RareValues),
    /// No mask leaves fewer than one heap in sixteen rare.
    NotSparse,
    /// A rare value was seen too often to keep its heaps (more than [`RARE_BUDGET`] in all).
    TooMany,
}

/// A run's values up to a power of two, summarised ([`PowerSummaries`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PowerSummary {
    /// The power of two: the histogram covers heaps 1 to `n`, the rest heaps 0 to `n`.
    pub n: u64,
    /// How many of them have each value, from 0 to the largest.
    pub counts: Vec<u64>,
    /// The largest value.
    pub max_value: u32,
    /// The first heap with the largest value.
    pub first_max_at: u64,
    /// The CRC-32 (zlib's) of the values as 16-bit little-endian integers, where all fit.
    pub crc32_u16: Option<u32>,
    /// The rare positions over heaps 0 to N under the mask that makes them fewest (a value `v`
    /// is rare when `v AND mask` has an even number of bits): chosen from the histogram
    /// alone, whatever mask the engine ran under, so that two runs' lists compare.
    pub rare: RareAtPower,
}

impl PowerSummaries {
    /// Nothing seen yet.
    pub fn new() -> PowerSummaries {
        PowerSummaries::default()
    }

    /// The next values, in heap order; the summaries of the powers of two they reach.
    pub fn add(&mut self, values: &[u32]) -> Vec<PowerSummary> {
        let mut reached = Vec::new();
        let mut rest = values;
        while !rest.is_empty() {
            let n = self.run.n_values;
            // The next N whose heap is not known yet: its summary follows heap N.
            let next_power = n.max(1).next_power_of_two();
            let take = usize::try_from(next_power + 1 - n).unwrap_or(usize::MAX).min(rest.len());
            let (head, tail) = rest.split_at(take);
            self.keep_heaps(n, head);
            // Heap 0 is left out of the histogram, as in Rogalski's files.
            let skip = usize::from(n == 0);
            for &value in &head[skip.min(head.len())..] {
                let value = value as usize;
                if value >= self.counts.len() {
                    self.counts.resize(value + 1, 0);
                }
                self.counts[value] += 1;
            }
            self.run.add(head);
            if self.run.n_values == next_power + 1 {
                reached.push(PowerSummary {
                    n: next_power,
                    counts: self.counts.clone(),
                    max_value: self.run.max_value,
                    first_max_at: self.run.first_max_at,
                    crc32_u16: self.run.crc32_u16(),
                    rare: self.rare(next_power),
                });
            }
            rest = tail;
        }
        reached
    }

    /// Adds heaps `first..first + values.len()` to the lists of their values.
    fn keep_heaps(&mut self, first: u64, values: &[u32]) {
        if first == 0 {
            self.zero = values.first().copied();
        }
        for (heap, &value) in (first..).zip(values) {
            let value = value as usize;
            if value >= self.heaps.len() {
                self.heaps.resize(value + 1, Some(Vec::new()));
            }
            if let Some(list) = &mut self.heaps[value] {
                list.push(heap);
                self.kept += 1;
            }
        }
        while self.kept > RARE_BUDGET {
            let longest = (0..self.heaps.len())
                .max_by_key(|&v| self.heaps[v].as_ref().map_or(0, Vec::len))
                .expect("some list is kept");
            let dropped = self.heaps[longest].take().map_or(0, |list| list.len());
            self.kept -= dropped;
        }
    }

    /// The rare positions over heaps 0 to `n`, all of which are in the lists.
    fn rare(&self, n: u64) -> RareAtPower {
        let mut histogram = self.counts.clone();
        if let Some(zero) = self.zero {
            let zero = zero as usize;
            if zero >= histogram.len() {
                histogram.resize(zero + 1, 0);
            }
            histogram[zero] += 1;
        }
        let (mask, n_rare) = crate::sequence::sparse::best_mask(&histogram);
        if mask == 0 || n_rare as u64 * RARE_RATIO > n + 1 {
            return RareAtPower::NotSparse;
        }
        let mut positions = Vec::with_capacity(n_rare);
        for (value, &count) in histogram.iter().enumerate() {
            if count == 0 || !(value as u32 & mask).count_ones().is_multiple_of(2) {
                continue;
            }
            match self.heaps.get(value).and_then(Option::as_ref) {
                Some(list) => {
                    positions.extend(list.iter().map(|&heap| (heap, value as u32)));
                }
                None => return RareAtPower::TooMany,
            }
        }
        positions.sort_unstable();
        RareAtPower::Listed(crate::sequence::run::RareValues { mask, positions })
    }
}

impl PowerSummary {
    /// The histogram: one `value count` line for every value from 0 to the largest.
    pub fn histogram(&self) -> String {
        let mut text = String::new();
        for (value, count) in self.counts.iter().enumerate() {
            text.push_str(&format!("{value} {count}\n"));
        }
        text
    }

    /// The rare positions, as [`crate::sequence::run::RareValues::report`] says them, or a
    /// line saying why there is no list.
    pub fn rare_report(&self) -> String {
        match &self.rare {
            RareAtPower::Listed(rare) => rare.report(),
            RareAtPower::NotSparse => {
                "rare values: none listed (under every mask more than one heap in 16 is rare)"
                    .to_string()
            }
            RareAtPower::TooMany => format!(
                "rare values: none listed (their heaps passed the {RARE_BUDGET} the lists keep)"
            ),
        }
    }

    /// The rest of the summary in a few lines: the values summarised, the largest value and
    /// its first heap, the CRC and the rare positions.
    pub fn about(&self, game: &str) -> String {
        let crc = self
            .crc32_u16
            .map_or_else(|| "none (a value passes 65535)".to_string(), |crc| format!("{crc:08x}"));
        let n = self.n;
        format!(
            "game {game}\nN {n} (the histogram counts heaps 1 to {n}; the rest is over heaps 0 \
             to {n})\nlargest value {}, first at heap {}\nCRC-32 (zlib) of the values as \
             16-bit little-endian integers: {crc}\n{}\n",
            self.max_value,
            self.first_max_at,
            self.rare_report()
        )
    }
}

/// The largest checkpoint read: a real one is a hundred bytes or so.
pub const MAX_CHECKPOINT_BYTES: u64 = 1 << 16;
/// The longest game name read from a header: names are short (`sub:1,3,4`, `0.137`).
pub const MAX_GAME_NAME_BYTES: u64 = 1 << 20;
/// Bytes read at a time when checking a partial file.
const READ_CHUNK: usize = 1 << 20;

/// What a checkpoint (`FILE.checkpoint`, a small JSON document) records: how many values of
/// the partial file are durable, and for which run.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(serde::Serialize, serde::Deserialize))]
pub struct Checkpoint {
    /// The game, as its name is printed.
    pub game: String,
    /// The width of the values the checksum was taken over.
    pub value_width: u32,
    /// Values durable in the partial file.
    pub n_values: u64,
    /// FNV-1a 64 of those values at `value_width`.
    pub checksum: u64,
    /// The N of the run (heaps `0..=N`); absent in checkpoints of earlier versions.
    #[cfg_attr(feature = "json", serde(default))]
    pub max_heap: Option<u64>,
    /// How many of the first values the engine computed; the rest were written from a proven
    /// period. Absent in checkpoints of earlier versions, which wrote no period's values.
    #[cfg_attr(feature = "json", serde(default))]
    pub n_computed: Option<u64>,
}

#[cfg(feature = "json")]
impl Checkpoint {
    /// The checkpoint as its file holds it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A checkpoint read back from its file's text.
    pub fn from_json(text: &str) -> crate::error::Result<Checkpoint> {
        serde_json::from_str(text)
            .map_err(|error| crate::error::Error::invalid(format!("not a checkpoint: {error}")))
    }
}

/// The header at the start of `file`, read within the file's real size (a name length past
/// the end of the file is refused before anything is allocated for it).
pub fn read_header<R: std::io::Read + std::io::Seek>(file: &mut R) -> crate::error::Result<Header> {
    use crate::error::Error;
    use std::io::SeekFrom;
    let unreadable = |error: std::io::Error| Error::invalid(error.to_string());
    let file_len = file.seek(SeekFrom::End(0)).map_err(unreadable)?;
    let mut fixed = [0u8; 40];
    file.seek(SeekFrom::Start(0)).map_err(unreadable)?;
    file.read_exact(&mut fixed)
        .map_err(|_| Error::invalid("not a grundy sequence file (shorter than a header)"))?;
    let name_len = u64::from(u32::from_le_bytes([fixed[36], fixed[37], fixed[38], fixed[39]]));
    if name_len > MAX_GAME_NAME_BYTES || 40 + name_len > file_len {
        // Decoding what was read says what is wrong (not a sequence file at all, a version...)
        // before blaming the name.
        Header::decode(&fixed)?;
        return Err(Error::invalid("the game name in the header is cut short"));
    }
    let mut bytes = fixed.to_vec();
    bytes.resize(40 + name_len as usize, 0);
    file.read_exact(&mut bytes[40..]).map_err(unreadable)?;
    Header::decode(&bytes)
}

/// The run a `--resume` is for, and the names its messages give the two files.
#[derive(Debug, Clone, Copy)]
pub struct ResumeRun<'a> {
    /// The game, as its name is printed.
    pub game: &'a str,
    /// The run's N (heaps `0..=N`).
    pub max_heap: u64,
    /// The width this run writes from the start (1 for the fast engine, which widens).
    pub width: u32,
    /// The checkpoint's path, for messages.
    pub checkpoint_name: &'a str,
    /// The partial file's path, for messages.
    pub partial_name: &'a str,
    /// `(prefix, tail)`: when the engine computed more than `prefix + 2·tail` values on one or
    /// two bytes, and every value written (none from a proven period), take back only those of
    /// heaps below `prefix` and the last `tail` of them, with
    /// the histogram of all (a run whose memory does not grow with N reads the others from the
    /// file: [`crate::sequence::sparse::state_from_ends`]). `None`: every computed value.
    pub ends: Option<(u64, u64)>,
}

/// A partial file whose values passed every check of its checkpoint.
#[derive(Debug)]
pub struct Resumable {
    /// The partial file's header.
    pub header: Header,
    /// Where the checked values end: anything after is not trusted and is cut.
    pub data_end: u64,
    /// Values checked.
    pub n_values: u64,
    /// Of those, the ones the engine computed (it takes them back).
    pub n_computed: u64,
    /// FNV-1a 64 of the values as stored (at the header's width).
    pub stored_checksum: u64,
    /// The largest value.
    pub max_value: u32,
    /// The computed values, for the engine: all of them, or with [`ResumeRun::ends`] those of
    /// the prefix and then of the tail.
    pub computed: super::Computed,
    /// Computed heaps left out between the prefix and the tail (0: none).
    pub shift: u64,
    /// With a shift, how many computed heaps have each value.
    pub histogram: Vec<u64>,
}

impl ResumeRun<'_> {
    fn bad(&self, problem: String) -> crate::error::Error {
        crate::error::Error::invalid(format!("--resume: {problem}"))
    }

    /// The checkpoint's own fields against this run; the number of values the engine computed.
    pub fn check_checkpoint(&self, record: &Checkpoint) -> crate::error::Result<u64> {
        if record.game != self.game {
            return Err(self.bad(format!(
                "the checkpoint is for game '{}', not '{}'",
                record.game, self.game
            )));
        }
        if let Some(earlier_max) = record.max_heap.filter(|&earlier| earlier > self.max_heap) {
            return Err(self.bad(format!(
                "the interrupted run was for heaps 0..={earlier_max}, more than 0..={}: resume \
                 with N of at least {earlier_max}, or run without --resume",
                self.max_heap
            )));
        }
        if record.n_values > self.max_heap.saturating_add(1) {
            return Err(self.bad(format!(
                "the checkpoint holds {} values, more than heaps 0..={} ask for",
                record.n_values, self.max_heap
            )));
        }
        let n_computed = record.n_computed.unwrap_or(record.n_values);
        if n_computed > record.n_values {
            return Err(self.bad(format!(
                "'{}' is damaged (more values computed than written)",
                self.checkpoint_name
            )));
        }
        // A fast-engine run starts on 1-byte values and may have widened them.
        let widened = self.width == 1 && matches!(record.value_width, 2 | 4);
        if record.value_width != self.width && !widened {
            return Err(self.bad(format!(
                "the checkpoint says {}-byte values, but this run writes {}-byte ones: it does \
                 not match '{}'",
                record.value_width, self.width, self.partial_name
            )));
        }
        Ok(n_computed)
    }

    /// Checks the partial file `file` against `record`: its header, its real size, then every
    /// value against the checksum, keeping the computed ones. Nothing is allocated for values
    /// the file does not hold, and nothing is written.
    pub fn check_partial<R: std::io::Read + std::io::Seek>(
        &self,
        record: &Checkpoint,
        file: &mut R,
    ) -> crate::error::Result<Resumable> {
        use std::io::{Read, SeekFrom};
        let n_computed = self.check_checkpoint(record)?;
        let partial = self.partial_name;
        let header = read_header(file)
            .map_err(|error| self.bad(format!("'{partial}': {}", error.problem())))?;
        // The partial file may be wider than its checkpoint when a run widened it and stopped
        // before the checkpoint that follows; its values are then checked at the checkpoint's
        // width.
        if header.game != self.game
            || header.value_width < record.value_width
            || (header.value_width > record.value_width && self.width != 1)
        {
            return Err(self.bad(format!("'{partial}' does not match its checkpoint")));
        }
        let cannot_read =
            |error: std::io::Error| self.bad(format!("cannot read '{partial}': {error}"));
        let file_len = file.seek(SeekFrom::End(0)).map_err(cannot_read)?;
        let header_len = header.len() as u64;
        let stored_width = header.value_width;
        let data_len = record.n_values.checked_mul(u64::from(stored_width));
        let data_end = data_len.and_then(|len| len.checked_add(header_len));
        let (Some(data_len), Some(data_end)) = (data_len, data_end) else {
            return Err(
                self.bad(format!("'{}' is damaged (its count overflows)", self.checkpoint_name))
            );
        };
        if data_end > file_len {
            return Err(self.bad(format!(
                "'{partial}' is shorter than its checkpoint says ({file_len} bytes, not at least \
                 {data_end})"
            )));
        }
        // The values the engine needs back, within the file's real size; the rest is only read
        // through for the checksum. With ends, heaps `0..prefix` and `tail_from..n_computed`.
        let (prefix, tail_from) = match self.ends {
            // Only when every value written was computed: values past them come from a
            // proven period, which the run proves again from all of them.
            Some((prefix, tail))
                if stored_width <= 2
                    && record.n_values == n_computed
                    && n_computed > prefix.saturating_add(tail.saturating_mul(2)) =>
            {
                (prefix, n_computed - tail)
            }
            _ => (n_computed, n_computed),
        };
        let shift = tail_from - prefix;
        let mut histogram: Vec<u64> = Vec::new();
        let width = u64::from(stored_width);
        let kept_len = usize::try_from((n_computed - shift) * width)
            .map_err(|_| self.bad("the partial file is too large for this machine".into()))?;
        let mut kept: Vec<u8> = Vec::new();
        kept.try_reserve_exact(kept_len).map_err(|_| {
            self.bad(format!("not enough memory for the {kept_len} bytes of values"))
        })?;
        file.seek(SeekFrom::Start(header_len)).map_err(cannot_read)?;
        let mut reader = std::io::BufReader::with_capacity(READ_CHUNK, file.take(data_len));
        let (mut sum, mut stored_sum) = (CHECKSUM_START, CHECKSUM_START);
        let mut max_value = 0u32;
        let mut buffer = vec![0u8; READ_CHUNK];
        let mut n_read = 0u64;
        while n_read < data_len {
            let take = (data_len - n_read).min(READ_CHUNK as u64) as usize;
            reader.read_exact(&mut buffer[..take]).map_err(|_| {
                self.bad(format!("'{partial}' is shorter than its checkpoint says"))
            })?;
            let bytes = &buffer[..take];
            let values = values_from_bytes(bytes, stored_width);
            stored_sum = checksum(stored_sum, bytes);
            sum = if stored_width == record.value_width {
                stored_sum
            } else if values.iter().all(|&v| width_for(v) <= record.value_width) {
                checksum(sum, &value_bytes(&values, record.value_width))
            } else {
                return Err(self.bad(format!("'{partial}' does not match its checkpoint")));
            };
            max_value = values.iter().copied().fold(max_value, u32::max);
            // The bytes of this chunk within the prefix and within the tail.
            for (from, to) in [(0, prefix * width), (tail_from * width, n_computed * width)] {
                let (lo, hi) = (from.max(n_read), to.min(n_read + take as u64));
                if lo < hi {
                    kept.extend_from_slice(&bytes[(lo - n_read) as usize..(hi - n_read) as usize]);
                }
            }
            if shift > 0 {
                let computed =
                    (n_computed.saturating_sub(n_read / width) as usize).min(values.len());
                for &value in &values[..computed] {
                    let value = value as usize;
                    if value >= histogram.len() {
                        histogram.resize(value + 1, 0);
                    }
                    histogram[value] += 1;
                }
            }
            n_read += take as u64;
        }
        if sum != record.checksum {
            return Err(self.bad(format!("the values in '{partial}' fail their checksum")));
        }
        let computed = match stored_width {
            1 => super::Computed::Bytes(kept),
            2 => super::Computed::Narrow(
                kept.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect(),
            ),
            _ => super::Computed::Wide(values_from_bytes(&kept, stored_width)),
        };
        Ok(Resumable {
            header,
            data_end,
            n_values: record.n_values,
            n_computed,
            stored_checksum: stored_sum,
            max_value,
            computed,
            shift,
            histogram,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A partial file of `values` at `width` and a checkpoint of its first `n` values.
    fn partial(values: &[u32], width: u32, n: usize, game: &str) -> (Vec<u8>, Checkpoint) {
        let header = Header {
            value_width: width,
            n_values: 0,
            checksum: 0,
            complete: false,
            game: game.into(),
        };
        let mut bytes = header.encode();
        bytes.extend(value_bytes(values, width));
        let record = Checkpoint {
            game: game.into(),
            value_width: width,
            n_values: n as u64,
            checksum: checksum(CHECKSUM_START, &value_bytes(&values[..n], width)),
            max_heap: Some(values.len() as u64 + 10),
            n_computed: Some(n as u64),
        };
        (bytes, record)
    }

    fn run(width: u32) -> ResumeRun<'static> {
        ResumeRun {
            game: "0.6",
            max_heap: 100,
            width,
            checkpoint_name: "f.checkpoint",
            partial_name: "f.partial",
            ends: None,
        }
    }

    #[test]
    fn with_ends_only_the_prefix_and_the_tail_are_taken_back_with_the_histogram() {
        let values: Vec<u32> = (0..40).map(|n| (n * n) % 300).collect();
        let (bytes, record) = partial(&values, 2, 30, "0.6");
        let ends = ResumeRun { ends: Some((5, 4)), ..run(1) };
        let resumed = ends.check_partial(&record, &mut Cursor::new(bytes.clone())).unwrap();
        assert_eq!((resumed.n_values, resumed.shift), (30, 21));
        let expected: Vec<u16> =
            values[..5].iter().chain(&values[26..30]).map(|&v| v as u16).collect();
        match resumed.computed {
            crate::sequence::Computed::Narrow(kept) => assert_eq!(kept, expected),
            other => panic!("{other:?}"),
        }
        let mut histogram = vec![0u64; 300];
        for &v in &values[..30] {
            histogram[v as usize] += 1;
        }
        let last = histogram.iter().rposition(|&c| c > 0).unwrap();
        assert_eq!(resumed.histogram, histogram[..=last]);
        // Across chunks of the reader (2^20 bytes): 1.6 million values at two bytes.
        let values: Vec<u32> =
            (0..1_600_000u32).map(|n| n.wrapping_mul(2_654_435_761) % 600).collect();
        let (bytes, record) = partial(&values, 2, 1_500_000, "0.6");
        let ends = ResumeRun { ends: Some((300_000, 400_000)), max_heap: 2_000_000, ..run(1) };
        let resumed = ends.check_partial(&record, &mut Cursor::new(bytes.clone())).unwrap();
        assert_eq!(resumed.shift, 800_000);
        let expected: Vec<u16> = values[..300_000]
            .iter()
            .chain(&values[1_100_000..1_500_000])
            .map(|&v| v as u16)
            .collect();
        assert!(
            matches!(&resumed.computed, crate::sequence::Computed::Narrow(kept) if *kept == expected)
        );
        let mut histogram = vec![0u64; 600];
        for &v in &values[..1_500_000] {
            histogram[v as usize] += 1;
        }
        let last = histogram.iter().rposition(|&c| c > 0).unwrap();
        assert_eq!(resumed.histogram, histogram[..=last]);
        // Values written past those computed (from a proven period): every computed value back.
        let from_period = Checkpoint { n_computed: Some(1_400_000), ..record.clone() };
        let all = ends.check_partial(&from_period, &mut Cursor::new(bytes)).unwrap();
        assert_eq!((all.shift, all.computed.len()), (0, 1_400_000));
        let (bytes, record) = partial(&values[..30], 2, 30, "0.6");
        // Too few values computed to leave any out: all of them, no histogram.
        let wide_ends = ResumeRun { ends: Some((10, 10)), ..run(1) };
        let all = wide_ends.check_partial(&record, &mut Cursor::new(bytes)).unwrap();
        assert_eq!((all.shift, all.histogram.len(), all.computed.len()), (0, 0, 30));
    }

    #[test]
    fn a_partial_file_that_matches_is_taken_back_up_to_its_checkpoint() {
        let values: Vec<u32> = (0..40).map(|n| n % 7).collect();
        let (bytes, record) = partial(&values, 1, 30, "0.6");
        let resumed = run(1).check_partial(&record, &mut Cursor::new(bytes)).unwrap();
        assert_eq!(resumed.n_values, 30);
        assert_eq!(resumed.max_value, 6);
        assert_eq!(resumed.data_end, resumed.header.len() as u64 + 30);
        match resumed.computed {
            crate::sequence::Computed::Bytes(kept) => {
                assert_eq!(kept, values[..30].iter().map(|&v| v as u8).collect::<Vec<_>>())
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_mismatch_is_refused_with_its_reason() {
        let values: Vec<u32> = (0..40).map(|n| n % 7).collect();
        let (bytes, record) = partial(&values, 1, 30, "0.6");
        let refuse = |record: &Checkpoint, bytes: &[u8], run: ResumeRun<'_>| {
            run.check_partial(record, &mut Cursor::new(bytes.to_vec())).unwrap_err().to_string()
        };
        // Another game.
        let other = Checkpoint { game: "0.7".into(), ..record.clone() };
        assert!(refuse(&other, &bytes, run(1)).contains("for game '0.7'"));
        // A value changed after the header.
        let mut damaged = bytes.clone();
        let at = damaged.len() - 20;
        damaged[at] ^= 1;
        assert!(refuse(&record, &damaged, run(1)).contains("fail their checksum"));
        // Cut short.
        let short = &bytes[..bytes.len() - 15];
        assert!(refuse(&record, short, run(1)).contains("shorter than its checkpoint"));
        // More values than the run asks for.
        let small = ResumeRun { max_heap: 10, ..run(1) };
        let refusal = refuse(&Checkpoint { max_heap: None, ..record.clone() }, &bytes, small);
        assert!(refusal.contains("more than heaps 0..=10"), "{refusal}");
        // Not a sequence file at all.
        assert!(refuse(&record, b"hello", run(1)).contains("not a grundy sequence file"));
        // A name length past the end of the file.
        let mut long_name = bytes.clone();
        long_name[36..40].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(refuse(&record, &long_name, run(1)).contains("cut short"));
        // A width this run does not write.
        assert!(refuse(&record, &bytes, run(4)).contains("1-byte values"));
    }

    #[test]
    fn a_file_widened_after_its_checkpoint_is_checked_at_the_checkpoints_width() {
        let values: Vec<u32> = (0..40).map(|n| n % 7).collect();
        let (_, record) = partial(&values, 1, 30, "0.6");
        let (wide_bytes, _) = partial(&values, 2, 30, "0.6");
        let resumed = run(1).check_partial(&record, &mut Cursor::new(wide_bytes)).unwrap();
        assert_eq!(resumed.header.value_width, 2);
        assert_eq!(resumed.n_computed, 30);
    }

    /// The rare positions by the definition: every mask tried, the fewest rare heaps (the
    /// least mask among equals), listed when at most one heap in 16 is rare.
    fn rare_by_definition(values: &[u32]) -> RareAtPower {
        let n = values.len() as u64;
        let top = values.iter().max().map_or(1, |&v| (v + 1).next_power_of_two());
        let rare_under = |mask: u32| -> Vec<(u64, u32)> {
            (0..n)
                .zip(values)
                .filter(|&(_, &v)| (v & mask).count_ones().is_multiple_of(2))
                .map(|(heap, &v)| (heap, v))
                .collect()
        };
        let best = (1..top.max(2)).min_by_key(|&mask| (rare_under(mask).len(), mask)).unwrap();
        let positions = rare_under(best);
        if positions.len() as u64 * RARE_RATIO > n {
            return RareAtPower::NotSparse;
        }
        RareAtPower::Listed(crate::sequence::run::RareValues { mask: best, positions })
    }

    proptest::proptest! {
        /// At every power of two the rare list is the definition's, however the values come.
        #[test]
        fn rare_lists_are_the_definitions(
            common in proptest::collection::vec(0u32..8, 600..2100),
            rare in proptest::collection::vec((0usize..2100, 0u32..16), 0..60),
            chunk in 1usize..300,
        ) {
            // Mostly values with an odd number of bits under 0b101 (common), a few rare ones.
            let mut values: Vec<u32> =
                common.iter().map(|&v| if (v & 0b101).count_ones() % 2 == 1 { v } else { v ^ 1 }).collect();
            for &(at, v) in &rare {
                if at < values.len() {
                    values[at] = v;
                }
            }
            let mut summaries = PowerSummaries::new();
            let mut seen = 0;
            for piece in values.chunks(chunk) {
                for summary in summaries.add(piece) {
                    seen += 1;
                    let upto = &values[..=summary.n as usize];
                    proptest::prop_assert_eq!(&summary.rare, &rare_by_definition(upto), "N {}", summary.n);
                }
            }
            proptest::prop_assert!(seen >= 10);
        }
    }

    #[test]
    fn rare_lists_past_the_budget_say_so() {
        // Odd values (64 of them) common under mask 1, value 0 rare: one heap in 20. Past the
        // budget the longest list goes, and the longest is the rare value's.
        let values: Vec<u32> = (0..=1u32 << 21)
            .map(|heap| if heap % 20 == 0 { 0 } else { 1 + 2 * (heap % 64) })
            .collect();
        let summaries = PowerSummaries::new().add(&values);
        let at = |n: u64| summaries.iter().find(|s| s.n == n).unwrap();
        match &at(1 << 16).rare {
            RareAtPower::Listed(rare) => {
                assert_eq!(rare.mask, 1);
                assert_eq!(rare.positions.len(), (1 << 16) / 20 + 1);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(at(1 << 21).rare, RareAtPower::TooMany);
        assert!(at(1 << 21).rare_report().contains("none listed"));
    }
}

/// The first bytes of a leg's state file ([`LegState`]).
pub const STATE_MAGIC: &[u8; 8] = b"GRUNDYLG";

/// The version of a leg's state this grundy writes: 2 ends with a CRC-32 of every byte before
/// it; version 1 (no checksum) is still read.
pub const STATE_VERSION: u32 = 2;

/// A reader that keeps the CRC-32 of the bytes read through it.
struct CrcReader<R> {
    inner: R,
    crc: crc32fast::Hasher,
}

impl<R: std::io::Read> std::io::Read for CrcReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
}

/// Where a run in legs that keeps no values file stopped: the game, the engine's state
/// (its kept values, rare positions, histogram) and the summaries' (`--summary`), written by
/// [`LegState::write_to`] and read back by [`LegState::read_from`], so that the next leg
/// goes on from it alone, here or on another machine (all integers little-endian).
#[derive(Debug, Clone)]
pub struct LegState {
    /// The game's canonical name.
    pub game: String,
    /// The engine's state.
    pub engine: crate::sequence::sparse::EngineState,
    /// The summaries' state.
    pub summaries: PowerSummaries,
}

/// Little-endian fields, with the error of a short read.
struct Fields<R>(R);

impl<R: std::io::Read> Fields<R> {
    fn u64(&mut self) -> std::io::Result<u64> {
        let mut bytes = [0u8; 8];
        self.0.read_exact(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }
    fn u32(&mut self) -> std::io::Result<u32> {
        let mut bytes = [0u8; 4];
        self.0.read_exact(&mut bytes)?;
        Ok(u32::from_le_bytes(bytes))
    }
    /// A count of items of `size` bytes, refused past `most` before anything is allocated.
    fn count(&mut self, most: u64) -> std::io::Result<usize> {
        let count = self.u64()?;
        if count > most {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("a count of {count} (at most {most} here)"),
            ));
        }
        Ok(count as usize)
    }
    fn u64s(&mut self, most: u64) -> std::io::Result<Vec<u64>> {
        let count = self.count(most)?;
        // Grown as the numbers arrive: a count alone allocates nothing.
        let mut numbers = Vec::new();
        for _ in 0..count {
            numbers.push(self.u64()?);
        }
        Ok(numbers)
    }
    fn bytes(&mut self, most: u64) -> std::io::Result<Vec<u8>> {
        let count = self.count(most)?;
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(&mut self.0, count as u64),
            &mut bytes,
        )?;
        if bytes.len() < count {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        Ok(bytes)
    }
}

fn put_u64s(out: &mut Vec<u8>, values: &[u64]) {
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for value in values {
        out.extend_from_slice(&value.to_le_bytes());
    }
}

/// Kept values a state may hold at most (2^34: far past any prefix and tail that fit memory).
const MAX_STATE_VALUES: u64 = 1 << 34;
/// Entries of a histogram, rare list or heap list a state may hold at most.
const MAX_STATE_ENTRIES: u64 = 1 << 28;

impl LegState {
    /// Writes the state to `out`.
    pub fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let engine = &self.engine;
        let mut head = Vec::new();
        head.extend_from_slice(STATE_MAGIC);
        head.extend_from_slice(&STATE_VERSION.to_le_bytes());
        head.extend_from_slice(&(self.game.len() as u64).to_le_bytes());
        head.extend_from_slice(self.game.as_bytes());
        for field in [engine.n, u64::from(engine.bytes), engine.prefix, engine.shift, engine.keep] {
            head.extend_from_slice(&field.to_le_bytes());
        }
        head.extend_from_slice(&engine.mask.to_le_bytes());
        head.extend_from_slice(&engine.max_value.to_le_bytes());
        for field in [engine.window, engine.next_mask_review, engine.rare_at_review] {
            head.extend_from_slice(&field.to_le_bytes());
        }
        put_u64s(&mut head, &engine.histogram);
        let rare: Vec<u64> = engine.rare.iter().flat_map(|&(at, v)| [at, u64::from(v)]).collect();
        put_u64s(&mut head, &rare);
        self.summaries.put(&mut head);
        head.extend_from_slice(&(engine.values.len() as u64).to_le_bytes());
        let mut crc = crc32fast::Hasher::new();
        crc.update(&head);
        out.write_all(&head)?;
        // The values, two bytes each, in blocks.
        for block in engine.values.chunks(1 << 20) {
            let bytes: Vec<u8> = block.iter().flat_map(|v| v.to_le_bytes()).collect();
            crc.update(&bytes);
            out.write_all(&bytes)?;
        }
        out.write_all(&crc.finalize().to_le_bytes())?;
        out.write_all(STATE_MAGIC)
    }

    /// Reads a state written by [`LegState::write_to`]; an error says what is wrong with it.
    pub fn read_from(input: &mut dyn std::io::Read) -> crate::error::Result<LegState> {
        use crate::error::Error;
        use std::io::Read;
        let bad = |what: &str, error: std::io::Error| {
            Error::invalid(format!("not a whole grundy leg state ({what}: {error})"))
        };
        let mut fields = Fields(CrcReader { inner: input, crc: crc32fast::Hasher::new() });
        let mut magic = [0u8; 8];
        fields.0.read_exact(&mut magic).map_err(|e| bad("the start", e))?;
        if &magic != STATE_MAGIC {
            return Err(Error::invalid(
                "not a grundy leg state (its first bytes are not GRUNDYLG)",
            ));
        }
        let version = fields.u32().map_err(|e| bad("the version", e))?;
        if version != STATE_VERSION && version != 1 {
            return Err(Error::invalid(format!(
                "a leg state of version {version}; this grundy reads versions 1 and {STATE_VERSION}"
            )));
        }
        let name = fields.bytes(MAX_GAME_NAME_BYTES).map_err(|e| bad("the game", e))?;
        let game =
            String::from_utf8(name).map_err(|_| Error::invalid("the game name is not UTF-8"))?;
        let mut head = || -> std::io::Result<_> {
            let (n, bytes, prefix, shift, keep) =
                (fields.u64()?, fields.u64()? == 1, fields.u64()?, fields.u64()?, fields.u64()?);
            let (mask, max_value) = (fields.u32()?, fields.u32()?);
            let (window, next_mask_review, rare_at_review) =
                (fields.u64()?, fields.u64()?, fields.u64()?);
            let histogram = fields.u64s(MAX_STATE_ENTRIES)?;
            let rare_flat = fields.u64s(MAX_STATE_ENTRIES)?;
            Ok((
                crate::sequence::sparse::EngineState {
                    n,
                    bytes,
                    values: Vec::new(),
                    prefix,
                    shift,
                    keep,
                    mask,
                    rare: Vec::new(),
                    histogram,
                    window,
                    next_mask_review,
                    rare_at_review,
                    max_value,
                },
                rare_flat,
            ))
        };
        let (mut engine, rare_flat) = head().map_err(|e| bad("the engine", e))?;
        if rare_flat.len() % 2 == 1 || rare_flat.chunks(2).any(|p| p[1] > u64::from(u16::MAX)) {
            return Err(Error::invalid("not a whole grundy leg state (its rare list is cut)"));
        }
        engine.rare = rare_flat.chunks(2).map(|p| (p[0], p[1] as u16)).collect();
        let summaries = PowerSummaries::take(&mut fields).map_err(|e| bad("the summaries", e))?;
        let count = fields.count(MAX_STATE_VALUES).map_err(|e| bad("the values", e))?;
        // Grown block by block as the values arrive: a count alone allocates nothing.
        let mut block = vec![0u8; 2 << 20];
        while engine.values.len() < count {
            let take = (count - engine.values.len()).min(1 << 20);
            fields.0.read_exact(&mut block[..2 * take]).map_err(|e| bad("the values", e))?;
            engine.values.extend(
                block[..2 * take].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])),
            );
        }
        let CrcReader { inner: input, crc } = fields.0;
        if version >= 2 {
            let mut stored = [0u8; 4];
            input.read_exact(&mut stored).map_err(|e| bad("the checksum", e))?;
            if u32::from_le_bytes(stored) != crc.finalize() {
                return Err(Error::invalid(
                    "a damaged grundy leg state (its CRC-32 does not match its bytes)",
                ));
            }
        }
        input.read_exact(&mut magic).map_err(|e| bad("the end", e))?;
        if &magic != STATE_MAGIC {
            return Err(Error::invalid(
                "not a whole grundy leg state (its last bytes are not GRUNDYLG)",
            ));
        }
        Ok(LegState { game, engine, summaries })
    }
}

impl PowerSummaries {
    /// Appends the summaries' state to `out` ([`LegState`]).
    fn put(&self, out: &mut Vec<u8>) {
        put_u64s(out, &self.counts);
        let run = &self.run;
        for field in [run.n_values, u64::from(run.max_value), run.first_max_at] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        out.extend_from_slice(&run.crc.clone().finalize().to_le_bytes());
        out.push(u8::from(run.wide));
        out.extend_from_slice(&self.zero.map_or(u64::MAX, u64::from).to_le_bytes());
        out.extend_from_slice(&(self.heaps.len() as u64).to_le_bytes());
        for list in &self.heaps {
            match list {
                Some(heaps) => put_u64s(out, heaps),
                None => out.extend_from_slice(&u64::MAX.to_le_bytes()),
            }
        }
        out.extend_from_slice(&(self.kept as u64).to_le_bytes());
    }

    /// Reads what [`PowerSummaries::put`] wrote.
    fn take<R: std::io::Read>(fields: &mut Fields<R>) -> std::io::Result<PowerSummaries> {
        let counts = fields.u64s(MAX_STATE_ENTRIES)?;
        let (n_values, max_value, first_max_at) = (fields.u64()?, fields.u64()?, fields.u64()?);
        let crc = fields.u32()?;
        let mut wide = [0u8; 1];
        fields.0.read_exact(&mut wide)?;
        let zero = fields.u64()?;
        let n_lists = fields.count(MAX_STATE_ENTRIES)?;
        let mut heaps = Vec::new();
        for _ in 0..n_lists {
            let count = fields.u64()?;
            if count == u64::MAX {
                heaps.push(None);
            } else if count > RARE_BUDGET as u64 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "a rare list past its budget",
                ));
            } else {
                let mut list = Vec::new();
                for _ in 0..count {
                    list.push(fields.u64()?);
                }
                heaps.push(Some(list));
            }
        }
        let kept = fields.u64()? as usize;
        let invalid =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        Ok(PowerSummaries {
            counts,
            run: RunSummary {
                n_values,
                max_value: u32::try_from(max_value)
                    .map_err(|_| invalid("a largest value past 2^32"))?,
                first_max_at,
                crc: crc32fast::Hasher::new_with_initial_len(crc, n_values.saturating_mul(2)),
                wide: wide[0] == 1,
            },
            zero: (zero != u64::MAX).then_some(zero as u32),
            heaps,
            kept,
        })
    }
}
