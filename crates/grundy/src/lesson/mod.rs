//! Lessons: short texts for learners, every number in them computed by the library as the text
//! is written, in the order of the lessons this project grew from (`grundy lesson`).
//!
//! A lesson is a function that writes paragraphs (Fluent messages `lesson-…`, so that every
//! language says them its own way) around what the library computes: values and their mex,
//! nim-sums in binary, tables and their check, periods with the theorem that proves them,
//! answers with every winning move. Each lesson ends with exercises, each one a `grundy solve`
//! command ([`Exercise`]) whose answer the library gives (printed with
//! [`Options::answers`]). The mistakes of the seed lessons are taught as common pitfalls, with
//! the computation that shows them wrong.
//!
//! ```
//! use grundy::i18n::Lang;
//! use grundy::lesson;
//! assert_eq!(lesson::topics()[1].name(), "nim");
//! let text = lesson::render("nim", Lang::En)?;
//! assert!(text.contains("grundy solve nim 8 13 15"));
//! assert!(lesson::render("chess", Lang::En).unwrap_err().to_string().contains("'chess'"));
//! # Ok::<(), grundy::Error>(())
//! ```

mod topics;

use crate::text::{columns, reflow};

use crate::analysis::{Analysis, Convention, Value};
use crate::error::{Error, Result};
use crate::games::{FileSource, Game, Registry};
use crate::i18n::{Args, Lang};
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::sequence::period::{Period, Proof};
use std::sync::Arc;

/// One topic of the lessons: a fixed ASCII name (the same in every language) and its text.
pub struct Topic {
    name: &'static str,
    write: fn(&mut Lesson) -> Result<()>,
}

impl std::fmt::Debug for Topic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Topic").field("name", &self.name).finish()
    }
}

impl Topic {
    /// The topic's name, as `grundy lesson TOPIC` takes it.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The topic's one-line title in `lang`.
    pub fn title(&self, lang: Lang) -> String {
        lang.tr0(&format!("lesson-{}-title", self.name))
    }
}

/// The topics, in the order the seed lessons teach them.
static TOPICS: [Topic; 11] = [
    Topic { name: "grundy", write: topics::grundy },
    Topic { name: "nim", write: topics::nim },
    Topic { name: "table", write: topics::table },
    Topic { name: "bounded", write: topics::bounded },
    Topic { name: "subtraction", write: topics::subtraction },
    Topic { name: "recipe", write: topics::recipe },
    Topic { name: "pieces", write: topics::pieces },
    Topic { name: "misere", write: topics::misere },
    Topic { name: "wythoff", write: topics::wythoff },
    Topic { name: "cycles", write: topics::cycles },
    Topic { name: "coins", write: topics::coins },
];

/// Every topic, in teaching order.
pub fn topics() -> &'static [Topic] {
    &TOPICS
}

/// The topic called `name`, or the error that names it and lists the topics.
pub fn topic(name: &str) -> Result<&'static Topic> {
    TOPICS.iter().find(|topic| topic.name == name).ok_or_else(|| {
        let names: Vec<&str> = TOPICS.iter().map(|topic| topic.name).collect();
        Error::BadArgument {
            argument: "TOPIC".into(),
            problem: format!(
                "unknown lesson '{}'; the topics are {}",
                crate::error::readable(name),
                names.join(", ")
            ),
        }
    })
}

/// The list of topics, one per line: the name and its title in `lang`.
///
/// ```
/// let list = grundy::lesson::list(grundy::i18n::Lang::En);
/// assert!(list.lines().next().unwrap().starts_with("grundy "));
/// assert_eq!(list.lines().count(), grundy::lesson::topics().len());
/// ```
pub fn list(lang: Lang) -> String {
    let width = TOPICS.iter().map(|topic| topic.name.len()).max().unwrap_or(0);
    TOPICS.iter().map(|topic| format!("{:<width$}  {}\n", topic.name, topic.title(lang))).collect()
}

/// How a lesson is written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Print each exercise's answer, computed, under its command.
    pub answers: bool,
}

/// The lesson `topic` in `lang`, without the answers to its exercises.
pub fn render(topic: &str, lang: Lang) -> Result<String> {
    render_with(topic, lang, Options::default())
}

/// The lesson `topic` in `lang`.
pub fn render_with(topic_name: &str, lang: Lang, options: Options) -> Result<String> {
    let topic = topic(topic_name)?;
    let mut lesson = Lesson::new(lang, options);
    lesson.title(&topic.title(lang));
    (topic.write)(&mut lesson)?;
    Ok(lesson.finish())
}

/// The exercises of the lesson `topic`, as its text prints them.
pub fn exercises(topic_name: &str) -> Result<Vec<Exercise>> {
    let topic = topic(topic_name)?;
    let mut lesson = Lesson::new(Lang::En, Options::default());
    (topic.write)(&mut lesson)?;
    Ok(lesson.exercises)
}

