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

The columns of the searching levels (`normal`, `hard`: docs/ai.md "Difficulty levels") are not
played here, at hours per cell: they are read from the shard files of docs/strength-cells/
(`feldherr simulate ... --shard K/M --json F`, one seat searching, the others the heuristic or
the random player), merged per batch, with the heuristic's wins on the same games of the
heuristic's batch beside them; docs/strength-cells/summed.json holds the cells whose shard files
were not kept, as counts.

  scripts/strength.py [--games N] [--seed S] [--threads T] [--out DIR] [--write] [GAME/SCENARIO ...]
  scripts/strength.py --cells [--cells-dir DIR]    (the searching levels' cells only)
"""
import argparse
import glob
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
CELLS = os.path.join(ROOT, "docs", "strength-cells")
# The searching levels by the name of the player that plays them on an iteration budget, per
# game (docs/ai.md "Difficulty levels": the level's search with its cap of rollouts a decision as
# the budget, which plays as the level wherever the rollouts fit in its time and, unlike a time
# budget, the same on a loaded machine). A search with other settings is no level's cell.
LEVELS = {"planspiel": {"normal": "mcts:800it:d0:guided:sh8:hold1:e0",
                        "hard": "mcts:2400it:d0:guided:sh8:hold1:e0"},
          "rivet": {"normal": "mcts:800it:d0:guided:shall:hold1:e0",
                    "hard": "mcts:2400it:d0:guided:shall:hold1:e0"},
          "westerplatte": {"normal": "mcts:64it:d0:guided:sh4:hold1:e0",
                           "hard": "mcts:192it:d0:guided:sh4:hold1:e0"},
          "wsr": {"normal": "mcts:200it:guided:sh8:hold1", "hard": "mcts:600it:guided:sh8:hold1"}}


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


# The seat of a team's cell: every seat of the game plays the level.
TEAM = "team"


def won(result, seat):
    """Whether a game's result (simulate's JSON) is a win of the seat, or of the team."""
    return result not in ("draw", "unfinished") if seat == TEAM else result == seat


def level_of(game, player):
    return next((level for level, name in LEVELS.get(game, {}).items() if name == player), None)


class Cells:
    """The searching levels' cells: per (scenario, seat, level, opponent), the games of the
    batch they cover and the seat's wins in them."""

    def __init__(self, folder=CELLS):
        # key -> {"seed", "total", "games": {i: result}, "counts": [summed.json entries]}: games
        # by index where shard files give them, counts only where summed.json does.
        self.cells = {}
        for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
            if os.path.basename(path) == "summed.json":
                continue
            with open(path) as f:
                self.add_shard(json.load(f), path)
        summed = os.path.join(folder, "summed.json")
        if os.path.exists(summed):
            with open(summed) as f:
                for entry in json.load(f):
                    self.add_summed(entry)

    def cell(self, key, seed, total):
        c = self.cells.setdefault(key, {"seed": seed, "total": total, "games": {}, "counts": []})
        if (c["seed"], c["total"]) != (seed, total):
            sys.exit(f"strength: {key}: batches {c['seed']}/{c['total']} and {seed}/{total} "
                     "(seed/games) mixed")
        return c

    def add_shard(self, d, path):
        k, m = (int(x) for x in d["shard"].split("/"))
        if d["game"] in TEAM_GAMES:
            # The whole team plays one level against the game: its wins are the games not lost.
            levels = {level_of(d["game"], p) for p in d["seats"].values()}
            if len(levels) != 1 or None in levels:
                return
            label = f"{d['game']}/{d['scenario']}" + "".join(
                f" `{o}={v}`" for o, v in sorted(d.get("options", {}).items())
                if (o, v) != ("players", "1"))
            c = self.cell((label, TEAM, levels.pop(), "game"), d["seed"], d["total_games"])
            results = [TEAM if won(r, TEAM) else "lost" for r in d["results"]]
        else:
            searching = [s for s, p in d["seats"].items() if level_of(d["game"], p)]
            if len(searching) != 1:
                return  # both seats searching, or none: not a cell of one level against another
            seat = searching[0]
            level = level_of(d["game"], d["seats"][seat])
            others = {p for s, p in d["seats"].items() if s != seat}
            if len(others) != 1:
                return
            c = self.cell((f"{d['game']}/{d['scenario']}", seat, level, others.pop()),
                          d["seed"], d["total_games"])
            results = d["results"]
        for j, result in enumerate(results):
            i = k - 1 + j * m
            if c["games"].get(i, result) != result:
                sys.exit(f"strength: {path}: game {i} differs from another shard file's")
            c["games"][i] = result

    def add_summed(self, e):
        key = (e["scenario"], e["seat"], e["level"], e["opponent"])
        c = self.cell(key, e["seed"], e["total"])
        if "shards" in e:  # no game counted twice: in a file and in a count, or in two counts
            games = {i for i in range(e["total"]) if i % e["of"] + 1 in e["shards"]}
            counted = set(c["games"]).union(*(g for g in c.setdefault("counted", [])))
            if games & counted:
                sys.exit(f"strength: summed.json: {key}: shards {e['shards']} are counted already")
            c["counted"].append(games)
        c["counts"].append(e)

    @staticmethod
    def totals(c, seat):
        """The seat's wins, the games and the draws of a cell: its files' games and its counts."""
        wins = sum(1 for r in c["games"].values() if r == seat)
        draws = 0 if seat == TEAM else sum(
            1 for r in c["games"].values() if r in ("draw", "unfinished"))
        return (wins + sum(e["wins"] for e in c["counts"]),
                len(c["games"]) + sum(e["games"] for e in c["counts"]),
                draws + sum(e.get("draws", 0) for e in c["counts"]))

    def lines(self):
        """One line per cell: scenario, seat, level, opponent, wins/games, seed."""
        for (scen, seat, level, opponent), c in sorted(self.cells.items()):
            wins, n, _ = self.totals(c, seat)
            yield f"{scen} {seat} {level} {opponent} {wins}/{n} seed {c['seed']}"

    def text(self, scen, seat, level, opponent, hh):
        """The cell as Markdown: the level's wins, and the heuristic's on the same games of `hh`,
        the heuristic's batch against the same opponent (bold: the one of the two that wins
        significantly more, the Wilson intervals apart)."""
        c = self.cells.get((scen, seat, level, opponent))
        if c is None:
            return ""
        wins, n, draws = self.totals(c, seat)
        same = None  # the heuristic's wins on the same games, where its batch is the same
        if hh is not None and (hh["seed"], hh["games"]) == (c["seed"], c["total"]):
            same = sum(1 for i in c["games"] if won(hh["results"][i], seat))
        for e in c["counts"]:
            if "heuristic_wins" in e:
                same = (same or 0) + e["heuristic_wins"]
            elif same is not None and "shards" in e:
                k_of, m = e["shards"], e["of"]
                same += sum(1 for i in range(c["total"]) if i % m + 1 in k_of and
                            won(hh["results"][i], seat))
            else:
                same = None
        if n == 0:
            return ""
        out = cell(wins, n)
        if same is not None:
            lo, hi = wilson(wins, n)
            same_lo, same_hi = wilson(same, n)
            if lo > same_hi:
                out = f"**{out}**"
            out += f"; heuristic **{same}/{n}**" if same_lo > hi else f"; heuristic {same}/{n}"
        if hh is None or c["seed"] != hh["seed"] or n < c["total"]:
            out += f" (seed {c['seed']}" + (f", {n} of {c['total']} games" if n < c["total"] else "") + ")"
        if draws:
            out += f", {draws} draws"
        return out


