//! THE "LOUIS" PATIENCE (`louis`).
//!
//! Over the 400-line budget: the game has nine kinds of move across three stages of a
//! deal (the hand, between circles, the deal over), each with its own text and key
//! segments (`open:`, `pending:`, `held:`); the mechanisms are the game's own.
//!
//! # Layout and deal
//! Two packs. The first AC, AD, AH, AS, KC, KD, KH, KS met in the shuffled pack are
//! withdrawn as the bases of F1-F4 (aces) and F5-F8 (kings); the other 96 cards are the
//! pack. They are dealt in circles round the alphabet a, b, ..., m (no j), one card a
//! place. A card that may go on a foundation waits in the hand (`pending:x`): the player
//! plays it up, lays it aside (`hold`, from the second deal on, when both foundations of
//! its suit want it) or leaves it on its place; a card that goes up or aside is replaced
//! on the same place. Between circles the cards of the circle just dealt (the open
//! places) may go up; `deal` deals the next circle. The deal is over when the pack is out.
//!
//! # Foundations
//! F1-F4 build up in suit from the ace to the king, F5-F8 down in suit from the king to
//! the ace; no wrap, full at 13. In the first deal a card both foundations of its suit
//! want may go only on the ace foundation. From the second deal on it may go on either,
//! a foundation's top (not its base) may pass to the other foundation of its suit when
//! that one wants it, and a double card just dealt may be laid aside (`held`), to go up
//! later whenever no card is in the hand.
//!
//! # Piles and availability
//! Once the deal is over, every place's top card is free: to a foundation, or married
//! onto another place's top card of its suit one rank higher or lower. Empty places stay
//! empty.
//!
//! # Re-deals
//! `redeal`, at most three times, once a deal is over: the places are taken up g, h, i,
//! k, l, m, a, b, ..., f, each under the others, turned over ([`gather`]), and dealt
//! again in circles. `held` and the foundations stay.
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! Exact, no pruned move; cards going up are tried first. Two merged keys: from the
//! second deal on, the splits of a suit's two foundations that meet (exchanges pass cards
//! between them both ways) share a key; and while a re-deal remains, or a deal is going
//! on, the places keep their order in the key (the gathering and the circles read it), but
//! on the last deal, once it is over, nothing reads their order and the key sorts them.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{gather, stable_partition, withdraw_bases, ByteKey, Hand, Pile};

pub const SLUG: &str = "louis";
const TITLE: &str = "The \"Louis\" Patience";

const OPTIONS: &[Opt] = &[];

/// The alphabet, in dealing order.
const LETTERS: [&str; PLACES] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "k", "l", "m"];
const PLACES: usize = 12;
/// Room for every card of the pack.
const CAP: usize = 96;
/// Deals allowed: the first and three re-deals.
const LAST_PASS: u8 = 4;
/// The order the places are taken up in for a re-deal: g .. m, then a .. f.
const TAKE_UP: [usize; PLACES] = [6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5];

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Louis;

fn place(i: usize) -> Place {
    Place::named(LETTERS[i])
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// Where the deal stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// A card waits in the hand for place `at`.
    Pending,
    /// A circle is complete and the next one waits for `deal`.
    Between,
    /// The pack is out.
    Over,
}

/// A position.
#[derive(Clone, Debug)]
pub struct State {
    places: [Pile<CAP>; PLACES],
    /// Cards on each foundation (1..=13, the base counted).
    count: [u8; 8],
    /// Cards laid aside, by [`Card::index`].
    held: [u8; 52],
    /// The pack, bottom to top: its last card is dealt next.
    pack: Pile<CAP>,
    hand: Hand,
    /// The place the circle is at (0-based, 12 once the circle is complete).
    at: u8,
    /// Bit i: place i's top card was dealt in the current circle.
    open: u16,
    stage: Stage,
    pass: u8,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// The card in the hand to foundation `.0`.
    HandFound(u8),
    /// The card in the hand laid aside.
    Hold,
    /// The card in the hand stays on its place.
    Leave,
    /// Top card of place `.0` to foundation `.1`.
    Found(u8, u8),
    /// Top card of place `.0` onto place `.1`.
    Marry(u8, u8),
    /// A held card to foundation `.0`.
    HeldFound(u8),
    /// Top card of foundation `.0` onto foundation `.1` (the other of its suit).
    Exchange(u8, u8),
    Deal,
    Redeal,
}

