#!/bin/sh
# test_shard.sh -- scale-out over shards: verify --shard I/N, generate
# --shard I/N, tsume merge, and the recipes of doc/commands.md's "Using tsume
# with other tools": GNU parallel (Debian package `parallel`) and the Slurm job
# array script contrib/slurm-verify.sh.
# Usage: sh tests/test_shard.sh PATH/TO/tsume [TEST_DATA_DIR]
#
#  - verify of ShogiBoardQ's 1,000 9-ply problems: one run against 2 shards
#    run by GNU parallel and merged, and against 3 Slurm array tasks (the
#    script run with SLURM_ARRAY_TASK_ID / SLURM_ARRAY_TASK_COUNT set by
#    hand) and its merge step: the same report (the per-problem "seconds"
#    removed), the same summary counts and nodes, the same exit status;
#  - shards of two files with bad lines and comment lines: every problem and
#    every bad line in exactly one shard, the union the one run;
#  - generate --mate 3 --count 12 --seed 5 as one run and as 3 shards merged:
#    byte for byte the same file; so for mate 1 (most slots repeat a pattern:
#    the merge searches the slots the shards did not) and for a shard cut
#    short (as Ctrl-C leaves it);
#  - every refusal: its message and exit status 2.
# Without GNU parallel its part is skipped with a message, unless
# TSUME_REQUIRE_PARALLEL=1 (CI), which makes it a failure.  TSUME_QUICK=1
# (make asan) verifies the first 200 problems only.  Prints every failure
# and exits 1 if there was any.  KEEP=1 keeps the temporary directory.

