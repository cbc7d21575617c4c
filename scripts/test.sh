#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds, runs every test (unit, rule, conformance,
# replay, CLI), then a short libFuzzer run of each fuzz target.
# FELDHERR_FUZZ_SECONDS (default 20) sets the fuzzing time per target; 0 skips fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds="${FELDHERR_FUZZ_SECONDS:-20}"
if [[ "$fuzz_seconds" != 0 ]]; then bash scripts/install-deps.sh --fuzz; fi
bash scripts/build.sh
ctest --preset release
if [[ "$fuzz_seconds" != 0 ]]; then
  bash scripts/fuzz.sh "$fuzz_seconds"
fi
