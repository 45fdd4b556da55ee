//! CANFIELD OR KLONDIKE (`canfield-or-klondike`), from `rules/canfield-or-klondike.md`.
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
//! Talon plays are searched as macro moves: "turn (and re-deal) k times, then play the
//! talon top". Turning never affects anything but the talon, so a winning line can always
//! play each turned card right after the turns that expose it, and a card can only be the
//! talon top with the same talon beneath it; one macro per reachable card keeps every win.

use crate::card::{pile_text, Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{
    bool_option, check_option_names, int_option, Game, GameInfo, OptionInfo, Options,
};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::down_alternate;

const NONE: u8 = 0xff;
/// Destination of a macro move: a column 0..=6, or the foundations.
const TO_FOUNDATION: u8 = 7;

/// The game with its options; `Default` is the book's game.
#[derive(Clone, Debug)]
pub struct Klondike {
    /// Cards turned by one `turn` (1 or 3).
    pub draw: u8,
    /// Passes through the pack; `None` for unlimited.
    pub passes: Option<u32>,
    /// Part of a face-up run may move.
    pub partial_runs: bool,
    /// Foundation cards (not aces) may come back to a column.
    pub foundation_return: bool,
    /// Solver only: use safe moves, dominance pruning and stock macro moves (true, the
    /// default). False searches the plain legal moves, to check the pruning's verdicts.
    pub prune: bool,
}

impl Default for Klondike {
    fn default() -> Self {
        Klondike {
            draw: 1,
            passes: Some(1),
            partial_runs: false,
            foundation_return: false,
            prune: true,
        }
    }
}

pub const SLUG: &str = "canfield-or-klondike";

impl Klondike {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        check_option_names(
            SLUG,
            opts,
            &["draw", "passes", "partial_runs", "foundation_return"],
        )?;
        let draw = int_option(opts, "draw", Some(1), 1, 3, false)?.unwrap_or(1);
        if draw == 2 {
            return Err(EngineError::BadOption {
                option: "draw".into(),
                message: "expected 1 or 3, got 2".into(),
            });
        }
        let passes = int_option(opts, "passes", Some(1), 1, 1000, true)?.map(|p| p as u32);
        Ok(Klondike {
            draw: draw as u8,
            passes,
            partial_runs: bool_option(opts, "partial_runs", false)?,
            foundation_return: bool_option(opts, "foundation_return", false)?,
            prune: true,
        })
    }
}

/// One column: `cards[..len]` bottom to top, the first `down` face down.
#[derive(Copy, Clone, Debug)]
pub struct Col {
    cards: [Card; 20],
    len: u8,
    down: u8,
}

impl Col {
    #[inline]
    fn top(&self) -> Option<Card> {
        (self.len > 0).then(|| self.cards[self.len as usize - 1])
    }
    #[inline]
    fn up(&self) -> u8 {
        self.len - self.down
    }
    #[inline]
    fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }
    #[inline]
    fn pop(&mut self) -> Card {
        self.len -= 1;
        let c = self.cards[self.len as usize];
        self.turn_up();
        c
    }
    /// A face-down card left on top turns face up (automatic).
    #[inline]
    fn turn_up(&mut self) {
        if self.len > 0 && self.down == self.len {
            self.down -= 1;
        }
    }
    fn slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// A pile of at most 24 cards (pack or talon), bottom to top.
#[derive(Copy, Clone, Debug)]
pub struct Pile24 {
    cards: [Card; 24],
    len: u8,
}

