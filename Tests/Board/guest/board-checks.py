#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The board checks, run by t9test.service at every boot of the test image (see README.md).

t9dial is only ever started by systemd and udev here. The checks ask the host to act on the
USB keyboard that stands in for the keypad (plug, unplug, keys) through the virtio serial port
/dev/virtio-ports/t9test, one JSON line a request, and send each result the same way. A phase
file on disk tells a boot after the reboot where to go on.
"""
import json
import os
import re
import select
import subprocess
import sys
import time

PORT = "/dev/virtio-ports/t9test"
STATE = "/var/lib/t9test"
PHASE = STATE + "/phase"
DIALLED = "/var/lib/t9dial/dialled.txt"
CONFIG = "/etc/t9dial/t9dial.toml"
WILLIAM = "+12015550123 William John Smith"
# Where baresip takes calls: its config's sip_listen 0.0.0.0:5060 binds the board's network
# address (build-image.sh gives it), not loopback's.
BARESIP_SIP = "10.0.2.15:5060"
# The longest a request may wait for the host's answer (keys are typed slowly, a plug takes a
# while under emulation).
ASK_TIMEOUT_S = 180


class Host:
    """The host's end of the serial port: requests answered with one line each."""

    def __init__(self):
        deadline = time.monotonic() + 120
        while not os.path.exists(PORT):
            if time.monotonic() > deadline:
                sys.exit(f"{PORT} never appeared")
            time.sleep(0.5)
        self.port = open(PORT, "r+b", buffering=0)
        self.passed = 0
        self.failed = 0

    def ask(self, action, **arguments):
        """Sends a request and returns the host's one-line answer; "" when none came within
        ASK_TIMEOUT_S (every wait is bounded: a host that never answers fails the check)."""
        self.port.write((json.dumps({"action": action, **arguments}) + "\n").encode())
        line = b""
        deadline = time.monotonic() + ASK_TIMEOUT_S
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.port], [], [], left)[0]:
                print(f"the host did not answer {action} within {ASK_TIMEOUT_S} s", flush=True)
                return ""
            line += self.port.read(1)
        return line.decode().strip()

    def check(self, name, ok, detail=""):
        verdict = "PASS" if ok else "FAIL"
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            # For whoever reads console.log: what the service said up to now.
            print(f"FAIL {name}\n--- journalctl -u t9dial (tail)\n" + "\n".join(journal().splitlines()[-40:]), flush=True)
        self.ask("result", line=f"{verdict} {name}" + (f" ({detail})" if detail else ""))
        return ok


def run(*command, check=False):
    return subprocess.run(command, capture_output=True, text=True, check=check)


def service_threads():
    """The running service's threads: (name, nice value) each, from /proc."""
    pid = run("systemctl", "show", "-P", "MainPID", "t9dial.service").stdout.strip()
    threads = []
    for task in sorted(os.listdir(f"/proc/{pid}/task")) if pid not in ("", "0") else []:
        try:
            with open(f"/proc/{pid}/task/{task}/comm") as file:
                name = file.read().strip()
            with open(f"/proc/{pid}/task/{task}/stat") as file:
                # The fields after the name in parentheses; nice is the 19th field of the line.
                fields = file.read().rsplit(")", 1)[1].split()
            threads.append((name, int(fields[16])))
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return threads


