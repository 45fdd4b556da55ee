//! THE OLGA (`olga`), from `rules/olga.md`.
//!
//! Over the 400-line budget by about thirty lines: the safe move's argument (several
//! foundations per suit, aces on sevens) and the key's proof; the rules themselves are
//! well under it.
//!
//! # Layout and deal
//! Four piquet packs (A, 7..K; 128 cards). Cards 1..49 are dealt in seven rows of seven,
//! row by row, left to right: column Tc holds cards c, c+7, .., c+42, bottom to top. Rows
//! 1, 3, 5, 7 are face up, rows 2, 4, 6 face down. Cards 50..128 are the pack, card 50 on
//! top. The sixteen foundations start empty.
//!
//! # Foundations
//! F1..F16: an ace goes to the lowest-numbered empty one; each builds up in suit in piquet
//! order A 7 8 9 10 J Q K. A card may go on any foundation of its suit showing the rank
//! below (one move each), from a column top or the talon top; never forced.
//!
//! # The flower-bed
//! Only a column's top is available; a face-down card left on top turns up at once (no
//! move). A card goes on a column top one rank higher in piquet order of the other colour
//! (an ace on a seven), from another column or the talon, one card a move. An empty column
//! takes the top of another column (any card, even the only card of its column), never
//! the talon top.
//!
//! # Pack and talon
//! `turn` turns the pack's top onto the talon; one pass, no re-deal.
//!
//! # End
//! Won with all 128 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Talon plays are the stock macro ([`Stock::reachable_tops`]).
//! - Safe moves ([`Olga::safe_move`]): an ace; a higher card when all four foundations of
//!   its suit show at least the rank below it and every card that could be built on it is
//!   an ace or has all four copies up.
//! - Key: a column is its cards never moved since the deal ([`Faced::low`], which also
//!   tells which are face down) and the run built above them (a first card when none is
//!   left, then one suit bit per card); columns holding no dealt card are
//!   interchangeable, and so are the foundations of one suit (heights sorted).
//! - One foundation per card (those that take it are alike), one empty column per card,
//!   and never a column's only card into a space (that only swaps two places).

use crate::card::{Card, ACE};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{
    safe_to_foundation, sort_among, stable_partition, BitWriter, Build, Faced, Ladder, Ladders,
    RankOrder, Stock, StockRule,
};

pub const SLUG: &str = "olga";

/// No option: the book gives no variant.
const OPTIONS: &[Opt] = &[];
const COLS: usize = 7;
const FOUND: usize = 16;
const PACK: usize = 79;
/// Rows 2, 4 and 6 of a column are face down.
const DEALT_DOWN: u64 = 0b010_1010;
/// The columns: down by one in piquet order, alternating colours.
const COLUMNS: Build = Build::DOWN_ALTERNATE.piquet();
/// The foundations: ace, 7 .. king in suit.
const LADDER: Ladder = Ladder {
    order: RankOrder::Piquet,
    len: 8,
    ..Ladder::ACE_UP
};
const STOCK: StockRule = StockRule::ONE_PASS;
/// Destinations of a macro move: foundations 0..16, columns from 16.
const TO_COLUMN: u8 = 16;

fn col(i: usize) -> Place {
    Place::at("T", i)
}
fn found(f: usize) -> Place {
    Place::at("F", f)
}
/// Position 0..8 of a rank in piquet order.
fn pos(c: Card) -> u8 {
    RankOrder::Piquet.pos(c.rank()).unwrap_or(0)
}

/// The game (no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Olga;

impl Olga {
    /// Build from user options: there are none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Olga)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    cols: [Faced<16>; COLS],
    found: Ladders<FOUND>,
    stock: Stock<PACK>,
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Column top to foundation: column, foundation.
    ColFound(u8, u8),
    TalonFound(u8),
    /// Column top onto (or into) another column: from, to.
    ColCol(u8, u8),
    TalonCol(u8),
    Turn,
    /// Solver only: `steps` turns, then the talon top to a foundation (0..16) or column
    /// `dest - TO_COLUMN`.
    Stock(u8, u8),
}

