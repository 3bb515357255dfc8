import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Wrapping, truncation and line limits, checked as behaviour: what a careful text engineer expects
/// UILabel to show, with widths taken from hb-shape's fixture where a number is needed.
final class LineBreakingTests: XCTestCase {
    let inter = TestSupport.font("Inter-Regular.otf")

    func measure(
        _ text: String, size: Double = 17, width: Double? = nil, lines: Int? = nil, mode: String? = nil,
        font: String? = nil, locale: String = "en"
    ) throws -> MeasureResult {
        var r = MeasureRequest(text: text)
        r.font = [font ?? inter]
        r.size = size
        r.width = width
        r.lines = lines
        r.lineBreak = mode
        r.locale = locale
        r.tracking = "none"
        return try TestSupport.engine.measure(r)
    }

    /// hb-shape's width of a fixture sample at `size`.
    func hbWidth(_ id: String, size: Double) throws -> Double {
        let s = try XCTUnwrap(try HBShapeWidthTests.samples().first { $0.id == id })
        return s.advance * size / s.upem
    }

    /// Canonically equivalent strings are equal as Swift `String`s, but they are different text to a
    /// shaper (U+00E9 is one cluster of one code unit; "e" + U+0301 is two code units, often two
    /// glyphs). The engine's caches must not hand one the other's layout.
    func testCanonicallyEquivalentTextsAreCachedApart() throws {
        let composed = "R\u{E9}sum\u{E9} exact-cache", decomposed = "Re\u{301}sume\u{301} exact-cache"
        XCTAssertEqual(composed, decomposed, "Swift compares by canonical equivalence")
        let first = try measure(composed)
        let second = try measure(decomposed)
        XCTAssertEqual(Array(first.lines[0].text.unicodeScalars), Array(composed.unicodeScalars))
        XCTAssertEqual(
            Array(second.lines[0].text.unicodeScalars), Array(decomposed.unicodeScalars),
            "the decomposed text is shown as itself, not as the cached composed form")
    }

    func testWordWrapBreaksAtSpacesAndTrailingSpacesHang() throws {
        let natural = try hbWidth("en-signin", size: 17)  // "Sign in with Google"
        let fits = try measure("Sign in with Google", width: natural)
        XCTAssertEqual(fits.lineCount, 1, "an exact fit stays on one line")
        let wrapped = try measure("Sign in with Google", width: natural - 0.5)
        XCTAssertEqual(wrapped.lines.map(\.text), ["Sign in with ", "Google"])
        XCTAssertLessThanOrEqual(wrapped.lines[0].width, natural - 0.5)
        // The trailing space hangs: it is not part of the line width.
        let withSpaces = try measure("Sign in with Google   ", width: natural)
        XCTAssertEqual(withSpaces.lineCount, 1)
        XCTAssertEqual(withSpaces.naturalWidth, natural, accuracy: 0.01)
    }

    func testLongWordBreaksInsideOnlyWhenItAloneDoesNotFit() throws {
        let r = try measure("Go Donaudampfschifffahrtsgesellschaft", width: 120)
        XCTAssertEqual(r.lines.first?.text, "Go ", "the long word moves to its own line first")
        XCTAssertGreaterThan(r.lineCount, 2, "then breaks inside (emergency break)")
        XCTAssertEqual(r.lines.map(\.text).joined(), "Go Donaudampfschifffahrtsgesellschaft")
        for line in r.lines { XCTAssertLessThanOrEqual(line.width, 120.001) }
    }

    func testCharWrappingBreaksBeforeTheFirstClusterThatDoesNotFit() throws {
        let r = try measure("Sign in with Google", width: 60, mode: "char")
        XCTAssertEqual(r.lines.map(\.text).joined(), "Sign in with Google")
        XCTAssertTrue(r.lines.dropLast().contains { !$0.text.hasSuffix(" ") }, "char wrapping cuts inside words")
        for line in r.lines { XCTAssertLessThanOrEqual(line.width, 60.001) }
    }

    func testMandatoryBreaks() throws {
        let r = try measure("Line one\nLine two\u{2028}three")
        XCTAssertEqual(r.lineCount, 3)
        XCTAssertEqual(r.visibleText, "Line one\nLine two\nthree")
    }