def wait_for(seconds, condition, step=0.5):
    """Polls `condition` every `step` seconds, for at most `seconds`; its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def active():
    return run("systemctl", "is-active", "t9dial.service").stdout.strip() == "active"


def status_text():
    return run("systemctl", "show", "-P", "StatusText", "t9dial.service").stdout.strip()


def main_pid():
    return run("systemctl", "show", "-P", "MainPID", "t9dial.service").stdout.strip()


def journal(*options):
    return run("journalctl", "-u", "t9dial.service", "-o", "cat", "--no-pager", *options).stdout


def dialled():
    try:
        with open(DIALLED) as file:
            return file.read().splitlines()
    except OSError:
        return []


def keyboard_link():
    folder = "/dev/input/by-id"
    if not os.path.isdir(folder):
        return None
    links = [name for name in os.listdir(folder) if "QEMU" in name and name.endswith("-event-kbd")]
    return os.path.join(folder, links[0]) if links else None


def framebuffer():
    with open("/dev/fb0", "rb") as file:
        return file.read()


def geometry():
    """Width, height and bytes per line of fb0, from sysfs."""
    with open("/sys/class/graphics/fb0/virtual_size") as file:
        width, height = (int(part) for part in file.read().strip().split(","))
    with open("/sys/class/graphics/fb0/stride") as file:
        stride = int(file.read().strip())
    return width, height, stride


def notice_bar_shown():
    """Whether the bottom 16 pixel rows of fb0 are one solid colour other than the background's
    (black): the notice line t9dial draws across the panel."""
    _, height, stride = geometry()
    band = framebuffer()[(height - 16) * stride:height * stride]
    if not band:
        return False
    most = max(set(band), key=band.count)
    return most != 0 and band.count(most) >= 0.6 * len(band)


def type_keys(host, *keys, hold_ms=None):
    host.ask("keys", keys=list(keys), **({"hold_ms": hold_ms} if hold_ms else {}))


def unit_active(unit):
    return run("systemctl", "is-active", unit).stdout.strip() == "active"


def listening(port):
    """Whether a TCP socket listens on 127.0.0.1:port, from /proc/net/tcp (no connection made:
    baresip's ctrl_tcp takes one client at a time)."""
    with open("/proc/net/tcp") as file:
        rows = [line.split() for line in file.readlines()[1:]]
    return any(row[1] == f"0100007F:{port:04X}" and row[3] == "0A" for row in rows)


def tail(text, length=240):
    """The end of a log, on one line, for a check's detail."""
    return " | ".join(line for line in text.splitlines() if line.strip())[-length:]


def read(path):
    try:
        with open(path) as file:
            return file.read()
    except OSError:
        return ""


def start_sipp(scenario, name, port, to=None, timeout_s=120, calls=1, keys=None):
    """Starts SIPp on 127.0.0.1:port with a scenario of Tests/Calls/sipp (copied into
    /opt/t9test): a UAC calls baresip's t9dial account when `to` is given, else a UAS answers.
    It ends after `calls` calls, exiting 0, or 1 after timeout_s. What it sent and got goes
    to STATE/NAME-messages.log, its errors to NAME-errors.log, its screen to NAME.log."""
    command = ["/usr/bin/sipp", "-sf", "/opt/t9test/" + scenario, "-i", "127.0.0.1", "-p", str(port), "-m", str(calls),
               "-timeout", f"{timeout_s}s", "-timeout_error", "-nostdin", "-trace_msg",
               "-message_file", f"{STATE}/{name}-messages.log", "-trace_err", "-error_file", f"{STATE}/{name}-errors.log"]
    for key, value in (keys or {}).items():
        command += ["-key", key, value]
    if to:
        command += ["-s", "t9dial", to]
    return subprocess.Popen(command, cwd=STATE, stdin=subprocess.DEVNULL, stdout=open(f"{STATE}/{name}.log", "w"),
                            stderr=subprocess.STDOUT)


def sipp_ended(sipp, seconds=60):
    """SIPp's exit status once it ends, or None if it is still running after `seconds`."""
    try:
        return sipp.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        return None


def stop_sipp(*processes):
    for sipp in processes:
        if sipp is not None and sipp.poll() is None:
            sipp.kill()
            sipp.wait()


def sipp_got(name):
    """The SIP messages SIPp `name` received, in order, each as its text (from -trace_msg's log,
    where each message follows a line of dashes and says whether it was sent or received)."""
    blocks = re.split(r"^-{20,}.*$", read(f"{STATE}/{name}-messages.log"), flags=re.M)
    return [block.split("\n\n", 1)[-1] for block in blocks if "message received" in block]


def invites_got(name):
    """The request URIs of the INVITEs SIPp `name` received, in order (re-INVITEs included)."""
    return [found.group(1) for message in sipp_got(name) if (found := re.match(r"INVITE (\S+) SIP/2\.0", message))]


def reinvite_directions(name):
    """The SDP direction of each INVITE SIPp `name`, a caller, received: baresip's re-INVITEs,
    "sendonly" or "inactive" holding its call, "sendrecv" resuming it (SDP's default when the
    offer has no direction attribute)."""
    directions = []
    for message in sipp_got(name):
        if message.startswith("INVITE "):
            found = re.search(r"^a=(sendonly|inactive|recvonly|sendrecv)\s*$", message, re.M)
            directions.append(found.group(1) if found else "sendrecv")
    return directions


def history_calls():
    """The calls `t9dial history --json`, run as root, lists (the service's), newest first."""
    try:
        return json.loads(run("/usr/bin/t9dial", "history", "--json").stdout)
    except ValueError:
        return []


def phase_one(host):
    check = host.check
    check("board: systemd is PID 1", os.readlink("/proc/1/exe").endswith("systemd"))
    check("board: the package's postinst made the group t9dial (systemd-sysusers, its sysusers file)",
          run("getent", "group", "t9dial").returncode == 0)
    check("board: vfb gives a framebuffer", wait_for(30, lambda: os.path.exists("/dev/fb0")))
    check("before any keypad, t9dial.service is not running", not active())
    console = framebuffer()  # what the panel shows before t9dial draws on it

    # The user names the USB keypad once with t9dial udev-rule, as the README says.
    host.ask("plug")
    link = wait_for(60, keyboard_link)
    check("the USB keypad appears with a by-id link", link is not None, str(link))
    rule = run("/usr/bin/t9dial", "udev-rule", "--device", link or "")
    with open("/etc/udev/rules.d/69-t9dial-local.rules", "w") as file:
        file.write(rule.stdout)
    run("udevadm", "control", "--reload")
    check("t9dial udev-rule --device wrote a rule naming it", "T9DIAL_KEYPAD" in rule.stdout, rule.stderr.strip()[:120])

    # Plugged in now, it starts the service through udev alone.
    host.ask("unplug")
    wait_for(30, lambda: keyboard_link() is None)
    host.ask("plug")
    check("plug: the named keypad starts t9dial.service by itself", wait_for(90, active))
    check("plug: the keypad gets /dev/input/t9dial-keypad", wait_for(30, lambda: os.path.islink("/dev/input/t9dial-keypad")))
    check("plug: READY, and systemctl status says what it reads",
          wait_for(60, lambda: "reading /dev/input/event" in status_text()), status_text())
    check("plug: the status counts the contacts of /etc/t9dial/contacts.vcf",
          re.match(r"2[01] contacts", status_text()) is not None, status_text())
    check("sync: the service synced the CardDAV address book, with the password from its credential",
          wait_for(90, lambda: "synced http://127.0.0.1:5232/alice/book/: 1 added" in journal()), journal()[-400:])
    check("sync: the synced card joins the book", wait_for(60, lambda: status_text().startswith("21 contacts")), status_text())
    uid = run("ps", "-o", "uid=", "-p", main_pid()).stdout.strip()
    user = run("systemctl", "show", "-P", "User", "t9dial.service").stdout.strip()
    check("hardening: it runs as a dynamic user, t9dial-service (uid 61184-65519)",
          uid.isdigit() and 61184 <= int(uid) <= 65519 and user == "t9dial-service", f"uid {uid}, User={user}")

    # Dial: 957, Enter.
    type_keys(host, "kp_9", "kp_5", "kp_7", "kp_enter")
    check("dial: 957 Enter runs the [dial] program with William John Smith's number",
          wait_for(60, lambda: WILLIAM in dialled()), "; ".join(dialled()))
    check("dial: the journal has the dial, at info priority",
          wait_for(30, lambda: "calling William John Smith: dial +12015550123" in journal("-p", "info")), journal()[-300:])
    history = run("/usr/bin/t9dial", "history")
    check("dial: t9dial history, run as root, lists it by name", "William John Smith" in history.stdout,
          (history.stdout + history.stderr).strip()[:200])

    type_keys(host, "kp_2", "kp_2", "kp_7", "kp_5", "kp_enter")
    check("sync: the synced contact is found and dialled", wait_for(60, lambda: "+447700900555 Carla Dav" in dialled()),
          "; ".join(dialled()))

    # Unplug mid-query, then plug back: the query waits, and the screen says why.
    type_keys(host, "kp_9", "kp_5")
    time.sleep(3)
    host.ask("unplug")
    check("unplug: the service goes on", wait_for(30, lambda: "no keypad plugged in" in status_text()) and active(),
          status_text())
    check("unplug: the screen's notice line says there is no keypad", wait_for(30, notice_bar_shown))
    check("unplug: journalctl -p warning has it", wait_for(30, lambda: "t9dial-keypad" in journal("-p", "warning")),
          journal("-p", "warning")[-200:])
    host.ask("plug")
    check("replug: the keypad is read again", wait_for(60, lambda: "reading /dev/input/event" in status_text()), status_text())
    check("replug: the notice is gone", wait_for(30, lambda: not notice_bar_shown()))
    type_keys(host, "kp_7", "kp_enter")
    check("replug: the query 95 was kept: 7 Enter dials William John Smith again",
          wait_for(60, lambda: dialled().count(WILLIAM) == 2), "; ".join(dialled()))

    # Reload: a contact added to the config, with a query typed before and after.
    type_keys(host, "kp_9", "kp_6", "kp_3")
    with open("/etc/t9dial/more.vcf", "w") as file:
        file.write("BEGIN:VCARD\nVERSION:3.0\nUID:zoe\nFN:Zoe Zulu\nTEL:+44 7700 900999\nEND:VCARD\n")
    with open("/etc/t9dial/t9dial.toml.new", "w") as file:
        with open("/etc/t9dial/t9dial.toml") as old:
            file.write(old.read().replace('contacts = ["/etc/t9dial/contacts.vcf"]',
                                          'contacts = ["/etc/t9dial/contacts.vcf", "/etc/t9dial/more.vcf"]'))
    os.rename("/etc/t9dial/t9dial.toml.new", "/etc/t9dial/t9dial.toml")
    reload = run("systemctl", "reload", "t9dial.service")
    check("reload: systemctl reload succeeds", reload.returncode == 0, reload.stderr.strip())
    check("reload: the service reloaded", wait_for(60, lambda: "reloaded: 22 contacts" in journal()), journal()[-300:])
    type_keys(host, "kp_9", "kp_8", "kp_enter")
    check("reload: the query typed before it was kept, and finds the new contact",
          wait_for(60, lambda: "+447700900999 Zoe Zulu" in dialled()), "; ".join(dialled()))

    security = run("systemd-analyze", "security", "--no-pager", "t9dial.service").stdout
    exposure = [line for line in security.splitlines() if "Overall exposure level" in line]
    level = float(exposure[0].split(":")[1].split()[0]) if exposure else 99.0
    check("hardening: systemd-analyze security of the running service is 2.0 or lower", level <= 2.0,
          exposure[0].strip() if exposure else security[-200:])
    check("hardening: the journal has no denied system call or device", "Operation not permitted" not in journal())
    deny = run("systemctl", "show", "-P", "IPAddressDeny", "t9dial.service").stdout.split()
    allow = run("systemctl", "show", "-P", "IPAddressAllow", "t9dial.service").stdout.split()
    check("hardening: IP to this machine only (IPAddressAllow=localhost, IPAddressDeny=any), and the sync went through",
          "0.0.0.0/0" in deny and "::/0" in deny and "127.0.0.0/8" in allow and "::1/128" in allow,
          f"IPAddressDeny={' '.join(deny)}, IPAddressAllow={' '.join(allow)}")
    threads = service_threads()
    input_nice = [nice for name, nice in threads if name == "t9dial-input"]
    check("priority: the keypads' input thread runs at nice -10 (LimitNICE=-10), the main thread at 0",
          input_nice == [-10] and threads[:1] == [("t9dial", 0)],
          ", ".join(f"{name} {nice}" for name, nice in threads))

    # Stop: the framebuffer shows what it showed before t9dial drew on it.
    shown = framebuffer()
    run("systemctl", "stop", "t9dial.service")
    check("stop: the service stops", wait_for(30, lambda: not active()))
    # A clean stop: ended by SIGTERM, not by an exit status systemd counts as a failure (t9dial
    # ended with _exit(143) from its framebuffer restorer, and the unit was "failed").
    result = run("systemctl", "show", "-P", "Result", "t9dial.service").stdout.strip()
    state = run("systemctl", "is-failed", "t9dial.service").stdout.strip()
    check("stop: it stopped cleanly (result success, not failed)", result == "success" and state != "failed",
          f"result {result}, {state}")
    after = framebuffer()
    check("stop: the framebuffer no longer shows the dialer", after != shown)
    same = sum(1 for old, new in zip(console, after) if old == new) / max(1, len(after))
    check("stop: the framebuffer shows what it showed before t9dial drew (the console's blinking cursor aside)",
          same >= 0.99, f"{same:.1%} of its bytes as before")
    check("stop: nothing was logged at error priority", journal("-p", "err").strip() == "", journal("-p", "err")[-300:])

    with open(PHASE, "w") as file:
        file.write("after-reboot\n")
    host.ask("note", text="rebooting")
    run("systemctl", "reboot")


def phase_two(host):
    check = host.check
    check("reboot: the keypad still plugged in starts t9dial.service again", wait_for(120, active))
    check("reboot: it reads the keypad, with the synced card kept in its cache",
          wait_for(60, lambda: re.fullmatch(r"22 contacts, reading /dev/input/event\d+", status_text())), status_text())
    before = len(dialled())
    type_keys(host, "kp_9", "kp_5", "kp_7", "kp_enter")
    check("reboot: 957 Enter dials William John Smith", wait_for(60, lambda: len(dialled()) == before + 1 and dialled()[-1] == WILLIAM),
          "; ".join(dialled()))
    # A hung loop: the process stopped, its watchdog pings stop, and systemd restarts it.
    hung = main_pid()
    run("kill", "-STOP", hung)
    check("watchdog: a hung t9dial is restarted by systemd (WatchdogSec=30s)",
          wait_for(120, lambda: main_pid() not in ("", "0", hung) and active()), f"MainPID {hung} -> {main_pid()}")
    check("watchdog: the journal says why", "Watchdog timeout" in run("journalctl", "-u", "t9dial.service", "--no-pager").stdout)
    check("watchdog: the new process reads the keypad", wait_for(60, lambda: "reading /dev/input/event" in status_text()), status_text())
    sip_call(host)
    sip_ring(host)
    speed_dial_and_redial(host)
    call_waiting(host)
    doctor = run("/usr/bin/t9dial", "doctor")
    check("reboot: t9dial doctor finds no problem", doctor.returncode == 0, doctor.stdout.strip().replace("\n", " | ")[:400])
    # Last, the package goes as an administrator removes it: its prerm stops the service, and a
    # purge takes the program, the rule, the unit, the config and the service's history and cache.
    purge = run("dpkg", "--purge", "t9dial")
    check("purge: dpkg --purge t9dial succeeds", purge.returncode == 0, (purge.stdout + purge.stderr).strip()[-300:])
    check("purge: the service is stopped", wait_for(30, lambda: not active()), run("systemctl", "is-active", "t9dial.service").stdout.strip())
    gone = ["/usr/bin/t9dial", "/usr/lib/udev/rules.d/70-t9dial.rules", "/usr/lib/systemd/system/t9dial.service",
            "/etc/t9dial/t9dial.toml", "/usr/share/t9dial", "/var/lib/t9dial", "/var/lib/private/t9dial", "/var/cache/t9dial",
            "/var/cache/private/t9dial"]
    left = [path for path in gone if os.path.lexists(path)]
    check("purge: the program, rule, unit, config, history and cache are gone", not left, " ".join(left))
    with open(PHASE, "w") as file:
        file.write("done\n")


def sip_call(host):
    """A SIP call through the hardened service: baresip run as docs/calling.md's "Calling over SIP"
    says, SIPp answering on 127.0.0.1:5070 (its account's domain, so the number "5070" reaches
    it), the contact typed, dialled with # and hung up with # held on the keypad."""
    check = host.check
    since = time.strftime("%Y-%m-%d %H:%M:%S")  # the journal from here on (the watchdog's error is before)
    enable = run("systemctl", "enable", "--now", "baresip.service")
    check("sip: systemctl enable --now baresip starts the README's baresip service, its ctrl_tcp on 127.0.0.1:4444",
          enable.returncode == 0 and wait_for(60, lambda: listening(4444)) and unit_active("baresip.service"),
          tail(enable.stderr + run("journalctl", "-u", "baresip.service", "-o", "cat", "--no-pager").stdout))
    # The far end: SIPp answers one call, waits for its BYE and exits 0, or 1 after 180 s.
    messages = STATE + "/sipp-messages.log"
    sipp = start_sipp("uas-answer-wait-bye.xml", "sipp", 5070, timeout_s=180, keys={"rtpport": "5072"})
    try:
        # t9dial switches to baresip: a contact numbered 5070, [dial] method = "baresip", reload.
        with open("/etc/t9dial/sip.vcf", "w") as file:
            file.write("BEGIN:VCARD\nVERSION:3.0\nUID:sam\nFN:Sam Sipp\nTEL:5070\nEND:VCARD\n")
        config = read(CONFIG).replace('"/etc/t9dial/more.vcf"]', '"/etc/t9dial/more.vcf", "/etc/t9dial/sip.vcf"]')
        config = re.sub(r"\[dial\]\n.*?\n\n", '[dial]\nmethod = "baresip"\ncontrol = "127.0.0.1:4444"\n\n', config, flags=re.S)
        with open(CONFIG + ".new", "w") as file:
            file.write(config)
        os.rename(CONFIG + ".new", CONFIG)
        run("systemctl", "reload", "t9dial.service")
        check("sip: reloaded with [dial] method = \"baresip\" and the contact Sam Sipp, 5070",
              wait_for(60, lambda: "reloaded: 23 contacts" in journal()), tail(journal()))
        check("sip: the service reaches baresip's ctrl_tcp on loopback (IPAddressAllow=localhost)",
              wait_for(60, lambda: "connected to baresip's ctrl_tcp at 127.0.0.1:4444" in journal()), tail(journal()))
        type_keys(host, "kp_7", "kp_2", "kp_6", "kp_decimal")
        check("sip: 726 # calls Sam Sipp through baresip",
              wait_for(60, lambda: "calling Sam Sipp at 5070 via baresip" in journal()), tail(journal()))
        acked = wait_for(60, lambda: re.search(r"^ACK sip:", read(messages), re.M) is not None)
        check("sip: SIPp on 127.0.0.1:5070 answered, and baresip's ACK reached it", acked,
              tail(journal()) + " || " + tail(read(STATE + "/sipp.log")))
        time.sleep(3)  # connected for a few seconds
        check("sip: the call is still up after 3 s (aufile's tone has not ended it)", acked and sipp.poll() is None,
              f"SIPp exited {sipp.returncode}")
        type_keys(host, "kp_decimal", hold_ms=1500)
        try:
            status = sipp.wait(timeout=60)
        except subprocess.TimeoutExpired:
            status = None
        hung_up = status == 0 and re.search(r"^BYE sip:", read(messages), re.M) is not None
        check("sip: # held hangs up: SIPp got the BYE and ended its scenario (exit 0)", hung_up,
              "" if hung_up else f"exit {status}; " + tail(read(STATE + "/sipp-errors.log") + read(STATE + "/sipp.log")))
        ended = r"call to Sam Sipp \(5070\): answered, connected \d+:\d\d"
        logged = wait_for(30, lambda: re.search(ended, journal("-p", "info")))
        check("sip: the journal has the call, answered, with its time", logged is not None,
              logged.group(0) if logged else tail(journal()))

        def last_call():
            calls = history_calls()
            return calls[0] if calls and calls[0].get("number") == "5070" else None
        call = wait_for(30, last_call) or {}
        check("sip: t9dial history --json, as root, has it: out, answered, connected for a while",
              call.get("direction") == "out" and call.get("outcome") == "answered" and (call.get("duration") or 0) > 0,
              json.dumps(call))
        check("sip: nothing was denied or logged at error priority", *nothing_denied(since))
    finally:
        if sipp.poll() is None:
            sipp.kill()
            sipp.wait()


def sip_ring(host):
    """A SIP call coming in rings through the hardened service, on the board's sound card (card
    0, QEMU's intel-hda) and its beeper (pcspkr, which the udev rule links as
    /dev/input/t9dial-beeper), as the unit allows them (the audio group, DeviceAllow). SIPp
    calls baresip and waits to be turned away; the call rings for two of the US ring's on parts
    (2 s on, 4 s off, 2 s on) and is rejected with # held in the second off part. The host
    measures what QEMU recorded of each between the marks (run-board-tests.py)."""
    check = host.check
    since = time.strftime("%Y-%m-%d %H:%M:%S")
    beeper = "/dev/input/t9dial-beeper"
    check("ring: the udev rule links the PC speaker (pcspkr, EV_SND) as " + beeper,
          wait_for(30, lambda: os.path.exists(beeper)), run("ls", "-l", "/dev/input").stdout.replace("\n", " ")[-300:])
    with open(CONFIG + ".new", "w") as file:
        file.write(read(CONFIG) + '\n[sound]\ndevice = "default"\nbeeper = "' + beeper + '"\nring = "us"\n')
    os.rename(CONFIG + ".new", CONFIG)
    run("systemctl", "reload", "t9dial.service")
    check("ring: reloaded with [sound] on the card and the beeper",
          wait_for(60, lambda: "reloaded: 23 contacts" in journal("--since", since)), tail(journal()))
    check("ring: the service is connected to baresip", wait_for(60, lambda: "connected to baresip's ctrl_tcp" in journal()), tail(journal()))
    messages = STATE + "/sipp-in-messages.log"
    host.ask("mark", name="sip-ring")
    sipp = start_sipp("uac-rejected.xml", "sipp-in", 5080, to=BARESIP_SIP,
                      keys={"callername": "Sam Sipp", "callernumber": "5070", "rtpport": "5082"})
    try:
        incoming = wait_for(60, lambda: "incoming call from 5070 (Sam Sipp)" in journal("--since", since), step=0.25)
        check("ring: SIPp's call through baresip reaches the service: incoming call from 5070 (Sam Sipp)", incoming,
              tail(journal()) + " || " + tail(read(STATE + "/sipp-in.log")))
        time.sleep(8.5)  # 2 s on, 4 s off, 2 s on, and into the second off part
        type_keys(host, "kp_decimal", hold_ms=1500)
        try:
            status = sipp.wait(timeout=60)
        except subprocess.TimeoutExpired:
            status = None
        check("ring: # held rejects it: SIPp was turned away and ended its scenario (exit 0)", status == 0,
              f"exit {status}; " + tail(read(STATE + "/sipp-in-errors.log") + read(STATE + "/sipp-in.log")))
        time.sleep(2)  # the player lets the card go a second after the ring stops
        host.ask("mark", name="sip-ring-end")
        words = ("sound", "alsa", "beeper", "not permitted", "denied")
        problems = [line for line in journal("-p", "warning", "--since", since).splitlines() if any(w in line.lower() for w in words)]
        check("ring: no sound device was refused to the service, and no sound notice was logged", not problems,
              tail(" | ".join(problems)))
    finally:
        if sipp.poll() is None:
            sipp.kill()
            sipp.wait()


def nothing_denied(since):
    """Whether the service's journal since `since` has no denial and nothing at error priority;
    with its errors, for the check's detail."""
    errors = journal("-p", "err", "--since", since)
    return "Operation not permitted" not in journal("--since", since) and errors.strip() == "", tail(errors)


def reloaded(since, times):
    """Whether `systemctl reload` (SIGHUP) has been taken `times` times since `since`, the last
    one done (a write to the config may reload it by itself, before the SIGHUP's)."""
    text = journal("--since", since)
    return text.count("SIGHUP: reloading") >= times and text.rfind("reloaded: ") > text.rfind("SIGHUP: reloading")


def newest_call(number):
    """The newest call of the service's history if it is to or from `number`, else None."""
    calls = history_calls()
    return calls[0] if calls and calls[0].get("number") == number else None


def speed_dial_and_redial(host):
    """Speed dial and redial on the keypad, through baresip to SIPp on 127.0.0.1:5070 (the
    account's domain, so every number reaches it, and its request URI names the number), which
    answers each of three calls and hangs up 2 s later (uas-answer-then-bye.xml). Key 2 is set
    with `t9dial speed-dial set`, as root (it keeps it in the service's history, as `t9dial
    history` reads it), then in the config's [speed_dial], which wins; each is taken up by
    `systemctl reload` and called by a long press of 2 on the empty query. Then the call key
    twice calls the last number again."""
    check = host.check
    since = time.strftime("%Y-%m-%d %H:%M:%S")
    far = start_sipp("uas-answer-then-bye.xml", "sipp-speed", 5070, calls=3, keys={"rtpport": "5072"})
    answered = r"call to {}: answered, connected \d+:\d\d"

    def went_out(number, name=None, count=1):
        """The call to `number` reached SIPp and ended answered, `count` times since `since`,
        and the history's newest call is it: out, answered, connected for a while."""
        whom = f"{name} \\({number}\\)" if name else number
        reached = wait_for(30, lambda: sum(uri.startswith(f"sip:{number}@") for uri in invites_got("sipp-speed")) >= count)
        logged = wait_for(30, lambda: len(re.findall(answered.format(whom), journal("-p", "info", "--since", since))) >= count)
        call = wait_for(30, lambda: newest_call(number)) or {}
        ok = reached and logged and call.get("direction") == "out" and call.get("outcome") == "answered" and (call.get("duration") or 0) > 0
        return ok, f"INVITEs {invites_got('sipp-speed')}; newest {json.dumps(call)}; " + ("" if ok else tail(journal()))

    try:
        kept = run("/usr/bin/t9dial", "speed-dial", "set", "2", "5072")
        check("speed dial: t9dial speed-dial set 2 5072, as root, keeps it in the service's history",
              kept.returncode == 0 and "/var/lib/t9dial/" in kept.stdout, (kept.stdout + kept.stderr).strip()[:200])
        run("systemctl", "reload", "t9dial.service")
        check("speed dial: systemctl reload takes it up", wait_for(60, lambda: reloaded(since, 1)), tail(journal()))
        type_keys(host, "kp_2", hold_ms=1000)
        check("speed dial: 2 held on the empty query calls 5072: SIPp gets the INVITE to sip:5072@, "
              "and the history has the call, out and answered", *went_out("5072"))

        with open(CONFIG + ".new", "w") as file:
            file.write(read(CONFIG) + '\n[speed_dial]\n2 = "Sam Sipp"\n')
        os.rename(CONFIG + ".new", CONFIG)
        run("systemctl", "reload", "t9dial.service")
        check("speed dial: reloaded with [speed_dial] 2 = \"Sam Sipp\" in the config", wait_for(60, lambda: reloaded(since, 2)),
              tail(journal()))
        type_keys(host, "kp_2", hold_ms=1000)
        check("speed dial: the config's key 2 wins over the kept one: 2 held calls Sam Sipp at 5070 (INVITE to sip:5070@)",
              *went_out("5070", "Sam Sipp"))

        time.sleep(1)  # the service reads its call log again once the history has the call
        type_keys(host, "kp_enter", "kp_enter")
        ok, detail = went_out("5070", "Sam Sipp", count=2)
        newest = history_calls()[:2]
        check("redial: Enter twice on the empty query calls Sam Sipp at 5070 again, and the history has both calls",
              ok and [call.get("number") for call in newest] == ["5070", "5070"], detail)
        status = sipp_ended(far)
        check("speed dial: SIPp answered its three calls and ended its scenario (exit 0)", status == 0,
              f"exit {status}; " + tail(read(STATE + "/sipp-speed-errors.log") + read(STATE + "/sipp-speed.log")))
    finally:
        stop_sipp(far)


def call_waiting(host):
    """A second SIP call during one, through the service's keys: Ann calls (uac-held.xml, which
    takes re-INVITEs and shows their SDP) and Enter answers; Bob calls during it and waits;
    Enter answers him and holds Ann, * held swaps them, # held ends Ann's call and Bob comes
    back, # held ends his. What baresip did to each call is seen at its far end: a re-INVITE
    with a=sendonly (or inactive) holds it, one with a=sendrecv resumes it."""
    check = host.check
    since = time.strftime("%Y-%m-%d %H:%M:%S")
    held = ("sendonly", "inactive")
    ann = start_sipp("uac-held.xml", "sipp-ann", 5080, to=BARESIP_SIP,
                     keys={"callername": "Ann", "callernumber": "5081", "rtpport": "5082"})
    bob = None
    try:
        check("waiting: Ann's call rings here (incoming call from 5081 (Ann))",
              wait_for(60, lambda: "incoming call from 5081 (Ann)" in journal("--since", since), step=0.25), tail(journal()))
        type_keys(host, "kp_enter")
        check("waiting: Enter answers it: Ann's SIPp got the 200 and sent its ACK",
              wait_for(30, lambda: re.search(r"^ACK sip:", read(STATE + "/sipp-ann-messages.log"), re.M)),
              tail(journal()) + " || " + tail(read(STATE + "/sipp-ann.log")))
        time.sleep(2)  # baresip tells the service the call is established once the ACK is in
        bob = start_sipp("uac-held.xml", "sipp-bob", 5090, to=BARESIP_SIP,
                         keys={"callername": "Bob", "callernumber": "5091", "rtpport": "5092"})
        check("waiting: Bob's call during it waits: the journal says call waiting from 5091 (Bob)",
              wait_for(60, lambda: "call waiting from 5091 (Bob)" in journal("--since", since), step=0.25),
              tail(journal()) + " || " + tail(read(STATE + "/sipp-bob.log")))
        check("waiting: Ann's call goes on meanwhile", ann.poll() is None and reinvite_directions("sipp-ann") == [],
              f"SIPp exited {ann.returncode}, re-INVITEs {reinvite_directions('sipp-ann')}")

        type_keys(host, "kp_enter")
        answered = wait_for(30, lambda: re.search(r"^ACK sip:", read(STATE + "/sipp-bob-messages.log"), re.M)
                            and reinvite_directions("sipp-ann")[:1] in ([held[0]], [held[1]]))
        check("waiting: Enter answers Bob (his SIPp got the 200) and holds Ann (a re-INVITE with a=sendonly or inactive)",
              answered, f"Ann's re-INVITEs {reinvite_directions('sipp-ann')}; " + tail(journal()))
        type_keys(host, "kp_multiply", hold_ms=1000)
        swapped = wait_for(30, lambda: reinvite_directions("sipp-ann")[1:] == ["sendrecv"]
                           and reinvite_directions("sipp-bob")[:1] in ([held[0]], [held[1]]))
        check("waiting: * held swaps: Ann comes back (a=sendrecv) and Bob is held", swapped,
              f"Ann's re-INVITEs {reinvite_directions('sipp-ann')}, Bob's {reinvite_directions('sipp-bob')}")

        type_keys(host, "kp_decimal", hold_ms=1500)
        status = sipp_ended(ann, 30)
        check("waiting: # held ends Ann's call: her SIPp got the BYE and ended its scenario (exit 0)", status == 0,
              f"exit {status}; " + tail(read(STATE + "/sipp-ann-errors.log") + read(STATE + "/sipp-ann.log")))
        back = wait_for(30, lambda: reinvite_directions("sipp-bob")[-1:] == ["sendrecv"])
        check("waiting: and Bob comes back, resumed (a=sendrecv), still connected", back and bob.poll() is None,
              f"Bob's re-INVITEs {reinvite_directions('sipp-bob')}, SIPp {bob.returncode}")
        type_keys(host, "kp_decimal", hold_ms=1500)
        status = sipp_ended(bob, 30)
        check("waiting: # held ends Bob's call: his SIPp got the BYE (exit 0)", status == 0,
              f"exit {status}; " + tail(read(STATE + "/sipp-bob-errors.log") + read(STATE + "/sipp-bob.log")))

        def both_recorded():
            calls = {call.get("number"): call for call in history_calls()[:2]}
            return all(calls.get(number, {}).get("direction") == "in" and calls[number].get("outcome") == "answered"
                       and (calls[number].get("duration") or 0) > 0 for number in ("5081", "5091")) and calls
        recorded = wait_for(30, both_recorded)
        check("waiting: the history has both calls, in and answered", bool(recorded), json.dumps(history_calls()[:2]))
        check("waiting: nothing was denied or logged at error priority", *nothing_denied(since))
    finally:
        stop_sipp(ann, bob)


def main():
    os.makedirs(STATE, exist_ok=True)
    phase = open(PHASE).read().strip() if os.path.exists(PHASE) else "first"
    if phase == "done":
        return
    host = Host()
    try:
        if phase == "first":
            phase_one(host)
            return
        phase_two(host)
    except Exception as error:  # a check that crashed is a failure, not a hang
        host.check(f"the checks ran to the end ({type(error).__name__}: {error})", False)
    host.ask("done", passed=host.passed, failed=host.failed)
    run("systemctl", "poweroff")


if __name__ == "__main__":
    main()
