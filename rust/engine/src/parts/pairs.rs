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

/// The first pair [`each_pair`] would give: the lowest `i`, then the lowest `j`.
pub fn first_pair(
    cards: &[Option<Card>],
    fit: impl Fn(usize, Card, usize, Card) -> bool,
) -> Option<(usize, usize)> {
    for (i, a) in cards.iter().enumerate() {
        let Some(a) = *a else { continue };
        for (j, b) in cards.iter().enumerate().skip(i + 1) {
            if b.is_some_and(|b| fit(i, a, j, b)) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Is there any pair [`each_pair`] would give?
pub fn has_pair(cards: &[Option<Card>], fit: impl Fn(usize, Card, usize, Card) -> bool) -> bool {
    first_pair(cards, fit).is_some()
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

/// A perfect pairing of the occupied places (at most 64): pairs `(i, j)`, `i < j`, each
/// with `fit`, every occupied place in exactly one, in the order of their lower places;
/// `None` when there is none. (In a layout where cards never move or arrive and a pair
/// stays legal while its two cards stay, such a pairing is a win played in any order,
/// and without one no win is left.)
///
/// Depth-first on the lowest unpaired place, remembering the sets of places found to
/// have no perfect pairing.
pub fn perfect_pairing(
    cards: &[Option<Card>],
    fit: impl Fn(usize, Card, usize, Card) -> bool,
) -> Option<Vec<(usize, usize)>> {
    assert!(cards.len() <= 64, "at most 64 places");
    let mut adj = vec![0u64; cards.len()];
    let mut all = 0u64;
    each_pair(cards, &fit, |i, j| {
        adj[i] |= 1 << j;
        adj[j] |= 1 << i;
    });
    for (i, c) in cards.iter().enumerate() {
        if c.is_some() {
            all |= 1 << i;
        }
    }
    fn go(
        left: u64,
        adj: &[u64],
        failed: &mut rustc_hash::FxHashSet<u64>,
        out: &mut Vec<(usize, usize)>,
    ) -> bool {
        if left == 0 {
            return true;
        }
        if failed.contains(&left) {
            return false;
        }
        let v = left.trailing_zeros() as usize;
        let mut us = adj[v] & left;
        while us != 0 {
            let u = us.trailing_zeros() as usize;
            us &= us - 1;
            out.push((v, u));
            if go(left & !(1 << v) & !(1 << u), adj, failed, out) {
                return true;
            }
            out.pop();
        }
        failed.insert(left);
        false
    }
    let mut out = Vec::new();
    let mut failed = rustc_hash::FxHashSet::default();
    go(all, &adj, &mut failed, &mut out).then_some(out)
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
        assert_eq!(first_pair(&a, sum_is(14)), Some((0, 2)));
        assert_eq!(
            first_pair(&places("-- 9C 7D 5D 7H"), sum_is(14)),
            Some((1, 3))
        );
        assert_eq!(first_pair(&places("AC 2C"), sum_is(14)), None);
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
    fn a_perfect_pairing_covers_every_card_or_there_is_none() {
        // Sum 14 with a place rule (neighbours only): 6H-8C-6D-8S pairs as (0,1), (2,3).
        let next = |i: usize, a: Card, j: usize, b: Card| j == i + 1 && a.rank() + b.rank() == 14;
        assert_eq!(
            perfect_pairing(&places("6H 8C 6D 8S"), next),
            Some(vec![(0, 1), (2, 3)])
        );
        // Without (2, 3): the first try (0, 1) strands 2 and 3; the search backs off.
        let no23 =
            |i: usize, a: Card, j: usize, b: Card| (i, j) != (2, 3) && sum_is(14)(i, a, j, b);
        assert_eq!(
            perfect_pairing(&places("6H 8C 8S 6D"), no23),
            Some(vec![(0, 2), (1, 3)])
        );
        assert_eq!(
            perfect_pairing(&places("6H 8C -- 6D 8S"), sum_is(14)),
            Some(vec![(0, 1), (3, 4)])
        );
        assert_eq!(perfect_pairing(&places("6H 8C 6D"), sum_is(14)), None);
        assert_eq!(
            perfect_pairing(&places("6H 8C 6D 8S"), |i, a, j, b| {
                (i, j) != (0, 1) && (i, j) != (0, 3) && sum_is(14)(i, a, j, b)
            }),
            None
        );
        assert_eq!(perfect_pairing(&places("-- --"), sum_is(14)), Some(vec![]));
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
