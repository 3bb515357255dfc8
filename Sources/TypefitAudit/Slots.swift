import Foundation

/// One result slot per index, filled from concurrent tasks (`DispatchQueue.concurrentPerform`) and
/// read once they have all finished: results land by index, so their order never depends on which
/// task finished first.
public final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value]

    public init(count: Int, initial: Value) {
        storage = Array(repeating: initial, count: count)
    }

    public func set(_ i: Int, _ value: Value) {
        lock.lock()
        storage[i] = value
        lock.unlock()
    }

    /// The values (read after the tasks are done).
    public var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A shared counter handing out the next index to work on.
public final class WorkCounter: @unchecked Sendable {
    public init() {}

    private let lock = NSLock()
    private var next = 0

    public func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next - 1
    }
}
