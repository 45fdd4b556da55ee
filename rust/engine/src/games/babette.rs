//! BABETTE (`babette`).
//!
//! Rule text: `python/patience/rules/babette.md`; text forms: `docs/notation/babette.md`.
//!
//! # Layout and deal
//! Two packs, nothing withdrawn, all face up. The garden is eight columns `C1..C8`; a row
//! puts the next pack card on each of C1..C8 in turn (a short last row stops where the
//! pack ends). The first row is dealt at once; each later row is the `deal` move.
//!
//! # Foundations
//! F1..F4 go up from the ace in C, D, H, S; F5..F8 down from the king in C, D, H, S. Only
//! column tops are played; where both foundations of a suit want a card, each is a move.
//!
//! # The garden
//! Each column is a plain pile: its top card (the last dealt still there) is the only
//! one available; nothing is built on it and a gap is only filled by the next row.
//!
//! # Pack and re-deals
//! No talon. `redeal` (pack empty, at most twice) gathers the columns, C1 taken up first
//! ([`gather`]), so the new pack deals C8 bottom to top first and C1 last; its first row is
//! dealt by the same move.
//!
//! # End
//! Won with all 104 cards on the foundations.
//!
//! # Solver
//! The plain moves with an exact byte key, and one safe move in the last deal (proof at
//! [`Game::safe_move`] below).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{gather, ByteKey, Ladder, Ladders, Pile, Stock};

pub const SLUG: &str = "babette";
const TITLE: &str = "Babette";
const OPTIONS: &[Opt] = &[];

/// F1..F4 and F5..F8: place p of each holds suit p.
const WAYS: [Ladder; 2] = [Ladder::ACE_UP, Ladder::KING_DOWN];
const DEALS: u16 = 3;
/// The longest column: 104 cards in rows of eight.
const COLUMN: usize = 13;

