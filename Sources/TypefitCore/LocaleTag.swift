/// Which strings can name a locale. ICU cannot open break iterators for some (a tag longer than its
/// buffers), so every locale that reaches the text engine — from a String Catalog, an `.lproj` folder,
/// a spec, `--locales` or a measure request — is checked here first.
public enum LocaleTag {
    /// Longest tag accepted ("zh-Hant-HK", "ja@lb=loose" and "en_US_POSIX" are far shorter).
    public static let maximumLength = 64

    /// nil when `tag` can name a locale: 1…64 ASCII letters, digits, `-` and `_` (BCP 47 or ICU style:
    /// `zh-Hans`, `es_419`), optionally followed by ICU keywords after `@` (`ja@lb=loose`, letters,
    /// digits, `=`, `;`, `-`, `_`); otherwise what is wrong with it, for an error message.
    public static func problem(_ tag: String) -> String? {
        if tag.isEmpty { return "a locale name must not be empty" }
        if tag.utf8.count > maximumLength { return "a locale name is at most \(maximumLength) characters long" }
        var keywords = false
        for (i, c) in tag.unicodeScalars.enumerated() {
            let plain = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" || c == "_"
            if plain || (keywords && (c == "=" || c == ";")) { continue }
            if c == "@" && !keywords && i > 0 { keywords = true; continue }
            return "a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)"
        }
        return nil
    }
}
