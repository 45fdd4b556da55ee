//! Piles: every stack of cards in a layout (columns, packets, rows, cells, reserves),
//! bottom to top, with a count of face-down cards at the bottom (CONVENTIONS 4.2, 4.6).
//!
//! A [`Pile`] has a fixed capacity `N`, so a game's state is a plain `Copy` value with no
//! heap: cloning it for a child position is one `memcpy`. A layout is an array of piles
//! (`[Pile<N>; P]`): the arena. The functions at the bottom move runs between piles of
//! one arena.

use crate::card::{pile_text, Card};

/// A stack of at most `N` cards; `cards[..len]` bottom to top, the first `down` face down.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pile<const N: usize> {
    cards: [Card; N],
    len: u8,
    down: u8,
}

impl<const N: usize> Default for Pile<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Pile<N> {
    /// An empty pile.
    pub const fn new() -> Self {
        assert!(N <= 255, "a pile holds at most 255 cards");
        Pile {
            cards: [Card::new(1, 0); N],
            len: 0,
            down: 0,
        }
    }

    /// A pile holding `cards` (bottom first), the first `down` of them face down.
    ///
    /// # Panics
    /// If there are more than `N` cards or `down > cards.len()` (a layout too big for the
    /// game's own constant: a programming error, caught by the game's deal test).
    pub fn of(cards: &[Card], down: usize) -> Self {
        assert!(cards.len() <= N && down <= cards.len(), "pile overflow");
        let mut p = Self::new();
        p.cards[..cards.len()].copy_from_slice(cards);
        p.len = cards.len() as u8;
        p.down = down as u8;
        p
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Face-down cards (at the bottom).
    #[inline]
    pub fn down(&self) -> usize {
        self.down as usize
    }
    /// Face-up cards (at the top).
    #[inline]
    pub fn up(&self) -> usize {
        (self.len - self.down) as usize
    }
    /// The cards, bottom to top.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
    /// The face-up cards, bottom to top.
    #[inline]
    pub fn face_up(&self) -> &[Card] {
        &self.cards[self.down as usize..self.len as usize]
    }
    /// The top card (the available one, unless the game says otherwise).
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.len.checked_sub(1).map(|i| self.cards[i as usize])
    }
    /// The bottom card.
    #[inline]
    pub fn bottom(&self) -> Option<Card> {
        (self.len > 0).then(|| self.cards[0])
    }
    /// The card `i` places from the bottom.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Card> {
        self.cards().get(i).copied()
    }
    /// The card `n` places below the top (0 = the top).
    #[inline]
    pub fn from_top(&self, n: usize) -> Option<Card> {
        self.len().checked_sub(n + 1).map(|i| self.cards[i])
    }

    /// Put a card face up on top.
    ///
    /// # Panics
    /// When the pile is full (the game's capacity constant is too small: a bug).
    #[inline]
    pub fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }
    /// Put a card face down on top (only while every card beneath is face down).
    #[inline]
    pub fn push_down(&mut self, c: Card) {
        debug_assert_eq!(self.down, self.len, "a face-down card on a face-up one");
        self.push(c);
        self.down += 1;
    }
    /// Take the top card; a face-down card left on top is turned up (CONVENTIONS 4.6).
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        self.turn_up();
        Some(c)
    }
    /// Take the card `i` places from the bottom, closing the gap (a card taken out of a
    /// row or a fan). Face-down cards stay face down.
    pub fn remove(&mut self, i: usize) -> Option<Card> {
        let c = self.get(i)?;
        self.cards.copy_within(i + 1..self.len as usize, i);
        self.len -= 1;
        if i < self.down as usize {
            self.down -= 1;
        }
        self.turn_up();
        Some(c)
    }
    /// Put a card in at place `i` from the bottom (`i <= len`), face up.
    pub fn insert(&mut self, i: usize, c: Card) {
        let n = self.len as usize;
        self.cards.copy_within(i..n, i + 1);
        self.cards[i] = c;
        self.len += 1;
    }
    /// Remove every card.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.down = 0;
    }
    /// Drop the top `n` cards (after copying them elsewhere); turns up a face-down top.
    #[inline]
    pub fn truncate_top(&mut self, n: usize) {
        debug_assert!(n <= self.len());
        self.len -= n as u8;
        if self.down > self.len {
            self.down = self.len;
        }
        self.turn_up();
    }
    /// A face-down card left on top turns face up (automatic).
    #[inline]
    pub fn turn_up(&mut self) {
        if self.len > 0 && self.down == self.len {
            self.down -= 1;
        }
    }
    /// Turn every card face up (or make the bottom `down` face down).
    #[inline]
    pub fn set_down(&mut self, down: usize) {
        debug_assert!(down <= self.len());
        self.down = down as u8;
    }
    /// Append `LABEL:cards` to a key text (face-down cards in lower case).
    pub fn write(&self, out: &mut String, label: &str) {
        pile_text(out, label, self.cards(), self.down());
    }
}

