//! One fixed-point skeleton for relaxed dead-position tests.
//!
//! A game proves a position lost by loosening its rules into a simpler game that allows
//! everything the real one does (and more), and showing that even there some card can
//! never leave its pile. The loosened game is described by *facts* that only grow (which
//! cards are available somewhere, how far each foundation could climb, which cards could
//! serve as targets...), and a test "could this top card ever leave, given the facts".
//!
//! [`fixed_point`] runs the loop every such test shares: scan the sources (piles, and
//! any sequence that is uncovered from one end, such as a talon), let each top card
//! leave while the facts allow it, tell the facts what it uncovered, and let the facts
//! settle; repeat until nothing changes.
//!
//! # Why a card that never leaves here never leaves in the real game
//! The facts only grow and `can_leave` is monotone in them, so the loop computes the
//! least fixed point: the set of cards that the loosened game can ever move. If the real
//! game could move a card that the loop left stuck, take the first such move of a real
//! line: every card it relied on had left (or was available) before, so the facts held
//! them, and by the game's relaxation argument `can_leave` holds for it: a contradiction.
//! The game supplies that argument for its own facts (its doc comment), and tests its
//! dead test against plain search.

use crate::card::Card;

/// The facts of a relaxed model, supplied by a game.
pub trait Relaxed {
    /// Could `c`, now the top of source `src`, ever leave it?
    fn can_leave(&self, src: usize, c: Card) -> bool;
    /// `c` left source `src`, uncovering `next` (`None`: the source is now empty).
    fn left(&mut self, src: usize, c: Card, next: Option<Card>);
    /// Called after each scan of the sources: recompute derived facts; true if one grew
    /// (the loop then scans again even when no card left).
    fn settle(&mut self) -> bool {
        false
    }
}

/// Run the relaxation to its fixed point. `sources[i]` lists a source's cards from the
/// one uncovered last to the one available now (a pile bottom to top). On return
/// `cut[i]` is how many cards from the available end can leave. True when every card
/// of every source can leave (the test finds nothing dead).
pub fn fixed_point<R: Relaxed>(facts: &mut R, sources: &[&[Card]], cut: &mut [usize]) -> bool {
    debug_assert_eq!(sources.len(), cut.len());
    loop {
        let mut changed = false;
        for (i, src) in sources.iter().enumerate() {
            while cut[i] < src.len() {
                let c = src[src.len() - 1 - cut[i]];
                if !facts.can_leave(i, c) {
                    break;
                }
                cut[i] += 1;
                let next = src.len().checked_sub(cut[i] + 1).map(|j| src[j]);
                facts.left(i, c, next);
                changed = true;
            }
        }
        if facts.settle() {
            changed = true;
        }
        if !changed {
            break;
        }
    }
    sources.iter().zip(cut.iter()).all(|(s, &c)| c == s.len())
}

