import Foundation

/// A string compared and hashed by its exact UTF-8 code units, for cache keys.
///
/// Swift's `String` equality is canonical equivalence: "é" (U+00E9) equals "e" + U+0301, and hashing
/// a string normalises it first. Both shape differently (different clusters, glyphs and widths), so
/// a cache keyed by `String` could hand one the other's layout; and normalising every key costs more
/// than the lookup. `ExactText` keys neither merge nor normalise.
public struct ExactText: Hashable, Sendable {
    public let string: String

    public init(_ string: String) {
        var s = string
        s.makeContiguousUTF8()
        self.string = s
    }

    public static func == (a: ExactText, b: ExactText) -> Bool {
        // Both are contiguous (made so in init): the bytes are compared in place, at once.
        SameBytes.equal(a.string, b.string)
    }

    /// The bytes hashed at once (`ByteHash`), not byte by byte through `Hasher`.
    public func hash(into hasher: inout Hasher) {
        var s = string
        hasher.combine(s.withUTF8 { ByteHash.of(UnsafeRawBufferPointer($0)) })
    }
}
