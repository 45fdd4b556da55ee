//! The stock: the pack in dealing order, the talon, turning, passes and re-deals
//! (CONVENTIONS 5 and 6).
//!
//! The pack and the talon are kept as one sequence in the order the cards are turned
//! (the pack's top card first), a cursor, and a mask of the cards still there. The talon
//! is every card left before the cursor (bottom to top), the pack every card left from
//! the cursor on (top first). So:
//! - turning moves the cursor; nothing is copied;
//! - taking the talon top (or the pack top, where a game deals from the pack straight to
//!   a place) clears one bit;
//! - an unshuffled re-deal (the talon turned over as it lies, CONVENTIONS 5.6) only
//!   resets the cursor: the cards come out again in the order they reached the talon;
//! - a shuffled re-deal (6.3) gathers the talon the same way and shuffles it with the
//!   deal's stream.
//!
//! Within one deal of the sequence, (mask, cursor, pass) is an exact key: the cards keep
//! their order, and the cursor is kept just past the talon top.
//!
//! The solver kit's stock macro is [`Stock::reachable_tops`]: for every card that turning
//! (and re-dealing) can bring to the talon top, the fewest steps that do it.

use crate::card::{pile_text, Card};
use crate::pack::SplitMix64;

/// How a game's stock is turned and re-dealt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StockRule {
    /// Cards turned by one turn.
    pub draw: u8,
    /// Passes through the pack in all (1 = no re-deal); `None` is unlimited.
    pub passes: Option<u32>,
    /// Re-deals shuffle the gathered talon with the deal's stream.
    pub shuffled: bool,
}

impl StockRule {
    /// One card a turn, one pass.
    pub const ONE_PASS: StockRule = StockRule {
        draw: 1,
        passes: Some(1),
        shuffled: false,
    };
}

impl Default for StockRule {
    fn default() -> Self {
        StockRule::ONE_PASS
    }
}

/// One primitive step of the stock: a turn, or a re-deal when the pack is empty.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StockStep {
    Turn,
    Redeal,
}

/// The pack and talon of a state: at most `N` (<= 128) cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stock<const N: usize> {
    /// In turning order: `cards[0]` is turned first.
    cards: [Card; N],
    /// Bit i: `cards[i]` is still in the pack or the talon (a 128-bit mask kept as two
    /// words, so that a state holding a stock needs only 8-byte alignment).
    present: [u64; 2],
    /// Positions before the cursor have been turned (talon); kept just past the talon
    /// top (0 when the talon is empty).
    cursor: u8,
    /// 1 + the re-deals made.
    pub pass: u16,
}

impl<const N: usize> Default for Stock<N> {
    fn default() -> Self {
        Self::new(&[])
    }
}

impl<const N: usize> Stock<N> {
    /// A stock whose pack is `pack`, its top card (the first to be turned) first.
    ///
    /// # Panics
    /// If `pack` has more than `N` cards or `N > 128` (a programming error).
    pub fn new(pack: &[Card]) -> Self {
        assert!(N <= 128 && pack.len() <= N, "stock overflow");
        let mut cards = [Card::new(1, 0); N];
        cards[..pack.len()].copy_from_slice(pack);
        Stock {
            cards,
            present: split(low_bits(pack.len())),
            cursor: 0,
            pass: 1,
        }
    }

    /// The mask of the cards still there.
    #[inline(always)]
    fn mask(&self) -> u128 {
        if N <= 64 {
            // The high word is always 0 then; saying so lets the compiler drop its half of
            // every mask operation.
            u128::from(self.present[0])
        } else {
            u128::from(self.present[0]) | u128::from(self.present[1]) << 64
        }
    }

    /// Highest present position below `end`.
    #[inline]
    fn prev(&self, end: usize) -> Option<usize> {
        let m = self.mask() & low_bits(end);
        (m != 0).then(|| 127 - m.leading_zeros() as usize)
    }
    /// Lowest present position at or after `from`.
    #[inline]
    fn next(&self, from: usize) -> Option<usize> {
        if from >= 128 {
            return None;
        }
        let m = self.mask() >> from;
        (m != 0).then(|| from + m.trailing_zeros() as usize)
    }
    #[inline]
    fn settle(&mut self) {
        self.cursor = self.prev(self.cursor as usize).map_or(0, |i| i as u8 + 1);
    }