/// Move the top `n` cards of pile `from` onto pile `to`, keeping their order; a
/// face-down card left on top of `from` turns up.
#[inline]
pub fn move_run<const N: usize>(piles: &mut [Pile<N>], from: usize, to: usize, n: usize) {
    debug_assert!(from != to && n <= piles[from].up());
    let start = piles[from].len() - n;
    for i in 0..n {
        let c = piles[from].cards[start + i];
        piles[to].push(c);
    }
    piles[from].truncate_top(n);
}

/// Move the top card of `from` (a pile of one size) onto `to` (a pile of another).
#[inline]
pub fn move_top<const A: usize, const B: usize>(from: &mut Pile<A>, to: &mut Pile<B>) {
    if let Some(c) = from.pop() {
        to.push(c);
    }
}

/// `P` piles packed end to end in one buffer of `N` cards, every card face up: for a
/// layout whose piles together never hold more than `N` cards although any one of them
/// may come to hold most of them (building up and down without limit), so that the state
/// stays `N + P` bytes where `P` separate [`Pile<N>`]s would take `P` times as much. Pile
/// `p` is [`Packed::cards`]`(p)`, bottom to top; a move shifts only the piles between.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Packed<const N: usize, const P: usize> {
    cards: [Card; N],
    len: [u8; P],
}

