import Foundation
import TypefitAudit

/// The versioned JSON report (docs/report-format.md): keys sorted, numbers rounded, byte-stable.
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    public static let description = "Machine-readable report: summary, findings with numbers and fingerprints, per-element summaries."

    public init() {}

    public func generateReport(_ report: AuditReport) -> String {
        JSONReportWriter.write(report)
    }

    /// Streams the report in pieces of about a megabyte as it is written (the same bytes as
    /// `generateReport`): memory holds one piece, not the report (50 MB on the shipped specs).
    public func writeReport(_ report: AuditReport, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try JSONReportWriter.write(report, to: write)
    }

    /// The same report through Foundation's `JSONEncoder` (the reference `JSONReportWriter` is tested
    /// against; several times slower on large reports).
    public func generateReportWithJSONEncoder(_ report: AuditReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
