use super::*;
use std::collections::BTreeSet;

fn all_lessons(lang: Lang, answers: bool) -> Vec<(&'static str, String)> {
    topics()
        .iter()
        .map(|topic| {
            let text = render_with(topic.name(), lang, Options { answers })
                .unwrap_or_else(|e| panic!("lesson {} in {lang}: {e}", topic.name()));
            (topic.name(), text)
        })
        .collect()
}

#[test]
fn every_lesson_in_every_language_reads_as_its_snapshot() {
    for lang in Lang::ALL {
        insta::assert_snapshot!(format!("list_{lang}"), list(lang));
        for (name, text) in all_lessons(lang, false) {
            insta::assert_snapshot!(format!("{name}_{lang}"), text);
        }
    }
    insta::assert_snapshot!(
        "nim_en_answers",
        render_with("nim", Lang::En, Options { answers: true }).unwrap()
    );
}

/// What an answer line says: `→ N: …; G = 10; …: [2 13 15] [8 7 15]`.
#[derive(Debug, PartialEq, Eq)]
struct StatedAnswer {
    outcome: String,
    value: Option<String>,
    moves: BTreeSet<String>,
}

fn parse_answer(line: &str) -> StatedAnswer {
    let rest =
        line.trim().strip_prefix("→ ").unwrap_or_else(|| panic!("not an answer line: {line:?}"));
    let outcome = rest.chars().next().unwrap().to_string();
    let value =
        rest.split("; G = ").nth(1).map(|v| v.split(';').next().unwrap().trim().to_string());
    let moves =
        rest.split('[').skip(1).map(|part| part.split(']').next().unwrap().to_string()).collect();
    StatedAnswer { outcome, value, moves }
}

/// Every exercise command, read back from the text as a learner would type it, runs through the
/// library, and the answer the lesson prints under it is the library's answer.
#[test]
fn every_exercise_command_runs_and_the_stated_answers_are_the_librarys() {
    let mut n_checked = 0;
    for lang in Lang::ALL {
        for (name, text) in all_lessons(lang, true) {
            let listed = exercises(name).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let commands: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].trim_start().starts_with("$ grundy solve "))
                .collect();
            assert_eq!(commands.len(), listed.len(), "{name} in {lang}: exercises and commands");
            assert!(commands.len() >= 3, "{name}: at least three exercises");
            for (line_idx, exercise) in commands.into_iter().zip(&listed) {
                let words: Vec<&str> = lines[line_idx]
                    .trim_start()
                    .strip_prefix("$ grundy solve ")
                    .unwrap()
                    .split(' ')
                    .collect();
                let misere = words.contains(&"--misere");
                let positional: Vec<&str> =
                    words.iter().copied().filter(|w| !w.starts_with("--")).collect();
                let typed = Exercise {
                    game: positional[0].to_string(),
                    components: positional[1..].iter().map(|c| c.to_string()).collect(),
                    misere,
                    files: exercise.files.clone(),
                };
                let answer =
                    typed.solve().unwrap_or_else(|e| panic!("{name}: {}: {e}", typed.command()));
                let stated = parse_answer(lines[line_idx + 1]);
                let expected = StatedAnswer {
                    outcome: answer.outcome.letter().to_string(),
                    value: answer.value.as_ref().map(|v| v.to_string()),
                    moves: answer.winning_moves.iter().map(|m| m.after.join(" ")).collect(),
                };
                assert_eq!(stated, expected, "{name} in {lang}: {}", typed.command());
                n_checked += 1;
            }
        }
    }
    assert!(n_checked >= 4 * 30, "only {n_checked} exercises checked");
}

#[test]
fn an_answer_line_is_read_back_as_written() {
    let stated =
        parse_answer("   → N: the player to move wins; G = 10; winning moves: [2 13 15] [8 7 15]");
    assert_eq!(stated.outcome, "N");
    assert_eq!(stated.value.as_deref(), Some("10"));
    assert_eq!(stated.moves.len(), 2);
    assert!(stated.moves.contains("8 7 15"));
}

