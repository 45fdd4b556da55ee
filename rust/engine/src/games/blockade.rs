//! THE BLOCKADE (`blockade`).
//!
//! Rule text: `python/patience/rules/blockade.md`; text forms: `docs/notation/blockade.md`.
//!
//! # Layout and deal
//! Two packs, 104 cards, dealt from the top. Twelve columns `C1`..`C12`, each a list of
//! positions (row 1 first). The first row is dealt at once: one card taken for each column in
//! turn. *Taking a card* for a place: the pack's top card; an ace goes to the lowest-numbered
//! empty foundation and the next card is taken for the same place; if the pack runs out, the
//! place gets nothing.
//!
//! # Foundations
//! `F1`..`F8`, started only by aces as they come from the pack, built up in suit to the king.
//! Cards come from the columns' available cards and never come back.
//!
//! # The columns
//! A position holds a stack: the card dealt there and the cards married onto it, or nothing
//! (a vacancy). The available card of a column is the top of its last position that is not
//! a vacancy. Moves: an available card to a foundation that wants it (`cI>fM`), or marry it
//! onto the available card of another column of its suit one rank higher (`cI>cJ`). A
//! marriage always goes down in suit by one, so a stack is its bottom card and its length.
//! Vacancies only ever open at the bottom of a column (Readings 2, 3).
//!
//! # Vacancies, pack and new rows
//! `refill` (a vacancy exists, the pack holds a card): fill every vacancy, row 1 first, left
//! to right within a row, a card taken for each. `deal` (no vacancy, pack not empty): one
//! card taken for each column in turn at a new last position; a short row when the pack runs
//! out. No talon, no re-deal (Readings 1, 5, 6).
//!
//! # End
//! Won with all 104 cards on the foundations; lost when not won and no move is left.
//!
//! # Solver
//! The key merges the two foundations of a suit (`Blockade::key`); a card to its foundation
//! is a safe move when nothing can ever be married onto it and playing it opens no vacancy
//! while the pack holds cards (`Blockade::safe_move`).

use crate::card::{Card, ACE};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::key::BitWriter;
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{safe_to_foundation, Build, Ladder, Ladders, Stock, SuitRun};

pub const SLUG: &str = "blockade";
const TITLE: &str = "The Blockade";

const OPTIONS: &[Opt] = &[];
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
/// Marrying: a card goes on the card of its suit one rank higher.
const MARRY: Build = Build::DOWN_IN_SUIT;
const COLS: usize = 12;
/// At most eight rows: every position is made by a non-ace card (96 of them), and a row is
/// short only when the pack runs out, so a ninth row would need 8 * 12 + 1 > 96 cards.
const ROWS: usize = 8;

