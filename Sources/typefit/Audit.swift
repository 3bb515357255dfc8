import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitReport
import TypefitShaping
import TypefitSpec
import TypefitStrings

extension Typefit {
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audit",
            abstract: "Audit screen specs at every Dynamic Type category, locale and device; exit 1 on failing findings.",
            discussion: """
                Examples:
                  typefit audit                                  # every spec under Specs/
                  typefit audit Specs/bankey-login --locales de,ja --categories AX1,AX5
                  typefit audit --format json --output report.json
                  typefit audit --report text --report sarif:out.sarif --report junit:out.xml
                  typefit audit --report github --report json:out.json # GitHub Actions
                  typefit audit --write-baseline Specs/baseline.json   # accept today's errors and warnings
                  typefit audit --baseline Specs/baseline.json         # fail only on what is new or worse

                Exit codes: 0 nothing failing · 1 failing findings (errors; warnings too with --strict) · 2 invalid input or usage.
                """
        )

        /// Specs, locales, categories, devices, pseudolocales, fonts, threads and `.typefit.yml`: the same
        /// selection `typefit budgets` takes.
        @OptionGroup var selection: SelectionOptions

        /// Requested reports, `FORMAT` or `FORMAT:PATH`.
        @Option(
            name: .customLong("report"),
            help: ArgumentHelp(
                "Write a report: FORMAT to standard output, FORMAT:PATH to a file; repeat for several. Formats: \(Reporters.identifiers.joined(separator: ", ")). With github and $GITHUB_STEP_SUMMARY set, a Markdown summary is appended to that file.",
                valueName: "FORMAT[:PATH]"))
        var reports: [String] = []

        /// Shorthand for one `--report`, kept for existing scripts.
        @Option(
            help: ArgumentHelp(
                "Format of a single report (shorthand for --report FORMAT[:FILE] with --output; default: text): \(Reporters.identifiers.joined(separator: ", ")).",
                valueName: "FORMAT"))
        var format: String?

        @Option(help: ArgumentHelp("Write the --format report to FILE instead of standard output.", valueName: "FILE"))
        var output: String?

        @Option(
            help: ArgumentHelp(
                "Accept the problems listed in this baseline file: reported as accepted, they do not fail the run; anything worse does.",
                valueName: "FILE"))
        var baseline: String?

        @Option(
            name: .customLong("write-baseline"),
            help: ArgumentHelp(
                "Write a baseline accepting exactly this run's errors and warnings to FILE (then exit 0); no report is written, so it cannot be combined with --report, --format or --output.",
                valueName: "FILE"))
        var writeBaseline: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Audit only this share of the spec files, for CI runners in parallel: INDEX/COUNT takes every COUNT-th file of the sorted list from the INDEX-th (0 ≤ INDEX < COUNT).",
                valueName: "INDEX/COUNT"))
        var shard: String?

        @Flag(help: "Warnings fail the run too.")
        var strict = false

        /// `--force` and `--quiet`.
        @OptionGroup var flags: ReportFlags

        func validate() throws {
            if writeBaseline != nil && (!reports.isEmpty || format != nil || output != nil) {
                // Writing the baseline ends the run; a report asked for as well would silently not be written.
                throw ValidationError(
                    "--write-baseline writes only the baseline; run the reports (--report, --format, --output) separately")
            }
            _ = try reportRequests()
        }

        /// The `--report` requests plus the `--format`/`--output` shorthand; else `.typefit.yml`'s
        /// reports (`configured`, from `config`: the file and where each report is written); plain `text` when none is given. With `--quiet`,
        /// a report to standard output is refused where it was asked for (`ReportRequest.checkQuiet`).
        func reportRequests(
            configured: [ReportRequest] = [], config: (file: String, locations: [SourceLocation])? = nil
        ) throws -> [ReportRequest] {
            var requests = try reports.map { try ReportRequest(parsing: $0) }
            let fromFile = requests.isEmpty && format == nil && output == nil && writeBaseline == nil
            if fromFile { requests = configured }
            if format != nil || output != nil || requests.isEmpty {
                let shorthand = ReportRequest(format: format ?? "text", path: output, isShorthand: true)
                guard Reporters.reporter(named: shorthand.format) != nil else {
                    throw ValidationError("unknown format '\(shorthand.format)'; formats: \(Reporters.identifiers.joined(separator: ", "))")
                }
                requests.append(shorthand)
            }
            try ReportRequest.check(requests)
            if flags.quiet { try ReportRequest.checkQuiet(requests, config: fromFile && !configured.isEmpty ? config : nil) }
            return requests
        }

        func run() throws {
            // .typefit.yml, found from the working folder upward; each flag given wins over its setting.
            let settings = try ProjectSettings(explicit: selection.config, ignore: selection.noConfig)
            let project = settings.config
            var options = try selection.auditOptions(settings)
            try settings.checkWaiverSpecs()
            options.shard = try shard.map(Shard.init(parsing:))
            let strict = self.strict || project?.strict == true
            options.strict = strict
            // The file's baseline gates a run; a run that writes one reads none (it writes exactly
            // this run's findings), so it may create the file or refresh it in place.
            let configured = writeBaseline == nil ? try settings.configuredBaseline() : nil
            let baseline = self.baseline ?? configured
            if let baseline { options.baseline = try Baseline.load(path: baseline) }
            let requests = try reportRequests(
                configured: settings.reports, config: project.map { (Auditor.displayPath($0.file), $0.reportLocations) })
            options.keepPreviews = requests.contains { $0.format == HTMLReporter.identifier }
            // Only the JSON report shows the fonts' SHA-256 (44 MB of fonts for the shipped specs).
            options.fontDigests = requests.contains { $0.format == JSONReporter.identifier }
            // Every report names the system font with its files' digests in its header: with `--quiet`
            // and no report file (the CI gate) nothing does, unless a `github` report appends its
            // Markdown step summary.
            // The same holds for a truncated translation's budget, in its numbers and message (a
            // baseline keeps neither), and for the problems the findings group into, which only
            // reports read.
            let shown =
                writeBaseline == nil
                && requests.contains { $0.path != nil || !flags.quiet || $0.format == GitHubActionsReporter.identifier }
            options.systemFontDigests = shown
            options.budgets = shown
            options.problems = shown
            // The findings themselves are read by every report, a baseline to write and the waivers.
            options.keepsFindings = shown || writeBaseline != nil || !(project?.waivers.isEmpty ?? true)
            // Every file this run writes: checked as files (not spellings) against each other and against
            // the inputs named on the command line now, and against every file the audit read before
            // anything is written.
            let outputs = writeBaseline.map { [OutputFile.Target(option: "--write-baseline", path: $0)] } ?? ReportRequest.targets(requests)
            try OutputFile.checkDistinct(outputs)
            for output in outputs { try OutputFile.checkWritable(output.path, force: flags.force) }
            try OutputFile.checkNotInputs(
                outputs, inputs: options.paths + (baseline.map { [$0] } ?? []) + (project.map { [$0.file] } ?? []))

            let start = Date()
            let auditor = Auditor(options: options)
            let isTTY = isatty(STDERR_FILENO) == 1
            if isTTY && !flags.quiet { try StandardStream.error.write("typefit: auditing…\r") }
            var report: AuditReport
            do {
                report = try auditor.run()
            } catch let error as InputError {
                throw settings.attributing(error, flags: selection.givenFlags)
            }
            let waivers = try report.apply(waivers: project?.waivers ?? [], today: Waiver.today(), strict: strict)
            let seconds = Date().timeIntervalSince(start)
            // The report and the engine's caches are freed by the process's exit, not object by object
            // (a large report holds 100 000+ findings).
            _ = Unmanaged.passRetained(KeepUntilExit(report: report, auditor: auditor))
            let inputs = report.filesRead + (baseline.map { [$0] } ?? []) + (project.map { [$0.file] } ?? [])
            try OutputFile.checkNotInputs(outputs, inputs: inputs)

            if let wb = writeBaseline {
                let folder = (wb as NSString).deletingLastPathComponent
                // Waived findings are accepted by .typefit.yml, not by the baseline.
                let unwaived = report.findingList.lazy.filter { $0.acceptance != .waiver }
                let b = Baseline(findings: unwaived, directory: folder.isEmpty ? "." : folder)
                try report.checkStoresRead()
                try OutputFile.write(b.encoded(), to: wb)
                let accepted = unwaived.filter { $0.severity != .info }.count
                try StandardStream.error.write(
                    "typefit: wrote \(b.entries.count) entr\(b.entries.count == 1 ? "y" : "ies") accepting \(accepted) findings to \(ControlCharacters.escaped(wb))\n"
                )
                return
            }
            let s = report.summary
            let line =
                "typefit: \(counted(s.checks, "element check")) in \(String(format: "%.2f", seconds)) s: \(counted(s.errors, "error")), \(counted(s.warnings, "warning")), \(s.infos) info\(s.baselined > 0 ? ", \(s.baselined) baselined" : "")\(s.waived > 0 ? ", \(s.waived) waived" : "")\(waivers.expired.isEmpty ? "" : ", \(counted(waivers.expired.count, "expired waiver"))")"
            try ReportRequest.write(
                requests, report: report, strict: strict, quiet: flags.quiet, inputs: inputs,
                threads: options.threads ?? ProcessInfo.processInfo.activeProcessorCount)
            try flags.printSummary(line, clearingProgress: isTTY)
            try flags.printNarrowingNotes(report)
            for clamp in auditor.engine.axisClamps { try StandardStream.error.writeLine("typefit: warning: \(clamp)") }
            try flags.printStaleNote(report)
            try ProjectSettings.describe(waivers, report: report, quiet: flags.quiet)
            if s.failed { throw ExitCode(ExitStatus.findings.rawValue) }
        }
    }
}
