//! THE SHAH (`shah`).
//!
//! Rule text: `python/patience/rules/shah.md`; text forms: `docs/notation/shah.md`.
//!
//! # Layout and deal
//! Two packs. Every ace and every king is taken out (the aces start F1..F8 in the suit
//! order C C D D H H S S; the kings never play). The other 88 cards, in order, are the
//! pack. Circle 1 is dealt, R1..R8, and the deal pauses (`circle:1`): only foundation plays
//! of circle-1 cards, each place refilled at once from the pack. `deal` deals circle 2 and
//! pauses again (`circle:2`); the next `deal` deals circle 3 and ordinary play begins.
//!
//! # Foundations
//! Each climbs its suit from the ace to the queen (12 cards); a card fitting both
//! foundations of its suit gives a move to each.
//!
//! # The rays
//! A ray is one pile: circles 1, 2, 3, then the cards married onto circle 3. Any top may
//! go up; a ray of three or more cards lends its top to a marriage onto another such ray
//! (same suit, one rank lower) or, by the grace, to an empty ray's circle 1 (circles 2
//! and 3 then filled at once from the talon, else the pack).
//!
//! # Pack, talon and spaces
//! The talon top may go up or marry at any time in ordinary play. While a ray holds fewer
//! than three cards a space is open: no card is turned then, and `fill` fills every empty
//! circle 1, then circle 2, then circle 3, R1..R8 each, from the talon top, else the pack
//! top. Otherwise `turn` turns one card. One pass.
//!
//! # End
//! Won with the 96 aces-to-queens on the foundations.
//!
//! # Solver
//! The plain moves, foundation plays first; the key merges the two foundations of a suit
//! (proof at [`Game::key`] below).

