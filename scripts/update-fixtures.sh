#!/usr/bin/env bash
# Rewrites the observation fixtures in web/test/fixtures/ (after an intended change of what a
# game's observation holds or of the positions the tests play): runs the ObservationFixtures.*
# tests of each game's test binary with FELDHERR_UPDATE_FIXTURES=1. Build the test binaries first
# (cmake --build --preset release --target test_pocket test_wsr_play test_westerplatte test_rivet test_planspiel).
set -euo pipefail
cd "$(dirname "$0")/.."
tests="${FELDHERR_TESTS:-build/release/tests}"
for binary in test_pocket test_wsr_play test_westerplatte test_rivet test_planspiel; do
  FELDHERR_UPDATE_FIXTURES=1 "$tests/$binary" --gtest_filter='ObservationFixtures.*' --gtest_brief=1
done
echo "rewritten: $(ls web/test/fixtures)"
