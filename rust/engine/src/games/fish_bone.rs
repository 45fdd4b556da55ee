//! THE FISH-BONE (`fish-bone`), from `rules/fish-bone.md` and `docs/notation/fish-bone.md`.
//!
//! Over the 400-line budget by the proofs: the rules take about 300 lines on the parts; the
//! rest is the solver's (the cut stock macro, the safe move with two knave places a suit,
//! the key's symmetries) and its arguments in this comment.
//!
//! # Layout and deal
//! Two packs. Cards 1-6 go to the gridiron G1..G6, one card each; the other 98 are the
//! pack, card 7 on top. Beside the gridiron are eight knave places F1..F8, each with a
//! king slot KSi and a queen slot QSi, all empty. The automatic steps follow the deal.
//!
//! # Foundations
//! The knaves are the foundations, each built down in its suit J, 10, ..., A (11 cards).
//! Kings and queens are not built: each sits in the slot of a placed knave of its suit.
//!
//! # Automatic steps
//! After the deal and after every move, until none applies: an available knave (the
//! first of G1..G6, then the talon top) goes to the lowest-numbered empty knave place;
//! otherwise an available king or queen (first in the same order) whose suit has a placed
//! knave with that slot empty goes there (the lowest-numbered such knave).
//!
//! # The gridiron
//! The available cards are the gridiron tops and the talon top. Either may go onto a knave
//! place of its suit whose top is one rank higher (each place that takes it is a move).
//! The talon top (never a king or queen) may be married onto a gridiron top of its suit one
//! rank lower, or fill an empty gridiron place, whenever the player likes.
//!
//! # Pack, talon and re-deal
//! `turn` turns one card onto the talon; one `redeal` (pack empty, talon not) turns the
//! talon over as it lies. There is no option.
//!
//! # End
//! Won with the knave places full and every king and queen in its slot; otherwise lost
//! when no move is left.
//!
//! # Solver
//! - The stock macro, cut where a turn sets off an automatic step
//!   ([`Stock::reachable_tops_until`]): turning a knave, or a king or queen whose slot is
//!   open, is a cut (the slots open only when a knave is placed, which no move of the
//!   player does, so which cards cut is fixed for the walk). Before the cut, turns change
//!   nothing but the stock and every move that does not use the talon top neither touches
//!   the stock nor depends on it (a gridiron card uncovered is never a king, queen or
//!   knave), so the turns of a line can be gathered in front of the talon play using them;
//!   a line that goes past the cut passes through it, one more macro.
//! - Safe moves: a card to a knave place when both copies of its suit's next rank up (the
//!   cards that could rest on it on the gridiron; for a ten, the knaves) are on the knave
//!   places, and, from the talon, when the card beneath it is no king or queen. The
//!   argument of [`crate::parts::safe`], with two more steps. (a) Nothing compulsory comes
//!   of the move: what it uncovers on the gridiron is never a king, queen or knave, nor on
//!   the talon by the condition, and an emptied gridiron place is filled only by choice.
//!   (b) Two knave places of one suit: both are down (they hold the two copies of the
//!   rank above), and those that take the card show that rank, so each takes only this
//!   card or its twin; if only one does, the twin is already up (the other place is past
//!   the card's rank). In the winning line, the first of the two to go onto such a place
//!   goes onto the one still open, and from then the two lines differ only by the names
//!   of the places of that suit.
//! - Key symmetries: the gridiron places are alike (their numbers only order the automatic
//!   steps, whose result does not depend on it), so the piles are sorted; the two knave
//!   places of a suit are alike, keyed as their heights sorted and the number of kings and
//!   queens of the suit in slots.

use crate::card::{Card, JACK, KING, QUEEN};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{
    sort_among, Base, BitWriter, Dealer, Dir, Ladder, Ladders, Pile, Stock, StockRule,
};

pub const SLUG: &str = "fish-bone";

