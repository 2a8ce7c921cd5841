#!/bin/sh
# test_sheet.sh -- `tsume sheet`: the command, and the worksheet as headless
# Chromium renders it.
# Usage: sh tests/test_sheet.sh PATH/TO/tsume [--no-browser]
#
# Always: exit status and messages of the command (plain and gzip input,
# -o, --title, a bad line named FILE:LINE with nothing written, a missing
# file, no problem; the checks: failed problems named and left out,
# --no-check, the limits).  With Chromium (Debian package `chromium`; $CHROMIUM
# overrides the binary): the page is loaded, a copy of it with a probe
# script appended counts the rendered <svg class="diagram"> elements (laid
# out with a size), the piece glyphs drawn, gote's pieces turned by 180
# degrees, the file labels ９..１ left to right and 一..九 top to bottom, and
# the answers; --print-to-pdf gives one page of diagrams per four problems
# plus the answers page; --screenshot gives a PNG of the window size.
# Without Chromium those checks are skipped, unless TSUME_REQUIRE_CHROMIUM=1
# (CI), which makes a missing browser a failure.  Prints every failure and
# exits 1 if there was any.  KEEP=1 keeps the temporary directory.

TSUME=${1:?usage: sh tests/test_sheet.sh PATH/TO/tsume [--no-browser]}
BROWSER_WANTED=yes
[ "${2:-}" = "--no-browser" ] && BROWSER_WANTED=no
[ -x "$TSUME" ] || { echo "test_sheet: $TSUME is not an executable" >&2; exit 1; }

HARNESS=sheet
. "$(dirname "$0")/harness.sh"

# Three own problems (solutions from `tsume solve`), and six for two pages.
cat >"$tmp/three.sfen" <<'EOF'
# worksheet test problems
7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1 moves P*1b 1c1b 1d1b+ ; mate=3
7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1 moves P*1b 2a1b G*2a 1a2a S*3b 2a1a 1c1b 1a1b G*2c 1b1a 3b2a+ 1a2a 3c3b+ 2a1a 2c2b ; mate=15
sfen 6knl/9/6PP1/7+B1/9/9/9/9/9 b GS2rb3g3s3n3l16p 1 moves G*3b
EOF
{ cat "$tmp/three.sfen"; grep -v '^#' "$tmp/three.sfen"; } >"$tmp/six.sfen"
gzip -c "$tmp/three.sfen" >"$tmp/three.sfen.gz"
printf '7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1\n\n7xk/9/9/9/9/9/9/9/9 b G 1\n' >"$tmp/bad.sfen"
printf '# nothing\n' >"$tmp/empty.sfen"

count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }

# ---- the command ---------------------------------------------------------------
name="sheet FILE to stdout"
"$TSUME" sheet "$tmp/three.sfen" >"$tmp/three.html" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then fail "exit $rc: $(cat "$tmp/err")"
elif [ "$(head -c 15 "$tmp/three.html")" != "<!DOCTYPE html>" ]; then fail "not an HTML page"
elif [ "$(count '<svg class="diagram"' "$tmp/three.html")" != 3 ]; then fail "$(count '<svg class="diagram"' "$tmp/three.html") diagrams, want 3"
elif ! grep -q '<h2>第2問　15手詰</h2>' "$tmp/three.html"; then fail "no heading 第2問　15手詰"
elif ! grep -q '<h2>第3問　1手詰</h2>' "$tmp/three.html"; then fail "no heading 第3問　1手詰 (length from the moves)"
elif ! grep -q '<p class="kif">▲１二歩 △同　金 ▲同　香成</p>' "$tmp/three.html"; then fail "no JSA answer of problem 1"
else ok; fi

name="sheet FILE.gz -o OUT --title"
"$TSUME" sheet "$tmp/three.sfen.gz" -o "$tmp/gz.html" --title '詰将棋 <3手>' >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then fail "exit $rc: $(cat "$tmp/err")"
elif [ -s "$tmp/out" ]; then fail "output on stdout with -o"
elif ! grep -q '<title>詰将棋 &lt;3手&gt;</title>' "$tmp/gz.html"; then fail "title not set or not escaped"
elif [ "$(count '<svg class="diagram"' "$tmp/gz.html")" != 3 ]; then fail "diagram count"
else ok; fi

name="sheet: bad line"
"$TSUME" sheet "$tmp/bad.sfen" -o "$tmp/bad.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ]; then fail "exit $rc, want 2"
elif ! grep -q "bad.sfen:3: board" "$tmp/err"; then fail "message does not name FILE:3: $(cat "$tmp/err")"
elif [ -e "$tmp/bad.html" ] || [ -s "$tmp/out" ]; then fail "a worksheet was written"
else ok; fi

