import Foundation

/// A piece of a parsed format string.
public enum FormatToken: Sendable, Hashable {
    /// Text shown as is.
    case literal(String)
    /// `%%`, shown as `%`.
    case percent
    /// A conversion that reads an argument.
    case specifier(FormatSpecifier)
    /// `%#@name@` (or `%1$#@name@`): replaced by a variant of the substitution / `.stringsdict`
    /// variable `name`. It reads an argument, like a specifier.
    case substitution(name: String, position: Int?)
    /// `%arg` in the text of a String Catalog substitution: that substitution's own argument.
    case substitutionArgument
}

/// Parses Foundation format strings (`String(format:)`, `String(localized:)` with arguments).
///
/// Anything after a `%` that is not a valid conversion stays literal text, so a lone "50% off"
/// survives; the parser never fails.
public enum FormatString {
    /// The tokens of `text`. With `allowsSubstitutionArgument`, `%arg` is read as
    /// `.substitutionArgument` (as in the variant text of a String Catalog substitution).
    public static func parse(_ text: String, allowsSubstitutionArgument: Bool = false) -> [FormatToken] {
        // Most strings have no "%" at all: one literal, found without decoding them.
        if !hasPercent(text) { return text.isEmpty ? [] : [.literal(text)] }
        let scalars = text.unicodeScalars
        let s = Array(scalars)
        var tokens: [FormatToken] = []
        // `at` is the index of scalar `i` in the text: a literal run is sliced from the text at once
        // (appending it scalar by scalar was most of the time String Catalogs took to load).
        var i = 0
        var at = scalars.startIndex
        var literalStart: String.Index?
        func advance(to j: Int) {
            at = scalars.index(at, offsetBy: j - i)
            i = j
        }
        func literal() {
            if literalStart == nil { literalStart = at }
            advance(to: i + 1)
        }
        func flush() {
            if let start = literalStart { tokens.append(.literal(String(scalars[start..<at]))) }
            literalStart = nil
        }
        while i < s.count {
            guard s[i] == "%" else { literal(); continue }
            if i + 1 < s.count, s[i + 1] == "%" {
                flush(); tokens.append(.percent); advance(to: i + 2); continue
            }
            if allowsSubstitutionArgument, i + 3 < s.count, s[i + 1] == "a", s[i + 2] == "r", s[i + 3] == "g" {
                flush(); tokens.append(.substitutionArgument); advance(to: i + 4); continue
            }
            if let (token, end) = parseConversion(s, at: i) {
                flush(); tokens.append(token); advance(to: end); continue
            }
            literal()
        }
        flush()
        return tokens
    }

    /// The conversion specifiers of `text` (not `%%` or substitutions), in order.
    public static func specifiers(in text: String) -> [FormatSpecifier] {
        parse(text).compactMap { if case .specifier(let s) = $0 { s } else { nil } }
    }

    /// Whether `text` contains any conversion or `%%` (a string without any is shown verbatim).
    static func hasFormatting(_ tokens: [FormatToken]) -> Bool {
        tokens.contains { if case .literal = $0 { false } else { true } }
    }

    // MARK: - Private

    /// Whether `text` holds a "%": `memchr` over its UTF-8 bytes when they are contiguous (a native
    /// string). Every variant is parsed when its table loads, and again for what a finding may say
    /// about it; on five benchmark-corpus screens this took the one-thread audit from 985.4 to 981.2
    /// million instructions (scripts/instructions.sh) against a byte-by-byte `utf8.contains`.
    static func hasPercent(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "%")), bytes.count) != nil
        } ?? text.utf8.contains(UInt8(ascii: "%"))
    }

    private static let flagCharacters: Set<Unicode.Scalar> = ["-", "+", " ", "#", "0", "'"]
    private static let conversions: Set<Unicode.Scalar> = [
        "@", "d", "i", "o", "u", "x", "X", "D", "O", "U",
        "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p"
    ]

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    /// Reads a conversion starting at the `%` at `start`; nil when it is not one.
    private static func parseConversion(_ s: [Unicode.Scalar], at start: Int) -> (FormatToken, Int)? {
        var i = start + 1
        func digits() -> String {
            var out = ""
            while i < s.count, isDigit(s[i]), out.count < 9 { out.unicodeScalars.append(s[i]); i += 1 }
            return out
        }
        // Positional argument: "1$".
        var position: Int?
        let save = i
        let n = digits()
        if !n.isEmpty, i < s.count, s[i] == "$", let value = Int(n), value > 0 {
            position = value
            i += 1
        } else {
            i = save
        }
        // "%#@name@": a stringsdict variable / catalog substitution.
        if i + 1 < s.count, s[i] == "#", s[i + 1] == "@" {
            var j = i + 2
            var name = String.UnicodeScalarView()
            while j < s.count, s[j] != "@", name.count < 256 { name.append(s[j]); j += 1 }
            if j < s.count, s[j] == "@", !name.isEmpty {
                return (.substitution(name: String(name), position: position), j + 1)
            }
        }
        var flags = ""
        while i < s.count, flagCharacters.contains(s[i]), flags.count < 8 { flags.unicodeScalars.append(s[i]); i += 1 }
        var width = ""
        if i < s.count, s[i] == "*" { width = "*"; i += 1 } else { width = digits() }
        var precision: String?
        if i < s.count, s[i] == "." {
            i += 1
            if i < s.count, s[i] == "*" { precision = "*"; i += 1 } else { precision = digits() }
        }
        var length = ""
        for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let c = Array(candidate.unicodeScalars)
            if i + c.count <= s.count, Array(s[i..<(i + c.count)]) == c {
                length = candidate
                i += c.count
                break
            }
        }
        guard i < s.count, conversions.contains(s[i]) else { return nil }
        let conversion = Character(s[i])
        i += 1
        var text = String.UnicodeScalarView()
        text.append(contentsOf: s[start..<i])
        let spec = FormatSpecifier(
            text: String(text), position: position, flags: flags, width: width,
            precision: precision, length: length, conversion: conversion)
        return (.specifier(spec), i)
    }
}
