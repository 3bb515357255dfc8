import Foundation
import TypefitCore

/// Keeps one copy of each distinct text: a job's findings repeat their messages, fixes and shown
/// texts (the same message on several devices, the same fix at many sizes), and a large audit keeps
/// 100,000+ findings.
///
/// Texts are looked up by their length and three 8-byte samples (start, middle, end), then compared
/// byte for byte with the text stored under them (and, for the rare look-alikes that share a
/// sample, with the others). Measured on the benchmark corpus (perf, one thread): interning by
/// hashing every byte of every message took about 5 % of the audit, this about 3 %. Texts of 15
/// bytes or fewer are returned as they are (Swift stores them inline, there is nothing to share).
struct TextInterner {
    private struct Sample: Hashable {
        var count: Int
        var head: UInt64
        var middle: UInt64
        var tail: UInt64

        /// One word fed to the hasher: the four mixed (equality still compares each). Hashing the
        /// four words one by one was about a third of a lookup.
        func hash(into hasher: inout Hasher) {
            hasher.combine(
                UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15 ^ head ^ (middle &* 0xC2B2_AE3D_27D4_EB4F)
                    ^ (tail &* 0x1656_67B1_9E37_79F9))
        }
    }

    /// The first text stored under each sample, and the later ones that share its sample.
    private var texts: [Sample: String] = [:]
    private var lookAlikes: [Sample: [String]] = [:]

    /// Empty, with no table allocated: most jobs intern a few texts, and reserving room for 128 cost
    /// every job about 20,000 instructions (the table is made, and grows, as texts come).
    init() {}

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
        guard let first = texts[sample] else {
            texts[sample] = text
            return text
        }
        if SameBytes.equal(first, text) { return first }
        for stored in lookAlikes[sample] ?? [] where SameBytes.equal(stored, text) { return stored }
        lookAlikes[sample, default: []].append(text)
        return text
    }
}
