import Foundation
import TypefitAudit
import TypefitCore
import XCTest

@testable import TypefitReport

/// The reporters' per-finding helpers, which have hand-written fast paths, against their definitions:
/// category names against the list of accepted spellings, the " (editing " search against
/// Foundation's `range(of:)`, and XML escaping against the XML 1.0 rules written out by hand.
final class ReportHelperTests: XCTestCase {
    func testCategoryNamesParseAsTheSpellingListSays() {
        // The definition: the first category (smallest) whose spellings contain the lower-cased name.
        func byDefinition(_ name: String) -> ContentSizeCategory? {
            ContentSizeCategory.allCases.first { $0.spellings.contains(name.lowercased()) }
        }
        var names = ["", "all", "large ", "Larg", "AX6", "accessibility", "ＡＸ1", "ax1\u{0}"]
        for c in ContentSizeCategory.allCases {
            names += [c.name, c.uikitName, c.name.uppercased(), c.name.lowercased(), c.uikitName.uppercased()]
            names += c.spellings
            names += c.spellings.map { $0.uppercased() }
        }
        for name in names {
            XCTAssertEqual(ContentSizeCategory(name: name), byDefinition(name), "'\(name)'")
        }
        XCTAssertEqual(ContentSizeCategory(name: "AX3"), .ax3)
        XCTAssertEqual(ContentSizeCategory(name: "accessibilityExtraLarge"), .ax3)
        XCTAssertNil(ContentSizeCategory(name: "all"))
    }

    /// An accessibility size past AX5 points to AX5 (iOS's largest, HIG: AX1–AX5), not to AX1, the
    /// spelling one edit away; a misspelled UIKit name gets the UIKit name; nothing close, no hint.
    func testUnknownCategoryHints() {
        let largest = "did you mean 'AX5'? It is the largest accessibility size"
        for name in ["AX6", "ax7", "AX9", "AX12", "accessibility6", "Accessibility10"] {
            XCTAssertNil(ContentSizeCategory(name: name), name)
            XCTAssertEqual(ContentSizeCategory.hint(for: name), largest, name)
        }
        XCTAssertEqual(ContentSizeCategory.hint(for: "AX0"), "did you mean 'AX1'?")
        XCTAssertEqual(ContentSizeCategory.hint(for: "Larg"), "did you mean 'Large'?")
        XCTAssertEqual(
            ContentSizeCategory.hint(for: "accessibilityExtraExtraExtraLarge2"), "did you mean 'accessibilityExtraExtraExtraLarge'?")
        XCTAssertEqual(ContentSizeCategory.hint(for: "extraLagre"), "did you mean 'extraLarge'?")
        XCTAssertNil(ContentSizeCategory.hint(for: "huge"))
        XCTAssertNil(ContentSizeCategory.hint(for: "ax99999999999999999999"))
    }

    /// A finding's screen state name is built from its typed title and field being edited, never
    /// parsed back: a title that itself contains " (editing " stays whole.
    func testScreenStateNamesAreBuiltFromTheTitleAndTheEditedField() {
        let state = Finding.State(device: "iPhone 16", orientation: .portrait, locale: "de", category: .ax1, focused: "email")
        func finding(_ title: String, _ scope: Finding.Scope, editing: String? = nil) -> Finding {
            Finding(
                rule: .truncated, severity: .error, spec: "s.yaml", title: title, editing: editing, element: "e", line: 1, column: 1,
                scope: scope, message: "m", fix: nil, numbers: Finding.Numbers())
        }
        let edited = finding("Login (editing mode) — keyboard shown", .state(state))
        XCTAssertEqual(edited.screen, "Login (editing mode) — keyboard shown (editing email)")
        XCTAssertEqual(edited.title, "Login (editing mode) — keyboard shown")
        XCTAssertEqual(edited.editing, "email")
        let plain = finding(
            "Login", .state(Finding.State(device: "iPhone 16", orientation: .portrait, locale: "de", category: .ax1, focused: nil)))
        XCTAssertEqual([plain.screen, plain.title], ["Login", "Login"])
        XCTAssertNil(plain.editing)
        // A locale-level finding seen in a keyboard state names that state too.
        let locale = finding("Login", .locale("de"), editing: "email")
        XCTAssertEqual(locale.screen, "Login (editing email)")
        XCTAssertEqual(locale.editing, "email")
        XCTAssertNil(locale.focused)
        // Rebased under another path, it keeps both.
        XCTAssertEqual(locale.with(spec: "other.yaml").screen, "Login (editing email)")
    }

    func testXMLEscapingFollowsTheXMLCharacterRules() {
        // Markup characters become references; in attributes also quotes, tab and LF; CR always;
        // other controls, U+FFFE and U+FFFF become U+FFFD; everything else (U+FFFD, U+F000, U+EFFF,
        // astral characters, DEL) stays.
        let input = "a&b<c>d\"e'f\tg\nh\ri\u{1}j\u{FFFE}k\u{FFFF}l\u{FFFD}m\u{F000}n\u{EFFF}o😀p\u{7F}q中"
        XCTAssertEqual(
            JUnitReporter.escape(input, attribute: false),
            "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i\u{FFFD}j\u{FFFD}k\u{FFFD}l\u{FFFD}m\u{F000}n\u{EFFF}o😀p\u{7F}q中")
        XCTAssertEqual(
            JUnitReporter.escape(input, attribute: true),
            "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i\u{FFFD}j\u{FFFD}k\u{FFFD}l\u{FFFD}m\u{F000}n\u{EFFF}o😀p\u{7F}q中")
        // Plain text comes back unchanged, and a U+FFFE at the very end is still caught.
        XCTAssertEqual(JUnitReporter.escape("Continue with Google — 続ける", attribute: true), "Continue with Google — 続ける")
        XCTAssertEqual(JUnitReporter.escape("end\u{FFFF}", attribute: false), "end\u{FFFD}")
        XCTAssertEqual(JUnitReporter.escape("\u{EF}", attribute: false), "\u{EF}")
    }
}
