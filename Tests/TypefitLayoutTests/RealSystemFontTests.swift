import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout
@testable import TypefitShaping

/// Real SF in a font folder replaces the stand-in for the system font. Apple's files may not be used
/// in tests, so the fixture is a variable font of our own shaped like the variable SF-Pro.ttf:
/// Fixtures/variable-sf/TestSystemFont.ttf, made by make-font.py beside it (family "SF Pro", axes wght
/// 1–1000 and opsz 17–28, SF's vertical metrics, a `trak` table). Expectations come from that
/// script's design numbers, not from typefit.
final class RealSystemFontTests: XCTestCase {
    static let folder = TestSupport.fixtures.appendingPathComponent("variable-sf").path
    let engine = TextEngine(fontDirectories: [RealSystemFontTests.folder], bundledFonts: TestSupport.fonts)

    /// The design: advance 1000 at opsz 28 and wght 400; +200 at opsz 17 (linear in the normalized
    /// opsz); ±300 at wght 1000 / 1; track 0 of `trak`: +100 at 6 pt, −47 at 17, +29 at 28, +10 at 60.
    func designAdvance(opsz: Double, wght: Double) -> Double {
        let o = (min(max(opsz, 17), 28) - 28) / 11
        let w = wght >= 400 ? (wght - 400) / 600 : (wght - 400) / 399
        return 1000 - 200 * o + 300 * w
    }

    func designTrack(_ size: Double) -> Double {
        let rows: [(Double, Double)] = [(6, 100), (17, -47), (28, 29), (60, 10)]
        if size <= 6 { return 100 }
        if size >= 60 { return 10 }
        let k = rows.firstIndex { $0.0 >= size }!
        let (a, b) = (rows[k - 1], rows[k])
        return a.1 + (size - a.0) * (b.1 - a.1) / (b.0 - a.0)
    }

    func testVariableSFInAFontFolderIsTheSystemFontAtItsOpticalSize() throws {
        XCTAssertEqual(engine.systemFontSource, .variable(path: Self.folder + "/TestSystemFont.ttf", faceIndex: 0))
        for size in [11.0, 17, 20, 22, 24.5, 28, 40] {
            let (layout, paragraph) = try engine.layout(LayoutRequest(text: "abc", size: size))
            XCTAssertEqual(paragraph.usedFontNames, ["SF Pro"])
            // HarfBuzz rounds a varied advance to whole font units.
            let expected = 3 * (designAdvance(opsz: size, wght: 400).rounded() + designTrack(size)) / 2048 * size
            XCTAssertEqual(layout.naturalWidth, expected, accuracy: 0.001, "\(size) pt: opsz = size clamped to 17…28, trak tracking")
            XCTAssertEqual(layout.lineHeight, size * 2444 / 2048, accuracy: 1e-9, "the font's own hhea line height")
        }
    }

    func testSemiboldIsWght590AndBoldIs700() throws {
        for (weight, wght) in [(FontWeight.semibold, 590.0), (.bold, 700), (.regular, 400)] {
            let l = try engine.layout(LayoutRequest(text: "ab", weight: weight, size: 28, tracking: false)).0
            XCTAssertEqual(l.naturalWidth, 2 * designAdvance(opsz: 28, wght: wght).rounded() / 2048 * 28, accuracy: 0.001, "\(weight)")
        }
    }

    func testTheFontsTrackingAppliesToItsOwnGlyphsOnly() throws {
        // Digits are not in the test font: Noto Sans draws them, untracked.
        let mixed = try engine.layout(LayoutRequest(text: "ab 12", size: 17)).0
        let untracked = try engine.layout(LayoutRequest(text: "ab 12", size: 17, tracking: false)).0
        XCTAssertEqual(
            mixed.naturalWidth - untracked.naturalWidth, 3 * -47.0 / 2048 * 17, accuracy: 1e-9,
            "a, b and the space are tracked by the font's trak; 1 and 2 are not")
    }

