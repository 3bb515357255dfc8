import Foundation
import TypefitCore
import TypefitText
import XCTest

@testable import TypefitLayout
@testable import TypefitShaping

/// The audit's fast paths: a paragraph scaled once per size and laid out at many widths, the one-line
/// shortcut, pooled HarfBuzz buffers and the shape cache under concurrency. Each is checked against
/// the general algorithm or plain HarfBuzz.
final class ScaledLayoutTests: XCTestCase {
    let samples: [(String, String)] = [
        ("Continue with Google", "en"), ("Passwort vergessen?", "de"), ("Mot de passe oublié ?", "fr"),
        ("Войти с помощью Google", "ru"), ("تسجيل الدخول باستخدام Google", "ar"), ("पासवर्ड भूल गए?", "hi"),
        ("ลืมรหัสผ่านใช่ไหม", "th"), ("パスワードをお忘れですか？", "ja"), ("שכחת את הסיסמה?", "he")
    ]

    /// At its natural width a paragraph is one line, not truncated, as wide as its natural width —
    /// the shortcut's answer — and greedy breaking over the same widths agrees; a hair narrower, it
    /// no longer fits on one line.
    func testOneLineShortcutAgreesWithGreedyBreaking() throws {
        let engine = TestSupport.engine
        for (text, locale) in samples {
            let faces = try engine.primaryFaces(.system, weight: .regular, size: 17)
            let p = try engine.paragraph(text, faces: faces, weight: .regular, locale: locale)
            let scaled = ScaledParagraph(p, size: 17, tracking: true)
            let natural = scaled.naturalWidth
            XCTAssertGreaterThan(natural, 20, text)
            let fits = engine.layout(scaled, width: natural, lines: 1, lineBreakMode: .byTruncatingTail, locale: locale)
            XCTAssertEqual(fits.lineCount, 1, text)
            XCTAssertFalse(fits.truncated, text)
            XCTAssertEqual(fits.width, natural, text)
            XCTAssertEqual(fits.lines.map(\.text), [text], text)
            let greedy = LineBreaker().lines(p.analysis, widths: scaled.widths, range: 0..<p.clusterCount, maxWidth: natural, wrap: .word)
            XCTAssertEqual(greedy, [0..<p.clusterCount], text)
            let narrower = engine.layout(scaled, width: natural - 0.5, lines: 1, lineBreakMode: .byTruncatingTail, locale: locale)
            XCTAssertTrue(narrower.truncated, text)
            XCTAssertTrue(narrower.lines[0].ellipsis, text)
            XCTAssertLessThanOrEqual(narrower.lines[0].width, natural - 0.5 + LineBreaker.epsilon, text)
        }
    }

    /// `naturalWidths` (the length budgets' fast path) gives exactly `layout(request).naturalWidth` for
    /// every text: the system font stand-in (both cuts blended) at Text, blended and Display sizes,
    /// Arabic and Japanese through fallback fonts, a named font, and a hard line break; and
    /// `totalNaturalWidth` exactly those widths added up in order.
    func testNaturalWidthsAreTheLayoutsNaturalWidths() throws {
        let engine = TestSupport.engine
        let texts = ["Continue with Google", "تسجيل الدخول باستخدام Google", "メールアドレスでログイン", "Line one\nand a longer line two", ""]
        for (fonts, weight) in [(FontSelection.system, FontWeight.regular), (.system, .semibold), (.fonts([FontSpec("Inter")]), .regular)] {
            for size in [11.0, 17, 21, 34, 53] {
                let widths = try engine.naturalWidths(texts, fonts: fonts, weight: weight, size: size, locale: "ja")
                var sum = 0.0
                for (text, width) in zip(texts, widths) {
                    let (layout, _) = try engine.layout(LayoutRequest(text: text, fonts: fonts, weight: weight, size: size, locale: "ja"))
                    XCTAssertEqual(width, layout.naturalWidth, "\(text) at \(size) pt")
                    sum += layout.naturalWidth
                }
                let total = try engine.totalNaturalWidth(texts, fonts: fonts, weight: weight, size: size, locale: "ja")
                XCTAssertEqual(total, sum, "\(fonts) \(weight) at \(size) pt")
            }
        }
        XCTAssertThrowsError(try engine.naturalWidths(["x"], fonts: .system, weight: .regular, size: 0, locale: "en"))
        XCTAssertThrowsError(try engine.totalNaturalWidth(["x"], fonts: .system, weight: .regular, size: 0, locale: "en"))
    }