fn column(i: usize) -> Place {
    Place::at("C", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct Babette;

impl Babette {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Babette)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    cols: [Pile<COLUMN>; 8],
    /// Up, down.
    found: [Ladders<4>; 2],
    /// The pack (only ever dealt from the top) and the deal count.
    stock: Stock<104>,
}

impl State {
    fn accepts(&self, f: usize, c: Card) -> bool {
        c.suit() as usize == f % 4 && WAYS[f / 4].accepts(&self.found[f / 4], f % 4, c)
    }
    fn cards(&self, f: usize) -> Vec<Card> {
        WAYS[f / 4].cards(&self.found[f / 4], f % 4)
    }
    /// One row: the pack top onto C1, C2, .. C8 in turn, while the pack lasts.
    fn deal_row(&mut self) {
        for col in &mut self.cols {
            match self.stock.take_pack() {
                Some(c) => col.push(c),
                None => return,
            }
        }
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Column, foundation (0-based).
    Play(u8, u8),
    Deal,
    Redeal,
}

impl Game for Babette {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let mut s = State {
            cols: [Pile::new(); 8],
            found: [Ladders::new(); 2],
            stock: Stock::new(&cards),
        };
        s.deal_row();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for (i, col) in s.cols.iter().enumerate() {
            let Some(c) = col.top() else { continue };
            for f in 0..8 {
                if s.accepts(f, c) {
                    out.push(Move::Play(i as u8, f as u8));
                }
            }
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Deal);
        } else if s.stock.pass < DEALS && !self.is_won(s) {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Play(i, f) => {
                if let Some(c) = s.cols[i as usize].pop() {
                    let f = f as usize;
                    WAYS[f / 4].put(&mut s.found[f / 4], f % 4, c);
                }
            }
            Move::Deal => s.deal_row(),
            Move::Redeal => {
                let pack = gather(s.cols.iter().map(|c| c.cards()));
                let pass = s.stock.pass + 1;
                s.stock = Stock::new(&pack);
                s.stock.pass = pass;
                s.cols = [Pile::new(); 8];
                s.deal_row();
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        WAYS.iter().zip(&s.found).all(|(w, l)| w.all_full(l))
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Play(i, f) => move_text(column(i as usize), found(f as usize)),
            Move::Deal => "deal".into(),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, col) in s.cols.iter().enumerate() {
            k.pile(column(i), col.cards(), 0);
        }
        for f in 0..8 {
            k.pile(found(f), &s.cards(f), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .field("pass", s.stock.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (found(f), s.cards(f).last().copied())),
        );
        for (i, col) in s.cols.iter().enumerate() {
            p.pile(column(i), col.cards(), 0);
        }
        p.line(&format!(
            "Pack: {} cards   Deal {} of {DEALS}",
            s.stock.pack_len(),
            s.stock.pass
        ));
        p.finish()
    }

    /// Exact: the columns, the foundation heights, the pack's cards in dealing order and
    /// the deal count (the pack's order after a re-deal depends on the garden gathered,
    /// so its cards are written out).
    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        for col in &s.cols {
            k.pile(col.cards(), 0);
        }
        for l in &s.found {
            for p in 0..4 {
                k.num(l.count(p));
            }
        }
        k.num(s.stock.pass as u8);
        let pack: Vec<Card> = s.stock.left().collect();
        k.pile(&pack, 0);
        k.finish()
    }

    /// Random playouts beside the search: measured to find wins the depth-first order
    /// reaches late (the `probe` module of the solver says why they stay sound).
    fn probes(&self) -> bool {
        true
    }

    /// In the last deal, a column top that fits a foundation whose partner (the other
    /// foundation of its suit) already holds a card of its rank.
    ///
    /// Proof: let `c` fit `f`, and the partner `g` hold `c`'s rank, so the other copy of
    /// `c` is placed and `g` can never take `c`. Take any winning line `L` from here. It
    /// puts every card on the foundations, so it plays this `c` to `f`, and until it does
    /// `f` takes nothing (it wants `c`'s rank, and only `c` is left of it). No re-deal is
    /// left, and a row deals the same cards onto the same columns whatever they hold. So
    /// after playing `c` now, every move of `L` but the play of `c` is still legal when
    /// its turn comes (the cards dealt onto `c`'s column lie on the card under `c`
    /// instead, and `L` takes nothing from under `c` before playing it), with the same
    /// result, and `L` without that play wins.
    fn safe_move(&self, s: &State) -> Option<Move> {
        if s.stock.pass < DEALS {
            return None;
        }
        for (i, col) in s.cols.iter().enumerate() {
            let Some(c) = col.top() else { continue };
            for f in 0..8 {
                let (g, r) = ((f + 4) % 8, c.rank());
                let h = s.found[g / 4].count(g % 4);
                let partner_has = if g < 4 { r <= h } else { r + h >= 14 };
                if partner_has && s.accepts(f, c) {
                    return Some(Move::Play(i as u8, f as u8));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, distinct_texts, key_segment, play, pruning_agrees,
        pruning_agrees_on, solve_limited, unshuffled,
    };

    fn unshuffled_start() -> State {
        deal_cards(&Babette, unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_and_the_first_rows() {
        let mut s = unshuffled_start();
        let k = Babette.key_text(&s);
        assert!(
            k.starts_with(
                "C1:AC C2:2C C3:3C C4:4C C5:5C C6:6C C7:7C C8:8C F1: F2: F3: F4: F5: F6: F7: \
                 F8: pack:ksqsjs"
            ),
            "{k}"
        );
        assert!(k.ends_with("jctc9c pass:1"), "{k}");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 96);
        assert_eq!(distinct_texts(&Babette, &s), ["c1>f1", "deal"]);
        play(&Babette, &mut s, "deal");
        // The second row 9C TC JC QC KC AD 2D 3D goes on C1..C8.
        let k = Babette.key_text(&s);
        assert!(k.starts_with("C1:AC9C C2:2CTC C3:3CJC C4:4CQC C5:5CKC C6:6CAD"));
        // AC is covered now; KC starts the down clubs, AD the up diamonds.
        assert_eq!(distinct_texts(&Babette, &s), ["c5>f5", "c6>f2", "deal"]);
        play(&Babette, &mut s, "c5>f5");
        // Playing KC frees 5C above it in C5.
        assert_eq!(key_segment(&Babette.key_text(&s), "C5"), "5C");
        assert_eq!(key_segment(&Babette.key_text(&s), "F5"), "KC");
    }

    #[test]
    fn both_foundations_of_a_suit_may_take_a_card() {
        let mut s = unshuffled_start();
        for r in 1..=6 {
            WAYS[0].put(&mut s.found[0], 2, crate::card::Card::new(r, 2));
        }
        for r in (8..=13).rev() {
            WAYS[1].put(&mut s.found[1], 2, crate::card::Card::new(r, 2));
        }
        s.cols[1] = Pile::of(&cards("7H"), 0);
        let k = Babette.key_text(&s);
        assert!(
            k.contains("F3:AH2H3H4H5H6H") && k.contains("F7:KHQHJHTH9H8H"),
            "{k}"
        );
        assert_eq!(
            distinct_texts(&Babette, &s),
            ["c1>f1", "c2>f3", "c2>f7", "deal"]
        );
    }

    #[test]
    fn a_redeal_gathers_the_garden_and_deals_a_short_row() {
        // The notation page's example: C1:5H9D C3:KS, the pack empty, first deal.
        let mut s = unshuffled_start();
        s.stock = Stock::new(&[]);
        s.cols = [Pile::new(); 8];
        s.cols[0] = Pile::of(&cards("5H 9D"), 0);
        s.cols[2] = Pile::of(&cards("KS"), 0);
        assert_eq!(distinct_texts(&Babette, &s), ["c3>f8", "redeal"]);
        play(&Babette, &mut s, "redeal");
        let k = Babette.key_text(&s);
        assert!(
            k.starts_with("C1:KS C2:5H C3:9D C4: C5: C6: C7: C8: F1:"),
            "{k}"
        );
        assert!(k.ends_with("pack: pass:2"), "{k}");
        assert_eq!(distinct_texts(&Babette, &s), ["c1>f8", "redeal"]);
        play(&Babette, &mut s, "redeal");
        // C8..C4 and C2 empty: KS (C1) comes last; 5H, 9D first.
        assert!(Babette.key_text(&s).starts_with("C1:9D C2:5H C3:KS C4: "));
        assert_eq!(distinct_texts(&Babette, &s), ["c3>f8"], "no third re-deal");
    }

    #[test]
    fn a_full_redeal_keeps_every_column_in_order() {
        let mut s = unshuffled_start();
        for _ in 0..12 {
            play(&Babette, &mut s, "deal");
        }
        // Thirteen rows: column i holds cards i, i+8, .. of the pack.
        let k = Babette.key_text(&s);
        assert_eq!(key_segment(&k, "pack"), "");
        let c8 = key_segment(&k, "C8");
        assert_eq!(c8.len(), 26);
        play(&Babette, &mut s, "redeal");
        // The new pack deals C8 from its bottom first: its first row is C8's first eight.
        let k = Babette.key_text(&s);
        for i in 0..8 {
            assert_eq!(
                key_segment(&k, &format!("C{}", i + 1)),
                c8[2 * i..2 * i + 2]
            );
        }
        assert_eq!(key_segment(&k, "pack").len(), 2 * 96);
        assert!(k.ends_with("pass:2"));
    }

    #[test]
    fn options_are_refused() {
        let o = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(Babette::from_options(&o).is_err());
    }

    /// Everything on the foundations but 2H and AH, which lie in C1 in the wrong order
    /// (AH on top) while the down hearts want 2H.
    fn two_hearts_left(pass: u16) -> State {
        let mut s = unshuffled_start();
        s.stock = Stock::new(&[]);
        s.stock.pass = pass;
        s.cols = [Pile::new(); 8];
        s.cols[0] = Pile::of(&cards("2H AH"), 0);
        for suit in 0..4u8 {
            for r in 1..=13 {
                WAYS[0].put(
                    &mut s.found[0],
                    suit as usize,
                    crate::card::Card::new(r, suit),
                );
            }
            let last = if suit == 2 { 3 } else { 1 };
            for r in (last..=13).rev() {
                WAYS[1].put(
                    &mut s.found[1],
                    suit as usize,
                    crate::card::Card::new(r, suit),
                );
            }
        }
        s
    }

    #[test]
    fn small_positions_are_solved() {
        // In the last deal AH blocks 2H for good: lost.
        let s = two_hearts_left(3);
        assert!(distinct_texts(&Babette, &s).is_empty());
        for plain in [false, true] {
            assert_eq!(
                solve_limited(&Babette, &s, 1000, plain).verdict,
                Verdict::Lost
            );
        }
        // With a re-deal left, C1 is dealt again from its bottom: 2H to C1, AH to C2.
        let mut s = two_hearts_left(2);
        assert_eq!(distinct_texts(&Babette, &s), ["redeal"]);
        let o = solve_limited(&Babette, &s, 1000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Babette, &s, &o.moves);
        play(&Babette, &mut s, "redeal");
        assert!(Babette.key_text(&s).starts_with("C1:2H C2:AH C3: "));
        assert_eq!(distinct_texts(&Babette, &s), ["c1>f7"]);
        play(&Babette, &mut s, "c1>f7");
        play(&Babette, &mut s, "c2>f7");
        assert!(Babette.is_won(&s));
    }

    #[test]
    fn the_safe_move_only_in_the_last_deal() {
        let mut s = two_hearts_left(3);
        // 2H over AH: 2H fits F7, and the up hearts (F3) hold a 2: safe.
        s.cols[0] = Pile::of(&cards("AH 2H"), 0);
        assert_eq!(Babette.safe_move(&s), Some(Move::Play(0, 6)));
        s.stock.pass = 2;
        assert_eq!(Babette.safe_move(&s), None);
        // The partner lacks the rank: not safe.
        let mut t = unshuffled_start();
        t.stock.pass = 3;
        assert_eq!(
            Babette.safe_move(&t),
            None,
            "AC fits F1 but F5 lacks an ace"
        );
    }

    #[test]
    fn seeds_are_searched_and_won_lines_replay() {
        for seed in 1..4 {
            let s = deal(&Babette, seed);
            let o = solve_limited(&Babette, &s, 20_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&Babette, &s, &o.moves);
            }
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        // Random walks reach the last deal: there the safe move acts.
        let a = pruning_agrees(&Babette, 0..6, 300, 25, 5_000);
        let mut late = Vec::new();
        for seed in 0..12 {
            let line = crate::testing::walk(&Babette, &deal(&Babette, seed), 2000, seed, |_| {});
            late.extend(
                line.into_iter()
                    .filter(|s| s.stock.pass == DEALS)
                    .rev()
                    .step_by(4)
                    .take(15),
            );
        }
        let b = pruning_agrees_on(&Babette, &late, 5_000);
        // End games: each suit lacks its top few up cards and bottom few down cards, laid
        // at random in the columns and the pack, in the last deal or the one before.
        let mut ends = Vec::new();
        let mut rng = SplitMix64::new(7);
        for _ in 0..120 {
            let mut r = |n: u64| (rng.next_u64() % n) as u8;
            let mut s = unshuffled_start();
            let mut left = Vec::new();
            for suit in 0..4u8 {
                let (a, b) = (r(3), r(3));
                for rank in 1..=13 {
                    let c = crate::card::Card::new(rank, suit);
                    if rank <= 13 - a {
                        WAYS[0].put(&mut s.found[0], suit as usize, c);
                    } else {
                        left.push(c);
                    }
                    if 14 - rank > b {
                        WAYS[1].put(
                            &mut s.found[1],
                            suit as usize,
                            crate::card::Card::new(14 - rank, suit),
                        );
                    } else {
                        left.push(crate::card::Card::new(14 - rank, suit));
                    }
                }
            }
            let k = r(left.len() as u64 / 2 + 1) as usize;
            s.stock = Stock::new(&left[..k]);
            s.stock.pass = 2 + u16::from(r(2));
            s.cols = [Pile::new(); 8];
            for &c in &left[k..] {
                s.cols[r(8) as usize].push(c);
            }
            ends.push(s);
        }
        let c = pruning_agrees_on(&Babette, &ends, 5_000);
        eprintln!("{a:?} {b:?} {c:?}");
        assert!(
            a.lost + b.lost + c.lost >= 40 && c.won >= 50,
            "{a:?} {b:?} {c:?}"
        );
    }
}
