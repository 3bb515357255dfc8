import Foundation

/// The audit's jobs while they run: each is handed out once (``take(_:)``) and let go by the list as
/// it is, so a spec's parsed spec, string tables and state names (its `SpecWork`) are freed when its
/// last job has run, not when the whole run ends: 1,000 screens with a catalog each no longer hold
/// every catalog to the end (235 → 201 MB as the gate). Loading still parses every spec before the
/// first job, so its peak stays.
final class JobList: @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [Auditor.Job?]
    /// Each job's screen, numbered in job order (a spec file may hold several screens): what
    /// ``SpecBatches/schedule(screenOfJob:)`` interleaves.
    let screenOfJob: [Int]
    /// The number of jobs, taken or not.
    var count: Int { screenOfJob.count }

    init(_ jobs: [Auditor.Job]) {
        var screenOfJob: [Int] = []
        var screens = 0
        for (i, job) in jobs.enumerated() {
            let same = i > 0 && job.specPath == jobs[i - 1].specPath && job.spec.location == jobs[i - 1].spec.location
            if !same { screens += 1 }
            screenOfJob.append(screens - 1)
        }
        self.screenOfJob = screenOfJob
        self.jobs = jobs
    }

    /// Job `i`, which the list lets go of: each job is taken exactly once.
    func take(_ i: Int) -> Auditor.Job {
        lock.lock()
        defer { lock.unlock() }
        guard let job = jobs[i] else { preconditionFailure("job \(i) was taken twice") }
        jobs[i] = nil
        return job
    }
}
