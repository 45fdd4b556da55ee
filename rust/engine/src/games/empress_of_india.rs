//! THE EMPRESS OF INDIA (`empress-of-india`), from `rules/empress-of-india.md` and
//! `docs/notation/empress-of-india.md`.
//!
//! Over the 400-line budget: the key's two symmetries and the solver's move choice each
//! carry their proof (see Solver below).
//!
//! # Layout and deal
//! Four packs. Black aces (F1-F8) and red kings (F9-F16) are the foundations, black queens
//! and red knaves are out; the other 176 cards are dealt in order, red to the first empty
//! Army place, black to the first empty Navy place, else to their colour's talon, until
//! the 48 places are full. The rest is the pack.
//!
//! # Foundations
//! Black up A..J K, red down K Q T..A, in suit; cards go up two at a time, one of each
//! colour, from the Army and Navy, to any foundation of their suit that takes them.
//!
//! # Army and Navy, spaces, pack
//! Singles go up two at a time, pairs (made by putting a single on a single of the other
//! group, for good) together; `turn`. The fill loop refills places (rule file, Spaces).
//!
//! # End of the game
//! Won when all 176 cards are on the foundations; lost when no move is left.
//!
//! # Solver
//! - Key: the places' cards sorted within the Army and within the Navy (a place's code is
//!   its cards exactly: a pair's order is fixed by its group), which pack positions lie on
//!   a talon, how many cards were taken from the pack (its order is fixed within one
//!   search), and the foundation heights sorted within each suit.
//! - Places (proof): no rule tells two places of a group apart but the fill loop's order,
//!   and it decides only which empty place gets which card: whether a place of a group is
//!   filled, and with what, depends only on how many places of each group are empty, the
//!   talons and the pack (the group's first empty place is always the one served), so the
//!   cards go to the group's empty places in number order, whichever they are. If P and Q
//!   differ by a permutation of Army places and of Navy places, it maps each move of P to
//!   a legal move of Q, and after the move and the fill the two again differ by such a
//!   permutation; a win is one in both. So P and Q have the same future. Nothing is merged
//!   across groups (an Army pair holds an Army place).
//! - Foundations (proof): a suit's four have the same base and rule and no rule names
//!   their numbers; exchanging two maps legal moves to legal moves and commutes with play
//!   and the fill loop (which never looks at them): the same future.
//! - Solver moves: of like places of a group (the same cards) only the first is used, and
//!   a card goes only to the first foundation of its suit that takes it (two take the same
//!   card exactly when equally high: the ladder's ranks all differ); the other choices
//!   lead to positions that differ by one of the exchanges above, with the same key.
//!   Order: cards up first, then `turn`, then pairings.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::key::{first_in_runs, sort_runs};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{BitWriter, Ladder, Ladders, Pile, Positions};

pub const SLUG: &str = "empress-of-india";
const TITLE: &str = "The Empress of India";
const OPTIONS: &[Opt] = &[];

const GROUP: usize = 24; // places in the Army, and in the Navy
const PLACES: usize = 2 * GROUP;
const PACK: usize = 176; // cards in play: the pack after the withdrawal
const FOUND: usize = 8; // foundations per colour
const WORDS: usize = PACK.div_ceil(64);

/// Black foundations up A..J K, red down K Q T..A, in suit.
const BLACK: Ladder = Ladder {
    len: 12,
    ranks: Some(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]),
    ..Ladder::ACE_UP
};
const RED: Ladder = Ladder {
    len: 12,
    ranks: Some(&[13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]),
    ..Ladder::KING_DOWN
};
/// Ladder rules by colour (0 black, 1 red).
const LADDER: [Ladder; 2] = [BLACK, RED];
/// Base suits by colour: F1-F8 clubs then spades, F9-F16 diamonds then hearts.
const BASE_SUITS: [[u8; FOUND]; 2] = [[0, 0, 0, 0, 3, 3, 3, 3], [1, 1, 1, 1, 2, 2, 2, 2]];

/// Place `p`: A1..A24 then N1..N24.
fn place(p: usize) -> Place {
    Place::at(["A", "N"][p / GROUP], p % GROUP)
}

