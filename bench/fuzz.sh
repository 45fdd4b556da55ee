#!/usr/bin/env bash
# Run each cargo-fuzz target of rust/fuzz for a fixed time and print what it did.
#
#   bench/fuzz.sh [SECONDS_PER_TARGET] [TARGET ...]     (default: 60 s; every target)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and nightly features: with a stable
# toolchain RUSTC_BOOTSTRAP=1 (set here) makes them available. New corpus entries go to
# rust/fuzz/work/TARGET (not committed); the seed corpus rust/fuzz/corpus/TARGET is read
# only. A crash leaves its input in rust/fuzz/artifacts/TARGET and makes this script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
shift || true
if [ "$#" -gt 0 ]; then targets=("$@"); else targets=(cards moves walk limits); fi
export RUSTC_BOOTSTRAP=1
cargo fuzz build --fuzz-dir rust/fuzz
status=0
for t in "${targets[@]}"; do
    mkdir -p "rust/fuzz/work/$t"
    log="rust/fuzz/work/$t.log"
    start=$(date +%s)
    if cargo fuzz run --fuzz-dir rust/fuzz "$t" "rust/fuzz/work/$t" "rust/fuzz/corpus/$t" -- \
        -max_total_time="$secs" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1; then
        result="clean"
    else
        result="FAILED (see $log and rust/fuzz/artifacts/$t)"
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    corpus=$(find "rust/fuzz/work/$t" -type f | wc -l)
    echo "$t: $result; $((  $(date +%s) - start )) s, ${runs:-?} executions, ${cov:-cov: ?}, work corpus $corpus inputs"
done
exit "$status"
