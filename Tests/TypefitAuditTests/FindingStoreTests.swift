import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Findings are kept as records (`FindingRecord`) in a `FindingStore`, in memory or spilled to a
/// temporary file, and each spec's findings are finished as its jobs complete (`SpecBatches`).
/// Each is checked against what it stands for: the finding written, the report of a run held in
/// memory, the problems grouped from a plain array.
final class FindingStoreTests: XCTestCase {
    /// A finding with every field and every number set, and one with none of the optional ones.
    static func handMade() -> [Finding] {
        var n = Finding.Numbers()
        n.widthNeeded = 312.25
        n.widthAvailable = -0.0
        n.linesNeeded = 3
        n.linesAllowed = -1
        n.heightNeeded = 1e-7
        n.heightAvailable = 1e16
        n.overflow = 0.1 + 0.2
        n.fontSize = 17
        n.text = "Zurück zur Übersicht — 戻る"
        n.shown = "Zurück zur…"
        n.fonts = ["Inter", "Noto Sans CJK JP"]
        n.missingCharacters = ["U+1F600 😀", ""]
        n.scale = 0.75
        n.variant = "plural:one"
        n.fallback = "back.short"
        n.lineHeight = 20.5
        n.word = "Übersicht"
        n.wordParts = ["Über", "sicht"]
        n.borderline = false
        n.budget = FindingBudget(width: 120.5, lines: 2, share: 0.5, averageAdvance: 7.25, estimatedCharacters: 33)
        var full = Finding(
            rule: .truncated, severity: .warning, spec: "Specs/a b/ü.yaml", title: "Sign in", editing: "email", element: "title",
            line: 12, column: 7,
            scope: .state(
                .init(device: "iPhone SE (3rd generation)", orientation: .landscape, locale: "pt-BR", category: .ax5, focused: "email")),
            cause: "a cause", message: "Truncated by 12.5 pt\nat AX5", fix: "Allow 2 lines", numbers: n, hasPreview: true)
        full.acceptance = .baseline
        var bare = Finding(
            rule: .missingGlyphs, severity: .info, spec: "x.yaml", title: "", element: "", line: 0, column: 0, scope: .spec,
            message: "", fix: nil, numbers: .init())
        bare.numbers.borderline = true
        let locale = Finding(
            rule: .fallbackUsed, severity: .error, spec: "x.yaml", title: "T", element: "e", line: 1, column: 2, scope: .locale("ar"),
            message: "m", fix: nil, numbers: .init())
        return [full, bare, locale]
    }

    /// Findings worded when read (`FindingWording.overflow` in each of its forms, with and without a
    /// borderline mark, a height cut, a budget's language and an autoshrink scale, none of the text
    /// shown for either cause, and `.touchTarget`): a record keeps what they are worded from, and they read back worded the same.
    static func worded(_ numbers: Finding.Numbers) -> [Finding] {
        let place = Finding.Place(
            spec: "Specs/worded.yaml", title: "Worded", editing: nil,
            scope: .state(.init(device: "iPhone 16", orientation: .portrait, locale: "de", category: .ax2, focused: nil)))
        let prefix = Finding.fingerprintPrefix(spec: place.spec, screen: place.screen)
        let forms: [TextOverflow.Wording.Form] = [.height, .oneLine(.line), .oneLine(.typedText), .oneLine(.placeholder), .lines, .word]
        let cut = TextOverflow.HeightCut(
            lines: 2, kind: .button, fixedHeight: nil, frameHeight: 44, height: 48.5, lineHeight: 24.25, limit: 30)
        let borderline = Borderline(bound: 0.031, size: 17, weight: .semibold)
        var wordings: [FindingWording] = forms.enumerated().map { i, form in
            .overflow(
                TextOverflow.Wording(
                    form: form, language: i % 2 == 0 ? "German" : nil, autoshrinkScale: i == 3 ? 0.5 : nil,
                    borderline: i % 3 == 0 ? borderline : nil, heightCut: i % 2 == 1 || i == 0 ? cut : nil))
        }
        for (noneShown, rowResistance, holdsSample) in [(true, nil, false), (true, 250.5, true), (false, 250.5, false), (false, nil, true)]
        {
            var w = TextOverflow.Wording(form: .oneLine(.line), language: nil, autoshrinkScale: nil, borderline: borderline, heightCut: nil)
            w.noneShown = noneShown
            w.rowResistance = rowResistance
            w.holdsSample = holdsSample
            wordings.append(.overflow(w))
        }
        wordings.append(.touchTarget(width: 40.5, height: 20, sizing: []))
        wordings.append(.touchTarget(width: 30, height: 40, sizing: [.width, .height]))
        wordings.append(.touchTarget(width: 250, height: 40, sizing: [.width, .minHeight]))
        wordings.append(.text(message: "a message", fix: nil))
        wordings.append(
            .wordSplit(WordSplitRule.Wording(barelyOver: false, sampleSpecifier: nil, borderline: nil, measuredWithMissingGlyphs: false)))
        wordings.append(
            .wordSplit(
                WordSplitRule.Wording(barelyOver: true, sampleSpecifier: "%1$@", borderline: borderline, measuredWithMissingGlyphs: true)))
        wordings.append(
            .doesNotFit(.content(height: 701.3, available: 548, overTop: nil, overBottom: 153.3, overWidth: nil, belowBar: false)))
        wordings.append(
            .doesNotFit(.content(height: 900, available: 600.5, overTop: 12.25, overBottom: 287.25, overWidth: 3, belowBar: true)))
        wordings.append(.doesNotFit(.bar(above: 34.5)))
        return wordings.enumerated().map { i, wording in
            Finding(
                rule: .truncated, severity: .error, place: place, prefix: prefix, element: "e\(i)", line: i + 1, column: 3, cause: nil,
                wording: wording, numbers: numbers, hasPreview: false)
        }
    }

