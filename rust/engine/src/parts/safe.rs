//! Safe moves to the foundations, built on the build rules' "which cards could ever rest
//! on this one" ([`Build::could_rest_on`]).
//!
//! # The argument
//! Let `c` be an available card that may go to a foundation now, in a game where
//! 1. cards never come back from the foundations;
//! 2. no move is ever compulsory because a foundation grew or a pile emptied (no
//!    refill that must be made, no pending choice caused by it);
//! 3. a move of several cards is legal or not by its bottom card and its destination
//!    alone (so a run with its top card taken away is still a legal run);
//! 4. every card that could ever be put on `c` in the layout (`could_rest_on`, all
//!    copies) is `done`: already on a foundation, or never allowed onto a pile.
//!
//! Then playing `c` to its foundation now keeps every win. Take a winning line from the
//! position. Nothing is ever put on `c` (4), so `c` stays the top of whatever pile holds
//! it; delete from the line every move of `c` alone, drop `c` from every run it tops (3),
//! and replace its move to the foundation by nothing. Each move left stays legal: no
//! source or destination lost a card it needed (what `c` covered is only exposed
//! earlier, and an exposed card or an emptier pile allows at least as much, 2), and the
//! foundation of `c` holds `c` earlier, which only allows more plays onto it (1). The
//! line still ends with every card on the foundations.
//!
//! Games that break one of the conditions must not use this helper (Klondike with
//! `foundation_return` breaks 1; games with compulsory refills break 2).

use super::build::Build;
use crate::card::Card;

/// Is playing `c` to a foundation provably safe? `done(x)`: every copy of card `x` is on
/// a foundation already, or can never be put on a pile of the layout. See the module
/// docs for the conditions the game must meet.
#[inline]
pub fn safe_to_foundation(build: &Build, c: Card, done: impl Fn(Card) -> bool) -> bool {
    let rests = build.could_rest_on(c);
    for r in rests.ranks.into_iter().flatten() {
        for s in 0..4u8 {
            if rests.suits & (1 << s) != 0 && !done(Card::new(r, s)) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::card;

    #[test]
    fn klondike_rule_from_the_build_rule() {
        // Down in alternate colours; aces never go on a column; heights per suit C D H S.
        let b = Build::DOWN_ALTERNATE;
        let heights = [4u8, 2, 3, 0];
        let done = |x: Card| x.rank() == 1 || heights[x.suit() as usize] >= x.rank();
        assert!(
            safe_to_foundation(&b, card("2S"), done),
            "only red aces rest on a 2"
        );
        assert!(safe_to_foundation(&b, card("AH"), done));
        // 3H: the black twos (2C on its foundation, 2S not) could rest on it.
        assert!(!safe_to_foundation(&b, card("3H"), done));
        // 3D: black twos are 2C (done) and 2S (not).
        let heights2 = [4u8, 2, 3, 2];
        let done2 = |x: Card| x.rank() == 1 || heights2[x.suit() as usize] >= x.rank();
        assert!(safe_to_foundation(&b, card("3D"), done2));
        assert!(
            !safe_to_foundation(&b, card("5C"), done2),
            "4D and 4H are out"
        );
    }
}
