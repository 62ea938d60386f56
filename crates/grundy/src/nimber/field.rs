//! Nimbers as a field (Conway's On₂, its finite part): nim-addition is XOR, and nim-multiplication
//! makes the nimbers below each Fermat 2-power F = 2^(2^k) a field of F elements.
//!
//! The product follows the Fermat 2-power rules (Winning Ways, ch. 6; Lenstra): for a Fermat
//! 2-power F, x ⊗ F = x·F when x < F, and F ⊗ F = 3F/2 = F ⊕ F/2. Writing a = a₁F ⊕ a₀ and
//! b = b₁F ⊕ b₀ with halves below F,
//!
//! a ⊗ b = ((a₁⊗b₁) ⊕ (a₁⊗b₀) ⊕ (a₀⊗b₁))·F ⊕ (a₀⊗b₀) ⊕ (a₁⊗b₁)⊗(F/2),
//!
//! with a₁⊗b₀ ⊕ a₀⊗b₁ = (a₁⊕a₀)⊗(b₁⊕b₀) ⊕ a₁⊗b₁ ⊕ a₀⊗b₀ (three half-size products, as
//! Karatsuba). 64-bit products recurse to a 256 × 256 table of 8-bit products; larger nimbers
//! recurse on 64-bit limbs. [`mul_by_definition`] is the slow reference: the mex of
//! x'⊗y ⊕ x⊗y' ⊕ x'⊗y' over x' < x, y' < y.

use num_bigint::BigUint;
use std::sync::OnceLock;

/// The nim-product of two bits-wide nimbers (bits a power of two, at most 64) by the rule
/// above, all the way down: the table's source, and a reference for the fast path.
fn mul_recursive(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = mul_recursive(a1, b1, half);
    let low = mul_recursive(a0, b0, half);
    let cross = mul_recursive(a1 ^ a0, b1 ^ b0, half) ^ high ^ low;
    ((cross ^ high) << half) | (low ^ mul_recursive(high, 1 << (half - 1), half))
}

fn table() -> &'static [[u8; 256]; 256] {
    static TABLE: OnceLock<Box<[[u8; 256]; 256]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[0u8; 256]; 256]);
        for a in 0..256u64 {
            for b in 0..256u64 {
                table[a as usize][b as usize] = mul_recursive(a, b, 8) as u8;
            }
        }
        table
    })
}

#[inline]
fn mul8(table: &[[u8; 256]; 256], a: u64, b: u64) -> u64 {
    u64::from(table[a as usize][b as usize])
}

#[inline]
fn mul16(t: &[[u8; 256]; 256], a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = (a >> 8, a & 0xff, b >> 8, b & 0xff);
    let high = mul8(t, a1, b1);
    let low = mul8(t, a0, b0);
    let cross = mul8(t, a1 ^ a0, b1 ^ b0) ^ high ^ low;
    ((cross ^ high) << 8) | (low ^ mul8(t, high, 0x80))
}

#[inline]
fn mul32(t: &[[u8; 256]; 256], a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = (a >> 16, a & 0xffff, b >> 16, b & 0xffff);
    let high = mul16(t, a1, b1);
    let low = mul16(t, a0, b0);
    let cross = mul16(t, a1 ^ a0, b1 ^ b0) ^ high ^ low;
    ((cross ^ high) << 16) | (low ^ mul16(t, high, 0x8000))
}

/// The nim-product of two 64-bit nimbers (the product is below 2^64: the nimbers below a
/// Fermat 2-power are closed under it).
///
/// ```
/// use grundy::nimber::field::mul;
/// assert_eq!(mul(2, 2), 3);   // F ⊗ F = 3F/2 with F = 2
/// assert_eq!(mul(2, 3), 1);
/// assert_eq!(mul(4, 4), 6);   // 3·4/2
/// assert_eq!(mul(16, 16), 24);
/// assert_eq!(mul(1 << 32, 1 << 32), 3 << 31);
/// ```
pub fn mul(a: u64, b: u64) -> u64 {
    let t = table();
    if a < 256 && b < 256 {
        return mul8(t, a, b);
    }
    let (a1, a0, b1, b0) = (a >> 32, a & 0xffff_ffff, b >> 32, b & 0xffff_ffff);
    if a1 == 0 && b1 == 0 {
        return mul32(t, a0, b0);
    }
    let high = mul32(t, a1, b1);
    let low = mul32(t, a0, b0);
    let cross = mul32(t, a1 ^ a0, b1 ^ b0) ^ high ^ low;
    ((cross ^ high) << 32) | (low ^ mul32(t, high, 0x8000_0000))
}

