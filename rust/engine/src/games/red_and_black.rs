//! RED AND BLACK (`red-and-black`), from `rules/red-and-black.md` and
//! `docs/notation/red-and-black.md`.
//!
//! Over the 400-line budget by about 40 lines: the game's own solver proofs (the safe
//! move, which the compulsory refills keep from [`crate::parts::safe`]'s argument, and
//! the conditional `turn` beside the stock macro) are spelt out next to the code.
//!
//! # Layout and deal
//! Two packs. The eight aces are taken out of the shuffled pack (first occurrences) and
//! start F1..F8 in the suit order C C D D H H S S. Of the 96 cards left, cards 1..8 are the
//! Volunteers V1..V8, one card each; cards 9..96 are the pack, card 9 on top. Nothing moves
//! during the deal.
//!
//! # Foundations
//! Up in suit from the ace to the king; either foundation of a suit that shows the card
//! below may take it (two moves). Sources: a Volunteer's top, the talon top.
//!
//! # The Volunteers
//! Only a Volunteer's top is available. A card may go on a Volunteer's top when it is one
//! rank lower and of the other colour; it comes from another Volunteer or the talon. One
//! card at a time.
//!
//! # Spaces
//! An empty Volunteer is refilled at once, by the game: from the pack's top (straight, not
//! through the talon), or from the talon top when the pack is empty; lowest-numbered first.
//! With both empty it stays empty for good. The player never fills a space.
//!
//! # Pack, talon and re-deal
//! `turn` turns the pack's top onto the talon. `redeal`, once, with the pack empty and the
//! talon not: the talon taken bottom card first is shuffled with the game's stream
//! (CONVENTIONS 6.3) and becomes the pack, the first card of the result on top; `pass:2`.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Key: each Volunteer as its bottom card, its length and one suit bit per card above
//!   (the rest is fixed by the building rule), the eight codes sorted (the Volunteers are
//!   interchangeable: a move empties at most one, which is refilled at once while the
//!   stock has a card, and once the stock is empty no refill ever happens, so their
//!   numbers never matter); the heights of each suit's two foundations, sorted; the stock
//!   (cards left, cursor, pass); and the cards that were left when the talon was re-dealt,
//!   which with the stream of the deal fix the shuffled order exactly.
//! - Talon plays are the stock macro ([`Stock::reachable_tops`], which stops before the
//!   shuffled re-deal), with `turn` kept only where it is needed (see
//!   [`RedAndBlack::solver_moves`]).
//! - A safe move to the foundations, with its proof at [`RedAndBlack::safe_move`].

use crate::card::{Card, ACE};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{
    safe_to_foundation, withdraw_bases, BitWriter, Build, Ladder, Ladders, Pile, Space,
};
use crate::parts::{Stock, StockRule};

pub const SLUG: &str = "red-and-black";

/// No options: an unknown option is an error.
const OPTIONS: &[Opt] = &[];
/// Building on the Volunteers: down by one in alternate colours; no space is filled by a move.
const VOLUNTEERS: Build = Build::DOWN_ALTERNATE.spaces(Space::Never);
const FOUNDATIONS: Ladder = Ladder::ACE_UP;
/// One turn a card, one shuffled re-deal.
const STOCK: StockRule = StockRule {
    draw: 1,
    passes: Some(2),
    shuffled: true,
};
const VOLS: usize = 8;

/// Destination of a macro move: a Volunteer 0..8, foundation `TO_F + j`, or none.
const TO_F: u8 = 8;
const NO_PLAY: u8 = u8::MAX;

