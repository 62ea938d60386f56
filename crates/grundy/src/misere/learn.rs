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
//! **Learning.** Misère P-positions of a heap game form a commutative language over the alphabet
//! of heaps, and its minimal automaton's states are exactly the misère quotient's elements (for a
//! commutative language the right congruence is the syntactic congruence). The quotient is learnt
//! as that automaton: an observation table of access positions and test positions, filled with
//! exact outcomes ([`Oracle`]), closed, checked to commute, then [`verify`]-ed; a failure gives a
//! position the hypothesis mispredicts, and a binary search along it (Rivest and Schapire) gives
//! a new test that splits a state. Each round adds a state or a test, and a learnt hypothesis that
//! passes [`verify`] is the quotient itself (minimal, since its states are told apart by tests).
//!
//! **Heap by heap.** Outcomes of positions whose heaps are all covered by the last proven
//! quotient are read from it, so exact search is needed only for positions holding a new heap;
//! and a new heap is first tried as each existing element (a conservative extension), which
//! [`verify`] settles without any search.

use crate::error::{Error, Result};
use crate::limits::{Limit, Limits};
use foldhash::{HashMap, HashMapExt};

/// A set of elements, as a bit set over the elements of one monoid.
pub(crate) type Bits = Box<[u64]>;

fn empty_bits(words: usize) -> Bits {
    vec![0u64; words].into_boxed_slice()
}

fn set_bit(bits: &mut [u64], i: u32) {
    bits[(i / 64) as usize] |= 1u64 << (i % 64);
}

fn has_bit(bits: &[u64], i: u32) -> bool {
    bits[(i / 64) as usize] >> (i % 64) & 1 == 1
}

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

/// The reachable types of one automaton, with how each was reached.
#[derive(Debug, Clone, Default)]
pub(crate) struct Types {
    pub elements: Vec<u32>,
    pub sets: Vec<Bits>,
    /// `(parent type, letter added)`; the first type has none.
    pub parents: Vec<Option<(u32, u32)>>,
    index: HashMap<(u32, Bits), u32>,
    /// How many letters the first `old_count` types have already been extended by.
    pub letters_done: usize,
    old_count: usize,
}

impl Types {
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// The position (as letters, in the order added) that first reached type `t`.
    pub fn word(&self, t: u32) -> Vec<u32> {
        let mut word = Vec::new();
        let mut at = t;
        while let Some((parent, letter)) = self.parents[at as usize] {
            word.push(letter);
            at = parent;
        }
        word.reverse();
        word
    }
}

/// The option set of `G + letter` for a position G of element `x` and option set `set`:
/// `set · h ∪ x · O(letter)`; the images `x · O(letter)` are kept in `images`.
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

/// What [`verify`] found.
pub(crate) enum Verdict {
    /// Every reachable type is consistent: the hypothesis predicts every outcome.
    Correct,
    /// The first inconsistent type found, by the position that reached it.
    Fails(Vec<u32>),
}

/// Breadth-first search of the reachable types of `automaton` (extending `types`, whose types
/// are already closed under the first `types.letters_done` letters), checking each.
pub(crate) fn verify(
    automaton: &Automaton,
    letters: &Letters,
    types: &mut Types,
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
            return Ok(Verdict::Fails(Vec::new()));
        }
        types.index.insert((0, set.clone()), 0);
        types.elements.push(0);
        types.sets.push(set);
        types.parents.push(None);
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
            reserve_type(types, limits)?;
            types.index.insert(key, new_t);
            types.elements.push(x2);
            types.sets.push(scratch.clone());
            types.parents.push(Some((t, letter)));
            if !consistent(x2, &scratch) {
                let word = types.word(new_t);
                return Ok(Verdict::Fails(word));
            }
            if types.len() > max_types {
                return Err(Error::limit(
                    Limit::Positions,
                    max_types as u64,
                    format!(
                        "types of positions to check the quotient ({} elements)",
                        automaton.n_states()
                    ),
                ));
            }
        }
    }
    types.letters_done = n_letters;
    types.old_count = types.len();
    Ok(Verdict::Correct)
}

