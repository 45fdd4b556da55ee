//! SPENSER'S FAIRIE QUEEN (`spensers-fairie-queen`), from
//! `rules/spensers-fairie-queen.md`.
//!
//! Over the 400-line budget (about 500): the solver needs, besides the rules, a key with
//! the deal's current column apart, a safe move with its own proof, move ordering after
//! the deal and a relaxed dead-position test ([`Reach`]) with its argument; none of these
//! is yet a part another game shares.
//!
//! # Layout and deal
//! The first king of the shuffled two-pack pack is taken out and heads column K1; the other
//! 103 cards are the pack, its first card on top. Each `deal` move (legal while the pack has
//! cards and the hand is empty) deals one card: a king heads the next column (the new
//! current column, the highest-numbered one with a king), an ace goes to the
//! lowest-numbered empty foundation, another card that fits a foundation waits in the hand
//! (`hand>fM` or `hand>kN` onto the current column, nothing else meanwhile), any other card
//! goes to the foot of the current column.
//!
//! # Foundations
//! F1..F8, each started by an ace as it is dealt, built up in suit to the queen (12 cards),
//! from the hand and from column feet; one move per foundation that takes the card.
//!
//! # The columns
//! A column's available card is its top (the card at its foot); its king never moves.
//! While the pack lasts a column's card only goes up. Once the pack and the hand are empty
//! a column's card also goes onto another column whose top is one rank higher, suit
//! ignored, or onto a single king (a column of its king alone), which takes any card.
//!
//! # Pack, talon and re-deals
//! The pack is dealt once; no talon, no re-deal, no option.
//!
//! # End
//! Won with the 96 cards from ace to queen on the foundations; lost when no move is left.
//!
//! # Solver
//! The two foundations of a suit are alike but for their heights; the columns are alike
//! but for the current one while the deal lasts (after it all eight are alike, the kings'
//! suits playing no part). The key holds the pack's length, whether a card waits, the
//! sorted heights per suit, and the columns' cards below their kings: the current column
//! first while the deal lasts, the others sorted. Foundation plays are tried once per
//! source, single kings once per source (and not for a card alone on its king). The safe
//! move is in [`SpensersFairieQueen::safe_move`]; after the deal a relaxed dead-position
//! test ([`is_dead`]) cuts positions where some card can never leave its column.

use crate::card::{Card, ACE, KING};
use crate::error::EngineError;
use crate::game::{Game, GameInfo, Options};
use crate::pack::{withdraw, PackSpec, SplitMix64};
use crate::parts::options::game_info;
use crate::parts::{
    display_lines, move_text, sort_among, BitWriter, KeyText, Ladder, Ladders, Opt, Packed, Parsed,
    Pile, Place,
};

pub const SLUG: &str = "spensers-fairie-queen";

/// Columns K1..K8.
const COLUMNS: usize = 8;
/// Foundations F1..F8.
const FOUNDATIONS: usize = 8;
/// Ace to queen in suit.
const LADDER: Ladder = Ladder {
    len: 12,
    ..Ladder::ACE_UP
};
/// The game has no option (an unknown option is an error).
const OPTIONS: &[Opt] = &[];

/// The game (it has no options).
#[derive(Clone, Debug, Default)]
pub struct SpensersFairieQueen;

impl SpensersFairieQueen {
    /// Build from user options: there are none, so any option is an error.
    pub fn from_options(opts: &Options) -> Result<Self, EngineError> {
        Parsed::new(SLUG, OPTIONS, opts)?;
        Ok(SpensersFairieQueen)
    }
}

/// A position.
#[derive(Copy, Clone, Debug)]
pub struct State {
    /// The columns, king first (the kings and the 88 cards from 2 to queen).
    cols: Packed<96, COLUMNS>,
    found: Ladders<FOUNDATIONS>,
    /// The pack, its top (last) card dealt next.
    pack: Pile<103>,
    /// The card waiting for a decision.
    hand: Option<Card>,
}

