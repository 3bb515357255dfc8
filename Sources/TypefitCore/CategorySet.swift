/// A set of content size categories, one bit each. A problem gathers the categories of its findings
/// (two inserts per finding, hundreds of thousands on a large audit), where a `Set` hashed each one.
public struct CategorySet: Sendable, Equatable {
    private var bits: UInt16 = 0

    public init() {}

    /// Inserts `category`; whether it was not in the set before.
    @discardableResult
    public mutating func insert(_ category: ContentSizeCategory) -> Bool {
        let bit = Self.bit(category)
        let inserted = bits & bit == 0
        bits |= bit
        return inserted
    }

    public func contains(_ category: ContentSizeCategory) -> Bool { bits & Self.bit(category) != 0 }

    public var count: Int { bits.nonzeroBitCount }

    /// The categories in order, extra small first (`ContentSizeCategory`'s order).
    public var sorted: [ContentSizeCategory] {
        (0..<UInt16.bitWidth).compactMap { bits & (1 << UInt16($0)) != 0 ? ContentSizeCategory(rawValue: $0) : nil }
    }

    private static func bit(_ category: ContentSizeCategory) -> UInt16 { 1 << UInt16(category.rawValue) }
}
