import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitReport
import TypefitSpec

/// One `--report FORMAT[:PATH]`: a format and where it goes (nil: standard output).
struct ReportRequest: Equatable {
    var format: String
    var path: String?
    /// Whether it comes from `--format`/`--output` (for messages).
    var isShorthand = false

    init(format: String, path: String?, isShorthand: Bool = false) {
        self.format = format
        self.path = path
        self.isShorthand = isShorthand
    }

    /// `json`, `json:report.json`, `json:-` (standard output). The first `:` separates the format, so
    /// a path may contain more.
    init(parsing value: String) throws {
        let formats = Reporters.identifiers.joined(separator: ", ")
        guard let colon = value.firstIndex(of: ":") else {
            guard Reporters.reporter(named: value) != nil else {
                throw ValidationError("unknown report format '\(value)' in --report \(value); formats: \(formats)")
            }
            self.init(format: value, path: nil)
            return
        }
        let format = String(value[..<colon]), path = String(value[value.index(after: colon)...])
        guard Reporters.reporter(named: format) != nil else {
            throw ValidationError("unknown report format '\(format)' in --report \(value); formats: \(formats)")
        }
        guard !path.isEmpty else {
            throw ValidationError("--report \(value): give a path after ':' (or leave out ':' for standard output)")
        }
        self.init(format: format, path: path == "-" ? nil : path)
    }

    /// At most one report on standard output, and no file written twice (compared as files, not
    /// spellings: `out.json` and `./out.json` are one file).
    static func check(_ requests: [ReportRequest]) throws {
        let toStdout = requests.filter { $0.path == nil }
        if toStdout.count > 1 {
            throw ValidationError(
                "only one report can go to standard output, not \(toStdout.map(\.format).joined(separator: " and ")); give the others a path: --report FORMAT:PATH"
            )
        }
        do {
            try OutputFile.checkDistinct(targets(requests))
        } catch let error as InputError {
            throw ValidationError(error.message + (error.hint.map { "; \($0)" } ?? ""))
        }
    }

    /// `--quiet` keeps standard output for the summary line, so a report asked for there is not
    /// written: refused for every format but `text` (the report `--quiet` is there to leave out) and
    /// `github` (whose step summary is still written), rather than run without it. `config`: the
    /// requests are that `.typefit.yml`'s `reports`, written at `locations` (in the same order), and
    /// the error names the file at the report's line and column.
    static func checkQuiet(_ requests: [ReportRequest], config: (file: String, locations: [SourceLocation])? = nil) throws {
        for (i, r) in requests.enumerated() where r.path == nil {
            guard r.format != TextReporter.identifier, r.format != GitHubActionsReporter.identifier else { continue }
            let message = "--quiet prints only the summary line on standard output, so the \(r.format) report would not be written"
            if let config {
                let at = config.locations.indices.contains(i) ? config.locations[i] : nil
                throw InputError(
                    file: config.file, line: at?.line, column: at?.column, message: "reports: \(r.format): " + message,
                    hint: "give it a path in the reports (\(r.format):FILE), or leave out --quiet")
            }
            let asked = r.isShorthand ? "--format \(r.format)" : "--report \(r.format)"
            let fix = r.isShorthand ? "--output FILE" : "--report \(r.format):FILE"
            throw ValidationError("\(message) (\(asked)): give it a path (\(fix)), or leave out --quiet")
        }
    }

    /// The files the requests write.
    static func targets(_ requests: [ReportRequest]) -> [OutputFile.Target] {
        requests.compactMap { r in
            r.path.map { OutputFile.Target(option: r.isShorthand ? "--output" : "--report \(r.format):\($0)", path: $0) }
        }
    }

    /// Renders and writes every report: files always, standard output unless `quiet`. With a `github`
    /// report and `$GITHUB_STEP_SUMMARY` set, appends the Markdown summary to that file.
    ///
    /// `inputs` are the files the audit read: a step summary that is one of them (or one of the
    /// reports) is not written, with a warning.
    static func write(
        _ requests: [ReportRequest], report: AuditReport, strict: Bool, quiet: Bool, inputs: [String] = [], threads: Int = 1,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let cwd = FileManager.default.currentDirectoryPath
        let colour = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
        var files: [(path: String, reporter: any Reporter)] = []
        var printed: [any Reporter] = []
        for request in requests {
            if request.path == nil && quiet { continue }
            let options = ReportOptions(
                colour: request.path == nil && colour, strict: strict, baseDirectory: cwd,
                reportDirectory: request.path.map { ($0 as NSString).deletingLastPathComponent })
            guard let reporter = Reporters.reporter(named: request.format, options: options) else { continue }
            if let path = request.path { files.append((path, reporter)) } else { printed.append(reporter) }
        }
        // Each file is written by a thread of its own, streamed (a large report, JSON, is written piece
        // by piece, never held whole); the reports printed are one more job, in the order asked for.
        let jobs = files, printing = printed
        let kinds = (jobs.map(\.reporter) + printing.prefix(1)).map { type(of: $0) as any Reporter.Type }
        try ConcurrentReports.run(kinds, threads: threads) { i in
            if i < jobs.count {
                try OutputFile.write(to: jobs[i].path) { write in
                    try jobs[i].reporter.writeReport(report, to: write)
                    // A report the run's stores could not read back whole is not written.
                    try report.checkStoresRead()
                }
            } else {
                for reporter in printing { try reporter.writeReport(report) { try StandardStream.output.write($0) } }
                try report.checkStoresRead()
            }
        }
        if requests.contains(where: { $0.format == GitHubActionsReporter.identifier }),
            let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty
        {
            let summaryTarget = OutputFile.Target(option: "$GITHUB_STEP_SUMMARY", path: summary)
            if let (_, input) = OutputFile.collision([summaryTarget], inputs: inputs + targets(requests).map(\.path)) {
                StandardStream.tryError(
                    "typefit: warning: $GITHUB_STEP_SUMMARY \(ControlCharacters.escaped(summary)) is \(ControlCharacters.escaped(input)), which this audit reads or writes; the step summary is not written\n"
                )
                return
            }
            appendStepSummary(GitHubActionsReporter.stepSummary(report), to: summary)
        }
    }

    /// Appends to the step summary file (GitHub creates it per step). A failure is a warning on
    /// standard error: the audit's result and exit code matter more than its summary.
    static func appendStepSummary(_ text: String, to path: String) {
        let fm = FileManager.default
        // A FIFO would block the open until a reader came; a device is not a summary.
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            StandardStream.tryError(
                "typefit: warning: cannot write the step summary to \(ControlCharacters.escaped(path)): not a regular file\n")
            return
        }
        if !fm.fileExists(atPath: path) { _ = fm.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            StandardStream.tryError("typefit: warning: cannot write the step summary to \(ControlCharacters.escaped(path))\n")
            return
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            StandardStream.tryError(
                "typefit: warning: cannot write the step summary to \(ControlCharacters.escaped(path)): \(error.localizedDescription)\n")
        }
    }
}
