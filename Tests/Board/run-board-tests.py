#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make test-board: t9dial on a whole Debian 12 board with systemd as PID 1, under QEMU.

Builds the image (build-image.sh), boots it with Debian's kernel and an xHCI controller with
no keyboard yet, and carries out what the checks in the guest ask over a virtio serial port:
plug QEMU's USB keyboard in (device_add over QMP), unplug it, press keys (send-key, tapped or
held). The guest sends one PASS or FAIL line per check the same way; it reboots once by itself
and powers off at the end. See README.md beside this file for every check.

Usage: run-board-tests.py --deb t9dial_VERSION_ARCH.deb [--keep]   (as root; make test-board)
"""
import argparse
import glob
import importlib.util
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Tests", "Support", "qemu"))
from qmp import QMP, connect  # noqa: E402

# What QEMU records of the board's sound is measured as the VM suite measures it.
spec = importlib.util.spec_from_file_location("sound_check", os.path.join(REPO, "Tests", "VM", "sound-check.py"))
sound_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sound_check)
# Two boots under emulation (no KVM) and every check, with room to spare.
TIME_LIMIT_S = 30 * 60
KEY_HOLD_MS = 60
KEY_GAP_S = 0.2


# QEMU's recordings of the board's sound card and PC speaker, in the work folder.
RECORDINGS = ("hda", "pcspk")
# What the guest's sip_ring played, by the name of its mark: the US ring (440 + 480 Hz, 2 s on,
# 4 s off) until the call is rejected in its second off part, on the card and on the beeper
# (the pair's higher tone; QEMU leaves the beeper's off parts out of its recording).
SCENARIOS = {
    "sip-ring": lambda r, marks, work: sound_check.check_ring(
        r["hda"], marks, "sip-ring", "ring: the service's sound card, an incoming SIP call", sound_check.US_RING,
        [2000, 4000, 2000])
    + sound_check.check_beeper(
        r["pcspk"], marks, "sip-ring", "ring: the service's beeper (pcspkr), an incoming SIP call", max(sound_check.US_RING),
        [2000, 2000]),
}


def mark(work, marks, name):
    """Notes where each recording stands when the guest starts a scenario (marks.json)."""
    sizes = {}
    for which in RECORDINGS:
        path = os.path.join(work, f"{which}.wav")
        sizes[which] = os.path.getsize(path) if os.path.exists(path) else 0
    marks.append({"name": name, "seconds": time.monotonic(), **sizes})
    with open(os.path.join(work, "marks.json"), "w") as file:
        json.dump(marks, file, indent=1)


def kernel_version():
    kernels = sorted(glob.glob("/boot/vmlinuz-*"))
    if not kernels:
        sys.exit("run-board-tests: no /boot/vmlinuz-*: install linux-image-amd64")
    return os.path.basename(kernels[-1])[len("vmlinuz-"):]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the work folder (image, console log)")
    parser.add_argument("--deb", required=True, help="t9dial's Debian package (make deb), installed in the image")
    args = parser.parse_args()
    version = kernel_version()
    work = tempfile.mkdtemp(prefix="board-test-", dir=os.path.join(REPO, ".build"))
    image = os.path.join(work, "root.img")
    start = time.monotonic()
    subprocess.run([os.path.join(HERE, "build-image.sh"), image, version, args.deb], check=True)
    print(f"run-board-tests: image made in {time.monotonic() - start:.0f} s; booting Debian 12 under QEMU (no KVM)", flush=True)

    qmp_path, channel_path = os.path.join(work, "qmp.sock"), os.path.join(work, "channel.sock")
    console = open(os.path.join(work, "console.log"), "w")
    vm = subprocess.Popen([
        "qemu-system-x86_64", "-machine", "q35,pcspk-audiodev=snd1", "-m", "2G", "-smp", "2", "-display", "none",
        "-serial", "file:" + os.path.join(work, "console.log"),
        "-kernel", f"/boot/vmlinuz-{version}", "-initrd", f"/boot/initrd.img-{version}",
        "-append", "root=/dev/vda rw console=ttyS0 systemd.show_status=0",
        "-drive", f"file={image},if=virtio,format=raw",
        "-device", "qemu-xhci,id=xhci",
        # A NIC for baresip's local address; restricted: nothing leaves the guest.
        "-nic", "user,model=e1000e,restrict=on",
        "-device", "virtio-serial", "-chardev", f"socket,id=t9,path={channel_path},server=on,wait=off",
        "-device", "virtserialport,chardev=t9,name=t9test",
        "-qmp", f"unix:{qmp_path},server=on,wait=off",
        # The board's sound card and PC speaker, each recorded into a WAV while it plays.
        "-audiodev", f"wav,id=snd0,path={os.path.join(work, 'hda.wav')}", "-device", "intel-hda",
        "-device", "hda-output,audiodev=snd0,mixer=off",
        "-audiodev", f"wav,id=snd1,path={os.path.join(work, 'pcspk.wav')}",
    ], stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + TIME_LIMIT_S
    results = []
    marks = []
    finished = False
    try:
        qmp = QMP(qmp_path, deadline)
        channel = connect(channel_path, deadline)
        pending = b""
        while vm.poll() is None and time.monotonic() < deadline:
            if b"\n" not in pending:
                ready, _, _ = select.select([channel], [], [], 5)
                if ready:
                    data = channel.recv(4096)
                    if not data:
                        break
                    pending += data
                continue
            line, pending = pending.split(b"\n", 1)
            request = json.loads(line)
            action = request["action"]
            if action == "result":
                print("  " + request["line"], flush=True)
                results.append(request["line"])
            elif action == "keys":
                # A tap, or a press held for hold_ms (# held hangs up a call).
                hold = request.get("hold_ms", KEY_HOLD_MS)
                for key in request["keys"]:
                    qmp.execute("send-key", keys=[{"type": "qcode", "data": key}], **{"hold-time": hold})
                    time.sleep(hold / 1000 + KEY_GAP_S)
            elif action == "plug":
                qmp.execute("device_add", driver="usb-kbd", id="kp", bus="xhci.0", port="1")
            elif action == "unplug":
                qmp.execute("device_del", id="kp")
            elif action == "mark":
                mark(work, marks, request["name"])
            elif action == "note":
                print(f"run-board-tests: the guest says: {request['text']}", flush=True)
            elif action == "done":
                finished = True
            channel.sendall(b"ok\n")
        vm.wait(timeout=max(1, deadline - time.monotonic()))
    except (RuntimeError, OSError, subprocess.TimeoutExpired, json.JSONDecodeError) as error:
        print(f"run-board-tests: {error}", flush=True)
    finally:
        if vm.poll() is None:
            vm.kill()
            vm.wait()
        console.close()
    if finished:
        sound = sound_check.checks(work, SCENARIOS)
        for line in sound:
            print("  " + line)
        results += sound
    passed = sum(line.startswith("PASS") for line in results)
    failed = sum(line.startswith("FAIL") for line in results)
    if not finished:
        failed += 1
        print("  FAIL the checks ran to the end and powered the board off (see console.log)")
    elapsed = time.monotonic() - start
    if failed or args.keep:
        print(f"run-board-tests: kept {work} (console.log has the guest's boot and the checks' output)")
    else:
        # The recordings stay, for a person to listen to; the rest (the 3 GB image) goes.
        kept = [f"{which}.wav" for which in RECORDINGS] + ["marks.json"]
        for name in os.listdir(work):
            if name not in kept:
                path = os.path.join(work, name)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        print(f"run-board-tests: the board's sound as QEMU recorded it: {work}/hda.wav, {work}/pcspk.wav")
    print(f"board-tests: {passed} passed, {failed} failed ({elapsed:.0f} s)")
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
