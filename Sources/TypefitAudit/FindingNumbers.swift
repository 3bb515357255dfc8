import TypefitCore
import TypefitLayout

extension Finding {
    /// The measurements behind a finding; absent values are omitted from JSON.
    ///
    /// Stored compactly (a large audit keeps 100,000+ findings): the measurements most findings have
    /// are plain numbers with one bit each saying whether they are present, the values few findings
    /// have (missing characters, fallbacks, word parts, …) live in one shared box that only the
    /// findings with any of them allocate, and the length budget in a box of its own. 128 bytes per
    /// finding instead of 320; the properties read and write as optionals exactly as before.
    public struct Numbers: Codable, Sendable, Equatable {
        /// Width the text needs on one line, pt.
        public var widthNeeded: Double? {
            get { has(.widthNeeded) ? storedWidthNeeded : nil }
            set {
                storedWidthNeeded = newValue ?? 0
                mark(.widthNeeded, newValue != nil)
            }
        }
        /// Width available, pt.
        public var widthAvailable: Double? {
            get { has(.widthAvailable) ? storedWidthAvailable : nil }
            set {
                storedWidthAvailable = newValue ?? 0
                mark(.widthAvailable, newValue != nil)
            }
        }
        public var linesNeeded: Int? {
            get { has(.linesNeeded) ? storedLinesNeeded : nil }
            set {
                storedLinesNeeded = newValue ?? 0
                mark(.linesNeeded, newValue != nil)
            }
        }
        public var linesAllowed: Int? {
            get { has(.linesAllowed) ? storedLinesAllowed : nil }
            set {
                storedLinesAllowed = newValue ?? 0
                mark(.linesAllowed, newValue != nil)
            }
        }
        /// Height the content needs, pt.
        public var heightNeeded: Double? {
            get { has(.heightNeeded) ? storedHeightNeeded : nil }
            set {
                storedHeightNeeded = newValue ?? 0
                mark(.heightNeeded, newValue != nil)
            }
        }
        /// Height it has, pt.
        public var heightAvailable: Double? {
            get { has(.heightAvailable) ? storedHeightAvailable : nil }
            set {
                storedHeightAvailable = newValue ?? 0
                mark(.heightAvailable, newValue != nil)
            }
        }
        /// How far it overflows, pt.
        public var overflow: Double? {
            get { has(.overflow) ? storedOverflow : nil }
            set {
                storedOverflow = newValue ?? 0
                mark(.overflow, newValue != nil)
            }
        }
        /// Point size of the text.
        public var fontSize: Double? {
            get { has(.fontSize) ? storedFontSize : nil }
            set {
                storedFontSize = newValue ?? 0
                mark(.fontSize, newValue != nil)
            }
        }
        /// The full string and what is shown.
        public var text: String?
        public var shown: String? {
            get {
                switch shownStorage {
                case .text(let s)?: s
                case .lines(let lines)?: TextLayout.visibleText(lines)
                case nil: nil
                }
            }
            set { shownStorage = newValue.map(Shown.text) }
        }
        /// Writes `shown` (nothing when there is none) to `out`: shown lines are written piece by
        /// piece, without making the String (a report's message and its numbers both quote it).
        @inlinable
        public func writeShown<Out: TextOutput & ~Copyable>(to out: inout Out) {
            switch shownStorage {
            case .text(let s)?: out.write(s)
            case .lines(let lines)?: TextLayout.writeVisibleText(lines, to: &out)
            case nil: break
            }
        }
        /// Whether `shown` is present (without reading it).
        public var hasShown: Bool { shownStorage != nil }
        /// What is shown, as the shown lines of a text layout: joined into the text only when read
        /// (`TextLayout.visibleText`), by a reporter or a message. The audit of a CI gate reads none.
        mutating func setShown(_ lines: [TextLayout.Line]) { shownStorage = .lines(lines) }
        /// Fonts that drew the text (every text finding has them: kept inline).
        public var fonts: [String]?
        /// `shown`: a text, or the shown lines of the layout it is read from (they share their
        /// storage with the layout, and the findings of one text result share them). Declared here,
        /// before `presence`, whose two bytes then share the enum's tag's eight-byte word.
        @usableFromInline var shownStorage: Shown?

