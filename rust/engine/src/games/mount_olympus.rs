//! MOUNT OLYMPUS (`mount-olympus`), from `rules/mount-olympus.md`.
//!
//! Over the 400-line budget by about thirty lines: the two rows of foundations have
//! different lengths (two [`Ladder`] rules over two [`Ladders`]), and the safe move and
//! the key carry their proofs; the rules themselves are well under it.
//!
//! # Layout and deal
//! Two packs. The eight aces and the eight twos are taken out of the shuffled pack: F1..F8
//! the aces, F9..F16 the twos, each group in the suit order C, C, D, D, H, H, S, S. The
//! first nine of the 88 cards left go face up to the battery places B1..B9, one each; the
//! other 79 are the pack, card 10 on top.
//!
//! # Foundations
//! Each follows suit and climbs by two: on an ace 3 5 7 9 J K, on a two 4 6 8 10 Q. A card
//! goes on any foundation of its suit whose top is two ranks lower (each such foundation
//! is its own move), from a battery top or the talon top.
//!
//! # The battery
//! Only a packet's top card is available. A card goes on a battery top of its own suit two
//! ranks higher (no wrap), from another battery top or the talon top, one card a move.
//! A space takes the talon top only (any card), whenever the player likes.
//!
//! # Pack, talon and re-deal
//! `turn` turns the pack's top card onto the talon; one `redeal` (pack empty, talon not)
//! turns the talon over as it lies: two passes in all.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Talon plays are the stock macro ([`Stock::reachable_tops`]).
//! - Safe move: a card to a foundation when the other foundation of its suit and parity
//!   shows at least as much ([`MountOlympus::safe_move`]).
//! - Key symmetries: the battery places are interchangeable (no rule names their numbers),
//!   and so are the two foundations of one suit and parity; a packet is its bottom card
//!   and its length, since every card above goes two ranks down in suit.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{
    sort_among, stable_partition, Base, BitWriter, Build, Dealer, Ladder, Ladders, Pile, Space,
    Stock, StockRule,
};

pub const SLUG: &str = "mount-olympus";

/// No option: the book gives no variant.
const OPTIONS: &[Opt] = &[];
const BATTERY: usize = 9;
const PACK: usize = 79;
/// The ace piles: A 3 5 7 9 J K in suit.
const ODD: Ladder = Ladder {
    step: 2,
    len: 7,
    ..Ladder::ACE_UP
};
/// The two piles: 2 4 6 8 10 Q in suit.
const EVEN: Ladder = Ladder {
    step: 2,
    len: 6,
    base: Base::Rank(2),
    ..Ladder::ACE_UP
};
/// The battery: down by two in suit; a space takes only the talon top.
const BUILD: Build = Build::DOWN_IN_SUIT.step(2).spaces(Space::FromStock);
/// One card a turn, one re-deal, unshuffled.
const STOCK: StockRule = StockRule {
    draw: 1,
    passes: Some(2),
    shuffled: false,
};
/// Destinations of a macro move: foundations 0..16, battery places 16..25.
const TO_BATTERY: u8 = 16;

fn bat(i: usize) -> Place {
    Place::at("B", i)
}
fn found(f: usize) -> Place {
    Place::at("F", f)
}

/// The game (no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct MountOlympus;

impl MountOlympus {
    /// Build from user options: there are none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(MountOlympus)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    battery: [Pile<8>; BATTERY],
    /// F1..F8 (place p holds suit p / 2).
    odd: Ladders<8>,
    /// F9..F16 (place p holds suit p / 2).
    even: Ladders<8>,
    stock: Stock<PACK>,
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Battery top to foundation: packet, foundation 0..16.
    BatFound(u8, u8),
    TalonFound(u8),
    /// Battery top onto another packet: from, to.
    BatBat(u8, u8),
    /// Talon top onto a packet, or into a space.
    TalonBat(u8),
    Turn,
    Redeal,
    /// Solver only: `steps` stock steps, then the talon top to a foundation (0..16) or to
    /// battery place `dest - TO_BATTERY`.
    Stock(u8, u8),
}

