#!/usr/bin/env bash
# scripts/arimaa-sharp-static.py without Sharp: bot_Sharp's developer build is an outside engine
# that is not installed here, so a stand-in answers its evalPos with a score whose make-up is
# known: 8 points per point of our material, 4 per point of our blocking term, 2 per point of
# the attack-threat term and 6 per point of the hostage term (all from the side to move's view,
# every term at 100 %, as explain() prints them), plus components that say nothing. The fit must
# find blocking at +50 % of material, the attack threats at +25 %, the hostages at +75 % and the
# other terms at 0,
# R^2 1, and the residual uncorrelated (with --split-traps, the trap term's four parts each at 0
# too); a stand-in that answers for too few positions, a binary
# that is not executable and too few positions are refused with a message; --help answers.
# --siblings (the fit within each position's turns) must find the same make-up and no regret.
# --params reaches our evaluation (a stand-in with dragged pieces counted farther is fitted
# exactly only with the same setting), and a fitted term's knob or a bad value is refused.
# Usage: tests/arimaa/sharp_static_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-sharp-static.py
scores=$src/bench/data/arimaa-sharp-oracle-r17.txt.gz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

# The stand-in: `<it> evalPos FILE` prints, per board of FILE, "N-----..." and its components.
cat >"$tmp/sharp-standin" <<PY
#!/usr/bin/env python3
import re, sys
sys.path.insert(0, "$src/bindings/python")
import os
os.environ["BOARDAI_LIB"] = "$build/lib"
import boardai
knobs = ["blocking_pct", "passed_pct", "goal_table_pct", "power_pct", "loose_rabbit_pct",
         "trap_pct", "threat_pct", "placement_pct", "attack_threat_pct", "hostage_pct",
         "elephant_place_pct", "camel_exposed_points", "exposed_pct", "home_guard_points"]
extra = os.environ.get("STANDIN_PARAMS", "")
game = boardai.Game("arimaa:" + ",".join([extra] * bool(extra) + [k + "=100" for k in knobs]))
limit = int(os.environ.get("STANDIN_LIMIT", "1000000"))
boards = [b for b in open(sys.argv[2]).read().split(";") if b.strip()]
for i, b in enumerate(boards[:limit]):
    label, squares = b.split()
    side = label[-1]
    terms = {}
    for line in game.position("%s [%s]" % (side, squares)).explain().splitlines():
        m = re.match(r"(\S+) (-?\d+) (-?\d+)$", line)
        if m:
            mine, theirs = (int(m[2]), int(m[3])) if side == "g" else (int(m[3]), int(m[2]))
            # material and traps are printed as each side's difference already, the others
            # as each side's own sum
            terms[m[1]] = mine if m[1] in ("material(harlog)", "traps") else mine - theirs
    final = (8 * terms["material(harlog)"] + 4 * terms["blocking"] + 2 * terms["attack_threat"]
             + 6 * terms["hostage"])
    print("%d------------------------------------------------" % i)
    print("Material: %d EMHH emhh" % (10 * terms["material(harlog)"]))
    print("ThreatScore: %d" % (i % 7))
    print("Final Score: %d" % final)
    print()
PY
chmod +x "$tmp/sharp-standin"

out=$(python3 "$script" "$scores" --sharp-dev "$tmp/sharp-standin" --build "$build" --boot 20 2>&1)
status=$?
[ $status -eq 0 ] || { echo "fit: exit status $status: $out"; fail=1; }
grep -q "R^2 1.000 (material alone" <<<"$out" || { echo "R^2: $out"; fail=1; }
grep -q ", 8.00 of Sharp's points per point of our material" <<<"$out" ||
    { echo "unit: $out"; fail=1; }
grep -q "^  blocking         +50 % \[+50, +50\]$" <<<"$out" || { echo "blocking: $out"; fail=1; }
grep -q "^  attack_threat    +25 % \[+25, +25\]$" <<<"$out" || { echo "attack: $out"; fail=1; }
grep -q "^  hostage          +75 % \[+75, +75\]$" <<<"$out" || { echo "hostage: $out"; fail=1; }
for term in passed goal_threat power_balance loose_rabbits traps threat placement ele_blockade \
    ele_place camel_exposed exposed home_guards; do
    grep -Eq "^  $term +[+-]0 %" <<<"$out" || { echo "$term: $out"; fail=1; }
