#!/bin/sh
# test_kif_out.sh -- `tsume solve --format kif` read back from outside.
# Usage: sh tests/test_kif_out.sh PATH/TO/tsume [--no-browser]
#
# Always: `tsume convert` of each written kifu gives back the position and the
# main line that `tsume solve --format json` gives (our own KIF reader).
# With node and npm: `npm ci` installs the exact versions of tests/kif/
# package-lock.json (tsshogi, json-kifu-format, kifu-for-js) into
# tests/kif/node_modules, and tests/kif/kif_check.mjs reads each kifu with
# tsshogi's importKIF (ShogiHome's reader) and json-kifu-format (Kifu for JS's
# reader) and compares the main line and every variation with `tsume solve
# --format json` (see that file).  With Chromium too: a page that loads the
# kifu-for-js bundle and one kifu is rendered headless; the DOM (--dump-dom)
# must show the move list of the solve's JSA text with the variations at their
# moves, and --screenshot must give a PNG of the window size that is not a
# blank page.  KIF_SHOT=FILE.png copies that screenshot to FILE.png (how
# doc/kif-kifu-for-js.png is made).
# Without node/npm (or when npm ci cannot fetch the packages) the reader
# checks are skipped with a message, unless TSUME_REQUIRE_NODE=1 (CI); without
# Chromium the browser checks likewise, unless TSUME_REQUIRE_CHROMIUM=1.
# Prints every failure and exits 1 if there was any.  KEEP=1 keeps the
# temporary directory.

TSUME=${1:?usage: sh tests/test_kif_out.sh PATH/TO/tsume [--no-browser]}
BROWSER_WANTED=yes
[ "${2:-}" = "--no-browser" ] && BROWSER_WANTED=no
[ -x "$TSUME" ] || { echo "test_kif_out: $TSUME is not an executable" >&2; exit 1; }
case $TSUME in /*) ;; *) TSUME=$PWD/$TSUME ;; esac
here=$(cd "$(dirname "$0")" && pwd)
DATA=${TEST_DATA:-$here/../build/testdata}

HARNESS=kif
. "$(dirname "$0")/harness.sh"

# The problems: NAME|OPTIONS|PROBLEM.  The 15-ply example of README; cases.tsv
# C15 (variations at two moves; capped at one a move too), C10 under
# --futile none (interpositions count), C19 (gote attacks), C07 (no mate);
# two KIF problems of Kifu for JS's collection, solved as the files they are (KIF in, KIF out); ShogiBoardQ 13-ply line 57.
case_sfen() { awk -F '\t' -v id="$1" '$1 == id {print $2}' "$DATA/problems/cases.tsv"; }
cat >"$tmp/problems" <<EOF
q15||7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1
c15||$(case_sfen C15)
c15cap|--variations 1|$(case_sfen C15)
c10none|--futile none|$(case_sfen C10)
c19||$(case_sfen C19)
c07||$(case_sfen C07)
sos||$DATA/problems/raw/kifu-for-js/hashimoto-sos.kif
taichi||$DATA/problems/raw/kifu-for-js/taichitsume.kif
sbq13||$(grep -v '^#' "$DATA/problems/raw/shogiboardq/tsume_13ply_1000_20261001.txt" | sed -n 57p | sed 's/ moves .*//')
EOF

# ---- write each kifu; our own reader gives back the position and main line ----
while IFS='|' read -r id opts problem; do
	name="$id: solve --format kif, then tsume convert"
	# shellcheck disable=SC2086 # opts are separate words
	"$TSUME" solve --threads 1 $opts --format json "$problem" >"$tmp/$id.json" 2>"$tmp/err"
	# shellcheck disable=SC2086
	"$TSUME" solve --threads 1 $opts -o "$tmp/$id.kif" "$problem" >"$tmp/out" 2>>"$tmp/err"
	rc=$?
	want_rc=0
	grep -q '"result":"nomate"' "$tmp/$id.json" && want_rc=1
	sfen=$(sed 's/.*"sfen":"\([^"]*\)".*/\1/' "$tmp/$id.json")
	usi=$(sed 's/.*"usi":\[\([^]]*\)\].*/\1/; s/"//g; s/,/ /g' "$tmp/$id.json")
	# KIF holds no move number: compare board, side, hands and moves
	want=$(echo "$sfen${usi:+ moves $usi}" | awk '{$4 = ""; print}')
	got=$("$TSUME" convert "$tmp/$id.kif" 2>&1 | sed 's/ ; .*//' | awk '{$4 = ""; print}')
	if [ $rc -ne $want_rc ]; then fail "exit $rc, want $want_rc: $(cat "$tmp/err")"
	elif [ -s "$tmp/out" ]; then fail "output on stdout with -o FILE.kif"
	elif [ "$got" != "$want" ]; then fail "convert gives '$got', want '$want'"
	else ok; fi