impl State {
    /// The foundations that take `c`, in number order (an ace: the first empty one).
    fn found_dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        let mut out = [0u8; FOUND];
        let n = LADDER.dests(&self.found, c, &mut out);
        (0..n).map(move |i| out[i] as usize)
    }
    /// May `c` go on column `to` (into it when empty and `c` comes from a column)?
    fn fits_col(&self, to: usize, c: Card, from_talon: bool) -> bool {
        match self.cols[to].top() {
            Some(t) => COLUMNS.fits(t, c),
            None => !from_talon,
        }
    }
    /// Per suit, the heights of its foundations, highest first (0 for a missing one).
    fn heights(&self) -> [[u8; 4]; 4] {
        let mut h = self.found.suit_counts::<4>();
        for s in &mut h {
            s.sort_unstable_by(|a, b| b.cmp(a));
        }
        h
    }
}

impl Olga {
    /// The talon plays reachable by turning, as macro moves: to one foundation that takes
    /// the card, then onto each column that takes it.
    fn stock_macros(&self, s: &State, up: &mut Vec<Move>, rest: &mut Vec<Move>) {
        s.stock.reachable_tops(&STOCK, |c, steps| {
            if let Some(f) = s.found_dests(c).next() {
                up.push(Move::Stock(steps, f as u8));
            }
            for to in (0..COLS).filter(|&to| s.fits_col(to, c, true)) {
                rest.push(Move::Stock(steps, TO_COLUMN + to as u8));
            }
        });
    }

    /// Column-to-column moves; `solver`: one space per card, and no column's only card
    /// into a space.
    fn col_moves(&self, s: &State, solver: bool, out: &mut Vec<Move>) {
        for from in 0..COLS {
            let Some(c) = s.cols[from].top() else {
                continue;
            };
            let mut space = false;
            for to in (0..COLS).filter(|&to| to != from && s.fits_col(to, c, false)) {
                let empty = s.cols[to].is_empty();
                if solver && empty && (space || s.cols[from].len() == 1) {
                    continue;
                }
                space |= empty;
                out.push(Move::ColCol(from as u8, to as u8));
            }
        }
    }
}

