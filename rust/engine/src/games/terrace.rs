//! THE TERRACE (`terrace`), from `rules/terrace.md`.
//!
//! Over the 400-line budget: the rules take about 300 lines on the parts; the rest is
//! this game's own solver work, the safe move and the dead test ([`Climb`], on the colour
//! groups of the foundations), each with its proof.
//!
//! # Layout and deal
//! Two packs. Cards 1..13 are the Terrace `T` (card 1 at the bottom, card 13, the
//! right-hand card, on top). Cards 14..16 are the candidates c1..c3: the first position is
//! a pending choice (`choose c1`, `choose c2`, `choose c3`). The chosen card goes to F1 and
//! its rank is the base rank; the other two go in their order to V1 and V2, cards 17..23 to
//! V3..V9. Cards 24..104 are the pack, card 24 on top.
//!
//! # Foundations
//! F1..F8 start with a card of the base rank (a later one to the lowest-numbered empty
//! place) and build up one rank at a time in alternating colours, turning the corner from
//! king to ace, thirteen cards each. Cards come from the Terrace's top, a valley top or the
//! talon top; each foundation that takes a card is its own move. Terrace first: no other
//! card may go to a foundation the Terrace's top could go to at that moment.
//!
//! # The Terrace and the valley
//! Only the Terrace's top is available, and only to the foundations. Only a valley packet's
//! top is available; it goes onto another valley top one rank higher of the other colour
//! (no corner), and so may the talon top. An emptied packet is refilled at once, without a
//! move, from the talon top, or from the pack's top when the talon is empty; with both
//! empty it stays empty.
//!
//! # Pack and talon
//! `turn` turns the pack's top onto the talon; one pass, no re-deal.
//!
//! # End
//! Won with all 104 cards on the foundations; otherwise lost when no move is left.
//!
//! # Solver
//! - Talon plays are the stock macro ([`Stock::reachable_tops`]). Turning never triggers a
//!   refill (while the stock has cards no packet is empty), but a refill takes the talon
//!   top, so a plain `turn` is kept wherever a move could empty a packet.
//! - Key symmetries: foundations with the same count and top colour are interchangeable
//!   (what fits depends on nothing else), and so are the valley packets (a space is
//!   refilled from the stock whatever its number, and one move empties at most one).
//!   A packet is its bottom card and one suit bit per card above, each card being one
//!   rank below the one under it in the other colour.
//! - One foundation per card: the foundations that take it are alike.
//! - Safe moves ([`Terrace::safe_move`]): a Terrace top, or a valley top with a card
//!   beneath, when every foundation that could ever take a card like it is as high. A
//!   dead-position test ([`Climb`]): the
//!   Terrace is played off from one end, to the foundations only, and each foundation's
//!   colours follow from its base card's, so some positions show at once that a Terrace
//!   card can never go up.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{infos, Opt, Parsed};
use crate::parts::text::{move_text, KeyText, Picture, Place};
use crate::parts::{
    fixed_point, safe_to_foundation, sort_among, stable_partition, Base, BitWriter, Build, Dealer,
    Ladder, Ladders, Pile, Relaxed, Space, Stock, StockRule, SuitRule,
};

pub const SLUG: &str = "terrace";

/// No option: the book gives no variant.
const OPTIONS: &[Opt] = &[];
const VALLEY: usize = 9;
const FOUND: usize = 8;
/// Cards 17..104: the pack while the choice is pending.
const PACK: usize = 88;
/// The foundations: up from the chosen rank, alternating colours, round the corner.
const LADDER: Ladder = Ladder {
    suit: SuitRule::Alternate,
    wrap: true,
    base: Base::Dealt,
    ..Ladder::ACE_UP
};
/// The valley: down by one in alternating colours, no corner; spaces refilled by rule.
const VALLEY_BUILD: Build = Build::DOWN_ALTERNATE.spaces(Space::Never);
const STOCK: StockRule = StockRule::ONE_PASS;
/// Destinations of a macro move: foundations 0..8, valley packets from 8.
const TO_VALLEY: u8 = 8;

fn found(f: usize) -> Place {
    Place::at("F", f)
}
fn val(v: usize) -> Place {
    Place::at("V", v)
}
const TERRACE: Place = Place::named("T");

/// The game (no options); `Default` is the book's game.
#[derive(Clone, Debug, Default)]
pub struct Terrace;

