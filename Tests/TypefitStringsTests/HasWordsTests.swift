import XCTest

@testable import TypefitStrings

/// `LocalizedStrings.hasWords(key:)`: what `typefit init` leaves out of a first spec, as in
/// IceCubesApp's catalog ("", "  ⸱  ", "#%@", "%@", "%lld. ").
final class HasWordsTests: XCTestCase {
    func testKeysWithoutALetterOutsideTheirSpecifiersHaveNoWords() throws {
        var entries: [String] = []
        for key in ["", "  ⸱  ", "#%@", "%@", "%lld. ", "%1$@ – %2$@", "OK", "%@ was posted", "%lld 件", "٣"] {
            let quoted = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            entries.append("\"\(quoted)\" : { }")
        }
        let strings = try LocalizedStrings.parseCatalog(
            "{ \"sourceLanguage\" : \"en\", \"version\" : \"1.0\", \"strings\" : { \(entries.joined(separator: ", ")) } }",
            file: "t.xcstrings")
        XCTAssertEqual(strings.keys.filter { strings.hasWords(key: $0) }.sorted(), ["%@ was posted", "%lld 件", "OK"])
        XCTAssertFalse(strings.hasWords(key: "no such key"))
    }
}
