#!/usr/bin/env python3
"""Fits the weights of WsrEvaluate (games/wsr/heuristic.cc) to the results of heuristic games.

Reads the CSV that tests/wsr_ai/eval_fit_test.cc writes (positions of heuristic self-play, the
terms WsrEvaluationTerms gives them, the game's return for the first seat) and fits
tanh(b_scenario + w . terms), the expected return, by logistic regression on (return + 1) / 2
(Newton's method; the intercept per scenario takes up its balance, which ranks no move). Fits
all four terms, and the three WsrEvaluate weighs (the objective alone, which fits at about zero,
left out); prints their weights and the held-out log loss of both, of the evaluation's hand
weights from before the fit (one fitted scale, the same intercepts) and of the intercepts alone,
over all scenarios and, with --per-scenario, for each. Games are split 80:20 into fitted and
held out.

  python3 scripts/fit_wsr_eval.py [CSV] [--per-scenario]
"""
import csv
import math
import random
import sys

TERMS = ("material", "objective", "objective*progress", "proximity")
# The evaluation's weights of TERMS before the fit (the form 0.45 material + (0.3 + 0.4 progress)
# objective + 0.1 proximity, clamped), for comparison.
PREVIOUS = (0.45, 0.3, 0.4, 0.1)


def terms(r):
    m, o, x, p = (float(r[k]) for k in ("material", "objective", "proximity", "progress"))
    return [m, o, o * p, x]


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(rows, nscn, nfeat, ridge=1e-3, iters=12):
    """rows: (scenario index, features, y in [0, 1]); model sigma(2 (b_s + w . f))."""
    dim = nscn + nfeat
    theta = [0.0] * dim
    for _ in range(iters):
        grad = [0.0] * dim
        hess = [[0.0] * dim for _ in range(dim)]
        for s, f, y in rows:
            x = [0.0] * nscn + [2 * v for v in f]
            x[s] = 2.0
            z = sum(t * v for t, v in zip(theta, x) if v)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            nz = [(i, v) for i, v in enumerate(x) if v]
            for i, v in nz:
                grad[i] += (p - y) * v
                for j, u in nz:
                    hess[i][j] += p * (1 - p) * v * u
        for i in range(dim):
            grad[i] += ridge * theta[i]
            hess[i][i] += ridge
        step = solve(hess, grad)
        theta = [t - d for t, d in zip(theta, step)]
        if max(abs(d) for d in step) < 1e-6:
            break
    return theta[:nscn], theta[nscn:]


def logloss(rows, b, w):
    total = 0.0
    for s, f, y in rows:
        z = 2 * (b[s] + sum(a * v for a, v in zip(w, f)))
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
        total -= y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
    return total / max(1, len(rows))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else "/tmp/wsr_eval_terms.csv"
    scns, data = [], []
    for r in csv.DictReader(open(path)):
        if r["scenario"] not in scns:
            scns.append(r["scenario"])
        y = (float(r["result"]) + 1) / 2
        data.append((r["scenario"], int(r["game"]), terms(r), y))
    rnd = random.Random(1)
    held = {(s, g) for s, g in sorted({(s, g) for s, g, _, _ in data}) if rnd.random() < 0.2}
    index = {s: i for i, s in enumerate(scns)}
    train = [(index[s], f, y) for s, g, f, y in data if (s, g) not in held]
    test = [(index[s], f, y) for s, g, f, y in data if (s, g) in held]

    shipped = [i for i, t in enumerate(TERMS) if t != "objective"]

    def report(name, tr, te, ns):
        b4, w4 = fit(tr, ns, len(TERMS))
        # WsrEvaluate's form: the objective term alone (weighed on turn 1) left out.
        sub = lambda rows: [(s, [f[i] for i in shipped], y) for s, f, y in rows]
        b, w = fit(sub(tr), ns, len(shipped))
        b0, _ = fit([(s, [], y) for s, _, y in tr], ns, 0)
        prev = lambda rows: [(s, [sum(a * v for a, v in zip(PREVIOUS, f))], y) for s, f, y in rows]
        bp, wp = fit(prev(tr), ns, 1)
        print(f"{name}: {len(tr)} positions, {len(te)} held out")
        print("  all four terms: " + " ".join(f"{t} {v:.3f}" for t, v in zip(TERMS, w4)))
        print("  WsrEvaluate's three: " +
              " ".join(f"{TERMS[i]} {v:.3f}" for i, v in zip(shipped, w)))
        print(f"  the previous weights, fitted scale x {wp[0]:.2f}")
        print(f"  held-out log loss: four terms {logloss(te, b4, w4):.4f}, three "
              f"{logloss(sub(te), b, w):.4f}, previous weights {logloss(prev(te), bp, wp):.4f}, "
              f"intercepts alone {logloss(te, b0, []):.4f}")

    report("all scenarios", train, test, len(scns))
    if "--per-scenario" in sys.argv:
        for s in scns:
            i = index[s]
            report(s, [(0, f, y) for k, f, y in train if k == i],
                   [(0, f, y) for k, f, y in test if k == i], 1)


if __name__ == "__main__":
    main()