impl Terrace {
    /// Build from user options: there are none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Terrace)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    terrace: Pile<13>,
    /// Tops, counts and the base rank.
    found: Ladders<FOUND>,
    /// The foundations' cards (mixed suits), base first.
    fcards: [Pile<13>; FOUND],
    valley: [Pile<13>; VALLEY],
    stock: Stock<PACK>,
    /// The three candidates while the base card is to be chosen.
    pending: Option<[Card; 3]>,
}

/// One move (or, for the solver only, a macro move).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// Candidate 0..3 becomes F1.
    Choose(u8),
    TerraceFound(u8),
    /// Valley top to foundation: packet, foundation.
    ValFound(u8, u8),
    TalonFound(u8),
    /// Valley top onto another packet: from, to.
    ValVal(u8, u8),
    TalonVal(u8),
    Turn,
    /// Solver only: `steps` turns, then the talon top to a foundation (0..8) or to packet
    /// `dest - TO_VALLEY`.
    Stock(u8, u8),
}

impl State {
    /// The foundations that take `c`, in number order (a base-rank card: the first empty).
    fn found_dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        let mut out = [0u8; FOUND];
        let n = LADDER.dests(&self.found, c, &mut out);
        (0..n).map(move |i| out[i] as usize)
    }
    /// The foundations a valley or talon card `c` may go to: those that take it and not
    /// the Terrace's top (the Terrace plays first). Either all of them or none: a
    /// foundation's taking a card depends only on its rank and colour (any colour for a
    /// base-rank card, which goes to the first empty place), so the Terrace top fits one
    /// of `c`'s foundations only when it is like `c` ([`alike`]), and then fits them all.
    fn up_dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        let t = self.terrace.top();
        self.found_dests(c)
            .filter(move |&f| !t.is_some_and(|t| LADDER.accepts(&self.found, f, t)))
    }
    fn put_up(&mut self, f: usize, c: Card) {
        LADDER.put(&mut self.found, f, c);
        self.fcards[f].push(c);
    }
    /// May `c` go onto packet `to` (never into a space)?
    fn fits_val(&self, to: usize, c: Card) -> bool {
        self.valley[to]
            .top()
            .is_some_and(|t| VALLEY_BUILD.fits(t, c))
    }
    /// The automatic step: every empty packet, V1 first, takes the talon top, or the
    /// pack's top when the talon is empty, while a card is left.
    fn refill(&mut self) {
        for v in 0..VALLEY {
            if self.valley[v].is_empty() {
                let c = self.stock.take_talon().or_else(|| self.stock.take_pack());
                match c {
                    Some(c) => self.valley[v].push(c),
                    None => return,
                }
            }
        }
    }
}

/// The relaxed game of the dead test. A foundation's colours alternate from its base
/// card, so a card of height k (ranks above the base) and colour x can only ever lie on a
/// foundation whose base has colour x if k is even, the other if k is odd: its *group*.
/// There are four base cards of each colour, so each group has four foundations, and the
/// four cards of each height that fit a group are the ones that go there. Facts: `up[g][k]`
/// counts the cards of group g and height k that are *released*: on a foundation, in the
/// valley, the talon or the pack (free to go up in the relaxation; a talon card may even
/// leave into a space), or played off the Terrace in it. Fixed: `on[g][k]`, those on a
/// foundation now.
///
/// A card c (height k, group g) can go up only onto a foundation of g showing height k - 1,
/// while the `on[g][k]` cards of height k already up lie on other foundations of g: at
/// least 1 + on[g][k] foundations of g reach height k - 1, and each holds one released
/// card of every height below k, so `min(4, up[g][0..k])` >= 1 + on[g][k]. The Terrace is
/// played off from its top only, to the foundations only. Every fact only grows and each
/// real play is allowed by the facts before it, so a Terrace card that never leaves here
/// never leaves in the real game ([`crate::parts::relax`]), and the position is lost.
struct Climb {
    base: u8,
    up: [[u8; 13]; 2],
    on: [[u8; 13]; 2],
}

/// Do `a` and `b` fit the same foundations always (same rank, and same colour unless of
/// the base rank)?
fn alike(base: u8, a: Card, b: Card) -> bool {
    a.rank() == b.rank() && (a.rank() == base || a.colour() == b.colour())
}

/// The group (the colour of the base of every foundation that can take it) and the
/// height (ranks above the base) of `c`.
fn group(base: u8, c: Card) -> (usize, usize) {
    let k = (c.rank() + 13 - base) % 13;
    (usize::from(c.colour() ^ (k & 1)), k as usize)
}

impl Climb {
    fn place(&self, c: Card) -> (usize, usize) {
        group(self.base, c)
    }
}

