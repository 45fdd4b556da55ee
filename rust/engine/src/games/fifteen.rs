//! THE FIFTEEN (`fifteen`), from `rules/fifteen.md` and `docs/notation/fifteen.md`.
//!
//! Over the 400-line budget by about 20 lines: the grace's record of the row-6 cards never
//! moved (`intact`, its key bit, the `row6:` segment), which no other game needs.
//!
//! # Layout and deal
//! Two packs face up in rows across columns C1..C15: card k on column ((k - 1) mod 15) + 1,
//! so C1..C14 get seven cards and C15 six; a column's last card is its top (the only free
//! card). Then, before the first position, the opening play: while some top fits a
//! foundation, the lowest-numbered such column's top goes to the lowest such foundation.
//!
//! # Foundations
//! F1..F4 go up from an ace, F5..F8 down from a king, each in the suit of its first card.
//! An ace starts an up-foundation while its suit has none, else only ends its suit's
//! down-foundation; a king likewise; other cards go on their suit's up-foundation at the
//! rank below and its down-foundation at the rank above (two moves when both).
//!
//! # The columns
//! One card at a time, a column's top: to a foundation, onto another top of its suit one
//! rank above or below (no wrap), or into an empty column. No pack, no re-deal, no option.
//!
//! # The grace
//! While every foundation is empty and no top is an ace or a king: one move takes an ace
//! and/or a king dealt in row 6 and never moved since to F1 / F5, the cards above closing
//! up (`grace:cI,cJ`, `grace:cI,-`, `grace:-,cJ`). A row-6 card never moved exactly while
//! its column never held fewer than six cards (cards leave only from the top): `intact`
//! keeps that bit per column; the key's `row6:` lists the columns whose row-6 ace or king
//! is in place, while the grace is possible.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Safe moves: a card to its suit's up-foundation once the down-foundation has come
//!   down below it, and the mirror case (see [`Fifteen::safe_move`]).
//! - Key symmetry: the fifteen columns are interchangeable (sorted in the key, each with
//!   its `row6:` bit); foundations by suit and way.
//! - One lane per card, never the only card of a column into a lane.

use crate::card::{Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{sort_among, BitWriter, Build, Dir, Ladder, Ladders, Packed, SuitRule};

pub const SLUG: &str = "fifteen";
const TITLE: &str = "The Fifteen";

/// THE FIFTEEN has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
const COLS: usize = 15;
/// Building on the columns: in suit, one rank up or down, no wrap; a lane takes any card.
const BUILD: Build = Build::new(Dir::Either, SuitRule::Same);
const UP: Ladder = Ladder::ACE_UP;
const DOWN: Ladder = Ladder::KING_DOWN;
/// The grace's cards lie at this place from the bottom (0-based: the sixth card).
const GRACE_ROW: usize = 5;

fn col(i: usize) -> Place {
    Place::at("C", i)
}

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Fifteen;

impl Fifteen {
    /// Build from user options: THE FIFTEEN has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Fifteen)
    }
}

/// A position: the columns (bottom to top), the up- and down-foundations.
#[derive(Copy, Clone, Debug)]
pub struct State {
    cols: Packed<104, COLS>,
    up: Ladders<4>,
    down: Ladders<4>,
    /// Bit i: column i has never held fewer than six cards since the deal (its row-6
    /// card is in place).
    intact: u16,
}

/// One move. Foundations `to` 0..4 are F1..F4 (up), 4..8 F5..F8 (down). The grace names
/// the column of its ace and of its king (`NONE` for none).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Found { from: u8, to: u8 },
    Col { from: u8, to: u8 },
    Grace { ace: u8, king: u8 },
}

const NONE: u8 = u8::MAX;

impl State {
    /// The foundations (0..8) that take `c`, up first: at most one of each way.
    fn dests(&self, c: Card) -> [Option<usize>; 2] {
        let has_up = self.up.suit_count(c.suit()) > 0;
        let has_down = self.down.suit_count(c.suit()) > 0;
        let up = UP
            .suit_dest(&self.up, c)
            .filter(|_| c.rank() != KING || has_down);
        let down = DOWN
            .suit_dest(&self.down, c)
            .filter(|_| c.rank() != ACE || has_up);
        [up, down.map(|f| f + 4)]
    }

