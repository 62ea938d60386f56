//! The engine behind misère quotients: a hypothesis is checked by a complete finite test, and
//! a wrong hypothesis is refined from the position it fails on.
//!
//! **Types.** Under a candidate pretending function Φ (heaps to elements of a finite commutative
//! monoid with a P-portion), the *type* of a position G is `(Φ(G), S(G))` where `S(G)` is the set
//! of elements of G's options. The type of `G + heap j` follows from the type of G alone:
//! `(Φ(G)·h_j, S(G)·h_j ∪ Φ(G)·O_j)` with `O_j` the elements of heap j's options. So the types of
//! all positions — infinitely many positions — form a finite set, reached from `(1, ∅)` by
//! breadth-first search. Φ predicts every outcome correctly **if and only if** every reachable
//! type satisfies `Φ(G) ∈ P ⟺ S(G) ≠ ∅ and S(G) ∩ P = ∅` (misère play: a position without moves
//! is won by the player to move). Sufficiency is induction on positions; necessity is the
//! definition. This is [`verify`].
//!
//! **Least failures.** Order positions by their heaps, largest first, compared lexicographically
//! ([`precedes`]): every option comes first, and adding the same heaps keeps the order. A
//! candidate mispredicts a position only at a *failure* (predicted P with an option predicted P,
//! or predicted N with options none of which is), and the least one is found without walking
//! every type ([`least_mistake`]): P-failures by a formula over each element's least position
//! ([`least_positions`]) and each heap, N-failures by a search that keeps only the minimal
//! reaches of each element's option sets (the reduced form [`verify`] uses). At the least
//! failure every option is predicted right, so its true outcome is the opposite of the
//! prediction: the quotient's construction (`misere::grow`) needs no search of the game itself.

use crate::error::{Error, Result};
use crate::limits::{Limit, Limits};
use foldhash::{HashMap, HashMapExt};

/// A position as its letters in increasing order, or a sorted list of elements.
pub(crate) type Position = Vec<u32>;

/// A set of elements, as a bit set over the elements of one monoid.
pub(crate) type Bits = Box<[u64]>;

fn empty_bits(words: usize) -> Bits {
    vec![0u64; words].into_boxed_slice()
}

#[cfg(test)]
fn set_bit(bits: &mut [u64], i: u32) {
    bits[(i / 64) as usize] |= 1u64 << (i % 64);
}

#[cfg(test)]
fn bits_iter(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            if word == 0 {
                return None;
            }
            let bit = word.trailing_zeros();
            word &= word - 1;
            Some(w as u32 * 64 + bit)
        })
    })
}

/// The heaps of a game as letters: non-terminal heaps only (a heap without moves is the empty
/// game, the monoid's identity), numbered in increasing size, with their options as letter
/// lists.
#[derive(Debug, Clone, Default)]
pub(crate) struct Letters {
    /// Heap size of each letter.
    pub heaps: Vec<u64>,
    /// The options of each letter: the letters each option leaves (sorted; terminal heaps
    /// dropped), without repeats.
    pub options: Vec<Vec<Vec<u32>>>,
}

impl Letters {
    pub fn len(&self) -> usize {
        self.heaps.len()
    }
}

/// A hypothesis: an automaton over the letters, commutative, with its accepting (P) states.
/// State 0 is the empty position.
#[derive(Debug, Clone)]
pub(crate) struct Automaton {
    /// `delta[state * n_letters + letter]`.
    pub delta: Vec<u32>,
    pub n_letters: usize,
    pub p: Vec<bool>,
}

impl Automaton {
    pub fn n_states(&self) -> usize {
        self.p.len()
    }

    pub fn step(&self, state: u32, letter: u32) -> u32 {
        self.delta[state as usize * self.n_letters + letter as usize]
    }

    pub fn walk(&self, state: u32, letters: &[u32]) -> u32 {
        letters.iter().fold(state, |s, &l| self.step(s, l))
    }
}

/// The reachable types of one automaton, in the reduced form [`verify`] checks.
#[derive(Debug, Clone, Default)]
pub(crate) struct Types {
    pub elements: Vec<u32>,
    /// Each type's reach `U(S)`, one bit set per type.
    pub sets: Vec<Bits>,
    /// `[element, reach words...]` to the type's number.
    index: HashMap<Box<[u64]>, u32>,
    /// How many letters the first `old_count` types have already been extended by.
    pub letters_done: usize,
    old_count: usize,
    /// The reach `U(s) = {m : s·m ∈ P}` of every element s (`words` words each), for the
    /// monoid the types were found in: extensions by a letter keep the monoid, so the types
    /// are reset whenever it changes.
    reach: Vec<u64>,
    /// The action of each letter already checked, `m ↦ h·m` for every element m in turn (the
    /// automaton's table read down one column, kept contiguous).
    columns: Vec<u32>,
}

impl Types {
    pub fn len(&self) -> usize {
        self.elements.len()
    }
}

