//! Random sequences of legal moves, with key and text round trips: each listed move's
//! text plays; replaying the line from the deal by text reaches the same key; the move
//! list has no duplicate text; a won position has no move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use patience_engine::games::public_key;
use patience_fuzz::{deal, game, Input};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let Some(g) = game(&mut input) else { return };
    let start = deal(&*g, &mut input);
    let mut pos = start.clone_box();
    let mut line: Vec<String> = Vec::new();
    for _ in 0..200 {
        let moves = pos.moves();
        if pos.is_won() {
            assert!(moves.is_empty(), "a won position has moves");
        }
        let mut sorted = moves.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), moves.len(), "two moves with one text: {moves:?}");
        let key = pos.key();
        assert!(!public_key(&key).is_empty());
        let _ = pos.display();
        if moves.is_empty() || input.data.is_empty() {
            break;
        }
        let m = moves[input.below(moves.len())].clone();
        pos = pos.play(&m).expect("a listed move plays");
        line.push(m);
    }
    // Text round trip: the same line, by text, from a fresh copy of the deal.
    let mut again = start.clone_box();
    for m in &line {
        again = again.play(m).expect("the line replays");
    }
    assert_eq!(again.key(), pos.key());
    assert_eq!(again.is_won(), pos.is_won());
});