    /// Take the top card of column `i`, noting when the column falls below six cards.
    fn pop(&mut self, i: usize) -> Option<Card> {
        let c = self.cols.pop(i);
        self.intact &= !(u16::from(self.cols.len(i) <= GRACE_ROW) << i);
        c
    }

    /// Columns whose row-6 card, in place, is an ace or a king, while the grace is
    /// possible as far as the foundations go (all empty); else none.
    fn row6(&self) -> u16 {
        if !self.foundations_empty() {
            return 0;
        }
        (0..COLS as u8)
            .filter(|&i| self.intact & 1 << i != 0 && matches!(self.rank6(i), ACE | KING))
            .fold(0, |m, i| m | 1 << i)
    }

    /// The rank of the sixth card of column `i` (0 for none).
    fn rank6(&self, i: u8) -> u8 {
        let c = self.cols.cards(i.into()).get(GRACE_ROW);
        c.map_or(0, |c| c.rank())
    }

    fn put(&mut self, f: usize, c: Card) {
        if f < 4 {
            UP.put(&mut self.up, f, c);
        } else {
            DOWN.put(&mut self.down, f - 4, c);
        }
    }

    /// The opening play: while a top fits, the lowest such column's top goes to the
    /// lowest-numbered foundation that takes it.
    fn open(&mut self) {
        loop {
            let tops = self.cols.tops();
            let next = (0..COLS).find_map(|i| {
                let c = tops[i]?;
                let [a, b] = self.dests(c);
                a.or(b).map(|f| (i, c, f))
            });
            let Some((i, c, f)) = next else { break };
            self.pop(i);
            self.put(f, c);
        }
    }

    fn foundations_empty(&self) -> bool {
        self.up.total() == 0 && self.down.total() == 0
    }

    /// The grace's moves: each choice of a column whose row-6 card, in place, is an ace
    /// (or none) and one whose row-6 card is a king (or none), not both none.
    fn graces(&self, out: &mut Vec<Move>) {
        let tops = self.cols.tops();
        if tops
            .iter()
            .flatten()
            .any(|c| c.rank() == ACE || c.rank() == KING)
        {
            return;
        }
        let row6 = self.row6(); // none unless the foundations are empty
        let of = |r: u8| (0..COLS as u8).filter(move |&i| row6 & 1 << i != 0 && self.rank6(i) == r);
        for ace in of(ACE).chain([NONE]) {
            for king in of(KING).chain([NONE]).filter(|&k| ace != NONE || k != NONE) {
                out.push(Move::Grace { ace, king });
            }
        }
    }

    /// Take the card `at` places from the bottom of column `i` (the cards above close up).
    fn take_out(&mut self, i: usize, at: usize) -> Card {
        let mut above = Vec::new();
        while self.cols.len(i) > at + 1 {
            above.extend(self.cols.pop(i));
        }
        let c = self.pop(i).unwrap_or_default();
        for &d in above.iter().rev() {
            self.cols.push(i, d);
        }
        c
    }
}

