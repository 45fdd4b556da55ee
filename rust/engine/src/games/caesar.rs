//! CÆSAR (`caesar`), from `rules/caesar.md` and `docs/notation/caesar.md`.
//!
//! Nine cards, one of each value ace..nine, in a square of three by three; the aim is to
//! exchange them until every row, column and diagonal adds up to fifteen. Suits never
//! matter.
//!
//! # Layout and deal
//! The shuffled pack is read from its first card: the first card met of each value ace,
//! 2, ..., 9 is taken (later cards of a taken value, tens and court cards are passed
//! over), and the k-th card taken goes to Pk: P1 P2 P3 the top row, P4 P5 P6 the middle
//! row, P7 P8 P9 the bottom row. The other 43 cards take no part.
//!
//! # Foundations
//! None.
//!
//! # Play
//! Every card is available and the square is always full. The only move exchanges the
//! cards of any two places (`swap:pI,pJ`, I < J): 36 moves in every unwon position.
//!
//! # Pack, talon and re-deals
//! None. There is no option.
//!
//! # End
//! Won when the eight lines (three rows, three columns, two diagonals) each add up to 15;
//! a deal that is already a magic square is won before any move. Never lost: a move is
//! always possible.
//!
//! # Solver
//! One macro move replaces the 36 exchanges: the fewest exchanges that lead to the nearest
//! of the eight magic squares (see [`Caesar::solver_moves`]).

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};

pub const SLUG: &str = "caesar";
const TITLE: &str = "Cæsar";

/// CÆSAR has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
/// The places of the square.
const N: usize = 9;
/// The eight lines of three places that must add up to 15 (0-based places).
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];
/// The eight magic squares (values by place): one square with its rotations and
/// reflections, 5 in the centre, evens in the corners, opposite places adding up to 10.
const MAGIC: [[u8; N]; 8] = [
    [2, 7, 6, 9, 5, 1, 4, 3, 8],
    [2, 9, 4, 7, 5, 3, 6, 1, 8],
    [4, 3, 8, 9, 5, 1, 2, 7, 6],
    [4, 9, 2, 3, 5, 7, 8, 1, 6],
    [6, 1, 8, 7, 5, 3, 2, 9, 4],
    [6, 7, 2, 1, 5, 9, 8, 3, 4],
    [8, 1, 6, 3, 5, 7, 4, 9, 2],
    [8, 3, 4, 1, 5, 9, 6, 7, 2],
];

fn place(i: usize) -> Place {
    Place::at("P", i)
}

/// The game (it has no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Caesar;

impl Caesar {
    /// Build from user options: CÆSAR has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Caesar)
    }
}

/// A position: the card of each place P1..P9.
#[derive(Copy, Clone, Debug)]
pub struct State {
    square: [Card; N],
}

impl State {
    fn value(&self, i: usize) -> u8 {
        self.square[i].rank()
    }
}

/// One move, or for the solver a macro move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// The cards of the two places (0-based, first < second) change places.
    Swap(u8, u8),
    /// Solver only: the fewest exchanges to magic square `MAGIC[i]`.
    Finish(u8),
}

/// The exchanges that turn `s` into the magic square `target`, fewest first: each place in
/// turn, from P1, takes the card its target value needs from the place holding it (always
/// a later place, the earlier ones being already right). Each exchange puts at least one
/// card in place and closes one cycle of the permutation, so there are exactly
/// 9 - (cycles) of them, the fewest possible.
fn exchanges(s: &State, target: &[u8; N], mut each: impl FnMut(usize, usize)) {
    let mut v: [u8; N] = std::array::from_fn(|i| s.value(i));
    for i in 0..N {
        if v[i] != target[i] {
            if let Some(j) = (i + 1..N).find(|&j| v[j] == target[i]) {
                v.swap(i, j);
                each(i, j);
            }
        }
    }
}

/// The number of exchanges [`exchanges`] makes.
fn distance(s: &State, target: &[u8; N]) -> usize {
    let mut n = 0;
    exchanges(s, target, |_, _| n += 1);
    n
}

