#!/usr/bin/env python3
"""Fits the Arimaa evaluation's term scales to the results of games (Texel's method).

Every turn-start position of the games (scripts/arimaa-sharp-games.py writes them) is split
into the evaluation's terms by boardai's own `explain` (through the Python binding, on the
build given), from Gold's view: HarLog material, the rabbits' blocking, passed, goal-table and
power terms, the loose-rabbit charge, trap control and danger, the placement of the pieces,
and the capture threats (the rest of the total). A logistic model of Gold's result,
    P(Gold wins) = 1 / (1 + exp(-(K * material + sum_i K * m_i * term_i + c * tempo))),
is fitted by Newton's method on the cross-entropy, so that material stays the unit and each
m_i is the scale at which the term would best predict the results (1: the term at 100 %, as its
tables give it). The terms are read with every term at 100 % (whatever the defaults or --params
say), so that a term switched off can still be fitted. A position where the side to move
reaches its goal this turn is left out (it is not quiet).

Every --holdout-th game is held out: its loss, with today's weights (the percents the evaluation
runs at: the registry's defaults, or those in --params; one K) and with the fitted scales, says
whether the fit predicts games it did not see. The scales' 95 % intervals come from resampling
whole games (--boot times).

With --score-scale S the target is not the result but Sharp's score of each position (the files
of scripts/arimaa-sharp-games.py and scripts/arimaa-sharp-oracle.py carry it), as the
probability 1 / (1 + exp(-S x score)) from Gold's view: for games whose results say little, such
as ours against Sharp, which we nearly all lose (0.000394 is the scale that best predicts the
results of Sharp's own games from its scores; arimaa-fit-placement.py prints it).

The knobs line gives the registry's term percents (boardai-arimaa --params, boardai-match) that
the fit asks for.

Pure Python (no packages needed). Measurement only: not part of scripts/test.sh.

Usage: scripts/arimaa-fit-terms.py GAMES... [--build DIR] [--params LIST] [--holdout N]
                                   [--boot N] [--seed S] [--score-scale S]
"""
import argparse
import gzip
import math
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The scaled terms, in the explain's names, with the registry knob that scales each.
TERMS = [("blocking", "blocking_pct"), ("passed", "passed_pct"), ("goal_threat", "goal_table_pct"),
         ("power_balance", "power_pct"), ("loose_rabbits", "loose_rabbit_pct"),
         ("traps", "trap_pct"), ("threat", "threat_pct"), ("placement", "placement_pct")]
NOT_QUIET = 50000  # |evaluation| from a goal this turn (goal_now_score is 1000000)


def read_scored_games(paths):
    """[(game id, gold result, position text, Sharp's score or None)] from the generator's files
    (the score, the side to move's view, ends the line of files that have it; a file whose name
    ends in .gz is read through gzip)."""
    rows = []
    for path in paths:
        try:
            rows.extend(read_scored_file(path, len({r[0] for r in rows})))
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            sys.exit("arimaa-fit-terms: %s: %s" % (path, exc))
    return rows


def read_scored_file(path, gid):
    """The rows of one file of the generator's, its games numbered from @p gid."""
    rows, pending = [], []
    opener = gzip.open if path.endswith(".gz") else open  # bench/data keeps them gzipped
    with opener(path, "rt", encoding="ascii") as f:
        for lineno, line in enumerate(f, 1):
            if line.startswith("#"):
                rows.extend((gid, r, t, v) for r, t, v in pending)
                pending, gid = [], gid + 1
                continue
            parts = line.split(" ", 2)
            board, _, score = parts[2].partition("]") if len(parts) == 3 else ("", "", "")
            score = score.strip()
            if (len(parts) != 3 or parts[0] not in ("0", "1") or parts[1] not in ("g", "s")
                    or len(board) != 65 or board[0] != "["
                    or board.strip("[.RCDHMErcdhme")
                    or not (score == "" or score.lstrip("-").isdigit())):
                sys.exit("arimaa-fit-terms: %s:%d: not '<0|1> <g|s> [board] [score]'"
                         % (path, lineno))
            pending.append((int(parts[0]), parts[1] + " " + board + "]",
                            int(score) if score else None))
    return rows  # a game with no closing line (an interrupted run) is left out


