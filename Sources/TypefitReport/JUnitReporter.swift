import Foundation
import TypefitAudit
import TypefitCore

/// JUnit XML for Jenkins, GitLab and other CI test views, valid against the Jenkins xunit plugin's
/// `junit-10.xsd` (the common Jenkins/Ant schema:
/// https://github.com/jenkinsci/xunit-plugin/blob/master/src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd).
/// GitLab reads `classname` and `name` (https://docs.gitlab.com/ee/ci/testing/unit_test_reports.html).
///
/// - One `<testsuite>` per spec screen (keyboard states fold into their screen).
/// - One `<testcase classname="SPEC.SCREEN" name="ELEMENT · DEVICE · ORIENTATION · LOCALE">` per
///   element, device, orientation and locale that failed, with one `<failure type="RULE">` per
///   failing category and rule. `SPEC` is the spec path without its extension; dots in it and in the
///   screen become `_`, because Jenkins splits `classname` into package and class at the last dot.
/// - An element and locale with no failure anywhere is one passing test case named
///   `ELEMENT · all devices · all orientations · LOCALE`: the report summarises passing elements per
///   locale (`elements[]`), not per device. Device-independent findings (`fixed-font-size`, …) use
///   the same `all devices · all orientations` name, and `all locales` when they are locale-independent.
/// - Errors fail; warnings fail only in a strict run (`--strict`); info never does.
/// - `time` is always 0 and there is no `timestamp`, so the file is byte-stable.
/// - Characters XML 1.0 cannot carry (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) become
///   U+FFFD; tab, LF and CR in attributes are written as character references.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let description = "JUnit XML (Jenkins, GitLab): a test suite per screen, a test case per element, device, orientation and locale."

    /// Warnings fail too.
    public let strict: Bool
    public init(strict: Bool = false) { self.strict = strict }

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        let strict = report.isStrict(self.strict)
        let suites = Self.suites(report, strict: strict)
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let t = report.tool
        var out = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let comment = "typefit \(t.version) Dynamic Type audit (HarfBuzz \(t.harfbuzz), FreeType \(t.freetype), ICU \(t.icu)): "
            + "\(report.countsLine). Failures are errors" + (strict ? " and warnings (a strict run)." : "; warnings fail only in a strict run.")
        // A comment may not contain "--" (XML 1.0 §2.5).
        out.append("<!-- " + Self.text(comment).replacingOccurrences(of: "--", with: "- -") + " -->")
        out.append("<testsuites name=\"typefit\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">")
        for suite in suites {
            out.append("  <testsuite name=\(Self.attr(suite.name)) tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" errors=\"0\" skipped=\"0\" time=\"0\" file=\(Self.attr(suite.spec))>")
            out.append("    <properties>")
            out.append("      <property name=\"typefit.screen\" value=\(Self.attr(suite.screen))/>")
            out.append("      <property name=\"typefit.strict\" value=\"\(strict)\"/>")
            out.append("      <property name=\"typefit.locales\" value=\(Self.attr(LocaleSummary.items(report).joined(separator: ", ")))/>")
            if let system = report.systemFont { out.append("      <property name=\"typefit.systemFont\" value=\(Self.attr(system.line))/>") }
            out.append("    </properties>")
            for c in suite.cases {
                let open = "    <testcase classname=\(Self.attr(suite.classname)) name=\(Self.attr(c.name)) time=\"0\""
                if c.failures.isEmpty && c.accepted.isEmpty { out.append(open + "/>"); continue }
                out.append(open + ">")
                for f in c.failures {
                    out.append("      <failure message=\(Self.attr(f.message)) type=\(Self.attr(f.type))>\(Self.text(f.body))</failure>")
                }
                if !c.accepted.isEmpty { out.append("      <system-out>\(Self.text(Self.acceptedText(c.accepted)))</system-out>") }
                out.append("    </testcase>")
            }
            out.append("  </testsuite>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Private

    struct Suite {
        var spec: String
        var screen: String
        var cases: [Case]
        var name: String { "\(spec) — \(screen)" }
        var classname: String {
            let path = (spec as NSString).deletingPathExtension
            return path.replacingOccurrences(of: ".", with: "_") + "." + screen.replacingOccurrences(of: ".", with: "_")
        }
        var failures: Int { cases.filter { !$0.failures.isEmpty }.count }
    }

    struct Case {
        var element: String
        var locale: String
        var device: String
        var orientation: String
        var failures: [Failure]
        /// Findings the baseline accepts: not failures, listed in the case's `system-out`.
        var accepted: [Finding] = []
        var name: String {
            [element, device == "all" ? "all devices" : device, orientation == "all" ? "all orientations" : orientation,
             locale == "all" ? "all locales" : locale].joined(separator: " · ")
        }
    }

    struct Failure {
        var type: String
        var message: String
        var body: String
    }

    static func suites(_ report: AuditReport, strict: Bool) -> [Suite] {
        struct ScreenKey: Hashable { var spec: String, screen: String }
        struct CaseKey: Hashable { var element: String, locale: String, device: String, orientation: String }
        var failing: [ScreenKey: [CaseKey: [Finding]]] = [:]
        var accepted: [ScreenKey: [CaseKey: [Finding]]] = [:]
        var checked: [ScreenKey: Set<[String]>] = [:]   // (element, locale) pairs
        for f in report.findings {
            let key = ScreenKey(spec: f.spec, screen: FindingGroup.baseScreen(f.screen))
            checked[key, default: []].insert([f.element, f.locale])
            let caseKey = CaseKey(element: f.element, locale: f.locale, device: f.device, orientation: f.orientation)
            if f.accepted {
                accepted[key, default: [:]][caseKey, default: []].append(f)
                continue
            }
            guard f.severity.fails(strict: strict) else { continue }
            failing[key, default: [:]][caseKey, default: []].append(f)
        }
        for e in report.elements {
            checked[ScreenKey(spec: e.spec, screen: e.screen), default: []].insert([e.element, e.locale])
        }
        var suites: [Suite] = []
        for key in checked.keys.sorted(by: { ($0.spec, $0.screen) < ($1.spec, $1.screen) }) {
            let failed = failing[key] ?? [:]
            let failedPairs = Set(failed.keys.map { [$0.element, $0.locale] })
            // Accepted findings go to their failing case, else to the pair's passing case, else (the
            // pair fails on another device or orientation) to a passing case of their own.
            var acceptedByPair: [[String]: [Finding]] = [:]
            var acceptedCases: [CaseKey: [Finding]] = [:]
            for (k, findings) in accepted[key] ?? [:] {
                if failed[k] != nil || failedPairs.contains([k.element, k.locale]) {
                    acceptedCases[k, default: []] += findings
                } else {
                    acceptedByPair[[k.element, k.locale], default: []] += findings
                }
            }
            var cases: [Case] = []
            for pair in checked[key] ?? [] where !failedPairs.contains(pair) {
                cases.append(Case(element: pair[0], locale: pair[1], device: "all", orientation: "all", failures: [],
                                  accepted: acceptedByPair[pair] ?? []))
            }
            for (k, findings) in failed {
                cases.append(Case(element: k.element, locale: k.locale, device: k.device, orientation: k.orientation,
                                  failures: Self.failures(findings), accepted: acceptedCases[k] ?? []))
            }
            for (k, findings) in acceptedCases where failed[k] == nil {
                cases.append(Case(element: k.element, locale: k.locale, device: k.device, orientation: k.orientation,
                                  failures: [], accepted: findings))
            }
            cases.sort { ($0.element, $0.locale, $0.device, $0.orientation) < ($1.element, $1.locale, $1.device, $1.orientation) }
            suites.append(Suite(spec: key.spec, screen: key.screen, cases: cases))
        }
        return suites
    }

    /// One failure per category and rule (category order, then rule); findings of several keyboard
    /// states for the same category and rule share it, the worst one giving the message.
    static func failures(_ findings: [Finding]) -> [Failure] {
        struct Key: Hashable { var category: String, rule: RuleID }
        let byKey = Dictionary(grouping: findings, by: { Key(category: $0.category, rule: $0.rule) })
        let keys = byKey.keys.sorted { (FindingGroup.rank($0.category), $0.rule.rawValue) < (FindingGroup.rank($1.category), $1.rule.rawValue) }
        return keys.map { key in
            let fs = byKey[key] ?? []
            let group = FindingGroup(spec: "", screen: "", element: "", rule: key.rule, line: 0, column: 0,
                                     severity: fs.map(\.severity).max() ?? .error, findings: fs)
            let worst = group.example
            let prefix = key.category == "all" ? "" : "\(key.category): "
            var body = ["\(key.rule.rawValue) (\(group.severity.rawValue)) at \(key.category == "all" ? "every category" : key.category)"]
            for f in fs.sorted(by: { ($0.screen, $0.fingerprint) < ($1.screen, $1.fingerprint) }) {
                body.append((FindingGroup.state(f.screen).map { $0 + ": " } ?? "") + f.message)
            }
            if let fix = group.fix { body.append("fix: \(fix)") }
            body.append("fingerprint: " + fs.map(\.fingerprint).sorted().joined(separator: ", "))
            return Failure(type: key.rule.rawValue, message: prefix + worst.message, body: body.joined(separator: "\n"))
        }
    }

    /// "Accepted by the baseline (not failures):" and one line per rule: severity, count, categories.
    static func acceptedText(_ findings: [Finding]) -> String {
        let byRule = Dictionary(grouping: findings, by: \.rule)
        var lines = ["Accepted by the baseline (not failures):"]
        for rule in byRule.keys.sorted() {
            let fs = byRule[rule] ?? []
            let group = FindingGroup(spec: "", screen: "", element: "", rule: rule, line: 0, column: 0,
                                     severity: fs.map(\.severity).max() ?? .error, findings: fs)
            let categories = group.categories.filter { $0 != "all" }
            var line = "\(rule.rawValue) (\(group.severity.rawValue)): \(fs.count) finding\(fs.count == 1 ? "" : "s")"
            if let first = categories.first { line += " from \(first)" }
            let devices = group.devices
            if !devices.isEmpty { line += " on " + devices.joined(separator: ", ") }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// A quoted attribute value.
    static func attr(_ s: String) -> String { "\"" + escape(s, attribute: true) + "\"" }

    /// Character data.
    static func text(_ s: String) -> String { escape(s, attribute: false) }

    /// XML 1.0 escaping. `Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`
    /// (https://www.w3.org/TR/xml/#charsets): anything else becomes U+FFFD. Tab, LF and CR in an
    /// attribute are character references so attribute-value normalisation keeps them.
    static func escape(_ s: String, attribute: Bool) -> String {
        // Works on the UTF-8 bytes: every character escaped is ASCII (one byte that never occurs
        // inside a multi-byte sequence) except U+FFFE and U+FFFF (EF BF BE, EF BF BF).
        let bytes = s.utf8
        let plain = bytes.allSatisfy { b in
            b >= 0x20 && b != UInt8(ascii: "&") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">")
                && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'") && b != 0xEF
        }
        if plain { return s }
        let b = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 16)
        func add(_ t: StaticString) { out.append(contentsOf: UnsafeBufferPointer(start: t.utf8Start, count: t.utf8CodeUnitCount)) }
        var i = 0
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "&"): add("&amp;")
            case UInt8(ascii: "<"): add("&lt;")
            case UInt8(ascii: ">"): add("&gt;")
            case UInt8(ascii: "\"") where attribute: add("&quot;")
            case UInt8(ascii: "'") where attribute: add("&apos;")
            case 0x09 where attribute: add("&#9;")
            case 0x0A where attribute: add("&#10;")
            case 0x0D: add("&#13;")
            case 0x09, 0x0A: out.append(b[i])
            case 0..<0x20: add("\u{FFFD}")
            case 0xEF where i + 2 < b.count && b[i + 1] == 0xBF && (b[i + 2] == 0xBE || b[i + 2] == 0xBF):
                // U+FFFE and U+FFFF are not XML characters.
                add("\u{FFFD}")
                i += 2
            default: out.append(b[i])
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
