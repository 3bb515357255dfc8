#!/usr/bin/env python3
"""Regenerate Fonts/manifest.json from the font files in this folder.

Usage (from anywhere):  python3 Fonts/make-manifest.py [--check]

Python 3 standard library only: the sfnt tables it needs (TTC header, head,
OS/2, name, cmap) are parsed with `struct`.  For every font file listed in
CATALOG below it records the file's sha256, the OS/2 usWeightClass, the style
(OS/2 fsSelection / head macStyle italic bits) and, for every face, the face
index and the family name from the `name` table.  Scripts and languages are
hand-declared in CATALOG; each declared script is verified against the cmap of
every face (a sample character per script must be mapped), so a wrong
declaration fails loudly instead of silently producing a bad manifest.

--check   do not write; exit 1 if manifest.json differs from what would be written.
"""
import hashlib
import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# One character per ISO 15924 code that a face declaring that script must map.
SCRIPT_PROBES = {
    "Latn": "AzéŁ",
    "Grek": "ΑΩαω",
    "Cyrl": "ЖЯжя",
    "Arab": "بیہ",
    "Hebr": "אש",
    "Deva": "कष",
    "Beng": "কষ",
    "Gujr": "કષ",
    "Guru": "ਕਸ",
    "Taml": "கஷ",
    "Telu": "కష",
    "Knda": "ಕಷ",
    "Mlym": "കഷ",
    "Sinh": "කෂ",
    "Thai": "กษ",
    "Laoo": "ກສ",
    "Khmr": "កស",
    "Mymr": "ကသ",
    "Geor": "აჰ",
    "Armn": "Աա",
    "Ethi": "ሀአ",
    "Orya": "କଷ",
    "Cans": "ᐃᓄ",
    "Tibt": "ཀཤ",
    "Hani": "中國语",
    "Hira": "あん",
    "Kana": "アン",
    "Hang": "한글",
    "Zsym": "",   # checked per file below (Symbols and Symbols2 cover different blocks)
    "Zsye": "\U0001F389\U0001F44D\U0001FAE2\U0001F1E9\U0001F1EA",  # emoji: party popper, thumbs up, Emoji 14's face with hand over mouth, a flag's letters
    "Zmth": "∑∫√",
}

# file-name stem (without -Weight.ext) -> (licence, scripts, languages per face or None,
#                                       probe characters for Zsym, family override)
# languages: BCP 47 tags the face is the preferred choice for; [] = default for its scripts.
INTER = ("LICENSES/Inter-OFL.txt", ["Latn", "Grek", "Cyrl"])
CATALOG = {
    "Inter":              INTER,
    "InterDisplay":       INTER,
    "NotoSans":           ("LICENSES/Noto-OFL.txt", ["Latn", "Grek", "Cyrl"]),
    "NotoSansArabic":     ("LICENSES/Noto-OFL.txt", ["Arab"]),
    "NotoNastaliqUrdu":   ("LICENSES/Noto-OFL.txt", ["Arab"], ["ur"]),
    "NotoSansHebrew":     ("LICENSES/Noto-OFL.txt", ["Hebr"]),
    "NotoSansDevanagari": ("LICENSES/Noto-OFL.txt", ["Deva"]),
    "NotoSansBengali":    ("LICENSES/Noto-OFL.txt", ["Beng"]),
    "NotoSansGujarati":   ("LICENSES/Noto-OFL.txt", ["Gujr"]),
    "NotoSansGurmukhi":   ("LICENSES/Noto-OFL.txt", ["Guru"]),
    "NotoSansTamil":      ("LICENSES/Noto-OFL.txt", ["Taml"]),
    "NotoSansTelugu":     ("LICENSES/Noto-OFL.txt", ["Telu"]),
    "NotoSansKannada":    ("LICENSES/Noto-OFL.txt", ["Knda"]),
    "NotoSansMalayalam":  ("LICENSES/Noto-OFL.txt", ["Mlym"]),
    "NotoSansSinhala":    ("LICENSES/Noto-OFL.txt", ["Sinh"]),
    "NotoSansThai":       ("LICENSES/Noto-OFL.txt", ["Thai"]),
    "NotoSansLao":        ("LICENSES/Noto-OFL.txt", ["Laoo"]),
    "NotoSansKhmer":      ("LICENSES/Noto-OFL.txt", ["Khmr"]),
    "NotoSansMyanmar":    ("LICENSES/Noto-OFL.txt", ["Mymr"]),
    "NotoSansGeorgian":   ("LICENSES/Noto-OFL.txt", ["Geor"]),
    "NotoSansArmenian":   ("LICENSES/Noto-OFL.txt", ["Armn"]),
    "NotoSansEthiopic":   ("LICENSES/Noto-OFL.txt", ["Ethi"]),
    "NotoSansOriya":      ("LICENSES/Noto-OFL.txt", ["Orya"]),
    "NotoSansCanadianAboriginal": ("LICENSES/Noto-OFL.txt", ["Cans"]),
    "NotoSerifTibetan":   ("LICENSES/Noto-OFL.txt", ["Tibt"]),
    "NotoSansSymbols":    ("LICENSES/Noto-OFL.txt", ["Zsym"], None, "→←♻⚙♪"),
    "NotoSansSymbols2":   ("LICENSES/Noto-OFL.txt", ["Zsym"], None, "✓★☰⚠⌘"),
    "NotoSansMath":       ("LICENSES/Noto-OFL.txt", ["Zmth"]),
    "NotoColorEmoji":     ("LICENSES/NotoColorEmoji-OFL.txt", ["Zsye"]),
    "NotoSansCJK":        ("LICENSES/NotoCJK-OFL.txt", ["Hani", "Hira", "Kana", "Hang"], "cjk", "", "Noto Sans CJK"),
}

