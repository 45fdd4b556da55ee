//! THE HERRING-BONE (`herring-bone`), from `rules/herring-bone.md`.
//!
//! # Layout and deal
//! Two packs, nothing removed. Cards 1-28 form the herring-bone `HB`, one stack in deal
//! order (card 28 on top and available). Cards 29-36 go to the side scenes S1-S8, cards
//! 37-40 to the bars B1-B4, card 41 to foundation F1: its rank is the base rank of all
//! eight foundations. The other 63 cards are the pack (card 42 on top); the talon starts
//! empty. The first position is pending the direction of F1. With the `german` option
//! the herring-bone comes from one pack alone ([`german_deal`] makes that dealing order).
//!
//! # Foundations
//! The eight base-rank cards, placed compulsorily as soon as they are available, each in
//! the lowest-numbered empty place. For each suit one foundation builds up and the other
//! down, in suit, with wrap-around; the player chooses (`up` / `down`) when the first of a
//! suit is placed, the second takes the other direction. Each holds 13 cards. The top
//! card of one foundation of a suit may pass to the other when it is that one's next card
//! (never a base card).
//!
//! # Piles and availability
//! Available: the herring-bone top, the four bars, the eight side scenes, the talon top.
//! Moves: an available card to a foundation, a foundation exchange, the talon top into an
//! empty side scene, `turn`, `redeal`. Automatic steps after every move, until none
//! applies: (1) an empty bar, B1 first, takes the herring-bone top; (2) an available
//! base-rank card (HB top, B1-B4, S1-S8, talon top) goes to the lowest empty foundation
//! place, with a pending direction choice if it is the first of its suit.
//!
//! # Spaces
//! Bars refill at once from the herring-bone (empty for good once it is exhausted); side
//! scenes only from the talon top, when the player likes; the herring-bone never.
//!
//! # Pack, talon and re-deals
//! `turn` turns one card onto the talon. Two re-deals, each when the pack is empty and
//! the talon is not: the talon taken bottom card first is shuffled with the game's stream
//! and becomes the pack, the shuffle's first card on top.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Key: positions are compared up to the symmetries that cannot matter: the places of
//!   the foundations (each suit is written as the lengths of its up and down foundation),
//!   the order of the side scenes and of the bars (all of them single available cards).
//!   The herring-bone is written as its length (it only ever loses its top).
//! - When the two foundations of a suit together hold exactly 12 cards besides their bases,
//!   every exchange keeps that total, and exchanges reach every split of the 12 from every
//!   other: these positions form one class, written once in the key. Exchanges are then
//!   left out of the solver's moves and replaced by macro moves "exchange until the card
//!   fits, then play it", one per source: whichever foundation takes the card, both end
//!   with it on top, so all ways give the same position.
//! - When both foundations of a suit accept the same card (11 cards besides the bases),
//!   the two plays lead to the same class; only one is tried.
//! - The talon top into an empty side scene is tried into the lowest one only (the side
//!   scenes are interchangeable).
//! - Turns are searched as macro moves "turn k times, then use the talon top (or
//!   re-deal)" (see `stock_moves` for why no win is lost).
//! - Safe moves: see [`HerringBone::safe_move`].
//! - Positions that a relaxation of the game proves lost get no moves (see `dead`): the
//!   herring-bone stuck behind cards that can never reach a foundation, or in the last
//!   pass a talon card buried for good.
//! - Move order: layout plays first, then the talon's (each talon card's foundation play
//!   before parking it in a side scene and before turning further); a new suit's
//!   direction whose next cards lie nearer to hand first.
//! - The `german` option changes only the dealing order of a seed: [`HerringBone::deal`]
//!   (the engine's generic deal shuffles the 104 cards; see that method).

use crate::card::{pile_text, Card};
use crate::error::EngineError;
use crate::game::{bool_option, check_option_names, Game, GameInfo, OptionInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::BitWriter;

pub const SLUG: &str = "herring-bone";

const NONE: u8 = 0xff;
const UP: u8 = 1;
const DOWN: u8 = 2;
/// Cards in the herring-bone.
const HB_CARDS: usize = 28;
/// Cards of the deal that form the pack (104 - 41).
const PACK_CARDS: usize = 63;

/// The game with its options; `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct HerringBone {
    /// The book's German variety: the herring-bone is dealt from one pack alone. Only the
    /// dealing order of a seed changes ([`german_deal`]); the play is the same.
    pub german: bool,
}

impl HerringBone {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        check_option_names(SLUG, opts, &["german"])?;
        Ok(HerringBone {
            german: bool_option(opts, "german", false)?,
        })
    }

    /// The dealing order of `seed` and the stream for the re-deals: the ordinary shuffle of
    /// the 104 cards, or with `german` the order of [`german_deal`]. (The [`Game`] trait
    /// has no hook for a game's own deal of a seed yet: callers that deal through
    /// `PackSpec::shuffled` get the ordinary shuffle whatever the option.)
    pub fn deal(&self, seed: u64) -> (Vec<Card>, SplitMix64) {
        if self.german {
            german_deal(seed)
        } else {
            PackSpec::Standard(2).shuffled(seed)
        }
    }
}

/// Dealing order of the `german` option (rule file, Layout and deal): copy 1 of the pack is
/// shuffled with the seed's stream and its first 28 cards are the herring-bone; its other
/// 24 cards followed by the unshuffled copy 2 are shuffled with the same stream and give
/// cards 29-104. Returns the order and the stream, continued, for the re-deals.
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

/// A source of an available card.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Src {
    /// The herring-bone top.
    Hb,
    /// Bar 0..=3 (B1..B4).
    Bar(u8),
    /// Side scene 0..=7 (S1..S8).
    Side(u8),
    /// The talon top.
    Talon,
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HMove {
    /// The pending foundation builds up.
    Up,
    /// The pending foundation builds down.
    Down,
    /// An available card to foundation place `to` (0..=7).
    ToFound {
        src: Src,
        to: u8,
    },
    /// The top card of foundation `from` onto foundation `to`.
    Exchange {
        from: u8,
        to: u8,
    },
    /// The talon top into the empty side scene 0..=7.
    TalonSide(u8),
    Turn,
    Redeal,
    /// Solver only: exchanges between the two foundations of the card's suit until `to`
    /// takes the card at `src`, then that play.
    Via {
        src: Src,
        to: u8,
    },
    /// Solver only: `steps` turns, then `end`.
    Stock {
        steps: u8,
        end: End,
    },
}

