//! THE SQUARE (`square`), from `rules/square.md` and `docs/notation/square.md`.
//!
//! # Layout and deal
//! Two packs. Sixteen places S1..S16, four rows of four, dealt S1, S2, ..., S16, one card
//! each. A card so dealt that is an ace whose suit has no foundation yet goes at once to
//! that suit's foundation and the same place takes the next card (CONVENTIONS 4.5); a
//! second ace of a suit is dealt like any card. The rest is the pack, face down.
//!
//! # Foundations
//! F1..F4 for clubs, diamonds, hearts, spades. Each goes up A..K, takes the second king,
//! then goes down Q..A: 26 cards, the whole suit of both packs. A packet top or the talon
//! top that is its foundation's next card may go there (an ace that starts a foundation
//! after the deal too).
//!
//! # The Square
//! Only a packet's top is available. It, or the talon top, may be married onto another
//! packet's top of the same suit exactly one rank higher or lower (no wrap).
//!
//! # Spaces
//! After every move the lowest-numbered empty place takes the talon top, or the pack top
//! when the talon is empty, repeatedly; with both empty a place stays empty for good and
//! takes nothing.
//!
//! # Pack and talon
//! `turn` turns one card onto the talon; one pass, no re-deal. There is no option.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - The stock macro ([`Stock::reachable_tops`]), grown for the refill: "turn k times, then
//!   play the talon top", and "turn k times, then move the last card of a packet" (its
//!   place is then refilled with the talon top that k turns brought). Proof: a turn
//!   changes nothing but the stock and sets off nothing (no place is empty while the pack
//!   has cards); a move that neither takes the talon top nor empties a packet leaves the
//!   stock alone and is not affected by it, so it can be played before the turns in front
//!   of it. Every line is thus such macros and plain moves (no line ends with turns: the
//!   last move of a win puts a card on a foundation).
//! - Safe move: a packet's top X that is the next card of a foundation on its way down
//!   (the second copy of its rank) goes up, if a card lies under it or the stock is out.
//!   Proof: the cards of X's suit not home are then one copy each of X's rank and below,
//!   so only the next card of the foundation can ever be married onto X, and onto that
//!   only the next again. Take a won line L; after X goes up play L, but a card of the set
//!   H (X, and each card L marries onto a card of H) goes up where L marries it onto H,
//!   and L's moves of H cards are left out. Every H card of L's position lies on a card
//!   not in H or on H cards (X lay on one; a card of H moves only onto a card of its
//!   suit), so the packets are L's less their H cards on top, no packet empties in one
//!   and not the other, refills and the stock go alike, and a card of H goes up exactly
//!   as the foundation's next (H is the run of cards below the foundation's top that L
//!   has not yet put up). With the stock out an emptied place takes nothing (so X may be
//!   alone); a talon top is left out (the refill may take it).
//! - Key symmetry: the sixteen places are alike (no rule names one: at most one place is
//!   empty at a time while the stock has cards, and none is refilled once it is out), so
//!   the packets are sorted. Foundations are fixed by suit.

use crate::card::{Card, ACE};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{
    sort_among, BitWriter, Build, Dealer, Dir, Ladder, Ladders, Pile, Space, Stock, StockRule,
    SuitRule,
};

pub const SLUG: &str = "square";

/// THE SQUARE has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
/// A foundation's ranks: up from the ace to the king, the second king, down to the ace.
const RANKS: [u8; 26] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
];
const FOUNDATIONS: Ladder = Ladder {
    ranks: Some(&RANKS),
    len: 26,
    ..Ladder::ACE_UP
};
/// Marrying: same suit, one rank up or down, no wrap; nothing goes into an empty place.
const MARRY: Build = Build::new(Dir::Either, SuitRule::Same).spaces(Space::Never);
const PACKETS: usize = 16;
/// Source index of the talon (0..16 are the places).
const TALON: u8 = 16;
/// Destination index of the foundations (0..16 are the places): the card's suit's one.
const FOUND: u8 = 16;
const STOCK: StockRule = StockRule::ONE_PASS;

