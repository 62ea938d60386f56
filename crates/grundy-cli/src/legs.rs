//! What the two routes of a long `seq` run share, below both (`seq` for summaries and plain
//! output, `seq_file` for `--out FILE`): the interrupt flags and the status of a leg ended by
//! `--until`, the values `--keep` asks for, and the sink that writes `--summary DIR`.

use crate::args::SeqArgs;
use crate::{parse_count, BadInput};
use anyhow::Result;
use grundy::sequence::run::{Chunk, Keep, Sink};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Set by the first SIGINT or SIGTERM; the run loops poll it between steps.
static INTERRUPTED: std::sync::OnceLock<(Arc<AtomicBool>, Arc<AtomicBool>)> =
    std::sync::OnceLock::new();

/// The flags the signals set: (interrupted by either, terminated by SIGTERM).
pub(crate) fn interrupt_flags() -> &'static (Arc<AtomicBool>, Arc<AtomicBool>) {
    INTERRUPTED.get_or_init(|| (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false))))
}

/// From here on SIGINT and SIGTERM ask the run to checkpoint and stop; a second one stops it at
/// once (the last checkpoint still stands), with the shell's status for the signal: 128 + its
/// number, 130 for SIGINT and 143 for SIGTERM.
pub(crate) fn catch_interrupts() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let (interrupted, terminated) = interrupt_flags();
    for (signal, status) in [(SIGINT, 130), (SIGTERM, 143)] {
        // The exit on a second signal is registered first, so that the first one only sets
        // the flag. Registering fails only where signals cannot be caught at all.
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            status,
            Arc::clone(interrupted),
        );
        let _ = signal_hook::flag::register(signal, Arc::clone(interrupted));
    }
    let _ = signal_hook::flag::register(SIGTERM, Arc::clone(terminated));
}

/// The exit status of a leg ended by `--until` (sysexits' EX_TEMPFAIL: not done, run again).
pub(crate) const LEG_ENDED: u8 = 75;

/// The values `--keep` asks to keep at each end (the library's default without it).
pub(crate) fn keep_values(args: &SeqArgs) -> Result<usize> {
    let Some(text) = &args.keep else {
        return Ok(Keep::DEFAULT);
    };
    let count = parse_count(text, "--keep")?;
    let most = grundy::sequence::sparse::MAX_KEPT;
    usize::try_from(count).ok().filter(|&n| (Keep::LEAST..=most).contains(&n)).ok_or_else(|| {
        BadInput::msg(format!("--keep {count}: at least {} values, at most {most}", Keep::LEAST))
            .into()
    })
}

/// A sink that writes the summary of every power of two reached into a directory
/// (`--summary DIR`: `DIR/N` and `DIR/N.about`, each written whole or not at all), and passes
/// everything on to `inner`.
pub(crate) struct Summarize<'s> {
    inner: &'s mut dyn Sink,
    dir: std::path::PathBuf,
    game: String,
    pub(crate) powers: grundy::sequence::store::PowerSummaries,
    /// A file error stops the run; it is reported as itself.
    pub error: Option<anyhow::Error>,
}

impl<'s> Summarize<'s> {
    /// Summaries into `dir` for a run that goes on from `powers` (a leg's state).
    pub fn resumed(
        inner: &'s mut dyn Sink,
        dir: &std::path::Path,
        game: &str,
        powers: grundy::sequence::store::PowerSummaries,
    ) -> Self {
        Summarize { inner, dir: dir.to_path_buf(), game: game.to_string(), powers, error: None }
    }

    /// Summaries into `dir` (created if missing) for `game`'s run.
    pub fn new(inner: &'s mut dyn Sink, dir: &std::path::Path, game: &str) -> Result<Self> {
        std::fs::create_dir_all(dir).map_err(|error| {
            BadInput::msg(format!("--summary: cannot create '{}': {error}", dir.display()))
        })?;
        Ok(Summarize {
            inner,
            dir: dir.to_path_buf(),
            game: game.to_string(),
            powers: grundy::sequence::store::PowerSummaries::new(),
            error: None,
        })
    }

    fn write(&mut self, values: &[u32]) -> anyhow::Result<()> {
        for summary in self.powers.add(values) {
            let name = summary.n.to_string();
            crate::output::write_file(&self.dir.join(&name), summary.histogram().as_bytes())?;
            crate::output::write_file(
                &self.dir.join(format!("{name}.about")),
                summary.about(&self.game).as_bytes(),
            )?;
        }
        Ok(())
    }
}

impl Sink for Summarize<'_> {
    fn values(&mut self, first: u64, values: Chunk<'_>) -> grundy::Result<()> {
        self.inner.values(first, values)?;
        if values.max() > u64::from(u32::MAX) {
            return Ok(());
        }
        for start in (0..values.len()).step_by(1 << 20) {
            let piece = values.slice(start..(start + (1 << 20)).min(values.len())).to_vec();
            if let Err(error) = self.write(&piece) {
                let failure = grundy::Error::Write { what: format!("{error:#}"), kind: None };
                self.error = Some(error);
                return Err(failure);
            }
        }
        Ok(())
    }

    fn step_done(&mut self) -> grundy::Result<()> {
        self.inner.step_done()
    }

    fn leg_over(&mut self) -> bool {
        self.inner.leg_over()
    }

    fn progress(&mut self, heap: u64, note: &str) {
        self.inner.progress(heap, note);
    }

    fn period_proven(&mut self, period: &grundy::sequence::period::Period, first: u64) {
        self.inner.period_proven(period, first);
    }
}
