import Foundation
import TypefitCore
import Yams

/// Reads screen specs (docs/spec-format.md). Every problem is an `InputError` naming the file, line
/// and column; nothing in a spec can crash the loader (sizes, nesting and file size are bounded).
public enum SpecLoader {
    /// Largest spec file read, in bytes.
    public static let maximumFileSize = 4 << 20
    /// Deepest element nesting accepted.
    public static let maximumDepth = 32
    /// Deepest nesting of YAML collections accepted (checked before Yams builds its node tree, which it
    /// does recursively). A spec at `maximumDepth` needs about 70.
    public static let maximumYAMLDepth = 256
    /// Most nodes (mappings, sequences, scalars) YAML aliases may add to a spec in all, counted before
    /// Yams copies them: an alias repeats what its anchor holds, so anchors of anchors multiply.
    public static let maximumAliasNodes = 10_000

    static let screenKeys = [
        "screen", "state", "strings", "locales", "categories", "devices", "orientation",
        "layoutMargins", "additionalSafeAreaInsets", "scrolls", "keyboard", "keyboardAvoidance",
        "severity", "content", "bottomBar"
    ]
    static let placementKeys = ["guide", "placement", "offset", "anchor", "horizontalPlacement"]
    static let sizeKeys = [
        "width", "height", "minWidth", "minHeight", "maxHeight", "compressionResistance",
        "minimumContentSizeCategory", "maximumContentSizeCategory"
    ]
    static let textKeys = ["text", "key", "table", "arguments", "fallbacks"]
    static let fontKeys = ["style", "font", "weight", "adjustsFontForContentSizeCategory"]
    static let lineKeys = ["numberOfLines", "lineBreakMode", "textAlignment", "adjustsFontSizeToFitWidth", "minimumScaleFactor"]
    static let stackKeys = ["spacing", "alignment", "distribution", "layoutMargins", "children"]

    static func allowedKeys(_ kind: Element.Kind) -> [String] {
        let base = [kind.rawValue] + sizeKeys
        switch kind {
        case .label: return base + textKeys + fontKeys + lineKeys
        case .button: return base + textKeys + fontKeys + lineKeys + ["configuration", "contentInsets", "image", "cornerRadius", "role"]
        case .textField: return base + textKeys + fontKeys + ["placeholder", "placeholderKey", "textAlignment", "borderStyle"]
        case .vstack, .hstack: return base + stackKeys
        case .divider, .spacer, .imageView: return base
        }
    }

    /// Which element kinds accept a key, for hints like "'spacing' is a vstack/hstack property".
    static func owners(of key: String) -> [String] {
        Element.Kind.allCases.filter { allowedKeys($0).contains(key) }.map(\.rawValue)
    }