    /// Every field comes back as written, in memory and from the file, read in order and at random.
    func testRecordsReadBackEqualToTheFindingsWritten() throws {
        let handMade = Self.handMade()
        let findings = handMade + Self.worded(handMade[0].numbers)
        // A fingerprint read back that is not 32 hex digits is kept as text.
        let relabelled = findings[0].with(spec: "other.yaml")
        relabelled.storage.fingerprint = FingerprintValue("not a hex fingerprint")
        let all = findings + [relabelled]
        for limit in [Int.max, 0] {
            let store = FindingStore(memoryLimit: limit)
            try store.append(contentsOf: all)
            XCTAssertEqual(store.isSpilled, limit == 0)
            let list = store.all
            XCTAssertEqual(Array(list), all, "in order, limit \(limit)")
            for i in all.indices.reversed() { XCTAssertEqual(list[i], all[i], "at random, #\(i), limit \(limit)") }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            XCTAssertEqual(try encoder.encode(Array(list)), try encoder.encode(all), "the JSON of what is read back")
        }
    }

    /// Lists appended one after another (one per spec, as a run appends them) read back as one list:
    /// every range, within a list or across several, kept in memory, spilled part way (the lists
    /// kept so far go to the file first) and spilled from the start.
    func testListsAppendedOneByOneReadBackAsOne() throws {
        let handMade = Self.handMade()
        let findings = handMade + Self.worded(handMade[0].numbers)
        let all = findings + findings.map { $0.with(spec: "other.yaml") } + findings
        let sizes = [3, 0, 1, all.count / 2, 0, 2]
        var pieces: [[Finding]] = []
        var at = 0
        for size in sizes {
            pieces.append(Array(all[at..<min(all.count, at + size)]))
            at = min(all.count, at + size)
        }
        pieces.append(Array(all[at...]))
        XCTAssertGreaterThan(pieces.filter { !$0.isEmpty }.count, 4)
        for limit in [Int.max, all.count / 2, 0] {
            let store = FindingStore(memoryLimit: limit)
            for piece in pieces { try store.append(contentsOf: piece) }
            XCTAssertEqual(store.isSpilled, limit != Int.max, "limit \(limit)")
            XCTAssertEqual(store.count, all.count)
            for lower in 0...all.count {
                for upper in lower...all.count {
                    XCTAssertEqual(store.values(in: lower..<upper), Array(all[lower..<upper]), "\(lower)..<\(upper), limit \(limit)")
                }
            }
        }
    }

