//! The learner's walk-throughs: one position per family in every language (snapshots), no
//! English and no message keys in the other languages, and the values and moves an
//! explanation states checked against the solver on random positions.

use grundy::games::graph::GraphFile;
use grundy::games::script::ScriptGame;
use grundy::games::{Game, NoFiles};
use grundy::i18n::Lang;
use grundy::Limits;
use grundy::{
    analysis::{Analysis, Convention},
    games::solve,
};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

const SUBTRACTION_SCRIPT: &str = "fn moves(n) { let out = []; for take in [1, 3, 4] { if take <= n { out.push(n - take); } } out }\nfn heap(n) { n }\n";
const CYCLIC_GRAPH: &str = "a: b\nb: a c\nc:\nd: d e\ne:\nf: f g\ng: f\n";

fn game_of(name: &str) -> Arc<dyn Game> {
    match name {
        "script" => Arc::new(
            ScriptGame::compile("script:s.rhai", SUBTRACTION_SCRIPT, &NoFiles, &Limits::default())
                .unwrap(),
        ),
        "graph" => Arc::new(GraphFile::from_text("g.txt", CYCLIC_GRAPH).unwrap()),
        _ => grundy::game(name).unwrap(),
    }
}

fn explained(
    game: &dyn Game,
    components: &[&str],
    convention: Convention,
    lang: Lang,
) -> (Analysis, String) {
    let answer = game.solve(components, convention, &Limits::default()).unwrap();
    let text = grundy::games::explanation(game, &answer, lang, &Limits::default()).unwrap();
    (answer, text)
}

/// One position per family, with the seeds' worked examples among them.
const CASES: &[(&str, &str, &[&str], bool)] = &[
    ("nim", "nim", &["8", "13", "15"], false),
    ("nim_p", "nim", &["1", "2", "3"], false),
    ("misere_nim", "nim", &["1", "1", "5"], true),
    ("misere_nim_thin", "nim", &["1", "1", "0"], true),
    ("bounded", "bounded:3", &["7", "8", "9"], false),
    ("kayles", "kayles", &["5", "7"], false),
    ("moore", "moore:2", &["3", "5", "6"], false),
    ("wythoff", "wythoff", &["5,9"], false),
    ("wythoff_p", "wythoff", &["4,7"], false),
    ("wythoff_sum", "wythoff", &["1,2", "2,2"], false),
    ("staircase", "staircase", &["0,3,1,4"], false),
    ("georgia_bob", "georgia-bob", &["1,5,6,7,9,12,14,17"], false),
    ("georgia_bob_p", "georgia-bob", &["1,2,3"], false),
    ("graph", "graph", &["a"], false),
    ("graph_draw", "graph", &["f", "c"], false),
    ("graph_infinite", "graph", &["d"], false),
    ("fibonacci", "fibonacci-nim", &["10"], false),
    ("fibonacci_p", "fibonacci-nim", &["13"], false),
    ("script", "script", &["5", "7"], false),
    ("kayles_misere", "kayles", &["2", "2"], true),
    ("kayles_misere_large", "kayles", &["20", "33", "45"], true),
    ("mock_turtles_misere", "mock-turtles", &["1", "2", "4"], true),
    ("mock_turtles_misere_p", "mock-turtles", &["1", "2", "3"], true),
    ("turning_corners", "turning-corners", &["1,1", "2,3"], false),
    (
        "nim_many",
        "nim",
        &[
            "3", "5", "6", "9", "10", "12", "17", "20", "33", "40", "41", "48", "60", "63", "100",
            "127", "200", "255", "300", "511", "700", "1000", "1023", "2047", "4095",
        ],
        false,
    ),
];

