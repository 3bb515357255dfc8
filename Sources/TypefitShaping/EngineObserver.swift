import TypefitText

/// A stage of the text engine an observer can time.
public enum EngineStage: Sendable, CaseIterable {
    /// Unicode analysis (ICU: clusters, scripts, bidi, break opportunities).
    case analysis
    /// Building a shaped paragraph: font fallback per cluster, runs, their shaping, cluster advances.
    case paragraph
    /// One HarfBuzz call for a run the cache did not have (inside `paragraph`).
    case shaping
    /// Line breaking and truncation.
    case layout
}

/// Watches the text engine at work: the benchmark's profiler (`TypefitBench.Profiler`). The engine
/// and its shaper hold at most one, injected before use; without one — the default, and always in
/// the command line — a stage costs one nil check and the engine reads no clock.
public protocol EngineObserver: AnyObject, Sendable {
    /// `stage` begins; the token returned is handed back to `leave`. Called from every thread.
    func enter(_ stage: EngineStage) -> UInt64
    /// `stage`, begun with `token`, ends.
    func leave(_ stage: EngineStage, token: UInt64)
    /// HarfBuzz shaped a run the cache did not have (its UTF-16 text and how it was shaped).
    func shaped(_ request: ShapeRequest)
}
