#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Runs inside the VM as root (see run-vm-tests.py): the scenarios of README.md, one PASS or
# FAIL line per check in results.txt. $1 is the shared work folder; env.sh there names the
# t9dial program (the release build), the TRAITS it was built with and the source checkout (the
# host's file system is the guest's, read only).
set -u
RW=$1
source "$RW/env.sh"
exec >"$RW/guest.log" 2>&1
PY=/usr/bin/python3
VM=$REPO/Tests/VM
CONTACTS=$REPO/Config/samples/contacts.vcf
RESULTS=$RW/results.txt
RUN=/run/t9vm            # guest-only files: FIFOs do not work on the shared folder
mkdir -p "$RUN" && chmod 755 "$RUN"
: >"$RESULTS"
# Keep the query as long as a replug takes: no idle clear. The chatter window is a worn
# keypad's 30 ms rather than the default 15: under emulation, with t9dial busy on the same
# CPUs, the bounce writer's 1-3 ms sleeps stretch to 15 ms at times, and to over 100 ms with a
# busy host core. The writer never writes a bounce-back press after a sleep that overran half
# the window (it cuts that contact short instead), reports the longest chatter gap it did
# write, and a check below fails if one reached the window, since then it was no chatter.
CONFIG=$RW/t9dial.toml
DEBOUNCE_MS=30
printf '[keypad]\nidle_clear_s = 0\ndebounce_ms = %s\n' "$DEBOUNCE_MS" >"$CONFIG"
# The dial history is SQLite, which cannot lock files on the shared (9p) folder.
export XDG_STATE_HOME=$RUN/state

