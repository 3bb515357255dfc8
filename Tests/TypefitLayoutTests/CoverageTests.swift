import CFreeType
import Foundation
import TypefitLayout
import XCTest

@testable import TypefitShaping

/// A face's character coverage (ASCII is answered from a bitmap read at load time, the rest from
/// HarfBuzz's cmap lookup) against FreeType's own cmap lookup, `FT_Get_Char_Index`, for every
/// bundled font file: the two libraries read the cmap independently.
final class CoverageTests: XCTestCase {
    func testCoverageAgreesWithFreeTypeForEveryBundledFont() throws {
        var library: FT_Library?
        XCTAssertEqual(FT_Init_FreeType(&library), 0)
        defer { FT_Done_FreeType(library) }
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let files = try FileManager.default.contentsOfDirectory(atPath: TestSupport.fonts)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") || $0.hasSuffix(".ttc") }.sorted()
        XCTAssertGreaterThan(files.count, 20)
        // ASCII (every bit of the bitmap) and a sample beyond it: Latin-1, Arabic, Devanagari, Han, an emoji.
        let samples = Array(0..<128) + [0xA0, 0xE9, 0x2026, 0x0627, 0x0915, 0x4E2D, 0x1F600]
        var mismatches: [String] = []
        var asciiGaps = 0
        for file in files {
            let path = (TestSupport.fonts as NSString).appendingPathComponent(file)
            let face = try engine.library.face(path: path, index: 0, variations: [:])
            var ft: FT_Face?
            XCTAssertEqual(FT_New_Face(library, path, 0, &ft), 0, file)
            defer { FT_Done_Face(ft) }
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
}
