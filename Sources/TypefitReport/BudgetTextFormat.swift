import TypefitAudit
import TypefitCore

/// `typefit budgets`' text: one block per key, its locales worst first.
enum BudgetTextFormat {
    static func render(_ report: BudgetReport) -> String {
        let screens = Set(report.keys.map { "\($0.spec)\u{0}\($0.screen)" }).count
        var out =
            "typefit budgets: \(report.keys.count) key\(report.keys.count == 1 ? "" : "s") on \(screens) screen\(screens == 1 ? "" : "s"); "
            + "widths are the audit's own; ≈ characters are estimates (width ÷ the locale's average advance on the screen)\n"
        for k in report.keys {
            out +=
                "\n"
                + ControlCharacters.escaped(
                    "\(k.spec):\(k.line):\(k.column): \(k.element) · \(k.key) (\(k.table), \(k.role)) at \(k.category) on \(k.device)")
                + "\n"
            let width = k.locales.map(\.locale.count).max() ?? 0
            for b in k.locales {
                var line = "  " + b.locale.padding(toLength: max(width, 2), withPad: " ", startingAt: 0) + "  "
                line += BudgetFormat.room(b, grows: k.grows)
                if let chars = b.estimatedCharacters { line += " ≈ " + counted(chars, "character") }
                if let t = b.translation {
                    line += "; \"\(t.text)\"\(t.variant.map { " [\($0)]" } ?? "") \(BudgetFormat.pt(t.width)) pt"
                    if let share = t.share { line += ", \(BudgetFormat.percent(share))" }
                    line += ": " + BudgetFormat.verdict(t, b, grows: k.grows)
                } else {
                    line += "; not translated"
                }
                out += ControlCharacters.escaped(line) + "\n"
            }
        }
        return out
    }
}
