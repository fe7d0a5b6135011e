#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make deb, checked: the package is built from the release build (make deb LINTIAN=no, then
# lintian here, so its findings are checked and shown), and its contents, conffiles, Depends,
# control fields, md5sums and program are looked at without installing it: this machine's
# system is not touched. One PASS or FAIL line per check, then a count; exit 1 on any failure.
# Run by make test-install (and make test), after the install tests.
set -u
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d /tmp/t9dial-deb-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
passed=0 failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }

if ! make --no-print-directory deb LINTIAN=no >"$WORK/make.log" 2>&1; then
  tail -20 "$WORK/make.log"
  fail "make deb"
  echo "deb-tests: $passed passed, $failed failed"
  exit 1
fi
deb=$(sed -n 's/^build-deb: \([^ ]*\.deb\) .*/\1/p' "$WORK/make.log")
check "make deb: built ${deb:-nothing}" test -s "$deb"
version=$(cat VERSION)-1

field() { dpkg-deb --field "$deb" "$1"; }
check "control: Package t9dial" test "$(field Package)" = t9dial
check "control: Version $version, from VERSION" test "$(field Version)" = "$version"
check "control: Architecture $(dpkg --print-architecture)" test "$(field Architecture)" = "$(dpkg --print-architecture)"

contents=$(dpkg-deb --contents "$deb")
paths=$(awk '{ print $NF }' <<<"$contents" | sed 's|^\./|/|')
for path in /usr/bin/t9dial /usr/lib/udev/rules.d/70-t9dial.rules /usr/lib/systemd/system/t9dial.service \
    /usr/share/polkit-1/rules.d/50-t9dial-modemmanager.rules \
    /usr/lib/sysusers.d/t9dial.conf /etc/t9dial/t9dial.toml /usr/share/t9dial/t9dial.toml \
    /usr/share/t9dial/keymaps/usb-numpad.toml /usr/share/t9dial/layouts/latin.toml /usr/share/t9dial/fonts/t9dial-8x16.psf /usr/share/t9dial/fonts/t9dial-5x8.psf \
    /usr/share/t9dial/overlays/t9dial-matrix-keypad.dtbo /usr/share/t9dial/overlays/t9dial-gpio-keys.dtbo \
    /usr/share/man/man1/t9dial.1.gz /usr/share/man/man1/t9dial.run.1.gz /usr/share/man/man5/t9dial.toml.5.gz \
    /usr/share/bash-completion/completions/t9dial /usr/share/zsh/vendor-completions/_t9dial \
    /usr/share/fish/vendor_completions.d/t9dial.fish /usr/share/doc/t9dial/copyright /usr/share/doc/t9dial/docs/board.md \
    /usr/share/doc/t9dial/changelog.Debian.gz /usr/share/doc/t9dial/examples/contacts.vcf \
    /usr/share/doc/t9dial/examples/demo-session.evemu; do
  check "contents: $path" grep -qxF "$path" <<<"$paths"
done
check "contents: nothing under /usr/local" test -z "$(grep '^/usr/local' <<<"$paths")"
others=$(awk '$2 != "root/root" { print $NF }' <<<"$contents")
check "contents: every file is root's${others:+ (not: $others)}" test -z "$others"

dpkg-deb --control "$deb" "$WORK/control"
check "conffiles: /etc/t9dial/t9dial.toml alone" test "$(cat "$WORK/control/conffiles")" = /etc/t9dial/t9dial.toml
for script in postinst prerm postrm; do
  check "$script: present, executable, POSIX sh that parses" \
    bash -c "test -x '$WORK/control/$script' && sh -n '$WORK/control/$script'"
done
check "postinst: makes the group with systemd-sysusers" grep -q 'systemd-sysusers.*t9dial.conf' "$WORK/control/postinst"

dpkg-deb --extract "$deb" "$WORK/root"
(cd "$WORK/root" && md5sum --check --quiet "$WORK/control/md5sums") >"$WORK/md5.log" 2>&1
check "md5sums: match the files" test ! -s "$WORK/md5.log"
program=$WORK/root/usr/bin/t9dial
check "program: stripped (no .symtab)" bash -c "! readelf -S '$program' | grep -q '\.symtab'"
printed=$("$program" --version 2>&1)
check "program: --version prints $(cat VERSION) and a commit ($printed)" grep -qE "^t9dial $(cat VERSION) \(git [0-9a-f]{7}" <<<"$printed"

# Depends: exactly the packages of the libraries the program links (readelf's NEEDED, found by
# ldconfig, owned per dpkg -S) and libcurl4, which it opens for a sync; libstdc++6 among them,
# no more and no fewer.
linked=$({ readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | while read -r library; do
  file=$(ldconfig -p | awk -v lib="$library" '$1 == lib && /x86-64|x86_64|64bit/ { print $NF; exit }')
  [ -n "$file" ] || file=$(ldconfig -p | awk -v lib="$library" '$1 == lib { print $NF; exit }')
  # ldconfig says /lib/..., the package may own /usr/lib/... (merged /usr) or the other way.
  for path in "$file" "/usr$file" "${file#/usr}"; do
    owner=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1) && [ -n "$owner" ] && { echo "$owner"; break; }
  done
done
# libcurl, not linked, is opened when a sync starts: its package is a dependency too.
if grep -qa 'libcurl\.so\.4' "$program"; then echo libcurl4; fi; } | sort -u | tr '\n' ' ')
depends=$(field Depends | sed 's/([^)]*)//g; s/,/ /g' | tr -s ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ')
check "Depends: $depends" test -n "$depends"
check "Depends: exactly the linked libraries' packages (linked: $linked)" test "$depends" = "$linked"
check "Depends: libstdc++6" grep -qw 'libstdc++6' <<<"$depends"
check "program: does not link libcurl, which only a sync opens" bash -c "! readelf -d '$program' | grep -q 'NEEDED.*libcurl'"
check "Depends: libcurl4 from 7.85.0, for the sync" bash -c "dpkg-deb --field '$deb' Depends | grep -q 'libcurl4 (>= 7.85.0)'"
check "Depends: every one with a minimum version" bash -c "! dpkg-deb --field '$deb' Depends | tr ',' '\n' | grep -qv '(>= '"

# lintian: no error. Each warning it shows is either fixed or overridden with its reason in
# packaging/deb/lintian-overrides.
lintian --tag-display-limit 0 "$deb" >"$WORK/lintian.log" 2>&1
errors=$(grep -c '^E:' "$WORK/lintian.log")
sed 's/^/  lintian: /' "$WORK/lintian.log"
check "lintian: no error ($errors)" test "$errors" -eq 0

echo "deb-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
