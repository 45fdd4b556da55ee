//! The [`Game`] trait every game implements, its metadata, and option values.

use crate::card::Card;
use crate::error::EngineError;
use crate::pack::{PackSpec, SplitMix64};
use std::fmt::Debug;
use std::hash::Hash;

/// A value given for a game option (from Python keyword arguments or the CLI).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptValue {
    /// `None` in Python: "no limit" where the option allows it.
    Unset,
    Bool(bool),
    Int(i64),
}

impl OptValue {
    /// Options written `name=value` (`None`, `True`, `False` or an integer), as the
    /// examples and benchmarks take them; words without `=` are skipped, and a value
    /// that is none of these is an error naming it.
    pub fn parse_all<'a>(
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<(String, OptValue)>, EngineError> {
        let mut out = Vec::new();
        for w in words {
            let Some((k, v)) = w.split_once('=') else {
                continue;
            };
            let val = match v {
                "None" => OptValue::Unset,
                "True" | "true" => OptValue::Bool(true),
                "False" | "false" => OptValue::Bool(false),
                n => OptValue::Int(n.parse().map_err(|_| EngineError::BadOption {
                    option: k.into(),
                    message: format!("expected None, True, False or an integer, got {n:?}"),
                })?),
            };
            out.push((k.to_string(), val));
        }
        Ok(out)
    }
}

/// One documented option of a game.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    pub name: &'static str,
    /// Default value as Python source text (`1`, `False`, `None`).
    pub default: std::borrow::Cow<'static, str>,
    pub help: &'static str,
    /// The values it takes (its type, range or choices).
    pub kind: crate::parts::options::OptKind,
}

/// What a game is: slug, title, packs, options.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub slug: &'static str,
    pub title: &'static str,
    pub pack: PackSpec,
    pub options: Vec<OptionInfo>,
}

/// Options as given by the user: `(name, value)` pairs.
pub type Options = [(String, OptValue)];

/// Reject any option not in `known`, naming it.
pub fn check_option_names(game: &str, opts: &Options, known: &[&str]) -> Result<(), EngineError> {
    for (name, _) in opts {
        if !known.contains(&name.as_str()) {
            return Err(EngineError::UnknownOption {
                game: game.into(),
                option: name.clone(),
            });
        }
    }
    Ok(())
}

/// The value of option `name`, if given.
pub fn option<'a>(opts: &'a Options, name: &str) -> Option<&'a OptValue> {
    opts.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// A boolean option (default `default`).
pub fn bool_option(opts: &Options, name: &str, default: bool) -> Result<bool, EngineError> {
    match option(opts, name) {
        None => Ok(default),
        Some(OptValue::Bool(b)) => Ok(*b),
        Some(v) => Err(EngineError::BadOption {
            option: name.into(),
            message: format!("expected True or False, got {v:?}"),
        }),
    }
}

/// An integer option in `lo..=hi`, or `None` where `allow_unset` (Python `None`).
pub fn int_option(
    opts: &Options,
    name: &str,
    default: Option<i64>,
    lo: i64,
    hi: i64,
    allow_unset: bool,
) -> Result<Option<i64>, EngineError> {
    match option(opts, name) {
        None => Ok(default),
        Some(OptValue::Unset) if allow_unset => Ok(None),
        Some(OptValue::Int(i)) if (lo..=hi).contains(i) => Ok(Some(*i)),
        Some(v) => Err(EngineError::BadOption {
            option: name.into(),
            message: format!(
                "expected an integer from {lo} to {hi}{}, got {}",
                if allow_unset { " or None" } else { "" },
                match v {
                    OptValue::Unset => "None".to_string(),
                    OptValue::Bool(b) => (if *b { "True" } else { "False" }).to_string(),
                    OptValue::Int(i) => i.to_string(),
                }
            ),
        }),
    }
}

/// A key the solver's table can store: hashable, and able to say how much heap it uses.
pub trait StateKey: Hash + Eq + Send + Sync + 'static {
    /// Bytes this key owns on the heap (0 for inline keys).
    fn heap_bytes(&self) -> usize {
        0
    }
    /// The key as a fixed number of 64-bit words (the same number for every key of a
    /// game), if it is one. The solver then keeps its table as one flat array of words
    /// (one cache miss per look-up); other keys go to a general hash set.
    fn words(&self) -> Option<&[u64]> {
        None
    }
}

impl<const N: usize> StateKey for [u64; N] {
    fn words(&self) -> Option<&[u64]> {
        Some(self)
    }
}
impl StateKey for u128 {}
impl StateKey for u64 {
    fn words(&self) -> Option<&[u64]> {
        Some(std::slice::from_ref(self))
    }
}
impl StateKey for Box<[u8]> {
    fn heap_bytes(&self) -> usize {
        self.len()
    }
}

