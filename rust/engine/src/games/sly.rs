//! THE SLY (`sly`), from `rules/sly.md` and `docs/notation/sly.md`.
//!
//! # Layout and deal
//! Two packs, nothing taken out, dealt from the first card of the dealing order. The
//! promenade has twenty packets P1..P20; the first deal fills each in turn, lowest empty
//! first ("filling a packet"): a card that starts a foundation goes there and the next card
//! is taken for the same packet; a card that fits a foundation waits in the hand
//! (`pending:Pp`) for the player to play it up or lay it on the packet; any other card is
//! laid on the packet.
//!
//! # Foundations
//! F1..F4 rise in suit from an ace to the king, F5..F8 fall in suit from a king to the
//! ace. The first ace of a suit starts a rising foundation, the first king of a suit a
//! falling one, at once, at the lowest-numbered empty place of its kind. A card fits a
//! started foundation of its suit showing the rank below it (rising) or above (falling).
//!
//! # The promenade
//! A packet's top card may go to a foundation it fits; nothing goes from packet to packet.
//! Between rounds, an empty packet is filled at once while the pack has cards.
//!
//! # Rounds
//! Between rounds, while the pack has cards, `round` starts a round of twenty (`deal:N`):
//! the cards come out one by one; a starter goes up at once, any other card waits in the
//! hand to be played up or laid on any packet (`hand>pQ`). The round ends when twenty have
//! been laid or the pack is empty. No re-deal.
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! Key symmetry: the twenty packets are interchangeable (sorted in the key, see
//! [`Sly::key`]); no safe move and no macro.

use crate::card::{Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{sort_among, BitWriter, Hand, Ladder, Ladders, Packed};

pub const SLUG: &str = "sly";
const TITLE: &str = "The Sly";

/// THE SLY has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
const PACKETS: usize = 20;
/// Cards laid on the promenade in one round.
const ROUND: u8 = 20;
const CARDS: usize = 104;
const UP: Ladder = Ladder::ACE_UP;
const DOWN: Ladder = Ladder::KING_DOWN;

fn packet(i: usize) -> Place {
    Place::at("P", i)
}

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Sly;

impl Sly {
    /// Build from user options: THE SLY has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Sly)
    }
}

/// A position: the dealing order with the index of its next card, the packets (bottom to
/// top), the rising and falling foundations, the hand, and the round in progress (the
/// number of cards laid in it so far).
#[derive(Copy, Clone, Debug)]
pub struct State {
    order: [Card; CARDS],
    next: u8,
    packets: Packed<CARDS, PACKETS>,
    up: Ladders<4>,
    down: Ladders<4>,
    hand: Hand,
    round: Option<u8>,
}

/// One move. Foundations `to` 0..4 are F1..F4 (rising), 4..8 F5..F8 (falling).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    PacketFound { from: u8, to: u8 },
    HandFound(u8),
    HandPacket(u8),
    Round,
}

impl State {
    fn pack_len(&self) -> usize {
        CARDS - usize::from(self.next)
    }

    fn draw(&mut self) -> Option<Card> {
        let c = *self.order.get(usize::from(self.next))?;
        self.next += 1;
        Some(c)
    }

    /// The foundation `c` starts (an ace whose suit has no rising foundation, a king whose
    /// suit has no falling one): the lowest-numbered empty place of its kind.
    fn starts(&self, c: Card) -> Option<usize> {
        match c.rank() {
            ACE if self.up.suit_count(c.suit()) == 0 => UP.suit_dest(&self.up, c),
            KING if self.down.suit_count(c.suit()) == 0 => {
                DOWN.suit_dest(&self.down, c).map(|f| f + 4)
            }
            _ => None,
        }
    }

    /// The started foundations `c` fits (0..8), rising first: at most one of each kind.
    fn fits(&self, c: Card) -> [Option<usize>; 2] {
        let up = (self.up.suit_count(c.suit()) > 0)
            .then(|| UP.suit_dest(&self.up, c))
            .flatten();
        let down = (self.down.suit_count(c.suit()) > 0)
            .then(|| DOWN.suit_dest(&self.down, c))
            .flatten();
        [up, down.map(|f| f + 4)]
    }

    fn fits_any(&self, c: Card) -> bool {
        self.fits(c).iter().any(Option::is_some)
    }

    fn put(&mut self, f: usize, c: Card) {
        if f < 4 {
            UP.put(&mut self.up, f, c);
        } else {
            DOWN.put(&mut self.down, f - 4, c);
        }
    }

    /// The packet being filled while a card waits in the hand between rounds.
    fn pending(&self) -> Option<usize> {
        if self.hand.is_empty() || self.round.is_some() {
            return None;
        }
        (0..PACKETS).find(|&p| self.packets.is_empty(p))
    }