/// The product by the definition: the mex of `x'⊗y ⊕ x⊗y' ⊕ x'⊗y'` over `x' < x`, `y' < y`,
/// filled in a table for every pair below `n`. The slow reference (`n` up to a few hundred).
pub fn mul_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut product = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let mut seen = vec![false; 2 * n * n + 2];
            for xp in 0..x {
                for yp in 0..y {
                    let v = product[xp][y] ^ product[x][yp] ^ product[xp][yp];
                    if (v as usize) < seen.len() {
                        seen[v as usize] = true;
                    }
                }
            }
            product[x][y] = seen.iter().position(|s| !s).expect("a value is missing") as u64;
        }
    }
    product
}

/// The bits of the smallest field (of nimbers below 2^(2^k)) holding every nimber below
/// 2^`bits`: 1, 2, 4, 8, ...
pub fn field_bits(bits: u64) -> u64 {
    bits.max(1).next_power_of_two()
}

/// Limbs of `a`, little-endian, padded with zeros to `len`.
fn limbs(a: &BigUint, len: usize) -> Vec<u64> {
    let mut digits = a.to_u64_digits();
    digits.resize(len, 0);
    digits
}

/// The product of two nimbers of `n` limbs each (`n` a power of two).
fn mul_limbs(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    if n == 1 {
        return vec![mul(a[0], b[0])];
    }
    let h = n / 2;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let high = mul_limbs(a1, b1);
    let low = mul_limbs(a0, b0);
    let sum_a: Vec<u64> = a1.iter().zip(a0).map(|(x, y)| x ^ y).collect();
    let sum_b: Vec<u64> = b1.iter().zip(b0).map(|(x, y)| x ^ y).collect();
    let mut cross = mul_limbs(&sum_a, &sum_b);
    let mut half = vec![0u64; h];
    half[h - 1] = 1 << 63;
    let high_half = mul_limbs(&high, &half);
    let mut out = Vec::with_capacity(n);
    for i in 0..h {
        out.push(low[i] ^ high_half[i]);
    }
    // The high half: a₁⊗b₁ ⊕ (a₁⊗b₀ ⊕ a₀⊗b₁) = (a₁⊕a₀)⊗(b₁⊕b₀) ⊕ a₀⊗b₀.
    for i in 0..h {
        cross[i] ^= low[i];
        out.push(cross[i]);
    }
    out
}

