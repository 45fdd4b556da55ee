//! THE HERRING-BONE (`herring-bone`), from `rules/herring-bone.md`.
//!
//! Over the 400-line budget: the rules take about half of it; the rest is the solver's own
//! arguments, which no part provides (the foundation window and its macro, two safe-play
//! rules, the relaxed dead test of the pool and the last talon) and the layout's picture.
//!
//! # Layout and deal
//! Two packs. Cards 1-28 are the herring-bone `HB`, one pile (card 28 on top); 29-36 the
//! side scenes S1-S8; 37-40 the bars B1-B4; card 41 is F1's base, its rank the base rank of
//! all eight foundations; 42-104 the pack. The first position awaits F1's direction.
//! `german`: the herring-bone comes from one pack alone ([`german_deal`]).
//!
//! # Foundations
//! The base-rank cards, placed compulsorily as soon as available, each in the lowest empty
//! place. Per suit one builds up, one down, in suit, wrapping, 13 cards: the player chooses
//! (`up` / `down`) at the first of a suit, the second takes the other way. A top card may
//! pass to the other foundation of its suit when it is that one's next card (never a base).
//!
//! # Piles and availability
//! Available: the herring-bone top, the bars, the side scenes, the talon top. Automatic
//! steps after every move: an empty bar, B1 first, takes the herring-bone top; an available
//! base card (HB, B1-B4, S1-S8, talon) goes to a foundation.
//!
//! # Spaces
//! Bars refill from the herring-bone; side scenes from the talon, at will; HB never.
//!
//! # Pack, talon and re-deals
//! One card a turn; two re-deals, the talon (bottom card first) shuffled with the stream.
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! - Key: up to the places of the foundations (a suit as the lengths of its up and down
//!   foundation) and the order of the side scenes and of the bars; HB as its length.
//! - The window: when the two foundations of a suit hold 12 cards besides their bases,
//!   exchanges keep the total and reach every split: one class, written once in the key.
//!   Exchanges are left out; a card of the suit is played by the macro `Via` "exchange until
//!   it fits, then play it" (both foundations end the same whichever takes it).
//! - The talon into the lowest empty side scene only (they are interchangeable).
//! - The stock macro ([`Stock::reachable_tops`]): turn k cards, then use the talon top or
//!   re-deal, stopping at a turn that places a base card (a turn commutes with every move
//!   not using the talon, unless it places a base card).
//! - Safe plays: [`HerringBone::safe_move`]; dead positions: `HerringBone::dead`.
//! - Move order: layout plays, then the talon's; a new suit's nearer direction first.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, OptValue, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::{fixed_point_window, move_top, sort_among, Ladder, Ladders, Opt, OptKind};
use crate::parts::{options::game_info, text::move_text, Base, BitWriter, Dealer, Dir, KeyText};
use crate::parts::{Parsed, Pile, Place, Relaxed, Stock, StockRule};

pub const SLUG: &str = "herring-bone";

const NONE: u8 = 0xff;
const HB_CARDS: usize = 28;
/// In suit, each place's way chosen, wrapping, 13 cards from the dealt base rank.
const LADDER: Ladder = Ladder {
    dir: Dir::Either,
    wrap: true,
    base: Base::Dealt,
    ..Ladder::ACE_UP
};
const STOCK: StockRule = StockRule {
    draw: 1,
    passes: Some(3),
    shuffled: true,
};
const OPTIONS: &[Opt] = &[Opt {
    name: "german",
    kind: OptKind::Bool,
    default: OptValue::Bool(false),
    help: "the German variety: the herring-bone is dealt from one pack alone",
}];

/// The game with its options; `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct HerringBone {
    /// The herring-bone is dealt from one pack alone ([`german_deal`]); play is the same.
    pub german: bool,
}

impl HerringBone {
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let german = Parsed::new(SLUG, OPTIONS, opts)?.bool("german");
        Ok(HerringBone { german })
    }
}

/// The `german` dealing order: copy 1 shuffled with the seed's stream gives the
/// herring-bone (its first 28 cards); its other 24 then copy 2, shuffled with the same
/// stream, give cards 29-104. Returns the order and the stream for the re-deals.
pub fn german_deal(seed: u64) -> (Vec<Card>, SplitMix64) {
    let mut rng = SplitMix64::new(seed);
    let mut copy1 = PackSpec::Standard(1).cards();
    rng.shuffle(&mut copy1);
    let mut rest: Vec<Card> = copy1.split_off(HB_CARDS);
    rest.extend(PackSpec::Standard(1).cards());
    rng.shuffle(&mut rest);
    copy1.extend(rest);
    (copy1, rng)
}

/// A source of an available card: the herring-bone top, bar 0..=3, side scene 0..=7, the
/// talon top.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Src {
    Hb,
    Bar(u8),
    Side(u8),
    Talon,
}

impl Src {
    /// The `i`-th source in the rule file's order: HB, B1-B4, S1-S8, talon.
    fn nth(i: usize) -> Src {
        match i {
            0 => Src::Hb,
            1..=4 => Src::Bar(i as u8 - 1),
            5..=12 => Src::Side(i as u8 - 5),
            _ => Src::Talon,
        }
    }
    /// Its number in that order.
    fn idx(self) -> usize {
        match self {
            Src::Hb => 0,
            Src::Bar(i) => 1 + i as usize,
            Src::Side(i) => 5 + i as usize,
            Src::Talon => 13,
        }
    }
    fn place(self) -> Place {
        match self {
            Src::Hb => Place::named("hb"),
            Src::Bar(i) => Place::at("B", i as usize),
            Src::Side(i) => Place::at("S", i as usize),
            Src::Talon => Place::named("talon"),
        }
    }
}

/// The 14 sources in order.
fn sources() -> impl Iterator<Item = Src> {
    (0..14).map(Src::nth)
}

/// One move, foundation places 0..=7: the pending foundation's way (`Up`, `Down`), a card
/// to a foundation, an exchange, the talon top into side scene 0..=7, a turn, a re-deal.
/// For the solver only: `Via` (exchanges in the card's suit until `to` takes it, then that
/// play) and `Stock` (`steps` turns, then `end`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HMove {
    Up,
    Down,
    ToFound { src: Src, to: u8 },
    Exchange { from: u8, to: u8 },
    TalonSide(u8),
    Turn,
    Redeal,
    Via { src: Src, to: u8 },
    Stock { steps: u8, end: End },
}

/// What a solver's [`HMove::Stock`] macro does after its turns: nothing (the last turn
/// placed a base card), the talon top to a foundation (after exchanges if `via`) or into
/// a side scene, or a re-deal.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum End {
    Nothing,
    Found { to: u8, via: bool },
    Side(u8),
    Redeal,
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct HState {
    hb: Pile<HB_CARDS>,
    /// B1..B4, then S1..S8: one card each.
    cells: [Pile<1>; 12],
    f: Ladders<8>,
    stock: Stock<63>,
    /// Foundation place whose direction is to be chosen, or `NONE`.
    pending: u8,
    rng: SplitMix64,
}

