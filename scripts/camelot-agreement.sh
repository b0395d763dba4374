#!/bin/bash
# Master-move agreement for Camelot (issue 14 §4): in every position of the published master
# games in tests/camelot/data/wcf-*.txt, does the engine choose the move the master played?
# A measure of playing quality that is independent of self-play. Not part of scripts/test.sh.
#
#   scripts/camelot-agreement.sh [options]
#     --program PATH   a boardai-camelot to measure (repeatable: each is measured on the same
#                      positions; default the build folder's). Spoken to through the common text
#                      protocol (`position startpos moves ...`, `go movetime MS`), so an earlier
#                      build can be measured too (scripts/strength-prev.sh builds one).
#     --movetime MS    time per position (default 1000)
#     --games "F..."   the game records (default tests/camelot/data/wcf-*.txt)
#     --check          only check that every master move is legal for the program, then stop;
#                      fast, used by the tests
# A choice agrees when it leads to the same position as the master's move (compared by the
# position text of `show`): a jump chain can be written in more than one order.
# Prints, per program, the share of master moves it would play with its 95% (Wilson) interval,
# per game and in all, and progress with time left on stderr.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
PROGRAMS=()
MOVETIME=1000
GAMES=""
CHECK=0
while [ $# -gt 0 ]; do
    case "$1" in
    --program) PROGRAMS+=("$2"); shift 2 ;;
    --movetime) MOVETIME=$2; shift 2 ;;
    --games) GAMES=$2; shift 2 ;;
    --check) CHECK=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "camelot-agreement.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
[ ${#PROGRAMS[@]} -gt 0 ] || PROGRAMS=("$ROOT/build/examples/boardai-camelot")
[ -n "$GAMES" ] || GAMES=$(ls "$ROOT"/tests/camelot/data/wcf-*.txt)
for p in "${PROGRAMS[@]}"; do
    [ -x "$p" ] || { echo "camelot-agreement.sh: no program '$p' (build first)" >&2; exit 1; }
done
exec python3 - "$MOVETIME" "$CHECK" "$GAMES" "${PROGRAMS[@]}" <<'PY'
import math, re, subprocess, sys, time

movetime, check, games, programs = int(sys.argv[1]), sys.argv[2] == "1", sys.argv[3].split(), sys.argv[4:]

def record_moves(path):
    """The moves of a WCF-style record: without [tags], (comments), move numbers, results."""
    text = open(path).read()
    text = re.sub(r"\[[^\]]*\]", " ", text)
    text = re.sub(r"\([^)]*\)", " ", text)
    moves = []
    for tok in text.split():
        tok = re.sub(r"^\d+\.+", "", tok)
        if not tok or tok in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        moves.append(tok.rstrip("!?"))
    return moves

class Program:
    def __init__(self, path):
        self.p = subprocess.Popen([path, "--protocol"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
    def ask(self, line, until):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        # Read up to the answer's last line even after an error line, so that the next question
        # does not read this one's leftovers; an error line then stands for the whole answer.
        out, error = [], None
        while True:
            l = self.p.stdout.readline()
            if not l:
                sys.exit("camelot-agreement.sh: the program ended while answering '%s'" % line)
            l = l.rstrip("\n")
            if l.startswith("error") and error is None:
                error = l
            out.append(l)
            if until(l):
                return [error] if error else out
    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        self.p.wait(timeout=10)

def wilson(k, n):
    if n == 0:
        return (0.0, 0.0)
    z, p = 1.96, k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)

records = [(g, record_moves(g)) for g in games]
total_positions = sum(len(m) for _, m in records)
failed = 0
for path in programs:
    prog = Program(path)
    agree_all = n_all = 0
    start = time.time()
    print("program: %s   movetime %d ms" % (path, movetime))
    for g, moves in records:
        agree = 0
        for k, master in enumerate(moves):
            pos = "position startpos" + (" moves " + " ".join(moves[:k]) if k else "")
            after_master = prog.ask(pos + (" moves " if k == 0 else " ") + master + "\nshow",
                                    lambda l: l.startswith("position "))[-1]
            if check:
                if not after_master.startswith("position "):
                    print("%s: ply %d: '%s' is refused: %s" % (g, k + 1, master, after_master))
                    failed += 1
                continue
            ans = prog.ask(pos + "\ngo movetime %d" % movetime, lambda l: l.startswith("bestmove "))
            if ans[-1].startswith("error"):
                sys.exit("camelot-agreement.sh: %s at ply %d: %s" % (g, k + 1, ans[-1]))
            best = ans[-1].split()[1]
            after_best = prog.ask(pos + (" moves " if k == 0 else " ") + best + "\nshow",
                                  lambda l: l.startswith("position "))[-1]
            agree += after_best == after_master
            n_all += 1
            done = n_all / total_positions
            left = (time.time() - start) / done * (1 - done)
            sys.stderr.write("\r%d/%d positions, %.0f s left   " % (n_all, total_positions, left))
        if not check:
            agree_all += agree
            lo, hi = wilson(agree, len(moves))
            print("  %-40s %3d of %3d  %5.1f%%  [%.1f, %.1f]" % (g.split("/")[-1], agree, len(moves),
                  100.0 * agree / len(moves), 100 * lo, 100 * hi))
    prog.close()
    if check:
        print("  %d master moves checked, %d refused" % (total_positions, failed))
    else:
        sys.stderr.write("\n")
        lo, hi = wilson(agree_all, n_all)
        print("  all: %d of %d master moves  %.1f%%  95%% interval [%.1f, %.1f]" %
              (agree_all, n_all, 100.0 * agree_all / n_all, 100 * lo, 100 * hi))
sys.exit(1 if failed else 0)
PY
