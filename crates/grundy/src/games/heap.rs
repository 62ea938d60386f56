//! Heap games: one component is a heap of `n ≥ 0` tokens. Octal and hexadecimal codes (which
//! include subtraction games, Nim and Lasker's Nim), and Grundy's game.
//!
//! A code `d0.d1d2…dk` says, for each `k ≥ 1`, what removing `k` tokens may leave: bit 1 nothing
//! (the heap was exactly `k`), bit 2 one non-empty heap, bit 4 two, bit 8 three. `d0` does the
//! same for removing nothing (only its bits 4 and 8 make sense: a heap split in two or three). A
//! bracketed last digit repeats for ever: `0.[3]` is Nim, `4.[3]` Lasker's Nim.

use super::{Family, Game, Rules, Spec};
use crate::analysis::Analysis;
use crate::error::{Error, Result};
use crate::games::generic::{analyze_sum, Writer};
use crate::limits::Limits;
pub use crate::rules::heap::*;
use crate::ruleset::{Options, Ruleset};
use crate::sequence::HeapValues;
use crate::solve::loopy::LoopyValue;
use crate::table::PairTable;
use std::sync::{Arc, Mutex, OnceLock};
impl HeapGame {
    /// The misère quotient that covers every heap of `heaps`, if one is found quickly: the
    /// final quotient, or the partial quotient of heaps up to the largest (at most
    /// `MISERE_QUOTIENT_HEAPS`), within a small search budget.
    fn misere_quotient(
        &self,
        heaps: &[u64],
        limits: &Limits,
    ) -> Option<Arc<crate::misere::MisereQuotient>> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        // The quick quotient of a game whose quotient is large (Dawson's Kayles to heap 32, a
        // candidate of a thousand elements) takes about 100 MB: that budget is used only where
        // twice that can be had; elsewhere (a process under a memory limit) one of a few
        // megabytes, which still finds small quotients such as Kayles'.
        let (max_order, max_types) = if crate::limits::memory_available(QUICK_QUOTIENT_BYTES) {
            (1000, 100_000)
        } else {
            (100, limits.quick_quotient_positions)
        };
        let mut quick = limits.clone();
        // Small enough to fail within a second or two where the quotient is large; the
        // quotients found by their candidates need no exact search.
        quick.max_whole_positions = quick.max_whole_positions.min(limits.quick_quotient_positions);
        quick.max_positions = quick.max_positions.min(max_types);
        let options = crate::misere::QuotientOptions {
            max_heap: largest.min(MISERE_QUOTIENT_HEAPS),
            max_order,
        };
        // Built once per game and bound (batch lines and server requests ask again and again).
        type Cache = Mutex<Vec<((HeapRules, u64, usize), Arc<crate::misere::MisereQuotient>)>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let key = (self.rules.clone(), options.max_heap, max_order);
        let known = cache.lock().ok().and_then(|entries| {
            entries.iter().find(|(k, _)| *k == key).map(|(_, q)| Arc::clone(q))
        });
        let q = match known {
            Some(q) => q,
            None => {
                let q =
                    Arc::new(crate::misere::quotient(self, &options, &quick, &mut |_, _| {}).ok()?);
                if let Ok(mut entries) = cache.lock() {
                    if entries.len() >= 16 {
                        entries.remove(0);
                    }
                    entries.push((key, Arc::clone(&q)));
                }
                q
            }
        };
        q.covers(heaps).then_some(q)
    }
}

/// The largest heap a misère answer builds the quotient to (beyond it, only a quotient proven
/// final answers).
const MISERE_QUOTIENT_HEAPS: u64 = 300;

/// Memory the quick misère quotient must be able to have before it is tried.
const QUICK_QUOTIENT_BYTES: usize = 200 << 20;

