//! THE GREAT THIRTEEN (`great-thirteen`), from `rules/great-thirteen.md`. Over the
//! 400-line budget by its solver: the pruning rule, the dead-position relaxation and the
//! play-out order, with their proofs, are this game's own (no part says them).
//!
//! # Layout and deal
//! Two packs; ground packets G1..G8 of thirteen cards dealt together (card 1 at G1's
//! bottom). For G1..G8 in turn, while the top is a king it goes to the bottom (first deal
//! only); then each top card goes up to the balcony B1..B8 for good. The packets are
//! [`Pile`]s of 31: position q, when taken up in the re-deal, holds at most its 12 cards
//! and ceil(L/8) from each take-up of L cards before it (12, 14, 16, 18, 21, 24, 27, 31 for
//! q = 1..8); one taken up gets back at most 22.
//!
//! # Foundations
//! Numeral packet Ni under Bi of value b takes 2b, 3b, ..., 13b reduced modulo 13 (0 is K;
//! suits play no part): twelve cards ending with a king. Each climbs by its own balcony
//! value in mixed suits, which one [`Ladder`](crate::parts::Ladder) rule cannot say: they
//! are piles, and `NEED` is those ladders written out.
//!
//! # Piles and availability
//! A ground top may go to an empty Ni whose first value 2b it is (doubling) or onto an
//! incomplete Ni whose next value it is (addition), but a card that fits an empty slot
//! may only go to an empty slot (Rule II). Each legal pair is a move `gP>nI`.
//!
//! # Spaces
//! An empty numeral slot waits for its doubled value, an empty ground position for the
//! re-deal.
//!
//! # Pack, talon and re-deals
//! No pack or talon. One automatic round: whenever no placement is legal, position `next`
//! is taken up (if not empty) and dealt out, its former bottom card first, onto positions
//! next+1, ..., 8, 1, ... (its own included); `next` goes up by one.
//!
//! # End
//! Won when all numeral packets are complete; lost when nothing fits at `next:9`. No
//! options (an empty [`Opt`] table).
//!
//! # Solver
//! - Key: `next`, the numeral counts (sorted among equal balcony values), the packets'
//!   lengths and, once the round has begun, their ranks (before it each packet is its
//!   dealt cards cut down from the top).
//! - [`GreatThirteen::forced_card`]: the pruning rule and its safe move (the standard
//!   safe-to-foundation argument does not apply: numerals are built by arithmetic).
//! - [`GreatThirteen::hopeless`]: a relaxation on [`fixed_point`] proving positions lost.
//! - [`GreatThirteen::order`]: moves whose greedy play-out goes furthest first.

use crate::card::{Card, KING, RANK_CHARS};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::key::sort_labelled;
use crate::parts::options::game_info;
use crate::parts::{
    fixed_point, move_text, BitWriter, Dealer, KeyText, Opt, Parsed, Pile, Place, Relaxed,
};
use std::fmt::Write;

pub const SLUG: &str = "great-thirteen";
const N: usize = 8; // ground packets, balcony cards, numeral packets
const PACKET: usize = 13; // cards a ground packet gets in the deal
const FULL: usize = 12; // cards of a complete numeral packet
const GROUND: usize = 31; // the most a ground packet can hold (module docs)
const OPTIONS: &[Opt] = &[];

/// `NEED[b][c]`: the value a numeral packet under a balcony value b needs when it holds c
/// cards, (c + 2) * b reduced (0 read as K); 0 once complete. `BEFORE[b][c]`: bit v set
/// for the values it takes at counts below c.
const NEED: [[u8; FULL + 1]; 14] = TABLES.0;
const BEFORE: [[u16; FULL + 1]; 14] = TABLES.1;
#[allow(clippy::type_complexity)]
const TABLES: ([[u8; FULL + 1]; 14], [[u16; FULL + 1]; 14]) = {
    let (mut need, mut before) = ([[0; FULL + 1]; 14], [[0; FULL + 1]; 14]);
    let mut k = FULL;
    while k < 14 * FULL {
        let (b, c) = (k / FULL, k % FULL);
        need[b][c] = [KING, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][(c + 2) * b % 13];
        before[b][c + 1] = before[b][c] | 1 << need[b][c];
        k += 1;
    }
    (need, before)
};

/// The game; it has no options.
#[derive(Clone, Debug, Default)]
pub struct GreatThirteen;

