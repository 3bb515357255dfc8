#!/usr/bin/env python3
"""Opens an HTML report in headless Chromium, takes a 1280-px-wide screenshot and checks it shows
real content: enough non-white pixels, and enough dark "ink" (text and glyph outlines).
Usage: check-screenshot.py REPORT.html OUT.png  (exit 0 = ok, 1 = blank, 77 = no Chromium)."""
import shutil, struct, subprocess, sys, zlib

html, png = sys.argv[1], sys.argv[2]
browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
if not browser:
    print("no chromium: skipped")
    sys.exit(77)
subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--window-size=1280,1600", f"--screenshot={png}", "file://" + html],
               check=True, timeout=120, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            channels = {2: 3, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    prev, rows, i = bytearray(stride), [], 0
    while i < len(raw):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], (prev[x - channels] if x >= channels else 0)
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    return rows, channels

rows, ch = pixels(png)
total = nonwhite = dark = 0
for row in rows[::4]:
    for x in range(0, len(row), ch * 4):
        r, g, b = row[x], row[x + 1], row[x + 2]
        total += 1
        if r + g + b < 740: nonwhite += 1
        if r + g + b < 200: dark += 1
print(f"{png}: {nonwhite / total:.1%} non-white, {dark / total:.2%} dark")
sys.exit(0 if nonwhite / total > 0.05 and dark / total > 0.005 else 1)
