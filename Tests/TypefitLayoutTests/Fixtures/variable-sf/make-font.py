#!/usr/bin/env python3
"""Builds TestSystemFont.ttf: a tiny variable font shaped like Apple's variable SF Pro (which may not
be committed or used in CI), to test typefit's real-SF path. Family "SF Pro" (the name the variable
SF-Pro.ttf carries), axes wght 1–1000 (default 400) and opsz 17–28 (default 28) as SF's, SF's vertical
metrics (upem 2048, hhea 1950 / −494 / 0), and a `trak` table.

Design, in font units (tests derive their expectations from these numbers, not from typefit):
- glyphs: space and a–z, no outlines; every advance is 1000 at the default instance;
- opsz: at opsz 17 (normalized −1) every advance is 200 wider; linear in the normalized value
  (no avar);
- wght: at wght 1000 (normalized +1) every advance is 300 wider; at wght 1 (normalized −1) 300
  narrower;
- trak track 0: +100 at 6 pt, −47 at 17 pt, +29 at 28 pt, +10 at 60 pt;
- name ID 5 (version): "Version 17.0d9e1;test".

Usage: python3 -m venv .build/venv && .build/venv/bin/pip install fonttools
       .build/venv/bin/python Tests/TypefitLayoutTests/Fixtures/variable-sf/make-font.py
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables.TupleVariation import TupleVariation
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

UPEM = 2048
ADVANCE, OPSZ_DELTA, WGHT_DELTA = 1000, 200, 300
TRACK = {6.0: 100, 17.0: -47, 28.0: 29, 60.0: 10}

letters = [chr(c) for c in range(ord('a'), ord('z') + 1)]
glyph_order = ['.notdef', 'space'] + letters
fb = FontBuilder(UPEM, isTTF=True)
fb.setupGlyphOrder(glyph_order)
fb.setupCharacterMap({0x20: 'space', **{ord(c): c for c in letters}})
empty = TTGlyphPen(None).glyph()
fb.setupGlyf({g: empty for g in glyph_order})
fb.setupHorizontalMetrics({g: (ADVANCE, 0) for g in glyph_order})
fb.setupHorizontalHeader(ascent=1950, descent=-494, lineGap=0)
fb.setupNameTable({'familyName': 'SF Pro', 'styleName': 'Regular', 'version': 'Version 17.0d9e1;test'})
fb.setupOS2(sTypoAscender=1950, sTypoDescender=-494, sTypoLineGap=0, usWinAscent=1950, usWinDescent=494,
            usWeightClass=400)
fb.setupPost()
fb.setupFvar(axes=[('wght', 1, 400, 1000, 'Weight'), ('opsz', 17, 28, 28, 'Optical Size')], instances=[])
variations = {}
for g in glyph_order:
    # Phantom points of a glyph with no outline: left side bearing, advance, top, bottom.
    def advance(dx):
        return [(0, 0), (dx, 0), (0, 0), (0, 0)]
    variations[g] = [
        TupleVariation({'opsz': (-1.0, -1.0, 0.0)}, advance(OPSZ_DELTA)),
        TupleVariation({'wght': (0.0, 1.0, 1.0)}, advance(WGHT_DELTA)),
        TupleVariation({'wght': (-1.0, -1.0, 0.0)}, advance(-WGHT_DELTA)),
    ]
fb.setupGvar(variations)
name_id = fb.font['name'].addName('Normal')
trak = newTable('trak')
trak.version = 1.0
trak.format = 0
trak.horizData = TrackData({0.0: TrackTableEntry(TRACK, nameIndex=name_id)})
trak.vertData = TrackData()
fb.font['trak'] = trak
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'TestSystemFont.ttf')
fb.save(out)
print(out, os.path.getsize(out), 'bytes')
