//! THE HEMISPHERES (`hemispheres`).
//!
//! Over the 400-line budget: the safe move's proof (Solver) takes the excess.
//!
//! # Layout and deal
//! Two packs. Taken out as first occurrences, in this order: AD, AD (F1, F2), AH, AH
//! (F3, F4), KC, KC (F5, F6), KS, KS (F7, F8), then the barriers KH (B1), AS (B2), KD (B3),
//! AC (B4). Of the other 92 cards, the first twelve go to C1..C12, one each; the other 80
//! are the pack. C1..C6 are the north (red's home), C7..C12 the south (black's); the Races
//! are C1-C3, C4-C6, C7-C9, C10-C12.
//!
//! # Foundations
//! F1-F4 (diamonds, hearts) build up in suit to the king, F5-F8 (clubs, spades) down in
//! suit to the ace; 13 cards each, nothing comes back.
//!
//! # The circle
//! A top card is proper when red in the north or black in the south, wrong otherwise. A
//! proper top, or the talon top, goes to a foundation it fits. A proper top marries onto
//! another proper top of its Race (same suit, red one rank lower, black one rank higher);
//! the talon top marries onto any proper top. A black top of the north and a red top of
//! the south change places (`exchange`). Once pack and talon are empty, a wrong top moves
//! into its own hemisphere (an empty position, or married onto a proper top), and the
//! barriers go to foundations they fit.
//!
//! # Pack, talon and spaces
//! `deal` sends the pack's next card to the lowest-numbered empty position, else onto the
//! talon. No re-deal.
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! The key holds the positions, the barriers left, the foundation tops (the two of one
//! suit sorted: [`sort_groups`]), the pack's length (a suffix of the dealing order) and
//! the talon. Safe move: a card X (a proper top, or the talon top) goes up when both
//! copies of the one card that could marry onto it (its suit, a rank nearer the base) are
//! home, and X is not a position's last card while the pack has cards. Proof: take a won
//! line L from the position; after X goes up, play L without X's moves (a card up, or a
//! marriage in its Race or from the talon: X stays proper, so it is never exchanged nor
//! transferred). Each place holds the same cards less X. X only ever lies on a card that
//! cannot move before it, so while the pack has cards positions are empty alike and
//! deals go alike; once it is empty, one more empty position only adds end transfers.
//! Each moving card is the same top, and nothing is put on X in L (its marriers are
//! home). On X's suit (foundation tops as a multiset, a card fitting any top one rank
//! below it) L's moves stay legal: only X's twin also needs a top at the rank below X,
//! and then both tops are there (none is below it). So L's cards all go up: a win.

use crate::card::{Card, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{sort_groups, ByteKey, Pile};

pub const SLUG: &str = "hemispheres";
const TITLE: &str = "The Hemispheres";

const OPTIONS: &[Opt] = &[];

const POS: usize = 12;
/// A position holds one run of one suit stepping by one rank: at most 13 cards.
const CAP: usize = 16;
/// The pack after the layout.
const PACK: usize = 80;
/// The foundation bases (F1..F8), then the barriers (B1..B4), in the order taken out.
const BASE_RANKS: [u8; 12] = [1, 1, 1, 1, KING, KING, KING, KING, KING, 1, KING, 1];
/// Suits C 0, D 1, H 2, S 3: D D H H C C S S, then H S D C.
const BASE_SUITS: [u8; 12] = [1, 1, 2, 2, 0, 0, 3, 3, 2, 3, 1, 0];

fn pos(i: usize) -> Place {
    Place::at("C", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}
fn barrier(i: usize) -> Place {
    Place::at("B", i)
}
fn barrier_card(k: usize) -> Card {
    Card::new(BASE_RANKS[8 + k], BASE_SUITS[8 + k])
}
fn north(i: usize) -> bool {
    i < 6
}
fn race(i: usize) -> usize {
    i / 3
}
/// True if `c` is proper at position `i`.
fn proper(i: usize, c: Card) -> bool {
    c.is_red() == north(i)
}
/// True if `x` marries onto `y`: same suit, red one rank lower, black one rank higher.
fn marries(x: Card, y: Card) -> bool {
    let red = u8::from(x.is_red());
    x.suit() == y.suit() && x.rank() + red == y.rank() + 1 - red
}
/// The step of foundation `f`'s ranks: up for F1-F4, down (wrapping) for F5-F8.
fn step(f: usize) -> u8 {
    [1, u8::MAX][usize::from(f >= 4)]
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Hemispheres;

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    circle: [Pile<CAP>; POS],
    /// Top rank of F1..F8 (F1-F4 up from the ace, F5-F8 down from the king).
    top: [u8; 8],
    /// Barriers B1..B4 still in place.
    barriers: [bool; 4],
    /// The pack, bottom to top: its top is the next card dealt.
    pack: Pile<PACK>,
    talon: Pile<PACK>,
}

impl State {
    fn exhausted(&self) -> bool {
        self.pack.is_empty() && self.talon.is_empty()
    }
    /// The proper top card of position `i`.
    fn proper_top(&self, i: usize) -> Option<Card> {
        self.circle[i].top().filter(|&c| proper(i, c))
    }
    /// True if `c` fits foundation `f`.
    fn fits(&self, f: usize, c: Card) -> bool {
        let next = self.top[f].wrapping_add(step(f));
        c.suit() == BASE_SUITS[f] && (1..=KING).contains(&next) && c.rank() == next
    }
    fn put(&mut self, f: usize) {
        self.top[f] = self.top[f].wrapping_add(step(f));
    }
    fn found_cards(&self, f: usize) -> Vec<Card> {
        let suit = BASE_SUITS[f];
        if f < 4 {
            (1..=self.top[f]).map(|r| Card::new(r, suit)).collect()
        } else {
            (self.top[f]..=KING)
                .rev()
                .map(|r| Card::new(r, suit))
                .collect()
        }
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Proper top of position `.0` to foundation `.1`.
    Found(u8, u8),
    /// Talon top to foundation `.0`.
    TalonFound(u8),
    /// Top of position `.0` onto position `.1`: a marriage inside a Race or an end transfer.
    Pos(u8, u8),
    /// Talon top married onto position `.0`.
    TalonPos(u8),
    /// North position `.0` and south position `.1` change their (wrong) top cards.
    Exchange(u8, u8),
    /// Barrier `.0` to foundation `.1`.
    Barrier(u8, u8),
    Deal,
}

impl Hemispheres {
    /// Build from user options (there are none; any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Hemispheres)
    }
}

impl Game for Hemispheres {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut rest = cards;
        for (&rank, &suit) in BASE_RANKS.iter().zip(&BASE_SUITS) {
            let base = Card::new(rank, suit);
            let i = rest.iter().position(|&c| c == base).ok_or_else(|| {
                EngineError::BadDeal(format!("the deal lacks the card {base} to take out"))
            })?;
            rest.remove(i);
        }
        if rest.len() != POS + PACK {
            return Err(EngineError::BadDeal(format!(
                "the deal has {} cards after the bases, not {}",
                rest.len(),
                POS + PACK
            )));
        }
        let mut circle = [Pile::new(); POS];
        for (p, &c) in circle.iter_mut().zip(&rest[..POS]) {
            p.push(c);
        }
        let mut pack = Pile::new();
        for &c in rest[POS..].iter().rev() {
            pack.push(c);
        }
        Ok(State {
            circle,
            top: [1, 1, 1, 1, KING, KING, KING, KING],
            barriers: [true; 4],
            pack,
            talon: Pile::new(),
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let done = s.exhausted();
        for i in 0..POS {
            let Some(x) = s.circle[i].top() else {
                continue;
            };
            if proper(i, x) {
                for f in 0..8 {
                    if s.fits(f, x) {
                        out.push(Move::Found(i as u8, f as u8));
                    }
                }
                for j in 0..POS {
                    if j != i
                        && race(j) == race(i)
                        && s.proper_top(j).is_some_and(|y| marries(x, y))
                    {
                        out.push(Move::Pos(i as u8, j as u8));
                    }
                }
            } else if done {
                for j in 0..POS {
                    if north(j) != north(i)
                        && (s.circle[j].is_empty()
                            || s.proper_top(j).is_some_and(|y| marries(x, y)))
                    {
                        out.push(Move::Pos(i as u8, j as u8));
                    }
                }
            }
        }
        if let Some(x) = s.talon.top() {
            for f in 0..8 {
                if s.fits(f, x) {
                    out.push(Move::TalonFound(f as u8));
                }
            }
            for j in 0..POS {
                if s.proper_top(j).is_some_and(|y| marries(x, y)) {
                    out.push(Move::TalonPos(j as u8));
                }
            }
        }
        for i in 0..6 {
            if s.circle[i].top().is_some_and(|c| !c.is_red()) {
                for j in 6..POS {
                    if s.circle[j].top().is_some_and(|c| c.is_red()) {
                        out.push(Move::Exchange(i as u8, j as u8));
                    }
                }
            }
        }
        if done {
            for k in 0..4 {
                if s.barriers[k] {
                    for f in 0..8 {
                        if s.fits(f, barrier_card(k)) {
                            out.push(Move::Barrier(k as u8, f as u8));
                        }
                    }
                }
            }
        }
        if !s.pack.is_empty() {
            out.push(Move::Deal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(i, f) => {
                if s.circle[i as usize].pop().is_some() {
                    s.put(f as usize);
                }
            }
            Move::TalonFound(f) => {
                if s.talon.pop().is_some() {
                    s.put(f as usize);
                }
            }
            Move::Pos(i, j) => {
                if let Some(c) = s.circle[i as usize].pop() {
                    s.circle[j as usize].push(c);
                }
            }
            Move::TalonPos(j) => {
                if let Some(c) = s.talon.pop() {
                    s.circle[j as usize].push(c);
                }
            }
            Move::Exchange(i, j) => {
                let (i, j) = (i as usize, j as usize);
                if let (Some(a), Some(b)) = (s.circle[i].pop(), s.circle[j].pop()) {
                    s.circle[i].push(b);
                    s.circle[j].push(a);
                }
            }
            Move::Barrier(k, f) => {
                s.barriers[k as usize] = false;
                s.put(f as usize);
            }
            Move::Deal => {
                if let Some(c) = s.pack.pop() {
                    match s.circle.iter_mut().find(|p| p.is_empty()) {
                        Some(p) => p.push(c),
                        None => s.talon.push(c),
                    }
                }
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.top[..4].iter().all(|&t| t == KING) && s.top[4..].iter().all(|&t| t == 1)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let talon = Place::named("talon");
        match m {
            Move::Found(i, f) => move_text(pos(i as usize), found(f as usize)),
            Move::TalonFound(f) => move_text(talon, found(f as usize)),
            Move::Pos(i, j) => move_text(pos(i as usize), pos(j as usize)),
            Move::TalonPos(j) => move_text(talon, pos(j as usize)),
            Move::Exchange(i, j) => format!("exchange c{}-c{}", i + 1, j + 1),
            Move::Barrier(k, f) => move_text(barrier(k as usize), found(f as usize)),
            Move::Deal => "deal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for i in 0..POS {
            k.pile(pos(i), s.circle[i].cards(), 0);
        }
        for b in 0..4 {
            let c = [barrier_card(b)];
            k.pile(barrier(b), &c[..usize::from(s.barriers[b])], 0);
        }
        for f in 0..8 {
            k.pile(found(f), &s.found_cards(f), 0);
        }
        k.pile(Place::named("pack"), s.pack.cards(), s.pack.len())
            .pile(Place::named("talon"), s.talon.cards(), 0);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (found(f), s.found_cards(f).last().copied())),
        );
        p.tops(
            "Barriers",
            (0..4).map(|b| (barrier(b), s.barriers[b].then(|| barrier_card(b)))),
        );
        for i in 0..POS {
            p.pile(pos(i), s.circle[i].cards(), 0);
        }
        let talon = s.talon.top().map_or("--".to_string(), |c| c.to_string());
        p.line(&format!(
            "Pack: {} cards   Talon: {talon} ({} cards)",
            s.pack.len(),
            s.talon.len()
        ));
        p.finish()
    }

    /// A card up that keeps every win (module docs, Solver).
    fn safe_move(&self, s: &State) -> Option<Move> {
        let free = |x: Card| {
            let y = if x.is_red() {
                x.rank() - 1
            } else {
                x.rank() + 1
            };
            let home = |f: usize| [s.top[f] >= y, s.top[f] <= y][usize::from(f >= 4)];
            (0..8).filter(|&f| BASE_SUITS[f] == x.suit()).all(home)
        };
        let up = |x: Card| (0..8).find(|&f| s.fits(f, x)).filter(|_| free(x));
        if let Some(f) = s.talon.top().and_then(up) {
            return Some(Move::TalonFound(f as u8));
        }
        let keep = |i: usize| s.circle[i].len() > 1 || s.pack.is_empty();
        (0..POS).find_map(|i| {
            let f = up(s.proper_top(i).filter(|_| keep(i))?)?;
            Some(Move::Found(i as u8, f as u8))
        })
    }

    fn key(&self, s: &State) -> Box<[u8]> {
        // Merged key: F1/F2 (diamonds up), F3/F4 (hearts up), F5/F6 (clubs down), F7/F8
        // (spades down) are interchangeable. Proof: no rule names a foundation's number;
        // a card fits either of a pair by its top rank alone, and the win asks both full.
        // Swapping the two tops of a pair maps the moves of one position onto those of the
        // other (`cI>f1` onto `cI>f2` and so on), so both have the same future. The pack is
        // a suffix of the fixed dealing order: its length gives it.
        let mut top = s.top;
        sort_groups(&mut top, |i| Some(i as u8 / 2));
        let mut k = ByteKey::default();
        for t in top {
            k.num(t);
        }
        for &b in &s.barriers {
            k.num(u8::from(b));
        }
        k.num(s.pack.len() as u8);
        for p in &s.circle {
            k.pile(p.cards(), 0);
        }
        k.pile(s.talon.cards(), 0);
        k.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, card, cards, deal_cards, key_segment, play, pruning_agrees,
        pruning_agrees_on, solve_limited, sorted_texts, unshuffled,
    };

    fn unshuffled_start() -> State {
        deal_cards(&Hemispheres, unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_of_the_unshuffled_packs() {
        // Taken out: both AD, AH, KC, KS, then the first KH, AS, KD, AC. The next twelve
        // cards are 2C..QC of the first pack and its 2D; the pack starts at 3D.
        let k = Hemispheres.key_text(&unshuffled_start());
        assert!(
            k.starts_with(
                "C1:2C C2:3C C3:4C C4:5C C5:6C C6:7C C7:8C C8:9C C9:TC C10:JC C11:QC C12:2D \
                 B1:KH B2:AS B3:KD B4:AC F1:AD F2:AD F3:AH F4:AH F5:KC F6:KC F7:KS F8:KS \
                 pack:qsjsts9s8s7s6s5s4s3s2saskhqh"
            ),
            "{k}"
        );
        assert!(k.ends_with("qdjdtd9d8d7d6d5d4d3d talon:"), "{k}");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 80);
        assert_eq!(k.split(' ').count(), 26);
    }

    #[test]
    fn first_moves_exchange_and_deal() {
        let g = Hemispheres;
        let mut s = unshuffled_start();
        // North C1..C6 hold black clubs (wrong), C12 a red 2D in the south (wrong).
        assert_eq!(
            sorted_texts(&g, &s),
            [
                "c11>c10",
                "c11>f5",
                "c11>f6",
                "c8>c7",
                "c9>c8",
                "deal",
                "exchange c1-c12",
                "exchange c2-c12",
                "exchange c3-c12",
                "exchange c4-c12",
                "exchange c5-c12",
                "exchange c6-c12",
            ]
        );
        // No empty position: the deal goes to the talon.
        play(&g, &mut s, "deal");
        assert_eq!(key_segment(&g.key_text(&s), "talon"), "3D");
        play(&g, &mut s, "exchange c1-c12");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "C1"), "2D");
        assert_eq!(key_segment(&k, "C12"), "2C");
        // 2D is proper in the north now: it goes up on either diamond foundation.
        play(&g, &mut s, "c1>f2");
        play(&g, &mut s, "talon>f2");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "F2"), "AD2D3D");
        assert_eq!(key_segment(&k, "C1"), "");
        // The empty C1 takes the next deal, 4D, which is proper there.
        play(&g, &mut s, "deal");
        assert_eq!(key_segment(&g.key_text(&s), "C1"), "4D");
        assert!(sorted_texts(&g, &s).contains(&"c1>f2".to_string()));
        assert!(!sorted_texts(&g, &s).contains(&"c1>f1".to_string()));
    }

    #[test]
    fn marriages_from_the_talon_go_to_any_race() {
        let g = Hemispheres;
        let mut s = unshuffled_start();
        // A 7C on the talon marries onto a proper 6C in the south (black builds up).
        s.talon.push(card("7C"));
        s.circle[6] = Pile::of(&cards("6C"), 0);
        let t = sorted_texts(&g, &s);
        assert!(t.contains(&"talon>c7".to_string()), "{t:?}");
        // C6 holds 7C in the north: wrong, so the talon's 8C does not go there.
        s.talon.push(card("8C"));
        s.circle[5] = Pile::of(&cards("7C"), 0);
        let t = sorted_texts(&g, &s);
        assert!(!t.iter().any(|m| m.starts_with("talon>c")), "{t:?}");
    }

    #[test]
    fn end_transfers_and_barriers() {
        let g = Hemispheres;
        let mut s = unshuffled_start();
        s.pack.clear();
        s.talon.clear();
        for p in &mut s.circle {
            p.clear();
        }
        s.circle[0] = Pile::of(&cards("5S"), 0); // wrong in the north
        s.circle[1] = Pile::of(&cards("9H"), 0); // proper in the north
        s.circle[6] = Pile::of(&cards("4S"), 0); // proper in the south
        s.circle[7] = Pile::of(&cards("8H"), 0); // wrong in the south
                                                 // F1 full, F2 at QD, F3 at QH, F4 at AH, F5, F6 at KC, F7 at 2S, F8 at KS.
        s.top = [13, 12, 12, 1, 13, 13, 2, 13];
        let mut want: Vec<String> = [
            "c1>c7",
            "c8>c2",
            "b1>f3",
            "b2>f7",
            "b3>f2",
            "exchange c1-c8",
        ]
        .iter()
        .map(|m| m.to_string())
        .collect();
        for j in 9..=12 {
            want.push(format!("c1>c{j}"));
        }
        for j in 3..=6 {
            want.push(format!("c8>c{j}"));
        }
        want.sort();
        assert_eq!(sorted_texts(&g, &s), want);
        play(&g, &mut s, "b1>f3");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "B1"), "");
        assert_eq!(key_segment(&k, "F3"), "AH2H3H4H5H6H7H8H9HTHJHQHKH");
    }

    /// Exhausted: JH proper in the north (C1), QH wrong in the south (C9), the barrier KH;
    /// 2S proper in the south (C10) and the barrier AS. F3 is at TH, F7 at 3S.
    fn late_position() -> State {
        let mut s = unshuffled_start();
        s.pack.clear();
        s.talon.clear();
        for p in &mut s.circle {
            p.clear();
        }
        s.circle[8] = Pile::of(&cards("QH"), 0);
        s.circle[0] = Pile::of(&cards("JH"), 0);
        s.circle[9] = Pile::of(&cards("2S"), 0);
        s.top = [13, 13, 10, 13, 1, 1, 3, 1];
        s.barriers = [true, true, false, false];
        s
    }

    #[test]
    fn a_late_position_is_won_and_its_line_replays() {
        let g = Hemispheres;
        let s = late_position();
        // QH is wrong in the south: only the end transfer to an empty north place frees it.
        let t = sorted_texts(&g, &s);
        assert_eq!(
            t,
            ["c10>f7", "c1>f3", "c9>c2", "c9>c3", "c9>c4", "c9>c5", "c9>c6"]
        );
        let o = solve_limited(&g, &s, 10_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_eq!(o.moves.len(), 6);
        assert_replays(&g, &s, &o.moves);
        // With the north full of red cards that cannot move (5D, diamonds full) and JH
        // wrong in the south too, neither heart can cross, nor be exchanged: lost.
        let mut t = s;
        for i in 0..6 {
            t.circle[i] = Pile::of(&cards("5D"), 0);
        }
        t.circle[11] = Pile::of(&cards("JH"), 0);
        t.circle[9].clear();
        t.top[6] = 1;
        t.barriers[1] = false;
        assert!(sorted_texts(&g, &t).is_empty());
        assert!(!g.is_won(&t));
        assert_eq!(solve_limited(&g, &t, 10_000, true).verdict, Verdict::Lost);
    }

    #[test]
    fn a_card_goes_up_safely_only_with_its_marriers_home_and_a_card_below() {
        let g = Hemispheres;
        let safe = |s: &State| g.safe_move(s).map(|m| g.move_text(s, m));
        let mut s = unshuffled_start();
        s.talon.clear();
        for p in &mut s.circle {
            p.clear();
        }
        // 3D proper on 5D in C1; F1 at 2D, F2 at AD: the other 2D could still marry on.
        s.circle[0] = Pile::of(&cards("5D 3D"), 0);
        s.top[0] = 2;
        assert_eq!(safe(&s), None);
        s.top[1] = 2;
        assert_eq!(safe(&s).as_deref(), Some("c1>f1"));
        // Alone in C1 while the pack has cards: emptying C1 would change where deals go.
        s.circle[0] = Pile::of(&cards("3D"), 0);
        assert_eq!(safe(&s), None);
        let mut t = s;
        t.pack.clear();
        assert_eq!(safe(&t).as_deref(), Some("c1>f1"));
        // From the talon; and a black one: 9C on the foundations at TC needs both TC home.
        s.talon = Pile::of(&cards("3D"), 0);
        assert_eq!(safe(&s).as_deref(), Some("talon>f1"));
        s.talon.clear();
        s.circle[0].clear();
        s.circle[7] = Pile::of(&cards("4S 9C"), 0);
        s.top[4] = 10;
        assert_eq!(safe(&s), None);
        s.top[5] = 8;
        assert_eq!(safe(&s).as_deref(), Some("c8>f5"));
        // Wrong (9C in the north) never goes up.
        s.circle.swap(7, 2);
        assert_eq!(safe(&s), None);
    }

    /// A late position: `k` cards taken back from the full foundations (each from the top
    /// of one of them) and spread at random over the circle, the pack and the talon.
    fn endgame(seed: u64, k: usize) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut r = |n: usize| (rng.next_u64() % n as u64) as usize;
        let mut s = unshuffled_start();
        s.pack.clear();
        s.talon.clear();
        s.circle = [Pile::new(); POS];
        s.top = [KING, KING, KING, KING, 1, 1, 1, 1];
        s.barriers = [false; 4];
        let mut back = Vec::new();
        while back.len() < k {
            let f = r(8);
            let t = s.top[f];
            if [t > 1, t < KING][usize::from(f >= 4)] {
                back.push(Card::new(t, BASE_SUITS[f]));
                s.top[f] = t.wrapping_sub(step(f));
            }
        }
        for c in back {
            match r(4) {
                0 => s.pack.push(c),
                1 => s.talon.push(c),
                _ => s.circle[r(POS)].push(c),
            }
        }
        s
    }

    #[test]
    fn the_safe_move_agrees_with_plain_search() {
        // Late positions (the safe move fires at the first of many), and positions of
        // random walks where it fires, solved both ways.
        let g = Hemispheres;
        let mut at: Vec<State> = (0..300).map(|i| endgame(i, 4 + i as usize % 9)).collect();
        let fires = at.iter().filter(|s| g.safe_move(s).is_some()).count();
        assert!(fires >= 100, "{fires}");
        for seed in 0..40 {
            let start = crate::testing::deal(&g, seed);
            crate::testing::walk(&g, &start, 300, seed, |s| {
                if g.safe_move(s).is_some() && s.pack.len() < 20 {
                    at.push(*s);
                }
            });
        }
        let a = pruning_agrees_on(&g, &at, 5_000);
        assert!(a.won >= 150 && a.lost >= 60, "{a:?}");
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        // Random walks end lost; the late position and the positions along its won line
        // give won verdicts.
        let g = Hemispheres;
        let a = pruning_agrees(&g, 0..8, 200, 6, 3_000);
        assert!(a.lost >= 40, "{a:?}");
        let s = late_position();
        let o = solve_limited(&g, &s, 10_000, true);
        let mut line = vec![s];
        for &m in &o.moves {
            let mut t = *line.last().unwrap_or(&s);
            g.play(&mut t, m);
            line.push(t);
        }
        let b = pruning_agrees_on(&g, &line, 10_000);
        assert!(b.won >= 6, "{b:?}");
    }
}