say() { echo "=== $*"; }
pass() { echo "PASS $*" | tee -a "$RESULTS"; }
fail() { echo "FAIL $*" | tee -a "$RESULTS"; }
# check NAME COMMAND...: PASS when the command succeeds.
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }
# wait_for SECONDS COMMAND...: until the command succeeds; 1 if it never does.
wait_for() {
  local limit=$1; shift
  local deadline=$((SECONDS + limit))
  until "$@"; do [ "$SECONDS" -ge "$deadline" ] && return 1; sleep 0.2; done
}
# has FILE TEXT: the file has a line containing TEXT.
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
# host ACTION [KEY...]: the host presses keys on the USB keypad (qcodes) or unplugs/plugs it.
REQUESTS=0
host() {
  local action=$1; shift
  REQUESTS=$((REQUESTS + 1))
  local file=$RW/requests/$(printf %03d $REQUESTS)
  local keys; keys=$(printf '"%s",' "$@"); keys="[${keys%,}]"
  [ $# -eq 0 ] && keys="[]"
  echo "{\"action\":\"$action\",\"keys\":$keys}" >"$file.tmp" && mv "$file.tmp" "$file.json"
  wait_for 120 test -e "$file.done" || fail "the host did not answer request $action $*"
}
# t9dial_start NAME ARGS...: t9dial run in the background, output in $RW/NAME.out and .err.
# Every t9dial below writes its output and log to $RW/NAME.out and NAME.err like this (t9dial
# try, on a pty, both to its .out), and nothing but t9dial does: the last check reads them all.
t9dial_start() {
  local name=$1; shift
  "$T9DIAL" run --contacts "$CONTACTS" --config "$CONFIG" "$@" >"$RW/$name.out" 2>"$RW/$name.err" &
  T9PID=$!
}
t9dial_stop() { kill -TERM "$T9PID" 2>/dev/null; wait "$T9PID" 2>/dev/null; }
alive() { kill -0 "$T9PID" 2>/dev/null; }
# The GPIO-style keypad: uinput-keypad.py reading commands from a FIFO.
keypad_start() {
  local name=$1; shift
  rm -f "$RUN/$name.fifo"; mkfifo "$RUN/$name.fifo"
  $PY "$VM/uinput-keypad.py" "$@" <"$RUN/$name.fifo" >"$RW/$name.log" 2>&1 &
  exec 7>"$RUN/$name.fifo"
  wait_for 30 has "$RW/$name.log" "ready " || fail "uinput keypad $name did not start: $(cat "$RW/$name.log")"
  KEYPAD_LOG=$RW/$name.log
  KEYPAD_NODE=$(sed -n 's/^ready //p' "$KEYPAD_LOG")
  udevadm settle -t 30
}
# keypad COMMAND: one command to the uinput keypad, waiting until it is typed.
keypad() { echo "$*" >&7; wait_for 60 has "$KEYPAD_LOG" "done $*" || fail "uinput keypad: $* never done"; }
keypad_stop() { echo quit >&7; exec 7>&-; sleep 0.5; udevadm settle -t 30; }
# listen NODE: count the presses another reader of NODE sees (the console's stand-in).
listen_start() { $PY "$VM/evdev-listen.py" "$1" >"$RW/$2.listen" & LISTENER=$!; wait_for 10 has "$RW/$2.listen" listening; }
listen_stop() { kill -TERM "$LISTENER"; wait "$LISTENER" 2>/dev/null; sed -n 's/^presses //p' "$RW/$1.listen"; }
# query_lines FILE: the T9 or multi-tap query lines t9dial printed, in order.
query_lines() { grep -E '^(T9|abc):' "$1" | tr '\n' '|'; }

say "modules"
for module in xhci_pci usbhid hid_generic evdev uinput; do modprobe "$module"; done
# DRM's run (--only drm) has no framebuffer at all.
[ "${ONLY:-}" = drm ] || modprobe vfb vfb_enable=1 videomemorysize=4194304
udevadm settle -t 30

# --- 9. The mixer: a call's volume and mute keys on the card's controls ------------------------
# Only with --only mixer, where QEMU gives intel-hda the hda-duplex codec with its mixer (the
# sound checks' hda-output has mixer=off: no controls). The dialer's driver, with a line that
# cannot do volume or mute, is the test binary's DialerDriverMixerCardTests: it presses the
# keys and reads card 0's controls back through alsa-lib and the kernel's snd-hda-intel.
mixer_scenarios() {
  say "9. mixer: the volume and mute keys on card 0's controls"
  modprobe snd-hda-intel
  udevadm settle -t 30
  wait_for 60 test -e /proc/asound/card0/id
  check "mixer: QEMU's intel-hda is ALSA card 0 ($(cat /proc/asound/card0/id 2>/dev/null || echo none))" test -e /proc/asound/card0/id
  T9DIAL_MIXER_CARD=hw:0 "$REPO/.build/debug/t9dialPackageTests.xctest" --testing-library swift-testing \
    --filter DialerDriverMixerCardTests >"$RW/mixer.log" 2>&1
  status=$?
  check "mixer: volume up and down, mute, and unmute at the call's end change card 0's controls (exit $status: $(grep -aE '^mixer |^volume |✘' "$RW/mixer.log" | tr '\n' ' '))" \
    sh -c "test $status -eq 0 && grep -aq 'Suite \"The dialer driver on a real card.s mixer\" passed' '$RW/mixer.log'"
  # What config check and doctor say of the card's controls: one it lacks is a warning at its
  # line; the ones found by themselves are named.
  printf '[dial]\nmethod = "baresip"\n[sound]\nmixer = "hw:0"\nvolume_control = "Speaker"\n' >"$RW/mixer-speaker.toml"
  "$T9DIAL" config check --config "$RW/mixer-speaker.toml" >"$RW/mixer-check.out" 2>&1
  check "mixer: config check warns at volume_control = \"Speaker\", which card 0 lacks ($(grep -a 'sound\.' "$RW/mixer-check.out" | head -1))" \
    has "$RW/mixer-check.out" "mixer-speaker.toml:5: warning: sound.volume_control: the mixer hw:0 for the volume keys: it has no control \"Speaker\""
  printf '[dial]\nmethod = "baresip"\n[sound]\nmixer = "hw:0"\n' >"$RW/mixer-found.toml"
  "$T9DIAL" doctor --config "$RW/mixer-found.toml" >"$RW/mixer-doctor.out" 2>&1
  check "mixer: doctor names the controls found on card 0 ($(grep -a 'mixer:' "$RW/mixer-doctor.out"))" \
    grep -aqE '^ok +mixer: hw:0: volume [A-Za-z ]+, mute [A-Za-z ]+$' "$RW/mixer-doctor.out"
}
if [ "${ONLY:-}" = mixer ]; then
  mixer_scenarios
  echo "DONE" >>"$RESULTS"
  exit 0
fi

# --- 10. DRM/KMS: no /dev/fb, t9dial on /dev/dri/card0 ----------------------------------------
# Only with --only drm, where QEMU has a bochs-display of 320x240 and the kernel is booted with
# drm_kms_helper.fbdev_emulation=0, so bochs-drm gives a card and no framebuffer. t9dial runs
# unprivileged (nobody in the groups video and input, as the udev rules give the nodes), is
# typed on over QMP, and the host's screendump of what QEMU scans out is compared pixel for
# pixel with the PNG t9dial writes of the same screen.
drm_scenarios() {
  say "10. DRM/KMS: bochs-drm without fbdev emulation, t9dial as an unprivileged user"
  modprobe bochs
  udevadm trigger --subsystem-match=drm --subsystem-match=input --action=add
  udevadm settle -t 30
  check "drm: bochs-drm gives /dev/dri/card0 and no /dev/fb ($(ls /dev/dri /dev/fb* 2>&1 | tr '\n' ' '))" \
    sh -c 'test -c /dev/dri/card0 && ! ls /dev/fb* >/dev/null 2>&1'
  local kbd; kbd=$(readlink -f "$(ls /dev/input/by-id/*QEMU_USB_Keyboard*-event-kbd 2>/dev/null | head -1)")
  local groups; groups=$(getent group video | cut -d: -f3),$(getent group input | cut -d: -f3)
  mkdir -p "$RUN/drm-state" && chmod 777 "$RUN/drm-state"
  cp "$CONFIG" "$RUN/drm.toml" && chmod 644 "$RUN/drm.toml"
  local png=$RUN/drm-state/drm.png
  local before; before=$($PY "$VM/drm-check.py" crtc /dev/dri/card0 2>&1)
  "$T9DIAL" doctor --config "$RUN/drm.toml" >"$RW/drm-doctor.out" 2>&1
  check "drm: doctor lists the card, its connector and mode ($(grep -a 'dri/card0' "$RW/drm-doctor.out" | head -2 | tr '\n' ' '))" \
    grep -aqE '/dev/dri/card0.*Virtual-1.*320x240' "$RW/drm-doctor.out"
  "$T9DIAL" devices --config "$RUN/drm.toml" >"$RW/drm-devices.out" 2>&1
  check "drm: devices lists the card under Screens ($(grep -a -A2 '^Screens:' "$RW/drm-devices.out" | tr '\n' ' '))" \
    grep -aqF '/dev/dri/card0: DRM card, Virtual-1 320x240' "$RW/drm-devices.out"
  # fb asks for /dev/fb0: with no framebuffer at all, the card is drawn on instead.
  setpriv --reuid=65534 --regid=65534 --groups="$groups" env XDG_STATE_HOME="$RUN/drm-state" \
    "$T9DIAL" run --contacts "$CONTACTS" --config "$RUN/drm.toml" --output text --output fb --output png:"$png" \
    >"$RW/drm.out" 2>"$RW/drm.err" &
  T9PID=$!
  wait_for 90 has "$RW/drm.err" "reading $kbd"
  check "drm: t9dial, unprivileged, reads the USB keypad ($(grep -aiE 'error|drm|card' "$RW/drm.err" | head -2 | tr '\n' ' '))" \
    sh -c "kill -0 $T9PID && grep -qF 'reading $kbd' '$RW/drm.err'"
  check "drm: --output fb says it draws on the card, as there is no /dev/fb" \
    grep -aqF 'no /dev/fb (a kernel without fbdev emulation), so t9dial draws on /dev/dri/card0' "$RW/drm.err"
  host keys kp_9 kp_5 kp_7
  wait_for 30 has "$RW/drm.out" "T9: 957"
  sleep 2
  host screendump drm-957
  local during; during=$($PY "$VM/drm-check.py" crtc /dev/dri/card0 2>&1)
  check "drm: t9dial set the connector's preferred mode on the CRTC (before: $before; while it runs: $during)" \
    sh -c "echo '$during' | grep -qE '^fb [1-9][0-9]* mode 320x240\$'"
  cp "$png" "$RW/drm-957.png"
  local result; result=$($PY "$VM/drm-check.py" compare "$RW/drm-957.ppm" "$RW/drm-957.png" 2>&1)
  check "drm: QEMU's screendump of 957 equals t9dial's PNG pixel for pixel: $result" \
    $PY "$VM/drm-check.py" compare "$RW/drm-957.ppm" "$RW/drm-957.png"
  t9dial_stop
  check "drm: SIGTERM ends t9dial without an error ($(grep -ai error "$RW/drm.err" | head -1))" lacks "$RW/drm.err" "error"
  # QEMU's bochs-display keeps its last picture when the CRTC goes off, so the CRTC is read.
  local after; after=$($PY "$VM/drm-check.py" crtc /dev/dri/card0 2>&1)
  check "drm: the CRTC is given back at exit as it was before ($before; after: $after)" \
    sh -c "echo '$after' | grep -qE '^fb [0-9]+ mode ' && test '$after' = '$before'"
}
if [ "${ONLY:-}" = drm ]; then
  drm_scenarios
  echo "DONE" >>"$RESULTS"
  exit 0
fi

say "make install, as on a board (the guest's /usr and /etc are its own)"
make --no-print-directory -C "$REPO" install-files INSTALL_BUILD=release TRAITS="$TRAITS" >"$RW/install.log" 2>&1
check "make install: the rule, the unit and the program are installed" \
  test -s /etc/udev/rules.d/70-t9dial.rules -a -s /etc/systemd/system/t9dial.service -a -x /usr/local/bin/t9dial
check "make install: the program installed is the one under test ($T9DIAL)" cmp -s /usr/local/bin/t9dial "$T9DIAL"
check "make install: systemd-sysusers made the group t9dial" getent group t9dial
syntax=$(udevadm test /sys/class/mem/null 2>&1 | grep -iE '70-t9dial.rules.*(invalid|error|unknown)' || true)
check "udev rule: udevadm finds no error in 70-t9dial.rules${syntax:+: $syntax}" test -z "$syntax"
udevadm trigger --subsystem-match=input --action=add
udevadm settle -t 30

KBD_LINK=$(ls /dev/input/by-id/*QEMU_USB_Keyboard*-event-kbd 2>/dev/null | head -1)
check "USB keypad: QEMU's USB keyboard is an event device with a by-id link ($KBD_LINK)" test -n "$KBD_LINK"
KBD=$(readlink -f "$KBD_LINK")

# --- 8. Sound: what the guest plays, recorded or read back on the host ------------------------
# QEMU records the guest's sound card (intel-hda, hda-output) in hda.wav and its PC speaker in
# pcspk.wav; before each scenario the guest asks the host for a mark (where each recording
# stands), and after the run the host's sound-check.py measures what each scenario played. The
# LED's changes come back on the uinput lamp with the kernel's stamps (led.events), which the
# host measures too. The checks here are that each t9dial did its part.
# Run here, before the checks of every t9dial log for dropped events, so that those cover these.
sound_scenarios() {
  say "8. sound: the sound card, the PC speaker and an LED"
  modprobe -a snd-hda-intel pcspkr input-leds
  udevadm settle -t 30
  wait_for 60 test -e /proc/asound/card0/pcm0p/info
  check "sound: QEMU's intel-hda is ALSA card 0 ($(cat /proc/asound/card0/id 2>/dev/null || echo none))" \
    test -e /proc/asound/card0/pcm0p/info

  # (a) t9dial ring, the US ring (440+480 Hz, 2 s on, 4 s off), once, on the card.
  printf '[sound]\ndevice = "default"\nring = "us"\n' >"$RW/sound-ring.toml"
  host mark ring-alsa
  "$T9DIAL" ring --config "$RW/sound-ring.toml" >"$RW/sound-ring.out" 2>"$RW/sound-ring.err"
  local status=$?
  check "sound: t9dial ring on the card (default) rings and says so (exit $status: $(cat "$RW/sound-ring.out" "$RW/sound-ring.err" | tr '\n' ' '))" \
    test "$status" -eq 0

  # (b) Key tones: the USB keypad typed on over QMP, t9dial run --sound default.
  host mark keys
  t9dial_start sound-keys --device "$KBD_LINK" --sound default
  wait_for 60 has "$RW/sound-keys.err" "started with"
  # One at a time, each after the last one's tone: a key's tone stops when the next key comes,
  # as it should, and under emulation the first tone starts late (the card is opened for it),
  # so that keys typed as quickly as in check 1 can cut it before any of it is heard.
  local key
  for key in kp_3 kp_5 kp_7 kp_9; do host keys "$key"; sleep 0.5; done
  wait_for 30 has "$RW/sound-keys.out" "T9: 3579"
  check "sound: 3 5 7 9 typed over QMP reach t9dial run --sound default ($(query_lines "$RW/sound-keys.out"))" \
    has "$RW/sound-keys.out" "T9: 3579"
  sleep 1.5  # the last key's tone played
  t9dial_stop

  # The PC speaker (pcspkr, an EV_SND input device named "PC Speaker") and an LED (input-leds,
  # from a uinput device with a caps lock LED), for (c) and (d).
  local beeper="" event
  for event in /sys/class/input/event*; do
    [ "$(cat "$event/device/name" 2>/dev/null)" = "PC Speaker" ] && beeper=/dev/input/${event##*/}
  done
  check "sound: pcspkr is an event device named PC Speaker (${beeper:-none})" test -n "$beeper"
  rm -f "$RUN/lamp.fifo"; mkfifo "$RUN/lamp.fifo"
  $PY "$VM/uinput-lamp.py" <"$RUN/lamp.fifo" >"$RW/led.events" 2>"$RW/lamp.err" &
  local lamp=$!
  exec 5>"$RUN/lamp.fifo"
  wait_for 60 has "$RW/led.events" "ready "
  local led; led=$(sed -n 's/^ready //p' "$RW/led.events")
  check "sound: input-leds makes the uinput lamp's caps lock an LED class device (${led:-none}$(cat "$RW/lamp.err"))" \
    test -n "$led" -a -e "/sys/class/leds/$led"
  # Only t9dial switches it: not the keyboard's caps lock trigger.
  echo none >"/sys/class/leds/$led/trigger"

  # (c) A call coming in on an AT modem (a pty): RING and +CLIP, ringing for 7 s (a whole on
  # and off part, and the next on), then the caller gives up. It rings on every kind of ringer
  # at once: the sound card, the beeper and the LED.
  rm -f "$RUN/modem.fifo"; mkfifo "$RUN/modem.fifo"
  $PY "$VM/pty-modem.py" <"$RUN/modem.fifo" >"$RW/modem.log" 2>&1 &
  local modem=$!
  exec 6>"$RUN/modem.fifo"
  wait_for 30 has "$RW/modem.log" "ready " || fail "the pty modem did not start: $(cat "$RW/modem.log")"
  local port; port=$(sed -n 's/^ready //p' "$RW/modem.log")
  printf '[dial]\nmethod = "modem"\ndevice = "%s"\n[sound]\ndevice = "default"\nbeeper = "%s"\nleds = ["%s"]\nring = "us"\n' \
    "$port" "$beeper" "$led" >"$RW/sound-call.toml"
  "$T9DIAL" run --contacts "$CONTACTS" --config "$RW/sound-call.toml" >"$RW/sound-call.out" 2>"$RW/sound-call.err" &
  T9PID=$!
  wait_for 60 has "$RW/modem.log" "at AT+CLIP=1"
  check "sound: t9dial run follows the pty modem $port (AT+CLIP=1 sent)" has "$RW/modem.log" "at AT+CLIP=1"
  host mark call
  echo "mark call" >&5
  echo "ring +447700900123" >&6
  wait_for 30 has "$RW/sound-call.out" "Incoming call: Fred Smith"
  check "sound: the modem's RING and +CLIP show the incoming call from Fred Smith" \
    has "$RW/sound-call.out" "Incoming call: Fred Smith"
  sleep 7
  echo gone >&6
  wait_for 30 has "$RW/sound-call.out" "Missed call"
  check "sound: the caller gives up: a missed call" has "$RW/sound-call.out" "Missed call"
  sleep 0.5  # the ring's end reached the LED
  t9dial_stop
  echo quit >&6; exec 6>&-; wait "$modem" 2>/dev/null

  # (c2) The same through baresip: SIPp calls it on loopback and gives up 8 s after it rings
  # (a second more than the others: baresip and t9dial in the emulated guest may take a while to
  # start the ring, and the second on part must begin before the caller gives up).
  # baresip plays nowhere (aubridge) and t9dial rings, as docs/calling.md's "Who rings" says.
  # baresip needs an address other than loopback's for a call's media: a dummy interface.
  ip link set lo up
  ip link add t9dummy type dummy 2>/dev/null; ip addr add 10.99.0.1/24 dev t9dummy 2>/dev/null; ip link set t9dummy up
  mkdir -p "$RUN/baresip"
  sed -E -e 's|^sip_listen[[:space:]].*|sip_listen\t\t127.0.0.1:5062|' \
    -e 's|^audio_(source\|player\|alert)[[:space:]].*|audio_\1\t\taubridge,nowhere|' \
    "$REPO/Config/baresip/config" >"$RUN/baresip/config"
  echo '<sip:t9dial@127.0.0.1:5062>;regint=0' >"$RUN/baresip/accounts"
  baresip -f "$RUN/baresip" >"$RW/baresip.log" 2>&1 &
  local baresip=$!
  wait_for 60 has "$RW/baresip.log" "baresip is ready"
  check "sound: baresip runs in the guest ($(tail -c 200 "$RW/baresip.log" | tr '\n' ' '))" has "$RW/baresip.log" "baresip is ready"
  printf '[dial]\nmethod = "baresip"\ncontrol = "127.0.0.1:4444"\n[sound]\ndevice = "default"\nbeeper = "%s"\nleds = ["%s"]\nring = "us"\n' \
    "$beeper" "$led" >"$RW/sound-sip.toml"
  "$T9DIAL" run --contacts "$CONTACTS" --config "$RW/sound-sip.toml" >"$RW/sound-sip.out" 2>"$RW/sound-sip.err" &
  T9PID=$!
  wait_for 60 has "$RW/sound-sip.err" "connected to baresip"
  check "sound: t9dial run is connected to baresip's ctrl_tcp" has "$RW/sound-sip.err" "connected to baresip"
  sed 's|<pause milliseconds="1000"/>|<pause milliseconds="8000"/>|' "$REPO/Tests/Calls/sipp/uac-gives-up.xml" >"$RUN/uac-gives-up-8s.xml"
  host mark sip-call
  echo "mark sip-call" >&5
  sipp -sf "$RUN/uac-gives-up-8s.xml" -i 127.0.0.1 -p 5080 -m 1 -s t9dial -timeout 60s -timeout_error -nostdin \
    -key callername "Fred" -key callernumber "+447700900123" -key rtpport 5082 127.0.0.1:5062 >"$RW/sipp.log" 2>&1 &
  local sipp=$!
  wait_for 60 has "$RW/sound-sip.out" "Incoming call: Fred Smith"
  check "sound: SIPp's call through baresip shows the incoming call from Fred Smith" \
    has "$RW/sound-sip.out" "Incoming call: Fred Smith"
  wait_for 60 has "$RW/sound-sip.out" "Missed call"
  check "sound: SIPp gives up 8 s after it rang: a missed call" has "$RW/sound-sip.out" "Missed call"
  sleep 0.5  # the ring's end reached the LED
  t9dial_stop
  wait "$sipp" 2>/dev/null
  kill "$baresip" 2>/dev/null; wait "$baresip" 2>/dev/null

  # (c3) The same through Debian's real ModemManager, which drives a simulated AT modem on a
  # private bus (Tests/Support/modemmanager/rig.py, as make test runs it): ring, and 7 s later
  # the caller gives up.
  rm -f "$RUN/rig.fifo"; mkfifo "$RUN/rig.fifo"; mkdir -p "$RUN/mm"
  unshare -m --propagation private $PY "$REPO/Tests/Support/modemmanager/rig.py" "$RUN/mm" <"$RUN/rig.fifo" >"$RW/rig.log" 2>&1 &
  local rig=$!
  exec 7>"$RUN/rig.fifo"
  wait_for 180 test -e "$RUN/mm/ready" -o -e "$RUN/mm/failed"
  check "sound: ModemManager runs in the guest with the simulated modem ($(cat "$RUN/mm/failed" 2>/dev/null))" test -e "$RUN/mm/ready"
  rig_say() { $PY -c 'import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall((" ".join(sys.argv[2:]) + "\n").encode())
print(s.recv(65536).decode().strip())' "$RUN/mm/control.sock" "$@"; }
  # An enabled modem with no call, as the host's tests begin (the rig starts it disabled).
  rig_say reset >>"$RW/rig-control.log"
  printf '[dial]\nmethod = "modemmanager"\n[sound]\ndevice = "default"\nbeeper = "%s"\nleds = ["%s"]\nring = "us"\n' \
    "$beeper" "$led" >"$RW/sound-mm.toml"
  DBUS_SYSTEM_BUS_ADDRESS="unix:path=$RUN/mm/run-dbus/system_bus_socket" \
    "$T9DIAL" run --contacts "$CONTACTS" --config "$RW/sound-mm.toml" >"$RW/sound-mm.out" 2>"$RW/sound-mm.err" &
  T9PID=$!
  wait_for 60 has "$RW/sound-mm.err" "ModemManager has"
  check "sound: t9dial run finds ModemManager's modem ($(grep -m1 'ModemManager' "$RW/sound-mm.err"))" has "$RW/sound-mm.err" "ModemManager has"
  sleep 3  # the line has asked for the modem's calls and subscribed to new ones
  host mark mm-call
  echo "mark mm-call" >&5
  rig_say ring +447700900123 >>"$RW/rig-control.log"
  wait_for 60 has "$RW/sound-mm.out" "Incoming call: Fred Smith"
  check "sound: ModemManager's call shows the incoming call from Fred Smith" has "$RW/sound-mm.out" "Incoming call: Fred Smith"
  sleep 7
  rig_say giveup >>"$RW/rig-control.log"
  wait_for 60 has "$RW/sound-mm.out" "Missed call"
  check "sound: the caller gives up: a missed call" has "$RW/sound-mm.out" "Missed call"
  sleep 0.5
  t9dial_stop
  exec 7>&-; wait "$rig" 2>/dev/null

  # (d, e) t9dial ring, the UK ring (400+450 Hz; 0.4 s on, 0.2 off, 0.4 on, 2 off), on the PC
  # speaker and the LED at once.
  printf '[sound]\nbeeper = "%s"\nleds = ["%s"]\nring = "uk"\ncountry = "uk"\n' "$beeper" "$led" >"$RW/sound-beeper.toml"
  host mark ring-beeper-led
  echo "mark ring-beeper-led" >&5
  "$T9DIAL" ring --config "$RW/sound-beeper.toml" >"$RW/sound-beeper.out" 2>"$RW/sound-beeper.err"
  status=$?
  check "sound: t9dial ring on the beeper and the LED rings and says so (exit $status: $(cat "$RW/sound-beeper.out" "$RW/sound-beeper.err" | tr '\n' ' '))" \
    test "$status" -eq 0
  sleep 0.5
  echo quit >&5; exec 5>&-; wait "$lamp" 2>/dev/null
  host mark end
}
if [ "${ONLY:-}" = sound ]; then
  sound_scenarios
  echo "DONE" >>"$RESULTS"
  exit 0
fi

# --- 1. A USB keypad, found by t9dial itself, then named -------------------------------------
say "1. USB keypad found by discovery (a full keyboard: shared, not grabbed)"
listen_start "$KBD" s1
t9dial_start s1
wait_for 60 has "$RW/s1.err" "reading $KBD" 
check "USB keypad: t9dial finds $KBD by itself" has "$RW/s1.err" "reading $KBD"
host keys kp_9 kp_5 kp_7
wait_for 30 has "$RW/s1.out" "T9: 957"
check "USB keypad, T9: 9 5 7 shows William John Smith first" \
  grep -qA1 '^T9: 957$' "$RW/s1.out"
check "USB keypad, T9: the first match is > William [J]ohn [S]mith" \
  sh -c "grep -A1 '^T9: 957\$' '$RW/s1.out' | grep -qF '> [W]illiam [J]ohn [S]mith'"
host keys kp_enter
wait_for 30 has "$RW/s1.out" "calling William John Smith"
check "USB keypad, T9: Enter dials William John Smith" has "$RW/s1.out" "calling William John Smith"
# Leave the calling screen, switch to multi-tap (/), spell "glo", wait for the letter, dial.
host keys kp_enter kp_divide kp_4 kp_5 kp_5 kp_5 kp_6 kp_6 kp_6
sleep 2
host keys kp_enter
wait_for 30 has "$RW/s1.out" "calling Telemaco Palombi"
check "USB keypad, multi-tap: 4 555 666 spells glo" has "$RW/s1.out" "abc: glo"
check "USB keypad, multi-tap: glo finds Telemaco Palombi (Gloria) and Enter dials him" \
  has "$RW/s1.out" "calling Telemaco Palombi"
seen=$(listen_stop s1)
check "USB keypad found by discovery is shared: another reader saw its keys ($seen presses)" test "${seen:-0}" -ge 10
check "USB keypad found by discovery is not grabbed" lacks "$RW/s1.err" "grabbed $KBD"
check "t9dial still running after both dials" alive
t9dial_stop

say "1b. USB keypad named with --device: grabbed"
listen_start "$KBD" s1b
t9dial_start s1b --device "$KBD_LINK"
wait_for 60 has "$RW/s1b.err" "grabbed $KBD"
check "USB keypad named with --device is grabbed" has "$RW/s1b.err" "grabbed $KBD"
host keys kp_9 kp_5 kp_7 kp_enter
wait_for 30 has "$RW/s1b.out" "calling William John Smith"
check "grabbed USB keypad: 957 and Enter dial William John Smith" has "$RW/s1b.out" "calling William John Smith"
seen=$(listen_stop s1b)
check "grabbed USB keypad: its keys reach no other reader, the console included ($seen presses seen)" test "${seen:-1}" -eq 0
t9dial_stop

# --- 2. Hotplug ---------------------------------------------------------------------------------
say "2. hotplug: started before the keypad exists; unplugged and replugged mid-query"
host unplug
wait_for 60 sh -c "! test -e '$KBD_LINK'"
check "hotplug: the keypad is unplugged (QMP device_del)" sh -c "! test -e '$KBD_LINK'"
t9dial_start s2 --device "$KBD_LINK"
sleep 5
check "hotplug: t9dial waits for a keypad that is not there yet" alive
host plug
wait_for 90 has "$RW/s2.err" "reading"
check "hotplug: t9dial picks up the keypad plugged in after it started" has "$RW/s2.err" "reading"
host keys kp_9 kp_5
wait_for 30 has "$RW/s2.out" "T9: 95"
host unplug
wait_for 60 has "$RW/s2.err" "stopped reading"
check "hotplug: the unplug is noticed" has "$RW/s2.err" "stopped reading"
sleep 2
check "hotplug: t9dial keeps running with the keypad gone" alive
host plug
wait_for 90 sh -c "[ \$(grep -c '^reading' '$RW/s2.err') -ge 2 ]"
check "hotplug: the replugged keypad is read again" sh -c "[ \$(grep -c '^reading' '$RW/s2.err') -ge 2 ]"
host keys kp_7 kp_enter
wait_for 30 has "$RW/s2.out" "calling William John Smith"
check "hotplug: typing goes on after the replug: 95, then 7, makes 957 (queries: $(query_lines "$RW/s2.out"))" \
  has "$RW/s2.out" "T9: 957"
check "hotplug: the digits typed before the unplug stayed in the query (no query of 7 alone)" \
  sh -c "! grep -q '^T9: 7\$' '$RW/s2.out'"
check "hotplug: the query typed across the replug dials William John Smith" has "$RW/s2.out" "calling William John Smith"
t9dial_stop

# --- 3 and 4. A GPIO-style keypad with bouncing contacts, and the udev rule on it --------------
say "3. matrix-keypad through uinput, bouncing; read through the udev rule as an unprivileged user"
keypad_start matrix --name matrix-keypad --bus host --window-ms "$DEBOUNCE_MS"
NODE=$KEYPAD_NODE
check "udev rule: the matrix keypad gets /dev/input/t9dial-keypad" test "$(readlink -f /dev/input/t9dial-keypad)" = "$NODE"
check "udev rule: the matrix keypad's node is group t9dial, mode 0660 ($(stat -c '%G %a' "$NODE"))" \
  test "$(stat -c '%G %a' "$NODE")" = "t9dial 660"
properties=$(udevadm info -q property -n "$NODE")
check "udev rule: the matrix keypad starts t9dial.service" grep -qx "SYSTEMD_WANTS=t9dial.service" <<<"$properties"
check "udev rule: the matrix keypad is tagged for systemd" grep -q '^TAGS=.*:systemd:' <<<"$properties"
check "udev rule: desktops leave the matrix keypad alone (LIBINPUT_IGNORE_DEVICE=1)" \
  grep -qx 'LIBINPUT_IGNORE_DEVICE=1' <<<"$properties"
kbd_properties=$(udevadm info -q property -n "$KBD")
check "udev rule: QEMU's USB keyboard, a full keyboard, gets no t9dial link, group or unit ($(stat -c %G "$KBD"))" \
  bash -c "test '$(stat -c %G "$KBD")' != t9dial && ! grep -q t9dial <<<'$kbd_properties'"

# The board as a user sets it up: contacts in /etc/t9dial, named in the installed config.
cp "$CONTACTS" /etc/t9dial/contacts.vcf
sed -i '1i contacts = ["/etc/t9dial/contacts.vcf"]' /etc/t9dial/t9dial.toml
/usr/local/bin/t9dial doctor >"$RW/doctor.out" 2>&1
doctor_status=$?
check "t9dial doctor on the set-up board: no problem (exit $doctor_status: $(grep -v '^ok' "$RW/doctor.out" | tr '\n' ' '))" \
  test "$doctor_status" -eq 0
check "t9dial doctor sees the keypad through the rule's link" grep -q '^ok .*keypad.*t9dial-keypad' "$RW/doctor.out"

nobody_state=$RUN/nobody-state; mkdir -p "$nobody_state"; chown 65534 "$nobody_state"
t9dial_group=$(getent group t9dial | cut -d: -f3)
# Only ever run in the background (&): it execs, so $! is t9dial itself and t9dial_stop reaches it.
as_service() { exec setpriv --reuid=65534 --regid=65534 --groups="$t9dial_group" env XDG_STATE_HOME="$nobody_state" "$@"; }
# The kernel's own stamps of the keys t9dial read, from its --verbose log ("debug: keypad D:
# key CODE VALUE at MICROSECONDS"): the debouncer judges chatter by these, not by the writer's
# clock. stalled_gaps FILE prints the gaps, in ms, from a release to the next press of the same
# key that reached the window yet were shorter than any tap (100 ms): a guest stalled in the
# middle of a chattering contact, so that the kernel saw a second press, which t9dial rightly
# types. kernel_chatter FILE prints the longest gap under the window.
key_gaps() {
  awk '$1 == "debug:" && $2 == "keypad" && $4 == "key" && $7 == "at" {
      key = $3 $5; value = $6; time = $8
      if (value == 0) released[key] = time
      else if (value == 1 && key in released) { print (time - released[key]) / 1000; delete released[key] }
    }' "$1"
}
stalled_gaps() { key_gaps "$1" | awk -v window="$DEBOUNCE_MS" '$1 >= window && $1 < 100' | tr '\n' ' '; }
kernel_chatter() { key_gaps "$1" | awk -v window="$DEBOUNCE_MS" '$1 < window && $1 > max { max = $1 } END { printf "%.1f ms", max }'; }
# bouncing NAME MODE QUERY CONTACT: t9dial as the service's user types QUERY (bouncing), waits,
# then # (bouncing), until it dials CONTACT. When the kernel's stamps show the guest stalled the
# writer into a real second press (stalled_gaps), that input was not chatter and the attempt
# does not count: the keys are typed again, at most three times, and each stall is logged.
bouncing() {
  local name=$1 mode=$2 query=$3 contact=$4 attempt
  for attempt in 1 2 3; do
    as_service "$T9DIAL" run --contacts "$CONTACTS" --config "$CONFIG" --mode "$mode" --verbose \
      >"$RW/$name.out" 2>"$RW/$name.err" &
    T9PID=$!
    wait_for 60 has "$RW/$name.err" "reading $NODE"
    # The keys below are searched as typed once the start (the book read) is logged.
    wait_for 60 has "$RW/$name.err" "started with"
    keypad "press $query bounce"
    keypad "sleep 1500"
    keypad "press # bounce"
    wait_for 30 has "$RW/$name.out" "calling $contact"
    t9dial_stop
    local stalls; stalls=$(stalled_gaps "$RW/$name.err")
    [ -z "$stalls" ] && return 0
    echo "attempt $attempt of $name: the guest stalled the writer, the kernel stamped gaps of $stalls ms: typed again"
    cp "$RW/$name.err" "$RW/$name.stalled-$attempt.err"; cp "$RW/$name.out" "$RW/$name.stalled-$attempt.out"
  done
}
# bounced_within_window: every chatter gap written so far stayed under the window, and some
# contacts chattered in full, so chatter reached t9dial. A sleep that overran cuts a contact
# short (see uinput-keypad.py): beside a second guest on two cores, 4 of the 6 contacts of the
# T9 run were, with 2 chattering in full (the kernel's longest chatter 8.8 ms).
bounced_within_window() {
  awk -v window="$DEBOUNCE_MS" '/longest chatter gap/ {
      line = $0; gsub(/.*gap /, "", line); if (line + 0 >= window) bad = 1
      match($0, /[0-9]+ of [0-9]+ contacts cut short/); split(substr($0, RSTART, RLENGTH), n, " ")
      cut += n[1]; contacts += n[3]
    } END { exit bad || contacts == 0 || cut >= contacts }' "$KEYPAD_LOG"
}
chatter_report() {
  echo "$(grep -o 'longest chatter gap [0-9.]* ms' "$KEYPAD_LOG" | sort -k4 -n | tail -1);" \
    "$(awk '/contacts cut short/ { match($0, /[0-9]+ of [0-9]+ contacts/); split(substr($0, RSTART, RLENGTH), n, " "); c += n[1]; t += n[3] }
      END { print c " of " t " contacts cut short" }' "$KEYPAD_LOG")"
}