impl Rules for HeapGame {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn parse_component(&self, text: &str) -> crate::error::Result<u64> {
        super::parse_word(text)
    }
    fn show_component(&self, heap: &u64) -> String {
        heap.to_string()
    }
    fn empty_component(&self) -> Option<u64> {
        Some(0)
    }
    fn normal_play(&self, heaps: &[u64], limits: &Limits) -> Option<Result<Analysis>> {
        Some(solve_heaps(self, heaps, limits))
    }
    fn heap_game(&self) -> Option<HeapGame> {
        Some(self.clone())
    }
    /// Misère play from the game's misère quotient where it covers the position (the final
    /// quotient once its pretending function is proven periodic, else the partial quotient of
    /// heaps up to the largest one here); otherwise the whole-position search.
    fn misere_play(&self, heaps: &[u64], limits: &Limits) -> Option<Result<Analysis>> {
        if let Err(e) = limits.check() {
            return Some(Err(e));
        }
        // The quotient where it covers the position, else the tame-sum rule where every heap
        // is tame, else the whole-position search; each component carries its genus where it
        // is known.
        let answer = match self.misere_quotient(heaps, limits) {
            Some(q) => crate::misere::analyze(self, &q, heaps, limits),
            None => crate::misere::genus::tame_answer(self, heaps, limits).unwrap_or_else(|| {
                crate::games::generic::by_rules(
                    self,
                    heaps,
                    crate::analysis::Convention::Misere,
                    limits,
                )
            }),
        };
        Some(answer.map(|mut answer| {
            if answer.components.iter().all(|c| c.genus.is_some()) {
                return answer; // the tame rule's answer carries them already
            }
            let genera = crate::misere::genus::heap_genera(self, heaps, limits);
            for (component, genus) in answer.components.iter_mut().zip(genera) {
                if component.genus.is_none() {
                    component.genus = genus.map(|g| g.to_string());
                }
            }
            answer
        }))
    }
    /// The lessons' table of g(n), then the XOR in binary columns, then the moves.
    fn explain(
        &self,
        heaps: &[u64],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        limits: &Limits,
    ) -> Option<String> {
        if analysis.convention != crate::analysis::Convention::Normal {
            // The same order as the answer: the quotient, else the tame-sum rule.
            if let Some(q) = self.misere_quotient(heaps, limits) {
                return crate::explain::misere_quotient(&q, heaps, analysis, lang);
            }
            let (genera, left) = crate::misere::genus::tame_moves(self, heaps, analysis, limits)?;
            return Some(crate::explain::misere_tame(&genera, heaps, &left, analysis, lang));
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let values = HeapValues::compute_within(
            self,
            largest.min(limits.max_heap) as usize,
            limits,
            &mut |_| {},
        )
        .ok()?;
        Some(crate::explain::heap_sum(self, heaps, &values, analysis, lang))
    }
    fn draw_component(&self, heap: &u64, lang: crate::i18n::Lang) -> String {
        draw_heap(heap, lang)
    }
    fn component_tokens(&self, heap: &u64) -> Option<u128> {
        Some(u128::from(*heap))
    }
    fn pair_table(&self, size: usize, limits: &Limits) -> Option<Result<PairTable>> {
        Some((|| {
            let size = crate::table::checked_size(size, limits)?;
            let values = HeapValues::compute_within(self, size - 1, limits, &mut |_| {})?;
            let g = |n: usize| values.value(n as u64).unwrap_or(0);
            Ok(PairTable::from_fn(&self.name, size, |x, y| g(x) ^ g(y)))
        })())
    }
}

/// A heap drawn as a row of tokens with its size (long rows cut in the middle).
///
/// ```
/// use grundy::i18n::Lang;
/// assert_eq!(grundy::games::heap::draw_heap(&3u64, Lang::En), "● ● ●  (3)");
/// assert_eq!(grundy::games::heap::draw_heap(&0u64, Lang::En), "(empty)");
/// assert_eq!(grundy::games::heap::draw_heap(&0u64, Lang::Ru), "(пусто)");
/// ```
pub fn draw_heap<T: std::fmt::Display + Clone + TryInto<u64>>(
    heap: &T,
    lang: crate::i18n::Lang,
) -> String {
    let n: u64 = heap.clone().try_into().unwrap_or(u64::MAX);
    match n {
        0 => lang.tr0("play-board-empty"),
        1..=30 => format!("{}  ({heap})", vec!["●"; n as usize].join(" ")),
        _ => format!("{} … {}  ({heap})", ["●"; 12].join(" "), ["●"; 12].join(" ")),
    }
}

/// Options with a split part are enumerated only for heaps up to this size; past it the list of
/// winning moves is marked incomplete rather than taking hours.
pub const MAX_SPLIT_ENUMERATION: u64 = 1 << 22;

/// A heap game under normal play: values from the nim-sequence (or its proven period), options
/// by the rules.
fn solve_heaps(game: &HeapGame, heaps: &[u64], limits: &Limits) -> Result<Analysis> {
    use crate::sequence::{cost, Engine};
    let format = |heap: &u64| heap.to_string();
    let largest = heaps.iter().copied().max().unwrap_or(0);
    // Heaps computed one by one: `Limits::max_heap` with the fast engine, fewer with the
    // straightforward one.
    let limit = if crate::sequence::sparse::supports(game) {
        limits.max_heap
    } else {
        limits.max_heap.min(limits.max_heap_straightforward)
    };
    // Fewer where heaps cost more: a code of 10^5 digits that split costs 10^5 times a
    // Kayles heap.
    let limit = limit.min(cost::computable_heaps(game, Engine::Fastest, limits));
    let no_theorem = cost::has_no_theorem(game);
    // Where no proof can come within the limit, the values below it would be computed for
    // nothing: the answer is known at once.
    let proof_out_of_reach = no_theorem
        || game.code().and_then(OctalCode::max_removal).is_some_and(|t| {
            // The Guy–Smith theorem needs heaps to m·e + m·p + t at least, with e, p ≥ 1.
            let needs = t as u64 + 2 * game.code().map_or(1, OctalCode::max_parts) as u64;
            needs > limit
        });
    let compute_to = if largest > limit && proof_out_of_reach { 0 } else { largest.min(limit) };
    let values = HeapValues::compute_within(game, compute_to as usize, limits, &mut |_| {})?;
    // A closed form or a proven period gives every heap, however large (bounded Nim's
    // n mod (M + 1) at heap 10^18); otherwise the heaps computed are all that is known.
    // When nothing was computed (no proof could come within the limit), a heap past the limit
    // is the one to name: the answer stops there whatever the heaps below it are.
    let computed_nothing = compute_to < largest.min(limit);
    let unknown = |heap: u64| values.value(heap).is_none() && (!computed_nothing || heap > limit);
    if let Some((idx, heap)) = heaps.iter().enumerate().find(|(_, &h)| unknown(h)) {
        let problem = if no_theorem {
            format!(
                "{} has a repeating digit, which no periodicity theorem covers, and its values \
                 are computed here only to heap {limit}",
                game.name
            )
        } else if values.period().is_some_and(|period| period.saltus > 0) {
            format!("the value of this heap in {} passes 2^64 - 1", game.name)
        } else {
            format!(
                "no period of {} is proven within {limit} heap sizes, and values past that are not computed here",
                game.name
            )
        };
        return Err(Error::BadComponent { number: idx + 1, text: heap.to_string(), problem });
    }
    let capped = CappedSplits { game, truncated: std::cell::Cell::new(false) };
    let writer = Writer { format: &format, empty: Some("0".into()) };
    let mut answer = analyze_sum(
        game.name.clone(),
        &capped,
        heaps,
        &mut |heap| {
            values.value(*heap).map(LoopyValue::Finite).ok_or_else(|| Error::BadComponent {
                number: 0,
                text: heap.to_string(),
                problem: "value not known".into(),
            })
        },
        &writer,
        limits,
    )?;
    answer.winning_moves_complete = !capped.truncated.get();
    Ok(answer)
}

/// The rules of a heap game with splits of very large heaps left out (and that noted), so that
/// a heap of 10^18 is answered at once.
struct CappedSplits<'g> {
    game: &'g HeapGame,
    truncated: std::cell::Cell<bool>,
}

