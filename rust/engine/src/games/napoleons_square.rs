//! NAPOLEON'S SQUARE (`napoleons-square`), from `rules/napoleons-square.md`.
//!
//! Over the 400-line budget (about 620 lines): the king correction (a pending choice
//! whose slips the key must record), the square's own display and the exact compact
//! packet codes of the key (dealt prefixes named by `canon`) are game-specific, and
//! rustfmt spreads the option table and the move routes.
//!
//! # Layout and deal
//! Two packs, nothing removed. Twelve packets P1..P12 of four cards dealt together, all
//! face up: P1 gets cards 1-4 (card 1 at its bottom), ..., P12 cards 45-48. The other 56
//! are the pack, card 49 on top; the talon starts empty. King correction (compulsory):
//! for the suits C, D, H, S in turn, if each king of the suit lies above (at any depth)
//! a lower card of its suit in its packet, the player slips one of the two to the bottom
//! of its packet: a pending choice of two moves `slip:pN:K` (packet N, place K from the
//! bottom). Option `single_cards` (the book's second way): one card per packet, a
//! 92-card pack, no correction. Option `no_king_slip`: no correction.
//!
//! # Foundations
//! F1..F8 ([`FOUNDATION`]), started by aces as they come (to the lowest-numbered empty
//! place), built up in suit to the king; either place of a suit may take a fitting card
//! (one move each). Sources: packet tops and the talon top.
//!
//! # Piles and availability
//! Only the top card of a packet is available. A packet top or the talon top may be
//! married onto a packet top of its suit one rank higher ([`MARRY`]), one card at a
//! time. Nothing is built on the talon.
//!
//! # Spaces
//! An emptied packet may be filled, whenever the player likes, with the talon top only
//! (one card), which then takes marriages as any packet. A space takes no marriage.
//!
//! # Pack, talon and re-deals
//! `turn` turns the top card of the pack onto the talon ([`STOCK`]). No re-deal.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Key (5 words): the packet codes (see `packet_code`), sorted: nothing in the rules
//!   depends on a packet's number; the foundation codes, sorted (places differ only by
//!   the ace's "lowest empty place", a renaming); the stock's exact bits; the pending
//!   suit and the slips made.
//! - Safe move: [`safe_to_foundation`] with the marriage rule; its conditions hold (no
//!   card leaves a foundation, single cards move, nothing is compulsory after the
//!   deal's king correction: spaces are filled at leisure).
//! - Moves: no bare `turn`, but macro moves "turn k times, then play the talon top" on
//!   [`Stock::reachable_tops`]; see `solver_moves`.
//! - Pruning: a relaxed test of winnability, [`one_pass_lost`] (`State::dead`).

use crate::card::{Card, KING, SUIT_CHARS};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::game_info;
use crate::parts::{
    move_text, one_pass_lost, safe_to_foundation, sort_among, BitWriter, Build, Climb, Dealer,
    KeyText, Ladder, Ladders, OnePass, Opt, Parsed, Pile, Place, Space, Stock, StockRule,
    ACE_TO_KING,
};
use std::fmt::Write;

pub const SLUG: &str = "napoleons-square";
const PACKETS: usize = 12;
/// The talon as a source of cards, after the packets.
const TALON: usize = PACKETS;
const PLACES: usize = 8;
/// Four dealt cards under at most twelve married ones (a king's run).
const MAX_PACKET: usize = 16;
/// 92 with `single_cards`.
const MAX_PACK: usize = 92;
const CARDS: usize = 104;
/// No pending slip.
const NONE: u8 = 0xff;

/// Marriage: down by one in suit; a space takes only the talon top.
pub const MARRY: Build = Build::DOWN_IN_SUIT.spaces(Space::FromStock);
/// Ace to king in suit, an ace to the lowest-numbered empty place.
pub const FOUNDATION: Ladder = Ladder::ACE_UP;
/// One card a turn, no re-deal.
pub const STOCK: StockRule = StockRule::ONE_PASS;

const OPTIONS: &[Opt] = &[
    Opt::flag(
        "single_cards",
        "the book's second way: twelve single cards instead of packets of four",
    ),
    Opt::flag("no_king_slip", "no king correction after the deal"),
];

