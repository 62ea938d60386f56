//! `northcott`: the door of Northcott's game ([`crate::rules::northcott`]): its GAME string,
//! its notation (a row is the cells of its pieces, `2,7`) and its answer by the closed form,
//! every winning move included. Misère play goes the generic way (a whole-position search).

use super::{Family, Game, Rules, Spec};
use crate::analysis::{Analysis, ComponentReport, Convention, MoveReport, Value};
use crate::error::Result;
use crate::limits::Limits;
use crate::outcome::Outcome;
pub use crate::rules::northcott::*;
use std::sync::Arc;

/// `northcott` in the registry.
#[derive(Debug, Clone, Copy)]
pub struct NorthcottFamily;

impl Family for NorthcottFamily {
    fn syntax(&self) -> &'static str {
        "northcott"
    }
    fn about(&self) -> &'static str {
        "Northcott's game: slide a piece of a row towards the other, never onto or past it"
    }
    fn component(&self) -> &'static str {
        "the cells of a row's two pieces: 2,7"
    }
    fn load(&self, spec: &Spec<'_>) -> Option<Result<Arc<dyn Game>>> {
        (spec.lower == "northcott").then(|| Ok(Arc::new(Northcott) as Arc<dyn Game>))
    }
}

impl Rules for Northcott {
    fn name(&self) -> String {
        "northcott".into()
    }
    /// Normal play by Nim on the gaps; misère play is searched.
    fn answers_at_once(&self, convention: Convention) -> bool {
        convention == Convention::Normal
    }

    fn parse_component(&self, text: &str) -> crate::error::Result<Row> {
        match super::parse_word_list(text, "cell")?[..] {
            [left, right] if left < right => Ok(Row { left, right }),
            [_, _] => Err(crate::error::Error::invalid(
                "the pieces stand on two different cells, the left one first",
            )),
            _ => {
                Err(crate::error::Error::invalid("a row is the cells of its two pieces, like 2,7"))
            }
        }
    }

    fn show_component(&self, row: &Row) -> String {
        format!("{},{}", row.left, row.right)
    }

    fn draw_component(&self, row: &Row, _lang: crate::i18n::Lang) -> String {
        if row.gap() > 60 {
            return format!("{} ● … ● {} (gap {})", row.left, row.right, row.gap());
        }
        let gap: String = std::iter::repeat_n('·', row.gap() as usize).collect();
        format!("{} ●{gap}● {}", row.left, row.right)
    }

    /// Nim on the gaps: the value is their nim-sum, and a winning move makes one gap the value
    /// that makes it 0, by sliding either piece of that row.
    fn normal_play(&self, rows: &[Row], limits: &Limits) -> Option<Result<Analysis>> {
        let total = rows.iter().fold(0, |sum, row| sum ^ row.gap());
        let texts: Vec<String> = rows.iter().map(|row| self.show_component(row)).collect();
        let mut winning_moves = Vec::new();
        let mut budget = crate::analysis::MoveBudget::new(&texts);
        if total != 0 {
            for (idx, row) in rows.iter().enumerate() {
                for after in row.moves_to_gap(row.gap() ^ total) {
                    if let Err(error) = budget.charge(limits) {
                        return Some(Err(error));
                    }
                    winning_moves.push(MoveReport::new(
                        &texts,
                        idx,
                        vec![self.show_component(&after)],
                    ));
                }
            }
        }
        let components = rows
            .iter()
            .zip(&texts)
            .map(|(row, text)| ComponentReport {
                position: text.clone(),
                value: Some(Value::Nimber(row.gap().into())),
                genus: None,
            })
            .collect();
        Some(Ok(Analysis {
            game: Rules::name(self),
            convention: Convention::Normal,
            components,
            value: Some(Value::Nimber(total.into())),
            outcome: if total == 0 { Outcome::P } else { Outcome::N },
            winning_moves,
            winning_moves_complete: true,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::generic::by_rules;
    use crate::solve::loopy::LoopyValue;
    use crate::solve::values::ValueSolver;
    use proptest::prelude::*;

    fn row() -> impl Strategy<Value = Row> {
        (1u64..12, 1u64..12).prop_filter_map("two cells", |(left, right)| {
            (left < right).then_some(Row { left, right })
        })
    }

    proptest! {
        /// The gap is the value the definition gives (the mex of the options' values).
        #[test]
        fn a_row_is_worth_its_gap(row in row()) {
            let mut solver = ValueSolver::new(&Northcott, Limits::default());
            prop_assert_eq!(solver.value(&row).unwrap(), LoopyValue::Finite(row.gap()));
        }

        /// The closed form's answer, every winning move included, is the generic answer of the
        /// rules read literally.
        #[test]
        fn the_closed_form_answers_as_the_rules_read_literally(
            rows in proptest::collection::vec(row(), 1..4),
        ) {
            let closed = Northcott.normal_play(&rows, &Limits::default()).unwrap().unwrap();
            let literal = by_rules(&Northcott, &rows, Convention::Normal, &Limits::default()).unwrap();
            prop_assert_eq!(&closed.value, &literal.value);
            prop_assert_eq!(closed.outcome, literal.outcome);
            let mut ours: Vec<Vec<String>> = closed.winning_moves.iter().map(|m| m.after.clone()).collect();
            let mut theirs: Vec<Vec<String>> = literal.winning_moves.iter().map(|m| m.after.clone()).collect();
            ours.sort();
            theirs.sort();
            prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn either_piece_makes_the_winning_move() {
        let game = crate::games::game("northcott").unwrap();
        let answer = game.solve(&["1,3", "4,8"], Convention::Normal, &Limits::default()).unwrap();
        // Gaps 1 and 3: nim-sum 2; the second gap becomes 1, by either piece.
        assert_eq!(answer.value.unwrap().to_string(), "2");
        let afters: Vec<Vec<String>> =
            answer.winning_moves.iter().map(|m| m.after.clone()).collect();
        assert_eq!(afters, [["1,3", "6,8"], ["1,3", "4,6"]]);
    }
}
