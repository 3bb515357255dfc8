import TypefitCore

/// A small, strict JSON parser (RFC 8259) that reports the line and column of every syntax error.
///
/// Foundation's `JSONSerialization` reports positions inconsistently across platforms (and not at
/// all for some errors), so typefit parses String Catalogs itself. Nesting deeper than
/// `maximumDepth` is an error rather than a stack overflow.
struct JSONParser {
    /// Deepest nesting of arrays and objects accepted. String Catalogs need about 10.
    static let maximumDepth = 128

    /// The text's UTF-8, read in place (a copy of a 10 MB catalog's bytes was 10 MB more at the peak;
    /// the buffer's reads carry no bounds checks in a release build, where the array's did).
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var i = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses a whole document; `file` names the input in errors.
    static func parse(_ text: String, file: String) throws -> JSONNode {
        var text = text
        return try text.withUTF8 { utf8 in
            var parser = JSONParser(bytes: utf8, file: file)
            parser.skipWhitespace()
            let root = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            if parser.i < parser.bytes.count {
                throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
            }
            return root
        }
    }

    /// The line and column of a byte offset, for errors found after parsing.
    static func position(of offset: Int, in text: String) -> TextPosition {
        TextPosition(utf8: Array(text.utf8), offset: offset)
    }

    // MARK: - Private

    private func error(_ message: String, at offset: Int? = nil) -> InputError {
        let p = TextPosition(utf8: Array(bytes), offset: offset ?? i)
        return InputError(file: file, line: p.line, column: p.column, message: "invalid JSON: \(message)")
    }

    private func describeCurrent() -> String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        // Describe the whole character starting here.
        var end = i + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[i..<end], as: UTF8.self)
        if let scalar = text.unicodeScalars.first {
            return "character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        return "byte \(b)"
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        guard i < bytes.count else { throw error("unexpected end of file, expected a value") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return JSONNode(value: .object(try parseObject(depth: depth + 1)), offset: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            return JSONNode(value: .array(try parseArray(depth: depth + 1)), offset: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null"); return JSONNode(value: .null, offset: start)
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectLiteral(_ word: String) throws {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else {
                throw error("unexpected \(describeCurrent()) in '\(word)'")
            }
            i += 1
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONObject {
        i += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return object }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a member name in double quotes")
            }
            let name = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after member name")
            }
            i += 1
            skipWhitespace()
            object.set(name, try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return object }
            throw error("unexpected \(describeCurrent()), expected ',' or '}' after object member")
        }
    }

    private mutating func parseArray(depth: Int) throws -> [JSONNode] {
        i += 1  // [
        var items: [JSONNode] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return items }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return items }
            throw error("unexpected \(describeCurrent()), expected ',' or ']' after array element")
        }
    }

    private mutating func parseString() throws -> String {
        let open = i
        i += 1  // "
        // Most strings have no escape: up to the closing quote, the text is the input's bytes.
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            i += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)]), as: UTF8.self)
        }
        // An escape, a control character or the end: the bytes so far, then one at a time.
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while true {
            guard i < bytes.count else { throw error("unterminated string", at: open) }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escapeStart = i
                i += 1
                guard i < bytes.count else { throw error("unterminated string", at: open) }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try hex4(escapeStart: escapeStart)
                    if (0xD800...0xDBFF).contains(value) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape", at: escapeStart)
                        }
                        let lowStart = i
                        i += 2
                        let low = try hex4(escapeStart: lowStart)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("unpaired surrogate in \\u escape", at: escapeStart)
                        }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(value) {
                        throw error("unpaired surrogate in \\u escape", at: escapeStart)
                    }
                    guard let scalar = Unicode.Scalar(value) else {
                        throw error("invalid \\u escape", at: escapeStart)
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in string", at: escapeStart)
                }
            case 0x00..<0x20:
                throw error(
                    "control character U+\(String(b, radix: 16, uppercase: true).leftPadded(to: 4)) in string (write it as an escape)")
            default:
                out.append(b)
                i += 1
            }
        }
    }

    private mutating func hex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let d = hexDigit(bytes[i]) else {
                throw error("invalid \\u escape (expected four hex digits)", at: escapeStart)
            }
            value = value << 4 | d
            i += 1
        }
        return value
    }

    private func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws -> String {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else {
            throw error("unexpected \(describeCurrent()) in number, expected a digit")
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                throw error("leading zero in number")
            }
        } else {
            _ = digits()
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error("unexpected \(describeCurrent()) in number, expected a digit after '.'") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw error("unexpected \(describeCurrent()) in number, expected an exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }
}

extension String {
    /// Pads with leading zeros to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
