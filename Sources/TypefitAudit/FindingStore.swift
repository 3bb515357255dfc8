import Foundation
import TypefitCore

/// A run's findings in report order: kept as they are while there are at most `memoryLimit` of
/// them, then written as records (``FindingRecord``) to a temporary file that is deleted as soon as
/// it is made (nothing is left behind, whatever ends the process). A large audit (500 screens: 9.7
/// million findings) then holds none of them in memory; readers decode them again, a few hundred at
/// a time.
///
/// Appended to while the audit runs (from one thread at a time), read once it has finished, from
/// any number of threads.
public final class FindingStore: @unchecked Sendable {
    /// Spill to a file beyond 250,000 findings (about 170 MB of them in memory; the benchmark
    /// corpus has 121,579, the shipped specs 47,644).
    public static let defaultMemoryLimit = 250_000
    /// Records per chunk: the store remembers where every chunk starts, so a finding is found by
    /// reading at most one chunk.
    static let chunkSize = 64

    private let lock = NSLock()
    private let memoryLimit: Int
    private let directory: String
    /// The findings, until they are spilled.
    private var objects: [Finding] = []
    /// Once spilled, the records not yet written to the file.
    private var pending: [UInt8] = []
    private var file: Int32 = -1
    private var fileBytes = 0
    private var totalBytes = 0
    private var chunkStarts: [Int] = []
    private var stored = 0
    private var firstError: Error?

    /// - Parameters:
    ///   - memoryLimit: findings kept in memory before they all go to a file (`Int.max`: never).
    ///   - directory: where the file is made (the system's temporary folder, `TMPDIR`).
    public init(memoryLimit: Int = FindingStore.defaultMemoryLimit, directory: String = NSTemporaryDirectory()) {
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    /// The findings of `findings`, in memory.
    public convenience init(_ findings: [Finding]) {
        self.init(memoryLimit: .max)
        // Cannot fail: nothing is written to a file.
        try? append(contentsOf: findings)
    }

    /// An empty store that spills as this one does.
    public func emptyCopy() -> FindingStore { FindingStore(memoryLimit: memoryLimit, directory: directory) }

    deinit {
        if file >= 0 { close(file) }
    }

    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Whether the findings went to a file.
    public var isSpilled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return file >= 0
    }

    /// The first error reading the file back (an I/O error under the store): readers stop there, and
    /// whoever wrote a report from the findings reports it.
    public var readError: Error? {
        lock.lock()
        defer { lock.unlock() }
        return firstError
    }

    /// Appends findings in report order. Throws when the file cannot be made or written (a full disk).
    public func append(contentsOf findings: [Finding]) throws {
        lock.lock()
        defer { lock.unlock() }
        if file < 0 {
            if objects.count + findings.count <= memoryLimit {
                objects += findings
                stored += findings.count
                return
            }
            // Over the limit: every finding so far goes to the file first.
            let kept = objects
            objects = []
            stored = 0
            try encodeLocked(kept)
        }
        try encodeLocked(findings)
    }

    /// Appends records of `findings`, written to the file a megabyte at a time.
    private func encodeLocked(_ findings: [Finding]) throws {
        for f in findings {
            if stored % Self.chunkSize == 0 { chunkStarts.append(totalBytes) }
            let before = pending.count
            FindingRecord.append(f, to: &pending)
            totalBytes += pending.count - before
            stored += 1
            if pending.count >= 1 << 20 { try spillLocked() }
        }
        try spillLocked()
    }

