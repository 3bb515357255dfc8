/// Text from inputs shown in messages.
public enum Diagnostics {
    /// `text` with control characters (C0, DEL, C1) shown as `\u{1B}`: a name from a file never
    /// reaches a terminal as an escape sequence.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