impl GreatThirteen {
    /// Build from user options: there are none, so any name given is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts).map(|_| GreatThirteen)
    }
}

/// A position: B1..B8 (fixed after the deal), N1..N8 and G1..G8 (bottom to top), and the
/// position the re-deal round takes up next (1..=8, 9 when it is over).
#[derive(Copy, Clone, Debug)]
pub struct State {
    balcony: [Card; N],
    numerals: [Pile<FULL>; N],
    ground: [Pile<GROUND>; N],
    next: u8,
}

/// One move: the top card of ground packet `from` to numeral packet `to` (both 0-based).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl State {
    /// Balcony value over numeral packet `i`.
    #[inline]
    fn b(&self, i: usize) -> usize {
        self.balcony[i].rank() as usize
    }
    /// The value numeral packet `i` needs next, 0 when it is complete.
    #[inline]
    fn need(&self, i: usize) -> u8 {
        NEED[self.b(i)][self.numerals[i].len()]
    }
    /// The value of ground packet `p`'s available card (0 for an empty packet).
    #[inline]
    fn top(&self, p: usize) -> u8 {
        self.ground[p].top().map_or(0, Card::rank)
    }
    /// What each numeral packet needs, and bit v set when a card of value v fits some
    /// empty numeral slot (Rule II).
    #[inline]
    fn needs(&self) -> ([u8; N], u16) {
        let need: [u8; N] = std::array::from_fn(|i| self.need(i));
        let empty = (0..N).filter(|&i| self.numerals[i].is_empty());
        (need, empty.fold(0, |m, i| m | 1 << need[i]))
    }
    /// May a card of value `v` go to numeral packet `i`? (`need`, `empty_fit`: [`State::needs`].)
    #[inline]
    fn fits(&self, i: usize, v: u8, need: &[u8; N], empty_fit: u16) -> bool {
        v != 0 && need[i] == v && (self.numerals[i].is_empty() || empty_fit & (1 << v) == 0)
    }
    /// Visit the legal moves in order (ground packet first, then numeral packet); stop
    /// when `f` returns true. Returns whether it stopped.
    #[inline]
    fn each_move(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        let (need, ef) = self.needs();
        for p in 0..N {
            let v = self.top(p);
            for i in 0..N {
                if self.fits(i, v, &need, ef)
                    && f(Move {
                        from: p as u8,
                        to: i as u8,
                    })
                {
                    return true;
                }
            }
        }
        false
    }
    /// The automatic steps: while no placement is legal and the round is not over, take up
    /// the next position (if not empty) and deal it out, its former bottom card first.
    fn settle(&mut self) {
        while self.next as usize <= N && !self.each_move(|_| true) {
            let p = self.next as usize - 1;
            let taken = std::mem::take(&mut self.ground[p]);
            for (k, &c) in taken.cards().iter().enumerate() {
                self.ground[(p + 1 + k) % N].push(c);
            }
            self.next += 1;
        }
    }
}

/// The facts of [`GreatThirteen::hopeless`]: the values freed (bit v), each numeral
/// packet's reach, how many numeral packets can take each value within their reach, and
/// how many cards of each value each fixed packet has let go.
struct Reach<'a> {
    s: &'a State,
    freed: u16,
    reach: [u8; N],
    takers: [u8; 14],
    gone: [[u8; 14]; N],
}

impl Reach<'_> {
    fn count_takers(&mut self) {
        self.takers = [0; 14];
        for i in 0..N {
            let b = self.s.b(i);
            let r = self.reach[i].min(FULL as u8 - 1) as usize;
            let mut range = BEFORE[b][r + 1] & !BEFORE[b][self.s.numerals[i].len()];
            while range != 0 {
                self.takers[range.trailing_zeros() as usize] += 1;
                range &= range - 1;
            }
        }
    }
}

impl Relaxed for Reach<'_> {
    fn can_leave(&self, src: usize, c: Card) -> bool {
        self.gone[src][c.rank() as usize] < self.takers[c.rank() as usize]
    }
    fn left(&mut self, src: usize, c: Card, _next: Option<Card>) {
        self.gone[src][c.rank() as usize] += 1;
        self.freed |= 1 << c.rank();
    }
    fn settle(&mut self) -> bool {
        let mut grew = false;
        for i in 0..N {
            let (b, r) = (self.s.b(i), &mut self.reach[i]);
            while (*r as usize) < FULL && self.freed & (1 << NEED[b][*r as usize]) != 0 {
                *r += 1;
                grew = true;
            }
        }
        if grew {
            self.count_takers();
        }
        grew
    }
}

