import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitReport

extension Typefit {
    /// `typefit budgets`: how long each string may be, per locale (docs/budgets.md).
    struct Budgets: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say how much room each localizable string has: points, lines and ≈ characters per locale.",
            discussion: """
            For every key a screen shows (text, placeholder, fallbacks; every table): the available text width × \
            allowed lines at the largest category the string is shown at, on the narrowest device, laid out as \
            `typefit audit` lays it out; each translation measured against it. Characters are an estimate.

            Examples:
              typefit budgets Specs/bankey-login
              typefit budgets --locales de,ja --format csv --output budgets.csv
              typefit budgets --format markdown --output BUDGETS.md

            Exit codes: 0 written (translations over budget do not fail: `typefit audit` does) · 2 invalid input or usage.
            """
        )

        @OptionGroup var selection: SelectionOptions

        @Option(help: ArgumentHelp("Output format: \(BudgetFormat.names.joined(separator: ", ")) (default: text).", valueName: "FORMAT"))
        var format: String = "text"

        @Option(help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "FILE"))
        var output: String?

        @Flag(help: "Overwrite an output file even if it is not a typefit report.")
        var force = false

        func validate() throws {
            guard BudgetFormat(rawValue: format) != nil else {
                throw ValidationError("unknown format '\(format)'" + (Suggestion.hint(for: format, in: BudgetFormat.names).map { " (\($0))" } ?? "; formats: " + BudgetFormat.names.joined(separator: ", ")))
            }
        }

        func run() throws {
            let settings = try ProjectSettings(explicit: selection.config, ignore: selection.noConfig)
            let options = try selection.auditOptions(settings)
            let inputs = options.paths + (settings.config.map { [$0.file] } ?? [])
            if let output {
                let target = OutputFile.Target(option: "--output", path: output)
                try OutputFile.checkWritable(output, force: force || Self.isBudgetCSV(output))
                try OutputFile.checkNotInputs([target], inputs: inputs)
            }
            let auditor = Auditor(options: options)
            let report: BudgetReport
            do {
                report = try auditor.budgets()
            } catch let error as InputError {
                throw settings.attributing(error, flags: selection.givenFlags)
            }
            let text = try BudgetFormat(rawValue: format)!.render(report)
            if let output {
                try OutputFile.checkNotInputs([OutputFile.Target(option: "--output", path: output)], inputs: inputs + report.filesRead)
                try OutputFile.write(text, to: output)
            } else {
                try StandardStream.output.write(text)
            }
        }

        /// A CSV this command wrote before (CSV has no room for a marker: its header row is the mark).
        static func isBudgetCSV(_ path: String) -> Bool {
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: BudgetCSVFormat.header.utf8.count + 2)) ?? nil
            return head.map { String(decoding: $0, as: UTF8.self) == BudgetCSVFormat.header + "\r\n" } ?? false
        }
    }
}
