import Foundation
import XCTest

/// An axis value outside a variable font's axis is clamped and reported on standard error, by
/// `measure` (single and JSONL) and `audit`. The font is Tests/TypefitLayoutTests/Fixtures/variable-700
/// (wght 100–700, opsz 8–32, made by fontTools); 625 units per letter at wght 700 and opsz 17 is the
/// fontTools instancer's value, so "abc" at 17 pt is 3 × 625 / 1000 × 17 = 31.875 pt.
final class AxisClampCommandLineTests: XCTestCase {
    static let root = AuditTests.root
    static let folder = "Tests/TypefitLayoutTests/Fixtures/variable-700"
    static let font = folder + "/TestVariable700.ttf"

    func testMeasureWarnsAboutAWeightBeyondTheAxis() throws {
        let r = try TypefitCommand.run(
            ["measure", "--font", Self.font, "--weight", "heavy", "--size", "17", "--format", "json", "abc"], in: Self.root)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("\"naturalWidth\":31.875"), r.out)
        XCTAssertEqual(
            r.err,
            "typefit: warning: TestVariable700.ttf: wght 800 (from the weight) is outside the font's wght axis 100…700; 700 was used\n")
        let inside = try TypefitCommand.run(["measure", "--font", Self.font, "--weight", "bold", "--size", "17", "abc"], in: Self.root)
        XCTAssertEqual(inside.code, 0)
        XCTAssertEqual(inside.err, "", "wght 700 is on the axis")
    }

    func testJSONLWarningsNameTheLine() throws {
        let stdin = """
            {"text":"abc","size":17,"font":["\(Self.font)"],"variations":"wght=500"}
            {"text":"abc","size":17,"font":["\(Self.font)"],"variations":"opsz=40"}

            """
        let r = try TypefitCommand.run(["measure", "--jsonl", "-"], in: Self.root, stdin: stdin)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.out.split(separator: "\n").count, 2)
        XCTAssertEqual(
            r.err,
            "<stdin>:2: warning: TestVariable700.ttf: opsz 40 (from --variations) is outside the font's opsz axis 8…32; 32 was used\n")
    }

    func testAuditWarnsOnceAboutASpecsWeightBeyondTheAxis() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-clamp-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("heavy.yaml")
        try """
        screen: Heavy brand title
        locales: [en]
        devices: [iPhone 16]
        categories: [Large, AX5]
        content:
          label: title
          text: "abc"
          font: {family: Test Variable 700, size: 17, relativeTo: body}
          weight: heavy
        """.write(to: spec, atomically: true, encoding: .utf8)
        let r = try TypefitCommand.run(["audit", spec.path, "--font-dir", Self.folder, "--quiet"], in: Self.root)
        XCTAssertEqual(r.code, 0, r.out + r.err)
        let warnings = r.err.split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(
            warnings,
            ["typefit: warning: TestVariable700.ttf: wght 800 (from the weight) is outside the font's wght axis 100…700; 700 was used"])
    }
}
