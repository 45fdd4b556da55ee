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
//! `foundation_return` breaks 1, and has [`return_sets`] instead; games with compulsory
//! refills break 2).

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

/// The sets that make a card safe to play up when cards may come back from the
/// foundations, by a build rule's [`Build::fits_table`] `rests`: entry `c.index()` holds
/// the card `y` just below `c` in its suit and the least set closed under "could rest on"
/// that holds every card that could rest on `c` or on `y`. Test it with
/// [`safe_by_mask`]: `c` is safe when its whole set is on the foundations.
///
/// # The argument
/// The game: one pack; foundations go up in suit from the ace, and the top card of one may
/// come back onto a pile where it fits (or into a space where it may go); moves of several
/// cards are legal by their bottom card and destination alone; nothing is compulsory
/// (a face-down card turned up at once is no choice); `c` is the top of a pile (not of a
/// talon, whose later turns would see it); and no card of the set may fill a space.
///
/// Let `S` be the set, all on the foundations. *No win needs a card of `S` to come
/// down.* Take a winning line and delete every move of an `S` card. A card that could
/// rest on an `S` card is in `S` (closure), so `S` cards on a pile always lie on top of
/// it, and no other card is ever put on one: a run move keeps its non-`S` part, which is
/// still a legal run; a pile's other cards are exposed earlier, never later; no space
/// changes (no `S` card fills one). A foundation play or take-down of a card `x` not in
/// `S` finds the same top: in each suit the set is a run of ranks from the ace (checked
/// here: otherwise the entry holds `c` itself, which is never up, so never safe), so its
/// cards of `x`'s suit rank below `x`, and the original line held them all on the
/// foundation when it played or took `x`. The line still wins.
///
/// *Then `c` may go up.* In such a line nothing is ever put on `c` (what could rest on
/// it is in `S`), and no card of `c`'s suit comes down while `c` is on its pile (the
/// foundation's top is then `y` or lower, in `S`). From the position with `c` up, replay
/// the line: leave `c` out of every run it tops; its own first move becomes nothing if
/// it goes up, or, if it goes onto a card or into a space, the same move made from the
/// foundation, where `c` is the top (the cards above it there need `c` first); after
/// that the two lines are the same.
pub const fn return_sets(rests: &[u64; 52]) -> [u64; 52] {
    let mut out = [0u64; 52];
    let mut i = 0;
    while i < 52 {
        let c = Card::from_index(i);
        let mut set = rests[i];
        if c.rank() > 1 {
            let y = Card::new(c.rank() - 1, c.suit()).index();
            set |= rests[y] | 1 << y;
        }
        // Close under "could rest on".
        loop {
            let mut grown = set;
            let mut j = 0;
            while j < 52 {
                if set & (1 << j) != 0 {
                    grown |= rests[j];
                }
                j += 1;
            }
            if grown == set {
                break;
            }
            set = grown;
        }
        // In each suit, ranks from the ace up only (13 bits a suit, the ace lowest).
        let mut su = 0;
        while su < 4 {
            let bits = (set >> (13 * su)) & 0x1fff;
            if bits & (bits + 1) != 0 {
                set |= 1 << i;
            }
            su += 1;
        }
        out[i] = set;
        i += 1;
    }
    out
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
    fn return_sets_of_klondike() {
        let sets = return_sets(&Build::DOWN_ALTERNATE.fits_table());
        let set = |c: &str| sets[card(c).index()];
        let cards = |t: &str| {
            t.split_whitespace()
                .map(|x| 1u64 << card(x).index())
                .sum::<u64>()
        };
        // 4 of hearts: the 3H below it; black 3s, 2s, aces; red 2s and aces.
        assert_eq!(
            set("4H"),
            cards("3H 3C 3S 2C 2S AC AS 2H 2D AH AD"),
            "{:b}",
            set("4H")
        );
        // An ace: nothing rests on it, and nothing lies below it.
        assert_eq!(set("AS"), 0);
        // A two: the ace below it and the red aces that could rest on it.
        assert_eq!(set("2S"), cards("AS AH AD"));
        // Heights C D H S: 2 3 3 1 put 4H up safely? The 3C and 3S are not up.
        let done = up_to_heights(&[2, 3, 3, 1]);
        assert!(!safe_by_mask(set("4H"), done));
        assert!(safe_by_mask(set("4H"), up_to_heights(&[3, 2, 3, 3])));
        // The 2D is not up: the 4H's set needs the red twos.
        assert!(!safe_by_mask(set("4H"), up_to_heights(&[3, 1, 3, 3])));
    }

    #[test]
    fn return_sets_refuse_a_set_with_gaps() {
        // Down by two in alternate colours: the set of the 5H holds the 4H below it, the
        // black 3s and 2s and the red aces; in hearts that is AH and 4H, not a run from
        // the ace, so the entry holds the 5H itself: never safe.
        let sets = return_sets(&Build::DOWN_ALTERNATE.step(2).fits_table());
        let c = card("5H");
        assert_ne!(sets[c.index()] & (1 << c.index()), 0);
        assert!(!safe_by_mask(
            sets[c.index()],
            up_to_heights(&[13, 13, 4, 13])
        ));
        // Down by one, the 5H's set is a run in every suit and holds no 5H.
        let sets = return_sets(&Build::DOWN_ALTERNATE.fits_table());
        assert_eq!(sets[c.index()] & (1 << c.index()), 0);
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
