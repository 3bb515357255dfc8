/// How many characters (Swift's `Character`s: extended grapheme clusters) a string has, read from its
/// UTF-8 bytes when every scalar is below U+0300, where `String.count` walks Unicode's grapheme
/// break rules for every character.
///
/// Below U+0300 (ASCII, Latin-1 and Latin Extended: most Latin-script translations) every scalar is
/// CR, LF, Control or Other for UAX #29 (Extend begins at U+0300, ZWJ and the regional indicators lie
/// far above), so a character is one scalar except CR LF (GB3): the count is the scalars less the CR
/// LF pairs. A string with any other scalar is counted by `String.count`. (Tested against
/// `String.count` for every ordered pair of these scalars.)
public enum CharacterCount {
    public static func of(_ text: String) -> Int {
        var text = text
        let counted: Int? = text.withUTF8 { bytes in
            var count = 0
            var afterCR = false
            for b in bytes {
                if b < 0x80 {
                    if !(afterCR && b == 0x0A) { count += 1 }
                    afterCR = b == 0x0D
                } else if b >= 0xC0 {
                    // A lead byte: 0xC2–0xCB start the scalars U+0080–U+02FF; 0xCC and above, U+0300 up.
                    guard b < 0xCC else { return nil }
                    count += 1
                    afterCR = false
                }
            }
            return count
        }
        return counted ?? text.count
    }
}
