/// Crowdin In-Context's pseudo-language: a localization (`lol.lproj` in Open Food Facts' app) whose
/// every string is an identifier the In-Context editor finds and replaces on screen,
/// `crwdns154292:0crwdne154292:0`, with any format specifier kept between the two marks.
///
/// Crowdin: "Integrated pseudo-language contains special identifiers instead of the original texts"
/// (support.crowdin.com/in-context-localization). Its strings are no user's text, so a run over every
/// localization leaves it out, as it does translatewiki's `qqq`.
enum InContextPseudolanguage {
    /// The share of a localization's non-empty strings that must be identifiers.
    static let threshold = 0.9

    /// Whether `value` is one identifier: `crwdns<id>:<n>`, anything, `crwdne<id>:<n>`.
    ///
    /// A string whose bytes do not start with "crwdns" is none, found without `hasPrefix` (which
    /// compares characters under canonical equivalence, about 1,300 instructions a call): a string has
    /// that prefix only if its first six characters are those six letters, and no scalar but each
    /// letter itself is canonically equivalent to it (`InContextPseudolanguageTests` checks every
    /// scalar), so its UTF-8 then starts with those six bytes.
    static func isIdentifier(_ value: String) -> Bool {
        guard value.utf8.starts(with: marker), value.hasPrefix("crwdns"), let end = value.range(of: "crwdne", options: .backwards) else {
            return false
        }
        let tail = value[end.upperBound...]
        guard let colon = tail.firstIndex(of: ":") else { return false }
        let id = tail[..<colon], n = tail[tail.index(after: colon)...]
        return !id.isEmpty && !n.isEmpty && id.allSatisfy(\.isASCIIDigit) && n.allSatisfy(\.isASCIIDigit)
    }

    /// The opening mark's bytes.
    private static let marker = Array("crwdns".utf8)

    /// The localizations of `raw` whose non-empty strings are at least `threshold` identifiers; sorted.
    static func localizations(in raw: RawStringTable) -> [String] {
        // A localization is one only with an identifier in it: a table without any has none, found
        // without counting its strings per localization (a hash of the locale for each).
        var anyIdentifier = false
        search: for entry in raw.entries.values {
            for localization in entry.localizations.values {
                localization.node.forEachUnit { if !anyIdentifier && isIdentifier($0.value) { anyIdentifier = true } }
                if anyIdentifier { break search }
            }
        }
        guard anyIdentifier else { return [] }
        var counts: [String: (identifiers: Int, strings: Int)] = [:]
        for entry in raw.entries.values {
            for (locale, localization) in entry.localizations {
                // Counted per localization, then added to the locale's count once (a catalog holds a
                // unit or a few per localization; looking the locale up for each cost a hash apiece).
                var c = (identifiers: 0, strings: 0)
                localization.node.forEachUnit { unit in
                    guard !unit.value.isEmpty else { return }
                    c.strings += 1
                    if isIdentifier(unit.value) { c.identifiers += 1 }
                }
                guard c.strings > 0 else { continue }
                counts[locale, default: (0, 0)].strings += c.strings
                counts[locale, default: (0, 0)].identifiers += c.identifiers
            }
        }
        return counts.filter { $0.value.identifiers > 0 && Double($0.value.identifiers) >= threshold * Double($0.value.strings) }
            .keys.sorted()
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