    /// Each cluster's kind (`ClusterKind`, worked out once per shaped paragraph) says what the
    /// analysis, the fonts and the missing-glyph list say of it: on texts with spaces, trailing
    /// spaces, hard breaks, a zero-width joiner, fallback fonts (Arabic and Japanese in the system
    /// font) and a character no font has. The paragraph's own table (`scales`), which scaling reads,
    /// holds the same kinds and advances.
    func testClusterKindsSayWhatTheAnalysisAndFontsSay() throws {
        let engine = TestSupport.engine
        let texts = [
            "Continue with Google  ", "Line one\nline two\u{2028}three", "a\u{200D}b 👩‍💻", "تسجيل الدخول Google",
            "メールでログイン", "missing \u{10FFFD} glyph"
        ]
        var seen: ClusterKind = []
        var requested = 0, notRequested = 0
        for text in texts {
            let faces = try engine.primaryFaces(.system, weight: .regular, size: 17)
            let p = try engine.paragraph(text, faces: faces, weight: .regular, locale: "en")
            let a = p.analysis
            XCTAssertEqual(p.clusterKinds.count, p.clusterCount, text)
            for (i, k) in p.clusterKinds.enumerated() {
                let c = a.clusters[i]
                let f = p.clusterFont[i]
                XCTAssertEqual(k.contains(.noWidth), c.isLineSeparator || p.clusterAdvance[i] == 0, "\(text) #\(i)")
                XCTAssertEqual(k.contains(.requested), f >= 0 && faces.contains(p.fonts[f]) && !p.clusterMissing[i], "\(text) #\(i)")
                XCTAssertEqual(k.contains(.space), String(decoding: a.units[c.start..<c.end], as: UTF16.self) == " ", "\(text) #\(i)")
                XCTAssertEqual(k.contains(.hardBreak), c.isLineSeparator || c.breakAfter == .mandatory, "\(text) #\(i)")
                XCTAssertEqual(k.contains(.trailing), c.isHangingSpace || c.isLineSeparator, "\(text) #\(i)")
                XCTAssertEqual(p.scales[i].kind, k, "\(text) #\(i)")
                XCTAssertEqual(p.scales[i].advance, p.clusterAdvance[i], "\(text) #\(i)")
                seen.formUnion(k)
                if k.contains(.requested) { requested += 1 } else { notRequested += 1 }
            }
            XCTAssertEqual(p.hasHardBreaks, text.contains("\n") || text.contains("\u{2028}"), text)
        }
        // Every kind occurs, and both requested and fallback (or missing) clusters.
        XCTAssertEqual(seen, [.noWidth, .requested, .space, .hardBreak, .trailing])
        XCTAssertGreaterThan(requested, 0)
        XCTAssertGreaterThan(notRequested, 10)
    }

