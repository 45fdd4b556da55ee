//! Helpers shared by the fuzz targets: a game (with options) and a deal from the input.

use patience_engine::card::Card;
use patience_engine::game::OptValue;
use patience_engine::games::{self, DynGame, Position};
use patience_engine::pack::SplitMix64;
use std::sync::Arc;

/// Reads the fuzzer's bytes as small numbers, then as zeros once they run out.
pub struct Input<'a> {
    pub data: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((b, rest)) => {
                self.data = rest;
                *b
            }
            None => 0,
        }
    }
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |a, _| (a << 8) | u64::from(self.byte()))
    }
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        let v = (usize::from(self.byte()) << 8) | usize::from(self.byte());
        v % n.max(1)
    }
}

/// Every slug of the registry.
pub fn slugs() -> Vec<&'static str> {
    games::all_games().iter().map(|g| g.slug).collect()
}

/// A game from the input: a slug, and for each of its options a value that is often
/// valid and sometimes not (the constructor must refuse bad ones with an error).
pub fn game(input: &mut Input<'_>) -> Option<Arc<dyn DynGame>> {
    let all = games::all_games();
    let info = &all[input.below(all.len())];
    let mut opts = Vec::new();
    for o in &info.options {
        match input.byte() % 6 {
            0 | 1 => {}
            2 => opts.push((o.name.to_string(), OptValue::Unset)),
            3 => opts.push((o.name.to_string(), OptValue::Bool(input.byte() % 2 == 1))),
            4 => opts.push((o.name.to_string(), OptValue::Int(i64::from(input.byte() % 6)))),
            _ => opts.push((o.name.to_string(), OptValue::Int(input.u64() as i64))),
        }
    }
    if input.byte() == 255 {
        opts.push(("no-such-option".into(), OptValue::Int(1)));
    }
    games::game(info.slug, &opts).ok()
}

/// A deal of `g`: a seed's, or an explicit permutation of its pack drawn from the input.
pub fn deal(g: &dyn DynGame, input: &mut Input<'_>) -> Box<dyn Position> {
    let (mut cards, rng) = g.deal_order(input.u64());
    if input.byte() % 2 == 1 {
        for i in (1..cards.len()).rev() {
            let j = input.below(i + 1);
            cards.swap(i, j);
        }
    }
    g.start(cards, SplitMix64::new(rng.state))
        .expect("a permutation of the game's own pack is a valid deal")
}

/// Cards parsed from text as the bindings do (each token through `Card::parse`).
pub fn parse_cards(text: &str) -> Option<Vec<Card>> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| Card::parse(t).ok())
        .collect()
}
