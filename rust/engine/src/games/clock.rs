//! THE CLOCK (`clock`).
//!
//! # Layout and deal
//! Two packs. The first copy met of 6C, 7H, 8S, 9D, TC, JH, QS, KD, 2C, 3H, 4S, 5D is
//! withdrawn as the base of F1..F12 (the hours I..XII). Of the other 92 cards the first 36
//! make twelve packets of three, P1..P12 (the first card of each at its bottom); the last
//! 56 are the pack, card 37 on top. The talon starts empty.
//!
//! # Foundations
//! Each foundation builds up in its base's suit, K followed by A, and is complete when its
//! top card has the rank of its hour (F1 at the ace, ..., F12 at the queen):
//! [`Ladder::up_to_rank`]. Cards come from packet tops and the talon top.
//!
//! # Piles
//! A packet's top card may be married onto another packet's top card of its suit one rank
//! higher (no wrap). Talon cards go only to the foundations.
//!
//! # Spaces and refilling
//! `refill`, whenever some packet holds fewer than three cards and the pack has cards:
//! P1..P12 in turn, each short packet topped up to three from the pack.
//!
//! # Pack and talon
//! `turn` puts the pack's top card on the talon, only while no packet is short. No re-deal.
//!
//! # End
//! Won with all twelve foundations complete; lost when no move is left.
//!
//! # Solver
//! Exact, no pruned move; cards going up are tried first. The key writes the pack as its
//! length (cards only ever leave its top, so the length says which remain).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{stable_partition, ByteKey, Dealer, Ladder, Ladders, Pile};

pub const SLUG: &str = "clock";
const TITLE: &str = "The Clock";

const OPTIONS: &[Opt] = &[];

const HOURS: usize = 12;
/// Room for every card a packet or the pack can hold.
const CAP: usize = 92;
/// The base cards of F1..F12.
const BASES: [&str; HOURS] = [
    "6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D",
];
/// Foundation k (0-based) builds up from its base to the rank k + 1.
const LADDERS: [Ladder; HOURS] = {
    let base = [6, 7, 8, 9, 10, 11, 12, 13, 2, 3, 4, 5];
    let mut out = [Ladder::ACE_UP; HOURS];
    let mut k = 0;
    while k < HOURS {
        out[k] = Ladder::up_to_rank(base[k], k as u8 + 1);
        k += 1;
    }
    out
};

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Clock;