impl Game for Olga {
    type State = State;
    type Move = Move;
    type Key = [u64; 5];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Olga",
            pack: PackSpec::Piquet(4),
            options: infos(OPTIONS),
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 128 {
            return Err(EngineError::WrongCount {
                expected: 128,
                got: cards.len(),
            });
        }
        let cols = std::array::from_fn(|c| {
            let column: Vec<Card> = (0..7).map(|row| cards[7 * row + c]).collect();
            Faced::of(&column, DEALT_DOWN)
        });
        Ok(State {
            cols,
            found: Ladders::new(),
            stock: Stock::new(&cards[49..]),
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for from in 0..COLS {
            if let Some(c) = s.cols[from].top() {
                out.extend(
                    s.found_dests(c)
                        .map(|f| Move::ColFound(from as u8, f as u8)),
                );
            }
        }
        let talon = s.stock.talon_top();
        if let Some(c) = talon {
            out.extend(s.found_dests(c).map(|f| Move::TalonFound(f as u8)));
        }
        self.col_moves(s, false, out);
        if let Some(c) = talon {
            for to in (0..COLS).filter(|&to| s.fits_col(to, c, true)) {
                out.push(Move::TalonCol(to as u8));
            }
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::ColFound(from, f) => {
                let c = s.cols[from as usize].pop().unwrap_or_default();
                LADDER.put(&mut s.found, f.into(), c);
            }
            Move::TalonFound(f) => {
                let c = s.stock.take_talon().unwrap_or_default();
                LADDER.put(&mut s.found, f.into(), c);
            }
            Move::ColCol(from, to) => {
                let c = s.cols[from as usize].pop().unwrap_or_default();
                s.cols[to as usize].push(c);
            }
            Move::TalonCol(to) => {
                let c = s.stock.take_talon().unwrap_or_default();
                s.cols[to as usize].push(c);
            }
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Stock(steps, dest) => {
                s.stock.macro_steps(&STOCK, steps);
                self.play(s, talon_play(dest));
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        LADDER.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let talon = Place::named("talon");
        match m {
            Move::ColFound(from, f) => move_text(col(from.into()), found(f.into())),
            Move::TalonFound(f) => move_text(talon, found(f.into())),
            Move::ColCol(from, to) => move_text(col(from.into()), col(to.into())),
            Move::TalonCol(to) => move_text(talon, col(to.into())),
            Move::Turn => "turn".into(),
            Move::Stock(steps, dest) => format!("stock:{steps}>{dest}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, c) in s.cols.iter().enumerate() {
            let mut t = String::new();
            c.write(&mut t, &col(i).key_label());
            k.raw(&t);
        }
        for f in 0..FOUND {
            k.pile(found(f), &LADDER.cards(&s.found, f), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..FOUND).map(|f| (found(f), s.found.top(f))),
        );
        p.stock(&s.stock, None);
        for (i, c) in s.cols.iter().enumerate() {
            let t: String = (0..c.len())
                .map(|j| match c.is_down(j) {
                    true => " ##".to_string(),
                    false => format!(" {}", c.cards()[j]),
                })
                .collect();
            p.line(&format!("{}:{t}", col(i).key_label()));
        }
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 5] {
        // A column, 17 bits: its cards never moved (`low`, 3 bits; the deal fixes them and
        // which are face down), the first card above them when `low` is 0 (index + 1, 6
        // bits), and one suit bit per card of the run above under a sentinel bit (8 bits):
        // each card of it is one rank below the one beneath in the other colour. Columns
        // with `low` 0 are sorted (nothing else tells them apart). Per suit the foundation
        // heights, sorted (4 x 4 bits); the stock's cards left and cursor. Exact for one
        // deal.
        let mut codes = [0u32; COLS];
        for (code, c) in codes.iter_mut().zip(&s.cols) {
            let (low, cards) = (c.low(), c.cards());
            let mut run = &cards[low..];
            let mut first = 0;
            if low == 0 {
                if let Some((f, rest)) = run.split_first() {
                    first = f.index() as u32 + 1;
                    run = rest;
                }
            }
            let bits = run
                .iter()
                .fold(1u32, |b, x| b << 1 | u32::from(x.suit() >= 2));
            *code = (low as u32) << 14 | first << 8 | bits;
        }
        sort_among(&mut codes, |i| s.cols[i].low() == 0);
        let mut w = BitWriter::<5>::new();
        for code in codes {
            w.put(code.into(), 17);
        }
        for suit in s.heights() {
            for h in suit {
                w.put(h.into(), 4);
            }
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, PACK - 64);
        w.put(cursor.into(), 7);
        w.finish()
    }

    /// A column or talon top `c` to a foundation F that takes it, when (1) `c` is an ace,
    /// or (2) all four foundations of its suit show at least the rank below `c`, and every
    /// card that could be built on `c` (the rank below, other colour) is an ace or has all
    /// four copies up. First, a winning line never needs an ace on a column: an ace put
    /// there can go to an empty foundation instead (there is always one for it, and
    /// nothing is built on an ace), which only uncovers cards and empties columns sooner.
    /// In such a line nothing is ever built on `c`, so the argument of
    /// [`crate::parts::safe`] applies (cards never come back, no step is compulsory but
    /// the turning up of a card, single cards move): drop `c`'s own moves from it. Every
    /// other move stays legal, the foundations excepted: with (2) the k cards like `c`
    /// still out have, after `c`, k - 1 foundations showing the rank below, one for each
    /// of the other k - 1, and an ace always has an empty foundation.
    fn safe_move(&self, s: &State) -> Option<Move> {
        let h = s.heights();
        let safe = |c: Card| {
            let dest = s.found_dests(c).next()?;
            let done = |x: Card| x.rank() == ACE || h[x.suit() as usize][3] > pos(x);
            let ok = c.rank() == ACE
                || (h[c.suit() as usize][3] >= pos(c) && safe_to_foundation(&COLUMNS, c, done));
            ok.then_some(dest as u8)
        };
        for from in 0..COLS {
            if let Some(f) = s.cols[from].top().and_then(safe) {
                return Some(Move::ColFound(from as u8, f));
            }
        }
        s.stock.talon_top().and_then(safe).map(Move::TalonFound)
    }

    /// Foundation plays (one per card), the macros to the foundations, moves between
    /// columns (those that turn up a card or empty a column first), then the other talon
    /// plays.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        for from in 0..COLS {
            if let Some(f) = s.cols[from].top().and_then(|c| s.found_dests(c).next()) {
                out.push(Move::ColFound(from as u8, f as u8));
            }
        }
        let mut rest = Vec::new();
        self.stock_macros(s, out, &mut rest);
        let a = out.len();
        self.col_moves(s, true, out);
        stable_partition(&mut out[a..], |m| match *m {
            Move::ColCol(from, _) => {
                let c = &s.cols[from as usize];
                c.len() == 1 || c.is_down(c.len().saturating_sub(2))
            }
            _ => false,
        });
        out.extend(rest);
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Stock(steps, dest) = m else {
            return out.push(m);
        };
        let mut t = *s;
        t.stock
            .expand_macro(&STOCK, steps, Move::Turn, Move::Turn, out);
        out.push(talon_play(dest));
    }
}

/// The talon top to a foundation (0..16) or a column (from [`TO_COLUMN`]).
fn talon_play(dest: u8) -> Move {
    if dest < TO_COLUMN {
        Move::TalonFound(dest)
    } else {
        Move::TalonCol(dest - TO_COLUMN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, card, cards, deal, deal_cards, key_segment, play, pruning_agrees,
        pruning_agrees_on, solve_limited, sorted_texts, texts, unshuffled, walk, Agreement,
    };

    fn g() -> Olga {
        Olga
    }

    /// A position made by hand: columns (all face up), foundations, the pack (top first).
    fn position(cols: [&str; COLS], found: &[&str], pack: &str) -> State {
        let mut s = State {
            cols: cols.map(|c| Faced::of(&cards(c), 0)),
            found: Ladders::new(),
            stock: Stock::new(&cards(pack)),
        };
        for (f, cs) in found.iter().enumerate() {
            for c in cards(cs) {
                LADDER.put(&mut s.found, f, c);
            }
        }
        s
    }

    #[test]
    fn the_deal_in_rows_with_every_other_row_face_down() {
        let g = g();
        let s = deal_cards(&g, unshuffled(PackSpec::Piquet(4)));
        let k = g.key_text(&s);
        let cols = "T1:ACkcQDjhTS9c8D T2:7CadKDqhJStc9D T3:8C7dAHkhQSjcTD T4:9C8d7HasKSqcJD \
                    T5:TC9d8H7sACkcQD T6:JCtd9H8s7CadKD T7:QCjdTH9s8C7dAH";
        let found: Vec<String> = (1..=16).map(|f| format!("F{f}:")).collect();
        assert!(k.starts_with(&format!("{cols} {}", found.join(" "))), "{k}");
        let pack = key_segment(&k, "pack");
        assert_eq!(pack.len(), 2 * 79);
        assert!(
            pack.starts_with("ksqsjs") && pack.ends_with("9h8h7h"),
            "{pack}"
        );
        assert!(k.ends_with(" talon:"));
        assert_eq!(texts(&g, &s), ["t7>f1", "turn"]);
        let mut t = s;
        play(&g, &mut t, "t7>f1");
        let k = g.key_text(&t);
        assert_eq!(key_segment(&k, "T7"), "QCjdTH9s8C7D", "the 7D turned up");
        assert_eq!(key_segment(&k, "F1"), "AH");
        play(&g, &mut t, "turn");
        assert_eq!(texts(&g, &t), ["talon>f1", "turn"]);
        play(&g, &mut t, "talon>f1");
        assert_eq!(key_segment(&g.key_text(&t), "F1"), "AH7H");
    }

    #[test]
    fn building_and_spaces() {
        let g = g();
        let mut s = position(["KS", "QH", "8D", "7S", "AD", "", "9C 8H"], &[], "QD AC");
        let want = [
            "t1>t6", "t2>t1", "t2>t6", "t3>t6", "t4>t3", "t4>t6", "t4>t7", "t5>f1", "t5>t4",
            "t5>t6", "t7>t6", "turn",
        ];
        assert_eq!(sorted_texts(&g, &s), want);
        play(&g, &mut s, "turn");
        let t = texts(&g, &s);
        assert!(t.contains(&"talon>t1".to_string()) && !t.contains(&"talon>t6".to_string()));
        play(&g, &mut s, "talon>t1");
        play(&g, &mut s, "t5>t4");
        play(&g, &mut s, "turn");
        let k = g.key_text(&s);
        assert_eq!(
            (key_segment(&k, "T1"), key_segment(&k, "T4")),
            ("KSQD".into(), "7SAD".into())
        );
        // The AC: to the lowest empty foundation only, or onto no seven (7S is covered).
        let mut t = texts(&g, &s);
        t.retain(|m| m.starts_with("talon"));
        assert_eq!(t, ["talon>f1"]);
    }

    #[test]
    fn a_card_may_go_on_any_foundation_of_its_suit_showing_the_rank_below() {
        let g = g();
        let s = position(
            ["7H", "", "", "", "", "", ""],
            &["AH", "AC", "AH 7H", "AH"],
            "",
        );
        let mut t = texts(&g, &s);
        assert_eq!(t.len(), 8, "and into each of the six spaces: {t:?}");
        t.retain(|m| m.contains(">f"));
        assert_eq!(t, ["t1>f1", "t1>f4"]);
        assert_eq!(g.safe_move(&s), None, "a fourth ace of hearts is still out");
    }

    #[test]
    fn safe_moves() {
        let g = g();
        let aces = ["AH", "AH", "AH", "AH"];
        let s = position(["7H", "AS", "", "", "", "", ""], &aces, "");
        assert_eq!(
            g.safe_move(&s),
            Some(Move::ColFound(0, 0)),
            "7H: four hearts up"
        );
        let s = position(["8D", "AS", "", "", "", "", ""], &aces, "");
        assert_eq!(g.safe_move(&s), Some(Move::ColFound(1, 4)), "an ace always");
        // 8H: every black seven must be up as well.
        let mut f = vec!["AH 7H"; 4];
        f.extend(["AC 7C"; 4]);
        f.extend(["AS 7S"; 4]);
        let s = position(["8H", "", "", "", "", "", ""], &f, "");
        assert_eq!(g.safe_move(&s), Some(Move::ColFound(0, 0)));
        f[11] = "AS";
        let s = position(["8H", "", "", "", "", "", ""], &f, "");
        assert_eq!(g.safe_move(&s), None, "a 7S could still want the 8H");
    }

    #[test]
    fn options_are_refused() {
        let opts = [("passes".to_string(), crate::game::OptValue::Int(2))];
        assert!(Olga::from_options(&opts).is_err());
        assert!(g().start(cards("7C 8C"), SplitMix64::new(0)).is_err());
        assert_eq!(card("7C").rank(), 7);
    }

    #[test]
    fn equal_keys_hold_the_same_cards() {
        let g = g();
        for seed in 0..20 {
            // The key is exact within one deal (the dealt cards are not in it).
            let mut seen = std::collections::HashMap::new();
            walk(&g, &deal(&g, seed), 300, seed, |s| {
                let mut cols: Vec<Vec<Card>> = s.cols.iter().map(|c| c.cards().to_vec()).collect();
                cols.sort();
                let info = (cols, s.heights(), s.stock.key_bits());
                if let Some(prev) = seen.insert(g.key(s), info.clone()) {
                    assert_eq!(prev, info, "{}", g.key_text(s));
                }
            });
        }
    }

    /// Positions along walks that mostly turn the pack (so that many are decided).
    fn hasty_positions(seed: u64) -> Vec<State> {
        let g = g();
        let mut rng = SplitMix64::new(seed);
        let mut s = deal(&g, seed);
        let mut out = Vec::new();
        for step in 0..300 {
            let legal = crate::testing::moves(&g, &s);
            if legal.is_empty() {
                break;
            }
            let r = rng.next_u64();
            let turn = legal.contains(&Move::Turn) && !r.is_multiple_of(3);
            let m = if turn {
                Move::Turn
            } else {
                legal[(r >> 8) as usize % legal.len()]
            };
            g.play(&mut s, m);
            if step % 15 == 0 {
                out.push(s);
            }
        }
        out.push(s);
        out
    }

    /// An end game made up from `seed`: each foundation place of a suit holds a random
    /// number of its cards (at least its ace), and the cards still out go, shuffled, to
    /// the columns (at most seven each, every other one face down from the second) and
    /// the pack.
    fn end_game(seed: u64) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut found = Ladders::new();
        let mut out = Vec::new();
        for f in 0..FOUND {
            let suit = (f / 4) as u8;
            let h = 5 + rng.next_u64() % 4;
            for p in 0..8 {
                let c = Card::new(RankOrder::Piquet.rank(p), suit);
                if u64::from(p) < h {
                    LADDER.put(&mut found, f, c);
                } else {
                    out.push(c);
                }
            }
        }
        rng.shuffle(&mut out);
        let mut cols = [Faced::default(); COLS];
        for col in &mut cols {
            let n = (rng.next_u64() % 5) as usize;
            let take: Vec<Card> = out.drain(..n.min(out.len())).collect();
            *col = Faced::of(&take, DEALT_DOWN);
        }
        State {
            cols,
            found,
            stock: Stock::new(&out),
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = g();
        let a = pruning_agrees(&g, 0..3, 300, 60, 2_000);
        let mut b = Agreement::default();
        for seed in 0..6 {
            b += pruning_agrees_on(&g, &hasty_positions(seed), 2_000);
        }
        let ends: Vec<State> = (0..60).map(end_game).collect();
        let c = pruning_agrees_on(&g, &ends, 5_000);
        let starts = ends.iter().take(10).map(|s| (7, *s));
        let d = crate::testing::pruning_agrees_from(&g, starts, 30, 6, 5_000);
        assert!(a.lost + b.lost >= 50, "{a:?} {b:?}");
        assert!(c.won + d.won >= 60, "{c:?} {d:?}");
    }

    /// Every suit: two foundations full, two at the jack; each column a queen under a king
    /// of its suit (clubs, clubs, diamonds, diamonds, hearts, hearts, spades).
    fn kings_on_queens(pack: &str) -> State {
        let mut found = Vec::new();
        for suit in ['C', 'D', 'H', 'S'] {
            let full: Vec<String> = "A789TJQK".chars().map(|r| format!("{r}{suit}")).collect();
            let jack = full[..6].join(" ");
            found.extend([full.join(" "), full.join(" "), jack.clone(), jack]);
        }
        let found: Vec<&str> = found.iter().map(String::as_str).collect();
        let cols = [
            "QC KC", "QC KC", "QD KD", "QD KD", "QH KH", "QH KH", "QS KS",
        ];
        position(cols, &found, pack)
    }

    #[test]
    fn end_games_won_and_lost() {
        let g = g();
        // The stock's QS goes up, so does the KS over the column's QS, then the QS, and the
        // emptied column lets every other king step aside for its queen.
        let s = kings_on_queens("KS QS");
        let o = solve_limited(&g, &s, 10_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&g, &s, &o.moves);
        assert_eq!(solve_limited(&g, &s, 10_000, true).verdict, Verdict::Won);
        // Without the stock's spades no king can move and nothing goes up: lost.
        let mut s = kings_on_queens("");
        LADDER.put(&mut s.found, 14, card("QS"));
        LADDER.put(&mut s.found, 14, card("KS"));
        assert!(texts(&g, &s).is_empty(), "{}", g.key_text(&s));
        assert_eq!(solve_limited(&g, &s, 10_000, false).verdict, Verdict::Lost);
    }
}