impl Pile24 {
    #[inline]
    fn top(&self) -> Option<Card> {
        (self.len > 0).then(|| self.cards[self.len as usize - 1])
    }
    #[inline]
    fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }
    #[inline]
    fn pop(&mut self) -> Card {
        self.len -= 1;
        self.cards[self.len as usize]
    }
    fn slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct KState {
    cols: [Col; 7],
    /// Suit held by each foundation place, or `NONE`.
    place_suit: [u8; 4],
    /// Top rank on the foundation of each suit (0 = none yet).
    height: [u8; 4],
    pack: Pile24,
    talon: Pile24,
    /// 1 + re-deals made.
    pass: u8,
    /// The cards in the pack or the talon, by [`Card::index`] (for the key).
    stock_mask: u64,
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum KMove {
    Turn,
    Redeal,
    ColFound(u8),
    TalonFound,
    TalonCol(u8),
    ColCol {
        from: u8,
        to: u8,
        n: u8,
    },
    FoundCol {
        suit: u8,
        to: u8,
    },
    /// Solver only: `steps` turns/re-deals, then the talon top to `dest`.
    Stock {
        steps: u8,
        dest: u8,
    },
}

impl KState {
    /// Take the talon's top card out of the pack and talon.
    #[inline]
    fn take_talon(&mut self) -> Card {
        let c = self.talon.pop();
        self.stock_mask &= !(1 << c.index());
        c
    }
    #[inline]
    fn fits_foundation(&self, c: Card) -> bool {
        self.height[c.suit() as usize] + 1 == c.rank()
    }
    #[inline]
    fn fits_col(&self, to: usize, base: Card) -> bool {
        match self.cols[to].top() {
            None => base.rank() == KING,
            Some(t) => base.rank() > ACE && down_alternate(t, base),
        }
    }
    fn put_on_foundation(&mut self, c: Card) {
        let s = c.suit();
        if c.rank() == ACE {
            if let Some(p) = self.place_suit.iter().position(|&x| x == NONE) {
                self.place_suit[p] = s;
            }
        }
        self.height[s as usize] = c.rank();
    }
    /// Foundation place (0-based) that would receive `c`.
    fn foundation_place(&self, c: Card) -> usize {
        if c.rank() == ACE {
            self.place_suit.iter().position(|&x| x == NONE).unwrap_or(0)
        } else {
            self.place_suit
                .iter()
                .position(|&x| x == c.suit())
                .unwrap_or(0)
        }
    }
}

impl Klondike {
    fn can_redeal(&self, s: &KState) -> bool {
        s.pack.len == 0 && s.talon.len > 0 && self.passes.is_none_or(|p| u32::from(s.pass) < p)
    }

    /// One primitive step of the pack: turn if the pack has cards, else re-deal.
    fn stock_step(&self, s: &mut KState) -> Option<KMove> {
        if s.pack.len > 0 {
            self.turn(s);
            Some(KMove::Turn)
        } else if self.can_redeal(s) {
            self.redeal(s);
            Some(KMove::Redeal)
        } else {
            None
        }
    }

    fn turn(&self, s: &mut KState) {
        for _ in 0..self.draw {
            if s.pack.len == 0 {
                break;
            }
            let c = s.pack.pop();
            s.talon.push(c);
        }
    }

    fn redeal(&self, s: &mut KState) {
        while s.talon.len > 0 {
            let c = s.talon.pop();
            s.pack.push(c);
        }
        s.pass = s.pass.saturating_add(1);
    }

    /// Column-to-column moves (legal ones), in a fixed order.
    fn col_moves(&self, s: &KState, out: &mut Vec<KMove>) {
        for from in 0..7 {
            let col = &s.cols[from];
            let up = col.up();
            if up == 0 {
                continue;
            }
            let counts = if self.partial_runs { 1..=up } else { up..=up };
            for n in counts {
                let base = col.cards[(col.len - n) as usize];
                let whole_column = n == col.len;
                for to in 0..7 {
                    if to == from || !s.fits_col(to, base) {
                        continue;
                    }
                    if s.cols[to].len == 0 && whole_column {
                        continue; // null move: a king run already filling its column
                    }
                    out.push(KMove::ColCol {
                        from: from as u8,
                        to: to as u8,
                        n,
                    });
                }
            }
        }
    }

    fn found_col_moves(&self, s: &KState, out: &mut Vec<KMove>) {
        if !self.foundation_return {
            return;
        }
        for p in 0..4 {
            let suit = s.place_suit[p];
            if suit == NONE {
                continue;
            }
            let r = s.height[suit as usize];
            if r < 2 {
                continue;
            }
            let c = Card::new(r, suit);
            for to in 0..7 {
                if s.fits_col(to, c) {
                    out.push(KMove::FoundCol { suit, to: to as u8 });
                }
            }
        }
    }

    /// Could a king ever move into an empty column? Kings in the pack or talon, kings
    /// above the bottom of a column, and (with `foundation_return`) kings on foundations
    /// can; a king at the bottom of its column never needs another one.
    fn king_may_need_space(&self, s: &KState) -> bool {
        let is_king = |c: &Card| c.rank() == KING;
        s.pack.slice().iter().any(is_king)
            || s.talon.slice().iter().any(is_king)
            || s.cols.iter().any(|c| c.slice().iter().skip(1).any(is_king))
            || (self.foundation_return && s.height.contains(&KING))
    }

    /// The talon plays reachable by turning (and re-dealing): for each card that can
    /// become the talon top, the first number of stock steps that shows it, as a
    /// `Stock` macro to the foundation (`to_foundation`) or to each column that takes it.
    /// The pack and talon are walked as one sequence (the talon bottom to top, then the
    /// pack top down) with the talon length as a cursor, so nothing is copied.
    fn stock_macros(&self, s: &KState, out: &mut Vec<KMove>, to_foundation: bool) {
        let tl = s.talon.len as usize;
        let pl = s.pack.len as usize;
        let n = tl + pl;
        let seq = |i: usize| -> Card {
            if i < tl {
                s.talon.cards[i]
            } else {
                s.pack.cards[pl - 1 - (i - tl)]
            }
        };
        let may_redeal =
            |t: usize, pass: u8| t == n && t > 0 && self.passes.is_none_or(|p| u32::from(pass) < p);
        let mut seen: u64 = 0;
        let mut t = tl;
        let mut pass = s.pass;
        let mut steps: u8 = 0;
        let mut redeals = 0;
        loop {
            if t > 0 {
                let c = seq(t - 1);
                if seen & (1 << c.index()) == 0 {
                    seen |= 1 << c.index();
                    if to_foundation {
                        if s.fits_foundation(c) {
                            out.push(KMove::Stock {
                                steps,
                                dest: TO_FOUNDATION,
                            });
                        }
                    } else {
                        for to in 0..7 {
                            if s.fits_col(to, c) {
                                out.push(KMove::Stock {
                                    steps,
                                    dest: to as u8,
                                });
                            }
                        }
                    }
                }
            }
            if t == n {
                if redeals == 1 || !may_redeal(t, pass) {
                    break;
                }
                redeals += 1;
            }
            // One stock step, as `stock_step` does it.
            if t < n {
                t = (t + self.draw as usize).min(n);
            } else if may_redeal(t, pass) {
                t = 0;
                pass = pass.saturating_add(1);
            } else {
                break;
            }
            if steps == u8::MAX {
                break;
            }
            steps += 1;
        }
    }

    /// Is playing `c` to its foundation provably safe?
    fn safe_put_on_foundation(&self, s: &KState, c: Card) -> bool {
        if c.rank() <= 2 {
            return true;
        }
        if self.foundation_return {
            return false;
        }
        let r = c.rank() - 1;
        (0..4u8)
            .filter(|&su| Card::new(1, su).colour() != c.colour())
            .all(|su| s.height[su as usize] >= r)
    }
}

impl Game for Klondike {
    type State = KState;
    type Move = KMove;
    type Key = [u64; 4];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "Canfield or Klondike",
            pack: PackSpec::Standard(1),
            options: vec![
                OptionInfo {
                    name: "draw",
                    default: "1".into(),
                    help: "cards turned by one turn: 1 or 3",
                },
                OptionInfo {
                    name: "passes",
                    default: "1".into(),
                    help: "passes through the pack (1 = no re-deal); None = unlimited",
                },
                OptionInfo {
                    name: "partial_runs",
                    default: "False".into(),
                    help: "part of a face-up run may move between columns",
                },
                OptionInfo {
                    name: "foundation_return",
                    default: "False".into(),
                    help: "the top card of a foundation (not an ace) may come back to a column",
                },
            ],
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<KState, EngineError> {
        let empty = Col {
            cards: [Card::default(); 20],
            len: 0,
            down: 0,
        };
        let mut s = KState {
            cols: [empty; 7],
            place_suit: [NONE; 4],
            height: [0; 4],
            pack: Pile24 {
                cards: [Card::default(); 24],
                len: 0,
            },
            talon: Pile24 {
                cards: [Card::default(); 24],
                len: 0,
            },
            pass: 1,
            stock_mask: 0,
        };
        let mut k = 0;
        for r in 0..7 {
            for i in r..7 {
                s.cols[i].push(cards[k]);
                k += 1;
            }
        }
        for (i, col) in s.cols.iter_mut().enumerate() {
            col.down = i as u8;
        }
        for &c in cards[k..].iter().rev() {
            s.pack.push(c);
            s.stock_mask |= 1 << c.index();
        }
        Ok(s)
    }

    fn moves(&self, s: &KState, out: &mut Vec<KMove>) {
        for from in 0..7 {
            if let Some(c) = s.cols[from].top() {
                if s.fits_foundation(c) {
                    out.push(KMove::ColFound(from as u8));
                }
            }
        }
        if let Some(c) = s.talon.top() {
            if s.fits_foundation(c) {
                out.push(KMove::TalonFound);
            }
            for to in 0..7 {
                if s.fits_col(to, c) {
                    out.push(KMove::TalonCol(to as u8));
                }
            }
        }
        self.col_moves(s, out);
        self.found_col_moves(s, out);
        if s.pack.len > 0 {
            out.push(KMove::Turn);
        }
        if self.can_redeal(s) {
            out.push(KMove::Redeal);
        }
    }

    fn play(&self, s: &mut KState, m: KMove) {
        match m {
            KMove::Turn => self.turn(s),
            KMove::Redeal => self.redeal(s),
            KMove::ColFound(from) => {
                let c = s.cols[from as usize].pop();
                s.put_on_foundation(c);
            }
            KMove::TalonFound => {
                let c = s.take_talon();
                s.put_on_foundation(c);
            }
            KMove::TalonCol(to) => {
                let c = s.take_talon();
                s.cols[to as usize].push(c);
            }
            KMove::ColCol { from, to, n } => {
                let (f, t) = (from as usize, to as usize);
                let start = (s.cols[f].len - n) as usize;
                for i in 0..n as usize {
                    let c = s.cols[f].cards[start + i];
                    s.cols[t].push(c);
                }
                s.cols[f].len -= n;
                s.cols[f].turn_up();
            }
            KMove::FoundCol { suit, to } => {
                let r = s.height[suit as usize];
                s.height[suit as usize] = r - 1;
                s.cols[to as usize].push(Card::new(r, suit));
            }
            KMove::Stock { steps, dest } => {
                for _ in 0..steps {
                    self.stock_step(s);
                }
                let c = s.take_talon();
                if dest == TO_FOUNDATION {
                    s.put_on_foundation(c);
                } else {
                    s.cols[dest as usize].push(c);
                }
            }
        }
    }

    fn is_won(&self, s: &KState) -> bool {
        s.height == [13; 4]
    }

    fn move_text(&self, s: &KState, m: KMove) -> String {
        let f = |c: Card| s.foundation_place(c) + 1;
        match m {
            KMove::Turn => "turn".into(),
            KMove::Redeal => "redeal".into(),
            KMove::ColFound(from) => {
                let c = s.cols[from as usize].top().unwrap_or_default();
                format!("t{}>f{}", from + 1, f(c))
            }
            KMove::TalonFound => format!("talon>f{}", f(s.talon.top().unwrap_or_default())),
            KMove::TalonCol(to) => format!("talon>t{}", to + 1),
            KMove::ColCol { from, to, n } => {
                if self.partial_runs {
                    format!("t{}:{}>t{}", from + 1, n, to + 1)
                } else {
                    format!("t{}>t{}", from + 1, to + 1)
                }
            }
            KMove::FoundCol { suit, to } => {
                let p = s.place_suit.iter().position(|&x| x == suit).unwrap_or(0);
                format!("f{}>t{}", p + 1, to + 1)
            }
            KMove::Stock { steps, dest } => format!("stock:{steps}>{dest}"),
        }
    }

    fn key_text(&self, s: &KState) -> String {
        let mut out = String::with_capacity(200);
        for (i, col) in s.cols.iter().enumerate() {
            pile_text(
                &mut out,
                &format!("T{}", i + 1),
                col.slice(),
                col.down as usize,
            );
            out.push(' ');
        }
        for p in 0..4 {
            let suit = s.place_suit[p];
            let cards: Vec<Card> = if suit == NONE {
                Vec::new()
            } else {
                (1..=s.height[suit as usize])
                    .map(|r| Card::new(r, suit))
                    .collect()
            };
            pile_text(&mut out, &format!("F{}", p + 1), &cards, 0);
            out.push(' ');
        }
        pile_text(&mut out, "pack", s.pack.slice(), s.pack.len as usize);
        out.push(' ');
        pile_text(&mut out, "talon", s.talon.slice(), 0);
        if self.passes.is_some() {
            out.push_str(&format!(" pass:{}", s.pass));
        }
        out
    }

    fn display(&self, s: &KState) -> String {
        let mut out = String::new();
        out.push_str("Foundations:");
        for p in 0..4 {
            let suit = s.place_suit[p];
            if suit == NONE || s.height[suit as usize] == 0 {
                out.push_str(&format!("  F{} --", p + 1));
            } else {
                out.push_str(&format!(
                    "  F{} {}",
                    p + 1,
                    Card::new(s.height[suit as usize], suit)
                ));
            }
        }
        out.push_str(&format!(
            "\nPack: {} cards   Talon: {}{}",
            s.pack.len,
            s.talon.top().map_or("--".to_string(), |c| c.to_string()),
            if s.talon.len > 1 {
                format!(" (+{} beneath)", s.talon.len - 1)
            } else {
                String::new()
            }
        ));
        if let Some(p) = self.passes {
            out.push_str(&format!("   Pass {} of {}", s.pass, p));
        }
        out.push('\n');
        for (i, col) in s.cols.iter().enumerate() {
            out.push_str(&format!("T{}:", i + 1));
            for (j, c) in col.slice().iter().enumerate() {
                if j < col.down as usize {
                    out.push_str(" ##");
                } else {
                    out.push_str(&format!(" {c}"));
                }
            }
            out.push('\n');
        }
        out
    }

    fn key(&self, s: &KState) -> [u64; 4] {
        // Per column 22 bits: 3 (face-down count) + 6 (index+1 of the deepest face-up
        // card, 0 if none) + 13 (suit bits of the run above it, under a sentinel 1 bit
        // that also gives the run's length). Foundation heights per suit 4 x 4 = 16;
        // pack+talon: which cards are still there, 52, and the talon's length 5; pass 8.
        // Words: [T1 T2 heights] [T3 T4 talon pass] [T5 T6 mask(low 20)] [T7 mask(high 32)].
        // Face-down cards never move and the pack and talon always keep the order of the
        // deal, so this is exact for one deal. Columns without face-down cards are
        // interchangeable (nothing distinguishes them but their runs), so their runs are
        // sorted among their places: a symmetry.
        let mut code = [0u64; 7];
        let mut open = [u64::MAX; 7];
        let mut n_open = 0;
        for (i, col) in s.cols.iter().enumerate() {
            let mut run = 0u64;
            if col.len > col.down {
                let cards = &col.cards[col.down as usize..col.len as usize];
                let mut bits: u64 = 1;
                for c in &cards[1..] {
                    bits = (bits << 1) | u64::from(c.suit() >= 2);
                }
                run = ((cards[0].index() as u64 + 1) << 13) | bits;
            }
            if col.down == 0 {
                open[n_open] = run;
                n_open += 1;
            }
            code[i] = u64::from(col.down) | run << 3;
        }
        if n_open > 1 {
            open[..n_open].sort_unstable();
            let mut next = 0;
            for (i, col) in s.cols.iter().enumerate() {
                if col.down == 0 {
                    code[i] = open[next] << 3;
                    next += 1;
                }
            }
        }
        let mut heights = 0u64;
        for (i, &h) in s.height.iter().enumerate() {
            heights |= u64::from(h) << (4 * i);
        }
        let pass = if self.passes.is_some() {
            u64::from(s.pass)
        } else {
            0
        };
        let mask = s.stock_mask;
        // With unlimited passes, the talon positions on the turning cycle (a talon whose
        // length is a multiple of `draw`, or an empty pack) all reach each other by `turn`
        // and `redeal` alone, which change nothing else: positions that differ only there
        // have the same future, so they share one key (31, a length no talon reaches).
        let on_cycle = s.talon.len.is_multiple_of(self.draw) || s.pack.len == 0;
        let talon = if self.prune && self.passes.is_none() && on_cycle {
            31
        } else {
            u64::from(s.talon.len)
        };
        [
            code[0] | code[1] << 22 | heights << 44,
            code[2] | code[3] << 22 | talon << 44 | pass << 49,
            code[4] | code[5] << 22 | (mask & 0xf_ffff) << 44,
            code[6] | (mask >> 20) << 22,
        ]
    }

    fn safe_move(&self, s: &KState) -> Option<KMove> {
        if !self.prune {
            return None;
        }
        for from in 0..7 {
            if let Some(c) = s.cols[from].top() {
                if s.fits_foundation(c) && self.safe_put_on_foundation(s, c) {
                    return Some(KMove::ColFound(from as u8));
                }
            }
        }
        if self.draw == 1 {
            if let Some(c) = s.talon.top() {
                if s.fits_foundation(c) && self.safe_put_on_foundation(s, c) {
                    return Some(KMove::TalonFound);
                }
            }
        }
        None
    }

    fn solver_moves(&self, s: &KState, out: &mut Vec<KMove>) {
        if !self.prune {
            self.moves(s, out);
            return;
        }
        for from in 0..7 {
            if let Some(c) = s.cols[from].top() {
                if s.fits_foundation(c) {
                    out.push(KMove::ColFound(from as u8));
                }
            }
        }
        // Column moves that turn up a face-down card or empty a column come first, then
        // the talon plays, then the other column moves. All are built in `out` itself.
        let a = out.len();
        self.col_moves(s, out);
        if !self.king_may_need_space(s) {
            // Emptying a column that no king can ever fill only covers the destination's
            // top card: the position before the move is at least as good (dominated).
            let mut w = a;
            for i in a..out.len() {
                let keep = match out[i] {
                    KMove::ColCol { from, n, .. } => n != s.cols[from as usize].len,
                    _ => true,
                };
                if keep {
                    out[w] = out[i];
                    w += 1;
                }
            }
            out.truncate(w);
        }
        let reveals = |m: &KMove| match *m {
            KMove::ColCol { from, n, .. } => n == s.cols[from as usize].up(),
            _ => false,
        };
        // Stable partition: revealing moves to the front of the segment.
        let mut w = a;
        for i in a..out.len() {
            if reveals(&out[i]) {
                out[w..=i].rotate_right(1);
                w += 1;
            }
        }
        let others = out.len() - w;
        // Talon plays, as macro moves over the pack.
        self.stock_macros(s, out, true);
        self.stock_macros(s, out, false);
        out[w..].rotate_left(others);
        self.found_col_moves(s, out);
    }

    fn expand(&self, s: &KState, m: KMove, out: &mut Vec<KMove>) {
        match m {
            KMove::Stock { steps, dest } => {
                let mut t = s.clone();
                for _ in 0..steps {
                    if let Some(p) = self.stock_step(&mut t) {
                        out.push(p);
                    }
                }
                out.push(if dest == TO_FOUNDATION {
                    KMove::TalonFound
                } else {
                    KMove::TalonCol(dest)
                });
            }
            other => out.push(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits, Verdict};
    use std::sync::atomic::AtomicBool;

    fn deal(g: &Klondike, seed: u64) -> KState {
        let (cards, rng) = g.info().pack.shuffled(seed);
        g.start(cards, rng).expect("deal")
    }

    /// Every move of a won line is legal where it is played, and the line wins.
    fn assert_replays(g: &Klondike, start: &KState, line: &[KMove]) {
        let mut s = start.clone();
        let mut legal = Vec::new();
        for &m in line {
            legal.clear();
            g.moves(&s, &mut legal);
            assert!(legal.contains(&m), "illegal {m:?} in {}", g.key_text(&s));
            g.play(&mut s, m);
        }
        assert!(g.is_won(&s));
    }

    /// Verdicts with the pruning (safe moves, dominance, stock macros) agree with the
    /// plain search wherever both are decided within the limits, and won lines replay.
    fn pruning_agrees(base: Klondike, seeds: std::ops::Range<u64>, max_states: u64) -> usize {
        let plain = Klondike {
            prune: false,
            ..base.clone()
        };
        let limits = Limits {
            max_states: Some(max_states),
            ..Limits::default()
        };
        let cancel = AtomicBool::new(false);
        let mut compared = 0;
        for seed in seeds {
            let s = deal(&base, seed);
            let a = solve(&base, &s, &limits, &cancel);
            let b = solve(&plain, &s, &limits, &cancel);
            for (g, o) in [(&base, &a), (&plain, &b)] {
                if o.verdict == Verdict::Won {
                    assert_replays(g, &s, &o.moves);
                }
            }
            if a.verdict != Verdict::Unknown && b.verdict != Verdict::Unknown {
                assert_eq!(a.verdict, b.verdict, "seed {seed}");
                compared += 1;
            }
        }
        compared
    }

    #[test]
    fn pruning_keeps_verdicts_book_game() {
        let n = pruning_agrees(Klondike::default(), 1..40, 400_000);
        assert!(n >= 10, "only {n} seeds decided by both");
    }

    #[test]
    fn pruning_keeps_verdicts_modern() {
        let g = Klondike {
            draw: 3,
            passes: None,
            partial_runs: true,
            foundation_return: true,
            ..Klondike::default()
        };
        let n = pruning_agrees(g, 1..30, 300_000);
        assert!(n >= 5, "only {n} seeds decided by both");
    }

    #[test]
    fn pruning_keeps_verdicts_other_options() {
        let g = Klondike {
            draw: 3,
            passes: Some(3),
            ..Klondike::default()
        };
        let n = pruning_agrees(g, 1..25, 300_000);
        assert!(n >= 5, "only {n} seeds decided by both");
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
}
