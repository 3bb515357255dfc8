import Foundation
import TypefitCore
import Yams

extension ProjectConfig {
    /// Largest `.typefit.yml` read, in bytes.
    public static let maximumFileSize = 1 << 20

    static let keys = [
        "minimumVersion", "specs", "exclude", "locales", "categories", "devices", "pseudolocales",
        "severity", "baseline", "reports", "fontDirectories", "strict", "waivers"
    ]
    static let waiverKeys = ["rule", "element", "spec", "screen", "locale", "categories", "reason", "expires"]

    /// Reads and checks a `.typefit.yml`. Every problem is an `InputError` with the file, line and
    /// column, and unknown keys or values get a "did you mean".
    /// - Parameters:
    ///   - reportFormats: the report formats the tool has (TypefitReport's list).
    ///   - pseudolocales: the pseudolocale identifiers the tool has (TypefitStrings' list).
    public static func load(path: String, reportFormats: [String], pseudolocales: [String]) throws -> ProjectConfig {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else {
            throw InputError(file: path, message: "configuration file not found")
        }
        // A regular file of bounded size only: a FIFO or a device would block or never end.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw InputError(file: path, message: "the configuration is not a regular file")
        }
        if let size = attributes?[.size] as? NSNumber, size.int64Value > Int64(maximumFileSize) {
            throw InputError(file: path, message: "configuration file is larger than \(maximumFileSize >> 20) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "configuration file cannot be read")
        }
        guard data.count <= maximumFileSize else {
            throw InputError(file: path, message: "configuration file is larger than \(maximumFileSize >> 20) MB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let bad = SpecLoader.firstInvalidUTF8(data)
            throw InputError(
                file: path, line: bad.line, column: bad.column, message: "configuration file is not valid UTF-8", hint: "save it as UTF-8")
        }
        return try load(yaml: text, file: path, reportFormats: reportFormats, pseudolocales: pseudolocales)
    }

    public static func load(yaml: String, file: String, reportFormats: [String], pseudolocales: [String]) throws -> ProjectConfig {
        let r = YAMLReader(file: file)
        if let deep = YAMLDepth.firstExceeding(yaml, limit: 16, aliasNodeLimit: 1_000) {
            throw InputError(
                file: file, line: deep.line, column: deep.column,
                message: deep.excess == .depth ? "YAML collections are nested too deeply" : "YAML aliases expand to too many nodes")
        }
        var documents: [Node] = []
        do {
            let parser = try Parser(yaml: yaml)
            while let node = try parser.nextRoot() { documents.append(node) }
        } catch let e as YamlError {
            throw SpecLoader.yamlError(e, file: file)
        } catch {
            throw InputError(file: file, message: "invalid YAML: \(error)")
        }
        var config = ProjectConfig(file: file)
        guard let root = documents.first else { return config }  // an empty file: every default
        if documents.count > 1, let second = documents.dropFirst().first {
            throw r.error(second, "a configuration file holds one YAML document")
        }
        let folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
        func resolve(_ node: Node, _ what: String) throws -> String {
            let p = try r.string(node, what)
            guard !p.isEmpty else { throw r.error(node, "\(what) is empty") }
            return p.hasPrefix("/") ? p : folder.appendingPathComponent(p).standardizedFileURL.path
        }
        /// A list of non-empty strings, each with where it is written.
        func strings(_ node: Node, _ what: String) throws -> (values: [String], locations: [SourceLocation]) {
            let items = try r.list(node, what)
            var out: [String] = []
            for item in items {
                let s = try r.string(item, what)
                guard !s.isEmpty else { throw r.error(item, "\(what): an empty entry") }
                out.append(s)
            }
            guard !out.isEmpty else { throw r.error(node, "\(what) is an empty list", hint: "leave the key out for the default") }
            return (out, items.map(r.location))
        }

        // SwiftLint's words, which a `.swiftlint.yml` beside it uses: no typo of typefit's keys.
        let configHint: (String) -> String? = { key in
            switch key.lowercased() {
            case "disabled_rules", "disabledrules":
                return "a rule is turned off by its severity: severity: {RULE: ignore} (`typefit rules` lists them)"
            case "opt_in_rules", "optinrules", "only_rules", "onlyrules", "enabled_rules":
                return "every rule is on; severity: {RULE: ignore} turns one off (`typefit rules` lists them)"
            default: return KeySynonyms.hint(for: key, in: keys)
            }
        }
        for (key, _, value) in try r.mapping(root, allowed: keys, what: "the configuration", extraHint: configHint) {
            switch key {
            case "minimumVersion":
                let v = try r.string(value, "minimumVersion")
                guard
                    v.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({
                        !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil
                    })
                else {
                    throw r.error(value, "minimumVersion must be a version like 0.2.0 (got '\(v)')")
                }
                config.minimumVersion = v
            case "specs":
                guard case .sequence(let seq) = value, !seq.isEmpty else {
                    if case .scalar = value {
                        config.specs = [try resolve(value, "specs")]
                        config.specLocations = [r.location(value)]
                        continue
                    }
                    throw r.error(value, "specs must be a list of spec files or folders")
                }
                config.specs = try seq.map { try resolve($0, "specs") }
                config.specLocations = seq.map(r.location)
            case "exclude":
                let nodes = try r.list(value, "exclude")
                config.exclude = try nodes.map { try resolve($0, "exclude") }
                config.excludeLocations = nodes.map(r.location)
            case "locales":
                let nodes = try r.list(value, "locales")
                var tags: [String] = []
                for n in nodes {
                    let tag = try r.string(n, "locale")
                    if let problem = LocaleTag.problem(tag) { throw r.error(n, "invalid locale '\(tag)': \(problem)") }
                    tags.append(tag)
                }
                guard !tags.isEmpty else { throw r.error(value, "locales is an empty list", hint: "leave the key out for every locale") }
                config.locales = tags
                config.localeLocations = nodes.map(r.location)
            case "categories":
                let nodes = try r.list(value, "categories")
                guard !nodes.isEmpty else { throw r.error(value, "categories is an empty list", hint: "leave the key out for all 12") }
                config.categories = try nodes.map { try r.category($0, "category") }
            case "devices":
                let devices = try strings(value, "devices")
                config.devices = devices.values
                config.deviceLocations = devices.locations
            case "pseudolocales":
                let nodes = try r.list(value, "pseudolocales")
                config.pseudolocales = try nodes.map { n in
                    try r.choice(n, "pseudolocale", Dictionary(uniqueKeysWithValues: pseudolocales.map { ($0, $0) }))
                }
            case "severity":
                let rules = RuleID.allCases.map(\.rawValue)
                for (rule, _, level) in try r.mapping(value, allowed: rules, what: "severity", extraHint: RuleSynonyms.hint) {
                    config.severity[rule] = try r.choice(level, "severity level", of: SeverityLevel.self)
                }
            case "baseline":
                config.baseline = try resolve(value, "baseline")
                config.baselineLocation = r.location(value)
            case "reports":
                for item in try r.list(value, "reports") {
                    let written = try r.string(item, "report")
                    let format: String, path: String?
                    if let colon = written.firstIndex(of: ":") {
                        format = String(written[..<colon])
                        let p = String(written[written.index(after: colon)...])
                        guard !p.isEmpty else {
                            throw r.error(
                                item, "report '\(written)' has an empty path", hint: "write FORMAT for standard output or FORMAT:PATH")
                        }
                        path = p == "-" ? nil : p.hasPrefix("/") ? p : folder.appendingPathComponent(p).standardizedFileURL.path
                    } else {
                        format = written
                        path = nil
                    }
                    guard reportFormats.contains(format) else {
                        throw r.error(
                            item, "unknown report format '\(format)'",
                            hint: Suggestion.hint(for: format, in: reportFormats) ?? "formats: " + reportFormats.joined(separator: ", "))
                    }
                    config.reports.append(Report(format: format, path: path))
                    config.reportLocations.append(r.location(item))
                }
            case "fontDirectories":
                let entries = try r.list(value, "fontDirectories")
                config.fontDirectories = try entries.map { try resolve($0, "fontDirectories") }
                config.fontDirectoryLocations = entries.map(r.location)
            case "strict":
                config.strict = try r.bool(value, "strict")
            default:  // "waivers"
                guard case .sequence(let seq) = value else { throw r.error(value, "waivers must be a list") }
                config.waivers = try seq.map { try waiver($0, reader: r, resolve: resolve) }
            }
        }
        return config
    }

    static func waiver(_ node: Node, reader r: YAMLReader, resolve: (Node, String) throws -> String) throws -> Waiver {
        var rule: RuleID?, element: String?, spec: String?, screen: String?, locale: String?
        var categories: ClosedRange<ContentSizeCategory>?, reason: String?, expires: String?
        for (key, _, value) in try r.mapping(node, allowed: waiverKeys, what: "a waiver") {
            switch key {
            case "rule":
                // An XCTest audit type gets typefit's rules for it, not the list of every rule.
                if case .scalar(let s) = value, RuleID(rawValue: s.string) == nil, let hint = RuleSynonyms.hint(for: s.string) {
                    throw r.error(value, "unknown rule '\(s.string)'", hint: hint + " (a waiver names one rule: one waiver per rule)")
                }
                rule = try r.choice(value, "rule", of: RuleID.self)
            case "element": element = try r.string(value, "element")
            case "spec": spec = try resolve(value, "spec")
            case "screen": screen = try r.string(value, "screen")
            case "locale":
                let tag = try r.string(value, "locale")
                if let problem = LocaleTag.problem(tag) { throw r.error(value, "invalid locale '\(tag)': \(problem)") }
                locale = tag
            case "categories":
                // One category, or a range written `AX1...AX5`.
                let s = try r.string(value, "categories")
                let parts = s.components(separatedBy: "...")
                guard parts.count <= 2 else { throw r.error(value, "categories must be one category or a range like AX1...AX5") }
                let ends = try parts.map { p -> ContentSizeCategory in
                    let name = p.trimmingCharacters(in: .whitespaces)
                    guard let c = ContentSizeCategory(name: name) else {
                        throw r.error(
                            value, "unknown content size category '\(name)'",
                            hint: ContentSizeCategory.hint(for: name) ?? "use one of: "
                                + ContentSizeCategory.allNames.joined(separator: ", "))
                    }
                    return c
                }
                guard ends[0] <= ends[ends.count - 1] else {
                    throw r.error(
                        value, "the range \(s) is empty",
                        hint: "write the smaller category first, e.g. \(ends[ends.count - 1].name)...\(ends[0].name)")
                }
                categories = ends[0]...ends[ends.count - 1]
            case "reason":
                let s = try r.string(value, "reason").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !s.isEmpty else { throw r.error(value, "a waiver's reason is empty", hint: "say why this finding is accepted") }
                reason = s
            default:  // "expires"
                let s = try r.string(value, "expires")
                guard Self.isDate(s) else { throw r.error(value, "expires must be a date like 2027-01-31 (got '\(s)')") }
                expires = s
            }
        }
        guard let rule else {
            throw r.error(node, "a waiver needs a 'rule'", hint: "the rule it accepts, e.g. truncated (typefit rules lists them)")
        }
        guard let element else { throw r.error(node, "a waiver needs an 'element'", hint: "the element's id, as findings name it") }
        guard let reason else { throw r.error(node, "a waiver needs a 'reason'", hint: "say why this finding is accepted") }
        return Waiver(
            rule: rule, element: element, spec: spec, screen: screen, locale: locale, categories: categories,
            reason: reason, expires: expires, location: r.location(node))
    }

    /// `yyyy-MM-dd` naming a real day.
    static func isDate(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1
        else { return false }
        let days = [31, (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return d <= days[m - 1]
    }
}