    /// The dealing loop of the notation page, run after the start and after every move.
    fn settle(&mut self) {
        loop {
            if !self.hand.is_empty() {
                return;
            }
            if let Some(n) = self.round {
                if n < ROUND && self.pack_len() > 0 {
                    let Some(c) = self.draw() else { return };
                    match self.starts(c) {
                        Some(f) => self.put(f, c),
                        None => {
                            self.hand.hold(c);
                            return;
                        }
                    }
                    continue;
                }
                self.round = None;
            }
            let Some(p) = (0..PACKETS).find(|&p| self.packets.is_empty(p)) else {
                return;
            };
            let Some(c) = self.draw() else { return };
            if let Some(f) = self.starts(c) {
                self.put(f, c);
            } else if self.fits_any(c) {
                self.hand.hold(c);
            } else {
                self.packets.push(p, c);
            }
        }
    }
}

impl Game for Sly {
    type State = State;
    type Move = Move;
    type Key = [u64; 13];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let order: [Card; CARDS] =
            cards
                .as_slice()
                .try_into()
                .map_err(|_| EngineError::WrongCount {
                    expected: CARDS,
                    got: cards.len(),
                })?;
        let mut s = State {
            order,
            next: 0,
            packets: Packed::new(),
            up: Ladders::new(),
            down: Ladders::new(),
            hand: Hand::default(),
            round: None,
        };
        s.settle();
        Ok(s)
    }

    /// With a card in the hand: to the foundations it fits, then onto the packet being
    /// filled or, in a round, onto each packet. Otherwise each packet's top to the
    /// foundations it fits, then `round`.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if let Some(c) = s.hand.card() {
            for f in s.fits(c).into_iter().flatten() {
                out.push(Move::HandFound(f as u8));
            }
            if let Some(p) = s.pending() {
                out.push(Move::HandPacket(p as u8));
            } else if s.round.is_some() {
                out.extend((0..PACKETS as u8).map(Move::HandPacket));
            }
            return;
        }
        for (from, top) in s.packets.tops().iter().enumerate() {
            let Some(c) = *top else { continue };
            for f in s.fits(c).into_iter().flatten() {
                out.push(Move::PacketFound {
                    from: from as u8,
                    to: f as u8,
                });
            }
        }
        if s.pack_len() > 0 {
            out.push(Move::Round);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::PacketFound { from, to } => {
                if let Some(c) = s.packets.pop(usize::from(from)) {
                    s.put(usize::from(to), c);
                }
            }
            Move::HandFound(to) => {
                if let Some(c) = s.hand.take() {
                    s.put(usize::from(to), c);
                }
            }
            Move::HandPacket(p) => {
                if let Some(c) = s.hand.take() {
                    s.packets.push(usize::from(p), c);
                    if let Some(n) = s.round.as_mut() {
                        *n += 1;
                    }
                }
            }
            Move::Round => s.round = Some(0),
        }
        s.settle();
    }

    fn is_won(&self, s: &State) -> bool {
        UP.all_full(&s.up) && DOWN.all_full(&s.down)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let hand = Place::named("hand");
        match m {
            Move::PacketFound { from, to } => {
                move_text(packet(usize::from(from)), found(usize::from(to)))
            }
            Move::HandFound(to) => move_text(hand, found(usize::from(to))),
            Move::HandPacket(p) => move_text(hand, packet(usize::from(p))),
            Move::Round => "round".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for i in 0..PACKETS {
            k.pile(packet(i), s.packets.cards(i), 0);
        }
        for f in 0..4 {
            k.pile(found(f), &UP.cards(&s.up, f), 0);
        }
        for f in 0..4 {
            k.pile(found(f + 4), &DOWN.cards(&s.down, f), 0);
        }
        let pack: Vec<Card> = s.order[usize::from(s.next)..]
            .iter()
            .rev()
            .copied()
            .collect();
        k.pile(Place::named("pack"), &pack, pack.len());
        k.pile(Place::named("hand"), s.hand.card().as_slice(), 0);
        if let Some(p) = s.pending() {
            k.field("pending", packet(p).key_label());
        }
        if let Some(n) = s.round {
            k.field("deal", n);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Rising", (0..4).map(|f| (found(f), s.up.top(f))));
        p.tops("Falling", (0..4).map(|f| (found(f + 4), s.down.top(f))));
        let mut line = format!("Pack: {} cards   Hand: ", s.pack_len());
        line.push_str(&s.hand.card().map_or("--".into(), |c| c.to_string()));
        if let Some(n) = s.round {
            line.push_str(&format!("   Round: {n} of {ROUND} laid"));
        }
        p.line(&line);
        for i in 0..PACKETS {
            p.pile(packet(i), s.packets.cards(i), 0);
        }
        p.finish()
    }

    /// The packets' cards in sorted order (6 bits a card: index + 1, the two copies
    /// alike, each packet closed by a 0), each foundation place's suit and height, the
    /// pack's cursor (which also names the card in the hand, the last one taken), whether
    /// the hand holds it, and the round: at most 124 x 6 + 8 x 6 + 7 + 1 + 6 = 806 bits.
    ///
    /// Sorting the packets merges positions that differ only by a permutation of the
    /// packets. Proof that two such positions A and B (a permutation s of the packets
    /// taking A's packets to B's, all else equal) have the same verdict: the rules name a
    /// packet's number only where an empty packet is filled (the lowest-numbered empty one
    /// first); empty packets are all alike, so s may be chosen to keep the order among the
    /// empty packets, and then each move of A has its image in B (`pI>fM` to `ps(I)>fM`,
    /// `hand>pQ` to `hand>ps(Q)`, the pending packet, the lowest empty one, to the lowest
    /// empty one), leading to positions again related by s (re-chosen among the empty
    /// packets when a move empties one), with the same foundations, hand, pack and
    /// round, and won together. By induction on the moves left, A wins exactly when B
    /// does. The move texts still come from real positions, so a won line replays.
    fn key(&self, s: &State) -> [u64; 13] {
        let mut packets: [&[Card]; PACKETS] = std::array::from_fn(|i| s.packets.cards(i));
        sort_among(&mut packets, |_| true);
        let mut w = BitWriter::<13>::new();
        for p in packets {
            for c in p {
                w.put(c.index() as u64 + 1, 6);
            }
            w.put(0, 6);
        }
        for l in [&s.up, &s.down] {
            for f in 0..4 {
                let suit = l.top(f).map_or(0, |c| c.suit());
                w.put(u64::from(l.count(f)) << 2 | u64::from(suit), 6);
            }
        }
        w.put(u64::from(s.next), 7);
        w.put(u64::from(!s.hand.is_empty()), 1);
        w.put(s.round.map_or(0, |n| u64::from(n) + 1), 6);
        w.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{cards, deal, deal_cards, key_segment, play, solve_limited, texts};

    /// The pack: the cards `first` in this order, then the rest of two unshuffled packs.
    fn pack_with(first: &str) -> Vec<Card> {
        let head = cards(first);
        let mut rest = crate::testing::unshuffled(PackSpec::Standard(2));
        for c in &head {
            if let Some(i) = rest.iter().position(|d| d == c) {
                rest.remove(i);
            }
        }
        head.into_iter().chain(rest).collect()
    }

    #[test]
    fn the_first_deal_fills_the_packets_and_waits_for_a_fitting_card() {
        let g = Sly;
        // 5S 7H on P1 P2; AH starts F1 and 9C goes to P3; 2H fits F1: it waits for P4.
        let s = deal_cards(&g, pack_with("5S 7H AH 9C 2H"));
        let k = g.key_text(&s);
        assert!(k.starts_with("P1:5S P2:7H P3:9C P4: P5: "), "{k}");
        assert_eq!(key_segment(&k, "F1"), "AH");
        assert_eq!(key_segment(&k, "hand"), "2H");
        assert_eq!(key_segment(&k, "pending"), "P4");
        assert!(!k.contains("deal:"));
        assert_eq!(texts(&g, &s), ["hand>f1", "hand>p4"]);
        let mut laid = s;
        play(&g, &mut laid, "hand>p4");
        assert_eq!(key_segment(&g.key_text(&laid), "P4"), "2H");
        let mut up = s;
        play(&g, &mut up, "hand>f1");
        let k = g.key_text(&up);
        assert_eq!(key_segment(&k, "F1"), "AH2H");
        // The rest of the pack begins AC 2C: AC starts F2, 2C fits it and waits for P4.
        assert_eq!(key_segment(&k, "F2"), "AC");
        assert_eq!(key_segment(&k, "hand"), "2C");
        assert_eq!(key_segment(&k, "pending"), "P4");
    }

    #[test]
    fn the_pack_is_written_bottom_to_top_in_lower_case() {
        let g = Sly;
        let s = deal_cards(
            &g,
            pack_with("5S 7H 9C 3D 4D 6D 8D TD JD QD 5C 6C 7C 8C 9D TC JC QC 2D 3C 8S 9S"),
        );
        let k = g.key_text(&s);
        assert!(k.starts_with("P1:5S P2:7H P3:9C P4:3D P5:4D P6:6D P7:8D P8:TD P9:JD P10:QD P11:5C P12:6C P13:7C P14:8C P15:9D P16:TC P17:JC P18:QC P19:2D P20:3C F1: "), "{k}");
        let pack = key_segment(&k, "pack");
        assert!(pack.ends_with("9s8s"), "{pack}");
        assert_eq!(pack.len(), 2 * 84);
        assert_eq!(key_segment(&k, "hand"), "");
        assert_eq!(texts(&g, &s), ["round"]);
    }

    #[test]
    fn a_round_lays_twenty_cards_anywhere() {
        let g = Sly;
        let mut s = deal_cards(
            &g,
            pack_with("5S 7H 9C 3D 4D 6D 8D TD JD QD 5C 6C 7C 8C 9D TC JC QC 2D 3C 8S 9S KD"),
        );
        play(&g, &mut s, "round");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "hand"), "8S");
        assert_eq!(key_segment(&k, "deal"), "0");
        assert!(!k.contains("pending:"));
        let t = texts(&g, &s);
        assert_eq!(t.len(), 20);
        assert_eq!(t[0], "hand>p1");
        assert_eq!(t[19], "hand>p20");
        play(&g, &mut s, "hand>p5");
        play(&g, &mut s, "hand>p5");
        // KD starts F5 at once; the next card waits.
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "P5"), "4D8S9S");
        assert_eq!(key_segment(&k, "F5"), "KD");
        assert_eq!(key_segment(&k, "deal"), "2");
        for _ in 0..18 {
            let m = texts(&g, &s).into_iter().find(|m| m == "hand>p1").unwrap();
            play(&g, &mut s, &m);
        }
        let k = g.key_text(&s);
        assert!(!k.contains("deal:"), "{k}");
        assert_eq!(s.packets.len(0), 19);
        // QD tops P10 and fits the falling diamonds.
        assert!(texts(&g, &s).contains(&"p10>f5".to_string()));
    }

    #[test]
    fn the_second_ace_ends_the_falling_foundation() {
        let g = Sly;
        let mut s = deal_cards(&g, pack_with("AH KH 2H"));
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "F1"), "AH");
        assert_eq!(key_segment(&k, "F5"), "KH");
        assert_eq!(texts(&g, &s), ["hand>f1", "hand>p1"]);
        play(&g, &mut s, "hand>f1");
        assert_eq!(key_segment(&g.key_text(&s), "F1"), "AH2H");
        let up = s.up;
        let mut t = s;
        t.down = Ladders::new();
        for r in (1..=13).rev() {
            DOWN.put(&mut t.down, 0, Card::new(r, 2));
            if r == 2 {
                break;
            }
        }
        assert_eq!(t.fits(cards("AH")[0]), [None, Some(4)]);
        assert_eq!(t.starts(cards("AH")[0]), None);
        assert_eq!(up.suit_count(2), 2);
    }

    #[test]
    fn no_option() {
        let opt = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(Sly::from_options(&opt).is_err());
        assert!(Sly::from_options(&[]).is_ok());
    }

    #[test]
    fn the_unshuffled_pack_is_won_and_replays() {
        // Two unshuffled packs, each AC..KC, AD..KD, AH..KH, AS..KS: the first pack's
        // cards play up as they come, but each king starts a falling foundation, so the
        // second pack's A..J of a suit wait on the packets and in rounds for its queen.
        let g = Sly;
        let s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(2)));
        let o = solve_limited(&g, &s, 100_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        crate::testing::assert_replays(&g, &s, &o.moves);
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = Sly;
        // The last positions of random walks: the plain search decides only those.
        let mut a = crate::testing::Agreement::default();
        for seed in 0..24 {
            let line = crate::testing::walk(&g, &deal(&g, seed), 400, seed, |_| {});
            let late = line.iter().rev().step_by(2).take(4);
            a += crate::testing::pruning_agrees_on(&g, late, 3_000);
        }
        assert!(a.won + a.lost >= 40, "{a:?}");
    }

    #[test]
    fn packets_of_the_same_cards_share_a_key() {
        let g = Sly;
        let s = deal_cards(
            &g,
            pack_with("5S 7H 9C 3D 4D 6D 8D TD JD QD 5C 6C 7C 8C 9D TC JC QC 2D 3C"),
        );
        let mut t = s;
        t.packets = Packed::new();
        for i in 0..PACKETS {
            for &c in s.packets.cards(PACKETS - 1 - i) {
                t.packets.push(i, c);
            }
        }
        assert_eq!(key_segment(&g.key_text(&t), "P1"), "3C");
        assert_eq!(g.key(&s), g.key(&t));
        let mut u = s;
        u.packets.pop(0);
        u.packets.push(0, cards("5H")[0]);
        assert_ne!(g.key(&s), g.key(&u));
    }

    #[test]
    fn random_deals_never_panic() {
        let g = Sly;
        for seed in 1..4 {
            let s = deal(&g, seed);
            let line = crate::testing::walk(&g, &s, 400, seed, |_| {});
            assert!(!line.is_empty());
        }
    }
}