impl State {
    /// Foundation `f` (0..16): its rule, its ladders and the place in them.
    fn ladder(&self, f: usize) -> (&'static Ladder, &Ladders<8>, usize) {
        if f < 8 {
            (&ODD, &self.odd, f)
        } else {
            (&EVEN, &self.even, f - 8)
        }
    }
    /// The two foundations (0..16) of `c`'s suit and parity.
    fn pair(c: Card) -> [usize; 2] {
        let f = 2 * c.suit() as usize + if c.rank().is_multiple_of(2) { 8 } else { 0 };
        [f, f + 1]
    }
    fn takes(&self, f: usize, c: Card) -> bool {
        let (rule, l, p) = self.ladder(f);
        rule.accepts(l, p, c)
    }
    /// Cards on foundation `f`.
    fn height(&self, f: usize) -> u8 {
        let (_, l, p) = self.ladder(f);
        l.count(p)
    }
    fn put_up(&mut self, f: usize, c: Card) {
        if f < 8 {
            ODD.put(&mut self.odd, f, c);
        } else {
            EVEN.put(&mut self.even, f - 8, c);
        }
    }
    /// The foundations (0..16) that take `c`, in number order.
    fn found_dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        State::pair(c)
            .into_iter()
            .filter(move |&f| self.takes(f, c))
    }
    /// May `c` go onto battery place `to` (`from_stock`: from the talon)?
    fn fits_bat(&self, to: usize, c: Card, from_stock: bool) -> bool {
        match self.battery[to].top() {
            Some(t) => BUILD.fits(t, c),
            None => BUILD.fits_space(c, from_stock),
        }
    }
}

impl MountOlympus {
    /// The talon plays reachable by turning, as macro moves: to the first foundation that
    /// takes the card, then onto each packet, and into the first space only (spaces are
    /// alike).
    fn stock_macros(&self, s: &State, up: &mut Vec<Move>, rest: &mut Vec<Move>) {
        s.stock.reachable_tops(&STOCK, |c, steps| {
            if let Some(f) = s.found_dests(c).next() {
                up.push(Move::Stock(steps, f as u8));
            }
            let mut space = false;
            for to in 0..BATTERY {
                if s.fits_bat(to, c, true) && !(s.battery[to].is_empty() && space) {
                    space |= s.battery[to].is_empty();
                    rest.push(Move::Stock(steps, TO_BATTERY + to as u8));
                }
            }
        });
    }
}

