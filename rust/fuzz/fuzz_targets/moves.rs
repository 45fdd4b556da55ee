//! Move text: any string played in any reachable position is a legal move or an
//! `IllegalMove` error, and the error names no face-down card.
#![no_main]

use libfuzzer_sys::fuzz_target;
use patience_engine::games::public_key;
use patience_engine::EngineError;
use patience_fuzz::{deal, game, Input};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let Some(g) = game(&mut input) else { return };
    let mut pos = deal(&*g, &mut input);
    // A few legal moves first, to reach positions past the deal.
    for _ in 0..input.byte() % 16 {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[input.below(moves.len())];
        pos = pos.play(m).expect("a listed move is legal");
    }
    let text = String::from_utf8_lossy(input.data);
    for mv in text.split('\n') {
        let legal = pos.moves();
        match pos.play(mv) {
            Ok(next) => {
                assert!(legal.iter().any(|m| m == mv.trim()), "{mv:?} played but not listed");
                pos = next;
            }
            Err(EngineError::IllegalMove { position, .. }) => {
                assert!(!legal.iter().any(|m| m == mv.trim()), "{mv:?} listed but refused");
                assert!(position.starts_with(&public_key(&pos.key())));
            }
            Err(e) => panic!("unexpected error {e:?}"),
        }
    }
});
