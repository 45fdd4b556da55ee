//! SPENSER'S FAIRIE QUEEN (`spensers-fairie-queen`), from
//! `rules/spensers-fairie-queen.md`.
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
//! move is in [`SpensersFairieQueen::safe_move`].

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
        let single = (0..COLUMNS).find(|&p| s.cols.len(p) == 1);
        let mut late = Vec::new();
        for from in 0..COLUMNS {
            for to in 0..COLUMNS {
                if !s.fits(from, to) {
                    continue;
                }
                let m = Move::Col {
                    from: from as u8,
                    to: to as u8,
                };
                if s.cols.len(to) > 1 {
                    out.push(m);
                } else if Some(to) == single && s.cols.len(from) > 2 {
                    late.push(m);
                }
            }
        }
        out.extend(late);
    }
}
