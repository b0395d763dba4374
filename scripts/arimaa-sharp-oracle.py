#!/usr/bin/env python3
"""bot_Sharp as an oracle on match records: its score of every turn-start position, and what each
of one bot's turns cost in its eyes.

Scoring (with --sharp): the records (roundrobin.py's, as scripts/strength-arimaa.sh keeps them)
are replayed through the library (the Python binding, on the build given); every turn-start
position after the setups, up to the last turn played, is given to Sharp (an outside engine,
fetched and built outside this repository, measurement only) at a fixed search depth through
its AEI interface, driven by the AEI tools' own engine controller (pyrimaa, from an AEI tools
checkout also kept outside). Sharp's AEI sets up every `setposition` with Gold to move whatever
side it is given, so a position with Silver to move is given mirrored: ranks turned over and
colours swapped, which the rules treat alike. Its score (its own units, a rabbit about 1000, the
side to move's view) goes to SCORES in the format of scripts/arimaa-sharp-games.py, so the fits
(scripts/arimaa-fit-terms.py --score-scale) read it:
  <gold's result: 1 won, 0 lost> <g|s> [<64 squares, a8..h8 then a7..h1, '.' empty>] <score>
and a line `# game N plies P result R` after each game. A position Sharp scores as decided
(|score| >= 100000, a forced win or loss) is written without its score. Sharp's own choice of
turn is printed with each of the bot's turns.

Report (always; from SCORES alone when --sharp is not given, so it can be rerun): the records
are replayed again and checked against SCORES position by position. For every turn of --bot's
whose position before and after both have a score, its cost is Sharp's score before (the bot's
view) less Sharp's score after (the bot's view, the opponent's score negated): 0 when the bot
played as well as Sharp's search sees, more when it played worse. Printed: each game's cost per
turn and the first turn after which the bot stood a rabbit or more behind; the largest costs with
their positions and turns; the mean cost per turn, and over the turns played while the game was
open (Sharp's score before within five rabbits) with a 95 % interval from resampling whole games.
With --bands, also the mean cost of the open turns by band of turn numbers, the bot's (with its
interval) and, as the reference, its opponent's: what Sharp's search charges the turns the
opponent chose.

Measurement only: not part of scripts/test.sh (the report and the mirror are tested on the
scores in bench/data).

Usage: scripts/arimaa-sharp-oracle.py RECORDS... --bot NAME --scores SCORES
                                      [--sharp AEI_CHECKOUT SHARP_BINARY] [--depth D]
                                      [--build DIR] [--games N] [--top N] [--boot N]
                                      [--move-timeout S] [--bands LIST]
"""
import argparse
import importlib.util
import math
import os
import random
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECIDED = 100000  # |score| from here on: a forced result in Sharp's units (a win is 1000000)
RABBIT = 1000  # about one rabbit in Sharp's units
OPEN = 5 * RABBIT  # a game is still open while Sharp's score is within five rabbits