impl HState {
    fn side(&self, i: usize) -> Option<Card> {
        self.cells[4 + i].top()
    }
    /// The card at source `i` of [`Src::nth`].
    #[inline]
    fn nth_card(&self, i: usize) -> Option<Card> {
        match i {
            0 => self.hb.top(),
            13 => self.stock.talon_top(),
            _ => self.cells[i - 1].top(),
        }
    }
    #[inline]
    fn card_at(&self, src: Src) -> Option<Card> {
        self.nth_card(src.idx())
    }
    fn take(&mut self, src: Src) -> Option<Card> {
        match src.idx() {
            0 => self.hb.pop(),
            13 => self.stock.take_talon(),
            i => self.cells[i - 1].pop(),
        }
    }
    /// Does foundation `p` (its way chosen) take `c` now?
    #[inline]
    fn fits(&self, p: usize, c: Card) -> bool {
        self.f.fixed(p) && LADDER.accepts(&self.f, p, c)
    }
    /// The place of `suit` building down (`down`) or up, if placed with its way.
    fn place_of(&self, suit: u8, down: bool) -> Option<usize> {
        let f = &self.f;
        (0..8)
            .find(|&p| f.fixed(p) && f.is_down(p) == down && f.top(p).map(Card::suit) == Some(suit))
    }
    /// The up and down places of `suit` and their cards besides the bases.
    fn suit_counts(&self, suit: u8) -> Option<(usize, usize, u8, u8)> {
        let (u, d) = (self.place_of(suit, false)?, self.place_of(suit, true)?);
        Some((u, d, self.f.count(u) - 1, self.f.count(d) - 1))
    }

    /// Cards on the up and down foundation of each suit (0: not placed with its way).
    fn lens(&self) -> [[u8; 2]; 4] {
        let mut l = [[0; 2]; 4];
        for p in (0..8).filter(|&p| self.f.fixed(p)) {
            if let Some(c) = self.f.top(p) {
                l[c.suit() as usize][usize::from(self.f.is_down(p))] = self.f.count(p);
            }
        }
        l
    }

    /// The cards left in the stock, in turning order (the talon bottom to top, then the
    /// pack top to bottom), and how many of them are in the talon.
    fn stock_cards(&self, mut f: impl FnMut(Card)) {
        let (mut left, order) = (self.stock.key_bits().0, self.stock.order());
        while left != 0 {
            f(order[left.trailing_zeros() as usize]);
            left &= left - 1;
        }
    }

    /// The automatic steps, in the rule file's order, until none applies or a direction
    /// choice is pending.
    fn settle(&mut self) {
        while self.pending == NONE {
            if let Some(i) = (0..4).find(|&i| self.cells[i].is_empty() && !self.hb.is_empty()) {
                move_top(&mut self.hb, &mut self.cells[i]);
                continue;
            }
            let base = self.f.base;
            let src = (0..14).find(|&i| self.nth_card(i).is_some_and(|c| c.rank() == base));
            let (Some(src), Some(p)) = (src, (0..8).find(|&p| self.f.count(p) == 0)) else {
                return;
            };
            let Some(c) = self.take(Src::nth(src)) else {
                return;
            };
            let other = (0..8).find(|&q| self.f.top(q).is_some_and(|t| t.suit() == c.suit()));
            LADDER.put(&mut self.f, p, c);
            match other {
                Some(q) => self.f.set_down(p, !self.f.is_down(q)),
                None => self.pending = p as u8,
            }
        }
    }

    /// One exchange bringing foundation `to` closer to taking `c` (window state only).
    fn exchange_step(&self, to: usize, c: Card) -> Option<(u8, u8)> {
        let (u, d, k, j) = self
            .suit_counts(c.suit())
            .filter(|&(_, _, k, j)| k + j == 12)?;
        let t = rel(self.f.base, c) as u8;
        let (have, want, other) = match to {
            _ if to == u => (k, t.checked_sub(1)?, d as u8),
            _ if to == d => (j, 12u8.checked_sub(t)?, u as u8),
            _ => return None,
        };
        let to = to as u8;
        (have != want).then_some(if have > want {
            (to, other)
        } else {
            (other, to)
        })
    }

    fn exchange(&mut self, from: u8, to: u8) {
        LADDER.pass_top(&mut self.f, from.into(), to.into());
    }

    /// Turn a card and apply the automatic steps.
    fn turn(&mut self) {
        self.stock.turn(&STOCK);
        self.settle();
    }
}

/// Distance of `c` from the base rank `base` going up, 0..=12.
#[inline]
fn rel(base: u8, c: Card) -> usize {
    let d = c.rank() + 13 - base;
    usize::from(if d >= 13 { d - 13 } else { d })
}

/// The relaxed game of [`HerringBone::dead`]: per suit the copies of each rank (counted
/// from the base) off the foundations and those blocked, bit v of `bad` set when no copy of
/// rank v is reachable, and the cards beside the bases on its up and down foundation.
struct Relax {
    base: u8,
    off: [[u8; 13]; 4],
    blocked: [[u8; 13]; 4],
    bad: [u16; 4],
    ways: [[Option<usize>; 2]; 4],
    pending: [bool; 4],
    sides: [Option<Card>; 8],
    /// A side scene is or can be emptied: the last talon's top can always leave.
    parking: bool,
}

impl Relax {
    /// One more (`by` 1) or one fewer (-1) copy of `c` blocked (0: recompute only).
    fn block(&mut self, su: usize, v: usize, by: i8) {
        self.blocked[su][v] = self.blocked[su][v].wrapping_add_signed(by);
        let b = u16::from(self.off[su][v] <= self.blocked[su][v]);
        self.bad[su] = self.bad[su] & !(1 << v) | b << v;
    }

    /// Can a card `t` ranks above the base (0 = a base) reach a foundation of its suit `su`?
    ///
    /// The up foundation at k takes ranks k+1, k+2, ... and the down one at j takes 12-j,
    /// 11-j, ...: to play the card there, every rank in between must be played first. With
    /// k + j >= 13 that is all (no exchange is ever possible). Otherwise a foundation can
    /// also gain or lose cards by exchanges, but only once the gap k+1 ..= 12-j between
    /// them is closed, which needs a copy of every rank in it: so a rank outside the gap
    /// needs the whole gap. A foundation not yet placed needs a base copy first, and starts
    /// from its base (k or j = 0).
    #[inline]
    fn fits(&self, c: Card) -> bool {
        let (su, t) = (c.suit() as usize, rel(self.base, c));
        let bad = self.bad[su];
        // Every rank in a..b is reachable.
        let all = |a: usize, b: usize| a >= b || bad & ((1u16 << b) - (1u16 << a)) == 0;
        let base = bad & 1 == 0;
        match self.ways[su] {
            _ if t == 0 => true,
            [Some(k), Some(j)] if k + j >= 13 && t > k => all(k + 1, t),
            [Some(k), Some(j)] if k + j >= 13 => t < 13 - j && all(t + 1, 13 - j),
            [Some(k), Some(j)] if t > k && t < 13 - j => all(k + 1, t) || all(t + 1, 13 - j),
            [Some(k), Some(j)] => all(k + 1, 13 - j),
            [Some(k), None] if t > k => all(k + 1, t) || (base && all(t + 1, 13)),
            [Some(k), None] => base && all(k + 1, 13),
            [None, Some(j)] if t < 13 - j => all(t + 1, 13 - j) || (base && all(1, t)),
            [None, Some(j)] => base && all(1, 13 - j),
            [None, None] => (self.pending[su] || base) && (all(1, t) || all(t + 1, 13)),
        }
    }
}