/// The option set of `G + letter` for a position G of element `x` and option set `set`:
/// `set · h ∪ x · O(letter)`; the images `x · O(letter)` are kept in `images`.
#[cfg(test)]
fn successor_set(
    automaton: &Automaton,
    letters: &Letters,
    images: &mut HashMap<(u32, u32), Bits>,
    x: u32,
    set: &[u64],
    letter: u32,
) -> Bits {
    let words = set.len();
    let mut next = empty_bits(words);
    for s in bits_iter(set) {
        set_bit(&mut next, automaton.step(s, letter));
    }
    let image = images.entry((x, letter)).or_insert_with(|| {
        let mut bits = empty_bits(words);
        for option in &letters.options[letter as usize] {
            set_bit(&mut bits, automaton.walk(x, option));
        }
        bits
    });
    for (a, b) in next.iter_mut().zip(image.iter()) {
        *a |= b;
    }
    next
}

/// `out |= h⁻¹·set`, the elements m with `h·m` in `set`, where `column[m]` is `h·m`: one word
/// of the result at a time, built in a register.
fn or_preimage(column: &[u32], set: &[u64], out: &mut [u64]) {
    for (word, ms) in out.iter_mut().zip(column.chunks(64)) {
        let mut bits = 0u64;
        for (j, &hm) in ms.iter().enumerate() {
            bits |= ((set[hm as usize / 64] >> (hm % 64)) & 1) << j;
        }
        *word |= bits;
    }
}

/// What [`verify`] found.
pub(crate) enum Verdict {
    /// Every reachable type is consistent: the hypothesis predicts every outcome.
    Correct,
    /// Some reachable type is inconsistent: the hypothesis mispredicts a position.
    Fails,
}

/// Breadth-first search of the reachable types of `automaton` (extending `types`, whose types
/// are already closed under the first `types.letters_done` letters), checking each.
///
/// A type is kept in a reduced form: not the option set S itself but its *reach*
/// `U(S) = {m : s·m ∈ P for some s ∈ S}`. Whether `G + H` has an option `G' + H` in P is
/// whether `Φ(H) ∈ U(S(G))`, so every check on G and on positions built on it depends on S only
/// through its reach (and on whether S is empty, which it is only for the empty position: every
/// letter is a heap with moves). The reach of `G + heap j` is `h_j⁻¹·U(S) ∪ U(Φ(G)·O_j)`, and
/// the check is `Φ(G) ∈ P ⟺ S ≠ ∅ and 1 ∉ U(S)`. Sets with the same reach make one type, so
/// the search visits far fewer types than option sets; the verdict is the same
/// ([`verify_by_option_sets`], in the tests).
pub(crate) fn verify(
    automaton: &Automaton,
    letters: &Letters,
    types: &mut Types,
    max_types: usize,
    limits: &Limits,
) -> Result<Verdict> {
    let n = automaton.n_states();
    let words = n.div_ceil(64).max(1);
    if types.len() == 0 {
        types.reach = reach_of_elements(automaton, words, limits)?;
        let empty = empty_bits(words);
        // The empty position: no options, so not in P.
        if automaton.p[0] {
            return Ok(Verdict::Fails);
        }
        // Its key is no element's: a position with options whose element is the identity and
        // whose reach is empty is another type, and must be checked (it is P).
        let mut key = vec![0u64; words + 1];
        key[0] = EMPTY_POSITION;
        types.index.insert(key.into_boxed_slice(), 0);
        types.elements.push(0);
        types.sets.push(empty);
    }
    let reach = |s: u32| &types.reach[s as usize * words..(s as usize + 1) * words];
    // `U(x·O_j)`, for each (x, j) asked for.
    let n_letters = letters.len();
    let mut images: Vec<Option<Bits>> = vec![None; n * n_letters];
    let first_new_letter = types.letters_done;
    let column_of = |letter: usize| (0..n).map(move |m| automaton.step(m as u32, letter as u32));
    let mut columns = std::mem::take(&mut types.columns);
    for letter in columns.len() / n..first_new_letter {
        columns.extend(column_of(letter));
    }
    let fresh: Vec<u32> = (first_new_letter..n_letters).flat_map(column_of).collect();
    let column = |letter: usize| -> &[u32] {
        if letter < first_new_letter {
            &columns[letter * n..(letter + 1) * n]
        } else {
            &fresh[(letter - first_new_letter) * n..(letter - first_new_letter + 1) * n]
        }
    };
    let mut key = vec![0u64; words + 1];
    let mut next = 0usize;
    let verdict = 'search: loop {
        if next >= types.len() {
            break Verdict::Correct;
        }
        if next.is_multiple_of(1024) {
            limits.check()?;
        }
        let t = next;
        next += 1;
        // Old types need only the new letters; new types need all.
        let from = if t < types.old_count { first_new_letter } else { 0 };
        let x = types.elements[t];
        for letter in from..n_letters {
            let x2 = automaton.step(x, letter as u32);
            // h⁻¹·U: the m with h·m in U.
            let reached = &mut key[1..];
            reached.fill(0);
            or_preimage(column(letter), &types.sets[t], reached);
            let image = images[x as usize * n_letters + letter].get_or_insert_with(|| {
                let mut bits = empty_bits(words);
                for option in &letters.options[letter] {
                    let y = automaton.walk(x, option);
                    for (a, b) in bits.iter_mut().zip(reach(y)) {
                        *a |= b;
                    }
                }
                bits
            });
            for (a, b) in reached.iter_mut().zip(image.iter()) {
                *a |= b;
            }
            key[0] = x2 as u64;
            if types.index.contains_key(&key[..]) {
                continue;
            }
            let new_t = types.len() as u32;
            let fail = |_| out_of_memory(limits);
            types.index.try_reserve(1).map_err(fail)?;
            types.elements.try_reserve(1).map_err(fail)?;
            types.sets.try_reserve(1).map_err(fail)?;
            types.index.insert(key.clone().into_boxed_slice(), new_t);
            types.elements.push(x2);
            let reached: Bits = key[1..].into();
            // Every letter has options: S is not empty here.
            let meets_p = reached[0] & 1 != 0;
            let consistent = automaton.p[x2 as usize] != meets_p;
            types.sets.push(reached);
            if !consistent {
                break 'search Verdict::Fails;
            }
            if types.len() > max_types {
                types.columns = columns;
                return Err(too_many_types(max_types, automaton.n_states()));
            }
        }
    };
    if let Verdict::Correct = verdict {
        types.letters_done = n_letters;
        types.old_count = types.len();
        columns.extend_from_slice(&fresh);
    }
    types.columns = columns;
    Ok(verdict)
}

