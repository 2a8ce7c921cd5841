# harness.sh -- the frame the shell tests share (test_cli.sh, test_sheet.sh,
# test_install.sh, test_kif_out.sh, test_shard.sh), sourced after HARNESS is set to the test's short name:
#   $tmp                 a fresh temporary directory, removed at exit (kept when KEEP is set)
#   $passed, $failed     the counters
#   fail MESSAGE...      counts a failure of the test named $name and prints it
#   ok                   counts a pass
#   check NAME CMD...    names the test NAME; a pass when CMD succeeds, else a failure
#   readme_commands FILE the commands of README's ```sh blocks and the test that runs each
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tsume-${HARNESS:-test}.XXXXXX") || exit 1
# stopped (Ctrl-C, a timeout's TERM): the files removed and the test ended,
# not left running on without them (130 and 143, as a shell would exit)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

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

# readme_commands FILE -- the commands of FILE's ```sh blocks (README.md), one a
# line, as OWNER<TAB>COMMAND: OWNER is the test that runs the block, named by a
# line "<!-- run by tests/NAME -->" right before it (test_cli.sh when there is
# none).  A line ending in "\" or "|" is joined to the next; a comment after a
# command (two blanks, then "#") is dropped, so are blank and comment lines.
readme_commands() {
	awk '
	/^<!-- run by tests\/[A-Za-z0-9_.]+ -->$/ { owner = $4; sub(/^tests\//, "", owner); next }
	!inblock && /^```sh[ \t]*$/ { inblock = 1; if (owner == "") owner = "test_cli.sh"; next }
	inblock && /^```[ \t]*$/ { inblock = 0; owner = ""; next }
	!inblock { if (NF) owner = (/^<!--/ ? owner : ""); next }
	{
		line = $0
		sub(/[ \t][ \t]+#.*$/, "", line)
		sub(/^[ \t]+/, "", line)
		sub(/[ \t]+$/, "", line)
		if (line == "" || line ~ /^#/) next
		cmd = (cmd == "" ? "" : cmd " ") line
		if (cmd ~ /\\$/) { sub(/[ \t]*\\$/, "", cmd); next }
		if (cmd ~ /\|$/) next
		printf "%s\t%s\n", owner, cmd
		cmd = ""
	}' "$1"
}
