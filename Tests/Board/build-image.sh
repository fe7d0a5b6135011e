#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Makes the disk image make test-board boots: Debian 12 with systemd as PID 1, Debian's kernel
# modules (usbhid, uinput and vfb are modules), and t9dial installed as a board user installs
# it: its Debian package (make deb), with dpkg -i. Then set up as the README says: contacts in
# /etc/t9dial, [dial] method "exec" with a recording script, the framebuffer vfb. For the SIP
# call, baresip set up as docs/calling.md's "Calling over SIP" says (its unit is taken from there
# itself) and SIPp's scenario; the checks enable baresip and switch t9dial to it themselves.
#
# The Debian system is made once with mmdebstrap and kept unpacked in .build/board/base-HASH,
# HASH being that of this script, the package list and the kernel: a change to any of them
# makes it anew. The package list has the t9dial package's Depends, so dpkg -i finds them. Each run copies it with hard links (seconds), adds t9dial and the checks, and
# makes the ext4 image from the copy with mkfs.ext4 -d. Run as root (ownership is kept).
#
# A CardDAV server for the service to sync from runs in the guest: Radicale, copied from the
# tests' virtualenv (make test-deps), whose Python is Debian 12's, as the guest's is.
#
# Usage: build-image.sh IMAGE KERNEL_VERSION DEB
set -euo pipefail
IMAGE=$1
KERNEL_VERSION=$2
DEB=$(realpath "$3")
cd "$(dirname "$0")/../.."
REPO=$PWD
CACHE=$REPO/.build/board
# baresip and SIPp (Debian's baresip-core and sip-tester) for the SIP call. The package's
# Depends, without their versions: "libc6 (>= 2.35), libcurl4 (>= 7.16.2)" gives libc6,libcurl4
# (Bookworm's versions are the ones dpkg-shlibdeps found on this machine).
DEPENDS=$(dpkg-deb --field "$DEB" Depends | sed 's/([^)]*)//g; s/[[:space:]]//g')
PACKAGES=systemd,systemd-sysv,udev,dbus,kmod,procps,python3,baresip-core,sip-tester,$DEPENDS
mkdir -p "$CACHE"
# The base system's recipe: the packages, the kernel, and the lines that make it below.
hash=$( (sed -n '/^# --- base recipe/,/^# --- end of base recipe/p' "$0"; echo "$PACKAGES $KERNEL_VERSION") | sha256sum | cut -c1-16)
BASE=$CACHE/base-$hash

# --- base recipe
if [ ! -d "$BASE" ]; then
  echo "build-image: making the Debian 12 system (mmdebstrap, about a minute), cached in $BASE"
  rm -rf "$CACHE"/base-* "$CACHE/base.tmp" "$CACHE/base.tar"
  mmdebstrap --quiet --variant=minbase --include="$PACKAGES" bookworm "$CACHE/base.tar" /etc/apt/sources.list.d/debian.sources
  mkdir "$CACHE/base.tmp"
  tar -C "$CACHE/base.tmp" -xf "$CACHE/base.tar"
  rm "$CACHE/base.tar"
  mkdir -p "$CACHE/base.tmp/lib/modules"
  cp -a "/lib/modules/$KERNEL_VERSION" "$CACHE/base.tmp/lib/modules/"
  echo board >"$CACHE/base.tmp/etc/hostname"
  printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' >"$CACHE/base.tmp/etc/fstab"
  mv "$CACHE/base.tmp" "$BASE"
fi
# --- end of base recipe

# This run's tree: hard links to the cached one. Files are only added to it or replaced by new
# ones (rm, then write), never written in place, so the cache stays as it was made.
WORK=$CACHE/run
rm -rf "$WORK"
cp -al "$BASE" "$WORK"

