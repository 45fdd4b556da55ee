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
//! necessarily adjacent) whose values make 14 is thrown out; at once the two emptied
//! cells, the one first in reading order first, each take the pack's top card while the
//! pack lasts. The pairing is automatic: while a pair exists, the first one (earliest
//! first cell in reading order, then earliest second cell) is thrown out, after the deal
//! and after the exchange. With `choose_pairs` nothing is automatic and each pair is a
//! move (`rAcB+rCcD`).
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
//! `choose_pairs` (default false): pairs are the player's moves, chosen freely.
//!
//! # Solver
//! - Key: the rank of each cell (suits play no part, so two grids of equal ranks have the
//!   same future move for move), the pack's length (the pack only loses its top card, so
//!   its length says what is left of it within one search) and whether the grace is used.
//!   This key merges every set of equivalent exchanges (see [`Fourteenth::solver_moves`]).
//! - Solver moves: exchanges after which no pair exists are left out, the others come
//!   once per resulting key, those making more pairs first (proof at `solver_moves`). In
//!   the book's game that is the whole search: every exchange ends the game.
//! - Safe move (`choose_pairs` only): with the pack out, a pair of a perfect pairing of the
//!   grid, or a pair whose cards have no other partner (proof at
//!   [`Fourteenth::safe_move`]).
//! - Dead test: the pack out, the grace used and no perfect pairing.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{each_pair, each_two_swaps, first_pair, has_pair, perfect_pairing, Pile};
use rustc_hash::FxHashSet;

pub const SLUG: &str = "fourteenth";
const TITLE: &str = "The Fourteenth";

const OPTIONS: &[Opt] = &[Opt::flag(
    "choose_pairs",
    "pairs are moves the player chooses; no automatic pairing",
)];
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

/// The game; `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Fourteenth {
    /// Pairs are moves; nothing is paired automatically.
    pub choose_pairs: bool,
}

