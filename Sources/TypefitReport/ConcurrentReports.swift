import Foundation
import TypefitAudit

/// Writes the reports of one run at once, one report per thread: each is a pure function of the
/// finished audit (`Reporter`), so they are independent, and each goes to its own destination, so
/// every report's bytes are the same whatever the thread count.
public enum ConcurrentReports {
    /// Runs `write(i)` once for each of `count` reports on up to `threads` threads, the costliest
    /// formats first (`formats[i]`: HTML, then JSON, then the others in the given order), and returns
    /// when all are done. Every report runs even when another fails; the error thrown is that of the
    /// first failing report in the given order, so the outcome does not depend on the thread count.
    public static func run(
        formats: [String], threads: Int, report: AuditReport, _ write: @escaping @Sendable (Int) throws -> Void
    ) throws {
        guard !formats.isEmpty else { return }
        // The problems are computed once, before the reporters share them.
        _ = report.problems
        let order = costOrder(formats)
        let failures = FailureSlots(count: formats.count)
        let workers = min(max(1, threads), formats.count)
        if workers == 1 {
            for i in order { failures.run(i) { try write(i) } }
        } else {
            let next = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let k = next.take()
                    guard k < order.count else { return }
                    failures.run(order[k]) { try write(order[k]) }
                }
            }
        }
        if let error = failures.first { throw error }
    }

    /// Indices of `formats`, costliest first: HTML (it lays the pictured screen states out again),
    /// then JSON (every finding), then the rest in the given order.
    static func costOrder(_ formats: [String]) -> [Int] {
        func weight(_ format: String) -> Int {
            switch format {
            case HTMLReporter.identifier: 0
            case JSONReporter.identifier: 1
            default: 2
            }
        }
        return formats.indices.sorted { (weight(formats[$0]), $0) < (weight(formats[$1]), $1) }
    }
}

/// The error of each report, by index.
private final class FailureSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [(any Error)?]

    init(count: Int) { errors = Array(repeating: nil, count: count) }

    func run(_ i: Int, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            lock.lock()
            errors[i] = error
            lock.unlock()
        }
    }

    /// The first error in index order.
    var first: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return errors.lazy.compactMap { $0 }.first
    }
}
