//! NAPOLEON AT ST. HELENA: verdicts and times over a range of seeds at a time limit a
//! deal, one thread (for comparing solver changes).
//!
//! `cargo run --release -p patience-engine --example napoleon_st_helena -- FIRST COUNT SECONDS [opt=value ...]`
//!
//! Prints one line per seed, then won, lost, unknown, the decided share, and the median
//! and 90th percentile time a deal.

use patience_engine::game::OptValue;
use patience_engine::games;
use patience_engine::solver::Limits;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: napoleon_st_helena FIRST COUNT SECONDS [opt=value ...]");
        std::process::exit(2);
    }
    let num = |i: usize| -> f64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("not a number: {}", args[i]);
            std::process::exit(2)
        })
    };
    let (first, count, secs) = (num(1) as u64, num(2) as u64, num(3));
    let opts = OptValue::parse_all(args.iter().skip(4).map(String::as_str)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let g = games::game("napoleon-at-st-helena", &opts).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let limits = Limits {
        timeout: Some(Duration::from_secs_f64(secs)),
        max_bytes: Some(3 << 30),
        ..Limits::default()
    };
    let seeds: Vec<u64> = (first..first + count).collect();
    let cancel = AtomicBool::new(false);
    let reports = g.solve_seeds(&seeds, &limits, 1, &cancel, &|i, r| {
        println!(
            "seed {}: {} states={} {:.2}s",
            seeds[i],
            r.verdict.as_str(),
            r.states,
            r.seconds
        );
    });
    let count_of = |v: &str| reports.iter().filter(|r| r.verdict.as_str() == v).count();
    let (won, lost, unknown) = (count_of("won"), count_of("lost"), count_of("unknown"));
    let mut t: Vec<f64> = reports.iter().map(|r| r.seconds).collect();
    t.sort_by(f64::total_cmp);
    let at = |q: f64| t[((t.len() - 1) as f64 * q) as usize];
    println!(
        "seeds {first}..{}, {secs} s a deal: won {won}, lost {lost}, unknown {unknown}, decided {:.0}%, median {:.2} s, p90 {:.2} s",
        first + count - 1,
        100.0 * (won + lost) as f64 / count as f64,
        at(0.5),
        at(0.9)
    );
}
