import Foundation
import TypefitCore
import TypefitLayout
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// The text checks on small inline specs with the bundled fonts: `word-split`, vertical clipping
/// stated as height, and `fixed-font-size` (severity, capped text, a fingerprint independent of the
/// filters).
final class TextRuleTests: XCTestCase {
    static let root = AuditTests.root
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-rules-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    @discardableResult
    func write(_ text: String, _ name: String = "spec.yaml") throws -> String {
        let url = work.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func audit(
        _ path: String, categories: [ContentSizeCategory]? = nil, devices: [String]? = nil, locales: [String]? = nil
    ) throws -> AuditReport {
        var options = AuditOptions()
        options.paths = [path]
        options.categories = categories
        options.devices = devices
        options.locales = locales
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.threads = 1
        return try Auditor(options: options).run()
    }

    /// One 216-pt subheadline label (the custom Firebase login's title width) with `text`.
    func labelSpec(_ text: String, lineBreakMode: String = "byWordWrapping", locale: String = "es", width: Double = 216) -> String {
        """
        screen: Word split
        locales: [\(locale)]
        devices: [iPhone 16]
        categories: [Large, AX5]
        content:
          label: title
          text: "\(text)"
          style: subheadline
          numberOfLines: 0
          lineBreakMode: \(lineBreakMode)
          width: \(width)
        """
    }

    /// The system font stand-in's subheadline at `category`, laid out alone on one line.
    func naturalWidth(_ text: String, _ category: ContentSizeCategory, locale: String = "en") throws -> (width: Double, lineHeight: Double)
    {
        let engine = TextEngine(fontDirectories: [], bundledFonts: Self.root.appendingPathComponent("Fonts").path)
        let l = try engine.layout(LayoutRequest(text: text, size: TextStyle.subheadline.pointSize(at: category), locale: locale)).0
        return (l.naturalWidth, l.lineHeight)
    }

    // MARK: - word-split

    func testSpanishEmailSplitAtAX5IsAWarningWithTheWord() throws {
        let report = try audit(try write(labelSpec("Correo electrónico")))
        let splits = report.findings.filter { $0.rule == .wordSplit }
        XCTAssertEqual(splits.count, 1, report.findings.map(\.message).joined(separator: "\n"))
        let f = try XCTUnwrap(splits.first)
        XCTAssertEqual(f.severity, .warning)
        XCTAssertEqual(f.category, .ax5, "at Large the text fits on one line")
        XCTAssertEqual(f.numbers.word, "electrónico")
        XCTAssertEqual(f.numbers.wordParts, ["electrónic", "o"])
        XCTAssertEqual(f.numbers.shown, "Correo \nelectrónic\no")
        XCTAssertTrue(f.message.contains("\"electrónic / o\""), f.message)
        let word = try naturalWidth("electrónico", .ax5, locale: "es").width
        XCTAssertEqual(f.numbers.widthNeeded ?? 0, word, accuracy: 0.01)
        XCTAssertEqual(f.numbers.widthAvailable, 216)
        XCTAssertEqual(f.numbers.overflow ?? 0, word - 216, accuracy: 0.01)
        XCTAssertEqual(report.summary.warnings, 1)
        XCTAssertFalse(report.summary.failed, "a warning: exit 0 unless --strict")
    }

    /// A text finding keeps the shown lines of its layout and joins them only when read: the shown
    /// text (one line or two, with the ellipsis) is what the message quotes, reads the same after a
    /// JSON round trip (which keeps it as text), and the two forms are equal.
    func testShownTextReadFromTheLayoutsLines() throws {
        for lines in [1, 2] {
            let spec = labelSpec("Correo electrónico y contraseña de la cuenta", lineBreakMode: "byTruncatingTail", width: 150)
                .replacingOccurrences(of: "numberOfLines: 0", with: "numberOfLines: \(lines)")
            let report = try audit(try write(spec))
            let truncated = report.findings.filter { $0.rule == .truncated }
            XCTAssertFalse(truncated.isEmpty, "\(lines) lines")
            for f in truncated {
                let shown = try XCTUnwrap(f.numbers.shown)
                XCTAssertTrue(shown.hasSuffix("…"), shown)
                XCTAssertEqual(shown.split(separator: "\n", omittingEmptySubsequences: false).count, lines, shown)
                XCTAssertTrue(f.message.contains("shows as \"\(shown)\""), f.message)
                let back = try JSONDecoder().decode(Finding.Numbers.self, from: JSONEncoder().encode(f.numbers))
                XCTAssertEqual(back.shown, shown)
                XCTAssertEqual(back, f.numbers)
            }
        }
    }

    func testNoSplitWhereTheWordFits() throws {
        let word = try naturalWidth("electrónico", .ax5, locale: "es").width
        let report = try audit(try write(labelSpec("Correo electrónico", width: (word + 2).rounded(.up))))
        XCTAssertFalse(report.findings.contains { $0.rule == .wordSplit })
    }

    func testCharacterWrappingIsNotReported() throws {
        let report = try audit(try write(labelSpec("Correo electrónico", lineBreakMode: "byCharWrapping")))
        XCTAssertFalse(report.findings.contains { $0.rule == .wordSplit })
    }

    func testCJKAndThaiAtLegalBreaksAreNotReported() throws {
        for (text, locale) in [("メールアドレスでログインしてください", "ja"), ("เข้าสู่ระบบด้วยอีเมลของคุณ", "th")] {
            let report = try audit(try write(labelSpec(text, locale: locale), "\(locale).yaml"))
            XCTAssertEqual(report.findings.filter { $0.rule == .wordSplit }.map(\.message), [], locale)
        }
    }

    func testSingleLineWordWrappingReportsTheCutNotASplit() throws {
        // numberOfLines 1 with byWordWrapping (FirebaseUI's stock buttons): only one line shows; what is
        // cut is `clipped`, and no split word is visible.
        let spec = labelSpec("Correo electrónico").replacingOccurrences(of: "numberOfLines: 0", with: "numberOfLines: 1")
        let report = try audit(try write(spec))
        XCTAssertFalse(report.findings.contains { $0.rule == .wordSplit })
        XCTAssertTrue(report.findings.contains { $0.rule == .clipped && $0.category == .ax5 })
    }

    // MARK: - none of the text shows

    /// A bottom bar as the signup screen has it: a progress label that gives way first
    /// (`compressionResistance: 250`) beside a button whose title alone is wider than the row at AX5.
    func barSpec(labelResistance: Int, skip: String = "Skip this step for now") -> String {
        """
        screen: Bottom bar
        devices: [iPhone 16]
        categories: [Large, AX5]
        content:
          hstack: bar
          spacing: 8
          children:
            - label: progress
              text: "Step 3 of 5"
              style: footnote
              compressionResistance: \(labelResistance)
            - button: skip
              text: "\(skip)"
              style: body
              numberOfLines: 1
        """
    }

    /// Squeezed to nothing by its row, a label shows only an ellipsis (or nothing): the fix is the
    /// row's, never "a shorter fallback string of at most 0 pt" or wrapping, which cannot help.
    func testALabelTheRowSqueezesToNothingIsToldToTakeRoom() throws {
        let report = try audit(try write(barSpec(labelResistance: 250)))
        let f = try XCTUnwrap(report.findings.first { $0.rule == .truncated && $0.element == "progress" && $0.category == .ax5 })
        let shown = try XCTUnwrap(f.numbers.shown)
        XCTAssertTrue(["", "…", "..."].contains(shown), shown)
        XCTAssertLessThan(f.numbers.widthAvailable ?? .infinity, 20)
        XCTAssertEqual(
            f.fix,
            "stack the row vertically at accessibility sizes, or raise its compressionResistance (250, below a neighbour's): the row takes its width first, and none of its text shows in \(pt(f.numbers.widthAvailable ?? -1)) pt, so neither wrapping nor a shorter string helps"
        )
        XCTAssertFalse(report.findings.contains { $0.fix?.contains("of at most 0 pt") == true })
        // With the button's resistance, the row squeezes both in proportion: the label keeps some
        // of its text, and the fix is the usual one.
        let even = try audit(try write(barSpec(labelResistance: 750), "even.yaml"))
        let g = try XCTUnwrap(even.findings.first { $0.rule == .truncated && $0.element == "progress" && $0.category == .ax5 })
        XCTAssertFalse(["", "…", "..."].contains(g.numbers.shown ?? ""), g.message)
        XCTAssertTrue(g.fix?.hasPrefix("allow wrapping (numberOfLines: 0), add a shorter fallback string of at most ") == true, g.fix ?? "")
        XCTAssertFalse(g.fix?.contains("compressionResistance") ?? true, "no neighbour has a higher one")
        // A shorter button: the label keeps a little of its text ("St…"); the usual fix, and the row's.
        let partly = try audit(try write(barSpec(labelResistance: 250, skip: "Skip it now"), "partly.yaml"))
        let p = try XCTUnwrap(partly.findings.first { $0.rule == .truncated && $0.element == "progress" && $0.category == .ax5 })
        XCTAssertFalse(["", "…", "..."].contains(p.numbers.shown ?? ""), p.message)
        let (have, over) = (pt(p.numbers.widthAvailable ?? -1), pt(p.numbers.overflow ?? -1))
        XCTAssertEqual(
            p.fix,
            "allow wrapping (numberOfLines: 0), add a shorter fallback string of at most \(have) pt, or make it \(over) pt wider; its row takes its width first (compressionResistance 250, below a neighbour's): raise it, or stack the row vertically at accessibility sizes"
        )
    }

    /// A fixed width too narrow for any of the text: the fix asks for width, with what one line needs.
    func testALabelTooNarrowForAnyOfItsTextIsToldToWiden() throws {
        let report = try audit(
            try write(
                labelSpec("Continuar", lineBreakMode: "byTruncatingTail", width: 6).replacingOccurrences(
                    of: "numberOfLines: 0", with: "numberOfLines: 1")))
        let f = try XCTUnwrap(report.findings.first { $0.rule == .truncated || $0.rule == .clipped })
        XCTAssertTrue(["", "…", "..."].contains(f.numbers.shown ?? "?"), f.message)
        XCTAssertEqual(
            f.fix,
            "give it more width (one line needs \(pt(f.numbers.widthNeeded ?? -1)) pt): none of its text shows in 6 pt, so neither wrapping nor a shorter string helps"
        )
    }

    // MARK: - vertical clipping

    /// A 40-pt fixed-height button with a one-line title that fits its width at every size.
    let buttonSpec = """
        screen: Fixed button
        devices: [iPhone 16]
        categories: [Large, AX3]
        content:
          button: go
          text: "Go"
          configuration: none
          style: subheadline
          numberOfLines: 1
          lineBreakMode: byWordWrapping
          width: 220
          height: 40
          contentInsets: {top: 0, leading: 8, bottom: 0, trailing: 0}
        """

    func testTitleTallerThanAFixedHeightIsStatedAsHeight() throws {
        let report = try audit(try write(buttonSpec))
        let clipped = report.findings.filter { $0.rule == .clipped }
        XCTAssertEqual(clipped.map(\.category), [.ax3], "fits at Large")
        let f = try XCTUnwrap(clipped.first)
        let lineHeight = try naturalWidth("Go", .ax3).lineHeight
        XCTAssertGreaterThan(lineHeight, 40)
        XCTAssertTrue(f.message.contains("cut off vertically"), f.message)
        XCTAssertTrue(f.message.contains("\(pt(lineHeight)) pt tall") && f.message.contains("fixed height of 40 pt"), f.message)
        XCTAssertFalse(f.message.contains("one line needs"), "nothing is cut in width: \(f.message)")
        XCTAssertEqual(f.numbers.heightNeeded ?? 0, lineHeight, accuracy: 0.01)
        XCTAssertEqual(f.numbers.lineHeight ?? 0, lineHeight, accuracy: 0.01)
        XCTAssertEqual(f.numbers.heightAvailable, 40)
        XCTAssertEqual(f.numbers.overflow ?? 0, lineHeight - 40, accuracy: 0.01)
        XCTAssertNil(f.numbers.widthNeeded, "the numbers say height, not width")
        XCTAssertNil(f.numbers.widthAvailable)
        XCTAssertEqual(f.fix, "replace the fixed height with minHeight: 40 so it grows to \(pt(lineHeight)) pt")
    }

    func testInsetsAreTakenFromTheHeight() throws {
        let spec = buttonSpec.replacingOccurrences(of: "{top: 0,", with: "{top: 6,").replacingOccurrences(
            of: "bottom: 0,", with: "bottom: 6,")
        let report = try audit(try write(spec))
        let f = try XCTUnwrap(report.findings.first { $0.rule == .clipped && $0.category == .ax3 })
        XCTAssertEqual(f.numbers.heightAvailable, 28)
        XCTAssertTrue(f.message.contains("leaves 28 pt for it after 12 pt of insets"), f.message)
        let lineHeight = try naturalWidth("Go", .ax3).lineHeight
        XCTAssertEqual(f.fix, "replace the fixed height with minHeight: 40 so it grows to \(pt(lineHeight + 12)) pt")
    }

    func testCutInWidthAndHeightSaysBoth() throws {
        // The stock picker at AX5 in English: the title is cut in width and its one line is too tall.
        let report = try audit(
            Self.root.appendingPathComponent("Specs/firebase-login/firebase-stock-picker.yaml").path,
            categories: [.ax5], locales: ["en"])
        let f = try XCTUnwrap(report.findings.first { $0.rule == .clipped && $0.element == "google" && $0.screen.contains("Dynamic Type") })
        XCTAssertTrue(f.message.contains("one line needs") && f.message.contains("; and its line is"), f.message)
        XCTAssertEqual(
            f.numbers.overflow ?? 0, (f.numbers.widthNeeded ?? 0) - (f.numbers.widthAvailable ?? 0), accuracy: 0.02,
            "overflow is the width the message names first")
        XCTAssertEqual(f.numbers.heightNeeded, f.numbers.lineHeight, "one line shows")
        XCTAssertEqual(f.numbers.heightAvailable, 40)
    }

    // MARK: - fixed-font-size

    let fixedSpec = """
        screen: Fixed fonts
        devices: [iPhone SE (1st generation), iPhone 16]
        content:
          vstack: root
          children:
            - label: fixed
              text: "Twelve points"
              font: {family: system, size: 12}
            - label: cappedBelowAX
              text: "Capped"
              font: {family: system, size: 12}
              maximumContentSizeCategory: xxxLarge
            - label: cappedAtAX2
              text: "Capped at AX2"
              font: {family: system, size: 12}
              maximumContentSizeCategory: AX2
            - vstack: cappedStack
              maximumContentSizeCategory: Large
              children:
                - label: inCappedStack
                  text: "Inherits the cap"
                  font: {family: system, size: 12}
            - label: scales
              text: "Body"
              style: body
        """

    func testFixedFontSizeIsAnErrorUnlessCappedOnPurpose() throws {
        let report = try audit(try write(fixedSpec))
        let fixed = report.findings.filter { $0.rule == .fixedFontSize }
        XCTAssertEqual(fixed.map(\.element).sorted(), ["cappedAtAX2", "fixed"])
        for f in fixed {
            XCTAssertEqual(f.severity, .error)
            XCTAssertEqual(f.scope, .spec, "a property of the spec: no device, orientation, locale or category")
            XCTAssertNil(f.device)
            XCTAssertNil(f.category)
            XCTAssertNil(f.locale)
            XCTAssertEqual(f.numbers.fontSize, 12)
            // The fingerprint hashes exactly what the finding shows (FNV-1a written out here, not
            // typefit's hasher): spec, screen, element, `all` for the four fields a spec-wide
            // finding does not have, and the rule.
            XCTAssertEqual(
                f.fingerprint, Self.referenceFingerprint([f.spec, f.screen, f.element, "all", "all", "all", "all", f.rule.rawValue]))
        }
        XCTAssertTrue(report.summary.failed)
    }

    /// Two 64-bit FNV-1a hashes (offset bases 0xcbf29ce484222325 and its halves swapped) over the
    /// fields' UTF-8 joined by U+001F, as docs/report-format.md defines a fingerprint.
    static func referenceFingerprint(_ fields: [String]) -> String {
        let bytes = Array(fields.joined(separator: "\u{1F}").utf8)
        func fnv(_ seed: UInt64) -> UInt64 { bytes.reduce(seed) { ($0 ^ UInt64($1)) &* 0x100000001b3 } }
        return [fnv(0xcbf29ce484222325), fnv(0x84222325cbf29ce4)].map { h in
            let hex = String(h, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Every finding's fingerprint hashes what it shows: its spec, screen, element, the scope's
    /// device, orientation, locale and category (`all` where the scope has none), its rule.
    func testEveryFingerprintHashesWhatTheFindingShows() throws {
        var options = AuditOptions()
        // The FirebaseUI-like fixture has untranslated strings (findings about a locale).
        options.paths = [
            Self.root.appendingPathComponent("Specs").path,
            Self.root.appendingPathComponent("Tests/TypefitAuditTests/Fixtures/firebaseui/firebaseui-picker.yaml").path
        ]
        options.locales = ["en", "ar", "ja"]
        options.categories = [.large, .ax5]
        options.bundledFonts = Self.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        let report = try Auditor(options: options).run()
        XCTAssertEqual(Set(report.findings.map { "\($0.scope)".prefix(5) }).count, 3, "state, locale and spec scopes all occur")
        for f in report.findings where f.cause == nil {
            let fields = [
                f.spec, f.screen, f.element, f.device ?? "all", f.orientation?.rawValue ?? "all", f.locale ?? "all",
                f.category?.name ?? "all", f.rule.rawValue
            ]
            XCTAssertEqual(f.fingerprint, Self.referenceFingerprint(fields), f.message)
        }
    }

    func testFixedFontSizeIsTheSameWhateverTheFilters() throws {
        let path = try write(fixedSpec)
        func fixed(_ categories: [ContentSizeCategory]?, _ devices: [String]?) throws -> [String] {
            try audit(path, categories: categories, devices: devices).findings.filter { $0.rule == .fixedFontSize }
                .map { "\($0.element) \($0.scope) \($0.severity) \($0.fingerprint)" }
        }
        let all = try fixed(nil, nil)
        XCTAssertEqual(all.count, 2)
        XCTAssertEqual(try fixed([.ax1], nil), all)
        XCTAssertEqual(try fixed([.large, .ax5], nil), all)
        XCTAssertEqual(try fixed(nil, ["iPhone 16"]), all)
        // No accessibility category audited: the font still does not scale, so it is still reported.
        XCTAssertEqual(try fixed([.large], nil), all)
    }

    func testFixedFontSizeFingerprintsThroughTheCommandLine() throws {
        let path = try write(fixedSpec)
        func fingerprints(_ filters: [String]) throws -> [String] {
            let r = try TypefitCommand.run(
                ["audit", path, "--format", "json"] + filters, in: work,
                environment: ["TYPEFIT_FONTS": Self.root.appendingPathComponent("Fonts").path])
            XCTAssertEqual(r.code, 1, r.err)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
            return findings.filter { $0["rule"] as? String == "fixed-font-size" }.compactMap { $0["fingerprint"] as? String }.sorted()
        }
        let all = try fingerprints([])
        XCTAssertEqual(all.count, 2)
        for filters in [["--categories", "AX1"], ["--categories", "Large,AX5"], ["--devices", "iPhone 16"], ["--categories", "Large"]] {
            XCTAssertEqual(try fingerprints(filters), all, filters.joined(separator: " "))
        }
    }

    func testSeverityOverrideStillApplies() throws {
        let report = try audit(try write(fixedSpec + "\nseverity: {fixed-font-size: warning}\n"))
        XCTAssertEqual(Set(report.findings.filter { $0.rule == .fixedFontSize }.map(\.severity)), [.warning])
        let ignored = try audit(try write(fixedSpec + "\nseverity: {fixed-font-size: ignore}\n", "ignored.yaml"))
        XCTAssertFalse(ignored.findings.contains { $0.rule == .fixedFontSize })
    }
}
