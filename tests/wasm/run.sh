#!/usr/bin/env bash
# Builds the static WebAssembly Camelot page (scripts/build-wasm.sh) and tests it in headless
# Chromium (static.e2e.mjs). Installs emscripten, nodejs, npm, chromium and playwright-core
# (pinned in package-lock.json) when missing.
#
# Usage: tests/wasm/run.sh
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# shellcheck source=scripts/deps.sh
. "$ROOT/scripts/deps.sh"
ba_note_tools "node nodejs" "npm npm" "python3 python3"
[ -x /usr/bin/chromium ] || ba_missing_packages+=(chromium)
ba_install_missing

"$ROOT/scripts/build-wasm.sh"
[ -d "$HERE/node_modules/playwright-core" ] ||
    (cd "$HERE" && npm ci --no-audit --no-fund --ignore-scripts)
node "$HERE/static.e2e.mjs" "$ROOT/build-wasm/site"
