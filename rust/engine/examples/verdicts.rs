//! Verdicts at a fixed state limit, one line per seed, for comparing two builds of the
//! engine (a refactor must not change a decided verdict).
//!
//! `cargo run --release -p patience-engine --example verdicts -- SLUG FIRST COUNT MAX_STATES [opt=value ...]`
//!
//! Prints `SLUG [opts] seed N: VERDICT states=S`, then a totals line.

use patience_engine::game::OptValue;
use patience_engine::games;
use patience_engine::solver::Limits;
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: verdicts SLUG FIRST COUNT MAX_STATES [opt=value ...]");
        std::process::exit(2);
    }
    let parse = |i: usize| -> u64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("not a number: {}", args[i]);
            std::process::exit(2)
        })
    };
    let (first, count, max_states) = (parse(2), parse(3), parse(4));
    let opts = OptValue::parse_all(args.iter().skip(5).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let g = games::game(&args[1], &opts).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let limits = Limits {
        max_states: Some(max_states),
        ..Limits::default()
    };
    let seeds: Vec<u64> = (first..first + count).collect();
    let cancel = AtomicBool::new(false);
    let reports = g.solve_seeds(&seeds, &limits, 1, &cancel, &|_, _| {});
    let label = format!("{} [{}]", args[1], args[5..].join(" "));
    let mut n = [0usize; 3];
    for (s, r) in seeds.iter().zip(&reports) {
        println!(
            "{label} seed {s}: {} states={}",
            r.verdict.as_str(),
            r.states
        );
        n[match r.verdict.as_str() {
            "won" => 0,
            "lost" => 1,
            _ => 2,
        }] += 1;
    }
    println!("{label} won {} lost {} unknown {}", n[0], n[1], n[2]);
}
