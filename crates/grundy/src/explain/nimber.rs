//! `grundy nimber --explain`: nim-multiplication by the lessons' rules (distributivity, then
//! the Fermat 2-power rules F ⊗ F = 3F/2 and F ⊗ G = F·G for different ones), and the check
//! of an inverse, a square root or a power.

use crate::i18n::{args, Lang};
use crate::nimber::field::{mul_big, Op};
use num_bigint::BigUint;

/// Products of powers of two listed one by one up to this many.
const MAX_TERMS: usize = 64;

/// The powers of two of `n`, largest first, written `8 ⊕ 2 ⊕ 1` (`0` for zero).
fn powers(n: &BigUint) -> Vec<u64> {
    (0..n.bits()).rev().filter(|&bit| n.bit(bit)).collect()
}

fn power_text(exponent: u64) -> String {
    if exponent < 64 {
        (1u64 << exponent).to_string()
    } else {
        format!("2^{exponent}")
    }
}

/// 2^exponent as its Fermat 2-powers: `8 = 2 ⊗ 4`.
fn fermat_factors(exponent: u64) -> String {
    let factors: Vec<String> =
        (0..64).filter(|k| exponent >> k & 1 == 1).map(|k| power_text(1u64 << k)).collect();
    if factors.len() <= 1 {
        power_text(exponent)
    } else {
        format!("({})", factors.join(" ⊗ "))
    }
}

/// The walk-through of `op` on `args` giving `value`, in `lang`.
pub fn nimber(op: Op, args: &[BigUint], value: &BigUint, lang: Lang) -> String {
    let mut lines = Vec::new();
    match (op, args) {
        (Op::Add, [a, b]) => lines.push(lang.tr(
            "nimber-explain-add",
            &args![("a", a.to_string()), ("b", b.to_string()), ("value", value.to_string())],
        )),
        (Op::Mul, [a, b]) => product(a, b, value, lang, &mut lines),
        (Op::Pow, [a, e]) => lines.push(lang.tr(
            "nimber-explain-pow",
            &args![("a", a.to_string()), ("e", e.to_string()), ("value", value.to_string())],
        )),
        (Op::Inv, [a]) => {
            product(a, value, &BigUint::from(1u8), lang, &mut lines);
            lines.push(lang.tr(
                "nimber-explain-check-inverse",
                &args![("a", a.to_string()), ("value", value.to_string())],
            ));
        }
        (Op::Sqrt, [a]) => {
            product(value, value, a, lang, &mut lines);
            lines.push(lang.tr(
                "nimber-explain-check-sqrt",
                &args![("a", a.to_string()), ("value", value.to_string())],
            ));
        }
        _ => {}
    }
    lines.join("\n")
}

/// a ⊗ b = value, by distributivity and the Fermat 2-power rules.
fn product(a: &BigUint, b: &BigUint, value: &BigUint, lang: Lang, lines: &mut Vec<String>) {
    lines.push(lang.tr("nimber-explain-rule", &args![]));
    let factors: &[&BigUint] = if a == b { &[a] } else { &[a, b] };
    for &n in factors {
        if n.count_ones() == 1 {
            continue;
        }
        let shown: Vec<String> = powers(n).into_iter().map(power_text).collect();
        let shown = if shown.is_empty() { "0".to_string() } else { shown.join(" ⊕ ") };
        lines.push(
            lang.tr("nimber-explain-split", &args![("number", n.to_string()), ("powers", shown)]),
        );
    }
    let (pa, pb) = (powers(a), powers(b));
    let n_terms = pa.len() * pb.len();
    if n_terms > MAX_TERMS {
        lines.push(lang.tr("nimber-explain-many", &args![("count", n_terms as u64)]));
    } else {
        for &i in &pa {
            for &j in &pb {
                let term = mul_big(&(BigUint::from(1u8) << i), &(BigUint::from(1u8) << j));
                let (x, y, value) = (power_text(i), power_text(j), term.to_string());
                let key = if i & j == 0 {
                    // No Fermat 2-power in common: an ordinary product.
                    "nimber-explain-term-plain"
                } else if i == j && i.is_power_of_two() {
                    "nimber-explain-term-square"
                } else {
                    "nimber-explain-term"
                };
                let factors = format!("{} ⊗ {}", fermat_factors(i), fermat_factors(j));
                lines.push(
                    lang.tr(
                        key,
                        &args![("x", x), ("y", y), ("factors", factors), ("value", value)],
                    ),
                );
            }
        }
    }
    lines.push(lang.tr(
        "nimber-explain-total",
        &args![("a", a.to_string()), ("b", b.to_string()), ("value", value.to_string())],
    ));
}
