//! Solver keys: bit-packed words, byte keys, and the canonicalisation helpers that let
//! positions differing only by a symmetry share a key.
//!
//! A key must be exact up to the symmetry it declares: two positions with the same key
//! must have the same future. Sorting the codes of interchangeable places is such a
//! symmetry when nothing in the rules tells those places apart (no rule names their
//! numbers: spaces of one kind, foundations of the same suit and way); the move texts
//! still name places, so a won line is always re-derived from real positions.

use crate::card::Card;

/// Sort, among themselves, the codes at the positions `pick` selects (the others stay
/// where they are): interchangeable places merged into one canonical order. An exchange
/// sort in place, with no set-up: meant for the few places of a layout, per node.
#[inline]
pub fn sort_among<T: Ord + Copy>(codes: &mut [T], pick: impl Fn(usize) -> bool) {
    // Every position picked (all places alike): sort in place, nothing to gather.
    if (0..codes.len()).all(&pick) {
        codes.sort_unstable();
        return;
    }
    // The picked positions (at most 64), then an insertion sort through them.
    let mut idx = [0u8; 64];
    let mut n = 0;
    for i in 0..codes.len().min(64) {
        if pick(i) {
            idx[n] = i as u8;
            n += 1;
        }
    }
    for k in 1..n {
        let v = codes[idx[k] as usize];
        let mut j = k;
        while j > 0 && codes[idx[j - 1] as usize] > v {
            codes[idx[j] as usize] = codes[idx[j - 1] as usize];
            j -= 1;
        }
        codes[idx[j] as usize] = v;
    }
}

/// Sort each group of codes: `group(i)` names the group of position `i` (`None`: the
/// position is kept). Places in one group are interchangeable (for example foundations
/// of one suit).
pub fn sort_groups<T: Ord + Copy>(codes: &mut [T], group: impl Fn(usize) -> Option<u8>) {
    let mut done: u64 = 0;
    for i in 0..codes.len() {
        if let Some(g) = group(i) {
            if g < 64 && done & (1 << g) == 0 {
                done |= 1 << g;
                sort_among(codes, |j| group(j) == Some(g));
            }
        }
    }
}

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

/// [`sort_groups`] for a few places whose groups are given as labels (`labels[i]` names
/// the group of position `i`): each group's codes sorted among its own positions, by
/// exchanges, with no set-up (cheap enough for a key made per node).
#[inline]
pub fn sort_labelled<T: Ord + Copy, L: Eq + Copy>(codes: &mut [T], labels: &[L]) {
    debug_assert_eq!(codes.len(), labels.len());
    for i in 0..codes.len() {
        for j in i + 1..codes.len() {
            if labels[i] == labels[j] && codes[i] > codes[j] {
                codes.swap(i, j);
            }
        }
    }
}

/// A pile compared by its ranks alone, bottom to top (suits ignored): the code of a pile
/// in the key of a game where suits never matter, for [`sort_among`].
#[derive(Copy, Clone, Debug)]
pub struct ByRank<'a>(pub &'a [Card]);

impl Ord for ByRank<'_> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let ranks = |p: &Self| p.0.iter().map(|c| c.rank());
        ranks(self).cmp(ranks(other))
    }
}
impl PartialOrd for ByRank<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for ByRank<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}
impl Eq for ByRank<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::cards;

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

    #[test]
    fn sorting_among_and_by_groups() {
        let mut a = [5, 1, 4, 2, 3];
        sort_among(&mut a, |i| i % 2 == 0);
        assert_eq!(a, [3, 1, 4, 2, 5]);
        let mut b = [9, 1, 8, 2];
        sort_groups(&mut b, |i| Some((i % 2) as u8));
        assert_eq!(b, [8, 1, 9, 2]);
        let mut c = [3, 2, 1];
        sort_groups(&mut c, |i| (i > 0).then_some(0));
        assert_eq!(c, [3, 1, 2]);
        let mut d = [4u16, 1, 3, 2];
        sort_among(&mut d, |_| true);
        assert_eq!(d, [1, 2, 3, 4], "every position picked");
    }

    #[test]
    fn sorting_by_labels_agrees_with_sorting_by_groups() {
        let mut rng = crate::pack::SplitMix64::new(7);
        for _ in 0..500 {
            let labels: [u8; 8] = std::array::from_fn(|_| (rng.next_u64() % 4) as u8);
            let codes: [u8; 8] = std::array::from_fn(|_| (rng.next_u64() % 13) as u8);
            let (mut a, mut b) = (codes, codes);
            sort_labelled(&mut a, &labels);
            sort_groups(&mut b, |i| Some(labels[i]));
            assert_eq!(a, b, "{labels:?} {codes:?}");
        }
    }

    #[test]
    fn piles_by_rank_ignore_suits() {
        let (a, b, c) = (cards("5C 9H"), cards("5S 9D"), cards("5C 9H 8S"));
        assert_eq!(ByRank(&a), ByRank(&b));
        assert!(ByRank(&a) < ByRank(&c) && ByRank(&cards("4H")) < ByRank(&a));
        let mut piles = [ByRank(&c), ByRank(&[]), ByRank(&b)];
        sort_among(&mut piles, |_| true);
        assert_eq!(piles.map(|p| p.0.len()), [0, 2, 3]);
    }
}

/// Sort each run of `n` consecutive codes among itself (rows of interchangeable places,
/// pairs of like foundations): [`sort_groups`] with groups `i / n`, without its
/// bookkeeping, for keys made at every node.
#[inline]
pub fn sort_runs<T: Ord>(codes: &mut [T], n: usize) {
    codes
        .chunks_mut(n.max(1))
        .for_each(|run| run.sort_unstable());
}

/// The positions (bits of the mask, at most 64) whose code no earlier position of the
/// same run of `n` has: one place of each kind among interchangeable places (runs as in
/// [`sort_runs`]), so that a move list may name only the first of several like places.
pub fn first_in_runs<T: Eq>(codes: &[T], n: usize) -> u64 {
    let n = n.max(1);
    (0..codes.len().min(64))
        .filter(|&i| !(i - i % n..i).any(|j| codes[j] == codes[i]))
        .fold(0, |m, i| m | 1 << i)
}

#[cfg(test)]
mod sort_runs_tests {
    use super::*;

    #[test]
    fn runs_are_sorted_each_among_itself() {
        let mut a = [3, 1, 2, 9, 8, 7, 5];
        sort_runs(&mut a, 3);
        assert_eq!(a, [1, 2, 3, 7, 8, 9, 5]);
        let mut b = [4, 2, 3, 1];
        let mut c = b;
        sort_runs(&mut b, 2);
        sort_groups(&mut c, |i| Some((i / 2) as u8));
        assert_eq!(b, c);
    }

    #[test]
    fn the_first_of_each_kind_in_its_run() {
        // Runs [5 3 5] [3 3 7] [5]: the second 5, the second 3 of run 2 are repeats; the
        // 3 and 5 of later runs are not (runs are apart).
        let m = first_in_runs(&[5, 3, 5, 3, 3, 7, 5], 3);
        assert_eq!(m, 0b1_101_011);
        assert_eq!(first_in_runs(&[1, 1, 1], 1), 0b111);
    }
}
