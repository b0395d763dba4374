#!/usr/bin/env bash
# Measures boardai-arimaa's playing strength under the public AEI tools' roundrobin.py
# (measurement only; not part of scripts/test.sh):
#   1. self-play: the step search (the default) against the old whole-turn search
#      (`setoption name search value turns`), same program, same clock;
#   2. against bot_Sharp at a fixed 4-step search (`bot_depth = 4`), the first sparring level
#      (--sharp-depth N for another rung of that ladder);
#   3. optionally against bot_Sharp on the same clock (--sharp-equal), or on 1/K of it
#      (--sharp-handicap K);
#   4. with --base DIR: this build against another build of boardai-arimaa (a previous commit),
#      both searching by steps (pairing "newold");
#   5. against the AEI tools' random engine (pyrimaa.simple_engine, pairing "random"): a floor
#      every game of which should be won.
#
# Usage: scripts/strength-arimaa.sh AEI_CHECKOUT SHARP_BINARY [options]
#   AEI_CHECKOUT   a checkout of the AEI tools (the folder holding pyrimaa/), fetched and kept
#                  OUTSIDE this repository
#   SHARP_BINARY   a bot_Sharp binary built outside this repository ("-" to skip the Sharp runs)
# Options:
#   --rounds N        rounds per pairing (default 4; roundrobin alternates the colours)
#   --tc TC           the AEI time control (default 2s/6s/100/12s/80t: 2 s a turn, 6 s reserve,
#                     100 % of unused time to the reserve, reserve cap 12 s, 80 turns)
#   --build DIR       the build folder holding examples/boardai-arimaa (default build); the
#                     program loads that folder's libboardai.so, so keep one folder per commit
#   --sharp-equal     also play Sharp without a depth limit on the same clock
#   --sharp-depth N   Sharp's fixed search depth in steps for the sharp4 pairing (default 4,
#                     also the least: Sharp's AEI raises any smaller depth to 4; the pairing is
#                     then named sharpN)
#   --sharp-handicap K  also play Sharp without a depth limit on 1/K of the clock: the move,
#                     reserve, reserve cap and turn cap of TC divided by K (whole seconds: the
#                     AEI tools' clocks count in seconds)
#   --base DIR        a build folder of another commit (holding examples/boardai-arimaa)
#   --params LIST     this build's game parameters (boardai-arimaa --params, e.g. trap_pct=80)
#   --base-params LIST  the --base build's game parameters (--base may then be this build)
#   --options LIST    this build's AEI options, NAME=VALUE,... (sent by roundrobin.py as
#                     `setoption` before each game, e.g. selective=0 for the exact alpha-beta)
#   --only WHAT       selfplay | sharp4 | sharp-clock | newold | random (default all that
#                     apply; sharp4 also runs --sharp-equal and --sharp-handicap when given,
#                     sharp-clock runs only those)
#   --depth N         this build (and the --base build) searches N steps a turn (AEI `depth`,
#                     bot_depth), whatever the load, within the clock: a screen that a loaded
#                     machine does not distort (give a clock generous enough never to cut it)
#   --timeout SECONDS bound on each pairing (default 3600)
# Nothing of the AEI tools or of Sharp is copied into the project; configuration files and game
# records go to a temporary folder whose path is printed.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,45p' "$0" | sed 's/^# \{0,1\}//'; }

if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
    usage
    exit 0
fi
if [ $# -lt 2 ]; then
    usage >&2
    exit 2
fi
AEI=$1
SHARP=$2
shift 2
ROUNDS=4
TC=2s/6s/100/12s/80t
BUILD=$ROOT/build
SHARP_EQUAL=0
SHARP_DEPTH=4
SHARP_HANDICAP=
ONLY=all
BASE=
LIMIT=3600
DEPTH=
PARAMS=
BASE_PARAMS=
OPTIONS=
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --tc) TC=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --sharp-equal) SHARP_EQUAL=1; shift ;;
    --sharp-depth) SHARP_DEPTH=$2; shift 2 ;;
    --sharp-handicap) SHARP_HANDICAP=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --base) BASE=$2; shift 2 ;;
    --timeout) LIMIT=$2; shift 2 ;;
    --depth) DEPTH=$2; shift 2 ;;
    --params) PARAMS=$2; shift 2 ;;
    --base-params) BASE_PARAMS=$2; shift 2 ;;
    --options) OPTIONS=$2; shift 2 ;;
    *) echo "strength-arimaa.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done

