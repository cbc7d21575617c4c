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
port="${E2E_PORT:-$((20000 + RANDOM % 20000))}"
tmp="$(mktemp -d)"
"$bin" serve --port "$port" --db "$tmp/e2e.db" --web dist --ai-delay "${E2E_AI_DELAY:-0}" >"$tmp/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/api/catalog" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
FELDHERR_URL="http://127.0.0.1:$port" node e2e/play.mjs "$@" || {
  status=$?
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$tmp/server.log" >&2
  exit $status
}
