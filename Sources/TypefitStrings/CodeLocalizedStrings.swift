import Foundation
import TypefitCore

/// The development language's text an app keeps in its Swift code rather than in its
/// `en.lproj` tables: `NSLocalizedString("key", tableName: "T", bundle: …, value: "English",
/// comment: …)`. At run time a table that lacks the key returns `value` (Foundation's
/// `Bundle.localizedString(forKey:value:table:)`); Xcode's Export Localizations and `genstrings`
/// read the same calls to give translators the English. DuckDuckGo's, Brave's and KeePassium's
/// apps are written this way: their `en.lproj` tables are empty or missing.
///
/// Only calls whose key, table name and value are constant literals are read (a literal, or
/// literals joined with `+`); a call with any of them computed is skipped, as `genstrings` skips
/// it. The `bundle:` argument is not evaluated: every call naming the table counts.
public struct CodeLocalizedStrings: Sendable {
    /// One `NSLocalizedString` call.
    public struct Call: Sendable, Equatable {
        public var key: String
        /// `tableName:`, `Localizable` when absent or `nil`.
        public var table: String
        /// `value:`, nil when absent (the key is then its text).
        public var value: String?
        /// The file, as given to `scan`, and the call's line (1-based).
        public var file: String
        public var line: Int

        public init(key: String, table: String, value: String?, file: String, line: Int) {
            (self.key, self.table, self.value, self.file, self.line) = (key, table, value, file, line)
        }
    }

    /// Every call read, in file order (files sorted by path).
    public var calls: [Call]
    /// How many Swift files were read.
    public var filesRead: Int

    /// Every call in the Swift files under `folders` (a file may be named too), files sorted by path.
    public static func read(folders: [String]) throws -> CodeLocalizedStrings {
        var files: [String] = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                throw InputError(file: folder, message: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.append(folder)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: folder) else {
                throw InputError(file: folder, message: "cannot list the folder")
            }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                // Build products and checkouts of dependencies are not the app's code.
                if name.hasPrefix(".") || name == "Pods" || name == "Carthage" || name == "DerivedData" {
                    walker.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { files.append((folder as NSString).appendingPathComponent(relative)) }
            }
        }
        var calls: [Call] = []
        var seen = Set<String>()
        for file in files.sorted() where seen.insert(file).inserted {
            try LocalizedStrings.checkSize(file)
            guard let data = FileManager.default.contents(atPath: file) else {
                throw InputError(file: file, message: "cannot read the file")
            }
            calls += scan([UInt8](data), file: file)
        }
        return CodeLocalizedStrings(calls: calls, filesRead: seen.count)
    }

    /// The folder nearest a folder of `.lproj` folders whose Swift code gives `table` its text:
    /// the folder itself, else its parent (an app's `Resources` beside its code), never a
    /// repository's root (a folder holding `.git`) or the current folder, whose code may be another
    /// bundle's. With `keys`, the code must give a value to one of them. What `typefit init` offers.
    public static func nearest(table: String, keys: Set<String>? = nil, from folder: String) -> (folder: String, values: Int)? {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        var candidate = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<2 {
            let path = candidate.path
            if path == current || path == "/" || FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(".git")) {
                return nil
            }
            if let read = try? CodeLocalizedStrings.read(folders: [path]) {
                let values = read.calls.filter { $0.table == table && $0.value != nil }
                if !values.isEmpty && (keys.map { wanted in values.contains { wanted.contains($0.key) } } ?? true) {
                    return (path, values.count)
                }
            }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    /// The `NSLocalizedString` calls of one Swift file's text.
    public static func scan(_ b: [UInt8], file: String) -> [Call] {
        var scanner = SwiftCallScanner(bytes: b)
        var out: [Call] = []
        while let call = scanner.nextCall(named: "NSLocalizedString") {
            guard let first = call.arguments.first, first.label == nil, let key = first.literal else { continue }
            var table = "Localizable", value: String?, constant = true
            for argument in call.arguments.dropFirst() {
                switch argument.label {
                case "tableName":
                    if argument.isNil { continue }
                    if let name = argument.literal { table = name } else { constant = false }
                case "value":
                    // An empty value is none: the key is returned.
                    if let text = argument.literal { value = text.isEmpty ? nil : text } else { constant = false }
                default: continue
                }
            }
            guard constant else { continue }
            out.append(Call(key: key, table: table, value: value, file: file, line: call.line))
        }
        return out
    }
}

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
        let target = Array(name.utf8)
        var previousWord: [UInt8] = []
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
            let word = Array(b[start..<i])
            let line = self.line
            defer { previousWord = word }
            guard word == target, previousByte != UInt8(ascii: "."), previousWord != Array("func".utf8) else {
                previousByte = word.last ?? 0
                continue
            }
            previousByte = word.last ?? 0
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
