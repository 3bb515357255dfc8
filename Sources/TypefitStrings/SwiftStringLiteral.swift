/// A Swift string literal read from source code, as the compiler reads it (The Swift Programming
/// Language, "Strings and Characters" and the lexical structure's string literals): `"…"`,
/// multiline `"""…"""`, and raw `#"…"#` with any number of `#`.
///
/// Only constant text has a value: a literal with an interpolation (`\(x)`) or an escape Swift
/// rejects has none, since its text is not known before the app runs.
struct SwiftStringLiteral {
    /// The text, nil when not constant or not valid.
    var value: String?
    /// The byte offset just after the literal (at the end of the line or file when unterminated).
    var end: Int

    private static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// Whether a literal starts at `i`: a quote, or `#`s then a quote.
    static func starts(_ b: [UInt8], at i: Int) -> Bool {
        var j = i
        while j < b.count && b[j] == hash { j += 1 }
        return j < b.count && b[j] == quote
    }

    /// How deep literals inside interpolations inside literals are followed; deeper, the rest of
    /// the file is taken as the literal's (no valid code nests so deep, and a file of nothing else
    /// must not exhaust the stack).
    static let maximumNesting = 16

    /// The literal starting at `i` (where `starts` is true).
    static func read(_ b: [UInt8], at i: Int, nesting: Int = 0) -> SwiftStringLiteral {
        guard nesting <= maximumNesting else { return SwiftStringLiteral(value: nil, end: b.count) }
        var j = i
        while j < b.count && b[j] == hash { j += 1 }
        let hashes = j - i
        let multiline = j + 2 < b.count && b[j + 1] == quote && b[j + 2] == quote
        if multiline { return readMultiline(b, from: j + 3, hashes: hashes, nesting: nesting) }
        // One line: ends at a quote followed by as many `#` as it opened with.
        var k = j + 1
        while k < b.count {
            if b[k] == newline || b[k] == carriageReturn { return SwiftStringLiteral(value: nil, end: k) }
            if b[k] == backslash, closes(b, at: k + 1, hashes: hashes, marker: hash) {
                // An escape: skip the introducer and the character it escapes (an escaped quote
                // does not end the literal), or the whole of an interpolation's expression.
                k = skipEscape(b, at: k + 1 + hashes, nesting: nesting)
                continue
            }
            if b[k] == quote, closes(b, at: k + 1, hashes: hashes, marker: hash) {
                let body = Array(b[(j + 1)..<k])
                return SwiftStringLiteral(value: unescape(body, hashes: hashes), end: k + 1 + hashes)
            }
            k += 1
        }
        return SwiftStringLiteral(value: nil, end: b.count)
    }

    /// Just after the escape whose introducer ends before `i`: one character, or an
    /// interpolation's parenthesized expression, which may hold literals of its own.
    private static func skipEscape(_ b: [UInt8], at i: Int, nesting: Int) -> Int {
        guard i < b.count, b[i] == UInt8(ascii: "(") else { return min(i + 1, b.count) }
        var depth = 0, k = i
        while k < b.count {
            if starts(b, at: k) && (k == 0 || b[k - 1] != hash) {
                k = max(read(b, at: k, nesting: nesting + 1).end, k + 1)
                continue
            }
            switch b[k] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return k + 1 }
            default: break
            }
            k += 1
        }
        return b.count
    }

    /// Whether `count` bytes of `marker` follow at `i`.
    private static func closes(_ b: [UInt8], at i: Int, hashes count: Int, marker: UInt8) -> Bool {
        guard i + count <= b.count else { return false }
        for k in i..<(i + count) where b[k] != marker { return false }
        return true
    }

    /// `"""` … `"""`: the text starts on the line after the opening delimiter; the closing
    /// delimiter's indentation is removed from every line, and the line break before it is not text.
    private static func readMultiline(_ b: [UInt8], from start: Int, hashes: Int, nesting: Int) -> SwiftStringLiteral {
        var k = start
        // Only whitespace may follow the opening delimiter on its line.
        while k < b.count && (b[k] == UInt8(ascii: " ") || b[k] == UInt8(ascii: "\t")) { k += 1 }
        if k < b.count && b[k] == carriageReturn { k += 1 }
        guard k < b.count, b[k] == newline else { return SwiftStringLiteral(value: nil, end: min(k, b.count)) }
        let bodyStart = k + 1
        k = bodyStart
        while k < b.count {
            if b[k] == backslash, closes(b, at: k + 1, hashes: hashes, marker: hash) {
                k = skipEscape(b, at: k + 1 + hashes, nesting: nesting)
                continue
            }
            if b[k] == quote, k + 2 < b.count, b[k + 1] == quote, b[k + 2] == quote, closes(b, at: k + 3, hashes: hashes, marker: hash) {
                let end = k + 3 + hashes
                return SwiftStringLiteral(value: multilineValue(Array(b[bodyStart..<k]), hashes: hashes), end: end)
            }
            k += 1
        }
        return SwiftStringLiteral(value: nil, end: b.count)
    }

    private static func multilineValue(_ body: [UInt8], hashes: Int) -> String? {
        var lines = body.split(separator: newline, omittingEmptySubsequences: false).map { line -> ArraySlice<UInt8> in
            line.last == carriageReturn ? line.dropLast() : line
        }
        // The last line holds only the closing delimiter's indentation.
        guard let indentation = lines.popLast(), indentation.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
            return nil
        }
        var text: [UInt8] = []
        for (n, line) in lines.enumerated() {
            if n > 0 { text.append(newline) }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) && line.count <= indentation.count { continue }
            guard line.starts(with: indentation) else { return nil }
            text += line.dropFirst(indentation.count)
        }
        return unescape(text, hashes: hashes, multiline: true)
    }

    /// The text of a literal's body with its escapes replaced; nil for an interpolation or an
    /// escape Swift does not accept.
    private static func unescape(_ body: [UInt8], hashes: Int, multiline: Bool = false) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        while i < body.count {
            guard body[i] == backslash, closes(body, at: i + 1, hashes: hashes, marker: hash) else {
                out.append(body[i])
                i += 1
                continue
            }
            i += 1 + hashes
            guard i < body.count else { return nil }
            let c = body[i]
            i += 1
            switch c {
            case UInt8(ascii: "n"): out.append(newline)
            case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): out.append(carriageReturn)
            case UInt8(ascii: "0"): out.append(0)
            case backslash, quote, UInt8(ascii: "'"): out.append(c)
            case UInt8(ascii: "u"):
                guard i < body.count, body[i] == UInt8(ascii: "{") else { return nil }
                var j = i + 1, scalar: UInt32 = 0, digits = 0
                while j < body.count, let d = hexDigit(body[j]) {
                    scalar = scalar &* 16 &+ d
                    digits += 1
                    j += 1
                }
                guard (1...8).contains(digits), j < body.count, body[j] == UInt8(ascii: "}"), let u = Unicode.Scalar(scalar) else {
                    return nil
                }
                out += Array(String(Character(u)).utf8)
                i = j + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), newline, carriageReturn:
                // A multiline literal's line continuation: `\`, optional spaces, the line break.
                guard multiline else { return nil }
                var j = i - 1
                while j < body.count && (body[j] == UInt8(ascii: " ") || body[j] == UInt8(ascii: "\t")) { j += 1 }
                if j < body.count && body[j] == carriageReturn { j += 1 }
                guard j < body.count, body[j] == newline else { return nil }
                i = j + 1
            default:
                // `\(…)` interpolates a value; anything else is not an escape.
                return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
