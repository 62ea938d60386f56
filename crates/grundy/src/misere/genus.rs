//! Conway's genus (On Numbers and Games, ch. 12; Winning Ways, ch. 13) and the tame-sum rule.
//!
//! The genus of a game G is g^γ0γ1γ2…: g is its normal-play Grundy value and γk the misère
//! Grundy value of G + *2 + … + *2 (k copies of *2). The misère Grundy value of a game is 1
//! when it has no option, else the mex of its options' misère values; G is a misère P-position
//! exactly when γ0 = 0.
//!
//! **Computing γk from the options.** The options of G + k·*2 are G' + k·*2 (values γk(G')),
//! G + (k−1)·*2 (value γk−1(G)) and G + (k−1)·*2 + *1. For every game H the misère value of
//! H + *1 is that of H XOR 1 (by induction: with v = mex S the misère value of H, the options of
//! H + *1 have the values S ⊕ 1 and v, whose mex is v ⊕ 1 whether v is even or odd; H + *1
//! always has an option). So
//!
//! γ0 = mex{γ0(G')} (1 without options), γk = mex({γk(G')} ∪ {γk−1, γk−1 ⊕ 1}) for k ≥ 1,
//!
//! which needs the genera of the options (sums of heaps, for a heap game) and nothing else.
//!
//! **When the sequence is known for ever.** If every option's sequence satisfies
//! γk+2 = γk from index s' on, let K be the largest s' (0 without options). For k ≥ max(K, 1)
//! the set {γk(G')} depends only on the parity of k, so γk = F_parity(γk−1) for a fixed pair of
//! maps. Hence once γk = γk−2 for some k ≥ max(K, 1) + 1, induction gives γm+2 = γm for every
//! m ≥ k − 2: the genus is then written with the shortest prefix after which the last two
//! digits alternate for ever (0^120 is 1, 2, 0, 2, 0, …).
//!
//! **Tame games.** A genus is *tame* when γ0 is g (for g ≥ 2 always; for g ≤ 1 this is the
//! fickle 0^02 and 1^13), or γ0 = g ⊕ 1 with g ≤ 1 (the firm 0^120 and 1^031), and γk = g ⊕ 2
//! for odd k, g for even k ≥ 2: the genera of Nim positions. A game is tame when its genus is
//! tame and every option is tame. Conway's theorem: a sum of tame games is tame, with
//! g = XOR of the parts' g, and it is firm exactly when every part is firm — the rule of misère
//! Nim, where the firm positions are those without a heap of two or more. So a sum of tame
//! parts is a misère P-position exactly when its γ0 = 0: g = 1 if every part is firm, g = 0
//! otherwise. A sum with a wild part is never decided by this rule here. The tests check the
//! theorem against the exhaustive search on sums of many games.

use crate::error::{Error, Result};
use crate::limits::{Limit, Limits};
use crate::rules::heap::{HeapGame, HeapRules};
use crate::ruleset::{options_within, Options};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Past this many terms beyond the options' own, the sequence is declared not found (Conway's
/// theorem says it settles within two; this only guards the loop).
const MAX_EXTRA_TERMS: usize = 64;

/// The genus g^γ0γ1… of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    /// g: the normal-play Grundy value.
    pub normal: u64,
    /// γ0, γ1, … up to γ(s+1), where `stable_from` is s: from γs on the terms alternate.
    gammas: Vec<u64>,
    stable_from: usize,
}

impl Genus {
    /// The genus of the empty game, 0^120.
    pub fn zero() -> Genus {
        Genus { normal: 0, gammas: vec![1, 2, 0], stable_from: 1 }
    }

    /// γk: the misère Grundy value of the game plus k copies of *2.
    pub fn gamma(&self, k: usize) -> u64 {
        if k < self.gammas.len() {
            self.gammas[k]
        } else {
            let s = self.stable_from;
            self.gammas[s + (k - s) % 2]
        }
    }

    /// γ0, the misère Grundy value: 0 exactly for a misère P-position.
    pub fn misere(&self) -> u64 {
        self.gammas[0]
    }

    /// The index from which γk+2 = γk for every k.
    pub fn stable_from(&self) -> usize {
        self.stable_from
    }

    /// The written terms γ0 … γ(s+1).
    pub fn terms(&self) -> &[u64] {
        &self.gammas
    }

    /// Whether this is one of the genera of Nim positions (see the module documentation).
    pub fn is_tame_form(&self) -> bool {
        let g = self.normal;
        let g0 = self.gammas[0];
        let first = g0 == g || (g <= 1 && g0 == g ^ 1);
        first && (1..=self.stable_from + 2).all(|k| self.gamma(k) == g ^ (2 * (k as u64 % 2)))
    }

