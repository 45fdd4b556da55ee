//! Foundations as ladders: each place climbs a sequence of ranks from its base.
//!
//! A [`Ladder`] (the rule, a `const` in the game) says how the suits of touching cards
//! relate, which ranks follow which (up, down or either way, by one or two, wrapping or
//! not, standard or piquet order, or an explicit sequence such as A K 2 Q ...), how many
//! cards a full place holds, and where its base comes from. [`Ladders`] (in the state)
//! holds, per place, the top card and the count, so a place costs two bytes and cloning
//! stays cheap.
//!
//! Bases:
//! - withdrawn before the deal: the game [`Ladders::put`]s them at the start;
//! - started when first played: an empty place takes a card of the base rank, and the
//!   card goes to the lowest-numbered empty place that takes it (CONVENTIONS 4.7);
//! - chosen by the player or taken from the deal: [`Base::Dealt`], the rank the game
//!   writes into [`Ladders::base`] when the choice is made or the card is dealt.
//!
//! A ladder in one suit ([`SuitRule::Same`]) is fully known from its top card and count,
//! so [`Ladder::cards`] can write it and [`Ladder::take`] can hand a card back. A ladder
//! of mixed suits keeps its cards in a pile of the game's own as well.

use super::build::{Dir, RankOrder, SuitRule};
use crate::card::Card;

/// Where an empty place's first card comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Base {
    /// A fixed rank (the ace of most games, the king of a descending one).
    Rank(u8),
    /// The rank in [`Ladders::base`], set by the deal or by the player's choice.
    Dealt,
}

/// The rule of a row of foundation places.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    pub suit: SuitRule,
    /// [`Dir::Either`]: each place goes up or down, fixed by its second card (or set by
    /// the game with [`Ladders::set_down`]).
    pub dir: Dir,
    pub step: u8,
    pub wrap: bool,
    pub order: RankOrder,
    /// Cards on a full place.
    pub len: u8,
    pub base: Base,
    /// An explicit sequence of ranks from the base, overriding `dir`, `step` and `wrap`.
    pub ranks: Option<&'static [u8]>,
}

impl Ladder {
    /// Ace to king in suit.
    pub const ACE_UP: Ladder = Ladder {
        suit: SuitRule::Same,
        dir: Dir::Up,
        step: 1,
        wrap: false,
        order: RankOrder::Standard,
        len: 13,
        base: Base::Rank(1),
        ranks: None,
    };
    /// King to ace in suit.
    pub const KING_DOWN: Ladder = Ladder {
        dir: Dir::Down,
        base: Base::Rank(13),
        ..Ladder::ACE_UP
    };

    /// Up in suit from a base of rank `base`, going on from K to A, complete when it
    /// reaches rank `last` (a foundation that stops at a given rank, as the hours of a
    /// clock): `(last - base) mod 13 + 1` cards.
    pub const fn up_to_rank(base: u8, last: u8) -> Ladder {
        Ladder {
            wrap: true,
            len: (last + 13 - base) % 13 + 1,
            base: Base::Rank(base),
            ..Ladder::ACE_UP
        }
    }

    /// The base rank of places of `l`.
    #[inline]
    pub fn base_rank(&self, l_base: u8) -> u8 {
        match (self.ranks, self.base) {
            (Some(r), _) => r[0],
            (None, Base::Rank(r)) => r,
            (None, Base::Dealt) => l_base,
        }
    }

    /// The rank of the `i`-th card (0 = the base) of a place going down (`down`) or up.
    #[inline]
    pub fn rank_at(&self, l_base: u8, down: bool, i: u8) -> Option<u8> {
        if i >= self.len {
            return None;
        }
        if let Some(r) = self.ranks {
            return r.get(i as usize).copied();
        }
        let far = i as i16 * self.step as i16;
        let n = self.order.len() as i16;
        let d = match (self.wrap, far < n) {
            (true, _) => (far % n) as i8,
            (false, true) => far as i8,
            (false, false) => return None,
        };
        let up = match self.dir {
            Dir::Up => true,
            Dir::Down => false,
            Dir::Either => !down,
        };
        self.order
            .offset(self.base_rank(l_base), if up { d } else { -d }, self.wrap)
    }

