#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs t9dial's tests against a real Linux kernel: Debian's kernel booted in QEMU with
virtme-ng, a USB keyboard on an xHCI controller that this script types on over QMP, uinput
and vfb. See README.md beside this file for what is tested.

The guest runs guest-tests.sh as root. When it needs the host to act (press keys on the USB
keypad, unplug it, plug it back) it writes a request file into the shared folder and waits for
the answer file; this script carries the request out over QMP. The guest writes one PASS or
FAIL line per check to results.txt, which is printed at the end with a count.

The guest's sound is recorded on the host: its sound card (intel-hda with hda-output) in
hda.wav and its PC speaker in pcspk.wav, through QEMU's wav audiodev, in the work folder. When
the guest asks for a mark before each sound scenario, the size of each recording is noted in
marks.json; after the run, sound-check.py measures each scenario's sound and its lines join
the report. The recordings are kept in the work folder for a person to listen to.

The program is the release build (make test-vm runs make release and make install-data first),
and the guest installs it with make install-files INSTALL_BUILD=release TRAITS=<--traits>.

Usage: run-vm-tests.py --t9dial .build/release/t9dial [--traits default] [--kernel /boot/vmlinuz-...] [--keep]
                       [--only sound|mixer|drm]
"""
import argparse
import glob
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Tests", "Support", "qemu"))
from qmp import QMP  # noqa: E402

spec = importlib.util.spec_from_file_location("sound_check", os.path.join(HERE, "sound-check.py"))
sound_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sound_check)
# The whole run: boot (about a minute under emulation) and every scenario, with room to spare.
TIME_LIMIT_S = 25 * 60
KEY_HOLD_MS = 60
# Between two key presses: a quick human, and well inside multi-tap's 800 ms.
KEY_GAP_S = 0.15


# QEMU's recordings of the guest's sound, in the work folder.
RECORDINGS = ("hda", "pcspk")


def carry_out(qmp, request, work, marks):
    """Does what one guest request asks. Keys are qcodes: kp_0..kp_9, kp_enter, kp_divide...
    A mark notes where each recording stands, under the name the guest gives (its one key)."""
    action = request["action"]
    if action == "mark":
        sizes = {which: os.path.getsize(os.path.join(work, f"{which}.wav")) for which in RECORDINGS}
        marks.append({"name": request["keys"][0], "seconds": time.monotonic(), **sizes})
        with open(os.path.join(work, "marks.json"), "w") as file:
            json.dump(marks, file, indent=1)
        return
    if action == "keys":
        for key in request["keys"]:
            qmp.execute("send-key", keys=[{"type": "qcode", "data": key}], **{"hold-time": KEY_HOLD_MS})
            time.sleep(KEY_HOLD_MS / 1000 + KEY_GAP_S)
    elif action == "screendump":
        # What QEMU's display scans out, as a binary PPM the guest compares (drm-check.py).
        qmp.execute("screendump", filename=os.path.join(work, request["keys"][0] + ".ppm"))
    elif action == "unplug":
        qmp.execute("device_del", id="kp")
    elif action == "plug":
        # On the port it was unplugged from, so its by-id link (which names the port) is the same.
        qmp.execute("device_add", driver="usb-kbd", id="kp", bus="xhci.0", port="1")
    else:
        raise RuntimeError(f"unknown request {request}")


def qemu_path(folder, name):
    """A path as a QEMU option's value, where a comma is written twice."""
    return os.path.join(folder, name).replace(",", ",,")


