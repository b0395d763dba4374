#!/usr/bin/env python3
"""From which turn was a lost game lost? Play-outs of a bot's positions by one engine on both
sides.

The static view of scripts/arimaa-sharp-drift.py says how bot_Sharp's evaluation rates a bot's
positions; this script asks its search. Every game of the records that BOT played (with a
result) is replayed through the library (the Python binding, on the build given), and at BOT's
turn starts of the numbers given (--turns) the position is played to the end by one AEI engine on
both sides (--engine, e.g. Sharp at a fixed depth: an outside engine, fetched and built outside
this repository, measurement only). If the engine wins about half the play-outs for BOT's side
at a turn, BOT's position was still even then in the engine's hands; where that share falls, the
game was lost. Setups and the turns before are BOT's and its opponent's own moves; the play-out
is the engine's alone, the same on both sides. With --bot-engine, that engine plays BOT's side
and --engine the other: a screen of a change to BOT from its games' positions (from turn 10, say,
where the games against Sharp were still even), at the opponent's own strength.

The engine starts each play-out with `newgame` and `setposition`, then plays both sides by `go`
and `makemove` (every engine is sent every turn), so it knows the play-out's history. A position
with Silver to move is given mirrored (ranks turned over, colours swapped, as
scripts/arimaa-sharp-oracle.py does for Sharp, which sets up every position with Gold to move),
and the engine plays the whole play-out mirrored, its turns mirrored back for the library. The
library referees: it plays each turn and ends the play-out at a goal, an elimination or a side
without a move; a turn it refuses stops the run with the library's message. A play-out that has
not ended after --max-turns turns is unfinished and left out of the shares.

Output (written to RESULTS a line a play-out as each ends, so an interrupted run keeps them):
  <game> <turn label> <BOT's result: 1 won, 0 lost, - unfinished> <turns played> <start> | <end>
where start and end are the texts of the play-out's first and last positions. With
--records-out FILE, every play-out is also written to FILE as a game record of the records' kind
(the game's own turns up to the start, then the play-out's, never mirrored, with its result;
"*" when unfinished), so that this script and the others read it: played out again turn by turn,
such a record says which turn of the play-out lost it.
The report (always; from RESULTS alone when --engine is not given, so it can be rerun, for any
turns of --turns; a RESULTS name ending in .gz is read through gzip) prints, for each turn
number, the play-outs, BOT's share of the finished ones with a 95 % interval from
resampling whole games, and the mean length; then how the finished ones ended, read from their
last positions (BOT's wins and losses by goal, elimination or no move), and the mean pieces of
each side at their starts and ends. Progress and the time left go to standard error.

Usage: scripts/arimaa-sharp-playout.py RECORDS... --bot NAME --results RESULTS
           [--engine "COMMAND" [--depth D] [--bot-engine "COMMAND" [--bot-depth D]
           [--bot-option NAME=VALUE]...]] [--records-out FILE] [--turns LIST]
           [--playouts N] [--max-turns T]
           [--build DIR] [--games N] [--boot N] [--move-timeout S]
"""
import argparse
import gzip
import os
import queue
import shlex
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TURNS = "2,4,6,8,10,15"


