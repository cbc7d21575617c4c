#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds, runs every test (unit, rule, conformance,
# replay, golden playthroughs, CLI, server), the web UI's unit tests and its browser end-to-end
# test, the engine's tests under ASan and UBSan (scripts/sanitize.sh), then a short libFuzzer run
# of each fuzz target.
# FELDHERR_FUZZ_SECONDS (default 20) sets the fuzzing time per target; 0 skips fuzzing.
# WEB_E2E=0 skips the browser test; FELDHERR_SANITIZE_CHECK=0 skips the sanitizer run.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds="${FELDHERR_FUZZ_SECONDS:-20}"
deps=(--web)
# clang-19 builds the fuzz targets and the engine's tests under the sanitizers (build/fuzz).
if [[ "$fuzz_seconds" != 0 || "${FELDHERR_SANITIZE_CHECK:-1}" != 0 ]]; then deps+=(--fuzz); fi
bash scripts/install-deps.sh "${deps[@]}"
bash scripts/build.sh
mkdir -p build
# ctest starts the longest tests first when it knows their times (the cost file of an earlier
# run); a fresh clone has none, so it takes the times of the slow tests from
# scripts/ctest-costs.txt and the long batteries do not start last.
costs=build/release/Testing/Temporary/CTestCostData.txt
if [[ ! -f "$costs" ]]; then
  mkdir -p "$(dirname "$costs")"
  cp scripts/ctest-costs.txt "$costs"
fi
ctest_status=0
ctest --preset release 2>&1 | tee build/ctest.log || ctest_status=$?
web_status=0
bash web/ci.sh build/release/cli/feldherr 2>&1 | tee build/web.log || web_status=$?
sanitize_status=0
if [[ "${FELDHERR_SANITIZE_CHECK:-1}" != 0 ]]; then
  bash scripts/sanitize.sh 2>&1 | tee build/sanitize.log || sanitize_status=$?
fi
if [[ "$fuzz_seconds" != 0 ]]; then
  bash scripts/fuzz.sh "$fuzz_seconds"
fi
# The closing line, from ctest's summary ("100% tests passed, 0 tests failed out of N") and the
# web checks (vitest + browser test: "N passed, M failed").
total=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build/ctest.log | tail -n 1)
failed=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' build/ctest.log | tail -n 1)
total=${total:-0}
failed=${failed:-0}
if ((web_status != 0)); then failed=$((failed + 1)); total=$((total + 1)); fi
if ((sanitize_status != 0)); then failed=$((failed + 1)); total=$((total + 1)); fi
echo "web: $( ((web_status == 0)) && echo ok || echo FAILED) (build/web.log)"
echo "sanitizers: $( ((sanitize_status == 0)) && echo ok || echo FAILED) (build/sanitize.log)"
echo "tests: $((total - failed)) passed, ${failed} failed"
((ctest_status == 0 && web_status == 0 && sanitize_status == 0))
