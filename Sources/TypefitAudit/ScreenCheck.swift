import TypefitCore
import TypefitSpec

/// One screen state after layout: the geometry a `ScreenRule` checks (screen coordinates, points).
struct ScreenCheck {
    let auditor: StateAuditor
    var spec: ScreenSpec { auditor.spec }
    /// The screen's size in this orientation.
    let width: Double
    let height: Double
    /// The safe area's top and bottom edges.
    let safeTop: Double
    let safeBottom: Double
    /// The content's layout guide, less the layout margins (and above the bottom bar).
    let box: Rect
    /// The laid-out content (the spec's root element).
    let content: LayoutNode
    /// The laid-out bottom bar, riding on the keyboard layout guide, and its top edge (∞ without one).
    let bar: LayoutNode?
    let barTop: Double
    /// A keyboard is up in this state.
    let keyboardShown: Bool
    /// The top edge of the keyboard (the screen's height without one).
    let keyboardTop: Double
    /// The focused field of a keyboard state.
    let focused: LayoutNode?
    /// The laid-out buttons (content and bar), depth first: what `touch-target` checks. (It walked
    /// every node of the state for them, a retain and a release each.)
    let buttons: [LayoutNode]
    /// The elements marked `primary`.
    let primary: [LayoutNode]

    /// The lowest point not hidden by the keyboard or the bottom bar.
    var visibleBottom: Double { min(keyboardTop, barTop) }

    /// Reports `rule` about `element` in this state.
    func report(
        _ rule: RuleID, _ element: Element, _ message: @autoclosure () -> String, fix: @autoclosure () -> String?,
        into result: inout StateResult, numbers: (inout Finding.Numbers) -> Void
    ) {
        auditor.add(&result, rule, element, message(), fix: fix(), numbers: numbers)
    }

    /// Reports `rule` about `element` in this state, worded when read (`FindingWording`).
    func report(
        _ rule: RuleID, _ element: Element, wording: FindingWording, into result: inout StateResult,
        numbers: (inout Finding.Numbers) -> Void
    ) {
        auditor.add(&result, rule, element, wording: wording, numbers: numbers)
    }
}
