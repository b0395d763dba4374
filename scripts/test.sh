#!/usr/bin/env bash
# The whole check of libboardai, from a fresh Debian machine to a summary line:
#   installs the missing tools, builds with warnings as errors, runs every test suite (ctest),
#   checks the module boundaries (scripts/check-layering.sh), checks that the shared library
#   exports only ba_ symbols, runs the suites again under
#   AddressSanitizer + UndefinedBehaviorSanitizer, builds the Doxygen docs with zero warnings,
#   installs into a temporary prefix and builds programs against the installed library (with
#   pkg-config and with find_package), smoke-tests every boardai-<game> program, and tests
#   boardai-camelot-web (scripts/test-web.sh), bindings/python and tests/wasm (Chromium, emscripten).
# Ends with "N passed, N failed" (ctest tests of both runs plus the other stages); the exit status
# is non-zero when anything failed.
#
# Usage: scripts/test.sh [--no-asan] [--no-docs] [--no-fuzz] [--fuzz-seconds N]
#                        [--games "kalah camelot"] [--help]
#   --fuzz-seconds N  libFuzzer time per harness (default 30, two harnesses at a time)
# Environment: BOARDAI_JOBS (default 2), BOARDAI_TEST_BUILD (default build-test in the tree),
# BOARDAI_FUZZ_SECONDS (same as --fuzz-seconds).
# Stage functions are called indirectly, through stage():
# shellcheck disable=SC2317
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${BOARDAI_JOBS:-2}
BUILD=${BOARDAI_TEST_BUILD:-$ROOT/build-test}
ASAN_BUILD=$BUILD-asan
LOGS=$BUILD-logs
RUN_ASAN=1
RUN_DOCS=1
RUN_FUZZ=1
FUZZ_SECONDS=${BOARDAI_FUZZ_SECONDS:-30}
GAMES_ARG=()

while [ $# -gt 0 ]; do
    case $1 in
    --no-asan) RUN_ASAN=0 ;;
    --no-docs) RUN_DOCS=0 ;;
    --no-fuzz) RUN_FUZZ=0 ;;
    --fuzz-seconds)
        [[ ${2:-} =~ ^[0-9]+$ ]] || { echo "error: --fuzz-seconds needs a whole number" >&2; exit 2; }
        FUZZ_SECONDS=$2
        shift ;;
    --games)
        [ $# -ge 2 ] || { echo "error: --games needs a list" >&2; exit 2; }
        GAMES_ARG=("-DBOARDAI_GAMES=$(echo "$2" | tr ' ,' ';;')")
        shift ;;
    -h | --help)
        sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done

mkdir -p "$LOGS"
PREFIX=$(mktemp -d "${TMPDIR:-/tmp}/boardai-install.XXXXXX")
trap 'rm -rf "$PREFIX"' EXIT

passed=0
failed=0
summary=()
T0=$(date +%s%N)

ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
fmt_ms() { printf '%d.%01d s' $(($1 / 1000)) $((($1 % 1000) / 100)); }

# stage NAME COMMAND...: runs one counted stage with its output in $LOGS/NAME.log.
stage() {
    local name=$1 t rc ms
    shift
    t=$(date +%s%N)
    printf '== %-22s ' "$name"
    "$@" >"$LOGS/$name.log" 2>&1 </dev/null
    rc=$?
    ms=$(ms_since "$t")
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
        printf 'ok      %s\n' "$(fmt_ms "$ms")"
        summary+=("$(printf '%-24s ok      %s' "$name" "$(fmt_ms "$ms")")")
    else
        failed=$((failed + 1))
        printf 'FAILED  %s  (log: %s)\n' "$(fmt_ms "$ms")" "$LOGS/$name.log"
        tail -n 60 "$LOGS/$name.log" | sed 's/^/   | /'
        summary+=("$(printf '%-24s FAILED  %s' "$name" "$(fmt_ms "$ms")")")
    fi
    return $rc
}

