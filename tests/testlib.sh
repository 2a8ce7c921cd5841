# testlib.sh -- what the shell tests share (sourced; set TEST to the test's
# name first): a temporary directory $tmp, removed at the end unless KEEP=1;
# the counts $passed and $failed; fail MESSAGE (names the check in $name)
# and ok.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tsume-$TEST.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM

passed=0
failed=0
fail() {
	echo "FAIL: $name: $*"
	failed=$((failed + 1))
}
ok() { passed=$((passed + 1)); }
