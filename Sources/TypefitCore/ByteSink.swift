/// Where text written straight as UTF-8 bytes goes: a `[UInt8]`, or a `ByteBuffer` (the JSON
/// report's). The writers of JSON strings, numbers and fingerprints (`JSONStringText`, `NumberText`,
/// `StableHasher.appendHex`) are generic over it and inlinable, so each is compiled for the sink it
/// writes to.
public protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink where Self: ~Copyable {
    /// Fixed text (keys, punctuation), copied as bytes.
    @inlinable
    public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