/// One game of the book: its deal, its legal moves, and the hooks the solver uses.
///
/// A state is a plain value; [`Game::play`] changes it in place and applies every
/// automatic step the move causes (CONVENTIONS 7.4). Legal moves come from [`Game::moves`]
/// in a deterministic order. The text forms ([`Game::move_text`], [`Game::key_text`])
/// follow `docs/NOTATION.md` and the game's page in `docs/notation/`, identical to the
/// reference engine's.
pub trait Game: Send + Sync + Sized {
    type State: Clone + Send + Sync;
    type Move: Copy + Eq + Debug + Send + Sync;
    /// Compact exact encoding of a state for the solver's table: two states with the same
    /// key must have the same future (they may differ in ways that cannot matter, such as
    /// which of two like foundation places holds a suit).
    type Key: StateKey;

    fn info(&self) -> GameInfo;

    /// The dealing order of seed `seed` and the stream as the deal leaves it: the game's
    /// pack shuffled once (CONVENTIONS 2.4). A rule file that deals otherwise overrides it.
    fn deal_order(&self, seed: u64) -> (Vec<Card>, SplitMix64) {
        self.info().pack.shuffled(seed)
    }

    /// Lay out the shuffled (and validated) pack; `rng` is the stream for shuffled re-deals.
    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<Self::State, EngineError>;

    /// All legal moves, in a fixed order.
    fn moves(&self, s: &Self::State, out: &mut Vec<Self::Move>);

    /// Apply a legal move (and its automatic steps). Only moves produced by
    /// [`Game::moves`] or [`Game::solver_moves`] for this state may be passed.
    fn play(&self, s: &mut Self::State, m: Self::Move);

    fn is_won(&self, s: &Self::State) -> bool;

    /// Text form of a legal move in state `s`.
    fn move_text(&self, s: &Self::State, m: Self::Move) -> String;

    /// Canonical text of a state (docs/NOTATION.md).
    fn key_text(&self, s: &Self::State) -> String;

    /// A readable picture of the state for people; defaults to the key.
    fn display(&self, s: &Self::State) -> String {
        self.key_text(s)
    }

    /// The solver's key of a state.
    fn key(&self, s: &Self::State) -> Self::Key;

    /// Moves the solver tries, best first. May leave out moves that are dominated and may
    /// add macro moves, as long as a win stays reachable whenever one is reachable with
    /// [`Game::moves`]. Each macro move must be expandable by [`Game::expand`].
    fn solver_moves(&self, s: &Self::State, out: &mut Vec<Self::Move>) {
        self.moves(s, out);
    }

    /// A move that is provably safe: if the game can be won from `s`, it can still be won
    /// after it. The solver then tries it alone.
    fn safe_move(&self, _s: &Self::State) -> Option<Self::Move> {
        None
    }

    /// Should the solver run random playouts beside its search ([`crate::solver`]'s
    /// `probe` module)? For games whose wins turn on early choices, where a depth-first
    /// search finds them late. They take a fixed share of the positions generated; a win
    /// they reach is a win, and they decide nothing else.
    fn probes(&self) -> bool {
        false
    }

    /// What a position's progress looks like to the searches that look for wins (the
    /// guided playouts and the best-first search of [`crate::solver`]): cards home,
    /// face down, in the stock, places free. The default reads them from
    /// [`Game::key_text`] alike for every game ([`crate::solver::score`]); a game may
    /// give them faster or sharper. They decide nothing, so they need no proof.
    fn features(&self, s: &Self::State) -> crate::solver::score::Features {
        crate::solver::score::features(&self.key_text(s))
    }

    /// The heuristic score of a position (higher is nearer a win) for the best-first
    /// search; by default a weighting of [`Game::features`].
    fn score(&self, s: &Self::State) -> i64 {
        self.features(s).score()
    }

    /// Should the searches that only look for wins (guided playouts and a best-first
    /// search, [`crate::solver`]'s `portfolio`) run beside the proving search? They take a
    /// fixed share of its positions and a bounded share of its memory, so the proving
    /// search runs slower: a game opts in only where measurement shows more deals decided
    /// (`bench/decide.py` with and without, on the same seeds), and says the figures in
    /// its hook's doc comment.
    fn side_searches(&self) -> bool {
        false
    }

    /// The legal moves a solver move stands for, played one after another from `s`.
    fn expand(&self, _s: &Self::State, m: Self::Move, out: &mut Vec<Self::Move>) {
        out.push(m);
    }
}
