#!/bin/sh
# test_bench_signature.sh -- problems/bench-signature.tsv, the problems of
# `tsume bench --signature`, against the test data they were taken from,
# and the command reading it.
# Usage (from the top of the source tree): sh tests/test_bench_signature.sh PATH/TO/tsume [TEST_DATA_DIR]
#
#  - the file's rows are made again here from TEST_DATA_DIR by the rules its
#    header states (which cases, which lines of each set, the names the
#    signature prints) and must be the same, row for row: the file and the
#    test data (tests/data, unpacked) cannot drift apart unnoticed;
#  - the rows of problems/long-signature.tsv are masterpieces.tsv's;
#  - tsume bench --signature run from another
#    directory: it finds the file next to the binary and solves its 100 rows;
#  - --problems FILE: a missing file and bad rows are refused (status 2,
#    FILE:LINE and the reason), before any search.
# Prints every failure and exits 1 if there was any.  KEEP=1 keeps the
# temporary directory.

TSUME=${1:?usage: sh tests/test_bench_signature.sh PATH/TO/tsume [TEST_DATA_DIR]}
DATA=${2:-build/testdata}
[ -x "$TSUME" ] || { echo "test_bench_signature: $TSUME is not an executable" >&2; exit 1; }
[ -f problems/bench-signature.tsv ] || { echo "test_bench_signature: run from the top of the source tree" >&2; exit 1; }
case $TSUME in /*) ;; *) TSUME=$(pwd)/$TSUME ;; esac
FILE=$(pwd)/problems/bench-signature.tsv

HARNESS=bench-signature
. "$(dirname "$0")/harness.sh"

# The rows of the signature made from the test data ($1), as the file
# holds them: name, mode, futile rule, SFEN [moves ...], tab-separated.
# What is read of a file: its lines, "\r\n" or "\n" ended, that are neither
# empty nor start with '#'; "line i" of a set is the i-th of those.
data_rows() {
	P=$1/problems
	# cases.tsv: every case whose expectation names a mate or no mate,
	# solved under the default futile rule and with the rule off
	awk -F '\t' '{ sub(/\r$/, "") } $0 == "" || /^#/ { next }
		$3 ~ /mate/ { printf "cases %s\tsolve\tdefault\t%s\n", $1, $2; printf "cases %s (futile off)\tsolve\tnone\t%s\n", $1, $2 }' \
		"$P/cases.tsv" || return 1
	# ShogiBoardQ: the first 3 problems of each length, verified against
	# their stated lines
	for n in 3 5 7 9 11 13; do
		f=$P/raw/shogiboardq/tsume_${n}ply_1000_20261001.txt
		awk -v base="${f##*/}" '{ sub(/\r$/, "") } $0 == "" || /^#/ { next }
			{ i++; printf "%s:%d\t%s\tdefault\t%s\n", base, i, (/ moves / ? "verify" : "solve"), $0 } i == 3 { exit }' "$f" || return 1
	done
	# nshogi (YaneuraOu's mate-N sets): the first 3 of each length, solved
	for n in 3 5 7 9 11; do
		f=$P/raw/nshogi/test/mate-$n-ply.txt
		awk -v base="${f##*/}" '{ sub(/\r$/, "") } $0 == "" || /^#/ { next }
			{ i++; printf "%s:%d\tsolve\tdefault\t%s\n", base, i, $0 } i == 3 { exit }' "$f" || return 1
	done
	# mate-engine-test: every "sfen: " line, named by its place among the
	# lines counted as above (indented YAML comments count)
	awk '{ sub(/\r$/, "") } $0 == "" || /^#/ { next } { i++ }
		(k = index($0, "sfen: ")) > 0 { printf "tests.yaml:%d\tsolve\tdefault\t%s\n", i, substr($0, k + 6) }' \
		"$P/raw/komori-mate-engine-test/tests.yaml" || return 1
	# Shogi Zuko: 25 of the classics, solved (their stated lines are not
	# verified: verify's verdicts on the composers' lines are another check)
	awk -F '\t' -v pick="002 005 012 018 022 025 026 033 034 036 042 045 051 058 060 064 066 067 068 074 081 085 088 092 094" '
		BEGIN { n = split(pick, p, " "); for (i = 1; i <= n; i++) want["zuko" p[i]] = 1 }
		{ sub(/\r$/, "") } $0 == "" || /^#/ { next }
		($1 in want) { printf "%s\tsolve\tdefault\t%s\n", $1, $2 }' "$P/classics/zuko.tsv" || return 1
}

# ---- the file against the test data
name="problems/bench-signature.tsv = the rows made from $DATA"
if data_rows "$DATA" >"$tmp/want" 2>"$tmp/err"; then
	grep -v '^#' "$FILE" >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else fail "differs (< from $DATA, > the file):