done
grep -Eq "^  ThreatScore +[+-]0\.0[0-9]{2} " <<<"$out" || { echo "residual: $out"; fail=1; }
# --params: a knob that shapes a fitted term reaches our evaluation. The stand-in counts dragged
# pieces four squares from a trap; the fit is exact only when ours does too.
drag_fit() {
    STANDIN_PARAMS=attack_drag_squares=4 python3 "$script" "$scores" --sharp-dev \
        "$tmp/sharp-standin" --build "$build" --boot 5 "$@" 2>&1
}
out=$(drag_fit --params attack_drag_squares=4)
grep -q "R^2 1.000 (material alone" <<<"$out" || { echo "params: $out"; fail=1; }
grep -q "^  attack_threat    +25 % \[+25, +25\]$" <<<"$out" || { echo "params: $out"; fail=1; }
out=$(drag_fit)
grep -q "R^2 1.000 (material alone" <<<"$out" && { echo "params unused: $out"; fail=1; }
refused "params fitted" "attack_threat_pct is fitted here" python3 "$script" "$scores" \
    --sharp-dev "$tmp/sharp-standin" --build "$build" --params attack_threat_pct=30
refused "params range" "attack_drag_squares must be 2..5" python3 "$script" "$scores" \
    --sharp-dev "$tmp/sharp-standin" --build "$build" --params attack_drag_squares=9

# --split-traps: the trap term's four parts are fitted apart, each at 0 here too.
out=$(python3 "$script" "$scores" --sharp-dev "$tmp/sharp-standin" --build "$build" --boot 5 \
    --split-traps 2>&1)
grep -q "^  blocking         +50 % \[+50, +50\]$" <<<"$out" || { echo "split: $out"; fail=1; }
for term in trap_control trap_danger trap_danger_frozen trap_danger_stuck; do
    grep -Eq "^  $term +[+-]0 %" <<<"$out" || { echo "split $term: $out"; fail=1; }
done
grep -q "^  traps " <<<"$out" && { echo "split: traps still whole: $out"; fail=1; }

# --siblings: the fit of move choice, within each position's turns, finds the same make-up; the
# fitted weights then choose Sharp's best turn everywhere (no regret), and are printed as a setting.
out=$(python3 "$script" "$scores" --sharp-dev "$tmp/sharp-standin" --build "$build" --boot 5 \
    --siblings 8 --every 40 2>&1)
status=$?
[ $status -eq 0 ] || { echo "siblings: exit status $status: $out"; fail=1; }
# (each line of the answer that must be there, and what it checks)
must() { grep -Eq "$1" <<<"$out" || { echo "siblings $2: $out"; fail=1; }; }
must "^[0-9]+ turns from 1[0-9] positions of [0-9]+ games; .*: R\^2 1\.000 " "R^2"
must "^  blocking         \+50 % \[\+50, \+50\]$" "blocking"
must "^  hostage          \+75 % \[\+75, \+75\]$" "hostage"
must "^  the fitted weights 0$" "regret"
must "^  today's defaults [1-9][0-9]*$" "defaults"
must "^the fitted weights as a setting: --params blocking_pct=50,passed_pct=0,.*,hostage_pct=75,elephant_place_pct=0,camel_exposed_points=0,exposed_pct=0,home_guard_points=0$" \
    "setting"
refused "siblings too few" "N of 5 or more" python3 "$script" "$scores" \
    --sharp-dev "$tmp/sharp-standin" --build "$build" --siblings 3
refused "siblings and split" "no --split-traps" python3 "$script" "$scores" \
    --sharp-dev "$tmp/sharp-standin" --build "$build" --siblings 8 --split-traps

refused "short answer" "answered 5 of" env STANDIN_LIMIT=5 python3 "$script" "$scores" \
    --sharp-dev "$tmp/sharp-standin" --build "$build"
refused "not executable" "$tmp/none: not an executable" python3 "$script" "$scores" \
    --sharp-dev "$tmp/none" --build "$build"
gzip -dc "$scores" | head -n 20 >"$tmp/few.txt"
refused "few positions" "open, quiet positions" python3 "$script" "$tmp/few.txt" \
    --sharp-dev "$tmp/sharp-standin" --build "$build"
grep -q -- "--sharp-dev BINARY" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