/// Runs of three or more words of two or more Latin letters, outside commands: English left in
/// a translation. The names of commands, games and operators are the same in every language.
fn english_runs(text: &str) -> Vec<String> {
    const SAME_EVERYWHERE: &[&str] = &[
        "grundy",
        "solve",
        "table",
        "nim",
        "size",
        "verify",
        "pattern",
        "mex",
        "mod",
        "XOR",
        "txt",
        "graph",
        "cycle",
        "sub",
        "kayles",
        "bounded",
        "staircase",
        "wythoff",
        "georgia",
        "bob",
        "misere",
        "lesson",
        "answers",
        "ans",
        "popcount",
        "floor",
        "Bob",
        "Alice",
        "Georgia",
        "start",
        "hop",
        "end",
        "fork",
        "ring",
        "nimber",
        "mul",
        "batch",
        "explain",
        "tartan",
        "ruler",
        "mock",
        "turtles",
        "Mock",
        "Turtles",
        "turning",
        "corners",
        "Turning",
        "Corners",
        "Twins",
        "Winning",
        "Ways",
    ];
    // What the POJ 1704 program prints is quoted as it prints it.
    let text = text.replace("Bob will win", "Bob");
    let mut runs = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("$ ") {
            continue;
        }
        let mut run: Vec<&str> = Vec::new();
        // Any character but a Latin letter ends a word, and punctuation ends a run.
        let words = line.split(|c: char| !c.is_ascii_alphabetic() && c != '\'');
        for word in words.chain([""]) {
            if word.len() >= 2 {
                run.push(word);
                continue;
            }
            if run.len() >= 3 && !run.iter().all(|w| SAME_EVERYWHERE.contains(w)) {
                runs.push(format!("{}: {line}", run.join(" ")));
            }
            run.clear();
        }
    }
    runs
}

#[test]
fn no_translated_lesson_shows_a_key_or_an_english_sentence() {
    let english: Vec<(&str, String)> = all_lessons(Lang::En, true);
    assert_eq!(english_runs("This is English text.").len(), 1, "the detector finds English");
    for lang in [Lang::Ru, Lang::Zh, Lang::Mk] {
        let mut text_all = list(lang);
        for ((name, text), (_, english_text)) in all_lessons(lang, true).iter().zip(&english) {
            assert!(!text.contains("lesson-"), "{name} in {lang} shows a key");
            for line in english_text.lines() {
                let line = line.trim();
                if line.len() > 24 && line.contains(' ') && !english_runs(line).is_empty() {
                    assert!(!text.contains(line), "{name} in {lang} has the English line {line:?}");
                }
            }
            text_all.push_str(text);
        }
        let runs = english_runs(&text_all);
        assert!(runs.is_empty(), "{lang}: English words: {runs:#?}");
        for key in Lang::En.keys().iter().filter(|k| k.starts_with("lesson-")) {
            let theirs =
                lang.try_tr(key, &Args::new()).unwrap_or_else(|| panic!("{lang} lacks {key}"));
            let ours = Lang::En.try_tr(key, &Args::new()).unwrap();
            assert!(
                theirs != ours || !ours.chars().any(|c| c.is_ascii_alphabetic() && c != 'G'),
                "{key} in {lang} is the English text"
            );
        }
    }
}

#[test]
fn an_unknown_topic_names_itself_and_every_topic() {
    let message = render("chess", Lang::Ru).unwrap_err().to_string();
    assert!(message.contains("'chess'"), "{message}");
    for topic in topics() {
        assert!(message.contains(topic.name()), "{message}");
    }
    assert!(exercises("").is_err());
}

#[test]
fn topic_names_are_fixed_ascii_words_and_titles_are_translated() {
    for topic in topics() {
        assert!(topic.name().chars().all(|c| c.is_ascii_lowercase()), "{}", topic.name());
        let english = topic.title(Lang::En);
        for lang in [Lang::Ru, Lang::Zh, Lang::Mk] {
            assert_ne!(topic.title(lang), english, "{} in {lang}", topic.name());
            assert!(list(lang).contains(&format!("{} ", topic.name())));
        }
    }
}