    func testTailTruncationKeepsTheLongestPrefixWithEllipsis() throws {
        let natural = try hbWidth("en-signin", size: 17)
        let r = try measure("Sign in with Google", width: natural - 5, lines: 1, mode: "truncate-tail")
        XCTAssertTrue(r.truncated)
        XCTAssertEqual(r.lineCount, 2)
        XCTAssertTrue(r.visibleText.hasPrefix("Sign in with G"))
        XCTAssertTrue(r.visibleText.hasSuffix("…"))
        XCTAssertLessThanOrEqual(r.width, natural - 5 + 0.001)
        // One more character would not fit.
        let kept = r.visibleText.dropLast()
        let longer = try measure(String("Sign in with Google".prefix(kept.count + 1)) + "…")
        XCTAssertGreaterThan(longer.naturalWidth, natural - 5)
    }

    func testHeadAndMiddleTruncation() throws {
        let head = try measure("Sign in with Google", width: 90, lines: 1, mode: "truncate-head")
        XCTAssertTrue(head.visibleText.hasPrefix("…"))
        XCTAssertTrue("Sign in with Google".hasSuffix(head.visibleText.dropFirst()))
        let middle = try measure("Sign in with Google", width: 90, lines: 1, mode: "truncate-middle")
        let parts = middle.visibleText.components(separatedBy: "…")
        XCTAssertEqual(parts.count, 2)
        XCTAssertTrue("Sign in with Google".hasPrefix(parts[0]))
        XCTAssertTrue("Sign in with Google".hasSuffix(parts[1]))
        XCTAssertLessThanOrEqual(middle.width, 90.001)
    }

    func testLineLimitTruncatesOnlyTheLastLine() throws {
        let text = "Please enter the email address associated with your account"
        let r = try measure(text, width: 150, lines: 2, mode: "truncate-tail")
        XCTAssertTrue(r.truncated)
        XCTAssertEqual(r.lines.count, 2)
        XCTAssertFalse(r.lines[0].text.contains("…"))
        XCTAssertTrue(r.lines[1].text.hasSuffix("…"))
        let unlimited = try measure(text, width: 150, lines: 0, mode: "truncate-tail")
        XCTAssertFalse(unlimited.truncated)
        XCTAssertEqual(unlimited.lines.count, unlimited.lineCount)
        XCTAssertGreaterThan(unlimited.lineCount, 2)
        XCTAssertEqual(unlimited.height, Double(unlimited.lineCount) * unlimited.lineHeight, accuracy: 0.001)
        let wordWrap = try measure(text, width: 150, lines: 2, mode: "word")
        XCTAssertTrue(wordWrap.truncated)
        XCTAssertFalse(wordWrap.visibleText.contains("…"), "byWordWrapping cuts without an ellipsis")
    }

    func testClippingShowsNoEllipsis() throws {
        let r = try measure("Sign in with Google", width: 60, lines: 1, mode: "clip")
        XCTAssertTrue(r.truncated)
        XCTAssertFalse(r.visibleText.contains("…"))
        XCTAssertTrue("Sign in with Google".hasPrefix(r.visibleText))
    }

    func testLineHeightUsesHheaMetrics() throws {
        // Inter: hhea ascender 2728, descender -680, lineGap 0 at 2816 upem (read with FreeType).
        let r = try measure("Hello")
        XCTAssertEqual(r.lineHeight, 17 * (2728.0 + 680.0) / 2816.0, accuracy: 0.001)
    }

    func testMissingGlyphsAreReportedNotMeasuredSilently() throws {
        // Egyptian hieroglyphs and an unassigned code point: no bundled font has them.
        var r = MeasureRequest(text: "Log in 𓀀\u{0378}")
        r.size = 17
        let result = try TestSupport.engine.measure(r)
        XCTAssertEqual(result.missingGlyphs.count, 2)
        XCTAssertEqual(result.missingGlyphs.characters, ["U+13000", "U+0378"])
        XCTAssertEqual(result.fonts.map(\.family), ["Inter"])
    }

    func testFallbackByScriptAndLanguage() throws {
        var r = MeasureRequest(text: "設定 Settings")
        r.size = 17
        r.locale = "ja"
        XCTAssertEqual(try TestSupport.engine.measure(r).fonts.first?.family, "Noto Sans CJK JP")
        r.locale = "zh-Hant"
        XCTAssertEqual(try TestSupport.engine.measure(r).fonts.first?.family, "Noto Sans CJK TC")
        r.locale = "zh-Hans"
        XCTAssertEqual(try TestSupport.engine.measure(r).fonts.first?.family, "Noto Sans CJK SC")
        var urdu = MeasureRequest(text: "پاس ورڈ")
        urdu.size = 17
        urdu.locale = "ur"
        XCTAssertEqual(try TestSupport.engine.measure(urdu).fonts.first?.family, "Noto Nastaliq Urdu")
        urdu.locale = "fa"
        XCTAssertEqual(try TestSupport.engine.measure(urdu).fonts.first?.family, "Noto Sans Arabic")
    }