/// [`fixed_point`] for sources that offer several cards at once: any of the last
/// `window[i]` cards still in source `i` may leave, not only the last one. A row of `w`
/// places refilled in order from a stack behind them is one such source: the stack bottom
/// to top, then the places' cards, with a window of `w + 1` (the stack's top and the
/// places). A window of 1 is [`fixed_point`]'s pile. `left` is told the card that came
/// into the window (`None`: none came). On return `gone[i]` is how many cards left source
/// `i`. True when every card of every source can leave. At most 32 sources of at most 128
/// cards each.
///
/// The same least fixed point as [`fixed_point`]: which card of a window is tried first
/// does not matter, since the facts only grow.
pub fn fixed_point_window<R: Relaxed>(
    facts: &mut R,
    sources: &[&[Card]],
    window: &[usize],
    gone: &mut [usize],
) -> bool {
    assert!(sources.len() <= 32 && window.len() == sources.len() && gone.len() == sources.len());
    // Bit j of `out[i]`: card j of source i has left.
    let mut out = [0u128; 32];
    loop {
        let mut changed = false;
        for (i, src) in sources.iter().enumerate() {
            debug_assert!(src.len() <= 128);
            let (n, w) = (src.len(), window[i].max(1));
            // The cards still there, scanned from the top.
            let all = if n == 0 { 0 } else { u128::MAX >> (128 - n) };
            let mut there = !out[i] & all;
            let mut kept = 0;
            while there != 0 && kept < w {
                let j = 127 - there.leading_zeros() as usize;
                there &= !(1 << j);
                if !facts.can_leave(i, src[j]) {
                    kept += 1;
                    continue;
                }
                out[i] |= 1 << j;
                gone[i] += 1;
                changed = true;
                // The window is the last `w` cards still there; those below it never left.
                let next = n.checked_sub(gone[i] + w).map(|k| src[k]);
                facts.left(i, src[j], next);
            }
        }
        if facts.settle() {
            changed = true;
        }
        if !changed {
            break;
        }
    }
    sources.iter().zip(gone.iter()).all(|(s, &g)| g == s.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::cards;

    /// Piles that only empty onto foundations built up in suit from the ace: a card can
    /// leave when its foundation has reached the rank below.
    struct Found {
        height: [u8; 4],
    }
    impl Relaxed for Found {
        fn can_leave(&self, _src: usize, c: Card) -> bool {
            self.height[c.suit() as usize] + 1 == c.rank()
        }
        fn left(&mut self, _src: usize, c: Card, _next: Option<Card>) {
            self.height[c.suit() as usize] = c.rank();
        }
    }

    #[test]
    fn finds_a_blocked_suit_and_clears_a_solvable_layout() {
        let a = cards("2C AD");
        let b = cards("3C AC");
        let mut f = Found { height: [0; 4] };
        let mut cut = [0; 2];
        assert!(fixed_point(&mut f, &[&a, &b], &mut cut));
        assert_eq!(f.height[0], 3);
        // AC under 2C: the 2C can never leave.
        let c = cards("AC 2C");
        let mut f = Found { height: [0; 4] };
        let mut cut = [0; 1];
        assert!(!fixed_point(&mut f, &[&c], &mut cut));
        assert_eq!(cut, [0]);
    }

    /// `settle` alone can unlock a card (a fact derived from several sources).
    #[test]
    fn settling_facts_scans_again() {
        struct Late {
            rounds: u8,
        }
        impl Relaxed for Late {
            fn can_leave(&self, _: usize, _: Card) -> bool {
                self.rounds >= 3
            }
            fn left(&mut self, _: usize, _: Card, _: Option<Card>) {}
            fn settle(&mut self) -> bool {
                self.rounds += 1;
                self.rounds <= 3
            }
        }
        let a = cards("KS");
        let mut cut = [0];
        assert!(fixed_point(&mut Late { rounds: 0 }, &[&a], &mut cut));
    }

    /// A window lets any of its cards leave first, and reports the card that comes in.
    #[test]
    fn windows_let_cards_leave_out_of_order() {
        struct Log {
            found: Found,
            came: Vec<Card>,
        }
        impl Relaxed for Log {
            fn can_leave(&self, src: usize, c: Card) -> bool {
                self.found.can_leave(src, c)
            }
            fn left(&mut self, src: usize, c: Card, next: Option<Card>) {
                self.found.left(src, c, next);
                self.came.extend(next);
            }
        }
        let a = cards("2C AC 4C 3C");
        for (w, clears) in [(1, false), (2, false), (3, true)] {
            let mut f = Log {
                found: Found { height: [0; 4] },
                came: Vec::new(),
            };
            let mut gone = [0];
            assert_eq!(
                fixed_point_window(&mut f, &[&a], &[w], &mut gone),
                clears,
                "{w}"
            );
            if w == 3 {
                assert_eq!(f.came, cards("2C"));
            }
        }
        // Window 1 is the pile of `fixed_point`.
        let b = cards("2C AD");
        let mut gone = [0];
        let mut f = Found { height: [0; 4] };
        assert!(!fixed_point_window(&mut f, &[&b], &[1], &mut gone));
        assert_eq!(gone, [1]);
    }
}