    /// May place `p` take `c` now?
    #[inline(always)]
    pub fn accepts<const P: usize>(&self, l: &Ladders<P>, p: usize, c: Card) -> bool {
        let n = l.count[p];
        if n == 0 {
            return c.rank() == self.base_rank(l.base);
        }
        if n >= self.len || !self.suit.allows(l.top[p], c) {
            return false;
        }
        if self.dir == Dir::Either && n == 1 && !l.fixed(p) {
            return self.rank_at(l.base, false, 1) == Some(c.rank())
                || self.rank_at(l.base, true, 1) == Some(c.rank());
        }
        self.rank_at(l.base, l.is_down(p), n) == Some(c.rank())
    }

    /// The places that may take `c`, in number order: every started place that takes it,
    /// and the lowest-numbered empty place that takes it (CONVENTIONS 4.7). Returns how
    /// many were written to `out`.
    #[inline]
    pub fn dests<const P: usize>(&self, l: &Ladders<P>, c: Card, out: &mut [u8; P]) -> usize {
        let mut n = 0;
        let mut empty_done = false;
        for p in 0..P {
            if l.count[p] == 0 {
                if empty_done {
                    continue;
                }
                if self.accepts(l, p, c) {
                    empty_done = true;
                    out[n] = p as u8;
                    n += 1;
                }
            } else if self.accepts(l, p, c) {
                out[n] = p as u8;
                n += 1;
            }
        }
        n
    }

    /// The first place that may take `c`, if any (the first of [`Ladder::dests`]).
    #[inline]
    #[allow(clippy::manual_find)] // a plain loop: `find` was not inlined in the hot path
    pub fn first_dest<const P: usize>(&self, l: &Ladders<P>, c: Card) -> Option<usize> {
        for p in 0..P {
            if self.accepts(l, p, c) {
                return Some(p);
            }
        }
        None
    }

    /// Put `c` on place `p` (which accepts it). A second card fixes an `Either` place's way.
    #[inline]
    pub fn put<const P: usize>(&self, l: &mut Ladders<P>, p: usize, c: Card) {
        debug_assert!(self.accepts(l, p, c), "{c} on place {p}");
        if self.dir == Dir::Either && l.count[p] == 1 && !l.fixed(p) {
            let down = self.rank_at(l.base, true, 1) == Some(c.rank());
            l.set_down(p, down);
        }
        l.top[p] = c;
        l.count[p] += 1;
    }

    /// Take the top card of place `p` back (a ladder in one suit only).
    #[inline]
    pub fn take<const P: usize>(&self, l: &mut Ladders<P>, p: usize) -> Option<Card> {
        debug_assert_eq!(self.suit, SuitRule::Same);
        let n = l.count[p];
        let c = l.top(p)?;
        l.count[p] = n - 1;
        if n >= 2 {
            let r = self.rank_at(l.base, l.is_down(p), n - 2).unwrap_or(1);
            l.top[p] = Card::new(r, c.suit());
        }
        if n <= 2 && self.dir == Dir::Either {
            l.fixed &= !(1 << p);
            l.down &= !(1 << p);
        }
        Some(c)
    }

    /// Move the top card of place `from` onto place `to`, which must take it: the
    /// exchange between two foundations of one suit that meet, one going up and one down.
    /// A way fixed on `from` stays fixed, down to its base. False (nothing changed) when
    /// `from` is empty or `to` does not take its top (a ladder in one suit only).
    pub fn pass_top<const P: usize>(&self, l: &mut Ladders<P>, from: usize, to: usize) -> bool {
        let Some(c) = l
            .top(from)
            .filter(|&c| from != to && self.accepts(l, to, c))
        else {
            return false;
        };
        let (fixed, down) = (l.fixed(from), l.is_down(from));
        self.take(l, from);
        if fixed {
            l.set_down(from, down);
        }
        self.put(l, to, c);
        true
    }

    /// The cards of place `p`, base first (a ladder in one suit only).
    pub fn cards<const P: usize>(&self, l: &Ladders<P>, p: usize) -> Vec<Card> {
        let Some(top) = l.top(p) else {
            return Vec::new();
        };
        (0..l.count[p])
            .filter_map(|i| self.rank_at(l.base, l.is_down(p), i))
            .map(|r| Card::new(r, top.suit()))
            .collect()
    }