/// What a solver's [`HMove::Stock`] macro does after its turns.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum End {
    /// Nothing (the last turn placed a base card).
    Nothing,
    /// The talon top to foundation `to`, after exchanges if `via`.
    Found {
        to: u8,
        via: bool,
    },
    /// The talon top into side scene 0..=7.
    Side(u8),
    Redeal,
}

/// A pile of at most 63 cards (pack or talon), bottom to top.
#[derive(Copy, Clone, Debug)]
pub struct Pile {
    cards: [Card; PACK_CARDS],
    len: u8,
}

impl Pile {
    const EMPTY: Pile = Pile {
        cards: [Card::new(1, 0); PACK_CARDS],
        len: 0,
    };

    #[inline]
    fn top(&self) -> Option<Card> {
        self.slice().last().copied()
    }
    #[inline]
    fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = c;
            self.len += 1;
        }
    }
    #[inline]
    fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        Some(c)
    }
    fn slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct HState {
    /// The herring-bone, card 1 at the bottom; `hb[..hb_len]`.
    hb: [Card; HB_CARDS],
    hb_len: u8,
    side: [Option<Card>; 8],
    bar: [Option<Card>; 4],
    /// Suit of each foundation place, or `NONE` while it is empty.
    f_suit: [u8; 8],
    /// `UP`, `DOWN`, or 0 while the direction is pending.
    f_dir: [u8; 8],
    /// Cards on each foundation place (base included).
    f_len: [u8; 8],
    /// The base rank (rank of card 41).
    base: u8,
    pack: Pile,
    talon: Pile,
    /// 1 + re-deals made.
    pass: u8,
    /// Foundation place whose direction is to be chosen, or `NONE`.
    pending: u8,
    rng: SplitMix64,
}

/// Rank `steps` places from `rank` going up (`dir == UP`) or down, with wrap-around.
#[inline]
fn step_rank(rank: u8, dir: u8, steps: u8) -> u8 {
    let r = rank - 1;
    let s = steps % 13;
    if dir == UP {
        (r + s) % 13 + 1
    } else {
        (r + 13 - s) % 13 + 1
    }
}

impl HState {
    #[inline]
    fn hb_top(&self) -> Option<Card> {
        self.hb[..self.hb_len as usize].last().copied()
    }

    /// The card available at `src`, if any.
    #[inline]
    fn card_at(&self, src: Src) -> Option<Card> {
        match src {
            Src::Hb => self.hb_top(),
            Src::Bar(i) => self.bar.get(i as usize).copied().flatten(),
            Src::Side(i) => self.side.get(i as usize).copied().flatten(),
            Src::Talon => self.talon.top(),
        }
    }

    /// Remove the card at `src`.
    fn take(&mut self, src: Src) -> Option<Card> {
        match src {
            Src::Hb => {
                let c = self.hb_top()?;
                self.hb_len -= 1;
                Some(c)
            }
            Src::Bar(i) => self.bar.get_mut(i as usize).and_then(Option::take),
            Src::Side(i) => self.side.get_mut(i as usize).and_then(Option::take),
            Src::Talon => self.talon.pop(),
        }
    }

    /// Top card of foundation place `p`.
    #[inline]
    fn f_top(&self, p: usize) -> Option<Card> {
        if self.f_suit[p] == NONE {
            return None;
        }
        let rank = step_rank(self.base, self.f_dir[p], self.f_len[p] - 1);
        Some(Card::new(rank, self.f_suit[p]))
    }

    /// The next card foundation place `p` takes, if it takes any.
    #[inline]
    fn f_next(&self, p: usize) -> Option<Card> {
        if self.f_suit[p] == NONE || self.f_dir[p] == 0 || self.f_len[p] >= 13 {
            return None;
        }
        let rank = step_rank(self.base, self.f_dir[p], self.f_len[p]);
        Some(Card::new(rank, self.f_suit[p]))
    }

    #[inline]
    fn fits(&self, p: usize, c: Card) -> bool {
        self.f_next(p) == Some(c)
    }

    /// The foundation place of `suit` building in direction `dir`, if placed.
    fn place_of(&self, suit: u8, dir: u8) -> Option<usize> {
        (0..8).find(|&p| self.f_suit[p] == suit && self.f_dir[p] == dir)
    }

    /// Cards besides the base on the up and down foundations of `suit`: `None` unless
    /// both are placed (with their directions).
    fn suit_counts(&self, suit: u8) -> Option<(usize, usize, u8, u8)> {
        let u = self.place_of(suit, UP)?;
        let d = self.place_of(suit, DOWN)?;
        Some((u, d, self.f_len[u] - 1, self.f_len[d] - 1))
    }

    /// The automatic steps, in the rule file's order, until none applies or a direction
    /// choice is pending.
    fn settle(&mut self) {
        while self.pending == NONE {
            if self.hb_len > 0 {
                if let Some(i) = self.bar.iter().position(Option::is_none) {
                    self.bar[i] = self.take(Src::Hb);
                    continue;
                }
            }
            let base = self.base;
            let found = sources().find(|&src| self.card_at(src).is_some_and(|c| c.rank() == base));
            let Some(src) = found else { return };
            let Some(p) = self.f_suit.iter().position(|&s| s == NONE) else {
                return;
            };
            let Some(c) = self.take(src) else { return };
            let suit = c.suit();
            let other = (0..8).find(|&q| self.f_suit[q] == suit);
            self.f_suit[p] = suit;
            self.f_len[p] = 1;
            match other {
                Some(q) => self.f_dir[p] = if self.f_dir[q] == UP { DOWN } else { UP },
                None => {
                    self.f_dir[p] = 0;
                    self.pending = p as u8;
                }
            }
        }
    }

    fn redeal(&mut self) {
        let mut seq: Vec<Card> = self.talon.slice().to_vec();
        self.rng.shuffle(&mut seq);
        self.talon.len = 0;
        self.pack.len = 0;
        for &c in seq.iter().rev() {
            self.pack.push(c);
        }
        self.pass += 1;
    }

