//! THE QUEENS (`queens`), from `rules/queens.md`.
//!
//! # Layout and deal
//! Two packs, nothing withdrawn. Cards 1-32 form the key, one face-up packet (card 1 at the
//! bottom, card 32 on top, only the top usable); the pack is cards 33-104. Queens on the key
//! (setup only, automatic): while the key is not empty and its top is a queen, its top
//! `min(14, size)` cards go under the pack keeping their order (the queen comes out last).
//! Then the next pack cards are dealt to the shutter S1-S7 (upper row S1-S4, lower row
//! S5-S7); a king dealt there goes at once to the lowest-numbered free place of the
//! foundation row F1-F8 and the same shutter place gets the next card. The talon starts
//! empty.
//!
//! # Foundations
//! Eight piles, each based on a king, built K, A, 2, ..., J, Q in suit (13 cards). A king
//! goes to the lowest-numbered free place (one move); another card goes onto a pile of its
//! suit showing the card just below it (two piles fitting: two moves). Cards never leave.
//!
//! # Piles and availability
//! Key: only its top card, and only to a foundation. Shutter: the top card of each packet;
//! it may go to a foundation or be married onto another packet's top (same suit, one rank
//! lower, no wrap). The talon top may go to a foundation or be married onto a shutter top.
//! `turn` turns the pack's top card onto the talon, whenever the pack has cards.
//!
//! # Spaces
//! A shutter place left empty is refilled at once (automatic) with the talon top, or the
//! pack top when the talon is empty; with both empty it stays empty for good. Never from
//! the key or from another packet.
//!
//! # Pack, talon and re-deals
//! No re-deal; queens pay instead. `C` counts the queens now in the talon that were turned
//! during the current pass (up by one when `turn` shows a queen, down by one when a queen
//! leaves the talon top while `C >= 1`, 0 after a payment). `pay` (pack empty, `C >= 1`):
//! cards are taken from the talon bottom until `3 x C` non-queens are taken (queens met are
//! taken too) or the talon is exhausted; they are the new pack, the first taken turned
//! first.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is legal.
//!
//! # Solver
//! A shutter packet is always its bottom card with a run down in suit on it, so it is
//! stored as (bottom card, length). Pack and talon are one sequence X (talon bottom to top,
//! then pack top to bottom) with a boundary: turning moves the boundary, plays and refills
//! remove the card on either side of it, and a payment rotates X. Read cyclically, X is
//! therefore always a subsequence of the stock as it stood after the deal, and the key
//! stores it as a mask over that stock, its first element and the boundary. Shutter places
//! are interchangeable (sorted in the key), as are piles of one suit.
//!
//! Turns are searched as macro moves "turn k times, then a move that uses the stock"
//! (see `solver_moves` below). Safe moves: kings and some other cards from the key, and
//! some shutter cards that leave a card behind (`Queens::safe_found`). Positions whose
//! key can never be played out are cut off (`Queens::key_blocked`):
//! the key's 32 cards must go to the foundations in order, which most deals make
//! impossible from the start.

use crate::card::{pile_text, Card, KING, QUEEN};
use crate::error::EngineError;
use crate::game::{check_option_names, Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::{down_same_suit, BitWriter};

pub const SLUG: &str = "queens";

/// Cards in the whole game.
const CARDS: usize = 104;
/// Cards of the key as dealt.
const KEY: usize = 32;
/// Key cards a queen on top of the key sends under the pack (herself included).
const KEY_PAYMENT: usize = 14;
/// Shutter places.
const SHUTTER: usize = 7;
/// Foundation places.
const PLACES: usize = 8;
/// Cards of a complete foundation (K, A .. Q).
const FULL: u8 = 13;
/// Suit of a free foundation place.
const NONE: u8 = 0xff;

/// The game; it has no options.
#[derive(Clone, Debug, Default)]
pub struct Queens;

impl Queens {
    /// Build from user options: there are none, so any name given is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        check_option_names(SLUG, opts, &[])?;
        Ok(Queens)
    }
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct State {
    /// The key, bottom to top: `key[..key_len]`.
    key: [Card; KEY],
    key_len: u8,
    /// Shutter packet i is `bottom[i]` with `slen[i] - 1` cards on it, each one rank lower
    /// in the same suit (the only way a packet grows); empty when `slen[i]` is 0.
    bottom: [Card; SHUTTER],
    slen: [u8; SHUTTER],
    /// Suit of each foundation place (`NONE` while free) and its number of cards
    /// (1 = the king alone; it next takes the card of rank `count`).
    fsuit: [u8; PLACES],
    fcount: [u8; PLACES],
    /// The stock (pack and talon) as it stood after the deal, in the order of X.
    orig: [Card; CARDS],
    orig_len: u8,
    /// X as indices into `orig`: `seq[..talon]` is the talon bottom to top, and
    /// `seq[talon..len]` the pack top to bottom.
    seq: [u8; CARDS],
    len: u8,
    talon: u8,
    /// The counter C: queens in the talon turned during the current pass.
    queens: u8,
}

/// One move. Places are 0-based (`S1` is 0, `F1` is 0).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// The top card of the pack onto the talon.
    Turn,
    /// The queens' payment from the talon bottom.
    Pay,
    /// The key's top card to foundation place `to`.
    KeyFound(u8),
    /// The top card of shutter packet `from` to foundation place `to`.
    ShutterFound { from: u8, to: u8 },
    /// The talon top to foundation place `to`.
    TalonFound(u8),
    /// Marriage: the top of shutter packet `from` onto the top of packet `to`.
    ShutterShutter { from: u8, to: u8 },
    /// Marriage: the talon top onto the top of shutter packet `to`.
    TalonShutter(u8),
    /// Solver only: `turns` turns, then the move `then`, which uses the stock.
    Stock { turns: u8, then: Then },
}

