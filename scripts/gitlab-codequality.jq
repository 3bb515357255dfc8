# A GitLab Code Quality report (docs/reports.md "GitLab CI") from typefit's JSON report: one entry per
# spec, line and rule with errors or warnings that are not accepted (baseline) or waived (.typefit.yml).
# Usage: jq -f gitlab-codequality.jq typefit.json > gl-code-quality.json
[.findings[]
 | select((.accepted // false) | not)
 | select(.severity == "error" or .severity == "warning")]
| group_by([.spec, .line, .rule])
| map({
    description: "\(.[0].rule): \(.[0].element) — \(length) finding\(if length == 1 then "" else "s" end), e.g. \(.[0].message)",
    check_name: .[0].rule,
    fingerprint: ([.[0].spec, (.[0].line | tostring), .[0].rule] | join(":")),
    severity: (if any(.[]; .severity == "error") then "major" else "minor" end),
    location: {path: .[0].spec, lines: {begin: .[0].line}}
  })
