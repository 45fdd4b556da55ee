//! THE NATION (`nation`).
//!
//! # Layout and deal
//! Two packs. The first ace and the first king of each suit met in the shuffled pack are
//! withdrawn as the bases of F1-F4 (aces) and F5-F8 (kings). The other 96 cards are dealt
//! to T1, then T2, ..., T12, eight counts a column: at each count the next card goes up
//! at once if a foundation wants it (an ace foundation first), else to the foot of the
//! column. Only the card just taken may go up during the deal.
//!
//! # Foundations
//! F1-F4 build up in suit from the ace to the king, F5-F8 down in suit from the king to
//! the ace; no wrap, full at 13 cards; nothing leaves them.
//!
//! # Piles and availability
//! The free card of a column (its last) goes to a foundation that wants it (the player
//! chooses when both of its suit do), onto another column's free card of its suit one rank
//! higher or lower, or into an empty column.
//!
//! # Re-deals
//! `redeal`, at most twice, whenever the player likes: the columns are gathered (T1 taken
//! up first, each under the others, turned over: [`gather`]) and dealt again with the
//! same counting. Columns the pack does not reach stay empty.
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! Exact, no pruned move. While a re-deal remains the columns keep their order in the key
//! (the gathering reads it); on the last pass nothing reads their order and the key sorts
//! them. The foundations are written as their tops.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{gather, withdraw_bases, ByteKey, Dealer, Pile};

pub const SLUG: &str = "nation";
const TITLE: &str = "The Nation";

const OPTIONS: &[Opt] = &[];

const COLS: usize = 12;
const COUNTS: usize = 8;
/// Room for every card the columns can hold.
const CAP: usize = 96;
/// Re-deals allowed: passes 1..=3.
const LAST_PASS: u8 = 3;

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Nation;

fn col(i: usize) -> Place {
    Place::at("T", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    cols: [Pile<CAP>; COLS],
    /// Top rank of F1-F4 (up from the ace, 13 = full) and F5-F8 (down from the king,
    /// 1 = full), by suit.
    top: [u8; 8],
    pass: u8,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Free card of column `.0` to foundation `.1`.
    Found(u8, u8),
    /// Free card of column `.0` onto (or into) column `.1`.
    Col(u8, u8),
    Redeal,
}

impl Nation {
    /// Build from user options (there are none; any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Nation)
    }

    /// True if foundation `f` (0-based) wants `c`.
    fn wants(s: &State, f: usize, c: Card) -> bool {
        if c.suit() as usize != f % 4 {
            return false;
        }
        let t = s.top[f];
        if f < 4 {
            t < 13 && c.rank() == t + 1
        } else {
            t > 1 && c.rank() + 1 == t
        }
    }

    /// The dealing procedure: eight counts per column, fitting cards going up at once
    /// (an ace foundation first).
    fn deal_cols(s: &mut State, cards: &[Card]) {
        for p in s.cols.iter_mut() {
            p.clear();
        }
        let mut d = Dealer::new(cards);
        for c in 0..COLS {
            for _ in 0..COUNTS {
                let Some(x) = d.next() else {
                    return;
                };
                let f = x.suit() as usize;
                if Self::wants(s, f, x) {
                    s.top[f] += 1;
                } else if Self::wants(s, f + 4, x) {
                    s.top[f + 4] -= 1;
                } else {
                    s.cols[c].push(x);
                }
            }
        }
    }

    fn found_cards(s: &State, f: usize) -> Vec<Card> {
        let suit = (f % 4) as u8;
        if f < 4 {
            (1..=s.top[f]).map(|r| Card::new(r, suit)).collect()
        } else {
            (s.top[f]..=13).rev().map(|r| Card::new(r, suit)).collect()
        }
    }
}

