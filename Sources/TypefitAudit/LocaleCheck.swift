import TypefitCore
import TypefitSpec
import TypefitStrings

/// One element of a job's screen in the job's locale, over all of its states: what a `LocaleRule`
/// looks at (the findings' scope is the locale, not a state).
struct LocaleCheck {
    let auditor: StateAuditor
    let element: Element
    /// The element's node in the job's `StateAuditor.checkedNodes` (its index in `allElements`).
    let index: Int
    /// What the job's states showed of the element's text (nil when no state showed text).
    let facts: ElementFacts?
    /// The locale as requested (what findings are labelled with).
    let locale: String
    /// The localizations whose strings stand for it, best first.
    var localizations: [String] { auditor.localizations }
    var strings: StringTables { auditor.strings }

    /// Reports `rule` about the element in this locale.
    func report(
        _ rule: RuleID, _ message: @autoclosure () -> String, fix: @autoclosure () -> String?, into result: inout StateResult,
        numbers: (inout Finding.Numbers) -> Void
    ) {
        auditor.add(&result, rule, element, scope: .locale(locale), focused: nil, message(), fix: fix(), numbers: numbers)
    }
}
