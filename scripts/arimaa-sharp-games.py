#!/usr/bin/env python3
"""Games of bot_Sharp against itself, as data for fitting the Arimaa evaluation's terms.

Sharp (an outside engine, fetched and built outside this repository, measurement only) plays
both sides at a fixed search depth through its AEI interface, driven by the AEI tools' own
engine controller and rules (pyrimaa, from an AEI tools checkout also kept outside). Each game
starts from random setups (each side's sixteen pieces shuffled over its two home rows) and one
random turn of each side, so that the games differ; then Sharp plays to the end. A game that has
not ended after --max-plies turns is dropped.

Output (appended to OUT, one game at a time, so an interrupted run keeps its games):
  <gold's result: 1 won, 0 lost> <g|s> [<64 squares, a8..h8 then a7..h1, '.' empty>] <score>
for the position at the start of every turn, where score is the score of Sharp's search of that
position as its AEI log reports it (its own units, the side to move's view; left out when Sharp
reported none), then a line
  # game N plies P result R
The position text is boardai's (docs/arimaa.md, "Position text"). Progress and the time left
go to standard error.

Usage: scripts/arimaa-sharp-games.py AEI_CHECKOUT SHARP_BINARY OUT [--games N] [--depth D]
                                     [--seed S] [--max-plies P]
"""
import argparse
import os
import random
import re
import sys
import time

ARMY = "RRRRRRRRCCDDHHME"
# Sharp's report of a finished iteration (its AEI log): the score of its search, in its own
# units, from the side to move's view.
SCORE = re.compile(r"\bEval (-?\d+)\b")


def check_tools(ap, aei_checkout, sharp):
    """Ends the run through @p ap's error when the AEI tools checkout or Sharp's binary is
    missing (this script and scripts/arimaa-sharp-oracle.py)."""
    if not os.path.isfile(os.path.join(aei_checkout, "pyrimaa", "aei.py")):
        ap.error("%s holds no pyrimaa/aei.py: give an AEI tools checkout" % aei_checkout)
    if not os.access(sharp, os.X_OK):
        ap.error("%s is not an executable" % sharp)


def sharp_search(engine, timeout):
    """(Sharp's turn, the score of its last iteration or None) of a search of the position the
    engine holds (this script and scripts/arimaa-sharp-oracle.py)."""
    engine.go()
    score = None
    while True:
        resp = engine.get_response(timeout=timeout)
        if resp.type == "bestmove":
            return resp.move, score
        if resp.type == "log":
            found = SCORE.search(resp.message)
            if found:
                score = int(found.group(1))  # the last iteration's


def random_setup(rng):
    """The short board of a random setup of both sides (Silver on rows 8-7, Gold on 2-1)."""
    gold = list(ARMY)
    silver = list(ARMY.lower())
    rng.shuffle(gold)
    rng.shuffle(silver)
    return "[" + "".join(silver) + " " * 32 + "".join(gold) + "]"


def play_game(aei, board, engine, rng, max_plies, timeout_s):
    """Plays one game; returns (rows, result 1|0 for Gold, plies) or None when it is dropped."""
    pos = board.parse_short_pos(board.Color.GOLD, 4, random_setup(rng))
    for _ in range(2):  # one random turn each
        _, pos = pos.get_rnd_step_move()
    engine.newgame()
    engine.setposition(pos)
    engine.isready()
    rows = []
    for plies in range(max_plies + 1):
        end = pos.is_end_state()  # 1: Gold has won, -1: Silver, whoever is to move
        if end:
            return rows, 1 if end == 1 else 0, plies
        if plies == max_plies:
            return None
        side = "g" if pos.color == board.Color.GOLD else "s"
        move, score = sharp_search(engine, timeout_s)
        rows.append("%s %s%s" % (side, pos.board_to_str("short").replace(" ", "."),
                                 "" if score is None else " %d" % score))
        pos = pos.do_move_str(move)  # the AEI tools' rules check Sharp's move
        engine.makemove(move)
    return None


def main():
    ap = argparse.ArgumentParser(
        description="bot_Sharp against itself from random setups: positions with results, for "
        "scripts/arimaa-fit-terms.py (measurement only; the tools stay outside the project)")
    ap.add_argument("aei", metavar="AEI_CHECKOUT", help="an AEI tools checkout (holding pyrimaa/)")
    ap.add_argument("sharp", metavar="SHARP_BINARY", help="a bot_Sharp binary (run as 'SHARP aei')")
    ap.add_argument("out", metavar="OUT", help="the file the games are appended to")
    ap.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    ap.add_argument("--depth", type=int, default=4, help="Sharp's search depth in steps (default 4)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the setups and random turns")
    ap.add_argument("--max-plies", type=int, default=300,
                    help="a game longer than this is dropped (default 300)")
    ap.add_argument("--move-timeout", type=float, default=120.0,
                    help="seconds Sharp may take for one move before the run stops (default 120)")
    args = ap.parse_args()
    if args.games < 1 or args.depth < 4 or args.max_plies < 1:
        ap.error("--games and --max-plies must be positive and --depth at least 4 "
                 "(Sharp raises a smaller depth to 4)")
    check_tools(ap, args.aei, args.sharp)
    sys.path.insert(0, args.aei)
    from pyrimaa import aei, board  # pylint: disable=import-outside-toplevel

    rng = random.Random(args.seed)
    random.seed(args.seed)  # pyrimaa's random turns
    engine = aei.EngineController(aei.get_engine("stdio", "%s aei" % args.sharp))
    engine.setoption("depth", args.depth)
    engine.isready()
    start = time.time()
    kept = dropped = 0
    with open(args.out, "a", encoding="ascii") as out:
        for n in range(args.games):
            try:
                game = play_game(aei, board, engine, rng, args.max_plies, args.move_timeout)
            except Exception as exc:  # an illegal move or a silent engine ends the run
                sys.exit("arimaa-sharp-games: game %d: %s" % (n, exc))
            if game is None:
                dropped += 1
            else:
                rows, result, plies = game
                for row in rows:
                    out.write("%d %s\n" % (result, row))
                out.write("# game %d plies %d result %d\n" % (n, plies, result))
                out.flush()
                kept += 1
            spent = time.time() - start
            left = spent / (n + 1) * (args.games - n - 1)
            print("game %d/%d: %d kept, %d dropped, %.0f s spent, about %.0f s left"
                  % (n + 1, args.games, kept, dropped, spent, left), file=sys.stderr, flush=True)
    engine.quit()
    engine.cleanup()


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
