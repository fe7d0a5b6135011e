#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Makes t9dial-5x8.psf, the small font of the 128x64 status line, from X11's misc-fixed 5x8.

Usage: make-small-font.py [SOURCE.pcf.gz] [OUTPUT.psf]

SOURCE is Debian's /usr/share/fonts/X11/misc/5x8.pcf.gz (package xfonts-base, public domain:
"Public domain font.  Share and enjoy.", font-misc-misc/COPYING in its copyright file); OUTPUT
is t9dial-5x8.psf beside this script. The glyphs are copied as they are, each placed in a 5 x 8
cell at the font's ascent (7) and descent (1), for the characters t9dial-8x16.psf has (read
from its own Unicode table, so the two fonts cover the same text) and the block elements
U+2580-U+259F, where 5x8 has them; the characters 5x8 lacks are listed on standard error and
drawn as its U+FFFD. The signal bars, which no Unicode character names by level, are drawn
here: a pair of private-use glyphs per level, U+E000 + 2n and U+E001 + 2n for n of 4 bars, four
bars one pixel wide and one apart, those not reached a dot on the baseline.

Only Python's standard library is used; the output is the same on every run (no dates, glyphs
in code point order).
"""

import gzip
import pathlib
import struct
import sys

HERE = pathlib.Path(__file__).resolve().parent
WIDTH, HEIGHT = 5, 8

# PCF table types (X.Org's pcf.h).
ACCELERATORS, METRICS, BITMAPS, BDF_ENCODINGS, BDF_ACCELERATORS = 0x2, 0x4, 0x8, 0x20, 0x100

# The signal bars: their columns and heights (pixels above the baseline, row 6 being the last).
SIGNAL_FIRST = 0xE000
BAR_COLUMNS = [0, 2, 4, 6]
BAR_HEIGHTS = [2, 3, 5, 6]
BASELINE = 6


def read_pcf(path):
    """The PCF font at path: its ascent, and {code point: rows of 0/1 in a WIDTH x HEIGHT cell}."""
    raw = pathlib.Path(path).read_bytes()
    data = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    if data[:4] != b"\x01fcp":
        sys.exit(f"{path}: not a PCF font (no \\1fcp at its start)")
    (count,) = struct.unpack("<I", data[4:8])
    offsets = {}
    for i in range(count):
        kind, _, _, offset = struct.unpack("<IIII", data[8 + 16 * i : 24 + 16 * i])
        offsets[kind] = offset

    def table(kind):
        offset = offsets[kind]
        (fmt,) = struct.unpack("<I", data[offset : offset + 4])
        return fmt, (">" if fmt & 4 else "<"), offset + 4

    _, order, at = table(BDF_ACCELERATORS if BDF_ACCELERATORS in offsets else ACCELERATORS)
    ascent, descent = struct.unpack(order + "ii", data[at + 8 : at + 16])
    if ascent + descent != HEIGHT:
        sys.exit(f"{path}: {ascent + descent} pixels high, not {HEIGHT}")

    fmt, order, at = table(METRICS)
    metrics = []
    if fmt & 0x100:  # compressed: five bytes, each biased by 0x80
        (n,) = struct.unpack(order + "h", data[at : at + 2])
        at += 2
        metrics = [tuple(b - 0x80 for b in data[at + 5 * i : at + 5 * i + 5]) for i in range(n)]
    else:
        (n,) = struct.unpack(order + "i", data[at : at + 4])
        at += 4
        metrics = [struct.unpack(order + "hhhhh", data[at + 12 * i : at + 12 * i + 10]) for i in range(n)]

    fmt, order, at = table(BITMAPS)
    (n,) = struct.unpack(order + "i", data[at : at + 4])
    at += 4
    starts = struct.unpack(order + f"{n}i", data[at : at + 4 * n])
    at += 4 * n + 16  # the four bitmap sizes, one per padding
    pad = 1 << (fmt & 3)
    msb_first = bool(fmt & 8)
    if (fmt >> 4) & 3 and not msb_first:
        sys.exit(f"{path}: scan units wider than a byte with LSB bit order are not read")
    cells = []
    for index, (lsb, rsb, _, glyph_ascent, glyph_descent) in enumerate(metrics):
        width, rows = rsb - lsb, glyph_ascent + glyph_descent
        stride = ((width + 7) // 8 + pad - 1) // pad * pad
        cell = [[0] * WIDTH for _ in range(HEIGHT)]
        for y in range(rows):
            row = data[at + starts[index] + y * stride :]
            for x in range(width):
                byte = row[x // 8]
                bit = (byte >> (7 - x % 8)) & 1 if msb_first else (byte >> (x % 8)) & 1
                cx, cy = lsb + x, ascent - glyph_ascent + y
                if bit and not (0 <= cx < WIDTH and 0 <= cy < HEIGHT):
                    sys.exit(f"{path}: glyph {index} has ink outside the {WIDTH} x {HEIGHT} cell")
                if bit:
                    cell[cy][cx] = 1
        cells.append(cell)

    fmt, order, at = table(BDF_ENCODINGS)
    min2, max2, min1, max1, _ = struct.unpack(order + "hhhhh", data[at : at + 10])
    per_row = max2 - min2 + 1
    total = per_row * (max1 - min1 + 1)
    indexes = struct.unpack(order + f"{total}H", data[at + 10 : at + 10 + 2 * total])
    glyphs = {}
    for k, index in enumerate(indexes):
        if index != 0xFFFF:
            glyphs[(min1 + k // per_row) * 256 + min2 + k % per_row] = cells[index]
    return glyphs


def psf2_code_points(path):
    """The code points of the PSF2 font at path's Unicode table (sequences left out)."""
    data = pathlib.Path(path).read_bytes()
    header_size, flags, length, char_size = struct.unpack("<IIII", data[8:24])
    if data[:4] != b"\x72\xb5\x4a\x86" or not flags & 1:
        sys.exit(f"{path}: not a PSF2 font with a Unicode table")
    points = set()
    for entry in data[header_size + length * char_size :].split(b"\xff")[:length]:
        points.update(ord(c) for c in entry.split(b"\xfe")[0].decode("utf-8"))
    return points


