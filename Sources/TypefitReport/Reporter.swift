import TypefitAudit

/// A report format. Reporters are pure: an audit report in, text out (SwiftLint's design).
public protocol Reporter: Sendable {
    /// The name used with `--format` / `--report`.
    static var identifier: String { get }
    /// One line for `typefit reporters`.
    static var description: String { get }
    func generateReport(_ report: AuditReport) -> String
}

/// Every reporter, looked up by identifier.
public enum Reporters {
    public static let all: [any Reporter.Type] = [TextReporter.self, JSONReporter.self]

    public static func reporter(named name: String, colour: Bool = false) -> (any Reporter)? {
        switch name {
        case TextReporter.identifier: return TextReporter(colour: colour)
        case JSONReporter.identifier: return JSONReporter()
        default: return nil
        }
    }

    public static var identifiers: [String] { all.map { $0.identifier } }
}
