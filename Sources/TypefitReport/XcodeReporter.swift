import Foundation
import TypefitAudit
import TypefitCore

/// Compiler-style diagnostics, `PATH:LINE:COLUMN: error|warning|note: MESSAGE`, the format clang and
/// swiftc print and Xcode parses from a Run Script build phase's output to show issues inline in the
/// editor and the Issue navigator
/// (https://developer.apple.com/documentation/xcode/running-custom-scripts-during-a-build;
/// https://clang.llvm.org/docs/UsersManual.html#formatting-of-diagnostics).
///
/// One line per problem (a ``FindingGroup`` of a ``Problem``), in spec order, with counts, the first failing
/// category per locale, the worst example and the fix, so a screen that fails in 40 locales is one
/// issue rather than hundreds; lines are in report order (spec, screen, line). Info findings are
/// `note:`. Xcode only links a diagnostic to a file it can resolve, so paths should be absolute: the
/// command line resolves relative spec paths against the working directory (``baseDirectory``); in a
/// Run Script phase, `cd "$SRCROOT"` before running typefit on paths inside the project.
public struct XcodeReporter: Reporter {
    public static let identifier = "xcode"
    public static let description = "Xcode Run Script diagnostics (path:line:col: error: …), one line per problem."

    /// Folder relative spec paths are resolved against; nil keeps them as they are.
    public let baseDirectory: String?
    public init(baseDirectory: String? = nil) { self.baseDirectory = baseDirectory }

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        // In spec order (Xcode lists issues by file and line), not worst first.
        let groups = FindingGroup.groups(report).sorted(by: FindingGroup.reportOrder)
        var out = ["typefit \(report.tool.version): \(report.countsLine)"]
        if let locales = LocaleSummary.line(report) { out[0] += "; " + locales }
        for line in NarrowingNotes.selection(report) { out[0] += "; " + line }
        if let system = report.systemFont { out[0] += "; " + system.line }
        for g in groups {
            // Groups the baseline accepts are notes: shown, never failing the build.
            var message =
                (g.isAccepted ? Acceptance.phrase(g.problem.acceptances).map { "\($0): " } ?? "" : "")
                + "\(g.rule.rawValue): \(g.element) — \(g.extent) (\(g.screen))"
            if let from = g.fromText { message += "; \(from)" }
            let example = g.example
            message += "; e.g. [\(FindingGroup.context(example))] \(example.message.clipped(to: 600))"
            if let fix = g.fix { message += "; fix: \(fix)" }
            message += " [typefit]"
            out.append(
                "\(path(g.spec).singleLine):\(max(1, g.line)):\(max(1, g.column)): \(g.isAccepted ? "note" : Self.kind(g.severity)): \(message.singleLine)"
            )
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Private

    static func kind(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    func path(_ spec: String) -> String {
        guard let base = baseDirectory, !spec.hasPrefix("/") else { return spec }
        return ((base as NSString).appendingPathComponent(spec) as NSString).standardizingPath
    }
}
