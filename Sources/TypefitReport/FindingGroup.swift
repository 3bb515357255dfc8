import Foundation
import TypefitAudit
import TypefitCore

/// One element's findings for one rule on one screen: the unit the CI reporters (`github`, `xcode`,
/// `markdown`, `sarif`) print, because a single overflowing label can produce hundreds of findings
/// (locales × categories × devices × orientations × keyboard states) at the same spec line.
///
/// Keyboard states (`Paper login — keyboard shown (editing password)`) fold into their screen, as in
/// the text report, so the group key is (spec, screen, element, rule).
struct FindingGroup: Sendable {
    var spec: String
    /// The screen title and state without the `(editing FIELD)` suffix.
    var screen: String
    var element: String
    var rule: RuleID
    /// Where the element is written (the smallest line and column among the findings).
    var line: Int
    var column: Int
    /// The worst severity among the findings.
    var severity: Severity
    /// In report order: the findings the baseline does not accept, or, when it accepts them all, those.
    var findings: [Finding]
    /// Findings of the group the baseline accepts (left out of `findings` unless it accepts them all).
    var acceptedCount = 0

    /// Every finding of the group is accepted by the baseline: reported as accepted, never as failing.
    var isAccepted = false

    // MARK: - Building

    /// Groups findings (in report order) by spec, screen, element and rule; the groups come out in
    /// report order too: spec, screen, line, column, element, rule. A group with findings the
    /// baseline does not accept describes only those (`acceptedCount` says how many more it has).
    static func groups(_ findings: [Finding]) -> [FindingGroup] {
        grouped(findings).map { g in
            let accepted = g.findings.reduce(0) { $0 + ($1.accepted ? 1 : 0) }
            guard accepted > 0 else { return g }
            var out = g
            out.acceptedCount = accepted
            if accepted < g.findings.count {
                out.findings = g.findings.filter { !$0.accepted }
                out.severity = out.findings.map(\.severity).max() ?? g.severity
            } else {
                out.isAccepted = true
            }
            return out
        }
    }

    private static func grouped(_ findings: [Finding]) -> [FindingGroup] {
        var index: [String: Int] = [:]
        var out: [FindingGroup] = []
        for f in findings {
            let screen = baseScreen(f.screen)
            let key = [f.spec, screen, f.element, f.rule.rawValue].joined(separator: "\u{1F}")
            if let i = index[key] {
                out[i].findings.append(f)
                out[i].severity = max(out[i].severity, f.severity)
                if (f.line, f.column) < (out[i].line, out[i].column) { (out[i].line, out[i].column) = (f.line, f.column) }
            } else {
                index[key] = out.count
                out.append(FindingGroup(spec: f.spec, screen: screen, element: f.element, rule: f.rule,
                                        line: f.line, column: f.column, severity: f.severity, findings: [f]))
            }
        }
        return out.sorted(by: reportOrder)
    }

    /// Spec, screen, line, column, element, rule.
    static func reportOrder(_ a: FindingGroup, _ b: FindingGroup) -> Bool {
        if a.spec != b.spec { return a.spec < b.spec }
        if a.screen != b.screen { return a.screen < b.screen }
        if (a.line, a.column) != (b.line, b.column) { return (a.line, a.column) < (b.line, b.column) }
        if a.element != b.element { return a.element < b.element }
        return a.rule < b.rule
    }

    /// Worst first: groups the baseline does not accept, severity, then the number of findings, then
    /// report order.
    static func worstFirst(_ a: FindingGroup, _ b: FindingGroup) -> Bool {
        if a.isAccepted != b.isAccepted { return !a.isAccepted }
        if a.severity != b.severity { return a.severity > b.severity }
        if a.findings.count != b.findings.count { return a.findings.count > b.findings.count }
        return reportOrder(a, b)
    }

    /// `Paper login — keyboard shown (editing password)` → `Paper login — keyboard shown`.
    static func baseScreen(_ screen: String) -> String {
        guard let r = editingRange(screen) else { return screen }
        return String(screen[..<r.lowerBound])
    }

    /// Where " (editing " starts and ends in a screen title (a byte search: reporters call this for
    /// every finding).
    static func editingRange(_ screen: String) -> Range<String.Index>? {
        let needle: StaticString = " (editing "
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let u = screen.utf8
        var i = u.startIndex
        while let p = u[i...].firstIndex(of: UInt8(ascii: "(")) {
            // The parenthesis follows a space that starts the match.
            if p != u.startIndex, u[u.index(before: p)] == UInt8(ascii: " "), u[p...].starts(with: n[1...]) {
                let start = u.index(before: p)
                return start..<u.index(start, offsetBy: n.count)
            }
            i = u.index(after: p)
        }
        return nil
    }

    // MARK: - Describing

    /// Stable identity of the group (spec, screen, element, rule): 32 hex digits, FNV-1a like the
    /// findings' fingerprints, so it survives re-runs and changes in which locales fail.
    var fingerprint: String {
        var h = StableHasher()
        h.feed(spec, separator: false)
        h.feed(screen)
        h.feed(element)
        h.feed(rule.rawValue)
        return h.hex
    }

