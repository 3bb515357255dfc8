/// Writes a `MeasureResult` as one line of JSON, byte for byte what `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]` (the format `typefit measure --format json` has always
/// printed; `MeasureResultWriterTests` compares the two), without Foundation: keys in byte order,
/// numbers as Swift prints them (`17`, not `17.0`), strings escaped as that encoder escapes them.
public enum MeasureResultWriter {
    /// Appends the JSON of `result` (no line break) to `out`.
    public static func append(_ result: MeasureResult, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"fonts":["#.utf8)
        for (n, font) in result.fonts.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            appendFont(font, to: &out)
        }
        out.append(contentsOf: #"],"height":"#.utf8)
        append(result.height, to: &out)
        out.append(contentsOf: #","lineCount":"#.utf8)
        append(result.lineCount, to: &out)
        out.append(contentsOf: #","lineHeight":"#.utf8)
        append(result.lineHeight, to: &out)
        out.append(contentsOf: #","lines":["#.utf8)
        for (n, line) in result.lines.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"text":"#.utf8)
            append(line.text, to: &out)
            out.append(contentsOf: #","width":"#.utf8)
            append(line.width, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"missingGlyphs":{"characters":["#.utf8)
        for (n, character) in result.missingGlyphs.characters.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            append(character, to: &out)
        }
        out.append(contentsOf: #"],"count":"#.utf8)
        append(result.missingGlyphs.count, to: &out)
        out.append(contentsOf: #","text":"#.utf8)
        append(result.missingGlyphs.text, to: &out)
        out.append(contentsOf: #"},"naturalWidth":"#.utf8)
        append(result.naturalWidth, to: &out)
        out.append(contentsOf: #","size":"#.utf8)
        append(result.size, to: &out)
        out.append(contentsOf: #","stats":{"cacheHits":"#.utf8)
        append(result.stats.cacheHits, to: &out)
        out.append(contentsOf: #","shapingCalls":"#.utf8)
        append(result.stats.shapingCalls, to: &out)
        out.append(contentsOf: #"},"text":"#.utf8)
        append(result.text, to: &out)
        out.append(contentsOf: #","truncated":"#.utf8)
        out.append(contentsOf: result.truncated ? "true".utf8 : "false".utf8)
        out.append(contentsOf: #","visibleText":"#.utf8)
        append(result.visibleText, to: &out)
        out.append(contentsOf: #","width":"#.utf8)
        append(result.width, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The JSON of `result` as a string.
    public static func json(_ result: MeasureResult) -> String {
        var out: [UInt8] = []
        append(result, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendFont(_ font: MeasureResult.FontUse, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"clusters":"#.utf8)
        append(font.clusters, to: &out)
        out.append(contentsOf: #","faceIndex":"#.utf8)
        append(font.faceIndex, to: &out)
        out.append(contentsOf: #","fallback":"#.utf8)
        out.append(contentsOf: font.fallback ? "true".utf8 : "false".utf8)
        out.append(contentsOf: #","family":"#.utf8)
        append(font.family, to: &out)
        out.append(contentsOf: #","file":"#.utf8)
        append(font.file, to: &out)
        out.append(contentsOf: #","style":"#.utf8)
        append(font.style, to: &out)
        out.append(contentsOf: #","text":"#.utf8)
        append(font.text, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func append(_ value: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    /// As `JSONEncoder`: Swift's shortest round-trip form without a trailing ".0" (`17`, `0.1`,
    /// `3e-05`, `1e+16`).
    static func append(_ value: Double, to out: inout [UInt8]) {
        let text = value.description
        let utf8 = text.utf8
        if utf8.count >= 2, text.hasSuffix(".0") {
            out.append(contentsOf: utf8.dropLast(2))
        } else {
            out.append(contentsOf: utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string as `JSONEncoder` escapes it: `"` and `\`, the controls U+0000–U+001F (`\b \t \n
    /// \f \r` by name, the others as `\u00XX`); everything else, `/` included, as UTF-8.
    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied at once.
            var run = 0
            for (i, b) in bytes.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                run = i + 1
                switch b {
                case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
                case 0x08: out.append(contentsOf: #"\b"#.utf8)
                case 0x09: out.append(contentsOf: #"\t"#.utf8)
                case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                case 0x0C: out.append(contentsOf: #"\f"#.utf8)
                case 0x0D: out.append(contentsOf: #"\r"#.utf8)
                default:
                    out.append(contentsOf: #"\u00"#.utf8)
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
