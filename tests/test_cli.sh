#!/bin/sh
# test_cli.sh -- the tsume command line: output and exit status.
# Usage: sh tests/test_cli.sh PATH/TO/tsume
# Expected move lists come from tests/oracle (node oracle.mjs --cross
# moves|checks ...); perft 3 of the start position is the published 25,470.
# Prints every failure and exits 1 if there was any.
# Over 600 lines: one script for every sub-command's end-to-end checks, so that
# each runs against the one binary with the same helpers.

TSUME=${1:?usage: sh tests/test_cli.sh PATH/TO/tsume}
[ -x "$TSUME" ] || { echo "test_cli: $TSUME is not an executable" >&2; exit 1; }

HARNESS=cli
. "$(dirname "$0")/harness.sh"

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
run "bad SFEN on solve's stdin, indented: the column of the line as read" "   4k4/9/9/9/4X4/9/9/9/4K4 b - 1" solve -
expect_bad board "column 15"
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

# ---- solve
# Positions and their answers come from outside this program:
#  - C05 of tests/data/problems/cases.tsv, mate 3: P*1b, the pinned gold takes
#    along its pin line (1c1b), the lance retakes (1d1b, with or without
#    promotion: both mate).  In KIF: ▲１二歩 △同　金 ▲同　香...
#  - the README quick-start problem, mate 15 (tests/test_solver.c); with only
#    "GSP" in hand, 32 pieces are missing: 2r 2b 2g 3s 4n 4l 15p (by hand).
#  - a ShogiBoardQ 3-ply problem with its published answer (problem 2 of
#    tsume_3ply_1000_20261001.txt).
#  - Microcosmos (1525 plies, KomoringHeights' test file): far beyond the
#    small limits used here.
C05='7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1'
Q15='7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1'
Q15_BARE='7gk/9/6P1+P/9/9/9/9/9/9 b GSP 1'
SBQ='+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1'
SBQ_ANSWER='5a6a 7b6a 6b8b+'
MICRO='g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1'
STATS_RE='^nodes [0-9]+ .* time [0-9.]+ s nps [0-9]+ hashfull [0-9.]+%$'

# expect STATUS [CHECK...] -- exit status STATUS and every CHECK:
#   out:TEXT / err:TEXT      stdout / stderr contains TEXT (fixed string)
#   line:TEXT                stdout has a line that is exactly TEXT
#   re:REGEX                 stdout has a line matching the extended REGEX
#   noout:TEXT / noerr:TEXT  stdout / stderr does not contain TEXT
expect() {
	want=$1
	shift
	if [ "$rc" -ne "$want" ]; then
		fail "exit status $rc, expected $want; stderr: $(cat "$tmp/err")"
		return
	fi
	for check in "$@"; do
		text=${check#*:}
		case $check in
		out:*) grep -qF -- "$text" "$tmp/out" || { fail "stdout lacks '$text'; got:
$out"; return; } ;;
		err:*) grep -qF -- "$text" "$tmp/err" || { fail "stderr lacks '$text'; got: $(cat "$tmp/err")"; return; } ;;
		line:*) grep -qxF -- "$text" "$tmp/out" || { fail "no stdout line '$text'; got:
$out"; return; } ;;
		re:*) grep -qE -- "$text" "$tmp/out" || { fail "no stdout line matches /$text/; got:
$out"; return; } ;;
		noout:*) if grep -qF -- "$text" "$tmp/out"; then fail "stdout contains '$text'"; return; fi ;;
		noerr:*) if grep -qF -- "$text" "$tmp/err"; then fail "stderr contains '$text'"; return; fi ;;
		*) fail "bad check '$check'"; return ;;
		esac
	done
	passed=$((passed + 1))
}

# expect_mated SFEN -- the main line printed in $tmp/out ("usi: ...") replays
# legally from SFEN and ends with the side to move in check without a legal move
# (checked by the move generator, not the solver).
expect_mated() {
	pv=$(sed -n 's/^usi: //p' "$tmp/out")
	if [ -z "$pv" ]; then
		fail "no main line"
		return
	fi
	if ! ev=$("$TSUME" moves --evasions "$1 moves $pv" 2>&1) || [ -n "$ev" ]; then
		fail "main line '$pv' does not end in mate: $ev"
		return
	fi
	passed=$((passed + 1))
}

run "solve C05 (text)" "" solve "$C05"
expect 0 "line:mate 3" "re:^usi: P\*1b 1c1b 1d1b\+?$" "out:kif: ▲１二歩 △同　金 ▲同　香" "re:$STATS_RE" \
	"line:後手の持駒：飛　角二　金三　銀四　桂二　香三　歩十六" "line:先手の持駒：歩" "line:先手番" "line:sfen $C05" \
	"noout:minimality" noerr:warning
expect_mated "$C05"
run "solve C05 --quiet" "" solve --quiet "$C05"
expect 0 "line:mate 3" "out:kif: ▲１二歩 △同　金" noout:持駒
run "solve unquoted SFEN (several arguments)" "" solve -q 7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1
expect 0 "line:mate 3"
# a problem line as generate writes it: its fields' '.' does not make it a file name
run "solve a problem line with '; difficulty=8.7'" "" solve -q --threads 1 "$C05 ; mate=3 ; difficulty=8.7"
expect 0 "line:mate 3"
run "solve a SFEN with a bad move number holding a '.'" "" solve -q --threads 1 "${C05%1}1.5"
expect 2 "err:move number (column"
run "solve 15-ply quick-start problem" "" solve -q "$Q15"
expect 0 "line:mate 15" "re:^kif: ▲.*△同　" "re:$STATS_RE"
expect_mated "$Q15"
if [ "$rc" -eq 0 ]; then
	n=$(sed -n 's/^usi: //p' "$tmp/out" | wc -w)
	[ "$n" -eq 15 ] || fail "solve 15-ply: $n moves in the USI line"
	n=$(sed -n 's/^kif: //p' "$tmp/out" | grep -oE '▲|△' | wc -l)
	[ "$n" -eq 15 ] || fail "solve 15-ply: $n moves in the KIF line"
fi

run "solve start position: nomate" "" solve -q "$STARTPOS"
expect 1 "line:nomate" noout:usi: "re:$STATS_RE"
# after a mate, a nomate line of solve - counts no re-search nodes of its own
run "solve - mate then nomate: node counts per line" "$Q15
8k/9/9/9/9/9/9/9/9 b G 1" solve -q -
expect 1 "line:mate 15" "line:nomate" "re:^nodes [0-9]+ \(proof [0-9]+, shorter-mate re-search 0, main line 0\)"

# A node limit: the quick-start problem may be proven within the solver's first
# check of the limits, but then its minimality is not; Microcosmos is not.
run "solve --nodes 10 (15-ply)" "" solve -q --nodes 10 "$Q15"
if [ "$rc" -eq 0 ]; then
	expect 0 "line:mate 15 (minimality not proven: nodes)"
else
	expect 3 "line:unknown (nodes)" noout:usi:
fi
# the thresholds doc/hardening.md states ("Nodes: ..."): search-dependent, so
# a change of the search that moves them updates that page with this test
for n_want in "25:unknown (nodes)" "26:mate 15 (minimality not proven: nodes)" "2850:mate 15 (minimality not proven: nodes)" \
	"2851:mate 15" "2852:mate 15"; do
	n=${n_want%%:*}
	run "solve --nodes $n (15-ply): as doc/hardening.md says" "" solve -q --nodes "$n" "$Q15"
	if ! grep -qxF "${n_want#*:}" "$tmp/out"; then fail "no line '${n_want#*:}': $(head -3 "$tmp/out")"
	elif [ "$n" = 2851 ] && ! grep -q "line not verified" "$tmp/out"; then fail "2851: the line is verified"
	elif [ "$n" = 2852 ] && grep -q "line not verified" "$tmp/out"; then fail "2852: the line is not verified"
	else ok; fi
done
name="doc/hardening.md states those thresholds"
tr '\n' ' ' <"$(dirname "$0")/../doc/hardening.md" | grep -q "N = 25 reports \`unknown (nodes)\`, with N = 26 … 2,850 .*N = 2,851 .*from 2,852 on" && ok ||
	fail "its 'Nodes:' paragraph names other thresholds"
run "solve --nodes 10 (Microcosmos)" "" solve -q --hash 16 --nodes 10 "$MICRO"
expect 3 "line:unknown (nodes)" noout:usi: "re:$STATS_RE"
run "solve --time 0.2 (Microcosmos)" "" solve -q --hash 16 --time 0.2 "$MICRO"
expect 3 "line:unknown (time)"

# --rest: the pieces in nobody's hand go to the defender
run "solve without --rest: warning" "" solve -q "$Q15_BARE"
expect 0 "err:32 pieces are in nobody's hand; use --rest to give them to the defender" "line:sfen $Q15_BARE"
run "solve --rest" "" solve -q --rest "$Q15_BARE"
expect 0 "line:sfen $Q15" "line:mate 15" noerr:warning
run "solve --rest on a complete position" "" solve -q --rest "$C05"
expect 0 "line:sfen $C05" "line:mate 3"

# the forms of a problem line
run "solve 'position sfen ... moves': the position after the moves" "" solve -q "position sfen $C05 moves P*1b 1c1b"
expect 0 "line:mate 1" "re:^usi: 1d1b\+?$"
run "solve 'SFEN moves ANSWER' (ShogiBoardQ): the position before the answer" "" solve -q --notation usi "$SBQ moves $SBQ_ANSWER"
expect 0 "line:sfen $SBQ" "line:mate 3" "line:given answer (3 plies): $SBQ_ANSWER"
expect_mated "$SBQ"
run "solve with a one-ply given answer: '1 ply', never '1 plies'" "" solve -q "9/k1S6/9/9/9/9/9/9/9 b RGr2b3g3s4n4l18p 1 moves G*8c"
expect 0 "line:mate 3" "line:given answer (1 ply): ▲８三金" "line:our main line goes on after the given answer's 1 ply, to 3" noout:plies
run "solve 'SFEN moves' not ending in mate: the position after them" "" solve -q "$SBQ moves 5a6a 7b6a"
expect 0 "line:mate 1" noout:given
run "solve with a given answer: its verdict in one line" "" solve -q "$SBQ moves $SBQ_ANSWER"
expect 0 "line:given answer: exact"
# Shogi Zuko 12 (tests/data/problems/classics/zuko.tsv): Ito Kanju's 21 plies
# against our 27; the walk names the first defender ply where the stated
# defence is not the longest, by how much, and the worst such ply (the
# verdict verify prints, checked there by test_verify)
ZUKO=${TEST_DATA:-build/testdata}/problems/classics/zuko.tsv
if [ -r "$ZUKO" ]; then
	Z12=$(awk -F '\t' '$1 == "zuko012" { print $2 " moves " $4 }' "$ZUKO")
	run "solve with a wrong-length answer: the verdict names the ply" "" solve -q "$Z12"
	expect 0 "line:mate 27" "line:given answer: longer_defence (変長: at ply 8 △１二玉 lasts 16 plies, 2 more than the stated line leaves; at ply 16 one lasts 6 more)" \
		"line:given answer (21 plies): ▲２三飛 △３二玉 ▲１三飛不成 △２一玉 ▲２三飛不成 △２二銀 ▲１三桂 △１一玉 ▲１二歩 △同　玉 ▲２四桂 △１一玉 ▲２一桂成 △同　玉 ▲３三桂 △１一玉 ▲１二桂成 △同　玉 ▲１三馬 △同　銀 ▲２一飛成"
	run "solve --notation usi with a wrong-length answer: the verdict in USI" "" solve -q --notation usi "$Z12"
	expect 0 "line:mate 27" "line:given answer: longer_defence (変長: at ply 8 the defence 2a1b lasts 16 plies, 2 more than the stated line leaves; at ply 16 one lasts 6 more)" \
		"line:given answer (21 plies): ${Z12#* moves }"
	run "solve --format json with an answer: stated_verdict" "" solve --format json "$Z12"
	expect 0 'out:"stated_verdict":"longer_defence","verdict_ply":8,"verdict_move":"2a1b","verdict_length":16,"verdict_excess":2,"worst_excess":6,"worst_ply":16'
else
	echo "test_cli: $ZUKO not found, Zuko verdict checks skipped"
fi

# json: one object a line
run "solve --format json" "" solve --format json "$C05"
expect 0 'out:{"input":' 'out:"result":"mate"' 'out:"length":3,' 'out:"minimal":true' 'out:"usi":["P*1b","1c1b","1d1b' \
	'out:"kif":"▲１二歩 △同　金 ▲同　香' "out:\"sfen\":\"$C05\"" 'out:"reason":null' noout:持駒
run "solve - --format json, three problems" "$C05
$STARTPOS
$MICRO" solve - --format json --hash 16 --nodes 10
expect 3 'out:"result":"nomate","length":null,"minimal":null,"line_verified":null,"usi":[],"kif":""' \
	'out:"result":"unknown"' 'out:"reason":"nodes"' 'out:{"file":"-","line":3,'
if [ "$rc" -eq 3 ]; then
	lines=$(wc -l <"$tmp/out")
	[ "$lines" -eq 3 ] || fail "json: $lines lines, expected 3"
	if command -v python3 >/dev/null 2>&1; then
		python3 -c '
import json, sys
keys = ["sfen", "result", "length", "minimal", "usi", "kif", "nodes", "seconds", "nps", "hashfull", "reason"]
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    missing = [k for k in keys if k not in o]
    assert not missing, "missing keys %s in %s" % (missing, line)
    assert isinstance(o["usi"], list) and isinstance(o["nodes"], int) and isinstance(o["hashfull"], int)
    assert o["result"] in ("mate", "nomate", "unknown")
' "$tmp/out" || fail "json: not valid JSON objects with every key"
	else
		grep -qvE '^\{"file":"-","line":[0-9]+,"input":".*","sfen":".*,"reason":(null|"[a-z]+")\}$' "$tmp/out" &&
			fail "json: a line is not an object"
	fi
fi

# '-': one problem a line, '#' and blank lines skipped, the worst status
run "solve - (mate, nomate)" "# a comment

sfen $C05
$STARTPOS" solve - -q
expect 1 "line:mate 3" "line:nomate"
# a '#' after the problem starts a comment, for solve as for verify
printf 'sfen %s # a comment\n' "$C05" >"$tmp/comment.sfen"
run "solve FILE: a # comment after the problem" "" solve -q "$tmp/comment.sfen"
expect 0 "line:mate 3"
run "solve -: a # comment after the problem" "sfen $C05 # a comment" solve -q -
expect 0 "line:mate 3"
run "solve - (bad line 4 among good ones)" "# comment

$C05
startpos x
7pk/7n1/6r1g/7NL/9/9/9/9/X8 b Pr2b3g4s2n3l16p 1
$SBQ moves $SBQ_ANSWER ; mate=3" solve - -q
expect 2 "err:stdin:4: bad position: position (column 10)" "err:stdin:5: bad position: board" "line:mate 3" \
	"line:given answer (3 plies): ▲６一成香 △同　銀 ▲８二飛成" noerr:stdin:3 noerr:stdin:6
if [ "$rc" -eq 2 ]; then
	n=$(grep -c '^mate 3$' "$tmp/out")
	[ "$n" -eq 2 ] || fail "solve - with bad lines: $n results, expected 2"
fi
run "solve - (no problem)" "# nothing here" solve -
expect_bad "no problem"

