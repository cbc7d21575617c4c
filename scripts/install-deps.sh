#!/usr/bin/env bash
# Installs the Debian packages Feldherr needs (idempotent: does nothing if all are present).
# Usage: scripts/install-deps.sh [--fuzz] [--web]
#   --fuzz adds clang-19 for the libFuzzer targets; --web adds Chromium for the browser
#   end-to-end test of web/. Node.js >= 20 with npm (the machine's) builds web/.
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config nlohmann-json3-dev libtomlplusplus-dev libcli11-dev
          libfmt-dev googletest libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
          libboost1.81-dev libsqlite3-dev libsqlitecpp-dev libsodium-dev libmimalloc-dev ccache
          clang-format python3)
# libsodium: SHA-256 and the CSPRNG of the dice secrets and server tokens (engine/fair_dice.cc).
# libmimalloc: the `feldherr` executable's allocator (docs/server.md "Throughput").
# clang-format: the format check of the sources (ctest format.check, scripts/check-format.sh).
# python3: the strength table (scripts/strength.py; ctest shell.strength_cells).
# The server (server/, `feldherr serve`) needs Boost 1.81 (Beast) and SQLite. Never add
# libboost-dev / libboost-all-dev: they are Boost 1.74 and conflict with libboost1.81-dev.
for arg in "$@"; do
  case "$arg" in
    --fuzz) packages+=(clang-19 libclang-rt-19-dev) ;;
    --web) packages+=(chromium curl) ;;
    *) echo "install-deps: unknown argument $arg (use --fuzz, --web)" >&2; exit 2 ;;
  esac
done
# Node.js builds the web UI (web/); Debian's own nodejs (18) is too old for its tools, so the
# machine's Node.js >= 20 is used, or Debian's as a last resort with a clear message.
if ! command -v npm > /dev/null; then packages+=(nodejs npm); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
