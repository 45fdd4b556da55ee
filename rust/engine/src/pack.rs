//! Packs, the random stream and the shuffle (CONVENTIONS sections 1 and 2).
//!
//! The stream is SplitMix64 seeded with the deal's seed; the shuffle is Fisher-Yates from
//! the end with `j = (x * (i + 1)) >> 64`. The same stream, continued, drives every
//! shuffled re-deal of the game, so its state is part of a position.

use crate::card::Card;
use crate::error::EngineError;

/// The game's random stream (SplitMix64).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    pub state: u64,
}

impl SplitMix64 {
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit draw.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Fisher-Yates from the end, in place (CONVENTIONS 2.3).
    pub fn shuffle<T>(&mut self, a: &mut [T]) {
        for i in (1..a.len()).rev() {
            let x = self.next_u64();
            let j = ((u128::from(x) * (i as u128 + 1)) >> 64) as usize;
            a.swap(i, j);
        }
    }

    /// Key segment `rng:` and the state in 16 lower-case hex digits.
    pub fn write_key(&self, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "rng:{:016x}", self.state);
    }
}

/// Which cards a game is played with (CONVENTIONS 1.7).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PackSpec {
    /// `n` standard 52-card packs.
    Standard(u8),
    /// `n` piquet packs of 32 cards (A, 7..K).
    Piquet(u8),
}

impl PackSpec {
    /// The unshuffled pack: copies one after another, suits C, D, H, S, ranks upward.
    pub fn cards(self) -> Vec<Card> {
        let (copies, ranks): (u8, &[u8]) = match self {
            PackSpec::Standard(n) => (n, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
            PackSpec::Piquet(n) => (n, &[1, 7, 8, 9, 10, 11, 12, 13]),
        };
        let mut out = Vec::new();
        for _ in 0..copies {
            for s in 0..4 {
                for &r in ranks {
                    out.push(Card::new(r, s));
                }
            }
        }
        out
    }

    /// Number of cards in the pack.
    pub fn len(self) -> usize {
        match self {
            PackSpec::Standard(n) => 52 * n as usize,
            PackSpec::Piquet(n) => 32 * n as usize,
        }
    }

    /// Always false: every pack has cards.
    pub fn is_empty(self) -> bool {
        false
    }

    /// Human description: "1 pack (52 cards)", "4 piquet packs (128 cards)".
    pub fn describe(self) -> String {
        match self {
            PackSpec::Standard(1) => "1 pack (52 cards)".into(),
            PackSpec::Standard(n) => format!("{n} packs ({} cards)", self.len()),
            PackSpec::Piquet(n) => format!("{n} piquet packs ({} cards)", self.len()),
        }
    }

    /// The shuffled pack of seed `seed`, and the stream as the shuffle left it.
    pub fn shuffled(self, seed: u64) -> (Vec<Card>, SplitMix64) {
        let mut rng = SplitMix64::new(seed);
        let mut cards = self.cards();
        rng.shuffle(&mut cards);
        (cards, rng)
    }

    /// Check that `cards` is exactly this pack in some order, naming the first problem.
    pub fn validate(self, cards: &[Card]) -> Result<(), EngineError> {
        let mut want = [0usize; 52];
        for c in self.cards() {
            want[c.index()] += 1;
        }
        let mut got = [0usize; 52];
        for c in cards {
            got[c.index()] += 1;
            if got[c.index()] > want[c.index()] {
                if want[c.index()] == 0 {
                    return Err(EngineError::BadDeal(format!(
                        "card {c} is not in the game's pack ({})",
                        self.describe()
                    )));
                }
                let count = cards.iter().filter(|&&d| d == *c).count();
                return Err(EngineError::DuplicateCard {
                    card: c.to_string(),
                    count,
                    allowed: want[c.index()],
                });
            }
        }
        if cards.len() != self.len() {
            if let Some(i) = (0..52).find(|&i| got[i] < want[i]) {
                return Err(EngineError::MissingCard {
                    card: Card::from_index(i).to_string(),
                });
            }
            return Err(EngineError::WrongCount {
                expected: self.len(),
                got: cards.len(),
            });
        }
        Ok(())
    }
}

/// Take the first occurrence (from the top of the shuffled pack) of each card matching
/// `want`, in order (CONVENTIONS 3). Returns the taken cards; `None` if one is missing.
pub fn withdraw(pack: &mut Vec<Card>, want: &[fn(Card) -> bool]) -> Option<Vec<Card>> {
    let mut out = Vec::with_capacity(want.len());
    for pred in want {
        let i = pack.iter().position(|&c| pred(c))?;
        out.push(pack.remove(i));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_test_vectors() {
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(SplitMix64::new(1).next_u64(), 0x910A_2DEC_8902_5CC1);
    }

    #[test]
    fn shuffle_test_vectors() {
        let mut a: Vec<u32> = (0..10).collect();
        SplitMix64::new(0).shuffle(&mut a);
        assert_eq!(a, [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]);
        let (cards, _) = PackSpec::Standard(1).shuffled(1);
        let text: Vec<String> = cards[..13].iter().map(|c| c.to_string()).collect();
        assert_eq!(text.join(" "), "9S 7S QH 4S AC 8H QS JH 6C 5H 7D JC 3D");
    }

    #[test]
    fn validate_names_the_problem() {
        let mut cards = PackSpec::Standard(1).cards();
        assert!(PackSpec::Standard(1).validate(&cards).is_ok());
        cards[1] = cards[0];
        assert!(matches!(
            PackSpec::Standard(1).validate(&cards),
            Err(EngineError::DuplicateCard { .. })
        ));
        cards.pop();
        assert!(PackSpec::Standard(1).validate(&cards).is_err());
    }
}
