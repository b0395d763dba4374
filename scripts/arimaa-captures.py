#!/usr/bin/env python3
"""Where are the pieces lost? The captures of Arimaa game records, by trap and by side.

Every game of the records that BOT played is replayed step by step: each step token moves its
piece, and after each step a piece standing on a trap with no friend beside it is taken, as the
rules say. The board so kept is checked against the library's (the Python binding, on the build
given) after every turn, so a record the rules and this count disagree on stops the run; and
where a record notes a capture ("rf6x", as bot_Sharp's turns do), the count must have made that
very capture in that turn.

A capture is counted for the side whose piece is taken, at the trap it was taken on: one of its
own home traps (c3 and f3 for Gold, c6 and f6 for Silver) or one of the enemy's. A play-out's
record (scripts/arimaa-sharp-playout.py --records-out, whose Event tag names the turn it starts
from) is counted from that turn on; other records from their first turn after the setups, or
from --from-turn.

Output: for BOT's side and for the other side, the pieces taken at its own home traps and at the
enemy's, by type, and the mean a game; with --list, every capture (game, turn, piece, trap).

With --trap-states, also the state of BOT's two home traps at each of the other side's turn
starts, and BOT's pieces taken on each in that turn: whether an unfrozen enemy piece within two
squares of the trap outranks BOT's strongest piece there ("outranked"), only equals it ("tied"),
or neither ("held"), or BOT has no piece there; and whether BOT has two guards beside the trap
or fewer. (A piece on a trap is taken when no friend stands beside it, so with two guards the
attacker must move both first; an outranked or tied trap is where it can push and pull. These
are the states the evaluation's home_guard_points and home_guard_tied_pct charge.)

With --chances, also each side's chances to take: at each of its turn starts counted, whether
its evaluation (the library's `explain`, the capture_threat line) credits the side to move with
a capture this turn, and whether the turn then took an enemy piece; and the turns that took one
with no capture credited (a capture the detector of one turn does not see).

With --escapes, also at the first turn of BOT's in each game (of those counted) after which the
other side is credited with a capture (as --chances credits it): how many of BOT's legal turns
from that turn start would have left it none, and how many of those lose no piece of BOT's in the
turn itself. No escape means the capture was prepared before that turn; many mean the turn
played chose to leave it. (Slow: every legal turn is played and evaluated, up to a few tens of
thousands a position, a few minutes.)

Measurement only (the test suite checks it on the play-outs kept in bench/data).

Usage: scripts/arimaa-captures.py RECORDS... --bot NAME [--from-turn N] [--list] [--trap-states]
                                  [--chances] [--escapes] [--build DIR]
"""
import argparse
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = "abcdefgh"
TRAPS = ("c3", "f3", "c6", "f6")
STEP = {"n": -8, "s": 8, "e": 1, "w": -1}  # on the text's squares: rank 8 first, file a first
TYPES = "EMHDCR"
STRENGTH = "rcdhme"  # the types from the weakest up
# The trap states of --trap-states, in the order printed.
STATES = [("outranked", False), ("outranked", True), ("tied", False), ("tied", True),
          ("held", False), ("held", True), ("none", None)]


def square(name):
    """The index of square @p name (e.g. 'c6') in a position text's 64 squares."""
    return (8 - int(name[1])) * 8 + FILES.index(name[0])


def beside(index):
    """The indices of the squares beside square @p index."""
    rank, file = divmod(index, 8)
    return [r * 8 + f for r, f in ((rank - 1, file), (rank + 1, file), (rank, file - 1),
                                   (rank, file + 1)) if 0 <= r < 8 and 0 <= f < 8]


def frozen(board, index):
    """True when the piece on square @p index has no friend beside it and a stronger enemy
    piece beside it."""
    piece = board[index]
    around = [board[b] for b in beside(index) if board[b] != "."]
    if any(p.isupper() == piece.isupper() for p in around):
        return False
    mine = STRENGTH.index(piece.lower())
    return any(STRENGTH.index(p.lower()) > mine for p in around)


