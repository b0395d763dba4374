#!/usr/bin/env python3
"""What does a bot's turn cost in a referee's eyes? A paired screen of a change to a bot, turn by
turn, against a stronger engine's own choice.

A play-out (scripts/arimaa-sharp-playout.py) says whether a change wins, but one play-out is one
coin toss: 25 of them tell 40 % from 10 %, not 12 % from 4 %. This script asks a finer question
of many positions at once. At each of BOT's turn starts in the records (--turns), the referee
(an AEI engine at a fixed depth, e.g. bot_Sharp at 4 steps: an outside engine, fetched and built
outside this repository, measurement only) chooses its own turn, and scores the position after
it by its search (the other side to move). The engine under test (--engine, e.g. this project's
`boardai-arimaa --aei --params ...` at --engine-depth steps, or on its own clock, which
--engine-option sets, e.g. time=10) chooses its turn in the same position, and the referee
scores the position after that one the same way. The cost of the
engine's turn is the referee's score after it less its score after the referee's own turn, both
from the side that moves next: 0 when the two turns lead to the same position (or to positions
the referee rates alike), positive when the engine's turn leaves the other side better off. Two
settings of the engine run on the same positions differ turn by turn, so their difference is
paired (--compare): most of the noise of which positions happen to be hard cancels out.

scripts/arimaa-position-test.py asks the same question of the library's search through the
Python binding, several settings in one run, on the open positions of records that
scripts/arimaa-sharp-oracle.py has scored (its zero: Sharp's score before the turn; `sharp:4`
its own choice). This script needs no scores file: it asks any AEI program (this project's as a
player runs it, or another bot), on the turn numbers chosen, measures from the referee's own turn
at each position, and keeps its results, so that a screen reruns from bench/data and two runs
made apart compare (--compare).

The referee's part (its turn and its score after it) does not depend on the engine under test;
--reference FILE keeps it (written on the first run, read on the next), so a second setting
costs the engine's turns and one referee search a position. A position is taken once even where
several records share it (play-outs of one game share the game's turns up to their start).
--games N takes the first N games of each record file, each game keeping its number in the whole
of the records, so that a run on some games reads and compares with a run on all of them.
Scores are cut to +-CLIP (--clip): a forced result (a referee's "win" of a million) would
otherwise outweigh every other turn.

Referee scores are read from the engine's `info score N` lines or, for bot_Sharp, its
`log ... Eval N` lines (the last before `bestmove`). A position with Silver to move is given to
both engines mirrored (ranks turned over, colours swapped, as scripts/arimaa-sharp-oracle.py
does: Sharp sets up every position with Gold to move) and the chosen turn mirrored back. The
library (the Python binding, on the build given) replays the records and plays each chosen turn;
a turn it refuses stops the run with its message.

Output (RESULTS, a line a position as each is done, so an interrupted run keeps them):
  <game> <turn label> <referee's score after its turn> <score after the engine's> <cost>
      <the engine's turn> | <the referee's turn> | <the start position>
(one line). The report (always; from RESULTS alone when --engine is not given, so it can be
rerun; a name ending in .gz is read through gzip) prints:
- the mean cost with a 95 % interval from resampling whole games, its median, the share of turns
  the referee found no worse than its own, and the mean cost by band of turn numbers;
- with --trap-split, the mean cost of the turns that leave a home trap of BOT's thin (as
  scripts/arimaa-captures.py --trap-states has it: an enemy piece near outranks or ties BOT's
  strongest there, fewer than two guards) where the referee's turn leaves none, and of the rest;
- with --moves, what the two engines' turns do (the share that move the elephant, a rabbit; the
  pieces taken and lost a turn), over all the turns and over the costliest quarter of them, and
  that quarter's share of the whole cost;
- with --compare OTHER (a results file of another setting on the same records), the mean of the
  paired differences (this run less OTHER) over the positions both have, with its interval: of
  the referee's scores after the two engines' turns, so that the referee's own part, which a
  second run may have scored a little differently (bot_Sharp draws a random seed), cancels.
Progress and the time left go to standard error.

Usage: scripts/arimaa-sharp-regret.py RECORDS... --bot NAME --results RESULTS
           [--engine "COMMAND" [--engine-depth D] [--engine-option NAME=VALUE]...
            --referee "COMMAND" [--depth D]
            [--reference FILE]] [--turns LIST] [--compare OTHER] [--trap-split] [--moves]
           [--clip C] [--build DIR] [--games N] [--boot N] [--move-timeout S]
"""
import argparse
import gzip
import importlib.util
import os
import queue
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCORE = re.compile(r"^(?:info score (-?\d+)|log .*\bEval (-?\d+)\b)")
BANDS = ((2, 9), (10, 12), (13, 15), (16, 18), (19, 21), (22, 24), (25, 30), (31, 10**6))


