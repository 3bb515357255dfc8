/// Picks the localization that stands for a requested locale, the way
/// `Bundle.preferredLocalizations(from:forPreferences:)` does (CFBundle_Locale.c in
/// swift-corelibs-foundation): spellings normalised, exact match first, then the language's
/// fallbacks. Returns nil when nothing matches — typefit makes that an error, where a bundle would
/// quietly use its development localization.
public enum LocaleResolver {
    /// `pt_BR` → `pt-BR`, `DE` → `de`, `zh_hant_hk` → `zh-Hant-HK`, `es_419` → `es-419`; ICU keywords
    /// (`@…`) dropped. Pseudolocale names (`pseudo-double`) are kept as they are.
    public static func canonical(_ tag: String) -> String {
        var base = Substring(tag)
        if let at = base.firstIndex(of: "@") { base = base[..<at] }
        let lowered = base.lowercased()
        if Pseudolocale(rawValue: lowered) != nil { return lowered }
        let parts = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first else { return tag }
        var out = [first.lowercased()]
        for (i, part) in parts.dropFirst().enumerated() {
            if part.count == 4, part.allSatisfy(\.isLetter), i == 0 {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())   // script
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                out.append(part.uppercased())                                           // region
            } else {
                out.append(part.lowercased())
            }
        }
        return out.joined(separator: "-")
    }

    /// The localization of `available` that stands for `requested`, or nil.
    public static func resolve(_ requested: String, in available: [String]) -> String? {
        let byCanonical = Dictionary(available.map { (canonical($0), $0) }, uniquingKeysWith: { a, _ in a })
        for candidate in fallbacks(canonical(requested)) {
            if let hit = byCanonical[candidate] { return hit }
        }
        return nil
    }

    /// The candidates tried for a canonical tag, most specific first.
    static func fallbacks(_ tag: String) -> [String] {
        var out: [String] = []
        func add(_ t: String) { if !out.contains(t) { out.append(t) } }
        add(tag)
        var parts = tag.split(separator: "-").map(String.init)
        while parts.count > 1 {
            parts.removeLast()
            add(parts.joined(separator: "-"))
        }
        return out
    }
}
