//! The lessons, one function per topic, in the seeds' order. Every number printed comes from
//! the library as the lesson is written; the messages around them are `lesson-…` keys.

use super::{game, solve, word, Exercise, Lesson, LessonFile};
use crate::analysis::{Analysis, Convention, Value};
use crate::error::{Error, Result};
use crate::games::georgia_bob::pieces_to_staircase;
use crate::games::graph::GraphFile;
use crate::games::join;
use crate::i18n::args;
use crate::limits::Limits;
use crate::nimber::{mex, nim_sum};
use crate::outcome::Outcome;
use crate::pattern::{self, Counterexample};
use crate::sequence::PeriodReport;

/// A lesson that found the library disagreeing with the theory it teaches: never printed as
/// a lesson, so a test run sees it.
fn broken(what: &str) -> Error {
    Error::BadArgument {
        argument: "lesson".into(),
        problem: format!("the computation disagrees: {what}"),
    }
}

/// Heap sizes as the words of a position.
fn texts(heaps: &[u64]) -> Vec<String> {
    heaps.iter().map(u64::to_string).collect()
}

fn solve_heaps(game_name: &str, heaps: &[u64], convention: Convention) -> Result<Analysis> {
    let words = texts(heaps);
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    solve(game_name, &refs, convention)
}

/// The values of a heap game's heaps 0..=max.
fn heap_values(game_name: &str, max: u64) -> Result<Vec<u64>> {
    let sequence = pattern::sequence_of(&*game(game_name)?, max, &Limits::default(), &mut |_| {})?;
    sequence
        .values
        .iter()
        .map(|v| v.ok_or_else(|| broken("a heap game with a loopy value")))
        .collect()
}

/// `n     0 1 2 …` over `G(n)  0 1 0 …`, in rows of `per_row`.
fn value_rows(values: &[u64], per_row: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for (chunk_idx, chunk) in values.chunks(per_row).enumerate() {
        let first = chunk_idx * per_row;
        let width = (first + chunk.len()).to_string().len().max(2);
        let ns: Vec<String> =
            (first..first + chunk.len()).map(|n| format!("{n:>width$}")).collect();
        let gs: Vec<String> = chunk.iter().map(|g| format!("{g:>width$}")).collect();
        if chunk_idx > 0 {
            lines.push(String::new());
        }
        lines.push(format!("n     {}", ns.join(" ")));
        lines.push(format!("G(n)  {}", gs.join(" ")));
    }
    lines
}

/// A square table with row and column numbers.
fn table_lines(rows: &[Vec<u64>], side: usize) -> Vec<String> {
    let width = rows
        .iter()
        .take(side)
        .flat_map(|row| row.iter().take(side))
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(side.to_string().len());
    let header: Vec<String> = (0..side).map(|y| format!("{y:>width$}")).collect();
    let mut lines = vec![format!("{:>width$} | {}", "", header.join(" "))];
    lines.push(format!("{}-+-{}", "-".repeat(width), "-".repeat(header.join(" ").len())));
    for (x, row) in rows.iter().take(side).enumerate() {
        let cells: Vec<String> = row.iter().take(side).map(|v| format!("{v:>width$}")).collect();
        lines.push(format!("{x:>width$} | {}", cells.join(" ")));
    }
    lines
}

/// Every winning move as `8 13 15 → 2 13 15`.
fn move_lines(answer: &Analysis) -> Vec<String> {
    let before = answer.positions().join(" ");
    answer.winning_moves.iter().map(|m| format!("{before} → {}", m.after.join(" "))).collect()
}

/// The heaps in binary, one column per bit, and their nim-sum under a rule.
fn binary_columns(heaps: &[u64], sum_label: &str) -> Vec<String> {
    let total = nim_sum(heaps.iter().copied());
    let bits = heaps
        .iter()
        .chain([&total])
        .map(|h| 64 - h.leading_zeros() as usize)
        .max()
        .unwrap_or(1)
        .max(1);
    let width = heaps.iter().chain([&total]).map(|h| h.to_string().len()).max().unwrap_or(1);
    let label_width = sum_label.chars().count().max(1);
    let mut lines: Vec<String> =
        heaps.iter().map(|h| format!("{:label_width$}  {h:>width$} = {h:0bits$b}", "")).collect();
    lines.push(format!("{:label_width$}  {}", "", "-".repeat(width + 3 + bits)));
    lines.push(format!("{sum_label}  {total:>width$} = {total:0bits$b}"));
    lines
}

fn p_or_n(lesson: &Lesson, value: u64) -> String {
    lesson.verdict(if value == 0 { Outcome::P } else { Outcome::N })
}

