# shtest.sh -- what the shell tests (tests/test_cli.sh, test_sheet.sh,
# test_kif_out.sh) share, sourced: a temporary directory and the pass/fail count.
#
# shtest_init NAME: $tmp = a new directory ${TMPDIR:-/tmp}/tsume-NAME.XXXXXX,
#   removed at exit unless KEEP is set; passed=0, failed=0 (exits 1 if the
#   directory cannot be made).
# fail MESSAGE: prints "FAIL: $name: MESSAGE" and counts a failure.
# ok: counts a pass.

shtest_init() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/tsume-$1.XXXXXX") || exit 1
	trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
	passed=0
	failed=0
}

fail() {
	echo "FAIL: $name: $*"
	failed=$((failed + 1))
}

ok() { passed=$((passed + 1)); }
