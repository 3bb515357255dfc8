import Foundation
import TypefitCore
import XCTest

@testable import TypefitLayout

/// Unreadable and corrupt fonts fail with a clear one-line error naming the file.
final class FontErrorTests: XCTestCase {
    func request(font: String, faceIndex: Int? = nil) -> MeasureRequest {
        var r = MeasureRequest(text: "Hello")
        r.font = [font]
        r.faceIndex = faceIndex
        r.size = 17
        return r
    }

    func assertInputError(_ r: MeasureRequest, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try TestSupport.engine.measure(r), file: file, line: line) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains(text), "\(message) should contain \(text)", file: file, line: line)
            XCTAssertFalse(message.contains("\n"), file: file, line: line)
        }
    }

    func testMissingNotAFontTruncatedAndOutOfRange() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-font-errors-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let notFont = dir.appendingPathComponent("notes.ttf")
        try Data("this is not a font, just text".utf8).write(to: notFont)
        let truncated = dir.appendingPathComponent("Inter-cut.otf")
        let inter = try Data(contentsOf: URL(fileURLWithPath: TestSupport.font("Inter-Regular.otf")))
        try inter.prefix(4000).write(to: truncated)
        let empty = dir.appendingPathComponent("empty.otf")
        try Data().write(to: empty)

        assertInputError(request(font: dir.appendingPathComponent("absent.ttf").path), contains: "absent.ttf: error: font file not found")
        assertInputError(request(font: notFont.path), contains: "notes.ttf: error: not a font file")
        assertInputError(request(font: truncated.path), contains: "Inter-cut.otf: error:")
        assertInputError(request(font: empty.path), contains: "empty.otf: error: not a font file")
        assertInputError(
            request(font: TestSupport.font("NotoSansCJK-Regular.ttc"), faceIndex: 12), contains: "face index 12 is out of range")
        assertInputError(request(font: "Helvetica Neu"), contains: "no font file or family named")
    }

    func testUserFontFoldersComeFirst() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-user-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A "brand" folder that provides the Inter family with one file only.
        try FileManager.default.copyItem(
            atPath: TestSupport.font("Inter-Bold.otf"), toPath: dir.appendingPathComponent("Brand-Bold.otf").path)
        let engine = TextEngine(fontDirectories: [dir.path], bundledFonts: TestSupport.fonts)
        var r = MeasureRequest(text: "Hello")
        r.size = 17
        let result = try engine.measure(r)
        XCTAssertEqual(result.fonts.first?.file, "Brand-Bold.otf", "the user's Inter replaces the bundled family")
    }
}