/// What a Grundy value is: the mex, values heap by heap, P-positions, sums.
pub(super) fn grundy(lesson: &mut Lesson) -> Result<()> {
    lesson.para("lesson-grundy-class", &args![]);
    lesson.para("lesson-grundy-mex", &args![]);
    let examples: [&[u64]; 4] = [&[0, 1, 2], &[1, 2], &[0, 2, 3], &[]];
    let lines: Vec<String> = examples
        .iter()
        .map(|set| format!("mex{{{}}} = {}", join_comma(set), mex(set.iter().copied())))
        .collect();
    lesson.block(&lines);
    lesson.para("lesson-grundy-definition", &args![]);
    let name = "sub:1,3,4";
    let sub = game(name)?;
    lesson.para("lesson-grundy-example", &args![("game", name)]);
    let max = 10u64;
    let values = heap_values(name, max)?;
    let options_head = lesson.tr0("lesson-grundy-options");
    let values_head = lesson.tr0("lesson-grundy-option-values");
    let (options_width, values_width) =
        (columns_of(&options_head).max(10), columns_of(&values_head).max(12));
    let mut lines = vec![format!(
        "{:>3}  {}  {}  G(n)",
        "n",
        pad(&options_head, options_width),
        pad(&values_head, values_width)
    )];
    for n in 0..=max {
        let heap = n.to_string();
        let options = sub.legal_moves(&[heap.as_str()], &Limits::default())?;
        let to: Vec<u64> = options.iter().filter_map(|m| m.to.first()?.parse().ok()).collect();
        let option_values: Vec<u64> = to.iter().map(|&m| values[m as usize]).collect();
        let computed = mex(option_values.iter().copied());
        if computed != values[n as usize] {
            return Err(broken("a heap's value is not the mex of its options' values"));
        }
        let shown =
            |list: &[u64]| if list.is_empty() { "—".to_string() } else { join_comma(list) };
        lines.push(format!(
            "{n:>3}  {}  {}  mex = {computed}",
            pad(&shown(&to), options_width),
            pad(&format!("{{{}}}", join_comma(&option_values)), values_width)
        ));
    }
    lesson.block(&lines);
    let zeros: Vec<u64> = (0..=max).filter(|&n| values[n as usize] == 0).collect();
    lesson.para("lesson-grundy-zero", &args![("zeros", join_comma(&zeros)), ("max", max)]);
    let answer = solve(name, &["5", "6"], Convention::Normal)?;
    let (a, b) = (values[5], values[6]);
    let total = word(&answer.value).ok_or_else(|| broken("a sum without a value"))?;
    if total != a ^ b {
        return Err(broken("the value of a sum is not the XOR of its parts"));
    }
    lesson.para(
        "lesson-grundy-sum",
        &args![
            ("game", name),
            ("a", a),
            ("b", b),
            ("total", total),
            ("verdict", p_or_n(lesson, total))
        ],
    );
    lesson.pitfall("lesson-grundy-pitfall-mex", &args![("mex", mex([2, 3]))]);
    lesson.exercise(
        "lesson-ex-who-wins",
        &args![("position", "7"), ("game", lesson.game_words(name))],
        Exercise::new(name, &["7"]),
    )?;
    lesson.exercise(
        "lesson-ex-who-wins",
        &args![("position", "5 6"), ("game", lesson.game_words(name))],
        Exercise::new(name, &["5", "6"]),
    )?;
    lesson.exercise(
        "lesson-ex-who-wins",
        &args![("position", "10 2 9"), ("game", lesson.game_words(name))],
        Exercise::new(name, &["10", "2", "9"]),
    )?;
    Ok(())
}