/// Foundation `i` of colour `col` (F1..F8 black, F9..F16 red).
fn found(col: usize, i: usize) -> Place {
    Place::at("F", i + if col == 1 { FOUND } else { 0 })
}

/// The colour a place takes: the Army red (1), the Navy black (0).
fn colour_of(p: usize) -> usize {
    usize::from(p < GROUP)
}

/// A card's index among the 26 of its colour (C D H S: suit / 2 tells the two apart).
fn idx26(c: Card) -> u64 {
    u64::from(c.suit() / 2) * 13 + u64::from(c.rank()) - 1
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct EmpressOfIndia;

impl EmpressOfIndia {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(EmpressOfIndia)
    }
}

/// A position.
#[derive(Clone, Debug)]
pub struct State {
    /// The 176 cards in dealing order; `order[next..]` is the pack, `order[next]` its top.
    order: [Card; PACK],
    next: u8,
    /// A1..A24, N1..N24: bottom to top (a pair: the card that was there, then the other).
    places: [Pile<2>; PLACES],
    /// The talons by colour (0 black, 1 red), as positions in `order`.
    talon: [Positions<WORDS>; 2],
    /// The foundations by colour (0 black F1-F8, 1 red F9-F16).
    found: [Ladders<FOUND>; 2],
}

impl State {
    fn pack_empty(&self) -> bool {
        self.next as usize >= PACK
    }

    /// The pack's top card is taken: its position, if the pack is not empty.
    fn take_top(&mut self) -> Option<usize> {
        let i = self.next as usize;
        (i < PACK).then(|| {
            self.next += 1;
            i
        })
    }

    /// The first empty place of colour `col`.
    fn first_empty(&self, col: usize) -> Option<usize> {
        (0..PLACES).find(|&p| colour_of(p) == col && self.places[p].is_empty())
    }

    /// Put the card at pack position `i` (already taken) in the first empty place of its
    /// colour, or onto its talon.
    fn deal_card(&mut self, i: usize) {
        let c = self.order[i];
        let col = c.colour() as usize;
        match self.first_empty(col) {
            Some(p) => self.places[p].push(c),
            None => self.talon[col].insert(i),
        }
    }

    /// The fill loop (rule file, Spaces).
    fn fill(&mut self) {
        loop {
            let pack = !self.pack_empty();
            let Some(p) = (0..PLACES).find(|&p| {
                self.places[p].is_empty() && (pack || !self.talon[colour_of(p)].is_empty())
            }) else {
                return;
            };
            let col = colour_of(p);
            if let Some(i) = self.talon[col].last() {
                self.talon[col].remove(i);
                self.places[p].push(self.order[i]);
            } else if let Some(i) = self.take_top() {
                self.deal_card(i);
            }
        }
    }

    /// The foundations of colour `col` that take `c` (all of them, or the first only).
    fn dests(&self, c: Card, all: bool) -> impl Iterator<Item = u8> + '_ {
        let col = c.colour() as usize;
        let l = &self.found[col];
        (0..FOUND)
            .filter(move |&i| LADDER[col].accepts(l, i, c))
            .take(if all { FOUND } else { 1 })
            .map(|i| i as u8)
    }

    fn single(&self, p: usize) -> Option<Card> {
        (self.places[p].len() == 1).then(|| self.places[p].cards()[0])
    }

    /// Each place's cards as digits 1..=26 in base 27 (below 27 * 27): exact within a group.
    fn codes(&self) -> [u64; PLACES] {
        let code = |p: &Pile<2>| p.cards().iter().fold(0, |k, &c| k * 27 + 1 + idx26(c));
        std::array::from_fn(|p| code(&self.places[p]))
    }

    /// The cards of place `p` go up, a red card to red foundation `r`, a black one to `b`.
    fn up(&mut self, p: u8, r: u8, b: u8) {
        let pile = std::mem::take(&mut self.places[p as usize]);
        for &c in pile.cards() {
            let col = c.colour() as usize;
            LADDER[col].put(&mut self.found[col], [b, r][col] as usize, c);
        }
    }
}

