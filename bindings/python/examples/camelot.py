#!/usr/bin/env python3
"""Camelot: moves by text, a refused move with the library's reason, a search with progress."""

from _common import options, self_play
import boardai

args = options(__doc__)
game = boardai.Game("camelot", N=16.09)  # Nolan's knight parameter N, evaluation only
pos = game.position()
pos.play("D6-F8")
try:
    pos.play("E11-E6")
except boardai.IllegalMoveError as err:
    print("refused:", err)
print(len(pos.moves()), "legal moves for Black, e.g.", ", ".join(str(m) for m in pos.moves()[:4]))


def report(p):
    print(f"  depth {p.depth} score {p.score} nodes {p.nodes} pv {' '.join(p.pv[:4])}")


engine = boardai.Engine(game, depth=3 if args.quick else 5, time=10, progress=report)
self_play(game, engine, pos, 2 if args.quick else 10)
