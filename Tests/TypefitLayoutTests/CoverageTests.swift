import CFreeType
import Foundation
import TypefitLayout
import XCTest

@testable import TypefitShaping

/// A face's character coverage (ASCII is answered from a bitmap read at load time, the rest from
/// HarfBuzz's cmap lookup) against FreeType's own cmap lookup, `FT_Get_Char_Index`, for every
/// bundled font file: the two libraries read the cmap independently.
final class CoverageTests: XCTestCase {
    /// Calls `body` with each bundled font file's face (typefit's) and FreeType's face of the same file.
    private func withFaces(_ files: [String], _ body: (String, FontFace, FT_Face?) throws -> Void) throws {
        var library: FT_Library?
        XCTAssertEqual(FT_Init_FreeType(&library), 0)
        defer { FT_Done_FreeType(library) }
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        for file in files {
            let path = (TestSupport.fonts as NSString).appendingPathComponent(file)
            let face = try engine.library.face(path: path, index: 0, variations: [:])
            var ft: FT_Face?
            XCTAssertEqual(FT_New_Face(library, path, 0, &ft), 0, file)
            defer { FT_Done_Face(ft) }
            try body(file, face, ft)
        }
    }

    func testCoverageAgreesWithFreeTypeForEveryBundledFont() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fonts)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") || $0.hasSuffix(".ttc") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        // ASCII (every bit of the bitmap) and a sample beyond it: Latin-1, Arabic, Devanagari, Han, an emoji.
        let samples = Array(0..<128) + [0xA0, 0xE9, 0x2026, 0x0627, 0x0915, 0x4E2D, 0x1F600]
        var mismatches: [String] = []
        var asciiGaps = 0
        try withFaces(files) { file, face, ft in
            for c in samples {
                let expected = FT_Get_Char_Index(ft, FT_ULong(c)) != 0
                if c < 128 && !expected { asciiGaps += 1 }
                if face.covers(Unicode.Scalar(UInt32(c))!) != expected { mismatches.append("\(file) U+\(String(c, radix: 16))") }
            }
        }
        XCTAssertEqual(mismatches, [])
        // Script fonts without Latin letters exercise the bitmap's zero bits.
        XCTAssertGreaterThan(asciiGaps, 0)
    }

    /// Past ASCII a face remembers each answer in a table of 4,096 slots (`tf_coverage`): asked again,
    /// from several threads at once, and after another code point took the slot, every answer for the
    /// Basic Multilingual Plane and beyond is still FreeType's.
    func testRememberedCoverageAgreesWithFreeTypeFromEveryThread() throws {
        let files = [
            "Inter-Regular.otf", "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
            "NotoSansArmenian-Regular.ttf", "NotoColorEmoji.ttf"
        ]
        // Every code point from U+0080 to U+2FFF (Latin, Greek, Cyrillic, Arabic, Indic, punctuation:
        // three laps of the table) and the start of the CJK and emoji blocks.
        let codes = (0x80..<0x3000).map(UInt32.init) + (0x4E00..<0x4F00).map(UInt32.init) + (0x1F600..<0x1F650).map(UInt32.init)
        var covered = 0
        try withFaces(files) { file, face, ft in
            let expected = codes.map { FT_Get_Char_Index(ft, FT_ULong($0)) != 0 }
            covered += expected.filter { $0 }.count
            let wrong = Misses()
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                var misses = 0
                // Each thread walks the codes from its own place, twice: slots are written and read at once.
                for lap in 0..<2 {
                    for n in codes.indices {
                        let i = (n + worker * codes.count / 4 + lap) % codes.count
                        if face.covers(Unicode.Scalar(codes[i])!) != expected[i] { misses += 1 }
                    }
                }
                wrong.add(misses)
            }
            XCTAssertEqual(wrong.total, 0, file)
        }
        XCTAssertGreaterThan(covered, 1000, "the fonts cover much of the range")
    }
}

/// The threads' count of wrong answers.
private final class Misses: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int) { lock.withLock { count += n } }
    var total: Int { lock.withLock { count } }
}