/// The element word of the empty position's key in [`Types`]: no element has it.
const EMPTY_POSITION: u64 = u64::MAX;

/// The limit on the types a check may visit, met (`order`: the candidate's elements).
fn too_many_types(max_types: usize, order: usize) -> Error {
    Error::limit(
        Limit::Positions,
        max_types as u64,
        format!("types of positions to check the quotient ({order} elements)"),
    )
}

/// `U(s) = {m : s·m ∈ P}` for every element s, `words` words each ([`Spanning::reach`]).
fn reach_of_elements(automaton: &Automaton, words: usize, limits: &Limits) -> Result<Vec<u64>> {
    let n = automaton.n_states();
    let tree = Spanning::of(automaton);
    let mut scratch = Vec::new();
    let mut reach = Vec::new();
    reach.try_reserve_exact(n * words).map_err(|_| out_of_memory(limits))?;
    reach.resize(n * words, 0u64);
    for (s, bits) in reach.chunks_exact_mut(words).enumerate() {
        if s % 64 == 0 {
            limits.check()?;
        }
        tree.reach(automaton, s as u32, &mut scratch, bits);
    }
    Ok(reach)
}

/// A breadth-first spanning tree of the states from the empty position: each state but 0 with
/// the state and letter it is first reached by. The monoid is commutative and every element is
/// reached, so `s·m` is `s` walked along m's path: one step per element from its parent's.
struct Spanning {
    /// States other than 0, parents first.
    order: Vec<u32>,
    parent: Vec<u32>,
    letter: Vec<u32>,
}

impl Spanning {
    fn of(automaton: &Automaton) -> Spanning {
        let n = automaton.n_states();
        let mut parent = vec![u32::MAX; n];
        let mut letter = vec![0u32; n];
        let mut order = Vec::with_capacity(n.saturating_sub(1));
        parent[0] = 0;
        let mut at = 0usize;
        let mut frontier = vec![0u32];
        while at < frontier.len() {
            let x = frontier[at];
            at += 1;
            for l in 0..automaton.n_letters as u32 {
                let y = automaton.step(x, l);
                if parent[y as usize] == u32::MAX {
                    parent[y as usize] = x;
                    letter[y as usize] = l;
                    order.push(y);
                    frontier.push(y);
                }
            }
        }
        Spanning { order, parent, letter }
    }

    /// `s·m` for every element m, into `out`.
    fn products(&self, automaton: &Automaton, s: u32, out: &mut Vec<u32>) {
        out.clear();
        out.resize(automaton.n_states(), 0);
        out[0] = s;
        for &m in &self.order {
            let parent = out[self.parent[m as usize] as usize];
            out[m as usize] = automaton.step(parent, self.letter[m as usize]);
        }
    }

    /// `U(s) = {m : s·m ∈ P}` into `out` (cleared first), `products` a scratch buffer.
    fn reach(&self, automaton: &Automaton, s: u32, products: &mut Vec<u32>, out: &mut [u64]) {
        out.fill(0);
        self.products(automaton, s, products);
        for (m, &sm) in products.iter().enumerate() {
            if automaton.p[sm as usize] {
                out[m / 64] |= 1 << (m % 64);
            }
        }
    }
}

