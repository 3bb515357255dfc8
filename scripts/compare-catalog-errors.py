#!/usr/bin/env python3
"""Whether two typefit builds say the same about broken String Catalogs (docs/performance.md,
session 70): a change to the catalog reader must keep every error, its line and column, and every
string problem. Not part of `make test` (the tests check the errors one by one; this compares many
random ones with an earlier build, which only a person changing the reader has).

  scripts/compare-catalog-errors.py CORPUS OLD_TYPEFIT NEW_TYPEFIT [--runs N] [--seed S]
      CORPUS: a folder written by `typefit-bench --write-corpus` (its screen0 is the base)

Each run breaks screen0's catalog, either a few bytes (a brace, a quote, a NUL, an invalid UTF-8
byte…) or one localization's structure (an unknown state, a unit without value, an unknown plural
category, a plural without `other`, a number for an object, a wrong extractionState, a device
variation with a number, a substitution with a bad argNum), or edits its text in ways JSON's own
writers do not (session 81: a repeated locale, value, key or state, before or after the first; a
member name or locale written with an escape; keys that are canonically equivalent but not the same
bytes, escaped or not, the Kelvin sign and `K` among them; locales that share their first seven
bytes), then audits screen0 with both builds at one
size on one device, and compares the exit codes and what they print on standard error (the time
left out). Prints each difference and the count; exits 1 when there is one. Needs TYPEFIT_FONTS
or Fonts/ beside the binaries.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--runs", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    base_dir = os.path.join(a.corpus, "screen0")
    catalog = os.path.join(base_dir, "Localizable.xcstrings")
    if not os.path.isfile(catalog):
        sys.exit(f"{a.corpus}: not a corpus (write one with typefit-bench --write-corpus DIR)")
    base = open(catalog, "rb").read()
    random.seed(a.seed)
    work = tempfile.mkdtemp()
    with open(os.path.join(base_dir, "screen.yaml")) as f, open(os.path.join(work, "screen.yaml"), "w") as out:
        out.write(f.read())
    fonts = os.environ.get("TYPEFIT_FONTS") or os.path.join(os.getcwd(), "Fonts")
    env = dict(os.environ, TYPEFIT_FONTS=fonts)

    def structural():
        o = json.loads(base)
        e = o["strings"][random.choice(sorted(o["strings"]))]
        loc = random.choice(sorted(e["localizations"]))
        broken = [
            {"stringUnit": {"state": "weird", "value": "x"}},
            {"stringUnit": {"state": "translated"}},
            {"variations": {"plural": {"zz": {"stringUnit": {"value": "a"}}}}},
            {"variations": {"plural": {"one": {"stringUnit": {"value": "a"}}}}},
            5,
            None,
            {"variations": {"device": {"iphone": {"stringUnit": {"value": 1}}}}},
            {"stringUnit": {"value": "a"}, "substitutions": {"n": {"argNum": 0, "variations": {}}}},
        ]
        choice = random.randrange(len(broken))
        if broken[choice] is None:
            e["extractionState"] = True
        else:
            e["localizations"][loc] = broken[choice]
        return json.dumps(o, indent=1).encode()

    def textual():
        t = base.decode()
        locs = re.findall(r'"([a-zA-Z-]+)":\{"stringUnit":\{"state":"translated","value":"[^"\\]*"\}\}', t)
        loc = random.choice(locs)
        unit = re.compile(r'"%s":\{"stringUnit":\{"state":"translated","value":"[^"\\]*"\}\}' % re.escape(loc))
        m = random.choice(list(unit.finditer(t)))
        member = m.group(0)
        weird = '"%s":{"stringUnit":{"state":"weird","value":"repeated"}}' % loc
        key = re.search(r'"strings":\{("[^"]*"):\{', t)
        def extra_keys(names):
            body = ",".join('%s:{"localizations":{"en":{"stringUnit":{"state":"%s","value":"v%d"}}}}' % (n, random.choice(["weird", "odd", "new"]), i)
                            for i, n in enumerate(names))
            return t.replace('"strings":{', '"strings":{' + body + ",", 1)
        edits = [
            lambda: t[:m.start()] + weird + "," + t[m.start():],
            lambda: t[:m.end()] + "," + weird + t[m.end():],
            lambda: t[:m.start()] + member.replace('"value":', '"value":"first","value":', 1) + t[m.end():],
            lambda: t[:m.start()] + member.replace('"state":"translated"', '"state":"needs_review","state":"translated"', 1) + t[m.end():],
            lambda: t[:m.start()] + member.replace('"stringUnit"', '"string\\u0055nit"', 1) + t[m.start() + len(member):],
            lambda: t[:m.start()] + member.replace('"%s"' % loc, '"\\u%04x%s"' % (ord(loc[0]), loc[1:]), 1) + t[m.end():],
            lambda: t[:m.start()] + member.replace('"%s"' % loc, '"\\u%04x%s"' % (ord(loc[0]), loc[1:]), 1) + "," + weird + t[m.end():],
            lambda: t.replace(key.group(0), '"strings":{%s:{"extractionState":"stale"},%s:{' % (key.group(1), key.group(1)), 1),
            lambda: t.replace(key.group(0), '"strings":{%s:{"localizations":{"en":{"stringUnit":{"state":"odd","value":"x"}}}},%s:{' % (key.group(1), key.group(1)), 1),
            lambda: extra_keys(['"\u00e9t\u00e9"', '"e\u0301te\u0301"']),
            lambda: extra_keys(['"\u00e9t\u00e9"', '"e\u0301t\u00e9"', '"zz"']),
            lambda: extra_keys(['"K"', '"\u212a"']),
            lambda: extra_keys(['"\u212a"', '"K"', '"\\u212a"']),
            lambda: extra_keys(['"a;b"', '"a\u037eb"', '"a`"', '"a\u1fef"']),
            lambda: t[:m.end()] + ',"zh-Hant":{"stringUnit":{"state":"weird","value":"a"}},"zh-Hanx":{"stringUnit":{"state":"odd","value":"b"}}' + t[m.end():],
            lambda: t[:m.end()] + ',"zh-Hant":{"stringUnit":{"state":"weird","value":"a"}},"zh-Hant":{"stringUnit":{"state":"odd","value":"b"}}' + t[m.end():],
        ]
        return random.choice(edits)().encode()

    def run(binary):
        r = subprocess.run(
            [binary, "audit", "screen.yaml", "--quiet", "--categories", "large", "--devices", "iPhone 16"],
            cwd=work, capture_output=True, env=env)
        err = r.stderr
        if r.returncode != 2:  # the summary line holds the time
            err = b"\n".join(l.split(b" in ")[0] + l.split(b" s:", 1)[-1] if b" element checks in " in l else l
                             for l in err.split(b"\n"))
        return r.returncode, err

    differences = 0
    for t in range(a.runs):
        if t % 3 == 0:
            b = bytearray(base)
            for _ in range(random.randint(1, 3)):
                b[random.randrange(len(b))] = random.choice(b'{}[]",:\\ 0a\x00\xff\n')
            data = bytes(b)
        elif t % 3 == 1:
            data = structural()
        else:
            data = textual()
        with open(os.path.join(work, "Localizable.xcstrings"), "wb") as f:
            f.write(data)
        old, new = run(a.old), run(a.new)
        if old != new:
            differences += 1
            print(f"run {t}: {a.old} exit {old[0]}: {old[1][:300]!r}\n       {a.new} exit {new[0]}: {new[1][:300]!r}")
    print(f"{differences} differences in {a.runs} broken catalogs")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
