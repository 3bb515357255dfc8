import TypefitCore

/// Reads an Xcode String Catalog (`.xcstrings`, JSON) into a `RawStringTable`.
///
/// Structure (Apple publishes no schema; see shared/reference/peer-tools.md §1.4):
/// `sourceLanguage`, `strings` → key → { `extractionState`, `shouldTranslate`, `localizations` →
/// locale → { `stringUnit` {state, value} | `variations` {plural | device → …}, `substitutions` } }.
/// Syntax errors and wrong structure are `InputError`s with line, column and the key path.
enum StringCatalogReader {
    /// How deeply `variations` may nest (device → plural needs 2).
    static let maximumVariationDepth = 4

    static func read(bytes: [UInt8], file: String) throws -> RawStringTable {
        let text = try TextFileDecoder.decode(bytes, file: file)
        let root = try JSONParser.parse(text, file: file)
        var reader = Reader(file: file, text: text)
        return try reader.readRoot(root)
    }

    // MARK: - Private

    /// Makes the key path of a value for a message. Paths are made only when a message needs one:
    /// a catalog has a path per key, locale and unit, and making each (an array of its keys) cost
    /// about a quarter of reading the catalog into its table.
    private typealias PathMaker = () -> KeyPath

    private struct Reader {
        let file: String
        /// The catalog's text: its UTF-8 is listed only for a message's line and column.
        let text: String
        var problems: [StringProblem] = []

        func error(_ node: JSONNode, _ path: PathMaker, _ message: String, hint: String? = nil) -> InputError {
            let p = TextPosition(utf8: Array(text.utf8), offset: node.offset)
            let path = path()
            let at = path.isEmpty ? "" : "\(path): "
            return InputError(file: file, line: p.line, column: p.column, message: at + message, hint: hint)
        }

        func object(_ node: JSONNode, _ path: PathMaker) throws -> JSONObject {
            guard case .object(let o) = node.value else {
                throw error(node, path, "expected an object, found \(node.value.kindDescription)")
            }
            return o
        }

        func string(_ node: JSONNode, _ path: PathMaker) throws -> String {
            guard case .string(let s) = node.value else {
                throw error(node, path, "expected a string, found \(node.value.kindDescription)")
            }
            return s
        }

        func bool(_ node: JSONNode, _ path: PathMaker) throws -> Bool {
            guard case .bool(let b) = node.value else {
                throw error(node, path, "expected true or false, found \(node.value.kindDescription)")
            }
            return b
        }

        mutating func readRoot(_ root: JSONNode) throws -> RawStringTable {
            let top = try object(root, { KeyPath() })
            guard let languageNode = top["sourceLanguage"] else {
                throw error(
                    root, { KeyPath() }, "missing \"sourceLanguage\"",
                    hint: "a String Catalog names its development language, e.g. \"sourceLanguage\": \"en\"")
            }
            func languagePath() -> KeyPath { KeyPath(["sourceLanguage"]) }
            let sourceLanguage = try string(languageNode, languagePath)
            guard !sourceLanguage.isEmpty else {
                throw error(languageNode, languagePath, "must not be empty")
            }
            // The same rule as every other locale name: it reaches ICU, file names and messages.
            if let problem = LocaleTag.problem(sourceLanguage) {
                throw error(languageNode, languagePath, "invalid locale name: \(problem)")
            }
            var table = RawStringTable(file: file, sourceLanguage: sourceLanguage)
            guard let stringsNode = top["strings"] else { return table }
            let strings = try object(stringsNode, { KeyPath(["strings"]) })
            for (key, node) in strings.members {
                func path() -> KeyPath { KeyPath(["strings", key]) }
                // A key without a source localization is shown as its own text.
                if let problem = TextLimit.problem(key) { throw error(node, path, "the key: " + problem) }
                let entry = try object(node, path)
                if let state = entry["extractionState"],
                    try string(state, { path().appending("extractionState") }) == "stale"
                {
                    table.staleKeys.append(key)
                    continue
                }
                var raw = RawEntry()
                if let flag = entry["shouldTranslate"] {
                    raw.shouldTranslate = try bool(flag, { path().appending("shouldTranslate") })
                }
                if let comment = entry["comment"] { _ = try string(comment, { path().appending("comment") }) }
                if let localizationsNode = entry["localizations"] {
                    let localizations = try object(localizationsNode, { path().appending("localizations") })
                    // Sized once: growing the table locale by locale rehashed it several times per key.
                    raw.localizations.reserveCapacity(localizations.members.count)
                    for (locale, locNode) in localizations.members {
                        func locPath() -> KeyPath { path().appending("localizations").appending(locale) }
                        guard !locale.isEmpty else { throw error(locNode, locPath, "empty locale name") }
                        if let problem = LocaleTag.problem(locale) { throw error(locNode, locPath, "invalid locale name: \(problem)") }
                        table.locales.insert(locale)
                        if let localization = try readLocalization(locNode, locPath, key: key, locale: locale) {
                            raw.localizations[locale] = localization
                        }
                    }
                }
                table.entries[key] = raw
            }
            table.staleKeys.sort()
            table.problems = problems
            return table
        }

