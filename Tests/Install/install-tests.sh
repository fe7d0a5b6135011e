#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# make install and make uninstall, checked: into a temporary prefix (so this machine's system
# is not touched), then the installed systemd unit with systemd-analyze. One PASS or FAIL line
# per check, then a count; exit 1 on any failure. Run by make test-install (and make test).
set -u
cd "$(dirname "$0")/../.."
REPO=$PWD
ROOT=$(mktemp -d /tmp/t9dial-install-test.XXXXXX)
trap 'rm -rf "$ROOT"' EXIT
PREFIX=$ROOT/usr/local
passed=0 failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }
install_into() {  # make TARGET into $ROOT, the debug build
  make --no-print-directory "$1" INSTALL_BUILD=debug SYSTEM_RELOAD=no PREFIX="$PREFIX" SYSCONFDIR="$ROOT/etc" \
    UDEVRULESDIR="$ROOT/etc/udev/rules.d" UNITDIR="$ROOT/etc/systemd/system" SYSUSERSDIR="$ROOT/etc/sysusers.d"
}

install_into install-files >"$ROOT/install.log" 2>&1 || { cat "$ROOT/install.log"; fail "make install-files"; }
unit=$ROOT/etc/systemd/system/t9dial.service
for file in "$PREFIX/bin/t9dial" "$PREFIX/share/t9dial/keymaps/usb-numpad.toml" "$PREFIX/share/t9dial/layouts/latin.toml" \
    "$PREFIX/share/t9dial/fonts/t9dial-8x16.psf" "$PREFIX/share/t9dial/fonts/t9dial-5x8.psf" "$PREFIX/share/t9dial/overlays/t9dial-matrix-keypad.dts" \
    "$PREFIX/share/doc/t9dial/README.md" "$PREFIX/share/doc/t9dial/docs/board.md" "$ROOT/etc/udev/rules.d/70-t9dial.rules" "$unit" \
    "$ROOT/etc/polkit-1/rules.d/50-t9dial-modemmanager.rules" \
    "$ROOT/etc/sysusers.d/t9dial.conf" "$ROOT/etc/t9dial/t9dial.toml" \
    "$PREFIX/share/t9dial/overlays/t9dial-matrix-keypad.dtbo" "$PREFIX/share/t9dial/overlays/t9dial-gpio-keys.dtbo" \
    "$PREFIX/share/doc/t9dial/examples/contacts.vcf" "$PREFIX/share/doc/t9dial/examples/demo-session.evemu"; do
  check "install: ${file#"$ROOT"}" test -s "$file"
done
check "install: the unit runs the installed program ($(grep ^ExecStart= "$unit"))" \
  grep -qx "ExecStart=$PREFIX/bin/t9dial run --device /dev/input/t9dial-keypad" "$unit"
found=$("$PREFIX/bin/t9dial" search 957 --contacts "$REPO/Config/samples/contacts.vcf" --config /dev/null --limit 1 2>&1)
check "install: the installed program finds its layouts under $PREFIX/share/t9dial ($found)" grep -qF "[W]illiam [J]ohn [S]mith" <<<"$found"

# The examples work as t9dial(1)'s EXAMPLES say: the recorded session, replayed over the sample
# book, dials William John Smith.
examples=$PREFIX/share/doc/t9dial/examples
replayed=$(cd "$examples" && "$PREFIX/bin/t9dial" run --replay demo-session.evemu --contacts contacts.vcf --config /dev/null \
  --output text 2>&1)
check "install: the examples' session replays and dials William John Smith" grep -q "William John Smith" <<<"$replayed"

installed=$("$PREFIX/bin/t9dial" --version 2>&1)
check "install: t9dial --version names VERSION's $(cat VERSION) ($installed)" grep -q "^t9dial $(cat VERSION) (" <<<"$installed"

# The man pages: one per command, generated from the program's own arguments, and the config's.
man1=$PREFIX/share/man/man1 man5=$PREFIX/share/man/man5
commands=$("$PREFIX/bin/t9dial" --experimental-dump-help |
  python3 -c 'import json, sys; print(" ".join(c["commandName"] for c in json.load(sys.stdin)["command"].get("subcommands", [])))')
check "man: a command list from --experimental-dump-help (${commands:-none})" test -n "$commands"
for command in $commands; do
  [ "$command" = help ] || check "man: t9dial.$command.1.gz installed" test -s "$man1/t9dial.$command.1.gz"
