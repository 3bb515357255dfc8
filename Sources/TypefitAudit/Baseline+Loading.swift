import Foundation
import TypefitCore
import TypefitSpec
import TypefitStrings

extension Baseline {
    /// Reads a baseline file. Only a regular file of at most `maximumFileSize` bytes is read (a
    /// FIFO, a device or a folder is refused before it is opened); every problem is an `InputError`
    /// with the line and column, and text from the file is shown with its control characters escaped.
    public static func load(path: String) throws -> Baseline {
        let bytes = try readFile(path)
        let document = try JSONDocument(bytes: bytes, file: path)
        var reader = Reader(file: path, document: document)
        let (entries, lines) = try reader.read()
        let folder = (path as NSString).deletingLastPathComponent
        return Baseline(entries: entries, directory: resolvedPath(folder.isEmpty ? "." : folder), file: path, lines: lines)
    }

    /// The bytes of a regular file no larger than `maximumFileSize`.
    static func readFile(_ path: String) throws -> [UInt8] {
        let hint = "pass the JSON file written by --write-baseline"
        let limit = "the limit is \(maximumFileSize >> 20) MB"
        switch BoundedFile.read(path, limit: maximumFileSize) {
        case .success(let data): return [UInt8](data)
        case .failure(.notFound): throw InputError(file: path, message: "baseline file not found")
        case .failure(.unreadable): throw InputError(file: path, message: "cannot read the baseline file")
        case .failure(.folder): throw InputError(file: path, message: "the baseline is a folder, not a file", hint: hint)
        case .failure(.device): throw InputError(file: path, message: "the baseline is a device, not a file", hint: hint)
        case .failure(.special):
            throw InputError(
                file: path, message: "the baseline is not a regular file (a FIFO, a socket or another special file)", hint: hint)
        case .failure(.tooLarge):
            throw InputError(file: path, message: "the baseline file is larger than \(maximumFileSize >> 20) MB", hint: limit)
        }
    }

