//! One error type for everything a user can get wrong. Each kind has a stable
//! snake_case id ([`EngineError::kind`]) that the Python layer maps to an exception class.

use std::fmt;

/// Everything that can go wrong with user input. No input ever causes a panic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// No game has this slug.
    UnknownGame(String),
    /// The game has no option of this name.
    UnknownOption { game: String, option: String },
    /// The option exists but the value is not allowed.
    BadOption { option: String, message: String },
    /// A card's text cannot be read.
    BadCard(String),
    /// An explicit deal has the wrong number of cards.
    WrongCount { expected: usize, got: usize },
    /// An explicit deal holds a card more often than the game's pack.
    DuplicateCard {
        card: String,
        count: usize,
        allowed: usize,
    },
    /// An explicit deal lacks a card of the game's pack.
    MissingCard { card: String },
    /// A deal or position text cannot be read.
    BadDeal(String),
    /// The move is not legal in the position (or not a move at all).
    IllegalMove { mv: String, position: String },
    /// A seed outside 0..2^64.
    BadSeed(String),
}

impl EngineError {
    /// Stable snake_case id of the error kind.
    pub fn kind(&self) -> &'static str {
        match self {
            EngineError::UnknownGame(_) => "unknown_game",
            EngineError::UnknownOption { .. } => "unknown_option",
            EngineError::BadOption { .. } => "bad_option",
            EngineError::BadCard(_) => "bad_card",
            EngineError::WrongCount { .. } => "wrong_count",
            EngineError::DuplicateCard { .. } => "duplicate_card",
            EngineError::MissingCard { .. } => "missing_card",
            EngineError::BadDeal(_) => "bad_deal",
            EngineError::IllegalMove { .. } => "illegal_move",
            EngineError::BadSeed(_) => "bad_seed",
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnknownGame(g) => {
                write!(f, "unknown game {g:?} (see patience.games() for the list)")
            }
            EngineError::UnknownOption { game, option } => {
                write!(f, "game {game:?} has no option {option:?}")
            }
            EngineError::BadOption { option, message } => {
                write!(f, "bad value for option {option:?}: {message}")
            }
            EngineError::BadCard(t) => write!(
                f,
                "malformed card {t:?} (expected rank A,2-9,T or 10,J,Q,K then suit C,D,H,S, e.g. 'TS')"
            ),
            EngineError::WrongCount { expected, got } => {
                write!(f, "wrong number of cards: the game's pack has {expected}, the deal has {got}")
            }
            EngineError::DuplicateCard { card, count, allowed } => write!(
                f,
                "duplicate card {card}: it appears {count} times, the game's pack has {allowed}"
            ),
            EngineError::MissingCard { card } => write!(f, "missing card {card} in the deal"),
            EngineError::BadDeal(m) => write!(f, "bad deal: {m}"),
            EngineError::IllegalMove { mv, position } => {
                write!(f, "illegal move {mv:?} in position {position}")
            }
            EngineError::BadSeed(m) => write!(f, "bad seed: {m}"),
        }
    }
}

impl std::error::Error for EngineError {}
