import CTypefitICU

/// An ISO 15924 script code such as `Latn`, `Arab`, `Hani`.
public struct ScriptTag: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The four ASCII letters packed big-endian ("Latn" → 0x4C61746E): compared and hashed as one
    /// integer (every grapheme cluster carries one), ordered as the codes are.
    public let tag: UInt32

    public init(_ code: String) {
        var t: UInt32 = 0
        for byte in code.utf8.prefix(4) { t = t << 8 | UInt32(byte) }
        for _ in code.utf8.count..<4 { t = t << 8 | 0x20 }
        tag = t
    }

    init(tag: UInt32) { self.tag = tag }

    /// The ISO 15924 code, e.g. "Latn".
    public var code: String {
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        return String(decoding: bytes, as: UTF8.self)
    }

    public static let common = ScriptTag("Zyyy")
    public static let inherited = ScriptTag("Zinh")
    public static let unknown = ScriptTag("Zzzz")

    /// The script ICU assigns to `scalar` (Script property, UAX #24).
    public init(of scalar: Unicode.Scalar) {
        tag = tf_script_tag(scalar.value)
    }

    /// Common, Inherited or Unknown: takes the script of its neighbours.
    public var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// Right-to-left scripts.
    public var isRightToLeft: Bool { Self.rightToLeft.contains(self) }
    private static let rightToLeft: Set<ScriptTag> = Set(["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg"].map(ScriptTag.init))

    /// Han, kana and Hangul: the scripts whose font depends on the language (Han unification).
    public var isCJK: Bool { Self.cjk.contains(self) }
    private static let cjk: Set<ScriptTag> = Set(["Hani", "Hira", "Kana", "Hang", "Bopo", "Hrkt"].map(ScriptTag.init))

    public var description: String { code }
    public static func < (a: Self, b: Self) -> Bool { a.tag < b.tag }
}
