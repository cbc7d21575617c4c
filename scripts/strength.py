#!/usr/bin/env python3
"""The per-seat strength table of docs/strength.md: every scenario of every game, each seat.

For each scenario it runs `feldherr simulate` (docs/cli.md) with
  - every side played by the heuristic (the scenario's balance between equal players), and
  - for each side: that side by the heuristic, every other side by the random player
    (what the heuristic makes of the seat against an opponent that does not play);
    in a game whose sides win together (Westerplatte: all seats against the game), the whole
    team by the heuristic and by the random player instead,
and prints one Markdown row per seat with the wins, rates and 95 % Wilson intervals. Each run
is kept as simulate's JSON in --out (default build/strength), named by its command, so a second
call only plays what is missing; --write replaces the table between the markers of
docs/strength.md.

  scripts/strength.py [--games N] [--seed S] [--threads T] [--out DIR] [--write] [GAME/SCENARIO ...]
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN = "<!-- strength table: scripts/strength.py --write -->"
END = "<!-- end of the strength table -->"
# Options a scenario is measured with besides its defaults (Westerplatte: also the 2-player team).
VARIANTS = {"westerplatte": [[], ["players=2"]]}
# Games whose seats play together against the game itself.
TEAM_GAMES = {"westerplatte"}


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def cell(k, n):
    lo, hi = wilson(k, n)
    return f"{k}/{n} ({100 * k / n:.1f} %, {100 * lo:.1f}-{100 * hi:.1f})"


class Runner:
    def __init__(self, args):
        self.args = args
        self.bin = args.bin
        os.makedirs(args.out, exist_ok=True)

    def command(self, scen, seats, options):
        cmd = [self.bin, "simulate", scen, "--games", str(self.args.games), "--seed",
               str(self.args.seed), "--max-actions", str(self.args.max_actions)]
        for side, player in seats:
            cmd += ["--seat", f"{side}={player}"]
        for opt in options:
            cmd += ["--option", opt]
        return cmd

    def run(self, scen, seats, options):
        """simulate's JSON of this batch, played now unless --out holds it."""
        cmd = self.command(scen, seats, options)
        name = re.sub(r"[^A-Za-z0-9=.-]+", "_", " ".join(cmd[2:])) + ".json"
        path = os.path.join(self.args.out, name)
        if not os.path.exists(path):
            shown = " ".join(cmd[1:])
            print(f"strength: feldherr {shown}", file=sys.stderr, flush=True)
            subprocess.run(cmd + ["--threads", str(self.args.threads), "--json", path + ".part"],
                           check=False, stdout=subprocess.DEVNULL)
            os.replace(path + ".part", path)
        with open(path) as f:
            return json.load(f)


def scenarios(binary):
    out = subprocess.run([binary, "list"], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if "/" in line.split(" ")[0]]


def rows_for(runner, scen, options):
    label = scen + "".join(f" `{o}`" for o in options)
    hh = runner.run(scen, [], options)
    sides = hh["sides"]
    n = hh["games"]
    rows = []
    if scen.split("/")[0] in TEAM_GAMES:
        # The sides win together (or there is one): the team by the heuristic against the team
        # by the random player.
        team_r = runner.run(scen, [(s, "random") for s in sides], options)
        won_h = sum(1 for r in hh["results"] if r not in ("draw", "unfinished"))
        won_r = sum(1 for r in team_r["results"] if r not in ("draw", "unfinished"))
        return [], [f"| {label} | {len(sides)} | {cell(won_h, n)} | "
                    f"{cell(won_r, team_r['games'])} |"]
    for side in sides:
        hr = runner.run(scen, [(s, "heuristic" if s == side else "random") for s in sides], options)
        draws = hh["draws"] + hh.get("unfinished", 0)
        rows.append(f"| {label} | {side} | {cell(hr['wins'][side], hr['games'])} | "
                    f"{cell(hh['wins'][side], n)}{f', {draws} draws' if draws else ''} |")
    return rows, []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenarios", nargs="*", help="GAME/SCENARIO (default: every one `list` names)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-actions", type=int, default=50000)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "strength"))
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "release", "cli", "feldherr"))
    ap.add_argument("--write", action="store_true", help="replace the table in docs/strength.md")
    args = ap.parse_args()
    runner = Runner(args)
    rows = ["| scenario | seat | heuristic against random | heuristic against heuristic |",
            "|---|---|---|---|"]
    team = ["| scenario | seats | the heuristic's team wins | the random player's team wins |",
            "|---|---|---|---|"]
    for scen in args.scenarios or scenarios(args.bin):
        for options in VARIANTS.get(scen.split("/")[0], [[]]):
            seat_rows, team_rows = rows_for(runner, scen, options)
            rows += seat_rows
            team += team_rows
    table = "\n".join(rows) + ("\n\nGames played by a team against the game itself:\n\n" +
                               "\n".join(team) if len(team) > 2 else "")
    print(table)
    if args.write:
        doc = os.path.join(ROOT, "docs", "strength.md")
        text = open(doc).read()
        start, stop = text.index(BEGIN) + len(BEGIN), text.index(END)
        header = (f"\n\n{args.games} games per cell, `--seed {args.seed} --max-actions "
                  f"{args.max_actions}`:\n\n")
        open(doc, "w").write(text[:start] + header + table + "\n\n" + text[stop:])


if __name__ == "__main__":
    main()
