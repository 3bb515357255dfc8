import Foundation
import TypefitAudit
import TypefitCore

/// The formats of `typefit budgets` (docs/budgets.md).
public enum BudgetFormat: String, CaseIterable, Sendable {
    case text, json, csv, markdown

    public static var names: [String] { allCases.map(\.rawValue) }

    /// The report in this format.
    public func render(_ report: BudgetReport) throws -> String {
        switch self {
        case .text: return BudgetTextFormat.render(report)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        case .csv: return BudgetCSVFormat.render(report)
        case .markdown: return BudgetMarkdownFormat.render(report)
        }
    }

    /// "186 pt × 1 line", "288 pt × up to 6 lines", "288 pt, grows (the screen scrolls)".
    static func room(_ b: LocaleBudget, grows: Bool) -> String {
        guard let lines = b.lines else { return "\(pt(b.width)) pt, grows (the screen scrolls)" }
        return "\(pt(b.width)) pt × \(grows ? "up to " : "")\(lines) line\(lines == 1 ? "" : "s")"
    }

    /// "124 %".
    static func percent(_ share: Double?) -> String {
        guard let share else { return "" }
        return "\(Int((share * 100).rounded())) %"
    }

    /// "fits", "over by 12.5 pt", "needs 3 lines".
    static func verdict(_ t: MeasuredTranslation, _ b: LocaleBudget, grows: Bool) -> String {
        if t.fits { return "fits" }
        if !grows && b.lines == 1 { return "over by \(pt(t.width - b.width)) pt" }
        return "needs \(t.linesNeeded) lines"
    }

    /// A point value with at most one decimal: "40", "27.5" (`PointText.format`).
    static func pt(_ v: Double) -> String { PointText.format(v) }
}
