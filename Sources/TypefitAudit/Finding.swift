import Foundation
import TypefitCore
import TypefitShaping

/// One problem the audit found, with the numbers a developer can act on.
///
/// A value type whose fields live in one shared, copy-on-write box: a large audit holds 100 000+
/// findings, and merging the jobs' findings and sorting them then moves one reference per finding
/// instead of copying sixteen fields (and retaining every string in them).
public struct Finding: Codable, Sendable, Equatable {
    final class Storage: @unchecked Sendable {
        var rule: RuleID
        var severity: Severity
        var spec: String
        var line: Int
        var column: Int
        var screen: String
        var element: String
        var device: String
        var orientation: String
        var locale: String
        var category: String
        var message: String
        var fix: String?
        var fingerprint: String
        var numbers: Numbers
        var previewSource: PreviewSource?
        init(rule: RuleID, severity: Severity, spec: String, line: Int, column: Int, screen: String, element: String, device: String, orientation: String, locale: String, category: String, message: String, fix: String?, fingerprint: String, numbers: Numbers, previewSource: PreviewSource?) {
            self.rule = rule
            self.severity = severity
            self.spec = spec
            self.line = line
            self.column = column
            self.screen = screen
            self.element = element
            self.device = device
            self.orientation = orientation
            self.locale = locale
            self.category = category
            self.message = message
            self.fix = fix
            self.fingerprint = fingerprint
            self.numbers = numbers
            self.previewSource = previewSource
        }
        func copy() -> Storage {
            Storage(rule: rule, severity: severity, spec: spec, line: line, column: column, screen: screen, element: element, device: device, orientation: orientation, locale: locale, category: category, message: message, fix: fix, fingerprint: fingerprint, numbers: numbers, previewSource: previewSource)
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
        get { storage.spec }
        set { unique().spec = newValue }
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
        get { storage.screen }
        set { unique().screen = newValue }
    }
    public var element: String {
        get { storage.element }
        set { unique().element = newValue }
    }
    public var device: String {
        get { storage.device }
        set { unique().device = newValue }
    }
    public var orientation: String {
        get { storage.orientation }
        set { unique().orientation = newValue }
    }
    public var locale: String {
        get { storage.locale }
        set { unique().locale = newValue }
    }
    public var category: String {
        get { storage.category }
        set { unique().category = newValue }
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
        get { storage.fingerprint }
        set { unique().fingerprint = newValue }
    }
    public var numbers: Numbers {
        get { storage.numbers }
        set { unique().numbers = newValue }
    }
    /// For text findings: builds the rendered preview on demand (not part of the JSON report).
    public var previewSource: PreviewSource? {
        get { storage.previewSource }
        set { unique().previewSource = newValue }
    }

    public init(rule: RuleID, severity: Severity, spec: String, line: Int, column: Int, screen: String, element: String, device: String, orientation: String, locale: String, category: String, message: String, fix: String?, fingerprint: String, numbers: Numbers, previewSource: PreviewSource? = nil) {
        storage = Storage(rule: rule, severity: severity, spec: spec, line: line, column: column, screen: screen, element: element, device: device, orientation: orientation, locale: locale, category: category, message: message, fix: fix, fingerprint: fingerprint, numbers: numbers, previewSource: previewSource)
    }

    enum CodingKeys: String, CodingKey {
        case rule, severity, spec, line, column, screen, element, device, orientation, locale, category, message, fix, fingerprint, numbers
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
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        if a.storage === b.storage { return true }
        let x = a.storage, y = b.storage
        return x.rule == y.rule && x.severity == y.severity && x.spec == y.spec && x.line == y.line && x.column == y.column
            && x.screen == y.screen && x.element == y.element && x.device == y.device && x.orientation == y.orientation
            && x.locale == y.locale && x.category == y.category && x.message == y.message && x.fix == y.fix
            && x.fingerprint == y.fingerprint && x.numbers == y.numbers && x.previewSource == y.previewSource
    }

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
        public init() {}
    }

