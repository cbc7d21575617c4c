#!/usr/bin/env bash
# The main job: builds everything (C++ with CMake/Ninja, the web UI with npm) and starts the
# Feldherr server with its web UI on an embedded SQLite database (feldherr.db). Open the printed
# URL in a browser: the lobby lists every game. Extra arguments go to `feldherr serve`,
# e.g. --port 9000 or --db /path/to/games.db.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh feldherr
(cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
exec build/release/cli/feldherr serve --port "${PORT:-8080}" --db feldherr.db --web web/dist "$@"
