//! Guided playouts: randomized greedy lines, the way a person tries a deal.
//!
//! At each position a playout plays the game's safe move if it has one; else it looks at
//! every legal move's child ([`Game::features`]) and ranks the moves: a card home first;
//! then a move that turns a card up, frees a place or brings a card from the talon or the
//! pack into play; then a turn or a deal; then a re-deal; moves that change none of these
//! (a card from one tableau place to another) only now and then. It picks at random among
//! the best ranked, and never goes back to a position it has already seen in this
//! playout. Playouts differ in how often they take the "now and then" moves.
//!
//! Soundness: a playout plays only legal moves and the solver's safe moves from the start,
//! and a win it reaches is reported with its line expanded into legal moves
//! ([`Game::expand`], which gives a legal move back as it is), like a win of the proving
//! search. It proves nothing else and never touches that search's
//! table. Counted in positions, not time, so runs with a position limit repeat exactly.

use super::score::Features;
use crate::game::Game;
use crate::pack::SplitMix64;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

/// The longest playout, in solver moves.
pub const MAX_LINE: usize = 4_000;

/// Chances (in 1/256) of a move that changes nothing counted, one per playout in turn.
const SIDEWAYS: [u64; 4] = [8, 32, 96, 2];

/// Positions looked at between two returns to the proving search, at most.
const STRIDE: u64 = 256;

/// A 64-bit hash of a solver key (a collision can only cut a playout short).
pub fn key_hash<K: Hash>(k: &K) -> u64 {
    FxBuildHasher.hash_one(k)
}

/// The rank of a move by what it changed (higher is tried first).
fn rank(before: &Features, after: &Features) -> i32 {
    if after.home > before.home {
        6
    } else if after.home < before.home {
        -1
    } else if after.down < before.down
        || after.empty > before.empty
        || (after.talon < before.talon && after.tableau > before.tableau)
    {
        5
    } else if after.pack < before.pack && after.tableau > before.tableau {
        4
    } else if after.pack < before.pack {
        3
    } else if after.pack > before.pack || after.talon != before.talon {
        1
    } else {
        0
    }
}

/// The guided playouts of one search.
pub struct Guided<G: Game> {
    rng: SplitMix64,
    moves: Vec<G::Move>,
    /// The children of the position at hand: rank, move index, key hash.
    ranked: Vec<(i32, usize, u64)>,
    line: Vec<G::Move>,
    seen: hashbrown::HashSet<u64, FxBuildHasher>,
    /// The running playout's position and its features (`None` between playouts).
    at: Option<(G::State, Features)>,
    sideways: u64,
    runs: usize,
    /// Positions generated so far.
    pub nodes: u64,
    /// Playouts won (0 or 1: the search stops at the first).
    pub won: bool,
}

impl<G: Game> Guided<G> {
    pub fn new() -> Self {
        Guided {
            rng: SplitMix64::new(0x6a1d_ed00_5eed),
            moves: Vec::new(),
            ranked: Vec::new(),
            line: Vec::new(),
            seen: hashbrown::HashSet::default(),
            at: None,
            sideways: 0,
            runs: 0,
            nodes: 0,
            won: false,
        }
    }

    /// Bytes held (the line, the seen set, the move buffers).
    pub fn bytes(&self) -> u64 {
        (self.line.capacity() * std::mem::size_of::<G::Move>()
            + self.moves.capacity() * std::mem::size_of::<G::Move>()
            + self.ranked.capacity() * 16
            + self.seen.capacity() * 9) as u64
    }

    fn pick(&mut self, n: usize) -> usize {
        ((u128::from(self.rng.next_u64()) * n as u128) >> 64) as usize
    }

    /// Go on with the running playout (or begin one from `start`) for up to [`STRIDE`]
    /// positions: true if it reached a won position (its solver moves are then
    /// [`Guided::line`]).
    pub fn run(&mut self, game: &G, start: &G::State) -> bool {
        let (mut s, mut f) = match self.at.take() {
            Some(x) => x,
            None => {
                self.sideways = SIDEWAYS[self.runs % SIDEWAYS.len()];
                self.runs += 1;
                self.line.clear();
                self.seen.clear();
                self.seen.insert(key_hash(&game.key(start)));
                (start.clone(), game.features(start))
            }
        };
        let stop = self.nodes + STRIDE;
        while self.nodes < stop {
            if self.line.len() >= MAX_LINE {
                return false;
            }
            if let Some(m) = game.safe_move(&s) {
                game.play(&mut s, m);
                self.nodes += 1;
                self.line.push(m);
                if game.is_won(&s) {
                    self.won = true;
                    return true;
                }
                self.seen.insert(key_hash(&game.key(&s)));
                f = game.features(&s);
                continue;
            }
            // The plain legal moves, as a person sees them: one turn at a time rather
            // than the solver's stock macros, which would let a playout pick any card of
            // the pack.
            self.moves.clear();
            game.moves(&s, &mut self.moves);
            self.ranked.clear();
            for (i, &m) in self.moves.iter().enumerate() {
                let mut c = s.clone();
                game.play(&mut c, m);
                self.nodes += 1;
                if game.is_won(&c) {
                    self.line.push(m);
                    self.won = true;
                    return true;
                }
                let h = key_hash(&game.key(&c));
                if !self.seen.contains(&h) {
                    self.ranked.push((rank(&f, &game.features(&c)), i, h));
                }
            }
            if self.ranked.is_empty() {
                // A dead end: the next call begins a new playout.
                return false;
            }
            let best = self.ranked.iter().map(|r| r.0).max().unwrap_or(0);
            let sideways = self.rng.next_u64() & 0xff < self.sideways;
            let want = if sideways && best > 0 && self.ranked.iter().any(|r| r.0 == 0) {
                0
            } else {
                best
            };
            let n = self.ranked.iter().filter(|r| r.0 == want).count();
            let k = self.pick(n);
            let Some(&(_, i, h)) = self.ranked.iter().filter(|r| r.0 == want).nth(k) else {
                return false;
            };
            let m = self.moves[i];
            game.play(&mut s, m);
            self.line.push(m);
            self.seen.insert(h);
            f = game.features(&s);
        }
        self.at = Some((s, f));
        false
    }

    /// The solver moves of the playout that won.
    pub fn line(&self) -> &[G::Move] {
        &self.line
    }
}
