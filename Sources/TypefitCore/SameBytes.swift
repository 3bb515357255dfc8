import Foundation

/// Byte-for-byte equality of UTF-8 text, compared as memory. A generic element-by-element comparison
/// (`elementsEqual`) costs 10 to 40 instructions a byte; `memcmp` costs a fraction of one. Two
/// canonically equivalent spellings ("é" and "e" + U+0301) are different bytes, so they are unequal
/// here (String's `==` would call them equal).
public enum SameBytes {
    /// Whether two buffers hold the same bytes.
    @inlinable
    public static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress, a.count > 0 else { return true }
        return memcmp(x, y, a.count) == 0
    }

    /// Whether two strings have the same UTF-8. Native strings are read in place; a string that is
    /// not contiguous (bridged) is made so first.
    @inlinable
    public static func equal(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.utf8, b.utf8)
        guard x.count == y.count else { return false }
        let inPlace = x.withContiguousStorageIfAvailable { p in y.withContiguousStorageIfAvailable { q in equal(p, q) } }
        if let inPlace, let same = inPlace { return same }
        var a = a, b = b
        return a.withUTF8 { p in b.withUTF8 { q in equal(p, q) } }
    }
}
