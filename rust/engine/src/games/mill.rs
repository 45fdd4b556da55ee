//! THE MILL (`mill`).
//!
//! # Layout and deal
//! Two packs, suits never used. The first ace of the dealing order is withdrawn as the
//! centre `F1`; of the other 103 cards the first eight go to the wings `W1`..`W8`, the rest
//! are the pack (card 9 on top). The talon starts empty; then the automatic steps run.
//!
//! # Foundations
//! The centre `F1` climbs ace to king four times (52 cards): holding h it wants rank
//! (h mod 13) + 1. The angles `F2`..`F5` start with a king and go down to the ace: holding
//! n (1..12) an angle wants rank 13 - n. While an angle is empty, the first available king
//! (W1..W8, then the talon top) goes at once to the lowest-numbered empty angle. The double
//! move `fM>f1+wI` / `fM>f1+talon` passes an angle's top card (never its king) to the centre
//! when a wing card or the talon top follows it there at once.
//!
//! # The wings
//! Each wing card and the talon top may go to any foundation wanting its rank. An emptied
//! wing is refilled at once: from the one non-empty source, or, when both the talon and the
//! pack hold cards, by the player's choice (`talon>wI`, `pack>wI`, a pending refill).
//!
//! # Pack and talon
//! `turn` puts the pack's top card on the talon, while no refill is pending. No re-deal.
//!
//! # End
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! Exact, no pruned move; double moves, then talon cards, are tried first. The key writes the
//! pack as its length (cards only ever leave its top, so the length says which remain).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{stable_partition, ByteKey, Pile};

pub const SLUG: &str = "mill";
const TITLE: &str = "The Mill";

const OPTIONS: &[Opt] = &[];

const WINGS: usize = 8;
/// The centre and the four angles.
const FOUNDS: usize = 5;
const CAP: usize = 104;
const KING: u8 = 13;

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Mill;

fn wing(i: usize) -> Place {
    Place::at("W", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}
const TALON: Place = Place::named("talon");
const PACK: Place = Place::named("pack");

/// A position.
#[derive(Clone, Debug)]
pub struct State {
    wings: [Option<Card>; WINGS],
    /// `F1` (the centre) then `F2`..`F5` (the angles), bottom to top.
    found: [Pile<CAP>; FOUNDS],
    /// The pack, bottom to top: its last card comes out next.
    pack: Pile<CAP>,
    talon: Pile<CAP>,
    /// The wing whose refill waits for the player's choice of source.
    pending: Option<u8>,
}

/// Where a played card comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Src {
    Wing(u8),
    Talon,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// A wing card or the talon top to foundation `.1` (0 = the centre).
    Found(Src, u8),
    /// Angle `.0`'s top card to the centre, then the card at `.1` on it.
    Double(u8, Src),
    Turn,
    /// The pending refill from the talon (`false`) or the pack (`true`).
    Refill(bool),
}

/// The rank foundation `f` wants, if any (0 = none).
fn wants(s: &State, f: usize) -> u8 {
    let n = s.found[f].len();
    if f == 0 {
        if n >= 52 {
            0
        } else {
            (n % 13) as u8 + 1
        }
    } else if n == 0 || n >= 13 {
        0
    } else {
        13 - n as u8
    }
}

impl Mill {
    /// Build from user options (there are none; any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Mill)
    }

    fn card_at(s: &State, from: Src) -> Option<Card> {
        match from {
            Src::Wing(i) => s.wings[i as usize],
            Src::Talon => s.talon.top(),
        }
    }

    fn take(s: &mut State, from: Src) -> Option<Card> {
        match from {
            Src::Wing(i) => s.wings[i as usize].take(),
            Src::Talon => s.talon.pop(),
        }
    }

    /// The automatic loop: kings to empty angles, then refills, until a choice is needed.
    fn settle(s: &mut State) {
        loop {
            if let Some(a) = (1..FOUNDS).find(|&f| s.found[f].is_empty()) {
                let king = (0..WINGS)
                    .map(|i| Src::Wing(i as u8))
                    .chain([Src::Talon])
                    .find(|&p| Self::card_at(s, p).is_some_and(|c| c.rank() == KING));
                if let Some(p) = king {
                    if let Some(c) = Self::take(s, p) {
                        s.found[a].push(c);
                    }
                    continue;
                }
            }
            let Some(i) = (0..WINGS).find(|&i| s.wings[i].is_none()) else {
                return;
            };
            match (s.talon.is_empty(), s.pack.is_empty()) {
                (true, true) => return,
                (false, false) => {
                    s.pending = Some(i as u8);
                    return;
                }
                (false, true) => s.wings[i] = s.talon.pop(),
                (true, false) => s.wings[i] = s.pack.pop(),
            }
        }
    }

    fn sources(s: &State) -> impl Iterator<Item = (Src, Card)> + '_ {
        (0..WINGS)
            .map(|i| Src::Wing(i as u8))
            .chain([Src::Talon])
            .filter_map(|p| Self::card_at(s, p).map(|c| (p, c)))
    }
}

