import Foundation
import TypefitSpec
import TypefitStrings
import XCTest

@testable import TypefitAudit

/// The jobs let go of a spec once its last job has been taken (issue 18, item 1: memory follows the
/// specs in flight, not every spec of the run).
final class JobListTests: XCTestCase {
    func testASpecIsLetGoOfWithItsLastJob() throws {
        let file = AuditTests.root.appendingPathComponent("Specs/firebase-login/firebase-custom-login.yaml").path
        let specs = try SpecLoader.load(path: file)
        XCTAssertEqual(specs.count, 1)
        var works: [Auditor.Job.SpecWork] = [
            .init(spec: specs[0], specPath: file, strings: StringTables([]), categories: [.large], devices: specs[0].devices),
            .init(spec: specs[0], specPath: file + "#2", strings: StringTables([]), categories: [.large], devices: specs[0].devices)
        ]
        weak let first = works[0]
        weak let second = works[1]
        let list = JobList([
            Auditor.Job(work: works[0], locale: "en", localizations: ["en"]),
            Auditor.Job(work: works[0], locale: "de", localizations: ["de"]),
            Auditor.Job(work: works[1], locale: "en", localizations: ["en"])
        ])
        works = []
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(list.screenOfJob, [0, 0, 1])
        XCTAssertEqual(list.take(1).locale, "de")
        XCTAssertNotNil(first, "the spec's other job still holds it")
        XCTAssertEqual(list.take(0).locale, "en")
        XCTAssertNil(first, "let go with its last job")
        XCTAssertNotNil(second)
        XCTAssertEqual(list.take(2).specPath, file + "#2")
        XCTAssertNil(second)
    }
}