if [ ! -f "$AEI/pyrimaa/roundrobin.py" ]; then
    echo "strength-arimaa.sh: $AEI has no pyrimaa/roundrobin.py (an AEI tools checkout)" >&2
    exit 1
fi
# roundrobin.py runs in the records' folder: relative build paths are made absolute.
BUILD=$(cd "$BUILD" 2>/dev/null && pwd || echo "$BUILD")
[ -z "$BASE" ] || BASE=$(cd "$BASE" 2>/dev/null && pwd || echo "$BASE")
PROG=$BUILD/examples/boardai-arimaa
if [ ! -x "$PROG" ]; then
    echo "strength-arimaa.sh: $PROG is not built: cmake -S $ROOT -B $BUILD && cmake --build $BUILD" >&2
    exit 1
fi
if [ -n "$BASE" ] && [ ! -x "$BASE/examples/boardai-arimaa" ]; then
    echo "strength-arimaa.sh: $BASE/examples/boardai-arimaa is not built" >&2
    exit 1
fi
if [ "$SHARP" != "-" ] && [ ! -x "$SHARP" ]; then
    echo "strength-arimaa.sh: $SHARP is not an executable bot_Sharp" >&2
    exit 1
fi
command -v python3 >/dev/null || { echo "strength-arimaa.sh: needs python3" >&2; exit 1; }
case $ONLY in
all | selfplay | sharp4 | sharp-clock | newold | random) ;;
*) echo "strength-arimaa.sh: --only wants selfplay, sharp4, sharp-clock, newold or random, not '$ONLY'" >&2; exit 2 ;;
esac
case $SHARP_DEPTH in
'' | *[!0-9]*) echo "strength-arimaa.sh: --sharp-depth wants a number of steps, not '$SHARP_DEPTH'" >&2; exit 2 ;;
esac
if [ "$SHARP_DEPTH" -lt 4 ]; then
    echo "strength-arimaa.sh: --sharp-depth $SHARP_DEPTH: bot_Sharp searches at least 4 steps (its AEI raises a smaller depth to 4)" >&2
    exit 2
fi
SHARP_TC=
if [ -n "$SHARP_HANDICAP" ]; then
    # Sharp's clock: every time field of TC divided by K, in the AEI tools' own parser.
    SHARP_TC=$(PYTHONPATH=$AEI python3 - "$TC" "$SHARP_HANDICAP" <<'PY'
import sys
from pyrimaa.util import TimeControl
tc, k = sys.argv[1], sys.argv[2]
if not k.isdigit() or int(k) < 1:
    sys.exit("--sharp-handicap wants a whole number K >= 1, not '%s'" % k)
k = int(k)
t = TimeControl(tc)
fields = ("move", "reserve", "max_reserve", "max_turntime")
if any(getattr(t, f) % k for f in fields):
    sys.exit("the time fields of %s do not divide by %d into whole seconds "
             "(the AEI clocks count in seconds): choose a --tc whose fields do" % (tc, k))
for f in fields:
    setattr(t, f, getattr(t, f) // k)
print(t)
PY
) || { echo "strength-arimaa.sh: bad --sharp-handicap" >&2; exit 2; }
fi

WORK=$(mktemp -d /tmp/strength-arimaa.XXXXXX)
echo "configurations and records: $WORK"
[ -z "$SHARP_TC" ] || echo "Sharp's clock with --sharp-handicap $SHARP_HANDICAP: $SHARP_TC"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (figures on a loaded machine vary)"

# One pairing: name, then the two bot sections (name and extra config lines).
pairing() {
    local name=$1 a=$2 a_extra=$3 b=$4 b_extra=$5
    local cfg=$WORK/$name.cfg
    {
        echo "[global]"
        echo "rounds = $ROUNDS"
        echo "loglevel = WARN"
        echo "timecontrol = $TC"
        echo "bots = $a $b"
        echo "bot_hash = 64"
        printf '%s' "$a_extra"
        printf '%s' "$b_extra"
    } >"$cfg"
    echo
    echo "== $name: $a vs $b, $ROUNDS rounds at $TC"
    echo "   PYTHONPATH=$AEI python3 -m pyrimaa.roundrobin --config $cfg --pgn $WORK/$name.pgn"
    (cd "$WORK" && PYTHONPATH=$AEI timeout "$LIMIT" python3 -m pyrimaa.roundrobin \
        --config "$cfg" --pgn "$WORK/$name.pgn" >"$WORK/$name.log" 2>&1) || true
    grep -E "has [0-9]+ wins|^ +[0-9]+ by|beat" "$WORK/$name.log" || tail -5 "$WORK/$name.log"
    if [ -f "$WORK/$name.pgn" ]; then
        echo "   game lengths (plies incl. setups): $(grep -o 'PlyCount "[0-9]*"' "$WORK/$name.pgn" |
            grep -o '[0-9]*' | tr '\n' ' ')"
        captures "$WORK/$name.pgn" "$a"
    fi
}

