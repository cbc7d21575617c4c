#!/usr/bin/env bash
# The main job, for now: an interactive Pocket Battles game in the terminal, you (orcs) against
# the heuristic AI (elves). Extra arguments go to `feldherr play`, e.g. --seat elves=human.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh feldherr
mkdir -p games-played
exec build/release/cli/feldherr play pocket/orcs-vs-elves --seat orcs=human \
  --log "games-played/pocket-$(date +%Y%m%d-%H%M%S).jsonl" "$@"
