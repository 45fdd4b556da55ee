//! THE CARPET (`carpet`).
//!
//! Rule text: `python/patience/rules/carpet.md`; text forms: `docs/notation/carpet.md`.
//!
//! # Layout and deal
//! Two packs. The first AC, AD, AH, AS, KC, KD, KH, KS met are taken out as F1..F8
//! ([`withdraw_bases`]); of the other 96, cards 1..64 are dealt face up into the carpet,
//! eight rows of eight, row by row from the top, each row from the left; cards 65..96
//! are the pack, card 65 on top. The talon starts empty.
//!
//! # Foundations
//! F1..F4 up from the ace in C, D, H, S; F5..F8 down from the king in C, D, H, S, one rank
//! at a time, 13 cards each. A carpet card that is available and the talon top may go up.
//!
//! # The carpet
//! A basket weave: cell (r, c) lies upright when r + c is even (its narrow ends face the
//! cells above and below), crossways when odd (they face the cells left and right). A
//! card is available when a cell one of its narrow ends faces is empty or off the carpet.
//! A cell emptied stays empty.
//!
//! # Pack, talon and re-deals
//! `turn` turns the pack's top card onto the talon. An available carpet card goes on the
//! talon top of its suit one rank above or below (no wrap; up and down may be mixed).
//! `redeal` (pack empty, talon not, fewer than two made): the talon read from its bottom
//! card is shuffled with the game's stream ([`gather_shuffled`]); the first card of the
//! shuffled sequence is the new pack's top.
//!
//! # End of the game
//! Won with all 104 cards on the foundations; lost when no move is left.
//!
//! # Solver
//! The plain legal moves, foundation moves first, with an exact byte key (see
//! [`Game::key`] below), and one safe move in the last deal (proof at
//! [`Game::safe_move`] below). No macros or dead tests.

use crate::card::Card;
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{PackSpec, SplitMix64};
use crate::parts::options::{game_info, Opt, Parsed};
use crate::parts::text::{KeyText, Picture, Place};
use crate::parts::{
    gather_shuffled, withdraw_bases, Build, ByteKey, Dir, Ladder, Ladders, Pile, SuitRule,
};

pub const SLUG: &str = "carpet";
const TITLE: &str = "The Carpet";
const OPTIONS: &[Opt] = &[];

/// F1..F4 and F5..F8: place p of each holds suit p.
const WAYS: [Ladder; 2] = [Ladder::ACE_UP, Ladder::KING_DOWN];
/// A carpet card on the talon top: same suit, one rank up or down, no wrap.
const ON_TALON: Build = Build::new(Dir::Either, SuitRule::Same);
const SIDE: usize = 8;
const CELLS: usize = SIDE * SIDE;
/// The cards off the foundations: the pack and the talon hold at most these.
const LOOSE: usize = 96;
const REDEALS: u8 = 2;

fn found(i: usize) -> Place {
    Place::at("F", i)
}

/// The label of cell `i` (row-major, 0-based): `C34` in keys.
fn cell_label(i: usize) -> String {
    format!("C{}{}", i / SIDE + 1, i % SIDE + 1)
}

/// The game (no options).
#[derive(Clone, Debug, Default)]
pub struct Carpet;

impl Carpet {
    /// Build from user options (there are none: any option is an error).
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(Carpet)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// Up, down.
    found: [Ladders<4>; 2],
    /// Row-major, row 1 first.
    carpet: [Option<Card>; CELLS],
    /// Bottom to top; the top is the next card turned. Every card is face down (the
    /// pile itself keeps them all face up; the key writes them down).
    pack: Pile<LOOSE>,
    /// Bottom to top.
    talon: Pile<LOOSE>,
    redeals: u8,
    rng: SplitMix64,
}