    /// Text from the file for a message: control characters escaped (`\u{1B}`), at most 80 characters.
    static func shown(_ s: String) -> String {
        var out = ""
        var n = 0
        for u in s.unicodeScalars {
            if n == 80 { out += "…"; break }
            n += 1
            switch u.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Validates the parsed document and builds the entries.
    private struct Reader {
        let file: String
        let document: JSONDocument

        static let rootKeys = ["tool", "version", "entries"]
        static let entryKeys = ["spec", "screen", "element", "rule", "from", "devices", "orientations", "editing", "locales"]
        static let regenerate = "regenerate it with typefit audit PATHS --write-baseline FILE"

        func error(_ node: JSONNode, _ message: String, hint: String? = nil) -> InputError {
            let p = document.position(of: node)
            return InputError(file: file, line: p.line, column: p.column, message: message, hint: hint)
        }

        func object(_ node: JSONNode, _ what: String) throws -> JSONObject {
            guard case .object(let o) = node.value else {
                throw error(node, "\(what): expected an object, found \(node.value.kindDescription)")
            }
            return o
        }

        func string(_ node: JSONNode, _ what: String) throws -> String {
            guard case .string(let s) = node.value else {
                throw error(node, "\(what): expected a string, found \(node.value.kindDescription)")
            }
            guard !s.isEmpty else { throw error(node, "\(what): must not be empty") }
            return s
        }

        func strings(_ node: JSONNode, _ what: String) throws -> [String] {
            guard case .array(let items) = node.value else {
                throw error(node, "\(what): expected a list of strings, found \(node.value.kindDescription)")
            }
            guard !items.isEmpty else { throw error(node, "\(what): must not be empty (leave the key out instead)") }
            return try items.enumerated().map { i, item in try string(item, "\(what)[\(i)]") }
        }

        func checkKeys(_ o: JSONObject, _ allowed: [String], _ what: String) throws {
            for (name, node) in o.members where !allowed.contains(name) {
                throw error(
                    node, "\(what)unknown key '\(shown(name))'",
                    hint: Suggestion.hint(for: name, in: allowed) ?? "keys: " + allowed.joined(separator: ", "))
            }
        }

        mutating func read() throws -> ([Entry], [Int]) {
            let root = document.root
            guard case .object(let o) = root.value else {
                throw error(
                    root,
                    "not a typefit baseline: expected an object with \"tool\", \"version\" and \"entries\", found \(root.value.kindDescription)"
                )
            }
            guard let tool = o["tool"] else { throw error(root, "not a typefit baseline: no \"tool\": \"typefit\"") }
            guard case .string("typefit") = tool.value else { throw error(tool, "not a typefit baseline: \"tool\" must be \"typefit\"") }
            guard let versionNode = o["version"] else {
                throw error(root, "the baseline has no \"version\"", hint: "this typefit reads version \(Baseline.version)")
            }
            guard case .number(let text) = versionNode.value else {
                throw error(versionNode, "\"version\" must be a whole number, found \(versionNode.value.kindDescription)")
            }
            guard let version = Int(text) else {
                throw error(
                    versionNode, "unknown baseline version \(shown(text))", hint: "versions: \(Baseline.version); \(Self.regenerate)")
            }
            if version == 1 {
                throw error(
                    versionNode,
                    "baseline version 1 (a list of fingerprints) is no longer read; this typefit reads version \(Baseline.version)",
                    hint: Self.regenerate)
            }
            guard version == Baseline.version else {
                throw error(
                    versionNode, "unknown baseline version \(shown(text))", hint: "versions: \(Baseline.version); \(Self.regenerate)")
            }
            try checkKeys(o, Self.rootKeys, "")
            guard let entriesNode = o["entries"] else { throw error(root, "the baseline has no \"entries\"") }
            guard case .array(let items) = entriesNode.value else {
                throw error(entriesNode, "\"entries\": expected a list, found \(entriesNode.value.kindDescription)")
            }
            var entries: [Entry] = []
            var lines: [Int] = []
            entries.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                entries.append(try entry(item, "entries[\(i)]"))
                lines.append(document.position(of: item).line)
            }
            return (entries, lines)
        }

        func entry(_ node: JSONNode, _ what: String) throws -> Entry {
            let o = try object(node, what)
            try checkKeys(o, Self.entryKeys, "\(what): ")
            func required(_ key: String) throws -> JSONNode {
                guard let n = o[key] else { throw error(node, "\(what): missing \"\(key)\"") }
                return n
            }
            let ruleNode = try required("rule")
            let ruleName = try string(ruleNode, "\(what).rule")
            guard let rule = RuleID(rawValue: ruleName) else {
                throw error(
                    ruleNode, "\(what).rule: unknown rule '\(shown(ruleName))'",
                    hint: Suggestion.hint(for: ruleName, in: RuleID.allCases.map(\.rawValue)) ?? "typefit rules lists them")
            }
            var from: ContentSizeCategory?
            if let n = o["from"] {
                let name = try string(n, "\(what).from")
                guard let c = ContentSizeCategory(name: name) else {
                    throw error(
                        n, "\(what).from: unknown category '\(shown(name))'",
                        hint: ContentSizeCategory.hint(for: name) ?? "categories: "
                            + ContentSizeCategory.allNames.joined(separator: ", "))
                }
                from = c
            }
            let devices = try o["devices"].map { try strings($0, "\(what).devices") } ?? []
            var orientations: [Orientation] = devices.isEmpty ? [] : [.portrait]
            if let n = o["orientations"] {
                guard !devices.isEmpty else { throw error(n, "\(what).orientations: only an entry with \"devices\" has orientations") }
                orientations = try strings(n, "\(what).orientations").enumerated().map { i, name in
                    guard let x = Orientation(rawValue: name) else {
                        let item: JSONNode = if case .array(let a) = n.value { a[i] } else { n }
                        throw error(
                            item, "\(what).orientations[\(i)]: unknown orientation '\(shown(name))'",
                            hint: Suggestion.hint(for: name, in: Orientation.allCases.map(\.rawValue)) ?? "portrait or landscape")
                    }
                    return x
                }
            }
            return Entry(
                spec: try string(try required("spec"), "\(what).spec"),
                screen: try string(try required("screen"), "\(what).screen"),
                element: try string(try required("element"), "\(what).element"),
                rule: rule, from: from, devices: devices, orientations: orientations,
                editing: try o["editing"].map { try strings($0, "\(what).editing") } ?? [],
                locales: try strings(try required("locales"), "\(what).locales"))
        }
    }
}
