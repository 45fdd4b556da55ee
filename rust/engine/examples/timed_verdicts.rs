//! Verdicts with a wall-time limit per deal, one line per seed.
//!
//! `cargo run --release -p patience-engine --example timed_verdicts -- SLUG FIRST COUNT SECONDS [opt=value ...]`

use patience_engine::game::OptValue;
use patience_engine::games;
use patience_engine::solver::Limits;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: timed_verdicts SLUG FIRST COUNT SECONDS [opt=value ...]");
        std::process::exit(2);
    }
    let num = |i: usize| -> f64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("not a number: {}", args[i]);
            std::process::exit(2)
        })
    };
    let (first, count, secs) = (num(2) as u64, num(3) as u64, num(4));
    let opts = OptValue::parse_all(args.iter().skip(5).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let g = games::game(&args[1], &opts).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(secs)),
        max_bytes: Some(1 << 30),
        ..Limits::default()
    };
    let seeds: Vec<u64> = (first..first + count).collect();
    let cancel = AtomicBool::new(false);
    let reports = g.solve_seeds(&seeds, &limits, 1, &cancel, &|_, _| {});
    let mut n = [0usize; 3];
    let mut times: Vec<f64> = Vec::new();
    for (s, r) in seeds.iter().zip(&reports) {
        println!(
            "{} seed {s}: {} states={} {:.3}s",
            args[1],
            r.verdict.as_str(),
            r.states,
            r.seconds
        );
        times.push(r.seconds);
        n[match r.verdict.as_str() {
            "won" => 0,
            "lost" => 1,
            _ => 2,
        }] += 1;
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{} won {} lost {} unknown {} median {median:.3}s",
        args[1], n[0], n[1], n[2]
    );
}
