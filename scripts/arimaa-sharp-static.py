#!/usr/bin/env python3
"""bot_Sharp's static evaluation as the teacher of ours: how far our evaluation's terms account
for Sharp's view of the same positions, and what Sharp knows that they do not.

The positions are those of a scores file (scripts/arimaa-sharp-oracle.py or
scripts/arimaa-sharp-games.py), kept while the game was open (Sharp's search score within five
rabbits). Sharp's static evaluation of each, with its components, comes from the `evalPos` mode
of a developer build of Sharp (an outside engine, fetched and built outside this repository for
measurement only: its release build has no such mode; the developer build is the same source with
its developer switch, `isDev` in main/main.cpp, turned on). Ours comes from `explain()` on the
build given, every term at 100 % (`blocking_pct=100,...`), so that a fitted coefficient is the
percent the term's knob would need.

Printed: the least-squares fit of Sharp's static score (the side to move's view) on our terms,
with R^2 and each term's coefficient as a percent of material's (the knob's value that would
match Sharp's static view, with a 95 % interval from resampling whole games); R^2 of material
alone; and the correlation of the fit's residual with each of Sharp's components (what Sharp
prices that our terms do not see: threats of two turns, blockades, hostages...).

The terms off by default are fitted too: the elephant blockade (an elephant with no way out of its
square, `elephant_blockade_points`), at 100 points, so that its percent is the points it would
need; the captures an enemy could prepare over more than one turn (`attack_threat_pct`); the
pieces held hostage near the enemy's home traps (`hostage_pct`); the elephant's square
(`elephant_place_pct`); the camel beside the enemy elephant in the enemy's half
(`camel_exposed_points`, at 100 points like the blockade); the pieces beside a stronger enemy
piece (`exposed_pct`); and the guards a home trap the enemy dominates lacks
(`home_guard_points`, at 100 points).

With --split-traps the trap term is fitted as its four parts (each alone, the others' weights
at 0: `trap_control_points`, `trap_danger_pct`, `trap_danger_frozen_pct`,
`trap_danger_stuck_pct`), so that each part's percent says how its own weight should move.

With --siblings N the fit is of move choice, not of positions: from every --every-th open
position, N of its legal turns are drawn at random, and Sharp's static score of each position
after the turn (the mover's view) is fitted on our terms there, each less its mean over the
turns from the same position (the choice among a position's turns depends on those differences
alone). Printed with it: the regret, in Sharp's points, of choosing the turn our terms rate best
instead of the one Sharp's static view rates best, with today's defaults and with the fitted
weights (fitted on half the games, the regret taken on the other half, over ten such splits),
and the fitted weights as a --params setting.

Usage: scripts/arimaa-sharp-static.py SCORES... --sharp-dev BINARY [--build DIR] [--boot N]
           [--params LIST] [--split-traps | --siblings N [--every K]]

--params sets other game parameters of our evaluation (a knob that shapes a fitted term, such as
attack_drag_squares=4); a fitted term's own knob is refused there.
"""
import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPONENTS = ["Material", "PieceSquare", "TCScore", "PEleMobility", "OEleMobility", "ThreatScore",
              "StratScorePla", "StratScoreOpp", "SheriffScorePla", "SheriffScoreOpp", "AlignPla",
              "AlignOpp", "ImbalancePla", "ImbalanceOpp", "RabScorePla", "RabScoreOpp"]
FINAL = "Final Score"
# evalPos prints, below its threat component, the threat on the piece of each square (8 rows of 8
# signed numbers, rank 8 first; the sum over a side's pieces is that side's part of the
# component). sharp_static() keeps them under THREATS, a list of 64, when all 8 rows are there.
THREATS = "piece threats"
THREAT_ROW = re.compile(r"^ *(?:[+-]\d+ +){7}[+-]\d+ *$")
TRAPS = 6  # the trap term's column among our features (material, 5 terms, traps, ...)
# --split-traps: the weights set to 0 to leave one part of the trap term, and that part's name.
SPLIT_OFF = ["trap_danger_pct=0,trap_danger_frozen_pct=0,trap_danger_stuck_pct=0",
             "trap_control_points=0,trap_danger_frozen_pct=0,trap_danger_stuck_pct=0",
             "trap_control_points=0,trap_danger_pct=0,trap_danger_stuck_pct=0",
             "trap_control_points=0,trap_danger_pct=0,trap_danger_frozen_pct=0"]
SPLIT_NAMES = ["trap_control", "trap_danger", "trap_danger_frozen", "trap_danger_stuck"]


