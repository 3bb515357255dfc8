import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Axis values outside a variable font's axes are clamped to the axis and reported. The fixture,
/// Fixtures/variable-700/TestVariable700.ttf (made by make-font.py beside it), has wght 100–700 and
/// opsz 8–32; expected advances come from that script's design (checked with fontTools' instancer:
/// wght 700 + opsz 17 → 625 units, wght 400 + opsz 32 → 400), not from typefit.
final class AxisClampTests: XCTestCase {
    static let file = TestSupport.fixtures.appendingPathComponent("variable-700/TestVariable700.ttf").path

    /// The design: 500 units at wght 400 / opsz 12; ±150 at wght 700 / 100; −100 at opsz 32, +100 at opsz 8.
    func designAdvance(wght: Double, opsz: Double) -> Double {
        let w = wght >= 400 ? (wght - 400) / 300 : (wght - 400) / 300
        let o = opsz >= 12 ? (opsz - 12) / 20 : (opsz - 12) / 4
        return 500 + 150 * w - 100 * o
    }

    func width(
        _ engine: TextEngine, _ text: String, weight: FontWeight = .regular, size: Double,
        variations: [String: Double] = [:]
    ) throws -> Double {
        let spec = FontSpec(Self.file, variations: variations)
        return try engine.layout(LayoutRequest(text: text, fonts: .fonts([spec]), weight: weight, size: size, tracking: false)).0
            .naturalWidth
    }

    func testAWeightBeyondTheWghtAxisIsDrawnAtItsEndAndReported() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        XCTAssertEqual(designAdvance(wght: 700, opsz: 17), 625, "the fontTools instancer's value")
        XCTAssertEqual(try width(engine, "ab", weight: .bold, size: 17), 2 * 625.0 / 1000 * 17, accuracy: 1e-9)
        XCTAssertEqual(engine.axisClamps, [], "bold is wght 700: on the axis")
        XCTAssertEqual(
            try width(engine, "ab", weight: .heavy, size: 17), 2 * 625.0 / 1000 * 17, accuracy: 1e-9,
            "heavy (800) asks for wght 800; the axis stops at 700")
        XCTAssertEqual(try width(engine, "ab", weight: .black, size: 17), 2 * 625.0 / 1000 * 17, accuracy: 1e-9)
        let clamps = engine.axisClamps
        XCTAssertEqual(clamps.map(\.requested), [800, 900])
        XCTAssertEqual(clamps.map(\.used), [700, 700])
        XCTAssertEqual(clamps.map(\.origin), [.weight, .weight])
        XCTAssertEqual(
            clamps[0].description,
            "TestVariable700.ttf: wght 800 (from the weight) is outside the font's wght axis 100…700; 700 was used")
        // Recorded once, however often it is asked for.
        _ = try width(engine, "abc", weight: .heavy, size: 20)
        XCTAssertEqual(engine.axisClamps.count, 2)
    }

    func testVariationsOutsideTheAxesAreClampedAndReported() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let w = try width(engine, "ab", size: 17, variations: ["wght": 900, "opsz": 40])
        XCTAssertEqual(w, 2 * designAdvance(wght: 700, opsz: 32) / 1000 * 17, accuracy: 1e-9)
        XCTAssertEqual(designAdvance(wght: 700, opsz: 32), 550)
        XCTAssertEqual(
            engine.axisClamps.map(\.description),
            [
                "TestVariable700.ttf: opsz 40 (from --variations) is outside the font's opsz axis 8…32; 32 was used",
                "TestVariable700.ttf: wght 900 (from --variations) is outside the font's wght axis 100…700; 700 was used"
            ])
        // Inside the axes: drawn as asked, nothing reported.
        let inside = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        XCTAssertEqual(
            try width(inside, "ab", size: 17, variations: ["wght": 550, "opsz": 20]), 2 * 535.0 / 1000 * 17, accuracy: 1e-9,
            "fontTools' instancer: wght 550 + opsz 20 → 535 units")
        XCTAssertEqual(inside.axisClamps, [])
    }

    func testTheOpticalSizeFollowingThePointSizeIsClampedSilently() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        // 60 pt: opsz 60 → 32 (400 units); 6 pt: opsz 6 → 8 (600 units). As UIKit clamps SF's opsz.
        XCTAssertEqual(try width(engine, "ab", size: 60), 2 * 400.0 / 1000 * 60, accuracy: 1e-9)
        XCTAssertEqual(try width(engine, "ab", size: 6), 2 * 600.0 / 1000 * 6, accuracy: 1e-9)
        XCTAssertEqual(engine.axisClamps, [], "nobody asked for opsz 60: it follows the size")
    }
}