bouncing s3 t9 957 "William John Smith"
check "matrix keypad: read through the udev link by a user with only group t9dial" has "$RW/s3.err" "reading $NODE"
check "bouncing keypad, T9: the kernel stamped no stalled gap ($(stalled_gaps "$RW/s3.err")), the longest chatter $(kernel_chatter "$RW/s3.err")" \
  test -z "$(stalled_gaps "$RW/s3.err")"
check "bouncing keypad: the contacts chattered, the writer's gaps under ${DEBOUNCE_MS} ms ($(chatter_report))" \
  bounced_within_window
# The first empty screen is the one shown while the book loads ("! Loading contacts…"), the
# second the one with the book read, before any key (waited for above).
check "bouncing keypad, T9: the queries are exactly 9, 95, 957, no chatter ($(query_lines "$RW/s3.out"))" \
  test "$(query_lines "$RW/s3.out")" = "T9:|T9:|T9: 9|T9: 95|T9: 957|"
check "bouncing keypad, T9: the first screen says the book is loading, once" \
  test "$(grep -c '^! Loading contacts…$' "$RW/s3.out")" = 1
check "bouncing keypad, T9: # dials William John Smith once" \
  test "$(grep -c '^dialling William John Smith' "$RW/s3.out")" = 1

bouncing s3m multitap 4555666 "Telemaco Palombi"
check "bouncing keypad, multi-tap: the kernel stamped no stalled gap ($(stalled_gaps "$RW/s3m.err")), the longest chatter $(kernel_chatter "$RW/s3m.err")" \
  test -z "$(stalled_gaps "$RW/s3m.err")"
