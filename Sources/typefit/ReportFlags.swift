import ArgumentParser
import TypefitAudit
import TypefitCore
import TypefitReport

/// The flags of the commands that write an audit's reports (`audit`, `merge`), and how they print
/// the run's summary around them.
struct ReportFlags: ParsableArguments {
    @Flag(help: "Overwrite an output file even if it is not a typefit report.")
    var force = false

    @Flag(
        help:
            "Print only the summary line (for CI logs); reports with a PATH are still written (a report to standard output other than text or github is refused)."
    )
    var quiet = false

    /// The summary line: on standard output with `--quiet` (the CI log's one line), else on standard
    /// error, replacing the progress line when `clearingProgress`.
    func printSummary(_ line: String, clearingProgress: Bool = false) throws {
        if quiet {
            try StandardStream.output.writeLine(line)
        } else {
            try StandardStream.error.writeLine((clearingProgress ? "\u{1B}[2K" : "") + line)
        }
    }

    /// The localizations, devices and text sizes a narrowed run did not audit (`NarrowingNotes`), on
    /// standard error even with `--quiet`: a gate's log says what it did not check, and a merge of
    /// shards says what one run would.
    func printNarrowingNotes(_ report: AuditReport) throws {
        for note in NarrowingNotes.lines(report) {
            try StandardStream.error.writeLine("typefit: " + ControlCharacters.escaped(note))
        }
    }

    /// The baseline's stale entries on standard error: their count, and up to ten of them unless `--quiet`.
    func printStaleNote(_ report: AuditReport) throws {
        if let note = report.baseline?.staleNote(limit: quiet ? 0 : 10), !note.isEmpty {
            try StandardStream.error.write(note.map(ControlCharacters.escaped).joined(separator: "\n") + "\n")
        }
    }
}
