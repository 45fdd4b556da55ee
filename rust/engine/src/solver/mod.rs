//! The exhaustive solver: one iterative depth-first search over any [`Game`].
//!
//! # Guarantees
//! - `Won`: the returned moves are legal moves ([`Game::moves`]) that lead from the start
//!   to a won position.
//! - `Lost`: every position reachable from the start was visited and none is won. The
//!   table of visited positions is never evicted, so a `Lost` verdict is a proof (given
//!   the soundness of the game's [`Game::safe_move`] and [`Game::solver_moves`]).
//! - `Unknown`: a limit (states, time, memory) was hit or the search was cancelled.
//!
//! Cycles (re-deals without end, marriages moved back and forth) need no special care:
//! a position already in the table is never expanded again.

use crate::game::{Game, StateKey};
use rustc_hash::FxBuildHasher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits of one search; `None` means no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many distinct positions are stored.
    pub max_states: Option<u64>,
    /// Stop after this much wall time.
    pub timeout: Option<Duration>,
    /// Stop when the table and the search stack would use more than this many bytes.
    pub max_bytes: Option<u64>,
}

/// The solver's answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won,
    Lost,
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Unknown => "unknown",
        }
    }
}

/// Why a search ended without a verdict.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    States,
    Time,
    Memory,
    Cancelled,
}

impl Stop {
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::States => "state limit",
            Stop::Time => "time limit",
            Stop::Memory => "memory limit",
            Stop::Cancelled => "cancelled",
        }
    }
}

/// Result and statistics of one search.
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    pub verdict: Verdict,
    /// Set when the verdict is `Unknown`.
    pub stop: Option<Stop>,
    /// For `Won`: the legal moves from the start to the win.
    pub moves: Vec<M>,
    /// Distinct positions stored in the table.
    pub states: u64,
    /// Positions generated (moves played) during the search.
    pub nodes: u64,
    pub seconds: f64,
    /// Peak bytes of the table and the search stack (an estimate from their sizes).
    pub peak_bytes: u64,
}

struct Frame<S, M> {
    state: S,
    moves: Vec<M>,
    next: usize,
    /// The solver move that led here from the frame below.
    via: Option<M>,
}

/// Search from `start` until a win, exhaustion, a limit or `cancel` becoming true.
pub fn solve<G: Game>(
    game: &G,
    start: &G::State,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Outcome<G::Move> {
    let t0 = Instant::now();
    let mut table: hashbrown::HashSet<G::Key, FxBuildHasher> = hashbrown::HashSet::default();
    let key_size = std::mem::size_of::<G::Key>() as u64 + 1;
    let frame_size = std::mem::size_of::<Frame<G::State, G::Move>>() as u64;
    let mut heap: u64 = 0;
    let mut peak: u64 = 0;
    let mut nodes: u64 = 0;
    let mut out = Outcome {
        verdict: Verdict::Unknown,
        stop: None,
        moves: Vec::new(),
        states: 0,
        nodes: 0,
        seconds: 0.0,
        peak_bytes: 0,
    };

    if game.is_won(start) {
        out.verdict = Verdict::Won;
        out.seconds = t0.elapsed().as_secs_f64();
        return out;
    }
    let k = game.key(start);
    heap += k.heap_bytes() as u64;
    table.insert(k);

    let children = |s: &G::State| -> Vec<G::Move> {
        let mut v = Vec::new();
        if let Some(m) = game.safe_move(s) {
            v.push(m);
        } else {
            game.solver_moves(s, &mut v);
        }
        v
    };

    let mut stack: Vec<Frame<G::State, G::Move>> = vec![Frame {
        state: start.clone(),
        moves: children(start),
        next: 0,
        via: None,
    }];
    let mut won_at: Option<(G::State, G::Move)> = None;

    while let Some(top) = stack.last_mut() {
        if top.next >= top.moves.len() {
            stack.pop();
            continue;
        }
        let m = top.moves[top.next];
        top.next += 1;
        let mut child = top.state.clone();
        game.play(&mut child, m);
        nodes += 1;
        if game.is_won(&child) {
            won_at = Some((child, m));
            break;
        }
        let k = game.key(&child);
        let kb = k.heap_bytes() as u64;
        if !table.insert(k) {
            continue;
        }
        heap += kb;
        if nodes & 0x3ff == 0 || table.len() & 0x3ff == 0 {
            let bytes = table.capacity() as u64 * key_size + heap + stack.len() as u64 * frame_size;
            peak = peak.max(bytes);
            if let Some(mb) = limits.max_bytes {
                if bytes > mb {
                    out.stop = Some(Stop::Memory);
                    break;
                }
            }
            if let Some(t) = limits.timeout {
                if t0.elapsed() >= t {
                    out.stop = Some(Stop::Time);
                    break;
                }
            }
            if cancel.load(Ordering::Relaxed) {
                out.stop = Some(Stop::Cancelled);
                break;
            }
        }
        if let Some(ms) = limits.max_states {
            if table.len() as u64 > ms {
                out.stop = Some(Stop::States);
                break;
            }
        }
        let moves = children(&child);
        stack.push(Frame {
            state: child,
            moves,
            next: 0,
            via: Some(m),
        });
    }

    let bytes = table.capacity() as u64 * key_size + heap + stack.len() as u64 * frame_size;
    peak = peak.max(bytes);
    out.states = table.len() as u64;
    out.nodes = nodes;
    out.peak_bytes = peak;

    if let Some((_, last)) = won_at {
        out.verdict = Verdict::Won;
        // Rebuild the legal moves: each frame's `via` was played from the frame below.
        let mut path = Vec::new();
        for w in stack.windows(2) {
            if let Some(m) = w[1].via {
                game.expand(&w[0].state, m, &mut path);
            }
        }
        let top = &stack
            .last()
            .expect("a won search has a non-empty stack")
            .state;
        game.expand(top, last, &mut path);
        out.moves = path;
    } else if out.stop.is_none() {
        out.verdict = Verdict::Lost;
    }
    drop(table);
    out.seconds = t0.elapsed().as_secs_f64();
    out
}
