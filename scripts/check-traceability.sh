#!/usr/bin/env bash
# Checks that every test the docs name exists: each backticked `Suite.TestName` in docs/**/*.md
# outside fenced code blocks (also written `Prefix/Suite.TestName/param` for parameterised
# tests, or with `*` in the name as a gtest filter) whose Suite is a GoogleTest suite defined in
# tests/ must name a TEST, TEST_F, TEST_P or RC_GTEST_PROP of tests/ (a name with `*` must match
# at least one). Names whose suite is not defined in tests/ (ctest names, file names, C++
# members) are not checked. Run by ctest as `docs.traceability` (docs/testing.md).
# Usage: scripts/check-traceability.sh [SOURCE_DIR]   (default: the repository of this script)
# Output on failure, one line per missing test:  docs/FILE.md:LINE: no test Suite.Name in tests/
set -euo pipefail

root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"

tests=$(mktemp)
trap 'rm -f "$tests"' EXIT

# Every test defined in tests/, one "Suite.Name" a line. The macro's arguments may be split over
# lines, so each file is read as one line.
find tests -name '*.cc' -o -name '*.h' | sort | while read -r f; do
  tr '\n' ' ' < "$f" |
    grep -oE '\b(TEST|TEST_F|TEST_P|RC_GTEST_PROP|RC_GTEST_FIXTURE_PROP)\( *[A-Za-z_][A-Za-z0-9_]* *, *[A-Za-z_][A-Za-z0-9_]*' |
    sed -E 's/^[A-Z_]+\( *//; s/ *, */./' || true
done | sort -u > "$tests"

if [[ ! -s "$tests" ]]; then
  echo "check-traceability: no tests found under $root/tests" >&2
  exit 2
fi

# Every doc file under docs/, outside fenced code blocks (examples, not tables).
mapfile -t docs < <(find docs -name '*.md' | sort)
awk -v tests="$tests" '
    BEGIN {
      while ((getline line < tests) > 0) {
        dot = index(line, ".")
        suite[substr(line, 1, dot - 1)] = 1
        test[line] = 1
        n++
      }
    }
    FNR == 1 { fence = 0 }
    /^[ \t]*```/ { fence = !fence; next }
    fence { next }
    {
      rest = $0
      while (match(rest, /`([A-Za-z0-9_]+\/)?[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z0-9_*]+(\/[A-Za-z0-9_*-]+)?`/)) {
        token = substr(rest, RSTART + 1, RLENGTH - 2)
        rest = substr(rest, RSTART + RLENGTH)
        check(FILENAME, FNR, token)
      }
    }
    function check(file, lineno, token,    dot, s, t, re, found, k) {
      dot = index(token, ".")
      s = substr(token, 1, dot - 1)
      t = substr(token, dot + 1)
      sub(/^.*\//, "", s)   # instantiation prefix: Basic/Battery.X -> Battery.X
      sub(/\/.*$/, "", t)   # parameter suffix: Battery.X/noville -> Battery.X
      if (!(s in suite)) return
      checked++
      if (index(t, "*") == 0) {
        if ((s "." t) in test) return
      } else {
        re = t
        gsub(/\*/, ".*", re)
        re = "^" s "\\." re "$"
        found = 0
        for (k in test) if (k ~ re) { found = 1; break }
        if (found) return
      }
      printf "%s:%s: no test %s.%s in tests/ (doc text `%s`)\n", file, lineno, s, t, token
      missing++
    }
    END {
      if (missing) {
        printf "check-traceability: %d of %d test names in docs/ are not tests in tests/\n", missing, checked
        exit 1
      }
      printf "check-traceability: all %d test names in docs/ are tests in tests/ (%d tests defined)\n", checked, n
    }' "${docs[@]}"
