import TypefitCore

/// A finding's fingerprint: two 64-bit FNV-1a hashes, shown as 32 lowercase hex digits. Kept as
/// integers (a report holds 100 000+ fingerprints; the text is built when asked for); a fingerprint
/// set by hand that is not 32 hex digits is kept as text.
public struct FingerprintValue: Sendable, Hashable, Comparable {
    var a: UInt64
    var b: UInt64
    var text: String?

    init(_ a: UInt64, _ b: UInt64) {
        self.a = a
        self.b = b
        text = nil
    }

    init(_ string: String) {
        let bytes = Array(string.utf8)
        func nibble(_ c: UInt8) -> UInt64? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt64(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt64(c - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        var halves: [UInt64] = [0, 0]
        var ok = bytes.count == 32
        if ok {
            for (i, c) in bytes.enumerated() {
                guard let v = nibble(c) else { ok = false; break }
                halves[i / 16] = halves[i / 16] << 4 | v
            }
        }
        a = ok ? halves[0] : 0
        b = ok ? halves[1] : 0
        text = ok ? nil : string
    }

    /// 32 lowercase hex digits.
    var string: String {
        if let text { return text }
        return StableHasher.hex(a, b)
    }

    /// Appends what `string` spells to `bytes`.
    public func append(to bytes: inout ByteBuffer) {
        if var text {
            text.withUTF8 { bytes.append($0) }
        } else {
            StableHasher.appendHex(a, b, to: &bytes)
        }
    }

    /// Orders as the strings do (fixed-length lowercase hex orders as the numbers).
    public static func < (x: Self, y: Self) -> Bool {
        if x.text == nil && y.text == nil { return (x.a, x.b) < (y.a, y.b) }
        return x.string < y.string
    }

    // A text fingerprint is never 32 hex digits, so it never equals an integer one.
    public static func == (x: Self, y: Self) -> Bool {
        switch (x.text, y.text) {
        case (nil, nil): return x.a == y.a && x.b == y.b
        case let (s?, t?): return s == t
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        if let text { hasher.combine(text) } else { hasher.combine(a); hasher.combine(b) }
    }
}