    fn can_redeal(&self) -> bool {
        self.pack.len == 0 && self.talon.len > 0 && self.pass < 3
    }

    /// One exchange bringing foundation `to` closer to taking `c` (window state only).
    fn exchange_step(&self, to: usize, c: Card) -> Option<(u8, u8)> {
        let (u, d, k, j) = self.suit_counts(c.suit())?;
        if usize::from(k + j) != 12 {
            return None;
        }
        // Distance of the card from the base going up, 1..=12.
        let t = (c.rank() + 13 - self.base) % 13;
        let (have, want, other) = if to == u {
            (k, t.checked_sub(1)?, d)
        } else if to == d {
            (j, 12u8.checked_sub(t)?, u)
        } else {
            return None;
        };
        match have.cmp(&want) {
            std::cmp::Ordering::Greater => Some((to as u8, other as u8)),
            std::cmp::Ordering::Less => Some((other as u8, to as u8)),
            std::cmp::Ordering::Equal => None,
        }
    }

    fn exchange(&mut self, from: u8, to: u8) {
        self.f_len[from as usize] -= 1;
        self.f_len[to as usize] += 1;
    }
}

/// All sources of available cards, in the rule file's order.
fn sources() -> impl Iterator<Item = Src> {
    [Src::Hb]
        .into_iter()
        .chain((0..4).map(Src::Bar))
        .chain((0..8).map(Src::Side))
        .chain([Src::Talon])
}

fn src_text(src: Src) -> String {
    match src {
        Src::Hb => "hb".into(),
        Src::Bar(i) => format!("b{}", i + 1),
        Src::Side(i) => format!("s{}", i + 1),
        Src::Talon => "talon".into(),
    }
}

impl HerringBone {
    /// The play of `c` (at `src`) to a foundation that the solver tries, if any; the
    /// argument for the single choice is in the module's Solver notes.
    fn found_play(&self, s: &HState, src: Src, c: Card) -> Option<HMove> {
        if let Some((u, d, k, _)) = s.suit_counts(c.suit()).filter(|&(_, _, k, j)| k + j == 12) {
            // The window: any card of the suit fits one of the two after exchanges.
            let t = (c.rank() + 13 - s.base) % 13;
            if t == 0 {
                return None;
            }
            let cost_up = (i16::from(k) - i16::from(t) + 1).abs();
            let cost_down = (i16::from(k) - i16::from(t)).abs();
            let to = if cost_up <= cost_down { u } else { d };
            return Some(if s.fits(to, c) {
                HMove::ToFound { src, to: to as u8 }
            } else {
                HMove::Via { src, to: to as u8 }
            });
        }
        (0..8)
            .find(|&p| s.fits(p, c))
            .map(|p| HMove::ToFound { src, to: p as u8 })
    }

    /// Is the play of `c`, at `src`, to a foundation provably safe? See
    /// [`Game::safe_move`] below for the argument.
    fn safe_play(&self, s: &HState, src: Src, c: Card) -> Option<HMove> {
        let p = (0..8).find(|&p| s.fits(p, c))?;
        let play = Some(HMove::ToFound { src, to: p as u8 });
        let counts = s.suit_counts(c.suit());
        if let Some((_, _, k, j)) = counts {
            if k + j >= 13 {
                // Rule 1: the card's only remaining destination.
                return if src != Src::Talon || s.pass >= 3 {
                    play
                } else {
                    None
                };
            }
            if k + j == 12 {
                return None; // the window: the card chooses where the two meet
            }
        }
        // Rule 2: its twin lies in the same kind of permanent place.
        let twins = match src {
            Src::Hb | Src::Bar(_) => s.hb[..s.hb_len as usize]
                .iter()
                .chain(s.bar.iter().flatten())
                .filter(|&&x| x == c)
                .count(),
            Src::Side(_) => s.side.iter().flatten().filter(|&&x| x == c).count(),
            Src::Talon => 0,
        };
        if twins >= 2 {
            play
        } else {
            None
        }
    }

    /// Is the position provably lost? A relaxation of the game: every card of the pack and
    /// the side scenes is available at any time, and so is every talon card while a re-deal
    /// remains (a re-deal can bring any of them back); in the last pass the talon is a
    /// stack, whose top may leave when it can reach a foundation or when a side scene is or
    /// can be emptied (then, relaxed, as often as wanted). The herring-bone top and the bars
    /// form a pool: playing any pool card releases the next herring-bone card. A card can
    /// reach a foundation when its suit's foundations can get to it with cards lying
    /// neither under the herring-bone top nor under the talon top (see `reachable`).
    ///
    /// Every removal only makes more cards reachable, so removing greedily until nothing
    /// more can go does every removal a real line does: take the first of the line's
    /// removals the greedy run did not make; all the cards the line had reached by then
    /// the run has reached too, so that removal is possible in the run, a contradiction.
    /// If the herring-bone or the last pass's talon still cannot be emptied, no line wins.
    fn dead(&self, s: &HState) -> bool {
        let rel = |c: Card| ((c.rank() + 13 - s.base) % 13) as usize;
        // Copies of each rank off the foundations, and those blocked (under the
        // herring-bone top or, in the last pass, under the talon top).
        let mut off = [[2u8; 13]; 4];
        let mut blocked = [[0u8; 13]; 4];
        let mut q = (s.hb_len as usize).saturating_sub(1);
        for &c in &s.hb[..q] {
            blocked[c.suit() as usize][rel(c)] += 1;
        }
        let talon = s.talon.slice();
        let mut t_left = if s.pass >= 3 { talon.len() } else { 0 };
        for &c in &talon[..t_left.saturating_sub(1)] {
            blocked[c.suit() as usize][rel(c)] += 1;
        }
        let mut up: [Option<usize>; 4] = [None; 4];
        let mut down: [Option<usize>; 4] = [None; 4];
        let mut pending = [false; 4];
        for p in 0..8 {
            let suit = s.f_suit[p];
            if suit == NONE {
                continue;
            }
            let su = suit as usize;
            let n = s.f_len[p] as usize;
            for i in 0..n {
                let v = if s.f_dir[p] == DOWN { (13 - i) % 13 } else { i };
                off[su][v] = off[su][v].saturating_sub(1);
            }
            match s.f_dir[p] {
                UP => up[su] = Some(n - 1),
                DOWN => down[su] = Some(n - 1),
                _ => pending[su] = true,
            }
        }
        // Bit v of bad[suit]: no copy of rank v is reachable.
        let mut bad = [0u16; 4];
        let set_bad = |bad: &mut [u16; 4], blocked: &[[u8; 13]; 4], su: usize, v: usize| {
            if off[su][v] > blocked[su][v] {
                bad[su] &= !(1 << v);
            } else {
                bad[su] |= 1 << v;
            }
        };
        for su in 0..4 {
            for v in 0..13 {
                set_bad(&mut bad, &blocked, su, v);
            }
        }
        let fits = |bad: &[u16; 4], x: Card| {
            let su = x.suit() as usize;
            Self::reachable(rel(x), up[su], down[su], pending[su], bad[su])
        };
        let mut pool: Vec<Card> = s.bar.iter().flatten().copied().collect();
        pool.extend(s.hb_top());
        let mut parking = s.side.iter().any(Option::is_none);
        loop {
            if let Some(i) = pool.iter().position(|&x| fits(&bad, x)) {
                pool.swap_remove(i);
                if q > 0 {
                    q -= 1;
                    let c = s.hb[q];
                    let (su, v) = (c.suit() as usize, rel(c));
                    blocked[su][v] -= 1;
                    set_bad(&mut bad, &blocked, su, v);
                    pool.push(c);
                }
                continue;
            }
            if t_left == 0 {
                break;
            }
            if !parking {
                parking = s.side.iter().flatten().any(|&x| fits(&bad, x));
            }
            if parking || fits(&bad, talon[t_left - 1]) {
                t_left -= 1;
                if t_left > 0 {
                    let c = talon[t_left - 1];
                    let (su, v) = (c.suit() as usize, rel(c));
                    blocked[su][v] -= 1;
                    set_bad(&mut bad, &blocked, su, v);
                }
                continue;
            }
            break;
        }
        !pool.is_empty() || t_left > 0
    }