/// The multiplication table of `automaton` (a commutative monoid, every element reached):
/// `product[x * order + m]` is `x·m` ([`Spanning::products`]).
pub(crate) fn products(automaton: &Automaton) -> Vec<u32> {
    let order = automaton.n_states();
    let tree = Spanning::of(automaton);
    let mut table = Vec::with_capacity(order * order);
    let mut row = Vec::new();
    for x in 0..order as u32 {
        tree.products(automaton, x, &mut row);
        table.extend_from_slice(&row);
    }
    table
}

/// The check [`verify`] makes, on the types as the module's introduction defines them (the
/// element and the whole option set): the reference the reduced check is tested against.
#[cfg(test)]
pub(crate) fn verify_by_option_sets(
    automaton: &Automaton,
    letters: &Letters,
    types: &mut OptionSetTypes,
    max_types: usize,
    limits: &Limits,
) -> Result<Verdict> {
    let words = automaton.n_states().div_ceil(64).max(1);
    let mut p_bits = empty_bits(words);
    for (state, &is_p) in automaton.p.iter().enumerate() {
        if is_p {
            set_bit(&mut p_bits, state as u32);
        }
    }
    let consistent = |element: u32, set: &[u64]| {
        let nonempty = set.iter().any(|&w| w != 0);
        let meets_p = set.iter().zip(p_bits.iter()).any(|(a, b)| a & b != 0);
        automaton.p[element as usize] == (nonempty && !meets_p)
    };
    if types.len() == 0 {
        let set = empty_bits(words);
        if !consistent(0, &set) {
            return Ok(Verdict::Fails);
        }
        types.index.insert((0, set.clone()), 0);
        types.elements.push(0);
        types.sets.push(set);
    }
    // The elements of `x · O_j`, for each (x, j) asked for.
    let mut images: HashMap<(u32, u32), Bits> = HashMap::new();
    let n_letters = letters.len();
    let first_new_letter = types.letters_done;
    let mut next = 0usize;
    while next < types.len() {
        if next.is_multiple_of(1024) {
            limits.check()?;
        }
        let t = next as u32;
        next += 1;
        // Old types need only the new letters; new types need all.
        let from = if (t as usize) < types.old_count { first_new_letter } else { 0 };
        for letter in from..n_letters {
            let letter = letter as u32;
            let x = types.elements[t as usize];
            let x2 = automaton.step(x, letter);
            let scratch =
                successor_set(automaton, letters, &mut images, x, &types.sets[t as usize], letter);
            let key = (x2, scratch.clone());
            if types.index.contains_key(&key) {
                continue;
            }
            let new_t = types.len() as u32;
            types.index.try_reserve(1).map_err(|_| out_of_memory(limits))?;
            types.index.insert(key, new_t);
            types.elements.push(x2);
            types.sets.push(scratch.clone());
            if !consistent(x2, &scratch) {
                return Ok(Verdict::Fails);
            }
            if types.len() > max_types {
                return Err(too_many_types(max_types, automaton.n_states()));
            }
        }
    }
    types.letters_done = n_letters;
    types.old_count = types.len();
    Ok(Verdict::Correct)
}

impl Types {
    /// Drops the types found since the last successful [`verify`].
    pub fn rollback(&mut self) {
        let mut key = Vec::new();
        for t in self.old_count..self.len() {
            key.clear();
            key.push(self.elements[t] as u64);
            key.extend_from_slice(&self.sets[t]);
            self.index.remove(&key[..]);
        }
        self.elements.truncate(self.old_count);
        self.sets.truncate(self.old_count);
    }
}

/// The types of [`verify_by_option_sets`]: the element and the whole option set.
#[cfg(test)]
#[derive(Debug, Clone, Default)]
pub(crate) struct OptionSetTypes {
    pub elements: Vec<u32>,
    pub sets: Vec<Bits>,
    index: HashMap<(u32, Bits), u32>,
    pub letters_done: usize,
    old_count: usize,
}

#[cfg(test)]
impl OptionSetTypes {
    pub fn len(&self) -> usize {
        self.elements.len()
    }
}

/// `a` comes before `b` in the order where every option comes before its position: heaps
/// sorted from the largest, compared lexicographically (a prefix first). Letters are numbered
/// in increasing heap size, and positions are kept sorted ascending.
pub(crate) fn precedes(a: &[u32], b: &[u32]) -> bool {
    in_order(a, b) == std::cmp::Ordering::Less
}

/// The comparison behind [`precedes`].
fn in_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The key of a position in the order of [`precedes`], for a min-queue.
#[derive(PartialEq, Eq)]
struct InOrder(Vec<u32>);

impl Ord for InOrder {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        in_order(&self.0, &other.0)
    }
}