def rows_for(runner, scen, options, cells):
    label = scen + "".join(f" `{o}`" for o in options)
    hh = runner.run(scen, [], options)
    sides = hh["sides"]
    n = hh["games"]
    rows = []
    if scen.split("/")[0] in TEAM_GAMES:
        # The sides win together (or there is one): the team by the heuristic against the team
        # by the random player.
        team_r = runner.run(scen, [(s, "random") for s in sides], options)
        won_h = sum(1 for r in hh["results"] if won(r, TEAM))
        won_r = sum(1 for r in team_r["results"] if won(r, TEAM))
        return [], [f"| {label} | {len(sides)} | {cell(won_h, n)} | "
                    f"{cell(won_r, team_r['games'])} | "
                    f"{cells.text(label, TEAM, 'normal', 'game', hh)} |"]
    for side in sides:
        hr = runner.run(scen, [(s, "heuristic" if s == side else "random") for s in sides], options)
        draws = hh["draws"] + hh.get("unfinished", 0)
        searched = "".join(
            f" {cells.text(scen, side, 'normal', opponent, base)} |"
            for opponent, base in (("heuristic", hh), ("random", hr)))
        rows.append(f"| {label} | {side} | {cell(hr['wins'][side], hr['games'])} | "
                    f"{cell(hh['wins'][side], n)}{f', {draws} draws' if draws else ''} |"
                    + searched)
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
    ap.add_argument("--cells", action="store_true",
                    help="only list the cells of the searching levels that the shard files give")
    ap.add_argument("--cells-dir", default=CELLS, help="the folder of the shard files")
    args = ap.parse_args()
    if args.cells:
        print("\n".join(Cells(args.cells_dir).lines()))
        return
    runner = Runner(args)
    cells = Cells(args.cells_dir)
    rows = ["| scenario | seat | heuristic against random | heuristic against heuristic | "
            "`normal` against heuristic | `normal` against random |",
            "|---|---|---|---|---|---|"]
    team = ["| scenario | seats | the heuristic's team wins | the random player's team wins | "
            "`normal`'s team wins |",
            "|---|---|---|---|---|"]
    for scen in args.scenarios or scenarios(args.bin):
        for options in VARIANTS.get(scen.split("/")[0], [[]]):
            seat_rows, team_rows = rows_for(runner, scen, options, cells)
            rows += seat_rows
            team += team_rows
    table = "\n".join(rows) + ("\n\nGames played by a team against the game itself:\n\n" +
                               "\n".join(team) if len(team) > 2 else "")
    print(table)
    if args.write:
        doc = os.path.join(ROOT, "docs", "strength.md")
        text = open(doc).read()
        start, stop = text.index(BEGIN) + len(BEGIN), text.index(END)
        header = (f"\n\n{args.games} games per cell of the heuristic, `--seed {args.seed} "
                  f"--max-actions {args.max_actions}`; the `normal` cells as noted:\n\n")
        open(doc, "w").write(text[:start] + header + table + "\n\n" + text[stop:])


if __name__ == "__main__":
    main()
