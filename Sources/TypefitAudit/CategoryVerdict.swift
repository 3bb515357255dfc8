import TypefitCore

/// What an element's summary says about one content size category (one locale, every device and
/// orientation): the worst error or warning there, or that it fits, that the baseline accepts every
/// failure there, or that the category was not audited. JSON writes the raw values.
public enum CategoryVerdict: String, Sendable, Codable, CaseIterable, Comparable {
    case notAudited = "-"
    case ok
    case accepted
    case warning
    case error

    /// The verdict of a failure of `severity`; nil for info, which does not fail a category.
    public init?(failing severity: Severity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .info: return nil
        }
    }

    /// An error or a warning.
    public var isFailing: Bool { self == .error || self == .warning }

    /// Ordered from nothing to say to the worst: not audited, fits, accepted, warning, error.
    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    /// The worst of several elements' or devices' verdicts in one category.
    public static func worst(_ verdicts: [CategoryVerdict]) -> CategoryVerdict { verdicts.max() ?? .notAudited }
}
