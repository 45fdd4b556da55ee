//! Deal text and explicit card lists, for every game: any text, any list of cards, and
//! any permutation of a pack must give a position or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use patience_engine::pack::SplitMix64;
use patience_fuzz::{deal, game, parse_cards, Input};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let Some(g) = game(&mut input) else { return };
    let mode = input.byte();
    let rest = input.data;
    match mode % 3 {
        0 => {
            // Free text as typed-in cards.
            if let Some(cards) = parse_cards(&String::from_utf8_lossy(rest)) {
                if let Ok(pos) = g.start(cards, SplitMix64::new(7)) {
                    let _ = pos.moves();
                    let _ = pos.key();
                }
            }
        }
        1 => {
            // The pack with cards changed, dropped or repeated.
            let (mut cards, rng) = g.deal_order(input.u64());
            for _ in 0..input.byte() % 4 {
                let n = cards.len();
                let (i, j) = (input.below(n), input.below(n));
                match input.byte() % 3 {
                    0 => cards[i] = cards[j],
                    1 => {
                        cards.remove(i);
                    }
                    _ => cards.push(cards[j]),
                }
                if cards.is_empty() {
                    break;
                }
            }
            if let Ok(pos) = g.start(cards, rng) {
                let _ = pos.moves();
            }
        }
        _ => {
            // A valid permutation: must deal.
            let pos = deal(&*g, &mut input);
            let _ = pos.display();
            let _ = pos.is_won();
        }
    }
});
