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
    /// Where the check is made (file and function), for a newcomer reading the code.
    public var checkedIn: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public var defaultSeverity: Severity { id.defaultSeverity }
    public var summary: String { id.summary }
}

/// One example screen for a rule: a whole spec (YAML, one document), optionally with a String
/// Catalog (`Localizable.xcstrings`, JSON) beside it, and where the rule must fire.
public struct RuleExample: Sendable {
    public var spec: String
    /// The catalog the spec's `strings: Localizable.xcstrings` reads, if any.
    public var catalog: String?
    /// The element the finding must be about (triggering examples).
    public var element: String?
    /// The locale the finding must be in (triggering examples); nil: any.
    public var locale: String?
    /// Where the example is written, so a failing example points at itself.
    public var file: String
    public var line: Int

    public init(
        _ spec: String, catalog: String? = nil, element: String? = nil, locale: String? = nil,
        file: String = #filePath, line: Int = #line
    ) {
        self.spec = spec
        self.catalog = catalog
        self.element = element
        self.locale = locale
        self.file = file
        self.line = line
    }
}

/// A rule of the audit: its description (the checks themselves run in `StateAuditor` and `Auditor`,
/// named in `RuleDescription.checkedIn`).
public protocol Rule {
    static var description: RuleDescription { get }
}

/// Every rule, in `RuleID` order.
public enum Rules {
    public static let all: [RuleDescription] = [
        TruncatedRule.description, ClippedRule.description, WordSplitRule.description, DoesNotFitRule.description,
        HiddenByKeyboardRule.description, TouchTargetRule.description, FixedFontSizeRule.description,
        AutoshrinkRule.description, AutoshrinkBelowMinimumRule.description, FallbackUsedRule.description,
        FallbackStillOverflowsRule.description, FontFallbackRule.description, MissingGlyphsRule.description,
        UntranslatedRule.description, StringProblemRule.description
    ]

    /// The description of `id`.
    public static func description(of id: RuleID) -> RuleDescription? { all.first { $0.id == id } }
}