impl Game for MountOlympus {
    type State = State;
    type Move = Move;
    type Key = [u64; 4];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "Mount Olympus",
            pack: PackSpec::Standard(2),
            options: infos(OPTIONS),
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        // Every ace and two is withdrawn, so the cards left keep their order (CONVENTIONS 3).
        let rest: Vec<Card> = cards.into_iter().filter(|c| c.rank() > 2).collect();
        if rest.len() != BATTERY + PACK {
            return Err(EngineError::BadDeal(format!(
                "expected 88 cards besides the aces and twos, got {}",
                rest.len()
            )));
        }
        let mut s = State {
            battery: [Pile::new(); BATTERY],
            odd: Ladders::new(),
            even: Ladders::new(),
            stock: Stock::default(),
        };
        for p in 0..8 {
            let suit = (p / 2) as u8;
            ODD.put(&mut s.odd, p, Card::new(1, suit));
            EVEN.put(&mut s.even, p, Card::new(2, suit));
        }
        let mut deal = Dealer::new(&rest);
        deal.row(&mut s.battery, 0..BATTERY, false);
        s.stock = Stock::new(deal.rest());
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for from in 0..BATTERY {
            if let Some(c) = s.battery[from].top() {
                out.extend(
                    s.found_dests(c)
                        .map(|f| Move::BatFound(from as u8, f as u8)),
                );
            }
        }
        let talon = s.stock.talon_top();
        if let Some(c) = talon {
            out.extend(s.found_dests(c).map(|f| Move::TalonFound(f as u8)));
        }
        for from in 0..BATTERY {
            let Some(c) = s.battery[from].top() else {
                continue;
            };
            for to in (0..BATTERY).filter(|&to| to != from && s.fits_bat(to, c, false)) {
                out.push(Move::BatBat(from as u8, to as u8));
            }
        }
        if let Some(c) = talon {
            for to in (0..BATTERY).filter(|&to| s.fits_bat(to, c, true)) {
                out.push(Move::TalonBat(to as u8));
            }
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
            Move::BatFound(from, f) => {
                let c = s.battery[from as usize].pop().unwrap_or_default();
                s.put_up(f.into(), c);
            }
            Move::TalonFound(f) => {
                let c = s.stock.take_talon().unwrap_or_default();
                s.put_up(f.into(), c);
            }
            Move::BatBat(from, to) => {
                let c = s.battery[from as usize].pop().unwrap_or_default();
                s.battery[to as usize].push(c);
            }
            Move::TalonBat(to) => {
                let c = s.stock.take_talon().unwrap_or_default();
                s.battery[to as usize].push(c);
            }
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Redeal => s.stock.turn_over(),
            Move::Stock(steps, dest) => {
                s.stock.macro_steps(&STOCK, steps);
                self.play(s, talon_play(dest));
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        ODD.all_full(&s.odd) && EVEN.all_full(&s.even)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let talon = Place::named("talon");
        match m {
            Move::BatFound(from, f) => move_text(bat(from.into()), found(f.into())),
            Move::TalonFound(f) => move_text(talon, found(f.into())),
            Move::BatBat(from, to) => move_text(bat(from.into()), bat(to.into())),
            Move::TalonBat(to) => move_text(talon, bat(to.into())),
            Move::Turn => "turn".into(),
            Move::Redeal => "redeal".into(),
            Move::Stock(steps, dest) => format!("stock:{steps}>{dest}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, p) in s.battery.iter().enumerate() {
            k.pile(bat(i), p.cards(), 0);
        }
        for f in 0..16 {
            let (rule, l, p) = s.ladder(f);
            k.pile(found(f), &rule.cards(l, p), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0)
            .field("pass", s.stock.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Aces", (0..8).map(|f| (found(f), s.odd.top(f))));
        p.tops("Twos", (0..8).map(|f| (found(f + 8), s.even.top(f))));
        p.stock(&s.stock, STOCK.passes);
        for (i, b) in s.battery.iter().enumerate() {
            p.pile(bat(i), b.cards(), 0);
        }
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 4] {
        // A packet: its bottom card (index + 1, 0 when empty) and its length, 9 bits; every
        // card above the bottom is two ranks below the one under it in the same suit. The
        // packets are sorted (interchangeable places). Foundations: each suit and parity's
        // two heights, sorted (3 bits each). The stock: cards left, cursor, pass. Exact
        // for one deal.
        let mut bats = [0u16; BATTERY];
        for (code, b) in bats.iter_mut().zip(&s.battery) {
            *code = b
                .bottom()
                .map_or(0, |c| (c.index() as u16 + 1) << 3 | b.len() as u16);
        }
        sort_among(&mut bats, |_| true);
        let mut w = BitWriter::<4>::new();
        for code in bats {
            w.put(code.into(), 9);
        }
        for pair in 0..8 {
            let (a, b) = (s.height(2 * pair), s.height(2 * pair + 1));
            w.put(a.min(b).into(), 3);
            w.put(a.max(b).into(), 3);
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, PACK - 64);
        w.put(cursor.into(), 7);
        w.put(u64::from(s.stock.pass - 1), 1);
        w.finish()
    }

    /// A battery or talon top `c` of rank r to a foundation F that takes it, when the
    /// other foundation G of its suit and parity shows r - 2 or more. Then both cards of
    /// rank r - 2 in its suit are up, so nothing can ever be built on `c` (the argument
    /// of [`crate::parts::safe`]: cards never come back, no step is compulsory, single
    /// cards move). Drop `c`'s own moves from a winning line: every other move stays
    /// legal, except perhaps the other copy c' going to F before `c` goes up. Either G
    /// already holds c' (it is above r - 2), or G shows r - 2 and c' can go there instead
    /// (the two are alike).
    fn safe_move(&self, s: &State) -> Option<Move> {
        let safe = |c: Card| {
            let [f, g] = State::pair(c);
            let (hf, hg) = (s.height(f), s.height(g));
            let dest = s.found_dests(c).next()?;
            (hf.min(hg) >= s.height(dest)).then_some(dest as u8)
        };
        for from in 0..BATTERY {
            if let Some(f) = s.battery[from].top().and_then(safe) {
                return Some(Move::BatFound(from as u8, f));
            }
        }
        s.stock.talon_top().and_then(safe).map(Move::TalonFound)
    }

    /// Foundation plays first (one foundation per card: two that take it are alike), then
    /// the macros to the foundations, then moves between packets (one space per card),
    /// then the other talon plays.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        for from in 0..BATTERY {
            if let Some(f) = s.battery[from].top().and_then(|c| s.found_dests(c).next()) {
                out.push(Move::BatFound(from as u8, f as u8));
            }
        }
        let mut rest = Vec::new();
        self.stock_macros(s, out, &mut rest);
        let a = out.len();
        for from in 0..BATTERY {
            let Some(c) = s.battery[from].top() else {
                continue;
            };
            for to in (0..BATTERY).filter(|&to| to != from && s.fits_bat(to, c, false)) {
                out.push(Move::BatBat(from as u8, to as u8));
            }
        }
        // Moves that empty a packet first.
        stable_partition(
            &mut out[a..],
            |m| matches!(*m, Move::BatBat(from, _) if s.battery[from as usize].len() == 1),
        );
        out.extend(rest);
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Stock(steps, dest) = m else {
            return out.push(m);
        };
        let mut t = *s;
        t.stock
            .expand_macro(&STOCK, steps, Move::Turn, Move::Redeal, out);
        out.push(talon_play(dest));
    }
}

/// The talon top to a foundation (0..16) or a battery place (from [`TO_BATTERY`]).
fn talon_play(dest: u8) -> Move {
    if dest < TO_BATTERY {
        Move::TalonFound(dest)
    } else {
        Move::TalonBat(dest - TO_BATTERY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, card, cards, deal, deal_cards, key_segment, play, pruning_agrees,
        solve_limited, sorted_texts, texts, unshuffled, walk,
    };

    fn g() -> MountOlympus {
        MountOlympus
    }

    /// The unshuffled two packs: the aces and twos go up, the battery is 3C..JC, the pack
    /// QC KC 3D .. KS 3C .. KS from the top.
    fn unshuffled_start() -> State {
        deal_cards(&g(), unshuffled(PackSpec::Standard(2)))
    }

    /// Ranks 3..K of a suit as text, e.g. "3C4C...KC".
    fn suit_run(suit: char) -> String {
        "3456789TJQK"
            .chars()
            .map(|r| format!("{r}{suit}"))
            .collect()
    }

    #[test]
    fn the_deal_withdraws_aces_and_twos_and_deals_nine() {
        let s = unshuffled_start();
        let k = g().key_text(&s);
        let battery = "B1:3C B2:4C B3:5C B4:6C B5:7C B6:8C B7:9C B8:TC B9:JC";
        let found = "F1:AC F2:AC F3:AD F4:AD F5:AH F6:AH F7:AS F8:AS \
                     F9:2C F10:2C F11:2D F12:2D F13:2H F14:2H F15:2S F16:2S";
        // The pack bottom to top: copy 2 reversed (KS .. 3C), then copy 1's KS .. 3D, KC QC.
        let mut top_first = String::from("QCKC");
        for s in ['D', 'H', 'S'] {
            top_first += &suit_run(s);
        }
        for s in ['C', 'D', 'H', 'S'] {
            top_first += &suit_run(s);
        }
        let pack: String = top_first
            .as_bytes()
            .chunks(2)
            .rev()
            .map(|c| std::str::from_utf8(c).unwrap().to_ascii_lowercase())
            .collect();
        assert_eq!(k, format!("{battery} {found} pack:{pack} talon: pass:1"));
        assert_eq!(s.stock.pack_len(), 79);
    }

    #[test]
    fn first_moves_of_the_unshuffled_deal() {
        let s = unshuffled_start();
        let mut want = vec![
            "b1>f1", "b1>f2", "b2>f9", "b2>f10", "b1>b3", "b2>b4", "b3>b5", "b4>b6", "b5>b7",
            "b6>b8", "b7>b9", "turn",
        ];
        want.sort_unstable();
        assert_eq!(sorted_texts(&g(), &s), want);
    }

    #[test]
    fn building_spaces_and_the_talon() {
        let g = g();
        let mut s = unshuffled_start();
        play(&g, &mut s, "b1>f2");
        assert_eq!(key_segment(&g.key_text(&s), "F2"), "AC3C");
        assert_eq!(key_segment(&g.key_text(&s), "B1"), "");
        // A space takes no battery card: 5C may go up, onto 7C, nowhere else.
        play(&g, &mut s, "b3>b5");
        assert_eq!(key_segment(&g.key_text(&s), "B5"), "7C5C");
        let t = texts(&g, &s);
        assert!(
            !t.iter().any(|m| m.ends_with(">b1") || m.ends_with(">b3")),
            "{t:?}"
        );
        assert!(t.contains(&"b5>f2".to_string()) && !t.contains(&"b5>f1".to_string()));
        // The talon top QC fills a space, or goes nowhere else (no KC on the battery).
        play(&g, &mut s, "turn");
        let mut t = texts(&g, &s);
        t.retain(|m| m.starts_with("talon"));
        assert_eq!(t, ["talon>b1", "talon>b3"]);
        play(&g, &mut s, "talon>b3");
        assert_eq!(key_segment(&g.key_text(&s), "B3"), "QC");
        // TC onto QC from the battery, then 8C: two ranks down in suit.
        play(&g, &mut s, "b8>b3");
        play(&g, &mut s, "b6>b3");
        assert_eq!(key_segment(&g.key_text(&s), "B3"), "QCTC8C");
        assert!(texts(&g, &s).contains(&"b4>b3".to_string()), "6C on 8C");
    }

    #[test]
    fn two_passes_then_none() {
        let g = g();
        let mut s = unshuffled_start();
        for _ in 0..79 {
            play(&g, &mut s, "turn");
        }
        assert!(!texts(&g, &s).contains(&"turn".to_string()));
        play(&g, &mut s, "redeal");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "pass"), "2");
        assert_eq!(key_segment(&k, "talon"), "");
        assert!(key_segment(&k, "pack").ends_with("kcqc"), "QC on top again");
        for _ in 0..79 {
            play(&g, &mut s, "turn");
        }
        assert!(!texts(&g, &s).iter().any(|m| m == "redeal" || m == "turn"));
    }

    #[test]
    fn safe_moves_need_the_other_foundation_as_high() {
        let g = g();
        let mut s = unshuffled_start();
        // 3C fits F1 and F2, both at the ace: safe.
        assert_eq!(g.safe_move(&s), Some(Move::BatFound(0, 0)));
        play(&g, &mut s, "b1>f1");
        // 5C on F1 (AC 3C) while F2 shows AC: the other 3C is not up, not safe.
        assert_eq!(s.battery[2].top(), Some(card("5C")));
        assert_eq!(g.safe_move(&s), Some(Move::BatFound(1, 8)), "4C is");
        play(&g, &mut s, "b2>f9");
        assert_eq!(g.safe_move(&s), None, "5C and 6C wait for the other 3C, 4C");
    }

    #[test]
    fn options_are_refused() {
        let opts = [("passes".to_string(), crate::game::OptValue::Int(3))];
        assert!(MountOlympus::from_options(&opts).is_err());
        assert!(g().start(cards("3C 4C"), SplitMix64::new(0)).is_err());
    }

    /// Positions along a walk that mostly turns the pack (a move `turn` or `redeal` when
    /// legal, three times in four), so that the stock runs out and many are lost.
    fn hasty_positions(seed: u64) -> Vec<State> {
        let g = g();
        let mut rng = SplitMix64::new(seed);
        let mut s = deal(&g, seed);
        let mut out = Vec::new();
        for step in 0..400 {
            let legal = crate::testing::moves(&g, &s);
            if legal.is_empty() {
                break;
            }
            let stock: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Turn | Move::Redeal))
                .collect();
            let r = rng.next_u64();
            let m = if !stock.is_empty() && !r.is_multiple_of(4) {
                stock[0]
            } else {
                legal[(r >> 8) as usize % legal.len()]
            };
            g.play(&mut s, m);
            if step % 25 == 0 {
                out.push(s);
            }
        }
        out.push(s);
        out
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&g(), 0..10, 600, 60, 5_000);
        assert!(a.won >= 40, "{a:?}");
        let mut b = crate::testing::Agreement::default();
        for seed in 0..16 {
            b += crate::testing::pruning_agrees_on(&g(), &hasty_positions(seed), 5_000);
        }
        assert!(b.won >= 30 && b.lost >= 50, "{b:?}");
    }

    #[test]
    fn some_deals_are_won_and_the_lines_replay() {
        let g = g();
        let mut won = 0;
        for seed in 1..=6 {
            let s = deal(&g, seed);
            let o = solve_limited(&g, &s, 200_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&g, &s, &o.moves);
                won += 1;
            }
        }
        assert!(won >= 1, "no deal won");
    }

    #[test]
    fn equal_keys_hold_the_same_cards() {
        let g = g();
        let mut seen = std::collections::HashMap::new();
        for seed in 0..20 {
            walk(&g, &deal(&g, seed), 300, seed, |s| {
                let mut bat: Vec<Vec<Card>> =
                    s.battery.iter().map(|b| b.cards().to_vec()).collect();
                bat.sort();
                let info = (bat, s.stock.key_bits(), s.stock.pass);
                if let Some(prev) = seen.insert(g.key(s), info.clone()) {
                    assert_eq!(prev, info, "{}", g.key_text(s));
                }
            });
        }
    }
}
