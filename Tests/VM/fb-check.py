#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The framebuffer side of the VM tests.

  fb-check.py depth /dev/fb0 BPP      switch the framebuffer to BPP bits per pixel
                                      (FBIOPUT_VSCREENINFO), as fbset -depth would
  fb-check.py compare /dev/fb0 PNG    read what the framebuffer shows and compare it, pixel by
                                      pixel, with the PNG t9dial wrote of the same screen

The comparison packs each PNG pixel into the framebuffer's own format (its red, green and blue
offsets and lengths, or its colour map at 8 bits) and compares with the pixel read back, so it
holds for any depth without guessing how t9dial expands colours. Exit 0 when they are equal;
else 1 with the first differing pixels.
"""
import array
import ctypes
import fcntl
import struct
import sys
import zlib

FBIOGET_VSCREENINFO, FBIOPUT_VSCREENINFO, FBIOGET_FSCREENINFO, FBIOGETCMAP = 0x4600, 0x4601, 0x4602, 0x4604
VAR_SIZE = 160
FB_VISUAL_PSEUDOCOLOR = 3


def variable_info(descriptor):
    raw = bytearray(VAR_SIZE)
    fcntl.ioctl(descriptor, FBIOGET_VSCREENINFO, raw)
    fields = struct.unpack_from("8I", raw, 0)  # xres yres xres_virtual yres_virtual xoffset yoffset bpp grayscale
    colours = struct.unpack_from("12I", raw, 32)  # red, green, blue, transp: offset length msb_right
    return raw, {
        "xres": fields[0], "yres": fields[1], "xoffset": fields[4], "yoffset": fields[5], "bpp": fields[6],
        "red": colours[0:2], "green": colours[3:5], "blue": colours[6:8],
    }


class FixedInfo(ctypes.Structure):
    """struct fb_fix_screeninfo, through ctypes: it holds unsigned longs."""
    _fields_ = [
        ("id", ctypes.c_char * 16), ("smem_start", ctypes.c_ulong), ("smem_len", ctypes.c_uint32),
        ("type", ctypes.c_uint32), ("type_aux", ctypes.c_uint32), ("visual", ctypes.c_uint32),
        ("xpanstep", ctypes.c_uint16), ("ypanstep", ctypes.c_uint16), ("ywrapstep", ctypes.c_uint16),
        ("line_length", ctypes.c_uint32), ("mmio_start", ctypes.c_ulong), ("mmio_len", ctypes.c_uint32),
        ("accel", ctypes.c_uint32), ("capabilities", ctypes.c_uint16), ("reserved", ctypes.c_uint16 * 2),
    ]


class ColourMap(ctypes.Structure):
    _fields_ = [
        ("start", ctypes.c_uint32), ("len", ctypes.c_uint32),
        ("red", ctypes.POINTER(ctypes.c_uint16)), ("green", ctypes.POINTER(ctypes.c_uint16)),
        ("blue", ctypes.POINTER(ctypes.c_uint16)), ("transp", ctypes.POINTER(ctypes.c_uint16)),
    ]


def set_depth(path, bpp):
    with open(path, "r+b", buffering=0) as fb:
        raw, info = variable_info(fb)
        struct.pack_into("I", raw, 24, bpp)
        fcntl.ioctl(fb, FBIOPUT_VSCREENINFO, raw)
        _, info = variable_info(fb)
    if info["bpp"] != bpp:
        sys.exit(f"{path}: asked for {bpp} bits per pixel, the driver set {info['bpp']}")
    print(f"{path}: {info['xres']}x{info['yres']}, {bpp} bits per pixel")


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or grey PNG, non-interlaced."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack_from(">I4s", data, position)
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (0, 2) or interlace:
        sys.exit(f"{path}: only 8-bit RGB or grey PNGs are compared (this one: depth {depth}, type {colour_type})")
    channels = 3 if colour_type == 2 else 1
    stride = width * channels
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                nearest = left if distances[0] <= distances[1] and distances[0] <= distances[2] else up if distances[1] <= distances[2] else corner
                line[x] = (line[x] + nearest) & 0xFF
        rows.append([tuple(line[x * channels : x * channels + 3]) if channels == 3 else (line[x],) * 3 for x in range(width)])
        previous = line
    return width, height, rows


def compare(path, png_path):
    width, height, rows = read_png(png_path)
    with open(path, "rb", buffering=0) as fb:
        _, info = variable_info(fb)
        fixed = FixedInfo()
        fcntl.ioctl(fb, FBIOGET_FSCREENINFO, fixed)
        palette = None
        if info["bpp"] == 8 and fixed.visual == FB_VISUAL_PSEUDOCOLOR:
            channels = [(ctypes.c_uint16 * 256)() for _ in range(3)]
            cmap = ColourMap(0, 256, channels[0], channels[1], channels[2], None)
            fcntl.ioctl(fb, FBIOGETCMAP, cmap)
            palette = [tuple(channel[index] >> 8 for channel in channels) for index in range(256)]
        memory = fb.read(fixed.smem_len)
    if (width, height) != (info["xres"], info["yres"]):
        sys.exit(f"{png_path} is {width}x{height}, {path} is {info['xres']}x{info['yres']}")
    bytes_per_pixel = info["bpp"] // 8
    line_length = fixed.line_length
    base = info["yoffset"] * line_length + info["xoffset"] * bytes_per_pixel

    def pack(rgb):
        value = 0
        for component, (offset, length) in zip(rgb, (info["red"], info["green"], info["blue"])):
            value |= (component >> (8 - length)) << offset
        return value

    mask = pack((255, 255, 255))
    differences = []
    for y in range(height):
        row = base + y * line_length
        for x in range(width):
            at = row + x * bytes_per_pixel
            shown = int.from_bytes(memory[at : at + bytes_per_pixel], sys.byteorder)
            expected = rows[y][x]
            if palette is not None:
                equal = palette[shown] == expected
                seen = palette[shown]
            else:
                equal = shown & mask == pack(expected)
                seen = hex(shown & mask)
            if not equal:
                differences.append(f"({x},{y}): framebuffer {seen}, PNG {expected}")
    lit = sum(1 for row in rows for pixel in row if pixel != rows[0][0])
    if differences:
        print(f"{len(differences)} of {width * height} pixels differ at {info['bpp']} bpp; first: " + "; ".join(differences[:5]))
        return 1
    if lit == 0:
        print(f"the PNG is blank ({rows[0][0]} everywhere): nothing was drawn")
        return 1
    print(f"{width}x{height} at {info['bpp']} bpp: the framebuffer equals the PNG ({lit} pixels not background)")
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "depth":
        set_depth(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
