//! A relaxed dead-position test for a layout of piles fed by one pass through a pack: the
//! pack is turned card by card onto a talon, the talon top and the pile tops may go to
//! foundations, be built on pile tops, or fill spaces.
//!
//! # The loosened game
//! - A card that was ever a pile top stays a build target for good, and any number of
//!   cards may use the same target or the same space.
//! - A card from the talon or the pack becomes a target when it could be laid into a space
//!   or on a target (a pile card that is built on was already a pile top).
//! - Each foundation place climbs through any card that was ever available (a pile top, or
//!   on the talon or in the pack): two places of one suit may both count the same card.
//!   The next card of a place may go there at any height the place could have reached.
//! - The stock keeps its one pass: the pack's cards come onto the talon in their order,
//!   each covering the talon cards still there.
//!
//! The loosened game is played greedily: every card that may leave its pile leaves
//! ([`fixed_point`]), then the next card is turned, and so on to the end of the pack.
//!
//! # Why a position this finds dead is lost
//! Leaving only adds facts (a card at a pile top, a card on the talon, a taller reach, a
//! target, a space), and whether a card may leave is monotone in the facts, so the greedy
//! play holds, after its fixed point at each turn, every fact that any real line holds by
//! that turn. By induction along a real line: each of its moves is allowed by facts that
//! the greedy play already holds; a move to a foundation needs the place's earlier cards,
//! each available some time before, so within the reach; a build needs its target at a
//! pile top (or a talon card laid there, itself allowed); a space needs a pile emptied,
//! whose last card left in the greedy play too. The greedy talon is the real one with
//! some cards gone already, since a card leaves it only when allowed, and a real talon
//! card below another cannot leave before the one above it (the argument of
//! [`crate::parts::relax`], with the talon a pile that grows by turning). So when the
//! greedy play ends with a card left over in a pile or on the talon, or with a foundation
//! place short of full, no real line wins.
//!
//! The part needs: one pass (no re-deal), one card moved at a time, foundations that
//! never give cards back, spaces filled only from the sources [`OnePass`] names, and
//! build rules that ask only for the rank and suit of the two cards.

use super::build::fitting_any;
use super::relax::{fixed_point, Relaxed};
use crate::card::Card;

/// Most foundation places, piles and cards a position may hold.
const MAX_PLACES: usize = 16;
const MAX_PILES: usize = 16;
const MAX_STOCK: usize = 128;

/// One foundation place: the cards it takes, in order (as [`Card::index`]), and how many
/// it holds now.
#[derive(Copy, Clone, Debug)]
pub struct Climb {
    cards: [u8; 32],
    len: u8,
    height: u8,
}

impl Climb {
    /// An empty place of suit `suit` that takes the ranks `ranks` in order (at most 32).
    /// A `const fn`, so a game keeps its places as constants.
    pub const fn new(suit: u8, ranks: &[u8]) -> Climb {
        let mut c = Climb {
            cards: [0; 32],
            len: 0,
            height: 0,
        };
        while (c.len as usize) < ranks.len() && c.len < 32 {
            c.cards[c.len as usize] = Card::new(ranks[c.len as usize], suit).index() as u8;
            c.len += 1;
        }
        c
    }
    /// The place holding `height` cards now.
    #[inline]
    pub const fn at(mut self, height: u8) -> Climb {
        self.height = height;
        self
    }
    /// The places of a row of foundations with `K` places a suit (`P = 4 * K`), for a
    /// suit's places alike: place `K * s + k` is suit `s`'s `k`-th started place, at its
    /// height in `found`, or empty (`suits[s]` at height 0) when fewer are started.
    pub fn by_suit<const P: usize, const K: usize>(
        suits: &[Climb; 4],
        found: &super::Ladders<P>,
    ) -> [Climb; P] {
        let mut out: [Climb; P] = std::array::from_fn(|p| suits[p / K]);
        let mut placed = [0usize; 4];
        for p in 0..P {
            if let Some(t) = found.top(p) {
                let s = usize::from(t.suit());
                if let Some(c) = out.get_mut(K * s + placed[s]) {
                    *c = suits[s].at(found.count(p));
                }
                placed[s] += 1;
            }
        }
        out
    }

    /// One place a suit, each taking `ranks`.
    pub const fn suits(ranks: &[u8]) -> [Climb; 4] {
        [
            Climb::new(0, ranks),
            Climb::new(1, ranks),
            Climb::new(2, ranks),
            Climb::new(3, ranks),
        ]
    }
}

/// Ace to king.
pub const ACE_TO_KING: [u8; 13] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/// The rules of the loosened game, fixed per game (a `const` in the game module).
#[derive(Copy, Clone, Debug)]
pub struct OnePass {
    /// The build rule on pile tops, as [`crate::parts::Build::fits_table`].
    pub fits: [u64; 52],
    /// A pile card may fill a space.
    pub space_from_piles: bool,
    /// A talon card may fill a space.
    pub space_from_talon: bool,
}

#[inline]
fn bit(c: Card) -> u64 {
    1 << c.index()
}

