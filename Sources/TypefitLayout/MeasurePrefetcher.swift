import Foundation
import TypefitCore
import TypefitShaping
import TypefitText

/// Opens, on another thread, what `measure --jsonl` will need for the requests read but not measured
/// yet: the fonts a text falls back to (found, read with FreeType, given to HarfBuzz), HarfBuzz's
/// shape plans for its runs, and ICU's break iterators for its locale. A batch in many languages
/// spends most of its first requests of each language on these; with this, one core opens them while
/// the other measures.
///
/// It changes no result: it warms only caches whose contents do not depend on when they are filled
/// (the font library, the engine's cascades, HarfBuzz's per-face plan cache, the break iterator
/// pool). It shapes with its own uncached `Shaper`, so the engine's shape cache and the `stats` of
/// every result are those of measuring without it; it skips requests that name fonts (their
/// variations may be clamped, which the engine records as warnings for the line that asked). A line
/// it cannot parse or resolve is skipped: the measuring thread reports it.
///
/// What costs is the first text of each language and script (a Tamil text needs the Tamil face read
/// and its plans made; the next Tamil text finds them), so it warms one text per locale, weight and
/// set of scripts, not every text: it runs ahead of the measuring thread instead of beside it, which
/// would only make the two wait for the same font. Lines are fed as the reader reads its input, in
/// order (`feed(_:)`), and the measuring thread says which line it has reached (`reached(_:)`);
/// lines already measured are skipped. At most `backlog` chunks wait; if more come, warming stops
/// (the rest is measured as without it).
public final class MeasurePrefetcher: @unchecked Sendable {
    private let engine: TextEngine
    private let paragraphShaper = ParagraphShaper(shaper: Shaper(cachePolicy: .disabled))
    private let queue = DispatchQueue(label: "typefit.measure.prefetch", qos: .userInitiated)
    private let backlog: Int
    /// The longest line warmed (the reader's limit); a longer one is left to the measuring thread.
    private let maximumLineLength: Int
    private let lock = NSLock()
    private var waiting = 0
    private var stopped = false
    private var measuredLine = 0
    /// Queue-confined: bytes of a line not complete yet, the lines seen, and what was warmed.
    private var partial: [UInt8] = []
    private var lineNumber = 0
    private var resyncing = false
    private var warmed: Set<Key> = []

    /// The most keys remembered as warmed (then forgotten all at once).
    static let capacity = 4096

    private struct Key: Hashable {
        var locale: String
        var weight: FontWeight
        var scripts: [ScriptTag]
    }

    /// - Parameter maximumLineLength: the longest line the reader accepts, in bytes.
    public init(engine: TextEngine, maximumLineLength: Int, backlog: Int = 4) {
        self.engine = engine
        self.maximumLineLength = maximumLineLength
        self.backlog = max(1, backlog)
    }

    /// Bytes just read from the input, continuing the ones fed before.
    public func feed(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        // A chunk not warmed leaves the queue not knowing its line numbers, so warming stops.
        if waiting >= backlog { stopped = true }
        let accepted = !stopped
        if accepted { waiting += 1 }
        lock.unlock()
        guard accepted else { return }
        let chunk = Array(bytes)
        queue.async { [self] in
            process(chunk)
            lock.lock()
            waiting -= 1
            lock.unlock()
        }
    }

    /// The measuring thread has reached line `number` (numbered from 1, as `feed` counts them).
    public func reached(_ number: Int) {
        lock.lock()
        measuredLine = number
        lock.unlock()
    }

    /// Waits until everything fed so far is warmed.
    public func drain() {
        queue.sync {}
    }

    /// Stops warming and waits for the request being warmed, if any (the process may then exit
    /// without another thread inside HarfBuzz, FreeType or ICU).
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        queue.sync {}
    }

    private var shouldStop: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func isMeasured(_ line: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return line <= measuredLine
    }

    private func process(_ chunk: [UInt8]) {
        var start = 0
        while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if shouldStop { return }
            lineNumber += 1
            if resyncing {
                resyncing = false
            } else if partial.isEmpty {
                warm(line: chunk[start..<newline], number: lineNumber)
            } else {
                partial.append(contentsOf: chunk[start..<newline])
                warm(line: partial[...], number: lineNumber)
            }
            partial.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        guard !resyncing else { return }
        partial.append(contentsOf: chunk[start...])
        if partial.count > maximumLineLength {
            partial = []
            resyncing = true
        }
    }

    private func warm(line: ArraySlice<UInt8>, number: Int) {
        guard !isMeasured(number), let text = String(validating: line, as: UTF8.self),
            let request = MeasureRequestParser.parse(text), let resolved = try? request.resolve(), resolved.fonts == .system
        else { return }
        var scripts = Set<ScriptTag>()
        for scalar in resolved.text.unicodeScalars where scalar.value >= 0x80 {
            let script = ScriptTag(of: scalar)
            if !script.isNeutral { scripts.insert(script) }
        }
        let key = Key(locale: resolved.locale, weight: resolved.weight, scripts: scripts.sorted())
        guard !warmed.contains(key) else { return }
        if warmed.count >= Self.capacity { warmed.removeAll() }
        warmed.insert(key)
        guard let faces = try? engine.primaryFaces(.system, weight: resolved.weight, size: resolved.size),
            let analysis = try? TextAnalysis(text: resolved.text, locale: resolved.locale)
        else { return }
        _ = paragraphShaper.shape(analysis, cascade: engine.cascade(faces, weight: resolved.weight, locale: resolved.locale))
        if let display = try? engine.systemDisplayFace(for: .system, weight: resolved.weight) {
            _ = paragraphShaper.shape(analysis, cascade: engine.cascade([display], weight: resolved.weight, locale: resolved.locale))
        }
    }
}