    var locales: [String] { Set(findings.map(\.locale)).sorted() }
    /// Devices named by the findings (`all` excluded).
    var devices: [String] { Set(findings.map(\.device)).subtracting(["all"]).sorted() }
    /// Categories in xSmall … AX5 order (`all` first when present).
    var categories: [String] {
        Set(findings.map(\.category)).sorted { FindingGroup.rank($0) < FindingGroup.rank($1) }
    }

    /// "813 findings in 42 locales on 3 devices".
    var extent: String {
        var s = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let locales = self.locales
        if locales != ["all"] { s += " in \(locales.count) locale\(locales.count == 1 ? "" : "s")" }
        let devices = self.devices
        if !devices.isEmpty { s += " on \(devices.count) device\(devices.count == 1 ? "" : "s")" }
        if acceptedCount > 0 && !isAccepted { s += ", and \(acceptedCount) accepted by the baseline" }
        return s
    }

    /// The first failing category per locale, grouped by category in xSmall … AX5 order:
    /// `[("Medium", ["hu", "ms"]), ("Large", ["ar", "fi"])]`. Empty for category-independent rules.
    var firstCategoryByLocale: [(category: String, locales: [String])] {
        var first: [String: ContentSizeCategory] = [:]
        for f in findings {
            guard let c = ContentSizeCategory(name: f.category) else { continue }
            if first[f.locale].map({ c < $0 }) ?? true { first[f.locale] = c }
        }
        let byCategory = Dictionary(grouping: first.keys, by: { first[$0] ?? .large })
        return byCategory.keys.sorted().map { c in
            (c.name, (byCategory[c] ?? []).sorted().map { $0 == "all" ? "all locales" : $0 })
        }
    }

    /// "from Medium: hu, ms; from Large: ar, fi, pt-PT, ta", or nil.
    var fromText: String? {
        let parts = firstCategoryByLocale.map { "from \($0.category): \(FindingGroup.abbreviate($0.locales))" }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The worst finding: the largest overflow, ties broken by fingerprint.
    var example: Finding {
        var best = findings[0]
        for f in findings.dropFirst() {
            let a = f.numbers.overflow ?? 0, b = best.numbers.overflow ?? 0
            if a > b || (a == b && f.fingerprint < best.fingerprint) { best = f }
        }
        return best
    }

    /// "ar, AX2, iPhone SE (1st generation), portrait, editing email" for a finding.
    static func context(_ f: Finding) -> String {
        var parts = [f.locale, f.category, f.device, f.orientation].filter { $0 != "all" }
        if let state = state(f.screen) { parts.append(state) }
        return parts.joined(separator: ", ")
    }

    /// `Paper login — keyboard shown (editing password)` → `editing password`; nil without a state.
    static func state(_ screen: String) -> String? {
        guard let r = editingRange(screen) else { return nil }
        let rest = screen[r.upperBound...]
        return "editing " + (rest.hasSuffix(")") ? rest.dropLast() : rest)
    }

    /// The fix of the worst example, else of any finding.
    var fix: String? { example.fix ?? findings.sorted { $0.fingerprint < $1.fingerprint }.lazy.compactMap(\.fix).first }

    static func rank(_ category: String) -> Int { ContentSizeCategory(name: category).map { $0.rawValue + 1 } ?? 0 }

    static func abbreviate(_ items: [String]) -> String {
        items.count <= 12 ? items.joined(separator: ", ") : items.prefix(10).joined(separator: ", ") + " and \(items.count - 10) more"
    }
}

// MARK: - Shared helpers

extension Severity {
    /// Whether findings of this severity fail the run.
    func fails(strict: Bool) -> Bool { self == .error || (strict && self == .warning) }
}

extension AuditReport {
    /// Whether warnings fail this run: the reporter's option, or implied by the summary (a run that
    /// failed with no errors failed on warnings).
    func isStrict(_ option: Bool) -> Bool {
        option || (summary.failed && summary.errors == 0 && summary.warnings > 0)
    }

    /// "25021 errors, 20034 warnings, 1890 info in 305928 element checks".
    var countsLine: String {
        let s = summary
        var line = "\(s.errors) error\(s.errors == 1 ? "" : "s"), \(s.warnings) warning\(s.warnings == 1 ? "" : "s"), "
        line += "\(s.infos) info in \(s.checks) element check\(s.checks == 1 ? "" : "s")"
        if s.baselined > 0 { line += " (\(s.baselined) more accepted by the baseline)" }
        return line
    }
}

extension String {
    /// One line, for formats with one diagnostic per line: line and paragraph separators (LF, VT,
    /// FF, CR, NEL, U+2028, U+2029) and tabs become spaces, other control characters (C0, DEL, C1)
    /// U+FFFD, and bidi controls their visible escape (`\u{202E}`, `ControlCharacters`), so that
    /// nothing from a spec or catalog can reorder or colour a line.
    var singleLine: String {
        var out = String.UnicodeScalarView()
        for u in unicodeScalars {
            switch u.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0x00..<0x20, 0x7F...0x9F: out.append("\u{FFFD}")
            case _ where ControlCharacters.needsEscape(u): out.append(contentsOf: ControlCharacters.escaped(String(u)).unicodeScalars)
            default: out.append(u)
            }
        }
        return String(out)
    }

    /// At most `limit` characters, with an ellipsis when cut.
    func clipped(to limit: Int) -> String { count <= limit ? self : String(prefix(limit - 1)) + "…" }
}
