#!/usr/bin/env python3
"""Arimaa: the setup turns, then a few searched turns (each move is a whole turn of steps)."""

from _common import options, self_play
import boardai

args = options(__doc__)
game = boardai.Game("arimaa")
pos = game.position()
print("setup choices listed for Gold:", len(pos.moves()))
self_play(game, boardai.Engine(game, depth=1 if args.quick else 2, time=5), pos,
          3 if args.quick else 8)