/// One move. Places are 0..48 (A1..A24, N1..N24); `r` is a red foundation 0..8 (F9..F16),
/// `b` a black one 0..8 (F1..F8).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// The red single of Army place `a` and the black single of Navy place `n` go up.
    Singles { a: u8, n: u8, r: u8, b: u8 },
    /// The pair in place `p` goes up.
    Pair { p: u8, r: u8, b: u8 },
    /// The single of place `from` onto the single of place `to` (of the other group).
    Make { from: u8, to: u8 },
    /// The pack's top onto its talon.
    Turn,
}

impl EmpressOfIndia {
    /// The moves up (two singles, then pairs), every foundation choice or only the first,
    /// from the places of the mask `pick`.
    fn ups(&self, s: &State, all: bool, pick: u64, out: &mut Vec<Move>) {
        let single = |p: usize| s.single(p).filter(|_| pick >> p & 1 == 1);
        for a in 0..GROUP {
            let Some(rc) = single(a) else { continue };
            for n in GROUP..PLACES {
                let Some(bc) = single(n) else { continue };
                for r in s.dests(rc, all) {
                    for b in s.dests(bc, all) {
                        let (a, n) = (a as u8, n as u8);
                        out.push(Move::Singles { a, n, r, b });
                    }
                }
            }
        }
        for p in 0..PLACES {
            if s.places[p].len() != 2 || pick >> p & 1 == 0 {
                continue;
            }
            let cs = s.places[p].cards();
            let (rc, bc) = if p < GROUP {
                (cs[0], cs[1])
            } else {
                (cs[1], cs[0])
            };
            for r in s.dests(rc, all) {
                for b in s.dests(bc, all) {
                    out.push(Move::Pair { p: p as u8, r, b });
                }
            }
        }
    }

    /// The pairings (Army onto Navy, then Navy onto Army) between places of the mask `pick`.
    fn makes(&self, s: &State, pick: u64, out: &mut Vec<Move>) {
        let single = |p: &usize| s.single(*p).is_some() && pick >> p & 1 == 1;
        for (x, y) in [(0, GROUP), (GROUP, 0)] {
            for from in (x..x + GROUP).filter(single) {
                for to in (y..y + GROUP).filter(single) {
                    let (from, to) = (from as u8, to as u8);
                    out.push(Move::Make { from, to });
                }
            }
        }
    }
}

