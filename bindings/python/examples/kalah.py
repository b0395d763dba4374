#!/usr/bin/env python3
"""Kalah: the engine plays itself, then the exact solver values a small Kalah."""

from _common import options, self_play
import boardai

args = options(__doc__)
game = boardai.Game("kalah")  # six pits, six seeds; Game("kalah", pits=4, seeds=3) for a variant
engine = boardai.Engine(game, depth=6 if args.quick else 12)
self_play(game, engine, game.position(), 6 if args.quick else 200)

pits, seeds = (3, 2) if args.quick else (4, 3)
sol = boardai.kalah.solve(pits, seeds, tt_mb=64)
print(f"Kalah({pits},{seeds}): the first player wins by {sol.value} with best play "
      f"(first move {sol.best}, {sol.nodes} nodes, {sol.time_ms} ms)")