/// The last step of a solver macro [`Move::Stock`]: a move whose effect depends on the
/// stock (a play from the talon, the payment, or a shutter move that empties its place
/// and so draws a refill).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Then {
    Pay,
    TalonFound(u8),
    TalonShutter(u8),
    ShutterFound { from: u8, to: u8 },
    ShutterShutter { from: u8, to: u8 },
}

impl Then {
    fn as_move(self) -> Move {
        match self {
            Then::Pay => Move::Pay,
            Then::TalonFound(to) => Move::TalonFound(to),
            Then::TalonShutter(to) => Move::TalonShutter(to),
            Then::ShutterFound { from, to } => Move::ShutterFound { from, to },
            Then::ShutterShutter { from, to } => Move::ShutterShutter { from, to },
        }
    }
}

impl State {
    /// A position with nothing anywhere (the deal and the tests fill it in).
    fn empty() -> State {
        State {
            key: [Card::default(); KEY],
            key_len: 0,
            bottom: [Card::default(); SHUTTER],
            slen: [0; SHUTTER],
            fsuit: [NONE; PLACES],
            fcount: [0; PLACES],
            orig: [Card::default(); CARDS],
            orig_len: 0,
            seq: [0; CARDS],
            len: 0,
            talon: 0,
            queens: 0,
        }
    }

    /// Set the stock: `talon` bottom to top and `pack` in dealing order (top first).
    fn set_stock(&mut self, talon: &[Card], pack: &[Card]) {
        let n = (talon.len() + pack.len()).min(CARDS);
        for (i, &c) in talon.iter().chain(pack).take(n).enumerate() {
            self.orig[i] = c;
            self.seq[i] = i as u8;
        }
        self.orig_len = n as u8;
        self.len = n as u8;
        self.talon = talon.len().min(n) as u8;
    }

    #[inline]
    fn key_top(&self) -> Option<Card> {
        self.key_slice().last().copied()
    }
    #[inline]
    fn key_slice(&self) -> &[Card] {
        &self.key[..self.key_len as usize]
    }
    /// The available card of shutter packet `i`.
    #[inline]
    fn shutter_top(&self, i: usize) -> Option<Card> {
        let n = self.slen[i];
        (n > 0).then(|| {
            let b = self.bottom[i];
            Card::new(b.rank() + 1 - n, b.suit())
        })
    }
    /// Shutter packet `i`, bottom to top.
    fn packet(&self, i: usize) -> Vec<Card> {
        let b = self.bottom[i];
        (0..self.slen[i])
            .map(|k| Card::new(b.rank() - k, b.suit()))
            .collect()
    }
    #[inline]
    fn card_at(&self, pos: usize) -> Card {
        self.orig[self.seq[pos] as usize]
    }
    #[inline]
    fn talon_top(&self) -> Option<Card> {
        (self.talon > 0).then(|| self.card_at(self.talon as usize - 1))
    }
    #[inline]
    fn pack_len(&self) -> u8 {
        self.len - self.talon
    }
    /// The talon, bottom to top.
    fn talon_cards(&self) -> Vec<Card> {
        (0..self.talon as usize).map(|p| self.card_at(p)).collect()
    }
    /// The pack, bottom to top (its last card is turned next).
    fn pack_cards(&self) -> Vec<Card> {
        (self.talon as usize..self.len as usize)
            .rev()
            .map(|p| self.card_at(p))
            .collect()
    }
    /// Foundation place `p`, bottom (the king) to top.
    fn foundation(&self, p: usize) -> Vec<Card> {
        let s = self.fsuit[p];
        if s == NONE {
            return Vec::new();
        }
        (0..self.fcount[p])
            .map(|k| Card::new(if k == 0 { KING } else { k }, s))
            .collect()
    }
    #[inline]
    fn lowest_free_place(&self) -> Option<usize> {
        self.fsuit.iter().position(|&s| s == NONE)
    }

