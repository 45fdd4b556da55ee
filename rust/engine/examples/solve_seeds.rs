//! Solve a range of seeds of one game and print each verdict (a quick check without Python).
//!
//! `cargo run --release -p patience-engine --example solve_seeds -- SLUG FIRST COUNT [TIMEOUT_S] [opt=value ...]`

use patience_engine::game::OptValue;
use patience_engine::games;
use patience_engine::solver::Limits;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: solve_seeds SLUG FIRST COUNT [TIMEOUT_S] [opt=value ...]");
        std::process::exit(2);
    }
    let first: u64 = args[2].parse().unwrap_or(1);
    let count: u64 = args[3].parse().unwrap_or(10);
    let timeout: f64 = args.get(4).and_then(|t| t.parse().ok()).unwrap_or(10.0);
    let opts = OptValue::parse_all(args.iter().skip(5).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let g = match games::game(&args[1], &opts) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(timeout)),
        ..Limits::default()
    };
    let seeds: Vec<u64> = (first..first + count).collect();
    let cancel = AtomicBool::new(false);
    let reports = g.solve_seeds(&seeds, &limits, 1, &cancel, &|_, _| {});
    let (mut won, mut lost, mut unk) = (0, 0, 0);
    let mut total = 0.0;
    for (s, r) in seeds.iter().zip(&reports) {
        println!(
            "seed {s}: {} moves={} states={} nodes={} {:.3}s {:.0} B/state",
            r.verdict.as_str(),
            r.moves.len(),
            r.states,
            r.nodes,
            r.seconds,
            r.peak_bytes as f64 / r.states.max(1) as f64
        );
        total += r.seconds;
        match r.verdict.as_str() {
            "won" => won += 1,
            "lost" => lost += 1,
            _ => unk += 1,
        }
    }
    println!("won {won} lost {lost} unknown {unk} total {total:.2}s");
}
