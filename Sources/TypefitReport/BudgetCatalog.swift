import Foundation
import TypefitAudit
import TypefitCore
import TypefitStrings

/// Writes budgets into a String Catalog (`.xcstrings`): the comment of each key with a budget gains
/// one line, "typefit budget: 264 pt × 1 line at AX5 on iPhone SE (1st generation) ≈ 11 characters
/// in de, 12 in fi, 5 in ja (estimates)", which replaces an earlier typefit budget line; every other
/// byte of the catalog is kept (`StringCatalogCommentEditor`). The catalog's table is its file
/// name without extension; a key shown by several elements gets its tightest budget.
public enum BudgetCatalog {
    /// How every budget line starts: a line starting so is typefit's and is replaced.
    public static let marker = "typefit budget"

    public struct Result: Sendable {
        public var bytes: [UInt8]
        /// Keys of the catalog given a budget line, and those whose comment changed.
        public var annotated: Int
        public var changed: Int
    }

    /// The catalog `bytes` (of the file `file`) with budget lines.
    public static func annotate(_ bytes: [UInt8], file: String, budgets: BudgetReport) throws -> Result {
        let table = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let result = try StringCatalogCommentEditor.setLines(lines(budgets, table: table), marker: marker, in: bytes, file: file)
        return Result(bytes: result.bytes, annotated: result.found.count, changed: result.changed.count)
    }

    /// The budget line of every key of `table`: of the element whose tightest room is the smallest.
    static func lines(_ budgets: BudgetReport, table: String) -> [String: String] {
        var chosen: [String: KeyBudget] = [:]
        for k in budgets.keys where k.table == table && !k.locales.isEmpty {
            if let old = chosen[k.key], tightest(old) <= tightest(k) { continue }
            chosen[k.key] = k
        }
        return chosen.mapValues(line)
    }

    /// The smallest room of a key over its locales (width × lines; unlimited lines count as ∞).
    static func tightest(_ k: KeyBudget) -> Double {
        k.locales.map { b in b.lines.map { b.width * Double($0) } ?? .infinity }.min() ?? .infinity
    }

    /// "typefit budget: 264 pt × 1 line at AX5 on iPhone SE (1st generation) ≈ 11 characters in de, 12 in fi (estimates)";
    /// when the locales' rooms differ (text that grows), each locale with its own room. Locales in
    /// alphabetical order, so that a new translation does not move them.
    static func line(_ k: KeyBudget) -> String {
        let locales = k.locales.sorted { $0.locale < $1.locale }
        let rooms = locales.map { BudgetFormat.room($0, grows: k.grows) }
        let place = "at \(k.category) on \(k.device)"
        var s: String
        if Set(rooms).count == 1 {
            s = "\(marker): \(rooms[0]) \(place)"
            let counts = locales.compactMap { b in b.estimatedCharacters.map { (b.locale, $0) } }
            if !counts.isEmpty {
                s +=
                    " ≈ "
                    + counts.enumerated().map { i, c in i == 0 ? "\(counted(c.1, "character")) in \(c.0)" : "\(c.1) in \(c.0)" }
                    .joined(
                        separator: ", ")
                s += counts.count == 1 ? " (an estimate)" : " (estimates)"
            }
        } else {
            s =
                "\(marker) \(place): "
                + zip(locales, rooms).map { b, room in
                    "\(b.locale) \(room)" + (b.estimatedCharacters.map { " ≈ " + counted($0, "character") } ?? "")
                }.joined(separator: "; ") + " (characters are estimates)"
        }
        // One line of the comment: no line breaks of the spec's names inside it.
        return s.map { $0.isNewline ? " " : String($0) }.joined()
    }
}
