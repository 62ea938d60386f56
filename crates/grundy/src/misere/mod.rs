//! Misère play beyond Nim: the misère quotients of Plambeck and Siegel ("Misère quotients for
//! impartial games", JCTA 115, 2008).
//!
//! Two positions of a game are *indistinguishable* when adding any position of the same game to
//! each gives the same misère outcome; the classes form a commutative monoid, the misère quotient
//! Q, with its P-portion (the classes of P-positions), and each heap *pretends* to be one element.
//! Where Q is finite a position of any size is decided at once: multiply its heaps' elements and
//! ask whether the product lies in the P-portion.
//!
//! The quotient of heaps up to N is built heap by heap (see [`learn`] for the checks and their
//! proofs): a new heap is first tried as each existing element, with a complete check; when none
//! fits, the quotient grows by the construction of Plambeck and Siegel as MisereSolver carries it
//! out (`grow`): a new generator, then recalibration at each candidate's least failure, until a
//! candidate passes the check. The pretending function
//! is reported periodic only with a proof (the theorem in [`MisereQuotient::periodic`]'s
//! documentation), and then the quotient is the game's final quotient.
//!
//! ```
//! use grundy::games::heap::HeapGame;
//! use grundy::misere::{quotient, QuotientOptions};
//! let kayles = HeapGame::of_code("0.77".parse().expect("the code of Kayles"));
//! let q = quotient(&kayles, &QuotientOptions::default(), &grundy::Limits::default(), &mut |_, _| {})?;
//! assert!(q.periodic.is_some());
//! // Kayles' misère P-positions of one row: 1, 4, 9, 12 and 20 pins.
//! let p_rows: Vec<u64> = (0..=200).filter(|&n| q.is_p(&[n])).collect();
//! assert_eq!(p_rows, [1, 4, 9, 12, 20]);
//! # Ok::<(), grundy::Error>(())
//! ```

pub mod genus;
pub(crate) mod learn;
mod presentation;

use crate::error::{Error, Result};
use crate::limits::{Limit, Limits};
use crate::rules::heap::{HeapGame, HeapRules};
use crate::ruleset::{options_within, Options};
use learn::{Automaton, Letters, Types, Verdict};
use std::collections::HashMap;

pub use presentation::Presentation;

/// How far to build a quotient.
#[derive(Debug, Clone)]
pub struct QuotientOptions {
    /// The largest heap added (`--max`).
    pub max_heap: u64,
    /// Stop with the partial quotient once the order would pass this (`--max-order`).
    pub max_order: usize,
}

impl Default for QuotientOptions {
    fn default() -> Self {
        QuotientOptions { max_heap: 300, max_order: 100_000 }
    }
}

/// A proof that the pretending function is periodic from `preperiod` on with `period`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodicity {
    /// The first heap from which the pretending function repeats.
    pub preperiod: u64,
    /// Its period.
    pub period: u64,
    /// The largest heap the proof's check read.
    pub proven_at: u64,
}

/// The misère quotient of a heap game's heaps up to [`MisereQuotient::max_heap`] (the final
/// quotient of the game when [`MisereQuotient::periodic`] holds a proof).
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    /// The game's name.
    pub game: String,
    /// `product[x * order + y]`; element 0 is the identity (the empty position).
    product: Vec<u32>,
    /// Whether each element is in the P-portion.
    p: Vec<bool>,
    /// Each heap's element, heaps 0..=max_heap.
    pretending: Vec<u32>,
    /// The heaps where the quotient changed (a new generator, or old elements split).
    pub grew_at: Vec<u64>,
    /// The largest heap computed.
    pub max_heap: u64,
    /// Periodicity of the pretending function, proven.
    pub periodic: Option<Periodicity>,
    /// Why the computation stopped before `--max` without a proof, if it did.
    pub stopped: Option<String>,
    /// Generators, normal forms and relations.
    pub presentation: Presentation,
}

impl MisereQuotient {
    /// The number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The product of two elements.
    pub fn multiply(&self, x: u32, y: u32) -> u32 {
        self.product[x as usize * self.order() + y as usize]
    }

