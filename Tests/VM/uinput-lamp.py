#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A keyboard's caps-lock lamp made with uinput, for the VM tests: an input device that
declares the LED LED_CAPSL, which input-leds makes the LED class device
/sys/class/leds/inputN::capslock. What is written to that LED's brightness the kernel sends to
the device as an EV_LED event, which comes back on the uinput descriptor stamped with the
kernel's clock: the times the LED really changed, whatever the guest's scheduling.

Prints "ready inputN::capslock" once the LED exists, then each LED event as
"led CODE VALUE SECONDS" (the kernel's stamp), until standard input closes or says "quit".
A line "mark NAME" on standard input is printed as it is, between the events: where a
scenario begins, so that the host measures each scenario's changes apart.
"""
import importlib.util
import os
import select
import struct
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("uinput_keypad", os.path.join(HERE, "uinput-keypad.py"))
keypad = importlib.util.module_from_spec(spec)
spec.loader.exec_module(keypad)
libevdev = keypad.libevdev
libevdev.libevdev_uinput_get_fd.argtypes = [keypad.ctypes.c_void_p]
libevdev.libevdev_uinput_get_syspath.argtypes = [keypad.ctypes.c_void_p]
libevdev.libevdev_uinput_get_syspath.restype = keypad.ctypes.c_char_p

EV_LED, LED_CAPSL = 0x11, 1
# struct input_event on a 64-bit machine: two longs of time, the type, the code, the value.
EVENT = struct.Struct("llHHi")


def main():
    device = libevdev.libevdev_new()
    libevdev.libevdev_set_name(device, b"t9dial test lamp")
    libevdev.libevdev_enable_event_type(device, EV_LED)
    libevdev.libevdev_enable_event_code(device, EV_LED, LED_CAPSL, None)
    uinput = keypad.ctypes.c_void_p()
    status = libevdev.libevdev_uinput_create_from_device(
        device, keypad.LIBEVDEV_UINPUT_OPEN_MANAGED, keypad.ctypes.byref(uinput))
    if status != 0:
        sys.exit(f"uinput: {os.strerror(-status)} (is the uinput module loaded, are you root?)")
    name = os.path.basename(libevdev.libevdev_uinput_get_syspath(uinput).decode()) + "::capslock"
    deadline = time.monotonic() + 30
    while not os.path.exists(f"/sys/class/leds/{name}"):
        if time.monotonic() > deadline:
            sys.exit(f"no /sys/class/leds/{name} after 30 s: is input-leds loaded?")
        time.sleep(0.1)
    print(f"ready {name}", flush=True)
    descriptor = libevdev.libevdev_uinput_get_fd(uinput)
    while True:
        readable, _, _ = select.select([descriptor, sys.stdin], [], [])
        if descriptor in readable:
            data = os.read(descriptor, EVENT.size * 64)
            for offset in range(0, len(data) - EVENT.size + 1, EVENT.size):
                seconds, microseconds, type_, code, value = EVENT.unpack_from(data, offset)
                if type_ == EV_LED:
                    print(f"led {code} {value} {seconds}.{microseconds:06d}", flush=True)
        if sys.stdin in readable:
            line = sys.stdin.readline().strip()
            if line in ("", "quit"):
                break
            if line.startswith("mark "):
                print(line, flush=True)
    libevdev.libevdev_uinput_destroy(uinput)
    libevdev.libevdev_free(device)


if __name__ == "__main__":
    main()
