import TypefitCore
import XCTest

@testable import TypefitBench

/// The results `make bench`'s scripts write, and the targets of issue 18 they decide: item 1 (500
/// copies of the signup screen with a JSON report ≤ 1 GB, flat within ±20 % from 100 to 500 copies)
/// and item 3 (`typefit measure --jsonl` ≥ 10× faster than Pango per check).
final class ScriptResultsTests: XCTestCase {
    /// The lines `scripts/memory-scale.sh` and `scripts/bench-measure.sh` appended in session 46's
    /// and 45's runs (the README's tables).
    static let recorded = """
        measure 11.2 9.9 12.5 10.9
        memory-scale 100 13305600 text 3.69 54
        memory-scale 100 13305600 json 15.48 214
        memory-scale 200 26611200 text 7.60 59
        memory-scale 200 26611200 json 32.40 216
        memory-scale 500 66528000 text 18.96 68
        memory-scale 500 66528000 json 88.72 229

        """

    func testRecordedRunsMeetBothTargets() throws {
        let r = try ScriptResults(parsing: Self.recorded, file: "results.txt")
        XCTAssertEqual(r.memory.count, 6)
        XCTAssertEqual(r.memory[5], .init(copies: 500, checks: 66_528_000, report: .json, wall: 88.72, peakMB: 229))
        XCTAssertEqual(
            r.memoryVerdict, .init(measured: "229 MB at 500 copies, +7 % against 100 copies (214 MB)", met: true))
        XCTAssertEqual(r.measureVerdict, .init(measured: "median 11.2× (9.9–12.5×); best runs 10.9×", met: true))
    }

    /// The gate's rows (text) do not count: only the JSON runs are the target's.
    func testMemoryIsJudgedOnTheJSONRunsOnly() throws {
        let r = try ScriptResults(
            parsing:
                "memory-scale 100 1 text 1 50\nmemory-scale 100 1 json 1 200\nmemory-scale 500 5 text 1 90\nmemory-scale 500 5 json 1 210\n",
            file: "r")
        XCTAssertEqual(r.memoryVerdict?.met, true)
    }

    /// More than 20 % above the 100 copies' peak anywhere up to 500 copies is not flat; a run over
    /// 1 GB is not met however flat.
    func testGrowthOverTwentyPercentOrAGigabyteIsNotMet() throws {
        let grows = try ScriptResults(parsing: "memory-scale 100 1 json 1 200\nmemory-scale 500 5 json 1 241\n", file: "r")
        XCTAssertEqual(grows.memoryVerdict, .init(measured: "241 MB at 500 copies, +21 % against 100 copies (200 MB)", met: false))
        let middle = try ScriptResults(
            parsing: "memory-scale 100 1 json 1 200\nmemory-scale 200 2 json 1 150\nmemory-scale 500 5 json 1 200\n", file: "r")
        XCTAssertEqual(middle.memoryVerdict?.met, false, "200 copies at 25 % below the 100 copies' peak")
        let edge = try ScriptResults(parsing: "memory-scale 100 1 json 1 200\nmemory-scale 500 5 json 1 240\n", file: "r")
        XCTAssertEqual(edge.memoryVerdict?.met, true, "exactly +20 %")
        let large = try ScriptResults(parsing: "memory-scale 100 1 json 1 1000\nmemory-scale 500 5 json 1 1100\n", file: "r")
        XCTAssertEqual(large.memoryVerdict?.met, false)
    }

    /// Without a JSON run at 100 and at 500 copies there is no verdict (the table says not measured),
    /// never a met.
    func testMissingRunsGiveNoVerdict() throws {
        let r = try ScriptResults(parsing: "memory-scale 100 1 json 1 200\nmemory-scale 200 2 json 1 200\n", file: "r")
        XCTAssertNil(r.memoryVerdict)
        XCTAssertNil(r.measureVerdict)
        XCTAssertNil(try ScriptResults(parsing: "", file: "r").memoryVerdict)
    }

    func testMeasureTargetIsTheMedianRatio() throws {
        XCTAssertEqual(try ScriptResults(parsing: "measure 9.9 8.0 12.0 10.5\n", file: "r").measureVerdict?.met, false)
        XCTAssertEqual(try ScriptResults(parsing: "measure 10.0 9.0 11.0 9.5\n", file: "r").measureVerdict?.met, true)
    }

    /// A line it does not understand is an error at its line, with a suggestion for a misspelt kind.
    func testBadLinesAreErrorsAtTheirLine() {
        func error(_ text: String) -> InputError? {
            do {
                _ = try ScriptResults(parsing: text, file: "bench-results.txt")
                return nil
            } catch { return error as? InputError }
        }
        XCTAssertEqual(
            error("measure 11 9 12 10\nmesure 1 2 3 4\n")?.description,
            "bench-results.txt:2:1: error: unknown result 'mesure' (did you mean 'measure'?)")
        XCTAssertEqual(error("memory-scale 100 1 xml 1 200\n")?.line, 1)
        XCTAssertEqual(
            error("memory-scale 100 1 jsn 1 200\n")?.description,
            "bench-results.txt:1:1: error: unknown report 'jsn' (did you mean 'json'?)")
        XCTAssertEqual(error("memory-scale 100 1 json 1\n")?.line, 1)
        XCTAssertEqual(error("memory-scale 0 1 json 1 200\n")?.line, 1)
        XCTAssertEqual(error("measure 11 9 12\n")?.line, 1)
        XCTAssertEqual(error("measure 11 9 12 x\n")?.line, 1)
        XCTAssertEqual(
            error("measure 11 9 12 10\n\nmeasure 11 9 12 10\n")?.description, "bench-results.txt:3:1: error: a second 'measure' line")
    }

    func testAMissingFileIsAnError() {
        XCTAssertThrowsError(try ScriptResults(contentsOf: "/nonexistent/bench-results.txt")) { error in
            XCTAssertEqual((error as? InputError)?.file, "/nonexistent/bench-results.txt")
        }
    }
}
