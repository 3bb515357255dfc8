import Foundation
import TypefitCore
import XCTest

@testable import TypefitStrings

/// The development language's text in Swift code (`NSLocalizedString(…, value:)`), as DuckDuckGo's,
/// Brave's and KeePassium's apps keep it. The reference is the Swift compiler: the fixture's calls
/// are compiled with a stand-in `NSLocalizedString` that records what it is passed.
final class CodeLocalizedStringsTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The calls the compiled fixture makes: key, table, value ("" for none) and line.
    func compiledCalls() throws -> [(key: String, table: String, value: String, line: Int)] {
        let work = try Fixtures.temporaryFolder(self)
        let fm = FileManager.default
        for name in ["LocalizedCalls.swift", "LocalizedCallsStub.swift"] {
            try fm.copyItem(at: Self.fixtures.appendingPathComponent(name), to: work.appendingPathComponent(name))
        }
        try fm.copyItem(
            at: Self.fixtures.appendingPathComponent("LocalizedCallsMain.swift"), to: work.appendingPathComponent("main.swift"))
        func run(_ arguments: [String]) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = arguments
            p.currentDirectoryURL = work
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "\(arguments)")
            return String(decoding: data, as: UTF8.self)
        }
        _ = try run([
            "swiftc", "-swift-version", "5", "-o", "calls", "LocalizedCalls.swift", "LocalizedCallsStub.swift", "main.swift"
        ])
        return try run([work.appendingPathComponent("calls").path]).split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (
                try XCTUnwrap(object["key"] as? String), try XCTUnwrap(object["table"] as? String),
                try XCTUnwrap(object["value"] as? String), try XCTUnwrap(object["line"] as? Int)
            )
        }
    }

    /// Every constant call is read as the compiler reads it (escapes, multiline and raw literals,
    /// literals joined with `+`, non-Latin text); calls with a computed key, table or value are
    /// skipped; calls in comments and strings, and another type's method, are not calls.
    func testScannerReadsWhatTheCompilerPasses() throws {
        let compiled = try compiledCalls()
        // The compiler runs the calls whose arguments are computed too: they are the ones skipped.
        let computed: Set<String> = ["interpolated", "computed.table", "World", "computed.value"]
        XCTAssertEqual(compiled.filter { computed.contains($0.key) }.count, computed.count, "the fixture makes each computed call")
        let expected = compiled.filter { !computed.contains($0.key) }
        XCTAssertGreaterThanOrEqual(expected.count, 14)

        let file = Self.fixtures.appendingPathComponent("LocalizedCalls.swift").path
        let scanned = CodeLocalizedStrings.scan([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
        XCTAssertEqual(scanned.map(\.key), expected.map(\.key))
        for (call, reference) in zip(scanned, expected) {
            XCTAssertEqual(call.table, reference.table, call.key)
            XCTAssertEqual(call.value ?? "", reference.value, call.key)
            XCTAssertEqual(call.line, reference.line, call.key)
            XCTAssertEqual(call.file, file)
        }
        // No value and an empty value both leave the key as the text.
        XCTAssertNil(scanned.first { $0.key == "empty.value" }?.value)
        XCTAssertNil(scanned.first { $0.key == "[Generic/Count/Items]" }?.value)
    }

    /// Broken or hostile code never stops the scan or hangs it: every call it can read is read.
    func testBrokenCodeIsScannedToItsEnd() {
        let tail = #"NSLocalizedString("last", value: "Last", comment: "")"#
        let broken = [
            #"let a = "unterminated"#, #"let b = """ never closed"#, "/* an unclosed comment",
            "NSLocalizedString(", #"NSLocalizedString("k", value: "v""#, "NSLocalizedString(]",
            #"NSLocalizedString("k", value: "\u{110000}", comment: "")"#,
            #"NSLocalizedString("k", value: "\q", comment: "")"#, String(repeating: #""\("#, count: 20_000),
            String(repeating: "(", count: 50_000), "\u{FEFF}\u{0}\u{7F}"
        ]
        for prefix in broken {
            let code = prefix + "\n" + tail + "\n"
            let calls = CodeLocalizedStrings.scan(Array(code.utf8), file: "F.swift")
            XCTAssertLessThanOrEqual(calls.count, 2, String(prefix.prefix(40)))
            // An escape Swift rejects or a scalar beyond Unicode is no value.
            XCTAssertFalse(calls.contains { $0.key == "k" && $0.value != nil }, String(prefix.prefix(40)))
        }
        // After a literal or comment that ends, the scan goes on.
        for prefix in [#"let a = "ends""#, "/* ends */", "// ends", #"let b = #"raw "# + "\"#"] {
            let calls = CodeLocalizedStrings.scan(Array((prefix + "\n" + tail).utf8), file: "F.swift")
            XCTAssertEqual(calls.map(\.key), ["last"], prefix)
            XCTAssertEqual(calls.first?.line, 2, prefix)
        }
        // Invalid UTF-8 inside a literal is no constant text: the call is skipped.
        let invalid: [UInt8] = Array(#"NSLocalizedString("k", value: ""#.utf8) + [0xFF, 0xFE] + Array(#"", comment: "")"#.utf8)
        XCTAssertEqual(CodeLocalizedStrings.scan(invalid, file: "F.swift").map(\.key), [])
        XCTAssertEqual(CodeLocalizedStrings.scan(invalid + Array(("\n" + tail).utf8), file: "F.swift").map(\.key), ["last"])
    }

    /// An app whose English is in its code: `en.lproj`'s table is empty, the translations hold the
    /// keys, and the code's `value:` is what the development language shows, and what a
    /// translation that lacks the key falls back to.
    func testCodeGivesTheDevelopmentLanguageText() throws {
        let root = try Fixtures.temporaryFolder(self)
        let fm = FileManager.default
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("Resources/en.lproj/Localizable.strings", "\n")
        try write("Resources/de.lproj/Localizable.strings", #""settings.title" = "Einstellungen";"# + "\n" + #""ok" = "OK";"#)
        try write("Resources/fr.lproj/Localizable.strings", #""settings.title" = "Réglages";"#)
        try write(
            "Code/l10n/Strings.swift",
            """
            enum Strings {
                static let title = NSLocalizedString("settings.title", value: "Settings", comment: "")
                static let ok = NSLocalizedString(
                    "ok", bundle: .main, value: "OK", comment: "")
                static let shared = NSLocalizedString("shared", tableName: "Shared", value: "Other table", comment: "")
            }
            """)
        try write(
            "Code/more/Other.swift", #"let again = NSLocalizedString("ok", value: "Okay", comment: "a second value for the key")"# + "\n")
        // A folder named like a Swift file is searched, not read; Pods and hidden folders are not the app's code.
        try write("Code/Pkg.swift/Inner.swift", #"let inner = NSLocalizedString("inner", value: "Inner", comment: "")"#)
        try write("Code/Pods/Dep/Dep.swift", #"let dep = NSLocalizedString("dep", value: "Dependency", comment: "")"#)
        try write("Code/.build/Gen.swift", #"let gen = NSLocalizedString("gen", value: "Generated", comment: "")"#)
        try write("Code/build/Out.swift", #"let out = NSLocalizedString("out", value: "Built", comment: "")"#)
        try write("Code/de.xcloc/Source Contents/Copy.swift", #"let copy = NSLocalizedString("copy", value: "Exported", comment: "")"#)
        let resources = root.appendingPathComponent("Resources").path
        let code = root.appendingPathComponent("Code").path

        // Without the code, the empty table is named, and so is the way out.
        let refused = inputError { _ = try LocalizedStrings.loadLprojFolder(path: resources) }
        XCTAssertEqual(
            refused?.message,
            "en.lproj/Localizable.strings holds no string, so typefit cannot tell what the development language (en) shows (translations: de, fr)"
        )
        XCTAssertTrue(refused?.hint?.contains("strings: {path: …, code: FOLDER}") ?? false, "\(String(describing: refused?.hint))")

        let strings = try LocalizedStrings.loadLprojFolder(path: resources, code: [code])
        XCTAssertEqual(strings.variants(key: "settings.title", locale: "en")?.map(\.text), ["Settings"])
        XCTAssertEqual(strings.variants(key: "settings.title", locale: "en")?.first?.status, .source)
        XCTAssertEqual(strings.variants(key: "settings.title", locale: "de")?.map(\.text), ["Einstellungen"])
        // French lacks "ok": the app shows the code's value there.
        XCTAssertEqual(strings.variants(key: "ok", locale: "fr")?.map(\.text), ["OK"])
        XCTAssertEqual(strings.variants(key: "ok", locale: "fr")?.first?.status.isFallback, true)
        // The file the text is in, relative to the folder of .lproj folders.
        XCTAssertEqual(strings.sourceFile(key: "settings.title"), "../Code/l10n/Strings.swift")
        // Another table's calls are not this table's; a second value is a problem, the first kept.
        XCTAssertFalse(strings.contains(key: "shared"))
        XCTAssertEqual(strings.variants(key: "inner", locale: "en")?.map(\.text), ["Inner"])
        XCTAssertFalse(["dep", "gen", "out", "copy"].contains { strings.contains(key: $0) })
        let twice = strings.problems.filter { $0.key == "ok" }
        XCTAssertEqual(twice.map(\.kind), [.duplicateKey])
        XCTAssertEqual(
            twice.first?.message,
            "the code gives the key two values: ../Code/l10n/Strings.swift:3 and ../Code/more/Other.swift:1; the first is measured")
        XCTAssertEqual(strings.variants(key: "ok", locale: "en")?.map(\.text), ["OK"], "l10n/ sorts before more/")

        // A table the code has no value for is refused, naming the tables its calls do name.
        // A Swift file may be named; a folder without Swift files adds nothing.
        let one = try LocalizedStrings.loadLprojFolder(path: resources, code: [root.path + "/Code/more/Other.swift", resources])
        XCTAssertEqual(one.variants(key: "ok", locale: "en")?.map(\.text), ["Okay"])
        XCTAssertEqual(one.sourceFile(key: "ok"), "../Code/more/Other.swift")
        XCTAssertNil(one.sourceFile(key: "settings.title"))
        try write("Resources/en.lproj/Main.strings", "")
        try write("Resources/de.lproj/Main.strings", #""x" = "y";"#)
        let missing = inputError { _ = try LocalizedStrings.loadLprojFolder(path: resources, table: "Main", code: [code]) }
        XCTAssertEqual(
            missing?.message, "code: no NSLocalizedString call with a value: for the table Main in \(code) (3 Swift files read)")
        XCTAssertEqual(missing?.hint, "its calls name the tables Localizable, Shared")
    }
}