# t9dial, as a board user installs it: its package, with dpkg. dpkg and its maintainer scripts
# write some files in place (dpkg's database and log; systemd-sysusers, /etc/group), so those
# folders are copied outright rather than linked, and the cached system stays as it was made.
# The postinst runs in a chroot: systemd-sysusers makes the group t9dial; udev and systemd,
# not running there, are not reloaded (its guards), and the first boot finds the rule and unit.
for dir in etc var/lib/dpkg var/log; do
  rm -rf "${WORK:?}/$dir"
  cp -a "$BASE/$dir" "$WORK/$dir"
done
dpkg --root="$WORK" --log=/dev/null -i "$DEB" >"$CACHE/install.log" 2>&1 || { cat "$CACHE/install.log"; exit 1; }
# The setup the README describes: contacts in /etc/t9dial, the panel, a dial program.
install -m 644 Config/samples/contacts.vcf "$WORK/etc/t9dial/contacts.vcf"
rm -f "$WORK/etc/t9dial/t9dial.toml"
cat >"$WORK/etc/t9dial/t9dial.toml" <<'TOML'
contacts = ["/etc/t9dial/contacts.vcf"]

[keypad]
idle_clear_s = 0

[screen]
framebuffer = "/dev/fb0"

[dial]
method = "exec"
command = ["/opt/t9test/dial-recorder", "{number}", "{name}"]

[carddav]
url = "http://127.0.0.1:5232/alice/book/"
user = "alice"
password_file = "/etc/t9dial/carddav-password"
TOML
# The password stays root-only; the service gets it as a credential, as the unit's comment says.
printf 'open sesame\n' >"$WORK/etc/t9dial/carddav-password"
chmod 600 "$WORK/etc/t9dial/carddav-password"
install -d "$WORK/etc/systemd/system/t9dial.service.d"
printf '[Service]\nLoadCredential=carddav-password:/etc/t9dial/carddav-password\n' \
  >"$WORK/etc/systemd/system/t9dial.service.d/carddav.conf"

# The CardDAV server: Radicale on 127.0.0.1:5232, user alice, one address book with one card.
SITE=$REPO/.build/test-python/lib/python3.11/site-packages
install -d "$WORK/opt/t9test/python"
cp -a "$SITE/." "$WORK/opt/t9test/python/"   # with the packages' metadata, which Radicale reads
BOOK=$WORK/var/lib/t9test-radicale/collections/collection-root/alice/book
install -d "$BOOK"
printf '{"tag": "VADDRESSBOOK"}' >"$BOOK/.Radicale.props"
printf 'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:carla\r\nFN:Carla Dav\r\nTEL:+44 7700 900555\r\nEND:VCARD\r\n' >"$BOOK/carla.vcf"
printf 'alice:open sesame\n' >"$WORK/var/lib/t9test-radicale/users"
cat >"$WORK/opt/t9test/radicale.conf" <<'CONF'
[server]
hosts = 127.0.0.1:5232
[auth]
type = htpasswd
htpasswd_filename = /var/lib/t9test-radicale/users
htpasswd_encryption = plain
[rights]
type = owner_only
[storage]
filesystem_folder = /var/lib/t9test-radicale/collections
[logging]
level = warning
CONF
install -m 644 Tests/Board/guest/t9test-radicale.service "$WORK/etc/systemd/system/"
ln -s ../t9test-radicale.service "$WORK/etc/systemd/system/multi-user.target.wants/t9test-radicale.service"

# baresip, as docs/calling.md's "Calling over SIP" sets it up: the shipped config copied into
# /var/lib/baresip, and that page's unit, word for word. Only what the guest lacks differs: no
# sound card (aufile plays a tone into the call, aubridge plays nowhere, as the tests' config
# does; aufile ends the call when the WAV ends, so it is long), and the account's domain is the
# SIPp on 127.0.0.1:5070, so a contact's number "5070" calls it.
BARESIP=$WORK/var/lib/baresip
install -d "$BARESIP"
sed -E -e 's|^audio_source[[:space:]].*|audio_source\t\taufile,/var/lib/baresip/tone.wav|' \
  -e 's|^audio_player[[:space:]].*|audio_player\t\taubridge,nowhere|' \
  -e 's|^audio_alert[[:space:]].*|audio_alert\t\taubridge,nowhere|' Config/baresip/config >"$BARESIP/config"