impl GreatThirteen {
    /// The solver's pruning rule. Take an available card c of value v and the set D of
    /// numeral packets that still need a v, now or later. If every packet of D needs v now
    /// and c may legally go to each of them now, then some move of c is winning whenever the
    /// position is winnable, so the solver tries only c's moves (one move: a safe move).
    ///
    /// Proof. Take a winning line L. Supply and demand of v balance (each v card left on the
    /// ground has exactly one packet of D to go to), so while c is unplaced some packet of D
    /// still needs v, and as counts only grow it needs it unchanged since now; c fits it, so
    /// a placement is legal (c itself, or c to an empty slot fitting v) and no re-deal step
    /// can happen. Hence c stays on top of its packet until L places it, on some Nj of D
    /// that received nothing meanwhile. Play c to Nj first, then L without that move: every
    /// move of L stays legal (the only differences are one more exposed card and Nj filled
    /// earlier, which leaves fewer empty slots, so Rule II forbids no addition of L), a
    /// placement stays legal at every step so no re-deal step fires early, and after L's
    /// move of c the positions coincide.
    pub fn forced_card(&self, s: &State, out: &mut Vec<Move>) -> bool {
        let Some((from, to)) = Self::forced(s) else {
            return false;
        };
        out.extend(
            (0..N as u8)
                .filter(|i| to >> i & 1 != 0)
                .map(|to| Move { from, to }),
        );
        true
    }

    /// The ground packet of [`GreatThirteen::forced_card`]'s card, and its numeral packets
    /// (bit i for Ni).
    fn forced(s: &State) -> Option<(u8, u8)> {
        let (need, ef) = s.needs();
        'cards: for p in 0..N {
            let v = s.top(p);
            let mut to = 0u8;
            for i in 0..N {
                let b = s.b(i);
                if (BEFORE[b][FULL] & !BEFORE[b][s.numerals[i].len()]) >> v & 1 == 0 {
                    continue; // Ni never needs v (or v = 0: no card), or is past it
                }
                if !s.fits(i, v, &need, ef) {
                    continue 'cards; // Ni needs v later, or c may not go there now
                }
                to |= 1 << i;
            }
            if to != 0 {
                return Some((p as u8, to));
            }
        }
        None
    }

    /// The solver's move order: each move is scored by a greedy play-out from the position
    /// it leads to (always the first legal move, until the game ends, plus 1000 for a
    /// win); the highest scores come first, ties in their order.
    pub fn order(&self, s: &State, moves: &mut [Move]) {
        if moves.len() < 2 {
            return;
        }
        let mut scored = [(std::cmp::Reverse(0), 0, Move { from: 0, to: 0 }); N * N];
        for (k, &m) in moves.iter().enumerate() {
            let (mut c, mut n) = (*s, 0);
            self.play(&mut c, m);
            while let Some(m) = (!self.is_won(&c)).then(|| first_move(&c)).flatten() {
                self.play(&mut c, m);
                n += 1;
            }
            scored[k] = (
                std::cmp::Reverse(n + 1000 * u32::from(self.is_won(&c))),
                k,
                m,
            );
        }
        let scored = &mut scored[..moves.len()];
        scored.sort_unstable_by_key(|&(score, k, _)| (score, k));
        for (slot, &(_, _, m)) in moves.iter_mut().zip(scored.iter()) {
            *slot = m;
        }
    }

    /// A proof that the position is lost, from a relaxation of the game; the solver gives
    /// such positions no moves.
    ///
    /// Ground positions before `next` are never taken up again: their cards keep their
    /// order, later re-deal steps only put cards on top. Cards at the other positions are
    /// treated as free (placeable whenever some numeral packet wants their value). The
    /// relaxation grows a set F of cards, each fixed packet from its top down, and for each
    /// numeral packet a reach (a count it may get to):
    /// - a reach grows while the value wanted there is the value of a free card or of a
    ///   card in F;
    /// - a card joins F when the cards above it are in F, and for its value v the v cards
    ///   from the packet's top down to it are no more than the numeral packets that can take
    ///   a v at a count from their own to their reach (each takes one v).
    ///
    /// Along any winning line, by induction on its moves, every count reached is within the
    /// reach and every card placed from a fixed packet is in F: it is placed after the cards
    /// above it, which went to distinct numeral packets at counts of their values, all
    /// within reach, and at a count whose earlier values came from cards already placed. So
    /// a card of a fixed packet left outside F proves the position lost. (The fixed packets
    /// are the sources of [`fixed_point`], F and the reaches its facts.)
    pub fn hopeless(&self, s: &State) -> bool {
        let fixed = (s.next as usize).saturating_sub(1).min(N);
        if fixed == 0 {
            return false;
        }
        let freed = s.ground[fixed..].iter().flat_map(|p| p.cards());
        let mut facts = Reach {
            s,
            freed: freed.fold(0, |m, c| m | 1 << c.rank()),
            reach: std::array::from_fn(|i| s.numerals[i].len() as u8),
            takers: [0; 14],
            gone: [[0; 14]; N],
        };
        facts.settle();
        facts.count_takers();
        let sources: [&[Card]; N] = std::array::from_fn(|p| s.ground[p].cards());
        !fixed_point(&mut facts, &sources[..fixed], &mut [0; N][..fixed])
    }
}

