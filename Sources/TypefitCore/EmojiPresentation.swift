/// Unicode's Emoji_Presentation property (UTS #51, emoji-data.txt): characters drawn as a colour
/// emoji picture by default (⌚, 🎉, 👍), which font fallback sends to the emoji font first.
///
/// The same answer as `Unicode.Scalar.Properties.isEmojiPresentation` (the standard library's
/// Unicode data) for every scalar — `EmojiPresentationTests` compares all 1,112,064 — without the
/// property lookup (a binary search of the standard library's tables, 1.5 % of the instructions of
/// the benchmark corpus's first five screens: font fallback asks for nearly every character shaped)
/// where the data has none: below U+231A (⌚, the first) and between U+2B55 (⭕) and U+1F004 (🀄),
/// which holds the CJK, Hangul and Yi blocks.
public enum EmojiPresentation {
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x231A || (v > 0x2B55 && v < 0x1F004) { return false }
        return scalar.properties.isEmojiPresentation
    }
}
