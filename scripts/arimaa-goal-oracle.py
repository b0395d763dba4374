#!/usr/bin/env python3
"""bot_Sharp's goal tree as an outside reference for our goal detector.

For each position of the games given, and for each side to move, bot_Sharp's goal tree (its exact
"can the side to move bring a rabbit to goal within this turn, and in how many steps" detector)
is asked how many steps the side needs: 1 to 4, or none within the turn. The answers are written
as a goal-test file that tests/arimaa/test_goal.c checks our detector against (the CI runs that
check; this script, which needs Sharp, is not part of scripts/test.sh).

Sharp is an outside engine, fetched and built outside this repository for measurement only. Its
developer build (the same source with the developer switch, `isDev` in main/main.cpp, turned on)
has a `runGoalPosesTest FILE` mode. It reads positions, each with the answer it should find
(`cangoal = N` or `cangoal = false`), and stops at the first position where its goal tree
disagrees, printing the index (`Idx: k`) and its own answer (`Tree: N`). This script asks with
`cangoal = false` everywhere and restarts after each stop, so that every goal Sharp sees is
reported and every position it passed has no goal within the turn (about 2 minutes for the
33 000 positions of bench/data).

Only positions where the side to move has a rabbit within four rows of its goal are asked (others
cannot goal this turn), and none where a rabbit already stands on a goal rank (the game is over).

Usage: scripts/arimaa-goal-oracle.py POSITIONS... --sharp-dev BINARY [--out FILE]
           [--max-negative N] [--seed N]
POSITIONS: scores files of scripts/arimaa-sharp-oracle.py or scripts/arimaa-sharp-games.py
(`game side [squares] score`, .gz read as such) or position lists (`side [squares]`).
"""
import argparse
import gzip
import os
import random
import re
import subprocess
import sys
import tempfile
import time

SQUARES = re.compile(r"\[([rcdhmeRCDHME.]{64})\]")
FAILED_AT = re.compile(r"^Idx: (\d+)", re.M)
TREE = re.compile(r"^Tree: (\d+)", re.M)


def rows_to_goal(side, index):
    """Rows between the square at index (0 = a8, row 8 first) and side's goal rank."""
    row = 7 - index // 8  # 0 = rank 1
    return 7 - row if side == "g" else row


def can_be_asked(side, squares):
    """True when side has a rabbit within four rows of its goal and no rabbit is on a goal."""
    if "R" in squares[:8] or "r" in squares[56:]:
        return False
    rabbit = "R" if side == "g" else "r"
    return any(c == rabbit and rows_to_goal(side, i) <= 4 for i, c in enumerate(squares))


def read_positions(paths):
    """Unique (side, squares) pairs, both sides of every position, in file order."""
    seen, out = set(), []
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                m = SQUARES.search(line)
                if not m:
                    sys.exit("%s:%d: no position [64 squares] on this line" % (path, n))
                for side in "gs":
                    key = (side, m.group(1))
                    if key not in seen and can_be_asked(*key):
                        seen.add(key)
                        out.append(key)
    return out


def sharp_goals(binary, positions, batch=500):
    """Sharp's steps to goal (1..4) for each position, or 5 where it finds none this turn.

    Sharp reads a whole file before it checks the first position, so the positions go in
    batches: a restart then rereads at most one batch, not all the positions left."""
    answers = [5] * len(positions)
    start = 0
    began = shown = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "goals.txt")
        while start < len(positions):
            chunk = positions[start:start + batch]
            with open(path, "w") as f:
                for side, squares in chunk:
                    # Sharp reads "<turn><g|s>" as the side to move and the first row as rank 8.
                    f.write("2%s\ncangoal = false\n%s\n;\n" % (side, squares))
            run = subprocess.run([binary, "runGoalPosesTest", path], capture_output=True, text=True)
            out = run.stdout + run.stderr
            if "Passed all goal tests" in out:
                start += len(chunk)
            else:
                idx, tree = FAILED_AT.search(out), TREE.search(out)
                if not idx or not tree:
                    sys.exit("%s stopped without naming the position it failed on:\n%s"
                             % (binary, out[-2000:]))
                k = int(idx.group(1))
                if k >= len(chunk):
                    sys.exit("%s named position %d of %d" % (binary, k, len(chunk)))
                answers[start + k] = int(tree.group(1))
                start += k + 1
            now = time.monotonic()
            if now - shown >= 2 and start < len(positions):
                shown = now
                left = (now - began) * (len(positions) - start) / start
                print("asked %d/%d positions, %d goals so far, about %.0f s left"
                      % (start, len(positions), sum(a <= 4 for a in answers), left),
                      file=sys.stderr, flush=True)
    return answers


def main():
    ap = argparse.ArgumentParser(
        description="bot_Sharp's goal tree on game positions, as a goal-test file.",
        epilog="Writes `side [squares] N` lines: N is Sharp's steps to goal, 1-4, or 5 for none.")
    ap.add_argument("positions", nargs="+", metavar="POSITIONS",
                    help="scores files or position lists (.gz read as such)")
    ap.add_argument("--sharp-dev", required=True, metavar="BINARY",
                    help="bot_Sharp's developer build (runGoalPosesTest mode)")
    ap.add_argument("--out", default="-", metavar="FILE", help="goal-test file (default stdout)")
    ap.add_argument("--max-negative", type=int, default=-1, metavar="N",
                    help="keep at most N positions without a goal, chosen at random (default all)")
    ap.add_argument("--seed", type=int, default=1, help="seed of that choice (default 1)")
    args = ap.parse_args()
    if not (os.path.isfile(args.sharp_dev) and os.access(args.sharp_dev, os.X_OK)):
        sys.exit("--sharp-dev %s: not an executable file" % args.sharp_dev)
    for path in args.positions:
        if not os.path.isfile(path):
            sys.exit("%s: no such file" % path)
    positions = read_positions(args.positions)
    if not positions:
        sys.exit("no position with a rabbit within four rows of its goal")
    answers = sharp_goals(args.sharp_dev, positions)
    rows = list(zip(positions, answers))
    negatives = [r for r in rows if r[1] > 4]
    if 0 <= args.max_negative < len(negatives):
        keep = set(map(id, random.Random(args.seed).sample(negatives, args.max_negative)))
        rows = [r for r in rows if r[1] <= 4 or id(r) in keep]
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    counts = [sum(a == k for _, a in rows) for k in range(1, 6)]
    out.write("# bot_Sharp's goal tree on %d positions of Arimaa games, side to move and steps to\n"
              "# goal within the turn (5: none); by steps 1-4 and none: %s.\n"
              "# Made by scripts/arimaa-goal-oracle.py %s\n"
              % (len(rows), " ".join(map(str, counts)),
                 " ".join([os.path.basename(p) for p in args.positions]
                          + ["--sharp-dev SHARP_DEV"]
                          + (["--max-negative %d --seed %d" % (args.max_negative, args.seed)]
                             if args.max_negative >= 0 else []))))
    for (side, squares), steps in rows:
        out.write("%s [%s] %d\n" % (side, squares, steps))
    if out is not sys.stdout:
        out.close()
    print("%d positions asked; Sharp finds a goal in %d; %d written (steps 1-4, none: %s)"
          % (len(positions), sum(a <= 4 for a in answers), len(rows), " ".join(map(str, counts))))


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
