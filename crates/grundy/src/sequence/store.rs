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
    pub fn decode(bytes: &[u8]) -> Result<Header, String> {
        if bytes.len() < 40 || &bytes[..8] != MAGIC {
            return Err("not a grundy sequence file (no GRUNDYSQ header)".into());
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let version = u32_at(8);
        if version != VERSION {
            return Err(format!("format version {version}, this program reads version {VERSION}"));
        }
        let value_width = u32_at(12);
        if ![1, 2, 4].contains(&value_width) {
            return Err(format!("value width {value_width} bytes; only 1, 2 and 4 exist"));
        }
        let game_len = u32_at(36) as usize;
        let game = bytes
            .get(40..40 + game_len)
            .and_then(|name| std::str::from_utf8(name).ok())
            .ok_or("the game name in the header is cut short or not UTF-8")?
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
