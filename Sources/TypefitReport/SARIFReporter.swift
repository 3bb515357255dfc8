import Foundation
import TypefitAudit
import TypefitCore

/// SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`) and other SARIF viewers.
///
/// - Spec: https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/sarif-v2.1.0-errata01-os-complete.html
/// - Schema: https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json
///   (vendored in Tests/TypefitAuditTests/Fixtures/schemas; the tests validate against it).
/// - GitHub's subset and limits:
///   https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning
///   and https://docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/results-exceed-limit
///
/// One result per problem (a ``FindingGroup`` of a ``Problem``): its message says in how many
/// locales and devices it fails, from which category per locale, the worst example and the fix. One
/// overflowing label can produce hundreds of findings at the same spec line; as separate results
/// they would bury the alert list and hit GitHub's limits (25,000 results per run are accepted, only
/// the 5,000 most severe are shown). The JSON report keeps every finding.
///
/// Results are capped at ``resultLimit`` (5,000: what GitHub displays), keeping the worst (severity,
/// then number of findings, then report order) so the cut is deterministic; a capped run says so in
/// `run.properties` and in a `toolExecutionNotification`. Lines and columns are ≥ 1 (SARIF §3.30.5;
/// GitHub rejects 0), URIs are relative to the repository root (`%SRCROOT%`) when the spec path is,
/// and `partialFingerprints["typefitFingerprint/v1"]` hashes (spec, screen, element, rule) so an alert
/// keeps its identity when locales start or stop failing.
public struct SARIFReporter: Reporter {
    public static let identifier = "sarif"
    public static let description = "SARIF 2.1.0 for GitHub code scanning: one result per problem, capped at 5,000."

    /// GitHub code scanning shows at most 5,000 results per run (and rejects more than 25,000).
    public static let defaultResultLimit = 5000

    public let resultLimit: Int
    public init(resultLimit: Int = SARIFReporter.defaultResultLimit) { self.resultLimit = max(1, resultLimit) }

    // MARK: - Reporter Conformance