fn vol(i: usize) -> Place {
    Place::at("V", i)
}
fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The game (no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct RedAndBlack;

impl RedAndBlack {
    /// Build from user options: there are none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(RedAndBlack)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// At most K..2 (12 cards): a pile only grows by building down.
    vols: [Pile<12>; VOLS],
    found: Ladders<8>,
    stock: Stock<88>,
    rng: SplitMix64,
    /// The stock's cards left (in the first pack's order) when the talon was re-dealt:
    /// with the stream of the deal they fix the new order (solver key only; 0 before).
    gathered: [u64; 2],
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Turn,
    Redeal,
    /// Volunteer top to a foundation: from, to.
    VolFound(u8, u8),
    TalonFound(u8),
    /// Volunteer top onto another Volunteer: from, to.
    VolVol(u8, u8),
    TalonVol(u8),
    /// Solver only: `steps` turns, then the talon top to a Volunteer, to foundation
    /// `TO_F + j`, or nowhere ([`NO_PLAY`]).
    Stock(u8, u8),
}

impl State {
    /// May `c` go on Volunteer `to`?
    fn fits_vol(&self, to: usize, c: Card) -> bool {
        self.vols[to].top().is_some_and(|t| VOLUNTEERS.fits(t, c))
    }
    /// The compulsory refills: every empty Volunteer, V1 first, from the pack's top or,
    /// when the pack is empty, the talon top.
    fn refill(&mut self) {
        for v in 0..VOLS {
            if self.vols[v].is_empty() {
                match self.stock.take_pack().or_else(|| self.stock.take_talon()) {
                    Some(c) => self.vols[v].push(c),
                    None => return,
                }
            }
        }
    }
    /// Heights of the two foundations of each suit.
    fn heights(&self) -> [[u8; 2]; 4] {
        std::array::from_fn(|s| [self.found.count(2 * s), self.found.count(2 * s + 1)])
    }
    /// Would taking Volunteer `v`'s top empty it?
    fn empties(&self, v: usize) -> bool {
        self.vols[v].len() == 1
    }
}

/// The foundation moves of `c` from `from` (every foundation that takes it).
fn found_moves(s: &State, c: Card, mk: impl Fn(u8) -> Move, out: &mut Vec<Move>) {
    for j in 0..8 {
        if FOUNDATIONS.accepts(&s.found, j, c) {
            out.push(mk(j as u8));
        }
    }
}

impl RedAndBlack {
    /// The Volunteer moves: to the foundations (`all_found`: every foundation, else the
    /// first that takes the card) and onto other Volunteers.
    fn vol_moves(&self, s: &State, all_found: bool, out: &mut Vec<Move>) {
        for from in 0..VOLS {
            let Some(c) = s.vols[from].top() else {
                continue;
            };
            let f = from as u8;
            if all_found {
                found_moves(s, c, |j| Move::VolFound(f, j), out);
            } else if let Some(j) = FOUNDATIONS.first_dest(&s.found, c) {
                out.push(Move::VolFound(f, j as u8));
            }
            for to in (0..VOLS).filter(|&to| to != from && s.fits_vol(to, c)) {
                out.push(Move::VolVol(f, to as u8));
            }
        }
    }
}

impl Game for RedAndBlack {
    type State = State;
    type Move = Move;
    type Key = [u64; 6];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "Red and Black",
            pack: PackSpec::Standard(2),
            options: infos(OPTIONS),
        }
    }

    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        // F1..F8 = C C D D H H S S; the pack is whole (validated before the deal).
        let aces = withdraw_bases(&mut pack, ACE, 2)?;
        let mut found = Ladders::new();
        for (j, &a) in aces.iter().enumerate() {
            FOUNDATIONS.put(&mut found, j, a);
        }
        Ok(State {
            vols: std::array::from_fn(|v| Pile::of(&pack[v..v + 1], 0)),
            found,
            stock: Stock::new(&pack[VOLS..]),
            rng,
            gathered: [0; 2],
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        self.vol_moves(s, true, out);
        if let Some(c) = s.stock.talon_top() {
            found_moves(s, c, Move::TalonFound, out);
            for to in (0..VOLS).filter(|&to| s.fits_vol(to, c)) {
                out.push(Move::TalonVol(to as u8));
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
            Move::Redeal => {
                let (present, _) = s.stock.key_bits();
                s.gathered = [present as u64, (present >> 64) as u64];
                s.stock.redeal(&STOCK, &mut s.rng);
            }
            Move::VolFound(from, to) => {
                let c = s.vols[from as usize].pop().unwrap_or_default();
                FOUNDATIONS.put(&mut s.found, to.into(), c);
            }
            Move::TalonFound(to) => {
                let c = s.stock.take_talon().unwrap_or_default();
                FOUNDATIONS.put(&mut s.found, to.into(), c);
            }
            Move::VolVol(from, to) => {
                let c = s.vols[from as usize].pop().unwrap_or_default();
                s.vols[to as usize].push(c);
            }
            Move::TalonVol(to) => {
                let c = s.stock.take_talon().unwrap_or_default();
                s.vols[to as usize].push(c);
            }
            Move::Stock(steps, dest) => {
                s.stock.macro_steps(&STOCK, steps);
                if let Some(m) = talon_play(dest) {
                    self.play(s, m);
                }
            }
        }
        s.refill();
    }

    fn is_won(&self, s: &State) -> bool {
        FOUNDATIONS.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let (talon, v, f) = (
            Place::named("talon"),
            |i: u8| vol(i.into()),
            |i: u8| found(i.into()),
        );
        match m {
            Move::Turn => "turn".into(),
            Move::Redeal => "redeal".into(),
            Move::VolFound(from, to) => move_text(v(from), f(to)),
            Move::TalonFound(to) => move_text(talon, f(to)),
            Move::VolVol(from, to) => move_text(v(from), v(to)),
            Move::TalonVol(to) => move_text(talon, v(to)),
            Move::Stock(steps, dest) => format!("stock:{steps}>{dest}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, p) in s.vols.iter().enumerate() {
            k.pile(vol(i), p.cards(), 0);
        }
        for j in 0..8 {
            k.pile(found(j), &FOUNDATIONS.cards(&s.found, j), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0)
            .field("pass", s.stock.pass);
        let mut text = k.finish();
        text.push(' ');
        s.rng.write_key(&mut text);
        text
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops("Foundations", (0..8).map(|j| (found(j), s.found.top(j))));
        p.stock(&s.stock, STOCK.passes);
        for (i, v) in s.vols.iter().enumerate() {
            p.pile(vol(i), v.cards(), 0);
        }
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 6] {
        // Per Volunteer 21 bits: index+1 of the bottom card (6, 0 when empty), length-1
        // (4) and, for each card above the bottom, one bit choosing its suit within its
        // colour (its rank and colour follow from the building rule): 8 x 21 = 168.
        // Foundations: per suit the two heights sorted, 8 x 4 = 32. Stock: cards left
        // (88) and cursor (7), the pass (1), and the cards left at the re-deal (88).
        let mut codes = [0u64; VOLS];
        for (code, p) in codes.iter_mut().zip(&s.vols) {
            if let Some((&bottom, rest)) = p.cards().split_first() {
                let mut bits = 0u64;
                for (i, c) in rest.iter().enumerate() {
                    bits |= u64::from(c.suit() >= 2) << i;
                }
                *code = (bottom.index() as u64 + 1) | (rest.len() as u64) << 6 | bits << 10;
            }
        }
        codes.sort_unstable();
        let mut w = BitWriter::<6>::new();
        for c in codes {
            w.put(c, 21);
        }
        for mut h in s.heights() {
            h.sort_unstable();
            w.put(u64::from(h[0]), 4);
            w.put(u64::from(h[1]), 4);
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, 24);
        w.put(u64::from(cursor), 7);
        w.put(u64::from(s.stock.pass - 1), 1);
        w.put(s.gathered[0], 64);
        w.put(s.gathered[1], 24);
        w.finish()
    }

    /// A Volunteer's top `c` (rank r) to a foundation, when (1) the Volunteer holds another
    /// card under it, (2) every card that could be built on `c` (the four of rank r-1 and
    /// the other colour) is on the foundations, and (3) both foundations of its suit stand
    /// at r-1 or higher.
    ///
    /// Proof that it keeps every win. The refills break condition 2 of
    /// [`crate::parts::safe`], so the argument is made here. Take a winning line from the
    /// position and delete every move of `c` (its builds and its foundation play). By (2)
    /// nothing is ever put on `c`, so it stays the top of whatever pile holds it; by (1),
    /// and since a move never puts a card into an empty Volunteer, a pile holding `c`
    /// always has a card under it: no move of `c` empties a pile, and without `c` each
    /// pile is empty exactly when it is in the line, so every refill, the stock and the
    /// re-deal's shuffle are the same. Each other move keeps its source top and (not being
    /// onto `c`) its destination top. On the foundations, the suit's two heights are the
    /// line's with one place at r-1 raised to r, until the line plays `c`, after which
    /// they are equal. A play of the other rank-r card of the suit finds a place at r-1
    /// too: by (3) the suit has no place below r-1, so each of its places at r-1 takes
    /// one of the rank-r cards still to come, and the line, which must still play `c`,
    /// never gives the other one the last such place. So the line without `c` wins.
    fn safe_move(&self, s: &State) -> Option<Move> {
        let h = s.heights();
        let done = |x: Card| h[x.suit() as usize].iter().all(|&n| n >= x.rank());
        (0..VOLS).find_map(|v| {
            let c = s.vols[v].top().filter(|_| !s.empties(v))?;
            let j = FOUNDATIONS.first_dest(&s.found, c)?;
            let level = h[c.suit() as usize].iter().all(|&n| n + 1 >= c.rank());
            (level && safe_to_foundation(&VOLUNTEERS, c, done))
                .then_some(Move::VolFound(v as u8, j as u8))
        })
    }

    /// The Volunteer moves (one foundation per card: two places of a suit at one height
    /// are alike under the key), the talon plays as stock macros, the re-deal, and
    /// - `turn` itself only while some Volunteer move would empty a pile: such a move
    ///   after k turns takes its refill from a later card, which no reordering gives;
    /// - a macro turning the whole pack while the re-deal is unused.
    ///
    /// Why nothing else is needed: a winning line that starts with k turns goes on with a
    /// talon play (a macro gives the same position: the pack's cards come to the top in
    /// one order only, the macro stopping before the shuffled re-deal), with the re-deal
    /// (the whole-pack macro), or with a Volunteer move; turns change only the stock, so
    /// that move is legal before them, and if it empties no pile it commutes with them
    /// (it can be made first, the turns after), else `turn` is offered.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        self.vol_moves(s, false, out);
        s.stock.reachable_tops(&STOCK, |c, steps| {
            if let Some(j) = FOUNDATIONS.first_dest(&s.found, c) {
                out.push(Move::Stock(steps, TO_F + j as u8));
            }
            for to in (0..VOLS).filter(|&to| s.fits_vol(to, c)) {
                out.push(Move::Stock(steps, to as u8));
            }
        });
        let pack = s.stock.pack_len();
        let emptying = (0..VOLS).any(|v| {
            s.empties(v)
                && s.vols[v].top().is_some_and(|c| {
                    FOUNDATIONS.first_dest(&s.found, c).is_some()
                        || (0..VOLS).any(|to| to != v && s.fits_vol(to, c))
                })
        });
        if pack > 0 && emptying {
            out.push(Move::Turn);
        }
        if pack > 0 && s.stock.pass == 1 {
            out.push(Move::Stock(pack as u8, NO_PLAY));
        }
        if s.stock.can_redeal(&STOCK) {
            out.push(Move::Redeal);
        }
    }

    fn expand(&self, _s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Stock(steps, dest) = m else {
            return out.push(m);
        };
        out.extend(std::iter::repeat_n(Move::Turn, steps as usize));
        out.extend(talon_play(dest));
    }
}

/// The talon play a macro ends with.
fn talon_play(dest: u8) -> Option<Move> {
    match dest {
        NO_PLAY => None,
        d if d >= TO_F => Some(Move::TalonFound(d - TO_F)),
        d => Some(Move::TalonVol(d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, play, pruning_agrees_on, solve_limited,
        sorted_texts, texts, walk, won_line,
    };

    /// The deal: `first` in this order, then the rest of the two packs unshuffled.
    fn deal_with(first: &str) -> Vec<Card> {
        let mut pack = cards(first);
        let mut rest = PackSpec::Standard(2).cards();
        for c in &pack {
            let i = rest.iter().position(|x| x == c).expect("in the pack");
            rest.remove(i);
        }
        pack.extend(rest);
        pack
    }

    /// A position from its Volunteers, foundation heights (F1..F8) and stock (talon
    /// bottom to top, then the pack top first).
    fn position(vols: [&str; 8], heights: [u8; 8], talon: &str, pack: &str) -> State {
        let mut found = Ladders::new();
        for (j, &h) in heights.iter().enumerate() {
            for r in 1..=h {
                FOUNDATIONS.put(&mut found, j, Card::new(r, j as u8 / 2));
            }
        }
        let (t, p) = (cards(talon), cards(pack));
        let mut stock = Stock::new(&[t.clone(), p].concat());
        for _ in 0..t.len() {
            stock.turn(&STOCK);
        }
        State {
            vols: vols.map(|v| Pile::of(&cards(v), 0)),
            found,
            stock,
            rng: SplitMix64::new(0),
            gathered: [0; 2],
        }
    }

    #[test]
    fn the_deal_of_the_unshuffled_packs() {
        let g = RedAndBlack;
        let s = deal_cards(&g, PackSpec::Standard(2).cards());
        // Copy 2 bottom-first from KS down to 2C (no aces), then copy 1 from KS to TC.
        let down = |suit: char, low: usize| -> String {
            "KQJT98765432"[..14 - low]
                .chars()
                .map(|r| format!("{}{}", r.to_ascii_lowercase(), suit))
                .collect()
        };
        let copy2: String = ['s', 'h', 'd', 'c'].iter().map(|&x| down(x, 2)).collect();
        let copy1: String = ['s', 'h', 'd']
            .iter()
            .map(|&x| down(x, 2))
            .collect::<String>()
            + &down('c', 10);
        assert_eq!(
            g.key_text(&s),
            format!(
                "V1:2C V2:3C V3:4C V4:5C V5:6C V6:7C V7:8C V8:9C F1:AC F2:AC F3:AD F4:AD \
                 F5:AH F6:AH F7:AS F8:AS pack:{copy2}{copy1} talon: pass:1 rng:0000000000000000"
            )
        );
        assert_eq!(s.stock.pack_len(), 88);
        assert_eq!(sorted_texts(&g, &s), ["turn", "v1>f1", "v1>f2"]);
    }

    #[test]
    fn a_seeded_deal_takes_the_aces_out_in_suit_order() {
        let g = RedAndBlack;
        let (order, rng) = g.deal_order(1);
        let s = deal(&g, 1);
        let rest: Vec<Card> = order.iter().copied().filter(|c| c.rank() != 1).collect();
        let key = g.key_text(&s);
        for (v, c) in rest.iter().take(8).enumerate() {
            assert!(key.contains(&format!("V{}:{c} ", v + 1)), "{key}");
        }
        assert!(key.ends_with(&format!("pass:1 rng:{:016x}", rng.state)));
        assert_eq!(s.stock.pack_top(), Some(rest[8]));
    }

    #[test]
    fn building_down_in_alternate_colours() {
        let g = RedAndBlack;
        let s = deal_cards(&g, deal_with("5H 4S 4C 3D 9S 9C TD TH"));
        assert_eq!(
            sorted_texts(&g, &s),
            ["turn", "v2>v1", "v3>v1", "v4>v2", "v4>v3", "v5>v7", "v5>v8", "v6>v7", "v6>v8"]
        );
        let mut s = s;
        play(&g, &mut s, "v2>v1");
        play(&g, &mut s, "v4>v1");
        let key = g.key_text(&s);
        // V2 emptied and took the pack's top (the first card left unshuffled: 2C), then
        // V4 took the next (3C): refills come straight from the pack.
        assert!(
            key.starts_with("V1:5H4S3D V2:2C V3:4C V4:3C V5:9S"),
            "{key}"
        );
        assert!(key.contains("talon: pass:1"), "{key}");
        assert_eq!(
            texts(&g, &s).iter().filter(|m| m.ends_with(">f1")).count(),
            1
        );
    }

    #[test]
    fn the_talon_top_plays_and_builds() {
        let g = RedAndBlack;
        let s0 = position(
            ["9D", "KS", "KS", "KS", "KS", "KS", "KS", "KH"],
            [2, 1, 1, 1, 1, 1, 1, 1],
            "8S QH 3C",
            "2D",
        );
        assert_eq!(sorted_texts(&g, &s0), ["talon>f1", "turn"]);
        let mut s = s0;
        play(&g, &mut s, "talon>f1");
        assert_eq!(
            texts(&g, &s)
                .iter()
                .filter(|m| m.starts_with("talon>"))
                .count(),
            6
        );
        play(&g, &mut s, "talon>v3");
        assert!(g.key_text(&s).contains("V3:KSQH "));
        assert!(g.key_text(&s).contains("talon:8S pass:1"));
        play(&g, &mut s, "talon>v1");
        play(&g, &mut s, "turn");
        assert_eq!(
            sorted_texts(&g, &s)
                .iter()
                .filter(|m| m.contains(">f"))
                .count(),
            2,
            "2D to F3 or F4"
        );
    }

    #[test]
    fn refills_from_the_pack_then_the_talon_then_none() {
        let g = RedAndBlack;
        let vols = ["2C", "KS", "KS", "KS", "KS", "KS", "KS", "2D"];
        // Pack not empty: V1 takes the pack's top straight.
        let mut s = position(vols, [1; 8], "5H", "7C 8C");
        play(&g, &mut s, "v1>f1");
        let k = g.key_text(&s);
        assert!(
            k.starts_with("V1:7C ") && k.contains("pack:8c talon:5H "),
            "{k}"
        );
        // Pack empty: the talon top.
        let mut s = position(vols, [1; 8], "5H 6H", "");
        play(&g, &mut s, "v1>f2");
        let k = g.key_text(&s);
        assert!(
            k.starts_with("V1:6H ") && k.contains("pack: talon:5H "),
            "{k}"
        );
        // Both empty: the space stays empty, and stays so.
        let mut s = position(vols, [1; 8], "", "");
        play(&g, &mut s, "v1>f1");
        let k = g.key_text(&s);
        assert!(k.starts_with("V1: V2:KS"), "{k}");
        assert_eq!(sorted_texts(&g, &s), ["v8>f3", "v8>f4"]);
        play(&g, &mut s, "v8>f4");
        assert!(g.key_text(&s).contains("V7:KS V8: F1:AC2C"));
        assert_eq!(texts(&g, &s), Vec::<String>::new(), "lost: no move left");
        assert!(!g.is_won(&s));
    }

    #[test]
    fn the_redeal_shuffles_the_talon_once() {
        let g = RedAndBlack;
        let talon = "2C 3C 4C 5C 6C 7C 8C 9C TC JC";
        let s0 = position(["KS"; 8], [1; 8], talon, "");
        assert_eq!(texts(&g, &s0), ["redeal"]);
        let mut s = s0;
        play(&g, &mut s, "redeal");
        // Seed 0 shuffles positions 0..9 to 4 9 2 5 1 7 6 0 3 8 (CONVENTIONS 2.7): the
        // new pack's top is the talon's 5th card from the bottom (6C), then JC, 4C, ...
        // Its key lists the pack bottom to top, the reverse; the stream made 9 draws.
        let rng = 9u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        assert!(g.key_text(&s).ends_with(&format!(
            "pack:tc5c2c8c9c3c7c4cjc6c talon: pass:2 rng:{rng:016x}"
        )));
        let mut turned = Vec::new();
        while s.stock.pack_len() > 0 {
            play(&g, &mut s, "turn");
            turned.push(s.stock.talon_top().unwrap());
        }
        assert_eq!(turned, cards("6C JC 4C 7C 3C 9C 8C 2C 5C TC"));
        assert!(!texts(&g, &s).contains(&"redeal".to_string()), "only once");
    }

    #[test]
    fn won_when_every_card_is_up() {
        let g = RedAndBlack;
        let mut s = position(
            ["KS", "", "", "", "", "", "", ""],
            [13, 13, 13, 13, 13, 13, 13, 12],
            "",
            "",
        );
        assert!(!g.is_won(&s));
        assert_eq!(texts(&g, &s), ["v1>f8"]);
        play(&g, &mut s, "v1>f8");
        assert!(g.is_won(&s));
        assert!(texts(&g, &s).is_empty());
    }

    #[test]
    fn seeds_solve_and_their_lines_replay() {
        let g = RedAndBlack;
        let mut decided = 0;
        for seed in 1..6 {
            let s = deal(&g, seed);
            let o = solve_limited(&g, &s, 200_000, false);
            if o.verdict == Verdict::Won {
                assert_replays(&g, &s, &o.moves);
            }
            decided += usize::from(o.verdict != Verdict::Unknown);
        }
        assert!(decided >= 3, "only {decided} decided");
    }

    /// A late position: foundation heights from `h`, the cards left shuffled by `seed`,
    /// one on each Volunteer, the next `talon` turned onto the talon, the rest the pack.
    fn late_position(h: [u8; 8], talon: usize, seed: u64) -> State {
        let mut pool = PackSpec::Standard(2).cards();
        let mut found = Ladders::new();
        for (j, &n) in h.iter().enumerate() {
            for r in 1..=n {
                let c = Card::new(r, j as u8 / 2);
                pool.remove(pool.iter().position(|&x| x == c).unwrap());
                FOUNDATIONS.put(&mut found, j, c);
            }
        }
        SplitMix64::new(seed).shuffle(&mut pool);
        let mut stock = Stock::new(&pool[VOLS..]);
        for _ in 0..talon {
            stock.turn(&STOCK);
        }
        State {
            vols: std::array::from_fn(|v| Pile::of(&pool[v..=v], 0)),
            found,
            stock,
            rng: SplitMix64::new(seed),
            gathered: [0; 2],
        }
    }

    /// The pruning (safe moves, stock macros, the conditional `turn`, key symmetries)
    /// against the plain search, on positions late in random walks and along won lines.
    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = RedAndBlack;
        let mut late: Vec<State> = Vec::new();
        for seed in 0..30u64 {
            let line = walk(&g, &deal(&g, seed), 400, seed, |_| {});
            late.extend(line.into_iter().rev().step_by(20).take(4));
        }
        for seed in 1..4 {
            late.extend(won_line(&g, seed, 100_000).into_iter().step_by(20));
        }
        let mut rng = SplitMix64::new(5);
        for i in 0..100u64 {
            let h = std::array::from_fn(|_| 7 + (rng.next_u64() % 6) as u8);
            late.push(late_position(h, (i % 5) as usize, i));
        }
        let a = pruning_agrees_on(&g, late.iter(), 4_000);
        assert!(a.won >= 5 && a.lost >= 20, "{a:?}");
    }
}
