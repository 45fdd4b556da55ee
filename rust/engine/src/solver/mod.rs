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
    /// Switch every pruning off: search the plain legal moves ([`Game::moves`]) with no
    /// safe moves, no macro moves, and the full canonical text of a position
    /// ([`Game::key_text`]) as its key, so that no symmetry or merging is assumed either.
    /// Slow; it is there to re-check any verdict by brute force.
    pub plain: bool,
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

/// Slots of a new dense table (it doubles when three quarters full).
const DENSE_START_SLOTS: usize = 1 << 16;

/// A set of fixed-size keys of `stride` 64-bit words, kept in one flat array with linear
/// probing: a look-up touches one slot (one cache line for keys of up to 8 words, the
/// array being aligned to 64 bytes), where a general hash set touches a control byte
/// and then the slot. All-zero words mark an empty slot; the all-zero key itself is
/// kept in a flag.
struct DenseSet {
    stride: usize,
    /// `(mask + 1) * stride` words from `base`.
    words: Vec<u64>,
    /// Index of the first slot's first word (aligns slots to 64 bytes).
    base: usize,
    mask: usize,
    len: usize,
    zero: bool,
}

impl DenseSet {
    fn new(stride: usize) -> Self {
        let mut d = DenseSet {
            stride,
            words: Vec::new(),
            base: 0,
            mask: 0,
            len: 0,
            zero: false,
        };
        d.alloc(DENSE_START_SLOTS);
        d
    }

    fn alloc(&mut self, slots: usize) {
        let words = vec![0u64; slots * self.stride + 8];
        let addr = words.as_ptr() as usize;
        self.base = ((64 - addr % 64) % 64) / 8;
        self.words = words;
        self.mask = slots - 1;
    }