/// One move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Move {
    Deal,
    /// The hand to foundation `to`.
    HandFound {
        to: u8,
    },
    /// The hand to the foot of the current column.
    HandCol,
    /// The top of column `from` to foundation `to`.
    Found {
        from: u8,
        to: u8,
    },
    /// The top of column `from` onto column `to` (after the deal).
    Col {
        from: u8,
        to: u8,
    },
}

fn col(p: usize) -> Place {
    Place::at("K", p)
}
fn found(f: usize) -> Place {
    Place::at("F", f)
}

impl State {
    /// The current column: the highest-numbered one with a king.
    fn current(&self) -> usize {
        (0..COLUMNS)
            .rev()
            .find(|&p| !self.cols.is_empty(p))
            .unwrap_or(0)
    }
    /// The available card of column `p` when it is not the king.
    fn top(&self, p: usize) -> Option<Card> {
        self.cols.top(p).filter(|c| c.rank() != KING)
    }
    /// The pack and the hand are empty: columns build.
    fn dealt(&self) -> bool {
        self.pack.is_empty() && self.hand.is_none()
    }
    /// May the top of `from` go onto column `to` (the deal being over)?
    fn fits(&self, from: usize, to: usize) -> bool {
        match (self.top(from), self.cols.top(to)) {
            (Some(c), Some(on)) => {
                from != to && (self.cols.len(to) == 1 || on.rank() == c.rank() + 1)
            }
            _ => false,
        }
    }
    /// Deal the top card of the pack (the automatic steps of `deal`).
    fn deal(&mut self) {
        let Some(c) = self.pack.pop() else { return };
        if c.rank() == KING {
            let p = (self.current() + 1).min(COLUMNS - 1);
            self.cols.push(p, c);
        } else if let Some(f) = LADDER.first_dest(&self.found, c) {
            if c.rank() == ACE {
                LADDER.put(&mut self.found, f, c);
            } else {
                self.hand = Some(c);
            }
        } else {
            let p = self.current();
            self.cols.push(p, c);
        }
    }
}

impl Game for SpensersFairieQueen {
    type State = State;
    type Move = Move;
    type Key = [u64; 10];

    fn info(&self) -> GameInfo {
        let title = "Spenser's Fairie Queen";
        game_info(SLUG, title, PackSpec::Standard(2), OPTIONS)
    }

    fn start(&self, cards: Vec<Card>, _rng: SplitMix64) -> Result<State, EngineError> {
        let mut pack = cards;
        let king = withdraw(&mut pack, &[|c: Card| c.rank() == KING])
            .ok_or_else(|| EngineError::BadDeal("the deal has no king".into()))?;
        if pack.len() > 103 {
            return Err(EngineError::WrongCount {
                expected: 104,
                got: pack.len() + 1,
            });
        }
        let mut s = State {
            cols: Packed::new(),
            found: Ladders::new(),
            pack: Pile::new(),
            hand: None,
        };
        s.cols.push(0, king[0]);
        pack.iter().rev().for_each(|&c| s.pack.push_down(c));
        Ok(s)
    }

    fn moves(&self, s: &State, out: &mut Vec<Move>) {
        let mut dests = [0u8; FOUNDATIONS];
        if let Some(c) = s.hand {
            let n = LADDER.dests(&s.found, c, &mut dests);
            out.extend(dests[..n].iter().map(|&to| Move::HandFound { to }));
            return out.push(Move::HandCol);
        }
        for from in 0..COLUMNS {
            let Some(c) = s.top(from) else { continue };
            let n = LADDER.dests(&s.found, c, &mut dests);
            let f = from as u8;
            out.extend(dests[..n].iter().map(|&to| Move::Found { from: f, to }));
            if s.pack.is_empty() {
                let to = (0..COLUMNS).filter(|&to| s.fits(from, to));
                out.extend(to.map(|to| Move::Col {
                    from: f,
                    to: to as u8,
                }));
            }
        }
        if !s.pack.is_empty() {
            out.push(Move::Deal);
        }
    }

