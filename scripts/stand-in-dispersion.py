#!/usr/bin/env python3
"""How far the p95 estimates of SystemFontModel.errorBounds can be trusted, on strings kept out of the
calibration (the Latin/Greek/Cyrillic hb-shape samples and the FirebaseUI .strings fixtures, as
SystemFontModelTests.heldOutStrings).

The p95 |error| of the stand-in is estimated as 0.1.0's measured p95 less its |median|
(shared/reference/system-font-facts.md §3): that assumes the change from 0.1.0's stand-in to today's
moves every string by the same factor. This script measures how much it does not: per row, the p95
of |r / median(r) − 1| with r = today's width ÷ 0.1.0's width (no tracking). Where that dispersion
is large the estimate can be off by up to about that much, in a direction only SF can tell (a width
factor per row scales every string alike and cannot change it).

Usage: swift build && python3 scripts/stand-in-dispersion.py
"""
import json, statistics, subprocess
rows = [l.split('\t') for l in open('Tests/TypefitLayoutTests/Fixtures/hb-shape/samples.tsv', encoding='utf-8').read().split('\n') if l and not l.startswith('#')]
strings = [(r[3], r[6]) for r in rows if len(r) >= 7 and r[4] in ('Latn', 'Grek', 'Cyrl')]
base = 'Tests/TypefitAuditTests/Fixtures/firebaseui/Resources'
for lang in ['en', 'de', 'es', 'es-419', 'nb', 'pt-BR', 'el']:
    for table in ['FirebaseAuthUI', 'FirebaseGoogleAuthUI']:
        try: text = open(f'{base}/{lang}.lproj/{table}.strings', encoding='utf-8').read()
        except OSError: continue
        for line in text.split('\n'):
            if line.startswith('"') and '" = "' in line:
                v = line.split('" = "')[1][:-2]
                if '%' not in v: strings.append((lang, v))
print(len(strings), 'held-out strings')
MEASURED = {'regular': {17: (0.27, 1.7), 18: (0.9, 2.0), 19: (1.4, 2.7), 20: (-7.2, 10.2), 21: (-5.4, 8.1), 22: (-3.6, 6.2), 23: (-1.8, 4.7), 24: (0.0, 3.1), 26: (1.2, 3.3), 28: (2.3, 4.3)},
            'semibold': {17: (-1.5, 3.1), 18: (-1.0, 2.7), 19: (-0.5, 2.3), 20: (-7.9, 9.4), 21: (-6.3, 7.9), 22: (-4.7, 6.5), 23: (-3.0, 5.0), 24: (-1.4, 3.7), 26: (-0.3, 2.9), 28: (0.7, 2.6)}}
CUTS = {'regular': ('Fonts/Inter-Regular.otf', 'Fonts/InterDisplay-Regular.otf'), 'semibold': ('Fonts/Inter-SemiBold.otf', 'Fonts/InterDisplay-SemiBold.otf')}
def measure(reqs):
    out = subprocess.run(['.build/debug/typefit', 'measure', '--jsonl', '-'], input='\n'.join(json.dumps(r) for r in reqs) + '\n', capture_output=True, text=True).stdout
    return [json.loads(l)['naturalWidth'] for l in out.strip().split('\n')]
print('weight size | median r | p95 of |r / median - 1| | estimated p95 bound (0.1.0 p95 - |median|)')
for w in ('regular', 'semibold'):
    for size, (med, p95) in MEASURED[w].items():
        old = CUTS[w][0 if size < 20 else 1]
        new = measure([{'text': t, 'locale': l, 'size': size, 'weight': w, 'tracking': 'none'} for l, t in strings])
        prev = measure([{'text': t, 'locale': l, 'size': size, 'weight': w, 'tracking': 'none', 'font': [old]} for l, t in strings])
        r = sorted(a / b for a, b in zip(new, prev))
        m = statistics.median(r)
        d = sorted(abs(x / m - 1) for x in r)
        p = d[min(len(d) - 1, int(round(0.95 * (len(d) - 1))))]
        print(f'{w:8} {size:3} | {m:.4f} | {100*p:.2f} % | {p95-abs(med):.1f} %')