    /// Stable identity: spec, screen state, element, device, orientation, locale, category, rule.
    static func fingerprint(spec: String, screen: String, element: String, device: String, orientation: String,
                            locale: String, category: String, rule: RuleID) -> String {
        // FNV-1a, 64 bit, twice with different seeds: stable across runs and platforms, and cheap
        // (a report can hold tens of thousands of findings). Fields are separated by U+001F.
        var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
        for (i, field) in [spec, screen, element, device, orientation, locale, category, rule.rawValue].enumerated() {
            if i > 0 {
                a = (a ^ 0x1F) &* 0x100000001b3
                b = (b ^ 0x1F) &* 0x100000001b3
            }
            for byte in field.utf8 {
                a = (a ^ UInt64(byte)) &* 0x100000001b3
                b = (b ^ UInt64(byte)) &* 0x100000001b3
            }
        }
        // 32 lowercase hex digits, written in place.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for (half, value) in [a, b].enumerated() {
                for i in 0..<16 {
                    let nibble = Int((value >> UInt64(60 - 4 * i)) & 0xF)
                    buffer[half * 16 + i] = digits.utf8Start[nibble]
                }
            }
            return 32
        }
    }

    /// Rank of a category name in reports ("all" first).
    static let categoryRank: [String: Int] = Dictionary(uniqueKeysWithValues: ContentSizeCategory.allCases.map { ($0.name, $0.rawValue + 1) })

    /// Sorts findings into report order: spec, screen, line, column, element, rule, device,
    /// orientation, locale, category (xSmall … AX5), fingerprint.
    ///
    /// Each string field is replaced by its rank among the field's distinct values first, so the sort
    /// compares small integers and moves indices, not findings (a large audit has 100 000+ of them).
    static func sort(_ findings: inout [Finding]) {
        let n = findings.count
        guard n > 1 else { return }
        // Fields are read with direct property access (a closure per field would copy each finding).
        let spec = stringRanks(findings.map { $0.spec }), screen = stringRanks(findings.map { $0.screen })
        let element = stringRanks(findings.map { $0.element }), rule = stringRanks(findings.map { $0.rule.rawValue })
        let device = stringRanks(findings.map { $0.device }), orientation = stringRanks(findings.map { $0.orientation })
        let locale = stringRanks(findings.map { $0.locale })
        let fingerprints = findings.map { $0.fingerprint }
        let line = findings.map { $0.line }, column = findings.map { $0.column }
        let category = findings.map { Int32(categoryRank[$0.category] ?? 0) }
        let order = (0..<n).sorted { a, b in
            if spec[a] != spec[b] { return spec[a] < spec[b] }
            if screen[a] != screen[b] { return screen[a] < screen[b] }
            if line[a] != line[b] { return line[a] < line[b] }
            if column[a] != column[b] { return column[a] < column[b] }
            if element[a] != element[b] { return element[a] < element[b] }
            if rule[a] != rule[b] { return rule[a] < rule[b] }
            if device[a] != device[b] { return device[a] < device[b] }
            if orientation[a] != orientation[b] { return orientation[a] < orientation[b] }
            if locale[a] != locale[b] { return locale[a] < locale[b] }
            if category[a] != category[b] { return category[a] < category[b] }
            if fingerprints[a] != fingerprints[b] { return fingerprints[a] < fingerprints[b] }
            return a < b
        }
        // Permute in place, cycle by cycle: swaps move findings without copying their strings.
        var placed = [Bool](repeating: false, count: n)
        for start in 0..<n where !placed[start] {
            var i = start
            while true {
                placed[i] = true
                let j = order[i]
                if j == start { break }
                findings.swapAt(i, j)
                i = j
            }
        }
    }
}

/// Each value's rank among the distinct values (in `String` order): sorting by ranks compares small
/// integers instead of strings, and gives the same order.
func stringRanks(_ values: [String]) -> [Int32] {
    var ids: [String: Int32] = [:]
    var distinct: [String] = []
    var local = [Int32](repeating: 0, count: values.count)
    for (i, v) in values.enumerated() {
        if let id = ids[v] {
            local[i] = id
        } else {
            let id = Int32(distinct.count)
            ids[v] = id
            distinct.append(v)
            local[i] = id
        }
    }
    let order = distinct.indices.sorted { distinct[$0] < distinct[$1] }
    var rankOf = [Int32](repeating: 0, count: distinct.count)
    for (rank, id) in order.enumerated() { rankOf[id] = Int32(rank) }
    return local.map { rankOf[Int($0)] }
}