        @usableFromInline enum Shown: Sendable {
            case text(String)
            case lines([TextLayout.Line])
        }
        public var missingCharacters: [String]? {
            get { rare?.missingCharacters }
            set { updateRare(newValue != nil) { $0.missingCharacters = newValue } }
        }
        public var scale: Double? {
            get { rare?.scale }
            set { updateRare(newValue != nil) { $0.scale = newValue } }
        }
        /// The string variant (plural:one, device:ipad…) when not the default.
        public var variant: String? {
            get { rare?.variant }
            set { updateRare(newValue != nil) { $0.variant = newValue } }
        }
        public var fallback: String? {
            get { rare?.fallback }
            set { updateRare(newValue != nil) { $0.fallback = newValue } }
        }
        /// Height of one line, pt (findings about height: a line taller than the height it has).
        public var lineHeight: Double? {
            get { rare?.lineHeight }
            set { updateRare(newValue != nil) { $0.lineHeight = newValue } }
        }
        /// `word-split`: the word broken inside, and its pieces on successive lines.
        public var word: String? {
            get { rare?.word }
            set { updateRare(newValue != nil) { $0.word = newValue } }
        }
        public var wordParts: [String]? {
            get { rare?.wordParts }
            set { updateRare(newValue != nil) { $0.wordParts = newValue } }
        }
        /// True when the verdict is within the system font stand-in's measured error (the text
        /// overflows by less than the stand-in's p95 width error at its size and weight): verify
        /// with SF. Absent otherwise, and always absent with real SF fonts.
        public var borderline: Bool? {
            get { has(.borderline) ? has(.borderlineValue) : nil }
            set {
                mark(.borderline, newValue != nil)
                mark(.borderlineValue, newValue == true)
            }
        }
        /// A truncated translation's length budget in this state (`typefit budgets`' numbers).
        public var budget: FindingBudget? {
            get { budgetBox?.budget }
            set { budgetBox = newValue.map(BudgetBox.init) }
        }

        public init() {}

        // MARK: Storage

        /// Which of the inline values are present.
        private struct Presence: OptionSet, Sendable {
            let rawValue: UInt16
            static let widthNeeded = Presence(rawValue: 1 << 0)
            static let widthAvailable = Presence(rawValue: 1 << 1)
            static let linesNeeded = Presence(rawValue: 1 << 2)
            static let linesAllowed = Presence(rawValue: 1 << 3)
            static let heightNeeded = Presence(rawValue: 1 << 4)
            static let heightAvailable = Presence(rawValue: 1 << 5)
            static let overflow = Presence(rawValue: 1 << 6)
            static let fontSize = Presence(rawValue: 1 << 7)
            static let borderline = Presence(rawValue: 1 << 8)
            /// `borderline`'s value when it is present.
            static let borderlineValue = Presence(rawValue: 1 << 9)
        }

        /// The values few findings have, in one box shared by copies until one of them changes it.
        private final class Rare: @unchecked Sendable {
            var missingCharacters: [String]?
            var scale: Double?
            var variant: String?
            var fallback: String?
            var lineHeight: Double?
            var word: String?
            var wordParts: [String]?

            init() {}

            func copy() -> Rare {
                let r = Rare()
                r.missingCharacters = missingCharacters
                r.scale = scale
                r.variant = variant
                r.fallback = fallback
                r.lineHeight = lineHeight
                r.word = word
                r.wordParts = wordParts
                return r
            }

            var isEmpty: Bool {
                missingCharacters == nil && scale == nil && variant == nil && fallback == nil && lineHeight == nil
                    && word == nil && wordParts == nil
            }
        }

        private var presence: Presence = []
        private var storedWidthNeeded = 0.0
        private var storedWidthAvailable = 0.0
        private var storedHeightNeeded = 0.0
        private var storedHeightAvailable = 0.0
        private var storedOverflow = 0.0
        private var storedFontSize = 0.0
        private var storedLinesNeeded = 0
        private var storedLinesAllowed = 0
        private var rare: Rare?
        /// The budget of a truncated translation (about a third of the findings of a typical run):
        /// boxed apart from `rare`, which the other findings then need not allocate. Never changed
        /// in place, so copies share it safely.
        private var budgetBox: BudgetBox?

        private final class BudgetBox: Sendable {
            let budget: FindingBudget
            init(_ budget: FindingBudget) { self.budget = budget }
        }

        private func has(_ p: Presence) -> Bool { presence.contains(p) }

        private mutating func mark(_ p: Presence, _ present: Bool) {
            if present { presence.insert(p) } else { presence.remove(p) }
        }

