//! MARGARETHE (`margarethe`).
//!
//! Rule text: `python/patience/rules/margarethe.md`; text forms:
//! `docs/notation/margarethe.md`.
//!
//! # Layout and deal
//! One pack. The twelve court cards are taken out of the shuffled pack: F1..F4 the kings,
//! F5..F8 the knaves, F9..F12 the queens, each group in suits C, D, H, S. The 40 cards left
//! are taken one at a time: an ace to the ace packet `AP`, any other card to the lowest
//! empty help place `X1..X9`, until X9 is filled. The rest is the pack, next card on top.
//!
//! # Foundations
//! A king takes 10, 9, 8 of its suit, a knave 7, 6, 5, a queen 4, 3, 2: every card from 2
//! to 10 has one foundation. Cards come from the help places, the talon top and the hand.
//!
//! # The help places
//! Nine places of at most one card, played only to their foundations, filled only from
//! the hand, by choice.
//!
//! # Pack, hand, talon and re-deal
//! `turn` (pack not empty, hand empty) puts the pack top into the hand. An ace goes to `AP`
//! by itself; a card that neither fits its foundation nor finds an empty help place goes
//! onto the talon by itself; else the hand's card must be placed (`hand>f`, `hand>x`,
//! `hand>talon`) before anything else. The hand is kept as the talon top with a flag, so
//! the stock stays one [`Stock`]. `redeal` (pack empty, talon not, once) turns the talon
//! over as it lies.
//!
//! # End
//! Won with the 36 cards on the foundations and the four aces in `AP`.
//!
//! # Solver
//! A card in the hand is tried in the first empty help place only, and the key takes the
//! help places as a set (proof at [`Game::key`] below).

