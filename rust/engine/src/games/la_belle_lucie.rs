//! LA BELLE LUCIE (`la-belle-lucie`), with THE HOUSE IN THE WOOD and THE HOUSE ON THE HILL
//! as options.
//!
//! # Layout and deal
//! The pack is dealt face up in packets of three, card 1 at the bottom of P1: 18 packets
//! (P18 one card). Two packs are dealt as two one-pack layouts, cards 1-52 to P1-P18 and
//! cards 53-104 to P19-P36 (34 packets of three, P18 and P36 one card each). Only a
//! packet's top card moves. Nothing is automatic.
//!
//! # Foundations
//! F1-F4 (F1-F8 with two packs). One pack and the wood: an ace to the lowest-numbered
//! empty place, built up in suit. The hill: F1-F4 take one ace of each suit and build up,
//! F5-F8 one king of each suit and build down; the second ace or king finishes a ladder.
//!
//! # Marriages
//! A top card onto another packet's top card of its suit one rank higher (the hill: one
//! higher or lower). Empty packets stay empty.
//!
//! # Re-deals
//! `redeal`, at most twice, only when no card can go to a foundation (marriages may be
//! left): the packets are gathered (P1 taken up first, each under the others, turned
//! over), shuffled from the game's stream ([`gather_shuffled`]) and dealt again in threes
//! from P1 (two-pack games too).
//!
//! # End
//! Won with every card on the foundations; lost when no move is left.
//!
//! # Solver
//! Exact. While a re-deal remains, the packets' order, the pass and the stream are all in
//! the key (a re-deal's outcome depends on each), and no move is pruned: any difference in
//! the cards left changes the shuffle. On the last pass (one pack) a top card that can go
//! to its foundation goes there at once (proof at [`LaBelleLucie::safe_move`]), and the
//! packets are interchangeable, so the key sorts them.

