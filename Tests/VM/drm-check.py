#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The DRM side of the VM tests.

  drm-check.py compare SCREENDUMP.ppm PNG   compare what QEMU scans out (its QMP screendump, a
                                            binary PPM) pixel for pixel with the PNG t9dial
                                            wrote of the same screen
  drm-check.py crtc /dev/dri/card0          print what the card's first CRTC scans out: its
                                            framebuffer object (0: off) and mode, read with
                                            DRM_IOCTL_MODE_GETCRTC (no DRM master needed)

t9dial draws on DRM in XRGB8888, 8 bits a channel, and its PNG of the card is 8-bit RGB, so
the two must be equal exactly. Exit 0 when they are; else 1 with the first differing pixels.
"""
import ctypes
import fcntl
import importlib.util
import os
import struct
import sys

spec = importlib.util.spec_from_file_location("fb_check", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fb-check.py"))
fb_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fb_check)


def read_ppm(path):
    """(width, height, rows of (r, g, b)) of a binary PPM (P6) with a maximum of 255."""
    data = open(path, "rb").read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position : position + 1].isspace():
            position += 1
        if data[position : position + 1] == b"#":
            position = data.index(b"\n", position)
            continue
        end = position
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    position += 1  # the one whitespace byte before the pixels
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not a binary PPM of 8-bit channels ({fields[0]!r}, maximum {fields[3]!r})")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position : position + width * height * 3]
    rows = [[tuple(pixels[(y * width + x) * 3 : (y * width + x) * 3 + 3]) for x in range(width)] for y in range(height)]
    return width, height, rows


# _IOWR('d', 0xA0, struct drm_mode_card_res) and _IOWR('d', 0xA1, struct drm_mode_crtc).
DRM_IOCTL_MODE_GETRESOURCES, DRM_IOCTL_MODE_GETCRTC = 0xC04064A0, 0xC06864A1
CARD_RES_SIZE, CRTC_SIZE = 64, 104


def crtc(path):
    """'fb N mode WxH' of the card's first CRTC; fb 0 and mode none when it is off."""
    with open(path, "rb") as card:
        resources = bytearray(CARD_RES_SIZE)
        fcntl.ioctl(card, DRM_IOCTL_MODE_GETRESOURCES, resources)
        count = struct.unpack_from("I", resources, 36)[0]  # count_crtcs, after four pointers and count_fbs
        ids = (ctypes.c_uint32 * max(count, 1))()
        # Only the CRTCs asked for: a count left for a list without a pointer is EFAULT.
        resources = bytearray(CARD_RES_SIZE)
        struct.pack_into("Q", resources, 8, ctypes.addressof(ids))  # crtc_id_ptr
        struct.pack_into("I", resources, 36, count)
        fcntl.ioctl(card, DRM_IOCTL_MODE_GETRESOURCES, resources)
        state = bytearray(CRTC_SIZE)
        struct.pack_into("I", state, 12, ids[0])  # crtc_id, after set_connectors_ptr and count_connectors
        fcntl.ioctl(card, DRM_IOCTL_MODE_GETCRTC, state)
    fb, valid = struct.unpack_from("I", state, 16)[0], struct.unpack_from("I", state, 32)[0]
    # The mode (struct drm_mode_modeinfo) from byte 36: clock, then hdisplay at 40, vdisplay at 50.
    width, height = struct.unpack_from("H", state, 40)[0], struct.unpack_from("H", state, 50)[0]
    print(f"fb {fb} mode {width}x{height}" if valid else f"fb {fb} mode none")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "crtc":
        crtc(sys.argv[2])
        return
    if len(sys.argv) != 4 or sys.argv[1] != "compare":
        sys.exit(__doc__)
    dump_width, dump_height, dump = read_ppm(sys.argv[2])
    width, height, picture = fb_check.read_png(sys.argv[3])
    if (dump_width, dump_height) != (width, height):
        print(f"the screen is {dump_width}x{dump_height}, the PNG {width}x{height}")
        sys.exit(1)
    differing = [(x, y) for y in range(height) for x in range(width) if dump[y][x] != picture[y][x]]
    if differing:
        shown = ", ".join(f"({x},{y}) screen {dump[y][x]} PNG {picture[y][x]}" for x, y in differing[:3])
        print(f"{len(differing)} of {width * height} pixels differ: {shown}")
        sys.exit(1)
    lit = sum(1 for row in picture for pixel in row if pixel != picture[0][0])
    print(f"{width}x{height} equal, {lit} pixels drawn apart from the background")


if __name__ == "__main__":
    main()