fn join_comma(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// Nim, the nim-sum in binary, Bouton's proof by the highest bit.
pub(super) fn nim(lesson: &mut Lesson) -> Result<()> {
    lesson.para("lesson-nim-rules", &args![]);
    let mirror = solve("nim", &["4", "7"], Convention::Normal)?;
    let first = mirror.winning_moves.first().ok_or_else(|| broken("4 7 has no winning move"))?;
    let to: u64 = first.to[0].parse().map_err(|_| broken("a Nim heap that is not a number"))?;
    let from: u64 = first.from.parse().map_err(|_| broken("a Nim heap that is not a number"))?;
    lesson.para("lesson-nim-mirror", &args![("from", from), ("to", to), ("take", from - to)]);
    let heaps = [8u64, 13, 15];
    let total = nim_sum(heaps);
    lesson.para("lesson-nim-binary", &args![("position", "8 13 15")]);
    lesson.block(&binary_columns(&heaps, "S"));
    lesson.para("lesson-nim-claims", &args![]);
    lesson.para("lesson-nim-proof-zero", &args![]);
    let d = 63 - total.leading_zeros() as u64;
    lesson.para("lesson-nim-proof-nonzero", &args![("s", total), ("d", d), ("power", 1u64 << d)]);
    let answer = solve_heaps("nim", &heaps, Convention::Normal)?;
    let with_bit: Vec<u64> = heaps.iter().copied().filter(|h| h >> d & 1 == 1).collect();
    let lines: Vec<String> = with_bit
        .iter()
        .map(|&h| {
            let target = h ^ total;
            lesson.tr(
                "lesson-nim-move-line",
                &args![("heap", h), ("s", total), ("target", target), ("take", h - target)],
            )
        })
        .collect();
    lesson.block(&lines);
    if answer.winning_moves.len() != with_bit.len() {
        return Err(broken("Nim's winning moves are not the heaps with the highest bit"));
    }
    lesson.para("lesson-nim-solve-lists", &args![("n", answer.winning_moves.len() as u64)]);
    lesson.block(&move_lines(&answer));
    // The Macedonian seed's "7 from the second heap".
    let second = heaps[1];
    let right_take = second - (second ^ total);
    let wrong_left = second - 7;
    let wrong_sum = nim_sum([heaps[0], wrong_left, heaps[2]]);
    lesson.pitfall(
        "lesson-nim-pitfall-seven",
        &args![
            ("heap", second),
            ("s", total),
            ("target", second ^ total),
            ("take", right_take),
            ("wrong_left", wrong_left),
            ("wrong_sum", wrong_sum)
        ],
    );
    let example = solve("nim", &["3", "4", "5"], Convention::Normal)?;
    let example_sum = word(&example.value).unwrap_or(0);
    let example_move =
        example.winning_moves.first().ok_or_else(|| broken("3 4 5 has no winning move"))?;
    lesson.pitfall(
        "lesson-nim-pitfall-one",
        &args![("s", example_sum), ("after", example_move.after.join(" "))],
    );
    let plain_sum: u64 = [1u64, 2, 3].iter().sum();
    let xor_answer = solve("nim", &["1", "2", "3"], Convention::Normal)?;
    lesson.pitfall(
        "lesson-nim-pitfall-sum",
        &args![
            ("sum", plain_sum),
            ("xor", word(&xor_answer.value).unwrap_or(0)),
            ("verdict", lesson.verdict(xor_answer.outcome))
        ],
    );
    for position in
        [&["8", "13", "15"][..], &["4", "7"], &["1", "2", "3"], &["21", "34", "55", "89"]]
    {
        lesson.exercise(
            "lesson-ex-who-wins",
            &args![("position", position.join(" ")), ("game", lesson.game_words("nim"))],
            Exercise::new("nim", position),
        )?;
    }
    Ok(())
}

/// The table of two Nim heaps, computed by the mex, and the seeds' 3600-cell check.
pub(super) fn table(lesson: &mut Lesson) -> Result<()> {
    let nim = game("nim")?;
    lesson.para("lesson-table-intro", &args![]);
    let small = crate::games::pair_table(&*nim, 8)?;
    lesson.block(&table_lines(&small.rows, 8));
    let (x, y) = (5usize, 6usize);
    lesson.para(
        "lesson-table-xor",
        &args![("x", x as u64), ("y", y as u64), ("value", small.rows[x][y])],
    );
    let side = 60;
    let big = crate::games::pair_table(&*nim, side)?;
    let check = crate::games::verify_table(&*nim, &big)?;
    lesson.para(
        "lesson-table-check",
        &args![
            ("side", side as u64),
            ("cells", check.n_cells as u64),
            ("bad", check.mismatches.len() as u64)
        ],
    );
    lesson.para("lesson-table-geometry", &args![]);
    lesson.pitfall("lesson-table-pitfall-before", &args![]);
    for (a, b) in [("5", "9"), ("37", "37"), ("12", "25")] {
        lesson.exercise(
            "lesson-ex-cell",
            &args![("x", a), ("y", b)],
            Exercise::new("nim", &[a, b]),
        )?;
    }
    Ok(())
}

/// Bounded Nim: n mod (m + 1), and XOR of values rather than sizes.
pub(super) fn bounded(lesson: &mut Lesson) -> Result<()> {
    let m = 3u64;
    let name = format!("bounded:{m}");
    lesson.para("lesson-bounded-rules", &args![("m", m), ("game", name.as_str())]);
    let values = heap_values(&name, 15)?;
    lesson.block(&value_rows(&values, 16));
    let report =
        pattern::for_game(&*game(&name)?, Some(1000), false, &Limits::default(), &mut |_| {})?;
    lesson.para("lesson-bounded-pattern", &args![("game", name.as_str())]);
    lesson.block(&rejected_lines(lesson, &report.rejected, &report.formula));
    let sequence = pattern::sequence_of(&*game(&name)?, 1000, &Limits::default(), &mut |_| {})?;
    let proof = match (&sequence.period, report.proven) {
        (Some(period), true) => lesson.proof(period),
        _ => return Err(broken("bounded Nim's formula is not proven")),
    };
    lesson.para(
        "lesson-bounded-why",
        &args![("m", m), ("formula", report.formula.as_str()), ("proof", proof)],
    );
    let heaps = [7u64, 8, 9];
    let answer = solve_heaps(&name, &heaps, Convention::Normal)?;
    let component_values: Vec<u64> =
        answer.components.iter().filter_map(|c| word(&c.value)).collect();
    let total = word(&answer.value).ok_or_else(|| broken("bounded Nim without a value"))?;
    let lines: Vec<String> = heaps
        .iter()
        .zip(&component_values)
        .map(|(h, g)| format!("G({h}) = {h} mod {} = {g}", m + 1))
        .chain([format!(
            "{} = {total}",
            component_values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ⊕ ")
        )])
        .collect();
    lesson.para("lesson-bounded-example", &args![("m", m), ("position", "7 8 9")]);
    lesson.block(&lines);
    lesson.para(
        "lesson-bounded-moves",
        &args![("total", total), ("verdict", lesson.verdict(answer.outcome))],
    );
    lesson.block(&move_lines(&answer));
    // The sizes' nim-sum and the move plain Nim would make.
    let plain = solve_heaps("nim", &heaps, Convention::Normal)?;
    let size_sum = word(&plain.value).unwrap_or(0);
    let plain_move =
        plain.winning_moves.first().ok_or_else(|| broken("7 8 9 in Nim has no winning move"))?;
    let from: u64 = plain_move.from.parse().map_err(|_| broken("a heap that is not a number"))?;
    let to: u64 = plain_move.to[0].parse().map_err(|_| broken("a heap that is not a number"))?;
    let key = if from - to > m {
        "lesson-bounded-pitfall-sizes-illegal"
    } else {
        "lesson-bounded-pitfall-sizes-losing"
    };
    lesson.pitfall(
        key,
        &args![
            ("sizes", size_sum),
            ("total", total),
            ("from", from),
            ("to", to),
            ("take", from - to),
            ("m", m)
        ],
    );
    for (game_name, position) in [
        (name.as_str(), &["7", "8", "9"][..]),
        ("bounded:5", &["6", "12"]),
        ("bounded:2", &["4", "5", "7"]),
    ] {
        lesson.exercise(
            "lesson-ex-who-wins",
            &args![("position", position.join(" ")), ("game", lesson.game_words(game_name))],
            Exercise::new(game_name, position),
        )?;
    }
    Ok(())
}

/// The formulas `pattern` tried before the one that fits, each with where it fails.
fn rejected_lines(lesson: &Lesson, rejected: &[pattern::Rejected], fits: &str) -> Vec<String> {
    let shown = match fits {
        "periodic" => lesson.tr0("lesson-formula-periodic"),
        "arithmetic-periodic" => lesson.tr0("lesson-formula-arithmetic"),
        other => other.to_string(),
    };
    let width = rejected
        .iter()
        .map(|r| columns_of(&r.formula))
        .chain([columns_of(&shown)])
        .max()
        .unwrap_or(1);
    let mut lines: Vec<String> = rejected
        .iter()
        .map(|r| {
            let at = match r.counterexample {
                Counterexample::Heap(n) => format!("n = {n}"),
                Counterexample::Cell(x, y) => format!("(x, y) = ({x}, {y})"),
            };
            let fails = lesson.tr("lesson-fails-at", &args![("at", at)]);
            format!("{}  ✗ {fails}", pad(&r.formula, width))
        })
        .collect();
    lines.push(format!("{}  ✓ {}", pad(&shown, width), lesson.tr0("lesson-fits")));
    lines
}

/// Subtraction games: values, their proven period, and the seed's C++ program.
pub(super) fn subtraction(lesson: &mut Lesson) -> Result<()> {
    let name = "sub:1,3,4";
    lesson.para("lesson-sub-rules", &args![("set", "{1, 3, 4}"), ("game", name)]);
    let values = heap_values(name, 23)?;
    lesson.block(&value_rows(&values, 12));
    let report = PeriodReport::for_game(
        &*game(name)?,
        100_000,
        &Default::default(),
        &Limits::default(),
        &mut |_| {},
    )?;
    let PeriodReport::Proven { period, values: first, .. } = report else {
        return Err(broken("sub:1,3,4 has no proven period"));
    };
    let one_period = &first[period.preperiod..];
    lesson.para(
        "lesson-sub-period",
        &args![
            ("preperiod", period.preperiod as u64),
            ("period", period.period as u64),
            ("values", one_period.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
            ("proof", lesson.proof(&period))
        ],
    );
    let far = solve(name, &["1000000"], Convention::Normal)?;
    lesson.para(
        "lesson-sub-far",
        &args![
            ("n", "1000000"),
            ("value", far.value.as_ref().map(Value::to_string).unwrap_or_default())
        ],
    );
    let other = "sub:2,4,7";
    let other_report = PeriodReport::for_game(
        &*game(other)?,
        100_000,
        &Default::default(),
        &Limits::default(),
        &mut |_| {},
    )?;
    if let PeriodReport::Proven { period, values: first, .. } = other_report {
        if period.preperiod == 0 {
            return Err(broken("the example of a late period starts at once"));
        }
        let shown = first.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        lesson.para(
            "lesson-sub-other",
            &args![
                ("game", other),
                ("preperiod", period.preperiod as u64),
                ("period", period.period as u64),
                ("values", shown)
            ],
        );
    }
    let answer = solve(name, &["5", "6"], Convention::Normal)?;
    lesson.para(
        "lesson-sub-sum",
        &args![
            ("game", name),
            ("total", word(&answer.value).unwrap_or(0)),
            ("verdict", lesson.verdict(answer.outcome))
        ],
    );
    lesson.pitfall(
        "lesson-sub-pitfall-assign",
        &args![("total", word(&answer.value).unwrap_or(0)), ("game", name)],
    );
    lesson.pitfall("lesson-sub-pitfall-arrays", &args![]);
    for (game_name, position) in
        [(name, &["5", "6"][..]), (name, &["1000000"]), (other, &["7", "12", "20"])]
    {
        lesson.exercise(
            "lesson-ex-who-wins",
            &args![("position", position.join(" ")), ("game", lesson.game_words(game_name))],
            Exercise::new(game_name, position),
        )?;
    }
    Ok(())
}

/// The five-step recipe on a new game (Kayles), with `pattern`.
pub(super) fn recipe(lesson: &mut Lesson) -> Result<()> {
    lesson.lines("lesson-recipe-steps");
    lesson.para("lesson-recipe-game", &args![]);
    lesson.para("lesson-recipe-step1", &args![]);
    lesson.para("lesson-recipe-step2", &args![]);
    let shown = 35u64;
    let values = heap_values("kayles", shown)?;
    lesson.para("lesson-recipe-step3", &args![("max", shown)]);
    lesson.block(&value_rows(&values, 12));
    let kayles = game("kayles")?;
    let max = 1000;
    let report = pattern::for_game(&*kayles, Some(max), false, &Limits::default(), &mut |_| {})?;
    let sequence = pattern::sequence_of(&*kayles, max, &Limits::default(), &mut |_| {})?;
    lesson.para("lesson-recipe-step4", &args![]);
    lesson.block(&rejected_lines(lesson, &report.rejected, &report.formula));
    let (Some(period), Some((preperiod, length, _)), true) =
        (&sequence.period, report.period, report.proven)
    else {
        return Err(broken("Kayles has no proven period"));
    };
    let one_period = report.period_values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    lesson.para(
        "lesson-recipe-period",
        &args![
            ("preperiod", preperiod as u64),
            ("period", length as u64),
            ("values", one_period),
            ("proof", lesson.proof(period))
        ],
    );
    let answer = solve("kayles", &["5", "7"], Convention::Normal)?;
    let parts: Vec<u64> = answer.components.iter().filter_map(|c| word(&c.value)).collect();
    let total = word(&answer.value).ok_or_else(|| broken("Kayles without a value"))?;
    lesson.para(
        "lesson-recipe-step5",
        &args![
            ("a", parts.first().copied().unwrap_or(0)),
            ("b", parts.get(1).copied().unwrap_or(0)),
            ("total", total),
            ("verdict", lesson.verdict(answer.outcome))
        ],
    );
    lesson.block(&move_lines(&answer));
    lesson.pitfall("lesson-recipe-pitfall-guess", &args![("preperiod", preperiod as u64)]);
    for position in [&["5", "7"][..], &["12", "30", "71"], &["100", "200"]] {
        lesson.exercise(
            "lesson-ex-who-wins",
            &args![("position", position.join(" ")), ("game", lesson.game_words("kayles"))],
            Exercise::new("kayles", position),
        )?;
    }
    Ok(())
}

/// Pieces on a line (POJ 1704): pairs from the right, the staircase.
pub(super) fn pieces(lesson: &mut Lesson) -> Result<()> {
    lesson.para("lesson-pieces-rules", &args![]);
    lesson.para("lesson-pieces-pairs", &args![]);
    for cells in [&[1u64, 5, 6, 7, 9, 12, 14, 17][..], &[1, 2, 3]] {
        let written = join(cells);
        let answer = solve("georgia-bob", &[written.as_str()], Convention::Normal)?;
        let mut pairs = Vec::new();
        let mut idx = cells.len();
        while idx > 0 {
            let right = cells[idx - 1];
            let left = if idx >= 2 { cells[idx - 2] } else { 0 };
            pairs.push((left, right, right - left - 1));
            idx = idx.saturating_sub(2);
        }
        pairs.reverse();
        let gaps: Vec<u64> = pairs.iter().map(|p| p.2).collect();
        let total = nim_sum(gaps.iter().copied());
        if word(&answer.value) != Some(total) {
            return Err(broken("the pairs' gaps do not give the pieces' value"));
        }
        let wall = lesson.tr0("lesson-pieces-wall");
        let lines: Vec<String> = pairs
            .iter()
            .map(|&(left, right, gap)| {
                let left_text = if left == 0 { wall.clone() } else { left.to_string() };
                format!("({left_text}, {right}) → {gap}")
            })
            .chain([format!(
                "{} = {total}",
                gaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ⊕ ")
            )])
            .collect();
        lesson.para(
            "lesson-pieces-example",
            &args![
                ("cells", cells.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
                ("n", cells.len() as u64)
            ],
        );
        lesson.block(&lines);
        let key = if total == 0 { "lesson-pieces-bob" } else { "lesson-pieces-georgia" };
        lesson.para(key, &args![("total", total)]);
        if total != 0 {
            let lines: Vec<String> = answer
                .winning_moves
                .iter()
                .map(|m| format!("{} → {}", answer.positions().join(" "), m.after.join(" ")))
                .collect();
            lesson.block(&lines);
        }
    }
    let cells = [1u64, 5, 6, 7, 9, 12, 14, 17];
    let steps = pieces_to_staircase(&cells);
    let staircase = join(&steps);
    let answer = solve("staircase", &[staircase.as_str()], Convention::Normal)?;
    lesson.para(
        "lesson-pieces-staircase",
        &args![("steps", staircase.as_str()), ("value", word(&answer.value).unwrap_or(0))],
    );
    let unsorted = solve("georgia-bob", &["17,1,5"], Convention::Normal)?;
    lesson
        .pitfall("lesson-pieces-pitfall-sort", &args![("sorted", unsorted.positions().join(" "))]);
    for (game_name, position) in [
        ("georgia-bob", "1,2,3"),
        ("georgia-bob", "1,5,6,7,9,12,14,17"),
        ("georgia-bob", "2,4,9"),
        ("staircase", staircase.as_str()),
    ] {
        lesson.exercise(
            "lesson-ex-who-wins",
            &args![("position", position), ("game", lesson.game_words(game_name))],
            Exercise::new(game_name, &[position]),
        )?;
    }
    Ok(())
}

/// Misère Nim: where it differs from normal play, and why values do not add.
pub(super) fn misere(lesson: &mut Lesson) -> Result<()> {
    lesson.para("lesson-misere-rules", &args![]);
    lesson.para("lesson-misere-rule", &args![]);
    let positions: [&[u64]; 7] =
        [&[1], &[1, 1], &[1, 1, 1], &[2, 2], &[1, 1, 2], &[1, 2, 3], &[3, 4, 5]];
    let normal_word = lesson.tr0("lesson-misere-normal");
    let misere_word = lesson.tr0("lesson-misere-misere");
    let width = positions.iter().map(|p| texts(p).join(" ").len()).max().unwrap_or(1);
    let normal_width = columns_of(&normal_word);
    let mut lines = vec![format!("{:width$}  {normal_word}  {misere_word}", "")];
    for heaps in positions {
        let normal = solve_heaps("nim", heaps, Convention::Normal)?;
        let misere = solve_heaps("nim", heaps, Convention::Misere)?;
        let pad = normal_width.saturating_sub(1);
        lines.push(format!(
            "{:width$}  {}{}  {}",
            texts(heaps).join(" "),
            normal.outcome.letter(),
            " ".repeat(pad),
            misere.outcome.letter()
        ));
    }
    lesson.block(&lines);
    let normal = solve("nim", &["1", "1", "2"], Convention::Normal)?;
    let misere = solve("nim", &["1", "1", "2"], Convention::Misere)?;
    let normal_after = normal.winning_moves.first().map(|m| m.after.join(" ")).unwrap_or_default();
    let misere_after = misere.winning_moves.first().map(|m| m.after.join(" ")).unwrap_or_default();
    lesson.para(
        "lesson-misere-example",
        &args![("normal_after", normal_after), ("misere_after", misere_after)],
    );
    // Where do the conventions disagree? Every position of three heaps of at most 4.
    let mut n_positions = 0u64;
    let mut differ = Vec::new();
    for a in 0..=4u64 {
        for b in a..=4 {
            for c in b..=4 {
                n_positions += 1;
                let heaps = [a, b, c];
                let normal = solve_heaps("nim", &heaps, Convention::Normal)?;
                let misere = solve_heaps("nim", &heaps, Convention::Misere)?;
                if normal.outcome != misere.outcome {
                    differ.push(heaps);
                }
            }
        }
    }
    let all_small = differ.iter().all(|heaps| heaps.iter().all(|&h| h <= 1));
    let listed =
        differ.iter().map(|h| format!("({})", join_comma(h))).collect::<Vec<_>>().join(" ");
    let key = if all_small { "lesson-misere-check" } else { "lesson-misere-check-other" };
    lesson.para(key, &args![("n", n_positions), ("differ", differ.len() as u64), ("list", listed)]);
    lesson.para("lesson-misere-no-sum", &args![]);
    lesson.pitfall("lesson-misere-pitfall-ones", &args![]);
    for position in [&["1", "1", "2"][..], &["1", "1", "1"], &["2", "3"], &["3", "4", "5"]] {
        lesson.exercise(
            "lesson-ex-who-wins-misere",
            &args![("position", position.join(" ")), ("game", lesson.game_words("nim"))],
            Exercise::new("nim", position).misere(),
        )?;
    }
    Ok(())
}

fn columns_of(text: &str) -> usize {
    super::columns(text)
}

/// `text` padded with spaces to `width` terminal columns.
fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns_of(text))))
}

