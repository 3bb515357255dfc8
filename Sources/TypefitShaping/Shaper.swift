import CHarfBuzz
import Foundation
import TypefitCore
import TypefitText

/// The glyphs of one shaped run, in font units at the face's units-per-em scale.
public struct ShapedRun: Sendable {
    public var glyphs: [UInt32]
    /// Cluster of each glyph: UTF-16 offset from the start of the run.
    public var clusters: [Int]
    public var xAdvances: [Int32]
    public var xOffsets: [Int32]
    public var yOffsets: [Int32]

    /// Sum of the advances in font units.
    public var advanceSum: Int { xAdvances.reduce(0) { $0 + Int($1) } }
}

/// Shapes runs with HarfBuzz, each unique (text, face, variations, direction, script, language,
/// features) once per process: results are cached in font units and scaled by callers for every size.
public final class Shaper: @unchecked Sendable {
    /// Counters for the JSON `stats` field and the benchmark.
    public struct Stats: Sendable, Equatable {
        public var shapingCalls = 0
        public var cacheHits = 0
    }

    struct Key: Hashable {
        var face: Int
        var rightToLeft: Bool
        var script: UInt32
        var text: [UInt16]
        var language: String
        var features: String

        /// The text's code units hashed as one block of bytes (`ByteHash`), not one by one (equality is the
        /// synthesised one: the same face, direction, script, units, language and features, the
        /// cheap fields compared first).
        func hash(into hasher: inout Hasher) {
            hasher.combine(text.withUnsafeBytes { ByteHash.of($0) })
            hasher.combine(face)
            hasher.combine(rightToLeft)
            hasher.combine(script)
            hasher.combine(language)
            hasher.combine(features)
        }
    }

    private let lock = NSLock()
    /// Keyed by the request hashed once: a run not in the cache was hashed again to be stored, and
    /// every key again each time the table grew (4 million of the benchmark corpus's instructions).
    private var cache: [HashedOnce<Key>: ShapedRun] = [:]
    private var stats = Stats()
    /// `.disabled`: shape every request again (the no-cache oracle, `CachePolicy`).
    public let cachePolicy: CachePolicy
    private var disableCache: Bool { cachePolicy == .disabled }
    /// Told of every HarfBuzz call and how long it took (the benchmark's profiler); set before use.
    public var observer: (any EngineObserver)?

    /// The most runs the cache holds. An app's screens in all its languages have more distinct runs
    /// than a process should keep (a run and its key are several hundred bytes; the benchmark's 50
    /// generated screens in 40 locales shape 13,683, and the count grows with the screens), so when
    /// the cache is full it is emptied and fills again: memory stays bounded whatever the number of
    /// screens. What is shaped never depends on the cache (the no-cache oracle,
    /// `CachePolicy.disabled`, tests it), so no result or report does either; only `statistics`
    /// count the runs shaped again.
    public let maximumCachedRuns: Int

    public init(cachePolicy: CachePolicy = .enabled, maximumCachedRuns: Int = 65_536) {
        self.cachePolicy = cachePolicy
        self.maximumCachedRuns = max(1, maximumCachedRuns)
    }

    /// How many runs the cache holds now.
    var cachedRuns: Int {
        lock.lock(); defer { lock.unlock() }
        return cache.count
    }

    public var statistics: Stats {
        lock.lock(); defer { lock.unlock() }
        return stats
    }

    /// Shapes `units` (one run: one face, one direction, one script) with `features` such as
    /// `["liga=0"]` in HarfBuzz's feature syntax.
    public func shape(
        _ units: ArraySlice<UInt16>, face: FontFace, rightToLeft: Bool, script: ScriptTag,
        language: String, features: [String] = []
    ) -> ShapedRun {
        let key = Key(
            face: face.id, rightToLeft: rightToLeft, script: script.tag, text: Array(units),
            language: language, features: features.isEmpty ? "" : features.joined(separator: ","))
        let hashed = HashedOnce(key)
        // Two tasks asking for the same run at once must not both shape it: the request's stripe
        // stays locked from the lookup until the result is cached (other stripes go on in parallel).
        let stripe = disableCache ? nil : stripes[Self.stripeIndex(key)]
        stripe?.lock()
        defer { stripe?.unlock() }
        if !disableCache {
            lock.lock()
            if let hit = cache[hashed] {
                stats.cacheHits += 1
                lock.unlock()
                return hit
            }
            lock.unlock()
        }
        let token = observer?.enter(.shaping)
        let buffer = buffers.take()
        let run = Self.shape(
            key.text, in: buffer, face: face, rightToLeft: rightToLeft, script: script,
            language: language, features: features)
        buffers.give(buffer)
        if let observer, let token {
            observer.leave(.shaping, token: token)
            observer.shaped(
                ShapeRequest(text: key.text, face: face, rightToLeft: rightToLeft, script: script, language: language, features: features))
        }
        lock.lock()
        stats.shapingCalls += 1
        if !disableCache {
            if cache.count >= maximumCachedRuns { cache.removeAll(keepingCapacity: true) }
            cache[hashed] = run
        }
        lock.unlock()
        return run
    }