    /// Foundation places that take `c` now, in place order (a king: the lowest free one).
    fn found_dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        let king = c.rank() == KING;
        let free = if king { self.lowest_free_place() } else { None };
        (0..PLACES).filter(move |&p| {
            if king {
                Some(p) == free
            } else {
                self.fsuit[p] == c.suit() && self.fcount[p] == c.rank()
            }
        })
    }

    /// Put `c` on foundation place `p` (a legal destination).
    fn put_on_foundation(&mut self, c: Card, p: usize) {
        if c.rank() == KING {
            self.fsuit[p] = c.suit();
            self.fcount[p] = 1;
        } else {
            self.fcount[p] += 1;
        }
    }

    /// Remove the card at position `pos` of X.
    fn remove_at(&mut self, pos: usize) -> Card {
        let c = self.card_at(pos);
        self.seq.copy_within(pos + 1..self.len as usize, pos);
        self.len -= 1;
        c
    }

    /// Take the talon top (which must exist); a queen leaving it lowers C.
    fn take_talon_top(&mut self) -> Card {
        let c = self.remove_at(self.talon as usize - 1);
        self.talon -= 1;
        if c.rank() == QUEEN && self.queens > 0 {
            self.queens -= 1;
        }
        c
    }

    /// Take the top card of shutter packet `i` (which must not be empty).
    fn take_shutter_top(&mut self, i: usize) -> Card {
        let c = self.shutter_top(i).unwrap_or_default();
        self.slen[i] -= 1;
        c
    }

    /// The automatic step: every empty shutter place is refilled from the talon top, or
    /// else the pack top; with both empty it stays empty.
    fn refill(&mut self) {
        for i in 0..SHUTTER {
            if self.slen[i] > 0 {
                continue;
            }
            let c = if self.talon > 0 {
                self.take_talon_top()
            } else if self.len > 0 {
                self.remove_at(0)
            } else {
                continue;
            };
            self.bottom[i] = c;
            self.slen[i] = 1;
        }
    }

    fn turn(&mut self) {
        let c = self.card_at(self.talon as usize);
        self.talon += 1;
        if c.rank() == QUEEN {
            self.queens += 1;
        }
    }

    #[inline]
    fn can_pay(&self) -> bool {
        self.pack_len() == 0 && self.talon > 0 && self.queens > 0
    }

    /// The payment: from the talon bottom until `3 x C` non-queens are taken or the talon
    /// is exhausted; the cards taken become the pack, the first taken on top.
    fn pay(&mut self) {
        let need = 3 * usize::from(self.queens);
        let (mut taken, mut non_queens) = (0, 0);
        while taken < self.len as usize && non_queens < need {
            if self.card_at(taken).rank() != QUEEN {
                non_queens += 1;
            }
            taken += 1;
        }
        // The pack is empty, so X is the talon: the taken prefix moves behind the rest,
        // where it is the pack, top first.
        self.seq[..self.len as usize].rotate_left(taken);
        self.talon = self.len - taken as u8;
        self.queens = 0;
    }
}