/// The first legal move, if any.
fn first_move(s: &State) -> Option<Move> {
    let mut first = None;
    s.each_move(|m| first.replace(m).is_none());
    first
}

impl Game for GreatThirteen {
    type State = State;
    type Move = Move;
    type Key = [u64; 8];

    fn info(&self) -> GameInfo {
        game_info(SLUG, "The Great Thirteen", PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != N * PACKET {
            let (expected, got) = (N * PACKET, cards.len());
            return Err(EngineError::WrongCount { expected, got });
        }
        let (numerals, mut ground) = ([Pile::new(); N], [Pile::new(); N]);
        Dealer::new(&cards).packets(&mut ground, 0..N, PACKET, 0);
        let balcony = ground.each_mut().map(|g| {
            // King adjustment: at most 8 kings among 13 cards, so this ends.
            for _ in 0..PACKET {
                if let Some(k) = g.top().filter(|k| k.rank() == KING) {
                    g.pop();
                    g.insert(0, k);
                }
            }
            g.pop().unwrap_or_default()
        });
        let mut s = State {
            balcony,
            numerals,
            ground,
            next: 1,
        };
        s.settle();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        s.each_move(|m| {
            out.push(m);
            false
        });
    }

    fn play(&self, s: &mut State, m: Move) {
        if let Some(c) = s.ground[m.from as usize].pop() {
            s.numerals[m.to as usize].push(c);
        }
        s.settle();
    }

    fn is_won(&self, s: &State) -> bool {
        s.numerals.iter().all(|p| p.len() == FULL)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        move_text(Place::at("G", m.from.into()), Place::at("N", m.to.into()))
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, c) in s.balcony.iter().enumerate() {
            k.pile(Place::at("B", i), std::slice::from_ref(c), 0);
        }
        for (i, p) in s.numerals.iter().enumerate() {
            k.pile(Place::at("N", i), p.cards(), 0);
        }
        for (i, p) in s.ground.iter().enumerate() {
            k.pile(Place::at("G", i), p.cards(), 0);
        }
        k.field("next", s.next);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut o = String::from("Balcony: ");
        for (i, c) in s.balcony.iter().enumerate() {
            let _ = write!(o, " B{} {c}  ", i + 1);
        }
        o.push_str("\nNumerals:");
        for (i, p) in s.numerals.iter().enumerate() {
            let _ = match p.top() {
                None => write!(o, " N{} --  ", i + 1),
                Some(c) => write!(o, " N{} {c}/{:<2}", i + 1, p.len()),
            };
        }
        o.push_str("\nNeeds:   ");
        for i in 0..N {
            let _ = match s.need(i) {
                0 => write!(o, "  done   "),
                v => write!(o, "    {}    ", RANK_CHARS[v as usize - 1] as char),
            };
        }
        for (i, p) in s.ground.iter().enumerate() {
            let _ = write!(o, "\nG{}:", i + 1);
            for c in p.cards() {
                let _ = write!(o, " {c}");
            }
        }
        let _ = match s.next as usize {
            n @ 1..=N => writeln!(o, "\nRe-deal: position {n} is taken up next"),
            _ => writeln!(o, "\nRe-deal: round over"),
        };
        o
    }