    /// In the relaxation of `dead`: can a card `t` ranks above the base (0 = a base) reach
    /// a foundation of its suit, whose up and down foundations hold `up` and `down` cards
    /// besides their bases (`None`: not placed; `pending`: its first base waits for its
    /// direction), when bit v of `bad` says that no copy of rank v is reachable?
    ///
    /// The up foundation at k takes ranks k+1, k+2, ... and the down one at j takes 12-j,
    /// 11-j, ...: to play the card there, every rank in between must be played first. With
    /// k + j >= 13 that is all (no exchange is ever possible). Otherwise a foundation can
    /// also gain or lose cards by exchanges, but only once the gap k+1 ..= 12-j between
    /// them is closed, which needs a copy of every rank in it: so a rank outside the gap
    /// needs the whole gap. A foundation not yet placed needs a base copy first, and starts
    /// from its base (k or j = 0).
    fn reachable(
        t: usize,
        up: Option<usize>,
        down: Option<usize>,
        pending: bool,
        bad: u16,
    ) -> bool {
        if t == 0 {
            return true;
        }
        // Every rank in a..b is reachable.
        let all = |a: usize, b: usize| a >= b || bad & ((1u16 << b) - (1u16 << a)) == 0;
        let base = bad & 1 == 0;
        match (up, down) {
            (Some(k), Some(j)) if k + j >= 13 => {
                if t > k {
                    all(k + 1, t)
                } else if t < 13 - j {
                    all(t + 1, 13 - j)
                } else {
                    false
                }
            }
            (Some(k), Some(j)) => {
                if t > k && t < 13 - j {
                    all(k + 1, t) || all(t + 1, 13 - j)
                } else {
                    all(k + 1, 13 - j)
                }
            }
            (Some(k), None) => {
                if t > k {
                    all(k + 1, t) || (base && all(t + 1, 13))
                } else {
                    base && all(k + 1, 13)
                }
            }
            (None, Some(j)) => {
                if t < 13 - j {
                    all(t + 1, 13 - j) || (base && all(1, t))
                } else {
                    base && all(1, 13 - j)
                }
            }
            (None, None) => (pending || base) && (all(1, t) || all(t + 1, 13)),
        }
    }

    /// How far the next few cards of the pending foundation, built in direction `dir`, lie
    /// from being available (a move-ordering heuristic only).
    fn direction_cost(&self, s: &HState, dir: u8) -> u32 {
        let p = s.pending as usize;
        let Some(&suit) = s.f_suit.get(p) else {
            return 0;
        };
        let hb = &s.hb[..s.hb_len as usize];
        let mut cost = 0;
        for i in 1..=4u8 {
            let want = Card::new(step_rank(s.base, dir, i), suit);
            let avail = s.bar.contains(&Some(want))
                || s.side.contains(&Some(want))
                || s.talon.top() == Some(want)
                || s.hb_top() == Some(want);
            let c = if avail {
                0
            } else if let Some(d) = hb.iter().rev().position(|&x| x == want) {
                (d as u32).min(12)
            } else {
                6
            };
            cost += c * u32::from(5 - i);
        }
        cost
    }

    /// Turn the next card and apply the automatic steps; true if a base card was placed.
    fn turn(s: &mut HState) -> bool {
        let placed: usize = s.f_len.iter().filter(|&&n| n > 0).count();
        if let Some(c) = s.pack.pop() {
            s.talon.push(c);
        }
        s.settle();
        s.f_len.iter().filter(|&&n| n > 0).count() != placed
    }