TSUME=${1:?usage: sh tests/test_shard.sh PATH/TO/tsume [TEST_DATA_DIR]}
DATA=${2:-build/testdata}
[ -x "$TSUME" ] || { echo "test_shard: $TSUME is not an executable" >&2; exit 1; }
case $TSUME in /*) ;; *) TSUME=$(pwd)/$TSUME ;; esac
SLURM_SCRIPT=$(dirname "$0")/../contrib/slurm-verify.sh

HARNESS=shard
. "$(dirname "$0")/harness.sh"

# untimed FILE -- a report without the per-problem wall times
untimed() { sed 's/"seconds":[0-9.]*,//' "$1"; }
# counts FILE -- a summary (stderr) without its timing line, merge's line
# and the bad-line messages
counts() { grep -v -e ' s, .* problems/s, ' -e '^  merged from ' -e '^[^ ].*:[0-9]*: ' "$1"; }

# same_run NAME ONE MERGED RC_ONE RC_MERGED -- the merged report and summary
# are one run's
same_run() {
	name=$1
	if ! untimed "$2.json" >"$tmp/a" || ! untimed "$3.json" >"$tmp/b" || ! cmp -s "$tmp/a" "$tmp/b"; then
		fail "the merged report differs from one run's: $(diff "$tmp/a" "$tmp/b" | head -5)"
	elif ! counts "$2.err" >"$tmp/a" || ! counts "$3.err" >"$tmp/b" || ! cmp -s "$tmp/a" "$tmp/b"; then
		fail "the merged summary differs from one run's: $(diff "$tmp/a" "$tmp/b" | head -5)"
	elif [ "$4" -ne "$5" ]; then
		fail "merge exit status $5, one run's $4"
	elif [ ! -s "$2.json" ]; then
		fail "an empty report"
	else
		ok
	fi
}

# refused NAME MESSAGE COMMAND... -- status 2, nothing on stdout, MESSAGE
# (a fixed string) a line of stderr
refused() {
	name=$1
	msg=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -ne 2 ]; then
		fail "exit status $rc, expected 2; stderr: $(head -3 "$tmp/err")"
	elif [ -s "$tmp/out" ]; then
		fail "output on stdout: $(head -c 200 "$tmp/out")"
	elif ! grep -qxF -- "$msg" "$tmp/err"; then
		fail "stderr lacks '$msg': $(head -3 "$tmp/err")"
	else
		ok
	fi
}

# ---- verify: one run, GNU parallel, Slurm ----

SET=$DATA/problems/raw/shogiboardq/tsume_9ply_1000_20261001.txt
[ -r "$SET" ] || { echo "test_shard: cannot read $SET" >&2; exit 1; }
if [ -n "${TSUME_QUICK:-}" ]; then
	head -215 "$SET" >"$tmp/set.txt" # 15 comment lines, 200 problems
	SET=$tmp/set.txt
fi
"$TSUME" verify --jobs 2 --threads 1 --format json "$SET" >"$tmp/one.json" 2>"$tmp/one.err"
rc_one=$?
name="verify: one run"
problems=$(grep -c -v -e '^#' -e '^$' "$SET")
if [ "$rc_one" -gt 1 ] || [ "$(wc -l <"$tmp/one.json")" -ne "$problems" ] || [ "$problems" -lt 200 ]; then
	fail "exit status $rc_one, $(wc -l <"$tmp/one.json") records of $problems problems"
else
	ok
fi

if command -v parallel >/dev/null 2>&1; then
	# the README recipe: one job a shard, --jobs 1 each
	parallel --will-cite -j 2 "$TSUME" verify --jobs 1 --threads 1 --shard '{}/2' --format json "$SET" \
		'>' "$tmp/par{}.json" '2>' "$tmp/par{}.err" ::: 0 1
	"$TSUME" merge "$tmp"/par*.json >"$tmp/par.json" 2>"$tmp/par.err"
	same_run "verify: 2 shards under GNU parallel, merged" "$tmp/one" "$tmp/par" "$rc_one" $?
	name="verify: each GNU parallel shard holds its lines only"
	n0=$(grep -c '"file"' "$tmp/par0.json")
	n1=$(grep -c '"file"' "$tmp/par1.json")
	if grep '"line":[0-9]*[02468],' "$tmp/par0.json" | grep -q . || grep '"line":[0-9]*[13579],' "$tmp/par1.json" | grep -q .; then
		fail "shard 0/2 must hold the odd lines (L - 1 mod 2 = 0), shard 1/2 the even ones"
	elif [ $((n0 + n1)) -ne "$(wc -l <"$tmp/one.json")" ] || [ "$n0" -eq 0 ] || [ "$n1" -eq 0 ]; then
		fail "$n0 + $n1 records"
	else
		ok
	fi
elif [ "${TSUME_REQUIRE_PARALLEL:-}" = 1 ]; then
	name="GNU parallel"
	fail "parallel is not installed (apt-get install parallel) and TSUME_REQUIRE_PARALLEL=1"
else
	echo "test_shard: GNU parallel not installed: its recipe is not tested (apt-get install parallel)"
fi

name="contrib/slurm-verify.sh: #SBATCH lines before the first command, an --array"
if awk '/^#SBATCH/ { if (cmd) bad = 1; n++ } /^[^#]/ && NF { cmd = 1 } END { exit bad || !n }' "$SLURM_SCRIPT" &&
	grep -q '^#SBATCH --array=0-' "$SLURM_SCRIPT"; then
	ok
else
	fail "sbatch reads #SBATCH lines only before the first command"
fi
status=0
for i in 0 1 2; do
	SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=3 SLURM_CPUS_PER_TASK=1 TSUME=$TSUME \
		sh "$SLURM_SCRIPT" "$tmp/slurm" "$SET" 2>>"$tmp/slurm-tasks.err" || status=$?
done
name="contrib/slurm-verify.sh: three array tasks"
if [ "$status" -ne 0 ] || [ "$(ls "$tmp/slurm")" != "$(printf 'shard-0-of-3.json\nshard-1-of-3.json\nshard-2-of-3.json')" ]; then
	fail "status $status, reports: $(ls "$tmp/slurm" | tr '\n' ' ')"
else
	ok
fi
TSUME=$TSUME sh "$SLURM_SCRIPT" --merge "$tmp/slurm" >"$tmp/slurm.json" 2>"$tmp/slurm.err"
same_run "contrib/slurm-verify.sh: the merge step" "$tmp/one" "$tmp/slurm" "$rc_one" $?
name="contrib/slurm-verify.sh: outside a job array"
sh "$SLURM_SCRIPT" "$tmp/slurm2" "$SET" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] || ! grep -q "SLURM_ARRAY_TASK_ID.*is not set" "$tmp/err"; then
	fail "status $rc: $(cat "$tmp/err")"
else
	ok
fi

# ---- verify: the union of the shards is the run ----

sed -n 4,10p "$SET" >"$tmp/a.sfen"
{
	echo "bad line"
	echo
	echo "# a comment"
	sed -n 11,14p "$SET"
	echo "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 ; mate=2"
} >>"$tmp/a.sfen"
sed -n 20,26p "$SET" >"$tmp/b.sfen"
"$TSUME" verify --jobs 1 --format json "$tmp/a.sfen" "$tmp/b.sfen" >"$tmp/u1.json" 2>"$tmp/u1.err"
rc_u=$?
: >"$tmp/bad-lines"
for i in 0 1 2; do
	"$TSUME" verify --jobs 1 --shard "$i/3" --format json "$tmp/a.sfen" "$tmp/b.sfen" >"$tmp/u-$i.json" 2>"$tmp/u-$i.err"
	grep -e '^[^ ].*:[0-9]*: ' "$tmp/u-$i.err" >>"$tmp/bad-lines"
done
"$TSUME" merge "$tmp/u-2.json" "$tmp/u-0.json" "$tmp/u-1.json" >"$tmp/um.json" 2>"$tmp/um.err"
same_run "verify: 3 shards of two files with bad lines, merged" "$tmp/u1" "$tmp/um" "$rc_u" $?
name="verify: each bad line is reported by one shard"
grep -e '^[^ ].*:[0-9]*: ' "$tmp/u1.err" | sort >"$tmp/a"
sort "$tmp/bad-lines" >"$tmp/b"
if [ "$rc_u" -ne 2 ] || [ "$(wc -l <"$tmp/a")" -ne 2 ] || ! cmp -s "$tmp/a" "$tmp/b"; then
	fail "status $rc_u; one run: $(cat "$tmp/a"); shards: $(cat "$tmp/b")"
else
	ok
fi
# undecided problems (README's 15-ply problem within 100 nodes) counted
# apart from the failed ones, in one run and in the merged shards; exit 3
# when none failed, 1 when one did
{
	echo "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1 ; mate=15"
	echo "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 ; mate=1"
	echo "+L1k1+L4/2sR5/+P8/9/9/9/9/9/9 b r2b4g3s4n2l17p 1 moves 5a6a 7b6a 6b8b+"
	echo "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1 ; mate=15"
} >"$tmp/und.sfen"
"$TSUME" verify --jobs 1 --nodes 100 --format json "$tmp/und.sfen" >"$tmp/und1.json" 2>"$tmp/und1.err"
rc_und=$?
for i in 0 1; do
	"$TSUME" verify --jobs 1 --nodes 100 --shard "$i/2" --format json "$tmp/und.sfen" >"$tmp/und-$i.json" 2>/dev/null
done
"$TSUME" merge "$tmp/und-0.json" "$tmp/und-1.json" >"$tmp/undm.json" 2>"$tmp/undm.err"
same_run "verify: undecided problems in 2 shards, merged" "$tmp/und1" "$tmp/undm" "$rc_und" $?
name="verify: undecided problems counted apart, exit status 3"
if [ "$rc_und" -ne 3 ] || ! grep -q "problems, 2 passed, 0 failed, 2 undecided" "$tmp/undm.err" ||
	[ "$(grep -c '"status":"undecided"' "$tmp/undm.json")" -ne 2 ] ||
	! grep -q '"failed":0,"undecided_problems":1,' "$tmp/und-0.json"; then
	fail "status $rc_und: $(head -3 "$tmp/undm.err")"
else
	ok
fi

name="verify: a shard that holds no problem of a non-empty input"
"$TSUME" verify --jobs 1 --shard 99/100 --format json "$tmp/b.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ] || [ "$(wc -l <"$tmp/out")" -ne 1 ] || ! grep -q '^{"shard":"99/100",.*"problems":0,' "$tmp/out"; then
	fail "status $rc: $(cat "$tmp/out")"
else
	ok
fi

# ---- verify merge: refusals ----

MERGE="tsume merge"
V="$TSUME verify --jobs 1 --format json"
$V --shard 0/2 "$tmp/b.sfen" >"$tmp/s0.json" 2>/dev/null
$V --shard 1/2 "$tmp/b.sfen" >"$tmp/s1.json" 2>/dev/null
refused "merge: a missing shard" "$MERGE: shard 1/2 is missing (1 of 2 reports given)" "$TSUME" merge "$tmp/s0.json"
refused "merge: a shard twice" "$MERGE: $tmp/s0.json and $tmp/s0.json are both shard 0/2" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/s0.json" "$tmp/s1.json"
head -1 "$tmp/s1.json" >"$tmp/cut.json"
refused "merge: a report cut short" \
	"$MERGE: $tmp/cut.json: no summary record at the end: not the report of a finished tsume verify --shard I/N --format json run (was it cut short?)" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/cut.json"
refused "merge: a report of a run without --shard" \
	"$MERGE: $tmp/u1.json: no summary record at the end: not the report of a finished tsume verify --shard I/N --format json run (was it cut short?)" \
	"$TSUME" merge "$tmp/u1.json"
cat "$tmp/s0.json" "$tmp/s1.json" >"$tmp/two.json"
n0=$(wc -l <"$tmp/s0.json")
refused "merge: two reports in one file" \
	"$MERGE: $tmp/two.json:$((n0 + 1)): a line after the summary record (line $n0): one report a file" "$TSUME" merge "$tmp/two.json"
printf '{"file":"x","line":1}\n' >"$tmp/odd.json"
refused "merge: JSON that is not a verify record" \
	"$MERGE: $tmp/odd.json:1: not a record of tsume verify --format json (a \"file\" name, a \"line\" number and \"pass\" true or false)" \
	"$TSUME" merge "$tmp/odd.json"
{
	head -1 "$tmp/s0.json" | sed 's/"pass":true/"pass":tru/'
	tail -n +2 "$tmp/s0.json"
} >"$tmp/broken.json"
refused "merge: a line that is not JSON" \
	"$MERGE: $tmp/broken.json:1: not a line of a tsume verify --format json report: byte $(($(head -1 "$tmp/s0.json" | sed 's/"pass".*//' | wc -c) + 7)): not valid JSON" \
	"$TSUME" merge "$tmp/broken.json" "$tmp/s1.json"