name="sheet: missing file"
"$TSUME" sheet "$tmp/none.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ]; then fail "exit $rc, want 2"
elif ! grep -q "none.sfen" "$tmp/err"; then fail "message does not name the file: $(cat "$tmp/err")"
elif [ -s "$tmp/out" ]; then fail "output on stdout"
else ok; fi

name="sheet: no problem"
"$TSUME" sheet "$tmp/empty.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || [ ! -s "$tmp/err" ] || [ -s "$tmp/out" ]; then fail "exit $rc, want 2 with a message"; else ok; fi

# The checks: a no-mate problem, a mate in 3 stated as 5, a cook (the
# defender's hand left empty) and a stated line that is no mating line are
# left out, each named with its verdict; a problem with no stated answer is
# solved and its solution printed; the rest printed, exit 1.
cat >"$tmp/flawed.sfen" <<'EOF'
7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1 moves P*1b 1c1b 1d1b+ ; mate=3
7nk/9/8G/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1 ; mate=3
7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1 ; mate=5
1k7/9/1B7/9/9/9/9/9/2R6 b - 1 moves 7i7b+ 8a9a 8c9b+
7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1
7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1 moves P*1b 1c1b 2d3b+
EOF
name="sheet: failed problems left out, the rest printed"
"$TSUME" sheet --usi "$tmp/flawed.sfen" -o "$tmp/flawed.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 1 ]; then fail "exit $rc, want 1: $(cat "$tmp/err")"
elif ! grep -q "flawed.sfen:2: left out (stated 3): no mate" "$tmp/err"; then fail "no mate not named: $(cat "$tmp/err")"
elif ! grep -q "flawed.sfen:3: left out (mate 3, stated 5): wrong length (早詰" "$tmp/err"; then fail "wrong length not named: $(cat "$tmp/err")"
elif ! grep -q "flawed.sfen:4: left out (mate 3, stated 3): 余詰" "$tmp/err"; then fail "cook not named: $(cat "$tmp/err")"
elif ! grep -q "flawed.sfen:6: left out (mate 3, stated 3): the stated main line is not a legal mating line" "$tmp/err"; then fail "bad line not named: $(cat "$tmp/err")"
elif ! grep -q "tsume sheet: 2 problems printed, 4 left out" "$tmp/err"; then fail "no count: $(cat "$tmp/err")"
elif [ "$(count '<svg class="diagram"' "$tmp/flawed.html")" != 2 ]; then fail "$(count '<svg class="diagram"' "$tmp/flawed.html") diagrams, want 2"
elif ! grep -q '<h2>第1問　3手詰</h2>' "$tmp/flawed.html" || ! grep -q '<h2>第2問　15手詰</h2>' "$tmp/flawed.html"; then fail "headings"
elif ! grep -q '<p class="usi">USI: P\*1b 2a1b G\*2a 1a2a S\*3b 2a1a 1c1b 1a1b G\*2c 1b1a 3b2a+ 1a2a 3c3b+ 2a1a 2c2b</p>' "$tmp/flawed.html"; then fail "the solved problem's answer is not its solution"
else ok; fi

# The key a teacher marks by.  第1問: after ▲８三金 △９一玉 the stated
# ▲１一飛 mates only because the 49 interpositions on ８一..２一 are futile;
# ▲８一飛 (the silver guards it) and ▲９二飛 (the gold) leave no legal move,
# and the rook dropped on ９三..９九 or ７一..２一 also mates by the futile
# rule: the key ends in a plain mate and lists the other 15.  第2問: ▲１二金打
# (the gold on １三 guards it) and ▲２二金打 both leave the king no move.
cat >"$tmp/final.sfen" <<'EOF'
9/k1S6/9/9/9/9/9/9/9 b RGr2b3g3s4n4l18p 1 moves G*8c 9b9a R*1a ; mate=3
8k/9/8G/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1 moves G*1b ; mate=1
EOF
name="sheet: a plain checkmate for the key, the other final moves listed"
"$TSUME" sheet "$tmp/final.sfen" -o "$tmp/final.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
alt1='<p class="alt">最終手 ▲２一飛、▲３一飛、▲４一飛、▲５一飛、▲６一飛、▲７一飛、▲１一飛、▲９二飛、▲９三飛、▲９四飛、▲９五飛、▲９六飛、▲９七飛、▲９八飛、▲９九飛 なども可</p>'
if [ $rc -ne 0 ]; then fail "exit $rc: $(cat "$tmp/err")"
elif ! grep -q '<p class="kif">▲８三金 △９一玉 ▲８一飛</p>' "$tmp/final.html"; then fail "key: $(grep 'class="kif"' "$tmp/final.html")"
elif ! grep -qF "$alt1" "$tmp/final.html"; then fail "alternatives: $(grep 'class="alt"' "$tmp/final.html")"
elif ! grep -q '<p class="kif">▲１二金打</p>' "$tmp/final.html" || ! grep -q '<p class="alt">最終手 ▲２二金打 なども可</p>' "$tmp/final.html"; then fail "第2問: $(grep 'class="\(kif\|alt\)"' "$tmp/final.html" | tail -2)"
elif grep -q 'USI\|SFEN' "$tmp/final.html"; then fail "USI or SFEN lines without --usi"
else ok; fi

