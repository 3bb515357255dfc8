import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Natural widths against Debian's `hb-shape` 6.0.0 (an independent HarfBuzz front end), for samples
/// in every script Fonts/ covers. Fixtures: Fixtures/hb-shape (regenerate with its make-fixtures.sh).
final class HBShapeWidthTests: XCTestCase {
    struct Sample {
        var id, file: String
        var faceIndex: Int
        var language, script, direction, text: String
        var upem: Double
        var advance: Double
    }

    static func samples() throws -> [Sample] {
        let dir = TestSupport.fixtures.appendingPathComponent("hb-shape")
        func rows(_ name: String) throws -> [[String]] {
            try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("#") }
                .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        }
        var expected: [String: (Double, Double)] = [:]
        for r in try rows("expected.tsv") where r.count >= 3 {
            expected[r[0]] = (Double(r[1])!, Double(r[2])!)
        }
        return try rows("samples.tsv").compactMap { r in
            guard r.count >= 7, let e = expected[r[0]] else { return nil }
            return Sample(
                id: r[0], file: r[1], faceIndex: Int(r[2])!, language: r[3], script: r[4], direction: r[5],
                text: r[6], upem: e.0, advance: e.1)
        }
    }

    func testNaturalWidthsMatchHBShapeInEveryScript() throws {
        let samples = try Self.samples()
        XCTAssertGreaterThanOrEqual(samples.count, 60)
        var scripts = Set<String>()
        for s in samples {
            for size in [11.0, 17.0, 53.0] {
                var request = MeasureRequest(text: s.text)
                request.font = [TestSupport.font(s.file)]
                request.faceIndex = s.faceIndex
                request.size = size
                request.locale = s.language
                request.tracking = "none"
                let result = try TestSupport.engine.measure(request)
                let expected = s.advance * size / s.upem
                XCTAssertEqual(result.naturalWidth, expected, accuracy: 0.01, "\(s.id) at \(size) pt: \(s.text)")
                XCTAssertEqual(result.missingGlyphs.count, 0, "\(s.id) has no missing glyphs")
                XCTAssertEqual(Set(result.fonts.map(\.file)), [s.file], "\(s.id) is drawn with the requested font only")
            }
            scripts.insert(s.script)
        }
        for script in [
            "Latn", "Grek", "Cyrl", "Arab", "Hebr", "Deva", "Beng", "Gujr", "Guru", "Taml", "Telu", "Knda",
            "Mlym", "Sinh", "Thai", "Laoo", "Khmr", "Mymr", "Geor", "Armn", "Ethi", "Orya", "Tibt", "Cans", "Hang"
        ] {
            XCTAssertTrue(scripts.contains(script), "fixtures cover \(script)")
        }
    }

    func testOneTextAtAllTwelveSizesIsShapedOnce() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        var request = MeasureRequest(text: "Forgot your password?")
        request.font = [TestSupport.font("NotoSans-Regular.ttf")]
        request.style = "body"
        var widths: [Double] = []
        for category in ContentSizeCategory.allNames {
            request.category = category
            widths.append(try engine.measure(request).naturalWidth)
        }
        XCTAssertEqual(engine.shaper.statistics.shapingCalls, 1, "one HarfBuzz call for 12 sizes")
        // Widths scale linearly with the point size when nothing depends on size.
        let sizes = TextStyle.body.pointSizes
        for (w, s) in zip(widths, sizes) { XCTAssertEqual(w / s, widths[3] / 17, accuracy: 1e-9) }
    }
}
