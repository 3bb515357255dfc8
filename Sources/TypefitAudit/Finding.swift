import Foundation
import TypefitCore
import TypefitShaping

/// One problem the audit found, with the numbers a developer can act on.
///
/// A value type whose fields live in one shared, copy-on-write box: a large audit holds 100 000+
/// findings, and merging the jobs' findings and sorting them then moves one reference per finding
/// instead of copying sixteen fields (and retaining every string in them).
public struct Finding: Codable, Sendable, Equatable {
    /// Where a finding was seen: the fields every finding of one screen state shares, in one
    /// object (a state's findings point to the same one).
    final class Place: Sendable {
        let spec: String
        let screen: String
        let device: String
        let orientation: String
        let locale: String
        let category: String

        init(spec: String, screen: String, device: String, orientation: String, locale: String, category: String) {
            self.spec = spec
            self.screen = screen
            self.device = device
            self.orientation = orientation
            self.locale = locale
            self.category = category
        }

        func with(spec: String? = nil, screen: String? = nil, device: String? = nil, orientation: String? = nil,
                  locale: String? = nil, category: String? = nil) -> Place {
            Place(spec: spec ?? self.spec, screen: screen ?? self.screen, device: device ?? self.device,
                  orientation: orientation ?? self.orientation, locale: locale ?? self.locale, category: category ?? self.category)
        }

        func matches(spec: String, screen: String, device: String, orientation: String, locale: String, category: String) -> Bool {
            self.spec == spec && self.screen == screen && self.device == device && self.orientation == orientation
                && self.locale == locale && self.category == category
        }
    }

    final class Storage: @unchecked Sendable {
        var place: Place
        var rule: RuleID
        var severity: Severity
        var line: Int
        var column: Int
        var element: String
        var message: String
        var fix: String?
        var fingerprint: FingerprintValue
        var numbers: Numbers
        var previewSource: PreviewSource?
        var accepted = false
        init(rule: RuleID, severity: Severity, place: Place, line: Int, column: Int, element: String, message: String, fix: String?, fingerprint: FingerprintValue, numbers: Numbers, previewSource: PreviewSource?) {
            self.rule = rule
            self.place = place
            self.severity = severity
            self.line = line
            self.column = column
            self.element = element
            self.message = message
            self.fix = fix
            self.fingerprint = fingerprint
            self.numbers = numbers
            self.previewSource = previewSource
        }
        func copy() -> Storage {
            let box = Storage(rule: rule, severity: severity, place: place, line: line, column: column, element: element, message: message, fix: fix, fingerprint: fingerprint, numbers: numbers, previewSource: previewSource)
            box.accepted = accepted
            return box
        }
    }

    private var storage: Storage

