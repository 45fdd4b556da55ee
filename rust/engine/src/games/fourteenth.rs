//! THE FOURTEENTH (`fourteenth`), from `rules/fourteenth.md` and
//! `docs/notation/fourteenth.md`.
//!
//! # Layout and deal
//! Two packs, nothing taken out. The first 25 cards go face up into a 5 x 5 grid, row by
//! row from the top, each left to right (card k to row ceil(k / 5), column (k - 1) mod 5 +
//! 1); the other 79 are the face-down pack, card 26 on top.
//!
//! # Values
//! A 1, 2..10 their pips, J 11, Q 12, K 13; suits play no part.
//!
//! # Play
//! Every card of the grid is available. A pair of cards sharing a row or a column (not
//! necessarily adjacent) whose values make 14 is thrown out (`rAcB+rCcD`). At once the two
//! emptied cells, the one first in reading order first, each take the pack's top card
//! while the pack lasts.
//!
//! # Spaces
//! Cells fill only then; once the pack is out, gaps stay and nothing closes up.
//!
//! # The grace
//! Once a game, when no pair can be thrown out: pick four different occupied cells and
//! swap the cards of the first two and those of the last two (`exchange X1-Y1,X2-Y2`),
//! unless that leaves the grid as it was (each swap between two copies of one card).
//!
//! # End of the game
//! Won when all 104 cards are thrown out; lost when no move is left.
//!
//! # Options
//! None (an unknown option is an error).
//!
//! # Solver
//! - Key: the rank of each cell (suits play no part, so two grids of equal ranks have the
//!   same future move for move), the pack's length (the pack only loses its top card, so
//!   its length says what is left of it within one search) and whether the grace is used.
//!   This key merges every set of equivalent exchanges (see [`Fourteenth::solver_moves`]).
//! - Solver moves: exchanges after which no pair exists are left out, the others come
//!   once per resulting key, those making more pairs first (proof at `solver_moves`).
//! - Safe move: with the pack out, a pair whose cards have no other partner (proof at
//!   [`Fourteenth::safe_move`]).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{each_pair, each_two_swaps, has_pair, Pile};
use rustc_hash::FxHashSet;

pub const SLUG: &str = "fourteenth";
const TITLE: &str = "The Fourteenth";

/// THE FOURTEENTH has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
const SIDE: usize = 5;
const CELLS: usize = SIDE * SIDE;
/// The cards left after the deal: the pack.
const PACK: usize = 104 - CELLS;
/// Two values that are thrown out together make this.
const TOTAL: u8 = 14;

/// The move label of cell `i` (reading order, 0-based): `r2c5`.
fn cell(i: usize) -> String {
    format!("r{}c{}", i / SIDE + 1, i % SIDE + 1)
}

/// Do cells `i` and `j` share a row or a column?
#[inline]
fn in_line(i: usize, j: usize) -> bool {
    i / SIDE == j / SIDE || i % SIDE == j % SIDE
}

/// The pair rule: two cards of one row or one column whose values make fourteen.
#[inline]
fn fits(i: usize, a: Card, j: usize, b: Card) -> bool {
    a.rank() + b.rank() == TOTAL && in_line(i, j)
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Fourteenth;

impl Fourteenth {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Fourteenth)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// The grid in reading order (row 1 column 1 first); `None` is an empty cell.
    grid: [Option<Card>; CELLS],
    /// The pack, face down, its next card on top.
    pack: Pile<PACK>,
    /// The grace has been used.
    grace: bool,
}

impl State {
    /// The number of cells in line with `i` holding a partner of `i`'s card.
    fn partners(&self, i: usize) -> usize {
        let Some(a) = self.grid[i] else { return 0 };
        (0..CELLS)
            .filter(|&j| j != i && self.grid[j].is_some_and(|b| fits(i, a, j, b)))
            .count()
    }

    /// Does cell `i` hold a card with a partner in its row or column?
    fn has_partner(&self, i: usize) -> bool {
        let Some(a) = self.grid[i] else { return false };
        (0..CELLS).any(|j| j != i && self.grid[j].is_some_and(|b| fits(i, a, j, b)))
    }

    fn swap(&mut self, m: Move) {
        if let Move::Exchange(a, b, c, d) = m {
            self.grid.swap(a as usize, b as usize);
            self.grid.swap(c as usize, d as usize);
        }
    }
}

/// One move. Cells are indices in reading order.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Throw out the cards of cells `.0 < .1`.
    Pair(u8, u8),
    /// The grace: swap cells `.0 < .1` and cells `.2 < .3`, with `.0 < .2`.
    Exchange(u8, u8, u8, u8),
}

impl Fourteenth {
    /// The grace's moves in the legal order (`a`, `b`, `c`, `d` lexicographic): legal only
    /// when it is unused and no pair exists.
    fn exchanges(&self, s: &State, out: &mut Vec<Move>) {
        if s.grace || has_pair(&s.grid, fits) {
            return;
        }
        let g = &s.grid;
        each_two_swaps(g, |a, b, c, d| {
            if g[a] != g[b] || g[c] != g[d] {
                out.push(Move::Exchange(a as u8, b as u8, c as u8, d as u8));
            }
        });
    }
}

