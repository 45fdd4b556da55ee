//! Build rules: which card may go on which, in a pile or on a foundation.
//!
//! A [`Build`] is plain data: a direction, a suit rule, a step, wrap or not, a rank order
//! (standard or piquet) and a spaces policy. A game keeps its rules as `const` values, so
//! after inlining each test is a few compares: no interpreter in the hot path.
//!
//! The same rule answers both questions the solver kit asks: "may `c` go on `on`"
//! ([`Build::fits`]) and "which cards could ever rest on `on`" ([`Build::could_rest_on`]),
//! which the safe-to-foundation argument ([`super::safe`]) is built on.

use crate::card::Card;

/// Which way a sequence runs, from the card beneath to the card on top.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Each card one step higher than the card it lies on.
    Up,
    /// Each card one step lower.
    Down,
    /// Either (a pile may change direction between cards).
    Either,
}

/// How the suits of two touching cards must relate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SuitRule {
    /// The same suit (a marriage, a foundation in suit).
    Same,
    /// Alternating colours (red on black, black on red).
    Alternate,
    /// The same colour.
    Colour,
    /// Any suit.
    Any,
}

impl SuitRule {
    /// Do suits `a` (beneath) and `b` (on top) satisfy the rule?
    #[inline(always)]
    pub const fn allows(self, a: Card, b: Card) -> bool {
        match self {
            SuitRule::Same => a.suit() == b.suit(),
            SuitRule::Alternate => a.colour() != b.colour(),
            SuitRule::Colour => a.colour() == b.colour(),
            SuitRule::Any => true,
        }
    }
    /// The suits (bit `s` for suit `s`) that may lie on a card of suit `suit`.
    #[inline]
    pub const fn suits_on(self, suit: u8) -> u8 {
        let red = matches!(suit, 1 | 2);
        match self {
            SuitRule::Same => 1 << suit,
            SuitRule::Alternate if red => 0b1001,
            SuitRule::Alternate => 0b0110,
            SuitRule::Colour if red => 0b0110,
            SuitRule::Colour => 0b1001,
            SuitRule::Any => 0b1111,
        }
    }
}

/// The order of ranks a sequence steps through (CONVENTIONS 1.2, 1.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RankOrder {
    /// A 2 3 .. 10 J Q K.
    Standard,
    /// A 7 8 9 10 J Q K (the ace is next below the 7).
    Piquet,
}

impl RankOrder {
    /// Number of ranks.
    #[inline]
    pub const fn len(self) -> u8 {
        match self {
            RankOrder::Standard => 13,
            RankOrder::Piquet => 8,
        }
    }
    /// Always false.
    pub const fn is_empty(self) -> bool {
        false
    }
    /// Position 0.. of `rank` in the order (`None` for a rank not in it).
    #[inline]
    pub const fn pos(self, rank: u8) -> Option<u8> {
        match self {
            RankOrder::Standard => Some(rank - 1),
            RankOrder::Piquet => match rank {
                1 => Some(0),
                7..=13 => Some(rank - 6),
                _ => None,
            },
        }
    }
    /// The rank at position `pos`.
    #[inline]
    pub const fn rank(self, pos: u8) -> u8 {
        match self {
            RankOrder::Standard => pos + 1,
            RankOrder::Piquet => {
                if pos == 0 {
                    1
                } else {
                    pos + 6
                }
            }
        }
    }
    /// The rank `delta` positions from `rank` (negative is lower), wrapping K-A if `wrap`;
    /// `None` past either end without wrap.
    #[inline]
    pub const fn offset(self, rank: u8, delta: i8, wrap: bool) -> Option<u8> {
        let Some(p) = self.pos(rank) else {
            return None;
        };
        let n = self.len() as i16;
        let q = p as i16 + delta as i16;
        if wrap {
            Some(self.rank(q.rem_euclid(n) as u8))
        } else if q < 0 || q >= n {
            None
        } else {
            Some(self.rank(q as u8))
        }
    }
}

/// What may be put into an empty pile of the layout.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Space {
    /// Any available card.
    Any,
    /// Only a king (or a run headed by one).
    Kings,
    /// Only a card from the talon or the pack.
    FromStock,
    /// Nothing: an empty place stays empty (or is refilled by the game's own rule).
    Never,
}