name="sheet --usi: the answers also in USI, with the SFEN"
"$TSUME" sheet --usi "$tmp/final.sfen" -o "$tmp/final-usi.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then fail "exit $rc: $(cat "$tmp/err")"
elif ! grep -q '<p class="usi">USI: G\*8c 9b9a R\*8a</p>' "$tmp/final-usi.html"; then fail "no USI line"
elif ! grep -q '<p class="sfen">SFEN: 9/k1S6/9/9/9/9/9/9/9 b RGr2b3g3s4n4l18p 1</p>' "$tmp/final-usi.html"; then fail "no SFEN line"
else ok; fi

# A KIF problem's 作品名 and 作者 are credited under its heading.
{ printf '作品名：春の一番\n作者：山田　太郎\n'; grep -v '^#' "$(dirname "$0")/../doc/example.kif"; } >"$tmp/credit.kif"
name="sheet FILE.kif: 作品名 and 作者 credited"
"$TSUME" sheet "$tmp/credit.kif" -o "$tmp/credit.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then fail "exit $rc: $(cat "$tmp/err")"
elif [ "$(count '<p class="credit">「春の一番」　山田　太郎</p>' "$tmp/credit.html")" != 2 ]; then fail "credits: $(grep credit "$tmp/credit.html" | head -3)"
else ok; fi

name="sheet --no-check: every problem as given"
"$TSUME" sheet --no-check "$tmp/flawed.sfen" -o "$tmp/nocheck.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then fail "exit $rc: $(cat "$tmp/err")"
elif [ "$(count '<svg class="diagram"' "$tmp/nocheck.html")" != 6 ]; then fail "$(count '<svg class="diagram"' "$tmp/nocheck.html") diagrams, want 6"
elif grep -q "left out" "$tmp/err"; then fail "checked: $(cat "$tmp/err")"
else ok; fi

name="sheet: every problem left out: no sheet, exit 1"
sed -n 2,3p "$tmp/flawed.sfen" >"$tmp/nomate.sfen"
"$TSUME" sheet "$tmp/nomate.sfen" -o "$tmp/nomate.html" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 1 ]; then fail "exit $rc, want 1"
elif [ -e "$tmp/nomate.html" ]; then fail "a worksheet was written"
elif ! grep -q "every problem was left out; no worksheet written" "$tmp/err"; then fail "message: $(cat "$tmp/err")"
else ok; fi

name="sheet --nodes: undecided within the limit, left out"
"$TSUME" sheet --nodes 5 "$tmp/three.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 1 ] || [ -s "$tmp/out" ]; then fail "exit $rc, want 1 and no sheet"
elif ! grep -q "three.sfen:3: left out (stated 15): undecided" "$tmp/err"; then fail "message: $(cat "$tmp/err")"
else ok; fi

name="sheet --time/--hash/--futile/--nodes: bad values refused"
for args in "--time x" "--hash 0" "--futile wide" "--nodes -1"; do
	# shellcheck disable=SC2086
	"$TSUME" sheet $args "$tmp/three.sfen" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 2 ] || [ -s "$tmp/out" ] || ! grep -q "^tsume sheet: --" "$tmp/err"; then fail "$args: exit $rc: $(cat "$tmp/err")"; break; fi
done
[ $rc -eq 2 ] && ok

name="sheet: usage"
"$TSUME" sheet >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -q "usage: tsume sheet" "$tmp/err"; then fail "exit $rc, want 2 with usage"; else ok; fi
"$TSUME" sheet --bogus "$tmp/three.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || [ -s "$tmp/out" ]; then fail "unknown option: exit $rc, want 2"; else ok; fi

