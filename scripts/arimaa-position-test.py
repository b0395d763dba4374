#!/usr/bin/env python3
"""A screen of engine settings on fixed positions, with bot_Sharp as the judge: before a setting
plays a match, it plays one turn in each of the same positions, and Sharp prices what it played.

The positions are one bot's turn starts in match records already scored by
scripts/arimaa-sharp-oracle.py (its SCORES file holds Sharp's score of every one), kept while the
game was open (Sharp's score within five rabbits), one in every N (--every). For each setting,
given as LIMIT or LIMIT:PARAMS (a fixed search depth in steps, `8x` for the exact alpha-beta
instead of the selective one, or seconds a position such as `2s`, which a loaded machine
distorts; then the game's registry parameters, e.g.
`8:blocking_pct=0`), libboardai's step search (the Python binding on the build
given, as the AEI program searches: `step_search=1`, the selective alpha-beta) chooses a turn in
every position, and Sharp (an outside engine, fetched and built outside this repository,
measurement only, driven through an AEI tools checkout kept outside too) scores the position
after it at its own fixed depth. The turn's cost is Sharp's score before (from SCORES) less its
score after, both from the mover's view, as in the oracle; a turn that ends the game costs the
score before less a decided result's (clipped to +-20000, as a forced result beyond Sharp's depth
is scored the same). Sharp randomizes its search with a fresh seed in every run (only its
developer build can turn that off), so its scores repeat only approximately; our engine at a
fixed depth repeats exactly.

Printed: each setting's mean cost with a 95 % interval from resampling whole games, and each
setting's paired difference from the first (the reference): negative is better. A fixed depth and
fixed positions make the screen immune to the machine's load; it is no match (the opponent never
answers the new setting's own positions), so what it passes is then played.

A setting `sharp:D` has Sharp itself choose at D steps (a second Sharp, 4 to 20 steps): the
cost of the opponent's own choices in the same positions, the mark the ≥ 50 % goal sets (Sharp at
4 steps: `sharp:4`). It needs --sharp.

With --min-cost POINTS only the positions where the turn played in the record cost more than
POINTS (the oracle's cost: Sharp's score before less its score of the next position) are kept:
the record's blunders. Fewer positions, but settings differ there by hundreds of points where
they differ by tens on all of them (on the 37 above 1500: depth 8 1632, depth 10 1212, Sharp at
4 steps 408).

With --each every position's turn under every setting is printed with its cost and Sharp's answer
to it (the line its search found), to compare two settings' choices position by position.

scripts/arimaa-sharp-regret.py screens an AEI program the same way without a scores file, from
the referee's own turn at each position, and keeps its results for reruns and comparisons made
apart.

With --list the positions and each setting's turns are printed without Sharp (no tools needed),
with the depth each search completed and its speed, and each setting's mean depth.

Usage: scripts/arimaa-position-test.py RECORDS... --bot NAME --scores SCORES
           [--sharp AEI_CHECKOUT SHARP_BINARY | --list] [--setting LIMIT[:PARAMS]]...
           [--every N] [--min-cost POINTS] [--each] [--games N] [--depth D] [--build DIR] [--boot N]
           [--move-timeout S]
"""
import argparse
import importlib.util
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLIP = 20000  # a decided score (or a game over) counts as four rabbits beyond the open bound