# what cJSON reads but RFC 8259 refuses, on the second line: the place of each
# bad_second NAME SED-EXPRESSION MESSAGE -- s0.json's second line edited
bad_second() {
	{
		head -1 "$tmp/s0.json"
		sed -n 2p "$tmp/s0.json" | sed "$2"
		tail -n +3 "$tmp/s0.json"
	} >"$tmp/bad2.json"
	refused "merge: $1" "$MERGE: $tmp/bad2.json:2: not a line of a tsume verify --format json report: $3" \
		"$TSUME" merge "$tmp/bad2.json" "$tmp/s1.json"
}
line2=$(sed -n 2p "$tmp/s0.json")
at_line() { printf '%s' "$line2" | sed "s/$1.*//" | wc -c; } # the bytes before the first match
bad_second "a key twice" 's/"pass":true,/"pass":true,"pass":false,/' 'the key "pass" twice in one object'
bad_second "text after the object" 's/}$/} x/' "byte $(($(printf '%s' "$line2" | wc -c) + 2)): more after the object"
bad_second "a number with a leading zero" 's/"line":\([0-9]*\)/"line":0\1/' "byte $(($(at_line '"line":') + 8)): a number with a leading zero"
bad_second "a byte not UTF-8 in a string" "s/\"file\":\"/&$(printf '\377')/" "byte $(($(at_line '"file":') + 9)): not valid UTF-8"
bad_second "a raw tab in a string" "s/\"file\":\"/&$(printf '\t')/" "byte $(($(at_line '"file":') + 9)): a control character in a string (JSON writes it \\u00XX)"
bad_second "a bad \\u escape" 's/"file":"/&\\u12g4/' "byte $(($(at_line '"file":') + 9)): a \\u escape without 4 hex digits"
{ printf '{"file":"x","line":1,"pass":true,"x":"'; head -c 1100000 /dev/zero | tr '\0' a; printf '"}\n'; } >"$tmp/big.json"
refused "merge: a line over 1 MB, read past in constant memory" \
	"$MERGE: $tmp/big.json:1: not a line of a tsume verify --format json report: longer than 1 MB" "$TSUME" merge "$tmp/big.json"