use crate::card::{Card, JACK, KING, QUEEN};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{withdraw, PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{BitWriter, Ladder, Ladders, Stock, StockRule};

pub const SLUG: &str = "margarethe";
const TITLE: &str = "Margarethe";
const OPTIONS: &[Opt] = &[];

/// The kings, the knaves and the queens: three cards of the suit downward each.
const LADDERS: [Ladder; 3] = [
    Ladder {
        len: 4,
        ranks: Some(&[KING, 10, 9, 8]),
        ..Ladder::KING_DOWN
    },
    Ladder {
        len: 4,
        ranks: Some(&[JACK, 7, 6, 5]),
        ..Ladder::KING_DOWN
    },
    Ladder {
        len: 4,
        ranks: Some(&[QUEEN, 4, 3, 2]),
        ..Ladder::KING_DOWN
    },
];
const STOCK: StockRule = StockRule {
    passes: Some(2),
    ..StockRule::ONE_PASS
};
const PACK: usize = 32;
const HELP: usize = 9;

fn found(i: usize) -> Place {
    Place::at("F", i)
}
fn help(i: usize) -> Place {
    Place::at("X", i)
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct Margarethe;

impl Margarethe {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Margarethe)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    help: [Option<Card>; HELP],
    /// Kings, knaves, queens; place p of each is suit p.
    found: [Ladders<4>; 3],
    /// Bit s: the ace of suit s is in the ace packet.
    aces: u8,
    /// The talon top is the card in the hand.
    hand: bool,
    stock: Stock<PACK>,
}

/// The foundation of a card from 2 to 10 (0-based), which may not take it yet.
fn home(c: Card) -> Option<usize> {
    let group = match c.rank() {
        8..=10 => 0,
        5..=7 => 1,
        2..=4 => 2,
        _ => return None,
    };
    Some(4 * group + c.suit() as usize)
}

impl State {
    /// The foundation that takes `c` now.
    fn fits(&self, c: Card) -> Option<usize> {
        home(c).filter(|&f| LADDERS[f / 4].accepts(&self.found[f / 4], f % 4, c))
    }
    fn put(&mut self, f: usize, c: Card) {
        LADDERS[f / 4].put(&mut self.found[f / 4], f % 4, c);
    }
    fn cards(&self, f: usize) -> Vec<Card> {
        LADDERS[f / 4].cards(&self.found[f / 4], f % 4)
    }
    fn hand(&self) -> Option<Card> {
        self.stock.talon_top().filter(|_| self.hand)
    }
    fn empty_help(&self) -> impl Iterator<Item = usize> + '_ {
        (0..HELP).filter(|&x| self.help[x].is_none())
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Turn,
    HandFound(u8),
    HandHelp(u8),
    HandTalon,
    HelpFound(u8, u8),
    TalonFound(u8),
    Redeal,
}

impl Game for Margarethe {
    type State = State;
    type Move = Move;
    type Key = [u64; 3];

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(1), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        let court: fn(Card) -> bool = |c| c.rank() >= JACK;
        withdraw(&mut pack, &[court; 12])
            .ok_or_else(|| EngineError::BadDeal("the deal lacks the court cards".into()))?;
        let mut s = State {
            help: [None; HELP],
            found: [Ladders::new(); 3],
            aces: 0,
            hand: false,
            stock: Stock::new(&[]),
        };
        for (g, base) in [KING, JACK, QUEEN].into_iter().enumerate() {
            for suit in 0..4 {
                LADDERS[g].put(&mut s.found[g], suit as usize, Card::new(base, suit));
            }
        }
        let mut taken = 0;
        for &c in &pack {
            if s.help[HELP - 1].is_some() {
                break;
            }
            taken += 1;
            if c.rank() == 1 {
                s.aces |= 1 << c.suit();
            } else if let Some(x) = s.help.iter().position(Option::is_none) {
                s.help[x] = Some(c);
            }
        }
        if pack.len() - taken > PACK {
            return Err(EngineError::BadDeal("too many cards for the pack".into()));
        }
        s.stock = Stock::new(&pack[taken..]);
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if let Some(c) = s.hand() {
            if let Some(f) = s.fits(c) {
                out.push(Move::HandFound(f as u8));
            }
            out.extend(s.empty_help().map(|x| Move::HandHelp(x as u8)));
            out.push(Move::HandTalon);
            return;
        }
        for (x, c) in s.help.iter().enumerate() {
            if let Some(f) = c.and_then(|c| s.fits(c)) {
                out.push(Move::HelpFound(x as u8, f as u8));
            }
        }
        if let Some(f) = s.stock.talon_top().and_then(|c| s.fits(c)) {
            out.push(Move::TalonFound(f as u8));
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
        if s.stock.can_redeal(&STOCK) {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Turn => {
                s.stock.turn(&STOCK);
                let Some(c) = s.stock.talon_top() else { return };
                if c.rank() == 1 {
                    s.stock.take_talon();
                    s.aces |= 1 << c.suit();
                } else {
                    // The automatic steps: the talon is the only way, or the card waits.
                    s.hand = s.fits(c).is_some() || s.empty_help().next().is_some();
                }
            }
            Move::HandFound(f) | Move::TalonFound(f) => {
                if let Some(c) = s.stock.take_talon() {
                    s.put(f as usize, c);
                }
                s.hand = false;
            }
            Move::HandHelp(x) => {
                s.help[x as usize] = s.stock.take_talon();
                s.hand = false;
            }
            Move::HandTalon => s.hand = false,
            Move::HelpFound(x, f) => {
                if let Some(c) = s.help[x as usize].take() {
                    s.put(f as usize, c);
                }
            }
            Move::Redeal => s.stock.turn_over(),
        }
    }

    fn is_won(&self, s: &State) -> bool {
        s.aces == 0b1111 && (0..3).all(|g| LADDERS[g].all_full(&s.found[g]))
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let hand = Place::named("hand");
        let talon = Place::named("talon");
        match m {
            Move::Turn => "turn".into(),
            Move::HandFound(f) => move_text(hand, found(f as usize)),
            Move::HandHelp(x) => move_text(hand, help(x as usize)),
            Move::HandTalon => move_text(hand, talon),
            Move::HelpFound(x, f) => move_text(help(x as usize), found(f as usize)),
            Move::TalonFound(f) => move_text(talon, found(f as usize)),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (x, c) in s.help.iter().enumerate() {
            k.pile(help(x), c.as_slice(), 0);
        }
        for f in 0..12 {
            k.pile(found(f), &s.cards(f), 0);
        }
        let aces: Vec<Card> = (0..4)
            .filter(|&suit| s.aces & (1 << suit) != 0)
            .map(|suit| Card::new(1, suit))
            .collect();
        k.pile(Place::named("AP"), &aces, 0);
        let hand = s.hand();
        k.pile(Place::named("hand"), hand.as_slice(), 0);
        let pack: Vec<Card> = s.stock.pack().collect();
        let mut talon: Vec<Card> = s.stock.talon().collect();
        if hand.is_some() {
            talon.pop();
        }
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0)
            .field("pass", s.stock.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Help",
            s.help.iter().enumerate().map(|(x, &c)| (help(x), c)),
        );
        p.tops(
            "Foundations",
            (0..12).map(|f| (found(f), s.cards(f).last().copied())),
        );
        let key = self.key_text(s);
        for seg in key
            .split(' ')
            .filter(|g| g.starts_with("AP:") || g.starts_with("hand:"))
        {
            p.line(seg);
        }
        p.stock(&s.stock, STOCK.passes);
        p.finish()
    }

    /// The help places as a sorted set, the foundation heights, the aces, the hand flag,
    /// the stock's cards left, cursor and pass.
    ///
    /// Proof that the merge keeps the future: the help places are alike in play (any
    /// card in one may go to its foundation; an empty one may take the hand's card) and
    /// no rule reads their numbers, so two positions whose help places hold the same
    /// cards in another order have the same moves up to renaming and the same future.
    /// The unshuffled stock keeps its turning order (`Stock::key_bits` is exact).
    fn key(&self, s: &State) -> [u64; 3] {
        let mut x: [u8; HELP] = s.help.map(|c| c.map_or(0, |c| c.index() as u8 + 1));
        x.sort_unstable();
        let (present, cursor) = s.stock.key_bits();
        let mut w = BitWriter::<3>::new();
        for v in x {
            w.put(u64::from(v), 6);
        }
        w.put(u64::from(s.aces), 4);
        w.put(u64::from(s.hand), 1);
        w.put(u64::from(s.stock.pass), 2);
        for g in &s.found {
            for p in 0..4 {
                w.put(u64::from(g.count(p)), 3);
            }
        }
        w.put(u64::from(cursor), 6);
        w.put(present as u64, 32);
        w.finish()
    }

    /// The legal moves, but the hand's card goes to the first empty help place only: by
    /// the proof at [`Game::key`], the positions after `hand>xI` for the empty places I
    /// differ only in which help place holds the card, so they share one future.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let n = out.len();
        self.moves(s, out);
        let mut first = true;
        let mut i = n;
        while i < out.len() {
            if let Move::HandHelp(_) = out[i] {
                if !first {
                    out.remove(i);
                    continue;
                }
                first = false;
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, deal, deal_cards, distinct_texts, key_segment, play, pruning_agrees,
        solve_limited, unshuffled,
    };

    fn unshuffled_start() -> State {
        deal_cards(&Margarethe, unshuffled(PackSpec::Standard(1)))
    }

    #[test]
    fn the_deal_of_the_unshuffled_pack() {
        let s = unshuffled_start();
        assert_eq!(
            Margarethe.key_text(&s),
            "X1:2C X2:3C X3:4C X4:5C X5:6C X6:7C X7:8C X8:9C X9:TC F1:KC F2:KD F3:KH F4:KS \
             F5:JC F6:JD F7:JH F8:JS F9:QC F10:QD F11:QH F12:QS AP:AC hand: \
             pack:ts9s8s7s6s5s4s3s2sasth9h8h7h6h5h4h3h2hahtd9d8d7d6d5d4d3d2dad talon: pass:1"
        );
        assert_eq!(
            distinct_texts(&Margarethe, &s),
            ["x3>f9", "x6>f5", "x9>f1", "turn"]
        );
    }

    #[test]
    fn aces_met_in_the_deal_go_to_the_packet() {
        // Aces among the first cards: the next card takes the help place.
        let mut order = vec![];
        let all = unshuffled(PackSpec::Standard(1));
        let first = crate::testing::cards("AS 2D AH 3D 4D 5D AD 6D 7D 8D 9D TD");
        order.extend(first.iter().copied());
        order.extend(all.into_iter().filter(|c| !first.contains(c)));
        let s = deal_cards(&Margarethe, order);
        let k = Margarethe.key_text(&s);
        assert!(
            k.starts_with("X1:2D X2:3D X3:4D X4:5D X5:6D X6:7D X7:8D X8:9D X9:TD F1:KC"),
            "{k}"
        );
        assert_eq!(key_segment(&k, "AP"), "ADAHAS");
        // The pack starts with AC (after the twelve cards taken, the court cards withdrawn).
        assert!(key_segment(&k, "pack").ends_with("2cac"));
    }

    #[test]
    fn turning_aces_talon_and_the_hand() {
        let mut s = unshuffled_start();
        play(&Margarethe, &mut s, "turn");
        // AD goes to the packet by itself.
        let k = Margarethe.key_text(&s);
        assert_eq!(
            (key_segment(&k, "AP"), key_segment(&k, "hand")),
            ("ACAD".into(), String::new())
        );
        play(&Margarethe, &mut s, "turn");
        // 2D fits nothing (F10 wants 4D) and no help place is empty: onto the talon.
        let k = Margarethe.key_text(&s);
        assert_eq!(
            (key_segment(&k, "hand"), key_segment(&k, "talon")),
            (String::new(), "2D".into())
        );
        play(&Margarethe, &mut s, "x9>f1");
        play(&Margarethe, &mut s, "turn");
        // 3D waits in the hand: X9 is empty.
        let k = Margarethe.key_text(&s);
        assert_eq!(
            (key_segment(&k, "hand"), key_segment(&k, "talon")),
            ("3D".into(), "2D".into())
        );
        assert_eq!(distinct_texts(&Margarethe, &s), ["hand>x9", "hand>talon"]);
        play(&Margarethe, &mut s, "hand>x9");
        assert_eq!(key_segment(&Margarethe.key_text(&s), "X9"), "3D");
        play(&Margarethe, &mut s, "turn");
        // 4D fits F10 and X? are full: it waits with the foundation and the talon.
        assert_eq!(distinct_texts(&Margarethe, &s), ["hand>f10", "hand>talon"]);
        play(&Margarethe, &mut s, "hand>f10");
        // F1 holds KC TC and wants the 9C of X8.
        assert_eq!(
            distinct_texts(&Margarethe, &s),
            ["x3>f9", "x6>f5", "x8>f1", "x9>f10", "turn"]
        );
        play(&Margarethe, &mut s, "x9>f10");
        assert_eq!(key_segment(&Margarethe.key_text(&s), "F10"), "QD4D3D");
        // The talon top 2D now fits.
        assert_eq!(
            distinct_texts(&Margarethe, &s),
            ["x3>f9", "x6>f5", "x8>f1", "talon>f10", "turn"]
        );
    }

    #[test]
    fn the_redeal_turns_the_talon_over_once() {
        let mut s = unshuffled_start();
        while s.stock.pack_len() > 0 {
            play(&Margarethe, &mut s, "turn");
            if s.hand {
                play(&Margarethe, &mut s, "hand>talon");
            }
        }
        let k = Margarethe.key_text(&s);
        // Aces went to the packet; all 26 other cards reached the talon in order.
        assert_eq!(key_segment(&k, "AP"), "ACADAHAS");
        let talon = key_segment(&k, "talon");
        assert!(
            talon.starts_with("2D3D4D") && talon.ends_with("8S9STS"),
            "{talon}"
        );
        assert!(distinct_texts(&Margarethe, &s).contains(&"redeal".into()));
        play(&Margarethe, &mut s, "redeal");
        let k = Margarethe.key_text(&s);
        assert!(key_segment(&k, "pack").ends_with("4d3d2d"), "{k}");
        assert!(k.ends_with("talon: pass:2"));
        while s.stock.pack_len() > 0 {
            play(&Margarethe, &mut s, "turn");
            if s.hand {
                play(&Margarethe, &mut s, "hand>talon");
            }
        }
        assert!(!distinct_texts(&Margarethe, &s).contains(&"redeal".into()));
    }

    #[test]
    fn options_are_refused() {
        let o = [("passes".into(), crate::game::OptValue::Int(2))];
        assert!(Margarethe::from_options(&o).is_err());
    }

    #[test]
    fn seeds_are_decided_and_won_lines_replay() {
        let (mut won, mut lost) = (0, 0);
        for seed in 1..30 {
            let s = deal(&Margarethe, seed);
            let o = solve_limited(&Margarethe, &s, 200_000, false);
            match o.verdict {
                Verdict::Won => {
                    assert_replays(&Margarethe, &s, &o.moves);
                    won += 1;
                }
                Verdict::Lost => lost += 1,
                Verdict::Unknown => {}
            }
        }
        eprintln!("margarethe seeds 1..30: won {won} lost {lost}");
        assert!(won >= 20 && won + lost == 29, "{won} {lost}");
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&Margarethe, 0..10, 200, 10, 3_000);
        // Positions where the player has refused to play (lost ones among them): every
        // card turned onto the talon through both passes; the last positions of that line.
        let mut late = Vec::new();
        for seed in 0..25u64 {
            let mut trail = vec![deal(&Margarethe, seed)];
            loop {
                let mut s = *trail.last().unwrap();
                let t = distinct_texts(&Margarethe, &s);
                let refuse = ["hand>talon", "turn", "redeal"];
                let Some(m) = refuse.iter().find(|m| t.contains(&m.to_string())) else {
                    break;
                };
                play(&Margarethe, &mut s, m);
                trail.push(s);
            }
            late.extend(trail.into_iter().rev().step_by(3).take(6));
        }
        let b = crate::testing::pruning_agrees_on(&Margarethe, &late, 3_000);
        eprintln!("{a:?} {b:?}");
        assert!(a.won + b.won >= 80 && a.lost + b.lost >= 40, "{a:?} {b:?}");
    }
}
