//! NAPOLEON'S SQUARE (`napoleons-square`), from `rules/napoleons-square.md`.
//!
//! # Layout and deal
//! Two packs, nothing removed. Twelve packets P1..P12 of four cards dealt together: P1
//! gets cards 1-4 (card 1 at its bottom, card 4 on top), P2 cards 5-8, ..., P12 cards
//! 45-48; all face up. The other 56 cards are the pack, card 49 on top; the talon starts
//! empty. King correction (compulsory): for the suits C, D, H, S in turn, if each of the
//! two kings of the suit lies in a packet above (at any depth) a lower card of its suit,
//! one of the two must be slipped to the bottom of its packet: a pending choice of two
//! moves `slip:pN:K` (packet N, place K from the bottom); nothing else is legal until it
//! is made. Option `single_cards` (the book's second way): one card per packet (cards
//! 1-12), a 92-card pack, no king correction. Option `no_king_slip`: no king correction.
//!
//! # Foundations
//! F1..F8, started by aces during play (an ace goes to the lowest-numbered empty place),
//! built up in suit to the king. Either foundation of a suit may take a fitting card
//! (one move each). Sources: packet tops and the talon top.
//!
//! # Piles and availability
//! Only the top card of a packet is available. An available card (packet top or talon
//! top) may be married onto a packet top of its suit one rank higher; one card at a time.
//! Nothing is built on the talon.
//!
//! # Spaces
//! An emptied packet is a space. It may be filled, whenever the player likes, with the
//! talon top only (one card), which then takes marriages as any packet. A space takes no
//! marriage and no card from another packet.
//!
//! # Pack, talon and re-deals
//! `turn` turns the top card of the pack onto the talon. There is no re-deal.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Key (5 words, 274 bits): each packet as a 7-bit base code and a 4-bit run length,
//!   the twelve codes sorted (nothing in the rules depends on a packet's number); per
//!   suit the two foundation heights, smaller first (the two places of a suit are
//!   alike); the number of cards turned and which of them still lie on the talon (the
//!   pack keeps the deal's order, so this fixes pack and talon); the pending suit and
//!   the slips made.
//! - Safe move: a card to a foundation when it is an ace or both cards one rank lower
//!   of its suit are up (see `safe_move`).
//! - Moves: no bare `turn`; instead macro moves "turn k times, then play the talon top"
//!   (see `solver_moves`), expanded to legal moves in the solution.
//! - Pruning: a position that fails a relaxed test of winnability (`State::dead`) gets
//!   no solver moves.

use crate::card::{pile_text, Card, ACE, KING, SUIT_CHARS};
use crate::error::EngineError;
use crate::game::{bool_option, check_option_names, Game, GameInfo, OptionInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::{down_same_suit, BitWriter};

pub const SLUG: &str = "napoleons-square";

/// Packets of the square.
const PACKETS: usize = 12;
/// Foundation places.
const PLACES: usize = 8;
/// Cards of a packet at most: four dealt cards under a run of at most twelve married ones
/// (each one rank lower than the card beneath it, so at most a king's twelve).
const MAX_PACKET: usize = 16;
/// Cards of the pack at most (92 with `single_cards`).
const MAX_PACK: usize = 92;
/// Cards in the game.
const CARDS: usize = 104;
/// No suit (an empty foundation place, or no pending slip).
const NONE: u8 = 0xff;

/// The game with its options; `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct NapoleonsSquare {
    /// The book's second way: one card per packet, 92 cards in the pack, no king note.
    pub single_cards: bool,
    /// The king correction is not made.
    pub no_king_slip: bool,
}

impl NapoleonsSquare {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        check_option_names(SLUG, opts, &["single_cards", "no_king_slip"])?;
        Ok(NapoleonsSquare {
            single_cards: bool_option(opts, "single_cards", false)?,
            no_king_slip: bool_option(opts, "no_king_slip", false)?,
        })
    }

    /// Cards dealt to each packet.
    fn packet_size(&self) -> usize {
        if self.single_cards {
            1
        } else {
            4
        }
    }
}

/// One packet of the square, `cards[..len]` bottom to top.
#[derive(Copy, Clone, Debug)]
pub struct Packet {
    cards: [Card; MAX_PACKET],
    len: u8,
}

impl Packet {
    const EMPTY: Packet = Packet {
        cards: [Card::new(ACE, 0); MAX_PACKET],
        len: 0,
    };

    #[inline]
    fn slice(&self) -> &[Card] {
        &self.cards[..usize::from(self.len).min(MAX_PACKET)]
    }
    #[inline]
    fn top(&self) -> Option<Card> {
        self.slice().last().copied()
    }
    #[inline]
    fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = c;
            self.len += 1;
        }
    }
    #[inline]
    fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        Some(c)
    }
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct State {
    packets: [Packet; PACKETS],
    /// For the solver's key: `canon[p][j]` is the first packet whose first j + 1 cards,
    /// as dealt (after the king correction), are those of packet p.
    canon: [[u8; 4]; PACKETS],
    /// Suit of each foundation place, `NONE` while empty.
    place_suit: [u8; PLACES],
    /// Top rank of each foundation place (0 while empty).
    height: [u8; PLACES],
    /// The pack in the order of the deal: `deck[0]` is the first card turned.
    deck: [Card; MAX_PACK],
    deck_len: u8,
    /// Cards turned so far: `deck[turned..deck_len]` is still the pack.
    turned: u8,
    /// Bit i set: `deck[i]` lies on the talon (the talon is these cards in deck order).
    talon: u128,
    /// Suit whose king slip waits for the player's choice, or `NONE`.
    pending: u8,
    /// The king correction's choices, two bits per suit (0 none, 1 or 2: the first or the
    /// second king in move order). They fix the dealt packets the key's codes refer to.
    slips: u8,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// `turn`: the top card of the pack onto the talon.
    Turn,
    /// `pN>fM`.
    PacketFound { from: u8, to: u8 },
    /// `talon>fM`.
    TalonFound { to: u8 },
    /// `pN>pM`: a marriage.
    PacketPacket { from: u8, to: u8 },
    /// `talon>pM`: a marriage, or the filling of a space.
    TalonPacket { to: u8 },
    /// `slip:pN:K`: the pending king at place `place` (0-based) of `packet` to the bottom.
    Slip { packet: u8, place: u8 },
    /// Solver only: `turns` turns (at least one), then the talon top to `dest`: packet
    /// `dest` (a marriage or a space), or foundation `dest - TO_FOUNDATION`.
    Stock { turns: u8, dest: u8 },
}

/// `Move::Stock` destinations from here on are foundation places.
const TO_FOUNDATION: u8 = PACKETS as u8;