    /// The box, copied first when another finding shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public var rule: RuleID {
        get { storage.rule }
        set { unique().rule = newValue }
    }
    public var severity: Severity {
        get { storage.severity }
        set { unique().severity = newValue }
    }
    /// Spec file path as given (relative to the working directory when under it).
    public var spec: String {
        get { storage.place.spec }
        set { let box = unique(); box.place = box.place.with(spec: newValue) }
    }
    public var line: Int {
        get { storage.line }
        set { unique().line = newValue }
    }
    public var column: Int {
        get { storage.column }
        set { unique().column = newValue }
    }
    public var screen: String {
        get { storage.place.screen }
        set { let box = unique(); box.place = box.place.with(screen: newValue) }
    }
    public var element: String {
        get { storage.element }
        set { unique().element = newValue }
    }
    public var device: String {
        get { storage.place.device }
        set { let box = unique(); box.place = box.place.with(device: newValue) }
    }
    public var orientation: String {
        get { storage.place.orientation }
        set { let box = unique(); box.place = box.place.with(orientation: newValue) }
    }
    public var locale: String {
        get { storage.place.locale }
        set { let box = unique(); box.place = box.place.with(locale: newValue) }
    }
    public var category: String {
        get { storage.place.category }
        set { let box = unique(); box.place = box.place.with(category: newValue) }
    }
    public var message: String {
        get { storage.message }
        set { unique().message = newValue }
    }
    /// What would fix it.
    public var fix: String? {
        get { storage.fix }
        set { unique().fix = newValue }
    }
    public var fingerprint: String {
        get { storage.fingerprint.string }
        set { unique().fingerprint = FingerprintValue(newValue) }
    }
    public var numbers: Numbers {
        get { storage.numbers }
        set { unique().numbers = newValue }
    }
    /// Accepted by the baseline (`--baseline`): reported, but never a failure. In JSON only when true.
    public var accepted: Bool {
        get { storage.accepted }
        set { unique().accepted = newValue }
    }
    /// Whether the verdict is within the system font stand-in's error (`numbers.borderline`).
    public var isBorderline: Bool { storage.numbers.borderline == true }
    /// For text findings: builds the rendered preview on demand (not part of the JSON report).
    public var previewSource: PreviewSource? {
        get { storage.previewSource }
        set { unique().previewSource = newValue }
    }

    public init(rule: RuleID, severity: Severity, spec: String, line: Int, column: Int, screen: String, element: String, device: String, orientation: String, locale: String, category: String, message: String, fix: String?, fingerprint: String, numbers: Numbers, previewSource: PreviewSource? = nil) {
        storage = Storage(rule: rule, severity: severity,
                          place: Place(spec: spec, screen: screen, device: device, orientation: orientation, locale: locale, category: category),
                          line: line, column: column, element: element, message: message, fix: fix,
                          fingerprint: FingerprintValue(fingerprint), numbers: numbers, previewSource: previewSource)
    }

    /// As above, with the fingerprint as computed by `fingerprintValue` (no string built).
    init(rule: RuleID, severity: Severity, place: Place, line: Int, column: Int, element: String, message: String, fix: String?,
         fingerprintValue: FingerprintValue, numbers: Numbers, previewSource: PreviewSource? = nil) {
        storage = Storage(rule: rule, severity: severity, place: place, line: line, column: column, element: element, message: message,
                          fix: fix, fingerprint: fingerprintValue, numbers: numbers, previewSource: previewSource)
    }

    /// The fingerprint as stored (compares as the strings do, without building them).
    var fingerprintValue: FingerprintValue {
        get { storage.fingerprint }
        set { unique().fingerprint = newValue }
    }

    enum CodingKeys: String, CodingKey {
        case rule, severity, spec, line, column, screen, element, device, orientation, locale, category, message, fix, fingerprint, numbers
        case accepted
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rule: try c.decode(RuleID.self, forKey: .rule), severity: try c.decode(Severity.self, forKey: .severity),
                  spec: try c.decode(String.self, forKey: .spec), line: try c.decode(Int.self, forKey: .line),
                  column: try c.decode(Int.self, forKey: .column), screen: try c.decode(String.self, forKey: .screen),
                  element: try c.decode(String.self, forKey: .element), device: try c.decode(String.self, forKey: .device),
                  orientation: try c.decode(String.self, forKey: .orientation), locale: try c.decode(String.self, forKey: .locale),
                  category: try c.decode(String.self, forKey: .category), message: try c.decode(String.self, forKey: .message),
                  fix: try c.decodeIfPresent(String.self, forKey: .fix), fingerprint: try c.decode(String.self, forKey: .fingerprint),
                  numbers: try c.decode(Numbers.self, forKey: .numbers))
        accepted = try c.decodeIfPresent(Bool.self, forKey: .accepted) ?? false
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule, forKey: .rule)
        try c.encode(severity, forKey: .severity)
        try c.encode(spec, forKey: .spec)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(screen, forKey: .screen)
        try c.encode(element, forKey: .element)
        try c.encode(device, forKey: .device)
        try c.encode(orientation, forKey: .orientation)
        try c.encode(locale, forKey: .locale)
        try c.encode(category, forKey: .category)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(fix, forKey: .fix)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(numbers, forKey: .numbers)
        if accepted { try c.encode(true, forKey: .accepted) }
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        if a.storage === b.storage { return true }
        let x = a.storage, y = b.storage
        let p = x.place, q = y.place
        return x.rule == y.rule && x.severity == y.severity && p.spec == q.spec && x.line == y.line && x.column == y.column
            && p.screen == q.screen && x.element == y.element && p.device == q.device && p.orientation == q.orientation
            && p.locale == q.locale && p.category == q.category && x.message == y.message && x.fix == y.fix
            && x.fingerprint == y.fingerprint && x.numbers == y.numbers && x.previewSource == y.previewSource && x.accepted == y.accepted
    }

    /// The measurements behind a finding; absent values are omitted from JSON.
    ///
    /// Stored compactly (a report holds 100 000+): numbers as plain values with NaN / `Int.min`
    /// standing for "absent", half the size of optionals.
    public struct Numbers: Codable, Sendable, Equatable {
        private var _widthNeeded = Double.nan
        private var _widthAvailable = Double.nan
        private var _heightNeeded = Double.nan
        private var _heightAvailable = Double.nan
        private var _overflow = Double.nan
        private var _fontSize = Double.nan
        private var _scale = Double.nan
        private var _lineHeight = Double.nan
        private var _linesNeeded = Int.min
        private var _linesAllowed = Int.min
        /// Width the text needs on one line, pt.
        public var widthNeeded: Double? {
            get { _widthNeeded.isNaN ? nil : _widthNeeded }
            set { _widthNeeded = newValue ?? .nan }
        }
        /// Width available, pt.
        public var widthAvailable: Double? {
            get { _widthAvailable.isNaN ? nil : _widthAvailable }
            set { _widthAvailable = newValue ?? .nan }
        }
        /// Height the content needs, pt.
        public var heightNeeded: Double? {
            get { _heightNeeded.isNaN ? nil : _heightNeeded }
            set { _heightNeeded = newValue ?? .nan }
        }
        /// Height it has, pt.
        public var heightAvailable: Double? {
            get { _heightAvailable.isNaN ? nil : _heightAvailable }
            set { _heightAvailable = newValue ?? .nan }
        }
        /// How far it overflows, pt.
        public var overflow: Double? {
            get { _overflow.isNaN ? nil : _overflow }
            set { _overflow = newValue ?? .nan }
        }
        /// Point size of the text.
        public var fontSize: Double? {
            get { _fontSize.isNaN ? nil : _fontSize }
            set { _fontSize = newValue ?? .nan }
        }
        public var scale: Double? {
            get { _scale.isNaN ? nil : _scale }
            set { _scale = newValue ?? .nan }
        }
        /// Height of one line, pt (findings about height: a line taller than the height it has).
        public var lineHeight: Double? {
            get { _lineHeight.isNaN ? nil : _lineHeight }
            set { _lineHeight = newValue ?? .nan }
        }
        public var linesNeeded: Int? {
            get { _linesNeeded == .min ? nil : _linesNeeded }
            set { _linesNeeded = newValue ?? .min }
        }
        public var linesAllowed: Int? {
            get { _linesAllowed == .min ? nil : _linesAllowed }
            set { _linesAllowed = newValue ?? .min }
        }
        /// The full string and what is shown.
        public var text: String?
        public var shown: String?
        /// Fonts that drew the text.
        public var fonts: [String]?
        public var missingCharacters: [String]?
        /// The string variant (plural:one, device:ipad…) when not the default.
        public var variant: String?
        public var fallback: String?
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

        enum CodingKeys: String, CodingKey {
            case widthNeeded, widthAvailable, linesNeeded, linesAllowed, heightNeeded, heightAvailable, overflow, fontSize
            case text, shown, fonts, missingCharacters, scale, variant, fallback, lineHeight, word, wordParts, borderline
            case budget
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
            a.widthNeeded == b.widthNeeded
                && a.widthAvailable == b.widthAvailable
                && a.linesNeeded == b.linesNeeded
                && a.linesAllowed == b.linesAllowed
                && a.heightNeeded == b.heightNeeded
                && a.heightAvailable == b.heightAvailable
                && a.overflow == b.overflow
                && a.fontSize == b.fontSize
                && a.text == b.text
                && a.shown == b.shown
                && a.fonts == b.fonts
                && a.missingCharacters == b.missingCharacters
                && a.scale == b.scale
                && a.variant == b.variant
                && a.fallback == b.fallback
                && a.lineHeight == b.lineHeight
                && a.word == b.word
                && a.wordParts == b.wordParts
                && a.borderline == b.borderline
                && a.budget == b.budget
        }
    }

    /// Stable identity: spec, screen state, element, device, orientation, locale, category, rule.
    static func fingerprint(spec: String, screen: String, element: String, device: String, orientation: String,
                            locale: String, category: String, rule: RuleID) -> String {
        fingerprintValue(spec: spec, screen: screen, element: element, device: device, orientation: orientation,
                         locale: locale, category: category, rule: rule).string
    }

    static func fingerprintValue(spec: String, screen: String, element: String, device: String, orientation: String,
                                 locale: String, category: String, rule: RuleID) -> FingerprintValue {
        fingerprintValue(after: fingerprintPrefix(spec: spec, screen: screen), element: element, device: device,
                         orientation: orientation, locale: locale, category: category, rule: rule)
    }

    /// The fingerprint from a hasher that has already taken the spec and screen (shared by all the
    /// findings of a screen).
    /// The hasher after the spec and the screen, the fields every finding of a screen shares.
    static func fingerprintPrefix(spec: String, screen: String) -> StableHasher {
        var h = StableHasher()
        h.feed(spec, separator: false)
        h.feed(screen)
        return h
    }

    static func fingerprintValue(after prefix: StableHasher, element: String, device: String, orientation: String,
                                 locale: String, category: String, rule: RuleID) -> FingerprintValue {
        var h = prefix
        h.feed(element)
        h.feed(device)
        h.feed(orientation)
        h.feed(locale)
        h.feed(category)
        h.feed(rule.rawValue)
        return FingerprintValue(h.a, h.b)
    }
}