    /// Whether element `x` is in the P-portion.
    pub fn in_p_portion(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The element heap `n` pretends to be, where the quotient covers it: heaps up to
    /// `max_heap`, and every heap when the pretending function is proven periodic.
    pub fn element_of_heap(&self, n: u64) -> Option<u32> {
        if n <= self.max_heap {
            return Some(self.pretending[n as usize]);
        }
        let periodicity = self.periodic.as_ref()?;
        let reduced = periodicity.preperiod + (n - periodicity.preperiod) % periodicity.period;
        Some(self.pretending[reduced as usize])
    }

    /// The element of a sum of heaps, where every heap is covered.
    pub fn element_of(&self, heaps: &[u64]) -> Option<u32> {
        heaps.iter().try_fold(0u32, |acc, &h| Some(self.multiply(acc, self.element_of_heap(h)?)))
    }

    /// Whether a sum of heaps is a misère P-position (`false` also where not covered; see
    /// [`MisereQuotient::covers`]).
    pub fn is_p(&self, heaps: &[u64]) -> bool {
        self.element_of(heaps).is_some_and(|x| self.in_p_portion(x))
    }

    /// Whether every heap of the position is covered by the quotient.
    pub fn covers(&self, heaps: &[u64]) -> bool {
        heaps.iter().all(|&h| self.element_of_heap(h).is_some())
    }

    /// Element `x` written as a word in the generators (`1`, `a`, `b2`, `ab2c`).
    pub fn word(&self, x: u32) -> &str {
        &self.presentation.words[x as usize]
    }

    /// The P-portion, as words, in the order of the normal forms.
    pub fn p_portion(&self) -> Vec<&str> {
        self.presentation
            .order
            .iter()
            .filter(|&&x| self.p[x as usize])
            .map(|&x| self.word(x))
            .collect()
    }

    /// Each heap's element as a word, heaps 0..=max_heap.
    pub fn pretending_words(&self) -> Vec<&str> {
        self.pretending.iter().map(|&x| self.word(x)).collect()
    }

    /// Whether this is the quotient of a tame game: isomorphic, with its P-portion, to a misère
    /// quotient of Nim.
    pub fn is_tame(&self) -> bool {
        presentation::is_tame(self)
    }
}

/// The report a person reads: order, P-portion, presentation, pretending function, proof.
impl std::fmt::Display for MisereQuotient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind =
            if self.periodic.is_some() { "misère quotient" } else { "partial misère quotient" };
        writeln!(f, "{kind} of {} (heaps up to {})", self.game, self.max_heap)?;
        writeln!(f, "order: {}", self.order())?;
        writeln!(f, "P-portion: {}", self.p_portion().join(", "))?;
        writeln!(f, "presentation: {}", self.presentation.text())?;
        let generators: Vec<String> = self
            .presentation
            .generators
            .iter()
            .map(|(name, heap, _)| format!("{name} = heap {heap}"))
            .collect();
        if !generators.is_empty() {
            writeln!(f, "generators: {}", generators.join(", "))?;
        }
        writeln!(f, "tame: {}", if self.is_tame() { "yes" } else { "no" })?;
        let words = self.pretending_words();
        let shown: Vec<String> = words
            .iter()
            .enumerate()
            .take(60)
            .map(|(heap, word)| format!("{heap}:{word}"))
            .collect();
        let more = if words.len() > 60 { " …" } else { "" };
        writeln!(f, "pretending function: {}{more}", shown.join(" "))?;
        match &self.periodic {
            Some(p) => write!(
                f,
                "periodic: preperiod {}, period {}, proven at heap {} (periodicity theorem for \
                 misère quotients): this is the game's final quotient",
                p.preperiod, p.period, p.proven_at
            ),
            None => {
                write!(f, "periodic: not proven; the quotient of heaps up to {}", self.max_heap)?;
                if let Some(reason) = &self.stopped {
                    write!(f, "\nstopped: {reason}")?;
                }
                Ok(())
            }
        }
    }
}

