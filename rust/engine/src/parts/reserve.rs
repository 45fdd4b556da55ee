//! An open reserve: a row of `N` places, each holding one face-up card or nothing, every
//! card free, never refilled (a bouquet held in the hand, a row of cells dealt once).
//!
//! The places only name the cards: a card keeps its place from the deal until it leaves,
//! so the set of cards still there fixes the whole reserve (a solver key may use that
//! set, or leave the reserve out where the rest of the position determines it).

use crate::card::Card;
use crate::parts::text::{KeyText, Place};

/// `N` places (at most 32), each a card or empty.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reserve<const N: usize> {
    cards: [Card; N],
    /// Bit `i`: place `i` holds its card.
    here: u32,
}

impl<const N: usize> Reserve<N> {
    /// Places 0.. holding `cards` in order (at most `N`; the rest empty).
    pub fn of(cards: &[Card]) -> Self {
        assert!(N <= 32 && cards.len() <= N, "reserve overflow");
        let mut r = Reserve {
            cards: [Card::new(1, 0); N],
            here: 0,
        };
        r.cards[..cards.len()].copy_from_slice(cards);
        r.here = if cards.len() == 32 {
            u32::MAX
        } else {
            (1u32 << cards.len()) - 1
        };
        r
    }
    /// The card of place `i`, if it is still there.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Card> {
        (i < N && self.here & (1 << i) != 0).then(|| self.cards[i])
    }
    /// Take the card of place `i` (the place stays empty for good).
    #[inline]
    pub fn take(&mut self, i: usize) -> Option<Card> {
        let c = self.get(i)?;
        self.here &= !(1 << i);
        Some(c)
    }
    /// The places still holding a card, with their cards, in place order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        (0..N).filter_map(move |i| self.get(i).map(|c| (i, c)))
    }
    /// Cards still there.
    #[inline]
    pub fn len(&self) -> usize {
        self.here.count_ones() as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.here == 0
    }
    /// The cards still there as [`Card::index`] bits (one pack).
    #[inline]
    pub fn index_bits(&self) -> u64 {
        self.iter().fold(0, |m, (_, c)| m | 1 << c.index())
    }
    /// Key segments `Q1:7H Q2: ...`, one per place, in place order (`kind` `Q`).
    pub fn write(&self, k: &mut KeyText, kind: &'static str) {
        for i in 0..N {
            let c = self.get(i);
            k.pile(Place::at(kind, i), c.as_slice(), 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{card, cards};

    #[test]
    fn places_keep_their_cards_and_stay_empty() {
        let mut r = Reserve::<4>::of(&cards("7H AS KD"));
        assert_eq!((r.len(), r.get(1), r.get(3)), (3, Some(card("AS")), None));
        assert_eq!(r.take(1), Some(card("AS")));
        assert_eq!(r.take(1), None);
        assert_eq!(
            r.iter().collect::<Vec<_>>(),
            vec![(0, card("7H")), (2, card("KD"))]
        );
        assert_eq!(
            r.index_bits(),
            1 << card("7H").index() | 1 << card("KD").index()
        );
        let mut k = KeyText::new();
        r.write(&mut k, "Q");
        assert_eq!(k.finish(), "Q1:7H Q2: Q3:KD Q4:");
        r.take(0);
        r.take(2);
        assert!(r.is_empty());
        assert_eq!(Reserve::<32>::of(&[card("2C"); 32]).len(), 32);
    }
}
