//! TWO RINGS (`two-rings`).
//!
//! Rule text: `python/patience/rules/two-rings.md`; text forms: `docs/notation/two-rings.md`.
//!
//! # Layout and deal
//! Two packs. The eight sevens and eight sixes are taken out of the shuffled pack: F1..F8
//! the sevens, F9..F16 the sixes, each group in suits C, C, D, D, H, H, S, S. Of the 88
//! cards left, cards 1..8 go to the bracelet `B1..B8`, cards 9..88 are the pack, card 9 on
//! top. Nothing moves during the deal.
//!
//! # Foundations
//! A seven climbs 8 .. K in its suit, a six goes down 5 .. A. Cards come from the bracelet
//! or the talon top, one at a time; where two foundations want a card, each is a move.
//!
//! # The bracelet
//! Eight places of one card, played only to the foundations. An emptied place is refilled
//! at once, not as a move: from the talon top, else from the pack top
//! ([`Stock::take_for_refill`]), lowest-numbered empty place first.
//!
//! # Pack, talon and re-deal
//! `turn` turns one card. `redeal` (pack empty, talon not, once) turns the talon over as it
//! lies.
//!
//! # End
//! Won with all 104 cards on the foundations.
//!
//! # Solver
//! The plain moves, foundation plays first; the key merges bracelet orders and the two
//! foundations of a suit and kind (proof at [`Game::key`] below).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{withdraw, PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{sort_among, Base, BitWriter, Dir, Ladder, Ladders, Stock, StockRule};

pub const SLUG: &str = "two-rings";
const TITLE: &str = "Two Rings";
const OPTIONS: &[Opt] = &[];

/// A seven: 8 up to the king.
const SEVENS: Ladder = Ladder {
    len: 7,
    base: Base::Rank(7),
    ..Ladder::ACE_UP
};
/// A six: 5 down to the ace.
const SIXES: Ladder = Ladder {
    dir: Dir::Down,
    len: 6,
    base: Base::Rank(6),
    ..Ladder::ACE_UP
};
/// The suits of each ring, in place order.
const SUITS: [u8; 8] = [0, 0, 1, 1, 2, 2, 3, 3];
const STOCK: StockRule = StockRule {
    passes: Some(2),
    ..StockRule::ONE_PASS
};
const PACK: usize = 80;

