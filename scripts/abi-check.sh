#!/usr/bin/env bash
# The ABI of libboardai.so against the committed baseline abi/libboardai.abi (libabigail).
#
#   scripts/abi-check.sh            builds the library (Debug, library only, in build-abi/) and
#                                   compares it with the baseline: fails on an incompatible
#                                   change (a removed function, a changed type or signature);
#                                   added functions are reported and pass
#   scripts/abi-check.sh --update   regenerates the baseline from the current tree, on purpose
#                                   (after a compatible addition, or after an incompatible change
#                                   together with a bump of BA_VERSION_MAJOR and the SONAME)
#
# Options: --build DIR (default $BOARDAI_ABI_BUILD or build-abi in the tree), --help.
# The types come from the debug information, limited to the public headers (include/boardai),
# so internal types may change freely. Needs abidw/abidiff (Debian abigail-tools; installed when
# missing through scripts/deps.sh). Exit status: 0 compatible, 1 incompatible or error.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BOARDAI_ABI_BUILD:-$ROOT/build-abi}
BASELINE=$ROOT/abi/libboardai.abi
UPDATE=0
while [ $# -gt 0 ]; do
    case $1 in
    --update) UPDATE=1 ;;
    --build)
        [ $# -ge 2 ] || { echo "error: --build needs a directory" >&2; exit 2; }
        BUILD=$2
        shift ;;
    -h | --help)
        sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done

if ! command -v abidiff >/dev/null 2>&1; then
    # shellcheck source=scripts/deps.sh
    . "$ROOT/scripts/deps.sh"
    ba_note_tools "abidiff abigail-tools" "abidw abigail-tools"
    ba_install_missing
fi

# A library with debug information (types) and every game: the ABI the baseline describes.
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Debug -DBOARDAI_BUILD_TESTS=OFF \
        -DBOARDAI_BUILD_EXAMPLES=OFF -DBOARDAI_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$BUILD" --target boardai -j"${BOARDAI_JOBS:-2}" >/dev/null
so=$(find "$BUILD/lib" -maxdepth 1 -name 'libboardai.so.*.*' -type f | head -n 1)
[ -n "$so" ] || { echo "no libboardai.so in $BUILD/lib" >&2; exit 1; }

dump() { # the library's ABI as XML on stdout, paths relative to the tree
    abidw --no-corpus-path --no-comp-dir-path --type-id-style hash "$so" | sed "s|'$ROOT/|'|g"
}

# The public types and declarations of an ABI dump, one per line: "kind name<TAB>definition",
# for the entries declared in include/boardai/ (line and column numbers left out, so that
# editing a comment changes nothing).
public_entries() {
    awk '
    function flush() { if (key != "") print key "\t" body; key = ""; body = ""; depth = 0 }
    {
        line = $0
        gsub(/ (line|column)=\047[0-9]+\047/, "", line)
        sub(/^ +/, "", line)
    }
    key == "" && line ~ /^<(class-decl|union-decl|enum-decl|typedef-decl|function-decl|var-decl) / &&
        line ~ /filepath=\047include\/boardai\// && line !~ /is-declaration-only/ {
        kind = line; sub(/^</, "", kind); sub(/ .*/, "", kind)
        name = line; sub(/.* name=\047/, "", name); sub(/\047.*/, "", name)
        key = kind " " name; body = line; depth = 1
        if (line ~ /\/>$/) flush()
        next
    }
    key != "" {
        body = body " " line
        if (line ~ "^</" kind ">") flush()
    }' "$1" | sort -u
}
if [ "$UPDATE" -eq 1 ]; then
    mkdir -p "$(dirname "$BASELINE")"
    dump >"$BASELINE"
    echo "wrote $BASELINE from $so ($(grep -c '<elf-symbol ' "$BASELINE") symbols)"
    exit 0
fi

[ -f "$BASELINE" ] || { echo "no baseline $BASELINE: run $0 --update" >&2; exit 1; }
current=$(mktemp "${TMPDIR:-/tmp}/boardai-abi.XXXXXX")
dump >"$current"
# 1. libabigail: symbols (a removed or re-typed function is incompatible), with the types of
#    lib/ and games/ private (abi/private-types.suppr).
set +e
abidiff --no-show-locs --suppressions "$ROOT/abi/private-types.suppr" "$BASELINE" "$current"
rc=$?
set -e
# abidiff's status is a bit set: 1 error, 2 usage, 4 an ABI change, 8 an incompatible change.
if [ $((rc & 3)) -ne 0 ]; then
    echo "abidiff failed (status $rc)" >&2
    exit 1
fi
incompatible=$((rc & 8))
# 2. The public types, entry by entry. abidiff 2.2 misses changes inside a struct when both
#    sides are XML (it reports a changed ba_search_result only between two binaries), so every
#    public type and declaration of the baseline must be found unchanged; new ones are additions.
old_entries=$(mktemp "${TMPDIR:-/tmp}/boardai-abi-old.XXXXXX")
new_entries=$(mktemp "${TMPDIR:-/tmp}/boardai-abi-new.XXXXXX")
trap 'rm -f "$current" "$old_entries" "$new_entries"' EXIT
public_entries "$BASELINE" >"$old_entries"
public_entries "$current" >"$new_entries"
changed=$(comm -23 "$old_entries" "$new_entries" | cut -f1)
added=$(comm -13 "$old_entries" "$new_entries" | cut -f1 | sort -u)
if [ -n "$changed" ]; then
    echo "public types or declarations removed or changed since the baseline:"
    while read -r k; do
        if grep -q "^$k	" "$new_entries"; then echo "  changed: $k"; else echo "  removed: $k"; fi
    done <<<"$changed"
    incompatible=1
fi
if [ "$incompatible" -ne 0 ]; then
    echo "INCOMPATIBLE ABI change against $BASELINE (above). Either undo it, or make it on" \
        "purpose: bump BA_VERSION_MAJOR and the project version (the SONAME follows), then run" \
        "scripts/abi-check.sh --update and commit the new baseline (docs/api-stability.md)." \
        "An optional hook appended to struct ba_game changes that struct too: record it with" \
        "--update (it is compatible by design: BA_GAME_HAS)."
    exit 1
fi
if [ $((rc & 4)) -ne 0 ] || [ -n "$added" ]; then
    echo "compatible ABI additions:"
    [ -z "$added" ] || echo "$added" | sed 's/^/  added: /'
    echo "run scripts/abi-check.sh --update to record them in the baseline"
else
    echo "ABI unchanged against $BASELINE ($(wc -l <"$old_entries") public entries)"
fi
