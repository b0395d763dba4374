#!/usr/bin/env python3
"""Fits the Arimaa evaluation's placement table to games (Texel's method).

The placement term (games/arimaa/placement.c) gives points to every non-rabbit piece by its
class (the number of enemy pieces stronger than it: 0, 1, 2-3, 4 or more) and by its square, the
board folded left on right (rank counted from the owner's side x distance from the nearer side
edge: 32 squares). Each class's home-rank edge square (a1 folded) is its zero, since material
prices the piece itself: 4 x 31 numbers to fit (--shape squares), or, with --shape separable, one
number per rank and one per edge distance (4 x (7 + 3)), summed into the same table.

Every turn-start position of the games (scripts/arimaa-sharp-games.py writes them) is split into
the evaluation's terms by boardai's own `explain` (the Python binding, on the build given) with
the placement term off, from Gold's view, and its pieces are counted by class and square from
the position text (Gold's count less Silver's). A logistic model,
    P(Gold wins) = 1 / (1 + exp(-(K * evaluation + sum_j w_j * count_j + c * tempo))),
is fitted by Newton's method on the cross-entropy, with a ridge (--ridge) on the w_j, and the
table is w_j / K in evaluation points: what each placement is worth on the scale the evaluation
already has. With --terms the scales of the other terms are fitted with it (material the unit).

The target (--target): by default Sharp's own score of each position (the generator records the
score of Sharp's search), turned into a probability on the scale that best predicts the games'
results from those scores: a score says far more about its position than the game's result,
which is decided many turns later; or the results themselves. Every --holdout-th game is held
out: its loss with today's evaluation and with the table says whether the fit predicts positions
it did not see. --boot N resamples whole games for 95 % intervals.

The table is printed as the C initialiser of arm_params.place. Pure Python (no packages needed).
Measurement only: not part of scripts/test.sh.

Usage: scripts/arimaa-fit-placement.py GAMES... [--build DIR] [--params LIST]
           [--target score|result] [--terms] [--shape squares|separable] [--holdout N]
           [--ridge R] [--boot N] [--seed S]
"""
import argparse
import importlib.util
import math
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLASSES = 4
RANKS, EDGES = 8, 4
SQUARES = RANKS * EDGES
STRENGTH = "rcdhme"  # the types from weakest to strongest, as the position text writes Silver's


