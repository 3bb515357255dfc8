import Foundation
import TypefitLayout
import TypefitShaping
import TypefitText
import XCTest

@testable import TypefitBench

/// The benchmark's profiler and lower bound, on the bundled fonts.
final class LowerBoundTests: XCTestCase {
    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts").path

    /// The lower bound reuses one HarfBuzz buffer for every run; its advances add up to those of runs
    /// shaped in fresh buffers.
    func testLowerBoundLoopShapesAsFreshBuffersDo() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: Self.fonts)
        let faces = try engine.primaryFaces(.system, weight: .regular, size: 17)
        let arabic = try XCTUnwrap(engine.library.face(family: "Noto Sans Arabic", weight: .regular))
        let requests: [ShapeRequest] = [
            .init(
                text: Array("Continue with Google".utf16), face: faces[0], rightToLeft: false, script: ScriptTag("Latn"), language: "en",
                features: []),
            .init(
                text: Array("مرحبا بالعالم".utf16), face: arabic, rightToLeft: true, script: ScriptTag("Arab"), language: "ar", features: []
            ),
            .init(
                text: Array("office ffi".utf16), face: faces[0], rightToLeft: false, script: ScriptTag("Latn"), language: "en",
                features: ["liga=0"])
        ]
        let expected = requests.reduce(0) { sum, r in
            sum
                + Shaper.shapeUncached(
                    r.text, face: r.face, rightToLeft: r.rightToLeft, script: r.script,
                    language: r.language, features: r.features
                ).advanceSum
        }
        XCTAssertGreaterThan(expected, 0)
        XCTAssertEqual(LowerBound.shapeAll(requests), expected)
        XCTAssertEqual(LowerBound.shapeAll(requests + requests), 2 * expected, "the reused buffer starts clean each time")
    }

    /// An engine with the profiler as its observer reports each stage and every run it shaped (each
    /// once: a second layout of the same text shapes nothing); results are the same with and without it.
    func testTheProfilerSeesEveryStageAndEachShapedRunOnce() throws {
        let plain = TextEngine(fontDirectories: [], bundledFonts: Self.fonts)
        let profiled = TextEngine(fontDirectories: [], bundledFonts: Self.fonts)
        let profiler = Profiler()
        profiled.observer = profiler
        let request = LayoutRequest(text: "Continue with Google — مرحبا", size: 17, width: 120, lines: 1, lineBreakMode: .byTruncatingTail)
        let (a, _) = try plain.layout(request)
        let (b, _) = try profiled.layout(request)
        XCTAssertEqual(a.naturalWidth, b.naturalWidth)
        XCTAssertEqual(a.visibleText, b.visibleText)
        let runs = profiler.shapedRuns.count
        XCTAssertEqual(runs, profiled.shaper.statistics.shapingCalls)
        XCTAssertGreaterThan(runs, 1, "Latin and Arabic runs")
        _ = try profiled.layout(request)
        XCTAssertEqual(profiler.shapedRuns.count, runs, "shaped once")
        for stage in EngineStage.allCases { XCTAssertGreaterThan(profiler.seconds(stage), 0, "\(stage)") }
    }
}
