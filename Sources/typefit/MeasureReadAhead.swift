import Foundation
import TypefitCore
import TypefitLayout
import TypefitText

/// Reads and parses `measure --jsonl` requests on a thread of its own, ahead of the thread that
/// measures them, and analyses each text the first time it comes (grapheme clusters, line breaks and
/// bidi runs with ICU: a pure function of the text and locale). The measuring thread takes the lines
/// in input order and does the rest — shaping, layout, writing — alone, so the results, their
/// `stats` counters included, are those one thread gives.
///
/// Lines go over in blocks of at most `window` lines and about 4 MB, and at most three blocks are
/// held (the one being read, the one handed over, the one being measured): an endless input still
/// streams. A block goes over before every read that may wait for input, and when no line is ready
/// the measuring thread is told before it waits (`measure --jsonl` then writes out the results it
/// holds, so a caller sending one request at a time gets each answer before its next).
final class MeasureReadAhead: @unchecked Sendable {
    enum Item: Sendable {
        /// Line `number`: its request (nil for a blank line) or why it is none, and the analysis of its
        /// text when this is the first line with that text and locale.
        case line(number: Int, request: Result<MeasureRequest?, any Error>, analysis: TextAnalysis?)
        /// The input cannot be read further.
        case failure(JSONLReader.Failure)
    }

    static let window = 256
    static let windowBytes = 4 << 20
    /// Texts remembered as analysed (the set is cleared when full; a text seen again after that is
    /// analysed again, by whichever thread needs it).
    static let rememberedTexts = 4096

    private let condition = NSCondition()
    /// Lines read and not taken yet, guarded by `condition`, with their size in bytes.
    private var shared: [Item] = []
    private var sharedBytes = 0
    private var finished = false
    private var cancelled = false
    private var consumerWaits = false
    private var producerWaits = false
    /// The measuring thread's lines, taken from `shared` all at once (one lock per block of lines,
    /// not per line).
    private var taken: [Item] = []
    private var taking = 0

    /// Starts reading `lines` on a thread of its own.
    init(lines: JSONLReader, maximumLineLength: Int) {
        // The reader is handed over: only the new thread uses it from here on.
        nonisolated(unsafe) let lines = lines
        let thread = Thread { [self] in read(lines, maximumLineLength: maximumLineLength) }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next line in input order, nil at the end of the input; `beforeWaiting` runs each time none
    /// is ready yet. Called by one thread.
    func next(beforeWaiting: () throws -> Void) throws -> Item? {
        if taking < taken.count {
            taking += 1
            return taken[taking - 1]
        }
        taken.removeAll(keepingCapacity: true)
        taking = 0
        condition.lock()
        while shared.isEmpty && !finished {
            condition.unlock()
            try beforeWaiting()
            condition.lock()
            if shared.isEmpty && !finished {
                consumerWaits = true
                condition.wait()
                consumerWaits = false
            }
        }
        swap(&taken, &shared)
        sharedBytes = 0
        if producerWaits { condition.signal() }
        condition.unlock()
        guard !taken.isEmpty else { return nil }
        taking = 1
        return taken[0]
    }

    /// Stops reading (the thread ends at its next line; one waiting for input ends with the process).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    private func read(_ lines: JSONLReader, maximumLineLength: Int) {
        let decoder = JSONDecoder()
        var analysed = Set<AnalysisKey>()
        var pending: [Item] = []
        var pendingBytes = 0
        var open = true
        while open {
            do {
                guard let line = try lines.next() else { break }
                var analysis: TextAnalysis?
                let request = Result { try Self.request(line.content, maximumLineLength: maximumLineLength, decoder: decoder) }
                if case .success(let parsed?) = request, let resolved = try? parsed.resolve() {
                    if analysed.count >= Self.rememberedTexts { analysed.removeAll() }
                    if analysed.insert(AnalysisKey(text: ExactText(resolved.text), locale: resolved.locale)).inserted {
                        analysis = try? TextAnalysis(text: resolved.text, locale: resolved.locale)
                    }
                }
                if case .text(let text) = line.content { pendingBytes += text.utf8.count }
                pending.append(.line(number: line.number, request: request, analysis: analysis))
            } catch {
                let message = (error as? JSONLReader.Failure)?.message ?? "\(error)"
                pending.append(.failure(JSONLReader.Failure(message: message)))
                open = false
            }
            // Lines go to the measuring thread in blocks, and always before a read that may wait.
            if !open || !lines.hasLineReady || pending.count >= Self.window || pendingBytes >= Self.windowBytes {
                guard publish(&pending, bytes: pendingBytes) else { return }
                pendingBytes = 0
            }
        }
        guard publish(&pending, bytes: pendingBytes) else { return }
        condition.lock()
        finished = true
        if consumerWaits { condition.signal() }
        condition.unlock()
    }

    /// Hands `pending` over once the lines not taken yet leave room for it; false when reading was
    /// cancelled.
    private func publish(_ pending: inout [Item], bytes: Int) -> Bool {
        if pending.isEmpty { return true }
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && !shared.isEmpty
            && (shared.count + pending.count > Self.window || sharedBytes + bytes > Self.windowBytes)
        {
            producerWaits = true
            condition.wait()
            producerWaits = false
        }
        if cancelled { return false }
        shared += pending
        sharedBytes += bytes
        pending.removeAll(keepingCapacity: true)
        if consumerWaits { condition.signal() }
        return true
    }

    /// The request on a line: nil for a blank line. A well-formed request is read without Foundation;
    /// anything else goes through `JSONDecoder`, whose error is reported.
    static func request(_ content: JSONLReader.Content, maximumLineLength: Int, decoder: JSONDecoder) throws -> MeasureRequest? {
        switch content {
        case .tooLong:
            throw MeasureRequestError("the line is longer than \(maximumLineLength >> 20) MB")
        case .text(let text):
            if let parsed = MeasureRequestParser.parse(text) { return parsed }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { return nil }
            do {
                return try decoder.decode(MeasureRequest.self, from: Data(trimmed.utf8))
            } catch let e as MeasureRequestError {
                throw e
            } catch {
                throw MeasureRequestError("invalid JSON request: \(Typefit.Measure.decodingMessage(error))")
            }
        case .invalidUTF8:
            throw MeasureRequestError("the line is not valid UTF-8")
        }
    }

    private struct AnalysisKey: Hashable {
        var text: ExactText
        var locale: String
    }
}
