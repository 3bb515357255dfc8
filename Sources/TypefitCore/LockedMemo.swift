import Foundation

/// A dictionary of answers shared by threads, behind a lock: a pure function's results kept for the
/// process (`LocaleResolver.resolve`, `XcodeProject.read`). At most `capacity` answers are kept;
/// past that the kept ones are dropped and worked out again when asked for.
public final class LockedMemo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    public let capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// The answer kept for `key`, if any.
    public func value(for key: Key) -> Value? {
        lock.withLock { values[key] }
    }

    /// Keeps `value` as the answer for `key`.
    public func store(_ value: Value, for key: Key) {
        lock.withLock {
            if values.count >= capacity { values.removeAll() }
            values[key] = value
        }
    }
}
