//! Heap games: one component is a heap of `n ≥ 0` tokens. Octal and hexadecimal codes (which
//! include subtraction games, Nim and Lasker's Nim), and Grundy's game.
//!
//! A code `d0.d1d2…dk` says, for each `k ≥ 1`, what removing `k` tokens may leave: bit 1 nothing
//! (the heap was exactly `k`), bit 2 one non-empty heap, bit 4 two, bit 8 three. `d0` does the
//! same for removing nothing (only its bits 4 and 8 make sense: a heap split in two or three). A
//! bracketed last digit repeats for ever: `0.[3]` is Nim, `4.[3]` Lasker's Nim.

use crate::error::Result;
use crate::ruleset::{Options, Ruleset};

/// A parsed octal or hexadecimal code.
///
/// ```
/// use grundy::games::heap::OctalCode;
/// let kayles: OctalCode = "0.77".parse().unwrap();
/// assert_eq!(kayles.digit(2), 7);
/// assert_eq!(kayles.digit(3), 0);
/// assert_eq!(kayles.max_removal(), Some(2));
/// assert_eq!(kayles.to_string(), "0.77");
/// let lasker: OctalCode = "4.[3]".parse().unwrap();
/// assert_eq!(lasker.digit(1_000), 3);
/// assert_eq!(lasker.max_removal(), None);
/// assert!("0.9z".parse::<OctalCode>().unwrap_err().to_string().contains("'z'"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    zeroth: u8,
    digits: Vec<u8>,
    repeat: u8,
}

impl OctalCode {
    /// The digit for removing `k` tokens (`k = 0`: the digit before the point).
    pub fn digit(&self, k: usize) -> u8 {
        match k {
            0 => self.zeroth,
            k if k <= self.digits.len() => self.digits[k - 1],
            _ => self.repeat,
        }
    }

    /// The largest number of tokens a move removes, `t` in the periodicity theorem; `None` when
    /// a repeated digit allows removing any number.
    pub fn max_removal(&self) -> Option<usize> {
        if self.repeat != 0 {
            return None;
        }
        Some(self.digits.iter().rposition(|&d| d != 0).map_or(0, |idx| idx + 1))
    }

    /// The number of digits after the point, not counting a repeating one.
    pub fn n_digits(&self) -> usize {
        self.digits.len()
    }

    /// Whether some move leaves two or more heaps.
    pub fn splits(&self) -> bool {
        let all =
            std::iter::once(self.zeroth).chain(self.digits.iter().copied()).chain([self.repeat]);
        all.into_iter().any(|d| d & 0b1100 != 0)
    }

    /// The largest number of heaps a move can leave (1, 2 or 3).
    pub fn max_parts(&self) -> usize {
        let all: Vec<u8> = std::iter::once(self.zeroth)
            .chain(self.digits.iter().copied())
            .chain([self.repeat])
            .collect();
        if all.iter().any(|d| d & 8 != 0) {
            3
        } else if all.iter().any(|d| d & 4 != 0) {
            2
        } else {
            1
        }
    }

    /// Whether the code uses a digit above 7 (a hexadecimal game).
    pub fn is_hexadecimal(&self) -> bool {
        self.zeroth > 7 || self.digits.iter().any(|&d| d > 7) || self.repeat > 7
    }

    /// The code of the subtraction game with this set (each `s` allows removing exactly `s`,
    /// leaving nothing or one heap: digit 3).
    pub fn subtraction(set: &[usize]) -> OctalCode {
        let len = set.iter().copied().max().unwrap_or(0);
        let mut digits = vec![0u8; len];
        for &s in set {
            digits[s - 1] = 3;
        }
        OctalCode { zeroth: 0, digits, repeat: 0 }
    }
}

