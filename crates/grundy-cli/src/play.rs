//! `grundy play GAME COMPONENT...`: a game against the perfect strategy, in the terminal or
//! with moves piped in. The library chooses the computer's moves and reads the typed ones; this
//! module only shows the board and asks.

use crate::args::PlayArgs;
use crate::{library_error, parse_game, BadInput};
use anyhow::Result;
use grundy::analysis::Convention;
use grundy::i18n::{args, Lang};
use grundy::play::{computer_move, read_move_in};
use grundy::{Game, Limits, Outcome};
use std::io::{BufRead, IsTerminal, Write};

/// A game that has gone this many moves without ending is a draw (loopy games).
const MOVE_LIMIT: usize = 1000;

/// Runs `grundy play`.
pub fn run(args: &PlayArgs, lang: Lang, limits: &Limits, stdout: &mut dyn Write) -> Result<bool> {
    let game = parse_game(&args.game, limits)?;
    if args.components.is_empty() {
        return Err(BadInput::msg(format!(
            "no position given: list its components after the game, e.g. `grundy play {} 3 4 5`",
            args.game
        ))
        .into());
    }
    let convention = if args.misere { Convention::Misere } else { Convention::Normal };
    let texts: Vec<&str> = args.components.iter().map(String::as_str).collect();
    let start = game.canonical(&texts).map_err(library_error)?;
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut session = Session {
        game: &*game,
        convention,
        limits,
        position: start,
        history: Vec::new(),
        n_moves: 0,
        out: stdout,
        interactive,
        lang,
    };
    session.intro(args.computer_first)?;
    let mut input = stdin.lock();
    let mut line_buffer = Vec::new();
    let mut line_number = 0u64;
    let mut computer_to_move = args.computer_first;
    loop {
        if session.game_over(computer_to_move)? {
            return Ok(true);
        }
        if computer_to_move {
            session.computer_moves()?;
            computer_to_move = false;
            continue;
        }
        session.prompt()?;
        line_number += 1;
        let line = match read_line(&mut input, &mut line_buffer)? {
            Line::Text(line) => line,
            Line::End => {
                session.say(&lang.tr0("play-input-ended"))?;
                return Ok(true);
            }
            Line::TooLong => {
                session.say(&lang.tr(
                    "play-line-too-long",
                    &args![("line", line_number), ("bytes", MAX_LINE_BYTES)],
                ))?;
                continue;
            }
            Line::NotText => {
                session.say(&lang.tr("play-line-not-text", &args![("line", line_number)]))?;
                continue;
            }
        };
        match line.trim() {
            "" => continue,
            "help" | "?" => session.say(&lang.tr0("play-how-to-type"))?,
            "quit" => {
                session.say(&lang.tr0("play-stopped"))?;
                return Ok(true);
            }
            "hint" => session.hint()?,
            "undo" => session.undo()?,
            typed => {
                if session.human_moves(typed)? {
                    computer_to_move = true;
                }
            }
        }
    }
}

/// The longest line of input read as a move: a move is a few numbers, and a line without end
/// (`< /dev/zero`) must not fill memory.
const MAX_LINE_BYTES: usize = 1 << 16;

/// One line of the player's input.
enum Line {
    Text(String),
    /// Longer than [`MAX_LINE_BYTES`]: skipped to its end, unread.
    TooLong,
    /// Not UTF-8 text.
    NotText,
    End,
}

/// Reads one line of at most [`MAX_LINE_BYTES`] bytes into `buffer`, skipping the rest of a
/// longer one without keeping it.
fn read_line(input: &mut dyn BufRead, buffer: &mut Vec<u8>) -> std::io::Result<Line> {
    buffer.clear();
    let n_read =
        std::io::Read::take(&mut *input, MAX_LINE_BYTES as u64 + 1).read_until(b'\n', buffer)?;
    if n_read == 0 {
        return Ok(Line::End);
    }
    if buffer.len() > MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
        loop {
            let available = input.fill_buf()?;
            if available.is_empty() {
                break;
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    input.consume(at + 1);
                    break;
                }
                None => {
                    let n = available.len();
                    input.consume(n);
                }
            }
        }
        buffer.clear();
        return Ok(Line::TooLong);
    }
    match std::str::from_utf8(buffer) {
        Ok(text) => Ok(Line::Text(text.to_string())),
        Err(_) => Ok(Line::NotText),
    }
}

struct Session<'a> {
    game: &'a dyn Game,
    convention: Convention,
    limits: &'a Limits,
    position: Vec<String>,
    /// Positions before each of the human's moves, for `undo`.
    history: Vec<Vec<String>>,
    n_moves: usize,
    out: &'a mut dyn Write,
    interactive: bool,
    lang: Lang,
}

