#!/usr/bin/env bash
# Runs the Python package's tests with Debian's python3 and python3-pytest against the library of
# a build folder, first from the tree, then installed with pip (offline) into a temporary folder;
# checks that the package finds the library through pkg-config and through its own copy; runs
# every example.
#
# Usage: bindings/python/tests/run.sh [BUILD]   (default: build/ in the tree)
# Installs python3, python3-pytest, python3-pip and python3-setuptools when missing.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
PY=/usr/bin/python3

# shellcheck source=scripts/deps.sh
. "$ROOT/scripts/deps.sh"
[ -x "$PY" ] || ba_missing_packages+=(python3)
"$PY" -c 'import pytest' 2>/dev/null || ba_missing_packages+=(python3-pytest)
"$PY" -m pip --version >/dev/null 2>&1 || ba_missing_packages+=(python3-pip)
"$PY" -c 'import setuptools' 2>/dev/null || ba_missing_packages+=(python3-setuptools)
ba_install_missing

export BOARDAI_BUILD=$BUILD BOARDAI_LIB=$BUILD/lib PYTHONDONTWRITEBYTECODE=1
echo "--- from the tree, library $BOARDAI_LIB"
"$PY" -m pytest -q -p no:cacheprovider "$HERE"

echo "--- BOARDAI_LIB naming a missing folder: one clear error"
msg=$(BOARDAI_LIB=$BUILD/no-such-folder "$PY" -c \
    'import sys; sys.path.insert(0, sys.argv[1]); import boardai' "$HERE/.." 2>&1) &&
    { echo "FAIL: the import succeeded"; exit 1; }
case $msg in
*"BOARDAI_LIB is $BUILD/no-such-folder, which does not exist"*) echo "ok" ;;
*) echo "FAIL: unexpected message: $msg"; exit 1 ;;
esac

echo "--- installed with pip (no network) into a temporary folder"
target=$(mktemp -d "${TMPDIR:-/tmp}/boardai-py.XXXXXX")
trap 'rm -rf "$target" "$HERE/../build" "$HERE"/../*.egg-info' EXIT
"$PY" -m pip install --quiet --root-user-action=ignore --no-build-isolation --no-deps --no-index --target "$target" "$HERE/.."
BOARDAI_PY_INSTALLED=1 PYTHONPATH=$target "$PY" -m pytest -q -p no:cacheprovider \
    "$HERE/test_position.py" "$HERE/test_errors.py"
BOARDAI_PY_INSTALLED=1 PYTHONPATH=$target "$PY" -c \
    'import boardai, sys; assert boardai.__file__.startswith(sys.argv[1]), boardai.__file__; print("installed:", boardai.__file__, boardai.games())' "$target"

# Where the library is found without BOARDAI_LIB: the package's own copy first, else pkg-config.
echo "--- finding the library through pkg-config, then the package's own copy"
prefix=$target/prefix
cmake --install "$BUILD" --prefix "$prefix" >/dev/null
pc=$(dirname "$(compgen -G "$prefix/lib*/pkgconfig/boardai.pc" | head -n 1)")
where='import boardai, sys; print(boardai.library_path); assert boardai.library_path.startswith(sys.argv[1])'
env -u BOARDAI_LIB BOARDAI_PY_INSTALLED=1 PYTHONPATH="$target" PKG_CONFIG_PATH="$pc" "$PY" -c "$where" "$prefix"
mkdir -p "$target/boardai/_native"
cp "$BUILD"/lib/libboardai.so.* "$target/boardai/_native/"
env -u BOARDAI_LIB PYTHONPATH="$target" PKG_CONFIG_PATH="$pc" "$PY" -c "$where" "$target/boardai/_native"

echo "--- the examples"
for ex in "$HERE"/../examples/[!_]*.py; do
    name=$(basename "$ex" .py)
    if [ "$name" != tictactoe ] && ! PYTHONPATH="$HERE/.." "$PY" -c \
        'import boardai, sys; sys.exit(sys.argv[1] not in boardai.games())' "$name"; then
        echo "$name: skipped, the library was built without it"
        continue
    fi
    echo "$name"
    timeout 300 "$PY" "$ex" --quick >/dev/null
done