impl Fourteenth {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let p = Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Fourteenth {
            choose_pairs: p.bool("choose_pairs"),
        })
    }

    /// The automatic pairing of the book's game (none with `choose_pairs`): while a pair
    /// exists, throw out the first one ([`first_pair`]) and refill.
    fn pair_out(&self, s: &mut State) {
        if self.choose_pairs {
            return;
        }
        while let Some((i, j)) = first_pair(&s.grid, fits) {
            s.throw_out(i, j);
        }
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

    /// Throw out the cards of cells `i < j`; the earlier cell is refilled first.
    fn throw_out(&mut self, i: usize, j: usize) {
        for k in [i, j] {
            self.grid[k] = self.pack.pop();
        }
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
        let mut s = State {
            grid,
            pack: Pile::of(&rest, rest.len()),
            grace: false,
        };
        self.pair_out(&mut s);
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.choose_pairs {
            each_pair(&s.grid, fits, |i, j| out.push(Move::Pair(i as u8, j as u8)));
        }
        self.exchanges(s, out);
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Pair(i, j) => s.throw_out(i.into(), j.into()),
            Move::Exchange(..) => {
                s.swap(m);
                s.grace = true;
                self.pair_out(s);
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
    /// what an exhaustive search finds. In the book's game the key is taken before the
    /// automatic pairing, which depends only on the ranks by cell and the pack, so equal
    /// keys there give equal positions after it.
    ///
    /// Dead test: with the pack out and the grace used, no card comes or moves any more
    /// and a pair is legal while its two cards are there, so the pairs of a win would be
    /// a perfect pairing of the grid: without one ([`perfect_pairing`]) no win is left.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pack.is_empty() && s.grace && perfect_pairing(&s.grid, fits).is_none() {
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

    /// With the pack out: the first pair of a perfect pairing of the grid's cards
    /// ([`perfect_pairing`]) if there is one; else, the grace unused, the first pair
    /// (legal order) of two cards each of which has the other as its only partner.
    ///
    /// # The argument
    /// With the pack out no cell is ever filled and only the grace moves a card, so until
    /// an exchange a pair stays legal while its two cards stay, and throwing cards out
    /// gives no card a new partner.
    /// - A perfect pairing is a win played pair by pair in any order; after its first pair
    ///   the rest of it is still one, so that pair keeps a win.
    /// - `x` and `y` each the other's only partner: let `L` be a winning line. Until `L`
    ///   exchanges, `x` can leave only with `y` and `y` only with `x`; `L` cannot exchange
    ///   while both are there (they make a pair), so `L` throws them out together before
    ///   any exchange. Playing that pair first, `L`'s earlier moves stay legal (other
    ///   cards, same cells) and from `L`'s pair on both lines are at the same position.
    fn safe_move(&self, s: &State) -> Option<Move> {
        if !self.choose_pairs || !s.pack.is_empty() {
            return None;
        }
        if let Some(&(i, j)) = perfect_pairing(&s.grid, fits)
            .as_ref()
            .and_then(|p| p.first())
        {
            return Some(Move::Pair(i as u8, j as u8));
        }
        if s.grace {
            return None; // dead (solver_moves)
        }
        let mut found = None;
        each_pair(&s.grid, fits, |i, j| {
            if found.is_none() && s.partners(i) == 1 && s.partners(j) == 1 {
                found = Some(Move::Pair(i as u8, j as u8));
            }
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, card, deal, deal_cards, distinct_texts, play, pruning_agrees,
        solve_limited, texts,
    };

    /// The player chooses the pairs: the game as it was before the automatic pairing.
    const FREE: Fourteenth = Fourteenth { choose_pairs: true };
    /// The book's game: automatic pairing.
    const BOOK: Fourteenth = Fourteenth {
        choose_pairs: false,
    };

    fn unshuffled() -> State {
        deal_cards(&FREE, crate::testing::unshuffled(PackSpec::Standard(2)))
    }

    /// A position with the grid `rows` (five rows of five, `..` empty) and an empty pack.
    fn grid(rows: &str, grace: bool) -> State {
        let mut s = unshuffled();
        let cells: Vec<&str> = rows.split_whitespace().collect();
        assert_eq!(cells.len(), CELLS);
        for (g, t) in s.grid.iter_mut().zip(cells) {
            *g = (t != "..").then(|| card(t));
        }
        s.pack = Pile::new();
        s.grace = grace;
        s
    }

    #[test]
    fn the_unshuffled_packs_deal_row_by_row() {
        // By hand: AC..KC then AD..QD fill the grid; KD (card 26) is the pack's top.
        let s = unshuffled();
        let k = FREE.key_text(&s);
        assert!(
            k.starts_with(
                "R1:AC2C3C4C5C R2:6C7C8C9CTC R3:JCQCKCAD2D R4:3D4D5D6D7D R5:8D9DTDJDQD pack:ks"
            ),
            "{k}"
        );
        assert!(k.ends_with("3h2hahkd grace:0"), "{k}");
        // By hand: rows 2 (6C+8C), 3 (QC+2D, KC+AD); columns 1 (6C+8D, JC+3D), 2 (2C+QC),
        // 5 (2D+QD); in reading order of the first cell, then the second.
        assert_eq!(
            texts(&FREE, &s),
            [
                "r1c2+r3c2",
                "r2c1+r2c3",
                "r2c1+r5c1",
                "r3c1+r4c1",
                "r3c2+r3c5",
                "r3c3+r3c4",
                "r3c5+r5c5"
            ]
        );
    }

    #[test]
    fn a_pair_refills_the_earlier_cell_first() {
        let mut s = unshuffled();
        play(&FREE, &mut s, "r3c3+r3c4");
        let k = FREE.key_text(&s);
        // KD (card 26) to r3c3, then AH (card 27) to r3c4.
        assert!(k.contains("R3:JCQCKDAH2D"), "{k}");
        assert_eq!(s.pack.len(), PACK - 2);
    }

    #[test]
    fn the_grace_only_when_stuck_and_once() {
        // Four cards, no pair: the three splits into two swaps.
        let rows = "AC .. 2C .. .. .. .. .. .. .. .. .. .. .. .. 2D .. .. .. .. .. .. .. .. QS";
        let mut s = grid(rows, false);
        assert_eq!(
            distinct_texts(&FREE, &s),
            [
                "exchange r1c1-r1c3,r4c1-r5c5",
                "exchange r1c1-r4c1,r1c3-r5c5",
                "exchange r1c1-r5c5,r1c3-r4c1"
            ]
        );
        play(&FREE, &mut s, "exchange r1c1-r4c1,r1c3-r5c5");
        // 2D (r1c1) and QS (r1c3) now share row 1; the other two cards stay.
        assert!(FREE.key_text(&s).ends_with("pack: grace:1"));
        assert_eq!(texts(&FREE, &s), ["r1c1+r1c3"]);
        play(&FREE, &mut s, "r1c1+r1c3");
        assert!(texts(&FREE, &s).is_empty());
        assert!(!FREE.is_won(&s));
        // Two copies swapped with two copies is no move; one such swap is.
        let rows = "AC AC 2C 2C .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. ..";
        let t = texts(&FREE, &grid(rows, false));
        assert_eq!(
            t,
            [
                "exchange r1c1-r1c3,r1c2-r1c4",
                "exchange r1c1-r1c4,r1c2-r1c3"
            ]
        );
        assert!(texts(&FREE, &grid(rows, true)).is_empty());
    }

    #[test]
    fn the_exchanges_of_a_full_grid_are_every_split() {
        let mut s = unshuffled();
        for c in s.grid.iter_mut() {
            *c = Some(card("AS"));
        }
        s.grid[0] = Some(card("2S"));
        s.grid[1] = Some(card("3S"));
        // No pair; 3 * C(25, 4) splits less those swapping copies with copies (23 AS:
        // 3 * C(23, 4)).
        assert_eq!(texts(&FREE, &s).len(), 3 * 12650 - 3 * 8855);
    }

    #[test]
    fn won_and_lost_with_the_pack_out() {
        let rows = "6H 8C .. .. .. .. .. .. .. .. 8S .. .. .. .. 6D .. .. .. .. .. .. .. .. ..";
        for grace in [false, true] {
            let s = grid(rows, grace);
            let o = solve_limited(&FREE, &s, 1000, false);
            assert_eq!(o.verdict, Verdict::Won);
            assert_replays(&FREE, &s, &o.moves);
        }
        // 6H and 8C share row 1 and have no other partner, 8S and 6D share no line: lost
        // either way (after 6H+8C two cards are left, too few for the grace).
        let rows = "6H 8C .. .. .. .. .. .. .. .. .. .. 8S .. .. .. .. .. 6D .. .. .. .. .. ..";
        for (grace, plain) in [(false, false), (false, true), (true, false), (true, true)] {
            let o = solve_limited(&FREE, &grid(rows, grace), 1000, plain);
            assert_eq!(o.verdict, Verdict::Lost, "grace {grace} plain {plain}");
        }
        // No pair; the grace r1c2-r3c3 (8C beside 6H, 6D beside 8S) with r4c3-r5c2 (KC
        // beside AC, AD beside KD) makes four pairs: won only with the grace unused.
        let rows = "6H 6D .. .. .. .. .. .. .. .. .. .. 8C 8S .. .. .. KC KD .. AC AD .. .. ..";
        for plain in [false, true] {
            let s = grid(rows, false);
            let o = solve_limited(&FREE, &s, 100_000, plain);
            assert_eq!(o.verdict, Verdict::Won, "plain {plain}");
            assert_replays(&FREE, &s, &o.moves);
            let o = solve_limited(&FREE, &grid(rows, true), 1000, plain);
            assert_eq!(o.verdict, Verdict::Lost, "plain {plain}");
        }
        let mut s = grid(rows, false);
        play(&FREE, &mut s, "exchange r1c2-r3c3,r4c3-r5c2");
        assert_eq!(
            texts(&FREE, &s),
            ["r1c1+r1c2", "r3c3+r3c4", "r4c3+r4c4", "r5c1+r5c2"]
        );
    }

    #[test]
    fn options_are_checked() {
        assert!(Fourteenth::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(Fourteenth::from_options(&[]).is_ok_and(|g| !g.choose_pairs));
        let o = [("choose_pairs".into(), OptValue::Bool(true))];
        assert!(Fourteenth::from_options(&o).is_ok_and(|g| g.choose_pairs));
        let o = [("choose_pairs".into(), OptValue::Int(1))];
        assert!(Fourteenth::from_options(&o).is_err());
    }

    /// The deal `first` (in dealing order), then the rest of the two packs unshuffled.
    fn deal_of(g: &Fourteenth, first: &str) -> State {
        let mut rest = crate::testing::unshuffled(PackSpec::Standard(2));
        let mut pack = Vec::new();
        for c in crate::testing::cards(first) {
            let i = rest.iter().position(|&x| x == c).expect("card");
            pack.push(rest.remove(i));
        }
        pack.extend(rest);
        deal_cards(g, pack)
    }

    /// A grid whose only pair is AC + KC in r1c1, r1c2 (every other card 2 to 6), the
    /// pack's top cards 5C, 6C.
    const ONE_PAIR: &str = "AC KC 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S \
                            2C 3C 4C 5C 6C";

    #[test]
    fn the_deal_is_paired_out_before_the_first_position() {
        let s = deal_of(&BOOK, ONE_PAIR);
        // AC + KC thrown out, r1c1 takes 5C, r1c2 6C; no two cards make 14 any more.
        let k = BOOK.key_text(&s);
        assert!(
            k.starts_with(
                "R1:5C6C2C3C4C R2:5C6C2D3D4D R3:5D6D2H3H4H R4:5H6H2S3S4S R5:5S6S2C3C4C pack:"
            ),
            "{k}"
        );
        assert!(k.ends_with(" grace:0"), "{k}");
        assert_eq!(s.pack.len(), PACK - 2);
        let t = texts(&BOOK, &s);
        assert!(!t.is_empty() && t.iter().all(|m| m.starts_with("exchange ")));
        // With choose_pairs the deal stays as dealt and the pair is the one move.
        let f = deal_of(&FREE, ONE_PAIR);
        assert!(FREE.key_text(&f).starts_with("R1:ACKC2C3C4C "));
        assert_eq!(texts(&FREE, &f), ["r1c1+r1c2"]);
    }

    #[test]
    fn the_first_pair_goes_first() {
        // 6H r1c1, 8C r1c2, 8S r2c1 (6H makes 14 with both), QD r1c3 and 2D r2c3: the
        // first pair is r1c1 + r1c2 (earliest cell, then the earlier partner); the pack
        // (7S on top, then 7H) refills r1c1 with 7S and r1c2 with 7H, which pair next
        // (r1c1 + r1c2 again); then r1c3 + r2c3; 8S stays.
        let rows = "6H 8C QD .. .. 8S .. 2D .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. .. ..";
        let mut s = grid(rows, false);
        s.pack = Pile::of(&crate::testing::cards("7H 7S"), 2);
        BOOK.pair_out(&mut s);
        let k = BOOK.key_text(&s);
        assert_eq!(
            k,
            "R1:.......... R2:8S........ R3:.......... R4:.......... R5:.......... pack: grace:0"
        );
    }

    #[test]
    fn the_exchange_is_followed_by_the_pairing() {
        // No pair; the exchange r1c2-r3c3, r4c3-r5c2 makes four, which go at once: won.
        let rows = "6H 6D .. .. .. .. .. .. .. .. .. .. 8C 8S .. .. .. KC KD .. AC AD .. .. ..";
        let mut s = grid(rows, false);
        assert_eq!(
            texts(&BOOK, &s).len(),
            3 * 70,
            "every split of the eight cards"
        );
        play(&BOOK, &mut s, "exchange r1c2-r3c3,r4c3-r5c2");
        assert!(BOOK.is_won(&s));
        assert!(texts(&BOOK, &s).is_empty());
        // Another exchange making two pairs only: they go, and the game is over, lost.
        let mut s = grid(rows, false);
        play(&BOOK, &mut s, "exchange r1c2-r3c3,r4c3-r4c4");
        assert_eq!(
            BOOK.key_text(&s),
            "R1:.......... R2:.......... R3:.......... R4:....KDKC.. R5:ACAD...... pack: grace:1"
        );
        assert!(texts(&BOOK, &s).is_empty() && !BOOK.is_won(&s));
        for plain in [false, true] {
            let s = grid(rows, false);
            let o = solve_limited(&BOOK, &s, 10_000, plain);
            assert_eq!(o.verdict, Verdict::Won, "plain {plain}");
            assert_replays(&BOOK, &s, &o.moves);
        }
    }

    #[test]
    fn seeds_walk_with_distinct_moves() {
        for seed in 1..6 {
            let s = deal(&FREE, seed);
            crate::testing::walk(&FREE, &s, 80, seed, |_| {});
        }
    }

    /// Random small positions near the end: `pairs` pairs making fourteen (random ranks
    /// and suits), the first `in_pack` of their cards in the pack, the others in random
    /// cells, the grace used or not.
    fn small(rng: &mut SplitMix64) -> State {
        let mut s = grid(&[".."; CELLS].join(" "), rng.next_u64().is_multiple_of(3));
        let pairs = 3 + (rng.next_u64() % 4) as usize;
        let mut cards = Vec::new();
        for _ in 0..pairs {
            let r = 1 + (rng.next_u64() % 13) as u8;
            cards.push(Card::new(r, (rng.next_u64() % 4) as u8));
            cards.push(Card::new(TOTAL - r, (rng.next_u64() % 4) as u8));
        }
        rng.shuffle(&mut cards);
        let in_pack = (rng.next_u64() % 4) as usize;
        s.pack = Pile::of(&cards[..in_pack], in_pack);
        let mut cells: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut cells);
        for (&c, &i) in cards[in_pack..].iter().zip(&cells) {
            s.grid[i] = Some(c);
        }
        s
    }

    #[test]
    fn the_pruning_agrees_with_plain_search() {
        // Small positions (the pack nearly or quite out, where the safe pair, the dead test
        // and the grace's merging act), late positions of a few random walks, and the
        // hand-made grids of the test above.
        let mut rng = SplitMix64::new(14);
        let positions: Vec<State> = (0..300).map(|_| small(&mut rng)).collect();
        let mut a = crate::testing::pruning_agrees_on(&FREE, positions.iter(), 50_000);
        a += pruning_agrees(&FREE, 0..3, 80, 4, 2000);
        let rows = "6H 6D .. .. .. .. .. .. .. .. .. .. 8C 8S .. .. .. KC KD .. AC AD .. .. ..";
        let hand = [grid(rows, false), grid(rows, true)];
        a += crate::testing::pruning_agrees_on(&FREE, hand.iter(), 100_000);
        eprintln!("{a:?}");
        assert!(a.won >= 40 && a.lost >= 40, "{a:?}");
    }

    #[test]
    fn the_pruning_agrees_with_plain_search_in_the_books_game() {
        // The small positions paired out as the book's game leaves them, and the deals.
        let mut rng = SplitMix64::new(41);
        let positions: Vec<State> = (0..300)
            .map(|_| {
                let mut s = small(&mut rng);
                BOOK.pair_out(&mut s);
                s
            })
            .collect();
        let mut a = crate::testing::pruning_agrees_on(&BOOK, positions.iter(), 50_000);
        let deals: Vec<State> = (1..4).map(|seed| deal(&BOOK, seed)).collect();
        a += crate::testing::pruning_agrees_on(&BOOK, deals.iter(), 200_000);
        eprintln!("{a:?}");
        assert!(a.won >= 20 && a.lost >= 40, "{a:?}");
    }
}
