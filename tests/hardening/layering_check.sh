#!/usr/bin/env bash
# scripts/check-layering.sh on a small made-up tree with one of each fault it must find, and on
# the same tree without the faults: every fault is reported at its place, the clean tree passes.
# Usage: tests/hardening/layering_check.sh <path of check-layering.sh>
set -euo pipefail
check=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardai-layering.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# A clean tree: lib/ with a private header and the kit, two games, each with a header and a
# vtable filled with BA_GAME_INIT.
mk() { mkdir -p "$(dirname "$tmp/$1")"; cat >"$tmp/$1"; }
mk include/boardai/game.h <<<'/* api */'
mk include/boardai/alpha.h <<<'/* alpha api */'
mk include/boardai/beta.h <<<'/* beta api */'
mk lib/search.h <<<'/* private */'
mk lib/kit/mix.h <<<'/* kit */'
mk lib/engine.c <<<'#include "search.h"
#include "mix.h"'
for g in alpha beta; do
    mk games/$g/CMakeLists.txt <<<"boardai_add_game($g ${g}_game.c ${g}_rules.c)"
    mk games/$g/${g}_rules.h <<<"int ${g}_rule(int x);"
    mk games/$g/${g}_rules.c <<<"#include \"${g}_rules.h\"
int ${g}_rule(int x) { return x + 1; }"
    mk games/$g/${g}_game.c <<<"#include \"boardai/game.h\"
#include \"boardai/$g.h\"
#include \"mix.h\"
#include \"${g}_rules.h\"
static const ba_game ${g}_vt = BA_GAME_INIT(.name = \"$g\");
int ${g}_top(void) { return ${g}_rule(1); }"
done
mk README.md <<<'Build with cmake.'
mk CMakeLists.txt <<<'add_subdirectory(lib) # no globbing: file(GLOB) is named in a comment only'
mk lib/CMakeLists.txt <<<'add_library(core OBJECT engine.c)'

"$check" --root "$tmp" >"$tmp.out" 2>&1 || { echo "the clean tree fails:"; cat "$tmp.out"; exit 1; }

# One fault of each kind.
echo '#include "boardai/alpha.h"' >>"$tmp/lib/engine.c"
echo '#include "search.h"' >>"$tmp/games/alpha/alpha_rules.c"
echo '#include "beta/beta_rules.h"' >>"$tmp/games/alpha/alpha_rules.c"
echo '#include "../beta/beta_rules.h"' >>"$tmp/games/alpha/alpha_rules.c"
echo '#include "boardai/beta.h"' >>"$tmp/games/alpha/alpha_rules.c"
echo 'int beta_params(void) { return 2; }' >>"$tmp/games/beta/beta_game.c"
echo 'int beta_use(void) { return beta_params(); }' >>"$tmp/games/beta/beta_rules.c"
mk games/beta/beta_a.h <<<'#include "beta_b.h"'
mk games/beta/beta_b.h <<<'#include "beta_a.h"'
echo 'static const ba_game beta_old = {sizeof(ba_game), "beta"};' >>"$tmp/games/beta/beta_game.c"
echo 'file(GLOB SRC *.c)' >>"$tmp/CMakeLists.txt"
echo 'See /work/shared/beta.md for the rules.' >>"$tmp/README.md"
echo 'int alpha_extra(void);' >"$tmp/games/alpha/alpha_extra.c"

if "$check" --root "$tmp" >"$tmp.out" 2>&1; then
    echo "the faulty tree passes:"; cat "$tmp.out"; exit 1
fi
status=0
expect() {
    grep -qE "$1" "$tmp.out" || { echo "not reported: $1"; status=1; }
}
expect '^lib/engine.c:3: lib/ includes the game header boardai/alpha.h'
expect '^games/alpha/alpha_rules.c:3: alpha includes "search.h": a private header of lib/'
expect '^games/alpha/alpha_rules.c:4: alpha includes beta/beta_rules.h, a file of games/beta/'
expect '^games/alpha/alpha_rules.c:5: alpha includes ../beta/beta_rules.h through \.\./'
expect "^games/alpha/alpha_rules.c:6: alpha includes boardai/beta.h, another game's header"
expect '^games/beta/beta_[ab].h:1: include circle among games/beta/beta_a.h -> games/beta/beta_b.h'
expect '^games/beta/beta_game.c:1: beta: [0-9]+ files use each other in a circle .*beta_rules.c uses beta_params\(\) of beta_game.c'
expect '^games/beta/beta_game.c:[0-9]+: beta fills a ba_game without BA_GAME_INIT'
expect '^CMakeLists.txt:2: file\(GLOB'
expect "^README.md:2: '/work/': a path outside the repository"
expect '^games/alpha/alpha_extra.c:1: listed in no CMakeLists.txt'
expect '^layering: 11 finding'
[ $status -eq 0 ] || cat "$tmp.out"
exit $status