# Pieces each game's bots lost, from the records replayed step by step: the records write the
# capture tokens of some bots' moves only (boardai's AEI bestmove leaves them out), so the
# captures are found by the trap rule (a piece on a trap with no friend beside it is removed).
captures() {
    python3 - "$1" "$2" <<'PY'
import re, sys
games, cur = [], None
for line in open(sys.argv[1]):
    m = re.match(r'\[White "(.*)"\]', line)
    if m:
        cur = {'white': m.group(1), 'lost': {'g': 0, 's': 0}, 'board': {}}
        games.append(cur)
    m = re.match(r'\d+([gswb]) (.*)', line.strip())
    if not m or cur is None:
        continue
    b = cur['board']
    for t in m.group(2).split():
        if len(t) == 3:
            b[(t[1], int(t[2]))] = t[0]
        elif len(t) == 4 and t[3] in 'nsew':
            f, r = t[1], int(t[2])
            nf = chr(ord(f) + {'e': 1, 'w': -1}.get(t[3], 0))
            nr = r + {'n': 1, 's': -1}.get(t[3], 0)
            b.pop((f, r), None)
            b[(nf, nr)] = t[0]
            for tf, tr in (('c', 3), ('f', 3), ('c', 6), ('f', 6)):
                p = b.get((tf, tr))
                if p is None:
                    continue
                around = [(chr(ord(tf) + d), tr) for d in (-1, 1)] + [(tf, tr + d) for d in (-1, 1)]
                if not any(q is not None and q.isupper() == p.isupper() for q in map(b.get, around)):
                    del b[(tf, tr)]
                    cur['lost']['g' if p.isupper() else 's'] += 1
out = []
for g in games:
    me = 'g' if g['white'] == sys.argv[2] else 's'
    out.append('%d/%d' % (g['lost'][me], g['lost']['s' if me == 'g' else 'g']))
print('   pieces lost/taken by %s, game by game: %s' % (sys.argv[2], ' '.join(out)))
PY
}

