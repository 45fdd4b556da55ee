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
//!
//! # Stored when generated
//! A child goes into the table when it is generated, not when it is expanded: a child
//! already there is dropped before it takes room on the stack, its key is made once, and
//! `max_states` counts every position the search holds. The other way round was measured
//! (a build storing on expansion, commit 66f9ff4, feature `store-on-expansion`, since
//! removed; seeds 1-20 at 2 s a deal, the two builds in turn on a loaded two-core
//! machine): the same 48 deals decided over terrace, napoleon-at-st-helena, carpet, shah,
//! napoleons-square, la-nivernaise, babette, blockade and modern Klondike (shah +1,
//! napoleon-at-st-helena -1), the same verdicts at 200,000 positions on
//! canfield-or-klondike, clock, sly, besieged-city and hemispheres, but besieged-city's
//! peak memory at 200,000 positions went from 147 to 225 MB (its stack holds the
//! duplicates a generation-time store drops). So the search stores on generation.

//!
//! # Memory
//! The search never aborts for want of memory. The table and the stacks grow only through
//! fallible allocation (`try_reserve`), and each growth is first checked against
//! [`Limits::max_bytes`] counting what the growth holds at its peak (what is rehashed is
//! held twice: a table of fixed-size keys grows one of its 64 segments at a time, other
//! tables whole). Every few megabytes of growth the search also checks that a block of
//! [`HEADROOM`] bytes could still be allocated, so that the small allocations
//! it cannot make fallible (a move list, a key) find room. When memory runs out, or the
//! limit would be passed, the search ends with `Unknown` and [`Stop::Memory`].

mod best;
mod guided;
mod portfolio;
mod probe;
pub mod score;
mod untangle;

use crate::game::{Game, StateKey};
use portfolio::Portfolio;
use probe::Prober;
use rustc_hash::FxBuildHasher;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Free memory the search wants to know is there (see the module's notes on memory).
pub const HEADROOM: usize = 32 << 20;
/// Bytes of growth between two checks of [`HEADROOM`].
const HEADROOM_EVERY: u64 = 8 << 20;

/// Live figures of a running search, updated at each periodic check (every 1024 nodes),
/// for a progress display on another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// Distinct positions stored so far.
    pub states: AtomicU64,
    /// Bytes of the table and the stacks (as counted against `max_bytes`).
    pub bytes: AtomicU64,
}

/// Limits of one search; `None` means no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Store at most this many distinct positions (the start counts as one): a new
    /// position that would pass the limit is not stored, and the search stops there with
    /// [`Stop::States`]. So [`Outcome::states`] never exceeds it, and a search that ends
    /// with exactly this many positions stored and nothing left is still `Lost`.
    pub max_states: Option<u64>,
    /// Stop after this much wall time.
    pub timeout: Option<Duration>,
    /// Stop before the table and the search stacks would use more than this many bytes
    /// (counting a growing table's old and new arrays together while it is rehashed).
    pub max_bytes: Option<u64>,
    /// Where to publish the search's live figures, if anywhere.
    pub progress: Option<Arc<Progress>>,
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

/// Slots of a new dense table, over all its segments (each doubles when three quarters
/// full).
const DENSE_START_SLOTS: usize = 1 << 16;

/// A dense table is split into `1 << SEG_BITS` segments by the top bits of a key's hash.
const SEG_BITS: u32 = 6;
const SEGS: usize = 1 << SEG_BITS;

/// One segment of a [`DenseSet`]: a flat array of slots with linear probing.
struct Seg {
    /// `(mask + 1) * stride` words from `base`.
    words: Vec<u64>,
    /// Index of the first slot's first word (aligns slots to 64 bytes).
    base: usize,
    mask: usize,
    len: usize,
}

impl Seg {
    /// An empty segment of `slots` slots (a power of two), or `None` if the memory is not
    /// there. A zeroed allocation that reports failure instead of aborting: the allocator
    /// hands out fresh zero pages (calloc), so no pass of writes over it is needed.
    fn try_new(stride: usize, slots: usize) -> Option<Self> {
        let n = slots.checked_mul(stride)?.checked_add(8)?;
        let words = bytemuck::allocation::try_zeroed_vec::<u64>(n).ok()?;
        let addr = words.as_ptr() as usize;
        Some(Seg {
            base: ((64 - addr % 64) % 64) / 8,
            words,
            mask: slots - 1,
            len: 0,
        })
    }

    fn slots(&self) -> usize {
        self.mask + 1
    }

