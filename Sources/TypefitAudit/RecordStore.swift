import Foundation
import TypefitCore

/// How a store writes its values as records (``RecordBytes``) and reads them back.
struct RecordCodec<Record: Sendable>: Sendable {
    /// What the values are, for error messages ("findings").
    let name: String
    /// Appends a record of the value to the bytes, its strings shared through the store's table.
    let encode: @Sendable (Record, inout [UInt8], RecordStrings) -> Void
    /// A reader of consecutive records (it may keep what they share, from one to the next).
    let makeDecoder: @Sendable () -> (inout RecordBytes.Reader) -> Record?
    /// Stands for a value the store could not read back (its `readError` says why).
    let unreadable: Record
}

/// A run's values in report order (findings, element summaries): kept as they are while there are
/// at most `memoryLimit` of them, then written as records to a temporary file that is deleted as
/// soon as it is made (nothing is left behind, whatever ends the process). A large audit (500
/// screens: 9.7 million findings) then holds none of them in memory; readers decode them again, a
/// few hundred at a time.
///
/// Appended to while the audit runs (from one thread at a time), read once it has finished, from
/// any number of threads.
public final class RecordStore<Record: Sendable>: @unchecked Sendable {
    /// Records per chunk: the store remembers where every chunk starts, so a value is found by
    /// reading at most one chunk.
    static var chunkSize: Int { 64 }

    private let lock = NSLock()
    let codec: RecordCodec<Record>
    let memoryLimit: Int
    let directory: String
    /// The values, until they are spilled: each appended list kept as it came, and the index of its
    /// first value (appending every spec's values to one list for the run copied each one: a retain
    /// of each finding, and of each summary's strings and lists, then a release of each when the
    /// spec's list was freed; 14 million instructions on the benchmark corpus).
    private var objects: [[Record]] = []
    private var objectStarts: [Int] = []
    /// Once spilled, the records not yet written to the file (written at the end of every append).
    private var pending: [UInt8] = []
    private var file: Int32 = -1
    private var fileBytes = 0
    /// Where every `chunkSize`-th record starts in the file.
    private var chunkStarts: [Int] = []
    private var stored = 0
    private var firstError: Error?
    /// The strings the records share (written and read under the lock).
    private let strings: RecordStrings

    /// - Parameters:
    ///   - memoryLimit: values kept in memory before they all go to a file (`Int.max`: never).
    ///   - directory: where the file is made (the system's temporary folder, `TMPDIR`).
    ///   - sharedStringBytes: the most text the records share (`RecordStrings`); more is written in place.
    init(
        codec: RecordCodec<Record>, memoryLimit: Int, directory: String = NSTemporaryDirectory(),
        sharedStringBytes: Int = RecordStrings.defaultMaximumBytes
    ) {
        self.codec = codec
        self.memoryLimit = memoryLimit
        self.directory = directory
        strings = RecordStrings(maximumBytes: sharedStringBytes)
    }

    /// An empty store that spills as this one does.
    public func emptyCopy() -> RecordStore {
        RecordStore(codec: codec, memoryLimit: memoryLimit, directory: directory, sharedStringBytes: strings.maximumBytes)
    }

