//! THE GREAT THIRTEEN (`great-thirteen`), from `rules/great-thirteen.md`.
//!
//! # Layout and deal
//! Two packs, nothing removed. Eight ground packets G1..G8 of thirteen cards dealt
//! together: G1 takes cards 1-13 (card 1 at its bottom), G2 cards 14-26, ..., G8 cards
//! 92-104. King adjustment (first deal only, automatic): for G1, G2, ..., G8 in turn, while
//! the top card is a king it goes to the bottom of its packet. Then the top card of each
//! packet goes up to the balcony B1..B8, where it stays all game. The numeral line N1..N8
//! starts empty.
//!
//! # Foundations
//! No foundation cards: numeral packet Ni, under Bi of value b, is built with the values
//! 2b, 3b, ..., 13b reduced modulo 13 (0 read as K): twelve cards ending with a king.
//! Values A = 1 .. K = 13; suits play no part. Cards never leave a numeral packet.
//!
//! # Piles and availability
//! Only the top card of a ground packet is available. It may go to an empty Ni whose first
//! value 2b it is (doubling), or onto an incomplete Ni whose next value it is (addition) -
//! but a card that fits some empty numeral slot may only go to an empty slot (Rule II).
//! Each legal (ground packet, numeral packet) pair is one move, `gP>nI`.
//!
//! # Spaces
//! An empty numeral slot waits for its doubled value. A played-out ground position stays
//! empty until the re-deal gives it cards.
//!
//! # Pack, talon and re-deals
//! No pack, no talon. One re-deal round, automatic: whenever no placement is legal, the
//! position `next` (1..8) is taken up (skipped if empty): its packet, turned face down, is
//! dealt one card at a time - its former bottom card first - onto positions next+1, ...,
//! 8, 1, 2, ... in turn, empty positions and its own included; then `next` goes up by one.
//! Kings are not moved in this round.
//!
//! # End
//! Won when all eight numeral packets are complete (96 cards placed); otherwise lost when
//! no placement is legal and the round has passed position 8 (`next:9`).
//!
//! # Solver
//! - Key: the numeral counts (equal balcony values make their numeral packets
//!   interchangeable, so their counts are sorted), the re-deal counter and the ground
//!   packets' ranks (suits never matter); before the round starts the packets are still
//!   the dealt ones cut down from the top, so their lengths are enough.
//! - [`GreatThirteen::forced_card`]: the one pruning rule (and the safe move it gives).
//! - [`GreatThirteen::hopeless`]: a relaxation that proves positions lost.
//! - [`GreatThirteen::order`]: moves whose greedy play-out goes furthest first.