    /// Is place `p` complete?
    #[inline]
    pub fn full<const P: usize>(&self, l: &Ladders<P>, p: usize) -> bool {
        l.count[p] >= self.len
    }

    /// Are all places complete?
    #[inline]
    pub fn all_full<const P: usize>(&self, l: &Ladders<P>) -> bool {
        l.count.iter().all(|&n| n >= self.len)
    }

    /// The ranks that some place would take next, whatever the suit: bit `r` for rank
    /// `r`. Exact for a ladder of [`SuitRule::Any`] (a card fits some place exactly when
    /// its bit is set); for other suit rules a superset, to test before
    /// [`Ladder::accepts`].
    #[inline]
    pub fn next_ranks<const P: usize>(&self, l: &Ladders<P>) -> u16 {
        let mut m = 0u16;
        for p in 0..P {
            let n = l.count[p];
            let mut put = |r: Option<u8>| m |= r.map_or(0, |r| 1 << r);
            if n == 0 {
                put(Some(self.base_rank(l.base)));
            } else if self.dir == Dir::Either && n == 1 && !l.fixed(p) {
                put(self.rank_at(l.base, false, 1));
                put(self.rank_at(l.base, true, 1));
            } else {
                put(self.rank_at(l.base, l.is_down(p), n));
            }
        }
        m
    }

    /// The place that may take `c` when each suit has at most one place of this row (a
    /// ladder in one suit with several packs: the second base card of a suit does not start
    /// a second place): the started place of `c`'s suit if it takes `c`, else, while the
    /// suit has no place, the lowest-numbered empty place that takes it.
    #[inline]
    pub fn suit_dest<const P: usize>(&self, l: &Ladders<P>, c: Card) -> Option<usize> {
        match (0..P).find(|&p| l.count[p] > 0 && l.top[p].suit() == c.suit()) {
            Some(p) => self.accepts(l, p, c).then_some(p),
            None => (0..P).find(|&p| l.count[p] == 0 && self.accepts(l, p, c)),
        }
    }
}

/// The foundation places of a state: top card and count per place, the way of each
/// place of an `Either` ladder, and the base rank of [`Base::Dealt`] ladders.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ladders<const P: usize> {
    top: [Card; P],
    count: [u8; P],
    /// Bit p: place p goes down (an `Either` ladder).
    down: u16,
    /// Bit p: place p's way is fixed.
    fixed: u16,
    /// The base rank of `Base::Dealt` ladders (0 until known).
    pub base: u8,
}

