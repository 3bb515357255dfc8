import TypefitAudit

/// `typefit budgets --format markdown`: a page for translators, one table per key.
enum BudgetMarkdownFormat {
    static func render(_ report: BudgetReport) -> String {
        var out = "<!-- typefit-report -->\n# Length budgets\n\n"
        out += "How much room each string has, at the largest text size it is shown at, on the narrowest device. "
        out +=
            "Widths are measured with the app's fonts; *≈ characters* is an estimate from each language's average character width on the screen: "
        out += "the width in points is what counts.\n"
        var screen = ""
        for k in report.keys {
            let here = "\(k.spec) — \(k.screen)"
            if here != screen {
                screen = here
                out += "\n## " + MarkdownReporter.escape(k.screen) + "\n\n" + MarkdownReporter.escape(k.spec) + "\n"
            }
            out += "\n### `\(MarkdownReporter.code(k.key))`\n\n"
            out +=
                "\(MarkdownReporter.escape(k.element)) (\(MarkdownReporter.escape(k.table)), \(MarkdownReporter.escape(k.role))) at \(k.category) on \(MarkdownReporter.escape(k.device))\n\n"
            out += "| Locale | Room | ≈ characters | Translation | Width | Use |\n|---|---|--:|---|--:|--:|\n"
            for b in k.locales {
                let t = b.translation
                let use =
                    t.map { BudgetFormat.percent($0.share) + ($0.fits ? "" : " ⚠ " + BudgetFormat.verdict($0, b, grows: k.grows)) } ?? ""
                let cells = [
                    MarkdownReporter.escape(b.locale), BudgetFormat.room(b, grows: k.grows), b.estimatedCharacters.map(String.init) ?? "—",
                    t.map { MarkdownReporter.escape($0.text) } ?? "*not translated*", t.map { BudgetFormat.pt($0.width) + " pt" } ?? "", use
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }
}
