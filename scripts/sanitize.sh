#!/usr/bin/env bash
# The engine's tests under AddressSanitizer and UndefinedBehaviorSanitizer, built in the fuzz
# build (the `fuzz` preset: clang-19, ASan + UBSan, build/fuzz), which compiles the engine and
# every game with the sanitizers anyway: the game contract, the toy game's conformance battery
# with its planted bugs, and random play of every registered game read through its verb table,
# so every game's rules run with the sanitizers; and the Planspiel's kept searches (state kept
# on the thread across positions and clones: PlanspielKeptSearches.*, PlanspielCaches.*). Any sanitizer report fails: ASan stops at its
# first error, UBSan too (halt_on_error), and leaks are reported at exit. Needs install-deps
# --fuzz (clang-19).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset fuzz > /dev/null
cmake --build --preset fuzz --target test_engine test_planspiel
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  build/fuzz/tests/test_engine --gtest_brief=1
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  build/fuzz/tests/test_planspiel --gtest_brief=1 \
  --gtest_filter='PlanspielKeptSearches.*:PlanspielCaches.*'
