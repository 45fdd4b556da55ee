//! The generic heuristic score of a position, read from its canonical text.
//!
//! Every game writes its positions the same way (docs/NOTATION.md): one segment a place,
//! `LABEL:` and its cards bottom to top, face-down cards in lower case; a label `F` and a
//! number is a foundation in every game; `pack`, `talon` and `hand` are named so. So a few
//! facts that say how far a position has come can be read alike for all games, with no
//! game's knowledge: cards home, cards still face down, cards still in the stock, places
//! empty. They guide the searches that look for wins ([`super::guided`], [`super::best`]);
//! they decide nothing, so they need no proof. A game may give a sharper or faster score
//! through [`crate::game::Game::features`] or [`crate::game::Game::score`].

/// Segments that are counters or markers, never places (docs/NOTATION.md and the games'
/// notation pages).
const NOT_PLACES: [&str; 11] = [
    "rng", "pass", "redeals", "next", "queens", "dir", "open", "pending", "phase", "grace",
    "circle",
];

/// What a position's text says about its progress.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Cards on the foundations.
    pub home: i32,
    /// Face-down cards outside the pack.
    pub down: i32,
    /// Cards in the pack (face down, still to come).
    pub pack: i32,
    /// Cards on the talon or in the hand.
    pub talon: i32,
    /// Cards in every other place (the tableau, reserves, cells).
    pub tableau: i32,
    /// Empty places of the tableau.
    pub empty: i32,
    /// Cards of the tableau lying under another card.
    pub buried: i32,
}

impl Features {
    /// The default weighting: cards home first, then cards turned up, places freed and
    /// cards brought out of the stock; cards under others count a little against.
    pub fn score(&self) -> i64 {
        i64::from(self.home) * 64
            - i64::from(self.down) * 8
            - i64::from(self.pack) * 2
            - i64::from(self.talon)
            + i64::from(self.empty) * 4
            - i64::from(self.buried)
    }
}

fn is_rank(b: u8) -> bool {
    matches!(
        b.to_ascii_uppercase(),
        b'A' | b'2'..=b'9' | b'T' | b'J' | b'Q' | b'K'
    )
}

fn is_suit(b: u8) -> bool {
    matches!(b.to_ascii_uppercase(), b'C' | b'D' | b'H' | b'S')
}

/// The number of cards in `body` and how many of them are face down, if `body` is a run
/// of cards and nothing else.
fn cards(body: &[u8]) -> Option<(i32, i32)> {
    if !body.len().is_multiple_of(2) {
        return None;
    }
    let mut down = 0;
    for c in body.chunks_exact(2) {
        if !(is_rank(c[0]) && is_suit(c[1])) {
            return None;
        }
        down += i32::from(c[1].is_ascii_lowercase());
    }
    Some(((body.len() / 2) as i32, down))
}

/// The features of a position from its canonical text.
pub fn features(text: &str) -> Features {
    let mut f = Features::default();
    for seg in text.split(' ') {
        let Some((label, body)) = seg.split_once(':') else {
            continue;
        };
        if NOT_PLACES.contains(&label) {
            continue;
        }
        let Some((n, down)) = cards(body.as_bytes()) else {
            continue;
        };
        let foundation = label.len() > 1
            && label.starts_with('F')
            && label[1..].bytes().all(|b| b.is_ascii_digit());
        if foundation {
            f.home += n;
        } else if label == "pack" {
            f.pack += n;
        } else if label == "talon" || label == "hand" {
            f.talon += n;
        } else {
            f.tableau += n;
            f.down += down;
            f.empty += i32::from(n == 0);
            f.buried += (n - 1).max(0);
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_read_by_kind() {
        let f = features(
            "T1:7sKH T2: T3:AS2D3C F1:AC2C F2: pack:4hkh talon:9D pass:1 rng:0d0d0d0d0d0d0d0d",
        );
        assert_eq!(
            f,
            Features {
                home: 2,
                down: 1,
                pack: 2,
                talon: 1,
                tableau: 5,
                empty: 1,
                buried: 3,
            }
        );
        // A marker that is not a run of cards is no place; a label F with letters after
        // it is no foundation.
        let g = features("dir:-- FL1:8S R1C1:AH hand:");
        assert_eq!((g.home, g.tableau, g.empty, g.talon), (0, 2, 0, 0));
    }

    #[test]
    fn progress_scores_higher() {
        let before = features("T1:7sKH F1:AC pack:2C");
        let home = features("T1:7sKH F1:AC2C pack:");
        let turned = features("T1:7S F1:AC pack:2C KH:");
        assert!(home.score() > before.score());
        assert!(turned.score() > before.score());
    }
}
