import Foundation
import TypefitCore
import TypefitShaping

/// One problem the audit found, with the numbers a developer can act on.
public struct Finding: Codable, Sendable, Equatable {
    public var rule: RuleID
    public var severity: Severity
    /// Spec file path as given (relative to the working directory when under it).
    public var spec: String
    public var line: Int
    public var column: Int
    public var screen: String
    public var element: String
    public var device: String
    public var orientation: String
    public var locale: String
    public var category: String
    public var message: String
    /// What would fix it.
    public var fix: String?
    public var fingerprint: String
    public var numbers: Numbers
    /// For text findings: builds the rendered preview on demand (not part of the JSON report).
    public var previewSource: PreviewSource?

    enum CodingKeys: String, CodingKey {
        case rule, severity, spec, line, column, screen, element, device, orientation, locale, category, message, fix, fingerprint, numbers
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
        // ranks of one field: each finding's value → its rank among the field's distinct values.
        func ranks(_ values: [String]) -> [Int32] {
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
        // Fields are read with direct property access (a closure per field would copy each finding).
        let spec = ranks(findings.map { $0.spec }), screen = ranks(findings.map { $0.screen })
        let element = ranks(findings.map { $0.element }), rule = ranks(findings.map { $0.rule.rawValue })
        let device = ranks(findings.map { $0.device }), orientation = ranks(findings.map { $0.orientation })
        let locale = ranks(findings.map { $0.locale })
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
