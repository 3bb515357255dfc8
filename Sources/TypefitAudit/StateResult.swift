import TypefitCore

/// What one state produced.
struct StateResult {
    var findings: [Finding] = []
    var checks = 0
    /// Button heights by element id.
    var buttonHeights: [String: Double] = [:]
    /// Elements showing a fallback string.
    var fallbackElements: Set<String> = []
    /// Per element: facts that do not depend on the layout (reported once per element and locale).
    var facts: [String: ElementFacts] = [:]
    /// Font files that drew text, by face id (ids are cheap to hash; paths are not).
    var fontFiles: [Int: String] = [:]
}