/// A file that a lesson shows and its exercises read (a game graph): the learner saves it
/// under `name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonFile {
    /// The file name the exercises use.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// An exercise: a position whose answer `grundy solve` gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    /// The GAME argument.
    pub game: String,
    /// The components of the position.
    pub components: Vec<String>,
    /// Misère play.
    pub misere: bool,
    /// Files the game reads (shown in the lesson).
    pub files: Vec<LessonFile>,
}

impl Exercise {
    /// A normal-play exercise.
    pub fn new(game: &str, components: &[&str]) -> Exercise {
        Exercise {
            game: game.to_string(),
            components: components.iter().map(|c| c.to_string()).collect(),
            misere: false,
            files: Vec::new(),
        }
    }

    /// The same position under misère play.
    pub fn misere(mut self) -> Exercise {
        self.misere = true;
        self
    }

    /// The same position in a game read from `file`.
    pub fn with_file(mut self, file: LessonFile) -> Exercise {
        self.files.push(file);
        self
    }

    /// The command that answers it: `grundy solve nim 8 13 15`.
    pub fn command(&self) -> String {
        let mut words = vec!["grundy".to_string(), "solve".to_string(), self.game.clone()];
        words.extend(self.components.iter().cloned());
        if self.misere {
            words.push("--misere".into());
        }
        words.join(" ")
    }

    /// Its answer, as `grundy solve` computes it (the lesson's files stand in for the disk).
    pub fn solve(&self) -> Result<Analysis> {
        let game = Registry::builtin().parse(&self.game, &LessonFiles(&self.files))?;
        let components: Vec<&str> = self.components.iter().map(String::as_str).collect();
        let convention = if self.misere { Convention::Misere } else { Convention::Normal };
        game.solve(&components, convention, &Limits::default())
    }
}

/// The files of a lesson, as the only file system its exercises see.
struct LessonFiles<'a>(&'a [LessonFile]);

impl FileSource for LessonFiles<'_> {
    fn read_to_string(&self, path: &str) -> Result<String> {
        self.0.iter().find(|file| file.name == path).map(|file| file.text.clone()).ok_or_else(
            || crate::error::Error::Unreadable {
                path: path.to_string(),
                reason: "not a file of this lesson".to_string(),
            },
        )
    }
}

/// A lesson being written.
pub(crate) struct Lesson {
    lang: Lang,
    options: Options,
    out: String,
    exercises: Vec<Exercise>,
    in_pitfalls: bool,
}

impl Lesson {
    fn new(lang: Lang, options: Options) -> Lesson {
        Lesson { lang, options, out: String::new(), exercises: Vec::new(), in_pitfalls: false }
    }

    fn finish(mut self) -> String {
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out
    }

    /// The message `key` in the lesson's language.
    pub(crate) fn tr(&self, key: &str, args: &Args<'_>) -> String {
        self.lang.tr(key, args)
    }

    fn title(&mut self, text: &str) {
        let rule = "=".repeat(columns(text));
        self.out.push_str(&format!("{text}\n{rule}\n\n"));
    }

    /// A section heading.
    pub(crate) fn heading(&mut self, key: &str) {
        let text = self.tr(key, &Args::new());
        let rule = "-".repeat(columns(&text));
        self.out.push_str(&format!("{text}\n{rule}\n\n"));
    }

    /// A paragraph, filled to the width of the text (the message's own line breaks do not
    /// count).
    pub(crate) fn para(&mut self, key: &str, args: &Args<'_>) {
        let text = reflow(&self.tr(key, args), WIDTH);
        self.out.push_str(&text);
        self.out.push_str("\n\n");
    }

    /// A message whose line breaks are kept (a numbered list).
    pub(crate) fn lines(&mut self, key: &str) {
        let text = self.tr0(key);
        self.out.push_str(text.trim_end());
        self.out.push_str("\n\n");
    }

    /// Computed lines (tables, binary columns, answers), indented.
    pub(crate) fn block(&mut self, lines: &[String]) {
        for line in lines {
            self.out.push_str(format!("    {line}").trim_end());
            self.out.push('\n');
        }
        self.out.push('\n');
    }

    /// One common pitfall, under the heading of the first.
    pub(crate) fn pitfall(&mut self, key: &str, args: &Args<'_>) {
        if !self.in_pitfalls {
            self.heading("lesson-pitfalls");
            self.in_pitfalls = true;
        }
        let text = reflow(&self.tr(key, args), WIDTH - 2);
        self.out.push_str(&bulleted(&text));
        self.out.push('\n');
    }

