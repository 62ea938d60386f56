//! Progress on stderr for long computations: an indicatif bar when stderr is a terminal; with
//! `--progress` and stderr a file or a pipe, plain lines at most one a second (indicatif draws
//! nothing off a terminal); otherwise nothing, so scripts and tests see only the answer.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The least time between two plain progress lines.
const LINE_INTERVAL: Duration = Duration::from_secs(1);

/// Progress over heap sizes `0..=total`.
#[derive(Debug)]
pub enum Progress {
    /// A bar on the terminal.
    Bar(ProgressBar),
    /// Plain lines, for stderr off a terminal.
    Lines(Lines),
    /// Nothing shown.
    Hidden,
}

/// Plain progress lines, rate-limited.
#[derive(Debug)]
pub struct Lines {
    total: u64,
    position: u64,
    message: String,
    started: Instant,
    last_line: Option<Instant>,
}

impl Lines {
    fn line(&self) -> String {
        let percent = if self.total == 0 {
            100.0
        } else {
            self.position.min(self.total) as f64 * 100.0 / self.total as f64
        };
        let seconds = self.started.elapsed().as_secs_f64();
        let mut line =
            format!("heap {}/{} ({percent:.1}%) after {seconds:.1} s", self.position, self.total);
        if !self.message.is_empty() {
            line.push_str(", ");
            line.push_str(&self.message);
        }
        line
    }

    fn update(&mut self) {
        if self.last_line.is_some_and(|last| last.elapsed() < LINE_INTERVAL) {
            return;
        }
        self.last_line = Some(Instant::now());
        eprintln!("{}", self.line());
    }
}

impl Progress {
    /// Progress over heap sizes `0..=total`: a bar on a terminal, lines when `forced` off one,
    /// nothing otherwise.
    pub fn heaps(total: u64, forced: bool) -> Progress {
        let n_heaps = total.saturating_add(1);
        if !std::io::stderr().is_terminal() {
            if !forced {
                return Progress::Hidden;
            }
            return Progress::Lines(Lines {
                total: n_heaps,
                position: 0,
                message: String::new(),
                started: Instant::now(),
                last_line: None,
            });
        }
        let bar = ProgressBar::with_draw_target(Some(n_heaps), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} heap {human_pos}/{human_len} [{bar:30}] {per_sec} eta {eta} {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        Progress::Bar(bar)
    }

    /// The heaps done so far.
    pub fn set_position(&mut self, position: u64) {
        match self {
            Progress::Bar(bar) => bar.set_position(position),
            Progress::Lines(lines) => {
                lines.position = position;
                lines.update();
            }
            Progress::Hidden => {}
        }
    }

    /// The heaps done so far and what the computation is doing (an empty note keeps the last).
    pub fn update(&mut self, position: u64, note: &str) {
        if !note.is_empty() {
            self.set_message(note.to_string());
        }
        self.set_position(position);
    }

    /// A note shown after the count.
    pub fn set_message(&mut self, message: String) {
        match self {
            Progress::Bar(bar) => bar.set_message(message),
            Progress::Lines(lines) => lines.message = message,
            Progress::Hidden => {}
        }
    }

    /// Done: the bar goes; plain lines end with one for where the run stopped.
    pub fn finish(&mut self) {
        match self {
            Progress::Bar(bar) => bar.finish_and_clear(),
            Progress::Lines(lines) => {
                lines.last_line = None;
                lines.update();
            }
            Progress::Hidden => {}
        }
    }
}
