#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Counts the key presses another program sees on an event device, without grabbing it: the
VM tests' stand-in for the console. While t9dial has grabbed a keypad, this sees none.

  evdev-listen.py /dev/input/eventN    prints "presses N" when it gets SIGTERM
"""
import os
import select
import signal
import struct
import sys

EVENT = struct.Struct("llHHi")  # struct input_event on 64-bit Linux
EV_KEY = 1
presses = 0


def finish(*_):
    print(f"presses {presses}", flush=True)
    sys.exit(0)


signal.signal(signal.SIGTERM, finish)
descriptor = os.open(sys.argv[1], os.O_RDONLY | os.O_NONBLOCK)
print("listening", flush=True)
while True:
    select.select([descriptor], [], [])
    try:
        data = os.read(descriptor, EVENT.size * 64)
    except BlockingIOError:
        continue
    except OSError:  # the device went away
        finish()
    for offset in range(0, len(data) - EVENT.size + 1, EVENT.size):
        _, _, kind, _, value = EVENT.unpack_from(data, offset)
        if kind == EV_KEY and value == 1:
            presses += 1
