import Foundation
import TypefitCore
import TypefitText
import XCTest

@testable import TypefitShaping

/// Family lookups open only the files whose `name` tables may hold the family (`SFNTFamilyNames`),
/// and fallbacks are resolved only as far as a cluster needs: the same faces as scanning every font
/// with FreeType first, without opening the others (a one-request `typefit measure` no longer opens
/// the two CJK collections).
final class FontLookupTests: XCTestCase {
    let fonts = TestSupport.fonts

    func fontFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fonts).filter(FontLibrary.isFontFileName).sorted().map { fonts + "/" + $0 }
    }

    /// The reference is FreeType: every face's `family_name` is among the names read from the file.
    func testTheNameTablesHoldEveryFamilyFreeTypeGives() throws {
        let files = try fontFiles()
        XCTAssertGreaterThan(files.count, 40)
        var faces = 0
        for path in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            let info = try FontFileInfo(path: path, data: data)
            let names = data.withUnsafeBytes { SFNTFamilyNames(bytes: $0) }
            XCTAssertNotNil(names.names, path)
            for face in info.faces {
                faces += 1
                XCTAssertTrue(names.mayHold(family: face.family), "\(path)#\(face.index): \(face.family)")
                XCTAssertTrue(names.mayHold(family: face.family.uppercased()), "case-insensitive, as lookups are")
            }
            XCTAssertFalse(names.mayHold(family: "Helvetica Neue"), path)
            // Read from the file in pieces (as lookups read it), the same names per face.
            XCTAssertEqual(SFNTFamilyNames(path: path).faces, names.faces, path)
        }
        XCTAssertGreaterThan(faces, files.count, "the CJK collections have several faces")
    }

    func testDamagedOrEmptyTablesMatchEveryFamily() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fonts + "/Inter-Regular.otf"))
        for bytes in [Data(), data.prefix(11), data.prefix(200), Data("ttcf\0\0\0\0\0\0\0\u{7}".utf8)] {
            let names = bytes.withUnsafeBytes { SFNTFamilyNames(bytes: $0) }
            XCTAssertNil(names.names, "\(bytes.count) bytes: \(String(describing: names.faces))")
            XCTAssertTrue(names.mayHold(family: "Anything"))
        }
    }

    func testAFolderEntryThatIsNoFileMatchesEveryFamilyWithoutBlocking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.ttf").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let names = SFNTFamilyNames(path: fifo)
        XCTAssertNil(names.faces)
        XCTAssertTrue(names.mayHold(family: "Inter"))
        XCTAssertNil(SFNTFamilyNames(path: folder.appendingPathComponent("missing.ttf").path).faces)
    }

    func testALookupOpensOnlyTheFamilysFiles() throws {
        let library = FontLibrary(directories: [fonts])
        let face = try XCTUnwrap(try library.face(family: "Inter", weight: .bold))
        XCTAssertEqual((face.path as NSString).lastPathComponent, "Inter-Bold.otf")
        let opened = library.loadedFiles.map { ($0 as NSString).lastPathComponent }
        XCTAssertFalse(opened.isEmpty)
        XCTAssertTrue(opened.allSatisfy { $0.hasPrefix("Inter-") }, "\(opened)")
        XCTAssertEqual(try library.face(family: "Noto Sans CJK JP")?.faceIndex, try fullScan().face(family: "Noto Sans CJK JP")?.faceIndex)
        // Of the collection's ten faces, FreeType read only the one its name tables call that family.
        let collection = try XCTUnwrap(library.readFaces.first { $0.key.hasSuffix("NotoSansCJK-Regular.ttc") })
        XCTAssertEqual(collection.value.count, 1, "\(collection.value)")
        XCTAssertGreaterThan(
            try FontFileInfo.faceCount(path: collection.key, data: Data(contentsOf: URL(fileURLWithPath: collection.key))), 1)
    }

    /// A library that has scanned every font first (`entries()`), as every lookup did before.
    func fullScan() -> FontLibrary {
        let library = FontLibrary(directories: [fonts])
        _ = library.entries()
        return library
    }

    func testLookupsFindTheFacesAFullScanFinds() throws {
        let scanned = fullScan()
        let families = Set(scanned.entries().map(\.family)).sorted() + ["No Such Family", "inter display", "NOTO SANS"]
        for family in families {
            let lazy = FontLibrary(directories: [fonts])
            for weight in stride(from: 100, through: 900, by: 100).map({ FontWeight(rawValue: $0) }) {
                for italic in [false, true] {
                    let a = try lazy.face(family: family, weight: weight, italic: italic)
                    let b = try scanned.face(family: family, weight: weight, italic: italic)
                    XCTAssertEqual(a?.path, b?.path, "\(family) \(weight.rawValue) \(italic)")
                    XCTAssertEqual(a?.faceIndex, b?.faceIndex, "\(family) \(weight.rawValue) \(italic)")
                }
            }
        }
    }

    func testFallbacksResolvedAsNeededAreTheFullListsFirstMatch() throws {
        let samples: [(String, String, [String])] = [
            ("Deva", "क", ["hi", "mr"]), ("Thai", "ก", ["th"]), ("Hira", "あ", ["ja", "en"]), ("Hang", "한", ["ko"]),
            ("Hani", "中", ["zh-Hant", "zh-HK", "ja", "zh"]), ("Arab", "ا", ["ar", "ur"]), ("Zyyy", "☃", ["en"]),
            ("Zyyy", "∑", ["en"]), ("Ethi", "ሀ", ["am"]), ("Zyyy", "\u{10FFFD}", ["en"])
        ]
        for (code, text, languages) in samples {
            let script = ScriptTag(code)
            let scalars = Array(text.unicodeScalars)
            for language in languages {
                for weight in [FontWeight.regular, .bold] {
                    let library = FontLibrary(directories: [fonts])
                    let primary = [try XCTUnwrap(try library.face(family: "Inter", weight: weight))]
                    let lazy = FontCascade(primary: primary, weight: weight, language: language, library: library)
                    let found = lazy.font(for: scalars, script: script, preferring: nil)
                    // The cascade's order, resolved here family by family from a full scan.
                    let scanned = fullScan()
                    var list: [FontFace] = []
                    for family in FontCascade.families(for: script, language: language) + FontCascade.generalFamilies {
                        guard let face = try scanned.face(family: family, weight: weight) else { continue }
                        if !list.contains(where: { $0.path == face.path && $0.faceIndex == face.faceIndex }),
                            !primary.contains(where: { $0.path == face.path && $0.faceIndex == face.faceIndex })
                        {
                            list.append(face)
                        }
                    }
                    func covers(_ f: FontFace) -> Bool { scalars.allSatisfy { f.covers($0) } }
                    let expected = primary.first(where: covers) ?? list.first(where: covers)
                    let eager = FontCascade(primary: primary, weight: weight, language: language, library: library)
                    XCTAssertEqual(
                        eager.fallbacks(for: script).map { "\($0.path)#\($0.faceIndex)" }, list.map { "\($0.path)#\($0.faceIndex)" })
                    XCTAssertEqual(found?.path, expected?.path, "\(code) \(language) \(weight.rawValue)")
                    XCTAssertEqual(found?.faceIndex, expected?.faceIndex, "\(code) \(language) \(weight.rawValue)")
                }
            }
        }
        // A Devanagari cluster opens the Devanagari face, not the CJK collections further down.
        let library = FontLibrary(directories: [fonts])
        let primary = [try XCTUnwrap(try library.face(family: "Inter"))]
        let cascade = FontCascade(primary: primary, weight: .regular, language: "hi", library: library)
        XCTAssertEqual(cascade.font(for: ["क"], script: ScriptTag("Deva"), preferring: nil)?.family, "Noto Sans Devanagari")
        XCTAssertFalse(library.loadedFiles.contains { $0.hasSuffix(".ttc") }, "\(library.loadedFiles)")
    }
}