    public func generateReport(_ report: AuditReport) -> String {
        let groups = FindingGroup.groups(report)
        let keep = Set(groups.sorted(by: FindingGroup.worstFirst).prefix(resultLimit).map(\.fingerprint))
        let kept = groups.filter { keep.contains($0.fingerprint) }
        let omitted = groups.count - kept.count
        let rules = RuleID.allCases.sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })

        var notifications: [Notification] = []
        if omitted > 0 {
            let omittedFindings = groups.filter { !keep.contains($0.fingerprint) }.reduce(0) { $0 + $1.count }
            notifications.append(
                Notification(
                    level: "warning",
                    message: Message(
                        text:
                            "typefit kept the \(kept.count) worst of \(groups.count) results (GitHub code scanning shows at most \(resultLimit) per run); \(omitted) results covering \(omittedFindings) findings were left out. The JSON report has every finding."
                    ),
                    descriptor: .init(id: "typefit/result-limit")))
        }
        let s = report.summary
        var properties: [String: PropertyValue] = [
            "typefit/grouping": .string(
                "One result per problem (element, rule and root cause), worst first, summarising its findings over screen states, locales, categories, devices, orientations and keyboard states; the JSON report lists every finding and problem."
            ),
            "typefit/findings": .int(report.findingList.count),
            "typefit/locales": .strings(LocaleSummary.items(report)),
            "typefit/results": .int(kept.count),
            "typefit/omittedResults": .int(omitted),
            "typefit/resultLimit": .int(resultLimit),
            "typefit/summary": .object([
                "specs": .int(s.specs), "screens": .int(s.screens), "checks": .int(s.checks),
                "errors": .int(s.errors), "warnings": .int(s.warnings), "infos": .int(s.infos),
                "baselined": .int(s.baselined), "waived": .int(s.waived), "failed": .bool(s.failed)
            ])
        ]
        let notAudited = NarrowingNotes.selection(report)
        if !notAudited.isEmpty { properties["typefit/notAudited"] = .strings(notAudited) }
        let t = report.tool
        let run = Run(
            tool: Tool(
                driver: Driver(
                    name: t.name, version: t.version, semanticVersion: t.version,
                    fullName: "typefit \(t.version) (HarfBuzz \(t.harfbuzz), FreeType \(t.freetype), ICU \(t.icu))",
                    rules: rules.map(Self.descriptor))),
            invocations: [Invocation(executionSuccessful: true, toolExecutionNotifications: notifications.isEmpty ? nil : notifications)],
            columnKind: "unicodeCodePoints",
            properties: properties.merging(report.systemFont.map { ["typefit/systemFont": .string($0.line)] } ?? [:]) { a, _ in a },
            results: kept.map { Self.result($0, ruleIndex: ruleIndex[$0.rule] ?? 0, baseline: report.baseline?.file) })
        let log = Log(
            schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
            version: "2.1.0", runs: [run])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(log) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - Private

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static func descriptor(_ rule: RuleID) -> ReportingDescriptor {
        let help = rule.help
        return ReportingDescriptor(
            id: rule.rawValue,
            name: rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            shortDescription: Message(text: rule.summary),
            fullDescription: Message(text: rule.summary + " " + help.why),
            help: MultiformatMessage(
                text: "\(rule.summary)\n\n\(help.why)\n\nHow to fix: \(help.fix)",
                markdown:
                    "**\(rule.summary)**\n\n\(help.why)\n\n**How to fix:** \(help.fix)\n\nList the rules with `typefit rules`; override a rule's severity per screen with `severity: {\(rule.rawValue): warning}` in the spec."
            ),
            defaultConfiguration: .init(level: level(rule.defaultSeverity)),
            properties: .init(
                tags: ["accessibility", "dynamic-type"], precision: "very-high",
                problemSeverity: rule.defaultSeverity == .info ? "recommendation" : rule.defaultSeverity.rawValue))
    }

    /// A group the baseline accepts is suppressed externally (SARIF §3.35), as code scanning and
    /// other viewers expect for a baseline: shown as such, not as an open alert.
    static func result(_ g: FindingGroup, ruleIndex: Int, baseline: String?) -> Result {
        let example = g.example
        var sentences = ["\(g.element) (\(g.screen)): \(g.rule.rawValue), \(g.extent)"]
        if let from = g.fromText { sentences.append(from.prefix(1).uppercased() + from.dropFirst()) }
        sentences.append("E.g. [\(FindingGroup.context(example))] \(example.message.singleLine.clipped(to: 600))")
        if let fix = g.fix { sentences.append("Fix: \(fix.singleLine)") }
        let by = g.isAccepted ? Acceptance.phrase(g.problem.acceptances) : nil
        if let by { sentences.append(by.prefix(1).uppercased() + by.dropFirst() + ": it does not fail the run") }
        let text = sentences.joined(separator: ". ") + "."
        return Result(
            ruleId: g.rule.rawValue, ruleIndex: ruleIndex, level: level(g.severity), message: Message(text: text),
            locations: [
                Location(
                    physicalLocation: PhysicalLocation(
                        artifactLocation: artifactLocation(g.spec),
                        region: Region(startLine: max(1, g.line), startColumn: max(1, g.column))))
            ],
            partialFingerprints: ["typefitFingerprint/v1": g.fingerprint],
            suppressions: by.map { by in
                [
                    Suppression(
                        kind: "external", status: "accepted",
                        justification: g.problem.acceptances == [.baseline]
                            ? "accepted by the typefit baseline" + (baseline.map { " \($0.singleLine)" } ?? "") : "typefit: \(by)")
                ]
            },
            properties: [
                "screen": .string(g.screen), "element": .string(g.element), "findings": .int(g.count),
                "locales": .strings(g.locales), "categories": .strings(g.problem.describedCategories.map(\.name)),
                "devices": .strings(g.devices)
            ].filter { if case .strings(let list) = $0.value { !list.isEmpty } else { true } })
    }

    /// A relative spec path is a relative URI against the checkout (`%SRCROOT%`); an absolute one a
    /// `file:` URI. Both are percent-encoded (RFC 3986 `pchar` and `/` stay as they are, `:` is
    /// encoded so a relative path never looks like a scheme).
    static func artifactLocation(_ path: String) -> ArtifactLocation {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=@/")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        if path.hasPrefix("/") { return ArtifactLocation(uri: "file://" + encoded, uriBaseId: nil) }
        return ArtifactLocation(uri: encoded, uriBaseId: "%SRCROOT%")
    }

    // The SARIF objects typefit writes (a small subset of the schema), encoded with sorted keys.

    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var columnKind: String
        var properties: [String: PropertyValue]
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var fullName: String
        var rules: [ReportingDescriptor]
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]?
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
        var descriptor: DescriptorReference
        struct DescriptorReference: Encodable { var id: String }
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: MultiformatMessage
        var defaultConfiguration: Configuration
        var properties: Properties
        struct Configuration: Encodable { var level: String }
        struct Properties: Encodable {
            var tags: [String]
            var precision: String
            var problemSeverity: String
            enum CodingKeys: String, CodingKey { case tags, precision, problemSeverity = "problem.severity" }
        }
    }

    struct Message: Encodable { var text: String }
    struct MultiformatMessage: Encodable { var text: String; var markdown: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
        var suppressions: [Suppression]?
        var properties: [String: PropertyValue]
    }

    struct Suppression: Encodable {
        var kind: String
        var status: String
        var justification: String
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation; var region: Region }
    struct ArtifactLocation: Encodable { var uri: String; var uriBaseId: String? }
    struct Region: Encodable { var startLine: Int; var startColumn: Int }

    /// A JSON value in a property bag.
    enum PropertyValue: Encodable {
        case string(String), int(Int), bool(Bool), strings([String]), object([String: PropertyValue])
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let v): try c.encode(v)
            case .int(let v): try c.encode(v)
            case .bool(let v): try c.encode(v)
            case .strings(let v): try c.encode(v)
            case .object(let v): try c.encode(v)
            }
        }
    }
}