fn packet(i: usize) -> Place {
    Place::at("S", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct Square;

impl Square {
    /// Build from user options: THE SQUARE has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Square)
    }
}

/// A position. A packet holds one suit only (every card married on it follows suit), so
/// 26 cards at most.
#[derive(Copy, Clone, Debug)]
pub struct State {
    packets: [Pile<26>; PACKETS],
    /// Place `p` is the foundation of suit `p`.
    found: Ladders<4>,
    stock: Stock<88>,
}

/// One move: `Play(from, to)` takes the card of source `from` (a place or [`TALON`]) to
/// `to` (a place or [`FOUND`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Turn,
    Play(u8, u8),
    /// Solver only: `steps` turns, then `Play(from, to)`.
    Stock(u8, u8, u8),
}

impl State {
    fn source(&self, from: u8) -> Option<Card> {
        if from == TALON {
            self.stock.talon_top()
        } else {
            self.packets[from as usize].top()
        }
    }
    /// Does `c` go on its suit's foundation now?
    fn fits_up(&self, c: Card) -> bool {
        FOUNDATIONS.accepts(&self.found, c.suit().into(), c)
    }
    /// May `c` be married onto place `to`?
    fn fits_on(&self, to: usize, c: Card) -> bool {
        self.packets[to].top().is_some_and(|t| MARRY.fits(t, c))
    }
    /// The refill (automatic): the lowest-numbered empty place takes the talon top, or
    /// the pack top when there is no talon, while both last.
    fn refill(&mut self) {
        for p in 0..PACKETS {
            if self.packets[p].is_empty() {
                let c = self.stock.take_talon().or_else(|| self.stock.take_pack());
                let Some(c) = c else { return };
                self.packets[p].push(c);
            }
        }
    }
    /// Foundation plays and marriages from the places `from` (in order) and the talon.
    fn plays(&self, out: &mut Vec<Move>) {
        for from in 0..=TALON {
            if self.source(from).is_some_and(|c| self.fits_up(c)) {
                out.push(Move::Play(from, FOUND));
            }
        }
        for from in 0..=TALON {
            let Some(c) = self.source(from) else {
                continue;
            };
            for to in (0..PACKETS).filter(|&to| to != from as usize && self.fits_on(to, c)) {
                out.push(Move::Play(from, to as u8));
            }
        }
    }
}

impl Game for Square {
    type State = State;
    type Move = Move;
    type Key = [u64; 6];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Square",
            pack: PackSpec::Standard(2),
            options: infos(OPTIONS),
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let mut d = Dealer::new(&cards);
        let mut found = Ladders::new();
        let mut packets = [Pile::new(); PACKETS];
        for p in &mut packets {
            let c = d.next_staying(|c| {
                let starts = c.rank() == ACE && found.count(c.suit().into()) == 0;
                if starts {
                    FOUNDATIONS.put(&mut found, c.suit().into(), c);
                }
                starts
            });
            p.push(c.ok_or_else(|| EngineError::BadDeal("too few cards".into()))?);
        }
        Ok(State {
            packets,
            found,
            stock: Stock::new(d.rest()),
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        s.plays(out);
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Play(from, to) => {
                let c = if from == TALON {
                    s.stock.take_talon()
                } else {
                    s.packets[from as usize].pop()
                };
                let Some(c) = c else { return };
                if to == FOUND {
                    FOUNDATIONS.put(&mut s.found, c.suit().into(), c);
                } else {
                    s.packets[to as usize].push(c);
                }
                s.refill();
            }
            Move::Stock(steps, from, to) => {
                s.stock.macro_steps(&STOCK, steps);
                self.play(s, Move::Play(from, to));
            }
        }
    }