# bad input, bad option values
run "solve bad SFEN" "" solve '4k4/9/9/9/4X4/9/9/9/4K4 b - 1'
expect_bad board "column 12"
run "solve: the defender has no king" "" solve '9/9/9/9/9/9/9/9/4K4 b G 1'
expect_bad "no king"
for opt in "--time -1" "--time abc" "--time 1s" "--time nan" "--nodes -5" "--nodes 1.5" "--nodes x" \
	"--hash 0" "--hash -1" "--hash 64MB" "--format xml" "--frobnicate"; do
	# shellcheck disable=SC2086 # the option and its value are two words
	run "solve $opt" "" solve $opt "$C05"
	expect_bad "${opt%% *}"
done
run "solve without SFEN" "" solve --time 1
expect_bad usage

# Ctrl-C: the search stops and the result so far is printed (a 30 s limit
# keeps a failure from hanging the test).
name="solve: SIGINT stops the search"
"$TSUME" solve -q --hash 16 --time 30 "$MICRO" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
out=$(cat "$tmp/out")
expect 3 "line:unknown (stopped)" "re:$STATS_RE"

# Ctrl-C during verify: the problems that finished are reported, those cut
# short or only queued are not (they are no FAIL), the summary says the run
# was interrupted, exit status 130 (a 30 s limit keeps a failure from
# hanging the test)
printf '%s\n' '+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1 moves 5a6a 7b6a 6b8b+' "$MICRO" "$MICRO" "$MICRO" >"$tmp/int.sfen"
name="verify: SIGINT reports what finished, exit status 130"
"$TSUME" verify --jobs 1 --hash 16 --time 30 "$tmp/int.sfen" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
out=$(cat "$tmp/out")
expect 130 "line:$tmp/int.sfen:1: PASS mate 3 (stated 3)" noout:FAIL noout:UNDECIDED "noout:int.sfen:2:" \
	"err:partial summary: 1 problem, 1 passed, 0 failed, 0 bad lines (interrupted)" \
	"err:tsume verify: interrupted (Ctrl-C): 1 problem finished and reported; 3 cut short or not started, left out"

# The progress line: only on a terminal (script(1) provides one), after a second.
name="solve: no progress line when stderr is not a terminal"
"$TSUME" solve -q --hash 16 --time 1.3 "$MICRO" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 3 "line:unknown (time)" "noerr:nodes/s"
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
	name="solve: progress line on a terminal"
	script -qec "'$TSUME' solve -q --hash 16 --time 1.5 '$MICRO'" /dev/null >"$tmp/out" 2>&1 </dev/null
	rc=$?
	out=$(cat "$tmp/out")
	expect 3 "out:M nodes/s  hashfull" "out:unknown (time)"
	# the line is overwritten with \r and cleared (erase to end of line) at the end
	printf '\r\033[K' >"$tmp/clear"
	grep -qF "$(cat "$tmp/clear")sfen" "$tmp/out" || fail "the progress line is not cleared before the result"
else
	echo "test_cli: script(1) unavailable, progress line on a terminal not tested"
fi

# ---- verify ----
# Mutations of one audited ShogiBoardQ 3-ply problem, each breaking one rule
# (see tests/test_verify.c), plus a malformed line:
# doc/verify-example.sfen, README's example, is that set
cp doc/verify-example.sfen "$tmp/set.sfen"
SOUND='+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1' # its line 2
name="verify: a mutated set, every line flagged with its reason"
"$TSUME" verify --jobs 2 "$tmp/set.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "line:$tmp/set.sfen:2: PASS mate 3 (stated 3)" \
	"line:$tmp/set.sfen:3: FAIL mate 3 (stated 5): wrong length (早詰: a mate in 3 plies, shorter than the stated 5)" \
	"out:$tmp/set.sfen:4: FAIL mate 3 (stated 3): 駒余り (1 piece left in hand); unnecessary piece: 歩(hand)" \
	"line:$tmp/set.sfen:5: FAIL mate 3 (stated 3): unnecessary piece: ９九金" \
	"line:$tmp/set.sfen:6: FAIL mate 3 (stated 3): 余詰 (cook) x1 [ply 1 ▲３二飛成 mates in 3] [1 other mating final move: ▲２二龍]" \
	"line:$tmp/set.sfen:7: FAIL: no mate" \
	"line:$tmp/set.sfen:8: FAIL mate 3 (stated 3): the stated main line is not a legal mating line (the line ends with ▲７二飛成 at ply 3, not a mate under the rule in force)" \
	"err:$tmp/set.sfen:9: board (column 23): unknown piece letter 'x'" \
	"err:verify summary: 7 problems, 1 passed, 6 failed, 1 bad line"
name="verify -: a KIF file piped in: told once that standard input is read as problem lines"
"$TSUME" verify - <doc/example.kif >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && [ "$(grep -c 'standard input is read as problem lines: give a KIF or CSA file by its name' "$tmp/err")" -eq 1 ] &&
	passed=$((passed + 1)) || fail "status $rc: $(head -3 "$tmp/err")"
run "verify: a file that cannot be opened counted in the summary" "" verify "$tmp/no-such.sfen" "$tmp/set.sfen"
expect 2 "err:$tmp/no-such.sfen: cannot open" "err:verify summary: 7 problems, 1 passed, 6 failed, 1 bad line, 1 file unreadable"
# a board without the defender's king (an empty one too) is a transcription
# error: a bad line with its reason, as solve says, not a problem without
# mate, and the rest of the collection is verified
printf '4K4/9/9/9/9/9/9/9/9 b G 1 ; mate=1\n9/9/9/9/9/9/9/9/9 b G 1\n%s ; mate=3\n' "$SOUND" >"$tmp/noking.sfen"
run "verify: no defender king: a bad line with its reason, the rest verified" "" verify "$tmp/noking.sfen"
expect 2 "err:$tmp/noking.sfen:1: bad position: the defender (gote, the side not to move) has no king" \
	"err:$tmp/noking.sfen:2: bad position: the defender (gote, the side not to move) has no king" \
	"line:$tmp/noking.sfen:3: PASS mate 3 (stated 3)" "err:verify summary: 1 problem, 1 passed, 0 failed, 2 bad lines" \
	"noout:no mate" "noerr:nobody's hand"
run "solve: promoting a piece already promoted: the reason named" "" solve -q "$SOUND moves 9c8b+"
expect 2 "err:move 1 '9c8b+' is not legal here: the piece on 9c is already promoted"
run "solve: a given answer of our length parting at ply 1: named a cook" "" solve -q "6B2/8k/6R2/9/9/9/9/9/9 b rb4g4s4n4l18p 1 moves 3c3b+ 1b1a 3b2b"
expect 0 "out:our main line differs from the given answer from ply 1 on (same length: 余詰 (cook), ▲１三飛成 mates as fast as the given ▲３二飛成; tsume verify reports every cook)"
# solve judges a given answer of the mate's length as verify does: every
# cook on it, 駒余り; its KIF keeps the composer's line as the main line and
# writes each cook as a variation marked 余詰
COOKED='6B2/8k/6R2/9/9/9/9/9/9 b rb4g4s4n4l18p 1 moves 3c3b+ 1b1a 3a2b+'
run "solve: the cooks of a given answer named" "" solve -q "$COOKED"
expect 0 "line:余詰 (cook) x1 on the given answer: [ply 1 ▲１三飛成 mates in 3]" "line:given answer: final_alternatives"
run "solve --format json: the cooks of a given answer" "" solve --format json "$COOKED"
expect 0 'out:"cooks":1,"cook_list":[{"ply":1,"move":"3c1c+","length":3}],"leftover":0,'
printf '%s\n' "$COOKED" >"$tmp/cooked.sfen"
name="solve -o kotae.kif: the given answer the main line, the cook a variation marked 余詰"
"$TSUME" solve -q -o "$tmp/kotae.kif" "$tmp/cooked.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
cp "$tmp/kotae.kif" "$tmp/out"
out=$(cat "$tmp/out")
expect 0 "line:   1 ３二飛成(33) ( 0:00/00:00:00)+" "line:   3 ２二角成(31) ( 0:00/00:00:00)" "line:*main line: the given answer" \
	"line:*余詰 (cook) x1: the variations marked 余詰" "line:   1 １三飛成(33) ( 0:00/00:00:00)" \
	"line:*余詰 (cook): ▲１三飛成 mates in 3" "line:   2 ２一玉(12)   ( 0:00/00:00:00)"
# a given answer of the mate's length that does not mate at its last move: our
# line is the main line (not called the given answer's), the given one a variation
NOTMATE='4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1 moves R*5c 5a4a 5c4c+ 4a3a 4c4b'
run "solve --format kif: a given answer that does not mate is a variation, not the main line" "" solve -q --threads 1 --format kif "$NOTMATE"
expect 0 "noout:*main line: the given answer" "line:変化：5手" "out:*the given answer: stated_not_mate" "out:at the end of the main line)"
run "solve: 駒余り of our main line when the given answer does not mate" "" solve -q --threads 1 "$NOTMATE"
expect 0 "line:駒余り (36 pieces left in hand at the end of our main line)" "noout:end of the given answer"
run "solve --variations 0 --format kif: the cook still named, at its move" "" solve -q --variations 0 --format kif "$COOKED"
expect 0 "line:*余詰 (cook) x1: named at their moves" "line:*tsume: 1 more 余詰 (cook) not shown (--variations 0): ▲１三飛成"
run "solve --notation usi --format kif: the cook named in USI" "" solve -q --notation usi --format kif "$COOKED"
expect 0 "line:*余詰 (cook): 3c1c+ mates in 3"
run "solve -o kotae.kif read back: the main line is the given answer" "" convert "$tmp/kotae.kif"
expect 0 "out:6B2/8k/6R2/9/9/9/9/9/9 b rb4g4s4n4l18p 1 moves 3c3b+ 1b1a 3a2b+ ; mate=3"
run "solve: 駒余り of a given answer, and its cooks" "" solve -q '+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b RBGSNb3g2s3n2l17p 1 moves 5a6a 7b6a 6b8b+'
expect 0 "line:余詰 (cook) x2 on the given answer: [ply 1 ▲６一飛打 mates in 3] [ply 1 ▲６一金 mates in 3]" \
	"line:駒余り (5 pieces left in hand at the end of the given answer)"
run "solve: 駒余り of our main line" "" solve -q "$C05"
expect 0 "line:駒余り (1 piece left in hand at the end of our main line)"
run "solve: no mate, the defence that escapes the given first check named" "" solve -q '7nk/9/8G/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1 moves 1c1b 1a1b P*1c'
expect 1 "line:given answer: no_mate (at ply 2 △同　玉 escapes: no mate after it)"
printf '%s\n' '+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1 moves 9c9d 7b8c 9d9e 8c7b 9e9f' >"$tmp/badlen.sfen"
run "verify: a bad stated line of a wrong length: where it fails said once" "" verify "$tmp/badlen.sfen"
expect 1 "line:$tmp/badlen.sfen:1: FAIL mate 3 (stated 5): the stated main line is not a legal mating line (at ply 1 ▲９四と gives no check (every attacker move must)); wrong length"
printf '%s\n' '7nk/9/8G/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1 moves 1c1b 1a1b P*1c' >"$tmp/nomate.sfen"
run "verify: no mate, the defence that escapes the stated first check named" "" verify "$tmp/nomate.sfen"
expect 1 "line:$tmp/nomate.sfen:1: FAIL (stated 3): no mate (at ply 2 △同　玉 escapes: no mate after it)"
run "verify --format json: the escaping defence as ply and move" "" verify --format json "$tmp/nomate.sfen"
expect 1 'out:"stated_verdict":"no_mate","verdict_ply":2,"verdict_move":"1a1b","verdict_length":null'
run "solve: a given answer whose attacker move gives no check" "" solve -q "+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1 moves 9c9d 7b8c 6b6a+"
expect 0 "out:given answer: stated_not_mate (at ply 1 ▲９四と gives no check (every attacker move must))"
name="verify --format json: where the stated line fails, as ply and move"
"$TSUME" verify --format json "$tmp/set.sfen" 2>/dev/null | grep '"line":8,' >"$tmp/out"
grep -qF '"stated_verdict":"stated_not_mate","verdict_ply":3,"verdict_move":"6b7b+"' "$tmp/out" && passed=$((passed + 1)) ||
	fail "line 8: $(cat "$tmp/out")"

# --notation: the moves the verdicts name, in Japanese notation (the default:
# the mover's mark, 同 on the previous move's square, 打 only where a piece
# on the board could also go, 成/不成) or in USI (the text as it always was);
# JSON names them in USI either way.  README's 15-ply problem with a second
# gold in hand: at ply 7 the gold drop on 2a mates at once (no gold of
# sente's on the board: no 打); on the last ply the gold on 2c could also go
# to 1b and 2b (打), not to 2a
Q15G='7gk/9/6P1+P/9/9/9/9/9/9 b 2GSP2r2bg3s4n4l15p 1 moves P*1b 2a1b G*2a 1a2a S*3b 2a1a 1c1b 1a1b G*2c 1b1a 3b2a+ 1a2a 3c3b+ 2a1a 2c2b'
printf '%s\n' "$Q15G" >"$tmp/q15g.sfen"
run "verify: 早詰, 余詰 and final moves in Japanese notation" "" verify "$tmp/q15g.sfen"
expect 1 "line:$tmp/q15g.sfen:1: FAIL mate 7 (stated 15): wrong length (早詰: at ply 7 ▲２一金 mates in 1); 余詰 (cook) x9 [ply 1 ▲１二金 mates in 15] [ply 5 ▲３二金 mates in 5] [ply 7 ▲２一金 mates in 1] [ply 11 ▲１二金打 mates in 1] [ply 11 ▲２一金 mates in 1] [ply 11 ▲２二金打 mates in 1] [ply 13 ▲２二金打 mates in 1] [ply 13 ▲１二金打 mates in 3] [ply 13 ▲３二金打 mates in 3]; 駒余り (1 piece left in hand) [4 other mating final moves: ▲２二と ▲１二金打 ▲２一金 ▲２二金打]"
run "verify --notation usi: the same in USI" "" verify --notation usi "$tmp/q15g.sfen"
expect 1 "line:$tmp/q15g.sfen:1: FAIL mate 7 (stated 15): wrong length (早詰: at ply 7 G*2a mates in 1); 余詰 (cook) x9 [ply 1 G*1b mates in 15] [ply 5 G*3b mates in 5] [ply 7 G*2a mates in 1] [ply 11 G*1b mates in 1] [ply 11 G*2a mates in 1] [ply 11 G*2b mates in 1] [ply 13 G*2b mates in 1] [ply 13 G*1b mates in 3] [ply 13 G*3b mates in 3]; 駒余り (1 piece left in hand) [4 other mating final moves: 3b2b G*1b G*2a G*2b]"
run "verify --format csv: the reasons in Japanese notation" "" verify --format csv "$tmp/q15g.sfen"
expect 1 "out:,wrong length (早詰: at ply 7 ▲２一金 mates in 1); 余詰 (cook) x9 [ply 1 ▲１二金 mates in 15] [ply 5 ▲３二金 mates in 5] [ply 7 ▲２一金 mates in 1] [ply 11 ▲１二金打 mates in 1] [ply 11 ▲２一金 mates in 1] [ply 11 ▲２二金打 mates in 1] [ply 13 ▲２二金打 mates in 1] [ply 13 ▲１二金打 mates in 3] [ply 13 ▲３二金打 mates in 3]; 駒余り (1 piece left in hand),"
run "verify --format csv --notation usi: the reasons in USI" "" verify --format csv --notation usi "$tmp/q15g.sfen"
expect 1 "out:,wrong length (早詰: at ply 7 G*2a mates in 1); 余詰 (cook) x9 [ply 1 G*1b mates in 15]"
run "verify --format json: USI whatever the notation" "" verify --format json --notation ja "$tmp/q15g.sfen"
expect 1 'out:"reasons":["wrong length (早詰: at ply 7 G*2a mates in 1)","余詰 (cook) x9 [ply 1 G*1b mates in 15] [ply 5 G*3b mates in 5] [ply 7 G*2a mates in 1] [ply 11 G*1b mates in 1] [ply 11 G*2a mates in 1] [ply 11 G*2b mates in 1] [ply 13 G*2b mates in 1] [ply 13 G*1b mates in 3] [ply 13 G*3b mates in 3]"' \
	'out:"verdict_move":"G*2a"' noout:▲
