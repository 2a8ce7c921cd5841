#!/bin/sh
# setup.sh -- installs what tsume needs, through the system's package manager.
#
#   sh tools/setup.sh build   a C compiler, make, zlib, cJSON: what `make` needs
#   sh tools/setup.sh test    the above and what `make test` needs: cmocka,
#                             pkg-config, python3, Chromium and a Mincho font,
#                             man-db and groff, GNU parallel, jq, node and npm,
#                             emscripten and curl (make web), clang-format (the
#                             layout check); then Debian's source of cJSON for
#                             make web, into $CJSON_DIR (below)
#   sh tools/setup.sh -n MODE says what it would install, installs nothing
#
# Only what is missing is installed, and the script says what before it does.
# The cJSON source: Debian's cjson_1.7.15.orig.tar.gz (the version of
# libcjson-dev in Debian 12), its SHA-256 checked, cJSON.c, cjson/cJSON.h and
# LICENSE taken out of it into ${XDG_CACHE_HOME:-$HOME/.cache}/tsume/cjson-1.7.15
# (make web's CJSON_SRC), by curl or wget; fetched once, kept.
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
cJSON (headers)@has_header cjson/cJSON.h@libcjson-dev
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
curl or wget@has curl || has wget@curl
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

# Debian's cJSON source for make web (test mode): the tarball, its SHA-256,
# the three files make web needs
CJSON_VERSION=1.7.15
CJSON_URL=http://deb.debian.org/debian/pool/main/c/cjson/cjson_${CJSON_VERSION}.orig.tar.gz
CJSON_SHA256=5308fd4bd90cef7aa060558514de6a1a4a0819974a26e6ed13973c5f624c24b2
CJSON_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/tsume/cjson-$CJSON_VERSION

# cjson_source: fetches the cJSON source into $CJSON_DIR unless it is there;
# says what it would do with -n.  Status 0 when it is there at the end.
cjson_source() {
	if [ -f "$CJSON_DIR/cJSON.c" ] && [ -f "$CJSON_DIR/cjson/cJSON.h" ]; then
		echo "setup: the cJSON source for make web is in $CJSON_DIR"
		return 0
	fi
	if [ "$dry" = yes ]; then
		echo "setup: would download $CJSON_URL (SHA-256 $CJSON_SHA256) and put cJSON.c, cjson/cJSON.h and LICENSE into $CJSON_DIR"
		return 0
	fi
	echo "setup: downloading Debian's cJSON $CJSON_VERSION source for make web: $CJSON_URL"
	tmp=$(mktemp -d) || return 1
	if has curl; then
		curl -fsSL -o "$tmp/cjson.tar.gz" "$CJSON_URL"
	elif has wget; then
		wget -q -O "$tmp/cjson.tar.gz" "$CJSON_URL"
	else
		echo "setup: neither curl nor wget: cannot download $CJSON_URL" >&2
		false
	fi || {
		echo "setup: the download of $CJSON_URL failed" >&2
		rm -rf "$tmp"
		return 1
	}
	sum=$( (sha256sum "$tmp/cjson.tar.gz" 2>/dev/null || shasum -a 256 "$tmp/cjson.tar.gz") | cut -d' ' -f1)
	if [ "$sum" != "$CJSON_SHA256" ]; then
		echo "setup: $CJSON_URL: SHA-256 $sum, expected $CJSON_SHA256: not used" >&2
		rm -rf "$tmp"
		return 1
	fi
	d=cJSON-$CJSON_VERSION
	if ! tar -xzf "$tmp/cjson.tar.gz" -C "$tmp" "$d/cJSON.c" "$d/cJSON.h" "$d/LICENSE" ||
		! mkdir -p "$CJSON_DIR/cjson" || ! cp "$tmp/$d/cJSON.c" "$tmp/$d/LICENSE" "$CJSON_DIR/" ||
		! cp "$tmp/$d/cJSON.h" "$CJSON_DIR/cjson/"; then
		echo "setup: could not unpack the cJSON source into $CJSON_DIR" >&2
		rm -rf "$tmp"
		return 1
	fi
	rm -rf "$tmp"
	echo "setup: the cJSON source for make web is in $CJSON_DIR"
}

# finish: the cJSON source in test mode, then the exit status
finish() {
	if [ "$mode" = test ]; then
		cjson_source || exit 1
	fi
	exit 0
}

check
if [ -z "$missing_pkgs" ]; then
	echo "setup: everything '$mode' needs is installed"
	finish
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
	[ "$dry" = yes ] && finish
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
finish