$(diff "$tmp/want" "$tmp/got" | head -20)"; fi
else
	fail "cannot read $DATA: $(cat "$tmp/err")"
fi
check "100 rows" [ "$(wc -l <"$tmp/want")" -eq 100 ]

# ---- the command, from a directory with no problems/ near it
mkdir -p "$tmp/a/b"
name="bench --signature from elsewhere: the file next to the binary, 100 problems"
(cd "$tmp/a/b" && "$TSUME" bench --signature --quiet) >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q "^100 problems, " "$tmp/out" || ! grep -qE "^Lines: [0-9a-f]{16}$" "$tmp/out" ||
	! grep -qE "^Bench: [0-9]+$" "$tmp/out" || [ "$(wc -l <"$tmp/out")" -ne 3 ]; then
	fail "exit status $rc: $(cat "$tmp/out" "$tmp/err")"
else ok; fi

# ---- the signature doc/hacking.md states as current is the one the binary prints
name="doc/hacking.md's current signature = bench --signature"
stated=$(grep '^Current signature: ' doc/hacking.md | sed -n 's/^Current signature: `Bench: \([0-9]*\)`, `Lines: \([0-9a-f]*\)`.*/Bench: \1 Lines: \2/p')
printed="$(grep '^Bench: ' "$tmp/out") $(grep '^Lines: ' "$tmp/out")"
[ -n "$stated" ] && [ "$stated" = "$printed" ] && ok || fail "doc/hacking.md states '$stated', the binary prints '$printed'"

name="bench --signature, a binary with no file near it: refused, --problems named"
mkdir -p "$tmp/lone"
cp "$TSUME" "$tmp/lone/tsume"
(cd "$tmp/lone" && ./tsume bench --signature) >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || ! grep -q "bench-signature.tsv not found.*--problems FILE" "$tmp/err"; then
	fail "exit status $rc: $(cat "$tmp/out" "$tmp/err")"
else ok; fi

# ---- --problems FILE: refusals, before any search
# refused STATUS NAME FILE TEXT -- bench --signature --problems FILE exits
# with STATUS, nothing on stdout, TEXT in the message
refused() {
	name=$1
	"$TSUME" bench --signature --problems "$2" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || ! grep -qF -- "$3" "$tmp/err"; then
		fail "exit status $rc, stdout: $(cat "$tmp/out"), stderr: $(cat "$tmp/err")"
	else ok; fi
}
refused "a missing file" "$tmp/none.tsv" "tsume bench --signature: $tmp/none.tsv: "
good=$(grep -v '^#' "$FILE" | head -1)
printf '# a comment\n%s\nx\tsolve\tdefault\n' "$good" >"$tmp/short.tsv"
refused "a row of three fields" "$tmp/short.tsv" "$tmp/short.tsv:3: "
printf 'x\tmate\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G 1\n' >"$tmp/mode.tsv"
refused "an unknown mode" "$tmp/mode.tsv" "$tmp/mode.tsv:1: "
printf 'x\tsolve\twide\t4k4/9/4P4/9/9/9/9/9/9 b G 1\n' >"$tmp/rule.tsv"
refused "an unknown futile rule" "$tmp/rule.tsv" "$tmp/rule.tsv:1: "
printf 'x\tsolve\tdefault\t4k4/9/4X4/9/9/9/9/9/9 b G 1\n' >"$tmp/sfen.tsv"
refused "a bad SFEN" "$tmp/sfen.tsv" "$tmp/sfen.tsv:1: "
printf 'x\tverify\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G 1\n' >"$tmp/noline.tsv"
refused "verify without a stated line" "$tmp/noline.tsv" "$tmp/noline.tsv:1: "
printf 'x\tverify\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G 1 moves 5a5b\n' >"$tmp/badmove.tsv"
refused "a stated line that does not play" "$tmp/badmove.tsv" "$tmp/badmove.tsv:1: "
printf 'x\tsolve\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b\n' >"$tmp/solvemoves.tsv"
refused "solve with moves" "$tmp/solvemoves.tsv" "$tmp/solvemoves.tsv:1: "
printf '# nothing\n' >"$tmp/empty.tsv"
refused "no row" "$tmp/empty.tsv" "$tmp/empty.tsv: no problem"
printf 'x\tsolve\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G 1\000 moves 5a5b\n' >"$tmp/nul.tsv"
refused "a NUL byte in a row" "$tmp/nul.tsv" "$tmp/nul.tsv:1: a NUL byte in the row"
{ printf 'x\tsolve\tdefault\t'; head -c 70000 /dev/zero | tr '\0' a; printf '\n'; } >"$tmp/long.tsv"
refused "a row over 65,536 bytes" "$tmp/long.tsv" "$tmp/long.tsv:1: a row longer than 65,536 bytes"
refused "a directory" "$tmp" "$tmp: read error: Is a directory"
name="--problems without --signature: refused"
"$TSUME" bench --problems "$tmp/two.tsv" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -qF "tsume bench: --problems is the problem file of --signature" "$tmp/err"; then
	fail "exit status $rc: $(cat "$tmp/err")"