    deinit {
        if file >= 0 { close(file) }
    }

    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Whether the values went to a file.
    public var isSpilled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return file >= 0
    }

    /// The first error reading the file back (an I/O error under the store): what could not be read
    /// is a stand-in (`RecordCodec.unreadable`), and whoever writes a report from the values checks
    /// this (`AuditReport.checkStoresRead`).
    public var readError: Error? {
        lock.lock()
        defer { lock.unlock() }
        return firstError
    }

    /// Appends values in report order. Throws when the file cannot be made or written (a full disk).
    public func append(contentsOf values: [Record]) throws {
        lock.lock()
        defer { lock.unlock() }
        if file < 0 {
            if stored + values.count <= memoryLimit {
                if !values.isEmpty {
                    objectStarts.append(stored)
                    objects.append(values)
                }
                stored += values.count
                return
            }
            // Over the limit: every value so far goes to the file first.
            try spillObjectsLocked()
        }
        try encodeLocked(values)
    }

    /// Writes the values kept in memory to the file and lets them go, with the pages they held.
    private func spillObjectsLocked() throws {
        do {
            let kept = objects
            objects = []
            objectStarts = []
            stored = 0
            for values in kept { try encodeLocked(values) }
        }
        SystemMemory.giveBackFreedPages()
    }

    /// Appends records of `values`, written to the file a megabyte at a time.
    private func encodeLocked(_ values: [Record]) throws {
        for v in values {
            if stored % Self.chunkSize == 0 { chunkStarts.append(fileBytes + pending.count) }
            codec.encode(v, &pending, strings)
            stored += 1
            if pending.count >= 1 << 20 { try spillLocked() }
        }
        try spillLocked()
    }

    /// Writes the pending records to the file (made on first use).
    private func spillLocked() throws {
        if file < 0 {
            var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            template += Array("typefit-\(codec.name.replacingOccurrences(of: " ", with: "-"))-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw storeError("cannot make a temporary file for the \(codec.name)", errno) }
            unlink(template)
            file = fd
        }
        var written = 0
        while written < pending.count {
            let n = pending.withUnsafeBytes { write(file, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw storeError("cannot write the \(codec.name) to a temporary file", errno) }
            written += n
        }
        fileBytes += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    private func storeError(_ what: String, _ code: Int32) -> InputError {
        InputError(
            file: directory, message: "\(what) in this folder: \(String(cString: strerror(code)))", hint: "set TMPDIR to a folder with room"
        )
    }

    /// The bytes of the records of chunks `chunks`, read from the file (under the lock); nil on a
    /// read error.
    private func bytesLocked(chunks: Range<Int>) -> [UInt8]? {
        let start = chunkStarts[chunks.lowerBound]
        let end = chunks.upperBound < chunkStarts.count ? chunkStarts[chunks.upperBound] : fileBytes
        var out = [UInt8](repeating: 0, count: end - start)
        var done = 0
        while done < out.count {
            let n = out.withUnsafeMutableBytes { pread(file, $0.baseAddress! + done, $0.count - done, off_t(start + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if firstError == nil {
                    firstError = storeError("cannot read the \(codec.name) back from their temporary file", n < 0 ? errno : EIO)
                }
                return nil
            }
            done += n
        }
        return out
    }

    /// The values at `range` (in order), decoded from the file when spilled; fewer when the file
    /// cannot be read (`readError`; lists fill in stand-ins).
    public func values(in range: Range<Int>) -> [Record] {
        if let kept = inMemory(range) { return kept }
        var out: [Record] = []
        out.reserveCapacity(range.count)
        let decode = codec.makeDecoder()
        read(range) { r in
            guard let v = decode(&r) else { return false }
            out.append(v)
            return true
        }
        return out
    }

    /// The values at `range` while they are in memory, else nil.
    func inMemory(_ range: Range<Int>) -> [Record]? {
        lock.lock()
        defer { lock.unlock() }
        guard file < 0 else { return nil }
        guard !range.isEmpty else { return [] }
        // The last list starting at or before the range (binary search), then the lists it spans.
        var lo = 0, hi = objectStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if objectStarts[mid] <= range.lowerBound { lo = mid } else { hi = mid - 1 }
        }
        let first = objectStarts[lo]
        if range.upperBound <= first + objects[lo].count {
            return Array(objects[lo][(range.lowerBound - first)..<(range.upperBound - first)])
        }
        var out: [Record] = []
        out.reserveCapacity(range.count)
        var list = lo
        while list < objects.count, objectStarts[list] < range.upperBound {
            let start = objectStarts[list]
            out += objects[list][(max(range.lowerBound, start) - start)..<(min(range.upperBound, start + objects[list].count) - start)]
            list += 1
        }
        return out
    }

    /// Reads the records at `range` with `next`, which reads one record and says whether it could.
    func read(_ range: Range<Int>, _ next: (inout RecordBytes.Reader) -> Bool) {
        guard !range.isEmpty else { return }
        let chunks = (range.lowerBound / Self.chunkSize)..<((range.upperBound - 1) / Self.chunkSize + 1)
        lock.lock()
        let bytes = bytesLocked(chunks: chunks)
        let shared = strings.texts
        lock.unlock()
        guard let bytes else { return }
        bytes.withUnsafeBytes { raw in
            var r = RecordBytes.Reader(raw, strings: shared)
            var i = chunks.lowerBound * Self.chunkSize
            while i < range.lowerBound {
                guard r.skip() else { return }
                i += 1
            }
            while i < range.upperBound, next(&r) { i += 1 }
        }
    }

    /// The value at `i`.
    public subscript(i: Int) -> Record {
        // Only an I/O error under the store leaves it empty (`readError` says which).
        values(in: i..<(i + 1)).first ?? codec.unreadable
    }

    /// Every value, in order.
    public var all: RecordList<Record> { RecordList(store: self, ranges: [0..<count]) }
}

/// Some of a store's values, in order (a problem's findings, a report's): a random-access
/// collection that decodes them from the store as it is read, a few hundred at a time.
public struct RecordList<Record: Sendable>: RandomAccessCollection, Sendable {
    let store: RecordStore<Record>
    /// The store's indices, as ascending runs.
    let ranges: [Range<Int>]
    /// Where each run starts in the list.
    private let starts: [Int]
    public let count: Int

    init(store: RecordStore<Record>, ranges: [Range<Int>]) {
        self.store = store
        self.ranges = ranges.filter { !$0.isEmpty }
        var starts: [Int] = []
        var n = 0
        for r in self.ranges {
            starts.append(n)
            n += r.count
        }
        self.starts = starts
        count = n
    }

    /// Ascending store indices as runs.
    static func runs(_ indices: [Int]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for i in indices { extend(&out, with: i) }
        return out
    }

    /// Adds index `i` (above every index in `runs`) to the runs: to the last one when it follows it.
    static func extend(_ runs: inout [Range<Int>], with i: Int) {
        if let last = runs.last, last.upperBound == i { runs[runs.count - 1] = last.lowerBound..<(i + 1) } else { runs.append(i..<(i + 1)) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Record {
        precondition(i >= 0 && i < count, "index out of range")
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        return store[ranges[lo].lowerBound + (i - starts[lo])]
    }

    public struct Iterator: IteratorProtocol {
        let list: RecordList
        var run = 0
        var resume = 0
        var buffer: [Record] = []
        var position = 0

        /// Stand-ins for the values a read error left unread, up to `count`. Out of line: the generic
        /// `next()` fetched the metadata of `repeatElement`'s type on every call that read a chunk.
        @inline(never)
        private mutating func fillUnread(to count: Int) {
            buffer += repeatElement(list.store.codec.unreadable, count: count - buffer.count)
        }

        public mutating func next() -> Record? {
            if position < buffer.count {
                defer { position += 1 }
                return buffer[position]
            }
            while run < list.ranges.count {
                let r = list.ranges[run]
                let start = Swift.max(resume, r.lowerBound)
                if start >= r.upperBound {
                    run += 1
                    continue
                }
                let end = Swift.min(r.upperBound, start + 512)
                buffer = list.store.values(in: start..<end)
                // Values a read error left unread are stand-ins (`RecordStore.readError` says why):
                // the list keeps its count, and a report written from it is refused.
                if buffer.count < end - start { fillUnread(to: end - start) }
                resume = end
                position = 1
                return buffer[0]
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(list: self) }

    /// The values grouped by `key`, in order of each key's first value, each group a list into the
    /// same store (read in one pass; only the keys and the groups' runs are kept).
    public func grouped(by key: (Record) -> String) -> [(key: String, values: RecordList)] {
        var number: [String: Int] = [:]
        var keys: [String] = []
        var runs: [[Range<Int>]] = []
        var storeIndices = ranges.lazy.flatMap { $0 }.makeIterator()
        for v in self {
            guard let i = storeIndices.next() else { break }
            let k = key(v)
            let n = number[k] ?? keys.count
            if n == keys.count {
                number[k] = n
                keys.append(k)
                runs.append([])
            }
            Self.extend(&runs[n], with: i)
        }
        return zip(keys, runs).map { ($0, RecordList(store: store, ranges: $1)) }
    }
}
