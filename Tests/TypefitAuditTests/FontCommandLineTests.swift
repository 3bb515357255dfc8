import Foundation
import XCTest

/// The built `typefit` on fonts asked for (`--font-dir`, `fonts --script`, `measure --font system`)
/// and on `word-split` in every report format.
final class FontCommandLineTests: XCTestCase {
    static let root = AuditTests.root
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-fontcli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    @discardableResult
    func typefit(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try TypefitCommand.run(args, in: Self.root)
    }

    func assertInvalid(_ args: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try typefit(args)
        XCTAssertEqual(r.code, 2, r.err, file: file, line: line)
        XCTAssertEqual(r.err.trimmingCharacters(in: .newlines), message, file: file, line: line)
        XCTAssertFalse(r.err.contains("Fatal error") || r.err.contains("crashed"), file: file, line: line)
    }

    // MARK: - --font-dir

    func testFontFoldersMustExistAndHoldAFont() throws {
        let missing = work.appendingPathComponent("nope").path
        let file = work.appendingPathComponent("Brand.otf")
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Fonts/Inter-Bold.otf").path, toPath: file.path)
        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try "notes".write(to: empty.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let junk = work.appendingPathComponent("junk")
        try FileManager.default.createDirectory(at: junk, withIntermediateDirectories: true)
        try Data("not a font".utf8).write(to: junk.appendingPathComponent("Brand-Regular.ttf"))
        let spec = "Specs/bankey-login"
        for command in [["audit", spec, "--locales", "en"], ["measure", "--size", "17", "Hello"]] {
            try assertInvalid(command + ["--font-dir", missing], "\(missing): error: font folder not found")
            try assertInvalid(
                command + ["--font-dir", file.path],
                "\(file.path): error: is not a folder (--font-dir takes the folder that holds the font files)")
            try assertInvalid(
                command + ["--font-dir", empty.path],
                "\(empty.path): error: holds no font file (.otf, .ttf, .ttc, .otc) (subfolders are not searched: give each folder with its own --font-dir)"
            )
            let r = try typefit(command + ["--font-dir", junk.path])
            XCTAssertEqual(r.code, 2)
            XCTAssertTrue(
                r.err.hasPrefix("\(junk.path): error: holds no font FreeType can read (1 font file; Brand-Regular.ttf: not a font file"),
                r.err)
        }
        // A folder with a font is used: the brand's Inter Bold replaces the stand-in.
        let brand = work.appendingPathComponent("brand")
        try FileManager.default.createDirectory(at: brand, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: file.path, toPath: brand.appendingPathComponent("Brand.otf").path)
        let ok = try typefit(["measure", "--size", "17", "--font-dir", brand.path, "Hello"])
        XCTAssertEqual(ok.code, 0, ok.err)
        XCTAssertTrue(ok.out.contains("(Brand.otf#0)"), ok.out)
    }

    // MARK: - fonts --script

    func testScriptsByCodeOrNameInAnyCase() throws {
        var outputs: [String: String] = [:]
        for name in ["Arabic", "arab", "Arab", "ARAB", "Hani", "Han", "hani", "Cyrillic", "cyrl", "Thai"] {
            let r = try typefit(["fonts", "--script", name])
            XCTAssertEqual(r.code, 0, "\(name): \(r.err)")
            outputs[name] = r.out
        }
        XCTAssertTrue(
            outputs["Arabic"]!.hasPrefix("Fallback order for Arab (en), after the requested fonts:\n  1. Noto Sans Arabic"),
            outputs["Arabic"]!)
        for name in ["arab", "Arab", "ARAB"] { XCTAssertEqual(outputs[name], outputs["Arabic"], name) }
        XCTAssertTrue(
            outputs["Han"]!.hasPrefix("Fallback order for Hani (en), after the requested fonts:\n  1. Noto Sans CJK SC"), outputs["Han"]!)
        XCTAssertEqual(outputs["Hani"], outputs["Han"])
        XCTAssertEqual(outputs["hani"], outputs["Han"])
        XCTAssertEqual(outputs["cyrl"], outputs["Cyrillic"])
        XCTAssertTrue(outputs["Thai"]!.contains("  1. Noto Sans Thai"), outputs["Thai"]!)
        let ja = try typefit(["fonts", "--script", "Han", "--locale", "ja"])
        XCTAssertTrue(ja.out.contains("  1. Noto Sans CJK JP"), ja.out)
    }

    func testUnknownScriptsAreUsageErrors() throws {
        try assertInvalid(["fonts", "--script", "Arabik"], "typefit: error: unknown script 'Arabik' (did you mean 'Arabic'?)")
        try assertInvalid(["fonts", "--script", "Cyrilic"], "typefit: error: unknown script 'Cyrilic' (did you mean 'Cyrillic'?)")
        try assertInvalid(
            ["fonts", "--script", ""],
            "typefit: error: unknown script ''; use an ISO 15924 code or a Unicode script name (Arab, Arabic, Hani, Han, Cyrl, Cyrillic…)")
        // ICU compares names loosely ("Old Italic" = "old_italic" = "OldItalic"), but not anything else.
        XCTAssertEqual(try typefit(["fonts", "--script", "old_italic"]).code, 0)
        for odd in ["Arabicxxxxxxxxxxxxxx", "Ar%ab", "العربية", String(repeating: "x", count: 500)] {
            let r = try typefit(["fonts", "--script", odd])
            XCTAssertEqual(r.code, 2, odd)
            XCTAssertTrue(r.err.hasPrefix("typefit: error: unknown script"), r.err)
        }
        try assertInvalid(
            ["fonts", "--script", "Arab", "--locale", "a b"],
            "typefit: error: invalid locale 'a b': a locale name uses only letters, digits, '-' and '_' (like zh-Hans or pt_BR)")
    }

    // MARK: - measure --font system

    func testMeasureFontSystemIsTheStandIn() throws {
        let args = ["measure", "--style", "subheadline", "--category", "AX3", "--width", "216", "--format", "json", "Mit Google anmelden"]
        let plain = try typefit(args)
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertTrue(plain.out.contains("\"family\":\"Inter\""), plain.out)
        XCTAssertTrue(plain.out.contains("\"lineHeight\":42.9609"), "SF's line height, 36 × 2444 / 2048: \(plain.out)")
        for name in ["system", "System", "SYSTEM"] {
            let r = try typefit(args + ["--font", name])
            XCTAssertEqual(r.code, 0, "\(name): \(r.err)")
            XCTAssertEqual(r.out, plain.out, "--font \(name) is the system font stand-in, with its tracking")
        }
        let small = try typefit(["measure", "--font", "system", "--size", "12", "--format", "json", "Hello"])
        XCTAssertTrue(small.out.contains("\"family\":\"Inter\","), "below 20 pt the Text cut: \(small.out)")
        try assertInvalid(
            ["measure", "--font", "system", "--font", "Inter", "--size", "17", "Hello"],
            "typefit: error: the system font cannot be combined with other fonts (give either --font system or font files and family names; the fallback cascade follows either way)"
        )
        try assertInvalid(
            ["measure", "--font", "system", "--face-index", "1", "--size", "17", "Hello"],
            "typefit: error: --face-index needs --font with a font file or family")
        let jsonl = try TypefitCommand.run(
            ["measure", "--jsonl", "-"], in: Self.root, stdin: "{\"text\":\"Hello\",\"size\":17,\"font\":\"system\"}\n")
        XCTAssertEqual(jsonl.code, 0, jsonl.err)
        XCTAssertTrue(jsonl.out.contains("\"family\":\"Inter\""), jsonl.out)
    }

    // MARK: - word-split in every report

    func testWordSplitShowsInEveryReportFormat() throws {
        let spec = work.appendingPathComponent("split.yaml")
        try """
        screen: Word split
        locales: [es]
        devices: [iPhone 16]
        categories: [AX5]
        content:
          label: email
          text: "Correo electrónico"
          style: subheadline
          numberOfLines: 0
          width: 216
        """.write(to: spec, atomically: true, encoding: .utf8)
        let formats = [
            "text": "r.txt", "json": "r.json", "junit": "r.xml", "sarif": "r.sarif", "github": "r.log", "xcode": "r.xcode",
            "markdown": "r.md", "html": "r.html"
        ]
        var args = ["audit", spec.path]
        for (format, file) in formats.sorted(by: { $0.key < $1.key }) {
            args += ["--report", "\(format):\(work.appendingPathComponent(file).path)"]
        }
        XCTAssertEqual(try typefit(args).code, 0, "a warning does not fail the run")
        // JUnit lists warnings as failures in a strict run only.
        XCTAssertEqual(try typefit(args + ["--strict"]).code, 1, "--strict fails on the warning")
        for (format, file) in formats {
            let text = try String(contentsOf: work.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(text.contains("word-split"), "\(format) names the rule")
            XCTAssertTrue(text.contains("electrónic / o"), "\(format) shows the split word")
        }
        let json = try String(contentsOf: work.appendingPathComponent("r.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"word\" : \"electrónico\""), json)
        XCTAssertTrue(json.contains("\"wordParts\" : [\n"), json)
    }
}
