#!/bin/sh
# test_web.sh -- the web page: make web builds build/web/index.html with
# emscripten, and tests/web_check.py runs it in headless Chromium from
# file:// (README's problem from ?sfen=, a KIF of the test data as a file,
# plain and gzip, with its verify line, a bad board's message, Stop).
# Usage (from the top of the tree, after make; make test runs it):
#   sh tests/test_web.sh TSUME TESTDATA [MAKE]
# Skipped without emscripten (emcc) or Chromium, unless
# TSUME_REQUIRE_EMSCRIPTEN=1 (CI), resp. TSUME_REQUIRE_CHROMIUM=1.

TSUME=${1:?usage: sh tests/test_web.sh TSUME TESTDATA [MAKE]}
TESTDATA=${2:?usage: sh tests/test_web.sh TSUME TESTDATA [MAKE]}
MAKE=${3:-make}
HARNESS=web
. "$(dirname "$0")/harness.sh"
. "$(dirname "$0")/chromium.sh"

if ! command -v "${EMCC:-emcc}" >/dev/null 2>&1; then
	if [ "${TSUME_REQUIRE_EMSCRIPTEN:-0}" = 1 ]; then
		name="emscripten"
		fail "TSUME_REQUIRE_EMSCRIPTEN=1 but no emcc found (sh tools/setup.sh test installs emscripten)"
	else
		echo "test_web: emcc not found: the web page not built, its test skipped (sh tools/setup.sh test)"
	fi
	echo "test_web: $passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi

name="make web"
if $MAKE --no-print-directory web >"$tmp/make.log" 2>&1 && [ -s build/web/index.html ]; then ok; else
	fail "$(tail -20 "$tmp/make.log")"
fi
check "the page is one file: no script or wasm fetched beside it" sh -c \
	'! grep -Eq "<script[^>]* src=|\.wasm\"" build/web/index.html'

if [ "$failed" -eq 0 ] && chromium_ready test_web "the page in the browser"; then
	name="the page in Chromium (tests/web_check.py)"
	if timeout 300 python3 "$(dirname "$0")/web_check.py" "$browser" build/web/index.html "$TSUME" "$TESTDATA" >"$tmp/check" 2>&1; then
		ok
	else
		fail "$(cat "$tmp/check")"
	fi
	grep "^web_check:" "$tmp/check"
fi
echo "test_web: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