    /// A job's kept paragraphs (`ShapedTexts`) are found again by exactly the text, faces, weight
    /// and locale they were shaped for, and by nothing else: a canonically equivalent spelling,
    /// another locale, weight or set of faces is shaped afresh.
    func testShapedTextsFindAParagraphByItsExactKeyOnly() throws {
        let engine = TestSupport.engine
        let kept = ShapedTexts()
        let faces = try engine.primaryFaces(.system, weight: .regular, size: 17)
        let bold = try engine.primaryFaces(.system, weight: .bold, size: 17)
        var shaped = 0
        func paragraph(_ text: String, _ faces: [FontFace], _ weight: FontWeight, _ locale: String) throws -> ShapedParagraph {
            try kept.paragraph(text, faces: faces, weight: weight, locale: locale) {
                shaped += 1
                return try engine.paragraph(text, faces: faces, weight: weight, locale: locale)
            }
        }
        let first = try paragraph("Caf\u{E9}", faces, .regular, "fr")
        XCTAssertTrue(try paragraph("Caf\u{E9}", faces, .regular, "fr") === first)
        XCTAssertEqual(shaped, 1)
        for (text, f, weight, locale) in [
            ("Cafe\u{301}", faces, FontWeight.regular, "fr"), ("Caf\u{E9}", faces, .regular, "de"),
            ("Caf\u{E9}", faces, .semibold, "fr"), ("Caf\u{E9}", bold, .bold, "fr")
        ] {
            XCTAssertFalse(try paragraph(text, f, weight, locale) === first, "\(text) \(weight) \(locale)")
        }
        XCTAssertEqual(shaped, 5)
        // Each is kept in turn.
        XCTAssertTrue(try paragraph("Cafe\u{301}", faces, .regular, "fr") !== first)
        XCTAssertEqual(shaped, 5)
    }

