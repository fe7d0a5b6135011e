#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Makes t9dial's Debian package from a tree staged by make install-files DESTDIR=ROOT
# PREFIX=/usr of the release build (make deb runs it): strips the program, adds the copyright,
# the changelog, the control file with Depends computed from the libraries the program links
# (and libcurl4, which it opens for a sync),
# md5sums, the conffile and the maintainer scripts of this folder, then dpkg-deb --build.
#
# Usage: build-deb.sh ROOT OUTPUT.deb
# From the environment (make deb sets them): DEB_VERSION (0.9.0-1), DEB_MAINTAINER,
# T9DIAL_COMMIT, DEB_DATE (the changelog's date, RFC 2822).
set -euo pipefail
ROOT=$(realpath "$1")
OUTPUT=$(realpath -m "$2")
HERE=$(cd "$(dirname "$0")" && pwd)
: "${DEB_VERSION:?}" "${DEB_MAINTAINER:?}" "${DEB_DATE:?}"

# As dh_strip strips a program: symbols and the .comment and .note sections go. Swift's own
# metadata sections (swift5_*) are allocated, so they stay.
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$ROOT/usr/bin/t9dial"

doc=$ROOT/usr/share/doc/t9dial
install -d "$doc"
install -m 644 "$HERE/copyright" "$doc/copyright"
# The changelog is made here, so the version stays in VERSION alone.
{
  printf 't9dial (%s) bookworm; urgency=medium\n\n' "$DEB_VERSION"
  printf '  * t9dial %s, built from git %s.\n\n' "${DEB_VERSION%-*}" "${T9DIAL_COMMIT:-unknown commit}"
  printf ' -- %s  %s\n' "$DEB_MAINTAINER" "$DEB_DATE"
} | gzip -9n >"$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"

install -d "$ROOT/DEBIAN"
install -m 755 "$HERE/postinst" "$HERE/prerm" "$HERE/postrm" "$ROOT/DEBIAN/"
# The config is the administrator's: dpkg keeps their changes on upgrade and asks.
find "$ROOT/etc" -type f -printf '/etc/%P\n' | sort >"$ROOT/DEBIAN/conffiles"
chmod 644 "$ROOT/DEBIAN/conffiles"
install -d "$ROOT/usr/share/lintian/overrides"
install -m 644 "$HERE/lintian-overrides" "$ROOT/usr/share/lintian/overrides/t9dial"

# Depends: exactly the shared libraries the program links, each as the package that has it,
# with the version its symbols need (dpkg-shlibdeps, as dh_shlibdeps runs it). It wants a
# debian/control and a DEBIAN folder in the tree; the first is made in a folder of its own.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian" && touch "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$ROOT/usr/bin/t9dial" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then
  cat "$work/shlibdeps.log" >&2
  echo "build-deb: dpkg-shlibdeps found no libraries for $ROOT/usr/bin/t9dial (apt-get install dpkg-dev)" >&2
  exit 1
fi

# libcurl is not linked but opened when a sync starts (Sources/CCurl/CCurl.h): a program built
# with CardDAV names it, and needs libcurl4 from 7.85.0 (CURLOPT_PROTOCOLS_STR).
if grep -qa 'libcurl\.so\.4' "$ROOT/usr/bin/t9dial"; then
  depends="$depends, libcurl4 (>= 7.85.0)"
fi

size=$(du -sk --exclude=DEBIAN "$ROOT" | cut -f1)
sed -e "s|@VERSION@|$DEB_VERSION|" -e "s|@ARCH@|$(dpkg --print-architecture)|" -e "s|@MAINTAINER@|$DEB_MAINTAINER|" \
  -e "s|@INSTALLED_SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
  "$HERE/control.in" >"$ROOT/DEBIAN/control"
chmod 644 "$ROOT/DEBIAN/control"
# md5sums of everything but the conffiles, which dpkg tracks in its own way (as dh_md5sums).
(cd "$ROOT" && find . -type f ! -path './DEBIAN/*' ! -path './etc/*' -printf '%P\0' | sort -z | xargs -0 md5sum) >"$ROOT/DEBIAN/md5sums"
chmod 644 "$ROOT/DEBIAN/md5sums"

dpkg-deb --root-owner-group -Zxz --build "$ROOT" "$OUTPUT" >/dev/null
echo "build-deb: $OUTPUT (Depends: $depends)"
