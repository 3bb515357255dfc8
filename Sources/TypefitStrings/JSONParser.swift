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
    /// What is parsed, value by value.
    private var tape: JSONTape

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        self.tape = JSONTape(bytes: bytes)
    }

    /// Parses a whole document into a tree; `file` names the input in errors.
    static func parse(_ text: String, file: String) throws -> JSONNode {
        var text = text
        return try text.withUTF8 { utf8 in
            let tape = try parseTape(utf8, file: file)
            return JSONNode(tape, JSONTape.root)
        }
    }

    /// Parses a whole document onto a tape that reads `utf8` in place; `file` names the input in
    /// errors. The tape's offsets are 32 bits: a text of 4 GB or more is an error.
    static func parseTape(_ utf8: UnsafeBufferPointer<UInt8>, file: String) throws -> JSONTape {
        var parser = JSONParser(bytes: utf8, file: file)
        guard utf8.count < Int(UInt32.max) else {
            throw InputError(file: file, message: "invalid JSON: the text is 4 GB or more")
        }
        parser.skipWhitespace()
        try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.i < parser.bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return parser.tape
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

    /// Adds a value that is not an object or an array.
    private mutating func append(_ kind: JSONTape.Kind, from start: Int, to end: Int, count: Int = 0) {
        tape.entries.append(JSONTape.Entry(offset: UInt32(start), end: UInt32(end), count: UInt32(count), kind: kind))
    }

    private mutating func parseValue(depth: Int) throws {
        guard i < bytes.count else { throw error("unexpected end of file, expected a value") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
            try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true"); append(.true, from: start, to: i)
        case UInt8(ascii: "f"):
            try expectLiteral("false"); append(.false, from: start, to: i)
        case UInt8(ascii: "n"):
            try expectLiteral("null"); append(.null, from: start, to: i)
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

    /// Starts an object or array: its entry, completed by `close`.
    private mutating func open(_ kind: JSONTape.Kind) -> Int {
        append(kind, from: i, to: 0)
        i += 1  // { or [
        return tape.entries.count - 1
    }

    /// Completes the object or array at `place` with its member or element count.
    private mutating func close(_ place: Int, count: Int) {
        i += 1  // } or ]
        tape.entries[place].end = UInt32(tape.entries.count)
        tape.entries[place].count = UInt32(count)
    }

    private mutating func parseObject(depth: Int) throws {
        let place = open(.object)
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { return close(place, count: 0) }
        var count = 0
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a member name in double quotes")
            }
            try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after member name")
            }
            i += 1
            skipWhitespace()
            try parseValue(depth: depth)
            count += 1
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { return close(place, count: count) }
            throw error("unexpected \(describeCurrent()), expected ',' or '}' after object member")
        }
    }

    private mutating func parseArray(depth: Int) throws {
        let place = open(.array)
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { return close(place, count: 0) }
        var count = 0
        while true {
            skipWhitespace()
            try parseValue(depth: depth)
            count += 1
            skipWhitespace()
            guard i < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { return close(place, count: count) }
            throw error("unexpected \(describeCurrent()), expected ',' or ']' after array element")
        }
    }

    /// A string: its bytes, or (written with an escape) its decoded text in `unescaped`.
    private mutating func parseString() throws {
        let open = i
        i += 1  // "
        // Most strings have no escape: up to the closing quote, the text is the input's bytes.
        let start = i
        skipPlainWords()
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            append(.string, from: open, to: i)
            i += 1
            return
        }
        // An escape, a control character or the end: the bytes so far, then one at a time.
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while true {
            guard i < bytes.count else { throw error("unterminated string", at: open) }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                tape.unescaped.append(String(decoding: out, as: UTF8.self))
                append(.string, from: open, to: i, count: tape.unescaped.count)
                i += 1
                return
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

    /// Skips eight bytes at a time while none of them is a quote, a backslash or a control
    /// character (a string's text runs on), leaving the rest to the byte-by-byte loop. A word has a
    /// byte below n (n ≤ 128) exactly when (word − n × ones) & ~word & highs is not zero; a byte equal
    /// to b is a zero byte of word ^ (b × ones).
    private mutating func skipPlainWords() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let stops = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if stops & highs != 0 { return }
            i += 8
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

    private mutating func parseNumber() throws {
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
        append(.number, from: start, to: i)
    }
}

extension String {
    /// Pads with leading zeros to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