check "bouncing keypad, multi-tap: the writer's gaps under ${DEBOUNCE_MS} ms too ($(chatter_report))" bounced_within_window
check "bouncing keypad, multi-tap: 4 555 666 spells exactly glo ($(query_lines "$RW/s3m.out"))" \
  sh -c "grep -q '^abc: glo\$' '$RW/s3m.out' && ! grep -qE '^abc: g?l?o?<?[a-z]{4,}' '$RW/s3m.out'"
check "bouncing keypad, multi-tap: # dials Telemaco Palombi once" \
  test "$(grep -c '^dialling Telemaco Palombi' "$RW/s3m.out")" = 1

# --- 5. The framebuffer ------------------------------------------------------------------------
say "5. vfb at 8, 16 and 32 bits per pixel, keys arriving from the matrix keypad"
for depth in 8 16 32; do
  $PY "$VM/fb-check.py" depth /dev/fb0 "$depth" || fail "framebuffer: cannot switch vfb to $depth bpp"
  png=$RW/fb-$depth.png
  t9dial_start fb$depth --output fb:/dev/fb0 --output png:"$png"
  wait_for 60 has "$RW/fb$depth.err" "reading $NODE"
  keypad "press 95"
  sleep 2
  result=$($PY "$VM/fb-check.py" compare /dev/fb0 "$png" 2>&1)
  check "framebuffer $depth bpp, query 95: /dev/fb0 equals the PNG: $result" \
    $PY "$VM/fb-check.py" compare /dev/fb0 "$png"
  keypad "press 7"
  sleep 2
  result=$($PY "$VM/fb-check.py" compare /dev/fb0 "$png" 2>&1)
  check "framebuffer $depth bpp, query 957: /dev/fb0 equals the PNG: $result" \
    $PY "$VM/fb-check.py" compare /dev/fb0 "$png"
  t9dial_stop
