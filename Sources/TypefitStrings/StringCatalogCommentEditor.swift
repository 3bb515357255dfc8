import TypefitCore

/// Sets one line of the `comment` of keys of a String Catalog (`.xcstrings`) by editing its bytes,
/// not by re-serializing it: every byte but the edited comments stays as it was, so a catalog as
/// Xcode writes it (two-space indentation, `" : "`, sorted members, Xcode's escaping) stays so, and
/// a diff shows only the changed lines (docs/budgets.md).
///
/// A comment is a list of lines (`\n` in the JSON string). The line set for a key replaces every
/// earlier line that starts with the same `marker`; the other lines are kept byte for byte, escapes
/// included. A key without a `comment` gains one where Xcode puts it: members are sorted by name,
/// so before the first member whose name sorts after "comment" (`extractionState`, `localizations`).
public enum StringCatalogCommentEditor {
    public struct Result: Sendable {
        /// The catalog's new bytes (equal to the input's when nothing changed).
        public var bytes: [UInt8]
        /// Keys whose comment now has the line, found in the catalog.
        public var found: [String]
        /// Keys whose comment changed.
        public var changed: [String]
    }

    /// Sets `lines[key]` as the `marker` line of each key's comment. `file` names the catalog in errors.
    public static func setLines(_ lines: [String: String], marker: String, in bytes: [UInt8], file: String) throws -> Result {
        // Every structural error with its line and column, exactly as when the catalog is read.
        _ = try StringCatalogReader.read(bytes: bytes, file: file)
        let (encoding, start) = TextFileDecoder.detect(bytes)
        guard encoding == .utf8 else {
            throw InputError(
                file: file, message: "the String Catalog is UTF-16; typefit edits only UTF-8 catalogs",
                hint: "Xcode writes UTF-8: open and save it in Xcode")
        }
        guard let root = JSONSpan.scan(bytes, from: start) else {
            throw InputError(file: file, message: "the String Catalog could not be scanned for editing")
        }
        let stringsMembers = root.members(named: "strings")
        guard stringsMembers.count <= 1 else { throw duplicate(file, bytes, stringsMembers[1], "\"strings\"") }
        guard let strings = stringsMembers.first?.value else { return Result(bytes: bytes, found: [], changed: []) }
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var found: [String] = [], changed: [String] = []
        var seen = Set<String>()
        for member in strings.members {
            guard !seen.contains(member.name) else { throw duplicate(file, bytes, member, "the key") }
            seen.insert(member.name)
            guard let line = lines[member.name], member.value.isObject else { continue }
            found.append(member.name)
            guard let edit = try commentEdit(member.value, line: line, marker: Array(marker.utf8), bytes: bytes, file: file) else {
                continue
            }
            edits.append(edit)
            changed.append(member.name)
        }
        var out = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: edit.bytes)
        }
        return Result(bytes: out, found: found, changed: changed)
    }

    /// The edit setting `line` in one key's object; nil when its comment already has exactly it.
    static func commentEdit(
        _ entry: JSONSpan, line: String, marker: [UInt8], bytes: [UInt8], file: String
    ) throws -> (range: Range<Int>, bytes: [UInt8])? {
        let newLine = escaped(line)
        let comments = entry.members(named: "comment")
        guard comments.count <= 1 else { throw duplicate(file, bytes, comments[1], "\"comment\"") }
        if let comment = comments.first {
            let raw = Array(bytes[(comment.value.range.lowerBound + 1)..<(comment.value.range.upperBound - 1)])
            var kept = lines(ofRaw: raw).filter { !$0.starts(with: marker) }
            if kept.count == 1 && kept[0].isEmpty { kept = [] }  // an empty comment
            kept.append(newLine)
            let joined = Array(kept.joined(separator: Array("\\n".utf8)))
            if joined == raw { return nil }
            return (comment.value.range, [UInt8(ascii: "\"")] + joined + [UInt8(ascii: "\"")])
        }
        // No comment yet: written as Xcode would, with the neighbours' separator and indentation.
        let separator = entry.members.first.map { Array(bytes[$0.nameRange.upperBound..<$0.value.range.lowerBound]) } ?? Array(" : ".utf8)
        let member = Array("\"comment\"".utf8) + separator + [UInt8(ascii: "\"")] + newLine + [UInt8(ascii: "\"")]
        if let next = entry.members.first(where: { $0.name > "comment" }) {
            let indent = indentation(before: next.nameRange.lowerBound, in: bytes)
            return (next.nameRange.lowerBound..<next.nameRange.lowerBound, member + Array(",\n".utf8) + indent)
        }
        if let last = entry.members.last {
            let indent = indentation(before: last.nameRange.lowerBound, in: bytes)
            return (last.value.range.upperBound..<last.value.range.upperBound, Array(",\n".utf8) + indent + member)
        }
        // An empty object, `{\n\n    }` as Xcode writes it: one member, one level deeper than the brace.
        let close = entry.range.upperBound - 1
        let braceIndent = indentation(before: close, in: bytes)
        return ((entry.range.lowerBound + 1)..<close, [0x0A] + braceIndent + Array("  ".utf8) + member + [0x0A] + braceIndent)
    }

    /// The lines of a raw (still escaped) JSON string's contents, split at its `\n` escapes.
    static func lines(ofRaw raw: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var start = 0, i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "\\"), i + 1 < raw.count {
                if raw[i + 1] == UInt8(ascii: "n") {
                    out.append(Array(raw[start..<i]))
                    start = i + 2
                }
                i += 2
            } else {
                i += 1
            }
        }
        out.append(Array(raw[start...]))
        return out
    }

    /// The spaces and tabs between the start of the line and `offset`.
    static func indentation(before offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var i = offset
        while i > 0, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        return Array(bytes[i..<offset])
    }

    /// `text` as the contents of a JSON string as Xcode writes it: quotes, backslashes and control
    /// characters escaped; `/` and every other character as themselves (UTF-8).
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\r": out += Array("\\r".utf8)
            case "\t": out += Array("\\t".utf8)
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    static func duplicate(_ file: String, _ bytes: [UInt8], _ member: JSONSpan.Member, _ what: String) -> InputError {
        let p = TextPosition(utf8: bytes, offset: member.nameRange.lowerBound)
        return InputError(
            file: file, line: p.line, column: p.column,
            message: "\(what) '\(ControlCharacters.escaped(member.name))' appears twice; typefit does not edit such a catalog",
            hint: "Xcode never writes a name twice in an object: remove one")
    }
}
