import TypefitCore

/// Every rule of the audit, by the granularity it checks at.
public enum Rules {
    /// Rules about one text element in one state. Each returns early unless its condition holds.
    static let text: [any TextRule.Type] = [
        TruncatedRule.self, ClippedRule.self, WordSplitRule.self, AutoshrinkRule.self, AutoshrinkBelowMinimumRule.self,
        FallbackUsedRule.self, FallbackStillOverflowsRule.self, BorderlineFitRule.self
    ]
    /// Rules about one laid-out screen state.
    static let screen: [any ScreenRule.Type] = [DoesNotFitRule.self, HiddenByKeyboardRule.self, TouchTargetRule.self]
    /// Rules about one element in one locale.
    static let locale: [any LocaleRule.Type] = [FontFallbackRule.self, MissingGlyphsRule.self, UntranslatedRule.self]
    /// Rules about a whole spec.
    static let spec: [any SpecRule.Type] = [FixedFontSizeRule.self, StringProblemRule.self, LiteralTextRule.self]

    /// Every rule's description, in `RuleID` order.
    public static let all: [RuleDescription] = {
        let rules: [any Rule.Type] = text + screen + locale + spec
        return rules.map { $0.description }.sorted { a, b in
            RuleID.allCases.firstIndex(of: a.id)! < RuleID.allCases.firstIndex(of: b.id)!
        }
    }()

    /// The description of `id`.
    public static func description(of id: RuleID) -> RuleDescription? { all.first { $0.id == id } }
}