mkdir -p "$tmp/adir"
refused "merge: a directory" "$MERGE: $tmp/adir: read error: Is a directory" "$TSUME" merge "$tmp/adir"
$V --shard 1/2 --time 30 "$tmp/b.sfen" >"$tmp/t1.json" 2>/dev/null
refused "merge: shards run with another --time" \
	"$MERGE: $tmp/t1.json and $tmp/s0.json are not shards of one verify run: they differ in --time" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/t1.json"
$V --shard 1/3 "$tmp/b.sfen" >"$tmp/n1.json" 2>/dev/null
refused "merge: shards of another N" \
	"$MERGE: $tmp/n1.json and $tmp/s0.json are not shards of one verify run: they differ in N of --shard I/N" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/n1.json"
$V --shard 1/2 "$tmp/a.sfen" >"$tmp/f1.json" 2>/dev/null
refused "merge: shards of other files" \
	"$MERGE: $tmp/f1.json and $tmp/s0.json are not shards of one verify run: they differ in input files" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/f1.json"
sed 's/"interrupted":false/"interrupted":true/' "$tmp/s1.json" >"$tmp/i1.json"
refused "merge: an interrupted shard" \
	"$MERGE: $tmp/i1.json: shard 1/2 was interrupted (Ctrl-C): its report is partial; run it again" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/i1.json"
{
	head -1 "$tmp/s0.json"
	tail -n +2 "$tmp/s1.json"
} >"$tmp/x1.json"
refused "merge: a record of another shard" "$MERGE: $tmp/x1.json: $tmp/b.sfen line 1 is not a line of shard 1/2" \
	"$TSUME" merge "$tmp/s0.json" "$tmp/x1.json"