fn reserve_type(types: &mut Types, limits: &Limits) -> Result<()> {
    let fail = |_| out_of_memory(limits);
    types.index.try_reserve(1).map_err(fail)?;
    types.elements.try_reserve(1).map_err(fail)?;
    types.sets.try_reserve(1).map_err(fail)?;
    types.parents.try_reserve(1).map_err(fail)?;
    Ok(())
}

impl Types {
    /// Drops the types found since the last successful [`verify`].
    pub fn rollback(&mut self) {
        for t in self.old_count..self.len() {
            self.index.remove(&(self.elements[t], self.sets[t].clone()));
        }
        self.elements.truncate(self.old_count);
        self.sets.truncate(self.old_count);
        self.parents.truncate(self.old_count);
    }
}

/// `a` comes before `b` in the order where every option comes before its position: heaps
/// sorted from the largest, compared lexicographically (a prefix first). Letters are numbered
/// in increasing heap size, and positions are kept sorted ascending.
pub(crate) fn precedes(a: &[u32], b: &[u32]) -> bool {
    a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Less
}

/// The reachable types of `automaton` in the order of their least positions (Dijkstra's
/// search keyed by [`precedes`]); the first inconsistent one is met at the least position the
/// automaton mispredicts, so every position before it is predicted right — and so are its
/// options, which makes the failure's true outcome the opposite of the prediction.
pub(crate) fn least_failure(
    automaton: &Automaton,
    letters: &Letters,
    max_types: usize,
    limits: &Limits,
) -> Result<(Verdict, Types)> {
    let mut p: Vec<Option<bool>> = automaton.p.iter().map(|&b| Some(b)).collect();
    least_failure_assigning(automaton, &mut p, letters, max_types, limits)
}

/// [`least_failure`] for an automaton whose P-states are not all known: an element's status is
/// set by its least position (whose options come before it, so their elements are known), and
/// checked at every later type. When it returns [`Verdict::Correct`], every element met has a
/// status and the automaton with those statuses predicts every outcome.
pub(crate) fn least_failure_assigning(
    automaton: &Automaton,
    p: &mut [Option<bool>],
    letters: &Letters,
    max_types: usize,
    limits: &Limits,
) -> Result<(Verdict, Types)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    #[derive(PartialEq, Eq)]
    struct Key(Vec<u32>);
    impl Ord for Key {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            self.0.iter().rev().cmp(other.0.iter().rev())
        }
    }
    impl PartialOrd for Key {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }
    let words = automaton.n_states().div_ceil(64).max(1);
    let mut consistent = |element: u32, set: &[u64]| {
        let nonempty = set.iter().any(|&w| w != 0);
        let meets_p = bits_iter(set).any(|s| p[s as usize] == Some(true));
        let status = nonempty && !meets_p;
        match p[element as usize] {
            Some(known) => known == status,
            None => {
                p[element as usize] = Some(status);
                true
            }
        }
    };
    let mut types = Types::default();
    let mut images: HashMap<(u32, u32), Bits> = HashMap::new();
    // (position, element, set, parent type, letter)
    type Entry = Reverse<(Key, u32, Bits, u32, u32)>;
    let mut queue: BinaryHeap<Entry> = BinaryHeap::new();
    queue.push(Reverse((Key(Vec::new()), 0, empty_bits(words), u32::MAX, u32::MAX)));
    let mut popped = 0u64;
    while let Some(Reverse((Key(position), x, set, parent, letter))) = queue.pop() {
        popped += 1;
        if popped.is_multiple_of(4096) {
            limits.check()?;
        }
        let key = (x, set);
        if types.index.contains_key(&key) {
            continue;
        }
        let t = types.len() as u32;
        reserve_type(&mut types, limits)?;
        types.index.insert(key.clone(), t);
        types.elements.push(x);
        types.parents.push((parent != u32::MAX).then_some((parent, letter)));
        let (x, set) = key;
        if !consistent(x, &set) {
            types.sets.push(set);
            return Ok((Verdict::Fails(position), types));
        }
        if types.len() > max_types {
            return Err(Error::limit(
                Limit::Positions,
                max_types as u64,
                format!(
                    "types of positions to check the quotient ({} elements)",
                    automaton.n_states()
                ),
            ));
        }
        // The least position of a type is the least of another plus its own smallest heap.
        let top = position.first().map_or(letters.len() as u32, |&l| l + 1);
        for letter in 0..top {
            let x2 = automaton.step(x, letter);
            let set2 = successor_set(automaton, letters, &mut images, x, &set, letter);
            if types.index.contains_key(&(x2, set2.clone())) {
                continue;
            }
            let mut position2 = Vec::with_capacity(position.len() + 1);
            position2.push(letter);
            position2.extend_from_slice(&position);
            queue.try_reserve(1).map_err(|_| out_of_memory(limits))?;
            queue.push(Reverse((Key(position2), x2, set2, t, letter)));
        }
        types.sets.push(set);
    }
    types.letters_done = letters.len();
    types.old_count = types.len();
    Ok((Verdict::Correct, types))
}

