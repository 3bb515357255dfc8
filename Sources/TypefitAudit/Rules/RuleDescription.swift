import TypefitCore

/// What a rule is, why it exists, and the small screens that show it: a rule's documentation and its
/// tests in one place (as SwiftLint's `RuleDescription`). `typefit rules <id>` prints it, and
/// `RuleExampleTests` audits every example: each triggering one must produce the rule at the element
/// (and locale) it names, each non-triggering one must not produce the rule at all.
public struct RuleDescription: Sendable {
    public var id: RuleID
    /// Title Case name.
    public var name: String
    /// Why the rule matters for people who use larger text, with the UIKit behaviour behind it.
    public var rationale: String
    /// The file that holds the rule and its check (`Sources/TypefitAudit/Rules/<Name>Rule.swift`), for
    /// a newcomer reading the code.
    public var checkedIn: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: RuleID, name: String, rationale: String, triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
        file: String = #filePath
    ) {
        self.id = id
        self.name = name
        self.rationale = rationale
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        // The path from the package's Sources/ folder on (the same on every machine).
        checkedIn = file.range(of: "/Sources/", options: .backwards).map { "Sources/" + file[$0.upperBound...] } ?? file
    }

    public var defaultSeverity: Severity { id.defaultSeverity }
    public var summary: String { id.summary }
}
