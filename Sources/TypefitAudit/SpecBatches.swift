import Foundation
import TypefitCore

/// The audit's jobs grouped by spec file, each spec finished as soon as its last job completes, in
/// report order (the report's order starts with the spec): its findings are baselined, sorted,
/// counted, grouped into problems and stored with its element summaries (``RecordStore``: in memory,
/// or in a temporary file for a large run), then its jobs' results are dropped. So the audit holds the findings of the few
/// specs in flight, not of the whole run, and the store's order is the report's.
///
/// Finishing is serial (one spec at a time, in order, on whichever worker completed the spec's last
/// job); the jobs themselves run concurrently, but never more than ``runAhead`` specs past the first
/// unfinished one: a worker that would start a job further ahead waits (``waitForTurn(job:)``) until
/// finishing catches up. So when jobs outpace the one finisher, completed results do not pile up.
final class SpecBatches: @unchecked Sendable {
    /// The spec paths in report order, and each one's jobs (by index, in job order).
    let specs: [String]
    let jobsOfSpec: [[Int]]
    private let specOfJob: [Int]

    /// How many specs, counted from the first unfinished one, may have jobs started: twice the
    /// scheduling window, so the next window's jobs run while one is being finished.
    let runAhead: Int
    /// The scheduling window: specs whose jobs are interleaved (one per thread).
    private let window: Int

    /// Guards the completion bookkeeping below; signalled whenever a spec is taken for finishing.
    private let lock = NSCondition()
    /// The results of the jobs that have completed and whose spec is not finished yet, by job (a
    /// table of the few in flight: a slot per job of the run was 144 bytes a job, 3 MB for 500 copies
    /// of a screen in 42 locales).
    private var results: [Int: (result: Auditor.JobResult, worker: Int)] = [:]
    /// The finished jobs' results, by the worker that made them, for that worker to free
    /// (``takeGarbage(worker:)``): freed by the thread finishing the spec, their findings and arrays
    /// went back to the other worker's `malloc` arena, under its lock, while that worker allocated.
    private var garbage: [Int: [Auditor.JobResult]] = [:]
    private var remaining: [Int]
    private var failures: [Int: Error] = [:]
    private var nextSpec = 0
    /// The most specs that ever had jobs started or results held at once, counted from the first
    /// unfinished one (what ``runAhead`` bounds).
    private(set) var peakRunAhead = 0

    /// One finisher at a time; it owns everything below.
    private let finishing = NSLock()
    private var specFindings: [[Finding]]
    private var matcher: BaselineMatcher?
    let store: FindingStore
    let elementStore: RecordStore<AuditReport.ElementSummary>
    private var storeError: Error?
    private(set) var checks = 0
    private(set) var fontFiles = Set<String>()
    private(set) var problems: [Problem] = []
    private let groupsProblems: Bool
    private let keepsFindings: Bool
    /// The run's findings counted so far (those the baseline does not accept, by severity, and the
    /// borderline ones).
    private(set) var counts = FindingCounts()

    /// - Parameters:
    ///   - specFindings: the findings of the rules about whole specs, by spec path.
    ///   - threads: the workers that run the jobs (they set the scheduling window and ``runAhead``).
    ///   - groupsProblems: whether each spec's findings are grouped into ``problems``
    ///     (`AuditOptions.problems`).
    ///   - keepsFindings: whether each spec's findings and element summaries are sorted and stored, or
    ///     only counted (`AuditOptions.keepsFindings`).
    init(
        jobSpecs: [String], specFindings: [String: [Finding]], baseline: Baseline?, store: FindingStore,
        elementStore: RecordStore<AuditReport.ElementSummary>, threads: Int, groupsProblems: Bool = true,
        keepsFindings: Bool = true
    ) {
        self.groupsProblems = groupsProblems
        self.keepsFindings = keepsFindings
        window = max(1, threads)
        runAhead = 2 * window
        let specs = Set(jobSpecs).union(specFindings.keys).sorted()
        let number = Dictionary(uniqueKeysWithValues: specs.enumerated().map { ($1, $0) })
        var jobsOfSpec = Array(repeating: [Int](), count: specs.count)
        var specOfJob: [Int] = []
        for (i, spec) in jobSpecs.enumerated() {
            let s = number[spec]!
            jobsOfSpec[s].append(i)
            specOfJob.append(s)
        }
        self.specs = specs
        self.jobsOfSpec = jobsOfSpec
        self.specOfJob = specOfJob
        remaining = jobsOfSpec.map(\.count)
        self.specFindings = specs.map { specFindings[$0] ?? [] }
        matcher = baseline.map(BaselineMatcher.init)
        self.store = store
        self.elementStore = elementStore
    }