/// A build rule: direction, suit rule, step, wrap, rank order, and the spaces policy.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Build {
    pub dir: Dir,
    pub suit: SuitRule,
    /// 1, or 2 for building by twos.
    pub step: u8,
    /// K and A are neighbours.
    pub wrap: bool,
    pub order: RankOrder,
    pub space: Space,
}

impl Build {
    /// A rule stepping by one, no wrap, standard ranks, any card into a space.
    pub const fn new(dir: Dir, suit: SuitRule) -> Self {
        Build {
            dir,
            suit,
            step: 1,
            wrap: false,
            order: RankOrder::Standard,
            space: Space::Any,
        }
    }
    /// Down by one in alternating colours (Klondike's columns).
    pub const DOWN_ALTERNATE: Build = Build::new(Dir::Down, SuitRule::Alternate);
    /// Down by one in suit (a marriage).
    pub const DOWN_IN_SUIT: Build = Build::new(Dir::Down, SuitRule::Same);
    /// Up by one in suit (the usual foundation).
    pub const UP_IN_SUIT: Build = Build::new(Dir::Up, SuitRule::Same);

    pub const fn step(mut self, step: u8) -> Self {
        self.step = step;
        self
    }
    pub const fn wrap(mut self) -> Self {
        self.wrap = true;
        self
    }
    pub const fn piquet(mut self) -> Self {
        self.order = RankOrder::Piquet;
        self
    }
    pub const fn spaces(mut self, space: Space) -> Self {
        self.space = space;
        self
    }

    /// The rank that `c` must have to go on a card of rank `on` going up (`up`) or down.
    #[inline(always)]
    const fn next(&self, on: u8, up: bool) -> Option<u8> {
        if let (RankOrder::Standard, false) = (self.order, self.wrap) {
            // The common case in plain arithmetic: no wrap, ranks 1..=13.
            let r = if up {
                on + self.step
            } else {
                on.wrapping_sub(self.step)
            };
            return if r >= 1 && r <= 13 { Some(r) } else { None };
        }
        let d = self.step as i8;
        self.order.offset(on, if up { d } else { -d }, self.wrap)
    }

    /// May `c` be put on `on`?
    #[inline(always)]
    pub fn fits(&self, on: Card, c: Card) -> bool {
        if !self.suit.allows(on, c) {
            return false;
        }
        let r = Some(c.rank());
        match self.dir {
            Dir::Up => self.next(on.rank(), true) == r,
            Dir::Down => self.next(on.rank(), false) == r,
            Dir::Either => self.next(on.rank(), true) == r || self.next(on.rank(), false) == r,
        }
    }

    /// May `c` (from the talon or pack when `from_stock`) go into an empty pile?
    #[inline]
    pub fn fits_space(&self, c: Card, from_stock: bool) -> bool {
        match self.space {
            Space::Any => true,
            Space::Kings => c.rank() == crate::card::KING,
            Space::FromStock => from_stock,
            Space::Never => false,
        }
    }

    /// The cards that could ever be put on `on`: up to two ranks (the one above and the
    /// one below, by direction), each with the set of suits (bit `s`) allowed.
    #[inline]
    pub fn could_rest_on(&self, on: Card) -> Rests {
        let suits = self.suit.suits_on(on.suit());
        let up = matches!(self.dir, Dir::Up | Dir::Either)
            .then(|| self.next(on.rank(), true))
            .flatten();
        let down = matches!(self.dir, Dir::Down | Dir::Either)
            .then(|| self.next(on.rank(), false))
            .flatten();
        Rests {
            ranks: [up, down],
            suits,
        }
    }

