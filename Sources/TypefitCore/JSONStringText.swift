/// JSON strings written straight into UTF-8 bytes, escaped as Foundation's `JSONEncoder` escapes
/// them: the JSON report and `typefit measure --jsonl` write the same bytes it would
/// (`JSONReportWriter`, `MeasureResultWriter`).
public enum JSONStringText {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` in quotes: `"` and `\`, the controls U+0000–U+001F (`\b \t \n \f \r` by name, the
    /// others as `\u00XX`) escaped; everything else, `/` included, as UTF-8, copied in runs.
    public static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            for i in 0..<bytes.count {
                let b = bytes[i]
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
                if run < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i])) }
                run = i + 1
                switch b {
                case UInt8(ascii: "\""): literal(#"\""#, to: &out)
                case UInt8(ascii: "\\"): literal(#"\\"#, to: &out)
                case 0x08: literal(#"\b"#, to: &out)
                case 0x09: literal(#"\t"#, to: &out)
                case 0x0A: literal(#"\n"#, to: &out)
                case 0x0C: literal(#"\f"#, to: &out)
                case 0x0D: literal(#"\r"#, to: &out)
                default:
                    literal(#"\u00"#, to: &out)
                    out.append(hexDigits[Int(b >> 4)])
                    out.append(hexDigits[Int(b & 0xF)])
                }
            }
            if run < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func literal(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