impl Ruleset for CappedSplits<'_> {
    type Position = u64;

    fn options(&self, heap: &u64, options: &mut Options<u64>) -> Result<()> {
        let splits = match &self.game.rules {
            HeapRules::Grundy => true,
            HeapRules::Code(code) => code.splits() || code.max_removal().is_none(),
        };
        if *heap <= MAX_SPLIT_ENUMERATION || !splits {
            return self.game.options(heap, options);
        }
        self.truncated.set(true);
        if let HeapRules::Code(code) = &self.game.rules {
            // Single-heap options only: they are few, whatever the heap size.
            for k in 1..=code.max_removal().unwrap_or(0) as u64 {
                if code.digit(k as usize) & 2 != 0 {
                    options.push_one(heap - k);
                }
            }
        }
        Ok(())
    }
}

pub(super) fn heap_family_game(game: HeapGame) -> Arc<dyn Game> {
    Arc::new(game)
}

/// `sub:S` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct SubtractionFamily;

impl Family for SubtractionFamily {
    fn syntax(&self) -> &'static str {
        "sub:S"
    }
    fn about(&self) -> &'static str {
        "subtraction game: take s tokens, s in the finite set S (sub:1,3,4; ranges 1..5)"
    }
    fn component(&self) -> &'static str {
        "a heap size"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let set = spec.lower.strip_prefix("sub:")?;
        Some(parse_subtraction_set(set).map_err(|error| error.in_game(spec.text)).map(|set| {
            let name =
                format!("sub:{}", set.iter().map(usize::to_string).collect::<Vec<_>>().join(","));
            heap_family_game(HeapGame {
                name,
                rules: HeapRules::Code(OctalCode::subtraction(&set)),
            })
        }))
    }
}

