import TypefitAudit

/// A report format. Reporters are pure: an audit report in, text out (SwiftLint's design).
public protocol Reporter: Sendable {
    /// The name used with `--format` / `--report`.
    static var identifier: String { get }
    /// One line for `typefit reporters`.
    static var description: String { get }
    func generateReport(_ report: AuditReport) -> String
    /// Writes the report's UTF-8 bytes through `write`, in pieces: a large report (JSON) is never held
    /// whole in memory. The bytes are exactly `generateReport`'s; a throwing `write` stops the report.
    func writeReport(_ report: AuditReport, to write: (UnsafeRawBufferPointer) throws -> Void) throws
}

extension Reporter {
    /// The whole text in one piece (reports of a few megabytes at most).
    public func writeReport(_ report: AuditReport, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var text = generateReport(report)
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }
}

/// How the command line wants a report rendered; each reporter uses what applies to it.
public struct ReportOptions: Sendable, Equatable {
    /// ANSI colour (the text report on a terminal).
    public var colour: Bool
    /// Warnings fail the run (`--strict`): JUnit turns them into failures. A report whose summary
    /// failed without errors is treated as strict whatever this says.
    public var strict: Bool
    /// Folder that relative spec paths are resolved against, for formats whose consumer needs
    /// absolute paths (`xcode`). Nil keeps the paths as the report has them.
    public var baseDirectory: String?
    /// Folder the report file is written to (relative to `baseDirectory`, or absolute), for formats
    /// that link to the specs and strings (`html`). Nil: the working folder.
    public var reportDirectory: String?

    public init(colour: Bool = false, strict: Bool = false, baseDirectory: String? = nil, reportDirectory: String? = nil) {
        self.colour = colour
        self.strict = strict
        self.baseDirectory = baseDirectory
        self.reportDirectory = reportDirectory
    }
}

/// Every reporter, looked up by identifier.
public enum Reporters {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, JUnitReporter.self, SARIFReporter.self,
        GitHubActionsReporter.self, XcodeReporter.self, MarkdownReporter.self, HTMLReporter.self
    ]

    public static func reporter(named name: String, colour: Bool = false) -> (any Reporter)? {
        reporter(named: name, options: ReportOptions(colour: colour))
    }

    public static func reporter(named name: String, options: ReportOptions) -> (any Reporter)? {
        switch name {
        case TextReporter.identifier: return TextReporter(colour: options.colour)
        case JSONReporter.identifier: return JSONReporter()
        case JUnitReporter.identifier: return JUnitReporter(strict: options.strict)
        case SARIFReporter.identifier: return SARIFReporter()
        case GitHubActionsReporter.identifier: return GitHubActionsReporter()
        case XcodeReporter.identifier: return XcodeReporter(baseDirectory: options.baseDirectory)
        case MarkdownReporter.identifier: return MarkdownReporter()
        case HTMLReporter.identifier: return HTMLReporter(baseDirectory: options.baseDirectory, reportDirectory: options.reportDirectory)
        default: return nil
        }
    }

    public static var identifiers: [String] { all.map { $0.identifier } }
}
