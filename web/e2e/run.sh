#!/usr/bin/env bash
# Runs the browser end-to-end test (e2e/play.mjs). With FELDHERR_URL set it uses that running
# server; otherwise it starts `feldherr serve` ($FELDHERR_BIN, default build/release/cli/feldherr)
# on a free port with a temporary SQLite file and this folder's dist/, and stops it afterwards.
# The scenario `wsr-trucks` plays a test scenario kept in e2e/data/ (not a printed scenario): for
# it a second server reads a temporary copy of the repository's data/ with e2e/data/ copied over
# it (FELDHERR_DATA; docs/web.md), passed to play.mjs as FELDHERR_TRUCKS_URL. The shipped data is
# never changed. Usage: bash e2e/run.sh [--only SCENARIO]
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
only=""
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  if [[ "${args[i]}" == --only ]]; then only="${args[i + 1]:-}"; fi
done
tmp="$(mktemp -d)"
servers=()
cleanup() {
  for s in "${servers[@]}"; do
    kill "$s" 2>/dev/null || true
    wait "$s" 2>/dev/null || true
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
# start_server NAME [DATA]: `feldherr serve` on a random port below Linux's ephemeral range
# (32768-60999), so that no outgoing connection of this machine holds it; if the server still
# cannot listen (it exits), the next port is tried. DATA, if given, is its FELDHERR_DATA. Sets
# `port` and appends the process to `servers`; its log is $tmp/NAME.log.
start_server() {
  local name="$1" data="${2:-}" pid=""
  for attempt in 1 2 3 4 5; do
    port="${E2E_PORT:-$((20000 + RANDOM % 12000))}"
    [[ -z "${E2E_PORT:-}" || "$name" == main ]] || port=$((E2E_PORT + 1))
    if [[ -n "$data" ]]; then
      FELDHERR_DATA="$data" "$bin" serve --port "$port" --db "$tmp/$name.db" --web dist --ai-delay "${E2E_AI_DELAY:-0}" >"$tmp/$name.log" 2>&1 &
    else
      "$bin" serve --port "$port" --db "$tmp/$name.db" --web dist --ai-delay "${E2E_AI_DELAY:-0}" >"$tmp/$name.log" 2>&1 &
    fi
    pid=$!
    for _ in $(seq 1 100); do
      if curl -fsS "http://127.0.0.1:$port/api/catalog" >/dev/null 2>&1; then break 2; fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then break; fi  # up but slow: let play.mjs try
    echo "e2e: the $name server did not start on port $port (attempt $attempt):" >&2
    tail -n 3 "$tmp/$name.log" >&2
    wait "$pid" 2>/dev/null || true
    pid=""
    [[ -z "${E2E_PORT:-}" ]] || break
  done
  [[ -n "$pid" ]] || { echo "e2e: no $name server could be started" >&2; exit 1; }
  servers+=("$pid")
}
start_server main
main_port="$port"
if [[ -z "$only" || "$only" == wsr-trucks ]]; then
  mkdir "$tmp/data"
  cp -r ../data/. "$tmp/data/"
  cp -r e2e/data/. "$tmp/data/"
  start_server trucks "$tmp/data"
  export FELDHERR_TRUCKS_URL="http://127.0.0.1:$port"
fi
FELDHERR_URL="http://127.0.0.1:$main_port" node e2e/play.mjs "$@" || {
  status=$?
  for log in "$tmp"/*.log; do
    echo "--- $(basename "$log" .log) server log (last 40 lines) ---" >&2
    tail -n 40 "$log" >&2
  done
  exit $status
}