done
check "man: t9dial.1.gz installed" test -s "$man1/t9dial.1.gz"
check "man: no page for help" test ! -e "$man1/t9dial.help.1.gz"
check "man: t9dial.toml.5.gz installed" test -s "$man5/t9dial.toml.5.gz"
for page in "$man1"/t9dial.*1.gz "$man5/t9dial.toml.5.gz"; do
  warnings=$(MANWIDTH=80 man -l --warnings "$page" 2>&1 >/dev/null)
  check "man: man -l renders ${page##*/} without warnings${warnings:+: $warnings}" test -z "$warnings"
done
# t9dial.1 is written by hand (man/t9dial.1): the commands and what a first reader looks for.
rendered=$(MANWIDTH=80 man -l "$man1/t9dial.1.gz" 2>/dev/null)
for section in COMMANDS ENVIRONMENT FILES "EXIT STATUS" EXAMPLES "SEE ALSO"; do
  check "man: t9dial.1 has $section" grep -qx "$section" <<<"$rendered"
done
for command in $commands; do
  [ "$command" = help ] || check "man: t9dial.1 lists $command" grep -qE "^       $command( |$)" <<<"$rendered"
done
for variable in T9DIAL_CONFIG T9DIAL_DATA_DIR STATE_DIRECTORY XDG_STATE_HOME XDG_CONFIG_HOME CACHE_DIRECTORY; do
  check "man: t9dial.1 explains $variable" grep -qE "^       $variable" <<<"$rendered"
done
check "man: t9dial.1 points to t9dial.search(1)" grep -q "t9dial.search(1)" <<<"$rendered"
check "man: t9dial.1 names the examples' folder" grep -q "/usr/share/doc/t9dial/examples" <<<"$rendered"
# The generated pages: headed as user commands, not as groff's BSD default, with the values of
# an option that takes a fixed list.
rendered=$(MANWIDTH=80 man -l "$man1/t9dial.search.1.gz" 2>/dev/null)
check "man: t9dial.search.1 is headed User Commands ($(head -1 <<<"$rendered" | tr -s ' '))" \
  grep -q "^T9DIAL.SEARCH(1) *User Commands *T9DIAL.SEARCH(1)$" <<<"$rendered"
check "man: t9dial.search.1 lists --match's values" grep -q "Values: smart, anywhere." <<<"$rendered"
check "man: t9dial.search.1 gives t9dial's exit statuses" grep -q "64 for a mistake in the arguments" <<<"$rendered"
# t9dial.toml.5 is written by hand: every table and key of the documented config must be in it.
missing=""
for key in $(sed -n 's/^\[\([a-z_]*\)\]$/[\1]/p; s/^#\{0,1\} \{0,1\}\([a-z_]*\) = .*/\1/p' Config/t9dial.toml | sort -u); do
  case "$key" in
    \[*) grep -qxF ".SH $key" man/t9dial.toml.5 || missing="$missing $key" ;;
    *) grep -q "^\.BR $key \"" man/t9dial.toml.5 || missing="$missing $key" ;;
  esac
done
check "man: t9dial.toml.5 documents every table and key of Config/t9dial.toml${missing:+ (missing:$missing)}" test -z "$missing"

# The completions: bash loads its script, zsh and fish (when installed) read theirs.
bash_completion=$PREFIX/share/bash-completion/completions/t9dial
check "completion: bash's loads and completes t9dial" \
  bash -c "source '$bash_completion' && complete -p t9dial" >/dev/null 2>&1
for file in "$PREFIX/share/zsh/site-functions/_t9dial" "$PREFIX/share/fish/vendor_completions.d/t9dial.fish"; do
  check "completion: ${file##*/} installed" test -s "$file"
done
if command -v zsh >/dev/null; then check "completion: zsh reads _t9dial" zsh -n "$PREFIX/share/zsh/site-functions/_t9dial"; fi
if command -v fish >/dev/null; then check "completion: fish reads t9dial.fish" fish -n "$PREFIX/share/fish/vendor_completions.d/t9dial.fish"; fi

