#!/usr/bin/env bash
# The searching levels' cells of docs/strength.md ("The normal level"): scripts/strength.py
# counts in the shard files of docs/strength-cells/ what `feldherr simulate --merge` counts, and
# refuses two files that disagree on a game of the same batch and a game counted twice; a cell
# is bold where it wins significantly more than the heuristic, the heuristic's count where less.
# Usage: strength_cells.sh FELDHERR SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
cells=$src/docs/strength-cells

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(python3 "$src/scripts/strength.py" --cells)
# Vierville's German searching against the heuristic, ten shards of 20 games: the script counts
# what `simulate --merge` counts.
merged=$("$bin" simulate --merge "$cells"/wsr-vierville-de-normal.{1..10}.json |
  awk '$1 == "de" { print $3 }')
[[ -n $merged ]] || { echo "strength_cells: simulate --merge counts nothing"; exit 1; }
grep -qx "wsr/vierville de normal heuristic $merged/200 seed 25" <<< "$out" || {
  echo "strength_cells: Vierville's German cell is not $merged/200:"; echo "$out"; exit 1; }
# Westerplatte's team cell (every seat at `normal`, against the game): the team's wins, the p1
# row of `simulate --merge`.
team=$("$bin" simulate --merge "$cells"/westerplatte-hard-players2-normal.{1..8}.json |
  awk '$1 == "p1" { print $3 }')
[[ -n $team ]] || { echo "strength_cells: simulate --merge counts no team wins"; exit 1; }
grep -qx "westerplatte/hard \`players=2\` team normal game $team/200 seed 25" <<< "$out" || {
  echo "strength_cells: Westerplatte's team cell is not $team/200:"; echo "$out"; exit 1; }
# A cell of counts and files: summed.json counts shards 1-5 of Vierville's German (30 wins, a
# count given here), the files give shards 6-10.
mkdir "$tmp/mixed"
cp "$cells"/wsr-vierville-de-normal.{6..10}.json "$tmp/mixed/"
echo '[{"scenario": "wsr/vierville", "seat": "de", "level": "normal", "opponent": "heuristic",
  "seed": 25, "total": 200, "shards": [1, 2, 3, 4, 5], "of": 10, "wins": 30, "games": 100,
  "why": "test"}]' > "$tmp/mixed/summed.json"
files=$("$bin" simulate --merge "$cells"/wsr-vierville-de-normal.{6..10}.json |
  awk '$1 == "de" { print $3 }')
mixed=$(python3 "$src/scripts/strength.py" --cells --cells-dir "$tmp/mixed")
grep -qx "wsr/vierville de normal heuristic $((30 + ${files%/*}))/200 seed 25" <<< "$mixed" || {
  echo "strength_cells: counts and files do not add up to $((30 + ${files%/*}))/200:"
  echo "$mixed"; exit 1; }

# Bold marks the one of the two that wins significantly more: a cell of 200 games made from a
# shard file of Köln's German searching, which wins its first 72, against heuristic batches that
# win the first 23, 72 or 150 of the same games.
python3 - "$src/scripts/strength.py" "$cells/wsr-koeln-de-normal.1.json" "$tmp/bold" <<'PY'
import importlib.util, json, os, sys
spec = importlib.util.spec_from_file_location("strength", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
cell = json.load(open(sys.argv[2]))
cell.update(shard="1/1", results=["de"] * 72 + ["us"] * 128, wins={"de": 72, "us": 128},
            lengths=[100] * 200, draws=0, unfinished=0)
os.makedirs(sys.argv[3])
json.dump(cell, open(os.path.join(sys.argv[3], "koeln-de.json"), "w"))
cells = m.Cells(sys.argv[3])
def batch(wins):  # a heuristic batch of seed 25 whose German wins its first `wins` games
    return {"seed": 25, "games": 200, "results": ["de"] * wins + ["us"] * (200 - wins)}
better = cells.text("wsr/koeln", "de", "normal", "heuristic", batch(23))
worse = cells.text("wsr/koeln", "de", "normal", "heuristic", batch(150))
even = cells.text("wsr/koeln", "de", "normal", "heuristic", batch(72))
assert better.startswith("**72/200") and better.endswith("; heuristic 23/200"), better
assert worse.startswith("72/200") and worse.endswith("; heuristic **150/200**"), worse
assert "**" not in even, even
# A level is its player's exact settings: a search with another one is no level's cell.
assert m.level_of("wsr", "mcts:200it:guided:sh8:hold1") == "normal"
assert m.level_of("rivet", "mcts:2400it:d0:guided:shall:hold1:e0") == "hard"
assert m.level_of("rivet", "mcts:800it:d0:guided:sh8:hold1:e0") is None  # the Planspiel's
assert m.level_of("planspiel", "mcts:800it:d0:guided:sh8:hold1:e0") == "normal"
assert m.level_of("wsr", "mcts:200it:guided:heuristic-steps:sh8:hold1") is None
assert m.level_of("wsr", "mcts:200it:guided:sh8:hold2") is None
assert m.won("p1+p2", m.TEAM) and not m.won("draw", m.TEAM)  # a team's game is lost or won
PY

cp "$cells/wsr-vierville-de-normal.1.json" "$tmp/a.json"
python3 - "$tmp/a.json" "$tmp/b.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["results"][0] = "us" if d["results"][0] == "de" else "de"  # the same game, another result
json.dump(d, open(sys.argv[2], "w"))
PY
if python3 "$src/scripts/strength.py" --cells --cells-dir "$tmp" > "$tmp/out" 2>&1; then
  echo "strength_cells: two files that disagree on game 0 were accepted"; exit 1
fi
grep -q "differs from another shard file's" "$tmp/out" || { cat "$tmp/out"; exit 1; }
# A count of summed.json for a shard whose file is there too is refused (counted twice).
rm "$tmp/b.json"
echo '[{"scenario": "wsr/vierville", "seat": "de", "level": "normal", "opponent": "heuristic",
  "seed": 25, "total": 200, "shards": [1], "of": 10, "wins": 8, "games": 20}]' > "$tmp/summed.json"
if python3 "$src/scripts/strength.py" --cells --cells-dir "$tmp" > "$tmp/out" 2>&1; then
  echo "strength_cells: a shard counted in a file and in summed.json was accepted"; exit 1
fi
grep -q "are counted already" "$tmp/out" || { cat "$tmp/out"; exit 1; }
echo "strength_cells: ok"