use crate::card::{pile_text, Card, KING, RANK_CHARS};
use crate::error::EngineError;
use crate::game::{check_option_names, Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::BitWriter;

pub const SLUG: &str = "great-thirteen";

/// Ground packets, balcony cards and numeral packets.
const N: usize = 8;
/// Cards a ground packet gets in the deal.
const PACKET: usize = 13;
/// Cards of a complete numeral packet.
const FULL: u8 = 12;
/// Cards that end up in the numeral packets (all but the balcony).
const GROUND_CARDS: usize = N * FULL as usize;
/// "Never" in [`AT`].
const NEVER: u8 = 0xff;

/// `NEED[b][c]`: the value a numeral packet under a balcony card of value b needs when it
/// holds c cards: (c + 2) * b, reduced (more than 13 has 13 subtracted, so 0 reads as K);
/// 0 once complete (c = 12).
const NEED: [[u8; 13]; 14] = {
    let mut t = [[0u8; 13]; 14];
    let mut b = 1;
    while b < 14 {
        let mut c = 0;
        while c < FULL as usize {
            let r = ((c + 2) * b % 13) as u8;
            t[b][c] = if r == 0 { KING } else { r };
            c += 1;
        }
        b += 1;
    }
    t
};

/// `AT[b][v]`: the count at which a numeral packet under b needs value v, or [`NEVER`]
/// (v = b: its multiple 1 lies before the packet starts).
const AT: [[u8; 14]; 14] = {
    let mut t = [[NEVER; 14]; 14];
    let mut b = 1;
    while b < 14 {
        let mut c = 0;
        while c < FULL as usize {
            let v = NEED[b][c] as usize;
            if t[b][v] == NEVER {
                t[b][v] = c as u8;
            }
            c += 1;
        }
        b += 1;
    }
    t
};

/// `BEFORE[b][n]`: bit v set for the values a numeral packet under b takes at counts < n.
const BEFORE: [[u16; 13]; 14] = {
    let mut t = [[0u16; 13]; 14];
    let mut b = 1;
    while b < 14 {
        let mut n = 1;
        while n < 13 {
            t[b][n] = t[b][n - 1] | 1 << NEED[b][n - 1];
            n += 1;
        }
        b += 1;
    }
    t
};

/// The game; it has no options.
#[derive(Clone, Debug, Default)]
pub struct GreatThirteen;

impl GreatThirteen {
    /// Build from user options: there are none, so any name given is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        check_option_names(SLUG, opts, &[])?;
        Ok(GreatThirteen)
    }
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct State {
    /// B1..B8, fixed after the deal.
    balcony: [Card; N],
    /// N1..N8, bottom to top; `count[i]` cards of `numerals[i]` are real.
    numerals: [[Card; FULL as usize]; N],
    count: [u8; N],
    /// The ground packets one after another (G1 first), each bottom to top.
    ground: [Card; GROUND_CARDS],
    /// Cards in each ground packet.
    glen: [u8; N],
    /// The position the re-deal round takes up next, 1..=8, or 9 when it is over.
    next: u8,
}

/// One move: the top card of ground packet `from` to numeral packet `to` (both 0-based).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl State {
    /// Where each ground packet starts in `ground`; entry 8 is the number of ground cards.
    #[inline]
    fn offsets(&self) -> [usize; N + 1] {
        let mut o = [0; N + 1];
        for p in 0..N {
            o[p + 1] = o[p] + self.glen[p] as usize;
        }
        o
    }
    /// Ground packet `p`, bottom to top.
    fn packet(&self, p: usize) -> &[Card] {
        let o = self.offsets();
        &self.ground[o[p]..o[p + 1]]
    }
    /// The value of each ground packet's available card (0 for an empty packet).
    #[inline]
    fn tops(&self) -> [u8; N] {
        let o = self.offsets();
        std::array::from_fn(|p| {
            if o[p + 1] > o[p] {
                self.ground[o[p + 1] - 1].rank()
            } else {
                0
            }
        })
    }
    /// Remove and return the top card of ground packet `p` (which must not be empty).
    fn pop(&mut self, p: usize) -> Card {
        let o = self.offsets();
        let end = o[p + 1];
        let c = self.ground[end - 1];
        self.ground.copy_within(end..o[N], end - 1);
        self.glen[p] -= 1;
        c
    }
    /// All ground packets as vectors (for the deal and the re-deal).
    fn packets(&self) -> [Vec<Card>; N] {
        let o = self.offsets();
        std::array::from_fn(|p| self.ground[o[p]..o[p + 1]].to_vec())
    }
    /// Store `packets` as the ground packets.
    fn set_packets(&mut self, packets: &[Vec<Card>; N]) {
        let mut k = 0;
        for (p, cards) in packets.iter().enumerate() {
            for &c in cards {
                self.ground[k] = c;
                k += 1;
            }
            self.glen[p] = cards.len() as u8;
        }
    }
    /// Balcony value over numeral packet `i`.
    #[inline]
    fn b(&self, i: usize) -> usize {
        self.balcony[i].rank() as usize
    }
    /// The value numeral packet `i` needs next, 0 when it is complete.
    #[inline]
    fn need(&self, i: usize) -> u8 {
        NEED[self.b(i)][self.count[i] as usize]
    }
    /// Bit v set when a card of value v fits some empty numeral slot (Rule II).
    #[inline]
    fn empty_fit(&self) -> u16 {
        let mut m = 0;
        for i in 0..N {
            if self.count[i] == 0 {
                m |= 1 << self.need(i);
            }
        }
        m
    }
    /// May a card of value `v` go to numeral packet `i`? (`empty_fit` from [`State::empty_fit`].)
    #[inline]
    fn fits(&self, i: usize, v: u8, empty_fit: u16) -> bool {
        v != 0 && self.need(i) == v && (self.count[i] == 0 || empty_fit & (1 << v) == 0)
    }
    /// Visit the legal moves in order (ground packet first, then numeral packet); stop
    /// when `f` returns true. Returns whether it stopped.
    fn each_move(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        let ef = self.empty_fit();
        let tops = self.tops();
        for (p, &v) in tops.iter().enumerate() {
            for i in 0..N {
                if self.fits(i, v, ef)
                    && f(Move {
                        from: p as u8,
                        to: i as u8,
                    })
                {
                    return true;
                }
            }
        }
        false
    }
    fn any_move(&self) -> bool {
        self.each_move(|_| true)
    }
    /// Take up ground position `p` (0-based) and deal it out, former bottom card first, onto
    /// positions p+1, p+2, ..., 8, 1, ... in turn (Rule III).
    fn redistribute(&mut self, p: usize) {
        let mut packets = self.packets();
        let cards = std::mem::take(&mut packets[p]);
        for (k, c) in cards.into_iter().enumerate() {
            packets[(p + 1 + k) % N].push(c);
        }
        self.set_packets(&packets);
    }
    /// The automatic steps: while no placement is legal and the round is not over, take up
    /// (or skip, if empty) the next position.
    fn settle(&mut self) {
        while self.next as usize <= N && !self.any_move() {
            let p = self.next as usize - 1;
            if self.glen[p] > 0 {
                self.redistribute(p);
            }
            self.next += 1;
        }
    }
    fn place(&mut self, m: Move) {
        let (p, i) = (m.from as usize, m.to as usize);
        let c = self.pop(p);
        let k = self.count[i] as usize;
        self.numerals[i][k] = c;
        self.count[i] += 1;
    }
}

