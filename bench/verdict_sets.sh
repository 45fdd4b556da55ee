#!/usr/bin/env bash
# Verdicts of every game and option set on a seed range at a fixed state limit, one line
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
done <<'SETS'
canfield-or-klondike
canfield-or-klondike draw=3 passes=None
canfield-or-klondike draw=3 passes=3 partial_runs=True foundation_return=True
canfield-or-klondike passes=None partial_runs=True
canfield-or-klondike draw=3 passes=None partial_runs=True foundation_return=True
napoleons-square
napoleons-square single_cards=True
napoleons-square no_king_slip=True
great-thirteen
herring-bone
herring-bone german=True
queens
constitution
zodiac
kings
anna
anna marry_wrap=True
babette
besieged-city
blockade
caesar
carpet
clock
congress
empress-of-india
fifteen
fish-bone
flower-garden
fortress
four-corners
fourteenth
general-sedgewick
general-sedgewick cross_wrap=True
hemispheres
la-belle-lucie
la-belle-lucie house_in_the_wood=True
la-belle-lucie house_on_the_hill=True
la-nivernaise
labyrinth
labyrinth wait_for_foundations=True
light-and-shade
light-and-shade talon_to_auxiliary=True
louis
margarethe
mill
mount-olympus
napoleon-at-st-helena
napoleon-at-st-helena lane_from_talon_only=True
nation
nestor
olga
red-and-black
salic-law
shah
sly
spensers-fairie-queen
square
sultan
terrace
two-rings
wheel
SETS
