import Foundation
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

    func testEditingSearchAgreesWithFoundation() {
        let screens = [
            "Paper login", "Paper login — keyboard shown (editing password)", "(editing x)", " (editing ",
            "A (edit) B (editing email)", "A ((editing email)", "A  (editing email) (editing name)",
            "Écran (editing mot de passe)", "ログイン (editing メール)", "x(editing y)", "x (Editing y)", "",
            "😀 (editing 😀)", "a (editing", "a (editin"
        ]
        for s in screens {
            XCTAssertEqual(FindingGroup.editingRange(s), s.range(of: " (editing "), "'\(s)'")
            let expectedBase = s.range(of: " (editing ").map { String(s[..<$0.lowerBound]) } ?? s
            XCTAssertEqual(FindingGroup.baseScreen(s), expectedBase, "'\(s)'")
        }
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
