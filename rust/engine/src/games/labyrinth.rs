//! THE LABYRINTH (`labyrinth`).
//!
//! Rule text: `python/patience/rules/labyrinth.md`; text forms: `docs/notation/labyrinth.md`.
//!
//! # Layout and deal
//! Two packs. The first AC, AD, AH, AS, KC, KD, KH, KS met are taken out as F1..F8
//! ([`withdraw_bases`]); the other 96 cards are the pack, the first on top. The grid has
//! ten columns; row R1 is dealt at once, left to right, and each later row is the `deal`
//! move (a short last row leaves its other cells empty).
//!
//! # Foundations
//! F1..F4 up from the ace in C, D, H, S; F5..F8 down from the king in C, D, H, S, one rank
//! at a time, 13 cards each.
//!
//! # Availability
//! One card a cell, nothing built in the grid. A card is free when the cell above it is
//! empty (or it is in R1) or the cell below it is empty (or it is in the last row dealt);
//! cells never dealt count as empty. A free card may go to a foundation it fits.
//!
//! # Spaces
//! Only the current row (the last dealt) is refilled, at once, from the pack top, while
//! the pack lasts; gaps in older rows stay empty.
//!
//! # Pack and the next row
//! `deal` (pack not empty) deals the next row, which becomes the current one.
//!
//! # The grace
//! Once, when the pack is out and no card can go up, any card of the grid may be lifted to
//! the holding cell H (`grace rRcC`); from H it goes only to its foundation (`h>fK`).
//!
//! # End
//! Won with all 104 cards on the foundations.
//!
//! # Options
//! `wait_for_foundations`: nothing is taken out; the eight places start empty and an ace
//! (king) starts the up (down) place of its suit.
//!
//! # Solver
//! An exact byte key, and one safe move (proof at [`Game::safe_move`] below).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{withdraw_bases, ByteKey, Hand, Ladder, Ladders, Stock};

pub const SLUG: &str = "labyrinth";
const TITLE: &str = "The Labyrinth";
const OPTIONS: &[Opt] = &[Opt::flag(
    "wait_for_foundations",
    "the aces and kings are not taken out; they start their foundations when played",
)];

/// F1..F4 and F5..F8: place p of each holds suit p.
const WAYS: [Ladder; 2] = [Ladder::ACE_UP, Ladder::KING_DOWN];
const COLS: usize = 10;
/// The most rows: 104 cards (with the option) in rows of ten.
const ROWS: usize = 11;

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game with its options.
#[derive(Clone, Debug, Default)]
pub struct Labyrinth {
    pub wait_for_foundations: bool,
}

impl Labyrinth {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let p = Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Labyrinth {
            wait_for_foundations: p.bool("wait_for_foundations"),
        })
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// Up, down.
    found: [Ladders<4>; 2],
    /// Row-major, `ROWS` rows of `COLS` cells.
    grid: [Option<Card>; ROWS * COLS],
    /// Rows dealt so far.
    rows: u8,
    /// The pack, dealt only from its top.
    stock: Stock<104>,
    held: Hand,
    grace: bool,
}

