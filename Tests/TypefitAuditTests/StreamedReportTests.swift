import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit
@testable import TypefitReport

/// Reports are written in pieces (`Reporter.writeReport`): the pieces joined are exactly the report
/// `generateReport` renders, and a failing write stops the report with the writer's error.
final class StreamedReportTests: XCTestCase {
    struct Full: Error {}

    func testStreamedPiecesAreTheReportInEveryFormat() throws {
        let report = try ReporterTests.full.get()
        for type in Reporters.all {
            let reporter = try XCTUnwrap(Reporters.reporter(named: type.identifier))
            var joined: [UInt8] = []
            var pieces = 0
            try reporter.writeReport(report) { piece in
                joined.append(contentsOf: piece)
                pieces += 1
            }
            XCTAssertEqual(joined, Array(reporter.generateReport(report).utf8), type.identifier)
            if type == JSONReporter.self {
                // The JSON report of every shipped spec is ~50 MB: it must arrive in pieces of about
                // a megabyte, never whole.
                XCTAssertGreaterThan(pieces, joined.count / (2 * JSONReportWriter.pieceSize), "pieces: \(pieces)")
            }
        }
    }

    func testAFailingWriteStopsTheReportWithItsError() throws {
        let report = try ReporterTests.full.get()
        var calls = 0
        XCTAssertThrowsError(
            try JSONReporter().writeReport(report) { _ in
                calls += 1
                throw Full()
            }
        ) { XCTAssertTrue($0 is Full, "\($0)") }
        XCTAssertEqual(calls, 1, "nothing is written after the first failure")
    }
}