    /// The order to run the jobs in: spec by spec in report order, so specs finish early and in
    /// order; within a window of `threads` specs, round-robin across their screens (`screenOfJob`:
    /// the first locale of every screen, then the second…), so jobs running at the same time touch
    /// different elements, whose reference counts would otherwise bounce between cores.
    ///
    /// Every job of a window comes before any job of the next, which ``waitForTurn(job:)`` relies on.
    func schedule(screenOfJob: [Int]) -> [Int] {
        var rank = Array(repeating: 0, count: specOfJob.count)
        var seen: [Int: Int] = [:]
        for i in specOfJob.indices {
            rank[i] = seen[screenOfJob[i], default: 0]
            seen[screenOfJob[i], default: 0] += 1
        }
        return specOfJob.indices.sorted { a, b in
            (specOfJob[a] / window, rank[a], specOfJob[a], screenOfJob[a], a)
                < (specOfJob[b] / window, rank[b], specOfJob[b], screenOfJob[b], b)
        }
    }

    /// Waits until job `i` may start: until its spec is fewer than ``runAhead`` specs past the first
    /// unfinished one. Call it with the jobs in ``schedule(screenOfJob:)`` order.
    ///
    /// It cannot wait forever: a job whose spec is ``runAhead`` (at least one window) past the first
    /// unfinished spec lies in a later window, so every job of that spec was handed out before it.
    /// Those jobs complete, and whichever worker completes the last one finishes the spec (or hands
    /// it to the worker finishing, see ``finishReady()``), which wakes this one.
    func waitForTurn(job i: Int) {
        let spec = specOfJob[i]
        lock.lock()
        while !isWithinRunAhead(spec) { lock.wait() }
        peakRunAhead = max(peakRunAhead, spec - nextSpec + 1)
        lock.unlock()
    }

    /// Whether job `i` may start now (``waitForTurn(job:)`` would not wait).
    func mayStart(job i: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return isWithinRunAhead(specOfJob[i])
    }

    /// The bound itself; call it holding `lock`.
    private func isWithinRunAhead(_ spec: Int) -> Bool { spec < nextSpec + runAhead }

    /// Records a job's result, made by `worker` (the workers are numbered from 0), and finishes every
    /// spec that is now complete, in order.
    func complete(job i: Int, worker: Int = 0, _ result: Result<Auditor.JobResult, Error>) {
        lock.lock()
        switch result {
        case .success(let r): results[i] = (r, worker)
        case .failure(let e): failures[i] = e
        }
        remaining[specOfJob[i]] -= 1
        lock.unlock()
        finishReady()
    }

    /// Finishes the complete specs at the head of the order (also those without jobs).
    func finishReady() {
        while finishing.try() {
            while let s = takeReadySpec() { finish(s) }
            finishing.unlock()
            // A spec completed after the check above found the finisher busy: finish it now.
            lock.lock()
            let again = nextSpec < specs.count && remaining[nextSpec] == 0
            lock.unlock()
            if !again { return }
        }
    }