impl State {
    /// Is cell (r, c) (0-based, possibly off the carpet) empty or off the carpet?
    fn open(&self, r: isize, c: isize) -> bool {
        let side = SIDE as isize;
        !(0..side).contains(&r)
            || !(0..side).contains(&c)
            || self.carpet[(r * side + c) as usize].is_none()
    }
    /// The card of cell `i`, if it is available: a cell its narrow ends face is open.
    fn available(&self, i: usize) -> Option<Card> {
        let card = self.carpet[i]?;
        let (r, c) = ((i / SIDE) as isize, (i % SIDE) as isize);
        let free = if (r + c) % 2 == 0 {
            self.open(r - 1, c) || self.open(r + 1, c)
        } else {
            self.open(r, c - 1) || self.open(r, c + 1)
        };
        free.then_some(card)
    }
    fn fits(&self, f: usize, c: Card) -> bool {
        c.suit() as usize == f % 4 && WAYS[f / 4].accepts(&self.found[f / 4], f % 4, c)
    }
    /// The foundation `c` fits, if any (at most one of each way takes it, and both
    /// together only for a rank no foundation has reached from either end).
    fn dests(&self, c: Card) -> impl Iterator<Item = usize> + '_ {
        (0..8).filter(move |&f| self.fits(f, c))
    }
    fn cards(&self, f: usize) -> Vec<Card> {
        WAYS[f / 4].cards(&self.found[f / 4], f % 4)
    }
    fn put(&mut self, f: usize, c: Card) {
        WAYS[f / 4].put(&mut self.found[f / 4], f % 4, c);
    }
    /// Has the other foundation of `c`'s suit (the other way from `f`) taken a card of
    /// `c`'s rank?
    fn partner_has(&self, f: usize, c: Card) -> bool {
        let g = (f + 4) % 8;
        let h = self.found[g / 4].count(g % 4);
        if g < 4 {
            c.rank() <= h
        } else {
            c.rank() + h >= 14
        }
    }
    fn may_redeal(&self) -> bool {
        self.pack.is_empty() && !self.talon.is_empty() && self.redeals < REDEALS
    }
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    /// A carpet cell (row-major index) to a foundation (0-based).
    Up(u8, u8),
    /// The talon top to a foundation.
    TalonUp(u8),
    /// A carpet cell onto the talon top.
    OnTalon(u8),
    Turn,
    Redeal,
}

impl Game for Carpet {
    type State = State;
    type Move = Move;
    type Key = Box<[u8]>;

