//! The learner's walk-through: the reasoning behind an answer, written the way the lessons
//! teach it, in the theory's own terms for each family (heaps in binary columns and the
//! nim-sum; bounded Nim's n mod (m + 1); Wythoff's pairs; the staircase and the pieces' gaps;
//! Moore's columns modulo K + 1; the mex labelling of a graph and Smith's ∞; Zeckendorf's form),
//! ending with the check that the move leaves a P-position, or saying why no move wins.
//!
//! Every sentence comes from the language's Fluent file through [`Lang::tr`]; the code here only
//! lays out tables and computes the numbers. Heaps are numbered from 1, as a person counts them;
//! JSON answers count from 0.

mod coins;
mod fibonacci;
mod graph;
mod misere;
mod nim;
// Asked only through the request layer (feature `json`).
#[cfg_attr(not(feature = "json"), allow(dead_code))]
mod nimber;
mod pieces;
mod sum;
mod wythoff;

pub use coins::misere_mock_turtles;
pub use fibonacci::fibonacci;
pub use graph::graph;
pub use misere::{misere_quotient, misere_tame};
pub use nim::{heap_sum, misere_nim, moore, nim};
#[cfg(feature = "json")]
pub use nimber::nimber;
pub use pieces::{georgia_bob, staircase};
pub use sum::sum_with_check;
pub use wythoff::wythoff;

use crate::i18n::{Args, Lang};
use fluent_bundle::FluentValue;
use std::fmt::Write;

/// Winning moves listed one by one, at most this many (a sum can have very many).
const MOVES_SHOWN: usize = 12;

/// The message `key` of `lang`.
fn tr(lang: Lang, key: &str, args: &Args<'_>) -> String {
    lang.tr(key, args)
}

/// A count for a plural selector: the same plural category as `n` in every language we have
/// (they look at `n`, `n mod 10` and `n mod 100`), exact for counts of any size. The number
/// itself is printed from a separate string argument.
fn plural_of(n: &num_bigint::BigUint) -> FluentValue<'static> {
    let small = u64::try_from(n).ok().filter(|&v| v < 100);
    let reduced = small.unwrap_or_else(|| (n % 100u32).try_into().unwrap_or(0) + 100);
    FluentValue::from(reduced)
}

/// Items joined the language's way (`, ` or `、`).
fn join_list(lang: Lang, items: &[String]) -> String {
    let separator = tr(lang, "explain-list-separator", &Args::new());
    items.join(&separator)
}

/// The width of `text` on a terminal: Chinese characters take two columns.
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let wide = matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6);
            if wide {
                2
            } else {
                1
            }
        })
        .sum()
}

/// `text` padded with spaces on the right to `width` terminal columns.
fn pad(text: &str, width: usize) -> String {
    let mut padded = text.to_string();
    for _ in display_width(text)..width {
        padded.push(' ');
    }
    padded
}

/// `text` right-aligned in `width` columns. Not `format!("{:>width$}")`: a width past 65,535
/// (a heap of that many digits) makes the formatter panic.
pub(crate) fn pad_left(text: &str, width: usize) -> String {
    let mut padded = " ".repeat(width.saturating_sub(display_width(text)));
    padded.push_str(text);
    padded
}

/// The rows of numbers in binary, one bit per column, with their XOR below a rule, the
/// introduction before and the note on columns after. `labels` name the rows.
fn write_binary_table<T: crate::nimber::NimInt>(
    out: &mut String,
    lang: Lang,
    rows_are_values: bool,
    labels: &[String],
    rows: &[T],
    total: &T,
) {
    let total_label = tr(lang, "explain-nim-sum-label", &Args::new());
    let n_bits = rows.iter().map(crate::nimber::NimInt::bit_length).max().unwrap_or(0).max(1);
    let label_width = labels
        .iter()
        .chain(std::iter::once(&total_label))
        .map(|l| display_width(l))
        .max()
        .unwrap_or(1);
    let decimal_width =
        rows.iter().chain(std::iter::once(total)).map(|h| h.to_string().len()).max().unwrap_or(1);
    let bits_of = |value: &T| -> String {
        (0..n_bits).rev().map(|bit| if value.bit(bit) { '1' } else { '0' }).collect::<String>()
    };
    let intro =
        if rows_are_values { "explain-binary-intro-values" } else { "explain-binary-intro" };
    let _ = writeln!(out, "{}\n", tr(lang, intro, &Args::new()));
    for (label, row) in labels.iter().zip(rows) {
        let _ = writeln!(
            out,
            "  {}  {} = {}",
            pad(label, label_width),
            pad_left(&row.to_string(), decimal_width),
            bits_of(row)
        );
    }
    let rule_width = label_width + decimal_width + n_bits as usize + 5;
    let _ = writeln!(out, "  {}", "-".repeat(rule_width));
    let _ = writeln!(
        out,
        "  {}  {} = {}",
        pad(&total_label, label_width),
        pad_left(&total.to_string(), decimal_width),
        bits_of(total)
    );
    let _ = writeln!(out, "\n{}\n", tr(lang, "explain-binary-xor-note", &Args::new()));
}

/// "heap 1", "heap 2", … in the language.
fn heap_labels(lang: Lang, n: usize) -> Vec<String> {
    (1..=n).map(|i| tr(lang, "explain-heap-label", &crate::i18n::args![("i", i)])).collect()
}

/// A note when only the first [`MOVES_SHOWN`] of `n_moves` are listed.
fn write_more_moves(out: &mut String, lang: Lang, n_moves: usize) {
    if n_moves > MOVES_SHOWN {
        let _ = writeln!(
            out,
            "  {}",
            tr(lang, "explain-more-moves", &crate::i18n::args![("n", n_moves - MOVES_SHOWN)])
        );
    }
}