use crate::card::{Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{gather_shuffled, ByteKey, Dealer, Pile};

pub const SLUG: &str = "la-belle-lucie";
const TITLE: &str = "La Belle Lucie";

const OPTIONS: &[Opt] = &[
    Opt::flag(
        "house_in_the_wood",
        "THE HOUSE IN THE WOOD (two packs, eight aces)",
    ),
    Opt::flag(
        "house_on_the_hill",
        "THE HOUSE ON THE HILL (two packs, aces up and kings down, marriages both ways)",
    ),
];

/// Packets of a two-pack game, and the capacity of one packet.
const MAX_PACKETS: usize = 36;
/// Packets of one one-pack layout.
const LAYOUT: usize = 18;
const CAP: usize = 40;
/// Re-deals allowed: passes 1..=3.
const LAST_PASS: u8 = 3;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Variant {
    #[default]
    OnePack,
    Wood,
    Hill,
}

/// The game with its options.
#[derive(Clone, Debug, Default)]
pub struct LaBelleLucie {
    pub variant: Variant,
}

fn packet(i: usize) -> Place {
    Place::at("P", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// A foundation: its suit and how many cards it holds (0 = empty).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Found {
    suit: u8,
    count: u8,
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    packets: [Pile<CAP>; MAX_PACKETS],
    found: [Found; 8],
    pass: u8,
    rng: SplitMix64,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Top card of packet `.0` to foundation `.1`.
    Found(u8, u8),
    /// Top card of packet `.0` onto packet `.1`.
    Marry(u8, u8),
    Redeal,
}

impl LaBelleLucie {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let p = Parsed::new(SLUG, OPTIONS, opts)?;
        let variant = match (p.bool("house_in_the_wood"), p.bool("house_on_the_hill")) {
            (false, false) => Variant::OnePack,
            (true, false) => Variant::Wood,
            (false, true) => Variant::Hill,
            (true, true) => {
                return Err(EngineError::BadOption {
                    option: "house_on_the_hill".into(),
                    message: "house_in_the_wood and house_on_the_hill cannot both be true".into(),
                })
            }
        };
        Ok(LaBelleLucie { variant })
    }

    fn packs(&self) -> u8 {
        if self.variant == Variant::OnePack {
            1
        } else {
            2
        }
    }
    fn n_packets(&self) -> usize {
        LAYOUT * self.packs() as usize
    }
    fn n_found(&self) -> usize {
        4 * self.packs() as usize
    }
    /// True if foundation `f` builds down from a king.
    fn down(&self, f: usize) -> bool {
        self.variant == Variant::Hill && f >= 4
    }
    /// The top card of foundation `f`, if any.
    fn found_top(&self, s: &State, f: usize) -> Option<Card> {
        let F { suit, count } = s.found[f];
        use Found as F;
        (count > 0).then(|| {
            let r = if self.down(f) { 14 - count } else { count };
            Card::new(r, suit)
        })
    }

    /// True if card `c` may go on foundation `f` now.
    fn accepts(&self, s: &State, f: usize, c: Card) -> bool {
        let here = s.found[f];
        if here.count == 13 {
            return false;
        }
        if here.count > 0 {
            if here.suit != c.suit() {
                return false;
            }
            let want = if self.down(f) {
                13 - here.count
            } else {
                here.count + 1
            };
            return c.rank() == want;
        }
        // An empty place: the lowest-numbered empty one of its group takes a base card.
        let (group, base) = match self.variant {
            Variant::Hill if f >= 4 => (4..8, KING),
            Variant::Hill => (0..4, ACE),
            _ => (0..self.n_found(), ACE),
        };
        c.rank() == base
            && group.clone().find(|&g| s.found[g].count == 0) == Some(f)
            && (self.variant != Variant::Hill
                || !group
                    .into_iter()
                    .any(|g| s.found[g].count > 0 && s.found[g].suit == c.suit()))
    }

    /// True if `c` may be married onto `t`.
    fn marries(&self, c: Card, t: Card) -> bool {
        c.suit() == t.suit()
            && (t.rank() == c.rank() + 1
                || (self.variant == Variant::Hill && c.rank() == t.rank() + 1))
    }

    fn deal_packets(&self, s: &mut State, cards: &[Card]) {
        for p in s.packets.iter_mut() {
            p.clear();
        }
        let n = cards.len().div_ceil(3);
        Dealer::new(cards).packets(&mut s.packets, 0..n, 3, 0);
    }
}

impl Game for LaBelleLucie {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(self.packs()), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<State, EngineError> {
        let mut s = State {
            packets: [Pile::new(); MAX_PACKETS],
            found: [Found::default(); 8],
            pass: 1,
            rng,
        };
        // One one-pack layout per pack: 52 cards to 18 packets each.
        for (k, chunk) in cards.chunks(52).enumerate() {
            Dealer::new(chunk).packets(&mut s.packets, k * LAYOUT..(k + 1) * LAYOUT, 3, 0);
        }
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let (n, first) = (self.n_packets(), out.len());
        for i in 0..n {
            let Some(c) = s.packets[i].top() else {
                continue;
            };
            for f in 0..self.n_found() {
                if self.accepts(s, f, c) {
                    out.push(Move::Found(i as u8, f as u8));
                }
            }
            for j in 0..n {
                if j != i && s.packets[j].top().is_some_and(|t| self.marries(c, t)) {
                    out.push(Move::Marry(i as u8, j as u8));
                }
            }
        }
        // A re-deal waits until no card can go up (marriages may be left).
        let up = out[first..].iter().any(|m| matches!(m, Move::Found(..)));
        if s.pass < LAST_PASS && !self.is_won(s) && !up {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(i, f) => {
                if let Some(c) = s.packets[i as usize].pop() {
                    let here = &mut s.found[f as usize];
                    here.suit = c.suit();
                    here.count += 1;
                }
            }
            Move::Marry(i, j) => {
                if let Some(c) = s.packets[i as usize].pop() {
                    s.packets[j as usize].push(c);
                }
            }
            Move::Redeal => {
                let n = self.n_packets();
                let cards = gather_shuffled(s.packets[..n].iter().map(|p| p.cards()), &mut s.rng);
                self.deal_packets(s, &cards);
                s.pass += 1;
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.found[..self.n_found()].iter().all(|f| f.count == 13)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found(i, f) => move_text(packet(i as usize), found(f as usize)),
            Move::Marry(i, j) => move_text(packet(i as usize), packet(j as usize)),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for i in 0..self.n_packets() {
            k.pile(packet(i), s.packets[i].cards(), 0);
        }
        for f in 0..self.n_found() {
            let cards: Vec<Card> = (0..s.found[f].count)
                .map(|i| {
                    let r = if self.down(f) { 13 - i } else { i + 1 };
                    Card::new(r, s.found[f].suit)
                })
                .collect();
            k.pile(found(f), &cards, 0);
        }
        k.field("pass", s.pass);
        k.field("rng", format!("{:016x}", s.rng.state));
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..self.n_found()).map(|f| (found(f), self.found_top(s, f))),
        );
        for i in 0..self.n_packets() {
            p.pile(packet(i), s.packets[i].cards(), 0);
        }
        p.line(&format!("pass {} of {LAST_PASS}", s.pass));
        p.finish()
    }

    fn key(&self, s: &State) -> Box<[u8]> {
        // Foundation places of one group are interchangeable: (suit, count) sorted within
        // each group. Packets keep their order while a re-deal remains (gathering reads
        // it), and are sorted on the last pass, when nothing reads their order.
        let mut k = ByteKey::default();
        let nf = self.n_found();
        let groups: &[(usize, usize)] = if self.variant == Variant::Hill {
            &[(0, 4), (4, 8)]
        } else {
            &[(0, nf)]
        };
        for &(lo, hi) in groups {
            let mut fs: Vec<(u8, u8)> = s.found[lo..hi]
                .iter()
                .map(|f| {
                    if f.count == 0 {
                        (0, 0)
                    } else {
                        (f.count, f.suit)
                    }
                })
                .collect();
            fs.sort_unstable();
            for (c, su) in fs {
                k.num(c << 2 | su);
            }
        }
        k.num(s.pass);
        let n = self.n_packets();
        if s.pass < LAST_PASS {
            k.0.extend_from_slice(&s.rng.state.to_le_bytes());
            for p in &s.packets[..n] {
                k.pile(p.cards(), 0);
            }
        } else {
            let mut ps: Vec<&[Card]> = s.packets[..n]
                .iter()
                .map(|p| p.cards())
                .filter(|c| !c.is_empty())
                .collect();
            ps.sort_unstable();
            for p in ps {
                k.pile(p, 0);
            }
        }
        k.finish()
    }

    /// On the last pass of the one-pack game, a top card X that its foundation takes is
    /// safe to play there. Proof: X's foundation shows X-1, so the one card that could be
    /// married onto X is gone and nothing ever lands on X; no re-deal is left to read the
    /// layout. Take any winning line and drop from it every move of X (X only moves as a
    /// top card, covering, while it sits anywhere, a card that no move of the line touches).
    /// Every other move stays legal: the tops it uses are the same, and the foundation of X's
    /// suit only grows past X in the line after X has gone there. X is placed by our move,
    /// so the shortened line wins.
    fn safe_move(&self, s: &State) -> Option<Move> {
        if self.variant != Variant::OnePack || s.pass < LAST_PASS {
            return None;
        }
        for i in 0..self.n_packets() {
            let Some(c) = s.packets[i].top() else {
                continue;
            };
            if let Some(f) = (0..4).find(|&f| self.accepts(s, f, c)) {
                return Some(Move::Found(i as u8, f as u8));
            }
        }
        None
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.moves(s, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees,
        pruning_agrees_on, solve_limited, sorted_texts, texts,
    };

    fn opt(name: &str) -> LaBelleLucie {
        LaBelleLucie::from_options(&[(name.into(), OptValue::Bool(true))]).unwrap()
    }

    #[test]
    fn the_deal_is_in_threes_from_the_bottom() {
        let g = LaBelleLucie::default();
        let s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(1)));
        let k = g.key_text(&s);
        assert!(
            k.starts_with("P1:AC2C3C P2:4C5C6C P3:7C8C9C P4:TCJCQC P5:KCAD2D "),
            "{k}"
        );
        assert_eq!(key_segment(&k, "P17"), "TSJSQS");
        assert_eq!(key_segment(&k, "P18"), "KS");
        assert!(
            k.ends_with(" F1: F2: F3: F4: pass:1 rng:0000000000000000"),
            "{k}"
        );
        // Two packs: two one-pack layouts, cards 53-104 to P19-P36.
        for w in [opt("house_in_the_wood"), opt("house_on_the_hill")] {
            let s = deal_cards(&w, crate::testing::unshuffled(PackSpec::Standard(2)));
            let k = w.key_text(&s);
            assert_eq!(key_segment(&k, "P17"), "TSJSQS");
            assert_eq!(key_segment(&k, "P18"), "KS");
            assert_eq!(key_segment(&k, "P19"), "AC2C3C");
            assert_eq!(key_segment(&k, "P35"), "TSJSQS");
            assert_eq!(key_segment(&k, "P36"), "KS");
            assert!(k.contains(" P36:KS F1: "), "{k}");
            assert_eq!(key_segment(&k, "F8"), "");
            let sizes: Vec<usize> = s.packets.iter().map(|p| p.len()).collect();
            assert_eq!(sizes.iter().filter(|&&n| n == 3).count(), 34);
            assert_eq!((sizes[17], sizes[35]), (1, 1));
        }
    }

    #[test]
    fn moves_to_foundations_and_marriages() {
        let g = LaBelleLucie::default();
        // P1 = 5H 3C AC (AC on top), P2 = 2C 9D 4H, P3 = KS QS 2D.
        let mut pack = cards("5H 3C AC 2C 9D 4H KS QS 2D");
        let rest: Vec<Card> = crate::testing::unshuffled(PackSpec::Standard(1))
            .into_iter()
            .filter(|c| !pack.contains(c))
            .collect();
        pack.extend(rest);
        let mut s = deal_cards(&g, pack);
        let t = texts(&g, &s);
        assert!(t.contains(&"p1>f1".to_string()), "{t:?}");
        // A card can go up: no re-deal yet.
        assert!(!t.contains(&"redeal".to_string()));
        assert!(!t.iter().any(|m| m.starts_with("p1>f") && m != "p1>f1"));
        play(&g, &mut s, "p1>f1");
        assert_eq!(key_segment(&g.key_text(&s), "F1"), "AC");
        assert_eq!(key_segment(&g.key_text(&s), "P1"), "5H3C");
        // 3C cannot go to F1 (it shows AC); 2C is under 9D 4H.
        assert!(!texts(&g, &s).iter().any(|m| m.starts_with("p1>f")));
        // 4H (P2 top) onto 5H? 5H is under 3C: not a top, so no p2>p1.
        assert!(!texts(&g, &s).contains(&"p2>p1".to_string()));
    }

    #[test]
    fn a_marriage_goes_one_down_in_suit_and_never_from_a_king() {
        let g = LaBelleLucie::default();
        let mut s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(1)));
        // Tops by hand: P1 3C, P2 6C, P3 9C, P4 QC, P5 2D, P6 5D, P7 8D, P8 JD, P9 AH,
        // P10 4H, P11 7H, P12 TH, P13 KH, P14 3S, P15 6S, P16 9S, P17 QS, P18 KS.
        let t = sorted_texts(&g, &s);
        assert_eq!(t, ["p17>p18", "p9>f1"]);
        play(&g, &mut s, "p17>p18");
        assert_eq!(key_segment(&g.key_text(&s), "P18"), "KSQS");
        assert_eq!(key_segment(&g.key_text(&s), "P17"), "TSJS");
        let t = sorted_texts(&g, &s);
        assert_eq!(t, ["p17>p18", "p9>f1"]);
        let h = opt("house_on_the_hill");
        let s = deal_cards(&h, crate::testing::unshuffled(PackSpec::Standard(2)));
        // Two packs unshuffled: P1-P18 and P19-P36 both as above. On the hill QS (P17)
        // marries down onto KS (P18) and KS up onto QS, across the two layouts too.
        let t = texts(&h, &s);
        for m in ["p17>p18", "p18>p17", "p36>p17", "p35>p18", "p36>p35"] {
            assert!(t.contains(&m.to_string()), "{m} {t:?}");
        }
        assert!(!texts(&opt("house_in_the_wood"), &s).contains(&"p18>p17".to_string()));
    }

    #[test]
    fn the_hill_takes_one_ace_and_one_king_per_suit() {
        let h = opt("house_on_the_hill");
        let mut s = deal_cards(&h, crate::testing::unshuffled(PackSpec::Standard(2)));
        // By hand, two packs unshuffled: P9 = QD KD AH and P13 = JH QH KH, so AH goes to
        // F1 and KH to F5.
        // The second layout: P27 = QD KD AH, P31 = JH QH KH.
        let t = texts(&h, &s);
        for m in ["p9>f1", "p13>f5", "p27>f1", "p31>f5"] {
            assert!(t.contains(&m.to_string()), "{m} {t:?}");
        }
        assert!(h.accepts(&s, 4, Card::new(13, 2)));
        assert!(!h.accepts(&s, 5, Card::new(13, 2)));
        assert!(h.accepts(&s, 0, Card::new(1, 2)));
        assert!(!h.accepts(&s, 4, Card::new(1, 2)));
        s.found[4] = Found { suit: 2, count: 1 };
        assert!(
            !h.accepts(&s, 5, Card::new(13, 2)),
            "a second king of hearts"
        );
        assert!(h.accepts(&s, 5, Card::new(13, 3)));
        assert!(h.accepts(&s, 4, Card::new(12, 2)));
        assert!(h.marries(Card::new(5, 2), Card::new(4, 2)));
        assert!(h.marries(Card::new(5, 2), Card::new(6, 2)));
        assert!(!LaBelleLucie::default().marries(Card::new(5, 2), Card::new(4, 2)));
        assert!(!h.marries(Card::new(13, 2), Card::new(1, 2)));
    }

    #[test]
    fn both_options_are_an_error() {
        let o = [
            ("house_in_the_wood".into(), OptValue::Bool(true)),
            ("house_on_the_hill".into(), OptValue::Bool(true)),
        ];
        assert!(LaBelleLucie::from_options(&o).is_err());
        assert!(LaBelleLucie::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
    }

    #[test]
    fn a_redeal_gathers_from_the_highest_packet_and_deals_in_threes() {
        let g = LaBelleLucie::default();
        let mut s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(1)));
        play(&g, &mut s, "p9>f1"); // AH home: P9 = QD KD
                                   // Tops now 3C 6C 9C QC 2D 5D 8D JD KD 4H 7H TH KH 3S 6S 9S QS KS: none goes up,
                                   // so the re-deal is open (the marriage p17>p18 is still there).
        assert_eq!(sorted_texts(&g, &s), ["p17>p18", "redeal"]);
        let rng0 = s.rng;
        play(&g, &mut s, "redeal");
        let mut want: Vec<Card> = Vec::new();
        // Worked out from the deal: P9 was QD KD AH (cards 25-27), so after AH it is QD KD.
        let by_hand = [
            "AC 2C 3C", "4C 5C 6C", "7C 8C 9C", "TC JC QC", "KC AD 2D", "3D 4D 5D", "6D 7D 8D",
            "9D TD JD", "QD KD", "2H 3H 4H", "5H 6H 7H", "8H 9H TH", "JH QH KH", "AS 2S 3S",
            "4S 5S 6S", "7S 8S 9S", "TS JS QS", "KS",
        ];
        for p in by_hand.iter().rev() {
            want.extend(cards(p));
        }
        let mut r = rng0;
        r.shuffle(&mut want);
        let k = g.key_text(&s);
        for (i, chunk) in want.chunks(3).enumerate() {
            let txt: String = chunk.iter().map(|c| c.to_string()).collect();
            assert_eq!(key_segment(&k, &format!("P{}", i + 1)), txt);
        }
        assert_eq!(key_segment(&k, "P18"), "", "51 cards fill P1-P17");
        assert_eq!(key_segment(&k, "pass"), "2");
        assert_eq!(key_segment(&k, "F1"), "AH");
        g.play(&mut s, Move::Redeal);
        assert_eq!(key_segment(&g.key_text(&s), "pass"), "3");
        assert!(!texts(&g, &s).contains(&"redeal".to_string()));
    }

    #[test]
    fn seeds_are_solved_and_replay() {
        let g = LaBelleLucie::default();
        let mut won = 0;
        for seed in 1..6 {
            let s = deal(&g, seed);
            let o = solve_limited(&g, &s, 200_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&g, &s, &o.moves);
                won += 1;
            }
        }
        assert!(won >= 3, "{won}");
    }

    /// Play the first move to a foundation while there is one.
    fn play_up(g: &LaBelleLucie, s: &mut State) {
        while let Some(m) = crate::testing::moves(g, s)
            .into_iter()
            .find(|m| matches!(m, Move::Found(..)))
        {
            g.play(s, m);
        }
    }

    /// The re-deal waits until no card can go up, in the two-pack games too; marriages
    /// left open do not stop it.
    #[test]
    fn a_redeal_only_when_nothing_goes_up() {
        for g in [opt("house_in_the_wood"), opt("house_on_the_hill")] {
            let mut s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(2)));
            // Both AH tops (P9, P27) can go up: no re-deal.
            assert!(!texts(&g, &s).contains(&"redeal".to_string()));
            play(&g, &mut s, "p9>f1");
            assert!(!texts(&g, &s).contains(&"redeal".to_string()));
            // The wood: the second AH to F2; the hill: it has no place (F1 holds AH).
            let t = texts(&g, &s);
            if g.variant == Variant::Wood {
                play(&g, &mut s, "p27>f2");
            } else {
                assert!(!t.iter().any(|m| m.starts_with("p27>f")), "{t:?}");
                // KH (P13, P31) and KS (P18, P36) still go to F5-F8.
                assert!(t.contains(&"p13>f5".to_string()));
                play_up(&g, &mut s);
            }
            let t = texts(&g, &s);
            assert!(t.contains(&"redeal".to_string()), "{t:?}");
            assert!(!t.iter().any(|m| m.contains(">f")), "{t:?}");
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = LaBelleLucie::default();
        // Late positions on the last pass, where the safe move and the sorted key act.
        let mut starts = Vec::new();
        for seed in 0..30 {
            let mut s = deal(&g, seed);
            for _ in 0..2 {
                play_up(&g, &mut s);
                play(&g, &mut s, "redeal");
            }
            starts.push(s);
        }
        let mut lines = Vec::new();
        for (i, s) in starts.iter().enumerate() {
            lines.extend(crate::testing::walk(&g, s, 12, i as u64, |_| {}));
        }
        let a = pruning_agrees_on(&g, lines.iter().step_by(3), 20_000);
        assert!(a.won + a.lost >= 40, "{a:?}");
        let b = pruning_agrees(&g, 0..6, 30, 10, 5_000);
        assert!(b.won + b.lost + b.undecided > 0);
    }
}