        /// nil for an empty localization (`{}`), which counts as no translation.
        mutating func readLocalization(_ node: JSONNode, _ path: PathMaker, key: String, locale: String) throws -> RawLocalization? {
            let o = try object(node, path)
            var substitutions: [String: RawSubstitution] = [:]
            if let subsNode = o["substitutions"] {
                func subsPath() -> KeyPath { path().appending("substitutions") }
                for (name, subNode) in try object(subsNode, subsPath).members {
                    substitutions[name] = try readSubstitution(subNode, { subsPath().appending(name) }, key: key, locale: locale)
                }
            }
            guard o["variations"] != nil || o["stringUnit"] != nil else {
                if o.members.isEmpty { return nil }
                throw error(node, path, "expected \"stringUnit\" or \"variations\"")
            }
            let root = try readNode(o, node, path, depth: 0, key: key, locale: locale)
            return RawLocalization(node: root, substitutions: substitutions)
        }

        /// A `stringUnit` or `variations` holder.
        mutating func readNode(
            _ o: JSONObject, _ node: JSONNode, _ path: PathMaker, depth: Int,
            key: String, locale: String
        ) throws -> RawNode {
            if let variationsNode = o["variations"] {
                return try readVariations(variationsNode, { path().appending("variations") }, depth: depth + 1, key: key, locale: locale)
            }
            if let unitNode = o["stringUnit"] {
                return .unit(try readUnit(unitNode, { path().appending("stringUnit") }, key: key, locale: locale))
            }
            throw error(node, path, "expected \"stringUnit\" or \"variations\"")
        }

