#!/usr/bin/env python3
"""Tic-tac-toe written in Python and searched by libboardai's C engine.

The same game as tests/external/tictactoe.c (same moves, notation, position text and
evaluation), so the two can be compared node for node: `python3 bench_python_game.py`.

    python3 tictactoe.py            # the engine plays itself; the game is a draw
"""

import ctypes

import _common  # noqa: F401  (the package from the tree when not installed)
import boardai

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARK = ".xo"


class TicTacToe(boardai.PythonGame):
    """Cells 0..8 (a1 b1 c1 a2 ... c3) hold 0 empty, 1 x, 2 o; byte 9 is the side to move.
    The position text lists rank 3 first: "o../x../xo. x"."""

    name = "tictactoe"
    side_names = ("x", "o")
    State = ctypes.c_uint8 * 10
    max_moves = 9
    max_plies = 9

    def init(self, s):
        ctypes.memset(ctypes.addressof(s), 0, 10)

    def side_to_move(self, s):
        return s[9]

    @staticmethod
    def _line(s, mark):
        return any(s[a] == mark and s[b] == mark and s[c] == mark for a, b, c in LINES)

    def status(self, s):
        if self._line(s, 1):
            return boardai.Result.WIN0
        if self._line(s, 2):
            return boardai.Result.WIN1
        return boardai.Result.ONGOING if 0 in s[:9] else boardai.Result.DRAW

    def generate(self, s):
        if self.status(s) != boardai.Result.ONGOING:
            return []
        return [i for i in range(9) if s[i] == 0]

    def apply(self, s, move):
        s[move] = s[9] + 1
        s[9] ^= 1

    def evaluate(self, s):
        me, score = s[9] + 1, 0
        for line in LINES:
            cells = [s[i] for i in line]
            mine = cells.count(me)
            theirs = 3 - mine - cells.count(0)
            score += (theirs == 0) - (mine == 0)
        return score

    def hash(self, s):
        h = 0
        for i in range(8, -1, -1):
            h = h * 3 + s[i]
        return h * 2 + s[9]

    def move_to_text(self, s, move):
        return "abc"[move % 3] + str(move // 3 + 1)

    def move_from_text(self, s, text):
        if len(text) != 2 or text[0] not in "abc" or text[1] not in "123":
            raise boardai.ParseError(-3, f"bad square '{text[:16]}': expected a1..c3")
        sq = (int(text[1]) - 1) * 3 + "abc".index(text[0])
        if self.status(s) != boardai.Result.ONGOING:
            raise boardai.IllegalMoveError(-4, "the game is over")
        if s[sq]:
            raise boardai.IllegalMoveError(-4, f"{text} is taken by {MARK[s[sq]]}")
        return sq

    def position_to_text(self, s):
        rows = ["".join(MARK[s[r * 3 + c]] for c in range(3)) for r in (2, 1, 0)]
        return "/".join(rows) + " " + "xo"[s[9]]

    def position_from_text(self, s, text):
        if len(text) != 13 or text[3] != "/" or text[7] != "/" or text[11] != " ":
            raise boardai.ParseError(-3, "expected three rows of x, o or '.' separated by '/', "
                                         "a space and the side to move, e.g. \"o../x../xo. x\"")
        cells = [MARK.find(ch) for ch in text[8:11] + text[4:7] + text[0:3]]  # rank 1 first
        if -1 in cells:
            raise boardai.ParseError(-3, "a cell must be x, o or '.'")
        if text[12] not in "xo":
            raise boardai.ParseError(-3, f"bad side to move '{text[12]}': expected x or o")
        to_move = "xo".index(text[12])
        if cells.count(1) - cells.count(2) != to_move:
            raise boardai.ParseError(-3, f"{cells.count(1)} x and {cells.count(2)} o cannot "
                                         f"have {text[12]} to move")
        s[:9] = cells
        s[9] = to_move

    def render(self, s):
        rows = [f"{r + 1}  " + " ".join(MARK[s[r * 3 + c]] for c in range(3))
                for r in range(2, -1, -1)]
        return "\n".join(rows) + "\n   a b c\n"


def main():
    _common.options(__doc__)
    game = TicTacToe()
    pos = game.position()
    engine = boardai.Engine(game, depth=9)
    while pos.result == boardai.Result.ONGOING:
        r = engine.search(pos)
        print(f"{game.side_names[pos.side_to_move]} plays {r.best} (score {r.score}, "
              f"{r.nodes} nodes)")
        pos.play(r.best)
    print(pos.render(), end="")
    print("result:", pos.result.name.lower())


if __name__ == "__main__":
    main()
