//! THE FLOWER-GARDEN (`flower-garden`), from `rules/flower-garden.md` and
//! `docs/notation/flower-garden.md`.
//!
//! # Layout and deal
//! The garden: six packets G1..G6 of six cards, dealt together (G1 cards 1-6, the first
//! at the bottom, ..., G6 cards 31-36). The bouquet: cards 37-52 face up in places
//! Q1..Q16, every one free, a place once emptied staying empty. Nothing plays during the
//! deal.
//!
//! # Foundations
//! F1..F4, each started by an ace (to the lowest-numbered empty place), built up in suit
//! to the king. Cards never leave them.
//!
//! # The garden
//! The free cards are the bouquet's and each packet's top. One card moves at a time: to
//! its foundation, onto a packet's top one rank higher (any suit), or into an empty
//! packet. Nothing goes back to the bouquet.
//!
//! # Pack, talon and re-deals
//! None. There is no option.
//!
//! # End
//! Won with all 52 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Safe moves ([`safe_by_mask`]): an ace; a two; any card all four of whose rank below
//!   are up (see [`FlowerGarden::safe_move`]).
//! - Key symmetry: the packets are interchangeable (sorted in the key); the bouquet is
//!   what neither the packets nor the foundations hold; foundations by suit.
//! - One lane per card, never the only card of a packet into a lane.

use crate::card::{Card, ACE};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{safe_by_mask, sort_among, up_to_heights, BitWriter, Build, Dir, Ladder};
use crate::parts::{Ladders, Packed, Reserve, SuitRule};

pub const SLUG: &str = "flower-garden";
const TITLE: &str = "The Flower-Garden";

/// THE FLOWER-GARDEN has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
const PACKETS: usize = 6;
const BOUQUET: usize = 16;
/// Building in the garden: down by one, suit ignored; an empty packet takes any card.
const BUILD: Build = Build::new(Dir::Down, SuitRule::Any);
const FITS: [u64; 52] = BUILD.fits_table();
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
/// The four aces as [`Card::index`] bits.
const ACES: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

fn packet(p: usize) -> Place {
    Place::at("G", p)
}

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct FlowerGarden;

impl FlowerGarden {
    /// Build from user options: THE FLOWER-GARDEN has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(FlowerGarden)
    }
}

/// A position: packets (bottom to top), bouquet places, foundations.
#[derive(Copy, Clone, Debug)]
pub struct State {
    garden: Packed<52, PACKETS>,
    bouquet: Reserve<BOUQUET>,
    found: Ladders<4>,
}

/// Where a free card comes from: packet `0..6` or bouquet place `6..22`.
type Src = u8;

/// One move: the free card of `from` to foundation `to`, or onto packet `to`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Found { from: Src, to: u8 },
    Packet { from: Src, to: u8 },
}

fn src_place(from: Src) -> Place {
    let i = from as usize;
    if i < PACKETS {
        packet(i)
    } else {
        Place::at("Q", i - PACKETS)
    }
}

impl State {
    /// Every free card with its source, packets first.
    fn free(&self) -> impl Iterator<Item = (Src, Card)> + '_ {
        let tops = self.garden.tops();
        let g = (0..PACKETS).filter_map(move |p| tops[p].map(|c| (p as Src, c)));
        g.chain(self.bouquet.iter().map(|(i, c)| ((PACKETS + i) as Src, c)))
    }

    fn take(&mut self, from: Src) -> Option<Card> {
        let i = from as usize;
        if i < PACKETS {
            self.garden.pop(i)
        } else {
            self.bouquet.take(i - PACKETS)
        }
    }
}