# Trailing region/variant word of a Noto Sans (Mono) CJK face family -> language.
CJK_LANG = {"JP": "ja", "KR": "ko", "SC": "zh-Hans", "TC": "zh-Hant", "HK": "zh-HK"}

FONT_EXTS = (".otf", ".ttf", ".ttc", ".otc")


# ---------------------------------------------------------------- sfnt parsing

def face_offsets(data):
    """Offsets of the table directories of every face in the file."""
    tag = data[:4]
    if tag == b"ttcf":
        (num_fonts,) = struct.unpack(">I", data[8:12])
        return list(struct.unpack(">%dI" % num_fonts, data[12:12 + 4 * num_fonts]))
    if tag in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        return [0]
    raise ValueError("not an sfnt/TTC file (tag %r)" % tag)


def tables(data, offset):
    (num_tables,) = struct.unpack(">H", data[offset + 4:offset + 6])
    out = {}
    for i in range(num_tables):
        rec = offset + 12 + 16 * i
        tag, _checksum, toff, tlen = struct.unpack(">4sIII", data[rec:rec + 16])
        out[tag.decode("latin-1")] = (toff, tlen)
    return out


def read_names(data, tbl):
    toff, _ = tbl["name"]
    _fmt, count, string_off = struct.unpack(">HHH", data[toff:toff + 6])
    best = {}  # name id -> (rank, string); prefer Windows Unicode English
    for i in range(count):
        rec = toff + 6 + 12 * i
        pid, eid, lang, nid, length, soff = struct.unpack(">HHHHHH", data[rec:rec + 12])
        raw = data[toff + string_off + soff: toff + string_off + soff + length]
        if pid == 3 and eid in (0, 1, 10):
            s, rank = raw.decode("utf-16-be"), (0 if lang == 0x409 else 1)
        elif pid == 0:
            s, rank = raw.decode("utf-16-be"), 2
        elif pid == 1 and eid == 0:
            s, rank = raw.decode("mac_roman"), (3 if lang == 0 else 4)
        else:
            continue
        if nid not in best or rank < best[nid][0]:
            best[nid] = (rank, s)
    return {nid: s for nid, (rank, s) in best.items()}


def read_os2(data, tbl):
    toff, _ = tbl["OS/2"]
    (weight,) = struct.unpack(">H", data[toff + 4:toff + 6])
    (fs_selection,) = struct.unpack(">H", data[toff + 62:toff + 64])
    return weight, fs_selection


def read_head(data, tbl):
    toff, _ = tbl["head"]
    (upem,) = struct.unpack(">H", data[toff + 18:toff + 20])
    (mac_style,) = struct.unpack(">H", data[toff + 44:toff + 46])
    return upem, mac_style