def features(game, text):
    """[material, terms..., tempo] from Gold's view, or None when the position is not quiet."""
    pos = game.position(text)
    vals, total = {}, None
    for line in pos.explain().splitlines():
        name, a, b = line.rsplit(" ", 2) if line.count(" ") >= 2 else (line, "0", "0")
        if name.startswith("total"):
            total = int(line.split()[-1])
        else:
            vals[name] = (int(a), int(b))
    if total is None or abs(total) >= NOT_QUIET:
        return None
    gold_to_move = text[0] == "g"
    gold_total = total if gold_to_move else -total
    f = [vals["material(harlog)"][0]]
    for name, _ in TERMS[:5]:
        f.append(vals[name][0] - vals[name][1])
    f.append(vals["traps"][0])
    place = vals["placement"][0] - vals["placement"][1]
    # (the terms off by default, the elephant blockade, the attack threats and the hostages, are
    # not fitted here: left out of the rest; scripts/arimaa-sharp-static.py fits them)
    off = sum(vals.get(name, (0, 0))[0] - vals.get(name, (0, 0))[1]
              for name in ("elephant_blockade", "attack_threat", "hostage"))
    f.append(gold_total - sum(f) - place - off)  # the capture threats
    f.append(place)
    f = [v / 100.0 for v in f]
    f.append(1.0 if gold_to_move else -1.0)
    return f


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a is small and square)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            m[c][c] = 1e-12
        for r in range(c + 1, n):
            k = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= k * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def sigmoid(z):
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit_rows(rows, n, ridged=None, damping=1e-9, iters=25):
    """Logistic regression without intercept by Newton's method, the one solver of the Arimaa
    fits: rows of (y in [0, 1], [(index, value)...]) (y may be a probability: a soft target)
    with n coefficients; a ridge on the indices in @p ridged (a dict index -> weight), and
    @p damping added to the Hessian's diagonal to keep it stable."""
    b = [0.0] * n
    for _ in range(iters):
        g = [0.0] * n
        h = [[0.0] * n for _ in range(n)]
        for y, x in rows:
            p = sigmoid(sum(b[i] * v for i, v in x))
            w = p * (1 - p)
            for i, vi in x:
                g[i] += (p - y) * vi
                hi = h[i]
                for j, vj in x:
                    hi[j] += w * vi * vj
        for j, r in (ridged or {}).items():
            g[j] += r * b[j]
            h[j][j] += r
        for i in range(n):
            h[i][i] += damping
        step = solve(h, g)
        b = [bi - si for bi, si in zip(b, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return b


def rows_loss(b, rows):
    """The mean cross-entropy of fit_rows' rows."""
    total = 0.0
    for y, x in rows:
        p = min(max(sigmoid(sum(b[i] * v for i, v in x)), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(len(rows), 1)


def dense(xs, ys):
    """fit_rows' rows from dense feature lists and results."""
    return [(y, list(enumerate(x))) for x, y in zip(xs, ys)]


def fit(xs, ys, iters=30):
    """The scales: fit_rows on dense rows, a tiny damping keeping it stable."""
    return fit_rows(dense(xs, ys), len(xs[0]), damping=1e-6 * len(xs), iters=iters)


def loss(b, xs, ys):
    return rows_loss(b, dense(xs, ys))


def today_percents(boardai, params, terms, prog):
    """({knob: percent the evaluation runs at} for the knobs of @p terms: the registry's
    defaults, then those in @p params; [the other items of params]). A percent outside 0..400
    ends the run with a message naming @p prog."""
    defaults = dict((p.name, p.default) for p in boardai.params("arimaa"))
    pct = dict((knob, int(defaults[knob])) for _, knob in terms)
    others = []
    for item in filter(None, params.split(",")):
        key, _, value = item.partition("=")
        if key in pct:
            try:
                pct[key] = int(value)
            except ValueError:
                pct[key] = -1
            if not 0 <= pct[key] <= 400:
                sys.exit("%s: --params: %s: not a whole number in 0..400" % (prog, item))
        else:
            others.append(item)
    return pct, others


def common_arguments(ap):
    """The arguments every fit of the evaluation takes (this one and arimaa-fit-placement.py)."""
    ap.add_argument("games", nargs="+", metavar="GAMES", help="files of scripts/arimaa-sharp-games.py")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library evaluates (default build)")
    ap.add_argument("--params", default="", help="the game's parameters, e.g. trap_pct=80")


def main():
    ap = argparse.ArgumentParser(description="Fit the Arimaa evaluation's term scales to games' "
                                 "results (measurement only)")
    common_arguments(ap)
    ap.add_argument("--holdout", type=int, default=5, help="every N-th game is held out (default 5)")
    ap.add_argument("--boot", type=int, default=20, help="resamplings of games (default 20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the resampling")
    ap.add_argument("--score-scale", type=float, default=None, metavar="S",
                    help="fit to Sharp's scores of the positions, as probabilities at S per point "
                    "(e.g. 0.000394), instead of the results")
    args = ap.parse_args()
    if args.holdout < 2 or args.boot < 0:
        ap.error("--holdout must be at least 2 and --boot not negative")
    if args.score_scale is not None and not 0 < args.score_scale < 1:
        ap.error("--score-scale must be above 0 and below 1")
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel

    # Today's percents: the registry's defaults, then --params. The terms are read at 100 %.
    pct, others = today_percents(boardai, args.params, TERMS, "arimaa-fit-terms")
    spec = ",".join(others + ["%s=100" % knob for _, knob in TERMS])
    try:
        game = boardai.Game("arimaa:" + spec)
    except boardai.BoardAIError as exc:
        sys.exit("arimaa-fit-terms: --params: %s" % exc)
    today_scale = [1.0] + [pct[knob] / 100.0 for _, knob in TERMS]

    data = read_scored_games(args.games)
    rows = []
    for i, (gid, result, text, score) in enumerate(data):
        try:
            f = features(game, text)
        except boardai.BoardAIError as exc:
            sys.exit("arimaa-fit-terms: position '%s': %s" % (text, exc))
        if args.score_scale is not None:
            if score is None:
                continue  # a position Sharp did not score
            result = sigmoid(args.score_scale * (score if text[0] == "g" else -score))
        if f is not None:
            rows.append((gid, result, f))
        if (i + 1) % 5000 == 0:
            print("read %d/%d positions" % (i + 1, len(data)), file=sys.stderr, flush=True)
    train = [r for r in rows if r[0] % args.holdout != args.holdout - 1]
    test = [r for r in rows if r[0] % args.holdout == args.holdout - 1]
    if len(train) < 50 or not test:
        sys.exit("arimaa-fit-terms: %d positions to fit and %d held out: too few games"
                 % (len(train), len(test)))
    print("positions: %d to fit, %d held out (games: %d; not quiet%s, left out: %d)"
          % (len(train), len(test), len({r[0] for r in rows}),
             "" if args.score_scale is None else " or not scored", len(data) - len(rows)))
    if args.score_scale is not None:
        # The least loss any model can reach on soft targets: their own entropy.
        ys = [r[1] for r in test]
        print("target: Sharp's scores at %g per point; their own entropy (the least loss): "
              "%.5f held out" % (args.score_scale, loss([1.0], [[math.log(y / (1 - y))] for y in ys], ys)))

    def xy(rs, cols=None):
        xs = [[r[2][c] for c in cols] if cols else r[2] for r in rs]
        return xs, [r[1] for r in rs]

    # Today's weights: the score as the evaluation gives it (the terms at today's percents), one K.
    def today_score(rs):
        return [[sum(w * v for w, v in zip(today_scale, r[2][:-1]))] for r in rs], [r[1] for r in rs]

    today = today_score(train)
    k = fit(*today)
    today_test = today_score(test)
    print("today's weights: K = %.4f per 100 points; loss %.5f fitted, %.5f held out"
          % (k[0], loss(k, *today), loss(k, *today_test)))
    b = fit(*xy(train))
    print("fitted scales:   loss %.5f fitted, %.5f held out" % (loss(b, *xy(train)),
                                                                 loss(b, *xy(test))))
    factors = [bi / b[0] for bi in b[1:-1]]
    tempo = b[-1] / b[0] * 100

    rng = random.Random(args.seed)
    games = sorted({r[0] for r in train})
    by_game = {}
    for r in train:
        by_game.setdefault(r[0], []).append(r)
    boots = []
    for n in range(args.boot):
        sample = [r for g in (rng.choice(games) for _ in games) for r in by_game[g]]
        bb = fit(*xy(sample))
        boots.append([bi / bb[0] for bi in bb[1:-1]])
        print("resampling %d/%d" % (n + 1, args.boot), file=sys.stderr, flush=True)
    print("%-14s %5s %7s  %-17s %s" % ("term", "today", "fitted", "95% (resampled)", "knob"))
    knobs = []
    for i, (name, knob) in enumerate(TERMS):
        if boots:
            vals = sorted(v[i] for v in boots)
            lo, hi = vals[int(0.025 * (len(vals) - 1))], vals[int(math.ceil(0.975 * (len(vals) - 1)))]
            interval = "[%.0f, %.0f]" % (100 * lo, 100 * hi)
        else:
            interval = "-"
        want = max(0, min(400, int(round(100 * factors[i]))))
        knobs.append("%s=%d" % (knob, want))
        print("%-14s %5d %7.0f  %-17s %s" % (name, pct[knob], 100 * factors[i], interval, knobs[-1]))
    print("tempo: %.0f points for the side to move (no term today)" % tempo)
    for i, (name, _) in enumerate(TERMS):
        cols = [c for c in range(len(TERMS) + 2) if c != i + 1]
        bd = fit(*xy(train, cols))
        print("without %-14s held-out loss %.5f" % (name, loss(bd, *xy(test, cols))))
    print("knobs: " + ",".join(knobs))


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
