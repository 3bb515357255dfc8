import TypefitCore

extension Finding {
    /// The measurements behind a finding; absent values are omitted from JSON.
    public struct Numbers: Codable, Sendable, Equatable {
        /// Width the text needs on one line, pt.
        public var widthNeeded: Double?
        /// Width available, pt.
        public var widthAvailable: Double?
        public var linesNeeded: Int?
        public var linesAllowed: Int?
        /// Height the content needs, pt.
        public var heightNeeded: Double?
        /// Height it has, pt.
        public var heightAvailable: Double?
        /// How far it overflows, pt.
        public var overflow: Double?
        /// Point size of the text.
        public var fontSize: Double?
        /// The full string and what is shown.
        public var text: String?
        public var shown: String?
        /// Fonts that drew the text.
        public var fonts: [String]?
        public var missingCharacters: [String]?
        public var scale: Double?
        /// The string variant (plural:one, device:ipad…) when not the default.
        public var variant: String?
        public var fallback: String?
        /// Height of one line, pt (findings about height: a line taller than the height it has).
        public var lineHeight: Double?
        /// `word-split`: the word broken inside, and its pieces on successive lines.
        public var word: String?
        public var wordParts: [String]?
        /// True when the verdict is within the system font stand-in's measured error (the text
        /// overflows by less than the stand-in's p95 width error at its size and weight): verify
        /// with SF. Absent otherwise, and always absent with real SF fonts.
        public var borderline: Bool?
        /// A truncated translation's length budget in this state (`typefit budgets`' numbers).
        public var budget: FindingBudget?

        public init() {}
    }
}