/// `bounded:M` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct BoundedFamily;

impl Family for BoundedFamily {
    fn syntax(&self) -> &'static str {
        "bounded:M"
    }
    fn about(&self) -> &'static str {
        "take 1 to M tokens from one heap (sub:1..M; value n mod (M+1))"
    }
    fn component(&self) -> &'static str {
        "a heap size"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let bound = spec.lower.strip_prefix("bounded:")?;
        let parsed =
            super::parse_count(bound).ok().filter(|m| (1..=MAX_SET_ELEMENT as u64).contains(m));
        Some(match parsed {
            Some(max_take) => {
                let set: Vec<usize> = (1..=max_take as usize).collect();
                Ok(heap_family_game(HeapGame {
                    name: format!("bounded:{max_take}"),
                    rules: HeapRules::Code(OctalCode::subtraction(&set)),
                }))
            }
            None => Err(spec.bad(format!(
                "'{bound}' is not a bound: bounded:M takes 1 to M tokens, M a whole number from 1 to {MAX_SET_ELEMENT}"
            ))),
        })
    }
}

/// Octal and hexadecimal codes in the registry.
#[derive(Debug, Clone, Copy)]
pub struct CodeFamily;

impl Family for CodeFamily {
    fn syntax(&self) -> &'static str {
        "codes such as 0.07 or 4.[3]"
    }
    fn about(&self) -> &'static str {
        "octal or hexadecimal take-and-break game by its code"
    }
    fn component(&self) -> &'static str {
        "a heap size"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        let lower = spec.lower;
        if !(lower.contains('.') && lower.starts_with(|c: char| c.is_ascii_hexdigit())) {
            return None;
        }
        Some(
            lower
                .parse::<OctalCode>()
                .map_err(|error| error.in_game(spec.text))
                .map(super::code_game),
        )
    }
}

/// A heap game known by name (`kayles` is `0.77`).
#[derive(Debug, Clone, Copy)]
pub struct NamedFamily {
    /// The name.
    pub name: &'static str,
    /// Its code.
    pub code: &'static str,
    /// What it is.
    pub about: &'static str,
}