fn from_place(p: Src) -> Place {
    match p {
        Src::Wing(i) => wing(i as usize),
        Src::Talon => TALON,
    }
}

impl Game for Mill {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != CAP {
            return Err(EngineError::BadDeal(format!(
                "{} cards: the game takes 104",
                cards.len()
            )));
        }
        let mut rest = cards;
        let ace = rest
            .iter()
            .position(|c| c.rank() == 1)
            .ok_or_else(|| EngineError::BadDeal("the deal has no ace".into()))?;
        let mut s = State {
            wings: [None; WINGS],
            found: [Pile::new(); FOUNDS],
            pack: Pile::new(),
            talon: Pile::new(),
            pending: None,
        };
        s.found[0].push(rest.remove(ace));
        for (i, &c) in rest.iter().take(WINGS).enumerate() {
            s.wings[i] = Some(c);
        }
        for &c in rest[WINGS..].iter().rev() {
            s.pack.push(c);
        }
        Self::settle(&mut s);
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending.is_some() {
            out.push(Move::Refill(false));
            out.push(Move::Refill(true));
            return;
        }
        for (p, c) in Self::sources(s) {
            for f in 0..FOUNDS {
                if wants(s, f) == c.rank() {
                    out.push(Move::Found(p, f as u8));
                }
            }
        }
        let centre = wants(s, 0);
        if centre != 0 && s.found[0].len() <= 50 {
            let next = centre % 13 + 1;
            for a in 1..FOUNDS {
                let f = &s.found[a];
                if f.len() >= 2 && f.top().is_some_and(|c| c.rank() == centre) {
                    for (p, c) in Self::sources(s) {
                        if c.rank() == next {
                            out.push(Move::Double(a as u8, p));
                        }
                    }
                }
            }
        }
        if !s.pack.is_empty() {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(p, f) => {
                if let Some(c) = Self::take(s, p) {
                    s.found[f as usize].push(c);
                }
            }
            Move::Double(a, p) => {
                if let Some(c) = s.found[a as usize].pop() {
                    s.found[0].push(c);
                }
                if let Some(c) = Self::take(s, p) {
                    s.found[0].push(c);
                }
            }
            Move::Turn => {
                if let Some(c) = s.pack.pop() {
                    s.talon.push(c);
                }
            }
            Move::Refill(from_pack) => {
                if let Some(i) = s.pending.take() {
                    let src = if from_pack { &mut s.pack } else { &mut s.talon };
                    s.wings[i as usize] = src.pop();
                }
            }
        }
        Self::settle(s);
    }

    fn is_won(&self, s: &State) -> bool {
        s.found.iter().map(|f| f.len()).sum::<usize>() == CAP
    }

    fn move_text(&self, s: &State, m: Move) -> String {
        match m {
            Move::Found(p, f) => move_text(from_place(p), found(f as usize)),
            Move::Double(a, p) => format!(
                "{}+{}",
                move_text(found(a as usize), found(0)),
                from_place(p).move_label()
            ),
            Move::Turn => "turn".into(),
            Move::Refill(from_pack) => {
                let i = s.pending.unwrap_or(0) as usize;
                move_text(if from_pack { PACK } else { TALON }, wing(i))
            }
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, w) in s.wings.iter().enumerate() {
            let one: Vec<Card> = w.iter().copied().collect();
            k.pile(wing(i), &one, 0);
        }
        for (f, pile) in s.found.iter().enumerate() {
            k.pile(found(f), pile.cards(), 0);
        }
        k.pile(PACK, s.pack.cards(), s.pack.len());
        k.pile(TALON, s.talon.cards(), 0);
        if let Some(i) = s.pending {
            k.field("pending", wing(i as usize).key_label());
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Wings",
            s.wings.iter().enumerate().map(|(i, &c)| (wing(i), c)),
        );
        p.tops(
            "Foundations",
            s.found.iter().enumerate().map(|(f, c)| (found(f), c.top())),
        );
        p.line(&format!("pack: {} cards", s.pack.len()));
        p.pile(TALON, s.talon.cards(), 0);
        if let Some(i) = s.pending {
            p.line(&format!("pending: {}", wing(i as usize).key_label()));
        }
        p.finish()
    }

    fn key(&self, s: &State) -> Box<[u8]> {
        // Exact: the foundations, talon and wings in full, the pack as its length (cards
        // only ever leave its top, so the length says which remain), the pending wing.
        let mut k = ByteKey::default();
        for f in &s.found {
            k.pile(f.cards(), 0);
        }
        k.num(s.pack.len() as u8);
        k.pile(s.talon.cards(), 0);
        for w in &s.wings {
            k.num(w.map_or(0xff, |c| c.byte()));
        }
        k.num(s.pending.map_or(0xff, |i| i));
        k.finish()
    }

    /// Random playouts beside the search: measured to find wins the depth-first order
    /// reaches late (the `probe` module of the solver says why they stay sound).
    fn probes(&self) -> bool {
        true
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.moves(s, out);
        // Order only (the same moves): double moves first, then talon cards (the book's
        // advice), then the rest in the engine's order.
        let n = stable_partition(out, |m| matches!(m, Move::Double(..)));
        stable_partition(&mut out[n..], |m| matches!(m, Move::Found(Src::Talon, _)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{cards, deal_cards, key_segment, play, solve_limited, sorted_texts};

    /// The unshuffled double pack (AC first), its ace withdrawn.
    fn unshuffled() -> State {
        deal_cards(&Mill, crate::testing::unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_withdraws_the_first_ace_and_fills_the_wings() {
        let s = unshuffled();
        let k = Mill.key_text(&s);
        assert!(
            k.starts_with("W1:2C W2:3C W3:4C W4:5C W5:6C W6:7C W7:8C W8:9C F1:AC F2: F3: F4: F5: "),
            "{k}"
        );
        assert_eq!(key_segment(&k, "pack").len(), 2 * 95);
        assert!(key_segment(&k, "pack").ends_with("kcqcjctc"), "{k}");
        assert!(k.ends_with(" talon:"));
        assert_eq!(sorted_texts(&Mill, &s), ["turn", "w1>f1"]);
    }

    #[test]
    fn kings_go_to_the_angles_and_the_wing_is_refilled() {
        // A king dealt to W2: it goes to F2 and W2 takes the pack's top card, 9C.
        let mut d = crate::testing::unshuffled(PackSpec::Standard(2));
        let kh = d.iter().position(|c| c.to_string() == "KH").unwrap_or(0);
        let king = d.remove(kh);
        d.insert(2, king);
        let s = deal_cards(&Mill, d);
        let k = Mill.key_text(&s);
        assert!(k.starts_with("W1:2C W2:9C W3:3C"), "{k}");
        assert_eq!(key_segment(&k, "F2"), "KH");
        assert!(sorted_texts(&Mill, &s).contains(&"w1>f1".to_string()));
    }

    #[test]
    fn a_refill_with_both_sources_is_pending() {
        let mut s = unshuffled();
        play(&Mill, &mut s, "turn");
        play(&Mill, &mut s, "w1>f1");
        let k = Mill.key_text(&s);
        assert!(k.ends_with(" talon:TC pending:W1"), "{k}");
        assert_eq!(sorted_texts(&Mill, &s), ["pack>w1", "talon>w1"]);
        play(&Mill, &mut s, "talon>w1");
        let k = Mill.key_text(&s);
        assert!(k.starts_with("W1:TC W2:3C"), "{k}");
        assert!(k.ends_with(" talon:"), "{k}");
    }

    #[test]
    fn the_double_move_carries_one_angle_card() {
        let mut s = unshuffled();
        // By hand: F1 holds A..J (wants a queen), F2 holds K Q, W5 a king.
        s.found[0] = Pile::of(&cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"), 0);
        s.found[1] = Pile::of(&cards("KH QH"), 0);
        s.wings[4] = Some(crate::testing::card("KS"));
        let t = sorted_texts(&Mill, &s);
        assert!(t.contains(&"f2>f1+w5".to_string()), "{t:?}");
        play(&Mill, &mut s, "f2>f1+w5");
        let k = Mill.key_text(&s);
        assert_eq!(key_segment(&k, "F1"), "AC2C3C4C5C6C7C8C9CTCJCQHKS");
        assert_eq!(key_segment(&k, "F2"), "KH");
    }

    #[test]
    fn an_unshuffled_deal_is_solved() {
        let s = unshuffled();
        let o = solve_limited(&Mill, &s, 200_000, false);
        assert_ne!(o.verdict, Verdict::Lost);
    }
}
