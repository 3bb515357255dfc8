/// Xcode's pseudolanguages (Scheme › Run › Options › App Language), derived from the source
/// language's text so that layout can be checked before any translation exists.
///
/// | name | Xcode | what typefit does to each variant |
/// |---|---|---|
/// | `pseudo-double` | Double-Length Pseudolanguage | the text twice, joined by a space: "Cancel Cancel" |
/// | `pseudo-accented` | Accented Pseudolanguage | every Latin letter of the string's own text replaced by an accented form ("Cancel" → "Çåñçéļ"); argument values are left alone, as at run time. Same length: Xcode's accented language tests ascenders and descenders, not width |
/// | `pseudo-bounded` | Bounded String Pseudolanguage | wrapped as `[# text #]`, so truncation shows as a missing `#]` |
/// | `pseudo-rtl` | Right-to-Left Pseudolanguage | the text unchanged; the locale's `WritingDirection` is right-to-left. No U+202E override is added: Xcode flips the layout direction, it does not reverse the text |
///
/// The names follow BCP 47's private-use style so they never collide with a real locale.
public enum Pseudolocale: String, CaseIterable, Sendable, Hashable, Comparable {
    /// `pseudo-double`: Xcode's Double-Length Pseudolanguage.
    case doubleLength = "pseudo-double"
    /// `pseudo-accented`: Xcode's Accented Pseudolanguage.
    case accented = "pseudo-accented"
    /// `pseudo-bounded`: Xcode's Bounded String Pseudolanguage.
    case bounded = "pseudo-bounded"
    /// `pseudo-rtl`: Xcode's Right-to-Left Pseudolanguage.
    case rightToLeft = "pseudo-rtl"

    /// The locale name used in `LocalizedStrings.locales`.
    public var localeName: String { rawValue }

    /// The pseudolocale called `name`, if any.
    public init?(localeName name: String) {
        // Every name starts "pseudo-": a real locale (each catalog entry asks) is told apart by its
        // first byte, without comparing it with the four names.
        guard name.utf8.first == UInt8(ascii: "p") else { return nil }
        self.init(rawValue: name)
    }

    /// Right-to-left for `pseudo-rtl`, left-to-right otherwise.
    public var writingDirection: WritingDirection {
        self == .rightToLeft ? .rightToLeft : .leftToRight
    }

    /// By locale name.
    public static func < (a: Pseudolocale, b: Pseudolocale) -> Bool {
        a.rawValue < b.rawValue
    }

    /// Applies the pseudolocale to a piece of the string's own text (not argument values).
    public func transformLiteral(_ text: String) -> String {
        guard self == .accented else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(Self.accents[scalar] ?? scalar)
        }
        return String(out)
    }

    /// Applies the pseudolocale to a whole resolved text.
    public func transformText(_ text: String) -> String {
        switch self {
        case .doubleLength: text + " " + text
        case .bounded: "[# " + text + " #]"
        case .accented, .rightToLeft: text
        }
    }

    /// One precomposed accented letter for each ASCII letter.
    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let accented = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļṁñöþǫŕšţûṽŵẋýž".unicodeScalars)
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (p, a) in zip(plain, accented) { map[p] = a }
        return map
    }()
}

/// The direction text runs in a locale.
public enum WritingDirection: String, Sendable, Hashable {
    /// Latin, Cyrillic, CJK, …
    case leftToRight = "ltr"
    /// Arabic, Hebrew, … and `pseudo-rtl`.
    case rightToLeft = "rtl"

    /// Right-to-left for `pseudo-rtl` and for languages written in Arabic, Hebrew, Thaana, Syriac,
    /// N'Ko or Adlam script (by language code, or by a script subtag such as `-Arab`).
    public static func of(locale: String) -> WritingDirection {
        if let p = Pseudolocale(localeName: locale) { return p.writingDirection }
        let parts = locale.replacingUnderscores().split(separator: "-").map(String.init)
        guard let language = parts.first?.lowercased() else { return .leftToRight }
        for subtag in parts.dropFirst() where subtag.count == 4 {
            let script = subtag.lowercased()
            if rtlScripts.contains(script) { return .rightToLeft }
            return .leftToRight  // an explicit other script (e.g. az-Latn) wins
        }
        return rtlLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    private static let rtlScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr"]
    private static let rtlLanguages: Set<String> = [
        "ar", "arc", "azb", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "nqo", "ps",
        "sd", "syr", "ug", "ur", "yi"
    ]
}

extension String {
    /// `pt_BR` → `pt-BR`.
    func replacingUnderscores() -> String {
        String(unicodeScalars.map { $0 == "_" ? "-" : Character($0) })
    }
}