    /// Many tasks asking for the same run at once: it is shaped once.
    func testConcurrentRequestsForOneRunShapeItOnce() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let face = try engine.primaryFaces(.system, weight: .regular, size: 17)[0]
        let units = ArraySlice(Array("Sign in with Apple".utf16))
        let shaper = engine.shaper
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            _ = shaper.shape(units, face: face, rightToLeft: false, script: ScriptTag("Latn"), language: "en")
        }
        XCTAssertEqual(shaper.statistics.shapingCalls, 1)
        XCTAssertEqual(shaper.statistics.cacheHits, 15)
    }

    /// `WidthRange` is exact: a layout made at one width, in every line break mode and line limit, is
    /// byte for byte the layout made afresh at every other width its range contains (lines, their
    /// pieces and widths, line count, truncation, heights, word split), on real texts in nine
    /// scripts, at Text and Display sizes, over a grid of widths and the range's own edges; and the
    /// ranges are not trivially one width (the audit reuses layouts across devices through them).
    func testWidthRangeHoldsExactlyWhereItSays() throws {
        let engine = TestSupport.engine
        let texts =
            samples + [
                ("The quick brown fox jumps over the lazy dog, twice, before breakfast", "en"),
                ("Nutzungsbedingungen und Datenschutzerklärung akzeptieren", "de"),
                ("Line one\nand a longer line two", "en")
            ]
        func description(_ l: TextLayout) -> String {
            let lines = l.lines.map { "\($0.parts) \($0.width) \($0.ellipsis) \($0.text)" }
            return "\(lines) \(l.lineCount) \(l.truncated) \(l.width) \(l.height) \(l.fullHeight) \(String(describing: l.wordSplit))"
        }
        var checked = 0, reused = 0
        for (text, locale) in texts {
            for size in [17.0, 34] {
                let faces = try engine.primaryFaces(.system, weight: .regular, size: size)
                let p = try engine.paragraph(text, faces: faces, weight: .regular, locale: locale)
                let scaled = ScaledParagraph(p, size: size, tracking: true)
                let natural = scaled.naturalWidth
                for mode in LineBreakMode.allCases {
                    for limit in [0, 1, 2] {
                        for base in [natural * 0.3, natural * 0.55, natural * 0.8, natural * 1.2] {
                            var range = WidthRange()
                            let made = engine.layout(
                                scaled, width: base, lines: limit, lineBreakMode: mode, locale: locale, widthRange: &range)
                            XCTAssertTrue(range.contains(base), "\(text) \(mode) \(limit) at \(base)")
                            var widths = stride(from: 0.0, through: natural * 1.5, by: 0.73).map { $0 }
                            for edge in [range.fitted, range.overflowed] where edge.isFinite {
                                let w = edge - LineBreaker.epsilon
                                widths += [w, w.nextDown, w.nextUp, w.nextDown.nextDown]
                            }
                            for w in widths where w >= 0 && w != base && range.contains(w) {
                                let again = engine.layout(scaled, width: w, lines: limit, lineBreakMode: mode, locale: locale)
                                XCTAssertEqual(
                                    description(again), description(made), "\(text) \(size) pt \(mode) \(limit) lines: \(base) → \(w)")
                                reused += 1
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, texts.count * 2 * LineBreakMode.allCases.count * 3 * 4)
        // The ranges span many widths, not one: on average about 95 of the grid's widths, where
        // recording every comparison line breaking makes (a range about a cluster wide for wrapped
        // text) gives about 70.
        XCTAssertGreaterThan(reused, checked * 85)
    }

    /// The audit lays out a text it has not scaled at a size from its `OneLineMetrics` when it fits
    /// on one line: the metrics are the scaled paragraph's numbers to the last bit, and the layout and
    /// its width range are `layout(scaled…)`'s at every width, line limit and line break mode; where
    /// it does not fit, trying first leaves the width range the scaled layout alone gives. On the
    /// system font stand-in (both cuts blended, Text to Display sizes), its Semibold, a named font,
    /// trailing spaces, a hard line break, a zero-width space and no text.
    func testOneLineMetricsLayOutAsTheScaledParagraph() throws {
        let engine = TestSupport.engine
        let texts = samples + [("Continue  ", "en"), ("Line one\nline two", "en"), ("\u{200B}", "en"), ("", "en")]
        func description(_ l: TextLayout) -> String {
            let lines = l.lines.map { "\($0.parts) \($0.width) \($0.ellipsis) \($0.text)" }
            return "\(lines) \(l.lineCount) \(l.truncated) \(l.width) \(l.height) \(l.fullHeight) \(String(describing: l.wordSplit))"
        }
        var oneLine = 0, broken = 0
        for (fonts, weight) in [(FontSelection.system, FontWeight.regular), (.system, .semibold), (.fonts([FontSpec("Inter")]), .regular)] {
            let displayFace = try engine.systemDisplayFace(for: fonts, weight: weight)
            XCTAssertEqual(displayFace == nil, fonts != .system)
            for size in [11.0, 17, 21, 34, 53] {
                let faces = try engine.primaryFaces(fonts, weight: weight, size: size)
                for (text, locale) in texts {
                    let p = try engine.paragraph(text, faces: faces, weight: weight, locale: locale)
                    let display = try displayFace.map { try engine.paragraph(text, faces: [$0], weight: weight, locale: locale) }
                    let tracking = fonts == .system
                    let metrics = OneLineMetrics(p, size: size, tracking: tracking, display: display)
                    let scaled = ScaledParagraph(p, size: size, tracking: tracking, display: display)
                    let name = "\(text) \(fonts) \(weight) \(size) pt"
                    XCTAssertEqual(metrics.naturalWidth.bitPattern, scaled.naturalWidth.bitPattern, name)
                    XCTAssertEqual(metrics.lineHeight.bitPattern, scaled.lineHeight.bitPattern, name)
                    XCTAssertEqual(metrics.oneLineWidth, scaled.oneLineWidth, name)
                    let natural = scaled.naturalWidth
                    for width in [0, natural * 0.5, natural - 0.01, natural, natural + LineBreaker.epsilon, natural + 0.01, natural * 2] {
                        for mode in LineBreakMode.allCases {
                            for limit in [0, 1, 2] {
                                var alone = WidthRange(), tried = WidthRange()
                                let full = engine.layout(
                                    scaled, width: width, lines: limit, lineBreakMode: mode, locale: locale, widthRange: &alone)
                                if let one = engine.oneLineLayout(metrics, width: width, widthRange: &tried) {
                                    XCTAssertEqual(description(one), description(full), "\(name) at \(width)")
                                    oneLine += 1
                                } else {
                                    _ = engine.layout(
                                        scaled, width: width, lines: limit, lineBreakMode: mode, locale: locale, widthRange: &tried)
                                    broken += 1
                                }
                                XCTAssertEqual(tried, alone, "\(name) at \(width) \(mode) \(limit)")
                            }
                        }
                    }
                }
            }
        }
        // Both ways are taken, many times.
        XCTAssertGreaterThan(oneLine, 1000)
        XCTAssertGreaterThan(broken, 1000)
    }

    /// A text no requested font draws (every cluster in a fallback font) scales the same with its
    /// Display-cut paragraph as with its Text-cut paragraph standing in for it, at every size, so
    /// `systemDisplayParagraph(blending:…)` gives the Text cut itself and shapes nothing. A text the
    /// system font draws blends its Display cut, which changes its widths at large sizes: the
    /// comparison would see a wrong stand-in.
    func testTextCutStandsInForTheDisplayCutOnlyWhenNoRequestedFontIsInIt() throws {
        let engine = TestSupport.engine
        let sizes = [11.0, 17, 20, 24, 28, 34, 44, 53]
        func scaled(_ p: ShapedParagraph, _ display: ShapedParagraph, _ size: Double) -> ScaledParagraph {
            ScaledParagraph(p, size: size, tracking: true, display: display, calibrated: true)
        }
        var fallbackOnly = 0
        for weight in [FontWeight.regular, .semibold] {
            let textFaces = try engine.primaryFaces(.system, weight: weight, size: 17)
            let displayFace = try engine.systemDisplayFace(weight: weight)
            for (text, locale) in samples + [("مرحبا، كيف حالك اليوم؟", "ar"), ("今日は\nいい天気", "ja"), ("ขอบคุณ 100", "th")] {
                let p = try engine.paragraph(text, faces: textFaces, weight: weight, locale: locale)
                let full = try engine.paragraph(text, faces: [displayFace], weight: weight, locale: locale)
                var analysis: TextAnalysis?
                let given = try XCTUnwrap(
                    engine.systemDisplayParagraph(
                        blending: p, text, selection: .system, weight: weight, locale: locale, analysis: &analysis))
                guard !p.usesRequestedFont else {
                    XCTAssertFalse(given === p, "\(text): the Display cut is shaped")
                    XCTAssertEqual(given.fonts, full.fonts)
                    XCTAssertEqual(given.clusterAdvance, full.clusterAdvance)
                    continue
                }
                fallbackOnly += 1
                XCTAssertTrue(given === p, "\(text): the Text cut stands in")
                XCTAssertFalse(p.clusterKinds.contains { $0.contains(.requested) })
                for size in sizes {
                    let a = scaled(p, full, size), b = scaled(p, p, size)
                    XCTAssertEqual(a.widths, b.widths, "\(text) at \(size) pt")
                    XCTAssertEqual(a.naturalWidth, b.naturalWidth)
                    XCTAssertEqual(a.lineHeight, b.lineHeight)
                    XCTAssertEqual(a.standInErrorBound, b.standInErrorBound)
                    XCTAssertEqual(
                        ScaledParagraph.naturalWidth(p, size: size, tracking: true, display: full),
                        ScaledParagraph.naturalWidth(p, size: size, tracking: true, display: p))
                    for face in p.fonts + textFaces {
                        XCTAssertEqual(
                            a.ellipsisWidth(face, engine: engine, locale: locale).width,
                            b.ellipsisWidth(face, engine: engine, locale: locale).width)
                    }
                }
            }
            // A Latin text: standing in for its Display cut would change its widths.
            let latin = try engine.paragraph("Continue with Google", faces: textFaces, weight: weight, locale: "en")
            let latinDisplay = try engine.paragraph("Continue with Google", faces: [displayFace], weight: weight, locale: "en")
            XCTAssertTrue(latin.usesRequestedFont)
            XCTAssertNotEqual(scaled(latin, latinDisplay, 34).widths, scaled(latin, latin, 34).widths)
        }
        // Five texts at each weight are in fallback fonts only: Hindi, Thai, Arabic and two Japanese.
        XCTAssertGreaterThanOrEqual(fallbackOnly, 10)
    }
}
