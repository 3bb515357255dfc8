import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads `measure --jsonl` input one line at a time, from a file, a FIFO or standard input (`-`),
/// holding at most one line (up to `maximumLineLength` bytes) in memory: a 2 GB input streams, and a
/// line that is too long is reported and skipped, not read whole.
final class JSONLReader {
    struct Failure: Error {
        var message: String
    }

    /// One line of the input, numbered from 1.
    struct Line {
        var number: Int
        var content: Content
    }

    enum Content {
        case text(String)
        case tooLong
        case invalidUTF8
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var number = 0
    /// Called before each `read(2)`, which may wait for input: `measure --jsonl` writes out the results
    /// it holds, so that a caller sending one request at a time gets each answer before its next request.
    var beforeRead: (() throws -> Void)?
    /// Given each piece of the input as it is read, in order (the prefetcher's view of the input).
    var afterRead: ((ArraySlice<UInt8>) -> Void)?

    /// Opens `path` (`-`: standard input). Regular files, FIFOs and standard input are read; a folder
    /// or a device (`/dev/zero` never ends) is refused.
    init(path: String, maximumLineLength: Int) throws {
        self.maximumLineLength = maximumLineLength
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
            return
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(message: "cannot read the JSONL file: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        let type = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        guard type == S_IFREG || type == S_IFIFO else {
            close(fd)
            throw Failure(message: type == S_IFDIR ? "is a folder, not a JSONL file" : "is not a regular file or a pipe")
        }
        descriptor = fd
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next line (without its line break), nil at the end of the input.
    func next() throws -> Line? {
        var skipping = false
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let bytes = buffer[start..<newline]
                start = newline + 1
                number += 1
                if skipping { return Line(number: number, content: .tooLong) }
                return Line(number: number, content: Self.content(bytes))
            }
            if buffer.count - start > maximumLineLength {
                // Too long: drop what is held and keep reading up to the line break.
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard start < buffer.count || skipping else { return nil }
                let bytes = buffer[start...]
                start = buffer.count
                number += 1
                return Line(number: number, content: skipping ? .tooLong : Self.content(bytes))
            }
            try fill()
        }
    }

    private func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        try beforeRead?()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read the JSONL file: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<n])
                afterRead?(chunk[..<n])
            }
            return
        }
    }

    private static func content(_ bytes: ArraySlice<UInt8>) -> Content {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
        return .text(text)
    }
}