# every cook is named, by ply and the shortest first at each: a 3-ply problem
# with five pieces more in hand has twelve cooks at ply 1, three of them the
# mates in one that make its 早詰 (the first three named before)
printf '%s\n' '+L1k1+L4/2sR5/+P3G4/9/9/9/9/9/9 b RBGSNb2g2s3n2l17p 1 moves 5a6a 7b6a 6b8b+' >"$tmp/cooks.sfen"
run "verify: every cook named, the mates in one first" "" verify "$tmp/cooks.sfen"
expect 1 "out:: FAIL mate 1 (stated 3): wrong length (早詰: at ply 1 ▲８二銀 mates in 1); 余詰 (cook) x12 [ply 1 ▲８二銀 mates in 1] [ply 1 ▲８二角 mates in 1] [ply 1 ▲８二金 mates in 1] [ply 1 ▲６一飛成 mates in 3]" \
	"out:[ply 1 ▲８一金 mates in 3]; 駒余り"
run "verify --format json: every cook in cook_list" "" verify --format json "$tmp/cooks.sfen"
expect 1 'out:"cook_list":[{"ply":1,"move":"S*8b","length":1},{"ply":1,"move":"B*8b","length":1},{"ply":1,"move":"G*8b","length":1},{"ply":1,"move":"6b6a+","length":3},' \
	'out:{"ply":1,"move":"G*8a","length":3}]' 'out:[ply 1 G*8a mates in 3]"'
run "solve: the given answer and its 早詰 in Japanese notation" "" solve -q "$Q15G"
expect 0 "line:given answer (15 plies): ▲１二歩 △同　金 ▲２一金 △同　玉 ▲３二銀 △１一玉 ▲１二と △同　玉 ▲２三金 △１一玉 ▲２一銀成 △同　玉 ▲３二歩成 △１一玉 ▲２二金" \
	"line:given answer: shorter_mate (早詰: at ply 7 ▲２一金 mates in 1)" "line:usi: P*1b 2a1b G*2a 1a2a S*3b 2a1a G*2a"
run "solve --notation usi: the given answer and its 早詰 in USI" "" solve -q --notation usi "$Q15G"
expect 0 "line:given answer (15 plies): ${Q15G#* moves }" "line:given answer: shorter_mate (早詰: at ply 7 G*2a mates in 1)"
run "solve --format kif: the verdict's move in Japanese notation" "" solve -q --format kif "$Q15G"
expect 0 "out:*given answer: shorter_mate (早詰: at ply 7 ▲２一金 mates in 1)"
run "solve --format kif: a given answer that is not the main line, a variation where it departs" "" solve -q --format kif "$Q15G"
expect 0 "line:   7 ２一金打     ( 0:00/00:00:00)+" "line:変化：7手" "line:   7 １二と(13)   ( 0:00/00:00:00)" \
	"line:*the given answer: shorter_mate (早詰: at ply 7 ▲２一金 mates in 1)" "line:  15 ２二金(23)   ( 0:00/00:00:00)"
run "solve --format kif --notation usi: in USI" "" solve -q --format kif --notation usi "$Q15G"
expect 0 "out:*given answer: shorter_mate (早詰: at ply 7 G*2a mates in 1)"
run "solve --format json: USI whatever the notation" "" solve --format json "$Q15G"
expect 0 'out:"given":["P*1b","2a1b","G*2a"' 'out:"verdict_move":"G*2a"'
name="verify --notation usi: the mutated set's verdicts as USI names them"
"$TSUME" verify --notation usi "$tmp/set.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "line:$tmp/set.sfen:6: FAIL mate 3 (stated 3): 余詰 (cook) x1 [ply 1 3c3b+ mates in 3] [1 other mating final move: 1c2b]" \
	"line:$tmp/set.sfen:4: FAIL mate 3 (stated 3): 駒余り (1 piece left in hand); unnecessary piece: P(hand)" \
	"line:$tmp/set.sfen:5: FAIL mate 3 (stated 3): unnecessary piece: G9i" \
	"line:$tmp/set.sfen:8: FAIL mate 3 (stated 3): the stated main line is not a legal mating line (the line ends with 6b7b+ at ply 3, not a mate under the rule in force)"
name="verify --format json: the unnecessary piece in USI, as the moves"
"$TSUME" verify --format json "$tmp/set.sfen" 2>/dev/null | grep '"line":5,' >"$tmp/out"
grep -qF '"reasons":["unnecessary piece: G9i"]' "$tmp/out" && passed=$((passed + 1)) || fail "line 5: $(cat "$tmp/out")"
# a line that captures on the square the attacker just took: 同, and 不成
printf '%s\n' '+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1 moves 5a6a 7b6a 6b6a' >"$tmp/dou.sfen"
run "verify: a line ending in a capture that is no mate: ▲同　飛不成" "" verify "$tmp/dou.sfen"
expect 1 "line:$tmp/dou.sfen:1: FAIL mate 3 (stated 3): the stated main line is not a legal mating line (the line ends with ▲同　飛不成 at ply 3, not a mate under the rule in force)"
run "verify --notation usi: no mate, the escaping defence in USI" "" verify --notation usi "$tmp/nomate.sfen"
expect 1 "line:$tmp/nomate.sfen:1: FAIL (stated 3): no mate (at ply 2 the defence 1a1b escapes: no mate after it)"
run "solve --notation usi: a cook named in USI" "" solve -q --notation usi "6B2/8k/6R2/9/9/9/9/9/9 b rb4g4s4n4l18p 1 moves 3c3b+ 1b1a 3b2b"
expect 0 "out:our main line differs from the given answer from ply 1 on (same length: 余詰 (cook), 3c1c+ mates as fast as the given 3c3b+; tsume verify reports every cook)"

name="verify: gzip input gives the same report"
gzip -c "$tmp/set.sfen" >"$tmp/set.sfen.gz"
"$TSUME" verify --jobs 1 "$tmp/set.sfen.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "line:$tmp/set.sfen.gz:3: FAIL mate 3 (stated 5): wrong length (早詰: a mate in 3 plies, shorter than the stated 5)" "err:7 problems, 1 passed, 6 failed, 1 bad line"

name="verify: a truncated gzip is reported and the lines before it are checked"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do echo "$SOUND moves 5a6a 7b6a 6b8b+"; done | gzip -c >"$tmp/full.gz"
head -c 60 "$tmp/full.gz" >"$tmp/cut.gz"
"$TSUME" verify "$tmp/cut.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "err:$tmp/cut.gz"

name="verify: all pass gives status 0, json and csv formats"
"$TSUME" verify --format json "$tmp/full.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 'out:"pass":true,"length":3,"stated":3' "err:20 problems, 20 passed, 0 failed"
"$TSUME" verify --format csv "$tmp/full.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 "line:file,line,result,length,stated,cooks,final_alternatives,leftover,unnecessary,short_variations,undecided,reasons,nodes,seconds,stated_verdict"

# an undecided problem is neither passed nor failed: its own status, the
# limit that stopped it and how to raise it, counted apart, exit status 3
# (1 when another problem failed)
printf '%s ; mate=15\n' "$Q15" >"$tmp/undecided.sfen"
run "verify: undecided by --nodes: its own status, the limit and its option" "" verify --nodes 100 "$tmp/undecided.sfen"
expect 3 "out:$tmp/undecided.sfen:1: UNDECIDED mate 15 (stated 15): undecided (the node limit stopped 1 of verify's searches" \
	"out:raise --nodes, nodes a problem, 0..18446744073709551615 (0 = no limit))" \
	"err:verify summary: 1 problem, 0 passed, 0 failed, 1 undecided, 0 bad lines" noout:FAIL
run "verify: undecided by --time: the time limit named" "" verify --time 0.000001 "$tmp/undecided.sfen"
expect 3 "out:UNDECIDED" "out:undecided (the time limit stopped" "out:raise --time, seconds a problem, 0..1000000000 (default 60; 0 = no limit)"
run "verify --format json: status undecided, stopped_by" "" verify --nodes 100 --format json "$tmp/undecided.sfen"
expect 3 'out:"pass":false,' 'out:"undecided":true,"status":"undecided","reasons":' 'out:"stopped_by":"nodes"'
run "verify --format csv: result undecided" "" verify --nodes 100 --format csv "$tmp/undecided.sfen"
expect 3 "out:$tmp/undecided.sfen,1,undecided,15,15,"
cat "$tmp/undecided.sfen" doc/verify-example.sfen >"$tmp/undecided2.sfen"
run "verify: an undecided and failed problems: exit status 1, each counted" "" verify --nodes 100 "$tmp/undecided2.sfen"
expect 2 "err:8 problems, 1 passed, 6 failed, 1 undecided, 1 bad line"
grep -v 'x/9' "$tmp/undecided2.sfen" >"$tmp/undecided3.sfen"
run "verify: an undecided and failed problems, no bad line: exit status 1" "" verify --nodes 100 "$tmp/undecided3.sfen"
expect 1 "err:8 problems, 1 passed, 6 failed, 1 undecided, 0 bad lines"
# no node limit lets a faulty problem pass: lines 4-6 of the example
# fail (駒余り, an unnecessary piece, 余詰); under every --nodes from 1 to
# 60 each is FAIL or UNDECIDED, never PASS (a limit that stopped the main
# line's reading once skipped the checks that judge by it)
for line in 4 5 6; do
	sed -n "${line}p" doc/verify-example.sfen >"$tmp/faulty.sfen"
	name="verify --nodes 1..60: example line $line never passes"
	n=1 bad=
	while [ $n -le 60 ]; do
		"$TSUME" verify --jobs 1 --threads 1 --nodes $n "$tmp/faulty.sfen" >"$tmp/out" 2>/dev/null
		rc=$?
		if [ $rc -eq 0 ] || grep -q ': PASS' "$tmp/out"; then bad="$bad $n"; fi
		n=$((n + 1))
	done
	if [ -n "$bad" ]; then fail "passed at --nodes$bad"; else ok; fi
done

run "verify: a pass has no status word but PASS" "" verify "$tmp/undecided.sfen"
expect 0 "out:PASS mate 15 (stated 15)" "noout:UNDECIDED"

name="verify: unreadable file and bad options"
"$TSUME" verify "$tmp/does-not-exist" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "err:$tmp/does-not-exist"
"$TSUME" verify --jobs 0 "$tmp/set.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "err:tsume verify: --jobs must be a whole number of jobs, 1..256, got '0'"

# ---- worker threads that cannot be started ----
# A limit of 2 processes (RLIMIT_NPROC, counted per user) for a user id that
# runs nothing else: the main thread and the first worker start, the second
# worker cannot.  Root only (root's own limit is not enforced; setpriv
# changes the user id), with setpriv and prlimit.
NPROC_UID=61234
nproc_run() { prlimit --nproc=2:2 setpriv --reuid=$NPROC_UID --regid=$NPROC_UID --clear-groups "$@"; }
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && command -v prlimit >/dev/null 2>&1 &&
	[ -z "$(ps -o pid= -u $NPROC_UID 2>/dev/null)" ] && nproc_run "$TSUME" --version >/dev/null 2>&1; then
	name="verify: a worker thread that cannot start is named; status 3, no report"
	printf '%s moves %s\n' "$SOUND" "$SBQ_ANSWER" | nproc_run "$TSUME" verify --jobs 4 --threads 1 - >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
	expect 3 "err:tsume verify: cannot start worker thread 2 of 4: " noerr:summary noout:PASS
	# generate: the output file is not left behind (a directory that user may write)
	gdir=$(mktemp -d "${TMPDIR:-/tmp}/tsume-nproc.XXXXXX") && chmod 777 "$gdir"
	name="generate: a worker thread that cannot start is named; status 2, no output file"
	nproc_run "$TSUME" generate --mate 3 --count 4 --jobs 4 --out "$gdir/g.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
	expect 2 "err:tsume generate: cannot start worker thread 2 of 4: "
	[ -z "$(ls -A "$gdir")" ] && passed=$((passed + 1)) || fail "left in the output directory: $(ls -A "$gdir")"
	rm -rf "$gdir"
else
	echo "test_cli: not root, no setpriv or prlimit, or user $NPROC_UID busy: thread start-up failures not tested"
fi

# ---- resource limits: --nodes, --time, a full table ----
# --nodes N stops within a few thousand nodes of N (the solver stops at
# exactly N), in the first proof and in the shorter-mate re-search.
# nodes_between LOW HIGH -- the "nodes N" of the output is in LOW..HIGH.
nodes_between() {
	n=$(sed -n 's/^nodes \([0-9]*\) .*/\1/p' "$tmp/out")
	if [ -z "$n" ] || [ "$n" -lt "$1" ] || [ "$n" -gt "$2" ]; then
		fail "nodes '$n' not in $1..$2"
	else
		passed=$((passed + 1))
	fi
}
for n in 1 1000 5000 123457; do
	run "solve --nodes $n (Microcosmos)" "" solve -q --hash 16 --nodes "$n" "$MICRO"
	expect 3 "line:unknown (nodes)" "re:$STATS_RE"
	nodes_between "$n" $((n + 4096))
done
run "solve --nodes 100 (15 plies: stops in the re-search)" "" solve -q --nodes 100 '7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1'
expect 0 "line:mate 15 (minimality not proven: nodes)" "out:(proof 26, shorter-mate re-search 74, main line 0)"
nodes_between 100 4196

# --time S is honoured within 5% + 50 ms: the time the search reports, and
# the wall time of the whole run when date(1) gives nanoseconds, less the
# start and exit time of a run without search (a mate in 1; about 5 ms, but
# some 300 ms under AddressSanitizer, whose leak check runs at exit).
t0=$(date +%s.%N)
"$TSUME" solve -q --hash 16 '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1' >/dev/null 2>&1
t1=$(date +%s.%N)
base=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' 2>/dev/null)
for t in 0.3 2; do
	name="solve --time $t (Microcosmos)"
	t0=$(date +%s.%N)
	"$TSUME" solve -q --hash 16 --time "$t" "$MICRO" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	t1=$(date +%s.%N)
	out=$(cat "$tmp/out")
	expect 3 "line:unknown (time)"
	secs=$(sed -n 's/^nodes .* time \([0-9.]*\) s .*/\1/p' "$tmp/out")
	awk -v s="$secs" -v t="$t" 'BEGIN { exit !(s >= t && s <= t * 1.05 + 0.05) }' ||
		fail "--time $t: the search took $secs s"
	case $t0$t1 in
	*N*) ;;
	*) awk -v a="$t0" -v b="$t1" -v t="$t" -v base="$base" 'BEGIN { exit !(b - a - base <= t * 1.05 + 0.05) }' ||
		fail "--time $t: the run took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s ($base s without search)" ;;
	esac
done

# A 1 MB table that fills up degrades to replacing entries: no crash, the
# answers of the next lines still right (each line has a fresh table).
run "solve - --hash 1: a full table, then a no-mate and a mate" "9/9/9/9/4k4/9/9/9/9 b 2B4S 1
9/9/9/9/4k4/9/9/9/9 b 4S4N 1
7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1" solve -q --hash 1 --nodes 300000 -
expect 3 "line:unknown (nodes)" "out:hashfull 100.0%" "line:nomate" "line:mate 15"

