import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// An element's `arguments` fill the format specifiers of the string it shows, in the audit and in
/// `typefit budgets`, and are checked against what the string reads. Expected texts are the shipped
/// catalogs' translations with the spec's values put in by hand.
final class SpecArgumentsTests: XCTestCase {
    /// An audit of one spec in `locales` (nil: every locale its strings have), with the bundled fonts.
    func options(_ spec: String, _ locales: [String]?) -> AuditOptions {
        var options = AuditOptions()
        options.paths = [spec]
        options.locales = locales
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        return options
    }

    func testTheSignupProgressLabelIsCheckedWithItsArguments() throws {
        // signup-flow.yaml: `key: signup.progress`, `arguments: [3, 5]`; the catalog's
        // "Step %1$lld of %2$lld", "Schritt %1$lld von %2$lld", "ステップ %1$lld/%2$lld".
        let report = try Auditor(
            options: options(AuditTests.root.appendingPathComponent("Specs/signup-flow/signup-flow.yaml").path, ["en", "de", "ja"])
        ).run()
        let progress = report.findings.filter { $0.element == "progress" && $0.rule == RuleID.truncated }
        XCTAssertFalse(progress.isEmpty)
        var texts: [String: Set<String>] = [:]
        for f in progress { texts[f.locale ?? "", default: []].insert(f.numbers.text ?? "") }
        XCTAssertEqual(texts, ["en": ["Step 3 of 5"], "de": ["Schritt 3 von 5"], "ja": ["ステップ 3/5"]])
    }

    func testANumberThatChoosesThePluralFormChecksTheFormTheAppShowsForIt() throws {
        // bankey-login.yaml: `arguments: [3]` for a plural string. 3 is `other` in English and German
        // and `few` in Russian (CLDR), so each shows that form with 3 and the others are not checked.
        let auditor = Auditor(
            options: options(AuditTests.root.appendingPathComponent("Specs/bankey-login/bankey-login.yaml").path, ["en", "de", "ru"]))
        let error = try XCTUnwrap(auditor.budgets().keys.first { $0.element == "errorMessage" })
        XCTAssertEqual(
            error.locales.map { $0.translation?.text },
            [
                "Benutzername oder Passwort ist falsch. Sie haben noch 3 Versuche.",
                "Неверное имя пользователя или пароль. Осталось 3 попытки.",
                "Incorrect username or password. 3 attempts left."
            ])
        XCTAssertEqual(error.locales.map { $0.translation?.variant }, ["plural:other", "plural:few", "plural:other"])
    }

    /// A word split inside the sample of a `%@` says so in its fix; `arguments` replace the sample, and a
    /// literal text that happens to hold the same letters is not taken for one.
    func testAWordSplitInsideTheSampleOfAnObjectArgumentPointsAtArguments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-arguments-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{ "sourceLanguage" : "en", "version" : "1.0", "strings" : { "%@ was posted" : { } } }"#.write(
            to: folder.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        func wordSplits(_ text: String) throws -> [Finding] { try findings(text, lines: 0, rule: RuleID.wordSplit) }
        func findings(_ text: String, lines: Int, rule: RuleID) throws -> [Finding] {
            let spec = folder.appendingPathComponent("spec.yaml")
            try """
            screen: Posted
            strings: Localizable.xcstrings
            categories: [AX5]
            devices: [iPhone SE (1st generation)]
            content:
              vstack: root
              children:
                - label: posted
                  style: body
                  numberOfLines: \(lines)
            \(text)
            """.write(to: spec, atomically: true, encoding: .utf8)
            return try Auditor(options: options(spec.path, nil)).run().findings.filter { $0.rule == rule }
        }
        let sample = try XCTUnwrap(try wordSplits("      key: \"%@ was posted\"").first)
        XCTAssertEqual(sample.numbers.word, "WWWWWWWWWW")
        XCTAssertTrue(
            (sample.fix ?? "").hasPrefix(
                "the word holds typefit's sample for %@ (\"WWWWWWWWWW\", a long name in wide letters): give the element `arguments` with a realistic value, or give the text more width"
            ), sample.fix ?? "")
        XCTAssertEqual(try wordSplits("      key: \"%@ was posted\"\n      arguments: [Anna]"), [])
        // One line: the truncated finding says the same.
        let truncated = try XCTUnwrap(
            try findings("      key: \"%@ was posted\"", lines: 1, rule: RuleID.truncated).first)
        XCTAssertTrue((truncated.fix ?? "").hasPrefix("the text holds typefit's sample for a %@ argument"), truncated.fix ?? "")
        let literal = try XCTUnwrap(try wordSplits("      text: WWWWWWWWWW was posted").first)
        XCTAssertTrue((literal.fix ?? "").hasPrefix("give the text more width at this size"), literal.fix ?? "")
    }
}
