import ArgumentParser
import Foundation
import TypefitAudit
import TypefitReport

/// One `--report FORMAT[:PATH]`: a format and where it goes (nil: standard output).
struct ReportRequest: Equatable {
    var format: String
    var path: String?

    init(format: String, path: String?) {
        self.format = format
        self.path = path
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

    /// At most one report on standard output, and no file written twice.
    static func check(_ requests: [ReportRequest]) throws {
        let toStdout = requests.filter { $0.path == nil }
        if toStdout.count > 1 {
            throw ValidationError("only one report can go to standard output, not \(toStdout.map(\.format).joined(separator: " and ")); give the others a path: --report FORMAT:PATH")
        }
        var seen: Set<String> = []
        for case let path? in requests.map(\.path) {
            let key = (path as NSString).standardizingPath
            if !seen.insert(key).inserted { throw ValidationError("two reports would write to \(path)") }
        }
    }

    /// Renders and writes every report: files always, standard output unless `quiet`. With a `github`
    /// report and `$GITHUB_STEP_SUMMARY` set, appends the Markdown summary to that file.
    static func write(_ requests: [ReportRequest], report: AuditReport, strict: Bool, quiet: Bool,
                      environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let cwd = FileManager.default.currentDirectoryPath
        let colour = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
        for request in requests {
            if request.path == nil && quiet { continue }
            let options = ReportOptions(colour: request.path == nil && colour, strict: strict, baseDirectory: cwd)
            guard let reporter = Reporters.reporter(named: request.format, options: options) else { continue }
            let text = reporter.generateReport(report)
            if let path = request.path {
                try OutputFile.write(text, to: path)
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
        if requests.contains(where: { $0.format == GitHubActionsReporter.identifier }),
           let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            appendStepSummary(GitHubActionsReporter.stepSummary(report), to: summary)
        }
    }

    /// Appends to the step summary file (GitHub creates it per step). A failure is a warning on
    /// standard error: the audit's result and exit code matter more than its summary.
    static func appendStepSummary(_ text: String, to path: String) {
        let fm = FileManager.default
        if !fm.fileExists(atPath: path) { _ = fm.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            FileHandle.standardError.write(Data("typefit: warning: cannot write the step summary to \(path)\n".utf8))
            return
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            FileHandle.standardError.write(Data("typefit: warning: cannot write the step summary to \(path): \(error.localizedDescription)\n".utf8))
        }
    }
}
