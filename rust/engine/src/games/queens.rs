//! THE QUEENS (`queens`), from `rules/queens.md`.
//!
//! Over the 400-line budget (about 520) because three solver arguments are the game's own,
//! not the parts' standard ones, and carry their proofs here (some 50 lines of proof and
//! 60 of code): the safe plays (`safe_found`), the dead test (`key_blocked`) and the stock
//! macro with its commuting argument (`solver_moves`); and the display is the game's own.
//!
//! # Layout and deal
//! Cards 1-32 (of two packs) form the key, card 32 on top and only the top usable; the
//! pack is cards 33-104. While the key's top is a queen, its top `min(14, size)` cards go
//! under the pack in their order (setup only). The shutter S1-S7 (rows S1-S4, S5-S7) is
//! dealt from the pack; a king dealt there goes at once to the lowest free place of F1-F8
//! and the same place gets the next card (CONVENTIONS 4.5). The talon starts empty.
//!
//! # Foundations
//! Eight piles built K, A, 2, ..., J, Q in suit (a [`Ladder`] with that sequence); a king
//! goes to the lowest free place, another card onto any pile of its suit that takes it.
//!
//! # Piles and availability
//! The key top goes only to a foundation; a shutter top, or the talon top, to a foundation
//! or married onto a packet's top ([`Build::DOWN_IN_SUIT`]). `turn` while the pack has cards.
//!
//! # Spaces
//! An emptied packet is refilled at once from the talon top, else the pack top, else never.
//!
//! # Pack, talon and re-deals
//! `C` counts the queens in the talon turned during this pass: up when `turn` shows one,
//! down when one leaves the talon top while `C >= 1`, 0 after a payment. `pay` (pack empty,
//! `C >= 1`): from the talon bottom until `3 x C` non-queens are taken (queens met go too),
//! they become the pack, the first taken turned first ([`Stock::redeal_bottom`]).
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is legal.
//!
//! # Solver
//! A payment rotates the [`Stock`]'s turning order and the state adds the rotations up, so
//! (cards left, cursor, rotation) is exact. Shutter places are interchangeable, as are the
//! piles of a suit (both sorted in the key). The safe plays are not the standard argument
//! of [`crate::parts::safe`] (compulsory refills and two piles per suit break it), and the
//! dead test is a search over each suit's two piles, not a [`crate::parts::relax`] fixed
//! point. Most deals fail the dead test at once.

use crate::card::{Card, KING, QUEEN};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{sort_among, BitWriter, Build, Dealer};
use crate::parts::{Base, Ladder, Ladders, Pile, Stock, StockRule};
use At::S;

pub const SLUG: &str = "queens";
/// The key as dealt, and the cards a queen on its top sends under the pack.
const KEY: usize = 32;
const KEY_PAYMENT: usize = 14;
const SHUTTER: usize = 7;
const PLACES: usize = 8;
/// A packet holds at most a king down to the ace; the stock, all but the shutter.
const PACKET: usize = 13;
const STOCK: usize = 104 - SHUTTER;
const MARRY: Build = Build::DOWN_IN_SUIT;
const TURN: StockRule = StockRule::ONE_PASS;
const ORDER: [u8; 13] = [KING, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, QUEEN];
const FOUNDATION: Ladder = Ladder {
    ranks: Some(&ORDER),
    base: Base::Rank(KING),
    ..Ladder::ACE_UP
};
const OPTIONS: &[Opt] = &[];
/// Where cards are played from, in the order of the move list.
const SOURCES: [At; 9] = [At::Key, S(0), S(1), S(2), S(3), S(4), S(5), S(6), At::Talon];

/// The game; it has no options.
#[derive(Clone, Debug, Default)]
pub struct Queens;

impl Queens {
    /// Build from user options: there are none, so any name given is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts).map(|_| Queens)
    }
}

/// A position of the game.
#[derive(Copy, Clone, Debug)]
pub struct State {
    key: Pile<KEY>,
    /// Each packet is its bottom card with a run down in suit on it.
    shutter: [Pile<PACKET>; SHUTTER],
    found: Ladders<PLACES>,
    stock: Stock<STOCK>,
    /// The sum of the stock's rotations (modulo its size), for the key.
    rot: u8,
    /// The counter C.
    queens: u8,
}

/// A place named by a move (0-based: `S(0)` is S1).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum At {
    Key,
    S(u8),
    F(u8),
    Talon,
}

/// One move; `turns` > 0 only in the solver's macro moves (that many turns first).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Turn,
    Pay { turns: u8 },
    Play { from: At, to: At, turns: u8 },
}

impl Move {
    pub fn new(from: At, to: At) -> Move {
        Move::Play { from, to, turns: 0 }
    }
    /// The turns a macro move makes first, and the move it then makes.
    fn split(self) -> (u8, Move) {
        match self {
            Move::Turn => (0, self),
            Move::Pay { turns } => (turns, Move::Pay { turns: 0 }),
            Move::Play { from, to, turns } => (turns, Move::new(from, to)),
        }
    }
}

impl State {
    #[inline]
    fn top(&self, a: At) -> Option<Card> {
        match a {
            At::Key => self.key.top(),
            S(i) => self.shutter[i as usize].top(),
            At::F(_) => None,
            At::Talon => self.stock.talon_top(),
        }
    }
    /// Take a top card; a queen leaving the talon lowers C.
    #[inline]
    fn take(&mut self, a: At) -> Option<Card> {
        let c = match a {
            At::Key => self.key.pop(),
            S(i) => self.shutter[i as usize].pop(),
            _ => self.stock.take_talon(),
        };
        let queen = a == At::Talon && c.is_some_and(|c| c.rank() == QUEEN);
        self.queens -= u8::from(queen && self.queens > 0);
        c
    }
    #[inline]
    fn turn(&mut self) {
        self.stock.turn(&TURN);
        self.queens += u8::from(self.top(At::Talon).is_some_and(|c| c.rank() == QUEEN));
    }
    /// The payment: from the talon bottom until `3 x C` non-queens are taken.
    fn pay(&mut self) {
        let mut need = 3 * self.queens;
        let taken = self.stock.talon().take_while(|c| {
            let take = need > 0;
            need -= u8::from(take && c.rank() != QUEEN);
            take
        });
        let r = self.stock.redeal_bottom(taken.count());
        self.rot = ((usize::from(self.rot) + r) % STOCK) as u8;
        self.queens = 0;
    }
    /// The automatic step: empty shutter places take the talon top, else the pack top.
    #[inline]
    fn refill(&mut self) {
        for i in 0..SHUTTER {
            if self.shutter[i].is_empty() {
                if let Some(c) = self.take(At::Talon).or_else(|| self.stock.take_pack()) {
                    self.shutter[i].push(c);
                }
            }
        }
    }
}

