import Foundation
import TypefitCore

/// One accepted problem in `.typefit.yml`: a rule for one element (optionally one spec, screen, locale
/// or category range), with the reason it is accepted and an optional expiry date. Findings it matches
/// are reported as waived and do not fail the run; once expired it fails the run instead.
public struct Waiver: Sendable, Equatable {
    public var rule: RuleID
    public var element: String
    /// The spec file, resolved (nil: any spec).
    public var spec: String?
    public var screen: String?
    /// Canonical-insensitive locale tag (nil: every locale).
    public var locale: String?
    /// The categories it covers, smallest through largest (nil: all 12).
    public var categories: ClosedRange<ContentSizeCategory>?
    public var reason: String
    /// The last day it applies, `yyyy-MM-dd` (UTC).
    public var expires: String?
    /// Where it is written in `.typefit.yml`.
    public var location: SourceLocation

    public init(
        rule: RuleID, element: String, spec: String? = nil, screen: String? = nil, locale: String? = nil,
        categories: ClosedRange<ContentSizeCategory>? = nil, reason: String, expires: String? = nil, location: SourceLocation
    ) {
        self.rule = rule
        self.element = element
        self.spec = spec
        self.screen = screen
        self.locale = locale
        self.categories = categories
        self.reason = reason
        self.expires = expires
        self.location = location
    }

    /// Whether it has expired on `today` (`yyyy-MM-dd`): the expiry day itself still counts.
    public func isExpired(today: String) -> Bool {
        guard let expires else { return false }
        return today > expires
    }

    /// Today's date in UTC as `yyyy-MM-dd`.
    public static func today(_ now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1)
    }
}
