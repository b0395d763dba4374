#!/usr/bin/env python3
"""When, and in which of bot_Sharp's eyes, do a bot's games go wrong? bot_Sharp's static evaluation
along match records, turn by turn.

Every turn start of BOT's in the records (the games with a result) is replayed through the library
(the Python binding, on the build given) and scored by the `evalPos` mode of a developer build of
Sharp (an outside engine, fetched and built outside this repository for measurement only; see
scripts/arimaa-sharp-static.py for the build). Sharp's static score and its components are from
the side to move's view, so here from BOT's. The turns are grouped in bands (--bands, by the
turn's number in the record), and for each band the mean of Sharp's final score is printed with a
95 % interval from resampling whole games, beside the mean of BOT's own evaluation of the same
positions (`explain`'s total on the build given, default settings) and the mean of each of
Sharp's components.

A series that Sharp's view already rates lost while the material is still even, and the
component that carries it (its pieces' placement, its threats, its trap control), says where a
change should act, and what a candidate must move before it is worth a match. The twenty-sixth
round of docs/arimaa.md found the games against Sharp at 4 steps lost in the opening: about
-60 of Sharp's points after the setups, -370 after one turn each, -930 by the fifth, the
material still even.

With --threats, each band also splits Sharp's threat component by the threatened piece: its
side, its type and the half of the board it stands in (its own or the enemy's), as that side's
part of the mover's component (threats on BOT's pieces count against BOT). The twenty-seventh
round found the threat on BOT's camel in its own half the largest part over turns 3 to 6, and on
its camel and horses in the enemy's half after that.

Usage: scripts/arimaa-sharp-drift.py RECORDS... --bot NAME --sharp-dev BINARY [--build DIR]
           [--bands LIST] [--games N] [--boot N] [--threats]
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BANDS = "2,3,4,5,6,7-10,11-15,16-20,21-30,31-"


def load_oracle():
    """scripts/arimaa-sharp-oracle.py as a module (its sibling() loads the other scripts)."""
    import importlib.util  # pylint: disable=import-outside-toplevel
    spec = importlib.util.spec_from_file_location(
        "arimaa_sharp_oracle", os.path.join(ROOT, "scripts", "arimaa-sharp-oracle.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parse_bands(text):
    """[(first, last)] from 'A,B-C,D-' (last None: no end); raises ValueError saying what is
    wrong."""
    bands = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (last and not last.isdigit()):
            raise ValueError("'%s' is not a turn, a range A-B or an open range A-" % part.strip())
        lo = int(first)
        hi = None if dash and not last else int(last) if last else lo
        if hi is not None and hi < lo:
            raise ValueError("'%s' ends before it starts" % part.strip())
        bands.append((lo, hi))
    return bands


def band_name(band):
    lo, hi = band
    return "%d-" % lo if hi is None else "%d" % lo if hi == lo else "%d-%d" % (lo, hi)


def turn_starts(games, replays, bot, lc):
    """[(game number, turn number, position text)] of every turn start of BOT's."""
    out = []
    for number, ((_, _, tags, _), positions) in enumerate(zip(games, replays)):
        side = "g" if tags.get("White") == bot else "s"
        for text, label, _ in positions:
            if lc.side_of(label) == side:
                out.append((number, int(label[:-1]), text))
    return out


def threat_split(text, grid):
    """{(mine, type letter, own half): contribution} of Sharp's per-square threats (rank 8 first)
    to the component of the side to move of TEXT: minus the threat on a piece of its own, plus
    the threat on an enemy piece."""
    squares = text.split("[", 1)[1][:64]
    mover_gold = text[0] == "g"
    out = {}
    for index, threat in enumerate(grid):
        piece = squares[index]
        if not threat or piece == ".":
            continue
        gold, rank = piece.isupper(), 8 - index // 8
        key = (gold == mover_gold, piece.upper(), rank <= 4 if gold else rank >= 5)
        out[key] = out.get(key, 0) + (-threat if gold == mover_gold else threat)
    return out