done

# SIGTERM (systemd stopping the service, or a user's kill) ends the loop, which reads it; the
# framebuffer's picture from before t9dial is put back, and the process ends by the signal.
say "5b. SIGTERM puts the framebuffer back: t9dial run and t9dial try"
# The kernel's console would draw its text and cursor on /dev/fb0 too: it is unbound from the
# framebuffer, so that what /dev/fb0 shows is what this test and t9dial put there.
for console in /sys/class/vtconsole/vtcon*; do
  grep -qi "frame buffer" "$console/name" 2>/dev/null && echo 0 >"$console/bind"
done
fb_stop_case() {  # fb_stop_case NAME COMMAND...: started, drawing, then SIGTERM
  local name=$1; shift
  head -c 4000000 /dev/urandom >/dev/fb0 2>/dev/null
  cat /dev/fb0 >"$RW/$name-before.raw"
  # Standard input is a FIFO held open (in /tmp: the shared folder takes none).
  local fifo=/tmp/$name.in
  rm -f "$fifo"; mkfifo "$fifo"
  "$@" <"$fifo" >"$RW/$name.out" 2>"$RW/$name.err" &
  local pid=$!
  exec 8>"$fifo"
  wait_for 60 sh -c "! cmp -s /dev/fb0 '$RW/$name-before.raw'" || fail "$name: never drew on /dev/fb0"
  sleep 1
  kill -TERM "$(pgrep -n -x t9dial)"
  wait "$pid"; local status=$?
  exec 8>&-
  check "$name: SIGTERM ends it by the signal (status $status, 143 expected)" test "$status" = 143
  check "$name: SIGTERM puts back the picture /dev/fb0 showed before" cmp -s /dev/fb0 "$RW/$name-before.raw"
}
fb_stop_case fbstop-run "$T9DIAL" run --contacts "$CONTACTS" --config "$CONFIG" --output fb:/dev/fb0
# try on a terminal (a pty), where it reads keys raw and must put the terminal back too; the
# wrapper exits as t9dial did (128 + the signal).
on_pty() { $PY -c 'import os, pty, sys; code = os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])); sys.exit(128 - code if code < 0 else code)' "$@"; }
fb_stop_case fbstop-try on_pty "$T9DIAL" try --contacts "$CONTACTS" --config "$CONFIG" --output fb:/dev/fb0
keypad_stop

