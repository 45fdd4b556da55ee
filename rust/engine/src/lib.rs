//! # patience-engine
//!
//! Move generation and an exhaustive solver for the patience games of *Lady Cadogan's
//! Illustrated Games of Solitaire or Patience* (1914). No Python here: the `patience-py`
//! crate wraps this one.
//!
//! - [`card::Card`]: one card, text form `TS`, `AH` (`10S` accepted on input).
//! - [`pack`]: packs, the SplitMix64 stream and the Fisher-Yates shuffle, pinned by the
//!   test vectors of the project's conventions.
//! - [`game::Game`]: what every game implements: deal, legal moves, play, text forms,
//!   the solver's key and hooks.
//! - [`solver::solve`]: the generic depth-first search with a table of visited positions;
//!   verdict `Won` (with the moves), `Lost` (everything reachable was searched) or
//!   `Unknown` (a limit was hit).
//! - [`games`]: the registry by slug, and the object-safe [`games::Position`] interface.
//!
//! ```
//! use patience_engine::games;
//! use patience_engine::solver::Limits;
//! use std::sync::atomic::AtomicBool;
//!
//! let g = games::game("canfield-or-klondike", &[]).unwrap();
//! let (cards, rng) = g.info().pack.shuffled(1);
//! let start = g.start(cards, rng).unwrap();
//! assert!(!start.moves().is_empty());
//! let report = start.solve(&Limits::default(), &AtomicBool::new(false));
//! assert!(matches!(report.verdict.as_str(), "won" | "lost"));
//! ```

pub mod card;
pub mod error;
pub mod game;
pub mod games;
pub mod pack;
pub mod parts;
pub mod solver;
#[cfg(test)]
pub mod testing;

pub use card::Card;
pub use error::EngineError;
pub use game::{Game, GameInfo};
pub use solver::{Limits, Verdict};