/// Exact misère outcomes of positions (sorted letter lists), memoized; positions whose letters
/// are all below `certified.0` are read from a proven quotient.
pub(crate) struct Oracle {
    memo: HashMap<Vec<u32>, bool>,
    /// A proven automaton and the number of letters it covers.
    pub certified: Option<(Automaton, usize)>,
    /// An automaton that predicts every position before the given one correctly.
    pub below: Option<(Automaton, Vec<u32>)>,
    max_positions: usize,
    pub searched: u64,
}

impl Oracle {
    pub fn new(max_positions: usize) -> Oracle {
        Oracle { memo: HashMap::new(), certified: None, below: None, max_positions, searched: 0 }
    }

    /// Forget the memo (kept small between heaps).
    pub fn clear_memo(&mut self) {
        self.memo.clear();
        self.below = None;
    }

    /// Records that `automaton` predicts every position before `failure` right, and
    /// `failure` wrong.
    pub fn learn_failure(&mut self, automaton: &Automaton, failure: &[u32]) {
        let truth = !automaton.p[automaton.walk(0, failure) as usize];
        self.memo.insert(failure.to_vec(), truth);
        let further = match &self.below {
            Some((_, bound)) => precedes(bound, failure),
            None => true,
        };
        if further {
            self.below = Some((automaton.clone(), failure.to_vec()));
        }
    }

    /// Whether `position` is a misère P-position.
    pub fn is_p(&mut self, letters: &Letters, position: &[u32], limits: &Limits) -> Result<bool> {
        if let Some((automaton, covered)) = &self.certified {
            if position.iter().all(|&l| (l as usize) < *covered) {
                return Ok(automaton.p[automaton.walk(0, position) as usize]);
            }
        }
        if let Some((automaton, bound)) = &self.below {
            if precedes(position, bound) {
                return Ok(automaton.p[automaton.walk(0, position) as usize]);
            }
        }
        if let Some(&known) = self.memo.get(position) {
            return Ok(known);
        }
        // Options the best candidate calls P are tried first: where it is right (nearly
        // everywhere), an N-position is settled by its first option and a P-position's options
        // each by theirs, so the search stays close to a single line of play.
        let mut option_positions: Vec<Vec<u32>> = Vec::new();
        let mut i = 0;
        while i < position.len() {
            let letter = position[i];
            for option in &letters.options[letter as usize] {
                let mut option_position = Vec::with_capacity(position.len() + 2);
                merge_replacing(position, i, option, &mut option_position);
                option_positions.push(option_position);
            }
            while i < position.len() && position[i] == letter {
                i += 1;
            }
        }
        let has_option = !option_positions.is_empty();
        if let Some((guide, _)) = &self.below {
            option_positions.sort_by_key(|o| !guide.p[guide.walk(0, o) as usize]);
        }
        let mut is_p = true;
        for option_position in &option_positions {
            if self.is_p(letters, option_position, limits)? {
                is_p = false;
                break;
            }
        }
        let answer = has_option && is_p;
        self.searched += 1;

        if self.memo.len() >= self.max_positions {
            return Err(Error::limit(
                Limit::WholePositions,
                self.max_positions as u64,
                "positions searched exactly while building the misère quotient",
            ));
        }
        if self.searched.is_multiple_of(4096) {
            limits.check()?;
        }
        self.memo.try_reserve(1).map_err(|_| out_of_memory(limits))?;
        self.memo.insert(position.to_vec(), answer);
        Ok(answer)
    }
}

/// The error for an allocation the machine refused.
pub(crate) fn out_of_memory(limits: &Limits) -> Error {
    Error::limit(
        Limit::Memory,
        limits.max_bytes,
        "memory for the misère quotient (the machine gave no more)",
    )
}