    fn info(&self) -> GameInfo {
        game_info(SLUG, TITLE, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, rng: SplitMix64) -> Result<State, EngineError> {
        if cards.len() != 104 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: cards.len(),
            });
        }
        let mut pack = cards;
        let aces = withdraw_bases(&mut pack, 1, 1)?;
        let kings = withdraw_bases(&mut pack, 13, 1)?;
        let mut s = State {
            found: [Ladders::new(); 2],
            carpet: [None; CELLS],
            pack: Pile::new(),
            talon: Pile::new(),
            redeals: 0,
            rng,
        };
        for (f, &c) in aces.iter().chain(&kings).enumerate() {
            s.put(f, c);
        }
        for (cell, &c) in s.carpet.iter_mut().zip(&pack) {
            *cell = Some(c);
        }
        for &c in pack[CELLS..].iter().rev() {
            s.pack.push(c);
        }
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        for i in 0..CELLS {
            if let Some(c) = s.available(i) {
                out.extend(s.dests(c).map(|f| Move::Up(i as u8, f as u8)));
            }
        }
        let top = s.talon.top();
        if let Some(t) = top {
            out.extend(s.dests(t).map(|f| Move::TalonUp(f as u8)));
            for i in 0..CELLS {
                if s.available(i).is_some_and(|c| ON_TALON.fits(t, c)) {
                    out.push(Move::OnTalon(i as u8));
                }
            }
        }
        if !s.pack.is_empty() {
            out.push(Move::Turn);
        }
        if s.may_redeal() {
            out.push(Move::Redeal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Up(i, f) => {
                if let Some(c) = s.carpet[i as usize].take() {
                    s.put(f as usize, c);
                }
            }
            Move::TalonUp(f) => {
                if let Some(c) = s.talon.pop() {
                    s.put(f as usize, c);
                }
            }
            Move::OnTalon(i) => {
                if let Some(c) = s.carpet[i as usize].take() {
                    s.talon.push(c);
                }
            }
            Move::Turn => {
                if let Some(c) = s.pack.pop() {
                    s.talon.push(c);
                }
            }
            Move::Redeal => {
                let order = gather_shuffled([s.talon.cards()], &mut s.rng);
                s.talon.clear();
                for &c in order.iter().rev() {
                    s.pack.push(c);
                }
                s.redeals += 1;
            }
        }
    }

    fn is_won(&self, s: &State) -> bool {
        WAYS.iter().zip(&s.found).all(|(w, l)| w.all_full(l))
    }

    fn move_text(&self, _s: &State, m: Move) -> String {
        let cell = |i: u8| cell_label(i as usize).to_ascii_lowercase();
        match m {
            Move::Up(i, f) => format!("{}>f{}", cell(i), f + 1),
            Move::TalonUp(f) => format!("talon>f{}", f + 1),
            Move::OnTalon(i) => format!("{}>talon", cell(i)),
            Move::Turn => "turn".into(),
            Move::Redeal => "redeal".into(),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for (i, c) in s.carpet.iter().enumerate() {
            match c {
                Some(c) => k.raw(&format!("{}:{c}", cell_label(i))),
                None => k.raw(&format!("{}:", cell_label(i))),
            };
        }
        for f in 0..8 {
            k.pile(found(f), &s.cards(f), 0);
        }
        k.pile(Place::named("pack"), s.pack.cards(), s.pack.len())
            .pile(Place::named("talon"), s.talon.cards(), 0)
            .field("redeals", s.redeals)
            .field("rng", format!("{:016x}", s.rng.state));
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            (0..8).map(|f| (found(f), s.cards(f).last().copied())),
        );
        for r in 0..SIDE {
            let mut line = format!("R{}", r + 1);
            for c in 0..SIDE {
                let i = r * SIDE + c;
                let mark = if s.available(i).is_some() { '*' } else { ' ' };
                match s.carpet[i] {
                    Some(card) => line.push_str(&format!("  {card}{mark}")),
                    None => line.push_str("  -- "),
                }
            }
            p.line(line.trim_end());
        }
        let top = s.talon.top().map_or("--".to_string(), |c| c.to_string());
        p.line(&format!(
            "Pack: {} cards   Talon: {top} ({} cards)   Re-deals: {} of {REDEALS}",
            s.pack.len(),
            s.talon.len(),
            s.redeals
        ));
        p.finish()
    }

    /// Exact within one search: the foundation heights (their suits and ways are fixed),
    /// which cells still hold a card (a cell only ever loses its card, so within the
    /// positions reached from one start the mask gives the cards), the re-deals made, the
    /// pack and the talon card by card, and the stream while a re-deal is left.
    ///
    /// Proof that leaving the stream out after the last re-deal merges only positions with
    /// the same future: the stream is drawn only by `redeal`, which is never legal again,
    /// and nothing else reads it.
    fn key(&self, s: &State) -> Box<[u8]> {
        let mut k = ByteKey::default();
        for l in &s.found {
            for p in 0..4 {
                k.num(l.count(p));
            }
        }
        let mask = (0..CELLS).fold(0u64, |m, i| m | u64::from(s.carpet[i].is_some()) << i);
        k.0.extend_from_slice(&mask.to_le_bytes());
        k.num(s.redeals);
        k.pile(s.pack.cards(), 0);
        k.pile(s.talon.cards(), 0);
        if s.redeals < REDEALS {
            k.0.extend_from_slice(&s.rng.state.to_le_bytes());
        }
        k.finish()
    }

    /// Random playouts beside the search: measured to find wins the depth-first order
    /// reaches late (the `probe` module of the solver says why they stay sound).
    fn probes(&self) -> bool {
        true
    }

    /// After the last re-deal: an available carpet card or the talon top `c` that fits
    /// its foundation `f` when the other foundation `g` of its suit has taken a card of
    /// `c`'s rank.
    ///
    /// Proof. Say `f` goes up (going down is the mirror image, ranks reversed); `f`
    /// wants `c`, so it holds A..c-1, and `g` holds K..d with d <= c. So `c` is the one
    /// copy of its rank off the foundations, it can only ever go to `f`, and `f` takes
    /// nothing before it. Of `c`'s suit, off the foundations, there is one copy each of
    /// c+1..K (they can only go to `f`, after `c`) and one copy each of A..d-1 (only for
    /// `g`, from d-1 down); rank c-1 is among them only when d = c, as `n`, the card `g`
    /// wants now. With no re-deal left, a card on the talon leaves it only from the top to
    /// a foundation. Take a winning line `L`. In `L`, `c` goes to `f` at some time `t2`,
    /// from the carpet or from the talon top; before that it may be put on the talon
    /// (onto c+1 or `n`). While `c` lies on the talon, a card put on it is c+1 or `n`:
    /// c+1 could never leave (it needs `c` up first, which lies beneath), so `L` never
    /// does that; `n` could have only c-2 put on it (which would never leave either, as it
    /// needs `n` on `g` first) or `c` (beneath it), so in `L` `n` leaves to `g` with
    /// nothing left on it before `c` is uncovered again. Now let `L'` play `c` to `f`
    /// first, then `L` without `c`'s moves, and with `L`'s "`n` onto `c`" played as "`n`
    /// to `g`" (from the carpet, where it was available) and `L`'s later "talon top `n` to
    /// `g`" left out. Every move of `L'` is legal: its carpet is `L`'s less `c` (and
    /// less `n` for a while), and a card is only more available with more empty cells;
    /// its talon is `L`'s less `c` (and less `n`), with the same top except when `L`'s top
    /// is `c` or `n`, and `L` puts nothing on those but what is excluded above; `f` takes
    /// nothing in `L` before `t2`, nor `g` between `n` going onto `c` and leaving; turning
    /// is the same. After `L` has played `c` up (and `n`, whichever is later) the two
    /// positions are the same, so `L'` wins too.
    fn safe_move(&self, s: &State) -> Option<Move> {
        if s.redeals < REDEALS {
            return None;
        }
        for i in 0..CELLS {
            let Some(c) = s.available(i) else { continue };
            if let Some(f) = s.dests(c).find(|&f| s.partner_has(f, c)) {
                return Some(Move::Up(i as u8, f as u8));
            }
        }
        let c = s.talon.top()?;
        let f = s.dests(c).find(|&f| s.partner_has(f, c))?;
        Some(Move::TalonUp(f as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, deal_cards, key_segment, play, pruning_agrees, solve_limited, sorted_texts,
        unshuffled,
    };

    fn unshuffled_start(g: &Carpet) -> State {
        deal_cards(g, unshuffled(PackSpec::Standard(2)))
    }

    #[test]
    fn the_deal_takes_out_the_bases_and_weaves_the_carpet() {
        let g = Carpet;
        let s = unshuffled_start(&g);
        let k = g.key_text(&s);
        // The unshuffled packs: C A..K, D, H, S twice. Out go the first aces and kings;
        // cards 1..64 are 2C..QC, 2D..QD, 2H..QH, 2S..QS, then AC..KC and AD..7D of the
        // second pack.
        assert!(
            k.starts_with("C11:2C C12:3C C13:4C C14:5C C15:6C C16:7C C17:8C C18:9C C21:TC"),
            "{k}"
        );
        assert_eq!(key_segment(&k, "C88"), "7D");
        assert_eq!(key_segment(&k, "F1"), "AC");
        assert_eq!(key_segment(&k, "F8"), "KS");
        // Cards 65..96: 8D .. KS; the pack is written bottom (KS) first.
        let pack = key_segment(&k, "pack");
        assert_eq!(pack.len(), 64);
        assert!(pack.starts_with("ksqs") && pack.ends_with("9d8d"), "{pack}");
        assert!(k.ends_with("talon: redeals:0 rng:0000000000000000"), "{k}");
        // Available at the start: upright cells of rows 1 and 8, crossways of columns 1
        // and 8. 2C (C11) goes up on F1 and QC (C78) on F5; nothing else fits.
        assert_eq!(sorted_texts(&g, &s), ["c11>f1", "c78>f5", "turn"]);
    }

    #[test]
    fn availability_follows_the_weave() {
        let g = Carpet;
        let s = unshuffled_start(&g);
        let avail: Vec<String> = (0..CELLS)
            .filter(|&i| s.available(i).is_some())
            .map(cell_label)
            .collect();
        assert_eq!(
            avail.join(" "),
            "C11 C13 C15 C17 C18 C21 C38 C41 C58 C61 C78 C81 C82 C84 C86 C88"
        );
    }

    #[test]
    fn taking_a_card_frees_its_long_side_neighbours() {
        let g = Carpet;
        let mut s = unshuffled_start(&g);
        // C11 (upright) leaves: C12 (crossways, its left end faces C11) is freed; C21
        // (crossways, free already by the rim) stays so.
        play(&g, &mut s, "c11>f1");
        assert!(s.available(1).is_some());
        // C12 is 3C: it goes up now.
        assert_eq!(sorted_texts(&g, &s), ["c12>f1", "c78>f5", "turn"]);
        play(&g, &mut s, "c12>f1");
        // C13 was available (row 1, upright); C22 (upright) faces C12 above: free now.
        assert!(s.available(SIDE + 1).is_some());
    }

    #[test]
    fn the_talon_takes_carpet_cards_one_apart_in_suit_and_redeals_shuffle() {
        let g = Carpet;
        let mut s = unshuffled_start(&g);
        for _ in 0..32 {
            play(&g, &mut s, "turn");
        }
        // Talon top KS (card 96); the pack is empty.
        assert_eq!(s.talon.top(), Some(crate::testing::card("KS")));
        let t = sorted_texts(&g, &s);
        assert!(t.contains(&"redeal".to_string()) && !t.contains(&"turn".to_string()));
        let talon: Vec<Card> = s.talon.cards().to_vec();
        let mut want = talon.clone();
        let mut rng = s.rng;
        rng.shuffle(&mut want);
        play(&g, &mut s, "redeal");
        let k = g.key_text(&s);
        assert_eq!(key_segment(&k, "talon"), "");
        assert_eq!(key_segment(&k, "redeals"), "1");
        assert_eq!(s.pack.top(), Some(want[0]));
        assert_eq!(s.pack.bottom(), Some(*want.last().unwrap()));
        assert_eq!(key_segment(&k, "rng"), format!("{:016x}", rng.state));
        // A hand-made talon: 5H on top; in row 1, 4H, 6H and 7H available, 7H not one
        // apart, 5D not of the suit.
        let mut u = unshuffled_start(&g);
        u.carpet = [None; CELLS];
        u.carpet[0] = Some(crate::testing::card("4H"));
        u.carpet[7] = Some(crate::testing::card("6H"));
        u.carpet[2] = Some(crate::testing::card("7H"));
        u.carpet[4] = Some(crate::testing::card("5D"));
        u.talon.push(crate::testing::card("5H"));
        u.pack.clear();
        assert_eq!(sorted_texts(&g, &u), ["c11>talon", "c18>talon", "redeal"]);
        play(&g, &mut u, "c18>talon");
        assert_eq!(sorted_texts(&g, &u), ["c13>talon", "redeal"]);
    }

    #[test]
    fn no_options_and_wrong_counts() {
        assert!(Carpet::from_options(&[("x".into(), crate::game::OptValue::Int(1))]).is_err());
        assert!(Carpet.start(vec![], SplitMix64::new(0)).is_err());
    }

    #[test]
    fn a_won_line_replays() {
        let g = Carpet;
        let mut s = unshuffled_start(&g);
        // Everything up but 2C..KC of F1 (F5 is full).
        s.carpet = [None; CELLS];
        s.pack.clear();
        s.found = [Ladders::new(); 2];
        for suit in 0..4u8 {
            for r in 1..=13 {
                if suit > 0 || r == 1 {
                    s.put(suit as usize, Card::new(r, suit));
                }
                s.put(4 + suit as usize, Card::new(14 - r, suit));
            }
        }
        // 2C in C11, the rest in the pack, 3C turned first.
        s.carpet[0] = Some(Card::new(2, 0));
        for r in (3..=13).rev() {
            s.pack.push(Card::new(r, 0));
        }
        let o = solve_limited(&g, &s, 100_000, false);
        assert_eq!(o.verdict, Verdict::Won);
        assert_replays(&g, &s, &o.moves);
        let o = solve_limited(&g, &s, 100_000, true);
        assert_eq!(o.verdict, Verdict::Won);
    }

    /// Late positions of greedy play (a foundation move whenever there is one, else a
    /// carpet card onto the talon, else turning or re-dealing), the last deal's mostly.
    fn greedy_positions(g: &Carpet, seed: u64) -> Vec<State> {
        let mut s = crate::testing::deal(g, seed);
        let mut rng = SplitMix64::new(seed);
        let mut seen = vec![s];
        for _ in 0..600 {
            let ms = crate::testing::moves(g, &s);
            if ms.is_empty() {
                break;
            }
            let up: Vec<Move> = ms
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Up(..) | Move::TalonUp(_)))
                .collect();
            let on: Vec<Move> = ms
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::OnTalon(_)))
                .collect();
            let pick = |v: &[Move], r: &mut SplitMix64| v[(r.next_u64() % v.len() as u64) as usize];
            let m = if !up.is_empty() {
                pick(&up, &mut rng)
            } else if !on.is_empty() && rng.next_u64().is_multiple_of(2) {
                pick(&on, &mut rng)
            } else {
                *ms.last().unwrap_or(&ms[0])
            };
            g.play(&mut s, m);
            seen.push(s);
        }
        seen.into_iter().rev().take(60).step_by(4).collect()
    }

    /// A hand-made last-deal ending: each suit's foundations have crossed, with 0..=2
    /// cards left for each way; those cards lie at random in the carpet, the talon or
    /// the pack.
    fn ending(g: &Carpet, seed: u64) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut r = |n: u64| (rng.next_u64() % n) as u8;
        let mut s = unshuffled_start(g);
        s.carpet = [None; CELLS];
        s.pack.clear();
        s.found = [Ladders::new(); 2];
        s.redeals = REDEALS;
        let mut left = Vec::new();
        for suit in 0..4u8 {
            let (a, b) = (r(3), r(3));
            for rank in 1..=13 - a {
                s.put(suit as usize, Card::new(rank, suit));
            }
            for rank in (b + 1..=13).rev() {
                s.put(4 + suit as usize, Card::new(rank, suit));
            }
            left.extend((14 - a..=13).chain(1..=b).map(|rank| Card::new(rank, suit)));
        }
        for c in left {
            match r(8) {
                0..=4 => loop {
                    let i = r(CELLS as u64) as usize;
                    if s.carpet[i].is_none() {
                        s.carpet[i] = Some(c);
                        break;
                    }
                },
                5 | 6 => s.talon.push(c),
                _ => s.pack.push(c),
            }
        }
        s
    }

    #[test]
    fn pruned_and_plain_agree() {
        let g = Carpet;
        let mut a = pruning_agrees(&g, 0..3, 400, 40, 1_000);
        let late: Vec<State> = (0..6)
            .flat_map(|seed| greedy_positions(&g, seed))
            .chain((0..80).map(|seed| ending(&g, seed)))
            .collect();
        let fired = late.iter().filter(|s| g.safe_move(s).is_some()).count();
        assert!(fired >= 30, "the safe move applies in {fired} positions");
        a += crate::testing::pruning_agrees_on(&g, &late, 2_000);
        assert!(a.lost >= 20 && a.won >= 20, "{a:?}");
    }
}
