//! Dealing helpers: the dealing order taken card by card (rows, packets, circles), the
//! replacement rule, gathering a layout for a re-deal, and the one-card hand
//! (CONVENTIONS 4, 5.5, 6.2).

use super::pile::Pile;
use crate::card::Card;
use crate::error::EngineError;

/// The shuffled pack, dealt from its first card.
#[derive(Debug)]
pub struct Dealer<'a> {
    cards: &'a [Card],
    next: usize,
}

impl<'a> Dealer<'a> {
    pub fn new(cards: &'a [Card]) -> Self {
        Dealer { cards, next: 0 }
    }
    /// The next card, if any.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Card> {
        let c = self.cards.get(self.next).copied();
        self.next += usize::from(c.is_some());
        c
    }
    /// The next `n` cards (fewer at the end), in dealing order.
    pub fn take(&mut self, n: usize) -> &'a [Card] {
        let end = (self.next + n).min(self.cards.len());
        let s = &self.cards[self.next..end];
        self.next = end;
        s
    }
    /// Every card not dealt yet, in dealing order.
    pub fn rest(&mut self) -> &'a [Card] {
        let n = self.remaining();
        self.take(n)
    }
    /// Cards not dealt yet.
    pub fn remaining(&self) -> usize {
        self.cards.len() - self.next
    }
    /// Cards dealt so far.
    pub fn dealt(&self) -> usize {
        self.next
    }

    /// Deal one card onto each pile of `places` in order (a row, a circle), face down if
    /// `face_down`. Stops early when the pack runs out.
    pub fn row<const N: usize>(
        &mut self,
        piles: &mut [Pile<N>],
        places: impl IntoIterator<Item = usize>,
        face_down: bool,
    ) {
        for p in places {
            let Some(c) = self.next() else { return };
            if face_down {
                piles[p].push_down(c);
            } else {
                piles[p].push(c);
            }
        }
    }

    /// Deal packets "together": pile `p` of `places` takes the next `size` cards, the
    /// first at its bottom (CONVENTIONS 4.3), the bottom `down` of them face down.
    pub fn packets<const N: usize>(
        &mut self,
        piles: &mut [Pile<N>],
        places: impl IntoIterator<Item = usize>,
        size: usize,
        down: usize,
    ) {
        for p in places {
            for (i, &c) in self.take(size).iter().enumerate() {
                if i < down {
                    piles[p].push_down(c);
                } else {
                    piles[p].push(c);
                }
            }
        }
    }

    /// Deal with the replacement rule (CONVENTIONS 4.5): a card for which `leaves` is
    /// true goes away at once (`leaves` places it), and the next card is dealt to the same
    /// place. Returns the card that stays, or `None` if the pack ran out.
    pub fn next_staying(&mut self, mut leaves: impl FnMut(Card) -> bool) -> Option<Card> {
        loop {
            let c = self.next()?;
            if !leaves(c) {
                return Some(c);
            }
        }
    }
}

/// Gather piles for a re-deal (CONVENTIONS 6.2): `piles` in the order they are taken up;
/// each goes under those taken before, and the whole is turned over. Returns the new
/// pack in dealing order: the last pile taken up, bottom to top, then the one before it,
/// and so on.
pub fn gather<'a>(piles: impl IntoIterator<Item = &'a [Card]>) -> Vec<Card> {
    let taken: Vec<&[Card]> = piles.into_iter().collect();
    let mut out = Vec::with_capacity(taken.iter().map(|p| p.len()).sum());
    for p in taken.iter().rev() {
        out.extend_from_slice(p);
    }
    out
}

/// Withdraw foundation bases before the deal (CONVENTIONS 3, 4.7): for each suit in the
/// order C, D, H, S, the first `copies` cards of rank `rank` met from the top of the
/// shuffled pack; the other cards keep their order. The bases come back in place order
/// (F1, F2, ... = the clubs, then the diamonds, ...). An error if the pack lacks one.
pub fn withdraw_bases(
    pack: &mut Vec<Card>,
    rank: u8,
    copies: usize,
) -> Result<Vec<Card>, EngineError> {
    let mut out = Vec::with_capacity(4 * copies);
    for suit in 0..4 {
        let base = Card::new(rank, suit);
        for _ in 0..copies {
            let i = pack.iter().position(|&c| c == base).ok_or_else(|| {
                EngineError::BadDeal(format!("the deal lacks the bases ({copies} of {base})"))
            })?;
            out.push(pack.remove(i));
        }
    }
    Ok(out)
}

/// A one-card hand (CONVENTIONS 5.5): while it holds a card, the legal moves are the
/// ways of placing it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub Option<Card>);

impl Hand {
    #[inline]
    pub fn card(&self) -> Option<Card> {
        self.0
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }
    #[inline]
    pub fn take(&mut self) -> Option<Card> {
        self.0.take()
    }
    #[inline]
    pub fn hold(&mut self, c: Card) {
        debug_assert!(self.0.is_none(), "the hand holds one card");
        self.0 = Some(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{card, cards};

    #[test]
    fn rows_packets_and_the_rest() {
        let pack = cards("AC 2C 3C 4C 5C 6C 7C 8C 9C");
        let mut d = Dealer::new(&pack);
        let mut piles = [Pile::<8>::new(); 3];
        d.row(&mut piles, 0..3, true);
        d.row(&mut piles, 1..3, false);
        assert_eq!(piles[0].cards(), &cards("AC")[..]);
        assert_eq!(
            (piles[2].cards(), piles[2].down()),
            (&cards("3C 5C")[..], 1)
        );
        d.packets(&mut piles, [0], 2, 0);
        assert_eq!(piles[0].cards(), &cards("AC 6C 7C")[..]);
        assert_eq!(d.rest(), &cards("8C 9C")[..]);
        assert_eq!(d.next(), None);
    }

    #[test]
    fn replacement_deals_again_to_the_same_place() {
        let pack = cards("AC AD 5H 6H");
        let mut d = Dealer::new(&pack);
        let mut aces = Vec::new();
        let c = d.next_staying(|c| {
            let ace = c.rank() == 1;
            if ace {
                aces.push(c);
            }
            ace
        });
        assert_eq!(c, Some(card("5H")));
        assert_eq!(aces, cards("AC AD"));
    }

    #[test]
    fn gathering_puts_the_last_pile_first() {
        let a = cards("AC 2C");
        let b = cards("3D");
        let c = cards("4H 5H");
        assert_eq!(gather([&a[..], &b[..], &c[..]]), cards("4H 5H 3D AC 2C"));
        assert!(gather(Vec::<&[Card]>::new()).is_empty());
    }

    #[test]
    fn bases_are_withdrawn_by_suit_first_occurrences() {
        let mut pack = cards("5H AS AC 2C AH AC AD AS AD AH 9S");
        let bases = withdraw_bases(&mut pack, 1, 2).unwrap();
        assert_eq!(bases, cards("AC AC AD AD AH AH AS AS"));
        assert_eq!(pack, cards("5H 2C 9S"));
        let mut short = cards("AC AD AH");
        assert!(matches!(
            withdraw_bases(&mut short, 1, 1),
            Err(EngineError::BadDeal(_))
        ));
    }

    #[test]
    fn hand_holds_one_card() {
        let mut h = Hand::default();
        assert!(h.is_empty());
        h.hold(card("KS"));
        assert_eq!(h.card(), Some(card("KS")));
        assert_eq!(h.take(), Some(card("KS")));
        assert!(h.is_empty());
    }
}
