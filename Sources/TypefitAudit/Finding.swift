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
            Storage(rule: rule, severity: severity, place: place, line: line, column: column, element: element, message: message, fix: fix, fingerprint: fingerprint, numbers: numbers, previewSource: previewSource)
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
        let p = x.place, q = y.place
        return x.rule == y.rule && x.severity == y.severity && p.spec == q.spec && x.line == y.line && x.column == y.column
            && p.screen == q.screen && x.element == y.element && p.device == q.device && p.orientation == q.orientation
            && p.locale == q.locale && p.category == q.category && x.message == y.message && x.fix == y.fix
            && x.fingerprint == y.fingerprint && x.numbers == y.numbers && x.previewSource == y.previewSource
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
        public init() {}

        enum CodingKeys: String, CodingKey {
            case widthNeeded, widthAvailable, linesNeeded, linesAllowed, heightNeeded, heightAvailable, overflow, fontSize
            case text, shown, fonts, missingCharacters, scale, variant, fallback
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
        // FNV-1a, 64 bit, twice with different seeds: stable across runs and platforms, and cheap
        // (a report can hold tens of thousands of findings). Fields are separated by U+001F.
        var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
        func feed(_ field: String, separator: Bool = true) {
            if separator {
                a = (a ^ 0x1F) &* 0x100000001b3
                b = (b ^ 0x1F) &* 0x100000001b3
            }
            for byte in field.utf8 {
                a = (a ^ UInt64(byte)) &* 0x100000001b3
                b = (b ^ UInt64(byte)) &* 0x100000001b3
            }
        }
        feed(spec, separator: false)
        feed(screen)
        feed(element)
        feed(device)
        feed(orientation)
        feed(locale)
        feed(category)
        feed(rule.rawValue)
        return FingerprintValue(a, b)
    }

    /// Rank of a category name in reports ("all" first).
    static let categoryRank: [String: Int] = Dictionary(uniqueKeysWithValues: ContentSizeCategory.allCases.map { ($0.name, $0.rawValue + 1) })

    /// Sorts findings into report order: spec, screen, line, column, element, rule, device,
    /// orientation, locale, category (xSmall … AX5), fingerprint.
    ///
    /// Each string field is replaced by its rank among the field's distinct values first, so the sort
    /// compares small integers and moves indices, not findings (a large audit has 100 000+ of them).
    private static func fieldRanks(_ snapshot: [Finding], threads: Int) -> [[Int]] {
        let fields = RankBox(count: 10)
        let work: [@Sendable () -> [Int]] = [
            { stringRanks(snapshot.count) { snapshot[$0].spec } }, { stringRanks(snapshot.count) { snapshot[$0].screen } },
            { snapshot.map { $0.line } }, { snapshot.map { $0.column } },
            { stringRanks(snapshot.count) { snapshot[$0].element } }, { stringRanks(snapshot.count) { snapshot[$0].rule.rawValue } },
            { stringRanks(snapshot.count) { snapshot[$0].device } }, { stringRanks(snapshot.count) { snapshot[$0].orientation } },
            { stringRanks(snapshot.count) { snapshot[$0].locale } }, { snapshot.map { categoryRank[$0.category] ?? 0 } },
        ]
        if threads > 1 {
            DispatchQueue.concurrentPerform(iterations: work.count) { fields.set($0, work[$0]()) }
        } else {
            for i in work.indices { fields.set(i, work[i]()) }
        }
        return fields.values
    }

    /// The report order of `snapshot` as a permutation. A function of its own, so every reference to
    /// the array is released before the findings are permuted in place.
    private static func order(of snapshot: [Finding], threads: Int) -> [Int] {
        let n = snapshot.count
        // The ranks of each field, computed in parallel (each is independent).
        let f = fieldRanks(snapshot, threads: threads)
        // Fingerprints break the (rare) ties, read from the findings when needed.
        @Sendable func fingerprintLess(_ a: Int, _ b: Int) -> Bool? {
            let x = snapshot[a].fingerprintValue, y = snapshot[b].fingerprintValue
            return x == y ? nil : x < y
        }
        // In report order the fields are spec, screen, line, column, element | rule, device,
        // orientation, locale, category: each group is packed into one integer (mixed radix over the
        // fields' ranges) when it fits in 63 bits, so one comparison replaces five.
        let hi = pack(Array(f[0..<5]), count: n), lo = pack(Array(f[5..<10]), count: n)
        let less: @Sendable (Int, Int) -> Bool
        if let hi, let lo {
            less = { a, b in
                if hi[a] != hi[b] { return hi[a] < hi[b] }
                if lo[a] != lo[b] { return lo[a] < lo[b] }
                return fingerprintLess(a, b) ?? (a < b)
            }
        } else {
            less = { a, b in
                for field in f where field[a] != field[b] { return field[a] < field[b] }
                return fingerprintLess(a, b) ?? (a < b)
            }
        }
        return sortedIndices(n, threads: threads, by: less)
    }

    static func sort(_ findings: inout [Finding], threads: Int = 1) {
        let n = findings.count
        guard n > 1 else { return }
        let order = order(of: findings, threads: threads)
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

/// Packs several non-negative-after-shift integer fields into one key per row that orders as the
/// fields do lexicographically, or nil when their ranges need more than 63 bits.
private func pack(_ fields: [[Int]], count: Int) -> [UInt64]? {
    var radices: [UInt64] = []
    var minimums: [Int] = []
    var total: UInt64 = 1
    for field in fields {
        let lo = field.min() ?? 0, hi = field.max() ?? 0
        let (span, o1) = hi.subtractingReportingOverflow(lo)
        guard !o1, span < Int.max else { return nil }
        let radix = UInt64(span) + 1
        let (product, o2) = total.multipliedReportingOverflow(by: radix)
        guard !o2, product < UInt64(1) << 63 else { return nil }
        total = product
        radices.append(radix)
        minimums.append(lo)
    }
    var keys = [UInt64](repeating: 0, count: count)
    for (k, field) in fields.enumerated() {
        let radix = radices[k], lo = minimums[k]
        for i in 0..<count { keys[i] = keys[i] * radix + UInt64(field[i] - lo) }
    }
    return keys
}

/// 0..<n sorted by a strict total order; with several threads the two halves are sorted at once
/// and merged (the result is the same: the order has no ties).
func sortedIndices(_ n: Int, threads: Int, by less: @escaping @Sendable (Int, Int) -> Bool) -> [Int] {
    if threads <= 1 || n < 4096 { return (0..<n).sorted(by: less) }
    let halves = IndexBox()
    let mid = n / 2
    DispatchQueue.concurrentPerform(iterations: 2) { h in
        let part = h == 0 ? Array(0..<mid).sorted(by: less) : Array(mid..<n).sorted(by: less)
        halves.set(h, part)
    }
    let a = halves.parts[0], b = halves.parts[1]
    var out: [Int] = []
    out.reserveCapacity(n)
    var i = 0, j = 0
    while i < a.count && j < b.count {
        if less(b[j], a[i]) { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
    }
    out += a[i...]
    out += b[j...]
    return out
}

final class RankBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [[Int]]
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ i: Int, _ v: [Int]) { lock.lock(); values[i] = v; lock.unlock() }
}

