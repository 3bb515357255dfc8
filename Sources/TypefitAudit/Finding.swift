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
        // (a report can hold tens of thousands of findings).
        let key = [spec, screen, element, device, orientation, locale, category, rule.rawValue].joined(separator: "\u{1F}")
        var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
        for byte in key.utf8 {
            a = (a ^ UInt64(byte)) &* 0x100000001b3
            b = (b ^ UInt64(byte)) &* 0x100000001b3
        }
        let hex = String(a, radix: 16), hex2 = String(b, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + String(repeating: "0", count: 16 - hex2.count) + hex2
    }

    /// Rank of a category name in reports ("all" first).
    static let categoryRank: [String: Int] = Dictionary(uniqueKeysWithValues: ContentSizeCategory.allCases.map { ($0.name, $0.rawValue + 1) })

    /// The report order: spec, screen, line, column, element, rule, device, orientation, locale,
    /// category (xSmall … AX5), fingerprint.
    struct SortKey: Comparable {
        var strings: [String]
        var numbers: (Int, Int, Int)
        init(_ f: Finding) {
            strings = [f.spec, f.screen, f.element, f.rule.rawValue, f.device, f.orientation, f.locale, f.fingerprint]
            numbers = (f.line, f.column, Finding.categoryRank[f.category] ?? 0)
        }
        static func < (a: SortKey, b: SortKey) -> Bool {
            let s = a.strings, t = b.strings
            if s[0] != t[0] { return s[0] < t[0] }
            if s[1] != t[1] { return s[1] < t[1] }
            if a.numbers.0 != b.numbers.0 { return a.numbers.0 < b.numbers.0 }
            if a.numbers.1 != b.numbers.1 { return a.numbers.1 < b.numbers.1 }
            for i in 2..<7 where s[i] != t[i] { return s[i] < t[i] }
            if a.numbers.2 != b.numbers.2 { return a.numbers.2 < b.numbers.2 }
            return s[7] < t[7]
        }
        static func == (a: SortKey, b: SortKey) -> Bool { a.strings == b.strings && a.numbers == b.numbers }
    }

    /// Sorts findings into report order, computing each key once.
    static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.map { (SortKey($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
