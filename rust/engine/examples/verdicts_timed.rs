//! Verdicts at a fixed time limit per deal, one line per seed.
//!
//! `cargo run --release -p patience-engine --example verdicts_timed -- SLUG FIRST COUNT SECONDS [opt=value ...]`
//!
//! Prints `SLUG seed N: VERDICT states=S`, then a totals line. Deals run one at a time on
//! one thread, each with `SECONDS` of wall time (any limit hit gives `unknown`).

use patience_engine::game::OptValue;
use patience_engine::games;
use patience_engine::solver::Limits;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: verdicts_timed SLUG FIRST COUNT SECONDS [opt=value ...]");
        std::process::exit(2);
    }
    let num = |i: usize| -> f64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("not a number: {}", args[i]);
            std::process::exit(2)
        })
    };
    let (first, count, seconds) = (num(2) as u64, num(3) as u64, num(4));
    let opts = OptValue::parse_all(args.iter().skip(5).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let g = games::game(&args[1], &opts).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(seconds)),
        max_bytes: Some(1 << 30),
        ..Limits::default()
    };
    let seeds: Vec<u64> = (first..first + count).collect();
    let cancel = AtomicBool::new(false);
    let mut n = [0usize; 3];
    for &s in &seeds {
        let r = &g.solve_seeds(&[s], &limits, 1, &cancel, &|_, _| {})[0];
        println!(
            "{} seed {s}: {} states={}",
            args[1],
            r.verdict.as_str(),
            r.states
        );
        n[match r.verdict.as_str() {
            "won" => 0,
            "lost" => 1,
            _ => 2,
        }] += 1;
    }
    println!("{} won {} lost {} unknown {}", args[1], n[0], n[1], n[2]);
}
