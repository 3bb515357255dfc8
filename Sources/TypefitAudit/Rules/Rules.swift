import TypefitCore

/// Every rule of the audit, by the granularity it checks at.
public enum Rules {
    /// Rules about one text element in one state. Each returns early unless its condition holds. The
    /// audit runs this list and `screen`'s through `check(_:into:)`, in the same order.
    static let text: [any TextRule.Type] = [
        TruncatedRule.self, ClippedRule.self, WordSplitRule.self, AutoshrinkRule.self, AutoshrinkBelowMinimumRule.self,
        FallbackUsedRule.self, FallbackStillOverflowsRule.self, BorderlineFitRule.self
    ]
    /// Rules about one laid-out screen state.
    static let screen: [any ScreenRule.Type] = [DoesNotFitRule.self, HiddenByKeyboardRule.self, TouchTargetRule.self]

    /// Runs every rule of `text`, in its order, on one text of one state. Called directly, not
    /// through the list: a call through an existential rule type takes the check in memory, and
    /// making that copy retained and released its four references for every text of every state.
    /// `RuleExampleTests` runs every rule's examples through the audit, so a rule listed but not
    /// called here fails its triggering examples.
    static func check(_ t: TextCheck, into r: inout StateResult) {
        TruncatedRule.check(t, into: &r)
        ClippedRule.check(t, into: &r)
        WordSplitRule.check(t, into: &r)
        AutoshrinkRule.check(t, into: &r)
        AutoshrinkBelowMinimumRule.check(t, into: &r)
        FallbackUsedRule.check(t, into: &r)
        FallbackStillOverflowsRule.check(t, into: &r)
        BorderlineFitRule.check(t, into: &r)
    }

    /// Runs every rule of `screen`, in its order, on one state (called directly as `check(_:into:)`).
    static func check(_ s: ScreenCheck, into r: inout StateResult) {
        DoesNotFitRule.check(s, into: &r)
        HiddenByKeyboardRule.check(s, into: &r)
        TouchTargetRule.check(s, into: &r)
    }
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