/// Shutter places whose top takes `c` in marriage (other than `from`), passed to `f`.
#[inline]
fn each_marriage(s: &State, c: Card, from: At, mut f: impl FnMut(At)) {
    for to in (0..SHUTTER as u8).map(S).filter(|&to| to != from) {
        if s.top(to).is_some_and(|t| MARRY.fits(t, c)) {
            f(to);
        }
    }
}

/// Is playing `c` to the first foundation place that takes it now provably safe, when `c`
/// is the key top (`from_key`) or the top of a packet of two or more? Returns that place.
///
/// Proofs. Of the two copies of a card c (rank r < K, suit s) one ends on each pile of suit
/// s. Let A take c now (A shows r - 1), B be the other pile of suit s, and L a winning line
/// that plays c at time t2.
/// 1. A king from the key: kings never compete for places (8 of each) and a key card only
///    goes to a foundation, so L stays legal with the king gone now.
/// 2. Key card c, when B holds r cards or more, or c' lies in the key under c. The key does
///    not move before t2. If c' is in the key or on B, nothing goes on a pile showing r - 1
///    before t2, so L stays legal with c on A, and at t2 the positions coincide (up to
///    which pile of suit s is which). If A and B both show r - 1 and L plays c' before t2,
///    call its pile B; we do the same, and L must then put c on A. Higher piles never
///    forbid a move.
/// 3. Shutter top c over c + 1, when B holds r or more: nothing is ever married onto c, and
///    only c and c' go on a c + 1. Follow L without its moves of c: the positions differ in
///    one packet showing c over c + 1 in L and c + 1 here; L's marriages of c move that
///    difference to a packet of the same kind, and L never marries onto c, moves the c + 1
///    or empties that packet, so L's other moves are legal here and refill alike.
fn safe_found(s: &State, c: Card, from_key: bool) -> Option<u8> {
    let a = FOUNDATION.first_dest(&s.found, c)?;
    if c.rank() == KING {
        return from_key.then_some(a as u8);
    }
    let same = |p: &usize| *p != a && s.found.top(*p).is_some_and(|t| t.suit() == c.suit());
    let b = (0..PLACES).filter(same).map(|p| s.found.count(p)).max();
    let under = &s.key.cards()[..s.key.len().saturating_sub(1)];
    (b.unwrap_or(0) >= c.rank() || from_key && under.contains(&c)).then_some(a as u8)
}

/// True when the key can never be played out, so the game cannot be won.
///
/// Positions on a pile: K = 0, A = 1, .., Q = 12. Key cards leave only for the foundations,
/// top first, so in a winning line the key cards of a suit go, in key order, each onto a
/// pile of that suit whose length is then its position; between those plays the two piles
/// only grow, and never hold a card still in the key: for every position q, piles holding
/// q + copies of q in the key <= 2. For each suit we follow every way of giving its key
/// cards in order to its two piles (growing a pile only just before it takes a key card,
/// which is never worse), checking that count as the pile grows. Cards outside the key
/// count as always at hand, so only lost positions are found.
fn key_blocked(s: &State) -> bool {
    let pos = |c: &Card| c.rank() % KING;
    let heights = s.found.suit_counts::<2>();
    (0..4u8).any(|su| {
        let mut rem = [0u8; 13];
        let key = s.key.cards().iter().rev().filter(|c| c.suit() == su);
        key.clone().for_each(|c| rem[pos(c) as usize] += 1);
        // Reachable pile lengths: bit `longer` of `cur[shorter]`.
        let [a, b] = heights[su as usize];
        let mut cur = [0u16; 14];
        cur[a.min(b) as usize] = 1 << a.max(b);
        for p in key.map(pos) {
            let mut next = [0u16; 14];
            for lo in 0..14u8 {
                let mut m = cur[lo as usize];
                while m != 0 {
                    let hi = m.trailing_zeros() as u8;
                    m &= m - 1;
                    for (h, o) in [(lo, hi), (hi, lo)] {
                        if h <= p && (h..p).all(|q| 1 + u8::from(o > q) + rem[q as usize] <= 2) {
                            next[o.min(p + 1) as usize] |= 1 << o.max(p + 1);
                        }
                    }
                }
            }
            if next == [0; 14] {
                return true;
            }
            rem[p as usize] -= 1;
            cur = next;
        }
        false
    })
}

impl Game for Queens {
    type State = State;
    type Move = Move;
    /// Bits: key length 6 (the dealt key cut down from the top); the packets as (bottom card
    /// index << 4 | length), 10 each, sorted; per suit the counts of its two piles, sorted,
    /// 4 each; the stock's cards left (97) in its turning order (the dealt one rotated by
    /// `rot`), `rot` (7) and its cursor (7); C (4). 223 bits.
    type Key = [u64; 4];

