//! Places and their text: the labels in move texts (`t3`, `talon`) and key texts (`T3`,
//! `talon`), the move and key builders, and a default display (docs/NOTATION.md).

use crate::card::{pile_text, Card};
use std::fmt::Write;

/// A place of a layout, named as in the game's notation page: a numbered place (`T3`
/// in keys, `t3` in moves) or a named one (`talon`, `pack`, the same in both).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Upper-case label of a numbered place's kind (`T`, `F`, `HB`), or the name.
    pub kind: &'static str,
    /// 1-based number; `None` for a named place.
    pub n: Option<u8>,
}

impl Place {
    /// Numbered place `n` (1-based) of kind `kind`.
    pub const fn nth(kind: &'static str, n: u8) -> Place {
        Place { kind, n: Some(n) }
    }
    /// The 0-based `i`-th place of kind `kind`.
    pub const fn at(kind: &'static str, i: usize) -> Place {
        Place {
            kind,
            n: Some(i as u8 + 1),
        }
    }
    /// A named place (`talon`, `pack`).
    pub const fn named(kind: &'static str) -> Place {
        Place { kind, n: None }
    }
    /// The label in key texts: `T3`, `talon`.
    pub fn key_label(&self) -> String {
        match self.n {
            Some(n) => format!("{}{n}", self.kind),
            None => self.kind.to_string(),
        }
    }
    /// The label in move texts: `t3`, `talon`.
    pub fn move_label(&self) -> String {
        match self.n {
            Some(n) => format!("{}{n}", self.kind.to_ascii_lowercase()),
            None => self.kind.to_string(),
        }
    }
}

/// `from>to`, the usual move text.
pub fn move_text(from: Place, to: Place) -> String {
    format!("{}>{}", from.move_label(), to.move_label())
}

/// `from:n>to`, a move of `n` cards.
pub fn run_text(from: Place, n: usize, to: Place) -> String {
    format!("{}:{n}>{}", from.move_label(), to.move_label())
}

/// A key text built segment by segment, separated by single spaces.
#[derive(Default, Debug)]
pub struct KeyText(String);

impl KeyText {
    pub fn new() -> Self {
        KeyText(String::with_capacity(256))
    }
    fn sep(&mut self) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
    }
    /// `LABEL:cards` (the first `down` face down, in lower case).
    pub fn pile(&mut self, place: Place, cards: &[Card], down: usize) -> &mut Self {
        self.sep();
        pile_text(&mut self.0, &place.key_label(), cards, down);
        self
    }
    /// `name:value`.
    pub fn field(&mut self, name: &str, value: impl std::fmt::Display) -> &mut Self {
        self.sep();
        let _ = write!(self.0, "{name}:{value}");
        self
    }
    /// A segment written by hand.
    pub fn raw(&mut self, text: &str) -> &mut Self {
        self.sep();
        self.0.push_str(text);
        self
    }
    pub fn finish(self) -> String {
        self.0
    }
}

/// A default readable picture: one line per place, `LABEL: cards` with face-down cards
/// as `##`, an empty place as `--`.
pub fn display_lines<'a>(rows: impl IntoIterator<Item = (Place, &'a [Card], usize)>) -> String {
    let mut out = String::new();
    for (place, cards, down) in rows {
        out.push_str(&place.key_label());
        out.push(':');
        if cards.is_empty() {
            out.push_str(" --");
        }
        for (i, c) in cards.iter().enumerate() {
            if i < down {
                out.push_str(" ##");
            } else {
                let _ = write!(out, " {c}");
            }
        }
        out.push('\n');
    }
    out
}

/// A readable picture built line by line: a row of foundation tops, a stock summary,
/// one line per pile (`T1: ## ## 5H`, face-down cards as `##`).
#[derive(Default, Debug)]
pub struct Picture(String);