    fn play(&self, s: &mut State, m: Move) {
        match m {
            Move::Deal => s.deal(),
            Move::HandFound { to } => {
                if let Some(c) = s.hand.take() {
                    LADDER.put(&mut s.found, to as usize, c);
                }
            }
            Move::HandCol => {
                if let Some(c) = s.hand.take() {
                    let p = s.current();
                    s.cols.push(p, c);
                }
            }
            Move::Found { from, to } => {
                if let Some(c) = s.top(from as usize) {
                    LADDER.put(&mut s.found, to as usize, c);
                    s.cols.pop(from as usize);
                }
            }
            Move::Col { from, to } => s.cols.move_top(from as usize, to as usize),
        }
    }

    fn is_won(&self, s: &State) -> bool {
        LADDER.all_full(&s.found)
    }

    fn move_text(&self, s: &State, m: Move) -> String {
        let hand = Place::named("hand");
        match m {
            Move::Deal => "deal".into(),
            Move::HandFound { to } => move_text(hand, found(to as usize)),
            Move::HandCol => move_text(hand, col(s.current())),
            Move::Found { from, to } => move_text(col(from as usize), found(to as usize)),
            Move::Col { from, to } => move_text(col(from as usize), col(to as usize)),
        }
    }

    fn key_text(&self, s: &State) -> String {
        let mut k = KeyText::new();
        for p in 0..COLUMNS {
            k.pile(col(p), s.cols.cards(p), 0);
        }
        for f in 0..FOUNDATIONS {
            k.pile(found(f), &LADDER.cards(&s.found, f), 0);
        }
        k.pile(Place::named("pack"), s.pack.cards(), s.pack.len());
        k.pile(Place::named("hand"), s.hand.as_slice(), 0);
        k.finish()
    }

    fn display(&self, s: &State) -> String {
        let f: Vec<Vec<Card>> = (0..FOUNDATIONS)
            .map(|f| LADDER.cards(&s.found, f))
            .collect();
        let rows = (0..COLUMNS)
            .map(|p| (col(p), s.cols.cards(p), 0))
            .chain((0..FOUNDATIONS).map(|i| (found(i), &f[i][..], 0)))
            .chain([(Place::named("hand"), s.hand.as_slice(), 0)]);
        let mut out = display_lines(rows);
        out.push_str(&format!("pack: {} cards\n", s.pack.len()));
        out
    }

    fn key(&self, s: &State) -> [u64; 10] {
        // The pack's length (its cards, and the card in the hand, follow from it, one
        // deal being searched) and whether a card waits; per suit its two foundations'
        // heights, sorted; then each column's cards below its king (6 bits: rank, suit),
        // closed by a 0: the current column first while the deal lasts, the others sorted
        // (a column whose king is not out yet and a single king are both empty here: how
        // many kings are out follows from the pack's length). At most 8 + 32 + 6 * (88 +
        // 8) = 616 bits.
        let mut w = BitWriter::<10>::new();
        w.put(s.pack.len() as u64, 7);
        w.put(u64::from(s.hand.is_some()), 1);
        let mut h = [[0u8; 2]; 4];
        let mut n = [0usize; 4];
        for f in 0..FOUNDATIONS {
            if let Some(c) = s.found.top(f) {
                let su = c.suit() as usize;
                h[su][n[su].min(1)] = s.found.count(f);
                n[su] += 1;
            }
        }
        for [a, b] in h {
            w.put(u64::from(a.min(b)), 4);
            w.put(u64::from(a.max(b)), 4);
        }
        let mut cols: [&[Card]; COLUMNS] = std::array::from_fn(|p| {
            let c = s.cols.cards(p);
            &c[c.len().min(1)..]
        });
        if s.dealt() {
            sort_among(&mut cols, |_| true);
        } else {
            cols.swap(0, s.current());
            sort_among(&mut cols, |i| i > 0);
        }
        for c in cols {
            c.iter()
                .for_each(|x| w.put(u64::from(x.rank() | x.suit() << 4), 6));
            w.put(0, 6);
        }
        w.finish()
    }

