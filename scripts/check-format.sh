#!/usr/bin/env bash
# Checks that every C++ file of the repository is formatted by .clang-format (clang-format
# --dry-run --Werror). Run by ctest as `format.check` (docs/testing.md). Fix with
#   git ls-files '*.cc' '*.h' | xargs clang-format -i
# Usage: scripts/check-format.sh [SOURCE_DIR]   (default: the repository of this script)
# Output on failure: clang-format's diagnostics, FILE:LINE:COL per misformatted place.
set -euo pipefail

root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"
if ! command -v clang-format > /dev/null; then
  echo "check-format: clang-format is not installed (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
# The repository's files (a clone has .git; a source tarball is checked by find).
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  files=$(git ls-files '*.cc' '*.h')
else
  files=$(find engine geometry games ai server cli tests bench fuzz -name '*.cc' -o -name '*.h')
fi
echo "$files" | xargs clang-format --dry-run --Werror
echo "check-format: $(echo "$files" | wc -l) files formatted"