def trap_state(board, trap, gold):
    """(state, guards) of @p trap for the side (Gold when @p gold) on @p board: the state is
    'outranked' when an unfrozen enemy piece within two squares of the trap is stronger than
    every piece of the side's there, 'tied' when the strongest such enemy piece only equals the
    side's strongest, 'held' otherwise, and 'none' (guards None) when the side has no piece
    there; guards are the side's pieces beside the trap."""
    ring = beside(square(trap))
    area = set(ring) | {b for r in ring for b in beside(r)}  # the trap itself among them

    def mine(piece):
        return piece != "." and piece.isupper() == gold
    ours = [STRENGTH.index(board[i].lower()) for i in area if mine(board[i])]
    if not ours:
        return "none", None
    theirs = [STRENGTH.index(board[i].lower()) for i in area
              if board[i] != "." and not mine(board[i]) and not frozen(board, i)]
    top, enemy_top = max(ours), max(theirs, default=-1)
    state = "outranked" if enemy_top > top else "tied" if enemy_top == top else "held"
    return state, sum(mine(board[b]) for b in ring)


def play_steps(board, tokens):
    """Plays a turn's step tokens on @p board (a list of 64 squares, changed in place); returns
    [(piece, trap)] of the pieces taken, in order. Raises ValueError on a step that the board
    does not allow (no such piece there, or a square taken)."""
    taken = []
    for token in tokens:
        if token.endswith("x"):
            continue
        match = re.match(r"([RCDHMErcdhme])([a-h][1-8])([nsew])$", token)
        if not match:
            raise ValueError("step %r is not a piece, a square and a direction" % token)
        piece, origin, way = match.groups()
        at = square(origin)
        rank, file = divmod(at, 8)
        if (way == "e" and file == 7) or (way == "w" and file == 0) or \
                (way == "n" and rank == 0) or (way == "s" and rank == 7):
            raise ValueError("step %r leaves the board" % token)
        to = at + STEP[way]
        if board[at] != piece or board[to] != ".":
            raise ValueError("step %r: %s holds %r and the square it goes to %r"
                             % (token, origin, board[at], board[to]))
        board[at], board[to] = ".", piece
        for trap in TRAPS:
            t = square(trap)
            held = board[t]
            if held != "." and not any(board[b] != "." and board[b].isupper() == held.isupper()
                                       for b in beside(t)):
                board[t] = "."
                taken.append((held, trap))
    return taken


def noted(tokens):
    """[(piece, trap)] of the captures a turn's tokens note ('rf6x')."""
    return [(t[0], t[1:3]) for t in tokens if re.match(r"[RCDHMErcdhme][a-h][1-8]x$", t)]


def home(piece, trap):
    """True when @p trap is one of the home traps of @p piece's side."""
    return trap[1] == ("3" if piece.isupper() else "6")


def start_turn(lc, tags, first):
    """The label of the first turn counted: a play-out's start, else turn @p first of Gold."""
    return lc.playout_start(tags) or "%dg" % first


def order(label):
    """A turn label's place in the game: 12g before 12s before 13g."""
    return int(label[:-1]), label[-1] in "sb"


def pieces(text, gold):
    """The pieces of Gold's (or Silver's) in a position text."""
    return sum(1 for c in text.split("[", 1)[1][:64] if c.isalpha() and c.isupper() == gold)


def credited(lc, pos):
    """True when the evaluation credits the side to move of @p pos with a capture this turn."""
    return (lc.threat_of_side_to_move(pos) or 0) > 0


def count_escapes(lc, pos):
    """(legal turns, escapes, escapes that lose no piece) of the side to move of @p pos: an
    escape is a turn after which the other side is credited with no capture (or that wins)."""
    gold = pos.text.startswith("g")
    mine = pieces(pos.text, gold)
    turns = safe = kept = 0
    for move in pos.moves():
        after = pos.copy()
        after.play(move)
        turns += 1
        if after.winner == (0 if gold else 1) or (after.winner is None and
                                                  not credited(lc, after)):
            safe += 1
            kept += pieces(after.text, gold) == mine
        after.close()
    return turns, safe, kept


