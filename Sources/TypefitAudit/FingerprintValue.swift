/// A finding's fingerprint: two 64-bit FNV-1a hashes, shown as 32 lowercase hex digits. Kept as
/// integers (a report holds 100 000+ fingerprints; the text is built when asked for); a fingerprint
/// set by hand that is not 32 hex digits is kept as text.
struct FingerprintValue: Sendable, Hashable, Comparable {
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
        return String(unsafeUninitializedCapacity: 32) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for (half, value) in [a, b].enumerated() {
                for i in 0..<16 {
                    let nibble = Int((value >> UInt64(60 - 4 * i)) & 0xF)
                    buffer[half * 16 + i] = digits.utf8Start[nibble]
                }
            }
            return 32
        }
    }

    /// Orders as the strings do (fixed-length lowercase hex orders as the numbers).
    static func < (x: Self, y: Self) -> Bool {
        if x.text == nil && y.text == nil { return (x.a, x.b) < (y.a, y.b) }
        return x.string < y.string
    }

    // A text fingerprint is never 32 hex digits, so it never equals an integer one.
    static func == (x: Self, y: Self) -> Bool {
        switch (x.text, y.text) {
        case (nil, nil): return x.a == y.a && x.b == y.b
        case let (s?, t?): return s == t
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        if let text { hasher.combine(text) } else { hasher.combine(a); hasher.combine(b) }
    }
}

/// FNV-1a, 64 bit, twice with different seeds: stable across runs and platforms, and cheap (a report
/// can hold tens of thousands of findings). Fields are separated by U+001F.
struct FingerprintHasher {
    private(set) var a: UInt64 = 0xcbf29ce484222325
    private(set) var b: UInt64 = 0x84222325cbf29ce4

    /// The state after the spec and the screen, the fields every finding of a screen shares.
    init(spec: String, screen: String) {
        feed(spec, separator: false)
        feed(screen)
    }

    mutating func feed(_ field: String, separator: Bool = true) {
        if separator {
            a = (a ^ 0x1F) &* 0x100000001b3
            b = (b ^ 0x1F) &* 0x100000001b3
        }
        for byte in field.utf8 {
            a = (a ^ UInt64(byte)) &* 0x100000001b3
            b = (b ^ UInt64(byte)) &* 0x100000001b3
        }
    }
}