impl State {
    #[inline]
    fn talon_top_index(&self) -> Option<usize> {
        if self.talon == 0 {
            None
        } else {
            Some(127 - self.talon.leading_zeros() as usize)
        }
    }
    #[inline]
    fn talon_top(&self) -> Option<Card> {
        self.talon_top_index()
            .and_then(|i| self.deck.get(i).copied())
    }
    fn talon_pop(&mut self) -> Option<Card> {
        let i = self.talon_top_index()?;
        self.talon &= !(1u128 << i);
        self.deck.get(i).copied()
    }
    fn turn(&mut self) {
        if self.turned < self.deck_len {
            self.talon |= 1u128 << self.turned;
            self.turned += 1;
        }
    }
    #[inline]
    fn pack_len(&self) -> usize {
        usize::from(self.deck_len - self.turned)
    }
    fn talon_cards(&self) -> Vec<Card> {
        (0..usize::from(self.turned))
            .filter(|&i| self.talon & (1u128 << i) != 0)
            .filter_map(|i| self.deck.get(i).copied())
            .collect()
    }

    /// Foundation places that may take `c`, in place order: an ace only the lowest-numbered
    /// empty place, any other card each place of its suit one rank lower.
    fn places_for(&self, c: Card, out: &mut [u8; PLACES]) -> usize {
        let mut n = 0;
        if c.rank() == ACE {
            if let Some(p) = self.place_suit.iter().position(|&s| s == NONE) {
                out[0] = p as u8;
                n = 1;
            }
        } else {
            for p in 0..PLACES {
                if self.place_suit[p] == c.suit() && self.height[p] + 1 == c.rank() {
                    out[n] = p as u8;
                    n += 1;
                }
            }
        }
        n
    }

    fn play_up(&mut self, c: Card, p: usize) {
        if let (Some(s), Some(h)) = (self.place_suit.get_mut(p), self.height.get_mut(p)) {
            *s = c.suit();
            *h = c.rank();
        }
    }

    /// Cards of suit `suit` and rank at least `rank` on the foundations.
    fn on_foundations(&self, suit: u8, rank: u8) -> usize {
        (0..PLACES)
            .filter(|&p| self.place_suit[p] == suit && self.height[p] >= rank)
            .count()
    }

    /// The king correction's test for `suit`: both kings lie in packets, each above a
    /// lower card of the suit in its own packet.
    fn kings_block(&self, suit: u8) -> bool {
        let mut kings = 0;
        for pk in &self.packets {
            let cards = pk.slice();
            for (i, c) in cards.iter().enumerate() {
                if c.suit() == suit && c.rank() == KING {
                    if !cards[..i]
                        .iter()
                        .any(|d| d.suit() == suit && d.rank() < KING)
                    {
                        return false;
                    }
                    kings += 1;
                }
            }
        }
        kings == 2
    }

    /// Examine the suits from `first` on; stop at the first whose kings block.
    fn examine(&mut self, first: u8) {
        self.pending = NONE;
        for suit in first..4 {
            if self.kings_block(suit) {
                self.pending = suit;
                return;
            }
        }
    }

    /// A relaxed test that no win is possible: with the moves loosened (a card stays
    /// available as a marriage target as long as it likes, any number of cards may use
    /// the same target, every pack card can be turned up when wanted, and one foundation
    /// per suit stands for both), find which cards could ever leave their piles. The
    /// loosened game allows everything the real one does, so a card that cannot leave
    /// there (or a suit that cannot be built to the king) can never reach a foundation.
    fn dead(&self) -> bool {
        // Talon cards, top first.
        let mut talon = [Card::new(ACE, 0); MAX_PACK];
        let mut tlen = 0;
        let mut bits = self.talon;
        while bits != 0 {
            let i = 127 - bits.leading_zeros() as usize;
            bits &= !(1u128 << i);
            if let (Some(slot), Some(&c)) = (talon.get_mut(tlen), self.deck.get(i)) {
                *slot = c;
                tlen += 1;
            }
        }
        let pack = self
            .deck
            .get(usize::from(self.turned)..usize::from(self.deck_len))
            .unwrap_or(&[]);
        // Cards available at some time, per suit (bit r for rank r): in the packets, and
        // elsewhere (the talon, and the pack, whose every card can be turned up).
        let mut in_packets = [0u16; 4];
        let mut elsewhere = [0u16; 4];
        let mut pack_types = [0u16; 4];
        for c in pack {
            pack_types[usize::from(c.suit())] |= 1 << c.rank();
        }
        elsewhere.copy_from_slice(&pack_types);
        // cut[p]: cards at the top of packet p that can leave; the next one is available.
        let mut cut = [0usize; PACKETS];
        let mut spaceable = false;
        for pk in &self.packets {
            match pk.top() {
                Some(c) => in_packets[usize::from(c.suit())] |= 1 << c.rank(),
                None => spaceable = true,
            }
        }
        let mut tcut = 0usize;
        if let Some(c) = talon.first().filter(|_| tlen > 0) {
            elsewhere[usize::from(c.suit())] |= 1 << c.rank();
        }
        let mut reach = [0u8; 4];
        for p in 0..PLACES {
            if let Some(r) = reach.get_mut(usize::from(self.place_suit[p])) {
                *r = (*r).max(self.height[p]);
            }
        }
        let mut target = [0u16; 4];
        loop {
            for s in 0..4 {
                let have = in_packets[s] | elsewhere[s];
                while reach[s] < KING && have & (1 << (reach[s] + 1)) != 0 {
                    reach[s] += 1;
                }
                // target bit r: some card (r, s) can lie on a packet as a marriage target.
                let mut t = 0u16;
                for r in (1..=KING).rev() {
                    let placeable = spaceable || (r < KING && t & (1 << (r + 1)) != 0);
                    if in_packets[s] & (1 << r) != 0 || (placeable && elsewhere[s] & (1 << r) != 0)
                    {
                        t |= 1 << r;
                    }
                }
                target[s] = t;
            }
            let (rch, tgt, space) = (reach, target, spaceable);
            let can_leave = move |c: Card, may_fill: bool| {
                let s = usize::from(c.suit());
                rch[s] + 1 >= c.rank()
                    || (c.rank() < KING && tgt[s] & (1 << (c.rank() + 1)) != 0)
                    || (may_fill && space)
            };
            let mut changed = false;
            for (p, pk) in self.packets.iter().enumerate() {
                let cards = pk.slice();
                while cut[p] < cards.len() && can_leave(cards[cards.len() - 1 - cut[p]], false) {
                    cut[p] += 1;
                    changed = true;
                    match cards.len().checked_sub(cut[p] + 1) {
                        Some(i) => in_packets[usize::from(cards[i].suit())] |= 1 << cards[i].rank(),
                        None => spaceable = true,
                    }
                }
            }
            while tcut < tlen && can_leave(talon[tcut], true) {
                tcut += 1;
                changed = true;
                if let Some(c) = talon.get(tcut).filter(|_| tcut < tlen) {
                    elsewhere[usize::from(c.suit())] |= 1 << c.rank();
                }
            }
            if !changed {
                break;
            }
        }
        let pack_stuck = (0..4).any(|s| {
            (1..=KING).any(|r| {
                pack_types[s] & (1 << r) != 0
                    && !(reach[s] + 1 >= r
                        || (r < KING && target[s] & (1 << (r + 1)) != 0)
                        || spaceable)
            })
        });
        pack_stuck
            || reach != [KING; 4]
            || tcut < tlen
            || self
                .packets
                .iter()
                .zip(cut)
                .any(|(pk, c)| c < usize::from(pk.len))
    }

