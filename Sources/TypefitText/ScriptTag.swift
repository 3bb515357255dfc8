import CTypefitICU

/// An ISO 15924 script code such as `Latn`, `Arab`, `Hani`.
public struct ScriptTag: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The four ASCII letters packed big-endian ("Latn" → 0x4C61746E): compared and hashed as one
    /// integer (every grapheme cluster carries one), ordered as the codes are.
    public let tag: UInt32

    /// The tag of a 4-letter code as written (longer codes are cut to 4 letters, shorter ones padded
    /// with spaces); `init?(named:)` checks the name.
    public init(_ code: String) {
        var t: UInt32 = 0
        for byte in code.utf8.prefix(4) { t = t << 8 | UInt32(byte) }
        for _ in min(code.utf8.count, 4)..<4 { t = t << 8 | 0x20 }
        tag = t
    }

    /// The script a user names: an ISO 15924 code ("Arab", "arab", "Hani") or a Unicode script name
    /// ("Arabic", "Han", "Cyrillic"), compared as ICU compares property values (case, spaces, hyphens
    /// and underscores ignored); nil when it names no script.
    public init?(named name: String) {
        guard !name.isEmpty, name.utf8.count <= 64, name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) else { return nil }
        let t = tf_script_named(name)
        guard t != 0 else { return nil }
        tag = t
    }

    /// ICU's scripts, each with its ISO 15924 code and Unicode name where ICU has them.
    private static let icuScripts: [(code: String?, name: String?)] = (0..<tf_script_count()).map {
        (tf_script_short_name($0).map { String(cString: $0) }, tf_script_long_name($0).map { String(cString: $0) })
    }

    /// Every script's ISO 15924 code and Unicode name ("Arab", "Arabic", …), for hints.
    public static let allNames: [String] = icuScripts.flatMap { [$0.code, $0.name].compactMap { $0 } }

    /// Every script's Unicode name by its tag, words spaced ("Olck" → "Ol Chiki").
    private static let unicodeNames: [UInt32: String] = {
        var names: [UInt32: String] = [:]
        for case let (code?, name?) in icuScripts {
            let tag = ScriptTag(code).tag
            names[tag] = names[tag] ?? name.replacingOccurrences(of: "_", with: " ")
        }
        return names
    }()

    /// The script's Unicode name, words spaced ("Ol Chiki", "Canadian Aboriginal"); nil for a code
    /// ICU does not know.
    public var unicodeName: String? { Self.unicodeNames[tag] }

    init(tag: UInt32) { self.tag = tag }

    /// The ISO 15924 code, e.g. "Latn".
    public var code: String {
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Common, Inherited and Unknown, written as their packed tags ("Zyyy", "Zinh", "Zzzz"; a test
    /// checks them against `init(_:)`): a constant the compiler lays out in the binary, not one made
    /// at first use, whose every read went through `swift_once` (about 1.6 million reads on the
    /// benchmark corpus, three per `isNeutral`).
    public static let common = ScriptTag(tag: 0x5A79_7979)
    public static let inherited = ScriptTag(tag: 0x5A69_6E68)
    public static let unknown = ScriptTag(tag: 0x5A7A_7A7A)

    /// The script ICU assigns to `scalar` (Script property, UAX #24).
    public init(of scalar: Unicode.Scalar) {
        tag = tf_script_tag(scalar.value)
    }

    /// Common, Inherited or Unknown: takes the script of its neighbours.
    public var isNeutral: Bool { tag == Self.common.tag || tag == Self.inherited.tag || tag == Self.unknown.tag }

    /// Right-to-left scripts.
    public var isRightToLeft: Bool { Self.rightToLeft.contains(self) }
    private static let rightToLeft: Set<ScriptTag> = Set(["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg"].map(ScriptTag.init))

    /// Han, kana and Hangul: the scripts whose font depends on the language (Han unification).
    public var isCJK: Bool { Self.cjk.contains(self) }
    private static let cjk: Set<ScriptTag> = Set(["Hani", "Hira", "Kana", "Hang", "Bopo", "Hrkt"].map(ScriptTag.init))

    public var description: String { code }
    public static func < (a: Self, b: Self) -> Bool { a.tag < b.tag }
}