# ---- bad input: every row of the bad-input table of doc/hardening.md ----
# expect_msg STATUS MESSAGE -- the exit status, exactly MESSAGE as the first
# line of standard error, nothing on standard output.
expect_msg() {
	if [ "$rc" -ne "$1" ]; then
		fail "exit status $rc, expected $1; stderr: $(head -c 300 "$tmp/err")"
	elif [ "$(head -n 1 "$tmp/err")" != "$2" ]; then
		fail "message differs
  expected: $2
  got:      $(head -n 1 "$tmp/err" | head -c 300)"
	elif [ -s "$tmp/out" ]; then
		fail "unexpected output on stdout: $(head -c 200 "$tmp/out")"
	else
		passed=$((passed + 1))
	fi
}

name="the reader of the output goes away: SIGPIPE, exit 141 (doc/hardening.md)"
# (the second command comes once head has gone: its answer meets a closed pipe)
{ (printf 'usi\n'; sleep 1; printf 'isready\n') | "$TSUME" usi; echo $? >"$tmp/rc"; } | head -n 1 >"$tmp/out"
if [ "$(cat "$tmp/rc")" = 141 ] && [ -s "$tmp/out" ]; then passed=$((passed + 1)); else fail "exit status $(cat "$tmp/rc"), output $(cat "$tmp/out")"; fi

# bad_input CLASS TEXT MESSAGE -- TEXT as the argument of solve, as the line of
# 'solve -' and as the line of a problem file for verify: status 2 and MESSAGE
# after "tsume: bad position: ", "stdin:1: bad position: " and "FILE:1: ".
bad_input() {
	name="bad input: $1 (solve)"
	"$TSUME" solve -q "$2" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "tsume: bad position: $3"
	name="bad input: $1 (solve -)"
	printf '%s\n' "$2" | "$TSUME" solve -q - >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "stdin:1: bad position: $3"
	name="bad input: $1 (verify)"
	printf '%s\n' "$2" >"$tmp/bad.sfen"
	"$TSUME" verify --jobs 1 "$tmp/bad.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "$tmp/bad.sfen:1: $3"
}

M1='4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1' # mate in 1, 42 bytes
bad_input "wrong field count (too few)" '4k4/9/4P4/9/9/9/9/9/9 b' "hand (column 24): missing (use '-' for empty hands)"
bad_input "wrong field count (too many)" "$M1 2" "position (column 44): unexpected text '2'"
bad_input "bad board row" '4k4/9/4P4/9/9/9/9/9/8 b G2r2b3g4s4n4l17p 1' "board (column 22): rank 9 has 8 squares, expected 9"
bad_input "a board row of one square" '4k4/9/4P4/9/9/9/9/9/1 b G2r2b3g4s4n4l17p 1' "board (column 22): rank 9 has 1 square, expected 9"
bad_input "unknown piece" '4k4/9/4P4/9/9/9/9/9/4X4 b G2r2b3g4s4n4l17p 1' "board (column 22): unknown piece letter 'X'"
bad_input "too many pieces" '4k4/9/4P4/9/9/9/9/9/9 b 3G2r2b3g4s4n4l17p 1' \
	"hand (column 31): 6 golds in all (board and hands), the set has 4"
bad_input "two kings of one side" '4k4/9/4P4/9/9/9/9/9/3kK4 b G2r2b3g4s4n4l17p 1' "board (column 22): two gote kings"
bad_input "bad hand count" '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l19p 1' "hand (column 38): count 19 out of range 1..18"
bad_input "hand count 0" '4k4/9/4P4/9/9/9/9/9/9 b 0G2r2b3g4s4n4l17p 1' "hand (column 25): count 0 out of range 1..18"
bad_input "side not to move in check" '4k4/4R4/9/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1' \
	"position: the side not to move (gote) is in check"
bad_input "nifu on the board" '4k4/9/4P4/9/4P4/9/9/9/9 b G2r2b3g4s4n4l16p 1' \
	"board (column 14): two unpromoted sente pawns on file 5 (nifu)"
bad_input "dead piece" 'P3k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l16p 1' "board (column 1): sente pawn on 9a can never move"
bad_input "illegal move in moves" "$M1 moves G*5c" "moves (column 50): move 1 'G*5c' is not legal here (sente to move)"
# gote to move ('w'): the side named, so that a line written from sente's side is understood
bad_input "a move of the side not to move" "4k4/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 1 moves G*5b 5a4a" \
	"moves (column 55): move 2 '5a4a' is not legal here (sente to move)"
bad_input "move number over 1000000" '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1000001' \
	"move number (column 42): larger than 1000000"
# shellcheck disable=SC2059 # octal escapes: non-UTF-8 bytes
bad_input "non-UTF-8 bytes" "$(printf '4k4/9/4P4/9/9/9/9/9/9 b \351G 1')" "hand (column 25): unknown piece letter '\\xe9'"
bad_input "non-UTF-8 bytes after the position" "$(printf "$M1 \377\376")" "position (column 44): unexpected text '\\xff\\xfe'"

name="solve of one word that names no file: a missing file, not a bad board"
"$TSUME" solve -q no-such-problem >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: no-such-problem: cannot open: No such file or directory"
for cmd in "sheet" "generate --mate 1 --count 1"; do
	name="$cmd --title '': refused"
	# shellcheck disable=SC2086
	"$TSUME" $cmd --title '' >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "tsume ${cmd%% *}: --title is empty: give the page's title, or leave the option out"
done
# every other mating final move is named (the list stopped at 16 with "..."), and listed in JSON
printf '9/k1S6/9/9/9/9/9/9/9 b 2R2B4G3s4n4l18p 1 moves G*8c 9b9a R*8a\n' >"$tmp/alts.sfen"
run "verify: all 26 other mating final moves named" "" verify "$tmp/alts.sfen"
n=$(sed -n 's/.*\[26 other mating final moves: \([^]]*\)\].*/\1/p' "$tmp/out" | wc -w)
[ "$n" -eq 26 ] && ! grep -q '\.\.\.\]' "$tmp/out" && ok || fail "$n named: $(head -1 "$tmp/out")"
run "verify --format json: final_alternative_list" "" verify --format json "$tmp/alts.sfen"
n=$(grep -o '"final_alternative_list":\[[^]]*\]' "$tmp/out" | tr ',' '\n' | grep -c '"')
[ "$n" -eq 26 ] && grep -q '"final_alternative_list":\["B\*1i",' "$tmp/out" && ok || fail "$n listed: $(head -c 300 "$tmp/out")"
name="help of an unknown command: refused as the command is"
"$TSUME" help bogus >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: unknown command 'bogus'"
name="solve of a path that names no file: a missing file, not a bad board"
"$TSUME" solve -q sub/mate3 >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: sub/mate3: cannot open: No such file or directory"
name="solve of a board alone, short of a rank and of the side: the board's fault, not a missing file"
"$TSUME" solve -q '7gk/9/6P1+P/9/9/9/9/9' >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: bad position: board (column 22): 8 ranks, expected 9"
name="solve of an unquoted SFEN with eight ranks: the board's fault, not a missing file"
"$TSUME" solve -q 7gk/9/6P1+P/9/9/9/9/9 b G 1 >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: bad position: board (column 22): 8 ranks, expected 9"
name="bad input: empty argument (solve)"
"$TSUME" solve -q '' >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: bad position: board (column 1): empty position"
name="bad input: only empty lines (solve -)"
printf '\n  \n' | "$TSUME" solve -q - >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: no problem on standard input"
name="bad input: only empty lines (verify: no problem in the input, exit 2 -- a CI check must not pass on it)"
printf '\n  \n' >"$tmp/empty.sfen"
"$TSUME" verify --jobs 1 "$tmp/empty.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 2 "err:verify summary: 0 problems, 0 passed, 0 failed, 0 bad lines" "err:tsume verify: no problem in the input"

# a 1 MB line: refused in constant memory, the next line still read
head -c 1048576 /dev/zero | tr '\0' x >"$tmp/long.sfen"
printf '\n%s\n' "$M1" >>"$tmp/long.sfen"
name="bad input: a 1 MB line (solve -)"
"$TSUME" solve -q - <"$tmp/long.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$(grep -c '^mate 1$' "$tmp/out")" -eq 1 ] || fail "the line after the long one was not solved"
: >"$tmp/out"
expect_msg 2 "stdin:1: line longer than 65536 bytes"
name="bad input: a 1 MB line (verify)"
"$TSUME" verify --jobs 1 "$tmp/long.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
: >"$tmp/out"
expect_msg 2 "$tmp/long.sfen:1: line longer than 65536 bytes"

# a NUL byte in a line (it used to cut a line of 'solve -' silently)
printf '%s\000 moves G*5c\n' "$M1" >"$tmp/nul.sfen"
name="bad input: a NUL byte (solve -)"
"$TSUME" solve -q - <"$tmp/nul.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "stdin:1: line (column 43): NUL byte"
name="bad input: a NUL byte (verify)"
"$TSUME" verify --jobs 1 "$tmp/nul.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/nul.sfen:1: line (column 43): NUL byte"

# gzip: truncated, corrupt (a wrong CRC), and gzip bytes given to 'solve -'
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do echo "$M1"; done | gzip -c >"$tmp/m1.gz"
head -c 40 "$tmp/m1.gz" >"$tmp/cut.gz"
name="bad input: a truncated gzip (verify)"
"$TSUME" verify --jobs 1 "$tmp/cut.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/cut.gz:1: gzip: $tmp/cut.gz: unexpected end of file"
size=$(wc -c <"$tmp/m1.gz")
{ head -c $((size - 8)) "$tmp/m1.gz"; printf '\377\377\377\377'; tail -c 4 "$tmp/m1.gz"; } >"$tmp/crc.gz"
name="bad input: a corrupt gzip (verify)"
"$TSUME" verify --jobs 1 "$tmp/crc.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/crc.gz:1: gzip: $tmp/crc.gz: incorrect data check"
name="bad input: text appended to a gzip file (verify): the lines of the gzip stream, then an error"
{ cat "$tmp/m1.gz"; printf '%s\n' "$M1"; } >"$tmp/tail.gz"
"$TSUME" verify --jobs 1 "$tmp/tail.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 2 "err:$tmp/tail.gz:21: gzip: $tmp/tail.gz: data after the end of the gzip stream (byte $((size + 1)) of the file), not a gzip member" \
	"err:verify summary: 20 problems, 20 passed, 0 failed, 1 bad line"
name="verify: concatenated gzip members are read as gzip -d reads them"
cat "$tmp/m1.gz" "$tmp/m1.gz" >"$tmp/two.gz"
"$TSUME" verify --jobs 1 "$tmp/two.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 0 "line:$tmp/two.gz:40: PASS mate 1" "err:verify summary: 40 problems, 40 passed, 0 failed, 0 bad lines"
name="bad input: gzip bytes on standard input (solve -)"
"$TSUME" solve -q - <"$tmp/m1.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "stdin:1: line (column 4): NUL byte"

# files that cannot be read
name="bad input: a missing file (verify)"
"$TSUME" verify --jobs 1 "$tmp/missing.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/missing.sfen: cannot open: No such file or directory"
printf '%s\n' "$M1" >"$tmp/locked.sfen"
chmod 000 "$tmp/locked.sfen"
if [ ! -r "$tmp/locked.sfen" ]; then # root, or a user who may read every file, reads it anyway
	name="bad input: an unreadable file (verify)"
	"$TSUME" verify --jobs 1 "$tmp/locked.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "$tmp/locked.sfen: cannot open: Permission denied"
else
	echo "test_cli: this user reads a file of mode 000: the unreadable-file test not run"
fi
mkdir -p "$tmp/dir.sfen"
name="bad input: a directory as a file (verify)"
"$TSUME" verify --jobs 1 "$tmp/dir.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/dir.sfen: cannot open: Is a directory"
name="bad input: a directory as standard input (solve -)"
"$TSUME" solve -q - <"$tmp/dir.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: standard input: Is a directory"

# option values: only decimal seconds, limits stated; exclusive options
for t in 0x1p3 1e3 inf -1 1000000001; do
	name="solve --time $t"
	"$TSUME" solve -q --time "$t" "$M1" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "tsume: --time must be a decimal number of seconds, 0..1000000000 (0 = no limit), got '$t'"
done
name="solve --time .5 and 1000000000 are accepted"
"$TSUME" solve -q --time .5 "$M1" >"$tmp/out" 2>"$tmp/err" && "$TSUME" solve -q --time 1000000000 "$M1" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 0 "line:mate 1"
for t in 0x10 1e3 1.2.3; do
	name="verify --time $t"
	"$TSUME" verify --time "$t" "$tmp/nul.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "tsume verify: --time must be a decimal number of seconds, 0..1000000000 (0 = no limit), got '$t'"
done
# one --time range for every command that takes one
for cmd in solve verify sheet; do
	name="$cmd --time 1000000001: the range every command states"
	"$TSUME" $cmd --time 1000000001 "$tmp/nul.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && grep -qF -- "--time must be a decimal number of seconds, 0..1000000000 (0 = no limit), got '1000000001'" "$tmp/err"; then ok; else
		fail "status $rc: $(head -2 "$tmp/err")"
	fi
done
name="verify --time 1000000000 is accepted"
"$TSUME" verify --time 1000000000 "$tmp/nul.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -ne 2 ] || ! grep -q -- "--time" "$tmp/err" && ok || fail "status $rc: $(head -2 "$tmp/err")"
# bad_value MESSAGE ARGS... -- tsume ARGS exits 2 with exactly MESSAGE.
bad_value() {
	msg=$1
	shift
	name="$*"
	"$TSUME" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "$msg"
}
# whole numbers: digits only (strtoull would take " -5" as 2^64 - 5), the
# range and the unit named, the real upper bound 2^64 - 1 for --nodes
NODES='must be a whole number of nodes, 0..18446744073709551615 (0 = no limit)'
for v in " -5" "+5" "0x10" "1e3" "" "18446744073709551616"; do
	bad_value "tsume verify: --nodes $NODES, got '$v'" verify --nodes "$v" "$tmp/nul.sfen"
	bad_value "tsume: --nodes $NODES, got '$v'" solve -q --nodes "$v" "$M1"
done
bad_value "tsume: --nodes $NODES, got '99999999999999999999'" solve -q --nodes 99999999999999999999 "$M1"
name="solve --nodes 18446744073709551615 is accepted"
"$TSUME" solve -q --nodes 18446744073709551615 "$M1" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 0 "line:mate 1"
for v in 100000 257 " 2"; do
	bad_value "tsume verify: --jobs must be a whole number of jobs, 1..256, got '$v'" verify --jobs "$v" "$tmp/nul.sfen"
done
bad_value "tsume verify: --hash must be a whole number of megabytes, 1..1048576, got '0'" verify --hash 0 "$tmp/nul.sfen"
bad_value "tsume verify: --format must be text, json or csv, got 'xml'" verify --format xml "$tmp/nul.sfen"
bad_value "tsume verify: --notation must be ja or usi, got 'kif'" verify --notation kif "$tmp/nul.sfen"
bad_value "tsume: --notation must be ja or usi, got 'JA'" solve -q --notation JA "$M1"
bad_value "tsume: --hash must be a whole number of megabytes, 1..1048576, got ' 5'" solve -q --hash " 5" "$M1"
for v in 0 x 2 17; do
	bad_value "tsume generate: --mate must be an odd whole number of plies, 1..15, got '$v'" generate --mate "$v" --count 1
done
for v in 0 100001 " 5"; do
	bad_value "tsume generate: --count must be a whole number of problems, 1..100000, got '$v'" generate --mate 1 --count "$v"