    /// Side searches for wins beside the proving search ([`Game::side_searches`]):
    /// measured on seeds 1-20 at 2 s a deal, one core: 1 decided with them, 0 without.
    fn side_searches(&self) -> bool {
        true
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, s: &State, m: Move) -> String {
        let src = |from: u8| {
            if from == TALON {
                Place::named("talon")
            } else {
                packet(from.into())
            }
        };
        match m {
            Move::Turn => "turn".into(),
            Move::Play(from, FOUND) => {
                let suit = s.source(from).map_or(0, |c| c.suit().into());
                move_text(src(from), found(suit))
            }
            Move::Play(from, to) => move_text(src(from), packet(to.into())),
            Move::Stock(steps, from, to) => format!("stock:{steps}:{from}>{to}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, p) in s.packets.iter().enumerate() {
            k.pile(packet(i), p.cards(), 0);
        }
        for p in 0..4 {
            k.pile(found(p), &FOUNDATIONS.cards(&s.found, p), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len());
        k.pile(Place::named("talon"), &talon, 0);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..4).map(|i| (found(i), s.found.top(i))));
        p.stock(&s.stock, None);
        for (i, c) in s.packets.iter().enumerate() {
            p.pile(packet(i), c.cards(), 0);
        }
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 6] {
        // Foundation counts (4 x 5 bits), the stock's cards left (88 bits) and cursor (7),
        // then the packets in sorted order, each as its length (5 bits) and, if any, its
        // bottom card (6) and one bit per card above it (1: one rank up; the suit is the
        // bottom's). At most 20 + 95 + 16 x 11 + 88 = 379 bits. Exact for one deal.
        let mut w = BitWriter::<6>::new();
        for p in 0..4 {
            w.put(u64::from(s.found.count(p)), 5);
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, 24);
        w.put(u64::from(cursor), 7);
        let mut codes = [0u64; PACKETS];
        for (code, p) in codes.iter_mut().zip(&s.packets) {
            let cards = p.cards();
            let Some(first) = cards.first() else { continue };
            let mut dirs = 0u64;
            for (i, pair) in cards.windows(2).enumerate() {
                dirs |= u64::from(pair[1].rank() > pair[0].rank()) << i;
            }
            *code = cards.len() as u64 | (first.index() as u64) << 5 | dirs << 11;
        }
        sort_among(&mut codes, |_| true);
        for code in codes {
            let len = code & 31;
            w.put(len, 5);
            if len > 0 {
                w.put(code >> 5 & 63, 6);
                w.put(code >> 11, len as usize - 1);
            }
        }
        w.finish()
    }

    /// A packet's top going up on the way down (module docs, Solver).
    fn safe_move(&self, s: &State) -> Option<Move> {
        (0..PACKETS).find_map(|i| {
            let (p, out) = (&s.packets[i], s.stock.is_empty());
            let c = p.top().filter(|&c| s.fits_up(c) && (p.len() > 1 || out))?;
            (s.found.count(c.suit().into()) >= 13).then_some(Move::Play(i as u8, FOUND))
        })
    }

