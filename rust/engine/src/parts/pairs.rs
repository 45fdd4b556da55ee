//! Cards that leave two at a time: every unordered pair of available cards that fit
//! (equal rank, a given sum, sharing a line), and the solver's safe pair; and two swaps
//! made together (a grace that exchanges two cards with two others).
//!
//! The available cards are given as one slice of places in the game's place order
//! (`None` for a place holding no available card); pairs come out as `(i, j)` with
//! `i < j`, lower place first, in the order `i` then `j`, as the move texts name them.

use crate::card::Card;

/// Every unordered pair of places `i < j` holding cards `a`, `b` with `fit(i, a, j, b)`,
/// in the order `i`, then `j`.
pub fn each_pair(
    cards: &[Option<Card>],
    fit: impl Fn(usize, Card, usize, Card) -> bool,
    mut out: impl FnMut(usize, usize),
) {
    for (i, a) in cards.iter().enumerate() {
        let Some(a) = *a else { continue };
        for (j, b) in cards.iter().enumerate().skip(i + 1) {
            if let Some(b) = *b {
                if fit(i, a, j, b) {
                    out(i, j);
                }
            }
        }
    }
}

/// Is there any pair [`each_pair`] would give?
pub fn has_pair(cards: &[Option<Card>], fit: impl Fn(usize, Card, usize, Card) -> bool) -> bool {
    for (i, a) in cards.iter().enumerate() {
        let Some(a) = *a else { continue };
        for (j, b) in cards.iter().enumerate().skip(i + 1) {
            if b.is_some_and(|b| fit(i, a, j, b)) {
                return true;
            }
        }
    }
    false
}

/// Every choice of two disjoint unordered pairs of occupied places, `(a, b)` and `(c, d)`
/// with `a < b`, `c < d`, `a < c` and the four places different: the two swaps of a grace
/// that makes two cards change places with two others. They come in the order `a`, `b`,
/// `c`, `d` (lexicographic), each choice once.
pub fn each_two_swaps(cards: &[Option<Card>], mut out: impl FnMut(usize, usize, usize, usize)) {
    let held: Vec<usize> = (0..cards.len()).filter(|&i| cards[i].is_some()).collect();
    for (x, &a) in held.iter().enumerate() {
        for &b in &held[x + 1..] {
            for (z, &c) in held.iter().enumerate().skip(x + 1) {
                if c == b {
                    continue;
                }
                for &d in &held[z + 1..] {
                    if d != b {
                        out(a, b, c, d);
                    }
                }
            }
        }
    }
}

/// The pair rule "of the same rank" (suits ignored).
#[inline]
pub fn equal_rank(_: usize, a: Card, _: usize, b: Card) -> bool {
    a.rank() == b.rank()
}

/// The pair rule "values adding up to `total`" (ace 1, ..., king 13).
#[inline]
pub fn sum_is(total: u8) -> impl Fn(usize, Card, usize, Card) -> bool {
    move |_, a, _, b| a.rank() + b.rank() == total
}