    /// Cards in the pack.
    #[inline]
    pub fn pack_len(&self) -> usize {
        (self.mask() >> self.cursor).count_ones() as usize
    }
    /// Cards in the talon.
    #[inline]
    pub fn talon_len(&self) -> usize {
        (self.mask() & low_bits(self.cursor as usize)).count_ones() as usize
    }
    /// Cards in the pack and the talon.
    #[inline]
    pub fn len(&self) -> usize {
        self.mask().count_ones() as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.mask() == 0
    }
    /// The talon's top card.
    #[inline]
    pub fn talon_top(&self) -> Option<Card> {
        self.cursor.checked_sub(1).map(|i| self.cards[i as usize])
    }
    /// The pack's top card (the next to be turned).
    #[inline]
    pub fn pack_top(&self) -> Option<Card> {
        self.next(self.cursor as usize).map(|i| self.cards[i])
    }
    /// The talon, bottom to top.
    pub fn talon(&self) -> impl Iterator<Item = Card> + '_ {
        (0..self.cursor as usize)
            .filter(|&i| self.mask() & (1 << i) != 0)
            .map(|i| self.cards[i])
    }
    /// The pack, bottom to top (the last card to be turned first).
    pub fn pack(&self) -> impl Iterator<Item = Card> + '_ {
        (self.cursor as usize..N)
            .rev()
            .filter(|&i| self.mask() & (1 << i) != 0)
            .map(|i| self.cards[i])
    }

    /// Every card left in the pack or the talon, in turning order.
    #[inline]
    pub fn left(&self) -> impl Iterator<Item = Card> + '_ {
        let mut bits = self.mask();
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros() as usize;
            (bits != 0).then(|| {
                bits &= bits - 1;
                self.cards[i]
            })
        })
    }

    /// Is any card left in the pack or the talon one that `pred` picks? Branch-free over
    /// all `N` slots (the per-node question of a solver, such as "is a king still to
    /// come?"): cheaper than walking the cards left one by one.
    #[inline]
    pub fn any_left(&self, pred: impl Fn(Card) -> bool) -> bool {
        if N <= 64 {
            // One word (the usual case): the compiler keeps it in a register.
            let mut picked: u64 = 0;
            for (i, &c) in self.cards.iter().enumerate() {
                picked |= u64::from(pred(c)) << i;
            }
            return picked & self.present[0] != 0;
        }
        let mut picked: u128 = 0;
        for (i, &c) in self.cards.iter().enumerate() {
            picked |= u128::from(pred(c)) << i;
        }
        picked & self.mask() != 0
    }

    /// Turn `rule.draw` cards (fewer if the pack runs out); false if the pack was empty.
    #[inline]
    pub fn turn(&mut self, rule: &StockRule) -> bool {
        match self.turned(self.cursor as usize, rule.draw) {
            Some(cur) => {
                self.cursor = cur as u8;
                true
            }
            None => false,
        }
    }

    /// The cursor after turning `draw` cards from cursor `cur` (fewer if the pack runs
    /// out); `None` if the pack is empty there.
    #[inline]
    fn turned(&self, cur: usize, draw: u8) -> Option<usize> {
        let mut c = self.next(cur)? + 1;
        for _ in 1..draw {
            match self.next(c) {
                Some(i) => c = i + 1,
                None => break,
            }
        }
        Some(c)
    }

    /// Take the talon's top card.
    #[inline]
    pub fn take_talon(&mut self) -> Option<Card> {
        let i = self.cursor.checked_sub(1)? as usize;
        self.present = split(self.mask() & !(1u128 << i));
        self.settle();
        Some(self.cards[i])
    }

    /// Take the pack's top card straight from the pack (not through the talon).
    #[inline]
    pub fn take_pack(&mut self) -> Option<Card> {
        let i = self.next(self.cursor as usize)?;
        self.present = split(self.mask() & !(1u128 << i));
        Some(self.cards[i])
    }

    /// The card that refills an emptied reserve place fed by the stock: the talon top,
    /// or, when the talon is empty, the pack's top card taken straight from the pack
    /// (not through the talon); `None` when both are empty.
    #[inline]
    pub fn take_for_refill(&mut self) -> Option<Card> {
        self.take_talon().or_else(|| self.take_pack())
    }

    /// May the talon be re-dealt now (pack empty, talon not, passes left)?
    #[inline]
    pub fn can_redeal(&self, rule: &StockRule) -> bool {
        self.pack_len() == 0
            && self.cursor > 0
            && rule.passes.is_none_or(|p| u32::from(self.pass) < p)
    }

    /// Re-deal: the talon turned over becomes the pack; shuffled with `rng` if the rule
    /// says so (the gathered order, first card dealt first, then CONVENTIONS 2.3).
    pub fn redeal(&mut self, rule: &StockRule, rng: &mut SplitMix64) {
        debug_assert!(self.can_redeal(rule));
        if rule.shuffled {
            let mut gathered: Vec<Card> = self.talon().collect();
            rng.shuffle(&mut gathered);
            let pass = self.pass;
            *self = Stock::new(&gathered);
            self.pass = pass;
        }
        self.cursor = 0;
        self.pass = self.pass.saturating_add(1);
    }

    /// One step of the stock: turn when the pack has cards, else re-deal if allowed.
    #[inline]
    pub fn step(&mut self, rule: &StockRule, rng: &mut SplitMix64) -> Option<StockStep> {
        if self.turn(rule) {
            Some(StockStep::Turn)
        } else if self.can_redeal(rule) {
            self.redeal(rule, rng);
            Some(StockStep::Redeal)
        } else {
            None
        }
    }

    /// Play `steps` stock steps, each reported to `f` (to expand a macro move).
    pub fn steps(
        &mut self,
        rule: &StockRule,
        rng: &mut SplitMix64,
        steps: u8,
        mut f: impl FnMut(StockStep),
    ) {
        for _ in 0..steps {
            if let Some(s) = self.step(rule, rng) {
                f(s);
            }
        }
    }

    /// The unshuffled re-deal (CONVENTIONS 5.6): the talon turned over as it lies becomes
    /// the pack. For a rule without shuffling, the same as [`Stock::redeal`], with no
    /// stream to pass.
    #[inline]
    pub fn turn_over(&mut self) {
        self.cursor = 0;
        self.pass = self.pass.saturating_add(1);
    }

    /// Play the `steps` stock steps of a macro move from [`Stock::reachable_tops`]. The
    /// macro never crosses a shuffled re-deal, so no stream is needed.
    #[inline]
    pub fn macro_steps(&mut self, rule: &StockRule, steps: u8) {
        self.expand_macro(rule, steps, (), (), &mut Vec::new());
    }

    /// The legal moves a macro's `steps` stand for: `turn` and `redeal` (the game's own
    /// move values) pushed onto `out` in order, played on `self`.
    pub fn expand_macro<M: Copy>(
        &mut self,
        rule: &StockRule,
        steps: u8,
        turn: M,
        redeal: M,
        out: &mut Vec<M>,
    ) {
        debug_assert!(!rule.shuffled || self.pack_len() > 0 || steps == 0);
        for _ in 0..steps {
            if self.turn(rule) {
                out.push(turn);
            } else if self.can_redeal(rule) && !rule.shuffled {
                self.turn_over();
                out.push(redeal);
            }
        }
    }

    /// The stock macro: for every card that turning and re-dealing can bring to the talon
    /// top, calls `f(card, steps)` with the fewest stock steps that do it (the current top
    /// with 0). Stops before a shuffled re-deal, and after one unshuffled re-deal round.
    ///
    /// Proof that one macro per card keeps every win: the steps change nothing but the
    /// stock (and the pass count). A card at position i is the talon top exactly when
    /// the cursor is just past i, and then the talon beneath it and the pack above it are
    /// the same whatever steps led there; only the pass count can differ, and fewer steps
    /// give the lowest pass count, which allows at least as much later. A second round
    /// would only show the same positions again at a higher pass count.
    pub fn reachable_tops(&self, rule: &StockRule, mut f: impl FnMut(Card, u8)) {
        let mut seen: u128 = 0;
        let mut cur = self.cursor as usize;
        let mut pass = self.pass;
        let mut steps: u8 = 0;
        let mut redeals = 0;
        loop {
            if let Some(i) = cur.checked_sub(1) {
                if seen & (1 << i) == 0 {
                    seen |= 1 << i;
                    f(self.cards[i], steps);
                }
            }
            if let Some(c) = self.turned(cur, rule.draw) {
                cur = c;
            } else {
                let talon = self.mask() & low_bits(cur) != 0;
                let may = talon && rule.passes.is_none_or(|p| u32::from(pass) < p);
                if redeals == 1 || !may || rule.shuffled {
                    break;
                }
                redeals += 1;
                pass = pass.saturating_add(1);
                cur = self.next(0).map_or(0, |_| 0);
            }
            if steps == u8::MAX {
                break;
            }
            steps += 1;
        }
    }

    /// The stock macro of a game in which some cards leave the talon as soon as they are
    /// turned (`leaves`: a card with an automatic place elsewhere, such as a foundation's
    /// base card), one card a turn: turning such a card is one step, and the card is gone.
    /// Calls `f(Some(card), steps)` for every card that turning and one round of unshuffled
    /// re-dealing can bring to the talon top, with the fewest steps since the last card
    /// left (the current top with 0), and `f(None, steps)` for the position just after
    /// each card leaves. Stops before a shuffled re-deal, and after one re-deal round.
    ///
    /// Proof that these macros, with the game's moves that do not touch the stock, keep
    /// every win. The steps change the stock, and a leaving card's place, nothing else.
    /// Between two leavings the rest of the position stays the same, so, as in
    /// [`Stock::reachable_tops`], a card's position at the talon top is the same whatever
    /// steps led there, except for the pass count, which the fewest steps keep lowest;
    /// after a leaving the rest of the position has changed, so every top is new again.
    /// A line that makes a move not touching the stock after k steps can make it right
    /// after the last leaving among those steps (the `None` report, or before any step):
    /// the steps after it change only the stock, so they can follow the move. Once every
    /// card of the pack has been turned, no leaving card is left, so a second re-deal
    /// round only repeats positions at a higher pass count.
    pub fn reachable_tops_leaving(
        &self,
        rule: &StockRule,
        leaves: impl Fn(Card) -> bool,
        mut f: impl FnMut(Option<Card>, u8),
    ) {
        debug_assert_eq!(rule.draw, 1, "one card a turn");
        let mut t = *self;
        let (mut seen, mut steps, mut redealt) = (0u128, 0u8, false);
        loop {
            if let Some(i) = (t.cursor as usize).checked_sub(1) {
                if seen & (1 << i) == 0 {
                    seen |= 1 << i;
                    f(Some(t.cards[i]), steps);
                }
            }
            if steps == u8::MAX {
                break;
            }
            if t.turn(rule) {
                steps += 1;
                let mut left = false;
                while t.talon_top().is_some_and(&leaves) {
                    t.take_talon();
                    left = true;
                }
                if left {
                    seen = 0;
                    f(None, steps);
                }
            } else if !redealt && !rule.shuffled && t.can_redeal(rule) {
                t.turn_over();
                (redealt, steps) = (true, steps + 1);
            } else {
                break;
            }
        }
    }

    /// With unlimited unshuffled passes, every position of the turning cycle (a talon
    /// whose length is a multiple of `draw`, or an empty pack) reaches every other by
    /// turns and re-deals alone, which change nothing else: such positions may share a
    /// key. True when this position is on that cycle.
    #[inline]
    pub fn on_cycle(&self, rule: &StockRule) -> bool {
        rule.passes.is_none()
            && !rule.shuffled
            && (self.talon_len().is_multiple_of(rule.draw as usize) || self.pack_len() == 0)
    }

    /// The exact key of the stock within one deal order: which cards are left (bit i for
    /// the i-th card in turning order) and the cursor (0..=N).
    #[inline]
    pub fn key_bits(&self) -> (u128, u8) {
        (self.mask(), self.cursor)
    }

    /// The cards in turning order, left or not (for a key after a shuffled re-deal).
    pub fn order(&self) -> &[Card; N] {
        &self.cards
    }

    /// Append `PACK:cards` (face down, bottom to top) to a key text.
    pub fn write_pack(&self, out: &mut String, label: &str) {
        let cards: Vec<Card> = self.pack().collect();
        pile_text(out, label, &cards, cards.len());
    }
    /// Append `TALON:cards` (bottom to top) to a key text.
    pub fn write_talon(&self, out: &mut String, label: &str) {
        let cards: Vec<Card> = self.talon().collect();
        pile_text(out, label, &cards, 0);
    }

    /// A partial re-deal from the talon's bottom, with the pack empty: the talon's first
    /// `n` cards (the oldest) become the pack, the first of them turned first; the rest
    /// stay the talon as they lie; a new pass. The turning order is rotated cyclically
    /// over all `N` slots (nothing is gathered or copied out), and the rotation is
    /// returned: how many slots every card moved towards the front, modulo `N`. A game
    /// that adds these up modulo `N` keeps, with [`Stock::key_bits`], an exact key across
    /// such re-deals: the order is always the dealt one rotated by that sum.
    pub fn redeal_bottom(&mut self, n: usize) -> usize {
        debug_assert_eq!(self.pack_len(), 0, "the pack must be empty");
        self.pass = self.pass.saturating_add(1);
        let mut from = 0;
        for _ in 0..n {
            match self.next(from) {
                Some(i) => from = i + 1,
                None => break,
            }
        }
        // The first card left in the talon goes to the front.
        let Some(first) = self.next(from).filter(|_| n > 0) else {
            // All of the talon taken (the order is kept), or none of it.
            if n > 0 {
                self.cursor = 0;
            }
            return 0;
        };
        self.cards.rotate_left(first);
        let m = self.mask();
        self.present = split((m >> first | m << (N - first)) & low_bits(N));
        self.cursor -= first as u8;
        first
    }
}

