//! FORTRESS (`fortress`), from `rules/fortress.md` and `docs/notation/fortress.md`.
//!
//! # Layout and deal
//! The whole pack is dealt face up into two groups of five rows, L1..L5 on the left and
//! R1..R5 on the right, row height by row height across the table: five cards into L1,
//! five into R1, then L2, R2, L3, R3, L4, R4, and six each into L5 and R5. Each row is a
//! pile whose top is its outer card: a left row's first card dealt is its top, a right
//! row's last card dealt. Nothing plays during the deal.
//!
//! # Foundations
//! F1..F4, each started by an ace (to the lowest-numbered empty place), built up in suit
//! to the king. Cards never leave them.
//!
//! # The rows
//! One card moves at a time, the top of a row: to its foundation, onto the top of another
//! row of its suit one rank above or below (no wrap), or into an empty row (a lane).
//!
//! # Pack, talon and re-deals
//! None. There is no option.
//!
//! # End
//! Won with all 52 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Safe moves: every top card that fits its foundation ([`neighbours_only`]: building in
//!   suit by one in a one-pack game).
//! - Key symmetry: the ten rows are interchangeable (no rule tells them apart), so the key
//!   is their card sequences, sorted; the foundations are what the rows do not hold.
//! - One lane per card (lanes are alike), never the only card of a row into a lane.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{neighbours_only, sort_among, BitWriter, Build, Dir, Ladder, Ladders, Packed};
use crate::parts::{Dealer, SuitRule};

pub const SLUG: &str = "fortress";
const TITLE: &str = "Fortress";

/// FORTRESS has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
/// Rows L1..L5 then R1..R5 (0-based 0..4 and 5..9), the order of the key.
const ROWS: usize = 10;
/// Building on the rows: in suit, one rank up or down, no wrap; a lane takes any card.
const BUILD: Build = Build::new(Dir::Either, SuitRule::Same);
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
const _: () = assert!(neighbours_only(&BUILD));

/// Row `r`: `L1`..`L5`, `R1`..`R5`.
fn row(r: usize) -> Place {
    if r < 5 {
        Place::at("L", r)
    } else {
        Place::at("R", r - 5)
    }
}

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Fortress;

impl Fortress {
    /// Build from user options: FORTRESS has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Fortress)
    }
}

/// A position: the ten rows (bottom = inner card, top = outer card) and the foundations.
#[derive(Copy, Clone, Debug)]
pub struct State {
    rows: Packed<52, ROWS>,
    found: Ladders<4>,
}

/// One move: the top card of row `from` to its foundation `to`, or onto row `to`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Found { from: u8, to: u8 },
    Row { from: u8, to: u8 },
}

impl State {
    fn play_to_foundation(&mut self, r: usize, f: usize) {
        if let Some(c) = self.rows.pop(r) {
            FOUNDATIONS.put(&mut self.found, f, c);
        }
    }
}

impl Game for Fortress {
    type State = State;
    type Move = Move;
    type Key = [u64; 6];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(1), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 52 {
            return Err(EngineError::WrongCount {
                expected: 52,
                got: cards.len(),
            });
        }
        let mut s = State {
            rows: Packed::new(),
            found: Ladders::new(),
        };
        let mut d = Dealer::new(&cards);
        for height in 0..5 {
            let n = if height == 4 { 6 } else { 5 };
            // A left row's first card is its outer card (its top): push it last.
            for &c in d.take(n).iter().rev() {
                s.rows.push(height, c);
            }
            for &c in d.take(n) {
                s.rows.push(5 + height, c);
            }
        }
        Ok(s)
    }

    /// Per source row: its foundation move, then its row moves in row order.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.rows.tops();
        for (from, c) in tops.iter().enumerate() {
            let Some(c) = *c else { continue };
            if let Some(f) = FOUNDATIONS.first_dest(&s.found, c) {
                out.push(Move::Found {
                    from: from as u8,
                    to: f as u8,
                });
            }
            for (to, on) in tops.iter().enumerate() {
                let fits = on.map_or(BUILD.fits_space(c, false), |t| BUILD.fits(t, c));
                if to != from && fits {
                    out.push(Move::Row {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found { from, to } => s.play_to_foundation(from as usize, to as usize),
            Move::Row { from, to } => s.rows.move_top(from as usize, to as usize),
        }
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found { from, to } => move_text(row(from as usize), found(to as usize)),
            Move::Row { from, to } => move_text(row(from as usize), row(to as usize)),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for r in 0..ROWS {
            k.pile(row(r), s.rows.cards(r), 0);
        }
        for f in 0..4 {
            k.pile(found(f), &FOUNDATIONS.cards(&s.found, f), 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..4).map(|f| (found(f), s.found.top(f))));
        for r in 0..ROWS {
            p.pile(row(r), s.rows.cards(r), 0);
        }
        p.finish()
    }

    /// The rows' card sequences (6 bits a card: index + 1), each closed by a 0, in sorted
    /// order: at most 52 cards and 10 ends, 372 bits. The foundations hold exactly the
    /// cards the rows do not (and their places are interchangeable), so this is exact.
    fn key(&self, s: &State) -> [u64; 6] {
        let mut rows: [&[Card]; ROWS] = std::array::from_fn(|r| s.rows.cards(r));
        sort_among(&mut rows, |_| true);
        let mut w = BitWriter::<6>::new();
        for r in rows {
            for c in r {
                w.put(c.index() as u64 + 1, 6);
            }
            w.put(0, 6);
        }
        w.finish()
    }

    /// The first top card that fits its foundation: safe by [`neighbours_only`] (one
    /// pack, foundations up in suit from the ace, single cards, nothing compulsory).
    fn safe_move(&self, s: &State) -> Option<Move> {
        let tops = s.rows.tops();
        (0..ROWS).find_map(|r| {
            let f = FOUNDATIONS.first_dest(&s.found, tops[r]?)?;
            Some(Move::Found {
                from: r as u8,
                to: f as u8,
            })
        })
    }

    /// Row moves only (a foundation move is always a safe move, tried alone), one lane
    /// per card and none for a card alone in its row (lanes are alike, rows
    /// interchangeable). Order: moves that empty a row or uncover a card fitting a
    /// foundation, then other builds, then moves into the lane.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.rows.tops();
        let lane = tops.iter().position(Option::is_none);
        let (mut good, mut other, mut lanes) = (Vec::new(), Vec::new(), Vec::new());
        for from in 0..ROWS {
            let cards = s.rows.cards(from);
            let Some((&c, rest)) = cards.split_last() else {
                continue;
            };
            let frees = rest
                .last()
                .is_none_or(|&u| FOUNDATIONS.first_dest(&s.found, u).is_some());
            for (to, on) in tops.iter().enumerate() {
                let m = Move::Row {
                    from: from as u8,
                    to: to as u8,
                };
                match on {
                    Some(t) if to != from && BUILD.fits(*t, c) => {
                        if frees {
                            good.push(m)
                        } else {
                            other.push(m)
                        }
                    }
                    None if lane == Some(to) && !rest.is_empty() => lanes.push(m),
                    _ => {}
                }
            }
        }
        out.extend(good);
        out.extend(other);
        out.extend(lanes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
}