# ctest_stage NAME DIR [ENV...]: runs every test of DIR; each test counts in the summary.
ctest_stage() {
    local name=$1 dir=$2 t ms out total nfail
    shift 2
    t=$(date +%s%N)
    printf '== %-22s ' "$name"
    env "$@" ctest --test-dir "$dir" -j"$JOBS" --output-on-failure --timeout 900 \
        >"$LOGS/$name.log" 2>&1 </dev/null
    ms=$(ms_since "$t")
    out=$(grep -Eo '[0-9]+ tests? failed out of [0-9]+' "$LOGS/$name.log" | tail -n 1)
    if [ -n "$out" ]; then
        nfail=$(echo "$out" | awk '{print $1}')
        total=$(echo "$out" | awk '{print $NF}')
    elif grep -q 'No tests were found' "$LOGS/$name.log"; then
        nfail=0 total=0
    else
        nfail=1 total=1 # ctest itself failed to run
    fi
    passed=$((passed + total - nfail))
    failed=$((failed + nfail))
    # The slowest tests, to keep an eye on the time budget.
    grep -E '^ *[0-9]+/[0-9]+ Test +#' "$LOGS/$name.log" |
        sed -E 's/^.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec$/\2 \1/' | sort -rn | head -n 5 |
        awk '{printf "   slowest: %7.1f s  %s\n", $1, $2}' >"$LOGS/$name.slowest"
    if [ "$nfail" -eq 0 ]; then
        printf 'ok      %s  (%d tests)\n' "$(fmt_ms "$ms")" "$total"
        summary+=("$(printf '%-24s ok      %s  (%d tests)' "$name" "$(fmt_ms "$ms")" "$total")")
    else
        printf 'FAILED  %s  (%d of %d tests failed, log: %s)\n' "$(fmt_ms "$ms")" "$nfail" "$total" \
            "$LOGS/$name.log"
        grep -E '^\s*[0-9]+ - |\*\*\*|Failed|failed|error' "$LOGS/$name.log" | tail -n 40 | sed 's/^/   | /'
        summary+=("$(printf '%-24s FAILED  %s  (%d of %d failed)' "$name" "$(fmt_ms "$ms")" "$nfail" "$total")")
    fi
    cat "$LOGS/$name.slowest"
}

skip() {
    failed=$((failed + 1))
    printf '== %-22s SKIPPED (%s) - counted as failed\n' "$1" "$2"
    summary+=("$(printf '%-24s SKIPPED (%s)' "$1" "$2")")
}

# ---- stages ----

install_deps() {
    # shellcheck source=scripts/deps.sh
    . "$ROOT/scripts/deps.sh"
    ba_note_c_toolchain
    ba_note_tools "cmake cmake" "pkg-config pkg-config" "nm binutils" "abidiff abigail-tools" \
        "python3 python3"
    [ "$RUN_DOCS" -eq 0 ] || ba_note_tools "doxygen doxygen"
    ba_note_pkgconfig "check check"
    # boardai-camelot-web (skipped by CMake without them)
    ba_note_camelot_web_libs
    # boardai-match: MPI runs and --plot
    ba_note_tools "mpirun openmpi-bin" "gnuplot gnuplot-nox"
    ba_note_pkgconfig "ompi-c libopenmpi-dev"
    # libFuzzer harnesses (scripts/fuzz.sh) need clang and its runtime
    if [ "$RUN_FUZZ" -eq 1 ]; then
        ba_note_tools "clang clang"
        dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || ba_missing_packages+=(libclang-rt-14-dev)
    fi
    ba_install_missing
    cmake --version | head -n 1
    cc --version | head -n 1
    [ "$RUN_DOCS" -eq 0 ] || echo "doxygen $(doxygen --version)"
    pkg-config --modversion check
}

configure() {
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_WERROR=ON \
        -DBOARDAI_SANITIZE= "${GAMES_ARG[@]}"
}

build() { cmake --build "$BUILD" -j"$JOBS"; }

# Only ba_-prefixed symbols may leave the shared library.
exports() {
    local so others
    so=$(find "$BUILD/lib" -maxdepth 1 -name 'libboardai.so.*' -type f | head -n 1)
    [ -n "$so" ] || { echo "no libboardai.so.* in $BUILD/lib"; return 1; }
    echo "checking $so"
    objdump -p "$so" | grep SONAME
    # (symbol versions stripped; the version node itself, an absolute symbol, is not a function)
    nm -D --defined-only "$so" | awk '$2 != "A" {sub(/@.*/, "", $NF); print $NF}' | sort \
        >"$LOGS/exports.txt"
    echo "$(wc -l <"$LOGS/exports.txt") exported symbols"
    others=$(grep -v '^ba_' "$LOGS/exports.txt")
    if [ -n "$others" ]; then
        echo "symbols without the ba_ prefix are exported:"
        echo "$others"
        return 1
    fi
    # The static library too: its internal names are local (lib/CMakeLists.txt).
    nm -g --defined-only "$BUILD/lib/libboardai.a" | awk 'NF == 3 {print $3}' | sort \
        >"$LOGS/exports-static.txt"
    echo "$(wc -l <"$LOGS/exports-static.txt") global symbols in libboardai.a"
    others=$(grep -v '^ba_' "$LOGS/exports-static.txt")
    if [ -n "$others" ]; then
        echo "libboardai.a has global symbols without the ba_ prefix:"
        echo "$others" | head -n 20
        return 1
    fi
    # The shared library must be complete: every symbol it needs is in it or in libc/libm.
    local undefined
    undefined=$(nm -D --undefined-only "$so" | awk '{print $NF}' | grep '^ba_' || true)
    if [ -n "$undefined" ]; then
        echo "ba_ symbols used but not defined in the library:"
        echo "$undefined"
        return 1
    fi
}