    #[inline]
    fn hash(words: &[u64]) -> u64 {
        let mut h: u64 = 0;
        for &w in words {
            h = (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        // fmix64 (MurmurHash3's finaliser): every input bit reaches every output bit.
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }

    /// Read the home slot of `hash` so that its cache line is on its way; the value
    /// read is meaningless.
    #[inline]
    fn touch(&self, hash: u64) -> u64 {
        self.words[self.base + (hash as usize & self.mask) * self.stride]
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.words);
        let (old_base, old_slots) = (self.base, self.mask + 1);
        self.alloc(old_slots * 2);
        let st = self.stride;
        for i in 0..old_slots {
            let k = &old[old_base + i * st..old_base + (i + 1) * st];
            if k.iter().any(|&w| w != 0) {
                let mut j = Self::hash(k) as usize & self.mask;
                loop {
                    let at = self.base + j * st;
                    if self.words[at..at + st].iter().all(|&w| w == 0) {
                        self.words[at..at + st].copy_from_slice(k);
                        break;
                    }
                    j = (j + 1) & self.mask;
                }
            }
        }
    }

    /// Insert; true if the key was not there.
    #[inline]
    fn insert(&mut self, hash: u64, key: &[u64]) -> bool {
        debug_assert_eq!(key.len(), self.stride);
        if key.iter().all(|&w| w == 0) {
            let new = !self.zero;
            self.zero = true;
            self.len += usize::from(new);
            return new;
        }
        if (self.len + 1) * 4 > (self.mask + 1) * 3 {
            self.grow();
        }
        let st = self.stride;
        let mut j = hash as usize & self.mask;
        loop {
            let at = self.base + j * st;
            let slot = &mut self.words[at..at + st];
            // Word by word (inlined; a slice `==` would call memcmp).
            if slot.iter().zip(key).all(|(a, b)| a == b) {
                return false;
            }
            if slot.iter().all(|&w| w == 0) {
                slot.copy_from_slice(key);
                self.len += 1;
                return true;
            }
            j = (j + 1) & self.mask;
        }
    }

    fn bytes(&self) -> u64 {
        (self.words.len() * 8) as u64
    }
}

/// The table of visited positions: dense for keys of fixed words, else a hash set.
enum Visited<K> {
    Dense(DenseSet),
    Hashed(hashbrown::HashSet<K, FxBuildHasher>, u64),
}

impl<K: StateKey> Visited<K> {
    fn new(first: &K) -> Self {
        match first.words() {
            Some(w) if !w.is_empty() => Visited::Dense(DenseSet::new(w.len())),
            _ => Visited::Hashed(hashbrown::HashSet::default(), 0),
        }
    }
    #[inline]
    fn hash(&self, k: &K) -> u64 {
        match (self, k.words()) {
            (Visited::Dense(_), Some(w)) => DenseSet::hash(w),
            _ => 0,
        }
    }
    #[inline]
    fn touch(&self, hash: u64) -> u64 {
        match self {
            Visited::Dense(d) => d.touch(hash),
            Visited::Hashed(..) => 0,
        }
    }
    #[inline]
    fn insert(&mut self, hash: u64, k: K) -> bool {
        match self {
            Visited::Dense(d) => d.insert(hash, k.words().unwrap_or(&[])),
            Visited::Hashed(h, heap) => {
                let kb = k.heap_bytes() as u64;
                let new = h.insert(k);
                if new {
                    *heap += kb;
                }
                new
            }
        }
    }
    fn len(&self) -> u64 {
        match self {
            Visited::Dense(d) => d.len as u64,
            Visited::Hashed(h, _) => h.len() as u64,
        }
    }
    fn bytes(&self) -> u64 {
        match self {
            Visited::Dense(d) => d.bytes(),
            Visited::Hashed(h, heap) => {
                h.capacity() as u64 * (std::mem::size_of::<K>() as u64 + 1) + heap
            }
        }
    }
}

/// Search from `start` until a win, exhaustion, a limit or `cancel` becoming true.
///
/// Depth-first with an explicit stack of pending positions. A node's children are all
/// generated, keyed and looked up together (their table slots are read first, so the
/// cache misses overlap), and only the new ones are pushed, best first on top. A
/// position is put in the table when it is generated and is expanded later exactly
/// once, so an empty stack means every position reachable through the solver's moves
/// was expanded.
pub fn solve<G: Game>(
    game: &G,
    start: &G::State,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Outcome<G::Move> {
    if limits.plain {
        search(&Plain(game), start, limits, cancel)
    } else {
        search(game, start, limits, cancel)
    }
}

/// A game with every pruning taken away: its plain legal moves, no safe move, and its
/// canonical text as the key (two positions share a key only when they are the same
/// position). The brute-force reference for every pruning the game's solver hooks make.
struct Plain<'a, G>(&'a G);

impl<G: Game> Game for Plain<'_, G> {
    type State = G::State;
    type Move = G::Move;
    type Key = Box<[u8]>;
    fn info(&self) -> crate::game::GameInfo {
        self.0.info()
    }
    fn start(
        &self,
        cards: Vec<crate::card::Card>,
        rng: crate::pack::SplitMix64,
    ) -> Result<G::State, crate::error::EngineError> {
        self.0.start(cards, rng)
    }
    fn moves(&self, s: &G::State, out: &mut Vec<G::Move>) {
        self.0.moves(s, out)
    }
    fn play(&self, s: &mut G::State, m: G::Move) {
        self.0.play(s, m)
    }
    fn is_won(&self, s: &G::State) -> bool {
        self.0.is_won(s)
    }
    fn move_text(&self, s: &G::State, m: G::Move) -> String {
        self.0.move_text(s, m)
    }
    fn key_text(&self, s: &G::State) -> String {
        self.0.key_text(s)
    }
    fn key(&self, s: &G::State) -> Box<[u8]> {
        self.0.key_text(s).into_bytes().into_boxed_slice()
    }
}

