/// Where each value of a JSON text is, in UTF-8 byte offsets, and where each object member's name
/// starts and ends: what an edit that keeps every other byte needs (`StringCatalogCommentEditor`).
/// The text must already be valid JSON (`JSONParser` checks it and reports errors with positions);
/// on anything else `scan` returns nil.
struct JSONSpan {
    /// The value's bytes: from its first byte (`{`, `"`, a digit…) to just after its last.
    var range: Range<Int>
    /// An object's members in file order (empty for every other value).
    var members: [Member] = []
    var isObject: Bool

    struct Member {
        /// The decoded name.
        var name: String
        /// The name's bytes, quotes included.
        var nameRange: Range<Int>
        var value: JSONSpan
    }

    /// The members called `name`.
    func members(named name: String) -> [Member] { members.filter { $0.name == name } }

    /// Scans `bytes` from `start` (after a byte-order mark): nil when they are not one JSON value.
    static func scan(_ bytes: [UInt8], from start: Int = 0) -> JSONSpan? {
        var scanner = Scanner(bytes: bytes, i: start)
        scanner.skipWhitespace()
        guard let root = scanner.value(depth: 0) else { return nil }
        scanner.skipWhitespace()
        return scanner.i == bytes.count ? root : nil
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i: Int

        mutating func skipWhitespace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        mutating func value(depth: Int) -> JSONSpan? {
            guard i < bytes.count, depth <= JSONParser.maximumDepth else { return nil }
            let start = i
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [Member] = []
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return JSONSpan(range: start..<i, isObject: true)
                }
                while true {
                    skipWhitespace()
                    let nameStart = i
                    guard let name = string() else { return nil }
                    let nameRange = nameStart..<i
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    skipWhitespace()
                    guard let v = value(depth: depth + 1) else { return nil }
                    members.append(Member(name: name, nameRange: nameRange, value: v))
                    skipWhitespace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard bytes[i] == UInt8(ascii: "}") else { return nil }
                    i += 1
                    return JSONSpan(range: start..<i, members: members, isObject: true)
                }
            case UInt8(ascii: "["):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return JSONSpan(range: start..<i, isObject: false) }
                while true {
                    skipWhitespace()
                    guard value(depth: depth + 1) != nil else { return nil }
                    skipWhitespace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard bytes[i] == UInt8(ascii: "]") else { return nil }
                    i += 1
                    return JSONSpan(range: start..<i, isObject: false)
                }
            case UInt8(ascii: "\""):
                guard string() != nil else { return nil }
                return JSONSpan(range: start..<i, isObject: false)
            default:
                // A number or a literal: up to the next delimiter.
                while i < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[i])
                { i += 1 }
                return i > start ? JSONSpan(range: start..<i, isObject: false) : nil
            }
        }

        /// A string starting at `i` (its opening quote), decoded; `i` ends after its closing quote.
        mutating func string() -> String? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            var scalars = String.UnicodeScalarView()
            var run = i
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    flush(i)
                    i += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(i)
                    guard i + 1 < bytes.count else { return nil }
                    let e = bytes[i + 1]
                    i += 2
                    switch e {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(e))
                    case UInt8(ascii: "u"):
                        guard var v = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(v), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                            bytes[i + 1] == UInt8(ascii: "u")
                        {
                            i += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(v) else { return nil }
                        scalars.append(scalar)
                    default: return nil
                    }
                    run = i
                default:
                    i += 1
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
            i += 4
            return v
        }
    }
}
