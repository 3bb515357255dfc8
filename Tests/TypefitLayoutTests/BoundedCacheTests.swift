import TypefitCore
import TypefitText
import XCTest

@testable import TypefitLayout
@testable import TypefitShaping

/// The process-wide caches (the shaper's runs, the engine's paragraphs) hold at most their bound:
/// when full they are emptied and fill again, so an audit of thousands of screens does not keep every
/// run it ever shaped. What they give back never depends on it: every result equals the uncached
/// engine's (`CachePolicy.disabled`).
final class BoundedCacheTests: XCTestCase {
    /// Real UI strings in several scripts.
    static let texts = [
        "Continue", "Forgot your password?", "Weiter zur Anmeldung", "Mot de passe oublié ?", "パスワードをお忘れですか？",
        "Продолжить", "كلمة المرور", "ดำเนินการต่อ", "Συνέχεια", "Passwort vergessen?", "Create account", "Sign in with Apple"
    ]

    func testTheShaperKeepsAtMostItsBoundAndShapesAsWithoutACache() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let face = try engine.primaryFaces(.system, weight: .regular, size: 17)[0]
        let bounded = Shaper(maximumCachedRuns: 3)
        let uncached = Shaper(cachePolicy: .disabled)
        for (i, text) in Self.texts.enumerated() {
            let units = ArraySlice(Array(text.utf16))
            let a = bounded.shape(units, face: face, rightToLeft: false, script: ScriptTag("Latn"), language: "en")
            let b = uncached.shape(units, face: face, rightToLeft: false, script: ScriptTag("Latn"), language: "en")
            XCTAssertEqual(a.glyphs, b.glyphs, text)
            XCTAssertEqual(a.clusters, b.clusters, text)
            XCTAssertEqual(a.xAdvances, b.xAdvances, text)
            XCTAssertEqual(a.xOffsets, b.xOffsets, text)
            XCTAssertEqual(a.yOffsets, b.yOffsets, text)
            XCTAssertLessThanOrEqual(bounded.cachedRuns, 3, "after \(i + 1) runs")
            // The run just shaped is kept: asked again, it comes from the cache.
            let hits = bounded.statistics.cacheHits
            _ = bounded.shape(units, face: face, rightToLeft: false, script: ScriptTag("Latn"), language: "en")
            XCTAssertEqual(bounded.statistics.cacheHits, hits + 1, text)
        }
        XCTAssertEqual(bounded.statistics.shapingCalls, Self.texts.count, "each distinct run shaped once while it was kept")
        XCTAssertEqual(bounded.cachedRuns, Self.texts.count % 3 == 0 ? 3 : Self.texts.count % 3)
    }

    func testTheEngineKeepsAtMostItsBoundOfParagraphsAndLaysOutAsWithoutACache() throws {
        let bounded = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts, maximumCachedParagraphs: 5, maximumCachedRuns: 7)
        let uncached = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts, cachePolicy: .disabled)
        // Each text twice (a paragraph is kept on its second request), in two locales.
        for round in 0..<2 {
            for text in Self.texts {
                for locale in ["en", "ja"] {
                    let request = LayoutRequest(
                        text: text, fonts: .system, weight: .regular, size: 17, width: 120, lines: 0, lineBreakMode: .byWordWrapping,
                        locale: locale)
                    let (a, _) = try bounded.layout(request)
                    let (b, _) = try uncached.layout(request)
                    XCTAssertEqual(a.naturalWidth, b.naturalWidth, "\(text), \(locale), round \(round)")
                    XCTAssertEqual(a.lines.map(\.text), b.lines.map(\.text), "\(text), \(locale)")
                    XCTAssertEqual(a.lines.map(\.width), b.lines.map(\.width), "\(text), \(locale)")
                    XCTAssertEqual(a.height, b.height, "\(text), \(locale)")
                    let kept = bounded.cachedParagraphs
                    XCTAssertLessThanOrEqual(kept.kept + kept.askedOnce, 5, "\(text), \(locale), round \(round)")
                    XCTAssertLessThanOrEqual(bounded.shaper.cachedRuns, 7)
                }
            }
        }
        // The caches still work within their bound: a paragraph asked for twice in a row is kept.
        var analysis: TextAnalysis?
        let faces = try bounded.primaryFaces(.system, weight: .regular, size: 17)
        _ = try bounded.paragraph("Kept twice", faces: faces, weight: .regular, locale: "en", analysis: &analysis)
        _ = try bounded.paragraph("Kept twice", faces: faces, weight: .regular, locale: "en", analysis: &analysis)
        let built = bounded.paragraphStatistics.built
        _ = try bounded.paragraph("Kept twice", faces: faces, weight: .regular, locale: "en", analysis: &analysis)
        XCTAssertEqual(bounded.paragraphStatistics.built, built, "the third request comes from the cache")
    }

    /// A paragraph's second request keeps it even when that request finds the cache full: the cache
    /// is emptied around it, not before it is recognised as asked for twice.
    func testASecondRequestIsKeptWhenItFindsTheCacheFull() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts, maximumCachedParagraphs: 2)
        let faces = try engine.primaryFaces(.system, weight: .regular, size: 17)
        func ask(_ text: String) throws {
            var analysis: TextAnalysis?
            _ = try engine.paragraph(text, faces: faces, weight: .regular, locale: "en", analysis: &analysis)
        }
        try ask("First")
        try ask("Second")  // two paragraphs asked for once: the cache is full
        try ask("First")  // the second request: kept, the cache emptied around it
        let built = engine.paragraphStatistics.built
        try ask("First")
        XCTAssertEqual(engine.paragraphStatistics.built, built, "the third request comes from the cache")
        XCTAssertEqual(built, 3)
    }
}