def load_oracle():
    """scripts/arimaa-sharp-oracle.py as a module (its sibling() loads the other scripts)."""
    import importlib.util  # pylint: disable=import-outside-toplevel
    spec = importlib.util.spec_from_file_location(
        "arimaa_sharp_oracle", os.path.join(ROOT, "scripts", "arimaa-sharp-oracle.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class AeiEngine:
    """An AEI engine on pipes, asked for one turn of a position at a time."""

    def __init__(self, command, depth, timeout, options=()):
        self.timeout = timeout
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("aei")
        self.expect("aeiok")
        if depth:
            self.send("setoption name depth value %d" % depth)
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise RuntimeError("the engine ended (sending '%s')" % line) from None

    def expect(self, word):
        """The first line that starts with @p word; raises RuntimeError when the engine ends or
        says nothing for the timeout."""
        deadline = time.time() + self.timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.time(), 0.01))
            except queue.Empty:
                raise RuntimeError("no '%s' within %.0f s" % (word, self.timeout)) from None
            if line is None:
                raise RuntimeError("the engine ended (waiting for '%s')" % word)
            if line.split(" ", 1)[0] == word:
                return line

    def start(self, text, mirror_board):
        """A new game from the position @p text: Gold's given as it is, Silver's mirrored (the
        engine then plays the whole play-out mirrored). Returns whether it is mirrored."""
        flip = text.startswith("s")
        given = mirror_board(text) if flip else text
        squares = given.split(" ", 1)[1].strip().replace(".", " ")  # ' ' is AEI's empty square
        self.send("newgame")
        self.send("setposition g " + squares)
        self.send("isready")
        self.expect("readyok")
        return flip

    def turn(self):
        """The engine's turn in its game (not yet played there: see play())."""
        self.send("go")
        return self.expect("bestmove").split(" ", 1)[1]

    def play(self, move):
        """Plays @p move in the engine's game, so it knows the history."""
        self.send("makemove " + move)

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (RuntimeError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def parse_options(ap, flag, values):
    """[(name, value)] of AEI options given as NAME=VALUE to @p flag; ends the run through @p ap's
    error at the first that is not one line with a name without spaces."""
    bad = [o for o in values if "=" not in o or not o.split("=", 1)[0]
           or any(c.isspace() for c in o.split("=", 1)[0]) or "\n" in o or "\r" in o]
    if bad:
        ap.error("%s wants NAME=VALUE on one line (a name without spaces), not %r" % (flag, bad[0]))
    return [tuple(o.split("=", 1)) for o in values]


def check_commands(ap, commands):
    """Ends the run through @p ap's error unless each (option, command line) of @p commands whose
    command is given is a command line whose first word is an executable (this script and
    scripts/arimaa-sharp-regret.py)."""
    for option, command in commands:
        if command is None:
            continue
        try:
            words = shlex.split(command)
        except ValueError as exc:
            ap.error("%s: '%s' is not a command line (%s)" % (option, command, exc))
        if not words:
            ap.error("%s: the command line is empty" % option)
        if not os.access(words[0], os.X_OK):
            ap.error("%s: %s is not an executable" % (option, words[0]))


def play_out(engines, oracle, game, boardai, text, max_turns, turns=None):
    """(1 when the side to move of @p text wins the play-out, 0 when it loses, None when it is
    unfinished; turns played; the last position's text). @p engines: (the engine of the side to
    move of @p text, the engine of the other side), the same engine twice or two. Each turn
    played is appended to the list @p turns (when given), in the library's notation."""
    pos = game.position(text)
    side = pos.side_to_move
    distinct = [e for i, e in enumerate(engines) if e not in engines[:i]]
    flip = [e.start(text, oracle.mirror_board) for e in distinct][0]
    for played in range(max_turns + 1):
        if pos.result != boardai.Result.ONGOING:
            return (None if pos.winner is None else int(pos.winner == side)), played, pos.text
        if played == max_turns:
            break
        move = engines[played % 2].turn()
        for e in distinct:
            e.play(move)
        mine = oracle.mirror_move(move) if flip else move
        try:
            pos.play(mine)
        except boardai.BoardAIError as exc:
            raise RuntimeError("the library refuses the engine's turn '%s' (the play-out's turn "
                               "%d): %s" % (move, played + 1, exc)) from exc
        if turns is not None:
            turns.append(mine)
    return None, max_turns, pos.text


def turn_order(label, lc):
    """A turn label's place in the game: 12g before 12s before 13g."""
    return int(label[:-1]), lc.side_of(label) == "s"


def play_out_record(tags, turns, label, played, result, bot_gold, event, lc):
    """The record text of a play-out from turn @p label of the game of @p tags and @p turns
    (its turn lines), whose turns were @p played; @p result: BOT's, as in the results file (BOT
    is Gold when @p bot_gold); @p event: the record's Event tag."""
    kept = [t for t in turns if turn_order(t.split(" ", 1)[0], lc) < turn_order(label, lc)]
    number, side = int(label[:-1]), lc.side_of(label)
    for move in played:
        kept.append("%d%s %s" % (number, side, move))
        number, side = (number, "s") if side == "g" else (number + 1, "g")
    outcome = "*" if result is None else "1-0" if (result == 1) == bot_gold else "0-1"
    head = "".join('[%s "%s"]\n' % (k, v) for k, v in (
        ("White", tags.get("White", "?")), ("Black", tags.get("Black", "?")),
        ("Event", event), ("Result", outcome)))
    return head + "\n" + "\n".join(kept) + "\n\n"


def chosen_starts(drift, games, replays, bot, lc, turns=None):
    """[(game number, turn label, position text)] of BOT's turn starts numbered in @p turns (all
    when None)."""
    return [(number, "%d%s" % (turn, text[0]), text)
            for number, turn, text in drift.turn_starts(games, replays, bot, lc)
            if turns is None or turn in turns]


def play_all(args, starts, oracle, game, boardai, games, lc):
    """Plays every start --playouts times into args.results (and --records-out, for which
    @p games are bot_games()'s list of the records)."""
    started = []
    for command, depth, options in ((args.engine, args.depth, ()),
                                    (args.bot_engine, args.bot_depth, args.bot_option)):
        try:
            started.append(AeiEngine(command, depth, args.move_timeout, options)
                           if command else None)
        except RuntimeError as exc:
            sys.exit("arimaa-sharp-playout: %s: %s" % (command, exc))
    engine = started[0]
    engines = (started[1] or engine, engine)  # BOT's side first: it moves at its turn starts
    total, begun = len(starts) * args.playouts, time.time()
    records = open(args.records_out, "w", encoding="ascii") if args.records_out else None
    with open(args.results, "w", encoding="ascii") as out:
        for i, (number, label, text) in enumerate(starts):
            for _ in range(args.playouts):
                turns = []
                try:
                    result, played, last = play_out(engines, oracle, game, boardai, text,
                                                    args.max_turns, turns)
                except RuntimeError as exc:  # a silent or broken engine ends the run
                    for e in set(engines):
                        e.close()
                    sys.exit("arimaa-sharp-playout: game %d turn %s: %s" % (number, label, exc))
                out.write("%d %s %s %d %s | %s\n" % (
                    number, label, "-" if result is None else result, played, text, last))
                out.flush()
                if records:
                    path, n, tags, lines = games[number]
                    event = "play-out of game %d of %s from turn %s" % (
                        n, os.path.basename(path), label)
                    records.write(play_out_record(tags, lines, label, turns, result,
                                                  tags.get("White") == args.bot, event, lc))
                    records.flush()
            done = (i + 1) * args.playouts
            spent = time.time() - begun
            print("%d/%d play-outs, %.0f s spent, about %.0f s left" % (
                done, total, spent, spent / done * (total - done)), file=sys.stderr, flush=True)
    for e in set(engines):
        e.close()
    if records:
        records.close()


def read_results(path, starts):
    """[(game number, turn number, result or None, turns played, start text, end text)] from
    RESULTS (read through gzip when its name ends in .gz), each line checked against @p starts,
    the records' turn starts; raises ValueError saying what is wrong."""
    known = {(number, label): text for number, label, text in starts}
    rows = []
    opener = gzip.open if path.endswith(".gz") else open  # bench/data keeps them gzipped
    with opener(path, "rt", encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split(" ", 4)
            if len(fields) != 5 or fields[2] not in ("0", "1", "-") or not fields[0].isdigit() \
                    or not fields[3].isdigit() or " | " not in fields[4]:
                raise ValueError("%s line %d: not '<game> <turn> <0|1|-> <turns> <start> | <end>'"
                                 % (path, n))
            number, label = int(fields[0]), fields[1]
            start, end = fields[4].split(" | ", 1)
            if known.get((number, label)) != start:
                raise ValueError("%s line %d: game %d turn %s is not a turn start of the "
                                 "records with that position" % (path, n, number, label))
            rows.append((number, int(label[:-1]), None if fields[2] == "-" else int(fields[2]),
                         int(fields[3]), start, end))
    return rows


def pieces(text, bot_gold):
    """(BOT's side's pieces, the other side's) in the position @p text."""
    squares = text.split("[", 1)[1][:64]
    gold, silver = sum(c.isupper() for c in squares), sum(c.islower() for c in squares)
    return (gold, silver) if bot_gold else (silver, gold)


def ending(start, end, result):
    """How a finished play-out ended, read from its last position @p end: "goal" when a rabbit of
    the winner stands on the winner's goal rank (Gold's is rank 8, the first eight squares of the
    text; Silver's rank 1, the last eight), "elimination" when the loser has no rabbit left, and
    "no move" otherwise (a side that cannot move, or the repetition rule). @p result: BOT's (1
    won, 0 lost); BOT moves at @p start."""
    squares = end.split("[", 1)[1][:64]
    winner_gold = (start[0] == "g") == (result == 1)
    if ("R" in squares[:8]) if winner_gold else ("r" in squares[56:]):
        return "goal"
    if ("r" if winner_gold else "R") not in squares:
        return "elimination"
    return "no move"


def report_endings(picked):
    """The line of how BOT's finished play-outs among @p picked ended, and the pieces each side
    had at their starts and has at their ends (means)."""
    done = [r for r in picked if r[2] is not None]
    parts = []
    for result, word in ((1, "won"), (0, "lost")):
        hows = [ending(r[4], r[5], r[2]) for r in done if r[2] == result]
        counts = ", ".join("%s %d" % (how, hows.count(how))
                           for how in ("goal", "elimination", "no move") if how in hows)
        parts.append("%s %d%s" % (word, len(hows), " (%s)" % counts if counts else ""))
    first = [pieces(r[4], r[4][0] == "g") for r in done]
    last = [pieces(r[5], r[4][0] == "g") for r in done]
    mean = [sum(p[i] for p in kept) / len(done) for kept in (first, last) for i in (0, 1)]
    return ("          ends: %s; pieces, start to end: BOT's side %.1f to %.1f, the other %.1f "
            "to %.1f" % (", ".join(parts), mean[0], mean[2], mean[1], mean[3]))


def report(args, rows, turns, oracle):
    """Prints BOT's share of the play-outs for each turn number."""
    print("Play-outs of %s's turn starts (%s's share of the finished ones):" % (args.bot, args.bot))
    for turn in sorted(turns):
        picked = [r for r in rows if r[1] == turn]
        done = [(float(r[2]), r[0]) for r in picked if r[2] is not None]
        if not picked:
            print("turn %3d  none" % turn)
            continue
        share = "%5.1f %%%s" % (100 * sum(v for v, _ in done) / len(done),
                                oracle.resampled([(100 * v, g) for v, g in done], args.boot)) \
            if done else "  no finished play-out"
        print("turn %3d  %3d play-outs in %3d games, %3d unfinished  %s  mean length %.0f turns"
              % (turn, len(picked), len({r[0] for r in picked}), len(picked) - len(done), share,
                 sum(r[3] for r in picked) / len(picked)))
        if done:
            print(report_endings(picked))


def main():
    ap = argparse.ArgumentParser(
        description="Play-outs of one bot's turn starts in match records by one AEI engine on "
        "both sides: from which turn a lost game was lost (measurement only; outside engines "
        "stay outside the project)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py")
    ap.add_argument("--bot", required=True, help="the bot whose turn starts are played out")
    ap.add_argument("--results", required=True,
                    help="the results file: written with --engine, read otherwise")
    ap.add_argument("--engine", metavar="COMMAND",
                    help="play out with this AEI engine, e.g. 'SHARP_BINARY aei' (its depth: "
                    "the AEI option depth, not set when 0)")
    ap.add_argument("--bot-engine", metavar="COMMAND",
                    help="with --engine: this AEI engine plays BOT's side instead (e.g. this "
                    "project's 'boardai-arimaa --aei --params ...')")
    ap.add_argument("--bot-depth", type=int, default=0,
                    help="the --bot-engine's depth in steps (0, the default: not set)")
    ap.add_argument("--bot-option", action="append", default=[], metavar="NAME=VALUE",
                    help="with --bot-engine: an AEI option of that engine, sent by setoption "
                    "before the first play-out (e.g. selective=0 for this project's); repeatable")
    ap.add_argument("--records-out", metavar="FILE",
                    help="with --engine: also write each play-out to FILE as a game record (the "
                    "game's turns to the start, then the play-out's), for this script and the "
                    "others to read")
    ap.add_argument("--turns", default=TURNS, metavar="LIST",
                    help="BOT's turn numbers to play out from (default %s)" % TURNS)
    ap.add_argument("--playouts", type=int, default=1,
                    help="play-outs of each position (default 1; a randomised engine differs)")
    ap.add_argument("--max-turns", type=int, default=200,
                    help="turns after which a play-out is unfinished (default 200)")
    oracle = load_oracle()
    oracle.add_run_args(ap, "replays and referees", depth=4)
    args = ap.parse_args()
    try:
        turns = {int(t) for t in args.turns.split(",")}
    except ValueError:
        ap.error("--turns wants turn numbers separated by commas, not '%s'" % args.turns)
    if min(turns) < 2 or args.playouts < 1 or args.max_turns < 1 or args.depth < 0 \
            or args.bot_depth < 0 or args.boot < 0 or args.games < 0:
        ap.error("--turns from 2 (turn 1 is the setup), --playouts and --max-turns at least 1, "
                 "--depth, --bot-depth, --boot and --games not negative")
    if args.bot_engine and not args.engine:
        ap.error("--bot-engine plays one side; --engine, the other, is missing")
    if args.bot_option and not args.bot_engine:
        ap.error("--bot-option sets an option of --bot-engine, which is missing")
    if args.records_out and not args.engine:
        ap.error("--records-out writes play-outs as they are played; --engine is missing")
    args.bot_option = parse_options(ap, "--bot-option", args.bot_option)
    check_commands(ap, (("--engine", args.engine), ("--bot-engine", args.bot_engine)))
    if not args.engine and not os.path.isfile(args.results):
        ap.error("%s: no such results file (play the records out with --engine first)"
                 % args.results)
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    lc, drift = oracle.sibling("arimaa-loss-check"), oracle.sibling("arimaa-sharp-drift")
    game = boardai.Game("arimaa")
    games, replays = oracle.games_replayed(args, game, boardai, lc, "arimaa-sharp-playout")
    starts = chosen_starts(drift, games, replays, args.bot, lc, turns)
    if not starts:
        sys.exit("arimaa-sharp-playout: %s has no turn start numbered %s" % (args.bot, args.turns))
    if args.engine:
        play_all(args, starts, oracle, game, boardai, games, lc)
    try:
        rows = read_results(args.results, chosen_starts(drift, games, replays, args.bot, lc))
    except (OSError, ValueError) as exc:
        sys.exit("arimaa-sharp-playout: %s" % exc)
    report(args, rows, turns, oracle)


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