fn search<G: Game>(
    game: &G,
    start: &G::State,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Outcome<G::Move> {
    let t0 = Instant::now();
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
    let k0 = game.key(start);
    let mut table: Visited<G::Key> = Visited::new(&k0);
    let h0 = table.hash(&k0);
    table.insert(h0, k0);

    let pend_size = std::mem::size_of::<(G::State, G::Move, usize)>() as u64;
    let path_size = std::mem::size_of::<(G::State, G::Move)>() as u64;
    // The line to the node being expanded: each entry is a move and the state after it
    // (the state before the first is `start`).
    let mut path: Vec<(G::State, G::Move)> = Vec::new();
    // Generated, not yet expanded: state, the move that made it, its parent's depth.
    let mut pending: Vec<(G::State, G::Move, usize)> = Vec::new();
    let mut moves: Vec<G::Move> = Vec::new();
    let mut keys: Vec<(G::Key, u64)> = Vec::new();
    let mut nodes: u64 = 0;
    let mut peak: u64 = 0;
    let mut next_check: u64 = 0;
    let mut won: Option<G::Move> = None;

    'search: loop {
        let parent: &G::State = path.last().map_or(start, |(s, _)| s);
        moves.clear();
        if let Some(m) = game.safe_move(parent) {
            moves.push(m);
        } else {
            game.solver_moves(parent, &mut moves);
        }
        // Children go straight onto the pending stack, in reverse so that the first
        // (best) move is on top; those already in the table are dropped after.
        let depth = path.len();
        let first = pending.len();
        keys.clear();
        for &m in moves.iter().rev() {
            let mut child = parent.clone();
            game.play(&mut child, m);
            nodes += 1;
            if game.is_won(&child) {
                pending.truncate(first);
                won = Some(m);
                break 'search;
            }
            let k = game.key(&child);
            let h = table.hash(&k);
            keys.push((k, h));
            pending.push((child, m, depth));
        }
        let mut sink = 0u64;
        for (_, h) in &keys {
            sink ^= table.touch(*h);
        }
        std::hint::black_box(sink);
        let mut w = first;
        for (i, (k, h)) in keys.drain(..).enumerate() {
            if table.insert(h, k) {
                if w != first + i {
                    pending.swap(w, first + i);
                }
                w += 1;
            }
        }
        pending.truncate(w);

        let states = table.len();
        if let Some(ms) = limits.max_states {
            if states > ms {
                out.stop = Some(Stop::States);
                break;
            }
        }
        if nodes >= next_check {
            next_check = nodes + 1024;
            let bytes =
                table.bytes() + pending.len() as u64 * pend_size + path.len() as u64 * path_size;
            peak = peak.max(bytes);
            if limits.max_bytes.is_some_and(|mb| bytes > mb) {
                out.stop = Some(Stop::Memory);
                break;
            }
            if limits.timeout.is_some_and(|t| t0.elapsed() >= t) {
                out.stop = Some(Stop::Time);
                break;
            }
            if cancel.load(Ordering::Relaxed) {
                out.stop = Some(Stop::Cancelled);
                break;
            }
        }

        let Some((s, m, d)) = pending.pop() else {
            break;
        };
        path.truncate(d);
        path.push((s, m));
    }

    let bytes = table.bytes() + pending.len() as u64 * pend_size + path.len() as u64 * path_size;
    out.peak_bytes = peak.max(bytes);
    out.states = table.len();
    out.nodes = nodes;
    if let Some(last) = won {
        out.verdict = Verdict::Won;
        let mut line = Vec::new();
        let mut before = start;
        for (s, m) in &path {
            game.expand(before, *m, &mut line);
            before = s;
        }
        game.expand(before, last, &mut line);
        out.moves = line;
    } else if out.stop.is_none() {
        out.verdict = Verdict::Lost;
    }
    drop(table);
    out.seconds = t0.elapsed().as_secs_f64();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_set_inserts_once_through_growth() {
        let mut d = DenseSet::new(4);
        let key = |i: u64| [i, i.wrapping_mul(7), 0, i >> 3];
        for i in 0..200_000u64 {
            let k = key(i);
            assert!(d.insert(DenseSet::hash(&k), &k), "{i}");
        }
        for i in (0..200_000u64).step_by(7) {
            let k = key(i);
            assert!(!d.insert(DenseSet::hash(&k), &k), "{i}");
        }
        assert_eq!(d.len, 200_000);
        // The all-zero key (also the empty-slot mark) is kept apart.
        let z = [0u64; 4];
        assert!(!d.insert(DenseSet::hash(&z), &z));
        let mut e = DenseSet::new(2);
        assert!(e.insert(DenseSet::hash(&[0, 0]), &[0, 0]));
        assert!(!e.insert(DenseSet::hash(&[0, 0]), &[0, 0]));
        assert_eq!(e.len, 1);
    }
}