/// Wythoff's game: its table, the golden-ratio pairs, and why it is not two Nim heaps.
pub(super) fn wythoff(lesson: &mut Lesson) -> Result<()> {
    let wythoff = game("wythoff")?;
    lesson.para("lesson-wythoff-rules", &args![]);
    let small = crate::games::pair_table(&*wythoff, 10)?;
    lesson.block(&table_lines(&small.rows, 10));
    let side = 60;
    let big = crate::games::pair_table(&*wythoff, side)?;
    let zeros: Vec<String> = (0..side)
        .flat_map(|x| (x..side).map(move |y| (x, y)))
        .filter(|&(x, y)| big.rows[x][y] == 0)
        .take(8)
        .map(|(x, y)| format!("({x}, {y})"))
        .collect();
    let check = crate::games::verify_table(&*wythoff, &big)?;
    lesson.para(
        "lesson-wythoff-zeros",
        &args![
            ("pairs", zeros.join(" ")),
            ("side", side as u64),
            ("cells", check.n_cells as u64),
            ("bad", check.mismatches.len() as u64)
        ],
    );
    lesson.para(
        "lesson-wythoff-not-nim",
        &args![("one_one", small.rows[1][1]), ("three_five", small.rows[3][5]), ("xor", 3u64 ^ 5)],
    );
    let sum = solve("wythoff", &["3,5", "1,1"], Convention::Normal)?;
    lesson.para(
        "lesson-wythoff-sum",
        &args![("total", word(&sum.value).unwrap_or(0)), ("verdict", lesson.verdict(sum.outcome))],
    );
    lesson.pitfall("lesson-wythoff-pitfall-xor", &args![]);
    for position in [&["3,5"][..], &["4,6"], &["10,20"], &["3,5", "1,1"]] {
        lesson.exercise(
            "lesson-ex-who-wins",
            &args![("position", position.join(" ")), ("game", lesson.game_words("wythoff"))],
            Exercise::new("wythoff", position),
        )?;
    }
    Ok(())
}

