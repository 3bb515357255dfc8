/// FNV-1a, 64 bit, twice with different seeds: stable across runs, platforms and Swift versions
/// (unlike `Hasher`), and cheap (a report can hold 100 000+ fingerprints). Fields fed one after the
/// other are separated by U+001F. The findings' fingerprints, the reporters' group fingerprints and
/// the HTML report's anchors are all made with it.
public struct StableHasher: Sendable {
    public private(set) var a: UInt64 = 0xcbf29ce484222325
    public private(set) var b: UInt64 = 0x84222325cbf29ce4

    public init() {}

    /// Hashes `field`'s UTF-8 bytes, after a U+001F separator unless `separator` is false (the first field).
    public mutating func feed(_ field: String, separator: Bool = true) {
        if separator {
            a = (a ^ 0x1F) &* 0x100000001b3
            b = (b ^ 0x1F) &* 0x100000001b3
        }
        // A native string's UTF-8 in place (iterating the view costs about twice as much a byte);
        // any other string made contiguous first.
        if let done: Void = field.utf8.withContiguousStorageIfAvailable({ feed(bytes: $0) }) { return done }
        var contiguous = field
        contiguous.withUTF8 { feed(bytes: $0) }
    }

    private mutating func feed(bytes: UnsafeBufferPointer<UInt8>) {
        var a = a, b = b
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x100000001b3
            b = (b ^ UInt64(byte)) &* 0x100000001b3
        }
        self.a = a
        self.b = b
    }

    /// The two hashes as 32 lowercase hex digits.
    public var hex: String { Self.hex(a, b) }

    /// Two 64-bit values as 32 lowercase hex digits, written in place.
    public static func hex(_ a: UInt64, _ b: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            for i in 0..<16 {
                buffer[i] = digit(a, i)
                buffer[16 + i] = digit(b, i)
            }
            return 32
        }
    }

    /// The same 32 digits appended to `bytes`, without a String (the JSON report writes two
    /// fingerprints per finding).
    @inlinable
    public static func appendHex<Sink: ByteSink & ~Copyable>(_ a: UInt64, _ b: UInt64, to bytes: inout Sink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            for i in 0..<16 {
                buffer[i] = digit(a, i)
                buffer[16 + i] = digit(b, i)
            }
            bytes.append(UnsafeBufferPointer(buffer))
        }
    }

    /// The `i`-th hex digit of `value`, most significant first.
    @inlinable @inline(__always)
    static func digit(_ value: UInt64, _ i: Int) -> UInt8 {
        let digits: StaticString = "0123456789abcdef"
        return digits.utf8Start[Int((value >> UInt64(60 - 4 * i)) & 0xF)]
    }
}
