//! LA NIVERNAISE (`la-nivernaise`), from `rules/la-nivernaise.md` and
//! `docs/notation/la-nivernaise.md`.
//!
//! Over the 400-line budget by about 35 lines: the proof sketches of its three prunings
//! (flank symmetry, lowest flank filled, safe moves) take that much, next to their code.
//!
//! # Layout and deal
//! Two packs, every card face up. Cards 1-4 to the left flank FL1..FL4, 5-8 to the right
//! flank FR1..FR4, one card each; cards 9-32 to the Line, six packets L1..L6 of four
//! dealt together (the first at the bottom); the other 72 are the pack, card 33 on top.
//!
//! # Foundations
//! F1..F4 ascending from the ace in C, D, H, S; F5..F8 descending from the king in the
//! same suits. An empty foundation takes only its base card (an ace up, a king down).
//! **Exchange:** the top of a foundation that holds at least two cards may go onto the
//! other foundation of its suit when it is that one's next card.
//!
//! # Flanks and Line
//! A flank card is available, only for the foundations. A Line packet's top is available
//! for the foundations or an empty flank place; the pack's top may also fill an empty
//! flank place. Automatic: an emptied packet is refilled at once with four cards of the
//! pack (fewer at its end), lowest-numbered empty packet first.
//!
//! # Pack and re-deal
//! `deal`: four cards on each packet L1..L6 in turn (pack not empty). `redeal`, once, pack
//! empty and a card in the Line: the packets taken up L1 first, each under the others
//! ([`gather`]), and dealt four to a packet again; `pass:` becomes 2.
//!
//! # End of the game
//! Won when all 104 cards are on the foundations; lost when no move is left.
//!
//! # Solver
//! - Key (exact): the flank cards, the foundation heights, the pass, each Line packet's
//!   cards and, in pass 2, the pack's cards. In pass 1 the pack is written by its length
//!   alone: cards leave it only from its top and none join it, so within one search it is
//!   always what is left of one fixed order.
//! - Symmetry: the eight flank places are interchangeable (see [`LaNivernaise::key`]).
//! - Moves: only the lowest empty flank place is filled (see
//!   [`LaNivernaise::solver_moves`]).
//! - Safe move: a card to a foundation of a suit whose two foundations hold 14 cards or
//!   more, from a flank, or in pass 2 from a packet of two cards or more (see
//!   [`LaNivernaise::safe_move`]).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::key::BitWriter;
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{gather, sort_among, Ladder, Ladders, Packed, Stock};

pub const SLUG: &str = "la-nivernaise";
const TITLE: &str = "La Nivernaise";

/// LA NIVERNAISE has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
const FLANKS: usize = 8;
const PACKETS: usize = 6;
/// Cards dealt together onto a packet.
const FOUR: usize = 4;
/// Cards outside the flanks: the Line and the pack never hold more together.
const REST: usize = 96;
const CARDS: usize = 104;

/// Place numbers in a move: flanks 0..8 (FL1..FL4, FR1..FR4), Line packets 8..14,
/// foundations 14..22 (F1..F8), the pack 22.
const LINE0: u8 = FLANKS as u8;
const F0: u8 = LINE0 + PACKETS as u8;
const PACK: u8 = F0 + 8;

