import Foundation
import TypefitCore

/// Parses old-style `.strings` files: `"key" = "value";` entries with `/* */` and `//` comments.
/// Strings are quoted with `"` or `'`, as Foundation quotes them.
///
/// Follows the OpenStep property-list rules Foundation uses for strings files (CoreFoundation's
/// `CFOldStylePList.c`: `isValidUnquotedStringCharacter`, `getSlashedChar`): keys and values are
/// quoted strings or unquoted words of `[A-Za-z0-9_$/:.-]`; `"key";` alone maps a key to itself;
/// escapes are `\n \t \r \" \\ \a \b \f \v`, `\U1234` (up to four hex digits, surrogate pairs
/// joined) and octal `\012` (up to three digits, one byte in the NeXTSTEP encoding, as Foundation
/// reads it); any other escaped character stands for itself, so a lowercase `\u00e9` is the text
/// `u00e9`, as the app shows it. `\U` without hex digits is U+0000, as Foundation reads it, and the
/// escape's place is recorded (`Entry.emptyEscape`): one translator's slip (Rocket.Chat's Polish
/// `"\Utwórz konto"`) is a problem of that string, not of the whole app's run. Where Foundation
/// would keep a broken string (an unpaired surrogate), typefit says so instead.
/// Syntax errors are `InputError`s with the line and column (in Unicode scalars) of the problem.
enum StringsFileParser {
    /// One `key = value;` entry.
    struct Entry: Equatable, Sendable {
        var key: String
        var value: String
        /// The line the key starts on.
        var line: Int
        /// Where the entry's first `\U` without hex digits is (line, column), if it has one.
        var emptyEscape: Position? = nil
    }

    /// A place in the file: line and column (in Unicode scalars), from 1.
    struct Position: Equatable, Sendable {
        var line: Int
        var column: Int
    }

    /// Where Foundation stops reading a file: after a whole entry, something that cannot start a key
    /// (`;` of a doubled `";;"`, a `}`) ends a strings file quietly, and the entries before it are the
    /// table (CFOldStylePList.c, `parsePlistDictContent`: its loop ends when `parsePlistString`
    /// finds no string, and the dictionary so far is returned as a success).
    struct Stop: Equatable, Sendable {
        var position: Position
        /// What is there (`';'`).
        var found: String
        /// The entries after it, which the app does not read (as far as they parse).
        var unread: [Entry]
    }

    /// A file's entries, and where Foundation stops reading it if it does before its end.
    struct Parsed: Equatable, Sendable {
        var entries: [Entry]
        var stop: Stop?
    }

    /// Decodes and parses the bytes of a `.strings` file.
    static func parse(bytes: [UInt8], file: String) throws -> [Entry] {
        try parse(text: try TextFileDecoder.decode(bytes, file: file), file: file)
    }

    /// Parses already-decoded text: the entries Foundation reads.
    static func parse(text: String, file: String) throws -> [Entry] {
        try parseFile(text: text, file: file).entries
    }

    /// Decodes and parses the bytes of a `.strings` file, with where Foundation stops reading it.
    static func parseFile(bytes: [UInt8], file: String) throws -> Parsed {
        try parseFile(text: try TextFileDecoder.decode(bytes, file: file), file: file)
    }

    /// Parses already-decoded text, with where Foundation stops reading it.
    static func parseFile(text: String, file: String) throws -> Parsed {
        var scanner = Scanner(scalars: Array(text.unicodeScalars), file: file)
        let entries = try scanner.entries()
        guard let at = scanner.stoppedAt else { return Parsed(entries: entries, stop: nil) }
        // What follows, read as far as it parses (past the character Foundation stopped at, and any
        // further stops): the strings the app loses.
        var unread: [Entry] = []
        var rest = scanner
        while rest.stoppedAt != nil, rest.current != nil {
            rest.stoppedAt = nil
            rest.advance()
            guard let more = try? rest.entries(allowingStopAtStart: true) else { break }
            unread += more
        }
        return Parsed(entries: entries, stop: Stop(position: at.position, found: at.found, unread: unread))
    }