impl PartialOrd for InOrder {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The least position of every element of `automaton` (all its states reachable), in the
/// order of [`precedes`], with the elements of that position's options (sorted, without
/// repeats), from which [`assign_p`] sets each element's status.
///
/// Only least positions are extended: if a position A is not the least of its element, an
/// earlier B has it, and then B + H comes before A + H with the same element, so no least
/// position is built on A.
pub(crate) fn least_positions(
    automaton: &Automaton,
    letters: &Letters,
    limits: &Limits,
) -> Result<(Vec<Position>, Vec<Position>)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = automaton.n_states();
    let mut least: Vec<Option<Vec<u32>>> = vec![None; n];
    let mut sets: Vec<Option<Vec<u32>>> = vec![None; n];
    // The elements `x · O(letter)`, sorted, for each (x, letter) asked for.
    let mut images: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
    let mut queue: BinaryHeap<Reverse<(InOrder, u32, Vec<u32>)>> = BinaryHeap::new();
    queue.push(Reverse((InOrder(Vec::new()), 0, Vec::new())));
    let mut popped = 0u64;
    let mut found = 0usize;
    while let Some(Reverse((InOrder(position), x, set))) = queue.pop() {
        popped += 1;
        if popped.is_multiple_of(4096) {
            limits.check()?;
        }
        if least[x as usize].is_some() {
            continue;
        }
        let top = position.first().map_or(letters.len() as u32, |&l| l + 1);
        for letter in 0..top {
            let x2 = automaton.step(x, letter);
            if least[x2 as usize].is_some() {
                continue;
            }
            // `set · h ∪ x · O(letter)`, sorted without repeats.
            let image = images.entry((x, letter)).or_insert_with(|| {
                let mut elements: Vec<u32> = letters.options[letter as usize]
                    .iter()
                    .map(|option| automaton.walk(x, option))
                    .collect();
                elements.sort_unstable();
                elements.dedup();
                elements
            });
            let mut set2: Vec<u32> = set.iter().map(|&s| automaton.step(s, letter)).collect();
            set2.extend_from_slice(image);
            set2.sort_unstable();
            set2.dedup();
            let mut position2 = Vec::with_capacity(position.len() + 1);
            position2.push(letter);
            position2.extend_from_slice(&position);
            queue.try_reserve(1).map_err(|_| out_of_memory(limits))?;
            queue.push(Reverse((InOrder(position2), x2, set2)));
        }
        least[x as usize] = Some(position);
        sets[x as usize] = Some(set);
        found += 1;
        if found == n {
            break;
        }
    }
    if found < n {
        return Err(Error::Unsupported(
            "an element of a misère candidate no position reaches (a defect)".into(),
        ));
    }
    Ok((
        least.into_iter().map(Option::unwrap_or_default).collect(),
        sets.into_iter().map(Option::unwrap_or_default).collect(),
    ))
}

/// The P-portion that makes every element's least position right: elements in order of their
/// least positions, each in P exactly when its least position has options and none in P.
pub(crate) fn assign_p(least: &[Vec<u32>], sets: &[Vec<u32>]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..least.len()).collect();
    order.sort_by(|&a, &b| in_order(&least[a], &least[b]));
    let mut p = vec![false; least.len()];
    for x in order {
        let set = &sets[x];
        p[x] = !set.is_empty() && set.iter().all(|&s| !p[s as usize]);
    }
    p
}

/// The least position the automaton (with its P-portion) predicts to be P although one of its
/// options is predicted P: among the positions `least(x) + h`, one per element x and letter h
/// (a P-failure G = Y + h with the move in h has `least(Φ(Y)) + h ≤ G` failing the same way).
pub(crate) fn least_p_failure(
    automaton: &Automaton,
    letters: &Letters,
    least: &[Vec<u32>],
) -> Option<Vec<u32>> {
    if automaton.p[0] {
        return Some(Vec::new());
    }
    let mut best: Option<Vec<u32>> = None;
    for (x, position) in least.iter().enumerate() {
        for letter in 0..letters.len() as u32 {
            if !automaton.p[automaton.step(x as u32, letter) as usize] {
                continue;
            }
            let p_option = letters.options[letter as usize]
                .iter()
                .any(|option| automaton.p[automaton.walk(x as u32, option) as usize]);
            if !p_option {
                continue;
            }
            let failure = joined(position, &[letter]);
            if best.as_ref().is_none_or(|b| precedes(&failure, b)) {
                best = Some(failure);
            }
        }
    }
    best
}

/// The least position the automaton predicts to be N although it has options and none is
/// predicted P, if one comes before `bound`: positions in the order of [`precedes`], each
/// element keeping the minimal option sets met so far, as sorted lists (an option set has as
/// many elements as the position has options at most, far fewer than the candidate has).
///
/// A position whose element has a recorded set inside its own is not extended: for any H,
/// `G + H` is an N-failure exactly when `Φ(G)·Φ(H) ∉ P`, no element of `S(G)·Φ(H)` is in P and
/// no option `G + H'` is in P; the earlier position G₀ with the same element and the smaller
/// set then fails as well, and `G₀ + H` comes first. The least failure is therefore never cut
/// off. The empty position (the only one without options) is never recorded.
/// [`least_n_failure_by_option_sets`] is the same search on bit sets, the tests' reference.
///
/// Where the option sets keep many more minimal entries than the candidate has elements (more
/// than [`SETS_PER_ELEMENT`] each; Dawson's Kayles keeps a dozen), the search starts again on
/// their reaches ([`least_n_failure_by_reaches`]), which keep about one per element but cost
/// the candidate's size per set; elsewhere (Officers-like codes) option sets are many times
/// faster. Both give the same position.
pub(crate) fn least_n_failure(
    automaton: &Automaton,
    letters: &Letters,
    bound: Option<&[u32]>,
    max_types: usize,
    limits: &Limits,
) -> Result<Option<Vec<u32>>> {
    let budget = automaton.n_states().saturating_mul(SETS_PER_ELEMENT).max(4096);
    match least_n_failure_by_sorted_sets(
        automaton,
        letters,
        bound,
        max_types,
        Some(budget),
        limits,
    )? {
        Some(found) => Ok(found),
        None => least_n_failure_by_reaches(automaton, letters, bound, max_types, limits),
    }
}