    fn bytes(&self) -> u64 {
        (self.words.capacity() * 8) as u64
    }

    /// Put a key known not to be here into the first free slot from its home.
    fn place(&mut self, stride: usize, hash: u64, key: &[u64]) {
        let mut j = hash as usize & self.mask;
        loop {
            let at = self.base + j * stride;
            let slot = &mut self.words[at..at + stride];
            if slot.iter().all(|&w| w == 0) {
                slot.copy_from_slice(key);
                self.len += 1;
                return;
            }
            j = (j + 1) & self.mask;
        }
    }
}

/// A set of fixed-size keys of `stride` 64-bit words in flat arrays with linear probing:
/// a look-up touches one slot (one cache line for keys of up to 8 words, the arrays
/// being aligned to 64 bytes), where a general hash set touches a control byte and then
/// the slot. All-zero words mark an empty slot; the all-zero key itself is kept in a
/// flag.
///
/// The set is [`SEGS`] segments, chosen by the top bits of the hash, each its own array
/// that doubles on its own. A growth so holds the old and the new array of one segment
/// only, not of the whole table: the peak of a growth is about 1.03 times the table after
/// it, where a single array held 1.5 times (the old array and the new one, twice its
/// size, together).
struct DenseSet {
    stride: usize,
    segs: Vec<Seg>,
    len: usize,
    zero: bool,
    /// Bytes of all segments' arrays.
    bytes: u64,
    /// The most bytes held at once by a growth so far (old and new array of the segment
    /// growing, and every other segment).
    grow_peak: u64,
}

impl DenseSet {
    /// An empty set of about `slots` slots in all (a power of two), or `None` if the
    /// memory is not there.
    fn try_new(stride: usize, slots: usize) -> Option<Self> {
        let per = Self::seg_slots(slots);
        let mut segs = Vec::new();
        segs.try_reserve_exact(SEGS).ok()?;
        for _ in 0..SEGS {
            segs.push(Seg::try_new(stride, per)?);
        }
        let bytes = segs.iter().map(Seg::bytes).sum();
        Some(DenseSet {
            stride,
            segs,
            len: 0,
            zero: false,
            bytes,
            grow_peak: bytes,
        })
    }

    /// Slots of each segment of a new set of `slots` slots in all.
    fn seg_slots(slots: usize) -> usize {
        (slots / SEGS).max(4)
    }

    /// Bytes of one segment's array of `slots` slots.
    fn seg_bytes(stride: usize, slots: usize) -> u64 {
        (slots as u64)
            .saturating_mul(stride as u64)
            .saturating_add(8)
            .saturating_mul(8)
    }