done
bad_value "tsume generate: --seed must be a whole number, 0..18446744073709551615, got '-1'" generate --mate 1 --count 1 --seed -1
bad_value "tsume generate: --jobs must be a whole number of threads, 1..256, got '0'" generate --mate 1 --count 1 --jobs 0
bad_value "tsume generate: --level must be any, easy, medium or hard, got 'tricky'" generate --mate 1 --count 1 --level tricky
# an empty output name: refused at start-up, before any generating
run "generate --out ''" "" generate --mate 7 --count 1000 --out ''
expect 2 "err:tsume generate: an output file name is empty"
run "generate --sheet ''" "" generate --mate 7 --count 1000 --sheet ''
expect 2 "err:tsume generate: an output file name is empty"
# --level any, the default named in --help, is taken
run "generate --level any" "" generate --quiet --mate 1 --count 1 --seed 1 --level any
expect 0 "out:; mate=1 ;"
# every output path checked before generating (hours at mate 7-9)
run "generate --sheet into a missing directory: refused at start-up" "" generate --mate 7 --count 1000 --sheet /no/such/dir/x.html
expect 2 "err:tsume generate: /no/such/dir/x.html: No such file or directory"
run "generate --sheet onto a directory: refused at start-up" "" generate --mate 7 --count 1000 --sheet "$tmp"
expect 2 "err:tsume generate: $tmp: Is a directory"
# one file named two ways before it exists: the worksheet would overwrite the problems
rm -f "$tmp/same.sfen"
run "generate --out F --sheet ./F (a file not yet made): refused" "" generate --quiet --mate 1 --count 2 --out "$tmp/same.sfen" --sheet "$tmp/./same.sfen"
expect 2 "err:tsume generate: --out and --sheet name the same file '$tmp/same.sfen'"
check "generate --out F --sheet ./F: nothing written" test ! -e "$tmp/same.sfen"
# without --out the problems go to standard output: a worksheet there would mix with them
run "generate --sheet - without --out: refused" "" generate --quiet --mate 1 --count 2 --sheet -
expect 2 "err:tsume generate: --sheet '-' is standard output, where the problems go without --out FILE" noout:sfen noout:html
bad_value "tsume: DEPTH must be a whole number of plies, 1..20, got ' 3'" perft startpos " 3"
name="moves --checks --evasions"
"$TSUME" moves --checks --evasions "$M1" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: --checks and --evasions exclude each other"

# bench: bad values name the option, its range and unit
bad_value "tsume bench: --hash must be a whole number of megabytes, 1..1048576, got '0'" bench --hash 0 --perft-only
bad_value "tsume bench: --long must be a decimal number of seconds, 0..1000000000 (0 = skip the long problems), got '-5'" bench --long -5
run "bench --long-only --perft-only: refused" "" bench --long-only --perft-only
expect_bad "tsume bench: --long-only and --perft-only exclude each other"
run "bench --long-only --long 0: refused" "" bench --long-only --long 0
expect_bad "tsume bench: --long-only with --long 0: nothing to run"
run "bench --long-only --long 0.5: only the long problems, within the limit" "" bench --long-only --long 0.5 --hash 16
expect 0 "re:^Zuko #99 kemuri +(mate 117|unknown 0) \(expected 117\)" "noout:perft" "noout:ShogiBoardQ"

# csa_board [ROW...] -- the CSA rows P1..P9, each ROW ("P3 * ...") in place of
# its empty row (a board given as rows has all nine)
csa_board() {
	for r in 1 2 3 4 5 6 7 8 9; do
		row="P$r *  *  *  *  *  *  *  *  * "
		for given in "$@"; do
			case $given in "P$r"*) row=$given ;; esac
		done
		printf '%s\n' "$row"
	done
}

# convert never loses a file: an output that is also an input is refused and
# left as it was; when no input converts, an earlier output is left as it was
name="convert: output is an input"
{ csa_board 'P1 *  *  *  *  * -OU *  *  * '; printf 'P+00HI\n+\n'; } >"$tmp/self.csa"
cp "$tmp/self.csa" "$tmp/self.before"
"$TSUME" convert "$tmp/self.csa" -o "$tmp/self.csa" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "tsume: convert: the output $tmp/self.csa is also an input"
name="convert: output kept when no input converts"
cmp -s "$tmp/self.csa" "$tmp/self.before" && passed=$((passed + 1)) || fail "the input was changed"
echo "earlier output" >"$tmp/keep.txt"
"$TSUME" convert "$tmp/no-such.kif" -o "$tmp/keep.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/no-such.kif: cannot open: No such file or directory"
[ "$(cat "$tmp/keep.txt")" = "earlier output" ] && passed=$((passed + 1)) || fail "keep.txt was overwritten"
# a gzip-compressed KIF is read as the KIF it holds (it was read as 22 bad problem lines)
gzip -c "${TEST_DATA:-build/testdata}/problems/raw/kifu-for-js/taichitsume.kif" >"$tmp/taichi.kif.gz"
name="verify: a gzip-compressed KIF file is one problem"
"$TSUME" verify "$tmp/taichi.kif.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "^$tmp/taichi.kif.gz:1: PASS mate 7 (stated 7)" "$tmp/out"; then ok; else fail "status $rc: $(head -3 "$tmp/out" "$tmp/err")"; fi
name="convert: a gzip-compressed KIF file"
"$TSUME" convert "$tmp/taichi.kif.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "^6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1 moves .* ; mate=7" "$tmp/out"; then ok; else fail "status $rc: $(cat "$tmp/out" "$tmp/err")"; fi
head -c 100 "$tmp/taichi.kif.gz" >"$tmp/cut.kif.gz"
{ cat "$tmp/taichi.kif.gz"; echo junk; } >"$tmp/trail.kif.gz"
name="convert: text after a gzip-compressed KIF's stream is an error, not dropped"
"$TSUME" convert "$tmp/trail.kif.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/trail.kif.gz: gzip: $tmp/trail.kif.gz: data after the end of the gzip stream (byte $(($(wc -c <"$tmp/taichi.kif.gz") + 1)) of the file), not a gzip member"
head -c 3000 "$TSUME" | gzip -c >"$tmp/bin.kif.gz"
name="verify: a gzip-compressed binary file is binary data, as an uncompressed one"
"$TSUME" verify "$tmp/bin.kif.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -qxF "$tmp/bin.kif.gz: binary data (NUL and control bytes): not a problem file" "$tmp/err" && ok ||
	fail "status $rc: $(head -2 "$tmp/err")"
# control bytes in a KIF's 作品名 (a terminal's escape sequence) are not written out
{ printf '作品名：x\001\007\033[31mred\177\n'; iconv -f CP932 -t UTF-8 "${TEST_DATA:-build/testdata}/problems/raw/tsumemi/3te/8.kif"; } >"$tmp/ctl.kif"
name="convert: control bytes of a KIF's 作品名 become blanks"
"$TSUME" convert "$tmp/ctl.kif" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q "title=x   \[31mred" "$tmp/out" && ! LC_ALL=C grep -q "$(printf '[\001-\037\177]')" "$tmp/out"; then ok; else
	fail "status $rc: $(od -c "$tmp/out" | head -3)"
fi
name="convert: a gzip-compressed KIF file cut short"
"$TSUME" convert "$tmp/cut.kif.gz" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/cut.kif.gz: gzip: $tmp/cut.kif.gz: unexpected end of file"
name="convert: a directory is named as one"
mkdir -p "$tmp/adir.kif"
"$TSUME" convert "$tmp/adir.kif" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_msg 2 "$tmp/adir.kif: cannot open: Is a directory"
name="convert: one good, one bad input: the good one written"
"$TSUME" convert "$tmp/self.csa" "$tmp/no-such.kif" -o "$tmp/keep.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "^5k3/9/9/9/9/9/9/9/9 b R 1 ; source=" "$tmp/keep.txt" && passed=$((passed + 1)) ||
	fail "status $rc, keep.txt: $(cat "$tmp/keep.txt")"
name="convert: a file name with a blank and key= in it: the line reads back"
cp doc/example.kif "$tmp/q mate=9.kif"
"$TSUME" convert "$tmp/q mate=9.kif" -o "$tmp/qm.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q "; source=.*q_mate=9.kif$" "$tmp/qm.sfen"; then
	fail "status $rc: $(cat "$tmp/err" "$tmp/qm.sfen")"
else
	"$TSUME" verify "$tmp/qm.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 0 ] && grep -q ": PASS mate 15" "$tmp/out" && passed=$((passed + 1)) || fail "verify: status $rc: $(cat "$tmp/out" "$tmp/err")"
fi

# a KIF file's moves are its answer, judged, never played to move the
# problem: a last attacker move without check, or an even number of moves
# ended by 詰み, is a given answer that is not a mating line; the problem
# solved is the diagram's (with a sente king on the board too)
{ cat doc/example.kif; printf '手数----指手---------消費時間--\n   1 １二歩打\n   2 同　金(21)\n   3 ９八金打\n   4 詰み\nまで3手で詰み\n'; } |
	sed 's/^| ・ ・ ・ ・ ・ ・ ・ ・ ・|九$/| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九/' >"$tmp/nocheck.kif"
run "solve KIF: a last move without check is judged, the diagram solved" "" solve -q --threads 1 "$tmp/nocheck.kif"
expect 0 "line:sfen 7gk/9/6P1+P/9/9/9/9/9/K8 b GSP2r2b2g3s4n4l15p 1" "line:mate 15" \
	"out:given answer: stated_not_mate (at ply 3 ▲９八金 gives no check" noout:後手番
{ cat doc/example.kif; printf '手数----指手---------消費時間--\n   1 １二歩打\n   2 同　金(21)\n   3 詰み\n'; } >"$tmp/even.kif"
run "solve KIF: an even answer ended by 詰み is judged, not played" "" solve -q --threads 1 "$tmp/even.kif"
expect 0 "line:mate 15" "out:given answer: stated_not_mate (the line ends with △同　金 at ply 2"

# CSA diagrams: faults named (sfen_setup and the CSA reader)
csa_bad() {
	name="convert CSA: $1"
	printf "$2" >"$tmp/bad.csa"
	"$TSUME" convert "$tmp/bad.csa" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_msg 2 "$tmp/bad.csa:$3"
}
csa_bad "two kings" "$(csa_board 'P1 *  *  *  *  * -OU *  *  * ' 'P3 *  *  *  *  * -OU *  *  * ')\nP+00HI\n+\n" "1: bad position: board: two gote kings, on 4a and 4c"
csa_bad "nifu" "$(csa_board 'P1 *  *  *  *  * -OU *  *  * ' 'P5 *  *  *  * +FU *  *  *  * ' 'P7 *  *  *  * +FU *  *  *  * ')\n+\n" "1: bad position: board: two unpromoted sente pawns on file 5, on 5e and 5g (nifu)"
csa_bad "three rooks" "$(csa_board 'P1 *  *  *  *  * -OU *  *  * ' 'P5+HI+HI+HI *  *  *  *  *  * ')\n+\n" "1: bad position: board: 3 rooks on the board, the set has 2"
csa_bad "three rooks in a hand: the line of the hand" "$(csa_board 'P1 *  *  *  *  * -OU *  *  * ')\nP+00HI00KA00HI00HI\n+\n" "10: bad position: hand: 3 rooks in the sente hand, the set has 2"
csa_bad "00AL for both sides, either order" "$(csa_board 'P1 *  *  *  *  * -OU *  *  * ')\nP-00AL\nP+00HI00AL\n+\n" "11: CSA: 00AL for both sides (the rest of the set can go to one only)"
csa_bad "00AL for both sides, sente first" "$(csa_board 'P1 *  *  *  *  * -OU *  *  * ')\nP+00AL\nP-00AL\n+\n" "11: CSA: 00AL for both sides (the rest of the set can go to one only)"
csa_bad "an unknown special move" 'P-11OU\nP+00KI\n+\n+0012KI\n%%FOO\n' "5: CSA: unknown special move '%FOO'"
csa_bad "a row twice" 'P1 *  *  *  *  * -OU *  *  * \nP1 *  *  *  *  * -OU *  *  * \n+\n' "2: CSA: row P1 given twice"
csa_bad "a piece on a piece" 'P-51OU\nP-51KI\n+\n' "2: CSA: '51KI' on an occupied square"
csa_bad "no defender king" "$(csa_board)\nP+00HI\n+\n" " bad position: the defender (gote, the side not to move) has no king"
csa_bad "a row missing" "$(csa_board | grep -v '^P1')\nP+00HI\n+\n" "1: CSA: row P1 missing: a board given as rows has P1..P9, each once"
csa_bad "a row cut short" "$(csa_board 'P1 *  *  *  *  *  *  * -KE')\nP+00HI\n+\n" "1: CSA: row P1 has 8 squares, not nine"

# verify --format csv: fields with a comma or a quote are quoted (RFC 4180)
name="verify csv: file name quoted"
printf '4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b ; mate=1\n' >"$tmp/a,b \"c\".sfen"
"$TSUME" verify --format csv "$tmp/a,b \"c\".sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 "out:\"$tmp/a,b \"\"c\"\".sfen\",1,pass,1,1,0,0,0,0,0,no,,"

# a bad stated length is a bad line, not a silent fallback to the number of moves
name="verify: bad mate= metadata"
printf '4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b ; mate=abc\n4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b ; mate=1\n' >"$tmp/badmate.sfen"
"$TSUME" verify "$tmp/badmate.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 2 "err:$tmp/badmate.sfen:1: metadata (column 47): mate must be a whole number of plies, 1..4096, got 'abc'" "line:$tmp/badmate.sfen:2: PASS mate 1 (stated 1)"
# mate= is read wherever it comes: after eight other pairs too (it was once
# dropped with the pairs past the eighth, and a wrong length passed)
MANY='; a=1 ; b=2 ; c=3 ; d=4 ; e=5 ; f=6 ; g=7 ; h=8'
ML3="+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1"
printf '%s %s ; mate=5\n%s %s ; mate=5 ; mate=7\n' "$ML3" "$MANY" "$ML3" "$MANY" >"$tmp/manymeta.sfen"
run "verify: mate= after eight other pairs is read, a second one refused" "" verify "$tmp/manymeta.sfen"
expect 2 "line:$tmp/manymeta.sfen:1: FAIL mate 3 (stated 5): wrong length (早詰: a mate in 3 plies, shorter than the stated 5)" \
	"err:$tmp/manymeta.sfen:2: metadata (column $((${#ML3} + ${#MANY} + 14))): mate given twice"

# --futile: the futile-interposition rule (C27 of cases.tsv: mate 1 when the
# drop on 1e is futile, 3 when every interposition counts)
C27='9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1'
# an answer that is a mate under one rule only: still the given answer, with the verdict
run "solve --futile none, an answer mating modulo futile drops" "" solve --quiet --futile none "$C27 moves 1e3c+"
expect 0 "line:mate 3" "line:given answer: stated_not_mate (the line ends with ▲３三角成 at ply 1, not a mate under the rule in force)"
run "solve, the same answer under the default (nogain)" "" solve --quiet "$C27 moves 1e3c+"
expect 0 "line:mate 1" "line:given answer: exact"
name="solve --futile none / narrow"
"$TSUME" solve --quiet --futile none "$C27" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 "out:mate 3"
"$TSUME" solve --quiet --futile narrow "$C27" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 "out:mate 1"
"$TSUME" solve --format json --futile none "$C27" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 'out:"length":3,' 'out:"futile":"none",'
bad_value "tsume: --futile must be none, narrow, broad, nogain or answered, got 'wide'" solve --futile wide "$C27"
# --threads: 1..256 threads, named with its range; the JSON says how many ran
for v in 0 257 two ""; do
	bad_value "tsume: --threads must be a whole number of threads, 1..256, got '$v'" solve --threads "$v" "$C27"
	bad_value "tsume verify: --threads must be a whole number of threads, 1..256, got '$v'" verify --threads "$v" "$tmp/nul.sfen"
