#!/usr/bin/env python3
"""Builds TestSFText.ttf and TestSFDisplay.ttf: tiny static fonts named like Apple's SF Pro Text and
SF Pro Display (which may not be committed or used in CI), to test typefit's static-SF path. Space
and a–z, no outlines, SF's vertical metrics (upem 2048, hhea 1950 / −494 / 0), no trak table.
Advances: 1200 in "SF Pro Text", 1000 in "SF Pro Display" (every glyph).

Usage: .build/venv/bin/python Tests/TypefitLayoutTests/Fixtures/static-sf/make-fonts.py
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

letters = [chr(c) for c in range(ord('a'), ord('z') + 1)]
glyph_order = ['.notdef', 'space'] + letters
for family, advance, file in (('SF Pro Text', 1200, 'TestSFText.ttf'), ('SF Pro Display', 1000, 'TestSFDisplay.ttf')):
    fb = FontBuilder(2048, isTTF=True)
    fb.setupGlyphOrder(glyph_order)
    fb.setupCharacterMap({0x20: 'space', **{ord(c): c for c in letters}})
    empty = TTGlyphPen(None).glyph()
    fb.setupGlyf({g: empty for g in glyph_order})
    fb.setupHorizontalMetrics({g: (advance, 0) for g in glyph_order})
    fb.setupHorizontalHeader(ascent=1950, descent=-494, lineGap=0)
    fb.setupNameTable({'familyName': family, 'styleName': 'Regular'})
    fb.setupOS2(sTypoAscender=1950, sTypoDescender=-494, sTypoLineGap=0, usWinAscent=1950, usWinDescent=494,
                usWeightClass=400)
    fb.setupPost()
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), file)
    fb.save(out)
    print(out, os.path.getsize(out), 'bytes')
