# shellcheck shell=bash
# Sourced by the scripts in this folder: installs the build tools that are missing.
#
# ba_need_tools "<command> <package>" ...: every command that is not on PATH gets its package
# installed with apt-get (and `apt-get update` runs only when something is missing at all).
# ba_need_pkgconfig "<module> <package>" ...: the same for pkg-config modules (e.g. check).

ba_missing_packages=()

ba_note_tools() {
    local pair cmd pkg
    for pair in "$@"; do
        cmd=${pair%% *}
        pkg=${pair#* }
        command -v "$cmd" >/dev/null 2>&1 || ba_missing_packages+=("$pkg")
    done
}

ba_note_pkgconfig() {
    local pair mod pkg
    for pair in "$@"; do
        mod=${pair%% *}
        pkg=${pair#* }
        if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "$mod" 2>/dev/null; then
            ba_missing_packages+=("$pkg")
        fi
    done
}

# A C compiler, make, and the C library's headers (`gcc` only recommends libc6-dev, and we install
# without recommends).
ba_note_c_toolchain() {
    ba_note_tools "cc gcc" "make make"
    [ -f /usr/include/stdio.h ] || ba_missing_packages+=(libc6-dev)
}

# The libraries of boardai-camelot-web (Camelot in the browser; CMake skips it without them).
ba_note_camelot_web_libs() {
    ba_note_pkgconfig "libmicrohttpd libmicrohttpd-dev" "jansson libjansson-dev" \
        "sqlite3 libsqlite3-dev"
}

# Installs what ba_note_* found missing. Needs root (or sudo) and apt-get.
ba_install_missing() {
    if [ ${#ba_missing_packages[@]} -eq 0 ]; then
        return 0
    fi
    local pkgs
    pkgs=$(printf '%s\n' "${ba_missing_packages[@]}" | sort -u | tr '\n' ' ')
    echo "installing missing packages: $pkgs"
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: apt-get not found; please install: $pkgs" >&2
        return 1
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "error: not root and no sudo; please install: $pkgs" >&2
            return 1
        fi
    fi
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    "${sudo[@]}" apt-get update -qq </dev/null &&
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends $pkgs </dev/null
    ba_missing_packages=()
}
