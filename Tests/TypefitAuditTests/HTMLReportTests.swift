import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// The HTML report: self-contained, previews drawn from real glyph outlines, numbers that match the
/// JSON report, and a screenshot in headless Chromium that shows real content.
final class HTMLReportTests: XCTestCase {
    func report(_ path: String, locales: [String]?, categories: [ContentSizeCategory]) throws -> AuditReport {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent(path).path]
        options.locales = locales
        options.categories = categories
        options.keepPreviews = true
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        return try Auditor(options: options).run()
    }

    /// A locale whose only problem is about the whole locale (untranslated) or spec (fixed-font-size)
    /// has every cell fitting; its summary names the problem and links it, as the text report's rows do.
    func testALocalesSummaryNamesItsProblemsAboutTheWholeLocaleOrSpec() throws {
        let picker = try report("Tests/TypefitAuditTests/Fixtures/missing-shows", locales: ["ja", "de"], categories: [.ax1])
        let untranslated = try XCTUnwrap(picker.problems.first { $0.rule == .untranslated })
        let html = HTMLReporter().generateReport(picker)
        func summary(_ html: String, _ locale: String, after heading: String) throws -> String {
            let section = try XCTUnwrap(html.range(of: "<h3>\(heading)</h3>"))
            let start = try XCTUnwrap(html.range(of: "<summary><b lang='\(locale)'>", range: section.upperBound..<html.endIndex))
            let end = try XCTUnwrap(html.range(of: "</summary>", range: start.upperBound..<html.endIndex))
            return String(html[start.lowerBound..<end.upperBound])
        }
        let ja = try summary(html, "ja", after: "FirebaseUI picker, bare lookups")
        XCTAssertTrue(ja.contains("<span class=warn>! warning untranslated (#\(untranslated.rank))</span>"), ja)
        XCTAssertTrue(
            html.contains(
                "<p class=wide>In no cell (about the whole locale or screen): <a href=#r\(untranslated.rank)>#\(untranslated.rank) untranslated</a></p>"
            ))
        XCTAssertFalse(try summary(html, "de", after: "FirebaseUI picker, bare lookups").contains("untranslated"))
        // Bankey's error label keeps a fixed font: every locale's summary names that error.
        let bankey = try report("Specs/bankey-login", locales: ["de", "ja"], categories: [.large])
        let fixed = bankey.problems.filter { $0.rule == .fixedFontSize }.map(\.rank).sorted()
        XCTAssertFalse(fixed.isEmpty)
        let bankeyHTML = HTMLReporter().generateReport(bankey)
        for locale in ["de", "ja"] {
            // One mark for the rule, with every problem of it (one per element with a fixed font).
            let row = try summary(bankeyHTML, locale, after: "Bankey login — sign-in error shown")
            let ranks = fixed.map { "#\($0)" }.joined(separator: ", ")
            XCTAssertTrue(row.contains("<span class=err>✗ error fixed-font-size (\(ranks))</span>"), row)
            XCTAssertEqual(row.components(separatedBy: "fixed-font-size").count, 2, row)
        }
    }

    func testPreviewsShowTheTruncatedGermanButtonAndTheFallbackLabel() throws {
        let stock = try report("Specs/firebase-login", locales: ["de", "ar", "ja"], categories: [.large, .ax1, .ax3])
        let html = HTMLReporter().generateReport(stock)
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertFalse(
            html.contains("http://") || html.contains("https://") || html.contains("<script src") || html.contains("<link "),
            "self-contained: no network references")
        // Glyph outlines are defined once and drawn with <use>.
        let defs = html.components(separatedBy: "<path id=g").count - 1
        let uses = html.components(separatedBy: "<use href='#g").count - 1
        XCTAssertGreaterThan(defs, 20)
        XCTAssertGreaterThan(uses, defs)
        // The clipped google button is one problem; its preview is the worst case (the largest
        // overflow of its findings, found here from the findings), with the JSON report's numbers.
        let problem = try XCTUnwrap(
            stock.problems.first { $0.rule == .clipped && $0.element == "google" && $0.spec.hasSuffix("firebase-stock-picker.yaml") })
        let largest = try XCTUnwrap(problem.findings.compactMap(\.numbers.overflow).max())
        XCTAssertEqual(problem.worst.numbers.overflow, largest)
        XCTAssertTrue(html.contains("<li id=r\(problem.rank) data-sev='error' data-rule='clipped'"))
        XCTAssertTrue(html.contains("width needed \(Self.num(problem.worst.numbers.widthNeeded!)) pt"), "caption numbers match JSON")
        XCTAssertTrue(html.contains("role=img lang='\(problem.worst.locale ?? "")'"), "the text sample names its language")
        // The fallback short label of the accessible login is drawn too.
        XCTAssertTrue(html.contains("fallback-used"))
        XCTAssertTrue(html.contains("class='gl fbk'"), "Arabic and Japanese glyphs come from fallback fonts and are marked")
        // Deterministic.
        XCTAssertEqual(
            html,
            HTMLReporter().generateReport(try report("Specs/firebase-login", locales: ["de", "ar", "ja"], categories: [.large, .ax1, .ax3]))
        )
    }

    func testPreviewGlyphsFollowTheLayout() throws {
        let r = try report("Specs/paper-login/paper-login.yaml", locales: ["de"], categories: [.ax3])
        let truncated = try XCTUnwrap(r.findings.first { $0.rule == .truncated && $0.element == "username" })
        let preview = try XCTUnwrap(r.pictures?.preview(of: truncated))
        XCTAssertEqual(preview.lines.count, 1)
        let glyphs = preview.lines[0].glyphs
        XCTAssertTrue(glyphs.last?.isEllipsis ?? false, "the line ends with the ellipsis")
        XCTAssertEqual(glyphs.map(\.x), glyphs.map(\.x).sorted(), "left-to-right pen positions")
        XCTAssertLessThanOrEqual(glyphs.last!.x, preview.textWidth, "the ellipsis starts inside the field")
        XCTAssertLessThanOrEqual(preview.lines[0].width, truncated.numbers.widthAvailable! + 0.01, "the shown line fits the field")
    }

    /// An emoji is a colour bitmap with no outline to draw: the preview puts a placeholder square where
    /// the emoji font draws it, one per emoji shown (the two before "Party" and the skin-toned thumb),
    /// none for the spaces or the text, whose glyphs are outlines.
    func testAPreviewMarksWhereEachEmojiIsDrawn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-emoji-preview-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("party.yaml")
        try """
        screen: Party
        categories: [Large]
        devices: [iPhone 16]
        content:
          vstack: root
          children:
            - {label: party, text: "\u{1F389}\u{1F389} Party \u{1F44D}\u{1F3FD} time at last, everyone is here and more", style: body, numberOfLines: 1, width: 250}
        """.write(to: spec, atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [spec.path]
        options.keepPreviews = true
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        let r = try Auditor(options: options).run()
        let truncated = try XCTUnwrap(r.findings.first { $0.rule == .truncated })
        XCTAssertEqual(truncated.numbers.fonts, ["Noto Color Emoji", "Inter"])
        let preview = try XCTUnwrap(r.pictures?.preview(of: truncated))
        let emoji = preview.lines[0].glyphs.filter { $0.font.family == "Noto Color Emoji" }
        XCTAssertEqual(emoji.count, 3)
        let html = HTMLReporter().generateReport(r)
        XCTAssertEqual(html.components(separatedBy: "fill='#ffcc00'").count - 1, 3, "a placeholder per emoji")
        XCTAssertEqual(html.components(separatedBy: "emoji drawn as yellow squares").count - 1, 1, "the caption says what they are")
    }

    /// A preview's caption quotes the text shown with its line breaks (white-space: pre-line): joined
    /// by spaces, Bankey's Tamil tagline split inside a word read as two words.
    func testAPreviewQuotesTheShownTextLineByLine() throws {
        let r = try report("Specs/bankey-login", locales: ["ta"], categories: [.ax1, .ax3])
        let shown = Set(r.findings.filter { $0.rule == .wordSplit }.compactMap(\.numbers.shown).filter { $0.contains("\n") }.map(Page.esc))
        XCTAssertFalse(shown.isEmpty)
        let html = HTMLReporter().generateReport(r)
        XCTAssertTrue(html.contains("q.lines{white-space:pre-line}"))
        let quoted = html.components(separatedBy: "shown: <q class=lines lang='ta'>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        XCTAssertTrue(quoted.contains { shown.contains($0) }, "\(quoted)")
    }

    /// A word-split preview marks the word's own overflow (the caption's "overflow N pt", the word's
    /// width past its line) on the line the word starts on, not the whole text's one-line width.
    func testAWordSplitPreviewMarksTheWordsOverflowOnItsLine() throws {
        let r = try report("Specs/bankey-login", locales: ["ta"], categories: [.ax1, .ax3])
        let html = HTMLReporter().generateReport(r)
        var checked = 0
        for figure in html.components(separatedBy: "<figure id=").dropFirst() {
            guard figure.contains("<span class=warn>word-split</span>") else { continue }
            let caption = try XCTUnwrap(figure.range(of: " · overflow "))
            let overflow = try XCTUnwrap(Double(figure[caption.upperBound...].prefix { $0 != " " }))
            let rect = try XCTUnwrap(figure.range(of: "' fill='rgba(255,59,48,.25)'/>", options: .backwards))
            let tag = String(figure[..<rect.lowerBound].suffix(120))
            func attribute(_ name: String) throws -> Double {
                let start = try XCTUnwrap(tag.range(of: " \(name)='", options: .backwards))
                return try XCTUnwrap(Double(tag[start.upperBound...].prefix { $0 != "'" }))
            }
            XCTAssertEqual(try attribute("width"), overflow, accuracy: 0.02, tag)
            let lineHeight = try attribute("height")
            // The split word starts below the first line of the Tamil tagline, never on line 0.
            XCTAssertGreaterThanOrEqual(try attribute("y"), lineHeight, tag)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testScreenshotInHeadlessChromiumShowsContent() throws {
        let r = try report("Specs/firebase-login/firebase-stock-picker.yaml", locales: ["de"], categories: [.ax3])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-html-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("report.html")
        try HTMLReporter().generateReport(r).write(to: html, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "python3", AuditTests.root.appendingPathComponent("scripts/check-screenshot.py").path, html.path,
            dir.appendingPathComponent("shot.png").path
        ]
        try p.run()
        p.waitUntilExit()
        if p.terminationStatus == 77 { throw XCTSkip("headless Chromium is not installed (apt-get install chromium)") }
        XCTAssertEqual(p.terminationStatus, 0, "the screenshot shows the report's content")
    }

    /// The whole shipped Specs/ report stays under 3 MB (previews per problem, not per cell), has a
    /// viewport, a main landmark and one entry per problem, and no locale opens by itself.
    func testTheSpecsReportIsUnder3MBWithOneEntryPerProblem() throws {
        let all = try report("Specs", locales: nil, categories: ContentSizeCategory.allCases)
        let html = HTMLReporter().generateReport(all)
        XCTAssertLessThan(html.utf8.count, 3_000_000)
        XCTAssertTrue(html.contains("<meta name=viewport content=\"width=device-width, initial-scale=1\">"))
        XCTAssertTrue(html.contains("<main>") && html.contains("<header>") && html.contains("<nav aria-label='problems'>"))
        XCTAssertEqual(html.components(separatedBy: "<li id=r").count - 1, all.problems.count)
        XCTAssertFalse(html.contains("<details open"))
        // Every cell links to an existing problem.
        for rank in Set(html.components(separatedBy: "<a href=#r").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }) {
            XCTAssertTrue(html.contains("<li id=r\(rank) "), "cell link to #r\(rank)")
        }
    }

    /// What a reviewer sees (scripts/check-html.py): headless Chromium at 1280 and 390 px without a
    /// sideways scroll, the severity filter working offline, and axe-core with no WCAG 2.0/2.1 A or
    /// AA violation, every locale's table open.
    func testReviewInHeadlessChromiumAt1280And390PxAndAxe() throws {
        let r = try report("Specs/firebase-login", locales: ["de", "ar", "ja"], categories: [.large, .ax1, .ax3])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-review-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("report.html")
        try HTMLReporter().generateReport(r).write(to: html, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", AuditTests.root.appendingPathComponent("scripts/check-html.py").path, html.path, dir.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 77 { throw XCTSkip("Chromium, chromedriver, selenium or axe-core-python missing: \(text)") }
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("report-390.png: viewport 390 px, page 390 px wide"), text)
        XCTAssertTrue(text.contains(" 0 violated"), text)
    }

    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// The whole-screen pictures of the HTML report, against positions computed here by hand, and the
/// right-to-left and source-language order of the review view.
final class ScreenPictureTests: XCTestCase {
    /// iPhone 16 in portrait: 393 × 852 pt, the safe area from y 59 to 818, the software keyboard
    /// 336 pt tall (its top at y 516). The form's 600 pt spacer puts the 30 pt field at y 659–689,
    /// inside the 16 pt layout margins (x 16, 361 pt wide): wholly under the keyboard.
    static let spec = """
        screen: Form
        categories: [Large]
        locales: [en]
        devices: [iPhone 16]
        keyboard: {height: software, focused: [email]}
        content:
          vstack: form
          children:
            - {spacer: gap, minHeight: 600}
            - {textField: email, placeholder: Email, style: body, borderStyle: roundedRect}
        """

    func audit(_ spec: String, locales: [String]? = nil, keepPreviews: Bool = true) throws -> AuditReport {
        try Self.audit(spec, locales: locales, keepPreviews: keepPreviews)
    }

    static func audit(_ spec: String, locales: [String]? = nil, keepPreviews: Bool = true) throws -> AuditReport {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-picture-\(getpid())-\(abs(spec.hashValue))")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try spec.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [dir.appendingPathComponent("s.yaml").path]
        options.locales = locales
        options.keepPreviews = keepPreviews
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        return try Auditor(options: options).run()
    }

    /// A preview of text no font has (Open Food Facts' Santali words) ended "fonts:" with nothing
    /// after it; it says there is none.
    func testAPreviewOfTextNoFontHasSaysItHasNoFont() throws {
        let report = try audit(
            """
            screen: Ancient
            devices: [iPhone 16]
            categories: [Large]
            content:
              vstack: root
              children:
                - {label: ancient, text: "𒀀𒀁𒀂", style: body, width: 20}
            """)
        let truncated = try XCTUnwrap(report.findings.first { $0.rule == .truncated })
        XCTAssertEqual(truncated.numbers.fonts, [])
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(html.contains("fonts: none (no font has its characters)"), "the caption names no font")
        XCTAssertFalse(html.contains("fonts: <") || html.contains("fonts: \n"), "no empty font list")
    }

    func testThePictureOfTheHiddenFieldHasTheDeviceTheKeyboardAndTheFieldsFrame() throws {
        let report = try audit(Self.spec)
        let hidden = try XCTUnwrap(report.findings.first { $0.rule == .hiddenByKeyboard })
        let picture = try XCTUnwrap(report.pictures?.picture(of: hidden))
        XCTAssertEqual([picture.width, picture.height], [393, 852])
        XCTAssertEqual(picture.safeArea, Rect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertEqual(picture.keyboard, Rect(x: 0, y: 516, width: 393, height: 336))
        XCTAssertEqual(picture.frame(of: "email"), Rect(x: 16, y: 659, width: 361, height: 30))
        XCTAssertEqual(picture.screen, "Form (editing email)")
        XCTAssertFalse(picture.rightToLeft)
        let html = HTMLReporter().generateReport(report)
        // The SVG: the device outline, the keyboard, the field's frame outlined, its hidden part hatched.
        XCTAssertTrue(html.contains("<rect x='0' y='0' width='393' height='852' rx='47.16' fill='none' stroke='#1d1d1f'"), "device outline")
        XCTAssertTrue(html.contains("<rect x='0' y='516' width='393' height='336' fill='#c7c9d0'"), "keyboard")
        XCTAssertTrue(
            html.contains("<rect x='16' y='659' width='361' height='30' fill='rgba(255,59,48,.12)' stroke='#d70015' stroke-width='4'/>"),
            "the failing frame")
        XCTAssertTrue(html.contains("<rect x='16' y='659' width='361' height='30' fill='url(#"), "its hidden part hatched")
        XCTAssertTrue(html.contains("<rect x='0' y='59' width='393' height='759' fill='none' stroke='#0062cc'"), "the safe area")
        // The text alternative says the same in words, and lists every frame.
        XCTAssertTrue(html.contains("393 × 852 pt screen · safe area y 59–818 pt · keyboard from y 516 pt"), html)
        XCTAssertTrue(html.contains("✗ <b>email</b> at x 16, y 659 pt, 361 × 30 pt — hatched: hidden (x 16, y 659, 361 × 30 pt)"))
        XCTAssertTrue(html.contains("<summary>Frames of the 3 elements (pt)</summary>"))
        XCTAssertTrue(html.contains("role=img aria-labelledby="))
        // Without kept previews (no html report asked for) nothing is kept for pictures.
        XCTAssertNil(try audit(Self.spec, keepPreviews: false).pictures)
    }

    /// In a scroll view that scrolls the field being edited into view (`keyboardAvoidance:
    /// scrollView`), the picture shows the content scrolled as the screen shows it: the field's bottom
    /// at the keyboard's top (y 516), 689 − 516 = 173 pt up; a field that is not being edited, and a
    /// screen that does not scroll, are drawn where they were laid out. The edited field is outlined
    /// and named.
    func testAScrollViewIsDrawnScrolledToTheFieldBeingEdited() throws {
        let scrolling = Self.spec.replacingOccurrences(
            of: "keyboard: {height: software, focused: [email]}",
            with: "scrolls: true\nkeyboardAvoidance: scrollView\nkeyboard: {height: software, focused: [email]}"
        ).replacingOccurrences(
            of: "    - {textField: email, placeholder: Email, style: body, borderStyle: roundedRect}",
            with: "    - {textField: email, placeholder: Email, style: body, borderStyle: roundedRect}\n"
                + "    - {label: note, text: \"We never share your email address with anyone, and you can delete it in Settings at any time\", style: footnote}"
        )
        let report = try audit(scrolling)
        XCTAssertFalse(report.findings.contains { $0.rule == .hiddenByKeyboard }, "scrolled into view")
        let cut = try XCTUnwrap(report.findings.first { $0.element == "note" && $0.rule == .truncated }, "a long one-line label")
        let state = try XCTUnwrap(cut.state)
        let picture = try XCTUnwrap(report.pictures?.picture(of: cut))
        XCTAssertEqual(picture.scrolled, 173)
        XCTAssertEqual(picture.frame(of: "email"), Rect(x: 16, y: 486, width: 361, height: 30))
        let note = try XCTUnwrap(picture.frame(of: "note"))
        XCTAssertEqual(note.minY, 516, accuracy: 0.001, "the label below the field, under the keyboard's top")
        XCTAssertEqual(try XCTUnwrap(picture.frame(of: "form")).minY, 59 - 173, "the content's top, scrolled above the screen")
        // The same screen without keyboard avoidance, and the one that does not scroll: not scrolled.
        let unavoided = try audit(scrolling.replacingOccurrences(of: "keyboardAvoidance: scrollView\n", with: ""))
        let stillCut = try XCTUnwrap(unavoided.findings.first { $0.element == "note" && $0.rule == .truncated && $0.state == state })
        let still = try XCTUnwrap(unavoided.pictures?.picture(of: stillCut))
        XCTAssertNil(still.scrolled)
        XCTAssertEqual(still.frame(of: "email"), Rect(x: 16, y: 659, width: 361, height: 30))
        let hidden = try XCTUnwrap(try audit(Self.spec).findings.first { $0.rule == .hiddenByKeyboard })
        XCTAssertNil(try audit(Self.spec).pictures?.picture(of: hidden)?.scrolled)
        // The caption says it.
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(html.contains("keyboard from y 516 pt · content scrolled up 173 pt to show email"), html)
        // The field being edited is outlined and named where the scroll put it.
        XCTAssertTrue(html.contains("<rect x='16' y='486' width='361' height='30' fill='none' stroke='#0062cc' stroke-width='2.5'/>"), html)
        XCTAssertTrue(html.contains("<text x='16' y='482' text-anchor='start' class=lb>editing email</text>"), html)
    }

    /// A button's `cornerRadius` is drawn on its frame, at most half its shorter side (a capsule).
    func testCornerRadiusIsDrawn() throws {
        let report = try audit(
            Self.spec.replacingOccurrences(
                of: "{spacer: gap, minHeight: 600}",
                with: "{spacer: gap, minHeight: 500}\n    - {button: go, text: Go, style: body, width: 100, height: 30, cornerRadius: 8}\n"
                    + "    - {button: pill, text: Go, style: body, width: 100, height: 30, cornerRadius: 40}"))
        let hidden = try XCTUnwrap(report.findings.first { $0.rule == .hiddenByKeyboard })
        let picture = try XCTUnwrap(report.pictures?.picture(of: hidden))
        let go = try XCTUnwrap(picture.frame(of: "go")), pill = try XCTUnwrap(picture.frame(of: "pill"))
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(html.contains("<rect x='16' y='\(Page.num(go.y))' width='100' height='30' fill='#f2f2f7' rx='8'/>"), html)
        XCTAssertTrue(
            html.contains("<rect x='16' y='\(Page.num(pill.y))' width='100' height='30' fill='#f2f2f7' rx='15'/>"),
            "capped at half the height")
    }

    /// In Arabic the layout is mirrored as UIKit mirrors it: every frame at 393 − x − width.
    func testRightToLeftPicturesAreMirrored() throws {
        let report = try audit(
            Self.spec.replacingOccurrences(of: "locales: [en]", with: "locales: [en, ar]")
                .replacingOccurrences(
                    of: "{spacer: gap, minHeight: 600}", with: "{button: go, text: Go, style: body, width: 100, height: 30}"))
        let en = try XCTUnwrap(
            report.pictures?.picture(
                spec: report.findings[0].spec, title: "Form",
                state: Finding.State(device: "iPhone 16", orientation: .portrait, locale: "en", category: .large, focused: "email")))
        let ar = try XCTUnwrap(
            report.pictures?.picture(
                spec: report.findings[0].spec, title: "Form",
                state: Finding.State(device: "iPhone 16", orientation: .portrait, locale: "ar", category: .large, focused: "email")))
        XCTAssertTrue(ar.rightToLeft)
        let go = try XCTUnwrap(en.frame(of: "go")), goAR = try XCTUnwrap(ar.frame(of: "go"))
        XCTAssertEqual(go.x, 16, "leading in English")
        XCTAssertEqual(goAR, Rect(x: 393 - 16 - 100, y: go.y, width: 100, height: 30), "trailing in Arabic")
    }

    /// The source language first; previews in reading order (the smaller category first), with
    /// `lang` and `dir` on right-to-left samples and mirrored insets.
    func testSourceLanguageFirstAndReadingOrder() throws {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent("Specs/firebase-login/firebase-stock-picker.yaml").path]
        options.locales = ["ar", "de", "en"]
        options.keepPreviews = true
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        let report = try Auditor(options: options).run()
        XCTAssertEqual(report.sourceLanguages, ["en"])
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(
            html.contains(
                "<select id=f-locale><option value=''>all</option><option>en</option><option>ar</option><option>de</option></select>"))
        let en = try XCTUnwrap(html.range(of: "<details><summary><b lang='en'>en</b> (source language)"))
        let ar = try XCTUnwrap(html.range(of: "<details><summary><b lang='ar'>ar</b>"))
        XCTAssertLessThan(en.lowerBound, ar.lowerBound)
        XCTAssertTrue(html.contains("3 locales, source language first (en)"))
        // The google button's previews: its first failing category before its worst (AX5).
        let problem = try XCTUnwrap(report.problems.first { $0.rule == .clipped && $0.element == "google" })
        let item = try XCTUnwrap(html.components(separatedBy: "<li id=r").first { $0.hasPrefix("\(problem.rank) ") })
        let captions = item.components(separatedBy: "<figcaption><b>google</b> · ").dropFirst().map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(captions.count, 2)
        XCTAssertEqual(
            captions.map { ContentSizeCategory(name: $0)!.rawValue }, captions.map { ContentSizeCategory(name: $0)!.rawValue }.sorted(),
            "reading order")
        XCTAssertEqual(captions.last, "AX5")
        XCTAssertTrue(item.contains("lang='ar' dir=rtl"), "the Arabic sample says its direction")
        // Links: the spec line (relative to the report's folder) and the catalog key.
        XCTAssertTrue(item.contains("strings: table <code>Localizable</code>, key <code>firebase.signIn.google</code> in <a href="), item)
        let linked = HTMLReporter(baseDirectory: "/work/app", reportDirectory: "build/typefit")
        var relative = report
        relative.findings = relative.findings.map { $0.with(spec: "Specs/login.yaml") }
        XCTAssertTrue(linked.generateReport(relative).contains("<a href='../../Specs/login.yaml#L\(problem.line)'>"))
    }

    /// Arabic in a right-to-left preview sits in the mirrored text area: the button's insets from
    /// its right edge, the glyphs of the fitting line inside the area.
    func testRightToLeftPreviewsMirrorTheInsets() throws {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent("Specs/firebase-login/firebase-stock-picker.yaml").path]
        options.locales = ["ar"]
        options.categories = [.large]
        options.keepPreviews = true
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        let report = try Auditor(options: options).run()
        let f = try XCTUnwrap(report.findings.first { $0.hasPreview && $0.numbers.shown != nil })
        let p = try XCTUnwrap(report.pictures?.preview(of: f))
        XCTAssertTrue(p.rightToLeft)
        let mirroredX = p.elementWidth - p.textX - p.textWidth
        let html = HTMLReporter().generateReport(report)
        XCTAssertTrue(
            html.contains("<g transform='translate(\(HTMLReportTests.num(mirroredX)) \(HTMLReportTests.num(p.textY)))'>"),
            "text area mirrored")
        for line in p.lines where line.width <= p.textWidth {
            for g in line.glyphs { XCTAssertGreaterThanOrEqual(g.x, -0.01, "inside the text area") }
        }
    }
}