impl<const N: usize> Stock<N> {
    /// [`Stock::reachable_tops`] for a game in which turning some cards sets off an
    /// automatic step (a card that must leave the talon at once, say): the walk stops
    /// before the first turn that would turn a card for which `stops` holds. Returns the
    /// stock steps up to and including that turn (the *cut*), or `None` when the walk met
    /// no such card.
    ///
    /// Proof that the tops listed, with one macro move for the cut, keep every win: the
    /// steps before the cut turn only cards that set off nothing, so they change nothing
    /// but the stock, and the argument of [`Stock::reachable_tops`] holds for every top
    /// they reach. A line that turns further passes through the cut turn, which the
    /// steps of the cut reach (and the automatic step it sets off is the same whatever
    /// came before, as the stock is); the game offers those steps as one macro.
    pub fn reachable_tops_until(
        &self,
        rule: &StockRule,
        stops: impl Fn(Card) -> bool,
        mut f: impl FnMut(Card, u8),
    ) -> Option<u8> {
        let mut seen: u128 = 0;
        let mut cur = self.cursor as usize;
        let mut pass = self.pass;
        let mut steps: u8 = 0;
        let mut redeals = 0;
        loop {
            if let Some(i) = cur.checked_sub(1) {
                if seen & (1 << i) == 0 {
                    seen |= 1 << i;
                    f(self.cards[i], steps);
                }
            }
            if let Some(c) = self.turned(cur, rule.draw) {
                let hit = (cur..c).any(|i| self.mask() & (1 << i) != 0 && stops(self.cards[i]));
                if hit {
                    return steps.checked_add(1);
                }
                cur = c;
            } else {
                let talon = self.mask() & low_bits(cur) != 0;
                let may = talon && rule.passes.is_none_or(|p| u32::from(pass) < p);
                if redeals == 1 || !may || rule.shuffled {
                    return None;
                }
                redeals += 1;
                pass = pass.saturating_add(1);
                cur = 0;
            }
            if steps == u8::MAX {
                return None;
            }
            steps += 1;
        }
    }
}