    /// Foundation plays, then marriages, the talon's by the stock macro; then, for every
    /// talon top that turning brings, each move of a packet's last card (the place is
    /// refilled with that top).
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        let mut tops = [(Card::default(), 0u8); 88];
        let mut n = 0;
        s.stock.reachable_tops(&STOCK, |c, steps| {
            tops[n] = (c, steps);
            n += 1;
        });
        for from in 0..TALON {
            if s.source(from).is_some_and(|c| s.fits_up(c)) {
                out.push(Move::Play(from, FOUND));
            }
        }
        for &(c, steps) in &tops[..n] {
            if s.fits_up(c) {
                out.push(Move::Stock(steps, TALON, FOUND));
            }
        }
        let mut last = Vec::new();
        for from in 0..PACKETS {
            let Some(c) = s.packets[from].top() else {
                continue;
            };
            for to in (0..PACKETS).filter(|&to| to != from && s.fits_on(to, c)) {
                out.push(Move::Play(from as u8, to as u8));
                if s.packets[from].len() == 1 {
                    last.push((from as u8, to as u8));
                }
            }
            if s.packets[from].len() == 1 && s.fits_up(c) {
                last.push((from as u8, FOUND));
            }
        }
        for &(c, steps) in &tops[..n] {
            for to in (0..PACKETS).filter(|&to| s.fits_on(to, c)) {
                out.push(Move::Stock(steps, TALON, to as u8));
            }
        }
        for &(_, steps) in tops[..n].iter().filter(|&&(_, k)| k > 0) {
            for &(from, to) in &last {
                out.push(Move::Stock(steps, from, to));
            }
        }
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Stock(steps, from, to) = m else {
            return out.push(m);
        };
        let mut t = *s;
        t.stock
            .expand_macro(&STOCK, steps, Move::Turn, Move::Turn, out);
        out.push(Move::Play(from, to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal_cards, play, pruning_agrees, pruning_agrees_on, solve_limited,
        sorted_texts, unshuffled,
    };

    /// A position from its packets S1..S16, foundations F1..F4 (cards bottom first) and
    /// pack (top first).
    fn position(packets: [&str; 16], found: [&str; 4], pack: &str) -> State {
        let mut s = State {
            packets: [Pile::new(); PACKETS],
            found: Ladders::new(),
            stock: Stock::new(&cards(pack)),
        };
        for (p, text) in packets.iter().enumerate() {
            s.packets[p] = Pile::of(&cards(text), 0);
        }
        for (f, text) in found.iter().enumerate() {
            for c in cards(text) {
                FOUNDATIONS.put(&mut s.found, f, c);
            }
        }
        s
    }

    #[test]
    fn the_deal_and_its_key() {
        let g = Square;
        let s = deal_cards(&g, unshuffled(PackSpec::Standard(2)));
        // AC is dealt to S1 and goes up, 2C replaces it; KC is dealt to S12, AD to S13
        // (up, replaced by 2D), then 3D 4D 5D. The pack: 6D on top.
        let mut pack = String::new();
        for copy in [2, 1] {
            for suit in ["s", "h", "d", "c"] {
                for r in "kqjt98765432a".chars() {
                    if copy == 1 && (suit == "c" || suit == "d" && "5432a".contains(r)) {
                        continue;
                    }
                    pack.push(r);
                    pack.push_str(suit);
                }
            }
        }
        assert_eq!(
            g.key_text(&s),
            format!(
                "S1:2C S2:3C S3:4C S4:5C S5:6C S6:7C S7:8C S8:9C S9:TC S10:JC S11:QC S12:KC \
                 S13:2D S14:3D S15:4D S16:5D F1:AC F2:AD F3: F4: pack:{pack} talon:"
            )
        );
        // 2C and 2D go up; neighbours in a row of clubs or diamonds marry both ways.
        let mut want = vec!["s1>f1".to_string(), "s13>f2".into(), "turn".into()];
        for (lo, hi) in [(1, 12), (13, 16)] {
            for i in lo..hi {
                want.push(format!("s{i}>s{}", i + 1));
                want.push(format!("s{}>s{i}", i + 1));
            }
        }
        want.sort();
        assert_eq!(sorted_texts(&g, &s), want);
    }

    /// A deal: `first` as its first cards, then the rest of the two packs in unshuffled
    /// order (the first copies of `first`'s cards taken out).
    fn deal_with(first: &str) -> State {
        let mut rest = unshuffled(PackSpec::Standard(2));
        let mut pack = cards(first);
        for c in &pack {
            let i = rest.iter().position(|x| x == c).unwrap();
            rest.remove(i);
        }
        pack.extend(rest);
        deal_cards(&Square, pack)
    }

    #[test]
    fn a_second_ace_is_dealt_like_any_card() {
        // S1: AH goes up, the second AH stays. S3: AC goes up, 2C stays; S15: AD up, 2D.
        let s = deal_with("AH AH 5S");
        let key = Square.key_text(&s);
        assert!(key.starts_with("S1:AH S2:5S S3:2C S4:3C "), "{key}");
        assert!(key.contains(" S14:KC S15:2D S16:3D F1:AC F2:AD F3:AH F4: pack:"));
    }

    #[test]
    fn a_space_is_refilled_from_the_talon_then_the_pack() {
        let g = Square;
        let mut s = deal_cards(&g, unshuffled(PackSpec::Standard(2)));
        // 2C up: S1 is empty with no talon, the pack's 6D fills it.
        play(&g, &mut s, "s1>f1");
        assert!(g.key_text(&s).starts_with("S1:6D S2:3C "));
        // 7D turned; 6D married onto 5D: S1 takes the talon's 7D.
        play(&g, &mut s, "turn");
        play(&g, &mut s, "s1>s16");
        let key = g.key_text(&s);
        assert!(key.starts_with("S1:7D S2:3C "), "{key}");
        assert!(key.contains(" S16:5D6D F1:AC2C F2:AD F3: F4: "), "{key}");
        assert!(key.ends_with(" talon:"), "{key}");
        // The talon's 8D marries onto 7D (S1), and 9D goes nowhere but the talon.
        play(&g, &mut s, "turn");
        assert!(sorted_texts(&g, &s).contains(&"talon>s1".to_string()));
        play(&g, &mut s, "talon>s1");
        assert!(g.key_text(&s).starts_with("S1:7D8D S2:3C "));
    }

    #[test]
    fn foundations_go_up_then_down_with_the_second_king() {
        let g = Square;
        let mut p: [&str; 16] = [""; 16];
        p[..5].copy_from_slice(&["KC", "QC", "KC", "2H", "AS"]);
        let up = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC";
        let mut s = position(p, [up, "", "", ""], "");
        // Either KC goes up, QC not yet; 2H waits for its ace, AS starts F4. QC marries
        // either king and either king the queen; two kings never marry. Nothing goes
        // into the empty places (pack and talon are out).
        assert_eq!(
            sorted_texts(&g, &s),
            ["s1>f1", "s1>s2", "s2>s1", "s2>s3", "s3>f1", "s3>s2", "s5>f4"]
        );
        play(&g, &mut s, "s1>f1");
        assert_eq!(sorted_texts(&g, &s), ["s2>s3", "s3>f1", "s3>s2", "s5>f4"]);
        play(&g, &mut s, "s3>f1");
        play(&g, &mut s, "s2>f1");
        assert_eq!(
            g.key_text(&s),
            "S1: S2: S3: S4:2H S5:AS S6: S7: S8: S9: S10: S11: S12: S13: S14: S15: S16: \
             F1:AC2C3C4C5C6C7C8C9CTCJCQCKCKCQC F2: F3: F4: pack: talon:"
        );
        assert_eq!(sorted_texts(&g, &s), ["s5>f4"]);
        play(&g, &mut s, "s5>f4");
        assert!(sorted_texts(&g, &s).is_empty(), "over, and lost");
        assert!(!g.is_won(&s));
    }

    #[test]
    fn a_won_line_replays() {
        // All of clubs and diamonds of one pack in the Square as runs to reverse, the rest
        // in an order that comes up as needed: the unshuffled two packs.
        let g = Square;
        let s = deal_cards(&g, unshuffled(PackSpec::Standard(2)));
        let out = solve_limited(&g, &s, 200_000, false);
        assert_eq!(out.verdict, Verdict::Won);
        assert_replays(&g, &s, &out.moves);
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&Square, 0..16, 600, 40, 10_000);
        assert!(a.lost >= 15, "{a:?}");
        // Positions along the won line of the unshuffled packs, from its end (every fifth:
        // the line has its cycles cut, so it is short).
        let s = deal_cards(&Square, unshuffled(PackSpec::Standard(2)));
        let out = solve_limited(&Square, &s, 200_000, false);
        let mut line = vec![s];
        for &m in &out.moves {
            let mut t = *line.last().unwrap();
            Square.play(&mut t, m);
            line.push(t);
        }
        let b = pruning_agrees_on(&Square, line.iter().rev().step_by(5).take(12), 10_000);
        assert!(b.won >= 6, "{b:?}");
    }

