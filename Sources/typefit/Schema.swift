import ArgumentParser
import TypefitAudit
import TypefitCore
import TypefitReport
import TypefitSpec
import TypefitStrings

extension Typefit {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of the screen spec format, or of .typefit.yml with --config (for editors and validators).",
            discussion: "Examples: typefit schema > typefit-spec.schema.json · typefit schema --config > typefit-config.schema.json")
        @Flag(name: .customLong("config"), help: "The schema of the project configuration (.typefit.yml) instead.")
        var config = false
        func run() throws {
            if config {
                try StandardStream.output.write(
                    ProjectConfigSchema.json(
                        reportFormats: Reporters.identifiers,
                        pseudolocales: Pseudolocale.allCases.map(\.rawValue)))
            } else {
                try StandardStream.output.write(SpecSchema.json())
            }
        }
    }

    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "List the audit's rules with their default severity, or describe one rule with its examples.",
            discussion: """
                typefit rules                  # every rule, its default severity and summary
                typefit rules truncated        # what it checks, why, and specs that do and do not trigger it

                Override a rule per screen with `severity: {rule-id: error|warning|info|ignore}` in the spec.
                """)

        @Argument(help: ArgumentHelp("A rule id, e.g. truncated.", valueName: "RULE"))
        var rule: String?

        func run() throws {
            guard let rule else {
                for rule in RuleID.allCases {
                    try StandardStream.output.writeLine(
                        rule.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0)
                            + rule.defaultSeverity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary)
                }
                return
            }
            guard let id = RuleID(rawValue: rule), let d = TypefitAudit.Rules.description(of: id) else {
                let ids = RuleID.allCases.map(\.rawValue)
                throw InputError(
                    file: "rules", message: "unknown rule '\(ControlCharacters.escaped(rule))'",
                    hint: Suggestion.hint(for: rule, in: ids) ?? "rules: " + ids.joined(separator: ", "))
            }
            var out = [
                "\(d.id.rawValue) — \(d.name) (default severity: \(d.defaultSeverity.rawValue))", "", d.summary, "", d.rationale, "",
                "Checked in: \(d.checkedIn)", ""
            ]
            func show(_ examples: [RuleExample], _ title: String) {
                for (i, e) in examples.enumerated() {
                    var where_ = ""
                    if let element = e.element { where_ = " — fires at '\(element)'" + (e.locale.map { " in \($0)" } ?? "") }
                    out.append("\(title) \(i + 1)\(where_):")
                    out += e.spec.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                    if let catalog = e.catalog {
                        out.append("  with Localizable.xcstrings:")
                        out += catalog.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                    }
                    out.append("")
                }
            }
            show(d.triggeringExamples, "Triggering example")
            show(d.nonTriggeringExamples, "Non-triggering example")
            try StandardStream.output.write(out.joined(separator: "\n"))
        }
    }

    struct ReportersCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reporters", abstract: "List the report formats.")
        func run() throws {
            for r in Reporters.all {
                try StandardStream.output.writeLine(r.identifier.padding(toLength: 10, withPad: " ", startingAt: 0) + r.description)
            }
        }
    }
}