    /// A card `c` (rank r, suit s) in the hand or at the foot of a column goes up when
    /// nothing can ever be put on it (r = 2, aces never lying in a column, or every card
    /// of rank r - 1 up) and its twin is up or both foundations of its suit show r - 1.
    ///
    /// Proof: take a winning line L; delete the moves of `c` and play it up now. The only
    /// cards ever put on `c` in L are dealt ones (on the current column, which does not
    /// look at its foot card) and cards of rank r - 1, of which there are none left; so
    /// every other move finds its source and destination as in L (a column holds the
    /// same cards but `c`, and its top differs only while `c` would be its top, when
    /// nothing is put on it; a column left with its king alone only allows more). On the
    /// foundations of suit s the new line has, until `c` went up in L, one place more at
    /// r and one fewer at r - 1: a play of rank r + 1 finds as much as in L, and the only
    /// other play of rank r, the twin's, is either made already or finds the second place
    /// at r - 1. Places of one suit and height being alike, every move stays legal.
    fn safe_move(&self, s: &State) -> Option<Move> {
        let height = |su: u8, f: usize| match s.found.top(f) {
            Some(t) if t.suit() == su => s.found.count(f),
            _ => 0,
        };
        let both_at_least =
            |su: u8, r: u8| (0..FOUNDATIONS).filter(|&f| height(su, f) >= r).count();
        let safe = |c: Card| -> Option<usize> {
            let f = LADDER.first_dest(&s.found, c)?;
            let r = c.rank();
            let covered = r > 2 && (0..4).any(|su| both_at_least(su, r - 1) < 2);
            let twin_up = both_at_least(c.suit(), r) >= 1;
            let both_below = (0..FOUNDATIONS)
                .filter(|&f| height(c.suit(), f) == r - 1 && s.found.top(f).is_some())
                .count()
                == 2;
            (!covered && (twin_up || both_below)).then_some(f)
        };
        if let Some(c) = s.hand {
            return safe(c).map(|f| Move::HandFound { to: f as u8 });
        }
        (0..COLUMNS).find_map(|p| {
            let f = safe(s.top(p)?)?;
            Some(Move::Found {
                from: p as u8,
                to: f as u8,
            })
        })
    }

    /// The legal moves but for those equal to another one up to the key's symmetries:
    /// one foundation per source (places of a suit and height are alike), one single king
    /// per source and none for a card alone on its king (all columns are alike after the
    /// deal). Foundation plays first, then `deal`, builds, single kings.
    fn solver_moves(&self, s: &State, out: &mut Vec<Move>) {
        if let Some(c) = s.hand {
            if let Some(f) = LADDER.first_dest(&s.found, c) {
                out.push(Move::HandFound { to: f as u8 });
            }
            return out.push(Move::HandCol);
        }
        for from in 0..COLUMNS {
            if let Some(f) = s.top(from).and_then(|c| LADDER.first_dest(&s.found, c)) {
                out.push(Move::Found {
                    from: from as u8,
                    to: f as u8,
                });
            }
        }
        if !s.pack.is_empty() {
            return out.push(Move::Deal);
        }
        if is_dead(s) {
            out.clear();
            return;
        }
        // Each column move's class, best first: 0 uncovers a card that fits a foundation,
        // 1 leaves a single king, 2 takes a card off a card it does not build on, 3 the
        // other builds, 4 onto the first single king; `None`: not tried.
        let single = (0..COLUMNS).find(|&p| s.cols.len(p) == 1);
        let mut class = [None; COLUMNS * COLUMNS];
        for from in 0..COLUMNS {
            let cards = s.cols.cards(from);
            let Some((&c, rest)) = cards.split_last().filter(|_| cards.len() > 1) else {
                continue;
            };
            let under = rest.last().copied().filter(|u| u.rank() != KING);
            let k = match under {
                Some(u) if LADDER.first_dest(&s.found, u).is_some() => 0,
                None => 1,
                Some(u) if u.rank() != c.rank() + 1 => 2,
                Some(_) => 3,
            };
            for to in (0..COLUMNS).filter(|&to| s.fits(from, to)) {
                class[from * COLUMNS + to] = match s.cols.len(to) {
                    1 if Some(to) == single && under.is_some() => Some(if k == 0 { 0 } else { 4 }),
                    1 => None,
                    _ => Some(k),
                };
            }
        }
        for want in 0..5 {
            for (i, _) in class.iter().enumerate().filter(|(_, &k)| k == Some(want)) {
                out.push(Move::Col {
                    from: (i / COLUMNS) as u8,
                    to: (i % COLUMNS) as u8,
                });
            }
        }
    }
}