/// No line of an explanation passes 88 terminal columns (a Chinese character takes two), in
/// any language, and a wrapped line never breaks a formula.
#[test]
fn explanations_fit_88_columns() {
    // Columns counted here, independently of the library's filler: CJK characters take two.
    let width =
        |line: &str| line.chars().map(|c| if c as u32 >= 0x2E80 { 2 } else { 1 }).sum::<usize>();
    let mut bad = Vec::new();
    for (case, name, components, misere) in CASES {
        let game = game_of(name);
        let convention = if *misere { Convention::Misere } else { Convention::Normal };
        for lang in Lang::ALL {
            let (_, text) = explained(&*game, components, convention, lang);
            for line in text.lines() {
                let end = line.trim_end();
                if width(line) > 88 || ["⊕", "=", "⊗", "{"].iter().any(|s| end.ends_with(s)) {
                    bad.push(format!("{case} in {lang}: {} columns: {line}", width(line)));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_family_in_every_language() {
    for (case, name, components, misere) in CASES {
        let game = game_of(name);
        let convention = if *misere { Convention::Misere } else { Convention::Normal };
        for lang in Lang::ALL {
            let (_, text) = explained(&*game, components, convention, lang);
            insta::assert_snapshot!(format!("{case}_{lang}"), text);
        }
    }
}

/// The seeds' worked examples come out with the seeds' numbers (and not the seed's slip: from
/// 8 13 15 the 13-heap goes to 7, so 6 are taken, not 7).
#[test]
fn the_seeds_numbers() {
    let nim = game_of("nim");
    let (_, text) = explained(&*nim, &["3", "4", "5"], Convention::Normal, Lang::En);
    assert!(text.contains("take 2 tokens from heap 1 (3 -> 1)"), "{text}");
    let (answer, text) = explained(&*nim, &["8", "13", "15"], Convention::Normal, Lang::Mk);
    assert_eq!(answer.winning_moves.len(), 3);
    assert!(text.contains("земаме 6 жетони од купчето 1 (8 -> 2)"), "{text}");
    assert!(text.contains("земаме 6 жетони од купчето 2 (13 -> 7)"), "{text}");
    assert!(text.contains("земаме 10 жетони од купчето 3 (15 -> 5)"), "{text}");
    let (_, text) = explained(&*nim, &["4", "7"], Convention::Normal, Lang::Mk);
    assert!(text.contains("земаме 3 жетони од купчето 2 (7 -> 4)"), "{text}");
    let (_, text) = explained(&*nim, &["3", "4", "5"], Convention::Normal, Lang::Ru);
    assert!(text.contains("берём 2 камня из кучи 1 (3 -> 1)"), "{text}");
    let bounded = game_of("bounded:3");
    let (_, text) = explained(&*bounded, &["7", "8", "9"], Convention::Normal, Lang::Ru);
    for line in ["g(7) = 7 mod 4 = 3", "g(8) = 8 mod 4 = 0", "g(9) = 9 mod 4 = 1"] {
        assert!(text.contains(line), "{line} in {text}");
    }
    // The table's rows: each heap's size beside its value, and the nim-sum (columns padded).
    let words = |line: &str| line.split_whitespace().collect::<Vec<_>>().join(" ");
    let rows: Vec<String> = text.lines().map(words).collect();
    for row in ["куча 1: g(7) 3 = 11", "куча 2: g(8) 0 = 00", "ним-сумма 2 = 10"] {
        assert!(rows.iter().any(|r| r == row), "{row} in {text}");
    }
    let pieces = game_of("georgia-bob");
    let (answer, text) = explained(&*pieces, &["1,2,3"], Convention::Normal, Lang::Zh);
    assert_eq!(answer.outcome, grundy::Outcome::P);
    assert!(text.contains("Bob 获胜"), "{text}");
    let (answer, text) = explained(&*pieces, &["1,5,6,7,9,12,14,17"], Convention::Normal, Lang::Zh);
    assert_eq!(answer.outcome, grundy::Outcome::N);
    assert!(text.contains("Georgia 获胜"), "{text}");
}

/// The words of the English messages (not their keys, comments or argument names).
fn english_words() -> BTreeSet<String> {
    let source = include_str!("../locales/en.ftl");
    let mut words = BTreeSet::new();
    for line in source.lines() {
        let line = line.trim_start();
        if line.starts_with('#') {
            continue;
        }
        let text = match line.split_once(" = ") {
            Some((key, rest)) if !key.contains(' ') => rest,
            _ => line,
        };
        let mut in_placeable = false;
        let mut word = String::new();
        for c in text.chars().chain(std::iter::once(' ')) {
            match c {
                '{' => in_placeable = true,
                '}' => in_placeable = false,
                _ => {}
            }
            if c.is_ascii_alphabetic() && !in_placeable {
                word.push(c.to_ascii_lowercase());
            } else {
                if word.len() >= 2 {
                    words.insert(std::mem::take(&mut word));
                }
                word.clear();
            }
        }
    }
    // Notation every language writes the same way.
    for notation in ["xor", "mex", "nim", "poj", "georgia", "bob"] {
        words.remove(notation);
    }
    words
}

/// The first run of three English words in a row (only spaces and punctuation between), if any.
fn english_run(text: &str, vocabulary: &BTreeSet<String>) -> Option<String> {
    let mut run: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once('\n')) {
        if c.is_ascii_alphabetic() {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            if word.len() >= 2 && vocabulary.contains(&word.to_ascii_lowercase()) {
                run.push(std::mem::take(&mut word));
                if run.len() >= 3 {
                    return Some(run.join(" "));
                }
            } else {
                run.clear();
            }
            word.clear();
        }
        // Digits and letters of other scripts end a run; spaces and punctuation do not.
        if c.is_alphanumeric() {
            run.clear();
        }
    }
    None
}

#[test]
fn other_languages_print_no_english_and_no_keys() {
    let vocabulary = english_words();
    assert!(vocabulary.contains("token") && vocabulary.contains("position"));
    let keys = Lang::En.keys();
    for (case, name, components, misere) in CASES {
        let game = game_of(name);
        let convention = if *misere { Convention::Misere } else { Convention::Normal };
        for lang in [Lang::Ru, Lang::Zh, Lang::Mk] {
            let (_, text) = explained(&*game, components, convention, lang);
            // The command line's own lines stay English; the explanation is all there is here.
            if let Some(run) = english_run(&text, &vocabulary) {
                panic!("{case} in {lang} has English words '{run}':\n{text}");
            }
            for token in text.split(|c: char| c.is_whitespace() || "(),:;.".contains(c)) {
                let looks_like_key = token.split('-').count() >= 3
                    && token.split('-').all(|part| {
                        !part.is_empty()
                            && part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                    });
                assert!(
                    !looks_like_key && !keys.iter().any(|key| key == token),
                    "{case} in {lang} prints '{token}':\n{text}"
                );
            }
        }
    }
}

/// Every message of the other languages, including those no explanation above reaches (play's
/// prompts and refusals, the board): no English left in the text around the arguments.
#[test]
fn no_message_of_the_other_languages_is_left_in_english() {
    let vocabulary = english_words();
    let sources = [
        ("ru", include_str!("../locales/ru.ftl")),
        ("zh", include_str!("../locales/zh.ftl")),
        ("mk", include_str!("../locales/mk.ftl")),
    ];
    for (lang, source) in sources {
        let mut key = String::new();
        for line in source.lines() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let text = match line.split_once(" =") {
                Some((name, rest)) if !name.starts_with(' ') && !name.contains(' ') => {
                    key = name.to_string();
                    rest
                }
                _ => line,
            };
            // Lessons are written by their own tests; the command words stay English.
            if key.starts_with("lesson-") || key.starts_with("test-") {
                continue;
            }
            // Arguments and `code` (command words, typed moves) are not prose.
            let mut outside = String::new();
            let (mut depth, mut code) = (0, false);
            for c in text.chars() {
                match c {
                    '{' => depth += 1,
                    // A select's variants sit on their own lines: each line starts outside.
                    '}' => depth = (depth - 1).max(0),
                    '`' => code = !code,
                    _ if depth == 0 && !code => outside.push(c),
                    _ => {}
                }
                if depth > 0 || code {
                    outside.push('0');
                }
            }
            if let Some(run) = english_run(&outside, &vocabulary) {
                panic!("{lang}.ftl, {key}: English words '{run}' in {line}");
            }
        }
    }
}

/// The detector itself: English is found, the other languages' notation is not.
#[test]
fn the_english_detector_finds_english() {
    let vocabulary = english_words();
    assert!(english_run("1 4 5 has value 0: a P-position for the opponent", &vocabulary).is_some());
    assert!(english_run("куча 1: 3 XOR 2 = 1, take 2 tokens from heap 1", &vocabulary).is_some());
    assert!(english_run("ним-сумма 3 XOR 2 = 1 (mex)", &vocabulary).is_none());
    assert!(english_run("POJ 1704 中 Georgia 先走，所以 Bob 获胜", &vocabulary).is_none());
}

/// The rows of the binary table: (decimal, bits) for each row, then the XOR row.
fn binary_tables(text: &str) -> Vec<(Vec<u64>, u64)> {
    let mut tables = Vec::new();
    let mut rows: Vec<u64> = Vec::new();
    let mut after_rule = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if !trimmed.is_empty() && trimmed.chars().all(|c| c == '-') {
            after_rule = true;
            continue;
        }
        let parsed = trimmed.rsplit_once(" = ").filter(|(left, _)| !left.contains('=')).and_then(
            |(left, bits)| {
                let decimal: u64 = left.split_whitespace().last()?.parse().ok()?;
                (!bits.is_empty() && bits.chars().all(|c| c == '0' || c == '1'))
                    .then(|| (decimal, u64::from_str_radix(bits, 2).ok()))
            },
        );
        match parsed {
            Some((decimal, Some(bits))) => {
                assert_eq!(decimal, bits, "a row's binary is its number: {line}");
                if after_rule {
                    tables.push((std::mem::take(&mut rows), decimal));
                    after_rule = false;
                } else {
                    rows.push(decimal);
                }
            }
            _ => {
                if !after_rule {
                    rows.clear();
                }
            }
        }
    }
    tables
}

/// What the text says each move leaves: the `(a -> b)` of heap moves, or the component in
/// parentheses at the end of a move line.
fn stated_arrows(text: &str) -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(start) = rest.find('(') {
        rest = &rest[start + 1..];
        let Some(end) = rest.find(')') else { break };
        if let Some((from, to)) = rest[..end].split_once(" -> ") {
            if from.chars().all(|c| c.is_ascii_digit()) && to.chars().all(|c| c.is_ascii_digit()) {
                found.insert((from.to_string(), to.to_string()));
            }
        }
    }
    found
}

fn check_against_solver(
    name: &str,
    components: &[String],
    lang: Lang,
) -> Result<(), TestCaseError> {
    let game = game_of(name);
    let texts: Vec<&str> = components.iter().map(String::as_str).collect();
    let answer = solve(&*game, &texts, Convention::Normal).unwrap();
    // Chinese writes its parentheses full-width.
    let text = game
        .explain(&answer, lang, &Limits::default())
        .unwrap()
        .replace('（', "(")
        .replace('）', ")");
    let value: Option<u64> = answer.value.as_ref().map(|v| v.to_string().parse().unwrap());
    // The XOR row of the last table is the value of the position, and the rows XOR to it.
    let tables = binary_tables(&text);
    if name != "wythoff" || components.len() > 1 {
        let (rows, total) = tables
            .last()
            .cloned()
            .ok_or_else(|| TestCaseError::fail(format!("no table:\n{text}")))?;
        prop_assert_eq!(rows.iter().fold(0, |acc, r| acc ^ r), total, "{}", text);
        prop_assert_eq!(Some(total), value, "{}", text);
    }
    let moves: Vec<_> = answer.winning_moves.iter().take(12).collect();
    match name {
        "nim" => {
            let stated = stated_arrows(&text);
            let solved: BTreeSet<(String, String)> =
                answer.winning_moves.iter().map(|m| (m.from.clone(), m.to[0].clone())).collect();
            prop_assert_eq!(stated, solved, "{}", text);
        }
        "wythoff" => {
            for m in &moves {
                let (x, y) = m.to[0].split_once(',').unwrap();
                let pair = format!("({x}, {y})");
                prop_assert!(text.contains(&pair), "{} in {}", pair, text);
            }
            if answer.outcome == grundy::Outcome::P {
                prop_assert!(!text.contains("->"), "{}", text);
            }
        }
        "staircase" | "georgia-bob" => {
            for m in &moves {
                let leaves = format!("({})", m.to[0]);
                prop_assert!(text.contains(&leaves), "{} in {}", leaves, text);
            }
            let stated = text.lines().filter(|l| l.contains(" -> ")).count();
            prop_assert_eq!(stated, moves.len(), "{}", text);
        }
        _ => {
            for m in &moves {
                let option = format!(" {} (", m.to.join(" + "));
                let wide = format!(" {}(", m.to.join(" + "));
                prop_assert!(
                    text.contains(&option) || text.contains(&wide),
                    "{} in {}",
                    option,
                    text
                );
            }
        }
    }
    if let Some(first) =
        answer.winning_moves.first().filter(|_| name != "wythoff" || components.len() > 1)
    {
        prop_assert!(
            text.contains(&first.after.join(" ")),
            "the check names {:?}: {}",
            first.after,
            text
        );
    }
    Ok(())
}

fn any_lang() -> impl Strategy<Value = Lang> {
    prop::sample::select(Lang::ALL.to_vec())
}

fn list(numbers: &[u64]) -> String {
    numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nim_explanations_agree_with_the_solver(heaps in prop::collection::vec(0u64..64, 1..5), lang in any_lang()) {
        let components: Vec<String> = heaps.iter().map(u64::to_string).collect();
        check_against_solver("nim", &components, lang)?;
    }

    #[test]
    fn heap_game_explanations_agree_with_the_solver(
        game in prop::sample::select(vec!["kayles", "0.07", "sub:1,3,4", "bounded:3", "bounded:5", "0.137", "0.6"]),
        heaps in prop::collection::vec(0u64..40, 1..4),
        lang in any_lang(),
    ) {
        let components: Vec<String> = heaps.iter().map(u64::to_string).collect();
        check_against_solver(game, &components, lang)?;
    }

    #[test]
    fn wythoff_explanations_agree_with_the_solver(
        pairs in prop::collection::vec((0u64..60, 0u64..60), 1..3),
        lang in any_lang(),
    ) {
        let pairs: Vec<(u64, u64)> = if pairs.len() > 1 { pairs.iter().map(|(a, b)| (a % 12, b % 12)).collect() } else { pairs };
        let components: Vec<String> = pairs.iter().map(|(a, b)| format!("{a},{b}")).collect();
        check_against_solver("wythoff", &components, lang)?;
    }

    #[test]
    fn staircase_explanations_agree_with_the_solver(
        stairs in prop::collection::vec(prop::collection::vec(0u64..8, 1..6), 1..3),
        lang in any_lang(),
    ) {
        let components: Vec<String> = stairs.iter().map(|s| list(s)).collect();
        check_against_solver("staircase", &components, lang)?;
    }

    #[test]
    fn georgia_bob_explanations_agree_with_the_solver(
        lines in prop::collection::vec(prop::collection::btree_set(1u64..40, 1..7), 1..3),
        lang in any_lang(),
    ) {
        let components: Vec<String> = lines.iter().map(|cells| list(&cells.iter().copied().collect::<Vec<_>>())).collect();
        check_against_solver("georgia-bob", &components, lang)?;
    }
}

/// Regression (hardening round three): a heap of 65,536 digits made the explanation panic (a
/// formatting width past 65,535), in Nim and in Moore's Nim.
#[test]
fn heaps_wider_than_the_formatter_allows_are_explained() {
    let nines = "9".repeat(65_536);
    for game in ["nim", "moore:2"] {
        let game = game_of(game);
        let (_, text) = explained(&*game, &[&nines, "1"], Convention::Normal, Lang::En);
        assert!(text.contains(&nines), "the heap is written in full");
    }
}
