import Foundation
import XCTest

@testable import TypefitAudit

/// Jobs never run further ahead of finishing than `SpecBatches.runAhead` specs, so results cannot
/// pile up when the jobs outpace the one finisher (issue 18, item 1), and a waiting worker is woken
/// as soon as finishing catches up.
final class SpecBatchesTests: XCTestCase {
    /// Ten specs of two jobs each, for two workers (a window of 2 specs, so a run-ahead of 4).
    func makeBatches() -> (SpecBatches, jobsOfSpec: [[Int]]) {
        let specs = (0..<10).map { "spec-\($0).yaml" }
        let jobSpecs = specs.flatMap { [$0, $0] }
        let batches = SpecBatches(
            jobSpecs: jobSpecs, specFindings: [:], baseline: nil, store: FindingStore(memoryLimit: 1 << 20),
            elementStore: RecordStore(memoryLimit: 1 << 20), threads: 2)
        return (batches, batches.jobsOfSpec)
    }

    func done() -> Result<Auditor.JobResult, Error> {
        var r = Auditor.JobResult()
        r.checks = 1
        return .success(r)
    }

    func testJobsStartAtMostRunAheadSpecsPastTheFirstUnfinishedOne() throws {
        let (batches, jobs) = makeBatches()
        XCTAssertEqual(batches.runAhead, 4)
        // Every job of specs 1–3 and one of spec 0 complete; spec 0's other job is still running.
        batches.complete(job: jobs[0][1], done())
        for s in 1...3 { for j in jobs[s] { batches.complete(job: j, done()) } }
        XCTAssertEqual(batches.checks, 0, "nothing is finished before spec 0")
        XCTAssertTrue(jobs[0...3].joined().allSatisfy(batches.mayStart(job:)))
        XCTAssertFalse(jobs[4...].joined().contains(where: batches.mayStart(job:)), "spec 4 is 4 specs past spec 0")
        // Spec 0's last job completes: specs 0–3 are finished, in order, and specs up to 7 may start.
        batches.complete(job: jobs[0][0], done())
        XCTAssertEqual(batches.checks, 8)
        XCTAssertTrue(jobs[4...7].joined().allSatisfy(batches.mayStart(job:)))
        XCTAssertFalse(jobs[8...].joined().contains(where: batches.mayStart(job:)))
    }

    func testAWaitingWorkerIsWokenWhenFinishingCatchesUp() throws {
        let (batches, jobs) = makeBatches()
        let started = expectation(description: "spec 4's job started")
        let flag = Slots(count: 1, initial: false)
        DispatchQueue.global().async {
            batches.waitForTurn(job: jobs[4][0])
            flag.set(0, true)
            started.fulfill()
        }
        // The worker stays blocked while spec 0 is unfinished, however long that takes.
        batches.complete(job: jobs[0][1], done())
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertFalse(flag.values[0], "spec 4's job started while spec 0 was unfinished")
        // Spec 0 finished: spec 4 is now within 4 specs of the first unfinished one (spec 1).
        batches.complete(job: jobs[0][0], done())
        wait(for: [started], timeout: 10)
        XCTAssertEqual(batches.checks, 2)
        XCTAssertEqual(batches.peakRunAhead, 4, "spec 4 started as the fourth spec from spec 1")
    }

    /// A whole audit on two threads: every job waited its turn (the report's order and bytes are
    /// checked against one thread in `AuditTests`). Without `waitForTurn` on the workers' path the
    /// peak stays 0.
    func testAnAuditOnTwoThreadsKeepsItsRunAhead() throws {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent("Specs").path]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.locales = ["en", "de", "ar"]
        options.categories = [.large, .ax5]
        options.threads = 2
        let auditor = Auditor(options: options)
        _ = try auditor.run()
        XCTAssertGreaterThan(auditor.peakRunAhead, 1, "a second spec's jobs started before the first spec was finished")
        XCTAssertLessThanOrEqual(auditor.peakRunAhead, 4)
    }
}
