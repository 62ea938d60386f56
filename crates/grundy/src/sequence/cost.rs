//! What computing a nim-sequence costs, roughly: the options an engine looks at to compute heaps
//! `0..=h`. It bounds the heaps computed where nothing else would: `solve` (which computes
//! values the user never asked to see, hoping for a period) and runs of codes with a repeating
//! digit, which no periodicity theorem stops and whose heaps cost more the larger they are.
//!
//! The model counts, for heap `n`, one option per digit that leaves at most one heap, `n / 2`
//! pairs per digit that leaves two (at most a window of 256 for the sparse engine, which visits
//! the rare positions and a window of pairs), and `n² / 12` triples per digit that leaves three
//! (`n` bit tests for the three-heap engine). A repeating digit counts for every removal up to
//! the heap. It is an estimate within a small factor, meant to tell seconds from hours.

use super::sparse;
use super::triple::three_heap_code;
use super::{closed_form, Engine};
use crate::limits::Limits;
use crate::rules::heap::{HeapGame, HeapRules};

/// Options a heap of a simple game costs (Kayles, Officers), for turning
/// [`Limits::max_heap`] into a budget of work: `max_heap` heaps of this cost.
pub const OPTIONS_PER_SIMPLE_HEAP: u64 = 1024;

/// Pairs of one split digit the sparse engine looks at per heap: its starting window.
const SPARSE_PAIRS_PER_DIGIT: u128 = 256;

/// The work the engine chosen for `game` does to compute heaps `0..=up_to`, in options looked
/// at (saturating).
///
/// ```
/// use grundy::sequence::{cost::estimated_work, Engine};
/// let kayles = grundy::game("kayles")?.heap_game().unwrap();
/// let code = grundy::game("0.[7]")?.heap_game().unwrap();
/// // Kayles: linear in the heaps; 0.[7]: every heap splits after every removal, cubic.
/// assert!(estimated_work(&kayles, Engine::Fastest, 1000) < 2_000_000);
/// assert!(estimated_work(&code, Engine::Fastest, 1000) > 50_000_000);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn estimated_work(game: &HeapGame, engine: Engine, up_to: u64) -> u128 {
    Model::of(game, engine).work(up_to)
}

/// The largest heap, at most `cap`, whose values cost at most `work` ([`estimated_work`]).
pub fn heaps_within_work(game: &HeapGame, engine: Engine, work: u128, cap: u64) -> u64 {
    let model = Model::of(game, engine);
    if model.work(cap) <= work {
        return cap;
    }
    // The work grows with the heap: the last heap within it, by bisection.
    let (mut low, mut high) = (0u64, cap);
    while low < high {
        let middle = low + (high - low).div_ceil(2);
        if model.work(middle) <= work {
            low = middle;
        } else {
            high = middle - 1;
        }
    }
    low
}

/// The work one answer may take: [`Limits::max_heap`] heaps of a simple game.
pub fn work_budget(limits: &Limits) -> u128 {
    u128::from(limits.max_heap) * u128::from(OPTIONS_PER_SIMPLE_HEAP)
}

/// The largest heap whose values are computed for `game` within `limits`: at most
/// [`Limits::max_heap`], fewer where heaps cost more than a simple game's.
pub fn computable_heaps(game: &HeapGame, engine: Engine, limits: &Limits) -> u64 {
    heaps_within_work(game, engine, work_budget(limits), limits.max_heap)
}

/// What an answer says of a code [`has_no_theorem`] covers.
pub const NO_THEOREM: &str = "no periodicity theorem covers codes with a repeating digit";

/// How far `period` looks by default at a code that [`has_no_theorem`]: far enough to see a
/// pattern, not far enough to wait for one no theorem can prove. At most 10,000 heaps, and a
/// sixteenth of the work one answer may take ([`work_budget`]).
///
/// ```
/// use grundy::sequence::cost::default_check_without_theorem;
/// let code = grundy::game("0.[2]")?.heap_game().unwrap();
/// assert_eq!(default_check_without_theorem(&code, &grundy::Limits::default()), 10_000);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn default_check_without_theorem(game: &HeapGame, limits: &Limits) -> u64 {
    heaps_within_work(game, Engine::Fastest, work_budget(limits) / 16, 10_000)
}

/// Whether no theorem can stop a run of `game` early and its heaps cost more the larger they
/// are: codes with a repeating digit, other than the ones a closed form gives (Nim, Lasker's
/// Nim). The Guy–Smith theorem needs a largest removal, and so does every fast engine.
///
/// ```
/// use grundy::sequence::cost::has_no_theorem;
/// let game = |name: &str| grundy::game(name).unwrap().heap_game().unwrap();
/// assert!(has_no_theorem(&game("0.[2]")) && has_no_theorem(&game("0.1[7]")));
/// assert!(!has_no_theorem(&game("lasker")) && !has_no_theorem(&game("kayles")));
/// ```
pub fn has_no_theorem(game: &HeapGame) -> bool {
    game.code().is_some_and(|code| code.max_removal().is_none()) && closed_form(game).is_none()
}

