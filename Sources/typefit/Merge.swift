import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitReport

extension Typefit {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge the JSON reports of every shard of one audit into the reports one run writes; exit 1 if it fails.",
            discussion: """
                Each CI runner audits a share of the spec files (typefit audit … --shard i/n --report json:report-i.json); \
                a last job merges the shards' JSON reports into the reports of one run over every spec, byte for byte. \
                Refused (exit 2) unless the reports are every shard of one run exactly once, made with the same options, \
                typefit, fonts, baseline and waivers; a run with --strict is merged as strict. The html report lays the \
                screens out again from the specs: write it with typefit audit.

                Examples:
                  typefit merge report-0.json report-1.json --report json:report.json --report junit:junit.xml
                  typefit merge report-*.json --report sarif:typefit.sarif --quiet

                Exit codes: 0 nothing failing · 1 failing findings in some shard · 2 invalid input or usage.
                """
        )

        @Argument(help: ArgumentHelp("The JSON reports of the shards, one per shard.", valueName: "REPORT"))
        var files: [String] = []

        @Option(
            name: .customLong("report"),
            help: ArgumentHelp(
                "Write a report of the merged run: FORMAT to standard output, FORMAT:PATH to a file; repeat for several (default: text). Formats: \(Reporters.identifiers.filter { $0 != HTMLReporter.identifier }.joined(separator: ", ")).",
                valueName: "FORMAT[:PATH]"))
        var reports: [String] = []

        /// `--force` and `--quiet`.
        @OptionGroup var flags: ReportFlags

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give the JSON report of every shard, e.g. typefit merge report-*.json") }
            _ = try reportRequests()
        }

        func reportRequests() throws -> [ReportRequest] {
            var requests = try reports.map { try ReportRequest(parsing: $0) }
            if let html = requests.first(where: { $0.format == HTMLReporter.identifier }) {
                throw ValidationError(
                    "--report \(html.format)\(html.path.map { ":\($0)" } ?? ""): the html report draws the screens again from the specs, which a JSON report does not hold; write it with typefit audit"
                )
            }
            if requests.isEmpty { requests = [ReportRequest(format: "text", path: nil)] }
            try ReportRequest.check(requests)
            return requests
        }

        func run() throws {
            let requests = try reportRequests()
            let outputs = ReportRequest.targets(requests)
            try OutputFile.checkDistinct(outputs)
            for output in outputs { try OutputFile.checkWritable(output.path, force: flags.force) }
            try OutputFile.checkNotInputs(outputs, inputs: files)
            let start = Date()
            let shards = try files.map { try AuditReport.read(path: $0) }
            let report = try AuditReport.merging(
                shards: shards, files: files, threads: ProcessInfo.processInfo.activeProcessorCount)
            _ = Unmanaged.passRetained(KeepUntilExit(report: report))
            let s = report.summary
            let line =
                "typefit: merged \(counted(files.count, "shard")) in \(String(format: "%.2f", Date().timeIntervalSince(start))) s: \(counted(s.checks, "element check")), \(counted(s.errors, "error")), \(counted(s.warnings, "warning")), \(s.infos) info\(s.baselined > 0 ? ", \(s.baselined) baselined" : "")\(s.waived > 0 ? ", \(s.waived) waived" : "")"
            try ReportRequest.write(
                requests, report: report, strict: shards[0].summary.shard?.strict ?? false, quiet: flags.quiet, inputs: files,
                threads: ProcessInfo.processInfo.activeProcessorCount)
            try flags.printSummary(line)
            try flags.printNarrowingNotes(report)
            try flags.printStaleNote(report)
            if s.failed { throw ExitCode(ExitStatus.findings.rawValue) }
        }
    }
}