def load_oracle():
    """scripts/arimaa-sharp-oracle.py as a module (its reading of records and scores files, its
    mirror for Sharp, its resampling of whole games)."""
    spec = importlib.util.spec_from_file_location(
        "arimaa_sharp_oracle", os.path.join(ROOT, "scripts", "arimaa-sharp-oracle.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parse_setting(text):
    """(engine keywords, params) of 'LIMIT' or 'LIMIT:PARAMS', LIMIT a depth of 1..64 steps
    (the selective alpha-beta; with an x, '8x', the exact one) or seconds written with an s
    ('2s', '0.5s'); ({'sharp': D}, '') of 'sharp:D', Sharp itself
    choosing at D steps (4..20); raises ValueError."""
    limit, _, params = text.partition(":")
    if limit == "sharp":
        if not (params.isdigit() and 4 <= int(params) <= 20):
            raise ValueError("sharp:D takes a depth D of 4..20 steps, not %r" % text)
        return {"sharp": int(params)}, ""
    if limit.isdigit() and 1 <= int(limit) <= 64:
        return {"depth": int(limit)}, params
    if limit.endswith("x") and limit[:-1].isdigit() and 1 <= int(limit[:-1]) <= 64:
        return {"depth": int(limit[:-1]), "selective": 0}, params
    try:
        seconds = float(limit[:-1]) if limit.endswith("s") else 0.0
    except ValueError:
        seconds = 0.0
    if not 0.001 <= seconds <= 3600:
        raise ValueError("a setting is LIMIT or LIMIT:PARAMS, LIMIT a depth of 1..64 steps (8, "
                         "or 8x for the exact alpha-beta) or seconds such as 2s, not %r" % text)
    return {"time": seconds}, params


def positions(oracle, lc, boardai, records, bot, scores, first, every, min_cost=None):
    """[(game number, label, position text, Sharp's score before)]: the bot's turn starts while
    the game was open, one in every @p every; with @p min_cost only those where the turn played
    in the record cost more than that in Sharp's eyes (its score of the next position known);
    @p lc is scripts/arimaa-loss-check.py (its reading of the records)."""
    games = oracle.bot_games(records, bot, lc, first)
    try:
        replays = oracle.replay_games(games, boardai.Game("arimaa"), boardai, lc)
        scored = oracle.checked_scores(scores, games, replays, bot)
    except ValueError as exc:
        sys.exit("arimaa-position-test: %s" % exc)
    found = []
    for number, ((_, _, tags, _), replayed) in enumerate(zip(games, replays)):
        side = "g" if tags["White"] == bot else "s"
        rows = scored[number]
        for i, ((text, label, _), (_, score)) in enumerate(zip(replayed, rows)):
            if text[0] != side or score is None or abs(score) >= oracle.OPEN:
                continue
            if min_cost is not None:
                after = rows[i + 1][1] if i + 1 < len(rows) else None
                # The oracle's cost: the score before less the next one negated.
                if after is None or score + after <= min_cost:
                    continue
            found.append((number, label, text, score))
    return found[::every]


def our_turn(engine, game, text):
    """(the turn the engine plays in @p text, the position after it, the depth it completed, its
    nodes a second)."""
    pos = game.position(text)
    result = engine.search(pos)
    pos.play(result.best)
    return str(result.best), pos, result.depth, result.nps


def sharp_turn(oracle, lc, generator, chooser, game, text, timeout):
    """our_turn() for Sharp (@p chooser: its engine and depth) as the chooser."""
    engine, depth = chooser
    _, move = oracle.sharp_score(engine, text, timeout, generator)
    pos = game.position(text)
    pos.play(lc.steps_played(move.split()))
    return move, pos, depth, 0


def main():
    ap = argparse.ArgumentParser(
        description="engine settings screened on fixed positions of match records, each turn "
        "priced by bot_Sharp (measurement only; the tools stay outside the project)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py")
    ap.add_argument("--bot", required=True, help="the bot whose turn starts are the positions")
    ap.add_argument("--scores", required=True,
                    help="Sharp's scores of the records (scripts/arimaa-sharp-oracle.py)")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--sharp", nargs=2, metavar=("AEI_CHECKOUT", "SHARP_BINARY"),
                      help="the Sharp that scores the turns, run through this AEI checkout")
    mode.add_argument("--list", action="store_true",
                      help="print the positions and each setting's turns, without Sharp")
    ap.add_argument("--setting", action="append", default=[],
                    metavar="LIMIT[:PARAMS]",
                    help="a setting to screen: a depth in steps (8) or seconds a position (2s), "
                    "and game parameters; or sharp:D, Sharp choosing at D steps (repeat; the "
                    "first is the reference; default 8)")
    ap.add_argument("--every", type=int, default=1, help="every N-th position (default 1)")
    ap.add_argument("--min-cost", type=int, default=None, metavar="POINTS",
                    help="only positions where the turn played in the record cost more than "
                    "POINTS of Sharp's (its blunders: a sharper screen of fewer positions)")
    ap.add_argument("--each", action="store_true",
                    help="print every position's turn under every setting, its cost and Sharp's "
                    "answer to it")
    oracle = load_oracle()
    oracle.add_run_args(ap, "plays")
    args = ap.parse_args()
    try:
        settings = [parse_setting(text) for text in args.setting or ["8"]]
    except ValueError as exc:
        ap.error(str(exc))
    if args.every < 1 or args.depth < 4 or args.boot < 0:
        ap.error("--every must be at least 1, --depth at least 4 (Sharp raises a smaller one), "
                 "--boot not negative")
    if not os.path.isfile(args.scores):
        ap.error("%s: no such scores file (score the records with "
                 "scripts/arimaa-sharp-oracle.py --sharp first)" % args.scores)
    generator = oracle.sibling("arimaa-sharp-games")
    if args.sharp:
        generator.check_tools(ap, *args.sharp)
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    players = []
    names = args.setting or ["8"]
    for name, (limit, params) in zip(names, settings):
        if "sharp" in limit:
            if not args.sharp:
                ap.error("setting %s: Sharp chooses only with --sharp" % name)
            chooser = oracle.open_sharp(args.sharp[0], args.sharp[1], limit["sharp"])
            players.append((boardai.Game("arimaa"), (chooser, limit["sharp"])))
            continue
        try:
            game = boardai.Game("arimaa:step_search=1" + ("," + params if params else ""))
        except boardai.BoardAIError as exc:
            ap.error("setting %s: %s" % (name, exc))
        players.append((game, boardai.Engine(game, **limit)))
    lc = oracle.sibling("arimaa-loss-check")
    chosen = positions(oracle, lc, boardai, args.records, args.bot, args.scores, args.games,
                       args.every, args.min_cost)
    if not chosen:
        sys.exit("arimaa-position-test: no open turn start of %s's in the records%s" % (
            args.bot, "" if args.min_cost is None else
            " whose turn cost more than %d" % args.min_cost))
    sharp = None
    if args.sharp:
        sharp = oracle.open_sharp(args.sharp[0], args.sharp[1], args.depth)
    print("%d positions of %s's (one open turn start in every %d%s)" % (
        len(chosen), args.bot, args.every, "" if args.min_cost is None else
        " of those whose turn played cost more than %d" % args.min_cost), flush=True)
    costs = []  # per setting: [(cost, game number)]
    for name, (game, engine) in zip(names, players):
        mine, depths, start = [], [], time.time()
        for i, (number, label, text, before) in enumerate(chosen):
            if isinstance(engine, tuple):
                try:
                    shown, after_pos, depth, nps = sharp_turn(
                        oracle, lc, generator, engine, game, text, args.move_timeout)
                except Exception as exc:  # a silent or broken engine ends the run
                    sys.exit("arimaa-position-test: %s choosing in %s: %s" % (name, text, exc))
            else:
                shown, after_pos, depth, nps = our_turn(engine, game, text)
            depths.append(depth)
            if sharp is None:
                print("%s game %d %s %s: %s (depth %d, %.0f nodes/s)" % (
                    name, number, label, text, shown, depth, nps))
                continue
            if after_pos.result != boardai.Result.ONGOING:
                # Sharp's "after" is the opponent's view: the mover's win is -CLIP there.
                mover_won = after_pos.result == (boardai.Result.WIN0 if text[0] == "g"
                                                 else boardai.Result.WIN1)
                after = 0 if after_pos.result == boardai.Result.DRAW else (
                    -CLIP if mover_won else CLIP)
                answer = "(game over)"
            else:
                try:
                    after, answer = oracle.sharp_score(sharp, after_pos.text, args.move_timeout,
                                                  generator)
                except Exception as exc:  # a silent or broken engine ends the run
                    sys.exit("arimaa-position-test: Sharp on %s: %s" % (after_pos.text, exc))
                after = 0 if after is None else max(-CLIP, min(CLIP, after))
            mine.append((before + after, number))
            if args.each:
                print("  %s game %d %s%s: %s cost %d, Sharp's answer %s" % (
                    name, number, label, " " + text if name == names[0] else "", shown,
                    before + after, answer), flush=True)
            spent = time.time() - start
            print("  %s: %d/%d positions, %.0f s spent, about %.0f s left" % (
                name, i + 1, len(chosen), spent, spent / (i + 1) * (len(chosen) - i - 1)),
                file=sys.stderr, flush=True)
        if sharp is None:
            print("%s: mean depth %.1f steps (%d to %d)" % (name, sum(depths) / len(depths),
                                                          min(depths), max(depths)))
        else:
            costs.append(mine)
            print("%-40s mean cost %.0f%s" % (name, sum(c for c, _ in mine) / len(mine),
                                             oracle.resampled(mine, args.boot)), flush=True)
    if sharp is None:
        return
    for chooser in [sharp] + [e[0] for _, e in players if isinstance(e, tuple)]:
        chooser.quit()
        chooser.cleanup()
    for name, mine in list(zip(names, costs))[1:]:
        diff = [(a - b, g) for (a, g), (b, _) in zip(mine, costs[0])]
        print("%s minus %s: %+.0f%s" % (name, names[0], sum(d for d, _ in diff) / len(diff),
                                       oracle.resampled(diff, args.boot)))


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
