/// JSON strings written straight into UTF-8 bytes, escaped as Foundation's `JSONEncoder` escapes
/// them: the JSON report and `typefit measure --jsonl` write the same bytes it would
/// (`JSONReportWriter`, `MeasureResultWriter`).
public enum JSONStringText {
    /// `text` in quotes: `"` and `\`, the controls U+0000–U+001F (`\b \t \n \f \r` by name, the
    /// others as `\u00XX`) escaped; everything else, `/` included, as UTF-8, copied in runs.
    @inlinable
    public static func append<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped($0, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// The UTF-8 `bytes` escaped, without quotes. Eight bytes at a time are tested for a byte to
    /// escape (most text has none) and the runs between them copied whole.
    @inlinable
    public static func appendEscaped<Sink: ByteSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout Sink) {
        guard let base = bytes.baseAddress else { return }
        let n = bytes.count
        var run = 0, i = 0
        while i < n {
            if n - i >= 8 {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if !hasByteToEscape(word) {
                    i += 8
                    continue
                }
            }
            let b = base[i]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            if run < i { out.append(UnsafeBufferPointer(start: base + run, count: i - run)) }
            i += 1
            run = i
            escape(b, to: &out)
        }
        if run < n { out.append(UnsafeBufferPointer(start: base + run, count: n - run)) }
    }

    /// Whether one of the eight bytes in `word` is `"`, `\` or below 0x20 (the bit tricks of "Bit
    /// Twiddling Hacks", `haszero` and `hasless`: a borrow only ever starts at a byte that counts, so
    /// the answer is exact; the caller then looks at the word byte by byte).
    @inlinable
    static func hasByteToEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20; a byte equal to `"`; a byte equal to `\`.
        let below = (word &- 0x20 &* ones) & ~word & highs
        let quote = word ^ (0x22 &* ones), backslash = word ^ (0x5C &* ones)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        return below | hasQuote | hasBackslash != 0
    }

    /// The escape of one byte that needs one.
    @inlinable
    static func escape<Sink: ByteSink & ~Copyable>(_ b: UInt8, to out: inout Sink) {
        switch b {
        case UInt8(ascii: "\""): out.append(#"\""#)
        case UInt8(ascii: "\\"): out.append(#"\\"#)
        case 0x08: out.append(#"\b"#)
        case 0x09: out.append(#"\t"#)
        case 0x0A: out.append(#"\n"#)
        case 0x0C: out.append(#"\f"#)
        case 0x0D: out.append(#"\r"#)
        default:
            let digits: StaticString = "0123456789abcdef"
            out.append(#"\u00"#)
            out.append(digits.utf8Start[Int(b >> 4)])
            out.append(digits.utf8Start[Int(b & 0xF)])
        }
    }
}
