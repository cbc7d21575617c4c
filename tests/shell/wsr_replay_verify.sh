#!/usr/bin/env bash
# White Star Rising basic scenarios (docs/wsr-play.md): random games of each scenario played with
# --log, each replayed with --verify (every action legal, every hash and the result as logged).
# WSR_GAMES games per scenario: 200 by default (the full run, about 1 min); quicker:
#   WSR_GAMES=25 bash tests/shell/wsr_replay_verify.sh build/<dir>/cli/feldherr
set -euo pipefail
feldherr="$1"
games="${WSR_GAMES:-200}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
total=0
actions=0
for scenario in noville le-hauderie vierville koeln; do
  for seed in $(seq 1 "$games"); do
    log="$dir/$scenario-$seed.jsonl"
    "$feldherr" play "wsr/$scenario" --seed "$seed" --seat us=random --seat de=random --quiet \
      --log "$log" > "$dir/play.out"
    last=$(tail -n 1 "$dir/play.out")
    [[ "$last" == "result: "* ]] || { echo "$scenario seed $seed: last line is '$last'"; exit 1; }
    out=$("$feldherr" replay "$log" --verify --quiet | tail -n 1)
    [[ "$out" == "verified: "*" actions, hash "* ]] || { echo "$scenario seed $seed: $out"; exit 1; }
    n=${out#verified: }
    actions=$((actions + ${n%% *}))
    total=$((total + 1))
  done
done
echo "$total passed ($games per scenario, $actions actions verified), 0 failed"
