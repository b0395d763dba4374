#!/usr/bin/env python3
"""How late each program's `go` answers at a fixed time per move, through its own protocol.

The wall time from writing the `go` line to reading its final line (`bestmove`), minus the time
asked for, over positions from games each program plays against itself at that time per move:
the common text protocol of boardai-kalah, boardai-ugolki and boardai-camelot (`go movetime MS`),
UCI of boardai-chess (`go movetime MS`) and AEI of boardai-arimaa (`setoption name time`, `go`).
A game starts with a few random moves so that the positions differ (the common protocol lists
its moves; chess starts from one of its twenty first moves; Arimaa from the classic setups).

Measurement only (not part of scripts/test.sh). Run it on a quiet machine: the scheduler's
delays on a loaded one are what such a table then shows.

Usage: bench/movetime_protocols.py [--build DIR] [--times 50,100,1000] [--searches N]
                                   [--programs kalah,ugolki,camelot,chess,arimaa] [--seed S]
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time

COMMON = ("kalah", "ugolki", "camelot")
CHESS_FIRST = ("a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 "
               "b1a3 b1c3 g1f3 g1h3").split()
ARIMAA_SETUP = ("Ra1 Rb1 Rc1 Dd1 De1 Rf1 Rg1 Rh1 Ra2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Rh2",
                "ra8 rb8 rc8 dd8 de8 rf8 rg8 rh8 ra7 hb7 cc7 ed7 me7 cf7 hg7 rh7")
LINE_TIMEOUT_S = 30.0


class Program:
    """A program under test, spoken to line by line."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefixes):
        """The first line that starts with one of prefixes (other lines are skipped)."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the program ended")
            line = line.strip()
            if line.startswith(prefixes):
                return line

    def line(self):
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the program ended")
        return line.strip()

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.p.kill()


def timed(prog, go, prefixes):
    t0 = time.perf_counter()
    prog.send(go)
    line = prog.until(prefixes)
    return (time.perf_counter() - t0) * 1000.0, line


def common_searches(build, game, ms, count, rng):
    prog = Program([os.path.join(build, "examples", "boardai-" + game), "--protocol"])
    late = []
    try:
        while len(late) < count:
            prog.send("new")
            for _ in range(4):
                prog.send("moves")
                moves = prog.line().split()
                if not moves:
                    break
                prog.send("play " + rng.choice(moves))
            for _ in range(400):
                if len(late) >= count:
                    break
                took, line = timed(prog, "go movetime %d" % ms, ("bestmove", "error"))
                if line.startswith("error") or line.split()[1] in ("(none)", "0000"):
                    break
                late.append(took - ms)
                prog.send("play " + line.split()[1])
                progress(game, ms, len(late), count)
    finally:
        prog.close()
    return late


def chess_searches(build, ms, count, rng):
    prog = Program([os.path.join(build, "examples", "boardai-chess")])
    late = []
    try:
        prog.send("uci")
        prog.until(("uciok",))
        while len(late) < count:
            moves = [rng.choice(CHESS_FIRST)]
            prog.send("ucinewgame")
            for _ in range(300):
                if len(late) >= count:
                    break
                prog.send("position startpos moves " + " ".join(moves))
                took, line = timed(prog, "go movetime %d" % ms, ("bestmove",))
                move = line.split()[1]
                if move in ("0000", "(none)"):
                    break
                late.append(took - ms)
                moves.append(move)
                progress("chess", ms, len(late), count)
    finally:
        prog.close()
    return late


def arimaa_searches(build, ms, count):
    prog = Program([os.path.join(build, "examples", "boardai-arimaa"), "--aei"])
    late = []
    try:
        prog.send("aei")
        prog.until(("aeiok",))
        prog.send("setoption name time value %g" % (ms / 1000.0))
        while len(late) < count:
            prog.send("newgame")
            prog.send("makemove " + ARIMAA_SETUP[0])
            prog.send("makemove " + ARIMAA_SETUP[1])
            for _ in range(300):
                if len(late) >= count:
                    break
                took, line = timed(prog, "go", ("bestmove", "log Error"))
                if line.startswith("log Error"):
                    break  # the game is over
                late.append(took - ms)
                prog.send("makemove " + line.split(None, 1)[1])
                progress("arimaa", ms, len(late), count)
    finally:
        prog.close()
    return late


STARTED = time.monotonic()
TOTAL = [0, 0]  # searches done, searches planned (for the time left)


def progress(name, ms, done, count):
    TOTAL[0] += 1
    spent = time.monotonic() - STARTED
    left = spent / TOTAL[0] * (TOTAL[1] - TOTAL[0])
    sys.stderr.write("\r%-8s %5d ms  %3d/%-3d  about %4.0f s left " % (name, ms, done, count, left))
    sys.stderr.flush()


def row(name, ms, late):
    late = sorted(late)
    p99 = late[min(len(late) - 1, int(0.99 * len(late)))]
    return "| %s | %d ms | %d | %+.1f ms | %+.1f ms | %+.1f ms | %d |" % (
        name, ms, len(late), statistics.median(late), p99, late[-1],
        sum(1 for x in late if x > 10.0))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"),
                    help="the build folder holding examples/boardai-* (default: build)")
    ap.add_argument("--times", default="50,100,1000", help="times per move in ms (default 50,100,1000)")
    ap.add_argument("--searches", type=int, default=60,
                    help="searches per program and time (default 60; a fifth as many at 1000 ms and more)")
    ap.add_argument("--programs", default="kalah,ugolki,camelot,chess,arimaa")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        times = [int(t) for t in args.times.split(",")]
    except ValueError:
        ap.error("--times needs comma-separated whole milliseconds, e.g. 50,100,1000")
    programs = args.programs.split(",")
    for name in programs:
        if name not in COMMON + ("chess", "arimaa"):
            ap.error("unknown program '%s' (kalah, ugolki, camelot, chess, arimaa)" % name)
        path = os.path.join(args.build, "examples", "boardai-" + name)
        if not os.access(path, os.X_OK):
            ap.error("%s is not built (give --build DIR)" % path)
    if any(t <= 0 for t in times) or args.searches <= 0:
        ap.error("times and --searches must be positive")
    count = {t: max(1, args.searches // 5) if t >= 1000 else args.searches for t in times}
    TOTAL[1] = len(programs) * sum(count.values())
    rng = random.Random(args.seed)
    rows = []
    for name in programs:
        for ms in times:
            if name in COMMON:
                late = common_searches(args.build, name, ms, count[ms], rng)
            elif name == "chess":
                late = chess_searches(args.build, ms, count[ms], rng)
            else:
                late = arimaa_searches(args.build, ms, count[ms])
            rows.append(row(name, ms, late))
    sys.stderr.write("\n")
    print("| program | movetime | searches | median | 99th percentile | worst | over 10 ms |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, OSError) as e:
        sys.stderr.write("\nmovetime_protocols: %s\n" % e)
        sys.exit(1)