/// The graph the lesson on cycles shows and its exercises read.
const CYCLE_FILE: &str = "cycle.txt";
const CYCLE_GRAPH: &str = "\
start: hop end
hop: start
end:
ring1: ring2
ring2: ring1
fork: ring1 end
";

/// Games with cycles: Smith's values, ∞, draws, remoteness.
pub(super) fn cycles(lesson: &mut Lesson) -> Result<()> {
    lesson.para("lesson-cycles-intro", &args![("file", CYCLE_FILE)]);
    let lines: Vec<String> = CYCLE_GRAPH.lines().map(str::to_string).collect();
    lesson.block(&lines);
    let file = GraphFile::from_text(CYCLE_FILE, CYCLE_GRAPH)?;
    let graph = &file.graph;
    let values = graph.loopy_values();
    let outcomes = graph.outcomes();
    let header = [
        lesson.tr0("lesson-cycles-node"),
        lesson.tr0("lesson-cycles-value"),
        lesson.tr0("lesson-cycles-outcome"),
        lesson.tr0("lesson-cycles-remoteness"),
    ];
    let widths: Vec<usize> = header.iter().map(|h| columns_of(h).max(6)).collect();
    let mut table =
        vec![header.iter().zip(&widths).map(|(h, &w)| pad(h, w)).collect::<Vec<_>>().join("  ")];
    for node in 0..graph.n_nodes() as u32 {
        let value = Value::from(values.value(node)).to_string();
        let remoteness = outcomes.remoteness(node).map_or("-".to_string(), |r| r.to_string());
        let cells = [
            graph.name(node).to_string(),
            value,
            outcomes.outcome(node).letter().to_string(),
            remoteness,
        ];
        table.push(
            cells.iter().zip(&widths).map(|(c, &w)| pad(c, w)).collect::<Vec<_>>().join("  "),
        );
    }
    lesson.para("lesson-cycles-values", &args![("file", CYCLE_FILE)]);
    lesson.block(&table);
    lesson.para("lesson-cycles-infinity", &args![]);
    let node = |name: &str| {
        graph.node_named(name).ok_or_else(|| broken("a node of the lesson's graph is missing"))
    };
    let (start, hop) = (values.finite_value(node("start")?), values.finite_value(node("hop")?));
    let (Some(start), Some(hop)) = (start, hop) else {
        return Err(broken("the nodes of the cycle with an exit have no finite values"));
    };
    lesson.para("lesson-cycles-finite", &args![("start", start), ("hop", hop)]);
    let game = crate::games::Game::solve(
        &file,
        &["start", "fork"],
        Convention::Normal,
        &Limits::default(),
    )?;
    let sum_value = game.value.as_ref().map(Value::to_string).unwrap_or_default();
    lesson.para(
        "lesson-cycles-sum",
        &args![
            ("fork", Value::from(values.value(node("fork")?)).to_string()),
            ("start", start),
            ("sum", sum_value),
            ("verdict", lesson.verdict(game.outcome))
        ],
    );
    lesson.para("lesson-cycles-remoteness-text", &args![]);
    lesson.pitfall("lesson-cycles-pitfall-draw", &args![]);
    let file = LessonFile { name: CYCLE_FILE.to_string(), text: CYCLE_GRAPH.to_string() };
    let game_name = format!("graph:{CYCLE_FILE}");
    for position in [
        &["start"][..],
        &["hop"],
        &["fork"],
        &["start", "fork"],
        &["start", "start", "fork"],
        &["hop", "ring1"],
    ] {
        lesson.exercise(
            "lesson-ex-who-wins-graph",
            &args![("position", position.join(" "))],
            Exercise::new(&game_name, position).with_file(file.clone()),
        )?;
    }
    Ok(())
}