impl Game for Fourteenth {
    type State = State;
    type Move = Move;
    type Key = [u64; 2];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != CELLS + PACK {
            return Err(EngineError::BadDeal(format!(
                "expected {} cards, got {}",
                CELLS + PACK,
                cards.len()
            )));
        }
        let mut grid = [None; CELLS];
        for (g, &c) in grid.iter_mut().zip(&cards) {
            *g = Some(c);
        }
        // Card 26 is the pack's top: the pile holds the rest bottom (card 104) first.
        let rest: Vec<Card> = cards[CELLS..].iter().rev().copied().collect();
        Ok(State {
            grid,
            pack: Pile::of(&rest, rest.len()),
            grace: false,
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        each_pair(&s.grid, fits, |i, j| out.push(Move::Pair(i as u8, j as u8)));
        self.exchanges(s, out);
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Pair(i, j) => {
                // The cell first in reading order is filled first (i < j).
                for k in [i, j] {
                    s.grid[k as usize] = s.pack.pop();
                }
            }
            Move::Exchange(..) => {
                s.swap(m);
                s.grace = true;
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.pack.is_empty() && s.grid.iter().all(Option::is_none)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Pair(i, j) => format!("{}+{}", cell(i as usize), cell(j as usize)),
            Move::Exchange(a, b, c, d) => format!(
                "exchange {}-{},{}-{}",
                cell(a as usize),
                cell(b as usize),
                cell(c as usize),
                cell(d as usize)
            ),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (r, row) in s.grid.chunks(SIDE).enumerate() {
            let mut seg = format!("R{}:", r + 1);
            for c in row {
                match c {
                    Some(c) => seg.push_str(&c.to_string()),
                    None => seg.push_str(".."),
                }
            }
            k.raw(&seg);
        }
        k.pile(Place::named("pack"), s.pack.cards(), s.pack.len());
        k.field("grace", u8::from(s.grace));
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        for (r, row) in s.grid.chunks(SIDE).enumerate() {
            let cards: Vec<String> = row
                .iter()
                .map(|c| c.map_or("--".to_string(), |c| c.to_string()))
                .collect();
            p.line(&format!("R{}: {}", r + 1, cards.join(" ")));
        }
        p.line(&format!("pack: {} cards", s.pack.len()));
        p.line(if s.grace {
            "grace: used"
        } else {
            "grace: not used"
        });
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 2] {
        // Exact (module docs): 4 bits a cell's rank (0 empty), cells 0..15 in the first
        // word, cells 16..24, 7 bits of pack length and the grace bit in the second.
        let mut k = [0u64; 2];
        for (i, c) in s.grid.iter().enumerate() {
            k[i / 16] |= u64::from(c.map_or(0, Card::rank)) << (4 * (i % 16));
        }
        k[1] |= (s.pack.len() as u64) << 36 | u64::from(s.grace) << 43;
        k
    }

    /// The legal moves, but the grace's only once per resulting key and only where a pair
    /// follows, those making more pairs first; none in a dead position.
    ///
    /// # The argument
    /// An exchange is legal only when no pair exists, and it uses the grace: if no pair
    /// exists after it either, no move is left and (four cards being on the grid) the
    /// game is lost there, so leaving it out loses no win. Two exchanges whose results
    /// have the same solver key have the same future (module docs: the key is exact up to
    /// suits, which play no part), so one of them stands for both. Order never changes
    /// what an exhaustive search finds.
    ///
    /// Dead test: with the pack out and the grace used, a card with no partner leaves no
    /// move at all. No card comes or moves any more and throwing cards out gives no card a
    /// partner, so that card can never leave and no win is left.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pack.is_empty()
            && s.grace
            && (0..CELLS).any(|i| s.grid[i].is_some() && !s.has_partner(i))
        {
            return;
        }
        let start = out.len();
        self.moves(s, out);
        if !matches!(out.get(start), Some(Move::Exchange(..))) {
            return;
        }
        let all: Vec<Move> = out.drain(start..).collect();
        let mut seen = FxHashSet::default();
        let mut scored: Vec<(usize, Move)> = Vec::new();
        for m in all {
            let mut t = *s;
            t.swap(m);
            let Move::Exchange(a, b, c, d) = m else {
                continue;
            };
            // No pair before: any pair after holds a moved card.
            let made: usize = [a, b, c, d].iter().map(|&i| t.partners(i as usize)).sum();
            if made > 0 && seen.insert(self.key(&t)) {
                scored.push((made, m));
            }
        }
        scored.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
        out.extend(scored.into_iter().map(|(_, m)| m));
    }

    /// With the pack out, the first pair (legal order) of two cards each of which has the
    /// other as its only partner; once the grace is used, the first pair one of whose
    /// cards has no other partner.
    ///
    /// # The argument
    /// With the pack out no cell is ever filled, and only the grace moves a card, so a
    /// pair stays legal while its two cards stay, and throwing cards out never gives a
    /// card a new partner. Let `x` and `y` be the pair, and `L` a winning line.
    /// - Grace used: `x` can leave only with `y`, so `L` throws out `x` and `y`; throwing
    ///   them out first and then playing `L`'s other moves in order, each is still legal
    ///   (its cards are where they were), and the lines end alike.
    /// - Grace unused, `x` and `y` each the other's only partner: until `L` exchanges,
    ///   `x` can leave only with `y` and `y` only with `x`; `L` cannot exchange while both
    ///   are there (they make a pair), so `L` throws them out together before any
    ///   exchange. Playing that pair first, `L`'s earlier moves stay legal (other cards,
    ///   same cells) and from `L`'s pair on both lines are at the same position.
    fn safe_move(&self, s: &State) -> Option<Move> {
        if !s.pack.is_empty() {
            return None;
        }
        let mut found = None;
        each_pair(&s.grid, fits, |i, j| {
            if found.is_none() {
                let (pi, pj) = (s.partners(i), s.partners(j));
                if (pi == 1 && pj == 1) || (s.grace && (pi == 1 || pj == 1)) {
                    found = Some(Move::Pair(i as u8, j as u8));
                }
            }
        });
        found
    }
}