/// The minimal option sets [`least_n_failure`] keeps, per element of the candidate, before it
/// turns to reaches.
const SETS_PER_ELEMENT: usize = 6;

/// The search of [`least_n_failure`] on sorted option sets; `None` when more than `budget`
/// sets would be kept.
pub(crate) fn least_n_failure_by_sorted_sets(
    automaton: &Automaton,
    letters: &Letters,
    bound: Option<&[u32]>,
    max_types: usize,
    budget: Option<usize>,
    limits: &Limits,
) -> Result<Option<Option<Vec<u32>>>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = automaton.n_states();
    let mut minimal: Vec<Vec<Vec<u32>>> = vec![Vec::new(); n];
    // The elements `x · O(letter)`, sorted, for each (x, letter) asked for.
    let mut images: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
    let mut queue: BinaryHeap<Reverse<(InOrder, u32, Vec<u32>)>> = BinaryHeap::new();
    queue.push(Reverse((InOrder(Vec::new()), 0, Vec::new())));
    let (mut popped, mut kept) = (0u64, 0usize);
    // Elements held in sets, 4 bytes each, checked against the memory limit.
    let mut held = 0u64;
    while let Some(Reverse((InOrder(position), x, set))) = queue.pop() {
        popped += 1;
        held -= set.len() as u64;
        if popped.is_multiple_of(1024) {
            limits.check()?;
            limits.count_bytes(held * 4, "the search for the least mispredicted position")?;
        }
        if bound.is_some_and(|b| !precedes(&position, b)) {
            break;
        }
        if !position.is_empty() {
            let recorded = &mut minimal[x as usize];
            if recorded.iter().any(|r| is_sorted_subset(r, &set)) {
                continue;
            }
            let before = recorded.len();
            recorded.retain(|r| !is_sorted_subset(&set, r));
            kept -= before - recorded.len();
            held += set.len() as u64;
            recorded.push(set.clone());
            kept += 1;
            if kept > max_types {
                return Err(too_many_types(max_types, n));
            }
            if budget.is_some_and(|budget| kept > budget) {
                return Ok(None);
            }
            if !automaton.p[x as usize] && set.iter().all(|&s| !automaton.p[s as usize]) {
                return Ok(Some(Some(position)));
            }
        }
        let top = position.first().map_or(letters.len() as u32, |&l| l + 1);
        for letter in 0..top {
            let x2 = automaton.step(x, letter);
            let image = images.entry((x, letter)).or_insert_with(|| {
                let mut elements: Vec<u32> = letters.options[letter as usize]
                    .iter()
                    .map(|option| automaton.walk(x, option))
                    .collect();
                elements.sort_unstable();
                elements.dedup();
                elements
            });
            let mut set2: Vec<u32> = set.iter().map(|&s| automaton.step(s, letter)).collect();
            set2.extend_from_slice(image);
            set2.sort_unstable();
            set2.dedup();
            if minimal[x2 as usize].iter().any(|r| is_sorted_subset(r, &set2)) {
                continue;
            }
            let mut position2 = Vec::with_capacity(position.len() + 1);
            position2.push(letter);
            position2.extend_from_slice(&position);
            queue.try_reserve(1).map_err(|_| out_of_memory(limits))?;
            held += set2.len() as u64;
            queue.push(Reverse((InOrder(position2), x2, set2)));
        }
    }
    Ok(Some(None))
}

/// Whether sorted list `a` is inside sorted list `b`.
fn is_sorted_subset(a: &[u32], b: &[u32]) -> bool {
    if a.len() > b.len() {
        return false;
    }
    let mut rest = b.iter();
    a.iter().all(|x| rest.any(|y| y == x))
}

