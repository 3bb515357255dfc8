import Foundation
import TypefitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes reports without clobbering files typefit did not write.
enum OutputFile {
    /// Refuses to overwrite an existing file that does not look like a typefit report or baseline.
    static func checkWritable(_ path: String, force: Bool) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty && !fm.fileExists(atPath: folder) {
                throw InputError(file: path, message: "the folder \(folder) does not exist")
            }
            return
        }
        if isDir.boolValue { throw InputError(file: path, message: "is a folder, not a file") }
        // A FIFO, a device or a socket cannot be replaced atomically (and opening a FIFO to look at it
        // would wait for a writer): reports go to regular files or to standard output.
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw InputError(
                file: path, message: "is not a regular file", hint: "leave out the path to write the report to standard output")
        }
        if force { return }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(file: path, message: "exists and cannot be read; refusing to overwrite it", hint: "use --force")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? nil
        if let head, !head.isEmpty, !isTypefitOutput(head, rest: { (try? handle.readToEnd()) ?? nil }) {
            throw InputError(file: path, message: "exists and is not a typefit report; refusing to overwrite it", hint: "use --force")
        }
    }

    /// Whether a file's first bytes are those of a report or baseline typefit wrote. Merely mentioning
    /// typefit is not enough (a README or a spec does): each format's own header must be there.
    static func isTypefitOutput(_ head: Data, rest: () -> Data?) -> Bool {
        var text = Substring(String(decoding: head, as: UTF8.self))
        while let c = text.first, c.isWhitespace || c == "\u{FEFF}" { text = text.dropFirst() }
        if text.hasPrefix("typefit ") { return true }  // text, github, xcode
        if text.hasPrefix("{")
            && (text.contains("\"$schema\" : \"typefit-report-")  // json
                || text.contains("\"tool\" : \"typefit\""))
        {  // baseline
            return true
        }
        if text.hasPrefix("<?xml") && text.contains("<!-- typefit ") { return true }  // junit
        if text.hasPrefix("<!-- typefit-report -->") { return true }  // markdown
        if text.hasPrefix("<!doctype html>") && text.contains("<meta name=generator content=\"typefit ") { return true }
        if text.hasPrefix("{") && text.contains("sarif-schema") {  // sarif: the driver comes last
            let all = head + (rest() ?? Data())
            return String(decoding: all, as: UTF8.self).contains("\"name\" : \"typefit\"")
        }
        return false
    }

    /// Writes `text` to `path` atomically: into a new file in the same folder, which then replaces
    /// `path` in one `rename(2)`. A failure (a full disk, a folder that cannot be written) leaves
    /// `path` as it was — never a partial or emptied file — and removes the temporary file.
    static func write(_ text: String, to path: String) throws {
        var text = text
        try write(to: path) { write in try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) } }
    }

    /// Writes what `produce` hands its writer, piece by piece, to `path` atomically (as
    /// `write(_:to:)`): a report streamed in pieces is never held whole in memory. An error thrown by
    /// `produce` leaves `path` as it was too.
    static func write(to path: String, _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".typefit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = false, open = true
        defer {
            if open { close(fd) }
            if !written { unlink(temporary) }
        }
        // mkstemp creates the file as 0600; a report is as readable as any file the user creates.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        try produce { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure(path, errno)
                }
                offset += n
            }
        }
        if fsync(fd) != 0 { throw failure(path, errno) }
        open = false
        if close(fd) != 0 { throw failure(path, errno) }
        guard rename(temporary, path) == 0 else { throw failure(path, errno) }
        written = true
    }

    private static func failure(_ path: String, _ code: Int32) -> InputError {
        InputError(file: path, message: "cannot write the file: \(String(cString: strerror(code)))")
    }

    /// One file typefit would write, with the option that asked for it (for messages).
    struct Target {
        var option: String
        var path: String
    }

    /// Refuses two outputs that are the same file under any spelling.
    static func checkDistinct(_ outputs: [Target]) throws {
        var seen: [FileIdentity: Target] = [:]
        for output in outputs {
            let identity = FileIdentity(path: output.path)
            if let earlier = seen[identity] {
                throw InputError(
                    file: output.path, message: "\(output.option) and \(earlier.option) would write the same file",
                    hint: "give each output its own path")
            }
            seen[identity] = output
        }
    }

    /// Refuses an output that is one of the audit's inputs (a spec, a catalog or strings file, a font,
    /// the baseline): typefit never writes what it reads, `--force` or not.
    static func checkNotInputs(_ outputs: [Target], inputs: [String]) throws {
        guard !outputs.isEmpty else { return }
        if let (output, input) = collision(outputs, inputs: inputs) {
            throw InputError(
                file: output.path, message: "\(output.option) would overwrite \(input), an input of this audit",
                hint: "typefit never writes its inputs; choose another path")
        }
    }

    /// The first output that is the same file as an input, and that input.
    static func collision(_ outputs: [Target], inputs: [String]) -> (Target, String)? {
        var byIdentity: [FileIdentity: Target] = [:]
        for output in outputs { byIdentity[FileIdentity(path: output.path)] = byIdentity[FileIdentity(path: output.path)] ?? output }
        for input in inputs {
            if let output = byIdentity[FileIdentity(path: input)] { return (output, input) }
        }
        return nil
    }
}
