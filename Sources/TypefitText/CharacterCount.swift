/// How many characters (Swift's `Character`s: extended grapheme clusters) a string has, read from its
/// UTF-8 bytes when every scalar is one a character boundary always surrounds, where `String.count`
/// walks Unicode's grapheme break rules for every character (about 8,000 instructions for a short
/// Arabic or Japanese string).
///
/// Below U+0300 (ASCII, Latin-1 and Latin Extended: most Latin-script translations) every scalar is
/// CR, LF, Control or Other for UAX #29 (Extend begins at U+0300, ZWJ and the regional indicators lie
/// far above), so a character is one scalar except CR LF (GB3): the count is the scalars less the CR
/// LF pairs. The blocks in `alwaysAlone` above it hold only scalars that are Other (or Hangul LV and
/// LVT syllables, which join only Hangul jamo): between two of them, or one of them and one below
/// U+0300, no rule keeps a boundary out (GB999), so each is a character of its own. A string with any
/// other scalar (a combining mark, a vowel sign, ZWJ, a variation selector, jamo, a flag, anything
/// beyond the Basic Multilingual Plane) is counted by `String.count`. (Tested against `String.count`
/// for every ordered pair of the scalars below U+0300, and for every scalar of `alwaysAlone` beside
/// the neighbours that would join it if it were not Other.)
public enum CharacterCount {
    public static func of(_ text: String) -> Int {
        var text = text
        let counted: Int? = text.withUTF8 { bytes in
            var count = 0
            var afterCR = false
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x80 {
                    if !(afterCR && b == 0x0A) { count += 1 }
                    afterCR = b == 0x0D
                    i += 1
                    continue
                }
                afterCR = false
                // A lead byte (the string is valid UTF-8): two bytes up to U+07FF, three up to U+FFFF.
                let scalar: UInt32
                if b < 0xE0 {
                    scalar = UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                    i += 2
                } else if b < 0xF0 {
                    scalar = UInt32(b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                    i += 3
                } else {
                    return nil
                }
                guard scalar < 0x300 || alwaysAlone(scalar) else { return nil }
                count += 1
            }
            return count
        }
        return counted ?? text.count
    }

    /// Whether `scalar` (U+0300 or above) lies in a block range whose scalars are all Other for
    /// UAX #29's grapheme cluster breaks, or Hangul LV/LVT syllables: Greek, Cyrillic letters,
    /// Hebrew letters and punctuation, Arabic letters, digits and punctuation (not its marks or
    /// Prepend signs), Latin Extended Additional (precomposed Vietnamese), general punctuation,
    /// currency signs, CJK punctuation, kana (not the combining sound marks), CJK ideographs, Hangul
    /// syllables and the fullwidth forms (not the halfwidth sound marks).
    @inline(__always)
    static func alwaysAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0370...0x03FF, 0x0400...0x0482, 0x048A...0x052F: return true
        case 0x05BE, 0x05C0, 0x05C3, 0x05C6, 0x05D0...0x05F4: return true
        case 0x060C, 0x061B, 0x061F, 0x0620...0x064A, 0x0660...0x066F, 0x0671...0x06D5, 0x06EE...0x06FF: return true
        case 0x1E00...0x1EFF: return true
        case 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0: return true
        case 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF: return true
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF01...0xFF9D: return true
        default: return false
        }
    }
}