done <"$tmp/problems"

# ---- every interposition counts under --futile none ----
# The bishop uncovers the dragon's check, 1e3c+; the defender's seven drops
# on 1e are all taken, 1f1e, and mated.  Under nogain they are futile (mate
# in 1: no variation, and a comment that the line ends in check); under
# none each is a defence: the main line's pawn drop and a variation for each
# of the six other pieces.
for rule in none nogain; do
	name="futile $rule: the drops on 1e as KIF variations"
	"$TSUME" solve --threads 1 --futile $rule --format kif '9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1' >"$tmp/drops.kif" 2>"$tmp/err"
	want=0
	[ $rule = none ] && want=6
	got=$(grep -c '^変化：2手' "$tmp/drops.kif")
	if [ "$got" != "$want" ]; then fail "$got variations at move 2, want $want: $(cat "$tmp/err")"
	elif [ $rule = nogain ] && ! grep -q '^\*the line ends in check: 7 interpositions left to the defender, on １五, are futile under nogain' "$tmp/drops.kif"; then
		fail "no comment that the line ends in check: $(cat "$tmp/drops.kif")"
	else ok; fi
done

# ---- a given answer that plays on where our line ends ----
# ShogiBoardQ 3-ply line 474 under broad: our mate in 1 (2h2g; P*2h is
# futile), the composer's 2h2g P*2h G*2i: a variation from our 詰み.
name="given answer past the end of our line: a variation from 詰み"
"$TSUME" solve --threads 1 --futile broad --format kif '9/9/9/9/9/9/6Bg1/6RLS/8k b rb3g3s4n3l18p 1 moves 2h2g P*2h G*2i' >"$tmp/given.kif" 2>"$tmp/err"
if ! grep -q '^ *2 詰み .*+$' "$tmp/given.kif"; then fail "no '+' on the main line's 詰み: $(cat "$tmp/given.kif" "$tmp/err")"
elif [ "$(sed -n '/^変化：2手/,$p' "$tmp/given.kif" | grep -c '２八歩打\|２九金打\|詰み')" != 3 ]; then fail "no variation 2 ２八歩打 3 ２九金打 4 詰み: $(cat "$tmp/given.kif")"
else ok; fi

# ---- tsshogi and json-kifu-format (npm), Kifu for JS in Chromium ----
node_ok=no
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	why="node or npm not found (apt-get install nodejs npm)"
elif [ -f "$here/kif/node_modules/.package-lock.json" ] && [ "$here/kif/node_modules/.package-lock.json" -nt "$here/kif/package-lock.json" ]; then
	node_ok=yes
elif (cd "$here/kif" && npm ci --no-audit --no-fund --loglevel=error) >"$tmp/npm.log" 2>&1; then
	node_ok=yes
else
	why="npm ci in tests/kif failed (no network?): $(tail -3 "$tmp/npm.log")"
fi
if [ $node_ok = no ]; then
	if [ "${TSUME_REQUIRE_NODE:-0}" = 1 ]; then
		name="node"
		fail "TSUME_REQUIRE_NODE=1 but $why"
	else
		echo "test_kif_out: $why: tsshogi and Kifu for JS checks skipped"
	fi
