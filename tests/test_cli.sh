#!/bin/sh
# test_cli.sh -- the tsume command line: output and exit status.
# Usage: sh tests/test_cli.sh PATH/TO/tsume
# Expected move lists come from ../shared/oracle (node oracle.mjs --cross
# moves|checks ...); perft 3 of the start position is the published 25,470.
# Prints every failure and exits 1 if there was any.

TSUME=${1:?usage: sh tests/test_cli.sh PATH/TO/tsume}
[ -x "$TSUME" ] || { echo "test_cli: $TSUME is not an executable" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tsume-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

passed=0
failed=0

fail() {
	echo "FAIL: $name: $*"
	failed=$((failed + 1))
}

# run NAME STDIN_TEXT ARGS... -- runs tsume with ARGS, STDIN_TEXT on standard
# input; leaves the status in $rc, standard output in $out, standard error in $tmp/err.
run() {
	name=$1
	input=$2
	shift 2
	printf '%s\n' "$input" | "$TSUME" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
}

# expect_ok EXPECTED_STDOUT -- status 0 and exactly this output.
expect_ok() {
	if [ "$rc" -ne 0 ]; then
		fail "exit status $rc, expected 0; stderr: $(cat "$tmp/err")"
	elif [ "$out" != "$1" ]; then
		fail "output differs
  expected: $1
  got:      $out"
	else
		passed=$((passed + 1))
	fi
}

# expect_bad [WORD...] -- status 2, nothing on stdout, a message on stderr that
# contains every WORD (fixed strings).
expect_bad() {
	if [ "$rc" -ne 2 ]; then
		fail "exit status $rc, expected 2"
		return
	fi
	if [ ! -s "$tmp/err" ]; then
		fail "no message on stderr"
		return
	fi
	if [ -n "$out" ]; then
		fail "unexpected output on stdout: $out"
		return
	fi
	for word in "$@"; do
		if ! grep -qF -- "$word" "$tmp/err"; then
			fail "stderr does not contain '$word': $(cat "$tmp/err")"
			return
		fi
	done
	passed=$((passed + 1))
}

STARTPOS='lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
STARTPOS_MOVES='1g1f 1i1h 2g2f 2h1h 2h3h 2h4h 2h5h 2h6h 2h7h 3g3f 3i3h 3i4h 4g4f 4i3h 4i4h 4i5h 5g5f 5i4h 5i5h 5i6h 6g6f 6i5h 6i6h 6i7h 7g7f 7i6h 7i7h 8g8f 9g9f 9i9h'
AFTER_7G7F_MOVES='1a1b 1c1d 2c2d 3a3b 3a4b 3c3d 4a3b 4a4b 4a5b 4c4d 5a4b 5a5b 5a6b 5c5d 6a5b 6a6b 6a7b 6c6d 7a6b 7a7b 7c7d 8b3b 8b4b 8b5b 8b6b 8b7b 8b9b 8c8d 9a9b 9c9d'
TSUME_POS='4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1'
TSUME_CHECKS='5c5b 5c5b+ G*4a G*4b G*5b G*6a G*6b'
UCHIFU_POS='3lkl3/9/4S4/9/9/9/9/9/9 b P 1'
UCHIFU_CHECKS='5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+'
C20='rrll1pppp/llbgggg2/ppppssssK/2n1p4/3nkn3/5n3/9/1B7/9 w 9p 1'
C20_EVASIONS='5e5f 5e6d 6e7g 6e7g+ 7d6f'

# ---- perft
run "perft startpos 3" "" perft startpos 3
expect_ok 25470
run "perft SFEN 1" "" perft "$STARTPOS" 1
expect_ok 30
run "perft 'position startpos moves 7g7f' 2" "" perft "position startpos moves 7g7f" 2
expect_ok 1110

# ---- moves: all legal moves, strcmp order, one line
run "moves startpos SFEN" "" moves "$STARTPOS"
expect_ok "$STARTPOS_MOVES"
if [ "$rc" -eq 0 ]; then
	n=$(printf '%s\n' "$out" | wc -w)
	[ "$n" -eq 30 ] || fail "moves startpos SFEN: $n moves, expected 30"
	sorted=$(printf '%s\n' "$out" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
	[ "$sorted" = "$out" ] || fail "moves startpos SFEN: not in strcmp order"
fi
run "moves 'startpos moves 7g7f'" "" moves "startpos moves 7g7f"
expect_ok "$AFTER_7G7F_MOVES"

# ---- --checks on tsume positions (no attacker king, full defender hand)
run "moves --checks tsume" "" moves "$TSUME_POS" --checks
expect_ok "$TSUME_CHECKS"
run "moves --checks before SFEN" "" moves --checks "$TSUME_POS"
expect_ok "$TSUME_CHECKS"
run "moves --checks uchifuzume excluded" "" moves "$UCHIFU_POS" --checks
expect_ok "$UCHIFU_CHECKS"

# ---- --evasions in check (cases.tsv C20: count 5)
run "moves --evasions C20" "" moves "$C20" --evasions
expect_ok "$C20_EVASIONS"

# ---- '-' reads the position from standard input
run "moves - (stdin)" "$STARTPOS" moves -
expect_ok "$STARTPOS_MOVES"
run "moves - --checks (stdin, sfen prefix)" "sfen $TSUME_POS" moves - --checks
expect_ok "$TSUME_CHECKS"
run "perft - 3 (stdin startpos)" "startpos" perft - 3
expect_ok 25470
run "moves - (stdin, position ... moves)" "position startpos moves 7g7f" moves -
expect_ok "$AFTER_7G7F_MOVES"

# ---- bad SFEN: exit 2, stderr names the field and the column
run "bad SFEN: unknown letter" "" moves '4k4/9/9/9/4X4/9/9/9/4K4 b - 1'
expect_bad board "column 12"
run "bad SFEN: side" "" moves '4k4/9/9/9/9/9/9/9/4K4 x - 1'
expect_bad side "column 23"
run "bad SFEN: hand count" "" perft '4k4/9/9/9/9/9/9/9/4K4 b 19p 1' 1
expect_bad hand "column 25"
run "bad SFEN: illegal move" "" moves 'startpos moves 7g7f 7g7f'
expect_bad moves "column 21"
run "bad SFEN: side not to move in check (C28)" "" moves 'k8/1G7/R8/9/9/9/9/9/8K b P 1'
expect_bad position
run "bad SFEN on stdin" "4k4/9/9/9/4X4/9/9/9/4K4 b - 1" moves -
expect_bad board "column 12"
run "empty stdin" "" moves -
expect_bad board "column 1"

# ---- usage errors
run "unknown command" "" frobnicate startpos
expect_bad frobnicate
run "no command" ""
expect_bad usage
for depth in 0 x 3x 21 ""; do
	run "perft bad depth '$depth'" "" perft startpos "$depth"
	expect_bad DEPTH
done
run "perft without depth" "" perft startpos
expect_bad usage
run "moves without SFEN" "" moves
expect_bad usage
run "moves unknown option" "" moves startpos --frobnicate
expect_bad usage
run "--evasions when not in check" "" moves "$STARTPOS" --evasions
expect_bad "not in check"

echo "test_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
