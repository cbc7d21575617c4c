#!/usr/bin/env python3
"""Fits the weights of rivet_evaluate (games/rivet/heuristic.cc) to the results of heuristic games.

Reads the CSV that RivetAi.DISABLED_WriteEvalTerms (tests/rivet/ai_test.cc) writes (positions of
heuristic self-play, the terms rivet_evaluation_terms gives them, the game's return for the
Allies) and fits tanh(b_mission + w . terms), the expected return, by logistic regression on
(return + 1) / 2 with an intercept per mission (its balance, which ranks no move), as
scripts/fit_wsr_eval.py does for White Star Rising. Prints the weights and the held-out log loss
of the fit, of the VP term alone (the evaluation's former form, tanh(2 vp)) and of the
intercepts alone, over all missions and, with --per-mission, for each. Games are split 80:20
into fitted and held out.

  python3 scripts/fit_rivet_eval.py [CSV] [--per-mission]
"""
import csv
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_wsr_eval import fit, logloss  # noqa: E402

TERMS = ("vp", "so", "material")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else "/tmp/rivet_eval_terms.csv"
    missions, data = [], []
    for r in csv.DictReader(open(path)):
        if r["mission"] not in missions:
            missions.append(r["mission"])
        y = (float(r["result"]) + 1) / 2
        data.append((r["mission"], int(r["game"]), [float(r[t]) for t in TERMS], y))
    rnd = random.Random(1)
    held = {(m, g) for m, g in sorted({(m, g) for m, g, _, _ in data}) if rnd.random() < 0.2}
    index = {m: i for i, m in enumerate(missions)}
    train = [(index[m], f, y) for m, g, f, y in data if (m, g) not in held]
    test = [(index[m], f, y) for m, g, f, y in data if (m, g) in held]

    def report(name, tr, te, n):
        b, w = fit(tr, n, len(TERMS))
        vp = lambda rows: [(s, [f[0]], y) for s, f, y in rows]
        bv, wv = fit(vp(tr), n, 1)
        b0, _ = fit([(s, [], y) for s, _, y in tr], n, 0)
        print(f"{name}: {len(tr)} positions, {len(te)} held out")
        print("  weights: " + " ".join(f"{t} {v:.3f}" for t, v in zip(TERMS, w)))
        print(f"  held-out log loss: the three terms {logloss(te, b, w):.4f}, "
              f"vp alone (x {wv[0]:.2f}) {logloss(vp(te), bv, wv):.4f}, "
              f"intercepts alone {logloss(te, b0, []):.4f}")

    report("all missions", train, test, len(missions))
    if "--per-mission" in sys.argv:
        for m in missions:
            i = index[m]
            report("mission " + m, [(0, f, y) for k, f, y in train if k == i],
                   [(0, f, y) for k, f, y in test if k == i], 1)


if __name__ == "__main__":
    main()
