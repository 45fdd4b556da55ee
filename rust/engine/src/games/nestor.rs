//! NESTOR (`nestor`), from `rules/nestor.md` and `docs/notation/nestor.md`.
//!
//! # Layout and deal
//! One pack. Forty-eight cards face up in six rows of eight, row by row from the top, each
//! left to right, into the columns C1..C8, never two cards of one rank in a column: a card
//! whose rank is already in its column goes to the bottom of the pack and the next card is
//! tried; when every card left has been tried for a spot, the top card goes there all the
//! same. The four cards left are the face-down reserve, the next card to be dealt on top.
//!
//! # Foundations
//! None: a pair goes to the discard heap.
//!
//! # Play
//! The available cards are the lowest card of each column and the turned reserve cards
//! X1..X4. The one move pairs two available cards of one rank (`pair:c2,x1`). Automatic:
//! while no pair can be made and the reserve is not empty, its top card is turned to the
//! next X place (the k-th card turned to Xk). An emptied column stays empty.
//!
//! # End
//! Won when all 52 cards are paired; lost when no pair is left and the reserve is out.
//!
//! # Solver
//! - Key: each column is a prefix of its dealt cards, the reserve a suffix of its own and
//!   the X places a subset of the turned cards, so heights, the number turned and the
//!   X places held are exact within one search.
//! - Safe move: a rank all of whose cards in play are available is paired at once
//!   ([`safe_equal_pair`], whose conditions this game meets: only equal-rank pairs; an
//!   available card stays so; the turning is automatic and only when no pair exists).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{each_pair, equal_rank, has_pair, safe_equal_pair, Pile};
use std::collections::VecDeque;

pub const SLUG: &str = "nestor";
const TITLE: &str = "Nestor";

/// NESTOR has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
const COLS: usize = 8;
const ROWS: usize = 6;
const RESERVE: usize = 4;
/// Available places: the columns, then the X places.
const PLACES: usize = COLS + RESERVE;

fn place(i: usize) -> Place {
    if i < COLS {
        Place::at("C", i)
    } else {
        Place::at("X", i - COLS)
    }
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Nestor;

impl Nestor {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Nestor)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// Row 1 at the bottom of each pile, the available card on top.
    cols: [Pile<ROWS>; COLS],
    /// The reserve in dealing order, its top first: `res[turned..]` are still face down.
    res: [Card; RESERVE],
    turned: u8,
    /// The turned reserve cards not yet paired, by order of turning.
    x: [Option<Card>; RESERVE],
}

impl State {
    /// The available card of each place, in place order (c1..c8, x1..x4).
    fn avail(&self) -> [Option<Card>; PLACES] {
        let mut a = [None; PLACES];
        for (i, c) in self.cols.iter().enumerate() {
            a[i] = c.top();
        }
        a[COLS..].copy_from_slice(&self.x);
        a
    }

    /// The automatic step: turn the reserve while no pair can be made.
    fn turn_while_stuck(&mut self) {
        while (self.turned as usize) < RESERVE && !has_pair(&self.avail(), equal_rank) {
            let k = self.turned as usize;
            self.x[k] = Some(self.res[k]);
            self.turned += 1;
        }
    }

    fn take(&mut self, i: usize) {
        if i < COLS {
            self.cols[i].pop();
        } else {
            self.x[i - COLS] = None;
        }
    }
}

/// One move: pair the available cards of places `.0 < .1` (place order c1..c8, x1..x4).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Move(u8, u8);

