#!/usr/bin/env bash
# The web UI's whole check, for scripts/test.sh (.ci/run): install from the lock file, type-check
# and build dist/, unit tests, then the browser end-to-end test against the built server.
#   bash web/ci.sh [FELDHERR_BIN]     (default build/release/cli/feldherr)
# Needs Node.js >= 20 with npm, and Chromium (/usr/bin/chromium, or $CHROMIUM) for the e2e part;
# WEB_E2E=0 skips the e2e part.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# A relative path is taken from the current directory; the default from the repository root.
bin="$(realpath -m "${1:-$here/../build/release/cli/feldherr}")"
cd "$here"
npm ci --no-audit --no-fund
npm run build
npm test
if [[ "${WEB_E2E:-1}" != 0 ]]; then
  FELDHERR_BIN="$bin" bash e2e/run.sh
fi