    /// Fill `canon` from the packets as they lie now (the deal, before any play).
    fn set_canon(&mut self) {
        for p in 0..PACKETS {
            for j in 0..4 {
                let mine = self.packets[p].slice().get(..=j);
                let q = (0..p)
                    .find(|&q| self.packets[q].slice().get(..=j) == mine)
                    .unwrap_or(p);
                self.canon[p][j] = q as u8;
            }
        }
    }

    /// The solver's code of packet `p`: the base (the cards under the run of married-like
    /// cards at the top, identified by content) and the length of that run.
    fn packet_code(&self, p: usize) -> u64 {
        let c = self.packets[p].slice();
        let Some(last) = c.len().checked_sub(1) else {
            return 0x7f << 4;
        };
        // j: the start of the longest run at the top, each card one lower in suit.
        let mut j = last;
        while j > 0 && down_same_suit(c[j - 1], c[j]) {
            j -= 1;
        }
        let run = (last - j) as u64;
        let base = if j == 0 {
            // One card: any card may come here (a filled space).
            64 + c[0].index() as u64
        } else {
            // Two or more cards under the run: the packet was never emptied, so they are
            // the first j + 1 cards of a dealt packet (j <= 3); name the first such packet.
            let q = self.canon[p].get(j).copied().unwrap_or(p as u8);
            u64::from(q) * 4 + j as u64
        };
        (base << 4) | run
    }
}

impl NapoleonsSquare {
    fn slip_moves(&self, s: &State, out: &mut Vec<Move>) {
        for (p, pk) in s.packets.iter().enumerate() {
            for (i, c) in pk.slice().iter().enumerate() {
                if c.suit() == s.pending && c.rank() == KING {
                    out.push(Move::Slip {
                        packet: p as u8,
                        place: i as u8,
                    });
                }
            }
        }
    }

    fn foundation_moves(&self, s: &State, dedupe: bool, out: &mut Vec<Move>) {
        let mut places = [0u8; PLACES];
        let mut push = |c: Card, mk: &dyn Fn(u8) -> Move, out: &mut Vec<Move>| {
            let n = s.places_for(c, &mut places);
            // Two places of one suit at the same height are alike (the key sorts them).
            let n = if dedupe { n.min(1) } else { n };
            for &p in &places[..n] {
                out.push(mk(p));
            }
        };
        for (from, pk) in s.packets.iter().enumerate() {
            if let Some(c) = pk.top() {
                push(
                    c,
                    &|to| Move::PacketFound {
                        from: from as u8,
                        to,
                    },
                    out,
                );
            }
        }
        if let Some(c) = s.talon_top() {
            push(c, &|to| Move::TalonFound { to }, out);
        }
    }

