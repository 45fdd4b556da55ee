//! THE WHEEL (`wheel`).
//!
//! Rule text: `python/patience/rules/wheel.md`; text forms: `docs/notation/wheel.md`.
//!
//! # Layout and deal
//! Two packs. The eight aces are taken out (the cross; they never play). Of the other 96,
//! the first twelve go face up to the cushion P1..P12, the other 84 are the pack, card 13
//! on top. The circle holds the finished packets and is only counted.
//!
//! # The packets
//! A combination takes the top cards of four different places: three pip cards (2..10) of
//! three different ranks adding up to 18, and a court card (J, Q, K), into the circle.
//!
//! # The cushion
//! Only a place's top card is available; cards never move between places.
//!
//! # Spaces and later deals
//! In the first deal, the places a combination empties take the pack's next card at once,
//! in increasing place order. `deal` (no combination possible, pack not empty) puts one
//! card on each of P1..P12 in turn while the pack lasts; after it, nothing is refilled.
//!
//! # End
//! Won with 24 packets (all 96 cards) in the circle; lost when no move is left.
//!
//! # Solver
//! The plain moves with an exact byte key, and one dead-position test: the pip cards
//! left must split into triples worth 18 (proof at [`State::is_dead`]).

use crate::card::{Card, ACE, JACK};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{ByteKey, Pile, Stock};

pub const SLUG: &str = "wheel";
const TITLE: &str = "The Wheel";
const OPTIONS: &[Opt] = &[];

const PLACES: usize = 12;
/// The highest a place can grow: its first card, then one card from each later deal
/// (84 pack cards are at most 7 deals of twelve); a refill only goes on an empty place.
const HEIGHT: usize = 8;
const PACKETS: u8 = 24;
/// The triples of three different pip ranks worth 18, each in increasing order.
const TRIPLES: [[u8; 3]; 8] = [
    [2, 6, 10],
    [2, 7, 9],
    [3, 5, 10],
    [3, 6, 9],
    [3, 7, 8],
    [4, 5, 9],
    [4, 6, 8],
    [5, 6, 7],
];

/// Can the pip counts `n` (by rank) be split wholly into [`TRIPLES`]? A split is a count
/// of each triple, so the triples are taken in [`TRIPLES`] order (grouped by lowest rank),
/// each some number of times: when the last triple whose lowest rank is `r` is reached,
/// the cards of rank `r` left can go to no later triple (none holds `r`), so it must take
/// them all. Every count vector is tried that way, each once, not every order of the
/// same triples: at most 9 x 45 x 9 choices for two packs, where trying triples one at a
/// time explored every order of a failing split.
fn splits(n: &mut [u8; 11]) -> bool {
    fill(n, 0)
}

fn fill(n: &mut [u8; 11], i: usize) -> bool {
    let Some(t) = TRIPLES.get(i) else {
        return n.iter().all(|&k| k == 0);
    };
    let low = t[0] as usize;
    if n[..low].iter().any(|&k| k > 0) {
        return false;
    }
    let most = t.iter().map(|&r| n[r as usize]).min().unwrap_or(0);
    let last_of_low = TRIPLES.get(i + 1).is_none_or(|u| u[0] != t[0]);
    let fewest = if last_of_low { n[low] } else { 0 };
    for k in fewest..=most {
        t.iter().for_each(|&r| n[r as usize] -= k);
        let ok = fill(n, i + 1);
        t.iter().for_each(|&r| n[r as usize] += k);
        if ok {
            return true;
        }
    }
    false
}

fn place(i: usize) -> Place {
    Place::at("P", i)
}

fn is_pip(c: Card) -> bool {
    (2..=10).contains(&c.rank())
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct Wheel;

impl Wheel {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Wheel)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    cushion: [Pile<HEIGHT>; PLACES],
    /// The pack, dealt only from its top.
    stock: Stock<84>,
    /// Packets in the circle.
    circle: u8,
    /// Deals of the cushion so far, the first included.
    deals: u8,
}