impl<const N: usize, const P: usize> Default for Packed<N, P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize, const P: usize> Packed<N, P> {
    /// Every pile empty.
    pub const fn new() -> Self {
        assert!(N <= 255, "a packed layout holds at most 255 cards");
        Packed {
            cards: [Card::new(1, 0); N],
            len: [0; P],
        }
    }
    /// Index in the buffer where pile `p` starts.
    #[inline]
    fn start(&self, p: usize) -> usize {
        self.len[..p].iter().map(|&l| l as usize).sum()
    }
    /// Cards in pile `p`.
    #[inline]
    pub fn len(&self, p: usize) -> usize {
        self.len[p] as usize
    }
    #[inline]
    pub fn is_empty(&self, p: usize) -> bool {
        self.len[p] == 0
    }
    /// Cards in all the piles.
    #[inline]
    pub fn total(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }
    /// Pile `p`, bottom to top.
    #[inline]
    pub fn cards(&self, p: usize) -> &[Card] {
        let s = self.start(p);
        &self.cards[s..s + self.len[p] as usize]
    }
    /// Every card of the layout, pile 0 first.
    #[inline]
    pub fn all(&self) -> &[Card] {
        &self.cards[..self.total()]
    }
    /// The top card of pile `p`.
    #[inline]
    pub fn top(&self, p: usize) -> Option<Card> {
        self.cards(p).last().copied()
    }
    /// Put `c` on top of pile `p`.
    ///
    /// # Panics
    /// When the buffer is full (the game's capacity constant is too small: a bug).
    pub fn push(&mut self, p: usize, c: Card) {
        let (total, end) = (self.total(), self.start(p) + self.len(p));
        assert!(total < N, "packed layout overflow");
        self.cards.copy_within(end..total, end + 1);
        self.cards[end] = c;
        self.len[p] += 1;
    }
    /// Take the top card of pile `p`.
    pub fn pop(&mut self, p: usize) -> Option<Card> {
        let c = self.top(p)?;
        let (total, at) = (self.total(), self.start(p) + self.len(p) - 1);
        self.cards.copy_within(at + 1..total, at);
        self.len[p] -= 1;
        Some(c)
    }
    /// Move the top card of pile `from` onto pile `to` (one shift of the piles between).
    #[inline]
    pub fn move_top(&mut self, from: usize, to: usize) {
        let Some(c) = self.top(from).filter(|_| from != to) else {
            return;
        };
        let at = self.start(from) + self.len(from) - 1;
        let end_to = self.start(to) + self.len(to);
        if from < to {
            self.cards.copy_within(at + 1..end_to, at);
            self.cards[end_to - 1] = c;
        } else {
            self.cards.copy_within(end_to..at, end_to + 1);
            self.cards[end_to] = c;
        }
        self.len[from] -= 1;
        self.len[to] += 1;
    }
    /// The top card of every pile, in one pass.
    #[inline]
    pub fn tops(&self) -> [Option<Card>; P] {
        let mut end = 0;
        std::array::from_fn(|p| {
            end += self.len[p] as usize;
            (self.len[p] > 0).then(|| self.cards[end - 1])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{card, cards};

    #[test]
    fn push_pop_and_turning_up() {
        let mut p = Pile::<8>::of(&cards("AC 2C 3C"), 2);
        assert_eq!((p.len(), p.down(), p.up()), (3, 2, 1));
        assert_eq!(p.top(), Some(cards("3C")[0]));
        assert_eq!(p.pop(), Some(cards("3C")[0]));
        assert_eq!((p.down(), p.up()), (1, 1), "the face-down 2C turned up");
        p.push(cards("KD")[0]);
        assert_eq!(p.face_up(), &cards("2C KD")[..]);
        let mut s = String::new();
        p.write(&mut s, "T1");
        assert_eq!(s, "T1:ac2CKD");
        assert_eq!(p.from_top(1), Some(cards("2C")[0]));
        assert_eq!(p.bottom(), Some(cards("AC")[0]));
        p.clear();
        assert_eq!(p.pop(), None);
    }

    #[test]
    fn runs_move_between_piles() {
        let mut a = [
            Pile::<8>::of(&cards("AC 9H 8S 7H"), 1),
            Pile::<8>::of(&cards("TS"), 0),
        ];
        move_run(&mut a, 0, 1, 3);
        assert_eq!(a[1].cards(), &cards("TS 9H 8S 7H")[..]);
        assert_eq!((a[0].len(), a[0].down()), (1, 0), "AC turned up");
    }

    #[test]
    fn remove_and_insert_keep_order() {
        let mut p = Pile::<8>::of(&cards("AC 2C 3C 4C"), 0);
        assert_eq!(p.remove(1), Some(cards("2C")[0]));
        assert_eq!(p.cards(), &cards("AC 3C 4C")[..]);
        p.insert(0, cards("KS")[0]);
        assert_eq!(p.cards(), &cards("KS AC 3C 4C")[..]);
        assert_eq!(p.remove(9), None);
    }

    #[test]
    fn packed_piles_share_one_buffer() {
        let mut p = Packed::<6, 3>::new();
        for (i, c) in cards("AC 2C 3C 4C").into_iter().enumerate() {
            p.push(i % 3, c);
        }
        assert_eq!(p.cards(0), &cards("AC 4C")[..]);
        assert_eq!((p.len(1), p.top(2), p.total()), (1, Some(card("3C")), 4));
        p.move_top(0, 2);
        assert_eq!(
            (p.cards(0), p.cards(2)),
            (&cards("AC")[..], &cards("3C 4C")[..])
        );
        p.move_top(2, 1);
        p.move_top(2, 0);
        assert_eq!(p.all(), &cards("AC 3C 2C 4C")[..]);
        assert!(p.is_empty(2));
        p.move_top(2, 0);
        assert_eq!(p.pop(1), Some(card("4C")));
        assert_eq!(p.pop(2), None);
        p.push(2, card("KS"));
        p.push(2, card("QS"));
        p.push(1, card("JS"));
        assert_eq!(p.all(), &cards("AC 3C 2C JS KS QS")[..]);
        assert_eq!(
            p.tops(),
            [Some(card("3C")), Some(card("JS")), Some(card("QS"))]
        );
        assert_eq!(Packed::<4, 2>::new().tops(), [None, None]);
    }
}

/// A pile whose face-down cards may lie anywhere in it, not only at the bottom: a column
/// dealt in rows alternately face up and face down (each row covering the one before),
/// bottom to top. The top card is always face up: a face-down card left on top is turned
/// up at once (CONVENTIONS 4.6); cards put on are face up. The pile also keeps how many
/// of its bottom cards have never moved ([`Faced::low`]: the fewest cards it has held),
/// so that a solver key can name the cards above them alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Faced<const N: usize> {
    pile: Pile<N>,
    /// Bit i: card i (from the bottom) is face down.
    down: u64,
    low: u8,
}

impl<const N: usize> Default for Faced<N> {
    fn default() -> Self {
        Self::of(&[], 0)
    }
}

impl<const N: usize> Faced<N> {
    /// A pile holding `cards` (bottom first), card i face down when bit i of `down` is
    /// set; a face-down top card is turned up.
    ///
    /// # Panics
    /// If there are more than `N` cards or `N > 64` (a programming error).
    pub fn of(cards: &[Card], down: u64) -> Self {
        assert!(N <= 64, "a faced pile holds at most 64 cards");
        let mut f = Faced {
            pile: Pile::of(cards, 0),
            down: down & low_mask(cards.len()),
            low: cards.len() as u8,
        };
        f.turn_up();
        f
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.pile.len()
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pile.is_empty()
    }
    /// The cards, bottom to top.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        self.pile.cards()
    }
    /// The top card (always face up).
    #[inline]
    pub fn top(&self) -> Option<Card> {
        self.pile.top()
    }
    /// Is card `i` (from the bottom) face down?
    #[inline]
    pub fn is_down(&self, i: usize) -> bool {
        self.down >> i & 1 == 1
    }
    /// Face-down cards in the pile.
    #[inline]
    pub fn downs(&self) -> usize {
        self.down.count_ones() as usize
    }
    /// The fewest cards the pile has held: its bottom `low` cards have never moved.
    #[inline]
    pub fn low(&self) -> usize {
        self.low as usize
    }
    fn turn_up(&mut self) {
        if let Some(i) = self.len().checked_sub(1) {
            self.down &= !(1 << i);
        }
    }
    /// Take the top card; a face-down card left on top is turned up.
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        let c = self.pile.pop()?;
        self.low = self.low.min(self.len() as u8);
        self.turn_up();
        Some(c)
    }
    /// Put a card face up on top.
    #[inline]
    pub fn push(&mut self, c: Card) {
        self.down &= !(1 << self.len());
        self.pile.push(c);
    }
    /// Append `LABEL:cards` to a key text, each face-down card in lower case.
    pub fn write(&self, out: &mut String, label: &str) {
        out.push_str(label);
        out.push(':');
        for (i, c) in self.cards().iter().enumerate() {
            c.write(out, self.is_down(i));
        }
    }
}

