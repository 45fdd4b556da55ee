//! THE FIFTEEN (`fifteen`), from `rules/fifteen.md` and `docs/notation/fifteen.md`.
//!
//! # Layout and deal
//! Two packs dealt face up in rows across fifteen columns C1..C15: card k goes on column
//! ((k - 1) mod 15) + 1, so C1..C14 get seven cards and C15 six; a column's row-1 card is
//! its bottom, its last card its top (the only free card). Then, before the first
//! position, the opening play: while some column's top fits a foundation, the top of the
//! lowest-numbered such column goes to the lowest-numbered foundation that takes it.
//!
//! # Foundations
//! F1..F4 go up from an ace, F5..F8 down from a king, each in the suit of its first card.
//! An ace starts an up-foundation while its suit has none, and otherwise can only end its
//! suit's down-foundation (on the two); a king likewise starts a down-foundation or ends
//! the up one (on the queen); other cards go on their suit's up-foundation showing the
//! rank below and on its down-foundation showing the rank above (two moves when both).
//!
//! # The columns
//! One card moves at a time, a column's top: to a foundation, onto another column's top
//! of its suit one rank above or below (no wrap), or into an empty column.
//!
//! # The grace
//! While every foundation is empty and no top card is an ace or a king: one move takes an
//! ace and/or a king lying sixth from the bottom of its column to F1 / F5, the cards above
//! closing up (`grace:cI,cJ`, `grace:cI,-`, `grace:-,cJ`).
//!
//! # Pack, talon and re-deals
//! None. There is no option.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Safe moves: a card to its suit's up-foundation once the down-foundation has come
//!   down below it, and the mirror case (see [`Fifteen::safe_move`]).
//! - Key symmetry: the fifteen columns are interchangeable (sorted in the key);
//!   foundations by suit and way.
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
        let up = UP.suit_dest(&self.up, c).filter(|_| c.rank() != KING || has_down);
        let down = DOWN.suit_dest(&self.down, c).filter(|_| c.rank() != ACE || has_up);
        [up, down.map(|f| f + 4)]
    }

    fn put(&mut self, f: usize, c: Card) {
        if f < 4 {
            UP.put(&mut self.up, f, c);
        } else {
            DOWN.put(&mut self.down, f - 4, c);
        }
    }

    fn foundations_empty(&self) -> bool {
        self.up.total() == 0 && self.down.total() == 0
    }

    /// The grace's choices: columns whose sixth card is an ace, and a king.
    fn grace_cards(&self) -> (Vec<u8>, Vec<u8>) {
        let tops = self.cols.tops();
        let allowed = self.foundations_empty()
            && tops
                .iter()
                .flatten()
                .all(|c| c.rank() != ACE && c.rank() != KING);
        let (mut aces, mut kings) = (Vec::new(), Vec::new());
        if allowed {
            for i in 0..COLS {
                match self.cols.cards(i).get(GRACE_ROW).map(|c| c.rank()) {
                    Some(ACE) => aces.push(i as u8),
                    Some(KING) => kings.push(i as u8),
                    _ => {}
                }
            }
        }
        (aces, kings)
    }

    /// Take the card `at` places from the bottom of column `i` (the cards above close up).
    fn take_out(&mut self, i: usize, at: usize) -> Card {
        let mut above = Vec::new();
        while self.cols.len(i) > at + 1 {
            above.extend(self.cols.pop(i));
        }
        let c = self.cols.pop(i).unwrap_or_default();
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
        };
        for (k, &c) in cards.iter().enumerate() {
            s.cols.push(k % COLS, c);
        }
        // The opening play: the lowest column whose top fits, to its lowest foundation.
        loop {
            let tops = s.cols.tops();
            let next = (0..COLS).find_map(|i| {
                let c = tops[i]?;
                let [a, b] = s.dests(c);
                a.or(b).map(|f| (i, c, f))
            });
            let Some((i, c, f)) = next else { break };
            s.cols.pop(i);
            s.put(f, c);
        }
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
        let (aces, kings) = s.grace_cards();
        for &ace in aces.iter().chain([NONE].iter()) {
            for &king in kings.iter().chain([NONE].iter()) {
                if ace != NONE || king != NONE {
                    out.push(Move::Grace { ace, king });
                }
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found { from, to } => {
                if let Some(c) = s.cols.pop(from as usize) {
                    s.put(to as usize, c);
                }
            }
            Move::Col { from, to } => s.cols.move_top(from as usize, to as usize),
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
        for f in 0..4 {
            k.pile(found(f), &UP.cards(&s.up, f), 0);
        }
        for f in 0..4 {
            k.pile(found(f + 4), &DOWN.cards(&s.down, f), 0);
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

    /// The columns' card sequences (6 bits a card: index + 1, copies alike), each closed
    /// by a 0, in sorted order, then per suit the heights of its up- and down-foundation:
    /// at most 119 x 6 + 32 = 746 bits.
    fn key(&self, s: &State) -> [u64; 12] {
        let mut cols: [&[Card]; COLS] = std::array::from_fn(|i| s.cols.cards(i));
        sort_among(&mut cols, |_| true);
        let mut w = BitWriter::<12>::new();
        for c in cols {
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
        let (aces, kings) = s.grace_cards();
        for &ace in aces.iter().chain([NONE].iter()) {
            for &king in kings.iter().chain([NONE].iter()) {
                if ace != NONE || king != NONE {
                    out.push(Move::Grace { ace, king });
                }
            }
        }
        rank.sort_by_key(|&(k, _)| k);
        out.extend(rank.into_iter().map(|(_, m)| m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
}
