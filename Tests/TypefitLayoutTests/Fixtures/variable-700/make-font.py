#!/usr/bin/env python3
"""Builds TestVariable700.ttf: a tiny variable font whose axes stop short of what texts ask for, to
test that typefit clamps axis values to the axis and reports each clamp.

Design, in font units (tests derive their expectations from these numbers, not from typefit):
- family "Test Variable 700", upem 1000, glyphs: space and a–z, no outlines;
- axes: wght 100–700 (default 400), opsz 8–32 (default 12);
- every advance is 500 at the default instance; at wght 700 (normalized +1) 150 wider, at wght 100
  (normalized −1) 150 narrower; at opsz 32 (normalized +1) 100 narrower, at opsz 8 (normalized −1)
  100 wider; linear in the normalized values (no avar);
- name ID 5 (version): "Version 1.500;test".

Usage: python3 -m venv .build/venv && .build/venv/bin/pip install fonttools
       .build/venv/bin/python Tests/TypefitLayoutTests/Fixtures/variable-700/make-font.py
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables.TupleVariation import TupleVariation

UPEM, ADVANCE, WGHT_DELTA, OPSZ_DELTA = 1000, 500, 150, 100

letters = [chr(c) for c in range(ord('a'), ord('z') + 1)]
glyph_order = ['.notdef', 'space'] + letters
fb = FontBuilder(UPEM, isTTF=True)
fb.setupGlyphOrder(glyph_order)
fb.setupCharacterMap({0x20: 'space', **{ord(c): c for c in letters}})
empty = TTGlyphPen(None).glyph()
fb.setupGlyf({g: empty for g in glyph_order})
fb.setupHorizontalMetrics({g: (ADVANCE, 0) for g in glyph_order})
fb.setupHorizontalHeader(ascent=900, descent=-300, lineGap=0)
fb.setupNameTable({'familyName': 'Test Variable 700', 'styleName': 'Regular', 'version': 'Version 1.500;test'})
fb.setupOS2(sTypoAscender=900, sTypoDescender=-300, sTypoLineGap=0, usWinAscent=900, usWinDescent=300,
            usWeightClass=400)
fb.setupPost()
fb.setupFvar(axes=[('wght', 100, 400, 700, 'Weight'), ('opsz', 8, 12, 32, 'Optical Size')], instances=[])


def advance(dx):
    # Phantom points of a glyph with no outline: left side bearing, advance, top, bottom.
    return [(0, 0), (dx, 0), (0, 0), (0, 0)]


fb.setupGvar({g: [
    TupleVariation({'wght': (0.0, 1.0, 1.0)}, advance(WGHT_DELTA)),
    TupleVariation({'wght': (-1.0, -1.0, 0.0)}, advance(-WGHT_DELTA)),
    TupleVariation({'opsz': (0.0, 1.0, 1.0)}, advance(-OPSZ_DELTA)),
    TupleVariation({'opsz': (-1.0, -1.0, 0.0)}, advance(OPSZ_DELTA)),
] for g in glyph_order})
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'TestVariable700.ttf')
fb.save(out)
print(out, os.path.getsize(out), 'bytes')
