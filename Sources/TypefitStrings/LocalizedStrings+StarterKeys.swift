extension LocalizedStrings {
    /// The keys `typefit init` lists in a first spec, and what it leaves out.
    public struct StarterKeys: Equatable, Sendable {
        /// Keys whose source text has a word to measure, sorted.
        public var measured: [String]
        /// Keys with no words (`""`, `%@`, `%lld. `).
        public var withoutWords: Int
        /// Keys only translations have (`.lproj` tables): the app shows them raw in its development
        /// language, and a spec naming one is refused.
        public var onlyInTranslations: Int
    }

    /// The keys a first spec lists: those the development language has, with words to measure.
    public var starterKeys: StarterKeys {
        let sourced = keys.filter { localizationsWithoutSource(key: $0).isEmpty }
        let measured = sourced.filter { hasWords(key: $0) }
        return StarterKeys(
            measured: measured, withoutWords: sourced.count - measured.count, onlyInTranslations: keys.count - sourced.count)
    }
}
