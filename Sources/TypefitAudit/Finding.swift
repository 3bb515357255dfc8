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
        let key = [spec, screen, element, device, orientation, locale, category, rule.rawValue].joined(separator: "\u{1F}")
        return String(SHA256.hex(Data(key.utf8)).prefix(20))
    }

    /// Sort order of reports: spec, line, element, rule, device, orientation, locale, category.
    static func ordered(_ a: Finding, _ b: Finding) -> Bool {
        func key(_ f: Finding) -> [String] {
            let category = ContentSizeCategory(name: f.category)?.rawValue ?? -1
            return [f.spec, f.screen, String(format: "%08d", f.line), String(format: "%08d", f.column), f.element,
                    f.rule.rawValue, f.device, f.orientation, f.locale, String(format: "%03d", category + 1), f.fingerprint]
        }
        return key(a).lexicographicallyPrecedes(key(b))
    }
}
