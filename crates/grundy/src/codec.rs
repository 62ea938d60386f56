//! Positions as compact bytes and back: what `explore` stores, hashes to choose a position's
//! worker, and sends between processes.
//!
//! Integers are LEB128 varints (a heap of 7 is one byte), lists are a count then their items,
//! big integers their length then little-endian bytes. Every family's position type
//! implements [`Codec`] beside its definition; `decode(encode(p)) == p` is tested for each.
//! Equal positions have equal encodings (the encoding is canonical), so a hash of the bytes is
//! a hash of the position.

use num_bigint::BigUint;

/// A position that can be written as bytes and read back.
pub trait Codec: Sized {
    /// Appends the encoding of `self` to `out`.
    fn encode(&self, out: &mut Vec<u8>);

    /// Reads one value from the front of `input`, advancing it; `None` if the bytes are not an
    /// encoding.
    fn decode_from(input: &mut &[u8]) -> Option<Self>;

    /// Reads a whole encoding (nothing may be left over).
    ///
    /// ```
    /// use grundy::codec::Codec;
    /// let mut bytes = Vec::new();
    /// vec![3u64, 300, 0].encode(&mut bytes);
    /// assert_eq!(bytes, [3, 3, 0xac, 0x02, 0]);
    /// assert_eq!(Vec::<u64>::decode(&bytes), Some(vec![3, 300, 0]));
    /// assert_eq!(Vec::<u64>::decode(&bytes[..3]), None);
    /// ```
    fn decode(bytes: &[u8]) -> Option<Self> {
        let mut input = bytes;
        let value = Self::decode_from(&mut input)?;
        input.is_empty().then_some(value)
    }
}

/// Appends `value` as a LEB128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads a LEB128 varint; `None` past the end, or for a non-canonical or overlong one.
pub fn get_varint(input: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = input.split_first()?;
        *input = rest;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            return None;
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            // A trailing zero byte would make two encodings of one number.
            if byte == 0 && shift > 0 {
                return None;
            }
            return Some(value);
        }
    }
    None
}

/// A hash of an encoding that is the same in every process and on every machine (positions
/// are sent to the worker `position_hash(bytes) % workers`).
///
/// ```
/// assert_eq!(grundy::codec::position_hash(b"abc"), grundy::codec::position_hash(b"abc"));
/// assert_ne!(grundy::codec::position_hash(b"abc"), grundy::codec::position_hash(b"abd"));
/// ```
pub fn position_hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut hash = (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        hash = (hash ^ word).wrapping_mul(K).rotate_left(29);
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash = (hash ^ u64::from_le_bytes(last)).wrapping_mul(K);
    // A final avalanche (splitmix64's), so that the low bits used for the worker mix well.
    hash ^= hash >> 30;
    hash = hash.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    hash ^= hash >> 27;
    hash = hash.wrapping_mul(0x94D0_49BB_1331_11EB);
    hash ^ (hash >> 31)
}

impl Codec for u64 {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, *self);
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        get_varint(input)
    }
}

impl Codec for u32 {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, u64::from(*self));
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        u32::try_from(get_varint(input)?).ok()
    }
}

impl Codec for i64 {
    /// Zigzag: small magnitudes of either sign stay short.
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, ((self << 1) ^ (self >> 63)) as u64);
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let raw = get_varint(input)?;
        Some(((raw >> 1) as i64) ^ -((raw & 1) as i64))
    }
}

impl Codec for bool {
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let (&byte, rest) = input.split_first()?;
        *input = rest;
        match byte {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl Codec for String {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.len() as u64);
        out.extend_from_slice(self.as_bytes());
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let len = get_varint(input)?;
        let bytes = take(input, len)?;
        String::from_utf8(bytes.to_vec()).ok()
    }
}

impl Codec for BigUint {
    /// Its length in bytes, then the bytes little-endian (zero is the empty list).
    fn encode(&self, out: &mut Vec<u8>) {
        let bytes = if self.bits() == 0 { Vec::new() } else { self.to_bytes_le() };
        put_varint(out, bytes.len() as u64);
        out.extend_from_slice(&bytes);
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let len = get_varint(input)?;
        let bytes = take(input, len)?;
        // A leading zero byte would make two encodings of one number.
        if bytes.last() == Some(&0) {
            return None;
        }
        Some(BigUint::from_bytes_le(bytes))
    }
}

impl<T: Codec> Codec for Vec<T> {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.len() as u64);
        for item in self {
            item.encode(out);
        }
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        let len = get_varint(input)?;
        // Every item takes at least one byte: a length past what is left is not an encoding.
        if len > input.len() as u64 {
            return None;
        }
        (0..len).map(|_| T::decode_from(input)).collect()
    }
}

impl<A: Codec, B: Codec> Codec for (A, B) {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
        self.1.encode(out);
    }

    fn decode_from(input: &mut &[u8]) -> Option<Self> {
        Some((A::decode_from(input)?, B::decode_from(input)?))
    }
}

/// The next `len` bytes of `input`, advancing it.
pub fn take<'a>(input: &mut &'a [u8], len: u64) -> Option<&'a [u8]> {
    let len = usize::try_from(len).ok().filter(|&len| len <= input.len())?;
    let (bytes, rest) = input.split_at(len);
    *input = rest;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn round_trip<T: Codec + PartialEq + std::fmt::Debug>(value: &T) {
        let mut bytes = Vec::new();
        value.encode(&mut bytes);
        assert_eq!(T::decode(&bytes).as_ref(), Some(value));
        // A prefix is never a whole encoding, and one byte more is refused.
        if !bytes.is_empty() {
            assert_eq!(T::decode(&bytes[..bytes.len() - 1]), None);
        }
        bytes.push(0);
        assert_eq!(T::decode(&bytes), None);
    }

    proptest! {
        #[test]
        fn integers_round_trip(value: u64, signed: i64, small: u32) {
            round_trip(&value);
            round_trip(&signed);
            round_trip(&small);
        }

        #[test]
        fn lists_pairs_and_text_round_trip(list: Vec<u64>, pair: (u64, u64), text: String, flag: bool) {
            round_trip(&list);
            round_trip(&pair);
            round_trip(&text);
            round_trip(&flag);
        }

        #[test]
        fn big_integers_round_trip(bytes: Vec<u8>) {
            round_trip(&BigUint::from_bytes_le(&bytes));
        }

        #[test]
        fn equal_encodings_only_for_equal_values(a: Vec<u64>, b: Vec<u64>) {
            let (mut x, mut y) = (Vec::new(), Vec::new());
            a.encode(&mut x);
            b.encode(&mut y);
            prop_assert_eq!(x == y, a == b);
        }
    }

    #[test]
    fn overlong_and_non_canonical_varints_are_refused() {
        assert_eq!(u64::decode(&[0x80, 0x00]), None);
        assert_eq!(u64::decode(&[0xff; 11]), None);
        assert_eq!(
            u64::decode(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]),
            None
        );
        assert_eq!(
            u64::decode(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
            Some(u64::MAX)
        );
        assert_eq!(u32::decode(&[0x80, 0x80, 0x80, 0x80, 0x10]), None);
        assert_eq!(BigUint::decode(&[1, 0]), None);
        assert_eq!(Vec::<u64>::decode(&[200]), None);
    }
}