    private let stripes: [NSLock] = (0..<64).map { _ in NSLock() }

    /// A cheap, deterministic spread of requests over the stripes.
    private static func stripeIndex(_ key: Key) -> Int {
        var h = UInt64(truncatingIfNeeded: key.face) &* 0x9E3779B97F4A7C15 ^ UInt64(key.text.count)
        for u in key.text.prefix(8) { h = (h ^ UInt64(u)) &* 0x100000001b3 }
        return Int(h >> 58)
    }

    /// HarfBuzz buffers reused across calls: one is taken for each shaping call and given back
    /// (cleared) afterwards, so a run costs no buffer allocation. Buffers are not thread-safe; the
    /// pool hands each to one caller at a time.
    private let buffers = BufferPool()

    final class BufferPool: @unchecked Sendable {
        private let lock = NSLock()
        private var free: [OpaquePointer] = []

        func take() -> OpaquePointer? {
            lock.lock()
            if let b = free.popLast() { lock.unlock(); return b }
            lock.unlock()
            return hb_buffer_create()
        }

        func give(_ buffer: OpaquePointer?) {
            guard let buffer else { return }
            hb_buffer_clear_contents(buffer)
            lock.lock()
            free.append(buffer)
            lock.unlock()
        }

        deinit { for b in free { hb_buffer_destroy(b) } }
    }

    /// Shapes with plain HarfBuzz calls and no cache, in a new buffer.
    public static func shapeUncached(
        _ text: [UInt16], face: FontFace, rightToLeft: Bool, script: ScriptTag,
        language: String, features: [String]
    ) -> ShapedRun {
        guard let buffer = hb_buffer_create() else {
            return ShapedRun(glyphs: [], clusters: [], xAdvances: [], xOffsets: [], yOffsets: [])
        }
        defer { hb_buffer_destroy(buffer) }
        return shape(text, in: buffer, face: face, rightToLeft: rightToLeft, script: script, language: language, features: features)
    }

    /// HarfBuzz's script for a tag: `hb_script_from_string` of its code reads the code's four bytes as
    /// the tag they spell, which a tag of four printable ASCII letters (every one ICU names) already
    /// is; any other tag goes through its code as before.
    static func hbScript(_ script: ScriptTag) -> hb_script_t {
        let tag = script.tag
        let printable = (0..<4).allSatisfy { (0x21...0x7E).contains((tag >> (8 * $0)) & 0xFF) }
        return printable ? hb_script_from_iso15924_tag(tag) : hb_script_from_string(script.code, 4)
    }

    /// Shapes `text` in `buffer` (empty on entry).
    static func shape(
        _ text: [UInt16], in buffer: OpaquePointer?, face: FontFace, rightToLeft: Bool, script: ScriptTag,
        language: String, features: [String]
    ) -> ShapedRun {
        guard let buffer else { return ShapedRun(glyphs: [], clusters: [], xAdvances: [], xOffsets: [], yOffsets: []) }
        text.withUnsafeBufferPointer { p in
            hb_buffer_add_utf16(buffer, p.baseAddress, Int32(p.count), 0, Int32(p.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hbScript(script))
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        var hbFeatures: [hb_feature_t] = features.compactMap { spec in
            var f = hb_feature_t()
            return hb_feature_from_string(spec, -1, &f) != 0 ? f : nil
        }
        hb_shape(face.hbFont, buffer, &hbFeatures, UInt32(hbFeatures.count))
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, nil)
        var run = ShapedRun(glyphs: [], clusters: [], xAdvances: [], xOffsets: [], yOffsets: [])
        guard let infos, let positions else { return run }
        let n = Int(count)
        run.glyphs.reserveCapacity(n)
        run.clusters.reserveCapacity(n)
        run.xAdvances.reserveCapacity(n)
        run.xOffsets.reserveCapacity(n)
        run.yOffsets.reserveCapacity(n)
        for i in 0..<n {
            run.glyphs.append(infos[i].codepoint)
            run.clusters.append(Int(infos[i].cluster))
            run.xAdvances.append(positions[i].x_advance)
            run.xOffsets.append(positions[i].x_offset)
            run.yOffsets.append(positions[i].y_offset)
        }
        return run
    }
}