    #[test]
    fn a_card_goes_up_safely_on_the_way_down_only() {
        let g = Square;
        let safe = |s: &State| g.safe_move(s).map(|m| g.move_text(s, m));
        let mut p: [&str; 16] = ["9D"; 16];
        p[0] = "5H QC";
        let up = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC";
        let down = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KC";
        // On the way up the other QC and both KC could still marry onto QC.
        assert_eq!(safe(&position(p, [up, "", "", ""], "3S")), None);
        assert_eq!(
            safe(&position(p, [down, "", "", ""], "3S")).as_deref(),
            Some("s1>f1")
        );
        // Alone in its place while the stock has cards: the refill would differ.
        p[0] = "QC";
        assert_eq!(safe(&position(p, [down, "", "", ""], "3S")), None);
        assert_eq!(
            safe(&position(p, [down, "", "", ""], "")).as_deref(),
            Some("s1>f1")
        );
        // A talon top is left out.
        p[0] = "5H";
        let mut s = position(p, [down, "", "", ""], "QC 3S");
        play(&g, &mut s, "turn");
        assert_eq!(s.stock.talon_top(), Some(cards("QC")[0]));
        assert_eq!(safe(&s), None);
    }

    /// A late position: `k` cards taken back from the tops of the full foundations and
    /// spread at random over the places and the pack (empty places then refilled).
    fn endgame(seed: u64, k: usize) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut r = |n: usize| (rng.next_u64() % n as u64) as usize;
        let mut s = position([""; 16], [""; 4], "");
        for f in 0..4 {
            for &rank in &RANKS {
                FOUNDATIONS.put(&mut s.found, f, Card::new(rank, f as u8));
            }
        }
        let mut pack = Vec::new();
        for _ in 0..k {
            let c = FOUNDATIONS.take(&mut s.found, r(4)).unwrap();
            match r(3) {
                0 => pack.push(c),
                _ => s.packets[r(PACKETS)].push(c),
            }
        }
        s.stock = Stock::new(&pack);
        s.refill();
        s
    }

    #[test]
    fn the_safe_move_agrees_with_plain_search() {
        let g = Square;
        // Late positions (the safe move fires at most of them), and positions of random
        // walks from the deal where it fires, solved both ways.
        let mut at: Vec<State> = (0..200).map(|i| endgame(i, 10 + i as usize % 40)).collect();
        let fires = at.iter().filter(|s| g.safe_move(s).is_some()).count();
        for seed in 0..40 {
            let start = crate::testing::deal(&g, seed);
            crate::testing::walk(&g, &start, 600, seed, |s| {
                if g.safe_move(s).is_some() {
                    at.push(*s);
                }
            });
        }
        let a = pruning_agrees_on(&g, &at, 5_000);
        assert!(
            fires >= 120 && a.won >= 100 && a.lost >= 30,
            "{fires} {a:?}"
        );
    }

    const GAMES: [Square; 1] = [Square];

    fn canonical(s: &State) -> (Vec<Vec<Card>>, [u8; 4], Vec<Card>, Vec<Card>) {
        let mut p: Vec<Vec<Card>> = s.packets.iter().map(|p| p.cards().to_vec()).collect();
        p.sort();
        let f = std::array::from_fn(|i| s.found.count(i));
        (p, f, s.stock.pack().collect(), s.stock.talon().collect())
    }

    /// The solver key is exact up to its symmetries: along random walks, two positions
    /// have the same key exactly when their canonical forms (worked out here from the
    /// places, the symmetry applied by sorting) are equal.
    #[test]
    fn keys_are_exact_up_to_the_symmetries() {
        use std::collections::HashMap;
        let (mut by_key, mut by_canon) = (HashMap::new(), HashMap::new());
        for g in GAMES {
            for seed in 0..12 {
                crate::testing::walk(&g, &crate::testing::deal(&g, seed), 300, seed, |s| {
                    let canon = canonical(s);
                    let key = g.key(s);
                    assert_eq!(*by_key.entry(key).or_insert(canon.clone()), canon);
                    assert_eq!(*by_canon.entry(canon).or_insert(key), key);
                });
            }
        }
        assert!(by_key.len() > 1000, "{}", by_key.len());
    }
}
