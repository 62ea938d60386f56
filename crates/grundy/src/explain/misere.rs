//! Misère play of a heap game explained by its misère quotient: each heap pretends to be an
//! element of a finite monoid, the position is their product, and it is a P-position exactly
//! when the product lies in the P-portion.

use super::{tr, MOVES_SHOWN};
use crate::analysis::Analysis;
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::misere::MisereQuotient;
use crate::outcome::Outcome;
use std::fmt::Write;

/// The most P-portion elements listed.
const P_PORTION_SHOWN: usize = 24;

/// Explains a misère answer that the quotient `q` gave for `heaps`.
pub fn misere_quotient(
    q: &MisereQuotient,
    heaps: &[u64],
    analysis: &Analysis,
    lang: Lang,
) -> Option<String> {
    let mut out = String::new();
    let elements: Vec<u32> = heaps.iter().map(|&h| q.element_of_heap(h)).collect::<Option<_>>()?;
    let p_portion = q.p_portion();
    let mut listed = p_portion.iter().take(P_PORTION_SHOWN).copied().collect::<Vec<_>>().join(", ");
    if p_portion.len() > P_PORTION_SHOWN {
        listed.push_str(", …");
    }
    let intro = args![
        ("game", q.game.clone()),
        ("order", q.order()),
        ("presentation", q.presentation.text()),
        ("proof", if q.periodic.is_some() { "final" } else { "partial" }),
        ("max", q.max_heap),
        ("portion", listed)
    ];
    let _ = writeln!(out, "{}\n", tr(lang, "explain-misere-quotient", &intro));
    for (i, (&heap, &x)) in heaps.iter().zip(&elements).enumerate() {
        let heap_args = args![("i", i + 1), ("heap", heap), ("element", q.word(x).to_string())];
        let _ = writeln!(out, "  {}", tr(lang, "explain-misere-heap", &heap_args));
    }
    let product = elements.iter().fold(0u32, |acc, &x| q.multiply(acc, x));
    let in_p = q.in_p_portion(product);
    let product_args = args![
        ("product", q.word(product).to_string()),
        ("inside", if in_p { "yes" } else { "no" })
    ];
    let _ = writeln!(out, "\n{}", tr(lang, "explain-misere-product", &product_args));
    if analysis.outcome == Outcome::P {
        let _ = writeln!(out, "{}", tr(lang, "explain-misere-verdict-p", &Args::new()));
        return Some(out);
    }
    let _ = writeln!(out, "{}", tr(lang, "explain-misere-verdict-n", &Args::new()));
    for m in analysis.winning_moves.iter().take(MOVES_SHOWN) {
        let after: Vec<u64> = m.after.iter().filter_map(|t| t.parse().ok()).collect();
        let reached = q.element_of(&after)?;
        let parts: Vec<u64> = m.to.iter().filter_map(|t| t.parse().ok()).collect();
        let becomes = q.element_of(&parts)?;
        let move_args = args![
            ("i", m.component + 1),
            ("from", m.from.clone()),
            ("to", m.to.join(" + ")),
            ("element", q.word(becomes).to_string()),
            ("product", q.word(reached).to_string())
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-misere-move", &move_args));
    }
    if analysis.winning_moves.len() > MOVES_SHOWN {
        let more = args![("n", analysis.winning_moves.len() - MOVES_SHOWN)];
        let _ = writeln!(out, "  {}", tr(lang, "explain-misere-more", &more));
    }
    Some(out)
}

/// Explains a misère answer that the tame-sum rule gave: each heap's genus, the sum's g and
/// whether it is firm, the rule, then the moves with what they leave.
pub fn misere_tame(
    genera: &[crate::misere::genus::Genus],
    heaps: &[u64],
    moves_left: &[(u64, bool)],
    analysis: &Analysis,
    lang: Lang,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", tr(lang, "explain-tame-intro", &Args::new()));
    for (i, (heap, genus)) in heaps.iter().zip(genera).enumerate() {
        let heap_args = args![
            ("i", i + 1),
            ("heap", *heap),
            ("genus", genus.to_string()),
            ("firm", if genus.is_firm() { "yes" } else { "no" })
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-tame-heap", &heap_args));
    }
    let normal = genera.iter().fold(0, |x, g| x ^ g.normal);
    let firm = genera.iter().all(|g| g.is_firm());
    let sum_args = args![("normal", normal), ("firm", if firm { "yes" } else { "no" })];
    let _ = writeln!(out, "\n{}", tr(lang, "explain-tame-sum", &sum_args));
    if analysis.outcome == Outcome::P {
        let _ = writeln!(out, "{}", tr(lang, "explain-tame-verdict-p", &Args::new()));
        return out;
    }
    let _ = writeln!(out, "{}", tr(lang, "explain-tame-verdict-n", &Args::new()));
    for (m, (normal, firm)) in analysis.winning_moves.iter().zip(moves_left).take(MOVES_SHOWN) {
        let move_args = args![
            ("i", m.component + 1),
            ("from", m.from.clone()),
            ("to", m.to.join(" + ")),
            ("normal", *normal),
            ("firm", if *firm { "yes" } else { "no" })
        ];
        let _ = writeln!(out, "  {}", tr(lang, "explain-tame-move", &move_args));
    }
    if analysis.winning_moves.len() > MOVES_SHOWN {
        let more = args![("n", analysis.winning_moves.len() - MOVES_SHOWN)];
        let _ = writeln!(out, "  {}", tr(lang, "explain-misere-more", &more));
    }
    out
}
