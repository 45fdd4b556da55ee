//! THE SLY (`sly`), from `rules/sly.md` and `docs/notation/sly.md`.
//!
//! # Layout and deal
//! Two packs, nothing taken out, dealt from the first card of the dealing order. The
//! promenade has twenty packets P1..P20; the first deal fills each in turn, lowest empty
//! first ("filling a packet"): a card that starts a foundation goes there, a card that fits
//! one goes at once to the lowest-numbered foundation it fits ("played up"), and in both
//! cases the next card is taken for the same packet; any other card is laid on the packet.
//! Filling never waits for the player.
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
//! Between rounds, while the pack has cards, `round` first plays off the promenade (the
//! lowest-numbered packet whose top fits plays it up, emptied packets are refilled, until
//! no top fits), then starts a round of twenty (`deal:N`): the cards come out one by one; a
//! starter or a fitting card goes up at once, any other card waits in the hand to be laid on
//! any packet (`hand>pQ`). The round ends when twenty have been laid or the pack is empty.
//! No re-deal.
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

    /// The lowest-numbered foundation `c` fits (a rising one before a falling one).
    fn first_fit(&self, c: Card) -> Option<usize> {
        self.fits(c).into_iter().flatten().next()
    }

    /// Where a card turned from the pack goes at once: the foundation it starts, else the
    /// lowest-numbered one it fits.
    fn goes_up(&self, c: Card) -> Option<usize> {
        self.starts(c).or_else(|| self.first_fit(c))
    }

    fn put(&mut self, f: usize, c: Card) {
        if f < 4 {
            UP.put(&mut self.up, f, c);
        } else {
            DOWN.put(&mut self.down, f - 4, c);
        }
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
                    match self.goes_up(c) {
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
            match self.goes_up(c) {
                Some(f) => self.put(f, c),
                None => self.packets.push(p, c),
            }
        }
    }

    /// The play-off before a round: while some packet's top fits a foundation, the
    /// lowest-numbered such packet plays it up, and emptied packets are refilled.
    fn play_off(&mut self) {
        while let Some((p, f)) = (0..PACKETS).find_map(|p| {
            let c = self.packets.top(p)?;
            Some((p, self.first_fit(c)?))
        }) {
            if let Some(c) = self.packets.pop(p) {
                self.put(f, c);
            }
            self.settle();
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

    /// With a card in the hand (only in a round): onto each packet. Otherwise each
    /// packet's top to the foundations it fits, then `round`.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if !s.hand.is_empty() {
            out.extend((0..PACKETS as u8).map(Move::HandPacket));
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
            Move::HandPacket(p) => {
                if let Some(c) = s.hand.take() {
                    s.packets.push(usize::from(p), c);
                    if let Some(n) = s.round.as_mut() {
                        *n += 1;
                    }
                }
            }
            Move::Round => {
                s.play_off();
                s.round = Some(0);
            }
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
    /// taking A's packets to B's, all else equal) have the same verdict. The rules name a
    /// packet's number in two places: an empty packet is filled lowest-numbered first, and
    /// the play-off of `round` plays the lowest-numbered fitting packet first. Call a line
    /// clean when each of its `round` moves is made where no packet top fits (its play-off
    /// does nothing). (1) A position with a winning line has a clean one: before each
    /// `round`, play the play-off's own steps as moves (`pI>fM`, I the lowest-numbered
    /// fitting packet, M the lowest-numbered foundation its top fits: legal, and the move's
    /// refill is the play-off's refill step); they reach the play-off's position, where
    /// `round` then only deals. (2) Empty packets are all alike, so s may be chosen to keep
    /// the order among the empty packets; then each move of a clean line from A has its
    /// image in B (`pI>fM` to `ps(I)>fM`, `hand>pQ` to `hand>ps(Q)`, `round` to `round`,
    /// with nothing to play off in B either, its tops being A's), and refills take the
    /// lowest-numbered empty packet on both sides, leading to positions again related by s
    /// (re-chosen among the empty packets when a move empties one), with the same
    /// foundations, hand, pack and round, won together. So A has a winning line exactly
    /// when B has one. The move texts still come from real positions, so a won line
    /// replays.
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

    /// A position between rounds: packets (bottom to top), the rising and falling
    /// foundations (bottom to top, F1.. and F5.. in order), and the pack, next card first.
    fn position(packets: &[&str], up: &[&str], down: &[&str], pack: &str) -> State {
        let mut s = deal_cards(&Sly, crate::testing::unshuffled(PackSpec::Standard(2)));
        let pack = cards(pack);
        let next = CARDS - pack.len();
        s.order[next..].copy_from_slice(&pack);
        s.next = next as u8;
        s.packets = Packed::new();
        for (p, t) in packets.iter().enumerate() {
            for c in cards(t) {
                s.packets.push(p, c);
            }
        }
        (s.up, s.down) = (Ladders::new(), Ladders::new());
        for (f, t) in up.iter().enumerate() {
            cards(t).into_iter().for_each(|c| UP.put(&mut s.up, f, c));
        }
        for (f, t) in down.iter().enumerate() {
            cards(t)
                .into_iter()
                .for_each(|c| DOWN.put(&mut s.down, f, c));
        }
        (s.hand, s.round) = (Hand::default(), None);
        s
    }

    #[test]
    fn the_first_deal_plays_fitting_cards_up_at_once() {
        let g = Sly;
        // Worked by hand. 5S 7H to P1 P2; AH starts F1; 9C to P3; 2H fits F1 and goes up.
        // Then the rest of the first pack: AC starts F2, 2C..8C go up, TC JC QC to P4-P6
        // (9C is on P3), KC starts F5; AD starts F3, 2D..QD up, KD starts F6; 3H..6H up,
        // 8H..QH to P7-P11, KH starts F7; AS starts F4, 2S..4S up, 6S..QS to P12-P18, KS
        // starts F8. The second pack's AC and 2C fit nothing: P19, P20.
        let s = deal_cards(&g, pack_with("5S 7H AH 9C 2H"));
        let k = g.key_text(&s);
        assert!(
            k.starts_with(
                "P1:5S P2:7H P3:9C P4:TC P5:JC P6:QC P7:8H P8:9H P9:TH P10:JH P11:QH \
                 P12:6S P13:7S P14:8S P15:9S P16:TS P17:JS P18:QS P19:AC P20:2C \
                 F1:AH2H3H4H5H6H F2:AC2C3C4C5C6C7C8C F3:AD2D3D4D5D6D7D8D9DTDJDQD \
                 F4:AS2S3S4S F5:KC F6:KD F7:KH F8:KS pack:"
            ),
            "{k}"
        );
        assert_eq!(key_segment(&k, "pack").len(), 2 * 50);
        assert!(k.ends_with(" hand:"), "{k}");
        assert!(!k.contains("pending") && !k.contains("deal:"), "{k}");
        assert_eq!(
            texts(&g, &s),
            ["p1>f4", "p2>f1", "p3>f2", "p6>f5", "p11>f7", "p18>f8", "round"]
        );
    }

    /// `round` plays off the promenade first, lowest-numbered packet first, refilling at
    /// once; then a round's fitting cards go up as they turn.
    #[test]
    fn a_round_plays_off_the_promenade_first() {
        let g = Sly;
        let mut packets = vec!["9C 5S", "7H", "6S 5S"];
        packets.extend(["9D"; 17]);
        let up = ["AH 2H 3H 4H 5H 6H", "", "", "AS 2S 3S 4S"];
        let s = position(&packets, &up, &["KC"], "QC 8H 3D 4D 9H JC 5D 6D");
        // Both 5S fit F4; the player may play either by hand first.
        assert_eq!(texts(&g, &s), ["p1>f4", "p2>f1", "p3>f4", "round"]);
        let mut r = s;
        play(&g, &mut r, "round");
        // Play-off: P1's 5S to F4 (P1 keeps 9C); P2's 7H to F1, and P2, empty, is refilled:
        // QC fits F5 and 8H fits F1, both go up, 3D is laid on P2. P3's 5S no longer fits
        // (F4 wants 6S). The round: 4D fits nothing and waits in the hand.
        let k = g.key_text(&r);
        assert!(k.starts_with("P1:9C P2:3D P3:6S5S P4:9D "), "{k}");
        assert!(
            k.contains(" F1:AH2H3H4H5H6H7H8H F2: F3: F4:AS2S3S4S5S F5:KCQC "),
            "{k}"
        );
        assert!(k.ends_with(" pack:6d5djc9h hand:4D deal:0"), "{k}");
        let t = texts(&g, &r);
        assert_eq!(t.len(), 20);
        assert!(t.iter().all(|m| m.starts_with("hand>p")));
        // 9H and JC go up as they turn; 5D waits.
        play(&g, &mut r, "hand>p20");
        let k = g.key_text(&r);
        assert!(k.contains(" F1:AH2H3H4H5H6H7H8H9H F2: "), "{k}");
        assert!(k.contains(" F5:KCQCJC "), "{k}");
        assert!(k.contains(" P19:9D P20:9D4D F1:"), "{k}");
        assert!(k.ends_with(" pack:6d hand:5D deal:1"), "{k}");
        // Played by hand the other way: P3's 5S goes up first; the play-off then plays 7H
        // (P2 refilled as above) and P3's 6S (P3 refilled with 4D); the round turns 9H and
        // JC up, 5D waits.
        let mut h = s;
        play(&g, &mut h, "p3>f4");
        play(&g, &mut h, "round");
        let k = g.key_text(&h);
        assert!(k.starts_with("P1:9C5S P2:3D P3:4D P4:9D "), "{k}");
        assert!(k.contains(" F4:AS2S3S4S5S6S F5:KCQCJC "), "{k}");
        assert!(k.contains(" F1:AH2H3H4H5H6H7H8H9H F2: "), "{k}");
        assert!(k.ends_with(" pack:6d hand:5D deal:0"), "{k}");
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
        // KD starts F5 at once, AC starts F1 and 2C goes up on it (3C is on P20); 4C waits.
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "P5"), "4D8S9S");
        assert_eq!(key_segment(&k, "F5"), "KD");
        assert_eq!(key_segment(&k, "F1"), "AC2C");
        assert_eq!(key_segment(&k, "hand"), "4C");
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
        // AH starts F1, KH starts F5, 2H goes up on AH at once.
        let s = deal_cards(&g, pack_with("AH KH 2H"));
        let k = g.key_text(&s);
        assert!(key_segment(&k, "F1").starts_with("AH2H3H"), "{k}");
        assert_eq!(key_segment(&k, "F5"), "KH");
        assert_eq!(key_segment(&k, "hand"), "");
        let mut t = s;
        t.down = Ladders::new();
        for r in (2..=13).rev() {
            DOWN.put(&mut t.down, 0, Card::new(r, 2));
        }
        assert_eq!(t.fits(cards("AH")[0]), [None, Some(4)]);
        assert_eq!(t.starts(cards("AH")[0]), None);
        assert_eq!(t.goes_up(cards("AH")[0]), Some(4));
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
