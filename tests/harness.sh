# harness.sh -- the frame the shell tests share (test_cli.sh, test_sheet.sh,
# test_install.sh, test_kif_out.sh, test_shard.sh), sourced after HARNESS is set to the test's short name:
#   $tmp                 a fresh temporary directory, removed at exit (kept when KEEP is set)
#   $passed, $failed     the counters
#   fail MESSAGE...      counts a failure of the test named $name and prints it
#   ok                   counts a pass
#   check NAME CMD...    names the test NAME; a pass when CMD succeeds, else a failure
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tsume-${HARNESS:-test}.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM

passed=0
failed=0

fail() {
	echo "FAIL: $name: $*"
	failed=$((failed + 1))
}
ok() { passed=$((passed + 1)); }
check() {
	name=$1
	shift
	if "$@"; then ok; else fail "$*"; fi
}