/// [`least_n_failure`] keeping, for each element, the minimal *reaches* met so far (the reach `U(S)` of an option set S, as in
/// [`verify`]: `G + H` has an option `G' + H` in P exactly when `Φ(H) ∈ U(S(G))`).
///
/// A non-empty position G whose element has a recorded reach inside its own is not extended:
/// for any H, `G + H` is an N-failure exactly when `Φ(G)·Φ(H) ∉ P`, `Φ(H) ∉ U(S(G))` and no
/// option `G + H'` is in P; the earlier position G₀ with the same element and the smaller reach
/// then has `Φ(H) ∉ U(S(G₀))` too, so `G₀ + H`, which comes first, fails as well. The least
/// failure is therefore never cut off. The empty position (the only one without options) is never
/// recorded. Option sets with equal reaches make one entry, so far fewer positions may be kept
/// than by option sets, at the cost of sets as large as the candidate.
pub(crate) fn least_n_failure_by_reaches(
    automaton: &Automaton,
    letters: &Letters,
    bound: Option<&[u32]>,
    max_types: usize,
    limits: &Limits,
) -> Result<Option<Vec<u32>>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = automaton.n_states();
    let words = n.div_ceil(64).max(1);
    let tree = Spanning::of(automaton);
    let mut scratch = Vec::new();
    // `U(s)` of the elements asked for, and each letter's action `m ↦ h·m` read down one
    // column.
    let mut element_reach: HashMap<u32, Bits> = HashMap::new();
    let mut columns: Vec<Option<Vec<u32>>> = vec![None; letters.len()];
    let mut minimal: Vec<Vec<Bits>> = vec![Vec::new(); n];
    let mut queue: BinaryHeap<Reverse<(InOrder, u32, Bits)>> = BinaryHeap::new();
    queue.push(Reverse((InOrder(Vec::new()), 0, empty_bits(words))));
    let (mut popped, mut kept) = (0u64, 0usize);
    // Every set held costs its words and a little more, and each letter's column 4 bytes an
    // element; checked against the memory limit.
    let set_bytes = words as u64 * 8 + 48;
    let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
    while let Some(Reverse((InOrder(position), x, reach))) = queue.pop() {
        popped += 1;
        if popped.is_multiple_of(1024) {
            limits.check()?;
            let held = queue.len() + kept + element_reach.len();
            let column_bytes = columns.iter().flatten().count() as u64 * n as u64 * 4;
            limits.count_bytes(
                held as u64 * set_bytes + column_bytes,
                "the search for the least mispredicted position",
            )?;
        }
        if bound.is_some_and(|b| !precedes(&position, b)) {
            break;
        }
        if !position.is_empty() {
            let recorded = &mut minimal[x as usize];
            if recorded.iter().any(|r| subset(r, &reach)) {
                continue;
            }
            let before = recorded.len();
            recorded.retain(|r| !subset(&reach, r));
            kept -= before - recorded.len();
            recorded.push(reach.clone());
            kept += 1;
            if kept > max_types {
                return Err(too_many_types(max_types, n));
            }
            // Options, none in P: `1 ∉ U(S)`.
            if !automaton.p[x as usize] && reach[0] & 1 == 0 {
                return Ok(Some(position));
            }
        }
        let top = position.first().map_or(letters.len() as u32, |&l| l + 1);
        let reach_empty = reach.iter().all(|&w| w == 0);
        for letter in 0..top {
            let x2 = automaton.step(x, letter);
            // `U(x·O_j)` first: a recorded reach inside it alone cuts the successor off
            // before the costlier part is built.
            let mut reach2 = empty_bits(words);
            for option in &letters.options[letter as usize] {
                let y = automaton.walk(x, option);
                let of_y = element_reach.entry(y).or_insert_with(|| {
                    let mut bits = empty_bits(words);
                    tree.reach(automaton, y, &mut scratch, &mut bits);
                    bits
                });
                for (a, b) in reach2.iter_mut().zip(of_y.iter()) {
                    *a |= b;
                }
            }
            if minimal[x2 as usize].iter().any(|r| subset(r, &reach2)) {
                continue;
            }
            // ∪ h⁻¹·U: the m with h·m in U.
            if !reach_empty {
                let column = columns[letter as usize].get_or_insert_with(|| {
                    (0..n as u32).map(|m| automaton.step(m, letter)).collect()
                });
                or_preimage(column, &reach, &mut reach2);
            }
            if minimal[x2 as usize].iter().any(|r| subset(r, &reach2)) {
                continue;
            }
            let mut position2 = Vec::with_capacity(position.len() + 1);
            position2.push(letter);
            position2.extend_from_slice(&position);
            queue.try_reserve(1).map_err(|_| out_of_memory(limits))?;
            queue.push(Reverse((InOrder(position2), x2, reach2)));
        }
    }
    Ok(None)
}