use crate::card::{Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{sort_among, BitWriter, Ladder, Ladders, Pile, Stock};

pub const SLUG: &str = "shah";
const TITLE: &str = "The Shah";
const OPTIONS: &[Opt] = &[];

/// Ace to queen in suit: the kings never play.
const FOUNDATIONS: Ladder = Ladder {
    len: 12,
    ..Ladder::ACE_UP
};
/// The suits of F1..F8.
const SUITS: [u8; 8] = [0, 0, 1, 1, 2, 2, 3, 3];
const PACK: usize = 88;
/// Circles 1 and 2, a circle-3 queen and the jack down to the ace married on it.
const RAY: usize = 14;

fn ray(i: usize) -> Place {
    Place::at("R", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct Shah;

impl Shah {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Shah)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    rays: [Pile<RAY>; 8],
    found: Ladders<8>,
    stock: Stock<PACK>,
    /// The pause after circle 1 or 2 of the deal; 0 in ordinary play.
    circle: u8,
}

impl State {
    fn space_open(&self) -> bool {
        self.rays.iter().any(|r| r.len() < 3)
    }
    /// The foundations `c` fits.
    fn dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        (0..8).filter(move |&f| FOUNDATIONS.accepts(&self.found, f, c))
    }
    /// Does `c` marry onto the top of ray `j` (a circle-3 packet)?
    fn marries(&self, c: Card, j: usize) -> bool {
        let r = &self.rays[j];
        r.len() >= 3
            && r.top()
                .is_some_and(|t| t.suit() == c.suit() && t.rank() == c.rank() + 1)
    }
    /// Deal one circle: the pack's next cards to R1..R8 in turn.
    fn deal_circle(&mut self) {
        for r in &mut self.rays {
            if let Some(c) = self.stock.take_pack() {
                r.push(c);
            }
        }
    }
    /// `fill`: every ray of 0, then 1, then 2 cards (counted at each sweep), R1..R8.
    fn fill(&mut self) {
        for n in 0..3 {
            for r in &mut self.rays {
                if r.len() == n {
                    match self.stock.take_for_refill() {
                        Some(c) => r.push(c),
                        None => return,
                    }
                }
            }
        }
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Ray, foundation (0-based).
    RayFound(u8, u8),
    /// Ray to ray: a marriage, or the grace onto an empty ray.
    RayRay(u8, u8),
    TalonFound(u8),
    TalonRay(u8),
    Turn,
    Fill,
    /// End a pause of the deal: deal the next circle.
    Deal,
}

impl Game for Shah {
    type State = State;
    type Move = Move;
    type Key = [u64; 11];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        // All eight aces and all eight kings come out; the first occurrences are then
        // every copy, so the pack is the other cards in order.
        let pack: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| c.rank() != ACE && c.rank() != KING)
            .collect();
        if pack.len() != PACK || cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let mut s = State {
            rays: [Pile::new(); 8],
            found: Ladders::new(),
            stock: Stock::new(&pack),
            circle: 1,
        };
        for (f, &suit) in SUITS.iter().enumerate() {
            FOUNDATIONS.put(&mut s.found, f, Card::new(ACE, suit));
        }
        s.deal_circle();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.circle > 0 {
            for (i, r) in s.rays.iter().enumerate() {
                if r.len() == s.circle as usize {
                    let c = r.top().unwrap_or_default();
                    out.extend(s.dests(c).map(|f| Move::RayFound(i as u8, f as u8)));
                }
            }
            out.push(Move::Deal);
            return;
        }
        for (i, r) in s.rays.iter().enumerate() {
            if let Some(c) = r.top() {
                out.extend(s.dests(c).map(|f| Move::RayFound(i as u8, f as u8)));
            }
        }
        let open = s.space_open();
        let talon = s.stock.talon_top();
        if let Some(c) = talon {
            out.extend(s.dests(c).map(|f| Move::TalonFound(f as u8)));
        }
        for (i, r) in s.rays.iter().enumerate() {
            let Some(c) = r.top().filter(|_| r.len() >= 3) else {
                continue;
            };
            for j in 0..8 {
                if j != i && (s.rays[j].is_empty() || s.marries(c, j)) {
                    out.push(Move::RayRay(i as u8, j as u8));
                }
            }
        }
        if let Some(c) = talon {
            out.extend(
                (0..8)
                    .filter(|&j| s.marries(c, j))
                    .map(|j| Move::TalonRay(j as u8)),
            );
        }
        if open {
            if !s.stock.is_empty() {
                out.push(Move::Fill);
            }
        } else if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::RayFound(i, f) => {
                if let Some(c) = s.rays[i as usize].pop() {
                    FOUNDATIONS.put(&mut s.found, f as usize, c);
                }
                if s.circle > 0 {
                    if let Some(c) = s.stock.take_pack() {
                        s.rays[i as usize].push(c);
                    }
                }
            }
            Move::RayRay(i, j) => {
                let grace = s.rays[j as usize].is_empty();
                if let Some(c) = s.rays[i as usize].pop() {
                    s.rays[j as usize].push(c);
                }
                if grace {
                    for _ in 0..2 {
                        if let Some(c) = s.stock.take_for_refill() {
                            s.rays[j as usize].push(c);
                        }
                    }
                }
            }
            Move::TalonFound(f) => {
                if let Some(c) = s.stock.take_talon() {
                    FOUNDATIONS.put(&mut s.found, f as usize, c);
                }
            }
            Move::TalonRay(j) => {
                if let Some(c) = s.stock.take_talon() {
                    s.rays[j as usize].push(c);
                }
            }
            Move::Turn => _ = s.stock.turn(&crate::parts::StockRule::ONE_PASS),
            Move::Fill => s.fill(),
            Move::Deal => {
                s.deal_circle();
                s.circle = if s.circle == 1 { 2 } else { 0 };
            }
        }
    }

    /// Side searches for wins beside the proving search ([`Game::side_searches`]):
    /// measured on seeds 1-20 at 2 s a deal, one core: 6 decided with them, 2 without.
    fn side_searches(&self) -> bool {
        true
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let talon = Place::named("talon");
        match m {
            Move::RayFound(i, f) => move_text(ray(i as usize), found(f as usize)),
            Move::RayRay(i, j) => move_text(ray(i as usize), ray(j as usize)),
            Move::TalonFound(f) => move_text(talon, found(f as usize)),
            Move::TalonRay(j) => move_text(talon, ray(j as usize)),
            Move::Turn => "turn".into(),
            Move::Fill => "fill".into(),
            Move::Deal => "deal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, r) in s.rays.iter().enumerate() {
            k.pile(ray(i), r.cards(), 0);
        }
        for f in 0..8 {
            k.pile(found(f), &FOUNDATIONS.cards(&s.found, f), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0);
        if s.circle > 0 {
            k.field("circle", s.circle);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        for (i, r) in s.rays.iter().enumerate() {
            p.pile(ray(i), r.cards(), 0);
        }
        p.tops("Foundations", (0..8).map(|f| (found(f), s.found.top(f))));
        p.stock(&s.stock, None);
        if s.circle > 0 {
            p.line(&format!("Pause after circle {}", s.circle));
        }
        p.finish()
    }

    /// The rays card by card (each with its length), each suit's two foundation heights
    /// in order, the stock's cards left in turning order with the talon's length (the
    /// cursor), the pause.
    ///
    /// Proof that the merge keeps the future: the two foundations of a suit follow one
    /// rule and every move names them only as destinations, so exchanging their contents
    /// only renames moves (`rI>f1` for `rI>f2`); every other part is kept exactly (the
    /// rays are not interchangeable: the fill and the deal visit them in order).
    /// Exact otherwise: the stock's turning order is fixed for the deal, so its mask and
    /// cursor give the pack and the talon. Size: 8 heights of 4 bits, the mask (88) and
    /// cursor (7), the pause (2), 8 lengths of 4, at most 88 ray cards of 6 bits: 32 + 88 +
    /// 7 + 2 + 32 + 528 = 689 <= 704 bits.
    fn key(&self, s: &State) -> [u64; 11] {
        let mut h: [u8; 8] = std::array::from_fn(|f| s.found.count(f));
        for p in 0..4 {
            sort_among(&mut h[2 * p..2 * p + 2], |_| true);
        }
        let mut w = BitWriter::<11>::new();
        for v in h {
            w.put(u64::from(v), 4);
        }
        let (mask, cursor) = s.stock.key_bits();
        w.put(mask as u64, 64);
        w.put((mask >> 64) as u64, 24);
        w.put(u64::from(cursor), 7);
        w.put(u64::from(s.circle), 2);
        for r in &s.rays {
            w.put(r.len() as u64, 4);
        }
        for r in &s.rays {
            for c in r.cards() {
                w.put(c.index() as u64, 6);
            }
        }
        w.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees, solve_limited,
        sorted_texts, unshuffled, walk,
    };

    fn unshuffled_start() -> State {
        deal_cards(&Shah, unshuffled(PackSpec::Standard(2)))
    }

    /// Ordinary play with the given rays, the pack (top card first) and the talon
    /// (bottom first); the foundations hold their aces.
    fn position(rays: [&str; 8], pack: &str, talon: &str) -> State {
        let talon = cards(talon);
        let mut order = talon.clone();
        order.extend(cards(pack));
        let mut s = State {
            rays: rays.map(|r| Pile::of(&cards(r), 0)),
            found: Ladders::new(),
            stock: Stock::new(&order),
            circle: 0,
        };
        for (f, &suit) in SUITS.iter().enumerate() {
            FOUNDATIONS.put(&mut s.found, f, Card::new(ACE, suit));
        }
        for _ in 0..talon.len() {
            s.stock.turn(&crate::parts::StockRule::ONE_PASS);
        }
        s
    }

    #[test]
    fn the_deal_of_the_unshuffled_packs() {
        let s = unshuffled_start();
        let k = Shah.key_text(&s);
        assert!(
            k.starts_with(
                "R1:2C R2:3C R3:4C R4:5C R5:6C R6:7C R7:8C R8:9C F1:AC F2:AC F3:AD F4:AD \
                 F5:AH F6:AH F7:AS F8:AS pack:qsjsts"
            ),
            "{k}"
        );
        assert!(k.ends_with("qcjctc talon: circle:1"), "{k}");
        // 88 - 8 cards left, no ace and no king among them.
        let pack = key_segment(&k, "pack");
        assert_eq!(pack.len(), 2 * 80);
        assert!(!pack.contains('a') && !pack.contains('k'));
        assert_eq!(sorted_texts(&Shah, &s), ["deal", "r1>f1", "r1>f2"]);
    }

    #[test]
    fn a_pause_play_is_refilled_from_the_pack_and_deal_ends_it() {
        let mut s = unshuffled_start();
        play(&Shah, &mut s, "r1>f2");
        let k = Shah.key_text(&s);
        assert!(k.starts_with("R1:TC R2:3C"), "{k}");
        assert_eq!(key_segment(&k, "F2"), "AC2C");
        assert_eq!(sorted_texts(&Shah, &s), ["deal", "r2>f2"]);
        play(&Shah, &mut s, "deal");
        // Circle 2 covers circle 1: JC QC 2D .. 8D.
        let k = Shah.key_text(&s);
        assert!(
            k.starts_with("R1:TCJC R2:3CQC R3:4C2D R4:5C3D R5:6C4D R6:7C5D R7:8C6D R8:9C7D"),
            "{k}"
        );
        assert!(k.ends_with("circle:2"), "{k}");
        // Only circle-2 cards play now: 2D to either diamond foundation.
        assert_eq!(sorted_texts(&Shah, &s), ["deal", "r3>f3", "r3>f4"]);
        play(&Shah, &mut s, "r3>f3");
        assert!(Shah.key_text(&s).starts_with("R1:TCJC R2:3CQC R3:4C8D"));
        play(&Shah, &mut s, "deal");
        let k = Shah.key_text(&s);
        assert!(!k.contains("circle:"), "{k}");
        assert!(
            k.starts_with("R1:TCJC9D R2:3CQCTD R3:4C8DJD R4:5C3DQD R5:6C4D2H"),
            "{k}"
        );
    }

    #[test]
    fn marriages_talon_and_turn_without_spaces() {
        let s = position(
            [
                "2S 3S 9H", "4S 5S TH", "6S 7S QD", "8S 9S JD", "TS JS 5D", "QS 2H 8C", "3H 4H 6C",
                "5H 6H 7C",
            ],
            "9C 3D",
            "TC",
        );
        // 9H onto TH, JD onto QD, 6C onto 7C, 7C onto 8C; the talon TC fits nothing.
        assert_eq!(
            sorted_texts(&Shah, &s),
            ["r1>r2", "r4>r3", "r7>r8", "r8>r6", "turn"]
        );
        let mut t = s;
        play(&Shah, &mut t, "r1>r2");
        // A space is open in R1: no turn, fill instead; the talon TC fits nothing.
        assert_eq!(key_segment(&Shah.key_text(&t), "R2"), "4S5STH9H");
        assert_eq!(sorted_texts(&Shah, &t), ["fill", "r4>r3", "r7>r8", "r8>r6"]);
        play(&Shah, &mut t, "fill");
        let k = Shah.key_text(&t);
        assert_eq!(key_segment(&k, "R1"), "2S3STC");
        assert_eq!(key_segment(&k, "talon"), "");
        // The talon top marries too: turn 9C onto TC in R1.
        play(&Shah, &mut t, "turn");
        assert_eq!(
            sorted_texts(&Shah, &t),
            ["r4>r3", "r7>r8", "r8>r6", "talon>r1", "turn"]
        );
    }

    #[test]
    fn the_talon_top_plays_while_a_space_is_open() {
        // The review's deal: circles 9C 9D TH TS 4C JD JH JS / QC QD QH QS 3C TC TD 9S /
        // 6H 5H 5D 7H 2C 8D 2C 4C, then the pack 5C 9H JC 9C ...
        let mut s = deal_cards(
            &Shah,
            cards(
                "AC AC AD AD AH AH AS AS KC KC KD KD KH KH KS KS 9C 9D TH TS 4C JD JH JS \
                 QC QD QH QS 3C TC TD 9S 6H 5H 5D 7H 2C 8D 2C 4C 5C 9H JC 9C TC JC QC 9D TD \
                 JD QD 9H TH JH QH 9S TS JS QS 5C 6C 7C 8C 5D 6D 7D 8D 5H 6H 7H 8H 5S 6S 7S \
                 8S 6C 7C 8C 6D 7D 8H 5S 6S 7S 8S 3C 2D 3D 4D 2H 3H 4H 2S 3S 4S 2D 3D 4D 2H \
                 3H 4H 2S 3S 4S",
            ),
        );
        for m in ["deal", "deal", "turn", "r5>f1", "r5>f1", "r5>f1"] {
            play(&Shah, &mut s, m);
        }
        let k = Shah.key_text(&s);
        assert_eq!(key_segment(&k, "R5"), "");
        assert_eq!(key_segment(&k, "F1"), "AC2C3C4C");
        assert_eq!(key_segment(&k, "talon"), "5C");
        // R5 is empty (spaces open): no turn, but the talon 5C still goes up; 5H marries
        // onto 6H, 6H onto 7H, every ray of three gives the grace to R5, 2C (R7) goes up.
        assert_eq!(
            sorted_texts(&Shah, &s),
            [
                "fill", "r1>r4", "r1>r5", "r2>r1", "r2>r5", "r3>r5", "r4>r5", "r6>r5", "r7>f2",
                "r7>r5", "r8>r5", "talon>f1"
            ]
        );
        play(&Shah, &mut s, "talon>f1");
        play(&Shah, &mut s, "fill");
        let k = Shah.key_text(&s);
        assert_eq!(key_segment(&k, "F1"), "AC2C3C4C5C");
        assert_eq!(key_segment(&k, "R5"), "9HJC9C");
    }

    #[test]
    fn a_talon_card_marries_while_a_space_is_open() {
        let mut s = position(
            [
                "", "2S 3S 9H", "6S 7S QD", "8S 9S JD", "TS JS 5D", "QS 2H 8C", "3H 4H 6C",
                "5H 6H 9D",
            ],
            "9C",
            "TC 7C",
        );
        // R1 is empty: no turn; the talon 7C marries onto the 8C of R6, JD onto QD, and
        // every other ray gives the grace to R1.
        assert_eq!(
            sorted_texts(&Shah, &s),
            [
                "fill", "r2>r1", "r3>r1", "r4>r1", "r4>r3", "r5>r1", "r6>r1", "r7>r1", "r8>r1",
                "talon>r6"
            ]
        );
        play(&Shah, &mut s, "talon>r6");
        let k = Shah.key_text(&s);
        assert_eq!(key_segment(&k, "R6"), "QS2H8C7C");
        assert_eq!(key_segment(&k, "talon"), "TC");
    }

    #[test]
    fn fill_goes_circle_by_circle_and_the_grace_fills_at_once() {
        let s = position(
            [
                "", "2S", "3S 4S", "6S 7S QD", "8S 9S JD", "TS JS 5D", "QS 2H 8C", "3H 4H 6C",
            ],
            "9C 3D 4D 5D 6D 7D",
            "TC JC",
        );
        let mut t = s;
        play(&Shah, &mut t, "fill");
        // Circle 1 of R1 (talon JC), circle 2 of R1 and R2 (TC, then the pack 9C, 3D),
        // circle 3 of R1, R2, R3 (4D 5D 6D).
        let k = Shah.key_text(&t);
        assert_eq!(key_segment(&k, "R1"), "JCTC3D");
        assert_eq!(key_segment(&k, "R2"), "2S9C4D");
        assert_eq!(key_segment(&k, "R3"), "3S4S5D");
        assert_eq!(key_segment(&k, "pack"), "7d6d");
        // The grace: the top of R4 into the empty R1, circles 2 and 3 from the talon top,
        // then the pack.
        let mut g = s;
        assert!(sorted_texts(&Shah, &g).contains(&"r4>r1".to_string()));
        assert!(!sorted_texts(&Shah, &g).contains(&"r2>r1".to_string()));
        play(&Shah, &mut g, "r4>r1");
        let k = Shah.key_text(&g);
        assert_eq!(key_segment(&k, "R1"), "QDJCTC");
        assert_eq!(key_segment(&k, "R4"), "6S7S");
        assert_eq!(key_segment(&k, "talon"), "");
        play(&Shah, &mut g, "fill");
        let k = Shah.key_text(&g);
        assert_eq!(key_segment(&k, "R2"), "2S9C3D");
        assert_eq!(key_segment(&k, "R3"), "3S4S4D");
        assert_eq!(key_segment(&k, "R4"), "6S7S5D");
    }

    #[test]
    fn the_unshuffled_deal_is_won_and_replays() {
        let s = unshuffled_start();
        let o = solve_limited(&Shah, &s, 100_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Shah, &s, &o.moves);
    }

    #[test]
    fn no_moves_in_a_walk_means_won_or_over() {
        for seed in 0..3 {
            walk(&Shah, &deal(&Shah, seed), 400, seed, |s| {
                assert!(s.rays.iter().all(|r| r.len() <= RAY));
            });
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&Shah, 0..8, 400, 4, 2_000);
        assert!(a.won >= 5 && a.lost >= 100, "{a:?}");
    }
}