/// `position` with its element at `at` replaced by the letters of `option`, sorted.
pub(crate) fn merge_replacing(position: &[u32], at: usize, option: &[u32], out: &mut Vec<u32>) {
    let (mut a, mut b) = (0usize, 0usize);
    while a < position.len() || b < option.len() {
        if a == at {
            a += 1;
            continue;
        }
        let take_option = match (position.get(a), option.get(b)) {
            (Some(&x), Some(&y)) => y < x,
            (None, Some(_)) => true,
            _ => false,
        };
        if take_option {
            out.push(option[b]);
            b += 1;
        } else {
            out.push(position[a]);
            a += 1;
        }
    }
}

fn sorted(mut letters: Vec<u32>) -> Vec<u32> {
    letters.sort_unstable();
    letters
}

fn joined(a: &[u32], b: &[u32]) -> Vec<u32> {
    sorted(a.iter().chain(b).copied().collect())
}

/// The observation table of the learner.
pub(crate) struct Learner {
    /// Test positions; `tests[0]` is the empty position.
    pub tests: Vec<Vec<u32>>,
    /// Access words of the states (letters in the order read); `access[0]` is empty.
    pub access: Vec<Vec<u32>>,
    rows: Vec<Bits>,
    row_index: HashMap<Bits, u32>,
    /// Rows of positions asked for, by sorted position.
    row_cache: HashMap<Vec<u32>, Bits>,
}

impl Learner {
    /// A learner whose tests start as `tests` (the empty position is added first).
    pub fn new(tests: Vec<Vec<u32>>) -> Learner {
        let mut all = vec![Vec::new()];
        for test in tests {
            let test = sorted(test);
            if !all.contains(&test) {
                all.push(test);
            }
        }
        Learner {
            tests: all,
            access: Vec::new(),
            rows: Vec::new(),
            row_index: HashMap::new(),
            row_cache: HashMap::new(),
        }
    }

    fn row(
        &mut self,
        oracle: &mut Oracle,
        letters: &Letters,
        position: &[u32],
        limits: &Limits,
    ) -> Result<Bits> {
        if let Some(row) = self.row_cache.get(position) {
            return Ok(row.clone());
        }
        let mut row = empty_bits(self.tests.len().div_ceil(64));
        for (e, test) in self.tests.iter().enumerate() {
            if oracle.is_p(letters, &joined(position, test), limits)? {
                set_bit(&mut row, e as u32);
            }
        }
        self.row_cache.try_reserve(1).map_err(|_| out_of_memory(limits))?;
        self.row_cache.insert(position.to_vec(), row.clone());
        Ok(row)
    }

    fn add_test(
        &mut self,
        oracle: &mut Oracle,
        letters: &Letters,
        test: Vec<u32>,
        limits: &Limits,
    ) -> Result<()> {
        let test = sorted(test);
        if self.tests.contains(&test) {
            return Err(Error::Unsupported(
                "the misère quotient learner met a counterexample it cannot use".into(),
            ));
        }
        self.tests.push(test);
        let cache = std::mem::take(&mut self.row_cache);
        for (position, _) in cache {
            self.row(oracle, letters, &position, limits)?;
        }
        self.rows.clear();
        self.row_index.clear();
        for s in 0..self.access.len() {
            let position = sorted(self.access[s].clone());
            let row = self.row(oracle, letters, &position, limits)?;
            self.row_index.insert(row.clone(), s as u32);
            self.rows.push(row);
        }
        Ok(())
    }

