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
    /// The problem the group shows.
    let problem: Problem
    /// The problem's screen titles, without the `(editing FIELD)` suffix, joined with "; ".
    let screen: String
    /// "of the sizes audited: Large, AX5" when a size below a first category the group names was
    /// not audited (``AuditedSizes``), so "from Large" does not read as "passes below Large".
    let sizesNote: String?

    init(_ problem: Problem, sizes: AuditedSizes) {
        self.problem = problem
        screen = problem.screens.joined(separator: "; ")
        sizesNote = sizes.note(for: problem)
    }

    var spec: String { problem.spec }
    var element: String { problem.element }
    var rule: RuleID { problem.rule }
    /// Where the element is written (the smallest line and column among the findings).
    var line: Int { problem.line }
    var column: Int { problem.column }
    /// The worst severity among the findings described.
    var severity: Severity { problem.severity }
    /// Findings the baseline accepts or a waiver waives (left out of `count` unless all are).
    var acceptedCount: Int { problem.acceptedCount }
    /// Every finding of the group is accepted (by the baseline or a waiver): reported as accepted,
    /// never as failing.
    var isAccepted: Bool { problem.isAccepted }
    /// How many findings the group describes: those the baseline does not accept, or, when it accepts
    /// them all, those.
    var count: Int { isAccepted ? problem.findings.count : problem.findings.count - acceptedCount }

    // MARK: - Building

    /// One group per problem (``Problem``: element, rule and root cause over every screen state),
    /// in the order given (the report's `problems`: worst first, those failing in the source language
    /// first, as every report ranks them). A group with findings the baseline does not accept
    /// describes only those (`acceptedCount` says how many more it has).
    static func groups(_ problems: [Problem], sizes: AuditedSizes) -> [FindingGroup] {
        problems.map { FindingGroup($0, sizes: sizes) }
    }

    /// `groups` of a report's problems, with the sizes it audited.
    static func groups(_ report: AuditReport) -> [FindingGroup] { groups(report.problems, sizes: AuditedSizes(report)) }

    /// Spec, screen, line, column, element, rule.
    static func reportOrder(_ a: FindingGroup, _ b: FindingGroup) -> Bool {
        if a.spec != b.spec { return a.spec < b.spec }
        if a.screen != b.screen { return a.screen < b.screen }
        if (a.line, a.column) != (b.line, b.column) { return (a.line, a.column) < (b.line, b.column) }
        if a.element != b.element { return a.element < b.element }
        return a.rule < b.rule
    }

    /// Worst first: the problems' rank (``Problem/isWorse(than:)``), else report order.
    static func worstFirst(_ a: FindingGroup, _ b: FindingGroup) -> Bool {
        a.problem.rank < b.problem.rank
    }

    // MARK: - Describing

    /// Stable identity of the group (spec, screen, element, rule): 32 hex digits, FNV-1a like the
    /// findings' fingerprints, so it survives re-runs and changes in which locales fail.
    var fingerprint: String { problem.id }

    /// Locales named by the findings described (none for findings about the whole spec).
    var locales: [String] { problem.describedLocales }
    /// Devices named by the findings described (none for findings about a locale or the whole spec).
    var devices: [String] { problem.describedDevices }

    /// "813 findings in 42 locales on 3 devices".
    var extent: String {
        var s = "\(count) finding\(count == 1 ? "" : "s")"
        let locales = self.locales
        if !locales.isEmpty { s += " in \(locales.count) locale\(locales.count == 1 ? "" : "s")" }
        let devices = self.devices
        if !devices.isEmpty { s += " on \(devices.count) device\(devices.count == 1 ? "" : "s")" }
        if !isAccepted, let by = Acceptance.phrase(problem.acceptances) { s += ", and \(acceptedCount) \(by)" }
        return s
    }

    /// "3 findings in 1 locale on 2 devices" for the text and HTML reports: the findings a problem
    /// counts (those the baseline does not accept, or all when it accepts them all) and where they
    /// are, "in every locale" and "on every device" for findings about the whole spec or locale.
    static func countedPlaces(_ p: Problem) -> String {
        let open = p.isAccepted ? p.findings.count : p.findings.count - p.acceptedCount
        let locales = p.describedLocales, devices = p.describedDevices
        return "\(open) finding\(open == 1 ? "" : "s")"
            + (locales.isEmpty ? " in every locale" : " in \(locales.count) locale\(locales.count == 1 ? "" : "s")")
            + (devices.isEmpty ? " on every device" : " on \(devices.count) device\(devices.count == 1 ? "" : "s")")
    }

    /// The first failing category per locale among the findings described, grouped by category in
    /// xSmall … AX5 order:
    /// `[("Medium", ["hu", "ms"]), ("Large", ["ar", "fi"])]`. Empty for category-independent rules.
    var firstCategoryByLocale: [(category: String, locales: [String])] {
        problem.describedFirstCategories.map { ($0.category.name, $0.locales.isEmpty ? ["every locale"] : $0.locales) }
    }

    /// "from Medium: hu, ms; from Large: ar, fi, pt-PT, ta" over the findings described, or nil;
    /// "(of the sizes audited: Large, AX5)" after it when smaller sizes were not audited.
    var fromText: String? {
        let parts = problem.describedFirstCategories.map {
            "from \($0.category.name): \($0.locales.isEmpty ? "every locale" : FindingGroup.abbreviate($0.locales))"
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + (sizesNote.map { " (\($0))" } ?? "")
    }

    /// The problem's worst case.
    var example: Finding { problem.worst }

    /// "ar, AX2, iPhone SE (1st generation), portrait, editing email" for a finding.
    static func context(_ f: Finding) -> String {
        // A finding about the whole spec holds in every locale and at every size.
        var parts = [f.locale ?? "every locale", f.category?.name, f.device, f.orientation?.rawValue].compactMap { $0 }
        if let field = f.focused { parts.append("editing \(field)") }
        return parts.joined(separator: ", ")
    }

    /// The problem's fix.
    var fix: String? { problem.fix }

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
        var line = "\(counted(s.errors, "error")), \(counted(s.warnings, "warning")), "
        line += "\(s.infos) info in \(counted(s.checks, "element check"))"
        if let by = Acceptance.phrase(s.acceptances) { line += " (\(s.baselined + s.waived) more \(by))" }
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
