import XCTest

@testable import TypefitStrings

/// A spec's `arguments` fill the format specifiers of the string an element shows
/// (`LocalizedStrings.variants(key:in:given:)`, `ArgumentSample`): expected texts are worked out by
/// hand from the fixture catalog and `printf`'s formatting.
final class GivenArgumentsTests: XCTestCase {
    func testObjectAndIntegerArgumentsFillTheirSpecifiersByNumberInEveryTranslation() throws {
        let strings = try Fixtures.loadCatalog()
        let given: [Int: ArgumentSample] = [1: .text("Anna"), 2: .number(42, written: "42")]
        XCTAssertEqual(texts(strings.variants(key: "Name: %1$@, age: %2$lld", in: ["en"], given: given)), ["default → Name: Anna, age: 42"])
        // The German translation reads them in the other order.
        XCTAssertEqual(
            texts(strings.variants(key: "Name: %1$@, age: %2$lld", in: ["de"], given: given)), ["default → Alter: 42, Name: Anna"])
        // Without arguments: the samples, as before.
        XCTAssertEqual(
            texts(strings.variants(key: "Name: %1$@, age: %2$lld", in: ["de"], given: [:])),
            ["default → Alter: 888, Name: WWWWWWWWWW"])
    }

    func testAStringArgumentShowsAsWrittenAndANumberAsItsSpecifierFormatsIt() throws {
        let strings = try Fixtures.loadCatalog()
        // `%@` shows what the spec wrote, digits and all; `%lld` reads the number.
        XCTAssertEqual(
            texts(
                strings.variants(
                    key: "Name: %1$@, age: %2$lld", in: ["en"], given: [1: .number(7, written: "007"), 2: .number(7, written: "007")])),
            ["default → Name: 007, age: 7"])
        // `%.1f` rounds as printf does.
        XCTAssertEqual(
            texts(strings.variants(key: "Download %.1f MB", in: ["en"], given: [1: .number(2.5, written: "2.5")])),
            ["default → Download 2.5 MB"])
        XCTAssertEqual(
            texts(strings.variants(key: "Download %.1f MB", in: ["en"], given: [1: .number(12, written: "12")])),
            ["default → Download 12.0 MB"])
    }

    func testANumberThatChoosesAPluralFormKeepsEachCategorysSample() throws {
        let strings = try Fixtures.loadCatalog()
        // A plural variation: every form is still checked, each with its category's number.
        XCTAssertEqual(
            texts(strings.variants(key: "%lld files", in: ["ru"], given: [1: .number(5, written: "5")])),
            texts(strings.variants(key: "%lld files", in: ["ru"])))
        // A substitution's own argument too; the name outside it is filled.
        XCTAssertEqual(
            texts(strings.variants(key: "%@ has %lld apples", in: ["en"], given: [1: .text("Anna"), 2: .number(5, written: "5")])),
            ["substitution:apples=one → Anna has 1 apple", "substitution:apples=other → Anna has 888 apples"])
    }

    func testALocaleWithoutTheKeyShowsTheFilledSourceText() throws {
        let strings = try Fixtures.loadCatalog()
        let variants = strings.variants(key: "Name: %1$@, age: %2$lld", in: ["ru"], given: [1: .text("Anna"), 2: .number(3, written: "3")])
        XCTAssertEqual(texts(variants), ["default → Name: Anna, age: 3"])
        XCTAssertEqual(variants?.first?.status, strings.variants(key: "Name: %1$@, age: %2$lld", locale: "ru")?.first?.status)
        XCTAssertNil(strings.variants(key: "no such key", in: ["en"], given: [1: .text("Anna")]))
    }

    func testSourceArgumentsListWhatTheSourceTextReads() throws {
        let strings = try Fixtures.loadCatalog()
        XCTAssertEqual(
            strings.sourceArguments(key: "Name: %1$@, age: %2$lld"),
            [
                StringArgument(index: 1, specifiers: ["%1$@"], kinds: [.object]),
                StringArgument(index: 2, specifiers: ["%2$lld"], kinds: [.integer64])
            ])
        // A substitution's argument is read by its specifier, written with its number.
        XCTAssertEqual(strings.sourceArguments(key: "%@ has %lld apples").map(\.index), [1, 2])
        XCTAssertEqual(strings.sourceArguments(key: "%@ has %lld apples").last?.kinds, [.integer64])
        XCTAssertEqual(strings.sourceArguments(key: "Download %.1f MB").first?.kinds, [.double])
        XCTAssertEqual(strings.sourceArguments(key: "Welcome"), [])
        XCTAssertEqual(strings.sourceArguments(key: "no such key"), [])
    }

    func testWhatEachSpecifierAccepts() {
        XCTAssertTrue(ArgumentSample.number(3, written: "3").fits(.integer64))
        XCTAssertFalse(ArgumentSample.number(3.5, written: "3.5").fits(.integer32))
        XCTAssertFalse(ArgumentSample.text("three").fits(.integer64))
        XCTAssertFalse(ArgumentSample.text("three").fits(.double))
        XCTAssertTrue(ArgumentSample.number(3.5, written: "3.5").fits(.double))
        XCTAssertTrue(ArgumentSample.number(3, written: "3").fits(.object))
        XCTAssertTrue(ArgumentSample.text("three").fits(.cString))
    }
}