    /// Loads every screen state of a spec file.
    public static func load(path: String) throws -> [ScreenSpec] {
        let url = URL(fileURLWithPath: path)
        // A string table named where a spec was meant: a catalog is JSON, which YAML reads, and its
        // `strings` would be taken for a spec's key.
        if let table = stringTableHint(path) {
            throw InputError(
                file: path, message: "is a string table, not a screen spec: a spec names its strings (`strings:`)", hint: table)
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else {
            throw InputError(file: path, message: "spec file not found")
        }
        // The size first: a huge file is refused before it is read.
        if let size = FileStatus(path: path)?.size, size > Int64(maximumFileSize) {
            throw InputError(file: path, message: "spec file is larger than \(maximumFileSize >> 20) MB")
        }
        guard let data = try? Data(contentsOf: url) else { throw InputError(file: path, message: "spec file cannot be read") }
        guard data.count <= maximumFileSize else {
            throw InputError(file: path, message: "spec file is larger than \(maximumFileSize >> 20) MB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let bad = firstInvalidUTF8(data)
            throw InputError(
                file: path, line: bad.line, column: bad.column,
                message: String(format: "spec file is not valid UTF-8 (byte 0x%02X)", bad.byte),
                hint: "save it as UTF-8")
        }
        return try load(yaml: text, file: path)
    }

    /// For a String Catalog or a `.strings`/`.stringsdict` file: the `typefit init` that writes a
    /// first spec for it; nil for any other file.
    static func stringTableHint(_ path: String) -> String? {
        let lower = path.lowercased()
        let word = ShellWord.quoted
        if lower.hasSuffix(".xcstrings") { return "`typefit init --catalog \(word(path))` writes a first spec for it" }
        guard lower.hasSuffix(".strings") || lower.hasSuffix(".stringsdict") else { return nil }
        let lproj = (path as NSString).deletingLastPathComponent
        guard lproj.lowercased().hasSuffix(".lproj") else { return "a spec names the folder holding its .lproj folders" }
        let folder = (lproj as NSString).deletingLastPathComponent
        let table = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return
            "`typefit init --strings \(word(folder.isEmpty ? "." : folder))\(table == "Localizable" ? "" : " --table \(word(table))")` writes a first spec for its table"
    }

    /// Line, column (in characters) and value of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int, byte: UInt8) {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1, column = 1, offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                offset += encoded.count
                if Unicode.UTF8.decode(encoded) == "\n" { line += 1; column = 1 } else { column += 1 }
            case .error:
                return (line, column, data[data.startIndex + offset])
            case .emptyInput:
                return (line, column, 0)
            }
        }
    }

    /// Loads every screen state from YAML text; `file` names it in errors and resolves relative paths.
    public static func load(yaml: String, file: String) throws -> [ScreenSpec] {
        let reader = YAMLReader(file: file)
        if let deep = YAMLDepth.firstExceeding(yaml, limit: maximumYAMLDepth, aliasNodeLimit: maximumAliasNodes) {
            switch deep.excess {
            case .depth:
                throw InputError(
                    file: file, line: deep.line, column: deep.column,
                    message: "YAML collections are nested more than \(maximumYAMLDepth) levels deep")
            case .aliasNodes:
                throw InputError(
                    file: file, line: deep.line, column: deep.column,
                    message: "YAML aliases expand to more than \(maximumAliasNodes) nodes",
                    hint: "an alias (*name) repeats everything its anchor (&name) holds; write the elements out")
            }
        }
        let documents: [Node]
        do {
            // Parser.nextRoot throws; compose_all's lazy sequence would drop errors.
            let parser = try Parser(yaml: yaml)
            var nodes: [Node] = []
            while let node = try parser.nextRoot() { nodes.append(node) }
            documents = nodes
        } catch let e as YamlError {
            throw yamlError(e, file: file)
        } catch {
            throw InputError(file: file, message: "invalid YAML: \(error)")
        }
        guard !documents.isEmpty else { throw InputError(file: file, line: 1, column: 1, message: "the spec file is empty") }
        var specs: [ScreenSpec] = []
        // Screen and state → the first document's line (a lookup, not a scan: a 4 MB file can hold
        // tens of thousands of documents).
        var seen: [[String]: Int] = [:]
        for (index, doc) in documents.enumerated() {
            var spec = try screen(doc, reader: reader, index: index)
            if spec.state == nil && documents.count > 1 { spec.state = "document \(index + 1)" }
            if let line = seen[[spec.screen, spec.state ?? ""]] {
                throw reader.error(
                    doc, "two documents describe the same screen state '\(spec.title)'",
                    hint: "the first is at line \(line); give each a different 'state'")
            }
            seen[[spec.screen, spec.state ?? ""]] = spec.location.line
            specs.append(spec)
        }
        return specs
    }

    static func yamlError(_ e: YamlError, file: String) -> InputError {
        switch e {
        case .scanner(let ctx, let problem, let mark, _), .parser(let ctx, let problem, let mark, _),
            .composer(let ctx, let problem, let mark, _):
            let context = ctx.map { " \($0.text)" } ?? ""
            return InputError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)\(context)")
        case .reader(let problem, let offset, let value, let yaml):
            // libyaml's reader reports a byte offset; turn it into a line and a column in characters.
            let what = value >= 0 ? String(format: " (U+%04X)", value) : ""
            guard let offset else { return InputError(file: file, message: "invalid YAML: \(problem)\(what)") }
            var line = 1, column = 1, bytes = 0
            for scalar in yaml.unicodeScalars {
                if bytes >= offset { break }
                bytes += UTF8.width(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return InputError(file: file, line: line, column: column, message: "invalid YAML: \(problem)\(what)")
        default:
            return InputError(file: file, message: "invalid YAML: \(e)")
        }
    }

    // MARK: - Screen

    static func screen(_ doc: Node, reader r: YAMLReader, index: Int) throws -> ScreenSpec {
        // Another tool's YAML (XcodeGen's project.yml, a CI workflow): not one key of a spec.
        if case .mapping(let m) = doc, !m.isEmpty,
            !m.keys.contains(where: { if case .scalar(let s) = $0 { return screenKeys.contains(s.string) } else { return false } })
        {
            let keys = m.keys.prefix(4).compactMap { k -> String? in
                guard case .scalar(let s) = k else { return nil }
                return ControlCharacters.escaped(String(s.string.prefix(40)))
            }
            throw r.error(
                doc, "not a screen spec: none of its keys (\(keys.joined(separator: ", "))\(m.count > 4 ? ", …" : "")) is a spec's",
                hint:
                    "typefit reads every .yaml and .yml file in the folders it is given: give it the specs' folder, or leave this file out (`exclude:` in .typefit.yml)"
            )
        }
        let pairs = try r.mapping(
            doc, allowed: screenKeys, what: "a screen",
            extraHint: { key in
                if let synonym = KeySynonyms.hint(for: key, in: screenKeys) { return synonym }
                let owners = owners(of: key)
                return owners.isEmpty ? nil : "'\(key)' is a property of \(owners.joined(separator: "/")) elements, not of the screen"
            })
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }
        guard let screenNode = value("screen") else { throw r.error(doc, "missing key 'screen' (the screen's name)") }
        guard let contentNode = value("content") else { throw r.error(doc, "missing key 'content' (the root element)") }
        let folder = (r.file as NSString).deletingLastPathComponent

        let strings = try value("strings").map { try stringsTables($0, reader: r, folder: folder) } ?? []
        var locales: [LocaleRequest]?
        if let l = value("locales") {
            locales = try r.list(l, "locales").map { node in
                let locale = try r.string(node, "a locale")
                if let problem = LocaleTag.problem(locale) { throw r.error(node, "invalid locale '\(locale.prefix(80))': \(problem)") }
                return LocaleRequest(tag: locale, location: r.location(node))
            }
            if locales!.isEmpty { throw r.error(l, "locales must not be empty (omit it to audit every locale)") }
        }
        var categories: [ContentSizeCategory]?
        if let c = value("categories") {
            categories = try r.list(c, "categories").map { try r.category($0, "category") }
            if categories!.isEmpty { throw r.error(c, "categories must not be empty (omit it for all 12)") }
        }
        var devices: [Device] = Device.defaultPresetNames.compactMap(Device.preset(named:))
        if let d = value("devices") {
            devices = try r.list(d, "devices", allowScalar: false).map { try device($0, reader: r) }
            if devices.isEmpty { throw r.error(d, "devices must not be empty") }
        }
        var orientations: [Orientation] = [.portrait]
        if let o = value("orientation") {
            orientations = try r.list(o, "orientation").map {
                try r.choice($0, "orientation", ["portrait": Orientation.portrait, "landscape": .landscape])
            }
        }
        var margins = Margins.system
        if let m = value("layoutMargins") {
            if case .scalar(let s) = m, s.string == "system" {
                margins = .system
            } else {
                margins = .edges(try r.edges(m, "layoutMargins"))
            }
        }
        let extra = try value("additionalSafeAreaInsets").map { try r.edges($0, "additionalSafeAreaInsets") } ?? .zero
        let scrolls = try value("scrolls").map { try r.bool($0, "scrolls") } ?? false
        var keyboard: Keyboard?
        if let k = value("keyboard") {
            if case .scalar(let s) = k, s.string == "hidden" {
                keyboard = nil
            } else {
                var height: KeyboardHeight?
                var focused: [String] = []
                for (key, _, v) in try r.mapping(k, allowed: ["height", "focused"], what: "keyboard") {
                    if key == "height" {
                        if case .scalar(let s) = v, let n = Double(s.string) {
                            guard n >= 0 && n <= 5000 else { throw r.error(v, "keyboard height must be between 0 and 5000") }
                            height = .points(n)
                        } else {
                            height = try r.choice(
                                v, "keyboard height", ["software": KeyboardHeight.software, "legacy": .legacy, "hardwareBar": .hardwareBar])
                        }
                    } else {
                        focused = try r.list(v, "focused").map { try r.string($0, "a focused field id") }
                    }
                }
                guard let height else {
                    throw r.error(k, "keyboard needs a 'height' (software, legacy, hardwareBar or points), or write 'keyboard: hidden'")
                }
                keyboard = Keyboard(height: height, focused: focused)
            }
        }
        var avoidance = KeyboardAvoidance.none
        if let a = value("keyboardAvoidance") {
            if case .scalar(let s) = a {
                avoidance = try r.choice(a, "keyboardAvoidance", ["none": KeyboardAvoidance.none, "scrollView": .scrollView])
                _ = s
            } else {
                let pairs = try r.mapping(a, allowed: ["slideView"], what: "keyboardAvoidance")
                guard let slide = pairs.first?.value else { throw r.error(a, "keyboardAvoidance needs 'slideView'") }
                var minF = 0.2, maxF = 0.8
                var portrait: Double?, landscape: Double?
                for (key, _, v) in try r.mapping(
                    slide, allowed: ["minimumFraction", "maximumFraction", "keyboardHeight"], what: "slideView")
                {
                    switch key {
                    case "minimumFraction": minF = try r.number(v, "minimumFraction", max: 1)
                    case "maximumFraction": maxF = try r.number(v, "maximumFraction", max: 1)
                    default:
                        if case .scalar = v {
                            let h = try r.number(v, "keyboardHeight", max: 5000)
                            portrait = h
                            landscape = h
                        } else {
                            for (k2, _, v2) in try r.mapping(v, allowed: ["portrait", "landscape"], what: "keyboardHeight") {
                                if k2 == "portrait" {
                                    portrait = try r.number(v2, "keyboardHeight.portrait", max: 5000)
                                } else {
                                    landscape = try r.number(v2, "keyboardHeight.landscape", max: 5000)
                                }
                            }
                        }
                    }
                }
                guard minF < maxF else { throw r.error(slide, "minimumFraction must be less than maximumFraction") }
                avoidance = .slideView(minimumFraction: minF, maximumFraction: maxF, portrait: portrait, landscape: landscape)
            }
        }
        var severity: [String: SeverityLevel] = [:]
        if let s = value("severity") {
            let rules = RuleID.allCases.map(\.rawValue)
            for (key, keyNode, v) in try r.mapping(
                s, allowed: rules, what: "severity",
                extraHint: { key in
                    RuleSynonyms.hint(for: key) ?? Suggestion.hint(for: key, in: rules).map { "\($0) (unknown rule id)" }
                        ?? "unknown rule id; rules: " + rules.joined(separator: ", ")
                })
            {
                _ = keyNode
                severity[key] = try r.choice(v, "severity level", of: SeverityLevel.self)
            }
        }
        // Content: the root element plus placement keys.
        var placement = Placement()
        guard case .mapping(let contentMap) = contentNode else {
            throw r.error(contentNode, "content must be an element mapping, e.g. 'vstack: root'")
        }
        var elementPairs: [(Node, Node)] = []
        for (k, v) in contentMap {
            guard case .scalar(let ks) = k else { throw r.error(k, "keys must be plain strings") }
            switch ks.string {
            case "guide":
                placement.guide = try r.choice(v, "guide", of: Placement.Guide.self)
            case "placement":
                placement.vertical = try r.choice(v, "placement", of: Placement.Vertical.self)
            case "offset": placement.offset = try r.number(v, "offset", min: -10_000, max: 10_000)
            case "anchor": placement.anchor = try r.string(v, "anchor")
            case "horizontalPlacement":
                placement.horizontal = try r.choice(v, "horizontalPlacement", of: Placement.Horizontal.self)
            default: elementPairs.append((k, v))
            }
        }
        let rootNode = Node.mapping(Node.Mapping(elementPairs, contentMap.tag, contentMap.style, contentMap.mark))
        var ids: [String: SourceLocation] = [:]
        let content = try element(rootNode, reader: r, depth: 0, ids: &ids, isRoot: true)
        let bottomBar = try value("bottomBar").map { try element($0, reader: r, depth: 0, ids: &ids, isRoot: true) }

        let screenName = try r.string(screenNode, "screen")
        guard !screenName.trimmingCharacters(in: .whitespaces).isEmpty else { throw r.error(screenNode, "screen must not be empty") }
        let spec = ScreenSpec(
            file: r.file, location: r.location(doc), screen: screenName,
            state: try value("state").map { try r.string($0, "state") },
            strings: strings, locales: locales, categories: categories, devices: devices,
            orientations: orientations, layoutMargins: margins, additionalSafeAreaInsets: extra,
            scrolls: scrolls, keyboard: keyboard, keyboardAvoidance: avoidance, severity: severity,
            content: content, placement: placement, bottomBar: bottomBar)
        try validate(spec, doc: doc, values: value, reader: r, ids: ids)
        return spec
    }

    static func validate(
        _ spec: ScreenSpec, doc: Node, values: (String) -> Node?, reader r: YAMLReader, ids: [String: SourceLocation]
    ) throws {
        let elements = Dictionary(spec.allElements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if let anchor = spec.placement.anchor, elements[anchor] == nil {
            throw r.error(
                values("content")!, "content.anchor names '\(anchor)' but no element has that id",
                hint: Suggestion.hint(for: anchor, in: elements.keys.sorted()))
        }
        if let k = spec.keyboard {
            for id in k.focused {
                guard let e = elements[id] else {
                    throw r.error(
                        values("keyboard")!, "keyboard.focused names '\(id)' but no element has that id",
                        hint: Suggestion.hint(for: id, in: elements.keys.sorted()))
                }
                guard e.kind == .textField else {
                    throw r.error(values("keyboard")!, "keyboard.focused must name text fields; '\(id)' is a \(e.kind.rawValue)")
                }
            }
        }
        let tables = spec.strings.map(\.table)
        for e in spec.allElements {
            func check(_ table: String?, _ source: TextSource?, at location: SourceLocation, what: String) throws {
                guard let table else { return }
                guard case .key? = source else {
                    throw InputError(
                        file: r.file, line: location.line, column: location.column,
                        message: "\(what) names table '\(table)' but has no 'key' (a table holds keys; literal text needs none)")
                }
                guard tables.contains(table) else {
                    throw InputError(
                        file: r.file, line: location.line, column: location.column,
                        message: tables.isEmpty
                            ? "\(what) names table '\(table)' but the screen has no 'strings'"
                            : "\(what) names table '\(table)', which the screen's 'strings' does not list",
                        hint: Suggestion.hint(for: table, in: tables)
                            ?? (tables.isEmpty ? nil : "tables: " + tables.joined(separator: ", ")))
                }
            }
            let source: TextSource? = {
                if case .key? = e.text { return e.text }; return e.placeholder
            }()
            try check(e.table, source, at: e.tableLocation ?? e.location, what: "element '\(e.id)'")
            for f in e.fallbacks { try check(f.table, f.text, at: f.location, what: "a fallback of '\(e.id)'") }
        }
        if spec.keyboardAvoidance == .scrollView && !spec.scrolls {
            throw r.error(values("keyboardAvoidance")!, "keyboardAvoidance: scrollView needs scrolls: true")
        }
        if case .slideView = spec.keyboardAvoidance, spec.scrolls {
            throw r.error(values("keyboardAvoidance")!, "keyboardAvoidance: slideView cannot be used with scrolls: true")
        }
    }

    /// `strings:` — a path, `{path, table, developmentLanguage, missingShows, code}`, or a list of them (several tables, as
    /// an app or SDK that splits its strings with `NSLocalizedString(_:tableName:)`).
    static func stringsTables(_ node: Node, reader r: YAMLReader, folder: String) throws -> [StringsReference] {
        let items: [Node]
        if case .sequence(let seq) = node { items = Array(seq) } else { items = [node] }
        if items.isEmpty { throw r.error(node, "strings must not be empty (omit it when the screen uses only literal text)") }
        var out: [StringsReference] = []
        for item in items {
            var path: String?
            var table: (name: String, node: Node)?
            var development: (name: String, node: Node)?
            var missingShows: (value: MissingTranslationDisplay, node: Node)?
            var code: (paths: [String], node: Node)?
            if case .scalar = item {
                path = try r.string(item, "strings")
            } else {
                for (key, _, v) in try r.mapping(
                    item, allowed: ["path", "table", "developmentLanguage", "missingShows", "code"], what: "strings")
                {
                    switch key {
                    case "path": path = try r.string(v, "strings.path")
                    case "code": code = (try codePaths(v, reader: r, folder: folder), v)
                    case "table": table = (try r.string(v, "strings.table"), v)
                    case "missingShows":
                        missingShows = (
                            try r.choice(v, "strings.missingShows value", of: MissingTranslationDisplay.self),
                            v
                        )
                    default:
                        let name = try r.string(v, "strings.developmentLanguage")
                        if let problem = LocaleTag.problem(name) {
                            throw r.error(
                                v, "invalid developmentLanguage '\(ControlCharacters.escaped(String(name.prefix(80))))': \(problem)")
                        }
                        development = (name, v)
                    }
                }
            }
            guard let path, !path.isEmpty else { throw r.error(item, "strings needs a 'path'") }
            let resolved = resolve(path, folder: folder)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
                throw r.error(item, "strings file not found: \(resolved)")
            }
            let ref: StringsReference
            if isDirectory.boolValue {
                let name = table?.name ?? "Localizable"
                if let problem = TableName.problem(name) {
                    throw r.error(
                        table?.node ?? item, "invalid table name '\(ControlCharacters.escaped(String(name.prefix(80))))': \(problem)")
                }
                if let code, missingShows?.value == .key {
                    // NSLocalizedString(key, value: "…") returns its value for a key the table lacks, never the key.
                    throw r.error(
                        code.node,
                        "code and missingShows: key contradict each other: a call that gives a value: shows it where a table lacks the key",
                        hint: "remove 'missingShows', or 'code' if the app's calls give no value:")
                }
                ref = StringsReference(
                    path: resolved, table: name, isCatalog: false, developmentLanguage: development?.name,
                    missingShows: missingShows?.value ?? .source, code: code?.paths ?? [], location: r.location(item))
            } else {
                guard resolved.hasSuffix(".xcstrings") else {
                    throw r.error(item, "strings must be a String Catalog (.xcstrings) or a folder holding .lproj folders: \(resolved)")
                }
                if let development {
                    throw r.error(
                        development.node, "a String Catalog names its development language itself (its \"sourceLanguage\")",
                        hint: "remove 'developmentLanguage'; it is for folders of .lproj folders")
                }
                if let code {
                    throw r.error(
                        code.node, "code is for folders of .lproj folders: a String Catalog holds its source text itself",
                        hint: "remove 'code'")
                }
                if let missingShows {
                    throw r.error(
                        missingShows.node,
                        "missingShows is for folders of .lproj folders: a String Catalog's keys are measured as their source text",
                        hint: "remove 'missingShows'")
                }
                // Xcode compiles a catalog into the table named after its file.
                let name = String((resolved as NSString).lastPathComponent.dropLast(".xcstrings".count))
                if let table, table.name != name {
                    throw r.error(
                        table.node,
                        "a String Catalog's table is its file name ('\(name)'), not '\(ControlCharacters.escaped(String(table.name.prefix(80))))'",
                        hint: "remove 'table', or point 'path' at \(ControlCharacters.escaped(String(table.name.prefix(80)))).xcstrings")
                }
                ref = StringsReference(path: resolved, table: name, isCatalog: true, location: r.location(item))
            }
            if let earlier = out.first(where: { $0.table == ref.table }) {
                throw r.error(
                    item, "two strings entries are both table '\(ref.table)'",
                    hint: "the first is at line \(earlier.location.line); each table name must be unique")
            }
            out.append(ref)
        }
        return out
    }

    /// `code:` — a Swift file or folder, or a list of them, each of which must exist.
    static func codePaths(_ node: Node, reader r: YAMLReader, folder: String) throws -> [String] {
        let items: [Node]
        if case .sequence(let seq) = node { items = Array(seq) } else { items = [node] }
        if items.isEmpty { throw r.error(node, "code must not be empty (omit it when the tables hold the development language's text)") }
        return try items.map { item in
            let path = try r.string(item, "strings.code")
            guard !path.isEmpty else { throw r.error(item, "code needs a folder or a Swift file") }
            let resolved = resolve(path, folder: folder)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
                throw r.error(item, "code folder not found: \(resolved)")
            }
            guard isDirectory.boolValue || resolved.hasSuffix(".swift") else {
                throw r.error(item, "code must be a folder of Swift files or a .swift file: \(resolved)")
            }
            return resolved
        }
    }

    static func resolve(_ path: String, folder: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: folder.isEmpty ? "." : folder).appendingPathComponent(path).standardizedFileURL.path
    }

    // MARK: - Devices

    static func device(_ node: Node, reader r: YAMLReader) throws -> Device {
        if case .scalar(let s) = node {
            guard let d = Device.preset(named: s.string) else {
                if let model = DeviceModel.notAPreset(s.string) { throw r.error(node, model.message, hint: model.hint) }
                throw r.error(
                    node, "unknown device '\(s.string)'",
                    hint: Suggestion.hint(for: s.string, in: Device.presets.map(\.name)) ?? "presets: "
                        + Device.presets.map(\.name).joined(separator: ", ")
                        + "; or give {name, width, height}")
            }
            return d
        }
        var name: String?, width: Double?, height: Double?
        var safe = Edges.zero, landscapeSafe = Edges.zero
        var kb: KeyboardHeights?, landscapeKB: KeyboardHeights?
        func heights(_ n: Node, _ what: String) throws -> KeyboardHeights {
            var h = KeyboardHeights(software: 0, legacy: 0, hardwareBar: 55)
            for (k, _, v) in try r.mapping(n, allowed: ["software", "legacy", "hardwareBar"], what: what) {
                let x = try r.number(v, "\(what).\(k)", max: 5000)
                if k == "software" { h.software = x } else if k == "legacy" { h.legacy = x } else { h.hardwareBar = x }
            }
            return h
        }
        for (key, _, v) in try r.mapping(
            node, allowed: ["name", "width", "height", "safeArea", "keyboardHeights", "landscape"], what: "a device")
        {
            switch key {
            case "name": name = try r.string(v, "device name")
            case "width": width = try r.number(v, "device width", min: 100, max: 5000)
            case "height": height = try r.number(v, "device height", min: 100, max: 5000)
            case "safeArea": safe = try r.edges(v, "safeArea")
            case "keyboardHeights": kb = try heights(v, "keyboardHeights")
            default:
                for (k2, _, v2) in try r.mapping(v, allowed: ["safeArea", "keyboardHeights"], what: "landscape") {
                    if k2 == "safeArea" {
                        landscapeSafe = try r.edges(v2, "landscape.safeArea")
                    } else {
                        landscapeKB = try heights(v2, "landscape.keyboardHeights")
                    }
                }
            }
        }
        guard let name, let width, let height else { throw r.error(node, "a custom device needs name, width and height") }
        if Device.preset(named: name) != nil { throw r.error(node, "custom device name '\(name)' repeats a preset's name") }
        let nearest = Device.presets.min { abs($0.width - width) < abs($1.width - width) }!
        return Device(
            name: name, width: width, height: height, safeArea: safe, landscapeSafeArea: landscapeSafe,
            keyboard: kb ?? nearest.keyboard, landscapeKeyboard: landscapeKB ?? nearest.landscapeKeyboard)
    }
}