#[inline]
const fn low_mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

#[cfg(test)]
mod faced_tests {
    use super::*;
    use crate::testing::{card, cards};

    #[test]
    fn face_down_cards_between_face_up_ones() {
        // Up, down, up, down: the top (4C) is up; the 3C beneath is face down.
        let mut p = Faced::<8>::of(&cards("AC 2C 3C 4C"), 0b1010);
        let mut t = String::new();
        p.write(&mut t, "T1");
        assert_eq!(t, "T1:AC2c3C4C", "a face-down top is turned up at once");
        assert_eq!((p.downs(), p.low()), (1, 4));
        assert_eq!(p.pop(), Some(card("4C")));
        assert!(!p.is_down(2) && p.is_down(1));
        assert_eq!(p.pop(), Some(card("3C")));
        assert!(!p.is_down(1), "2C turned up on top");
        assert_eq!(p.low(), 2);
        p.push(card("KD"));
        p.push(card("QS"));
        let mut t = String::new();
        p.write(&mut t, "T1");
        assert_eq!(t, "T1:AC2CKDQS");
        assert_eq!((p.len(), p.low(), p.top()), (4, 2, Some(card("QS"))));
        while p.pop().is_some() {}
        assert_eq!((p.is_empty(), p.low(), p.downs()), (true, 0, 0));
        let e = Faced::<4>::default();
        assert_eq!((e.len(), e.top()), (0, None));
    }
}

