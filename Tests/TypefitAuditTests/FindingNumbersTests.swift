import Foundation
import TypefitAudit
import XCTest

/// `Finding.Numbers` is stored compactly (presence bits and a box for the values few findings have);
/// these check that it still behaves as the struct of plain optionals it replaced.
final class FindingNumbersTests: XCTestCase {
    /// Every property set, read back, cleared; in JSON every present value and no absent one.
    func testEveryValueReadsBackAndEncodesAsPlainOptionals() throws {
        var n = Finding.Numbers()
        XCTAssertEqual(try json(n), "{}")
        n.widthNeeded = 234.5
        n.widthAvailable = 186
        n.linesNeeded = 3
        n.linesAllowed = 0
        n.heightNeeded = 0
        n.heightAvailable = 40
        n.overflow = 48.5
        n.fontSize = 17
        n.text = "Continuer"
        n.shown = "Conti..."
        n.fonts = ["Inter", "Noto Sans"]
        n.missingCharacters = ["U+1F600"]
        n.scale = 0.5
        n.variant = "plural:one"
        n.fallback = "short"
        n.lineHeight = 20.5
        n.word = "Benutzername"
        n.wordParts = ["Benutzer", "name"]
        n.borderline = false
        n.budget = FindingBudget(width: 186, lines: 1, share: 1.261, averageAdvance: 7.5, estimatedCharacters: 24)
        XCTAssertEqual(n.widthNeeded, 234.5)
        XCTAssertEqual(n.linesAllowed, 0, "zero is a value, not absence")
        XCTAssertEqual(n.heightNeeded, 0)
        XCTAssertEqual(n.borderline, false, "false is a value, not absence")
        XCTAssertEqual(n.wordParts ?? [], ["Benutzer", "name"])
        XCTAssertEqual(
            try json(n),
            #"{"borderline":false,"budget":{"averageAdvance":7.5,"estimatedCharacters":24,"lines":1,"share":1.261,"width":186},"fallback":"short","fontSize":17,"fonts":["Inter","Noto Sans"],"heightAvailable":40,"heightNeeded":0,"lineHeight":20.5,"linesAllowed":0,"linesNeeded":3,"missingCharacters":["U+1F600"],"overflow":48.5,"scale":0.5,"shown":"Conti...","text":"Continuer","variant":"plural:one","widthAvailable":186,"widthNeeded":234.5,"word":"Benutzername","wordParts":["Benutzer","name"]}"#
        )
        let decoded = try JSONDecoder().decode(Finding.Numbers.self, from: Data(try json(n).utf8))
        XCTAssertEqual(decoded, n)

        n.widthNeeded = nil
        n.linesAllowed = nil
        n.borderline = nil
        n.fonts = nil
        n.budget = nil
        XCTAssertNil(n.widthNeeded)
        XCTAssertNil(n.linesAllowed)
        XCTAssertNil(n.borderline)
        XCTAssertNil(n.budget)
        XCTAssertEqual(n.missingCharacters ?? [], ["U+1F600"])
        XCTAssertFalse(try json(n).contains("widthNeeded"))
        XCTAssertFalse(try json(n).contains("budget"))
    }

    /// A copy shares the box for rare values until one of them changes it; then only that one changes.
    func testCopiesAreIndependent() {
        var a = Finding.Numbers()
        a.fonts = ["Inter"]
        a.word = "Wort"
        a.budget = FindingBudget(width: 186, lines: 1, share: 1.261, averageAdvance: 7.5, estimatedCharacters: 24)
        a.overflow = 3
        var b = a
        b.fonts = ["Noto Sans"]
        b.budget = nil
        b.overflow = 4
        b.word = "Satz"
        XCTAssertEqual(a.fonts ?? [], ["Inter"])
        XCTAssertEqual(a.overflow, 3)
        XCTAssertEqual(a.word, "Wort")
        XCTAssertEqual(a.budget?.share, 1.261)
        XCTAssertEqual(b.fonts ?? [], ["Noto Sans"])
        XCTAssertEqual(b.word, "Satz")
        XCTAssertNil(b.budget)
        XCTAssertNotEqual(a, b)
        b.fonts = ["Inter"]
        b.overflow = 3
        b.word = "Wort"
        b.budget = FindingBudget(width: 186, lines: 1, share: 1.261, averageAdvance: 7.5, estimatedCharacters: 24)
        XCTAssertEqual(a, b, "equal values are equal whether or not they share storage")
    }

    /// The point of the compact storage: a finding's numbers take 128 bytes, not the 320 of plain
    /// optionals (20 of them, most absent in most findings).
    func testNumbersAreCompact() {
        XCTAssertLessThanOrEqual(MemoryLayout<Finding.Numbers>.stride, 128)
    }

    private func json(_ n: Finding.Numbers) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(n), as: UTF8.self)
    }
}
