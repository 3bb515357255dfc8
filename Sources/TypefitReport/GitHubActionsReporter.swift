import Foundation
import TypefitAudit
import TypefitCore

/// GitHub Actions workflow commands, which GitHub turns into annotations on the spec lines:
/// `::error file={name},line={line},col={col},title={title}::{message}`
/// (https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/workflow-commands-for-github-actions).
///
/// GitHub shows at most 10 error, 10 warning and 10 notice annotations per step and 50 per job
/// (https://github.com/actions/toolkit/blob/main/docs/problem-matchers.md#limitations), and drops
/// the rest silently. So findings are grouped (one annotation per problem, saying
/// in how many locales and devices it fails, from which category per locale, the worst example and
/// the fix), ordered worst first (by the problems' rank), and at most ``perKindLimit``
/// of each kind are annotations; the rest are listed as plain log lines after a line that says how
/// many were left out. Info findings become `::notice`.
///
/// Escaping follows the Actions toolkit (`command.ts`): in the message `%`, CR and LF become `%25`,
/// `%0D`, `%0A`; in properties `:` and `,` also become `%3A` and `%2C`.
///
/// ``stepSummary(_:)`` is the Markdown the command line appends to `$GITHUB_STEP_SUMMARY`.
public struct GitHubActionsReporter: Reporter {
    public static let identifier = "github"
    public static let description = "GitHub Actions annotations (10 errors, 10 warnings, 10 notices, worst first), plus a step summary."

    /// Annotations of each kind GitHub shows per step.
    public static let perKindLimit = 10

    public init() {}

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        let all = FindingGroup.groups(report).sorted(by: FindingGroup.worstFirst)
        // Groups the baseline accepts are not annotated: they do not fail the run.
        let groups = all.filter { !$0.isAccepted }, accepted = all.filter(\.isAccepted)
        var out = ["typefit \(report.tool.version): \(report.countsLine); \(groups.count) problem\(groups.count == 1 ? "" : "s")"]
        if let locales = LocaleSummary.line(report) { out[0] += "; " + locales }
        for line in NarrowingNotes.selection(report) { out[0] += "; " + line }
        if let system = report.systemFont { out[0] += "; " + system.line }
        var shown: [Severity: Int] = [:]
        var rest: [FindingGroup] = []
        for g in groups {
            let n = shown[g.severity, default: 0]
            guard n < Self.perKindLimit else { rest.append(g); continue }
            shown[g.severity] = n + 1
            out.append(Self.annotation(g))
        }
        if !rest.isEmpty {
            let counts = Severity.allCases.reversed().compactMap { s -> String? in
                let n = rest.filter { $0.severity == s }.count
                return n == 0 ? nil : "\(n) \(s.rawValue)"
            }
            out.append(
                "typefit: \(rest.count) more problem\(rest.count == 1 ? "" : "s") (\(counts.joined(separator: ", "))) without annotations: GitHub shows \(Self.perKindLimit) of each kind per step. See the step summary, the SARIF or the JSON report."
            )
            for g in rest { out.append("  " + Self.plainLine(g)) }
        }
        let file = report.baseline.map { " (\($0.file))" } ?? ""
        if let by = Acceptance.phrase(Set(accepted.flatMap(\.problem.acceptances)), baseline: file) {
            let findings = accepted.reduce(0) { $0 + $1.count }
            out.append(
                "typefit: \(accepted.count) more group\(accepted.count == 1 ? "" : "s") (\(findings) finding\(findings == 1 ? "" : "s")) \(by), not annotated: they do not fail the run."
                    .singleLine)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Markdown for `$GITHUB_STEP_SUMMARY` (the same as the `markdown` report).
    public static func stepSummary(_ report: AuditReport) -> String {
        MarkdownReporter().generateReport(report)
    }

    // MARK: - Private

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    static func annotation(_ g: FindingGroup) -> String {
        let example = g.example
        var lines = ["\(g.extent) — \(g.screen.singleLine)"]
        if let from = g.fromText { lines.append(from) }
        lines.append("e.g. [\(FindingGroup.context(example))] \(example.message.singleLine.clipped(to: 600))")
        if let fix = g.fix { lines.append("fix: \(fix.singleLine)") }
        let properties = [
            ("file", g.spec.singleLine), ("line", String(max(1, g.line))), ("col", String(max(1, g.column))),
            ("title", "typefit \(g.rule.rawValue): \(g.element.singleLine)")
        ].map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command(g.severity)) \(properties)::\(escapeData(lines.joined(separator: "\n")))"
    }

    static func plainLine(_ g: FindingGroup) -> String {
        "\(g.spec):\(g.line):\(g.column): \(g.severity.rawValue): \(g.rule.rawValue): \(g.element) — \(g.extent) (\(g.screen))".singleLine
    }

    static func escapeData(_ s: String) -> String { escape(s, property: false) }

    static func escapeProperty(_ s: String) -> String { escape(s, property: true) }

    /// Per Unicode scalar, so a CR LF pair (one Swift `Character`) becomes `%0D%0A`.
    static func escape(_ s: String, property: Bool) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