def signal_pair(level):
    """The two cells of the signal with `level` of four bars."""
    left, right = [[0] * WIDTH for _ in range(HEIGHT)], [[0] * WIDTH for _ in range(HEIGHT)]
    for bar, (column, height) in enumerate(zip(BAR_COLUMNS, BAR_HEIGHTS)):
        cell, x = (left, column) if column < WIDTH else (right, column - WIDTH)
        for y in range(BASELINE - (height if bar < level else 1) + 1, BASELINE + 1):
            cell[y][x] = 1
    return left, right


def write_psf2(path, glyphs):
    """glyphs: [(code point, cell)] in order; a PSF2 font with a Unicode table."""
    bytes_per_row = (WIDTH + 7) // 8
    char_size = HEIGHT * bytes_per_row
    out = bytearray(struct.pack("<4sIIIIIII", b"\x72\xb5\x4a\x86", 0, 32, 1, len(glyphs), char_size, HEIGHT, WIDTH))
    for _, cell in glyphs:
        for row in cell:
            out += bytes([sum(bit << (7 - x) for x, bit in enumerate(row))])
    for point, _ in glyphs:
        out += chr(point).encode("utf-8") + b"\xff"
    pathlib.Path(path).write_bytes(bytes(out))


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/X11/misc/5x8.pcf.gz"
    output = sys.argv[2] if len(sys.argv) > 2 else str(HERE / "t9dial-5x8.psf")
    fixed = read_pcf(source)
    wanted = psf2_code_points(HERE / "t9dial-8x16.psf") | set(range(0x2580, 0x25A0))
    missing = sorted(p for p in wanted if p not in fixed)
    glyphs = [(p, fixed[p]) for p in sorted(wanted) if p in fixed]
    for level in range(5):
        left, right = signal_pair(level)
        glyphs += [(SIGNAL_FIRST + 2 * level, left), (SIGNAL_FIRST + 2 * level + 1, right)]
    glyphs.sort()
    write_psf2(output, glyphs)
    if missing:
        print(f"{len(missing)} characters of t9dial-8x16 not in {source}: "
              + " ".join(f"U+{p:04X}" for p in missing), file=sys.stderr)
    print(f"wrote {output}: {len(glyphs)} glyphs of {WIDTH} x {HEIGHT}")


if __name__ == "__main__":
    main()