    /// The strings records share (`RecordStrings`) come back byte for byte. Two spellings of "é",
    /// which Swift's `==` calls equal, stay two strings; strings past the table's room are written in
    /// place and come back as well.
    func testSharedStringsComeBackByteForByte() throws {
        let composed = "Zur\u{FC}ck zur \u{DC}bersicht, caf\u{E9} ouvert"
        let decomposed = "Zuru\u{308}ck zur U\u{308}bersicht, cafe\u{301} ouvert"
        XCTAssertEqual(composed, decomposed, "canonically equivalent")
        XCTAssertNotEqual(Array(composed.utf8), Array(decomposed.utf8))
        let table = RecordStrings()
        XCTAssertNil(table.number("fifteen bytes.."), "15 bytes or fewer: in place")
        let first = try XCTUnwrap(table.number(composed))
        XCTAssertEqual(table.number(composed), first)
        XCTAssertNotEqual(table.number(decomposed), first)
        // Texts of one length, beginning and end: told apart by the bytes between.
        let a = "01234567 the first text 89abcdef", b = "01234567 the other text 89abcdef"
        XCTAssertNotEqual(table.number(a), table.number(b))
        let small = RecordStrings(maximumBytes: 20)
        XCTAssertNotNil(small.number("sixteen bytes..."))
        XCTAssertNil(small.number("sixteen bytes!!!"), "no room left: in place")

        let messages = [composed, decomposed, composed, a, b, String(repeating: "long message ", count: 40)]
        let findings = messages.enumerated().map { i, message in
            Finding(
                rule: .truncated, severity: .error, spec: "Specs/shared-strings.yaml", title: "Shared strings", element: "e\(i)",
                line: i + 1, column: 1, scope: .locale("de"), message: message, fix: i % 2 == 0 ? decomposed : composed,
                numbers: .init())
        }
        for room in [RecordStrings.defaultMaximumBytes, 40, 0] {
            let store = FindingStore(memoryLimit: 0, sharedStringBytes: room)
            try store.append(contentsOf: findings)
            XCTAssertTrue(store.isSpilled)
            let back = Array(store.all)
            XCTAssertEqual(back, findings, "room \(room)")
            XCTAssertEqual(back.map { Array($0.message.utf8) }, findings.map { Array($0.message.utf8) }, "room \(room)")
            XCTAssertEqual(back.map { $0.fix.map { Array($0.utf8) } }, findings.map { $0.fix.map { Array($0.utf8) } }, "room \(room)")
        }
    }

    /// Element summaries come back as written, every field set and unset, from the file.
    func testElementSummariesReadBackEqualToTheSummariesWritten() throws {
        let summaries = [
            AuditReport.ElementSummary(
                spec: "Specs/ü.yaml", screen: "Sign in (editing email)", element: "signIn", locale: "zh-Hant-TW",
                firstFailingCategory: .xSmall, largestFittingCategory: .ax5, categories: CategoryVerdict.allCases + [.ok, .error],
                buttonHeights: [44, 30.5, 1e-7, 249.25], fallbackFrom: .ax1),
            AuditReport.ElementSummary(
                spec: "", screen: "", element: "", locale: "", firstFailingCategory: nil, largestFittingCategory: nil, categories: [],
                buttonHeights: nil, fallbackFrom: nil)
        ]
        let store = RecordStore<AuditReport.ElementSummary>(memoryLimit: 0)
        try store.append(contentsOf: summaries)
        XCTAssertTrue(store.isSpilled)
        XCTAssertEqual(Array(store.all), summaries)
        XCTAssertEqual(store[1], summaries[1])
    }

    /// A store that cannot make its file fails with an error naming the folder, never a crash or a
    /// silent loss of findings.
    func testAStoreThatCannotWriteItsFileThrows() throws {
        let store = FindingStore(memoryLimit: 0, directory: "/nonexistent/typefit-folder")
        XCTAssertThrowsError(try store.append(contentsOf: Self.handMade())) { error in
            let e = error as? InputError
            XCTAssertEqual(e?.file, "/nonexistent/typefit-folder")
            XCTAssertTrue(e?.message.contains("No such file or directory") ?? false, "\(error)")
        }
    }