impl Queens {
    /// Visit the legal moves in a fixed order: key, shutter and talon to the foundations,
    /// then marriages from the shutter and from the talon, then `turn` and `pay`.
    fn each_move(&self, s: &State, out: &mut Vec<Move>) {
        if let Some(c) = s.key_top() {
            out.extend(s.found_dests(c).map(|p| Move::KeyFound(p as u8)));
        }
        for i in 0..SHUTTER {
            if let Some(c) = s.shutter_top(i) {
                out.extend(s.found_dests(c).map(|p| Move::ShutterFound {
                    from: i as u8,
                    to: p as u8,
                }));
            }
        }
        if let Some(c) = s.talon_top() {
            out.extend(s.found_dests(c).map(|p| Move::TalonFound(p as u8)));
        }
        for from in 0..SHUTTER {
            let Some(c) = s.shutter_top(from) else {
                continue;
            };
            for to in 0..SHUTTER {
                if to != from && s.shutter_top(to).is_some_and(|t| down_same_suit(t, c)) {
                    out.push(Move::ShutterShutter {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
        if let Some(c) = s.talon_top() {
            for to in 0..SHUTTER {
                if s.shutter_top(to).is_some_and(|t| down_same_suit(t, c)) {
                    out.push(Move::TalonShutter(to as u8));
                }
            }
        }
        if s.pack_len() > 0 {
            out.push(Move::Turn);
        }
        if s.can_pay() {
            out.push(Move::Pay);
        }
    }

    /// Is playing `c` to a foundation place that takes it now provably safe, when `c`
    /// comes from the key (`from_key`) or from the top of a shutter packet of two or more
    /// cards? (A king from the key: always.)
    ///
    /// Proofs. Each pile takes exactly one card of each rank, so of the two copies of a
    /// card c (rank r < K, suit s) one ends on each pile of suit s. Let A be the place
    /// receiving c now (A shows r - 1) and B the other pile of suit s. Take a winning line
    /// L; it plays c to a pile at some time t2 (every card ends on a foundation).
    ///
    /// 1. A king from the key: kings never compete for places (8 places, 8 kings) and a
    ///    key card can only go to a foundation, so L stays legal when the king goes now
    ///    (one more pile only adds options) and the positions meet after L plays it.
    /// 2. Key card c, when B holds r cards or more (B takes c too, or already has its c)
    ///    or when the other copy c' lies in the key under c. Until t2 the key does not
    ///    move. If c' is still in the key or already on B, no card can go onto a pile
    ///    showing r - 1 before t2, so L's moves before t2 leave A alone and stay legal with
    ///    c already on A; at t2 the positions coincide (up to which pile of suit s is
    ///    which). If A and B both show r - 1 and L plays c' before t2, it goes to one of
    ///    them, which we may call B; we play c' there too, and after that L can only put
    ///    c (at t2) on the pile still showing r - 1, the one we filled early. Piles that
    ///    are higher never forbid a move, so every move of L stays legal.
    /// 3. Shutter top c over c + 1 (no vacancy, no refill), when B holds r cards or more:
    ///    then both piles of suit s already hold their r - 1, so no card can ever be
    ///    married onto c, and nothing but c and c' can go on a c + 1. Follow L without its
    ///    moves of c: while c is still out in L, the two positions differ only in one packet
    ///    that shows c over c + 1 in L and c + 1 here. L's marriages of c move that
    ///    difference to another packet of the same kind; L never marries onto c, never
    ///    moves the c + 1 under it, and never empties that packet, so each other move of L
    ///    is legal here and refills the same way; c' is handled as in 2. When L plays c
    ///    to a foundation the positions coincide.
    fn safe_found(&self, s: &State, c: Card, from_key: bool) -> Option<usize> {
        let a = s.found_dests(c).next()?;
        if c.rank() == KING {
            return from_key.then_some(a);
        }
        let r = c.rank();
        let b_holds = (0..PLACES)
            .filter(|&p| p != a && s.fsuit[p] == c.suit())
            .map(|p| s.fcount[p])
            .max()
            .unwrap_or(0);
        if b_holds >= r {
            return Some(a);
        }
        let under = s.key_slice().split_last().map_or(&[][..], |(_, rest)| rest);
        (from_key && under.contains(&c)).then_some(a)
    }

    /// True when the key can never be played out, so the game cannot be won.
    ///
    /// Positions on a pile: K = 0, A = 1, .., Q = 12; a pile of n cards holds the positions
    /// below n, one card of each. Key cards leave only for the foundations, from the top
    /// down, so in a winning line the key cards of one suit go, in key order, each onto a
    /// pile of that suit whose length is then its position; between those plays the two
    /// piles only grow; and a pile can never hold a card that is still in the key, so for
    /// every position q at every moment, piles holding q + copies of q still in the key
    /// <= 2. For each suit we follow every way of giving its key cards, in order, to its
    /// two piles (growing a pile only just before it takes a key card, which is never
    /// worse), checking that count as the pile grows. If no way exists for some suit, the
    /// key cannot be played out. (Cards outside the key are treated as always at hand, so
    /// this only ever finds positions that are really lost.)
    fn key_blocked(&self, s: &State) -> bool {
        let key = s.key_slice();
        let mut piles = [[0u8; 2]; 4];
        let mut seen = [0usize; 4];
        for p in 0..PLACES {
            let su = s.fsuit[p];
            if su != NONE && seen[su as usize] < 2 {
                piles[su as usize][seen[su as usize]] = s.fcount[p];
                seen[su as usize] += 1;
            }
        }
        let pos = |c: Card| if c.rank() == KING { 0 } else { c.rank() };
        for su in 0..4u8 {
            // This suit's key cards, top first, as positions; and copies in the key.
            let mut order = [0u8; KEY];
            let mut m = 0;
            let mut rem = [0u8; FULL as usize];
            for &c in key.iter().rev() {
                if c.suit() == su {
                    order[m] = pos(c);
                    m += 1;
                    rem[pos(c) as usize] += 1;
                }
            }
            if m == 0 {
                continue;
            }
            // Reachable pile lengths (shorter, longer) as a set of 14 x 14 bits.
            let [na, nb] = piles[su as usize];
            let bit = |lo: u8, hi: u8| usize::from(lo) * 14 + usize::from(hi);
            let mut cur = [0u64; 4];
            let b = bit(na.min(nb), na.max(nb));
            cur[b / 64] |= 1 << (b % 64);
            for &p in &order[..m] {
                let mut next = [0u64; 4];
                let mut any = false;
                for (w, &word) in cur.iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let b = w * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let (lo, hi) = ((b / 14) as u8, (b % 14) as u8);
                        let ways = if lo == hi { 1 } else { 2 };
                        for (h, other) in [(lo, hi), (hi, lo)].into_iter().take(ways) {
                            if h > p {
                                continue;
                            }
                            let grows =
                                (h..p).all(|q| 1 + u8::from(other > q) + rem[q as usize] <= 2);
                            if grows {
                                let n = bit((p + 1).min(other), (p + 1).max(other));
                                next[n / 64] |= 1 << (n % 64);
                                any = true;
                            }
                        }
                    }
                }
                if !any {
                    return true;
                }
                rem[p as usize] -= 1;
                cur = next;
            }
        }
        false
    }

    /// The solver's key bits: see [`Game::key`].
    fn key_words(&self, s: &State) -> [u64; 4] {
        let mut w = BitWriter::<4>::new();
        w.put(u64::from(s.key_len), 6);
        let mut packets = [0u64; SHUTTER];
        for (i, p) in packets.iter_mut().enumerate() {
            if s.slen[i] > 0 {
                *p = (s.bottom[i].index() as u64) << 4 | u64::from(s.slen[i]);
            }
        }
        packets.sort_unstable();
        for p in packets {
            w.put(p, 10);
        }
        for suit in 0..4u8 {
            let mut h = [0u8; 2];
            let mut k = 0;
            for p in 0..PLACES {
                if s.fsuit[p] == suit && k < 2 {
                    h[k] = s.fcount[p];
                    k += 1;
                }
            }
            h.sort_unstable();
            w.put(u64::from(h[0]), 4);
            w.put(u64::from(h[1]), 4);
        }
        let mut mask: u128 = 0;
        for &i in &s.seq[..s.len as usize] {
            mask |= 1u128 << i;
        }
        w.put(mask as u64, 64);
        w.put((mask >> 64) as u64 & ((1 << 40) - 1), 40);
        let first = if s.len > 0 { s.seq[0] } else { 0 };
        w.put(u64::from(first), 7);
        w.put(u64::from(s.talon), 7);
        w.put(u64::from(s.queens), 4);
        w.finish()
    }
}

impl Game for Queens {
    type State = State;
    type Move = Move;
    type Key = [u64; 4];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Queens",
            pack: PackSpec::Standard(2),
            options: Vec::new(),
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != CARDS {
            return Err(EngineError::WrongCount {
                expected: CARDS,
                got: cards.len(),
            });
        }
        let mut key: Vec<Card> = cards[..KEY].to_vec();
        let mut pack: Vec<Card> = cards[KEY..].to_vec();
        // Queens on the key: the top cards go under the pack in their order.
        while key.last().is_some_and(|c| c.rank() == QUEEN) {
            let n = KEY_PAYMENT.min(key.len());
            let moved = key.split_off(key.len() - n);
            pack.extend(moved);
        }
        let mut s = State::empty();
        for (i, &c) in key.iter().enumerate() {
            s.key[i] = c;
        }
        s.key_len = key.len() as u8;
        // The shutter, kings going to the foundation row with a replacement card.
        let mut next = pack.iter().copied();
        for i in 0..SHUTTER {
            loop {
                let Some(c) = next.next() else {
                    return Err(EngineError::BadDeal(
                        "the pack ran out during the shutter deal".into(),
                    ));
                };
                if c.rank() == KING {
                    if let Some(p) = s.lowest_free_place() {
                        s.put_on_foundation(c, p);
                    }
                    continue;
                }
                s.bottom[i] = c;
                s.slen[i] = 1;
                break;
            }
        }
        let rest: Vec<Card> = next.collect();
        s.set_stock(&[], &rest);
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.is_won(s) {
            return;
        }
        self.each_move(s, out);
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Turn => s.turn(),
            Move::Pay => s.pay(),
            Move::KeyFound(to) => {
                if let Some(c) = s.key_top() {
                    s.key_len -= 1;
                    s.put_on_foundation(c, to as usize);
                }
            }
            Move::ShutterFound { from, to } => {
                let c = s.take_shutter_top(from as usize);
                s.put_on_foundation(c, to as usize);
            }
            Move::TalonFound(to) => {
                let c = s.take_talon_top();
                s.put_on_foundation(c, to as usize);
            }
            Move::ShutterShutter { from, to } => {
                s.take_shutter_top(from as usize);
                s.slen[to as usize] += 1;
            }
            Move::TalonShutter(to) => {
                s.take_talon_top();
                s.slen[to as usize] += 1;
            }
            Move::Stock { turns, then } => {
                for _ in 0..turns {
                    s.turn();
                }
                self.play(s, then.as_move());
            }
        }
        s.refill();
    }

    fn is_won(&self, s: &State) -> bool {
        s.fcount.iter().all(|&n| n == FULL)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Turn => "turn".into(),
            Move::Pay => "pay".into(),
            Move::KeyFound(to) => format!("key>f{}", to + 1),
            Move::ShutterFound { from, to } => format!("s{}>f{}", from + 1, to + 1),
            Move::TalonFound(to) => format!("talon>f{}", to + 1),
            Move::ShutterShutter { from, to } => format!("s{}>s{}", from + 1, to + 1),
            Move::TalonShutter(to) => format!("talon>s{}", to + 1),
            Move::Stock { turns, then } => {
                format!("turn*{turns}+{}", self.move_text(_s, then.as_move()))
            }
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut out = String::with_capacity(320);
        pile_text(&mut out, "key", s.key_slice(), 0);
        for i in 0..SHUTTER {
            out.push(' ');
            pile_text(&mut out, &format!("S{}", i + 1), &s.packet(i), 0);
        }
        for p in 0..PLACES {
            out.push(' ');
            pile_text(&mut out, &format!("F{}", p + 1), &s.foundation(p), 0);
        }
        out.push(' ');
        let pack = s.pack_cards();
        pile_text(&mut out, "pack", &pack, pack.len());
        out.push(' ');
        pile_text(&mut out, "talon", &s.talon_cards(), 0);
        out.push_str(&format!(" queens:{}", s.queens));
        out
    }

    fn display(&self, s: &State) -> String {
        let mut out = String::from("Foundations:");
        for p in 0..PLACES {
            let f = s.foundation(p);
            match f.last() {
                None => out.push_str(&format!("  F{} --", p + 1)),
                Some(c) => out.push_str(&format!("  F{} {c}", p + 1)),
            }
        }
        out.push('\n');
        let row = |out: &mut String, places: std::ops::Range<usize>| {
            for i in places {
                out.push_str(&format!("S{}:", i + 1));
                let cards = s.packet(i);
                if cards.is_empty() {
                    out.push_str(" --");
                }
                for c in cards {
                    out.push_str(&format!(" {c}"));
                }
                out.push_str("   ");
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        };
        out.push_str("Shutter:\n  ");
        row(&mut out, 0..4);
        out.push_str("  ");
        row(&mut out, 4..SHUTTER);
        out.push_str(&format!(
            "Key: {} ({} card{})\n",
            s.key_top().map_or("--".to_string(), |c| c.to_string()),
            s.key_len,
            if s.key_len == 1 { "" } else { "s" }
        ));
        out.push_str(&format!(
            "Pack: {} cards   Talon: {}{}   Queens counted: {}\n",
            s.pack_len(),
            s.talon_top().map_or("--".to_string(), |c| c.to_string()),
            if s.talon > 1 {
                format!(" (+{} beneath)", s.talon - 1)
            } else {
                String::new()
            },
            s.queens
        ));
        out
    }

    fn key(&self, s: &State) -> [u64; 4] {
        // Bits: key length 6 (the key is always the dealt key cut down from the top); the
        // seven packets as (bottom card index << 4 | length), 10 each, sorted (shutter
        // places are interchangeable); per suit the card counts of its two piles, sorted,
        // 4 each (piles of one suit are interchangeable, free places too); the stock as a
        // mask over `orig` (104), the `orig` index of X's first card (7) and the talon's
        // length (7); C (4). 230 bits. Exact for one deal: X read cyclically is `orig` with
        // cards left out (see the module notes), so mask, first card and boundary give it.
        self.key_words(s)
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        if self.key_blocked(s) {
            return None;
        }
        if let Some(c) = s.key_top() {
            if let Some(p) = self.safe_found(s, c, true) {
                return Some(Move::KeyFound(p as u8));
            }
        }
        for i in 0..SHUTTER {
            if s.slen[i] < 2 {
                continue;
            }
            if let Some(c) = s.shutter_top(i) {
                if let Some(p) = self.safe_found(s, c, false) {
                    return Some(Move::ShutterFound {
                        from: i as u8,
                        to: p as u8,
                    });
                }
            }
        }
        None
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        // Nothing when a key card can never be played (see `key_blocked`).
        //
        // Turns are searched as macro moves: "turn k times, then a move that uses the
        // stock" (a talon play, the payment, or a shutter move emptying its place, whose
        // refill takes the talon or pack top). A turn commutes with every other move (key
        // plays, and shutter moves that leave a card in their place): such a move neither
        // reads nor changes pack, talon or C, and a turn changes nothing else. So in a
        // winning line each run of turns can be put off until just before the next move
        // that uses the stock, and no line ends with turns (the pack would not be empty).
        //
        // A card fitting two piles goes to the first only: both piles show the same card of
        // one suit, so the two results differ only in which pile is which, and the key
        // (which sorts the piles of a suit) is the same.
        if self.key_blocked(s) {
            return;
        }
        let stock = s.len > 0;
        let empties = |from: usize| stock && s.slen[from] == 1;
        // Plays to the foundations that do not use the stock.
        if let Some(c) = s.key_top() {
            out.extend(s.found_dests(c).take(1).map(|p| Move::KeyFound(p as u8)));
        }
        for i in 0..SHUTTER {
            if let Some(c) = s.shutter_top(i).filter(|_| !empties(i)) {
                out.extend(s.found_dests(c).take(1).map(|p| Move::ShutterFound {
                    from: i as u8,
                    to: p as u8,
                }));
            }
        }
        // Moves that empty a place (their refill depends on the turns made before).
        let mut emptying = Vec::new();
        for i in 0..SHUTTER {
            if let Some(c) = s.shutter_top(i).filter(|_| empties(i)) {
                emptying.extend(s.found_dests(c).take(1).map(|p| Then::ShutterFound {
                    from: i as u8,
                    to: p as u8,
                }));
            }
        }
        let mut marriages = Vec::new();
        for from in 0..SHUTTER {
            let Some(c) = s.shutter_top(from) else {
                continue;
            };
            for to in 0..SHUTTER {
                if to != from && s.shutter_top(to).is_some_and(|t| down_same_suit(t, c)) {
                    if empties(from) {
                        emptying.push(Then::ShutterShutter {
                            from: from as u8,
                            to: to as u8,
                        });
                    } else {
                        marriages.push(Move::ShutterShutter {
                            from: from as u8,
                            to: to as u8,
                        });
                    }
                }
            }
        }
        // The stock macros, k = 0, 1, ... turns.
        let mut t = s.clone();
        let mut found_macros = Vec::new();
        let mut other_macros = Vec::new();
        for turns in 0..=s.pack_len() {
            if turns > 0 {
                t.turn();
            }
            let mac = |then| Move::Stock { turns, then };
            if let Some(c) = t.talon_top() {
                found_macros.extend(
                    t.found_dests(c)
                        .take(1)
                        .map(|p| mac(Then::TalonFound(p as u8))),
                );
                for to in 0..SHUTTER {
                    if t.shutter_top(to).is_some_and(|u| down_same_suit(u, c)) {
                        other_macros.push(mac(Then::TalonShutter(to as u8)));
                    }
                }
            }
            for &e in &emptying {
                let target = if matches!(e, Then::ShutterFound { .. }) {
                    &mut found_macros
                } else {
                    &mut other_macros
                };
                target.push(mac(e));
            }
            if t.can_pay() {
                other_macros.push(mac(Then::Pay));
            }
        }
        out.extend(found_macros);
        out.extend(other_macros);
        out.extend(marriages);
    }

    fn expand(&self, _s: &State, m: Move, out: &mut Vec<Move>) {
        match m {
            Move::Stock { turns, then } => {
                out.extend(std::iter::repeat_n(Move::Turn, turns as usize));
                out.push(then.as_move());
            }
            other => out.push(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits, Verdict};
    use std::sync::atomic::AtomicBool;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|t| Card::parse(t).unwrap())
            .collect()
    }

    fn texts(g: &Queens, s: &State) -> Vec<String> {
        let mut v = Vec::new();
        g.moves(s, &mut v);
        v.iter().map(|&m| g.move_text(s, m)).collect()
    }

    fn play(g: &Queens, s: &mut State, text: &str) {
        let mut v = Vec::new();
        g.moves(s, &mut v);
        let m = v.into_iter().find(|&m| g.move_text(s, m) == text);
        g.play(
            s,
            m.unwrap_or_else(|| panic!("{text} is not legal in {}", g.key_text(s))),
        );
    }

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
        let mut s = State::empty();
        for (i, c) in cards(key).into_iter().enumerate() {
            s.key[i] = c;
            s.key_len = i as u8 + 1;
        }
        for (i, t) in shutter.iter().enumerate() {
            let p = cards(t);
            if let Some(&b) = p.first() {
                for (k, c) in p.iter().enumerate() {
                    assert_eq!(c.suit(), b.suit());
                    assert_eq!(c.rank() as usize + k, b.rank() as usize);
                }
                s.bottom[i] = b;
                s.slen[i] = p.len() as u8;
            }
        }
        for (p, t) in found.iter().enumerate() {
            let f = cards(t);
            if let Some(k) = f.first() {
                assert_eq!(k.rank(), KING);
                s.fsuit[p] = k.suit();
                s.fcount[p] = f.len() as u8;
            }
        }
        s.set_stock(&cards(talon), &cards(pack));
        s.queens = queens;
        s
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

    /// The unshuffled two packs, 1-based card `n` at index `n - 1`.
    fn unshuffled() -> Vec<Card> {
        PackSpec::Standard(2).cards()
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
        let s = g.start(unshuffled(), SplitMix64::new(0)).unwrap();
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
        let mut v = unshuffled();
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
        let mut v = unshuffled();
        v.swap(31, 11);
        let g = Queens;
        let s = g.start(v, SplitMix64::new(0)).unwrap();
        assert_eq!(s.key_len, 18);
        assert_eq!(s.key_top(), Some(Card::parse("5D").unwrap()));
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

    /// A small random generator for the walks (SplitMix64 itself).
    fn walk(seed: u64, steps: usize) {
        let g = Queens;
        let (deal, rng) = PackSpec::Standard(2).shuffled(seed);
        let mut s = g.start(deal.clone(), rng).unwrap();
        let mut r = SplitMix64::new(seed ^ 0x5eed);
        let mut sorted_deal = deal;
        sorted_deal.sort();
        for _ in 0..steps {
            // Every card is somewhere, exactly once.
            let mut all: Vec<Card> = s.key_slice().to_vec();
            for i in 0..SHUTTER {
                all.extend(s.packet(i));
            }
            for p in 0..PLACES {
                all.extend(s.foundation(p));
            }
            all.extend(s.pack_cards());
            all.extend(s.talon_cards());
            all.sort();
            assert_eq!(all, sorted_deal);
            let t = texts(&g, &s);
            let mut u = t.clone();
            u.sort();
            u.dedup();
            assert_eq!(
                u.len(),
                t.len(),
                "duplicate move text in {}",
                g.key_text(&s)
            );
            if g.is_won(&s) {
                assert!(t.is_empty());
            }
            let mut v = Vec::new();
            g.moves(&s, &mut v);
            let mut sv = Vec::new();
            g.solver_moves(&s, &mut sv);
            // Each solver move expands to legal moves with the same result.
            for &m in &sv {
                let mut steps = Vec::new();
                g.expand(&s, m, &mut steps);
                let mut x = s.clone();
                for st in steps {
                    let t = g.move_text(&x, st);
                    play(&g, &mut x, &t);
                }
                let mut y = s.clone();
                g.play(&mut y, m);
                assert_eq!(g.key_text(&x), g.key_text(&y));
            }
            if let Some(m) = g.safe_move(&s) {
                assert!(v.contains(&m));
            }
            if v.is_empty() {
                break;
            }
            let m = v[(r.next_u64() % v.len() as u64) as usize];
            g.play(&mut s, m);
            let _ = g.display(&s);
            let _ = g.key(&s);
        }
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
        let e = d.clone();
        g.play(&mut d, Move::Pay);
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
        assert_eq!(g.safe_move(&s), Some(Move::KeyFound(0)));
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
        assert_eq!(g.safe_move(&s), Some(Move::KeyFound(0)));
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
        assert_eq!(g.safe_move(&s), Some(Move::ShutterFound { from: 0, to: 0 }));
        // A king on the key: safe; a king in the shutter or the talon: not.
        let s = position(
            "KD",
            ["KC", "", "", "", "", "", ""],
            ["", "", "", "", "", "", "", ""],
            "",
            "KS",
            0,
        );
        assert_eq!(g.safe_move(&s), Some(Move::KeyFound(0)));
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
        assert!(g.key_blocked(&mk("7H 7H TH")));
        assert!(!g.key_blocked(&mk("7H TH 7H")));
        // TS (top, after KS) needs a pile K..9, which takes the other KS, the other AS and a
        // 6S; the 6S under it then needs a second pile K, A..5, but one AS is on the first
        // pile and the other lies under the 6S.
        assert!(g.key_blocked(&mk("AS 6S TS KS")));
        // With the 6S at the bottom, the AS is played onto the second pile first: fine.
        assert!(!g.key_blocked(&mk("6S AS TS KS")));
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

    /// The same rules with none of the solver's help: every legal move, no safe move, no
    /// pruning, and the full text as the key.
    struct Plain;

    impl Game for Plain {
        type State = State;
        type Move = Move;
        type Key = Box<[u8]>;
        fn info(&self) -> GameInfo {
            Queens.info()
        }
        fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<State, EngineError> {
            Queens.start(cards, rng)
        }
        fn moves(&self, s: &State, out: &mut Vec<Move>) {
            Queens.moves(s, out)
        }
        fn play(&self, s: &mut State, m: Move) {
            Queens.play(s, m)
        }
        fn is_won(&self, s: &State) -> bool {
            Queens.is_won(s)
        }
        fn move_text(&self, s: &State, m: Move) -> String {
            Queens.move_text(s, m)
        }
        fn key_text(&self, s: &State) -> String {
            Queens.key_text(s)
        }
        fn key(&self, s: &State) -> Box<[u8]> {
            Queens.key_text(s).into_bytes().into_boxed_slice()
        }
    }

    /// A random position near the end: each pile lacks 0-3 cards, which are
    /// dealt at random to the key (up to 8), the seven shutter places (single cards) and the
    /// stock.
    fn endgame(r: &mut SplitMix64) -> State {
        let mut s = State::empty();
        let mut left = Vec::new();
        let mut places: Vec<usize> = (0..PLACES).collect();
        r.shuffle(&mut places);
        for (k, &p) in places.iter().enumerate() {
            let su = (k / 2) as u8;
            let lack = (r.next_u64() % 4) as u8;
            s.fsuit[p] = su;
            s.fcount[p] = FULL - lack;
            for rank in FULL - lack..FULL {
                left.push(Card::new(rank, su));
            }
        }
        r.shuffle(&mut left);
        let nkey = (r.next_u64() % 9) as usize;
        let mut it = left.into_iter();
        for c in it.by_ref().take(nkey) {
            s.key[s.key_len as usize] = c;
            s.key_len += 1;
        }
        for i in 0..SHUTTER {
            if let Some(c) = it.next() {
                s.bottom[i] = c;
                s.slen[i] = 1;
            }
        }
        let rest: Vec<Card> = it.collect();
        let nt = (r.next_u64() % (rest.len() as u64 + 1)) as usize;
        s.set_stock(&rest[..nt], &rest[nt..]);
        let q = rest[..nt].iter().filter(|c| c.rank() == QUEEN).count() as u64;
        s.queens = (r.next_u64() % (q + 1)) as u8;
        s
    }

    #[test]
    fn solver_agrees_with_a_plain_search() {
        // Safe moves, macro turns, the key-blocked test, dropped twin moves and the compact
        // key against a search of every legal move keyed by the full text.
        let cancel = AtomicBool::new(false);
        let plain_limit = Limits {
            max_states: Some(300_000),
            ..Limits::default()
        };
        let mut r = SplitMix64::new(2024);
        let (mut won, mut lost) = (0, 0);
        for _ in 0..400 {
            let s = endgame(&mut r);
            let want = solve(&Plain, &s, &plain_limit, &cancel).verdict;
            if want == Verdict::Unknown {
                continue;
            }
            let got = solve(&Queens, &s, &Limits::default(), &cancel);
            assert_eq!(got.verdict, want, "{}", Queens.key_text(&s));
            if want == Verdict::Won {
                won += 1;
                let mut x = s.clone();
                for &m in &got.moves {
                    let t = Queens.move_text(&x, m);
                    play(&Queens, &mut x, &t);
                }
                assert!(Queens.is_won(&x));
            } else {
                lost += 1;
            }
        }
        assert!(won > 40 && lost > 40, "won {won} lost {lost}");
    }
}
