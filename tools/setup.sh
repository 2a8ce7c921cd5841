#!/bin/sh
# setup.sh -- installs what tsume needs, through the system's package manager.
#
#   sh tools/setup.sh build   a C compiler, make, zlib: what `make` needs
#   sh tools/setup.sh test    the above and what `make test` needs: cmocka,
#                             pkg-config, python3, Chromium and a Mincho font,
#                             man-db and groff, GNU parallel, jq, node and npm,
#                             emscripten (make web), clang-format (the layout check)
#   sh tools/setup.sh -n MODE says what it would install, installs nothing
#
# Only what is missing is installed, and the script says what before it does.
# apt (Debian, Ubuntu) installs it, as root or through sudo; where neither
# works, or on another system, the script prints the command to run (or
# what is missing) and exits 1.  A node already on PATH (nvm, NodeSource)
# is kept: nodejs and npm are not asked of apt then.  Exit status 0 when
# everything is there at the end.

set -u
dry=no
if [ "${1:-}" = -n ]; then
	dry=yes
	shift
fi
mode=${1:-}
case $mode in
build | test) ;;
*)
	echo "usage: sh tools/setup.sh [-n] build|test" >&2
	exit 2
	;;
esac

# has_header HEADER [CFLAGS]: the C compiler finds HEADER
has_header() {
	command -v cc >/dev/null 2>&1 &&
		printf '#include <stddef.h>\n#include <stdarg.h>\n#include <setjmp.h>\n#include <stdint.h>\n#include <%s>\n' "$1" |
		cc ${2:-} -E -x c - >/dev/null 2>&1
}
has() { command -v "$1" >/dev/null 2>&1; }

# The needs of the mode: "WHAT@TEST@DEBIAN-PACKAGE" a line; TEST is a shell
# condition that holds when WHAT is there.
needs() {
	cat <<'EOF'
a C compiler@has cc@gcc
make@has make@make
the C library headers@has_header stdio.h@libc6-dev
zlib (headers)@has_header zlib.h@zlib1g-dev
EOF
	[ "$mode" = test ] || return 0
	cat <<'EOF'
pkg-config@has pkg-config@pkg-config
cmocka (headers)@has_header cmocka.h "$(pkg-config --cflags cmocka 2>/dev/null)"@libcmocka-dev
python3@has python3@python3
Chromium@has chromium || has chromium-browser@chromium
a Mincho font@fc-list 2>/dev/null | grep -qi mincho || [ -e /usr/share/fonts/opentype/ipafont-mincho/ipam.ttf ]@fonts-ipafont-mincho
man@has man@man-db
groff@has groff@groff-base
GNU parallel@has parallel@parallel
jq@has jq@jq
node@has node@nodejs
npm@has npm@npm
emscripten@has emcc@emscripten
clang-format@has clang-format@clang-format
EOF
}

missing_what=
missing_pkgs=
check() {
	missing_what=
	missing_pkgs=
	while IFS='@' read -r what test pkg; do
		if ! eval "$test"; then
			missing_what="$missing_what${missing_what:+, }$what"
			missing_pkgs="$missing_pkgs${missing_pkgs:+ }$pkg"
		fi
	done <<EOF
$(needs)
EOF
}

check
if [ -z "$missing_pkgs" ]; then
	echo "setup: everything '$mode' needs is installed"
	exit 0
fi
echo "setup: '$mode' needs $missing_what"

if ! has apt-get; then
	echo "setup: no apt-get here: install those with the system's package manager, then run this again" >&2
	exit 1
fi
# Chromium is called chromium-browser on Ubuntu
if echo " $missing_pkgs " | grep -q ' chromium ' && ! apt-cache show chromium >/dev/null 2>&1 &&
	apt-cache show chromium-browser >/dev/null 2>&1; then
	missing_pkgs=$(echo "$missing_pkgs" | sed 's/\bchromium\b/chromium-browser/')
fi
if [ "$(id -u)" = 0 ]; then
	as=
elif has sudo; then
	as="sudo "
else
	as=none
fi
cmd="apt-get update && apt-get install -y --no-install-recommends $missing_pkgs"
if [ "$dry" = yes ] || [ "$as" = none ]; then
	[ "$as" = none ] && echo "setup: not root and no sudo: as root, run" >&2 || echo "setup: would run" >&2
	echo "  $cmd" >&2
	[ "$dry" = yes ] && exit 0
	exit 1
fi
echo "setup: installing with apt-get: $missing_pkgs"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # $missing_pkgs is a list of words
${as}apt-get update -q && ${as}env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing_pkgs ||
	{
		echo "setup: apt-get failed; the command was" >&2
		echo "  $as$cmd" >&2
		exit 1
	}
check
if [ -n "$missing_pkgs" ]; then
	echo "setup: still missing after apt-get: $missing_what" >&2
	exit 1
fi
echo "setup: everything '$mode' needs is installed"