impl Relaxed for Climb {
    fn can_leave(&self, _src: usize, c: Card) -> bool {
        let (g, k) = self.place(c);
        self.up[g][..k].iter().fold(4, |m, &n| m.min(n)) > self.on[g][k]
    }
    fn left(&mut self, _src: usize, c: Card, _next: Option<Card>) {
        let (g, k) = self.place(c);
        self.up[g][k] += 1;
    }
}

impl State {
    /// True when some Terrace card can never go up, even in [`Climb`].
    fn is_dead(&self) -> bool {
        if self.pending.is_some() {
            return false;
        }
        let mut r = Climb {
            base: self.found.base,
            up: [[0; 13]; 2],
            on: [[0; 13]; 2],
        };
        for &c in self.fcards.iter().flat_map(|p| p.cards()) {
            let (g, k) = r.place(c);
            r.on[g][k] += 1;
        }
        r.up = r.on;
        let free = self.valley.iter().flat_map(|p| p.cards()).copied();
        for c in free.chain(self.stock.left()) {
            r.left(0, c, None);
        }
        !fixed_point(&mut r, &[self.terrace.cards()], &mut [0])
    }
}

impl Terrace {
    /// The talon plays reachable by turning, as macro moves: to one foundation that takes
    /// the card (they are alike), then onto each packet that takes it.
    fn stock_macros(&self, s: &State, up: &mut Vec<Move>, rest: &mut Vec<Move>) {
        s.stock.reachable_tops(&STOCK, |c, steps| {
            if let Some(f) = s.up_dests(c).next() {
                up.push(Move::Stock(steps, f as u8));
            }
            for to in (0..VALLEY).filter(|&to| s.fits_val(to, c)) {
                rest.push(Move::Stock(steps, TO_VALLEY + to as u8));
            }
        });
    }
}