impl Game for FlowerGarden {
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
        let mut garden = Packed::new();
        for (i, &c) in cards[..36].iter().enumerate() {
            garden.push(i / 6, c);
        }
        Ok(State {
            garden,
            bouquet: Reserve::of(&cards[36..]),
            found: Ladders::new(),
        })
    }

    /// Per free card (packets G1..G6, then Q1..Q16): its foundation move, then its packet
    /// moves in packet order.
    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.garden.tops();
        for (from, c) in s.free() {
            if let Some(f) = FOUNDATIONS.first_dest(&s.found, c) {
                out.push(Move::Found { from, to: f as u8 });
            }
            for (to, on) in tops.iter().enumerate() {
                let fits = on.map_or(BUILD.fits_space(c, false), |t| BUILD.fits(t, c));
                if to != from as usize && fits {
                    out.push(Move::Packet { from, to: to as u8 });
                }
            }
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Found { from, to } => {
                if let Some(c) = s.take(from) {
                    FOUNDATIONS.put(&mut s.found, to as usize, c);
                }
            }
            Move::Packet { from, to } if (from as usize) < PACKETS => {
                s.garden.move_top(from as usize, to as usize)
            }
            Move::Packet { from, to } => {
                if let Some(c) = s.take(from) {
                    s.garden.push(to as usize, c);
                }
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        match m {
            Move::Found { from, to } => move_text(src_place(from), found(to as usize)),
            Move::Packet { from, to } => move_text(src_place(from), packet(to as usize)),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for p in 0..PACKETS {
            k.pile(packet(p), s.garden.cards(p), 0);
        }
        s.bouquet.write(&mut k, "Q");
        for f in 0..4 {
            k.pile(found(f), &FOUNDATIONS.cards(&s.found, f), 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..4).map(|f| (found(f), s.found.top(f))));
        let b: Vec<String> = s.bouquet.iter().map(|(_, c)| c.to_string()).collect();
        p.line(&format!("Bouquet: {}", b.join(" ")));
        for g in 0..PACKETS {
            p.pile(packet(g), s.garden.cards(g), 0);
        }
        p.finish()
    }

    /// The packets' card sequences (6 bits a card: index + 1), each closed by a 0, in
    /// sorted order, then the foundation heights by suit: at most 58 x 6 + 16 = 364 bits.
    /// A bouquet card keeps its place until it leaves, so the bouquet is the cards found
    /// neither in the packets nor on the foundations: the key is exact.
    fn key(&self, s: &State) -> [u64; 6] {
        let mut piles: [&[Card]; PACKETS] = std::array::from_fn(|p| s.garden.cards(p));
        sort_among(&mut piles, |_| true);
        let mut w = BitWriter::<6>::new();
        for p in piles {
            for c in p {
                w.put(c.index() as u64 + 1, 6);
            }
            w.put(0, 6);
        }
        for h in s.found.by_suit() {
            w.put(u64::from(h), 4);
        }
        w.finish()
    }

    /// The first free card (packets, then bouquet) that fits its foundation and that
    /// [`safe_by_mask`] allows, aces counting as done: the cards that could rest on it
    /// (every card one rank lower) are up or are aces. Aces may count as done: nothing
    /// ever rests on an ace and its foundation is empty until it goes up, so in a winning
    /// line each ace's first move may be made to its foundation instead and its later
    /// moves dropped (every other move stays legal, a packet being at most emptier); in
    /// such a line no ace is ever put on a packet, which is all `safe_to_foundation`'s
    /// argument asks of a "done" card. The game meets that argument's conditions: cards
    /// never leave the foundations, nothing is compulsory, one card moves at a time.
    fn safe_move(&self, s: &State) -> Option<Move> {
        let done = up_to_heights(&s.found.by_suit()) | ACES;
        s.free().find_map(|(from, c)| {
            let f = FOUNDATIONS.first_dest(&s.found, c)?;
            (c.rank() == ACE || safe_by_mask(FITS[c.index()], done))
                .then_some(Move::Found { from, to: f as u8 })
        })
    }

    /// Every legal move but those into a second lane and those of a card alone in its
    /// packet into a lane (lanes are alike, packets interchangeable), and a bouquet card
    /// goes onto a packet only when another free card, not the one it would cover, is one
    /// rank lower. Why: in a shortest winning line, a bouquet card `b` put on packet P
    /// must have a card put on it before it leaves P (else it could have gone straight
    /// from the bouquet to where it goes next, a move shorter). Until then nothing else
    /// touches P (its top is `b`), so the move can be made just before that card comes:
    /// the positions in between differ only in `b` being still in the bouquet, which
    /// allows every move the line makes there. Doing this for each such move, the last
    /// first, gives a shortest winning line in which every bouquet card put on a packet
    /// is at once covered by a card free at that moment: free before it, not `b`, and
    /// not P's old top. Order: foundation plays, moves that empty a packet or uncover a
    /// card fitting a foundation, other packet moves (from the packet whose next
    /// foundation card lies least deep first), bouquet cards, moves into the lane.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let tops = s.garden.tops();
        let lane = tops.iter().position(Option::is_none);
        // Per packet, how many cards lie above its shallowest card that is next for its
        // foundation (digging there first finds wins sooner).
        let h = s.found.by_suit();
        let depth: [usize; PACKETS] = std::array::from_fn(|p| {
            let cards = s.garden.cards(p);
            (0..cards.len())
                .rev()
                .find(|&j| cards[j].rank() == h[cards[j].suit() as usize] + 1)
                .map_or(cards.len() + 13, |j| cards.len() - 1 - j)
        });
        let mut rank = Vec::new();
        for (from, c) in s.free() {
            if let Some(f) = FOUNDATIONS.first_dest(&s.found, c) {
                out.push(Move::Found { from, to: f as u8 });
            }
            let i = from as usize;
            let (alone, class) = if i < PACKETS {
                let under = s.garden.len(i).checked_sub(2).map(|j| s.garden.cards(i)[j]);
                let frees = under.is_none_or(|u| FOUNDATIONS.first_dest(&s.found, u).is_some());
                (under.is_none(), if frees { 0 } else { 1 + depth[i] })
            } else {
                (false, 40)
            };
            for (to, on) in tops.iter().enumerate() {
                let m = Move::Packet { from, to: to as u8 };
                if i >= PACKETS
                    && !s
                        .free()
                        .any(|(y, d)| y != from && d.rank() + 1 == c.rank() && *on != Some(d))
                {
                    continue;
                }
                match on {
                    Some(t) if to != i && BUILD.fits(*t, c) => rank.push((class, m)),
                    None if lane == Some(to) && !alone => rank.push((class + 50, m)),
                    _ => {}
                }
            }
        }
        rank.sort_by_key(|&(k, _)| k);
        out.extend(rank.into_iter().map(|(_, m)| m));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, play, pruning_agrees_on, solve_limited,
        sorted_texts, unshuffled, walk, won_line,
    };

    /// A position from its packets (bottom to top), bouquet places and foundations.
    fn position(garden: [&str; 6], bouquet: &str, found: [&str; 4]) -> State {
        let mut g = Packed::new();
        for (p, t) in garden.iter().enumerate() {
            for c in cards(t) {
                g.push(p, c);
            }
        }
        let mut f = Ladders::new();
        for (i, t) in found.iter().enumerate() {
            for c in cards(t) {
                FOUNDATIONS.put(&mut f, i, c);
            }
        }
        State {
            garden: g,
            bouquet: Reserve::of(&cards(bouquet)),
            found: f,
        }
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
        assert!(FlowerGarden::from_options(&[]).is_ok());
        let opts = vec![("passes".to_string(), crate::game::OptValue::Int(1))];
        assert!(matches!(
            FlowerGarden::from_options(&opts),
            Err(EngineError::UnknownOption { .. })
        ));
        assert!(FlowerGarden.start(cards("AC"), SplitMix64::new(0)).is_err());
    }

    #[test]
    fn the_deal_and_first_moves_of_the_unshuffled_pack() {
        let g = FlowerGarden;
        let mut s = deal_cards(&g, unshuffled(PackSpec::Standard(1)));
        assert_eq!(
            g.key_text(&s),
            "G1:AC2C3C4C5C6C G2:7C8C9CTCJCQC G3:KCAD2D3D4D5D G4:6D7D8D9DTDJD \
             G5:QDKDAH2H3H4H G6:5H6H7H8H9HTH Q1:JH Q2:QH Q3:KH Q4:AS Q5:2S Q6:3S Q7:4S \
             Q8:5S Q9:6S Q10:7S Q11:8S Q12:9S Q13:TS Q14:JS Q15:QS Q16:KS F1: F2: F3: F4:"
        );
        // Tops 6C QC 5D JD 4H TH. AS (Q4) goes up; onto 6C the fives 5D, 5S; onto QC
        // the jacks JD, JH, JS; onto 5D the fours 4H, 4S; onto JD the tens TH, TS; onto
        // 4H the 3S; onto TH the 9S.
        let want = [
            "q4>f1", "g3>g1", "q8>g1", "g4>g2", "q1>g2", "q14>g2", "g5>g3", "q7>g3", "g6>g4",
            "q13>g4", "q6>g5", "q12>g6",
        ];
        assert_eq!(sorted_texts(&g, &s), sorted(&want));
        play(&g, &mut s, "q4>f1");
        let key = g.key_text(&s);
        assert!(key.contains(" Q3:KH Q4: Q5:2S "), "{key}");
        assert!(key.ends_with("F1:AS F2: F3: F4:"), "{key}");
        assert!(sorted_texts(&g, &s).contains(&"q5>f1".to_string()));
        play(&g, &mut s, "g3>g1");
        assert!(g
            .key_text(&s)
            .starts_with("G1:AC2C3C4C5C6C5D G2:7C8C9CTCJCQC G3:KCAD2D3D4D "));
    }

    #[test]
    fn an_empty_packet_takes_any_free_card() {
        // G1 empty, G2 KS alone, G3 7H 9C; bouquet 8D, AH. Clubs up to 8.
        let g = FlowerGarden;
        let s = position(
            ["", "KS", "7H 9C", "", "", "QD"],
            "8D AH",
            [&suit_to("C", 8), "", "", ""],
        );
        let t = sorted_texts(&g, &s);
        // 9C up; AH up (F2, the lowest empty); KS, 9C, 8D, AH, QD into G1, G4, G5; 8D
        // onto 9C; nothing on AH or onto KS but a queen: QD onto KS.
        for m in [
            "g3>f1", "q2>f2", "g2>g1", "g2>g4", "g3>g5", "q1>g3", "q1>g1", "q2>g4", "g6>g2",
        ] {
            assert!(t.contains(&m.to_string()), "{m} in {t:?}");
        }
        assert_eq!(t.len(), 2 + 5 * 3 + 2, "{t:?}");
        let mut u = s;
        play(&g, &mut u, "q1>g3");
        assert!(g.key_text(&u).contains("G3:7H9C8D G4:"));
        assert!(g.key_text(&u).contains("Q1: Q2:AH Q3:"));
        play(&g, &mut u, "g2>g1");
        assert!(g.key_text(&u).starts_with("G1:KS G2: G3:"));
    }

    #[test]
    fn safe_moves_an_ace_a_two_and_a_card_whose_lower_rank_is_up() {
        let g = FlowerGarden;
        // 2H fits F1 (AH); the aces of clubs lies in a packet: the two is safe anyway.
        let s = position(["AC 5D", "2H", "", "", "", ""], "3S", ["AH", "", "", ""]);
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 1, to: 0 }));
        // 3H on 2H: not safe while 2C (in a packet) could rest on it.
        let s = position(
            ["2C 5D", "3H", "", "", "", ""],
            "",
            ["AH 2H", "AC", "AD 2D", "AS 2S"],
        );
        assert_eq!(g.safe_move(&s), None);
        let s = position(
            ["5D", "3H", "", "", "", ""],
            "",
            ["AH 2H", "AC 2C", "AD 2D", "AS 2S"],
        );
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 1, to: 0 }));
        // A bouquet ace.
        let s = position(["5D", "", "", "", "", ""], "9C AS", ["", "", "", ""]);
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 7, to: 0 }));
    }

    #[test]
    fn small_positions_won_and_lost() {
        let g = FlowerGarden;
        // Everything up but the spades: G1 AS 3S, G2 2S, G3 KS .. 4S descending.
        let rest = [
            &suit_to("C", 13)[..],
            &suit_to("D", 13),
            &suit_to("H", 13),
            "",
        ];
        let s = position(
            ["AS 3S", "2S", "KS QS JS TS 9S 8S 7S 6S 5S 4S", "", "", ""],
            "",
            rest,
        );
        let o = solve_limited(&g, &s, 10_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&g, &s, &o.moves);
        // No lane, the tops KS JS 9S 7S 5S 3S (none one rank below another), the ace
        // buried: no move at all.
        let s = position(
            ["AS KS", "2S JS", "4S 9S", "6S 7S", "8S 5S", "TS QS 3S"],
            "",
            rest,
        );
        assert!(sorted_texts(&g, &s).is_empty());
        assert_eq!(solve_limited(&g, &s, 10, false).verdict, Verdict::Lost);
        // Freed by a bouquet ace? No: the bouquet's 2S can go onto 3S and back nowhere.
        let s = position(
            ["AS KS", "4D JS", "4S 9S", "6S 7S", "8S 5S", "TS QS 3S"],
            "2S",
            [
                &suit_to("C", 13)[..],
                &suit_to("D", 3),
                &suit_to("H", 13),
                "",
            ],
        );
        let o = solve_limited(&g, &s, 10_000, false);
        assert_eq!(o.verdict, Verdict::Lost);
        assert_eq!(sorted_texts(&g, &s), ["q1>g6"]);
    }

    #[test]
    fn keys_merge_packets_in_another_order_only() {
        let g = FlowerGarden;
        let f = ["AC", "", "", ""];
        let a = position(["5D", "KS QH", "", "", "", ""], "9C", f);
        let b = position(["", "", "KS QH", "", "5D", ""], "9C", f);
        let c = position(["5D", "QH KS", "", "", "", ""], "9C", f);
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key(&a), g.key(&c));
    }

    #[test]
    fn random_walks_keep_every_card() {
        let g = FlowerGarden;
        for seed in 1..=10 {
            walk(&g, &deal(&g, seed), 300, seed, |t| {
                let n = t.garden.total() + t.bouquet.len() + t.found.total();
                assert_eq!(n, 52);
                let mut legal = Vec::new();
                g.moves(t, &mut legal);
                let mut sv = Vec::new();
                g.solver_moves(t, &mut sv);
                assert!(sv.iter().all(|m| legal.contains(m)));
                if let Some(m) = g.safe_move(t) {
                    assert!(legal.contains(&m));
                }
            });
        }
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        // Positions along won lines (the plain search cannot decide the deals), and the
        // late positions of random walks from them.
        let g = FlowerGarden;
        let mut a = crate::testing::Agreement::default();
        for seed in 1..60 {
            let line = won_line(&g, seed, 20_000);
            a += pruning_agrees_on(&g, line.iter().rev().skip(2).step_by(4).take(8), 3_000);
            for back in [25, 45] {
                if let Some(p) = line.iter().rev().nth(back) {
                    let w = walk(&g, p, 300, seed ^ back as u64, |_| {});
                    a += pruning_agrees_on(&g, w.iter().rev().step_by(50).take(6), 3_000);
                }
            }
        }
        assert!(a.won >= 20 && a.lost >= 3, "{a:?}");
    }
}
