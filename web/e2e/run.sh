#!/usr/bin/env bash
# Runs the browser end-to-end test (e2e/play.mjs). With FELDHERR_URL set it uses that running
# server; otherwise it starts `feldherr serve` ($FELDHERR_BIN, default build/release/cli/feldherr)
# on a free port with a temporary SQLite file and this folder's dist/, and stops it afterwards.
# Needs: npm ci && npm run build (dist/), and Chromium (/usr/bin/chromium or $CHROMIUM).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -n "${FELDHERR_URL:-}" ]]; then
  exec node e2e/play.mjs "$@"
fi
bin="${FELDHERR_BIN:-../build/release/cli/feldherr}"
if [[ ! -x "$bin" ]]; then
  echo "e2e: no server binary at $bin (set FELDHERR_BIN or FELDHERR_URL)" >&2
  exit 2
fi
[[ -f dist/index.html ]] || npm run build
tmp="$(mktemp -d)"
server=""
cleanup() {
  if [[ -n "$server" ]]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# A random port below Linux's ephemeral range (32768-60999), so that no outgoing connection of
# this machine holds it; if the server still cannot listen (it exits), the next port is tried.
for attempt in 1 2 3 4 5; do
  port="${E2E_PORT:-$((20000 + RANDOM % 12000))}"
  "$bin" serve --port "$port" --db "$tmp/e2e.db" --web dist --ai-delay "${E2E_AI_DELAY:-0}" >"$tmp/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$port/api/catalog" >/dev/null 2>&1; then break 2; fi
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$server" 2>/dev/null; then break; fi  # up but slow: let play.mjs try
  echo "e2e: the server did not start on port $port (attempt $attempt):" >&2
  tail -n 3 "$tmp/server.log" >&2
  wait "$server" 2>/dev/null || true
  server=""
  [[ -z "${E2E_PORT:-}" ]] || break
done
[[ -n "$server" ]] || { echo "e2e: no server could be started" >&2; exit 1; }
FELDHERR_URL="http://127.0.0.1:$port" node e2e/play.mjs "$@" || {
  status=$?
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$tmp/server.log" >&2
  exit $status
}