def sibling(name):
    """The script scripts/NAME.py as a module: the loss check's reading of the records and the
    term fit's reading of scores files (one way to read each)."""
    spec = importlib.util.spec_from_file_location(
        name.replace("-", "_"), os.path.join(ROOT, "scripts", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mirror_board(text):
    """The position text with ranks turned over and colours swapped, the side to move too."""
    side, board = text.split(" ", 1)
    squares = board.strip()[1:-1]
    if len(squares) != 64:
        raise ValueError("not a position text: %r" % text)
    ranks = [squares[i:i + 8] for i in range(0, 64, 8)]
    return "%s [%s]" % ("s" if side == "g" else "g", "".join(reversed(ranks)).swapcase())


def mirror_move(move):
    """A turn in the notation, mirrored as mirror_board does: pieces change colour, ranks turn
    over, north and south swap (e.g. 'Ed4n' <-> 'ed5s', 'rc6x' <-> 'Rc3x')."""
    out = []
    for token in move.split():
        if not re.match(r"[RCDHMErcdhme][a-h][1-8][nsewx]?$", token):
            raise ValueError("not a step: %r" % token)
        direction = {"n": "s", "s": "n"}.get(token[3:], token[3:])
        out.append(token[0].swapcase() + token[1] + str(9 - int(token[2])) + direction)
    return " ".join(out)


def replay(game, boardai, lc, turns):
    """[(position text, label, turn played)] for every turn-start position after the setups, up
    to the last turn played; raises ValueError or boardai.BoardAIError on a broken record."""
    pos = game.position(lc.setup_board(turns))
    out = []
    for line in turns[2:]:
        label, *steps = line.split()
        played = lc.steps_played(steps)
        if not played or pos.result != boardai.Result.ONGOING:
            break
        out.append((pos.text, label, " ".join(steps)))
        pos.play(played)
    return out


def bot_games(records, bot, lc, first):
    """[(path, game number, tags, turns)] of the games BOT played that have a result, among the
    first @p first games of each file (0: all)."""
    games = []
    for path in records:
        try:
            found = lc.read_records(path)
        except OSError as exc:
            sys.exit("arimaa-sharp-oracle: %s" % exc)
        for n, (tags, turns) in enumerate(found[:first] if first > 0 else found, 1):
            if bot in (tags.get("White"), tags.get("Black")) and tags.get("Result") in ("1-0", "0-1"):
                games.append((path, n, tags, turns))
    return games


def sharp_score(engine, text, timeout, generator):
    """(score from the side to move's view, Sharp's turn) of Sharp's search of @p text, through
    the search of @p generator (scripts/arimaa-sharp-games.py)."""
    from pyrimaa import board  # pylint: disable=import-outside-toplevel
    flip = text.startswith("s")
    given = mirror_board(text) if flip else text
    squares = given.split(" ", 1)[1].strip().replace(".", " ")  # Sharp reads ' ' as empty
    engine.newgame()
    engine.setposition(board.parse_short_pos(board.Color.GOLD, 4, squares))
    engine.isready()
    move, score = generator.sharp_search(engine, timeout)
    return score, (mirror_move(move) if flip else move)


def score_games(args, games, replays, generator):
    """Scores every position of @p games (@p replays: replay()'s list for each) with Sharp into
    args.scores; {(game, label): Sharp's turn}."""
    engine = open_sharp(args.sharp[0], args.sharp[1], args.depth)
    choices, start = {}, time.time()
    total = sum(len(positions) for positions in replays)
    done = 0
    with open(args.scores, "w", encoding="ascii") as out:
        for number, ((path, n, tags, _), positions) in enumerate(zip(games, replays)):
            gold_won = 1 if tags["Result"] == "1-0" else 0
            for text, label, _ in positions:
                try:
                    score, choice = sharp_score(engine, text, args.move_timeout, generator)
                except Exception as exc:  # a silent or broken engine ends the run
                    sys.exit("arimaa-sharp-oracle: %s game %d turn %s: %s" % (path, n, label, exc))
                choices[(number, label)] = choice
                shown = "" if score is None or abs(score) >= DECIDED else " %d" % score
                out.write("%d %s%s\n" % (gold_won, text, shown))
            out.write("# game %d plies %s result %d\n" % (number, tags.get("PlyCount", "?"), gold_won))
            out.flush()
            done += len(positions)
            spent = time.time() - start
            print("game %d/%d scored, %.0f s spent, about %.0f s left" % (
                number + 1, len(games), spent, spent / max(done, 1) * (total - done)),
                file=sys.stderr, flush=True)
    engine.quit()
    engine.cleanup()
    return choices


def replay_games(games, game, boardai, lc):
    """replay()'s list for each of @p games (bot_games()'s); raises ValueError naming the game
    that cannot be replayed."""
    replays = []
    for path, n, _, turns in games:
        try:
            replays.append(replay(game, boardai, lc, turns))
        except (ValueError, boardai.BoardAIError) as exc:
            raise ValueError("%s game %d: cannot replay: %s" % (path, n, exc)) from exc
    return replays


def games_replayed(args, game, boardai, lc, program, first=None):
    """(bot_games()'s list for args.records, args.bot and the first @p first games of each
    record file (None: args.games; 0: all), replay_games()'s list for them); ends the run with
    a message from @p program when BOT has no game with a result or a game cannot be replayed
    (this script and the others that read records so)."""
    games = bot_games(args.records, args.bot, lc, args.games if first is None else first)
    if not games:
        sys.exit("%s: no game of %s with a result in the records" % (program, args.bot))
    try:
        return games, replay_games(games, game, boardai, lc)
    except ValueError as exc:
        sys.exit("%s: %s" % (program, exc))


def checked_scores(path, games, replays, bot):
    """read_scores() of @p path, checked against the records: as many games as @p games, and each
    game's positions those of its replay (@p replays); raises ValueError saying what differs."""
    scored = read_scores(path, sibling("arimaa-fit-terms"))
    if len(scored) != len(games):
        raise ValueError("%s holds %d games, the records %d of %s's with a result"
                         % (path, len(scored), len(games), bot))
    for number, ((record, n, _, _), positions) in enumerate(zip(games, replays)):
        if [p[0] for p in positions] != [r[0] for r in scored[number]]:
            raise ValueError("%s game %d: its positions are not those of game %d of %s"
                             % (record, n, number, path))
    return scored


def open_sharp(aei_checkout, binary, depth):
    """Sharp through the AEI tools' engine controller, set to search @p depth steps."""
    sys.path.insert(0, aei_checkout)
    from pyrimaa import aei  # pylint: disable=import-outside-toplevel
    engine = aei.EngineController(aei.get_engine("stdio", "%s aei" % binary))
    engine.setoption("depth", depth)
    engine.isready()
    return engine


def read_scores(path, ft):
    """{game number: [(position text, score or None)]} from a scores file."""
    by_game = {}
    for gid, _, text, score in ft.read_scored_games([path]):
        by_game.setdefault(gid, []).append((text, score))
    return by_game


def report(args, games, replays, choices):
    """Prints the cost of each of the bot's turns in Sharp's eyes (see the module's text)."""
    try:
        scored = checked_scores(args.scores, games, replays, args.bot)
    except ValueError as exc:
        sys.exit("arimaa-sharp-oracle: %s" % exc)
    costs = []  # (cost, game number, label, before, after, position, turn played, where)
    others = []  # (cost, game number, turn number) of the opponent's turns
    for number, ((path, n, tags, _), positions) in enumerate(zip(games, replays)):
        rows = scored[number]
        bot = "g" if tags["White"] == args.bot else "s"
        game_costs, behind = [], None
        for i, (text, label, played) in enumerate(positions[:-1]):
            before, after = rows[i][1], rows[i + 1][1]
            if before is None or after is None:
                continue
            if text[0] != bot:
                if abs(before) < OPEN:
                    others.append((before + after, number, int(label[:-1])))
                continue
            cost = before + after  # before - (-after): the opponent's score negated
            game_costs.append(cost)
            costs.append((cost, number, label, before, -after, text, played,
                          "%s game %d" % (os.path.basename(path), n)))
            if behind is None and -after <= -RABBIT:
                behind = label
        print("%s game %d (%s-%s, %s plies, %s): %d turns of %s's scored, mean cost %.0f; a "
              "rabbit or more behind from its turn %s on" % (
                  path, n, tags["White"], tags["Black"], tags.get("PlyCount", "?"),
                  tags["Result"], len(game_costs), args.bot,
                  sum(game_costs) / max(len(game_costs), 1), behind or "no turn"))
    if not costs:
        sys.exit("arimaa-sharp-oracle: no turn of %s's has scores before and after" % args.bot)
    open_costs = [c for c in costs if abs(c[3]) < OPEN]
    print("largest costs while the game was open (Sharp's score before within %d; before -> "
          "after, %s's view):" % (OPEN, args.bot))
    for cost, number, label, before, after, text, played, where in sorted(
            open_costs, reverse=True)[:args.top]:
        choice = choices.get((number, label))
        print("  %5d %s %s: %d -> %d  %s  played %s%s" % (
            cost, where, label, before, after, text, played,
            "" if choice is None else "; Sharp: " + choice))
    print("%d turns of %s's in %d games: mean cost %.0f of Sharp's points a turn (a rabbit is "
          "about %d); %d turns cost a rabbit or more; while the game was open %d turns, mean "
          "cost %.0f%s" % (
              len(costs), args.bot, len(games), sum(c[0] for c in costs) / len(costs), RABBIT,
              sum(1 for c in costs if c[0] >= RABBIT), len(open_costs),
              sum(c[0] for c in open_costs) / max(len(open_costs), 1),
              resampled(open_costs, args.boot)))
    if args.bands:
        print_bands(args, open_costs, others)


def print_bands(args, open_costs, others):
    """The mean cost of the open turns by band of turn numbers (--bands): the bot's, with its
    interval, and its opponent's, the reference of a turn that engine chose."""
    drift = sibling("arimaa-sharp-drift")
    print("cost of the open turns by band of turn numbers (%s's; its opponent's):" % args.bot)
    for lo, hi in args.bands:
        def inside(turn, lo=lo, hi=hi):
            return turn >= lo and (hi is None or turn <= hi)
        mine = [c for c in open_costs if inside(int(c[2][:-1]))]
        theirs = [c[0] for c in others if inside(c[2])]
        print("  turns %-6s %3d turns, mean cost %s%s; opponent's %3d turns, mean cost %s" % (
            drift.band_name((lo, hi)), len(mine),
            "%.0f" % (sum(c[0] for c in mine) / len(mine)) if mine else "-",
            resampled(mine, args.boot) if mine else "", len(theirs),
            "%.0f" % (sum(theirs) / len(theirs)) if theirs else "-"))


def resampled(costs, boot):
    """' [lo, hi]': the 95 % interval of the mean cost over whole games resampled @p boot times
    (the seed fixed, so a rerun prints the same); '' when boot is 0."""
    by_game = {}
    for c in costs:
        by_game.setdefault(c[1], []).append(c[0])
    if boot <= 0 or not by_game:
        return ""
    rng = random.Random(1)
    games = sorted(by_game)
    means = []
    for _ in range(boot):
        sample = [v for g in (rng.choice(games) for _ in games) for v in by_game[g]]
        means.append(sum(sample) / max(len(sample), 1))
    means.sort()
    return " [%.0f, %.0f] (95 %%, games resampled %d times)" % (
        means[int(0.025 * (boot - 1))], means[int(math.ceil(0.975 * (boot - 1)))], boot)


def add_run_args(ap, build_does, depth=8):
    """The options this script shares with scripts/arimaa-position-test.py and
    scripts/arimaa-sharp-playout.py: Sharp's depth (default @p depth), the build whose library
    @p build_does, the games read, the resamplings and Sharp's time bound."""
    ap.add_argument("--depth", type=int, default=depth,
                    help="Sharp's depth in steps (default %d)" % depth)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library %s (default build)" % build_does)
    ap.add_argument("--games", type=int, default=0,
                    help="only the first N games of each record file (default all)")
    ap.add_argument("--boot", type=int, default=1000,
                    help="resamplings of whole games for the intervals (default 1000)")
    ap.add_argument("--move-timeout", type=float, default=300.0,
                    help="seconds Sharp may take for one position before the run stops")


def main():
    ap = argparse.ArgumentParser(
        description="bot_Sharp's scores of the positions of match records, and what each turn "
        "of one bot's cost in its eyes (measurement only; the tools stay outside the project)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py")
    ap.add_argument("--bot", required=True, help="the bot whose turns are costed")
    ap.add_argument("--scores", required=True, help="the scores file: written with --sharp, read "
                    "otherwise")
    ap.add_argument("--sharp", nargs=2, metavar=("AEI_CHECKOUT", "SHARP_BINARY"),
                    help="score the positions with this Sharp, run through this AEI checkout")
    add_run_args(ap, "replays the games")
    ap.add_argument("--top", type=int, default=10, help="largest costs to list (default 10)")
    ap.add_argument("--bands", metavar="LIST",
                    help="also the mean cost of the open turns by band of turn numbers, e.g. "
                    "2-6,7-10,11-")
    args = ap.parse_args()
    if args.bands:
        try:
            args.bands = sibling("arimaa-sharp-drift").parse_bands(args.bands)
        except ValueError as exc:
            ap.error("--bands: %s" % exc)
    if args.depth < 4 or args.top < 0 or args.boot < 0:
        ap.error("--depth must be at least 4 (Sharp raises a smaller one), --top and --boot not "
                 "negative")
    generator = sibling("arimaa-sharp-games")
    if args.sharp:
        generator.check_tools(ap, *args.sharp)
    elif not os.path.isfile(args.scores):
        ap.error("%s: no such scores file (score the records with --sharp first)" % args.scores)
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    lc = sibling("arimaa-loss-check")
    game = boardai.Game("arimaa")
    games, replays = games_replayed(args, game, boardai, lc, "arimaa-sharp-oracle")
    choices = score_games(args, games, replays, generator) if args.sharp else {}
    report(args, games, replays, choices)


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