/// A pile that only ever grows by marrying down in suit (each card one rank below the card
/// it covers, same suit): its bottom card and its length, two bytes however long. Length 0
/// is an empty pile (the bottom then means nothing).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SuitRun {
    pub bottom: Card,
    pub len: u8,
}

impl SuitRun {
    /// The pile holding `c` alone.
    pub const fn one(c: Card) -> Self {
        SuitRun { bottom: c, len: 1 }
    }
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }
    /// The top card, if any.
    pub fn top(self) -> Option<Card> {
        (self.len > 0).then(|| Card::new(self.bottom.rank() + 1 - self.len, self.bottom.suit()))
    }
    /// The cards, bottom to top.
    pub fn cards(self) -> Vec<Card> {
        let (r, s) = (self.bottom.rank(), self.bottom.suit());
        (0..self.len).map(|i| Card::new(r - i, s)).collect()
    }
    /// Put `c` on top: it starts an empty pile, or it is the card one below the top.
    pub fn push(&mut self, c: Card) {
        debug_assert!(self.len == 0 || self.top().map(|t| t.rank()) == Some(c.rank() + 1));
        if self.len == 0 {
            *self = SuitRun::one(c);
        } else {
            self.len += 1;
        }
    }
    /// Take the top card off.
    pub fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        Some(c)
    }
    /// A code below 2^10 for keys: 0 when empty, else from the bottom card and length.
    pub fn code(self) -> u16 {
        match self.len {
            0 => 0,
            n => 1 + self.bottom.index() as u16 * 13 + u16::from(n - 1),
        }
    }
}

#[cfg(test)]
mod suit_run_tests {
    use super::*;
    use crate::testing::{card, cards};

    #[test]
    fn a_suit_run_grows_and_shrinks_down_in_suit() {
        let mut r = SuitRun::default();
        assert!(r.is_empty() && r.top().is_none() && r.code() == 0);
        r.push(card("9S"));
        r.push(card("8S"));
        r.push(card("7S"));
        assert_eq!(r.cards(), cards("9S 8S 7S"));
        assert_eq!(r.top(), Some(card("7S")));
        assert_eq!(r.pop(), Some(card("7S")));
        assert_eq!(r.cards(), cards("9S 8S"));
        assert_ne!(r.code(), SuitRun::one(card("9S")).code());
        assert_eq!(r.pop(), Some(card("8S")));
        assert_eq!(r.pop(), Some(card("9S")));
        assert_eq!(r.pop(), None);
        let k = SuitRun {
            bottom: card("KS"),
            len: 13,
        };
        assert!(k.code() < 1 << 10);
        assert_eq!(k.top(), Some(card("AS")));
    }
}
