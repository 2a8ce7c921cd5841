# chromium.sh -- headless Chromium for the browser checks of tests/test_sheet.sh,
# tests/test_kif_out.sh and tests/test_web.sh (sourced; they define fail, name and $tmp).
#
# chromium_ready PROG WHAT: sets $browser to $CHROMIUM, else to the first of
#   chromium and chromium-browser on PATH, and returns 0 when the browser checks
#   are to run.  Otherwise prints "PROG: ... WHAT skipped" (--no-browser, i.e.
#   BROWSER_WANTED=no, or no browser) and returns 1; no browser is a failure
#   (fail) when TSUME_REQUIRE_CHROMIUM=1 (CI).
# chrome ARGS...: runs it headless with a profile in $tmp, at most 120 s, its
#   messages appended to $tmp/chromium.log.

chromium_ready() {
	browser=${CHROMIUM:-}
	if [ -z "$browser" ]; then
		for b in chromium chromium-browser; do
			command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
		done
	fi
	if [ "${BROWSER_WANTED:-yes}" = no ]; then
		echo "$1: browser checks not run (--no-browser)"
		return 1
	fi
	if [ -z "$browser" ]; then
		if [ "${TSUME_REQUIRE_CHROMIUM:-0}" = 1 ]; then
			name="chromium"
			fail "TSUME_REQUIRE_CHROMIUM=1 but no chromium found (apt-get install chromium)"
		else
			echo "$1: chromium not found: $2 skipped"
		fi
		return 1
	fi
	return 0
}

chrome() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
		--user-data-dir="$tmp/profile" "$@" 2>>"$tmp/chromium.log"
}