fn col(i: usize) -> Place {
    Place::at("C", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Blockade;

impl Blockade {
    /// Build from user options (none: any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Blockade)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// Each position a stack married down in suit (its bottom card and length); a
    /// vacancy is an empty one.
    cols: [[SuitRun; ROWS]; COLS],
    /// Positions dealt into each column.
    rows: [u8; COLS],
    found: Ladders<8>,
    pack: Stock<104>,
}

impl State {
    /// The last position of column `c` that is not a vacancy.
    fn low(&self, c: usize) -> Option<usize> {
        (0..self.rows[c] as usize)
            .rev()
            .find(|&p| self.cols[c][p].len > 0)
    }
    fn avail(&self, c: usize) -> Option<Card> {
        self.low(c).and_then(|p| self.cols[c][p].top())
    }
    fn has_vacancy(&self) -> bool {
        (0..COLS).any(|c| (0..self.rows[c] as usize).any(|p| self.cols[c][p].len == 0))
    }
    /// Take a card for a place: aces on the way go to the lowest-numbered empty foundation.
    fn take(&mut self) -> Option<Card> {
        while let Some(c) = self.pack.take_pack() {
            if c.rank() != ACE {
                return Some(c);
            }
            if let Some(p) = FOUNDATIONS.first_dest(&self.found, c) {
                FOUNDATIONS.put(&mut self.found, p, c);
            }
        }
        None
    }
    /// One card taken for each column in turn, at a new last position.
    fn deal_row(&mut self) {
        for c in 0..COLS {
            if self.rows[c] as usize >= ROWS {
                continue;
            }
            if let Some(card) = self.take() {
                self.cols[c][self.rows[c] as usize] = SuitRun::one(card);
                self.rows[c] += 1;
            }
        }
    }
    fn refill(&mut self) {
        for p in 0..ROWS {
            for c in 0..COLS {
                if p < self.rows[c] as usize && self.cols[c][p].len == 0 {
                    if let Some(card) = self.take() {
                        self.cols[c][p] = SuitRun::one(card);
                    }
                }
            }
        }
    }
    /// Take the available card of column `c` off its stack.
    fn pop(&mut self, c: usize) -> Option<Card> {
        let p = self.low(c)?;
        self.cols[c][p].pop()
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Column's available card to foundation.
    Found(u8, u8),
    /// Marry column's available card onto another column's.
    Marry(u8, u8),
    Refill,
    Deal,
}

impl Game for Blockade {
    type State = State;
    type Move = Move;
    type Key = [u64; 16];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut s = State {
            cols: [[SuitRun::default(); ROWS]; COLS],
            rows: [0; COLS],
            found: Ladders::new(),
            pack: Stock::new(&cards),
        };
        s.deal_row();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let avail: [Option<Card>; COLS] = std::array::from_fn(|c| s.avail(c));
        for (i, a) in avail.iter().enumerate() {
            let Some(card) = *a else { continue };
            let mut d = [0u8; 8];
            let n = FOUNDATIONS.dests(&s.found, card, &mut d);
            for &f in &d[..n] {
                // An empty foundation wants nothing: aces never lie on the table.
                out.push(Move::Found(i as u8, f));
            }
            for (j, b) in avail.iter().enumerate() {
                if j != i && b.is_some_and(|b| MARRY.fits(b, card)) {
                    out.push(Move::Marry(i as u8, j as u8));
                }
            }
        }
        if s.pack.pack_len() > 0 {
            out.push(if s.has_vacancy() {
                Move::Refill
            } else {
                Move::Deal
            });
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(c, f) => {
                if let Some(card) = s.pop(c as usize) {
                    FOUNDATIONS.put(&mut s.found, f as usize, card);
                }
            }
            Move::Marry(c, to) => {
                if let Some(card) = s.pop(c as usize) {
                    if let Some(p) = s.low(to as usize) {
                        s.cols[to as usize][p].push(card);
                    }
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
        match m {
            Move::Found(c, f) => move_text(col(c as usize), found(f as usize)),
            Move::Marry(c, to) => move_text(col(c as usize), col(to as usize)),
            Move::Refill => "refill".into(),
            Move::Deal => "deal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for c in 0..COLS {
            for p in 0..s.rows[c] as usize {
                let mut seg = format!("C{}P{}:", c + 1, p + 1);
                for card in s.cols[c][p].cards() {
                    card.write(&mut seg, false);
                }
                k.raw(&seg);
            }
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
        for c in 0..COLS {
            let mut line = format!("{}:", col(c).key_label());
            for q in 0..s.rows[c] as usize {
                line.push(' ');
                let cards = s.cols[c][q].cards();
                if cards.is_empty() {
                    line.push('.');
                }
                for card in cards {
                    card.write(&mut line, false);
                }
            }
            p.line(&line);
        }
        p.tops("Foundations", (0..8).map(|i| (found(i), s.found.top(i))));
        p.line(&format!("pack: {} cards", s.pack.pack_len()));
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 16] {
        // Every position of every column (0: none, else 1 + its stack's code, 1 for a
        // vacancy), the pack's length (the pack is the rest of the deal, so its length says
        // which cards it holds, in order), and each suit's foundation heights sorted.
        // Merged: the two foundations of a suit are interchangeable. Swapping their labels
        // maps every line of play to a line with the same moves but for the foundation
        // numbers, and an ace coming from the pack takes an empty foundation in either (the
        // empty ones are alike); so states equal but for which of a suit's foundations holds
        // which height are won alike.
        let mut w = BitWriter::<16>::new();
        for c in 0..COLS {
            for p in 0..ROWS {
                let dealt = p < s.rows[c] as usize;
                w.put(u64::from(dealt) * (1 + u64::from(s.cols[c][p].code())), 10);
            }
        }
        for pair in &mut s.found.suit_counts::<2>() {
            pair.sort_unstable();
            w.put(u64::from(pair[0]), 4);
            w.put(u64::from(pair[1]), 4);
        }
        w.put(s.pack.pack_len() as u64, 7);
        w.finish()
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        // A card c to its foundation keeps every win when (a) nothing can ever be married
        // onto it: every card that could rest on it (its suit, one rank lower: both copies)
        // is on a foundation or is an ace, which never lies on the table
        // (`safe_to_foundation`, conditions 1, 3, 4: cards never come back, moves take one
        // card); and (b) taking it opens no vacancy while the pack holds cards: its stack
        // holds another card, or the pack is empty. Condition 2 of the part (no move made
        // compulsory by a pile emptying) fails in general here, since a vacancy bars `deal`
        // until `refill`; (b) restores it. Proof: take a winning line and delete every move
        // of c from it. Until the line moves c, and after, every stack equals the line's
        // own but for c on top of a stack that still holds a card under c (or the pack is
        // empty), so the same positions are vacancies, `refill` and `deal` are legal alike
        // and fill the same places with the same cards. Nothing is married onto c (a), so
        // no move of the line needs c as a target; a move of another card from a column is
        // the same move (its available card is not c). c's suit's foundations only run
        // ahead: where the line plays a card of the suit onto a foundation at height r - 1,
        // one at that height is still there (both copies of c - 1 are up, so the other
        // foundation of the suit is at least c - 1 and the second copy of c, if any, finds a
        // foundation at c - 1 as in the line). The line still ends with all cards up.
        let done = |x: Card| x.rank() == ACE || s.found.copies_up(x) == 2;
        let empty_pack = s.pack.pack_len() == 0;
        for c in 0..COLS {
            let Some(p) = s.low(c) else { continue };
            let st = s.cols[c][p];
            let card = st.top()?;
            if !(st.len >= 2 || empty_pack) || !safe_to_foundation(&MARRY, card, done) {
                continue;
            }
            if let Some(f) = FOUNDATIONS.first_dest(&s.found, card) {
                return Some(Move::Found(c as u8, f as u8));
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
        assert_replays, deal, deal_cards, play, pruning_agrees, solve_limited, sorted_texts,
        unshuffled,
    };

    fn fresh() -> State {
        deal_cards(&Blockade, unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_first_row_sends_the_ace_up_and_takes_the_next_card() {
        let s = fresh();
        let row = "C1P1:2C C2P1:3C C3P1:4C C4P1:5C C5P1:6C C6P1:7C C7P1:8C C8P1:9C C9P1:TC \
                   C10P1:JC C11P1:QC C12P1:KC F1:AC F2: F3: F4: F5: F6: F7: F8: pack:";
        // Copy 2 (spades, hearts, diamonds, clubs, each king down to ace), then copy 1's
        // spades, hearts and diamonds: bottom to top.
        let mut pack = String::new();
        for suit in ["s", "h", "d", "c"] {
            pack += &"kqjt98765432a"
                .chars()
                .map(|r| format!("{r}{suit}"))
                .collect::<String>();
        }
        for suit in ["s", "h", "d"] {
            pack += &"kqjt98765432a"
                .chars()
                .map(|r| format!("{r}{suit}"))
                .collect::<String>();
        }
        assert_eq!(Blockade.key_text(&s), format!("{row}{pack}"));
        assert!(Blockade.key_text(&s).ends_with("3d2dad"));
    }

    #[test]
    fn first_moves_marry_found_and_deal() {
        let s = fresh();
        let mut want = vec!["c1>f1".to_string(), "deal".to_string()];
        for i in 1..12 {
            want.push(format!("c{i}>c{}", i + 1));
        }
        want.sort();
        assert_eq!(sorted_texts(&Blockade, &s), want);
        assert_eq!(Blockade.safe_move(&s), None);
    }

    #[test]
    fn a_gap_is_refilled_and_an_ace_goes_up_on_the_way() {
        let mut s = fresh();
        play(&Blockade, &mut s, "c1>f1");
        let k = Blockade.key_text(&s);
        assert!(k.starts_with("C1P1: C2P1:3C "), "{k}");
        assert!(k.contains(" F1:AC2C F2: "), "{k}");
        let t = sorted_texts(&Blockade, &s);
        assert!(t.contains(&"refill".to_string()) && !t.contains(&"deal".to_string()));
        assert!(t.contains(&"c2>f1".to_string()) && !t.contains(&"c1>c2".to_string()));
        play(&Blockade, &mut s, "refill");
        let k = Blockade.key_text(&s);
        assert!(k.starts_with("C1P1:2D C2P1:3C "), "{k}");
        assert!(k.contains(" F1:AC2C F2:AD F3: "), "{k}");
        assert!(k.ends_with("5d4d3d"), "{k}");
    }

    #[test]
    fn a_married_card_covers_its_card_and_is_safe_up_from_the_stack() {
        let mut s = fresh();
        play(&Blockade, &mut s, "c1>c2");
        let k = Blockade.key_text(&s);
        assert!(k.starts_with("C1P1: C2P1:3C2C C3P1:4C "), "{k}");
        let t = sorted_texts(&Blockade, &s);
        assert!(t.contains(&"c2>f1".to_string()), "{t:?}");
        assert!(!t.contains(&"c2>c3".to_string()), "{t:?}");
        // 2C lies on 3C (no vacancy opens) and only an ace could rest on it.
        assert_eq!(Blockade.safe_move(&s), Some(Move::Found(1, 0)));
    }

    #[test]
    fn the_last_row_runs_short() {
        let mut s = fresh();
        play(&Blockade, &mut s, "c1>f1");
        play(&Blockade, &mut s, "refill");
        for _ in 0..7 {
            play(&Blockade, &mut s, "deal");
        }
        // 12 + 1 + 6 * 12 = 85 of the 96 other cards out: the eighth row gets 11.
        let k = Blockade.key_text(&s);
        assert!(k.contains(" C1P8:3S C2P1:"), "{k}");
        assert!(k.contains(" C11P8:KS C12P1:"), "{k}");
        assert!(k.contains(" C12P7:") && !k.contains("C12P8"), "{k}");
        assert!(k.ends_with(" pack:"), "{k}");
        let t = sorted_texts(&Blockade, &s);
        assert!(!t.contains(&"deal".to_string()) && !t.contains(&"refill".to_string()));
    }

    #[test]
    fn an_unknown_option_is_an_error() {
        let o = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(Blockade::from_options(&o).is_err());
        assert!(Blockade::from_options(&[]).is_ok());
    }

    #[test]
    fn the_unshuffled_packs_are_won_and_the_line_replays() {
        let s = fresh();
        let o = solve_limited(&Blockade, &s, 200_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Blockade, &s, &o.moves);
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&Blockade, 0..5, 400, 25, 10_000);
        assert!(a.lost >= 30, "{a:?}");
        // Won positions: along a won line of the unshuffled packs.
        let mut s = fresh();
        let o = solve_limited(&Blockade, &s, 200_000, false);
        let mut line = vec![s];
        for &m in &o.moves {
            Blockade.play(&mut s, m);
            line.push(s);
        }
        let b = crate::testing::pruning_agrees_on(&Blockade, line.iter().step_by(8), 10_000);
        assert!(b.won >= 8, "{b:?}");
    }

    #[test]
    fn a_seeded_deal_is_a_full_first_row() {
        let s = deal(&Blockade, 1);
        let k = Blockade.key_text(&s);
        for c in 1..=12 {
            assert!(k.contains(&format!("C{c}P1:")), "{k}");
            assert!(!k.contains(&format!("C{c}P2:")), "{k}");
        }
    }
}