# ---- rendered by headless Chromium ------------------------------------------------
. "$(dirname "$0")/chromium.sh"
if chromium_ready test_sheet "browser checks"; then
	# A copy of the page with a probe appended: what the layout engine made of it.
	sed 's|</body>|<script>\
(function () {\
  var d = document.querySelectorAll("svg.diagram"), shown = 0, glyphs = 0, turned = 0, order = 0;\
  d.forEach(function (s) {\
    var r = s.getBoundingClientRect();\
    if (r.width > 100 \&\& r.height > 100) shown++;\
    s.querySelectorAll(".pieces text").forEach(function (t) {\
      if (t.getBBox().width > 0) glyphs++;\
      var m = t.transform.baseVal.consolidate();\
      if (t.classList.contains("gote") \&\& m \&\& m.matrix.a === -1 \&\& m.matrix.d === -1) turned++;\
    });\
    var l = s.querySelectorAll(".label text"), x9 = l[0].getBBox().x, x1 = l[8].getBBox().x, y1 = l[9].getBBox().y, y9 = l[17].getBBox().y;\
    if (l[0].textContent === "９" \&\& l[8].textContent === "１" \&\& x9 < x1 \&\& l[9].textContent === "一" \&\& y1 < y9) order++;\
  });\
  var a = document.querySelector("section.answers");\
  var after = a \&\& d.length \&\& (d[d.length - 1].compareDocumentPosition(a) \& Node.DOCUMENT_POSITION_FOLLOWING);\
  document.body.setAttribute("data-probe", "diagrams=" + d.length + " shown=" + shown + " glyphs=" + glyphs +\
    " turned=" + turned + " order=" + order + " answers=" + (a ? a.querySelectorAll(".answer").length : 0) +\
    " after=" + (after ? 1 : 0) + " break=" + (a ? getComputedStyle(a).breakBefore : "none"));\
})();\
</script></body>|' "$tmp/three.html" >"$tmp/probe.html"

	name="chromium: rendered diagrams"
	chrome --dump-dom "file://$tmp/probe.html" >"$tmp/dom.html"
	# 3 problems: 7 + 4 + 6 pieces on the board, of which gote's 5 + 2 + 3
	want='data-probe="diagrams=3 shown=3 glyphs=17 turned=10 order=3 answers=3 after=1 break=page"'
	if grep -q "$want" "$tmp/dom.html"; then ok
	else fail "got $(grep -o 'data-probe="[^"]*"' "$tmp/dom.html" || echo 'no probe result'), want $want"; fi

	name="chromium: DOM of the page itself"
	chrome --dump-dom "file://$tmp/three.html" >"$tmp/dom0.html"
	n=$(count '<svg class="diagram"' "$tmp/dom0.html")
	if [ "$n" = 3 ] && grep -q '<section class="answers">' "$tmp/dom0.html"; then ok
	else fail "$n diagrams in the DOM (want 3), or no answers section"; fi

	name="chromium: print pages"
	for set in three:2 six:3; do
		f=${set%%:*}
		want=${set#*:}
		[ "$f" = six ] && "$TSUME" sheet "$tmp/six.sfen" -o "$tmp/six.html"
		chrome --no-pdf-header-footer --print-to-pdf="$tmp/$f.pdf" "file://$tmp/$f.html" >/dev/null
		pages=$(grep -a -o '/Type /Page\b' "$tmp/$f.pdf" 2>/dev/null | wc -l | tr -d ' ')
		if [ "$pages" = "$want" ]; then ok; else fail "$f problems: $pages PDF pages, want $want (diagrams, then the answers)"; fi
	done

	name="chromium: screenshot"
	chrome --hide-scrollbars --screenshot="$tmp/shot.png" --window-size=900,1200 "file://$tmp/three.html" >/dev/null
	# PNG signature, then the IHDR width and height (big-endian)
	sig=$(od -An -tx1 -N8 "$tmp/shot.png" 2>/dev/null | tr -d ' \n')
	wh=$(od -An -tu1 -j16 -N8 "$tmp/shot.png" 2>/dev/null | awk '{print ($1*16777216+$2*65536+$3*256+$4) "x" ($5*16777216+$6*65536+$7*256+$8)}')
	if [ "$sig" = 89504e470d0a1a0a ] && [ "$wh" = 900x1200 ]; then ok
	else fail "signature $sig size $wh, want a 900x1200 PNG"; fi
	[ $failed -gt 0 ] && tail -20 "$tmp/chromium.log"
fi

echo "test_sheet: $passed passed, $failed failed"
[ $failed -eq 0 ]
