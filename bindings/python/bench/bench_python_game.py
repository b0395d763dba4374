#!/usr/bin/env python3
"""The cost of a game written in Python: nodes per second of examples/tictactoe.py searched by
the C engine, against the same game in C (tests/external/tictactoe.c), same searches.

A benchmark, not a test (it needs a C compiler to build the C side).

    BOARDAI_BUILD=build python3 bindings/python/bench/bench_python_game.py
"""

import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BUILD = os.path.abspath(os.environ.get("BOARDAI_BUILD", os.path.join(TREE, "build")))
os.environ.setdefault("BOARDAI_LIB", os.path.join(BUILD, "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))
sys.path.insert(0, os.path.join(HERE, ".."))

import boardai  # noqa: E402
from tictactoe import TicTacToe  # noqa: E402

CASES = [("negamax", 0, 9), ("alphabeta", 1, 9)]  # the whole game tree from the start


def c_speed(exe, alg, depth):
    repeat = 1
    while True:
        out = subprocess.run([exe, str(alg), str(depth), str(repeat)], capture_output=True,
                             text=True, check=True).stdout.split()
        nodes, us = int(out[0]), float(out[1])
        if us > 500000 or repeat >= 4096:
            return nodes // repeat, nodes / us * 1e6
        repeat *= 4


def main():
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "ttt_speed")
        subprocess.run(["cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function", f"-I{TREE}/include", os.path.join(HERE, "ttt_speed.c"),
                        "-o", exe, f"-L{BUILD}/lib", "-lboardai", f"-Wl,-rpath,{BUILD}/lib"],
                       check=True)
        game = TicTacToe()
        for name, alg, depth in CASES:
            engine = boardai.Engine(game, algorithm=name, depth=depth)
            t0 = time.perf_counter()
            r = engine.search(game.position())
            py_s = time.perf_counter() - t0
            c_nodes, c_nps = c_speed(exe, alg, depth)
            py_nps = r.nodes / py_s
            print(f"{name:>9} depth {depth}: Python game {r.nodes} nodes, {py_nps:,.0f} nodes/s; "
                  f"C game {c_nodes} nodes, {c_nps:,.0f} nodes/s; Python is {c_nps / py_nps:.0f}x slower")


if __name__ == "__main__":
    main()