impl Session<'_> {
    fn texts(&self) -> Vec<&str> {
        self.position.iter().map(String::as_str).collect()
    }

    fn say(&mut self, line: &str) -> Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(())
    }

    fn board(&mut self) -> Result<()> {
        let drawing = self.game.draw(&self.texts(), self.lang).map_err(library_error)?;
        self.say(&drawing)
    }

    fn intro(&mut self, computer_first: bool) -> Result<()> {
        let lang = self.lang;
        let rule = match self.convention {
            Convention::Normal => lang.tr0("play-rule-normal"),
            Convention::Misere => lang.tr0("play-rule-misere"),
        };
        let first = lang.tr0(if computer_first { "play-computer-first" } else { "play-you-first" });
        let intro = lang
            .tr("play-intro", &args![("game", self.game.name()), ("rule", rule), ("first", first)]);
        self.say(&intro)?;
        if self.interactive {
            self.say(&lang.tr0("play-how-to-type"))?;
        }
        self.board()
    }

    fn prompt(&mut self) -> Result<()> {
        if self.interactive {
            write!(self.out, "{} ", self.lang.tr0("play-prompt"))?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Whether the game has ended before `computer_to_move`'s turn, and if so says who won.
    fn game_over(&mut self, computer_to_move: bool) -> Result<bool> {
        if self.n_moves >= MOVE_LIMIT {
            self.say("draw")?;
            return Ok(true);
        }
        let moves = self.game.legal_moves(&self.texts(), self.limits).map_err(library_error)?;
        if !moves.is_empty() {
            if self.drawn_with_no_way_out()? {
                self.say("draw")?;
                return Ok(true);
            }
            return Ok(false);
        }
        // The player to move cannot move: under normal play they lose, under misère they win.
        let mover_wins = self.convention == Convention::Misere;
        let human_wins = mover_wins != computer_to_move;
        self.say(if human_wins { "winner: you" } else { "winner: computer" })?;
        Ok(true)
    }

    /// A drawn position whose every move leads to a drawn position again (no player can ever
    /// leave the draw): the game is a draw now.
    fn drawn_with_no_way_out(&self) -> Result<bool> {
        let answer = match self.game.solve(&self.texts(), self.convention, self.limits) {
            Ok(answer) => answer,
            Err(_) => return Ok(false),
        };
        if answer.outcome != Outcome::D {
            return Ok(false);
        }
        let moves = self.game.legal_moves(&self.texts(), self.limits).map_err(library_error)?;
        Ok(moves.iter().all(|m| {
            let after: Vec<&str> = m.after.iter().map(String::as_str).collect();
            self.game
                .solve(&after, self.convention, self.limits)
                .is_ok_and(|a| a.outcome == Outcome::D)
        }))
    }

    fn computer_moves(&mut self) -> Result<()> {
        let choice = computer_move(self.game, &self.texts(), self.convention, self.limits)
            .map_err(library_error)?
            .ok_or_else(|| anyhow::anyhow!("no move left for the computer"))?;
        let said = describe(&choice.report, self.lang);
        let line = self
            .lang
            .tr("play-computer-moves", &args![("move", said), ("why", choice.reason(self.lang))]);
        self.say(&line)?;
        self.position = choice.report.after.clone();
        self.n_moves += 1;
        self.say(&format!("position: {}", self.position.join(" ")))?;
        self.board()
    }

    /// Plays a typed move; false (with a message) when it is not a legal move.
    fn human_moves(&mut self, typed: &str) -> Result<bool> {
        match read_move_in(self.game, &self.texts(), typed, self.lang, self.limits) {
            Ok(report) => {
                self.history.push(self.position.clone());
                self.position = report.after.clone();
                self.n_moves += 1;
                self.say(&format!("position: {}", self.position.join(" ")))?;
                Ok(true)
            }
            Err(error) => {
                let problem = error.problem();
                self.say(&self.lang.tr("play-illegal", &args![("problem", problem)]))?;
                Ok(false)
            }
        }
    }

    fn undo(&mut self) -> Result<()> {
        match self.history.pop() {
            Some(before) => {
                self.position = before;
                self.n_moves = self.n_moves.saturating_sub(2);
                self.say(&self.lang.tr0("play-undone"))?;
                self.say(&format!("position: {}", self.position.join(" ")))?;
                self.board()
            }
            None => self.say(&self.lang.tr0("play-nothing-to-undo")),
        }
    }

    fn hint(&mut self) -> Result<()> {
        let answer =
            self.game.solve(&self.texts(), self.convention, self.limits).map_err(library_error)?;
        match answer.winning_moves.first() {
            Some(best) => {
                let said = describe(best, self.lang);
                self.say(&self.lang.tr("play-hint", &args![("hint", said)]))?;
                if let Ok(explanation) =
                    grundy::games::explanation(self.game, &answer, self.lang, self.limits)
                {
                    self.say(explanation.trim_end())?;
                }
                Ok(())
            }
            None => {
                let why = self.lang.tr0(match answer.outcome {
                    Outcome::D => "play-hint-draw",
                    _ => "play-hint-lost",
                });
                self.say(&self.lang.tr("play-hint", &args![("hint", why)]))
            }
        }
    }
}

/// A move in words: the game's own where it has them (in English), else every heap it changes,
/// else `component i: a -> b`.
fn describe(report: &grundy::analysis::MoveReport, lang: Lang) -> String {
    if let (Some(words), Lang::En) = (&report.description, lang) {
        return words.clone();
    }
    if !report.changes.is_empty() {
        let changes: Vec<String> = report
            .changes
            .iter()
            .map(|c| {
                lang.tr(
                    "play-move-component",
                    &args![("i", c.component + 1), ("from", c.from.clone()), ("to", c.to.clone())],
                )
            })
            .collect();
        return changes.join("; ");
    }
    let to = if report.to.is_empty() { lang.tr0("explain-nothing") } else { report.to.join(" + ") };
    lang.tr(
        "play-move-component",
        &args![("i", report.component + 1), ("from", report.from.clone()), ("to", to)],
    )
}
