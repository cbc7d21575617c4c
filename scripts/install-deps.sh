#!/usr/bin/env bash
# Installs the Debian packages Feldherr needs (idempotent: does nothing if all are present).
# Usage: scripts/install-deps.sh [--fuzz]     (--fuzz adds clang-19 for the libFuzzer targets)
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config nlohmann-json3-dev libtomlplusplus-dev libcli11-dev
          libfmt-dev googletest libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev)
if [[ "${1:-}" == "--fuzz" ]]; then
  packages+=(clang-19 libclang-rt-19-dev)
fi

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