/// THE FISH-BONE has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];
/// The knave places: from the knave down in suit to the ace.
const FOUNDATIONS: Ladder = Ladder {
    dir: Dir::Down,
    base: Base::Rank(JACK),
    len: 11,
    ..Ladder::ACE_UP
};
const GRID: usize = 6;
const KNAVES: usize = 8;
/// Source index of the talon (0..6 are the gridiron places).
const TALON: u8 = 6;
/// Destination index of knave place F1 (0..6 are the gridiron places; F(i+1) is
/// `FIRST_F + i`).
const FIRST_F: u8 = 6;
const STOCK: StockRule = StockRule {
    draw: 1,
    passes: Some(2),
    shuffled: false,
};

fn grid(i: usize) -> Place {
    Place::at("G", i)
}
fn knave(i: usize) -> Place {
    Place::at("F", i)
}
/// Kings and queens go to slots only, never onto the gridiron.
fn is_court(c: Card) -> bool {
    c.rank() == KING || c.rank() == QUEEN
}

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct FishBone;

impl FishBone {
    /// Build from user options: THE FISH-BONE has none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(FishBone)
    }
}

/// A position. A gridiron pile is its bottom card and a run up in its suit to a ten at
/// most: ten cards at most.
#[derive(Copy, Clone, Debug)]
pub struct State {
    grid: [Pile<10>; GRID],
    found: Ladders<KNAVES>,
    /// Bit i: the king slot (queen slot) of knave place i holds its card.
    kings: u8,
    queens: u8,
    stock: Stock<98>,
}

/// One move: `Play(from, to)` takes the card of source `from` (a gridiron place or
/// [`TALON`]) to `to` (a gridiron place, or knave place `to - FIRST_F`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Turn,
    Redeal,
    Play(u8, u8),
    /// Solver only: `steps` stock steps, then the talon top to `to`.
    Stock(u8, u8),
    /// Solver only: `steps` stock steps, the last turning a card that plays at once.
    Cut(u8),
}

impl State {
    fn source(&self, from: u8) -> Option<Card> {
        if from == TALON {
            self.stock.talon_top()
        } else {
            self.grid[from as usize].top()
        }
    }
    fn take(&mut self, from: u8) -> Option<Card> {
        if from == TALON {
            self.stock.take_talon()
        } else {
            self.grid[from as usize].pop()
        }
    }
    /// The knave place whose slot would take the king or queen `c` now, if any.
    fn slot_for(&self, c: Card) -> Option<usize> {
        let filled = if c.rank() == KING {
            self.kings
        } else {
            self.queens
        };
        (0..KNAVES).find(|&f| {
            filled & (1 << f) == 0 && self.found.top(f).is_some_and(|t| t.suit() == c.suit())
        })
    }
    /// Would `c`, once available, be played by the game at once?
    fn plays_at_once(&self, c: Card) -> bool {
        c.rank() == JACK || (is_court(c) && self.slot_for(c).is_some())
    }
    /// The automatic steps, in the rule's order, until none applies.
    fn settle(&mut self) {
        loop {
            let avail = |s: &State, want: &dyn Fn(&State, Card) -> bool| {
                (0..=TALON).find(|&f| s.source(f).is_some_and(|c| want(s, c)))
            };
            if let Some(from) = avail(self, &|_, c| c.rank() == JACK) {
                let c = self.take(from).unwrap_or_default();
                if let Some(f) = FOUNDATIONS.first_dest(&self.found, c) {
                    FOUNDATIONS.put(&mut self.found, f, c);
                }
            } else if let Some(from) = avail(self, &|s, c| is_court(c) && s.slot_for(c).is_some()) {
                let c = self.take(from).unwrap_or_default();
                let f = self.slot_for(c).unwrap_or_default();
                if c.rank() == KING {
                    self.kings |= 1 << f;
                } else {
                    self.queens |= 1 << f;
                }
            } else {
                return;
            }
        }
    }
    /// May the card of `from` go onto knave place `f` (a started one)?
    fn fits_knave(&self, f: usize, c: Card) -> bool {
        self.found.count(f) > 0 && FOUNDATIONS.accepts(&self.found, f, c)
    }
    /// May the talon card `c` go onto (or into) gridiron place `g`?
    fn fits_grid(&self, g: usize, c: Card) -> bool {
        !is_court(c)
            && self.grid[g]
                .top()
                .is_none_or(|t| t.suit() == c.suit() && t.rank() + 1 == c.rank())
    }
    /// Every play of source `from`'s card onto a knave place.
    fn knave_plays(&self, from: u8, out: &mut Vec<Move>) {
        if let Some(c) = self.source(from) {
            for f in (0..KNAVES).filter(|&f| self.fits_knave(f, c)) {
                out.push(Move::Play(from, FIRST_F + f as u8));
            }
        }
    }
}

