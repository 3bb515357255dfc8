/// Whether a name (a string's key, or a strings table's) says VoiceOver speaks its text rather than a
/// screen showing it. Used for keys (`LocalizedStrings.namesSpokenText`) and for tables (`TableRole`):
/// Rocket.Chat keeps its accessibility labels in a `VoiceOver` table.
public enum SpokenName {
    /// It has the word `a11y` or `voiceover` (camel-case `VoiceOver` too), or begins with
    /// `accessibility`, or has `accessibility` followed by `label`, `hint` or `value`
    /// (`accessibility_percent_complete_format`, `a11y_avatar`, `tab.switcher.accessibility.label`,
    /// `playButtonAccessibilityHint`) — not `settings.accessibility`, the title of a settings row.
    /// Words are split at anything but letters and digits, and where a lower-case letter meets a
    /// capital.
    public static func saysSpoken(_ name: String) -> Bool {
        var words: [String] = []
        var word = ""
        var previousIsLower = false
        for c in name {
            if c.isLetter || c.isNumber {
                if c.isUppercase && previousIsLower && !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word.append(c)
                previousIsLower = c.isLowercase
            } else {
                if !word.isEmpty { words.append(word) }
                word = ""
                previousIsLower = false
            }
        }
        if !word.isEmpty { words.append(word) }
        words = words.map { $0.lowercased() }
        // "VoiceOver" written in camel case is one word (Rocket.Chat's `VoiceOver` table).
        let voiceOver = zip(words, words.dropFirst()).contains { $0 == "voice" && $1 == "over" }
        if words.contains("a11y") || words.contains("voiceover") || voiceOver || words.first == "accessibility" { return true }
        return zip(words, words.dropFirst()).contains { $0 == "accessibility" && ["label", "hint", "value"].contains($1) }
    }
}
