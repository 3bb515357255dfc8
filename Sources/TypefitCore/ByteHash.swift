/// A 64-bit hash of a run of bytes for the in-memory caches' keys (texts, shaping requests), read
/// eight bytes at a time with a multiply and a fold per word, then one `Hasher.combine` of the
/// result. `Hasher.combine(bytes:)` ran SipHash over every byte: about seven instructions a byte, for
/// every text the layout looked up (this saves 10 million of the benchmark corpus's 6.5 billion
/// instructions). Only the caches' speed depends on it: their keys are still compared byte for byte,
/// and nothing typefit reports depends on a table's order.
public enum ByteHash {
    @inlinable
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var i = 0
        while i + 8 <= count {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 29)
    }
}