impl Game for FishBone {
    type State = State;
    type Move = Move;
    type Key = [u64; 4];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Fish-Bone",
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
        let mut grid = [Pile::new(); GRID];
        d.row(&mut grid, 0..GRID, false);
        let mut s = State {
            grid,
            found: Ladders::new(),
            kings: 0,
            queens: 0,
            stock: Stock::new(d.rest()),
        };
        s.settle();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for from in 0..=TALON {
            s.knave_plays(from, out);
        }
        if let Some(c) = s.stock.talon_top() {
            for g in (0..GRID).filter(|&g| s.fits_grid(g, c)) {
                out.push(Move::Play(TALON, g as u8));
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
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Redeal => s.stock.turn_over(),
            Move::Play(from, to) => {
                let Some(c) = s.take(from) else { return };
                if to >= FIRST_F {
                    FOUNDATIONS.put(&mut s.found, (to - FIRST_F).into(), c);
                } else {
                    s.grid[to as usize].push(c);
                }
            }
            Move::Stock(steps, to) => {
                s.stock.macro_steps(&STOCK, steps);
                return self.play(s, Move::Play(TALON, to));
            }
            Move::Cut(steps) => s.stock.macro_steps(&STOCK, steps),
        }
        s.settle();
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found) && s.kings == 0xff && s.queens == 0xff
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let src = |from: u8| {
            if from == TALON {
                Place::named("talon")
            } else {
                grid(from.into())
            }
        };
        match m {
            Move::Turn => "turn".into(),
            Move::Redeal => "redeal".into(),
            Move::Play(from, to) if to >= FIRST_F => {
                move_text(src(from), knave((to - FIRST_F).into()))
            }
            Move::Play(from, to) => move_text(src(from), grid(to.into())),
            Move::Stock(steps, to) => format!("stock:{steps}>{to}"),
            Move::Cut(steps) => format!("cut:{steps}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, p) in s.grid.iter().enumerate() {
            k.pile(grid(i), p.cards(), 0);
        }
        for f in 0..KNAVES {
            k.pile(knave(f), &FOUNDATIONS.cards(&s.found, f), 0);
        }
        for (kind, rank, filled) in [("KS", KING, s.kings), ("QS", QUEEN, s.queens)] {
            for f in 0..KNAVES {
                let card = s.found.top(f).filter(|_| filled & (1 << f) != 0);
                let card: Vec<Card> = card
                    .map(|t| Card::new(rank, t.suit()))
                    .into_iter()
                    .collect();
                k.pile(Place::at(kind, f), &card, 0);
            }
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len());
        k.pile(Place::named("talon"), &talon, 0);
        k.field("pass", s.stock.pass);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Knaves", (0..KNAVES).map(|f| (knave(f), s.found.top(f))));
        let slots = |filled: u8| -> String {
            (0..KNAVES)
                .map(|f| if filled & (1 << f) != 0 { 'x' } else { '-' })
                .collect()
        };
        p.line(&format!(
            "Kings: {}   Queens: {}",
            slots(s.kings),
            slots(s.queens)
        ));
        p.stock(&s.stock, STOCK.passes);
        for (i, c) in s.grid.iter().enumerate() {
            p.pile(grid(i), c.cards(), 0);
        }
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 4] {
        // Per suit: the heights of its two knave places sorted (2 x 4 bits) and its kings
        // and queens in slots (2 + 2); the stock's cards left (98 bits), cursor (7) and
        // pass (1); the gridiron piles sorted, each its length (4) and bottom card (6)
        // (the rest of a pile is the run up in suit from it). 48 + 106 + 60 = 214 bits.
        let mut w = BitWriter::<4>::new();
        let heights = s.found.suit_counts::<2>();
        for (suit, h) in heights.iter().enumerate() {
            let (lo, hi) = (h[0].min(h[1]), h[0].max(h[1]));
            let of_suit = |filled: u8| {
                (0..KNAVES)
                    .filter(|&f| filled & (1 << f) != 0)
                    .filter(|&f| s.found.top(f).is_some_and(|t| t.suit() as usize == suit))
                    .count() as u64
            };
            w.put(u64::from(lo) | u64::from(hi) << 4, 8);
            w.put(of_suit(s.kings) | of_suit(s.queens) << 2, 4);
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, 34);
        w.put(u64::from(cursor), 7);
        w.put(u64::from(s.stock.pass - 1), 1);
        let mut codes: [u64; GRID] = std::array::from_fn(|g| {
            let p = &s.grid[g];
            p.bottom()
                .map_or(0, |b| p.len() as u64 | (b.index() as u64) << 4)
        });
        sort_among(&mut codes, |_| true);
        for c in codes {
            w.put(c, 10);
        }
        w.finish()
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        // Both copies of `x` on the knave places: two places of its suit past it.
        let up = |x: Card| {
            let past = |f: &usize| s.found.count(*f) > JACK - x.rank();
            let of_suit = |f: &usize| s.found.top(*f).is_some_and(|t| t.suit() == x.suit());
            (0..KNAVES).filter(of_suit).filter(past).count() == 2
        };
        let talon: Vec<Card> = s.stock.talon().collect();
        let beneath_ok = talon.len() < 2 || !is_court(talon[talon.len() - 2]);
        (0..=TALON).find_map(|from| {
            let c = s.source(from)?;
            let f = (0..KNAVES).find(|&f| s.fits_knave(f, c))?;
            // For a ten: both knaves of its suit placed.
            let rests_done = up(Card::new(c.rank() + 1, c.suit()));
            (rests_done && (from != TALON || beneath_ok))
                .then_some(Move::Play(from, FIRST_F + f as u8))
        })
    }

