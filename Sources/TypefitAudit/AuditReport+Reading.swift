import Foundation
import TypefitCore
import TypefitSpec
import TypefitStrings

extension AuditReport {
    /// Largest JSON report read back, in bytes (checked before reading).
    public static let maximumReportSize = 2 << 30

    /// Reads back a JSON report this version of typefit wrote (`typefit merge`). Every finding is
    /// rebuilt with its identity, and its fingerprint computed again must be the one written: a report
    /// edited by hand, or written by another version, is refused rather than merged into a report
    /// that says something else. The HTML report's pictures and the source languages are not in the
    /// JSON report; each problem's `failsInSourceLanguage` is (`sourceLanguageProblems`).
    public static func read(path: String) throws -> AuditReport {
        let data = try readReportFile(path)
        let stored: StoredReport
        do {
            stored = try JSONDecoder().decode(StoredReport.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Not JSON: the strings' JSON parser says where (file:line:column).
            _ = try JSONDocument(bytes: [UInt8](data), file: path)
            throw InputError(
                file: path, message: "not a typefit JSON report: invalid JSON", hint: "pass files written by --report json:FILE")
        } catch let error as DecodingError {
            throw InputError(
                file: path, message: "not a typefit JSON report: \(describe(error))", hint: "pass files written by --report json:FILE")
        } catch {
            throw InputError(file: path, message: "not a typefit JSON report: \(error)", hint: "pass files written by --report json:FILE")
        }
        guard stored.schema == "typefit-report-\(schemaVersion)", stored.schemaVersion == schemaVersion else {
            throw InputError(
                file: path, message: "a report of schema '\(stored.schema)', not typefit-report-\(schemaVersion)",
                hint: "merge reports written by this version of typefit")
        }
        // Titles of the screens (element summaries name them) tell `Title (editing field)` apart.
        let titles = Set(stored.elements.map(\.screen))
        var causes: [String: String] = [:]
        for p in stored.problems { if let c = p.cause { for f in p.findings { causes[f] = c } } }
        var findings: [Finding] = []
        findings.reserveCapacity(stored.findings.count)
        for (i, s) in stored.findings.enumerated() {
            findings.append(try s.finding(titles: titles, cause: causes[s.fingerprint], file: path, index: i))
        }
        var report = AuditReport(
            tool: stored.tool, fonts: stored.fonts, filesRead: stored.filesRead, locales: stored.locales, summary: stored.summary,
            findings: findings, elements: stored.elements, baseline: stored.baseline, systemFont: stored.systemFont)
        report.leftOut = stored.leftOut
        report.sourceLanguageProblems = Set(stored.problems.filter(\.failsInSourceLanguage).map(\.id))
        return report
    }

    /// The bytes of a regular file no larger than `maximumReportSize`.
    private static func readReportFile(_ path: String) throws -> Data {
        switch BoundedFile.read(path, limit: maximumReportSize) {
        case .success(let data): return data
        case .failure(.notFound): throw InputError(file: path, message: "report file not found")
        case .failure(.unreadable): throw InputError(file: path, message: "cannot read the report file")
        case .failure(.folder), .failure(.device), .failure(.special):
            throw InputError(file: path, message: "not a regular file", hint: "pass files written by --report json:FILE")
        case .failure(.tooLarge):
            throw InputError(
                file: path, message: "the report file is larger than \(maximumReportSize >> 20) MB",
                hint: "the limit is \(maximumReportSize >> 20) MB; use more shards")
        }
    }

    /// "findings[3].numbers.overflow: expected a number" — where in the report, and what is wrong.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            var out = ""
            for k in keys {
                if let i = k.intValue { out += "[\(i)]" } else { out += (out.isEmpty ? "" : ".") + k.stringValue }
            }
            return out.isEmpty ? "the document" : out
        }
        switch error {
        case .keyNotFound(let key, let c): return "\(path(c.codingPath + [key])): missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "\(path(c.codingPath)): \(c.debugDescription)"
        case .dataCorrupted(let c):
            return c.codingPath.isEmpty ? "invalid JSON" : "\(path(c.codingPath)): \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A JSON report as written (docs/report-format.md), before its findings are rebuilt.
private struct StoredReport: Decodable {
    var schema: String
    var schemaVersion: Int
    var tool: AuditReport.Tool
    var fonts: [AuditReport.FontFile]
    var filesRead: [String]
    var locales: [AuditReport.LocaleResolution]
    var summary: AuditReport.Summary
    var findings: [StoredFinding]
    var elements: [AuditReport.ElementSummary]
    var baseline: BaselineResult?
    var problems: [StoredProblem]
    var systemFont: SystemFontIdentity?
    var leftOut: LeftOutSelection?

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case schemaVersion, tool, fonts, filesRead, locales, summary, findings, elements, baseline, problems, systemFont, leftOut
    }
}

/// What a problem says that its findings do not: its cause, and whether it shows in a source language.
private struct StoredProblem: Decodable {
    var id: String
    var cause: String?
    var failsInSourceLanguage: Bool
    var findings: [String]
}

/// A finding as the JSON report writes it.
private struct StoredFinding: Decodable {
    var rule: RuleID
    var severity: Severity
    var spec: String
    var line: Int
    var column: Int
    var screen: String
    var element: String
    var device: String?
    var orientation: Orientation?
    var locale: String?
    var category: ContentSizeCategory?
    var message: String
    var fix: String?
    var fingerprint: String
    var numbers: Finding.Numbers
    var accepted: Bool?
    var waived: Bool?

    /// The finding, its screen state split into title and field being edited, its cause from its
    /// problem; refused unless its fingerprint is the one written.
    func finding(titles: Set<String>, cause: String?, file: String, index: Int) throws -> Finding {
        func corrupt(_ what: String) -> InputError {
            InputError(
                file: file, message: "findings[\(index)]: \(what)",
                hint: "the report was edited or written by another version of typefit; audit again")
        }
        let scope: Finding.Scope
        var title = screen, editing: String?
        if !titles.contains(screen), screen.hasSuffix(")"), let r = screen.range(of: " (editing ", options: .backwards) {
            title = String(screen[..<r.lowerBound])
            editing = String(screen[r.upperBound..<screen.index(before: screen.endIndex)])
        }
        switch (device, orientation, locale, category) {
        case let (d?, o?, l?, c?):
            scope = .state(.init(device: d, orientation: o, locale: l, category: c, focused: editing))
        case (nil, nil, let l?, nil): scope = .locale(l)
        case (nil, nil, nil, nil): scope = .spec
        default: throw corrupt("device, orientation, locale and category do not name a screen state, a locale or the spec")
        }
        // Only `string-problem` and `literal-text` findings carry a cause of their own; other rules'
        // problems derive it.
        let own: String? = rule == .stringProblem || rule == .literalText ? cause : nil
        var f = Finding(
            rule: rule, severity: severity, spec: spec, title: title, editing: editing, element: element, line: line, column: column,
            scope: scope, cause: own, message: message, fix: fix, numbers: numbers)
        f.acceptance = accepted == true ? (waived == true ? .waiver : .baseline) : nil
        guard f.fingerprint == fingerprint, f.screen == screen else { throw corrupt("its fingerprint does not match its fields") }
        return f
    }
}