/// The nim-product of nimbers of any size.
///
/// ```
/// use grundy::nimber::field::mul_big;
/// use num_bigint::BigUint;
/// let f = BigUint::from(1u8) << 64;   // the Fermat 2-power 2^64
/// assert_eq!(mul_big(&f, &f), BigUint::from(3u8) << 63);
/// assert_eq!(mul_big(&BigUint::from(2u8), &BigUint::from(3u8)), BigUint::from(1u8));
/// ```
pub fn mul_big(a: &BigUint, b: &BigUint) -> BigUint {
    let bits = a.bits().max(b.bits());
    if bits <= 64 {
        let small = |x: &BigUint| x.to_u64_digits().first().copied().unwrap_or(0);
        return BigUint::from(mul(small(a), small(b)));
    }
    let n = (field_bits(bits) / 64) as usize;
    BigUint::from_slice(
        &mul_limbs(&limbs(a, n), &limbs(b, n))
            .iter()
            .flat_map(|&limb| [limb as u32, (limb >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

/// `a` to the ordinary power `exponent` under nim-multiplication (`a⁰ = 1`).
pub fn pow_big(a: &BigUint, exponent: &BigUint) -> BigUint {
    let mut result = BigUint::from(1u8);
    for bit in (0..exponent.bits()).rev() {
        result = mul_big(&result, &result);
        if exponent.bit(bit) {
            result = mul_big(&result, a);
        }
    }
    result
}

/// The inverse of `a` (`None` for 0): `a^(F−2)` in the field of `F` elements that holds `a`.
///
/// ```
/// use grundy::nimber::field::{inverse_big, mul_big};
/// use num_bigint::BigUint;
/// let a = BigUint::from(5u8);
/// assert_eq!(mul_big(&a, &inverse_big(&a).unwrap()), BigUint::from(1u8));
/// ```
pub fn inverse_big(a: &BigUint) -> Option<BigUint> {
    if a.bits() == 0 {
        return None;
    }
    // a^(2^m − 2) = a^2 · a^4 · … · a^(2^(m−1)), m the field's bits.
    let m = field_bits(a.bits());
    let mut square = a.clone();
    let mut result = BigUint::from(1u8);
    for _ in 1..m {
        square = mul_big(&square, &square);
        result = mul_big(&result, &square);
    }
    Some(result)
}

/// The square root of `a` (every nimber has exactly one: squaring is a field automorphism in
/// characteristic 2): `a^(2^(m−1))` in the field of `2^m` elements that holds `a`.
///
/// ```
/// use grundy::nimber::field::{mul_big, sqrt_big};
/// use num_bigint::BigUint;
/// let r = sqrt_big(&BigUint::from(2u8));
/// assert_eq!(r, BigUint::from(3u8));      // 3 ⊗ 3 = 2
/// assert_eq!(mul_big(&r, &r), BigUint::from(2u8));
/// ```
pub fn sqrt_big(a: &BigUint) -> BigUint {
    let m = field_bits(a.bits());
    let mut root = a.clone();
    for _ in 1..m {
        root = mul_big(&root, &root);
    }
    root
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_product_is_the_definition_on_every_pair_below_64() {
        let reference = mul_by_definition(64);
        for x in 0..64u64 {
            for y in 0..64u64 {
                assert_eq!(mul(x, y), reference[x as usize][y as usize], "{x} ⊗ {y}");
                assert_eq!(mul_recursive(x, y, 64), reference[x as usize][y as usize]);
            }
        }
    }

    #[test]
    fn fermat_powers_square_to_three_halves() {
        for k in 0..8u32 {
            let f = BigUint::from(1u8) << (1u64 << k);
            let expected = (BigUint::from(3u8) << (1u64 << k)) >> 1u32;
            assert_eq!(mul_big(&f, &f), expected, "F = 2^(2^{k})");
        }
    }

    fn big(limbs: [u64; 2]) -> BigUint {
        BigUint::from(limbs[0]) | (BigUint::from(limbs[1]) << 64)
    }

    proptest! {
        #[test]
        fn the_fast_product_is_the_recursive_one(a: u64, b: u64) {
            prop_assert_eq!(mul(a, b), mul_recursive(a, b, 64));
        }

        #[test]
        fn sixty_four_bit_nimbers_are_a_field(a: u64, b: u64, c: u64) {
            prop_assert_eq!(mul(a, b), mul(b, a));
            prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
            prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
            prop_assert_eq!(mul(a, 1), a);
            if a != 0 {
                let inverse = inverse_big(&BigUint::from(a)).expect("a is not 0");
                prop_assert_eq!(mul_big(&BigUint::from(a), &inverse), BigUint::from(1u8));
            }
            let root = sqrt_big(&BigUint::from(a));
            prop_assert_eq!(mul_big(&root, &root), BigUint::from(a));
        }

        #[test]
        fn hundred_twenty_eight_bit_nimbers_are_a_field(a: [u64; 2], b: [u64; 2], c: [u64; 2]) {
            let (a, b, c) = (big(a), big(b), big(c));
            prop_assert_eq!(mul_big(&a, &b), mul_big(&b, &a));
            prop_assert_eq!(mul_big(&mul_big(&a, &b), &c), mul_big(&a, &mul_big(&b, &c)));
            prop_assert_eq!(mul_big(&a, &(&b ^ &c)), mul_big(&a, &b) ^ mul_big(&a, &c));
            prop_assert!(mul_big(&a, &b).bits() <= 128);
            if a.bits() > 0 {
                let inverse = inverse_big(&a).expect("a is not 0");
                prop_assert_eq!(mul_big(&a, &inverse), BigUint::from(1u8));
            }
            let root = sqrt_big(&a);
            prop_assert_eq!(mul_big(&root, &root), a);
        }

        #[test]
        fn powers_multiply(a: u64, e: u8, f: u8) {
            let a = BigUint::from(a);
            let (e, f) = (BigUint::from(e), BigUint::from(f));
            prop_assert_eq!(mul_big(&pow_big(&a, &e), &pow_big(&a, &f)), pow_big(&a, &(&e + &f)));
        }
    }
}

/// An operation of `grundy nimber`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// a ⊕ b.
    Add,
    /// a ⊗ b.
    Mul,
    /// a to the ordinary power b.
    Pow,
    /// The inverse of a (a ≠ 0).
    Inv,
    /// The square root of a.
    Sqrt,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 5] = [Op::Add, Op::Mul, Op::Pow, Op::Inv, Op::Sqrt];

    /// The operation's name: `add`, `mul`, `pow`, `inv`, `sqrt`.
    pub fn name(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Mul => "mul",
            Op::Pow => "pow",
            Op::Inv => "inv",
            Op::Sqrt => "sqrt",
        }
    }

    /// The operation called `name`.
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == name)
    }

    /// How many numbers it takes (1 or 2).
    pub fn arity(self) -> usize {
        match self {
            Op::Inv | Op::Sqrt => 1,
            _ => 2,
        }
    }

    /// The operation on `args` (as many as [`Op::arity`]); the error says what is wrong.
    pub fn apply(self, args: &[BigUint]) -> crate::error::Result<BigUint> {
        Ok(match (self, args) {
            (Op::Add, [a, b]) => a ^ b,
            (Op::Mul, [a, b]) => mul_big(a, b),
            (Op::Pow, [a, e]) => pow_big(a, e),
            (Op::Inv, [a]) => {
                inverse_big(a).ok_or_else(|| crate::error::Error::invalid("0 has no inverse"))?
            }
            (Op::Sqrt, [a]) => sqrt_big(a),
            _ => {
                return Err(crate::error::Error::invalid(format!(
                    "{} takes {} number{}",
                    self.name(),
                    self.arity(),
                    if self.arity() == 1 { "" } else { "s" }
                )))
            }
        })
    }

    /// One line of `--batch` (`a b`, or `a`), its answer appended to `out` with a newline;
    /// the error says what is wrong with the line. 64-bit products never leave machine words.
    pub fn answer_line(self, line: &[u8], out: &mut Vec<u8>) -> crate::error::Result<()> {
        let text = std::str::from_utf8(line)
            .map_err(|_| crate::error::Error::invalid("the line is not UTF-8"))?;
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        if words.len() != self.arity() {
            return Err(crate::error::Error::invalid(format!(
                "{} takes {} number{} a line, found {}",
                self.name(),
                self.arity(),
                if self.arity() == 1 { "" } else { "s" },
                words.len()
            )));
        }
        if self == Op::Mul {
            if let (Ok(a), Ok(b)) = (words[0].parse::<u64>(), words[1].parse::<u64>()) {
                let mut buffer = itoa::Buffer::new();
                out.extend_from_slice(buffer.format(mul(a, b)).as_bytes());
                out.push(b'\n');
                return Ok(());
            }
        }
        let args = words
            .iter()
            .map(|word| {
                parse_nimber(word).map_err(|error| {
                    crate::error::Error::invalid(format!("'{word}': {}", error.problem()))
                })
            })
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let value = self.apply(&args)?;
        out.extend_from_slice(value.to_string().as_bytes());
        out.push(b'\n');
        Ok(())
    }
}

/// The most decimal digits of a nimber read (reading is quadratic in the digits).
pub const MAX_DIGITS: usize = 100_000;

/// A nimber written in decimal digits.
///
/// ```
/// use grundy::nimber::field::parse_nimber;
/// assert_eq!(parse_nimber("12").unwrap(), 12u8.into());
/// assert!(parse_nimber("-1").unwrap_err().to_string().contains("whole number"));
/// ```
pub fn parse_nimber(text: &str) -> crate::error::Result<BigUint> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(crate::error::Error::invalid(
            "not a nimber: a nimber is a whole number, 0 or more, in decimal digits",
        ));
    }
    if text.len() > MAX_DIGITS {
        return Err(crate::error::Error::invalid(format!(
            "{} digits: at most {MAX_DIGITS} are read",
            text.len()
        )));
    }
    Ok(BigUint::parse_bytes(text.as_bytes(), 10).expect("digits"))
}
