import Foundation
import TypefitCore
import XCTest

@testable import TypefitSpec

/// `strings:` with several tables, `table:` on elements and fallbacks, and `locales:` entries with
/// their own positions (issue: a gate you can trust, points 1 and 3).
final class StringTablesSpecTests: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-tables-\(getpid())-\(abs(name.hashValue))")
        try? FileManager.default.removeItem(at: work)
        for folder in ["Resources/en.lproj", "Resources/de.lproj"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("{\"sourceLanguage\":\"en\",\"strings\":{},\"version\":\"1.0\"}".utf8).write(
            to: work.appendingPathComponent("Shop.xcstrings"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func load(_ yaml: String) throws -> [ScreenSpec] {
        try SpecLoader.load(yaml: yaml, file: work.appendingPathComponent("screen.yaml").path)
    }

    func assertError(
        _ yaml: String, line: Int, column: Int, contains text: String, hint: String? = nil,
        file: StaticString = #filePath, fileLine: UInt = #line
    ) {
        XCTAssertThrowsError(try load(yaml), file: file, line: fileLine) { error in
            guard let e = error as? InputError else { return XCTFail("not an InputError: \(error)", file: file, line: fileLine) }
            XCTAssertEqual(e.line, line, "\(e)", file: file, line: fileLine)
            XCTAssertEqual(e.column, column, "\(e)", file: file, line: fileLine)
            XCTAssertTrue(e.message.contains(text), "\(e)", file: file, line: fileLine)
            if let hint { XCTAssertTrue(e.hint?.contains(hint) ?? false, "\(e)", file: file, line: fileLine) }
        }
    }

    func testSeveralTablesInOrderWithTheirNames() throws {
        let spec = try XCTUnwrap(
            load(
                """
                screen: Picker
                strings:
                  - {path: Resources, table: FirebaseAuthUI}
                  - {path: Resources, table: FirebaseGoogleAuthUI}
                  - Shop.xcstrings
                content:
                  vstack: root
                  children:
                    - button: google
                      table: FirebaseGoogleAuthUI
                      key: SignInWithGoogle
                      fallbacks:
                        - {key: Google, table: FirebaseAuthUI, when: {category: AX1}}
                    - label: price
                      table: Shop
                      key: price
                """
            ).first)
        XCTAssertEqual(spec.strings.map(\.table), ["FirebaseAuthUI", "FirebaseGoogleAuthUI", "Shop"])
        XCTAssertEqual(spec.strings.map(\.isCatalog), [false, false, true])
        XCTAssertEqual(spec.strings.map(\.location.line), [3, 4, 5])
        let google = try XCTUnwrap(spec.allElements.first { $0.id == "google" })
        XCTAssertEqual(google.table, "FirebaseGoogleAuthUI")
        XCTAssertEqual(google.fallbacks.first?.table, "FirebaseAuthUI")
        // A single path is one table: Localizable for a folder, the file name for a catalog.
        let one = try XCTUnwrap(load("screen: A\nstrings: Resources\ncontent: {label: a, key: k}\n").first)
        XCTAssertEqual(one.strings.map(\.table), ["Localizable"])
        let catalog = try XCTUnwrap(load("screen: A\nstrings: {path: Shop.xcstrings, table: Shop}\ncontent: {label: a, key: k}\n").first)
        XCTAssertEqual(catalog.strings.map(\.table), ["Shop"])
    }

    func testTableNamesAreValidated() {
        // A catalog's table is its file name: another name is an error, not ignored.
        assertError(
            "screen: A\nstrings: {path: Shop.xcstrings, table: Localizable}\ncontent: {label: a, key: k}\n",
            line: 2, column: 40, contains: "a String Catalog's table is its file name ('Shop')")
        // A table name never walks out of its folder.
        assertError(
            "screen: A\nstrings: {path: Resources, table: ../../outside/x}\ncontent: {label: a, key: k}\n",
            line: 2, column: 35, contains: "invalid table name '../../outside/x'")
        assertError(
            "screen: A\nstrings: {path: Resources, table: sub/../../x}\ncontent: {label: a, key: k}\n",
            line: 2, column: 35, contains: "a table name is a file name, not a path")
        assertError(
            "screen: A\nstrings: {path: Resources, table: .hidden}\ncontent: {label: a, key: k}\n",
            line: 2, column: 35, contains: "must not start with '.'")
        assertError(
            "screen: A\nstrings: {path: Resources, table: \"A\\u001B[31m\"}\ncontent: {label: a, key: k}\n",
            line: 2, column: 35, contains: "control characters")
        assertError(
            "screen: A\nstrings: [Resources, {path: Resources, table: Localizable}]\ncontent: {label: a, key: k}\n",
            line: 2, column: 22, contains: "two strings entries are both table 'Localizable'")
        assertError("screen: A\nstrings: []\ncontent: {label: a, key: k}\n", line: 2, column: 10, contains: "strings must not be empty")
        assertError("screen: A\nstrings: notes.txt\ncontent: {label: a, key: k}\n", line: 2, column: 10, contains: "strings file not found")
    }

    func testElementTablesMustBeListed() {
        assertError(
            """
            screen: A
            strings: [{path: Resources, table: FirebaseAuthUI}]
            content:
              label: a
              key: k
              table: FirebaseAuthUl
            """, line: 6, column: 10, contains: "names table 'FirebaseAuthUl', which the screen's 'strings' does not list",
            hint: "did you mean 'FirebaseAuthUI'?")
        assertError("screen: A\ncontent: {label: a, key: k, table: T}\n", line: 2, column: 36, contains: "the screen has no 'strings'")
        assertError(
            "screen: A\nstrings: Resources\ncontent: {label: a, text: Hi, table: Localizable}\n",
            line: 3, column: 38, contains: "has no 'key'")
        assertError(
            """
            screen: A
            strings: Resources
            content:
              label: a
              key: k
              fallbacks:
                - {key: s, table: Other, when: doesNotFit}
            """, line: 7, column: 7, contains: "a fallback of 'a' names table 'Other'")
        assertError(
            "screen: A\nstrings: Resources\ncontent: {label: a, key: k, tible: x}\n", line: 3, column: 29,
            contains: "unknown key 'tible'", hint: "did you mean 'table'?")
    }

    func testLocaleEntriesKeepTheirPositions() throws {
        let spec = try XCTUnwrap(load("screen: A\nlocales:\n  - de\n  - pt_BR\ncontent: {label: a, text: Hi}\n").first)
        XCTAssertEqual(spec.locales?.map(\.tag), ["de", "pt_BR"])
        XCTAssertEqual(spec.locales?.map(\.location.line), [3, 4])
        XCTAssertEqual(spec.locales?.map(\.location.column), [5, 5])
    }
}
