#!/bin/sh
# test_install.sh -- make install / make uninstall into temporary prefixes,
# tsume --version, and the man page checked against the program: it renders
# without warnings, every sub-command that `tsume help` lists has its section
# under COMMANDS, every long option of `tsume CMD --help` has an entry (an
# option tag) in CMD's section, and every long option of the getopt tables of
# tools/ (every command's folder) is on the page.
# Usage (from the top of the source tree, after make; make test runs it):
#   sh tests/test_install.sh [MAKE [BUILD]]
# Needs man (man-db) and groff (groff-base).  Prints every failure and exits 1
# if there was any.

MAKE=${1:-make}
BUILD=${2:-build}
[ -f Makefile ] && [ -f tools/version.h ] || { echo "test_install: run from the top of the source tree" >&2; exit 1; }
for tool in man groff; do
	command -v $tool >/dev/null 2>&1 || { echo "test_install: '$tool' not found (Debian: apt-get install man-db groff-base)" >&2; exit 1; }
done

HARNESS=install
. "$(dirname "$0")/harness.sh"

# The files install puts under a prefix, relative to it, sorted.
expected_files() { # BINDIR MANDIR DATADIR, relative
	{
		echo "$1/tsume"
		echo "$2/man1/tsume.1"
		for f in problems/*.sfen.gz problems/bench-signature.tsv problems/long-signature.tsv problems/README.md; do echo "$3/tsume/$f"; done
	} | sort
}
installed_files() { # ROOT
	(cd "$1" && find . -type f | sed 's|^\./||' | sort)
}
# same_files NAME ROOT BINDIR MANDIR DATADIR -- the files under ROOT are exactly those install puts there
same_files() {
	name=$1
	expected_files "$3" "$4" "$5" >"$tmp/want"
	installed_files "$2" >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else fail "expected
$(cat "$tmp/want")
got
$(cat "$tmp/got")"; fi
}
# compiled_nothing NAME -- make's output in $tmp/make.log has no compile line
compiled_nothing() {
	name=$1
	if grep -q -- ' -c ' "$tmp/make.log"; then fail "$(cat "$tmp/make.log")"; else ok; fi
}
# make_quiet NAME ARGS... -- runs make with ARGS, the output in $tmp/make.log.
make_quiet() {
	name=$1
	shift
	if $MAKE --no-print-directory "$@" >"$tmp/make.log" 2>&1; then ok; else fail "make $* failed: $(cat "$tmp/make.log")"; fi
}

version=$(sed -n 's/^#define TSUME_VERSION "\(.*\)"/\1/p' tools/version.h)
[ -n "$version" ] || { echo "test_install: no TSUME_VERSION in tools/version.h" >&2; exit 1; }

# ---- make install PREFIX=...: the files, their modes, nothing rebuilt
prefix=$tmp/usr
make_quiet "make install PREFIX" install PREFIX="$prefix"
compiled_nothing "install after make compiles nothing"
same_files "installed files" "$prefix" bin share/man share
check "binary mode 755" [ "$(stat -c %a "$prefix/bin/tsume")" = 755 ]
check "man page mode 644" [ "$(stat -c %a "$prefix/share/man/man1/tsume.1")" = 644 ]
for f in problems/*.sfen.gz problems/bench-signature.tsv problems/long-signature.tsv problems/README.md; do
	check "$f installed as it is" cmp -s "$f" "$prefix/share/tsume/$f"
	check "$f mode 644" [ "$(stat -c %a "$prefix/share/tsume/$f")" = 644 ]
done
bin=$prefix/bin/tsume

# ---- tsume --version: the version of tools/version.h and the commit of the checkout
if [ -e .git ] && commit=$(git describe --always --dirty --exclude='*' 2>/dev/null); then
	date=$(git log -1 --format=%cd --date=short)
	want="tsume $version (commit $commit, $date)"
else
	want="tsume $version (commit unknown)"
fi
name="tsume --version"
got=$("$bin" --version)
rc=$?
if [ $rc -ne 0 ]; then fail "exit status $rc"; elif [ "$got" != "$want" ]; then fail "expected '$want', got '$got'"; else ok; fi
check "tsume version = tsume --version" [ "$("$bin" version)" = "$got" ]
# NEWS.md names the version: its first version heading is this one
name="NEWS.md's newest version is $version"
news=$(sed -n 's/^## \([0-9][0-9.]*\) (.*$/\1/p' NEWS.md | head -1)
[ "$news" = "$version" ] && ok || fail "NEWS.md's first '## VERSION (DATE)' heading names '$news'"
name="tsume version ARG: usage error"
"$bin" version extra >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -ne 2 ] || ! grep -q "takes no arguments" "$tmp/err"; then fail "exit status $rc, stderr: $(cat "$tmp/err")"; else ok; fi
check "tsume help mentions --version" sh -c '"$1" help | grep -q -- "--version"' sh "$bin"

# ---- the installed man page: renders without warnings
page=$prefix/share/man/man1/tsume.1
name="man -l renders the page"
man -l "$page" >"$tmp/man.txt" 2>"$tmp/man.err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$tmp/man.err" ] || [ ! -s "$tmp/man.txt" ]; then
	fail "exit status $rc, stderr: $(cat "$tmp/man.err")"
else ok; fi
name="groff -ww: no warning"
groff -man -Tutf8 -ww -z "$page" 2>"$tmp/groff.err"
rc=$?
if [ $rc -ne 0 ] || [ -s "$tmp/groff.err" ]; then fail "exit status $rc: $(cat "$tmp/groff.err")"; else ok; fi
check "footer names the version" grep -q "tsume $version" "$tmp/man.txt"
for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS "EXIT STATUS" FILES EXAMPLES "SEE ALSO"; do
	check "man page has $section" grep -qx "$section" "$tmp/man.txt"
done

# The text as read, wide and without hyphenation so that no word is split;
# hyphen and minus signs (groff may write U+2010, U+2212) as '-'.
LC_ALL=C.UTF-8 MANWIDTH=250 MANROFFOPT=-rHY=0 man -l "$page" 2>/dev/null |
	sed 's/\xe2\x80\x90/-/g; s/\xe2\x88\x92/-/g' >"$tmp/page.txt"
# the section of one sub-command: from its ".SS NAME" heading under COMMANDS to the next heading
command_section() {
	awk -v c="$1" '/^[^ ]/ { sec = $0; on = 0; next }
		/^   [^ ]/ { on = (sec == "COMMANDS" && NF == 1 && $1 == c); next }
		on' "$tmp/page.txt"
}
# has_option FILE OPTION -- OPTION as a whole word in FILE
has_option() {
	grep -qE -- "(^|[^a-z0-9-])$2([^a-z0-9-]|\$)" "$1"
}
# has_option_entry FILE OPTION -- OPTION in the tag of an option entry (.TP:
# a line of the section that starts with an option, "       --hash MB", "       -o OUT, --output OUT")
has_option_entry() {
	grep -E '^       -' "$1" | grep -qE -- "(^|[^a-z0-9-])$2([^a-z0-9-]|\$)"
}

commands=$("$bin" help | sed -n 's/^  \([a-z][a-z0-9-]*\).*/\1/p')
name="tsume help lists the sub-commands"
if [ "$(echo "$commands" | wc -l)" -ge 9 ]; then ok; else fail "got: $commands"; fi
for cmd in $commands; do
	command_section "$cmd" >"$tmp/section"
	name="man page: section for '$cmd'"
	if [ -s "$tmp/section" ]; then ok; else
		fail "no '.SS $cmd' under COMMANDS"
		continue
	fi
	# the long options of the command's --help: all on its usage line, and the
	# one each option line opens with ("  --jobs J ...", "  -o, --output ..."),
	# not options merely named in a description (merge names verify's)
	for opt in $("$bin" "$cmd" --help </dev/null 2>&1 | grep -Ev 'unrecognized option|invalid option|unknown option' |
		awk '/^usage:/ { print; next } /^ +(-[a-zA-Z], )?--[a-z]/ { sub(/^ +(-[a-zA-Z], )?/, ""); print $1 }' |
		grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		check "man page: $cmd $opt has an entry in the $cmd section" has_option_entry "$tmp/section" "$opt"
	done
done
# every long option in the code: the getopt_long tables and the options read by hand ("--output")
for opt in $({
	grep -oh '{"[a-z][a-z0-9-]*", *[a-z]*_argument' tools/*.c tools/*/*.c | sed 's/{"\([^"]*\)".*/--\1/'
	grep -oh '"--[a-z][a-z0-9-]*"' tools/*.c tools/*/*.c | tr -d '"'
} | sort -u); do
	check "man page: $opt of tools/" has_option "$tmp/page.txt" "$opt"
done
check "man page: --version" has_option "$tmp/page.txt" --version

# ---- the installed program reads the installed collections
name="installed tsume verifies the installed teach-mate1"
"$bin" verify --jobs 2 "$prefix/share/tsume/problems/teach-mate1.sfen.gz" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q "172 problems, 172 passed" "$tmp/err"; then fail "exit status $rc: $(tail -2 "$tmp/err")"; else ok; fi

name="installed tsume finds the installed bench signature problems (run elsewhere, --quiet)"
mkdir -p "$tmp/elsewhere"
(cd "$tmp/elsewhere" && "$bin" bench --signature --quiet) >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ] || ! grep -q "^100 problems, " "$tmp/out"; then fail "exit status $rc: $(cat "$tmp/out" "$tmp/err")"; else ok; fi

# ---- make uninstall: nothing of ours left (the standard directories bin/ and share/man/man1 stay)
make_quiet "make uninstall PREFIX" uninstall PREFIX="$prefix"
check "uninstall leaves no file" [ -z "$(installed_files "$prefix")" ]
check "uninstall removes share/tsume" [ ! -e "$prefix/share/tsume" ]
make_quiet "make uninstall twice" uninstall PREFIX="$prefix"

# ---- DESTDIR (packagers) with BINDIR, MANDIR and DATADIR of their own
stage=$tmp/stage
dirs="PREFIX=/opt/tsume BINDIR=/opt/tsume/libexec MANDIR=/opt/man DATADIR=/opt/data"
# shellcheck disable=SC2086 # $dirs is a list of words
make_quiet "make install DESTDIR" install DESTDIR="$stage" $dirs
same_files "installed files under DESTDIR" "$stage" opt/tsume/libexec opt/man opt/data
check "DESTDIR binary runs" sh -c '"$1" --version >/dev/null' sh "$stage/opt/tsume/libexec/tsume"
# shellcheck disable=SC2086
make_quiet "make uninstall DESTDIR" uninstall DESTDIR="$stage" $dirs
check "uninstall under DESTDIR leaves no file" [ -z "$(installed_files "$stage")" ]
check "uninstall under DESTDIR removes data/tsume" [ ! -e "$stage/opt/data/tsume" ]

# ---- a checkout git will not read (sudo make install: git refuses another
# user's repository) keeps the commit it was built with: nothing is rebuilt
mkdir -p "$tmp/fakebin"
printf '#!/bin/sh\necho "fatal: detected dubious ownership" >&2\nexit 128\n' >"$tmp/fakebin/git"
chmod +x "$tmp/fakebin/git"
cp "$BUILD/gen/commit.h" "$tmp/commit.h.before"
name="make install without a working git"
if PATH="$tmp/fakebin:$PATH" $MAKE --no-print-directory install PREFIX="$tmp/p2" >"$tmp/make.log" 2>&1; then ok; else
	fail "$(cat "$tmp/make.log")"
fi
compiled_nothing "install without a working git compiles nothing"
check "install without a working git keeps the commit" cmp -s "$tmp/commit.h.before" "$BUILD/gen/commit.h"
check "... and the installed binary has it" [ "$("$tmp/p2/bin/tsume" --version)" = "$want" ]
make_quiet "make uninstall p2" uninstall PREFIX="$tmp/p2"

# ---- not a git checkout (a tarball): the commit is "unknown"
mkdir -p "$tmp/src/tools"
cp Makefile "$tmp/src/" && cp tools/version.h "$tmp/src/tools/"
make_quiet "commit.h outside a checkout" -C "$tmp/src" BUILD=build build/gen/commit.h
check "commit unknown outside a checkout" grep -q '"unknown"' "$tmp/src/build/gen/commit.h"

# ---- tools/setup.sh, with a stand-in apt-get that records its calls: on a
# machine with a compiler, make and zlib but none of the test tools (PATH of
# a few commands), it asks apt for exactly the missing packages; not root and
# without sudo it installs nothing and prints the command to run as root.
fake=$tmp/setup-bin
mkdir -p "$fake"
for c in sh cat id grep sed printf env cc make; do
	p=$(command -v $c) && ln -s "$p" "$fake/$c"
done
printf '#!/bin/sh\necho "apt-get $*" >>"%s"\n' "$tmp/apt.log" >"$fake/apt-get"
printf '#!/bin/sh\nexit 1\n' >"$fake/apt-cache"
chmod +x "$fake/apt-get" "$fake/apt-cache"
: >"$tmp/apt.log"
# the packages asked for: all of the test's but the compiler's, make's, zlib's, cJSON's and cmocka's (the
# compiler finds their headers without pkg-config); the font is found by its file where it is installed
font=" fonts-ipafont-mincho"
[ ! -e /usr/share/fonts/opentype/ipafont-mincho/ipam.ttf ] || font=
pkgs="pkg-config python3 chromium$font man-db groff-base parallel jq nodejs npm emscripten curl clang-format"
name="setup.sh build: nothing to install"
PATH=$fake sh tools/setup.sh build >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q "everything 'build' needs is installed" "$tmp/out" && [ ! -s "$tmp/apt.log" ]; then ok; else
	fail "status $rc: $(cat "$tmp/out" "$tmp/apt.log")"
fi
if [ "$(id -u)" = 0 ]; then
	name="setup.sh test as root: apt-get installs the missing packages only"
	PATH=$fake sh tools/setup.sh test >"$tmp/out" 2>&1
	apt_want="apt-get install -y -q --no-install-recommends $pkgs"
	if grep -qxF "apt-get update -q" "$tmp/apt.log" && grep -qxF "$apt_want" "$tmp/apt.log" &&
		grep -q "^setup: installing with apt-get: pkg-config " "$tmp/out"; then ok; else
		fail "$(cat "$tmp/out" "$tmp/apt.log")"
	fi
	: >"$tmp/apt.log"
fi
printf '#!/bin/sh\necho 1000\n' >"$fake/id.user"
rm -f "$fake/id" && mv "$fake/id.user" "$fake/id" && chmod +x "$fake/id"
name="setup.sh test, not root, no sudo: the command printed, nothing run"
PATH=$fake sh tools/setup.sh test >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && [ ! -s "$tmp/apt.log" ] && grep -q "not root and no sudo" "$tmp/out" &&
	grep -qxF "  apt-get update && apt-get install -y --no-install-recommends $pkgs" "$tmp/out"; then ok; else
	fail "status $rc: $(cat "$tmp/out" "$tmp/apt.log")"
fi
name="setup.sh with no mode: usage, status 2"
sh tools/setup.sh >/dev/null 2>&1
check "$name" [ $? -eq 2 ]

# ---- make test without cmocka: the setup command named, not a compiler error
name="make check-cmocka without cmocka.h: names the setup command"
$MAKE --no-print-directory check-cmocka CC="cc -nostdinc" CMOCKA_CFLAGS= >"$tmp/out" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q "cmocka.h not found" "$tmp/out" && grep -qx "  sh tools/setup.sh test" "$tmp/out"; then ok; else
	fail "status $rc: $(cat "$tmp/out")"
fi
check "make check-cmocka with cmocka: quiet" sh -c '[ -z "$($1 --no-print-directory check-cmocka 2>&1)" ]' sh "$MAKE"

# ---- README's blocks marked "<!-- run by tests/test_install.sh -->" (the
# quick start and Install), run as written from the top of this tree: HOME a
# temporary directory, so that PREFIX=$HOME/.local is under it, with
# $HOME/.local/bin first on PATH as README asks.  `make test` is not run here
# (it runs this script): CI runs it (.ci/run).  A command not listed below
# fails: an example added to those blocks needs its check.
home=$tmp/home
mkdir -p "$home"
readme_commands README.md | grep "^test_install\.sh$(printf '\t')" | cut -f 2- >"$tmp/readme"
name="README: its make and install commands found"
if [ "$(wc -l <"$tmp/readme")" -ge 5 ]; then ok; else fail "$(cat "$tmp/readme")"; fi
while IFS= read -r cmd; do
	name="README: $cmd"
	case $cmd in
	"sh tools/setup.sh test && make test")
		# not run here (make test runs this script): CI runs README's Quick start as it stands
		if grep -q 'Quick start' .ci/run && grep -q 'readme_commands' .ci/run; then ok; else
			fail ".ci/run does not run README's Quick start"
		fi
		continue ;;
	esac
	HOME=$home PATH=$home/.local/bin:$PATH sh -c "$cmd" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	case $cmd in
	"sh tools/setup.sh build && make && ./tsume solve '7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1'")
		# the main line README shows after the quick start
		usi=$(grep '^usi: ' README.md)
		if [ $rc -eq 0 ] && grep -qx 'mate 15' "$tmp/out" && [ -n "$usi" ] && grep -qxF "$usi" "$tmp/out"; then ok; else
			fail "status $rc: $(tail -3 "$tmp/out") $(tail -3 "$tmp/err")"
		fi ;;
	"make install PREFIX=\$HOME/.local")
		if [ $rc -ne 0 ]; then fail "status $rc: $(tail -3 "$tmp/err")"; else same_files "$name: the files" "$home/.local" bin share/man share; fi ;;
	"man tsume")
		if [ $rc -eq 0 ] && grep -qx 'NAME' "$tmp/out" && grep -qx 'EXIT STATUS' "$tmp/out"; then ok; else fail "status $rc: $(head -3 "$tmp/err")"; fi ;;
	"tsume --version")
		if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then ok; else fail "status $rc, got '$(cat "$tmp/out")', want '$want'"; fi ;;
	"make uninstall PREFIX=\$HOME/.local")
		if [ $rc -eq 0 ] && [ -z "$(installed_files "$home/.local")" ]; then ok; else fail "status $rc, left: $(installed_files "$home/.local")"; fi ;;
	*) fail "a command of README that no check here runs (add its check to tests/test_install.sh)" ;;
	esac
done <"$tmp/readme"

echo "test_install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