    /// One exercise: the question, the command that answers it and, when asked for, the
    /// answer.
    pub(crate) fn exercise(
        &mut self,
        key: &str,
        args: &Args<'_>,
        exercise: Exercise,
    ) -> Result<()> {
        if self.exercises.is_empty() {
            self.heading("lesson-exercises");
            self.para("lesson-exercises-intro", &Args::new());
        }
        let number = self.exercises.len() + 1;
        let question = reflow(&self.tr(key, args), WIDTH - 3);
        let mut text = format!("{number}. {}\n", indent_after_first(question.trim_end(), "   "));
        text.push_str(&format!("   $ {}\n", exercise.command()));
        if self.options.answers {
            let answer = exercise.solve()?;
            text.push_str(&format!("   {}\n", self.answer_line(&answer)));
        }
        text.push('\n');
        self.out.push_str(&text);
        self.exercises.push(exercise);
        Ok(())
    }

    /// `→ N: the player to move wins; G = 10; winning moves: [2 13 15] [8 7 15]`.
    pub(crate) fn answer_line(&self, answer: &Analysis) -> String {
        let letter = answer.outcome.letter();
        let mut line = format!("→ {letter}: {}", self.verdict(answer.outcome));
        if let Some(value) = &answer.value {
            line.push_str(&format!("; G = {value}"));
        }
        if !answer.winning_moves.is_empty() {
            let moves: Vec<String> =
                answer.winning_moves.iter().map(|m| format!("[{}]", m.after.join(" "))).collect();
            line.push_str("; ");
            line.push_str(
                &self.tr("lesson-answer-moves", &crate::i18n::args![("moves", moves.join(" "))]),
            );
        }
        line
    }

    /// A game's name in prose, in the lesson's language (`nim` is «ним», `bounded:3` the bounded
    /// Nim of at most 3 a move); the identifier itself where the language has no name for it.
    /// The commands keep the identifiers.
    pub(crate) fn game_words(&self, id: &str) -> String {
        let (family, param) = id.split_once(':').unwrap_or((id, ""));
        let param = match family {
            "tartan" => {
                let factors: Vec<String> =
                    param.split(',').map(|f| self.game_words(f).trim().to_string()).collect();
                factors.join(" × ")
            }
            _ => param.split(',').collect::<Vec<_>>().join(", "),
        };
        let key = format!("game-name-{family}");
        self.lang
            .try_tr(&key, &crate::i18n::args![("param", param)])
            .unwrap_or_else(|| id.to_string())
    }

    /// Who wins, in words.
    pub(crate) fn verdict(&self, outcome: Outcome) -> String {
        self.lang.tr0(match outcome {
            Outcome::P => "lesson-verdict-p",
            Outcome::N => "lesson-verdict-n",
            Outcome::D => "lesson-verdict-d",
        })
    }

    /// The theorem behind a period, in words.
    pub(crate) fn proof(&self, period: &Period) -> String {
        let proven_at = period.proven_at as u64;
        match period.proof {
            Proof::GuySmith(bound) => self.tr(
                "lesson-proof-guy-smith",
                &crate::i18n::args![
                    ("removal", bound.max_removal as u64),
                    ("parts", bound.max_parts as u64),
                    ("proven_at", proven_at)
                ],
            ),
            Proof::Window(bound) => self.tr(
                "lesson-proof-window",
                &crate::i18n::args![
                    ("removal", bound.max_removal as u64),
                    ("proven_at", proven_at)
                ],
            ),
            Proof::Arithmetic { .. } => self.tr0("lesson-proof-arithmetic"),
            Proof::ClosedForm(name) if name.starts_with("bounded Nim") => {
                self.tr0("lesson-proof-bounded")
            }
            Proof::ClosedForm(name) if name.starts_with("Nim") => self.tr0("lesson-proof-nim"),
            Proof::ClosedForm(_) | Proof::Observed => self.tr0("lesson-proof-other"),
        }
    }

    pub(crate) fn tr0(&self, key: &str) -> String {
        self.lang.tr0(key)
    }
}

/// Loads a built-in game (lessons read no files but their own).
pub(crate) fn game(name: &str) -> Result<Arc<dyn Game>> {
    crate::games::game(name)
}

/// Solves a position of a built-in game.
pub(crate) fn solve(
    game_name: &str,
    components: &[&str],
    convention: Convention,
) -> Result<Analysis> {
    game(game_name)?.solve(components, convention, &Limits::default())
}

/// A value as a machine word (lessons use small positions).
pub(crate) fn word(value: &Option<Value>) -> Option<u64> {
    match value {
        Some(Value::Nimber(n)) => u64::try_from(n).ok(),
        _ => None,
    }
}

/// The width paragraphs are filled to, in terminal columns.
const WIDTH: usize = 88;

/// `• text`, later lines indented under the first.
fn bulleted(text: &str) -> String {
    format!("• {}\n", indent_after_first(text.trim_end(), "  "))
}

fn indent_after_first(text: &str, indent: &str) -> String {
    let mut lines = text.lines();
    let mut out = lines.next().unwrap_or("").to_string();
    for line in lines {
        out.push('\n');
        if !line.is_empty() {
            out.push_str(indent);
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests;
