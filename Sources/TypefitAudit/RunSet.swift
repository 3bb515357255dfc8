/// A set filled from a sequence whose values come in runs (a problem's findings in report order
/// share their device, locale and screen with the previous finding most of the time): a value equal
/// to the last one inserted is not hashed again. Equality first compares the strings' storage, so a
/// repeat costs a comparison instead of a hash.
struct RunSet<Value: Hashable> {
    private(set) var set = Set<Value>()
    private var last: Value?

    /// Inserts `value`; whether it was not in the set before.
    @discardableResult
    mutating func insert(_ value: Value) -> Bool {
        if value == last { return false }
        last = value
        return set.insert(value).inserted
    }
}
