//! FORTRESS (`fortress`), from `rules/fortress.md` and `docs/notation/fortress.md`.
//!
//! # Layout and deal
//! The whole pack is dealt face up into two groups of five rows, L1..L5 on the left and
//! R1..R5 on the right, row height by row height across the table: five cards into L1,
//! five into R1, then L2, R2, L3, R3, L4, R4, and six each into L5 and R5. Each row is a
//! pile whose top is its outer card: a left row's first card dealt is its top, a right
//! row's last card dealt. Nothing plays during the deal.
//!
//! # Foundations
//! F1..F4, each started by an ace (to the lowest-numbered empty place), built up in suit
//! to the king. Cards never leave them.
//!
//! # The rows
//! One card moves at a time, the top of a row: to its foundation, onto the top of another
//! row of its suit one rank above or below (no wrap), or into an empty row (a lane).
//!
//! # Pack, talon and re-deals
//! None. There is no option.
//!
//! # End
//! Won with all 52 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Safe moves: every top card that fits its foundation ([`neighbours_only`]: building in
//!   suit by one in a one-pack game).
//! - Key symmetry: the ten rows are interchangeable (no rule tells them apart), so the key
//!   is their card sequences, sorted; the foundations are what the rows do not hold.
//! - One lane per card (lanes are alike), never the only card of a row into a lane.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{neighbours_only, sort_among, BitWriter, Build, Dir, Ladder, Ladders, Packed};
use crate::parts::{Dealer, SuitRule};

pub const SLUG: &str = "fortress";
const TITLE: &str = "Fortress";

/// FORTRESS has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
/// Rows L1..L5 then R1..R5 (0-based 0..4 and 5..9), the order of the key.
const ROWS: usize = 10;
/// Building on the rows: in suit, one rank up or down, no wrap; a lane takes any card.
const BUILD: Build = Build::new(Dir::Either, SuitRule::Same);
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
const _: () = assert!(neighbours_only(&BUILD));

/// Row `r`: `L1`..`L5`, `R1`..`R5`.
fn row(r: usize) -> Place {
    if r < 5 {
        Place::at("L", r)
    } else {
        Place::at("R", r - 5)
    }
}

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Fortress;

impl Fortress {
    /// Build from user options: FORTRESS has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Fortress)
    }
}

/// A position: the ten rows (bottom = inner card, top = outer card) and the foundations.
#[derive(Copy, Clone, Debug)]
pub struct State {
    rows: Packed<52, ROWS>,
    found: Ladders<4>,
}

/// One move: the top card of row `from` to its foundation `to`, or onto row `to`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Found { from: u8, to: u8 },
    Row { from: u8, to: u8 },
}

impl State {
    fn play_to_foundation(&mut self, r: usize, f: usize) {
        if let Some(c) = self.rows.pop(r) {
            FOUNDATIONS.put(&mut self.found, f, c);
        }
    }
}

