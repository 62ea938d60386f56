//! Progress on stderr for long computations: shown when stderr is a terminal or `--progress` is
//! given, silent otherwise (so scripts and tests see only the answer).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over heap sizes `0..=total`, or nothing.
pub fn heap_bar(total: u64, forced: bool) -> ProgressBar {
    if !forced && !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total + 1), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} heap {human_pos}/{human_len} [{bar:30}] {per_sec} eta {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}
