//! THE CONGRESS (`congress`).
//!
//! Rule text: `python/patience/rules/congress.md`; text forms: `docs/notation/congress.md`.
//!
//! # Layout and deal
//! Two packs. The eight aces are withdrawn and are `F1`..`F8` (C, C, D, D, H, H, S, S); of
//! the other 96, cards 1-4 start the helps `H1`..`H4`, cards 5-12 are the first river row
//! `R1`..`R8`, the rest is the pack, card 13 on top. `H5`..`H8` wait for the pack to go.
//!
//! # Foundations
//! Built up in suit to the king, from river cards and help tops; nothing comes back.
//!
//! # Rivers and helps
//! A river is a list of positions, each one card or a vacancy; its available card is that of
//! its last position holding one. Nothing goes on a river card. Moves: a river card or help
//! top to a foundation (`rI>fM`, `hI>fM`) or married down in suit onto a help top (`rI>hJ`,
//! `hI>hJ`), so a help is its bottom card and its length. With the pack gone, a river card may
//! start any empty help `H1`..`H8` (`rI>hJ`); a help card never (Readings 3-5).
//!
//! # Vacancies, pack and new rows
//! With the pack not empty, empty river positions and empty `H1`..`H4` are vacancies.
//! In the opening (before the second row is dealt: `R1` has one position) a river card's
//! move refills its position from the pack at once, the one automatic step. `refill` fills
//! the vacancies, rivers row by row left to right, then `H1`..`H4`; `deal` (no vacancy)
//! lays a row of up to eight. No talon, no re-deal (Readings 1, 2, 7).
//!
//! # End
//! Won with all 104 cards up; lost when not won and no move is left.
//!
//! # Solver
//! The key merges like foundations and interchangeable helps (`Congress::key`); a card to its
//! foundation is safe when nothing can be married onto it and it opens no vacancy while the
//! pack holds cards (`Congress::safe_move`).

use crate::card::{Card, ACE};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::key::BitWriter;
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{safe_to_foundation, Build, Ladder, Ladders, Stock, SuitRun};

pub const SLUG: &str = "congress";
const TITLE: &str = "The Congress";

const OPTIONS: &[Opt] = &[];
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
/// Marrying: a card goes on the card of its suit one rank higher.
const MARRY: Build = Build::DOWN_IN_SUIT;
const RIVERS: usize = 8;
const HELPS: usize = 8;
/// At most twelve rows: the first, then the pack's 84 cards make at most ten full rows of
/// eight and a short one.
const ROWS: usize = 12;

