//! Folded bytes: one byte a value for values below 512, by dropping the bit that the class
//! restores.
//!
//! Under a mask `m` whose lowest bit is `b`, a value is rare when `popcount(v & m)` is even.
//! Store each value with bit `b` dropped ([`compress`]: the bits above it move down one).
//! Knowing whether the position is rare, bit `b` comes back: it is the one bit that gives the
//! value the parity of its class. Dropping a bit is linear, so the XOR of two stored bytes is
//! the stored form of the XOR of the values, and for a pair of common values (whose XOR is
//! rare) it is the number of that rare value among the rare values, in order: exactly what the
//! record path's proof looks up. Pairs with a rare part must be told apart (their XOR is
//! common, with the same stored form as a rare value), which a bitmap of the rare positions
//! does; they are few.
//!
//! The engine moves to folded bytes when a value passes 255 on plain bytes and the mask allows
//! it (its lowest bit among the low six, so that every block of 64 values holds 32 rare ones,
//! and the record path runs every heap from there on); it moves on to two bytes if a value
//! passes 511.

/// The numbering that drops bit `b`: bits below `b` stay, bits above move down one.
pub(super) fn compress(value: u32, b: u32) -> u32 {
    ((value >> (b + 1)) << b) | (value & ((1 << b) - 1))
}

/// Whether `x` has an odd number of bits set: a value's class under a mask is `odd(v & m)`.
/// Folded by halves rather than counted: the baseline x86-64 build has no `popcnt`, and after
/// every look for the least unmarked value `count_ones` became a sequence of a dozen dependent
/// instructions (4% of 0.167's run in one thread); the compiler made a parity flag of some
/// other sites, where this costs two instructions more.
#[inline(always)]
pub(super) fn odd(x: u32) -> bool {
    let x = x ^ (x >> 16);
    let x = x ^ (x >> 8);
    let x = x ^ (x >> 4);
    (0x6996u32 >> (x & 0xF)) & 1 == 1
}

/// Whether `value` is rare under `mask`: an even number of its bits under the mask (with no mask,
/// every value is).
#[inline(always)]
pub(super) fn is_rare(value: u32, mask: u32) -> bool {
    !odd(value & mask)
}

/// The value stored as `stored` (bit `b` of `mask` dropped) at a position of the class `rare`.
pub(super) fn decode(stored: u32, rare: bool, mask: u32) -> u32 {
    let b = mask.trailing_zeros();
    let value = ((stored >> b) << (b + 1)) | (stored & ((1 << b) - 1));
    if rare == odd(value & mask) {
        value | (1 << b)
    } else {
        value
    }
}

/// Bit `position` of a bitmap (0 past its end).
#[inline(always)]
pub(super) fn bit(bits: &[u64], position: usize) -> bool {
    bits.get(position / 64).is_some_and(|&word| word >> (position % 64) & 1 == 1)
}

/// Sets bit `position`, growing the bitmap as needed.
pub(super) fn set_bit(bits: &mut Vec<u64>, position: usize) {
    let word = position / 64;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << (position % 64);
}

/// The 64 bits of positions `position..position + 64`, bit `i` for `position + i` (0 past the
/// bitmap's end).
#[inline(always)]
pub(super) fn bits_at(bits: &[u64], position: usize) -> u64 {
    let (word, shift) = (position / 64, position % 64);
    let low = bits.get(word).copied().unwrap_or(0);
    if shift == 0 {
        return low;
    }
    let high = bits.get(word + 1).copied().unwrap_or(0);
    (low >> shift) | (high << (64 - shift))
}

/// Values kept as folded bytes, as a run hands them on: the bytes of heaps
/// `first..first + len`, the mask, and the bitmap of rare positions (from heap 0).
#[derive(Debug, Clone, Copy)]
pub struct Folded<'a> {
    bytes: &'a [u8],
    first: usize,
    mask: u32,
    rare: &'a [u64],
}

