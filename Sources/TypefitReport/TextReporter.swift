import Foundation
import TypefitAudit
import TypefitCore

/// The human report: grouped by screen and element, one entry per rule with where it starts
/// failing per locale, an example with its numbers and fix, then a category × locale summary.
public struct TextReporter: Reporter {
    public static let identifier = "text"
    public static let description = "Readable report grouped by screen and element, with a category × locale summary (colour on a terminal)."

    public let colour: Bool
    public init(colour: Bool = false) { self.colour = colour }

    func paint(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func mark(_ severity: Severity) -> String {
        switch severity {
        case .error: paint("✗ error  ", "31")
        case .warning: paint("! warning", "33")
        case .info: paint("i info   ", "36")
        }
    }
    /// Findings the baseline accepts: not failures, whatever their severity.
    var acceptedMark: String { paint("~ accepted", "2") }

    static let shortCategories = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    public func generateReport(_ report: AuditReport) -> String {
        var out: [String] = [paint("typefit \(report.tool.version) — Dynamic Type audit (HarfBuzz \(report.tool.harfbuzz), FreeType \(report.tool.freetype), ICU \(report.tool.icu))", "2")]
        if let locales = LocaleSummary.line(report) { out.append(paint(locales, "2")) }
        out.append("")
        let bySpec = Dictionary(grouping: report.findings, by: \.spec)
        let summariesBySpec = Dictionary(grouping: report.elements, by: \.spec)
        let specs = Set(bySpec.keys).union(summariesBySpec.keys).sorted()
        for spec in specs {
            out.append(paint(ControlCharacters.escaped(spec), "1"))
            // Grouped once (in report order within each group), not filtered per screen and element.
            var findingsByScreen: [String: [Finding]] = [:]
            for f in bySpec[spec] ?? [] { findingsByScreen[FindingGroup.baseScreen(f.screen), default: []].append(f) }
            let summariesByScreen = Dictionary(grouping: summariesBySpec[spec] ?? [], by: \.screen)
            let screens = Set(findingsByScreen.keys).union(summariesByScreen.keys).sorted()
            for screen in screens {
                out.append("  " + paint(ControlCharacters.escaped(screen), "1"))
                let screenFindings = findingsByScreen[screen] ?? []
                let screenSummaries = summariesByScreen[screen] ?? []
                let elements = orderedElements(screenFindings, screenSummaries)
                let findingsByElement = Dictionary(grouping: screenFindings, by: \.element)
                let summariesByElement = Dictionary(grouping: screenSummaries, by: \.element)
                for element in elements {
                    let ef = findingsByElement[element] ?? []
                    let es = summariesByElement[element] ?? []
                    var lines = describe(element: element, findings: ef, summaries: es)
                    if lines.isEmpty { continue }
                    let line = ef.first?.line
                    lines.insert("    \(ControlCharacters.escaped(element))" + (line.map { " (line \($0))" } ?? ""), at: 0)
                    out += lines
                }
                if screenFindings.isEmpty { out.append("    " + paint("✓ no findings", "32")) }
                out += matrix(screenSummaries)
            }
            out.append("")
        }
        let s = report.summary
        var tail = "\(s.specs) spec file\(s.specs == 1 ? "" : "s"), \(s.screens) screen states, \(s.checks) element checks: "
        tail += "\(s.errors) error\(s.errors == 1 ? "" : "s"), \(s.warnings) warning\(s.warnings == 1 ? "" : "s"), \(s.infos) info"
        if s.baselined > 0 { tail += " (\(s.baselined) accepted by the baseline)" }
        if s.borderline > 0 { tail += "; \(BorderlineSummary.line(s.borderline))" }
        out.append(paint(tail, s.failed ? "31;1" : "32;1"))
        return out.joined(separator: "\n") + "\n"
    }

    func orderedElements(_ findings: [Finding], _ summaries: [AuditReport.ElementSummary]) -> [String] {
        var order: [String] = []
        for f in findings.sorted(by: { ($0.line, $0.column) < ($1.line, $1.column) }) where !order.contains(f.element) { order.append(f.element) }
        for s in summaries where !order.contains(s.element) && (s.buttonHeights != nil || s.fallbackFrom != nil) { order.append(s.element) }
        return order
    }

    func describe(element: String, findings: [Finding], summaries: [AuditReport.ElementSummary]) -> [String] {
        var out: [String] = []
        // Per rule, the findings the baseline accepts apart from the others (and after them).
        struct RuleKey: Hashable { var rule: RuleID, accepted: Bool }
        let byRule = Dictionary(grouping: findings, by: { RuleKey(rule: $0.rule, accepted: $0.accepted) })
        for key in byRule.keys.sorted(by: { ($0.accepted ? 0 : 1, byRule[$0]![0].severity, $1.rule.rawValue) > ($1.accepted ? 0 : 1, byRule[$1]![0].severity, $0.rule.rawValue) }) {
            let rule = key.rule
            let fs = byRule[key]!
            let severity = fs.map(\.severity).max()!
            let locales = Set(fs.map(\.locale))
            let devices = Set(fs.map(\.device)).subtracting(["all"])
            var where_ = "\(fs.count) finding\(fs.count == 1 ? "" : "s")"
            if !(locales == ["all"]) { where_ += " in \(locales.count) locale\(locales.count == 1 ? "" : "s")" }
            if !devices.isEmpty { where_ += " on \(devices.count) device\(devices.count == 1 ? "" : "s")" }
            if key.accepted {
                out.append("      \(acceptedMark) \(rule.rawValue) (\(severity.rawValue)) — \(where_)")
            } else {
                out.append("      \(mark(severity)) \(rule.rawValue) — \(where_)")
            }
            // From which category, per locale.
            let categorised = fs.filter { ContentSizeCategory(name: $0.category) != nil }
            if !categorised.isEmpty {
                var first: [String: ContentSizeCategory] = [:]
                for f in categorised {
                    let c = ContentSizeCategory(name: f.category)!
                    if first[f.locale].map({ c < $0 }) ?? true { first[f.locale] = c }
                }
                let groups = Dictionary(grouping: first.keys.sorted(), by: { first[$0]! })
                let text = groups.keys.sorted().map { c in "from \(c.name): \(abbreviate(groups[c]!))" }.joined(separator: "; ")
                out.append("          \(text)")
            }
            if key.accepted { continue }
            // The worst example: largest overflow, else the first.
            let example = fs.max { ($0.numbers.overflow ?? 0, $1.fingerprint) < ($1.numbers.overflow ?? 0, $0.fingerprint) }!
            let context = [example.locale, example.category, example.device, example.orientation].filter { $0 != "all" }.joined(separator: ", ")
            out.append("          e.g. [\(context)] \(ControlCharacters.escaped(example.message))")
            if let fix = example.fix { out.append("          fix: \(ControlCharacters.escaped(fix))") }
        }
        if let heights = summaries.first(where: { $0.buttonHeights != nil }) {
            let values = heights.buttonHeights!.enumerated().map { i, h in heights.categories[i] == "-" ? "-" : pt(h) }
            out.append("      button heights (pt, \(heights.locale), first device), xS…AX5: " + values.joined(separator: " "))
        }
        let fallback = summaries.compactMap { s in s.fallbackFrom.map { (s.locale, $0) } }
        if !fallback.isEmpty {
            let groups = Dictionary(grouping: fallback, by: \.1)
            out.append("      fallback string shown " + groups.keys.sorted { (ContentSizeCategory(name: $0)?.rawValue ?? 0) < (ContentSizeCategory(name: $1)?.rawValue ?? 0) }
                .map { "from \($0) in \(abbreviate(groups[$0]!.map(\.0).sorted()))" }.joined(separator: "; "))
        }
        return out
    }

    func abbreviate(_ items: [String]) -> String {
        items.count <= 12 ? items.joined(separator: ", ") : items.prefix(10).joined(separator: ", ") + " and \(items.count - 10) more"
    }

    func pt(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(format: "%.1f", r)
    }

    /// Category × locale: the worst result over the screen's elements and devices.
    func matrix(_ summaries: [AuditReport.ElementSummary]) -> [String] {
        guard !summaries.isEmpty else { return [] }
        let locales = Set(summaries.map(\.locale)).sorted()
        let anyAccepted = summaries.contains { $0.categories.contains(AuditReport.ElementSummary.acceptedCell) }
        var out = ["    worst result by category (columns) and locale (rows): · ok, ! warning, ✗ error" + (anyAccepted ? ", ~ accepted by the baseline" : "")]
        let width = max(6, (locales.map(\.count).max() ?? 0) + 1)
        out.append("    " + "".padding(toLength: width, withPad: " ", startingAt: 0) + Self.shortCategories.map { $0.padding(toLength: 5, withPad: " ", startingAt: 0) }.joined())
        for locale in locales {
            let rows = summaries.filter { $0.locale == locale }
            var cells: [String] = []
            for i in 0..<12 {
                let values = rows.map { $0.categories[i] }
                let cell: String
                if values.allSatisfy({ $0 == "-" }) { cell = "-" } else if values.contains("error") { cell = paint("✗", "31") } else if values.contains("warning") { cell = paint("!", "33") } else if values.contains(AuditReport.ElementSummary.acceptedCell) { cell = paint("~", "2") } else { cell = paint("·", "32") }
                cells.append(cell + "    ")
            }
            out.append("    " + locale.padding(toLength: width, withPad: " ", startingAt: 0) + cells.joined())
        }
        return out
    }
}
