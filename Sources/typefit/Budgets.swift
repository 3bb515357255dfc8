import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitReport

extension Typefit {
    /// `typefit budgets`: how long each string may be, per locale (docs/budgets.md).
    struct Budgets: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "budgets",
            abstract: "Say how much room each localizable string has: points, lines and ≈ characters per locale.",
            discussion: """
                For every key a screen shows (text, placeholder, fallbacks; every table): the available text width × \
                allowed lines at the largest category the string is shown at, on the narrowest device, laid out as \
                `typefit audit` lays it out; each translation measured against it. Characters are an estimate.

                Examples:
                  typefit budgets Specs/bankey-login
                  typefit budgets --locales de,ja --format csv --output budgets.csv
                  typefit budgets --format markdown --output BUDGETS.md
                  typefit budgets Specs --catalog App/Localizable.xcstrings --write-catalog /tmp/Localizable.xcstrings

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

        @Option(help: ArgumentHelp("An XLIFF 1.2 file as Xcode exports it (read, never written); with --write-xliff.", valueName: "FILE"))
        var xliff: String?

        @Option(
            name: .customLong("write-xliff"),
            help: ArgumentHelp(
                "Write --xliff's file with each trans-unit's budget (maxwidth, size-unit=\"pixel\", a note) to FILE.", valueName: "FILE"))
        var writeXLIFF: String?

        @Option(help: ArgumentHelp("A String Catalog (.xcstrings; read, never written); with --write-catalog.", valueName: "FILE"))
        var catalog: String?

        @Option(
            name: .customLong("write-catalog"),
            help: ArgumentHelp(
                "Write --catalog's file with a budget line in each budgeted key's comment to FILE (review the diff, then move it over the catalog).",
                valueName: "FILE"))
        var writeCatalog: String?

        func validate() throws {
            if (xliff == nil) != (writeXLIFF == nil) {
                throw ValidationError(
                    "--xliff and --write-xliff go together: --xliff names the file exported from Xcode, --write-xliff where to write it with budgets"
                )
            }
            if (catalog == nil) != (writeCatalog == nil) {
                throw ValidationError(
                    "--catalog and --write-catalog go together: --catalog names the String Catalog, --write-catalog where to write it with budgets (typefit never writes its inputs)"
                )
            }
            guard BudgetFormat(rawValue: format) != nil else {
                throw ValidationError(
                    "unknown format '\(format)'"
                        + (Suggestion.hint(for: format, in: BudgetFormat.names).map { " (\($0))" } ?? "; formats: "
                            + BudgetFormat.names.joined(separator: ", "))
                )
            }
        }

        func run() throws {
            let settings = try ProjectSettings(explicit: selection.config, ignore: selection.noConfig)
            let options = try selection.auditOptions(settings)
            let inputs =
                options.paths + (settings.config.map { [$0.file] } ?? []) + (xliff.map { [$0] } ?? []) + (catalog.map { [$0] } ?? [])
            var targets: [OutputFile.Target] = []
            if let output {
                targets.append(OutputFile.Target(option: "--output", path: output))
                try OutputFile.checkWritable(output, force: force || Self.isBudgetCSV(output))
            }
            if let writeXLIFF {
                targets.append(OutputFile.Target(option: "--write-xliff", path: writeXLIFF))
                try OutputFile.checkWritable(writeXLIFF, force: force)
            }
            if let writeCatalog {
                targets.append(OutputFile.Target(option: "--write-catalog", path: writeCatalog))
                // Writing over the catalog itself is refused as such, before "use --force" could suggest it.
                try OutputFile.checkNotInputs(targets, inputs: inputs)
                try OutputFile.checkWritable(writeCatalog, force: force)
            }
            try OutputFile.checkDistinct(targets)
            try OutputFile.checkNotInputs(targets, inputs: inputs)
            // Read before the budgets are computed: a missing or unreadable file fails first.
            let xliffText = try xliff.map { path -> String in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw InputError(file: path, message: "cannot read the XLIFF file")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw InputError(
                        file: path, message: "the XLIFF file is not UTF-8", hint: "export it from Xcode (Product ▸ Export Localizations)")
                }
                return text
            }
            let catalogSnapshot = try catalog.map { try FileSnapshot(path: $0, what: "the String Catalog") }
            let auditor = Auditor(options: options)
            let report: BudgetReport
            do {
                report = try auditor.budgets()
            } catch let error as InputError {
                throw settings.attributing(error, flags: selection.givenFlags)
            }
            try OutputFile.checkNotInputs(targets, inputs: inputs + report.filesRead)
            var xliffResult: BudgetXLIFF.Result?
            if let xliff, let xliffText {
                let result = BudgetXLIFF.annotate(xliffText, budgets: report)
                if let language = result.unbudgetedLanguages.first {
                    throw InputError(
                        file: xliff, message: "target-language '\(ControlCharacters.escaped(language))' has no budget",
                        hint: "select it with --locales (or use an XLIFF of a selected locale)")
                }
                if result.annotated == 0 {
                    throw InputError(
                        file: xliff, message: "no trans-unit is a key of the selected screens",
                        hint: "check the specs and tables the XLIFF belongs to")
                }
                xliffResult = result
            }
            // Both files are checked before either is written.
            let catalogResult = try catalogSnapshot.map { try annotate($0, report: report) }
            if let xliffResult, let writeXLIFF {
                try OutputFile.write(xliffResult.text, to: writeXLIFF)
                try StandardStream.error.writeLine(
                    "typefit: wrote budgets on \(xliffResult.annotated) trans-unit\(xliffResult.annotated == 1 ? "" : "s") to \(ControlCharacters.escaped(writeXLIFF))"
                )
            }
            if let catalogSnapshot, let catalogResult, let writeCatalog {
                // Right before the write: a catalog saved meanwhile (by Xcode) is not overwritten by a stale copy.
                try catalogSnapshot.checkUnchanged()
                try OutputFile.write(String(decoding: catalogResult.bytes, as: UTF8.self), to: writeCatalog)
                try StandardStream.error.writeLine(
                    "typefit: wrote budgets on \(catalogResult.annotated) key\(catalogResult.annotated == 1 ? "" : "s") (\(catalogResult.changed) changed) to \(ControlCharacters.escaped(writeCatalog))"
                )
            }
            let text = try BudgetFormat(rawValue: format)!.render(report)
            if let output {
                try OutputFile.write(text, to: output)
            } else {
                try StandardStream.output.write(text)
            }
        }

        /// `--write-catalog`: the catalog with a budget line in each budgeted key's comment.
        func annotate(_ snapshot: FileSnapshot, report: BudgetReport) throws -> BudgetCatalog.Result {
            let result = try BudgetCatalog.annotate(snapshot.bytes, file: snapshot.path, budgets: report)
            if result.annotated == 0 {
                throw InputError(
                    file: snapshot.path, message: "no key of the catalog is on the selected screens",
                    hint: "the catalog's file name is its table name: check the specs' strings and tables")
            }
            return result
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
