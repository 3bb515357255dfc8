import Foundation
import XCTest

@testable import TypefitStrings

/// `LocalizedStrings.has(locale:)` (a binary search of the sorted `locales`) against `contains` on the
/// same list: the shipped screens' catalogs, with every pseudolocale added, asked for each of their
/// locales, for tags next to them in sort order, and for tags that differ only in case or spelling.
final class LocaleMembershipTests: XCTestCase {
    func testHasLocaleAgreesWithTheList() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        let catalogs = try FileManager.default.contentsOfDirectory(atPath: specs.path).sorted().compactMap { folder in
            let path = specs.appendingPathComponent(folder).appendingPathComponent("Localizable.xcstrings").path
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
        XCTAssertEqual(catalogs.count, 5)
        var asked = 0, found = 0
        for path in catalogs {
            let plain = try LocalizedStrings.loadCatalog(path: path)
            for strings in [plain, plain.addingPseudolocales(Pseudolocale.allCases)] {
                XCTAssertGreaterThan(strings.locales.count, 1, path)
                var tags = strings.locales
                for l in strings.locales {
                    tags += [l + "-", l + "x", String(l.dropLast()), l.uppercased(), "zz-" + l, " " + l, "\u{301}" + l]
                }
                tags += ["", "a", "zzzz", "\u{10FFFF}", "e\u{301}n", "\u{E9}n"]
                for tag in tags {
                    XCTAssertEqual(strings.has(locale: tag), strings.locales.contains(tag), "\(path): \(tag)")
                    asked += 1
                    if strings.locales.contains(tag) { found += 1 }
                }
            }
        }
        XCTAssertGreaterThan(found, 50)
        XCTAssertGreaterThan(asked - found, 500)
    }
}