/// The facts of the loosened game.
struct Facts<'a> {
    rules: &'a OnePass,
    /// Source index of the talon.
    talon: usize,
    /// Cards ever at a pile top.
    in_piles: u64,
    /// Cards ever on the talon (every pack card gets there when turned).
    elsewhere: u64,
    /// A pile has been, or can be, emptied.
    spaceable: bool,
    climbs: &'a [Climb],
    reach: [u8; MAX_PLACES],
    /// Cards some foundation place could take.
    up: u64,
    /// The cards the places need next (each place's card at its reach).
    next: u64,
    /// Cards that can lie at a pile top as build targets.
    targets: u64,
    /// Cards that fit some target.
    onto: u64,
    dirty: bool,
}

impl Facts<'_> {
    #[inline]
    fn may_fill(&self, src: usize) -> bool {
        self.spaceable
            && if src == self.talon {
                self.rules.space_from_talon
            } else {
                self.rules.space_from_piles
            }
    }
    fn full(&self) -> bool {
        self.climbs
            .iter()
            .zip(&self.reach)
            .all(|(c, &r)| r == c.len)
    }
}

impl Relaxed for Facts<'_> {
    #[inline]
    fn can_leave(&self, src: usize, c: Card) -> bool {
        (self.up | self.onto) & bit(c) != 0 || self.may_fill(src)
    }
    fn left(&mut self, src: usize, _c: Card, next: Option<Card>) {
        self.dirty = true;
        match next {
            Some(n) if src == self.talon => self.elsewhere |= bit(n),
            Some(n) => self.in_piles |= bit(n),
            None => self.spaceable |= src != self.talon,
        }
    }
    fn settle(&mut self) -> bool {
        if !std::mem::take(&mut self.dirty) {
            return false;
        }
        // Every fact only grows, so the reaches, the cards the foundations take and the
        // targets grow too: each is brought up to date from where it stood.
        let (up0, onto0) = (self.up, self.onto);
        let seen = self.in_piles | self.elsewhere;
        if seen & self.next != 0 {
            // Some place's next card was seen: climb, and gather the new next cards.
            self.next = 0;
            for (c, r) in self.climbs.iter().zip(&mut self.reach) {
                while *r < c.len && seen & (1 << c.cards[usize::from(*r)]) != 0 {
                    *r += 1;
                    if *r < c.len {
                        self.up |= 1 << c.cards[usize::from(*r)];
                    }
                }
                if *r < c.len {
                    self.next |= 1 << c.cards[usize::from(*r)];
                }
            }
        }
        // Targets: the pile tops, the talon cards that can be laid into a space, and then
        // talon cards that fit a target.
        let fill = self.spaceable && self.rules.space_from_talon;
        let tops = self.in_piles | if fill { self.elsewhere } else { 0 };
        let mut new = (tops | self.elsewhere & self.onto) & !self.targets;
        while new != 0 {
            self.targets |= new;
            self.onto |= fitting_any(&self.rules.fits, new);
            new = self.elsewhere & self.onto & !self.targets;
        }
        self.up != up0 || self.onto != onto0
    }
}

