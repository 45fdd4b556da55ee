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

/// [`safe_to_foundation`] on sets of cards of one pack as bits ([`Card::index`]): `rests`
/// is the entry of `c` in the build rule's [`Build::fits_table`] (every card that could
/// rest on `c`), `done` the cards all of whose copies are `done` in the sense above. The
/// same argument and conditions; for hot loops, where the table is a `const`.
#[inline]
pub fn safe_by_mask(rests: u64, done: u64) -> bool {
    rests & !done == 0
}

/// The cards (as [`Card::index`] bits) at or below `heights[suit]` in each suit, aces up:
/// with one pack and one ace-to-king foundation a suit, the cards already up.
#[inline]
pub fn up_to_heights(heights: &[u8; 4]) -> u64 {
    let mut m = 0u64;
    for (su, &h) in heights.iter().enumerate() {
        m |= ((1u64 << h) - 1) << (13 * su);
    }
    m
}

/// True when building by `build` makes every foundation-ready card safe in a game of one
/// pack whose foundations go up in suit from the ace: the build is in suit, by one rank,
/// without wrap, in standard order (up, down or either way), so the only cards that can
/// ever rest on a card are its two neighbours in its suit.
///
/// # The argument
/// Conditions 1-3 of the module's argument hold, moves take one card, and the pack has
/// one copy of each card. Let `c` be an available card that fits its foundation. Take a
/// winning line from the position and follow it from the position with `c` played,
/// keeping a set `A` of cards of `c`'s suit that are on the foundation here but still in
/// the layout there: at first `A = {c}`. `A` is always a run of ranks just above the
/// foundation's top there, and in the original line every card lying on a card of `A`
/// is in `A` (the cards of `A` are the tops of their piles). Cards resting on an `A`
/// card are of its suit and one rank away: the rank below the lowest of `A` is on the
/// foundation, the ranks inside `A` are `A` cards, so the only other one is the card
/// just above the highest of `A`. Replay the original line move by move: a move of an
/// `A` card (onto anything, or to the foundation) is skipped, except that an `A` card put
/// on the card just above `A` makes us play that card to the foundation (it is a top
/// here too) and add it to `A`; a move of another card onto an `A` card is that card
/// going to the foundation here instead (it is the one just above `A`), and it joins
/// `A`; every other move is made as it is (its card and destination are the same tops
/// here, and a pile empty there is empty here). The replay ends with every card on the
/// foundations.
pub const fn neighbours_only(build: &Build) -> bool {
    matches!(build.suit, super::build::SuitRule::Same)
        && build.step == 1
        && !build.wrap
        && matches!(build.order, super::build::RankOrder::Standard)
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

    #[test]
    fn the_mask_form_agrees_with_the_card_form() {
        let b = Build::DOWN_ALTERNATE;
        let table = b.fits_table();
        let mut rng = crate::pack::SplitMix64::new(7);
        for _ in 0..300 {
            let h: [u8; 4] = std::array::from_fn(|_| (rng.next_u64() % 14) as u8);
            let aces = (0..4).map(|su| 1u64 << (13 * su)).sum::<u64>();
            let done_mask = up_to_heights(&h) | aces;
            let done = |x: Card| x.rank() == 1 || h[x.suit() as usize] >= x.rank();
            for (i, &rests) in table.iter().enumerate() {
                let c = Card::from_index(i);
                assert_eq!(
                    safe_by_mask(rests, done_mask),
                    safe_to_foundation(&b, c, done),
                    "{c} {h:?}"
                );
            }
        }
        // By hand: heights C 4, D 2, H 3, S 0 (aces done): 3D needs 2C (up) and 2S (not).
        let m = up_to_heights(&[4, 2, 3, 0]) | aces_mask();
        assert!(!safe_by_mask(table[card("3D").index()], m));
        assert!(safe_by_mask(table[card("2S").index()], m));
        assert_eq!(up_to_heights(&[1, 0, 0, 13]), 1 | (0x1fff << 39));
    }

    fn aces_mask() -> u64 {
        (0..4).map(|su| 1u64 << (13 * su)).sum()
    }

    #[test]
    fn neighbours_only_for_building_in_suit_by_one() {
        use crate::parts::build::{Dir, SuitRule};
        assert!(neighbours_only(&Build::new(Dir::Either, SuitRule::Same)));
        assert!(neighbours_only(&Build::DOWN_IN_SUIT));
        assert!(!neighbours_only(&Build::DOWN_ALTERNATE));
        assert!(!neighbours_only(
            &Build::new(Dir::Either, SuitRule::Same).wrap()
        ));
        assert!(!neighbours_only(
            &Build::new(Dir::Up, SuitRule::Same).step(2)
        ));
        assert!(!neighbours_only(&Build::UP_IN_SUIT.piquet()));
    }
}