    /// The next spec in order when all its jobs have completed, with their results taken out.
    private func takeReadySpec() -> (spec: Int, results: [(result: Auditor.JobResult, worker: Int)])? {
        lock.lock()
        defer { lock.unlock() }
        guard nextSpec < specs.count, remaining[nextSpec] == 0 else { return nil }
        let s = nextSpec
        nextSpec += 1
        lock.broadcast()
        var out: [(result: Auditor.JobResult, worker: Int)] = []
        for i in jobsOfSpec[s] {
            if let r = results.removeValue(forKey: i) { out.append(r) }
        }
        return (s, out)
    }

    private func finish(_ batch: (spec: Int, results: [(result: Auditor.JobResult, worker: Int)])) {
        var results = batch.results
        // Whatever happens below, each result is freed by the worker that made it.
        defer {
            lock.lock()
            for (r, worker) in results { garbage[worker, default: []].append(r) }
            lock.unlock()
        }
        lock.lock()
        let failed = !failures.isEmpty
        lock.unlock()
        // After a failure the run throws: nothing more is worth finishing.
        guard !failed, storeError == nil else { return }
        var findings = specFindings[batch.spec]
        specFindings[batch.spec] = []
        findings.reserveCapacity(findings.count + results.reduce(0) { $0 + $1.result.findings.count })
        var summaries: [AuditReport.ElementSummary] = []
        for i in results.indices {
            findings += results[i].result.findings
            // The job's own list keeps its findings, so that its worker frees them, unless the
            // baseline marks them: a finding held twice is copied when it is changed.
            if matcher != nil { results[i].result.findings.removeAll(keepingCapacity: true) }
            checks += results[i].result.checks
            if let counted = results[i].result.counted { counts.add(counted) }
            fontFiles.formUnion(results[i].result.fontFiles.values)
            summaries += results[i].result.summaries
        }
        // Baseline: accepted findings stay in the report, marked, and are not counted as failures.
        matcher?.accept(&findings)
        // Counted in any order: the counts are sums.
        for f in findings { counts.add(f) }
        guard keepsFindings else { return }
        Finding.sort(&findings)
        // By ranks (integers), ties in their original order: as the stable sort on the strings would.
        let screenRank = stringRanks(summaries.map(\.screen)), elementRank = stringRanks(summaries.map(\.element))
        let localeRank = stringRanks(summaries.map(\.locale))
        let order = summaries.indices.sorted { a, b in
            (screenRank[a], elementRank[a], localeRank[a], a) < (screenRank[b], elementRank[b], localeRank[b], b)
        }
        summaries = order.map { summaries[$0] }
        if matcher != nil { BaselineMatcher.markAcceptedCells(&summaries, findings: findings) }
        if groupsProblems {
            let base = store.count
            problems += Problem.ungrouped(findings, at: Array(base..<(base + findings.count)), in: store)
        }
        do {
            try store.append(contentsOf: findings)
            try elementStore.append(contentsOf: summaries)
        } catch {
            storeError = error
        }
    }

    /// The results of finished specs that `worker` made, for it to free on its own thread: call it
    /// from the worker, between jobs, and let the result go.
    func takeGarbage(worker: Int) -> [Auditor.JobResult] {
        lock.lock()
        defer { lock.unlock() }
        return garbage.removeValue(forKey: worker) ?? []
    }

    /// After every job: finishes what is left, and throws the first failing job's error (in job
    /// order), else the store's.
    func finishAll() throws {
        finishing.lock()
        while let s = takeReadySpec() { finish(s) }
        finishing.unlock()
        lock.lock()
        let failure = failures.min { $0.key < $1.key }?.value
        garbage = [:]
        lock.unlock()
        if let failure { throw failure }
        if let storeError { throw storeError }
    }

    /// What the baseline did, once every spec is finished.
    func baselineResult(scope: [String: BaselineMatcher.Scope]) -> BaselineResult? {
        matcher?.result(scope: scope)
    }
}