    /// Firm: γ0 = g ⊕ 1 (the genera 0^120 and 1^031 of Nim positions without a heap of two or
    /// more); meaningful for tame genera.
    pub fn is_firm(&self) -> bool {
        self.normal <= 1 && self.gammas[0] == self.normal ^ 1
    }

    /// The genus of a sum of tame games with nim-sum `normal`, firm when every part is.
    pub fn tame(normal: u64, firm: bool) -> Genus {
        let g0 = if firm { normal ^ 1 } else { normal };
        Genus::settled(normal, vec![g0, normal ^ 2, normal, normal ^ 2], 1)
    }

    /// From a sequence known to satisfy γk+2 = γk for k ≥ `proven_from`: the shortest form.
    fn settled(normal: u64, mut terms: Vec<u64>, proven_from: usize) -> Genus {
        let mut s = proven_from;
        while s > 0 && terms[s - 1] == terms[s + 1] {
            s -= 1;
        }
        terms.truncate(s + 2);
        Genus { normal, gammas: terms, stable_from: s }
    }

    /// The genus of a game whose options have the genera `options` (the rules in the module
    /// documentation).
    pub fn from_options(options: &[&Genus]) -> Result<Genus> {
        let normal = mex(options.iter().map(|o| o.normal));
        let settled_from = options.iter().map(|o| o.stable_from).max().unwrap_or(0);
        let mut terms =
            vec![if options.is_empty() { 1 } else { mex(options.iter().map(|o| o.gamma(0))) }];
        for k in 1.. {
            let before = terms[k - 1];
            let value = mex(options.iter().map(|o| o.gamma(k)).chain([before, before ^ 1]));
            terms.push(value);
            if k > settled_from.max(1) && terms[k] == terms[k - 2] {
                return Ok(Genus::settled(normal, terms, k - 2));
            }
            if k > settled_from + MAX_EXTRA_TERMS {
                break;
            }
        }
        Err(Error::Unsupported(format!(
            "the misère values of a game plus copies of *2 did not settle within {MAX_EXTRA_TERMS} terms"
        )))
    }
}

/// `4^146`, as the literature writes it; `12^(12,14)` when a term has two digits.
impl std::fmt::Display for Genus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.gammas.iter().all(|&v| v < 10) {
            let digits: String = self.gammas.iter().map(|v| v.to_string()).collect();
            write!(f, "{}^{digits}", self.normal)
        } else {
            let terms: Vec<String> = self.gammas.iter().map(u64::to_string).collect();
            write!(f, "{}^({})", self.normal, terms.join(","))
        }
    }
}

/// The mex of `values`: [`crate::nimber::mex`] (a bitmask, never a sort).
fn mex(values: impl Iterator<Item = u64>) -> u64 {
    crate::nimber::mex(values)
}

/// The genus of a position and whether it is tame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenusEntry {
    /// Its genus.
    pub genus: Genus,
    /// Whether it is tame: a tame genus, and every option tame.
    pub tame: bool,
}

impl GenusEntry {
    fn zero() -> GenusEntry {
        GenusEntry { genus: Genus::zero(), tame: true }
    }
}

/// The genera of a heap game's heaps and positions, computed exactly and kept.
///
/// Heaps are added in order (their options hold only smaller heaps). A position all of whose
/// heaps are tame gets its genus from the tame-sum rule; any other position from its options,
/// by a search over the positions it can reach (heaps without a move are dropped: they are the
/// empty game), keeping at most `max_positions` of them. Once a heap passes that bound, it and
/// every larger heap stay unknown (asking again gives the same error at once).
pub struct GenusTable {
    game: HeapGame,
    max_positions: usize,
    heaps: Vec<GenusEntry>,
    /// Whether heap n has a move.
    live: Vec<bool>,
    positions: HashMap<Vec<u64>, GenusEntry>,
    /// The heap whose genus passed the bound, and the error it gave.
    stopped: Option<(u64, String)>,
}

impl GenusTable {
    /// An empty table for `game`, keeping at most `max_positions` positions of several heaps.
    pub fn new(game: &HeapGame, max_positions: usize) -> GenusTable {
        GenusTable {
            game: game.clone(),
            max_positions,
            heaps: Vec::new(),
            live: Vec::new(),
            positions: HashMap::new(),
            stopped: None,
        }
    }

