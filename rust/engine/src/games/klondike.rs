//! CANFIELD OR KLONDIKE (`canfield-or-klondike`), from `rules/canfield-or-klondike.md`.
//!
//! Over the 400-line budget: the rules take about 250 lines on the parts; the rest is
//! this game's own solver work (the packed key with its symmetries, the king-space
//! dominance, the partial-run and idle-return prunings with their proofs, the move
//! ordering and the macro expansion), the benchmark game of the field, tuned for speed.
//!
//! # Layout and deal
//! Seven columns T1..T7. Row r puts one card on each of Tr..T7, the first face up, the
//! rest face down; column Ti ends with i-1 face-down cards under one face-up card. The 24
//! cards left are the pack, card 29 on top.
//!
//! # Foundations
//! F1..F4, each started by an ace (to the lowest-numbered empty place), built up in suit
//! to the king. With the `foundation_return` option the top card (not an ace) may come back.
//!
//! # Piles and availability
//! A column's face-up cards form a run down by one rank in alternating colours, king to
//! two. The whole run moves together onto an exposed card one higher of the other colour
//! (`partial_runs`: any number of its top cards). A face-down card left on top turns up at
//! once. The talon top may go to a foundation or onto a column (never an ace).
//!
//! # Spaces
//! Only a king (alone from the talon, or heading a run) fills an empty column. Moving a
//! king-headed run that already fills its column into an empty one is a null move.
//!
//! # Pack, talon and re-deals
//! `turn` turns `draw` cards (1 by default) onto the talon; `passes` passes through the pack
//! (1 by default; `None` is unlimited), each `redeal` turning the talon over as it lies.
//!
//! # End
//! Won with all 52 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Talon plays are the stock macro ([`Stock::reachable_tops`]): "turn (and re-deal) k
//!   times, then play the talon top".
//! - Safe moves: an ace or a two to its foundation (nothing that can rest on them ever
//!   goes on a column); without `foundation_return` any card the safe-to-foundation
//!   argument ([`safe_by_mask`], the mask form of `safe_to_foundation`) allows; with it, a
//!   column's top card whose [`return_sets`] set is up (for a card of rank r: the card
//!   below it, the other colour's cards to r - 1 and its own colour's to r - 2). No card
//!   of such a set fills a space (kings only do, and the set ranks below the card).
//! - Dominance: when no king can ever want an empty column, a move that empties a column
//!   only covers the destination's card, and is left out.
//! - Partial runs ([`Klondike::drop_idle_partial_moves`]): part of a run moves only when
//!   the card it uncovers can at once go up or take the other card that fits on it.
//! - With `foundation_return`, a foundation top whose [`return_sets`] set is up never
//!   comes down ([`idle_return`]).
//! - With re-deals, random playouts run beside the search ([`Game::probes`]): they find
//!   many wins the depth-first order reaches late, and decide nothing else.
//! - Key ([`KKey`], 16 bytes): for each card, which card lies on it; the face-down counts;
//!   the foundations by suit; the stock. Columns without face-down cards are
//!   interchangeable (the key does not say which holds which run); with unlimited passes
//!   the talon positions on the turning cycle share a key ([`Stock::on_cycle`]);
//!   foundations are keyed by suit, not by place.

use crate::card::{Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options, StateKey};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, run_text, KeyText, Picture, Place};
use crate::parts::{
    down_alternate, move_run, return_sets, safe_by_mask, stable_partition, up_to_heights, Dealer,
};
use crate::parts::{Build, Ladder, Ladders, Pile, Space, Stock, StockRule};

pub const SLUG: &str = "canfield-or-klondike";

const OPTIONS: &[Opt] = &[
    Opt::one_of("draw", &[1, 3], 1, "cards turned by one turn: 1 or 3"),
    Opt::int(
        "passes",
        (1, 1000),
        true,
        1,
        "passes through the pack (1 = no re-deal); None = unlimited",
    ),
    Opt::flag(
        "partial_runs",
        "part of a face-up run may move between columns",
    ),
    Opt::flag(
        "foundation_return",
        "the top card of a foundation (not an ace) may come back to a column",
    ),
];

/// The columns: down in alternate colours ([`down_alternate`] in the hot loops), kings
/// into spaces.
const COLUMNS: Build = Build::DOWN_ALTERNATE.spaces(Space::Kings);
/// Every card that could rest on a card in a column ([`safe_by_mask`]).
const RESTS: [u64; 52] = COLUMNS.fits_table();
/// With `foundation_return`: the cards that must be up before a column's card may go up
/// safely ([`return_sets`]).
const RETURN_SETS: [u64; 52] = return_sets(&RESTS);
/// The four aces, as card bits.
const ACES: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
const COLS: usize = 7;
/// Destination of a macro move: a column 0..=6, or the foundations.
const TO_FOUNDATION: u8 = 7;