    /// Random playouts beside the search find wins its depth-first order reaches late
    /// (measured: of the 12 seeds of 1-30 still unknown at 3 s a deal without them, 8 are
    /// won with them).
    fn probes(&self) -> bool {
        true
    }

    /// Gridiron cards to the knave places, talon plays (macros) in the order the walk
    /// through the stock reaches the cards, each card to the knave places and then to the
    /// gridiron, and the cut of the walk last: the order in which the plain search meets
    /// them. Listing every card's knave plays before any gridiron play (as before) made
    /// the search skip near cards the gridiron wanted, burying them in the talon until
    /// the re-deal: a deal the plain search wins in 468 positions without a step back
    /// took 553,566; now 765 (measured, seeds 1-30 at 200,000 positions: 29 won, was
    /// 22; 443,579 positions in all, was 2,183,890).
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        for from in 0..TALON {
            s.knave_plays(from, out);
        }
        let mut tops = [(Card::default(), 0u8); 98];
        let mut n = 0;
        let cut = s.stock.reachable_tops_until(
            &STOCK,
            |c| s.plays_at_once(c),
            |c, k| {
                tops[n] = (c, k);
                n += 1;
            },
        );
        for &(c, steps) in &tops[..n] {
            for f in (0..KNAVES).filter(|&f| s.fits_knave(f, c)) {
                out.push(Move::Stock(steps, FIRST_F + f as u8));
            }
            for g in (0..GRID).filter(|&g| s.fits_grid(g, c)) {
                out.push(Move::Stock(steps, g as u8));
            }
        }
        if let Some(steps) = cut {
            out.push(Move::Cut(steps));
        }
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let mut t = *s;
        match m {
            Move::Stock(steps, to) => {
                t.stock
                    .expand_macro(&STOCK, steps, Move::Turn, Move::Redeal, out);
                out.push(Move::Play(TALON, to));
            }
            Move::Cut(steps) => t
                .stock
                .expand_macro(&STOCK, steps, Move::Turn, Move::Redeal, out),
            _ => out.push(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal_cards, play, pruning_agrees, pruning_agrees_on, solve_limited,
        sorted_texts, texts, unshuffled,
    };

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
        deal_cards(&FishBone, pack)
    }