impl State {
    fn cell(&self, r: usize, c: usize) -> Option<Card> {
        if r < self.rows as usize {
            self.grid[r * COLS + c]
        } else {
            None
        }
    }
    /// The card of cell `i`, if it is free.
    fn free(&self, i: usize) -> Option<Card> {
        let (r, c) = (i / COLS, i % COLS);
        let card = self.cell(r, c)?;
        let top = r == 0 || self.cell(r - 1, c).is_none();
        let bottom = r + 1 == self.rows as usize || self.cell(r + 1, c).is_none();
        (top || bottom).then_some(card)
    }
    fn fits(&self, f: usize, c: Card) -> bool {
        c.suit() as usize == f % 4 && WAYS[f / 4].accepts(&self.found[f / 4], f % 4, c)
    }
    fn cards(&self, f: usize) -> Vec<Card> {
        WAYS[f / 4].cards(&self.found[f / 4], f % 4)
    }
    fn put(&mut self, f: usize, c: Card) {
        WAYS[f / 4].put(&mut self.found[f / 4], f % 4, c);
    }
    /// Has the other foundation of `c`'s suit (the other way) taken a card of its rank?
    fn partner_has(&self, f: usize, c: Card) -> bool {
        let g = (f + 4) % 8;
        let h = self.found[g / 4].count(g % 4);
        if g < 4 {
            c.rank() <= h
        } else {
            c.rank() + h >= 14
        }
    }
    /// The next row, left to right, while the pack lasts.
    fn deal_row(&mut self) {
        let r = self.rows as usize;
        if r >= ROWS {
            return;
        }
        for c in 0..COLS {
            self.grid[r * COLS + c] = self.stock.take_pack();
        }
        self.rows += 1;
    }
    fn current(&self, i: usize) -> bool {
        i / COLS + 1 == self.rows as usize
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Cell (row-major index), foundation (0-based).
    Play(u8, u8),
    /// The held card to a foundation.
    Held(u8),
    Deal,
    /// Lift the card of a cell into H.
    Grace(u8),
}

fn cell_text(i: u8) -> String {
    let i = i as usize;
    format!("r{}c{}", i / COLS + 1, i % COLS + 1)
}

impl Game for Labyrinth {
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
        let mut pack = cards;
        let mut s = State {
            found: [Ladders::new(); 2],
            grid: [None; ROWS * COLS],
            rows: 0,
            stock: Stock::new(&[]),
            held: Hand::default(),
            grace: false,
        };
        if !self.wait_for_foundations {
            let aces = withdraw_bases(&mut pack, 1, 1)?;
            let kings = withdraw_bases(&mut pack, 13, 1)?;
            for (f, &c) in aces.iter().chain(&kings).enumerate() {
                s.put(f, c);
            }
        }
        s.stock = Stock::new(&pack);
        s.deal_row();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let before = out.len();
        for i in 0..s.rows as usize * COLS {
            let Some(c) = s.free(i) else { continue };
            for f in 0..8 {
                if s.fits(f, c) {
                    out.push(Move::Play(i as u8, f as u8));
                }
            }
        }
        if let Some(c) = s.held.card() {
            for f in 0..8 {
                if s.fits(f, c) {
                    out.push(Move::Held(f as u8));
                }
            }
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Deal);
        } else if !s.grace && out.len() == before {
            for i in 0..s.rows as usize * COLS {
                if s.grid[i].is_some() {
                    out.push(Move::Grace(i as u8));
                }
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Play(i, f) => {
                let i = i as usize;
                if let Some(c) = s.grid[i].take() {
                    s.put(f as usize, c);
                }
                if s.current(i) {
                    s.grid[i] = s.stock.take_pack();
                }
            }
            Move::Held(f) => {
                if let Some(c) = s.held.take() {
                    s.put(f as usize, c);
                }
            }
            Move::Deal => s.deal_row(),
            Move::Grace(i) => {
                if let Some(c) = s.grid[i as usize].take() {
                    s.held.hold(c);
                }
                s.grace = true;
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        WAYS.iter().zip(&s.found).all(|(w, l)| w.all_full(l))
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Play(i, f) => format!("{}>f{}", cell_text(i), f + 1),
            Move::Held(f) => format!("h>f{}", f + 1),
            Move::Deal => "deal".into(),
            Move::Grace(i) => format!("grace {}", cell_text(i)),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for f in 0..8 {
            k.pile(found(f), &s.cards(f), 0);
        }
        for r in 0..s.rows as usize {
            for c in 0..COLS {
                let label = format!("R{}C{}:", r + 1, c + 1);
                match s.cell(r, c) {
                    Some(card) => k.raw(&format!("{label}{card}")),
                    None => k.raw(&label),
                };
            }
        }
        let held: Vec<Card> = s.held.card().into_iter().collect();
        k.pile(Place::named("H"), &held, 0);
        let pack: Vec<Card> = s.stock.pack().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .field("grace", u8::from(s.grace));
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (found(f), s.cards(f).last().copied())),
        );
        for r in 0..s.rows as usize {
            let mut line = format!("R{:<2}", r + 1);
            for c in 0..COLS {
                match s.cell(r, c) {
                    Some(card) => line.push_str(&format!(" {card}")),
                    None => line.push_str(" --"),
                }
            }
            p.line(&line);
        }
        p.line(&format!(
            "H: {}   Pack: {} cards   Grace: {}",
            s.held.card().map_or("--".to_string(), |c| c.to_string()),
            s.stock.pack_len(),
            if s.grace { "used" } else { "unused" }
        ));
        p.finish()
    }