impl Game for Fifteen {
    type State = State;
    type Move = Move;
    type Key = [u64; 12];

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
            cols: Packed::new(),
            up: Ladders::new(),
            down: Ladders::new(),
            intact: (1 << COLS) - 1,
        };
        for (k, &c) in cards.iter().enumerate() {
            s.cols.push(k % COLS, c);
        }
        s.open();
        Ok(s)
    }

    /// Per source column: its foundation moves (up, then down), then its column moves in
    /// column order; the grace moves last.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.cols.tops();
        for (from, c) in tops.iter().enumerate() {
            let Some(c) = *c else { continue };
            let from = from as u8;
            for f in s.dests(c).into_iter().flatten() {
                out.push(Move::Found { from, to: f as u8 });
            }
            for (to, on) in tops.iter().enumerate() {
                let fits = on.map_or(BUILD.fits_space(c, false), |t| BUILD.fits(t, c));
                if to != from as usize && fits {
                    out.push(Move::Col { from, to: to as u8 });
                }
            }
        }
        s.graces(out);
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found { from, to } => {
                if let Some(c) = s.pop(from as usize) {
                    s.put(to as usize, c);
                }
            }
            Move::Col { from, to } => {
                if let Some(c) = s.pop(from as usize) {
                    s.cols.push(to as usize, c);
                }
            }
            Move::Grace { ace, king } => {
                if ace != NONE {
                    let c = s.take_out(ace as usize, GRACE_ROW);
                    s.put(0, c);
                }
                if king != NONE {
                    let c = s.take_out(king as usize, GRACE_ROW);
                    s.put(4, c);
                }
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        UP.all_full(&s.up) && DOWN.all_full(&s.down)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found { from, to } => move_text(col(from as usize), found(to as usize)),
            Move::Col { from, to } => move_text(col(from as usize), col(to as usize)),
            Move::Grace { ace, king } => {
                let name = |i: u8| {
                    if i == NONE {
                        "-".to_string()
                    } else {
                        col(i as usize).move_label()
                    }
                };
                format!("grace:{},{}", name(ace), name(king))
            }
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for i in 0..COLS {
            k.pile(col(i), s.cols.cards(i), 0);
        }
        for f in 0..8 {
            let c = if f < 4 {
                UP.cards(&s.up, f)
            } else {
                DOWN.cards(&s.down, f - 4)
            };
            k.pile(found(f), &c, 0);
        }
        if s.foundations_empty() {
            let row6 = s.row6();
            let used = (0..COLS).filter(|&i| row6 & 1 << i != 0);
            k.raw(&used.fold("row6:".to_string(), |t, i| t + &col(i).key_label()));
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Up", (0..4).map(|f| (found(f), s.up.top(f))));
        p.tops("Down", (0..4).map(|f| (found(f + 4), s.down.top(f))));
        for i in 0..COLS {
            p.pile(col(i), s.cols.cards(i), 0);
        }
        p.finish()
    }

    /// The columns, each its `row6:` bit then its card sequence (6 bits a card: index + 1,
    /// copies alike) closed by a 0, in sorted order, then per suit the heights of its up-
    /// and down-foundation: at most 15 + 119 x 6 + 32 = 761 bits. The bit keeps what the
    /// future needs of `intact`: the grace asks it only of a column whose row-6 card is an
    /// ace or a king and only while the foundations are empty, and a column that loses it
    /// never gets it back.
    fn key(&self, s: &State) -> [u64; 12] {
        let row6 = s.row6();
        let mut cols: [(bool, &[Card]); COLS] =
            std::array::from_fn(|i| (row6 & 1 << i != 0, s.cols.cards(i)));
        sort_among(&mut cols, |_| true);
        let mut w = BitWriter::<12>::new();
        for (bit, c) in cols {
            w.put(u64::from(bit), 1);
            for x in c {
                w.put(x.index() as u64 + 1, 6);
            }
            w.put(0, 6);
        }
        for h in s.up.by_suit().into_iter().chain(s.down.by_suit()) {
            w.put(u64::from(h), 4);
        }
        w.finish()
    }

    /// A top card `c` of rank r going up on its suit's up-foundation (at r - 1) while the
    /// down-foundation of its suit shows r - 1 or lower; or going down (on r + 1) while
    /// the up-foundation shows r + 1 or higher. Take the first case: both copies of rank
    /// r - 1 are up, and of every higher rank one copy is on the down-foundation, so in
    /// this suit from rank r - 1 on the game is one of a single pack, and the other suits
    /// and the down-foundation never meet these cards (it takes only ranks below r - 1).
    /// The argument of [`crate::parts::neighbours_only`] then applies as it stands: the
    /// only cards that can rest on the run of ranks from r up are its own cards and the
    /// one just above it, which may go up instead; nothing is compulsory after the deal
    /// and the grace is gone once a card is up. The second case is its mirror.
    fn safe_move(&self, s: &State) -> Option<Move> {
        let (hu, hd) = (s.up.by_suit(), s.down.by_suit());
        let tops = s.cols.tops();
        (0..COLS).find_map(|i| {
            let c = tops[i]?;
            let su = c.suit() as usize;
            let [up, down] = s.dests(c);
            // Down-foundation top rank 14 - hd; safe up when it is at most r - 1.
            if let Some(f) = up.filter(|_| hd[su] > 0 && 14 - hd[su] < c.rank()) {
                return Some(Move::Found {
                    from: i as u8,
                    to: f as u8,
                });
            }
            down.filter(|_| hu[su] > c.rank()).map(|f| Move::Found {
                from: i as u8,
                to: f as u8,
            })
        })
    }

    /// Every legal move but those into a second lane and those of a card alone in its
    /// column into a lane. Order: foundation plays, the grace, moves that empty a column
    /// or uncover a card fitting a foundation, other builds, moves into the lane.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.cols.tops();
        let lane = tops.iter().position(Option::is_none);
        let mut rank = Vec::new();
        for (from, c) in tops.iter().enumerate() {
            let Some(c) = *c else { continue };
            for f in s.dests(c).into_iter().flatten() {
                out.push(Move::Found {
                    from: from as u8,
                    to: f as u8,
                });
            }
            let cards = s.cols.cards(from);
            let under = cards.len().checked_sub(2).map(|j| cards[j]);
            let frees = under.is_none_or(|u| s.dests(u).iter().any(Option::is_some));
            for (to, on) in tops.iter().enumerate() {
                let m = Move::Col {
                    from: from as u8,
                    to: to as u8,
                };
                match on {
                    Some(t) if to != from && BUILD.fits(*t, c) => rank.push((!frees as u8, m)),
                    None if lane == Some(to) && under.is_some() => rank.push((2, m)),
                    _ => {}
                }
            }
        }
        s.graces(out);
        rank.sort_by_key(|&(k, _)| k);
        out.extend(rank.into_iter().map(|(_, m)| m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, play, pruning_agrees_on, solve_limited,
        sorted_texts, unshuffled, walk, won_line,
    };

    /// A position from columns (bottom to top) and the up- and down-foundations.
    fn position(cols: &[&str], up: [&str; 4], down: [&str; 4]) -> State {
        let mut s = State {
            cols: Packed::new(),
            up: Ladders::new(),
            down: Ladders::new(),
            intact: 0,
        };
        for (i, t) in cols.iter().enumerate() {
            for c in cards(t) {
                s.cols.push(i, c);
            }
            // As dealt: a column of six cards or more has its row-6 card in place.
            if s.cols.len(i) > GRACE_ROW {
                s.intact |= 1 << i;
            }
        }
        for f in 0..4 {
            for c in cards(up[f]) {
                UP.put(&mut s.up, f, c);
            }
            for c in cards(down[f]) {
                DOWN.put(&mut s.down, f, c);
            }
        }
        s
    }

    /// The two packs in their unshuffled order, with the first copies of 2C..QC and
    /// 2D..5D moved to the end: they are then the fifteen top cards.
    fn tail_pack() -> Vec<Card> {
        let tail = cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D 4D 5D");
        let mut pack = unshuffled(PackSpec::Standard(2));
        for c in &tail {
            let i = pack.iter().position(|d| d == c).unwrap();
            pack.remove(i);
        }
        pack.extend(tail);
        pack
    }

    #[test]
    fn options_none_and_unknown_rejected() {
        assert!(Fifteen::from_options(&[]).is_ok());
        let opts = vec![("grace".to_string(), crate::game::OptValue::Bool(true))];
        assert!(matches!(
            Fifteen::from_options(&opts),
            Err(EngineError::UnknownOption { .. })
        ));
        assert!(Fifteen.start(cards("AC"), SplitMix64::new(0)).is_err());
    }

    #[test]
    fn the_deal_card_by_card_and_the_grace() {
        // Cards 1..37: AC KC AD 6D..KD AH..KH AS..KS; 38..89 the second pack; 90..104
        // 2C..QC 2D..5D. Column 1 gets cards 1 16 31 46 61 76 91: AC 5H 7S 9C JD KH 3C;
        // column 15 cards 15 30 45 60 75 90: 4H 6S 8C TD QH 2C. No top is an ace or a
        // king, so nothing goes up.
        let g = Fifteen;
        let mut s = deal_cards(&g, tail_pack());
        let key = g.key_text(&s);
        assert!(
            key.starts_with("C1:AC5H7S9CJDKH3C C2:KC6H8STCQDAS4C "),
            "{key}"
        );
        assert!(key.contains(" C15:4H6S8CTDQH2C F1: "), "{key}");
        assert!(key.ends_with("F1: F2: F3: F4: F5: F6: F7: F8: row6:C1C2C14"));
        // Sixth cards (cards 76..90): KH (C1), AS (C2), 2S..QS, KS (C14), 2C (C15).
        // Marriages among the tops 3C 4C .. QC, 2D..5D, 2C (C15): ten pairs of clubs and
        // three of diamonds, each both ways.
        let t = sorted_texts(&g, &s);
        let graces: Vec<&String> = t.iter().filter(|m| m.starts_with("grace")).collect();
        assert_eq!(
            graces,
            [
                "grace:-,c1",
                "grace:-,c14",
                "grace:c2,-",
                "grace:c2,c1",
                "grace:c2,c14"
            ]
        );
        assert_eq!(t.len(), 5 + 26, "{t:?}");
        for m in ["c15>c1", "c1>c15", "c1>c2", "c10>c9", "c11>c12", "c14>c13"] {
            assert!(t.contains(&m.to_string()), "{m}");
        }
        assert!(!t.contains(&"c10>c11".to_string()));
        play(&g, &mut s, "grace:c2,c1");
        let key = g.key_text(&s);
        assert!(key.starts_with("C1:AC5H7S9CJD3C C2:KC6H8STCQD4C "), "{key}");
        assert!(
            key.ends_with("F1:AS F2: F3: F4: F5:KH F6: F7: F8:"),
            "{key}"
        );
        assert!(!sorted_texts(&g, &s).iter().any(|m| m.starts_with("grace")));
    }

    #[test]
    fn the_grace_takes_only_a_row_6_card_never_moved() {
        let g = Fifteen;
        // C1 holds seven cards, its row-6 card QD; C6 seven, its row-6 card KS.
        let mut s = position(
            &[
                "9S 9S 9H 9H 2H QD 3S",
                "4S",
                "KD",
                "7C AH",
                "8C 2H",
                "3D 3D 3D 3D 3D KS 4D",
            ],
            ["", "", "", ""],
            ["", "", "", ""],
        );
        assert!(g.key_text(&s).ends_with("F8: row6:C6"));
        // 3S onto 4S, then the QD onto the KD: C1 is down to five cards; the AH onto its
        // 2H, and a 2H onto the AH: an ace lies sixth in C1 again, covered, but it is not
        // the card dealt there.
        for m in ["c1>c2", "c1>c3", "c4>c1", "c5>c1"] {
            play(&g, &mut s, m);
        }
        let k = g.key_text(&s);
        assert!(k.starts_with("C1:9S9S9H9H2HAH2H C2:4S3S C3:KDQD C4:7C C5:8C "));
        assert!(k.ends_with("F8: row6:C6"), "{k}");
        let t = sorted_texts(&g, &s);
        let graces: Vec<&String> = t.iter().filter(|m| m.starts_with("grace")).collect();
        assert_eq!(graces, ["grace:-,c6"]);
        // The same cards, C1 as dealt (never below six cards): its ace gives a grace.
        let mut fresh = position(
            &[
                "9S 9S 9H 9H 2H AH 2H",
                "4S 3S",
                "KD QD",
                "7C",
                "8C",
                "3D 3D 3D 3D 3D KS 4D",
            ],
            ["", "", "", ""],
            ["", "", "", ""],
        );
        let t = sorted_texts(&g, &fresh);
        let graces: Vec<&String> = t.iter().filter(|m| m.starts_with("grace")).collect();
        assert_eq!(graces, ["grace:-,c6", "grace:c1,-", "grace:c1,c6"]);
        assert!(g.key_text(&fresh).ends_with("F8: row6:C1C6"));
        assert_ne!(g.key(&fresh), g.key(&s));
        play(&g, &mut fresh, "grace:c1,-");
        assert!(g.key_text(&fresh).starts_with("C1:9S9S9H9H2H2H "));
        assert!(g
            .key_text(&fresh)
            .ends_with("F1:AH F2: F3: F4: F5: F6: F7: F8:"));
    }

    #[test]
    fn the_opening_play_takes_released_cards_too() {
        // C1 QH 2C, C2 AC, C3 KH 3C, C4 AC. Lowest column first: AC (C2) to F1, then 2C
        // (C1) on it, 3C (C3), the KH it uncovers starts F5, and the QH (C1) follows it.
        // The second AC cannot go up (clubs have an up-foundation, F5.. no clubs at 2).
        let mut s = position(
            &["QH 2C", "AC", "KH 3C", "AC"],
            ["", "", "", ""],
            ["", "", "", ""],
        );
        s.open();
        let key = Fifteen.key_text(&s);
        assert!(key.starts_with("C1: C2: C3: C4:AC C5: "), "{key}");
        assert!(
            key.ends_with("F1:AC2C3C F2: F3: F4: F5:KHQH F6: F7: F8:"),
            "{key}"
        );
    }

    #[test]
    fn aces_and_kings_start_or_end_the_foundations() {
        let g = Fifteen;
        // Hearts: F5 down to the 2, no up-foundation: the ace may only start F1.
        let s = position(
            &["AH", "7C"],
            ["", "", "", ""],
            ["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "", "", ""],
        );
        let t = sorted_texts(&g, &s);
        assert!(
            t.contains(&"c1>f1".to_string()) && !t.contains(&"c1>f5".to_string()),
            "{t:?}"
        );
        // With an up-foundation of hearts the ace only ends F5.
        let s = position(
            &["AH", "7C"],
            ["AH 2H", "", "", ""],
            ["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "", "", ""],
        );
        let t = sorted_texts(&g, &s);
        assert!(
            t.contains(&"c1>f5".to_string()) && !t.contains(&"c1>f2".to_string()),
            "{t:?}"
        );
        // A king with a down-foundation of its suit only ends the up one (on the queen).
        let s = position(
            &["KS", "QS"],
            ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "", "", ""],
            ["KS", "", "", ""],
        );
        let t = sorted_texts(&g, &s);
        assert!(
            t.contains(&"c2>f1".to_string()) && t.contains(&"c2>f5".to_string()),
            "{t:?}"
        );
        assert!(!t.iter().any(|m| m.starts_with("c1>f")), "{t:?}");
        // A 7H with F2 at 6H and F6 at 8H: two moves.
        let s = position(
            &["7H"],
            ["AC", "AH 2H 3H 4H 5H 6H", "", ""],
            ["KC", "KH QH JH TH 9H 8H", "", ""],
        );
        let t = sorted_texts(&g, &s);
        assert!(
            t.contains(&"c1>f2".to_string()) && t.contains(&"c1>f6".to_string()),
            "{t:?}"
        );
        // A king with no down-foundation of its suit starts the lowest empty of F5..F8.
        let s = position(&["KD"], ["", "", "", ""], ["KC", "", "", ""]);
        let t = sorted_texts(&g, &s);
        let f: Vec<&String> = t.iter().filter(|m| m.contains(">f")).collect();
        assert_eq!(f, ["c1>f6"]);
        assert_eq!(t.len(), 15, "and the fourteen lanes: {t:?}");
    }

    #[test]
    fn marriages_both_ways_in_suit_and_lanes() {
        let g = Fifteen;
        let s = position(
            &["5D", "6D", "4D", "5S", "", "KH", "AH"],
            ["AC", "", "", ""],
            ["KC", "", "", ""],
        );
        let t = sorted_texts(&g, &s);
        for m in [
            "c1>c2", "c1>c3", "c2>c1", "c3>c1", "c1>c5", "c6>c5", "c7>f2", "c6>f6",
        ] {
            assert!(t.contains(&m.to_string()), "{m} in {t:?}");
        }
        for m in ["c1>c4", "c4>c1", "c6>c7", "c7>c6", "c2>c3"] {
            assert!(!t.contains(&m.to_string()), "{m} in {t:?}");
        }
        // No grace once a foundation holds a card.
        assert!(!t.iter().any(|m| m.starts_with("grace")));
    }

    #[test]
    fn safe_moves_once_the_two_foundations_have_crossed() {
        let g = Fifteen;
        // Spades: up at 4, down at 3 (K..3): the 5S going up is safe.
        let down = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S";
        let s = position(
            &["9D", "5S"],
            ["AS 2S 3S 4S", "", "", ""],
            [down, "", "", ""],
        );
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 1, to: 0 }));
        // Down at 5 only: not safe (the other 4S and 6S may still matter).
        let s = position(
            &["9D", "5S"],
            ["AS 2S 3S 4S", "", "", ""],
            ["KS QS JS TS 9S 8S 7S 6S", "", "", ""],
        );
        assert_eq!(g.safe_move(&s), None);
        // The mirror: 7H going down on 8H while the up-foundation shows 8H.
        let s = position(
            &["7H"],
            ["AH 2H 3H 4H 5H 6H 7H 8H", "", "", ""],
            ["KH QH JH TH 9H 8H", "", "", ""],
        );
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 0, to: 4 }));
    }

    #[test]
    fn small_positions_won_and_lost() {
        let g = Fifteen;
        let full = |s: &str| {
            [
                "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
            ]
            .map(|r| format!("{r}{s}"))
            .join(" ")
        };
        let (c, d, h) = (full("C"), full("D"), full("H"));
        let down = |s: &str| full(s).split(' ').rev().collect::<Vec<_>>().join(" ");
        let (dc, dd, dh) = (down("C"), down("D"), down("H"));
        // Spades up to 5 and down to 8 (K..8): 6S 7S twice, 8S..KS and AS..5S once to
        // go. 6S, 7S up, 7S, 6S down, 8S..KS up; the AS..5S run must be turned round
        // through the lane C5 to bring 5S out.
        let s = position(
            &["7S 6S", "6S 7S", "KS QS JS TS 9S 8S", "5S 4S 3S 2S AS", ""],
            [&c, &d, &h, "AS 2S 3S 4S 5S"],
            [&dc, &dd, &dh, "KS QS JS TS 9S 8S"],
        );
        let o = solve_limited(&g, &s, 100_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&g, &s, &o.moves);
        // The same with a dead card under each of the first three columns and one more
        // in every other column: no lane ever opens, and the AS stays on the 2S.
        let mut cols = vec![
            "9D 7S 6S",
            "JD 6S 7S",
            "KD KS QS JS TS 9S 8S",
            "5S 4S 3S 2S AS",
        ];
        cols.extend([
            "9H", "JH", "KH", "7H", "5H", "3H", "9C", "JC", "KC", "7C", "5C",
        ]);
        let s = position(
            &cols,
            [&c, &d, &h, "AS 2S 3S 4S 5S"],
            [&dc, &dd, &dh, "KS QS JS TS 9S 8S"],
        );
        let o = solve_limited(&g, &s, 100_000, false);
        assert_eq!(o.verdict, Verdict::Lost);
    }

    #[test]
    fn keys_merge_columns_in_another_order_only() {
        let g = Fifteen;
        let e = ["", "", "", ""];
        let a = position(&["5D", "KS QH"], ["AC", "", "", ""], e);
        let b = position(&["", "", "KS QH", "", "5D"], ["AC", "", "", ""], e);
        let c = position(&["5D", "QH KS"], ["AC", "", "", ""], e);
        let d = position(&["5D", "KS QH"], e, ["KC", "", "", ""]);
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key(&a), g.key(&c));
        assert_ne!(g.key(&a), g.key(&d));
    }

    #[test]
    fn random_walks_keep_every_card() {
        let g = Fifteen;
        for seed in 1..=8 {
            walk(&g, &deal(&g, seed), 300, seed, |t| {
                assert_eq!(t.cols.total() + t.up.total() + t.down.total(), 104);
                let mut legal = Vec::new();
                g.moves(t, &mut legal);
                let mut sv = Vec::new();
                g.solver_moves(t, &mut sv);
                assert!(sv.iter().all(|m| legal.contains(m)));
                if let Some(m) = g.safe_move(t) {
                    assert!(legal.contains(&m));
                }
            });
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = Fifteen;
        // Deals lost early (found by the solver over seeds 1-300) give lost positions;
        // won ones come along won lines.
        let lost = [
            20, 51, 58, 119, 122, 125, 134, 169, 174, 191, 199, 211, 245, 292,
        ];
        let lost = lost.map(|seed| (seed, deal(&g, seed)));
        let mut a = crate::testing::pruning_agrees_from(&g, lost, 30, 4, 3_000);
        for seed in 1..12 {
            let line = won_line(&g, seed, 50_000);
            a += pruning_agrees_on(&g, line.iter().rev().skip(2).step_by(6).take(6), 3_000);
        }
        assert!(a.won >= 20 && a.lost >= 20, "{a:?}");
    }
}