else ok; fi

# ---- --problems FILE: a file of one's own
printf 'one\tsolve\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\ntwo\tverify\tnone\t4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 moves G*5b\n' >"$tmp/two.tsv"
name="--problems FILE: its rows, by name"
"$TSUME" bench --signature --problems "$tmp/two.tsv" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -qE "^one +mate +1 " "$tmp/out" || ! grep -qE "^two +mate +1 .*verify flags" "$tmp/out" ||
	! grep -q "^2 problems, " "$tmp/out"; then
	fail "exit status $rc: $(cat "$tmp/out" "$tmp/err")"
else ok; fi

# ---- the long-problem signature: its rows against the masterpieces,
# a file of one's own with first-mate rows
LFILE=$(pwd)/problems/long-signature.tsv
name="problems/long-signature.tsv: each row a first-mate row of a masterpiece, unchanged"
bad=$(grep -v '^#' "$LFILE" | while IFS="$(printf '\t')" read -r n mode rule sfen; do
	[ "$mode" = first ] && [ "$rule" = default ] &&
		awk -F '\t' -v n="$n" -v s="$sfen" '$1 == n && $2 == s { f = 1 } END { exit !f }' \
			"$DATA/problems/long/masterpieces.tsv" || echo "$n"
done)
if [ -z "$bad" ] && [ "$(grep -vc '^#' "$LFILE")" -ge 3 ]; then ok; else fail "rows not in masterpieces.tsv: $bad"; fi
printf 'one\tfirst\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\ntwo\tfirst\tnarrow\t7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1\n' >"$tmp/first.tsv"
name="--long-signature --problems FILE: first mates, 'Long lines:' and 'Long bench:'"
"$TSUME" bench --long-signature --hash 16 --problems "$tmp/first.tsv" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -qE "^one +mate +1 " "$tmp/out" || ! grep -qE "^two +mate +[0-9]+ " "$tmp/out" ||
	! grep -qE "^Long lines: [0-9a-f]{16}$" "$tmp/out" || ! grep -qE "^Long bench: [0-9]+$" "$tmp/out"; then
	fail "exit status $rc: $(cat "$tmp/out" "$tmp/err")"
else ok; fi
printf 'x\tfirst\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b\n' >"$tmp/firstmoves.tsv"
refused "first with moves" "$tmp/firstmoves.tsv" "$tmp/firstmoves.tsv:1: a first row with moves"
printf 'x\tsolve\tdefault\t9/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\n' >"$tmp/noking.tsv"
refused "a position without the defender's king" "$tmp/noking.tsv" "$tmp/noking.tsv:1: bad position: the defender"
printf 'a\tsolve\tdefault\t4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\rb\tsolve\tdefault\tGARBAGE\r' >"$tmp/cr.tsv"
refused "rows ended by CR alone: not one row" "$tmp/cr.tsv" "$tmp/cr.tsv:1: "
name="--long-signature names itself in its messages"
"$TSUME" bench --long-signature --problems "$tmp/none.tsv" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -qF "tsume bench --long-signature: $tmp/none.tsv: " "$tmp/err"; then
	fail "exit status $rc: $(cat "$tmp/err")"
else ok; fi
# options that do not go with a signature, a stray argument, --quiet alone: refused
for args in "--signature --hash 16" "--long-signature --perft-only" "--long-signature --long 5" \
	"--signature --long-only" "--signature --data /nonexistent" "--signature extra" "--quiet"; do
	name="bench $args: refused"
	# shellcheck disable=SC2086
	"$TSUME" bench $args >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || [ ! -s "$tmp/err" ]; then
		fail "exit status $rc: $(cat "$tmp/out" "$tmp/err")"
	else ok; fi
done
for d in /nonexistent ''; do
	name="bench --data '$d': refused, not a pass over no set"
	"$TSUME" bench --data "$d" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qF "tsume bench: --data '$d' holds no problems/ folder" "$tmp/err"; then ok; else
		fail "status $rc: $(head -2 "$tmp/out" "$tmp/err")"
	fi
done

name="--signature with --long-signature: refused"
"$TSUME" bench --signature --long-signature >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -qF "exclude each other" "$tmp/err"; then fail "exit status $rc: $(cat "$tmp/err")"; else ok; fi

echo "test_bench_signature: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
