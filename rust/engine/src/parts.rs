//! Small shared pieces the game modules are built from: bit-packed keys, byte keys, and
//! the build predicates of the book's vocabulary.

use crate::card::Card;

/// Packs small unsigned fields into a fixed array of 64-bit words (a solver key).
#[derive(Debug)]
pub struct BitWriter<const N: usize> {
    words: [u64; N],
    bit: usize,
}

impl<const N: usize> Default for BitWriter<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> BitWriter<N> {
    pub const fn new() -> Self {
        BitWriter {
            words: [0; N],
            bit: 0,
        }
    }
    /// Append the low `bits` bits of `value`.
    #[inline]
    pub fn put(&mut self, value: u64, bits: usize) {
        debug_assert!(bits <= 64 && (bits == 64 || value < (1u64 << bits)));
        debug_assert!(self.bit + bits <= 64 * N, "key overflow");
        let w = self.bit / 64;
        let o = self.bit % 64;
        self.words[w] |= value << o;
        if o + bits > 64 {
            self.words[w + 1] |= value >> (64 - o);
        }
        self.bit += bits;
    }
    pub fn finish(self) -> [u64; N] {
        self.words
    }
}

/// A solver key made of bytes: cards as their byte, piles closed by a separator.
#[derive(Default, Debug)]
pub struct ByteKey(pub Vec<u8>);

impl ByteKey {
    pub const SEP: u8 = 0xff;
    /// A pile's cards (face-down cards marked by bit 7), then the separator.
    pub fn pile(&mut self, cards: &[Card], down: usize) {
        for (i, c) in cards.iter().enumerate() {
            self.0.push(c.byte() | if i < down { 0x80 } else { 0 });
        }
        self.0.push(Self::SEP);
    }
    /// A small number (0..=254).
    pub fn num(&mut self, n: u8) {
        self.0.push(n);
    }
    pub fn finish(self) -> Box<[u8]> {
        self.0.into_boxed_slice()
    }
}

/// `upper` can take `lower` in a sequence built down by one rank, colours alternating.
#[inline]
pub fn down_alternate(upper: Card, lower: Card) -> bool {
    upper.rank() == lower.rank() + 1 && upper.colour() != lower.colour()
}

/// `upper` can take `lower` in a marriage built down (same suit, one rank lower).
#[inline]
pub fn down_same_suit(upper: Card, lower: Card) -> bool {
    upper.rank() == lower.rank() + 1 && upper.suit() == lower.suit()
}

/// `next` follows `top` on a foundation built up in suit by one (no wrap).
#[inline]
pub fn up_in_suit(top: Card, next: Card) -> bool {
    next.rank() == top.rank() + 1 && next.suit() == top.suit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitwriter_crosses_word_boundaries() {
        let mut w = BitWriter::<2>::new();
        w.put(0x3f, 60);
        w.put(0b1011, 4);
        w.put(0x1ff, 9);
        let k = w.finish();
        assert_eq!(k[0], 0x3f | (0b1011 << 60));
        assert_eq!(k[1], 0x1ff);
        let mut w = BitWriter::<2>::new();
        w.put(1, 62);
        w.put(0b111, 3);
        let k = w.finish();
        assert_eq!(k[0] >> 62, 0b11);
        assert_eq!(k[1], 1);
    }
}