/// A row of `width` coins written `THHTH` from place 0.
fn coin_row(width: u64, heads: &[u64]) -> String {
    (0..width).map(|p| if heads.contains(&p) { 'H' } else { 'T' }).collect()
}

/// The coins a move turns, in the lesson's language: the head, then the others right to left.
fn coins_turned(lesson: &Lesson, report: &crate::analysis::MoveReport) -> String {
    let mut coins = vec![report.from.clone()];
    coins.extend(report.to.iter().rev().cloned());
    lesson.tr("coins-turn", &args![("count", coins.len()), ("coins", coins.join(", "))])
}

/// Coin-turning games: a row is the sum of its heads, and a product of two games is worth the
/// nim-product of their values (the Tartan theorem); one contest problem worked through.
pub(super) fn coins(lesson: &mut Lesson) -> Result<()> {
    use crate::nimber::field::mul;
    use crate::rules::coin_board::{settle, Board};
    use crate::rules::coins::{CoinRow, CoinRule, TurningCorners};
    use crate::solve::values::ValueSolver;

    lesson.para("lesson-coins-rules", &args![]);
    lesson.para("lesson-coins-sum", &args![]);
    let mock = CoinRule::MockTurtles;
    let values: Vec<u64> = (0..16).map(|n| mock.value(n)).collect();
    lesson.block(&value_rows(&values, 16));
    lesson.para("lesson-coins-odious", &args![]);

    // Every row of ten places, valued by the definition over whole boards, against the XOR of
    // its heads' values.
    let places = 10u64;
    let row = CoinRow { rule: mock };
    let board = Board(&row);
    let mut solver = ValueSolver::new(&board, Limits::default());
    let mut boards = 0u64;
    for mask in 0u32..1 << places {
        let heads: Vec<u64> = (0..places).filter(|n| mask >> n & 1 == 1).collect();
        let by_definition = solver.value(&heads)?.finite();
        let xor = heads.iter().fold(0, |acc, &n| acc ^ mock.value(n));
        if by_definition != Some(xor) {
            return Err(broken("a row of coins is not worth the XOR of its heads"));
        }
        boards += 1;
    }
    lesson.para("lesson-coins-checked", &args![("boards", boards), ("places", places)]);

    let answer = solve("mock-turtles", &["THHTH"], Convention::Normal)?;
    let heads: Vec<u64> = answer.positions().iter().filter_map(|h| h.parse().ok()).collect();
    let head_values: Vec<String> =
        heads.iter().map(|&n| format!("G({n}) = {}", mock.value(n))).collect();
    let total = heads.iter().fold(0, |acc, &n| acc ^ mock.value(n));
    let first = answer.winning_moves.first().ok_or_else(|| broken("THHTH has no winning move"))?;
    // The coins left showing heads: the position after the move, two heads on a place cancelled.
    let after = settle(first.after.iter().filter_map(|h| h.parse::<u64>().ok()).collect());
    lesson.para(
        "lesson-coins-example",
        &args![
            ("row", "THHTH"),
            ("heads", join_comma(&heads)),
            ("values", head_values.join(", ")),
            ("sum", total),
            ("verdict", p_or_n(lesson, total)),
            ("move", coins_turned(lesson, first)),
            ("after", coin_row(5, &after)),
        ],
    );

    // The product: Turning Corners, its table from the rules, and the nim-product.
    lesson.para("lesson-coins-corners", &args![]);
    let side = 8usize;
    let mut corners = ValueSolver::new(&TurningCorners, Limits::default());
    let mut rows = Vec::with_capacity(side);
    for x in 0..side as u64 {
        let mut cells = Vec::with_capacity(side);
        for y in 0..side as u64 {
            let value = corners
                .value(&(x, y))?
                .finite()
                .ok_or_else(|| broken("Turning Corners with a loopy value"))?;
            if value != mul(x, y) {
                return Err(broken("Turning Corners is not the nim-product"));
            }
            cells.push(value);
        }
        rows.push(cells);
    }
    lesson.block(&table_lines(&rows, side));
    lesson.para(
        "lesson-coins-tartan",
        &args![
            ("cells", side * side),
            ("two_four", mul(2, 4)),
            ("two_two", mul(2, 2)),
            ("four_four", mul(4, 4)),
            ("three_three", mul(3, 3))
        ],
    );

    // A contest problem: lights on a grid (Turning Corners), solved end to end.
    let lights = ["1,2", "2,3", "3,5"];
    let answer = solve("turning-corners", &lights, Convention::Normal)?;
    let mut products = Vec::new();
    let mut total = 0;
    for light in &lights {
        let (x, y) = light.split_once(',').ok_or_else(|| broken("a light is not x,y"))?;
        let (x, y): (u64, u64) = (x.parse().unwrap_or(0), y.parse().unwrap_or(0));
        products.push(format!("{x} ⊗ {y} = {}", mul(x, y)));
        total ^= mul(x, y);
    }
    if answer.value.as_ref().map(Value::to_string) != Some(total.to_string()) {
        return Err(broken("the lights' value is not the XOR of their nim-products"));
    }
    lesson.para("lesson-coins-contest", &args![("lights", lights.join("  "))]);
    products.push(format!("XOR = {total}"));
    lesson.block(&products);
    let first = answer.winning_moves.first().ok_or_else(|| broken("the lights have no win"))?;
    let corners_turned = {
        let mut coins = vec![first.from.clone()];
        coins.extend(first.to.iter().rev().cloned());
        coins.join("  ")
    };
    lesson.para(
        "lesson-coins-contest-answer",
        &args![
            ("sum", total),
            ("verdict", p_or_n(lesson, total)),
            ("corners", corners_turned),
            ("after", settle(first.after.clone()).join("  "))
        ],
    );

    lesson.pitfall(
        "lesson-coins-pitfall-product",
        &args![("three_three", mul(3, 3)), ("ordinary", 9), ("xor", 0)],
    );
    let misere = solve("mock-turtles", &["1", "2", "3"], Convention::Misere)?;
    lesson.pitfall(
        "lesson-coins-pitfall-misere",
        &args![("verdict", lesson.verdict(misere.outcome))],
    );
    for (game_name, position, misere) in [
        ("mock-turtles", &["THTHH"][..], false),
        ("mock-turtles", &["1", "4", "6", "9"], false),
        ("ruler", &["2", "4", "6"], false),
        ("turning-corners", &["1,1", "2,3", "4,5"], false),
        ("tartan:ruler,mock-turtles", &["2,3", "4,1"], false),
        ("mock-turtles", &["1", "2", "3"], true),
    ] {
        let mut exercise = Exercise::new(game_name, position);
        if misere {
            exercise = exercise.misere();
        }
        lesson.exercise(
            if misere { "lesson-ex-who-wins-misere" } else { "lesson-ex-who-wins" },
            &args![("position", position.join(" ")), ("game", lesson.game_words(game_name))],
            exercise,
        )?;
    }
    Ok(())
}
