#!/usr/bin/env bash
# The engine's tests under AddressSanitizer and UndefinedBehaviorSanitizer (the `debug` preset,
# build/debug): the game contract, the toy game's conformance battery with its planted bugs, and
# random play of every registered game read through its verb table, so every game's rules run
# with the sanitizers. Any sanitizer report fails (UBSan does not recover). Needs install-deps.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset debug > /dev/null
cmake --build --preset debug --target test_engine
UBSAN_OPTIONS=print_stacktrace=1 build/debug/tests/test_engine --gtest_brief=1
