/// A growable run of bytes that owns its memory and is written through a pointer: an append checks
/// the capacity and stores, where `[UInt8]` also checks, on every byte, that its storage is not shared.
/// The JSON report writes a few hundred million bytes through one (`JSONReportWriter`).
///
/// Not copyable: one owner frees the memory, and no copy can see it change.
public struct ByteBuffer: ~Copyable, ByteSink {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0

    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The number of bytes written.
    public var count: Int { used }
    public var isEmpty: Bool { used == 0 }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(toHold: 1) }
        base[used] = byte
        used += 1
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity - used { grow(toHold: bytes.count) }
        (base + used).update(from: source, count: bytes.count)
        used += bytes.count
    }

    /// `byte` `count` times.
    @inlinable
    public mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        if count > capacity - used { grow(toHold: count) }
        (base + used).update(repeating: byte, count: count)
        used += count
    }

    /// Room for `extra` more bytes: at least doubles the capacity, so that appending is amortized
    /// constant time.
    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, used + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: used)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Forgets the bytes written, keeping the memory.
    public mutating func removeAll() { used = 0 }

    /// The bytes written so far.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: used))
    }
}
