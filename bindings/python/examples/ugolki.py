#!/usr/bin/env python3
"""Ugolki (corners): the 16-piece variant, engine against engine."""

from _common import options, self_play
import boardai

args = options(__doc__)
game = boardai.Game("ugolki", pieces=16)
self_play(game, boardai.Engine(game, depth=3 if args.quick else 5), game.position(),
          6 if args.quick else 60)