impl Louis {
    /// Build from user options (there are none; any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Louis)
    }

    /// The rank foundation `f` takes next (0 when full).
    fn next_rank(s: &State, f: usize) -> u8 {
        match (s.count[f], f < 4) {
            (13, _) => 0,
            (n, true) => n + 1,
            (n, false) => 13 - n,
        }
    }

    /// True if foundation `f` wants `c`.
    fn wants(s: &State, f: usize, c: Card) -> bool {
        c.suit() as usize == f % 4 && c.rank() == Self::next_rank(s, f)
    }

    /// True if both foundations of `c`'s suit want it.
    fn double(s: &State, c: Card) -> bool {
        let a = c.suit() as usize;
        Self::wants(s, a, c) && Self::wants(s, a + 4, c)
    }

    /// The foundations `c` may go on: in the first deal a double card only on the ace
    /// foundation, from the second on every foundation that wants it.
    fn dests(s: &State, c: Card) -> impl Iterator<Item = usize> {
        let a = c.suit() as usize;
        let (up, down) = (Self::wants(s, a, c), Self::wants(s, a + 4, c));
        let down = down && (s.pass > 1 || !up);
        [(a, up), (a + 4, down)]
            .into_iter()
            .filter_map(|(f, ok)| ok.then_some(f))
    }

    /// The circle loop from place `at`: stops with a card in the hand, between circles,
    /// or with the deal over.
    fn run(s: &mut State) {
        loop {
            if s.pack.is_empty() {
                s.stage = Stage::Over;
                s.open = 0;
                return;
            }
            if s.at as usize == PLACES {
                s.stage = Stage::Between;
                return;
            }
            let Some(x) = s.pack.pop() else { return };
            if Self::dests(s, x).next().is_some() {
                s.hand.hold(x);
                s.stage = Stage::Pending;
                return;
            }
            Self::lay(s, x);
        }
    }

    /// `x` goes on the place the circle is at, which opens; the circle goes on.
    fn lay(s: &mut State, x: Card) {
        s.places[s.at as usize].push(x);
        s.open |= 1 << s.at;
        s.at += 1;
    }

    /// Start a circle at place a with no place open.
    fn circle(s: &mut State) {
        s.at = 0;
        s.open = 0;
        Self::run(s);
    }

    /// The held card foundation `f` wants, if any.
    fn held_for(s: &State, f: usize) -> Option<Card> {
        let r = Self::next_rank(s, f);
        let c = (r > 0).then(|| Card::new(r, (f % 4) as u8))?;
        (s.held[c.index()] > 0).then_some(c)
    }

    fn found_cards(s: &State, f: usize) -> Vec<Card> {
        let suit = (f % 4) as u8;
        (0..s.count[f])
            .map(|i| Card::new(if f < 4 { i + 1 } else { 13 - i }, suit))
            .collect()
    }

    fn held_cards(s: &State) -> Vec<Card> {
        (0..52)
            .flat_map(|i| std::iter::repeat_n(Card::from_index(i), s.held[i] as usize))
            .collect()
    }

    fn put(s: &mut State, f: usize) {
        s.count[f] += 1;
    }
}

