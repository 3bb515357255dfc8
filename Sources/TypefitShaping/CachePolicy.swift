/// Whether the text engine and the audit keep what they computed for later requests: shaped runs
/// (`Shaper`), shaped paragraphs (`TextEngine`) and each job's text results (the audit's memo).
///
/// Every command runs with `.enabled`. `.disabled` reshapes and lays out every request again: the
/// oracle the tests compare with to prove that caches never change a result (`CacheEquivalenceTests`,
/// `MeasureBatchTests`), the fuzzers' mode, and the benchmark's naive mode. It is injected once, where
/// the engine is made (`TextEngine(cachePolicy:)`, `AuditOptions.cachePolicy`), and everything that
/// caches follows the engine's.
public enum CachePolicy: Sendable, Equatable {
    case enabled
    case disabled
}