    fn key(&self, s: &State) -> [u64; 8] {
        // Bits: next (4); the numeral counts (8 x 4), sorted among equal balcony values;
        // the ground packets' lengths (8 x 7); once the round has begun (next > 1), the
        // ranks of all ground cards, G1 bottom first, 16 to a word (at most 96 x 4): at
        // most 476 of 512 bits. The balcony is fixed for one deal.
        let mut w = BitWriter::<8>::new();
        w.put(u64::from(s.next), 4);
        let mut counts = s.numerals.map(|p| p.len() as u64);
        sort_labelled(&mut counts, &s.balcony.map(Card::rank));
        counts.iter().for_each(|&c| w.put(c, 4));
        s.ground.iter().for_each(|p| w.put(p.len() as u64, 7));
        let (mut bits, mut k) = (0, 0);
        for c in s.ground[..if s.next > 1 { N } else { 0 }]
            .iter()
            .flat_map(|p| p.cards())
        {
            bits |= u64::from(c.rank()) << (4 * k);
            k += 1;
            if k == 16 {
                w.put(std::mem::take(&mut bits), 4 * std::mem::take(&mut k));
            }
        }
        w.put(bits, 4 * k);
        w.finish()
    }

    /// Random playouts beside the search find wins its depth-first order reaches late
    /// (seeds 1-100 at 5 s a deal: 94 decided with them, 85 without).
    fn probes(&self) -> bool {
        true
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        // The one-move case of `forced_card` (see its proof).
        let (from, to) = Self::forced(s)?;
        let to = (to.count_ones() == 1).then_some(to.trailing_zeros() as u8)?;
        Some(Move { from, to })
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if !self.hopeless(s) && !self.forced_card(s, out) {
            let start = out.len();
            self.moves(s, out);
            self.order(s, &mut out[start..]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits, Verdict};
    use crate::testing::{cards, distinct_texts, play, pruning_agrees, texts};
    use std::sync::atomic::AtomicBool;

    /// A position from its parts: balcony cards, numeral packets, ground packets, next.
    fn position(balcony: &str, numerals: [&str; 8], ground: [&str; 8], next: u8) -> State {
        let mut s = State {
            balcony: [Card::default(); N],
            numerals: [Pile::new(); N],
            ground: [Pile::new(); N],
            next,
        };
        for (i, c) in cards(balcony).into_iter().enumerate() {
            s.balcony[i] = c;
        }
        for i in 0..N {
            s.numerals[i] = Pile::of(&cards(numerals[i]), 0);
            s.ground[i] = Pile::of(&cards(ground[i]), 0);
        }
        s
    }

    /// A complete numeral packet of balcony queens (all the same: suits do not matter).
    const Q_FULL: &str = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC KC";

    #[test]
    fn options_are_refused() {
        assert!(GreatThirteen::from_options(&[]).is_ok());
        let opts = [("draw".to_string(), crate::game::OptValue::Int(1))];
        assert!(GreatThirteen::from_options(&opts).is_err());
    }

    #[test]
    fn deal_of_the_unshuffled_pack() {
        // Cards 1-13 are AC..KC: G1 is AC (bottom) .. KC (top). The king on top goes to
        // the bottom, QC (now on top) goes up to the balcony: G1 = KC AC 2C .. JC.
        // Likewise G2 diamonds, G3 hearts, G4 spades, G5-G8 the second pack.
        let g = GreatThirteen;
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let key = g.key_text(&s);
        let suit_pile = |su: char| {
            let mut t = format!("K{su}");
            for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J"] {
                t.push_str(&format!("{r}{su}"));
            }
            t
        };
        let mut want = String::from("B1:QC B2:QD B3:QH B4:QS B5:QC B6:QD B7:QH B8:QS ");
        for i in 1..=8 {
            want.push_str(&format!("N{i}: "));
        }
        for (p, su) in "CDHSCDHS".chars().enumerate() {
            want.push_str(&format!("G{}:{} ", p + 1, suit_pile(su)));
        }
        want.push_str("next:1");
        assert_eq!(key, want);
        // Every queen needs 24 - 13 = 11, a knave; every packet shows one: 64 moves.
        let m = texts(&g, &s);
        assert_eq!(m.len(), 64);
        assert_eq!(m[0], "g1>n1");
        assert_eq!(m[9], "g2>n2");
        assert_eq!(m[63], "g8>n8");
    }

    #[test]
    fn king_adjustment_repeats_and_respects_order() {
        // G1: cards 1-13 with the last three kings: KD KH KS on top of ten others.
        // 1: 2C .. JC (ten cards), then KD KH KS. Slipping: KS under, then KH, then KD:
        // G1 = KD KH KS 2C .. JC, top JC goes to the balcony.
        let g = GreatThirteen;
        let mut pack = cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC KD KH KS");
        let used: Vec<Card> = pack.clone();
        let mut rest = PackSpec::Standard(2).cards();
        for c in &used {
            let i = rest.iter().position(|d| d == c).unwrap();
            rest.remove(i);
        }
        pack.extend(rest);
        let s = g.start(pack, SplitMix64::new(0)).unwrap();
        assert_eq!(s.balcony[0], Card::parse("JC").unwrap());
        let g1: Vec<String> = s.ground[0].cards().iter().map(|c| c.to_string()).collect();
        assert_eq!(g1.join(" "), "KD KH KS 2C 3C 4C 5C 6C 7C 8C 9C TC");
        // G2 = cards 14-26: what is left of the clubs (AC QC KC), then AD .. TD; the ten
        // goes up.
        assert_eq!(s.balcony[1], Card::parse("TD").unwrap());
        assert_eq!(s.ground.map(|p| p.len()), [12; 8]);
    }

    #[test]
    fn addition_and_rule_two() {
        // From the unshuffled deal, put the knave of G1 on N1: N1 (queen) now needs
        // 11 + 12 - 13 = 10, and G1 shows the TC. The other knaves still fit the seven
        // empty slots only (a knave may not go onto N1 anyway, N1 needs a ten).
        let g = GreatThirteen;
        let mut s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        play(&g, &mut s, "g1>n1");
        let m = texts(&g, &s);
        assert_eq!(m.len(), 1 + 7 * 7);
        assert_eq!(m[0], "g1>n1");
        assert!(!m.contains(&"g2>n1".to_string()));
        assert!(g.key_text(&s).contains("N1:JC N2: "));
        assert!(g.key_text(&s).contains(" G1:KCAC2C3C4C5C6C7C8C9CTC G2:"));

        // Rule II: balcony 5 (needs 10 first, then 2) and balcony 6 (needs Q first).
        // N1 holds a ten and needs a two; N2 is empty and needs a queen. The only cards
        // available: a 2 on G1 (fits N1 by addition) and a queen on G2 (doubling only).
        let s = position(
            "5C 6C QC QD QH QS QC QD",
            ["TC", "", Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["2H", "QS", "", "", "", "", "", ""],
            9,
        );
        assert_eq!(texts(&g, &s), ["g1>n1", "g2>n2"]);
        // A balcony ace needs a two first: with N3 empty under an ace, the 2 on G1 fits an
        // empty slot, so it may not be added to N1 (Rule II) - only doubled on N3.
        let s = position(
            "5C 6C AC QD QH QS QC QD",
            ["TC", "", "", Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["2H", "QS", "", "", "", "", "", ""],
            9,
        );
        assert_eq!(texts(&g, &s), ["g1>n3", "g2>n2"]);
    }

    #[test]
    fn redeal_is_automatic_and_deals_from_the_bottom() {
        // All balcony queens. N1 and N2 hold J..2 (ten cards) and need an ace, then a king.
        // G1 = AS KS (king on top): nothing fits. G2 = KH AH: the ace fits N1 or N2.
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let mut s = position(
            "QC QD QH QS QC QD QH QS",
            [ten, ten, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["AS KS", "KH AH", "", "", "", "", "", ""],
            1,
        );
        s.settle();
        assert_eq!(texts(&g, &s), ["g2>n1", "g2>n2"]);
        play(&g, &mut s, "g2>n1");
        // N1 needs a king now: both kings fit it.
        assert_eq!(texts(&g, &s), ["g1>n1", "g2>n1"]);
        // The king completes N1. G2 is empty, G1 shows a king nobody needs: position 1 is
        // taken up, AS (its bottom) dealt onto G2, KS onto G3; next becomes 2. The ace fits.
        play(&g, &mut s, "g2>n1");
        let key = g.key_text(&s);
        assert!(
            key.ends_with(" G1: G2:AS G3:KS G4: G5: G6: G7: G8: next:2"),
            "{key}"
        );
        assert_eq!(texts(&g, &s), ["g2>n2"]);
        play(&g, &mut s, "g2>n2");
        play(&g, &mut s, "g3>n2");
        assert!(g.is_won(&s));
        // After the winning placement the remaining positions are all skipped.
        assert!(g.key_text(&s).ends_with(" next:9"));
        assert!(texts(&g, &s).is_empty());
    }

    #[test]
    fn redeal_wraps_and_skips_empty_positions() {
        // Balcony queens; N1 empty (needs a knave), N2..N8 complete. Nothing fits: G1 is
        // empty (skipped), G2 = 3C 4C 5C 6C 7C 8C 9C TC JC QC is taken up: 3C to G3, 4C to
        // G4, ..., 8C to G8, 9C to G1, TC to G2, JC to G3, QC to G4.
        // Now G3 shows JC, which fits N1; next is 3.
        let g = GreatThirteen;
        let mut s = position(
            "QC QD QH QS QC QD QH QS",
            ["", Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["", "3C 4C 5C 6C 7C 8C 9C TC JC QC", "", "", "", "", "", ""],
            1,
        );
        s.settle();
        let key = g.key_text(&s);
        assert!(
            key.ends_with(" G1:9C G2:TC G3:3CJC G4:4CQC G5:5C G6:6C G7:7C G8:8C next:3"),
            "{key}"
        );
        assert_eq!(texts(&g, &s), ["g3>n1"]);
    }

    #[test]
    fn end_without_moves_is_lost() {
        // As in the re-deal test, but the round is over (next:9): after the ace and king
        // go to N1 (or N2), the other ace lies under a king nobody needs.
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let mut s = position(
            "QC QD QH QS QC QD QH QS",
            [ten, ten, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["AS KS", "KH AH", "", "", "", "", "", ""],
            9,
        );
        play(&g, &mut s, "g2>n2");
        play(&g, &mut s, "g2>n2");
        assert!(texts(&g, &s).is_empty());
        assert!(!g.is_won(&s));
    }

    #[test]
    fn solver_proves_won_and_lost() {
        let g = GreatThirteen;
        let cancel = AtomicBool::new(false);
        // Balcony queens: N1 needs an ace then a king, N2 and N3 a king each. The one ace
        // lies under three kings: two of them can go to N2 and N3, the third then covers
        // the ace. With the re-deal spent (next:9) this is lost, whatever the order. With
        // the round still to come, once stuck (G1 = AS KH) position 1 is taken up: AS goes
        // to G2, KH to G3, and both go to N1: won in four moves.
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let eleven = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let mk = |next| {
            let mut s = position(
                "QC QD QH QS QC QD QH QS",
                [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
                ["AS KH KS KC", "", "", "", "", "", "", ""],
                next,
            );
            s.settle();
            s
        };
        assert_eq!(texts(&g, &mk(9)), ["g1>n2", "g1>n3"]);
        let won = solve(&g, &mk(1), &Limits::default(), &cancel);
        assert_eq!(won.verdict, Verdict::Won);
        assert_eq!(won.moves.len(), 4);
        let lost = solve(&g, &mk(9), &Limits::default(), &cancel);
        assert_eq!(lost.verdict, Verdict::Lost);
        // The relaxation sees it at once: only N2 and N3 can take a king (N1 cannot get
        // past its ace), and three kings lie above the ace.
        assert!(g.hopeless(&mk(9)));
        assert!(!g.hopeless(&mk(1)));
        // G1 is just as stuck when position 1 has been taken up already (next:2): it is
        // never taken up again, later re-deal steps only add cards on top.
        assert!(g.hopeless(&mk(2)));
        // By hand: whichever of N2, N3 takes KC, the other takes KS, and then nothing fits.
        for first in ["g1>n2", "g1>n3"] {
            let mut s = mk(9);
            play(&g, &mut s, first);
            assert_eq!(texts(&g, &s).len(), 1);
            let only = texts(&g, &s)[0].clone();
            play(&g, &mut s, &only);
            assert!(texts(&g, &s).is_empty() && !g.is_won(&s));
        }
        // The unshuffled deal: every packet is K A 2 .. J under a queen, exactly a queen's
        // numeral sequence read from the top.
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let out = solve(&g, &s, &Limits::default(), &cancel);
        assert_eq!(out.verdict, Verdict::Won);
        assert_eq!(out.moves.len(), 96);
    }

    #[test]
    fn forced_card_rule() {
        // Balcony queens, N1 needs an ace (ten cards), every other numeral is complete but
        // N2, which needs an ace too: the ace on G1 may go to either, and both need it now,
        // so the solver tries just those two moves. With N2 complete it is a safe move.
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let s = position(
            "QC QD QH QS QC QD QH QS",
            [ten, ten, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["KS AS", "KH AH", "", "", "", "", "", ""],
            9,
        );
        let mut v = Vec::new();
        assert!(g.forced_card(&s, &mut v));
        assert_eq!(v, [Move { from: 0, to: 0 }, Move { from: 0, to: 1 }]);
        assert_eq!(g.safe_move(&s), None);
        let ten_plus_ace = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let s = position(
            "QC QD QH QS QC QD QH QS",
            [
                ten_plus_ace,
                ten,
                Q_FULL,
                Q_FULL,
                Q_FULL,
                Q_FULL,
                Q_FULL,
                Q_FULL,
            ],
            ["KS", "KH AH", "", "", "", "", "", ""],
            9,
        );
        // The ace on G2 has one place (N2); the king on G1 may go to N1 now, but N2 will
        // want a king later, so it is not forced.
        assert_eq!(g.safe_move(&s), Some(Move { from: 1, to: 1 }));
    }

    #[test]
    fn solver_key_merges_only_what_cannot_matter() {
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let eleven = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let ground = ["AS KH KS KC", "", "", "", "", "", "", ""];
        let a = position(
            "QC QD QH QS QC QD QH QS",
            [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        // N1 and N2 swapped (both under queens): the same future, the same key.
        let b = position(
            "QC QD QH QS QC QD QH QS",
            [eleven, ten, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key_text(&a), g.key_text(&b));
        // Under different balcony values the counts are not interchangeable.
        let c = position(
            "QC JD QH QS QC QD QH QS",
            [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        let d = position(
            "QC JD QH QS QC QD QH QS",
            [eleven, ten, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        assert_ne!(g.key(&c), g.key(&d));
        // Suits do not matter; order, ranks and the counter do.
        let e = position(
            "QC QD QH QS QC QD QH QS",
            [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["AD KC KS KH", "", "", "", "", "", "", ""],
            9,
        );
        assert_eq!(g.key(&a), g.key(&e));
        for other in [
            ["KH AS KS KC", "", "", "", "", "", "", ""],
            ["AS KH KS", "KC", "", "", "", "", "", ""],
        ] {
            let f = position(
                "QC QD QH QS QC QD QH QS",
                [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
                other,
                9,
            );
            assert_ne!(g.key(&a), g.key(&f));
        }
        let mut h = a;
        h.next = 8;
        assert_ne!(g.key(&a), g.key(&h));
        // Before the round begins (next:1) the lengths stand for the packets.
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let mut t = s;
        play(&g, &mut t, "g1>n1");
        let mut u = s;
        play(&g, &mut u, "g1>n2");
        assert_eq!(g.key(&t), g.key(&u)); // N1 to N8 all under queens
        let mut w = s;
        play(&g, &mut w, "g2>n1");
        assert_ne!(g.key(&t), g.key(&w));
        let mut v = s;
        play(&g, &mut v, "g1>n1");
        play(&g, &mut v, "g1>n1");
        assert_ne!(g.key(&t), g.key(&v));
    }

    #[test]
    fn display_shows_every_place() {
        let g = GreatThirteen;
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let d = g.display(&s);
        assert!(d.lines().count() >= 12);
        assert!(d.contains("B1 QC") && d.contains("N1 --") && d.contains("G8: KS AS"));
    }

    #[test]
    fn random_walks() {
        let g = GreatThirteen;
        for seed in 1..=20u64 {
            let (cards, rng) = g.info().pack.shuffled(seed);
            let mut s = g.start(cards, rng).unwrap();
            let mut pick = SplitMix64::new(seed ^ 0x5eed);
            for _ in 0..200 {
                let m = distinct_texts(&g, &s);
                let placed: usize = s.numerals.iter().map(|p| p.len()).sum();
                assert_eq!(placed + s.ground.iter().map(|p| p.len()).sum::<usize>(), 96);
                if g.is_won(&s) {
                    assert!(m.is_empty());
                    break;
                }
                if m.is_empty() {
                    assert_eq!(s.next, 9, "a game only ends once the re-deal round is over");
                    break;
                }
                let k = (pick.next_u64() % m.len() as u64) as usize;
                play(&g, &mut s, &m[k]);
                assert!(g.key_text(&s).split(' ').count() == 25);
                assert!(!g.display(&s).is_empty());
            }
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&GreatThirteen, 1..81, 120, 20, 2_000);
        eprintln!("{a:?}");
        assert!(a.won >= 15 && a.lost >= 50, "{a:?}");
    }
}