    #if os(Linux)
    /// A file cut short under the store (standing in for an I/O error) is an error the report
    /// writers check, so no report is written from part of the findings; the lists keep their
    /// counts (stand-ins for what could not be read), so nothing traps.
    func testAFileCutShortIsAReadErrorNotASilentlyShorterList() throws {
        let store = FindingStore(memoryLimit: 0)
        try store.append(contentsOf: Self.handMade())
        XCTAssertNil(store.readError)
        // The store's file, found through /proc (it is deleted as soon as it is made).
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap(Int32.init)
        let mine = fds.filter { fd in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "").contains("typefit-findings-")
        }
        // The newest: this store's (another test's store may still be open).
        let fd = try XCTUnwrap(mine.max())
        XCTAssertEqual(ftruncate(fd, 10), 0)
        // The list keeps its count; what could not be read is a stand-in, and the error is kept.
        let read = Array(store.all)
        XCTAssertEqual(read.count, 3)
        XCTAssertTrue(read.contains { $0.message.contains("could not be read back") })
        XCTAssertNotNil(store.readError)
        let report = AuditReport(
            tool: .init(version: "test", harfbuzz: "", freetype: "", icu: ""), fonts: [], filesRead: [], locales: [],
            summary: .init(specs: 1, screens: 1, checks: 1, errors: 0, warnings: 0, infos: 0, baselined: 0, failed: false),
            findingList: store.all, elementList: ElementSummaryList([]), baseline: nil, systemFont: nil)
        XCTAssertThrowsError(try report.checkStoresRead()) { error in
            XCTAssertTrue("\(error)".contains("cannot read the findings back"), "\(error)")
        }
    }
    #endif

    func audit(memoryLimit: Int, threads: Int, baseline: Baseline? = nil) throws -> AuditReport {
        try FindingStorageTests.shippedAudit(threads: threads, baseline: baseline) {
            $0.findingMemoryLimit = memoryLimit
            $0.elementMemoryLimit = memoryLimit
            $0.keepPreviews = true
        }
    }

    /// Findings spilled to the file (every one, on one thread and on four) give the very reports the
    /// run kept in memory gives, in every format; the problems are those grouped from a plain array
    /// of the findings, and each problem's list holds exactly its findings.
    func testASpilledRunReportsExactlyWhatAnInMemoryRunReports() throws {
        let kept = try audit(memoryLimit: .max, threads: 1)
        XCTAssertFalse(kept.findingList.store.isSpilled)
        let plain = kept.findings
        XCTAssertGreaterThan(plain.count, 1000)
        let grouped = Problem.problems(in: plain, sourceLanguages: Set(kept.sourceLanguages))
        XCTAssertEqual(kept.problems.map(\.id), grouped.map(\.id))
        for (p, q) in zip(kept.problems, grouped) {
            XCTAssertEqual(Array(p.findings), Array(q.findings), p.id)
            XCTAssertEqual(p.worst, q.worst)
            XCTAssertEqual(p.failsInSourceLanguage, q.failsInSourceLanguage)
        }
        let reporters: [any Reporter] = [JSONReporter(), SARIFReporter(), JUnitReporter(), HTMLReporter(), TextReporter()]
        let expected = reporters.map { $0.generateReport(kept) }
        for threads in [1, 4] {
            let spilled = try audit(memoryLimit: 0, threads: threads)
            XCTAssertTrue(spilled.findingList.store.isSpilled)
            XCTAssertTrue(spilled.elementList.store.isSpilled)
            XCTAssertEqual(spilled.elements, kept.elements)
            for (i, r) in reporters.enumerated() {
                XCTAssertTrue(r.generateReport(spilled) == expected[i], "\(type(of: r)), \(threads) thread(s)")
            }
        }
    }

    /// A baseline applied a spec at a time accepts what it accepts applied to the whole run, and
    /// finds the same stale entries.
    func testABaselineAppliedSpecBySpecAcceptsWhatItAcceptsWhole() throws {
        let first = try audit(memoryLimit: .max, threads: 2)
        // Accept the English findings only: the rest stays failing, and entries are partly matched.
        let english = first.findings.filter { $0.locale == "en" || $0.locale == nil }
        let baseline = Baseline(findings: english, directory: AuditTests.root.appendingPathComponent("Specs").path)
        let again = try audit(memoryLimit: 0, threads: 2, baseline: baseline)
        var whole = first.findings
        var matcher = BaselineMatcher(baseline: baseline)
        matcher.accept(&whole)
        XCTAssertEqual(again.findings.map(\.accepted), whole.map(\.accepted))
        XCTAssertGreaterThan(again.summary.baselined, 0)
        XCTAssertEqual(again.summary.baselined, whole.filter(\.accepted).count)
        XCTAssertEqual(again.summary.errors, whole.filter { !$0.accepted && $0.severity == .error }.count)
    }
}
