import TypefitAudit
import TypefitCore

/// The few places the HTML report's review additions (screen pictures, reading order) read a
/// finding's state: its locale, category, device and orientation, nil where it holds for all.
enum FindingFields {
    static func locale(_ f: Finding) -> String? { f.locale == "all" ? nil : f.locale }
    static func category(_ f: Finding) -> ContentSizeCategory? { ContentSizeCategory(name: f.category) }
    static func device(_ f: Finding) -> String? { f.device == "all" ? nil : f.device }
    static func orientation(_ f: Finding) -> String? { f.orientation == "all" ? nil : f.orientation }
    /// Whether the finding was seen in one screen state (one device, orientation, locale and category).
    static func hasState(_ f: Finding) -> Bool {
        locale(f) != nil && device(f) != nil && orientation(f) != nil && category(f) != nil
    }
}
