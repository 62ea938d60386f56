//! Fibonacci Nim by Zeckendorf's form (Whinihan's theorem).

use super::{tr, write_more_moves, MOVES_SHOWN};
use crate::analysis::{Analysis, Value};
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::rules::fibonacci::{is_p_position, winning_takes, zeckendorf, FibHeap};
use std::fmt::Write;

fn terms_text(n: u64) -> String {
    let mut terms = zeckendorf(n);
    terms.reverse();
    terms.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
}

/// Explains a lone heap of Fibonacci Nim (sums go the general way).
pub fn fibonacci(heap: &FibHeap, answer: &Analysis, lang: Lang) -> String {
    let mut out = String::new();
    let position = answer.components.first().map(|c| c.position.clone()).unwrap_or_default();
    let _ = writeln!(out, "{}\n", tr(lang, "explain-fib-header", &args![("position", position)]));
    let _ = writeln!(out, "{}\n", tr(lang, "explain-fib-rule", &Args::new()));
    if heap.tokens == 0 {
        let _ = writeln!(out, "{}", tr(lang, "explain-fib-empty", &Args::new()));
        return out;
    }
    let smallest = zeckendorf(heap.tokens).first().copied().unwrap_or(0);
    let arguments = args![
        ("n", heap.tokens),
        ("terms", terms_text(heap.tokens)),
        ("q", smallest),
        ("m", heap.max_take)
    ];
    let _ = writeln!(out, "{}", tr(lang, "explain-fib-zeckendorf", &arguments));
    if let Some(Value::Nimber(value)) = &answer.value {
        let _ = writeln!(
            out,
            "{}",
            tr(lang, "explain-fib-value", &args![("value", value.to_string())])
        );
    }
    let _ = writeln!(out);
    if is_p_position(heap) {
        let _ = writeln!(
            out,
            "{}",
            tr(lang, "explain-fib-p", &args![("q", smallest), ("m", heap.max_take)])
        );
        return out;
    }
    let _ = writeln!(
        out,
        "{}",
        tr(lang, "explain-fib-n", &args![("q", smallest), ("m", heap.max_take)])
    );
    let takes = winning_takes(heap);
    for &k in takes.iter().take(MOVES_SHOWN) {
        let after = heap.take(k);
        let line = if after.tokens == 0 {
            tr(lang, "explain-fib-move-last", &args![("k", k)])
        } else {
            let rest_smallest = zeckendorf(after.tokens).first().copied().unwrap_or(0);
            tr(
                lang,
                "explain-fib-move",
                &args![
                    ("k", k),
                    ("rest", after.tokens),
                    ("terms", terms_text(after.tokens)),
                    ("q", rest_smallest),
                    ("limit", after.max_take),
                    ("after", format!("{},{}", after.tokens, after.max_take))
                ],
            )
        };
        let _ = writeln!(out, "  {line}");
    }
    write_more_moves(&mut out, lang, takes.len());
    out
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::{
            games::fibonacci::FibHeap,
            i18n::Lang,
            {analysis::Convention, games::solve},
        };
        let game = crate::game("fibonacci-nim")?;
        let answer = solve(&*game, &["10"], Convention::Normal)?;
        let text = crate::explain::fibonacci(&FibHeap::fresh(10), &answer, Lang::En);
        assert!(text.contains("10 = 8 + 2"));
        Ok(())
    }
}