    func testRightToLeftTextMeasuresAndTruncates() throws {
        let arabic = TestSupport.font("NotoSansArabic-Regular.ttf")
        let text = "تسجيل الدخول باستخدام جوجل"
        let full = try measure(text, font: arabic, locale: "ar")
        XCTAssertEqual(full.lineCount, 1)
        let r = try measure(text, width: full.naturalWidth * 0.6, lines: 1, mode: "truncate-tail", font: arabic, locale: "ar")
        XCTAssertTrue(r.truncated)
        XCTAssertTrue(r.visibleText.hasPrefix("تسجيل"), "the logical start is kept")
        XCTAssertLessThanOrEqual(r.width, full.naturalWidth * 0.6 + 0.001)
        let wrapped = try measure(text, width: full.naturalWidth * 0.6, font: arabic, locale: "ar")
        XCTAssertEqual(wrapped.lineCount, 2)
        XCTAssertTrue(wrapped.lines[0].text.hasPrefix("تسجيل"))
    }

    func testSystemStandInHasNoSwitchAt20ptAndTracksWithSFsTrak() throws {
        var r = MeasureRequest(text: "Bankey")
        r.tracking = "none"
        r.size = 19.99
        let below = try TestSupport.engine.measure(r).naturalWidth
        r.size = 20
        let at = try TestSupport.engine.measure(r).naturalWidth
        // SF varies smoothly between 17 and 28 pt (no hard switch at 20 pt): 0.01 pt more is 0.05 % wider
        // or so, where 0.1.0 jumped to Inter Display (about 7 % narrower).
        XCTAssertEqual(at / below, 20 / 19.99, accuracy: 0.002)
        // SF's own tracking at 17 pt (its trak table: −47/2048 em per cluster; the HIG says −26/1000).
        r.size = 17
        r.tracking = nil
        let tracked = try TestSupport.engine.measure(r).naturalWidth
        r.tracking = "none"
        let plain = try TestSupport.engine.measure(r).naturalWidth
        XCTAssertEqual(tracked - plain, 6 * 17 * -47 / 2048, accuracy: 0.0002)
    }

    func testSystemTrackingIsTheHIGRowAtOrBelowTheSize() {
        // dynamic-type-facts.md §2a (the HIG's iOS table, 1/1000 em); between rows the row below, under
        // 6 pt the 6 pt row, from 80 pt none. 17–19 pt are SF's own trak values (§2 of the facts).
        let expected: [(size: Double, milliEm: Double)] = [
            (5, 41), (6, 41), (6.5, 41), (13, -6), (16.99, -20), (21.5, -18), (22, -12), (34, 12),
            (53, 6), (55, 6), (57, 6), (59, 5), (75, 2), (79.9, 1), (80, 0), (100, 0)
        ]
        for (size, milliEm) in expected {
            XCTAssertEqual(SystemTracking.milliEm(at: size), milliEm, "at \(size) pt")
            XCTAssertEqual(SystemTracking.points(at: size), size * milliEm / 1000, accuracy: 1e-12, "at \(size) pt")
        }
        XCTAssertEqual(SystemTracking.milliEm(at: 17.5), -47.0 / 2048 * 1000)
        // The lookup reads the row at or below the size's floor: the rows must go up, at whole sizes.
        for (a, b) in zip(SystemTracking.table, SystemTracking.table.dropFirst()) { XCTAssertLessThan(a.size, b.size) }
        for row in SystemTracking.table { XCTAssertEqual(row.size, row.size.rounded(), "\(row.size) pt") }
        // Every hundredth of a point from 0 to 100, and a point short of each whole size by less than
        // the lookup's 1e-9 tolerance, against the rows read one by one.
        func scanned(_ size: Double) -> Double { SystemTracking.table.last { $0.size <= size + 1e-9 }?.milliEm ?? 41 }
        for hundredths in 0...10_000 {
            let size = Double(hundredths) / 100
            XCTAssertEqual(SystemTracking.milliEm(at: size), scanned(size), "at \(size) pt")
            XCTAssertEqual(SystemTracking.milliEm(at: size - 5e-10), scanned(size - 5e-10), "at \(size) pt − 5e-10")
        }
        // At each row's own size, and just below the next row's, that row's value (the edges of the search).
        for (a, b) in zip(SystemTracking.table, SystemTracking.table.dropFirst()) {
            XCTAssertEqual(SystemTracking.milliEm(at: a.size), a.milliEm, "at \(a.size) pt")
            XCTAssertEqual(SystemTracking.milliEm(at: b.size - 0.01), a.milliEm, "at \(b.size - 0.01) pt")
        }
    }
}
