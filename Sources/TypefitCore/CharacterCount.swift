/// The number of characters (extended grapheme clusters) in a string: `String.count`, with a fast
/// path for ASCII text. In ASCII every character is one byte, except that a carriage return and the
/// line feed after it are one character (Unicode's GB3); every other pair of ASCII bytes is a
/// boundary. `String.count` finds the boundaries one character at a time, about 40 instructions a
/// byte; this reads the bytes once. Text with any other character goes to `String.count`.
public enum CharacterCount {
    public static func of(_ s: String) -> Int {
        let ascii = s.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var crlf = 0, previous: UInt8 = 0
            for b in bytes {
                if b >= 0x80 { return nil }
                if b == 0x0A && previous == 0x0D { crlf += 1 }
                previous = b
            }
            return bytes.count - crlf
        }
        if let ascii, let count = ascii { return count }
        return s.count
    }
}
