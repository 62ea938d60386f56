//! `grundy`: Sprague–Grundy theory for impartial games, end to end.
//!
//! Should you use this crate? If you need the Grundy value, the outcome or the winning moves of
//! an impartial game under normal or misère play — Nim and its variants, heap games, a game
//! graph of your own — this is the library behind the `grundy` command, without any I/O: it takes
//! positions and returns answers.
//!
//! ```
//! use grundy::{{analysis::Convention, games::solve}, Outcome};
//!
//! let game = grundy::game("nim")?;
//! let answer = solve(&*game, &["3", "4", "5"], Convention::Normal)?;
//! assert_eq!(answer.outcome, Outcome::N);
//! assert_eq!(answer.winning_moves[0].after, ["1", "4", "5"]);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! The theory lives in modules named after it: [`nimber`] (mex and nim-sum), [`ruleset`] (what a
//! game is), [`solve`] (solvers that take any ruleset or [`game_graph`]: the value solver,
//! acyclic, loopy, retrograde, sums, whole-position search), [`games`] (the catalogue: one file
//! per family, the registry, the [`Game`] trait every front end holds), [`analysis`] (a position
//! in, an answer out), [`sequence`] (nim-sequences far out and their periods), [`explain`] (the
//! learner's walk-through), [`contract`] (the JSON documents, with the `json` feature). Every
//! function returns the one [`Error`]; every solver runs within [`Limits`].

pub mod analysis;
pub mod codec;
#[cfg(feature = "json")]
pub mod contract;
pub mod error;
pub(crate) mod explain;
pub mod explore;
pub(crate) mod game_graph;
pub mod games;
pub mod i18n;
pub mod lesson;
pub(crate) mod limits;
pub mod misere;
pub mod nimber;
mod outcome;
pub(crate) mod pattern;
pub mod play;
#[cfg(feature = "json")]
pub mod request;
pub(crate) mod rules;
pub mod ruleset;
pub mod sequence;
pub mod solve;
pub mod table;
pub(crate) mod text;

pub use error::{Error, Result};
pub use games::{game, Game};
pub use limits::Limits;
pub use outcome::Outcome;
