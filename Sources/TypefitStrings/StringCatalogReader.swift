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
        var text = try TextFileDecoder.decode(bytes, file: file)
        // Read in place: the tape's strings are the text's bytes until the table keeps one.
        return try text.withUTF8 { utf8 in
            var reader = Reader(file: file, tape: try JSONParser.parseTape(utf8, file: file))
            return try reader.readRoot()
        }
    }

    // MARK: - Private

    /// Makes the key path of a value for a message. Paths are made only when a message needs one:
    /// a catalog has a path per key, locale and unit, and making each (an array of its keys) cost
    /// about a quarter of reading the catalog into its table.
    private typealias PathMaker = () -> KeyPath

    /// Reads the values of the tape (`Int`s: their places on it) into the table.
    private struct Reader {
        let file: String
        let tape: JSONTape
        var problems: [StringProblem] = []
        /// The locales of the key read last, by their place among its localizations, with their
        /// bytes: a catalog lists the same locales in the same order for most keys, and a locale name
        /// found again is neither decoded nor checked again.
        var lastLocales: [(utf8: UnsafeBufferPointer<UInt8>, name: String)] = []

        func error(_ node: Int, _ path: PathMaker, _ message: String, hint: String? = nil) -> InputError {
            let p = TextPosition(utf8: Array(tape.bytes), offset: tape.offset(node))
            let path = path()
            let at = path.isEmpty ? "" : "\(path): "
            return InputError(file: file, line: p.line, column: p.column, message: at + message, hint: hint)
        }

        @inline(__always)
        func expect(_ kind: JSONTape.Kind, _ node: Int, _ path: PathMaker, _ what: StaticString) throws {
            guard tape.kind(node) == kind else { throw mismatch(node, path, what) }
        }

        func mismatch(_ node: Int, _ path: PathMaker, _ what: StaticString) -> InputError {
            error(node, path, "expected \(what), found \(tape.kind(node).description)")
        }

        /// `node`, which must be an object.
        func object(_ node: Int, _ path: PathMaker) throws -> Int {
            try expect(.object, node, path, "an object")
            return node
        }

        func string(_ node: Int, _ path: PathMaker) throws -> String {
            try expect(.string, node, path, "a string")
            return tape.string(node)
        }

        func bool(_ node: Int, _ path: PathMaker) throws -> Bool {
            switch tape.kind(node) {
            case .true: return true
            case .false: return false
            default: throw mismatch(node, path, "true or false")
            }
        }

        /// An object's members as (name, value) pairs, names decoded.
        func members(_ object: Int) -> [(name: String, node: Int)] {
            var out: [(name: String, node: Int)] = []
            tape.forEachMember(object) { out.append((tape.string($0.name), $0.value)) }
            return out
        }

        mutating func readRoot() throws -> RawStringTable {
            let root = JSONTape.root
            let top = try object(root, { KeyPath() })
            guard let languageNode = tape.member(top, "sourceLanguage") else {
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
            guard let stringsNode = tape.member(top, "strings") else { return table }
            let strings = try object(stringsNode, { KeyPath(["strings"]) })
            try tape.forEachMember(strings) { member in
                let key = tape.string(member.name)
                let node = member.value
                func path() -> KeyPath { KeyPath(["strings", key]) }
                // A key without a source localization is shown as its own text.
                if let problem = TextLimit.problem(key) { throw error(node, path, "the key: " + problem) }
                let entry = try object(node, path)
                if let state = tape.member(entry, "extractionState") {
                    try expect(.string, state, { path().appending("extractionState") }, "a string")
                    if tape.string(state, is: "stale") {
                        table.staleKeys.append(key)
                        return
                    }
                }
                var raw = RawEntry()
                if let flag = tape.member(entry, "shouldTranslate") {
                    raw.shouldTranslate = try bool(flag, { path().appending("shouldTranslate") })
                }
                if let comment = tape.member(entry, "comment") {
                    try expect(.string, comment, { path().appending("comment") }, "a string")
                }
                if let localizationsNode = tape.member(entry, "localizations") {
                    let localizations = try object(localizationsNode, { path().appending("localizations") })
                    // Sized once: growing the table locale by locale rehashed it several times per key.
                    raw.localizations.reserveCapacity(tape.count(localizations))
                    var place = 0
                    try tape.forEachMember(localizations) { member in
                        let locNode = member.value
                        let locale = try localeName(member.name, place: place, node: locNode, key: key, table: &table)
                        place += 1
                        func locPath() -> KeyPath { path().appending("localizations").appending(locale) }
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

        /// The locale named at `name`, the `place`-th localization of a key: checked and added to
        /// the table's locales, unless the key read last named the same bytes at the same place.
        mutating func localeName(_ name: Int, place: Int, node: Int, key: String, table: inout RawStringTable) throws -> String {
            if place < lastLocales.count, tape.count(name) == 0 {
                let known = lastLocales[place]
                let same = tape.withUTF8(name) { SameBytes.equal($0, known.utf8) }
                if same { return known.name }
            }
            let locale = tape.string(name)
            func locPath() -> KeyPath { KeyPath(["strings", key, "localizations", locale]) }
            guard !locale.isEmpty else { throw error(node, locPath, "empty locale name") }
            if let problem = LocaleTag.problem(locale) { throw error(node, locPath, "invalid locale name: \(problem)") }
            table.locales.insert(locale)
            // Remembered only when written without an escape (its bytes are the text's).
            if tape.count(name) == 0 {
                let utf8 = tape.withUTF8(name) { $0 }
                if place < lastLocales.count {
                    lastLocales[place] = (utf8, locale)
                } else if place == lastLocales.count {
                    lastLocales.append((utf8, locale))
                }
            }
            return locale
        }

        /// nil for an empty localization (`{}`), which counts as no translation.
        mutating func readLocalization(_ node: Int, _ path: PathMaker, key: String, locale: String) throws -> RawLocalization? {
            let o = try object(node, path)
            let (subsNode, variationsNode, unitNode) = tape.members(o, "substitutions", "variations", "stringUnit")
            var substitutions: [String: RawSubstitution] = [:]
            if let subsNode {
                func subsPath() -> KeyPath { path().appending("substitutions") }
                for (name, subNode) in members(try object(subsNode, subsPath)) {
                    substitutions[name] = try readSubstitution(subNode, { subsPath().appending(name) }, key: key, locale: locale)
                }
            }
            guard variationsNode != nil || unitNode != nil else {
                if tape.count(o) == 0 { return nil }
                throw error(node, path, "expected \"stringUnit\" or \"variations\"")
            }
            let root = try readNode(o, path, depth: 0, key: key, locale: locale, members: (variationsNode, unitNode))
            return RawLocalization(node: root, substitutions: substitutions)
        }

        /// A `stringUnit` or `variations` holder (an object), with the values of those two members
        /// when they were looked up already.
        mutating func readNode(
            _ o: Int, _ path: PathMaker, depth: Int, key: String, locale: String, members found: (Int?, Int?)? = nil
        ) throws -> RawNode {
            let (variationsNode, unitNode) = found ?? tape.members(o, "variations", "stringUnit")
            if let variationsNode {
                return try readVariations(variationsNode, { path().appending("variations") }, depth: depth + 1, key: key, locale: locale)
            }
            if let unitNode {
                return .unit(try readUnit(unitNode, { path().appending("stringUnit") }, key: key, locale: locale))
            }
            throw error(o, path, "expected \"stringUnit\" or \"variations\"")
        }

        mutating func readVariations(_ node: Int, _ path: PathMaker, depth: Int, key: String, locale: String) throws -> RawNode {
            guard depth <= StringCatalogReader.maximumVariationDepth else {
                throw error(node, path, "variations nested more than \(StringCatalogReader.maximumVariationDepth) levels deep")
            }
            let o = try object(node, path)
            var branches: [RawBranch] = []
            for (name, kindNode) in members(o).sorted(by: { $0.name < $1.name }) {
                func kindPath() -> KeyPath { path().appending(name) }
                switch name {
                case "device":
                    let devices = members(try object(kindNode, kindPath))
                    // Alphabetical, with the catch-all "other" last.
                    let sorted = devices.sorted { ($0.name == "other" ? 1 : 0, $0.name) < ($1.name == "other" ? 1 : 0, $1.name) }
                    for (device, dNode) in sorted {
                        func dPath() -> KeyPath { kindPath().appending(device) }
                        let child = try readNode(try object(dNode, dPath), dPath, depth: depth, key: key, locale: locale)
                        branches.append(RawBranch(step: .device(device), node: child))
                    }
                case "plural":
                    let plural = try object(kindNode, kindPath)
                    var found: [(PluralCategory, RawNode)] = []
                    for (categoryName, cNode) in members(plural) {
                        func cPath() -> KeyPath { kindPath().appending(categoryName) }
                        guard let category = PluralCategory(rawValue: categoryName) else {
                            problems.append(
                                StringProblem(
                                    key: key, locale: locale, kind: .unknownPluralCategory,
                                    message: "unknown plural category '\(categoryName)' at \(cPath()) (skipped)"))
                            continue
                        }
                        found.append((category, try readNode(try object(cNode, cPath), cPath, depth: depth, key: key, locale: locale)))
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

        mutating func readUnit(_ node: Int, _ path: PathMaker, key: String, locale: String) throws -> RawUnit {
            let o = try object(node, path)
            let (valueNode, stateNode) = tape.members(o, "value", "state")
            guard let valueNode else {
                throw error(node, path, "missing \"value\"")
            }
            func valuePath() -> KeyPath { path().appending("value") }
            let value = try string(valueNode, valuePath)
            if let problem = TextLimit.problem(value) { throw error(valueNode, valuePath, problem) }
            var state = RawState.translated
            if let stateNode {
                func statePath() -> KeyPath { path().appending("state") }
                try expect(.string, stateNode, statePath, "a string")
                if tape.string(stateNode, is: "translated") || tape.string(stateNode, is: "stale") {
                    state = .translated
                } else if tape.string(stateNode, is: "new") {
                    state = .new
                } else if tape.string(stateNode, is: "needs_review") {
                    state = .needsReview
                } else {
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .unknownState,
                            message: "unknown state '\(tape.string(stateNode))' at \(statePath()) (treated as translated)"))
                }
            }
            return RawUnit(value: value, state: state)
        }

        mutating func readSubstitution(_ node: Int, _ path: PathMaker, key: String, locale: String) throws -> RawSubstitution {
            let o = try object(node, path)
            var argNum: Int?
            if let n = tape.member(o, "argNum") {
                guard tape.kind(n) == .number, let value = Int(tape.numberText(n)), value >= 1, value <= 1000 else {
                    throw error(n, { path().appending("argNum") }, "expected an argument number (1, 2, …)")
                }
                argNum = value
            }
            var spec: String?
            if let f = tape.member(o, "formatSpecifier") {
                spec = try string(f, { path().appending("formatSpecifier") })
            }
            guard let variationsNode = tape.member(o, "variations") else {
                throw error(node, path, "missing \"variations\"")
            }
            func vPath() -> KeyPath { path().appending("variations") }
            let variations = try object(variationsNode, vPath)
            var plural: [(category: PluralCategory, unit: RawUnit)] = []
            for (name, kindNode) in members(variations).sorted(by: { $0.name < $1.name }) {
                guard name == "plural" else {
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .unsupportedVariation,
                            message: "unsupported variation '\(name)' at \(vPath().appending(name)) (skipped)"))
                    continue
                }
                func pPath() -> KeyPath { vPath().appending("plural") }
                let categories = try object(kindNode, pPath)
                for (categoryName, cNode) in members(categories) {
                    func cPath() -> KeyPath { pPath().appending(categoryName) }
                    guard let category = PluralCategory(rawValue: categoryName) else {
                        problems.append(
                            StringProblem(
                                key: key, locale: locale, kind: .unknownPluralCategory,
                                message: "unknown plural category '\(categoryName)' at \(cPath()) (skipped)"))
                        continue
                    }
                    let c = try object(cNode, cPath)
                    guard let unitNode = tape.member(c, "stringUnit") else {
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