def count_game(game, lc, tags, turns, first, states_gold=None, chances=None, escapes_gold=None):
    """([(turn label, piece, trap)] of the captures of one game from its turn start_turn() on,
    [(turn label, trap, state, guards, pieces taken)], [escapes]): with @p states_gold (True:
    Gold's, False: Silver's) the second has the state of that side's home traps (trap_state())
    at each of the other side's turn starts and that side's pieces taken on each in the turn;
    else it is empty.
    With @p chances (a list), appends (mover is Gold, capture credited, enemy pieces taken) for
    each turn counted. With @p escapes_gold (True: Gold's, False: Silver's), the third is
    [(turn label, legal turns, escapes, escapes losing no piece)] (count_escapes()) at that
    side's first turn counted after which the other side is credited with a capture, or empty.
    Raises ValueError where the board kept here and the library's part."""
    pos = game.position(lc.setup_board(turns))
    board = list(pos.text.split("[", 1)[1][:64])
    begin = order(start_turn(lc, tags, first))
    found, states, escapes = [], [], []
    for line in turns[2:]:
        label, *tokens = line.split()
        played = lc.steps_played(tokens)
        if not played or pos.winner is not None:
            break
        offered = None
        if chances is not None and order(label) >= begin:
            offered = credited(lc, pos)
        before = None
        if escapes_gold is not None and not escapes and order(label) >= begin and \
                (label[-1] in "gw") == escapes_gold:
            before = pos.copy()
        watched = []
        if states_gold is not None and order(label) >= begin and \
                (label[-1] in "gw") != states_gold:
            homes = ("c3", "f3") if states_gold else ("c6", "f6")
            watched = [(trap,) + trap_state(board, trap, states_gold) for trap in homes]
        try:
            taken = play_steps(board, tokens)
        except ValueError as exc:
            raise ValueError("turn %s: %s" % (label, exc)) from exc
        for trap, state, guards in watched:
            lost = sum(1 for piece, where in taken
                       if where == trap and piece.isupper() == states_gold)
            states.append((label, trap, state, guards, lost))
        pos.play(played)
        if "".join(board) != pos.text.split("[", 1)[1][:64]:
            raise ValueError("turn %s: the board kept here is not the library's" % label)
        if before is not None:
            if pos.winner is None and credited(lc, pos):
                escapes.append((label,) + count_escapes(lc, before))
            before.close()
        notes = noted(tokens)
        if notes and sorted(notes) != sorted(taken):
            raise ValueError("turn %s notes the captures %s, the steps make %s"
                             % (label, notes, taken))
        if order(label) >= begin:
            found.extend((label, piece, trap) for piece, trap in taken)
        if offered is not None:
            gold = label[-1] in "gw"
            chances.append((gold, offered, sum(1 for piece, _ in taken
                                               if piece.isupper() != gold)))
    return found, states, escapes


def report_states(bot, states):
    """Prints the --trap-states table from [(state, guards, pieces taken)]."""
    print("%s's home traps at the other side's turn starts (%d trap-turns), and %s's pieces "
          "taken on them in that turn:" % (bot, len(states), bot))
    print("  %-28s %10s %7s %6s %12s" % ("state", "trap-turns", "share", "taken",
                                         "a trap-turn"))
    for state, two in STATES:
        rows = [lost for s, guards, lost in states
                if s == state and (guards is None or (guards >= 2) == two)]
        name = "no piece of %s's near" % bot if state == "none" else \
            "%s, %s guards" % (state, "2 or more" if two else "0 or 1")
        print("  %-28s %10d %6.1f%% %6d %12s"
              % (name, len(rows), 100.0 * len(rows) / max(len(states), 1), sum(rows),
                 "%.3f" % (sum(rows) / len(rows)) if rows else "-"))


def report_chances(bot, rows):
    """Prints the --chances lines from [(BOT moved, capture credited, enemy pieces taken)]."""
    for mine, whose in ((True, bot), (False, "the other side")):
        turns = [(credited, took) for moved, credited, took in rows if moved == mine]
        chances = [took for credited, took in turns if credited]
        unseen = [took for credited, took in turns if not credited and took]
        print("%s's chances to take: %d turn starts, a capture credited at %d (%.1f%%), taken "
              "in %d of those (%.1f%%); %d turns took a piece with none credited"
              % (whose, len(turns), len(chances), 100.0 * len(chances) / max(len(turns), 1),
                 sum(1 for took in chances if took),
                 100.0 * sum(1 for took in chances if took) / max(len(chances), 1), len(unseen)))


def report_escapes(bot, rows):
    """Prints the --escapes summary from [(legal turns, escapes, escapes losing no piece)]."""
    none = sum(1 for _, safe, _ in rows if safe == 0)
    few = sum(1 for turns, safe, _ in rows if 0 < safe < turns / 100)
    print("%s's first turn leaving the other side a capture: %d games; no escape in %d, escapes "
          "in fewer than 1%% of the turns in %d, more in %d"
          % (bot, len(rows), none, few, len(rows) - none - few))