    fn marriage_moves(&self, s: &State, out: &mut Vec<Move>) {
        for (from, pk) in s.packets.iter().enumerate() {
            let Some(c) = pk.top() else { continue };
            for (to, target) in s.packets.iter().enumerate() {
                if to != from && target.top().is_some_and(|t| down_same_suit(t, c)) {
                    out.push(Move::PacketPacket {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }

    /// Talon top onto packets: marriages, and (`fills`) the filling of spaces; with
    /// `first_space_only` only the first space (spaces are alike).
    fn talon_moves(
        &self,
        s: &State,
        marriages: bool,
        fills: bool,
        first_space_only: bool,
        out: &mut Vec<Move>,
    ) {
        let Some(c) = s.talon_top() else { return };
        let mut filled = false;
        for (to, pk) in s.packets.iter().enumerate() {
            match pk.top() {
                Some(t) => {
                    if marriages && down_same_suit(t, c) {
                        out.push(Move::TalonPacket { to: to as u8 });
                    }
                }
                None => {
                    if fills && !(first_space_only && filled) {
                        out.push(Move::TalonPacket { to: to as u8 });
                        filled = true;
                    }
                }
            }
        }
    }

    /// May `c`, available now, go to a foundation without ever costing a win? Aces always;
    /// any other card when both cards one rank lower of its suit are on the foundations.
    fn safe_to_foundation(s: &State, c: Card) -> bool {
        c.rank() == ACE || s.on_foundations(c.suit(), c.rank() - 1) == 2
    }
}

impl Game for NapoleonsSquare {
    type State = State;
    type Move = Move;
    type Key = [u64; 5];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "Napoleon's Square",
            pack: PackSpec::Standard(2),
            options: vec![
                OptionInfo {
                    name: "single_cards",
                    default: "False".into(),
                    help: "the book's second way: twelve single cards instead of packets of four",
                },
                OptionInfo {
                    name: "no_king_slip",
                    default: "False".into(),
                    help: "no king correction after the deal",
                },
            ],
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != CARDS {
            return Err(EngineError::WrongCount {
                expected: CARDS,
                got: cards.len(),
            });
        }
        let size = self.packet_size();
        let mut s = State {
            packets: [Packet::EMPTY; PACKETS],
            canon: [[0; 4]; PACKETS],
            place_suit: [NONE; PLACES],
            height: [0; PLACES],
            deck: [Card::new(ACE, 0); MAX_PACK],
            deck_len: 0,
            turned: 0,
            talon: 0,
            pending: NONE,
            slips: 0,
        };
        let (layout, pack) = cards.split_at(PACKETS * size);
        for (p, chunk) in layout.chunks(size).enumerate() {
            for &c in chunk {
                s.packets[p].push(c);
            }
        }
        for (slot, &c) in s.deck.iter_mut().zip(pack) {
            *slot = c;
        }
        s.deck_len = pack.len().min(MAX_PACK) as u8;
        if !self.single_cards && !self.no_king_slip {
            s.examine(0);
        }
        s.set_canon();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending != NONE {
            self.slip_moves(s, out);
            return;
        }
        self.foundation_moves(s, false, out);
        self.marriage_moves(s, out);
        self.talon_moves(s, true, true, false, out);
        if s.pack_len() > 0 {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Turn => s.turn(),
            Move::Stock { turns, dest } => {
                for _ in 0..turns {
                    s.turn();
                }
                self.play(s, Self::stock_play(dest));
            }
            Move::PacketFound { from, to } => {
                if let Some(c) = s.packets[usize::from(from) % PACKETS].pop() {
                    s.play_up(c, usize::from(to));
                }
            }
            Move::TalonFound { to } => {
                if let Some(c) = s.talon_pop() {
                    s.play_up(c, usize::from(to));
                }
            }
            Move::PacketPacket { from, to } => {
                if let Some(c) = s.packets[usize::from(from) % PACKETS].pop() {
                    s.packets[usize::from(to) % PACKETS].push(c);
                }
            }
            Move::TalonPacket { to } => {
                if let Some(c) = s.talon_pop() {
                    s.packets[usize::from(to) % PACKETS].push(c);
                }
            }
            Move::Slip { packet, place } => {
                let mut choices = Vec::with_capacity(2);
                self.slip_moves(s, &mut choices);
                let nth = choices.iter().position(|&c| c == m).unwrap_or(0) as u8;
                s.slips |= (nth + 1) << (2 * (s.pending & 3));
                let p = usize::from(packet) % PACKETS;
                let i = usize::from(place);
                let pk = &mut s.packets[p];
                if i < usize::from(pk.len) {
                    pk.cards[..=i].rotate_right(1);
                }
                s.set_canon();
                let next = s.pending.saturating_add(1);
                s.examine(next);
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.height == [KING; PLACES]
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        Self::text(m)
    }

    fn key_text(&self, s: &State) -> String {
        let mut out = String::with_capacity(400);
        for (p, pk) in s.packets.iter().enumerate() {
            pile_text(&mut out, &format!("P{}", p + 1), pk.slice(), 0);
            out.push(' ');
        }
        for p in 0..PLACES {
            let cards: Vec<Card> = if s.place_suit[p] == NONE {
                Vec::new()
            } else {
                (1..=s.height[p])
                    .map(|r| Card::new(r, s.place_suit[p]))
                    .collect()
            };
            pile_text(&mut out, &format!("F{}", p + 1), &cards, 0);
            out.push(' ');
        }
        let pack: Vec<Card> = (usize::from(s.turned)..usize::from(s.deck_len))
            .rev()
            .filter_map(|i| s.deck.get(i).copied())
            .collect();
        pile_text(&mut out, "pack", &pack, pack.len());
        out.push(' ');
        pile_text(&mut out, "talon", &s.talon_cards(), 0);
        if let Some(&c) = SUIT_CHARS.get(usize::from(s.pending)) {
            out.push_str(" pending:slip-");
            out.push(c as char);
        }
        out
    }

    fn display(&self, s: &State) -> String {
        let packet = |p: usize| -> String {
            let cards = s.packets[p].slice();
            let body = if cards.is_empty() {
                "(space)".to_string()
            } else {
                cards
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!("P{:<2} {}", p + 1, body)
        };
        let mut out = String::new();
        out.push_str("Foundations:");
        for p in 0..PLACES {
            if s.place_suit[p] == NONE {
                out.push_str(&format!("  F{} --", p + 1));
            } else {
                out.push_str(&format!(
                    "  F{} {}",
                    p + 1,
                    Card::new(s.height[p], s.place_suit[p])
                ));
            }
        }
        out.push_str("\nTop side (left to right):\n");
        for p in 4..8 {
            out.push_str(&format!("    {}\n", packet(p)));
        }
        out.push_str("Left side (top to bottom)              Right side (top to bottom):\n");
        for row in 0..4 {
            out.push_str(&format!(
                "    {:<34} {}\n",
                packet(3 - row),
                packet(8 + row)
            ));
        }
        let talon = s.talon_cards();
        out.push_str(&format!(
            "Pack: {} cards   Talon: {}{}",
            s.pack_len(),
            talon.last().map_or("--".to_string(), |c| c.to_string()),
            if talon.len() > 1 {
                format!(" (+{} beneath)", talon.len() - 1)
            } else {
                String::new()
            }
        ));
        if let Some(name) = ["clubs", "diamonds", "hearts", "spades"].get(usize::from(s.pending)) {
            out.push_str(&format!(
                "\nKing correction: choose which king of {name} slips to the bottom of its packet"
            ));
        }
        out.push_str("\n(packets are listed bottom to top; the last card is available)\n");
        out
    }

    fn key(&self, s: &State) -> [u64; 5] {
        // Layout (bits): twelve packet codes of 11 bits, sorted (132): the base code in 7
        // bits (0x7f a space; 64 + card index for one card under the run; 4q + j for the
        // first j + 1 cards of dealt packet q, the first such packet) and the run length
        // in 4. Per suit the two foundation heights, smaller first, 4 bits each (32). The
        // cards turned (7) and which of them lie on the talon (92): the pack and the
        // talon keep the deal's order, so these fix both. The pending suit + 1 (3), and
        // the slips made (8), which fix the dealt packets the codes 4q + j refer to.
        // Total 274 bits. Packets and same-suit foundation places are interchangeable
        // (nothing in the rules depends on their numbers), so sorting them keeps the
        // future exactly up to renaming.
        let mut codes = [0u64; PACKETS];
        for (p, code) in codes.iter_mut().enumerate() {
            *code = s.packet_code(p);
        }
        codes.sort_unstable();
        let mut w = BitWriter::<5>::new();
        for c in codes {
            w.put(c, 11);
        }
        for suit in 0..4u8 {
            let mut h = [0u8; 2];
            let mut n = 0;
            for p in 0..PLACES {
                if s.place_suit[p] == suit && n < 2 {
                    h[n] = s.height[p];
                    n += 1;
                }
            }
            h.sort_unstable();
            w.put(u64::from(h[0]), 4);
            w.put(u64::from(h[1]), 4);
        }
        w.put(u64::from(s.turned), 7);
        w.put(s.talon as u64, 64);
        w.put((s.talon >> 64) as u64 & ((1 << 28) - 1), 28);
        w.put(
            if s.pending == NONE {
                0
            } else {
                u64::from(s.pending) + 1
            },
            3,
        );
        w.put(u64::from(s.slips), 8);
        w.finish()
    }

    /// A card to a foundation is safe when it is an ace, or when both cards of its suit one
    /// rank lower are on the foundations. Such a card can never take a marriage (the cards
    /// that could marry onto it are on the foundations for good) and an ace takes none at
    /// all, so it serves no purpose in a packet or on the talon but to be moved on; a
    /// winning line that keeps it can drop every move of it and play it at once: each
    /// other move stays legal (it only uncovers the card beneath sooner, and filling a
    /// space with it gains nothing since nothing could be built on it), and on the
    /// foundations its suit's two places just differ in which holds it, which the rules
    /// never look at (the other copy of its rank, if still to come, finds the other place
    /// one rank lower, since both lower cards are already up).
    fn safe_move(&self, s: &State) -> Option<Move> {
        if s.pending != NONE {
            return None;
        }
        let mut places = [0u8; PLACES];
        for (from, pk) in s.packets.iter().enumerate() {
            if let Some(c) = pk.top() {
                if Self::safe_to_foundation(s, c) && s.places_for(c, &mut places) > 0 {
                    return Some(Move::PacketFound {
                        from: from as u8,
                        to: places[0],
                    });
                }
            }
        }
        if let Some(c) = s.talon_top() {
            if Self::safe_to_foundation(s, c) && s.places_for(c, &mut places) > 0 {
                return Some(Move::TalonFound { to: places[0] });
            }
        }
        None
    }

    /// The legal moves but the turn, foundation plays first, then marriages from packets
    /// and the talon, then the filling of a space; each talon play also as a macro move
    /// "turn k times, then play the talon top" (k >= 1). Turning touches only the pack
    /// and the talon, so in any winning line every move between a turn and the next
    /// talon play can be made before the turn instead, leaving the same position; and a
    /// won game has turned every card and played each from the talon, so every turn is
    /// followed by a talon play. Hence the turn is needed only inside these macros, and
    /// no win is lost. Two moves are left out, each the exact twin (up to renaming of like
    /// places, which the key ignores) of one kept: a card to the second of two
    /// foundations of its suit at the same height, and a card into a space other than
    /// the first.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending != NONE {
            self.slip_moves(s, out);
            return;
        }
        if s.dead() {
            return;
        }
        self.foundation_moves(s, true, out);
        self.marriage_moves(s, out);
        self.talon_moves(s, true, false, true, out);
        self.talon_moves(s, false, true, true, out);
        self.stock_moves(s, out);
    }

    fn expand(&self, _s: &State, m: Move, out: &mut Vec<Move>) {
        match m {
            Move::Stock { turns, dest } => {
                for _ in 0..turns {
                    out.push(Move::Turn);
                }
                out.push(Self::stock_play(dest));
            }
            other => out.push(other),
        }
    }
}

impl NapoleonsSquare {
    /// The text of a move: it needs no more than the move, places are named by number.
    /// (A `Move::Stock` is never shown to users; its text is for debugging.)
    fn text(m: Move) -> String {
        match m {
            Move::Turn => "turn".into(),
            Move::PacketFound { from, to } => format!("p{}>f{}", from + 1, to + 1),
            Move::TalonFound { to } => format!("talon>f{}", to + 1),
            Move::PacketPacket { from, to } => format!("p{}>p{}", from + 1, to + 1),
            Move::TalonPacket { to } => format!("talon>p{}", to + 1),
            Move::Slip { packet, place } => format!("slip:p{}:{}", packet + 1, place + 1),
            Move::Stock { turns, dest } => {
                format!("turn*{turns}+{}", Self::text(Self::stock_play(dest)))
            }
        }
    }

    /// The talon play that ends a `Move::Stock`.
    fn stock_play(dest: u8) -> Move {
        if dest >= TO_FOUNDATION {
            Move::TalonFound {
                to: dest - TO_FOUNDATION,
            }
        } else {
            Move::TalonPacket { to: dest }
        }
    }

    /// Macro moves: for each card of the pack (nearest first), turn up to it and play it.
    fn stock_moves(&self, s: &State, out: &mut Vec<Move>) {
        let first_space = s.packets.iter().position(|p| p.len == 0);
        // Packets by their top card (bit p of `tops[index]`).
        let mut tops = [0u16; 52];
        for (p, pk) in s.packets.iter().enumerate() {
            if let Some(t) = pk.top() {
                tops[t.index()] |= 1 << p;
            }
        }
        let mut places = [0u8; PLACES];
        for k in 1..=s.pack_len() {
            let Some(&c) = s.deck.get(usize::from(s.turned) + k - 1) else {
                break;
            };
            let turns = k as u8;
            if s.places_for(c, &mut places) > 0 {
                out.push(Move::Stock {
                    turns,
                    dest: TO_FOUNDATION + places[0],
                });
            }
            let mut targets = if c.rank() < KING {
                tops[c.index() + 1]
            } else {
                0
            };
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                out.push(Move::Stock { turns, dest: to });
            }
            if let Some(to) = first_space {
                out.push(Move::Stock {
                    turns,
                    dest: to as u8,
                });
            }
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

    fn texts(g: &NapoleonsSquare, s: &State) -> Vec<String> {
        let mut v = Vec::new();
        if !g.is_won(s) {
            g.moves(s, &mut v);
        }
        v.iter().map(|&m| g.move_text(s, m)).collect()
    }

    fn play(g: &NapoleonsSquare, s: &mut State, text: &str) {
        let mut v = Vec::new();
        g.moves(s, &mut v);
        let m = v.into_iter().find(|&m| g.move_text(s, m) == text);
        g.play(
            s,
            m.unwrap_or_else(|| panic!("{text} is not legal in {}", g.key_text(s))),
        );
    }

    /// The two-pack deal that starts with `first` and goes on with the other cards in
    /// unshuffled order.
    fn deal_starting(first: &str) -> Vec<Card> {
        let mut pack = cards(first);
        let mut rest = PackSpec::Standard(2).cards();
        for c in &pack {
            let i = rest.iter().position(|d| d == c).unwrap();
            rest.remove(i);
        }
        pack.extend(rest);
        pack
    }

    /// A position from its parts: packets, foundations, talon (bottom to top) and pack
    /// (top first, the next card to be turned first).
    fn position(packets: [&str; 12], found: [&str; 8], talon: &str, pack: &str) -> State {
        let mut s = State {
            packets: [Packet::EMPTY; PACKETS],
            canon: [[0; 4]; PACKETS],
            place_suit: [NONE; PLACES],
            height: [0; PLACES],
            deck: [Card::new(ACE, 0); MAX_PACK],
            deck_len: 0,
            turned: 0,
            talon: 0,
            pending: NONE,
            slips: 0,
        };
        for (p, t) in packets.iter().enumerate() {
            for c in cards(t) {
                s.packets[p].push(c);
            }
        }
        for (p, t) in found.iter().enumerate() {
            let f = cards(t);
            if let Some(c) = f.last() {
                s.place_suit[p] = c.suit();
                s.height[p] = c.rank();
            }
        }
        let t = cards(talon);
        let k = cards(pack);
        s.set_canon();
        for (i, &c) in t.iter().chain(&k).enumerate() {
            s.deck[i] = c;
        }
        s.turned = t.len() as u8;
        s.deck_len = (t.len() + k.len()) as u8;
        s.talon = (1u128 << t.len()) - 1;
        s
    }

    const HEARTS_TO_J: &str = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH";
    const FULL: [&str; 4] = [
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ];

    #[test]
    fn options_are_checked() {
        use crate::game::OptValue;
        assert!(!NapoleonsSquare::from_options(&[]).unwrap().single_cards);
        let o = [("single_cards".to_string(), OptValue::Bool(true))];
        assert!(NapoleonsSquare::from_options(&o).unwrap().single_cards);
        let o = [("no_king_slip".to_string(), OptValue::Int(1))];
        assert!(NapoleonsSquare::from_options(&o).is_err());
        let o = [("draw".to_string(), OptValue::Int(1))];
        assert!(NapoleonsSquare::from_options(&o).is_err());
    }

    #[test]
    fn deal_of_the_unshuffled_pack() {
        // Cards 1-48 of the unshuffled packs: AC..KC, AD..KD, AH..KH, AS..9S, four to a
        // packet, the first at the bottom. Pack: TS JS QS KS and the whole second pack;
        // TS (card 49) on top, written last. No king test passes: one king of each suit
        // is in the pack.
        let g = NapoleonsSquare::default();
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let mut want = String::from(
            "P1:AC2C3C4C P2:5C6C7C8C P3:9CTCJCQC P4:KCAD2D3D P5:4D5D6D7D P6:8D9DTDJD \
             P7:QDKDAH2H P8:3H4H5H6H P9:7H8H9HTH P10:JHQHKHAS P11:2S3S4S5S P12:6S7S8S9S \
             F1: F2: F3: F4: F5: F6: F7: F8: pack:",
        );
        for suit in ["s", "h", "d", "c"] {
            for r in [
                "k", "q", "j", "t", "9", "8", "7", "6", "5", "4", "3", "2", "a",
            ] {
                want.push_str(&format!("{r}{suit}"));
            }
        }
        want.push_str("ksqsjsts talon:");
        assert_eq!(g.key_text(&s), want);
        // Tops 4C 8C QC 3D 7D JD 2H 6H TH AS 5S 9S: only the ace plays, to F1.
        assert_eq!(texts(&g, &s), ["p10>f1", "turn"]);
        let mut s = s;
        play(&g, &mut s, "p10>f1");
        assert!(g.key_text(&s).contains(" P10:JHQHKH P11:"));
        assert!(g.key_text(&s).contains(" F1:AS F2: "));
        assert_eq!(texts(&g, &s), ["turn"]);
        // TS turns up: it fits nothing (no JS showing, spades at the ace).
        play(&g, &mut s, "turn");
        assert!(g.key_text(&s).ends_with("acksqsjs talon:TS"));
        assert_eq!(texts(&g, &s), ["turn"]);
        // Then JS, which the TS cannot marry (it goes the other way), and QS.
        play(&g, &mut s, "turn");
        play(&g, &mut s, "turn");
        assert!(g.key_text(&s).ends_with("acks talon:TSJSQS"));
        assert_eq!(texts(&g, &s), ["turn"]);
    }

    #[test]
    fn single_cards_deal() {
        // One card to each packet: AC..QC; the pack holds the other 92, KC on top.
        let g = NapoleonsSquare {
            single_cards: true,
            no_king_slip: false,
        };
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let key = g.key_text(&s);
        assert!(key.starts_with(
            "P1:AC P2:2C P3:3C P4:4C P5:5C P6:6C P7:7C P8:8C P9:9C P10:TC P11:JC P12:QC F1: "
        ));
        assert!(key.ends_with("2dadkc talon:"));
        assert_eq!(s.pack_len(), 92);
        // The ace to F1; each club marries onto the next (AC onto 2C, ..., JC onto QC).
        let mut want = vec!["p1>f1".to_string()];
        for p in 1..=11 {
            want.push(format!("p{p}>p{}", p + 1));
        }
        want.push("turn".into());
        assert_eq!(texts(&g, &s), want);
    }

    #[test]
    fn king_correction_is_a_pending_choice_suit_by_suit() {
        // P1 = 2C KC 3S KS, P2 = 4C KC 5C 6C, P3 = 7S KS 8S 9S. Both club kings lie above a
        // lower club (2C, 4C), both spade kings above a lower spade (3S, 7S). The rest in
        // order: AC 3C 7C 8C | 9C TC JC QC | AD..4D | 5D..8D | 9D..QD | KD AH 2H 3H |
        // 4H..7H | 8H..JH | QH KH AS 2S: one king of D and of H is in the pack.
        let g = NapoleonsSquare::default();
        let deal = deal_starting("2C KC 3S KS 4C KC 5C 6C 7S KS 8S 9S");
        let s = g.start(deal.clone(), SplitMix64::new(0)).unwrap();
        assert!(g
            .key_text(&s)
            .starts_with("P1:2CKC3SKS P2:4CKC5C6C P3:7SKS8S9S P4:AC3C7C8C "));
        assert!(g.key_text(&s).ends_with(" talon: pending:slip-C"));
        assert_eq!(texts(&g, &s), ["slip:p1:2", "slip:p2:2"]);
        let mut a = s.clone();
        play(&g, &mut a, "slip:p1:2");
        assert!(g.key_text(&a).starts_with("P1:KC2C3SKS P2:4CKC5C6C "));
        assert!(g.key_text(&a).ends_with(" talon: pending:slip-S"));
        assert_eq!(texts(&g, &a), ["slip:p1:4", "slip:p3:2"]);
        play(&g, &mut a, "slip:p3:2");
        assert!(g
            .key_text(&a)
            .starts_with("P1:KC2C3SKS P2:4CKC5C6C P3:KS7S8S9S "));
        assert!(g.key_text(&a).ends_with(" talon:"));
        // Now play: tops KS 6C 9S 8C QC 4D 8D QD 3H 7H JH 2S; nothing fits a foundation or
        // a marriage: only the turn.
        assert_eq!(texts(&g, &a), ["turn"]);
        let mut b = s.clone();
        play(&g, &mut b, "slip:p2:2");
        assert!(g.key_text(&b).starts_with("P1:2CKC3SKS P2:KC4C5C6C "));
        play(&g, &mut b, "slip:p1:4");
        assert!(g
            .key_text(&b)
            .starts_with("P1:KS2CKC3S P2:KC4C5C6C P3:7SKS8S9S "));
        // Without the correction, play starts at once.
        let g2 = NapoleonsSquare {
            single_cards: false,
            no_king_slip: true,
        };
        let s2 = g2.start(deal, SplitMix64::new(0)).unwrap();
        assert!(g2.key_text(&s2).ends_with(" talon:"));
        assert_eq!(texts(&g2, &s2), ["turn"]);
    }

    #[test]
    fn two_kings_in_one_packet_are_told_apart_by_place() {
        // P1 = QH KH KH 2C: both heart kings lie above the QH.
        let g = NapoleonsSquare::default();
        let s = g
            .start(deal_starting("QH KH KH 2C"), SplitMix64::new(0))
            .unwrap();
        assert!(g.key_text(&s).ends_with(" pending:slip-H"));
        assert_eq!(texts(&g, &s), ["slip:p1:2", "slip:p1:3"]);
        let mut a = s.clone();
        play(&g, &mut a, "slip:p1:3");
        assert!(g.key_text(&a).starts_with("P1:KHQHKH2C "));
        let mut b = s;
        play(&g, &mut b, "slip:p1:2");
        assert!(g.key_text(&b).starts_with("P1:KHQHKH2C "));
        // One king above a lower card but the other at the bottom: no correction.
        let s = g
            .start(deal_starting("KH QH KH 2C"), SplitMix64::new(0))
            .unwrap();
        assert!(!g.key_text(&s).contains("pending"));
    }

    #[test]
    fn foundations_marriages_and_spaces() {
        let g = NapoleonsSquare::default();
        // Both heart foundations at 5 (F2, F5): the 6H on P1 may go to either; the 5S on
        // P2 to the spades at 4 (F6), or onto the 6S on P3; the talon's 5S likewise. The AD
        // goes to F3, the lowest empty place, or onto the 2D. P4 is a space: only the
        // talon top may fill it.
        let s = position(
            [
                "9C 6H", "QD 5S", "6S", "", "7C", "AD", "KC", "4C", "TD", "8D", "2D", "JC",
            ],
            [
                "AC 2C",
                "AH 2H 3H 4H 5H",
                "",
                "AC",
                "AH 2H 3H 4H 5H",
                "AS 2S 3S 4S",
                "",
                "",
            ],
            "AS 5S",
            "7S 8S",
        );
        let m = texts(&g, &s);
        assert_eq!(
            m,
            [
                "p1>f2", "p1>f5", "p2>f6", "p6>f3", "talon>f6", "p2>p3", "p6>p11", "talon>p3",
                "talon>p4", "turn"
            ]
        );
        // The ace goes to the lowest empty place; 2D then plays onto it.
        let mut a = s.clone();
        play(&g, &mut a, "p6>f3");
        assert!(g.key_text(&a).contains(" F3:AD F4:AC "));
        assert!(g.key_text(&a).contains(" P6: P7:KC "));
        assert!(texts(&g, &a).contains(&"p11>f3".to_string()));
        // A marriage, and a space may not take a packet card.
        play(&g, &mut a, "p2>p3");
        assert!(g
            .key_text(&a)
            .starts_with("P1:9C6H P2:QD P3:6S5S P4: P5:7C P6: "));
        assert!(!texts(&g, &a)
            .iter()
            .any(|t| t.ends_with(">p4") && !t.starts_with("talon")));
        // Fill the space with the talon's 5S; the AS beneath is then available.
        play(&g, &mut a, "talon>p4");
        assert!(g.key_text(&a).contains(" P4:5S P5:"));
        assert!(g.key_text(&a).ends_with(" pack:8s7s talon:AS"));
        let m = texts(&g, &a);
        assert!(m.contains(&"talon>f7".to_string()));
        assert!(m.contains(&"talon>p6".to_string()));
        // Turning puts 7S on the talon: no 8S showing, no foundation.
        play(&g, &mut a, "turn");
        assert!(g.key_text(&a).ends_with(" pack:8s talon:AS7S"));
    }

    #[test]
    fn won_and_lost_ends() {
        let g = NapoleonsSquare::default();
        // Everything up but one king of hearts, on P5.
        let mut s = position(
            ["", "", "", "", "KH", "", "", "", "", "", "", ""],
            [
                FULL[0],
                FULL[0],
                FULL[1],
                FULL[1],
                FULL[2],
                "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                FULL[3],
                FULL[3],
            ],
            "",
            "",
        );
        assert_eq!(texts(&g, &s), ["p5>f6"]);
        play(&g, &mut s, "p5>f6");
        assert!(g.is_won(&s));
        let mut v = Vec::new();
        g.moves(&s, &mut v);
        assert!(v.is_empty());
        // Two kings of hearts on two queens, both heart foundations at the knave: nothing
        // can move, the pack is empty: over and lost.
        let s = position(
            ["QH KH", "QH KH", "", "", "", "", "", "", "", "", "", ""],
            [
                FULL[0],
                FULL[0],
                FULL[1],
                FULL[1],
                HEARTS_TO_J,
                HEARTS_TO_J,
                FULL[3],
                FULL[3],
            ],
            "",
            "",
        );
        assert!(texts(&g, &s).is_empty());
        assert!(!g.is_won(&s));
    }

    #[test]
    fn safe_moves() {
        let g = NapoleonsSquare::default();
        let empty11 = |first: &'static str| {
            let mut p = [""; 12];
            p[0] = first;
            p
        };
        // 6H fits F2 (5H) but the other 5H is still in play: not safe. 2C fits F1 but one
        // AC is still to come: not safe either.
        let mut packets = empty11("9C 6H");
        packets[1] = "5H 2C";
        let s = position(
            packets,
            ["AC", "AH 2H 3H 4H 5H", "AH 2H 3H 4H", "", "", "", "", ""],
            "",
            "",
        );
        assert_eq!(g.safe_move(&s), None);
        // With the 2C gone, the 5H shows and both fours are up: safe, to F3.
        packets[1] = "5H";
        let s = position(
            packets,
            ["AC", "AH 2H 3H 4H 5H", "AH 2H 3H 4H", "", "", "", "", ""],
            "AD",
            "",
        );
        assert_eq!(g.safe_move(&s), Some(Move::PacketFound { from: 1, to: 2 }));
        // The ace on the talon is always safe: to F4, the first empty place.
        let s = position(
            empty11("9C 6H"),
            ["AC", "AH 2H 3H 4H 5H", "AH 2H 3H 4H", "", "", "", "", ""],
            "AD",
            "",
        );
        assert_eq!(g.safe_move(&s), Some(Move::TalonFound { to: 3 }));
        // With both fives up, the six is safe (to the first place that fits).
        let s = position(
            empty11("9C 6H"),
            ["AC", "AH 2H 3H 4H 5H", "AH 2H 3H 4H 5H", "", "", "", "", ""],
            "",
            "",
        );
        assert_eq!(g.safe_move(&s), Some(Move::PacketFound { from: 0, to: 1 }));
    }

    #[test]
    fn key_merges_like_places_only() {
        let g = NapoleonsSquare::default();
        let found_a = ["AC", "AH 2H 3H 4H 5H", "AH 2H 3H 4H", "", "", "", "", ""];
        let found_b = ["AC", "AH 2H 3H 4H", "AH 2H 3H 4H 5H", "", "", "", "", ""];
        let mut pa = [""; 12];
        pa[0] = "7H 6H";
        pa[1] = "5H";
        let a = position(pa, found_a, "AD 3S", "4C");
        // The same with P1 and P3 swapped and the heart places swapped: same key.
        let mut pb = [""; 12];
        pb[2] = "7H 6H";
        pb[1] = "5H";
        let b = position(pb, found_b, "AD 3S", "4C");
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key_text(&a), g.key_text(&b));
        // The same deck with one card fewer turned, a different packet: different keys.
        let c = position(pa, found_a, "AD", "3S 4C");
        assert_ne!(g.key(&a), g.key(&c));
        let mut pd = pa;
        pd[0] = "7D 6H";
        let d = position(pd, found_a, "AD 3S", "4C");
        assert_ne!(g.key(&a), g.key(&d));
        // The slip choices are part of the key: slipping the club king of P1 or that of
        // P2 leaves both packets whole (codes "first 4 cards of P1", "of P2") though
        // their cards differ; only the recorded choice tells the two apart.
        let s = g
            .start(deal_starting("2C KC 3S KS 4C KC 5C 6C"), SplitMix64::new(0))
            .unwrap();
        let mut x = s.clone();
        play(&g, &mut x, "slip:p1:2");
        let mut y = s;
        play(&g, &mut y, "slip:p2:2");
        assert_ne!(g.key(&x), g.key(&y));
    }

    #[test]
    fn random_walks() {
        for g in [
            NapoleonsSquare::default(),
            NapoleonsSquare {
                single_cards: true,
                no_king_slip: false,
            },
        ] {
            for seed in 1..=20u64 {
                let (cards, rng) = g.info().pack.shuffled(seed);
                let mut s = g.start(cards, rng).unwrap();
                let mut pick = SplitMix64::new(seed ^ 0x5eed);
                for _ in 0..400 {
                    let m = texts(&g, &s);
                    let mut uniq = m.clone();
                    uniq.sort();
                    uniq.dedup();
                    assert_eq!(uniq.len(), m.len(), "{m:?}");
                    let mut total = 0;
                    for p in &s.packets {
                        total += p.len as usize;
                    }
                    total += s.talon.count_ones() as usize + s.pack_len();
                    total += s.height.iter().map(|&h| h as usize).sum::<usize>();
                    assert_eq!(total, CARDS);
                    if g.is_won(&s) {
                        assert!(m.is_empty());
                    }
                    if m.is_empty() {
                        break;
                    }
                    let i = (pick.next_u64() % m.len() as u64) as usize;
                    let _ = g.display(&s);
                    play(&g, &mut s, &m[i]);
                }
            }
        }
    }

    #[test]
    fn solver_proves_won_and_lost() {
        let g = NapoleonsSquare::default();
        let cancel = AtomicBool::new(false);
        let others = |h1: &'static str, h2: &'static str| {
            [FULL[0], FULL[0], FULL[1], FULL[1], h1, h2, FULL[3], FULL[3]]
        };
        // Hearts at the knave twice. P1 = KH QH, P2 = QH, P3 = KH: the QH of P2 up, then
        // P1's QH, then both kings: won in four moves.
        let s = position(
            ["KH QH", "QH", "KH", "", "", "", "", "", "", "", "", ""],
            others(HEARTS_TO_J, HEARTS_TO_J),
            "",
            "",
        );
        let out = solve(&g, &s, &Limits::default(), &cancel);
        assert_eq!(out.verdict, Verdict::Won);
        assert_eq!(out.moves.len(), 4);
        // Hearts at the ten twice; P1 = QH KH, P2 = QH KH, P3 = JH, the talon JH: both
        // knaves go up (to either place; the talon's may also fill a space), the queens
        // lie under their kings: lost.
        let s = position(
            ["QH KH", "QH KH", "JH", "", "", "", "", "", "", "", "", ""],
            others(
                "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
                "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
            ),
            "JH",
            "",
        );
        let mut want = vec!["p3>f5", "p3>f6", "talon>f5", "talon>f6"];
        let fills: Vec<String> = (4..=12).map(|p| format!("talon>p{p}")).collect();
        want.extend(fills.iter().map(|t| t.as_str()));
        assert_eq!(texts(&g, &s), want);
        let out = solve(&g, &s, &Limits::default(), &cancel);
        assert_eq!(out.verdict, Verdict::Lost);
        assert!(out.states >= 3);
        // With P2 = KH QH instead, its queen can go up and free the other king: won.
        let s = position(
            ["QH KH", "KH QH", "JH", "", "", "", "", "", "", "", "", ""],
            others(
                "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
                "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
            ),
            "JH",
            "",
        );
        let out = solve(&g, &s, &Limits::default(), &cancel);
        assert_eq!(out.verdict, Verdict::Won);
    }

    #[test]
    fn solver_turns_through_macro_moves() {
        // Hearts at the knave twice, a king on P1 and on P2, both queens in the pack. The
        // solver's moves hold no bare turn, only "turn, then play the talon top"; its
        // solution is given back as legal moves: turn, talon>f5, p1>f5, turn, talon>f6,
        // p2>f6 (or the like).
        let g = NapoleonsSquare::default();
        let mut p = [""; 12];
        p[0] = "KH";
        p[1] = "KH";
        let s = position(
            p,
            [
                FULL[0],
                FULL[0],
                FULL[1],
                FULL[1],
                HEARTS_TO_J,
                HEARTS_TO_J,
                FULL[3],
                FULL[3],
            ],
            "",
            "QH QH",
        );
        assert_eq!(texts(&g, &s), ["turn"]);
        let mut v = Vec::new();
        g.solver_moves(&s, &mut v);
        // Card 1 (a queen): to F5, onto P1, onto P2, into P3 (the first space; the
        // other spaces are alike); card 2 likewise.
        assert_eq!(v.len(), 8);
        assert!(v.iter().all(|m| matches!(m, Move::Stock { .. })));
        let out = solve(&g, &s, &Limits::default(), &AtomicBool::new(false));
        assert_eq!(out.verdict, Verdict::Won);
        assert_eq!(out.moves.len(), 6);
        let mut t = s.clone();
        let mut turns = 0;
        for &m in &out.moves {
            let mut legal = Vec::new();
            g.moves(&t, &mut legal);
            assert!(
                legal.contains(&m),
                "{m:?} is not legal in {}",
                g.key_text(&t)
            );
            turns += usize::from(m == Move::Turn);
            g.play(&mut t, m);
        }
        assert_eq!(turns, 2);
        assert!(g.is_won(&t));
    }

    #[test]
    fn dead_positions_are_found() {
        // P1 = QH QH 3C KH: the king can only go to a foundation of hearts at the queen, and
        // both queens lie under it. The rest of the packs in order; the other heart king is
        // in the pack, so there is no king correction. Lost at once.
        let g = NapoleonsSquare::default();
        let s = g
            .start(deal_starting("QH QH 3C KH"), SplitMix64::new(0))
            .unwrap();
        assert!(!g.key_text(&s).contains("pending"));
        assert!(s.dead());
        let out = solve(&g, &s, &Limits::default(), &AtomicBool::new(false));
        assert_eq!(out.verdict, Verdict::Lost);
        assert_eq!(out.states, 1);
        // With a two of hearts in place of the second queen (which is then dealt to P8 in
        // its order), the king is not stuck for good.
        let s = g
            .start(deal_starting("QH 2H 3C KH"), SplitMix64::new(0))
            .unwrap();
        assert!(!s.dead());
        // The unshuffled deal is not dead either.
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        assert!(!s.dead());
    }
}
