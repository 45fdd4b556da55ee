//! Solver limits: any small state, memory or time limit, pruned or plain, gives a sound
//! verdict: `won` with a line that replays to a win, `lost` only with no limit hit,
//! `unknown` with the limit that stopped it, and never more bytes than allowed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use patience_engine::solver::{Limits, Stop, Verdict};
use patience_fuzz::{deal, game, Input};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let Some(g) = game(&mut input) else { return };
    let mut pos = deal(&*g, &mut input);
    for _ in 0..input.byte() % 64 {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[input.below(moves.len())];
        pos = pos.play(m).expect("a listed move plays");
    }
    let flags = input.byte();
    let max_states = Some(input.below(20_000) as u64);
    let max_bytes = (flags & 1 == 1).then(|| input.below(1 << 16) as u64 * 256);
    let timeout = (flags & 2 == 2).then(|| Duration::from_micros(input.below(50_000) as u64));
    let limits = Limits {
        max_states,
        max_bytes,
        timeout,
        plain: flags & 4 == 4,
        ..Limits::default()
    };
    let cancel = AtomicBool::new(flags & 8 == 8 && flags & 16 == 16);
    let r = pos.solve(&limits, &cancel);
    match r.verdict {
        Verdict::Won => {
            assert!(r.stop.is_none());
            let mut s = pos.clone_box();
            for m in &r.moves {
                s = s.play(m).expect("the winning line is legal");
            }
            assert!(s.is_won(), "the winning line does not win");
        }
        Verdict::Lost => assert!(r.stop.is_none()),
        Verdict::Unknown => {
            let stop = r.stop.expect("unknown says why");
            match stop {
                Stop::States => assert!(max_states.is_some()),
                Stop::Memory => {}
                Stop::Time => assert!(timeout.is_some()),
                Stop::Cancelled => {}
            }
        }
    }
    if let Some(mb) = max_bytes {
        assert!(r.peak_bytes <= mb, "peak {} over the limit {mb}", r.peak_bytes);
    }
});