    /// The genus of heap `n` (and of every smaller heap, computed on the way).
    pub fn heap(&mut self, n: u64, limits: &Limits) -> Result<&GenusEntry> {
        if let Some((at, what)) = &self.stopped {
            if n >= *at {
                return Err(Error::limit(
                    Limit::WholePositions,
                    self.max_positions as u64,
                    what.clone(),
                ));
            }
        }
        while (self.heaps.len() as u64) <= n {
            let next = self.heaps.len() as u64;
            if let Err(error) = self.add_heap(next, limits) {
                if let Error::Limit { limit: Limit::WholePositions, what, .. } = &error {
                    self.stopped = Some((next, what.clone()));
                }
                return Err(error);
            }
        }
        Ok(&self.heaps[n as usize])
    }

    /// The genus of the sum of `heaps`.
    pub fn position(&mut self, heaps: &[u64], limits: &Limits) -> Result<GenusEntry> {
        if let Some(&largest) = heaps.iter().max() {
            self.heap(largest, limits)?;
        }
        let key = self.key(heaps);
        if let Some(entry) = self.lookup(&key) {
            return Ok(entry);
        }
        self.search(key, limits)
    }

    /// Whether every heap of `heaps` is tame (so the tame-sum rule decides their sum).
    pub fn all_tame(&mut self, heaps: &[u64], limits: &Limits) -> Result<bool> {
        for &h in heaps {
            if !self.heap(h, limits)?.tame {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn add_heap(&mut self, n: u64, limits: &Limits) -> Result<()> {
        limits.check()?;
        let mut options = Options::new();
        options_within(&self.game, &n, &mut options, limits)?;
        let keys: Vec<Vec<u64>> = options.iter().map(|parts| self.key(parts)).collect();
        for key in &keys {
            if self.lookup(key).is_none() {
                self.search(key.clone(), limits)?;
            }
        }
        let entries: Vec<GenusEntry> =
            keys.iter().map(|k| self.lookup(k).expect("searched above")).collect();
        let entry = combine(&entries)?;
        self.live.push(!keys.is_empty());
        self.heaps.push(entry);
        Ok(())
    }

    /// The live heaps of a position, sorted.
    fn key(&self, heaps: &[u64]) -> Vec<u64> {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| self.live[h as usize]).collect();
        key.sort_unstable();
        key
    }

    /// The entry of a position already known, or given by a rule (empty, one heap, all tame).
    fn lookup(&self, key: &[u64]) -> Option<GenusEntry> {
        match key {
            [] => Some(GenusEntry::zero()),
            [h] => Some(self.heaps[*h as usize].clone()),
            _ if key.iter().all(|&h| self.heaps[h as usize].tame) => {
                let mut normal = 0;
                let mut firm = true;
                for &h in key {
                    let genus = &self.heaps[h as usize].genus;
                    normal ^= genus.normal;
                    firm &= genus.is_firm();
                }
                Some(GenusEntry { genus: Genus::tame(normal, firm), tame: true })
            }
            _ => self.positions.get(key).cloned(),
        }
    }

    /// The options of a position of several heaps, as keys.
    fn option_keys(&self, key: &[u64], limits: &Limits) -> Result<Vec<Vec<u64>>> {
        let mut keys = Vec::new();
        let mut options = Options::new();
        for (i, &h) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == h {
                continue;
            }
            options_within(&self.game, &h, &mut options, limits)?;
            for parts in options.iter() {
                let mut next: Vec<u64> = key[..i].to_vec();
                next.extend_from_slice(&key[i + 1..]);
                next.extend(parts.iter().copied().filter(|&p| self.live[p as usize]));
                next.sort_unstable();
                keys.push(next);
            }
        }
        Ok(keys)
    }

    /// The exact genus of a position whose heaps are all known, by a depth-first search over
    /// what it reaches (an explicit stack: paths are as long as the position has tokens).
    fn search(&mut self, key: Vec<u64>, limits: &Limits) -> Result<GenusEntry> {
        // Each entry: a position, and its options once it has been expanded (it is finished
        // when the search comes back to it, every option then known).
        let mut stack: Vec<Frame> = vec![(key.clone(), None)];
        while let Some((top, expanded)) = stack.last_mut() {
            if expanded.is_none() {
                if self.lookup(top).is_some() {
                    stack.pop();
                    continue;
                }
                let keys = self.option_keys(top, limits)?;
                let pending: Vec<Frame> = keys
                    .iter()
                    .filter(|k| self.lookup(k).is_none())
                    .map(|k| (k.clone(), None))
                    .collect();
                *expanded = Some(keys);
                stack.extend(pending);
                continue;
            }
            let (top, keys) = stack.pop().expect("not empty");
            if self.lookup(&top).is_some() {
                continue; // pushed twice, finished the first time
            }
            let keys = keys.expect("expanded");
            let entries: Vec<GenusEntry> =
                keys.iter().map(|k| self.lookup(k).expect("all known")).collect();
            let entry = combine(&entries)?;
            if self.positions.len() >= self.max_positions {
                return Err(Error::limit(
                    Limit::WholePositions,
                    self.max_positions as u64,
                    format!(
                        "the genus of {} needs more than {} positions",
                        show(&key),
                        self.max_positions
                    ),
                ));
            }
            if self.positions.len().is_multiple_of(4096) {
                limits.check()?;
            }
            self.positions.insert(top, entry);
        }
        Ok(self.lookup(&key).expect("just searched"))
    }
}

/// The genera of heaps 0..=max, each pushed to `visit` as it is found; when a heap passes the
/// search's bound ([`Limits::max_whole_positions`]), the heaps found and what stopped it.
pub fn heap_genera_to(
    game: &HeapGame,
    max: u64,
    limits: &Limits,
    visit: &mut dyn FnMut(u64, &GenusEntry),
) -> Result<GenusList> {
    let mut table = GenusTable::new(game, limits.max_whole_positions);
    let mut list =
        GenusList { game: game.name.clone(), max_heap: max, heaps: Vec::new(), stopped: None };
    for n in 0..=max {
        match table.heap(n, limits) {
            Ok(entry) => {
                visit(n, entry);
                list.heaps.push(entry.clone());
            }
            Err(error) if error.is_limit() => {
                list.stopped = Some(error.to_string());
                break;
            }
            Err(error) => return Err(error),
        }
    }
    Ok(list)
}

/// The genera of a game's heaps from 0 on (`grundy misere --genus`).
#[derive(Debug, Clone)]
pub struct GenusList {
    /// The game's name.
    pub game: String,
    /// The largest heap asked for.
    pub max_heap: u64,
    /// Heap n's entry at index n, as far as they were found.
    pub heaps: Vec<GenusEntry>,
    /// What stopped the list before `max_heap`, if anything.
    pub stopped: Option<String>,
}

/// Positions of several heaps the table of a misère answer keeps (a few megabytes).
const ANSWER_POSITIONS: usize = 5_000;

/// The table `solve --misere` uses for `game`: built once per game and kept (batch lines and
/// server requests ask again and again), within [`ANSWER_POSITIONS`].
fn shared_table(game: &HeapGame) -> Arc<Mutex<GenusTable>> {
    type Cache = Mutex<Vec<(HeapRules, Arc<Mutex<GenusTable>>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut entries = cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, table)) = entries.iter().find(|(rules, _)| *rules == game.rules) {
        return Arc::clone(table);
    }
    let table = Arc::new(Mutex::new(GenusTable::new(game, ANSWER_POSITIONS)));
    if entries.len() >= 16 {
        entries.remove(0);
    }
    entries.push((game.rules.clone(), Arc::clone(&table)));
    table
}