final class IndexBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var parts: [[Int]] = [[], []]
    func set(_ i: Int, _ v: [Int]) { lock.lock(); parts[i] = v; lock.unlock() }
}

/// Each value's rank among the distinct values (in `String` order): sorting by ranks compares small
/// integers instead of strings, and gives the same order.
func stringRanks(_ values: [String]) -> [Int32] {
    stringRanks(values.count) { values[$0] }.map { Int32($0) }
}

/// The ranks of `count` values read through `value` (no array of the values is built).
func stringRanks(_ count: Int, _ value: (Int) -> String) -> [Int] {
    var ids: [String: Int] = [:]
    var distinct: [String] = []
    var local = [Int](repeating: 0, count: count)
    var last: (value: String, id: Int)?
    for i in 0..<count {
        let v = value(i)
        // Neighbours mostly share their value (one state's findings): no hashing then.
        if let last, last.value == v {
            local[i] = last.id
        } else if let id = ids[v] {
            local[i] = id
            last = (v, id)
        } else {
            let id = distinct.count
            ids[v] = id
            distinct.append(v)
            local[i] = id
            last = (v, id)
        }
    }
    let order = distinct.indices.sorted { distinct[$0] < distinct[$1] }
    var rankOf = [Int](repeating: 0, count: distinct.count)
    for (rank, id) in order.enumerated() { rankOf[id] = rank }
    for i in 0..<count { local[i] = rankOf[local[i]] }
    return local
}

/// A finding's fingerprint: two 64-bit FNV-1a hashes, shown as 32 lowercase hex digits. Kept as
/// integers (a report holds 100 000+ fingerprints; the text is built when asked for); a fingerprint
/// set by hand that is not 32 hex digits is kept as text.
struct FingerprintValue: Sendable, Hashable, Comparable {
    var a: UInt64
    var b: UInt64
    var text: String?

    init(_ a: UInt64, _ b: UInt64) {
        self.a = a
        self.b = b
        text = nil
    }

    init(_ string: String) {
        let bytes = Array(string.utf8)
        func nibble(_ c: UInt8) -> UInt64? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt64(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt64(c - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        var halves: [UInt64] = [0, 0]
        var ok = bytes.count == 32
        if ok {
            for (i, c) in bytes.enumerated() {
                guard let v = nibble(c) else { ok = false; break }
                halves[i / 16] = halves[i / 16] << 4 | v
            }
        }
        a = ok ? halves[0] : 0
        b = ok ? halves[1] : 0
        text = ok ? nil : string
    }

    /// 32 lowercase hex digits.
    var string: String {
        if let text { return text }
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

    /// Orders as the strings do (fixed-length lowercase hex orders as the numbers).
    static func < (x: Self, y: Self) -> Bool {
        if x.text == nil && y.text == nil { return (x.a, x.b) < (y.a, y.b) }
        return x.string < y.string
    }

    // A text fingerprint is never 32 hex digits, so it never equals an integer one.
    static func == (x: Self, y: Self) -> Bool {
        switch (x.text, y.text) {
        case (nil, nil): return x.a == y.a && x.b == y.b
        case let (s?, t?): return s == t
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        if let text { hasher.combine(text) } else { hasher.combine(a); hasher.combine(b) }
    }
}
