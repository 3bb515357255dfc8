import Foundation
import TypefitLayout
import XCTest

@testable import TypefitShaping

/// `measure --jsonl` warms fonts, shape plans and break iterators on another thread
/// (`MeasurePrefetcher`): every result, its `stats` included, is byte for byte the result measured
/// without it, whether the warming ran ahead of the measuring or beside it.
final class MeasurePrefetcherTests: XCTestCase {
    /// The batch tests' requests (real UI strings in many scripts, named and variable fonts, text
    /// styles), one JSON line each, and their bytes as `measure --jsonl` reads them.
    static let lines: [String] = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return MeasureBatchTests.requests().map { String(decoding: try! encoder.encode($0), as: UTF8.self) }
    }()

    /// Each line's result as `measure --jsonl` writes it, stats included.
    func measured(_ batch: MeasureBatch, _ line: String) throws -> String {
        let request = try MeasureRequestParser.parse(line) ?? JSONDecoder().decode(MeasureRequest.self, from: Data(line.utf8))
        var out: [UInt8] = []
        MeasureResultWriter.append(try batch.measure(request), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func expected() throws -> [String] {
        let batch = MeasureBatch(engine: TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts))
        return try Self.lines.map { try measured(batch, $0) }
    }

    func testWarmedAheadTheResultsAreTheSame() throws {
        let expected = try expected()
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let prefetcher = MeasurePrefetcher(engine: engine, maximumLineLength: 1 << 20)
        prefetcher.feed(ArraySlice(Array((Self.lines.joined(separator: "\n") + "\n").utf8)))
        prefetcher.drain()
        // It warmed the fallback fonts of the samples' scripts before anything was measured.
        let loaded = engine.library.loadedFiles.map { ($0 as NSString).lastPathComponent }
        for file in ["NotoSansTamil-Regular.ttf", "NotoSansEthiopic-Regular.ttf", "NotoSansCJK-Regular.ttc", "NotoSansArabic-Regular.ttf"] {
            XCTAssertTrue(loaded.contains(file), "\(file) is opened ahead: \(loaded)")
        }
        XCTAssertFalse(loaded.contains("TestSystemFont.ttf"), "requests naming fonts are left to the measuring thread")
        XCTAssertEqual(engine.shaper.statistics, Shaper.Stats(), "the engine's shaper is left alone")
        let batch = MeasureBatch(engine: engine)
        for (i, line) in Self.lines.enumerated() {
            prefetcher.reached(i + 1)
            XCTAssertEqual(try measured(batch, line), expected[i], "line \(i + 1)")
        }
        prefetcher.stop()
    }

    func testWarmedBesideTheMeasuringTheResultsAreTheSame() throws {
        let expected = try expected()
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let prefetcher = MeasurePrefetcher(engine: engine, maximumLineLength: 1 << 20)
        let batch = MeasureBatch(engine: engine)
        // Fed in pieces that split lines (and characters) anywhere, as reads do, each fed before its
        // lines are measured.
        let bytes = Array((Self.lines.joined(separator: "\n") + "\n").utf8)
        var fed = 0
        var lineEnds: [Int] = []
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineEnds.append(i + 1) }
        for (i, line) in Self.lines.enumerated() {
            while fed < lineEnds[i] {
                let next = min(bytes.count, fed + 1000 + 7 * i % 333)
                prefetcher.feed(bytes[fed..<next])
                fed = next
            }
            prefetcher.reached(i + 1)
            XCTAssertEqual(try measured(batch, line), expected[i], "line \(i + 1)")
        }
        prefetcher.stop()
    }

    func testALineLongerThanItsLimitIsSkippedAndTheNextOnesWarmed() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let prefetcher = MeasurePrefetcher(engine: engine, maximumLineLength: 1 << 20, backlog: 64)
        // A line of 1.2 MB (over the 1 MB the prefetcher holds), fed in reads of 64 kB, then a Tamil
        // request in the same read as the long line's end.
        let long = Array(#"{"text": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1_200_000) + Array(#""}"#.utf8)
        let tamil = Array(#"{"text": "கடவுச்சொல்லை மறந்துவிட்டீர்களா?", "size": 17, "locale": "ta"}"#.utf8)
        let bytes = long + [UInt8(ascii: "\n")] + tamil + [UInt8(ascii: "\n")]
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 65_536)
            prefetcher.feed(bytes[start..<end])
            start = end
        }
        prefetcher.drain()
        let loaded = engine.library.loadedFiles.map { ($0 as NSString).lastPathComponent }
        XCTAssertTrue(loaded.contains("NotoSansTamil-Regular.ttf"), "the line after the long one is warmed: \(loaded)")
        prefetcher.stop()
    }

    func testLinesAlreadyMeasuredAreNotWarmed() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let prefetcher = MeasurePrefetcher(engine: engine, maximumLineLength: 1 << 20)
        let tamil = #"{"text": "கடவுச்சொல்லை மறந்துவிட்டீர்களா?", "size": 17, "locale": "ta"}"#
        let hebrew = #"{"text": "שכחת את הסיסמה?", "size": 17, "locale": "he"}"#
        // The measuring thread is past line 1 before it is read: only line 2 is warmed.
        prefetcher.reached(1)
        prefetcher.feed(ArraySlice(Array((tamil + "\n" + hebrew + "\n").utf8)))
        prefetcher.drain()
        let loaded = engine.library.loadedFiles.map { ($0 as NSString).lastPathComponent }
        XCTAssertFalse(loaded.contains("NotoSansTamil-Regular.ttf"), "\(loaded)")
        XCTAssertTrue(loaded.contains("NotoSansHebrew-Regular.ttf"), "\(loaded)")
        prefetcher.stop()
    }
}