/// The game with its options; `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct NapoleonsSquare {
    pub single_cards: bool,
    pub no_king_slip: bool,
}

impl NapoleonsSquare {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let p = Parsed::new(SLUG, OPTIONS, opts)?;
        let (single_cards, no_king_slip) = (p.bool("single_cards"), p.bool("no_king_slip"));
        Ok(NapoleonsSquare {
            single_cards,
            no_king_slip,
        })
    }
}

type Packet = Pile<MAX_PACKET>;

/// A position of the game.
#[derive(Copy, Clone, Debug)]
pub struct State {
    packets: [Packet; PACKETS],
    found: Ladders<PLACES>,
    stock: Stock<MAX_PACK>,
    /// For the key: `canon[p][j]` is the first packet whose first j + 1 cards, as dealt
    /// (after the king correction), are those of packet p.
    canon: [[u8; 4]; PACKETS],
    /// Suit whose king slip waits for the player's choice, or `NONE`.
    pending: u8,
    /// The slips made, two bits per suit (0 none, 1 or 2: the first or second king in
    /// move order); they fix the dealt packets the key's codes refer to.
    slips: u8,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// `turn`.
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
    /// Solver only: `turns` turns (at least one), then the talon top to `dest` (a
    /// destination as in [`Move::route`]).
    Stock { turns: u8, dest: u8 },
}

impl Move {
    /// A card's move as (source, destination): sources are packets 0..12 and [`TALON`];
    /// destinations are packets 0..12 and foundations `PACKETS + m`.
    fn route(self) -> Option<(usize, usize)> {
        let u = usize::from;
        match self {
            Move::PacketFound { from, to } => Some((u(from), PACKETS + u(to))),
            Move::TalonFound { to } => Some((TALON, PACKETS + u(to))),
            Move::PacketPacket { from, to } => Some((u(from), u(to))),
            Move::TalonPacket { to } => Some((TALON, u(to))),
            _ => None,
        }
    }
    /// The move of [`Move::route`] `(src, dst)`.
    fn of(src: usize, dst: usize) -> Move {
        let (from, to, f) = (src as u8, dst as u8, dst.wrapping_sub(PACKETS) as u8);
        match (src == TALON, dst >= PACKETS) {
            (false, true) => Move::PacketFound { from, to: f },
            (true, true) => Move::TalonFound { to: f },
            (false, false) => Move::PacketPacket { from, to },
            (true, false) => Move::TalonPacket { to },
        }
    }
}

/// The place of a source (as in [`Move::route`]).
fn source(i: usize) -> Place {
    [Place::at("P", i), Place::named("talon")][usize::from(i == TALON)]
}
/// The place of a destination (as in [`Move::route`]).
fn dest(i: usize) -> Place {
    i.checked_sub(PACKETS)
        .map_or(Place::at("P", i), |f| Place::at("F", f))
}

/// May `c` go onto packet `pk` (from the talon when `from_stock`)?
#[inline]
fn takes(pk: &Packet, c: Card, from_stock: bool) -> bool {
    match pk.top() {
        Some(t) => MARRY.fits(t, c),
        None => MARRY.fits_space(c, from_stock),
    }
}

/// The dead test's loosened game ([`crate::parts::one_pass`]): marriages down in suit,
/// spaces filled from the talon only; its foundation places, empty, by suit.
const RELAX: OnePass = OnePass {
    fits: MARRY.fits_table(),
    space_from_piles: false,
    space_from_talon: true,
};
const CLIMBS: [Climb; 4] = Climb::suits(&ACE_TO_KING);

impl State {
    /// The available card of source `src` (a packet, or the talon).
    #[inline]
    fn top(&self, src: usize) -> Option<Card> {
        match self.packets.get(src) {
            Some(pk) => pk.top(),
            None => self.stock.talon_top(),
        }
    }

