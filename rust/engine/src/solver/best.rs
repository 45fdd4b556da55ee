//! A best-first search for wins on the game's heuristic score ([`Game::score`]).
//!
//! It keeps the positions it has generated in an arena (each with its parent and the move
//! that made it), a priority queue of those not yet expanded, best score first (the newest
//! first among equals), and the hashes of the keys it has seen. Its memory is bounded:
//! when the next position would pass its budget it forgets everything and starts again
//! from the deal with a little more noise on the scores, so each restart follows other
//! lines. Forgetting is sound because it proves nothing: a win it reaches is a line of
//! the solver's own moves from the start, reported expanded into legal moves
//! ([`Game::expand`]) and replayed like any other; everything else is left to the
//! proving search. A hash collision can only make it miss a position.

use super::guided::key_hash;
use crate::game::Game;
use crate::pack::SplitMix64;
use rustc_hash::FxBuildHasher;
use std::collections::BinaryHeap;

/// Positions generated between two returns to the proving search, at most.
const STRIDE: u64 = 256;

/// Noise added to scores after the `r`-th restart: uniform in `0..NOISE << r` (capped).
const NOISE: i64 = 8;

struct Node<G: Game> {
    state: G::State,
    parent: u32,
    mv: Option<G::Move>,
}

/// The best-first search of one solve.
pub struct Best<G: Game> {
    arena: Vec<Node<G>>,
    queue: BinaryHeap<(i64, u32)>,
    seen: hashbrown::HashSet<u64, FxBuildHasher>,
    moves: Vec<G::Move>,
    line: Vec<G::Move>,
    budget: u64,
    rng: SplitMix64,
    restarts: u32,
    /// The queue ran dry without a restart: every position was seen, nothing left to do.
    done: bool,
    /// Positions generated so far.
    pub nodes: u64,
    /// Most bytes held at once.
    pub peak: u64,
}

impl<G: Game> Best<G> {
    /// A search that holds at most `budget` bytes.
    pub fn new(budget: u64) -> Self {
        Best {
            arena: Vec::new(),
            queue: BinaryHeap::new(),
            seen: hashbrown::HashSet::default(),
            moves: Vec::new(),
            line: Vec::new(),
            budget,
            rng: SplitMix64::new(0xbe57_f125_7000),
            restarts: 0,
            done: false,
            nodes: 0,
            peak: 0,
        }
    }

    fn bytes(&self) -> u64 {
        (self.arena.capacity() * std::mem::size_of::<Node<G>>()
            + self.queue.capacity() * 16
            + self.seen.capacity() * 9
            + self.moves.capacity() * std::mem::size_of::<G::Move>()) as u64
    }

    /// Bytes one more position may cost at worst: each of the three tables doubling while
    /// its old array is still held.
    fn growth(&self) -> u64 {
        let grow = |len: usize, cap: usize, size: usize| {
            if len < cap {
                0
            } else {
                (cap.max(4) * 2 * size) as u64
            }
        };
        grow(
            self.arena.len(),
            self.arena.capacity(),
            std::mem::size_of::<Node<G>>(),
        ) + grow(self.queue.len(), self.queue.capacity(), 16)
            + (self.seen.capacity().max(4) * 2 * 9) as u64
    }

    fn restart(&mut self) {
        self.arena = Vec::new();
        self.queue = BinaryHeap::new();
        self.seen = hashbrown::HashSet::default();
        self.restarts += 1;
    }

    fn noise(&mut self) -> i64 {
        if self.restarts == 0 {
            return 0;
        }
        let span = NOISE << self.restarts.min(8);
        (self.rng.next_u64() % span as u64) as i64
    }

    /// Store a position; false if it would pass the budget (nothing stored).
    fn push(&mut self, game: &G, state: G::State, parent: u32, mv: Option<G::Move>) -> bool {
        if self.bytes() + self.growth() > self.budget
            || self.arena.len() >= u32::MAX as usize
            || self.arena.try_reserve(1).is_err()
            || self.queue.try_reserve(1).is_err()
            || self.seen.try_reserve(1).is_err()
        {
            return false;
        }
        let score = game.score(&state) + self.noise();
        let id = self.arena.len() as u32;
        self.arena.push(Node { state, parent, mv });
        self.queue.push((score, id));
        self.peak = self.peak.max(self.bytes());
        true
    }

    /// Go on for up to [`STRIDE`] positions: true if a won position was reached (its
    /// solver moves are then [`Best::line`]).
    pub fn run(&mut self, game: &G, start: &G::State) -> bool {
        if self.done {
            return false;
        }
        if self.arena.is_empty() {
            self.seen.insert(key_hash(&game.key(start)));
            if !self.push(game, start.clone(), u32::MAX, None) {
                self.done = true;
                return false;
            }
        }
        let stop = self.nodes + STRIDE;
        while self.nodes < stop {
            let Some((_, id)) = self.queue.pop() else {
                if self.restarts == 0 {
                    self.done = true;
                } else {
                    self.restart();
                }
                return false;
            };
            let parent = &self.arena[id as usize].state;
            self.moves.clear();
            if let Some(m) = game.safe_move(parent) {
                self.moves.push(m);
            } else {
                game.solver_moves(parent, &mut self.moves);
            }
            for i in 0..self.moves.len() {
                let m = self.moves[i];
                let mut c = self.arena[id as usize].state.clone();
                game.play(&mut c, m);
                self.nodes += 1;
                if game.is_won(&c) {
                    self.trace(id, m);
                    return true;
                }
                let h = key_hash(&game.key(&c));
                if self.seen.contains(&h) {
                    continue;
                }
                if !self.push(game, c, id, Some(m)) {
                    self.restart();
                    return false;
                }
                self.seen.insert(h);
            }
        }
        false
    }

    /// Write the line from the start to the child of `id` by `last` into `line`.
    fn trace(&mut self, id: u32, last: G::Move) {
        self.line.clear();
        self.line.push(last);
        let mut at = id;
        while let Some(n) = self.arena.get(at as usize) {
            match n.mv {
                Some(m) => self.line.push(m),
                None => break,
            }
            at = n.parent;
        }
        self.line.reverse();
    }

    /// The solver moves of the win found.
    pub fn line(&self) -> &[G::Move] {
        &self.line
    }
}
