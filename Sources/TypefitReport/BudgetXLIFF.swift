import Foundation
import TypefitAudit
import TypefitCore

/// Writes budgets into an XLIFF 1.2 file as Xcode exports it (`.xliff`, or the one in an `.xcloc`):
/// each `trans-unit` whose key has a budget in the file's `target-language` gains
/// `maxwidth="W" size-unit="pixel"` (W: the budget width in points, rounded down) and a
/// `<note from="typefit">`; everything else of the file is kept byte for byte. An earlier typefit
/// note and `maxwidth`/`size-unit` are replaced. The file's table is its `original` file name
/// without extension (`Localizable.xcstrings` → `Localizable`).
public enum BudgetXLIFF {
    public struct Result: Sendable {
        public var text: String
        /// Trans-units given a budget.
        public var annotated: Int
        /// Target languages of the file with no budget (not selected, or not a localization).
        public var unbudgetedLanguages: [String]
    }

    public static func annotate(_ input: String, budgets: BudgetReport) -> Result {
        // The tightest budget of each table, key and locale (a key shown by several elements).
        var index: [String: (budget: LocaleBudget, key: KeyBudget)] = [:]
        for k in budgets.keys {
            for b in k.locales {
                let id = "\(k.table)\u{0}\(k.key)\u{0}\(b.locale)"
                if let old = index[id], old.budget.width <= b.width { continue }
                index[id] = (b, k)
            }
        }
        let locales = Set(budgets.keys.flatMap { $0.locales.map(\.locale) })
        let earlierNote = try! NSRegularExpression(pattern: "\\n[ \\t]*<note from=\"typefit\">[^<]*</note>")
        var text = input as NSString
        text =
            earlierNote.stringByReplacingMatches(in: text as String, range: NSRange(location: 0, length: text.length), withTemplate: "")
            as NSString
        let tags = try! NSRegularExpression(pattern: "<file\\b[^>]*>|<trans-unit\\b[^>]*>|</trans-unit>")
        var out = ""
        var last = 0
        var table: String?, language: String?
        var pending: String?
        var annotated = 0
        var unbudgeted: [String] = []
        for m in tags.matches(in: text as String, range: NSRange(location: 0, length: text.length)) {
            out += text.substring(with: NSRange(location: last, length: m.range.location - last))
            last = m.range.location + m.range.length
            var tag = text.substring(with: m.range)
            if tag.hasPrefix("<file") {
                let a = attributes(tag)
                table = a["original"].map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
                language = a["target-language"]
                if let language, !locales.contains(language), !unbudgeted.contains(language) { unbudgeted.append(language) }
            } else if tag.hasPrefix("<trans-unit") {
                pending = nil
                if let table, let language, let id = attributes(tag)["id"], let (b, k) = index["\(table)\u{0}\(id)\u{0}\(language)"] {
                    tag = tag.replacingOccurrences(of: "\\s+(maxwidth|size-unit)=\"[^\"]*\"", with: "", options: .regularExpression)
                    let end = tag.hasSuffix("/>") ? tag.index(tag.endIndex, offsetBy: -2) : tag.index(before: tag.endIndex)
                    tag.insert(contentsOf: " maxwidth=\"\(Int(b.width.rounded(.down)))\" size-unit=\"pixel\"", at: end)
                    pending = note(b, k)
                    annotated += 1
                }
            } else if let note = pending {
                // Before </trans-unit>, one level deeper than it (Xcode indents by two spaces).
                let indent = String(out.reversed().prefix { $0 == " " || $0 == "\t" })
                out += "  <note from=\"typefit\">\(escape(note))</note>\n" + indent
                pending = nil
            }
            out += tag
        }
        out += text.substring(from: last)
        return Result(text: out, annotated: annotated, unbudgetedLanguages: unbudgeted)
    }

    /// "typefit budget: 264 pt × 1 line at AX5 on iPhone SE (1st generation), ≈ 10 characters (estimate); the current text uses 201 % (over by 267 pt)".
    static func note(_ b: LocaleBudget, _ k: KeyBudget) -> String {
        var s = "typefit budget: \(BudgetFormat.room(b, grows: k.grows)) at \(k.category) on \(k.device)"
        if let chars = b.estimatedCharacters { s += ", ≈ \(counted(chars, "character")) (estimate)" }
        if let t = b.translation, let share = t.share {
            s += "; the current text uses \(BudgetFormat.percent(share))"
            if !t.fits { s += " (" + BudgetFormat.verdict(t, b, grows: k.grows) + ")" }
        }
        return s
    }

    /// The attributes of a start tag, unescaped.
    static func attributes(_ tag: String) -> [String: String] {
        let re = try! NSRegularExpression(pattern: "([A-Za-z_][\\w:.-]*)\\s*=\\s*(\"([^\"]*)\"|'([^']*)')")
        var out: [String: String] = [:]
        let ns = tag as NSString
        for m in re.matches(in: tag, range: NSRange(location: 0, length: ns.length)) {
            let name = ns.substring(with: m.range(at: 1))
            let value = m.range(at: 3).location != NSNotFound ? ns.substring(with: m.range(at: 3)) : ns.substring(with: m.range(at: 4))
            out[name] = unescape(value)
        }
        return out
    }

    static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let u = Unicode.Scalar(v) {
                    out.unicodeScalars.append(u)
                } else {
                    out += rest[amp...semi]
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