impl std::fmt::Display for OctalCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:x}.", self.zeroth)?;
        for d in &self.digits {
            write!(f, "{d:x}")?;
        }
        if self.repeat != 0 {
            write!(f, "[{:x}]", self.repeat)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for OctalCode {
    type Err = crate::error::Error;

    fn from_str(text: &str) -> crate::error::Result<OctalCode> {
        let lower = text.to_ascii_lowercase();
        let Some((before, after)) = lower.split_once('.') else {
            return Err(crate::error::Error::invalid(format!(
                "'{text}' is not a code: expected digits around a point, like 0.07"
            )));
        };
        let digit_value = |c: char, at: usize| -> crate::error::Result<u8> {
            c.to_digit(16).map(|d| d as u8).ok_or_else(|| { crate::error::Error::invalid(
                format!("'{c}' at character {at} of code '{text}' is not a hexadecimal digit (0-9, a-f)"))
            })
        };
        let mut before_chars = before.chars();
        let zeroth = match (before_chars.next(), before_chars.next()) {
            (Some(c), None) => digit_value(c, 1)?,
            (None, _) => {
                return Err(crate::error::Error::invalid(format!(
                    "code '{text}' needs one digit before the point"
                )))
            }
            (Some(_), Some(_)) => {
                return Err(crate::error::Error::invalid(format!(
                    "code '{text}' has more than one digit before the point"
                )))
            }
        };
        if zeroth & 0b11 != 0 {
            return Err(crate::error::Error::invalid(format!(
                "code '{text}': the digit before the point removes nothing, so only its bits 4 \
                 (split in two) and 8 (split in three) are allowed, not {zeroth:x}"
            )));
        }
        let mut digits = Vec::new();
        let mut repeat = 0u8;
        let chars: Vec<char> = after.chars().collect();
        let mut idx = 0;
        while idx < chars.len() {
            let at = before.len() + 2 + idx;
            match chars[idx] {
                '[' => {
                    let close = chars[idx..].iter().position(|&c| c == ']').map(|p| p + idx);
                    match close {
                        Some(close) if close == idx + 2 && close == chars.len() - 1 => {
                            repeat = digit_value(chars[idx + 1], at + 1)?;
                            idx = close + 1;
                        }
                        Some(close) if close == idx + 2 => {
                            return Err(crate::error::Error::invalid(format!(
                                "code '{text}': a bracketed repeating digit must come last"
                            )))
                        }
                        _ => {
                            return Err(crate::error::Error::invalid(format!(
                                "code '{text}': '[' at character {at} must enclose exactly one digit, like 0.[3]"
                            )))
                        }
                    }
                }
                ']' => {
                    return Err(crate::error::Error::invalid(format!(
                        "code '{text}': ']' at character {at} without '['"
                    )))
                }
                c => {
                    digits.push(digit_value(c, at)?);
                    idx += 1;
                }
            }
        }
        if repeat == 0 {
            while digits.last() == Some(&0) {
                digits.pop();
            }
        }
        if zeroth == 0 && repeat == 0 && digits.iter().all(|&d| d == 0) {
            return Err(crate::error::Error::invalid(format!(
                "code '{text}' allows no move at all: give at least one non-zero digit"
            )));
        }
        Ok(OctalCode { zeroth, digits, repeat })
    }
}

/// The rules of a heap game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeapRules {
    /// An octal or hexadecimal code (subtraction games, Nim and Lasker's Nim included).
    Code(OctalCode),
    /// Grundy's game: split one heap into two non-empty heaps of different sizes.
    Grundy,
}

/// A heap game with the name it was asked for by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapGame {
    /// The canonical name (`0.77`, `sub:1,3,4`, `grundy`, …).
    pub name: String,
    /// The rules.
    pub rules: HeapRules,
}

impl HeapGame {
    /// The code, for games that have one.
    pub fn code(&self) -> Option<&OctalCode> {
        match &self.rules {
            HeapRules::Code(code) => Some(code),
            HeapRules::Grundy => None,
        }
    }

    /// A game of this code, named by it.
    pub fn of_code(code: OctalCode) -> HeapGame {
        HeapGame { name: code.to_string(), rules: HeapRules::Code(code) }
    }

    /// Nim as a heap game (`0.[3]`), for the sequence engines.
    pub fn nim() -> HeapGame {
        HeapGame { name: "nim".into(), rules: HeapRules::Code(OctalCode::nim()) }
    }

    /// Whether some move leaves two or more heaps.
    pub fn splits(&self) -> bool {
        match &self.rules {
            HeapRules::Grundy => true,
            HeapRules::Code(code) => code.splits(),
        }
    }
}

impl OctalCode {
    /// `0.[3]`: Nim.
    pub fn nim() -> OctalCode {
        OctalCode { zeroth: 0, digits: Vec::new(), repeat: 3 }
    }
}

/// The rules read directly: every option of a heap, as the list of heaps it leaves. This is the
/// definition-following implementation that the fast engines are tested against.
impl Ruleset for HeapGame {
    type Position = u64;

    fn options(&self, heap: &u64, options: &mut Options<u64>) -> Result<()> {
        // Past the buffer's limit a push is dropped and marks the overflow: stop there, so a
        // heap of 10^18 costs the limit, not its size.
        let n = *heap;
        match &self.rules {
            HeapRules::Grundy => {
                for small in 1..n.div_ceil(2) {
                    options.push([small, n - small]);
                    if options.overflowed() {
                        return Ok(());
                    }
                }
            }
            HeapRules::Code(code) => {
                let last_k = code.max_removal().map_or(n, |t| n.min(t as u64));
                for k in 0..=last_k {
                    let digit = code.digit(k as usize);
                    let rest = n - k;
                    if digit & 1 != 0 && rest == 0 && k > 0 {
                        options.push([]);
                    }
                    if digit & 2 != 0 && rest >= 1 && k > 0 {
                        options.push_one(rest);
                    }
                    if digit & 4 != 0 {
                        for a in 1..=rest / 2 {
                            options.push([a, rest - a]);
                            if options.overflowed() {
                                return Ok(());
                            }
                        }
                    }
                    if digit & 8 != 0 {
                        for a in 1..rest {
                            for b in a..rest {
                                if a + b < rest && b <= rest - a - b {
                                    options.push([a, b, rest - a - b]);
                                    if options.overflowed() {
                                        return Ok(());
                                    }
                                }
                            }
                        }
                    }
                    if options.overflowed() {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }
}