# Game parameters are checked here, so that a wrong list stops the script rather than every game.
for pair in "$PROG:$PARAMS" "${BASE:+$BASE/examples/boardai-arimaa}:$BASE_PARAMS"; do
    prog=${pair%%:*} list=${pair#*:}
    [ -n "$prog" ] && [ -n "$list" ] || continue
    printf 'aei\nquit\n' | "$prog" --aei --params "$list" >/dev/null ||
        { echo "strength-arimaa.sh: $prog refuses --params $list" >&2; exit 2; }
done
STEPS_SECTION=$(printf '\n[Steps]\ncmdline = %s --aei%s\n' "$PROG" "${PARAMS:+ --params $PARAMS}")
if [ -n "$DEPTH" ]; then
    STEPS_SECTION=$(printf '%s\nbot_depth = %s\n' "$STEPS_SECTION" "$DEPTH")
fi
# AEI options: each NAME=VALUE becomes roundrobin.py's `bot_NAME = VALUE`; one the program does
# not know stops the script here (the program warns and ignores it, so a game would not show it).
IFS=, read -r -a option_list <<<"$OPTIONS"
for pair in "${option_list[@]}"; do
    if ! [[ $pair =~ ^([a-z_]+)=([^=[:space:]]+)$ ]]; then
        echo "strength-arimaa.sh: --options: '$pair' is not NAME=VALUE" >&2
        exit 2
    fi
    name=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    # Captured before grep reads it: grep -q stops at the first match, and under pipefail
    # the engine's next write would then fail the pipeline.
    reply=$(printf 'aei\nsetoption name %s value %s\nisready\nquit\n' "$name" "$value" |
        "$PROG" --aei)
    if grep -q '^log \(Warning\|Error\)' <<<"$reply"; then
        echo "strength-arimaa.sh: $PROG refuses the AEI option $name=$value" >&2
        exit 2
    fi
    STEPS_SECTION=$(printf '%s\nbot_%s = %s\n' "$STEPS_SECTION" "$name" "$value")
done
TURNS_SECTION=$(printf '\n[Turns]\ncmdline = %s --aei\nbot_search = turns\n' "$PROG")
if [ "$ONLY" = all ] || [ "$ONLY" = selfplay ]; then
    pairing selfplay Steps "$STEPS_SECTION"$'\n' Turns "$TURNS_SECTION"$'\n'
fi
if [ -n "$BASE" ] && { [ "$ONLY" = all ] || [ "$ONLY" = newold ]; }; then
    OLD_SECTION=$(printf '\n[Old]\ncmdline = %s --aei%s\n' "$BASE/examples/boardai-arimaa" \
        "${BASE_PARAMS:+ --params $BASE_PARAMS}")
    if [ -n "$DEPTH" ]; then
        OLD_SECTION=$(printf '%s\nbot_depth = %s\n' "$OLD_SECTION" "$DEPTH")
    fi
    pairing newold Steps "$STEPS_SECTION"$'\n' Old "$OLD_SECTION"$'\n'
fi
if [ "$ONLY" = all ] || [ "$ONLY" = random ]; then
    RANDOM_SECTION=$(printf '\n[Random]\ncmdline = python3 -m pyrimaa.simple_engine\n')
    pairing random Steps "$STEPS_SECTION"$'\n' Random "$RANDOM_SECTION"$'\n'
fi
if [ "$SHARP" != "-" ] && { [ "$ONLY" = all ] || [ "$ONLY" = sharp4 ]; }; then
    SHARPD=$(printf '\n[Sharp%s]\ncmdline = %s aei\nbot_depth = %s\n' "$SHARP_DEPTH" "$SHARP" "$SHARP_DEPTH")
    pairing "sharp$SHARP_DEPTH" Steps "$STEPS_SECTION"$'\n' "Sharp$SHARP_DEPTH" "$SHARPD"$'\n'
fi
if [ "$SHARP" != "-" ] && [ "$SHARP_EQUAL" = 1 ] &&
    { [ "$ONLY" = all ] || [ "$ONLY" = sharp4 ] || [ "$ONLY" = sharp-clock ]; }; then
    SHARPT=$(printf '\n[Sharp]\ncmdline = %s aei\n' "$SHARP")
    pairing sharp-equal Steps "$STEPS_SECTION"$'\n' Sharp "$SHARPT"$'\n'
fi
if [ "$SHARP" != "-" ] && [ -n "$SHARP_TC" ] &&
    { [ "$ONLY" = all ] || [ "$ONLY" = sharp4 ] || [ "$ONLY" = sharp-clock ]; }; then
    SHARPH=$(printf '\n[SharpH]\ncmdline = %s aei\ntimecontrol = %s\n' "$SHARP" "$SHARP_TC")
    pairing "sharp-handicap$SHARP_HANDICAP" Steps "$STEPS_SECTION"$'\n' SharpH "$SHARPH"$'\n'
fi
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