        /// Changes the box (copied first when shared; made only when a value is set), and drops it
        /// when it holds nothing any more.
        private mutating func updateRare(_ setsValue: Bool, _ change: (Rare) -> Void) {
            if rare == nil {
                guard setsValue else { return }
                rare = Rare()
            } else if !isKnownUniquelyReferenced(&rare) {
                rare = rare?.copy()
            }
            guard let box = rare else { return }
            change(box)
            if box.isEmpty { rare = nil }
        }

        // MARK: Codable and Equatable, as the synthesized ones of the plain optionals were

        enum CodingKeys: String, CodingKey {
            case widthNeeded, widthAvailable, linesNeeded, linesAllowed, heightNeeded, heightAvailable, overflow, fontSize, text, shown
            case fonts, missingCharacters, scale, variant, fallback, lineHeight, word, wordParts, borderline, budget
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            widthNeeded = try c.decodeIfPresent(Double.self, forKey: .widthNeeded)
            widthAvailable = try c.decodeIfPresent(Double.self, forKey: .widthAvailable)
            linesNeeded = try c.decodeIfPresent(Int.self, forKey: .linesNeeded)
            linesAllowed = try c.decodeIfPresent(Int.self, forKey: .linesAllowed)
            heightNeeded = try c.decodeIfPresent(Double.self, forKey: .heightNeeded)
            heightAvailable = try c.decodeIfPresent(Double.self, forKey: .heightAvailable)
            overflow = try c.decodeIfPresent(Double.self, forKey: .overflow)
            fontSize = try c.decodeIfPresent(Double.self, forKey: .fontSize)
            text = try c.decodeIfPresent(String.self, forKey: .text)
            shown = try c.decodeIfPresent(String.self, forKey: .shown)
            fonts = try c.decodeIfPresent([String].self, forKey: .fonts)
            missingCharacters = try c.decodeIfPresent([String].self, forKey: .missingCharacters)
            scale = try c.decodeIfPresent(Double.self, forKey: .scale)
            variant = try c.decodeIfPresent(String.self, forKey: .variant)
            fallback = try c.decodeIfPresent(String.self, forKey: .fallback)
            lineHeight = try c.decodeIfPresent(Double.self, forKey: .lineHeight)
            word = try c.decodeIfPresent(String.self, forKey: .word)
            wordParts = try c.decodeIfPresent([String].self, forKey: .wordParts)
            borderline = try c.decodeIfPresent(Bool.self, forKey: .borderline)
            budget = try c.decodeIfPresent(FindingBudget.self, forKey: .budget)
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(widthNeeded, forKey: .widthNeeded)
            try c.encodeIfPresent(widthAvailable, forKey: .widthAvailable)
            try c.encodeIfPresent(linesNeeded, forKey: .linesNeeded)
            try c.encodeIfPresent(linesAllowed, forKey: .linesAllowed)
            try c.encodeIfPresent(heightNeeded, forKey: .heightNeeded)
            try c.encodeIfPresent(heightAvailable, forKey: .heightAvailable)
            try c.encodeIfPresent(overflow, forKey: .overflow)
            try c.encodeIfPresent(fontSize, forKey: .fontSize)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encodeIfPresent(shown, forKey: .shown)
            try c.encodeIfPresent(fonts, forKey: .fonts)
            try c.encodeIfPresent(missingCharacters, forKey: .missingCharacters)
            try c.encodeIfPresent(scale, forKey: .scale)
            try c.encodeIfPresent(variant, forKey: .variant)
            try c.encodeIfPresent(fallback, forKey: .fallback)
            try c.encodeIfPresent(lineHeight, forKey: .lineHeight)
            try c.encodeIfPresent(word, forKey: .word)
            try c.encodeIfPresent(wordParts, forKey: .wordParts)
            try c.encodeIfPresent(borderline, forKey: .borderline)
            try c.encodeIfPresent(budget, forKey: .budget)
        }

        public static func == (a: Numbers, b: Numbers) -> Bool {
            a.widthNeeded == b.widthNeeded && a.widthAvailable == b.widthAvailable && a.linesNeeded == b.linesNeeded
                && a.linesAllowed == b.linesAllowed && a.heightNeeded == b.heightNeeded && a.heightAvailable == b.heightAvailable
                && a.overflow == b.overflow && a.fontSize == b.fontSize && a.text == b.text && a.shown == b.shown && a.fonts == b.fonts
                && a.missingCharacters == b.missingCharacters && a.scale == b.scale && a.variant == b.variant && a.fallback == b.fallback
                && a.lineHeight == b.lineHeight && a.word == b.word && a.wordParts == b.wordParts && a.borderline == b.borderline
                && a.budget == b.budget
        }
    }
}
