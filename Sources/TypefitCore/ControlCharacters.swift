/// Input text made safe to show in a terminal, a log or a plain-text report.
///
/// Specs, catalogs and paths are written by others: an ESC in a label would reach the terminal as a
/// colour or cursor command, a BEL would ring, a NUL would cut a C string, a line break would turn one
/// error line into two, and a bidi override (U+202E) would show a message in another order than it is
/// stored. Every such character is shown as a visible escape instead: `\n`, `\r`, `\t`, and
/// `\u{1B}`-style (Swift's notation, hexadecimal, no leading zeros) for the rest.
public enum ControlCharacters {
    /// Whether `scalar` is escaped: C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls
    /// (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029) and the bidi controls
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` with every character of `needsEscape` replaced by its visible escape; `text` itself when
    /// it has none.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.append(scalar); continue }
            let visible: String
            switch scalar {
            case "\n": visible = "\\n"
            case "\r": visible = "\\r"
            case "\t": visible = "\\t"
            default: visible = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            out.append(contentsOf: visible.unicodeScalars)
        }
        return String(out)
    }
}
