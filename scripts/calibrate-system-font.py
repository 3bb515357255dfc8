#!/usr/bin/env python3
"""Derives SystemFontModel.widthFactors (Sources/TypefitCore/SystemFontModel.swift).

Calibration data: the median errors of typefit 0.1.0's stand-in against SF Pro per size row
(shared/reference/system-font-facts.md §3) and the space facts of the same section. Corpus: every
Latin/Greek/Cyrillic string (no format specifiers) of the shipped Specs/ catalogs, in every
localization (881 strings). Held out, never used here: the Apple-measured values of the facts' §1,
the hb-shape fixture samples and the FirebaseUI .strings fixtures, which
Tests/TypefitLayoutTests/SystemFontModelTests.swift checks the factors against.

For each row: factor = 1 / (median over the corpus of (blend / 0.1.0 stand-in) * (1 + median error)),
where the blend is SystemFontModel's (opsz curve + space scales) and the 0.1.0 stand-in is Inter
below 20 pt and Inter Display from 20 pt. Widths come from `typefit measure` (HarfBuzz, no tracking).

Usage: swift build && python3 scripts/calibrate-system-font.py
"""
import glob, json, statistics, subprocess, unicodedata

TYPEFIT = '.build/debug/typefit'
MEDIAN_ERROR = {  # system-font-facts.md §3, percent
    'regular':  {17: 0.27, 18: 0.9, 19: 1.4, 20: -7.2, 21: -5.4, 22: -3.6, 23: -1.8, 24: 0.0, 26: 1.2, 28: 2.3},
    'semibold': {17: -1.5, 18: -1.0, 19: -0.5, 20: -7.9, 21: -6.3, 22: -4.7, 23: -3.0, 24: -1.4, 26: -0.3, 28: 0.7},
}
CUTS = {'regular': ('Inter-Regular', 'InterDisplay-Regular'), 'semibold': ('Inter-SemiBold', 'InterDisplay-SemiBold')}
SPACE_SCALE = {'regular': (1.0, 1 / 1.36), 'semibold': (1 / 0.93, 1.0)}
AVAR = [(-1, -1), (-0.81818, -0.90912), (-0.36365, -0.18182), (0, 0)]


def display_weight(size):
    n = (min(max(size, 17), 28) - 28) / 11
    for (a, b), (c, d) in zip(AVAR, AVAR[1:]):
        if n <= c:
            return 1 + b + (n - a) * (d - b) / (c - a)
    return 1.0


def corpus():
    out = set()
    for path in sorted(glob.glob('Specs/*/Localizable.xcstrings')):
        doc = json.load(open(path, encoding='utf-8'))
        for entry in doc['strings'].values():
            def walk(x):
                if isinstance(x, dict):
                    if 'stringUnit' in x:
                        yield x['stringUnit'].get('value', '')
                    for k, v in x.items():
                        if k != 'stringUnit':
                            yield from walk(v)
            for lang, loc in entry.get('localizations', {}).items():
                for s in walk(loc):
                    out.add((lang, s))
    def scripts(s):
        names = [unicodedata.name(c, '') for c in s if c.isalpha()]
        return {n.split()[0] for n in names}
    keep = [(l, s) for l, s in sorted(out)
            if s.strip() and '%' not in s and scripts(s) and scripts(s) <= {'LATIN', 'GREEK', 'CYRILLIC'}]
    return keep


def widths(texts, font):
    lines = [json.dumps({'text': t, 'font': 'Fonts/%s.otf' % font, 'size': 1000, 'tracking': 'none', 'locale': l})
             for l, t in texts]
    p = subprocess.run([TYPEFIT, 'measure', '--jsonl', '-'], input='\n'.join(lines) + '\n',
                       capture_output=True, text=True, check=True)
    return [json.loads(r)['naturalWidth'] / 1000 for r in p.stdout.splitlines()]


def main():
    texts = corpus()
    print('corpus: %d strings' % len(texts))
    for weight, (text_cut, display_cut) in CUTS.items():
        wt, wd = widths(texts, text_cut), widths(texts, display_cut)
        st, sd = widths([('en', 'a a')], text_cut)[0] - widths([('en', 'aa')], text_cut)[0], \
            widths([('en', 'a a')], display_cut)[0] - widths([('en', 'aa')], display_cut)[0]
        ct, cd = SPACE_SCALE[weight]
        for size, err in sorted(MEDIAN_ERROR[weight].items()):
            t = display_weight(size)
            ratios = []
            for (lang, s), a, b in zip(texts, wt, wd):
                if a == 0:
                    continue
                n = s.count(' ')
                blend = (1 - t) * (a + n * st * (ct - 1)) + t * (b + n * sd * (cd - 1))
                old = a if size < 20 else b
                ratios.append(blend / old)
            m = statistics.median(ratios)
            print('%-8s %2d pt  t=%.4f  median(blend/old)=%.4f  factor=%.4f' % (weight, size, t, m, 1 / (m * (1 + err / 100))))


if __name__ == '__main__':
    main()
