import TypefitCore
import TypefitSpec

/// Which share of which run a report covers (`summary.shard` of the JSON report, only with
/// `--shard`): what `typefit merge` checks before it puts shards' reports together, so a missing or
/// repeated shard, or shards of different runs, fail instead of merging into a report that checked
/// less than it says.
public struct ShardSummary: Codable, Sendable, Equatable {
    /// The shard's index, 0 ..< `count`.
    public var index: Int
    /// How many shards the run was split into.
    public var count: Int
    /// The spec files of the whole run, before it was split: a shard's own are `summary.specs`.
    public var specFiles: Int
    /// 32 hex digits over what the run selected and how it judges (paths, locales, categories,
    /// devices, pseudolocales, severities, strictness, baseline, and the waivers of `.typefit.yml` in
    /// force): equal for every shard of one run.
    public var run: String
    /// The run fails on warnings too (`--strict`): the merged run's reports say so as one run's would.
    public var strict: Bool

    init(index: Int, count: Int, specFiles: Int, run: String, strict: Bool) {
        self.index = index
        self.count = count
        self.specFiles = specFiles
        self.run = run
        self.strict = strict
    }

    /// `run` with the waivers that were in force mixed in: shards run with other waivers (another
    /// `.typefit.yml`, or on a day a waiver expired) are not shards of one run.
    mutating func include(waivers active: [Waiver]) {
        guard !active.isEmpty else { return }
        var h = StableHasher()
        h.feed(run, separator: false)
        for w in active {
            h.feed("waiver")
            h.feed(w.rule.rawValue)
            h.feed(w.element)
            h.feed(w.spec ?? "*")
            h.feed(w.screen ?? "*")
            h.feed(w.locale ?? "*")
            h.feed(w.categories.map { "\($0.lowerBound.name)-\($0.upperBound.name)" } ?? "*")
            h.feed(w.reason)
            h.feed(w.expires ?? "-")
        }
        run = h.hex
    }
}

extension AuditOptions {
    /// The `run` of `ShardSummary`: every option that selects what is audited or how findings are
    /// judged, except the shard itself (threads, caches and reports change neither).
    public var runFingerprint: String {
        var h = StableHasher()
        h.feed("paths", separator: false)
        for p in paths { h.feed(p) }
        h.feed("locales")
        for l in locales ?? ["*"] { h.feed(l) }
        h.feed("categories")
        for c in categories?.map(\.name) ?? ["*"] { h.feed(c) }
        h.feed("devices")
        for d in devices ?? ["*"] { h.feed(d) }
        h.feed("pseudolocales")
        for p in pseudolocales { h.feed(p.rawValue) }
        h.feed("severity")
        for (rule, level) in severity.sorted(by: { $0.key < $1.key }) {
            h.feed(rule)
            h.feed(level.rawValue)
        }
        h.feed(strict ? "strict" : "lenient")
        h.feed("baseline")
        if let b = baseline {
            h.feed(b.file ?? b.directory)
            h.feed(String(b.entries.count))
        }
        return h.hex
    }
}