impl Picture {
    pub fn new() -> Self {
        Picture(String::with_capacity(256))
    }
    /// `Title:  F1 AH  F2 --` from the top card of each place.
    pub fn tops(
        &mut self,
        title: &str,
        places: impl IntoIterator<Item = (Place, Option<Card>)>,
    ) -> &mut Self {
        self.0.push_str(title);
        self.0.push(':');
        for (p, top) in places {
            match top {
                Some(c) => {
                    let _ = write!(self.0, "  {} {c}", p.key_label());
                }
                None => {
                    let _ = write!(self.0, "  {} --", p.key_label());
                }
            }
        }
        self.0.push('\n');
        self
    }
    /// `Pack: N cards   Talon: XX (+k beneath)`, and `   Pass p of n` when passes are
    /// counted; the caller ends the line with [`Picture::end_line`] or more text.
    pub fn stock<const N: usize>(
        &mut self,
        stock: &super::stock::Stock<N>,
        passes: Option<u32>,
    ) -> &mut Self {
        let tl = stock.talon_len();
        let _ = write!(
            self.0,
            "Pack: {} cards   Talon: {}",
            stock.pack_len(),
            stock
                .talon_top()
                .map_or("--".to_string(), |c| c.to_string())
        );
        if tl > 1 {
            let _ = write!(self.0, " (+{} beneath)", tl - 1);
        }
        if let Some(p) = passes {
            let _ = write!(self.0, "   Pass {} of {p}", stock.pass);
        }
        self.0.push('\n');
        self
    }
    /// `LABEL: cards` (the first `down` as `##`; nothing after the colon when empty).
    pub fn pile(&mut self, place: Place, cards: &[Card], down: usize) -> &mut Self {
        self.0.push_str(&place.key_label());
        self.0.push(':');
        for (i, c) in cards.iter().enumerate() {
            if i < down {
                self.0.push_str(" ##");
            } else {
                let _ = write!(self.0, " {c}");
            }
        }
        self.0.push('\n');
        self
    }
    /// A line of free text.
    pub fn line(&mut self, text: &str) -> &mut Self {
        self.0.push_str(text);
        self.0.push('\n');
        self
    }
    pub fn finish(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::cards;

    #[test]
    fn labels_moves_and_keys() {
        let t3 = Place::nth("T", 3);
        let f1 = Place::at("F", 0);
        let talon = Place::named("talon");
        assert_eq!(move_text(t3, f1), "t3>f1");
        assert_eq!(move_text(talon, t3), "talon>t3");
        assert_eq!(run_text(t3, 2, Place::nth("T", 5)), "t3:2>t5");
        let mut k = KeyText::new();
        k.pile(t3, &cards("AC 2D"), 1).field("pass", 2).raw("x");
        assert_eq!(k.finish(), "T3:ac2D pass:2 x");
        assert_eq!(
            display_lines([(t3, &cards("AC 2D")[..], 1), (f1, &[][..], 0)]),
            "T3: ## 2D\nF1: --\n"
        );
        assert_eq!(Place::nth("HB", 1).move_label(), "hb1");
    }

    #[test]
    fn pictures() {
        let mut stock = crate::parts::Stock::<4>::new(&cards("AC 2C 3C"));
        let r = crate::parts::StockRule::ONE_PASS;
        stock.turn(&r);
        stock.turn(&r);
        let mut p = Picture::new();
        p.tops(
            "Foundations",
            [
                (Place::at("F", 0), cards("AH").first().copied()),
                (Place::at("F", 1), None),
            ],
        )
        .stock(&stock, Some(1))
        .pile(Place::at("T", 0), &cards("AC 2D"), 1)
        .pile(Place::at("T", 1), &[], 0);
        assert_eq!(
            p.finish(),
            "Foundations:  F1 AH  F2 --\nPack: 1 cards   Talon: 2C (+1 beneath)   Pass 1 of 1\nT1: ## 2D\nT2:\n"
        );
    }
}