def fit_terms_module():
    """The term fit's reading of games and its solver (one way to read the generator's files and
    one solver for both fits)."""
    spec = importlib.util.spec_from_file_location(
        "fit_terms", os.path.join(ROOT, "scripts", "arimaa-fit-terms.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def place_class(stronger):
    """The class of a piece with @p stronger enemy pieces stronger than it (placement.c)."""
    return 0 if stronger == 0 else 1 if stronger == 1 else 2 if stronger <= 3 else 3


def per_class(shape):
    """Numbers fitted per class: every square but the zero, or the ranks and edge distances."""
    return SQUARES - 1 if shape == "squares" else (RANKS - 1) + (EDGES - 1)


def counts(text, shape):
    """{feature index: Gold's count less Silver's} for the board of a position text."""
    board = text[text.index("[") + 1:text.index("]")]
    if len(board) != 64:
        raise ValueError("the board has %d squares, not 64" % len(board))
    pieces = {"g": [0] * 6, "s": [0] * 6}
    for ch in board:
        if ch.lower() in STRENGTH:
            pieces["g" if ch.isupper() else "s"][STRENGTH.index(ch.lower())] += 1
    out = {}
    n = per_class(shape)

    def add(j, sign):
        out[j] = out.get(j, 0) + sign

    for i, ch in enumerate(board):
        t = STRENGTH.index(ch.lower()) if ch.lower() in STRENGTH else -1
        if t < 1:
            continue  # empty, or a rabbit (the rabbits have their own terms)
        side = "g" if ch.isupper() else "s"
        enemy = pieces["s" if side == "g" else "g"]
        c = place_class(sum(enemy[t + 1:]))
        row, file = i // 8, i % 8  # row 0 is rank 8
        rank = 7 - row if side == "g" else row  # 0: the owner's home rank
        edge = min(file, 7 - file)
        sign = 1 if side == "g" else -1
        if shape == "squares":
            if rank * EDGES + edge > 0:
                add(c * n + rank * EDGES + edge - 1, sign)
        else:
            if rank > 0:
                add(c * n + rank - 1, sign)
            if edge > 0:
                add(c * n + RANKS - 1 + edge - 1, sign)
    return out


def table(b, unit, first, shape):
    """arm_params.place in evaluation points: the coefficients from index @p first on, divided by
    @p unit (the coefficient of 100 points of the evaluation)."""
    n = per_class(shape)
    out = []
    for c in range(CLASSES):
        w = [100.0 * v / unit for v in b[first + c * n:first + (c + 1) * n]]
        if shape == "squares":
            out.append([0.0] + w)
        else:
            ranks, edges = [0.0] + w[:RANKS - 1], [0.0] + w[RANKS - 1:]
            out.append([ranks[r] + edges[e] for r in range(RANKS) for e in range(EDGES)])
    return out


def main():
    ft = fit_terms_module()
    ap = argparse.ArgumentParser(description="Fit the Arimaa evaluation's placement table to "
                                 "games (measurement only)")
    ft.common_arguments(ap)
    ap.add_argument("--target", choices=("score", "result"), default="score",
                    help="fit to Sharp's scores of the positions (default; the files must have "
                    "them) or to the games' results")
    ap.add_argument("--terms", action="store_true",
                    help="also fit the scales of the other terms (as arimaa-fit-terms.py does)")
    ap.add_argument("--shape", choices=("squares", "separable"), default="squares",
                    help="a number per square (default), or per rank plus per edge distance")
    ap.add_argument("--holdout", type=int, default=5, help="every N-th game is held out (default 5)")
    ap.add_argument("--ridge", type=float, default=20.0,
                    help="ridge on the table's numbers, in positions (default 20)")
    ap.add_argument("--boot", type=int, default=0, help="resamplings of games (default 0)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the resampling")
    args = ap.parse_args()
    if args.holdout < 2 or args.boot < 0 or args.ridge < 0:
        ap.error("--holdout must be at least 2, --boot and --ridge not negative")
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    terms = [t for t in ft.TERMS if t[1] != "placement_pct"]
    # Today's percents (the registry's defaults, then --params); the terms are read at 100 % and
    # the placement term is off (its table is what is fitted).
    pct, others = ft.today_percents(boardai, args.params, terms, "arimaa-fit-placement")
    others = [item for item in others if item.partition("=")[0] != "placement_pct"]
    spec = ",".join(others + ["%s=100" % knob for _, knob in terms] + ["placement_pct=0"])
    try:
        game = boardai.Game("arimaa:" + spec)
    except boardai.BoardAIError as exc:
        sys.exit("arimaa-fit-placement: --params: %s" % exc)
    today_scale = [1.0] + [pct[knob] / 100.0 for _, knob in terms]

    data = ft.read_scored_games(args.games)
    raw = []  # (game id, result, Sharp's score (Gold's view) or None, term features, counts)
    for i, (gid, result, text, score) in enumerate(data):
        try:
            f = ft.features(game, text)
            cnt = counts(text, args.shape)
        except (boardai.BoardAIError, ValueError) as exc:
            sys.exit("arimaa-fit-placement: position '%s': %s" % (text, exc))
        if f is not None and not (args.target == "score" and score is None):
            gold = text[0] == "g"
            sharp = None if score is None else (score if gold else -score)
            raw.append((gid, result, sharp, f[:-2] + [f[-1]], cnt))  # placement (0) left out
        if (i + 1) % 5000 == 0:
            print("read %d/%d positions" % (i + 1, len(data)), file=sys.stderr, flush=True)
    if len(raw) < 100:
        sys.exit("arimaa-fit-placement: %d positions%s: too few" % (
            len(raw), " with Sharp's scores" if args.target == "score" else ""))

    # The target: the result, or Sharp's score as a probability, on the scale that best predicts
    # the results from Sharp's scores (one number fitted on all the positions).
    scale = None
    if args.target == "score":
        sharp_rows = [(r[1], [(0, r[2] / 1000.0)]) for r in raw]
        scale = ft.fit_rows(sharp_rows, 1)[0] / 1000.0
        print("Sharp's scores: P(Gold wins) = 1 / (1 + exp(-score x %.6f)); loss on the results "
              "%.5f" % (scale, ft.rows_loss([scale * 1000.0], sharp_rows)))

    nt = len(today_scale)  # material and the terms
    n_counts = CLASSES * per_class(args.shape)

    def row(r, with_table, with_terms):
        y = r[1] if scale is None else ft.sigmoid(scale * r[2])
        f, tempo = r[3][:-1], r[3][-1]
        if with_terms:
            x = [(i, v) for i, v in enumerate(f)]
        else:
            x = [(0, sum(w * v for w, v in zip(today_scale, f)))]
        first = len(x)
        x.append((first, tempo))
        if with_table:
            x += [(first + 1 + j, v) for j, v in r[4].items()]
        return y, x

    def fit_model(rs, with_table, with_terms):
        n = (nt if with_terms else 1) + 1 + (n_counts if with_table else 0)
        first = n - n_counts
        ridged = dict((first + j, args.ridge) for j in range(n_counts)) if with_table else {}
        data_rows = [row(r, with_table, with_terms) for r in rs]
        return ft.fit_rows(data_rows, n, ridged), data_rows

    train = [r for r in raw if r[0] % args.holdout != args.holdout - 1]
    test = [r for r in raw if r[0] % args.holdout == args.holdout - 1]
    print("positions: %d to fit, %d held out (games: %d)" % (len(train), len(test),
                                                           len({r[0] for r in raw})))
    if scale is not None:
        # The least loss any model can reach on soft targets: their own entropy.
        floor = [(y, [(0, math.log(y / (1 - y)) if 0 < y < 1 else 0.0)])
                 for y, _ in (row(r, False, False) for r in test)]
        print("the targets' own entropy (the least loss): %.5f held out" % ft.rows_loss([1.0], floor))
    b0, rows0 = fit_model(train, False, False)
    print("today's evaluation, no table: loss %.5f fitted, %.5f held out" % (
        ft.rows_loss(b0, rows0), ft.rows_loss(b0, [row(r, False, False) for r in test])))
    b, rows1 = fit_model(train, True, args.terms)
    print("with the table%s: loss %.5f fitted, %.5f held out" % (
        " and the terms' scales" if args.terms else "", ft.rows_loss(b, rows1),
        ft.rows_loss(b, [row(r, True, args.terms) for r in test])))
    first = (nt if args.terms else 1) + 1
    place = table(b, b[0], first, args.shape)
    if args.terms:
        print("term scales (percent, material the unit): " + ", ".join(
            "%s=%d" % (knob, max(0, min(400, round(100 * b[i + 1] / b[0]))))
            for i, (_, knob) in enumerate(terms)))
    print("tempo: %.0f points for the side to move" % (100.0 * b[first - 1] / b[0]))

    boots = []
    if args.boot:
        rng = random.Random(args.seed)
        by_game = {}
        for r in train:
            by_game.setdefault(r[0], []).append(r)
        games = sorted(by_game)
        for n in range(args.boot):
            sample = [r for g in (rng.choice(games) for _ in games) for r in by_game[g]]
            bb, _ = fit_model(sample, True, args.terms)
            boots.append(table(bb, bb[0], first, args.shape))
            print("resampling %d/%d" % (n + 1, args.boot), file=sys.stderr, flush=True)

    names = ["0 stronger", "1 stronger", "2-3 stronger", "4+ stronger"]
    for c in range(CLASSES):
        print("class %d (%s), by rank from the home rank; files a|h, b|g, c|f, d|e:" % (c, names[c]))
        for r in range(RANKS - 1, -1, -1):
            cells = []
            for e in range(EDGES):
                v = place[c][r * EDGES + e]
                if boots:
                    vals = sorted(bt[c][r * EDGES + e] for bt in boots)
                    lo = vals[int(0.025 * (len(vals) - 1))]
                    hi = vals[int(math.ceil(0.975 * (len(vals) - 1)))]
                    cells.append("%5.0f [%4.0f,%4.0f]" % (v, lo, hi))
                else:
                    cells.append("%5.0f" % v)
            print("  rank %d: %s" % (r + 1, " ".join(cells)))
    print("    .place = {\n%s}," % ",\n".join(
        "        {%s}" % ", ".join("%d" % round(v) for v in cls) for cls in place))


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
