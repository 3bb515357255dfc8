import Foundation
import TypefitShaping

/// The benchmark's profiler: the engine's observer (`TextEngine.observer`) that adds up the time of
/// each stage over every thread and keeps every run HarfBuzz shaped, for the lower bound. Two clock
/// reads per stage call: a profiled run is slower than a plain one, which is why the benchmark
/// times its other runs without it.
public final class Profiler: EngineObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var nanos: [EngineStage: UInt64] = [:]
    private var requests: [ShapeRequest] = []
    /// Keep the shaped runs (`shapedRuns`); off for a run that only times stages.
    public let recordsRuns: Bool

    public init(recordsRuns: Bool = true) {
        self.recordsRuns = recordsRuns
    }

    public func enter(_ stage: EngineStage) -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    public func leave(_ stage: EngineStage, token: UInt64) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- token
        lock.lock()
        nanos[stage, default: 0] &+= elapsed
        lock.unlock()
    }

    public func shaped(_ request: ShapeRequest) {
        guard recordsRuns else { return }
        lock.lock()
        requests.append(request)
        lock.unlock()
    }

    /// Seconds spent in `stage`, summed over threads.
    public func seconds(_ stage: EngineStage) -> Double {
        lock.lock(); defer { lock.unlock() }
        return Double(nanos[stage] ?? 0) / 1e9
    }

    /// Every run HarfBuzz shaped (each unique run once: the shaper caches the rest), in order.
    public var shapedRuns: [ShapeRequest] {
        lock.lock(); defer { lock.unlock() }
        return requests
    }
}