impl GreatThirteen {
    /// The solver's pruning rule. Take an available card c of value v and the set D of
    /// numeral packets that still need a v, now or later. If every packet of D needs v now
    /// and c may legally go to each of them now, then some move of c is winning whenever the
    /// position is winnable, so the solver tries only c's moves (one move: a safe move).
    ///
    /// Proof. Take a winning line L. Supply and demand of v balance (each v card left on the
    /// ground has exactly one packet of D to go to), so while c is unplaced some packet of D
    /// still needs v, and as counts only grow it needs it unchanged since now; c fits it, so
    /// a placement is legal (c itself, or c to an empty slot fitting v) and no re-deal step
    /// can happen. Hence c stays on top of its packet until L places it, on some Nj of D
    /// that received nothing meanwhile. Play c to Nj first, then L without that move: every
    /// move of L stays legal (the only differences are one more exposed card and Nj filled
    /// earlier, which leaves fewer empty slots, so Rule II forbids no addition of L), a
    /// placement stays legal at every step so no re-deal step fires early, and after L's
    /// move of c the positions coincide.
    pub fn forced_card(&self, s: &State, out: &mut Vec<Move>) -> bool {
        let ef = s.empty_fit();
        'cards: for (p, &v) in s.tops().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let start = out.len();
            for i in 0..N {
                let at = AT[s.b(i)][v as usize];
                if at == NEVER || s.count[i] > at {
                    continue; // Ni never needs v, or is past it
                }
                if s.count[i] < at || !s.fits(i, v, ef) {
                    out.truncate(start);
                    continue 'cards; // Ni needs v later, or c may not go there now
                }
                out.push(Move {
                    from: p as u8,
                    to: i as u8,
                });
            }
            if out.len() > start {
                return true;
            }
        }
        false
    }

    /// The solver's move order: each move is scored by a greedy play-out from the position
    /// it leads to (always the first legal move, until the game ends); moves whose
    /// play-out wins, then those that place the most cards, come first.
    pub fn order(&self, s: &State, moves: &mut [Move]) {
        if moves.len() < 2 {
            return;
        }
        let mut scored: Vec<(u32, Move)> = moves
            .iter()
            .map(|&m| {
                let mut c = s.clone();
                self.play(&mut c, m);
                (self.playout(&mut c), m)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        for (slot, (_, m)) in moves.iter_mut().zip(scored) {
            *slot = m;
        }
    }

    /// Play the first legal move until the game ends; the number of moves made, plus 1000
    /// for a win.
    fn playout(&self, s: &mut State) -> u32 {
        let mut n = 0;
        loop {
            if self.is_won(s) {
                return n + 1000;
            }
            let mut first = None;
            s.each_move(|m| {
                first = Some(m);
                true
            });
            let Some(m) = first else { return n };
            self.play(s, m);
            n += 1;
        }
    }

    /// A proof that the position is lost, from a relaxation of the game; the solver gives
    /// such positions no moves.
    ///
    /// Ground positions before `next` are never taken up again: their cards keep their
    /// order, later re-deal steps only put cards on top. Cards at the other positions are
    /// treated as free (placeable whenever some numeral packet wants their value). The
    /// relaxation grows a set F of cards, each fixed packet from its top down, and for each
    /// numeral packet a reach (a count it may get to):
    /// - a reach grows while the value wanted there is the value of a free card or of a
    ///   card in F;
    /// - a card joins F when the cards above it are in F, and for its value v the v cards
    ///   from the packet's top down to it are no more than the numeral packets that can take
    ///   a v at a count from their own to their reach (each takes one v).
    ///
    /// Along any winning line, by induction on its moves, every count reached is within the
    /// reach and every card placed from a fixed packet is in F: it is placed after the cards
    /// above it, which went to distinct numeral packets at counts of their values, all
    /// within reach, and at a count whose earlier values came from cards already placed. So
    /// a card of a fixed packet left outside F proves the position lost.
    pub fn hopeless(&self, s: &State) -> bool {
        let fixed = (s.next as usize).saturating_sub(1).min(N);
        if fixed == 0 {
            return false;
        }
        let o = s.offsets();
        let mut freed: u16 = 0;
        for c in &s.ground[o[fixed]..o[N]] {
            freed |= 1 << c.rank();
        }
        let mut reach = s.count;
        // The end of the part of each fixed packet not (yet) in F.
        let mut top: [usize; N] = std::array::from_fn(|p| o[p + 1]);
        let mut prefix = [[0u8; 14]; N];
        loop {
            let mut changed = false;
            let mut takers = [0u8; 14];
            for i in 0..N {
                let b = s.b(i);
                while reach[i] < FULL && freed & (1 << NEED[b][reach[i] as usize]) != 0 {
                    reach[i] += 1;
                    changed = true;
                }
                let range = BEFORE[b][reach[i].min(FULL - 1) as usize + 1]
                    & !BEFORE[b][s.count[i] as usize];
                for (v, t) in takers.iter_mut().enumerate() {
                    *t += (range >> v & 1) as u8;
                }
            }
            for p in 0..fixed {
                while top[p] > o[p] {
                    let v = s.ground[top[p] - 1].rank() as usize;
                    if prefix[p][v] >= takers[v] {
                        break;
                    }
                    prefix[p][v] += 1;
                    top[p] -= 1;
                    freed |= 1 << v;
                    changed = true;
                }
            }
            if !changed {
                return (0..fixed).any(|p| top[p] > o[p]);
            }
        }
    }
}

impl Game for GreatThirteen {
    type State = State;
    type Move = Move;
    type Key = [u64; 8];

    fn info(&self) -> GameInfo {
        GameInfo {
            slug: SLUG,
            title: "The Great Thirteen",
            pack: PackSpec::Standard(2),
            options: Vec::new(),
        }
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != N * PACKET {
            return Err(EngineError::WrongCount {
                expected: N * PACKET,
                got: cards.len(),
            });
        }
        let mut s = State {
            balcony: [Card::default(); N],
            numerals: [[Card::default(); FULL as usize]; N],
            count: [0; N],
            ground: [Card::default(); GROUND_CARDS],
            glen: [0; N],
            next: 1,
        };
        let mut packets: [Vec<Card>; N] = Default::default();
        for (p, packet) in packets.iter_mut().enumerate() {
            packet.extend_from_slice(&cards[p * PACKET..(p + 1) * PACKET]);
            // King adjustment: at most 8 kings among 13 cards, so this ends.
            for _ in 0..PACKET {
                match packet.last() {
                    Some(c) if c.rank() == KING => packet.rotate_right(1),
                    _ => break,
                }
            }
            if let Some(c) = packet.pop() {
                s.balcony[p] = c;
            }
        }
        s.set_packets(&packets);
        s.settle();
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        s.each_move(|m| {
            out.push(m);
            false
        });
    }

    fn play(&self, s: &mut State, m: Move) {
        s.place(m);
        s.settle();
    }

    fn is_won(&self, s: &State) -> bool {
        s.count.iter().all(|&c| c == FULL)
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        format!("g{}>n{}", m.from + 1, m.to + 1)
    }

    fn key_text(&self, s: &State) -> String {
        let mut out = String::with_capacity(300);
        for (i, c) in s.balcony.iter().enumerate() {
            pile_text(&mut out, &format!("B{}", i + 1), std::slice::from_ref(c), 0);
            out.push(' ');
        }
        for i in 0..N {
            let cards = &s.numerals[i][..s.count[i] as usize];
            pile_text(&mut out, &format!("N{}", i + 1), cards, 0);
            out.push(' ');
        }
        for p in 0..N {
            pile_text(&mut out, &format!("G{}", p + 1), s.packet(p), 0);
            out.push(' ');
        }
        out.push_str(&format!("next:{}", s.next));
        out
    }

    fn display(&self, s: &State) -> String {
        let mut out = String::from("Balcony: ");
        for (i, c) in s.balcony.iter().enumerate() {
            out.push_str(&format!(" B{} {c}  ", i + 1));
        }
        out.push_str("\nNumerals:");
        for i in 0..N {
            match s.count[i] {
                0 => out.push_str(&format!(" N{} --  ", i + 1)),
                n => out.push_str(&format!(
                    " N{} {}/{n:<2}",
                    i + 1,
                    s.numerals[i][n as usize - 1]
                )),
            }
        }
        out.push_str("\nNeeds:   ");
        for i in 0..N {
            match s.need(i) {
                0 => out.push_str("  done   "),
                v => out.push_str(&format!("    {}    ", RANK_CHARS[v as usize - 1] as char)),
            }
        }
        out.push('\n');
        for p in 0..N {
            out.push_str(&format!("G{}:", p + 1));
            for c in s.packet(p) {
                out.push_str(&format!(" {c}"));
            }
            out.push('\n');
        }
        if s.next as usize <= N {
            out.push_str(&format!("Re-deal: position {} is taken up next\n", s.next));
        } else {
            out.push_str("Re-deal: round over\n");
        }
        out
    }

    fn key(&self, s: &State) -> [u64; 8] {
        // Bits: next (4); the numeral counts (8 x 4), sorted within each group of equal
        // balcony values (such packets are interchangeable); the ground packets' lengths
        // (8 x 7); then, once the re-deal round has begun (next > 1), the ranks of all
        // ground cards, G1 bottom first (at most 96 x 4). At most 476 of 512 bits. While
        // next is 1 no packet has been redistributed, each is its dealt cards cut down from
        // the top, and the lengths say which. Suits never matter; the balcony is fixed for
        // one deal.
        let mut w = BitWriter::<8>::new();
        w.put(u64::from(s.next), 4);
        let mut counts = s.count;
        for i in 0..N {
            for j in i + 1..N {
                if s.b(i) == s.b(j) && counts[i] > counts[j] {
                    counts.swap(i, j);
                }
            }
        }
        for c in counts {
            w.put(u64::from(c), 4);
        }
        for l in s.glen {
            w.put(u64::from(l), 7);
        }
        if s.next > 1 {
            let total = s.offsets()[N];
            for chunk in s.ground[..total].chunks(16) {
                let mut bits = 0u64;
                for (k, c) in chunk.iter().enumerate() {
                    bits |= u64::from(c.rank()) << (4 * k);
                }
                w.put(bits, 4 * chunk.len());
            }
        }
        w.finish()
    }

    fn safe_move(&self, s: &State) -> Option<Move> {
        // The one-move case of `forced_card` (see its proof).
        let mut v = Vec::new();
        if self.forced_card(s, &mut v) && v.len() == 1 {
            v.first().copied()
        } else {
            None
        }
    }

    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if self.hopeless(s) {
            return; // no move can lead to a win (see `hopeless`)
        }
        if self.forced_card(s, out) {
            return;
        }
        let start = out.len();
        self.moves(s, out);
        self.order(s, &mut out[start..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Limits, Verdict};
    use std::sync::atomic::AtomicBool;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|t| Card::parse(t).unwrap())
            .collect()
    }

    fn texts(g: &GreatThirteen, s: &State) -> Vec<String> {
        let mut v = Vec::new();
        if !g.is_won(s) {
            g.moves(s, &mut v);
        }
        v.iter().map(|&m| g.move_text(s, m)).collect()
    }

    fn play(g: &GreatThirteen, s: &mut State, text: &str) {
        let mut v = Vec::new();
        g.moves(s, &mut v);
        let m = v.into_iter().find(|&m| g.move_text(s, m) == text);
        g.play(
            s,
            m.unwrap_or_else(|| panic!("{text} is not legal in {}", g.key_text(s))),
        );
    }

    /// A position from its parts: balcony cards, numeral packets, ground packets, next.
    fn position(balcony: &str, numerals: [&str; 8], ground: [&str; 8], next: u8) -> State {
        let mut s = State {
            balcony: [Card::default(); N],
            numerals: [[Card::default(); FULL as usize]; N],
            count: [0; N],
            ground: [Card::default(); GROUND_CARDS],
            glen: [0; N],
            next,
        };
        for (i, c) in cards(balcony).into_iter().enumerate() {
            s.balcony[i] = c;
        }
        for (i, t) in numerals.iter().enumerate() {
            for (k, c) in cards(t).into_iter().enumerate() {
                s.numerals[i][k] = c;
                s.count[i] = k as u8 + 1;
            }
        }
        let packets: [Vec<Card>; N] = std::array::from_fn(|p| cards(ground[p]));
        s.set_packets(&packets);
        s
    }

    /// A complete numeral packet of balcony queens (all the same: suits do not matter).
    const Q_FULL: &str = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC KC";

    #[test]
    fn options_are_refused() {
        assert!(GreatThirteen::from_options(&[]).is_ok());
        let opts = [("draw".to_string(), crate::game::OptValue::Int(1))];
        assert!(GreatThirteen::from_options(&opts).is_err());
    }

    #[test]
    fn deal_of_the_unshuffled_pack() {
        // Cards 1-13 are AC..KC: G1 is AC (bottom) .. KC (top). The king on top goes to
        // the bottom, QC (now on top) goes up to the balcony: G1 = KC AC 2C .. JC.
        // Likewise G2 diamonds, G3 hearts, G4 spades, G5-G8 the second pack.
        let g = GreatThirteen;
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let key = g.key_text(&s);
        let suit_pile = |su: char| {
            let mut t = format!("K{su}");
            for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J"] {
                t.push_str(&format!("{r}{su}"));
            }
            t
        };
        let mut want = String::from("B1:QC B2:QD B3:QH B4:QS B5:QC B6:QD B7:QH B8:QS ");
        for i in 1..=8 {
            want.push_str(&format!("N{i}: "));
        }
        for (p, su) in "CDHSCDHS".chars().enumerate() {
            want.push_str(&format!("G{}:{} ", p + 1, suit_pile(su)));
        }
        want.push_str("next:1");
        assert_eq!(key, want);
        // Every queen needs 24 - 13 = 11, a knave; every packet shows one: 64 moves.
        let m = texts(&g, &s);
        assert_eq!(m.len(), 64);
        assert_eq!(m[0], "g1>n1");
        assert_eq!(m[9], "g2>n2");
        assert_eq!(m[63], "g8>n8");
    }

    #[test]
    fn king_adjustment_repeats_and_respects_order() {
        // G1: cards 1-13 with the last three kings: KD KH KS on top of ten others.
        // 1: 2C .. JC (ten cards), then KD KH KS. Slipping: KS under, then KH, then KD:
        // G1 = KD KH KS 2C .. JC, top JC goes to the balcony.
        let g = GreatThirteen;
        let mut pack = cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC KD KH KS");
        let used: Vec<Card> = pack.clone();
        let mut rest = PackSpec::Standard(2).cards();
        for c in &used {
            let i = rest.iter().position(|d| d == c).unwrap();
            rest.remove(i);
        }
        pack.extend(rest);
        let s = g.start(pack, SplitMix64::new(0)).unwrap();
        assert_eq!(s.balcony[0], Card::parse("JC").unwrap());
        let g1: Vec<String> = s.packet(0).iter().map(|c| c.to_string()).collect();
        assert_eq!(g1.join(" "), "KD KH KS 2C 3C 4C 5C 6C 7C 8C 9C TC");
        // G2 = cards 14-26: what is left of the clubs (AC QC KC), then AD .. TD; the ten
        // goes up.
        assert_eq!(s.balcony[1], Card::parse("TD").unwrap());
        assert_eq!(s.glen, [12; 8]);
    }

    #[test]
    fn addition_and_rule_two() {
        // From the unshuffled deal, put the knave of G1 on N1: N1 (queen) now needs
        // 11 + 12 - 13 = 10, and G1 shows the TC. The other knaves still fit the seven
        // empty slots only (a knave may not go onto N1 anyway, N1 needs a ten).
        let g = GreatThirteen;
        let mut s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        play(&g, &mut s, "g1>n1");
        let m = texts(&g, &s);
        assert_eq!(m.len(), 1 + 7 * 7);
        assert_eq!(m[0], "g1>n1");
        assert!(!m.contains(&"g2>n1".to_string()));
        assert!(g.key_text(&s).contains("N1:JC N2: "));
        assert!(g.key_text(&s).contains(" G1:KCAC2C3C4C5C6C7C8C9CTC G2:"));

        // Rule II: balcony 5 (needs 10 first, then 2) and balcony 6 (needs Q first).
        // N1 holds a ten and needs a two; N2 is empty and needs a queen. The only cards
        // available: a 2 on G1 (fits N1 by addition) and a queen on G2 (doubling only).
        let s = position(
            "5C 6C QC QD QH QS QC QD",
            ["TC", "", Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["2H", "QS", "", "", "", "", "", ""],
            9,
        );
        assert_eq!(texts(&g, &s), ["g1>n1", "g2>n2"]);
        // A balcony ace needs a two first: with N3 empty under an ace, the 2 on G1 fits an
        // empty slot, so it may not be added to N1 (Rule II) - only doubled on N3.
        let s = position(
            "5C 6C AC QD QH QS QC QD",
            ["TC", "", "", Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["2H", "QS", "", "", "", "", "", ""],
            9,
        );
        assert_eq!(texts(&g, &s), ["g1>n3", "g2>n2"]);
    }

    #[test]
    fn redeal_is_automatic_and_deals_from_the_bottom() {
        // All balcony queens. N1 and N2 hold J..2 (ten cards) and need an ace, then a king.
        // G1 = AS KS (king on top): nothing fits. G2 = KH AH: the ace fits N1 or N2.
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let mut s = position(
            "QC QD QH QS QC QD QH QS",
            [ten, ten, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["AS KS", "KH AH", "", "", "", "", "", ""],
            1,
        );
        s.settle();
        assert_eq!(texts(&g, &s), ["g2>n1", "g2>n2"]);
        play(&g, &mut s, "g2>n1");
        // N1 needs a king now: both kings fit it.
        assert_eq!(texts(&g, &s), ["g1>n1", "g2>n1"]);
        // The king completes N1. G2 is empty, G1 shows a king nobody needs: position 1 is
        // taken up, AS (its bottom) dealt onto G2, KS onto G3; next becomes 2. The ace fits.
        play(&g, &mut s, "g2>n1");
        let key = g.key_text(&s);
        assert!(
            key.ends_with(" G1: G2:AS G3:KS G4: G5: G6: G7: G8: next:2"),
            "{key}"
        );
        assert_eq!(texts(&g, &s), ["g2>n2"]);
        play(&g, &mut s, "g2>n2");
        play(&g, &mut s, "g3>n2");
        assert!(g.is_won(&s));
        // After the winning placement the remaining positions are all skipped.
        assert!(g.key_text(&s).ends_with(" next:9"));
        assert!(texts(&g, &s).is_empty());
    }

    #[test]
    fn redeal_wraps_and_skips_empty_positions() {
        // Balcony queens; N1 empty (needs a knave), N2..N8 complete. Nothing fits: G1 is
        // empty (skipped), G2 = 3C 4C 5C 6C 7C 8C 9C TC JC QC is taken up: 3C to G3, 4C to
        // G4, ..., 8C to G8, 9C to G1, TC to G2, JC to G3, QC to G4.
        // Now G3 shows JC, which fits N1; next is 3.
        let g = GreatThirteen;
        let mut s = position(
            "QC QD QH QS QC QD QH QS",
            ["", Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["", "3C 4C 5C 6C 7C 8C 9C TC JC QC", "", "", "", "", "", ""],
            1,
        );
        s.settle();
        let key = g.key_text(&s);
        assert!(
            key.ends_with(" G1:9C G2:TC G3:3CJC G4:4CQC G5:5C G6:6C G7:7C G8:8C next:3"),
            "{key}"
        );
        assert_eq!(texts(&g, &s), ["g3>n1"]);
    }

    #[test]
    fn end_without_moves_is_lost() {
        // As in the re-deal test, but the round is over (next:9): after the ace and king
        // go to N1 (or N2), the other ace lies under a king nobody needs.
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let mut s = position(
            "QC QD QH QS QC QD QH QS",
            [ten, ten, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["AS KS", "KH AH", "", "", "", "", "", ""],
            9,
        );
        play(&g, &mut s, "g2>n2");
        play(&g, &mut s, "g2>n2");
        assert!(texts(&g, &s).is_empty());
        assert!(!g.is_won(&s));
    }

    #[test]
    fn solver_proves_won_and_lost() {
        let g = GreatThirteen;
        let cancel = AtomicBool::new(false);
        // Balcony queens: N1 needs an ace then a king, N2 and N3 a king each. The one ace
        // lies under three kings: two of them can go to N2 and N3, the third then covers
        // the ace. With the re-deal spent (next:9) this is lost, whatever the order. With
        // the round still to come, once stuck (G1 = AS KH) position 1 is taken up: AS goes
        // to G2, KH to G3, and both go to N1: won in four moves.
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let eleven = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let mk = |next| {
            let mut s = position(
                "QC QD QH QS QC QD QH QS",
                [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
                ["AS KH KS KC", "", "", "", "", "", "", ""],
                next,
            );
            s.settle();
            s
        };
        assert_eq!(texts(&g, &mk(9)), ["g1>n2", "g1>n3"]);
        let won = solve(&g, &mk(1), &Limits::default(), &cancel);
        assert_eq!(won.verdict, Verdict::Won);
        assert_eq!(won.moves.len(), 4);
        let lost = solve(&g, &mk(9), &Limits::default(), &cancel);
        assert_eq!(lost.verdict, Verdict::Lost);
        // The relaxation sees it at once: only N2 and N3 can take a king (N1 cannot get
        // past its ace), and three kings lie above the ace.
        assert!(g.hopeless(&mk(9)));
        assert!(!g.hopeless(&mk(1)));
        // G1 is just as stuck when position 1 has been taken up already (next:2): it is
        // never taken up again, later re-deal steps only add cards on top.
        assert!(g.hopeless(&mk(2)));
        // By hand: whichever of N2, N3 takes KC, the other takes KS, and then nothing fits.
        for first in ["g1>n2", "g1>n3"] {
            let mut s = mk(9);
            play(&g, &mut s, first);
            assert_eq!(texts(&g, &s).len(), 1);
            let only = texts(&g, &s)[0].clone();
            play(&g, &mut s, &only);
            assert!(texts(&g, &s).is_empty() && !g.is_won(&s));
        }
        // The unshuffled deal: every packet is K A 2 .. J under a queen, exactly a queen's
        // numeral sequence read from the top.
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let out = solve(&g, &s, &Limits::default(), &cancel);
        assert_eq!(out.verdict, Verdict::Won);
        assert_eq!(out.moves.len(), 96);
    }

    #[test]
    fn forced_card_rule() {
        // Balcony queens, N1 needs an ace (ten cards), every other numeral is complete but
        // N2, which needs an ace too: the ace on G1 may go to either, and both need it now,
        // so the solver tries just those two moves. With N2 complete it is a safe move.
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let s = position(
            "QC QD QH QS QC QD QH QS",
            [ten, ten, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["KS AS", "KH AH", "", "", "", "", "", ""],
            9,
        );
        let mut v = Vec::new();
        assert!(g.forced_card(&s, &mut v));
        assert_eq!(v, [Move { from: 0, to: 0 }, Move { from: 0, to: 1 }]);
        assert_eq!(g.safe_move(&s), None);
        let ten_plus_ace = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let s = position(
            "QC QD QH QS QC QD QH QS",
            [
                ten_plus_ace,
                ten,
                Q_FULL,
                Q_FULL,
                Q_FULL,
                Q_FULL,
                Q_FULL,
                Q_FULL,
            ],
            ["KS", "KH AH", "", "", "", "", "", ""],
            9,
        );
        // The ace on G2 has one place (N2); the king on G1 may go to N1 now, but N2 will
        // want a king later, so it is not forced.
        assert_eq!(g.safe_move(&s), Some(Move { from: 1, to: 1 }));
    }

    #[test]
    fn solver_key_merges_only_what_cannot_matter() {
        let g = GreatThirteen;
        let ten = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C";
        let eleven = "JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC";
        let ground = ["AS KH KS KC", "", "", "", "", "", "", ""];
        let a = position(
            "QC QD QH QS QC QD QH QS",
            [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        // N1 and N2 swapped (both under queens): the same future, the same key.
        let b = position(
            "QC QD QH QS QC QD QH QS",
            [eleven, ten, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        assert_eq!(g.key(&a), g.key(&b));
        assert_ne!(g.key_text(&a), g.key_text(&b));
        // Under different balcony values the counts are not interchangeable.
        let c = position(
            "QC JD QH QS QC QD QH QS",
            [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        let d = position(
            "QC JD QH QS QC QD QH QS",
            [eleven, ten, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ground,
            9,
        );
        assert_ne!(g.key(&c), g.key(&d));
        // Suits do not matter; order, ranks and the counter do.
        let e = position(
            "QC QD QH QS QC QD QH QS",
            [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
            ["AD KC KS KH", "", "", "", "", "", "", ""],
            9,
        );
        assert_eq!(g.key(&a), g.key(&e));
        for other in [
            ["KH AS KS KC", "", "", "", "", "", "", ""],
            ["AS KH KS", "KC", "", "", "", "", "", ""],
        ] {
            let f = position(
                "QC QD QH QS QC QD QH QS",
                [ten, eleven, eleven, Q_FULL, Q_FULL, Q_FULL, Q_FULL, Q_FULL],
                other,
                9,
            );
            assert_ne!(g.key(&a), g.key(&f));
        }
        let mut h = a.clone();
        h.next = 8;
        assert_ne!(g.key(&a), g.key(&h));
        // Before the round begins (next:1) the lengths stand for the packets.
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let mut t = s.clone();
        play(&g, &mut t, "g1>n1");
        let mut u = s.clone();
        play(&g, &mut u, "g1>n2");
        assert_eq!(g.key(&t), g.key(&u)); // N1 to N8 all under queens
        let mut w = s.clone();
        play(&g, &mut w, "g2>n1");
        assert_ne!(g.key(&t), g.key(&w));
        let mut v = s.clone();
        play(&g, &mut v, "g1>n1");
        play(&g, &mut v, "g1>n1");
        assert_ne!(g.key(&t), g.key(&v));
    }

    #[test]
    fn display_shows_every_place() {
        let g = GreatThirteen;
        let s = g
            .start(PackSpec::Standard(2).cards(), SplitMix64::new(0))
            .unwrap();
        let d = g.display(&s);
        assert!(d.lines().count() >= 12);
        assert!(d.contains("B1 QC") && d.contains("N1 --") && d.contains("G8: KS AS"));
    }

    #[test]
    fn random_walks() {
        let g = GreatThirteen;
        for seed in 1..=20u64 {
            let (cards, rng) = g.info().pack.shuffled(seed);
            let mut s = g.start(cards, rng).unwrap();
            let mut pick = SplitMix64::new(seed ^ 0x5eed);
            for _ in 0..200 {
                let m = texts(&g, &s);
                let mut uniq = m.clone();
                uniq.sort();
                uniq.dedup();
                assert_eq!(uniq.len(), m.len(), "duplicate move texts");
                let placed: usize = s.count.iter().map(|&c| c as usize).sum();
                assert_eq!(placed + s.offsets()[N], 96);
                if g.is_won(&s) {
                    assert!(m.is_empty());
                    break;
                }
                if m.is_empty() {
                    assert_eq!(s.next, 9, "a game only ends once the re-deal round is over");
                    break;
                }
                let k = (pick.next_u64() % m.len() as u64) as usize;
                play(&g, &mut s, &m[k]);
                assert!(g.key_text(&s).split(' ').count() == 25);
                assert!(!g.display(&s).is_empty());
            }
        }
    }
}