fn col(i: usize) -> Place {
    Place::at("T", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game with its options; `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Klondike {
    /// `draw` cards a turn, `passes` passes, unshuffled re-deals.
    pub stock: StockRule,
    /// Part of a face-up run may move.
    pub partial_runs: bool,
    /// Foundation cards (not aces) may come back to a column.
    pub foundation_return: bool,
}

impl Klondike {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let p = Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Klondike {
            stock: StockRule {
                draw: p.int("draw").unwrap_or(1) as u8,
                passes: p.int("passes").map(|n| n as u32),
                shuffled: false,
            },
            partial_runs: p.bool("partial_runs"),
            foundation_return: p.bool("foundation_return"),
        })
    }
}

/// A position of the game.
#[derive(Copy, Clone, Debug)]
pub struct KState {
    cols: [Pile<20>; COLS],
    found: Ladders<4>,
    stock: Stock<24>,
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum KMove {
    Turn,
    Redeal,
    ColFound(u8),
    TalonFound,
    TalonCol(u8),
    /// The top `n` cards of a column onto another: from, to, n.
    ColCol(u8, u8, u8),
    /// A foundation's top card onto a column: place, column.
    FoundCol(u8, u8),
    /// Solver only: `steps` turns/re-deals, then the talon top to a column or
    /// [`TO_FOUNDATION`].
    Stock(u8, u8),
}

impl KState {
    #[inline]
    fn found_dest(&self, c: Card) -> Option<usize> {
        FOUNDATIONS.first_dest(&self.found, c)
    }
    #[inline]
    fn fits_col(&self, to: usize, base: Card) -> bool {
        match self.cols[to].top() {
            None => COLUMNS.fits_space(base, false),
            Some(t) => base.rank() > ACE && down_alternate(t, base),
        }
    }
    fn put_up(&mut self, c: Card) {
        if let Some(p) = self.found_dest(c) {
            FOUNDATIONS.put(&mut self.found, p, c);
        }
    }
}

/// Each column top that may go to a foundation.
fn col_found_moves(s: &KState, out: &mut Vec<KMove>) {
    let h = s.found.by_suit();
    for from in 0..COLS {
        if s.cols[from].top().is_some_and(|c| fits_up(&h, c)) {
            out.push(KMove::ColFound(from as u8));
        }
    }
}

/// With one pack each suit has one foundation: `c` goes up when its suit stands one
/// below it (heights `h` by suit, 0 for an ace's empty place).
#[inline]
fn fits_up(h: &[u8; 4], c: Card) -> bool {
    h[c.suit() as usize] + 1 == c.rank()
}

impl Klondike {
    /// Column-to-column moves (legal ones), in a fixed order: by source column, then by
    /// the number of cards moved, then by destination. A face-up run goes down by one
    /// rank, so the only card of a run that may go onto a top `t` is the one a rank
    /// below `t`, `t - top` cards from the run's top (a king's for a space).
    fn col_moves(&self, s: &KState, out: &mut Vec<KMove>) {
        let mut tops = [None; COLS];
        for (t, c) in tops.iter_mut().zip(&s.cols) {
            *t = c.top();
        }
        for from in 0..COLS {
            let col = &s.cols[from];
            let (run, up) = (col.face_up(), col.up());
            let Some(top) = col.top().filter(|_| up > 0) else {
                continue;
            };
            if !self.partial_runs {
                // Whole runs only: one base, destinations in order.
                let (base, whole) = (run[0], up == col.len());
                for (to, t) in tops.iter().enumerate() {
                    let fits = match t {
                        None => !whole && COLUMNS.fits_space(base, false),
                        Some(t) => base.rank() > ACE && down_alternate(*t, base),
                    };
                    if fits && to != from {
                        out.push(KMove::ColCol(from as u8, to as u8, up as u8));
                    }
                }
                continue;
            }
            let mut found = [(0u8, 0u8); COLS];
            let mut k = 0;
            for (to, t) in tops.iter().enumerate() {
                let want = t.map_or(KING + 1, |t| t.rank());
                let n = usize::from(want.wrapping_sub(top.rank()));
                if to == from || n == 0 || n > up {
                    continue;
                }
                let base = run[up - n];
                let fits = match t {
                    None => n != col.len() && COLUMNS.fits_space(base, false),
                    Some(t) => base.rank() > ACE && down_alternate(*t, base),
                };
                if fits {
                    // Insertion by the number of cards, destinations in order.
                    let mut i = k;
                    while i > 0 && found[i - 1].0 > n as u8 {
                        found[i] = found[i - 1];
                        i -= 1;
                    }
                    found[i] = (n as u8, to as u8);
                    k += 1;
                }
            }
            for &(n, to) in &found[..k] {
                out.push(KMove::ColCol(from as u8, to, n));
            }
        }
    }

    fn found_col_moves(&self, s: &KState, out: &mut Vec<KMove>) {
        if !self.foundation_return {
            return;
        }
        for p in 0..4 {
            let Some(c) = s.found.top(p).filter(|c| c.rank() >= 2) else {
                continue;
            };
            for to in (0..COLS).filter(|&to| s.fits_col(to, c)) {
                out.push(KMove::FoundCol(p as u8, to as u8));
            }
        }
    }

    /// Partial-run pruning: drops from `out[a..]` each move of part of a run (the card
    /// it uncovers, `u`, stays face up in its column) after which `u` can neither go to
    /// its foundation at once nor take at once the other card that fits on it (`b2`, the
    /// twin of the moved run's base `b`: same rank and colour, other suit) from a column,
    /// a foundation top (with `foundation_return`) or the stock (`talon`: the cards
    /// turning can bring to the talon top, as card bits).
    ///
    /// Proof sketch. Such a move P takes the run R (base `b`) off `u` in column X onto
    /// the only other place `b` fits, `u`'s twin `u2` on top of column Y (`b` is no king,
    /// so no space takes it). Take a shortest winning line through P; every later move
    /// but a *use* of `u` (u to its foundation, or a card onto `u`) can be played before P
    /// with P after it, to the same position: moves elsewhere, turns and re-deals
    /// commute; a move from R's top part is the same move from X; a run moved from Y with
    /// its base at or under `u2` carries R along, and without P carries only `u2`, which
    /// P then covers where it lies; a run moved from X with its base at or under `u`
    /// (so `u` on top) is, without P, the same run with R on it, and P then moves R off
    /// `u` in its new column (the same kind of move, uncovering the same card); moving
    /// the whole of R on (only back onto `u`, or `b` alone to its foundation) undoes P
    /// or is one move from X, a shorter line. The only cards that ever go on `u` are `b`
    /// (R coming back, shorter) and `b2`. So P moves on until it comes just before a use:
    /// `u` to its foundation (which fits then, P changes no foundation), or `b2` onto
    /// `u` in one move, from a column, a foundation top, or the talon top after turns
    /// (turns commute with P too, and the stock macro makes them with the talon play).
    /// At that point P is not dropped, by the test here. The drop happens before the
    /// stock macros and the dominance, which prune only among the other moves.
    fn drop_idle_partial_moves(&self, s: &KState, talon: u64, out: &mut Vec<KMove>) {
        let h = s.found.by_suit();
        out.retain(|m| {
            let KMove::ColCol(from, _, n) = *m else {
                return true;
            };
            let col = &s.cols[from as usize];
            let n = n as usize;
            if n >= col.up() {
                return true;
            }
            let cards = col.cards();
            let (u, b) = (cards[cards.len() - n - 1], cards[cards.len() - n]);
            fits_up(&h, u) || self.takeable(s, &h, talon, twin(b))
        });
    }

    /// Can `c` go onto a column in one move? A reachable talon top (`talon`, card bits),
    /// with `foundation_return` a foundation top above an ace, or face up in a column.
    fn takeable(&self, s: &KState, h: &[u8; 4], talon: u64, c: Card) -> bool {
        talon >> c.index() & 1 != 0
            || (self.foundation_return && c.rank() >= 2 && h[c.suit() as usize] == c.rank())
            || s.cols.iter().any(|col| col.face_up().contains(&c))
    }

    /// Could a king ever move into an empty column? Kings in the pack or talon, kings
    /// above the bottom of a column, and (with `foundation_return`) kings on foundations
    /// can; a king at the bottom of its column never needs another one.
    fn king_may_need_space(&self, s: &KState) -> bool {
        let is_king = |c: &Card| c.rank() == KING;
        s.stock.any_left(|c| is_king(&c))
            || s.cols.iter().any(|c| c.cards().iter().skip(1).any(is_king))
            || (self.foundation_return && s.found.by_suit().contains(&KING))
    }

    /// Is playing `c` (from a column, or the talon when `column` is false) to its
    /// foundation provably safe? `up`: the cards up.
    fn safe_up(&self, up: u64, c: Card, column: bool) -> bool {
        // Nothing that may rest on an ace or a two ever goes on a column (aces never do),
        // and an ace never comes back: safe even with `foundation_return`.
        if c.rank() <= 2 {
            return true;
        }
        if self.foundation_return {
            // A column's top card, when its whole return set is up (no king is in it).
            column && safe_by_mask(RETURN_SETS[c.index()], up)
        } else {
            // The aces count as done: they never go on a column.
            safe_by_mask(RESTS[c.index()], up | ACES)
        }
    }

    /// The talon plays reachable by turning, as macro moves: to the foundation first,
    /// then onto each column that takes the card.
    fn stock_macros(&self, s: &KState, tops: &[(Card, u8)], out: &mut Vec<KMove>) {
        let h = s.found.by_suit();
        for &(c, steps) in tops {
            if fits_up(&h, c) {
                out.push(KMove::Stock(steps, TO_FOUNDATION));
            }
        }
        for &(c, steps) in tops {
            for to in (0..COLS).filter(|&to| s.fits_col(to, c)) {
                out.push(KMove::Stock(steps, to as u8));
            }
        }
    }
}

impl Game for Klondike {
    type State = KState;
    type Move = KMove;
    type Key = KKey;

    fn info(&self) -> GameInfo {
        game_info(SLUG, "Canfield or Klondike", PackSpec::Standard(1), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<KState, EngineError> {
        let mut cols = [Pile::new(); COLS];
        let mut deal = Dealer::new(&cards);
        for r in 0..COLS {
            deal.row(&mut cols, r..COLS, false);
        }
        for (i, pile) in cols.iter_mut().enumerate() {
            pile.set_down(i);
        }
        Ok(KState {
            cols,
            found: Ladders::new(),
            stock: Stock::new(deal.rest()),
        })
    }

    fn moves(&self, s: &KState, out: &mut Vec<KMove>) {
        col_found_moves(s, out);
        if let Some(c) = s.stock.talon_top() {
            if s.found_dest(c).is_some() {
                out.push(KMove::TalonFound);
            }
            for to in (0..COLS).filter(|&to| s.fits_col(to, c)) {
                out.push(KMove::TalonCol(to as u8));
            }
        }
        self.col_moves(s, out);
        self.found_col_moves(s, out);
        if s.stock.pack_len() > 0 {
            out.push(KMove::Turn);
        }
        if s.stock.can_redeal(&self.stock) {
            out.push(KMove::Redeal);
        }
    }

    fn play(&self, s: &mut KState, m: KMove) {
        let talon = |s: &mut KState| s.stock.take_talon().unwrap_or_default();
        match m {
            KMove::Turn => _ = s.stock.turn(&self.stock),
            KMove::Redeal => s.stock.turn_over(),
            KMove::ColFound(from) => {
                let c = s.cols[from as usize].pop().unwrap_or_default();
                s.put_up(c);
            }
            KMove::TalonFound => {
                let c = talon(s);
                s.put_up(c);
            }
            KMove::TalonCol(to) => {
                let c = talon(s);
                s.cols[to as usize].push(c);
            }
            KMove::ColCol(from, to, n) => move_run(&mut s.cols, from.into(), to.into(), n.into()),
            KMove::FoundCol(place, to) => {
                let c = FOUNDATIONS
                    .take(&mut s.found, place.into())
                    .unwrap_or_default();
                s.cols[to as usize].push(c);
            }
            KMove::Stock(steps, dest) => {
                s.stock.macro_steps(&self.stock, steps);
                self.play(s, talon_play(dest));
            }
        }
    }

    fn is_won(&self, s: &KState) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, s: &KState, m: KMove) -> String {
        let f = |c: Option<Card>| found(c.and_then(|c| s.found_dest(c)).unwrap_or(0));
        let (talon, t) = (Place::named("talon"), |i: u8| col(i.into()));
        match m {
            KMove::Turn => "turn".into(),
            KMove::Redeal => "redeal".into(),
            KMove::ColFound(from) => move_text(t(from), f(s.cols[from as usize].top())),
            KMove::TalonFound => move_text(talon, f(s.stock.talon_top())),
            KMove::TalonCol(to) => move_text(talon, t(to)),
            KMove::ColCol(from, to, n) if self.partial_runs => run_text(t(from), n.into(), t(to)),
            KMove::ColCol(from, to, _) => move_text(t(from), t(to)),
            KMove::FoundCol(place, to) => move_text(found(place.into()), t(to)),
            KMove::Stock(steps, dest) => format!("stock:{steps}>{dest}"),
        }
    }

    fn key_text(&self, s: &KState) -> String {
        let mut k = KeyText::new();
        for (i, c) in s.cols.iter().enumerate() {
            k.pile(col(i), c.cards(), c.down());
        }
        for p in 0..4 {
            k.pile(found(p), &FOUNDATIONS.cards(&s.found, p), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len());
        k.pile(Place::named("talon"), &talon, 0);
        if self.stock.passes.is_some() {
            k.field("pass", s.stock.pass);
        }
        k.finish()
    }

    fn display(&self, s: &KState) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..4).map(|i| (found(i), s.found.top(i))));
        p.stock(&s.stock, self.stock.passes);
        for (i, c) in s.cols.iter().enumerate() {
            p.pile(col(i), c.cards(), c.down());
        }
        p.finish()
    }

    fn key(&self, s: &KState) -> KKey {
        // See [`KKey`] for the layout and why it is exact.
        let mut trits = [0u64; 2];
        let mut down = 0u64;
        let mut radix = 1u64;
        for (i, c) in s.cols.iter().enumerate() {
            down += c.down() as u64 * radix;
            radix *= i as u64 + 1;
            for pair in c.face_up().windows(2) {
                let (word, weight) = TRITS[pair[0].byte() as usize];
                trits[word as usize] += weight[usize::from(pair[1].suit() >= 2)];
            }
        }
        let mut heights = 0u64;
        for (su, h) in s.found.by_suit().into_iter().enumerate() {
            heights |= u64::from(h) << (4 * su);
        }
        let (present, cursor) = s.stock.key_bits();
        // On the turning cycle of unlimited passes every talon position reaches every
        // other by turns and re-deals alone: one cursor value (31, never reached) for all.
        let cursor = if s.stock.on_cycle(&self.stock) {
            31
        } else {
            u64::from(cursor)
        };
        let three = self.stock.passes.is_some_and(|p| p > 1);
        KKey {
            w: [
                trits[0] | down << 35 | heights << 48,
                trits[1] | (present as u64 & 0xff_ffff) << 35 | cursor << 59,
                if three { u64::from(s.stock.pass) } else { 0 },
            ],
            n: 2 + u8::from(three),
        }
    }

    fn safe_move(&self, s: &KState) -> Option<KMove> {
        let h = s.found.by_suit();
        let up = up_to_heights(&h);
        let safe = |c: Option<Card>, column: bool| {
            c.is_some_and(|c| fits_up(&h, c) && self.safe_up(up, c, column))
        };
        if let Some(from) = (0..COLS).find(|&i| safe(s.cols[i].top(), true)) {
            return Some(KMove::ColFound(from as u8));
        }
        (self.stock.draw == 1 && safe(s.stock.talon_top(), false)).then_some(KMove::TalonFound)
    }

    fn solver_moves(&self, s: &KState, out: &mut Vec<KMove>) {
        col_found_moves(s, out);
        // Column moves that turn up a face-down card or empty a column come first, then
        // the talon plays, then the other column moves. All are built in `out` itself.
        let a = out.len();
        self.col_moves(s, out);
        if !self.king_may_need_space(s) {
            // Emptying a column that no king can ever fill only covers the destination's
            // top card: the position before the move is at least as good (dominated).
            out.retain(|m| !matches!(*m, KMove::ColCol(from, _, n) if n as usize == s.cols[from as usize].len()));
        }
        let reveals = |m: &KMove| match *m {
            KMove::ColCol(from, _, n) => n as usize == s.cols[from as usize].up(),
            _ => false,
        };
        let mut tops = [(Card::default(), 0u8); 24];
        let (mut n, mut talon) = (0, 0u64);
        s.stock.reachable_tops(&self.stock, |c, steps| {
            tops[n] = (c, steps);
            n += 1;
            talon |= 1 << c.index();
        });
        if self.partial_runs {
            self.drop_idle_partial_moves(s, talon, out);
        }
        let w = a + stable_partition(&mut out[a..], reveals);
        let others = out.len() - w;
        self.stock_macros(s, &tops[..n], out);
        out[w..].rotate_left(others);
        if !self.foundation_return {
            return;
        }
        let b = out.len();
        self.found_col_moves(s, out);
        // A foundation top whose return set is up never needs to come down (proof at
        // `idle_return`).
        let up = up_to_heights(&s.found.by_suit());
        let idle = |m: &KMove| matches!(*m, KMove::FoundCol(p, _) if idle_return(s, p, up));
        if out[b..].iter().any(idle) {
            let keep = b + stable_partition(&mut out[b..], |m| !idle(m));
            out.truncate(keep);
        }
    }

    /// Playouts beside the search with re-deals (measured on seeds 1-200 at 10 s a deal:
    /// the modern rules decide 177 deals with them against 167 without, draw 3 with
    /// unlimited passes 187 against 185); the book's single pass gains nothing from them.
    fn probes(&self) -> bool {
        self.stock.passes != Some(1)
    }

    fn expand(&self, s: &KState, m: KMove, out: &mut Vec<KMove>) {
        let KMove::Stock(steps, dest) = m else {
            return out.push(m);
        };
        let mut t = *s;
        t.stock
            .expand_macro(&self.stock, steps, KMove::Turn, KMove::Redeal, out);
        out.push(talon_play(dest));
    }
}

/// The solver's key: two 64-bit words, three where the pass matters (limited passes
/// above one).
///
/// - Word 0: trits of the cards of clubs and diamonds (35 bits), the face-down counts
///   (13 bits), the foundation heights by suit (16 bits).
/// - Word 1: trits of hearts and spades (35 bits), which of the 24 stock cards are left
///   (24 bits), the stock cursor (5 bits; 31 for every position on the turning cycle of
///   unlimited passes, [`Stock::on_cycle`]).
/// - Word 2: the pass (limited passes above one).
///
/// A card's trit (cards of rank 3 to king, 44 of them, 22 a word: 3^22 < 2^35) says
/// which card lies on it in a column's face-up run: none, or the one of the two cards a
/// rank below of the other colour (1 for clubs or diamonds, 2 for hearts or spades). The
/// face-down counts are mixed-radix (column i holds 0..=i: 7! < 2^13 values).
///
/// Exact up to the declared symmetries, within one deal: the face-down counts give each
/// column's face-down cards (they never move) and, for a column that has some, the card
/// at the bottom of its face-up run (the first card above them, which turned up and can
/// leave only by turning up the next one). The heights give the foundations; the stock
/// bits and cursor give pack and talon. Every other card is face up in a column, and the
/// trits link each one to the card on it, so the runs are chains: the chain from each
/// face-down column's bottom card is that column's run, and the chains left over start
/// at cards nothing lies under: the columns without face-down cards, in no order. Those
/// columns are interchangeable (nothing tells them apart but their runs), and so are
/// foundations of one suit: the key forgets only that.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct KKey {
    w: [u64; 3],
    n: u8,
}

impl StateKey for KKey {
    fn words(&self) -> Option<&[u64]> {
        Some(&self.w[..self.n as usize])
    }
}

/// For each card (by [`Card::byte`]) of rank 3 or more: the key word of its trit, and
/// its weight (a power of three) times 1 and times 2; see [`KKey`].
const TRITS: [(u8, [u64; 2]); 64] = {
    let mut t = [(0u8, [0u64; 2]); 64];
    let mut i = 0;
    while i < 52 {
        let (suit, rank) = (i / 13, i % 13 + 1);
        if rank >= 3 {
            let pos = suit * 11 + (rank - 3);
            let mut w = 1u64;
            let mut k = 0;
            while k < pos % 22 {
                w *= 3;
                k += 1;
            }
            t[rank | suit << 4] = ((pos / 22) as u8, [w, 2 * w]);
        }
        i += 1;
    }
    t
};

/// Bringing down the top card `c` of foundation `p` is idle when its [`return_sets`]
/// set is up (`up`, card bits): no winning line needs it.
///
/// Proof sketch. The set `S` holds every card that could ever rest on `c`, closed under
/// "could rest on", and the cards of `c`'s suit below it. By the first half of the
/// [`return_sets`] argument, a winning line stays winning with every move of an `S` card
/// deleted. In such a line nothing ever rests on `c` while it is down, so delete `c`'s
/// stay in the layout too (its move down, its moves there, its move back up): what it
/// covered is only exposed longer, no space changes (kings are left out here: only a
/// king fills a space), and while `c` was down
/// no card of its suit could go up or come down (`c + 1` up needs `c` up; the cards
/// below `c` are in `S`). The line still wins, without this move.
fn idle_return(s: &KState, p: u8, up: u64) -> bool {
    s.found
        .top(p.into())
        .is_some_and(|c| c.rank() < KING && safe_by_mask(RETURN_SETS[c.index()], up))
}

/// The card of the same rank and colour in the other suit.
#[inline]
fn twin(c: Card) -> Card {
    Card::new(c.rank(), 3 - c.suit())
}

/// The talon top to a column, or to the foundations.
fn talon_play(dest: u8) -> KMove {
    if dest == TO_FOUNDATION {
        KMove::TalonFound
    } else {
        KMove::TalonCol(dest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{deal, pruning_agrees, solve_limited, walk};

    fn modern() -> Klondike {
        Klondike {
            stock: StockRule {
                draw: 3,
                passes: None,
                shuffled: false,
            },
            partial_runs: true,
            foundation_return: true,
        }
    }

    /// Verdicts with the pruning (safe moves, dominance, stock macros, key symmetries)
    /// agree with the plain search wherever both are decided within the limits, on deals
    /// and on late positions of random walks; won lines replay. Returns (won, lost)
    /// compared.
    fn agrees(g: Klondike, seeds: std::ops::Range<u64>, max_states: u64) -> (usize, usize) {
        let late = pruning_agrees(&g, seeds.clone(), 60, 20, 5_000);
        let (mut won, mut lost) = (late.won, late.lost);
        for seed in seeds {
            let s = deal(&g, seed);
            let a = solve_limited(&g, &s, max_states, false);
            let b = solve_limited(&g, &s, max_states, true);
            if a.verdict != Verdict::Unknown && b.verdict != Verdict::Unknown {
                assert_eq!(a.verdict, b.verdict, "seed {seed}");
                won += usize::from(a.verdict == Verdict::Won);
                lost += usize::from(a.verdict == Verdict::Lost);
            }
        }
        (won, lost)
    }

    #[test]
    fn pruning_keeps_verdicts_book_game() {
        let (won, lost) = agrees(Klondike::default(), 1..40, 50_000);
        assert!(
            won >= 1 && lost >= 40,
            "only {won} won, {lost} lost compared"
        );
    }

    #[test]
    fn pruning_keeps_verdicts_modern() {
        let (won, lost) = agrees(modern(), 1..30, 50_000);
        assert!(
            won >= 10 && lost >= 10,
            "only {won} won, {lost} lost compared"
        );
    }

    /// The safe move with `foundation_return` ([`return_sets`]) on the positions where
    /// it plays a card of rank 3 or more: positions along won lines, solved with and
    /// without pruning; a safe move that lost a win would show as a pruned verdict other
    /// than `won` there.
    #[test]
    fn return_safe_moves_keep_wins() {
        let g = modern();
        let mut fired = Vec::new();
        for seed in 1..40 {
            for s in crate::testing::won_line(&g, seed, 200_000) {
                let h = s.found.by_suit();
                let up = |m: &KMove| match *m {
                    KMove::ColFound(c) => s.cols[c as usize].top().is_some_and(|c| c.rank() >= 3),
                    _ => false,
                };
                if g.safe_move(&s).is_some_and(|m| up(&m)) && h.iter().all(|&x| x < 13) {
                    fired.push(s);
                }
            }
        }
        let a = crate::testing::pruning_agrees_on(&g, fired.iter().step_by(3), 20_000);
        assert!(a.won >= 100, "{a:?} of {}", fired.len());
    }

    /// The column moves by the rule text, every part of every run tried on every column.
    fn naive_col_moves(g: &Klondike, s: &KState) -> Vec<KMove> {
        let mut out = Vec::new();
        for from in 0..COLS {
            let col = &s.cols[from];
            let up = col.up();
            let first = if g.partial_runs { 1 } else { up.max(1) };
            for n in first..=up {
                let base = col.cards()[col.len() - n];
                for to in (0..COLS).filter(|&to| to != from) {
                    let fits = match s.cols[to].top() {
                        None => n != col.len() && base.rank() == KING,
                        Some(t) => base.rank() > ACE && down_alternate(t, base),
                    };
                    if fits {
                        out.push(KMove::ColCol(from as u8, to as u8, n as u8));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn column_moves_as_the_rule_text_says() {
        let mut checked = 0;
        for g in [Klondike::default(), modern()] {
            for seed in 0..40 {
                walk(&g, &deal(&g, seed), 200, seed, |s| {
                    let mut fast = Vec::new();
                    g.col_moves(s, &mut fast);
                    assert_eq!(fast, naive_col_moves(&g, s), "{}", g.key_text(s));
                    checked += usize::from(!fast.is_empty());
                });
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Does the solver drop a legal move that `kind` picks here (and no safe move plays)?
    fn drops(g: &Klondike, s: &KState, kind: fn(&KState, &KMove) -> bool) -> bool {
        if g.safe_move(s).is_some() {
            return false;
        }
        let (mut legal, mut kept) = (Vec::new(), Vec::new());
        g.moves(s, &mut legal);
        g.solver_moves(s, &mut kept);
        legal.iter().any(|m| kind(s, m) && !kept.contains(m))
    }

    fn partial(s: &KState, m: &KMove) -> bool {
        matches!(*m, KMove::ColCol(f, _, n) if (n as usize) < s.cols[f as usize].up())
    }

    fn coming_down(_: &KState, m: &KMove) -> bool {
        matches!(m, KMove::FoundCol(..))
    }

    /// Positions of modern games where the solver drops a move of `kind`: along won lines
    /// of deals and random walks from them, and along random walks from the deals.
    fn dropping(g: &Klondike, kind: fn(&KState, &KMove) -> bool) -> Vec<KState> {
        let mut at = Vec::new();
        for seed in 1..16 {
            let line = crate::testing::won_line(g, seed, 50_000);
            let mut starts = line.iter().step_by(15).cloned().collect::<Vec<_>>();
            starts.push(deal(g, seed));
            for (i, st) in starts.iter().enumerate() {
                walk(g, st, 30, seed * 100 + i as u64, |s| {
                    if drops(g, s, kind) {
                        at.push(*s);
                    }
                });
            }
        }
        at
    }

    /// The partial-run pruning ([`Klondike::drop_idle_partial_moves`]) against the plain
    /// search, on positions where it drops a move.
    #[test]
    fn partial_run_pruning_keeps_verdicts() {
        let g = modern();
        let at = dropping(&g, partial);
        let a = crate::testing::pruning_agrees_on(&g, at.iter().step_by(3), 10_000);
        eprintln!("partial-run pruning: {a:?} of {}", at.len());
        assert!(a.won >= 100 && a.lost >= 20, "{a:?} of {}", at.len());
    }

    /// The idle foundation returns ([`idle_return`]) against the plain search, on
    /// positions where one is dropped (a pruned verdict other than the plain `won`
    /// would show a lost win).
    #[test]
    fn idle_return_pruning_keeps_verdicts() {
        let g = modern();
        let at = dropping(&g, coming_down);
        let a = crate::testing::pruning_agrees_on(&g, &at, 10_000);
        eprintln!("idle returns: {a:?} of {}", at.len());
        // These positions come late, most of them won: the ones where a dropped move
        // that a win needs would show.
        assert!(a.won >= 100, "{a:?} of {}", at.len());
    }

    #[test]
    fn pruning_keeps_verdicts_other_options() {
        let g = Klondike {
            stock: StockRule {
                draw: 3,
                passes: Some(3),
                shuffled: false,
            },
            ..Klondike::default()
        };
        let (won, lost) = agrees(g, 1..25, 50_000);
        assert!(
            won >= 2 && lost >= 20,
            "only {won} won, {lost} lost compared"
        );
    }

    #[test]
    fn key_changes_with_the_stock() {
        let g = Klondike::default();
        let mut s = deal(&g, 3);
        let k0 = g.key(&s);
        g.play(&mut s, KMove::Turn);
        assert_ne!(g.key(&s), k0);
        let mut legal = Vec::new();
        g.moves(&s, &mut legal);
        if let Some(&m) = legal
            .iter()
            .find(|m| matches!(m, KMove::TalonCol(_) | KMove::TalonFound))
        {
            let k1 = g.key(&s);
            g.play(&mut s, m);
            assert_ne!(g.key(&s), k1);
        }
    }

    /// The position as the key claims to know it: each column with face-down cards as
    /// it lies, the runs of the columns without face-down cards as a sorted list,
    /// foundation heights by suit, and the stock (pack and talon, or only which cards are
    /// left on the turning cycle of unlimited passes) with the pass where it matters.
    fn normalized(g: &Klondike, s: &KState) -> String {
        let mut fixed = Vec::new();
        let mut free = Vec::new();
        for c in &s.cols {
            let text: Vec<String> = c.cards().iter().map(|x| x.to_string()).collect();
            if c.down() > 0 {
                fixed.push(format!("{}/{}", c.down(), text.join(" ")));
            } else {
                fixed.push("-".into());
                free.push(text.join(" "));
            }
        }
        free.sort();
        let stock = if s.stock.on_cycle(&g.stock) {
            let mut left: Vec<String> = s
                .stock
                .pack()
                .chain(s.stock.talon())
                .map(|c| c.to_string())
                .collect();
            left.sort();
            format!("cycle {}", left.join(" "))
        } else {
            let pack: Vec<String> = s.stock.pack().map(|c| c.to_string()).collect();
            let talon: Vec<String> = s.stock.talon().map(|c| c.to_string()).collect();
            format!("{} | {}", pack.join(" "), talon.join(" "))
        };
        let pass = if g.stock.passes.is_some_and(|p| p > 1) {
            s.stock.pass
        } else {
            0
        };
        format!("{fixed:?} {free:?} {:?} {stock} {pass}", s.found.by_suit())
    }

    /// The key is exact up to its declared symmetries: along random walks of several
    /// rule sets, equal keys have equal normalized positions and different keys
    /// different ones.
    #[test]
    fn the_key_is_exact_up_to_its_symmetries() {
        let limited = Klondike {
            stock: StockRule {
                draw: 3,
                passes: Some(3),
                shuffled: false,
            },
            partial_runs: true,
            ..Klondike::default()
        };
        for g in [Klondike::default(), modern(), limited] {
            let (mut keys, mut merged) = (0, 0);
            for seed in 0..60 {
                // The key is exact within one deal (face-down cards and the stock order
                // are the deal's).
                let mut by_key = std::collections::HashMap::new();
                let mut by_text = std::collections::HashMap::new();
                walk(&g, &deal(&g, seed), 300, seed, |s| {
                    let (k, t) = (g.key(s), normalized(&g, s));
                    if let Some(prev) = by_key.insert(k, t.clone()) {
                        assert_eq!(prev, t, "one key, two positions");
                        merged += 1;
                    }
                    if let Some(prev) = by_text.insert(t, k) {
                        assert_eq!(prev, k, "one position, two keys");
                    }
                });
                keys += by_key.len();
            }
            assert!(
                keys > 2000 && merged > 10,
                "{keys} keys, {merged} met again"
            );
        }
    }

    /// Positions with the same solver key agree on what the declared symmetries keep:
    /// the cards left in the stock, the foundations, the face-down cards.
    #[test]
    fn equal_keys_have_equal_futures_along_walks() {
        for g in [Klondike::default(), modern()] {
            let mut seen = std::collections::HashMap::new();
            for seed in 0..30 {
                walk(&g, &deal(&g, seed), 200, seed, |s| {
                    let mut down: Vec<usize> = s.cols.iter().map(|c| c.down()).collect();
                    down.sort_unstable();
                    let info = (s.stock.len(), s.found.total(), down);
                    if let Some(prev) = seen.insert(g.key(s), info.clone()) {
                        assert_eq!(prev, info, "{}", g.key_text(s));
                    }
                });
            }
        }
    }
}