asan_configure() {
    cmake -S "$ROOT" -B "$ASAN_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DBOARDAI_SANITIZE=address,undefined -DBOARDAI_BUILD_EXAMPLES=OFF \
        -DBOARDAI_BUILD_BENCH=OFF "${GAMES_ARG[@]}"
}

asan_build() { cmake --build "$ASAN_BUILD" -j"$JOBS"; }

docs() {
    local out=$BUILD/docs
    rm -rf "$out"
    mkdir -p "$out"
    cd "$ROOT" || return 1
    # The project's Doxyfile, with the output redirected into the build tree.
    { cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = $out"; echo "WARN_LOGFILE = $out/warnings.txt"; } |
        doxygen - || { cat "$out/warnings.txt" 2>/dev/null; return 1; }
    if [ -s "$out/warnings.txt" ]; then
        cat "$out/warnings.txt"
        return 1
    fi
    [ -f "$out/html/index.html" ]
}

install_tree() {
    cmake --install "$BUILD" --prefix "$PREFIX"
    find "$PREFIX" \( -type f -o -type l \) | sed "s|$PREFIX/||" | sort
    [ -f "$PREFIX/include/boardai/boardai.h" ] &&
        compgen -G "$PREFIX/lib*/pkgconfig/boardai.pc" >/dev/null &&
        compgen -G "$PREFIX/lib*/cmake/boardai/boardaiConfig.cmake" >/dev/null
}

# The programs in tests/external, built with nothing but the installed library and pkg-config.
consumer_pkgconfig() {
    local pc out src name flags extra
    pc=$(dirname "$(compgen -G "$PREFIX/lib*/pkgconfig/boardai.pc" | head -n 1)")
    export PKG_CONFIG_PATH=$pc
    echo "pkg-config --cflags --libs boardai: $(pkg-config --cflags --libs boardai)"
    out=$BUILD/external-pkgconfig
    mkdir -p "$out"
    flags=(-std=c11 -O2 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
        -Wmissing-prototypes -Wformat=2 -Wundef -Wwrite-strings -Wcast-qual -Wvla -Werror)
    for src in "$ROOT"/tests/external/*.c; do
        name=$(basename "$src" .c)
        if [ "$name" = readme_example ] &&
            ! nm -D --defined-only "$(pkg-config --variable=libdir boardai)/libboardai.so" |
            grep -q ' ba_kalah_game\(@.*\)\?$'; then
            echo "--- $name: skipped, the library was built without Kalah"
            continue
        fi
        echo "--- $name"
        # cli_*.c: an outside game on the front end library, driven by its script.
        local pc_name=boardai run=("$out/$name")
        case $name in cli_*) pc_name=boardai-cli run=(bash "${src%.c}.sh" "$out/$name") ;; esac
        extra=()
        if [ "$name" = experimental ]; then
            # The experimental part is declared only with BOARDAI_EXPERIMENTAL (api-stability.md).
            # shellcheck disable=SC2046
            if cc "${flags[@]}" $(pkg-config --cflags boardai) -fsyntax-only "$src" \
                2>"$out/$name.without-macro.log"; then
                echo "$name compiles without BOARDAI_EXPERIMENTAL"; return 1
            fi
            grep -q 'ba_pst' "$out/$name.without-macro.log" ||
                { cat "$out/$name.without-macro.log"; return 1; }
            extra=(-DBOARDAI_EXPERIMENTAL)
        fi
        # shellcheck disable=SC2046
        cc "${flags[@]}" "${extra[@]}" $(pkg-config --cflags $pc_name) "$src" -o "$out/$name" \
            $(pkg-config --libs $pc_name) || return 1
        # The installed library is not on the loader's path: say where it is.
        LD_LIBRARY_PATH="$(pkg-config --variable=libdir boardai)" "${run[@]}" </dev/null || return 1
    done
}

consumer_cmake() {
    local out=$BUILD/external-cmake
    rm -rf "$out"
    cmake -S "$ROOT/tests/external" -B "$out" -DCMAKE_PREFIX_PATH="$PREFIX" \
        -DCMAKE_BUILD_TYPE=Release || return 1
    cmake --build "$out" -j"$JOBS" || return 1
    ctest --test-dir "$out" --output-on-failure
}

# Every boardai-<game> program: --help, --version, a bad option, and a short protocol session.
programs() {
    local prog n=0 out status
    for prog in "$BUILD"/examples/boardai-*; do
        [ -x "$prog" ] || continue
        n=$((n + 1))
        echo "--- $(basename "$prog")"
        grep -qi usage <<<"$("$prog" --help)" || { echo "--help: no usage"; return 1; }
        "$prog" --version || return 1
        "$prog" --no-such-option 2>/dev/null
        status=$?
        [ "$status" -eq 2 ] || { echo "bad option: exit status $status, expected 2"; return 1; }
        out=$(printf 'moves\nresult\nplay not-a-move\nfrobnicate\ngo depth 2\nquit\n' |
            timeout 120 "$prog" --protocol) || { echo "--protocol failed"; return 1; }
        echo "$out"
        grep -q '^ongoing$' <<<"$out" || { echo "no 'ongoing' from result"; return 1; }
        grep -q '^error: .*not-a-move' <<<"$out" || { echo "illegal move not refused"; return 1; }
        grep -q '^error: unknown command' <<<"$out" || { echo "unknown command not refused"; return 1; }
        grep -q '^bestmove .* score -\{0,1\}[0-9]' <<<"$out" || { echo "no bestmove"; return 1; }
    done
    if [ -x "$BUILD/bench/boardai-bench" ]; then
        echo "--- boardai-bench"
        "$BUILD/bench/boardai-bench" --list || return 1
        n=$((n + 1))
    fi
    echo "$n programs checked"
}

# ---- run ----
# Everything runs from one function, so the whole script is read before it starts: editing the
# file while it runs (the tree is shared) cannot change what this run does.
main() {

    echo "libboardai check in $ROOT (build: $BUILD, jobs: $JOBS)"
    stage deps install_deps || { echo "cannot install the tools; stopping"; }
    stage layering "$ROOT/scripts/check-layering.sh"
    if stage configure configure && stage build build; then
        ctest_stage tests "$BUILD"
        stage exports exports
        stage abi "$ROOT/scripts/abi-check.sh" --build "$BUILD-abi"
        stage programs programs
        # Camelot in the browser: API tests again plus the Chromium end-to-end test (installs
        # node, npm, chromium and playwright-core itself; says so when Chromium is skipped).
        if [ -x "$BUILD/examples/boardai-camelot-web" ]; then
            stage web "$ROOT/scripts/test-web.sh" --use-build "$BUILD"
            grep -h 'SKIPPED' "$LOGS/web.log" | sed 's/^/   /'
        fi
        # The Python package (Debian's python3-pytest) against the library just built.
        stage python "$ROOT/bindings/python/tests/run.sh" "$BUILD"
    else
        skip tests "build failed"
    fi

    if [ $RUN_ASAN -eq 1 ]; then
        if stage asan-configure asan_configure && stage asan-build asan_build; then
            ctest_stage asan-tests "$ASAN_BUILD" \
                ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1 \
                CK_TIMEOUT_MULTIPLIER=2 \
                UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
        else
            skip asan-tests "sanitizer build failed"
        fi
    fi

    # Every parser under libFuzzer for a bounded time, and the thread test under ThreadSanitizer.
    if [ $RUN_FUZZ -eq 1 ]; then
        if command -v clang >/dev/null 2>&1; then
            stage fuzz "$ROOT/scripts/fuzz.sh" --seconds "$FUZZ_SECONDS"
        else
            skip fuzz "clang could not be installed"
        fi
    fi
    stage tsan "$ROOT/scripts/tsan.sh"
    # Camelot as WebAssembly in a static page, in Chromium (installs emscripten).
    stage wasm "$ROOT/tests/wasm/run.sh"

    if [ $RUN_DOCS -eq 1 ]; then
        stage docs docs
    fi

    if [ -f "$BUILD/lib/libboardai.a" ] && stage install install_tree; then
        stage consumer-pkgconfig consumer_pkgconfig
        stage consumer-cmake consumer_cmake
    else
        skip install "nothing built to install"
    fi

    echo
    echo "---- summary ($(fmt_ms "$(ms_since "$T0")") in total) ----"
    printf '%s\n' "${summary[@]}"
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

main "$@"; exit $?