# --- 4, continued. The rule's other keypads, and devices it must leave alone -------------------
say "4. udev rule: which devices are keypads"
rule_case() {  # rule_case EXPECT(yes|no) DESCRIPTION uinput-keypad OPTIONS...
  local expect=$1 description=$2; shift 2
  keypad_start case "$@"
  local node=$KEYPAD_NODE group; group=$(stat -c %G "$node")
  local wants; wants=$(udevadm info -q property -n "$node" | sed -n 's/^SYSTEMD_WANTS=//p')
  if [ "$expect" = yes ]; then
    check "udev rule: $description is a keypad (group $group, wants ${wants:-nothing})" \
      sh -c "[ '$group' = t9dial ] && [ '$(readlink -f /dev/input/t9dial-keypad)' = '$node' ] && [ '$wants' = t9dial.service ]"
  else
    check "udev rule: $description is left alone (group $group, wants ${wants:-nothing})" \
      sh -c "[ '$group' != t9dial ] && ! echo '$wants' | grep -q 't9dial'"
  fi
  keypad_stop
}
rule_case yes "a gpio-keys keypad labelled t9dial-keypad" --name t9dial-keypad --bus host
# A listed USB numpad is the desktop's until the user turns taking it on.
rule_case no "a USB Targus Number Keypad (05a4:9837), before /etc/t9dial/take-usb-numpads" --name "Targus Number Keypad" --bus usb --vendor 05a4 --product 9837
touch /etc/t9dial/take-usb-numpads
rule_case yes "a USB Targus Number Keypad (05a4:9837), with /etc/t9dial/take-usb-numpads" --name "Targus Number Keypad" --bus usb --vendor 05a4 --product 9837
rm /etc/t9dial/take-usb-numpads
rule_case no "a gpio-keys power button" --name gpio-keys --bus host --codes power
rule_case no "an unknown USB keypad (1234:5678) not named by the user" --name "Some USB Keypad Keyboard" --bus usb --vendor 1234 --product 5678