/// The misère answer for a sum of heaps from a quotient that covers every heap: the outcome,
/// and every winning move (each option of each heap whose product with the other heaps' lies
/// in the P-portion).
pub fn analyze(
    game: &HeapGame,
    q: &MisereQuotient,
    heaps: &[u64],
    limits: &Limits,
) -> Result<crate::analysis::Analysis> {
    use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport};
    use crate::outcome::Outcome;
    let elements: Vec<u32> = heaps
        .iter()
        .map(|&h| q.element_of_heap(h))
        .collect::<Option<_>>()
        .ok_or_else(|| Error::Unsupported("the quotient does not cover every heap".into()))?;
    // The product of all heaps but one, from prefix and suffix products.
    let mut suffix = vec![0u32; heaps.len() + 1];
    for i in (0..heaps.len()).rev() {
        suffix[i] = q.multiply(elements[i], suffix[i + 1]);
    }
    let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let outcome = if q.in_p_portion(suffix[0]) { Outcome::P } else { Outcome::N };
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        let mut prefix = 0u32;
        let mut options = Options::new();
        let mut budget = crate::analysis::MoveBudget::new(&texts);
        for (i, &heap) in heaps.iter().enumerate() {
            let rest = q.multiply(prefix, suffix[i + 1]);
            options_within(game, &heap, &mut options, limits)?;
            for parts in options.iter() {
                let Some(element) = q.element_of(parts) else { continue };
                if q.in_p_portion(q.multiply(rest, element)) {
                    let to: Vec<String> = if parts.is_empty() {
                        vec!["0".into()]
                    } else {
                        parts.iter().map(u64::to_string).collect()
                    };
                    budget.charge(limits)?;
                    winning_moves.push(MoveReport::new(&texts, i, to));
                }
            }
            prefix = q.multiply(prefix, elements[i]);
        }
    }
    Ok(Analysis {
        game: game.name.clone(),
        convention: Convention::Misere,
        components: ComponentReport::without_values(texts),
        value: None,
        outcome,
        winning_moves,
        winning_moves_complete: true,
    })
}

/// The letters' options, converted from heap options.
struct Heaps {
    letters: Letters,
    /// Letter of each heap, `None` for heaps without moves (they are the empty game).
    letter_of: Vec<Option<u32>>,
}

impl Heaps {
    fn add(&mut self, game: &HeapGame, n: u64, limits: &Limits) -> Result<Option<u32>> {
        let mut options = Options::new();
        options_within(game, &n, &mut options, limits)?;
        let mut converted: Vec<Vec<u32>> = options
            .iter()
            .map(|parts| {
                let mut letters: Vec<u32> =
                    parts.iter().filter_map(|&h| self.letter_of[h as usize]).collect();
                letters.sort_unstable();
                letters
            })
            .collect();
        converted.sort();
        converted.dedup();
        if converted.is_empty() {
            self.letter_of.push(None);
            return Ok(None);
        }
        let letter = self.letters.len() as u32;
        self.letters.heaps.push(n);
        self.letters.options.push(converted);
        self.letter_of.push(Some(letter));
        Ok(Some(letter))
    }
}

