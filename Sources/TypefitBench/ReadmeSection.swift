import Foundation
import TypefitCore

/// The part of a Markdown file that `make bench` regenerates (`typefit-bench --scripts --readme
/// FILE`): every line between a begin marker line and an end marker line is replaced by what the
/// benchmark printed, and the rest of the file is kept byte for byte. The markers are HTML comments,
/// so the rendered README shows only the tables.
public enum ReadmeSection {
    public static let begin = "<!-- make bench: begin -->"
    public static let end = "<!-- make bench: end -->"

    /// `text` with the lines between its markers replaced by `block`. Exactly one begin marker, then
    /// exactly one end marker, each a line of its own; anything else is an error at its line.
    public static func replacing(in text: String, file: String, with block: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let hint = "put the lines '\(begin)' and '\(end)' around the generated tables"
        var beginLine: Int?
        var endLine: Int?
        for (i, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == begin {
                guard beginLine == nil else {
                    throw InputError(file: file, line: i + 1, column: 1, message: "a second '\(begin)' line", hint: hint)
                }
                beginLine = i
            } else if trimmed == end {
                guard beginLine != nil else {
                    throw InputError(file: file, line: i + 1, column: 1, message: "'\(end)' before any '\(begin)' line", hint: hint)
                }
                guard endLine == nil else {
                    throw InputError(file: file, line: i + 1, column: 1, message: "a second '\(end)' line", hint: hint)
                }
                endLine = i
            }
        }
        guard let b = beginLine else { throw InputError(file: file, message: "no '\(begin)' line", hint: hint) }
        guard let e = endLine else {
            throw InputError(file: file, line: b + 1, column: 1, message: "no '\(end)' line after this begin marker", hint: hint)
        }
        var body = block
        while body.hasSuffix("\n") { body.removeLast() }
        let kept = lines[...b].joined(separator: "\n") + "\n"
        let rest = lines[e...].joined(separator: "\n")
        return kept + (body.isEmpty ? "" : body + "\n") + rest
    }

    /// Checks that the file at `path` can be read and has one section (before minutes of measuring).
    public static func check(_ path: String) throws {
        _ = try replacing(in: read(path), file: path, with: "")
    }

    /// Replaces the section of the file at `path` (written whole and atomically: a failed write
    /// leaves the file as it was, and is an error).
    public static func update(_ path: String, with block: String) throws {
        let updated = try replacing(in: read(path), file: path, with: block)
        do {
            try Data(updated.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw InputError(file: path, message: "cannot write the regenerated tables: \(error.localizedDescription)")
        }
    }

    private static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError(file: path, message: "cannot read the file whose benchmark tables to regenerate")
        }
        return text
    }
}