impl Game for Louis {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        withdraw_bases(&mut pack, 1, 1)?;
        withdraw_bases(&mut pack, 13, 1)?;
        if pack.len() > CAP {
            return Err(EngineError::BadDeal(format!(
                "{} cards: the game takes 104",
                pack.len() + 8
            )));
        }
        let mut s = State {
            places: [Pile::new(); PLACES],
            count: [1; 8],
            held: [0; 52],
            pack: Pile::new(),
            hand: Hand::default(),
            at: 0,
            open: 0,
            stage: Stage::Between,
            pass: 1,
        };
        for &c in pack.iter().rev() {
            s.pack.push(c);
        }
        Self::circle(&mut s);
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.is_won(s) {
            return;
        }
        if let Some(x) = s.hand.card() {
            out.extend(Self::dests(s, x).map(|f| Move::HandFound(f as u8)));
            if s.pass > 1 && Self::double(s, x) {
                out.push(Move::Hold);
            }
            out.push(Move::Leave);
            return;
        }
        let over = s.stage == Stage::Over;
        for i in 0..PLACES {
            let Some(c) = s.places[i].top().filter(|_| over || s.open & (1 << i) != 0) else {
                continue;
            };
            out.extend(Self::dests(s, c).map(|f| Move::Found(i as u8, f as u8)));
            if !over {
                continue;
            }
            for j in 0..PLACES {
                if j != i
                    && s.places[j]
                        .top()
                        .is_some_and(|t| t.suit() == c.suit() && t.rank().abs_diff(c.rank()) == 1)
                {
                    out.push(Move::Marry(i as u8, j as u8));
                }
            }
        }
        for f in 0..8 {
            if Self::held_for(s, f).is_some() {
                out.push(Move::HeldFound(f as u8));
            }
        }
        if s.pass > 1 {
            for n in 0..8 {
                let m = (n + 4) % 8;
                let top = Self::found_cards(s, n).last().copied();
                if s.count[n] >= 2 && top.is_some_and(|c| Self::wants(s, m, c)) {
                    out.push(Move::Exchange(n as u8, m as u8));
                }
            }
        }
        match s.stage {
            Stage::Between => out.push(Move::Deal),
            _ if s.pass < LAST_PASS => out.push(Move::Redeal),
            _ => {}
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::HandFound(f) => {
                if s.hand.take().is_some() {
                    Self::put(s, f as usize);
                }
                Self::run(s);
            }
            Move::Hold => {
                if let Some(x) = s.hand.take() {
                    s.held[x.index()] += 1;
                }
                Self::run(s);
            }
            Move::Leave => {
                if let Some(x) = s.hand.take() {
                    Self::lay(s, x);
                }
                Self::run(s);
            }
            Move::Found(i, f) => {
                if s.places[i as usize].pop().is_some() {
                    Self::put(s, f as usize);
                }
                s.open &= !(1 << i);
            }
            Move::Marry(i, j) => {
                if let Some(c) = s.places[i as usize].pop() {
                    s.places[j as usize].push(c);
                }
            }
            Move::HeldFound(f) => {
                if let Some(c) = Self::held_for(s, f as usize) {
                    s.held[c.index()] -= 1;
                    Self::put(s, f as usize);
                }
            }
            Move::Exchange(n, m) => {
                s.count[n as usize] -= 1;
                Self::put(s, m as usize);
            }
            Move::Deal => Self::circle(s),
            Move::Redeal => {
                let cards = gather(TAKE_UP.iter().map(|&i| s.places[i].cards()));
                for p in s.places.iter_mut() {
                    p.clear();
                }
                for &c in cards.iter().rev() {
                    s.pack.push(c);
                }
                s.pass += 1;
                Self::circle(s);
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.count.iter().all(|&n| n == 13)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::HandFound(f) => move_text(Place::named("hand"), found(f as usize)),
            Move::Hold => "hold".into(),
            Move::Leave => "leave".into(),
            Move::Found(i, f) => move_text(place(i as usize), found(f as usize)),
            Move::Marry(i, j) => move_text(place(i as usize), place(j as usize)),
            Move::HeldFound(f) => move_text(Place::named("held"), found(f as usize)),
            Move::Exchange(n, m) => move_text(found(n as usize), found(m as usize)),
            Move::Deal => "deal".into(),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for i in 0..PLACES {
            k.pile(place(i), s.places[i].cards(), 0);
        }
        for f in 0..8 {
            k.pile(found(f), &Self::found_cards(s, f), 0);
        }
        k.pile(Place::named("held"), &Self::held_cards(s), 0);
        k.pile(Place::named("pack"), s.pack.cards(), s.pack.len());
        let hand: Vec<Card> = s.hand.card().into_iter().collect();
        k.pile(Place::named("hand"), &hand, 0);
        k.field("pass", s.pass);
        if s.stage != Stage::Over {
            let open: String = (0..PLACES)
                .filter(|&i| s.open & (1 << i) != 0)
                .map(|i| LETTERS[i])
                .collect();
            k.field("open", open);
        }
        if s.stage == Stage::Pending {
            k.field("pending", LETTERS[s.at as usize]);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (found(f), Self::found_cards(s, f).last().copied())),
        );
        for i in 0..PLACES {
            p.pile(place(i), s.places[i].cards(), 0);
        }
        p.pile(Place::named("held"), &Self::held_cards(s), 0);
        let hand = s.hand.card().map_or("--".into(), |c| c.to_string());
        p.line(&format!(
            "pack: {} cards   hand: {hand}   deal {} of {LAST_PASS}",
            s.pack.len(),
            s.pass
        ));
        p.finish()
    }

    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        // Merged key: from the second deal on, with no card in the hand, the two
        // foundations of a suit that meet (the up one holds A..r, the down one K..r+1,
        // counts summing to 13) pass their tops to and fro by exchanges, which are legal
        // both ways at every such split (each side keeping its base) and change nothing
        // else. All the splits are reachable from one another, so they are won or lost
        // together: the key writes only that the suit's pair has met.
        let merge = s.pass > 1 && s.stage != Stage::Pending;
        for a in 0..4 {
            let (u, d) = (s.count[a], s.count[a + 4]);
            let met = merge && u + d == 13;
            k.num(if met { 0 } else { u });
            k.num(d + if met { u } else { 0 });
        }
        k.num(s.pass);
        // Once the deal is over the circle's place is never read again.
        k.num(if s.stage == Stage::Over { 0 } else { s.at });
        k.num(s.stage as u8);
        k.num(s.open as u8);
        k.num((s.open >> 8) as u8);
        k.num(s.hand.card().map_or(0, |c| c.byte()));
        k.pile(&Self::held_cards(s), 0);
        k.pile(s.pack.cards(), 0);
        // Merged key: on the last deal, once it is over, the moves (to the foundations,
        // marriages between any two places) treat every place alike and nothing reads the
        // places' order any more (no circle, no gathering): two positions whose places
        // hold the same piles in another order have the same future up to renaming the
        // places, so they are won or lost together. The piles are then sorted.
        let mut ps: Vec<&[Card]> = s.places.iter().map(|p| p.cards()).collect();
        if s.pass == LAST_PASS && s.stage == Stage::Over {
            ps.retain(|c| !c.is_empty());
            ps.sort_unstable();
        }
        for p in ps {
            k.pile(p, 0);
        }
        k.finish()
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.moves(s, out);
        // Order only (the same moves): cards going up first.
        stable_partition(out, |m| {
            matches!(m, Move::HandFound(_) | Move::Found(..) | Move::HeldFound(_))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees_on,
        solve_limited, sorted_texts, walk,
    };

    fn unshuffled() -> State {
        deal_cards(&Louis, crate::testing::unshuffled(PackSpec::Standard(2)))
    }

    /// A position with the deal over and the given places (by letter), pack empty.
    fn over(pass: u8, places: &[(usize, &str)]) -> State {
        let mut s = unshuffled();
        for p in s.places.iter_mut() {
            p.clear();
        }
        for &(i, c) in places {
            s.places[i] = Pile::of(&cards(c), 0);
        }
        s.pack.clear();
        s.hand = Hand::default();
        s.count = [1; 8];
        s.stage = Stage::Over;
        s.open = 0;
        s.pass = pass;
        s
    }

    #[test]
    fn the_deal_waits_for_cards_that_fit_and_circles_stop() {
        let g = Louis;
        let mut s = unshuffled();
        // Bases: pack 1's aces and kings. The pack: 2C..QC, 2D..QD, 2H..QH, 2S..QS, then
        // pack 2. 2C (for place a) fits F1: it waits.
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "F1"), "AC");
        assert_eq!(key_segment(&k, "F6"), "KD");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 95);
        assert!(key_segment(&k, "pack").ends_with("4c3c"));
        assert!(k.ends_with("held: pack:") || k.contains(" hand:2C pass:1 open: pending:a"));
        assert_eq!(sorted_texts(&g, &s), ["hand>f1", "leave"]);
        play(&g, &mut s, "hand>f1");
        // 3C replaces it on place a, and waits too; left there, 4C..JC go to b..i
        // without asking, and QC (for k) fits F5.
        assert!(g.key_text(&s).ends_with("hand:3C pass:1 open: pending:a"));
        play(&g, &mut s, "leave");
        let k = g.key_text(&s);
        assert!(
            k.ends_with("hand:QC pass:1 open:abcdefghi pending:k"),
            "{k}"
        );
        assert_eq!(key_segment(&k, "i"), "JC");
        assert_eq!(sorted_texts(&g, &s), ["hand>f5", "leave"]);
        play(&g, &mut s, "hand>f5");
        // 2D for k fits F2; left; 3D to l, 4D to m: the circle is complete.
        play(&g, &mut s, "leave");
        let k = g.key_text(&s);
        assert!(k.ends_with("hand: pass:1 open:abcdefghiklm"), "{k}");
        assert_eq!(key_segment(&k, "F5"), "KCQC");
        assert_eq!(key_segment(&k, "m"), "4D");
        // Between circles: only this circle's cards, only to the foundations.
        assert_eq!(sorted_texts(&g, &s), ["a>f1", "deal", "i>f5", "k>f2"]);
        play(&g, &mut s, "a>f1");
        // 4C on b was dealt in this circle: it may go up now.
        assert_eq!(sorted_texts(&g, &s), ["b>f1", "deal", "i>f5", "k>f2"]);
        assert!(g.key_text(&s).ends_with("open:bcdefghiklm"));
        play(&g, &mut s, "deal");
        // 5D to a (empty) and 6D onto b's 4C: neither fits; the circle goes on.
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "a"), "5D");
        assert_eq!(key_segment(&k, "b"), "4C6D");
    }

    #[test]
    fn a_double_card_goes_on_the_ace_foundation_only_in_the_first_deal() {
        let g = Louis;
        let mut s = unshuffled();
        // F1 shows 6C, F5 shows 8C: 7C is wanted by both.
        s.count[0] = 6;
        s.count[4] = 6;
        s.hand = Hand(Some(cards("7C")[0]));
        assert_eq!(sorted_texts(&g, &s), ["hand>f1", "leave"]);
        s.pass = 2;
        assert_eq!(
            sorted_texts(&g, &s),
            ["hand>f1", "hand>f5", "hold", "leave"]
        );
        play(&g, &mut s, "hold");
        // Its replacement 3C fits nothing now and stays on a.
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "held"), "7C");
        assert_eq!(key_segment(&k, "a"), "3C");
    }

    #[test]
    fn held_cards_exchanges_and_marriages_after_the_deal() {
        let g = Louis;
        let mut s = over(2, &[(0, "5H 9S"), (2, "TS"), (11, "8S")]);
        s.held[cards("2D")[0].index()] = 2;
        // Marriages 9S onto TS and 8S; TS and 8S onto 9S; the two 2Ds fit F2 (one move);
        // and the re-deal.
        assert_eq!(
            sorted_texts(&g, &s),
            ["a>c", "a>m", "c>a", "held>f2", "m>a", "redeal"]
        );
        play(&g, &mut s, "held>f2");
        assert_eq!(key_segment(&g.key_text(&s), "held"), "2D");
        // Clubs: F1 AC..6C, F5 KC..7C (6 + 7 = 13 cards): they meet, both ways.
        s.count[0] = 6;
        s.count[4] = 7;
        let t = sorted_texts(&g, &s);
        assert!(t.contains(&"f1>f5".to_string()) && t.contains(&"f5>f1".to_string()));
        play(&g, &mut s, "f1>f5");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "F1"), "AC2C3C4C5C");
        assert_eq!(key_segment(&k, "F5"), "KCQCJCTC9C8C7C6C");
        s.pass = 1;
        assert!(!sorted_texts(&g, &s).iter().any(|m| m.starts_with("f")));
    }

    #[test]
    fn a_redeal_gathers_g_round_to_f_and_deals_in_circles() {
        let g = Louis;
        let mut s = over(1, &[(5, "5H 6H"), (4, "9S"), (0, "TD"), (6, "3C")]);
        s.held[cards("7D")[0].index()] = 1;
        play(&g, &mut s, "redeal");
        // New pack by hand: f bottom to top (5H 6H), e (9S), a (TD), g (3C); nothing fits
        // the bare bases, and the pack is out after e.
        let k = g.key_text(&s);
        assert!(
            k.starts_with("a:5H b:6H c:9S d:TD e:3C f: g: h: i: k: l: m: F1:AC "),
            "{k}"
        );
        assert!(k.ends_with(" held:7D pack: hand: pass:2"), "{k}");
        let mut s = over(4, &[(0, "TD")]);
        assert!(!sorted_texts(&g, &s).contains(&"redeal".to_string()));
        s.pass = 3;
        assert!(sorted_texts(&g, &s).contains(&"redeal".to_string()));
    }

    #[test]
    fn options_are_refused_and_short_deals_too() {
        assert!(Louis::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(Louis::from_options(&[]).is_ok());
        assert!(Louis
            .start(cards("AC AD AH AS KC KD KH"), SplitMix64::new(0))
            .is_err());
    }

    #[test]
    fn the_unshuffled_pack_is_won_and_replays() {
        let s = unshuffled();
        let o = solve_limited(&Louis, &s, 200_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Louis, &s, &o.moves);
    }

    /// Late positions from the second deal on (walks that re-deal when they can), and
    /// positions of the last deal: the merged keys against the plain search.
    #[test]
    fn merged_keys_agree_with_plain_search() {
        let g = Louis;
        let mut positions = Vec::new();
        for seed in 0..12 {
            let mut s = deal(&g, seed);
            let mut rng = SplitMix64::new(seed);
            // Cards up whenever they can, re-deal, to reach the later deals.
            while s.pass < LAST_PASS || s.stage != Stage::Over {
                let mut v = Vec::new();
                g.moves(&s, &mut v);
                let up = v.iter().copied().filter(|m| {
                    matches!(m, Move::HandFound(_) | Move::Found(..) | Move::HeldFound(_))
                });
                let pick = up.clone().nth((rng.next_u64() % 2) as usize);
                let m = pick.or(up.clone().next_back()).or(v
                    .iter()
                    .copied()
                    .find(|&m| matches!(m, Move::Hold | Move::Deal | Move::Redeal)));
                match m.or(v.iter().copied().find(|&m| m == Move::Leave)) {
                    Some(m) => g.play(&mut s, m),
                    None => break,
                }
                if s.pass >= 2 && rng.next_u64().is_multiple_of(8) {
                    positions.push(s.clone());
                }
            }
            positions.extend(walk(&g, &s, 12, seed, |_| {}).into_iter().step_by(3));
        }
        let met = positions
            .iter()
            .filter(|s| s.pass > 1 && (0..4).any(|a| s.count[a] + s.count[a + 4] == 13))
            .count();
        let last = positions
            .iter()
            .filter(|s| s.pass == LAST_PASS && s.stage == Stage::Over)
            .count();
        let a = pruning_agrees_on(&g, positions.iter(), 20_000);
        assert!(
            a.won + a.lost >= 20 && met >= 5 && last >= 20,
            "{a:?} {met} {last}"
        );
    }
}