/// Is the position lost by the loosened game? `piles` are the layout's piles, bottom to
/// top; `stock` every card left on the talon and in the pack in turning order (the talon
/// bottom to top, then the pack from its top card), the first `talon` of them on the
/// talon; `climbs` the foundation places (every place the game will have, empty ones at
/// height 0). True only when no line of the real game wins (see the module doc).
pub fn one_pass_lost(
    rules: &OnePass,
    piles: &[&[Card]],
    stock: impl IntoIterator<Item = Card>,
    talon: usize,
    climbs: &[Climb],
) -> bool {
    assert!(piles.len() < MAX_PILES && climbs.len() <= MAX_PLACES);
    let (mut cards, mut m) = ([Card::new(1, 0); MAX_STOCK], 0);
    for c in stock.into_iter().take(MAX_STOCK) {
        (cards[m], m) = (c, m + 1);
    }
    let (mut n, mut turned) = (talon.min(m), talon.min(m));
    let mut f = Facts {
        rules,
        talon: piles.len(),
        in_piles: 0,
        elsewhere: if n > 0 { bit(cards[n - 1]) } else { 0 },
        spaceable: false,
        climbs,
        reach: [0; MAX_PLACES],
        up: 0,
        next: 0,
        targets: 0,
        onto: 0,
        dirty: true,
    };
    for (r, c) in f.reach.iter_mut().zip(climbs) {
        *r = c.height.min(c.len);
        if *r < c.len {
            f.next |= 1 << c.cards[usize::from(*r)];
        }
    }
    for p in piles {
        match p.last() {
            Some(&c) => f.in_piles |= bit(c),
            None => f.spaceable = true,
        }
    }
    f.up = f.next;
    f.settle();
    let mut cut = [0; MAX_PILES + 1];
    let cut = &mut cut[..=piles.len()];
    loop {
        // The talon: the cards turned and not gone, bottom to top (`cards[..n]`).
        let mut sources: [&[Card]; MAX_PILES + 1] = [&cards[..n]; MAX_PILES + 1];
        sources[..piles.len()].copy_from_slice(piles);
        fixed_point(&mut f, &sources[..=piles.len()], cut);
        if f.spaceable && rules.space_from_piles && rules.space_from_talon {
            return false; // every card may go into the space
        }
        n -= std::mem::take(&mut cut[piles.len()]);
        // Turn the next cards of the pack onto the talon. While a turned card adds no
        // foundation card or target and cannot leave itself, the fixed point stays as it
        // is (`can_leave` reads only those facts), so the next card is turned at once.
        loop {
            if turned == m {
                let cleared = piles.iter().zip(cut.iter()).all(|(p, &k)| k == p.len());
                return !cleared || n > 0 || !f.full();
            }
            let c = cards[turned];
            (cards[n], n, turned) = (c, n + 1, turned + 1);
            f.elsewhere |= bit(c);
            f.dirty = true;
            if f.settle() || f.can_leave(piles.len(), c) {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parts::{Build, Dir, SuitRule};
    use crate::testing::card;

    const RULES: OnePass = OnePass {
        fits: Build::new(Dir::Down, SuitRule::Same).fits_table(),
        space_from_piles: false,
        space_from_talon: true,
    };

    const NO_SPACE: OnePass = OnePass {
        space_from_talon: false,
        ..RULES
    };

    fn ace_up(suit: u8, height: u8) -> Climb {
        Climb::new(suit, &ACE_TO_KING).at(height)
    }

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(card).collect()
    }

    /// One suit only: the other three foundations are full.
    fn spades_only(height: u8) -> Vec<Climb> {
        (0..4)
            .map(|s| ace_up(s, if s == 3 { height } else { 13 }))
            .collect()
    }

    #[test]
    fn a_suit_that_can_climb_is_not_dead() {
        // Spades 9..K: the 9 on top of a pile, 10 J in the pack, Q K on the talon.
        let pile = cards("9S");
        let lost = one_pass_lost(&RULES, &[&pile], cards("KS QS 10S JS"), 2, &spades_only(8));
        assert!(!lost);
    }

    #[test]
    fn a_card_under_its_successor_in_the_talon_is_dead() {
        // The 9 of spades lies under the queen on the talon; the 10 and jack are under the
        // 9 in a pile: nothing can take the queen (no king to build on, no space).
        let pile = cards("JS 10S");
        let lost = one_pass_lost(&RULES, &[&pile], cards("KS 9S QS"), 3, &spades_only(8));
        assert!(lost);
    }

    #[test]
    fn a_space_from_the_talon_frees_the_talon() {
        // As above, but a second pile is empty, and a talon card may fill it: the queen
        // goes there, and every spade after it.
        let p1 = cards("JS 10S");
        let lost = one_pass_lost(&RULES, &[&p1, &[]], cards("KS 9S QS"), 3, &spades_only(8));
        assert!(!lost);
    }

    #[test]
    fn a_space_only_for_pile_cards_leaves_the_talon_stuck() {
        // As above with the same space, but only pile cards may fill it: the queen is
        // still stuck on the 9.
        let rules = OnePass {
            space_from_piles: true,
            space_from_talon: false,
            ..RULES
        };
        let p1 = cards("JS 10S");
        let lost = one_pass_lost(&rules, &[&p1, &[]], cards("KS 9S QS"), 3, &spades_only(8));
        assert!(lost);
    }

    #[test]
    fn a_card_turned_later_frees_the_talon_a_buried_one_does_not() {
        let rules = NO_SPACE;
        // The king and queen wait on the talon for the jack, the last card of the pack.
        let p = cards("10S");
        let lost = one_pass_lost(&rules, &[&p], cards("9S KS QS JS"), 0, &spades_only(8));
        assert!(!lost);
        // The jack lies on the talon under the king (the talon holds J K): the king can
        // never leave, and the queen turned onto it neither.
        let lost = one_pass_lost(&rules, &[&p], cards("JS KS 9S QS"), 2, &spades_only(8));
        assert!(lost);
    }

    #[test]
    fn a_talon_card_laid_on_a_target_becomes_one() {
        let rules = NO_SPACE;
        // The 8 covers the 7 on the talon; the 9, turned next, goes on the 10 at a pile
        // top, then the 8 on the 9, and the 7 can go up.
        let p = cards("10S");
        let stock = cards("7S 8S 9S JS QS KS");
        assert!(!one_pass_lost(&rules, &[&p], stock, 2, &spades_only(6)));
        // With the 10 under the jack in the pile, nothing takes the 9 or the 8.
        let p = cards("10S JS");
        let stock = cards("7S 8S 9S QS KS");
        assert!(one_pass_lost(&rules, &[&p], stock, 2, &spades_only(6)));
    }

    #[test]
    fn a_short_foundation_is_dead() {
        // Every card can leave, but the spades can never get past the 8.
        let lost = one_pass_lost(&RULES, &[], cards("10S"), 0, &spades_only(8));
        assert!(lost);
    }
}