[ "$(grep -cE '^audio_(source|player|alert)[[:space:]]+au(file|bridge),' "$BARESIP/config")" = 3 ] ||
  { echo "build-image: Config/baresip/config has no audio_source, audio_player or audio_alert line"; exit 1; }
sed -E 's|^<.*|<sip:t9dial@127.0.0.1:5070>;regint=0|' Config/baresip/accounts >"$BARESIP/accounts"
python3 - "$BARESIP/tone.wav" <<'PY'
import math, struct, sys, wave
rate, seconds = 8000, 300
with wave.open(sys.argv[1], "wb") as out:
    out.setnchannels(1); out.setsampwidth(2); out.setframerate(rate)
    out.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / rate))) for i in range(rate * seconds)))
PY
# The unit is docs/calling.md's indented block after "/etc/systemd/system/baresip.service`:".
awk '/\/etc\/systemd\/system\/baresip\.service`:/ { inside = 1; next }
     inside && /^       / { sub(/^       /, ""); print; seen = 1; next }
     inside && seen && NF { exit }' docs/calling.md >"$WORK/etc/systemd/system/baresip.service"
grep -q '^ExecStart=/usr/bin/baresip' "$WORK/etc/systemd/system/baresip.service" ||
  { echo "build-image: no baresip unit found in docs/calling.md's \"Calling over SIP\""; exit 1; }

# A network, as a board that calls over SIP has: QEMU's NIC (user networking, restricted to the
# guest) with a fixed address from systemd-networkd. baresip needs an address other than
# loopback's even for a call on 127.0.0.1: with none, its dial fails with "Cannot assign
# requested address".
install -d "$WORK/etc/systemd/network" "$WORK/etc/systemd/system/sockets.target.wants"
printf '[Match]\nName=en* eth*\n\n[Network]\nAddress=10.0.2.15/24\n' >"$WORK/etc/systemd/network/50-t9test.network"
ln -s /lib/systemd/system/systemd-networkd.service "$WORK/etc/systemd/system/multi-user.target.wants/systemd-networkd.service"
ln -s /lib/systemd/system/systemd-networkd.socket "$WORK/etc/systemd/system/sockets.target.wants/systemd-networkd.socket"

# The checks: a unit that runs them at every boot, and what they use.
install -d "$WORK/opt/t9test" "$WORK/etc/systemd/system/multi-user.target.wants"
install -m 755 Tests/Board/guest/board-checks.py Tests/Board/guest/dial-recorder "$WORK/opt/t9test/"
install -m 644 Tests/Calls/sipp/uas-answer-wait-bye.xml Tests/Calls/sipp/uas-answer-then-bye.xml \
  Tests/Calls/sipp/uac-rejected.xml Tests/Calls/sipp/uac-held.xml "$WORK/opt/t9test/"
install -m 644 Tests/Board/guest/t9test.service "$WORK/etc/systemd/system/"
ln -s ../t9test.service "$WORK/etc/systemd/system/multi-user.target.wants/t9test.service"
# A framebuffer, the serial port the checks talk to the host through, and the ringers: QEMU's
# intel-hda card and PC speaker (a board's own sound and beeper drivers load with its device
# tree; QEMU's are loaded by name, so that they are there before the service starts).
printf 'vfb\nvirtio_console\nsnd-hda-intel\npcspkr\n' >"$WORK/etc/modules-load.d/t9test.conf"
printf 'options vfb vfb_enable=1 videomemorysize=4194304\n' >"$WORK/etc/modprobe.d/t9test-vfb.conf"

rm -f "$IMAGE"
truncate -s 3G "$IMAGE"
mkfs.ext4 -q -F -d "$WORK" "$IMAGE"
rm -rf "$WORK"
echo "build-image: $IMAGE"
