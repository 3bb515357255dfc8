import TypefitCore

extension LocalizedStrings {
    /// The keys `typefit init` lists in a first spec, and what it leaves out.
    public struct StarterKeys: Equatable, Sendable {
        /// Keys whose source text has a word to measure: those that read no arguments first, then
        /// those that do, each sorted.
        public var measured: [String]
        /// Keys with no words (`""`, `%@`, `%lld. `).
        public var withoutWords: Int
        /// Keys only translations have (`.lproj` tables): the app shows them raw in its development
        /// language, and a spec naming one is refused.
        public var onlyInTranslations: Int
        /// Keys whose names say VoiceOver speaks them (`namesSpokenText`): an accessibility label is
        /// not on screen, so a first spec of labels leaves it out.
        public var spoken: Int = 0
        /// Keys of App Intents texts (`appIntents`): Siri, Spotlight and the Shortcuts app show
        /// them, not the app's screens.
        public var appIntents: Int = 0
    }

    /// The keys a first spec lists: those the development language has, with words to measure, whose
    /// names do not say they are spoken.
    public var starterKeys: StarterKeys {
        let sourced = keys.filter { localizationsWithoutSource(key: $0).isEmpty }
        let worded = sourced.filter { hasWords(key: $0) }
        // A key that is its own text (a String Catalog's "Accessibility") names nothing.
        let shown = worded.filter { key in
            !(Self.namesSpokenText(key) && variants(key: key, locale: sourceLanguage)?.first?.text != key)
        }
        let measured = shown.filter { key in
            !Self.isAppIntentsText(key) && !(variants(key: key, locale: sourceLanguage) ?? []).contains { Self.isAppIntentsText($0.text) }
        }
        // A text that reads arguments shows typefit's worst-case samples ("WWWWWWWWWW" for %@) until
        // its spec gives `arguments`, which a first spec cannot know: plain texts come first.
        let readsArguments = Set(
            measured.filter { key in
                let source = variants(key: key, locale: sourceLanguage) ?? []
                return source.contains { FormatString.hasFormatting(FormatString.parse($0.format)) }
            })
        return StarterKeys(
            measured: measured.filter { !readsArguments.contains($0) } + measured.filter { readsArguments.contains($0) },
            withoutWords: sourced.count - worded.count, onlyInTranslations: keys.count - sourced.count,
            spoken: worded.count - shown.count, appIntents: shown.count - measured.count)
    }

    /// Whether a text (or a key) holds an App Intents token, `${name}`: Xcode writes an App Shortcut
    /// phrase's `\(.applicationName)` and a parameter's `\(\.$video)` so (VLC's
    /// `"APPSHORTCUT_ADD_TO_PLAYLIST_PHRASE_${applicationName}" = "Add a song to a playlist in
    /// ${applicationName}"`). A phrase is spoken to Siri ("a spoken phrase that causes the system to
    /// run the corresponding App Shortcut", Apple's `AppShortcutPhrase`), and a parameter summary shows
    /// in the Shortcuts app: neither is a text of the app's screens.
    public static func isAppIntentsText(_ text: String) -> Bool {
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, rest.dropFirst(name.count).first == "}" { return true }
        }
        return false
    }

    /// Keys only translations have (`.lproj` tables), sorted: the development language's table
    /// lacks them, and no code named gives their text.
    public var keysOnlyInTranslations: [String] {
        keys.filter { !localizationsWithoutSource(key: $0).isEmpty }
    }

    /// Whether a key's name says VoiceOver speaks its text rather than the screen showing it
    /// (`SpokenName.saysSpoken`: `accessibility_percent_complete_format`, `a11y_avatar`, not
    /// `settings.accessibility`).
    public static func namesSpokenText(_ key: String) -> Bool { SpokenName.saysSpoken(key) }
}
