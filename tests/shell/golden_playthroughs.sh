#!/usr/bin/env bash
# Golden playthroughs: the full narrated output of seeded games must not change unless the rules
# change on purpose. After an intended change, regenerate with scripts/update-golden.sh and
# review the diff.
set -euo pipefail
feldherr="$1"
src="$2"
status=0
for golden in "$src"/tests/golden/*.txt; do
  args=$(head -n 1 "$golden" | sed 's/^# args: //')
  # shellcheck disable=SC2086
  if ! diff -u <(tail -n +2 "$golden") <("$feldherr" $args 2>&1) > /tmp/golden.diff; then
    echo "golden playthrough changed: $golden"
    head -n 40 /tmp/golden.diff
    status=1
  fi
done
exit $status
