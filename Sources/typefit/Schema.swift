import ArgumentParser
import TypefitCore
import TypefitReport
import TypefitSpec
import TypefitStrings

extension Typefit {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the JSON Schema of the screen spec format, or of .typefit.yml with --config (for editors and validators).",
            discussion: "Examples: typefit schema > typefit-spec.schema.json · typefit schema --config > typefit-config.schema.json")
        @Flag(name: .customLong("config"), help: "The schema of the project configuration (.typefit.yml) instead.")
        var config = false
        func run() throws {
            if config {
                try StandardStream.output.write(ProjectConfigSchema.json(reportFormats: Reporters.identifiers,
                                                                         pseudolocales: Pseudolocale.allCases.map(\.rawValue)))
            } else {
                try StandardStream.output.write(SpecSchema.json())
            }
        }
    }

    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the audit's rules with their default severity.",
            discussion: "Override a rule per screen with `severity: {rule-id: error|warning|info|ignore}` in the spec.")
        func run() throws {
            for rule in RuleID.allCases {
                try StandardStream.output.writeLine(rule.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0)
                      + rule.defaultSeverity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary)
            }
        }
    }

    struct ReportersCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reporters", abstract: "List the report formats.")
        func run() throws {
            for r in Reporters.all { try StandardStream.output.writeLine(r.identifier.padding(toLength: 10, withPad: " ", startingAt: 0) + r.description) }
        }
    }
}