/// True when, after the deal, some card can never leave its column even in the relaxed
/// game of [`Reach`]: it never reaches a foundation, and the position is lost.
fn is_dead(s: &State) -> bool {
    let mut facts = Reach {
        freed: 0,
        reach: [0; 4],
        targets: 0,
        space: false,
    };
    for f in 0..FOUNDATIONS {
        if let Some(t) = s.found.top(f) {
            let su = t.suit() as usize;
            facts.reach[su] = facts.reach[su].max(s.found.count(f));
        }
    }
    let sources: [&[Card]; COLUMNS] = std::array::from_fn(|p| {
        let c = s.cols.cards(p);
        &c[c.len().min(1)..]
    });
    for src in &sources {
        match src.last() {
            Some(c) => facts.targets |= 1 << c.rank(),
            None => facts.space = true,
        }
    }
    !crate::parts::fixed_point(&mut facts, &sources, &mut [0; COLUMNS])
}

/// The relaxed game of [`is_dead`], after the deal. Its facts only grow, and every move
/// of the real game is allowed in it: a column card may leave when it is the rank above
/// the highest rank to which its suit has a card of every rank up or freed (a foundation
/// needs one copy of each lower rank of its suit, and those must have left their
/// columns), when a card one rank higher is or was a column top or has left a column
/// (a real target is a top, uncovered or moved there before), or once some column may
/// be a single king (all its cards may have left). Copies are not told apart, which only
/// allows more. A card that never leaves its column never goes up.
struct Reach {
    /// Cards (bit [`Card::index`]) with a copy freed.
    freed: u64,
    /// Per suit, the rank to which every rank has a copy up or freed.
    reach: [u8; 4],
    /// Ranks (bit r) of cards that are or were tops or have left.
    targets: u16,
    space: bool,
}