fn river(i: usize) -> Place {
    Place::at("R", i)
}
fn help(i: usize) -> Place {
    Place::at("H", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Congress;

impl Congress {
    /// Build from user options (none: any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Congress)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    rivers: [[Option<Card>; ROWS]; RIVERS],
    /// Positions dealt into each river.
    rows: [u8; RIVERS],
    /// Married down in suit, so each is its bottom card and length.
    helps: [SuitRun; HELPS],
    found: Ladders<8>,
    pack: Stock<96>,
}

impl State {
    /// The last position of river `c` that holds a card.
    fn low(&self, c: usize) -> Option<usize> {
        (0..self.rows[c] as usize)
            .rev()
            .find(|&p| self.rivers[c][p].is_some())
    }
    fn avail(&self, c: usize) -> Option<Card> {
        self.low(c).and_then(|p| self.rivers[c][p])
    }
    fn has_vacancy(&self) -> bool {
        self.pack.pack_len() > 0
            && ((0..RIVERS).any(|c| self.rivers[c][..self.rows[c] as usize].contains(&None))
                || self.helps[..4].iter().any(|h| h.len == 0))
    }
    fn deal_row(&mut self) {
        for c in 0..RIVERS {
            if (self.rows[c] as usize) < ROWS {
                if let Some(card) = self.pack.take_pack() {
                    self.rivers[c][self.rows[c] as usize] = Some(card);
                    self.rows[c] += 1;
                }
            }
        }
    }
    fn refill(&mut self) {
        for p in 0..ROWS {
            for c in 0..RIVERS {
                if p < self.rows[c] as usize && self.rivers[c][p].is_none() {
                    self.rivers[c][p] = self.pack.take_pack();
                }
            }
        }
        for h in 0..4 {
            if self.helps[h].len == 0 {
                if let Some(card) = self.pack.take_pack() {
                    self.helps[h] = SuitRun::one(card);
                }
            }
        }
    }
    /// Take the card a move names from river (`help` false) or help `i`; in the opening
    /// the river position takes the pack's top card at once (none left: a vacancy).
    fn take(&mut self, help: bool, i: usize) -> Option<Card> {
        if help {
            return self.helps[i].pop();
        }
        let p = self.low(i)?;
        let card = self.rivers[i][p].take();
        if self.rows[0] == 1 {
            self.rivers[i][p] = self.pack.take_pack();
        }
        card
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// A river's available card (`false`) or a help top (`true`) to a foundation.
    Found(bool, u8, u8),
    /// A river's available card (`false`) or a help top (`true`) onto (or into) a help.
    Help(bool, u8, u8),
    Refill,
    Deal,
}

impl Game for Congress {
    type State = State;
    type Move = Move;
    type Key = [u64; 11];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut found = Ladders::new();
        for (f, suit) in [0u8, 0, 1, 1, 2, 2, 3, 3].into_iter().enumerate() {
            FOUNDATIONS.put(&mut found, f, Card::new(ACE, suit));
        }
        let rest: Vec<Card> = cards.into_iter().filter(|c| c.rank() != ACE).collect();
        let mut s = State {
            rivers: [[None; ROWS]; RIVERS],
            rows: [1; RIVERS],
            helps: [SuitRun::default(); HELPS],
            found,
            pack: Stock::new(rest.get(12..).unwrap_or_default()),
        };
        for (i, &c) in rest.iter().take(12).enumerate() {
            match i {
                0..4 => s.helps[i] = SuitRun::one(c),
                _ => s.rivers[i - 4][0] = Some(c),
            }
        }
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let pack_gone = s.pack.pack_len() == 0;
        let tops: [Option<Card>; HELPS] = std::array::from_fn(|h| s.helps[h].top());
        let from = (0..RIVERS)
            .map(|c| (false, c, s.avail(c)))
            .chain((0..HELPS).map(|h| (true, h, tops[h])));
        for (is_help, i, card) in from {
            let Some(card) = card else { continue };
            let mut d = [0u8; 8];
            let n = FOUNDATIONS.dests(&s.found, card, &mut d);
            for &f in &d[..n] {
                out.push(Move::Found(is_help, i as u8, f));
            }
            for (j, t) in tops.iter().enumerate() {
                let onto = match t {
                    Some(t) => MARRY.fits(*t, card) && !(is_help && i == j),
                    // Pack gone: an empty help may be started with a river card.
                    None => pack_gone && !is_help,
                };
                if onto {
                    out.push(Move::Help(is_help, i as u8, j as u8));
                }
            }
        }
        if !pack_gone {
            out.push(if s.has_vacancy() {
                Move::Refill
            } else {
                Move::Deal
            });
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(h, i, f) => {
                if let Some(card) = s.take(h, i as usize) {
                    FOUNDATIONS.put(&mut s.found, f as usize, card);
                }
            }
            Move::Help(h, i, j) => {
                if let Some(card) = s.take(h, i as usize) {
                    s.helps[j as usize].push(card);
                }
            }
            Move::Refill => s.refill(),
            Move::Deal => s.deal_row(),
        }
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let src = |h: bool, i: u8| {
            if h {
                help(i as usize)
            } else {
                river(i as usize)
            }
        };
        match m {
            Move::Found(h, i, f) => move_text(src(h, i), found(f as usize)),
            Move::Help(h, i, j) => move_text(src(h, i), help(j as usize)),
            Move::Refill => "refill".into(),
            Move::Deal => "deal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for c in 0..RIVERS {
            for p in 0..s.rows[c] as usize {
                let mut seg = format!("R{}P{}:", c + 1, p + 1);
                if let Some(card) = s.rivers[c][p] {
                    card.write(&mut seg, false);
                }
                k.raw(&seg);
            }
        }
        for h in 0..HELPS {
            k.pile(help(h), &s.helps[h].cards(), 0);
        }
        for f in 0..8 {
            k.pile(found(f), &FOUNDATIONS.cards(&s.found, f), 0);
        }
        let mut pack = String::new();
        s.pack.write_pack(&mut pack, "pack");
        k.raw(&pack);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        for c in 0..RIVERS {
            let cards: Vec<String> = s.rivers[c][..s.rows[c] as usize]
                .iter()
                .map(|x| x.map_or(".".into(), |c| c.to_string()))
                .collect();
            p.line(&format!("{}: {}", river(c).key_label(), cards.join(" ")));
        }
        for h in 0..HELPS {
            p.pile(help(h), &s.helps[h].cards(), 0);
        }
        p.tops("Foundations", (0..8).map(|i| (found(i), s.found.top(i))));
        p.line(&format!("pack: {} cards", s.pack.pack_len()));
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 11] {
        // Every river position (0: none, 1: vacancy, else its card), the helps, each suit's
        // foundation heights sorted, the pack's length (the pack is the rest of the deal, so
        // its length says which cards it holds, in order). Merged, each by relabelling
        // places, which maps every line of play to one with the same moves but for the
        // labels:
        // - the two foundations of a suit (both started, built alike);
        // - the helps H1..H4 while the pack holds cards (moves onto and from them are alike;
        //   a refill fills the empty ones in number order with the next pack cards, so the
        //   helps after it are the same multiset; H5..H8 are empty and unusable meanwhile);
        // - all eight helps once the pack is gone (every empty help may be started alike).
        let mut w = BitWriter::<11>::new();
        for c in 0..RIVERS {
            for p in 0..ROWS {
                let code = match (p < s.rows[c] as usize, s.rivers[c][p]) {
                    (false, _) => 0,
                    (true, None) => 1,
                    (true, Some(card)) => 2 + card.index() as u64,
                };
                w.put(code, 6);
            }
        }
        let mut helps: [u16; HELPS] = std::array::from_fn(|h| s.helps[h].code());
        if s.pack.pack_len() == 0 {
            helps.sort_unstable();
        } else {
            helps[..4].sort_unstable();
        }
        for h in helps {
            w.put(u64::from(h), 10);
        }
        for suit in 0..4 {
            let (a, b) = (s.found.count(2 * suit), s.found.count(2 * suit + 1));
            w.put(u64::from(a.min(b)), 4);
            w.put(u64::from(a.max(b)), 4);
        }
        w.put(s.pack.pack_len() as u64, 7);
        w.finish()
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        // A card c to its foundation keeps every win when (a) nothing can ever be married
        // onto it: both copies of the card of its suit one rank lower are on foundations, or
        // that card is an ace, which never lies on the table (`safe_to_foundation`,
        // conditions 1, 3, 4: cards never come back, moves take one card); and (b) taking it
        // opens no vacancy while the pack holds cards: it is a help top over another card,
        // or the pack is empty (a river card leaves a vacancy, or in the opening draws the
        // pack's top card, which shifts every later draw: never safe). Condition 2 of the
        // part fails in general here, since a vacancy bars `deal` until `refill`; (b)
        // restores it. Proof: take a winning line and delete every move of c from it.
        // Every place then equals the line's own but for c missing from the top of a pile
        // that keeps a card under it (or, pack gone, where vacancies no longer matter and
        // an emptier help or river allows at least as much: it can only be started with a
        // river card, never needed empty). So the same vacancies exist, `refill` and `deal`
        // are legal alike and place the same cards; nothing is married onto c (a), so no
        // move of the line needs c as a target; other cards move as in the line. c's
        // suit's foundations only run ahead: both copies of c - 1 are up, so where the line
        // plays the other copy of c, a foundation at c - 1 is still there. The line still
        // ends with all cards up.
        let done = |x: Card| x.rank() == ACE || s.found.copies_up(x) == 2;
        let pack_gone = s.pack.pack_len() == 0;
        let from = (0..HELPS)
            .map(|h| (true, h, s.helps[h].top(), s.helps[h].len >= 2 || pack_gone))
            .chain((0..RIVERS).map(|c| (false, c, s.avail(c), pack_gone)));
        for (is_help, i, card, no_gap) in from {
            let Some(card) = card else { continue };
            if !no_gap || !safe_to_foundation(&MARRY, card, done) {
                continue;
            }
            if let Some(f) = FOUNDATIONS.first_dest(&s.found, card) {
                return Some(Move::Found(is_help, i as u8, f as u8));
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
        assert_replays, deal, deal_cards, play, pruning_agrees, pruning_agrees_on, solve_limited,
        sorted_texts, unshuffled,
    };

    fn fresh() -> State {
        deal_cards(&Congress, unshuffled(PackSpec::Standard(2)))
    }
    fn has(s: &State, m: &str) -> bool {
        sorted_texts(&Congress, s).contains(&m.to_string())
    }

    #[test]
    fn the_deal_withdraws_the_aces_and_lays_helps_then_rivers() {
        let s = fresh();
        let head = "R1P1:6C R2P1:7C R3P1:8C R4P1:9C R5P1:TC R6P1:JC R7P1:QC R8P1:KC \
                    H1:2C H2:3C H3:4C H4:5C H5: H6: H7: H8: \
                    F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS pack:";
        // Copy 2's spades, hearts, diamonds, clubs (king down to two), then copy 1's spades,
        // hearts, diamonds: bottom to top.
        let mut pack = String::new();
        for suit in ["s", "h", "d", "c", "s", "h", "d"] {
            pack += &"kqjt98765432"
                .chars()
                .map(|r| format!("{r}{suit}"))
                .collect::<String>();
        }
        assert_eq!(Congress.key_text(&s), format!("{head}{pack}"));
        assert_eq!(
            sorted_texts(&Congress, &s),
            ["deal", "h1>f1", "h1>f2", "h1>h2", "h2>h3", "h3>h4"]
        );
        assert_eq!(Congress.safe_move(&s), None);
    }

    #[test]
    fn a_married_help_card_covers_and_plays_up_safely() {
        let mut s = fresh();
        play(&Congress, &mut s, "h1>h2");
        let k = Congress.key_text(&s);
        assert!(k.contains(" H1: H2:3C2C H3:4C "), "{k}");
        assert!(has(&s, "refill") && !has(&s, "deal") && !has(&s, "h2>h3"));
        assert!(has(&s, "h2>f1") && has(&s, "h2>f2"));
        assert_eq!(Congress.safe_move(&s), Some(Move::Found(true, 1, 0)));
    }

    #[test]
    fn in_the_opening_a_river_place_is_refilled_at_once() {
        let mut s = fresh();
        for m in ["h1>f1", "h2>f1", "h3>f1", "h4>f1"] {
            play(&Congress, &mut s, m);
        }
        // F1 holds AC..5C; the helps are empty (vacancies), the rivers still one row.
        play(&Congress, &mut s, "r1>f1");
        // 6C went up and the pack's top, 2D, took its place as part of the move.
        let k = Congress.key_text(&s);
        assert!(k.starts_with("R1P1:2D R2P1:7C "), "{k}");
        assert!(!k.contains("R1P2"), "{k}");
        assert!(k.contains(" F1:AC2C3C4C5C6C F2:AC "), "{k}");
        assert!(k.ends_with("4d3d"), "{k}");
        // 7C (R2) goes up next, and 3D replaces it.
        assert!(has(&s, "r2>f1"));
        play(&Congress, &mut s, "r2>f1");
        assert!(Congress
            .key_text(&s)
            .starts_with("R1P1:2D R2P1:3D R3P1:8C "));
        // The help vacancies wait for `refill`.
        assert!(has(&s, "refill") && !has(&s, "deal"));
        play(&Congress, &mut s, "refill");
        let k = Congress.key_text(&s);
        assert!(k.contains(" H1:4D H2:5D H3:6D H4:7D H5: "), "{k}");
        assert!(k.ends_with("9d8d"), "{k}");
        assert!(has(&s, "deal") && !has(&s, "refill"));
    }

    #[test]
    fn after_the_opening_a_river_gap_waits_for_refill() {
        let mut s = fresh();
        for m in ["h1>f1", "h2>f1", "h3>f1", "h4>f1", "r1>f1", "refill"] {
            play(&Congress, &mut s, m);
        }
        // R1P1:2D, H1..H4 3D..6D; the second row: 7D 8D 9D TD JD QD KD 2H.
        play(&Congress, &mut s, "deal");
        let k = Congress.key_text(&s);
        assert!(k.contains(" R1P2:7D R2P1:7C R2P2:8D "), "{k}");
        assert!(k.contains(" R8P1:KC R8P2:2H H1:"), "{k}");
        assert!(has(&s, "r8>f5") && has(&s, "r8>f6"));
        play(&Congress, &mut s, "r8>f5");
        // The opening is over: R8P2 stays a vacancy, KC is available again.
        let k = Congress.key_text(&s);
        assert!(k.contains(" R8P1:KC R8P2: H1:"), "{k}");
        assert!(k.ends_with("4h3h"), "{k}");
        assert!(has(&s, "refill") && !has(&s, "deal"));
        play(&Congress, &mut s, "refill");
        assert!(Congress.key_text(&s).contains(" R8P2:3H H1:"));
    }

    /// The review's case: seed 1's first position offers `r8>f5`; after it no river gap is
    /// left to refill (the helps are full), and R8 holds a card.
    #[test]
    fn seed_one_refills_its_river_at_once() {
        let mut s = deal(&Congress, 1);
        play(&Congress, &mut s, "r8>f5");
        assert!(!has(&s, "refill") && has(&s, "deal"));
        let k = Congress.key_text(&s);
        let r8 = k.split(' ').find(|x| x.starts_with("R8P1:")).unwrap();
        assert_eq!(r8.len(), "R8P1:".len() + 2, "{k}");
    }

    #[test]
    fn with_the_pack_gone_a_river_card_may_start_any_empty_help() {
        let mut s = fresh();
        for _ in 0..11 {
            play(&Congress, &mut s, "deal");
        }
        // 84 = ten rows of eight and a short row of four.
        let k = Congress.key_text(&s);
        assert!(k.contains(" R1P12:TS R2P1:"), "{k}");
        assert!(k.contains(" R4P12:KS R5P1:"), "{k}");
        assert!(k.contains(" R5P11:") && !k.contains("R5P12"), "{k}");
        assert!(k.ends_with(" pack:"), "{k}");
        assert!(!has(&s, "deal") && !has(&s, "refill"));
        for h in 5..=8 {
            assert!(has(&s, &format!("r1>h{h}")) && has(&s, &format!("r8>h{h}")));
            assert!(!has(&s, &format!("h1>h{h}")));
        }
        play(&Congress, &mut s, "r1>h6");
        let k = Congress.key_text(&s);
        assert!(
            k.contains(" R1P12: R2P1:") && k.contains(" H6:TS H7:"),
            "{k}"
        );
        // The column's next card above is available now.
        assert!(has(&s, "r1>h5"));
    }

    #[test]
    fn an_unknown_option_is_an_error() {
        let o = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(Congress::from_options(&o).is_err());
        assert!(Congress::from_options(&[]).is_ok());
    }

    #[test]
    fn the_unshuffled_packs_are_won_and_the_line_replays() {
        let s = fresh();
        let o = solve_limited(&Congress, &s, 200_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Congress, &s, &o.moves);
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&Congress, 0..5, 400, 25, 10_000);
        let mut s = fresh();
        let o = solve_limited(&Congress, &s, 200_000, false);
        let mut line = vec![s];
        for &m in &o.moves {
            Congress.play(&mut s, m);
            line.push(s);
        }
        let b = pruning_agrees_on(&Congress, line.iter().step_by(8), 10_000);
        assert!(a.lost >= 30, "{a:?}");
        assert!(b.won >= 8, "{b:?}");
    }

    #[test]
    fn a_seeded_deal_has_one_row_and_four_helps() {
        let k = Congress.key_text(&deal(&Congress, 1));
        for c in 1..=8 {
            assert!(k.contains(&format!("R{c}P1:")) && !k.contains(&format!("R{c}P2:")));
        }
        assert!(k.contains(" H5: H6: H7: H8: F1:AC F2:AC "), "{k}");
    }
}