impl Relaxed for Relax {
    fn can_leave(&self, src: usize, c: Card) -> bool {
        (src == 1 && self.parking) || self.fits(c)
    }
    fn left(&mut self, _: usize, _: Card, next: Option<Card>) {
        if let Some(c) = next {
            self.block(c.suit() as usize, rel(self.base, c), -1);
        }
    }
    fn settle(&mut self) -> bool {
        let grew = !self.parking && self.sides.iter().flatten().any(|&c| self.fits(c));
        self.parking |= grew;
        grew
    }
}

impl HerringBone {
    /// The play of `c` (at `src`) to a foundation that the solver tries, if any.
    fn found_play(&self, s: &HState, src: Src, c: Card) -> Option<HMove> {
        let Some((u, d, k, _)) = s.suit_counts(c.suit()).filter(|&(_, _, k, j)| k + j == 12) else {
            let to = (0..8).find(|&p| s.fits(p, c))? as u8;
            return Some(HMove::ToFound { src, to });
        };
        // The window: the nearer of the two after exchanges.
        let t = rel(s.f.base, c) as i16;
        if t == 0 {
            return None;
        }
        let k = i16::from(k);
        let to = if (k - t + 1).abs() <= (k - t).abs() {
            u
        } else {
            d
        };
        let (fits, to) = (s.fits(to, c), to as u8);
        Some(if fits {
            HMove::ToFound { src, to }
        } else {
            HMove::Via { src, to }
        })
    }

    /// Is the play of `c`, at `src`, to a foundation provably safe ([`Game::safe_move`])?
    fn safe_play(&self, s: &HState, src: Src, c: Card) -> Option<HMove> {
        let p = (0..8).find(|&p| s.fits(p, c))?;
        let play = Some(HMove::ToFound { src, to: p as u8 });
        match s.suit_counts(c.suit()) {
            // Rule 1: the card's only remaining destination.
            Some((.., k, j)) if k + j >= 13 => {
                return play.filter(|_| src != Src::Talon || s.stock.pass >= 3)
            }
            Some((.., k, j)) if k + j == 12 => return None, // the window
            _ => {}
        }
        // Rule 2: its twin lies in the same kind of permanent place.
        let (hb, cells) = match src {
            Src::Hb | Src::Bar(_) => (s.hb.cards(), &s.cells[..4]),
            Src::Side(_) => (&[][..], &s.cells[4..]),
            Src::Talon => return None,
        };
        let twins = hb.iter().chain(cells.iter().flat_map(Pile::cards));
        play.filter(|_| twins.filter(|&&x| x == c).count() >= 2)
    }

    /// Is the position provably lost? A relaxation of the game: every card of the pack and
    /// the side scenes is available at any time, and so is every talon card while a re-deal
    /// remains (a re-deal can bring any of them back); in the last pass the talon is a pile,
    /// whose top may leave when it can reach a foundation or when a side scene is or can be
    /// emptied (then, relaxed, as often as wanted). The herring-bone top and the bars form a
    /// pool: playing any pool card releases the next herring-bone card (a window source of
    /// [`fixed_point_window`]). A card can leave when its suit's foundations can get to it
    /// with cards lying neither under the pool nor under the talon top (`Relax::fits`).
    /// Every removal only makes more cards reachable, so the least fixed point holds every
    /// removal a real line makes; if the pool or the last talon cannot be emptied, no line
    /// wins.
    fn dead(&self, s: &HState) -> bool {
        let mut r = Relax {
            base: s.f.base,
            off: [[2; 13]; 4],
            blocked: [[0; 13]; 4],
            bad: [0; 4],
            ways: [[None; 2]; 4],
            pending: [false; 4],
            sides: [None; 8],
            // (Without a last talon, parking is never asked about.)
            parking: s.stock.pass < 3 || s.cells[4..].iter().any(Pile::is_empty),
        };
        for p in 0..8 {
            let Some(top) = s.f.top(p) else { continue };
            let (su, n, down) = (top.suit() as usize, s.f.count(p) as usize, s.f.is_down(p));
            for i in 0..n {
                let v = if down { (13 - i) % 13 } else { i };
                r.off[su][v] = r.off[su][v].saturating_sub(1);
            }
            match s.f.fixed(p) {
                false => r.pending[su] = true,
                true => r.ways[su][usize::from(down)] = Some(n - 1),
            }
        }
        // The pool (HB bottom to top, then the bars), and in the last pass the talon.
        let (mut pool, mut n) = ([Card::new(1, 0); HB_CARDS + 4], s.hb.len());
        pool[..n].copy_from_slice(s.hb.cards());
        for c in s.cells[..4].iter().filter_map(Pile::top) {
            (pool[n], n) = (c, n + 1);
        }
        let (mut talon, mut t) = ([Card::new(1, 0); 63], 0);
        if s.stock.pass >= 3 {
            s.stock_cards(|c| (talon[t], t) = (c, t + 1));
            t = s.stock.talon_len();
            for (i, c) in r.sides.iter_mut().enumerate() {
                *c = s.side(i);
            }
        }
        let sources: [&[Card]; 2] = [&pool[..n], &talon[..t]];
        // While the herring-bone has cards, every bar holds one or is refilled from it at
        // once (a bar emptied by a base card, while the base's way is pending, is refilled
        // right after the choice): the bars and the herring-bone top are five cards.
        let window = [if s.hb.is_empty() { n + 1 } else { 5 }, 1];
        for (src, w) in sources.iter().zip(window) {
            for &c in &src[..src.len().saturating_sub(w)] {
                r.blocked[c.suit() as usize][rel(r.base, c)] += 1;
            }
        }
        for (su, v) in (0..4).flat_map(|su| (0..13).map(move |v| (su, v))) {
            r.block(su, v, 0);
        }
        !fixed_point_window(&mut r, &sources, &window, &mut [0; 2])
    }

    /// How far the next few cards of the pending foundation, built `down` or up, lie from
    /// being available (a move-ordering heuristic only).
    fn direction_cost(&self, s: &HState, down: bool) -> u32 {
        let Some(suit) = s.f.top(s.pending as usize).map(Card::suit) else {
            return 0;
        };
        let mut cost = 0;
        for i in 1..=4u8 {
            let want = Card::new(LADDER.rank_at(s.f.base, down, i).unwrap_or(1), suit);
            let deep = s.hb.cards().iter().rev().position(|&x| x == want);
            let c = match deep {
                _ if sources().any(|x| s.card_at(x) == Some(want)) => 0,
                Some(d) => (d as u32).min(12),
                None => 6,
            };
            cost += c * u32::from(5 - i);
        }
        cost
    }