/// The misère quotient of `game`'s heaps, heap by heap up to `options.max_heap` or until the
/// pretending function is proven periodic. `progress(heaps done, note)` is called after each
/// heap (the note: the order) and while the quotient grows (the note: the candidate checked).
///
/// Past `options.max_order`, or a search limit, the quotient of the heaps done so far is
/// returned with [`MisereQuotient::stopped`] saying why; cancellation is an error.
pub fn quotient(
    game: &HeapGame,
    options: &QuotientOptions,
    limits: &Limits,
    progress: &mut dyn FnMut(u64, &str),
) -> Result<MisereQuotient> {
    let mut heaps = Heaps { letters: Letters::default(), letter_of: vec![None] };
    let mut automaton = Automaton { delta: Vec::new(), n_letters: 0, p: vec![false] };
    let mut product = vec![0u32];
    let mut types = Types::default();
    let max_types = limits.max_positions.max(1);
    if !matches!(
        verify_all(&automaton, &heaps.letters, &mut types, max_types, limits)?,
        Verdict::Correct
    ) {
        return Err(Error::Unsupported(
            "the empty position failed its own check (a defect)".into(),
        ));
    }
    let mut pretending = vec![0u32];
    let mut grew_at = Vec::new();
    let mut stopped = None;
    let mut periodic = None;
    let theorem_t = periodicity_removal(game);
    let mut n = 0u64;
    while n < options.max_heap {
        let heap = n + 1;
        limits.check()?;
        let letter = match heaps.add(game, heap, limits) {
            Ok(letter) => letter,
            Err(e) if e.is_limit() => {
                stopped = Some(format!("heap {heap}: {e}"));
                break;
            }
            Err(e) => return Err(e),
        };
        let Some(letter) = letter else {
            pretending.push(0);
            n = heap;
            progress(n, &format!("order {}", automaton.n_states()));
            if let Some(found) = find_periodicity(&pretending, theorem_t) {
                periodic = Some(found);
                break;
            }
            continue;
        };
        let order = automaton.n_states();
        let images: Vec<u32> = heaps.letters.options[letter as usize]
            .iter()
            .map(|option| automaton.walk(0, option))
            .collect();
        let heap_is_p = images.iter().all(|&x| !automaton.p[x as usize]);
        let mut fitted = None;
        for candidate in (0..order as u32).filter(|&c| automaton.p[c as usize] == heap_is_p) {
            if !pairs_fit(&automaton, &product, &heaps.letters, letter, candidate) {
                continue;
            }
            let extended =
                with_letter(&automaton, |x| product[x as usize * order + candidate as usize]);
            match verify_all(&extended, &heaps.letters, &mut types, max_types, limits) {
                Ok(Verdict::Correct) => {
                    fitted = Some((candidate, extended));
                    break;
                }
                Ok(Verdict::Fails) => types.rollback(),
                Err(e) if e.is_limit() => {
                    types.rollback();
                    stopped = Some(format!("heap {heap}: {e}"));
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        if stopped.is_some() {
            heaps.letters.heaps.pop();
            heaps.letters.options.pop();
            break;
        }
        match fitted {
            Some((candidate, extended)) => {
                automaton = extended;
                pretending.push(candidate);
            }
            None => match grow(
                &automaton,
                &heaps.letters,
                options.max_order,
                max_types,
                limits,
                &mut |candidate, states| {
                    progress(
                        n,
                        &format!(
                            "growing for heap {heap}: candidate {candidate}, {states} elements"
                        ),
                    )
                },
            ) {
                Ok(grown) => {
                    automaton = grown;
                    product = learn::products(&automaton);
                    // The incremental check's types, for the conservative extensions to come.
                    types = Types::default();
                    if !matches!(
                        verify_all(&automaton, &heaps.letters, &mut types, max_types, limits),
                        Ok(Verdict::Correct)
                    ) {
                        return Err(Error::Unsupported(
                            "a misère quotient that passed its check failed the other (a defect)"
                                .into(),
                        ));
                    }
                    // Heaps already added pretend to their element in the new quotient.
                    pretending = (0..=heap)
                        .map(|h| match heaps.letter_of[h as usize] {
                            Some(l) => automaton.step(0, l),
                            None => 0,
                        })
                        .collect();
                    grew_at.push(heap);
                }
                Err(e) if e.is_limit() => {
                    stopped = Some(format!("heap {heap}: {e}"));
                    heaps.letters.heaps.pop();
                    heaps.letters.options.pop();
                    break;
                }
                Err(e) => return Err(e),
            },
        }
        n = heap;
        progress(n, &format!("order {}", automaton.n_states()));
        if let Some(found) = find_periodicity(&pretending, theorem_t) {
            periodic = Some(found);
            break;
        }
    }
    if product.len() != automaton.n_states() * automaton.n_states() {
        product = learn::products(&automaton);
    }
    let presentation = Presentation::of(&product, automaton.n_states(), &pretending);
    Ok(MisereQuotient {
        game: game.name.clone(),
        product,
        p: automaton.p.clone(),
        pretending,
        grew_at,
        max_heap: n,
        periodic,
        stopped,
        presentation,
    })
}

/// Whether the new heap (the last letter) as element `c` predicts right every position of two
/// heaps that contains it: a necessary condition of the complete check, cheap enough to try
/// first on every candidate element (most fail it).
fn pairs_fit(automaton: &Automaton, product: &[u32], letters: &Letters, new: u32, c: u32) -> bool {
    let order = automaton.n_states();
    let times = |x: u32, y: u32| product[x as usize * order + y as usize];
    let new_options = &letters.options[new as usize];
    // Heap m and the new heap: m's element e times c; its options are the new heap's options
    // beside m, and m's options beside the new heap.
    let fits = |e: u32, m_options: &[Vec<u32>]| {
        let predicted_p = automaton.p[times(e, c) as usize];
        let p_option = new_options.iter().any(|o| automaton.p[automaton.walk(e, o) as usize])
            || m_options.iter().any(|o| automaton.p[automaton.walk(c, o) as usize]);
        predicted_p != p_option
    };
    (0..new).all(|m| fits(automaton.step(0, m), &letters.options[m as usize]))
        && fits(c, new_options)
}

fn verify_all(
    automaton: &Automaton,
    letters: &Letters,
    types: &mut Types,
    max_types: usize,
    limits: &Limits,
) -> Result<Verdict> {
    learn::verify(automaton, letters, types, max_types, limits)
}

/// Candidates checked for one new heap at most, before the quotient stops there.
const MAX_CANDIDATES: usize = 500;

/// Candidate automata are built with at most this many states before reduction (and no more
/// than the memory limit allows, at [`CANDIDATE_STATE_BYTES`] a state and letter). 2^17 reaches
/// MisereSolver's orders of 4.7, 588 at heap 39 and 622 at heap 40 (14 s, 1.6 GB; the one
/// candidate there has 66,612 states); 2^20 made other searches build candidates far larger
/// than they need (the library's misère tests went from 41 s to over 15 minutes).
const MAX_CANDIDATE_STATES: usize = 1 << 17;

/// What one state of a candidate costs per letter at the peak of building and settling it.
const CANDIDATE_STATE_BYTES: u64 = 64;

/// The most states a candidate may have before reduction within `limits`' memory.
fn candidate_states(letters: &Letters, limits: &Limits) -> usize {
    let per_state = CANDIDATE_STATE_BYTES.saturating_mul(letters.len().max(1) as u64);
    MAX_CANDIDATE_STATES.min(usize::try_from(limits.max_bytes / per_state).unwrap_or(usize::MAX))
}

/// The quotient of the heaps so far when the newest heap (the last letter) fits no element of
/// the old one (Plambeck and Siegel's construction, as MisereSolver carries it out): the first
/// candidate is the old quotient times a new cyclic generator `h` with `h^4 = h^2` for the new
/// heap; each candidate gets the P-portion that its elements' least positions dictate, is
/// reduced by indistinguishability, and is checked completely ([`learn::least_mistake`]). A
/// candidate that mispredicts is recalibrated at its least mistake ([`recalibrate`]), whose
/// true outcome is the opposite of the prediction (every option of it comes first and is
/// predicted right). Only a candidate that passes the check is returned: it predicts every
/// position, and reduced it is the quotient.
fn grow(
    old: &Automaton,
    letters: &Letters,
    max_order: usize,
    max_types: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Automaton> {
    let new_letter = (letters.len() - 1) as u32;
    let too_large = |states: usize| {
        Error::limit(
            Limit::Order,
            max_order as u64,
            format!("a candidate quotient of {states} elements"),
        )
    };
    // The old quotient on every letter but the new one, the new one acting as the identity.
    let base = with_letter(old, |x| x);
    let mut candidate = settle(&counters(&base, &[(new_letter, 2, 2)]), letters, limits)?;
    for number in 1..=MAX_CANDIDATES {
        limits.check()?;
        progress(number, candidate.n_states());
        if candidate.n_states() > max_order {
            return Err(too_large(candidate.n_states()));
        }
        let (least, _) = learn::least_positions(&candidate, letters, limits)?;
        let Some(mistake) = learn::least_mistake(&candidate, letters, &least, max_types, limits)?
        else {
            return Ok(candidate);
        };
        candidate = match recalibrate(&candidate, letters, &mistake, limits)? {
            Recalibrated::Found(next) => next,
            Recalibrated::NoneFits => return Err(too_large(candidate.n_states())),
            // Every candidate that might have fitted was too large to build: say which limit.
            Recalibrated::TooLarge(states) => {
                let cap = candidate_states(letters, limits);
                let what =
                    format!("a candidate quotient would take {states} states before reduction");
                return Err(if cap < MAX_CANDIDATE_STATES {
                    Error::limit(Limit::Memory, limits.max_bytes, what)
                } else {
                    Error::limit(Limit::Candidate, cap as u64, what)
                });
            }
        };
    }
    Err(Error::limit(
        Limit::Positions,
        MAX_CANDIDATES as u64,
        "candidate quotients for one heap".to_string(),
    ))
}

/// A candidate that predicts the true outcome of `mistake`, the least position `current`
/// mispredicts: some of the heaps in `mistake` are freed from the monoid and given cyclic
/// counters of their own (index the larger of their element's index and their multiplicity in
/// the mistake less one, period 2, or longer for long indices), the other heaps keeping their
/// action on the submonoid they generate. Subsets are tried one heap first, then two, …, the
/// smallest heaps first; the first whose settled candidate predicts the mistake right is
/// taken. `None` when none does, or every one passes the size limit.
enum Recalibrated {
    Found(Automaton),
    /// No candidate predicts the mistake right.
    NoneFits,
    /// None of those small enough predicts it, and some were too large to build (the least
    /// such size).
    TooLarge(usize),
}

fn recalibrate(
    current: &Automaton,
    letters: &Letters,
    mistake: &[u32],
    limits: &Limits,
) -> Result<Recalibrated> {
    let cap = candidate_states(letters, limits);
    let mut skipped: Option<usize> = None;
    let truth = !current.p[current.walk(0, mistake) as usize];
    let mut involved: Vec<u32> = mistake.to_vec();
    involved.dedup();
    for size in 1..=involved.len() {
        for subset in subsets(&involved, size) {
            limits.check()?;
            let freed: Vec<(u32, usize, usize)> = subset
                .iter()
                .map(|&h| {
                    let multiplicity = mistake.iter().filter(|&&l| l == h).count();
                    let index = cycle_index(current, h).max(multiplicity.saturating_sub(1));
                    let period = if index >= 4 { (2 * ((index - 4) / 2)).max(2) } else { 2 };
                    (h, index, period)
                })
                .collect();
            let rest = generated_without(current, &subset);
            let radix: usize = freed.iter().map(|&(_, i, p)| i + p).product();
            let states = rest.n_states().saturating_mul(radix);
            if states > cap {
                skipped = Some(skipped.map_or(states, |s| s.min(states)));
                continue;
            }
            let candidate = settle(&counters(&rest, &freed), letters, limits)?;
            if candidate.p[candidate.walk(0, mistake) as usize] == truth {
                return Ok(Recalibrated::Found(candidate));
            }
        }
    }
    Ok(skipped.map_or(Recalibrated::NoneFits, Recalibrated::TooLarge))
}

/// The `size`-element subsets of `items` in lexicographic order.
fn subsets(items: &[u32], size: usize) -> Vec<Vec<u32>> {
    fn go(
        items: &[u32],
        size: usize,
        from: usize,
        current: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
    ) {
        if current.len() == size {
            out.push(current.clone());
            return;
        }
        for i in from..items.len() {
            current.push(items[i]);
            go(items, size, i + 1, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    go(items, size, 0, &mut Vec::new(), &mut out);
    out
}

/// The exponent at which the powers of heap `letter`'s element enter their cycle.
fn cycle_index(automaton: &Automaton, letter: u32) -> usize {
    let mut seen: Vec<u32> = vec![0];
    loop {
        let next = automaton.step(*seen.last().expect("not empty"), letter);
        if let Some(at) = seen.iter().position(|&s| s == next) {
            return at;
        }
        seen.push(next);
    }
}

/// The submonoid of `automaton` generated by the letters not in `freed`, as an automaton on
/// every letter (those in `freed` acting as the identity).
fn generated_without(automaton: &Automaton, freed: &[u32]) -> Automaton {
    let k = automaton.n_letters;
    let mut number = vec![u32::MAX; automaton.n_states()];
    let mut states = vec![0u32];
    number[0] = 0;
    let mut at = 0;
    while at < states.len() {
        let x = states[at];
        at += 1;
        for letter in (0..k as u32).filter(|l| !freed.contains(l)) {
            let y = automaton.step(x, letter);
            if number[y as usize] == u32::MAX {
                number[y as usize] = states.len() as u32;
                states.push(y);
            }
        }
    }
    let mut delta = Vec::with_capacity(states.len() * k);
    for (i, &x) in states.iter().enumerate() {
        for letter in 0..k as u32 {
            delta.push(if freed.contains(&letter) {
                i as u32
            } else {
                number[automaton.step(x, letter) as usize]
            });
        }
    }
    Automaton { delta, n_letters: k, p: vec![false; states.len()] }
}

/// `base` times one cyclic counter per `(letter, index, period)`: that letter steps its counter
/// (0, 1, …, index + period − 1, then back to index) and leaves the base alone; every other
/// letter acts on the base. Only the states reachable from the empty position are kept.
fn counters(base: &Automaton, freed: &[(u32, usize, usize)]) -> Automaton {
    let k = base.n_letters;
    let sizes: Vec<usize> = freed.iter().map(|&(_, i, p)| i + p).collect();
    let radix: usize = sizes.iter().product();
    let step = |state: usize, letter: u32| -> usize {
        let (q, mut counters) = (state / radix, state % radix);
        match freed.iter().position(|&(l, _, _)| l == letter) {
            Some(c) => {
                let unit: usize = sizes[..c].iter().product();
                let e = counters / unit % sizes[c];
                let next = if e + 1 < sizes[c] { e + 1 } else { freed[c].1 };
                counters = counters - e * unit + next * unit;
                q * radix + counters
            }
            None => base.step(q as u32, letter) as usize * radix + counters,
        }
    };
    // Reachable states only, numbered in order of discovery (0 stays the empty position).
    let mut number: HashMap<usize, u32> = HashMap::new();
    number.insert(0, 0);
    let mut states = vec![0usize];
    let mut delta = Vec::new();
    let mut at = 0;
    while at < states.len() {
        let x = states[at];
        at += 1;
        for letter in 0..k as u32 {
            let y = step(x, letter);
            let fresh = states.len() as u32;
            let id = *number.entry(y).or_insert(fresh);
            if id == fresh {
                states.push(y);
            }
            delta.push(id);
        }
    }
    Automaton { delta, n_letters: k, p: vec![false; states.len()] }
}

/// `candidate` with the P-portion its elements' least positions dictate, reduced.
fn settle(candidate: &Automaton, letters: &Letters, limits: &Limits) -> Result<Automaton> {
    let (least, sets) = learn::least_positions(candidate, letters, limits)?;
    let p = learn::assign_p(&least, &sets);
    Ok(minimize(&Automaton { p, ..candidate.clone() }))
}

/// The automaton with indistinguishable states merged (Moore's partition refinement); every
/// state must be reachable. The empty position's class is state 0.
fn minimize(automaton: &Automaton) -> Automaton {
    let n = automaton.n_states();
    let k = automaton.n_letters;
    let mut class: Vec<u32> = automaton.p.iter().map(|&b| b as u32).collect();
    let mut n_classes = 0;
    loop {
        let mut ids: std::collections::HashMap<Vec<u32>, u32> = std::collections::HashMap::new();
        let mut next = vec![0u32; n];
        for x in 0..n {
            let mut signature = Vec::with_capacity(k + 1);
            signature.push(class[x]);
            signature.extend((0..k).map(|l| class[automaton.delta[x * k + l] as usize]));
            let fresh = ids.len() as u32;
            next[x] = *ids.entry(signature).or_insert(fresh);
        }
        let count = ids.len();
        class = next;
        if count == n_classes {
            break;
        }
        n_classes = count;
    }
    // Renumber from the empty position, in order of discovery.
    let mut number = vec![u32::MAX; n_classes];
    let mut representative = Vec::new();
    let mut queue = std::collections::VecDeque::from([0usize]);
    number[class[0] as usize] = 0;
    representative.push(0usize);
    while let Some(x) = queue.pop_front() {
        for l in 0..k {
            let y = automaton.delta[x * k + l] as usize;
            let c = class[y] as usize;
            if number[c] == u32::MAX {
                number[c] = representative.len() as u32;
                representative.push(y);
                queue.push_back(y);
            }
        }
    }
    let mut delta = Vec::with_capacity(representative.len() * k);
    for &x in &representative {
        for l in 0..k {
            delta.push(number[class[automaton.delta[x * k + l] as usize] as usize]);
        }
    }
    let p = representative.iter().map(|&x| automaton.p[x]).collect();
    Automaton { delta, n_letters: k, p }
}

/// `automaton` with one more letter, whose transition from state x is `column(x)`.
fn with_letter(automaton: &Automaton, column: impl Fn(u32) -> u32) -> Automaton {
    let old = automaton.n_letters;
    let mut delta = Vec::with_capacity(automaton.n_states() * (old + 1));
    for x in 0..automaton.n_states() {
        delta.extend_from_slice(&automaton.delta[x * old..(x + 1) * old]);
        delta.push(column(x as u32));
    }
    Automaton { delta, n_letters: old + 1, p: automaton.p.clone() }
}

/// The `t` of the periodicity theorem: the most tokens a move removes, for octal codes with
/// finitely many digits whose moves leave at most two heaps; `None` where the theorem does not
/// apply.
fn periodicity_removal(game: &HeapGame) -> Option<u64> {
    match &game.rules {
        HeapRules::Code(code) if !code.is_hexadecimal() => code.max_removal().map(|t| t as u64),
        _ => None,
    }
}

/// The periodicity theorem for pretending functions (proved here; it is the misère form of the
/// normal-play theorem). Let the octal game's moves remove at most `t` tokens and leave at most
/// two heaps, let Q be the quotient of heaps up to M − 1 where M = 2·n0 + 2·p + t − 1, and let
/// Φ(n + p) = Φ(n) for n0 ≤ n with n + p ≤ M − 1. Then for every heap m ≥ M the elements of m's
/// options equal those of m − p's (a single heap m − k ≥ n0 + p; a split (a, b) with b ≥ n0 + p
/// matches (a, b − p), and each split of m − p has its larger part ≥ n0), so by induction heap m
/// enters the types of the check in [`learn`] exactly as heap m − p does: no new type appears,
/// the check still passes, Φ extended periodically is correct for every position, and Q is the
/// game's quotient. We ask for two heaps more than M − 1 (`proven_at` = 2·n0 + 2·p + t + 1).
fn find_periodicity(pretending: &[u32], t: Option<u64>) -> Option<Periodicity> {
    let t = t?;
    let last = pretending.len() as u64 - 1;
    for period in 1..=last / 2 {
        // The smallest preperiod for this period, from the end backwards.
        let mut preperiod = last - period + 1;
        while preperiod > 0
            && pretending[(preperiod - 1) as usize] == pretending[(preperiod - 1 + period) as usize]
        {
            preperiod -= 1;
        }
        let proven_at = 2 * preperiod + 2 * period + t + 1;
        if preperiod + period <= last && proven_at <= last {
            return Some(Periodicity { preperiod, period, proven_at });
        }
    }
    None
}

#[cfg(test)]
mod tests;