refused "merge: no file" "usage: tsume merge REPORT.json...|SHARD.sfen... [--jobs J]" "$TSUME" merge
refused "merge: a missing file" "$MERGE: $tmp/none.json: cannot open: No such file or directory" "$TSUME" merge "$tmp/none.json"
refused "merge --jobs 0" "$MERGE: --jobs must be a whole number of threads, 1..256, got '0'" "$TSUME" merge --jobs 0 "$tmp/s0.json"
SHARD_MSG="must be I/N with 0 <= I < N and N 1..100000 (I counts from 0)"
for v in 2/2 0/0 a/3 1/100001 -1/2 1/2/3 ""; do
	refused "verify --shard '$v'" "tsume verify: --shard $SHARD_MSG, got '$v'" "$TSUME" verify --shard "$v" "$tmp/b.sfen"
done
refused "generate --shard 3/3" "tsume generate: --shard $SHARD_MSG, got '3/3'" "$TSUME" generate --mate 3 --count 3 --shard 3/3
refused "generate --shard with --sheet" \
	"tsume generate: --sheet and --shard exclude each other (a worksheet of the merged output: tsume sheet)" \
	"$TSUME" generate --mate 3 --count 3 --shard 0/2 --sheet "$tmp/x.html"

# ---- generate: shards merged = one run, byte for byte ----

# gen_same NAME ONE N ARGS... -- ARGS as one run and as N shards merged
gen_same() {
	name=$1
	one=$2
	n=$3
	shift 3
	"$TSUME" generate --quiet "$@" >"$tmp/$one.sfen"
	rc1=$?
	i=0
	while [ "$i" -lt "$n" ]; do
		"$TSUME" generate --quiet --jobs 1 --shard "$i/$n" "$@" >"$tmp/$one-$i.sfen" || fail "shard $i/$n: status $?"
		i=$((i + 1))
	done
	"$TSUME" merge "$tmp/$one"-*.sfen >"$tmp/$one-merged.sfen" 2>"$tmp/$one-merged.err"
	rc2=$?
	if [ "$rc1" -ne 0 ] || [ "$rc2" -ne 0 ]; then
		fail "one run status $rc1, merge status $rc2: $(cat "$tmp/$one-merged.err")"
	elif ! cmp -s "$tmp/$one.sfen" "$tmp/$one-merged.sfen"; then
		fail "the merged file differs from one run's: $(cmp "$tmp/$one.sfen" "$tmp/$one-merged.sfen")"
	elif [ ! -s "$tmp/$one.sfen" ]; then
		fail "one run wrote nothing"
	else
		ok
	fi
}
gen_same "generate --mate 3 --count 12 --seed 5: 1 run = 3 shards merged" g3 3 --mate 3 --count 12 --seed 5
name="generate shards: each line the one run's line of its slot, the last line the shard's"
for i in 0 1 2; do
	grep -v '^#' "$tmp/g3-$i.sfen" | while IFS= read -r l; do
		slot=$(printf '%s\n' "$l" | sed 's/.*; slot=\([0-9]*\) ;.*/\1/')
		[ $((slot % 3)) -eq "$i" ] || echo "shard $i: slot $slot"
		if grep -qxF -- "$l" "$tmp/g3.sfen"; then :; elif ! grep -q "; slot=$slot ;" "$tmp/g3.sfen"; then :; else echo "slot $slot differs"; fi
	done >>"$tmp/gen-bad"
	tail -1 "$tmp/g3-$i.sfen" | grep -q "^# tsume generate shard $i/3: slots below [0-9]* searched ; mate=3 ; count=12 ; seed=5 ; pieces=3-12 ; level=any ; futile=nogain\$" ||
		echo "shard $i: last line $(tail -1 "$tmp/g3-$i.sfen")" >>"$tmp/gen-bad"
