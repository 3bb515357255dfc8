#!/usr/bin/env python3
"""Validates every YAML document under a folder against typefit's spec JSON Schema (an independent
validator: the Python jsonschema package, not typefit's own loader)."""
import glob, json, sys
import jsonschema, yaml

schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = 0
files = sorted(glob.glob(sys.argv[2] + "/**/*.yaml", recursive=True))
for path in files:
    for n, doc in enumerate(yaml.safe_load_all(open(path, encoding="utf-8"))):
        for error in validator.iter_errors(doc):
            failed += 1
            print(f"{path} (document {n + 1}): {error.json_path}: {error.message[:200]}")
print(f"schema check: {len(files)} spec files, {failed} problems")
sys.exit(1 if failed else 0)