say "4b. udev rule: QEMU's keyboard named by the user with t9dial udev-rule"
"$T9DIAL" udev-rule --device "$KBD_LINK" >/etc/udev/rules.d/69-t9dial-local.rules 2>"$RW/udev-rule.err"
check "t9dial udev-rule --device writes a rule ($(cat "$RW/udev-rule.err"))" grep -q 'T9DIAL_KEYPAD' /etc/udev/rules.d/69-t9dial-local.rules
udevadm control --reload
udevadm trigger --action=add "/sys/class/input/${KBD#/dev/input/}"
udevadm settle -t 30
check "udev rule: QEMU's keyboard, named, gets the link, group t9dial and t9dial.service" \
  sh -c "[ '$(readlink -f /dev/input/t9dial-keypad)' = '$KBD' ] && [ \$(stat -c %G '$KBD') = t9dial ] \
    && udevadm info -q property -n '$KBD' | grep -qx 'SYSTEMD_WANTS=t9dial.service'"

sound_scenarios

# --- Every run: events the kernel dropped -------------------------------------------------------
# A keypad read too late overflows the kernel's event buffer: the kernel drops events
# (SYN_DROPPED) and t9dial logs a warning. A press and release lost that way can go unseen by
# the checks above (the keys may still have come out right), so any such line in any t9dial's
# output or log fails: the run did not test what it meant to. t9dial try wrote its log to the
# pty, so into its .out.
say "dropped events: the kernel's SYN_DROPPED warning in every t9dial log"
logs=() dropped=0
for log in "$RW"/*.out "$RW"/*.err; do
  [ -f "$log" ] || continue
  logs+=("$(basename "$log")")
  lines=$(grep -F 'read too late' "$log" | tr -d '\r')
  [ -n "$lines" ] || continue
  dropped=$((dropped + 1))
  count=$(wc -l <<<"$lines")
  fail "the kernel dropped keypad events: $(basename "$log") logged \"$(head -1 <<<"$lines")\"$([ "$count" -gt 1 ] && echo " and $((count - 1)) more like it")"
done
if [ "${#logs[@]}" -eq 0 ]; then
  fail "dropped events: no t9dial log found in $RW to check"
elif [ "$dropped" -eq 0 ]; then
  pass "no keypad events dropped by the kernel in any t9dial log (${#logs[@]} files: ${logs[*]})"
fi

# --- 6. A flood: the kernel drops events on purpose --------------------------------------------
# After the check above, so its expected warning fails nothing. t9dial is stopped (SIGSTOP) while
# the keypad sends far more than the kernel's buffer for it holds, so the kernel drops events
# and queues SYN_DROPPED. Meanwhile 0 goes down and stays down. Once t9dial runs again libevdev
# resynchronises: 0 is known to be held (held past 500 ms it types "+"), no key of the flood is
# left down, and one warning is logged. A second flood within the minute is counted, not logged.
say "6. the keypad flooded while t9dial is stopped: SYN_DROPPED, resync, one warning"
keypad_start flood --name matrix-keypad --bus host --window-ms "$DEBOUNCE_MS"
FLOOD_NODE=$KEYPAD_NODE
"$T9DIAL" run --contacts "$CONTACTS" --config "$CONFIG" --device "$FLOOD_NODE" >"$RW/flood.out" 2>"$RW/flood.warned" &
T9PID=$!
wait_for 60 has "$RW/flood.warned" "started with"
kill -STOP "$T9PID"
keypad "flood 1 400"
keypad "down 0"
kill -CONT "$T9PID"
keypad "sleep 1500"
keypad "up 0"
wait_for 30 grep -q '^T9: .*+$' "$RW/flood.out"
check "flood: the key held through the overflow is known held after it (0 held types +: $(grep '^T9: ' "$RW/flood.out" | tail -1))" \
  grep -q '^T9: .*+$' "$RW/flood.out"
kill -STOP "$T9PID"
keypad "flood 1 400"
kill -CONT "$T9PID"
keypad "sleep 1000"
keypad "hold * 2600"
keypad "sleep 500"
keypad "press 15"
wait_for 30 has "$RW/flood.out" "T9: 15"
check "flood: t9dial runs on after two overflows" alive
check "flood: no key left down: after a clear, 1 and 5 type exactly 15 ($(query_lines "$RW/flood.out" | tr '|' '\n' | tail -3 | tr '\n' '|'))" \
  test "$(query_lines "$RW/flood.out" | tr '|' '\n' | grep -v '^$' | tail -3 | tr '\n' '|')" = "T9:|T9: 1|T9: 15|"
warnings=$(grep -c 'read too late' "$RW/flood.warned")
check "flood: the kernel dropped events and t9dial logged it once for two overflows ($warnings warnings)" \
  test "$warnings" = 1
t9dial_stop
keypad_stop

echo "DONE" >>"$RESULTS"