fn packet(i: usize) -> Place {
    Place::at("P", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// A position.
#[derive(Clone, Debug)]
pub struct State {
    found: Ladders<HOURS>,
    packets: [Pile<CAP>; HOURS],
    /// The pack, bottom to top: its last card is used next.
    pack: Pile<CAP>,
    talon: Pile<CAP>,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Top card of packet `.0` to foundation `.1`.
    Found(u8, u8),
    /// Talon top to foundation `.0`.
    TalonFound(u8),
    /// Top card of packet `.0` onto packet `.1`.
    Marry(u8, u8),
    Refill,
    Turn,
}

impl Clock {
    /// Build from user options (there are none; any name is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Clock)
    }

    fn takes(s: &State, k: usize, c: Card) -> bool {
        LADDERS[k].accepts(&s.found, k, c)
    }
}

impl Game for Clock {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        let mut found = Ladders::new();
        for (k, b) in BASES.iter().enumerate() {
            let base = Card::parse(b)?;
            let i = pack
                .iter()
                .position(|&c| c == base)
                .ok_or_else(|| EngineError::BadDeal(format!("the deal lacks the base {base}")))?;
            LADDERS[k].put(&mut found, k, pack.remove(i));
        }
        if pack.len() > CAP {
            return Err(EngineError::BadDeal(format!(
                "{} cards: the game takes 104",
                pack.len() + HOURS
            )));
        }
        let mut s = State {
            found,
            packets: [Pile::new(); HOURS],
            pack: Pile::new(),
            talon: Pile::new(),
        };
        let mut d = Dealer::new(&pack);
        d.packets(&mut s.packets, 0..HOURS, 3, 0);
        for &c in d.rest().iter().rev() {
            s.pack.push(c);
        }
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.is_won(s) {
            return;
        }
        for i in 0..HOURS {
            let Some(c) = s.packets[i].top() else {
                continue;
            };
            for k in 0..HOURS {
                if Self::takes(s, k, c) {
                    out.push(Move::Found(i as u8, k as u8));
                }
            }
            for j in 0..HOURS {
                if j != i
                    && s.packets[j]
                        .top()
                        .is_some_and(|t| t.suit() == c.suit() && c.rank() + 1 == t.rank())
                {
                    out.push(Move::Marry(i as u8, j as u8));
                }
            }
        }
        if let Some(c) = s.talon.top() {
            for k in 0..HOURS {
                if Self::takes(s, k, c) {
                    out.push(Move::TalonFound(k as u8));
                }
            }
        }
        if !s.pack.is_empty() {
            if s.packets.iter().any(|p| p.len() < 3) {
                out.push(Move::Refill);
            } else {
                out.push(Move::Turn);
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found(i, k) => {
                if let Some(c) = s.packets[i as usize].pop() {
                    LADDERS[k as usize].put(&mut s.found, k as usize, c);
                }
            }
            Move::TalonFound(k) => {
                if let Some(c) = s.talon.pop() {
                    LADDERS[k as usize].put(&mut s.found, k as usize, c);
                }
            }
            Move::Marry(i, j) => {
                if let Some(c) = s.packets[i as usize].pop() {
                    s.packets[j as usize].push(c);
                }
            }
            Move::Refill => {
                for p in s.packets.iter_mut() {
                    while p.len() < 3 {
                        let Some(c) = s.pack.pop() else { return };
                        p.push(c);
                    }
                }
            }
            Move::Turn => {
                if let Some(c) = s.pack.pop() {
                    s.talon.push(c);
                }
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        (0..HOURS).all(|k| LADDERS[k].full(&s.found, k))
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found(i, k) => move_text(packet(i as usize), found(k as usize)),
            Move::TalonFound(k) => move_text(Place::named("talon"), found(k as usize)),
            Move::Marry(i, j) => move_text(packet(i as usize), packet(j as usize)),
            Move::Refill => "refill".into(),
            Move::Turn => "turn".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (f, ladder) in LADDERS.iter().enumerate() {
            k.pile(found(f), &ladder.cards(&s.found, f), 0);
        }
        for i in 0..HOURS {
            k.pile(packet(i), s.packets[i].cards(), 0);
        }
        k.pile(Place::named("pack"), s.pack.cards(), s.pack.len());
        k.pile(Place::named("talon"), s.talon.cards(), 0);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..HOURS).map(|f| (found(f), s.found.top(f))),
        );
        for i in 0..HOURS {
            p.pile(packet(i), s.packets[i].cards(), 0);
        }
        p.line(&format!("pack: {} cards", s.pack.len()));
        p.pile(Place::named("talon"), s.talon.cards(), 0);
        p.finish()
    }

    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        for f in 0..HOURS {
            k.num(s.found.count(f));
        }
        // The pack only ever loses its top card: its length says which cards remain.
        k.num(s.pack.len() as u8);
        k.pile(s.talon.cards(), 0);
        for p in &s.packets {
            k.pile(p.cards(), 0);
        }
        k.finish()
    }

    /// Random playouts beside the search: measured to find wins the depth-first order
    /// reaches late (the `probe` module of the solver says why they stay sound).
    fn probes(&self) -> bool {
        true
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.moves(s, out);
        // Order only (the same moves): cards going up first.
        stable_partition(out, |m| matches!(m, Move::Found(..) | Move::TalonFound(_)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OptValue;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, key_segment, play, pruning_agrees, solve_limited,
        sorted_texts,
    };

    fn unshuffled() -> State {
        deal_cards(&Clock, crate::testing::unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_withdraws_the_hours_and_makes_packets_of_three() {
        let g = Clock;
        let s = unshuffled();
        // Pack 1 without 6C TC 2C, 7H JH 3H, 8S QS 4S, 9D KD 5D: AC 3C 4C | 5C 7C 8C |
        // 9C JC QC | KC AD 2D | 3D 4D 6D | 7D 8D TD | JD QD AH | 2H 4H 5H | 6H 8H 9H |
        // TH QH KH | AS 2S 3S | 5S 6S 7S; the pack then starts 9S TS JS KS.
        let k = g.key_text(&s);
        assert!(k.starts_with("F1:6C F2:7H F3:8S F4:9D F5:TC F6:JH F7:QS F8:KD F9:2C "));
        assert_eq!(key_segment(&k, "P1"), "AC3C4C");
        assert_eq!(key_segment(&k, "P4"), "KCAD2D");
        assert_eq!(key_segment(&k, "P12"), "5S6S7S");
        let pack = key_segment(&k, "pack");
        assert_eq!(pack.len(), 2 * 56);
        assert!(pack.ends_with("ksjsts9s"), "{pack}");
        assert!(k.ends_with(" talon:"));
        // P5's 6D goes on F12 (5D), P6's TD on F4 (9D); no marriage (7S on nothing).
        let t = sorted_texts(&g, &s);
        assert_eq!(t, ["p5>f12", "p6>f4", "turn"]);
    }

    #[test]
    fn foundations_wrap_to_their_hour_and_stop() {
        let g = Clock;
        let mut s = unshuffled();
        // F1 from 6C to KC by hand, then AC on P1's top: it goes up and completes F1.
        for r in 7..=13 {
            LADDERS[0].put(&mut s.found, 0, Card::new(r, 0));
        }
        s.packets[0] = Pile::of(&cards("AC AC"), 0);
        assert!(sorted_texts(&g, &s).contains(&"p1>f1".to_string()));
        play(&g, &mut s, "p1>f1");
        assert_eq!(key_segment(&g.key_text(&s), "F1"), "6C7C8C9CTCJCQCKCAC");
        assert!(
            !sorted_texts(&g, &s).contains(&"p1>f1".to_string()),
            "complete"
        );
        // F9 (2C) takes 3C; an ace goes on no packet.
        s.packets[1] = Pile::of(&cards("3C"), 0);
        assert!(sorted_texts(&g, &s).contains(&"p2>f9".to_string()));
    }

    #[test]
    fn refill_tops_up_short_packets_in_order_and_blocks_turning() {
        let g = Clock;
        let mut s = unshuffled();
        play(&g, &mut s, "p5>f12");
        // P5 is short: turning waits, refilling is offered.
        let t = sorted_texts(&g, &s);
        assert!(t.contains(&"refill".to_string()) && !t.contains(&"turn".to_string()));
        s.packets[0].clear();
        play(&g, &mut s, "refill");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "P1"), "9STSJS");
        assert_eq!(key_segment(&k, "P5"), "3D4DKS");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 52);
        play(&g, &mut s, "turn");
        assert!(g.key_text(&s).ends_with(" talon:AC"), "{}", g.key_text(&s));
    }

    #[test]
    fn options_are_refused_and_short_deals_too() {
        assert!(Clock::from_options(&[("x".into(), OptValue::Bool(true))]).is_err());
        assert!(Clock.start(cards("6C 7H 8S"), SplitMix64::new(0)).is_err());
    }

    #[test]
    fn seeds_are_decided_and_won_lines_replay() {
        let mut decided = 0;
        for seed in 1..6 {
            let s = deal(&Clock, seed);
            let o = solve_limited(&Clock, &s, 100_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&Clock, &s, &o.moves);
            }
            decided += usize::from(o.verdict != Verdict::Unknown);
        }
        assert!(decided >= 1, "{decided}");
    }

    #[test]
    fn move_ordering_agrees_with_plain_search() {
        let a = pruning_agrees(&Clock, 0..8, 300, 8, 5_000);
        assert!(a.won + a.lost >= 20, "{a:?}");
    }
}
