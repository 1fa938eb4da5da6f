#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A real browser renders `hertzfit maxwell report`'s page.

Headless Chromium (Debian's `chromium`) opens DIR/index.html of the report
of the shipped traces from the file system, with no network (the page
needs none: report_check.py proves every link stays in the folder), and
takes a 1280x2000 screenshot.  The screenshot must be a whole PNG of that
size in which the page drew: more than 5 % of its pixels not white (the
text, the tables and the two figures on a white page: 10.6 % measured;
a blank page draws none, Chromium's "file not found" page a line of text
and an icon, ~1 %) and more than 1000 distinct colours (the figures' drops
and anti-aliased lines: 18,236 measured; text alone gives a few hundred
greys).  The
PNG is decoded with zlib from Python's standard library.  Skipped (exit
77) when /usr/bin/chromium is absent.  The screenshot stays in WORKDIR to
look at.

usage: report_browser.py HERTZFIT REPO WORKDIR
"""
import os
import shutil
import struct
import subprocess
import sys
import zlib

CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 1280, 2000


def fail(what):
    sys.exit(f"FAIL: {what}")


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def decode_png(data):
    """(width, height, rows of bytes, bytes per pixel) of an 8-bit RGB(A) PNG."""
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        fail("the screenshot is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        fail(f"unexpected PNG form: depth {depth}, colour type {colour}, interlace {interlace}")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                line[x] = (line[x] + paeth(a, b, c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    hertzfit, repo, work = sys.argv[1:]
    if not os.path.exists(CHROMIUM):
        print(f"report_browser: {CHROMIUM} absent: skipped")
        sys.exit(77)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out = os.path.join(work, "report")
    subprocess.run([hertzfit, "maxwell", "report", "--data",
                    os.path.join(repo, "data", "drop_traces", "drops.csv"), "--nu", "0.5",
                    "-o", out], check=True, capture_output=True)
    shot = os.path.join(work, "screenshot.png")
    page = "file://" + os.path.realpath(os.path.join(out, "index.html"))
    p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        f"--user-data-dir={os.path.join(work, 'profile')}",
                        f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}", page],
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, HOME=work))
    if p.returncode != 0 or not os.path.exists(shot):
        fail(f"chromium exited {p.returncode} without a screenshot:\n{p.stderr[-2000:]}")
    with open(shot, "rb") as f:
        width, height, rows, bpp = decode_png(f.read())
    if (width, height) != (WIDTH, HEIGHT):
        fail(f"the screenshot is {width}x{height}, not {WIDTH}x{HEIGHT}")
    drawn, colours = 0, set()
    for row in rows:
        for x in range(0, len(row), bpp):
            pixel = row[x:x + 3]
            if pixel != b"\xff\xff\xff":
                drawn += 1
            colours.add(pixel)
    share = drawn / (width * height)
    print(f"report_browser: {share:.1%} of the pixels drawn, {len(colours)} colours; "
          f"screenshot {shot}")
    if share < 0.05 or len(colours) <= 1000:
        fail("the page did not render (too few pixels or colours drawn)")


if __name__ == "__main__":
    main()
