import TypefitCore

/// A rule of the audit: its description (what it checks, why, and the examples that test it) and,
/// through one of the check protocols below, the check itself — both in the rule's own file,
/// `Rules/<Name>Rule.swift`. A rule checks at exactly one granularity:
///
/// - `TextRule`: one text element laid out in one screen state (`TextCheck`);
/// - `ScreenRule`: one screen state after layout (`ScreenCheck`);
/// - `LocaleRule`: one element in one locale, over all the states of a job (`LocaleCheck`);
/// - `SpecRule`: one screen spec, whatever the devices, locales and sizes (`SpecCheck`).
///
/// `Rules` lists them; `RuleCoverageTests` proves every `RuleID` is checked by exactly one rule, and
/// `RuleExampleTests` runs every rule's examples.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
}

/// A rule about one text element in one screen state (truncation, clipping, autoshrink, fallbacks).
protocol TextRule: Rule {
    /// Appends the rule's findings about `text` to `result`.
    static func check(_ text: TextCheck, into result: inout StateResult)
}

/// A rule about one laid-out screen state (the content's fit, the keyboard, touch targets).
protocol ScreenRule: Rule {
    /// Appends the rule's findings about `screen` to `result`.
    static func check(_ screen: ScreenCheck, into result: inout StateResult)
}

/// A rule about what an element shows in one locale, whatever the state (glyphs, fonts, translations).
protocol LocaleRule: Rule {
    /// Appends the rule's findings about `element` to `result`.
    static func check(_ element: LocaleCheck, into result: inout StateResult)
}

/// A rule about a whole screen spec, whatever devices, locales and sizes are audited.
protocol SpecRule: Rule {
    /// The rule's findings about `spec`.
    static func check(_ spec: SpecCheck) -> [Finding]
}