    /// The solver's talon moves: for each talon top reachable by turning the pack (but no
    /// further than a turn that places a base card), its foundation play and its move into
    /// the lowest empty side scene; and, once the pack is empty, the re-deal.
    ///
    /// Complete: a turn commutes with every later move that does not use the talon, unless
    /// it placed a base card (then the turns up to it are a macro of their own), so every
    /// line can be reordered so that each run of turns ends in a use of the talon top, a
    /// re-deal, or such a placement.
    fn stock_moves(&self, s: &HState, out: &mut Vec<HMove>) {
        let mut t = s.clone();
        let mut steps: u8 = 0;
        loop {
            if let Some(c) = t.talon.top() {
                if let Some(m) = self.found_play(&t, Src::Talon, c) {
                    let end = match m {
                        HMove::Via { to, .. } => End::Found { to, via: true },
                        HMove::ToFound { to, .. } => End::Found { to, via: false },
                        _ => End::Nothing,
                    };
                    out.push(HMove::Stock { steps, end });
                }
                if let Some(i) = t.side.iter().position(Option::is_none) {
                    out.push(HMove::Stock {
                        steps,
                        end: End::Side(i as u8),
                    });
                }
            }
            if t.pack.len == 0 {
                if t.can_redeal() {
                    out.push(HMove::Stock {
                        steps,
                        end: End::Redeal,
                    });
                }
                return;
            }
            steps += 1;
            if Self::turn(&mut t) {
                out.push(HMove::Stock {
                    steps,
                    end: End::Nothing,
                });
                return;
            }
        }
    }
}

impl Game for HerringBone {
    type State = HState;
    type Move = HMove;
    type Key = [u64; 9];