/// Which engine the run uses, as far as the cost goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sparse,
    Triple,
    Dense,
}

/// The digits of a code counted by what they leave.
#[derive(Debug, Clone, Copy)]
struct Model {
    kind: Kind,
    /// Finite digits that leave at most one heap, two, three.
    at_most_one: u128,
    two: u128,
    three: u128,
    /// What the repeating digit leaves (at most one heap, two, three), if there is one.
    repeat: [bool; 3],
    /// Grundy's game: one split of every heap into two.
    grundy: bool,
}

impl Model {
    fn of(game: &HeapGame, engine: Engine) -> Model {
        let kind = if engine == Engine::Fastest && sparse::supports(game) {
            Kind::Sparse
        } else if engine == Engine::Fastest && three_heap_code(game).is_some() {
            Kind::Triple
        } else {
            Kind::Dense
        };
        let mut model =
            Model { kind, at_most_one: 0, two: 0, three: 0, repeat: [false; 3], grundy: false };
        match &game.rules {
            HeapRules::Grundy => model.grundy = true,
            HeapRules::Code(code) => {
                let finite = code.max_removal().unwrap_or(code.n_digits());
                for k in 0..=finite {
                    let digit = code.digit(k);
                    model.at_most_one += u128::from(k > 0 && digit & 3 != 0);
                    model.two += u128::from(digit & 4 != 0);
                    model.three += u128::from(digit & 8 != 0);
                }
                if code.max_removal().is_none() {
                    let digit = code.digit(finite + 1);
                    model.repeat = [digit & 3 != 0, digit & 4 != 0, digit & 8 != 0];
                }
            }
        }
        model
    }

    /// Options looked at for heaps `0..=up_to`, an upper estimate: every heap costed as the
    /// last.
    fn work(&self, up_to: u64) -> u128 {
        let h = u128::from(up_to);
        let n_heaps = h + 1;
        let pairs = match self.kind {
            Kind::Sparse => (h / 2).min(SPARSE_PAIRS_PER_DIGIT),
            Kind::Triple | Kind::Dense => h / 2,
        };
        let triples = match self.kind {
            Kind::Triple => h,
            Kind::Sparse | Kind::Dense => h.saturating_mul(h) / 12,
        };
        let mut per_heap = self.at_most_one.min(n_heaps)
            + self.two.min(n_heaps).saturating_mul(pairs)
            + self.three.min(n_heaps).saturating_mul(triples);
        if self.kind == Kind::Triple {
            // The set of two-heap split values of each new heap.
            per_heap = per_heap.saturating_add(h / 2);
        }
        if self.grundy {
            per_heap = per_heap.saturating_add(pairs);
        }
        let mut work = n_heaps.saturating_mul(per_heap.max(1));
        // A repeating digit: every removal up to the heap, summed over the heaps.
        let [one, two, three] = self.repeat;
        let square = n_heaps.saturating_mul(n_heaps);
        if one {
            work = work.saturating_add(square / 2);
        }
        if two {
            work = work.saturating_add(square.saturating_mul(n_heaps) / 12);
        }
        if three {
            work = work.saturating_add(square.saturating_mul(square) / 144);
        }
        work
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> HeapGame {
        crate::game(name).unwrap().heap_game().unwrap()
    }

    #[test]
    fn simple_games_keep_the_whole_heap_limit() {
        let limits = Limits::default();
        for name in ["kayles", "0.6", "0.07", "grundy", "sub:1,3,4"] {
            assert_eq!(computable_heaps(&game(name), Engine::Fastest, &limits), limits.max_heap);
        }
        // Three heaps: quadratic, still far past the 4096 heaps `solve` computes for them.
        let triple = computable_heaps(&game("0.8"), Engine::Fastest, &limits);
        assert!((20_000..limits.max_heap).contains(&triple), "{triple}");
    }

    #[test]
    fn a_code_of_100000_sevens_is_computed_only_a_few_thousand_heaps_far() {
        let code = format!("0.{}", "7".repeat(100_000));
        let heaps = computable_heaps(&game(&code), Engine::Fastest, &Limits::default());
        assert!((1000..20_000).contains(&heaps), "{heaps}");
    }

    #[test]
    fn repeating_digits_are_bounded_by_how_fast_their_work_grows() {
        let limits = Limits::default();
        let heaps = |name: &str| computable_heaps(&game(name), Engine::Fastest, &limits);
        let (linear, cubic, quartic) = (heaps("0.[2]"), heaps("0.[7]"), heaps("0.[f]"));
        assert!((50_000..200_000).contains(&linear), "{linear}");
        assert!((2_000..6_000).contains(&cubic), "{cubic}");
        assert!((500..1_500).contains(&quartic), "{quartic}");
    }

    #[test]
    fn bisection_finds_the_last_heap_within_the_work() {
        let code = game("0.[7]");
        let work = estimated_work(&code, Engine::Fastest, 777);
        assert_eq!(heaps_within_work(&code, Engine::Fastest, work, 10_000), 777);
        assert_eq!(heaps_within_work(&code, Engine::Fastest, 0, 10_000), 0);
    }
}