    /// Writes the pending records to the file (made on first use).
    private func spillLocked() throws {
        if file < 0 {
            var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            template += Array("typefit-findings-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw storeError("cannot make a temporary file for the findings", errno) }
            unlink(template)
            file = fd
        }
        var written = 0
        while written < pending.count {
            let n = pending.withUnsafeBytes { write(file, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw storeError("cannot write the findings to a temporary file", errno) }
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

    /// The bytes of the records of chunks `chunks` (under the lock); nil on a read error.
    private func bytesLocked(chunks: Range<Int>) -> [UInt8]? {
        let start = chunkStarts[chunks.lowerBound]
        let end = chunks.upperBound < chunkStarts.count ? chunkStarts[chunks.upperBound] : totalBytes
        var out = [UInt8](repeating: 0, count: end - start)
        let fromFile = max(0, min(end, fileBytes) - start)
        var done = 0
        while done < fromFile {
            let n = out.withUnsafeMutableBytes { pread(file, $0.baseAddress! + done, fromFile - done, off_t(start + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if firstError == nil {
                    firstError = storeError("cannot read the findings back from their temporary file", n < 0 ? errno : EIO)
                }
                return nil
            }
            done += n
        }
        if end > fileBytes {
            let from = max(start, fileBytes)
            out.replaceSubrange((from - start)..<(end - start), with: pending[(from - fileBytes)..<(end - fileBytes)])
        }
        return out
    }

    /// The findings at `range` (in order), decoded from the file when spilled; fewer when the file
    /// cannot be read (`readError`).
    public func findings(in range: Range<Int>) -> [Finding] {
        lock.lock()
        if file < 0 {
            defer { lock.unlock() }
            return Array(objects[range])
        }
        lock.unlock()
        var out: [Finding] = []
        out.reserveCapacity(range.count)
        read(range) { r in
            guard let f = r.finding() else { return false }
            out.append(f)
            return true
        }
        return out
    }

    /// The fingerprints of the findings at `range`, in order (from the file, the rest of each record
    /// unread).
    func fingerprints(in range: Range<Int>) -> [FingerprintValue] {
        lock.lock()
        if file < 0 {
            defer { lock.unlock() }
            return objects[range].map(\.fingerprintValue)
        }
        lock.unlock()
        var out: [FingerprintValue] = []
        out.reserveCapacity(range.count)
        read(range) { r in
            guard let f = r.recordFingerprint() else { return false }
            out.append(f)
            return true
        }
        return out
    }

    /// Reads the records at `range` with `next`, which reads one record and says whether it could.
    private func read(_ range: Range<Int>, _ next: (inout FindingRecord.Reader) -> Bool) {
        guard !range.isEmpty else { return }
        let chunks = (range.lowerBound / Self.chunkSize)..<((range.upperBound - 1) / Self.chunkSize + 1)
        lock.lock()
        let bytes = bytesLocked(chunks: chunks)
        lock.unlock()
        guard let bytes else { return }
        bytes.withUnsafeBytes { raw in
            var r = FindingRecord.Reader(raw)
            var i = chunks.lowerBound * Self.chunkSize
            while i < range.lowerBound {
                guard r.skip() else { return }
                i += 1
            }
            while i < range.upperBound, next(&r) { i += 1 }
        }
    }

    /// The finding at `i`.
    public subscript(i: Int) -> Finding {
        let one = findings(in: i..<(i + 1))
        // Only an I/O error under the store leaves it empty (`readError` says which).
        return one.first ?? Finding.unreadable
    }

    /// Every finding, in order.
    public var all: FindingList { FindingList(store: self, ranges: [0..<count]) }
}

extension Finding {
    /// Stands for a finding the store could not read back (`FindingStore.readError` is set).
    static let unreadable = Finding(
        rule: .doesNotFit, severity: .error, spec: "", title: "", element: "", line: 0, column: 0, scope: .spec,
        message: "the finding could not be read back from its temporary file", fix: nil, numbers: .init())
}

/// Some of a store's findings, in order (a problem's, a report's): a random-access collection that
/// decodes them from the store as it is read, a few hundred at a time.
public struct FindingList: RandomAccessCollection, Sendable {
    let store: FindingStore
    /// The store's indices, as ascending runs.
    let ranges: [Range<Int>]
    /// Where each run starts in the list.
    private let starts: [Int]
    public let count: Int

    init(store: FindingStore, ranges: [Range<Int>]) {
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

    /// The findings of an array, in a store of their own (in memory).
    public init(_ findings: [Finding]) {
        self.init(store: FindingStore(findings), ranges: [0..<findings.count])
    }

    /// Ascending store indices as runs.
    static func runs(_ indices: [Int]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for i in indices {
            if let last = out.last, last.upperBound == i { out[out.count - 1] = last.lowerBound..<(i + 1) } else { out.append(i..<(i + 1)) }
        }
        return out
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(i: Int) -> Finding {
        precondition(i >= 0 && i < count, "index out of range")
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        return store[ranges[lo].lowerBound + (i - starts[lo])]
    }

    public struct Iterator: IteratorProtocol {
        let list: FindingList
        var run = 0
        var resume = 0
        var buffer: [Finding] = []
        var position = 0

        public mutating func next() -> Finding? {
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
                buffer = list.store.findings(in: start..<end)
                resume = end
                position = 0
                // A read error ends the list (`FindingStore.readError`).
                guard !buffer.isEmpty else { run = list.ranges.count; return nil }
                position = 1
                return buffer[0]
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(list: self) }

    /// Each finding's fingerprint, in order, without decoding the findings (the JSON report lists
    /// every problem's findings by fingerprint).
    public func forEachFingerprint(_ body: (FingerprintValue) -> Void) {
        for r in ranges {
            var start = r.lowerBound
            while start < r.upperBound {
                let end = Swift.min(r.upperBound, start + 4096)
                let batch = store.fingerprints(in: start..<end)
                batch.forEach(body)
                // A read error ends the list (`FindingStore.readError`).
                guard batch.count == end - start else { return }
                start = end
            }
        }
    }
}
