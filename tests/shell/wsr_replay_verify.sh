#!/usr/bin/env bash
# White Star Rising scenarios (docs/wsr-play.md): random games of each playable scenario played
# with --log, each replayed with --verify (every action legal, every hash and the result as
# logged). WSR_GAMES games per basic scenario: 200 by default (about 1 min); WSR_ADV_GAMES per
# advanced scenario: 10 by default (the CI run; the documented run uses 200); quicker:
#   WSR_GAMES=25 WSR_ADV_GAMES=5 bash tests/shell/wsr_replay_verify.sh build/<dir>/cli/feldherr
set -euo pipefail
feldherr="$1"
games="${WSR_GAMES:-200}"
adv_games="${WSR_ADV_GAMES:-10}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
total=0
actions=0
for scenario in noville le-hauderie vierville koeln chaumont paderborn luneville odon carentan \
  arnhem elsenborn bieville bastogne remagen huertgen omaha; do
  n_games="$games"
  allies=us
  case "$scenario" in
    noville | le-hauderie | vierville | koeln) ;;
    *) n_games="$adv_games" ;;
  esac
  case "$scenario" in odon | arnhem | bieville) allies=uk ;; esac
  for seed in $(seq 1 "$n_games"); do
    log="$dir/$scenario-$seed.jsonl"
    "$feldherr" play "wsr/$scenario" --seed "$seed" --seat "$allies=random" --seat de=random \
      --quiet --log "$log" > "$dir/play.out"
    last=$(tail -n 1 "$dir/play.out")
    [[ "$last" == "result: "* ]] || { echo "$scenario seed $seed: last line is '$last'"; exit 1; }
    out=$("$feldherr" replay "$log" --verify --quiet | tail -n 1)
    [[ "$out" == "verified: "*" actions, hash "* ]] || { echo "$scenario seed $seed: $out"; exit 1; }
    n=${out#verified: }
    actions=$((actions + ${n%% *}))
    total=$((total + 1))
  done
done
echo "$total passed ($games per basic, $adv_games per advanced scenario, $actions actions verified), 0 failed"