    /// Exact: the foundation heights (their suits and ways are fixed), the held card, the
    /// grace, the rows dealt, the pack's length (the pack is only ever taken from its top,
    /// so its length gives its cards) and every cell of the rows dealt.
    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        for l in &s.found {
            for p in 0..4 {
                k.num(l.count(p));
            }
        }
        k.num(s.held.card().map_or(ByteKey::SEP, Card::byte));
        k.num(u8::from(s.grace));
        k.num(s.rows);
        k.num(s.stock.pack_len() as u8);
        for i in 0..s.rows as usize * COLS {
            k.num(s.grid[i].map_or(ByteKey::SEP, Card::byte));
        }
        k.finish()
    }

    /// Random playouts beside the search: measured to find wins the depth-first order
    /// reaches late (the `probe` module of the solver says why they stay sound).
    fn probes(&self) -> bool {
        true
    }

    /// A free card `c` (or the held card) that fits its foundation `f` when the other
    /// foundation `g` of its suit has already taken a card of `c`'s rank, unless `c` lies
    /// in the current row with cards left in the pack (its play would refill the cell).
    ///
    /// Proof: the other copy of `c` is on `g`, so `c` is the last card of its rank and
    /// suit off the foundations, `g` can never take it, and `f` can take nothing before
    /// `c`. Take a winning line `L`; it must play `c` to `f`. (1) No refill is caused by
    /// playing `c` now (not in the current row, or the pack is out), and a `deal` lays
    /// the same cards in the same cells whatever the grid holds, so deals and refills
    /// stay as in `L`. (2) `c` stays free in `L` until it is played: the empty cell next
    /// to it lies in an older row (never refilled) or in the current row with the pack
    /// out (no refill, no deal); in R1 it is free for good; in the last row dealt only
    /// with the pack out, so no row comes under it. (3) So `L` lifts no card by the grace
    /// before playing `c`: the grace needs no foundation move, and `c` to `f` is one
    /// (also for a held `c`: then the grace is already used). Now play `c` to `f` first
    /// and then `L` without its play of `c`: every foundation move of `L` finds its card
    /// at least as free (one more empty cell only frees cards) and its foundation as it
    /// was (`f` takes nothing before `c`); after `L`'s play of `c` the positions are the
    /// same; any grace of `L` comes after it. So the line wins.
    fn safe_move(&self, s: &State) -> Option<Move> {
        let pack_out = s.stock.pack_len() == 0;
        for i in 0..s.rows as usize * COLS {
            if s.current(i) && !pack_out {
                continue;
            }
            let Some(c) = s.free(i) else { continue };
            for f in 0..8 {
                if s.fits(f, c) && s.partner_has(f, c) {
                    return Some(Move::Play(i as u8, f as u8));
                }
            }
        }
        let c = s.held.card()?;
        (0..8)
            .find(|&f| s.fits(f, c) && s.partner_has(f, c))
            .map(|f| Move::Held(f as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, card, deal_cards, key_segment, play, pruning_agrees, solve_limited,
        sorted_texts, unshuffled,
    };

    fn unshuffled_start(g: &Labyrinth) -> State {
        deal_cards(g, unshuffled(PackSpec::Standard(2)))
    }

    /// `R{r}C1:.. R{r}C10:` with the given cells (by column), the others empty.
    fn row(r: usize, cells: &[(usize, &str)]) -> String {
        (1..=10)
            .map(|c| {
                let card = cells.iter().find(|x| x.0 == c).map_or("", |x| x.1);
                format!("R{r}C{c}:{card}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_deal_takes_out_the_bases_and_lays_the_first_row() {
        let g = Labyrinth::default();
        let mut s = unshuffled_start(&g);
        let k = g.key_text(&s);
        // The unshuffled packs: C A..K, D, H, S twice. Out go the first aces and kings;
        // the first pack's 2C..JC make R1, QC is the next card.
        assert!(
            k.starts_with(
                "F1:AC F2:AD F3:AH F4:AS F5:KC F6:KD F7:KH F8:KS R1C1:2C R1C2:3C R1C3:4C \
                 R1C4:5C R1C5:6C R1C6:7C R1C7:8C R1C8:9C R1C9:TC R1C10:JC H: pack:"
            ),
            "{k}"
        );
        assert!(k.ends_with("2dqc grace:0"), "{k}");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 86);
        assert_eq!(sorted_texts(&g, &s), ["deal", "r1c1>f1"]);
        // R1 is the current row: the gap takes the pack top QC at once.
        play(&g, &mut s, "r1c1>f1");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "R1C1"), "QC");
        assert_eq!(key_segment(&k, "F1"), "AC2C");
        assert_eq!(sorted_texts(&g, &s), ["deal", "r1c1>f5", "r1c2>f1"]);
    }

    #[test]
    fn a_card_is_free_with_a_gap_above_or_below() {
        let g = Labyrinth::default();
        let mut s = unshuffled_start(&g);
        play(&g, &mut s, "deal");
        // R2: QC 2D 3D .. TD, all free in the last row.
        assert_eq!(
            sorted_texts(&g, &s),
            ["deal", "r1c1>f1", "r2c1>f5", "r2c2>f2"]
        );
        play(&g, &mut s, "deal");
        // R3: JD QD 2H .. 9H; R2 is covered above and below now.
        assert_eq!(
            sorted_texts(&g, &s),
            ["deal", "r1c1>f1", "r3c2>f6", "r3c3>f3"]
        );
        play(&g, &mut s, "r3c2>f6");
        assert_eq!(key_segment(&g.key_text(&s), "R3C2"), "TH");
        // An old row is not refilled: the gap at R1C1 frees QC below it.
        play(&g, &mut s, "r1c1>f1");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "R1C1"), "");
        assert_eq!(
            sorted_texts(&g, &s),
            ["deal", "r1c2>f1", "r2c1>f5", "r3c1>f6", "r3c3>f3"]
        );
    }

    /// Every foundation full, but for the clubs: F1 up to `up` and F5 down to `down`.
    fn nearly_won(g: &Labyrinth, up: u8, down: u8) -> State {
        let mut s = unshuffled_start(g);
        s.found = [Ladders::new(); 2];
        for suit in 0..4 {
            let (a, b) = if suit == 0 { (up, down) } else { (13, 1) };
            for r in 1..=a {
                s.put(suit as usize, Card::new(r, suit));
            }
            for r in (b..=13).rev() {
                s.put(4 + suit as usize, Card::new(r, suit));
            }
        }
        s.stock = Stock::new(&[]);
        s.grid = [None; ROWS * COLS];
        s
    }

    #[test]
    fn the_grace_lifts_any_card_once_when_nothing_goes_up() {
        let g = Labyrinth::default();
        // F1 AC 2C, F5 KC..7C; column 1 holds 4C, 3C, 8C from the top.
        let mut s = nearly_won(&g, 2, 7);
        s.rows = 3;
        s.grid[0] = Some(card("4C"));
        s.grid[10] = Some(card("3C"));
        s.grid[20] = Some(card("8C"));
        assert_eq!(
            sorted_texts(&g, &s),
            ["grace r1c1", "grace r2c1", "grace r3c1"]
        );
        play(&g, &mut s, "grace r2c1");
        let k = g.key_text(&s);
        assert!(
            k.ends_with(&format!(
                "{} {} {} H:3C pack: grace:1",
                row(1, &[(1, "4C")]),
                row(2, &[]),
                row(3, &[(1, "8C")])
            )),
            "{k}"
        );
        assert_eq!(sorted_texts(&g, &s), ["h>f1"]);
        play(&g, &mut s, "h>f1");
        assert_eq!(sorted_texts(&g, &s), ["r1c1>f1"]);
        play(&g, &mut s, "r1c1>f1");
        // 8C (last row) can go no way now: F1 wants 5C, F5 wants 6C.
        assert_eq!(sorted_texts(&g, &s), Vec::<String>::new());
        assert!(!g.is_won(&s));
    }

    #[test]
    fn waiting_for_the_foundations() {
        let opts = [(
            "wait_for_foundations".into(),
            crate::game::OptValue::Bool(true),
        )];
        let g = Labyrinth::from_options(&opts).unwrap();
        let mut s = unshuffled_start(&g);
        let k = g.key_text(&s);
        assert!(
            k.starts_with("F1: F2: F3: F4: F5: F6: F7: F8: R1C1:AC R1C2:2C R1C3:3C"),
            "{k}"
        );
        assert_eq!(key_segment(&k, "pack").len(), 2 * 94);
        assert_eq!(sorted_texts(&g, &s), ["deal", "r1c1>f1"]);
        play(&g, &mut s, "r1c1>f1");
        // JC refills R1C1; 2C goes on the ace.
        assert_eq!(key_segment(&g.key_text(&s), "R1C1"), "JC");
        assert_eq!(sorted_texts(&g, &s), ["deal", "r1c2>f1"]);
        assert!(
            Labyrinth::from_options(&[("grace".into(), crate::game::OptValue::Int(1))]).is_err()
        );
    }

    #[test]
    fn a_won_line_replays() {
        let g = Labyrinth::default();
        // Only 2C (last row) and AC above it are left, both for F5.
        let mut s = nearly_won(&g, 13, 3);
        s.rows = 2;
        s.grid[0] = Some(card("AC"));
        s.grid[10] = Some(card("2C"));
        assert_eq!(sorted_texts(&g, &s), ["r2c1>f5"]);
        let o = solve_limited(&g, &s, 100, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&g, &s, &o.moves);
        assert_eq!(o.moves.len(), 2);
        // The other order is stuck: AC covers nothing but does not fit first.
        let mut t = nearly_won(&g, 13, 3);
        t.rows = 2;
        t.grid[0] = Some(card("2C"));
        t.grid[10] = Some(card("AC"));
        assert_eq!(sorted_texts(&g, &t), ["r1c1>f5"]);
        play(&g, &mut t, "r1c1>f5");
        play(&g, &mut t, "r2c1>f5");
        assert!(g.is_won(&t));
    }

    /// Late positions of greedy play (a foundation move whenever there is one, picked
    /// at random, else the next row), where the pack runs low and the safe move applies.
    fn greedy_positions(g: &Labyrinth, seed: u64) -> Vec<State> {
        let mut s = crate::testing::deal(g, seed);
        let mut rng = SplitMix64::new(seed);
        let mut seen = vec![s];
        loop {
            let ms = crate::testing::moves(g, &s);
            let up: Vec<Move> = ms
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Play(..) | Move::Held(_)))
                .collect();
            let m = match (up.is_empty(), ms.first()) {
                (false, _) => up[(rng.next_u64() % up.len() as u64) as usize],
                (true, Some(&m)) => m,
                (true, None) => break,
            };
            g.play(&mut s, m);
            seen.push(s);
        }
        seen.into_iter().rev().take(40).step_by(3).collect()
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = Labyrinth::default();
        let mut a = pruning_agrees(&g, 0..4, 200, 8, 1_000);
        let late: Vec<State> = (0..12)
            .flat_map(|seed| greedy_positions(&g, seed))
            .collect();
        let fired = late.iter().filter(|s| g.safe_move(s).is_some()).count();
        assert!(fired >= 10, "the safe move applies in {fired} positions");
        a += crate::testing::pruning_agrees_on(&g, &late, 1_000);
        assert!(a.lost + a.won >= 60 && a.won >= 10, "{a:?}");
    }
}