impl Game for Fortress {
    type State = State;
    type Move = Move;
    type Key = [u64; 6];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(1), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 52 {
            return Err(EngineError::WrongCount {
                expected: 52,
                got: cards.len(),
            });
        }
        let mut s = State {
            rows: Packed::new(),
            found: Ladders::new(),
        };
        let mut d = Dealer::new(&cards);
        for height in 0..5 {
            let n = if height == 4 { 6 } else { 5 };
            // A left row's first card is its outer card (its top): push it last.
            for &c in d.take(n).iter().rev() {
                s.rows.push(height, c);
            }
            for &c in d.take(n) {
                s.rows.push(5 + height, c);
            }
        }
        Ok(s)
    }

    /// Per source row: its foundation move, then its row moves in row order.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.rows.tops();
        for (from, c) in tops.iter().enumerate() {
            let Some(c) = *c else { continue };
            if let Some(f) = FOUNDATIONS.first_dest(&s.found, c) {
                out.push(Move::Found {
                    from: from as u8,
                    to: f as u8,
                });
            }
            for (to, on) in tops.iter().enumerate() {
                let fits = on.map_or(BUILD.fits_space(c, false), |t| BUILD.fits(t, c));
                if to != from && fits {
                    out.push(Move::Row {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found { from, to } => s.play_to_foundation(from as usize, to as usize),
            Move::Row { from, to } => s.rows.move_top(from as usize, to as usize),
        }
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found { from, to } => move_text(row(from as usize), found(to as usize)),
            Move::Row { from, to } => move_text(row(from as usize), row(to as usize)),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for r in 0..ROWS {
            k.pile(row(r), s.rows.cards(r), 0);
        }
        for f in 0..4 {
            k.pile(found(f), &FOUNDATIONS.cards(&s.found, f), 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..4).map(|f| (found(f), s.found.top(f))));
        for r in 0..ROWS {
            p.pile(row(r), s.rows.cards(r), 0);
        }
        p.finish()
    }

    /// The rows' card sequences (6 bits a card: index + 1), each closed by a 0, in sorted
    /// order: at most 52 cards and 10 ends, 372 bits. The foundations hold exactly the
    /// cards the rows do not (and their places are interchangeable), so this is exact.
    fn key(&self, s: &State) -> [u64; 6] {
        let mut rows: [&[Card]; ROWS] = std::array::from_fn(|r| s.rows.cards(r));
        sort_among(&mut rows, |_| true);
        let mut w = BitWriter::<6>::new();
        for r in rows {
            for c in r {
                w.put(c.index() as u64 + 1, 6);
            }
            w.put(0, 6);
        }
        w.finish()
    }

    /// The first top card that fits its foundation: safe by [`neighbours_only`] (one
    /// pack, foundations up in suit from the ace, single cards, nothing compulsory).
    fn safe_move(&self, s: &State) -> Option<Move> {
        let tops = s.rows.tops();
        (0..ROWS).find_map(|r| {
            let f = FOUNDATIONS.first_dest(&s.found, tops[r]?)?;
            Some(Move::Found {
                from: r as u8,
                to: f as u8,
            })
        })
    }

    /// Row moves only (a foundation move is always a safe move, tried alone), one lane
    /// per card and none for a card alone in its row (lanes are alike, rows
    /// interchangeable). Order: moves that empty a row or uncover a card fitting a
    /// foundation, then other builds, then moves into the lane.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.rows.tops();
        let lane = tops.iter().position(Option::is_none);
        let (mut good, mut other, mut lanes) = (Vec::new(), Vec::new(), Vec::new());
        for from in 0..ROWS {
            let cards = s.rows.cards(from);
            let Some((&c, rest)) = cards.split_last() else {
                continue;
            };
            let frees = rest
                .last()
                .is_none_or(|&u| FOUNDATIONS.first_dest(&s.found, u).is_some());
            for (to, on) in tops.iter().enumerate() {
                let m = Move::Row {
                    from: from as u8,
                    to: to as u8,
                };
                match on {
                    Some(t) if to != from && BUILD.fits(*t, c) => {
                        if frees {
                            good.push(m)
                        } else {
                            other.push(m)
                        }
                    }
                    None if lane == Some(to) && !rest.is_empty() => lanes.push(m),
                    _ => {}
                }
            }
        }
        out.extend(good);
        out.extend(other);
        out.extend(lanes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, play, pruning_agrees, pruning_agrees_on,
        solve_limited, sorted_texts, unshuffled, walk, won_line,
    };

    /// A position from its rows (L1..L5, R1..R5, bottom to top) and foundations.
    fn position(rows: [&str; 10], found: [&str; 4]) -> State {
        let mut s = State {
            rows: Packed::new(),
            found: Ladders::new(),
        };
        for (r, t) in rows.iter().enumerate() {
            for c in cards(t) {
                s.rows.push(r, c);
            }
        }
        for (f, t) in found.iter().enumerate() {
            for c in cards(t) {
                FOUNDATIONS.put(&mut s.found, f, c);
            }
        }
        s
    }

    fn suit_to(suit: &str, top: usize) -> String {
        let r = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
        ];
        r[..top].iter().map(|r| format!("{r}{suit} ")).collect()
    }

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn options_none_and_unknown_rejected() {
        assert!(Fortress::from_options(&[]).is_ok());
        let opts = vec![("draw".to_string(), crate::game::OptValue::Int(1))];
        assert!(matches!(
            Fortress::from_options(&opts),
            Err(EngineError::UnknownOption { .. })
        ));
        assert!(Fortress.start(cards("AC 2C"), SplitMix64::new(0)).is_err());
    }

    #[test]
    fn the_deal_of_the_unshuffled_pack() {
        // The notation page's example: L1 holds cards 1-5 with card 1 (AC) on top, R1
        // cards 6-10 with card 10 (TC) on top, ..., L5 and R5 six cards each.
        let s = deal_cards(&Fortress, unshuffled(PackSpec::Standard(1)));
        assert_eq!(
            Fortress.key_text(&s),
            "L1:5C4C3C2CAC L2:2DADKCQCJC L3:QDJDTD9D8D L4:9H8H7H6H5H L5:7S6S5S4S3S2S \
             R1:6C7C8C9CTC R2:3D4D5D6D7D R3:KDAH2H3H4H R4:THJHQHKHAS R5:8S9STSJSQSKS \
             F1: F2: F3: F4:"
        );
    }

    #[test]
    fn first_moves_of_the_unshuffled_deal() {
        // Tops L1 AC, L2 JC, L3 8D, L4 5H, L5 2S, R1 TC, R2 7D, R3 4H, R4 AS, R5 KS:
        // the two aces to F1 (the lowest empty), and the pairs TC/JC, 7D/8D, 4H/5H,
        // AS/2S onto each other. KS has no partner (QS is covered).
        let mut s = deal_cards(&Fortress, unshuffled(PackSpec::Standard(1)));
        let want = [
            "l1>f1", "r4>f1", "r1>l2", "l2>r1", "r2>l3", "l3>r2", "r3>l4", "l4>r3", "r4>l5",
            "l5>r4",
        ];
        assert_eq!(sorted_texts(&Fortress, &s), sorted(&want));
        play(&Fortress, &mut s, "r4>f1");
        play(&Fortress, &mut s, "l1>f2");
        // AS on F1, AC on F2; 2C now tops L1 and fits F2; 2S fits F1.
        let key = Fortress.key_text(&s);
        assert!(key.starts_with("L1:5C4C3C2C L2:"), "{key}");
        assert!(key.contains("R4:THJHQHKH R5:"), "{key}");
        assert!(key.ends_with("F1:AS F2:AC F3: F4:"), "{key}");
        let t = sorted_texts(&Fortress, &s);
        assert!(t.contains(&"l1>f2".to_string()) && t.contains(&"l5>f1".to_string()));
        assert!(!t.contains(&"l1>f1".to_string()));
        play(&Fortress, &mut s, "l2>r1");
        assert!(Fortress.key_text(&s).contains("L2:2DADKCQC "));
        assert!(Fortress.key_text(&s).contains("R1:6C7C8C9CTCJC "));
    }

    #[test]
    fn lanes_take_any_top_card_and_a_lone_card_may_change_lanes() {
        // L1 5H alone, L3 KS QS; every other row empty. Hearts up to 4, spades to the
        // jack: 5H and QS go up; each may go into any of the eight lanes.
        let s = position(
            ["5H", "", "KS QS", "", "", "", "", "", "", ""],
            [
                &suit_to("C", 13),
                &suit_to("D", 13),
                &suit_to("H", 4),
                &suit_to("S", 11),
            ],
        );
        let t = sorted_texts(&Fortress, &s);
        assert_eq!(t.len(), 18, "{t:?}");
        for m in ["l1>f3", "l3>f4", "l1>l2", "l1>r5", "l3>l2", "l3>r1"] {
            assert!(t.contains(&m.to_string()), "{m} in {t:?}");
        }
        assert!(!t.contains(&"l3>l1".to_string()), "QS does not go on 5H");
        let mut u = s;
        play(&Fortress, &mut u, "l3>l2");
        assert!(Fortress.key_text(&u).starts_with("L1:5H L2:QS L3:KS L4:"));
        // The king may now go on the queen, and the queen back on the king.
        let t = sorted_texts(&Fortress, &u);
        assert!(t.contains(&"l3>l2".to_string()) && t.contains(&"l2>l3".to_string()));
    }

    #[test]
    fn building_either_way_in_suit_without_wrap() {
        let s = position(
            ["AH", "KH", "5D", "6D", "4D", "QH", "", "", "", ""],
            [&suit_to("C", 13), "", "", &suit_to("S", 13)],
        );
        let t = sorted_texts(&Fortress, &s);
        // AH to F2 (the lowest empty); no wrap between KH and AH; 5D, 6D, 4D: 5D onto
        // 6D or 4D, each of them onto 5D; KH and QH onto each other; lanes for all.
        for m in [
            "l1>f2", "l3>l4", "l3>l5", "l4>l3", "l5>l3", "l2>r1", "r1>l2",
        ] {
            assert!(t.contains(&m.to_string()), "{m} in {t:?}");
        }
        for m in ["l1>l2", "l2>l1", "l4>l5", "l5>l4", "l1>f1", "l1>f3"] {
            assert!(!t.contains(&m.to_string()), "{m} in {t:?}");
        }
    }

    /// Ten rows and no lane, no top fitting a foundation or another top: no move.
    fn stuck() -> State {
        position(
            [
                "AC KC", "2C JC", "4C 9C", "6C 7C", "8C 5C", "TC 3C", "QC 7D", "6D 9D", "8D JD",
                "TD QD KD",
            ],
            [&suit_to("D", 5), &suit_to("H", 13), &suit_to("S", 13), ""],
        )
    }

    #[test]
    fn a_position_without_moves_is_lost_and_a_full_one_won() {
        let s = stuck();
        assert!(sorted_texts(&Fortress, &s).is_empty());
        assert!(!Fortress.is_won(&s));
        assert_eq!(
            solve_limited(&Fortress, &s, 100, false).verdict,
            Verdict::Lost
        );
        let won = position(
            ["", "", "", "", "", "", "", "", "", ""],
            [
                &suit_to("C", 13),
                &suit_to("D", 13),
                &suit_to("H", 13),
                &suit_to("S", 13),
            ],
        );
        assert!(Fortress.is_won(&won));
    }

    #[test]
    fn a_run_turned_round_through_a_lane() {
        // Clubs left: L1 AC 2C 3C (3C on top), L2 4C; one lane needed: 3C into a lane,
        // 2C onto 3C, AC up, 2C up, 3C up, 4C up.
        let s = position(
            [
                "AC 2C 3C",
                "4C",
                "5C 6C 7C 8C 9C TC JC QC KC",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
            ],
            ["", &suit_to("D", 13), &suit_to("H", 13), &suit_to("S", 13)],
        );
        let o = solve_limited(&Fortress, &s, 10_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Fortress, &s, &o.moves);
    }

    #[test]
    fn keys_merge_rows_in_another_order_only() {
        let a = stuck();
        let mut rows = [
            "AC KC", "2C JC", "4C 9C", "6C 7C", "8C 5C", "TC 3C", "QC 7D", "6D 9D", "8D JD",
            "TD QD KD",
        ];
        rows.reverse();
        let f = [
            &suit_to("D", 5)[..],
            &suit_to("H", 13),
            &suit_to("S", 13),
            "",
        ];
        let b = position(rows, f);
        assert_eq!(Fortress.key(&a), Fortress.key(&b));
        rows.swap(0, 1);
        rows[0] = "KD QD TD";
        let c = position(rows, f);
        assert_ne!(Fortress.key(&a), Fortress.key(&c));
        let f2 = [
            &suit_to("H", 13)[..],
            &suit_to("D", 5),
            "",
            &suit_to("S", 13),
        ];
        assert_eq!(
            Fortress.key(&a),
            Fortress.key(&position(
                [
                    "AC KC", "2C JC", "4C 9C", "6C 7C", "8C 5C", "TC 3C", "QC 7D", "6D 9D",
                    "8D JD", "TD QD KD",
                ],
                f2,
            ))
        );
    }

    #[test]
    fn random_walks_keep_every_card() {
        for seed in 1..=10 {
            let s = deal(&Fortress, seed);
            walk(&Fortress, &s, 300, seed, |t| {
                let n: usize = (0..ROWS).map(|r| t.rows.len(r)).sum();
                assert_eq!(n + t.found.total(), 52);
                let mut legal = Vec::new();
                Fortress.moves(t, &mut legal);
                let mut sv = Vec::new();
                Fortress.solver_moves(t, &mut sv);
                assert!(sv.iter().all(|m| legal.contains(m)));
                if let Some(m) = Fortress.safe_move(t) {
                    assert!(legal.contains(&m));
                }
            });
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let mut a = pruning_agrees(&Fortress, 1..31, 200, 25, 3_000);
        for seed in 1..40 {
            let line = won_line(&Fortress, seed, 200_000);
            a += pruning_agrees_on(
                &Fortress,
                line.iter().rev().skip(2).step_by(4).take(8),
                3_000,
            );
        }
        assert!(a.won >= 20 && a.lost >= 20, "{a:?}");
    }
}
