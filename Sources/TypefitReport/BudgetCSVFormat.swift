import TypefitAudit

/// `typefit budgets --format csv`: one row per key and locale, RFC 4180 (CRLF line ends, fields with
/// a comma, quote or line break quoted, quotes doubled).
public enum BudgetCSVFormat {
    /// The header row (also how `typefit budgets` recognizes a CSV it wrote before).
    public static let header =
        "spec,screen,element,line,key,table,role,device,category,locale,localization,budget_pt,lines,grows,font_pt,average_advance_pt,estimated_max_characters,translation,variant,width_pt,lines_needed,share_percent,fits"

    static func render(_ report: BudgetReport) -> String {
        var out = header + "\r\n"
        for k in report.keys {
            for b in k.locales {
                let t = b.translation
                let fields: [String] = [
                    k.spec, k.screen, k.element, String(k.line), k.key, k.table, k.role, k.device, k.category, b.locale, b.localization,
                    BudgetFormat.pt(b.width), b.lines.map(String.init) ?? "", k.grows ? "yes" : "no", BudgetFormat.pt(b.fontSize),
                    String(b.averageAdvance), b.estimatedCharacters.map(String.init) ?? "",
                    t?.text ?? "", t?.variant ?? "", t.map { BudgetFormat.pt($0.width) } ?? "", t.map { String($0.linesNeeded) } ?? "",
                    t?.share.map { String(Int(($0 * 100).rounded())) } ?? "", t.map { $0.fits ? "yes" : "no" } ?? ""
                ]
                out += fields.map(field).joined(separator: ",") + "\r\n"
            }
        }
        return out
    }

    static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