def newest_kernel():
    kernels = sorted(glob.glob("/boot/vmlinuz-*"), key=os.path.getmtime)
    if not kernels:
        sys.exit("run-vm-tests: no kernel in /boot; install linux-image-amd64 (make test-vm does)")
    return kernels[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--t9dial", required=True, help="the release build of t9dial (make release)")
    parser.add_argument("--traits", default="default",
                        help="make's TRAITS the program was built with, for the guest's make install-files")
    parser.add_argument("--kernel", default=None, help="the kernel to boot (default: the newest in /boot)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs, PNGs) afterwards")
    parser.add_argument("--only", choices=("sound", "mixer", "drm"), default=None,
                        help="run only the sound checks (8.), to work on them: a shorter run; or only the "
                             "mixer's (9.), on hda-duplex, with the debug test binary (swift build --build-tests); or only DRM/KMS's "
                             "(10.), on a bochs-display with no fbdev emulation")
    args = parser.parse_args()
    t9dial = os.path.abspath(args.t9dial)
    if not os.access(t9dial, os.X_OK):
        sys.exit(f"run-vm-tests: {t9dial} is not a built program; run make release first")
    kernel = args.kernel or newest_kernel()
    vng = shutil.which("vng")
    if vng is None:
        sys.exit("run-vm-tests: vng (virtme-ng) is not on PATH; make test-vm installs it")

    os.makedirs(os.path.join(REPO, ".build"), exist_ok=True)
    work = tempfile.mkdtemp(prefix="vm-test-", dir=os.path.join(REPO, ".build"))
    os.chmod(work, 0o755)  # the guest's unprivileged t9dial reads its config here
    os.makedirs(os.path.join(work, "requests"))
    with open(os.path.join(work, "env.sh"), "w") as env:
        env.write(f"T9DIAL='{t9dial}'\nTRAITS='{args.traits}'\nREPO='{REPO}'\nRW='{work}'\nONLY='{args.only or ''}'\n")
    qmp_socket = os.path.join(work, "qmp.sock")
    console_log = os.path.join(work, "console.log")
    guest = os.path.join(HERE, "guest-tests.sh")
    command = [
        vng, "--run", kernel, "--disable-kvm", "--memory", "1G", "--rwdir", work,
        "--qemu-opts=-device qemu-xhci,id=xhci -device usb-kbd,id=kp,bus=xhci.0,port=1 "
        f"-qmp unix:{qmp_socket},server=on,wait=off "
        # The sound card at full volume whatever the guest's mixer (mixer=off), and the PC
        # speaker; QEMU writes each to a WAV, and only while the guest plays on it.
        f"-audiodev wav,id=snd0,path={qemu_path(work, 'hda.wav')} -device intel-hda "
        # The mixer's check (--only mixer) needs the codec's volume and capture controls.
        + ("-device hda-duplex,audiodev=snd0 " if args.only == "mixer" else "-device hda-output,audiodev=snd0,mixer=off ")
        + f"-audiodev wav,id=snd1,path={qemu_path(work, 'pcspk.wav')} -machine pcspk-audiodev=snd1"
        # DRM/KMS's check (--only drm): a bochs-display whose EDID prefers 320x240, and no
        # /dev/fb from its driver.
        + (" -device bochs-display,xres=320,yres=240" if args.only == "drm" else ""),
        *(["--append", "drm_kms_helper.fbdev_emulation=0"] if args.only == "drm" else []),
        "--", guest, work,
    ]
    print(f"run-vm-tests: booting {kernel} under QEMU (no KVM; about a minute), work folder {work}", flush=True)
    started = time.monotonic()
    deadline = started + TIME_LIMIT_S
    with open(console_log, "w") as console:
        vm = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT)
    failure = None
    marks = []
    try:
        qmp = QMP(qmp_socket, deadline)
        answered = set()
        while vm.poll() is None:
            if time.monotonic() > deadline:
                failure = f"the VM did not finish within {TIME_LIMIT_S} s"
                vm.kill()
                break
            for path in sorted(glob.glob(os.path.join(work, "requests", "*.json"))):
                if path in answered:
                    continue
                with open(path) as file:
                    request = json.load(file)
                print(f"run-vm-tests: guest asks: {request}", flush=True)
                carry_out(qmp, request, work, marks)
                answered.add(path)
                with open(path[: -len(".json")] + ".done", "w") as done:
                    done.write("done\n")
            time.sleep(0.1)
    except Exception as error:  # report, then still print what the guest found
        failure = str(error)
        vm.kill()
    vm.wait()
    elapsed = time.monotonic() - started

    results_path = os.path.join(work, "results.txt")
    results = open(results_path).read().splitlines() if os.path.exists(results_path) else []
    # What the guest played, measured here (the guest's DONE line stays last).
    done = [line for line in results if line.startswith("DONE")]
    results = [line for line in results if not line.startswith("DONE")]
    # The mixer's run plays nothing to measure.
    results += (sound_check.checks(work, sound_check.SCENARIOS) if args.only not in ("mixer", "drm") else []) + done
    print(f"\nrun-vm-tests: what the guest checked ({elapsed:.0f} s):")
    for line in results:
        print("  " + line)
    passed = sum(1 for line in results if line.startswith("PASS"))
    failed = sum(1 for line in results if line.startswith("FAIL"))
    finished = any(line.startswith("DONE") for line in results)
    if len(marks) > 1:
        print(f"run-vm-tests: the sound scenarios took {marks[-1]['seconds'] - marks[0]['seconds']:.0f} s")
    if failure:
        print(f"run-vm-tests: {failure}")
    if not finished:
        print("run-vm-tests: the guest script did not finish; the end of the console and guest log:")
        for name in ("console.log", "guest.log"):
            path = os.path.join(work, name)
            if os.path.exists(path):
                print(f"--- {name}")
                print("".join(open(path, errors="replace").readlines()[-40:]))
        failed += 1
    if failed and not args.keep:
        print(f"run-vm-tests: logs kept in {work}")
    elif not args.keep:
        # The recordings stay, for a person to listen to; the rest goes.
        for name in os.listdir(work):
            if name not in [f"{which}.wav" for which in RECORDINGS] + ["marks.json", "led.events"]:
                path = os.path.join(work, name)
                if os.path.isdir(path):
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    os.remove(path)
    print(f"run-vm-tests: the guest's sound as QEMU recorded it: {work}/hda.wav (the sound card), "
          f"{work}/pcspk.wav (the PC speaker)")
    print(f"vm-tests: {passed} passed, {failed} failed")
    sys.exit(1 if failed or failure else 0)


if __name__ == "__main__":
    main()