# The terms off by default that are fitted too: (the explain's line, the knob that sets it to
# 100, the name printed). A knob in points (the blockade's, the exposed camel's, the home guards')
# is fitted at 100 points, so that its percent is the points it would need.
EXTRA = [("elephant_blockade", "elephant_blockade_points", "ele_blockade"),
         ("attack_threat", "attack_threat_pct", "attack_threat"),
         ("hostage", "hostage_pct", "hostage"),
         ("elephant_place", "elephant_place_pct", "ele_place"),
         ("camel_exposed", "camel_exposed_points", "camel_exposed"),
         ("exposed", "exposed_pct", "exposed"),
         ("home_guards", "home_guard_points", "home_guards")]


def knobs(ft):
    """The knob of each fitted term after material, in the features' order; each term is read at
    100 (the blockade at 100 points), so a weight w is the knob at 100 w."""
    return [knob for _, knob in ft.TERMS] + [knob for _, knob, _ in EXTRA]


def term_names(ft):
    """The fitted features' names, material first (as printed)."""
    return ["material"] + [t for t, _ in ft.TERMS[:6]] + ["threat", "placement"] + \
        [n for _, _, n in EXTRA]


def extra_terms(game, text):
    """The EXTRA terms of the explain, Gold's view, in rabbits (as the features)."""
    found = {}
    for line in game.position(text).explain().splitlines():
        words = line.split()
        if len(words) == 3:
            found[words[0]] = (int(words[1]) - int(words[2])) / 100.0
    return [found.get(line, 0.0) for line, _, _ in EXTRA]


