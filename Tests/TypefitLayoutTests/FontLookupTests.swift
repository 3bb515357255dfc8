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

    /// The reference is FreeType again: the weight and italic flag read from a face's `OS/2` table are
    /// the ones FreeType gives, for every bundled outline face (all but the emoji font's bitmaps).
    func testTheStylesReadFromTheTablesAreFreeTypes() throws {
        var faces = 0
        var weights = Set<Int>()
        for path in try fontFiles() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            let info = try FontFileInfo(path: path, data: data)
            let styles = try XCTUnwrap(SFNTFamilyNames(path: path).styles, path)
            XCTAssertEqual(styles.count, info.faces.count, path)
            for face in info.faces {
                guard let style = styles[face.index] else {
                    // A face without outlines leaves its style to FreeType (below): only the emoji font's
                    // bitmaps (CBDT) are such.
                    XCTAssertTrue(path.hasSuffix("/NotoColorEmoji.ttf"), "\(path)#\(face.index)")
                    continue
                }
                XCTAssertEqual(style.weight, face.weight, "\(path)#\(face.index)")
                XCTAssertEqual(style.isItalic, face.isItalic, "\(path)#\(face.index)")
                faces += 1
                weights.insert(face.weight.rawValue)
            }
        }
        XCTAssertGreaterThan(faces, 60)
        XCTAssertEqual(weights, [400, 500, 600, 700], "regular, medium, semibold and bold faces are compared")
        // No bundled face is italic or out of range: the OS/2 fields set in a copy of Inter, each
        // compared with what FreeType reads from that copy.
        let inter = try Data(contentsOf: URL(fileURLWithPath: fonts + "/Inter-Regular.otf"))
        for (weightClass, selection) in [(400, 0x0001), (400, 0x0200), (400, 0x0040), (0, 0x0000), (1001, 0x0001), (950, 0x0020)] {
            let font = try XCTUnwrap(Self.settingOS2(weightClass: weightClass, selection: selection, in: inter))
            let freeType = try FontFileInfo(path: "Inter-Regular.otf", data: font).faces[0]
            let style = try XCTUnwrap(font.withUnsafeBytes { SFNTFamilyNames(bytes: $0) }.styles?[0])
            XCTAssertEqual(style.weight, freeType.weight, "usWeightClass \(weightClass)")
            XCTAssertEqual(style.isItalic, freeType.isItalic, "fsSelection \(selection)")
        }
        // Tables that leave the style to FreeType: a face without outlines, or without an OS/2 table.
        for damaged in [Self.renamingTable("CFF ", to: "XXXX", in: inter), Self.renamingTable("OS/2", to: "XXXX", in: inter)] {
            let styles = damaged.withUnsafeBytes { SFNTFamilyNames(bytes: $0) }.styles
            XCTAssertEqual(styles?.count, 1)
            XCTAssertNil(styles?[0] ?? nil)
        }
    }

    /// The font's bytes with the `OS/2` table's usWeightClass and fsSelection set (checksums are not
    /// checked by FreeType); nil when it has no such table.
    static func settingOS2(weightClass: Int, selection: Int, in font: Data) -> Data? {
        var bytes = [UInt8](font)
        guard let entry = directoryEntry("OS/2", in: bytes) else { return nil }
        let offset = bytes[(entry + 8)..<(entry + 12)].reduce(0) { $0 << 8 | Int($1) }
        bytes[offset + 4] = UInt8(weightClass >> 8)
        bytes[offset + 5] = UInt8(weightClass & 0xFF)
        bytes[offset + 62] = UInt8(selection >> 8)
        bytes[offset + 63] = UInt8(selection & 0xFF)
        return Data(bytes)
    }

    /// The font's bytes with the table directory's entry `tag` renamed.
    static func renamingTable(_ tag: String, to other: String, in font: Data) -> Data {
        var bytes = [UInt8](font)
        if let entry = directoryEntry(tag, in: bytes) { bytes.replaceSubrange(entry..<(entry + 4), with: Array(other.utf8)) }
        return Data(bytes)
    }

    /// Where the table directory's entry for `tag` starts in a single font's bytes, or nil.
    static func directoryEntry(_ tag: String, in bytes: [UInt8]) -> Int? {
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        return (0..<tables).map { 12 + 16 * $0 }.first { Array(bytes[$0..<($0 + 4)]) == Array(tag.utf8) }
    }

    /// A lookup whose faces' weights the `OS/2` tables give reads only the face it chooses: regular
    /// Noto Sans CJK JP reads one face of the regular collection and none of the bold one.
    func testALookupTheTablesSettleReadsOnlyTheChosenFace() throws {
        let library = FontLibrary(directories: [fonts])
        let face = try XCTUnwrap(try library.face(family: "Noto Sans CJK JP"))
        XCTAssertEqual((face.path as NSString).lastPathComponent, "NotoSansCJK-Regular.ttc")
        let read = library.readFaces.filter { !$0.value.isEmpty }
        XCTAssertEqual(read.count, 1, "\(read)")
        XCTAssertEqual(read.first?.value, [face.faceIndex])
        let bold = try XCTUnwrap(try library.face(family: "Inter", weight: .bold))
        XCTAssertEqual((bold.path as NSString).lastPathComponent, "Inter-Bold.otf")
        XCTAssertEqual(library.readFaces.filter { $0.key.contains("/Inter-") && !$0.value.isEmpty }.count, 1, "\(library.readFaces)")
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
        try assertLookupsFindWhatAFullScanFinds(in: [fonts], also: ["No Such Family", "inter display", "NOTO SANS"])
    }

    /// Every family of `directories` (and `also`), at every weight, upright and italic: a lookup in a
    /// fresh library finds the face one that has scanned every font first finds.
    func assertLookupsFindWhatAFullScanFinds(in directories: [String], also: [String] = [], line: UInt = #line) throws {
        let scanned = FontLibrary(directories: directories)
        let families = Set(scanned.entries().map(\.family)).sorted() + also
        for family in families {
            let lazy = FontLibrary(directories: directories)
            for weight in stride(from: 100, through: 900, by: 100).map({ FontWeight(rawValue: $0) }) {
                for italic in [false, true] {
                    let a = try lazy.face(family: family, weight: weight, italic: italic)
                    let b = try scanned.face(family: family, weight: weight, italic: italic)
                    let what = "\(directories[0]): \(family) \(weight.rawValue) \(italic)"
                    XCTAssertEqual(a?.path, b?.path, what, line: line)
                    XCTAssertEqual(a?.faceIndex, b?.faceIndex, what, line: line)
                }
            }
        }
    }

    /// The same with a user folder first whose faces the `OS/2` tables cannot always settle: two
    /// faces of one weight (a tie the style names break), an italic one, a heavy one, one without an
    /// `OS/2` table (left to FreeType), and the test fixtures' variable and static fonts.
    func testLookupsTheTablesCannotSettleFindTheFacesAFullScanFinds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-styles-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let regular = try Data(contentsOf: URL(fileURLWithPath: fonts + "/Inter-Regular.otf"))
        let medium = try Data(contentsOf: URL(fileURLWithPath: fonts + "/Inter-Medium.otf"))
        let edited: [(String, Data?)] = [
            ("Inter-A.otf", regular), ("Inter-B.otf", regular),
            ("Inter-C.otf", Self.settingOS2(weightClass: 400, selection: 0x0001, in: regular)),
            ("Inter-D.otf", Self.settingOS2(weightClass: 900, selection: 0x0000, in: regular)),
            ("Inter-E.otf", Self.renamingTable("OS/2", to: "XXXX", in: medium))
        ]
        for (name, data) in edited { try XCTUnwrap(data).write(to: folder.appendingPathComponent(name)) }
        let fixtures = ["static-sf", "variable-sf", "variable-700"].map { TestSupport.fixtures.appendingPathComponent($0).path }
        for user in [folder.path] + fixtures { try assertLookupsFindWhatAFullScanFinds(in: [user, fonts]) }
        // The tie at 400 goes to the first file; the italic face is found for italic requests.
        let library = FontLibrary(directories: [folder.path, fonts])
        XCTAssertEqual(try library.face(family: "Inter")?.path, folder.appendingPathComponent("Inter-A.otf").path)
        XCTAssertEqual(try library.face(family: "Inter", italic: true)?.path, folder.appendingPathComponent("Inter-C.otf").path)
        XCTAssertEqual(try library.face(family: "Inter", weight: .bold)?.path, folder.appendingPathComponent("Inter-D.otf").path)
    }

    func testFallbacksResolvedAsNeededAreTheFullListsFirstMatch() throws {
        let samples: [(String, String, [String])] = [
            ("Deva", "क", ["hi", "mr"]), ("Thai", "ก", ["th"]), ("Hira", "あ", ["ja", "en"]), ("Hang", "한", ["ko"]),
            ("Hani", "中", ["zh-Hant", "zh-HK", "ja", "zh"]), ("Arab", "ا", ["ar", "ur"]), ("Zyyy", "☃", ["en"]),
            ("Zyyy", "∑", ["en"]), ("Ethi", "ሀ", ["am"]), ("Orya", "ଓଡ଼ିଆ", ["or"]), ("Tibt", "བོད་", ["bo"]),
            ("Cans", "ᐃᓄᒃ", ["iu"]), ("Zyyy", "\u{10FFFD}", ["en"])
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
                    // One scalar asked without a list (what shaping asks for most clusters): the same face.
                    let single = FontCascade(primary: primary, weight: weight, language: language, library: library)
                    let one = single.font(for: scalars[0], script: script, preferring: nil)
                    XCTAssertEqual(one.map { "\($0.path)#\($0.faceIndex)" }, expected.map { "\($0.path)#\($0.faceIndex)" })
                }
            }
        }
        // A Devanagari cluster opens the Devanagari face, not the CJK collections further down.
        let library = FontLibrary(directories: [fonts])
        let primary = [try XCTUnwrap(try library.face(family: "Inter"))]
        let cascade = FontCascade(primary: primary, weight: .regular, language: "hi", library: library)
        XCTAssertEqual(cascade.font(for: ["क"], script: ScriptTag("Deva"), preferring: nil)?.family, "Noto Sans Devanagari")
        // A default-ignorable scalar (ZWJ, a variation selector) needs no glyph: it stays in the font
        // before it, with or without a list.
        let deva = cascade.font(for: "क", script: ScriptTag("Deva"), preferring: nil)
        for ignorable: Unicode.Scalar in ["\u{200D}", "\u{FE0F}"] {
            XCTAssertEqual(cascade.font(for: ignorable, script: ScriptTag("Deva"), preferring: deva)?.family, "Noto Sans Devanagari")
            XCTAssertEqual(cascade.font(for: [ignorable], script: ScriptTag("Deva"), preferring: deva)?.family, "Noto Sans Devanagari")
            XCTAssertEqual(cascade.font(for: ignorable, script: ScriptTag("Deva"), preferring: nil)?.family, "Inter")
        }
        XCTAssertFalse(library.loadedFiles.contains { $0.hasSuffix(".ttc") }, "\(library.loadedFiles)")
    }

    /// A paragraph's clusters read the fallback lists through one `FallbackMemo`: the faces it read
    /// so far, a start of the list that the cascade resolves further as clusters need. Each answer is
    /// the one a fresh cascade gives the cluster alone, through the lock, whatever the memo held: one
    /// list read early and grown later (symbols, then CJK, then symbols again in Common script), a
    /// script change, and a character no face covers.
    func testAParagraphsFallbackMemoGivesTheCascadesOwnAnswers() throws {
        let clusters: [(String, Unicode.Scalar)] = [
            ("Zyyy", "∑"), ("Zyyy", "☃"), ("Zyyy", "中"), ("Zyyy", "∑"), ("Deva", "क"), ("Zyyy", "☃"),
            ("Zyyy", "\u{10FFFD}"), ("Zyyy", "中"), ("Thai", "ก"), ("Deva", "ष"), ("Zyyy", "∑")
        ]
        for language in ["en", "ja", "hi"] {
            let library = FontLibrary(directories: [fonts])
            let primary = [try XCTUnwrap(try library.face(family: "Inter"))]
            let cascade = FontCascade(primary: primary, weight: .regular, language: language, library: library)
            var memo = FontCascade.FallbackMemo()
            for (code, scalar) in clusters {
                let read = cascade.font(for: scalar, script: ScriptTag(code), preferring: nil, memo: &memo)
                let fresh = FontCascade(primary: primary, weight: .regular, language: language, library: library)
                let alone = fresh.font(for: [scalar], script: ScriptTag(code), preferring: nil)
                XCTAssertEqual(
                    read.map { "\($0.path)#\($0.faceIndex)" }, alone.map { "\($0.path)#\($0.faceIndex)" },
                    "\(language) \(code) U+\(String(scalar.value, radix: 16))")
            }
        }
    }
}