impl Game for Terrace {
    type State = State;
    type Move = Move;
    type Key = [u64; 5];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Terrace",
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
        let mut deal = Dealer::new(&cards);
        let terrace = Pile::of(deal.take(13), 0);
        let c = deal.take(3);
        Ok(State {
            terrace,
            found: Ladders::new(),
            fcards: [Pile::new(); FOUND],
            valley: [Pile::new(); VALLEY],
            stock: Stock::new(deal.rest()),
            pending: Some([c[0], c[1], c[2]]),
        })
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending.is_some() {
            out.extend((0..3).map(Move::Choose));
            return;
        }
        if let Some(c) = s.terrace.top() {
            out.extend(s.found_dests(c).map(|f| Move::TerraceFound(f as u8)));
        }
        for v in 0..VALLEY {
            if let Some(c) = s.valley[v].top() {
                out.extend(s.up_dests(c).map(|f| Move::ValFound(v as u8, f as u8)));
            }
        }
        let talon = s.stock.talon_top();
        if let Some(c) = talon {
            out.extend(s.up_dests(c).map(|f| Move::TalonFound(f as u8)));
        }
        for from in 0..VALLEY {
            let Some(c) = s.valley[from].top() else {
                continue;
            };
            for to in (0..VALLEY).filter(|&to| to != from && s.fits_val(to, c)) {
                out.push(Move::ValVal(from as u8, to as u8));
            }
        }
        if let Some(c) = talon {
            for to in (0..VALLEY).filter(|&to| s.fits_val(to, c)) {
                out.push(Move::TalonVal(to as u8));
            }
        }
        if s.stock.pack_len() > 0 {
            out.push(Move::Turn);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Choose(i) => {
                let Some(cands) = s.pending.take() else {
                    return;
                };
                let chosen = cands[i as usize];
                s.found.base = chosen.rank();
                s.put_up(0, chosen);
                let mut v = 0;
                for (j, &c) in cands.iter().enumerate() {
                    if j != i as usize {
                        s.valley[v].push(c);
                        v += 1;
                    }
                }
                for p in &mut s.valley[2..] {
                    p.push(s.stock.take_pack().unwrap_or_default());
                }
            }
            Move::TerraceFound(f) => {
                let c = s.terrace.pop().unwrap_or_default();
                s.put_up(f.into(), c);
            }
            Move::ValFound(v, f) => {
                let c = s.valley[v as usize].pop().unwrap_or_default();
                s.put_up(f.into(), c);
            }
            Move::TalonFound(f) => {
                let c = s.stock.take_talon().unwrap_or_default();
                s.put_up(f.into(), c);
            }
            Move::ValVal(from, to) => {
                let c = s.valley[from as usize].pop().unwrap_or_default();
                s.valley[to as usize].push(c);
            }
            Move::TalonVal(to) => {
                let c = s.stock.take_talon().unwrap_or_default();
                s.valley[to as usize].push(c);
            }
            Move::Turn => _ = s.stock.turn(&STOCK),
            Move::Stock(steps, dest) => {
                s.stock.macro_steps(&STOCK, steps);
                self.play(s, talon_play(dest));
            }
        }
        if s.pending.is_none() {
            s.refill();
        }
    }

    /// Side searches for wins beside the proving search ([`Game::side_searches`]):
    /// measured on seeds 1-20 at 2 s a deal, one core: 5 decided with them, 1 without.
    fn side_searches(&self) -> bool {
        true
    }

    fn is_won(&self, s: &State) -> bool {
        LADDER.all_full(&s.found)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let talon = Place::named("talon");
        match m {
            Move::Choose(i) => format!("choose c{}", i + 1),
            Move::TerraceFound(f) => format!("t>{}", found(f.into()).move_label()),
            Move::ValFound(v, f) => move_text(val(v.into()), found(f.into())),
            Move::TalonFound(f) => move_text(talon, found(f.into())),
            Move::ValVal(from, to) => move_text(val(from.into()), val(to.into())),
            Move::TalonVal(to) => move_text(talon, val(to.into())),
            Move::Turn => "turn".into(),
            Move::Stock(steps, dest) => format!("stock:{steps}>{dest}"),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        k.pile(TERRACE, s.terrace.cards(), 0);
        for (f, p) in s.fcards.iter().enumerate() {
            k.pile(found(f), p.cards(), 0);
        }
        for (v, p) in s.valley.iter().enumerate() {
            k.pile(val(v), p.cards(), 0);
        }
        let pack: Vec<Card> = s.stock.pack().collect();
        let talon: Vec<Card> = s.stock.talon().collect();
        k.pile(Place::named("pack"), &pack, pack.len())
            .pile(Place::named("talon"), &talon, 0);
        if let Some(c) = s.pending {
            k.pile(Place::named("pending"), &c, 0);
        }
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.pile(TERRACE, s.terrace.cards(), 0);
        if let Some(c) = s.pending {
            p.pile(Place::named("Choose from"), &c, 0);
        }
        p.tops(
            "Foundations",
            (0..FOUND).map(|f| (found(f), s.found.top(f))),
        );
        p.stock(&s.stock, None);
        for (v, c) in s.valley.iter().enumerate() {
            p.pile(val(v), c.cards(), 0);
        }
        p.finish()
    }

    fn key(&self, s: &State) -> [u64; 5] {
        // Terrace length 4 bits, base rank 4, pending 1; foundations (count, top colour)
        // 5 bits each, sorted; packets (bottom index + 1, then the suit bits of the cards
        // above under a sentinel bit) 19 bits each, sorted; the stock's cards left (88)
        // and cursor (7). Exact for one deal.
        let mut w = BitWriter::<5>::new();
        w.put(s.terrace.len() as u64, 4);
        w.put(s.found.base.into(), 4);
        w.put(s.pending.is_some().into(), 1);
        let mut fc = [0u8; FOUND];
        for (f, code) in fc.iter_mut().enumerate() {
            let colour = s.found.top(f).map_or(0, |c| c.colour());
            *code = s.found.count(f) << 1 | colour;
        }
        sort_among(&mut fc, |_| true);
        for code in fc {
            w.put(code.into(), 5);
        }
        let mut vc = [0u32; VALLEY];
        for (code, p) in vc.iter_mut().zip(&s.valley) {
            if let Some((first, rest)) = p.cards().split_first() {
                let bits = rest
                    .iter()
                    .fold(1u32, |b, c| b << 1 | u32::from(c.suit() >= 2));
                *code = (first.index() as u32 + 1) << 13 | bits;
            }
        }
        sort_among(&mut vc, |_| true);
        for code in vc {
            w.put(code.into(), 19);
        }
        let (present, cursor) = s.stock.key_bits();
        w.put(present as u64, 64);
        w.put((present >> 64) as u64, PACK - 64);
        w.put(cursor.into(), 7);
        w.finish()
    }

    /// The Terrace top, or a valley top with a card beneath it, to a foundation, when all
    /// four foundations of its group ([`Climb`]) show at least the height below it (a base
    /// card: always), and, for a valley card, every card that could be built on it has all
    /// its like cards up. Suits never matter in this game, so the four cards of one rank
    /// and colour are alike, and they go to the four foundations of one group. Nothing is
    /// ever put on a Terrace card, nor then on that valley card, and taking either away
    /// empties no packet (no refill follows), so the argument of [`crate::parts::safe`]
    /// applies: drop the card's own moves from a winning line. Every other move stays
    /// legal, the foundations excepted: the k like cards still out have, after this one,
    /// k - 1 foundations of the group at the height below, one for each of the others
    /// (base cards always find an empty foundation).
    ///
    /// Terrace first: a valley or talon card d may go up exactly when d fits and the
    /// Terrace's top is not like d ([`State::up_dests`]), a test that does not depend on
    /// which like foundation d takes. Dropping a valley card's moves keeps the Terrace's
    /// sequence of tops, so every foundation play of the line keeps its legality (the card
    /// itself goes now only when the Terrace top is not like it: a like top would be ready
    /// too and is taken first). Playing the Terrace top T now makes the card under it, T',
    /// the top until T's own move in the line (nothing else leaves the Terrace before it);
    /// so it is safe only when no card like T' lies outside the Terrace and the
    /// foundations: then no foundation play of the line meets the new restriction. The
    /// `pruning_agrees` tests check both against the plain search.
    fn safe_move(&self, s: &State) -> Option<Move> {
        if s.pending.is_some() {
            return None;
        }
        // Do all four foundations of c's group hold k + `above` cards or more (c of height
        // k; a base card needs none)?
        let ready = |c: Card, above: u8| {
            let (g, k) = group(s.found.base, c);
            let high = (0..FOUND).filter(|&f| {
                s.fcards[f]
                    .bottom()
                    .is_some_and(|b| usize::from(b.colour()) == g)
                    && s.found.count(f) as usize >= k + above as usize
            });
            k == 0 && above == 0 || high.count() == 4
        };
        let base = s.found.base;
        let under = s.terrace.cards().iter().rev().nth(1).copied();
        let loose = |t: Card| {
            let valley = s.valley.iter().flat_map(|p| p.cards()).copied();
            valley.chain(s.stock.left()).any(|x| alike(base, x, t))
        };
        let free = under.is_none_or(|t| !loose(t));
        if let Some(c) = s.terrace.top().filter(|&c| free && ready(c, 0)) {
            let f = s.found_dests(c).next()?;
            return Some(Move::TerraceFound(f as u8));
        }
        let done = |x: Card| ready(x, 1);
        (0..VALLEY).find_map(|v| {
            let c = s.valley[v].top().filter(|_| s.valley[v].len() >= 2)?;
            let f = s.up_dests(c).next()?;
            (ready(c, 0) && safe_to_foundation(&VALLEY_BUILD, c, done))
                .then_some(Move::ValFound(v as u8, f as u8))
        })
    }

    /// The choice, or: Terrace plays first, then valley plays to the foundations, the
    /// macros to the foundations, moves between packets (those emptying one first), and
    /// the macros onto the valley. One foundation per card.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if s.pending.is_some() {
            return self.moves(s, out);
        }
        if s.is_dead() {
            return;
        }
        if let Some(f) = s.terrace.top().and_then(|c| s.found_dests(c).next()) {
            out.push(Move::TerraceFound(f as u8));
        }
        for v in 0..VALLEY {
            if let Some(f) = s.valley[v].top().and_then(|c| s.up_dests(c).next()) {
                out.push(Move::ValFound(v as u8, f as u8));
            }
        }
        let mut rest = Vec::new();
        self.stock_macros(s, out, &mut rest);
        let a = out.len();
        for from in 0..VALLEY {
            let Some(c) = s.valley[from].top() else {
                continue;
            };
            for to in (0..VALLEY).filter(|&to| to != from && s.fits_val(to, c)) {
                out.push(Move::ValVal(from as u8, to as u8));
            }
        }
        stable_partition(
            &mut out[a..],
            |m| matches!(*m, Move::ValVal(from, _) if s.valley[from as usize].len() == 1),
        );
        // Moves that touch neither the stock nor a refill commute with turns, so in a
        // winning line the turns can wait for the next talon play (a macro) or the next
        // move that empties a packet, whose refill takes the talon top: for that one, turns
        // stay available as moves of their own.
        let empties = |m: &Move| match *m {
            Move::ValVal(v, _) | Move::ValFound(v, _) => s.valley[v as usize].len() == 1,
            _ => false,
        };
        if s.stock.pack_len() > 0 && out.iter().any(empties) {
            out.push(Move::Turn);
        }
        out.extend(rest);
    }

    fn expand(&self, s: &State, m: Move, out: &mut Vec<Move>) {
        let Move::Stock(steps, dest) = m else {
            return out.push(m);
        };
        let mut t = *s;
        t.stock
            .expand_macro(&STOCK, steps, Move::Turn, Move::Turn, out);
        out.push(talon_play(dest));
    }
}

