//! THE OLGA (`olga`).
//!
//! The starting point `tools/scaffold.py` copies for a new game. It is a real (tiny) game
//! so that it compiles and its tests run: rewrite every section from the new game's rule
//! text (`python/patience/rules/<slug>.md`) and notation page (`docs/notation/<slug>.md`),
//! composing it from `crate::parts` (CONTRIBUTING.md, "Adding a game").
//!
//! # Layout and deal
//! No layout: the whole shuffled pack is the pack, its first card on top.
//!
//! # Foundations
//! F1..F4, each started by an ace (to the lowest-numbered empty place), built up in suit.
//!
//! # Pack, talon and re-deals
//! `turn` turns one card onto the talon; `passes` passes through the pack (1 by default),
//! each `redeal` turning the talon over as it lies.
//!
//! # End
//! Won with every card on the foundations.
//!
//! # Solver
//! Talon plays are the stock macro ([`Stock::reachable_tops`]).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{Ladder, Ladders, Stock, StockRule};

pub const SLUG: &str = "olga";

const OPTIONS: &[Opt] = &[Opt::int(
    "passes",
    (1, 100),
    false,
    1,
    "passes through the pack",
)];
const FOUNDATIONS: Ladder = Ladder::ACE_UP;

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game with its options.
#[derive(Clone, Debug, Default)]
pub struct Olga {
    pub stock: StockRule,
}

impl Olga {
    /// Build from user options (names and values checked).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        let p = Parsed::new(SLUG, OPTIONS, opts)?;
        let passes = p.int("passes").map(|n| n as u32);
        Ok(Olga {
            stock: StockRule {
                passes,
                ..StockRule::ONE_PASS
            },
        })
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    found: Ladders<4>,
    stock: Stock<52>,
}

/// One move (or, for the solver, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Turn,
    Redeal,
    TalonFound,
    /// Solver only: `steps` stock steps, then the talon top to its foundation.
    Stock(u8),
}