def sharp_static(binary, texts):
    """[{component: value}] of Sharp's evalPos for each position text (side to move's view), with
    the threat on each square's piece under THREATS where evalPos prints it."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for text in texts:
            # Sharp's board file: a turn label (the side to move; the turn number, unknown here,
            # fixed at a middle-game 10) and the 64 squares, rank 8 first.
            f.write("10%s\n%s\n;\n" % (text[0], text.split("[", 1)[1][:64]))
        path = f.name
    try:
        out = subprocess.run([binary, "evalPos", path], capture_output=True, text=True,
                             timeout=600, check=False).stdout
    finally:
        os.unlink(path)
    blocks = re.split(r"\n(\d+)-{20,}\n", "\n" + out)
    found = {}
    for i in range(1, len(blocks), 2):
        values = {}
        grid = []
        for line in blocks[i + 1].splitlines():
            name, _, value = line.partition(":")
            value = (value.split() or [""])[0]  # "Material: -1400 EMHH... emhh..." names the armies
            if (name in COMPONENTS or name == FINAL) and value.lstrip("-").isdigit():
                values[name] = int(value)
            elif THREAT_ROW.match(line):
                grid.extend(int(v) for v in line.split())
        if len(grid) == 64:
            values[THREATS] = grid
        found[int(blocks[i])] = values
    if len(found) != len(texts) or any(FINAL not in v for v in found.values()):
        sys.exit("arimaa-sharp-static: %s evalPos answered %d of %d positions (is it a "
                 "developer build?)" % (binary, len(found), len(texts)))
    return [found[i] for i in range(len(texts))]


def least_squares(rows, ys, ft):
    """(coefficients, R^2) of ys on rows (each with a constant 1 appended)."""
    n = len(rows[0]) + 1
    ata = [[0.0] * n for _ in range(n)]
    aty = [0.0] * n
    for row, y in zip(rows, ys):
        x = row + [1.0]
        for i in range(n):
            aty[i] += x[i] * y
            for j in range(n):
                ata[i][j] += x[i] * x[j]
    w = ft.solve(ata, aty)
    mean = sum(ys) / len(ys)
    res = [y - sum(a * b for a, b in zip(row + [1.0], w)) for row, y in zip(rows, ys)]
    total = sum((y - mean) ** 2 for y in ys) or 1.0
    return w, 1.0 - sum(r * r for r in res) / total, res


def correlation(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def print_percents(names, w, rows, ys, gids, boot, ft):
    """Each term's fitted weight @p w as a percent of material's, with a 95 % interval from
    @p boot resamplings of whole games (@p gids, each row's game)."""
    by_game = {}
    for i, gid in enumerate(gids):
        by_game.setdefault(gid, []).append(i)
    rng, games, boots = random.Random(1), sorted(by_game), []
    for _ in range(boot):
        idx = [i for g in (rng.choice(games) for _ in games) for i in by_game[g]]
        wb, _, _ = least_squares([rows[i] for i in idx], [ys[i] for i in idx], ft)
        boots.append([100.0 * v / wb[0] for v in wb[1:len(names)]])
    for k, name in enumerate(names[1:]):
        pct = 100.0 * w[k + 1] / w[0]
        spread = sorted(b[k] for b in boots)
        interval = " [%+.0f, %+.0f]" % (spread[int(0.025 * (len(spread) - 1))],
                                        spread[int(0.975 * (len(spread) - 1))]) if spread else ""
        print("  %-14s %+5.0f %%%s" % (name, pct, interval))


def sibling_groups(game, plain, picked, per, rng, ft):
    """[(game id, [(text, row)])]: for each picked position, up to @p per of its legal turns
    drawn at random, each as the position after it with our features from the mover's view."""
    groups = []
    for gid, text, _ in picked:
        pos = plain.position(text)
        turns = pos.moves()
        sign = 1.0 if text[0] == "g" else -1.0
        kids = []
        for move in rng.sample(turns, min(per, len(turns))):
            child = pos.copy()
            child.play(move)
            f = ft.features(game, child.text)
            if f is not None:
                row = [sign * v for v in f[:-1]] + [sign * v for v in extra_terms(game, child.text)]
                kids.append((child.text, row))
        if len(kids) >= 5:
            groups.append((gid, kids))
    return groups


def centred(groups, ys):
    """(rows, ys, game ids) with each group's rows and ys less their means over the group."""
    rows, out, gids, i = [], [], [], 0
    for gid, kids in groups:
        part, y = [row for _, row in kids], ys[i:i + len(kids)]
        i += len(kids)
        mean_row = [sum(c) / len(c) for c in zip(*part)]
        mean_y = sum(y) / len(y)
        for row, v in zip(part, y):
            rows.append([a - b for a, b in zip(row, mean_row)])
            out.append(v - mean_y)
            gids.append(gid)
    return rows, out, gids


def regret(weights, groups, ys, keep):
    """[Sharp's points lost] per group in @p keep (game ids): its best turn by Sharp's static
    score less the score of the turn @p weights (material first) rate best."""
    lost, i = [], 0
    for gid, kids in groups:
        y = ys[i:i + len(kids)]
        i += len(kids)
        if gid in keep:
            ours = [sum(w * v for w, v in zip(weights, row)) for _, row in kids]
            lost.append(max(y) - y[ours.index(max(ours))])
    return lost


def fit_siblings(args, game, plain, picked, ft, boardai):
    """--siblings: the fit of move choice (the module's docstring)."""
    rng = random.Random(1)
    groups = sibling_groups(game, plain, picked[::args.every], args.siblings, rng, ft)
    if len(groups) < 10:
        sys.exit("arimaa-sharp-static: only %d positions with turns to compare" % len(groups))
    sharp = sharp_static(args.sharp_dev, [t for _, kids in groups for t, _ in kids])
    ys = [-float(s[FINAL]) for s in sharp]  # the position after the turn: the mover's view
    rows, cys, gids = centred(groups, ys)
    w, r2, _ = least_squares(rows, cys, ft)
    _, r2_material, _ = least_squares([[r[0]] for r in rows], cys, ft)
    names = term_names(ft)
    print("%d turns from %d positions of %d games; Sharp's static score on our terms, within "
          "each position's turns: R^2 %.3f (material alone %.3f)"
          % (len(rows), len(groups), len(set(gids)), r2, r2_material))
    print_percents(names, w, rows, cys, gids, args.boot, ft)
    defaults = dict((p.name, int(p.default)) for p in boardai.params("arimaa"))
    today = [1.0] + [defaults[k] / 100.0 for k in knobs(ft)]
    every_game = sorted(set(gids))
    # Today's weights are not fitted, so every game counts once (each split's two halves cover
    # every game, so their mean over the splits is the same).
    lost_today = regret(today, groups, ys, set(every_game))
    halves, lost_fit = random.Random(2), []
    for _ in range(5):
        halves.shuffle(every_game)
        half = set(every_game[:len(every_game) // 2])
        for train in (half, set(every_game) - half):
            idx = [i for i, g in enumerate(gids) if g in train]
            wt, _, _ = least_squares([rows[i] for i in idx], [cys[i] for i in idx], ft)
            lost_fit += regret([v / wt[0] for v in wt[:len(names)]], groups, ys,
                               set(every_game) - train)
    print("regret of the turn our terms rate best, in Sharp's points (the mean over positions, "
          "fitted on half the games and taken on the other half, ten splits):")
    print("  today's defaults %.0f" % (sum(lost_today) / len(lost_today)))
    print("  the fitted weights %.0f" % (sum(lost_fit) / len(lost_fit)))
    limits = dict((p.name, p.range) for p in boardai.params("arimaa"))
    setting = []
    for knob, v in zip(knobs(ft), w[1:len(names)]):
        top = int(limits[knob].split("..")[1])
        setting.append("%s=%d" % (knob, min(top, max(0, round(100.0 * v / w[0])))))
    print("the fitted weights as a setting: --params " + ",".join(setting))


def main():
    ap = argparse.ArgumentParser(
        description="bot_Sharp's static evaluation against ours on the positions of scores "
        "files (measurement only; the tools stay outside the project)")
    ap.add_argument("scores", nargs="+", metavar="SCORES", help="scores files (.gz read as such)")
    ap.add_argument("--sharp-dev", required=True, metavar="BINARY",
                    help="a developer build of bot_Sharp (its evalPos mode)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library evaluates (default build)")
    ap.add_argument("--split-traps", action="store_true",
                    help="fit the trap term's four parts apart: control, the danger of a piece "
                    "beside a trap the enemy holds, the same for a frozen piece and for a "
                    "frozen piece with no friend within two squares")
    ap.add_argument("--siblings", type=int, default=0, metavar="N",
                    help="fit move choice: N random legal turns from each position, Sharp's "
                    "static score of each fitted within the position's turns (see above)")
    ap.add_argument("--every", type=int, default=10, metavar="K",
                    help="with --siblings, every K-th open position (default 10)")
    ap.add_argument("--boot", type=int, default=200,
                    help="resamplings of whole games for the intervals (default 200)")
    ap.add_argument("--params", default="", metavar="LIST",
                    help="other game parameters of our evaluation, e.g. attack_drag_squares=4 "
                    "(not the knob of a fitted term)")
    args = ap.parse_args()
    if args.siblings and (args.split_traps or args.siblings < 5 or args.every < 1):
        ap.error("--siblings takes N of 5 or more, --every K of 1 or more, and no --split-traps")
    if not os.access(args.sharp_dev, os.X_OK):
        ap.error("%s: not an executable" % args.sharp_dev)
    spec = importlib.util.spec_from_file_location(
        "arimaa_sharp_oracle", os.path.join(ROOT, "scripts", "arimaa-sharp-oracle.py"))
    oracle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oracle)
    ft = oracle.sibling("arimaa-fit-terms")
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    every = ",".join("%s=100" % knob for _, knob in ft.TERMS + [(0, k) for _, k, _ in EXTRA])
    if args.params:
        fitted = set(knobs(ft))
        named = [kv.split("=", 1)[0].strip() for kv in args.params.split(",") if kv.strip()]
        clash = [k for k in named if k in fitted]
        if clash:
            sys.exit("arimaa-sharp-static: --params: %s is fitted here; set only other knobs"
                     % ", ".join(clash))
        every = args.params + "," + every
    try:
        game = boardai.Game("arimaa:" + every)
    except boardai.BoardAIError as e:
        sys.exit("arimaa-sharp-static: --params: %s" % e)
    # --split-traps: the trap term's four parts, each alone (the others' weights at 0).
    parts = [boardai.Game("arimaa:%s,%s" % (every, off)) for off in SPLIT_OFF] \
        if args.split_traps else []
    picked = []  # (game id, text, our features from the side to move's view)
    for gid, _, text, score in ft.read_scored_games(args.scores):
        if score is None or abs(score) >= oracle.OPEN:
            continue
        f = ft.features(game, text)
        if f is None:
            continue
        sign = 1.0 if text[0] == "g" else -1.0
        row = [sign * v for v in f[:-1]]
        if parts:
            row[TRAPS:TRAPS + 1] = [sign * ft.features(g, text)[TRAPS] for g in parts]
        row += [sign * v for v in extra_terms(game, text)]
        picked.append((gid, text, row))
    if len(picked) < 50:
        sys.exit("arimaa-sharp-static: only %d open, quiet positions" % len(picked))
    if args.siblings:
        fit_siblings(args, game, boardai.Game("arimaa"), picked, ft, boardai)
        return
    sharp = sharp_static(args.sharp_dev, [t for _, t, _ in picked])
    names = term_names(ft)
    if parts:
        names[TRAPS:TRAPS + 1] = SPLIT_NAMES
    rows = [f for _, _, f in picked]
    ys = [float(s[FINAL]) for s in sharp]
    w, r2, res = least_squares(rows, ys, ft)
    _, r2_material, _ = least_squares([[r[0]] for r in rows], ys, ft)
    print("%d positions of %d games; Sharp's static score on our terms: R^2 %.3f (material "
          "alone %.3f), %.2f of Sharp's points per point of our material"
          % (len(rows), len({g for g, _, _ in picked}), r2, r2_material,
             w[0] / 100.0))  # features are in rabbits
    print_percents(names, w, rows, ys, [g for g, _, _ in picked], args.boot, ft)
    print("the residual's correlation with Sharp's components (side to move's view):")
    for c in COMPONENTS:
        xs = [float(s.get(c, 0)) for s in sharp]
        mean = sum(xs) / len(xs)
        sd = (sum((x - mean) ** 2 for x in xs) / len(xs)) ** 0.5
        print("  %-16s %+.3f (its spread %.0f)" % (c, correlation(xs, res), sd))


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
