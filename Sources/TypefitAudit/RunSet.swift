/// A set filled from a sequence whose values come in runs (a problem's findings in report order
/// share their device, locale and screen with the previous finding most of the time): a value equal
/// to the last one inserted is not hashed again. Equality first compares the strings' storage, so a
/// repeat costs a comparison instead of a hash.
struct RunSet<Value: Hashable> {
    private(set) var set: Set<Value>
    private var last: Value?

    init() { set = [] }

    /// Room for `capacity` values from the start: a set grown one value at a time rehashes every
    /// value it holds at each doubling (for a pair of strings, two strings hashed again each time).
    init(minimumCapacity capacity: Int) { set = Set(minimumCapacity: capacity) }

    /// Inserts `value`; whether it was not in the set before.
    @discardableResult
    mutating func insert(_ value: Value) -> Bool {
        if value == last { return false }
        last = value
        return set.insert(value).inserted
    }
}