    /// Cards of suit `suit` and rank at least `rank` on the foundations.
    #[inline]
    fn on_foundations(&self, suit: u8, rank: u8) -> usize {
        let f = &self.found;
        let at = |p: usize| f.top(p).is_some_and(|t| t.suit() == suit) && f.count(p) >= rank;
        (0..PLACES).filter(|&p| at(p)).count()
    }

    /// The kings of `suit` in the packets, in move order: (packet, place).
    fn kings(&self, suit: u8) -> impl Iterator<Item = (usize, usize)> + '_ {
        let k = Card::new(KING, suit & 3);
        self.packets.iter().enumerate().flat_map(move |(p, pk)| {
            let at = move |i: &usize| pk.get(*i) == Some(k);
            (0..pk.len()).filter(at).map(move |i| (p, i))
        })
    }

    /// The king correction's test for `suit`: both kings lie in packets, each above a
    /// lower card of the suit in its own packet.
    fn kings_block(&self, suit: u8) -> bool {
        let lower = |d: &Card| d.suit() == suit && d.rank() < KING;
        let blocks = |&(p, i): &(usize, usize)| self.packets[p].cards()[..i].iter().any(lower);
        self.kings(suit).filter(blocks).count() == 2
    }

    /// Examine the suits from `first` on; stop at the first whose kings block.
    fn examine(&mut self, first: u8) {
        self.pending = (first..4).find(|&s| self.kings_block(s)).unwrap_or(NONE);
    }

    /// Slip the pending king at place `i` of packet `p` to its bottom.
    fn slip(&mut self, p: usize, i: usize) {
        let nth = self
            .kings(self.pending)
            .position(|k| k == (p, i))
            .unwrap_or(0) as u8;
        self.slips |= (nth + 1) << (2 * (self.pending & 3));
        if let Some(k) = self.packets[p].remove(i) {
            self.packets[p].insert(0, k);
        }
        self.set_canon();
        self.examine(self.pending + 1);
    }

    /// A relaxed test that no win is possible: [`one_pass_lost`] with the packets as
    /// piles and the eight places, two a suit (a suit's empty places at height 0).
    fn dead(&self) -> bool {
        let climbs = Climb::by_suit::<PLACES, 2>(&CLIMBS, &self.found);
        let piles: [&[Card]; PACKETS] = std::array::from_fn(|p| self.packets[p].cards());
        let talon = self.stock.talon().count();
        one_pass_lost(&RELAX, &piles, self.stock.left(), talon, &climbs)
    }

    /// Fill `canon` from the packets as they lie now (the deal, before any play).
    fn set_canon(&mut self) {
        for p in 0..PACKETS {
            for j in 0..4 {
                let first = |q: usize| self.packets[q].cards().get(..=j);
                self.canon[p][j] = (0..p).find(|&q| first(q) == first(p)).unwrap_or(p) as u8;
            }
        }
    }

    /// The key's code of packet `p` (11 bits): the base (the cards under the top run of
    /// marriages) in 7 bits, `0x7f` for a space; and the length of the run in 4.
    fn packet_code(&self, p: usize) -> u64 {
        let c = self.packets[p].cards();
        if c.is_empty() {
            return 0x7f << 4;
        }
        let j = c.len() - MARRY.run_len(c);
        let base = if j == 0 {
            // One card: any card may come here (a filled space): 64 + its index.
            64 + c[0].index() as u64
        } else {
            // Two or more: the packet was never emptied, so they are the first j + 1
            // cards of a dealt packet (j <= 3); name the first such packet q: 4q + j.
            u64::from(self.canon[p][j]) * 4 + j as u64
        };
        (base << 4) | (c.len() - 1 - j) as u64
    }

    /// May `c`, available now, go to a foundation without ever costing a win?
    #[inline]
    fn safe(&self, c: Card) -> bool {
        safe_to_foundation(&MARRY, c, |x| self.on_foundations(x.suit(), x.rank()) == 2)
    }
}