fn place(p: u8) -> Place {
    match p {
        0..4 => Place::at("FL", p as usize),
        4..8 => Place::at("FR", p as usize - 4),
        8..14 => Place::at("L", (p - LINE0) as usize),
        14..22 => Place::at("F", (p - F0) as usize),
        _ => Place::named("pack"),
    }
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct LaNivernaise;

impl LaNivernaise {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(LaNivernaise)
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct State {
    /// FL1..FL4, FR1..FR4: one card or none.
    flank: [Option<Card>; FLANKS],
    /// L1..L6, bottom to top.
    line: Packed<REST, PACKETS>,
    /// The pack (no talon: cards are taken straight from it).
    pack: Stock<REST>,
    /// F1..F4, place = suit.
    up: Ladders<4>,
    /// F5..F8, place = suit.
    down: Ladders<4>,
}

/// One move: a card from place `.0` to place `.1` (numbers as in [`place`]), a round, or
/// the re-deal.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Put(u8, u8),
    Deal,
    Redeal,
}

impl State {
    /// Foundation `f` (0..8): its rule, its places, the place of its suit.
    fn ladder(&self, f: usize) -> (&'static Ladder, &Ladders<4>, usize) {
        if f < 4 {
            (&Ladder::ACE_UP, &self.up, f)
        } else {
            (&Ladder::KING_DOWN, &self.down, f - 4)
        }
    }

    /// Is `c` the next card of foundation `f`?
    fn wants(&self, f: usize, c: Card) -> bool {
        let (rule, l, p) = self.ladder(f);
        c.suit() as usize == p && rule.accepts(l, p, c)
    }

    fn put_on(&mut self, f: usize, c: Card) {
        if f < 4 {
            Ladder::ACE_UP.put(&mut self.up, f, c);
        } else {
            Ladder::KING_DOWN.put(&mut self.down, f - 4, c);
        }
    }

    fn foundation(&self, f: usize) -> Vec<Card> {
        let (rule, l, p) = self.ladder(f);
        rule.cards(l, p)
    }

    /// The top card of a source place (a flank, a packet, the pack, a foundation).
    fn top(&self, p: u8) -> Option<Card> {
        match p {
            0..8 => self.flank[p as usize],
            8..14 => self.line.top((p - LINE0) as usize),
            14..22 => self
                .ladder((p - F0) as usize)
                .1
                .top(((p - F0) % 4) as usize),
            _ => self.pack.pack_top(),
        }
    }

    fn take(&mut self, p: u8) -> Option<Card> {
        match p {
            0..8 => self.flank[p as usize].take(),
            8..14 => self.line.pop((p - LINE0) as usize),
            14..18 => Ladder::ACE_UP.take(&mut self.up, (p - F0) as usize),
            18..22 => Ladder::KING_DOWN.take(&mut self.down, (p - F0 - 4) as usize),
            _ => self.pack.take_pack(),
        }
    }

    /// Dealing four to a packet: the pack's top card onto packet `i`, four times, stopping
    /// early when the pack is empty.
    fn deal_four(&mut self, i: usize) {
        for _ in 0..FOUR {
            match self.pack.take_pack() {
                Some(c) => self.line.push(i, c),
                None => return,
            }
        }
    }

    /// The automatic step: while a packet is empty and the pack holds a card, the
    /// lowest-numbered empty packet is dealt four.
    fn refill(&mut self) {
        while self.pack.pack_len() > 0 {
            match (0..PACKETS).find(|&i| self.line.is_empty(i)) {
                Some(i) => self.deal_four(i),
                None => return,
            }
        }
    }

    fn won(&self) -> bool {
        self.up.total() + self.down.total() == CARDS
    }

    /// Every legal move, in the engine's order; with `first_flank`, an empty flank is
    /// filled only at the lowest-numbered empty place (the solver's moves).
    fn legal(&self, first_flank: bool, out: &mut Vec<Move>) {
        if self.won() {
            return;
        }
        // To the foundations: flank cards, then Line tops.
        for p in 0..F0 {
            if let Some(c) = self.top(p) {
                for f in [c.suit() as usize, 4 + c.suit() as usize] {
                    if self.wants(f, c) {
                        out.push(Move::Put(p, F0 + f as u8));
                    }
                }
            }
        }
        // Exchanges: the top of a foundation of two cards or more onto the other of its suit.
        for f in 0..8 {
            let (_, l, p) = self.ladder(f);
            let other = (f + 4) % 8;
            if l.count(p) >= 2 && l.top(p).is_some_and(|c| self.wants(other, c)) {
                out.push(Move::Put(F0 + f as u8, F0 + other as u8));
            }
        }
        // Into an empty flank place: Line tops, then the pack's top.
        let empty = (0..FLANKS as u8).filter(|&j| self.flank[j as usize].is_none());
        let empty: Vec<u8> = if first_flank {
            empty.take(1).collect()
        } else {
            empty.collect()
        };
        for src in (LINE0..F0).chain([PACK]) {
            if self.top(src).is_some() {
                out.extend(empty.iter().map(|&j| Move::Put(src, j)));
            }
        }
        if self.pack.pack_len() > 0 {
            out.push(Move::Deal);
        } else if self.pack.pass == 1 && self.line.total() > 0 {
            out.push(Move::Redeal);
        }
    }
}

impl Game for LaNivernaise {
    type State = State;
    type Move = Move;
    type Key = [u64; 11];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != CARDS {
            return Err(EngineError::BadDeal(format!(
                "{} cards, not {CARDS}",
                cards.len()
            )));
        }
        let mut flank = [None; FLANKS];
        for (f, &c) in flank.iter_mut().zip(&cards[..FLANKS]) {
            *f = Some(c);
        }
        let mut s = State {
            flank,
            line: Packed::new(),
            pack: Stock::new(&cards[FLANKS..]),
            up: Ladders::new(),
            down: Ladders::new(),
        };
        for i in 0..PACKETS {
            s.deal_four(i);
        }
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        s.legal(false, out);
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Put(from, to) => {
                let Some(c) = s.take(from) else { return };
                if to >= F0 {
                    s.put_on((to - F0) as usize, c);
                } else {
                    s.flank[to as usize] = Some(c);
                }
            }
            Move::Deal => {
                for i in 0..PACKETS {
                    s.deal_four(i);
                }
            }
            Move::Redeal => {
                let pack = gather((0..PACKETS).map(|i| s.line.cards(i)));
                s.pack = Stock::new(&pack);
                s.pack.pass = 2;
                s.line = Packed::new();
                for i in 0..PACKETS {
                    s.deal_four(i);
                }
            }
        }
        s.refill();
    }

    fn is_won(&self, s: &State) -> bool {
        s.won()
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Put(from, to) => move_text(place(from), place(to)),
            Move::Deal => "deal".into(),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (j, c) in s.flank.iter().enumerate() {
            k.pile(place(j as u8), c.as_slice(), 0);
        }
        for i in 0..PACKETS {
            k.pile(place(LINE0 + i as u8), s.line.cards(i), 0);
        }
        for f in 0..8 {
            k.pile(place(F0 + f as u8), &s.foundation(f), 0);
        }
        let pack: Vec<Card> = s.pack.pack().collect();
        k.pile(place(PACK), &pack, pack.len());
        k.field("pass", s.pack.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (place(F0 + f), s.top(F0 + f))),
        );
        p.tops(
            "Left flank",
            (0..4).map(|j| (place(j), s.flank[j as usize])),
        );
        p.tops(
            "Right flank",
            (4..8).map(|j| (place(j), s.flank[j as usize])),
        );
        for i in 0..PACKETS {
            p.pile(place(LINE0 + i as u8), s.line.cards(i), 0);
        }
        p.line(&format!(
            "Pack: {} cards   Pass {} of 2",
            s.pack.pack_len(),
            s.pack.pass
        ));
        p.finish()
    }

    /// The key of the module docs, with the flank places sorted. Proof of the symmetry:
    /// no rule tells the flank places apart (each holds one card or none, its card goes
    /// only to the foundations, and an empty one takes any Line top or the pack's top), so
    /// two positions that differ by a permutation of the flank places have the same moves
    /// up to that permutation, and the same verdict.
    fn key(&self, s: &State) -> [u64; 11] {
        // 8 x 6 + 8 x 4 + 1 + at most (96 cards + 6 ends) x 6 = 693 bits.
        let code = |c: Card| c.index() as u64 + 1;
        let mut flank = s.flank.map(|c| c.map_or(0, code));
        sort_among(&mut flank, |_| true);
        let mut w = BitWriter::<11>::new();
        for c in flank {
            w.put(c, 6);
        }
        for p in 0..4 {
            w.put(u64::from(s.up.count(p)), 4);
            w.put(u64::from(s.down.count(p)), 4);
        }
        w.put(u64::from(s.pack.pass - 1), 1);
        for i in 0..PACKETS {
            for &c in s.line.cards(i) {
                w.put(code(c), 6);
            }
            w.put(0, 6);
        }
        if s.pack.pass == 1 {
            w.put(s.pack.pack_len() as u64, 7);
        } else {
            for c in s.pack.left() {
                w.put(code(c), 6);
            }
        }
        w.finish()
    }

    /// The legal moves, but an empty flank place is filled only at the lowest-numbered
    /// one. Proof: the flank places are interchangeable (see [`LaNivernaise::key`]), so
    /// filling empty place J or the lowest empty place J0 with the same card gives two
    /// positions that differ only by exchanging J and J0 (both empty before), which have
    /// the same verdict.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        s.legal(true, out);
    }

    /// Card `c` to foundation X of its suit, when that suit's two foundations hold 14
    /// cards or more (u up, d down, u + d >= 14) and `c` is a flank card, or in pass 2 the
    /// top of a packet of two cards or more. Proof. (1) Exchanges need u + d = 13 (the top
    /// of one is the other's next card), and u + d never falls, so the suit has none left;
    /// its foundations hold both copies of every rank from 14 - d to u, so `c` is the only
    /// card left of its rank, X is its only foundation, and nothing else can go on X before
    /// it. (2) Let A be the position before the move and B after it. Every line from A is
    /// played from B as it is, leaving out the move that puts `c` on X: while `c` waits in
    /// A, B's places are A's with `c` gone (an extra empty flank place, left empty, or the
    /// packet without its top, which stays non-empty since the cards under `c` cannot move
    /// in A), every move A makes is legal in B with the same effect (the refills, rounds and
    /// other foundations see the same cards; no re-deal gathers the Line in pass 2), and a
    /// move of `c` into a flank place in A leaves B as A with `c` moved on, the flank case.
    /// The line ends in the same won position.
    fn safe_move(&self, s: &State) -> Option<Move> {
        for p in 0..F0 {
            let Some(c) = s.top(p) else { continue };
            if p >= LINE0 && (s.pack.pass == 1 || s.line.len((p - LINE0) as usize) < 2) {
                continue;
            }
            let su = c.suit() as usize;
            if s.up.count(su) + s.down.count(su) < 14 {
                continue;
            }
            if let Some(f) = [su, su + 4].into_iter().find(|&f| s.wants(f, c)) {
                return Some(Move::Put(p, F0 + f as u8));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees_from,
        solve_limited, texts, unshuffled, walk,
    };

    /// The unshuffled two packs: AC..KC, AD..KD, AH..KH, AS..KS, twice.
    fn pack() -> Vec<Card> {
        unshuffled(PackSpec::Standard(2))
    }

    #[test]
    fn the_deal_fills_flanks_line_and_pack() {
        let s = deal_cards(&LaNivernaise, pack());
        let k = LaNivernaise.key_text(&s);
        assert!(
            k.starts_with(
                "FL1:AC FL2:2C FL3:3C FL4:4C FR1:5C FR2:6C FR3:7C FR4:8C \
                 L1:9CTCJCQC L2:KCAD2D3D L3:4D5D6D7D L4:8D9DTDJD L5:QDKDAH2H L6:3H4H5H6H \
                 F1: F2: F3: F4: F5: F6: F7: F8: pack:ksqsjs"
            ),
            "{k}"
        );
        assert!(k.ends_with("9h8h7h pass:1"), "{k}");
        assert_eq!(key_segment(&k, "pack").len(), 144);
        assert_eq!(
            texts(&LaNivernaise, &s),
            ["fl1>f1", "deal"],
            "a full flank takes nothing"
        );
    }

    #[test]
    fn foundations_flanks_refills_and_exchanges() {
        let mut s = deal_cards(&LaNivernaise, pack());
        for m in ["fl1>f1", "fl2>f1", "fl3>f1", "fl4>f1"] {
            play(&LaNivernaise, &mut s, m);
        }
        let t = texts(&LaNivernaise, &s);
        assert!(t.contains(&"l1>fl1".to_string()) && t.contains(&"pack>fl4".to_string()));
        assert!(!t.contains(&"pack>fr1".to_string()));
        play(&LaNivernaise, &mut s, "pack>fl1");
        assert_eq!(key_segment(&LaNivernaise.key_text(&s), "FL1"), "7H");
        // L2 is KC AD 2D 3D: play 3D 2D into flanks, AD to F2, KC to F5; L2 is refilled.
        for m in ["l2>fl2", "l2>fl3", "l2>f2", "fl3>f2", "fl2>f2", "l2>f5"] {
            play(&LaNivernaise, &mut s, m);
        }
        let k = LaNivernaise.key_text(&s);
        assert_eq!(key_segment(&k, "L2"), "8H9HTHJH");
        assert_eq!(key_segment(&k, "F2"), "AD2D3D");
        assert_eq!(key_segment(&k, "F5"), "KC");
        // F1 holds AC..4C, F5 holds KC: nothing to exchange yet.
        assert!(!texts(&LaNivernaise, &s).iter().any(|m| m.starts_with('f')
            && m.contains(">f")
            && !m.starts_with("fl")
            && !m.starts_with("fr")));
    }

    #[test]
    fn an_exchange_and_an_ace_from_a_finished_descending_pile() {
        let mut s = deal_cards(&LaNivernaise, pack());
        // Hand-set: F3 holds AH..7H, F7 holds KH..8H.
        for r in 1..=7 {
            s.put_on(2, Card::new(r, 2));
        }
        for r in (8..=13).rev() {
            s.put_on(6, Card::new(r, 2));
        }
        let t = texts(&LaNivernaise, &s);
        assert!(t.contains(&"f3>f7".to_string()) && t.contains(&"f7>f3".to_string()));
        play(&LaNivernaise, &mut s, "f3>f7");
        let k = LaNivernaise.key_text(&s);
        assert_eq!(key_segment(&k, "F3"), "AH2H3H4H5H6H");
        assert_eq!(key_segment(&k, "F7"), "KHQHJHTH9H8H7H");
        for _ in 0..5 {
            play(&LaNivernaise, &mut s, "f3>f7");
        }
        // F3 holds its base alone: it never moves.
        assert!(!texts(&LaNivernaise, &s).contains(&"f3>f7".to_string()));
        let mut s = deal_cards(&LaNivernaise, pack());
        for r in (1..=13).rev() {
            s.put_on(5, Card::new(r, 1));
        }
        assert!(texts(&LaNivernaise, &s).contains(&"f6>f2".to_string()));
    }

    #[test]
    fn rounds_the_end_of_the_pack_and_the_redeal() {
        let mut s = deal_cards(&LaNivernaise, pack());
        for _ in 0..3 {
            play(&LaNivernaise, &mut s, "deal");
        }
        let k = LaNivernaise.key_text(&s);
        assert_eq!(key_segment(&k, "L1").len(), 32);
        assert_eq!(s.pack.pack_len(), 0);
        assert_eq!(
            texts(&LaNivernaise, &s).last().map(String::as_str),
            Some("redeal")
        );
        let line: Vec<String> = (1..=6).map(|i| key_segment(&k, &format!("L{i}"))).collect();
        play(&LaNivernaise, &mut s, "redeal");
        let k = LaNivernaise.key_text(&s);
        assert_eq!(key_segment(&k, "pass"), "2");
        // The new pack gives L6 bottom to top first: L1 gets L6's first four cards.
        assert_eq!(key_segment(&k, "L1"), line[5][..8]);
        assert_eq!(key_segment(&k, "L6"), line[4][8..16]);
        assert!(!texts(&LaNivernaise, &s).contains(&"redeal".to_string()));
    }

    #[test]
    fn walks_keep_every_card_and_a_sorted_flank_key() {
        for seed in 1..6 {
            let s = deal(&LaNivernaise, seed);
            walk(&LaNivernaise, &s, 300, seed, |s| {
                let n = s.flank.iter().flatten().count()
                    + s.line.total()
                    + s.pack.pack_len()
                    + s.up.total()
                    + s.down.total();
                assert_eq!(n, CARDS);
                let mut t = s.clone();
                t.flank.reverse();
                assert_eq!(LaNivernaise.key(s), LaNivernaise.key(&t));
            });
        }
    }

    #[test]
    fn options_are_refused_and_short_deals_too() {
        assert!(LaNivernaise::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(LaNivernaise::from_options(&[]).is_ok());
        assert!(LaNivernaise
            .start(cards("AC 2C"), SplitMix64::new(1))
            .is_err());
    }

    #[test]
    fn a_nearly_won_position_is_won_and_replays() {
        let mut s = deal_cards(&LaNivernaise, pack());
        // Hand-set: F1..F4 full, F6..F8 full, F5 KC..4C; 3C in L1 under 2C, AC in FL4.
        s.line = Packed::new();
        s.line.push(0, Card::new(3, 0));
        s.line.push(0, Card::new(2, 0));
        s.pack = Stock::new(&[]);
        s.flank = [None; FLANKS];
        s.flank[3] = Some(Card::new(1, 0));
        for suit in 0..4u8 {
            for r in 1..=13 {
                s.put_on(suit as usize, Card::new(r, suit));
                if suit > 0 || r < 11 {
                    s.put_on(4 + suit as usize, Card::new(14 - r, suit));
                }
            }
        }
        assert_eq!(
            texts(&LaNivernaise, &s),
            ["l1>fl1", "l1>fl2", "l1>fl3", "l1>fr1", "l1>fr2", "l1>fr3", "l1>fr4", "redeal"]
        );
        for plain in [false, true] {
            let o = solve_limited(&LaNivernaise, &s, 10_000, plain);
            assert_eq!(o.verdict, Verdict::Won);
            assert_replays(&LaNivernaise, &s, &o.moves);
        }
        play(&LaNivernaise, &mut s, "redeal");
        assert_eq!(key_segment(&LaNivernaise.key_text(&s), "L1"), "3C2C");
        for m in ["l1>fl1", "l1>f5", "fl1>f5", "fl4>f5"] {
            play(&LaNivernaise, &mut s, m);
        }
        assert!(LaNivernaise.is_won(&s) && texts(&LaNivernaise, &s).is_empty());
    }

    #[test]
    fn seeds_are_searched_and_wins_replay() {
        for seed in 1..4 {
            let s = deal(&LaNivernaise, seed);
            let o = solve_limited(&LaNivernaise, &s, 20_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&LaNivernaise, &s, &o.moves);
            }
        }
    }

    /// A late position of seed `seed`: per suit 5 to 13 cards up and down, the cards left
    /// shuffled into some flank places, the Line and the pack, in pass 1 or 2.
    fn late(seed: u64) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut r = |n: u64| (rng.next_u64() % n) as usize;
        let mut s = deal_cards(&LaNivernaise, pack());
        let mut left = pack();
        for suit in 0..4u8 {
            let (u, d) = (5 + r(9) as u8, 5 + r(9) as u8);
            for k in 1..=u {
                s.put_on(suit as usize, Card::new(k, suit));
            }
            for k in 0..d {
                s.put_on(4 + suit as usize, Card::new(13 - k, suit));
            }
            for c in (1..=u).chain(14 - d..=13).map(|k| Card::new(k, suit)) {
                let i = left.iter().position(|&x| x == c).unwrap();
                left.remove(i);
            }
        }
        let mut shuffle = SplitMix64::new(seed ^ 0xabc);
        shuffle.shuffle(&mut left);
        s.flank = [None; FLANKS];
        s.line = Packed::new();
        let mut it = left.into_iter();
        for j in 0..FLANKS {
            if r(3) > 0 {
                s.flank[j] = it.next();
            }
        }
        for i in 0..PACKETS {
            for c in it.by_ref().take(1 + r(5)) {
                s.line.push(i, c);
            }
        }
        s.pack = Stock::new(&it.collect::<Vec<_>>());
        s.pack.pass = 1 + r(2) as u16;
        s.refill();
        s
    }

    #[test]
    fn the_pruning_agrees_with_plain_search() {
        let starts: Vec<(u64, State)> = (0..60).map(|i| (i, late(i))).collect();
        let a = pruning_agrees_from(&LaNivernaise, starts, 40, 8, 20_000);
        assert!(a.won >= 100 && a.lost >= 20, "{a:?}");
        let mut safe = 0;
        for i in 0..60 {
            walk(&LaNivernaise, &late(i), 40, i, |s| {
                safe += usize::from(LaNivernaise.safe_move(s).is_some())
            });
        }
        assert!(safe >= 500, "{safe}");
    }
}
