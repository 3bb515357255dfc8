import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// A finding's message and fix are worded through a `TextOutput`: into a String (`message`, `fix`)
/// or straight into the JSON report's bytes (`JSONStringOutput`). Each form reads as its sentence
/// says, and the JSON report's bytes are the String's, escaped as a whole.
final class FindingWordingTests: XCTestCase {
    /// The message and fix as Strings, and the message as the JSON report writes it; the JSON
    /// report's message and fix are checked to be the Strings escaped whole.
    func worded(
        _ w: TextOverflow.Wording, _ n: Finding.Numbers, file: StaticString = #filePath, line: UInt = #line
    ) -> (message: String, fix: String, jsonMessage: String) {
        var message = "", fix = ""
        w.writeMessage(n, to: &message)
        w.writeFix(n, to: &fix)
        var bytes = ByteBuffer(capacity: 16)
        JSONStringOutput.write(into: &bytes) { w.writeMessage(n, to: &$0) }
        let jsonMessage = bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        bytes.removeAll()
        JSONStringOutput.write(into: &bytes) { w.writeFix(n, to: &$0) }
        let jsonFix = bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(jsonMessage, json(message), file: file, line: line)
        XCTAssertEqual(jsonFix, json(fix), file: file, line: line)
        return (message, fix, jsonMessage)
    }