impl NapoleonsSquare {
    /// Packet tops, then the talon top, to the foundations; with `first_only`, one place
    /// each (two places of one suit at the same height are alike: the key sorts them).
    fn foundation_moves(&self, s: &State, first_only: bool, out: &mut Vec<Move>) {
        let mut to = [0u8; PLACES];
        for src in 0..=TALON {
            let Some(c) = s.top(src) else { continue };
            let n = FOUNDATION.dests(&s.found, c, &mut to);
            let n = if first_only { n.min(1) } else { n };
            out.extend(
                to[..n]
                    .iter()
                    .map(|&p| Move::of(src, PACKETS + usize::from(p))),
            );
        }
    }

    fn marriage_moves(&self, s: &State, out: &mut Vec<Move>) {
        for (from, pk) in s.packets.iter().enumerate() {
            let Some(c) = pk.top() else { continue };
            for (to, target) in s.packets.iter().enumerate() {
                if to != from && takes(target, c, false) {
                    out.push(Move::of(from, to));
                }
            }
        }
    }

    /// Talon top onto packets: marriages (`marry`), and the filling of spaces (`fill`;
    /// with `first_only` only the first space, spaces being alike).
    fn talon_moves(&self, s: &State, marry: bool, fill: bool, first_only: bool, v: &mut Vec<Move>) {
        let Some(c) = s.stock.talon_top() else { return };
        let mut filled = false;
        for (to, pk) in s.packets.iter().enumerate() {
            let space = pk.is_empty();
            let wanted = if space {
                fill && !(first_only && filled)
            } else {
                marry
            };
            if wanted && takes(pk, c, true) {
                v.push(Move::of(TALON, to));
                filled |= space;
            }
        }
    }

    /// Macro moves: for each card of the pack (nearest first), turn up to it and play it
    /// to its first foundation, onto each packet it marries, or into the first space.
    fn stock_moves(&self, s: &State, out: &mut Vec<Move>) {
        let first_space = s.packets.iter().position(|p| p.is_empty());
        // Packets by their top card (bit p of `tops[index]`).
        let mut tops = [0u16; 52];
        for (p, pk) in s.packets.iter().enumerate() {
            if let Some(t) = pk.top() {
                tops[t.index()] |= 1 << p;
            }
        }
        s.stock.reachable_tops(&STOCK, |c, turns| {
            if turns == 0 {
                return;
            }
            if let Some(p) = FOUNDATION.first_dest(&s.found, c) {
                out.push(Move::Stock {
                    turns,
                    dest: (PACKETS + p) as u8,
                });
            }
            let mut targets = if c.rank() < KING {
                tops[c.index() + 1]
            } else {
                0
            };
            while targets != 0 {
                let dest = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                out.push(Move::Stock { turns, dest });
            }
            if let Some(p) = first_space {
                out.push(Move::Stock {
                    turns,
                    dest: p as u8,
                });
            }
        });
    }

    /// The text of a move: it needs no more than the move, places are named by number.
    /// (A `Move::Stock` is never shown to users; its text is for debugging.)
    fn text(m: Move) -> String {
        match (m, m.route()) {
            (_, Some((src, dst))) => move_text(source(src), dest(dst)),
            (Move::Slip { packet, place }, _) => {
                format!("slip:{}:{}", source(packet.into()).move_label(), place + 1)
            }
            (Move::Stock { turns, dest }, _) => {
                let then = Self::text(Move::of(TALON, dest.into()));
                format!("turn*{turns}+{then}")
            }
            _ => "turn".into(),
        }
    }
}

impl Game for NapoleonsSquare {
    type State = State;
    type Move = Move;
    type Key = [u64; 5];