extension RuleID {
    /// Why the rule matters and how to fix what it finds: SARIF's `fullDescription` and `help`.
    var help: (why: String, fix: String) {
        switch self {
        case .truncated:
            (
                "Truncated text hides information from people who use larger text sizes or longer languages.",
                "Allow more lines (numberOfLines: 0), give the element more width, or add a shorter fallback string."
            )
        case .clipped:
            (
                "Clipped text is cut off without any sign that something is missing.",
                "Remove the fixed height or let the container grow with its content; allow the title to wrap."
            )
        case .wordSplit:
            (
                "A word broken across two lines (\"electrónic / o\") is hard to read, and nothing shows it was cut.",
                "Give the text more width at large sizes, add a shorter fallback string, or shorten the word in this locale."
            )
        case .doesNotFit:
            (
                "Content outside the safe area cannot be seen or reached when the screen does not scroll.",
                "Put the content in a scroll view, or reduce fixed spacing at the accessibility sizes."
            )
        case .hiddenByKeyboard:
            (
                "A field or button under the keyboard cannot be seen while typing or tapped without dismissing the keyboard.",
                "Scroll the focused field into view (keyboard layout guide or content insets), or move the primary button above the keyboard."
            )
        case .touchTarget:
            (
                "Apple's Human Interface Guidelines ask for hit targets of at least 44 × 44 pt.",
                "Give the button a minimum height of 44 pt, or grow its content insets."
            )
        case .fixedFontSize:
            (
                "Text with a fixed size ignores the person's text size setting.",
                "Use a text style (UIFont.preferredFont(forTextStyle:)) or scale a custom font with UIFontMetrics, and set adjustsFontForContentSizeCategory."
            )
        case .autoshrink:
            (
                "adjustsFontSizeToFitWidth makes text smaller than the size the person chose.",
                "Prefer wrapping or a shorter string; autoshrink is a last resort."
            )
        case .autoshrinkBelowMinimum:
            (
                "The text is shrunk and still cut off: it truncates or clips as well.",
                "Allow wrapping, give the element more room, or add a shorter fallback string."
            )
        case .fallbackUsed:
            (
                "A shorter fallback string is shown; this is informational.",
                "Nothing to fix if the fallback reads well."
            )
        case .fallbackOverflow:
            (
                "Every shorter wording has been tried and the text still truncates or clips.",
                "Add a shorter fallback, allow wrapping, or give the element more room."
            )
        case .fontFallback:
            (
                "A fallback font draws some characters, which may look different from the brand font.",
                "Add the missing characters to the font, or choose a font that covers the locale."
            )
        case .missingGlyphs:
            (
                "Characters without a glyph in any font show as empty boxes.",
                "Change the string. typefit's bundled fonts cover fewer scripts than iOS's: where a device draws these characters, accept the finding in the baseline."
            )
        case .untranslated:
            (
                "An untranslated string shows the source language to people using another locale.",
                "Translate the string in the String Catalog."
            )
        case .stringProblem:
            (
                "Mismatched format specifiers can crash at run time or show wrong values.",
                "Make the translation's format specifiers match the source string's."
            )
        case .borderlineFit:
            (
                "The text fits on its one line by less than the system font stand-in's measured width error, so with Apple's SF it may be truncated.",
                "Verify with SF (typefit --font-dir holding SF-Pro.ttf, or a simulator), or give the text a little more width or a second line."
            )
        case .literalText:
            (
                "A literal text that is a localized string's text is measured in the development language in every locale: the translations the app shows were never checked.",
                "Name the string's key in the spec; if the app shows the text in every language, waive the rule with the reason."
            )
        }
    }
}