    /// `s` as a JSON string, escaped whole (`JSONStringText`).
    func json(_ s: String) -> String {
        var bytes: [UInt8] = []
        JSONStringText.append(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func numbers(text: String, shown: String, need: Double, available: Double, size: Double) -> Finding.Numbers {
        var n = Finding.Numbers()
        n.text = text
        n.shown = shown
        n.widthNeeded = need
        n.widthAvailable = available
        n.overflow = max(0, need - available)
        n.fontSize = size
        return n
    }

    /// A word wider than its line, after autoshrink, with a fallback string in use.
    func testWordForm() {
        var n = numbers(text: "Supercalifragilistic", shown: "Supercalifr…", need: 180, available: 100, size: 17)
        n.fallback = "Short"
        let w = TextOverflow.Wording(form: .word, language: nil, autoshrinkScale: 0.5, borderline: nil, heightCut: nil)
        let r = worded(w, n)
        XCTAssertEqual(
            r.message,
            "\"Supercalifragilistic\" shows as \"Supercalifr…\" at 17 pt: a word is wider than 100 pt; even at minimumScaleFactor 0.5; fallback Short in use"
        )
        XCTAssertEqual(r.fix, "allow character wrapping or add a shorter fallback string")
    }

    /// Lines cut in height by a label's maxHeight, after its insets.
    func testHeightFormWithMaxHeightAndInsets() {
        let cut = TextOverflow.HeightCut(
            lines: 2, kind: .label, fixedHeight: nil, frameHeight: 50, height: 60.5, lineHeight: 30.25, limit: 44)
        let n = numbers(text: "Hello", shown: "Hello", need: 40, available: 100, size: 20)
        let w = TextOverflow.Wording(form: .height, language: nil, autoshrinkScale: nil, borderline: nil, heightCut: cut)
        let r = worded(w, n)
        XCTAssertEqual(
            r.message,
            "\"Hello\" is cut off vertically: its 2 lines are 60.5 pt tall (line height 30.3 pt); the label's maxHeight of 50 pt leaves 44 pt for them after 6 pt of insets (16.5 pt over) at 20 pt"
        )
        XCTAssertEqual(r.fix, "raise maxHeight to at least 66.5 pt, or remove it")
    }

    /// More lines than numberOfLines allows, with a translation's budget over two lines.
    func testLinesFormWithABudget() {
        var n = numbers(text: "Text", shown: "Te…", need: 300, available: 120, size: 17)
        n.overflow = 60
        n.linesNeeded = 3
        n.linesAllowed = 2
        n.budget = FindingBudget(width: 120, lines: 2, share: 1.25, averageAdvance: 8, estimatedCharacters: 30)
        let w = TextOverflow.Wording(form: .lines, language: "German", autoshrinkScale: nil, borderline: nil, heightCut: nil)
        let r = worded(w, n)
        XCTAssertEqual(
            r.message,
            "\"Text\" shows as \"Te…\": needs 3 lines at 120 pt, numberOfLines is 2 (one line needs 300 pt, 60 pt over) at 17 pt; the German text uses 125 % of its budget of 2 lines × 120 pt; at most ≈ 30 characters"
        )
        XCTAssertEqual(r.fix, "allow 3 lines (or numberOfLines: 0), or add a shorter fallback string")
    }

    /// One line too narrow and too tall for a button's fixed height, with a one-line budget.
    func testOneLineFormCutBothWays() {
        var n = numbers(text: "OK", shown: "O…", need: 80, available: 60, size: 17)
        n.budget = FindingBudget(width: 60, lines: 1, share: 1.333, averageAdvance: 9.5, estimatedCharacters: 6)
        let cut = TextOverflow.HeightCut(
            lines: 1, kind: .button, fixedHeight: 40, frameHeight: 40, height: 43.5, lineHeight: 43.5, limit: 40)
        let w = TextOverflow.Wording(form: .oneLine(.line), language: "French", autoshrinkScale: nil, borderline: nil, heightCut: cut)
        let r = worded(w, n)
        XCTAssertEqual(
            r.message,
            "\"OK\" shows as \"O…\": one line needs 80 pt, has 60 pt (20 pt over) at 17 pt; and its line is 43.5 pt tall; the button's fixed height of 40 pt leaves 40 pt for it (3.5 pt over); the French text uses 133 % of its 60-pt budget; at most ≈ 6 characters"
        )
        XCTAssertEqual(
            r.fix,
            "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most 60 pt, or make it 20 pt wider; and replace the fixed height with minHeight: 40 so it grows to 43.5 pt"
        )
    }

    /// None of a text shows (only its ellipsis): the fix asks for width, never for a fallback string
    /// "of at most 0 pt" or wrapping, which cannot help; in a row that squeezes the text first, it
    /// names the row and the element's compression resistance (as it does, after the usual fix, when
    /// some of the text shows).
    func testNoneOfTheTextShows() {
        let n = numbers(text: "Step 3 of 5", shown: "…", need: 250.44, available: 0, size: 44)
        var byRow = TextOverflow.Wording(form: .oneLine(.line), language: nil, autoshrinkScale: nil, borderline: nil, heightCut: nil)
        byRow.noneShown = true
        byRow.rowResistance = 250
        let r = worded(byRow, n)
        XCTAssertEqual(r.message, "\"Step 3 of 5\" shows as \"…\": one line needs 250.4 pt, has 0 pt (250.4 pt over) at 44 pt")
        XCTAssertEqual(
            r.fix,
            "stack the row vertically at accessibility sizes, or raise its compressionResistance (250, below a neighbour's): the row takes its width first, and none of its text shows in 0 pt, so neither wrapping nor a shorter string helps"
        )
        var narrow = numbers(text: "Step 3 of 5", shown: "…", need: 250.44, available: 12.5, size: 44)
        narrow.linesNeeded = 4
        narrow.linesAllowed = 2
        var byWidth = TextOverflow.Wording(form: .lines, language: nil, autoshrinkScale: nil, borderline: nil, heightCut: nil)
        byWidth.noneShown = true
        XCTAssertEqual(
            worded(byWidth, narrow).fix,
            "give it more width (one line needs 250.4 pt): none of its text shows in 12.5 pt, so neither wrapping nor a shorter string helps"
        )
        // Some of it shows: the usual fix, and where more width would come from.
        let partly = numbers(text: "Step 3 of 5", shown: "Step…", need: 250.44, available: 120, size: 44)
        byRow.noneShown = false
        XCTAssertEqual(
            worded(byRow, partly).fix,
            "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most 120 pt, or make it 130.4 pt wider; its row takes its width first (compressionResistance 250, below a neighbour's): raise it, or stack the row vertically at accessibility sizes"
        )
    }

    /// A short button's fix names each short side: a minimum added, the spec's minimum raised, or,
    /// for a side the spec fixes, the fixed side replaced by the minimum (a minimum beside it would
    /// be a conflicting constraint).
    /// A text that holds typefit's sample for a `%@` says so before the usual fix; not when none of
    /// it shows (only width helps then).
    func testATextHoldingTheSampleForAnArgument() {
        let n = numbers(text: "WWWWWWWWWW was posted", shown: "WWWWWWWW…", need: 300, available: 120, size: 17)
        var w = TextOverflow.Wording(form: .oneLine(.line), language: nil, autoshrinkScale: nil, borderline: nil, heightCut: nil)
        w.holdsSample = true
        XCTAssertEqual(
            worded(w, n).fix,
            "the text holds typefit's sample for a %@ argument (\"WWWWWWWWWW\", a long name in wide letters): give the element `arguments` with a realistic value, or allow wrapping (numberOfLines: 0), add a shorter fallback string of at most 120 pt, or make it 180 pt wider"
        )
        w.noneShown = true
        XCTAssertTrue(worded(w, n).fix.hasPrefix("give it more width"), worded(w, n).fix)
    }

    func testTouchTargetFixNamesEachShortSide() {
        func fix(_ width: Double, _ height: Double, _ sizing: TouchTargetRule.Sizing) -> String? {
            FindingWording.touchTarget(width: width, height: height, sizing: sizing).fix(Finding.Numbers())
        }
        XCTAssertEqual(fix(120, 30, []), "give it minHeight: 44 (or a larger hit area)")
        XCTAssertEqual(fix(120, 30, [.width]), "give it minHeight: 44 (or a larger hit area)", "only the short side counts")
        XCTAssertEqual(fix(220, 40, [.width, .height]), "replace the fixed height (40 pt) with minHeight: 44 (or a larger hit area)")
        XCTAssertEqual(fix(30, 60, []), "give it minWidth: 44 (or a larger hit area)")
        XCTAssertEqual(fix(250, 40, [.width, .minHeight]), "raise its minHeight to 44 (or a larger hit area)")
        XCTAssertEqual(
            fix(30.25, 28, [.width]),
            "give it minHeight: 44 and replace the fixed width (30.3 pt) with minWidth: 44 (or a larger hit area)")
        XCTAssertEqual(
            fix(43.995, 43.98, []), "give it minHeight: 44 (or a larger hit area)", "within 0.01 pt of 44 is 44, as the rule judges")
    }

    /// A field's placeholder whose text has every kind of character JSON escapes, and some it does
    /// not: each piece is escaped as the whole message would be.
    func testEscapingPieceByPieceIsEscapingTheWhole() {
        let text = "Say \"hi\" \\ tab\there\nnew line \u{1}\u{1F} / é 名前 👋🏽 ٱلْعَرَبِيَّة long enough to span words"
        let n = numbers(text: text, shown: "Say \"hi…", need: 412.3, available: 300.04, size: 34.96)
        let w = TextOverflow.Wording(form: .oneLine(.placeholder), language: nil, autoshrinkScale: nil, borderline: nil, heightCut: nil)
        let r = worded(w, n)
        XCTAssertEqual(r.message, "\"\(text)\" shows as \"Say \"hi…\": the placeholder needs 412.3 pt, has 300 pt (112.3 pt over) at 35 pt")
        XCTAssertEqual(
            r.fix, "shorten the text for this locale, or give the field more width at large sizes (e.g. stack the label above the field)")
        XCTAssertTrue(r.jsonMessage.contains(#"\"hi\" \\ tab\there\nnew line \u0001\u001f / é"#), r.jsonMessage)
    }

    /// Points as messages print them: rounded to 0.01 pt, then to 0.1 pt, no trailing ".0".
    func testPointText() {
        let cases: [(Double, String)] = [
            (40, "40"), (27.5, "27.5"), (-3, "-3"), (741.949, "742"), (0.04, "0"), (-0.04, "0"), (-0.06, "-0.1"), (2.25, "2.3"),
            (1_234_567, "1234567"), (9.96, "10"), (0, "0")
        ]
        for (v, expected) in cases {
            XCTAssertEqual(PointText.format(v), expected, "\(v)")
        }
        XCTAssertEqual(TouchTargetRule.message(width: 30, height: 28.96), "button is 30 × 29 pt, under the 44 × 44 pt minimum touch target")
    }

    /// A word-split finding worded when read: the word and its parts, the widths from the numbers,
    /// "less than 0.1" when under 0.05 pt over before rounding, the sample, borderline and box notes.
    func testWordSplitForm() {
        func worded(_ w: WordSplitRule.Wording, _ n: Finding.Numbers) -> (message: String, fix: String) {
            let wording = FindingWording.wordSplit(w)
            var bytes = ByteBuffer(capacity: 16)
            JSONStringOutput.write(into: &bytes) { wording.writeMessage(n, to: &$0) }
            XCTAssertEqual(bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }, json(wording.message(n)))
            return (wording.message(n), wording.fix(n) ?? "")
        }
        var n = numbers(text: "Correo electrónico", shown: "Correo electróni…", need: 210.44, available: 200, size: 53)
        n.word = "electrónico"
        n.wordParts = ["electróni", "co"]
        n.fallback = "Correo"
        let plain = worded(
            WordSplitRule.Wording(barelyOver: false, sampleSpecifier: nil, borderline: nil, measuredWithMissingGlyphs: false), n)
        XCTAssertEqual(
            plain.message,
            "\"Correo electrónico\" breaks inside the word \"electrónico\": \"electróni / co\" — the word alone needs 210.4 pt, the line has 200 pt (10.4 pt over) at 53 pt; fallback Correo in use"
        )
        XCTAssertEqual(plain.fix, "give the text more width at this size, or add a shorter fallback string whose longest word fits 200 pt")
        n.fallback = nil
        n.overflow = 0.05
        let borderline = Borderline(bound: 0.03, size: 22, weight: .regular)
        let all = worded(
            WordSplitRule.Wording(barelyOver: true, sampleSpecifier: "%1$@", borderline: borderline, measuredWithMissingGlyphs: true), n)
        XCTAssertEqual(
            all.message,
            "\"Correo electrónico\" breaks inside the word \"electrónico\": \"electróni / co\" — the word alone needs 210.4 pt, the line has 200 pt (less than 0.1 pt over) at 53 pt; borderline: within the system font stand-in's error (±3.0 % at 22 pt); "
                + MissingGlyphsRule.measuredNote)
        XCTAssertEqual(
            all.fix,
            "the word holds typefit's sample for %1$@ (\"WWWWWWWWWW\", a long name in wide letters): give the element `arguments` with a realistic value, or give the text more width at this size, or add a shorter fallback string whose longest word fits 200 pt; "
                + borderline.guidance)
    }

    /// A does-not-fit finding worded when read: the content's height and room, each side it reaches
    /// past (joined with "and"), below the bar or the safe area; or the bar above the safe area.
    func testDoesNotFitForms() {
        func worded(_ w: DoesNotFitRule.Wording) -> (message: String, fix: String) {
            let wording = FindingWording.doesNotFit(w)
            let n = Finding.Numbers()
            var bytes = ByteBuffer(capacity: 16)
            JSONStringOutput.write(into: &bytes) { wording.writeMessage(n, to: &$0) }
            XCTAssertEqual(bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }, json(wording.message(n)))
            bytes.removeAll()
            JSONStringOutput.write(into: &bytes) { wording.writeFix(n, to: &$0) }
            XCTAssertEqual(bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }, json(wording.fix(n) ?? ""))
            return (wording.message(n), wording.fix(n) ?? "")
        }
        let scroll = "put the content in a scroll view (scrolls: true), or reduce fixed spacing at accessibility sizes"
        let below = worded(.content(height: 701.333, available: 548, overTop: nil, overBottom: 153.333, overWidth: nil, belowBar: false))
        // The sentences the rule wrote out before it was worded when read, numbers as `pt` prints them.
        XCTAssertEqual(
            below.message,
            "content is \(pt(701.333)) pt tall, the safe area leaves 548 pt: it extends \(pt(153.333)) pt below the bottom of the safe area"
        )
        XCTAssertEqual(below.fix, scroll)
        let all = worded(.content(height: 900, available: 600.5, overTop: 12.25, overBottom: 287.25, overWidth: 3, belowBar: true))
        XCTAssertEqual(
            all.message,
            "content is 900 pt tall, the safe area leaves 600.5 pt: it extends \(pt(12.25)) pt above the top of the safe area and \(pt(287.25)) pt below the bottom bar and 3 pt wider than the screen"
        )
        let wide = worded(.content(height: 300, available: 600, overTop: nil, overBottom: nil, overWidth: 20.04, belowBar: true))
        XCTAssertEqual(
            wide.message, "content is 300 pt tall, the safe area leaves 600 pt: it extends \(pt(20.04)) pt wider than the screen")
        let bar = worded(.bar(above: 34.5))
        XCTAssertEqual(bar.message, "the bottom bar reaches 34.5 pt above the safe area")
        XCTAssertEqual(bar.fix, "let the bar's content wrap less or shrink it at accessibility sizes")
    }

    /// On every finding of the shipped specs: the JSON report's message and fix are the Strings'.
    func testJSONWordsAreTheStringsOnShippedFindings() throws {
        let findings = try Auditor(options: FindingStorageTests.shippedOptions()).run().findings
        XCTAssertGreaterThan(findings.count, 1000)
        var mismatches: [String] = []
        for f in findings {
            var bytes = ByteBuffer(capacity: 256)
            JSONStringOutput.write(into: &bytes) { f.writeMessage(to: &$0) }
            let message = bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            if message != json(f.message) { mismatches.append(f.message) }
            XCTAssertEqual(f.hasFix, f.fix != nil)
            if let fix = f.fix {
                bytes.removeAll()
                JSONStringOutput.write(into: &bytes) { f.writeFix(to: &$0) }
                if bytes.withUnsafeBytes({ String(decoding: $0, as: UTF8.self) }) != json(fix) { mismatches.append(fix) }
            }
            if mismatches.count > 5 { break }
        }
        XCTAssertEqual(mismatches, [])
    }
}
