//! [`Positions`]: a set of positions in a fixed order of cards (pack positions, say), as
//! bits: a talon or heap whose cards come from a pack dealt in one fixed order, cards
//! pushed in dealing order and taken from the top, is the set of their positions (its top
//! the highest), and the set is also an exact, compact part of a solver key.

/// A set of the positions `0..64 * W`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Positions<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Positions<W> {
    fn default() -> Self {
        Positions([0; W])
    }
}

impl<const W: usize> Positions<W> {
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    /// The highest position in the set (the top of a talon).
    #[inline]
    pub fn last(&self) -> Option<usize> {
        (0..W)
            .rev()
            .find(|&w| self.0[w] != 0)
            .map(|w| w * 64 + 63 - self.0[w].leading_zeros() as usize)
    }
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The positions, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..64 * W).filter(|&i| self.contains(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_of_positions_across_words() {
        let mut s = Positions::<3>::default();
        assert!(s.is_empty() && s.last().is_none());
        for i in [3, 64, 130, 70] {
            s.insert(i);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [3, 64, 70, 130]);
        assert_eq!((s.len(), s.last()), (4, Some(130)));
        s.remove(130);
        assert_eq!(s.last(), Some(70));
        assert!(s.contains(64) && !s.contains(65));
        s.remove(3);
        s.remove(64);
        s.remove(70);
        assert!(s.is_empty());
    }
}