def print_threats(bot, splits):
    """The mean of threat_split() over SPLITS, one line for each side's pieces."""
    for mine, whose in ((True, "%s's" % bot), (False, "the enemy's")):
        parts = []
        for letter in "EMHDCR":
            mean = [sum(s.get((mine, letter, own), 0) for s in splits) / len(splits)
                    for own in (True, False)]
            parts.append("%s %+.0f/%+.0f" % (letter, mean[0], mean[1]))
        print("    threats on %s pieces (own half/other half): %s" % (whose, " ".join(parts)))


def main():
    ap = argparse.ArgumentParser(
        description="bot_Sharp's static evaluation of one bot's turn starts in match records, "
        "by band of turns, with its components (measurement only; Sharp stays outside the "
        "project)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py")
    ap.add_argument("--bot", required=True, help="the bot whose turn starts are scored")
    ap.add_argument("--sharp-dev", required=True, metavar="BINARY",
                    help="a developer build of bot_Sharp (its evalPos mode)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library replays the games and evaluates (default build)")
    ap.add_argument("--bands", default=BANDS, metavar="LIST",
                    help="bands of turn numbers, e.g. 2,3,4-6,7- (default %s)" % BANDS)
    ap.add_argument("--games", type=int, default=0,
                    help="only the first N games of each record file (default all)")
    ap.add_argument("--boot", type=int, default=1000,
                    help="resamplings of whole games for the intervals (default 1000)")
    ap.add_argument("--threats", action="store_true",
                    help="split Sharp's threat component by the threatened piece's side, type "
                    "and half of the board")
    args = ap.parse_args()
    try:
        bands = parse_bands(args.bands)
    except ValueError as exc:
        ap.error("--bands: %s" % exc)
    if args.boot < 0 or args.games < 0:
        ap.error("--boot and --games must not be negative")
    if not os.access(args.sharp_dev, os.X_OK):
        ap.error("%s: not an executable" % args.sharp_dev)
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    oracle = load_oracle()
    static, lc = oracle.sibling("arimaa-sharp-static"), oracle.sibling("arimaa-loss-check")
    game = boardai.Game("arimaa")
    games, replays = oracle.games_replayed(args, game, boardai, lc, "arimaa-sharp-drift")
    starts = turn_starts(games, replays, args.bot, lc)
    if not starts:
        sys.exit("arimaa-sharp-drift: %s has no turn start after the setups" % args.bot)
    sharp = static.sharp_static(args.sharp_dev, [text for _, _, text in starts])
    ours = [game.position(text).explain().splitlines()[-1].split()[-1] for _, _, text in starts]
    print("Sharp's static view of %s's %d turn starts in %d games (%s's view; Sharp's points, "
          "about 1000 a rabbit; ours about 100):" % (args.bot, len(starts), len(games), args.bot))
    for band in bands:
        lo, hi = band
        picked = [i for i, (_, turn, _) in enumerate(starts)
                  if turn >= lo and (hi is None or turn <= hi)]
        if not picked:
            print("turns %-6s none" % band_name(band))
            continue
        final = [(float(sharp[i][static.FINAL]), starts[i][0]) for i in picked]
        mine = sum(int(ours[i]) for i in picked) / len(picked)
        print("turns %-6s %4d in %3d games  Sharp %+6.0f%s  ours %+5.0f" % (
            band_name(band), len(picked), len({starts[i][0] for i in picked}),
            sum(v for v, _ in final) / len(final), oracle.resampled(final, args.boot), mine))
        print("    " + " ".join("%s %+.0f" % (c, sum(sharp[i].get(c, 0) for i in picked)
                                               / len(picked)) for c in static.COMPONENTS))
        if args.threats:
            if any(static.THREATS not in sharp[i] for i in picked):
                sys.exit("arimaa-sharp-drift: %s evalPos printed no threat on each square (is "
                         "it a developer build?)" % args.sharp_dev)
            print_threats(args.bot, [threat_split(starts[i][2], sharp[i][static.THREATS])
                                     for i in picked])


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
