import Foundation
import TypefitAudit
import TypefitCore

/// GitHub-flavoured Markdown for a pull-request comment or a job summary
/// (https://github.github.com/gfm/): a summary table, then the worst problems first (``Problem``), each
/// with where it fails, the first failing category per locale, the worst example and the fix; capped
/// at ``maxGroups`` groups with "… and N more".
///
/// The first line is an HTML comment (`<!-- typefit-report -->`) a bot can use to find and update its
/// own comment. Text from specs and catalogs is escaped: Markdown punctuation gets a backslash, `<`,
/// `>` and `&` become entities (no HTML gets through) and `@` is followed by a word joiner so a
/// translation cannot mention anyone. Every message is at most 300 characters, so the comment stays
/// far below GitHub's 65,536-character limit.
public struct MarkdownReporter: Reporter {
    public static let identifier = "markdown"
    public static let description = "Markdown for a pull-request comment: summary table, then the worst problems first."

    /// Problems shown.
    public let maxGroups: Int
    public init(maxGroups: Int = 10) { self.maxGroups = max(1, maxGroups) }

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        let s = report.summary
        let all = FindingGroup.groups(report).sorted(by: FindingGroup.worstFirst)
        // Groups the baseline accepts are counted at the end, not listed: they do not fail the run.
        let groups = all.filter { !$0.isAccepted }, accepted = all.filter(\.isAccepted)
        var out = ["<!-- typefit-report -->"]
        out.append(s.failed ? "### ✗ typefit: Dynamic Type audit failed" : "### ✓ typefit: Dynamic Type audit passed")
        out.append("")
        // A Waived column only for a run that waived findings.
        let waived = s.waived > 0
        out.append("| Specs | Screen states | Element checks | Errors | Warnings | Info | Baselined |" + (waived ? " Waived |" : ""))
        out.append("|---:|---:|---:|---:|---:|---:|---:|" + (waived ? "---:|" : ""))
        out.append(
            "| "
                + ([s.specs, s.screens, s.checks, s.errors, s.warnings, s.infos, s.baselined] + (waived ? [s.waived] : []))
                .map(Self.number).joined(separator: " | ") + " |")
        out.append("")
        if s.borderline > 0 {
            out.append(
                Self.escape(BorderlineSummary.line(s.borderline).prefix(1).uppercased() + BorderlineSummary.line(s.borderline).dropFirst()))
            out.append("")
        }
        if let locales = LocaleSummary.line(report) {
            out.append(Self.escape(locales.prefix(1).uppercased() + locales.dropFirst()))
            out.append("")
        }
        for line in NarrowingNotes.selection(report) { out += [Self.escape(line), ""] }
        if let system = report.systemFont { out += [Self.escape("System" + system.line.dropFirst(6)), ""] }
        let strict = report.isStrict(false)
        out.append(
            s.failed
                ? (strict && s.errors == 0
                    ? "Warnings fail this run (`--strict`)."
                    : "Errors fail the run"
                        + (strict ? ", and warnings too (`--strict`)." : "; warnings do not (use `--strict` to fail on them)."))
                : "Nothing fails the run.")
        guard !groups.isEmpty else {
            out.append("")
            out.append(accepted.isEmpty ? "No findings." : "No findings beyond the baseline.")
            out += Self.acceptedLines(accepted, report)
            return out.joined(separator: "\n") + "\n"
        }
        out.append("")
        let shown = groups.prefix(maxGroups)
        let count = groups.reduce(0) { $0 + $1.count }
        out.append(
            "#### Worst findings (\(shown.count) of \(groups.count) problem\(groups.count == 1 ? "" : "s"), \(Self.number(count)) finding\(count == 1 ? "" : "s"))"
        )
        for g in shown {
            out.append("")
            out += Self.describe(g)
        }
        if groups.count > shown.count {
            let rest = groups.dropFirst(shown.count)
            let findings = rest.reduce(0) { $0 + $1.count }
            out.append("")
            out.append(
                "… and \(rest.count) more problem\(rest.count == 1 ? "" : "s") (\(Self.number(findings)) finding\(findings == 1 ? "" : "s")): the JSON, SARIF and text reports list them."
            )
        }
        out += Self.acceptedLines(accepted, report)
        return out.joined(separator: "\n") + "\n"
    }

    /// "~ 12 problems (4,031 findings) are accepted by the baseline …" (or waived in .typefit.yml),
    /// or nothing.
    static func acceptedLines(_ accepted: [FindingGroup], _ report: AuditReport) -> [String] {
        let file = report.baseline.map { " (`\(code($0.file))`)" } ?? ""
        guard let by = Acceptance.phrase(Set(accepted.flatMap(\.problem.acceptances)), baseline: file) else { return [] }
        let findings = accepted.reduce(0) { $0 + $1.count }
        return [
            "",
            "~ \(accepted.count) problem\(accepted.count == 1 ? "" : "s") (\(number(findings)) finding\(findings == 1 ? "" : "s")) \(accepted.count == 1 ? "is" : "are") \(by): they do not fail the run."
        ]
    }

    // MARK: - Private

    static func describe(_ g: FindingGroup) -> [String] {
        let mark = g.severity == .error ? "✗" : g.severity == .warning ? "!" : "i"
        var out = [
            "**\(mark) \(g.severity.rawValue) `\(g.rule.rawValue)` · \(escape(g.element))** — \(escape(g.screen)) — `\(code(g.spec)):\(g.line)`"
        ]
        out.append("")
        out.append(g.extent + ".")
        let from = g.firstCategoryByLocale
        if !from.isEmpty {
            out.append("")
            out.append("| First failing category\(g.sizesNote.map { " (\($0))" } ?? "") | Locales |")
            out.append("|---|---|")
            for row in from { out.append("| \(row.category) | \(escape(FindingGroup.abbreviate(row.locales))) |") }
        }
        let example = g.example
        out.append("")
        out.append("e.g. *\(escape(FindingGroup.context(example)))*: \(escape(example.message.singleLine.clipped(to: 300)))")
        if let fix = g.fix {
            out.append("")
            out.append("**Fix:** \(escape(fix.singleLine.clipped(to: 300)))")
        }
        return out
    }

    /// 305928 → "305,928" (locale-independent).
    static func number(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// Text inside a code span: backticks cannot be escaped there, so they become `'`.
    static func code(_ s: String) -> String { s.singleLine.replacingOccurrences(of: "`", with: "'") }

    /// Escapes text for GitHub-flavoured Markdown (inline, table cells included).
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.singleLine.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@": out += "@\u{2060}"
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~": out += "\\" + String(u)
            case _ where u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF: out += "\u{FFFD}"
            case _ where ControlCharacters.needsEscape(u): out += ControlCharacters.escaped(String(u))
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
