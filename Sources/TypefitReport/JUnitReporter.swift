import Foundation
import TypefitAudit
import TypefitCore

/// JUnit XML for Jenkins, GitLab and other CI test views, valid against the Jenkins xunit plugin's
/// `junit-10.xsd` (the common Jenkins/Ant schema:
/// https://github.com/jenkinsci/xunit-plugin/blob/master/src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd).
/// GitLab reads `classname` and `name` (https://docs.gitlab.com/ee/ci/testing/unit_test_reports.html).
///
/// One test case per problem (``Problem``: one element, one rule, one root cause), worst first, like
/// the SARIF results and the Markdown comment:
///
/// - One `<testsuite>` per spec file; suites in the order of their worst problem (specs without a
///   problem last, by path).
/// - One `<testcase classname="SPEC.ELEMENT" name="ELEMENT · RULE">` per problem (`· CAUSE` added
///   when a rule has several causes for one element), in rank order, with one `<failure type="RULE">`
///   when it fails the run: the message is the worst case (`[de, AX5, iPhone 16, portrait] what
///   happened`), the text its extent, first failing categories, fix, spec line and problem id.
///   `SPEC` is the spec path without its extension; dots in it and in the element become `_`,
///   because Jenkins splits `classname` into package and class at the last dot.
/// - A problem that does not fail the run (a warning outside a strict run, info, or one the baseline
///   accepts entirely) is a passing test case whose `<system-out>` says why and what it is.
/// - An element audited without any problem is one passing test case `ELEMENT · no problems`.
/// - Errors fail; warnings fail only in a strict run (`--strict`); info never does.
/// - `time` is always 0 and there is no `timestamp`, so the file is byte-stable.
/// - Characters XML 1.0 cannot carry (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) become
///   U+FFFD; tab, LF and CR in attributes are written as character references.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let description = "JUnit XML (Jenkins, GitLab): a test suite per spec, a test case per problem, worst first."

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
        let problems = report.problems.count
        let comment =
            "typefit \(t.version) Dynamic Type audit (HarfBuzz \(t.harfbuzz), FreeType \(t.freetype), ICU \(t.icu)): "
            + "\(problems) problem\(problems == 1 ? "" : "s"), \(report.countsLine). One test case per problem, worst first. Failures are errors"
            + (strict ? " and warnings (a strict run)." : "; warnings fail only in a strict run.")
        // A comment may not contain "--" (XML 1.0 §2.5).
        out.append("<!-- " + Self.text(comment).replacingOccurrences(of: "--", with: "- -") + " -->")
        out.append("<testsuites name=\"typefit\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"0\">")
        let locales = LocaleSummary.list(report.locales), notAudited = NarrowingNotes.selection(report)
        for suite in suites {
            out.append(
                "  <testsuite name=\(Self.attr(suite.spec)) tests=\"\(suite.cases.count)\" failures=\"\(suite.failures)\" errors=\"0\" skipped=\"0\" time=\"0\" file=\(Self.attr(suite.spec))>"
            )
            out.append("    <properties>")
            out.append("      <property name=\"typefit.screens\" value=\(Self.attr(suite.screens.joined(separator: "; ")))/>")
            out.append("      <property name=\"typefit.strict\" value=\"\(strict)\"/>")
            out.append("      <property name=\"typefit.locales\" value=\(Self.attr(locales))/>")
            if !notAudited.isEmpty {
                out.append("      <property name=\"typefit.notAudited\" value=\(Self.attr(notAudited.joined(separator: "; ")))/>")
            }
            if let system = report.systemFont {
                out.append("      <property name=\"typefit.systemFont\" value=\(Self.attr(system.line))/>")
            }
            out.append("    </properties>")
            for c in suite.cases {
                let open =
                    "    <testcase classname=\(Self.attr(Self.classname(spec: suite.spec, element: c.element))) name=\(Self.attr(c.name)) time=\"0\""
                if c.failure == nil && c.systemOut == nil { out.append(open + "/>"); continue }
                out.append(open + ">")
                if let f = c.failure {
                    out.append("      <failure message=\(Self.attr(f.message)) type=\(Self.attr(f.type))>\(Self.text(f.body))</failure>")
                }
                if let s = c.systemOut { out.append("      <system-out>\(Self.text(s))</system-out>") }
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
        /// The screens of the spec the report names, sorted.
        var screens: [String]
        var cases: [Case]
        var failures: Int { cases.filter { $0.failure != nil }.count }
    }

    struct Case {
        var element: String
        var name: String
        var failure: Failure?
        var systemOut: String?
    }

    struct Failure {
        var type: String
        var message: String
        var body: String
    }

    /// `Specs/a.b/screen.yaml` and `sign.in` → `Specs/a_b/screen.sign_in`.
    static func classname(spec: String, element: String) -> String {
        let path = (spec as NSString).deletingPathExtension
        return path.replacingOccurrences(of: ".", with: "_") + "." + element.replacingOccurrences(of: ".", with: "_")
    }

    static func suites(_ report: AuditReport, strict: Bool) -> [Suite] {
        let problems = report.problems
        let sizes = AuditedSizes(report)
        var bySpec: [String: [Problem]] = [:]
        var screens: [String: Set<String>] = [:]
        var elements: [String: Set<String>] = [:]
        for p in problems {
            bySpec[p.spec, default: []].append(p)
            screens[p.spec, default: []].formUnion(p.screens)
        }
        for e in report.elementList {
            screens[e.spec, default: []].insert(e.screen)
            elements[e.spec, default: []].insert(e.element)
        }
        // Suites in the order of their worst problem, then specs without one by path.
        let specs = screens.keys.sorted { a, b in
            let ra = bySpec[a]?.first?.rank ?? Int.max, rb = bySpec[b]?.first?.rank ?? Int.max
            return ra != rb ? ra < rb : a < b
        }
        return specs.map { spec in
            let ps = bySpec[spec] ?? []
            var cases = ps.map { testCase($0, sizes: sizes, strict: strict) }
            let withProblem = Set(ps.map(\.element))
            for element in (elements[spec] ?? []).subtracting(withProblem).sorted() {
                cases.append(Case(element: element, name: "\(element) · no problems"))
            }
            return Suite(spec: spec, screens: (screens[spec] ?? []).sorted(), cases: cases)
        }
    }

    /// One problem's test case: a failure when it fails the run, else a passing case saying why not.
    static func testCase(_ p: Problem, sizes: AuditedSizes, strict: Bool) -> Case {
        let group = FindingGroup(p, sizes: sizes)
        let name = "\(p.element) · \(p.rule.rawValue)" + (p.cause.map { " · \($0)" } ?? "")
        let worst = p.worst
        let context = FindingGroup.context(worst)
        let message = (context.isEmpty ? "" : "[\(context)] ") + worst.message
        var lines = ["#\(p.rank) \(p.rule.rawValue) (\(p.severity.rawValue)): \(group.extent)"]
        lines.append("screens: " + group.screen)
        if let from = group.fromText { lines.append(from) }
        lines.append("worst: " + message)
        if let fix = p.fix { lines.append("fix: \(fix)") }
        lines.append("spec: \(p.spec):\(p.line):\(p.column)")
        lines.append("problem: \(p.id) (worst finding \(worst.fingerprint))")
        let body = lines.joined(separator: "\n")
        if p.isAccepted, let by = Acceptance.phrase(p.acceptances) {
            return Case(
                element: p.element, name: name, systemOut: by.prefix(1).uppercased() + by.dropFirst() + " (not a failure):\n" + body)
        }
        guard p.severity.fails(strict: strict) else {
            let why = p.severity == .warning ? "A warning (fails only in a strict run):" : "Info (never fails):"
            return Case(element: p.element, name: name, systemOut: why + "\n" + body)
        }
        return Case(element: p.element, name: name, failure: Failure(type: p.rule.rawValue, message: message, body: body))
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