    /// Bytes of a new set of `slots` slots in all.
    fn bytes_for(stride: usize, slots: usize) -> u64 {
        Self::seg_bytes(stride, Self::seg_slots(slots)).saturating_mul(SEGS as u64)
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

    /// The segment of a hash (its top bits; the slot within it comes from the low bits).
    #[inline]
    fn seg_of(hash: u64) -> usize {
        (hash >> (64 - SEG_BITS)) as usize
    }

    /// Read the home slot of `hash` so that its cache line is on its way; the value
    /// read is meaningless.
    #[inline]
    fn touch(&self, hash: u64) -> u64 {
        let s = &self.segs[Self::seg_of(hash)];
        s.words[s.base + (hash as usize & s.mask) * self.stride]
    }

    /// Slots over all segments.
    #[cfg(test)]
    fn slots(&self) -> usize {
        self.segs.iter().map(Seg::slots).sum()
    }

    /// True if `extra` more keys, any of them hashed to the segment of `hash`, could pass
    /// that segment's normal load (three quarters).
    #[inline]
    fn seg_wants_growth(&self, hash: u64, extra: usize) -> bool {
        let s = &self.segs[Self::seg_of(hash)];
        (s.len + extra) * 4 > s.slots() * 3
    }

    /// True if one of the segments of `hashes` (the `extra` keys to come) would pass
    /// the normal load.
    fn wants_growth(&self, hashes: &[u64]) -> bool {
        hashes
            .iter()
            .any(|&h| self.seg_wants_growth(h, hashes.len()))
    }

    /// True if the keys of `hashes` stay within the most load allowed (seven eighths) of
    /// their segments when none can grow.
    fn has_room(&self, hashes: &[u64]) -> bool {
        hashes.iter().all(|&h| {
            let s = &self.segs[Self::seg_of(h)];
            (s.len + hashes.len()) * 8 <= s.slots() * 7
        })
    }

    /// The bytes held at the peak of growing the segment of `hash`: every array now and
    /// the segment's new one, twice its size.
    fn growth_bytes(&self, hash: u64) -> u64 {
        let s = &self.segs[Self::seg_of(hash)];
        self.bytes
            .saturating_add(Self::seg_bytes(self.stride, s.slots().saturating_mul(2)))
    }

    /// Double the slots of the segment of `hash`; false (the set unchanged) if the
    /// memory cannot be had.
    fn try_grow(&mut self, hash: u64) -> bool {
        let st = self.stride;
        let i = Self::seg_of(hash);
        let Some(slots) = self.segs[i].slots().checked_mul(2) else {
            return false;
        };
        let Some(mut new) = Seg::try_new(st, slots) else {
            return false;
        };
        let old = &self.segs[i];
        for k in old.words[old.base..old.base + old.slots() * st].chunks_exact(st) {
            if k.iter().any(|&w| w != 0) {
                new.place(st, Self::hash(k), k);
            }
        }
        self.grow_peak = self.grow_peak.max(self.bytes + new.bytes());
        self.bytes = self.bytes - old.bytes() + new.bytes();
        self.segs[i] = new;
        true
    }

    /// True if the key is in the set.
    fn contains(&self, hash: u64, key: &[u64]) -> bool {
        if key.iter().all(|&w| w == 0) {
            return self.zero;
        }
        let st = self.stride;
        let s = &self.segs[Self::seg_of(hash)];
        let mut j = hash as usize & s.mask;
        loop {
            let at = s.base + j * st;
            let slot = &s.words[at..at + st];
            if slot == key {
                return true;
            }
            if slot.iter().all(|&w| w == 0) {
                return false;
            }
            j = (j + 1) & s.mask;
        }
    }

    /// Insert; true if the key was not there. The caller has made room
    /// ([`DenseSet::has_room`]): the set never grows here.
    #[inline]
    fn insert(&mut self, hash: u64, key: &[u64]) -> bool {
        debug_assert_eq!(key.len(), self.stride);
        if key.iter().all(|&w| w == 0) {
            let new = !self.zero;
            self.zero = true;
            self.len += usize::from(new);
            return new;
        }
        let st = self.stride;
        let s = &mut self.segs[Self::seg_of(hash)];
        debug_assert!(s.len < s.slots());
        let mut j = hash as usize & s.mask;
        loop {
            let at = s.base + j * st;
            let slot = &mut s.words[at..at + st];
            // Word by word (inlined; a slice `==` would call memcmp).
            if slot.iter().zip(key).all(|(a, b)| a == b) {
                return false;
            }
            if slot.iter().all(|&w| w == 0) {
                slot.copy_from_slice(key);
                s.len += 1;
                self.len += 1;
                return true;
            }
            j = (j + 1) & s.mask;
        }
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// The table of visited positions: dense for keys of fixed words, else a hash set.
enum Visited<K> {
    Dense(DenseSet),
    Hashed(hashbrown::HashSet<K, FxBuildHasher>, u64),
}

/// True if `bytes` are within `limit` (no limit: always).
fn within(bytes: u64, limit: Option<u64>) -> bool {
    !matches!(limit, Some(l) if bytes > l)
}

impl<K: StateKey> Visited<K> {
    /// An empty table for keys like `first`, if the memory for it is there (and within
    /// `limit`).
    fn try_new(first: &K, limit: Option<u64>) -> Option<Self> {
        match first.words() {
            Some(w) if !w.is_empty() => {
                let mut slots = DENSE_START_SLOTS;
                while slots > 256 && !within(DenseSet::bytes_for(w.len(), slots), limit) {
                    slots /= 2;
                }
                if !within(DenseSet::bytes_for(w.len(), slots), limit) {
                    return None;
                }
                DenseSet::try_new(w.len(), slots).map(Visited::Dense)
            }
            _ => Some(Visited::Hashed(hashbrown::HashSet::default(), 0)),
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
    /// Would the keys of `hashes` make the table grow?
    #[inline]
    fn wants_growth(&self, hashes: &[u64]) -> bool {
        match self {
            Visited::Dense(d) => d.wants_growth(hashes),
            Visited::Hashed(h, _) => h.capacity() - h.len() < hashes.len(),
        }
    }
    /// Make room for the keys of `hashes`, growing the table if that fits in `limit`
    /// along with `other` bytes (the old and the new array of what grows are both held
    /// while it grows). False if there is no room and none can be had.
    #[inline]
    fn reserve(&mut self, hashes: &[u64], other: u64, limit: Option<u64>) -> bool {
        if let Visited::Dense(d) = self {
            if !d.wants_growth(hashes) {
                return true;
            }
        }
        self.grow_for(hashes, other, limit)
    }

    #[cold]
    #[inline(never)]
    fn grow_for(&mut self, hashes: &[u64], other: u64, limit: Option<u64>) -> bool {
        let extra = hashes.len();
        match self {
            Visited::Dense(d) => {
                for &h in hashes {
                    while d.seg_wants_growth(h, extra) {
                        let peak = d.growth_bytes(h).saturating_add(other);
                        if !(within(peak, limit) && d.try_grow(h)) {
                            return d.has_room(hashes);
                        }
                    }
                }
                true
            }
            Visited::Hashed(h, heap) => {
                if h.capacity() - h.len() >= extra {
                    return true;
                }
                let slot = std::mem::size_of::<K>() as u64 + 1;
                let now = h.capacity() as u64 * slot;
                let next = ((h.len() + extra).max(h.capacity() * 2).max(4) as u64) * slot;
                let peak = now
                    .saturating_add(next)
                    .saturating_add(*heap)
                    .saturating_add(other);
                within(peak, limit) && h.try_reserve(extra).is_ok()
            }
        }
    }
    /// True if the key is in the table.
    fn contains(&self, hash: u64, k: &K) -> bool {
        match self {
            Visited::Dense(d) => d.contains(hash, k.words().unwrap_or(&[])),
            Visited::Hashed(h, _) => h.contains(k),
        }
    }
    /// Insert (room was made by [`Visited::reserve`]); true if the key was new.
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
    /// The most bytes the table held at once while growing, `before` being its bytes
    /// before the last growth: a dense table's growths hold one segment twice, a hash
    /// set's its old and its new array.
    fn grow_peak(&self, before: u64) -> u64 {
        match self {
            Visited::Dense(d) => d.grow_peak,
            Visited::Hashed(h, _) => {
                before + h.capacity() as u64 * (std::mem::size_of::<K>() as u64 + 1)
            }
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

/// Bytes a vector holds (its capacity).
fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    (v.capacity() as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

/// Make room for `extra` more items in `v` (growing by half, or by what is needed when
/// that passes `limit` with `other` bytes), through fallible allocation. False if the
/// room cannot be had.
fn reserve_vec<T>(v: &mut Vec<T>, extra: usize, other: u64, limit: Option<u64>) -> bool {
    if v.capacity() - v.len() >= extra {
        return true;
    }
    let size = std::mem::size_of::<T>().max(1) as u64;
    let grown = (v.len() + extra)
        .max(v.capacity() + v.capacity() / 2)
        .max(16);
    let fits = |cap: usize| within(other.saturating_add(cap as u64 * size), limit);
    if fits(grown) && v.try_reserve_exact(grown - v.len()).is_ok() {
        return true;
    }
    fits(v.len() + extra) && v.try_reserve_exact(extra).is_ok()
}

/// [`reserve_vec`] with the search's running count of stack bytes: `stacks` holds the
/// bytes of every stack (this one included) and is kept up to date; `table` is the bytes
/// of the table. The common case (room already there) costs one comparison.
#[inline]
fn room<T>(v: &mut Vec<T>, extra: usize, stacks: &mut u64, table: u64, limit: Option<u64>) -> bool {
    v.capacity() - v.len() >= extra || grow_stack(v, extra, stacks, table, limit)
}

#[cold]
#[inline(never)]
fn grow_stack<T>(
    v: &mut Vec<T>,
    extra: usize,
    stacks: &mut u64,
    table: u64,
    limit: Option<u64>,
) -> bool {
    let before = vec_bytes(v);
    let others = *stacks - before;
    let ok = reserve_vec(v, extra, table + others, limit);
    *stacks = others + vec_bytes(v);
    ok
}

/// Would a growth of the table, started now, end after the time limit? A growth doubles
/// the table and moves every key, so it takes about twice as long as the last one; the
/// first growths (of small tables) are never refused. The clock is read only here, when
/// the table is about to grow (a few dozen times a search).
fn late_to_grow(t0: Instant, timeout: Option<Duration>, last: Option<Duration>) -> bool {
    match (timeout, last) {
        (Some(limit), Some(last)) => t0.elapsed() + last * 2 >= limit,
        _ => false,
    }
}

/// True if a block of [`HEADROOM`] bytes can be allocated now (it is freed at once).
fn headroom() -> bool {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(HEADROOM).is_ok()
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
    fn probes(&self) -> bool {
        false
    }
    fn side_searches(&self) -> bool {
        false
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
    if limits.max_states == Some(0) {
        // Not even the start may be stored.
        out.stop = Some(Stop::States);
        out.seconds = t0.elapsed().as_secs_f64();
        return out;
    }
    // The side searches' memory comes off the proving search's limit (see `portfolio`).
    let side_budget = portfolio::budget(limits.max_bytes);
    let limit = match limits.max_bytes {
        Some(b) if game.side_searches() => Some(b - side_budget),
        l => l,
    };
    let k0 = game.key(start);
    let table = if headroom() {
        Visited::try_new(&k0, limit)
    } else {
        None
    };
    let Some(mut table) = table else {
        out.stop = Some(Stop::Memory);
        out.seconds = t0.elapsed().as_secs_f64();
        return out;
    };
    let h0 = table.hash(&k0);
    if !table.reserve(&[h0], 0, limit) {
        out.stop = Some(Stop::Memory);
        out.seconds = t0.elapsed().as_secs_f64();
        return out;
    }
    table.insert(h0, k0);

    // One stack of positions: each is the state, the move that made it, and whether it
    // has been expanded. The expanded ones, bottom to top, are the line to the node being
    // expanded (the state before the first is `start`); the others are generated and not
    // yet expanded, each above its parent. An expanded position that comes back to the
    // top has had all its children searched, and is dropped. A child is made by copying
    // its parent within the stack and playing the move in place: one copy a child, and
    // none to expand it.
    let mut pending: Vec<(G::State, G::Move, bool)> = Vec::new();
    // The position being expanded: an index into `pending`, or `None` for `start`.
    let mut at: Option<usize> = None;
    let mut moves: Vec<G::Move> = Vec::new();
    let mut keys: Vec<(G::Key, u64)> = Vec::new();
    // The children's hashes, for the table to make room where they go.
    let mut hashes: Vec<u64> = Vec::new();
    let mut nodes: u64 = 0;
    let mut peak: u64 = 0;
    let mut next_check: u64 = 0;
    let mut probed: u64 = 0;
    let mut won: Option<G::Move> = None;
    // Playouts beside the search, if the game asks for them (see `probe`).
    let mut prober: Option<Prober<G>> = if game.probes() { Prober::new() } else { None };
    let mut probe_won = false;
    // Guided playouts and a best-first search for wins (see `portfolio`).
    let mut side: Option<Portfolio<G>> = game.side_searches().then(|| Portfolio::new(side_budget));
    let mut side_won = false;
    // How long the table's last growth took (the next, twice as large, takes about twice).
    let mut last_growth: Option<Duration> = None;
    // Bytes held by the four stacks (their capacities), kept up to date as they grow:
    // `pending` and `keys` grow only through `room`; `moves` grows inside the
    // game's move generation, so its capacity is compared after each generation.
    let mut stacks: u64 = 0;
    let mut moves_bytes: u64 = 0;

    'search: loop {
        let parent: &G::State = at.map_or(start, |i| &pending[i].0);
        moves.clear();
        if let Some(m) = game.safe_move(parent) {
            moves.push(m);
        } else {
            game.solver_moves(parent, &mut moves);
        }
        if vec_bytes(&moves) != moves_bytes {
            stacks = stacks - moves_bytes + vec_bytes(&moves);
            moves_bytes = vec_bytes(&moves);
        }
        // Room for the children first, through fallible allocation and within the limit.
        let n = moves.len();
        if !room(&mut pending, n, &mut stacks, table.bytes(), limit)
            || !room(&mut keys, n, &mut stacks, table.bytes(), limit)
        {
            out.stop = Some(Stop::Memory);
            break;
        }
        // Children go straight onto the pending stack, in reverse so that the first
        // (best) move is on top; those already in the table are dropped after.
        let first = pending.len();
        keys.clear();
        for &m in moves.iter().rev() {
            match at {
                Some(i) => pending.extend_from_within(i..=i),
                None => pending.push((start.clone(), m, false)),
            }
            let Some((child, mv, open)) = pending.last_mut() else {
                unreachable!("a child was just pushed");
            };
            (*mv, *open) = (m, false);
            game.play(child, m);
            nodes += 1;
            if game.is_won(child) {
                pending.truncate(first);
                won = Some(m);
                break 'search;
            }
            let k = game.key(child);
            let h = table.hash(&k);
            keys.push((k, h));
        }
        let mut sink = 0u64;
        for (_, h) in &keys {
            sink ^= table.touch(*h);
        }
        std::hint::black_box(sink);
        // The children's keys may own heap memory (byte keys): it is held already, and
        // the new ones' stays held in the table.
        let key_heap: u64 = keys.iter().map(|(k, _)| k.heap_bytes() as u64).sum();
        let other = stacks + key_heap;
        let before = table.bytes();
        hashes.clear();
        hashes.extend(keys.iter().map(|(_, h)| *h));
        let growing = table.wants_growth(&hashes);
        if growing && late_to_grow(t0, limits.timeout, last_growth) {
            // The doubling would end after the time limit: stop now instead of late.
            pending.truncate(first);
            out.stop = Some(Stop::Time);
            break;
        }
        let grown_at = growing.then(Instant::now);
        if !within(before + other, limit) || !table.reserve(&hashes, other, limit) {
            pending.truncate(first);
            out.stop = Some(Stop::Memory);
            break;
        }
        if let Some(t) = grown_at {
            last_growth = Some(t.elapsed());
        }
        if table.bytes() != before {
            // The old and the new array of what grew were both held.
            peak = peak.max(table.grow_peak(before) + other);
        }
        // A new position is stored only while the table holds fewer than `max_states`;
        // the first that would pass the limit stops the search (it and the children
        // after it are dropped, unstored).
        let cap = limits.max_states.unwrap_or(u64::MAX);
        let mut full = false;
        let mut w = first;
        for (i, (k, h)) in keys.drain(..).enumerate() {
            if table.len() >= cap && !table.contains(h, &k) {
                full = true;
                break;
            }
            if table.insert(h, k) {
                if w != first + i {
                    pending.swap(w, first + i);
                }
                w += 1;
            }
        }
        pending.truncate(w);

        let states = table.len();
        if full {
            out.stop = Some(Stop::States);
            break;
        }
        let bytes = table.bytes() + stacks;
        peak = peak.max(bytes);
        if !within(bytes, limit) {
            out.stop = Some(Stop::Memory);
            break;
        }
        if nodes >= next_check {
            next_check = nodes + 1024;
            if let Some(p) = &limits.progress {
                p.states.store(states, Ordering::Relaxed);
                p.bytes.store(bytes, Ordering::Relaxed);
            }
            if bytes >= probed.saturating_add(HEADROOM_EVERY) {
                probed = bytes;
                if !headroom() {
                    out.stop = Some(Stop::Memory);
                    break;
                }
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

        if let Some(p) = prober.as_mut() {
            if p.nodes * probe::SHARE < nodes && p.run(game, start) {
                probe_won = true;
                break;
            }
        }
        if let Some(p) = side.as_mut() {
            if p.nodes() * portfolio::SHARE < nodes && p.run(game, start) {
                side_won = true;
                break;
            }
        }
        // Positions whose children are all searched leave the stack; the next one not yet
        // expanded is expanded in place.
        while pending.last().is_some_and(|e| e.2) {
            pending.truncate(pending.len() - 1);
        }
        let Some(top) = pending.len().checked_sub(1) else {
            break;
        };
        pending[top].2 = true;
        at = Some(top);
    }

    let bytes = table.bytes() + stacks;
    debug_assert_eq!(
        stacks,
        vec_bytes(&pending) + vec_bytes(&keys) + vec_bytes(&moves)
    );
    out.peak_bytes = peak.max(bytes) + side.as_ref().map_or(0, |p| p.peak_bytes());
    out.states = table.len();
    out.nodes =
        nodes + prober.as_ref().map_or(0, |p| p.nodes) + side.as_ref().map_or(0, |p| p.nodes());
    if let Some(p) = &limits.progress {
        p.states.store(out.states, Ordering::Relaxed);
        p.bytes.store(bytes, Ordering::Relaxed);
    }
    // Memory for the winning line is asked for fallibly too: a win found at the edge of
    // memory is reported as a win only if its moves can be written out.
    drop(table);
    let side_line = match (&prober, &side) {
        (Some(p), _) if probe_won => Some(p.line()),
        (_, Some(p)) if side_won => Some(p.line()),
        _ => None,
    };
    if let Some(found) = side_line {
        let mut line = Vec::new();
        let mut s = start.clone();
        let mut ok = line.try_reserve(found.len() * 2).is_ok();
        for &m in found {
            if !ok {
                break;
            }
            game.expand(&s, m, &mut line);
            game.play(&mut s, m);
            ok = line.try_reserve(16).is_ok();
        }
        if ok {
            out.verdict = Verdict::Won;
            out.moves = line;
        } else {
            out.stop = Some(Stop::Memory);
        }
    } else if let Some(last) = won {
        let mut line = Vec::new();
        let mut before = start;
        let path = pending.iter().filter(|e| e.2);
        let mut ok = line.try_reserve(pending.len() + 1).is_ok();
        for (s, m, _) in path {
            if !ok {
                break;
            }
            game.expand(before, *m, &mut line);
            before = s;
            ok = line.try_reserve(16).is_ok();
        }
        if ok {
            game.expand(before, last, &mut line);
            out.verdict = Verdict::Won;
            out.moves = line;
        } else {
            out.stop = Some(Stop::Memory);
        }
    } else if out.stop.is_none() {
        out.verdict = Verdict::Lost;
    }
    if out.verdict == Verdict::Won {
        out.moves = untangle::untangle(game, start, std::mem::take(&mut out.moves));
    }
    out.seconds = t0.elapsed().as_secs_f64();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_growth_that_would_end_late_is_not_started() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        // No time limit, or no growth timed yet: always grow.
        assert!(!late_to_grow(t0, None, Some(s(100))));
        assert!(!late_to_grow(t0, Some(s(10)), None));
        // Twice the last growth still fits before the limit: grow.
        assert!(!late_to_grow(t0, Some(s(100)), Some(s(1))));
        // It would not: stop.
        assert!(late_to_grow(t0, Some(s(10)), Some(s(5))));
        assert!(late_to_grow(t0, Some(s(0)), Some(Duration::ZERO)));
    }

    #[test]
    fn dense_set_inserts_once_through_growth() {
        let mut d = DenseSet::try_new(4, DENSE_START_SLOTS).unwrap();
        let key = |i: u64| [i, i.wrapping_mul(7), 0, i >> 3];
        for i in 0..200_000u64 {
            let k = key(i);
            let h = DenseSet::hash(&k);
            while d.seg_wants_growth(h, 1) {
                assert!(d.try_grow(h));
            }
            assert!(d.insert(DenseSet::hash(&k), &k), "{i}");
        }
        for i in (0..200_000u64).step_by(7) {
            let k = key(i);
            assert!(!d.insert(DenseSet::hash(&k), &k), "{i}");
        }
        assert_eq!(d.len, 200_000);
        assert!(d.len * 4 <= d.slots() * 3);
        // A growth holds one segment twice, not the whole table: 200,000 keys of 32
        // bytes need at least 8.5 MB at three quarters load, and no growth held much
        // more than the table it left.
        assert!(d.bytes() >= 200_000 * 32 * 4 / 3);
        assert!(
            d.grow_peak <= d.bytes() + d.bytes() / 16,
            "{} {}",
            d.grow_peak,
            d.bytes()
        );
        // The all-zero key (also the empty-slot mark) is kept apart.
        let z = [0u64; 4];
        assert!(!d.insert(DenseSet::hash(&z), &z));
        let mut e = DenseSet::try_new(2, 1024).unwrap();
        assert!(e.insert(DenseSet::hash(&[0, 0]), &[0, 0]));
        assert!(!e.insert(DenseSet::hash(&[0, 0]), &[0, 0]));
        assert_eq!(e.len, 1);
    }

    fn herring_bone_4() -> (
        crate::games::herring_bone::HerringBone,
        <crate::games::herring_bone::HerringBone as Game>::State,
    ) {
        let g = crate::games::herring_bone::HerringBone::from_options(&[]).unwrap();
        let (cards, rng) = g.deal_order(4);
        let s = g.start(cards, rng).unwrap();
        (g, s)
    }

    #[test]
    fn a_memory_limit_is_never_passed_and_gives_unknown() {
        // Herring-bone seed 4 grows to gigabytes without a limit.
        let (g, s) = herring_bone_4();
        let cancel = AtomicBool::new(false);
        for mb in [1u64, 3, 10, 40] {
            let limits = Limits {
                max_bytes: Some(mb << 20),
                ..Limits::default()
            };
            let out = solve(&g, &s, &limits, &cancel);
            assert_eq!(out.verdict, Verdict::Unknown, "{mb} MB");
            assert_eq!(out.stop, Some(Stop::Memory), "{mb} MB");
            assert!(
                out.peak_bytes <= mb << 20,
                "{mb} MB: peak {}",
                out.peak_bytes
            );
            assert!(out.states > 0);
        }
    }

    #[test]
    fn a_memory_limit_below_the_first_table_stops_at_once() {
        let (g, s) = herring_bone_4();
        let limits = Limits {
            max_bytes: Some(0),
            ..Limits::default()
        };
        let out = solve(&g, &s, &limits, &AtomicBool::new(false));
        assert_eq!(
            (out.verdict, out.stop),
            (Verdict::Unknown, Some(Stop::Memory))
        );
        // The plain search (a hashed table) honours it too.
        let limits = Limits {
            max_bytes: Some(2 << 20),
            plain: true,
            ..Limits::default()
        };
        let out = solve(&g, &s, &limits, &AtomicBool::new(false));
        assert_eq!(
            (out.verdict, out.stop),
            (Verdict::Unknown, Some(Stop::Memory))
        );
        assert!(out.peak_bytes <= 2 << 20, "peak {}", out.peak_bytes);
    }

    #[test]
    fn a_state_limit_is_never_passed() {
        use crate::testing::{deal, solve_limited};
        // One position of the fourteenth has thousands of children (its grace moves):
        // before, all of them were stored and the limit of 1000 was passed 32 times over.
        let g = crate::games::fourteenth::Fourteenth::from_options(&[]).unwrap();
        for seed in 1..=5 {
            let s = deal(&g, seed);
            for ms in [0u64, 1, 2, 1000] {
                for plain in [false, true] {
                    let out = solve_limited(&g, &s, ms, plain);
                    assert!(out.states <= ms, "seed {seed} at {ms}: {}", out.states);
                    if out.verdict == Verdict::Unknown {
                        assert_eq!(out.stop, Some(Stop::States), "seed {seed} at {ms}");
                    }
                }
            }
        }
        // Klondike seed 29 at 463 stored 464.
        let g = crate::games::klondike::Klondike::from_options(&[]).unwrap();
        let out = solve_limited(&g, &deal(&g, 29), 463, false);
        assert_eq!(
            (out.verdict, out.stop),
            (Verdict::Unknown, Some(Stop::States))
        );
        assert_eq!(out.states, 463);
    }

    #[test]
    fn a_search_that_ends_at_exactly_the_state_limit_is_decided() {
        use crate::testing::{deal, solve_limited};
        let g = crate::games::klondike::Klondike::from_options(&[]).unwrap();
        let mut checked = 0;
        for seed in 1..=40 {
            let s = deal(&g, seed);
            let full = solve_limited(&g, &s, 20_000, false);
            if full.verdict != Verdict::Lost {
                continue;
            }
            let n = full.states;
            let exact = solve_limited(&g, &s, n, false);
            assert_eq!(
                (exact.verdict, exact.states),
                (Verdict::Lost, n),
                "seed {seed}"
            );
            let short = solve_limited(&g, &s, n - 1, false);
            assert_eq!(
                (short.verdict, short.stop, short.states),
                (Verdict::Unknown, Some(Stop::States), n - 1),
                "seed {seed}"
            );
            checked += 1;
        }
        assert!(
            checked >= 2,
            "only {checked} lost deals under 20,000 states"
        );
    }

    #[test]
    fn progress_is_published() {
        let (g, s) = herring_bone_4();
        let p = Arc::new(Progress::default());
        let limits = Limits {
            max_states: Some(50_000),
            progress: Some(p.clone()),
            ..Limits::default()
        };
        let out = solve(&g, &s, &limits, &AtomicBool::new(false));
        assert_eq!(out.stop, Some(Stop::States));
        assert_eq!(p.states.load(Ordering::Relaxed), out.states);
        assert!(p.bytes.load(Ordering::Relaxed) > 0);
    }

    #[test]
    fn a_vector_grows_within_its_limit_or_not_at_all() {
        let mut v: Vec<u64> = Vec::new();
        assert!(reserve_vec(&mut v, 10, 0, Some(1000)));
        assert!(v.capacity() >= 10 && v.capacity() * 8 <= 1000);
        let cap = v.capacity();
        assert!(!reserve_vec(&mut v, 1000, 0, Some(1000)));
        assert_eq!(v.capacity(), cap);
        // Far more than any machine has: refused, not aborted.
        assert!(!reserve_vec(&mut v, usize::MAX / 16, 0, None));
        assert!(DenseSet::try_new(8, 1 << 60).is_none());
    }
}
