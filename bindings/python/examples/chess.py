#!/usr/bin/env python3
"""Chess: perft from the start, then a mate found from a FEN position."""

from _common import options
import boardai

args = options(__doc__)
game = boardai.Game("chess")
start = game.position()
print("perft 3 from the start:", start.perft(3))  # 8902
pos = game.position("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
r = boardai.Engine(game, depth=3 if args.quick else 5).search(pos)
print(pos.render(), end="")
print(f"best {r.best}, score {r.score} (a mate scores near {100000000})")
pos.play(r.best)
print("after it:", pos.result.name.lower())