    fn info(&self) -> GameInfo {
        game_info(SLUG, "Napoleon's Square", PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != CARDS {
            return Err(EngineError::WrongCount {
                expected: CARDS,
                got: cards.len(),
            });
        }
        let mut d = Dealer::new(&cards);
        let mut packets = [Packet::new(); PACKETS];
        d.packets(
            &mut packets,
            0..PACKETS,
            if self.single_cards { 1 } else { 4 },
            0,
        );
        let (found, stock) = (Ladders::new(), Stock::new(d.rest()));
        let canon = [[0; 4]; PACKETS];
        let mut s = State {
            packets,
            found,
            stock,
            canon,
            pending: NONE,
            slips: 0,
        };
        if !self.single_cards && !self.no_king_slip {
            s.examine(0);
        }
        s.set_canon();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending != NONE {
            let slip = |(p, i)| Move::Slip {
                packet: p as u8,
                place: i as u8,
            };
            return out.extend(s.kings(s.pending).map(slip));
        }
        self.foundation_moves(s, false, out);
        self.marriage_moves(s, out);
        self.talon_moves(s, true, true, false, out);
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Stock { turns, dest } => {
                for _ in 0..turns {
                    s.stock.turn(&STOCK);
                }
                self.play(s, Move::of(TALON, dest.into()));
            }
            Move::Slip { packet, place } => s.slip(packet.into(), place.into()),
            _ => {
                let Some((src, dst)) = m.route() else { return };
                let c = match s.packets.get_mut(src) {
                    Some(pk) => pk.pop(),
                    None => s.stock.take_talon(),
                };
                match (c, dst.checked_sub(PACKETS)) {
                    (Some(c), Some(f)) => FOUNDATION.put(&mut s.found, f, c),
                    (Some(c), None) => s.packets[dst].push(c),
                    (None, _) => {}
                }
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATION.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        Self::text(m)
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (p, pk) in s.packets.iter().enumerate() {
            k.pile(Place::at("P", p), pk.cards(), 0);
        }
        for p in 0..PLACES {
            k.pile(Place::at("F", p), &FOUNDATION.cards(&s.found, p), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        k.pile(Place::named("pack"), &pack, pack.len());
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(source(TALON), &talon, 0);
        if let Some(&c) = SUIT_CHARS.get(usize::from(s.pending)) {
            k.field("pending", format!("slip-{}", c as char));
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let packet = |p: usize| {
            let t: Vec<String> = s.packets[p].cards().iter().map(|c| c.to_string()).collect();
            let body = if t.is_empty() {
                "(space)".to_string()
            } else {
                t.join(" ")
            };
            format!("P{:<2} {body}", p + 1)
        };
        let text = |c: Option<Card>| c.map_or("--".to_string(), |c| c.to_string());
        let mut out = String::from("Foundations:");
        for p in 0..PLACES {
            let _ = write!(out, "  F{} {}", p + 1, text(s.found.top(p)));
        }
        out.push_str("\nTop side (left to right):\n");
        for p in 4..8 {
            let _ = writeln!(out, "    {}", packet(p));
        }
        out.push_str("Left side (top to bottom)              Right side (top to bottom):\n");
        for row in 0..4 {
            let _ = writeln!(out, "    {:<34} {}", packet(3 - row), packet(8 + row));
        }
        let top = text(s.stock.talon_top());
        let _ = write!(out, "Pack: {} cards   Talon: {top}", s.stock.pack_len());
        if s.stock.talon_len() > 1 {
            let _ = write!(out, " (+{} beneath)", s.stock.talon_len() - 1);
        }
        if let Some(name) = ["clubs", "diamonds", "hearts", "spades"].get(usize::from(s.pending)) {
            let _ = write!(
                out,
                "\nKing correction: choose which king of {name} slips to the bottom of its packet"
            );
        }
        out.push_str("\n(packets are listed bottom to top; the last card is available)\n");
        out
    }

    /// Twelve packet codes of 11 bits, sorted (132); eight foundation codes (count and
    /// suit) of 7 bits, sorted (56); the stock's cursor (7) and which of its cards are
    /// left (92), exact since the pack keeps the deal's order; the pending suit + 1 (3);
    /// the slips (8), which fix the dealt packets the codes 4q + j refer to. 298 bits.
    fn key(&self, s: &State) -> [u64; 5] {
        let mut codes: [u64; PACKETS] = std::array::from_fn(|p| s.packet_code(p));
        sort_among(&mut codes, |_| true);
        let mut found: [u16; PLACES] = std::array::from_fn(|p| s.found.code(p));
        sort_among(&mut found, |_| true);
        let mut w = BitWriter::<5>::new();
        codes.iter().for_each(|&c| w.put(c, 11));
        found.iter().for_each(|&c| w.put(c.into(), 7));
        let (present, cursor) = s.stock.key_bits();
        w.put(cursor.into(), 7);
        w.put(present as u64, 64);
        w.put((present >> 64) as u64 & ((1 << 28) - 1), 28);
        w.put(s.pending.wrapping_add(1).min(4).into(), 3);
        w.put(s.slips.into(), 8);
        w.finish()
    }

    /// A card to a foundation when nothing could ever be married onto it (an ace, or
    /// both cards one rank lower of its suit up): see the module's "Solver".
    fn safe_move(&self, s: &State) -> Option<Move> {
        if s.pending != NONE {
            return None;
        }
        (0..=TALON).find_map(|src| {
            let c = s.top(src).filter(|&c| s.safe(c))?;
            Some(Move::of(src, PACKETS + FOUNDATION.first_dest(&s.found, c)?))
        })
    }

    /// The legal moves but the turn: foundation plays, marriages from packets and the
    /// talon, the filling of a space; and each talon play also as a macro move "turn k
    /// times, then play the talon top" (k >= 1). Turning touches only the pack and the
    /// talon, so in a winning line every move between a turn and the next talon play can
    /// be made before the turn instead, to the same position; and a won game plays every
    /// turned card from the talon. So turns are needed only inside these macros. Left
    /// out, each the exact twin (up to renaming like places, which the key ignores) of a
    /// move kept: a card to the second of two foundations of its suit at one height, and
    /// a card into a space other than the first.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending != NONE {
            return self.moves(s, out);
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
                out.extend((0..turns).map(|_| Move::Turn));
                out.push(Move::of(TALON, dest.into()));
            }
            other => out.push(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits, Verdict};
    use crate::testing::{
        cards, deal, play, pruning_agrees, pruning_agrees_on, texts, walk, won_line,
    };
    use std::sync::atomic::AtomicBool;

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
        let mut piles = [Packet::new(); PACKETS];
        for (p, t) in packets.iter().enumerate() {
            piles[p] = Packet::of(&cards(t), 0);
        }
        let mut f = Ladders::new();
        for (p, t) in found.iter().enumerate() {
            for c in cards(t) {
                FOUNDATION.put(&mut f, p, c);
            }
        }
        let t = cards(talon);
        let all: Vec<Card> = t.iter().chain(&cards(pack)).copied().collect();
        let mut stock = Stock::new(&all);
        for _ in &t {
            stock.turn(&STOCK);
        }
        let mut s = State {
            packets: piles,
            found: f,
            stock,
            canon: [[0; 4]; PACKETS],
            pending: NONE,
            slips: 0,
        };
        s.set_canon();
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
        assert_eq!(s.stock.pack_len(), 92);
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
        let mut a = s;
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
        let mut b = s;
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
        let mut a = s;
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
        let mut a = s;
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
        let mut x = s;
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
                // Distinct move texts at every step (checked by `walk`), every card in
                // its place, no move once won.
                walk(&g, &deal(&g, seed), 400, seed ^ 0x5eed, |s| {
                    let mut total: usize = s.packets.iter().map(|p| p.len()).sum();
                    total += s.stock.len() + s.found.total();
                    assert_eq!(total, CARDS);
                    if g.is_won(s) {
                        assert!(texts(&g, s).is_empty());
                    }
                    let _ = g.display(s);
                });
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
        let mut t = s;
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

    /// Pruned (safe moves, macros, the dead test, the merged key) against plain search.
    /// Late positions of random walks are nearly all lost; random walks never come near
    /// a win, so won positions are taken along the pruned search's own won lines.
    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = NapoleonsSquare::default();
        let a = pruning_agrees(&g, 1..61, 300, 60, 500);
        assert!(a.lost >= 100, "{a:?}");
        let g1 = NapoleonsSquare {
            single_cards: true,
            no_king_slip: false,
        };
        let late = |seed| won_line(&g1, seed, 20_000).into_iter().rev().step_by(10);
        let line: Vec<State> = (1..11).flat_map(late).collect();
        let b = pruning_agrees_on(&g1, &line, 1_000);
        assert!(b.won >= 40, "{b:?}");
    }
}
