#!/usr/bin/env python3
"""Validate typefit's SARIF and JUnit reports (and XLIFF) with validators that are not typefit's code.

    python3 scripts/validate-reports.py [--sarif FILE]... [--junit FILE]... [--xliff FILE]...

- SARIF: the official OASIS SARIF 2.1.0 JSON schema (errata01), checked with `jsonschema`
  (Draft 4, with format checks: `uri`, `uri-reference` need `rfc3986-validator`), then GitHub code
  scanning's documented subset and limits (ruleId, message.text, a location with a URI and a
  startLine >= 1, partialFingerprints, at most 25,000 results and 25,000 rules per run, 20 runs).
- JUnit: the Jenkins xunit plugin's `junit-10.xsd` (the common Jenkins/Ant JUnit schema), checked
  with `xmlschema`; the file is parsed by `xml.etree` first (expat rejects characters XML 1.0 forbids).
- XLIFF (`typefit budgets --write-xliff`): the OASIS XLIFF 1.2 *transitional* schema, the one Xcode's
  own exports satisfy (the strict schema rejects the `build-num` attribute Xcode writes on `<tool>`),
  checked with `xmlschema`; its `xml.xsd` import is xmlschema's bundled copy (no network: remote
  locations are refused).

The schemas are vendored in Tests/TypefitAuditTests/Fixtures/schemas (see the README there for where
they come from and their licences). Needs: pip install jsonschema==4.26.0 rfc3986-validator==0.1.1
xmlschema==4.3.2. Exits 0 when every file is valid, 1 when one is not, 3 when a module is missing.
"""
import argparse
import json
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "Tests", "TypefitAuditTests", "Fixtures", "schemas")
SARIF_SCHEMA = os.path.join(SCHEMAS, "sarif-schema-2.1.0.json")
JUNIT_XSD = os.path.join(SCHEMAS, "junit-10.xsd")
XLIFF_XSD = os.path.join(SCHEMAS, "xliff-core-1.2-transitional.xsd")


def missing(module):
    print(f"validate-reports: the Python module '{module}' is missing: "
          "pip install jsonschema==4.26.0 rfc3986-validator==0.1.1 xmlschema==4.3.2", file=sys.stderr)
    sys.exit(3)


def github_subset(log):
    """GitHub code scanning's requirements beyond the schema (docs.github.com, 'SARIF support for
    code scanning' and 'SARIF results exceed limits')."""
    errors = []
    runs = log.get("runs") or []
    if len(runs) > 20:
        errors.append(f"{len(runs)} runs, GitHub accepts 20 per file")
    for r, run in enumerate(runs):
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            errors.append(f"runs[{r}].tool.driver.name is missing")
        rules = driver.get("rules", [])
        if len(rules) > 25000:
            errors.append(f"runs[{r}] has {len(rules)} rules, GitHub accepts 25,000")
        ids = [rule.get("id") for rule in rules]
        if len(set(ids)) != len(ids):
            errors.append(f"runs[{r}] has duplicate rule ids")
        for i, rule in enumerate(rules):
            for key in ("shortDescription", "fullDescription", "help"):
                if not rule.get(key, {}).get("text"):
                    errors.append(f"runs[{r}].tool.driver.rules[{i}].{key}.text is missing")
        results = run.get("results", [])
        if len(results) > 25000:
            errors.append(f"runs[{r}] has {len(results)} results, GitHub rejects more than 25,000")
        for i, res in enumerate(results):
            where = f"runs[{r}].results[{i}]"
            if res.get("ruleId") not in ids:
                errors.append(f"{where}.ruleId {res.get('ruleId')!r} is not a rule of the driver")
            elif "ruleIndex" in res and ids[res["ruleIndex"]] != res["ruleId"]:
                errors.append(f"{where}.ruleIndex does not point at {res['ruleId']!r}")
            if not res.get("message", {}).get("text"):
                errors.append(f"{where}.message.text is missing")
            if not res.get("partialFingerprints"):
                errors.append(f"{where}.partialFingerprints is missing")
            locations = res.get("locations") or []
            if not locations:
                errors.append(f"{where}.locations is empty")
            for loc in locations:
                phys = loc.get("physicalLocation", {})
                if not phys.get("artifactLocation", {}).get("uri"):
                    errors.append(f"{where}: a location has no artifactLocation.uri")
                region = phys.get("region", {})
                if region.get("startLine", 0) < 1 or region.get("startColumn", 1) < 1:
                    errors.append(f"{where}: region startLine/startColumn must be >= 1")
    return errors


def validate_sarif(path):
    try:
        import jsonschema
    except ImportError:
        missing("jsonschema")
    with open(SARIF_SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    try:
        import rfc3986_validator  # noqa: F401  (jsonschema checks 'uri-reference' only with it)
    except ImportError:
        print("validate-reports: rfc3986-validator is missing: URI formats are not checked", file=sys.stderr)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
              for e in sorted(validator.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))]
    errors += github_subset(log)
    return errors


def validate_junit(path):
    try:
        import xmlschema
    except ImportError:
        missing("xmlschema")
    try:
        ET.parse(path)
    except ET.ParseError as e:
        return [f"not well-formed XML: {e}"]
    schema = xmlschema.XMLSchema(JUNIT_XSD)
    return [f"{e.path}: {e.reason}" for e in schema.iter_errors(path)]


def validate_xliff(path):
    try:
        import xmlschema
    except ImportError:
        missing("xmlschema")
    try:
        ET.parse(path)
    except ET.ParseError as e:
        return [f"not well-formed XML: {e}"]
    schema = xmlschema.XMLSchema(XLIFF_XSD, allow="local")
    return [f"{e.path}: {e.reason}" for e in schema.iter_errors(path)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sarif", action="append", default=[], metavar="FILE")
    parser.add_argument("--junit", action="append", default=[], metavar="FILE")
    parser.add_argument("--xliff", action="append", default=[], metavar="FILE")
    args = parser.parse_args()
    if not args.sarif and not args.junit and not args.xliff:
        parser.error("give at least one --sarif, --junit or --xliff file")
    passed = failed = 0
    for kind, files, check in (("SARIF 2.1.0 (OASIS schema + GitHub subset)", args.sarif, validate_sarif),
                               ("JUnit (Jenkins junit-10.xsd)", args.junit, validate_junit),
                               ("XLIFF 1.2 (OASIS transitional schema)", args.xliff, validate_xliff)):
        for path in files:
            errors = check(path)
            if errors:
                failed += 1
                print(f"{path}: INVALID {kind}: {len(errors)} error(s)")
                for e in errors[:20]:
                    print(f"  {e}")
            else:
                passed += 1
                print(f"{path}: valid {kind}")
    print(f"validate-reports: {passed} valid, {failed} invalid")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
