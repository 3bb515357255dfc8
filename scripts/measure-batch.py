#!/usr/bin/env python3
"""Writes the held-out mixed-script batch `make bench-measure` times (scripts/bench-measure.sh).

Unique texts: every `stride`-th translation of the shipped String Catalogs (Specs/*/*.xcstrings,
keys and locales in sorted order, format strings left out) and every sample of the hb-shape fixtures
(Tests/TypefitLayoutTests/Fixtures/hb-shape/samples.tsv: the scripts the catalogs lack). Each text is
measured at 5 sizes x 3 (width, lines, line break) settings, and the checks are shuffled with a fixed
seed, so the same text comes back at another size among other texts, as a service sees it.

Writes BATCH.jsonl (typefit measure --jsonl requests) and BATCH.tsv (the same checks for the Pango
program: size, width, lines, line break, locale, text).

    python3 scripts/measure-batch.py OUT_PREFIX [--stride N]
"""
import argparse
import json
import os
import random
import sys

SIZES = [14, 17, 22, 28, 40]
SETTINGS = [(343, 0, "word"), (240, 2, "truncate-tail"), (160, 1, "truncate-tail")]


def catalog_texts(root, stride):
    texts = []
    for folder in sorted(os.listdir(os.path.join(root, "Specs"))):
        path = os.path.join(root, "Specs", folder, "Localizable.xcstrings")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            strings = json.load(f)["strings"]
        for key in sorted(strings):
            for locale, loc in sorted(strings[key].get("localizations", {}).items()):
                value = loc.get("stringUnit", {}).get("value")
                if value and "%" not in value:
                    texts.append((locale, value))
    unique = sorted(set(texts))
    return unique[::stride]


def sample_texts(root):
    out = []
    with open(os.path.join(root, "Tests/TypefitLayoutTests/Fixtures/hb-shape/samples.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 7:
                out.append((fields[3], fields[6]))
    return sorted(set(out))


def main():
    # argparse, not sys.argv by hand: `--help` or a mistyped option is refused (exit 2) instead of
    # being taken as OUT_PREFIX and written as "--help.jsonl" beside the caller.
    parser = argparse.ArgumentParser(
        prog="measure-batch.py", description="Writes OUT_PREFIX.jsonl and OUT_PREFIX.tsv: the held-out measure batch.")
    parser.add_argument("prefix", metavar="OUT_PREFIX")
    parser.add_argument("--stride", type=int, default=10, help="every N-th catalog translation (default 10)")
    args = parser.parse_args()
    if args.stride < 1:
        parser.error("--stride must be at least 1")
    prefix, stride = args.prefix, args.stride
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    texts = sorted(set(catalog_texts(root, stride) + sample_texts(root)))
    checks = [(size, width, lines, mode, locale, text)
              for locale, text in texts for size in SIZES for width, lines, mode in SETTINGS]
    random.Random(18).shuffle(checks)
    with open(prefix + ".jsonl", "w", encoding="utf-8") as jl, open(prefix + ".tsv", "w", encoding="utf-8") as tsv:
        for size, width, lines, mode, locale, text in checks:
            request = {"text": text, "size": size, "width": width, "lines": lines, "lineBreak": mode, "locale": locale}
            jl.write(json.dumps(request, ensure_ascii=False) + "\n")
            tsv.write(f"{size}\t{width}\t{lines}\t{mode}\t{locale}\t{text}\n")
    languages = len({locale.split("-")[0] for locale, _ in texts})
    print(f"{len(checks)} checks: {len(texts)} unique texts in {languages} languages", file=sys.stderr)


if __name__ == "__main__":
    main()