impl Game for Nation {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        withdraw_bases(&mut pack, 1, 1)?;
        withdraw_bases(&mut pack, 13, 1)?;
        let mut s = State {
            cols: [Pile::new(); COLS],
            top: [1, 1, 1, 1, 13, 13, 13, 13],
            pass: 1,
        };
        Self::deal_cols(&mut s, &pack);
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for i in 0..COLS {
            let Some(c) = s.cols[i].top() else {
                continue;
            };
            for f in 0..8 {
                if Self::wants(s, f, c) {
                    out.push(Move::Found(i as u8, f as u8));
                }
            }
            for j in 0..COLS {
                if j == i {
                    continue;
                }
                let ok = match s.cols[j].top() {
                    None => true,
                    Some(t) => t.suit() == c.suit() && t.rank().abs_diff(c.rank()) == 1,
                };
                if ok {
                    out.push(Move::Col(i as u8, j as u8));
                }
            }
        }
        if s.pass < LAST_PASS && !self.is_won(s) {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(i, f) => {
                if s.cols[i as usize].pop().is_some() {
                    let f = f as usize;
                    if f < 4 {
                        s.top[f] += 1;
                    } else {
                        s.top[f] -= 1;
                    }
                }
            }
            Move::Col(i, j) => {
                if let Some(c) = s.cols[i as usize].pop() {
                    s.cols[j as usize].push(c);
                }
            }
            Move::Redeal => {
                let cards = gather(s.cols.iter().map(|p| p.cards()));
                Self::deal_cols(s, &cards);
                s.pass += 1;
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.top[..4].iter().all(|&t| t == 13) && s.top[4..].iter().all(|&t| t == 1)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found(i, f) => move_text(col(i as usize), found(f as usize)),
            Move::Col(i, j) => move_text(col(i as usize), col(j as usize)),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for i in 0..COLS {
            k.pile(col(i), s.cols[i].cards(), 0);
        }
        for f in 0..8 {
            k.pile(found(f), &Self::found_cards(s, f), 0);
        }
        k.field("pass", s.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (found(f), Self::found_cards(s, f).last().copied())),
        );
        for i in 0..COLS {
            p.pile(col(i), s.cols[i].cards(), 0);
        }
        p.line(&format!("pass {} of {LAST_PASS}", s.pass));
        p.finish()
    }

    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        for &t in &s.top {
            k.num(t);
        }
        k.num(s.pass);
        if s.pass < LAST_PASS {
            for p in &s.cols {
                k.pile(p.cards(), 0);
            }
        } else {
            let mut ps: Vec<&[Card]> = s
                .cols
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
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees_on,
        solve_limited, texts,
    };