    fn deal_order(&self, seed: u64) -> (Vec<Card>, SplitMix64) {
        self.deal(seed)
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Herring-Bone",
            pack: PackSpec::Standard(2),
            options: vec![OptionInfo {
                name: "german",
                default: "False".into(),
                help: "the German variety: the herring-bone is dealt from one pack alone",
            }],
        }
    }

    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<HState, EngineError> {
        if cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let mut s = HState {
            hb: [Card::new(1, 0); HB_CARDS],
            hb_len: HB_CARDS as u8,
            side: [None; 8],
            bar: [None; 4],
            f_suit: [NONE; 8],
            f_dir: [0; 8],
            f_len: [0; 8],
            base: 1,
            pack: Pile::EMPTY,
            talon: Pile::EMPTY,
            pass: 1,
            pending: 0,
            rng,
        };
        s.hb.copy_from_slice(&cards[..HB_CARDS]);
        for (slot, &c) in s.side.iter_mut().zip(&cards[28..36]) {
            *slot = Some(c);
        }
        for (slot, &c) in s.bar.iter_mut().zip(&cards[36..40]) {
            *slot = Some(c);
        }
        let first = cards[40];
        s.base = first.rank();
        s.f_suit[0] = first.suit();
        s.f_len[0] = 1;
        for &c in cards[41..].iter().rev() {
            s.pack.push(c);
        }
        Ok(s)
    }

    fn moves(&self, s: &HState, out: &mut Vec<HMove>) {
        if s.pending != NONE {
            out.push(HMove::Up);
            out.push(HMove::Down);
            return;
        }
        for src in sources() {
            if let Some(c) = s.card_at(src) {
                for p in 0..8 {
                    if s.fits(p, c) {
                        out.push(HMove::ToFound { src, to: p as u8 });
                    }
                }
            }
        }
        for from in 0..8 {
            if s.f_len[from] < 2 {
                continue;
            }
            if let Some(c) = s.f_top(from) {
                for to in 0..8 {
                    if to != from && s.fits(to, c) {
                        out.push(HMove::Exchange {
                            from: from as u8,
                            to: to as u8,
                        });
                    }
                }
            }
        }
        if s.talon.len > 0 {
            for i in 0..8 {
                if s.side[i].is_none() {
                    out.push(HMove::TalonSide(i as u8));
                }
            }
        }
        if s.pack.len > 0 {
            out.push(HMove::Turn);
        }
        if s.can_redeal() {
            out.push(HMove::Redeal);
        }
    }

    fn play(&self, s: &mut HState, m: HMove) {
        match m {
            HMove::Up | HMove::Down => {
                if let Some(d) = s.f_dir.get_mut(s.pending as usize) {
                    *d = if m == HMove::Up { UP } else { DOWN };
                }
                s.pending = NONE;
            }
            HMove::ToFound { src, to } => {
                if s.take(src).is_some() {
                    s.f_len[to as usize] += 1;
                }
            }
            HMove::Exchange { from, to } => s.exchange(from, to),
            HMove::TalonSide(i) => {
                let c = s.talon.pop();
                if let Some(slot) = s.side.get_mut(i as usize) {
                    *slot = c;
                }
            }
            HMove::Turn => {
                if let Some(c) = s.pack.pop() {
                    s.talon.push(c);
                }
            }
            HMove::Redeal => s.redeal(),
            HMove::Via { src, to } => {
                if let Some(c) = s.card_at(src) {
                    while let Some((a, b)) = s.exchange_step(to as usize, c) {
                        s.exchange(a, b);
                    }
                    if s.take(src).is_some() {
                        s.f_len[to as usize] += 1;
                    }
                }
            }
            HMove::Stock { steps, end } => {
                for _ in 0..steps {
                    Self::turn(s);
                }
                let last = match end {
                    End::Nothing => return,
                    End::Found { to, via: false } => HMove::ToFound {
                        src: Src::Talon,
                        to,
                    },
                    End::Found { to, via: true } => HMove::Via {
                        src: Src::Talon,
                        to,
                    },
                    End::Side(i) => HMove::TalonSide(i),
                    End::Redeal => HMove::Redeal,
                };
                self.play(s, last);
                return;
            }
        }
        s.settle();
    }

    fn is_won(&self, s: &HState) -> bool {
        s.f_len.iter().map(|&n| usize::from(n)).sum::<usize>() == 104
    }

    fn move_text(&self, _s: &HState, m: HMove) -> String {
        match m {
            HMove::Up => "up".into(),
            HMove::Down => "down".into(),
            HMove::ToFound { src, to } => format!("{}>f{}", src_text(src), to + 1),
            HMove::Exchange { from, to } => format!("f{}>f{}", from + 1, to + 1),
            HMove::TalonSide(i) => format!("talon>s{}", i + 1),
            HMove::Turn => "turn".into(),
            HMove::Redeal => "redeal".into(),
            HMove::Via { src, to } => format!("via:{}>f{}", src_text(src), to + 1),
            HMove::Stock { steps, end } => format!("stock:{steps}:{end:?}"),
        }
    }

    fn key_text(&self, s: &HState) -> String {
        let mut out = String::with_capacity(320);
        pile_text(&mut out, "HB", &s.hb[..s.hb_len as usize], 0);
        for (i, c) in s.side.iter().enumerate() {
            out.push_str(&format!(" S{}:", i + 1));
            if let Some(c) = c {
                c.write(&mut out, false);
            }
        }
        for (i, c) in s.bar.iter().enumerate() {
            out.push_str(&format!(" B{}:", i + 1));
            if let Some(c) = c {
                c.write(&mut out, false);
            }
        }
        for p in 0..8 {
            out.push_str(&format!(" F{}:", p + 1));
            if s.f_suit[p] != NONE {
                let dir = if s.f_dir[p] == 0 { UP } else { s.f_dir[p] };
                for i in 0..s.f_len[p] {
                    Card::new(step_rank(s.base, dir, i), s.f_suit[p]).write(&mut out, false);
                }
            }
        }
        out.push_str(" dir:");
        for p in 0..8 {
            out.push(match (s.f_suit[p], s.f_dir[p]) {
                (NONE, _) => '-',
                (_, UP) => 'u',
                (_, DOWN) => 'd',
                _ => '-',
            });
        }
        out.push(' ');
        pile_text(&mut out, "pack", s.pack.slice(), s.pack.len as usize);
        out.push(' ');
        pile_text(&mut out, "talon", s.talon.slice(), 0);
        out.push_str(&format!(" pass:{}", s.pass));
        if s.pending != NONE {
            out.push_str(&format!(" pending:F{}", s.pending + 1));
        }
        out.push(' ');
        s.rng.write_key(&mut out);
        out
    }

    fn display(&self, s: &HState) -> String {
        let cell = |c: Option<Card>| c.map_or("--".to_string(), |c| c.to_string());
        let mut out = String::new();
        out.push_str(&format!(
            "  B1 {}                 B3 {}\n",
            cell(s.bar[0]),
            cell(s.bar[2])
        ));
        let hb: Vec<String> = s.hb[..s.hb_len as usize]
            .iter()
            .map(|c| c.to_string())
            .collect();
        for row in 0..4 {
            out.push_str(&format!("  S{} {}", row + 1, cell(s.side[row])));
            if row == 0 {
                out.push_str(&format!("   herring-bone: {} cards", s.hb_len));
            } else if row == 1 {
                out.push_str(&format!(
                    "   top (available): {}",
                    s.hb_top().map_or("--".to_string(), |c| c.to_string())
                ));
            } else {
                out.push_str("                       ");
            }
            out.push_str(&format!("   S{} {}\n", row + 5, cell(s.side[row + 4])));
        }
        out.push_str(&format!(
            "  B2 {}                 B4 {}\n",
            cell(s.bar[1]),
            cell(s.bar[3])
        ));
        if !hb.is_empty() {
            out.push_str(&format!("Herring-bone, bottom to top: {}\n", hb.join(" ")));
        }
        out.push_str("Foundations:");
        for p in 0..8 {
            match s.f_top(p) {
                None => out.push_str(&format!("  F{} --", p + 1)),
                Some(c) => {
                    let d = match s.f_dir[p] {
                        UP => "up",
                        DOWN => "down",
                        _ => "?",
                    };
                    out.push_str(&format!("  F{} {c} ({d}, {})", p + 1, s.f_len[p]));
                }
            }
        }
        out.push_str(&format!(
            "\nPack: {} cards   Talon: {}{}   Pass {} of 3\n",
            s.pack.len,
            cell(s.talon.top()),
            if s.talon.len > 1 {
                format!(" (+{} beneath)", s.talon.len - 1)
            } else {
                String::new()
            },
            s.pass
        ));
        if s.pending != NONE {
            out.push_str(&format!(
                "Choose the direction of F{}: up or down\n",
                s.pending + 1
            ));
        }
        out
    }

    fn key(&self, s: &HState) -> [u64; 9] {
        // Bits: herring-bone length 5; bars sorted 4 x 6 and side scenes sorted 8 x 6
        // (a card as its index + 1, 0 = empty); per suit the lengths of its up and down
        // foundations 4 x (4 + 4) (0 = not placed; the 12-card window class written as
        // 13/1); pending suit + 1 (0 = none) 3; pass 2; the stream 64 while a re-deal
        // remains (else 0); pack length 6; the pack's cards then the talon's, 6 each, at
        // most 63. Total at most 5 + 24 + 48 + 32 + 3 + 2 + 64 + 6 + 378 = 562 bits. The
        // talon's length follows from the others (104 cards in all).
        let code = |c: Option<Card>| c.map_or(0, |c| c.index() as u64 + 1);
        let mut w = BitWriter::<9>::new();
        w.put(u64::from(s.hb_len), 5);
        let mut bars = s.bar.map(code);
        bars.sort_unstable();
        for b in bars {
            w.put(b, 6);
        }
        let mut sides = s.side.map(code);
        sides.sort_unstable();
        for c in sides {
            w.put(c, 6);
        }
        for suit in 0..4u8 {
            let len = |dir: u8| s.place_of(suit, dir).map_or(0, |p| s.f_len[p]);
            let (u, d) = (len(UP), len(DOWN));
            let (u, d) = if u > 0 && d > 0 && u + d == 14 {
                (13, 1)
            } else {
                (u, d)
            };
            w.put(u64::from(u), 4);
            w.put(u64::from(d), 4);
        }
        let pending = s.f_suit.get(s.pending as usize).map_or(0, |&su| su + 1);
        w.put(u64::from(pending), 3);
        w.put(u64::from(s.pass), 2);
        w.put(if s.pass < 3 { s.rng.state } else { 0 }, 64);
        w.put(u64::from(s.pack.len), 6);
        for &c in s.pack.slice().iter().chain(s.talon.slice()) {
            w.put(code(Some(c)), 6);
        }
        w.finish()
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
    /// card (a bar refills from the top), so playing a pool card early only releases
    /// herring-bone cards earlier, and once the line plays that card (or an identical one)
    /// the pool holds the same cards as the line's. A side scene emptied early is simply
    /// not used. A talon card needs no re-deal to come, since a re-deal shuffles a talon
    /// whose length would differ. Given a winning line L, the line "this play, then L
    /// without its play of this card (or its twin)" is then legal and wins, as follows.
    ///
    /// Rule 1: with k + j >= 13 cards on the up and down foundations, what each still needs
    /// is disjoint, once each, and no exchange is possible ever again (it needs k + j = 12
    /// and k + j never falls). The foundation the card fits cannot move until this card,
    /// its last copy, is played there, so L plays it there at some time and makes no move
    /// on that foundation before.
    ///
    /// Rule 2: with k + j <= 11, no exchange is possible until the gap between what the
    /// two need closes; until L puts a copy of this rank on the foundation the card fits,
    /// L's moves on the suit are plays to the other foundation of other ranks, or (when the
    /// gap is this rank alone) a copy of it to either, which leads to the same class of
    /// positions (every split of the window is reachable by exchanges) as the early play.
    /// When L plays this card, skip it; when L plays the twin, skip it and later play the
    /// twin where L plays this card: the two are alike and lie in alike places (same pool
    /// contents, or two side scenes exchanged), so the positions stay the same up to the
    /// places' names.
    fn safe_move(&self, s: &HState) -> Option<HMove> {
        if s.pending != NONE || self.dead(s) {
            return None;
        }
        for src in sources() {
            if let Some(c) = s.card_at(src) {
                if let Some(m) = self.safe_play(s, src, c) {
                    return Some(m);
                }
            }
        }
        None
    }

    fn solver_moves(&self, s: &HState, out: &mut Vec<HMove>) {
        if self.dead(s) {
            return; // no line wins from here (see `dead`)
        }
        if s.pending != NONE {
            // Both directions; first the one whose next cards lie nearer to hand.
            if self.direction_cost(s, DOWN) < self.direction_cost(s, UP) {
                out.push(HMove::Down);
                out.push(HMove::Up);
            } else {
                out.push(HMove::Up);
                out.push(HMove::Down);
            }
            return;
        }
        // Foundation plays from the layout, at most one per source; exchanges are left out
        // (they stay in one key class and the `Via` macro moves stand for them); then the
        // talon's macro moves (see `stock_moves`).
        for src in sources().filter(|&src| src != Src::Talon) {
            if let Some(c) = s.card_at(src) {
                if let Some(m) = self.found_play(s, src, c) {
                    out.push(m);
                }
            }
        }
        self.stock_moves(s, out);
    }

    fn expand(&self, s: &HState, m: HMove, out: &mut Vec<HMove>) {
        match m {
            HMove::Via { src, to } => {
                let mut t = s.clone();
                if let Some(c) = t.card_at(src) {
                    while let Some((a, b)) = t.exchange_step(to as usize, c) {
                        out.push(HMove::Exchange { from: a, to: b });
                        t.exchange(a, b);
                    }
                }
                out.push(HMove::ToFound { src, to });
            }
            HMove::Stock { steps, end } => {
                let mut t = s.clone();
                for _ in 0..steps {
                    out.push(HMove::Turn);
                    Self::turn(&mut t);
                }
                match end {
                    End::Nothing => {}
                    End::Found { to, via: false } => out.push(HMove::ToFound {
                        src: Src::Talon,
                        to,
                    }),
                    End::Found { to, via: true } => self.expand(
                        &t,
                        HMove::Via {
                            src: Src::Talon,
                            to,
                        },
                        out,
                    ),
                    End::Side(i) => out.push(HMove::TalonSide(i)),
                    End::Redeal => out.push(HMove::Redeal),
                }
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

    fn card(t: &str) -> Card {
        Card::parse(t).unwrap()
    }

    fn texts(g: &HerringBone, s: &HState) -> Vec<String> {
        let mut v = Vec::new();
        g.moves(s, &mut v);
        let mut t: Vec<String> = v.iter().map(|&m| g.move_text(s, m)).collect();
        t.sort();
        t
    }

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut t: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        t.sort();
        t
    }

    /// Play the legal move with text `m`.
    fn play(g: &HerringBone, s: &mut HState, m: &str) {
        let mut v = Vec::new();
        g.moves(s, &mut v);
        let mv = v.into_iter().find(|&x| g.move_text(s, x) == m);
        let mv = mv.unwrap_or_else(|| panic!("{m} is not legal in {}", g.key_text(s)));
        g.play(s, mv);
    }

    /// The segment `label:...` of the key, without the label.
    fn seg(g: &HerringBone, s: &HState, label: &str) -> String {
        let key = g.key_text(s);
        let prefix = format!("{label}:");
        key.split(' ')
            .find_map(|p| p.strip_prefix(&prefix).map(str::to_string))
            .unwrap_or_else(|| panic!("no {label} in {key}"))
    }

    /// The two packs unshuffled: copy 1 (C, D, H, S; A..K), then copy 2.
    fn unshuffled() -> Vec<Card> {
        PackSpec::Standard(2).cards()
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
        HState {
            hb: [Card::new(1, 0); HB_CARDS],
            hb_len: 0,
            side: [None; 8],
            bar: [None; 4],
            f_suit: [NONE; 8],
            f_dir: [0; 8],
            f_len: [0; 8],
            base,
            pack: Pile::EMPTY,
            talon: Pile::EMPTY,
            pass: 3,
            pending: NONE,
            rng: SplitMix64::new(0),
        }
    }

    /// Foundation place `p` of `suit` building `dir` with `len` cards.
    fn found(s: &mut HState, p: usize, suit: u8, dir: u8, len: u8) {
        s.f_suit[p] = suit;
        s.f_dir[p] = dir;
        s.f_len[p] = len;
    }

    fn cards(t: &str) -> Vec<Card> {
        t.split_whitespace().map(card).collect()
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
        s.side[0] = Some(card("6H"));
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
        s.pass = 1;
        found(&mut s, 0, 0, UP, 1);
        found(&mut s, 1, 0, DOWN, 1);
        for c in cards("5D 9H 3S") {
            s.talon.push(c);
        }
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
        s.pass = 3;
        play(&g, &mut s, "turn");
        play(&g, &mut s, "turn");
        assert_eq!(seg(&g, &s, "pack"), "");
        assert!(!texts(&g, &s).contains(&"redeal".to_string()));
    }

    #[test]
    fn the_end() {
        let g = HerringBone::default();
        let mut s = aces([(12, 13), (13, 13), (13, 13), (13, 13)]);
        s.bar[2] = Some(card("KC"));
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
            s.side[i] = Some(c);
        }
        for c in cards("5D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QC KC") {
            s.talon.push(c);
        }
        s
    }

    fn solved(g: &HerringBone, s: &HState) -> (Verdict, Vec<HMove>) {
        let out = solve(g, s, &Limits::default(), &AtomicBool::new(false));
        (out.verdict, out.moves)
    }

    /// Replay a solution through the legal moves; true if it ends won.
    fn replays_to_a_win(g: &HerringBone, s: &HState, moves: &[HMove]) -> bool {
        let mut s = s.clone();
        for &m in moves {
            let mut legal = Vec::new();
            g.moves(&s, &mut legal);
            assert!(legal.contains(&m), "{m:?} not legal in {}", g.key_text(&s));
            g.play(&mut s, m);
        }
        g.is_won(&s)
    }

    #[test]
    fn solver_wins_by_parking_a_card() {
        let g = HerringBone::default();
        // Clubs need QC then KC; the talon holds QC under KC: KC to a side scene first.
        let mut s = aces([(11, 13), (13, 13), (13, 13), (13, 13)]);
        s.talon.push(card("QC"));
        s.talon.push(card("KC"));
        let (v, moves) = solved(&g, &s);
        assert_eq!(v, Verdict::Won);
        let t: Vec<String> = moves.iter().map(|&m| g.move_text(&s, m)).collect();
        assert_eq!(t.len(), 3);
        assert!(replays_to_a_win(&g, &s, &moves));
    }

    #[test]
    fn solver_wins_through_the_window() {
        let g = HerringBone::default();
        // Hearts up A..5, down A K..6: any heart may meet them. JH first (the talon top),
        // then up QH KH and down TH 9H 8H (talon) 7H 6H (talon) 5H 4H (talon) 3H 2H.
        let mut s = aces([(13, 13), (13, 13), (5, 9), (13, 13)]);
        for (i, c) in cards("9H 3H QH 7H 2H KH 5H TH").into_iter().enumerate() {
            s.side[i] = Some(c);
        }
        for c in cards("4H 6H 8H JH") {
            s.talon.push(c);
        }
        let (v, moves) = solved(&g, &s);
        assert_eq!(v, Verdict::Won);
        assert!(replays_to_a_win(&g, &s, &moves));
    }

    #[test]
    fn dead_positions() {
        let g = HerringBone::default();
        // Both AC lie under the herring-bone top 7C, and the pool (7C and the bars 3C..6C)
        // holds nothing but clubs: no clubs foundation can ever start.
        let mut s = bare(1);
        found(&mut s, 0, 1, UP, 1);
        found(&mut s, 1, 1, DOWN, 1);
        for (i, c) in cards("AC AC 7C").into_iter().enumerate() {
            s.hb[i] = c;
        }
        s.hb_len = 3;
        for (i, c) in cards("3C 4C 5C 6C").into_iter().enumerate() {
            s.bar[i] = Some(c);
        }
        s.pass = 1;
        assert!(g.dead(&s));
        let mut v = Vec::new();
        g.solver_moves(&s, &mut v);
        assert!(v.is_empty());
        assert_eq!(g.safe_move(&s), None);
        // With one AC in a side scene and 2C in another, clubs can start and run up.
        s.hb[1] = card("7C");
        s.hb_len = 2;
        s.side[0] = Some(card("AC"));
        s.side[1] = Some(card("2C"));
        assert!(!g.dead(&s));
        // In the last pass a talon card under one that can never go is lost too.
        assert!(g.dead(&lost_position()));
        let mut s = aces([(11, 13), (13, 13), (13, 13), (13, 13)]);
        s.talon.push(card("QC"));
        s.talon.push(card("KC"));
        assert!(!g.dead(&s)); // the side scenes are empty: KC can wait in one
        s.pass = 2;
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
        s.talon.push(card("QC"));
        s.pass = 2;
        assert_eq!(g.safe_move(&s), None);
        s.pass = 3;
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
        s.side[1] = Some(card("4H"));
        s.talon.push(card("4H"));
        assert_eq!(g.safe_move(&s), None);
        s.side[4] = s.talon.pop();
        assert_eq!(
            g.safe_move(&s),
            Some(HMove::ToFound {
                src: Src::Side(1),
                to: 4
            })
        );
        // The window (k + j = 12) is never safe.
        let mut s = aces([(13, 13), (13, 13), (5, 9), (13, 13)]);
        s.side[0] = Some(card("6H"));
        s.side[1] = Some(card("6H"));
        assert_eq!(g.safe_move(&s), None);
    }

    #[test]
    fn key_merges_the_window_and_like_places() {
        let g = HerringBone::default();
        let mut a = aces([(13, 13), (13, 13), (5, 9), (13, 13)]);
        let mut b = aces([(13, 13), (13, 13), (8, 6), (13, 13)]);
        a.side[0] = Some(card("9H"));
        b.side[6] = Some(card("9H"));
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key_text(&a), g.key_text(&b));
        b.f_len[4] = 7;
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
                let (cards, rng) = g.deal(seed);
                let mut s = g.start(cards, rng).unwrap();
                let mut pick = SplitMix64::new(seed ^ 0x5eed);
                for _ in 0..600 {
                    let mut v = Vec::new();
                    g.moves(&s, &mut v);
                    if g.is_won(&s) {
                        assert!(v.is_empty());
                        break;
                    }
                    let t: Vec<String> = v.iter().map(|&m| g.move_text(&s, m)).collect();
                    let mut u = t.clone();
                    u.sort();
                    u.dedup();
                    assert_eq!(
                        u.len(),
                        t.len(),
                        "duplicate move text in {}",
                        g.key_text(&s)
                    );
                    if v.is_empty() {
                        break;
                    }
                    // Cards are never lost or made.
                    let on_f: usize = s.f_len.iter().map(|&n| usize::from(n)).sum();
                    let rest = usize::from(s.hb_len)
                        + s.side.iter().flatten().count()
                        + s.bar.iter().flatten().count()
                        + usize::from(s.pack.len)
                        + usize::from(s.talon.len);
                    assert_eq!(on_f + rest, 104);
                    let _ = g.display(&s);
                    let m = v[(pick.next_u64() % v.len() as u64) as usize];
                    g.play(&mut s, m);
                }
            }
        }
    }
}