# systemd-analyze verify exits 0 even when it reports errors: any output on stderr fails.
verify=$(systemd-analyze verify "$unit" 2>&1 >/dev/null)
check "unit: systemd-analyze verify is clean${verify:+: $verify}" test -z "$verify"
exposure=$(systemd-analyze security --offline=true "$unit" 2>&1 | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
check "unit: systemd-analyze security exposure ${exposure:-unknown} is 2.0 or lower" \
  awk -v e="${exposure:-99}" 'BEGIN { exit !(e <= 2.0) }'
for setting in "Type=notify" "WatchdogSec=30s" "ExecReload=/bin/kill -HUP \$MAINPID" "StandardError=journal" \
    "DynamicUser=yes" "User=t9dial-service" "SupplementaryGroups=t9dial video audio" "StateDirectory=t9dial" \
    "DeviceAllow=char-input r" "DeviceAllow=/dev/input/t9dial-beeper w" "DeviceAllow=char-alsa rw" "WantedBy=multi-user.target"; do
  check "unit: $setting" grep -qx "$setting" "$unit"
done
rules=$ROOT/etc/udev/rules.d/70-t9dial.rules
for line in 'SYMLINK+="input/t9dial-keypad"' 'GROUP="t9dial", MODE="0660"' 'ENV{LIBINPUT_IGNORE_DEVICE}="1"' \
    'TAG+="systemd", ENV{SYSTEMD_WANTS}+="t9dial.service"' 'TEST!="/etc/t9dial/take-usb-numpads", GOTO="t9dial_end"'; do
  check "udev rule: $line" grep -qxF "$line" "$rules"
done
polkit=$ROOT/etc/polkit-1/rules.d/50-t9dial-modemmanager.rules
check "polkit rule: the shipped one, readable by polkitd" cmp -s "$REPO/packaging/polkit/50-t9dial-modemmanager.rules" "$polkit"
check "polkit rule: mode 644 ($(stat -c %a "$polkit"))" test "$(stat -c %a "$polkit")" = 644
check "polkit rule: nothing of it in udev's folder" test ! -e "$ROOT/etc/udev/rules.d/50-t9dial-modemmanager.rules"

# A config of the user's is never replaced.
echo '# mine' >>"$ROOT/etc/t9dial/t9dial.toml"
install_into install-files >"$ROOT/install2.log" 2>&1
check "install again: the changed config is kept" grep -qx '# mine' "$ROOT/etc/t9dial/t9dial.toml"
check "install again: and says so" grep -q "Kept your $ROOT/etc/t9dial/t9dial.toml" "$ROOT/install2.log"

install_into uninstall >"$ROOT/uninstall.log" 2>&1 || { cat "$ROOT/uninstall.log"; fail "make uninstall"; }
left=$(find "$ROOT" -type f ! -name '*.log' | sed "s|^$ROOT||" | sort | tr '\n' ' ')
check "uninstall: removes everything but the changed config (left: $left)" test "$left" = "/etc/t9dial/t9dial.toml "
install_into install-files >/dev/null 2>&1 && rm "$ROOT/etc/t9dial/t9dial.toml" && install_into install-files >/dev/null 2>&1
install_into uninstall >/dev/null 2>&1
left=$(find "$ROOT" -type f ! -name '*.log' | sed "s|^$ROOT||" | tr '\n' ' ')
check "uninstall: an unchanged config goes too (left: ${left:-nothing})" test -z "$left"

# A build without the CardDAV trait (make release TRAITS=none, for a board that never syncs)
# links and opens no libcurl, says so when asked to sync, and searches as the default build does. Built
# here in debug, in the trait's own build folder (the same sources, so the same links).
NOTRAITS=.build-traits-none
if swift build --product t9dial --disable-default-traits --scratch-path "$NOTRAITS" >"$ROOT/notraits.log" 2>&1; then
  plain=$NOTRAITS/debug/t9dial
  curl=$(ldd "$plain" | grep -c 'libcurl')
  check "no CardDAV trait: no libcurl linked ($curl libcurl lines in ldd) or opened" \
    bash -c "[ $curl -eq 0 ] && ! grep -qa 'libcurl\.so\.4' '$plain'"
  # Nor libxml2, which only CardDAV's Multi-Status reader uses.
  xml=$(ldd "$plain" | grep -c 'libxml2')
  check "no CardDAV trait: no libxml2 linked ($xml libxml2 lines in ldd)" test "$xml" -eq 0
  # The default build does not link it either: it opens it when a sync starts.
  check "default build: libcurl not linked ($(ldd .build/debug/t9dial | grep -c libcurl) ldd lines), opened for a sync" \
    bash -c "! ldd .build/debug/t9dial | grep -q libcurl && grep -qa 'libcurl\.so\.4' .build/debug/t9dial"
  said=$("$plain" sync --config /dev/null 2>&1); status=$?
  check "no CardDAV trait: t9dial sync exits 1 and says why (exit $status: $said)" \
    eval '[ $status -eq 1 ] && grep -q "built without CardDAV" <<<"$said"'
  found=$("$plain" search 957 --contacts "$REPO/Config/samples/contacts.vcf" --config /dev/null --limit 1 2>&1)
  check "no CardDAV trait: search works ($found)" grep -qF "[W]illiam [J]ohn [S]mith" <<<"$found"
else
  tail -20 "$ROOT/notraits.log"
  fail "no CardDAV trait: swift build --disable-default-traits"
fi

echo "install-tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