    /// The solver's talon moves, from the stock macro: for each talon top that turning
    /// brings (no further than a turn that places a base card), its foundation play and its
    /// move into the lowest empty side scene; then, once the pack would be empty, the
    /// re-deal.
    fn stock_moves(&self, s: &HState, out: &mut Vec<HMove>) {
        let side = (0..8u8).find(|&i| s.side(i as usize).is_none());
        let mut base_turned = false;
        s.stock.reachable_tops(&STOCK, |c, steps| {
            if base_turned {
                return;
            }
            base_turned = steps > 0 && c.rank() == s.f.base;
            let (to, via) = match self.found_play(s, Src::Talon, c) {
                _ if base_turned => {
                    return out.push(HMove::Stock {
                        steps,
                        end: End::Nothing,
                    })
                }
                Some(HMove::Via { to, .. }) => (Some(to), true),
                Some(HMove::ToFound { to, .. }) => (Some(to), false),
                _ => (None, false),
            };
            let ends = [to.map(|to| End::Found { to, via }), side.map(End::Side)];
            out.extend(
                ends.into_iter()
                    .flatten()
                    .map(|end| HMove::Stock { steps, end }),
            );
        });
        if !base_turned && !s.stock.is_empty() && s.stock.pass < 3 {
            let steps = s.stock.pack_len() as u8;
            out.push(HMove::Stock {
                steps,
                end: End::Redeal,
            });
        }
    }
}

impl Game for HerringBone {
    type State = HState;
    type Move = HMove;
    type Key = [u64; 9];

    /// The ordinary shuffle of the 104 cards, or with `german` the order of [`german_deal`].
    fn deal_order(&self, seed: u64) -> (Vec<Card>, SplitMix64) {
        if self.german {
            german_deal(seed)
        } else {
            PackSpec::Standard(2).shuffled(seed)
        }
    }

