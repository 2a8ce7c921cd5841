#!/bin/sh
# check_format.sh -- the C sources against .clang-format, and no line over 120 columns.
#
# Usage (from the top of the source tree; make test runs it): sh tests/check_format.sh
# Every .c and .h file git tracks must be as clang-format (the version of
# Debian 12, 14) writes it, and no line of them wider than 120 columns (a
# tab to the next multiple of 8, a wide character two).  Without
# clang-format, or with another major version (whose layout differs), the
# first part is skipped with a message -- unless TSUME_REQUIRE_CLANG_FORMAT is
# set (CI), then that is a failure.  Prints every failure, exits 1 if any.
HARNESS=format
. "$(dirname "$0")/harness.sh"
files=$(git ls-files '*.c' '*.h' 2>/dev/null)
[ -n "$files" ] || files=$(find core solver tools tests -name '*.[ch]' | sort)
version=$(clang-format --version 2>/dev/null | sed -n 's/.*version \([0-9][0-9]*\)\..*/\1/p')
name="the sources as clang-format writes them"
if [ "$version" = 14 ]; then
	# shellcheck disable=SC2086
	if out=$(clang-format --dry-run --Werror $files 2>&1); then ok; else
		fail "$(printf '%s\n' "$out" | grep -c 'error:') places (clang-format -i FILE writes them): $(printf '%s\n' "$out" | grep 'error:' | head -5)"
	fi
elif [ -n "${TSUME_REQUIRE_CLANG_FORMAT:-}" ]; then
	fail "clang-format 14 is required (found: ${version:-none}; sh tools/setup.sh test installs it)"
else
	echo "check_format: clang-format 14 not found (found: ${version:-none}): the layout is not checked"
fi
name="no line over 120 columns"
wide=$(python3 - $files <<'PY'
import sys, unicodedata
for f in sys.argv[1:]:
    for i, line in enumerate(open(f, encoding="utf-8").read().split("\n"), 1):
        col = 0
        for ch in line:
            col = (col // 8 + 1) * 8 if ch == "\t" else col + (2 if unicodedata.east_asian_width(ch) in "WF" else 1)
        if col > 120:
            print(f"{f}:{i}: {col} columns")
PY
)
if [ -z "$wide" ]; then ok; else fail "$(printf '%s\n' "$wide" | head -10)"; fi
echo "check_format: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