def load(name):
    """scripts/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"),
                                                  os.path.join(ROOT, "scripts", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parse_turns(text):
    """The set of turn numbers in @p text ("10-18", "4,10,15-"; an open band ends at 10**6);
    raises ValueError."""
    turns = set()
    for part in text.split(","):
        lo, dash, hi = part.partition("-")
        if not lo.isdigit() or (dash and hi and not hi.isdigit()):
            raise ValueError("'%s' is not a turn number or a band like 10-18" % part)
        end = (int(hi) if hi else 10**6) if dash else int(lo)
        if end < int(lo):
            raise ValueError("the band '%s' ends before it begins" % part)
        turns.update(range(int(lo), min(end, 10**4) + 1))
    return turns


def next_line(engine):
    """The engine's next line (AeiEngine of scripts/arimaa-sharp-playout.py); raises
    RuntimeError when it ends or says nothing for its timeout."""
    try:
        line = engine.lines.get(timeout=engine.timeout)
    except queue.Empty:
        raise RuntimeError("no answer within %.0f s" % engine.timeout) from None
    if line is None:
        raise RuntimeError("the engine ended (waiting for 'bestmove')")
    return line


def search(engine, text, oracle):
    """(the engine's turn at @p text in the library's notation, its last score or None): the
    position is given mirrored when Silver moves and the turn mirrored back."""
    flip = engine.start(text, oracle.mirror_board)
    engine.send("go")
    score = None
    while True:
        line = next_line(engine)
        found = SCORE.match(line)
        if found:
            score = int(found.group(1) or found.group(2))
        if line.startswith("bestmove "):
            move = line.split(" ", 1)[1]
            return (oracle.mirror_move(move) if flip else move), score


def played(game, lc, text, move):
    """The position (the binding's) after @p move (a turn in the notation) at @p text; raises
    ValueError or the binding's error when the library refuses it."""
    pos = game.position(text)
    steps = lc.steps_played(move.split())
    if not steps:
        raise ValueError("the turn '%s' has no step" % move)
    pos.play(steps)
    return pos


def after(game, lc, text, move):
    """The position text after @p move at @p text (played())."""
    return played(game, lc, text, move).text


def referee_score(referee, text, oracle, clip, cache):
    """The referee's score of @p text (its search; the side to move's view), cut to +-clip;
    @p cache keeps each position's."""
    if text not in cache:
        _, score = search(referee, text, oracle)
        if score is None:
            raise RuntimeError("no score before its bestmove")
        cache[text] = max(-clip, min(clip, score))
    return cache[text]


def score_after(args, referee, text, move, oracle, cache):
    """The referee's score (cut to +-CLIP) of the position after @p move at @p text, from the
    view of the side that moves next; a turn that ends the game is not searched: -CLIP when it
    won (the mover's win is the next side's loss), +CLIP when it lost."""
    pos = played(args.game, args.lc, text, move)
    if pos.winner is not None:
        return -args.clip if pos.winner == "gs".index(text[0]) else args.clip
    return referee_score(referee, pos.text, oracle, args.clip, cache)


def read_reference(path):
    """{start text: (referee's turn, its score after it)} from a --reference file."""
    known = {}
    with open(path, encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split(" | ")
            if len(fields) != 3 or not re.fullmatch(r"-?\d+", fields[0]):
                raise ValueError("%s line %d: not '<score> | <turn> | <position>'" % (path, n))
            known[fields[2]] = (fields[1], int(fields[0]))
    return known


def run(args, starts, oracle):
    """Every start's referee turn and score (from --reference when it has them) and the engine's
    turn and its score into args.results."""
    try:
        known = read_reference(args.reference) if args.reference and \
            os.path.exists(args.reference) else {}
    except (OSError, ValueError) as exc:
        sys.exit("arimaa-sharp-regret: %s" % exc)
    playout = args.playout
    engines = []
    for command, depth, options in ((args.referee, args.depth, ()),
                                    (args.engine, args.engine_depth, args.engine_option)):
        try:
            engines.append(playout.AeiEngine(command, depth, args.move_timeout, options))
        except (RuntimeError, OSError) as exc:
            for e in engines:
                e.close()
            sys.exit("arimaa-sharp-regret: %s: %s" % (command, exc))
    referee, engine = engines
    new_reference = open(args.reference, "a", encoding="ascii") if args.reference else None
    cache, begun = {}, time.time()
    with open(args.results, "w", encoding="ascii") as out:
        for i, (number, label, text) in enumerate(starts):
            try:
                if text not in known:
                    own, _ = search(referee, text, oracle)
                    known[text] = (own, score_after(args, referee, text, own, oracle, cache))
                    if new_reference:
                        new_reference.write("%d | %s | %s\n" % (known[text][1], own, text))
                        new_reference.flush()
                own, base = known[text]
                mine, _ = search(engine, text, oracle)
                score = score_after(args, referee, text, mine, oracle, cache)
            except (RuntimeError, ValueError) as exc:  # a silent engine, a refused turn
                for e in engines:
                    e.close()
                sys.exit("arimaa-sharp-regret: game %d turn %s: %s" % (number, label, exc))
            out.write("%d %s %d %d %d %s | %s | %s\n" % (number, label, base, score, score - base,
                                                       mine, own, text))
            out.flush()
            spent = time.time() - begun
            print("%d/%d positions, %.0f s spent, about %.0f s left" % (
                i + 1, len(starts), spent, spent / (i + 1) * (len(starts) - i - 1)),
                file=sys.stderr, flush=True)
    for e in engines:
        e.close()
    if new_reference:
        new_reference.close()


def read_results(path, starts, taken=None):
    """{(game number, turn label): (cost, the referee's score after the engine's turn, the
    engine's turn, the referee's, the start position)} from RESULTS (through gzip when the name
    ends in .gz), each line checked against @p starts; a line of a game not in @p taken (a set
    of game numbers; None: all) is passed over. Raises ValueError saying what is wrong."""
    known = {(number, label): text for number, label, text in starts}
    rows = {}
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            parts = line.rstrip("\n").split(" | ")
            head = parts[0].split(" ", 5)
            if len(parts) != 3 or len(head) != 6 or not head[0].isdigit() or \
                    not all(re.fullmatch(r"-?\d+", v) for v in head[2:5]):
                raise ValueError("%s line %d: not '<game> <turn> <score> <score> <cost> <turn> | "
                                 "<turn> | <position>'" % (path, n))
            number, label = int(head[0]), head[1]
            if taken is not None and number not in taken:
                continue
            if known.get((number, label)) != parts[2]:
                raise ValueError("%s line %d: game %d turn %s is not a turn start of the records "
                                 "with that position" % (path, n, number, label))
            if int(head[3]) - int(head[2]) != int(head[4]):
                raise ValueError("%s line %d: the cost is not the difference of the scores"
                                 % (path, n))
            rows[(number, label)] = (int(head[4]), int(head[3]), head[5], parts[1], parts[2])
    return rows


def thin_home_trap(captures, text, gold):
    """Whether a home trap of the side (Gold when @p gold) in @p text is thin: an enemy piece near
    outranks or ties the side's strongest there and fewer than two of the side's pieces guard it
    (scripts/arimaa-captures.py's trap_state())."""
    board = list(text.split("[", 1)[1][:64])
    for trap in ("c3", "f3") if gold else ("c6", "f6"):
        state, guards = captures.trap_state(board, trap, gold)
        if state in ("outranked", "tied") and guards < 2:
            return True
    return False


def report_trap_split(args, rows, oracle):
    """Prints the mean cost of the turns after which a home trap of BOT's is thin where after the
    referee's turn none is, and of the rest."""
    captures = oracle.sibling("arimaa-captures")
    game, lc = args.game, args.lc
    split = ([], [])
    for (number, _), (cost, _, mine, theirs, start) in sorted(rows.items()):
        gold = start[0] == "g"
        thinned = thin_home_trap(captures, after(game, lc, start, mine), gold) and \
            not thin_home_trap(captures, after(game, lc, start, theirs), gold)
        split[0 if thinned else 1].append((cost, number))
    for part, name in zip(split, ("turns that leave a home trap thin where the referee's turn "
                                  "leaves none", "the other turns")):
        if part:
            print("  %s: %d, mean cost %.0f%s" % (
                name, len(part), sum(c for c, _ in part) / len(part),
                oracle.resampled(part, args.boot)))


def turn_shape(args, start, turn):
    """(whether @p turn moves the mover's elephant, whether it moves a rabbit of the mover's, the
    enemy pieces it takes, the mover's own pieces it loses) at @p start; the pieces counted on
    the boards before and after it, as the library plays it."""
    gold = start[0] == "g"
    moved = {token[0] for token in turn.split() if token[0].isupper() == gold and
             not token.endswith("x")}
    own0, enemy0 = args.playout.pieces(start, gold)
    own1, enemy1 = args.playout.pieces(after(args.game, args.lc, start, turn), gold)
    return ("E" if gold else "e") in moved, ("R" if gold else "r") in moved, \
        enemy0 - enemy1, own0 - own1


def report_moves(args, rows):
    """Prints what the engine's turns and the referee's do, over all the turns and over the
    costliest quarter of them."""
    ranked = sorted(rows.values(), key=lambda row: row[0])
    total = sum(row[0] for row in ranked)
    top = ranked[len(ranked) * 3 // 4:]
    print("  the costliest quarter of the turns: %d, mean cost %.0f, %.0f %% of the whole cost" % (
        len(top), sum(row[0] for row in top) / max(len(top), 1),
        100.0 * sum(row[0] for row in top) / total if total else 0.0))
    print("  %-22s %-8s %9s %8s %12s %11s" % ("turns", "by", "elephant", "rabbits",
                                              "pieces taken", "pieces lost"))
    for name, part in (("all", ranked), ("the costliest quarter", top)):
        for who, column in (("engine", 2), ("referee", 3)):
            shapes = [turn_shape(args, row[4], row[column]) for row in part]
            n = max(len(shapes), 1)
            print("  %-22s %-8s %8.1f%% %7.1f%% %12.2f %11.2f" % (
                name, who, 100.0 * sum(s[0] for s in shapes) / n,
                100.0 * sum(s[1] for s in shapes) / n, sum(s[2] for s in shapes) / n,
                sum(s[3] for s in shapes) / n))


def report(args, rows, oracle):
    """Prints the mean cost, its median and share at 0 or below, by band, and the paired
    comparison."""
    costs = [(row[0], number) for (number, _), row in sorted(rows.items())]
    if not costs:
        print("No position of %s's in the results." % args.bot)
        return
    values = sorted(c for c, _ in costs)
    print("The referee's cost of %s's turns, %d positions in %d games: mean %.0f%s" % (
        args.bot, len(costs), len({g for _, g in costs}), sum(values) / len(values),
        oracle.resampled(costs, args.boot)))
    middle = len(values) // 2
    median = values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2
    print("  median %.0f; no worse than the referee's own turn at %.1f %% of them" % (
        median, 100.0 * sum(v <= 0 for v in values) / len(values)))
    for lo, hi in BANDS:
        band = [row[0] for (_, label), row in rows.items() if lo <= int(label[:-1]) <= hi]
        if band:
            print("  turns %3d-%-7s %4d positions, mean cost %6.0f" % (
                lo, hi if hi < 10**6 else "", len(band), sum(band) / len(band)))
    if args.trap_split:
        report_trap_split(args, rows, oracle)
    if args.moves:
        report_moves(args, rows)
    if args.compare_rows is not None:
        both = sorted(set(rows) & set(args.compare_rows))
        if not both:
            print("No position in common with %s." % args.compare)
            return
        # The scores after the two engines' turns, not the costs: the referee's own part (its
        # turn's score, which a second run may have found again a little differently) cancels.
        diffs = [(rows[k][1] - args.compare_rows[k][1], k[0]) for k in both]
        print("Against %s, on the %d positions both have: mean difference %.0f%s "
              "(this run less that one; below 0: this one's turns cost less)" % (
                  args.compare, len(both), sum(d for d, _ in diffs) / len(diffs),
                  oracle.resampled(diffs, args.boot)))


def chosen_starts(drift, lc, games, replays, bot, turns, taken=None):
    """[(game number, turn label, position text)] of BOT's turn starts numbered in @p turns,
    each position once (the first game that reaches it), in the games numbered in @p taken (a
    set; None: all). A game keeps its number in the whole of the records, so that a run on some
    of the games reads and compares with a run on all of them."""
    seen, starts = set(), []
    for number, turn, text in drift.turn_starts(games, replays, bot, lc):
        if taken is not None and number not in taken:
            continue
        if turn in turns and text not in seen:
            seen.add(text)
            starts.append((number, "%d%s" % (turn, text[0]), text))
    return starts


def main():
    ap = argparse.ArgumentParser(
        description="A referee's cost of one bot's turns at its turn starts in match records: "
        "an engine's turn against the referee's own, scored by the referee's search (measurement "
        "only; outside engines stay outside the project)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py")
    ap.add_argument("--bot", required=True, help="the bot whose turn starts are taken")
    ap.add_argument("--results", required=True,
                    help="the results file: written with --engine, read otherwise")
    ap.add_argument("--engine", metavar="COMMAND",
                    help="the AEI engine under test, e.g. this project's 'boardai-arimaa --aei "
                    "--params ...'")
    ap.add_argument("--engine-depth", type=int, default=0,
                    help="the engine's depth in steps (0, the default: not set)")
    ap.add_argument("--engine-option", action="append", default=[], metavar="NAME=VALUE",
                    help="with --engine: an AEI option of that engine, sent by setoption after "
                    "--engine-depth (e.g. time=10 for ten seconds a turn in this project's); "
                    "repeatable")
    ap.add_argument("--referee", metavar="COMMAND",
                    help="with --engine: the referee, an AEI engine that reports a score (e.g. "
                    "'SHARP_BINARY aei'); its depth is --depth")
    ap.add_argument("--reference", metavar="FILE",
                    help="with --engine: the referee's turns and scores, read when FILE exists "
                    "and added to (written when it does not)")
    ap.add_argument("--turns", default="10-18", metavar="LIST",
                    help="BOT's turn numbers, e.g. 10-18 or 4,10,15- (default 10-18)")
    ap.add_argument("--compare", metavar="OTHER",
                    help="a results file of another setting on the same records: the paired "
                    "difference")
    ap.add_argument("--trap-split", action="store_true",
                    help="also the mean cost of the turns that leave a home trap of BOT's thin "
                    "(scripts/arimaa-captures.py --trap-states: outranked or tied, fewer than two "
                    "guards) where the referee's turn leaves none, and of the rest")
    ap.add_argument("--moves", action="store_true",
                    help="also what the engine's turns and the referee's do (the share that move "
                    "the elephant, a rabbit; the pieces taken and lost a turn), over all the "
                    "turns and over the costliest quarter, and that quarter's share of the cost")
    ap.add_argument("--clip", type=int, default=10000,
                    help="scores are cut to +-CLIP (default 10000, ten rabbits in Sharp's units)")
    oracle = load("arimaa-sharp-oracle")
    oracle.add_run_args(ap, "replays and plays the turns", depth=4)
    args = ap.parse_args()
    try:
        turns = parse_turns(args.turns)
    except ValueError as exc:
        ap.error("--turns: %s" % exc)
    if min(turns) < 2 or args.depth < 0 or args.engine_depth < 0 or args.boot < 0 \
            or args.games < 0 or args.clip < 1:
        ap.error("--turns from 2 (turn 1 is the setup), --depth, --engine-depth, --boot and "
                 "--games not negative, --clip at least 1")
    if bool(args.engine) != bool(args.referee):
        ap.error("--engine and --referee go together (the engine's turns need the referee's "
                 "scores)")
    if args.reference and not args.engine:
        ap.error("--reference keeps the referee's part of a run; --engine is missing")
    args.playout = load("arimaa-sharp-playout")
    if args.engine_option and not args.engine:
        ap.error("--engine-option sets an option of --engine, which is missing")
    args.engine_option = args.playout.parse_options(ap, "--engine-option", args.engine_option)
    args.playout.check_commands(ap, (("--engine", args.engine), ("--referee", args.referee)))
    for name, path in (("results", None if args.engine else args.results),
                       ("--compare", args.compare)):
        if path and not os.path.isfile(path):
            ap.error("%s: no such %s file" % (path, name))
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    lc, drift = oracle.sibling("arimaa-loss-check"), oracle.sibling("arimaa-sharp-drift")
    game = boardai.Game("arimaa")
    # every game read, so that a game's number is the records'
    games, replays = oracle.games_replayed(args, game, boardai, lc, "arimaa-sharp-regret", 0)
    taken = {k for k, g in enumerate(games) if g[1] <= args.games} if args.games else None
    starts = chosen_starts(drift, lc, games, replays, args.bot, turns, taken)
    if not starts:
        sys.exit("arimaa-sharp-regret: %s has no turn start numbered %s" % (args.bot, args.turns))
    args.game, args.lc = game, lc
    if args.engine:
        run(args, starts, oracle)
    all_starts = chosen_starts(drift, lc, games, replays, args.bot, parse_turns("2-"), taken)
    try:
        rows = read_results(args.results, all_starts, taken)
        args.compare_rows = read_results(args.compare, all_starts, taken) if args.compare \
            else None
    except (OSError, ValueError) as exc:
        sys.exit("arimaa-sharp-regret: %s" % exc)
    report(args, {k: v for k, v in rows.items() if int(k[1][:-1]) in turns}, oracle)


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