    fn info(&self) -> GameInfo {
        game_info(SLUG, "The Herring-Bone", PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<HState, EngineError> {
        if cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let mut d = Dealer::new(&cards);
        let (hb, mut cells, mut f) = (
            Pile::of(d.take(HB_CARDS), 0),
            [Pile::new(); 12],
            Ladders::new(),
        );
        d.row(&mut cells, 4..12, false);
        d.row(&mut cells, 0..4, false);
        let first = d.next().unwrap_or(Card::new(1, 0));
        f.base = first.rank();
        LADDER.put(&mut f, 0, first);
        let stock = Stock::new(d.rest());
        Ok(HState {
            hb,
            cells,
            f,
            stock,
            pending: 0,
            rng,
        })
    }

    fn moves(&self, s: &HState, out: &mut Vec<HMove>) {
        if s.pending != NONE {
            return out.extend([HMove::Up, HMove::Down]);
        }
        for src in sources() {
            if let Some(c) = s.card_at(src) {
                let to = (0..8).filter(|&p| s.fits(p, c));
                out.extend(to.map(|p| HMove::ToFound { src, to: p as u8 }));
            }
        }
        for from in (0..8u8).filter(|&p| s.f.count(p as usize) >= 2) {
            if let Some(c) = s.f.top(from as usize) {
                let to = (0..8u8).filter(|&to| to != from && s.fits(to as usize, c));
                out.extend(to.map(|to| HMove::Exchange { from, to }));
            }
        }
        if s.stock.talon_top().is_some() {
            let empty = (0..8u8).filter(|&i| s.side(i as usize).is_none());
            out.extend(empty.map(HMove::TalonSide));
        }
        if s.stock.pack_len() > 0 {
            out.push(HMove::Turn);
        }
        if s.stock.can_redeal(&STOCK) {
            out.push(HMove::Redeal);
        }
    }

    fn play(&self, s: &mut HState, m: HMove) {
        match m {
            HMove::Up | HMove::Down => {
                s.f.set_down(s.pending as usize, m == HMove::Down);
                s.pending = NONE;
            }
            HMove::ToFound { src, to } | HMove::Via { src, to } => {
                if let Some(c) = s.take(src) {
                    while let Some((a, b)) = s.exchange_step(to as usize, c) {
                        s.exchange(a, b); // only for `Via`: a legal play fits already
                    }
                    LADDER.put(&mut s.f, to as usize, c);
                }
            }
            HMove::Exchange { from, to } => s.exchange(from, to),
            HMove::TalonSide(i) => {
                if let Some(c) = s.stock.take_talon() {
                    s.cells[4 + i as usize].push(c);
                }
            }
            HMove::Turn => _ = s.stock.turn(&STOCK),
            HMove::Redeal => s.stock.redeal(&STOCK, &mut s.rng),
            HMove::Stock { steps, end } => {
                for _ in 0..steps {
                    s.turn();
                }
                let src = Src::Talon;
                let last = match end {
                    End::Nothing => return,
                    End::Found { to, via: false } => HMove::ToFound { src, to },
                    End::Found { to, via: true } => HMove::Via { src, to },
                    End::Side(i) => HMove::TalonSide(i),
                    End::Redeal => HMove::Redeal,
                };
                return self.play(s, last);
            }
        }
        s.settle();
    }

    fn is_won(&self, s: &HState) -> bool {
        s.f.total() == 104
    }

    fn move_text(&self, _s: &HState, m: HMove) -> String {
        let f = |p: u8| Place::at("F", p as usize);
        match m {
            HMove::Up => "up".into(),
            HMove::Down => "down".into(),
            HMove::ToFound { src, to } => move_text(src.place(), f(to)),
            HMove::Exchange { from, to } => move_text(f(from), f(to)),
            HMove::TalonSide(i) => move_text(Src::Talon.place(), Src::Side(i).place()),
            HMove::Turn => "turn".into(),
            HMove::Redeal => "redeal".into(),
            HMove::Via { src, to } => format!("via:{}", move_text(src.place(), f(to))),
            HMove::Stock { steps, end } => format!("stock:{steps}:{end:?}"),
        }
    }

    fn key_text(&self, s: &HState) -> String {
        let mut k = KeyText::new();
        k.pile(Place::named("HB"), s.hb.cards(), 0);
        for i in (5..13).chain(1..5) {
            k.pile(Src::nth(i).place(), s.cells[i - 1].cards(), 0);
        }
        for p in 0..8 {
            k.pile(Place::at("F", p), &LADDER.cards(&s.f, p), 0);
        }
        let dir =
            |p| ["-", "-", "u", "d"][2 * usize::from(s.f.fixed(p)) + usize::from(s.f.is_down(p))];
        k.field("dir", (0..8).map(dir).collect::<String>());
        let (pack, talon): (Vec<Card>, Vec<Card>) =
            (s.stock.pack().collect(), s.stock.talon().collect());
        k.pile(Place::named("pack"), &pack, pack.len());
        k.pile(Place::named("talon"), &talon, 0)
            .field("pass", s.stock.pass);
        if s.pending != NONE {
            k.field("pending", Place::at("F", s.pending as usize).key_label());
        }
        k.field("rng", format!("{:016x}", s.rng.state));
        k.finish()
    }

    fn display(&self, s: &HState) -> String {
        let cell = |c: Option<Card>| c.map_or("--".to_string(), |c| c.to_string());
        let bars = |a: usize, b: usize, n: u8| {
            let (x, y) = (cell(s.cells[a].top()), cell(s.cells[b].top()));
            format!("  B{} {x}                 B{} {y}\n", n, n + 2)
        };
        let mut out = bars(0, 2, 1);
        for row in 0..4 {
            let mid = match row {
                0 => format!("   herring-bone: {} cards", s.hb.len()),
                1 => format!("   top (available): {}", cell(s.hb.top())),
                _ => " ".repeat(23),
            };
            let (l, r) = (cell(s.side(row)), cell(s.side(row + 4)));
            out += &format!("  S{} {l}{mid}   S{} {r}\n", row + 1, row + 5);
        }
        out += &bars(1, 3, 2);
        if !s.hb.is_empty() {
            let hb: Vec<String> = s.hb.cards().iter().map(Card::to_string).collect();
            out += &format!("Herring-bone, bottom to top: {}\n", hb.join(" "));
        }
        out += "Foundations:";
        for p in 0..8 {
            let d = ["?", "?", "up", "down"]
                [2 * usize::from(s.f.fixed(p)) + usize::from(s.f.is_down(p))];
            out += &match s.f.top(p) {
                None => format!("  F{} --", p + 1),
                Some(c) => format!("  F{} {c} ({d}, {})", p + 1, s.f.count(p)),
            };
        }
        let t = s.stock.talon_len();
        let beneath = if t > 1 {
            format!(" (+{} beneath)", t - 1)
        } else {
            String::new()
        };
        let (top, pack, pass) = (cell(s.stock.talon_top()), s.stock.pack_len(), s.stock.pass);
        out += &format!("\nPack: {pack} cards   Talon: {top}{beneath}   Pass {pass} of 3\n");
        if s.pending != NONE {
            out += &format!("Choose the direction of F{}: up or down\n", s.pending + 1);
        }
        out
    }

    fn key(&self, s: &HState) -> [u64; 9] {
        // Bits: herring-bone length 5; bars sorted 4 x 6 and side scenes sorted 8 x 6
        // (a card as its index + 1, 0 = empty); per suit the lengths of its up and down
        // foundations 4 x (4 + 4) (0 = not placed; the 12-card window class written as
        // 13/1); pending suit + 1 (0 = none) 3; pass 2; the stream 64 while a re-deal
        // remains (else 0); pack length 6; the stock's cards in turning order, 6 each, at
        // most 63. At most 5 + 24 + 48 + 32 + 3 + 2 + 64 + 6 + 378 = 562 bits.
        let code = |c: Card| c.index() as u64 + 1;
        let mut w = BitWriter::<9>::new();
        w.put(s.hb.len() as u64, 5);
        let mut cells = [0; 12];
        for (c, p) in cells.iter_mut().zip(&s.cells) {
            *c = p.top().map_or(0, code);
        }
        sort_among(&mut cells, |i| i < 4);
        sort_among(&mut cells, |i| i >= 4);
        for c in cells {
            w.put(c, 6);
        }
        for [u, d] in s.lens() {
            let (u, d) = if u > 0 && d > 0 && u + d == 14 {
                (13, 1)
            } else {
                (u, d)
            };
            w.put(u64::from(u) | u64::from(d) << 4, 8);
        }
        let pending = (s.pending != NONE)
            .then(|| s.f.top(s.pending as usize))
            .flatten();
        w.put(pending.map_or(0, |c| u64::from(c.suit()) + 1), 3);
        w.put(u64::from(s.stock.pass), 2);
        w.put(if s.stock.pass < 3 { s.rng.state } else { 0 }, 64);
        w.put(s.stock.pack_len() as u64, 6);
        s.stock_cards(|c| w.put(code(c), 6));
        w.finish()
    }

    /// Random playouts beside the search find wins its depth-first order reaches late
    /// (seeds 1-40 at 5 s a deal: 33 decided with them, 23 without).
    fn probes(&self) -> bool {
        true
    }

    /// A foundation play of a card from the herring-bone top, a bar or a side scene (or,
    /// once no re-deal is left, the talon top) when one of these holds:
    ///
    /// 1. the two foundations of its suit together hold 13 or more cards besides their
    ///    bases;
    /// 2. they hold 11 or fewer (or only one of them is placed), and the card's twin (the
    ///    other copy) lies in the same kind of permanent place: both in the herring-bone and
    ///    bars (the twin may be under the top), or both in side scenes.
    ///
    /// Common ground. Cards never leave the herring-bone, bars or side scenes except to a
    /// foundation, so such a card stays available until played. The herring-bone top and
    /// the bars act as one pool: playing any of its cards releases the next herring-bone
    /// card, so playing a pool card early only releases herring-bone cards earlier, and once
    /// the line plays that card (or its twin) the pool holds the same cards as the line's. A
    /// side scene emptied early is simply not used. A talon card needs no re-deal to come,
    /// since a re-deal shuffles a talon whose length would differ. Given a winning line L,
    /// "this play, then L without its play of this card (or its twin)" is legal and wins:
    ///
    /// Rule 1: with k + j >= 13, what each foundation still needs is disjoint, once each,
    /// and no exchange is ever possible again (it needs k + j = 12, and k + j never falls).
    /// The foundation the card fits cannot move until this card, its last copy, is played
    /// there, so L plays it there and makes no move on that foundation before.
    ///
    /// Rule 2: with k + j <= 11, no exchange is possible until the gap between what the two
    /// need closes; until L puts a copy of this rank on the foundation the card fits, L's
    /// moves on the suit are plays to the other foundation of other ranks, or (when the gap
    /// is this rank alone) a copy of it to either, which leads to the same window class as
    /// the early play. When L plays this card, skip it; when L plays the twin, skip it and
    /// later play the twin where L plays this card: the two are alike and lie in alike
    /// places, so the positions stay the same up to the places' names.
    fn safe_move(&self, s: &HState) -> Option<HMove> {
        if s.pending != NONE || self.dead(s) {
            return None;
        }
        sources().find_map(|src| self.safe_play(s, src, s.card_at(src)?))
    }

    fn solver_moves(&self, s: &HState, out: &mut Vec<HMove>) {
        if self.dead(s) {
            return;
        }
        if s.pending != NONE {
            // Both directions, the one whose next cards lie nearer to hand first.
            let down_first = self.direction_cost(s, true) < self.direction_cost(s, false);
            let (a, b) = if down_first {
                (HMove::Down, HMove::Up)
            } else {
                (HMove::Up, HMove::Down)
            };
            return out.extend([a, b]);
        }
        // Layout plays, one per source (exchanges are left out: `Via` stands for them),
        // then the talon's macro moves.
        for src in (0..13).map(Src::nth) {
            out.extend(s.card_at(src).and_then(|c| self.found_play(s, src, c)));
        }
        self.stock_moves(s, out);
    }

    fn expand(&self, s: &HState, m: HMove, out: &mut Vec<HMove>) {
        let mut t = s.clone();
        match m {
            HMove::Via { src, to } => {
                let c = t.card_at(src).unwrap_or(Card::new(1, 0));
                while let Some((from, to)) = t.exchange_step(to as usize, c) {
                    out.push(HMove::Exchange { from, to });
                    t.exchange(from, to);
                }
                out.push(HMove::ToFound { src, to });
            }
            HMove::Stock { steps, end } => {
                for _ in 0..steps {
                    out.push(HMove::Turn);
                    t.turn();
                }
                let src = Src::Talon;
                out.push(match end {
                    End::Nothing => return,
                    End::Found { to, via: false } => HMove::ToFound { src, to },
                    End::Found { to, via: true } => {
                        return self.expand(&t, HMove::Via { src, to }, out)
                    }
                    End::Side(i) => HMove::TalonSide(i),
                    End::Redeal => HMove::Redeal,
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

    use crate::testing::{assert_replays, card, cards, key_segment, play, pruning_agrees};
    use crate::testing::{sorted_texts as texts, walk};

    const UP: u8 = 1;
    const DOWN: u8 = 2;

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut t: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        t.sort();
        t
    }

    /// The segment `label:...` of the key, without the label.
    fn seg(g: &HerringBone, s: &HState, label: &str) -> String {
        key_segment(&g.key_text(s), label)
    }

    /// The two packs unshuffled: copy 1 (C, D, H, S; A..K), then copy 2.
    fn unshuffled() -> Vec<Card> {
        crate::testing::unshuffled(PackSpec::Standard(2))
    }

    #[test]
    fn deal_of_the_unshuffled_packs() {
        let g = HerringBone::default();
        let s = g.start(unshuffled(), SplitMix64::new(7)).unwrap();
        // Cards 1-28: AC..KC, AD..KD, AH, 2H; 29-36: 3H..TH; 37-40: JH QH KH AS; card 41
        // 2S on F1; the pack is cards 104 (copy 2's KS) at the bottom up to 42 (3S) on top.
        let pack = "ksqsjsts9s8s7s6s5s4s3s2sas\
                    khqhjhth9h8h7h6h5h4h3h2hah\
                    kdqdjdtd9d8d7d6d5d4d3d2dad\
                    kcqcjctc9c8c7c6c5c4c3c2cac\
                    ksqsjsts9s8s7s6s5s4s3s";
        let want = format!(
            "HB:AC2C3C4C5C6C7C8C9CTCJCQCKCAD2D3D4D5D6D7D8D9DTDJDQDKDAH2H \
             S1:3H S2:4H S3:5H S4:6H S5:7H S6:8H S7:9H S8:TH B1:JH B2:QH B3:KH B4:AS \
             F1:2S F2: F3: F4: F5: F6: F7: F8: dir:-------- pack:{pack} talon: pass:1 \
             pending:F1 rng:0000000000000007"
        );
        assert_eq!(g.key_text(&s), want);
        assert_eq!(texts(&g, &s), sorted(&["up", "down"]));
    }

    #[test]
    fn first_plays_of_the_unshuffled_deal() {
        let g = HerringBone::default();
        let mut s = g.start(unshuffled(), SplitMix64::new(7)).unwrap();
        // F1 (2S) goes up; the herring-bone top 2H is a base card: F2, pending.
        play(&g, &mut s, "up");
        assert_eq!(seg(&g, &s, "F2"), "2H");
        assert_eq!(seg(&g, &s, "dir"), "u-------");
        assert_eq!(seg(&g, &s, "pending"), "F2");
        assert_eq!(seg(&g, &s, "HB").len(), 54);
        assert_eq!(texts(&g, &s), sorted(&["up", "down"]));
        // Hearts go down: AH (herring-bone top) is F2's next card; 3S (F1's) is in the pack.
        play(&g, &mut s, "down");
        assert_eq!(seg(&g, &s, "dir"), "ud------");
        assert!(!g.key_text(&s).contains("pending"));
        assert_eq!(texts(&g, &s), sorted(&["hb>f2", "turn"]));
        play(&g, &mut s, "hb>f2");
        // F2 2H AH takes KH from B3; B3 is refilled from the herring-bone top (KD).
        assert_eq!(texts(&g, &s), sorted(&["b3>f2", "turn"]));
        play(&g, &mut s, "b3>f2");
        assert_eq!(seg(&g, &s, "B3"), "KD");
        assert_eq!(seg(&g, &s, "F2"), "2HAHKH");
        play(&g, &mut s, "b2>f2");
        play(&g, &mut s, "b1>f2");
        assert_eq!(seg(&g, &s, "B1"), "JD");
        assert_eq!(seg(&g, &s, "B2"), "QD");
        assert_eq!(
            seg(&g, &s, "HB"),
            "AC2C3C4C5C6C7C8C9CTCJCQCKCAD2D3D4D5D6D7D8D9DTD"
        );
        // TH (S8) next; the side scene stays empty.
        assert_eq!(texts(&g, &s), sorted(&["s8>f2", "turn"]));
        play(&g, &mut s, "s8>f2");
        assert_eq!(seg(&g, &s, "S8"), "");
        // 3S turned: it fits F1, or may fill S8.
        play(&g, &mut s, "turn");
        assert_eq!(seg(&g, &s, "talon"), "3S");
        assert_eq!(
            texts(&g, &s),
            sorted(&["s7>f2", "talon>f1", "talon>s8", "turn"])
        );
        play(&g, &mut s, "talon>s8");
        assert_eq!(seg(&g, &s, "S8"), "3S");
        assert_eq!(seg(&g, &s, "talon"), "");
        play(&g, &mut s, "s8>f1");
        // 4S..KS: turned and played one by one; then AS from B4 completes F1.
        for _ in 0..10 {
            play(&g, &mut s, "turn");
            play(&g, &mut s, "talon>f1");
        }
        assert_eq!(seg(&g, &s, "F1"), "2S3S4S5S6S7S8S9STSJSQSKS");
        play(&g, &mut s, "b4>f1");
        assert_eq!(seg(&g, &s, "B4"), "TD");
        assert!(
            texts(&g, &s).iter().all(|m| !m.ends_with(">f1")),
            "F1 is full"
        );
        // Copy 2 begins: AC, then 2C, a base card placed from the talon: F3, pending.
        play(&g, &mut s, "turn");
        assert_eq!(seg(&g, &s, "talon"), "AC");
        play(&g, &mut s, "turn");
        assert_eq!(seg(&g, &s, "talon"), "AC");
        assert_eq!(seg(&g, &s, "F3"), "2C");
        assert_eq!(seg(&g, &s, "pending"), "F3");
        assert_eq!(texts(&g, &s), sorted(&["up", "down"]));
        play(&g, &mut s, "down");
        // AC (talon top) is the next card of F3 (down).
        assert!(texts(&g, &s).contains(&"talon>f3".to_string()));
    }

    #[test]
    fn second_base_of_a_suit_takes_the_other_direction() {
        let g = HerringBone::default();
        let mut cards = unshuffled();
        // Card 28 (the herring-bone top) becomes copy 2's 2S, and that place gets the 2H.
        cards.swap(27, 92);
        assert_eq!(
            (cards[27], cards[92], cards[40]),
            (card("2S"), card("2H"), card("2S"))
        );
        let mut s = g.start(cards, SplitMix64::new(0)).unwrap();
        play(&g, &mut s, "up");
        assert_eq!(seg(&g, &s, "F2"), "2S");
        assert_eq!(seg(&g, &s, "dir"), "ud------");
        assert!(!g.key_text(&s).contains("pending"));
        // F2 (down) takes AS from B4, which is then refilled with AH.
        assert_eq!(texts(&g, &s), sorted(&["b4>f2", "turn"]));
        play(&g, &mut s, "b4>f2");
        assert_eq!(seg(&g, &s, "F2"), "2SAS");
        assert_eq!(seg(&g, &s, "B4"), "AH");
    }

    /// A position with nothing anywhere; `base` is the base rank.
    fn bare(base: u8) -> HState {
        let mut f = Ladders::new();
        f.base = base;
        let mut stock = Stock::default();
        stock.pass = 3;
        HState {
            hb: Pile::new(),
            cells: [Pile::new(); 12],
            f,
            stock,
            pending: NONE,
            rng: SplitMix64::new(0),
        }
    }

    /// Foundation place `p` of `suit` building `dir` with `len` cards.
    fn found(s: &mut HState, p: usize, suit: u8, dir: u8, len: u8) {
        let base = Card::new(s.f.base, suit);
        LADDER.put(&mut s.f, p, base);
        s.f.set_down(p, dir == DOWN);
        for i in 1..len {
            let r = LADDER.rank_at(s.f.base, dir == DOWN, i).unwrap();
            LADDER.put(&mut s.f, p, Card::new(r, suit));
        }
    }

    /// Side scene `i` (0..8) holds `c`.
    fn side(s: &mut HState, i: usize, c: Card) {
        s.cells[4 + i] = Pile::of(&[c], 0);
    }

    /// The talon holds `t` (bottom first), the pack nothing; the pass stays.
    fn talon(s: &mut HState, t: &[Card]) {
        let pass = s.stock.pass;
        s.stock = Stock::new(t);
        while s.stock.turn(&STOCK) {}
        s.stock.pass = pass;
    }

    /// Base ace; every suit on F(2s+1) up and F(2s+2) down, full unless `lens` says.
    fn aces(lens: [(u8, u8); 4]) -> HState {
        let mut s = bare(1);
        for suit in 0..4u8 {
            let (u, d) = lens[suit as usize];
            found(&mut s, 2 * suit as usize, suit, UP, u);
            found(&mut s, 2 * suit as usize + 1, suit, DOWN, d);
        }
        s
    }

    #[test]
    fn exchanges_between_the_foundations_of_a_suit() {
        let g = HerringBone::default();
        // Base 2: F1 spades up 2S..8S, F2 spades down 2S AS KS QS JS TS 9S: 8S (F1's top)
        // is F2's next card and 9S (F2's top) is F1's next.
        let mut s = bare(2);
        found(&mut s, 0, 3, UP, 7);
        found(&mut s, 1, 3, DOWN, 7);
        assert_eq!(texts(&g, &s), sorted(&["f1>f2", "f2>f1"]));
        play(&g, &mut s, "f1>f2");
        assert_eq!(seg(&g, &s, "F1"), "2S3S4S5S6S7S");
        assert_eq!(seg(&g, &s, "F2"), "2SASKSQSJSTS9S8S");
        // A base is never moved: F1 down to its base and F2 holding the rest.
        for _ in 0..5 {
            play(&g, &mut s, "f1>f2");
        }
        assert_eq!(seg(&g, &s, "F1"), "2S");
        assert_eq!(texts(&g, &s), sorted(&["f2>f1"]));
        assert_eq!(seg(&g, &s, "dir"), "ud------");
    }

    #[test]
    fn a_card_both_foundations_take_is_two_moves() {
        let g = HerringBone::default();
        // Base ace: hearts up A..5 and down A K Q J T 9 8 7: both take the 6H in S1.
        let mut s = aces([(13, 13), (13, 13), (5, 8), (13, 13)]);
        side(&mut s, 0, card("6H"));
        assert_eq!(texts(&g, &s), sorted(&["s1>f5", "s1>f6"]));
        play(&g, &mut s, "s1>f6");
        assert_eq!(seg(&g, &s, "F6"), "AHKHQHJHTH9H8H7H6H");
        // Now 6H (F6's top) may pass to F5 and 5H (F5's top) to F6.
        assert_eq!(texts(&g, &s), sorted(&["f5>f6", "f6>f5"]));
    }

    #[test]
    fn redeal_shuffles_the_talon_with_the_stream() {
        let g = HerringBone::default();
        let mut s = bare(1);
        s.stock.pass = 1;
        found(&mut s, 0, 0, UP, 1);
        found(&mut s, 1, 0, DOWN, 1);
        talon(&mut s, &cards("5D 9H 3S"));
        // Pack empty and talon not: `redeal` (and the talon into any empty side scene).
        let mut want: Vec<String> = (1..=8).map(|i| format!("talon>s{i}")).collect();
        want.push("redeal".into());
        want.sort();
        assert_eq!(texts(&g, &s), want);
        // Seed 0's draws are 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4. The sequence 5D 9H 3S
        // (talon bottom first): i = 2, j = (x * 3) >> 64 = 2 (x / 2^64 = 0.88); i = 1,
        // j = (x * 2) >> 64 = 0 (x / 2^64 = 0.43), swap: 9H 5D 3S. 9H on top, 3S at the bottom.
        play(&g, &mut s, "redeal");
        assert_eq!(seg(&g, &s, "pack"), "3s5d9h");
        assert_eq!(seg(&g, &s, "talon"), "");
        assert_eq!(seg(&g, &s, "pass"), "2");
        // Two draws: the state grew by twice 0x9E3779B97F4A7C15.
        assert_eq!(seg(&g, &s, "rng"), "3c6ef372fe94f82a");
        play(&g, &mut s, "turn");
        assert_eq!(seg(&g, &s, "talon"), "9H");
        // No re-deal while the pack has cards, none after the third pass.
        assert!(!texts(&g, &s).contains(&"redeal".to_string()));
        s.stock.pass = 3;
        play(&g, &mut s, "turn");
        play(&g, &mut s, "turn");
        assert_eq!(seg(&g, &s, "pack"), "");
        assert!(!texts(&g, &s).contains(&"redeal".to_string()));
    }

    #[test]
    fn the_end() {
        let g = HerringBone::default();
        let mut s = aces([(12, 13), (13, 13), (13, 13), (13, 13)]);
        s.cells[2] = Pile::of(&cards("KC"), 0);
        assert!(!g.is_won(&s));
        assert_eq!(texts(&g, &s), sorted(&["b3>f1"]));
        play(&g, &mut s, "b3>f1");
        assert!(g.is_won(&s));
        assert!(texts(&g, &s).is_empty());
        // Lost: KC on the talon over QC, no empty side scene... the side scenes are full
        // of diamonds that wait for the 5D beneath them in the talon.
        let s = lost_position();
        assert!(!g.is_won(&s));
        assert_eq!(texts(&g, &s), sorted(&["f5>f6", "f6>f5"]));
    }

    /// Clubs need QC then KC, which lie on the talon with KC on top; diamonds need 5D, at
    /// the talon's bottom; S1-S8 hold 6D..KD; hearts are in the window (up A..5, down
    /// A K..6) with their twelve other cards in the talon. No re-deal is left.
    fn lost_position() -> HState {
        let mut s = aces([(11, 13), (4, 13), (5, 9), (13, 13)]);
        for (i, c) in cards("6D 7D 8D 9D TD JD QD KD").into_iter().enumerate() {
            side(&mut s, i, c);
        }
        talon(
            &mut s,
            &cards("5D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QC KC"),
        );
        s
    }

    fn solved(g: &HerringBone, s: &HState) -> (Verdict, Vec<HMove>) {
        let out = solve(g, s, &Limits::default(), &AtomicBool::new(false));
        (out.verdict, out.moves)
    }

    #[test]
    fn solver_wins_by_parking_a_card() {
        let g = HerringBone::default();
        // Clubs need QC then KC; the talon holds QC under KC: KC to a side scene first.
        let mut s = aces([(11, 13), (13, 13), (13, 13), (13, 13)]);
        talon(&mut s, &cards("QC KC"));
        let (v, moves) = solved(&g, &s);
        assert_eq!(v, Verdict::Won);
        let t: Vec<String> = moves.iter().map(|&m| g.move_text(&s, m)).collect();
        assert_eq!(t.len(), 3);
        assert_replays(&g, &s, &moves);
    }

    #[test]
    fn solver_wins_through_the_window() {
        let g = HerringBone::default();
        // Hearts up A..5, down A K..6: any heart may meet them. JH first (the talon top),
        // then up QH KH and down TH 9H 8H (talon) 7H 6H (talon) 5H 4H (talon) 3H 2H.
        let mut s = aces([(13, 13), (13, 13), (5, 9), (13, 13)]);
        for (i, c) in cards("9H 3H QH 7H 2H KH 5H TH").into_iter().enumerate() {
            side(&mut s, i, c);
        }
        talon(&mut s, &cards("4H 6H 8H JH"));
        let (v, moves) = solved(&g, &s);
        assert_eq!(v, Verdict::Won);
        assert_replays(&g, &s, &moves);
    }

    #[test]
    fn dead_positions() {
        let g = HerringBone::default();
        // Both AC lie under the herring-bone top 7C, and the pool (7C and the bars 3C..6C)
        // holds nothing but clubs: no clubs foundation can ever start.
        let mut s = bare(1);
        found(&mut s, 0, 1, UP, 1);
        found(&mut s, 1, 1, DOWN, 1);
        s.hb = Pile::of(&cards("AC AC 7C"), 0);
        for (i, c) in cards("3C 4C 5C 6C").into_iter().enumerate() {
            s.cells[i] = Pile::of(&[c], 0);
        }
        s.stock.pass = 1;
        assert!(g.dead(&s));
        let mut v = Vec::new();
        g.solver_moves(&s, &mut v);
        assert!(v.is_empty());
        assert_eq!(g.safe_move(&s), None);
        // With one AC in a side scene and 2C in another, clubs can start and run up.
        s.hb = Pile::of(&cards("AC 7C"), 0);
        side(&mut s, 0, card("AC"));
        side(&mut s, 1, card("2C"));
        assert!(!g.dead(&s));
        // In the last pass a talon card under one that can never go is lost too.
        assert!(g.dead(&lost_position()));
        let mut s = aces([(11, 13), (13, 13), (13, 13), (13, 13)]);
        talon(&mut s, &cards("QC KC"));
        assert!(!g.dead(&s)); // the side scenes are empty: KC can wait in one
        s.stock.pass = 2;
        assert!(!g.dead(&s));
    }

    #[test]
    fn solver_proves_a_loss() {
        let g = HerringBone::default();
        let (v, _) = solved(&g, &lost_position());
        assert_eq!(v, Verdict::Lost);
    }

    #[test]
    fn safe_moves_follow_the_two_rules() {
        let g = HerringBone::default();
        // Rule 1: clubs up A..J, down full (k + j = 22): QC from a side scene is safe, from
        // the talon only without re-deals.
        let mut s = aces([(11, 13), (13, 13), (13, 13), (13, 13)]);
        talon(&mut s, &cards("QC"));
        s.stock.pass = 2;
        assert_eq!(g.safe_move(&s), None);
        s.stock.pass = 3;
        assert_eq!(
            g.safe_move(&s),
            Some(HMove::ToFound {
                src: Src::Talon,
                to: 0
            })
        );
        // Rule 2: hearts up A..3, down A K Q (k + j = 4): 4H in S2 with its twin in S5 is
        // safe; with the twin on the talon it is not.
        let mut s = aces([(13, 13), (13, 13), (3, 3), (13, 13)]);
        side(&mut s, 1, card("4H"));
        talon(&mut s, &cards("4H"));
        assert_eq!(g.safe_move(&s), None);
        let twin = s.stock.take_talon().unwrap();
        side(&mut s, 4, twin);
        assert_eq!(
            g.safe_move(&s),
            Some(HMove::ToFound {
                src: Src::Side(1),
                to: 4
            })
        );
        // The window (k + j = 12) is never safe.
        let mut s = aces([(13, 13), (13, 13), (5, 9), (13, 13)]);
        side(&mut s, 0, card("6H"));
        side(&mut s, 1, card("6H"));
        assert_eq!(g.safe_move(&s), None);
    }

    #[test]
    fn key_merges_the_window_and_like_places() {
        let g = HerringBone::default();
        let mut a = aces([(13, 13), (13, 13), (5, 9), (13, 13)]);
        let mut b = aces([(13, 13), (13, 13), (8, 6), (13, 13)]);
        side(&mut a, 0, card("9H"));
        side(&mut b, 6, card("9H"));
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key_text(&a), g.key_text(&b));
        LADDER.take(&mut b.f, 4);
        assert_ne!(g.key(&a), g.key(&b));
    }

    #[test]
    fn options() {
        assert!(!HerringBone::from_options(&[]).unwrap().german);
        let o = [("german".to_string(), crate::game::OptValue::Bool(true))];
        assert!(HerringBone::from_options(&o).unwrap().german);
        let o = [("german".to_string(), crate::game::OptValue::Int(1))];
        assert!(HerringBone::from_options(&o).is_err());
        let o = [("draw".to_string(), crate::game::OptValue::Int(1))];
        assert!(HerringBone::from_options(&o).is_err());
    }

    #[test]
    fn german_deal_has_one_pack_in_the_herring_bone() {
        for seed in 0..20 {
            let (order, rng) = german_deal(seed);
            assert!(PackSpec::Standard(2).validate(&order).is_ok());
            let mut hb = order[..28].to_vec();
            hb.sort();
            hb.dedup();
            assert_eq!(hb.len(), 28);
            // Copy 1 is shuffled first with the seed's own stream.
            let (copy1, _) = PackSpec::Standard(1).shuffled(seed);
            assert_eq!(order[..28], copy1[..28]);
            // 51 draws, then 75 for the other 76 cards.
            let mut r = SplitMix64::new(seed);
            for _ in 0..126 {
                r.next_u64();
            }
            assert_eq!(rng, r);
        }
    }

    #[test]
    fn random_walks() {
        for german in [false, true] {
            let g = HerringBone { german };
            for seed in 1..=20u64 {
                let start = crate::testing::deal(&g, seed);
                walk(&g, &start, 600, seed ^ 0x5eed, |s| {
                    if g.is_won(s) {
                        assert!(crate::testing::moves(&g, s).is_empty());
                    }
                    // Cards are never lost or made.
                    let rest =
                        s.hb.len() + s.cells.iter().map(Pile::len).sum::<usize>() + s.stock.len();
                    assert_eq!(s.f.total() + rest, 104);
                    let _ = g.display(s);
                });
            }
        }
    }

    /// The pruned search (safe plays, the window, macros, dead positions) against the plain
    /// one: early positions (where the won ones are) and late ones (where the lost are).
    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = HerringBone::default();
        let early = pruning_agrees(&g, 1..101, 40, 40, 1500);
        let late = pruning_agrees(&g, 1..101, 300, 100, 300);
        assert!(early.won >= 5 && late.lost >= 30, "{early:?} {late:?}");
    }
}