done
name="solve --threads 2: the same answer, threads in the JSON"
"$TSUME" solve --format json --threads 2 "$C27" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 'out:"length":1,' 'out:"threads":2}'
name="verify --jobs 200 --threads 8: too many search threads"
"$TSUME" verify --jobs 200 --threads 8 "$tmp/nul.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect 2 "err:tsume verify: --jobs 200 x --threads 8 is 1600 search threads; at most 1024"
name="verify --jobs 1 --threads 2"
printf '%s moves 1e3c+\n' "$C27" | "$TSUME" verify --jobs 1 --threads 2 - >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 "out:PASS mate 1 (stated 1)"
bad_value "tsume verify: --futile must be none, narrow, broad, nogain or answered, got ''" verify --futile "" "$tmp/nul.sfen"
bad_value "tsume generate: --futile must be none, narrow, broad, nogain or answered, got 'x'" generate --mate 1 --count 1 --futile x
name="verify --futile none: the stated length of C27 under each rule"
printf '%s moves 1e3c+ ; mate=1\n' "$C27" >"$tmp/c27.sfen"
"$TSUME" verify "$tmp/c27.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 0 "line:$tmp/c27.sfen:1: PASS mate 1 (stated 1) [unnecessary pieces not judged: the mate counts futile interpositions]"
"$TSUME" verify --futile none "$tmp/c27.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect 1 "out:FAIL mate 3 (stated 1)" "err:futile rule none"

# solve, verify and sheet read KIF and CSA problem files directly, by name or
# by content, with the reader of `tsume convert`; the stated answer is the
# file's own (Kifu for JS's sample 7-ply problem, tests/data/problems/raw)
KJS=${TEST_DATA:-build/testdata}/problems/raw/kifu-for-js
run "solve FILE.kif" "" solve --quiet "$KJS/taichitsume.kif"
expect 0 "line:mate 7" "line:given answer: exact" "line:sfen 6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1"
kif_usi=$(sed -n 's/^usi: //p' "$tmp/out")
cp "$KJS/taichitsume.kif" "$tmp/sjis-problem.txt" # the sample is Shift_JIS
run "solve: a Shift_JIS KIF told by its content" "" solve --quiet "$tmp/sjis-problem.txt"
expect 0 "line:mate 7" "line:usi: $kif_usi" "line:given answer: exact"
iconv -f CP932 -t UTF-8 "$KJS/taichitsume.kif" >"$tmp/utf8-problem.txt"
run "solve: a UTF-8 KIF told by its content" "" solve --quiet "$tmp/utf8-problem.txt"
expect 0 "line:mate 7" "line:usi: $kif_usi" "line:given answer: exact"
{ printf "'the same problem as CSA\n"
  csa_board 'P1 *  *  *  *  *  * +TO-KE-KY' 'P2 *  *  *  *  *  * +GI-OU * ' 'P3 *  *  *  *  *  * -GI-FU * ' 'P5 *  *  *  *  *  *  *  * +FU'
  printf 'P+00KI00GI\nP-00AL\n+\n'; } >"$tmp/taichi.csa"
run "solve FILE.csa" "" solve --quiet --format json "$tmp/taichi.csa"
expect 0 "out:\"sfen\":\"6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1\"" "out:\"length\":7"
cp "$tmp/taichi.csa" "$tmp/taichi-csa.txt"
run "solve: a CSA file told by its content" "" solve --quiet "$tmp/taichi-csa.txt"
expect 0 "line:mate 7" "line:usi: $kif_usi"
run "verify FILE.kif: the file's stated answer" "" verify "$KJS/taichitsume.kif" "$KJS/hashimoto-sos.kif"
expect 0 "line:$KJS/taichitsume.kif:1: PASS mate 7 (stated 7) [3 shorter variations]" "line:$KJS/hashimoto-sos.kif:1: PASS mate 7 (stated 7) [1 shorter variation]"
"$TSUME" convert "$KJS/taichitsume.kif" -o "$tmp/taichi.sfen" 2>/dev/null
printf '9/9/9/9/9/9/9/9/9 b - 1\n' >>"$tmp/taichi.sfen"
run "solve FILE of problem lines: each solved, a bad line named" "" solve --quiet "$tmp/taichi.sfen"
expect 2 "line:mate 7" "err:$tmp/taichi.sfen:2: "
printf 'not a problem\n' >"$tmp/notkif.kif"
run "solve FILE.kif: a KIF error names the file" "" solve "$tmp/notkif.kif"
expect 2 "err:$tmp/notkif.kif: KIF: "
: >"$tmp/empty.sfen"
run "solve FILE: no problem in it" "" solve "$tmp/empty.sfen"
expect 2 "err:tsume: no problem in $tmp/empty.sfen"
run "sheet FILE.kif" "" sheet -o "$tmp/kif-sheet.html" "$KJS/taichitsume.kif"
expect 0
grep -q "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9" "$tmp/kif-sheet.html" 2>/dev/null || grep -q "７手詰\|7手詰\|mate 7" "$tmp/kif-sheet.html" && passed=$((passed + 1)) || fail "the worksheet lacks the problem"

# a binary file is said to be binary once, not an error a line
i=0
while [ $i -lt 64 ]; do printf '\000\001\002\003\004\005\006\007abc\ndefgh' >>"$tmp/garbage.bin"; i=$((i + 1)); done
for cmd in verify solve sheet; do
	run "$cmd: a binary file" "" $cmd "$tmp/garbage.bin"
	n=$(grep -c "binary data" "$tmp/err")
	[ "$rc" -eq 2 ] && [ "$n" -eq 1 ] && [ "$(grep -c "$tmp/garbage.bin" "$tmp/err")" -eq 1 ] && passed=$((passed + 1)) ||
		fail "status $rc, $n 'binary data' messages: $(head -3 "$tmp/err")"
done
# verify counts a binary file as a file it cannot read, not as a bad line; a
# run that checked no problem prints the summary's first line, no table of zeros
run "verify: a binary file is a file unreadable" "" verify "$tmp/garbage.bin"
expect 2 "err:verify summary: 0 problems, 0 passed, 0 failed, 0 bad lines, 1 file unreadable"
grep -q "no mate\|problems/s" "$tmp/err" && fail "a table of zeros: $(cat "$tmp/err")" || ok
run "verify: one missing file, one summary line" "" verify "$tmp/no-such-file.sfen"
expect 2 "err:$tmp/no-such-file.sfen: cannot open: No such file or directory" "err:verify summary: 0 problems, 0 passed, 0 failed, 0 bad lines, 1 file unreadable"
[ "$(grep -c . "$tmp/err")" -eq 2 ] && ok || fail "$(grep -c . "$tmp/err") lines on stderr: $(cat "$tmp/err")"

