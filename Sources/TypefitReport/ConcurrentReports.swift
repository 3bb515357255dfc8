import Foundation
import TypefitAudit

/// Writes the reports of one run at once, one report per thread: each is a pure function of the
/// finished audit (`Reporter`), so they are independent, and each goes to its own destination, so
/// every report's bytes are the same whatever the thread count.
public enum ConcurrentReports {
    /// Runs `write(i)` once for each report, `kinds[i]` its reporter, on up to `threads` threads, the
    /// costliest first (HTML, then JSON, then the others in the given order), and returns when all
    /// are done. Every report runs even when another fails; the error thrown is that of the first
    /// failing report in the given order, so the outcome does not depend on the thread count. (The
    /// report's problems are computed once, by whichever reporter asks first: `AuditReport.problems`.)
    public static func run(_ kinds: [any Reporter.Type], threads: Int, _ write: @escaping @Sendable (Int) throws -> Void) throws {
        guard !kinds.isEmpty else { return }
        let order = costOrder(kinds)
        let failures = Slots<(any Error)?>(count: kinds.count, initial: nil)
        /// Runs report `i`, keeping its error.
        @Sendable func attempt(_ i: Int) {
            do { try write(i) } catch { failures.set(i, error) }
        }
        let workers = min(max(1, threads), kinds.count)
        if workers == 1 {
            for i in order { attempt(i) }
        } else {
            let next = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let k = next.take()
                    guard k < order.count else { return }
                    attempt(order[k])
                }
            }
        }
        if let error = failures.values.lazy.compactMap({ $0 }).first { throw error }
    }

    /// Indices of `kinds`, costliest first: HTML (it lays the pictured screen states out again),
    /// then JSON (every finding), then the rest in the given order.
    static func costOrder(_ kinds: [any Reporter.Type]) -> [Int] {
        let weights = kinds.map { kind in
            kind == HTMLReporter.self ? 0 : kind == JSONReporter.self ? 1 : 2
        }
        return kinds.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }
    }
}