    /// How many cards at the top of `cards` (bottom to top) form a sequence by this rule;
    /// 0 for an empty slice. With [`Dir::Either`] the sequence keeps one direction.
    /// Always inlined: games call it on a `const` rule, which then folds to a few compares
    /// (measured: a tenth of NAPOLEON AT ST. HELENA's search when it was a call).
    #[inline(always)]
    pub fn run_len(&self, cards: &[Card]) -> usize {
        let n = cards.len();
        if n == 0 {
            return 0;
        }
        let mut len = 1;
        let mut dir: Option<bool> = None;
        while len < n {
            let (on, c) = (cards[n - len - 1], cards[n - len]);
            if !self.suit.allows(on, c) {
                break;
            }
            let up = self.next(on.rank(), true) == Some(c.rank())
                && !matches!(self.dir, Dir::Down)
                && dir != Some(false);
            let down = self.next(on.rank(), false) == Some(c.rank())
                && !matches!(self.dir, Dir::Up)
                && dir != Some(true);
            if !(up || down) {
                break;
            }
            if self.dir == Dir::Either && dir.is_none() && up != down {
                dir = Some(up);
            }
            len += 1;
        }
        len
    }
}

/// What [`Build::could_rest_on`] answers: ranks (above, below) and suits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rests {
    pub ranks: [Option<u8>; 2],
    pub suits: u8,
}

impl Rests {
    /// Every card (rank, suit) of the set.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        self.ranks.into_iter().flatten().flat_map(move |r| {
            (0..4u8)
                .filter(move |s| self.suits & (1 << s) != 0)
                .map(move |s| Card::new(r, s))
        })
    }
}

// The common rules in plain arithmetic, for the hottest loops (the same answers as
// `Build::fits` with the matching constant; `named_rules_match_the_general_rule` checks).

/// `upper` can take `lower` in a sequence built down by one rank, colours alternating.
#[inline(always)]
pub fn down_alternate(upper: Card, lower: Card) -> bool {
    upper.rank() == lower.rank() + 1 && upper.colour() != lower.colour()
}

/// `upper` can take `lower` in a marriage built down (same suit, one rank lower).
#[inline(always)]
pub fn down_same_suit(upper: Card, lower: Card) -> bool {
    upper.rank() == lower.rank() + 1 && upper.suit() == lower.suit()
}

/// `next` follows `top` on a foundation built up in suit by one (no wrap).
#[inline(always)]
pub fn up_in_suit(top: Card, next: Card) -> bool {
    next.rank() == top.rank() + 1 && next.suit() == top.suit()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::card;

    #[test]
    fn fits_by_direction_suit_step_and_wrap() {
        let b = Build::DOWN_ALTERNATE;
        assert!(b.fits(card("9S"), card("8H")));
        assert!(!b.fits(card("9S"), card("8C")));
        assert!(!b.fits(card("9S"), card("TH")));
        assert!(Build::UP_IN_SUIT.fits(card("AC"), card("2C")));
        assert!(
            !Build::UP_IN_SUIT.fits(card("KC"), card("AC")),
            "no wrap by default"
        );
        assert!(Build::UP_IN_SUIT.wrap().fits(card("KC"), card("AC")));
        let twos = Build::new(Dir::Up, SuitRule::Same).step(2);
        assert!(twos.fits(card("AH"), card("3H")) && !twos.fits(card("AH"), card("2H")));
        let either = Build::new(Dir::Either, SuitRule::Same);
        assert!(either.fits(card("5D"), card("4D")) && either.fits(card("5D"), card("6D")));
        assert!(Build::new(Dir::Up, SuitRule::Colour).fits(card("5D"), card("6H")));
        assert!(!Build::new(Dir::Up, SuitRule::Colour).fits(card("5D"), card("6S")));
    }

    #[test]
    fn piquet_order_puts_the_seven_after_the_ace() {
        let p = Build::UP_IN_SUIT.piquet();
        assert!(p.fits(card("AS"), card("7S")));
        assert!(!p.fits(card("AS"), card("2S")));
        assert!(p.fits(card("QS"), card("KS")));
        assert!(p.wrap().fits(card("KS"), card("AS")));
        assert_eq!(RankOrder::Piquet.pos(5), None);
    }

    #[test]
    fn could_rest_on_lists_exactly_the_fitting_cards() {
        for b in [
            Build::DOWN_ALTERNATE,
            Build::UP_IN_SUIT,
            Build::new(Dir::Either, SuitRule::Any).wrap(),
            Build::new(Dir::Down, SuitRule::Colour).step(2),
        ] {
            for i in 0..52 {
                let on = Card::from_index(i);
                let listed: Vec<Card> = b.could_rest_on(on).cards().collect();
                for j in 0..52 {
                    let c = Card::from_index(j);
                    assert_eq!(b.fits(on, c), listed.contains(&c), "{b:?} {on} {c}");
                }
            }
        }
    }

    #[test]
    fn run_len_counts_the_top_sequence() {
        let b = Build::DOWN_ALTERNATE;
        let t = |s: &str| crate::testing::cards(s);
        assert_eq!(b.run_len(&t("KS QH JC TD")), 4);
        assert_eq!(b.run_len(&t("KS QS JC TD")), 2);
        assert_eq!(b.run_len(&[]), 0);
        let e = Build::new(Dir::Either, SuitRule::Same);
        assert_eq!(e.run_len(&t("4C 5C 6C 5C")), 2, "one direction per run");
        assert_eq!(e.run_len(&t("7C 6C 5C")), 3);
    }

    #[test]
    fn named_rules_match_the_general_rule() {
        for i in 0..52 {
            for j in 0..52 {
                let (a, b) = (Card::from_index(i), Card::from_index(j));
                assert_eq!(down_alternate(a, b), Build::DOWN_ALTERNATE.fits(a, b));
                assert_eq!(down_same_suit(a, b), Build::DOWN_IN_SUIT.fits(a, b));
                assert_eq!(up_in_suit(a, b), Build::UP_IN_SUIT.fits(a, b));
            }
        }
    }

    #[test]
    fn spaces_policy() {
        let k = Build::DOWN_ALTERNATE.spaces(Space::Kings);
        assert!(k.fits_space(card("KH"), false) && !k.fits_space(card("QH"), true));
        assert!(Build::DOWN_ALTERNATE
            .spaces(Space::FromStock)
            .fits_space(card("2C"), true));
        assert!(!Build::DOWN_ALTERNATE
            .spaces(Space::Never)
            .fits_space(card("KC"), true));
    }
}