def read_cmap(data, tbl):
    """Set of code points mapped by the best Unicode subtable (format 12 or 4)."""
    toff, _ = tbl["cmap"]
    (_ver, n) = struct.unpack(">HH", data[toff:toff + 4])
    subtables = []
    for i in range(n):
        pid, eid, soff = struct.unpack(">HHI", data[toff + 4 + 8 * i: toff + 12 + 8 * i])
        (fmt,) = struct.unpack(">H", data[toff + soff:toff + soff + 2])
        subtables.append((pid, eid, fmt, toff + soff))
    cps = set()
    for pid, eid, fmt, off in subtables:
        if fmt == 12 and (pid, eid) in ((3, 10), (0, 4), (0, 6)):
            (ngroups,) = struct.unpack(">I", data[off + 12:off + 16])
            for g in range(ngroups):
                start, end, _gid = struct.unpack(">III", data[off + 16 + 12 * g: off + 28 + 12 * g])
                cps.update(range(start, end + 1))
            return cps
    for pid, eid, fmt, off in subtables:
        if fmt == 4 and (pid, eid) in ((3, 1), (0, 3), (0, 1), (0, 0)):
            (segx2,) = struct.unpack(">H", data[off + 6:off + 8])
            seg = segx2 // 2
            ends = struct.unpack(">%dH" % seg, data[off + 14: off + 14 + segx2])
            starts = struct.unpack(">%dH" % seg, data[off + 16 + segx2: off + 16 + 2 * segx2])
            deltas = struct.unpack(">%dh" % seg, data[off + 16 + 2 * segx2: off + 16 + 3 * segx2])
            ro_base = off + 16 + 3 * segx2
            ranges = struct.unpack(">%dH" % seg, data[ro_base: ro_base + segx2])
            for i in range(seg):
                for c in range(starts[i], ends[i] + 1):
                    if c == 0xFFFF:
                        continue
                    if ranges[i] == 0:
                        gid = (c + deltas[i]) & 0xFFFF
                    else:
                        addr = ro_base + 2 * i + ranges[i] + 2 * (c - starts[i])
                        (gid,) = struct.unpack(">H", data[addr:addr + 2])
                        if gid:
                            gid = (gid + deltas[i]) & 0xFFFF
                    if gid:
                        cps.add(c)
            return cps
    raise ValueError("no Unicode cmap subtable")


# ---------------------------------------------------------------- manifest

def stem_of(filename):
    base = os.path.splitext(filename)[0]
    return base.rsplit("-", 1)[0] if "-" in base else base


def entry_for(filename):
    stem = stem_of(filename)
    if stem not in CATALOG:
        raise SystemExit("make-manifest: %s is not in CATALOG; add it (licence, scripts)" % filename)
    spec = CATALOG[stem] + (None,) * (5 - len(CATALOG[stem]))
    licence, scripts, languages, zsym_probe, family_override = spec
    if not os.path.exists(os.path.join(HERE, licence)):
        raise SystemExit("make-manifest: licence file %s missing" % licence)

    data = open(os.path.join(HERE, filename), "rb").read()
    faces, weights, italics, problems = [], set(), set(), []
    for index, offset in enumerate(face_offsets(data)):
        tbl = tables(data, offset)
        names = read_names(data, tbl)
        weight, fs_sel = read_os2(data, tbl)
        _upem, mac_style = read_head(data, tbl)
        family = names.get(16) or names[1]
        subfamily = names.get(17) or names.get(2, "")
        weights.add((weight, subfamily))
        italics.add(bool(fs_sel & 1) or bool(mac_style & 2))

        cmap = read_cmap(data, tbl)
        for script in scripts:
            probe = zsym_probe if script == "Zsym" else SCRIPT_PROBES[script]
            missing = [c for c in probe if ord(c) not in cmap]
            if missing:
                problems.append("face %d (%s) lacks %s for %s" % (index, family, "".join(missing), script))

        if languages == "cjk":
            last = family.split()[-1]
            face_langs = [] if " Mono " in " %s " % family else [CJK_LANG[last]]
        else:
            face_langs = list(languages or [])
        faces.append({"index": index, "name": family, "languages": face_langs})
    if problems:
        raise SystemExit("make-manifest: %s: %s" % (filename, "; ".join(problems)))
    if len(weights) != 1 or len(italics) != 1:
        raise SystemExit("make-manifest: %s: faces disagree on weight/style %r" % (filename, weights))

    (os2_weight, subfamily), = weights
    weight = os2_weight
    entry = {"file": filename}
    # Known font bug: NotoNastaliqUrdu-Bold.ttf 2.000 (fonts-noto-core 20201225) says
    # usWeightClass 400 although its subfamily is "Bold".  Trust the name in that case
    # (otherwise Regular and Bold collide at 400) and keep the raw value visible.
    if subfamily.strip().lower() == "bold" and os2_weight < 600:
        weight = 700
    entry["family"] = family_override or faces[0]["name"]
    entry["weight"] = weight
    if weight != os2_weight:
        entry["os2WeightClass"] = os2_weight
    entry["style"] = "italic" if italics.pop() else "normal"
    entry["scripts"] = list(scripts)
    entry["license"] = licence
    entry["sha256"] = hashlib.sha256(data).hexdigest()
    entry["faces"] = faces
    return entry


def build():
    files = sorted(f for f in os.listdir(HERE) if f.lower().endswith(FONT_EXTS))
    manifest = {"version": 1, "fonts": [entry_for(f) for f in files]}
    return json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"


def main(argv):
    text = build()
    path = os.path.join(HERE, "manifest.json")
    if "--check" in argv:
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if current != text:
            sys.stderr.write("manifest.json is out of date; run python3 Fonts/make-manifest.py\n")
            return 1
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s (%d fonts)" % (path, text.count('"file"')))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
