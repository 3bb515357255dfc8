import Foundation
import TypefitCore

/// The strings a store's records share (``RecordStore``): each distinct one is kept once, in
/// memory, and a record holds its number instead of its bytes. A run's findings repeat a few
/// thousand messages, fixes, shown texts, devices and spec paths millions of times (500 copies of the
/// signup screen: 9.7 million findings), so the records shrink and a reader gets each string by
/// reference instead of decoding and freeing a copy per finding.
///
/// At most `maximumBytes` of text is kept; further strings are written in the records themselves
/// (memory stays bounded whatever the run). Strings of 15 UTF-8 bytes or fewer are always written in
/// place: Swift keeps them inline, there is nothing to share. Used under its store's lock only.
final class RecordStrings {
    /// The kept strings, by number.
    private(set) var texts: [String] = []
    /// Numbers by a hash of the UTF-8 bytes (`hash(_:)`), then compared byte for byte: Swift's own
    /// `String` hashing and equality are Unicode-aware (canonical equivalence), which costs more than
    /// the copies sharing saves; records need the exact bytes anyway.
    private var numbers: [UInt64: [Int]] = [:]
    private var bytes = 0
    let maximumBytes: Int

    /// 64 MB: the 387,480 findings of 20 copies of the signup screen share about 3,000 strings (420 kB),
    /// and each further copy adds a handful (its spec path, title and screen states).
    static let defaultMaximumBytes = 64 << 20

    init(maximumBytes: Int = defaultMaximumBytes) {
        self.maximumBytes = maximumBytes
    }

    /// The number of `text` among the kept strings (kept now if it is new and there is room), or nil
    /// when it is written in place.
    func number(_ text: String) -> Int? {
        var text = text
        // The text's hash and byte count, and its number when it is kept already.
        let found = text.withUTF8 { u -> (hash: UInt64, count: Int, number: Int?)? in
            guard u.count > 15 else { return nil }
            let h = Self.hash(UnsafeRawBufferPointer(u))
            let kept = numbers[h]?.first { n in
                var other = texts[n]
                return other.withUTF8 { k in SameBytes.equal(k, u) }
            }
            return (h, u.count, kept)
        }
        guard let found else { return nil }
        if let n = found.number { return n }
        guard bytes + found.count <= maximumBytes else { return nil }
        bytes += found.count
        texts.append(text)
        numbers[found.hash, default: []].append(texts.count - 1)
        return texts.count - 1
    }

    /// A 64-bit hash of at least 8 bytes, a multiply and shift per 8-byte word (not for security:
    /// equal hashes are compared byte for byte).
    private static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var h = UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15
        var at = 0
        while at + 8 <= raw.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            at += 8
        }
        // The last 8 bytes (overlapping the words above when the length is not a multiple of 8).
        h = (h ^ raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }
}
