import Foundation
import TypefitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error, written with `write(2)` so that every failure is seen.
///
/// `FileHandle.standardOutput.write(_:)` traps on a closed descriptor, a full disk or a closed pipe,
/// and `print` drops the error. Every byte typefit writes to its standard streams goes through here;
/// `Main` ignores SIGPIPE, so a reader that went away is an `EPIPE` error, not a silent death.
enum StandardStream {
    case output
    case error

    var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    var name: String { self == .output ? "standard output" : "standard error" }

    /// Writes all of `text`, retrying after `EINTR` and short writes.
    /// - Throws: `WriteFailure` naming the stream and the system's reason (`No space left on device`, …).
    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Writes all of `bytes` (as `write(_:)` writes a string's UTF-8).
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes all of `buffer` (a piece of a streamed report).
    func write(_ buffer: UnsafeRawBufferPointer) throws {
        if buffer.isEmpty { return }
        let failure: Int32? = {
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                offset += n
            }
            return nil
        }()
        if let failure {
            throw WriteFailure(stream: self, reason: String(cString: strerror(failure)))
        }
    }

    /// A write to standard output or standard error that failed: exit status 2.
    struct WriteFailure: Error, CustomStringConvertible {
        var stream: StandardStream
        var reason: String
        var description: String { "typefit: error: cannot write to \(stream.name): \(reason)" }
    }

    /// Writes `text` and a line break.
    func writeLine(_ text: String) throws {
        try write(text + "\n")
    }

    /// Run first: a standard stream the process was started without (`typefit … >&-`) is opened
    /// read-only on `/dev/null`, so that writing to it fails (EBADF) as it should, and so that no file
    /// typefit opens later (a report, a spec) takes its descriptor and receives its output.
    static func guardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Writes to standard error when it can; a message that cannot be written is dropped (there is
    /// nowhere left to say so), and the exit status still tells.
    static func tryError(_ text: String) {
        try? StandardStream.error.write(text)
    }
}

/// `write(2)`.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
