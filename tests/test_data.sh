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