impl<'a> Folded<'a> {
    pub(super) fn new(bytes: &'a [u8], mask: u32, rare: &'a [u64]) -> Self {
        Folded { bytes, first: 0, mask, rare }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Value `idx`.
    #[inline]
    pub fn get(&self, idx: usize) -> u32 {
        decode(u32::from(self.bytes[idx]), bit(self.rare, self.first + idx), self.mask)
    }

    /// The values `range`.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Folded<'a> {
        Folded { bytes: &self.bytes[range.clone()], first: self.first + range.start, ..*self }
    }

    /// The values, two bytes each (every value is below 512).
    pub fn to_narrow(&self) -> Vec<u16> {
        (0..self.len()).map(|idx| self.get(idx) as u16).collect()
    }
}

/// Folded values owned ([`Folded`] borrows them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoldedValues {
    bytes: Vec<u8>,
    first: usize,
    mask: u32,
    rare: Vec<u64>,
}

impl FoldedValues {
    pub(super) fn new(bytes: Vec<u8>, mask: u32, rare: Vec<u64>) -> Self {
        FoldedValues { bytes, first: 0, mask, rare }
    }

    /// The values, borrowed.
    pub fn as_folded(&self) -> Folded<'_> {
        Folded { bytes: &self.bytes, first: self.first, mask: self.mask, rare: &self.rare }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        self.bytes.truncate(len);
    }
}

/// The rare values below 512 as a 512-bit set. Within a word of 64 values the pattern
/// depends only on the mask's low six bits (each flips the bits whose index has it), and the
/// word's own bits above flip the whole word.
pub(super) fn rare_pattern(mask: u32) -> [u64; 8] {
    const HAS_BIT: [u64; 6] = [
        0xAAAA_AAAA_AAAA_AAAA,
        0xCCCC_CCCC_CCCC_CCCC,
        0xF0F0_F0F0_F0F0_F0F0,
        0xFF00_FF00_FF00_FF00,
        0xFFFF_0000_FFFF_0000,
        0xFFFF_FFFF_0000_0000,
    ];
    let low = (0..6).filter(|&j| mask >> j & 1 == 1).fold(u64::MAX, |p, j| p ^ HAS_BIT[j]);
    std::array::from_fn(|w| {
        if ((64 * w as u32) & mask).count_ones().is_multiple_of(2) {
            low
        } else {
            !low
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// `odd` is the parity of the bits set, for any word (their count, the definition).
        #[test]
        fn odd_is_the_parity_of_the_bits_set(x in any::<u32>()) {
            prop_assert_eq!(odd(x), x.count_ones() % 2 == 1);
        }
    }

    #[test]
    fn odd_holds_for_single_bits_and_their_pairs() {
        for i in 0..32 {
            assert!(odd(1 << i));
            for j in 0..i {
                assert!(!odd(1 << i | 1 << j));
            }
        }
    }

    #[test]
    fn decoding_restores_every_value_below_512() {
        for mask in [0x1feu32, 0x1ee, 0x3, 0x6, 0x1f, 0x20, 0x1ff, 0x15] {
            let b = mask.trailing_zeros();
            for value in 0..512u32 {
                let rare = (value & mask).count_ones() % 2 == 0;
                let stored = compress(value, b);
                assert!(stored < 256);
                assert_eq!(decode(stored, rare, mask), value, "mask {mask:#x} value {value}");
            }
        }
    }

    #[test]
    fn bits_at_reads_any_offset() {
        let mut bits = Vec::new();
        let set = [0usize, 5, 63, 64, 100, 127, 128, 300];
        for &p in &set {
            set_bit(&mut bits, p);
        }
        for start in 0..400 {
            let word = bits_at(&bits, start);
            for i in 0..64 {
                assert_eq!(word >> i & 1 == 1, set.contains(&(start + i)), "{start} + {i}");
            }
        }
    }
}
