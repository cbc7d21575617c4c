#!/usr/bin/env bash
# Regenerates the golden playthrough files in tests/golden/ (after an intended rules change).
set -euo pipefail
cd "$(dirname "$0")/.."
feldherr="${FELDHERR_BIN:-build/release/cli/feldherr}"
write() {
  local file="$1"; shift
  { echo "# args: $*"; "$feldherr" "$@" 2>&1; } > "tests/golden/$file"
}
write pocket-seed-1.txt play pocket/orcs-vs-elves --seed 1 --seat orcs=random --seat elves=random --option shoot_split=conserve --option wound_marker=most-orders
write pocket-seed-2.txt play pocket/orcs-vs-elves --seed 2 --seat orcs=heuristic --seat elves=heuristic --option points=100 --option shoot_split=conserve --option wound_marker=most-orders
write wsr-noville-seed-3.txt play wsr/noville --seed 3 --seat us=heuristic --seat de=heuristic
write wsr-koeln-seed-4.txt play wsr/koeln --seed 4 --seat us=random --seat de=heuristic
write westerplatte-medium-seed-5.txt play westerplatte/medium --seed 5 --option players=2 --seat p1=heuristic --seat p2=heuristic
write rivet-mission-5-seed-9.txt play rivet/mission-5 --seed 9 --seat allies=heuristic --seat bismark=heuristic
echo "regenerated: $(ls tests/golden)"