/// The genus of each heap of a position, where it is known within the bounds of a misère
/// answer (`None` for the others).
pub fn heap_genera(game: &HeapGame, heaps: &[u64], limits: &Limits) -> Vec<Option<Genus>> {
    let table = shared_table(game);
    let mut table = table.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    heaps
        .iter()
        .map(|&h| {
            if h > limits.max_genus_heap {
                return None;
            }
            table.heap(h, limits).ok().map(|entry| entry.genus.clone())
        })
        .collect()
}

/// The misère answer by the tame-sum rule when every heap of the position is tame and known
/// (`None` otherwise: a sum with a wild part is never decided by this rule).
pub fn tame_answer(
    game: &HeapGame,
    heaps: &[u64],
    limits: &Limits,
) -> Option<Result<crate::analysis::Analysis>> {
    use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport};
    use crate::outcome::Outcome;
    with_tame_heaps(game, heaps, limits, |table, genera| {
        let normal = genera.iter().fold(0, |x, g| x ^ g.normal);
        let firm_parts = genera.iter().filter(|g| g.is_firm()).count();
        let is_p = |normal: u64, firm: bool| Genus::tame(normal, firm).misere() == 0;
        let outcome =
            if is_p(normal, firm_parts == genera.len()) { Outcome::P } else { Outcome::N };
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut winning_moves = Vec::new();
        if outcome == Outcome::N {
            let mut options = Options::new();
            let mut budget = crate::analysis::MoveBudget::new(&texts);
            for (i, &heap) in heaps.iter().enumerate() {
                let rest_normal = normal ^ genera[i].normal;
                let rest_firm = firm_parts - usize::from(genera[i].is_firm()) == heaps.len() - 1;
                options_within(game, &heap, &mut options, limits)?;
                for parts in options.iter() {
                    // An option of a tame heap is tame, and already in the table.
                    let option = table.position(parts, limits)?;
                    debug_assert!(option.tame);
                    if option.tame
                        && is_p(
                            rest_normal ^ option.genus.normal,
                            rest_firm && option.genus.is_firm(),
                        )
                    {
                        let to: Vec<String> = if parts.is_empty() {
                            vec!["0".into()]
                        } else {
                            parts.iter().map(u64::to_string).collect()
                        };
                        budget.charge(limits)?;
                        winning_moves.push(MoveReport::new(&texts, i, to));
                    }
                }
            }
        }
        let mut components = ComponentReport::without_values(texts);
        for (component, genus) in components.iter_mut().zip(&genera) {
            component.genus = Some(genus.to_string());
        }
        Ok(Analysis {
            game: game.name.clone(),
            convention: Convention::Misere,
            components,
            value: None,
            outcome,
            winning_moves,
            winning_moves_complete: true,
        })
    })
}