impl Game for Olga {
    type State = State;
    type Move = Move;
    type Key = [u64; 2];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Olga",
            pack: PackSpec::Standard(1),
            options: infos(OPTIONS),
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        Ok(State {
            found: Ladders::new(),
            stock: Stock::new(&cards),
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.stock
            .talon_top()
            .is_some_and(|c| FOUNDATIONS.first_dest(&s.found, c).is_some())
        {
            out.push(Move::TalonFound);
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
        if s.stock.can_redeal(&self.stock) {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Turn => _ = s.stock.turn(&self.stock),
            Move::Redeal => s.stock.turn_over(),
            Move::TalonFound => {
                let c = s.stock.take_talon().unwrap_or_default();
                if let Some(p) = FOUNDATIONS.first_dest(&s.found, c) {
                    FOUNDATIONS.put(&mut s.found, p, c);
                }
            }
            Move::Stock(steps) => {
                s.stock.macro_steps(&self.stock, steps);
                self.play(s, Move::TalonFound);
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, s: &State, m: Move) -> String {
        match m {
            Move::Turn => "turn".into(),
            Move::Redeal => "redeal".into(),
            Move::TalonFound => {
                let c = s.stock.talon_top().unwrap_or_default();
                move_text(
                    Place::named("talon"),
                    found(FOUNDATIONS.first_dest(&s.found, c).unwrap_or(0)),
                )
            }
            Move::Stock(steps) => format!("stock:{steps}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for p in 0..4 {
            k.pile(found(p), &FOUNDATIONS.cards(&s.found, p), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0);
        k.field("pass", s.stock.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..4).map(|i| (found(i), s.found.top(i))));
        p.stock(&s.stock, self.stock.passes);
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 2] {
        // Foundations by suit (the places are interchangeable), the stock's cards left and
        // its cursor, the pass: exact for one deal.
        let mut h = 0u64;
        for suit in 0..4 {
            h |= u64::from(s.found.suit_count(suit)) << (4 * suit);
        }
        let (present, cursor) = s.stock.key_bits();
        [
            present as u64,
            h | u64::from(cursor) << 16 | u64::from(s.stock.pass) << 24,
        ]
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        s.stock.reachable_tops(&self.stock, |c, steps| {
            if FOUNDATIONS.first_dest(&s.found, c).is_some() {
                out.push(Move::Stock(steps));
            }
        });
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Stock(steps) = m else {
            return out.push(m);
        };
        let mut t = *s;
        t.stock
            .expand_macro(&self.stock, steps, Move::Turn, Move::Redeal, out);
        out.push(Move::TalonFound);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{cards, deal, deal_cards, play, pruning_agrees, solve_limited, texts};

    #[test]
    fn the_unshuffled_pack_is_won_by_turning() {
        let g = Olga::default();
        let mut s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(1)));
        assert_eq!(texts(&g, &s), ["turn"]);
        play(&g, &mut s, "turn");
        assert_eq!(texts(&g, &s), ["talon>f1", "turn"]);
        let o = solve_limited(&g, &s, 1000, false);
        assert_eq!(o.verdict, Verdict::Won);
    }

    #[test]
    fn clubs_under_their_ace_need_a_second_pass() {
        // 2C and 3C under the ace: the clubs wait for a second pass.
        let mut pack = cards("2C 3C AC");
        pack.extend(
            crate::testing::unshuffled(PackSpec::Standard(1))
                .into_iter()
                .filter(|c| !["AC", "2C", "3C"].contains(&c.to_string().as_str())),
        );
        let one = Olga::default();
        let s = deal_cards(&one, pack.clone());
        assert_eq!(
            solve_limited(&one, &s, 10_000, false).verdict,
            Verdict::Lost
        );
        let passes = [("passes".into(), crate::game::OptValue::Int(2))];
        let two = Olga::from_options(&passes).unwrap();
        let s = deal_cards(&two, pack);
        assert_eq!(solve_limited(&two, &s, 10_000, false).verdict, Verdict::Won);
    }

    /// Key and move texts, byte for byte. `tests/test_scaffold.py` expects the same
    /// strings of this game's Python reference engine: keep the two in step.
    #[test]
    fn key_texts() {
        let g = Olga::default();
        let mut s = deal_cards(&g, crate::testing::unshuffled(PackSpec::Standard(1)));
        let pack = "ksqsjsts9s8s7s6s5s4s3s2saskhqhjhth9h8h7h6h5h4h3h2hah\
                    kdqdjdtd9d8d7d6d5d4d3d2dadkcqcjctc9c8c7c6c5c4c3c2c";
        assert_eq!(
            g.key_text(&s),
            format!("F1: F2: F3: F4: pack:{pack}ac talon: pass:1")
        );
        play(&g, &mut s, "turn");
        assert_eq!(
            g.key_text(&s),
            format!("F1: F2: F3: F4: pack:{pack} talon:AC pass:1")
        );
        play(&g, &mut s, "talon>f1");
        assert_eq!(
            g.key_text(&s),
            format!("F1:AC F2: F3: F4: pack:{pack} talon: pass:1")
        );
        assert_eq!(
            g.key_text(&deal(&g, 1)),
            "F1: F2: F3: F4: pack:4hkhts9djsth2sjdkc9h4dqd6d8d3s7c6s3h8sks3c6h2d4c9c2cad5dah\
             tdkd5s8c2h5ctcasqc7h3djc7d5h6cjhqs8hac4sqh7s9s talon: pass:1"
        );
        // Clubs 2C 3C under their ace, two passes: after the first pass, and the re-deal.
        let mut pack = cards("2C 3C AC");
        pack.extend(
            crate::testing::unshuffled(PackSpec::Standard(1))
                .into_iter()
                .filter(|c| !["AC", "2C", "3C"].contains(&c.to_string().as_str())),
        );
        let passes = [("passes".into(), crate::game::OptValue::Int(2))];
        let two = Olga::from_options(&passes).unwrap();
        let mut s = deal_cards(&two, pack);
        loop {
            let t = texts(&two, &s);
            let up = t.iter().find(|m| m.starts_with("talon>"));
            match up.or(t.first()) {
                Some(m) if m != "redeal" => play(&two, &mut s, m),
                _ => break,
            }
        }
        let rest = "F2:AD2D3D4D5D6D7D8D9DTDJDQDKD F3:AH2H3H4H5H6H7H8H9HTHJHQHKH \
                    F4:AS2S3S4S5S6S7S8S9STSJSQSKS";
        assert_eq!(
            two.key_text(&s),
            format!("F1:AC {rest} pack: talon:2C3C4C5C6C7C8C9CTCJCQCKC pass:1")
        );
        assert_eq!(texts(&two, &s), ["redeal"]);
        play(&two, &mut s, "redeal");
        assert_eq!(
            two.key_text(&s),
            format!("F1:AC {rest} pack:kcqcjctc9c8c7c6c5c4c3c2c talon: pass:2")
        );
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = Olga::default();
        let a = pruning_agrees(&g, 0..40, 40, 5, 20_000);
        assert!(a.lost >= 100, "{a:?}");
    }
}
