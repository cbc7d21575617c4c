#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds, runs every test (unit, rule, conformance,
# replay, golden playthroughs, CLI), then a short libFuzzer run of each fuzz target.
# FELDHERR_FUZZ_SECONDS (default 20) sets the fuzzing time per target; 0 skips fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds="${FELDHERR_FUZZ_SECONDS:-20}"
if [[ "$fuzz_seconds" != 0 ]]; then bash scripts/install-deps.sh --fuzz; fi
bash scripts/build.sh
mkdir -p build
ctest --preset release 2>&1 | tee build/ctest.log
if [[ "$fuzz_seconds" != 0 ]]; then
  bash scripts/fuzz.sh "$fuzz_seconds"
fi
# The closing line, from ctest's summary ("100% tests passed, 0 tests failed out of N").
total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build/ctest.log | tail -n 1)
failed=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' build/ctest.log | tail -n 1)
echo "tests: $((total - failed)) passed, ${failed} failed"
