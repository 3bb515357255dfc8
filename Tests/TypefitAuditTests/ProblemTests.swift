import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Problems (docs/reports.md "Problems"): the full audit of every shipped spec grouped into problems,
/// checked through the JSON and text reports as a user reads them.
final class ProblemTests: XCTestCase {
    func json(_ report: AuditReport) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReporter().generateReport(report).utf8)) as? [String: Any])
    }

    /// "12.0" → "12", 467.81 → "467.8", as messages print points.
    static func pt(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(format: "%.1f", r)
    }

    func testEveryFindingOfTheSpecsIsInExactlyOneProblem() throws {
        let report = try ReporterTests.full.get()
        let r = try json(report)
        let findings = try XCTUnwrap(r["findings"] as? [[String: Any]])
        let problems = try XCTUnwrap(r["problems"] as? [[String: Any]])
        XCTAssertGreaterThan(findings.count, 10_000)
        var seen: [String: Int] = [:]
        for p in problems { for id in p["findings"] as? [String] ?? [] { seen[id, default: 0] += 1 } }
        let ids = findings.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(ids).count, findings.count, "fingerprints identify findings")
        XCTAssertEqual(Set(seen.keys), Set(ids), "every finding is in a problem, and nothing else is")
        XCTAssertEqual(seen.values.max(), 1, "no finding is in two problems")
        // A problem is one element and one rule: its findings agree on both, whatever screen state.
        let byID = Dictionary(uniqueKeysWithValues: findings.map { ($0["fingerprint"] as! String, $0) })
        for p in problems {
            let fs = (p["findings"] as? [String] ?? []).compactMap { byID[$0] }
            XCTAssertEqual(Set(fs.map { $0["element"] as! String }), [p["element"] as! String])
            XCTAssertEqual(Set(fs.map { $0["rule"] as! String }), [p["rule"] as! String])
            XCTAssertEqual(Set(fs.map { $0["screen"] as! String }), Set(p["states"] as? [String] ?? []))
        }
        // Far fewer problems than findings; the ranks run 1…n.
        XCTAssertLessThan(problems.count * 100, findings.count)
        XCTAssertEqual(problems.map { $0["rank"] as? Int }, Array(1...problems.count))
    }

    /// A problem's aggregates, recomputed here from its findings as their definitions say, on every
    /// problem of the shipped specs with a third of the findings accepted (so most problems are
    /// partly accepted: what is described and how far it reaches counts the open findings only).
    func testAggregatesEqualTheirDefinitionsWhenSomeFindingsAreAccepted() throws {
        var findings = try ReporterTests.full.get().findings
        for i in findings.indices where i % 3 == 0 { findings[i].acceptance = .baseline }
        struct Key: Hashable { var spec: String, element: String, rule: RuleID, cause: String? }
        let groups = Dictionary(grouping: findings) { Key(spec: $0.spec, element: $0.element, rule: $0.rule, cause: Problem.cause($0)) }
        let problems = Problem.problems(in: findings)
        XCTAssertEqual(problems.count, groups.count)
        var partly = 0
        for p in problems {
            let all = try XCTUnwrap(groups[Key(spec: p.spec, element: p.element, rule: p.rule, cause: p.cause)])
            let accepted = all.filter(\.accepted).count
            let open = accepted == all.count ? all : all.filter { !$0.accepted }
            if accepted > 0 && accepted < all.count { partly += 1 }
            func category(_ f: Finding) -> ContentSizeCategory? { f.category ?? f.rule.firstRelevantCategory }
            XCTAssertEqual(p.acceptedCount, accepted)
            XCTAssertEqual(p.reach, Set(open.map { "\($0.locale ?? "-")|\($0.device ?? "-")" }).count)
            XCTAssertEqual(p.describedLocales, Set(open.compactMap(\.locale)).sorted())
            XCTAssertEqual(p.describedDevices, Set(open.compactMap(\.device)).sorted())
            XCTAssertEqual(p.describedCategories, Set(open.compactMap(\.category)).sorted())
            XCTAssertEqual(p.states, Set(all.map(\.screen)).sorted())
            XCTAssertEqual(p.locales, Set(all.compactMap(\.locale)).sorted())
            XCTAssertEqual(p.devices, Set(all.compactMap(\.device)).sorted())
            XCTAssertEqual(p.categories, Set(all.compactMap(category)).sorted())
            XCTAssertEqual(p.failsAtDefaultSize, all.contains { category($0).map { $0 <= .large } ?? true })
            // The first category each locale fails at, grouped by category (every locale's first).
            var first: [String: ContentSizeCategory] = [:]
            var everyLocale: ContentSizeCategory?
            for f in all {
                guard let c = category(f) else { continue }
                if let l = f.locale { first[l] = min(first[l] ?? c, c) } else { everyLocale = min(everyLocale ?? c, c) }
            }
            var expected = Set(first.values).sorted().map { c in
                Problem.FirstCategory(category: c, locales: first.filter { $0.value == c }.map(\.key).sorted())
            }
            if let c = everyLocale { expected.insert(Problem.FirstCategory(category: c, locales: []), at: 0) }
            XCTAssertEqual(p.firstCategories, expected, "\(p.element) \(p.rule)")
        }
        XCTAssertGreaterThan(partly, 10, "problems partly accepted")
    }

    /// The worst case is the largest overflow of the problem's findings (the google button of the
    /// stock picker overflows most in Arabic at AX5, not at the first category it fails), and the
    /// numbers the report gives for it are the ones in its message.
    func testWorstCaseIsTheLargestOverflowWithTheNumbersOfItsMessage() throws {
        let r = try json(try ReporterTests.full.get())
        let findings = try XCTUnwrap(r["findings"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: findings.map { ($0["fingerprint"] as! String, $0) })
        let problems = try XCTUnwrap(r["problems"] as? [[String: Any]])
        var checked = 0
        for p in problems {
            let worst = try XCTUnwrap(p["worst"] as? [String: Any])
            let fs = (p["findings"] as? [String] ?? []).compactMap { byID[$0] }
            let numbers = fs.map { $0["numbers"] as? [String: Any] ?? [:] }
            let overflows = numbers.compactMap { $0["overflow"] as? Double }
            guard let largest = overflows.max(), p["rule"] as? String != "fallback-used" else { continue }
            let magnitude = try XCTUnwrap(worst["magnitude"] as? Double, "\(p["element"]!) \(p["rule"]!)")
            XCTAssertEqual(Self.pt(magnitude), Self.pt(largest))
            let finding = try XCTUnwrap(byID[worst["finding"] as! String])
            XCTAssertEqual((finding["numbers"] as? [String: Any])?["overflow"] as? Double, largest)
            XCTAssertEqual(worst["message"] as? String, finding["message"] as? String)
            XCTAssertTrue((finding["message"] as! String).contains("\(Self.pt(magnitude)) pt"), "\(finding["message"]!) has \(magnitude)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20)
        let google = try XCTUnwrap(problems.first { $0["element"] as? String == "google" && $0["rule"] as? String == "clipped" })
        let worst = try XCTUnwrap(google["worst"] as? [String: Any])
        XCTAssertEqual(worst["category"] as? String, "AX5")
        let from = try XCTUnwrap(google["firstFailing"] as? [[String: Any]])
        XCTAssertNotEqual(from.first?["category"] as? String, "AX5", "it fails long before its worst case")
        // Touch targets: the worst is the lowest button.
        let skip = try XCTUnwrap(problems.first { $0["element"] as? String == "skip" && $0["rule"] as? String == "touch-target" })
        let heights = (skip["findings"] as? [String] ?? []).compactMap {
            (byID[$0]?["numbers"] as? [String: Any])?["heightAvailable"] as? Double
        }
        let lowest = try XCTUnwrap(heights.min())
        XCTAssertEqual(((skip["worst"] as? [String: Any])?["magnitude"] as? Double).map(Self.pt), Self.pt(44 - lowest))
    }

    /// Errors before warnings before info; among errors, those that show at the default size come first.
    func testProblemsAreRankedBySeverityThenHowEarlyTheyFail() throws {
        let problems = try ReporterTests.full.get().problems
        let severities = problems.map(\.severity)
        XCTAssertEqual(severities, severities.sorted(by: >))
        let errors = problems.filter { $0.severity == .error }
        let atDefault = errors.map(\.failsAtDefaultSize)
        XCTAssertEqual(atDefault, atDefault.sorted { $0 && !$1 }, "failing at Large or smaller ranks first")
        XCTAssertTrue(errors.first?.failsAtDefaultSize ?? false)
        // The earliest category never decreases among errors with the same default-size and
        // source-language answers.
        for group in [true, false] {
            for source in [true, false] {
                let firsts = errors.filter { $0.failsAtDefaultSize == group && $0.failsInSourceLanguage == source }
                    .map { $0.earliestCategory?.rawValue ?? -1 }
                XCTAssertEqual(firsts, firsts.sorted())
            }
        }
    }

    /// The text report's first screen says what to fix first, it stays under 200 lines on every
    /// shipped spec, only failing locales get rows, and a button's tallest height is named.
    func testTextReportLeadsWithWhatToFixFirstUnder200Lines() throws {
        let report = try ReporterTests.full.get()
        let text = TextReporter().generateReport(report)
        // The header's system font line (SystemFontIdentityTests) and the line naming the rule both
        // screens of signup-flow.yaml ignore (SelectionTests) are not counted.
        XCTAssertTrue(text.contains("\nfallback-used not checked on 2 of the 10 screens (severity: ignore)\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.hasPrefix("system font: ") && !$0.hasSuffix("(severity: ignore)")
        }
        XCTAssertLessThan(lines.count, 200)
        let problems = report.problems
        XCTAssertEqual(
            lines[3],
            "\(problems.count) problems (\(report.findings.count) findings) in \(report.summary.screens) screen states — fix first:")
        let first = problems[0]
        XCTAssertTrue(lines[4].contains("1. ✗ error   \(first.rule.rawValue) · \(first.element) — \(first.spec):\(first.line)"), lines[4])
        // A finding about one state names it; one about the whole spec (fixed-font-size) holds in every locale.
        let w = first.worst
        let context = w.state.map { "\($0.locale), \($0.category.name), \($0.device)" } ?? "every locale"
        XCTAssertTrue(lines[5].contains("worst: \(context)"), lines[5])
        XCTAssertTrue(lines[5].contains(": \(first.worst.message) — fix: "), lines[5])
        XCTAssertTrue(
            lines[5].contains("(\(Self.pt(first.worstMagnitude!)) pt "), "the worst case's magnitude, as in the JSON: \(lines[5])")
        // Locale rows: only failing ones, identical rows merged (no two rows of a screen alike).
        var rows: [String] = []
        for line in lines {
            if line.hasPrefix("  ") && !line.hasPrefix("   ") { rows = []; continue }  // a screen title
            guard line.hasPrefix("    "), let colon = line.range(of: ": ✗ error") ?? line.range(of: ": ! warning") else { continue }
            let pattern = String(line[colon.lowerBound...])
            XCTAssertFalse(rows.contains(pattern), "merged: \(line)")
            rows.append(pattern)
        }
        // Locales that fail alike share one row: the Bankey screen's stack fails from AX1 in several locales.
        let merged = try NSRegularExpression(
            pattern: #"^    ([a-z]{2}(-[A-Za-z0-9]+)?, ){4,}[a-z]{2}(-[A-Za-z0-9]+)?: ! warning xS–xxxL, ✗ error from AX1$"#,
            options: .anchorsMatchLines)
        XCTAssertNotNil(merged.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), text)
        XCTAssertFalse(text.contains("·    "), "no full category × locale grid")
        // A problem about the whole spec (fixed-font-size) is at no one category: every locale row of
        // its screen names it, and no locale there is counted as clean (they were: "✓ en: no errors or
        // warnings at any size" beside a fixed-font-size error).
        let fixed = Set(problems.filter { $0.rule == .fixedFontSize && $0.severity == .error }.flatMap(\.screens))
        XCTAssertFalse(fixed.isEmpty, "the stock FirebaseUI picker ignores Dynamic Type")
        var screen: String?
        for line in lines {
            if line.hasPrefix("  ") && !line.hasPrefix("   ") {
                screen = fixed.first { line.hasPrefix("  \($0) — ") }
                continue
            }
            guard screen != nil, line.hasPrefix("    "), !line.contains(" button height"), !line.contains("fallback string") else {
                continue
            }
            XCTAssertTrue(line.contains(": ") && line.contains("✗ error fixed-font-size") && !line.contains("✓"), line)
        }
        // The tallest sign-in button, computed from the element summaries.
        let signIn = report.elements.filter { $0.element == "signIn" && $0.buttonHeights != nil }
        var tallest = (0.0, "", 0)
        for e in signIn {
            for (i, h) in (e.buttonHeights ?? []).enumerated()
            where e.categories[i] != .notAudited && (h > tallest.0 || (h == tallest.0 && (e.locale, i) < (tallest.1, tallest.2))) {
                tallest = (h, e.locale, i)
            }
        }
        XCTAssertTrue(text.contains("signIn button heights (pt, first device, min–max over 42 locales), xS…AX5: "), text)
        // A button of one height throughout (the stock picker's, fixed at 40 pt in its spec) is said
        // once, not as twelve equal columns.
        XCTAssertTrue(
            text.contains(
                "    email button height (pt, first device): 40 at every size in all 42 locales: its text never made it taller\n"),
            text)
        XCTAssertFalse(text.contains(" 40 40 40 40 40 40 40 40 40 40 40 40;"), text)
        XCTAssertTrue(
            text.contains("; tallest \(Self.pt(tallest.0)) pt: \(tallest.1) at \(ContentSizeCategory.allCases[tallest.2].shortName)"), text)
        // Screen-wide findings say so instead of "all".
        XCTAssertTrue(
            text.contains(
                "fixed-font-size · username — Specs/bankey-login/bankey-login.yaml:47 — 1 finding in every locale on every device, from AX1"
            ), text)
        XCTAssertFalse(text.contains("[all"))
    }
}

/// `AuditReport.problems` is computed once and recomputed after the findings change, also in a copy.
final class ProblemCacheTests: XCTestCase {
    func testProblemsFollowTheFindingsOfEachCopy() throws {
        let report = try ScreenPictureTests.audit(ScreenPictureTests.spec)
        let problems = report.problems
        XCTAssertFalse(problems.isEmpty)
        XCTAssertEqual(report.problems.map(\.id), problems.map(\.id), "the same problems on the second access")
        var copy = report
        _ = copy.problems
        copy.findings.removeAll { $0.rule == .hiddenByKeyboard }
        XCTAssertFalse(copy.problems.contains { $0.rule == .hiddenByKeyboard }, "the copy's changed findings")
        XCTAssertTrue(report.problems.contains { $0.rule == .hiddenByKeyboard }, "the original keeps its own")
        var renamed = report
        renamed.findings[0] = renamed.findings[0].with(element: "renamed")
        XCTAssertTrue(renamed.problems.contains { $0.element == "renamed" }, "an element of the list changed in place")
        XCTAssertEqual(Problem.problems(in: renamed.findings).map(\.id), renamed.problems.map(\.id))
    }

    /// A problem a team sees in its own development language ranks above the same kind of problem
    /// seen only in translations (the shipped catalogs' `sourceLanguage` is `en`, read from the files).
    func testProblemsInTheSourceLanguageRankFirst() throws {
        let report = try ReporterTests.full.get()
        var sources: Set<String> = []
        for file in ["bankey-login", "firebase-login", "paper-login"] {
            let url = AuditTests.root.appendingPathComponent("Specs/\(file)/Localizable.xcstrings")
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            sources.insert(try XCTUnwrap(json["sourceLanguage"] as? String))
        }
        XCTAssertEqual(Set(report.sourceLanguages), sources)
        let problems = report.problems
        for p in problems {
            let expected = p.findings.contains { $0.locale.map { sources.contains($0) } ?? true }
            XCTAssertEqual(p.failsInSourceLanguage, expected, "\(p.rule) \(p.element)")
        }
        XCTAssertTrue(
            problems.contains { $0.failsInSourceLanguage } && problems.contains { !$0.failsInSourceLanguage },
            "both kinds occur on Specs/")
        for (a, b) in zip(problems, problems.dropFirst())
        where a.isAccepted == b.isAccepted && a.severity == b.severity && a.failsAtDefaultSize == b.failsAtDefaultSize {
            XCTAssertFalse(
                !a.failsInSourceLanguage && b.failsInSourceLanguage, "rank \(a.rank) \(a.element) before rank \(b.rank) \(b.element)")
        }
    }
}

/// `AuditOptions.problems` off (the command line's `--quiet` with no report file, and
/// `--write-baseline`) groups nothing and changes nothing else: the same findings in the same order,
/// the same counts, and with a baseline the same findings accepted.
final class ProblemOptionTests: XCTestCase {
    func testAnAuditWithoutProblemsHasTheSameFindingsAndCounts() throws {
        let specs = AuditTests.root.appendingPathComponent("Specs")
        let baseline = try Baseline.load(path: specs.appendingPathComponent("baseline.json").path)
        func audit(problems: Bool, baseline: Baseline?) throws -> AuditReport {
            try FindingStorageTests.shippedAudit(threads: 2, baseline: baseline) { $0.problems = problems }
        }
        for b in [nil, baseline] {
            let with = try audit(problems: true, baseline: b), without = try audit(problems: false, baseline: b)
            XCTAssertGreaterThan(with.problems.count, 10)
            XCTAssertTrue(without.problems.isEmpty)
            XCTAssertEqual(without.summary, with.summary)
            XCTAssertEqual(without.findings.map(\.fingerprint), with.findings.map(\.fingerprint))
            XCTAssertEqual(without.findings.map(\.accepted), with.findings.map(\.accepted))
            XCTAssertEqual(without.findings.map(\.message), with.findings.map(\.message))
            XCTAssertEqual(without.baseline?.accepted, with.baseline?.accepted)
        }
    }
}

/// `AuditOptions.keepsFindings` off (the command line's `--quiet` with no report file and no waivers:
/// the CI gate) stores no finding and changes no count: the same summary (checks, errors, warnings,
/// info, borderline, failed) and, with a baseline, the same findings accepted and the same stale
/// entries.
final class KeepsFindingsOptionTests: XCTestCase {
    func testAGateThatKeepsNoFindingsCountsTheSame() throws {
        let specs = AuditTests.root.appendingPathComponent("Specs")
        let baseline = try Baseline.load(path: specs.appendingPathComponent("baseline.json").path)
        func audit(keeps: Bool, baseline: Baseline?, threads: Int) throws -> AuditReport {
            try FindingStorageTests.shippedAudit(threads: threads, baseline: baseline) {
                $0.budgets = keeps
                $0.problems = keeps
                $0.keepsFindings = keeps
            }
        }
        for b in [nil, baseline] {
            let kept = try audit(keeps: true, baseline: b, threads: 2)
            XCTAssertGreaterThan(kept.findings.count, 1000)
            XCTAssertGreaterThan(kept.summary.borderline, 0)
            for threads in [1, 2] {
                let counted = try audit(keeps: false, baseline: b, threads: threads)
                XCTAssertTrue(counted.findings.isEmpty)
                XCTAssertEqual(counted.elements.count, 0)
                XCTAssertEqual(counted.summary, kept.summary, "\(threads) thread(s), baseline \(b != nil)")
                XCTAssertEqual(counted.baseline, kept.baseline)
            }
        }
    }
}