impl Game for Nestor {
    type State = State;
    type Move = Move;
    type Key = u64;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(1), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut q: VecDeque<Card> = cards.into();
        let mut cols = [Pile::new(); COLS];
        for _ in 0..ROWS {
            for col in cols.iter_mut() {
                // Try each card left once; the fallback takes the front card regardless.
                let n = q.len();
                for _ in 0..n {
                    match q.front() {
                        Some(c) if col.cards().iter().any(|d| d.rank() == c.rank()) => {
                            q.rotate_left(1)
                        }
                        _ => break,
                    }
                }
                let c = q
                    .pop_front()
                    .ok_or(EngineError::BadDeal("too few cards".into()))?;
                col.push(c);
            }
        }
        let mut res = [Card::default(); RESERVE];
        for r in res.iter_mut() {
            *r = q
                .pop_front()
                .ok_or(EngineError::BadDeal("too few cards".into()))?;
        }
        let mut s = State {
            cols,
            res,
            turned: 0,
            x: [None; RESERVE],
        };
        s.turn_while_stuck();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        each_pair(&s.avail(), equal_rank, |i, j| {
            out.push(Move(i as u8, j as u8))
        });
    }

    fn play(&self, s: &mut State, m: Move) {
        s.take(m.0 as usize);
        s.take(m.1 as usize);
        s.turn_while_stuck();
    }

    fn is_won(&self, s: &State) -> bool {
        s.turned as usize == RESERVE
            && s.x.iter().all(Option::is_none)
            && s.cols.iter().all(Pile::is_empty)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        format!(
            "pair:{},{}",
            place(m.0 as usize).move_label(),
            place(m.1 as usize).move_label()
        )
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, c) in s.cols.iter().enumerate() {
            k.pile(place(i), c.cards(), 0);
        }
        let down: Vec<Card> = s.res[s.turned as usize..].iter().rev().copied().collect();
        k.pile(Place::named("reserve"), &down, down.len());
        for (i, x) in s.x.iter().enumerate() {
            k.pile(place(COLS + i), x.as_slice(), 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        for (i, c) in s.cols.iter().enumerate() {
            p.pile(place(i), c.cards(), 0);
        }
        let down = RESERVE - s.turned as usize;
        p.line(&format!("Reserve: {down} face down"));
        for (i, x) in s.x.iter().enumerate() {
            p.pile(place(COLS + i), x.as_slice(), 0);
        }
        p.finish()
    }

    fn key(&self, s: &State) -> u64 {
        // Exact within one search (module docs): 3 bits a column height, the number turned,
        // a bit a held X place.
        let mut k = 0u64;
        for c in &s.cols {
            k = k << 3 | c.len() as u64;
        }
        k = k << 3 | u64::from(s.turned);
        for x in &s.x {
            k = k << 1 | u64::from(x.is_some());
        }
        k
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        let mut left = [0u8; 14];
        let down = s.res[s.turned as usize..].iter();
        for c in s.cols.iter().flat_map(|c| c.cards()).chain(down) {
            left[c.rank() as usize] += 1;
        }
        for c in s.x.iter().flatten() {
            left[c.rank() as usize] += 1;
        }
        safe_equal_pair(&s.avail(), &left).map(|(i, j)| Move(i as u8, j as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees, solve_limited,
        texts,
    };

    /// Ranks A..K of clubs, diamonds, hearts, spades: the unshuffled pack.
    fn unshuffled() -> Vec<Card> {
        crate::testing::unshuffled(PackSpec::Standard(1))
    }

    #[test]
    fn the_unshuffled_pack_deals_without_a_clash_and_is_lost_at_once() {
        // By hand: row 1 AC..8C; row 2 9C TC JC QC KC AD 2D 3D; row 3 4D..JD; row 4 QD KD
        // AH..6H; row 5 7H..KH AS; row 6 2S..9S; no card meets its rank in its column. The
        // lowest cards 2S..9S make no pair: TS JS QS KS are turned, still no pair.
        let s = deal_cards(&Nestor, unshuffled());
        assert_eq!(
            Nestor.key_text(&s),
            "C1:AC9C4DQD7H2S C2:2CTC5DKD8H3S C3:3CJC6DAH9H4S C4:4CQC7D2HTH5S \
             C5:5CKC8D3HJH6S C6:6CAD9D4HQH7S C7:7C2DTD5HKH8S C8:8C3DJD6HAS9S \
             reserve: X1:TS X2:JS X3:QS X4:KS"
        );
        assert!(texts(&Nestor, &s).is_empty());
        assert!(!Nestor.is_won(&s));
    }

    #[test]
    fn a_card_meeting_its_rank_goes_to_the_bottom_of_the_pack() {
        // AD after AC..8C: row 2 column 1 holds AC, so AD goes to the back and 9C comes
        // in; the rest shifts by one (worked by hand), and AD ends as the reserve's bottom.
        let mut pack = cards("AC 2C 3C 4C 5C 6C 7C 8C AD");
        pack.extend(
            unshuffled()
                .into_iter()
                .skip(8)
                .filter(|c| c.to_string() != "AD"),
        );
        let s = deal_cards(&Nestor, pack);
        assert_eq!(
            Nestor.key_text(&s),
            "C1:AC9C5DKD8H3S C2:2CTC6DAH9H4S C3:3CJC7D2HTH5S C4:4CQC8D3HJH6S \
             C5:5CKC9D4HQH7S C6:6C2DTD5HKH8S C7:7C3DJD6HAS9S C8:8C4DQD7H2STS \
             reserve: X1:JS X2:QS X3:KS X4:AD"
        );
    }

    #[test]
    fn when_no_card_fits_the_top_card_goes_there_all_the_same() {
        // C8 gets AC..5C in rows 1-5; the five cards left for its row-6 spot are AD AH 2D
        // 2H 3D, all of ranks in C8: after a full round AD is put there regardless, and
        // AH 2D 2H 3D are the reserve (AH on top). The other columns never clash.
        let pack = cards(
            "6C 7C 8C 9C TC JC QC AC 7D 8D 9D TD JD QD KC 2C 8H 9H TH JH QH KD 6D 3C \
             9S TS JS QS KH 6H 7H 4C KS 6S 7S 8S 4D 4H 4S 5C AS 2S 3H 3S 5D 5H 5S \
             AD AH 2D 2H 3D",
        );
        let mut s = deal_cards(&Nestor, pack);
        assert_eq!(
            Nestor.key_text(&s),
            "C1:6C7D8H9SKSAS C2:7C8D9HTS6S2S C3:8C9DTHJS7S3H C4:9CTDJHQS8S3S \
             C5:TCJDQHKH4D5D C6:JCQDKD6H4H5H C7:QCKC6D7H4S5S C8:AC2C3C4C5CAD \
             reserve:3d2h2dah X1: X2: X3: X4:"
        );
        assert_eq!(
            texts(&Nestor, &s),
            [
                "pair:c1,c8",
                "pair:c3,c4",
                "pair:c5,c6",
                "pair:c5,c7",
                "pair:c6,c7"
            ]
        );
        play(&Nestor, &mut s, "pair:c5,c7");
        assert_eq!(key_segment(&Nestor.key_text(&s), "C5"), "TCJDQHKH4D");
        assert_eq!(key_segment(&Nestor.key_text(&s), "C7"), "QCKC6D7H4S");
    }

    #[test]
    fn a_hand_worked_position_turns_and_pairs_with_x() {
        let mut s = deal_cards(&Nestor, unshuffled());
        // Hand-set: C1 = 5S, C2 = 9H, other columns empty, reserve (top first) 9S 5C 2D 2H.
        for c in s.cols.iter_mut() {
            *c = Pile::new();
        }
        s.cols[0] = Pile::of(&cards("5S"), 0);
        s.cols[1] = Pile::of(&cards("9H"), 0);
        s.res = [
            cards("9S")[0],
            cards("5C")[0],
            cards("2D")[0],
            cards("2H")[0],
        ];
        s.turned = 0;
        s.x = [None; 4];
        s.turn_while_stuck();
        let k = Nestor.key_text(&s);
        assert_eq!(
            k,
            "C1:5S C2:9H C3: C4: C5: C6: C7: C8: reserve:2h2d5c X1:9S X2: X3: X4:"
        );
        assert_eq!(texts(&Nestor, &s), ["pair:c2,x1"]);
        play(&Nestor, &mut s, "pair:c2,x1");
        // No pair: 5C turned to X2, and it pairs with C1.
        assert_eq!(
            Nestor.key_text(&s),
            "C1:5S C2: C3: C4: C5: C6: C7: C8: reserve:2h2d X1: X2:5C X3: X4:"
        );
        assert_eq!(texts(&Nestor, &s), ["pair:c1,x2"]);
        play(&Nestor, &mut s, "pair:c1,x2");
        // Both twos are turned (the first alone makes no pair): X3 and X4.
        assert_eq!(
            Nestor.key_text(&s),
            "C1: C2: C3: C4: C5: C6: C7: C8: reserve: X1: X2: X3:2D X4:2H"
        );
        assert_eq!(texts(&Nestor, &s), ["pair:x3,x4"]);
        play(&Nestor, &mut s, "pair:x3,x4");
        assert!(Nestor.is_won(&s));
    }

    #[test]
    fn a_stuck_position_is_lost() {
        let mut s = deal_cards(&Nestor, unshuffled());
        for c in s.cols.iter_mut() {
            *c = Pile::new();
        }
        s.cols[0] = Pile::of(&cards("5S 9S"), 0);
        s.cols[1] = Pile::of(&cards("5H 9H"), 0);
        s.turned = 4;
        s.x = [None; 4];
        // 9S and 9H pair, then 5S and 5H: won; with 9H under 5H: lost.
        assert_eq!(
            solve_limited(&Nestor, &s, 1000, false).verdict,
            Verdict::Won
        );
        s.cols[1] = Pile::of(&cards("9H 5H"), 0);
        assert!(texts(&Nestor, &s).is_empty());
        assert_eq!(
            solve_limited(&Nestor, &s, 1000, false).verdict,
            Verdict::Lost
        );
    }

    #[test]
    fn options_are_refused() {
        assert!(Nestor::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(Nestor::from_options(&[]).is_ok());
    }

    #[test]
    fn seeds_are_solved_and_replay() {
        let mut decided = 0;
        for seed in 1..11 {
            let s = deal(&Nestor, seed);
            let o = solve_limited(&Nestor, &s, 200_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&Nestor, &s, &o.moves);
            }
            if o.verdict != Verdict::Unknown {
                decided += 1;
            }
        }
        assert!(decided >= 8, "{decided}");
    }

    #[test]
    fn the_safe_pair_agrees_with_plain_search() {
        let a = pruning_agrees(&Nestor, 0..30, 30, 3, 50_000);
        assert!(
            a.won + a.lost >= 100 && a.won >= 10 && a.lost >= 10,
            "{a:?}"
        );
    }
}