done
if [ -s "$tmp/gen-bad" ]; then
	fail "$(head -3 "$tmp/gen-bad")"
else
	ok
fi
gen_same "generate --mate 1 --count 20 --seed 3 (most slots repeat a pattern): 1 run = 4 shards merged" g1 4 \
	--mate 1 --count 20 --seed 3
name="generate merge: the slots no shard searched are searched by the merge"
if grep -q '; [1-9][0-9]* not in the shards, searched here' "$tmp/g1-merged.err"; then
	ok
else
	fail "$(cat "$tmp/g1-merged.err")"
fi

# a shard cut short as Ctrl-C leaves it: its last problems gone, its last
# line saying so (below the first slot gone)
name="generate merge: a shard interrupted"
kept=3
first_gone=$(grep -v '^#' "$tmp/g3-1.sfen" | sed -n "$((kept + 1))p" | sed 's/.*; slot=\([0-9]*\) ;.*/\1/')
{
	grep -v '^#' "$tmp/g3-1.sfen" | head -"$kept"
	tail -1 "$tmp/g3-1.sfen" | sed "s/slots below [0-9]* searched/slots below $first_gone searched/"
} >"$tmp/g3-cut-1.sfen"
"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-cut-1.sfen" "$tmp/g3-2.sfen" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ] || ! cmp -s "$tmp/out" "$tmp/g3.sfen"; then
	fail "status $rc: $(cat "$tmp/err")"
else
	ok
fi
gzip -c "$tmp/g3-2.sfen" >"$tmp/g3-2.sfen.gz"
name="generate merge: a gzip shard"
if "$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-1.sfen" "$tmp/g3-2.sfen.gz" 2>/dev/null | cmp -s - "$tmp/g3.sfen"; then
	ok
else
	fail "differs"
fi

# refusals
refused "generate merge: a missing shard" "$MERGE: shard 2/3 is missing (2 of 3 shards given)" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-1.sfen"
refused "generate merge: a shard twice" "$MERGE: $tmp/g3-1.sfen and $tmp/g3-1.sfen are both shard 1/3" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-1.sfen" "$tmp/g3-1.sfen"
refused "generate merge: shards of two runs" "$MERGE: $tmp/g1-1.sfen and $tmp/g3-0.sfen are not shards of one generate run:" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g1-1.sfen"
head -2 "$tmp/g3-1.sfen" >"$tmp/g3-short.sfen"
refused "generate merge: a shard cut short" \
	"$MERGE: $tmp/g3-short.sfen: neither a report of tsume verify --shard I/N --format json (JSON, a summary record at the end) nor the whole output of tsume generate --shard I/N (a '# tsume generate shard I/N: ...' line at the end; was the run cut short?)" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-short.sfen" "$tmp/g3-2.sfen"
sed '1s/ ; quiet=[01]//' "$tmp/g3-1.sfen" >"$tmp/g3-edit-1.sfen"
refused "generate merge: a line generate did not write" \
	"$MERGE: $tmp/g3-edit-1.sfen:1: not a problem line of this tsume generate run (mate=3, seed=5)" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-edit-1.sfen" "$tmp/g3-2.sfen"
{
	head -1 "$tmp/g3-0.sfen"
	cat "$tmp/g3-1.sfen"
} >"$tmp/g3-mixed-1.sfen"
refused "generate merge: a line of another shard" \
	"$MERGE: $tmp/g3-mixed-1.sfen:1: slot 0 is not the next slot of shard 1/3 (its slots are 1, 4 ... below $(tail -1 "$tmp/g3-1.sfen" | sed 's/.*slots below \([0-9]*\).*/\1/'), in order)" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-mixed-1.sfen" "$tmp/g3-2.sfen"
sed '$s/slots below/slots  below/' "$tmp/g3-1.sfen" >"$tmp/g3-tr-1.sfen"
refused "generate merge: a last line generate did not write" \
	"$MERGE: $tmp/g3-tr-1.sfen:$(wc -l <"$tmp/g3-1.sfen"): not a closing line that tsume generate --shard writes: '$(tail -1 "$tmp/g3-tr-1.sfen")'" \
	"$TSUME" merge "$tmp/g3-0.sfen" "$tmp/g3-tr-1.sfen" "$tmp/g3-2.sfen"

echo "test_shard: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
