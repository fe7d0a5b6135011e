#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A GPIO-style keypad made with uinput through libevdev, for the VM tests.

It creates a device the way gpio-matrix-keypad or gpio-keys would (bus BUS_HOST, the phone
keypad codes KEY_NUMERIC_0..9, STAR and POUND, MSC_SCAN before each key), then reads commands
from standard input, one a line, and types them with real delays: the kernel stamps each event
when it is written, so bounce must happen in time, not in the timestamps.

  press KEYS [bounce]   press and release each key (0-9 * #), 150 ms apart; with "bounce",
                        each contact chatters: extra release/press pairs 1 to 3 ms apart when
                        it closes and when it opens, as a worn keypad's do
  hold KEY MS [bounce]  hold one key for MS milliseconds
  down KEY, up KEY      press one key and leave it down; let it go
  flood KEY COUNT       COUNT taps of one key written at once, with no delay: far more than
                        a reader's kernel buffer holds when the reader is not reading
  sleep MS              wait
  quit                  destroy the device and exit

Options: --name (default matrix-keypad), --bus host|usb, --vendor, --product (hex), --codes
numeric|power (a gpio-keys power button, for the udev rule's negative case), --window-ms (the
reader's debounce window, default 30). Prints "ready /dev/input/eventN" once the device exists,
and "done COMMAND" after each command; after a bouncing one, with the longest chatter gap (from
a release to the press that bounced back) and how many contacts were cut short, as
"(longest chatter gap 2.1 ms, 0 of 8 contacts cut short)".

What makes a glitch chatter, not a second press, is the time from a release to the press that
follows it: under the reader's window. A sleep in a loaded, emulated guest can last far longer
than asked (over 100 ms has been seen with a busy host core), so the clock is read before each
press that bounces back: when the sleep overran half the window, that press is not written and
the contact is cut short where it is. A closing contact then becomes a short tap (the key is
up, so its opening is skipped), an opening one has settled. Every chatter gap written is thus
under the window by construction, barring a stall of half the window between reading the clock
and writing. The longest gap reported runs from before the release was written to after the
press was, so it is never shorter than the gap between the kernel's stamps. The guest reads the
kernel's own stamps too (t9dial --verbose logs every key event with them).
"""
import argparse
import ctypes
import os
import sys
import time

EV_SYN, EV_KEY, EV_MSC = 0, 1, 4
SYN_REPORT, MSC_SCAN = 0, 4
KEY_POWER = 116
KEY_NUMERIC = {str(digit): 0x200 + digit for digit in range(10)} | {"*": 0x20A, "#": 0x20B}
BUS = {"host": 0x19, "usb": 0x03}
LIBEVDEV_UINPUT_OPEN_MANAGED = -2
# Matrix-keypad sends the scan code (row/column) first; these are a 4x3 matrix's.
SCAN = {key: index for index, key in enumerate("123456789*0#")}

libevdev = ctypes.CDLL("libevdev.so.2", use_errno=True)
libevdev.libevdev_new.restype = ctypes.c_void_p
libevdev.libevdev_set_name.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
for setter in ("libevdev_set_id_bustype", "libevdev_set_id_vendor", "libevdev_set_id_product"):
    getattr(libevdev, setter).argtypes = [ctypes.c_void_p, ctypes.c_int]
libevdev.libevdev_enable_event_type.argtypes = [ctypes.c_void_p, ctypes.c_uint]
libevdev.libevdev_enable_event_code.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p]
libevdev.libevdev_uinput_create_from_device.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
libevdev.libevdev_uinput_get_devnode.argtypes = [ctypes.c_void_p]
libevdev.libevdev_uinput_get_devnode.restype = ctypes.c_char_p
libevdev.libevdev_uinput_write_event.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_int]
libevdev.libevdev_uinput_destroy.argtypes = [ctypes.c_void_p]
libevdev.libevdev_free.argtypes = [ctypes.c_void_p]


class Keypad:
    def __init__(self, name, bus, vendor, product, codes, window_ms):
        self.device = libevdev.libevdev_new()
        libevdev.libevdev_set_name(self.device, name.encode())
        libevdev.libevdev_set_id_bustype(self.device, BUS[bus])
        libevdev.libevdev_set_id_vendor(self.device, vendor)
        libevdev.libevdev_set_id_product(self.device, product)
        libevdev.libevdev_enable_event_type(self.device, EV_KEY)
        for code in codes:
            libevdev.libevdev_enable_event_code(self.device, EV_KEY, code, None)
        libevdev.libevdev_enable_event_type(self.device, EV_MSC)
        libevdev.libevdev_enable_event_code(self.device, EV_MSC, MSC_SCAN, None)
        self.uinput = ctypes.c_void_p()
        status = libevdev.libevdev_uinput_create_from_device(
            self.device, LIBEVDEV_UINPUT_OPEN_MANAGED, ctypes.byref(self.uinput)
        )
        if status != 0:
            raise OSError(-status, f"uinput: {os.strerror(-status)} (is the uinput module loaded, are you root?)")
        self.node = libevdev.libevdev_uinput_get_devnode(self.uinput).decode()
        self.window = window_ms / 1000
        self.longest_gap = 0.0
        self.contacts = 0
        self.cut_short = 0

    def write(self, type_, code, value):
        status = libevdev.libevdev_uinput_write_event(self.uinput, type_, code, value)
        if status != 0:
            raise OSError(-status, os.strerror(-status))

    def key(self, key, value):
        self.write(EV_MSC, MSC_SCAN, SCAN[key])
        self.write(EV_KEY, KEY_NUMERIC[key], value)
        self.write(EV_SYN, SYN_REPORT, 0)

    def contact(self, key, closes, bounce):
        """The key's contact closing (press) or opening (release), chattering if asked: four
        glitches 1 to 3 ms apart before it settles. Returns whether the key ends down."""
        final = 1 if closes else 0
        if not bounce:
            self.key(key, final)
            return closes
        self.contacts += 1
        released_at = None
        steps = [(value, delay_ms) for delay_ms in (1, 2, 3, 1) for value in (final, 1 - final)] + [(final, 0)]
        for value, delay_ms in steps:
            if value == 1 and released_at is not None:
                gap = time.monotonic() - released_at
                if gap >= self.window / 2:
                    self.cut_short += 1
                    return False
            # The kernel stamps a packet when its SYN_REPORT is written, somewhere inside
            # key(): the clock read before a release and after a press bounds the gap the
            # reader sees from above, however long the guest stalled in either write.
            before = time.monotonic()
            self.key(key, value)
            if value == 1 and released_at is not None:
                self.longest_gap = max(self.longest_gap, time.monotonic() - released_at)
            released_at = before if value == 0 else None
            if delay_ms:
                time.sleep(delay_ms / 1000)
        return closes

    def hold(self, key, milliseconds, bounce):
        down = self.contact(key, True, bounce)
        time.sleep(milliseconds / 1000)
        if down:
            self.contact(key, False, bounce)

    def destroy(self):
        libevdev.libevdev_uinput_destroy(self.uinput)
        libevdev.libevdev_free(self.device)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", default="matrix-keypad")
    parser.add_argument("--bus", choices=BUS, default="host")
    parser.add_argument("--vendor", type=lambda text: int(text, 16), default=0)
    parser.add_argument("--product", type=lambda text: int(text, 16), default=0)
    parser.add_argument("--codes", choices=("numeric", "power"), default="numeric")
    parser.add_argument("--window-ms", type=float, default=30)
    args = parser.parse_args()
    codes = list(KEY_NUMERIC.values()) if args.codes == "numeric" else [KEY_POWER]
    keypad = Keypad(args.name, args.bus, args.vendor, args.product, codes, args.window_ms)
    print(f"ready {keypad.node}", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, bounce = words[0], "bounce" in words
        if command == "press":
            for key in words[1]:
                keypad.hold(key, 80, bounce)
                time.sleep(0.15)
        elif command == "hold":
            keypad.hold(words[1], int(words[2]), bounce)
        elif command == "down":
            keypad.key(words[1], 1)
        elif command == "up":
            keypad.key(words[1], 0)
        elif command == "flood":
            for _ in range(int(words[2])):
                keypad.key(words[1], 1)
                keypad.key(words[1], 0)
        elif command == "sleep":
            time.sleep(int(words[1]) / 1000)
        elif command == "quit":
            break
        else:
            print(f"unknown command: {line.strip()}", file=sys.stderr)
        note = ""
        if bounce:
            note = (f" (longest chatter gap {keypad.longest_gap * 1000:.1f} ms,"
                    f" {keypad.cut_short} of {keypad.contacts} contacts cut short)")
        keypad.longest_gap, keypad.contacts, keypad.cut_short = 0.0, 0, 0
        print(f"done {line.strip()}{note}", flush=True)
    keypad.destroy()


if __name__ == "__main__":
    main()