        mutating func readVariations(_ node: JSONNode, _ path: PathMaker, depth: Int, key: String, locale: String) throws -> RawNode {
            guard depth <= StringCatalogReader.maximumVariationDepth else {
                throw error(node, path, "variations nested more than \(StringCatalogReader.maximumVariationDepth) levels deep")
            }
            let o = try object(node, path)
            var branches: [RawBranch] = []
            for name in o.names.sorted() {
                guard let kindNode = o[name] else { continue }
                func kindPath() -> KeyPath { path().appending(name) }
                switch name {
                case "device":
                    let devices = try object(kindNode, kindPath)
                    // Alphabetical, with the catch-all "other" last.
                    let names = devices.names.sorted { ($0 == "other" ? 1 : 0, $0) < ($1 == "other" ? 1 : 0, $1) }
                    for device in names {
                        guard let dNode = devices[device] else { continue }
                        func dPath() -> KeyPath { kindPath().appending(device) }
                        let child = try readNode(try object(dNode, dPath), dNode, dPath, depth: depth, key: key, locale: locale)
                        branches.append(RawBranch(step: .device(device), node: child))
                    }
                case "plural":
                    let plural = try object(kindNode, kindPath)
                    var found: [(PluralCategory, RawNode)] = []
                    for categoryName in plural.names {
                        guard let cNode = plural[categoryName] else { continue }
                        func cPath() -> KeyPath { kindPath().appending(categoryName) }
                        guard let category = PluralCategory(rawValue: categoryName) else {
                            problems.append(
                                StringProblem(
                                    key: key, locale: locale, kind: .unknownPluralCategory,
                                    message: "unknown plural category '\(categoryName)' at \(cPath()) (skipped)"))
                            continue
                        }
                        found.append(
                            (category, try readNode(try object(cNode, cPath), cNode, cPath, depth: depth, key: key, locale: locale)))
                    }
                    found.sort { $0.0 < $1.0 }
                    if !found.isEmpty && !found.contains(where: { $0.0 == .other }) {
                        problems.append(
                            StringProblem(
                                key: key, locale: locale, kind: .missingOtherCategory,
                                message: "plural variation at \(kindPath()) has no 'other' category"))
                    }
                    branches += found.map { RawBranch(step: .plural($0.0), node: $0.1) }
                default:
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .unsupportedVariation,
                            message: "unsupported variation '\(name)' at \(kindPath()) (skipped)"))
                }
            }
            guard !branches.isEmpty else {
                throw error(node, path, "no plural or device variations")
            }
            return .variations(branches)
        }

        mutating func readUnit(_ node: JSONNode, _ path: PathMaker, key: String, locale: String) throws -> RawUnit {
            let o = try object(node, path)
            guard let valueNode = o["value"] else {
                throw error(node, path, "missing \"value\"")
            }
            func valuePath() -> KeyPath { path().appending("value") }
            let value = try string(valueNode, valuePath)
            if let problem = TextLimit.problem(value) { throw error(valueNode, valuePath, problem) }
            var state = RawState.translated
            if let stateNode = o["state"] {
                func statePath() -> KeyPath { path().appending("state") }
                switch try string(stateNode, statePath) {
                case "translated", "stale": state = .translated
                case "new": state = .new
                case "needs_review": state = .needsReview
                case let other:
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .unknownState,
                            message: "unknown state '\(other)' at \(statePath()) (treated as translated)"))
                }
            }
            return RawUnit(value: value, state: state)
        }

        mutating func readSubstitution(_ node: JSONNode, _ path: PathMaker, key: String, locale: String) throws -> RawSubstitution {
            let o = try object(node, path)
            var argNum: Int?
            if let n = o["argNum"] {
                guard case .number(let text) = n.value, let value = Int(text), value >= 1, value <= 1000 else {
                    throw error(n, { path().appending("argNum") }, "expected an argument number (1, 2, …)")
                }
                argNum = value
            }
            var spec: String?
            if let f = o["formatSpecifier"] {
                spec = try string(f, { path().appending("formatSpecifier") })
            }
            guard let variationsNode = o["variations"] else {
                throw error(node, path, "missing \"variations\"")
            }
            func vPath() -> KeyPath { path().appending("variations") }
            let variations = try object(variationsNode, vPath)
            var plural: [(category: PluralCategory, unit: RawUnit)] = []
            for name in variations.names.sorted() {
                guard let kindNode = variations[name] else { continue }
                guard name == "plural" else {
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .unsupportedVariation,
                            message: "unsupported variation '\(name)' at \(vPath().appending(name)) (skipped)"))
                    continue
                }
                func pPath() -> KeyPath { vPath().appending("plural") }
                let categories = try object(kindNode, pPath)
                for categoryName in categories.names {
                    guard let cNode = categories[categoryName] else { continue }
                    func cPath() -> KeyPath { pPath().appending(categoryName) }
                    guard let category = PluralCategory(rawValue: categoryName) else {
                        problems.append(
                            StringProblem(
                                key: key, locale: locale, kind: .unknownPluralCategory,
                                message: "unknown plural category '\(categoryName)' at \(cPath()) (skipped)"))
                        continue
                    }
                    let c = try object(cNode, cPath)
                    guard let unitNode = c["stringUnit"] else {
                        throw error(cNode, cPath, "missing \"stringUnit\"")
                    }
                    plural.append((category, try readUnit(unitNode, { cPath().appending("stringUnit") }, key: key, locale: locale)))
                }
                if !plural.isEmpty && !plural.contains(where: { $0.category == .other }) {
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .missingOtherCategory,
                            message: "plural variation at \(pPath()) has no 'other' category"))
                }
            }
            plural.sort { $0.category < $1.category }
            guard !plural.isEmpty else {
                throw error(variationsNode, vPath, "expected a \"plural\" variation")
            }
            return RawSubstitution(argumentNumber: argNum, formatSpecifier: spec, usesArgPlaceholder: true, plural: plural)
        }
    }
}

/// A path of keys inside a structured file, for messages: `strings."Hello, world".localizations.ru`.
/// A component that is not a plain identifier is quoted as a JSON string.
struct KeyPath: Sendable, Equatable, CustomStringConvertible {
    var components: [String]

    init(_ components: [String] = []) {
        self.components = components
    }

    var isEmpty: Bool { components.isEmpty }

    func appending(_ component: String) -> KeyPath {
        KeyPath(components + [component])
    }

    var description: String {
        components.map(Self.render).joined(separator: ".")
    }

    private static func render(_ c: String) -> String {
        let plain =
            !c.isEmpty
            && c.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
            }
        if plain { return c }
        var out = "\""
        for s in c.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(s)
            }
        }
        return out + "\""
    }
}