    fn unshuffled() -> State {
        deal_cards(&Nation, crate::testing::unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_counts_eight_and_plays_fitting_cards_up() {
        // By hand, two packs unshuffled (pack 1 then pack 2): the bases are pack 1's aces
        // and kings; 2C-QC, 2D-QD, 2H-QH, 2S-QS (44) all go up over T1-T6's counts, leaving
        // T1-T5 empty; then pack 2: T6 = AC-4C; T7 = 5C-JC (QC up to F5); T8: KC up to F1,
        // then AD-6D stay... and so on.
        let s = unshuffled();
        let k = Nation.key_text(&s);
        for t in ["T1", "T2", "T3", "T4", "T5"] {
            assert_eq!(key_segment(&k, t), "", "{t}");
        }
        assert_eq!(key_segment(&k, "T6"), "AC2C3C4C");
        assert_eq!(key_segment(&k, "T7"), "5C6C7C8C9CTCJC");
        assert_eq!(key_segment(&k, "T8"), "AD2D3D4D5D6D7D");
        assert_eq!(key_segment(&k, "T9"), "8D9DTDJDAH2H");
        assert_eq!(key_segment(&k, "T10"), "3H4H5H6H7H8H9HTH");
        assert_eq!(key_segment(&k, "T11"), "JHAS2S3S4S5S");
        assert_eq!(key_segment(&k, "T12"), "6S7S8S9STSJS");
        assert_eq!(key_segment(&k, "F1"), "AC2C3C4C5C6C7C8C9CTCJCQCKC");
        assert_eq!(key_segment(&k, "F5"), "KCQC");
        assert_eq!(key_segment(&k, "F8"), "KSQS");
        assert!(k.ends_with(" pass:1"), "{k}");
    }

    #[test]
    fn moves_to_foundations_columns_and_spaces() {
        let mut s = unshuffled();
        let t = texts(&Nation, &s);
        // Tops 4C JC 7D 2H TH 5S JS: JC to F5, JS to F8; no marriage; each of the seven
        // tops into each of the five spaces; and the re-deal.
        assert!(t.contains(&"t7>f5".to_string()));
        assert!(t.contains(&"t12>f8".to_string()));
        assert!(t.contains(&"t6>t1".to_string()) && t.contains(&"t12>t5".to_string()));
        assert!(t.contains(&"redeal".to_string()));
        assert_eq!(t.len(), 2 + 35 + 1, "{t:?}");
        play(&Nation, &mut s, "t12>f8");
        assert_eq!(key_segment(&Nation.key_text(&s), "F8"), "KSQSJS");
        // Now TS tops T12; 5S (T11) cannot go on it; move TH into T1 and marry 9H? 9H is
        // under TH: after t10>t1, T10 shows 9H, which marries onto TH both ways.
        play(&Nation, &mut s, "t10>t1");
        let t = texts(&Nation, &s);
        assert!(t.contains(&"t10>t1".to_string()) && t.contains(&"t1>t10".to_string()));
        play(&Nation, &mut s, "t10>t1");
        assert_eq!(key_segment(&Nation.key_text(&s), "T1"), "TH9H");
    }

    #[test]
    fn both_foundations_of_a_suit_give_two_moves() {
        let mut s = unshuffled();
        // Hand-set: F1 shows 4C, F5 shows 6C: a free 5C fits both.
        s.top[0] = 4;
        s.top[4] = 6;
        s.cols[0] = Pile::of(&cards("5C"), 0);
        let t = texts(&Nation, &s);
        assert!(t.contains(&"t1>f1".to_string()) && t.contains(&"t1>f5".to_string()));
        play(&Nation, &mut s, "t1>f5");
        assert_eq!(
            key_segment(&Nation.key_text(&s), "F5"),
            "KCQCJCTC9C8C7C6C5C"
        );
    }

    #[test]
    fn a_redeal_gathers_from_t12_and_deals_with_the_counting() {
        let mut s = unshuffled();
        play(&Nation, &mut s, "redeal");
        // New pack by hand: T12, T11, ..., T6 each bottom to top. Foundations want JC, JD,
        // JH, JS (down) and nothing up. T1: 6S-TS stay, JS up, JH up, AS stays. T2: 2S-5S,
        // 3H-6H. T3: 7H-9H stay, TH up, 8D-TD stay, JD up. T4: AH 2H AD-6D. T5: 7D 5C-TC,
        // JC up. T6: AC-4C, and the pack is out.
        let k = Nation.key_text(&s);
        assert_eq!(key_segment(&k, "T1"), "6S7S8S9STSAS");
        assert_eq!(key_segment(&k, "T2"), "2S3S4S5S3H4H5H6H");
        assert_eq!(key_segment(&k, "T3"), "7H8H9H8D9DTD");
        assert_eq!(key_segment(&k, "T4"), "AH2HAD2D3D4D5D6D");
        assert_eq!(key_segment(&k, "T5"), "7D5C6C7C8C9CTC");
        assert_eq!(key_segment(&k, "T6"), "AC2C3C4C");
        for t in ["T7", "T8", "T9", "T10", "T11", "T12"] {
            assert_eq!(key_segment(&k, t), "", "{t}");
        }
        assert_eq!(key_segment(&k, "F7"), "KHQHJHTH");
        assert_eq!(key_segment(&k, "pass"), "2");
        play(&Nation, &mut s, "redeal");
        assert_eq!(key_segment(&Nation.key_text(&s), "pass"), "3");
        assert!(!texts(&Nation, &s).contains(&"redeal".to_string()));
    }

    #[test]
    fn options_are_refused() {
        assert!(Nation::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(Nation::from_options(&[]).is_ok());
        let short = cards("AC AD AH AS KC KD KH");
        assert!(Nation.start(short, SplitMix64::new(0)).is_err());
    }

    #[test]
    fn seeds_are_solved_and_replay() {
        let mut decided = 0;
        for seed in 1..4 {
            let s = deal(&Nation, seed);
            let o = solve_limited(&Nation, &s, 100_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&Nation, &s, &o.moves);
            }
            if o.verdict != Verdict::Unknown {
                decided += 1;
            }
        }
        assert!(decided >= 1, "{decided}");
    }

    #[test]
    fn the_sorted_key_agrees_with_plain_search() {
        let mut starts = Vec::new();
        for seed in 0..20 {
            let mut s = deal(&Nation, seed);
            play(&Nation, &mut s, "redeal");
            play(&Nation, &mut s, "redeal");
            starts.push(s);
        }
        let mut lines = Vec::new();
        for (i, s) in starts.iter().enumerate() {
            lines.extend(crate::testing::walk(&Nation, s, 10, i as u64, |_| {}));
        }
        let a = pruning_agrees_on(
            &Nation,
            starts.iter().chain(lines.iter().step_by(4)),
            20_000,
        );
        assert!(a.won + a.lost >= 12, "{a:?}");
    }
}
