#!/usr/bin/env bash
# Builds the libFuzzer targets with the `fuzz` preset (clang++-19, ASan + UBSan) and runs each
# for SECONDS seconds (default 20). Exits non-zero if any target crashes, leaks, trips a
# sanitizer or breaks a contract; the reproducer is left in build/fuzz/crashes/<target>/.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#   FUZZ_SKIP_REGRESSIONS=1 scripts/fuzz.sh ...   # without the saved crashes as seeds
#
# Needs: apt packages clang-19 libclang-rt-19-dev. See docs/testing.md, "Fuzzing".
# A crash becomes a regression test: copy the reproducer into fuzz/regressions/<target>/ (it is
# then replayed by the test_fuzz GoogleTest binary in every normal build).
set -euo pipefail

cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-20}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(fuzz_army_loader fuzz_action_parser fuzz_replay_loader fuzz_planspiel_situation
    fuzz_wsr_scenario)
fi
JOBS="${FUZZ_BUILD_JOBS:-2}"

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${TARGETS[@]}" -j "$JOBS"

BUILD=build/fuzz
failed=()
for target in "${TARGETS[@]}"; do
  corpus="$BUILD/corpus/$target"      # grows as the fuzzer finds new paths (not committed)
  crashes="$BUILD/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  seeds=()
  [ -d "fuzz/corpus/$target" ] && seeds+=("fuzz/corpus/$target")
  # Saved crashes run first; FUZZ_SKIP_REGRESSIONS=1 leaves them out (to explore further while a
  # known crash is not fixed yet).
  if [ -d "fuzz/regressions/$target" ] && [ "${FUZZ_SKIP_REGRESSIONS:-0}" != 1 ]; then
    seeds+=("fuzz/regressions/$target")
  fi
  max_len=8192
  [ "$target" = fuzz_replay_loader ] && max_len=32768  # the corpus holds a whole recorded game
  echo "== $target: ${SECONDS_PER_TARGET}s"
  # -max_len bounds the input (replays and armies are small); -timeout flags a hang.
  if ! FELDHERR_DATA="$PWD/data" ASAN_OPTIONS=detect_leaks=1 \
      UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$BUILD/fuzz/$target" "$corpus" "${seeds[@]}" \
      -max_total_time="$SECONDS_PER_TARGET" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$crashes/" 2>"$BUILD/$target.log"; then
    echo "!! $target FAILED: see $BUILD/$target.log and $crashes/" >&2
    tail -30 "$BUILD/$target.log" >&2
    failed+=("$target")
  else
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" \
      "$BUILD/$target.log" || true
    grep -E "cov: [0-9]+" "$BUILD/$target.log" | tail -1 || true
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzzing FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing passed: ${TARGETS[*]} (${SECONDS_PER_TARGET}s each)"
