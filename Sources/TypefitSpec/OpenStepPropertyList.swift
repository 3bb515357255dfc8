import Foundation

/// A property list in the old ASCII ("OpenStep") format that Xcode writes its `project.pbxproj` in:
/// dictionaries `{ key = value; }`, arrays `( a, b, )`, strings quoted (`"a b"`, with backslash
/// escapes) or bare (`text.plist.strings`), data `<0fbd 7770>`, and `/* … */` and `// …` comments.
/// The format is CoreFoundation's (CFOldStylePList.c); typefit reads only project files with it,
/// so data is kept as its text and nothing is written.
///
/// Nesting is bounded (`maximumDepth`): the parser is recursive, and a hostile file must not run it
/// out of stack. Anything malformed makes the whole file nil: typefit only reads the app's project,
/// and never guesses at half of it.
public indirect enum OpenStepPropertyList: Equatable, Sendable {
    case string(String)
    case array([OpenStepPropertyList])
    case dictionary([String: OpenStepPropertyList])

    /// The deepest nesting read (a project file nests about 5 deep).
    public static let maximumDepth = 64

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var array: [OpenStepPropertyList]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var dictionary: [String: OpenStepPropertyList]? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    public subscript(key: String) -> OpenStepPropertyList? { dictionary?[key] }

    /// The property list in `text`; nil when it is not one (or nests deeper than `maximumDepth`).
    public static func parse(_ text: String) -> OpenStepPropertyList? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.atEnd && !parser.failed ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0
        var failed = false

        var atEnd: Bool { i >= bytes.count }

        /// Skips white space and comments; a comment left open fails the parse.
        mutating func skipSpace() {
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x0B {
                    i += 1
                } else if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2F {
                    while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                } else if b == 0x2F, i + 1 < bytes.count, bytes[i + 1] == 0x2A {
                    i += 2
                    while i + 1 < bytes.count, !(bytes[i] == 0x2A && bytes[i + 1] == 0x2F) { i += 1 }
                    if i + 1 >= bytes.count {
                        failed = true
                        i = bytes.count
                        return
                    }
                    i += 2
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) -> OpenStepPropertyList? {
            guard depth < OpenStepPropertyList.maximumDepth else { return nil }
            skipSpace()
            guard !failed, i < bytes.count else { return nil }
            switch bytes[i] {
            case 0x7B: return dictionary(depth: depth)
            case 0x28: return array(depth: depth)
            case 0x3C: return data()
            case 0x22, 0x27: return quoted().map(OpenStepPropertyList.string)
            default: return bare().map(OpenStepPropertyList.string)
            }
        }

        mutating func dictionary(depth: Int) -> OpenStepPropertyList? {
            i += 1
            var out: [String: OpenStepPropertyList] = [:]
            while true {
                skipSpace()
                guard !failed, i < bytes.count else { return nil }
                if bytes[i] == 0x7D {
                    i += 1
                    return .dictionary(out)
                }
                guard let key = (bytes[i] == 0x22 || bytes[i] == 0x27) ? quoted() : bare() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3D else { return nil }
                i += 1
                guard let v = value(depth: depth + 1) else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == 0x3B else { return nil }
                i += 1
                out[key] = v
            }
        }

        mutating func array(depth: Int) -> OpenStepPropertyList? {
            i += 1
            var out: [OpenStepPropertyList] = []
            while true {
                skipSpace()
                guard !failed, i < bytes.count else { return nil }
                if bytes[i] == 0x29 {
                    i += 1
                    return .array(out)
                }
                guard let v = value(depth: depth + 1) else { return nil }
                out.append(v)
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == 0x2C {
                    i += 1
                } else if bytes[i] != 0x29 {
                    return nil
                }
            }
        }

        /// `<0fbd 7770>`, kept as its hex digits.
        mutating func data() -> OpenStepPropertyList? {
            i += 1
            let start = i
            while i < bytes.count, bytes[i] != 0x3E { i += 1 }
            guard i < bytes.count else { return nil }
            let hex = String(decoding: bytes[start..<i], as: UTF8.self).filter { !$0.isWhitespace }
            guard hex.allSatisfy(\.isHexDigit), hex.count % 2 == 0 else { return nil }
            i += 1
            return .string(hex)
        }

        /// Bare strings are ASCII letters, digits and `_$/:.-` (CoreFoundation's set).
        static func isBare(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b == 0x2F
                || b == 0x3A || b == 0x2E || b == 0x2D
        }

        mutating func bare() -> String? {
            let start = i
            while i < bytes.count, Self.isBare(bytes[i]) { i += 1 }
            guard i > start else { return nil }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        /// A quoted string with CoreFoundation's escapes: `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`,
        /// three octal digits, `\U` and four hex digits; any other character after a backslash is
        /// itself (`\"`, `\\`).
        mutating func quoted() -> String? {
            let quote = bytes[i]
            i += 1
            var out: [UInt8] = []
            while i < bytes.count, bytes[i] != quote {
                guard bytes[i] == 0x5C else {
                    out.append(bytes[i])
                    i += 1
                    continue
                }
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]
                i += 1
                switch e {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                case 0x72: out.append(0x0D)
                case 0x61: out.append(0x07)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x76: out.append(0x0B)
                case 0x30...0x37:
                    var code = UInt32(e - 0x30)
                    for _ in 0..<2 where i < bytes.count && (0x30...0x37).contains(bytes[i]) {
                        code = code * 8 + UInt32(bytes[i] - 0x30)
                        i += 1
                    }
                    // Read as Latin-1 (CoreFoundation reads NeXTSTEP's encoding; project files write UTF-8).
                    out.append(contentsOf: Array(String(UnicodeScalar(UInt8(truncatingIfNeeded: code))).utf8))
                case 0x55:
                    var code: UInt32 = 0
                    var digits = 0
                    while digits < 4, i < bytes.count, let d = Self.hexValue(bytes[i]) {
                        code = code * 16 + d
                        i += 1
                        digits += 1
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(scalar).utf8))
                default: out.append(e)
                }
            }
            guard i < bytes.count else { return nil }
            i += 1
            return String(decoding: out, as: UTF8.self)
        }

        static func hexValue(_ b: UInt8) -> UInt32? {
            switch b {
            case 0x30...0x39: return UInt32(b - 0x30)
            case 0x41...0x46: return UInt32(b - 0x41 + 10)
            case 0x61...0x66: return UInt32(b - 0x61 + 10)
            default: return nil
            }
        }
    }
}
