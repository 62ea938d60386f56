//! Any game: the value of each component (the mex of its options' values), their XOR by the
//! Sprague–Grundy theorem, Smith's ∞ where cycles are met, and the check of the first winning
//! move.

use super::{tr, write_more_moves, MOVES_SHOWN};
use crate::analysis::{Analysis, Convention, Value};
use crate::i18n::args;
use crate::i18n::{Args, Lang};
use crate::outcome::Outcome;
use std::fmt::Write;

/// A value as the explanations write it (`7`, `∞(0,2)`).
pub(super) fn show_value(value: &Value) -> String {
    value.to_string()
}

/// Explains the answer for a sum of components by the Sprague–Grundy theorem (each part's
/// value, their XOR, and the moves that reach value 0; any game), ending with the check of the
/// first winning move: `checked` is the answer for the
/// position after it (the door solves it again), and its value or outcome is printed.
/// `header`: whether to begin by saying what the position is.
pub fn sum_with_check(
    answer: &Analysis,
    checked: Option<&Analysis>,
    lang: Lang,
    header: bool,
) -> String {
    let mut out = String::new();
    write_sum(&mut out, answer, lang, header);
    let (Some(first), Some(checked)) = (answer.winning_moves.first(), checked) else {
        return out;
    };
    let after_text = first.after.join(" ");
    let line = match (&checked.value, answer.convention) {
        (Some(value), Convention::Normal) => tr(
            lang,
            "explain-sum-check-value",
            &args![("after", after_text), ("value", show_value(value))],
        ),
        _ => {
            let key = match checked.outcome {
                Outcome::P => "explain-sum-check-p",
                Outcome::N => "explain-sum-check-n",
                Outcome::D => "explain-sum-check-d",
            };
            tr(lang, key, &args![("after", after_text)])
        }
    };
    let _ = writeln!(out, "\n{line}");
    out
}

fn write_sum(out: &mut String, answer: &Analysis, lang: Lang, header: bool) {
    if header {
        let _ = writeln!(
            out,
            "{}\n",
            tr(
                lang,
                "explain-sum-header",
                &args![("n", answer.components.len()), ("game", answer.game.clone())]
            )
        );
    }
    let has_infinite = matches!(answer.value, Some(Value::Infinite(_)))
        || answer.components.iter().any(|c| matches!(c.value, Some(Value::Infinite(_))));
    match &answer.value {
        None => {
            let _ = writeln!(out, "{}", tr(lang, "explain-sum-misere", &Args::new()));
        }
        Some(total) => {
            let _ = writeln!(out, "{}", tr(lang, "explain-sum-values-intro", &Args::new()));
            for (idx, component) in answer.components.iter().enumerate() {
                let value = component.value.as_ref().map_or("?".to_string(), show_value);
                let arguments = args![
                    ("i", idx + 1),
                    ("position", component.position.clone()),
                    ("value", value)
                ];
                let _ = writeln!(out, "  {}", tr(lang, "explain-sum-component", &arguments));
            }
            let _ = writeln!(
                out,
                "\n{}",
                tr(lang, "explain-sum-total", &args![("total", show_value(total))])
            );
            if has_infinite {
                let _ = writeln!(out, "{}", tr(lang, "explain-sum-infinite", &Args::new()));
            }
        }
    }
    let verdict = match (answer.outcome, answer.value.is_some()) {
        (Outcome::P, true) => "explain-sum-verdict-p",
        (Outcome::P, false) => "explain-sum-verdict-p-searched",
        (Outcome::N, _) => "explain-sum-verdict-n",
        (Outcome::D, _) => "explain-sum-verdict-d",
    };
    let _ = writeln!(out, "\n{}", tr(lang, verdict, &Args::new()));
    if answer.winning_moves.is_empty() {
        return;
    }
    let title = if answer.value.is_some() {
        "explain-sum-moves-title"
    } else {
        "explain-sum-moves-title-searched"
    };
    let _ = writeln!(out, "{}", tr(lang, title, &Args::new()));
    for m in answer.winning_moves.iter().take(MOVES_SHOWN) {
        let to = if m.to.is_empty() {
            tr(lang, "explain-nothing", &Args::new())
        } else {
            m.to.join(" + ")
        };
        let arguments = args![("i", m.component + 1), ("from", m.from.clone()), ("to", to)];
        let _ = writeln!(out, "  {}", tr(lang, "explain-sum-move", &arguments));
    }
    write_more_moves(out, lang, answer.winning_moves.len());
}

#[cfg(test)]
mod doc_examples {
    //! The examples of this module's functions, run as tests (the module is private).

    #[test]
    fn example_1() -> crate::Result<()> {
        use crate::{
            i18n::Lang,
            {analysis::Convention, games::solve},
        };
        let game = crate::game("kayles")?;
        let answer = solve(&*game, &["2", "3"], Convention::Normal)?;
        assert!(crate::explain::sum_with_check(&answer, None, Lang::En, true)
            .contains("Sprague–Grundy"));
        Ok(())
    }
}
