/// A set of indices into a run's findings as one bit each: a waiver can accept millions of them
/// (500 screens: 9.7 million findings), which a `Set<Int>` would hold in about 16 bytes apiece.
public struct IndexBits: Sendable, Equatable {
    private var words: [UInt64] = []
    /// How many indices are in the set.
    public private(set) var count = 0

    public init() {}

    public mutating func insert(_ i: Int) {
        precondition(i >= 0, "an index is never negative")
        let word = i >> 6
        if word >= words.count { words += repeatElement(0, count: max(word + 1, words.count * 2) - words.count) }
        let bit: UInt64 = 1 << UInt64(i & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    public func contains(_ i: Int) -> Bool {
        guard i >= 0, i >> 6 < words.count else { return false }
        return words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    public var isEmpty: Bool { count == 0 }

    /// Equal when they hold the same indices (however much room each has).
    public static func == (a: IndexBits, b: IndexBits) -> Bool {
        guard a.count == b.count else { return false }
        let shared = min(a.words.count, b.words.count)
        return a.words[..<shared] == b.words[..<shared]
            && a.words[shared...].allSatisfy { $0 == 0 } && b.words[shared...].allSatisfy { $0 == 0 }
    }
}
