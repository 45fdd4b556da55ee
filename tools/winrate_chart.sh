#!/bin/sh
# docs/winrates.svg: the win-rate chart of a small survey of every game.
#
#     tools/winrate_chart.sh [STORE] [CHART]      # defaults: winrates.db docs/winrates.svg
#
# Surveys seeds 1-20 of each of the 47 games with its book options, at most 250,000 stored
# positions a deal, on one thread, into the survey store STORE (resumable: a second run
# skips the deals already there), then draws the chart with `patience survey-report
# --chart`. A state limit, not a time limit, bounds each deal, so the chart does not depend
# on the machine. PYTHON names the interpreter that has patience (default: python3).
set -eu
store=${1:-winrates.db}
chart=${2:-docs/winrates.svg}
deals=20
states=250000
py=${PYTHON:-python3}
for slug in $("$py" -c 'import patience; print(*(g.slug for g in patience.games()))'); do
    echo "$slug" >&2
    "$py" -m patience survey "$slug" --deals "$deals" --max-states "$states" --jobs 1 \
        --db "$store" --quiet >/dev/null
done
"$py" -m patience survey-report --db "$store" --chart "$chart" >/dev/null