impl Game for EmpressOfIndia {
    type State = State;
    type Move = Move;
    type Key = [u64; 12];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(4), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        // Black aces and queens, red kings and knaves.
        let out = |c: &Card| [[1, 12], [13, 11]][c.colour() as usize].contains(&c.rank());
        let play: Vec<Card> = cards.iter().filter(|c| !out(c)).copied().collect();
        let order: [Card; PACK] = play
            .try_into()
            .map_err(|_| EngineError::BadDeal(format!("{PACK} cards in play expected")))?;
        let mut found = [Ladders::new(); 2];
        for (i, &suit) in BASE_SUITS.iter().flatten().enumerate() {
            let (col, rule) = (i / FOUND, LADDER[i / FOUND]);
            rule.put(
                &mut found[col],
                i % FOUND,
                Card::new(rule.base_rank(0), suit),
            );
        }
        let mut s = State {
            order,
            next: 0,
            places: [Pile::new(); PLACES],
            talon: [Positions::default(); 2],
            found,
        };
        while s.places.iter().any(Pile::is_empty) {
            let i = s
                .take_top()
                .ok_or(EngineError::BadDeal("too few of a colour".into()))?;
            s.deal_card(i);
        }
        s.fill();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        self.ups(s, true, u64::MAX, out);
        self.makes(s, u64::MAX, out);
        if !s.pack_empty() {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Singles { a, n, r, b } => {
                s.up(a, r, b);
                s.up(n, r, b);
            }
            Move::Pair { p, r, b } => s.up(p, r, b),
            Move::Make { from, to } => {
                let c = s.places[from as usize].cards()[0];
                s.places[from as usize].clear();
                s.places[to as usize].push(c);
            }
            Move::Turn => {
                if let Some(i) = s.take_top() {
                    s.talon[s.order[i].colour() as usize].insert(i);
                }
            }
        }
        s.fill();
    }

    fn is_won(&self, s: &State) -> bool {
        (0..2).all(|col| LADDER[col].all_full(&s.found[col]))
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let label = |p: u8| place(p as usize).move_label();
        let ups = |r: u8, b: u8| {
            let (fr, fb) = (found(1, r as usize), found(0, b as usize));
            format!("{}+{}", fr.move_label(), fb.move_label())
        };
        match m {
            Move::Singles { a, n, r, b } => format!("{}+{}>{}", label(a), label(n), ups(r, b)),
            Move::Pair { p, r, b } => format!("{}>{}", label(p), ups(r, b)),
            Move::Make { from, to } => format!("{}>{}", label(from), label(to)),
            Move::Turn => "turn".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (p, pile) in s.places.iter().enumerate() {
            k.pile(place(p), pile.cards(), 0);
        }
        for (col, rule) in LADDER.iter().enumerate() {
            for i in 0..FOUND {
                k.pile(found(col, i), &rule.cards(&s.found[col], i), 0);
            }
        }
        let pack: Vec<Card> = s.order[s.next as usize..].iter().rev().copied().collect();
        k.pile(Place::named("pack"), &pack, pack.len());
        for (col, name) in [(1, "RedTalon"), (0, "BlackTalon")] {
            let t: Vec<Card> = s.talon[col].iter().map(|i| s.order[i]).collect();
            k.pile(Place::named(name), &t, 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        let tops = |col: usize| (0..FOUND).map(move |i| (found(col, i), s.found[col].top(i)));
        p.tops("Black", tops(0)).tops("Red", tops(1));
        for (q, pile) in s.places.iter().enumerate() {
            p.pile(place(q), pile.cards(), 0);
        }
        let top = |col: usize| s.talon[col].last().map(|i| s.order[i]);
        let talons = [("RedTalon", top(1)), ("BlackTalon", top(0))];
        p.tops("Talons", talons.map(|(name, c)| (Place::named(name), c)));
        p.line(&format!("Pack: {} cards", PACK - s.next as usize));
        p.finish()
    }

    /// Exact up to the exchange of places within a group and of like foundations (module
    /// docs).
    fn key(&self, s: &State) -> [u64; 12] {
        let mut w = BitWriter::<12>::new();
        let mut codes = s.codes();
        sort_runs(&mut codes, GROUP);
        for code in codes {
            w.put(code, 10);
        }
        for t in 0..WORDS {
            w.put(s.talon[0].0[t] | s.talon[1].0[t], 64);
        }
        w.put(u64::from(s.next), 8);
        let mut h: [u8; 2 * FOUND] = std::array::from_fn(|i| s.found[i / FOUND].count(i % FOUND));
        sort_runs(&mut h, 4);
        for n in h {
            w.put(u64::from(n), 4);
        }
        w.finish()
    }

    /// Random playouts beside the search: measured to find wins the depth-first order
    /// reaches late (the `probe` module of the solver says why they stay sound).
    fn probes(&self) -> bool {
        true
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let pick = first_in_runs(&s.codes(), GROUP);
        self.ups(s, false, pick, out);
        if !s.pack_empty() {
            out.push(Move::Turn);
        }
        self.makes(s, pick, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        cards, deal, deal_cards, key_segment, play, pruning_agrees_on, solve_limited, texts, walk,
    };

    fn unshuffled() -> State {
        deal_cards(
            &EmpressOfIndia,
            crate::testing::unshuffled(PackSpec::Standard(4)),
        )
    }

    fn seg(s: &State, label: &str) -> String {
        key_segment(&EmpressOfIndia.key_text(s), label)
    }

    #[test]
    fn the_unshuffled_pack_deals_by_colour_with_overflow_to_the_talons() {
        // By hand: copy 1 gives N1..N11 2C..TC JC KC, A1..A11 AD..TD QD, A12..A22 AH..TH
        // QH, N12..N22 2S..KS; copy 2 gives N23 2C, N24 3C, 4C..KC onto the black talon,
        // A23 AD, A24 2D; the deal stops and 3D of copy 2 is the pack's top.
        let s = unshuffled();
        let k = EmpressOfIndia.key_text(&s);
        assert!(k.starts_with("A1:AD A2:2D A3:3D"), "{k}");
        assert_eq!(seg(&s, "A11"), "QD");
        assert_eq!(seg(&s, "A12"), "AH");
        assert_eq!(seg(&s, "A22"), "QH");
        assert_eq!(seg(&s, "A23"), "AD");
        assert_eq!(seg(&s, "A24"), "2D");
        assert_eq!(seg(&s, "N11"), "KC");
        assert_eq!(seg(&s, "N22"), "KS");
        assert_eq!(seg(&s, "N23"), "2C");
        assert_eq!(seg(&s, "N24"), "3C");
        assert_eq!(seg(&s, "F1"), "AC");
        assert_eq!(seg(&s, "F8"), "AS");
        assert_eq!(seg(&s, "F9"), "KD");
        assert_eq!(seg(&s, "F16"), "KH");
        assert_eq!(seg(&s, "RedTalon"), "");
        assert_eq!(seg(&s, "BlackTalon"), "4C5C6C7C8C9CTCJCKC");
        let pack = seg(&s, "pack");
        assert_eq!(pack.len(), 2 * 119);
        assert!(pack.starts_with("ks") && pack.ends_with("4d3d"), "{pack}");
        assert!(k.ends_with("RedTalon: BlackTalon:4C5C6C7C8C9CTCJCKC"));
    }

    #[test]
    fn moves_up_pairings_and_turn() {
        let mut s = unshuffled();
        let t = texts(&EmpressOfIndia, &s);
        // QD (A11) and QH (A22) with 2C (N1, N23) or 2S (N12): 6 place pairs, 4 x 4
        // foundations each; every single on every single of the other group; turn.
        assert_eq!(t.len(), 6 * 16 + 2 * 24 * 24 + 1);
        assert_eq!(t[0], "a11+n1>f9+f1");
        assert!(t.contains(&"a22+n12>f16+f8".to_string()));
        assert!(!t.contains(&"a22+n12>f12+f8".to_string()));
        assert!(t.contains(&"a1>n24".to_string()) && t.contains(&"n24>a1".to_string()));
        assert_eq!(t.last().unwrap(), "turn");
        play(&EmpressOfIndia, &mut s, "a11+n1>f10+f3");
        // A11 takes the pack's top (3D: the red talon is empty), N1 the black talon's KC.
        assert_eq!(seg(&s, "F10"), "KDQD");
        assert_eq!(seg(&s, "F3"), "AC2C");
        assert_eq!(seg(&s, "A11"), "3D");
        assert_eq!(seg(&s, "N1"), "KC");
        assert_eq!(seg(&s, "BlackTalon"), "4C5C6C7C8C9CTCJC");
        play(&EmpressOfIndia, &mut s, "a1>n2");
        assert_eq!(seg(&s, "N2"), "3CAD");
        assert_eq!(seg(&s, "A1"), "4D");
        let names_n2 = |t: &String| t.split(['>', '+']).any(|p| p == "n2");
        assert!(!texts(&EmpressOfIndia, &s).iter().any(names_n2));
        play(&EmpressOfIndia, &mut s, "turn");
        assert_eq!(seg(&s, "RedTalon"), "5D");
        // The pair 3C AD in N2 waits for F1-F4 at 2C: F3 is there now.
        let mut s2 = s.clone();
        play(&EmpressOfIndia, &mut s2, "n23>a24");
        assert_eq!(seg(&s2, "A24"), "2D2C");
        assert_eq!(seg(&s2, "N23"), "JC", "the black talon's top");
    }

    #[test]
    fn the_fill_loop_turns_cards_of_the_other_colour_to_their_place() {
        let mut s = unshuffled();
        // Hand-set: the talons empty, A1 and N1 empty, the pack's top 5C then 9H.
        s.talon = [Positions::default(); 2];
        s.places[0].clear();
        s.places[GROUP].clear();
        s.order[PACK - 2] = cards("9H")[0];
        s.order[PACK - 1] = cards("5C")[0];
        s.next = (PACK - 2) as u8;
        let mut a = s.clone();
        a.order[PACK - 2] = cards("5C")[0];
        a.order[PACK - 1] = cards("9H")[0];
        a.fill();
        // A1 first: 5C is turned and fills N1; then 9H fills A1.
        assert_eq!((seg(&a, "A1"), seg(&a, "N1")), ("9H".into(), "5C".into()));
        // With the Navy full, a black card turned for A1 goes onto the black talon.
        s.places[GROUP].push(cards("KS")[0]);
        s.order[PACK - 2] = cards("5C")[0];
        s.order[PACK - 1] = cards("9H")[0];
        s.fill();
        assert_eq!(seg(&s, "A1"), "9H");
        assert_eq!(seg(&s, "BlackTalon"), "5C");
        assert_eq!(seg(&s, "pack"), "");
        // Nothing left to fill with: an emptied place stays empty.
        play(&EmpressOfIndia, &mut s, "a1>n1");
        assert_eq!(seg(&s, "A1"), "");
        assert_eq!(seg(&s, "BlackTalon"), "5C");
        assert!(!texts(&EmpressOfIndia, &s).contains(&"turn".to_string()));
    }

    /// A late position: `k` cards of each colour taken back from the full foundations
    /// (one of each suit's four, so the cards must go up in order) and spread at random
    /// over the places (often as pairs), the talons and the pack.
    fn endgame(seed: u64, k: usize) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut r = |n: usize| (rng.next_u64() % n as u64) as usize;
        let mut s = unshuffled();
        for (col, rule) in LADDER.iter().enumerate() {
            for (i, &suit) in BASE_SUITS[col].iter().enumerate() {
                while !rule.full(&s.found[col], i) {
                    let n = s.found[col].count(i);
                    let c = Card::new(rule.rank_at(0, false, n).unwrap(), suit);
                    rule.put(&mut s.found[col], i, c);
                }
            }
        }
        let mut back = Vec::new();
        for (col, rule) in LADDER.iter().enumerate() {
            while back.len() < k * (col + 1) {
                let i = 4 * r(2);
                if s.found[col].count(i) > 1 {
                    back.push(rule.take(&mut s.found[col], i).unwrap());
                }
            }
        }
        s.places = [Pile::new(); PLACES];
        s.talon = [Positions::default(); 2];
        let (mut pack, mut talon) = (Vec::new(), 0);
        while !back.is_empty() {
            let c = back.swap_remove(r(back.len()));
            let col = c.colour() as usize;
            let single = |p: &usize| s.places[*p].len() == 1 && colour_of(*p) != col;
            let singles: Vec<usize> = (0..PLACES).filter(single).collect();
            match r(5) {
                0 | 4 if !singles.is_empty() => s.places[singles[r(singles.len())]].push(c),
                1 => {
                    let p = s.first_empty(col).unwrap();
                    s.places[p].push(c);
                }
                2 => {
                    s.order[talon] = c;
                    s.talon[c.colour() as usize].insert(talon);
                    talon += 1;
                }
                _ => pack.push(c),
            }
        }
        s.next = (PACK - pack.len()) as u8;
        s.order[s.next as usize..].copy_from_slice(&pack);
        s.fill();
        s
    }

    #[test]
    fn like_foundations_share_a_key() {
        let mut s = endgame(3, 4);
        let (before, text) = (EmpressOfIndia.key(&s), EmpressOfIndia.key_text(&s));
        // Exchange F5 with F7 and F9 with F12 (one of each pair was peeled, the other full).
        for (col, i, j) in [(0, 4, 6), (1, 0, 3)] {
            let (rule, l) = (LADDER[col], s.found[col]);
            let mut t = Ladders::<FOUND>::new();
            for p in 0..FOUND {
                let q = [p, j, i][usize::from(p == i) + 2 * usize::from(p == j)];
                for c in rule.cards(&l, q) {
                    rule.put(&mut t, p, c);
                }
            }
            s.found[col] = t;
        }
        assert_eq!(EmpressOfIndia.key(&s), before);
        assert_ne!(EmpressOfIndia.key_text(&s), text);
        assert_eq!(seg(&s, "F7").len(), 2 * 8, "{}", seg(&s, "F7"));
    }

    #[test]
    fn places_exchanged_within_a_group_share_a_key() {
        let mut s = deal(&EmpressOfIndia, 1);
        play(&EmpressOfIndia, &mut s, "a1>n1");
        let (before, text) = (EmpressOfIndia.key(&s), EmpressOfIndia.key_text(&s));
        // A2 with A9, N1 (now a pair) with N24 (a single).
        s.places.swap(1, 8);
        s.places.swap(GROUP, PLACES - 1);
        assert_eq!(EmpressOfIndia.key(&s), before);
        assert_ne!(EmpressOfIndia.key_text(&s), text);
        // Across the groups nothing is merged: the pair in the Army instead.
        let mut t = deal(&EmpressOfIndia, 1);
        play(&EmpressOfIndia, &mut t, "n1>a1");
        assert_ne!(EmpressOfIndia.key(&t), before);
    }

    /// The keys of the children of `s` by the legal moves, or by the solver's.
    fn child_keys(s: &State, solver: bool) -> (usize, std::collections::HashSet<[u64; 12]>) {
        let mut ms = Vec::new();
        if solver {
            EmpressOfIndia.solver_moves(s, &mut ms);
        } else {
            EmpressOfIndia.moves(s, &mut ms);
        }
        let child = |&m: &Move| {
            let mut c = s.clone();
            EmpressOfIndia.play(&mut c, m);
            EmpressOfIndia.key(&c)
        };
        (ms.len(), ms.iter().map(child).collect())
    }

    #[test]
    fn the_solver_moves_reach_every_child_key() {
        // Seed 1's deal: the solver's moves reach every child key of the 1,185 legal
        // moves, under half as many, and no two of them the same key.
        let s = deal(&EmpressOfIndia, 1);
        let (n, all) = child_keys(&s, false);
        let (m, some) = child_keys(&s, true);
        assert_eq!(all, some);
        assert_eq!((n, m), (1185, some.len()));
        assert!(2 * m < n, "{m} of {n}");
        for seed in 2..5 {
            walk(
                &EmpressOfIndia,
                &deal(&EmpressOfIndia, seed),
                60,
                seed,
                |s| {
                    let ((n, all), (m, some)) = (child_keys(s, false), child_keys(s, true));
                    assert_eq!(all, some, "{}", EmpressOfIndia.key_text(s));
                    assert!(m <= n);
                },
            );
        }
    }

    #[test]
    fn walks_keep_texts_distinct_and_cards_counted() {
        for seed in 1..4 {
            let s = deal(&EmpressOfIndia, seed);
            walk(&EmpressOfIndia, &s, 200, seed, |s| {
                let on = s.found.iter().map(|l| l.total()).sum::<usize>() - 2 * FOUND;
                let held: usize = s.places.iter().map(Pile::len).sum();
                let talons = s.talon[0].len() + s.talon[1].len();
                assert_eq!(on + held + talons + PACK - s.next as usize, PACK);
            });
        }
    }

    #[test]
    fn endgames_are_decided_and_won_lines_replay() {
        let s = endgame(1, 1);
        let o = solve_limited(&EmpressOfIndia, &s, 1000, false);
        assert_eq!(o.verdict, Verdict::Won, "{}", EmpressOfIndia.key_text(&s));
        let o = solve_limited(&EmpressOfIndia, &deal(&EmpressOfIndia, 1), 2000, false);
        assert_ne!(o.verdict, Verdict::Lost, "a limit gives unknown");
    }

    #[test]
    fn the_symmetries_agree_with_plain_search() {
        let positions: Vec<State> = (0..240).map(|i| endgame(i, 2 + i as usize % 5)).collect();
        let a = pruning_agrees_on(&EmpressOfIndia, &positions, 20_000);
        assert!(a.won >= 40 && a.lost >= 25, "{a:?}");
    }

    #[test]
    fn options_are_refused() {
        assert!(EmpressOfIndia::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(EmpressOfIndia::from_options(&[]).is_ok());
    }
}
