/// Finds calls of a function in Swift source, skipping comments and string literals, and reads
/// their arguments: a label, and the text when the argument is constant string literals.
struct SwiftCallScanner {
    struct Argument {
        var label: String?
        /// The text of a literal or of literals joined with `+`; nil for anything else.
        var literal: String?
        /// The argument is `nil`.
        var isNil = false
    }

    struct Call {
        var line: Int
        var arguments: [Argument]
    }

    let b: [UInt8]
    var i = 0
    var line = 1

    init(bytes: [UInt8]) { b = bytes }

    /// The next call of `name` (not a declaration of it, nor a member of something else).
    mutating func nextCall(named name: String) -> Call? {
        let target = Array(name.utf8), declaration = Array("func".utf8)
        // Whether the identifier before is `func` (a declaration follows), and the last byte before.
        var afterFunc = false
        var previousByte: UInt8 = 0
        while i < b.count {
            if skipTrivia() { continue }
            let c = b[i]
            if SwiftStringLiteral.starts(b, at: i) {
                skipLiteral()
                previousByte = UInt8(ascii: "\"")
                continue
            }
            guard isIdentifierStart(c) else {
                previousByte = c
                i += 1
                continue
            }
            let start = i
            while i < b.count && isIdentifierPart(b[i]) { i += 1 }
            let word = b[start..<i]
            let line = self.line
            let declared = afterFunc
            afterFunc = word.elementsEqual(declaration)
            let member = previousByte == UInt8(ascii: ".")
            previousByte = b[i - 1]
            guard word.elementsEqual(target), !member, !declared else { continue }
            skipAllTrivia()
            guard i < b.count, b[i] == UInt8(ascii: "(") else { continue }
            i += 1
            return Call(line: line, arguments: arguments())
        }
        return nil
    }

    /// The arguments up to the closing parenthesis.
    private mutating func arguments() -> [Argument] {
        var out: [Argument] = []
        while i < b.count {
            skipAllTrivia()
            guard i < b.count else { break }
            if b[i] == UInt8(ascii: ")") {
                i += 1
                break
            }
            out.append(argument())
            skipAllTrivia()
            guard i < b.count else { break }
            if b[i] == UInt8(ascii: ",") {
                i += 1
            } else if b[i] != UInt8(ascii: ")") {
                // A stray `]` or `}`: not a call typefit can read; stop at it.
                i += 1
                return []
            }
        }
        return out
    }

    /// One argument, leaving `i` at the comma or parenthesis that ends it.
    private mutating func argument() -> Argument {
        var argument = Argument()
        // A label: an identifier, then a colon (not `::`).
        let mark = (i, line)
        if i < b.count && isIdentifierStart(b[i]) {
            let start = i
            while i < b.count && isIdentifierPart(b[i]) { i += 1 }
            let word = String(decoding: b[start..<i], as: UTF8.self)
            skipAllTrivia()
            if i < b.count && b[i] == UInt8(ascii: ":") {
                argument.label = word
                i += 1
                skipAllTrivia()
            } else {
                (i, line) = mark
            }
        }
        // Constant literals joined with `+`, or `nil`, then the end of the argument.
        var text: String? = ""
        var parts = 0
        let valueStart = (i, line)
        while i < b.count {
            skipAllTrivia()
            guard i < b.count, SwiftStringLiteral.starts(b, at: i) else { break }
            let literal = readLiteral()
            text = literal.flatMap { part in text.map { $0 + part } }
            parts += 1
            skipAllTrivia()
            guard i < b.count, b[i] == UInt8(ascii: "+") else { break }
            i += 1
        }
        if parts > 0, i < b.count, b[i] == UInt8(ascii: ",") || b[i] == UInt8(ascii: ")") {
            argument.literal = text
            return argument
        }
        (i, line) = valueStart
        if b[i...].starts(with: Array("nil".utf8)) {
            let after = i + 3
            var j = after
            while j < b.count && isSpace(b[j]) { j += 1 }
            if j < b.count && (b[j] == UInt8(ascii: ",") || b[j] == UInt8(ascii: ")")) && !isIdentifierPart(b[after]) {
                argument.isNil = true
                i = j
                return argument
            }
        }
        skipExpression()
        return argument
    }

    /// Skips an expression up to a comma or closing parenthesis at its own depth.
    private mutating func skipExpression() {
        var depth = 0
        while i < b.count {
            if skipTrivia() { continue }
            if SwiftStringLiteral.starts(b, at: i) {
                skipLiteral()
                continue
            }
            switch b[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return }
            default: break
            }
            i += 1
        }
    }

    private mutating func readLiteral() -> String? {
        let literal = SwiftStringLiteral.read(b, at: i)
        advance(to: max(literal.end, i + 1))
        return literal.value
    }

    private mutating func skipLiteral() { _ = readLiteral() }

    /// Moves to `end`, counting the lines passed.
    private mutating func advance(to end: Int) {
        let stop = min(end, b.count)
        while i < stop {
            if b[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
    }

    /// Skips one piece of whitespace or a comment; whether it did.
    private mutating func skipTrivia() -> Bool {
        guard i < b.count else { return false }
        if isSpace(b[i]) {
            advance(to: i + 1)
            return true
        }
        guard b[i] == UInt8(ascii: "/"), i + 1 < b.count else { return false }
        if b[i + 1] == UInt8(ascii: "/") {
            var j = i
            while j < b.count && b[j] != UInt8(ascii: "\n") { j += 1 }
            advance(to: j)
            return true
        }
        if b[i + 1] == UInt8(ascii: "*") {
            // Block comments nest in Swift.
            var depth = 0, j = i
            while j < b.count {
                if b[j] == UInt8(ascii: "/"), j + 1 < b.count, b[j + 1] == UInt8(ascii: "*") {
                    depth += 1
                    j += 2
                } else if b[j] == UInt8(ascii: "*"), j + 1 < b.count, b[j + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    j += 2
                    if depth == 0 { break }
                } else {
                    j += 1
                }
            }
            advance(to: j)
            return true
        }
        return false
    }

    private mutating func skipAllTrivia() { while skipTrivia() {} }

    private func isSpace(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    }

    private func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
            || c >= 0x80
    }

    private func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}
