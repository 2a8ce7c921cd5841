#!/bin/sh
# test_data.sh -- the test data of tests/data against the team's data folder.
#
# Usage: sh tests/test_data.sh tests/data [SHARED_DIR]
#
# Every file under tests/data/problems is a copy of SHARED_DIR/problems/ at
# the same path, gzip-compressed where its name ends in .gz (the original
# has no .gz), listed in tests/data/README.md.  When SHARED_DIR/problems
# exists, each copy is compared byte for byte with its original (a .gz
# unpacked first); without it that part is skipped with a message: the other
# tests never need that folder.
# Prints every failure and exits 1 if there was any.
DATA=${1:?usage: sh tests/test_data.sh tests/data [SHARED_DIR]}
SHARED=${2:-../shared}

HARNESS=data
. "$(dirname "$0")/harness.sh"

find "$DATA/problems" -type f | sort >"$tmp/files"
name="tests/data holds the problem sets"
[ "$(wc -l <"$tmp/files")" -ge 30 ] && ok || fail "$(wc -l <"$tmp/files") files"

# ---- README.md's list of the files (each under a row of its table) = the tree
name="tests/data/README.md lists every file, and no other"
sed -n '/^## Files$/,$p' "$DATA/README.md" | sed -n '/^```$/,/^```$/p' | grep -v '^```$' >"$tmp/listed"
(cd "$DATA" && find problems -type f | sort) >"$tmp/tree"
if [ -s "$tmp/listed" ] && cmp -s "$tmp/listed" "$tmp/tree"; then ok; else
	fail "the list and the tree differ (< listed, > tree): $(diff "$tmp/listed" "$tmp/tree" | grep '^[<>]' | head -5)"
fi

# ---- the licences: the code's (LICENSE, named by README.md), and a row of
# problems/README.md's "Licences" table for every file of problems/
top=$(cd "$(dirname "$0")/.." && pwd)
name="LICENSE is the GNU GPL version 3, README.md's licence"
grep -q "GNU GENERAL PUBLIC LICENSE" "$top/LICENSE" 2>/dev/null && grep -q "Version 3, 29 June 2007" "$top/LICENSE" &&
	grep -q '^## Licence' "$top/README.md" && grep -q 'GPL-3.0-or-later\|version 3 or (at your option) any later version' "$top/README.md" &&
	ok || fail "no LICENSE with the GPL's text, or README.md does not name it"
sed -n '/^## Licences$/,/^## /p' "$top/problems/README.md" >"$tmp/licences"
for f in "$top"/problems/*; do
	b=$(basename "$f")
	name="problems/README.md gives the terms of problems/$b"
	# a row names the file, or its pattern (teach-mate{1,3,5,7}.sfen.gz)
	stem=$(printf '%s' "$b" | sed 's/[0-9][0-9]*/{/; s/{.*//')
	if grep -qF "\`$b\`" "$tmp/licences" || grep -q "^| \`$stem{" "$tmp/licences"; then ok; else fail "no row in its Licences table"; fi
done
# the MIT notices the MIT-licensed copies ask to be kept
for f in nshogi mate-engine-test Kifu-for-JS; do
	name="tests/data/LICENSES/$f.MIT.txt keeps the MIT notice"
	grep -q "^Permission is hereby granted, free of charge" "$DATA/LICENSES/$f.MIT.txt" 2>/dev/null && ok || fail "missing"
done

# ---- each copy against its original
if [ -d "$SHARED/problems" ]; then
	while IFS= read -r f; do
		rel=${f#"$DATA"/}
		case $rel in
		*.gz)
			orig=$SHARED/${rel%.gz}
			gzip -dc "$f" >"$tmp/copy" ;;
		*)
			orig=$SHARED/$rel
			cp "$f" "$tmp/copy" ;;
		esac
		name="$rel = $orig"
		if [ ! -f "$orig" ]; then
			fail "no such file in $SHARED"
		elif cmp -s "$tmp/copy" "$orig"; then
			ok
		else
			fail "differs from the original"
		fi
	done <"$tmp/files"
else
	echo "test_data: $SHARED/problems not found, the copies not compared with their originals"
fi

# ---- the compressed copies: each a gzip file, larger ones only
while IFS= read -r f; do
	case $f in *.gz)
		name="$f is a gzip file"
		gzip -t "$f" 2>/dev/null && ok || fail "gzip -t fails" ;;
	esac
done <"$tmp/files"

echo "test_data: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
