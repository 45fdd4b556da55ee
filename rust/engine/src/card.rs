//! Cards: rank, suit, colour and the two-character text form (`TS`, `AH`).
//!
//! A [`Card`] is one byte: the rank 1..=13 in the low four bits and the suit 0..=3
//! (clubs, diamonds, hearts, spades) in bits 4 and 5. Copy numbers of multi-pack games
//! are not kept: copies of one rank and suit are interchangeable (CONVENTIONS 1.4).

use crate::error::EngineError;
use std::fmt;

/// Rank characters, ace first; ten is `T`.
pub const RANK_CHARS: &[u8; 13] = b"A23456789TJQK";
/// Suit characters in pack order.
pub const SUIT_CHARS: &[u8; 4] = b"CDHS";

pub const ACE: u8 = 1;
pub const JACK: u8 = 11;
pub const QUEEN: u8 = 12;
pub const KING: u8 = 13;

/// One playing card.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Card(u8);

impl Card {
    /// The card of `rank` (1 = ace .. 13 = king) and `suit` (0..=3 for C, D, H, S).
    ///
    /// # Panics
    /// Never for ranks 1..=13 and suits 0..=3; other values are a programming error and
    /// are caught by a debug assertion.
    #[inline]
    pub const fn new(rank: u8, suit: u8) -> Card {
        debug_assert!(rank >= 1 && rank <= 13 && suit < 4);
        Card(rank | (suit << 4))
    }
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 & 0x0f
    }
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 >> 4
    }
    /// True for diamonds and hearts.
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self.suit(), 1 | 2)
    }
    /// 0 for black, 1 for red.
    #[inline]
    pub const fn colour(self) -> u8 {
        self.is_red() as u8
    }
    /// Index 0..=51 in the unshuffled order of one pack (C A..K, D A..K, H, S).
    #[inline]
    pub const fn index(self) -> usize {
        (self.suit() as usize) * 13 + (self.rank() as usize - 1)
    }
    /// The card with [`Card::index`] `i` (0..=51).
    #[inline]
    pub const fn from_index(i: usize) -> Card {
        Card::new((i % 13) as u8 + 1, (i / 13) as u8)
    }
    /// The raw byte (rank | suit << 4), for compact keys.
    #[inline]
    pub const fn byte(self) -> u8 {
        self.0
    }

    /// Parse `TS`, `10S`, `ah`, ... (case is ignored, `10` is accepted for `T`).
    pub fn parse(text: &str) -> Result<Card, EngineError> {
        let t = text.trim().to_ascii_uppercase();
        let t = match t.strip_prefix("10") {
            Some(rest) => format!("T{rest}"),
            None => t,
        };
        let b = t.as_bytes();
        let bad = || EngineError::BadCard(text.to_string());
        if b.len() != 2 {
            return Err(bad());
        }
        let r = RANK_CHARS.iter().position(|&c| c == b[0]).ok_or_else(bad)?;
        let s = SUIT_CHARS.iter().position(|&c| c == b[1]).ok_or_else(bad)?;
        Ok(Card::new(r as u8 + 1, s as u8))
    }

    /// Upper-case text form, as the card shows face up.
    pub fn text(self) -> [char; 2] {
        [
            RANK_CHARS[self.rank() as usize - 1] as char,
            SUIT_CHARS[self.suit() as usize] as char,
        ]
    }

    /// Append the card's text to `out`: upper case, or lower case when `face_down`.
    pub fn write(self, out: &mut String, face_down: bool) {
        for c in self.text() {
            out.push(if face_down { c.to_ascii_lowercase() } else { c });
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.text();
        write!(f, "{a}{b}")
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Key segment of a pile: `LABEL:` and the cards bottom to top; the first `down` cards
/// are written in lower case (face down).
pub fn pile_text(out: &mut String, label: &str, cards: &[Card], down: usize) {
    out.push_str(label);
    out.push(':');
    for (i, c) in cards.iter().enumerate() {
        c.write(out, i < down);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_for_every_card() {
        for i in 0..52 {
            let c = Card::from_index(i);
            assert_eq!(c.index(), i);
            assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
        }
    }

    #[test]
    fn ten_is_accepted_as_10_and_lower_case() {
        assert_eq!(Card::parse("10s").unwrap(), Card::parse("TS").unwrap());
        assert_eq!(Card::parse("ah").unwrap(), Card::new(1, 2));
    }

    #[test]
    fn malformed_text_is_an_error() {
        for t in ["", "1S", "TX", "ZS", "TSS", "10", "11H"] {
            assert!(Card::parse(t).is_err(), "{t}");
        }
    }
}