fn found(i: usize) -> Place {
    Place::at("F", i)
}
fn bracelet(i: usize) -> Place {
    Place::at("B", i)
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct TwoRings;

impl TwoRings {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(TwoRings)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    bracelet: [Option<Card>; 8],
    /// F1..F8.
    sevens: Ladders<8>,
    /// F9..F16.
    sixes: Ladders<8>,
    stock: Stock<PACK>,
}

impl State {
    fn accepts(&self, f: usize, c: Card) -> bool {
        match f {
            0..8 => SEVENS.accepts(&self.sevens, f, c),
            _ => SIXES.accepts(&self.sixes, f - 8, c),
        }
    }
    fn put(&mut self, f: usize, c: Card) {
        match f {
            0..8 => SEVENS.put(&mut self.sevens, f, c),
            _ => SIXES.put(&mut self.sixes, f - 8, c),
        }
    }
    fn count(&self, f: usize) -> u8 {
        match f {
            0..8 => self.sevens.count(f),
            _ => self.sixes.count(f - 8),
        }
    }
    fn cards(&self, f: usize) -> Vec<Card> {
        match f {
            0..8 => SEVENS.cards(&self.sevens, f),
            _ => SIXES.cards(&self.sixes, f - 8),
        }
    }
    /// The automatic step: every empty bracelet place, lowest first, from the stock.
    fn refill(&mut self) {
        for b in self.bracelet.iter_mut().filter(|b| b.is_none()) {
            *b = self.stock.take_for_refill();
        }
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Bracelet place, foundation (0-based).
    Bracelet(u8, u8),
    /// The talon top to a foundation.
    Talon(u8),
    Turn,
    Redeal,
}

impl Game for TwoRings {
    type State = State;
    type Move = Move;
    type Key = [u64; 4];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        let is7: fn(Card) -> bool = |c| c.rank() == 7;
        let is6: fn(Card) -> bool = |c| c.rank() == 6;
        let set_out = withdraw(&mut pack, &[is7, is7, is7, is7, is7, is7, is7, is7])
            .zip(withdraw(
                &mut pack,
                &[is6, is6, is6, is6, is6, is6, is6, is6],
            ))
            .ok_or_else(|| EngineError::BadDeal("the deal lacks the sevens or sixes".into()))?;
        if pack.len() != 8 + PACK {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: pack.len() + set_out.0.len() + set_out.1.len(),
            });
        }
        let mut s = State {
            bracelet: [None; 8],
            sevens: Ladders::new(),
            sixes: Ladders::new(),
            stock: Stock::new(&pack[8..]),
        };
        for (f, &suit) in SUITS.iter().enumerate() {
            SEVENS.put(&mut s.sevens, f, Card::new(7, suit));
            SIXES.put(&mut s.sixes, f, Card::new(6, suit));
        }
        for (b, &c) in s.bracelet.iter_mut().zip(&pack[..8]) {
            *b = Some(c);
        }
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for (b, c) in s.bracelet.iter().enumerate() {
            let Some(c) = *c else { continue };
            for f in 0..16 {
                if s.accepts(f, c) {
                    out.push(Move::Bracelet(b as u8, f as u8));
                }
            }
        }
        if let Some(c) = s.stock.talon_top() {
            for f in 0..16 {
                if s.accepts(f, c) {
                    out.push(Move::Talon(f as u8));
                }
            }
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
        if s.stock.can_redeal(&STOCK) {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Bracelet(b, f) => {
                if let Some(c) = s.bracelet[b as usize].take() {
                    s.put(f as usize, c);
                }
            }
            Move::Talon(f) => {
                if let Some(c) = s.stock.take_talon() {
                    s.put(f as usize, c);
                }
            }
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Redeal => s.stock.turn_over(),
        }
        s.refill();
    }

    fn is_won(&self, s: &State) -> bool {
        SEVENS.all_full(&s.sevens) && SIXES.all_full(&s.sixes)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Bracelet(b, f) => move_text(bracelet(b as usize), found(f as usize)),
            Move::Talon(f) => move_text(Place::named("talon"), found(f as usize)),
            Move::Turn => "turn".into(),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (b, c) in s.bracelet.iter().enumerate() {
            k.pile(bracelet(b), c.as_slice(), 0);
        }
        for f in 0..16 {
            k.pile(found(f), &s.cards(f), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0)
            .field("pass", s.stock.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Bracelet",
            s.bracelet
                .iter()
                .enumerate()
                .map(|(b, &c)| (bracelet(b), c)),
        );
        p.tops(
            "Sevens",
            (0..8).map(|f| (found(f), s.cards(f).last().copied())),
        );
        p.tops(
            "Sixes",
            (8..16).map(|f| (found(f), s.cards(f).last().copied())),
        );
        p.stock(&s.stock, STOCK.passes);
        p.finish()
    }

    /// The stock's cards left and cursor, the bracelet as a sorted set, each pair's
    /// foundation heights in order, the pass.
    ///
    /// Proof that the merges keep the future: (1) the bracelet places are alike in play,
    /// and while the stock has a card an emptied place is refilled at once, so at most one
    /// is empty at a time and the refill goes to the place just emptied: the set of
    /// bracelet cards decides the plays and the set after each move. (2) The two sevens
    /// (or the two sixes) of a suit follow one rule, so exchanging their contents only
    /// renames moves. (3) The unshuffled stock keeps its turning order, so the cards left,
    /// the cursor and the pass decide it (`Stock::key_bits`).
    fn key(&self, s: &State) -> [u64; 4] {
        let mut b: [u8; 8] = s.bracelet.map(|c| c.map_or(0, |c| c.index() as u8 + 1));
        b.sort_unstable();
        let mut h: [u8; 16] = std::array::from_fn(|f| s.count(f));
        for pair in h.chunks_mut(2) {
            sort_among(pair, |_| true);
        }
        let (present, cursor) = s.stock.key_bits();
        let mut w = BitWriter::<2>::new();
        for v in b {
            w.put(u64::from(v), 6);
        }
        w.put(u64::from(cursor), 7);
        w.put(u64::from(s.stock.pass), 2);
        for v in h {
            w.put(u64::from(v), 3);
        }
        let [x, y] = w.finish();
        [present as u64, (present >> 64) as u64, x, y]
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.moves(s, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, deal, deal_cards, distinct_texts, key_segment, play, pruning_agrees,
        pruning_agrees_on, solve_limited, unshuffled,
    };

    fn unshuffled_start() -> State {
        deal_cards(&TwoRings, unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_of_the_unshuffled_packs() {
        let s = unshuffled_start();
        let k = TwoRings.key_text(&s);
        assert!(
            k.starts_with(
                "B1:AC B2:2C B3:3C B4:4C B5:5C B6:8C B7:9C B8:TC F1:7C F2:7C F3:7D F4:7D \
                 F5:7H F6:7H F7:7S F8:7S F9:6C F10:6C F11:6D F12:6D F13:6H F14:6H F15:6S \
                 F16:6S pack:ksqsjsts9s8s5s4s"
            ),
            "{k}"
        );
        assert!(k.ends_with("2dadkcqcjc talon: pass:1"), "{k}");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 80);
        assert_eq!(k.split(' ').count(), 27);
    }

    #[test]
    fn plays_refills_and_both_foundations_of_a_kind() {
        let mut s = unshuffled_start();
        assert_eq!(
            distinct_texts(&TwoRings, &s),
            ["b5>f9", "b5>f10", "b6>f1", "b6>f2", "turn"]
        );
        play(&TwoRings, &mut s, "b6>f2");
        // No talon: B6 takes the pack top JC.
        let k = TwoRings.key_text(&s);
        assert_eq!(
            (key_segment(&k, "B6"), key_segment(&k, "F2")),
            ("JC".into(), "7C8C".into())
        );
        assert_eq!(
            distinct_texts(&TwoRings, &s),
            ["b5>f9", "b5>f10", "b7>f2", "turn"]
        );
        play(&TwoRings, &mut s, "turn");
        play(&TwoRings, &mut s, "b5>f10");
        // B5 takes the talon top QC; F10 holds 6C5C and wants 4C.
        let k = TwoRings.key_text(&s);
        assert_eq!(
            (key_segment(&k, "B5"), key_segment(&k, "talon")),
            ("QC".into(), String::new())
        );
        assert_eq!(key_segment(&k, "F10"), "6C5C");
        assert_eq!(distinct_texts(&TwoRings, &s), ["b4>f10", "b7>f2", "turn"]);
    }

    #[test]
    fn the_redeal_turns_the_talon_over_once() {
        let mut s = unshuffled_start();
        for _ in 0..80 {
            play(&TwoRings, &mut s, "turn");
        }
        let talon = key_segment(&TwoRings.key_text(&s), "talon");
        assert!(
            talon.starts_with("JCQCKCAD2D") && talon.ends_with("JSQSKS"),
            "{talon}"
        );
        assert_eq!(
            distinct_texts(&TwoRings, &s),
            ["b5>f9", "b5>f10", "b6>f1", "b6>f2", "redeal"]
        );
        play(&TwoRings, &mut s, "redeal");
        let k = TwoRings.key_text(&s);
        assert_eq!(key_segment(&k, "pack"), {
            let mut cards: Vec<&str> = (0..80).map(|i| &talon[2 * i..2 * i + 2]).collect();
            cards.reverse();
            cards.concat().to_lowercase()
        });
        assert!(k.ends_with("talon: pass:2"));
        for _ in 0..80 {
            play(&TwoRings, &mut s, "turn");
        }
        let t = distinct_texts(&TwoRings, &s);
        assert!(!t.contains(&"redeal".into()), "{t:?}");
    }

    #[test]
    fn empty_places_stay_empty_once_the_stock_is_gone() {
        let mut s = unshuffled_start();
        s.stock = Stock::new(&[]);
        play(&TwoRings, &mut s, "b5>f9");
        assert!(TwoRings
            .key_text(&s)
            .starts_with("B1:AC B2:2C B3:3C B4:4C B5: B6:8C"));
        assert_eq!(distinct_texts(&TwoRings, &s), ["b4>f9", "b6>f1", "b6>f2"]);
    }

    #[test]
    fn options_are_refused() {
        let o = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(TwoRings::from_options(&o).is_err());
    }

    #[test]
    fn seeds_are_decided_and_won_lines_replay() {
        let mut decided = 0;
        for seed in 1..6 {
            let s = deal(&TwoRings, seed);
            let o = solve_limited(&TwoRings, &s, 200_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&TwoRings, &s, &o.moves);
            }
            decided += usize::from(o.verdict != Verdict::Unknown);
        }
        assert!(decided >= 1);
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&TwoRings, 0..6, 400, 40, 5_000);
        let mut late = Vec::new();
        for seed in 0..6 {
            let line = crate::testing::walk(&TwoRings, &deal(&TwoRings, seed), 2000, seed, |_| {});
            late.extend(line.into_iter().rev().step_by(7).take(20));
        }
        let b = pruning_agrees_on(&TwoRings, &late, 5_000);
        assert!(a.won + b.won >= 50 && a.lost + b.lost >= 8, "{a:?} {b:?}");
    }
}