    // MARK: - Private

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var i = 0
        var line = 1
        var column = 1
        /// The UTF-8 of the string being read, made into a `String` once it ends (appending each
        /// scalar to a String was a fifth of loading a large `.lproj` set); reused across strings.
        var utf8: [UInt8] = []
        /// The first `\U` without hex digits of the entry being read.
        var emptyEscape: Position?

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
            if scalars.first == "\u{FEFF}" { i = 1 }  // a BOM that survived decoding
        }

        func error(_ message: String, line: Int? = nil, column: Int? = nil) -> InputError {
            InputError(file: file, line: line ?? self.line, column: column ?? self.column, message: message)
        }

        var current: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            i + offset < scalars.count ? scalars[i + offset] : nil
        }

        mutating func advance() {
            guard i < scalars.count else { return }
            let c = scalars[i]
            i += 1
            if c == "\n" {
                line += 1; column = 1
            } else if c == "\r" {
                if current == "\n" { i += 1 }
                line += 1; column = 1
            } else {
                column += 1
            }
        }

        func describeCurrent() -> String {
            guard let c = current else { return "end of file" }
            if c.value > 0x20 && c.value < 0x7F { return "'\(Character(c))'" }
            return "character U+\(String(c.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }

        /// Skips what Foundation's `advanceToNonSpace` skips: tab through carriage return, space, U+2028
        /// and U+2029 (not U+FEFF: one inside a file is where Foundation stops reading), `/* */` and
        /// `//` comments. A `/*` left open runs to the end of the file: where a key may start
        /// (`endsQuietly`) that ends the file, as in Foundation; elsewhere it is an error.
        mutating func skipWhitespaceAndComments(endsQuietly: Bool = false) throws {
            while let c = current {
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" || c == "\u{2028}"
                    || c == "\u{2029}"
                {
                    advance()
                } else if c == "/", peek(1) == "*" {
                    let (l, col) = (line, column)
                    advance(); advance()
                    while true {
                        guard let d = current else {
                            if endsQuietly { return }
                            throw error("unterminated comment", line: l, column: col)
                        }
                        if d == "*", peek(1) == "/" { advance(); advance(); break }
                        advance()
                    }
                } else if c == "/", peek(1) == "/" {
                    while let d = current, d != "\n", d != "\r", d != "\u{2028}", d != "\u{2029}" { advance() }
                } else {
                    return
                }
            }
        }

        static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9")
                || c == "_" || c == "$" || c == "/" || c == ":" || c == "." || c == "-"
        }

        /// Where reading stopped before the end, as Foundation stops (`Stop`), and what is there.
        var stoppedAt: (position: Position, found: String)?

        /// The entries up to the end, or up to where Foundation stops: something that cannot start a
        /// key after a whole entry (`stoppedAt` says where). At the start of the file it is an error,
        /// as in Foundation, unless `allowingStopAtStart` (reading on after a stop).
        mutating func entries(allowingStopAtStart: Bool = false) throws -> [Entry] {
            var result: [Entry] = []
            while true {
                try skipWhitespaceAndComments(endsQuietly: true)
                guard current != nil else { return result }
                let keyLine = line, keyColumn = column
                emptyEscape = nil
                guard let key = try readString() else {
                    if !result.isEmpty || allowingStopAtStart {
                        stoppedAt = (Position(line: line, column: column), describeCurrent())
                        return result
                    }
                    throw error("unexpected \(describeCurrent()), expected a quoted key")
                }
                if let problem = TextLimit.problem(key) { throw error(problem, line: keyLine, column: keyColumn) }
                try skipWhitespaceAndComments()
                if current == ";" {
                    advance()
                    result.append(Entry(key: key, value: key, line: keyLine, emptyEscape: emptyEscape))
                    continue
                }
                guard current == "=" else {
                    throw error("unexpected \(describeCurrent()) after key, expected '='")
                }
                advance()
                try skipWhitespaceAndComments()
                let valueLine = line, valueColumn = column
                guard let value = try readString() else {
                    throw error("unexpected \(describeCurrent()) after '=', expected a quoted value")
                }
                if let problem = TextLimit.problem(value) { throw error(problem, line: valueLine, column: valueColumn) }
                try skipWhitespaceAndComments()
                guard current == ";" else {
                    throw error("unexpected \(describeCurrent()) after value, expected ';'")
                }
                advance()
                result.append(Entry(key: key, value: value, line: keyLine, emptyEscape: emptyEscape))
            }
        }

        /// A quoted string or an unquoted word; nil when neither starts here.
        mutating func readString() throws -> String? {
            guard let c = current else { return nil }
            // Foundation quotes with either mark (CFOldStylePList.c, parsePlistString).
            if c == "\"" || c == "'" { return try readQuoted() }
            guard Self.isWordCharacter(c) else { return nil }
            utf8.removeAll(keepingCapacity: true)
            while let d = current, Self.isWordCharacter(d) {
                // "//" or "/*" starts a comment, not part of a word.
                if d == "/", peek(1) == "/" || peek(1) == "*" { break }
                utf8.append(UInt8(d.value)); advance()  // word characters are ASCII
            }
            return String(decoding: utf8, as: UTF8.self)
        }

        /// Appends `s` to `utf8`, encoded (as `MeasureRequestParser` encodes a scalar).
        mutating func append(_ s: Unicode.Scalar) {
            if s.isASCII { utf8.append(UInt8(s.value)) } else { utf8.append(contentsOf: UTF8.encode(s)!) }
        }

        mutating func readQuoted() throws -> String {
            let (l, col) = (line, column)
            let quote = current
            advance()  // " or '
            utf8.removeAll(keepingCapacity: true)
            var pendingHighSurrogate: UInt32?
            func append(_ value: UInt32, escapeLine: Int, escapeColumn: Int) throws {
                if let high = pendingHighSurrogate {
                    pendingHighSurrogate = nil
                    if (0xDC00...0xDFFF).contains(value) {
                        let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        if let s = Unicode.Scalar(combined) { self.append(s) }
                        return
                    }
                    throw error(String(format: "unpaired surrogate \\U%04X", high), line: escapeLine, column: escapeColumn)
                }
                if (0xD800...0xDBFF).contains(value) { pendingHighSurrogate = value; return }
                guard let s = Unicode.Scalar(value) else {
                    throw error(String(format: "unpaired surrogate \\U%04X", value), line: escapeLine, column: escapeColumn)
                }
                self.append(s)
            }
            var lastEscape = (line: l, column: col)
            while true {
                guard let c = current else { throw error("unterminated string", line: l, column: col) }
                if c == quote {
                    if let high = pendingHighSurrogate {
                        throw error(String(format: "unpaired surrogate \\U%04X", high), line: lastEscape.line, column: lastEscape.column)
                    }
                    advance()
                    return String(decoding: utf8, as: UTF8.self)
                }
                if c != "\\" {
                    if let high = pendingHighSurrogate {
                        throw error(String(format: "unpaired surrogate \\U%04X", high), line: lastEscape.line, column: lastEscape.column)
                    }
                    self.append(c); advance(); continue
                }
                let (el, ec) = (line, column)
                lastEscape = (el, ec)
                advance()  // backslash
                guard let e = current else { throw error("unterminated string", line: l, column: col) }
                switch e {
                case "U":
                    advance()
                    var value: UInt32 = 0
                    var count = 0
                    while count < 4, let d = current, let h = Self.hexValue(d) {
                        value = value << 4 | h; count += 1; advance()
                    }
                    // Foundation reads U+0000 (its four-digit loop finds none): so does typefit, and
                    // the place is kept for the entry's problem.
                    if count == 0, emptyEscape == nil { emptyEscape = Position(line: el, column: ec) }
                    try append(value, escapeLine: el, escapeColumn: ec)
                case "0"..."7":
                    var value: UInt32 = 0
                    var count = 0
                    while count < 3, let d = current, d >= "0", d <= "7" {
                        value = value << 3 | (d.value - 0x30); count += 1; advance()
                    }
                    // One byte (CF keeps the value in a uint8_t) in the NeXTSTEP encoding, whose lower
                    // half is ASCII; a byte it has no character for (\376, \377) is U+0000, as in CF.
                    let byte = UInt8(truncatingIfNeeded: value)
                    let scalar = byte < 0x80 ? UInt32(byte) : String(bytes: [byte], encoding: .nextstep)?.unicodeScalars.first?.value ?? 0
                    try append(scalar, escapeLine: el, escapeColumn: ec)
                default:
                    advance()
                    let mapped: UInt32
                    switch e {
                    case "n": mapped = 0x0A
                    case "t": mapped = 0x09
                    case "r": mapped = 0x0D
                    case "a": mapped = 0x07
                    case "b": mapped = 0x08
                    case "f": mapped = 0x0C
                    case "v": mapped = 0x0B
                    default: mapped = e.value  // \" \' \\ and any other character
                    }
                    try append(mapped, escapeLine: el, escapeColumn: ec)
                }
            }
        }

        static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
            switch c {
            case "0"..."9": c.value - 0x30
            case "a"..."f": c.value - 0x61 + 10
            case "A"..."F": c.value - 0x41 + 10
            default: nil
            }
        }
    }
}
