#!/usr/bin/env bash
# 200 random games with --log replay with --verify, at 60 and 100 points.
set -euo pipefail
feldherr="$1"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for seed in $(seq 1 200); do
  points=$(( seed % 2 == 0 ? 60 : 100 ))
  log="$dir/game-$seed.jsonl"
  "$feldherr" play pocket/orcs-vs-elves --seed "$seed" --seat orcs=random --seat elves=random \
    --option points=$points --quiet --log "$log" > "$dir/play.out"
  last=$(tail -n 1 "$dir/play.out")
  [[ "$last" == "result: "* ]] || { echo "seed $seed: last line is '$last'"; exit 1; }
  out=$("$feldherr" replay "$log" --verify --quiet | tail -n 1)
  [[ "$out" == "verified: "*" actions, hash "* ]] || { echo "seed $seed: $out"; exit 1; }
done
echo "200 passed, 0 failed"
