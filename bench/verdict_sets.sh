#!/usr/bin/env bash
# Verdicts of every game and option set (bench/option_sets.txt) on a seed range at a fixed state limit, one line
# per seed (for comparing two builds: a refactor must not change a decided verdict).
#   bash bench/verdict_sets.sh [FIRST] [COUNT] [MAX_STATES] > verdicts.txt
set -euo pipefail
cd "$(dirname "$0")/.."
FIRST=${1:-1} COUNT=${2:-40} STATES=${3:-200000}
cargo build --release -q -p patience-engine --example verdicts
bin=target/release/examples/verdicts
while read -r slug opts; do
  [ -z "$slug" ] && continue
  # shellcheck disable=SC2086
  "$bin" "$slug" "$FIRST" "$COUNT" "$STATES" $opts
done < <(grep -v '^#' bench/option_sets.txt)
