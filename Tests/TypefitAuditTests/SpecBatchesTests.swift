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

    /// A finished spec's results go back to the workers that made them, each to its own, to be freed
    /// on that worker's thread; an unfinished spec's stay.
    func testEachWorkerGetsBackTheResultsItMade() throws {
        let (batches, jobs) = makeBatches()
        func made(_ checks: Int) -> Result<Auditor.JobResult, Error> {
            var r = Auditor.JobResult()
            r.checks = checks
            return .success(r)
        }
        batches.complete(job: jobs[1][0], worker: 0, made(100))
        batches.complete(job: jobs[0][0], worker: 1, made(10))
        XCTAssertTrue(batches.takeGarbage(worker: 1).isEmpty, "spec 0 is not finished")
        batches.complete(job: jobs[0][1], worker: 0, made(20))
        XCTAssertEqual(batches.checks, 30)
        XCTAssertEqual(batches.takeGarbage(worker: 1).map(\.checks), [10])
        XCTAssertEqual(batches.takeGarbage(worker: 0).map(\.checks), [20], "spec 1's result is not finished")
        XCTAssertTrue(batches.takeGarbage(worker: 0).isEmpty, "taken once")
        batches.complete(job: jobs[1][1], worker: 1, made(200))
        XCTAssertEqual(batches.checks, 330)
        XCTAssertEqual(batches.takeGarbage(worker: 0).map(\.checks), [100])
        XCTAssertEqual(batches.takeGarbage(worker: 1).map(\.checks), [200])
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

/// Many workers over specs of uneven sizes, completing in whatever order the threads run them, some
/// jobs failing: every job runs, none waits forever, the specs are finished in order and the run
/// throws the first failing job's error.
final class SpecBatchesStressTests: XCTestCase {
    struct Failed: Error, Equatable { let job: Int }

    func run(threads: Int, failing: Set<Int>, seed: Int) throws -> (batches: SpecBatches, error: Error?) {
        // 40 specs of 1 to 6 jobs each (uneven, the same for a seed), in job order as the auditor
        // lists them: spec by spec.
        var jobSpecs: [String] = []
        for s in 0..<40 { for _ in 0..<(1 + (s * 7 + seed * 5) % 6) { jobSpecs.append(String(format: "spec-%02d.yaml", s)) } }
        let batches = SpecBatches(
            jobSpecs: jobSpecs, specFindings: [:], baseline: nil, store: FindingStore(memoryLimit: 1 << 20),
            elementStore: RecordStore(memoryLimit: 1 << 20), threads: threads)
        // Each job takes its own short, uneven time, but the first spec's first job 200 ms: meanwhile
        // the other workers run ahead until the bound stops them (they need a few ms to get there).
        let delays = jobSpecs.indices.map { $0 == 0 ? 200_000 : useconds_t(($0 * 37 + seed * 11) % 50) }
        let schedule = batches.schedule(screenOfJob: Array(jobSpecs.indices))
        let next = WorkCounter()
        // A worker that waits forever fails the test after a minute instead of hanging the suite.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while true {
                    let n = next.take()
                    if n >= schedule.count { break }
                    let i = schedule[n]
                    batches.waitForTurn(job: i)
                    usleep(delays[i])
                    if failing.contains(i) {
                        batches.complete(job: i, .failure(Failed(job: i)))
                    } else {
                        var r = Auditor.JobResult()
                        r.checks = 1
                        batches.complete(job: i, .success(r))
                    }
                }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else {
            XCTFail("the workers did not finish within a minute (threads \(threads), seed \(seed))")
            return (batches, nil)
        }
        do {
            try batches.finishAll()
            return (batches, nil)
        } catch {
            return (batches, error)
        }
    }

    func testEveryJobRunsWithinTheBoundOnManyThreads() throws {
        for threads in [2, 3, 8] {
            for seed in 1...3 {
                let (batches, error) = try run(threads: threads, failing: [], seed: seed)
                XCTAssertNil(error)
                XCTAssertEqual(batches.checks, batches.jobsOfSpec.joined().count, "threads \(threads), seed \(seed)")
                // The bound was reached (workers waited), and never passed.
                XCTAssertEqual(batches.peakRunAhead, batches.runAhead, "threads \(threads), seed \(seed)")
                XCTAssertEqual(batches.runAhead, 2 * threads)
            }
        }
    }

    func testFailingJobsNeitherHangTheRunNorHideTheFirstError() throws {
        for threads in [2, 8] {
            let (_, error) = try run(threads: threads, failing: [7, 30, 55], seed: 9)
            XCTAssertEqual(error as? Failed, Failed(job: 7), "threads \(threads)")
        }
    }
}