    /// Learns the automaton of the misère P-positions over `letters`.
    pub fn learn(
        &mut self,
        oracle: &mut Oracle,
        letters: &Letters,
        max_states: usize,
        max_types: usize,
        limits: &Limits,
    ) -> Result<(Automaton, Types)> {
        let n_letters = letters.len();
        if self.access.is_empty() {
            let row = self.row(oracle, letters, &[], limits)?;
            self.row_index.insert(row.clone(), 0);
            self.rows.push(row);
            self.access.push(Vec::new());
        }
        loop {
            limits.check()?;
            // Close the table: every state's successor by every letter is a state.
            let mut delta = Vec::with_capacity(self.access.len() * n_letters);
            let mut s = 0;
            while s < self.access.len() {
                for letter in 0..n_letters as u32 {
                    let mut word = self.access[s].clone();
                    word.push(letter);
                    let position = sorted(word.clone());
                    let row = self.row(oracle, letters, &position, limits)?;
                    let target = match self.row_index.get(&row) {
                        Some(&t) => t,
                        None => {
                            let t = self.access.len() as u32;
                            if t as usize >= max_states {
                                return Err(Error::limit(
                                    Limit::Order,
                                    max_states as u64,
                                    "the misère quotient grows past its largest order",
                                ));
                            }
                            self.row_index.insert(row.clone(), t);
                            self.rows.push(row);
                            self.access.push(word);
                            t
                        }
                    };
                    delta.push(target);
                }
                s += 1;
            }
            let p = self.rows.iter().map(|row| has_bit(row, 0)).collect();
            let automaton = Automaton { delta, n_letters, p };
            // Letters must commute: a position's state may not depend on the reading order.
            if let Some((word, lo, hi)) = self.noncommuting(oracle, letters, &automaton, limits)? {
                self.refine(oracle, letters, &automaton, &word, lo, hi, limits)?;
                continue;
            }
            match least_failure(&automaton, letters, max_types, limits)? {
                (Verdict::Correct, types) => return Ok((automaton, types)),
                (Verdict::Fails(word), _) => {
                    oracle.learn_failure(&automaton, &word);
                    let hi = word.len();
                    self.refine(oracle, letters, &automaton, &word, 0, hi, limits)?;
                }
            }
        }
    }

    /// A place where two letters do not commute, as a word and a range over which the
    /// Rivest–Schapire function changes.
    fn noncommuting(
        &mut self,
        oracle: &mut Oracle,
        letters: &Letters,
        automaton: &Automaton,
        limits: &Limits,
    ) -> Result<Option<(Vec<u32>, usize, usize)>> {
        let n_letters = automaton.n_letters as u32;
        for s in 0..automaton.n_states() as u32 {
            for j in 0..n_letters {
                let sj = automaton.step(s, j);
                for k in j + 1..n_letters {
                    let a = automaton.step(sj, k);
                    let b = automaton.step(automaton.step(s, k), j);
                    if a == b {
                        continue;
                    }
                    let (ra, rb) = (&self.rows[a as usize], &self.rows[b as usize]);
                    let e = (0..self.tests.len() as u32)
                        .find(|&e| has_bit(ra, e) != has_bit(rb, e))
                        .expect("distinct states have distinct rows");
                    let test = self.tests[e as usize].clone();
                    let access = self.access[s as usize].clone();
                    let whole = joined(&joined(&access, &[j, k]), &test);
                    let truth = oracle.is_p(letters, &whole, limits)?;
                    let (first, second) = if has_bit(ra, e) != truth { (j, k) } else { (k, j) };
                    let mut word = access;
                    word.push(first);
                    word.push(second);
                    let mid = word.len();
                    word.extend(test);
                    return Ok(Some((word, 0, mid)));
                }
            }
        }
        Ok(None)
    }

    /// Rivest–Schapire: along `word`, `alpha(i)` is the outcome of (the access word of the state
    /// reached after `i` letters) plus the rest of the word; it differs at `lo` and `hi`, so it
    /// changes somewhere between, and the rest of the word after that place is a new test.
    #[allow(clippy::too_many_arguments)]
    fn refine(
        &mut self,
        oracle: &mut Oracle,
        letters: &Letters,
        automaton: &Automaton,
        word: &[u32],
        mut lo: usize,
        mut hi: usize,
        limits: &Limits,
    ) -> Result<()> {
        let alpha = |i: usize, oracle: &mut Oracle| -> Result<bool> {
            let state = automaton.walk(0, &word[..i]);
            let position = joined(&self.access[state as usize], &word[i..]);
            oracle.is_p(letters, &position, limits)
        };
        let at_lo = alpha(lo, oracle)?;
        let at_hi = alpha(hi, oracle)?;
        if at_lo == at_hi {
            return Err(Error::Unsupported(
                "the misère quotient learner was given a position that is not a counterexample"
                    .into(),
            ));
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(mid, oracle)? == at_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        self.add_test(oracle, letters, word[hi..].to_vec(), limits)
    }
}
