import TypefitCore

/// What one state produced.
struct StateResult {
    var findings: [Finding] = []
    /// For each finding appended since the state began, its element's index in
    /// `StateAuditor.checkedNodes` (the order of `ScreenSpec.allElements`): the job keeps its
    /// per-element rows by index, without hashing the finding's element id.
    var findingElements: [Int?] = []
    var checks = 0
    /// Button heights, by the button's index in `StateAuditor.checkedNodes` (the order of
    /// `ScreenSpec.allElements`): appended without hashing the element's id in every state.
    var buttonHeights: [(node: Int, height: Double)] = []
    /// The indexes in `StateAuditor.checkedNodes` of the elements showing a fallback string.
    var fallbackNodes: [Int] = []
    /// Per element, by its index in `StateAuditor.checkedNodes`: facts that do not depend on the
    /// layout (reported once per element and locale). A short list (a state collects the facts of a
    /// few texts), not a table hashed by element id.
    var facts: [(node: Int, facts: ElementFacts)] = []
    /// Font files that drew text, by face id (ids are cheap to hash; paths are not).
    var fontFiles: [Int: String] = [:]
    /// The text previews of the state's findings, when the state is laid out for the HTML report
    /// (`StateAuditor.keepPreviews`).
    var previews: [PreviewKey: PreviewSource] = [:]

    /// Empties everything but the findings, keeping the tables' storage for the job's next state
    /// (a job has dozens of states; each grew its tables from nothing). A list already empty is
    /// left alone: most are in most states, and emptying one still went through the general
    /// `replaceSubrange` (about 130 instructions a list, 20 million on the benchmark corpus).
    mutating func clearForNextState() {
        checks = 0
        if !findingElements.isEmpty { findingElements.removeAll(keepingCapacity: true) }
        if !buttonHeights.isEmpty { buttonHeights.removeAll(keepingCapacity: true) }
        if !fallbackNodes.isEmpty { fallbackNodes.removeAll(keepingCapacity: true) }
        if !facts.isEmpty { facts.removeAll(keepingCapacity: true) }
        if !fontFiles.isEmpty { fontFiles.removeAll(keepingCapacity: true) }
        if !previews.isEmpty { previews.removeAll(keepingCapacity: true) }
    }

    /// A text finding in the state: its element and rule.
    struct PreviewKey: Hashable {
        var element: String
        var rule: RuleID
    }
}