# every sub-command's --help: exit 0, its options on stdout, each long option
# of its usage line explained on a line of its own
for cmd in solve perft moves verify convert usi generate sheet bench; do
	name="$cmd --help"
	"$TSUME" $cmd --help </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 0 ] || [ "$(wc -l <"$tmp/out")" -lt 4 ]; then
		fail "status $rc, $(wc -l <"$tmp/out") lines"
		continue
	fi
	missing=""
	for opt in $(head -1 "$tmp/out" | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
		tail -n +2 "$tmp/out" | grep -qE -- "(^|[ ,])$opt([ =]|$)" || missing="$missing $opt"
	done
	[ -z "$missing" ] && passed=$((passed + 1)) || fail "not explained:$missing"
done

# verify and sheet: a problem whose piece set is incomplete is named with a
# warning; --rest gives the rest to the defender (a ShogiBoardQ 3-ply problem
# with the defender's hand removed: a cook without --rest, a pass with it)
printf '1k7/9/1B7/9/9/9/9/9/2R6 b - 1 moves 7i7b+ 8a9a 8c9b+\n' >"$tmp/nohand.sfen"
run "verify: the incomplete piece set warned" "" verify "$tmp/nohand.sfen"
expect 1 "out:FAIL mate 3 (stated 3): 余詰" "err:$tmp/nohand.sfen:1: warning: 36 pieces are in nobody's hand; use --rest to give them to the defender"
run "verify --rest" "" verify --rest "$tmp/nohand.sfen"
expect 0 "out:PASS mate 3 (stated 3)" "noerr:warning"
run "sheet: the incomplete piece set warned, the cook left out" "" sheet -o "$tmp/nohand.html" "$tmp/nohand.sfen"
expect 1 "err:$tmp/nohand.sfen:1: warning: 36 pieces are in nobody's hand" "err:$tmp/nohand.sfen:1: left out (mate 3, stated 3): 余詰"
run "sheet --no-check: the incomplete piece set warned" "" sheet --no-check -o "$tmp/nohand.html" "$tmp/nohand.sfen"
expect 0 "err:$tmp/nohand.sfen:1: warning: 36 pieces are in nobody's hand"
run "sheet --rest" "" sheet --rest -o "$tmp/nohand.html" "$tmp/nohand.sfen"
expect 0 "noerr:warning"
# ---- solve --format kif, -o (tests/test_kif_out.sh reads the kifus with tsshogi
# and Kifu for JS) ----
C07='7nk/9/8G/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1'  # cases.tsv: nomate
C15='7gk/8p/5P2s/7P1/9/9/9/9/9 b BSN2rb3g2s3n4l15p 1' # cases.tsv: mate 9, variations at moves 2 and 6
run "solve --format kif: the 15-ply example" "" solve --format kif "$Q15"
expect 0 "line:手数----指手---------消費時間--" "line:   1 １二歩打     ( 0:00/00:00:00)" \
	"line:   2 同　金(21)   ( 0:00/00:00:00)" "line:  11 ２一銀成(32) ( 0:00/00:00:00)" \
	"line:  15 ２二金(23)   ( 0:00/00:00:00)" "line:  16 詰み         ( 0:00/00:00:00)" "line:手数：15手"
name="solve --format kif: the diagram first, まで15手で詰み last"
grep -v '^#' "$tmp/out" | head -13 >"$tmp/kif_diagram"
"$TSUME" solve "$Q15" | head -13 >"$tmp/text_diagram"
if ! cmp -s "$tmp/kif_diagram" "$tmp/text_diagram"; then fail "the lines after the # comments are not the diagram: $(head -2 "$tmp/kif_diagram")"
elif [ "$(head -1 "$tmp/kif_diagram")" != "後手の持駒：飛二　角二　金二　銀三　桂四　香四　歩十五" ]; then fail "first line $(head -1 "$tmp/kif_diagram")"
elif [ "$(tail -1 "$tmp/out")" != "まで15手で詰み" ]; then fail "last line '$(tail -1 "$tmp/out")'"
elif [ "$(grep -c '^ *[0-9][0-9]* ' "$tmp/out")" != 16 ]; then fail "$(grep -c '^ *[0-9][0-9]* ' "$tmp/out") move lines, want 15 and 詰み"
else passed=$((passed + 1)); fi
run "solve --format kif: nomate" "" solve --format kif "$C07"
expect 1 "line:後手の持駒：飛二　角二　金三　銀四　桂三　香四　歩十七" "line:*不詰" "noout:まで" "noout:手数："
name="solve --format kif: nomate has no move line"
if grep -q '^ *[0-9][0-9]* ' "$tmp/out"; then fail "a move line: $(grep '^ *[0-9]' "$tmp/out")"; else passed=$((passed + 1)); fi
run "solve --format kif: unknown" "" solve --format kif --nodes 10 "$MICRO"
expect 3 "line:*unknown: nodes" "line:# result: unknown (nodes)" "noout:まで"
run "solve --format kif: variations, later moves first" "" solve --format kif "$C15"
expect 0 "line:変化：6手" "line:   6 同　金(22)   ( 0:00/00:00:00)" "line:変化：2手" "line:   6 同　玉(21)   ( 0:00/00:00:00)+" \
	"line:   2 ２二金(21)   ( 0:00/00:00:00)+"
name="solve --format kif: 変化：6手 before 変化：2手, each after a blank line"
if [ "$(grep '^変化' "$tmp/out" | head -2 | tr '\n' ' ')" != "変化：6手 変化：2手 " ]; then fail "order $(grep '^変化' "$tmp/out" | tr '\n' ' ')"
elif [ "$(awk '/^変化/ && prev != "" {n++} {prev = $0} END {print n + 0}' "$tmp/out")" != 0 ]; then fail "a 変化 line without a blank line before it"
else passed=$((passed + 1)); fi
run "solve --format kif --variations 0" "" solve --format kif --variations 0 "$C15"
expect 0 "noout:変化" "line:# variations: 0 (at most 0 a defender move, each searched within 100000 nodes)"
run "solve --format kif --variations 1: the others named" "" solve --format kif --variations 1 "$C15"
expect 0 "re:^\*tsume: 7 more defences not shown \(--variations 1\): △" "line:変化：6手"
bad_value "tsume: --variations must be a whole number of variations a move, 0..600 (0 = none), got '601'" solve --variations 601 "$C15"
bad_value "tsume: --format must be text, json or kif, got 'kif2'" solve --format kif2 "$C15"
# --multipv: every first move, best first, in text and JSON; its range named;
# not with kif
TWO='4k4/9/3PPP3/9/9/9/9/9/9 b G2S 1'
run "solve --multipv: every first move, best first" "" solve -q --rest --multipv 20 "$TWO"
expect 0 "line:mate 1" "re:^first moves: 12 of 12, best first \([0-9]+ nodes, [0-9.]+ s besides the main solve\)$" "re:^1\. ▲５二(銀|金) mate 1  nodes " \
	"re:^2\. ▲５二(銀|金) mate 1  nodes " "re:^3\. ▲(４|６)二銀 mate 3  nodes " "re:^12\. ▲.* nomate  nodes " "line:   usi: S*4b 5a6a G*6b"
run "solve --multipv 2: the best two" "" solve -q --rest --multipv 2 "$TWO"
expect 0 "re:^first moves: 2 of 12, best first" "noout:3. "
run "solve --multipv --format json" "" solve --rest --multipv 3 --format json "$TWO"
expect 0 'out:"checks":12,"multipv":[{"move":"' 'out:"result":"mate","length":3,"minimal":true,"usi":["S*4b","5a6a","G*6b"],"kif":"▲４二銀 △６一玉 ▲６二金"'
if command -v jq >/dev/null 2>&1; then
	name="solve --multipv --format json: jq reads 3 rows, lengths 1 1 3"
	got=$(jq -r '[.multipv[].length] | map(tostring) | join(" ")' "$tmp/out")
	[ "$got" = "1 1 3" ] && passed=$((passed + 1)) || fail "got '$got'"
fi
run "solve --multipv: no check, no first move" "" solve -q --multipv 5 --format json '4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1'
expect 1 'out:"checks":0,"multipv":[],"multipv_nodes":0,'
run "solve --multipv: a main result unknown, no first moves" "" solve -q --multipv 5 --nodes 5 --format json "$MICRO"
expect 3 'out:"checks":null,"multipv":null,"multipv_nodes":null,"multipv_seconds":null'
run "solve --multipv: each line that ends in 無駄合 says so" "" solve -q --rest --multipv 3 '7lk/7p1/7G1/9/9/9/9/9/9 b R 1'
expect 0 "line:   the line ends in check: 7 interpositions left, futile under nogain (無駄合)"
bad_value "tsume: --multipv must be a whole number of first moves, 1..800, got '0'" solve --multipv 0 "$C15"
bad_value "tsume: --multipv must be a whole number of first moves, 1..800, got '801'" solve --multipv 801 "$C15"
# a line that ends in check with futile replies only: said so, in text and JSON
FEND='9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1'
run "solve: a line that ends in 無駄合" "" solve -q "$FEND"
expect 0 "line:usi: 1e3c+" "line:the line ends in check: 7 interpositions left to the defender, on １五, are futile under nogain (無駄合); a board that counts them shows check (--futile none counts them)"
run "solve --format json: futile_end" "" solve --format json "$FEND"
expect 0 'out:"futile_end":7,"futile_end_squares":["1e"]'
run "solve --futile none: a plain mate" "" solve -q --futile none "$FEND"
expect 0 "noout:ends in check" "line:mate 3"
run "solve --multipv with --format kif" "" solve --multipv 2 --format kif "$C15"
expect_msg 2 "tsume: --multipv takes --format text or json (a KIF kifu shows its variations instead)"
name="solve -o FILE.kif: kif implied, nothing on stdout; tsume convert reads it back"
"$TSUME" solve -o "$tmp/c15.kif" "$C15" >"$tmp/out" 2>"$tmp/err"
rc=$?
got=$("$TSUME" convert "$tmp/c15.kif" 2>&1 | sed 's/ ; .*//')
want="$C15 moves $("$TSUME" solve -q "$C15" | sed -n 's/^usi: //p')"
if [ $rc -ne 0 ] || [ -s "$tmp/out" ]; then fail "exit $rc, stdout $(head -c 80 "$tmp/out")"
elif [ "$(head -1 "$tmp/c15.kif")" != "#KIF version=2.0 encoding=UTF-8" ]; then fail "not a KIF file: $(head -1 "$tmp/c15.kif")"
elif [ "$got" != "$want" ]; then fail "convert gives '$got', want '$want'"
else passed=$((passed + 1)); fi
name="solve --format json -o FILE.kif: the format given wins"
"$TSUME" solve --format json -o "$tmp/j.kif" "$C05" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q '^{"input":' "$tmp/j.kif"; then fail "exit $rc: $(head -c 80 "$tmp/j.kif")"; else passed=$((passed + 1)); fi
name="solve -o FILE (text) and --output"
"$TSUME" solve --output "$tmp/a.txt" "$C05" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$tmp/out" ] || ! grep -q '^mate 3$' "$tmp/a.txt"; then fail "exit $rc: $(head -c 80 "$tmp/a.txt")"; else passed=$((passed + 1)); fi
# refused before any search: no trace line (the search's) on stderr
run "solve -o into a missing directory: refused at start-up" "" solve --trace -o /no/such/dir/x.kif "$Q15"
expect_bad "tsume: /no/such/dir/x.kif: No such file or directory"
name="solve -o into a missing directory: no search ran"
if grep -q 'dfpn:' "$tmp/err"; then fail "the search ran: $(cat "$tmp/err")"; else passed=$((passed + 1)); fi
run "solve -o a directory" "" solve -o "$tmp" "$C05"
expect_bad "tsume: $tmp: Is a directory"
run "solve -o a bad problem: no file" "" solve -o "$tmp/bad.kif" '4k4/9/9/9/4X4/9/9/9/4K4 b - 1'
expect_bad board
name="solve -o a bad problem: no file"
if [ -e "$tmp/bad.kif" ]; then fail "$tmp/bad.kif written"; else passed=$((passed + 1)); fi
run "solve - --format kif: two kifus, a blank line between" "$C05
$C07" solve - --format kif
expect 1 "line:*不詰"
name="solve - --format kif: two kifus, a blank line between"
if [ "$(grep -c '^#KIF version=2.0 encoding=UTF-8$' "$tmp/out")" != 2 ]; then fail "$(grep -c '^#KIF' "$tmp/out") kifus"
elif [ "$(awk '/^#KIF/ && NR > 1 && prev != "" {n++} {prev = $0} END {print n + 0}' "$tmp/out")" != 0 ]; then fail "no blank line before the second kifu"
else passed=$((passed + 1)); fi

# doc/commands.md's generate example: the line it shows is the line the command writes
name="tools: the manual's generate example as printed"
want=$(sed -n '/^\$ tsume generate --mate 3 --count 1 --quiet$/{n;p;}' doc/commands.md)
out=$("$TSUME" generate --mate 3 --count 1 --quiet 2>"$tmp/err")
rc=$?
[ $rc -eq 0 ] && [ -n "$want" ] && [ "$out" = "$want" ] && passed=$((passed + 1)) ||
	fail "status $rc: the manual shows '$want', the command wrote '$out'"

# doc/commands.md's JSON example: the same object, the times aside
name="tools: the manual's solve --format json example as printed"
json_cmd=$(sed -n 's/^\$ \.\/tsume solve --format json //p' doc/commands.md)
want=$(sed -n '/^\$ \.\/tsume solve --format json /{n;p;}' doc/commands.md | sed 's/"seconds":[^,]*,"nps":[0-9]*/TIME/')
out=$(eval "\"\$TSUME\" solve --format json $json_cmd" 2>"$tmp/err" | sed 's/"seconds":[^,]*,"nps":[0-9]*/TIME/')
[ -n "$want" ] && [ "$out" = "$want" ] && passed=$((passed + 1)) || fail "the manual shows '$want', the command wrote '$out'"

# doc/commands.md "Using tsume with other tools": its GUI, KIF and jq commands as written
name="tools: solve a KIF file, the answer as KIF (kotae.kif)"
case $TSUME in /*) tsume_abs=$TSUME ;; *) tsume_abs=$(pwd)/$TSUME ;; esac
kjs_abs=$(cd "$KJS" && pwd)
(cd "$tmp" && "$tsume_abs" solve "$kjs_abs/taichitsume.kif" -o kotae.kif) >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -q "^まで7手で詰み" "$tmp/kotae.kif" && passed=$((passed + 1)) || fail "status $rc: $(cat "$tmp/err")"
name="tools: convert a directory of KIF files, then verify"
"$TSUME" convert "$KJS/../tsumemi/3te/"*.kif -o "$tmp/tsumemi3.sfen" 2>"$tmp/err" &&
	"$TSUME" verify "$tmp/tsumemi3.sfen" >"$tmp/out" 2>>"$tmp/err"
rc=$?
# nine pass; the tenth states 3 where a defence lasts two plies more but leaves a piece in hand
[ $rc -eq 1 ] && [ "$(grep -c PASS "$tmp/out")" -eq 9 ] &&
	grep -qF "$tmp/tsumemi3.sfen:10: FAIL mate 5 (stated 3): wrong length (2手変長駒余り: " "$tmp/out" &&
	passed=$((passed + 1)) || fail "status $rc: $(cat "$tmp/out")"
if command -v jq >/dev/null 2>&1; then
	name="tools: jq on verify's JSON"
	"$TSUME" verify --format json doc/verify-example.sfen 2>/dev/null |
		jq -r 'select(.pass | not) | "\(.file):\(.line): \(.reasons | join("; "))"' >"$tmp/out"
	grep -qxF "doc/verify-example.sfen:4: 駒余り (1 piece left in hand); unnecessary piece: P(hand)" "$tmp/out" &&
		[ "$(wc -l <"$tmp/out")" -eq 6 ] && passed=$((passed + 1)) || fail "$(cat "$tmp/out")"
	name="tools: jq on solve's JSON"
	out=$("$TSUME" solve --quiet --format json "$KJS/../tsumemi/3te/8.kif" | jq -r '"\(.result) \(.length): \(.usi | join(" "))"')
	[ "$out" = "mate 3: B*3a 2b1b R*3b" ] && passed=$((passed + 1)) || fail "got '$out'"
elif [ "${TSUME_REQUIRE_JQ:-0}" = 1 ]; then
	name="tools: jq"
	fail "TSUME_REQUIRE_JQ=1 but no jq (apt-get install jq)"
else
	echo "test_cli: jq not found: the jq examples of README not run"
fi

# solve FILE...: several files; a missing file is said to be missing, not a bad board
run "solve two KIF files" "" solve --quiet "$KJS/taichitsume.kif" "$KJS/hashimoto-sos.kif"
expect 0 "line:sfen 6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1" "line:sfen 9/9/3ppP3/3r5/3nkB3/5R3/3sgG3/9/9 b Gbg3s3n4l15p 1"
run "solve a missing file" "" solve --quiet "$tmp/mondai.kif"
expect_bad "tsume: $tmp/mondai.kif: cannot open: No such file or directory"
run "solve a file and a missing one: the first solved" "" solve --quiet "$KJS/taichitsume.kif" nothere.sfen
expect 2 "line:mate 7" "err:tsume: nothere.sfen: cannot open: No such file or directory"

# inputs that were once mishandled: a FIFO, KIF words in a comment, -o onto
# an input, a write error, a KIF short of its stated length, a file named startpos
P3='7nl/7k1/5Npp1/9/9/9/9/9/9 b RBrb4g4s2n3l16p 1 moves B*3a 2b3b R*4b'
name="verify a FIFO: no byte lost to the format test"
mkfifo "$tmp/fifo.sfen" 2>/dev/null && {
	(for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40; do
		echo "$P3"; done >"$tmp/fifo.sfen") &
	"$TSUME" verify --jobs 1 "$tmp/fifo.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	wait
	[ $rc -eq 0 ] && grep -q "verify summary: 40 problems, 40 passed, 0 failed, 0 bad lines" "$tmp/err" &&
		passed=$((passed + 1)) || fail "status $rc: $(grep summary "$tmp/err")"
}
printf '# 攻方持駒：飛角 -- a comment naming hands\n%s ; name=手合割なし\n' "$P3" >"$tmp/jp.sfen"
run "verify: KIF words in a comment and metadata of a problem-line file" "" verify "$tmp/jp.sfen"
expect 0 "line:$tmp/jp.sfen:2: PASS mate 3 (stated 3) [unnecessary pieces not judged: the mate counts futile interpositions]"
printf '%s\n%s\n' "$P3" "$P3" >"$tmp/one.sfen"
run "solve -o onto its input: refused, the input kept" "" solve -q -o "$tmp/one.sfen" "$tmp/one.sfen"
expect_bad "tsume: solve: the output $tmp/one.sfen is also an input"
name="solve -o onto its input: the input kept"
[ "$(wc -l <"$tmp/one.sfen")" -eq 2 ] && passed=$((passed + 1)) || fail "the input was changed"
# standard input redirected from the file -o names: refused too, the input kept
for cmd in solve convert sheet; do
	name="$cmd - -o F < F: refused, the input kept"
	"$TSUME" $cmd - -o "$tmp/one.sfen" <"$tmp/one.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && grep -qF "tsume: $cmd: the output $tmp/one.sfen is also an input" "$tmp/err" &&
		[ "$(wc -l <"$tmp/one.sfen")" -eq 2 ] && passed=$((passed + 1)) || fail "status $rc: $(cat "$tmp/err")"
done
if [ -w /dev/full ]; then
	for args in "solve $C05" "solve --format json $C05" "verify $tmp/one.sfen" "moves startpos" "--version" "help" "help verify"; do
		name="$args > /dev/full: a write error, exit 2"
		# shellcheck disable=SC2086
		"$TSUME" $args >/dev/full 2>"$tmp/err"
		rc=$?
		[ $rc -eq 2 ] && grep -q "write error" "$tmp/err" && passed=$((passed + 1)) || fail "status $rc: $(cat "$tmp/err")"
	done
fi
"$TSUME" solve --format kif -o "$tmp/k3.kif" "$C05" >/dev/null 2>&1
grep -v '^ *3 ' "$tmp/k3.kif" >"$tmp/short.kif"
run "solve a KIF whose moves fall short of its stated length: refused" "" solve "$tmp/short.kif"
expect_bad "$tmp/short.kif: KIF: the file states 3 moves, 2 read"
# a KIF whose stated length (手数, まで) differs from an odd number of moves:
# the moves are the stated line, the file's number the stated length, and
# the two are judged.  tests/kif/stated-length.kif: a mate in 3 stated as 5.
run "verify a KIF stating 5 moves, a mate in 3 read: wrong length" "" verify tests/kif/stated-length.kif
expect 1 "out:tests/kif/stated-length.kif:1: FAIL mate 3 (stated 5): wrong length (the stated line is the mate, in 3 plies: the stated length 5 is not its own)"
run "solve a KIF stating 5 moves, a mate in 3 read: the length compared" "" solve --quiet tests/kif/stated-length.kif
expect 0 "line:given answer (3 plies): ▲１二歩 △同　金 ▲同　香成" "out:given answer: shorter_mate (the stated line is the mate, in 3 plies: the stated length 5 is not its own)"
run "sheet: a KIF stating 5 moves, a mate in 3 read: left out" "" sheet tests/kif/stated-length.kif
expect 1 "err:tests/kif/stated-length.kif:1: left out (mate 3, stated 5): wrong length (the stated line is the mate, in 3 plies"
# a given answer that stops where ours goes on: said so, not "differs from ply 12"
run "solve: a given answer that is a first part of ours" "" solve --quiet "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1 moves P*1b 2a1b G*2a 1a2a S*3b 2a1a 1c1b 1a1b G*2c 1b1a 3b2a+"
expect 0 "line:our main line goes on after the given answer's 11 plies, to 15" "out:the line ends with ▲２一銀成 at ply 11, not a mate"
# 手数 and まで stating two lengths: an error, not one reading chosen; 0手 and
# full-width digits
sed 's/^まで.*/まで7手で詰み/' tests/kif/stated-length.kif >"$tmp/twolen.kif"
run "verify a KIF whose 手数 and まで differ: refused" "" verify "$tmp/twolen.kif"
expect 2 "err:KIF: 手数 states 5 moves, まで 7"
sed 's/^まで.*/まで０手で詰み/' tests/kif/stated-length.kif >"$tmp/zero.kif"
run "verify a KIF stating 0 moves: refused" "" verify "$tmp/zero.kif"
expect 2 "err:stated length ０手: a mate takes at least one move"
# a mate in 5 whose last two moves are lost, 手数：5手 kept: not a mating line, and where
"$TSUME" solve --format kif -o "$tmp/k5.kif" '+S2S5/1k7/9/3+R5/1S1b5/9/9/9/9 b Srb4g4n4l18p 1' >/dev/null 2>&1
grep -v '^ *[45] ' "$tmp/k5.kif" >"$tmp/lost.kif"
run "verify a KIF stating 5 moves, 3 read that do not mate: not a mating line" "" verify "$tmp/lost.kif"
expect 1 "out:$tmp/lost.kif:1: FAIL mate 5 (stated 5): " "out:the line ends with ▲７三銀 at ply 3"
run "solve a KIF stating 5 moves, 3 read that do not mate: compared" "" solve --quiet "$tmp/lost.kif"
expect 0 "line:mate 5" "out:given answer: stated_not_mate (" "out:▲７三銀 at ply 3"
grep -v '^ *5 ' "$tmp/k5.kif" >"$tmp/even.kif"
run "verify a KIF stating 5 moves, 4 read: refused (no answer is even)" "" verify "$tmp/even.kif"
expect 2 "err:$tmp/even.kif: KIF: the file states 5 moves, 4 read"
sed 's/^先手の持駒：.*/先手の持駒：飛　角　金五/' "$tmp/k3.kif" >"$tmp/golds.kif"
run "solve a KIF with five golds in a hand: the line of the hand" "" solve "$tmp/golds.kif"
expect_bad "$tmp/golds.kif:20: KIF: bad position: hand: 5 golds in the sente hand, the set has 4"
# a KIF that states a thing both ways or twice: refused at its line
sed 's/^後手の持駒：.*/後手の持駒：なし　飛/' "$tmp/k3.kif" >"$tmp/nashi.kif"
run "solve a KIF whose hand is なし and a rook: refused" "" solve "$tmp/nashi.kif"
expect_bad "$tmp/nashi.kif:7: KIF: hand: なし (none) followed by pieces '飛'"
sed 's/^後手の持駒：.*/後手の持駒：残り全部/; s/^先手の持駒：.*/先手の持駒：残り全部/' "$tmp/k3.kif" >"$tmp/rest2.kif"
run "solve a KIF with 残り全部 in both hands: refused" "" solve "$tmp/rest2.kif"
expect_bad "$tmp/rest2.kif:$(grep -n "^先手の持駒" "$tmp/rest2.kif" | cut -d: -f1): KIF: hand: 残り全部 for both sides (the rest of the set can go to one only)"
awk '/^先手番$/ { print "後手番" } { print }' "$tmp/k3.kif" >"$tmp/sides.kif"
run "solve a KIF with 後手番 and 先手番: refused" "" solve "$tmp/sides.kif"
expect_bad "$tmp/sides.kif:22: KIF: side to move given twice: 後手番 on line 21, 先手番 here"
awk '{ print } /^先手の持駒：/ { print "先手の持駒：金" }' "$tmp/k3.kif" >"$tmp/hands.kif"
run "solve a KIF with sente's hand twice: refused" "" solve "$tmp/hands.kif"
expect_bad "$tmp/hands.kif:21: KIF: hand: sente's hand given twice, on lines 20 and 21"
grep -v '^手数：' "$tmp/k3.kif" | sed 's/^まで3手/まで99999999999999999999手/' >"$tmp/huge.kif"
run "verify a KIF stating 99999999999999999999 moves: refused, not passed over" "" verify "$tmp/huge.kif"
expect 2 "err:$tmp/huge.kif:$(grep -n "^まで" "$tmp/huge.kif" | cut -d: -f1): KIF: stated length 99999999999999999999手: more than 4096 moves"
# a KIF or CSA file cut in its moves (its end lost) is not solved as the position after them
grep -v '^手数：' "$tmp/k3.kif" | head -24 >"$tmp/cut.kif"
CUT="cut short: the moves end at move 2 (the defender's) with no end word (詰み) or まで line after them"
run "solve a KIF cut after move 2: refused" "" solve "$tmp/cut.kif"
expect_bad "$tmp/cut.kif:24: KIF: $CUT"
run "convert a KIF cut after move 2: refused" "" convert "$tmp/cut.kif"
expect_bad "$tmp/cut.kif:24: $CUT"
printf 'P-11OU\nP+00KI\n+\n+0055KI\n-1112OU\n' >"$tmp/cut.csa"
run "verify a CSA cut after move 2: a bad file" "" verify "$tmp/cut.csa"
expect 2 "err:$tmp/cut.csa:5: CSA: cut short: the moves end at move 2 (the defender's) with no '%' line (%TSUMI) after them"
(cd "$tmp" && printf '4k4/9/4P4/9/9/9/9/9/9 b G 1\n' >startpos && "$tsume_abs" solve -q startpos) >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
name="solve startpos where a file of that name exists: the keyword"
expect 1 "line:sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" "line:nomate"

# a KIF diagram with no 後手の持駒 line: tsume convention, 残り全部 -- the
# defender holds the rest of the set (nohand.sfen's problem: a cook when
# gote holds nothing, a pass with the rest), and the reports say so
"$TSUME" solve --rest --format kif --variations 0 -o "$tmp/nh.kif" '1k7/9/1B7/9/9/9/9/9/2R6 b - 1 moves 7i7b+ 8a9a 8c9b+' >/dev/null 2>&1
grep -v '^後手の持駒' "$tmp/nh.kif" >"$tmp/nogote.kif"
run "verify a KIF with no 後手の持駒 line: the defender holds the rest" "" verify "$tmp/nogote.kif"
expect 0 "out:$tmp/nogote.kif:1: PASS mate 3 (stated 3)" "out:[no 後手の持駒 line: the defender holds the rest of the set (残り全部)]" \
	noerr:warning
run "verify --format json: defender_rest" "" verify --format json "$tmp/nogote.kif"
expect 0 'out:"defender_rest":true,'
run "verify --format json: a KIF with both hands: no defender_rest" "" verify --format json "$tmp/nh.kif"
expect 0 'out:"defender_rest":false,'
run "solve a KIF with no 後手の持駒 line: said, the rest to gote" "" solve -q "$tmp/nogote.kif"
expect 0 "line:sfen 1k7/9/1B7/9/9/9/9/9/2R6 b rb4g4s4n4l18p 1" \
	"line:no 後手の持駒 line: the defender holds the rest of the set (残り全部)" "line:given answer: final_alternatives"
run "solve --format kif of a KIF with no 後手の持駒 line: a header line" "" solve --format kif "$tmp/nogote.kif"
expect 0 "line:# no 後手の持駒 line: the defender holds the rest of the set (残り全部)" "line:後手の持駒：飛　角　金四　銀四　桂四　香四　歩十八"
run "convert a KIF with no 後手の持駒 line: a note" "" convert "$tmp/nogote.kif"
expect 0 "out:1k7/9/1B7/9/9/9/9/9/2R6 b rb4g4s4n4l18p 1 moves 7i7b+ 8a9a 8c9b+" \
	"err:$tmp/nogote.kif: note: no 後手の持駒 line: the defender holds the rest of the set (残り全部)"

name="KIF 後手の持駒：残り全部: the rest of the set to gote"
sed 's/^後手の持駒：.*/後手の持駒：残り全部/' "$tmp/k3.kif" >"$tmp/rest.kif"
a=$("$TSUME" convert "$tmp/k3.kif" 2>/dev/null | sed 's/ ; .*//')
b=$("$TSUME" convert "$tmp/rest.kif" 2>"$tmp/err" | sed 's/ ; .*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ! grep -q warning "$tmp/err" && passed=$((passed + 1)) || fail "'$b', want '$a'"

printf '%s ; mate=4\n%s ; mate=5\n' "${P3% moves*}" "$P3" >"$tmp/ev.sfen"
run "sheet: stated lengths verify calls bad are bad lines" "" sheet -o "$tmp/ev.html" "$tmp/ev.sfen"
expect_bad "$tmp/ev.sfen:1: stated answer: mate=4 is even" "$tmp/ev.sfen:2: stated answer: mate=5 but its line has 3 plies"

# ---- README.md: every command it shows, run as written ----
# Each command of README's ```sh blocks runs through sh -c, in README's order,
# in a stand-in for the top of a clone: ./tsume and tsume (on PATH) are the
# binary under test; doc/, contrib/, problems/ and tests/ are this tree's; set.sfen (the collection of the shard examples) is made
# first as README makes it, 24 problems of problems/teach-mate3.sfen.gz; HOME is empty; `sbatch` is a stand-in that runs
# the tasks of a job array one after the other, as Slurm would run them.  Blocks
# marked "<!-- run by tests/NAME -->" are run by that test (make, install).  A
# command not listed below fails: an example added to README needs its check.
top=$(cd "$(dirname "$0")/.." && pwd)
case $TSUME in /*) tsume_abs=$TSUME ;; *) tsume_abs=$(pwd)/$TSUME ;; esac
rd=$tmp/readme
mkdir -p "$rd/top" "$rd/bin" "$rd/home"
ln -s "$tsume_abs" "$rd/top/tsume"
for d in doc contrib problems tests; do ln -s "$top/$d" "$rd/top/$d"; done
zcat "$top/problems/teach-mate3.sfen.gz" | head -24 >"$rd/top/set.sfen" # as README makes it
cat >"$rd/bin/sbatch" <<'SBATCH'
#!/bin/sh
# sbatch --array=LO-HI SCRIPT ARG...: the array's tasks one after the other
array=
while [ $# -gt 0 ]; do
	case $1 in --array=*) array=${1#--array=} ;; -*) ;; *) break ;; esac
	shift
done
lo=${array%-*}
hi=${array#*-}
i=$lo
while [ "$i" -le "$hi" ]; do
	SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MIN=$lo SLURM_ARRAY_TASK_MAX=$hi SLURM_ARRAY_TASK_COUNT=$((hi - lo + 1)) \
		SLURM_CPUS_PER_TASK=1 "$@" || exit
	i=$((i + 1))
done
echo "Submitted batch job 1"
SBATCH
chmod +x "$rd/bin/sbatch"
# one run of the shard examples' collection: what their merged reports must be
(cd "$rd/top" && "$tsume_abs" verify --jobs 2 --threads 1 --format json set.sfen) 2>/dev/null |
	sed 's/"seconds":[0-9.]*,//' >"$rd/one.json"
# readme_run COMMAND -- runs COMMAND as README shows it; $rc, $out, $tmp/err
readme_run() {
	(cd "$rd/top" && HOME=$rd/home PATH=$rd/top:$rd/bin:$PATH sh -c "$1") >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
}
# same_as_one_run FILE -- FILE (in the stand-in top) is the one run's report, seconds aside
same_as_one_run() {
	if [ -s "$rd/one.json" ] && sed 's/"seconds":[0-9.]*,//' "$rd/top/$1" | cmp -s - "$rd/one.json"; then ok; else
		fail "$1 is not the report of one run: $(sed 's/"seconds":[0-9.]*,//' "$rd/top/$1" | diff - "$rd/one.json" | head -3)"
	fi
}
have_jq=yes
command -v jq >/dev/null 2>&1 || have_jq=
have_parallel=yes
command -v parallel >/dev/null 2>&1 || have_parallel=
readme_commands "$top/README.md" >"$rd/commands"
name="README: its commands found"
[ "$(wc -l <"$rd/commands")" -ge 10 ] && ok || fail "$(wc -l <"$rd/commands") commands in README's sh blocks"
tab=$(printf '\t')
while IFS=$tab read -r owner cmd; do
	name="README: $cmd"
	if [ "$owner" != test_cli.sh ]; then
		# a block another test runs: that test must exist and read README's commands
		if grep -q 'readme_commands' "$top/tests/$owner" 2>/dev/null; then ok; else fail "tests/$owner does not run README's commands"; fi
		continue
	fi
	case $cmd in
	*jq\ *) if [ -z "$have_jq" ]; then
		[ "${TSUME_REQUIRE_JQ:-0}" = 1 ] && fail "TSUME_REQUIRE_JQ=1 but no jq" || echo "test_cli: jq not found: '$cmd' not run"
		continue
	fi ;;
	parallel\ *|"tsume merge shard"*) if [ -z "$have_parallel" ]; then
		[ "${TSUME_REQUIRE_PARALLEL:-0}" = 1 ] && fail "TSUME_REQUIRE_PARALLEL=1 but no GNU parallel" || echo "test_cli: GNU parallel not found: '$cmd' not run"
		continue
	fi ;;
	esac
	readme_run "$cmd"
	case $cmd in
	"./tsume solve doc/example.kif -o kotae.kif")
		[ $rc -eq 0 ] && [ -z "$out" ] && grep -q '^まで15手で詰み$' "$rd/top/kotae.kif" && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"./tsume solve --quiet --format json doc/example.kif | jq "*)
		v="mate 15: P*1b 2a1b G*2a 1a2a S*3b 2a1a 1c1b 1a1b G*2c 1b1a 3b2a+ 1a2a 3c3b+ 2a1a 2c2b"
		[ $rc -eq 0 ] && [ "$out" = "$v" ] && tr '\n' ' ' <"$top/README.md" | sed 's/  */ /g' | grep -qF "\`$v\`" && ok ||
			fail "status $rc, got '$out'" ;;
	"./tsume verify doc/verify-example.sfen")
		# stdout is exactly the report README shows; the bad line on stderr as README says
		grep '^doc/verify-example\.sfen:' "$top/README.md" >"$rd/shown"
		if [ $rc -ne 2 ] || ! printf '%s\n' "$out" | cmp -s - "$rd/shown"; then
			fail "status $rc; output differs from README's: $(printf '%s\n' "$out" | diff - "$rd/shown" | head -4)"
		elif ! grep -qxF "doc/verify-example.sfen:9: board (column 23): unknown piece letter 'x'" "$tmp/err" ||
			! grep -qF "\`board (column 23): unknown piece letter 'x'\`" "$top/README.md"; then
			fail "stderr: $(head -2 "$tmp/err")"
		else ok; fi ;;
	"./tsume convert tests/data/problems/raw/tsumemi/3te/*.kif -o tsumemi3.sfen")
		[ $rc -eq 0 ] && [ "$(grep -c ' ; mate=' "$rd/top/tsumemi3.sfen")" -eq 10 ] && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"./tsume verify tsumemi3.sfen")
		v="FAIL mate 5 (stated 3): wrong length (2手変長駒余り: at ply 2 △３一玉 lasts 4 plies, two more than the stated line, but leaves pieces in hand)"
		[ $rc -eq 1 ] && [ "$(grep -c ': PASS ' "$tmp/out")" -eq 9 ] && grep -qxF "tsumemi3.sfen:10: $v" "$tmp/out" &&
			tr '\n' ' ' <"$top/README.md" | sed 's/  */ /g' | grep -qF "\`$v\`" && ok || fail "status $rc: $out" ;;
	"./tsume verify --format json doc/verify-example.sfen 2>/dev/null | jq "*)
		[ $rc -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 6 ] &&
			printf '%s\n' "$out" | grep -qxF "doc/verify-example.sfen:4: 駒余り (1 piece left in hand); unnecessary piece: P(hand)" &&
			ok || fail "status $rc: $out" ;;
	"./tsume generate --mate 3 --count 10 --level easy --out m3.sfen --sheet m3.html")
		[ $rc -eq 0 ] && [ "$(grep -c ' ; mate=3 ' "$rd/top/m3.sfen")" -eq 10 ] && [ "$(grep -c ' ; difficulty=' "$rd/top/m3.sfen")" -eq 10 ] &&
			grep -q '第10問' "$rd/top/m3.html" && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"./tsume sheet problems/teach-mate1.sfen.gz -o mate1.html --title '1手詰'")
		[ $rc -eq 0 ] && grep -q '1手詰' "$rd/top/mate1.html" && grep -q '第172問' "$rd/top/mate1.html" && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"printf 'usi\nisready\nposition sfen 7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1\ngo mate 5000\n' | ./tsume usi")
		[ $rc -eq 0 ] && printf '%s\n' "$out" | grep -qx usiok && printf '%s\n' "$out" | grep -qx readyok &&
			[ "$(printf '%s\n' "$out" | tail -1)" = "checkmate P*1b 2a1b G*2a 1a2a S*3b 2a1a 1c1b 1a1b G*2c 1b1a 3b2a+ 1a2a 3c3b+ 2a1a 2c2b" ] &&
			ok || fail "status $rc: $out" ;;
	"zcat problems/teach-mate3.sfen.gz | head -24 > set.sfen")
		[ $rc -eq 0 ] && [ "$(wc -l <"$rd/top/set.sfen")" -eq 24 ] && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"parallel -j 2 tsume verify --jobs 1 --threads 1 --shard {}/2 --format json set.sfen '>' shard{}.json ::: 0 1")
		[ $rc -eq 0 ] && [ -s "$rd/top/shard0.json" ] && [ -s "$rd/top/shard1.json" ] && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"tsume merge shard*.json > report.json")
		if [ $rc -ne 0 ]; then fail "status $rc: $(cat "$tmp/err")"; else same_as_one_run report.json; fi ;;
	"sbatch --array=0-15 contrib/slurm-verify.sh out set.sfen")
		[ $rc -eq 0 ] && [ "$(ls "$rd/top/out" | grep -c '^shard-[0-9]*-of-16\.json$')" -eq 16 ] && ok || fail "status $rc: $(cat "$tmp/err")" ;;
	"contrib/slurm-verify.sh --merge out > report.json")
		if [ $rc -ne 0 ]; then fail "status $rc: $(cat "$tmp/err")"; else same_as_one_run report.json; fi ;;
	*) fail "a command of README that no check here runs (add its check to tests/test_cli.sh)" ;;
	esac
done <"$rd/commands"

echo "test_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