/// [`least_n_failure`] on whole option sets as bit sets: the reference it is tested against. Positions in the order of [`precedes`], each element keeping the minimal
/// option sets met so far. A position whose element has a recorded
/// set inside its own is not extended: for any H, the earlier position with the smaller set,
/// plus H, comes first and fails whenever this one plus H does (its set is smaller and not
/// empty). The empty set (the empty position's) is never recorded.
#[cfg(test)]
pub(crate) fn least_n_failure_by_option_sets(
    automaton: &Automaton,
    letters: &Letters,
    bound: Option<&[u32]>,
    max_types: usize,
    limits: &Limits,
) -> Result<Option<Vec<u32>>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = automaton.n_states();
    let words = n.div_ceil(64).max(1);
    let mut p_bits = empty_bits(words);
    for (state, &is_p) in automaton.p.iter().enumerate() {
        if is_p {
            set_bit(&mut p_bits, state as u32);
        }
    }
    let mut minimal: Vec<Vec<Bits>> = vec![Vec::new(); n];
    let mut images: HashMap<(u32, u32), Bits> = HashMap::new();
    let mut queue: BinaryHeap<Reverse<(InOrder, u32, Bits)>> = BinaryHeap::new();
    queue.push(Reverse((InOrder(Vec::new()), 0, empty_bits(words))));
    let (mut popped, mut kept) = (0u64, 0usize);
    let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
    while let Some(Reverse((InOrder(position), x, set))) = queue.pop() {
        popped += 1;
        if popped.is_multiple_of(4096) {
            limits.check()?;
        }
        if bound.is_some_and(|b| !precedes(&position, b)) {
            break;
        }
        let nonempty = set.iter().any(|&w| w != 0);
        if nonempty {
            let recorded = &mut minimal[x as usize];
            if recorded.iter().any(|r| subset(r, &set)) {
                continue;
            }
            recorded.retain(|r| !subset(&set, r));
            recorded.push(set.clone());
            kept += 1;
            if kept > max_types {
                return Err(too_many_types(max_types, n));
            }
            let meets_p = set.iter().zip(p_bits.iter()).any(|(a, b)| a & b != 0);
            if !automaton.p[x as usize] && !meets_p {
                return Ok(Some(position));
            }
        }
        let top = position.first().map_or(letters.len() as u32, |&l| l + 1);
        for letter in 0..top {
            let x2 = automaton.step(x, letter);
            let set2 = successor_set(automaton, letters, &mut images, x, &set, letter);
            if minimal[x2 as usize].iter().any(|r| subset(r, &set2)) {
                continue;
            }
            let mut position2 = Vec::with_capacity(position.len() + 1);
            position2.push(letter);
            position2.extend_from_slice(&position);
            queue.try_reserve(1).map_err(|_| out_of_memory(limits))?;
            queue.push(Reverse((InOrder(position2), x2, set2)));
        }
    }
    Ok(None)
}

#[cfg(test)]
thread_local! {
    /// Set by a test: [`least_mistake`] then checks every N-failure search against
    /// [`least_n_failure_by_option_sets`] and counts the comparisons in `COMPARED`.
    pub(crate) static COMPARE_WITH_OPTION_SETS: std::cell::Cell<bool> =
        const { std::cell::Cell::new(false) };
    pub(crate) static COMPARED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The least position `automaton` mispredicts (`None`: it predicts every position), by the
/// two kinds of failure: predicted P with an option predicted P ([`least_p_failure`], a
/// formula), and predicted N with options none of which is predicted P ([`least_n_failure`],
/// a search that stops at the first). A position is predicted right exactly when it is neither
/// (induction in the order of [`precedes`], where every option comes first).
pub(crate) fn least_mistake(
    automaton: &Automaton,
    letters: &Letters,
    least: &[Vec<u32>],
    max_types: usize,
    limits: &Limits,
) -> Result<Option<Vec<u32>>> {
    let p_failure = least_p_failure(automaton, letters, least);
    let n_failure = least_n_failure(automaton, letters, p_failure.as_deref(), max_types, limits)?;
    #[cfg(test)]
    if COMPARE_WITH_OPTION_SETS.with(std::cell::Cell::get) {
        let reference = least_n_failure_by_option_sets(
            automaton,
            letters,
            p_failure.as_deref(),
            usize::MAX,
            limits,
        )?;
        assert_eq!(n_failure, reference, "the least N-failure and the reference's");
        let by_reaches = least_n_failure_by_reaches(
            automaton,
            letters,
            p_failure.as_deref(),
            usize::MAX,
            limits,
        )?;
        assert_eq!(by_reaches, reference, "the least N-failure by reaches and the reference's");
        let by_sorted_sets = least_n_failure_by_sorted_sets(
            automaton,
            letters,
            p_failure.as_deref(),
            usize::MAX,
            None,
            limits,
        )?;
        assert_eq!(by_sorted_sets, Some(reference), "by sorted sets and the reference's");
        COMPARED.with(|c| c.set(c.get() + 1));
    }
    Ok(match (p_failure, n_failure) {
        (Some(p), Some(n)) => Some(if precedes(&n, &p) { n } else { p }),
        (p, n) => p.or(n),
    })
}

/// The error for an allocation the machine refused.
pub(crate) fn out_of_memory(limits: &Limits) -> Error {
    Error::limit(
        Limit::Memory,
        limits.max_bytes,
        "memory for the misère quotient (the machine gave no more)",
    )
}

fn sorted(mut letters: Vec<u32>) -> Vec<u32> {
    letters.sort_unstable();
    letters
}

fn joined(a: &[u32], b: &[u32]) -> Vec<u32> {
    sorted(a.iter().chain(b).copied().collect())
}
