#!/usr/bin/env bash
# Configures and builds the release preset (build/release). Usage: scripts/build.sh [targets...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset release > /dev/null
if (($# > 0)); then
  cmake --build --preset release --target "$@"
else
  cmake --build --preset release
fi