/// A safe pair of equal rank: the first two available cards (in place order) of the
/// lowest rank `r` whose cards still in play, `left[r]` of them, are all available
/// (and are at least two, and even in number).
///
/// # The argument
/// In a game where
/// 1. cards leave only in pairs of equal rank (so the cards of `r` pair among
///    themselves);
/// 2. a card once available stays available until it leaves, and taking cards away
///    never makes any other card unavailable;
/// 3. the position after a set of cards has left does not depend on the order they left
///    in, except through automatic steps, and every automatic step fires only when no
///    pair can be made (and then only by the position);
///
/// pairing two cards of such a rank now keeps every win. Take a winning line `L` and
/// play its moves in order after the pair, skipping its pairs of rank `r`. As long as `L`
/// still holds two cards of `r`, those are available (2) and make a pair, so `L` has
/// had no automatic step (3); our position is `L`'s with its cards of `r` gone, its
/// available cards a superset of `L`'s other available ones (2), so each skipped-to
/// move of `L` is legal for us. If our position fires an automatic step, no other
/// pair is available to us, hence none to `L`, whose next moves are then its pairs of
/// `r` alone: after them `L` reaches our position before the step, and fires the same
/// step (3). Once `L` has paired its last card of `r` the two lines are at the same
/// position, and `L`'s win is ours. (With four cards of `r` available, pair the other two
/// at once as well, legal since they stay available: the argument above then runs from
/// the position with every card of `r` gone, `left[r]` being even so none is stranded.)
pub fn safe_equal_pair(avail: &[Option<Card>], left: &[u8; 14]) -> Option<(usize, usize)> {
    let mut seen = [0u8; 14];
    for c in avail.iter().flatten() {
        seen[c.rank() as usize] += 1;
    }
    let r = (1..14).find(|&r| seen[r] >= 2 && seen[r] == left[r] && left[r].is_multiple_of(2))?;
    let mut it = (0..avail.len()).filter(|&i| avail[i].is_some_and(|c| c.rank() as usize == r));
    Some((it.next()?, it.next()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::card;

    fn places(text: &str) -> Vec<Option<Card>> {
        text.split(' ')
            .map(|t| (t != "--").then(|| card(t)))
            .collect()
    }

    #[test]
    fn pairs_of_equal_rank_and_of_a_sum() {
        let a = places("7H -- 7S 9C 7D 5D");
        let mut got = Vec::new();
        each_pair(&a, equal_rank, |i, j| got.push((i, j)));
        assert_eq!(got, [(0, 2), (0, 4), (2, 4)]);
        assert!(has_pair(&a, equal_rank));
        let mut got = Vec::new();
        each_pair(&a, sum_is(14), |i, j| got.push((i, j)));
        // 7 + 7 and 9 + 5.
        assert_eq!(got, [(0, 2), (0, 4), (2, 4), (3, 5)]);
        assert!(!has_pair(&places("AC 2C 3C --"), equal_rank));
        assert!(!has_pair(&places("-- KC"), sum_is(14)));
        // A place rule: only places of equal parity.
        let mut got = Vec::new();
        each_pair(
            &a,
            |i, x, j, y| (i + j) % 2 == 0 && x.rank() == y.rank(),
            |i, j| got.push((i, j)),
        );
        assert_eq!(got, [(0, 2), (0, 4), (2, 4)]);
        let mut got = Vec::new();
        each_pair(
            &a,
            |i, x, j, y| i % 2 != j % 2 && x.rank() == y.rank(),
            |i, j| got.push((i, j)),
        );
        assert!(got.is_empty());
    }

    #[test]
    fn two_swaps_are_each_choice_of_two_disjoint_pairs_once() {
        let a = places("AC -- 2C 3C 4C");
        let mut got = Vec::new();
        each_two_swaps(&a, |w, x, y, z| got.push((w, x, y, z)));
        // Four occupied places: three ways to split them into two pairs.
        assert_eq!(got, [(0, 2, 3, 4), (0, 3, 2, 4), (0, 4, 2, 3)]);
        let mut n = 0;
        each_two_swaps(&[Some(card("AC")); 7], |a, b, c, d| {
            assert!(a < b && c < d && a < c && b != c && b != d);
            n += 1;
        });
        // 3 splits of each 4-set: 3 * C(7, 4).
        assert_eq!(n, 3 * 35);
        each_two_swaps(&places("AC 2C -- 3C"), |_, _, _, _| panic!("three cards"));
    }

    #[test]
    fn a_rank_is_safe_only_when_all_its_cards_are_available() {
        let a = places("7H 9C -- 9S 7D");
        let mut left = [0u8; 14];
        left[7] = 4;
        left[9] = 2;
        assert_eq!(safe_equal_pair(&a, &left), Some((1, 3)));
        left[9] = 4;
        assert_eq!(safe_equal_pair(&a, &left), None);
        left[7] = 2;
        assert_eq!(safe_equal_pair(&a, &left), Some((0, 4)));
        assert_eq!(safe_equal_pair(&places("7H -- 8C"), &[1; 14]), None);
    }
}
