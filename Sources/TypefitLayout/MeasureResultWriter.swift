import TypefitCore

/// Writes a `MeasureResult` as one line of JSON, byte for byte what `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]` (the format `typefit measure --format json` has always
/// printed; `MeasureResultWriterTests` compares the two), without Foundation: keys in byte order,
/// numbers as Swift prints them (`17`, not `17.0`), strings escaped as that encoder escapes them.
public enum MeasureResultWriter {
    /// Appends the JSON of `result` (no line break) to `out`.
    public static func append(_ result: MeasureResult, to out: inout [UInt8]) {
        literal(#"{"fonts":["#, to: &out)
        for (n, font) in result.fonts.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            appendFont(font, to: &out)
        }
        literal(#"],"height":"#, to: &out)
        append(result.height, to: &out)
        literal(#","lineCount":"#, to: &out)
        append(result.lineCount, to: &out)
        literal(#","lineHeight":"#, to: &out)
        append(result.lineHeight, to: &out)
        literal(#","lines":["#, to: &out)
        for (n, line) in result.lines.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            literal(#"{"text":"#, to: &out)
            append(line.text, to: &out)
            literal(#","width":"#, to: &out)
            append(line.width, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        literal(#"],"missingGlyphs":{"characters":["#, to: &out)
        for (n, character) in result.missingGlyphs.characters.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            append(character, to: &out)
        }
        literal(#"],"count":"#, to: &out)
        append(result.missingGlyphs.count, to: &out)
        literal(#","text":"#, to: &out)
        append(result.missingGlyphs.text, to: &out)
        literal(#"},"naturalWidth":"#, to: &out)
        append(result.naturalWidth, to: &out)
        literal(#","size":"#, to: &out)
        append(result.size, to: &out)
        literal(#","stats":{"cacheHits":"#, to: &out)
        append(result.stats.cacheHits, to: &out)
        literal(#","shapingCalls":"#, to: &out)
        append(result.stats.shapingCalls, to: &out)
        literal(#"},"text":"#, to: &out)
        append(result.text, to: &out)
        literal(#","truncated":"#, to: &out)
        literal(result.truncated ? "true" : "false", to: &out)
        literal(#","visibleText":"#, to: &out)
        append(result.visibleText, to: &out)
        literal(#","width":"#, to: &out)
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
        literal(#"{"clusters":"#, to: &out)
        append(font.clusters, to: &out)
        literal(#","faceIndex":"#, to: &out)
        append(font.faceIndex, to: &out)
        literal(#","fallback":"#, to: &out)
        literal(font.fallback ? "true" : "false", to: &out)
        literal(#","family":"#, to: &out)
        append(font.family, to: &out)
        literal(#","file":"#, to: &out)
        append(font.file, to: &out)
        literal(#","style":"#, to: &out)
        append(font.style, to: &out)
        literal(#","text":"#, to: &out)
        append(font.text, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func append(_ value: Int, to out: inout [UInt8]) {
        NumberText.append(value, to: &out)
    }

    /// As `JSONEncoder`: Swift's shortest round-trip form without a trailing ".0" (`17`, `0.1`,
    /// `3e-05`, `1e+16`).
    static func append(_ value: Double, to out: inout [UInt8]) {
        NumberText.append(value, to: &out)
    }

    /// Fixed text (keys and punctuation), copied as bytes.
    @inline(__always)
    static func literal(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// A JSON string as `JSONEncoder` escapes it (`JSONStringText`).
    static func append(_ text: String, to out: inout [UInt8]) {
        JSONStringText.append(text, to: &out)
    }
}
