#!/usr/bin/env bash
# The checks of boardai-camelot-web (Camelot in the browser), from a fresh Debian machine:
#   installs what is missing (C tools, libmicrohttpd, jansson, Check, Node.js/npm, Chromium, and
#   playwright-core from tests/web/package-lock.json; never a browser download), builds the
#   server, runs its C tests (ctest label camelot-web: the API, and saved games with kill -9 and
#   restarts on a real SQLite file) and the end-to-end tests in headless Chromium
#   (tests/web/camelot.e2e.mjs and camelot-player.e2e.mjs, screenshots in tests/web/out/).
# The browser test is skipped, with a message saying so, only when Chromium cannot be installed.
# Ends with "N passed, N failed"; the exit status is non-zero when anything failed.
#
# Usage: scripts/test-web.sh [--build DIR | --use-build DIR] [--no-browser] [--help]
#   --build DIR      configure and build a Camelot-only tree in DIR (default build-web)
#   --use-build DIR  use an already configured build tree as it is (e.g. scripts/test.sh's)
# Environment: BOARDAI_JOBS (default 2), BOARDAI_WEB_BUILD (default build-web in the tree).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${BOARDAI_JOBS:-2}
BUILD=${BOARDAI_WEB_BUILD:-$ROOT/build-web}
BROWSER=1
CONFIGURE=1
while [ $# -gt 0 ]; do
    case $1 in
    --build)
        [ $# -ge 2 ] || { echo "error: --build needs a directory" >&2; exit 2; }
        BUILD=$2
        shift ;;
    --use-build)
        [ $# -ge 2 ] || { echo "error: --use-build needs a directory" >&2; exit 2; }
        BUILD=$2
        CONFIGURE=0
        shift ;;
    --no-browser) BROWSER=0 ;;
    -h | --help)
        sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
BUILD=$(realpath -m "$BUILD") # the browser test runs from tests/web

passed=0
failed=0
skipped=0
note() { printf '== %s\n' "$*"; }
ok() { passed=$((passed + 1)); printf '== %-28s ok\n' "$1"; }
bad() { failed=$((failed + 1)); printf '== %-28s FAILED\n' "$1"; }

apt_install() {
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq </dev/null >/dev/null 2>&1
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends "$@" </dev/null
}

main() {
    # ---- tools and libraries ----
    # shellcheck source=scripts/deps.sh
    . "$ROOT/scripts/deps.sh"
    ba_note_c_toolchain
    ba_note_tools "cmake cmake" "pkg-config pkg-config"
    ba_note_pkgconfig "check check"
    ba_note_camelot_web_libs
    if ba_install_missing; then ok deps; else bad deps; fi

    # ---- build ----
    if { [ "$CONFIGURE" -eq 0 ] ||
        cmake -S "$ROOT" -B "$BUILD" -DBOARDAI_GAMES=camelot -DCMAKE_BUILD_TYPE=Release \
            >"$BUILD.configure.log" 2>&1; } &&
        cmake --build "$BUILD" -j"$JOBS" --target boardai-camelot-web camelot_web_test_api camelot_web_test_persist \
            >"$BUILD.build.log" 2>&1; then
        ok build
    else
        bad build
        tail -n 40 "$BUILD.configure.log" "$BUILD.build.log" 2>/dev/null
        summary
        return 1
    fi

    # ---- C API tests ----
    if ctest --test-dir "$BUILD" -L camelot-web --output-on-failure --timeout 300 </dev/null; then
        ok "C API tests"
    else
        bad "C API tests"
    fi

    # ---- browser test ----
    if [ "$BROWSER" -eq 1 ]; then
        browser_test
    else
        skipped=$((skipped + 1))
        note "browser test SKIPPED (--no-browser)"
    fi
    summary
    [ "$failed" -eq 0 ]
}

browser_test() {
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        note "installing Node.js and npm"
        apt_install nodejs npm || true
    fi
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        bad "browser test (no node/npm)"
        return
    fi
    if [ ! -x /usr/bin/chromium ]; then
        note "installing Chromium (Debian's package)"
        apt_install chromium || true
    fi
    if [ ! -x /usr/bin/chromium ]; then
        skipped=$((skipped + 1))
        note "browser test SKIPPED: Chromium could not be installed (apt-get install chromium failed)"
        return
    fi
    local web=$ROOT/tests/web
    if [ ! -f "$web/node_modules/playwright-core/package.json" ]; then
        note "installing playwright-core (tests/web/package-lock.json)"
        (cd "$web" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund </dev/null) ||
            { bad "browser test (npm ci)"; return; }
    fi
    local t
    for t in camelot camelot-player; do
        if (cd "$web" && timeout 600 node "$t.e2e.mjs" "$BUILD/examples/boardai-camelot-web" </dev/null); then
            ok "browser test $t"
        else
            bad "browser test $t"
        fi
    done
}

summary() {
    echo
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
}

main "$@"; exit $?