/// The talon top to a foundation (0..8) or a packet (from [`TO_VALLEY`]).
fn talon_play(dest: u8) -> Move {
    if dest < TO_VALLEY {
        Move::TalonFound(dest)
    } else {
        Move::TalonVal(dest - TO_VALLEY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, card, cards, deal, deal_cards, key_segment, play, pruning_agrees,
        pruning_agrees_from, pruning_agrees_on, solve_limited, sorted_texts, texts, unshuffled,
        walk, won_line, Agreement,
    };

    fn g() -> Terrace {
        Terrace
    }

    const FIRST: &str = "5C 9H 2S QD KH 7C 3D 8S JC 4H 6S TD 3S 2H 4C 2C 4D 3C 5S 2D 9C 8D AH";

    /// The 23 cards of [`FIRST`], then the rest of the two packs in unshuffled order (AC of
    /// the first pack first).
    fn hand_deal() -> State {
        let mut pack = cards(FIRST);
        let mut rest = unshuffled(PackSpec::Standard(2));
        for c in &pack {
            let i = rest.iter().position(|x| x == c).unwrap();
            rest.remove(i);
        }
        pack.extend(rest);
        deal_cards(&g(), pack)
    }

    #[test]
    fn the_deal_waits_for_the_choice() {
        let g = g();
        let s = hand_deal();
        let k = g.key_text(&s);
        assert!(
            k.starts_with("T:5C9H2SQDKH7C3D8SJC4H6STD3S F1: F2: F3: F4: F5: F6: F7: F8: V1: V2: V3: V4: V5: V6: V7: V8: V9: pack:"),
            "{k}"
        );
        assert!(
            k.ends_with("8c6cacah8d9c2d5s3c4d talon: pending:2H4C2C"),
            "{k}"
        );
        assert_eq!(key_segment(&k, "pack").len(), 2 * 88);
        assert_eq!(texts(&g, &s), ["choose c1", "choose c2", "choose c3"]);
        let mut t = s;
        play(&g, &mut t, "choose c3");
        let k = g.key_text(&t);
        assert_eq!(key_segment(&k, "F1"), "2C");
        assert_eq!(
            (
                key_segment(&k, "V1"),
                key_segment(&k, "V2"),
                key_segment(&k, "V3")
            ),
            ("2H".to_string(), "4C".to_string(), "4D".to_string())
        );
        assert_eq!(key_segment(&k, "V9"), "AH");
        assert_eq!(key_segment(&k, "pack").len(), 2 * 81);
        assert!(!k.contains("pending"));
    }

    #[test]
    fn first_moves_after_choosing() {
        let g = g();
        let mut s = hand_deal();
        play(&g, &mut s, "choose c1");
        // The 3C of V4 fits F1 (2H), but so does the Terrace's 3S: only the Terrace plays.
        let want = [
            "t>f1", "turn", "v2>f2", "v3>v5", "v4>v3", "v6>f2", "v6>v4", "v8>v7", "v9>v2",
        ];
        assert_eq!(sorted_texts(&g, &s), want);
        // A base card goes to the lowest empty foundation; its packet takes the pack top.
        play(&g, &mut s, "v2>f2");
        let k = g.key_text(&s);
        assert_eq!(
            (key_segment(&k, "F2"), key_segment(&k, "V2")),
            ("2C".into(), "AC".into())
        );
        play(&g, &mut s, "t>f1");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "F1"), "2H3S");
        assert!(key_segment(&k, "T").ends_with("6STD"));
        let t = texts(&g, &s);
        assert!(t.contains(&"v3>f1".to_string()), "4D on 3S: {t:?}");
        assert!(
            !t.iter().any(|m| m == "v4>f2" || m == "v4>f1"),
            "3C fits neither"
        );
        assert!(!t.iter().any(|m| m.starts_with("t>")), "TD fits nothing");
    }

    #[test]
    fn the_terrace_plays_first() {
        let g = g();
        let mut s = hand_deal();
        play(&g, &mut s, "choose c1");
        // Base 2, F1 2H; Terrace top 3S. A stock of 3C 9D, the 3C turned: the talon 3C
        // fits F1 like the 3S, so it may not go up, nor may V4's 3C.
        s.stock = Stock::new(&cards("3C 9D"));
        play(&g, &mut s, "turn");
        let t = texts(&g, &s);
        assert!(t.contains(&"t>f1".to_string()), "{t:?}");
        assert!(
            !t.iter().any(|m| m.ends_with(">f1") && m != "t>f1"),
            "{t:?}"
        );
        // A base card still goes up: the 3S fits no empty foundation.
        assert!(t.contains(&"v6>f2".to_string()), "{t:?}");
        // F2 started with the 2D of V6 (V6 takes the talon's 3C): the 3S fits F1 and F2,
        // and the three 3Cs go to neither.
        play(&g, &mut s, "v6>f2");
        assert_eq!(key_segment(&g.key_text(&s), "V6"), "3C");
        let t = sorted_texts(&g, &s);
        assert!(t.contains(&"t>f1".to_string()) && t.contains(&"t>f2".to_string()));
        assert!(
            !t.iter().any(|m| m.ends_with(">f1") && m != "t>f1"),
            "{t:?}"
        );
        assert!(
            !t.iter().any(|m| m.ends_with(">f2") && m != "t>f2"),
            "{t:?}"
        );
        // Once the 3S is on F1 (TD the top, fitting nothing), the 3Cs go to F2.
        play(&g, &mut s, "t>f1");
        let t = texts(&g, &s);
        assert!(t.contains(&"v4>f2".to_string()) && t.contains(&"v6>f2".to_string()));
    }

    #[test]
    fn the_talon_refills_before_the_pack() {
        let g = g();
        let mut s = hand_deal();
        play(&g, &mut s, "choose c1");
        play(&g, &mut s, "turn");
        play(&g, &mut s, "turn");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "talon"), "AC6C");
        play(&g, &mut s, "v6>f2");
        let k = g.key_text(&s);
        assert_eq!(
            (key_segment(&k, "V6"), key_segment(&k, "talon")),
            ("6C".into(), "AC".into())
        );
        // AH onto 2C empties V9, which takes the talon's last card.
        play(&g, &mut s, "v9>v2");
        let k = g.key_text(&s);
        assert_eq!(
            (key_segment(&k, "V2"), key_segment(&k, "V9")),
            ("2CAH".into(), "AC".into())
        );
        assert_eq!(key_segment(&k, "talon"), "");
    }

    #[test]
    fn spaces_stay_empty_without_stock() {
        let g = g();
        let mut s = hand_deal();
        play(&g, &mut s, "choose c1");
        s.stock = Stock::new(&[]);
        play(&g, &mut s, "v2>f2");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "V2"), "");
        let t = texts(&g, &s);
        assert!(!t.iter().any(|m| m.ends_with(">v2")), "{t:?}");
        assert!(!t.contains(&"turn".to_string()));
    }

    #[test]
    fn foundations_turn_the_corner_in_alternate_colours() {
        let mut l = Ladders::<1>::new();
        l.base = 12;
        LADDER.put(&mut l, 0, card("QS"));
        assert!(LADDER.accepts(&l, 0, card("KD")) && !LADDER.accepts(&l, 0, card("KC")));
        LADDER.put(&mut l, 0, card("KD"));
        assert!(LADDER.accepts(&l, 0, card("AC")) && !LADDER.accepts(&l, 0, card("AH")));
        for c in [
            "AC", "2H", "3S", "4D", "5C", "6H", "7S", "8D", "9C", "TH", "JS",
        ] {
            LADDER.put(&mut l, 0, card(c));
        }
        assert!(LADDER.all_full(&l) && !LADDER.accepts(&l, 0, card("QD")));
        assert!(
            !VALLEY_BUILD.fits(card("AD"), card("KS")),
            "no corner in the valley"
        );
    }

    #[test]
    fn a_terrace_card_is_safe_once_its_group_has_four_foundations() {
        let g = g();
        let mut s = hand_deal();
        play(&g, &mut s, "choose c1");
        // 3S (black, one above the base 2) lies only on red-based foundations. The card
        // under it, TD, has like cards (red tens) in the pack, which could not go up while
        // TD is the top: the play is safe only without them (here: no stock at all).
        s.stock = Stock::new(&[]);
        assert_eq!(g.safe_move(&s), None);
        for (f, c) in [(1, "2D"), (2, "2H")] {
            s.put_up(f, card(c));
        }
        assert_eq!(g.safe_move(&s), None, "three red bases");
        s.put_up(3, card("2D"));
        assert_eq!(g.safe_move(&s), Some(Move::TerraceFound(0)));
        let mut with_th = s;
        with_th.stock = Stock::new(&cards("TH"));
        assert_eq!(g.safe_move(&with_th), None, "a red ten out");
        s.put_up(0, card("3C"));
        assert_eq!(g.safe_move(&s), Some(Move::TerraceFound(1)));
    }

    #[test]
    fn options_are_refused() {
        let opts = [("passes".to_string(), crate::game::OptValue::Int(2))];
        assert!(Terrace::from_options(&opts).is_err());
        assert!(g().start(cards("3C 4C"), SplitMix64::new(0)).is_err());
    }

    #[test]
    fn equal_keys_hold_the_same_cards() {
        let g = g();
        let mut seen = std::collections::HashMap::new();
        for seed in 0..20 {
            walk(&g, &deal(&g, seed), 300, seed, |s| {
                let mut val: Vec<Vec<Card>> = s.valley.iter().map(|b| b.cards().to_vec()).collect();
                val.sort();
                let mut f: Vec<(u8, Option<u8>)> = (0..FOUND)
                    .map(|i| (s.found.count(i), s.found.top(i).map(|c| c.colour())))
                    .collect();
                f.sort();
                let info = (val, f, s.stock.key_bits(), s.terrace.len(), s.found.base);
                if let Some(prev) = seen.insert(g.key(s), info.clone()) {
                    assert_eq!(prev, info, "{}", g.key_text(s));
                }
            });
        }
    }

    /// Positions along walks that mostly turn the pack (so that many are decided).
    fn hasty_positions(seed: u64) -> Vec<State> {
        let g = g();
        let mut rng = SplitMix64::new(seed);
        let mut s = deal(&g, seed);
        let mut out = Vec::new();
        for step in 0..300 {
            let legal = crate::testing::moves(&g, &s);
            if legal.is_empty() {
                break;
            }
            let r = rng.next_u64();
            let turn = legal.contains(&Move::Turn) && !r.is_multiple_of(3);
            let m = if turn {
                Move::Turn
            } else {
                legal[(r >> 8) as usize % legal.len()]
            };
            g.play(&mut s, m);
            if step % 15 == 0 {
                out.push(s);
            }
        }
        out.push(s);
        out
    }

    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = g();
        let a = pruning_agrees(&g, 0..4, 300, 30, 3_000);
        let mut b = Agreement::default();
        for seed in 0..10 {
            b += pruning_agrees_on(&g, &hasty_positions(seed), 3_000);
        }
        // Along won lines (and walks from there), where the plain search wins too.
        let mut c = Agreement::default();
        for seed in [1, 48, 50] {
            let line = won_line(&g, seed, 20_000);
            assert!(!line.is_empty(), "seed {seed} is won");
            c += pruning_agrees_on(&g, line.iter().rev().step_by(8), 3_000);
            let late = line.iter().rev().step_by(30).map(|s| (seed, *s));
            c += pruning_agrees_from(&g, late, 40, 10, 3_000);
        }
        assert!(a.lost + b.lost >= 90, "{a:?} {b:?}");
        assert!(c.won >= 30, "{c:?}");
    }

    /// All four red threes under the Terrace's top 4C (base 2): the 4C needs a black-based
    /// foundation showing a red 3, and can never go up.
    #[test]
    fn the_dead_test_sees_a_blocked_terrace() {
        let g = g();
        let first = cards("3H 3H 3D 3D 5C 6C 7C 8C 9C TC JC QC 4C 2H 2S 2C");
        let mut pack = first.clone();
        let mut rest = unshuffled(PackSpec::Standard(2));
        for c in &first {
            rest.remove(rest.iter().position(|x| x == c).unwrap());
        }
        pack.extend(rest);
        let mut s = deal_cards(&g, pack);
        assert!(!s.is_dead(), "nothing is dead while the choice is pending");
        play(&g, &mut s, "choose c2");
        assert!(s.is_dead());
        let o = solve_limited(&g, &s, 1_000, false);
        assert_eq!((o.verdict, o.states), (Verdict::Lost, 1));
        let mut t = hand_deal();
        play(&g, &mut t, "choose c1");
        assert!(!t.is_dead());
    }

    #[test]
    fn won_deals_replay() {
        let g = g();
        for seed in [1, 48, 50] {
            let s = deal(&g, seed);
            let o = solve_limited(&g, &s, 20_000, false);
            assert_eq!(o.verdict, Verdict::Won, "seed {seed}");
            assert_replays(&g, &s, &o.moves);
        }
    }
}