    func testTrakTableIsReadAndInterpolated() throws {
        let face = try engine.library.face(path: Self.folder + "/TestSystemFont.ttf")
        let track = try XCTUnwrap(face.track)
        XCTAssertEqual(track.sizes, [6, 17, 28, 60])
        XCTAssertEqual(track.values, [100, -47, 29, 10])
        for size in [4.0, 6, 11.5, 17, 22, 28, 44, 60, 100] {
            XCTAssertEqual(track.value(at: size), designTrack(size), accuracy: 1e-9, "\(size) pt")
        }
        XCTAssertEqual(face.axisRanges["opsz"], 17...28)
        XCTAssertEqual(face.axisRanges["wght"], 1...1000)
        // The bundled fonts have no trak table: the stand-in uses SF's table instead.
        XCTAssertNil(try TestSupport.engine.library.face(path: TestSupport.font("Inter-Regular.otf")).track)
    }

    /// Any variable font named with --font or a spec's family: wght follows the weight and opsz the
    /// point size (clamped to the axes) unless its variations set them.
    func testAVariableFontFollowsTheWeightAndTheSize() throws {
        let file = FontSpec(Self.folder + "/TestSystemFont.ttf")
        func width(_ spec: FontSpec, weight: FontWeight, size: Double) throws -> Double {
            try TestSupport.engine.layout(LayoutRequest(text: "ab", fonts: .fonts([spec]), weight: weight, size: size, tracking: false)).0
                .naturalWidth
        }
        XCTAssertEqual(
            try width(file, weight: .regular, size: 22), 2 * designAdvance(opsz: 22, wght: 400).rounded() / 2048 * 22, accuracy: 0.001)
        XCTAssertEqual(
            try width(file, weight: .semibold, size: 22), 2 * designAdvance(opsz: 22, wght: 600).rounded() / 2048 * 22, accuracy: 0.001)
        XCTAssertEqual(
            try width(file, weight: .regular, size: 12), 2 * designAdvance(opsz: 17, wght: 400).rounded() / 2048 * 12, accuracy: 0.001,
            "opsz clamped to the axis minimum")
        var pinned = file
        pinned.variations = ["opsz": 28]
        XCTAssertEqual(try width(pinned, weight: .regular, size: 17), 2 * 1000.0 / 2048 * 17, accuracy: 0.001, "--variations opsz=28 wins")
    }

    func testWithoutSFTheStandInStandsForTheSystemFont() {
        XCTAssertEqual(TestSupport.engine.systemFontSource, .standIn)
        // A folder without SF (the bundled one given as a user folder) changes nothing.
        XCTAssertEqual(TextEngine(fontDirectories: [TestSupport.fonts], bundledFonts: TestSupport.fonts).systemFontSource, .standIn)
    }
}

/// Static SF Pro Text and SF Pro Display files in a font folder stand for the system font blended
/// along SF's optical-size curve (as the stand-in's cuts are), with no calibration factor. Fixture:
/// Fixtures/static-sf (make-fonts.py: every advance 1200 in "SF Pro Text", 1000 in "SF Pro Display").
final class StaticSystemFontTests: XCTestCase {
    static let folder = TestSupport.fixtures.appendingPathComponent("static-sf").path
    let engine = TextEngine(fontDirectories: [StaticSystemFontTests.folder], bundledFonts: TestSupport.fonts)

    func testStaticTextAndDisplayBlendAlongSFsOpticalSizeCurve() throws {
        XCTAssertEqual(engine.systemFontSource, .staticCuts(text: "SF Pro Text", display: "SF Pro Display"))
        // Display share from SF's avar (system-font-facts.md §2): 0 to 17 pt, 1 − 0.90912 at 19 pt, 1 from 28 pt.
        for (size, display) in [(12.0, 0.0), (17, 0), (19, 1 - 0.90912), (28, 1), (34, 1)] {
            let l = try engine.layout(LayoutRequest(text: "ab", size: size, tracking: false)).0
            XCTAssertEqual(l.naturalWidth, 2 * ((1 - display) * 1200 + display * 1000) / 2048 * size, accuracy: 0.001, "\(size) pt")
            XCTAssertEqual(l.lineHeight, size * 2444 / 2048, accuracy: 1e-9)
        }
    }
}
