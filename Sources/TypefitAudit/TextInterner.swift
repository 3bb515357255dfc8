import Foundation

/// Keeps one copy of each distinct text: a job's findings repeat their messages, fixes and shown
/// texts (the same message on several devices, the same fix at many sizes), and a large audit keeps
/// 100,000+ findings.
///
/// Texts are looked up by their length and three 8-byte samples (start, middle, end), then compared
/// byte for byte with the few texts that share them: hashing every byte of every message cost about
/// 5 % of the audit, this a fraction of it. Texts of 15 bytes or fewer are returned as they are
/// (Swift stores them inline, there is nothing to share).
struct TextInterner {
    private struct Sample: Hashable {
        var count: Int
        var head: UInt64
        var middle: UInt64
        var tail: UInt64
    }

    private var texts: [Sample: [String]] = [:]

    /// The stored text equal to `text`, stored first if there is none.
    mutating func intern(_ text: String) -> String {
        var text = text
        guard text.utf8.count > 15 else { return text }
        let sample = text.withUTF8 { p -> Sample in
            let raw = UnsafeRawBufferPointer(p)
            return Sample(
                count: p.count, head: raw.loadUnaligned(as: UInt64.self),
                middle: raw.loadUnaligned(fromByteOffset: p.count / 2 - 4, as: UInt64.self),
                tail: raw.loadUnaligned(fromByteOffset: p.count - 8, as: UInt64.self))
        }
        if let candidates = texts[sample] {
            for stored in candidates where Self.sameBytes(stored, text) { return stored }
            texts[sample, default: []].append(text)
        } else {
            texts[sample] = [text]
        }
        return text
    }

    /// Byte-for-byte equality of two texts of the same length.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { p in b.withUTF8 { q in p.count == q.count && memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 } }
    }
}