impl<const P: usize> Default for Ladders<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const P: usize> Ladders<P> {
    /// All places empty.
    pub const fn new() -> Self {
        assert!(P <= 16);
        Ladders {
            top: [Card::new(1, 0); P],
            count: [0; P],
            down: 0,
            fixed: 0,
            base: 0,
        }
    }
    /// Number of places.
    #[inline]
    pub const fn places(&self) -> usize {
        P
    }
    /// Cards on place `p`.
    #[inline]
    pub fn count(&self, p: usize) -> u8 {
        self.count[p]
    }
    /// The top card of place `p`.
    #[inline]
    pub fn top(&self, p: usize) -> Option<Card> {
        (self.count[p] > 0).then(|| self.top[p])
    }
    /// Cards on all places.
    #[inline]
    pub fn total(&self) -> usize {
        self.count.iter().map(|&n| n as usize).sum()
    }
    /// Does place `p` go down?
    #[inline]
    pub fn is_down(&self, p: usize) -> bool {
        self.down & (1 << p) != 0
    }
    /// Is place `p`'s way fixed (set, or by its second card)?
    #[inline]
    pub fn fixed(&self, p: usize) -> bool {
        self.fixed & (1 << p) != 0
    }
    /// Fix the way of place `p` (a player's choice, or the rule of the game).
    #[inline]
    pub fn set_down(&mut self, p: usize, down: bool) {
        self.fixed |= 1 << p;
        if down {
            self.down |= 1 << p;
        } else {
            self.down &= !(1 << p);
        }
    }
    /// The most cards on a started place whose top is of `suit` (0 if none): the height
    /// of a suit's foundation when each suit has one place.
    #[inline]
    pub fn suit_count(&self, suit: u8) -> u8 {
        (0..P)
            .filter(|&p| self.count[p] > 0 && self.top[p].suit() == suit)
            .map(|p| self.count[p])
            .max()
            .unwrap_or(0)
    }
    /// [`Ladders::suit_count`] of every suit, in one pass.
    #[inline]
    pub fn by_suit(&self) -> [u8; 4] {
        // Built in one register, a byte a suit: filling an array a byte at a time and
        // then reading it whole (as callers' code does once inlined) stalls the store
        // buffer, which cost a tenth of a Klondike key.
        let mut h: u32 = 0;
        for p in 0..P {
            let n = u32::from(self.count[p]);
            if n > 0 {
                let shift = 8 * (self.top[p].suit() as u32 & 3);
                if n > (h >> shift) & 0xff {
                    h = (h & !(0xff << shift)) | n << shift;
                }
            }
        }
        h.to_le_bytes()
    }
    /// How many started places whose top is of `x`'s suit hold at least `x.rank()` cards:
    /// with ladders building up in suit from the ace, how many copies of `x` are already up.
    #[inline]
    pub fn copies_up(&self, x: Card) -> usize {
        (0..P)
            .filter(|&p| self.count[p] >= x.rank() && self.top[p].suit() == x.suit())
            .count()
    }
    /// A small code of place `p` for a solver key: count (5 bits), suit of the top (2
    /// bits), way (1 bit). Exact for ladders in one suit.
    #[inline]
    pub fn code(&self, p: usize) -> u16 {
        let n = self.count[p] as u16;
        if n == 0 {
            return 0;
        }
        n | (self.top[p].suit() as u16) << 5 | ((self.down >> p) & 1) << 7
    }
    /// Per suit, the counts of its first `K` started places in place order (0 where the
    /// suit has fewer): the heights of ladders in suit when each suit has `K` places. Places
    /// of one suit and way are interchangeable, so a key may sort each suit's counts.
    pub fn suit_counts<const K: usize>(&self) -> [[u8; K]; 4] {
        let (mut out, mut seen) = ([[0u8; K]; 4], [0usize; 4]);
        for p in 0..P {
            if let Some(s) = self.top(p).map(|t| t.suit() as usize) {
                if seen[s] < K {
                    out[s][seen[s]] = self.count[p];
                    seen[s] += 1;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::card;

    #[test]
    fn copies_up_counts_the_places_of_a_suit_that_reached_a_rank() {
        let r = Ladder::ACE_UP;
        let mut l = Ladders::<4>::new();
        assert_eq!(l.copies_up(card("AH")), 0);
        for c in ["AH", "AH", "2H", "AS"] {
            let p = r.first_dest(&l, card(c)).unwrap();
            r.put(&mut l, p, card(c));
        }
        assert_eq!(l.copies_up(card("AH")), 2);
        assert_eq!(l.copies_up(card("2H")), 1);
        assert_eq!(l.copies_up(card("3H")), 0);
        assert_eq!(l.copies_up(card("AS")), 1);
        assert_eq!(l.copies_up(card("AD")), 0);
    }

    #[test]
    fn aces_start_the_lowest_empty_place_and_build_up_in_suit() {
        let r = Ladder::ACE_UP;
        let mut l = Ladders::<4>::new();
        assert_eq!(r.first_dest(&l, card("2C")), None);
        let mut out = [0u8; 4];
        assert_eq!(
            r.dests(&l, card("AH"), &mut out),
            1,
            "one empty place, not four"
        );
        assert_eq!(out[0], 0);
        r.put(&mut l, 0, card("AH"));
        assert_eq!(r.first_dest(&l, card("AS")), Some(1));
        r.put(&mut l, 1, card("AS"));
        assert!(r.accepts(&l, 0, card("2H")) && !r.accepts(&l, 0, card("2D")));
        r.put(&mut l, 0, card("2H"));
        assert_eq!(r.cards(&l, 0), vec![card("AH"), card("2H")]);
        assert_eq!(r.take(&mut l, 0), Some(card("2H")));
        assert_eq!(l.top(0), Some(card("AH")));
        assert_eq!(l.total(), 2);
        assert_eq!(
            (l.suit_count(2), l.suit_count(3), l.suit_count(0)),
            (1, 1, 0)
        );
    }

    #[test]
    fn two_places_showing_the_same_card_both_take_the_next() {
        let r = Ladder::ACE_UP;
        let mut l = Ladders::<8>::new();
        r.put(&mut l, 0, card("AC"));
        r.put(&mut l, 1, card("AC"));
        let mut out = [0u8; 8];
        assert_eq!(r.dests(&l, card("2C"), &mut out), 2);
        assert_eq!(&out[..2], &[0, 1]);
    }

    #[test]
    fn dealt_base_wraps_round() {
        let r = Ladder {
            base: Base::Dealt,
            wrap: true,
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<4>::new();
        l.base = 12;
        assert!(r.accepts(&l, 0, card("QD")) && !r.accepts(&l, 0, card("AD")));
        r.put(&mut l, 0, card("QD"));
        r.put(&mut l, 0, card("KD"));
        assert!(r.accepts(&l, 0, card("AD")), "K then A with wrap");
        for c in [
            "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD",
        ] {
            r.put(&mut l, 0, card(c));
        }
        assert!(r.full(&l, 0) && !r.accepts(&l, 0, card("QD")));
    }

    #[test]
    fn either_way_is_fixed_by_the_second_card() {
        let r = Ladder {
            dir: Dir::Either,
            base: Base::Rank(7),
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<2>::new();
        r.put(&mut l, 0, card("7S"));
        assert!(r.accepts(&l, 0, card("6S")) && r.accepts(&l, 0, card("8S")));
        r.put(&mut l, 0, card("6S"));
        assert!(l.is_down(0) && r.accepts(&l, 0, card("5S")) && !r.accepts(&l, 0, card("7S")));
        assert_eq!(r.take(&mut l, 0), Some(card("6S")));
        assert!(r.accepts(&l, 0, card("8S")), "way free again");
    }

    #[test]
    fn exchanges_between_the_two_ways_of_a_suit() {
        // Hearts from a base of 7, wrapping: place 0 goes up (7 8 9), place 1 goes down
        // (7 6 5 4 3 2 A K Q J, then T): the two meet.
        let r = Ladder {
            dir: Dir::Either,
            wrap: true,
            base: Base::Rank(7),
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<2>::new();
        for c in ["7H", "8H", "9H"] {
            r.put(&mut l, 0, card(c));
        }
        for c in ["7H", "6H", "5H", "4H", "3H", "2H", "AH", "KH", "QH", "JH"] {
            r.put(&mut l, 1, card(c));
        }
        assert!(!r.pass_top(&mut l, 0, 1), "9H does not go on JH going down");
        assert!(!r.pass_top(&mut l, 0, 0));
        r.put(&mut l, 1, card("TH"));
        assert!(r.pass_top(&mut l, 0, 1), "9H goes on TH going down");
        assert_eq!((l.top(0), l.top(1)), (Some(card("8H")), Some(card("9H"))));
        assert!(l.fixed(0) && !l.is_down(0), "place 0 still goes up");
        assert!(r.pass_top(&mut l, 1, 0), "and back");
        assert_eq!((l.top(0), l.count(1)), (Some(card("9H")), 11));
        let mut e = Ladders::<2>::new();
        assert!(!r.pass_top(&mut e, 0, 1), "an empty place passes nothing");
    }

    #[test]
    fn by_twos_explicit_sequences_and_a_stop() {
        let twos = Ladder {
            step: 2,
            wrap: true,
            len: 13,
            ..Ladder::ACE_UP
        };
        let ranks: Vec<u8> = (0..13).filter_map(|i| twos.rank_at(0, false, i)).collect();
        assert_eq!(ranks, [1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12]);
        const AK: [u8; 4] = [1, 13, 2, 12];
        let alt = Ladder {
            ranks: Some(&AK),
            len: 4,
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<1>::new();
        for c in ["AC", "KC", "2C", "QC"] {
            assert!(alt.accepts(&l, 0, card(c)), "{c}");
            alt.put(&mut l, 0, card(c));
        }
        assert!(alt.all_full(&l));
        let stop = Ladder {
            len: 5,
            ..Ladder::ACE_UP
        };
        assert_eq!(stop.rank_at(0, false, 4), Some(5));
        assert_eq!(stop.rank_at(0, false, 5), None);
    }

    #[test]
    fn a_ladder_up_to_a_rank_wraps_and_stops_there() {
        // From 6 up to the ace: 6 7 8 9 T J Q K A, nine cards.
        let r = Ladder::up_to_rank(6, 1);
        let ranks: Vec<u8> = (0..13).filter_map(|i| r.rank_at(0, false, i)).collect();
        assert_eq!(ranks, [6, 7, 8, 9, 10, 11, 12, 13, 1]);
        let mut l = Ladders::<1>::new();
        for c in ["6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"] {
            r.put(&mut l, 0, card(c));
        }
        assert!(r.accepts(&l, 0, card("AC")) && !r.accepts(&l, 0, card("AD")));
        r.put(&mut l, 0, card("AC"));
        assert!(r.full(&l, 0) && !r.accepts(&l, 0, card("2C")));
        assert_eq!(Ladder::up_to_rank(2, 9).len, 8);
        assert_eq!(Ladder::up_to_rank(5, 12).len, 8);
    }

    #[test]
    fn mixed_suits_follow_the_suit_rule() {
        let r = Ladder {
            suit: SuitRule::Alternate,
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<1>::new();
        r.put(&mut l, 0, card("AC"));
        assert!(r.accepts(&l, 0, card("2H")) && !r.accepts(&l, 0, card("2S")));
    }

    #[test]
    fn next_ranks_are_the_ranks_some_place_takes() {
        let any = Ladder {
            suit: SuitRule::Any,
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<3>::new();
        assert_eq!(any.next_ranks(&l), 1 << 1, "empty places take the base");
        any.put(&mut l, 0, card("AC"));
        any.put(&mut l, 0, card("2H"));
        any.put(&mut l, 1, card("AS"));
        assert_eq!(any.next_ranks(&l), (1 << 3) | (1 << 2) | (1 << 1));
        for i in 0..52 {
            let c = Card::from_index(i);
            let fits = (0..3).any(|p| any.accepts(&l, p, c));
            assert_eq!(fits, any.next_ranks(&l) & (1 << c.rank()) != 0, "{c}");
        }
        for c in [
            "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD",
        ] {
            any.put(&mut l, 0, card(c));
        }
        assert_eq!(
            any.next_ranks(&l),
            (1 << 2) | (1 << 1),
            "a full place takes nothing"
        );
        let either = Ladder {
            dir: Dir::Either,
            base: Base::Rank(7),
            ..Ladder::ACE_UP
        };
        let mut l = Ladders::<1>::new();
        either.put(&mut l, 0, card("7S"));
        assert_eq!(either.next_ranks(&l), (1 << 6) | (1 << 8));
    }

    #[test]
    fn suit_counts_group_places_by_suit() {
        let r = Ladder::ACE_UP;
        let mut l = Ladders::<6>::new();
        for (p, cs) in [(0, "AH 2H"), (2, "AC"), (3, "AH"), (4, "AH 2H 3H")] {
            for c in cs.split(' ') {
                r.put(&mut l, p, card(c));
            }
        }
        assert_eq!(l.suit_counts::<2>(), [[1, 0], [0, 0], [2, 1], [0, 0]]);
        assert_eq!(l.suit_counts::<3>()[2], [2, 1, 3]);
    }

    #[test]
    fn one_place_per_suit() {
        let r = Ladder::ACE_UP;
        let mut l = Ladders::<4>::new();
        assert_eq!(r.suit_dest(&l, card("2C")), None);
        assert_eq!(r.suit_dest(&l, card("AC")), Some(0));
        r.put(&mut l, 0, card("AC"));
        assert_eq!(r.suit_dest(&l, card("AC")), None, "no second clubs place");
        assert_eq!(r.suit_dest(&l, card("AH")), Some(1));
        assert_eq!(r.suit_dest(&l, card("2C")), Some(0));
        assert_eq!(r.suit_dest(&l, card("3C")), None);
        let k = Ladder::KING_DOWN;
        let mut d = Ladders::<4>::new();
        k.put(&mut d, 0, card("KS"));
        assert_eq!(k.suit_dest(&d, card("QS")), Some(0));
        assert_eq!(k.suit_dest(&d, card("KD")), Some(1));
    }
}
