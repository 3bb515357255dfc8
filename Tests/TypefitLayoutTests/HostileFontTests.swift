import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Hostile fonts and measure requests: truncated and corrupted font files, folders of junk, text no
/// font has, and the inputs the measure fuzzer found (docs/fuzzing.md). Only `InputError` and
/// `MeasureRequestError` may come out; a result must never hold a negative or non-finite number.
final class HostileFontTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-hostile-fonts-\(getpid())-\(name.hashValue)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func request(_ text: String = "Hello, world", font: String? = nil, size: Double? = 17) -> MeasureRequest {
        var r = MeasureRequest(text: text)
        r.font = font.map { [$0] }
        r.size = size
        return r
    }

    /// Measures; returns the one-line error text, or nil when the font worked.
    func outcome(
        _ r: MeasureRequest, engine: TextEngine = TestSupport.engine, file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        do {
            let m = try engine.measure(r)
            for v in [m.naturalWidth, m.width, m.height, m.lineHeight] + m.lines.map(\.width) {
                XCTAssertTrue(v.isFinite && v >= 0, "\(v) in \(m)", file: file, line: line)
            }
            return nil
        } catch let e as InputError {
            XCTAssertFalse(e.description.contains("\n"), file: file, line: line)
            return e.description
        } catch let e as MeasureRequestError {
            return e.description
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
            return "\(error)"
        }
    }

    func testEveryTruncationOfAFontFailsCleanlyOrWorks() throws {
        for name in ["Inter-Regular.otf", "NotoSansThai-Regular.ttf"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.font(name)))
            var errors = 0
            for length in [0, 1, 4, 11, 12, 13, 64, 200, 1000, 4000] + stride(from: 5000, to: data.count, by: data.count / 40).map({ $0 }) {
                let path = dir.appendingPathComponent("cut\(length)-" + name).path
                try data.prefix(length).write(to: URL(fileURLWithPath: path))
                let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
                if let message = outcome(request("Hello ภาษาไทย", font: path), engine: engine) {
                    XCTAssertTrue(message.hasPrefix(path + ": error: "), message)
                    errors += 1
                }
            }
            XCTAssertGreaterThan(errors, 5, name)
        }
        XCTAssertEqual(
            outcome(request(font: dir.appendingPathComponent("cut0-Inter-Regular.otf").path)),
            "\(dir.path)/cut0-Inter-Regular.otf: error: not a font file (0 bytes)")
        XCTAssertEqual(
            outcome(request(font: dir.appendingPathComponent("cut64-Inter-Regular.otf").path)),
            "\(dir.path)/cut64-Inter-Regular.otf: error: not a font file FreeType can read (FreeType error 85)")
    }

    func testCorruptedFontsFailCleanlyOrWork() throws {
        // Deterministic byte flips all over a TrueType and a CFF font (tables, offsets, glyph data).
        for name in ["NotoSans-Regular.ttf", "Inter-Regular.otf"] {
            let original = try Data(contentsOf: URL(fileURLWithPath: TestSupport.font(name)))
            var state: UInt64 = 0x9E3779B97F4A7C15
            for round in 0..<24 {
                var bytes = [UInt8](original)
                for _ in 0..<(round % 4 == 0 ? 1 : 16) {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    // Half the flips land in the first 1 KB: the table directory and headers.
                    let limit = round % 2 == 0 ? min(1024, bytes.count) : bytes.count
                    bytes[Int(state >> 33) % limit] ^= UInt8(truncatingIfNeeded: state >> 8) | 1
                }
                let path = dir.appendingPathComponent("flip\(round)-" + name).path
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
                if let message = outcome(request("Sign in with Google — ÀÉÎ ﬁ 123", font: path), engine: engine) {
                    XCTAssertTrue(message.hasPrefix(path + ": error: "), message)
                }
            }
        }
    }

    func testFaceIndexesAndPaths() {
        var r = request(font: TestSupport.font("Inter-Regular.otf"))
        r.faceIndex = 1
        XCTAssertEqual(
            outcome(r), "\(TestSupport.fonts)/Inter-Regular.otf: error: face index 1 is out of range: the file has 1 face(s) (0…0)")
        r.faceIndex = -1
        XCTAssertEqual(outcome(r), "face index must be 0 or more")
        r = request(font: TestSupport.font("NotoSansCJK-Regular.ttc"))
        r.faceIndex = Int.max
        XCTAssertEqual(
            outcome(r),
            "\(TestSupport.fonts)/NotoSansCJK-Regular.ttc: error: face index \(Int.max) is out of range: the file has 10 face(s) (0…9)")
        XCTAssertEqual(outcome(request(font: dir.path + "/")), "\(dir.path)/: error: font file not found")
        XCTAssertEqual(outcome(request(font: "/dev/null")), "/dev/null: error: font file cannot be read")
        var variable = request(font: TestSupport.font("Inter-Regular.otf"))
        variable.variations = "wght=600"
        XCTAssertEqual(
            outcome(variable),
            "\(TestSupport.fonts)/Inter-Regular.otf: error: the font has no 'wght' variation axis (it is not a variable font)")
    }

    func testJunkInAFontFolderIsSkipped() throws {
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("Junk-Regular.ttf"))
        try Data().write(to: dir.appendingPathComponent("Empty.otf"))
        try Data(count: 100).write(to: dir.appendingPathComponent("Zeros.ttc"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Folder.ttf"), withIntermediateDirectories: true)
        let engine = TextEngine(fontDirectories: [dir.path], bundledFonts: TestSupport.fonts)
        let m = try engine.measure(request())
        XCTAssertEqual(m.fonts.map(\.file), ["Inter-Regular.otf"])
        XCTAssertEqual(outcome(request(font: "Junk"), engine: engine)?.hasPrefix("Junk: error: no font file or family named 'Junk'"), true)
    }

    func testTextNoFontHasIsReportedNotAnError() throws {
        let m = try TestSupport.engine.measure(request("A\u{0378}𒀀B"))
        XCTAssertEqual(m.missingGlyphs.characters, ["U+0378", "U+12000"])
        XCTAssertEqual(m.missingGlyphs.count, 2)
        XCTAssertGreaterThan(m.naturalWidth, 0, "boxes are measured with the primary font's .notdef")
        let empty = try TestSupport.engine.measure(request(""))
        XCTAssertEqual([empty.lineCount, empty.lines.count], [0, 0])
        XCTAssertEqual(empty.width, 0)
    }

    // MARK: - Found by the measure fuzzer

    func testOverlongLocaleIsARequestError() {
        // ICU cannot open a break iterator for it; the error used to escape as a TextAnalysisError.
        var r = request()
        r.locale = String(repeating: "a-", count: 150)
        XCTAssertEqual(outcome(r), "invalid locale '\(String(repeating: "a-", count: 40))': a locale name is at most 64 characters long")
        r.locale = "de\u{0}x"
        XCTAssertEqual(
            outcome(r), "invalid locale 'de\u{0}x': a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)")
        r.locale = "ja@lb=loose"
        XCTAssertNil(outcome(r))
        XCTAssertThrowsError(try TestSupport.engine.layout(LayoutRequest(text: "x", size: 17, locale: String(repeating: "x", count: 65)))) {
            XCTAssertEqual(
                "\($0)",
                "<request>: error: invalid locale '\(String(repeating: "x", count: 65))': a locale name is at most 64 characters long")
        }
    }

    func testZeroAdvanceClustersGetNoNegativeTracking() throws {
        // SF's tracking at 20 pt (title3 at Small) is negative; a lone U+E0001 LANGUAGE TAG has no
        // advance, and its line measured −0.45 pt.
        var r = request("a\u{E0001}b \u{E0001}", size: nil)
        r.style = "title3"
        r.category = "Small"
        r.width = 10
        r.lineBreak = "char"
        let m = try TestSupport.engine.measure(r)
        XCTAssertTrue(m.lines.allSatisfy { $0.width >= 0 }, "\(m.lines)")
        XCTAssertEqual(m.lines.first { $0.text == "\u{E0001}" }?.width, 0)
    }

    func testAbsurdRequestNumbers() {
        for size in [0, -0.0, -1, .nan, .infinity, 1000.0001, 1e308] {
            XCTAssertEqual(outcome(request(size: size)), "size must be greater than 0 and at most 1000 pt (got \(size))")
        }
        var r = request()
        for width in [-1, .nan, .infinity, 100_000.5] {
            r.width = width
            XCTAssertEqual(outcome(r), "width must be between 0 and 100000 pt")
        }
        r.width = 0
        XCTAssertNil(outcome(r), "width 0: one cluster per line")
        r.width = nil
        r.lines = -1
        XCTAssertEqual(outcome(r), "lines must be 0 (unlimited) or a positive number")
        r.lines = Int.max
        XCTAssertEqual(outcome(r), "lines must be 0 (unlimited) or a positive number")
        r.lines = 0
        r.lineHeight = .points(.nan)
        XCTAssertEqual(outcome(r), "lineHeight must be a positive number of points")
        XCTAssertEqual(
            outcome(request(String(repeating: "x", count: MeasureRequest.maximumTextLength + 1))),
            "text is longer than 100000 UTF-16 units")
    }
}