def main():
    ap = argparse.ArgumentParser(
        description="The captures of Arimaa game records by trap and by side (measurement only)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py "
                    "or of scripts/arimaa-sharp-playout.py --records-out")
    ap.add_argument("--bot", required=True, help="the bot whose games are counted")
    ap.add_argument("--from-turn", type=int, default=2,
                    help="count from this turn of records that are not play-outs (default 2)")
    ap.add_argument("--list", action="store_true", help="also print every capture")
    ap.add_argument("--trap-states", action="store_true",
                    help="also the state of BOT's home traps at the other side's turn starts, "
                    "and BOT's pieces taken on them in that turn")
    ap.add_argument("--chances", action="store_true",
                    help="also each side's turn starts with a capture credited by the "
                    "evaluation, and how many of those turns took a piece")
    ap.add_argument("--escapes", action="store_true",
                    help="also, at BOT's first turn in each game after which the other side is "
                    "credited with a capture, how many of its legal turns would have left none "
                    "(slow)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library replays the records (default build)")
    args = ap.parse_args()
    if args.from_turn < 2:
        ap.error("--from-turn counts from turn 2 (turn 1 is the setup)")
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    import importlib.util  # pylint: disable=import-outside-toplevel
    spec = importlib.util.spec_from_file_location(
        "loss_check", os.path.join(ROOT, "scripts", "arimaa-loss-check.py"))
    lc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lc)
    game = boardai.Game("arimaa")
    counts = {}
    games = 0
    all_states = []
    all_chances = []
    all_escapes = []
    try:
        loaded = lc.read_all(args.records)
    except OSError as exc:
        sys.exit("arimaa-captures: %s" % exc)
    total = sum(1 for _, records in loaded for tags, _ in records
                if args.bot in (tags.get("White"), tags.get("Black")))
    begun = time.time()
    for path, records in loaded:
        for n, (tags, turns) in enumerate(records, 1):
            if args.bot not in (tags.get("White"), tags.get("Black")):
                continue
            bot_gold = tags.get("White") == args.bot
            chances = [] if args.chances else None
            try:
                found, states, escapes = count_game(
                    game, lc, tags, turns, args.from_turn,
                    bot_gold if args.trap_states else None, chances,
                    bot_gold if args.escapes else None)
            except (ValueError, boardai.BoardAIError) as exc:
                sys.exit("arimaa-captures: %s game %d: %s" % (path, n, exc))
            games += 1
            all_states.extend(row[2:] for row in states)
            all_chances.extend((gold == bot_gold, offered, took)
                               for gold, offered, took in chances or [])
            if args.escapes:  # the slow count: progress and the time left on standard error
                spent = time.time() - begun
                print("arimaa-captures: %d/%d games, %.0f s spent, about %.0f s left"
                      % (games, total, spent, spent / games * (total - games)),
                      file=sys.stderr, flush=True)
            for label, turns_legal, safe, kept in escapes:
                all_escapes.append((turns_legal, safe, kept))
                print("%s game %d turn %s: %d of %d turns leave no capture credited (%d of them "
                      "lose no piece)" % (os.path.basename(path), n, label, safe, turns_legal,
                                          kept), flush=True)
            for label, piece, trap in found:
                side = "BOT" if piece.isupper() == bot_gold else "other"
                where = "own" if home(piece, trap) else "enemy's"
                key = (side, where)
                counts.setdefault(key, []).append(piece.upper())
                if args.list:
                    print("%s game %d turn %s: %s taken on %s (%s home trap)"
                          % (os.path.basename(path), n, label, piece, trap,
                             "its own" if where == "own" else "the enemy's"))
    if not games:
        sys.exit("arimaa-captures: no game of %s in the records" % args.bot)
    print("Pieces taken in %d games of %s:" % (games, args.bot))
    for side, whose in (("BOT", "%s's pieces" % args.bot), ("other", "the other side's")):
        for where in ("own", "enemy's"):
            taken = counts.get((side, where), [])
            kinds = " ".join("%s %d" % (t, taken.count(t)) for t in TYPES if t in taken)
            print("%s, at %s home traps: %d (%.2f a game)%s"
                  % (whose, "its own" if where == "own" else "the enemy's", len(taken),
                     len(taken) / games, "; " + kinds if kinds else ""))
    if args.trap_states:
        report_states(args.bot, all_states)
    if args.chances:
        report_chances(args.bot, all_chances)
    if args.escapes:
        report_escapes(args.bot, all_escapes)


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
