//! CPU-time benchmark of the Klondike solver on fixed seeds (state limits, not wall time,
//! so that results do not depend on how busy the machine is).
//!
//! `KL_FIRST=1 KL_COUNT=20 KL_STATES=3000000 KL_OPTS="draw=3 passes=None" \
//!  cargo bench -p patience-engine --bench klondike_seeds`
//!
//! Per seed it prints the verdict, stored states, generated nodes and the thread's CPU
//! time (from `/proc/thread-self/schedstat`); then totals.

use patience_engine::game::{Game, OptValue};
use patience_engine::games::klondike::Klondike;
use patience_engine::solver::{solve, Limits, Verdict};
use std::sync::atomic::AtomicBool;

/// CPU time of this thread in seconds (0 where `/proc` is missing).
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 * 1e-9)
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let first = env_u64("KL_FIRST", 1);
    let count = env_u64("KL_COUNT", 20);
    let max_states = env_u64("KL_STATES", 3_000_000);
    let text = std::env::var("KL_OPTS").unwrap_or_default();
    let opts = OptValue::parse_all(text.split_whitespace()).expect("options");
    let g = Klondike::from_options(&opts).expect("options");
    let pack = g.info().pack;
    let limits = Limits {
        max_states: Some(max_states),
        ..Limits::default()
    };
    let cancel = AtomicBool::new(false);
    let (mut won, mut lost, mut unknown) = (0, 0, 0);
    let (mut states, mut nodes, mut cpu) = (0u64, 0u64, 0.0f64);
    for seed in first..first + count {
        let (cards, rng) = pack.shuffled(seed);
        let s = g.start(cards, rng).expect("deal");
        let c0 = thread_cpu();
        let out = solve(&g, &s, &limits, &cancel);
        let dt = thread_cpu() - c0;
        match out.verdict {
            Verdict::Won => won += 1,
            Verdict::Lost => lost += 1,
            Verdict::Unknown => unknown += 1,
        }
        states += out.states;
        nodes += out.nodes;
        cpu += dt;
        println!(
            "seed {seed}: {} states={} nodes={} cpu={dt:.3}s {:.0} B/state",
            out.verdict.as_str(),
            out.states,
            out.nodes,
            out.peak_bytes as f64 / out.states.max(1) as f64
        );
    }
    println!(
        "won {won} lost {lost} unknown {unknown} states {states} nodes {nodes} cpu {cpu:.2}s \
         ({:.0} k states/s)",
        states as f64 / cpu.max(1e-9) / 1e3
    );
}
