import Foundation
import XCTest

@testable import TypefitCore

/// A text style's name is read by taking the spaces and `UICTFontTextStyle` out of it in one pass
/// over its bytes (`TextStyle.key`). Checked against what Foundation's two replacements, which it
/// replaces, make of the same names: the styles' own spellings, HIG and UIKit spellings, the aliases,
/// and names that are close but wrong (in other cases, with non-ASCII letters, with the prefix twice
/// or split by another one).
final class TextStyleNameTests: XCTestCase {
    /// typefit 0.1's reading of a name (Foundation's replacements), the oracle.
    private func foundationStyle(_ name: String) -> TextStyle? {
        let key = name.lowercased().replacingOccurrences(of: " ", with: "")
            .replacingOccurrences(of: "uictfonttextstyle", with: "")
        let aliases: [String: TextStyle] = [
            "title0": .largeTitle, "title": .title1, "subhead": .subheadline,
            "caption": .caption1, "emphasizedlargetitle": .largeTitle
        ]
        return TextStyle.allCases.first { $0.rawValue.lowercased() == key } ?? aliases[key]
    }

    func testNamesReadAsFoundationsReplacementsRead() {
        var names: [String] = []
        for style in TextStyle.allCases {
            let raw = style.rawValue
            names += [raw, raw.uppercased(), raw.capitalized, "UICTFontTextStyle" + raw.capitalized, "uictfonttextstyle" + raw]
            names += [" " + raw + " ", raw + "x", "x" + raw, String(raw.dropLast()), raw.replacingOccurrences(of: "e", with: "é")]
        }
        names += [
            "Title 1", "Title 2", "Title 3", "Large Title", "Subhead", "Caption 1", "Caption 2", "Foot note", "title", "caption",
            "subhead", "title0", "UICTFontTextStyleTitle0", "UICTFontTextStyleEmphasizedLargeTitle", "emphasized large title",
            "UICTFontTextStyleUICTFontTextStyleBody", "UICTFontUICTFontTextStyleTextStyleBody", "UICT FontTextStyle Body",
            "uictfonttextstyle", "", " ", "  body", "bo dy", "BODY", "Body\u{301}", "b\u{F3}dy", "\u{130}title", "ｂｏｄｙ",
            "body\n", "body\t", "caption\u{2009}1", "headline\u{0}", "UICTFontTextStyleX", "x UICTFontTextStyle body"
        ]
        var read = 0
        for name in names {
            XCTAssertEqual(TextStyle(name: name), foundationStyle(name), name.debugDescription)
            if TextStyle(name: name) != nil { read += 1 }
        }
        XCTAssertGreaterThan(read, 50, "most of the names name a style")
        XCTAssertEqual(TextStyle(name: "UICTFontTextStyleTitle0"), .largeTitle)
        XCTAssertEqual(TextStyle(name: "Caption 2"), .caption2)
        XCTAssertNil(TextStyle(name: "UICTFontUICTFontTextStyleTextStyleBody"))
    }
}