/// With the shared table of `game` locked, `f` of the genera of `heaps` — when every heap is
/// within the bounds of a misère answer, known and tame (`None` otherwise).
fn with_tame_heaps<T>(
    game: &HeapGame,
    heaps: &[u64],
    limits: &Limits,
    f: impl FnOnce(&mut GenusTable, Vec<Genus>) -> T,
) -> Option<T> {
    if heaps.iter().any(|&h| h > limits.max_genus_heap) {
        return None;
    }
    let table = shared_table(game);
    let mut table = table.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if !table.all_tame(heaps, limits).ok()? {
        return None;
    }
    let genera: Vec<Genus> = heaps
        .iter()
        .map(|&h| table.heap(h, limits).ok().map(|e| e.genus.clone()))
        .collect::<Option<_>>()?;
    Some(f(&mut table, genera))
}

/// The genus of each heap of a tame sum, and for each winning move the normal value and
/// firmness of the sum it leaves.
pub type TameMoves = (Vec<Genus>, Vec<(u64, bool)>);

/// What the walk-through of a tame-sum answer shows: the genus of each heap, and for each
/// winning move the normal value and firmness of the sum it leaves (`None` when the position
/// is not a tame sum).
pub fn tame_moves(
    game: &HeapGame,
    heaps: &[u64],
    analysis: &crate::analysis::Analysis,
    limits: &Limits,
) -> Option<TameMoves> {
    with_tame_heaps(game, heaps, limits, |table, genera| {
        let normal = genera.iter().fold(0, |x, g| x ^ g.normal);
        let mut left = Vec::new();
        for m in &analysis.winning_moves {
            let parts: Vec<u64> = m.to.iter().map(|t| t.parse().ok()).collect::<Option<_>>()?;
            let option = table.position(&parts, limits).ok()?;
            let rest_firm = genera.iter().enumerate().all(|(j, g)| j == m.component || g.is_firm());
            left.push((
                normal ^ genera[m.component].normal ^ option.genus.normal,
                rest_firm && option.genus.is_firm(),
            ));
        }
        Some((genera, left))
    })
    .flatten()
}

/// A position of the genus search, and its options once expanded.
type Frame = (Vec<u64>, Option<Vec<Vec<u64>>>);

fn show(heaps: &[u64]) -> String {
    heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// A game's entry from its options' entries.
fn combine(options: &[GenusEntry]) -> Result<GenusEntry> {
    let genera: Vec<&Genus> = options.iter().map(|o| &o.genus).collect();
    let genus = Genus::from_options(&genera)?;
    let tame = genus.is_tame_form() && options.iter().all(|o| o.tame);
    Ok(GenusEntry { genus, tame })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim_heap(n: u64) -> Genus {
        // *n: its options are *0 … *(n-1).
        let mut heaps: Vec<Genus> = Vec::new();
        for _ in 0..=n {
            let options: Vec<&Genus> = heaps.iter().collect();
            let next = Genus::from_options(&options).unwrap();
            heaps.push(next);
        }
        heaps.pop().unwrap()
    }

    #[test]
    fn nim_heaps_have_the_genera_of_the_literature() {
        let written: Vec<String> = (0..6).map(|n| nim_heap(n).to_string()).collect();
        assert_eq!(written, ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"]);
        assert!((0..12).all(|n| nim_heap(n).is_tame_form()));
        assert!(nim_heap(0).is_firm() && nim_heap(1).is_firm() && !nim_heap(2).is_firm());
    }
}
