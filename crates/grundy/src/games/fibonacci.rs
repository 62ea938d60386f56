//! Fibonacci Nim: one heap; the first move takes 1 to n − 1 tokens, and afterwards a move takes
//! 1 to twice what the previous move took. A component is `n` (a fresh heap) or `n,m` (n tokens
//! left, at most m may be taken now); sums of heaps are allowed, each heap keeping its limit.
//!
//! **Theory** (Whinihan 1963). Write n ≥ 1 in Zeckendorf form, a sum of non-consecutive
//! Fibonacci numbers 1, 2, 3, 5, 8, …, and let q(n) be its smallest term. The position `(n, m)` is
//! an N-position exactly when q(n) ≤ m; so a fresh heap (m = n − 1) is lost for the player to move
//! exactly when n is a Fibonacci number.
//!
//! **Every winning move.** Taking k leaves r = n − k with limit min(2k, r), a P-position exactly
//! when r = 0 or q(r) > 2k. Then every term of r is above 2k > k, and the largest term F_a of k's
//! Zeckendorf form satisfies F_a ≤ k < q(r)/2 < F_{b−1} where q(r) = F_b, so the terms of k and of
//! r together are non-consecutive: by uniqueness they are the Zeckendorf form of n. So the
//! winning takes are exactly the sums of the j smallest terms of n (j ≥ 1) that are at most m and
//! leave r = 0 or q(r) > 2k; the list below is complete for heaps of any size.
//!
//! Grundy values (for sums of heaps) are not known in closed form: they come from the generic
//! answer path, memoized over the positions `(n, m)`.

use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::Result;
use crate::limits::Limits;
use crate::outcome::Outcome;
pub use crate::rules::fibonacci::*;
use crate::ruleset::{Options, Ruleset};
use crate::solve::values::ValueSolver;
use std::sync::Arc;

/// `fibonacci-nim` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct FibonacciNimFamily;

impl Family for FibonacciNimFamily {
    fn syntax(&self) -> &'static str {
        "fibonacci-nim"
    }
    fn about(&self) -> &'static str {
        "Fibonacci Nim: the first move takes 1..n-1, then at most twice the previous take"
    }
    fn component(&self) -> &'static str {
        "a fresh heap 10, or 10,3 (10 left, at most 3 may be taken)"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "fibonacci-nim").then(|| Ok(Arc::new(FibonacciNim) as Arc<dyn Game>))
    }
}
/// Fibonacci Nim as a game.
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciNim;

impl Ruleset for FibonacciNim {
    type Position = FibHeap;

    fn options(&self, heap: &FibHeap, options: &mut Options<FibHeap>) -> Result<()> {
        for k in 1..=heap.max_take.min(heap.tokens) {
            options.push_one(heap.take(k));
            if options.overflowed() {
                break;
            }
        }
        Ok(())
    }
}

/// A single heap's Grundy value is computed (by the generic path) when it has at most this many
/// sub-positions; past that a lone heap is answered by the theorem alone.
const SINGLE_VALUE_BUDGET: u64 = 1 << 21;

impl Rules for FibonacciNim {
    fn name(&self) -> String {
        "fibonacci-nim".into()
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<FibHeap> {
        let numbers = super::parse_word_list(text, "number of tokens")?;
        match numbers[..] {
            [tokens] => Ok(FibHeap::fresh(tokens)),
            [tokens, max_take] => Ok(FibHeap::limited(tokens, max_take)),
            _ => Err(crate::error::Error::invalid(
                "a Fibonacci Nim heap is n (a fresh heap) or n,m (n left, at most m may \
                      be taken)",
            )),
        }
    }

    fn show_component(&self, heap: &FibHeap) -> String {
        if heap.tokens == 0 {
            "0".into()
        } else if heap.fresh {
            heap.tokens.to_string()
        } else {
            format!("{},{}", heap.tokens, heap.max_take)
        }
    }

    fn draw_component(&self, heap: &FibHeap, lang: crate::i18n::Lang) -> String {
        let key = if heap.fresh { "play-board-first-take" } else { "play-board-may-take" };
        let limit = if heap.tokens == 0 {
            String::new()
        } else {
            format!("; {}", lang.tr(key, &crate::i18n::args![("m", heap.max_take)]))
        };
        format!("{}{limit}", super::heap::draw_heap(&heap.tokens, lang))
    }

    fn component_tokens(&self, heap: &FibHeap) -> Option<u128> {
        Some(u128::from(heap.tokens))
    }

    /// A lone heap by Zeckendorf's form; sums the general way.
    fn explain(
        &self,
        heaps: &[FibHeap],
        analysis: &Analysis,
        lang: crate::i18n::Lang,
        _limits: &Limits,
    ) -> Option<String> {
        match heaps {
            [heap] if analysis.convention == Convention::Normal => {
                Some(crate::explain::fibonacci(heap, analysis, lang))
            }
            _ => None,
        }
    }

    /// A lone heap by the theorem: outcome and every winning move (said as a take) for heaps of
    /// any size, and its Grundy value by the generic solver when it is small enough to
    /// compute. Sums go the generic way.
    fn normal_play(&self, heaps: &[FibHeap], limits: &Limits) -> Option<Result<Analysis>> {
        let [heap] = heaps else { return None };
        let size = heap.tokens.saturating_mul(heap.max_take.saturating_add(1));
        let value = if size <= SINGLE_VALUE_BUDGET {
            match self.grundy_value(heap, limits) {
                Ok(value) => Some(Value::Nimber(value.into())),
                Err(error) => return Some(Err(error)),
            }
        } else {
            None
        };
        let from = self.show_component(heap);
        let texts = vec![from.clone()];
        let winning_moves = winning_takes(heap)
            .into_iter()
            .map(|k| {
                MoveReport::new(&texts, 0, vec![self.show_component(&heap.take(k))]).described(
                    crate::analysis::Words::new(
                        "move-take",
                        [("count", crate::analysis::WordArg::Text(k.to_string()))],
                    ),
                )
            })
            .collect();
        let outcome = if is_p_position(heap) { Outcome::P } else { Outcome::N };
        let value = value.or_else(|| (outcome == Outcome::P).then(|| Value::Nimber(0u32.into())));
        Some(Ok(Analysis {
            game: Rules::name(self),
            convention: Convention::Normal,
            components: vec![ComponentReport { position: from, value: value.clone(), genus: None }],
            value,
            outcome,
            winning_moves,
            winning_moves_complete: true,
        }))
    }
}

impl FibonacciNim {
    /// The Grundy value of one heap by the generic path (for tests and tables).
    pub fn grundy_value(&self, heap: &FibHeap, limits: &Limits) -> Result<u64> {
        let mut solver = ValueSolver::new(self, limits.clone());
        Ok(solver.value(heap)?.finite().unwrap_or(0))
    }
}
