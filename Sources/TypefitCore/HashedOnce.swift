/// A dictionary key hashed once, when it is made: for keys that are looked up, then stored, and
/// rehashed as their table grows, and whose fields (a text, a list of faces, a locale) cost more to
/// hash than to compare. Two keys are equal when their hashes are and then their `fields` (compared
/// in the order `Fields` declares them: put the cheap ones first).
@frozen
public struct HashedOnce<Fields: Hashable>: Hashable {
    public let fields: Fields
    @usableFromInline let hash: Int

    @inlinable
    public init(_ fields: Fields) {
        self.fields = fields
        hash = fields.hashValue
    }

    @inlinable
    public static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.fields == b.fields }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension HashedOnce: Sendable where Fields: Sendable {}