    /// The key's slot segments when nothing is placed.
    fn no_slots() -> String {
        let ks: Vec<String> = (1..=8).map(|i| format!("KS{i}:")).collect();
        let qs: Vec<String> = (1..=8).map(|i| format!("QS{i}:")).collect();
        format!("{} {}", ks.join(" "), qs.join(" "))
    }

    #[test]
    fn the_deal_and_its_key() {
        let g = FishBone;
        let mut s = deal_cards(&g, unshuffled(PackSpec::Standard(2)));
        let mut pack = String::new();
        for copy in [2, 1] {
            for suit in ["s", "h", "d", "c"] {
                for r in "kqjt98765432a".chars() {
                    if copy == 1 && suit == "c" && "65432a".contains(r) {
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
                "G1:AC G2:2C G3:3C G4:4C G5:5C G6:6C F1: F2: F3: F4: F5: F6: F7: F8: {} \
                 pack:{pack} talon: pass:1",
                no_slots()
            )
        );
        assert_eq!(texts(&g, &s), ["turn"]);
        play(&g, &mut s, "turn");
        assert_eq!(sorted_texts(&g, &s), ["talon>g6", "turn"]);
    }

    #[test]
    fn knaves_kings_and_queens_of_the_gridiron_are_placed_at_once() {
        let g = FishBone;
        let s = deal_with("JC KC 5H QC 4H JC");
        let key = g.key_text(&s);
        assert!(
            key.starts_with(
                "G1: G2: G3:5H G4: G5:4H G6: F1:JC F2:JC F3: F4: F5: F6: F7: F8: \
                 KS1:KC KS2: KS3: KS4: KS5: KS6: KS7: KS8: QS1:QC QS2: "
            ),
            "{key}"
        );
        // A heart five and four stay; the empty places take the talon top by choice.
        let mut s = s;
        play(&g, &mut s, "turn");
        let t = sorted_texts(&g, &s);
        assert!(t.contains(&"talon>g1".into()) && t.contains(&"talon>g6".into()));
    }

    #[test]
    fn a_king_waits_on_the_talon_for_its_knave() {
        let g = FishBone;
        let mut s = deal_with("2H 3H 4H 5H 6H 7H KD JD TD");
        play(&g, &mut s, "turn");
        // KD has no knave: it stays on the talon, and may go nowhere.
        assert_eq!(texts(&g, &s), ["turn"]);
        assert!(g.key_text(&s).contains(" F1: ") && g.key_text(&s).contains(" talon:KD pass:1"));
        // JD is placed at once, and KD beside it.
        play(&g, &mut s, "turn");
        let key = g.key_text(&s);
        assert!(
            key.contains(" F1:JD F2: ") && key.contains(" KS1:KD KS2: "),
            "{key}"
        );
        assert!(key.ends_with(" talon: pass:1"), "{key}");
        play(&g, &mut s, "turn");
        assert_eq!(sorted_texts(&g, &s), ["talon>f1", "turn"]);
        play(&g, &mut s, "talon>f1");
        assert!(g.key_text(&s).contains(" F1:JDTD F2: "));
    }

    #[test]
    fn the_gridiron_builds_up_from_the_talon_and_refills_by_choice() {
        let g = FishBone;
        let mut s = deal_with("TD 3H 4H 5H 6H 7H JD 8H KS");
        play(&g, &mut s, "turn");
        assert_eq!(sorted_texts(&g, &s), ["g1>f1", "turn"]);
        play(&g, &mut s, "g1>f1");
        play(&g, &mut s, "turn");
        assert_eq!(sorted_texts(&g, &s), ["talon>g1", "talon>g6", "turn"]);
        play(&g, &mut s, "talon>g6");
        assert!(g
            .key_text(&s)
            .starts_with("G1: G2:3H G3:4H G4:5H G5:6H G6:7H8H F1:JDTD "));
        // KS may not fill G1.
        play(&g, &mut s, "turn");
        assert_eq!(texts(&g, &s), ["turn"]);
    }

    #[test]
    fn one_redeal_turns_the_talon_over() {
        let g = FishBone;
        let mut s = deal_cards(&g, unshuffled(PackSpec::Standard(2)));
        while texts(&g, &s).contains(&"turn".to_string()) {
            play(&g, &mut s, "turn");
        }
        // Every knave, king and queen is placed as it comes, in the order C D H S twice.
        let mut talon = String::from("7C8C9CTC");
        for suit in ["D", "H", "S", "C", "D", "H", "S"] {
            for r in "A23456789T".chars() {
                talon.push(r);
                talon.push_str(suit);
            }
        }
        let key = g.key_text(&s);
        let f = "F1:JC F2:JD F3:JH F4:JS F5:JC F6:JD F7:JH F8:JS";
        let ks = "KS1:KC KS2:KD KS3:KH KS4:KS KS5:KC KS6:KD KS7:KH KS8:KS";
        let qs = "QS1:QC QS2:QD QS3:QH QS4:QS QS5:QC QS6:QD QS7:QH QS8:QS";
        assert_eq!(
            key,
            format!("G1:AC G2:2C G3:3C G4:4C G5:5C G6:6C {f} {ks} {qs} pack: talon:{talon} pass:1")
        );
        assert!(texts(&g, &s).contains(&"redeal".to_string()));
        play(&g, &mut s, "redeal");
        // The pack is the talon turned over: listed bottom to top, the talon's last card
        // first, face down.
        let turned_over: String = talon
            .to_lowercase()
            .as_bytes()
            .chunks(2)
            .rev()
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        assert!(
            g.key_text(&s)
                .ends_with(&format!(" pack:{turned_over} talon: pass:2")),
            "{}",
            g.key_text(&s)
        );
        play(&g, &mut s, "turn");
        assert!(g.key_text(&s).ends_with(" talon:7C pass:2"));
        while texts(&g, &s).contains(&"turn".to_string()) {
            play(&g, &mut s, "turn");
        }
        assert!(
            !texts(&g, &s).contains(&"redeal".to_string()),
            "one re-deal only"
        );
    }

    #[test]
    fn a_won_line_replays() {
        let g = FishBone;
        let s = deal_cards(&g, unshuffled(PackSpec::Standard(2)));
        let out = solve_limited(&g, &s, 200_000, false);
        assert_eq!(out.verdict, Verdict::Won);
        assert_replays(&g, &s, &out.moves);
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let a = pruning_agrees(&FishBone, 0..16, 300, 20, 10_000);
        assert!(a.lost >= 20 && a.won >= 5, "{a:?}");
        // Positions along the won line of the unshuffled packs, from its end.
        let s = deal_cards(&FishBone, unshuffled(PackSpec::Standard(2)));
        let out = solve_limited(&FishBone, &s, 200_000, false);
        let mut line = vec![s];
        for &m in &out.moves {
            let mut t = *line.last().unwrap();
            FishBone.play(&mut t, m);
            line.push(t);
        }
        let b = pruning_agrees_on(&FishBone, line.iter().rev().step_by(10).take(12), 10_000);
        assert!(b.won >= 6, "{b:?}");
    }

    const GAMES: [FishBone; 1] = [FishBone];

    type Canon = (
        Vec<Vec<Card>>,
        Vec<(Vec<u8>, u32, u32)>,
        Vec<Card>,
        Vec<Card>,
        u16,
    );

    fn canonical(s: &State) -> Canon {
        let mut grid: Vec<Vec<Card>> = s.grid.iter().map(|p| p.cards().to_vec()).collect();
        grid.sort();
        let suits = (0..4)
            .map(|suit| {
                let places: Vec<usize> = (0..KNAVES)
                    .filter(|&f| s.found.top(f).is_some_and(|t| t.suit() == suit))
                    .collect();
                let mut h: Vec<u8> = places.iter().map(|&f| s.found.count(f)).collect();
                h.sort();
                let n = |bits: u8| places.iter().filter(|&&f| bits & (1 << f) != 0).count();
                (h, n(s.kings) as u32, n(s.queens) as u32)
            })
            .collect();
        let (pack, talon) = (s.stock.pack().collect(), s.stock.talon().collect());
        (grid, suits, pack, talon, s.stock.pass)
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

    /// A position from its gridiron piles, knave places (cards bottom first) and pack
    /// (top first), with no slot filled.
    fn position(grid: [&str; 6], knaves: [&str; 8], pack: &str) -> State {
        let mut s = State {
            grid: std::array::from_fn(|g| Pile::of(&cards(grid[g]), 0)),
            found: Ladders::new(),
            kings: 0,
            queens: 0,
            stock: Stock::new(&cards(pack)),
        };
        for (f, text) in knaves.iter().enumerate() {
            for c in cards(text) {
                FOUNDATIONS.put(&mut s.found, f, c);
            }
        }
        s
    }

    #[test]
    fn safe_moves_wait_for_both_copies_above_and_a_harmless_card_beneath() {
        let g = FishBone;
        let safe = |grid: [&str; 6], knaves: [&str; 8], pack: &str, turns: usize| {
            let mut s = position(grid, knaves, pack);
            for _ in 0..turns {
                g.play(&mut s, Move::Turn);
            }
            g.safe_move(&s)
        };
        let e = "";
        let one_th = ["JH", "JH TH", e, e, e, e, e, e];
        let two_th = ["JH TH", "JH TH", e, e, e, e, e, e];
        // 9H: one TH is still off the knave places, so it could want the 9H.
        assert_eq!(safe(["9H", e, e, e, e, e], one_th, "", 0), None);
        assert_eq!(
            safe(["9H", e, e, e, e, e], two_th, "", 0),
            Some(Move::Play(0, FIRST_F))
        );
        // A ten: both knaves of its suit must be down.
        let one_js = ["JS", e, e, e, e, e, e, e];
        let two_js = ["JS", "JS", e, e, e, e, e, e];
        assert_eq!(safe([e, "TS", e, e, e, e], one_js, "", 0), None);
        assert_eq!(
            safe([e, "TS", e, e, e, e], two_js, "", 0),
            Some(Move::Play(1, FIRST_F))
        );
        // From the talon: not over a king (it would be placed earlier than in the line).
        assert_eq!(safe([e; 6], two_th, "KC 9H", 2), None);
        assert_eq!(
            safe([e; 6], two_th, "2C 9H", 2),
            Some(Move::Play(TALON, FIRST_F))
        );
    }
}