impl crate::parts::Relaxed for Reach {
    fn can_leave(&self, _src: usize, c: Card) -> bool {
        self.space
            || c.rank() <= self.reach[c.suit() as usize] + 1
            || self.targets & (1 << (c.rank() + 1)) != 0
    }
    fn left(&mut self, _src: usize, c: Card, next: Option<Card>) {
        let b = 1u64 << c.index();
        self.freed |= b;
        self.targets |= 1 << c.rank();
        match next {
            Some(n) => self.targets |= 1 << n.rank(),
            None => self.space = true,
        }
    }
    fn settle(&mut self) -> bool {
        let mut grew = false;
        for (su, h) in self.reach.iter_mut().enumerate() {
            while *h < 12 && self.freed & (1 << Card::new(*h + 1, su as u8).index()) != 0 {
                *h += 1;
                grew = true;
            }
        }
        grew
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Verdict;
    use crate::testing::{
        assert_replays, cards, deal, deal_cards, distinct_texts, play, pruning_agrees,
        pruning_agrees_from, pruning_agrees_on, solve_limited, sorted_texts, unshuffled, walk,
        won_line,
    };

    fn pack() -> Vec<Card> {
        unshuffled(PackSpec::Standard(2))
    }

    /// A deal whose first cards are `first` (dealing order), the rest of the two packs
    /// following in unshuffled order.
    fn deal_of(first: &str) -> Vec<Card> {
        let mut rest = pack();
        let mut out = Vec::new();
        for c in cards(first) {
            let i = rest.iter().position(|&x| x == c).expect("card");
            out.push(rest.remove(i));
        }
        out.extend(rest);
        out
    }

    fn strs(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_unshuffled_deal() {
        let g = SpensersFairieQueen;
        let mut s = deal_cards(&g, pack());
        let k = g.key_text(&s);
        let empty = "K2: K3: K4: K5: K6: K7: K8: F1: F2: F3: F4: F5: F6: F7: F8:";
        assert!(k.starts_with(&format!("K1:KC {empty} pack:ksqsjs")), "{k}");
        assert!(k.ends_with("2dadqcjctc9c8c7c6c5c4c3c2cac hand:"), "{k}");
        assert_eq!(s.pack.len(), 103);
        assert_eq!(distinct_texts(&g, &s), ["deal"]);
        play(&g, &mut s, "deal");
        assert!(g.key_text(&s).contains(" F1:AC F2: "));
        play(&g, &mut s, "deal");
        assert!(g.key_text(&s).ends_with("3c hand:2C"));
        assert_eq!(sorted_texts(&g, &s), ["hand>f1", "hand>k1"]);
        play(&g, &mut s, "hand>k1");
        assert!(g.key_text(&s).starts_with("K1:KC2C K2: "));
        // The 2C at the foot of K1 may go up during the deal; the 3C waits in the hand
        // only if it fits (it does not: F1 shows the AC), so it goes on K1.
        assert_eq!(sorted_texts(&g, &s), ["deal", "k1>f1"]);
        play(&g, &mut s, "deal");
        assert!(g.key_text(&s).starts_with("K1:KC2C3C K2: "));
        assert!(g.key_text(&s).ends_with(" hand:"));
    }

    #[test]
    fn the_hand_offers_every_foundation_and_the_current_column() {
        let g = SpensersFairieQueen;
        // K1 = KC; AD, AD to F1, F2; KH heads K2 (current); 2D waits.
        let mut s = deal_cards(&g, deal_of("KC AD AD KH 2D 5S"));
        for _ in 0..4 {
            play(&g, &mut s, "deal");
        }
        assert!(g.key_text(&s).starts_with("K1:KC K2:KH K3: "));
        assert!(g.key_text(&s).ends_with(" hand:2D"));
        assert_eq!(distinct_texts(&g, &s), ["hand>f1", "hand>f2", "hand>k2"]);
        play(&g, &mut s, "hand>f2");
        assert!(g.key_text(&s).contains(" F1:AD F2:AD2D F3: "));
        // The 5S fits nothing: it goes to the foot of K2 by itself.
        play(&g, &mut s, "deal");
        assert!(g.key_text(&s).starts_with("K1:KC K2:KH5S K3: "));
        assert!(g.key_text(&s).ends_with(" hand:"));
        assert_eq!(distinct_texts(&g, &s), ["deal"]);
    }

    /// A position after the deal built by hand: columns (king first) and foundation
    /// heights per place (suit of its ace, height).
    fn after_deal(cols: [&str; 8], found: &[(u8, u8)]) -> State {
        let mut s = deal_cards(&SpensersFairieQueen, pack());
        s.pack = Pile::new();
        s.cols = Packed::new();
        for (p, t) in cols.iter().enumerate() {
            cards(t).into_iter().for_each(|c| s.cols.push(p, c));
        }
        for (f, &(su, h)) in found.iter().enumerate() {
            for r in 1..=h {
                LADDER.put(&mut s.found, f, Card::new(r, su));
            }
        }
        s
    }

    #[test]
    fn columns_build_down_whatever_the_suit_and_single_kings_take_any_card() {
        let g = SpensersFairieQueen;
        // Foundations: clubs at 3 and 1, the rest empty. K1 ends in 9H, K2 in TS, K3 in
        // 4C (fits F1), K4 a single king, K5 ends in QD, K6 in 9C, K7 in TD, K8 in 5H.
        let s = after_deal(
            [
                "KC 9H", "KD 3S TS", "KH 4C", "KS", "KC QD", "KD 9C", "KH TD", "KS 5H",
            ],
            &[(0, 3), (0, 1)],
        );
        let mut want = strs(&[
            "k1>k2", "k1>k7", "k1>k4", "k6>k2", "k6>k7", "k6>k4", "k3>f1", "k3>k8", "k3>k4",
            "k5>k4", "k2>k4", "k7>k4", "k8>k4",
        ]);
        want.sort();
        assert_eq!(sorted_texts(&g, &s), want);
        let mut t = s;
        play(&g, &mut t, "k3>k4");
        assert!(g
            .key_text(&t)
            .starts_with("K1:KC9H K2:KD3STS K3:KH K4:KS4C "));
        // K3 is a single king now; K4 is not, and 4C builds no further (no 5 is free).
        let t2 = sorted_texts(&g, &t);
        assert!(t2.contains(&"k4>f1".to_string()) && t2.contains(&"k4>k3".to_string()));
        assert!(!t2.iter().any(|m| m.ends_with(">k4")), "{t2:?}");
    }

    #[test]
    fn no_column_move_while_the_pack_lasts() {
        let g = SpensersFairieQueen;
        // K1 = KC with 9H, KD heads K2 with TS (both fit nothing): 9H may not go on TS.
        let mut s = deal_cards(&g, deal_of("KC 9H KD TS"));
        for _ in 0..3 {
            play(&g, &mut s, "deal");
        }
        assert!(g.key_text(&s).starts_with("K1:KC9H K2:KDTS K3: "));
        assert_eq!(distinct_texts(&g, &s), ["deal"]);
    }

    #[test]
    fn won_with_every_queen_up() {
        let g = SpensersFairieQueen;
        let full: Vec<(u8, u8)> = (0..8).map(|f| ((f / 2) as u8, 12)).collect();
        let mut s = after_deal(["KC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"], &full);
        assert!(g.is_won(&s));
        assert!(distinct_texts(&g, &s).is_empty());
        let mut almost = full.clone();
        almost[7].1 = 11;
        s = after_deal(["KC QS", "KD", "KH", "KS", "KC", "KD", "KH", "KS"], &almost);
        assert!(!g.is_won(&s));
        let mut want = strs(&["k1>f8"]);
        want.extend((2..=8).map(|p| format!("k1>k{p}")));
        want.sort();
        assert_eq!(sorted_texts(&g, &s), want);
        play(&g, &mut s, "k1>f8");
        assert!(g.is_won(&s));
    }

    #[test]
    fn the_safe_move_needs_the_twin_or_both_places() {
        let g = SpensersFairieQueen;
        // Spades at 4 and 3, hearts both at 4, no club or diamond foundation: the 3s and
        // 4s of clubs and diamonds are not up, so every 4 and 5 may still be covered.
        let s = after_deal(
            ["KC 5H", "KD 5H", "KH 4S", "KS 2C", "KC", "KD", "KH", "KS"],
            &[(3, 4), (3, 3), (2, 4), (2, 4)],
        );
        // 2C: nothing rests on a 2, but clubs have no foundation: it does not fit.
        // 4S: fits F2, twin up on F1: but 3s of clubs and diamonds are not up.
        assert_eq!(g.safe_move(&s), None);
        // Every 3 up (spades at 4 and 3): the 4S of K3 goes up to F8, its twin being up
        // on F7; the 5Hs fit F5 but the club and diamond 4s are not up.
        let all3: Vec<(u8, u8)> = vec![
            (0, 3),
            (0, 3),
            (1, 3),
            (1, 3),
            (2, 4),
            (2, 4),
            (3, 4),
            (3, 3),
        ];
        let s = after_deal(
            ["KC 5H", "KD 5H", "KH 4S", "KS", "KC", "KD", "KH", "KS"],
            &all3,
        );
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 2, to: 7 }));
        // The 5H: 4s of clubs, diamonds and one spade are not up: not safe.
        let mut t = s;
        play(&g, &mut t, "k3>f8");
        assert_eq!(g.safe_move(&t), None);
        // A 2 with its twin down needs both places of its suit at the ace.
        let s = after_deal(
            ["KC 2D", "KD 2D", "KH", "KS", "KC", "KD", "KH", "KS"],
            &[(1, 1)],
        );
        assert_eq!(g.safe_move(&s), None);
        let s = after_deal(
            ["KC 2D", "KD 2D", "KH", "KS", "KC", "KD", "KH", "KS"],
            &[(1, 1), (1, 1)],
        );
        assert_eq!(g.safe_move(&s), Some(Move::Found { from: 0, to: 0 }));
    }

    #[test]
    fn the_dead_test_finds_a_queen_that_never_leaves() {
        // Foundations at 10 but one of hearts at 8. Each column holds a knave under a
        // queen of its suit, and K4 ends in TH 9H, which may go up: moves exist, but no
        // column can ever be emptied (a queen only leaves for a single king or its
        // foundation, whose knaves lie under queens), so the position is lost.
        let cols = [
            "KC JS QS",
            "KD JS QS",
            "KH JH QH",
            "KS JH QH TH 9H",
            "KC JD QD",
            "KD JD QD",
            "KH JC QC",
            "KS JC QC",
        ];
        let found = [
            (0, 10),
            (0, 10),
            (1, 10),
            (1, 10),
            (2, 10),
            (2, 8),
            (3, 10),
            (3, 10),
        ];
        let s = after_deal(cols, &found);
        assert_eq!(distinct_texts(&SpensersFairieQueen, &s), ["k4>f6"]);
        assert!(is_dead(&s));
        let o = solve_limited(&SpensersFairieQueen, &s, 100_000, true);
        assert_eq!(o.verdict, Verdict::Lost, "the plain search agrees");
        // With K4 holding only TH 9H, it empties once they are up, and a single king frees
        // every queen: not dead.
        let mut cols2 = cols;
        cols2[3] = "KS TH 9H";
        assert!(!is_dead(&after_deal(cols2, &found)));
    }

    #[test]
    fn bad_options_are_errors() {
        let opt = [("x".into(), crate::game::OptValue::Int(1))];
        assert!(SpensersFairieQueen::from_options(&opt).is_err());
        assert!(SpensersFairieQueen::from_options(&[]).is_ok());
    }

    #[test]
    fn walks_keep_moves_distinct() {
        let g = SpensersFairieQueen;
        for seed in 1..6 {
            walk(&g, &deal(&g, seed), 400, seed, |s| {
                let _ = g.key(s);
            });
        }
    }

    /// Late positions: along the won lines of seeds 1 and 10 and random walks from them
    /// (walks from a deal seldom come near a win), and random walks from the deals.
    #[test]
    fn pruning_agrees_with_plain_search() {
        let g = SpensersFairieQueen;
        let mut a = pruning_agrees(&g, 1..6, 400, 20, 5_000);
        for seed in [1, 10] {
            let line = won_line(&g, seed, 100_000);
            assert!(!line.is_empty(), "seed {seed} is won");
            let late = line.len().saturating_sub(300);
            a += pruning_agrees_on(&g, line[late..].iter().step_by(10), 20_000);
            let starts = line[late..].iter().step_by(25).map(|s| (seed, *s));
            a += pruning_agrees_from(&g, starts, 60, 15, 20_000);
        }
        assert!(a.won >= 10 && a.lost >= 40, "{a:?}");
    }

    #[test]
    fn seeds_are_decided_and_won_lines_replay() {
        let g = SpensersFairieQueen;
        // Seeds 1 and 10 are won, 19 and 44 lost (found by this search; the plain search
        // cannot decide them, so only the won lines are checked independently).
        for (seed, want) in [
            (1, Verdict::Won),
            (10, Verdict::Won),
            (19, Verdict::Lost),
            (44, Verdict::Lost),
        ] {
            let s = deal(&g, seed);
            let o = solve_limited(&g, &s, 200_000, false);
            assert_eq!(o.verdict, want, "seed {seed}");
            if o.verdict == Verdict::Won {
                assert_replays(&g, &s, &o.moves);
            }
        }
    }
}