impl State {
    /// Every combination, in order of its places: pip places `a < b < c`, court place `d`.
    fn combinations(&self, mut f: impl FnMut(Move)) {
        let tops: [Option<Card>; PLACES] = std::array::from_fn(|i| self.cushion[i].top());
        let pip = |i: usize| tops[i].filter(|&c| is_pip(c)).map(Card::rank);
        for a in 0..PLACES {
            let Some(ra) = pip(a) else { continue };
            for b in a + 1..PLACES {
                let Some(rb) = pip(b) else { continue };
                if rb == ra || ra + rb >= 18 {
                    continue;
                }
                for c in b + 1..PLACES {
                    let Some(rc) = pip(c) else { continue };
                    if rc == ra || rc == rb || ra + rb + rc != 18 {
                        continue;
                    }
                    for (d, top) in tops.iter().enumerate() {
                        let court = top.is_some_and(|t| t.rank() >= JACK);
                        if court && d != a && d != b && d != c {
                            f(Move::Combine([a as u8, b as u8, c as u8, d as u8]));
                        }
                    }
                }
            }
        }
    }
    /// True when the pip cards left (cushion and pack) cannot be split into triples worth
    /// 18 of three different ranks.
    ///
    /// Proof: a win puts every card into packets, and each packet takes three pip cards
    /// forming one of [`TRIPLES`] (three different ranks adding up to 18: the list is every
    /// such set of ranks 2..10). So the packets a win still makes split the pip cards left
    /// into such triples; if no split exists, no line from here wins. [`splits`] tries
    /// every split, as a count of each triple (its doc says why none is missed).
    fn is_dead(&self) -> bool {
        let mut n = [0u8; 11];
        let cards = self.cushion.iter().flat_map(|p| p.cards().iter().copied());
        for c in cards.chain(self.stock.left()).filter(|&c| is_pip(c)) {
            n[c.rank() as usize] += 1;
        }
        !splits(&mut n)
    }
    fn any_combination(&self) -> bool {
        let mut any = false;
        self.combinations(|_| any = true);
        any
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// The pip places (increasing) and the court place, 0-based.
    Combine([u8; 4]),
    Deal,
}

impl Game for Wheel {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let rest: Vec<Card> = cards.into_iter().filter(|c| c.rank() != ACE).collect();
        if rest.len() != 96 {
            return Err(EngineError::BadDeal("the deal lacks the eight aces".into()));
        }
        let mut cushion = [Pile::new(); PLACES];
        for (p, &c) in cushion.iter_mut().zip(&rest) {
            p.push(c);
        }
        Ok(State {
            cushion,
            stock: Stock::new(&rest[PLACES..]),
            circle: 0,
            deals: 1,
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        s.combinations(|m| out.push(m));
        if s.stock.pack_len() > 0 && !s.any_combination() {
            out.push(Move::Deal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Combine(ps) => {
                for &p in &ps {
                    s.cushion[p as usize].pop();
                }
                s.circle += 1;
                if s.deals == 1 {
                    let mut sorted = ps;
                    sorted.sort_unstable();
                    for p in sorted {
                        let pile = &mut s.cushion[p as usize];
                        if pile.is_empty() {
                            if let Some(c) = s.stock.take_pack() {
                                pile.push(c);
                            }
                        }
                    }
                }
            }
            Move::Deal => {
                for pile in &mut s.cushion {
                    match s.stock.take_pack() {
                        Some(c) if pile.len() < HEIGHT => pile.push(c),
                        _ => break,
                    }
                }
                s.deals += 1;
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.circle == PACKETS
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Combine(ps) => ps
                .iter()
                .map(|&p| place(p as usize).move_label())
                .collect::<Vec<_>>()
                .join("+"),
            Move::Deal => "deal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, p) in s.cushion.iter().enumerate() {
            k.pile(place(i), p.cards(), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .field("circle", s.circle)
            .field("deal", s.deals);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        for (i, pile) in s.cushion.iter().enumerate() {
            p.pile(place(i), pile.cards(), 0);
        }
        p.line(&format!(
            "Pack: {} cards   Circle: {} of {PACKETS}   Deal {}",
            s.stock.pack_len(),
            s.circle,
            s.deals
        ));
        p.finish()
    }

    /// Exact: the places, the pack's length (the pack is only ever taken from its top, so
    /// its length gives its cards), the circle and the deal count.
    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        for p in &s.cushion {
            k.pile(p.cards(), 0);
        }
        k.num(s.stock.pack_len() as u8);
        k.num(s.circle);
        k.num(s.deals);
        k.finish()
    }

    /// No moves for a dead position ([`State::is_dead`]), else the legal moves.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if !s.is_dead() {
            self.moves(s, out);
        }
    }
}

#[cfg(test)]
mod tests {

    /// The first form of the split test: one triple at a time, lowest rank first. Slow on
    /// counts with no split, but plainly every split; the oracle for [`splits`].
    fn splits_one_at_a_time(n: &mut [u8; 11]) -> bool {
        let Some(low) = (2..=10).find(|&r| n[r] > 0) else {
            return true;
        };
        for t in TRIPLES.iter().filter(|t| t[0] as usize == low) {
            if t.iter().all(|&r| n[r as usize] > 0) {
                t.iter().for_each(|&r| n[r as usize] -= 1);
                let ok = splits_one_at_a_time(n);
                t.iter().for_each(|&r| n[r as usize] += 1);
                if ok {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn splits_agrees_with_one_triple_at_a_time() {
        let mut rng = crate::pack::SplitMix64::new(18);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let mut n = [0u8; 11];
            for k in n.iter_mut().skip(2) {
                *k = (rng.next_u64() % 4) as u8;
            }
            let want = splits_one_at_a_time(&mut n.clone());
            assert_eq!(splits(&mut n.clone()), want, "{n:?}");
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 20 && no > 20, "{yes} {no}");
        // Hand-worked: 2 6 10 and 2 7 9; without the 10, no split.
        let mut two = [0, 0, 2, 0, 0, 0, 1, 1, 0, 1, 1];
        assert!(splits(&mut two));
        let mut short = [0, 0, 2, 0, 0, 0, 1, 1, 0, 1, 0];
        assert!(!splits(&mut short));
        assert!(splits(&mut [0; 11]));
    }

    #[test]
    fn splits_answers_a_full_two_pack_count_with_no_split() {
        // Eight of every pip rank but one 5 fewer: 71 cards, not a multiple of three, so no
        // split; the one-at-a-time search took minutes on counts like this.
        let mut n = [0, 0, 8, 8, 8, 7, 8, 8, 8, 8, 8];
        assert!(!splits(&mut n));
        // Two packs' pips: four each of 2 6 10, 2 7 9, 3 5 10, 3 7 8, 4 5 9 and 4 6 8
        // (worked by hand from the nine rank equations).
        let mut full = [0, 0, 8, 8, 8, 8, 8, 8, 8, 8, 8];
        assert!(splits(&mut full));
    }
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal_cards, key_segment, play, solve_limited, sorted_texts,
        unshuffled,
    };

    fn unshuffled_start() -> State {
        deal_cards(&Wheel, unshuffled(PackSpec::Standard(2)))
    }

    /// A position with these places (bottom to top, by place), the pack empty.
    fn with_places(places: &[&str], circle: u8, deals: u8) -> State {
        let mut s = unshuffled_start();
        s.stock = Stock::new(&[]);
        s.cushion = [Pile::new(); PLACES];
        for (p, text) in s.cushion.iter_mut().zip(places) {
            *p = Pile::of(&cards(text), 0);
        }
        s.circle = circle;
        s.deals = deals;
        s
    }

    #[test]
    fn the_deal_sets_the_aces_aside_and_fills_the_cushion() {
        let mut s = unshuffled_start();
        let k = Wheel.key_text(&s);
        assert!(
            k.starts_with(
                "P1:2C P2:3C P3:4C P4:5C P5:6C P6:7C P7:8C P8:9C P9:TC P10:JC P11:QC P12:KC \
                 pack:ksqs"
            ),
            "{k}"
        );
        assert!(k.ends_with("4d3d2d circle:0 deal:1"), "{k}");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 84);
        // Ranks 2..10 on P1..P9: all eight triples, each with the court of P10, P11, P12.
        let t = sorted_texts(&Wheel, &s);
        assert_eq!(t.len(), 24, "{t:?}");
        assert!(t.contains(&"p1+p5+p9+p10".to_string()));
        assert!(t.contains(&"p4+p5+p6+p12".to_string()));
        assert!(!t.contains(&"deal".to_string()));
        play(&Wheel, &mut s, "p1+p5+p9+p11");
        // The emptied places take 2D, 3D, 4D, 5D in increasing order.
        let k = Wheel.key_text(&s);
        for (p, c) in [("P1", "2D"), ("P5", "3D"), ("P9", "4D"), ("P11", "5D")] {
            assert_eq!(key_segment(&k, p), c, "{k}");
        }
        assert!(k.ends_with("6d circle:1 deal:1"), "{k}");
    }

    #[test]
    fn a_deal_only_when_nothing_combines_and_no_refill_after_it() {
        let mut s = with_places(&["2C", "3C", "KC", "4C"], 0, 1);
        s.stock = Stock::new(&cards("6C TC 7D"));
        // 2, 3, 4: no triple; the deal is the only move.
        assert_eq!(sorted_texts(&Wheel, &s), ["deal"]);
        play(&Wheel, &mut s, "deal");
        let k = Wheel.key_text(&s);
        assert!(k.starts_with("P1:2C6C P2:3CTC P3:KC7D P4:4C P5: "), "{k}");
        assert!(k.ends_with("pack: circle:0 deal:2"), "{k}");
        // 6, 10, 7 and 4 on top (the 2 under the 6): no triple, and the pack is out.
        assert_eq!(sorted_texts(&Wheel, &s), Vec::<String>::new());
        // Courts never count; three different ranks; the court from a fourth place.
        let mut t = with_places(&["6C", "6D", "6H", "QS", "2C", "TC", "JH"], 0, 2);
        assert_eq!(
            sorted_texts(&Wheel, &t),
            [
                "p1+p5+p6+p4",
                "p1+p5+p6+p7",
                "p2+p5+p6+p4",
                "p2+p5+p6+p7",
                "p3+p5+p6+p4",
                "p3+p5+p6+p7"
            ]
        );
        play(&Wheel, &mut t, "p2+p5+p6+p7");
        let k = Wheel.key_text(&t);
        assert!(
            k.starts_with("P1:6C P2: P3:6H P4:QS P5: P6: P7: P8:"),
            "{k}"
        );
        assert!(k.ends_with("pack: circle:1 deal:2"), "{k}");
    }

    #[test]
    fn pips_that_cannot_make_triples_are_dead() {
        assert!(!unshuffled_start().is_dead());
        // 2, 6, 10 and 2, 7, 9 split; 2, 2, 7, 9, 6, 6 do not (two 2s need a 10 or 9).
        let live = with_places(&["2C", "6C", "TC", "2D", "7D", "9D", "KC", "QC"], 22, 2);
        assert!(!live.is_dead());
        let dead = with_places(&["2C", "6C", "6H", "2D", "7D", "9D", "KC", "QC"], 22, 2);
        assert!(dead.is_dead());
        let o = solve_limited(&Wheel, &dead, 1_000, false);
        assert_eq!((o.verdict, o.states), (Verdict::Lost, 1));
        // The plain search finds the same after trying the one combination.
        let o = solve_limited(&Wheel, &dead, 1_000, true);
        assert_eq!(o.verdict, Verdict::Lost);
    }

    #[test]
    fn a_won_line_replays() {
        // The last two packets: 2-6-10 and 3-7-8, a court under each of the 7 and the 8.
        let s = with_places(&["2C", "6C", "TC", "KC", "JD 3D", "QH 7D", "KS 8D"], 22, 3);
        let o = solve_limited(&Wheel, &s, 1_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&Wheel, &s, &o.moves);
        assert_eq!(Wheel.move_text(&s, o.moves[0]), "p5+p6+p7+p4");
        // KC on the other triple first leaves the courts buried under 3, 7, 8.
        let mut t = s;
        play(&Wheel, &mut t, "p1+p2+p3+p4");
        assert_eq!(sorted_texts(&Wheel, &t), Vec::<String>::new());
        assert!(!Wheel.is_won(&t));
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        // The last positions of random walks (where the pips left may no longer split),
        // and a won ending.
        let mut late = vec![with_places(
            &["2C", "6C", "TC", "KC", "JD 3D", "QH 7D", "KS 8D"],
            22,
            3,
        )];
        for seed in 1..50 {
            let start = crate::testing::deal(&Wheel, seed);
            let line = crate::testing::walk(&Wheel, &start, 200, seed, |_| {});
            late.extend(line.into_iter().rev().take(6));
        }
        let dead = late.iter().filter(|s| s.is_dead()).count();
        assert!(dead >= 10, "dead in {dead} positions");
        let a = crate::testing::pruning_agrees_on(&Wheel, &late, 1_000);
        assert!(a.lost + a.won >= 150 && a.won >= 1, "{a:?}");
    }
}