impl Family for NamedFamily {
    fn syntax(&self) -> &'static str {
        self.name
    }
    fn about(&self) -> &'static str {
        self.about
    }
    fn component(&self) -> &'static str {
        "a heap size"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == self.name).then(|| {
            let code: OctalCode =
                self.code.parse::<OctalCode>().map_err(|error| error.in_game(spec.text))?;
            Ok(heap_family_game(HeapGame { name: self.name.into(), rules: HeapRules::Code(code) }))
        })
    }
}

/// `grundy` (Grundy's game) in the registry.
#[derive(Debug, Clone, Copy)]
pub struct GrundysGameFamily;

impl Family for GrundysGameFamily {
    fn syntax(&self) -> &'static str {
        "grundy"
    }
    fn about(&self) -> &'static str {
        "Grundy's game: split one heap into two non-empty heaps of different sizes"
    }
    fn component(&self) -> &'static str {
        "a heap size"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "grundy").then(|| {
            Ok(heap_family_game(HeapGame { name: "grundy".into(), rules: HeapRules::Grundy }))
        })
    }
}

/// The largest element of a subtraction set: a code has one digit per removable amount.
pub const MAX_SET_ELEMENT: usize = 1 << 20;

/// Reads a subtraction set: positive whole numbers separated by commas, or ranges `a..b`.
///
/// ```
/// use grundy::games::heap::parse_subtraction_set;
/// assert_eq!(parse_subtraction_set("4,1,3").unwrap(), [1, 3, 4]);
/// assert_eq!(parse_subtraction_set("1..3,7").unwrap(), [1, 2, 3, 7]);
/// assert!(parse_subtraction_set("1,0").unwrap_err().to_string().contains("'0'"));
/// assert!(parse_subtraction_set("").unwrap_err().to_string().contains("empty"));
/// assert!(parse_subtraction_set("10^30").unwrap_err().to_string().contains("too large"));
/// ```
pub fn parse_subtraction_set(text: &str) -> crate::error::Result<Vec<usize>> {
    if text.trim().is_empty() {
        return Err(crate::error::Error::invalid(
            "the subtraction set is empty: list the amounts a move may take, like sub:1,3,4",
        ));
    }
    let element = |item: &str| -> crate::error::Result<usize> {
        let item = item.trim();
        match super::parse_count(item) {
            Ok(0) => {
                Err(crate::error::Error::invalid(format!("'{item}' in the subtraction set: a move must take at least 1 token")))
            }
            Ok(value) if value > MAX_SET_ELEMENT as u64 => {
                Err(crate::error::Error::invalid(format!("'{item}' in the subtraction set is too large: the largest allowed is {MAX_SET_ELEMENT}")))
            }
            Ok(value) => Ok(value as usize),
            Err(_) if item.starts_with('-') => {
                Err(crate::error::Error::invalid(format!("'{item}' in the subtraction set is negative: amounts are positive")))
            }
            Err(error) if error.problem().contains("too large") => {
                Err(crate::error::Error::invalid(format!("'{item}' in the subtraction set is too large: the largest allowed is {MAX_SET_ELEMENT}")))
            }
            Err(_) => {
                Err(crate::error::Error::invalid(format!("'{item}' in the subtraction set is not a positive whole number")))
            }
        }
    };
    let mut set = Vec::new();
    for (idx, item) in text.split(',').enumerate() {
        if item.trim().is_empty() {
            return Err(crate::error::Error::invalid(format!(
                "element {} of the subtraction set '{text}' is empty",
                idx + 1
            )));
        }
        if let Some((low, high)) = item.split_once("..") {
            let (low, high) = (element(low)?, element(high)?);
            if low > high {
                return Err(crate::error::Error::invalid(format!(
                    "the range '{item}' in the subtraction set is empty"
                )));
            }
            set.extend(low..=high);
        } else {
            set.push(element(item)?);
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}
