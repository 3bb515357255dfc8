import CTypefitICU

/// An ISO 15924 script code such as `Latn`, `Arab`, `Hani`.
public struct ScriptTag: Hashable, Sendable, CustomStringConvertible, Comparable {
    public let code: String

    public init(_ code: String) { self.code = code }

    public static let common = ScriptTag("Zyyy")
    public static let inherited = ScriptTag("Zinh")
    public static let unknown = ScriptTag("Zzzz")

    /// The script ICU assigns to `scalar` (Script property, UAX #24).
    public init(of scalar: Unicode.Scalar) {
        let tag = tf_script_tag(scalar.value)
        let bytes = [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)]
        code = String(decoding: bytes, as: UTF8.self)
    }

    /// Common, Inherited or Unknown: takes the script of its neighbours.
    public var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// Right-to-left scripts.
    public var isRightToLeft: Bool { ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg"].contains(code) }

    /// Han, kana and Hangul: the scripts whose font depends on the language (Han unification).
    public var isCJK: Bool { ["Hani", "Hira", "Kana", "Hang", "Bopo", "Hrkt"].contains(code) }

    public var description: String { code }
    public static func < (a: Self, b: Self) -> Bool { a.code < b.code }
}