    fn info(&self) -> GameInfo {
        game_info(SLUG, "The Queens", PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let (expected, got) = (104, cards.len());
        if got != expected {
            return Err(EngineError::WrongCount { expected, got });
        }
        let mut d = Dealer::new(&cards);
        let mut key = Pile::of(d.take(KEY), 0);
        let mut pack = d.rest().to_vec();
        while key.top().is_some_and(|c| c.rank() == QUEEN) {
            let n = KEY_PAYMENT.min(key.len());
            pack.extend_from_slice(&key.cards()[key.len() - n..]);
            key.truncate_top(n);
        }
        let (mut found, mut shutter) = (Ladders::new(), [Pile::new(); SHUTTER]);
        let mut d = Dealer::new(&pack);
        for packet in &mut shutter {
            let c = d.next_staying(|c| {
                let king = FOUNDATION
                    .first_dest(&found, c)
                    .filter(|_| c.rank() == KING);
                king.map(|p| FOUNDATION.put(&mut found, p, c)).is_some()
            });
            let bad = || EngineError::BadDeal("the pack ran out during the shutter deal".into());
            packet.push(c.ok_or_else(bad)?);
        }
        let (stock, rot, queens) = (Stock::new(d.rest()), 0, 0);
        Ok(State {
            key,
            shutter,
            found,
            stock,
            rot,
            queens,
        })
    }

    /// In a fixed order: key, shutter and talon to the foundations, then marriages from
    /// the shutter and from the talon, then `turn` and `pay`.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.is_won(s) {
            return;
        }
        let mut to = [0u8; PLACES];
        for (from, c) in SOURCES.map(|a| (a, s.top(a))) {
            let n = c.map_or(0, |c| FOUNDATION.dests(&s.found, c, &mut to));
            out.extend(to[..n].iter().map(|&p| Move::new(from, At::F(p))));
        }
        for (from, c) in SOURCES[1..].iter().map(|&a| (a, s.top(a))) {
            if let Some(c) = c {
                each_marriage(s, c, from, |to| out.push(Move::new(from, to)));
            }
        }
        let (pack, talon) = (s.stock.pack_len(), s.stock.talon_len());
        out.extend((pack > 0).then_some(Move::Turn));
        out.extend((pack == 0 && talon > 0 && s.queens > 0).then_some(Move::Pay { turns: 0 }));
    }

    fn play(&self, s: &mut State, m: Move) {
        let (turns, m) = m.split();
        for _ in 0..turns {
            s.turn();
        }
        match m {
            Move::Turn => s.turn(),
            Move::Pay { .. } => s.pay(),
            Move::Play { from, to, .. } => match (s.take(from), to) {
                (Some(c), At::F(p)) => FOUNDATION.put(&mut s.found, p.into(), c),
                (Some(c), S(i)) => s.shutter[i as usize].push(c),
                _ => {}
            },
        }
        s.refill();
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATION.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let place = |a| match a {
            S(i) => Place::at("S", i.into()),
            At::F(p) => Place::at("F", p.into()),
            a => Place::named(if a == At::Key { "key" } else { "talon" }),
        };
        let text = match m.split() {
            (_, Move::Play { from, to, .. }) => move_text(place(from), place(to)),
            (_, m) => (if m == Move::Turn { "turn" } else { "pay" }).into(),
        };
        match m.split().0 {
            0 => text,
            k => format!("turn*{k}+{text}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        k.pile(Place::named("key"), s.key.cards(), 0);
        for (i, p) in s.shutter.iter().enumerate() {
            k.pile(Place::at("S", i), p.cards(), 0);
        }
        for p in 0..PLACES {
            k.pile(Place::at("F", p), &FOUNDATION.cards(&s.found, p), 0);
        }
        let (pack, talon): (Vec<_>, Vec<_>) = (s.stock.pack().collect(), s.stock.talon().collect());
        k.pile(Place::named("pack"), &pack, pack.len());
        k.pile(Place::named("talon"), &talon, 0)
            .field("queens", s.queens);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let top = |c: Option<Card>| c.map_or("--".to_string(), |c| c.to_string());
        let mut pic = Picture::new();
        pic.tops(
            "Foundations",
            (0..PLACES).map(|p| (Place::at("F", p), s.found.top(p))),
        );
        pic.line("Shutter:");
        for row in [0..4, 4..SHUTTER] {
            let packet = |i: usize| match s.shutter[i].cards() {
                [] => format!("S{}: --", i + 1),
                cards => cards
                    .iter()
                    .fold(format!("S{}:", i + 1), |t, c| format!("{t} {c}")),
            };
            pic.line(&format!(
                "  {}",
                row.map(packet).collect::<Vec<_>>().join("   ")
            ));
        }
        let (n, t) = (s.key.len(), s.stock.talon_len());
        let plural = if n == 1 { "" } else { "s" };
        pic.line(&format!("Key: {} ({n} card{plural})", top(s.key.top())));
        let under = (t > 1).then(|| format!(" (+{} beneath)", t - 1));
        let (pack, talon, q) = (s.stock.pack_len(), top(s.stock.talon_top()), s.queens);
        let under = under.unwrap_or_default();
        pic.line(&format!(
            "Pack: {pack} cards   Talon: {talon}{under}   Queens counted: {q}"
        ));
        pic.finish()
    }

    fn key(&self, s: &State) -> [u64; 4] {
        let mut w = BitWriter::<4>::new();
        w.put(s.key.len() as u64, 6);
        let code = |p: &Pile<PACKET>| p.bottom().map_or(0, |b| (b.index() << 4 | p.len()) as u64);
        let mut packets = s.shutter.each_ref().map(code);
        sort_among(&mut packets, |_| true);
        packets.into_iter().for_each(|c| w.put(c, 10));
        let mut heights = s.found.suit_counts::<2>();
        for pair in &mut heights {
            sort_among(pair, |_| true);
            pair.iter().for_each(|&h| w.put(h.into(), 4));
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, STOCK - 64);
        let (rot, cursor, queens) = (u64::from(s.rot), u64::from(cursor), u64::from(s.queens));
        w.put(rot << 11 | cursor << 4 | queens, 18);
        w.finish()
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        if key_blocked(s) {
            return None;
        }
        let long =
            |a: &&At| **a == At::Key || matches!(a, S(i) if s.shutter[*i as usize].len() > 1);
        SOURCES[..8].iter().filter(long).find_map(|&a| {
            let p = safe_found(s, s.top(a)?, a == At::Key)?;
            Some(Move::new(a, At::F(p)))
        })
    }

    /// Nothing when a key card can never be played (`key_blocked`).
    ///
    /// Turns are macro moves: "turn k times, then a move that uses the stock" (a talon play,
    /// the payment, or a shutter move emptying its place, whose refill takes the talon or
    /// pack top). Every other move (key plays, shutter moves leaving a card behind) neither
    /// reads nor changes pack, talon or C, and a turn changes nothing else: they commute. So
    /// in a winning line each run of turns can be put off until just before the next move
    /// that uses the stock, and no line ends with turns. The talon tops after k turns are
    /// [`Stock::reachable_tops`] (one pass: a payment is a move of its own). A card fitting
    /// two piles goes to the first only: both show the same card and the key sorts them.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if key_blocked(s) {
            return;
        }
        let empties = |i: &u8| !s.stock.is_empty() && s.shutter[*i as usize].len() == 1;
        let plays = |out: &mut Vec<Move>, from, c: Option<Card>, founds: bool, turns| {
            let mut push = |to| out.push(Move::Play { from, to, turns });
            match c {
                Some(c) if founds => {
                    if let Some(p) = FOUNDATION.first_dest(&s.found, c) {
                        push(At::F(p as u8));
                    }
                }
                Some(c) => each_marriage(s, c, from, push),
                None => {}
            }
        };
        // Plays that leave the stock alone; then the macros, first those ending on a
        // foundation, for k = 0, 1, ... turns; then the marriages that leave the stock alone.
        for from in [At::Key]
            .into_iter()
            .chain((0..7).filter(|i| !empties(i)).map(S))
        {
            plays(out, from, s.top(from), true, 0);
        }
        let last = s.stock.pack_len() as u8;
        for founds in [true, false] {
            let at = |out: &mut Vec<Move>, turns: u8, top: Option<Card>, queens: u8| {
                plays(out, At::Talon, top, founds, turns);
                for from in (0..7).filter(empties).map(S) {
                    plays(out, from, s.top(from), founds, turns);
                }
                if !founds && turns == last && top.is_some() && queens > 0 {
                    out.push(Move::Pay { turns });
                }
            };
            if s.stock.talon_len() == 0 {
                at(out, 0, None, s.queens);
            }
            let mut queens = s.queens;
            s.stock.reachable_tops(&TURN, |c, turns| {
                queens += u8::from(turns > 0 && c.rank() == QUEEN);
                at(out, turns, Some(c), queens);
            });
        }
        for from in (0..7).filter(|i| !empties(i)).map(S) {
            plays(out, from, s.top(from), false, 0);
        }
    }

    fn expand(&self, _s: &State, m: Move, out: &mut Vec<Move>) {
        let (turns, m) = m.split();
        out.extend(std::iter::repeat_n(Move::Turn, turns.into()));
        out.push(m);
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits, Verdict};
    use crate::testing::{self, cards, play, pruning_agrees, solve_limited, texts, unshuffled};
    use std::sync::atomic::AtomicBool;

    /// A position from its parts: key bottom to top, shutter packets bottom to top,
    /// foundations king first, pack in dealing order (next card first), talon bottom to
    /// top, and C.
    fn position(
        key: &str,
        shutter: [&str; 7],
        found: [&str; 8],
        pack: &str,
        talon: &str,
        queens: u8,
    ) -> State {
        let mut s = empty();
        s.key = Pile::of(&cards(key), 0);
        for (i, t) in shutter.iter().enumerate() {
            let p = cards(t);
            for (k, c) in p.iter().enumerate() {
                assert!(k == 0 || MARRY.fits(p[k - 1], *c));
            }
            s.shutter[i] = Pile::of(&p, 0);
        }
        for (p, t) in found.iter().enumerate() {
            for c in cards(t) {
                FOUNDATION.put(&mut s.found, p, c);
            }
        }
        set_stock(&mut s, &cards(talon), &cards(pack));
        s.queens = queens;
        s
    }

    /// A position with nothing anywhere.
    fn empty() -> State {
        State {
            key: Pile::new(),
            shutter: [Pile::new(); SHUTTER],
            found: Ladders::new(),
            stock: Stock::new(&[]),
            rot: 0,
            queens: 0,
        }
    }

    /// Set the stock: `talon` bottom to top and `pack` in dealing order (top first).
    fn set_stock(s: &mut State, talon: &[Card], pack: &[Card]) {
        let all: Vec<Card> = talon.iter().chain(pack).copied().collect();
        s.stock = Stock::new(&all);
        for _ in talon {
            s.stock.turn(&TURN);
        }
    }

    /// Pile text of one suit's foundation from the king up to `top` (rank).
    fn pile(suit: char, top: u8) -> String {
        let mut t = format!("K{suit}");
        for r in 1..=top {
            t.push(crate::card::RANK_CHARS[r as usize - 1] as char);
            t.push(suit);
        }
        t
    }

    #[test]
    fn options_are_refused() {
        assert!(Queens::from_options(&[]).is_ok());
        let opts = [("draw".to_string(), crate::game::OptValue::Int(1))];
        assert!(Queens::from_options(&opts).is_err());
    }

    #[test]
    fn deal_of_the_unshuffled_packs() {
        // Cards 1-32 are AC..KC, AD..KD, AH..6H: the key, 6H on top (not a queen). The pack
        // is 7H (33) .. KS (104). Shutter: 7H 8H 9H TH JH QH to S1-S6; KH (39) goes to F1
        // and S7 gets AS (40). The pack is then cards 41-104: 2S..KS, then the second pack.
        let g = Queens;
        let s = g
            .start(unshuffled(PackSpec::Standard(2)), SplitMix64::new(0))
            .unwrap();
        let mut want = String::from("key:");
        want.push_str("AC2C3C4C5C6C7C8C9CTCJCQCKC");
        want.push_str("AD2D3D4D5D6D7D8D9DTDJDQDKD");
        want.push_str("AH2H3H4H5H6H");
        want.push_str(
            " S1:7H S2:8H S3:9H S4:TH S5:JH S6:QH S7:AS F1:KH F2: F3: F4: F5: F6: F7: F8:",
        );
        // Pack bottom to top: KS QS .. AS, KH .. AH, KD .. AD, KC .. AC of the second pack,
        // then KS QS .. 2S of the first.
        want.push_str(" pack:");
        want.push_str("ksqsjsts9s8s7s6s5s4s3s2sas");
        want.push_str("khqhjhth9h8h7h6h5h4h3h2hah");
        want.push_str("kdqdjdtd9d8d7d6d5d4d3d2dad");
        want.push_str("kcqcjctc9c8c7c6c5c4c3c2cac");
        want.push_str("ksqsjsts9s8s7s6s5s4s3s2s");
        want.push_str(" talon: queens:0");
        assert_eq!(g.key_text(&s), want);
        // Marriages down the heart run, and turn. The key top 6H fits no foundation (F1
        // shows KH, it takes an ace) and AS has no spade pile.
        assert_eq!(
            texts(&g, &s),
            ["s1>s2", "s2>s3", "s3>s4", "s4>s5", "s5>s6", "turn"]
        );
    }

    #[test]
    fn queens_on_the_key_go_under_the_pack() {
        // Queens placed as cards 32 (QC), 18 (QD) and 4 (QH), by exchanging them with
        // cards 12, 25 and 38 of the unshuffled order. Key top QC: cards 19-32 go under
        // the pack; the top is then card 18, QD: cards 5-18 go under; then card 4, QH: the
        // last four cards go too. The key is empty and the pack reads 33..104, 19..32,
        // 5..18, 1..4 in dealing order.
        let mut v = unshuffled(PackSpec::Standard(2));
        v.swap(31, 11);
        v.swap(17, 24);
        v.swap(3, 37);
        let g = Queens;
        let s = g.start(v, SplitMix64::new(0)).unwrap();
        let key = g.key_text(&s);
        // Shutter: 33 7H, 34 8H, 35 9H, 36 TH, 37 JH, 38 4C (exchanged), 39 KH to F1, 40 AS.
        assert!(
            key.starts_with("key: S1:7H S2:8H S3:9H S4:TH S5:JH S6:4C S7:AS F1:KH F2: "),
            "{key}"
        );
        // Pack bottom to top: 4 3 2 1 (QH 3C 2C AC), 18 .. 5, 32 .. 19, then 104 .. 41.
        let tail = concat!(
            "pack:qh3c2cac",
            "qd4d3d2dadkc6hjctc9c8c7c6c5c",
            "qc5h4h3h2hahkd5djdtd9d8d7d6d",
            "ksqsjsts9s8s7s6s5s4s3s2sas"
        );
        assert!(key.contains(tail), "{key}");
        assert!(key.ends_with("4s3s2s talon: queens:0"), "{key}");
    }

    #[test]
    fn one_queen_on_the_key_moves_fourteen_cards() {
        // Only card 32 a queen (QC from card 12): cards 19-32 go to the end of the pack,
        // card 18 (5D) is the new top of an 18-card key.
        let mut v = unshuffled(PackSpec::Standard(2));
        v.swap(31, 11);
        let g = Queens;
        let s = g.start(v, SplitMix64::new(0)).unwrap();
        assert_eq!(s.key.len(), 18);
        assert_eq!(s.key.top(), Some(Card::parse("5D").unwrap()));
        let key = g.key_text(&s);
        assert!(key.contains("pack:qc5h4h3h2hahkdqdjdtd9d8d7d6dks"), "{key}");
    }

    #[test]
    fn kings_go_to_the_lowest_free_place_and_piles_of_a_suit_both_take() {
        // F1 KC, F2 free, F3 KD, F4 KH A..4H, F5 KH A..4H. The key shows KS: to F2 only.
        // S2 shows 5H: two moves (F4 or F5). The talon shows KC: to F2 as well. S3-S7
        // hold cards that fit nowhere.
        let g = Queens;
        let mut s = position(
            "3C KS",
            ["9D 8D 7D 6D 5D", "6H 5H", "9S", "7C", "JD", "TC", "QS"],
            [
                "KC",
                "",
                "KD",
                &pile_words('H', 4),
                &pile_words('H', 4),
                "",
                "",
                "",
            ],
            "",
            "2S KC",
            0,
        );
        assert_eq!(texts(&g, &s), ["key>f2", "s2>f4", "s2>f5", "talon>f2"]);
        play(&g, &mut s, "key>f2");
        // KC now goes to F6, the lowest free place.
        assert_eq!(texts(&g, &s), ["s2>f4", "s2>f5", "talon>f6"]);
        play(&g, &mut s, "s2>f5");
        assert_eq!(
            g.key_text(&s),
            format!(
                "key:3C S1:9D8D7D6D5D S2:6H S3:9S S4:7C S5:JD S6:TC S7:QS F1:KC F2:KS F3:KD F4:{} F5:{} \
                 F6: F7: F8: pack: talon:2SKC queens:0",
                pile('H', 4),
                pile('H', 5)
            )
        );
        // Now 6H fits F5 only.
        assert_eq!(texts(&g, &s), ["s2>f5", "talon>f6"]);
    }

    /// Foundation words "KH AH 2H .." up to rank `top`.
    fn pile_words(suit: char, top: u8) -> String {
        let p = pile(suit, top);
        let b = p.as_bytes();
        b.chunks(2)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn marriages_and_refills() {
        // S1 holds 8S alone, S2 9S, S3 8S, S4 JD, S5-S7 cards that fit nowhere; talon
        // 3D QD (C = 1), pack 5C (next) 6C.
        let g = Queens;
        let mut s = position(
            "",
            ["8S", "9S", "8S", "JD", "2H", "4S", "7H"],
            ["KS", "", "", "", "", "", "", ""],
            "5C 6C",
            "3D QD",
            1,
        );
        // 8S onto 9S from S1 or S3; the talon's QD cannot go on JD (the queen is higher).
        assert_eq!(texts(&g, &s), ["s1>s2", "s3>s2", "turn"]);
        // S1 empties and is refilled at once from the talon top: the queen, C goes to 0.
        play(&g, &mut s, "s1>s2");
        assert_eq!(
            g.key_text(&s),
            "key: S1:QD S2:9S8S S3:8S S4:JD S5:2H S6:4S S7:7H F1:KS F2: F3: F4: F5: F6: F7: F8: \
             pack:6c5c talon:3D queens:0"
        );
        // JD marries onto QD.
        assert_eq!(texts(&g, &s), ["s4>s1", "turn"]);
        play(&g, &mut s, "s4>s1");
        // S4 refilled with 3D, the talon is empty.
        assert!(g.key_text(&s).contains("S1:QDJD S2:9S8S S3:8S S4:3D S5:2H"));
        assert!(g.key_text(&s).ends_with("pack:6c5c talon: queens:0"));
        // Turn 5C: it fits nowhere.
        play(&g, &mut s, "turn");
        assert!(g.key_text(&s).ends_with("pack:6c talon:5C queens:0"));
        assert_eq!(texts(&g, &s), ["turn"]);
        // The last card: talon 5C 6C, pack empty, C = 0: no payment, the game is over.
        play(&g, &mut s, "turn");
        assert!(texts(&g, &s).is_empty());
        assert!(!g.is_won(&s));
    }

    #[test]
    fn refill_from_the_pack_and_places_that_stay_empty() {
        // Talon empty: the pack's top card refills (taken directly, not turned).
        let g = Queens;
        let mut s = position(
            "",
            ["AD", "9S", "4C", "6H", "TC", "2H", "8D"],
            ["KD", "", "", "", "", "", "", ""],
            "QS 7C",
            "",
            0,
        );
        play(&g, &mut s, "s1>f1");
        assert!(g.key_text(&s).contains("S1:QS S2:"));
        assert!(g.key_text(&s).ends_with("pack:7c talon: queens:0"));
        // A queen refilled from the pack is not counted.
        assert_eq!(texts(&g, &s), ["turn"]);
        // With pack and talon empty, a place emptied stays empty.
        let mut s = position(
            "",
            ["AD", "", "", "", "", "", ""],
            ["KD", "", "", "", "", "", "", ""],
            "",
            "",
            0,
        );
        play(&g, &mut s, "s1>f1");
        assert!(g.key_text(&s).starts_with("key: S1: S2:"));
        assert!(texts(&g, &s).is_empty());
    }

    #[test]
    fn counting_queens_and_the_payment() {
        // Pack QH (next) then 2S; talon 2C QD 3C 4C 5C 6C with C = 0 (QD is from an earlier
        // pass). S2-S7 hold cards that fit nowhere.
        let g = Queens;
        let mut s = position(
            "",
            ["9S", "8D", "9H", "JS", "5H", "7S", "TD"],
            ["KC", "", "", "", "", "", "", ""],
            "QH 2S",
            "2C QD 3C 4C 5C 6C",
            0,
        );
        play(&g, &mut s, "turn");
        assert!(g
            .key_text(&s)
            .ends_with("pack:2s talon:2CQD3C4C5C6CQH queens:1"));
        play(&g, &mut s, "turn");
        // Pack empty, C = 1: the payment takes 2C, QD (not counted), 3C, 4C. New pack: 2C
        // first.
        assert_eq!(texts(&g, &s), ["pay"]);
        play(&g, &mut s, "pay");
        assert!(g
            .key_text(&s)
            .ends_with("pack:4c3cqd2c talon:5C6CQH2S queens:0"));
        // Turning the pack again: QD counts now (it was turned in this pass).
        play(&g, &mut s, "turn");
        play(&g, &mut s, "turn");
        assert!(g
            .key_text(&s)
            .ends_with("pack:4c3c talon:5C6CQH2S2CQD queens:1"));
        play(&g, &mut s, "turn");
        play(&g, &mut s, "turn");
        // Payment from a talon holding two queens but C = 1: three non-queens, 5C 6C QH 2S.
        assert_eq!(texts(&g, &s), ["pay"]);
        play(&g, &mut s, "pay");
        assert!(g
            .key_text(&s)
            .ends_with("pack:2sqh6c5c talon:2CQD3C4C queens:0"));
        // A talon shorter than the payment is taken whole.
        let mut s = position(
            "",
            ["9S", "8D", "9H", "JS", "5H", "7S", "TD"],
            ["KC", "", "", "", "", "", "", ""],
            "",
            "2C QD 3C",
            2,
        );
        play(&g, &mut s, "pay");
        assert!(g.key_text(&s).ends_with("pack:3cqd2c talon: queens:0"));
    }

    #[test]
    fn a_queen_leaving_the_talon_lowers_the_count() {
        // Talon JD QH QH (C = 2, both turned this pass); S1 shows KH. QH marries onto KH,
        // C = 1; the next QH cannot marry (S1 now shows QH), it goes to F1 (KH .. JH).
        let g = Queens;
        let mut s = position(
            "",
            ["KH", "9C", "4S", "6D", "3C", "TS", "7H"],
            [&pile_words('H', 11), "", "", "", "", "", "", ""],
            "",
            "JD QH QH",
            2,
        );
        // (The king of S1 may also go to F2, the lowest free place.)
        assert_eq!(texts(&g, &s), ["s1>f2", "talon>f1", "talon>s1", "pay"]);
        play(&g, &mut s, "talon>s1");
        assert!(g.key_text(&s).ends_with("talon:JDQH queens:1"));
        play(&g, &mut s, "talon>f1");
        assert!(g.key_text(&s).ends_with("talon:JD queens:0"));
        assert!(texts(&g, &s).is_empty());
    }

    #[test]
    fn won_position_has_no_moves() {
        let g = Queens;
        let full = |s: char| pile_words(s, 12);
        let f = [
            full('C'),
            full('C'),
            full('D'),
            full('D'),
            full('H'),
            full('H'),
            full('S'),
            pile_words('S', 11),
        ];
        let mut s = position(
            "QS",
            ["", "", "", "", "", "", ""],
            [&f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]],
            "",
            "",
            0,
        );
        assert_eq!(texts(&g, &s), ["key>f8"]);
        play(&g, &mut s, "key>f8");
        assert!(g.is_won(&s));
        assert!(texts(&g, &s).is_empty());
    }

    /// Every card is somewhere, exactly once.
    fn all_cards(s: &State) -> Vec<Card> {
        let mut all: Vec<Card> = s.key.cards().to_vec();
        for p in &s.shutter {
            all.extend(p.cards());
        }
        for p in 0..PLACES {
            all.extend(FOUNDATION.cards(&s.found, p));
        }
        all.extend(s.stock.pack());
        all.extend(s.stock.talon());
        all.sort();
        all
    }

    /// A random walk from the deal of `seed`, checking card conservation, that each solver
    /// move expands to legal moves with the same result, and that safe moves are legal.
    fn walk(seed: u64, steps: usize) {
        let g = Queens;
        let start = testing::deal(&g, seed);
        let sorted_deal = all_cards(&start);
        assert_eq!(sorted_deal.len(), 104);
        testing::walk(&g, &start, steps, seed ^ 0x5eed, |s| {
            assert_eq!(all_cards(s), sorted_deal);
            if g.is_won(s) {
                assert!(texts(&g, s).is_empty());
            }
            let v = testing::moves(&g, s);
            let mut sv = Vec::new();
            g.solver_moves(s, &mut sv);
            for &m in &sv {
                let mut steps = Vec::new();
                g.expand(s, m, &mut steps);
                let mut x = *s;
                for st in steps {
                    let t = g.move_text(&x, st);
                    play(&g, &mut x, &t);
                }
                let mut y = *s;
                g.play(&mut y, m);
                assert_eq!(g.key_text(&x), g.key_text(&y));
            }
            if let Some(m) = g.safe_move(s) {
                assert!(v.contains(&m));
            }
            let _ = g.display(s);
            let _ = g.key(s);
        });
    }

    #[test]
    fn random_walks() {
        for seed in 1..=20 {
            walk(seed, 3000);
        }
    }

    #[test]
    fn key_separates_and_merges_correctly() {
        // Two like piles of a suit swapped, and two shutter places swapped: same key.
        let g = Queens;
        let a = position(
            "",
            ["9S", "5D", "", "", "", "", ""],
            [
                &pile_words('H', 3),
                &pile_words('H', 5),
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            "2C 3C",
            "4C",
            0,
        );
        let b = position(
            "",
            ["5D", "", "9S", "", "", "", ""],
            [
                &pile_words('H', 5),
                "",
                &pile_words('H', 3),
                "",
                "",
                "",
                "",
                "",
            ],
            "2C 3C",
            "4C",
            0,
        );
        // b's foundations: free F2 between, still the same piles.
        assert_eq!(g.key(&a), g.key(&b));
        // The talon boundary matters.
        let c = position(
            "",
            ["9S", "5D", "", "", "", "", ""],
            [
                &pile_words('H', 3),
                &pile_words('H', 5),
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            "3C",
            "4C 2C",
            0,
        );
        assert_ne!(g.key(&a), g.key(&c));
        // After a payment, a rotated stock differs from the unrotated one.
        let mut d = position(
            "",
            ["9S", "8D", "9H", "JS", "5H", "7S", "TD"],
            ["KC", "", "", "", "", "", "", ""],
            "",
            "2C 3C 4C 5C",
            1,
        );
        let e = d;
        g.play(&mut d, Move::Pay { turns: 0 });
        assert_ne!(g.key(&d), g.key(&e));
        // C = 1: three cards from the bottom, 2C first; 5C stays.
        assert!(g.key_text(&d).ends_with("pack:4c3c2c talon:5C queens:0"));
    }

    #[test]
    fn safe_moves() {
        let g = Queens;
        // Key top 5H, F1 shows 4H, the other heart pile (F2) shows 2H, the other 5H is in
        // the shutter: not safe.
        let s = position(
            "9C 5H",
            ["6H 5H", "", "", "", "", "", ""],
            [
                &pile_words('H', 4),
                &pile_words('H', 2),
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            "",
            "",
            0,
        );
        assert_eq!(g.safe_move(&s), None);
        // The other 5H under it in the key: safe.
        let s = position(
            "5H 5H",
            ["6H", "", "", "", "", "", ""],
            [
                &pile_words('H', 4),
                &pile_words('H', 2),
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            "",
            "",
            0,
        );
        assert_eq!(g.safe_move(&s), Some(Move::new(At::Key, At::F(0))));
        // Both piles show 4H: the key's 5H is safe, and so is the shutter's 5H over 6H.
        let s = position(
            "9C 5H",
            ["6H 5H", "", "", "", "", "", ""],
            [
                &pile_words('H', 4),
                &pile_words('H', 4),
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            "",
            "",
            0,
        );
        assert_eq!(g.safe_move(&s), Some(Move::new(At::Key, At::F(0))));
        let s = position(
            "9C",
            ["6H 5H", "5H", "", "", "", "", ""],
            [
                &pile_words('H', 4),
                &pile_words('H', 4),
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            "",
            "",
            0,
        );
        // S1 (two cards) is safe; S2 (alone, a refill would follow) is not considered.
        assert_eq!(g.safe_move(&s), Some(Move::new(S(0), At::F(0))));
        // A king on the key: safe; a king in the shutter or the talon: not.
        let s = position(
            "KD",
            ["KC", "", "", "", "", "", ""],
            ["", "", "", "", "", "", "", ""],
            "",
            "KS",
            0,
        );
        assert_eq!(g.safe_move(&s), Some(Move::new(At::Key, At::F(0))));
        let s = position(
            "",
            ["KC", "", "", "", "", "", ""],
            ["", "", "", "", "", "", "", ""],
            "",
            "KS",
            0,
        );
        assert_eq!(g.safe_move(&s), None);
    }

    #[test]
    fn key_blocked_cases() {
        let g = Queens;
        let empty = ["", "", "", "", "", "", "", ""];
        let mk = |key| {
            position(
                key,
                ["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
                empty,
                "9C",
                "",
                0,
            )
        };
        // Both 7H under the TH: no heart pile can reach the 9 before the TH is played.
        assert!(key_blocked(&mk("7H 7H TH")));
        assert!(!key_blocked(&mk("7H TH 7H")));
        // TS (top, after KS) needs a pile K..9, which takes the other KS, the other AS and a
        // 6S; the 6S under it then needs a second pile K, A..5, but one AS is on the first
        // pile and the other lies under the 6S.
        assert!(key_blocked(&mk("AS 6S TS KS")));
        // With the 6S at the bottom, the AS is played onto the second pile first: fine.
        assert!(!key_blocked(&mk("6S AS TS KS")));
        // The position is lost at once: the solver does not search it.
        let out = solve(
            &g,
            &mk("AS 6S TS KS"),
            &Limits::default(),
            &AtomicBool::new(false),
        );
        assert_eq!((out.verdict, out.states), (Verdict::Lost, 1));
    }

    #[test]
    fn solver_proves_won_and_lost() {
        let g = Queens;
        let cancel = AtomicBool::new(false);
        // Every pile shows its 4 (it needs a 5). The shutter holds two heart runs Q..6,
        // two club runs, two diamond runs and one spade run, all showing a 6: none can
        // move. The talon: 5S 5S 5H 5H 5C 5C 5D 5D, then 6S .. QS, QS on top; the pack is
        // empty. With C = 0 nothing is legal: lost. With C = 1 the payment takes 5S 5S 5H
        // into the pack; then the fives come out and everything follows: won.
        let four = |su| pile_words(su, 4);
        let mk = |queens| {
            position(
                "",
                [
                    "QH JH TH 9H 8H 7H 6H",
                    "QH JH TH 9H 8H 7H 6H",
                    "QC JC TC 9C 8C 7C 6C",
                    "QC JC TC 9C 8C 7C 6C",
                    "QD JD TD 9D 8D 7D 6D",
                    "QD JD TD 9D 8D 7D 6D",
                    "QS JS TS 9S 8S 7S 6S",
                ],
                [
                    &four('C'),
                    &four('C'),
                    &four('D'),
                    &four('D'),
                    &four('S'),
                    &four('S'),
                    &four('H'),
                    &four('H'),
                ],
                "",
                "5S 5S 5H 5H 5C 5C 5D 5D 6S 7S 8S 9S TS JS QS",
                queens,
            )
        };
        assert!(texts(&g, &mk(0)).is_empty());
        assert_eq!(texts(&g, &mk(1)), ["pay"]);
        let lost = solve(&g, &mk(0), &Limits::default(), &cancel);
        assert_eq!(lost.verdict, Verdict::Lost);
        let won = solve(&g, &mk(1), &Limits::default(), &cancel);
        assert_eq!(won.verdict, Verdict::Won);
        let mut s = mk(1);
        for &m in &won.moves {
            let t = g.move_text(&s, m);
            play(&g, &mut s, &t);
        }
        assert!(g.is_won(&s));
        // With the pack and talon empty, the key decides. F7 shows TH (needs JH), F8 JH
        // (needs QH), the rest is complete; left: JH and two QH. The key JH, QH, QH (top)
        // is lost: one QH to F8, then the other fits nowhere and covers the JH. The key
        // QH, JH, QH (top) is won in three moves.
        let full = |su| pile_words(su, 12);
        let mk_key = |key| {
            position(
                key,
                ["", "", "", "", "", "", ""],
                [
                    &full('C'),
                    &full('C'),
                    &full('D'),
                    &full('D'),
                    &full('S'),
                    &full('S'),
                    &pile_words('H', 10),
                    &pile_words('H', 11),
                ],
                "",
                "",
                0,
            )
        };
        let lost = solve(&g, &mk_key("JH QH QH"), &Limits::default(), &cancel);
        assert_eq!(lost.verdict, Verdict::Lost);
        let out = solve(&g, &mk_key("QH JH QH"), &Limits::default(), &cancel);
        assert_eq!(out.verdict, Verdict::Won);
        assert_eq!(out.moves.len(), 3);
    }

    /// A random position near the end: each pile lacks 0-3 cards, which are
    /// dealt at random to the key (up to 8), the seven shutter places (single cards) and the
    /// stock.
    fn endgame(r: &mut SplitMix64) -> State {
        let mut s = empty();
        let mut left = Vec::new();
        let mut places: Vec<usize> = (0..PLACES).collect();
        r.shuffle(&mut places);
        for (k, &p) in places.iter().enumerate() {
            let su = (k / 2) as u8;
            let lack = (r.next_u64() % 4) as usize;
            for (i, &rank) in ORDER.iter().enumerate() {
                if i < 13 - lack {
                    FOUNDATION.put(&mut s.found, p, Card::new(rank, su));
                } else {
                    left.push(Card::new(rank, su));
                }
            }
        }
        r.shuffle(&mut left);
        let nkey = (r.next_u64() % 9) as usize;
        let mut it = left.into_iter();
        for c in it.by_ref().take(nkey) {
            s.key.push(c);
        }
        for i in 0..SHUTTER {
            if let Some(c) = it.next() {
                s.shutter[i].push(c);
            }
        }
        let rest: Vec<Card> = it.collect();
        let nt = (r.next_u64() % (rest.len() as u64 + 1)) as usize;
        set_stock(&mut s, &rest[..nt], &rest[nt..]);
        let q = rest[..nt].iter().filter(|c| c.rank() == QUEEN).count() as u64;
        s.queens = (r.next_u64() % (q + 1)) as u8;
        s
    }

    #[test]
    fn solver_agrees_with_a_plain_search() {
        // Safe moves, macro turns, the key-blocked test, dropped twin moves and the compact
        // key against a search of every legal move keyed by the full text.
        let cancel = AtomicBool::new(false);
        let mut r = SplitMix64::new(2024);
        let (mut won, mut lost) = (0, 0);
        for _ in 0..400 {
            let s = endgame(&mut r);
            let want = solve_limited(&Queens, &s, 300_000, true).verdict;
            if want == Verdict::Unknown {
                continue;
            }
            let got = solve(&Queens, &s, &Limits::default(), &cancel);
            assert_eq!(got.verdict, want, "{}", Queens.key_text(&s));
            if want == Verdict::Won {
                won += 1;
                testing::assert_replays(&Queens, &s, &got.moves);
            } else {
                lost += 1;
            }
        }
        assert!(won > 40 && lost > 40, "won {won} lost {lost}");
    }

    #[test]
    fn pruning_agrees_on_late_positions() {
        // Real deals: almost all are lost from the start (the key is blocked), so the
        // positions compared are lost ones; a won one does not turn up.
        let a = pruning_agrees(&Queens, 1..61, 240, 30, 1_000);
        assert!(a.lost >= 60, "{a:?}");
    }
}