else
	while IFS='|' read -r id opts problem; do
		name="$id: tsshogi and json-kifu-format read the kifu"
		cap=8
		case $opts in --variations*) cap=${opts#--variations } ;; esac
		if node "$here/kif/kif_check.mjs" "$TSUME" "$tmp/$id.kif" --variations "$cap" >"$tmp/check" 2>&1; then ok
		else fail "$(cat "$tmp/check")"; fi
	done <"$tmp/problems"

	# the given answer from our 詰み, as both readers see it: one branch at
	# move 2 with the composer's two moves, then 詰み
	name="given answer past the end of our line: tsshogi and json-kifu-format read the variation"
	if (cd "$here/kif" && node --input-type=module -e '
import * as ts from "tsshogi";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const { JKFPlayer } = createRequire(import.meta.url)("json-kifu-format");
const text = readFileSync(process.argv[1], "utf8");
const r = ts.importKIF(text);
const end = r.first.next.next;
const b = end && end.branch;
const usi = [];
for (let n = b; n; n = n.next) usi.push(n.move instanceof ts.Move ? n.move.usi : n.move.type);
const jkf = JKFPlayer.parseKIF(text).kifu.moves;
const forks = (jkf[2].forks || []).map((f) => f.map((x) => (x.move ? x.move.to.x + "" + x.move.to.y : x.special)).join(" "));
const got = usi.join(" ") + " | " + forks.join(";");
if (got !== "P*2h G*2i mate | 28 29 TSUMI") { console.log(got); process.exit(1); }
' "$tmp/given.kif") >"$tmp/check" 2>&1; then ok
	else fail "$(cat "$tmp/check")"; fi

	. "$here/chromium.sh"
	if chromium_ready test_kif_out "Kifu for JS checks"; then
		# The kifu inside a text/kifu script (Kifu for JS reads it there), shown
		# after move 1: the list of variations of move 2 is open.
		for id in taichi c15; do
			{
				printf '<!DOCTYPE html>\n<html lang="ja"><head><meta charset="utf-8"><title>tsume: %s</title></head>\n' "$id"
				printf '<body style="margin:8px">\n<script src="file://%s/kif/node_modules/kifu-for-js/bundle/kifu-for-js.min.js"></script>\n' "$here"
				printf '<script type="text/kifu" data-ply="1">\n'
				cat "$tmp/$id.kif"
				printf '</script>\n</body></html>\n'
			} >"$tmp/$id.html"
			name="$id: Kifu for JS shows the moves and the variations"
			chrome --virtual-time-budget=5000 --dump-dom "file://$tmp/$id.html" >"$tmp/$id.dom.html"
			if node "$here/kif/kif_check.mjs" "$TSUME" "$tmp/$id.kif" --dom "$tmp/$id.dom.html" >"$tmp/check" 2>&1; then ok
			else fail "$(cat "$tmp/check")"; fi
		done

		name="Kifu for JS screenshot"
		chrome --virtual-time-budget=5000 --hide-scrollbars --screenshot="$tmp/shot.png" --window-size=420,560 "file://$tmp/taichi.html" >/dev/null
		chrome --hide-scrollbars --screenshot="$tmp/blank.png" --window-size=420,560 "data:text/html,<body></body>" >/dev/null
		sig=$(od -An -tx1 -N8 "$tmp/shot.png" 2>/dev/null | tr -d ' \n')
		wh=$(od -An -tu1 -j16 -N8 "$tmp/shot.png" 2>/dev/null | awk '{print ($1*16777216+$2*65536+$3*256+$4) "x" ($5*16777216+$6*65536+$7*256+$8)}')
		size=$(wc -c <"$tmp/shot.png" 2>/dev/null || echo 0)
		blank=$(wc -c <"$tmp/blank.png" 2>/dev/null || echo 0)
		# a drawn board and its text compress far worse than an empty page
		if [ "$sig" = 89504e470d0a1a0a ] && [ "$wh" = 420x560 ] && [ "$size" -gt $((blank * 5)) ]; then ok
		else fail "signature $sig size $wh, $size bytes (blank page $blank): want a 420x560 PNG, not blank"; fi
		[ -n "${KIF_SHOT:-}" ] && cp "$tmp/shot.png" "$KIF_SHOT"
		[ $failed -gt 0 ] && tail -20 "$tmp/chromium.log"
	fi
fi

echo "test_kif_out: $passed passed, $failed failed"
[ $failed -eq 0 ]