impl Game for Caesar {
    type State = State;
    type Move = Move;
    type Key = u64;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(1), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut square = [Card::default(); N];
        let mut taken = 0usize;
        let mut seen = [false; N + 1];
        for c in cards {
            let r = usize::from(c.rank());
            if (1..=N).contains(&r) && !seen[r] && taken < N {
                seen[r] = true;
                square[taken] = c;
                taken += 1;
            }
        }
        if taken < N {
            return Err(EngineError::BadDeal(
                "the pack lacks a card of some value ace to nine".into(),
            ));
        }
        Ok(State { square })
    }

    fn moves(&self, _s: &State, out: &mut Vec<Move>) {
        for i in 0..N as u8 {
            for j in i + 1..N as u8 {
                out.push(Move::Swap(i, j));
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Swap(i, j) => s.square.swap(usize::from(i), usize::from(j)),
            Move::Finish(t) => {
                let target = MAGIC[usize::from(t) % MAGIC.len()];
                let mut v = Vec::new();
                exchanges(s, &target, |i, j| v.push((i, j)));
                for (i, j) in v {
                    s.square.swap(i, j);
                }
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        LINES
            .iter()
            .all(|l| l.iter().map(|&i| s.value(i)).sum::<u8>() == 15)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Swap(i, j) => format!(
                "swap:{},{}",
                place(usize::from(i)).move_label(),
                place(usize::from(j)).move_label()
            ),
            Move::Finish(t) => format!("finish:{t}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, &c) in s.square.iter().enumerate() {
            k.pile(place(i), &[c], 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        for row in s.square.chunks(3) {
            let cards: Vec<String> = row.iter().map(Card::to_string).collect();
            p.line(&cards.join(" "));
        }
        p.finish()
    }

    fn key(&self, s: &State) -> u64 {
        // Six bits for each place's card: exact.
        s.square
            .iter()
            .enumerate()
            .fold(0u64, |k, (i, c)| k | (c.index() as u64) << (6 * i))
    }

    /// One macro move to the nearest magic square (fewest exchanges, the first of the
    /// eight on a tie). Proof: the nine values are distinct, so the exchanges reach every
    /// arrangement, every position is won, and a won line exists from `s`. The macro's
    /// exchanges are legal one after another: an exchange is legal in every unwon position,
    /// and no position on the way is won, because a position k < d exchanges from `s`
    /// (d = the fewest to the nearest magic square) that were a magic square would be a
    /// magic square nearer than d. The last position is the magic square: won.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let best = (0..MAGIC.len()).min_by_key(|&t| distance(s, &MAGIC[t]));
        out.extend(best.map(|t| Move::Finish(t as u8)));
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Finish(t) = m else {
            return out.push(m);
        };
        exchanges(s, &MAGIC[usize::from(t) % MAGIC.len()], |i, j| {
            out.push(Move::Swap(i as u8, j as u8));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{cards, deal, deal_cards, play, pruning_agrees, solve_limited, texts};

    /// The pack: the cards `first`, then the rest of the unshuffled pack.
    fn pack_with(first: &str) -> Vec<Card> {
        let head = cards(first);
        let rest = crate::testing::unshuffled(PackSpec::Standard(1))
            .into_iter()
            .filter(|c| !head.contains(c));
        head.iter().copied().chain(rest).collect()
    }

    #[test]
    fn the_deal_takes_the_first_card_of_each_value() {
        let g = Caesar;
        // KS, TD, the second 4 and the second 9 are passed over.
        let s = deal_cards(&g, pack_with("KS 4C TD 9D 4H 2H 3S 9S 5C 7D 8H AS 6S"));
        assert_eq!(
            g.key_text(&s),
            "P1:4C P2:9D P3:2H P4:3S P5:5C P6:7D P7:8H P8:AS P9:6S"
        );
        // That is the magic square 4 9 2 / 3 5 7 / 8 1 6: won before any move.
        assert!(g.is_won(&s));
        assert_eq!(solve_limited(&g, &s, 10, false).verdict, Verdict::Won);
        assert_eq!(g.display(&s), "4C 9D 2H\n3S 5C 7D\n8H AS 6S\n");
    }

    #[test]
    fn every_pair_is_an_exchange() {
        let g = Caesar;
        let mut s = deal_cards(&g, pack_with("AC 2C 3C 4C 5C 6C 7C 8C 9C"));
        assert!(!g.is_won(&s));
        let t = texts(&g, &s);
        assert_eq!(t.len(), 36);
        assert_eq!(t[0], "swap:p1,p2");
        assert_eq!(t[8], "swap:p2,p3");
        assert_eq!(t[35], "swap:p8,p9");
        assert!(!t.contains(&"swap:p9,p4".to_string()));
        play(&g, &mut s, "swap:p4,p9");
        assert_eq!(
            g.key_text(&s),
            "P1:AC P2:2C P3:3C P4:9C P5:5C P6:6C P7:7C P8:8C P9:4C"
        );
    }

    #[test]
    fn one_exchange_from_the_magic_square() {
        // 4 9 2 / 3 5 7 / 8 1 6 with the 2 and the 6 exchanged: rows 13, 15, 19.
        let g = Caesar;
        let mut s = deal_cards(&g, pack_with("4C 9D 6S 3S 5C 7D 8H AS 2H"));
        assert!(!g.is_won(&s));
        let o = solve_limited(&g, &s, 100, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_eq!(o.moves, [Move::Swap(2, 8)]);
        play(&g, &mut s, "swap:p3,p9");
        assert!(g.is_won(&s));
    }

    #[test]
    fn the_solver_uses_the_fewest_exchanges() {
        // 1..9 in order: 1 2 3 / 4 5 6 / 7 8 9. Against 2 7 6 / 9 5 1 / 4 3 8 the place
        // taking value v from place v gives one cycle of eight places (and P5): 7
        // exchanges. Against 2 9 4 / 7 5 3 / 6 1 8 two cycles of four: 6 exchanges, the
        // fewest of the eight squares (the others give 7 or 6 likewise, worked by hand).
        let g = Caesar;
        let s = deal_cards(&g, pack_with("AC 2C 3C 4C 5C 6C 7C 8C 9C"));
        let d: Vec<usize> = MAGIC.iter().map(|t| distance(&s, t)).collect();
        assert_eq!(d, [7, 6, 6, 7, 7, 6, 6, 7]);
        let o = solve_limited(&g, &s, 100, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_eq!(o.moves.len(), 6);
        crate::testing::assert_replays(&g, &s, &o.moves);
    }

    #[test]
    fn the_eight_squares_are_won_and_distinct() {
        let g = Caesar;
        let suits = ["C", "D", "H", "S"];
        for (n, t) in MAGIC.iter().enumerate() {
            let first: Vec<String> = t
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    format!(
                        "{}{}",
                        "A23456789".as_bytes()[usize::from(v) - 1] as char,
                        suits[i % 4]
                    )
                })
                .collect();
            let s = deal_cards(&g, pack_with(&first.join(" ")));
            assert!(g.is_won(&s), "square {n}");
            assert!(MAGIC[..n].iter().all(|u| u != t));
        }
    }

    #[test]
    fn deals_are_won() {
        let g = Caesar;
        for seed in 1..20 {
            let s = deal(&g, seed);
            let o = solve_limited(&g, &s, 100, false);
            assert_eq!(o.verdict, Verdict::Won, "seed {seed}");
            assert!(o.moves.len() <= 8);
            crate::testing::assert_replays(&g, &s, &o.moves);
        }
    }

    #[test]
    fn no_option() {
        let opt = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(Caesar::from_options(&opt).is_err());
        assert!(Caesar::from_options(&[]).is_ok());
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = Caesar;
        let a = pruning_agrees(&g, 0..6, 30, 6, 200_000);
        assert!(a.won >= 20, "{a:?}");
    }
}