impl Build {
    /// [`Build::fits`] as a table over the 52 cards of one pack: entry `on.index()` has
    /// bit `c.index()` set when `c` may go on `on`. For relaxed tests that work on sets
    /// of cards as bits (see [`fitting_any`]); a `const`, so a game keeps it as one.
    pub const fn fits_table(&self) -> [u64; 52] {
        let mut t = [0u64; 52];
        let mut i = 0;
        while i < 52 * 52 {
            let (on, c) = (Card::from_index(i / 52), Card::from_index(i % 52));
            let up = matches!(self.next(on.rank(), true), Some(r) if r == c.rank());
            let down = matches!(self.next(on.rank(), false), Some(r) if r == c.rank());
            let dir = match self.dir {
                Dir::Up => up,
                Dir::Down => down,
                Dir::Either => up || down,
            };
            if dir && self.suit.allows(on, c) {
                t[i / 52] |= 1 << (i % 52);
            }
            i += 1;
        }
        t
    }
}

/// The cards (as [`Card::index`] bits) that may go on at least one card of `on` (bits
/// too), by a [`Build::fits_table`].
#[inline]
pub fn fitting_any(table: &[u64; 52], on: u64) -> u64 {
    let (mut out, mut m) = (0u64, on);
    while m != 0 {
        out |= table[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    out
}

#[cfg(test)]
mod fits_table_tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_fits() {
        for b in [
            Build::DOWN_ALTERNATE,
            Build::UP_IN_SUIT.wrap(),
            Build::new(Dir::Either, SuitRule::Colour).step(2),
        ] {
            let t = b.fits_table();
            for (i, row) in t.iter().enumerate() {
                for j in 0..52 {
                    let (on, c) = (Card::from_index(i), Card::from_index(j));
                    assert_eq!(row >> j & 1 == 1, b.fits(on, c), "{b:?} {on} {c}");
                }
            }
        }
        let t = Build::DOWN_ALTERNATE.fits_table();
        let (nine_s, ten_h) = (1u64 << 47, 1u64 << 35);
        assert_eq!(fitting_any(&t, nine_s | ten_h), t[47] | t[35]);
        assert_eq!(fitting_any(&t, 0), 0);
    }
}