#[inline(always)]
const fn split(m: u128) -> [u64; 2] {
    [m as u64, (m >> 64) as u64]
}

#[inline]
const fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{card, cards};

    fn rule(draw: u8, passes: Option<u32>) -> StockRule {
        StockRule {
            draw,
            passes,
            shuffled: false,
        }
    }

    #[test]
    fn turning_taking_and_the_texts() {
        let r = rule(1, Some(1));
        let mut s = Stock::<8>::new(&cards("AC 2C 3C"));
        let mut rng = SplitMix64::new(0);
        assert_eq!((s.pack_len(), s.talon_len(), s.talon_top()), (3, 0, None));
        assert_eq!(s.pack_top(), Some(card("AC")));
        assert!(s.turn(&r));
        assert!(s.turn(&r));
        assert_eq!(s.talon_top(), Some(card("2C")));
        let mut t = String::new();
        s.write_pack(&mut t, "pack");
        t.push(' ');
        s.write_talon(&mut t, "talon");
        assert_eq!(t, "pack:3c talon:AC2C");
        assert_eq!(s.take_talon(), Some(card("2C")));
        assert_eq!(s.talon_top(), Some(card("AC")));
        assert_eq!(s.left().collect::<Vec<_>>(), cards("AC 3C"));
        assert_eq!(s.take_pack(), Some(card("3C")));
        assert_eq!(s.step(&r, &mut rng), None, "pack empty, no pass left");
        assert_eq!(s.len(), 1);
    }

    #[test]
    fn a_refill_takes_the_talon_top_then_the_pack_top() {
        let r = rule(1, Some(1));
        let mut s = Stock::<8>::new(&cards("AC 2C 3C"));
        s.turn(&r);
        assert_eq!(s.take_for_refill(), Some(card("AC")), "the talon top first");
        assert_eq!(s.take_for_refill(), Some(card("2C")), "then the pack top");
        assert_eq!((s.talon_len(), s.pack_len()), (0, 1));
        assert_eq!(s.take_for_refill(), Some(card("3C")));
        assert_eq!(s.take_for_refill(), None);
    }

    #[test]
    fn draw_three_and_an_unshuffled_redeal() {
        let r = rule(3, None);
        let mut rng = SplitMix64::new(0);
        let mut s = Stock::<8>::new(&cards("AC 2C 3C 4C 5C"));
        assert_eq!(s.step(&r, &mut rng), Some(StockStep::Turn));
        assert_eq!(s.talon_top(), Some(card("3C")));
        s.take_talon();
        assert_eq!(s.step(&r, &mut rng), Some(StockStep::Turn));
        assert_eq!(s.talon_top(), Some(card("5C")), "only two were left");
        assert_eq!(s.step(&r, &mut rng), Some(StockStep::Redeal));
        assert_eq!(s.pass, 2);
        assert_eq!(s.pack().collect::<Vec<_>>(), cards("5C 4C 2C AC"));
        s.turn(&r);
        assert_eq!(s.talon_top(), Some(card("4C")));
    }

    #[test]
    fn a_shuffled_redeal_draws_from_the_stream() {
        let r = StockRule {
            draw: 1,
            passes: Some(2),
            shuffled: true,
        };
        let mut rng = SplitMix64::new(0);
        let mut s = Stock::<16>::new(&cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC"));
        while s.turn(&r) {}
        s.redeal(&r, &mut rng);
        // The gathered talon in dealing order is AC..TC; seed 0 shuffles 0..9 to
        // 4 9 2 5 1 7 6 0 3 8 (CONVENTIONS 2.7).
        let mut want = Vec::new();
        for i in [4, 9, 2, 5, 1, 7, 6, 0, 3, 8] {
            want.push(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC")[i]);
        }
        assert_eq!(s.pack_top(), Some(want[0]));
        let mut turned = Vec::new();
        while s.turn(&r) {
            turned.push(s.talon_top().unwrap());
        }
        assert_eq!(turned, want);
        assert!(!s.can_redeal(&r), "two passes used");
    }

    /// Every card the macro lists is the talon top after exactly its steps, and every
    /// talon top met by stepping through the pack twice is listed.
    #[test]
    fn reachable_tops_agree_with_stepping() {
        let pack = cards("AC 2C 3C 4C 5C 6C 7C");
        for draw in [1u8, 3] {
            for passes in [Some(1), Some(2), None] {
                let r = rule(draw, passes);
                let mut base = Stock::<8>::new(&pack);
                let mut rng = SplitMix64::new(0);
                base.turn(&r);
                base.take_talon();
                let mut listed = Vec::new();
                base.reachable_tops(&r, |c, steps| listed.push((c, steps)));
                for &(c, steps) in &listed {
                    let mut s = base;
                    s.steps(&r, &mut rng, steps, |_| {});
                    assert_eq!(s.talon_top(), Some(c), "draw {draw} {passes:?}");
                    let (mut t, mut moves) = (base, Vec::new());
                    t.expand_macro(&r, steps, 'T', 'R', &mut moves);
                    assert_eq!(t, s, "the macro's steps play as stepping does");
                    assert_eq!(moves.len(), steps as usize);
                    let mut u = base;
                    u.macro_steps(&r, steps);
                    assert_eq!(u, s);
                }
                let mut s = base;
                for _ in 0..40 {
                    if let Some(t) = s.talon_top() {
                        assert!(listed.iter().any(|&(c, _)| c == t), "{t} missing");
                    }
                    if s.step(&r, &mut rng).is_none() {
                        break;
                    }
                }
            }
        }
    }

    /// Stepping a copy by hand (turn, and a leaving card taken at once; re-deal when the
    /// pack is empty) meets, at every step, either a listed top with no more steps than
    /// it took since the last leaving, or a listed leaving at exactly that step.
    #[test]
    fn reachable_tops_leaving_agree_with_stepping() {
        let jack = |c: Card| c.rank() == 11;
        let pack = cards("2C JC 3C 4C JD 5C 6C JH");
        for passes in [Some(1), Some(3), None] {
            let r = rule(1, passes);
            let mut base = Stock::<8>::new(&pack);
            base.turn(&r);
            let mut listed = Vec::new();
            base.reachable_tops_leaving(&r, jack, |c, steps| listed.push((c, steps)));
            // Leavings at steps 1 (JC), 4 (JD), 7 (JH); tops in between.
            let lefts: Vec<u8> = listed
                .iter()
                .filter(|x| x.0.is_none())
                .map(|x| x.1)
                .collect();
            assert_eq!(lefts, [1, 4, 7], "{passes:?}");
            let (mut s, mut last_left) = (base, 0u8);
            for step in 1..=30u8 {
                if s.turn(&r) {
                    if s.talon_top().is_some_and(jack) {
                        s.take_talon();
                        last_left = step;
                        assert!(listed.contains(&(None, step)));
                    }
                } else if s.can_redeal(&r) {
                    s.turn_over();
                } else {
                    break;
                }
                if let Some(t) = s.talon_top() {
                    let ok = listed
                        .iter()
                        .any(|&(c, k)| c == Some(t) && k >= last_left && k <= step);
                    assert!(ok, "{t} at step {step}, {passes:?}: {listed:?}");
                }
            }
            // Listed after the last leaving (JH, step 7): 6C, the top it uncovers; with a
            // re-deal, the talon turned over brings 2C..5C up again (new since JH left),
            // and 6C (already listed at step 7) is not listed twice.
            let after: Vec<(Card, u8)> = listed
                .iter()
                .skip_while(|x| x != &&(None, 7))
                .filter_map(|&(c, k)| c.map(|c| (c, k)))
                .collect();
            let want = match passes {
                Some(1) => vec![(card("6C"), 7)],
                _ => vec![
                    (card("6C"), 7),
                    (card("2C"), 9),
                    (card("3C"), 10),
                    (card("4C"), 11),
                    (card("5C"), 12),
                ],
            };
            assert_eq!(after, want, "{passes:?}");
        }
    }

    #[test]
    fn key_bits_are_canonical() {
        let r = rule(1, Some(1));
        let mut a = Stock::<8>::new(&cards("AC 2C 3C"));
        let mut b = a;
        a.turn(&r);
        a.turn(&r);
        a.take_talon();
        b.turn(&r);
        b.turn(&r);
        b.take_talon();
        assert_eq!(a.key_bits(), b.key_bits());
        let mut c = Stock::<8>::new(&cards("AC 2C 3C"));
        c.turn(&r);
        assert_ne!(a.key_bits(), c.key_bits());
    }

    /// `any_left` answers what walking the cards left answers, as cards are taken.
    #[test]
    fn any_left_sees_only_the_cards_left() {
        let r = rule(1, Some(1));
        let mut s = Stock::<24>::new(&cards("KC 2C KD 4C 5C"));
        let king = |c: Card| c.rank() == 13;
        let five = |c: Card| c.rank() == 5;
        let ace = |c: Card| c.rank() == 1;
        // The empty slots past the pack hold aces: never seen as left.
        assert!(!s.any_left(ace));
        assert!(s.any_left(king) && s.any_left(five));
        s.turn(&r);
        assert_eq!(s.take_talon(), Some(card("KC")));
        assert!(s.any_left(king), "KD is still in the pack");
        s.turn(&r);
        s.turn(&r);
        assert_eq!(s.take_talon(), Some(card("KD")));
        assert!(!s.any_left(king));
        assert_eq!(s.any_left(five), s.left().any(five));
        assert!(s.any_left(five));
    }

    /// The walk lists what [`Stock::reachable_tops`] lists up to the first stopping card,
    /// and the cut's steps turn that card.
    #[test]
    fn reachable_tops_until_stops_before_a_stopping_card() {
        let pack = cards("AC 2C JC 4C 5C");
        let r = rule(1, Some(2));
        let mut s = Stock::<8>::new(&pack);
        s.turn(&r);
        let jack = |c: Card| c.rank() == 11;
        let mut listed = Vec::new();
        let cut = s.reachable_tops_until(&r, jack, |c, k| listed.push((c, k)));
        assert_eq!(listed, [(card("AC"), 0), (card("2C"), 1)]);
        assert_eq!(cut, Some(2), "the second step turns JC");
        let mut t = s;
        t.macro_steps(&r, 2);
        assert_eq!(t.talon_top(), Some(card("JC")));
        // No stopping card: the same as reachable_tops, through the re-deal.
        let (mut a, mut b) = (Vec::new(), Vec::new());
        assert_eq!(
            s.reachable_tops_until(&r, |_| false, |c, k| a.push((c, k))),
            None
        );
        s.reachable_tops(&r, |c, k| b.push((c, k)));
        assert_eq!(a, b);
        assert_eq!(a.len(), 5);
        // A stopping card met after the re-deal: AC again is the first card of pass 2.
        t.take_talon();
        while t.turn(&r) {}
        let ace = |c: Card| c.rank() == 1;
        let mut after = Vec::new();
        let cut = t.reachable_tops_until(&r, ace, |c, k| after.push((c, k)));
        assert_eq!(after, [(card("5C"), 0)]);
        assert_eq!(cut, Some(2), "re-deal, then the turn of AC");
        // Draw three: a stopping card anywhere among the three turned cuts the walk.
        let three = rule(3, Some(1));
        let u = Stock::<8>::new(&pack);
        let mut tops = Vec::new();
        assert_eq!(
            u.reachable_tops_until(&three, jack, |c, k| tops.push((c, k))),
            Some(1)
        );
        assert!(tops.is_empty());
    }

    #[test]
    fn redeal_bottom_rotates_the_order() {
        let r = rule(1, Some(1));
        let mut s = Stock::<8>::new(&cards("AC 2C 3C 4C 5C 6C"));
        while s.turn(&r) {}
        s.take_talon();
        // Talon AC..5C: the bottom three become the pack, AC turned first.
        assert_eq!(s.redeal_bottom(3), 3);
        assert_eq!(s.talon().collect::<Vec<_>>(), cards("4C 5C"));
        assert_eq!(s.pack().collect::<Vec<_>>(), cards("3C 2C AC"));
        assert_eq!(
            (s.talon_top(), s.pack_top(), s.pass),
            (Some(card("5C")), Some(card("AC")), 2)
        );
        // The order is the dealt one rotated by 3 (slot 5, where 6C was, comes round too).
        assert_eq!(s.order()[..2], cards("4C 5C")[..]);
        assert_eq!(s.order()[5..], cards("AC 2C 3C")[..]);
        while s.turn(&r) {}
        // All of it: the order is kept, the talon becomes the pack.
        assert_eq!(s.redeal_bottom(9), 0);
        assert_eq!(
            (s.talon_len(), s.pack().collect::<Vec<_>>()),
            (0, cards("3C 2C AC 5C 4C"))
        );
        while s.turn(&r) {}
        assert_eq!(s.redeal_bottom(0), 0, "nothing taken");
        assert_eq!((s.talon_len(), s.pack_len()), (5, 0));
    }
}
